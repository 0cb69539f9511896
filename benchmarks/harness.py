"""Timing helpers for the benchmark scripts: median, p99 and worst case per operation."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Timing:
    """Per-call wall-clock times of one operation over a corpus, in milliseconds."""

    name: str
    count: int
    median_ms: float
    p99_ms: float
    max_ms: float

    def row(self) -> str:
        """One Markdown table row."""
        return f"| {self.name} | {self.count} | {self.median_ms:.3f} | {self.p99_ms:.3f} | {self.max_ms:.3f} |"


HEADER = "| operation | cases | median ms | p99 ms | max ms |\n|---|---|---|---|---|"


def print_table(operations: Mapping[str, Sequence[Callable[[], object]]]) -> None:
    """Measure every operation and print the Markdown table."""
    print(HEADER)
    for name, calls in operations.items():
        print(measure(name, calls).row(), flush=True)


def measure(name: str, calls: Sequence[Callable[[], object]], *, repeat: int = 1) -> Timing:
    """Time every call (after one untimed warm-up of the first); best of ``repeat`` per call."""
    if calls:
        calls[0]()
    times = []
    for call in calls:
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            call()
            best = min(best, time.perf_counter() - start)
        times.append(best * 1000)
    times.sort()
    p99 = times[min(len(times) - 1, int(round(0.99 * (len(times) - 1))))] if times else 0.0
    return Timing(name, len(times), statistics.median(times) if times else 0.0, p99, times[-1] if times else 0.0)
