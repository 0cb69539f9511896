"""Win chance and expected points of a hand over the draws left (rules.md section 4.1).

The model: the player holds a 14-tile hand *h* after a discard, has *T* own draws left, and knows a
set *S* of tiles out of play (the indicator, the tiles seen, and the tile just thrown). Each draw is
face *X* with probability unseen(X)/U, U = 106 − 14 − |S| (constant: later discards go back to the
pool). Before each draw another player ends the round with probability *r* (then 0). Then

* V_T(h) = (1 − r) · Σ_X p(X) · [1 if h+X wins, else max_d V_{T−1}(h+X−d)], V_0 = 0;
* E_T(h) = (1 − r) · Σ_X p(X) · max(v(h+X), max_d E_{T−1}(h+X−d)), E_0 = 0,

v being the points of the best finish of h+X (2 × the finish multiplier, ×2 more for a renkli
indicator; what each other player is charged in ``pagat`` / ``penalty``, what the winner gains in
``okeygg``). :func:`chance_of` computes both in one backward recursion over canonical hands (the
solver form: plain counts and the wild count, memoised), and the ranking and the finish-now advice
use it.

Methods (``model.method``, and ``method`` on each row):

* ``exact``: every discard is considered after every draw, and every way to hold a winning hand.
  The only pruning is proved: a hand *k* tiles away cannot win within fewer than *k* draws (a draw
  lowers the deficiency by at most one), so such a state is worth 0 in both recursions. The default
  for at most :data:`EXACT_DRAWS` draws.
* ``keep``: after each draw only the discards that keep the hand as close to winning as the best
  14 of the 15 (lowest deficiency). A policy the player could follow, so a lower bound of exact.
* ``advance``: a draw that does not bring the hand closer is thrown back (the hand stays), after one
  that does only the discards that keep the lower deficiency, and a winning hand is held only by
  throwing the drawn tile back. Again a policy, so a lower bound of exact (and of keep); the default
  for longer horizons. benchmarks/bench_chance.py measures its gap to exact where both run.
* ``swap``: advance, except that a hand one tile away that draws a tile next to its tiles which does
  not complete it may instead swap into the one-away hand with the most unseen winning tiles (the
  better of the two, by value). A policy, so a lower bound of exact, and never below advance. It
  recovers most of advance's gap to exact one tile away (benchmarks/RESULTS.md) but costs up to
  seconds a hand, so it is not a default.
* ``extra`` (with a number *N*, ``--extra N``): the bound of the mahjong calculators. Let the
  tiles exchanged of a state be its tiles beyond the hand the answer is for (copies drawn and kept;
  in a ranking, the hand ranked, whose deficiency is then the fewest any discard leaves, as the
  calculators count: a discard that leaves the hand farther starts nearer the bound).
  From a 14-tile state whose tiles exchanged plus deficiency are below the hand's deficiency plus
  *N*, a draw that does not bring it closer is followed by the best discard of the 15 that keeps it
  as close (a swap; throwing the tile back is one of them) instead of being thrown back; and after a
  draw, a 15-tile state whose tiles exchanged plus deficiency are below that sum may throw any tile
  (a step back). Everywhere else it plays as ``advance``. So N = 1 lets each state on the way to
  the fewest exchanges swap or step back once. A policy, so a lower bound of exact and never below
  ``advance``; a larger N never gives less.
* ``exact-capped`` / ``swap-capped`` / ``advance-capped`` / ``extra-capped``: the method stopped at its share of
  :data:`TIME_LIMIT`; the states it had not solved count 0, so the answer is a lower bound, and the
  output says so.

Hand facts (deficiency, winning and useful draws) are read off the cover programme where it alone
decides them, the analyser's own rule, and asked of the analyser otherwise (tests hold the two
together).

The advancing methods and ``exact`` run compiled where the extension was built (``_chance.c``, the
same recursions over the same facts, so the same floats: tests/test_chance_compiled.py); ``keep``
runs here, and so does everything without the extension (``OKEYTOOL_PURE_PYTHON=1``).

Everything is in floats; the tests hold the exact method to a brute force in fractions.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import isfinite
from time import perf_counter
from types import MappingProxyType
from typing import ClassVar, Literal, NamedTuple

from okeytool.deal import Deal, SolverHand
from okeytool.errors import InputError
from okeytool.finish import Finish
from okeytool.goals import ChanceGoal
from okeytool.parse.supply import check_hand_size, check_supply
from okeytool.rules import PROFILES
from okeytool.solver.chance_model import SLOTS, WILD_SLOT, State, Stop, WorkBudget, slots_of
from okeytool.solver.chance_model import ChanceModel as SharedModel
from okeytool.solver.classic.analysis import Analyser, DiscardOption, rank_discards
from okeytool.solver.classic.cover import ANY_FACE
from okeytool.solver.classic.pairs import PAIRS, pairs_deficiency, pairs_deficiency_of_masks
from okeytool.solver.compiled import built_with
from okeytool.solver.games import game_of
from okeytool.tiles import ALL_FACES_MASK, FACE_COUNT, MAX_WILDS, Tile

try:  # the advancing methods' recursion compiled (setup.py builds it where a C compiler exists) ...
    from okeytool.solver.classic import _chance
    from okeytool.solver.classic._chance import Kernel as _Kernel

    # ... and used only when built with the constants used here (else the Python recursion runs).
    expected = {
        "FACES": FACE_COUNT,
        "SLOTS": FACE_COUNT + 1,
        "WILD_SLOT": FACE_COUNT,
        "PAIRS": PAIRS,
        "WILDS": MAX_WILDS,
    }
    if not built_with(_chance, **expected):
        _Kernel = None  # type: ignore[misc,assignment]
except ImportError:  # pragma: no cover - depends on the build
    _Kernel = None  # type: ignore[misc,assignment]

#: True when the compiled recursion is in use by default (``OKEYTOOL_PURE_PYTHON=1`` turns it off).
COMPILED = _Kernel is not None and not os.environ.get("OKEYTOOL_PURE_PYTHON")

Method = Literal[
    "exact", "keep", "extra", "swap", "advance", "exact-capped", "extra-capped", "swap-capped", "advance-capped"
]
#: The model a classic answer was computed in (its methods: :data:`Method`).
ChanceModel = SharedModel[Method]

#: Tiles in a full set.
SET_SIZE = 106
#: A hand between turns in the classic games this model serves (the rules state it).
HAND_SIZE = PROFILES["classic"].hand_size
#: Players at a classic table: the player draws every fourth tile of the middle.
PLAYERS = 4
#: Tiles in the middle right after the deal: the set less four hands, the starter's 15th tile and the indicator.
MIDDLE = SET_SIZE - PLAYERS * HAND_SIZE - 2
#: Own draws left when neither ``draws`` nor ``pile`` is given: mid-round (the middle starts with
#: 48 tiles for four players, 12 draws each; 8 is a third of the way in).
DEFAULT_DRAWS = 8
#: The default risk: 0, so that the chance is the chance of completing the hand before the stock
#: runs out. Another player's chance to finish depends on his hand, which the model cannot see; a
#: user who wants it counted gives ``risk`` (e.g. 0.03: three opponents, each finishing on about
#: one turn in a hundred mid-round).
DEFAULT_RISK = 0.05
#: Longest horizon accepted (the middle holds at most 48 tiles: 12 own draws).
MAX_DRAWS = 12

#: Seconds of work an answer may take by default (a whole ranking, or one hand), counted in states
#: (:attr:`ChanceSolver.work`) at :data:`WORK_PER_SECOND`, so that the same rows are computed on
#: every machine; a question's own ``--time-limit`` gives it half of that limit instead.
TIME_LIMIT = 2.2
#: The work done in a second on the benchmark's two-core machine, by the recursion that does it: the
#: compiled recursions (``compiled``: the advancing methods, and exact), the advancing ones in Python
#: (``planned``), and the recursion as stated in Python (``reference``: keep always, exact without the
#: extension), each over the compiled cover programme or, ``-python``, over the cover programme in
#: Python. The medians of benchmarks/bench_chance.py ``--work`` (measured on the advancing methods)
#: when they were set; the compiled recursion has since become several times faster (2.3 M a second
#: at the median: benchmarks/RESULTS.md), and the value is kept, because raising it computes more
#: rows and so changes answers: a decision to measure, not a speed-up. Only the time a budget stands
#: for depends on them, never which rows are computed for a given budget.
WORK_PER_SECOND: dict[str, int] = {
    "compiled": 300_000,
    "planned": 100_000,
    "reference": 15_000,
    "planned-python": 8_000,
    "reference-python": 1_500,
}
#: The work of finding one hand's facts (deficiency, waits, useful draws), in expanded states: what
#: the two cost compiled, measured on the far hands of benchmarks/bench_chance.py.
FACT_COST = 16
#: Longest horizon answered exactly by default; beyond it ``advance`` (measured against exact in
#: benchmarks/bench_chance.py and tests/test_chance_methods.py).
EXACT_DRAWS = 2

_ORDER: tuple[Method, ...] = (
    "exact", "keep", "extra", "swap", "advance", "exact-capped", "extra-capped", "swap-capped", "advance-capped"
)  # fmt: skip
#: The methods that throw back a draw that does not help (``swap`` may instead swap into a better wait).
_ADVANCING = frozenset({"advance", "advance-capped", "swap", "swap-capped"})
_SWAPPING = frozenset({"swap", "swap-capped"})
#: The methods bounded by the exchanges they make (``extra``).
_EXTRA = frozenset({"extra", "extra-capped"})
#: The methods the compiled recursion solves (``keep`` is solved in Python only).
_COMPILED_METHODS = _ADVANCING | _EXTRA | {"exact", "exact-capped"}
#: The name of a method's answer when it stopped early (the compiled recursion also stops at its
#: memory limit, ``_chance.c``: MEMO_LIMIT, FACT_LIMIT).
_CAPPED: dict[Method, Method] = {
    "exact": "exact-capped", "swap": "swap-capped", "advance": "advance-capped", "extra": "extra-capped"
}  # fmt: skip


def draws_from_pile(pile: int) -> int:
    """Own draws left when ``pile`` tiles are left in the middle of a four-player table, the player
    about to discard: the next three players draw before him, so he gets every fourth tile.

    Raises :class:`InputError` for a negative pile or one larger than the middle ever holds.
    """
    if not 0 <= pile <= MIDDLE:
        raise InputError(f"--pile must be between 0 and {MIDDLE} (tiles left in the middle), got {pile}")
    return pile // PLAYERS


def check_model(draws: int, risk: float) -> None:
    """Refuse a horizon or a risk outside the model. Raises :class:`InputError`."""
    if not 0 <= draws <= MAX_DRAWS:
        raise InputError(f"--draws must be between 0 and {MAX_DRAWS} (own draws left), got {draws}")
    if not (isfinite(risk) and 0 <= risk < 1):
        raise InputError(f"--risk must be at least 0 and below 1 (chance per draw), got {risk}")


@dataclass(frozen=True)
class ExtraOrigin:
    """For ``extra``: the hand whose tiles a state's exchanged tiles are counted against, and the
    distance its bound starts from (plus N). A ranking's is the hand ranked (15 tiles) with the
    fewest tiles away any discard leaves, as the mahjong calculators count them: a discard that
    leaves the hand farther away starts nearer the bound. ``ChanceSolver`` without one counts
    against each 14-tile hand asked about, with its own distance."""

    state: State
    deficiency: int


@dataclass(frozen=True)
class HandChance:
    """V_T and E_T of one 14-tile hand (``chance`` 0..1, ``points`` expected), and the model."""

    chance: float
    points: float
    model: ChanceModel


def pool_size(seen_count: int) -> int:
    """U = 106 − 14 − |S|, ``seen_count`` = |S| (the indicator included)."""
    return SET_SIZE - HAND_SIZE - seen_count


def finish_points(deal: Deal, finish: Finish) -> int:
    """The points of a finish (rules.md 7): 2 × its multiplier, doubled by a renkli indicator.

    What each other player is charged in ``pagat`` and ``penalty``, what the winner gains in ``okeygg``.
    """
    return deal.rules.finish_points * finish.multiplier(deal.rules) * deal.rules.renkli_factor(deal.indicator)


@lru_cache(maxsize=64)
def _points_by_finish(deal: Deal) -> Mapping[Finish, int]:
    """:func:`finish_points` of every finish (read only: the deal's hand facts share it)."""
    return MappingProxyType({f: finish_points(deal, f) for f in Finish})


class HandFacts:
    """What the recursion asks about hands, cached for one deal (it does not depend on the seen
    tiles): deficiencies, waits, the discards of a 15-tile state, the best finish."""

    def __init__(self, deal: Deal, analyser: Analyser | None = None, *, compiled: bool | None = None) -> None:
        """``compiled``: solve the advancing methods with the compiled recursion (default: when it
        was built and the cover programme is compiled too), or in Python.

        Raises ``ImportError`` if the compiled recursion is asked for but was not built.
        """
        self.deal = deal
        self.analyser = analyser or Analyser(deal)
        self.supply = self.analyser.supply
        self.pairs = deal.rules.seven_pairs
        self.points_by_finish = _points_by_finish(deal)
        #: The draw slot of each tile, by its index (``slot_of`` asked once a tile, not once a copy).
        self.slots: tuple[int, ...] = slots_of(deal)
        self._info: dict[State, tuple[int, int, int]] = {}
        self._deficiency: dict[State, int] = {}
        self._value: dict[State, int] = {}
        self._children: dict[State, tuple[State, ...]] = {}
        self._lower: dict[State, int] = {}
        self._win_values: dict[State, dict[int, float]] = {}
        self._kept: dict[tuple[State, int], tuple[State, ...]] = {}
        self._raws: dict[State, tuple[int, int | None, int]] = {}
        self._orphans = self.analyser.orphans
        cover = self.analyser.cover
        self._best = cover._best if cover.compiled else None  # the compiled programme, masks in
        use_compiled = (COMPILED and cover.compiled) if compiled is None else compiled
        #: The compiled recursion's facts of this deal (the same rules as here), or None.
        self.kernel = self.compiled_kernel() if use_compiled else None

    def compiled_kernel(self, *, certify: bool = True) -> _Kernel:
        """A compiled kernel for this deal, on the cover programme's table. ``certify`` False: it asks
        Python (:meth:`info`, :meth:`deficiency`) about every hand the programme alone does not decide,
        instead of walking the certificate itself (the tests use it to reach that fallback).

        Raises ``ImportError`` if the compiled recursion or the compiled cover programme was not built.
        """
        cover = self.analyser.cover
        table = cover.table
        if _Kernel is None or table is None:
            raise ImportError("the compiled chance recursion (and the compiled cover programme) was not built")
        points = [self.points_by_finish[f] for f in (Finish.NORMAL, Finish.OKEY, Finish.PAIRS, Finish.PAIRS_OKEY)]
        return _Kernel(
            table, self.supply, self.analyser.size, self.analyser.wilds, self.pairs, points, cover.WALKS, certify
        )

    def slot(self, tile: Tile) -> int:
        """The draw slot of a tile as held."""
        return self.slots[tile.index]

    def state(self, tiles: Sequence[Tile]) -> State:
        """The canonical state of a hand: counts per slot."""
        counts = [0] * SLOTS
        slots = self.slots
        for tile in tiles:
            counts[slots[tile.index]] += 1
        return tuple(counts)

    def deficiency(self, state: State) -> int:
        """The deficiency of a 14-tile state."""
        known = self._deficiency.get(state)
        if known is None:
            quick = self._quick(state)
            if quick is not None:
                known = quick[0]
            else:
                known = self.analyser.deficiency(SolverHand(state[:FACE_COUNT], state[WILD_SLOT])).total
            self._deficiency[state] = known
        return known

    def _quick(self, state: State) -> tuple[int, int | None, int, int] | None:
        """(deficiency, pairs deficiency or None, meld deficiency, cover faces) of a 14-tile state
        when the cover programme alone decides it, else None.

        The cover programme does not count copies; its meld deficiency is exact when the hand's
        wilds and its unfilled slots are at most two together (two wilds exist, so every unfilled
        slot can be filled whatever the copies), and it does not matter when seven pairs are closer.
        The same rule as :class:`Analyser` (which then certifies or searches), so the answers agree.
        """
        wilds = state[WILD_SLOT]
        melds, pairs, faces = self._raw(state)
        if wilds + melds > self.analyser.wilds and (pairs is None or melds <= pairs):
            return None
        total = melds if pairs is None else min(melds, pairs)
        return total, pairs, melds, faces

    def _raw(self, state: State) -> tuple[int, int | None, int]:
        """Of a 14-tile state, cached: the cover programme's meld deficiency (copies not counted),
        the seven-pairs deficiency (None without seven pairs) and the cover's unfilled faces."""
        known = self._raws.get(state)
        if known is not None:
            return known
        counts, wilds = state[:FACE_COUNT], state[WILD_SLOT]
        size = self.analyser.size
        row = bytes(counts)
        one = int(row.translate(_AT_LEAST_ONE)[::-1], 2)
        two = int(row.translate(_AT_LEAST_TWO)[::-1], 2)
        if self._best is not None:
            kept, faces = self._best(one, two, size)
        else:
            cover = self.analyser.cover.cover(counts, size)
            kept, faces = cover.kept, cover.faces
        melds = max(0, size - kept - wilds)
        pairs = None
        if self.pairs:
            pairs = self._pairs_of(one, two, wilds)
        known = (melds, pairs, faces)
        self._raws[state] = known
        return known

    def _pairs_of(self, one: int, two: int, wilds: int) -> int:
        """:func:`pairs_deficiency` of a hand of any size from its face masks."""
        return pairs_deficiency_of_masks(one, two, self._orphans, wilds)

    def _pairs_state(self, state: State) -> int:
        """:func:`pairs_deficiency` of a state (plain counts and wilds)."""
        row = bytes(state[:FACE_COUNT])
        one = int(row.translate(_AT_LEAST_ONE)[::-1], 2)
        two = int(row.translate(_AT_LEAST_TWO)[::-1], 2)
        return self._pairs_of(one, two, state[WILD_SLOT])

    def info(self, state: State) -> tuple[int, int, int]:
        """Of a 14-tile state: (deficiency, bit mask of the slots whose draw makes a winning 15,
        bit mask of the slots whose draw brings it closer)."""
        known = self._info.get(state)
        if known is not None:
            return known
        quick = self._quick(state)
        if quick is not None:
            k = quick[0]
            self._deficiency[state] = k
            useful = self._useful(state, *quick) if k else 0
        else:
            k = self.deficiency(state)
            useful = 0
            if k:
                for tile in self.analyser.useful_draws(SolverHand(state[:FACE_COUNT], state[WILD_SLOT])):
                    useful |= 1 << self.slot(tile)
        wins = (1 << SLOTS) - 1 if k == 0 else useful if k == 1 else 0
        known = (k, wins, useful)
        self._info[state] = known
        return known

    def known(self) -> int:
        """The hands whose facts are held, as the work counts them (:data:`FACT_COST` each): the
        compiled kernel's, else this object's."""
        return self.kernel.known() if self.kernel is not None else len(self._info)

    def _useful(self, state: State, k: int, pairs: int | None, melds: int, faces: int) -> int:
        """The slot mask of the draws that bring a state closer (``k`` > 0), when :meth:`_quick`
        decided it: what :meth:`Analyser.useful_draws` answers, from the same cover.

        A wild fills any unfilled slot; a plain face is useful as a meld hand when it is the face of
        an unfilled slot of some optimal cover (exact here: nothing was relaxed), and as seven pairs
        when it lowers the pairs count. Faces already held as often as they exist cannot be drawn.
        """
        counts, wilds = state[:FACE_COUNT], state[WILD_SLOT]
        supply = self.supply
        mask = 0
        if melds == k:
            mask = ALL_FACES_MASK if faces & ANY_FACE else faces & ALL_FACES_MASK
        if pairs == k:
            # Drawing a face not held gives the same pairs count for every face of the same supply.
            fresh: dict[int, bool] = {}
            for face in range(FACE_COUNT):
                if counts[face] >= supply[face] or mask >> face & 1:
                    continue
                if counts[face] == 0:
                    closer = fresh.get(supply[face])
                    if closer is None:
                        more = list(counts)
                        more[face] = 1
                        closer = pairs_deficiency(more, wilds, supply) < k
                        fresh[supply[face]] = closer
                else:
                    more = list(counts)
                    more[face] += 1
                    closer = pairs_deficiency(more, wilds, supply) < k
                if closer:
                    mask |= 1 << face
        for face in range(FACE_COUNT):
            if mask >> face & 1 and counts[face] >= supply[face]:
                mask &= ~(1 << face)
        if wilds < self.analyser.wilds:
            mask |= 1 << WILD_SLOT
        return mask

    def discards(self, after: State) -> tuple[State, ...]:
        """The distinct 14-tile states after one discard from a 15-tile state."""
        known = self._children.get(after)
        if known is not None:
            return known
        out = []
        for d in range(SLOTS):
            if after[d]:
                child = list(after)
                child[d] -= 1
                out.append(tuple(child))
        known = tuple(out)
        self._children[after] = known
        return known

    def lower_bound(self, state: State) -> int:
        """A cheap lower bound of the deficiency: the cover programme without the copy limits (it
        can only fit more tiles than the supply allows) and the exact seven-pairs count."""
        known = self._lower.get(state)
        if known is None:
            melds, pairs, _ = self._raw(state)
            known = melds if pairs is None else min(melds, pairs)
            self._lower[state] = known
        return known

    def within(self, state: State, bound: int) -> bool:
        """True if the 14-tile state is at most ``bound`` tiles away (the cheap bound first)."""
        known = self._deficiency.get(state)
        if known is None and self.lower_bound(state) > bound:
            return False
        return self.deficiency(state) <= bound

    def kept(self, after: State, bound: int) -> tuple[State, ...]:
        """The 14-tile states after one discard from a 15-tile state that are at most ``bound``
        tiles away (cached: the same for every hand of a deal)."""
        key = (after, bound)
        known = self._kept.get(key)
        if known is None:
            known = tuple(c for c in self.discards(after) if self.within(c, bound))
            self._kept[key] = known
        return known

    def win_values(self, state: State) -> dict[int, float]:
        """Of a 14-tile state: the points v of the 15 tiles after each draw that wins, by slot."""
        known = self._win_values.get(state)
        if known is None:
            wins = self.info(state)[1]
            known = {}
            for x in range(SLOTS):
                if wins >> x & 1 and state[x] < (self.supply[x] if x < FACE_COUNT else self.analyser.wilds):
                    after = list(state)
                    after[x] += 1
                    known[x] = float(self.value(tuple(after)))
            self._win_values[state] = known
        return known

    def value(self, after: State) -> int:
        """v: the points of the best finish of a winning 15-tile state.

        Seven pairs score before melds, and a real okey thrown doubles; so the best finish is found
        from at most three questions instead of one per discard: is some 14 of the 15 seven pairs
        (the closed form), is the 14 without a real okey complete, and is it seven pairs.
        """
        known = self._value.get(after)
        if known is not None:
            return known
        wilds = after[WILD_SLOT]
        finishes = [Finish.NORMAL]
        if wilds:
            without = list(after)
            without[WILD_SLOT] -= 1
            if self.deficiency(tuple(without)) == 0:
                pairs = self.pairs and self._pairs_state(tuple(without)) == 0
                finishes.append(Finish.PAIRS_OKEY if pairs else Finish.OKEY)
        if self.pairs and self._pairs_state(after) == 0:
            finishes.append(Finish.PAIRS)
        known = max(self.points_by_finish[f] for f in finishes)
        self._value[after] = known
        return known


class ChanceSolver:
    """The recursion for one set of out-of-play tiles, one risk and one method, over shared
    :class:`HandFacts`. ``seen`` are the tiles out of play other than the indicator (as held).

    ``deadline`` (a ``time.perf_counter`` value): past it the states not yet solved count 0, so the
    answer is a lower bound, and ``capped`` is set.
    """

    def __init__(
        self,
        facts: HandFacts,
        seen: Sequence[Tile],
        risk: float,
        method: Method,
        deadline: float | None = None,
        work_limit: int | None = None,
        *,
        extra: int = 0,
        origin: ExtraOrigin | None = None,
    ) -> None:
        """``extra``: for the ``extra`` method, the exchanges allowed beyond the fewest (N >= 0);
        ``origin``: what they are counted from (None: each hand asked about, see :class:`ExtraOrigin`)."""
        if extra < 0:
            raise InputError(f"--extra takes a number of exchanges of 0 or more, not {extra}")
        self.facts = facts
        self.risk = risk
        self.method = method
        self.deadline = deadline
        #: The most work a call of :meth:`solve` may do (None: no limit); :attr:`work` is the work of
        #: the last call: the states it expanded, and :data:`FACT_COST` for each hand whose facts it
        #: found first. It depends on the hands alone, so it is the same on every machine.
        self.work_limit = work_limit
        self.work = 0
        self._expanded = 0
        self._known_at_start = 0
        left = [*facts.supply, MAX_WILDS]  # copies not out of play, per slot
        slots = facts.slots
        for tile in seen:
            left[slots[tile.index]] -= 1
        self.left = tuple(left)
        self.pool = pool_size(len(seen) + 1)
        self.scale = (1.0 - risk) / self.pool
        self.memo: dict[tuple[State, int], tuple[float, float]] = {}
        self._swaps: dict[tuple[State, int], State | None] = {}
        self._plans: dict[State, tuple[int, tuple[tuple[int, int, object], ...], int]] = {}
        self.capped = False
        self._stopped: Stop | None = None
        self.extra = extra
        self.origin = origin
        #: For ``extra``: the hand the tiles exchanged are counted against, and its deficiency plus N
        #: (set by :meth:`solve`).
        self._origin: State | None = None
        self._allowance = 0
        self._kernel = facts.kernel if method in _COMPILED_METHODS else None
        # ``extra``'s compiled recursion is made for each hand asked about (its bound is relative to it).
        self._compiled = (
            self._kernel.solver(self.left, self.scale, method in _SWAPPING, method == "exact")
            if self._kernel is not None and method not in _EXTRA
            else None
        )

    @property
    def engine(self) -> str:
        """Which recursion does the work (a key of :data:`WORK_PER_SECOND`)."""
        if self._kernel is not None:
            return "compiled"
        name = "planned" if self.method in _ADVANCING else "reference"
        return name if self.facts.analyser.cover.compiled else f"{name}-python"

    def solve(self, state: State, draws: int) -> tuple[float, float]:
        """(V_T, E_T) of a 14-tile state."""
        if self.method in _EXTRA:  # the bound is relative to the origin: the hand asked about unless given
            origin = self.origin.state if self.origin is not None else state
            if origin != self._origin:
                self._origin, self.memo = origin, {}
                start = self.origin.deficiency if self.origin is not None else self.facts.deficiency(state)
                self._allowance = start + self.extra
                if self._kernel is not None:
                    self._compiled = self._kernel.solver(self.left, self.scale, False, False, origin, self._allowance)
        if self._compiled is not None:  # the planned recursion, compiled: the same floats
            budget = -1.0 if self.deadline is None else max(0.0, self.deadline - perf_counter())
            work = -1 if self.work_limit is None else self.work_limit
            v, e, capped = self._compiled.solve(
                state, draws, budget, self.facts.info, self.facts.deficiency, work, FACT_COST
            )
            self.capped = self.capped or capped
            self.work = self._compiled.work()
            if capped and self._stopped is None:  # the kernel says only that it stopped: which limit
                over = self.deadline is not None and perf_counter() > self.deadline
                self._stopped = "work" if work >= 0 and self.work >= work else "time" if over else "memory"
            return v, e
        self._expanded = 0
        self._known_at_start = len(self.facts._info)
        try:
            if self.method in _ADVANCING:
                return self._solve_planned(state, draws)
            if self.method in _EXTRA:
                return self._solve_extra(state, draws)
            return self._solve_held(state, draws)
        finally:
            self.work = self._work_done()

    def _stop_here(self) -> bool:
        """Before a state is expanded in Python: True (and ``capped`` set) when the work limit or
        the clock says stop, else the state counts as work done."""
        if self.work_limit is not None and self._work_done() >= self.work_limit:
            self.capped, self._stopped = True, self._stopped or "work"
            return True
        if self.deadline is not None and perf_counter() > self.deadline:
            self.capped, self._stopped = True, self._stopped or "time"
            return True
        self._expanded += 1
        return False

    def _work_done(self) -> int:
        """The work of the current call in Python: as the compiled recursion counts it."""
        return self._expanded + FACT_COST * (len(self.facts._info) - self._known_at_start)

    @property
    def stopped(self) -> Stop | None:
        """Why an answer is only a lower bound (None: it is complete): its work limit, the clock,
        or (compiled) the recursion's memory limit; read when it stopped."""
        return self._stopped

    def _plan(self, state: State) -> tuple[int, tuple[tuple[int, int, object], ...], int]:
        """For an advancing method, what a draw does to a 14-tile state, slot by slot and in slot
        order, the same for every horizon: (deficiency, entries, copies thrown back). An entry is
        (kind, unseen copies, payload): 0 a winning draw (payload its points), 1 a useful draw
        (payload the 15 tiles; :meth:`HandFacts.kept` the discards the method keeps), 2 a swap (payload the slot,
        :meth:`swap_to` the state swapped into). The draws thrown back are counted apart, as
        the recursion as stated does (tests/chance_reference.py, ``solve_reference``)."""
        known = self._plans.get(state)
        if known is not None:
            return known
        facts = self.facts
        k, wins, useful = facts.info(state)
        swapping = k == 1 and self.method in _SWAPPING
        left = self.left
        entries: list[tuple[int, int, object]] = []
        back = 0
        for x in range(SLOTS):
            n = left[x] - state[x]
            if n <= 0:
                continue
            if wins >> x & 1:
                entries.append((0, n, facts.win_values(state)[x]))
            elif not useful >> x & 1:
                if swapping and x != WILD_SLOT and any(state[f] for f in _NEAR[x]):
                    entries.append((2, n, x))  # swap_to decides, when a draw is left after it
                else:
                    back += n
            else:
                grown = list(state)
                grown[x] += 1
                entries.append((1, n, tuple(grown)))  # its discards are asked for when a draw is left
        known = (k, tuple(entries), back)
        self._plans[state] = known
        return known

    def _solve_planned(self, state: State, draws: int) -> tuple[float, float]:
        """The recursion as stated (``solve_reference`` in tests/chance_reference.py) for the advancing
        methods, over :meth:`_plan`: the same sums in the same order (so the same floats), without
        walking the 53 slots again for each horizon."""
        if draws <= 0:
            return 0.0, 0.0
        key = (state, draws)
        known = self.memo.get(key)
        if known is not None:
            return known
        k, entries, back = self._plan(state)
        if k > draws:
            self.memo[key] = (0.0, 0.0)
            return 0.0, 0.0
        if self._stop_here():
            return 0.0, 0.0
        rest = draws - 1
        solve = self._solve_planned
        kept = self.facts.kept
        back_v, back_e = solve(state, rest) if rest else (0.0, 0.0)
        total_v = total_e = 0.0
        for kind, n, payload in entries:
            if kind == 0:
                total_v += n
                total_e += n * max(payload, back_e)  # type: ignore[call-overload]
            elif kind == 2:
                swap = self.swap_to(state, payload) if rest else None  # type: ignore[arg-type]
                if swap is None:
                    back += n
                    continue
                v, e = solve(swap, rest)
                total_v += n * max(v, back_v)
                total_e += n * max(e, back_e)
            else:
                if not rest:
                    continue
                best_v = best_e = 0.0
                if k - 1 <= rest:
                    for child in kept(payload, k - 1):  # type: ignore[arg-type]
                        v, e = solve(child, rest)
                        if v > best_v:
                            best_v = v
                        if e > best_e:
                            best_e = e
                total_v += n * best_v
                total_e += n * best_e
        total_v += back * back_v
        total_e += back * back_e
        known = (total_v * self.scale, total_e * self.scale)
        self.memo[key] = known
        return known

    def exchanged(self, state: State) -> int:
        """For ``extra``: the tiles of a state beyond the hand they are counted against (copies drawn
        and kept; :class:`ExtraOrigin`)."""
        origin = self._origin
        assert origin is not None, "solve() sets the hand first"
        return sum(c - o for c, o in zip(state, origin) if c > o)

    def _solve_extra(self, state: State, draws: int) -> tuple[float, float]:
        """(V_T, E_T) of a 14-tile state for ``extra``: ``advance``, but a state whose tiles
        exchanged plus deficiency are below the allowance follows every draw (a swap), and a 15-tile
        state below it may throw any tile (a step back). A winning hand is held only by throwing the
        drawn tile back, as in ``advance``, so that N = 0 plays as ``advance`` wherever no earlier
        exchange was undone."""
        if draws <= 0:
            return 0.0, 0.0
        key = (state, draws)
        known = self.memo.get(key)
        if known is not None:
            return known
        facts = self.facts
        k, wins, useful = facts.info(state)
        if k > draws:
            self.memo[key] = (0.0, 0.0)
            return 0.0, 0.0
        if self._stop_here():
            return 0.0, 0.0
        rest = draws - 1
        back_v, back_e = self._solve_extra(state, rest) if rest else (0.0, 0.0)
        exchanged = self.exchanged(state)
        swapping = exchanged + k < self._allowance
        total_v = total_e = 0.0
        back = 0
        left = self.left
        for x in range(SLOTS):
            n = left[x] - state[x]
            if n <= 0:
                continue
            if wins >> x & 1:
                total_v += n
                total_e += n * max(facts.win_values(state)[x], back_e)
                continue
            closer = useful >> x & 1
            if not closer and not swapping:
                back += n
                continue
            after = k - 1 if closer else k  # the lowest deficiency a discard of the 15 leaves
            if not rest or after > rest:
                continue  # no child can win in the draws left (a state thrown back neither: back_v is 0)
            # The drawn tile counts as exchanged unless it restores a copy of the hand.
            grown_exchanged = exchanged + (state[x] >= self._origin[x])  # type: ignore[index]
            bound = rest if grown_exchanged + after < self._allowance else after
            grown = list(state)
            grown[x] += 1
            best_v = best_e = 0.0
            for child in facts.kept(tuple(grown), bound):
                v, e = self._solve_extra(child, rest)
                if v > best_v:
                    best_v = v
                if e > best_e:
                    best_e = e
            total_v += n * best_v
            total_e += n * best_e
        total_v += back * back_v
        total_e += back * back_e
        known = (total_v * self.scale, total_e * self.scale)
        self.memo[key] = known
        return known

    def _solve_held(self, state: State, draws: int) -> tuple[float, float]:
        """(V_T, E_T) of a 14-tile state for the methods that do not advance (``exact``, ``keep``):
        the recursion of rules.md 4.1 as stated, every draw followed by every discard the method
        considers. (The advancing methods run :meth:`_solve_planned`; tests/chance_reference.py
        holds the recursion as stated for every method, the fast paths to it.)"""
        if draws <= 0:
            return 0.0, 0.0
        key = (state, draws)
        known = self.memo.get(key)
        if known is not None:
            return known
        facts = self.facts
        k, wins, _ = facts.info(state)
        if k > draws:
            self.memo[key] = (0.0, 0.0)
            return 0.0, 0.0
        if self._stop_here():
            return 0.0, 0.0
        rest = draws - 1
        total_v = total_e = 0.0
        left = self.left
        for x in range(SLOTS):
            n = left[x] - state[x]
            if n <= 0:
                continue
            if wins >> x & 1:
                best_e = facts.win_values(state)[x]
                if rest:  # hold: play on with a winning hand
                    for child in self.options(state, x, rest, win=True):
                        best_e = max(best_e, self._solve_held(child, rest)[1])
                total_v += n
                total_e += n * best_e
                continue
            if not rest:
                continue
            best_v = best_e = 0.0
            for child in self.options(state, x, rest, win=False):
                v, e = self._solve_held(child, rest)
                if v > best_v:
                    best_v = v
                if e > best_e:
                    best_e = e
            total_v += n * best_v
            total_e += n * best_e
        known = (total_v * self.scale, total_e * self.scale)
        self.memo[key] = known
        return known

    def options(self, state: State, x: int, rest: int, *, win: bool) -> list[State]:
        """The 14-tile states the method considers after ``state`` drew slot ``x``, with ``rest``
        draws left after it (``win``: the 15 tiles win, these are the ways to hold)."""
        facts = self.facts
        k, _, useful = facts.info(state)
        advance = self.method in _ADVANCING
        if advance and (win or not useful >> x & 1):
            # advance: a draw that does not bring the hand closer is thrown back, and a winning
            # hand is held only that way; swap may also swap into its best wait.
            if k > rest:
                return []
            swap = self.swap_to(state, x) if not win and k == 1 and self.method in _SWAPPING else None
            return [state] if swap is None else [state, swap]
        grown = list(state)
        grown[x] += 1
        if self.method == "exact":
            bound = rest
            if not win and (k - 1 if useful >> x & 1 else k) > rest:
                return []  # no discard leaves the hand nearer than that: no child within the draws left
        else:  # the lowest deficiency a discard leaves: one less after a useful draw
            bound = 0 if win else k - 1 if useful >> x & 1 else k
            if bound > rest:
                return []
        return list(facts.kept(tuple(grown), bound))

    def swap_to(self, state: State, x: int) -> State | None:
        """For ``swap``, a one-away state that drew a slot ``x`` that does not complete it: the
        one-away hand after another discard with the most unseen winning tiles, when it has more
        than the hand kept as it is (else None; ties go to the lowest slot thrown). Only a drawn
        face next to a tile of the hand (:func:`_near`) is considered: a restriction of the policy,
        which stays one the player could follow."""
        key = (state, x)
        if key in self._swaps:
            return self._swaps[key]
        facts = self.facts
        if x == WILD_SLOT or not any(state[f] for f in _NEAR[x]):
            self._swaps[key] = None  # a tile that meets no tile of the hand is thrown back
            return None
        best = self.waiting(state)
        choice = None
        grown = list(state)
        grown[x] += 1
        for child in facts.discards(tuple(grown)):
            if child == state or not facts.within(child, 1):
                continue
            count = self.waiting(child)
            if count > best:
                best, choice = count, child
        self._swaps[key] = choice
        return choice

    def waiting(self, state: State) -> int:
        """Unseen copies of the draws that make a 15-tile winning hand of ``state``."""
        wins = self.facts.info(state)[1]
        left = self.left
        return sum(left[y] - state[y] for y in range(SLOTS) if wins >> y & 1 and left[y] > state[y])


def _near(face: int) -> tuple[int, ...]:
    """The faces a drawn face may form a meld or a pair with: its own face, the same number in the
    other colours, the same colour within two numbers (12-13-1 counted as adjacent)."""
    colour, number = divmod(face, 13)
    same_number = [c * 13 + number for c in range(4)]
    run = [colour * 13 + (number + step) % 13 for step in (-2, -1, 1, 2)]
    return tuple(sorted(set(same_number + run)))


_NEAR = tuple(_near(face) for face in range(FACE_COUNT))
#: bytes.translate tables: a count byte to the digit "1" when at least one (two) copies are held.
_AT_LEAST_ONE = bytes([48] + [49] * 255)
_AT_LEAST_TWO = bytes([48, 48] + [49] * 254)


@dataclass(frozen=True)
class Effort(WorkBudget):
    """How much a ranking may compute: ``seconds`` of work, counted in :attr:`ChanceSolver.work`
    at :data:`WORK_PER_SECOND` (so the same hands are computed on every machine, however busy), and
    the clock's ``deadline`` (a ``time.perf_counter`` value) as a backstop, None for none."""

    default_seconds: ClassVar[float] = TIME_LIMIT

    def work(self, engine: str) -> int:
        """The work the seconds stand for in one of :data:`WORK_PER_SECOND`'s recursions."""
        return int(self.budget * WORK_PER_SECOND[engine])


class Solved(NamedTuple):
    """One hand's answer: V and E (0 when not computed), the method, and why it stopped (None:
    computed in full). A tuple: a ranking makes one a row."""

    chance: float
    points: float
    method: Method
    stopped: Stop | None = None
    #: The states the recursion expanded for it.
    states: int = 0


def _solve_with(
    deal: Deal,
    hands: Sequence[tuple[State, Sequence[Tile]]],
    draws: int,
    risk: float,
    method: Method | None,
    effort: Effort,
    facts: HandFacts | None = None,
    extra: int | None = None,
    origin: ExtraOrigin | None = None,
    found: Sequence[int] | None = None,
) -> list[Solved]:
    """The answer for each (state of 14 tiles, seen), in the order given.

    ``method`` None: up to :data:`EXACT_DRAWS` draws exact, beyond it ``advance``; the hands are
    solved in turn, each with all the work ``effort`` has left, so that the first hands (a ranking
    gives them best first) are computed in full; a hand the work (or the clock) stopped is marked
    ``stopped``, and so is every hand after it. A method given by name runs to the end, stopped only
    by the compiled recursion's memory limit. ``facts``: the deal's facts to reuse (see
    :func:`facts_for`), else found anew. ``extra`` (with ``method`` None): the ``extra`` method with
    that many exchanges beyond the fewest, within ``effort`` as the default; ``origin``: what its
    exchanges are counted from (None: each hand). ``found``: for each hand in turn, the hands whose
    facts the caller found for it (:class:`RowFacts`), counted as the work of that hand's solve.
    """
    facts = facts_for(deal, facts)
    out: list[Solved] = []
    first: Method = "extra" if extra is not None else "exact" if draws <= EXACT_DRAWS else "advance"
    seconds = effort.budget
    for k, (state, seen) in enumerate(hands):
        owed = FACT_COST * found[k] if found else 0  # the hand's facts, found before its solve
        if method is not None:
            named = ChanceSolver(facts, seen, risk, method, extra=extra or 0, origin=origin)
            v, e = named.solve(state, draws)
            out.append(Solved(v, e, method, named.stopped, named.work + owed))
            continue
        solver = ChanceSolver(facts, seen, risk, first, effort.deadline, extra=extra or 0, origin=origin)
        rate = WORK_PER_SECOND[solver.engine]
        solver.work_limit = max(0, int(seconds * rate) - owed)
        if solver.work_limit == 0 or (effort.deadline is not None and perf_counter() > effort.deadline):
            out.append(Solved(0.0, 0.0, first, "work" if solver.work_limit == 0 else "time"))
            seconds = 0.0
            continue
        v, e = solver.solve(state, draws)
        work = solver.work + owed
        seconds -= work / rate
        stopped = solver.stopped
        out.append(Solved(0.0, 0.0, first, stopped, work) if stopped else Solved(v, e, first, None, work))
        if stopped:
            seconds = 0.0
    return out


def facts_for(deal: Deal, facts: HandFacts | None = None) -> HandFacts:
    """``facts`` when given (they must be the deal's), else the deal's facts found anew.

    The facts of hands depend only on the deal's rules and indicator, never on the seen tiles, the
    draws or the risk: a caller that asks about many hands of one deal (a round played turn by turn)
    keeps one :class:`HandFacts` and passes it, so that each hand's facts are found once. The work a
    ranking may do counts only the facts it finds itself, so reused facts leave more of it for the
    recursion: the answers are never less complete, and the same for the same sequence of questions.

    Raises :class:`InputError` when ``facts`` belong to another deal's rules or indicator.
    """
    if facts is None:
        return HandFacts(deal)
    if facts.deal != deal:
        raise InputError("the hand facts given belong to another deal (rules or indicator differ)")
    return facts


def weakest(methods: Sequence[Method]) -> Method:
    """The method of a document: the least exact of its answers'."""
    return max(methods, key=_ORDER.index, default="exact")


def chance_of(
    deal: Deal,
    tiles: Sequence[Tile],
    seen: Sequence[Tile] = (),
    draws: int = DEFAULT_DRAWS,
    risk: float = DEFAULT_RISK,
    *,
    method: Method | None = None,
    effort: Effort | None = None,
    facts: HandFacts | None = None,
    extra: int | None = None,
) -> HandChance:
    """V_T and E_T of a 14-tile hand (tiles as held), ``seen`` the tiles out of play but the indicator.

    ``method`` None: exact up to :data:`EXACT_DRAWS` draws, else ``advance`` (``extra`` given: the
    ``extra`` method with that N), within ``effort`` (default :class:`Effort`); an answer the work
    stopped is a lower bound named ``…-capped``.
    ``facts``: the deal's facts to reuse (see :func:`facts_for`).
    Raises :class:`HandSizeError`, :class:`SupplyError`, :class:`InputError` (draws, risk, rules).
    """
    _check_rules(deal)
    check_hand_size(tiles, (deal.rules.hand_size,), "chance")
    check_supply(deal, tiles, seen)
    check_model(draws, risk)
    facts = facts_for(deal, facts)
    used: Method = method or ("extra" if extra is not None else "exact" if draws <= EXACT_DRAWS else "advance")
    solver = ChanceSolver(facts, seen, risk, used, extra=extra or 0)
    if method is None:
        effort = effort or Effort()
        solver.deadline = effort.deadline
        solver.work_limit = effort.work(solver.engine)
    v, e = solver.solve(facts.state(tiles), draws)
    if solver.capped:
        used = _CAPPED.get(used, used)
    searched = (extra, solver.work) if extra is not None else (None, None)
    return HandChance(v, e, ChanceModel(draws, risk, pool_size(len(seen) + 1), used, None, *searched))


@dataclass(frozen=True)
class ChanceRow:
    """One discard of the ranking: the ordinary row (rules.md 4), its win chance and expected points.

    For a winning discard ``chance`` is 1 and ``points`` the points of finishing with it now.
    """

    option: DiscardOption
    chance: float | None
    points: float | None
    method: Method = "exact"
    #: Why ``chance`` and ``points`` were not computed (None: they were): the ranking's work ran out
    #: (``work``), the question's clock did (``time``), or the recursion's memory limit (``memory``).
    stopped: Stop | None = None

    @property
    def tile(self) -> Tile:
        """The tile thrown."""
        return self.option.tile

    @property
    def computed(self) -> bool:
        """True when the row has its chance and points."""
        return self.chance is not None

    def to_json(self) -> dict[str, object]:
        """One entry of cli.md's ``discards`` list with ``chance`` and ``points`` (null when not
        computed, ``stopped`` saying why)."""
        return {
            **self.option.to_json(),
            "chance": self.chance,
            "points": self.points,
            "method": self.method,
            "stopped": self.stopped,
        }


@dataclass(frozen=True)
class FinishNow:
    """For a winning 15-tile hand: the points of the best finish now, the best expected points of
    holding (throwing a tile without finishing and playing on), and which is worth more."""

    points: float
    #: None when no way of holding was computed within the ranking's work.
    hold_points: float | None
    hold_tile: Tile | None

    @property
    def advice(self) -> Literal["finish", "hold"]:
        """``hold`` only when holding is computed and worth strictly more."""
        return "hold" if self.hold_points is not None and self.hold_points > self.points else "finish"

    def to_json(self) -> dict[str, object]:
        """cli.md's ``finish_now`` object."""
        return {"points": self.points, "hold_points": self.hold_points, "advice": self.advice}


@dataclass(frozen=True)
class ChanceRanking:
    """The answer of :func:`chance_ranking`: every distinct discard with its chance and points."""

    tiles: tuple[Tile, ...]
    rows: tuple[ChanceRow, ...]
    model: ChanceModel
    goal: ChanceGoal
    finish_now: FinishNow | None

    @property
    def best(self) -> ChanceRow:
        """The recommended discard."""
        return self.rows[0]

    def to_json(self) -> dict[str, object]:
        """cli.md's ``discard`` document with ``--chance``."""
        return {
            "discards": [r.to_json() for r in self.rows],
            "model": self.model.to_json(),
            "goal": self.goal,
            "finish_now": self.finish_now.to_json() if self.finish_now else None,
        }


class RowFacts:
    """The plain ranking's distances and useful draws of a chance ranking's rows (:class:`Distances`)
    from the hand facts its recursion asks again, and the hands each row's question found, which
    that row's solve counts as its own work: the work it would have done finding them itself, so
    that the same rows are computed as when every solve found its hand's facts."""

    def __init__(self, facts: HandFacts) -> None:
        self.facts = facts
        #: The hands found while answering for each row's 14 tiles, by the slot of the tile thrown.
        self.found: dict[int, int] = {}

    def rows(self, whole: SolverHand, removed: Sequence[Tile | None]) -> list[tuple[int, tuple[int, bool]]]:
        """:class:`Distances`: the rows asked in turn, of the compiled kernel in one call where
        there is one."""
        facts = self.facts
        state = (*whole.counts, whole.wilds)
        slots = [WILD_SLOT if face is None else face.index for face in removed]
        if facts.kernel is not None:
            asked = facts.kernel.rows(state, slots, facts.info, facts.deficiency)
        else:
            asked = []
            for slot in slots:
                known = facts.known()
                answer = facts.info(_less(state, slot))
                asked.append((*answer, facts.known() - known))
        out = []
        for slot, (k, _, useful, found) in zip(slots, asked):
            if found:
                self.found[slot] = self.found.get(slot, 0) + found
            out.append((k, (useful & ALL_FACES_MASK, bool(useful >> WILD_SLOT & 1)) if k else (0, False)))
        return out


def _less(state: State, slot: int) -> State:
    """The state with one copy fewer in ``slot``."""
    return (*state[:slot], state[slot] - 1, *state[slot + 1 :])


def chance_ranking(
    deal: Deal,
    tiles: Sequence[Tile],
    seen: Sequence[Tile] = (),
    *,
    draws: int = DEFAULT_DRAWS,
    risk: float = DEFAULT_RISK,
    goal: ChanceGoal = "chance",
    method: Method | None = None,
    effort: Effort | None = None,
    analyser: Analyser | None = None,
    facts: HandFacts | None = None,
    extra: int | None = None,
) -> ChanceRanking:
    """Rank the discards of a 15-tile hand (tiles as held) by win chance (``goal="chance"``) or by
    expected points (``goal="points"``) within ``draws`` own draws; winning discards stay first, in
    the order of :func:`rank_discards`; ties keep that order too. Each discard D is scored as
    V_T(H − D), E_T(H − D) with D counted out of play. A winning hand also gets :class:`FinishNow`.

    The discards are computed in the order of :func:`rank_discards` within ``effort`` (default
    :class:`Effort`); a row the work stopped has no chance (``stopped`` says why) and stays below the
    computed rows, in that order, so the same hand gives the same ranking on every machine.
    ``analyser``: the deal's analyser to reuse for the plain ranking (see :func:`rank_discards`);
    ``facts``: the deal's hand facts to reuse (see :func:`facts_for`). ``extra``: rank by the
    ``extra`` method with that many exchanges beyond the fewest, counted from the hand ranked
    (:class:`ExtraOrigin`; the model then reports N and the
    states searched).

    Raises :class:`HandSizeError`, :class:`SupplyError`, :class:`InputError` (draws, risk, rules, goal).
    """
    _check_rules(deal)
    if goal not in ("chance", "points"):
        raise InputError(f"--goal must be chance or points, got {goal!r}")
    check_model(draws, risk)
    facts = facts_for(deal, facts)
    rows_facts = RowFacts(facts)
    base = rank_discards(deal, tiles, seen, analyser=analyser, distances=rows_facts)
    whole = facts.state(tiles)
    thrown = [facts.slots[option.tile.index] for option in base.options]
    # each row's state (the 15's less its discard), and the hands its plain row found, owed by its solve
    hands = [(_less(whole, slot), [*seen, option.tile]) for slot, option in zip(thrown, base.options)]
    found = [rows_facts.found.get(slot, 0) for slot in thrown]
    # extra's exchanges count from the hand ranked and the fewest tiles away a discard leaves it
    counted = extra is not None or method in _EXTRA
    origin = ExtraOrigin(whole, min(option.deficiency for option in base.options)) if counted else None
    effort = effort or Effort()
    answers = _solve_with(deal, hands, draws, risk, method, effort, facts, extra, origin, found)
    pool = pool_size(len(seen) + 2)
    rows = []
    hold: tuple[float, Tile] | None = None
    for option, solved in zip(base.options, answers):
        if solved.stopped is None and (hold is None or solved.points > hold[0]):
            hold = (solved.points, option.tile)
        if option.win is not None:
            rows.append(ChanceRow(option, 1.0, float(finish_points(deal, option.win.finish)), solved.method))
        elif solved.stopped is not None:
            rows.append(ChanceRow(option, None, None, solved.method, solved.stopped))
        else:
            rows.append(ChanceRow(option, solved.chance, solved.points, solved.method))
    finish_now = None
    if base.best.wins:
        points = rows[0].points
        assert points is not None  # a winning row has its points
        finish_now = FinishNow(points, hold[0] if hold else None, hold[1] if hold else None)
    position = {row.tile: k for k, row in enumerate(rows)}

    def order(row: ChanceRow) -> tuple[object, ...]:
        if row.option.wins:
            return (0, position[row.tile])
        if row.chance is None or row.points is None:
            return (2, position[row.tile])  # not computed: the plain ranking's order, below
        first, second = (row.chance, row.points) if goal == "chance" else (row.points, row.chance)
        return (1, -first, -second, position[row.tile])

    rows.sort(key=order)
    stops = [r.stopped for r in rows if r.stopped is not None]
    searched = (extra, sum(a.states for a in answers)) if extra is not None else (None, None)
    model = ChanceModel(draws, risk, pool, weakest([r.method for r in rows]), stops[0] if stops else None, *searched)
    return ChanceRanking(base.tiles, tuple(rows), model, goal, finish_now)


def _check_rules(deal: Deal) -> None:
    if not game_of(deal.rules).takes("discard", "chance") or not deal.rules.has_indicator:
        raise InputError(f"win chances are for classic Okey hands (rules classic or okeygg), not {deal.rules.name}")


__all__ = [
    "Effort",
    "ExtraOrigin",
    "RowFacts",
    "Solved",
    "Stop",
    "ChanceRanking",
    "ChanceRow",
    "FinishNow",
    "chance_ranking",
    "ChanceModel",
    "ChanceSolver",
    "HandFacts",
    "HandChance",
    "chance_of",
    "check_model",
    "draws_from_pile",
    "facts_for",
    "finish_points",
]
