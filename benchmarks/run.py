"""Run every benchmark on its fixed, seeded corpus and print median, p99 and worst per operation.

    python -m benchmarks.run              # print the table
    python -m benchmarks.run --write      # also write benchmarks/RESULTS.md

Times are wall-clock per call, in-process, after one warm-up call per operation.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

from benchmarks import bench_analysis, bench_chance, bench_check, bench_open, bench_play, bench_round
from benchmarks.harness import HEADER, Timing, measure
from okeytool.solver.classic.chance import COMPILED as CHANCE_COMPILED
from okeytool.solver.classic.cover import COMPILED

MODULES = {
    "check": bench_check,
    "analysis": bench_analysis,
    "open": bench_open,
    "play": bench_play,
    "chance": bench_chance,
    "round": bench_round,
}
HELP_RUNS = 10


def startup() -> Timing:
    """``okeytool --help`` as a new process (the cost a user feels), median of several runs."""
    times = []
    for _ in range(HELP_RUNS):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "okeytool", "--help"], check=True, capture_output=True)
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return Timing("okeytool --help (new process)", HELP_RUNS, statistics.median(times), times[-1], times[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--write", action="store_true", help="write benchmarks/RESULTS.md")
    parser.add_argument("--only", default=",".join(MODULES), help="comma-separated: " + ",".join(MODULES))
    args = parser.parse_args()
    chosen = [MODULES[name] for name in args.only.split(",")]
    rows = [startup().row()] if not args.only or args.write or len(chosen) == len(MODULES) else []
    print(HEADER)
    for row in rows:
        print(row, flush=True)
    for module in chosen:
        for name, calls in module.operations().items():
            row = measure(name, calls).row()
            rows.append(row)
            print(row, flush=True)
    if args.write:
        pure = _pure_python_rows() if COMPILED else []
        machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
        cover = "compiled (C extensions)" if COMPILED and CHANCE_COMPILED else "pure Python"
        text = "\n".join(
            [
                "# Benchmark results",
                "",
                f"Measured {date.today().isoformat()} on {machine}; cover programme and chance recursion: {cover}.",
                "Produced by `python -m benchmarks.run --write`; corpora are fixed and seeded (`benchmarks/corpus.py`,",
                "`bench_open.py`, `bench_play.py`). Times in milliseconds per call, in-process.",
                "",
                HEADER,
                *rows,
                "",
                *(
                    [
                        "Without the compiled extensions (`OKEYTOOL_PURE_PYTHON=1`, as on a machine",
                        "without a C compiler), the operations that use the cover programme and the chance recursion:",
                        "",
                        HEADER,
                        *pure,
                        "",
                    ]
                    if pure
                    else []
                ),
            ]
        )
        results = Path(__file__).with_name("RESULTS.md")
        kept = _own_sections(results)  # measured by their own scripts: kept as they were
        results.write_text(text + ("\n" + kept if kept else ""), encoding="utf-8")


def _own_sections(results: Path) -> str:
    """The ``## `` sections of ``results`` that other scripts write (peers, batch, chance, 101), as they are."""
    if not results.exists():
        return ""
    text = results.read_text(encoding="utf-8")
    start = text.find("\n## ")
    return text[start + 1 :] if start >= 0 else ""


def _pure_python_rows() -> list[str]:
    env = {**os.environ, "OKEYTOOL_PURE_PYTHON": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.run", "--only", "check,analysis,chance"],
        check=True, capture_output=True, text=True, env=env,
    )  # fmt: skip
    return [line for line in done.stdout.splitlines() if line.startswith("| ") and "operation" not in line]


if __name__ == "__main__":
    main()
