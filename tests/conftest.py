"""Shared fixtures and Hypothesis settings for the okeytool tests."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
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

# Solver answers are checked against slow references: no per-example deadline, modest counts.
settings.register_profile(
    "okeytool",
    deadline=None,
    max_examples=50,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
settings.load_profile("okeytool")


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


@dataclass
class Run:
    """The outcome of one command-line run through ``okeytool.cli.main``."""

    code: int
    out: str
    err: str


@pytest.fixture
def run_main(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Callable[..., Run]:
    """Run ``okeytool ARGS`` in-process through ``main()`` (the error-to-exit-code layer)."""
    from okeytool.cli import main

    def run(*args: str, stdin: str | None = None) -> Run:
        monkeypatch.setattr(sys, "argv", ["okeytool", *args])
        if stdin is not None:
            import io

            monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        capsys.readouterr()
        try:
            main()
            code = 0
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run


def invoke_main(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: str = ""
) -> tuple[int, str, str]:
    """Run the real entry point (with its error handling) in-process: exit code, stdout, stderr."""
    from okeytool.cli import main

    monkeypatch.setattr(sys, "argv", ["okeytool", *args])
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        main()
        code = 0
    except SystemExit as done:
        code = int(done.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# -- the ledger tests' command line: in-process, or a real process where a file must be seen --------

Cli = Callable[..., "subprocess.CompletedProcess[str]"]


@pytest.fixture
def cli(run_main: Callable[..., Run], monkeypatch: pytest.MonkeyPatch) -> Cli:
    """``cli(db, *args, real=False)``: ``okeytool ARGS`` on the ledger ``db`` (chosen by ``$OKEYTOOL_DB``,
    wide, no colours), in-process through :func:`run_main`, or as a real process with ``real=True``."""
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("NO_COLOR", "1")

    def call(db: Path, *args: str, real: bool = False) -> subprocess.CompletedProcess[str]:
        monkeypatch.setenv("OKEYTOOL_DB", str(db))
        if real:
            return subprocess.run(
                [sys.executable, "-m", "okeytool", *args], capture_output=True, text=True, env=dict(os.environ),
                timeout=60,
            )  # fmt: skip
        done = run_main(*args)
        return subprocess.CompletedProcess(list(args), done.code, done.out, done.err)

    return call


def runner(cli: Cli, db: Path, real: bool = False) -> Callable[..., str]:
    """A function running ``okeytool ARGS`` on ``db`` that asserts success and returns stdout."""

    def run(*args: str) -> str:
        result = cli(db, *args, real=real)
        assert result.returncode == 0, result.stderr
        return result.stdout

    return run
