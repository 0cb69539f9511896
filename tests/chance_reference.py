"""A slow, obviously-correct brute force of rules.md 4.1 in exact fractions.

Every draw with its unseen copies, every discard after it, and the winning test of
:func:`tests.reference.reference_check` (the validator only, no solver). Nothing is pruned. The
points of a win are 2, doubled for seven pairs and doubled for a real okey thrown (the classic
defaults: multipliers stack, no renkli).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from reference import reference_check

from okeytool.deal import Deal
from okeytool.parse.supply import limit
from okeytool.solver.classic.chance import _ADVANCING as ADVANCING
from okeytool.solver.classic.chance import _SWAPPING as SWAPPING
from okeytool.solver.classic.chance import SLOTS, ChanceSolver, State
from okeytool.tiles import ALL_FACES, FALSE_JOKER, Tile

SET_SIZE = 106
#: The winning test's answers, shared by every call (the deals of the tests use default options).
_WINS: dict[tuple[str, Tile | None, tuple[Tile, ...]], int | None] = {}
HAND = 14


def tile_kinds() -> tuple[Tile, ...]:
    """Every tile a player can hold, as held: the 52 faces (the okey face is a real okey) and F."""
    return (*ALL_FACES, FALSE_JOKER)


def win_points(deal: Deal, tiles: Sequence[Tile]) -> int | None:
    """Points of the best finish of 15 tiles, None when no discard wins."""
    answer = reference_check(deal, tiles)
    best = None
    for discard, kind in answer.wins.items():
        points = 2 * (2 if kind == "pairs" else 1) * (2 if discard is not None and deal.is_wild(discard) else 1)
        best = points if best is None else max(best, points)
    return best


def brute_chance(
    deal: Deal, tiles: Sequence[Tile], seen: Sequence[Tile], draws: int, risk: Fraction
) -> tuple[Fraction, Fraction]:
    """(V_T, E_T) of a 14-tile hand, ``seen`` the tiles out of play other than the indicator."""
    out = Counter(seen)
    pool = SET_SIZE - HAND - len(seen) - 1
    kinds = tile_kinds()

    def wins(hand15: tuple[Tile, ...]) -> int | None:
        key = (deal.rules.name, deal.indicator, hand15)
        if key not in _WINS:
            _WINS[key] = win_points(deal, hand15)
        return _WINS[key]

    @cache
    def solve(hand: tuple[Tile, ...], left: int) -> tuple[Fraction, Fraction]:
        if left == 0:
            return Fraction(0), Fraction(0)
        held = Counter(hand)
        total_v = total_e = Fraction(0)
        for x in kinds:
            copies = limit(deal, x) - held[x] - out[x]
            if copies <= 0:
                continue
            grown = tuple(sorted((*hand, x)))
            points = wins(grown)
            best_v = Fraction(1) if points is not None else Fraction(0)
            best_e = Fraction(points) if points is not None else Fraction(0)
            for d in sorted(set(grown)):
                rest = list(grown)
                rest.remove(d)
                v, e = solve(tuple(rest), left - 1)
                if points is None:
                    best_v = max(best_v, v)
                best_e = max(best_e, e)
            total_v += copies * best_v
            total_e += copies * best_e
        return (1 - risk) * total_v / pool, (1 - risk) * total_e / pool

    return solve(tuple(sorted(tiles)), draws)


def solve_reference(solver: ChanceSolver, state: State, draws: int) -> tuple[float, float]:
    """(V_T, E_T) of a 14-tile state, the recursion of rules.md 4.1 as stated, for every method of
    ``solver`` (its facts, tiles left, risk and method; no work limit): what the planned recursion
    (``ChanceSolver.solve``, Python and compiled) is held to. Memoised in ``solver.memo``."""
    if draws <= 0:
        return 0.0, 0.0
    key = (state, draws)
    known = solver.memo.get(key)
    if known is not None:
        return known
    facts = solver.facts
    k, wins, useful = facts.info(state)
    if k > draws:
        solver.memo[key] = (0.0, 0.0)
        return 0.0, 0.0
    rest = draws - 1
    total_v = total_e = 0.0
    left = solver.left
    advance = solver.method in ADVANCING
    swapping = k == 1 and solver.method in SWAPPING
    # advance: every draw that does not bring the hand closer leads back to the same hand.
    back_v, back_e = solve_reference(solver, state, rest) if advance and rest else (0.0, 0.0)
    back = 0
    for x in range(SLOTS):
        n = left[x] - state[x]
        if n <= 0:
            continue
        if wins >> x & 1:
            best_e = facts.win_values(state)[x]
            if advance:
                best_e = max(best_e, back_e)
            elif rest:  # hold: play on with a winning hand
                for child in solver.options(state, x, rest, win=True):
                    best_e = max(best_e, solve_reference(solver, child, rest)[1])
            total_v += n
            total_e += n * best_e
            continue
        if advance and not useful >> x & 1:
            swap = solver.swap_to(state, x) if swapping and rest else None
            if swap is None:
                back += n
            else:
                v, e = solve_reference(solver, swap, rest)
                total_v += n * max(v, back_v)
                total_e += n * max(e, back_e)
            continue
        if not rest:
            continue
        best_v = best_e = 0.0
        for child in solver.options(state, x, rest, win=False):
            v, e = solve_reference(solver, child, rest)
            if v > best_v:
                best_v = v
            if e > best_e:
                best_e = e
        total_v += n * best_v
        total_e += n * best_e
    total_v += back * back_v
    total_e += back * back_e
    known = (total_v * solver.scale, total_e * solver.scale)
    solver.memo[key] = known
    return known


def solve_extra_reference(
    solver: ChanceSolver, start: State, draws: int, counted_from: tuple[State, int] | None = None
) -> tuple[float, float]:
    """(V_T, E_T) of the 14-tile hand ``start`` by the ``extra`` method (N = ``solver.extra``), as
    its rule says it, with nothing cached between states but the answers: each state's tiles
    exchanged counted afresh against the hand they count from (``counted_from``: that hand and its
    deficiency, as a ranking gives them; None: ``start`` and its own), every discard of every draw
    tried against the bound by its own deficiency. Memoised in ``solver.memo`` (the solver must be new)."""
    facts = solver.facts
    origin, deficiency = counted_from if counted_from is not None else (start, facts.deficiency(start))
    allowance = deficiency + solver.extra

    def exchanged(state: State) -> int:
        return sum(max(0, c - o) for c, o in zip(state, origin))

    def solve(state: State, left_draws: int) -> tuple[float, float]:
        if left_draws <= 0:
            return 0.0, 0.0
        key = (state, left_draws)
        if key in solver.memo:
            return solver.memo[key]
        k, wins, useful = facts.info(state)
        if k > left_draws:
            solver.memo[key] = (0.0, 0.0)
            return 0.0, 0.0
        rest = left_draws - 1
        back_v, back_e = solve(state, rest)
        may_swap = exchanged(state) + k < allowance
        total_v = total_e = 0.0
        back = 0
        for x in range(SLOTS):
            n = solver.left[x] - state[x]
            if n <= 0:
                continue
            if wins >> x & 1:  # a win; held only by throwing the drawn tile back
                total_v += n
                total_e += n * max(facts.win_values(state)[x], back_e)
                continue
            if not useful >> x & 1 and not may_swap:
                back += n  # thrown back
                continue
            grown = tuple(c + (s == x) for s, c in enumerate(state))
            children = [c for c in facts.discards(grown)]
            lowest = min(facts.deficiency(c) for c in children)
            may_step_back = exchanged(grown) + lowest < allowance
            best_v = best_e = 0.0
            for child in children:
                d = facts.deficiency(child)
                if d > rest or (d > lowest and not may_step_back):
                    continue
                v, e = solve(child, rest)
                best_v, best_e = max(best_v, v), max(best_e, e)
            total_v += n * best_v
            total_e += n * best_e
        total_v += back * back_v
        total_e += back * back_e
        solver.memo[key] = (total_v * solver.scale, total_e * solver.scale)
        return solver.memo[key]

    return solve(start, draws)
