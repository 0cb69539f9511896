"""Hand analysis (rules.md section 4): deficiency, waits, useful tiles and the discard ranking.

Definitions, for a hand H of 14 tiles (the contract):

* ``deficiency(H)``: the fewest tiles of H to exchange for tiles that exist (supply limits; seen tiles
  do not reduce it) to make a winning 14 (meld hand or seven pairs): 0 complete, 1 tenpai.
* ``waits(H)``: the faces X that can still exist beside H such that H + X has a winning discard.
* ``useful(H)``: the faces X such that the best 14 of H + X are closer to winning than H.
* For a 15-tile hand, one row per distinct discard D with the deficiency and useful tiles of H - D;
  unseen counts are taken against the whole 15-tile hand.

All of it is answered by the exact search (:mod:`okeytool.solver.melds.search`) and the closed-form
seven-pairs count (:mod:`okeytool.solver.classic.pairs`); :class:`okeytool.solver.classic.model.MeldModel` gives the
same deficiencies with CP-SAT and the tests hold the two together.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from operator import attrgetter
from typing import Protocol

from okeytool.deal import Deal, SolverHand
from okeytool.errors import SolverError
from okeytool.finish import Finish
from okeytool.parse.supply import check_hand_size, check_supply, unseen, unseen_by_index
from okeytool.solver.classic.check import SolverName, Win, best_win, win_rank
from okeytool.solver.classic.cover import ANY_FACE, MeldCover, hand_masks
from okeytool.solver.classic.pairs import (
    PAIRS,
    kept_of_pairs,
    orphan_mask,
    pairs_counts_after,
    pairs_counts_of_masks,
    pairs_deficiency,
    pairs_deficiency_of_masks,
)
from okeytool.solver.melds.result import ArrangementKind
from okeytool.solver.melds.search import meld_search
from okeytool.tiles import ALL_FACES, ALL_FACES_MASK, FACE_COUNT, VECTOR_SIZE, Tile


@cache
def meld_cover(wrap: bool) -> MeldCover:
    """The shared cover programme for a wrap setting."""
    return MeldCover(wrap)


@dataclass(frozen=True, order=True)
class TileCount:
    """A face with the number of its copies still unseen."""

    tile: Tile
    unseen: int

    def to_json(self) -> dict[str, object]:
        """``{"tile": "R5", "unseen": 1}``."""
        return {"tile": str(self.tile), "unseen": self.unseen}


_unseen = attrgetter("unseen")
#: Tiles in tile order without the comparisons of Python's own methods.
_tile_index = attrgetter("index")


@dataclass(frozen=True)
class Deficiency:
    """How far a hand is from winning: overall, as a meld hand, and as seven pairs (None: not used).

    ``melds`` is exact only when it is at most ``total``; above that it is a lower bound (the search
    stops once seven pairs are known to be closer).
    """

    total: int
    melds: int
    pairs: int | None


@dataclass(frozen=True)
class WaitsResult:
    """The answer of :func:`analyse_waits`."""

    tiles: tuple[Tile, ...]
    deficiency: Deficiency
    waits: tuple[TileCount, ...]
    useful: tuple[TileCount, ...]

    @property
    def unseen_total(self) -> int:
        """Unseen copies of the waits, or of the useful tiles when there are no waits."""
        return sum(t.unseen for t in (self.waits or self.useful))

    def to_json(self) -> dict[str, object]:
        """cli.md's ``waits`` document."""
        return {
            "deficiency": self.deficiency.total,
            "waits": [t.to_json() for t in self.waits],
            "useful": [t.to_json() for t in self.useful],
            "unseen_total": self.unseen_total,
        }


@dataclass(frozen=True)
class DiscardOption:
    """One row of the discard ranking: what throwing ``tile`` leaves (``win``: how it wins, if it does)."""

    tile: Tile
    win: Win | None
    deficiency: int
    useful: tuple[TileCount, ...]
    penalty: int = 0
    second_order: int | None = None

    @property
    def wins(self) -> bool:
        """True if throwing the tile wins."""
        return self.win is not None

    @property
    def kind(self) -> ArrangementKind | None:
        """``"melds"`` or ``"pairs"`` for a winning discard, else None."""
        return self.win.kind if self.win else None

    @property
    def okey_finish(self) -> bool:
        """True if throwing the tile wins with a real okey (okey atmak)."""
        return self.win.okey_finish if self.win else False

    @property
    def multiplier(self) -> int:
        """The win's multiplier (1, 2, 4), 0 when the discard does not win."""
        return self.win.multiplier if self.win else 0

    @property
    def acceptance(self) -> int:
        """Unseen copies of the useful tiles: how many draws bring the hand closer."""
        return sum(map(_unseen, self.useful))

    def to_json(self) -> dict[str, object]:
        """One entry of cli.md's ``discards`` list."""
        return {
            "tile": str(self.tile),
            "wins": self.wins,
            "kind": self.kind,
            "okey_finish": self.okey_finish,
            "multiplier": self.multiplier,
            "deficiency": self.deficiency,
            "useful": [t.to_json() for t in self.useful],
            "acceptance": self.acceptance,
            "penalty": self.penalty,
            "second_order": self.second_order,
        }


@dataclass(frozen=True)
class DiscardResult:
    """The answer of :func:`rank_discards`: one option per distinct tile, best first."""

    tiles: tuple[Tile, ...]
    options: tuple[DiscardOption, ...]

    @property
    def best(self) -> DiscardOption:
        """The recommended discard."""
        return self.options[0]

    def to_json(self) -> dict[str, object]:
        """cli.md's ``discard`` document."""
        return {"discards": [o.to_json() for o in self.options]}


@dataclass(frozen=True)
class MeldDraws:
    """Faces that may bring a hand closer as a meld hand, and which of them are known to.

    Both are face bit masks (bit *f* for face index *f*); ``exact`` None means every face in ``faces``
    is known (nothing was relaxed).
    """

    faces: int
    exact: int | None


@cache
def _byte_bits() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The bit indices of each byte value, by the byte's place in a face mask (built on first use,
    not when a command that never asks is started)."""
    by_value = tuple(tuple(bit for bit in range(8) if value >> bit & 1) for value in range(256))
    return tuple(
        tuple(tuple(8 * place + bit for bit in bits) for bits in by_value) for place in range((FACE_COUNT + 7) // 8)
    )


def _bits(mask: int) -> list[int]:
    """The indices of the bits set in ``mask`` (a face mask), lowest first."""
    out: list[int] = []
    for place in _byte_bits():
        if not mask:
            break
        if mask & 255:
            out += place[mask & 255]
        mask >>= 8
    return out


@lru_cache(maxsize=64)
def _deal_faces(deal: Deal) -> tuple[tuple[int, ...], int, tuple[Tile, ...], tuple[int, ...], int, int]:
    """What an analyser needs of a deal's faces: the supply of each, the mask of those without a
    twin (seven pairs), how each is held (the okey face as F) and that tile's index, by face index,
    and the masks of the faces with at least one plain copy and with two (a face has one or two,
    :meth:`Deal.supply`)."""
    supply = deal.supply_vector()
    held = list(ALL_FACES)  # each face held as itself, the okey face as F
    if deal.okey is not None:
        held[deal.okey.index] = deal.tile_for_face(deal.okey)
    tile_for = tuple(held)
    one = sum(1 << face for face, n in enumerate(supply) if n >= 1)
    two = sum(1 << face for face, n in enumerate(supply) if n >= 2)
    return supply, orphan_mask(supply), tile_for, tuple(tile.index for tile in tile_for), one, two


class Distances(Protocol):
    """What a ranking asks of its rows, the 14-tile hands a 15 leaves: how many tiles each is from
    winning, and which draws bring it closer (:meth:`Analyser.useful_faces`' answer). :class:`Analyser`
    answers it; so do a chance ranking's hand facts, whose recursion asks the same hands again."""

    def rows(self, whole: SolverHand, removed: Sequence[Tile | None]) -> list[tuple[int, tuple[int, bool]]]:
        """For each face removed from ``whole`` (None: a wild), in that order: the distance of what
        is left and its useful draws ((0, False) when it wins)."""
        ...


class Analyser:
    """Deficiencies and draws for one deal. Results are cached per hand for the analyser's life.

    The meld part comes from the cover programme (:mod:`okeytool.solver.classic.cover`), which does not
    count copies; when more than two slots are unfilled, so that copies could run out, its answers
    are confirmed by the exact search (:mod:`okeytool.solver.melds.search`).
    """

    def __init__(self, deal: Deal) -> None:
        self.deal = deal
        self.search = meld_search(deal.rules.wrap)
        self.cover = meld_cover(deal.rules.wrap)
        self.supply, self.orphans, self.tile_for, self.index_for, self.supply_one, self.supply_two = _deal_faces(deal)
        self.pairs = deal.rules.seven_pairs
        self.size = deal.rules.hand_size
        self.wilds = deal.rules.max_wilds
        self._cache: dict[tuple[tuple[int, ...], int], tuple[Deficiency, MeldDraws]] = {}

    def deficiency(self, hand: SolverHand) -> Deficiency:
        """The deficiency of a 14-tile hand, or of the best 14 of a 15-tile hand."""
        return self._solve(hand)[0]

    def distance(self, hand: SolverHand) -> int:
        """The deficiency's total."""
        return self._solve(hand)[0].total

    def rows(self, whole: SolverHand, removed: Sequence[Tile | None]) -> list[tuple[int, tuple[int, bool]]]:
        """:class:`Distances`: the hands ``whole`` less each face, one by one."""
        out = []
        for face in removed:
            hand = whole.without(face)
            distance = self.distance(hand)
            out.append((distance, self.useful_faces(hand) if distance else (0, False)))
        return out

    def deficiency_bounds(self, whole: SolverHand, removed: Sequence[Tile | None]) -> list[int]:
        """For each tile ``removed`` from ``whole`` (by the face it plays as; None for a wild), a
        lower bound of the deficiency of what is left, from one cover of the whole hand: less a face
        some optimal choice leaves a copy of out, the cover keeps as many tiles, less any other one
        fewer (:meth:`MeldCover.kept_and_spares`). Below the exact value only where copies could
        run out (more unfilled slots than wilds, :meth:`deficiency` then asks the certificate)."""
        kept, spares = self.cover.kept_and_spares(whole.counts, self.size)
        bounds = []
        for face in removed:
            hand = whole.without(face)
            left = kept if face is None or spares >> face.index & 1 else kept - 1
            bound = max(0, self.size - left - hand.wilds)
            if self.pairs:
                bound = min(bound, pairs_deficiency_of_masks(*hand_masks(hand.counts), self.orphans, hand.wilds))
            bounds.append(bound)
        return bounds

    def _solve(self, hand: SolverHand) -> tuple[Deficiency, MeldDraws]:
        key = (hand.counts, hand.wilds)
        known = self._cache.get(key)
        if known is None:
            known = self._deficiency(hand)
            self._cache[key] = known
        return known

    def _deficiency(self, hand: SolverHand) -> tuple[Deficiency, MeldDraws]:
        one, two = hand_masks(hand.counts)
        pairs = pairs_deficiency_of_masks(one, two, self.orphans, hand.wilds) if self.pairs else None
        kept, faces = self.cover.kept_and_faces(one, two, self.size)
        melds = max(0, self.size - kept - hand.wilds)
        if faces & ANY_FACE:
            faces = ALL_FACES_MASK
        exact = None
        if hand.wilds + melds > self.wilds and (pairs is None or melds <= pairs):
            # More unfilled slots than wilds: copies could run out. Keep what a layout within the
            # supply vouches for; if none is, the exact search decides.
            certificate = self.cover.certify(hand.counts, self.supply, self.size, masks=(one, two))
            exact = certificate.shown
            if not certificate.realisable:
                melds = self._exact_melds(hand, melds + 1, pairs)
                faces, exact = ALL_FACES_MASK, 0
        total = melds if pairs is None else min(melds, pairs)
        return Deficiency(total, melds, pairs), MeldDraws(faces, exact)

    def _exact_melds(self, hand: SolverHand, least: int, pairs: int | None) -> int:
        """The meld deficiency by the exact search, from a lower bound up (or up to ``pairs`` + 1)."""
        extra = hand.size - self.size
        outside = [s - n for s, n in zip(self.supply, hand.counts)]
        ceiling = pairs if pairs is not None else self.size
        d = least
        while d <= ceiling:
            found = self.search.find(hand.counts, free=hand.wilds + d, drops=extra + d, outside=outside, size=self.size)
            if found:
                return d
            d += 1
        return d

    def draws(self, hand: SolverHand) -> list[tuple[Tile, SolverHand]]:
        """Every tile that can still exist beside the hand, with the hand after drawing it.

        A plain face is written as held (the okey face as ``F``); a real okey as its face.
        """
        out = []
        counts = hand.counts
        for face in range(FACE_COUNT):
            if counts[face] < self.supply[face]:
                more = list(counts)
                more[face] += 1
                out.append((self.tile_for[face], SolverHand(tuple(more), hand.wilds)))
        if hand.wilds < self.wilds:
            out.append((self.deal.wild_tile(), SolverHand(counts, hand.wilds + 1)))
        return out

    def useful_draws(self, hand: SolverHand) -> list[Tile]:
        """The draws after which the best 14 of the hand are closer to winning, in :meth:`draws` order.

        A plain face is useful when seven pairs get closer with it, or (as a meld hand) when it fills
        an unfilled slot of an optimal cover that a layout within the supply vouches for, or that the
        exact search confirms. A wild always is (it fills any unfilled slot).
        """
        return self.draws_of(*self.useful_faces(hand))

    def draws_of(self, faces: int, wild: bool) -> list[Tile]:
        """The tiles of :meth:`useful_faces`' answer, in :meth:`draws` order."""
        useful = [self.tile_for[face] for face in _bits(faces)]
        if wild:
            useful.append(self.deal.wild_tile())
        return useful

    def draw_indices(self, faces: int, wild: bool) -> list[int]:
        """The tile indices of :meth:`draws_of`' tiles, in tile order (as a discard row lists them)."""
        useful = _bits(faces)  # every face's tile index is its own but the okey face's: it is held as F
        okey = self.deal.okey
        if okey is not None and faces >> okey.index & 1:
            useful.remove(okey.index)
            useful.append(self.index_for[okey.index])
        if wild:
            useful.append(self.deal.wild_tile().index)
        useful.sort()
        return useful

    def useful_faces(self, hand: SolverHand) -> tuple[int, bool]:
        """:meth:`useful_draws` as a face mask (bit *f* for plain face *f*) and whether a wild is useful."""
        deficiency, meld_draws = self._solve(hand)
        d = deficiency.total
        if d == 0:
            return 0, False
        one, two = hand_masks(hand.counts)
        # Faces of which a copy can exist beside the hand (a face's supply is one or two copies).
        available = (self.supply_one & ~one) | (self.supply_two & one & ~two)
        useful = 0
        if deficiency.pairs == d:
            # Seven pairs after a draw depend only on how often the face is held and whether it
            # has a twin outside: at most four cases, each decided once for all its faces.
            paired = pairs_counts_of_masks(one, two, self.orphans)
            for held, faces in ((0, available & ~one), (1, available & one)):
                for supply, of_supply in ((1, self.supply_one & ~self.supply_two), (2, self.supply_two)):
                    if faces & of_supply:
                        after = pairs_counts_after(paired, held, supply)
                        if 2 * PAIRS - kept_of_pairs(after, hand.wilds) < d:
                            useful |= faces & of_supply
        if deficiency.melds == d:
            melds = meld_draws.faces & available & ~useful
            sure = melds if meld_draws.exact is None else melds & meld_draws.exact
            useful |= sure
            for face in _bits(melds & ~sure):
                if self._closer(self._with(hand, face), d):
                    useful |= 1 << face
        return useful, hand.wilds < self.wilds

    @staticmethod
    def _with(hand: SolverHand, face: int) -> SolverHand:
        """The hand with one more copy of a plain face."""
        more = list(hand.counts)
        more[face] += 1
        return SolverHand(tuple(more), hand.wilds)

    def _closer(self, after: SolverHand, deficiency: int) -> bool:
        """Exact: the 15-tile hand ``after`` has a meld 14 with deficiency below ``deficiency``."""
        target = deficiency - 1
        outside = [s - n for s, n in zip(self.supply, after.counts)]
        extra = after.size - self.size
        layout = self.search.find(
            after.counts, free=after.wilds + target, drops=extra + target, outside=outside, size=self.size
        )
        return layout is not None


class CpSatAnalyser(Analyser):
    """The same questions answered by the CP-SAT meld model alone (``--solver cpsat``).

    Deficiencies come from :meth:`MeldModel.meld_deficiency`; a draw is useful exactly when the model
    finds the hand after it closer to winning. Slower by two to three orders of magnitude: it is the
    independent second answer that the tests hold the fast one to.
    """

    def _deficiency(self, hand: SolverHand) -> tuple[Deficiency, MeldDraws]:
        from okeytool.solver.classic.model import MeldModel

        pairs = pairs_deficiency(hand.counts, hand.wilds, self.supply) if self.pairs else None
        melds = MeldModel(self.deal, hand, supply=self.supply).meld_deficiency()
        total = melds if pairs is None else min(melds, pairs)
        return Deficiency(total, melds, pairs), MeldDraws(ALL_FACES_MASK, 0)

    def _closer(self, after: SolverHand, deficiency: int) -> bool:
        from okeytool.solver.classic.model import MeldModel

        return MeldModel(self.deal, after, supply=self.supply).meld_deficiency() < deficiency


def analyser_for(deal: Deal, solver: SolverName = "search") -> Analyser:
    """The analyser of a solver name: ``search`` (fast, exact) or ``cpsat`` (the CP-SAT model)."""
    return CpSatAnalyser(deal) if solver == "cpsat" else Analyser(deal)


def analyse_waits(
    deal: Deal, tiles: Sequence[Tile], seen: Sequence[Tile] = (), *, solver: SolverName = "search"
) -> WaitsResult:
    """Deficiency, waits and useful tiles of a 14-tile hand (tiles as held, ``Deal.resolve`` applied).

    Raises :class:`HandSizeError` for another size, :class:`SupplyError` for impossible tiles.
    """
    check_hand_size(tiles, (deal.rules.hand_size,), "waits")
    check_supply(deal, tiles, seen)
    analyser = analyser_for(deal, solver)
    hand = deal.solver_hand(tiles)
    held, shown = Counter(tiles), Counter(seen)
    deficiency = analyser.deficiency(hand)
    draws = analyser.draws(hand)
    useful = analyser.useful_draws(hand)
    if deficiency.total == 0:
        waits = [tile for tile, _ in draws]
    elif deficiency.total == 1:
        waits = useful
    else:
        waits = []

    def counted(faces: list[Tile]) -> tuple[TileCount, ...]:
        return tuple(sorted(TileCount(t, unseen(deal, t, held, shown)) for t in faces))

    return WaitsResult(tuple(sorted(tiles)), deficiency, counted(waits), counted(useful))


def rank_discards(
    deal: Deal,
    tiles: Sequence[Tile],
    seen: Sequence[Tile] = (),
    *,
    solver: SolverName = "search",
    deep: bool = False,
    analyser: Analyser | None = None,
    distances: Distances | None = None,
) -> DiscardResult:
    """One row per distinct tile of a 15-tile hand, best first (rules.md section 4 order).

    Order: winning discards first, as :func:`check_hand` orders them (a Kafa that wins the match,
    then the highest multiplier, then more doublings), then lower deficiency, then higher acceptance,
    then a tile that is not a real okey, then (``deep`` only, among the rows tied at the top) higher
    second-order acceptance (:func:`second_order`), then more kinds of useful tile, then tile order.
    ``analyser``: one of the deal's to reuse (its memo of hands kept), else a new one for ``solver``.
    ``distances``: where the rows' distances and useful draws come from instead of the analyser (the
    same answers; a chance ranking passes its hand facts, which its recursion asks again).
    Raises :class:`HandSizeError` for another size, :class:`SupplyError` for impossible tiles.
    """
    analyser = _checked(deal, tiles, seen, solver, analyser)
    options = _rows(deal, tiles, seen, analyser, solver, least_only=False, distances=distances)
    options.sort(key=lambda o: _discard_order(deal, o))
    if deep:
        options = _break_top_tie(deal, analyser, tuple(tiles), seen, options)
    return DiscardResult(tuple(sorted(tiles, key=_tile_index)), tuple(options))


def best_discard(
    deal: Deal, tiles: Sequence[Tile], seen: Sequence[Tile] = (), *, analyser: Analyser | None = None
) -> DiscardOption:
    """The top row of :func:`rank_discards` (without ``deep``), found without the useful draws of
    the rows that cannot be top: those farther from winning than the nearest. What a player who
    follows the plain ranking throws, at the cost of a few rows."""
    analyser = _checked(deal, tiles, seen, "search", analyser)
    return min(_rows(deal, tiles, seen, analyser, "search", least_only=True), key=lambda o: _discard_order(deal, o))


def _checked(
    deal: Deal, tiles: Sequence[Tile], seen: Sequence[Tile], solver: SolverName, analyser: Analyser | None
) -> Analyser:
    """The analyser for a ranking of ``tiles``, after the size and supply checks."""
    check_hand_size(tiles, (deal.rules.drawn_size,), "discard")
    check_supply(deal, tiles, seen)
    if analyser is None:
        return analyser_for(deal, solver)
    if analyser.deal != deal:
        raise ValueError("the analyser is of another deal")
    return analyser


def _rows(
    deal: Deal,
    tiles: Sequence[Tile],
    seen: Sequence[Tile],
    analyser: Analyser,
    solver: SolverName,
    *,
    least_only: bool,
    distances: Distances | None = None,
) -> list[DiscardOption]:
    """A row per distinct tile (``least_only``: only the rows of least deficiency, in no set order);
    their distances and useful draws from ``distances``, else the analyser."""
    # Unseen copies are counted against the whole 15-tile hand, so once a ranking for every row.
    left = unseen_by_index(deal, tiles, seen)
    counted: list[TileCount | None] = [None] * VECTOR_SIZE
    counted_draws: dict[tuple[int, bool], tuple[TileCount, ...]] = {}

    def count(index: int) -> TileCount:  # the first time a ranking counts the tile
        known = counted[index] = tile_count(index, left[index])
        return known

    whole = deal.solver_hand(tiles)
    distinct = sorted(set(tiles), key=_tile_index)
    faces = [deal.plays_as(tile) for tile in distinct]
    rows: list[tuple[Tile, int, tuple[int, bool]]]
    if least_only:
        # Only the nearest rows matter: the rows are taken by a lower bound of their deficiency,
        # and once the bound passes the least deficiency found, no row left can be as near.
        bounds = analyser.deficiency_bounds(whole, faces)
        near = []
        least = None
        for k in sorted(range(len(distinct)), key=bounds.__getitem__):
            if least is not None and bounds[k] > least:
                break
            hand = whole.without(faces[k])
            deficiency = analyser.distance(hand)
            near.append((distinct[k], deficiency, hand))
            least = deficiency if least is None else min(least, deficiency)
        rows = [(tile, d, analyser.useful_faces(hand)) for tile, d, hand in near if d == least]
    else:
        asked = (distances or analyser).rows(whole, faces)
        rows = [(tile, deficiency, drawn) for tile, (deficiency, drawn) in zip(distinct, asked)]
    options = []
    for tile, deficiency, drawn in rows:
        if deficiency == 0:
            rest = list(tiles)
            rest.remove(tile)
            win = best_win(deal, tuple(rest), tile, solver=solver)
            if win is None:
                raise SolverError(f"the analysis and the check disagree on throwing {tile}")
            options.append(DiscardOption(tile, win, 0, ()))
            continue
        useful = counted_draws.get(drawn)
        if useful is None:  # rows of a ranking may share their useful draws
            useful = counted_draws[drawn] = tuple([counted[i] or count(i) for i in analyser.draw_indices(*drawn)])
        options.append(DiscardOption(tile, None, deficiency, useful))
    return options


#: TileCount by tile index and unseen copies: values, so that rankings share them instead of making
#: a new one for every face they count.
_TILE_COUNTS: dict[tuple[int, int], TileCount] = {}


def tile_count(index: int, unseen: int) -> TileCount:
    """``TileCount(Tile(index), unseen)``, shared."""
    known = _TILE_COUNTS.get((index, unseen))
    if known is None:
        known = _TILE_COUNTS[index, unseen] = TileCount(Tile(index), unseen)
    return known


def second_order(
    deal: Deal, analyser: Analyser, tiles: Sequence[Tile], seen: Sequence[Tile], option: DiscardOption
) -> int:
    """Second-order acceptance of a discard: over its useful draws X (weighted by X's unseen copies),
    the acceptance of the best discard after drawing X that keeps the hand one step closer. It
    prefers the discard whose next improvements leave the most ways to improve again. 0 when the
    hand is one tile away (the next useful draw wins)."""
    if option.wins or option.deficiency <= 1:
        return 0
    rest = list(tiles)
    rest.remove(option.tile)
    shown = Counter(seen)
    total = 0
    for draw in option.useful:
        if not draw.unseen:
            continue
        after = [*rest, draw.tile]
        held = Counter(after)
        best = 0
        for throw in sorted(set(after)):
            left = list(after)
            left.remove(throw)
            hand = deal.solver_hand(left)
            if analyser.deficiency(hand).total != option.deficiency - 1:
                continue
            accept = sum(unseen(deal, t, held, shown) for t in analyser.useful_draws(hand))
            best = max(best, accept)
        total += draw.unseen * best
    return total


def _break_top_tie(
    deal: Deal, analyser: Analyser, tiles: tuple[Tile, ...], seen: Sequence[Tile], options: list[DiscardOption]
) -> list[DiscardOption]:
    """Order the rows tied at the top (same deficiency, acceptance, okey-ness) by second-order acceptance."""
    top = options[0]
    if top.wins:
        return options

    def primary(o: DiscardOption) -> tuple[object, ...]:
        return (o.wins, o.deficiency, o.acceptance, deal.is_wild(o.tile))

    tied = [o for o in options if primary(o) == primary(top)]
    if len(tied) < 2:
        return options
    scored = [replace(o, second_order=second_order(deal, analyser, tiles, seen, o)) for o in tied]
    scored.sort(key=lambda o: (-(o.second_order or 0), *_discard_order(deal, o)[4:]))
    return scored + options[len(tied) :]


def plain_rank(deal: Deal, option: DiscardOption) -> tuple[object, ...]:
    """Where a discard stands in :func:`rank_discards` (lower is better) without the tile itself:
    two discards with the same key are as good by every criterion of the ranking (rules.md 4)."""
    return _discard_order(deal, option)[:-1]


def _discard_order(deal: Deal, option: DiscardOption) -> tuple[object, ...]:
    if option.win is not None:
        return (0, -win_rank(deal, option.win), -option.win.finish.doublings, option.tile)
    return (
        1,
        option.deficiency,
        -option.acceptance,
        deal.is_wild(option.tile),
        -len(option.useful),
        option.tile,
    )


def finish_of(option: DiscardOption) -> Finish | None:
    """The finish a winning discard makes, or None."""
    return option.win.finish if option.win is not None else None
