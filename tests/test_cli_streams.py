"""The question commands never end in a traceback: stdout closed, odd bytes, huge input, escapes."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

OKEYTOOL = [sys.executable, "-m", "okeytool"]
HAND = "R1-4 B9-11 K5 Y5 R5 K11-13 K1 B2"
COMMANDS = {
    "check": ["check", "-i", "Y7"],
    "waits": ["waits", "-i", "Y7"],
    "discard": ["discard", "-i", "Y7"],
    "open": ["open", "-i", "Y7"],
    "play": ["play"],
}


def _close_stdout() -> None:
    os.close(1)


@pytest.mark.parametrize("command", [*COMMANDS, "batch"])
def test_stdout_closed_is_one_line(command: str) -> None:
    """``okeytool check ... >&-``: one line on stderr, no traceback, nothing written anywhere else."""
    args = ["batch", "-"] if command == "batch" else [*COMMANDS[command], HAND]
    done = subprocess.run(
        [*OKEYTOOL, *args], input="", capture_output=False, stderr=subprocess.PIPE, text=True,
        preexec_fn=_close_stdout, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["okeytool: error: standard output is closed; nothing would be seen"]


FUZZ = [
    ("odd bytes", "R1 \udcff\udcfe R2", "cannot read"),
    ("escape sequence", "R1 \x1b[2J\x1b]8;;http://x\x07 R2", "\\x1b[2J"),
    ("bidi mark", "R1 \u202eR2", "\\u202e"),
    ("huge token", "R" * 100_000, "characters)"),
    ("huge hand", "R1 " * 30_000, "too many R1"),
    ("huge ranges", "R1-13 " * 10_000, "too many R1"),
    ("only separators", ", ,", "no tiles"),
    ("a stray semicolon", "R1 ; R2", "cannot read ';'"),
]


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize(("case", "tiles", "words"), FUZZ, ids=[f[0] for f in FUZZ])
def test_fuzzed_tiles_are_one_short_line(run_main, command: str, case: str, tiles: str, words: str) -> None:
    run = run_main(*COMMANDS[command], tiles)
    assert run.code == 2 and run.out == "", (case, run.err)
    lines = run.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("okeytool: error: "), run.err
    assert len(lines[0]) < 400  # a long token is cut, not quoted whole
    assert "\x1b" not in run.err and "\u202e" not in run.err  # nothing typed acts on the terminal
    assert words in lines[0], lines[0]


def test_odd_bytes_through_a_real_process() -> None:
    done = subprocess.run(
        [*OKEYTOOL, "check", "-i", "Y7", b"R1 \xff\xfe R2"], capture_output=True, timeout=60, check=False
    )
    assert done.returncode == 2 and done.stdout == b""
    assert len(done.stderr.splitlines()) == 1 and b"Traceback" not in done.stderr
