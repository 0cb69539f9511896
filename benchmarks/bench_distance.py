"""Benchmark of the distance core: how far a 14-tile hand is from winning (the cover programme of
``okeytool.solver.classic.cover``, which also gives its waits), and the same through the analysis
that every answer uses (melds and seven pairs, wilds, the supply).

    python -m benchmarks.bench_distance [HANDS]

Hands are random 14-tile deals (``benchmarks/corpus.py``, seeded). Rows, in microseconds per hand:
the compiled table's answer (by colour rows, ``cover_rows.h``) on a hand new to it with its tables
emptied first (``cold``: every row of the hand solved) and with the tables holding the hands before
it (``warm``: as in a ranking or a game, where hands share their rows); the same two for the
whole-hand programme the rows replace (``Table.programme``, the reference); then
``Analyser.deficiency`` on hands new to it. The cold rows take the first 300 hands. The figures
include Python's call, as the mahjong cores' figures quoted in RESULTS.md do.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial

from benchmarks.corpus import random_hands
from okeytool.solver.classic.analysis import Analyser
from okeytool.solver.classic.cover import MeldCover, hand_masks

#: Hands of the cold row (emptying the table costs far more than a hand).
COLD = 300


def _micros(calls: Sequence[Callable[[], object]], before: Callable[[], object] | None = None) -> list[float]:
    times = []
    for call in calls:
        if before is not None:
            before()
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1e6)
    return times


def _row(name: str, times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"| {name} | {len(times)} | {statistics.median(times):.2f} | {p99:.2f} | {ordered[-1]:.2f} |"


def main(count: int = 2000) -> None:
    cases = random_hands(count, 14)
    cover = MeldCover(wrap=True)
    table = cover.table
    if table is None:
        sys.exit("the compiled cover programme was not built (OKEYTOOL_PURE_PYTHON or no C compiler)")
    masks = []
    for case in cases:
        hand = case.deal.solver_hand(case.tiles)
        masks.append((*hand_masks(hand.counts), case.deal.rules.hand_size))
    print("| operation | hands | median µs | p99 µs | max µs |\n|---|---|---|---|---|")
    for name, best in (("by colour rows", table.best_spares), ("whole-hand programme", table.programme)):
        cold = _micros([partial(best, *m) for m in masks[:COLD]], table.clear)
        print(_row(f"distance, {name}, cold (tables emptied)", cold))
        table.clear()
        print(_row(f"distance, {name}, warm (earlier hands kept)", _micros([partial(best, *m) for m in masks])))
    calls: list[Callable[[], object]] = []
    for case in cases:
        analyser = Analyser(case.deal)
        hand = case.deal.solver_hand(case.tiles)
        calls.append(partial(analyser.deficiency, hand))
    print(_row("Analyser.deficiency (melds and pairs, wilds, supply)", _micros(calls)))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
