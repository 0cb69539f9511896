"""The chance to open an unopened Okey 101 hand within the draws left (rules.md 5.8).

The model, in the form of rules.md 4.1: the player holds an unopened 21-tile hand *h* after a
discard, has *T* own draws left and knows a set *S* of tiles out of play (the indicator, the tiles
seen, the tiles on the table, the tile just thrown). Each draw is face *X* with probability
unseen(X)/U, U = 106 − 21 − |S| (constant: later discards go back to the pool). Before each draw
another player ends the round with probability *r*. Then

* can_open(g), for 22 tiles *g*: the best opening of new melds that keeps a tile to throw is worth
  ``open_points`` (rules.md 5.2), or *g* holds ``open_pairs`` pairs (5.3);
* O_T(h) = (1 − r) · Σ_X p(X) · [1 if can_open(h+X), else max_d O_{T−1}(h+X−d)], O_0 = 0.

:func:`opening_chance_ranking` gives every distinct discard D of a 22-tile hand H the chance
O_T(H − D), D counted out of play, beside the 101 discard ranking's own columns
(:func:`~okeytool.solver.okey101.opening.discard_101`: the penalty, the opening left, the pairs).

Methods (``model.method``, and ``method`` on each row):

* ``exact``: the recursion as stated, every discard after every draw; the default for at most
  :data:`EXACT_DRAWS` draws. Only proved shortcuts are taken. A hand that even with a wild more
  per draw left cannot lay ``open_points`` (a wild stands wherever a drawn tile could, and every
  hand drawn to is part of the hand with all the draws), and that each draw's single new pair
  cannot bring to ``open_pairs``, is worth 0. The draws that open the hand left by each discard
  are found together (:meth:`OpeningFacts.discard_openers`), and the discards after a draw are
  tried best bound first (a discard's certain and undecided draws together bound its chance from
  above), stopping when no bound beats the best found.
* ``climb``: the default beyond :data:`EXACT_DRAWS`, and where exact runs out of its share of the
  work. A policy the player could follow, so a lower bound of exact (it never counts a draw as
  opening that does not open, and every hand it moves to is a hand the player can hold). From the
  row's hand the draws that open are all counted; any other draw is thrown back, unless one of two
  routes keeps it (the better of the routes and of throwing it back):

  - *melds*: the player keeps the best layout of the hand and only adds to it: a drawn tile is laid
    off on one of its pieces (a run's end, a set of three's missing colour) or makes a new piece
    with tiles the layout leaves over (:meth:`OpeningFacts.step`); a draw that lifts the layout to
    ``open_points`` with a tile of the 22 kept opens; of the others, those that add the most are
    kept and the left-over tile of least use in a new piece is thrown;
  - *pairs*: a draw that makes a pair is kept and a single thrown (one whose twin cannot be drawn
    first); a face not held with both copies unseen is kept in place of such a dead single.

  benchmarks/bench_chance_101.py measures its gap to exact where both run (benchmarks/RESULTS.md).
* ``exact-capped`` / ``climb-capped``: some rows were not computed at all: the ranking's work (or
  the clock) ran out first (``stopped`` says which); a method named by the caller runs to the end.

Every answer comes from the exact opening search (:mod:`okeytool.solver.okey101.search`), asked
through :class:`OpeningFacts`, which caches the layouts per rules (they depend on the hand and the
rules only) and counts the work each call asks for the first time, so that which rows a budget
computes does not depend on the calls before. The recursion is in floats; the tests hold the
exact method to a brute force in fractions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from math import isfinite
from time import perf_counter
from typing import ClassVar, Literal

from okeytool.deal import Deal
from okeytool.errors import InputError
from okeytool.parse.supply import check_hand_size, check_supply
from okeytool.rules import PROFILES, Rules
from okeytool.solver.advice import Grades
from okeytool.solver.chance_model import SLOTS, WILD_SLOT, ChanceModel, State, WorkBudget, slot_of, state_of
from okeytool.solver.okey101.layoffs import TableMeld
from okeytool.solver.okey101.opening import (
    Discard101,
    OpeningWait,
    discard_101,
    opening_search,
    opening_waits,
    require_opening_rules,
)
from okeytool.solver.okey101.search import OpeningLayout
from okeytool.tiles import FACE_COUNT, MAX_WILDS, Tile

Method = Literal["exact", "climb", "exact-capped", "climb-capped"]
#: Why a row was not computed: the ranking's work budget ran out (``work``), or the clock (``time``).
Stop = Literal["work", "time"]
#: The model a 101 answer was computed in (its methods: :data:`Method`).
OpeningChanceModel = ChanceModel[Method]
#: What a ranking reads of its work budget: this module's :class:`Effort`, or classic's.
Budget = WorkBudget

#: Tiles in a full set.
SET_SIZE = 106
#: An unopened 101 hand between turns (the rules state it).
HAND_SIZE = PROFILES["101"].hand_size
#: Players at a 101 table: the player draws every fourth tile of the stock.
PLAYERS = 4
#: Tiles in the stock right after a 101 deal: the set less four hands, the starter's 22nd tile and
#: the indicator (20).
STOCK = SET_SIZE - PLAYERS * HAND_SIZE - 2
#: Own draws left when neither ``draws`` nor ``pile`` is given: a fourth of the whole stock (5).
DEFAULT_DRAWS = STOCK // PLAYERS
#: Longest horizon accepted: no player draws more than a fourth of the stock.
MAX_DRAWS = DEFAULT_DRAWS
#: The default risk per draw that another player ends the round first, as for classic hands.
DEFAULT_RISK = 0.05
#: Longest horizon answered exactly by default; beyond it ``climb``.
EXACT_DRAWS = 2
#: Seconds of work a ranking may do by default, counted in :attr:`OpeningChanceSolver.work` at
#: :data:`WORK_PER_SECOND`, so that the same rows are computed on every machine; a question's own
#: ``--time-limit`` gives it half of that limit instead.
TIME_LIMIT = 2.0
#: The share of the work the exact rows of a ranking may use; the rows it does not reach are
#: computed by ``climb`` with the rest.
EXACT_SHARE = 0.8
#: The work done in a second on the benchmark's two-core machine (the median of
#: benchmarks/bench_chance_101.py ``--work``); only the time a budget stands for depends on it.
WORK_PER_SECOND = 30_000
#: The work of an opening search asked for the first time in a call, in the units of a state of the
#: recursion: about what one costs beside one (benchmarks/bench_chance_101.py ``--work``).
SEARCH_COST = 8

#: The draw slot of a real okey (:mod:`okeytool.solver.chance_model`'s slots).
WILD = WILD_SLOT
#: Every draw slot, as a mask.
ALL_SLOTS = (1 << SLOTS) - 1
#: The methods from most to least exact.
_ORDER: tuple[Method, ...] = ("exact", "climb", "exact-capped", "climb-capped")
_CAPPED: dict[Method, Method] = {"exact": "exact-capped", "climb": "climb-capped"}
#: The slot mask of the plain faces.
_FACES = (1 << FACE_COUNT) - 1
#: Layouts kept per rules before the cache is emptied (a few hundred bytes each).
_STORE_LIMIT = 200_000
#: A loss no layout can pay (see :func:`_droppable`).
_NEVER = 1 << 20


def draws_from_pile(pile: int) -> int:
    """Own draws left when ``pile`` tiles are left in the 101 stock, the player about to discard:
    the next three players draw before him, so he gets every fourth tile.

    >>> draws_from_pile(20), draws_from_pile(7)
    (5, 1)

    Raises :class:`InputError` for a negative pile or one larger than the stock ever holds.
    """
    if not 0 <= pile <= STOCK:
        raise InputError(f"--pile must be between 0 and {STOCK} (tiles left in the 101 stock), got {pile}")
    return pile // PLAYERS


def check_model(draws: int, risk: float) -> None:
    """Refuse a horizon or a risk outside the model. Raises :class:`InputError`."""
    if not 0 <= draws <= MAX_DRAWS:
        raise InputError(
            f"--draws must be between 0 and {MAX_DRAWS} in 101 (the stock holds {STOCK} tiles after the deal: "
            f"at most {MAX_DRAWS} own draws), got {draws}"
        )
    if not (isfinite(risk) and 0 <= risk < 1):
        raise InputError(f"--risk must be at least 0 and below 1 (chance per draw), got {risk}")


def pool_size(seen_count: int) -> int:
    """U = 106 − 21 − |S|, ``seen_count`` = |S| (the indicator included)."""
    return SET_SIZE - HAND_SIZE - seen_count


@dataclass(frozen=True)
class Effort(WorkBudget):
    """How much a ranking may compute: ``seconds`` of work, counted in
    :attr:`OpeningChanceSolver.work` at :data:`WORK_PER_SECOND` (the same rows on every machine,
    however busy), and the clock's ``deadline`` (a ``time.perf_counter`` value) as a backstop,
    None for none."""

    default_seconds: ClassVar[float] = TIME_LIMIT


# -- the hand facts ---------------------------------------------------------------------------------

#: A piece of a layout: the faces its slots stand for, and those of them a wild fills (both sorted).
LaidPiece = tuple[tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class Laid:
    """A best layout as the recursion reads it: its ``value``, the tiles it lays (``laid``, wilds
    included), the slots of the hand it leaves (``left``), and its ``pieces``."""

    value: int
    laid: int
    left: State
    pieces: tuple[LaidPiece, ...]


def _laid(state: State, layout: OpeningLayout) -> Laid:
    """The :class:`Laid` of a layout of ``state``."""
    laid = [0] * SLOTS
    for piece in layout.pieces:
        for face in piece.faces:
            laid[face] += 1
        for face in piece.wild_faces:
            laid[face] -= 1
            laid[WILD] += 1
    left = tuple(state[y] - laid[y] for y in range(SLOTS))
    pieces = tuple(sorted((p.faces, tuple(sorted(p.wild_faces))) for p in layout.pieces))
    return Laid(layout.value, layout.laid, left, pieces)


def _droppable(pieces: Sequence[LaidPiece], face: int) -> int:
    """The least a layout loses when a tile of ``face`` (held, not a wild) it lays is taken away and
    what stays is still a layout: the tile's number when a piece holding it stays valid without it
    (a set of four, a run of four or more at either end), else the value of a piece holding it (the
    piece taken up, its other tiles left in the hand); :data:`_NEVER` when no piece holds it."""
    lost = _NEVER
    for faces, wild_faces in pieces:
        if face not in faces or face in wild_faces:
            continue
        if len(faces) >= 4 and (faces[0] % 13 == faces[-1] % 13 or face in (faces[0], faces[-1])):
            return face % 13 + 1
        lost = min(lost, sum(f % 13 + 1 for f in faces))
    return lost


@dataclass(frozen=True)
class Plan:
    """A 21-tile hand and the layout ``climb`` keeps laying on: its pieces, their value, the tiles
    they lay, and the slots of the hand they leave (``left``)."""

    hand: State
    pieces: tuple[LaidPiece, ...]
    value: int
    laid: int
    left: State


@dataclass(frozen=True)
class Step:
    """What ``climb`` does with each draw from a plan: the slot mask of the draws it counts as
    opening, and the plan each draw it keeps leads to."""

    openers: int
    moves: tuple[tuple[int, Plan], ...]
    #: The hand opens without a draw (every draw opens).
    opens: bool


class _Store:
    """The opening search's layouts for one rules setting, shared by every call (they depend on
    the hand and the rules only): by (state, tiles kept), and best values by state."""

    def __init__(self, wrap: bool) -> None:
        self.search = opening_search(wrap)  # the memo the 101 discard ranking fills too
        self.layouts: dict[tuple[State, int], Laid] = {}
        self.values: dict[State, int] = {}

    def trim(self) -> None:
        """Empty the caches when they hold more than :data:`_STORE_LIMIT` answers."""
        if len(self.layouts) + len(self.values) > _STORE_LIMIT:
            self.layouts.clear()
            self.values.clear()


@cache
def _store(wrap: bool) -> _Store:
    return _Store(wrap)


class OpeningFacts:
    """What the recursions ask about the hands of one deal: layouts, pairs, can_open, the draws
    that open a hand after each discard, and what ``climb`` does. The layouts are shared by every
    call with the same rules; :attr:`work` counts the searches this object asked for the first
    time (and ``climb``'s steps), so the work of a call does not depend on the calls before it."""

    def __init__(self, deal: Deal) -> None:
        rules: Rules = deal.rules
        self.deal = deal
        self.points = rules.open_points
        self.pairs_needed = rules.open_pairs
        self.jokers_in_pairs = rules.jokers_in_pairs
        #: Pairs can open at all: ``open_pairs`` pairs leave a tile of 22 to throw.
        self.pairs_fit = 2 * rules.open_pairs <= HAND_SIZE
        self.supply: State = (*deal.supply_vector(), MAX_WILDS)
        #: The faces of which two tiles exist (the indicator's face has one: its single has no twin).
        self._twin_faces = sum(1 << f for f in range(FACE_COUNT) if self.supply[f] >= 2)
        self._store = _store(rules.wrap)
        self._store.trim()
        self.search = self._store.search
        self._asked: set[tuple[State, int]] = set()
        self.work = 0
        self._can_open: dict[State, bool] = {}
        self._openers: dict[State, int] = {}
        self._steps: dict[tuple[State, tuple[LaidPiece, ...]], Step] = {}
        self._fresh: dict[tuple[int, int], dict[int, tuple[int, int]]] = {}
        self._throws: dict[tuple[int, int], int | None] = {}

    # -- hands --------------------------------------------------------------------------------

    def slot(self, tile: Tile) -> int:
        """The draw slot of a tile as held."""
        return slot_of(self.deal, tile)

    def state(self, tiles: Sequence[Tile]) -> State:
        """The recursion's form of a hand: counts per slot."""
        return state_of(self.deal, tiles)

    # -- the opening search, cached -------------------------------------------------------------

    def _count(self, key: tuple[State, int]) -> None:
        if key not in self._asked:
            self._asked.add(key)
            self.work += SEARCH_COST

    def layout(self, state: State, keep: int) -> Laid:
        """The best layout of ``state`` that leaves at least ``keep`` (0 or 1) of its tiles."""
        key = (state, keep)
        self._count(key)
        known = self._store.layouts.get(key)
        if known is None:
            found = self.search.best_layout_keeping(state[:FACE_COUNT], state[WILD], keep)
            known = self._store.layouts[key] = _laid(state, found)
        return known

    def value(self, state: State) -> int:
        """The best value of new melds laid from ``state``, every tile may be laid (an upper bound
        of every layout that keeps tiles back)."""
        self._count((state, -1))
        known = self._store.values.get(state)
        if known is None:
            known = self._store.values[state] = self.search.best_value(state[:FACE_COUNT], state[WILD])
        return known

    def pairs(self, state: State) -> int:
        """Pairs of identical tiles (rules.md 5.3; a real okey completes one with ``jokers_in_pairs``)."""
        halves, singles, _, _ = self.pair_parts(state)
        return self.pairs_of(halves, singles, state[WILD])

    def pairs_open(self, state: State) -> bool:
        """A 22-tile hand opens with pairs."""
        return self.pairs_fit and self.pairs(state) >= self.pairs_needed

    def can_open(self, state: State) -> bool:
        """can_open of a 22-tile hand (rules.md 5.8): melds worth ``open_points`` keeping a tile to
        throw, or ``open_pairs`` pairs. Cached per call (the layout per rules)."""
        known = self._can_open.get(state)
        if known is None:
            known = self.pairs_open(state) or self.layout(state, 1).value >= self.points
            self._can_open[state] = known
        return known

    def bound_zero(self, state: State, draws: int) -> bool:
        """True when a 21-tile hand cannot open within ``draws`` draws, whatever is drawn and
        thrown: with a wild more per draw its best value stays below ``open_points`` (a wild stands
        wherever a drawn tile could, and a hand drawn to is part of the hand with all the draws),
        and each draw adds at most one pair."""
        if self.pairs_fit and self.pairs(state) + draws >= self.pairs_needed:
            return False
        return self.value((*state[:FACE_COUNT], state[WILD] + draws)) < self.points

    # -- the draws that open a hand after each discard -----------------------------------------

    def discard_openers(
        self, whole: State, discards: Sequence[int], *, thrown: int | None = None
    ) -> dict[int, tuple[int, int]]:
        """For a 22-tile hand and each slot d of ``discards``: the slot masks (certain, undecided)
        of the draws Y after which the 21 tiles left by throwing d open (can_open(whole − d + Y));
        a draw in neither does not open. :meth:`decide` settles the undecided ones.

        A drawn tile stands where a wild could, so when the 22 with a wild more cannot lay
        ``open_points`` (every tile laid), no draw opens with melds. A drawn tile goes into one
        piece or none, so the best value with it is at most the 22's plus the best piece that can
        take it, which rules most draws out. For the others, the best layout of the 23 with the draw
        decides for every discard at once where it can: below ``open_points`` no discard opens; a
        layout that lays at most 21 and leaves d over, or stays a layout worth enough with d taken
        off (:func:`_droppable`), opens after d. The pairs are counted exactly.

        ``thrown``: the slot of a tile thrown before (the 22 are a hand of a ranking's row with a
        draw): the best layout of the 24 with it back is that of the 23 wherever it leaves that tile
        over, and it is shared by every row.
        """
        points = self.points
        supply = self.supply
        out: dict[int, tuple[int, int]] = {}
        drawn: list[tuple[int, Laid]] = []
        if self.value((*whole[:FACE_COUNT], whole[WILD] + 1)) >= points:
            held = 0
            for f in range(FACE_COUNT):
                if whole[f]:
                    held |= 1 << f
            ceiling = self.value(whole)
            best_piece_in = self.search.best_piece_in
            grown = list(whole)
            for y in range(SLOTS):
                if y < WILD and ceiling + best_piece_in(held, whole[WILD], y) < points:
                    continue
                grown[y] += 1
                top = self._layout_without(tuple(grown), thrown) if thrown is not None else None
                if top is None:
                    top = self.layout(tuple(grown), 0)  # every tile may be laid
                grown[y] -= 1
                if top.value >= points:
                    drawn.append((y, top))
        pairs_near = self.pairs_fit and self.pairs(whole) + 1 >= self.pairs_needed
        for d in discards:
            rest = list(whole)
            rest[d] -= 1
            hand = tuple(rest)
            certain = undecided = 0
            for y, top in drawn:
                if hand[y] >= supply[y]:
                    continue  # no such tile beside the hand
                kept = top.left[d] >= 1
                if top.laid <= HAND_SIZE + (not kept) and (
                    kept or (d < WILD and top.value - _droppable(top.pieces, d) >= points)
                ):
                    certain |= 1 << y
                else:
                    undecided |= 1 << y
            if pairs_near:
                found = self.pair_openers(hand)
                certain |= found
                undecided &= ~found
            out[d] = (certain, undecided)
        return out

    def _layout_without(self, state: State, thrown: int) -> Laid | None:
        """The best layout of ``state`` (every tile may be laid) read off the best layout of
        ``state`` with a tile of slot ``thrown`` more, when that one leaves such a tile over (the
        same layout is then best without it), else None."""
        more = list(state)
        more[thrown] += 1
        if more[thrown] > 3 or more[WILD] > 3:
            return None
        wider = self.layout(tuple(more), 0)
        if wider.left[thrown] < 1:
            return None
        left = list(wider.left)
        left[thrown] -= 1
        return Laid(wider.value, wider.laid, tuple(left), wider.pieces)

    def decide(self, whole: State, d: int, undecided: int) -> int:
        """Of the draws in the slot mask ``undecided``, those after which the 21 tiles left by
        throwing ``d`` from the 22-tile hand open (asked of the search)."""
        found = 0
        rest = list(whole)
        rest[d] -= 1
        while undecided:
            low = undecided & -undecided
            y = low.bit_length() - 1
            rest[y] += 1
            if self.can_open(tuple(rest)):
                found |= low
            rest[y] -= 1
            undecided ^= low
        return found

    def openers(self, hand: State) -> int:
        """The slot mask of the draws that open a 21-tile hand (exact): :meth:`row_openers` of the
        hand with a tile more, thrown again."""
        known = self._openers.get(hand)
        if known is None:
            grown = list(hand)
            d = next(y for y in range(SLOTS) if grown[y] < self.supply[y])
            grown[d] += 1
            known = self.row_openers(tuple(grown), (d,))[d]
        return known

    def row_openers(self, whole: State, discards: Sequence[int]) -> dict[int, int]:
        """For a 22-tile hand, the slot mask of the draws that open the 21 tiles left by each
        discard in ``discards`` (exact): those ``climb`` counts (:meth:`step`) and those
        :meth:`discard_openers` finds, the undecided ones asked of the search."""
        out: dict[int, int] = {}
        found = self.discard_openers(whole, discards)
        for d in discards:
            rest = list(whole)
            rest[d] -= 1
            hand = tuple(rest)
            known = self._openers.get(hand)
            if known is None:
                step = self.step(self.plan(hand))
                if step.opens:
                    known = ALL_SLOTS
                else:
                    certain, undecided = found[d]
                    known = certain | step.openers
                    undecided &= ~known
                    if undecided:
                        known |= self.decide(whole, d, undecided)
                self._openers[hand] = known
            out[d] = known
        return out

    # -- climb ----------------------------------------------------------------------------------

    def plan(self, hand: State) -> Plan:
        """The plan of a 21-tile hand: its best layout (every tile may be laid)."""
        return self._plan_of(hand, self.layout(hand, 0).pieces)

    def _plan_of(self, hand: State, pieces: tuple[LaidPiece, ...]) -> Plan:
        laid = [0] * SLOTS
        value = count = 0
        for faces, wild_faces in pieces:
            count += len(faces)
            for face in faces:
                laid[face] += 1
                value += face % 13 + 1
            for face in wild_faces:
                laid[face] -= 1
                laid[WILD] += 1
        left = tuple(hand[y] - laid[y] for y in range(SLOTS))
        return Plan(hand, pieces, value, count, left)

    def step(self, plan: Plan) -> Step:
        """What ``climb`` does with each draw from ``plan`` (see the module's docstring): a drawn
        tile lays off on a piece (a run's end, a set's missing colour) or makes a new piece with
        tiles the plan leaves over; a draw opens when that reaches ``open_points`` with a tile of
        the 22 kept; of the others, those that add the most are kept, a left-over tile thrown."""
        key = (plan.hand, plan.pieces)
        known = self._steps.get(key)
        if known is not None:
            return known
        self.work += 1
        hand, left = plan.hand, plan.left
        supply = self.supply
        if plan.value >= self.points:
            known = self._steps[key] = Step((1 << SLOTS) - 1, (), True)
            return known
        need = self.points - plan.value
        room = HAND_SIZE - plan.laid  # tiles the 22 may still lay, one kept to throw
        ends = self._ends(plan)
        spare = 0
        for f in range(FACE_COUNT):
            if left[f] > 0:
                spare |= 1 << f
        spare_wilds = left[WILD]
        fresh = self._new_pieces(spare, spare_wilds)
        openers = self.pair_openers(hand)
        kept: list[tuple[int, int, int, int, int]] = []  # (gain, draw, end piece or -1, new piece mask, tiles laid)
        for y in sorted({*ends, *fresh, WILD}):
            if hand[y] >= supply[y]:
                continue
            gain, end, mask, added = 0, -1, 0, 0
            if y == WILD:
                for face, k in ends.items():
                    if face % 13 + 1 > gain:
                        gain, end, added = face % 13 + 1, k, 1
            else:
                taker = ends.get(y)
                if taker is not None:
                    gain, end, added = y % 13 + 1, taker, 1
            piece = fresh.get(y)
            if piece is not None and piece[0] > gain:
                gain, end, mask, added = piece[0], -1, piece[1], piece[1].bit_count()
            if not gain:
                continue
            if gain >= need and added <= room:
                openers |= 1 << y
            elif not openers >> y & 1:
                kept.append((gain, y, end, mask, added))
        moves: list[tuple[int, Plan]] = []
        if kept:
            top = max(k[0] for k in kept)
            for gain, y, end, mask, added in kept:
                if gain == top:
                    child = self._climb_to(plan, y, end, mask, gain, added)
                    if child is not None:
                        moves.append((y, child))
        known = self._steps[key] = Step(openers, tuple(moves), False)
        return known

    def _new_pieces(self, spare: int, wilds: int) -> dict[int, tuple[int, int]]:
        """For the left-over faces ``spare`` (a face mask) and ``wilds`` left-over wilds: the draws
        that make a new piece with them, each with the best such piece (value, face mask). A drawn
        wild stands in one of the piece's slots. Cached."""
        key = (spare, wilds)
        known = self._fresh.get(key)
        if known is not None:
            return known
        by_value = self.search.by_value
        found: dict[int, tuple[int, int]] = {}
        for y in range(FACE_COUNT):
            covered = spare | 1 << y
            for value, piece in by_value[y]:
                if (piece & ~covered).bit_count() <= wilds:
                    found[y] = (value, piece)
                    break
        best = (0, 0)
        rest = spare
        while rest:
            low = rest & -rest
            for value, piece in by_value[low.bit_length() - 1]:
                if value <= best[0]:
                    break
                if (piece & ~spare).bit_count() <= wilds + 1:
                    best = (value, piece)
                    break
            rest ^= low
        if best[0]:
            found[WILD] = best
        if len(self._fresh) > _STORE_LIMIT:
            self._fresh.clear()
        self._fresh[key] = found
        return found

    def _climb_to(self, plan: Plan, y: int, end: int, mask: int, gain: int, added: int) -> Plan | None:
        """The plan after keeping draw ``y`` (laid off on piece ``end``, or in the new piece of the
        faces in ``mask``) and throwing the left-over tile with the least use (None: none left)."""
        pieces = list(plan.pieces)
        left = list(plan.left)
        if end >= 0:
            faces, wild_faces = pieces[end]
            if y == WILD:
                face = max((f for f, k in self._ends(plan).items() if k == end), key=lambda f: f % 13)
                pieces[end] = (tuple(sorted((*faces, face))), tuple(sorted((*wild_faces, face))))
            else:
                pieces[end] = (tuple(sorted((*faces, y))), wild_faces)
        else:
            faces = tuple(f for f in range(FACE_COUNT) if mask >> f & 1)
            filled: list[int] = []
            for f in faces:
                if f == y:
                    continue
                if left[f] > 0:
                    left[f] -= 1
                else:
                    filled.append(f)
            wilds = len(filled)
            if y == WILD:
                wilds -= 1  # the drawn wild fills one of them
            left[WILD] -= wilds
            pieces.append((faces, tuple(filled)))
        throw = self._least_use(left)
        if throw is None:
            return None
        left[throw] -= 1
        hand = list(plan.hand)
        hand[y] += 1
        hand[throw] -= 1
        return Plan(tuple(hand), tuple(sorted(pieces)), plan.value + gain, plan.laid + added, tuple(left))

    def _ends(self, plan: Plan) -> dict[int, int]:
        """The faces a tile may be laid off on the plan's pieces by, each with the (first) piece
        that takes it: a run's faces before and after it, a set of three's missing colour."""
        ends: dict[int, int] = {}
        for k, (faces, _) in enumerate(plan.pieces):
            first, last = faces[0], faces[-1]
            if first % 13 == last % 13:
                if len(faces) == 3:
                    colours = {f // 13 for f in faces}
                    ends.setdefault(next(c for c in range(4) if c not in colours) * 13 + first % 13, k)
            else:
                if first % 13:
                    ends.setdefault(first - 1, k)
                if last % 13 != 12:
                    ends.setdefault(last + 1, k)
        return ends

    def _least_use(self, left: Sequence[int]) -> int | None:
        """The left-over face ``climb`` throws: the one with the least use in a new piece with the
        other left-over tiles, then the lowest number, then the lowest face (None: no face left)."""
        spare = 0
        for f in range(FACE_COUNT):
            if left[f] > 0:
                spare |= 1 << f
        if not spare:
            return None
        wilds = left[WILD]
        cached = self._throws.get((spare, wilds), -1)
        if cached != -1:
            return cached
        search = self.search
        best: tuple[int, int, int] | None = None
        rest = spare
        while rest:
            low = rest & -rest
            f = low.bit_length() - 1
            key = (search.best_piece_in(spare, wilds, f), f % 13, f)
            if best is None or key < best:
                best = key
            rest ^= low
        assert best is not None
        self._throws[(spare, wilds)] = best[2]
        return best[2]

    def pair_parts(self, state: State) -> tuple[int, int, int, int]:
        """(copies paired, singles, slot mask of the singles, slot mask of the faces held twice)."""
        halves = singles = odd = full = 0
        for f in range(FACE_COUNT):
            n = state[f]
            if n:
                halves += n >> 1
                if n & 1:
                    singles += 1
                    odd |= 1 << f
                if n >= 2:
                    full |= 1 << f
        return halves, singles, odd, full

    def pairs_of(self, halves: int, singles: int, wilds: int) -> int:
        """The pairs of a hand from its parts (:meth:`pairs`)."""
        if self.jokers_in_pairs:
            completed = min(wilds, singles)
            return halves + completed + ((wilds - completed) >> 1)
        return halves + (wilds >> 1)

    def pair_openers(self, hand: State) -> int:
        """The slot mask of the draws that give a 21-tile hand ``open_pairs`` pairs."""
        if not self.pairs_fit:
            return 0
        halves, singles, odd, full = self.pair_parts(hand)
        wilds = hand[WILD]
        need = self.pairs_needed
        mask = 0
        if self.pairs_of(halves + 1, singles - 1, wilds) >= need:
            mask |= odd & self._twin_faces
        if self.pairs_of(halves, singles + 1, wilds) >= need:
            mask |= _FACES & ~odd & ~full  # a face not held
        if hand[WILD] < self.supply[WILD] and self.pairs_of(halves, singles, wilds + 1) >= need:
            mask |= 1 << WILD
        return mask


# -- the recursions ---------------------------------------------------------------------------------


class _Stopped(Exception):
    """The work or the clock ran out in the middle of a row."""


class OpeningChanceSolver:
    """The recursion for one set of out-of-play tiles, one risk and one method, over shared
    :class:`OpeningFacts`. ``seen`` are the tiles out of play but the indicator (as held).

    ``work_limit``: the most :attr:`work` a call of :meth:`solve` may reach; ``deadline`` (a
    ``time.perf_counter`` value): the clock's backstop. Past either, :meth:`solve` gives None and
    :attr:`stopped` says which.
    """

    def __init__(
        self,
        facts: OpeningFacts,
        seen: Sequence[Tile],
        risk: float,
        method: Method,
        *,
        work_limit: int | None = None,
        deadline: float | None = None,
    ) -> None:
        if method not in ("exact", "climb"):
            raise InputError(f"the opening chance's methods are exact and climb, not {method!r}")
        self.facts = facts
        self.risk = risk
        self.method: Method = method
        self.work_limit = work_limit
        self.deadline = deadline
        out = [0] * SLOTS
        for tile in seen:
            out[facts.slot(tile)] += 1
        self.left: State = tuple(s - o for s, o in zip(facts.supply, out))  # copies not out of play
        self.pool = pool_size(len(seen) + 1)
        self.scale = (1.0 - risk) / self.pool
        self.memo: dict[tuple[State, int], float] = {}
        self.plan_memo: dict[tuple[State, tuple[LaidPiece, ...], int], float] = {}
        self.pairs_memo: dict[tuple[_Route, int], float] = {}
        #: States expanded (the recursion's own work).
        self.expanded = 0
        self.stopped: Stop | None = None
        self._openers: dict[State, int] = {}
        #: The slot of the tile a ranking's row threw from its 22 (the hands of every row then share
        #: layouts: :meth:`OpeningFacts.discard_openers`), or None.
        self.thrown: int | None = None

    @property
    def work(self) -> int:
        """The work done so far: the facts' (their searches, shared by the solvers of one call)
        and the states this solver expanded."""
        return self.facts.work + self.expanded

    def _tick(self) -> None:
        """Count a state expanded; stop when the work or the clock says so."""
        self.expanded += 1
        if self.work_limit is not None and self.work > self.work_limit:
            self.stopped = "work"
            raise _Stopped
        if self.deadline is not None and not self.expanded & 15 and perf_counter() > self.deadline:
            self.stopped = "time"
            raise _Stopped

    def solve(self, hand: State, draws: int, openers: int | None = None) -> float | None:
        """O_T of a 21-tile hand, or None when the work or the clock stopped it first. ``openers``:
        the slot mask of the draws that open the hand, when the caller has it (exact)."""
        if openers is not None:
            self._openers[hand] = openers
        try:
            if self.method == "exact":
                return self._exact(hand, draws)
            return self._root(hand, draws)
        except _Stopped:
            return None

    def _openers_of(self, hand: State) -> int:
        known = self._openers.get(hand)
        if known is None:
            known = self._openers[hand] = self.facts.openers(hand)
        return known

    def _mass(self, hand: State, mask: int) -> int:
        """Unseen copies of the slots in ``mask``, beside ``hand``."""
        total = 0
        left = self.left
        while mask:
            low = mask & -mask
            y = low.bit_length() - 1
            n = left[y] - hand[y]
            if n > 0:
                total += n
            mask ^= low
        return total

    # -- exact ------------------------------------------------------------------------------------

    def _exact(self, hand: State, draws: int) -> float:
        """O_draws of a 21-tile hand, as stated."""
        if draws <= 0:
            return 0.0
        key = (hand, draws)
        known = self.memo.get(key)
        if known is not None:
            return known
        self._tick()
        facts = self.facts
        if draws == 1:
            value = self.scale * self._mass(hand, self._openers_of(hand))
        elif facts.bound_zero(hand, draws):
            value = 0.0
        else:
            openers = self._openers_of(hand)
            total = 0.0
            grown = list(hand)
            left = self.left
            for x in range(SLOTS):
                n = left[x] - hand[x]
                if n <= 0:
                    continue
                if openers >> x & 1:
                    total += n
                    continue
                grown[x] += 1
                total += n * self._best_discard(tuple(grown), draws - 1)
                grown[x] -= 1
            value = self.scale * total
        self.memo[key] = value
        return value

    def _best_discard(self, grown: State, draws: int) -> float:
        """max_d O_draws(grown − d) for a 22-tile hand that does not open."""
        if draws == 1:
            return self._best_last_discard(grown)
        best = 0.0
        rest = list(grown)
        for d in range(SLOTS):
            if not grown[d]:
                continue
            rest[d] -= 1
            value = self._exact(tuple(rest), draws)
            rest[d] += 1
            if value > best:
                best = value
        return best

    def _best_last_discard(self, grown: State) -> float:
        """max_d O_1(grown − d): the draws that open after each discard
        (:meth:`OpeningFacts.discard_openers`), each discard bounded from above by its certain and
        undecided draws together; the undecided ones are decided best bound first, until no bound
        beats the best found."""
        facts = self.facts
        discards = [d for d in range(SLOTS) if grown[d]]
        by_discard = facts.discard_openers(grown, discards, thrown=self.thrown)
        rest = list(grown)
        bounds = []
        for d, (certain, undecided) in by_discard.items():
            rest[d] -= 1
            state = tuple(rest)
            rest[d] += 1
            low = self._mass(state, certain)
            bounds.append((low + self._mass(state, undecided), low, d, state, undecided))
        best = max((b[1] for b in bounds), default=0)
        bounds.sort(key=lambda b: (-b[0], b[2]))
        for high, low, d, state, undecided in bounds:
            if high <= best:
                break
            self._tick()
            exact = low + self._mass(state, facts.decide(grown, d, undecided))
            if exact > best:
                best = exact
        return self.scale * best

    # -- climb ------------------------------------------------------------------------------------

    def _root(self, hand: State, draws: int) -> float:
        """``climb`` from the hand of a row: the draws that open it are all counted (exact); any
        other draw is thrown back or kept where the melds route or the pairs route keeps it,
        whichever is worth most."""
        if draws <= 0:
            return 0.0
        key = (hand, -draws)
        known = self.memo.get(key)
        if known is not None:
            return known
        self._tick()
        facts = self.facts
        openers = self._openers_of(hand)
        stay = self._root(hand, draws - 1)
        climbs = dict(facts.step(facts.plan(hand)).moves) if draws > 1 else {}
        route = self._pairs_start(hand) if draws > 1 else None
        left = self.left
        total = 0.0
        mass = 0
        for y in range(SLOTS):
            n = left[y] - hand[y]
            if n <= 0:
                continue
            mass += n
            if openers >> y & 1:
                total += n
                continue
            best = stay
            child = climbs.get(y)
            if child is not None:
                value = self._climb(child, draws - 1)
                if value > best:
                    best = value
            if route is not None:
                after = self._pairs_step(route, self._pairs_kind(hand, y))
                if after is not None:
                    value = self._pairs(after, draws - 1)
                    if value > best:
                        best = value
            total += n * best
        total += (self.pool - mass) * stay  # nothing: every copy not out of play is a draw above
        value = self.scale * total
        self.memo[key] = value
        return value

    def _climb(self, plan: Plan, draws: int) -> float:
        """``climb``'s melds route from a plan: the draws :meth:`OpeningFacts.step` counts as
        opening open; those it keeps lead to their plans (or are thrown back, if that is worth
        more); the others are thrown back."""
        if draws <= 0:
            return 0.0
        key = (plan.hand, plan.pieces, draws)
        known = self.plan_memo.get(key)
        if known is not None:
            return known
        self._tick()
        step = self.facts.step(plan)
        hand = plan.hand
        if step.opens:
            value = self.scale * self._mass(hand, ALL_SLOTS)
            self.plan_memo[key] = value
            return value
        stay = self._climb(plan, draws - 1) if draws > 1 else 0.0
        left = self.left
        total = 0.0
        mass = 0
        opened = step.openers
        while opened:
            low = opened & -opened
            y = low.bit_length() - 1
            n = left[y] - hand[y]
            if n > 0:
                total += n
                mass += n
            opened ^= low
        if draws > 1:
            for y, child in step.moves:
                n = left[y] - hand[y]
                if n <= 0:
                    continue
                value = self._climb(child, draws - 1)
                total += n * (value if value > stay else stay)
                mass += n
        total += (self.pool - mass) * stay
        value = self.scale * total
        self.plan_memo[key] = value
        return value

    # -- the pairs route --------------------------------------------------------------------------
    #
    # A draw that makes a pair is kept and a single thrown (one whose twin cannot be drawn first);
    # a face not held of which both copies can be drawn is kept instead of such a dead single; any
    # other draw is thrown back. What follows depends only on (copies paired, live singles, dead
    # singles, wilds held, unseen copies of the faces not held, faces not held with both copies
    # unseen): the recursion runs on that, each draw kind with its unseen copies.

    def _pairs_start(self, hand: State) -> _Route | None:
        """The pairs route's state of a 21-tile hand, or None in rules where pairs cannot open."""
        facts = self.facts
        if not facts.pairs_fit:
            return None
        halves, _, odd, _ = facts.pair_parts(hand)
        left = self.left
        live = dead = fresh_mass = fresh_two = 0
        for f in range(FACE_COUNT):
            if odd >> f & 1:
                if left[f] - hand[f] >= 1:
                    live += 1
                else:
                    dead += 1
            elif not hand[f] and left[f] > 0:
                fresh_mass += left[f]
                if left[f] >= 2:
                    fresh_two += 1
        return (halves, live, dead, hand[WILD], fresh_mass, fresh_two)

    def _pairs_kind(self, hand: State, y: int) -> int:
        """The kind of a draw for the pairs route: 0 a single's twin, 1 a wild, 2 a face not held
        with both copies unseen, 3 another face not held, 4 anything else."""
        if y == WILD:
            return 1
        if hand[y] & 1:
            return 0 if self.left[y] - hand[y] >= 1 else 4
        if not hand[y]:
            return 2 if self.left[y] >= 2 else 3
        return 4

    def _pairs_step(self, route: _Route, kind: int) -> _Route | None:
        """The route's state after a draw of ``kind`` that does not open, when the route keeps it
        (None: thrown back)."""
        facts = self.facts
        halves, live, dead, wilds, fresh_mass, fresh_two = route
        pairs = facts.pairs_of(halves, live + dead, wilds)
        if kind == 2:
            if not dead:
                return None
            return (halves, live + 1, dead - 1, wilds, fresh_mass - 1, fresh_two - 1)  # the dead single thrown
        if kind == 0:
            halves, live = halves + 1, live - 1
        elif kind == 1:
            wilds += 1
        else:
            return None
        if dead:  # throw a dead single: its face is not held any more, one copy unseen
            after = (halves, live, dead - 1, wilds, fresh_mass + 1, fresh_two)
        elif live:  # throw a live single: its face not held, both copies unseen
            after = (halves, live - 1, dead, wilds, fresh_mass + 2, fresh_two + 1)
        else:
            return None
        if facts.pairs_of(after[0], after[1] + after[2], after[3]) <= pairs:
            return None  # no pair gained
        return after

    def _pairs(self, route: _Route, draws: int) -> float:
        """The pairs route's chance from its state: a draw opens when the 22 tiles hold
        ``open_pairs`` pairs."""
        if draws <= 0:
            return 0.0
        key = (route, draws)
        known = self.pairs_memo.get(key)
        if known is not None:
            return known
        facts = self.facts
        need = facts.pairs_needed
        halves, live, dead, wilds, fresh_mass, fresh_two = route
        if facts.pairs_of(halves, live + dead, wilds) + draws < need:
            self.pairs_memo[key] = 0.0
            return 0.0
        stay = self._pairs(route, draws - 1)
        wild_mass = max(0, self.left[WILD] - wilds)
        kinds = (
            (0, live, facts.pairs_of(halves + 1, live - 1 + dead, wilds)),
            (1, wild_mass, facts.pairs_of(halves, live + dead, wilds + 1)),
            (2, 2 * fresh_two, facts.pairs_of(halves, live + dead + 1, wilds)),
            (3, fresh_mass - 2 * fresh_two, facts.pairs_of(halves, live + dead + 1, wilds)),
        )
        total = 0.0
        mass = 0
        for kind, n, made in kinds:
            if n <= 0:
                continue
            mass += n
            if made >= need:
                total += n
                continue
            best = stay
            if draws > 1:
                after = self._pairs_step(route, kind)
                if after is not None:
                    value = self._pairs(after, draws - 1)
                    if value > best:
                        best = value
            total += n * best
        total += (self.pool - mass) * stay
        value = self.scale * total
        self.pairs_memo[key] = value
        return value


#: The pairs route's state: (copies paired, live singles, dead singles, wilds held, unseen copies of
#: the faces not held, faces not held with both copies unseen).
_Route = tuple[int, int, int, int, int, int]


# -- the ranking ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OpeningChanceRow:
    """One discard of the ranking: the 101 discard row (penalty, opening left, pairs) and the
    chance to open within the draws left (None when not computed: ``stopped`` says why)."""

    row: Discard101
    chance: float | None
    method: Method = "exact"
    stopped: Stop | None = None
    #: The row's place in the 101 discard ranking (0: its best).
    plain: int = 0

    @property
    def tile(self) -> Tile:
        """The tile thrown."""
        return self.row.tile

    @property
    def penalty(self) -> int:
        """The discard penalty (rules.md 5.5): 0, or ``discard_penalty`` with ``row.reasons``."""
        return self.row.penalty

    @property
    def computed(self) -> bool:
        """True when the row has its chance."""
        return self.chance is not None

    def to_json(self) -> dict[str, object]:
        """The 101 discard row with ``chance``, ``method`` and ``stopped``."""
        return {**self.row.to_json(), "chance": self.chance, "method": self.method, "stopped": self.stopped}


@dataclass(frozen=True)
class OpenNow:
    """A 22-tile hand that can open now (rules.md 5.8 says so first): its best opening with melds
    that keeps a tile to throw, its pairs, and which of the two opens."""

    points: int
    pairs: int
    with_melds: bool
    with_pairs: bool

    def to_json(self) -> dict[str, object]:
        """``{"points": 104, "pairs": 2, "melds": true, "pairs_open": false}``."""
        return {"points": self.points, "pairs": self.pairs, "melds": self.with_melds, "pairs_open": self.with_pairs}


@dataclass(frozen=True)
class OpeningChanceRanking:
    """The answer of :func:`opening_chance_ranking`: every distinct discard with its opening chance:
    a discard that goes out first, then the computed rows by chance (ties in the 101 discard
    ranking's order), then those not computed (in that order)."""

    tiles: tuple[Tile, ...]
    rows: tuple[OpeningChanceRow, ...]
    model: OpeningChanceModel
    open_points: int
    open_pairs: int
    #: Set when the 22 tiles can open now.
    open_now: OpenNow | None
    #: After the recommended discard, when the 21 tiles left cannot open with melds (and it does not
    #: go out): the tiles whose draw would lift their best opening to ``open_points``, with their
    #: unseen copies (the discard counted out of play), as the 101 discard ranking shows them.
    waits: tuple[OpeningWait, ...] = ()

    @property
    def best(self) -> OpeningChanceRow:
        """The recommended discard."""
        return self.rows[0]

    @property
    def best_without_penalty(self) -> OpeningChanceRow | None:
        """The first row that costs no penalty (None: every throw costs one)."""
        return next((r for r in self.rows if not r.penalty), None)

    def grades(self) -> Grades:
        """The throws graded by their chance to open, best first: while a throw without a penalty
        exists, those first (101 points outweigh any chance; rules.md 5.5), and each grade carries
        its throw's penalty; in each part the computed rows by chance, ties and the rest in the 101
        discard ranking's order."""
        from okeytool.solver.advice import Grade, Grades

        free = any(not r.penalty for r in self.rows)
        order = sorted(self.rows, key=lambda r: (free and r.penalty > 0, r.chance is None, -(r.chance or 0.0), r.plain))
        rows = tuple(Grade(r.tile, r.chance, (r.plain,), r.penalty) for r in order)
        return Grades(f"opening-chance:{self.model.method}", rows, self.model.draws)

    def to_json(self) -> dict[str, object]:
        """The 101 ``discard --chance`` document (see README): ``discards``, ``model``,
        ``open_now``, ``open_points``, ``open_pairs``, ``waits``."""
        return {
            "discards": [r.to_json() for r in self.rows],
            "model": self.model.to_json(),
            "open_now": self.open_now.to_json() if self.open_now else None,
            "open_points": self.open_points,
            "open_pairs": self.open_pairs,
            "waits": [w.to_json() for w in self.waits],
        }


def weakest(methods: Sequence[Method]) -> Method:
    """The method of a document: the least exact of its rows'."""
    return max(methods, key=_ORDER.index, default="exact")


def _method(method: Method | None, draws: int) -> Method:
    """The method asked for, or the default for ``draws``. Raises :class:`InputError` for another."""
    if method is None:
        return "exact" if draws <= EXACT_DRAWS else "climb"
    if method not in ("exact", "climb"):
        raise InputError(f"the opening chance's methods are exact and climb, not {method!r}")
    return method


def opening_chance_of(
    deal: Deal,
    tiles: Sequence[Tile],
    seen: Sequence[Tile] = (),
    *,
    draws: int = DEFAULT_DRAWS,
    risk: float = DEFAULT_RISK,
    method: Method | None = None,
) -> float:
    """O_T of an unopened 21-tile hand (tiles as held), ``seen`` the tiles out of play but the
    indicator. ``method`` None: exact up to :data:`EXACT_DRAWS` draws, else ``climb``; it runs to
    the end (no work budget).

    Raises :class:`HandSizeError`, :class:`SupplyError`, :class:`InputError` (draws, risk, rules,
    method).
    """
    require_opening_rules(deal, "an opening chance")
    check_hand_size(tiles, (deal.rules.hand_size,), "an opening chance")
    check_supply(deal, tiles, seen)
    check_model(draws, risk)
    facts = OpeningFacts(deal)
    solver = OpeningChanceSolver(facts, seen, risk, _method(method, draws))
    value = solver.solve(facts.state(tiles), draws)
    assert value is not None  # no limit was set
    return value


def opening_chance_ranking(
    deal: Deal,
    tiles: Sequence[Tile],
    seen: Sequence[Tile] = (),
    *,
    draws: int = DEFAULT_DRAWS,
    risk: float = DEFAULT_RISK,
    method: Method | None = None,
    effort: Budget | None = None,
    table: Sequence[TableMeld] = (),
) -> OpeningChanceRanking:
    """Rank the distinct discards of an unopened 22-tile 101 hand (tiles as held) by the chance
    O_T(H − D) to open within ``draws`` own draws (rules.md 5.8), D counted out of play with
    ``seen`` (tiles out of play but the indicator) and the tiles of ``table`` (the melds others
    laid, which also decide the işler taş penalties of rules.md 5.5).

    Each row keeps its 101 discard row (:func:`~okeytool.solver.okey101.opening.discard_101`). A
    discard that goes out (elden) stays first, with chance 1; then the computed rows by chance, ties
    in the 101 discard ranking's order; then the rows not computed, in that order.

    ``method`` None: up to :data:`EXACT_DRAWS` draws the rows are exact, in the 101 ranking's order,
    while :data:`EXACT_SHARE` of the work of ``effort`` (default :class:`Effort`) lasts, and
    ``climb`` computes the rest; beyond, ``climb`` computes them all. Each row is computed in full
    or not at all, so the same hand gives the same ranking on every machine. ``method`` named:
    every row by it, to the end.

    Raises :class:`HandSizeError` for a hand that is not 22 tiles, :class:`SupplyError`,
    :class:`InputError` (draws, risk, rules, method).
    """
    require_opening_rules(deal, "an opening chance")
    check_hand_size(tiles, (deal.rules.drawn_size,), "an opening-chance ranking (a 101 hand before its discard)")
    on_table = [t for meld in table for t in meld.tiles]
    out_of_play = [*seen, *on_table]
    check_supply(deal, tiles, out_of_play)
    check_model(draws, risk)
    first = _method(method, draws)
    base = discard_101(deal, tiles, table=table)
    facts = OpeningFacts(deal)
    whole = facts.state(tiles)
    budget = effort or Effort()
    limited = method is None
    total_work = int(budget.budget * WORK_PER_SECOND)
    exact_work = int(EXACT_SHARE * total_work) if first == "exact" else 0
    deadline = budget.deadline if limited else None
    # The draws that open the hand left by each discard, found together (exact; not for a row that goes out).
    slots = [facts.slot(row.tile) for row in base.discards if not row.wins]
    openers = facts.row_openers(whole, slots) if draws else {}
    pool = pool_size(len(out_of_play) + 2)
    rows: list[OpeningChanceRow] = []
    stopped: Stop | None = None  # set once a row could not be computed: every later row is not either
    spent = 0  # states the rows' solvers expanded (the searches are counted in facts.work)
    methods: tuple[Method, ...] = ("exact", "climb") if first == "exact" and limited else (first,)
    start = facts.work  # the openers of every row, found first, are not counted against the rows
    for plain, row in enumerate(base.discards):
        if row.wins:
            rows.append(OpeningChanceRow(row, 1.0, first, plain=plain))
            continue
        slot = facts.slot(row.tile)
        rest = list(whole)
        rest[slot] -= 1
        hand = tuple(rest)
        chance: float | None = None
        used = first
        why: Stop | None = stopped
        if stopped is None and deadline is not None and perf_counter() > deadline:
            stopped = why = "time"
        for used in methods if stopped is None else ():
            limit = None
            if limited:
                cap = start + (exact_work if used == "exact" else total_work)
                if facts.work + spent >= cap:
                    why = "work"  # this method's share is used up
                    continue
                limit = cap - spent
            solver = OpeningChanceSolver(
                facts, [*out_of_play, row.tile], risk, used, work_limit=limit, deadline=deadline
            )
            solver.thrown = slot
            chance = solver.solve(hand, draws, openers.get(slot))
            spent += solver.expanded
            if chance is not None:
                break
            why = solver.stopped
            if why == "time":
                break
        if chance is None:
            stopped = why or "work"
        rows.append(OpeningChanceRow(row, chance, used, None if chance is not None else stopped, plain))

    def order(row: OpeningChanceRow) -> tuple[object, ...]:
        if row.row.wins:
            return (0, row.plain)
        if row.chance is None:
            return (2, row.plain)
        return (1, -row.chance, row.plain)

    ranked = tuple(sorted(rows, key=order))
    stops = [r.stopped for r in ranked if r.stopped is not None]
    computed = [r.method for r in ranked if r.computed and not r.row.wins] or [first]
    used_method = weakest(computed)
    model = OpeningChanceModel(
        draws, risk, pool, _CAPPED[used_method] if stops else used_method, stops[0] if stops else None
    )
    open_now = None
    if facts.can_open(whole):
        layout = facts.layout(whole, 1)
        open_now = OpenNow(
            layout.value, facts.pairs(whole), layout.value >= deal.rules.open_points, facts.pairs_open(whole)
        )
    top = ranked[0].row
    waits: tuple[OpeningWait, ...] = ()
    if not top.wins and top.open_points < deal.rules.open_points:
        rest_tiles = list(base.tiles)
        rest_tiles.remove(top.tile)
        waits = opening_waits(deal, rest_tiles, [*out_of_play, top.tile])
    return OpeningChanceRanking(
        base.tiles, ranked, model, deal.rules.open_points, deal.rules.open_pairs, open_now, waits
    )


__all__ = [
    "DEFAULT_DRAWS",
    "DEFAULT_RISK",
    "EXACT_DRAWS",
    "MAX_DRAWS",
    "STOCK",
    "Budget",
    "Effort",
    "Method",
    "OpenNow",
    "OpeningChanceModel",
    "OpeningChanceRanking",
    "OpeningChanceRow",
    "OpeningChanceSolver",
    "OpeningFacts",
    "Stop",
    "check_model",
    "draws_from_pile",
    "opening_chance_of",
    "opening_chance_ranking",
    "pool_size",
    "weakest",
]
