"""Benchmark of the arena: whole classic rounds played out in this process, per pairing.

Each operation plays the four games of one deal (seed 2026, deals 0..N-1) with the challenger in
each seat; the table gives the time per deal (median, p99, max) and, below it, rounds per second on
one core (four rounds per deal). ``--jobs`` scales this by the cores given (the games of a deal are
the unit of work and need nothing from each other).

``python -m benchmarks.bench_arena [DEALS]`` (default 20 deals per pairing).
"""

from __future__ import annotations

import sys
from functools import partial

from benchmarks.harness import HEADER, measure
from okeytool.arena.run import ArenaRun, play_deal

SEED = 2026
PAIRINGS = (("acceptance", "acceptance"), ("chance", "acceptance"), ("points", "acceptance"), ("greedy", "random"))


def main(deals: int = 20) -> None:
    print(HEADER)
    rates = []
    for challenger, champion in PAIRINGS:
        run = ArenaRun("classic", challenger, champion, deals=deals, seed=SEED)
        timing = measure(
            f"one deal (4 rounds), {challenger} vs {champion}", [partial(play_deal, run, k) for k in range(deals)]
        )
        print(timing.row(), flush=True)
        mean_deal_ms = timing.median_ms
        rates.append((challenger, champion, 4000 / mean_deal_ms if mean_deal_ms else 0.0))
    print()
    for challenger, champion, rate in rates:
        print(f"{challenger} vs {champion}: {rate:.1f} rounds per second on one core (from the median deal)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 20)
