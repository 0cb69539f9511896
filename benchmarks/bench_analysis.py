"""Benchmark of ``waits`` (14 tiles) and the full ``discard`` ranking (15 tiles)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from benchmarks.corpus import random_hands, winning_hands
from benchmarks.harness import print_table
from okeytool.solver.classic.analysis import analyse_waits, rank_discards

CASES = 200
DEEP_CASES = 60


def operations() -> dict[str, list[Callable[[], object]]]:
    """waits on random and near-complete 14-tile hands; discard on random and built 15-tile hands
    (and, opt-in, the deep ranking)."""
    built = winning_hands(CASES, seed=77)
    return {
        "waits 14 random": [partial(analyse_waits, c.deal, c.tiles[:14]) for c in random_hands(CASES, 14, seed=5)],
        "waits 14 near-complete": [partial(analyse_waits, c.deal, c.tiles[1:]) for c in built],
        "discard 15 random": [partial(rank_discards, c.deal, c.tiles) for c in random_hands(CASES, 15, seed=6)],
        "discard 15 built": [partial(rank_discards, c.deal, c.tiles) for c in built],
        "discard 15 random --deep": [
            partial(rank_discards, c.deal, c.tiles, deep=True) for c in random_hands(DEEP_CASES, 15, seed=6)
        ],
    }


def main() -> None:
    """Print the timings as a Markdown table."""
    print_table(operations())


if __name__ == "__main__":
    main()
