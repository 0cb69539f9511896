"""How many rows of a ranking are shown: ``--top N``, ``--all``, and by default one screen at a
terminal (a fixed number elsewhere), the same after every ``round`` command; ``--json`` lists every row."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

from conftest import in_process
from screen import visible

from okeytool.render.rows import PLAIN_ROWS

#: Indicator Y7: fifteen distinct tiles, fifteen rows (test_discard_cli's spread hand).
SPREAD = ["-i", "Y7", "R1 R2 R3 R4 B9 B10 B11 K5 Y5 K11 K12 K13 B2 Y9 Y12"]
#: A row of a ranking as shown: its rank, then the tile thrown.
ROW = re.compile(r"^ ?(\d+) +[RBKYFJ]\d*\b", re.MULTILINE)


def ranks(text: str) -> list[int]:
    """The ranks of the rows shown, in order."""
    return [int(rank) for rank in ROW.findall(text)]


def test_top_and_all_choose_the_rows_and_json_keeps_every_row() -> None:
    three = in_process("discard", *SPREAD, "--chance", "--top", "3")
    assert three.code == 0, three.err
    assert ranks(three.out) == [1, 2, 3] and "the best 3 of 15 throws shown" in three.out
    every = in_process("discard", *SPREAD, "--chance", "--all")
    assert ranks(every.out) == list(range(1, 16)) and "throws shown" not in every.out
    plain = in_process("discard", *SPREAD)  # not a terminal: a fixed number of rows
    assert ranks(plain.out) == list(range(1, PLAIN_ROWS + 1)) and f"best {PLAIN_ROWS} of 15" in plain.out
    documents = [json.loads(in_process("discard", *SPREAD, "--chance", "--json", *more).out)
                 for more in ([], ["--top", "3"])]  # fmt: skip
    assert len(documents[0]["discards"]) == 15 and documents[0] == documents[1]  # --top shapes the text only
    for bad, words in ((["--top", "0"], "--top takes"), (["--top", "3", "--all"], "not both")):
        refused = in_process("discard", *SPREAD, *bad)
        assert refused.code == 2 and words in refused.err and refused.err.count("\n") == 1


def test_every_round_command_shows_the_same_rows(tmp_path: Path) -> None:
    """Before: ``round start`` and ``round undo`` printed the whole ranking, ``draw`` and ``show`` five rows."""
    env = {"OKEYTOOL_DB": str(tmp_path / "ledger.sqlite3"), "COLUMNS": "120"}
    shown = []
    for args in (["start", "-i", "R4", "R1-3 B5-7 K9-11 Y1-4 K1 K5"], ["show"], ["seen", "Y7"], ["undo"],
                 ["throw", "K1"], ["draw", "K1"], ["take", "--top", "4", "Y7"]):  # fmt: skip
        if args[0] == "take":
            in_process("round", "throw", "K1", env=env)
        done = in_process("round", *args, env=env)
        assert done.code == 0, done.err
        shown.append(ranks(done.out))
    assert shown[:4] == [list(range(1, PLAIN_ROWS + 1))] * 4
    assert shown[4] == [] and shown[5] == list(range(1, PLAIN_ROWS + 1)) and shown[6] == [1, 2, 3, 4]


def at_terminal(args: list[str], env: dict[str, str], lines: int = 24, columns: int = 80) -> str:
    """What ``okeytool ARGS`` shows on a terminal of ``lines`` x ``columns``."""
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    process = subprocess.Popen([sys.executable, "-m", "okeytool", *args], stdin=child, stdout=child, stderr=child,
                               env={**os.environ, **env, "TERM": "xterm", "LINES": str(lines),
                                    "COLUMNS": str(columns)}, cwd=tempfile.gettempdir())  # fmt: skip
    os.close(child)
    out = b""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the program has ended and closed the terminal
            break
        if not chunk:
            break
        out += chunk
    os.close(main)
    assert process.wait(timeout=60) == 0, visible(out)
    return visible(out)


def test_at_a_terminal_a_ranking_fits_one_screen(tmp_path: Path, lines: int = 24) -> None:
    shown = at_terminal(["discard", *SPREAD, "--chance"], {}, lines)
    rows = ranks(shown)
    assert 1 <= len(rows) < 15 and f"the best {len(rows)} of 15 throws shown" in shown
    assert len(shown.rstrip("\n").split("\n")) <= lines - 2, shown  # room left for the command and the prompt
    # As many rows as fit: one more does not (with the extension, three rows fit here; without it, whose
    # work computes fewer rows, the note on the rows not computed takes a row's lines).
    more = at_terminal(["discard", *SPREAD, "--chance", "--top", str(len(rows) + 1)], {}, lines)
    assert ranks(more) == [*rows, len(rows) + 1] and len(more.rstrip("\n").split("\n")) > lines - 2, more
    env = {"OKEYTOOL_DB": str(tmp_path / "ledger.sqlite3")}
    started = at_terminal(["round", "start", "-i", "R4", "R1-3 B5-7 K9-11 Y1-4 K1 K5"], env, lines)
    again = at_terminal(["round", "show"], env, lines)
    assert ranks(started) == ranks(again) and 1 <= len(ranks(again)) < 15
    assert len(again.rstrip("\n").split("\n")) <= lines - 2, again
