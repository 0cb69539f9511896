"""``round live`` driven through a pseudo-terminal, as a person types at it: short forms, Tab
completion, a refused line, undo, quit; every event is found stored in the ledger."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from screen import Screen, at_terminal

from okeytool.ledger.rounds import RoundBook
from okeytool.round.events import describe

PROMPT = "round>"


def answer(screen: Screen, text: str, start: int) -> int:
    """Wait for ``text`` in the answer to a line, then for the next prompt after it; where that prompt ends."""
    return screen.wait_for(PROMPT, screen.wait_for(text, start))


def test_live_writes_each_event_as_entered(tmp_path: Path) -> None:
    db = tmp_path / "ledger.sqlite3"
    env = {**os.environ, "OKEYTOOL_DB": str(db), "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "COLUMNS": "100"}
    start = [sys.executable, "-m", "okeytool", "round", "start", "-i", "R4", "R1-3 B5-7 K9-11 Y1-4 K1"]
    subprocess.run(start, check=True, env=env, capture_output=True, cwd=tmp_path)
    command = [sys.executable, "-m", "okeytool", "round", "live"]
    with at_terminal(command, env, tmp_path) as (main, screen, proc):
        shown = screen.wait_for(PROMPT)
        lines = [("d K5", "event 2"), (" K1", "event 3"), ("t B2", "cannot throw B2"),
                 ("s Y7 K9", "event 4"), ("s Y3", "event 5"), ("u", "undone: seen Y3"),
                 ("review", "matched the best")]  # fmt: skip
        for line, expected in lines:
            if expected == "event 3":  # Tab completes the verb (completion runs in the background)
                os.write(main, b"thr\t")
                screen.wait_for("throw", shown)
            os.write(main, line.encode() + b"\r")
            shown = answer(screen, expected, shown)
        os.write(main, b"q\r")
        assert proc.wait(timeout=60) == 0
    text = screen.text
    assert "error: cannot throw B2" in text  # the refused line is reported, the prompt goes on
    assert "undone: seen Y3" in text and "matched the best" in text
    assert b"\x1b[" in screen.raw  # the hand is shown in colour
    with RoundBook(db) as book:
        events = [describe(e) for e in book.round().events[1:]]
    assert events == ["draw K5", "throw K1", "seen Y7 K9"]
