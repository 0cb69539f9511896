"""Benchmark of ``check`` on 15-tile hands: random deals and hands built around winning hands."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from benchmarks.corpus import random_hands, winning_hands
from benchmarks.harness import print_table
from okeytool.solver.classic.check import check_hand

RANDOM = 300
BUILT = 300


def operations() -> dict[str, list[Callable[[], object]]]:
    """check on random and on built 15-tile hands (fast exact search, in-process)."""
    return {
        "check 15 random": [partial(check_hand, c.deal, c.tiles) for c in random_hands(RANDOM, 15)],
        "check 15 built": [partial(check_hand, c.deal, c.tiles) for c in winning_hands(BUILT)],
    }


def main() -> None:
    """Print the timings as a Markdown table."""
    print_table(operations())


if __name__ == "__main__":
    main()
