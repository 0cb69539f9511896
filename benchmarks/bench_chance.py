"""Benchmark of ``discard --chance``: the whole chance ranking of a 15-tile hand with 8 draws left,
by how far the best discard leaves the hand, and the gap of the default long-horizon method
(``advance``, a lower bound) to the exact answer where both run (2 draws).

    python -m benchmarks.bench_chance
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from benchmarks.corpus import Case, full_set, random_deal, random_hands, winning_hand
from benchmarks.harness import print_table
from okeytool.rules import get_rules
from okeytool.solver.classic.analysis import rank_discards
from okeytool.solver.classic.chance import chance_of, chance_ranking

CASES = 20
DRAWS = 8
GAP_CASES = 12
SEED = 20261201


def hands_by_distance(count: int, seed: int = SEED) -> dict[int, list[Case]]:
    """15-tile hands (a winning 14 with tiles swapped, plus one) grouped by the deficiency the best
    discard leaves: 1, 2, and 3 or more (from random deals)."""
    rng = random.Random(seed)
    rules = get_rules("classic")
    groups: dict[int, list[Case]] = {1: [], 2: [], 3: []}
    while len(groups[1]) < count or len(groups[2]) < count:
        deal = random_deal(rng, rules)
        hand = winning_hand(rng, deal, wilds=rng.choice((0, 0, 1, 2)))
        if hand is None:
            continue
        pool = full_set(deal)
        for tile in hand:
            pool.remove(tile)
        tiles = list(hand)
        for _ in range(rng.choice((1, 2, 3))):
            tiles[rng.randrange(len(tiles))] = pool.pop(rng.randrange(len(pool)))
        tiles.append(pool.pop(rng.randrange(len(pool))))
        case = Case(deal, tuple(sorted(tiles)))
        d = rank_discards(deal, case.tiles).best.deficiency
        if d in (1, 2) and len(groups[d]) < count:
            groups[d].append(case)
    for case in random_hands(count * 3, 15, seed=seed):
        if len(groups[3]) < count and rank_discards(case.deal, case.tiles).best.deficiency >= 3:
            groups[3].append(case)
    return groups


def operations() -> dict[str, list[Callable[[], object]]]:
    """The chance ranking at 8 draws, one operation per distance."""
    groups = hands_by_distance(CASES)
    names = {1: "discard --chance, 8 draws, one away", 2: "discard --chance, 8 draws, two away",
             3: "discard --chance, 8 draws, 3+ away"}  # fmt: skip
    return {
        names[d]: [partial(chance_ranking, c.deal, c.tiles, draws=DRAWS) for c in cases] for d, cases in groups.items()
    }


def method_gap(cases: int = GAP_CASES, draws: int = 2) -> list[str]:
    """Per hand (one and two away), the chance and points of advance against exact, for every discard."""
    groups = hands_by_distance(cases, seed=SEED + 1)
    lines = []
    for d in (1, 2):
        gaps_v: list[float] = []
        gaps_e: list[float] = []
        best_same = 0
        for case in groups[d]:
            rows = rank_discards(case.deal, case.tiles).options
            exact_best = advance_best = None
            for option in rows:
                rest = list(case.tiles)
                rest.remove(option.tile)
                exact = chance_of(case.deal, rest, [option.tile], draws, 0.05, method="exact")
                advance = chance_of(case.deal, rest, [option.tile], draws, 0.05, method="advance")
                gaps_v.append(exact.chance - advance.chance)
                gaps_e.append(exact.points - advance.points)
                if exact_best is None or exact.chance > exact_best[0]:
                    exact_best = (exact.chance, option.tile)
                if advance_best is None or advance.chance > advance_best[0]:
                    advance_best = (advance.chance, option.tile)
            assert exact_best is not None and advance_best is not None
            best_same += exact_best[1] == advance_best[1] or abs(exact_best[0] - advance_best[0]) < 1e-12
        lines.append(
            f"| {'one' if d == 1 else 'two'} away, {draws} draws | {len(groups[d])} | {len(gaps_v)} | "
            f"{sum(gaps_v) / len(gaps_v):.4f} | {max(gaps_v):.4f} | {max(gaps_e):.4f} | {best_same}/{len(groups[d])} |"
        )
    return lines


GAP_HEADER = (
    "| hands | cases | discards | mean chance gap | max chance gap | max points gap | same best throw |\n"
    "|---|---|---|---|---|---|---|"
)


def main() -> None:
    """Print the timings and the method gap as Markdown tables."""
    print_table(operations())
    print()
    print(GAP_HEADER)
    for line in method_gap():
        print(line, flush=True)


if __name__ == "__main__":
    main()
