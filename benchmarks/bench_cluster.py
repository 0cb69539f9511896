"""Throughput of ``batch``: one process, ``--jobs 2``, and a local Dask cluster of two worker processes.

    python -m benchmarks.bench_cluster [--questions N]

The questions are ``discard`` rankings of seeded random 15-tile hands (``benchmarks/corpus.py``). Each
way answers the same lines; the answers are checked equal to the one-process answers. The cluster is a
``distributed.LocalCluster`` of two single-thread worker processes on this machine, started before the
clock runs (its start-up is printed apart). Needs the ``dask`` extra. Not part of the test suite.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator

from benchmarks.corpus import random_hands
from okeytool.commands.batch import run_batch

SEED = 2000
QUESTIONS = 2000


def questions(count: int = QUESTIONS, seed: int = SEED) -> list[str]:
    """``count`` discard questions as batch lines."""
    lines = []
    for k, case in enumerate(random_hands(count, 15, seed=seed)):
        tiles = " ".join(str(t) for t in case.tiles)
        lines.append(json.dumps({"id": k, "command": "discard", "indicator": str(case.deal.indicator), "tiles": tiles}))
    return lines


def timed(name: str, answer: Callable[[Iterable[str]], Iterator[str]], lines: list[str]) -> tuple[list[str], float]:
    """The answers and the questions answered per second."""
    start = time.perf_counter()
    out = list(answer(lines))
    rate = len(lines) / (time.perf_counter() - start)
    print(f"| {name} | {len(lines)} | {rate:.1f} |", flush=True)
    return out, rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--questions", type=int, default=QUESTIONS)
    args = parser.parse_args()
    from distributed import Client, LocalCluster

    from okeytool.distributed import run_on_cluster

    lines = questions(args.questions)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores\n")
    print("| way | questions | questions per second |\n|---|---|---|", flush=True)
    local, one = timed("batch --jobs 1", lambda ls: run_batch(ls, 1), lines)
    jobs, two = timed("batch --jobs 2", lambda ls: run_batch(ls, 2), lines)
    start = time.perf_counter()
    with (
        LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        Client(cluster) as client,
    ):
        run_on_cluster(lines[:2], client)  # the workers import okeytool before the clock runs
        ready = time.perf_counter() - start
        cluster_out, rate = timed("Dask LocalCluster, 2 worker processes", lambda ls: run_on_cluster(ls, client), lines)
    assert jobs == local and cluster_out == local, "the answers differ"
    print(f"\ncluster start-up (not timed above): {ready:.1f} s; answers identical in all three ways")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"ratio to --jobs 1: --jobs 2 {two / one:.2f}, cluster {rate / one:.2f}")


if __name__ == "__main__":
    main()
