"""Shared fixtures and Hypothesis settings for the okeytool tests."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from okeytool.deal import Deal
from okeytool.parse.notation import parse_tile, parse_tiles
from okeytool.rules import get_rules
from okeytool.tiles import Tile

sys.path.insert(0, str(Path(__file__).parent))  # tests/strategies.py and tests/reference.py

VECTORS = Path(__file__).parent / "vectors" / "hands.jsonl"  # worked answers with known results

#: ``OKEYTOOL_TEST_DEPTH=deep pytest`` runs the slowest properties and seeded corpora at full depth (about
#: three times the examples); the default run, the README's ``pytest`` and CI's, keeps the suite within minutes.
DEEP = os.environ.get("OKEYTOOL_TEST_DEPTH", "") == "deep"


def examples(deep: int) -> int:
    """How many examples (or corpus hands) a slow check takes: ``deep`` in a deep run, a third of it
    (at least 10) by default. The checks are the same; a deep run tries more cases."""
    return deep if DEEP else max(10, deep // 3)


# Solver answers are checked against slow references: no per-example deadline, modest counts.
settings.register_profile(
    "okeytool",
    deadline=None,
    max_examples=150 if DEEP else 50,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
    # No example database: the suite runs on two processes at once, and a run depends on its seeds only.
    database=None,
)
settings.load_profile("okeytool")


def compiled_work(seconds: float, method: str = "advance", deal: Deal | None = None) -> float:
    """Seconds of counted work that stand, in the recursion in use (``OKEYTOOL_PURE_PYTHON`` or no
    extension: the Python ones), for as many states as ``seconds`` do in the compiled recursion. A
    test whose answer depends on which rows a budget computes passes its budget through this, so that
    the same rows, and so the same answers, are computed with the extension and without it."""
    from okeytool.solver.classic.chance import WORK_PER_SECOND, ChanceSolver, HandFacts

    engine = ChanceSolver(HandFacts(deal or make_deal()), [], 0.0, method).engine  # type: ignore[arg-type]
    return seconds * WORK_PER_SECOND["compiled"] / WORK_PER_SECOND[engine]


def vectors(command: str) -> list[dict]:
    """The worked answers of ``hands.jsonl`` for one command."""
    lines = VECTORS.read_text(encoding="utf-8").splitlines()
    return [v for v in (json.loads(line) for line in lines if line.strip()) if v["command"] == command]


def make_deal(indicator: str | None = "R4", rules: str = "classic", **options: object) -> Deal:
    """A deal from text: ``make_deal("Y7")``, ``make_deal(None, "rummikub")``, ``make_deal("R4", wrap=False)``."""
    return Deal(get_rules(rules, options), parse_tile(indicator) if indicator else None)


def hand(deal: Deal, text: str) -> tuple[Tile, ...]:
    """Tiles as held (``J`` resolved to the okey face)."""
    return deal.resolve(parse_tiles(text, wrap=deal.rules.wrap))


@dataclass(frozen=True)
class Run:
    """What a person sees of one ``okeytool`` run: the exit code, standard output and standard error."""

    code: int
    out: str
    err: str


def _exit_code(done: SystemExit) -> int:
    """The process exit code ``sys.exit(done.code)`` would give."""
    if done.code is None:
        return 0
    return done.code if isinstance(done.code, int) else 1  # a message: printed, exit code 1


def in_process(*args: str, stdin: str | bytes = "", env: Mapping[str, str | None] | None = None) -> Run:
    """Run ``okeytool ARGS`` in this process through the real entry point, :func:`okeytool.cli.main`.

    The one in-process runner of the suite: what ``main`` maps errors to (one line on stderr, the exit
    code) is what a user gets. Standard input is ``stdin`` (empty, as from ``/dev/null``, by default),
    text over bytes like a real stream; ``env`` sets variables for the run (``None`` removes one); output
    is read back as UTF-8 bytes. Everything is restored afterwards. Where a terminal, a signal, a file
    seen by another process or the process boundary itself matters, use :func:`real_process`.
    """
    from okeytool.cli import main

    raw = stdin.encode("utf-8") if isinstance(stdin, str) else stdin
    out, err = io.BytesIO(), io.BytesIO()
    streams = (
        io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8"),
        io.TextIOWrapper(out, encoding="utf-8", write_through=True),
        io.TextIOWrapper(err, encoding="utf-8", write_through=True),
    )
    saved_streams, saved_argv = (sys.stdin, sys.stdout, sys.stderr), sys.argv
    saved_env = {name: os.environ.get(name) for name in env or {}}
    try:
        _set_env(env or {})
        sys.argv = ["okeytool", *args]
        sys.stdin, sys.stdout, sys.stderr = streams
        try:
            main()
            code = 0
        except SystemExit as done:
            code = _exit_code(done)
        for stream in streams[1:]:
            stream.flush()
        return Run(code, out.getvalue().decode("utf-8"), err.getvalue().decode("utf-8"))
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        sys.argv = saved_argv
        _set_env(saved_env)


def _set_env(env: Mapping[str, str | None]) -> None:
    for name, value in env.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def real_process(
    *args: str, stdin: str | bytes = "", env: Mapping[str, str | None] | None = None, timeout: float = 60
) -> Run:
    """Run ``okeytool ARGS`` as a real process (``python -m okeytool``), ``env`` over this environment."""
    environment = dict(os.environ)
    for name, value in (env or {}).items():
        if value is None:
            environment.pop(name, None)
        else:
            environment[name] = value
    done = subprocess.run(
        [sys.executable, "-m", "okeytool", *args],
        input=stdin.encode("utf-8") if isinstance(stdin, str) else stdin,
        capture_output=True, env=environment, timeout=timeout,
    )  # fmt: skip
    return Run(done.returncode, done.stdout.decode("utf-8"), done.stderr.decode("utf-8"))


@pytest.fixture
def run_main() -> Callable[..., Run]:
    """:func:`in_process` as a fixture: ``run_main("check", "-i", "Y7", TILES, stdin=..., env=...)``."""
    return in_process


# -- the ledger tests' command line: in-process, or a real process where a file must be seen --------

#: Wide and without colours, so that a table is read as it is laid out.
LEDGER_ENV = {"COLUMNS": "200", "NO_COLOR": "1"}


def on_ledger(db: Path, *args: str, real: bool = False, stdin: str | bytes = "") -> Run:
    """``okeytool ARGS`` on the ledger ``db`` (chosen by ``$OKEYTOOL_DB``), in-process or with ``real=True``
    as a real process."""
    env = {**LEDGER_ENV, "OKEYTOOL_DB": str(db)}
    return (real_process if real else in_process)(*args, stdin=stdin, env=env)


def succeeding(db: Path, real: bool = False) -> Callable[..., str]:
    """A function running ``okeytool ARGS`` on ``db`` that asserts success and returns stdout."""

    def run(*args: str) -> str:
        result = on_ledger(db, *args, real=real)
        assert result.code == 0, result.err
        return result.out

    return run
