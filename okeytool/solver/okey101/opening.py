"""Okey 101 opening analysis (rules.md 5.2-5.5; cli.md ``open``) and 101 discard advice.

* **Opening with melds** (5.2): the highest total value of new sets and runs laid from the hand while
  the player keeps one tile to discard; whether it reaches ``open_points`` (101); its melds; a few
  next-best openings that differ in their melds.
* **Opening with pairs** (5.3): pairs of identical tiles; with ``jokers_in_pairs`` a real okey
  completes a pair with any single tile (two real okeys, or two false jokers, are identical anyway).
* **Elden** (5.4): every tile but one can be laid as new melds.
* **İşler taş** (5.5): tiles that could be laid off on the table's melds.
* **Opening waits**: for a hand below the threshold, the single tiles that would lift it there.
* **Discards** (5.5): for a 22-tile hand, each distinct discard's penalty and the opening left.

The best value comes from the exact search of :mod:`okeytool.solver.okey101.search` (or, with
``solver="cpsat"``, from the CP-SAT model of :mod:`okeytool.solver.okey101.model`; the two agree, and
the tests check it). Alternatives always come from the search.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Literal

from okeytool.deal import Deal, SolverHand
from okeytool.errors import HandSizeError, InputError
from okeytool.parse.supply import check_hand_size, check_supply, limit, unseen
from okeytool.solver.games import game_of
from okeytool.solver.melds.layout import lay_pieces
from okeytool.solver.melds.result import Meld, SolveStatus
from okeytool.solver.melds.search import meld_search
from okeytool.solver.melds.validator import faces_meld_kind
from okeytool.solver.okey101.layoffs import LayOff, TableMeld, isler_tiles, lay_offs
from okeytool.solver.okey101.search import OpeningLayout, OpeningSearch
from okeytool.tiles import ALL_FACES, FACE_COUNT, FALSE_JOKER, Tile, face_index, index_colour, index_number
from okeytool.values import tile_value

SolverName = Literal["search", "cpsat"]
DEFAULT_OPTIONS = 3
#: Layouts the alternatives search may visit before it settles for what it has found.
ALTERNATIVES_VISIT_LIMIT = 20_000


@cache
def opening_search(wrap: bool) -> OpeningSearch:
    """The shared opening search (and its memo) for a wrap setting."""
    return OpeningSearch(wrap)


@cache
def mirrored_search(wrap: bool) -> OpeningSearch:
    """The shared opening search that takes the faces from the highest down (same values)."""
    return OpeningSearch(wrap, mirrored=True)


def require_opening_rules(deal: Deal, question: str) -> None:
    """Refuse rules without 101 openings (melds worth ``open_points`` or pairs): rules whose game
    does not answer ``open``. Raises :class:`InputError`."""
    if not game_of(deal.rules).answers("open"):
        raise InputError(f"{question} is for Okey 101 openings (--rules 101), not the {deal.rules.name} rules")


# -- results ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Opening:
    """One opening with melds: the melds laid (runs joined as a player lays them) and their value."""

    points: int
    melds: tuple[Meld, ...]

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile laid."""
        return tuple(t for meld in self.melds for t in meld.tiles)

    def key(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """What makes two openings the same: the same melds of the same tiles, each tile of a run
        standing for the same face. In a set only the number matters: which missing colour a wild
        stands for changes nothing on the table."""
        melds = []
        for meld in self.melds:
            if meld.kind == "set":
                melds.append(tuple(sorted((p.tile.index, -p.as_.number) for p in meld.placements)))
            else:
                melds.append(tuple(sorted((p.tile.index, p.as_.index) for p in meld.placements)))
        return tuple(sorted(melds))

    def to_json(self) -> dict[str, object]:
        """cli.md's ``{"points": 104, "melds": [[{"tile": "K13", "as": "K13"}, ...]]}``."""
        return {"points": self.points, "melds": [m.to_json() for m in self.melds]}


NO_OPENING = Opening(0, ())


@dataclass(frozen=True)
class OpeningWait:
    """A tile that would lift the best opening to the threshold, its unseen copies and the new value."""

    tile: Tile
    unseen: int
    points: int

    def to_json(self) -> dict[str, object]:
        """``{"tile": "R5", "unseen": 1, "points": 104}``."""
        return {"tile": str(self.tile), "unseen": self.unseen, "points": self.points}


@dataclass(frozen=True)
class OpeningResult:
    """The answer of :func:`analyse_opening` (cli.md ``open``).

    ``left``: the tiles the best opening does not lay (one of them is the discard). ``isler``: tiles
    of the hand that could be laid off on the table (discarding one costs 101). ``lay_offs``: where
    each can go, for a player who has opened (``None`` when not asked). ``waits``: for a hand below
    the threshold, the tiles that would lift it there.
    """

    tiles: tuple[Tile, ...]
    best: Opening
    open_points: int
    pairs: int
    open_pairs: int
    can_open_pairs: bool
    elden: bool
    options: tuple[Opening, ...]
    left: tuple[Tile, ...]
    isler: tuple[Tile, ...] = ()
    lay_offs: tuple[LayOff, ...] | None = None
    waits: tuple[OpeningWait, ...] = ()
    status: SolveStatus = SolveStatus.OPTIMAL
    solver: str = "search"

    @property
    def can_open(self) -> bool:
        """True if the best opening with melds reaches the threshold."""
        return self.best.points >= self.open_points

    @property
    def unseen_total(self) -> int:
        """Unseen copies of all opening waits together."""
        return sum(w.unseen for w in self.waits)

    def to_json(self) -> dict[str, object]:
        """cli.md's ``open`` document, with extra keys after the contract's."""
        document: dict[str, object] = {
            "best": self.best.to_json(),
            "can_open": self.can_open,
            "open_points": self.open_points,
            "pairs": self.pairs,
            "can_open_pairs": self.can_open_pairs,
            "elden": self.elden,
            "options": [o.to_json() for o in self.options],
            "open_pairs": self.open_pairs,
            "left": [str(t) for t in self.left],
            "isler": [str(t) for t in self.isler],
            "waits": [w.to_json() for w in self.waits],
            "unseen_total": self.unseen_total,
            "status": self.status.value,
        }
        if self.lay_offs is not None:
            document["lay_offs"] = [lay.to_json() for lay in self.lay_offs]
        return document


# -- pairs ------------------------------------------------------------------------------------------


def pair_count(hand: SolverHand, *, jokers_in_pairs: bool = True) -> int:
    """Pairs of identical tiles (rules.md 5.3) in a hand's solver form.

    Two copies of a face are a pair (F is counted as the okey face, so two F pair). Two real okeys are
    identical tiles and pair; with ``jokers_in_pairs`` a real okey also completes a single tile.

    >>> pair_count(SolverHand((2, 1) + (0,) * 50, 1))
    2
    >>> pair_count(SolverHand((2, 1) + (0,) * 50, 1), jokers_in_pairs=False)
    1
    """
    pairs = sum(n // 2 for n in hand.counts)
    wilds = hand.wilds
    if jokers_in_pairs:
        singles = sum(n % 2 for n in hand.counts)
        completed = min(wilds, singles)
        pairs += completed
        wilds -= completed
    return pairs + wilds // 2


def can_open_with_pairs(deal: Deal, hand: SolverHand, *, keep: int = 1) -> bool:
    """True if ``open_pairs`` pairs can be laid while ``keep`` tiles stay in the hand."""
    need = deal.rules.open_pairs
    pairs = pair_count(hand, jokers_in_pairs=deal.rules.jokers_in_pairs)
    return pairs >= need and 2 * need <= hand.size - keep


# -- the best opening -------------------------------------------------------------------------------


def best_layout(deal: Deal, hand: SolverHand, *, keep: int = 1) -> OpeningLayout:
    """The most valuable layout of new melds that leaves at least ``keep`` (0 or 1) tiles in the hand.

    Raises ``ValueError`` for another ``keep``.
    """
    return opening_search(deal.rules.wrap).best_layout_keeping(hand.counts, hand.wilds, keep)


def best_value_cpsat(deal: Deal, hand: SolverHand, *, keep: int = 1) -> tuple[OpeningLayout, SolveStatus]:
    """:func:`best_layout` by the CP-SAT model. Raises :class:`SolverError` if the solve is not proven."""
    from okeytool.solver.okey101.model import OpeningModel
    from okeytool.solver.okey101.search import Piece

    solution = OpeningModel(deal, hand, keep=keep).solve()
    pieces = tuple(Piece(-1, faces, ()) for faces in solution.pieces)
    return OpeningLayout(pieces, solution.value), solution.status


def can_lay_all_but_one(deal: Deal, hand: SolverHand) -> bool:
    """Elden (rules.md 5.4): all tiles but one can be laid as new melds."""
    if hand.size == 0:
        return False
    found = meld_search(deal.rules.wrap).find(hand.counts, free=hand.wilds, drops=1, size=hand.size - 1)
    return found is not None


def can_lay_all(deal: Deal, hand: SolverHand) -> bool:
    """All tiles of the hand can be laid as new melds (after the discard: going out)."""
    found = meld_search(deal.rules.wrap).find(hand.counts, free=hand.wilds, drops=0, size=hand.size)
    return found is not None


def opening_from_layout(deal: Deal, hand: SolverHand, layout: OpeningLayout) -> Opening:
    """The layout's pieces laid with the hand's tiles (runs that continue each other joined)."""
    melds = lay_pieces(deal, hand.counts, [p.faces for p in layout.pieces])
    return Opening(sum(m.value for m in melds), melds)


def left_over(tiles: Sequence[Tile], opening: Opening) -> tuple[Tile, ...]:
    """The tiles of the hand that the opening does not lay, in canonical order."""
    rest = Counter(tiles)
    rest.subtract(opening.tiles)
    return tuple(sorted(rest.elements()))


# -- alternatives -----------------------------------------------------------------------------------


@lru_cache(maxsize=1 << 16)
def _extends_faces(faces: tuple[int, ...], face: int, wrap: bool) -> bool:
    """True if the face ``face`` (-1: any face, for a wild) joins the meld of ``faces``.

    A meld is a set (one number) or a run (one colour), so only a face of the number or the colour
    of its first tile can join it."""
    stood = [Tile(f) for f in faces]
    options = [Tile(f) for f in range(FACE_COUNT) if _may_join(faces, f)] if face < 0 else (Tile(face),)
    return any(faces_meld_kind([*stood, f], wrap) is not None for f in options)


def _may_join(faces: tuple[int, ...], face: int) -> bool:
    """False when ``face`` cannot join the meld of ``faces``: it has neither the number nor the
    colour of its first tile (a wild, -1, may join any). Raises nothing."""
    return face < 0 or index_number(face) == index_number(faces[0]) or index_colour(face) == index_colour(faces[0])


def is_maximal(deal: Deal, tiles: Sequence[Tile], opening: Opening, *, keep: int = 1) -> bool:
    """True unless the opening is a lesser copy of another: a wild stands for a face whose own tile
    stays in the hand (that tile could take its place), a tile left over (beyond the one kept) would
    join one of its melds, or the tiles left over hold another meld."""
    left = left_over(tiles, opening)
    left_faces = {deal.plays_as(tile) for tile in left}
    if any(deal.is_wild(p.tile) and p.as_ in left_faces for meld in opening.melds for p in meld.placements):
        return False
    if len(left) <= keep:
        return True
    wrap = deal.rules.wrap
    faces = {-1 if face is None else face.index for face in left_faces}
    melds = [tuple(p.as_.index for p in meld.placements) for meld in opening.melds]
    if any(_extends_faces(meld, face, wrap) for meld in melds for face in faces if _may_join(meld, face)):
        return False
    rest = deal.solver_hand(left)
    return not opening_search(deal.rules.wrap).has_piece(rest.counts, rest.wilds, rest.size - keep)


def _surely_not_maximal(deal: Deal, hand: SolverHand, layout: OpeningLayout, keep: int) -> bool:
    """True when :func:`is_maximal` is sure to refuse the layout once laid: the tiles it leaves over
    hold another meld (exactly the full test's last question), or a tile it leaves over, beyond the
    ``keep``, joins one of its melds. Read from the pieces, without laying them: a set of
    three takes a left tile of a missing colour (or a left wild); a run piece takes a left tile (or
    wild) of the face beyond either end when no run piece holds that face, for then the run it is
    joined into does not hold it either. False says nothing (the full test decides). Raises nothing.

    Slots take the hand's plain tiles first, as :func:`lay_pieces` does, so what is left over is
    known from the counts. Where a set of one tile and two wilds is laid as a run (``lone_tile_run``)
    sets are not read.
    """
    if hand.size - layout.laid <= keep:
        return False
    slots: dict[int, int] = {}
    for piece in layout.pieces:
        for f in piece.faces:
            slots[f] = slots.get(f, 0) + 1
    counts = hand.counts
    wilds_left = hand.wilds - sum(n - counts[f] for f, n in slots.items() if n > counts[f])
    left_wild = wilds_left > 0
    held = 0
    for face, n in enumerate(counts):
        if n > slots.get(face, 0):
            held |= 1 << face
    if opening_search(deal.rules.wrap).has_piece_in(held, wilds_left, hand.size - layout.laid - keep):
        return True  # the tiles left over hold another meld
    in_runs = {f for piece in layout.pieces if index_number(piece.faces[0]) != index_number(piece.faces[1])
               for f in piece.faces}  # fmt: skip

    def left(face: int) -> bool:
        return left_wild or counts[face] > slots.get(face, 0)

    for piece in layout.pieces:
        faces = piece.faces
        numbers = [index_number(f) for f in faces]
        if numbers[0] == numbers[1]:
            if len(faces) == 3 and not deal.rules.lone_tile_run:
                colours = {index_colour(f) for f in faces}
                number = numbers[0]
                if any(left(face_index(c, number)) for c in range(4) if c not in colours):
                    return True
            continue
        if 1 in numbers and 13 in numbers:
            continue  # a run round the corner: left to the full test
        ends = ([faces[0] - 1] if numbers[0] > 1 else []) + ([faces[-1] + 1] if numbers[-1] < 13 else [])
        if any(end not in in_runs and left(end) for end in ends):
            return True
    return False


def alternatives(deal: Deal, tiles: Sequence[Tile], best: Opening, count: int, *, keep: int = 1) -> tuple[Opening, ...]:
    """Up to ``count`` next-best openings, each with melds different from ``best`` and from each other.

    Only maximal openings are listed (:func:`is_maximal`): the best opening less a tile is not an
    alternative. Ordered by value, then by their melds. The search visits at most
    :data:`ALTERNATIVES_VISIT_LIMIT` layouts, so on a very rich hand the list is the best found.
    """
    if count <= 0 or best.points == 0:
        return ()
    hand = deal.solver_hand(tiles)
    search = opening_search(deal.rules.wrap)
    seen_pieces: set[tuple[tuple[int, ...], ...]] = set()
    seen_laid: set[tuple[object, ...]] = set()
    found: dict[tuple[object, ...], Opening] = {}
    ranked: list[int] = []
    best_key = best.key()

    def floor() -> float:
        return ranked[count - 1] if len(ranked) >= count else 1

    def accept(layout: OpeningLayout) -> None:
        if layout.value < floor() or layout.laid > hand.size - keep or layout.value == 0:
            return None
        shape = tuple(sorted(p.faces + (-1,) + p.wild_faces for p in layout.pieces))
        if shape in seen_pieces:
            return None
        seen_pieces.add(shape)
        if _surely_not_maximal(deal, hand, layout, keep):
            return None
        laid = _laid_key(hand, layout)
        if laid in seen_laid:
            return None  # the same melds of the same tiles as a layout already judged
        seen_laid.add(laid)
        opening = opening_from_layout(deal, hand, layout)
        key = opening.key()
        if key == best_key or key in found or not is_maximal(deal, tiles, opening, keep=keep):
            return None
        found[key] = opening
        ranked.append(opening.points)
        ranked.sort(reverse=True)
        return None

    search.layouts(
        hand.counts, hand.wilds, accept=accept, floor=floor, limit=ALTERNATIVES_VISIT_LIMIT, maximal_keep=keep
    )
    ordered = sorted(found.items(), key=lambda item: (-item[1].points, item[0]))
    return tuple(opening for _, opening in ordered[:count])


# -- waits and unseen tiles -------------------------------------------------------------------------


def drawable_tiles(deal: Deal) -> tuple[Tile, ...]:
    """Every tile a player can draw, as written: each numbered face (the okey face is a real okey), and F."""
    extra = (FALSE_JOKER,) if deal.okey is not None else (deal.wild_tile(),)
    return (*ALL_FACES, *extra)


def _wild_places(layout: OpeningLayout) -> frozenset[int]:
    """The faces a plain tile could stand on in place of one of the layout's wilds, the layout
    keeping its value and size: each wild's own face, and in a set any colour of its number that
    no plain tile of the set holds."""
    places: set[int] = set()
    for piece in layout.pieces:
        if not piece.wild_faces:
            continue
        places.update(piece.wild_faces)
        number = index_number(piece.faces[0])
        if all(index_number(f) == number for f in piece.faces):
            plain = {index_colour(f) for f in piece.faces if f not in piece.wild_faces}
            places.update(face_index(c, number) for c in range(4) if c not in plain)
    return frozenset(places)


def opening_waits(
    deal: Deal, tiles: Sequence[Tile], seen: Sequence[Tile] = (), *, keep: int = 1
) -> tuple[OpeningWait, ...]:
    """The tiles whose addition lifts the best opening to ``open_points`` (empty if it is there already).

    Only tiles that can still exist beside the hand are considered; one whose copies are all seen is
    still listed, with 0 unseen.

    Exact, with two bounds that settle most hands and tiles without a search of their own: a drawn
    tile never lifts the hand above one more wild (the wild can stand where the tile would), so when
    the hand with one more wild stays below the threshold no tile is a wait; and a tile either
    stays in the hand or goes into one piece, so the hand with it is worth at most what the hand
    lays with no tile kept (the other pieces lay tiles of the hand) plus the best piece that can
    take it. A drawn wild is worth exactly the hand with one more wild, and so is a tile that can
    take the place of a wild in the best layout with one more wild (:func:`_wild_places`).
    """
    threshold = deal.rules.open_points
    hand = deal.solver_hand(tiles)
    search = opening_search(deal.rules.wrap)
    if search.best_layout_keeping(hand.counts, hand.wilds, keep).value >= threshold:
        return ()
    wild_layout = search.best_layout_keeping(hand.counts, hand.wilds + 1, keep)
    with_wild = wild_layout.value
    if with_wild < threshold:
        return ()
    reach_top = _wild_places(wild_layout)
    unlaid = search.best_layout_keeping(hand.counts, hand.wilds, 0).value
    mirror = mirrored_search(deal.rules.wrap)
    held = list(tiles)
    held_faces = sum(1 << f for f, n in enumerate(hand.counts) if n)
    out = []
    for tile in drawable_tiles(deal):
        if held.count(tile) >= limit(deal, tile):
            continue
        face = deal.plays_as(tile)
        if face is None or face.index in reach_top:
            value = with_wild
        elif unlaid + search.best_piece_in(held_faces, hand.wilds, face.index) < threshold:
            continue
        else:
            counts = list(hand.counts)
            counts[face.index] += 1
            # The larger hand shares most states with the hand where its tile comes early.
            direction = search if face.index < FACE_COUNT // 2 else mirror
            if direction.best_value(counts, hand.wilds) < threshold:
                continue  # keeping a tile back only lowers it
            value = direction.best_layout_keeping(counts, hand.wilds, keep).value
        if value >= threshold:
            out.append(OpeningWait(tile, unseen(deal, tile, Counter(held), Counter(seen)), value))
    return tuple(out)


# -- the whole analysis -----------------------------------------------------------------------------


def check_opening_hand(
    deal: Deal, tiles: Sequence[Tile], seen: Sequence[Tile] = (), table: Sequence[TableMeld] = ()
) -> None:
    """Refuse a hand the opening analysis cannot take.

    Raises :class:`HandSizeError` for an empty hand or more than 22 tiles, :class:`SupplyError` when
    hand, seen tiles and table together break the supply limits.
    """
    size, most = deal.rules.hand_size, deal.rules.drawn_size
    deal_sizes = f"{size} or {most} in a {deal.rules.name} deal"
    if not tiles:
        raise HandSizeError(f"open needs 1 to {most} tiles ({deal_sizes}), but no tiles were given")
    if len(tiles) > most:
        raise HandSizeError(f"open takes at most {most} tiles ({deal_sizes}), got {len(tiles)}")
    check_supply(deal, tiles, [*seen, *(t for meld in table for t in meld.tiles)])


def analyse_opening(
    deal: Deal,
    tiles: Sequence[Tile],
    *,
    seen: Sequence[Tile] = (),
    table: Sequence[TableMeld] = (),
    opened: bool = False,
    options: int = DEFAULT_OPTIONS,
    waits: bool = True,
    solver: SolverName = "search",
) -> OpeningResult:
    """Analyse a hand for a 101 opening (cli.md ``open``).

    ``tiles`` are as held (``Deal.resolve`` applied); 21 or 22 in a deal, any 1-22 for what-if
    questions. ``seen`` and the table's tiles count as seen for the waits' unseen copies. ``options``:
    how many alternatives to list. ``opened``: also list the lay-offs onto the table.

    Raises :class:`HandSizeError`, :class:`SupplyError` (see :func:`check_opening_hand`),
    :class:`InputError` for a negative ``options`` or an unknown solver, :class:`SolverError` if the
    CP-SAT model does not finish within its time limit.
    """
    require_opening_rules(deal, "open")
    if options < 0:
        raise InputError(f"--options must be 0 or more, not {options}")
    if solver not in ("search", "cpsat"):
        raise InputError(f"unknown solver {solver!r} (search or cpsat)")
    check_opening_hand(deal, tiles, seen, table)
    held = tuple(sorted(tiles))
    hand = deal.solver_hand(held)
    status = SolveStatus.OPTIMAL
    if solver == "cpsat":
        layout, status = best_value_cpsat(deal, hand)
    else:
        layout = best_layout(deal, hand)
    best = opening_from_layout(deal, hand, layout) if layout.value else NO_OPENING
    seen_all = (*seen, *(t for meld in table for t in meld.tiles))
    return OpeningResult(
        tiles=held,
        best=best,
        open_points=deal.rules.open_points,
        pairs=pair_count(hand, jokers_in_pairs=deal.rules.jokers_in_pairs),
        open_pairs=deal.rules.open_pairs,
        can_open_pairs=can_open_with_pairs(deal, hand),
        elden=can_lay_all_but_one(deal, hand),
        options=alternatives(deal, held, best, options),
        left=left_over(held, best),
        isler=isler_tiles(deal, held, table),
        lay_offs=lay_offs(deal, held, table) if opened else None,
        waits=opening_waits(deal, held, seen_all) if waits else (),
        status=status,
        solver=solver,
    )


# -- 101 discards -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Discard101:
    """One distinct discard from a 22-tile 101 hand and what it leaves.

    ``penalty``: 101 when the discard is a real okey or an işler taş (rules.md 5.5; one penalty per
    discard, ``reasons`` says why), 0 when it is a finishing discard (``wins``: the 21 tiles left can
    all be laid as new melds while nobody has opened, elden). ``open_points``: the best opening of the
    21 tiles left (all 21 may be laid, the discard being the tile kept); ``pairs``: their pairs.
    """

    tile: Tile
    penalty: int
    reasons: tuple[str, ...]
    open_points: int
    pairs: int
    can_open: bool
    wins: bool
    okey_finish: bool
    opening: Opening = field(compare=False)

    def to_json(self) -> dict[str, object]:
        """A row shaped like cli.md's ``discard`` entries, with the 101 keys."""
        return {
            "tile": str(self.tile),
            "wins": self.wins,
            "kind": "melds" if self.wins else None,
            "okey_finish": self.okey_finish,
            "deficiency": None,  # classic-hand measures; a 101 hand is judged by its opening instead
            "useful": [],
            "acceptance": 0,
            "penalty": self.penalty,
            "reasons": list(self.reasons),
            "open_points": self.open_points,
            "pairs": self.pairs,
            "can_open": self.can_open,
            "melds": [m.to_json() for m in self.opening.melds],
        }


@dataclass(frozen=True)
class Discard101Result:
    """Every distinct discard of a 22-tile 101 hand, best first (:func:`discard_101`).

    ``waits``: after the best discard, when the 21 tiles left cannot open with melds (and the
    discard does not win), the tiles whose draw would lift their best opening to the threshold.
    """

    tiles: tuple[Tile, ...]
    discards: tuple[Discard101, ...]
    open_points: int
    waits: tuple[OpeningWait, ...] = ()

    def to_json(self) -> dict[str, object]:
        """``{"discards": [row, ...], "waits": [...]}`` like cli.md's ``discard`` document."""
        return {"discards": [d.to_json() for d in self.discards], "waits": [w.to_json() for w in self.waits]}


def _laid_key(hand: SolverHand, layout: OpeningLayout) -> tuple[object, ...]:
    """What :func:`opening_from_layout` lays depends on: the pieces and, for each face they hold,
    how many of its slots the hand's plain tiles fill. Raises nothing."""
    pieces = tuple(sorted(p.faces for p in layout.pieces))
    slots = Counter(f for faces in pieces for f in faces)
    return (pieces, tuple(min(hand.counts[f], n) for f, n in sorted(slots.items())))


def _laying(deal: Deal) -> Callable[[SolverHand, OpeningLayout], Opening]:
    """:func:`opening_from_layout` remembering what it laid: the melds depend only on the pieces
    and, for each face they hold, on how many of its slots the hand's plain tiles fill."""
    done: dict[tuple[object, ...], Opening] = {}

    def laid(hand: SolverHand, layout: OpeningLayout) -> Opening:
        key = _laid_key(hand, layout)
        found = done.get(key)
        if found is None:
            found = done[key] = opening_from_layout(deal, hand, layout)
        return found

    return laid


def discard_penalty(deal: Deal, tile: Tile, table: Sequence[TableMeld]) -> tuple[str, ...]:
    """Why discarding ``tile`` costs 101 (rules.md 5.5): ``"okey"`` for a real okey, ``"isler"`` for a
    tile that could be laid off on a table meld. Empty when it costs nothing."""
    reasons = []
    if deal.is_wild(tile):
        reasons.append("okey")
    if any(meld.accepts(deal, tile) for meld in table):
        reasons.append("isler")
    return tuple(reasons)


def _less_one(deal: Deal, hand: SolverHand, tile: Tile) -> SolverHand:
    """The solver form of the hand less one ``tile`` it holds (what ``deal.solver_hand`` gives for the
    tiles less that one). Raises nothing."""
    face = deal.plays_as(tile)
    if face is None:
        return SolverHand(hand.counts, hand.wilds - 1)
    counts = list(hand.counts)
    counts[face.index] -= 1
    return SolverHand(tuple(counts), hand.wilds)


def discard_101(
    deal: Deal, tiles: Sequence[Tile], *, table: Sequence[TableMeld] = (), with_waits: bool = True
) -> Discard101Result:
    """Rank the distinct discards of a 22-tile 101 hand.

    Order: winning discards first (all 21 left laid as new melds: elden, or an opening that lays
    everything after someone else opened), a real okey thrown first among them; then discards
    without penalty; then the higher opening value left; then more pairs; then the tile of lower
    value (rules.md 5.2: a higher tile kept counts more towards the opening it may yet make); then
    canonical tile order.
    ``with_waits``: also list the opening waits after the best discard (a player deciding only what to
    throw, as the arena's policies do, needs the rows alone).

    Raises :class:`HandSizeError` for a hand that is not 22 tiles, :class:`SupplyError` when hand and
    table break the supply limits, :class:`InputError` for rules without 101 openings.
    """
    require_opening_rules(deal, "discard with openings")
    check_hand_size(tiles, (deal.rules.drawn_size,), "discard in 101")
    check_supply(deal, tiles, [t for meld in table for t in meld.tiles])
    held = tuple(sorted(tiles))
    laid = _laying(deal)
    # A discard wins only if the 21 tiles left lay out, so only from a hand that is elden.
    whole = deal.solver_hand(held)
    elden = can_lay_all_but_one(deal, whole)
    rows = []
    for tile in sorted(set(held)):
        hand = _less_one(deal, whole, tile)
        layout = best_layout(deal, hand, keep=0)
        opening = laid(hand, layout) if layout.value else NO_OPENING
        # Going out: all 21 laid as new melds, the 22nd thrown. Before anyone opened that is elden,
        # worth any points; after, the melds must make an opening (rules.md 5.4, 5.6).
        wins = elden and can_lay_all(deal, hand) and (not table or opening.points >= deal.rules.open_points)
        reasons = () if wins else discard_penalty(deal, tile, table)
        rows.append(
            Discard101(
                tile=tile,
                penalty=deal.rules.discard_penalty if reasons else 0,
                reasons=reasons,
                open_points=opening.points,
                pairs=pair_count(hand, jokers_in_pairs=deal.rules.jokers_in_pairs),
                can_open=opening.points >= deal.rules.open_points or can_open_with_pairs(deal, hand, keep=0),
                wins=wins,
                okey_finish=wins and deal.is_wild(tile),
                opening=opening,
            )
        )
    rows.sort(
        key=lambda r: (
            not r.wins,
            not r.okey_finish,
            r.penalty,
            -r.open_points,
            -r.pairs,
            tile_value(deal, r.tile),
            r.tile,
        )
    )
    top = rows[0]
    waits: tuple[OpeningWait, ...] = ()
    if with_waits and not top.wins and top.open_points < deal.rules.open_points:
        rest = list(held)
        rest.remove(top.tile)
        waits = opening_waits(deal, rest, [t for meld in table for t in meld.tiles])
    return Discard101Result(held, tuple(rows), deal.rules.open_points, waits)
