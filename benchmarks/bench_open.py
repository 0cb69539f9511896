"""Benchmark of the 101 opening analysis on a fixed, seeded corpus of random 22-tile hands.

Each hand is dealt from a real 106-tile set (two copies of each face, two false jokers) less the
indicator, which is drawn first from the numbered faces. Operations:

* ``open``: best value and melds, pair count and elden (what ``okeytool open`` needs before the extras),
  with the search memo cleared before each hand so no hand profits from an earlier one;
* ``open (warm memo)``: the same with the memo kept between hands, as in a long ``batch`` run;
* ``alternatives``: the three next-best openings;
* ``waits``: the tiles that lift a hand below 101 to 101;
* ``open, whole answer``: everything ``open --json`` computes (alternatives and waits included);
* ``discard 101``: the ranked discards of the 22 tiles;
* ``open (cpsat)``: the best value by the CP-SAT model (fewer hands: it is the slow reference).

Run: ``python -m benchmarks.bench_open`` (prints a Markdown table).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from benchmarks.harness import print_table
from okeytool.deal import Deal
from okeytool.rules import get_rules
from okeytool.solver.okey101.opening import (
    alternatives,
    analyse_opening,
    best_layout,
    best_value_cpsat,
    can_lay_all_but_one,
    discard_101,
    opening_from_layout,
    opening_search,
    opening_waits,
    pair_count,
)
from okeytool.tiles import ALL_FACES, FALSE_JOKER, Tile

SEED = 101
HANDS = 300
CPSAT_HANDS = 30
HAND_SIZE = 22


def corpus(count: int = HANDS, seed: int = SEED) -> list[tuple[Deal, tuple[Tile, ...]]]:
    """``count`` deals with a random indicator and a 22-tile hand dealt from the rest of the set."""
    rng = random.Random(seed)
    rules = get_rules("101")
    out = []
    for _ in range(count):
        indicator = rng.choice(ALL_FACES)
        pool = [face for face in ALL_FACES for _ in range(2)] + [FALSE_JOKER, FALSE_JOKER]
        pool.remove(indicator)
        out.append((Deal(rules, indicator), tuple(sorted(rng.sample(pool, HAND_SIZE)))))
    return out


def open_core(deal: Deal, tiles: tuple[Tile, ...], *, cold: bool = True) -> tuple[int, int, bool]:
    """Best opening (value and melds), pairs and elden of one hand."""
    if cold:
        opening_search(deal.rules.wrap).memo.clear()
    hand = deal.solver_hand(tiles)
    layout = best_layout(deal, hand)
    opening = opening_from_layout(deal, hand, layout)
    return (
        opening.points,
        pair_count(hand, jokers_in_pairs=deal.rules.jokers_in_pairs),
        can_lay_all_but_one(deal, hand),
    )


def _alternatives(deal: Deal, tiles: tuple[Tile, ...]) -> object:
    hand = deal.solver_hand(tiles)
    best = opening_from_layout(deal, hand, best_layout(deal, hand))
    return alternatives(deal, tiles, best, 3)


def operations() -> dict[str, list[Callable[[], object]]]:
    """The timed operations, each a list of calls (one per hand of the corpus)."""
    hands = corpus()
    return {
        "open": [lambda d=d, t=t: open_core(d, t) for d, t in hands],
        "open (warm memo)": [lambda d=d, t=t: open_core(d, t, cold=False) for d, t in hands],
        "alternatives": [lambda d=d, t=t: _alternatives(d, t) for d, t in hands],
        "waits": [lambda d=d, t=t: opening_waits(d, t) for d, t in hands[:100]],
        "open, whole answer": [lambda d=d, t=t: analyse_opening(d, t) for d, t in hands[:100]],
        "discard 101": [lambda d=d, t=t: discard_101(d, t) for d, t in hands[:100]],
        "open (cpsat)": [lambda d=d, t=t: best_value_cpsat(d, d.solver_hand(t)) for d, t in hands[:CPSAT_HANDS]],
    }


def main() -> None:
    """Print the timings as a Markdown table."""
    print_table(operations())


if __name__ == "__main__":
    main()
