"""The CP-SAT model of a Rummikub-style play (rules.md section 6) and its layout into table melds.

Candidates: the cached meld templates of the rules (sets of 3-4, runs of 3-5; a longer run is
several adjacent templates, joined again for display), kept only when rack and table could fill
them: a template's faces must be on the rack or the table, except for as many faces as there are
jokers in play; of templates that take the same faces and the same number of jokers only the one
worth most is kept. Variables:

* ``use[t]`` (0..2): how often template t is on the table after the play;
* ``placed[f]``: rack tiles of face f laid; ``placed_jokers``: rack jokers laid;
* ``keep[m]``: table meld m stays exactly as it was (its tiles, jokers included, are not in the pool);
* ``jokers[f]``: jokers standing for face f in the templates; ``rack_jokers[f]`` of them are
  counted as the rack's (for the value; jokers are interchangeable).

Every slot of a laid template is filled by a table tile of a meld not kept, a rack tile laid or a
joker, and every such tile fills exactly one slot. The jokers of table melds not kept are all
reused, and each is freed only when a plain tile of the face it stands for, from the rack or from a
meld not kept, takes its place (else a joker still stands for that face).

One number tile with two jokers is a run, never a set (rules.md section 2): such sets are not
candidates, a set the layout fills that way is laid as the run of equal value, and with both jokers
in play the model places the jokers of a set of three one by one, at most one per set, where the
relabelling would matter: sets of three 13s (the only set worth more than its run) and sets holding
a face a table joker stands for (a joker counted there must still stand there after the layout).

Objective, lexicographic through weights: tiles laid (or value), then table melds kept, then value
(or tiles).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from ortools.sat.python import cp_model

from okeytool.deal import Deal
from okeytool.errors import SolverError
from okeytool.goals import PlayGoal
from okeytool.solver.melds.cpsat import TIME_LIMIT_S, solve
from okeytool.solver.melds.layout import join_runs, lone_tile_run
from okeytool.solver.melds.result import Meld, Placement, SolveStatus
from okeytool.solver.melds.table import set_open_faces
from okeytool.solver.melds.templates import Template, templates
from okeytool.solver.melds.validator import faces_meld_kind
from okeytool.solver.rummikub.result import LaidMeld, Play
from okeytool.tiles import FACE_COUNT, JOKER, NUMBERS_PER_COLOUR, Tile, index_number

MAX_JOKERS = 2
_number = index_number


@dataclass(frozen=True)
class PlayData:
    """The counts the model is built from."""

    rack: tuple[int, ...]  # plain rack tiles per face
    rack_jokers: int
    table: tuple[Meld, ...]
    table_counts: tuple[tuple[int, ...], ...]  # per table meld: plain tiles per face
    table_jokers: tuple[int, ...]  # per table meld: jokers
    table_joker_faces: tuple[tuple[int, tuple[int, ...]], ...]  # per table joker: its meld, the faces it may stand for
    opened: bool

    @classmethod
    def of(cls, deal: Deal, rack: Sequence[Tile], table: Sequence[Meld], opened: bool) -> PlayData:
        counts = [0] * FACE_COUNT
        for tile in rack:
            if tile.is_face:
                counts[tile.index] += 1
        per_meld, jokers = [], []
        for meld in table:
            meld_counts = [0] * FACE_COUNT
            for tile in meld.tiles:
                if tile.is_face:
                    meld_counts[tile.index] += 1
            per_meld.append(tuple(meld_counts))
            jokers.append(sum(t.is_joker for t in meld.tiles))
        # What each table joker stands for: in a run its face, in a set any missing colour.
        joker_faces = tuple(
            (m, tuple(f.index for f in set_open_faces(deal, meld)) if meld.kind == "set" else (p.as_.index,))
            for m, meld in enumerate(table)
            for p in meld.placements
            if p.tile.is_joker
        )
        return cls(
            tuple(counts),
            sum(t.is_joker for t in rack),
            tuple(table),
            tuple(per_meld),
            tuple(jokers),
            joker_faces,
            opened,
        )

    @property
    def pool(self) -> list[int]:
        """Plain tiles the new table may be built from, per face (the table only once opened)."""
        pool = list(self.rack)
        if self.opened:
            for meld_counts in self.table_counts:
                for f, n in enumerate(meld_counts):
                    pool[f] += n
        return pool

    @property
    def pool_jokers(self) -> int:
        """Jokers that may stand anywhere in the new melds."""
        return self.rack_jokers + (sum(self.table_jokers) if self.opened else 0)


class PlayModel:
    """The play as a CP-SAT model; build, then :meth:`solve`."""

    def __init__(self, deal: Deal, data: PlayData, goal: PlayGoal, *, lay_all: bool = False) -> None:
        self.deal = deal
        self.data = data
        self.goal = goal
        self.model = cp_model.CpModel()
        pool, wild = data.pool, data.pool_jokers
        # Faces a table joker stands for: where a joker stands on them matters (freeing rule).
        self.held = frozenset(f for _, faces in data.table_joker_faces for f in faces) if data.opened else frozenset()
        self.candidates = _candidates(templates(deal.rules.wrap), pool, wild, self.held)
        self.use = [self.model.new_int_var(0, bound, f"use_{k}") for k, (_, bound) in enumerate(self.candidates)]
        self.faces = sorted(
            {f for tpl, _ in self.candidates for f in tpl.faces} | {f for f in range(FACE_COUNT) if pool[f]}
        )
        self.placed = {f: self.model.new_int_var(0, data.rack[f], f"placed_{f}") for f in self.faces if data.rack[f]}
        self.placed_jokers = self.model.new_int_var(0, data.rack_jokers, "placed_jokers")
        self.keep = [self.model.new_bool_var(f"keep_{m}") for m in range(len(data.table))] if data.opened else []
        joker_faces = sorted({f for tpl, _ in self.candidates for f in tpl.faces}) if wild else []
        self.jokers = {f: self.model.new_int_var(0, min(wild, 2), f"jokers_{f}") for f in joker_faces}
        self.rack_jokers: dict[int, cp_model.IntVar] = {}
        self.set_jokers: dict[tuple[int, int], cp_model.IntVar] = {}
        self.placed_count = cp_model.LinearExpr.sum([*self.placed.values(), self.placed_jokers])
        self.value = self._value_expression()
        self._add_every_slot_filled_once()
        self._add_jokers_all_reused()
        self._add_table_jokers_freed_by_their_tile()
        self._add_one_joker_per_tracked_set()
        if not data.opened:
            self._add_initial_meld()
        if lay_all:
            self._add_whole_rack_laid()
        self._add_objective()

    def _value_expression(self) -> cp_model.LinearExprT:
        plain = sum(_number(f) * v for f, v in self.placed.items())
        if not self.data.rack_jokers:
            return plain
        if not self.data.opened:
            # Before the initial meld every joker in the new melds comes from the rack.
            return plain + sum(_number(f) * v for f, v in self.jokers.items())
        # Jokers are interchangeable: the rack's jokers count at the faces the model gives them.
        for f, total in self.jokers.items():
            var = self.model.new_int_var(0, min(self.data.rack_jokers, 2), f"rack_jokers_{f}")
            self.model.add(var <= total)
            self.rack_jokers[f] = var
        self.model.add(sum(self.rack_jokers.values()) == self.placed_jokers)
        return plain + sum(_number(f) * v for f, v in self.rack_jokers.items())

    def _released(self, f: int) -> cp_model.LinearExprT:
        """Plain tiles of face f from table melds not kept (all of them stay on the table)."""
        if not self.data.opened:
            return 0
        return sum(counts[f] * (1 - keep) for counts, keep in zip(self.data.table_counts, self.keep) if counts[f])

    def _add_every_slot_filled_once(self) -> None:
        # Every slot of a laid meld holds one tile, and every tile of a table meld that is not kept
        # (no table tile leaves the table) and every rack tile laid is in exactly one slot:
        # slots of face f = released table tiles + rack tiles laid + jokers standing for f.
        slots: dict[int, list[cp_model.IntVar]] = {f: [] for f in self.faces}
        for (tpl, _), use in zip(self.candidates, self.use):
            for f in tpl.faces:
                slots[f].append(use)
        for f in self.faces:
            filled = cp_model.LinearExpr.sum([self._released(f), self.placed.get(f, 0), self.jokers.get(f, 0)])
            self.model.add(cp_model.LinearExpr.sum(slots[f]) == filled)
        if self.data.opened:
            # A table tile of a face no candidate meld can hold keeps its meld as it is.
            for m, counts in enumerate(self.data.table_counts):
                if any(counts[f] and not slots[f] for f in range(FACE_COUNT)):
                    self.model.add(self.keep[m] == 1)

    def _add_jokers_all_reused(self) -> None:
        # A joker freed from a table meld must be reused on the table this turn: the jokers in the
        # new melds are exactly those of the table melds not kept plus the rack jokers laid.
        released = sum(n * (1 - keep) for n, keep in zip(self.data.table_jokers, self.keep) if n)
        self.model.add(sum(self.jokers.values()) == released + self.placed_jokers)

    def _add_table_jokers_freed_by_their_tile(self) -> None:
        # A joker on the table is freed only when the tile it stands for is put in its place (run:
        # that exact tile; set: a missing colour); that tile may come from the rack or from another
        # meld on the table (rules.md section 6, S004), which is then changed, not kept. So at the
        # end of the turn each joker of a table meld that is not kept either still stands for its
        # face (any joker may: jokers are interchangeable) or has a plain tile of that face of its
        # own, laid from the rack or from a meld not kept. With at most two table jokers this is
        # Hall's condition, one constraint per non-empty subset S of them: the plain tiles (rack
        # tiles laid, tiles of melds not kept) and jokers standing for the faces S's jokers may
        # stand for are at least the jokers of S whose meld is not kept.
        if not self.data.opened:
            return
        needs = self.data.table_joker_faces
        for size in range(1, len(needs) + 1):
            for subset in combinations(needs, size):
                faces = sorted({f for _, candidates in subset for f in candidates})
                freed = cp_model.LinearExpr.sum([1 - self.keep[m] for m, _ in subset])
                covered = [self._released(f) for f in faces]
                covered += [self.placed[f] for f in faces if f in self.placed]
                covered += [self.jokers[f] for f in faces if f in self.jokers]
                self.model.add(cp_model.LinearExpr.sum(covered) >= freed)

    def _tracks(self, tpl: Template) -> bool:
        """Sets of three whose jokers the model places one by one (at most one per set laid)."""
        return _is_set_of_13s(tpl) or (tpl.kind == "set" and len(tpl) == 3 and not self.held.isdisjoint(tpl.faces))

    def _add_one_joker_per_tracked_set(self) -> None:
        # One number tile with two jokers is a run, not a set (rules.md section 2): a set of three
        # laid that way is laid as the run around its number (lone_tile_run), and its jokers then
        # stand for other faces than the set's. That matters in two cases, where the model tracks
        # the jokers of each set of three one by one and allows at most one per set laid:
        # * a set holding a face a table joker stands for: a joker counted at that face (which
        #   keeps the table joker in place, _add_table_jokers_freed_by_their_tile) must still stand
        #   for it after the layout;
        # * a set of three 13s: 13 J J would count 39 as a set against 36 as the run 11-12-13. For
        #   a number 2..12 the run n-1..n+1 is worth the same 3n as the set, and for a 1 the run
        #   1-2-3 is worth more, so elsewhere the relabelling costs nothing.
        # Only possible with both jokers in play.
        if self.data.pool_jokers < MAX_JOKERS:
            return
        in_sets: dict[int, list[cp_model.IntVar]] = {f: [] for f in self.jokers}
        other_slots: dict[int, list[cp_model.IntVar]] = {f: [] for f in self.jokers}
        for k, ((tpl, bound), use) in enumerate(zip(self.candidates, self.use)):
            if not self._tracks(tpl):
                for f in tpl.faces:
                    if f in other_slots:
                        other_slots[f].append(use)
                continue
            per_face = []
            for f in tpl.faces:
                var = self.model.new_int_var(0, bound, f"set_joker_{k}_{f}")
                self.model.add(var <= use)
                self.set_jokers[k, f] = var
                per_face.append(var)
                in_sets[f].append(var)
            self.model.add(sum(per_face) <= use)
        for f, total in self.jokers.items():
            if not in_sets[f]:
                continue
            elsewhere = total - sum(in_sets[f])
            self.model.add(elsewhere >= 0)
            self.model.add(elsewhere <= sum(other_slots[f]))

    def _add_initial_meld(self) -> None:
        # Initial meld: new melds from the rack only (the pool holds no table tile), worth at least
        # rules.initial_meld in all; otherwise nothing is laid and the player draws.
        plays = self.model.new_bool_var("plays")
        self.model.add(self.value >= self.deal.rules.initial_meld).only_enforce_if(plays)
        self.model.add(self.placed_count == 0).only_enforce_if(~plays)

    def _add_whole_rack_laid(self) -> None:
        # Going out: every rack tile is laid.
        self.model.add(self.placed_count == sum(self.data.rack) + self.data.rack_jokers)

    def _add_objective(self) -> None:
        # Most tiles (or value) first; among equal plays the most table melds kept unchanged (the
        # easiest move to carry out); then the most value (or tiles).
        kept = cp_model.LinearExpr.sum(self.keep)
        max_tiles = sum(self.data.rack) + self.data.rack_jokers
        highest = NUMBERS_PER_COLOUR  # a joker counts at most a 13
        max_value = sum(_number(f) * n for f, n in enumerate(self.data.rack)) + highest * self.data.rack_jokers
        melds = len(self.keep)
        primary: cp_model.LinearExprT
        secondary: cp_model.LinearExprT
        if self.goal == "value":
            primary, secondary, secondary_max = self.value, self.placed_count, max_tiles
        else:
            primary, secondary, secondary_max = self.placed_count, self.value, max_value
        step = secondary_max + 1
        self.model.maximize(cp_model.LinearExpr.weighted_sum([primary, kept, secondary], [(melds + 1) * step, step, 1]))

    def solve(self, time_limit: float) -> tuple[cp_model.CpSolver, SolveStatus]:
        """Solve with the project's settings: time limit, one worker, fixed seed.

        These models are small (tens to a few hundred variables) and solved in milliseconds; CP-SAT's
        presolve and probing cost more than they save here (measured on ``benchmarks/bench_play.py``:
        median and p99 both about halved without them), so both are off.
        """
        return solve(self.model, time_limit, cp_model_presolve=False, cp_model_probing_level=0)


def _is_set_of_13s(tpl: Template) -> bool:
    return tpl.kind == "set" and len(tpl) == 3 and _number(tpl.faces[0]) == NUMBERS_PER_COLOUR


def _candidates(
    all_templates: Sequence[Template], pool: Sequence[int], jokers: int, held: frozenset[int] = frozenset()
) -> list[tuple[Template, int]]:
    """Templates rack and table could fill, with how often (0..2) each could be laid.

    A face missing from the pool can only be a joker; a template laid twice needs each face twice.
    Templates that take the same faces from the pool and the same number of jokers are
    interchangeable for every constraint: only the one worth most is kept (R4 R5 J as R4-6, not as
    R3-5), unless a joker would stand on a face of ``held`` (faces table jokers stand for: a joker
    there keeps a table joker in place, rules.md section 6). A set whose only tile from the pool is
    one number tile (two jokers) is a run (rules.md section 2) and is left out; the runs through
    that tile remain.
    """
    best: dict[tuple[tuple[int, ...], int, tuple[int, ...]], tuple[int, int, Template, int]] = {}
    for order, tpl in enumerate(all_templates):
        present = tuple(f for f in tpl.faces if pool[f])
        missing = len(tpl) - len(present)
        if missing > jokers or (tpl.kind == "set" and len(present) == 1):
            continue
        short_twice = sum(max(0, 2 - pool[f]) for f in tpl.faces)
        bound = 2 if short_twice <= jokers else 1
        value = sum(_number(f) for f in tpl.faces)
        key = (tuple(sorted(present)), missing, tuple(f for f in tpl.faces if f in held and not pool[f]))
        if missing and key in best and best[key][0] >= value:
            continue
        best[key if missing else (tpl.faces, -1, ())] = (value, order, tpl, bound)
    return [(tpl, bound) for _, _, tpl, bound in sorted(best.values(), key=lambda item: item[1])]


def solve_play(
    deal: Deal,
    rack: Sequence[Tile],
    table: Sequence[Meld],
    *,
    opened: bool,
    goal: PlayGoal,
    time_limit: float | None = None,
    lay_all: bool = False,
) -> Play:
    """Solve the play model and lay the answer out. Inputs as checked by ``rummikub.prepare``.

    With ``lay_all`` (going out) and no way to lay the whole rack, returns the empty play with
    status infeasible. Raises :class:`SolverError` when the time limit passes without an answer.
    """
    data = PlayData.of(deal, rack, table, opened)
    play_model = PlayModel(deal, data, goal, lay_all=lay_all)
    solver, status = play_model.solve(TIME_LIMIT_S if time_limit is None else time_limit)
    if status is SolveStatus.INFEASIBLE:
        kept = tuple(LaidMeld(m, "kept", (False,) * len(m.placements)) for m in table)
        return Play(tuple(rack), (), 0, kept, tuple(rack), not opened, goal, status)
    if status is SolveStatus.UNKNOWN:
        raise SolverError("the play model reached its time limit without an answer")
    return _layout(deal, data, play_model, solver, rack, goal, status)


def _layout(
    deal: Deal,
    data: PlayData,
    pm: PlayModel,
    solver: cp_model.CpSolver,
    rack: Sequence[Tile],
    goal: PlayGoal,
    status: SolveStatus,
) -> Play:
    """The solved model as a table of melds (kept melds first, in the order given)."""
    wrap = deal.rules.wrap
    placed_counts = {f: solver.value(v) for f, v in pm.placed.items()}
    placed_jokers = solver.value(pm.placed_jokers)
    keep = [bool(solver.value(k)) for k in pm.keep] if data.opened else [True] * len(data.table)
    available = [placed_counts.get(f, 0) for f in range(FACE_COUNT)]
    for counts, kept in zip(data.table_counts, keep):
        if not kept:
            for f, n in enumerate(counts):
                available[f] += n
    # Pieces: sets of three whose jokers the model placed (one per set at most), then the rest
    # (runs joined; a set of one tile and two jokers laid as its run).
    fixed: list[list[int]] = []  # faces of sets whose jokers the model placed (given in joker_faces)
    joker_faces: list[list[int]] = []
    rest: list[tuple[int, ...]] = []
    for k, ((tpl, _), use) in enumerate(zip(pm.candidates, pm.use)):
        count = solver.value(use)
        if not count:
            continue
        if (k, tpl.faces[0]) in pm.set_jokers:
            spread = [f for f in tpl.faces for _ in range(solver.value(pm.set_jokers[k, f]))]
            for copy in range(count):
                wild = spread[copy] if copy < len(spread) else None
                joker_faces.append([wild] if wild is not None else [])
                fixed.append(list(tpl.faces))
        else:
            rest.extend([tpl.faces] * count)
    pieces: list[list[Placement]] = []
    for faces, wild_at in zip(fixed, joker_faces):
        placements = []
        for f in faces:
            if f in wild_at:
                wild_at.remove(f)
                placements.append(Placement(JOKER, Tile(f)))
            else:
                available[f] -= 1
                placements.append(Placement(Tile(f), Tile(f)))
        pieces.append(placements)
    for joined in join_runs(rest, wrap):
        placements = []
        for f in joined:
            if available[f] > 0:
                available[f] -= 1
                placements.append(Placement(Tile(f), Tile(f)))
            else:
                placements.append(Placement(JOKER, Tile(f)))
        pieces.append(placements)
    rack_joker_faces = _rack_joker_faces(pm, solver, data)
    pieces = [_as_run(p, rack_joker_faces) for p in pieces]
    built = [Meld(_kind(p, wrap), tuple(p)) for p in sorted(pieces, key=lambda ps: [q.as_ for q in ps])]
    marked = _mark_rack_tiles(built, placed_counts, placed_jokers, rack_joker_faces)
    table = [LaidMeld(m, "kept", (False,) * len(m.placements)) for m, kept in zip(data.table, keep) if kept]
    table.extend(sorted(marked, key=lambda tm: tm.status == "new"))
    placed = [Tile(f) for f in sorted(placed_counts) for _ in range(placed_counts[f])] + [JOKER] * placed_jokers
    left = list(rack)
    for tile in placed:
        left.remove(tile)
    return Play(
        rack=tuple(rack),
        placed=tuple(sorted(placed)),
        value=sum(_number(f) * n for f, n in placed_counts.items()) + sum(map(_number, rack_joker_faces)),
        table=tuple(table),
        rack_left=tuple(sorted(left)),
        initial=not data.opened,
        goal=goal,
        status=status,
    )


def _rack_joker_faces(pm: PlayModel, solver: cp_model.CpSolver, data: PlayData) -> list[int]:
    """Faces the rack's jokers stand for (as the value counted them)."""
    if not data.rack_jokers:
        return []
    source = pm.jokers if not data.opened else pm.rack_jokers
    return [f for f in sorted(source) for _ in range(solver.value(source[f]))]


def _mark_rack_tiles(
    melds: Sequence[Meld], placed: dict[int, int], placed_jokers: int, joker_faces: Sequence[int]
) -> list[LaidMeld]:
    """Status of each built meld, and which of its tiles come from the rack.

    Melds that rack tiles alone can make are ``new`` (checked in order); the remaining rack tiles
    are marked in the other melds, which hold table tiles and so are ``changed``.
    """
    left = dict(placed)
    jokers_left = placed_jokers
    joker_spots = list(joker_faces)
    marks: list[list[bool] | None] = []
    for meld in melds:
        need: dict[int, int] = {}
        wilds = 0
        for p in meld.placements:
            if p.tile.is_joker:
                wilds += 1
            else:
                need[p.tile.index] = need.get(p.tile.index, 0) + 1
        if wilds <= jokers_left and all(left.get(f, 0) >= n for f, n in need.items()):
            for f, n in need.items():
                left[f] -= n
            jokers_left -= wilds
            for p in meld.placements:
                if p.tile.is_joker and p.as_.index in joker_spots:
                    joker_spots.remove(p.as_.index)
            marks.append([True] * len(meld.placements))
        else:
            marks.append(None)
    out: list[LaidMeld | tuple[Meld, list[bool]]] = []
    for meld, mark in zip(melds, marks):
        if mark is not None:
            out.append(LaidMeld(meld, "new", tuple(mark)))
            continue
        flags = []
        for p in meld.placements:
            if p.tile.is_joker:
                take = jokers_left > 0 and p.as_.index in joker_spots
                if take:
                    jokers_left -= 1
                    joker_spots.remove(p.as_.index)
            else:
                take = left.get(p.tile.index, 0) > 0
                if take:
                    left[p.tile.index] -= 1
            flags.append(take)
        out.append((meld, flags))
    # Rack jokers the value counted elsewhere: mark the first table jokers not yet marked.
    for entry in out:
        if isinstance(entry, LaidMeld):
            continue
        meld, flags = entry
        for k, p in enumerate(meld.placements):
            if jokers_left and p.tile.is_joker and not flags[k]:
                flags[k] = True
                jokers_left -= 1
    return [e if isinstance(e, LaidMeld) else LaidMeld(e[0], "changed", tuple(e[1])) for e in out]


def _as_run(placements: list[Placement], rack_joker_faces: list[int]) -> list[Placement]:
    """A set of one number tile and two jokers laid as the run around it (rules.md section 2,
    :func:`lone_tile_run`); the faces the rack's jokers are counted at move with them."""
    laid = lone_tile_run(placements, JOKER, around=True)
    old = [p.as_.index for p in placements if p.tile.is_joker]
    new = [p.as_.index for p in laid if p.tile.is_joker]
    if old != new:
        for before, after in zip(old, new):
            if before in rack_joker_faces:
                rack_joker_faces[rack_joker_faces.index(before)] = after
    return laid


def _kind(placements: Sequence[Placement], wrap: bool) -> Literal["set", "run"]:
    return "set" if faces_meld_kind([p.as_ for p in placements], wrap) == "set" else "run"
