"""Benchmark of ``okeytool batch`` across processes: throughput with ``--jobs 1`` and ``--jobs 2`` on
2,000 ``discard`` questions (random 15-tile hands of the seeded corpus), and the peak memory of one
process for 10,000 and 100,000 lines (memory must stay flat as the input grows).

    python -m benchmarks.bench_batch                # throughput and memory
    python -m benchmarks.bench_batch --lines 500    # a quicker throughput run
    python -m benchmarks.bench_batch --write        # also write its section of benchmarks/RESULTS.md

Each figure is the whole command as a new process (start-up, workers, reading and writing included),
the median of ``--runs`` runs. Peak memory is the largest resident set of any one process of the run
(the parent or a worker), from ``getrusage``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

from benchmarks.corpus import random_hands
from okeytool.tiles import format_tiles

DISCARD_LINES = 2000
#: The heading of this benchmark's section in RESULTS.md (``benchmarks.run --write`` keeps it).
SECTION = "## batch across processes"
MEMORY_LINES = (10_000, 100_000)


def discard_lines(count: int, seed: int = 6) -> list[str]:
    """``count`` discard questions on random 15-tile hands of the seeded corpus."""
    lines = []
    for k, case in enumerate(random_hands(count, 15, seed=seed)):
        question = {
            "id": k,
            "command": "discard",
            "indicator": str(case.deal.indicator),
            "tiles": format_tiles(case.tiles),
        }
        lines.append(json.dumps(question))
    return lines


def check_lines(count: int) -> list[str]:
    """``count`` cheap check questions (the memory run measures the pipeline, not the solver)."""
    line = '{"id": %d, "command": "check", "indicator": "Y7", "tiles": "R1-4 B9-11 K5 Y5 R5 K11-13 K1 B2"}'
    return [line % k for k in range(count)]


def run_batch(path: Path, jobs: int) -> tuple[float, float]:
    """Wall-clock and CPU seconds (the command and its workers) of one ``okeytool batch PATH --jobs N``,
    answers counted and discarded."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "okeytool", "batch", str(path), "--jobs", str(jobs), "--no-progress"],
        stdout=subprocess.PIPE,
        check=True,
    )
    seconds = time.perf_counter() - start
    expected = sum(1 for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    answers = done.stdout.count(b"\n")
    if answers != expected:
        raise RuntimeError(f"batch wrote {answers} answers for {expected} lines")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return seconds, cpu


def peak_memory_mb(path: Path, jobs: int) -> float:
    """The largest resident set (MB) of any process of one batch run, in a fresh child so that the
    figure is this run's alone."""
    code = (
        "import resource, subprocess, sys;"
        f"subprocess.run([sys.executable, '-m', 'okeytool', 'batch', {str(path)!r}, '--jobs', '{jobs}', "
        "'--no-progress'], stdout=subprocess.DEVNULL, check=True);"
        "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return int(out.strip()) / 1024  # ru_maxrss is in KiB on Linux


def written_section(results: Path) -> str:
    """This benchmark's section of ``results`` as last written, or ``""``."""
    if not results.exists():
        return ""
    text = results.read_text(encoding="utf-8")
    start = text.find(SECTION)
    return text[start:] if start >= 0 else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=DISCARD_LINES, help="discard questions for the throughput")
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (the median is shown)")
    parser.add_argument("--no-memory", action="store_true", help="skip the memory runs")
    parser.add_argument("--write", action="store_true", help="write this section of benchmarks/RESULTS.md")
    args = parser.parse_args()
    out: list[str] = []

    def show(line: str) -> None:
        out.append(line)
        print(line, flush=True)

    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder:
        questions = Path(folder) / "discard.jsonl"
        questions.write_text("\n".join(discard_lines(args.lines)) + "\n", encoding="utf-8")
        show("| batch | lines | median wall s | questions/s | CPU s (all processes) |\n|---|---|---|---|---|")
        rates, cpus = {}, {}
        for jobs in (1, 2):
            runs = [run_batch(questions, jobs) for _ in range(args.runs)]
            seconds = statistics.median(wall for wall, _ in runs)
            cpus[jobs] = statistics.median(cpu for _, cpu in runs)
            rates[jobs] = args.lines / seconds
            show(f"| discard --jobs {jobs} | {args.lines} | {seconds:.2f} | {rates[jobs]:.0f} | {cpus[jobs]:.2f} |")
        show("")
        show(f"`--jobs 2` / `--jobs 1` throughput: **{rates[2] / rates[1]:.2f} x** (wall clock); the CPU time of")
        show(
            f"all processes of `--jobs 2` is {cpus[2] / cpus[1]:.2f} x that of `--jobs 1` (the work parallel runs add)."
        )
        if not args.no_memory:
            show("")
            show("| batch | lines | peak MB of one process |\n|---|---|---|")
            for count in MEMORY_LINES:
                path = Path(folder) / f"check-{count}.jsonl"
                path.write_text("\n".join(check_lines(count)) + "\n", encoding="utf-8")
                show(f"| check --jobs 2 | {count} | {peak_memory_mb(path, 2):.1f} |")
    if args.write:
        results = Path(__file__).with_name("RESULTS.md")
        text = results.read_text(encoding="utf-8") if results.exists() else "# Benchmark results\n"
        kept = text[: text.find(SECTION)] if SECTION in text else text
        header = [
            SECTION,
            "",
            f"Measured {date.today().isoformat()} on {os.cpu_count()} cores (load average {load:.1f} from other",
            "processes at the start) by `python -m benchmarks.bench_batch --write`: whole `okeytool batch`",
            f"commands as new processes, median of {args.runs} runs; random 15-tile `discard` questions of the",
            "seeded corpus; peak memory is the largest resident set of any one process (parent or worker).",
            "Where other processes load the machine the wall-clock ratio measures their load as much as batch;",
            "the CPU ratio is what running in parallel costs, whatever the load.",
            "",
        ]
        results.write_text(kept.rstrip("\n") + "\n\n" + "\n".join([*header, *out]) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
