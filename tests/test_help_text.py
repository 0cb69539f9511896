"""``--help`` of every command and subcommand as it reads at 80 columns: whole words, paragraphs
that flow (no line broken where the source text was), names for values (``TILES``, ``NAME``) and no
Python types, a default stated once, and no file the user does not have."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from conftest import in_process

from okeytool.cli import Commands

#: What an option's help must not show: a Python type, or a list of choices, in angle brackets.
PYTHON_TYPE = re.compile(r"<[\w\[\]|+.-]+>")
#: A file of the source tree (rules.md, cli.md, arena.md ...), which an installed tool's user does not have.
OUTSIDE_FILE = re.compile(r"\b[\w-]+\.md\b")
#: The frame of rich's panels.
FRAME = str.maketrans("", "", "│╭╮╰╯─")
#: A line of a command's examples (kept as written, not flowed as a paragraph).
EXAMPLE = re.compile(r"^ *(Example: )?(okeytool|echo) ")


def paths(command: Any = None, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every command path: the program, each command, and each command of a group."""
    group = command if command is not None else Commands(name="okeytool")
    yield path
    for name in group.list_commands(None):
        sub = group.built(name)
        if hasattr(sub, "built"):  # a group of its own (game, round)
            yield from paths(sub, (*path, name))
        else:
            yield (*path, name)


def every_command() -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every command path with its built command (the program itself for the empty path)."""
    top = Commands(name="okeytool")
    for path in paths():
        command = top
        for name in path:
            command = command.built(name)
        yield path, command


PATHS = [" ".join(path) for path in paths()]


@cache
def shown(path: str, columns: int = 80) -> str:
    done = in_process(*path.split(), "--help", env={"COLUMNS": str(columns), "NO_COLOR": "1"})
    assert done.code == 0, done.err
    return done.out


def words(text: str) -> set[str]:
    return set(text.translate(FRAME).split())


@pytest.mark.parametrize("path", PATHS)
def test_help_reads_well_at_80_columns(path: str) -> None:
    text = shown(path)
    assert max(len(line) for line in text.splitlines()) <= 80
    assert not PYTHON_TYPE.search(text), PYTHON_TYPE.search(text)
    assert not OUTSIDE_FILE.search(text), OUTSIDE_FILE.search(text)
    split = words(text) - words(shown(path, 400))  # a word cut in two at 80 columns is no word at 400
    assert not split, f"words cut at 80 columns: {sorted(split)}"
    description = text.split("╭")[0].splitlines()
    for line, after in zip(description, description[1:]):
        if not (line.strip() and after.strip()):
            continue
        if EXAMPLE.match(line) or line.startswith(" " * 5):  # an example, or its continued line
            # It fits on its line, or goes on after a backslash on a line indented further.
            goes_on = line.rstrip().endswith("\\") and after.startswith(" " * 5)
            assert EXAMPLE.match(after) or goes_on, f"an example cut at 80 columns: {line!r} then {after!r}"
        elif EXAMPLE.match(after):
            continue
        else:  # a line of a paragraph ends only where the next word would not fit
            assert len(line.rstrip()) + 1 + len(after.split()[0]) > 79, f"{line!r} is broken before {after!r}"
    for row in rows(text):
        assert len(re.findall(r"default", row, re.IGNORECASE)) <= 1, f"a default stated twice: {row!r}"


def rows(text: str) -> Iterator[str]:
    """Each option's row of the help panels, its lines joined."""
    row: list[str] = []
    for line in text.splitlines():
        if not line.startswith("│"):
            continue
        cell = line[1:-1]
        if cell[:2].strip() and row:  # a new option (or argument) begins in the first column
            yield " ".join(row)
            row = []
        row.append(cell.strip())
    if row:
        yield " ".join(row)


def test_every_value_has_a_name() -> None:
    """A parameter that takes a value shows a name for it in capitals (``TILES``, ``NAME``, ``SECONDS``);
    a flag shows none."""
    for path, command in every_command():
        for param in command.params:
            flag = getattr(param, "is_flag", False)
            if flag:
                assert not param.metavar, (path, param.name)
            else:
                assert param.metavar and re.fullmatch(r"[A-Z][A-Z0-9_=.:/|-]*", param.metavar), (path, param.name)
