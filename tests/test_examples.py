"""Every command shown in examples/*.md prints what the file records (80 columns, no colour).

A recorded block that ends in ``...`` was cut short: the command's output must start with it.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from conftest import Run

EXAMPLES = Path(__file__).parent.parent / "examples"
BLOCK = re.compile(r"^\$ okeytool (?P<args>[^\n]+)\n(?P<out>.*?)^```", re.M | re.S)


def recorded() -> list[tuple[str, str, str]]:
    """(file, arguments, recorded output) for each command of the example files."""
    cases = []
    for path in sorted(EXAMPLES.glob("*.md")):
        for match in BLOCK.finditer(path.read_text(encoding="utf-8")):
            cases.append((path.name, match["args"], match["out"]))
    return cases


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.rstrip("\n").splitlines()]


def test_the_example_files_hold_commands() -> None:
    assert len(recorded()) >= 10


@pytest.mark.parametrize(("name", "args", "out"), recorded(), ids=lambda v: str(v)[:40])
def test_example_output_is_current(name: str, args: str, out: str, run_main, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("NO_COLOR", "1")
    result: Run = run_main(*shlex.split(args))
    assert result.code == 0, result.err
    expected = _lines(out)
    actual = _lines(result.out)
    if expected and expected[-1] == "...":
        assert actual[: len(expected) - 1] == expected[:-1], name
    else:
        assert actual == expected, name
