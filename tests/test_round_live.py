"""``round live`` driven through a pseudo-terminal, as a person types at it: short forms, Tab
completion, a refused line, undo, quit; every event is found stored in the ledger."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

from okeytool.ledger.rounds import RoundBook
from okeytool.round.events import describe

PROMPT = b"round>"


def read_until(fd: int, marker: bytes, seen: bytearray, timeout: float = 30.0) -> None:
    """Read the terminal until ``marker`` appears after what was already read."""
    start = len(seen)
    read_from(fd, marker, seen, start, timeout)


def answer(fd: int, text: bytes, seen: bytearray) -> None:
    """Wait for ``text`` in the answer to a line, then for the next prompt after it."""
    start = len(seen)
    read_from(fd, text, seen, start, 30.0)
    read_from(fd, PROMPT, seen, seen.index(text, start) + len(text), 30.0)


def read_from(fd: int, marker: bytes, seen: bytearray, start: int, timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while marker not in seen[start:]:
        left = deadline - time.monotonic()
        assert left > 0, f"no {marker!r} in the terminal output: {bytes(seen[-800:])!r}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                seen += os.read(fd, 65536)
            except OSError:  # the child closed the terminal
                return


def test_live_writes_each_event_as_entered(tmp_path: Path) -> None:
    db = tmp_path / "ledger.sqlite3"
    env = {**os.environ, "OKEYTOOL_DB": str(db), "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "COLUMNS": "100"}
    start = [sys.executable, "-m", "okeytool", "round", "start", "-i", "R4", "R1-3 B5-7 K9-11 Y1-4 K1"]
    subprocess.run(start, check=True, env=env, capture_output=True)
    main, child = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "okeytool", "round", "live"], stdin=child, stdout=child,
                            stderr=child, env=env, close_fds=True)  # fmt: skip
    os.close(child)
    out = bytearray()
    try:
        read_until(main, PROMPT, out)
        lines = [(b"d K5", b"event 2"), (b" K1", b"event 3"), (b"t B2", b"cannot throw B2"),
                 (b"s Y7 K9", b"event 4"), (b"s Y3", b"event 5"), (b"u", b"undone: seen Y3"),
                 (b"review", b"matched the best")]  # fmt: skip
        for line, expected in lines:
            if expected == b"event 3":  # Tab completes the verb (completion runs in the background)
                os.write(main, b"thr\t")
                read_from(main, b"throw", out, len(out), 30.0)
            os.write(main, line + b"\r")
            answer(main, expected, out)
        os.write(main, b"q\r")
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(main)
    text = out.decode("utf-8", "replace")
    assert "error: cannot throw B2" in text  # the refused line is reported, the prompt goes on
    assert "undone: seen Y3" in text and "matched the best" in text
    assert "\x1b[" in text  # the hand is shown in colour
    with RoundBook(db) as book:
        events = [describe(e) for e in book.round().events[1:]]
    assert events == ["draw K5", "throw K1", "seen Y7 K9"]
