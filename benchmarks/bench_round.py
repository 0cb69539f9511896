"""Benchmark of ``okeytool round`` subcommands as whole processes (start-up, ledger, replay, advice).

Each case is a round started from a 14-tile hand one or two tiles away (deficiency 1 or 2),
chosen from the seeded corpus; and random 101 deals of 21 tiles (draw: the 101 discard ranking of 22,
show: the opening analysis with its waits). Timed: ``round draw TILE`` (classic: the advice is the
chance ranking of 15 tiles at the round's default horizon, 11 own draws left after the first draw,
see :func:`okeytool.round.advice.draws_left`; 101: its discard ranking) and ``round show`` (14 tiles:
waits or useful tiles, with unseen counts). Before each draw the ledger file is restored from a
copy, so every call records the same event.

``python -m benchmarks.bench_round`` also prints the CPU time of the same processes (user + system,
from the kernel's accounting of finished children): on a machine shared with other work the wall
clock measures their load as much as the command, the CPU time much less.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path

from benchmarks.corpus import Case, random_hands, winning_hands
from benchmarks.harness import HEADER, Timing, print_table
from okeytool.ledger.rounds import RoundBook
from okeytool.round.events import Start
from okeytool.solver.classic.analysis import Analyser
from okeytool.tiles import ALL_FACES

CASES = 12
ROOT = Path(tempfile.gettempdir()) / "okeytool-bench-round"


def _cases(deficiency: int) -> list[Case]:
    """The first ``CASES`` corpus hands (14 tiles) with this deficiency."""
    pool = [Case(c.deal, c.tiles[1:]) for c in winning_hands(400, seed=91)]
    pool += [Case(c.deal, c.tiles[:14]) for c in random_hands(600, 14, seed=92)]
    chosen = [c for c in pool if Analyser(c.deal).deficiency(c.deal.solver_hand(c.tiles)).total == deficiency]
    return chosen[:CASES]


def _prepared(name: str, case: Case) -> tuple[Path, str]:
    """A ledger holding the case's round, and a tile the player may draw."""
    path = ROOT / f"{name}.sqlite3"
    for stale in ROOT.glob(f"{name}.sqlite3*"):
        stale.unlink()
    with RoundBook(path) as book:
        book.start(Start(case.deal.rules.name, {}, case.deal.indicator, case.tiles))
    held = list(case.tiles)
    draw = next(t for t in ALL_FACES if held.count(t) < 2 and t != case.deal.indicator)
    shutil.copy(path, path.with_suffix(".orig"))
    return path, str(draw)


def _run(path: Path, *args: str, restore: bool = False) -> None:
    if restore:
        for extra in ("-wal", "-shm"):
            Path(f"{path}{extra}").unlink(missing_ok=True)
        shutil.copy(path.with_suffix(".orig"), path)
    env = {**os.environ, "OKEYTOOL_DB": str(path)}
    subprocess.run([sys.executable, "-m", "okeytool", "round", *args, "--json"], check=True, env=env,
                   stdout=subprocess.DEVNULL)  # fmt: skip


def operations() -> dict[str, list[Callable[[], object]]]:
    """round draw and round show, for hands one and two tiles away."""
    ROOT.mkdir(parents=True, exist_ok=True)
    out: dict[str, list[Callable[[], object]]] = {}
    for deficiency, words in ((1, "one tile away"), (2, "two away")):
        prepared = [_prepared(f"d{deficiency}-{k}", case) for k, case in enumerate(_cases(deficiency))]
        out[f"round draw, {words} (process)"] = [partial(_run, p, "draw", t, restore=True) for p, t in prepared]
        out[f"round show, {words} (process)"] = [partial(_run, p, "show", restore=True) for p, _ in prepared]
    dealt = [_prepared(f"101-{k}", case) for k, case in enumerate(random_hands(CASES, 21, rules="101", seed=93))]
    out["round draw, 101 (process)"] = [partial(_run, p, "draw", t, restore=True) for p, t in dealt]
    out["round show, 101 (process)"] = [partial(_run, p, "show", restore=True) for p, _ in dealt]
    return out


def _cpu_ms(call: Callable[[], object]) -> float:
    """The CPU time (user + system) of the processes ``call`` ran, in milliseconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    call()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000


def cpu_timing(name: str, calls: list[Callable[[], object]]) -> Timing:
    """Median, p99 and worst CPU time of the processes of every call (after one untimed warm-up)."""
    if calls:
        calls[0]()
    times = sorted(_cpu_ms(call) for call in calls)
    p99 = times[min(len(times) - 1, int(round(0.99 * (len(times) - 1))))] if times else 0.0
    return Timing(name, len(times), statistics.median(times) if times else 0.0, p99, times[-1] if times else 0.0)


def main() -> None:
    """Print the wall-clock timings, then the CPU times of the same processes, as Markdown tables."""
    print_table(operations())
    print()
    print(HEADER.replace("median ms", "median CPU ms").replace("p99 ms", "p99 CPU ms").replace("max ms", "max CPU ms"))
    for name, calls in operations().items():
        print(cpu_timing(name, calls).row(), flush=True)


if __name__ == "__main__":
    main()
