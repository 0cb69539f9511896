"""Per-call timing shared by okeytool's side and the peer worker's side of ``benchmarks.peers``.

Standard library only: the peer worker imports it inside the peers' own virtual environment, where
okeytool is not installed. The method is :func:`benchmarks.harness.measure`'s (one untimed warm-up
call, then each call timed once), with the mean kept as well, since some peers report a mean.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class Summary:
    """Wall-clock milliseconds per call over one corpus."""

    count: int
    median_ms: float
    p99_ms: float
    mean_ms: float
    max_ms: float

    def to_json(self) -> dict[str, float]:
        """The fields as a JSON object."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, float]) -> Summary:
        """The inverse of :meth:`to_json`."""
        return cls(int(data["count"]), data["median_ms"], data["p99_ms"], data["mean_ms"], data["max_ms"])


def time_calls(calls: Sequence[Callable[[], object]]) -> Summary:
    """Time every call once, after one untimed warm-up call of the first."""
    if calls:
        calls[0]()
    times = []
    for call in calls:
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    if not times:
        return Summary(0, 0.0, 0.0, 0.0, 0.0)
    p99 = times[min(len(times) - 1, int(round(0.99 * (len(times) - 1))))]
    return Summary(len(times), statistics.median(times), p99, statistics.fmean(times), times[-1])
