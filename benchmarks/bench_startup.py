"""Start-up: the CPU time of whole ``okeytool`` processes, beside the cost of importing typer and rich.

    python -m benchmarks.bench_startup            # print the table
    python -m benchmarks.bench_startup --cached   # with every module's bytecode cached, as installed
    python -m benchmarks.bench_startup --write    # also write the "Start-up" section of RESULTS.md

Every command at the table is a new process, so its start-up is paid on every question. Each figure
is the median, over ``--runs`` processes, of the CPU time (user + system, from ``os.wait4``) of the
child alone; CPU time rather than wall-clock time, so that other processes on the machine matter
less. The processes of the four commands take turns, so that a busy minute falls on all of them.
The ratio divides by the median of ``python -c "import typer, rich.console"``, the least any typer
and rich command line costs in the same environment.

Where ``PYTHONDONTWRITEBYTECODE`` is set (as in a development checkout that keeps no ``__pycache__``)
every process compiles okeytool's modules from source, while typer and rich come with their bytecode
from the installer. ``--cached`` keeps the bytecode of every module, typer's and rich's too, in a
temporary ``PYTHONPYCACHEPREFIX`` instead, as an installed package has it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from datetime import date
from pathlib import Path

SECTION = "## Start-up"
#: The hand of the README's quick start.
HAND = ["-i", "Y7", "R1-4", "B9-11", "K5", "Y5", "R5", "K11-13", "K1", "B2"]
#: What bash asks for after ``okeytool check --rules c`` and TAB.
COMPLETION = {"_OKEYTOOL_COMPLETE": "complete_bash", "COMP_WORDS": "okeytool check --rules c", "COMP_CWORD": "3"}
BASELINE = 'python -c "import typer, rich.console"'


def okeytool() -> list[str]:
    """The installed ``okeytool`` script beside this Python, else ``python -m okeytool``."""
    script = Path(sys.executable).with_name("okeytool")
    return [str(script)] if script.exists() else [sys.executable, "-m", "okeytool"]


def commands() -> dict[str, tuple[list[str], dict[str, str]]]:
    """Each measured process: its name, its command line and the variables added to its environment."""
    tool = okeytool()
    return {
        BASELINE: ([sys.executable, "-c", "import typer, rich.console"], {}),
        "okeytool --version": ([*tool, "--version"], {}),
        "okeytool check <15 tiles>": ([*tool, "check", *HAND], {}),
        "one completion request (check --rules c)": (tool, COMPLETION),
    }


def cpu_ms(argv: list[str], extra: dict[str, str], cache: str | None = None) -> float:
    """The CPU time (user + system, ms) of one process running ``argv``; its output is discarded.

    ``cache``: a directory to keep every module's bytecode in (``PYTHONPYCACHEPREFIX``).
    """
    env = {**os.environ, **extra}
    if cache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = cache
    child = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)} exited with {child.returncode}")
    return (usage.ru_utime + usage.ru_stime) * 1000


def measure(runs: int, cache: str | None = None) -> dict[str, float]:
    """The median CPU ms of each command over ``runs`` processes, the commands taking turns."""
    chosen = commands()
    for argv, extra in chosen.values():
        cpu_ms(argv, extra, cache)  # warm the file cache (and write the bytecode)
    times: dict[str, list[float]] = {name: [] for name in chosen}
    for _ in range(runs):
        for name, (argv, extra) in chosen.items():
            times[name].append(cpu_ms(argv, extra, cache))
    return {name: statistics.median(values) for name, values in times.items()}


def table(medians: dict[str, float]) -> list[str]:
    """The Markdown rows: each command's median CPU ms and its ratio to the baseline."""
    base = medians[BASELINE]
    rows = ["| process | median CPU ms | ratio |", "|---|---|---|"]
    rows += [f"| `{name}` | {ms:.0f} | {ms / base:.2f} |" for name, ms in medians.items()]
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=10, help="processes per command (the median is shown)")
    parser.add_argument("--cached", action="store_true", help="keep every module's bytecode, as installed")
    parser.add_argument("--write", action="store_true", help='write the "Start-up" section of RESULTS.md')
    args = parser.parse_args()
    load = os.getloadavg()[0]
    if args.cached:
        with tempfile.TemporaryDirectory() as cache:
            rows = table(measure(args.runs, cache))
    else:
        rows = table(measure(args.runs))
    print("\n".join(rows))
    if args.write:
        write_section(rows, args.runs, load, args.cached)


def write_section(rows: list[str], runs: int, load: float, cached: bool) -> None:
    """Put ``rows`` into the "Start-up" section of RESULTS.md under its ``<!-- measured -->`` line,
    in place of what was there (the text above that line, and the sections after, are kept)."""
    results = Path(__file__).with_name("RESULTS.md")
    text = results.read_text(encoding="utf-8")
    start = text.find(SECTION)
    if start < 0:
        raise SystemExit(f"no '{SECTION}' section in {results}: add its heading and text first")
    end = text.find("\n## ", start + len(SECTION))
    body = text[start : len(text) if end < 0 else end + 1]
    marker = "<!-- measured -->"
    if marker not in body:
        raise SystemExit(f"the '{SECTION}' section has no {marker} line to put the figures under")
    head, _, _ = body.partition(marker)
    bytecode = "every module's bytecode cached (--cached)" if cached else "as this environment runs them"
    measured = [
        marker,
        f"Measured {date.today().isoformat()} on {os.cpu_count()} cores (load average {load:.1f} at the start) by",
        f"`python -m benchmarks.bench_startup --write`, {bytecode}; median of {runs} processes each:",
        "",
        *rows,
        "",
        "",
    ]
    results.write_text(text[:start] + head + "\n".join(measured) + text[start + len(body) :], encoding="utf-8")


if __name__ == "__main__":
    main()
