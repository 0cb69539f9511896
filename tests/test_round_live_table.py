"""``round live`` following a whole table through a pseudo-terminal, as a person types it: one short
line per event of any seat, the stock and whose turn it is after each, refused lines in one line,
and the advice with its flags when the turn comes to the player."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from screen import at_terminal

from okeytool.ledger.rounds import RoundBook
from okeytool.round.events import describe

PROMPT = "round>"


def test_live_follows_every_seat(tmp_path: Path) -> None:
    db = tmp_path / "ledger.sqlite3"
    env = {**os.environ, "OKEYTOOL_DB": str(db), "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1", "COLUMNS": "100",
           "LINES": "60"}  # fmt: skip
    start = [sys.executable, "-m", "okeytool", "round", "start", "--seat", "1", "-i", "R4", "R1-3 B5-7 K9-11 Y1-4 K1"]
    subprocess.run(start, check=True, env=env, capture_output=True, cwd=tmp_path)
    lines = [
        ("0 t Y9", "it is your turn (seat 1) to draw or take  (seat 0 threw Y9)"),  # my turn: the whole state
        ("d K13", "15 tiles, to throw"),
        ("t K1", "it is seat 2's turn to draw or take  (you threw K1)"),
        ("2 k", "event 5: seat 2 take K1  ·  stock 47  ·  it is seat 2's turn to throw"),
        ("2 t Y4", "event 6: seat 2 throw Y4  ·  stock 47  ·  it is seat 3's turn to draw or take"),
        ("3 t B12", "error: seat 3 must draw or take before throwing"),
        ("5 d", "error: unknown seat 5: the seats are 0-3"),
        ("3 d", "event 7: seat 3 draw  ·  stock 46  ·  it is seat 3's turn to throw"),
        ("3 k", "error: seat 3 cannot take: it drew from the stock, so seat 2's throw Y4 is gone"),
        ("d K5", "error: out of turn: seat 1 (you) cannot draw; it is seat 3's turn to throw"),
        ("3 t B12", "event 8: seat 3 throw B12  ·  stock 46  ·  it is seat 0's turn to draw or take"),
        ("0 d", "event 9: seat 0 draw  ·  stock 45  ·  it is seat 0's turn to throw"),
        ("0 t R6", "it is your turn (seat 1) to draw or take  (seat 0 threw R6)"),
        ("d K5", "flag  Y4 safe: Y4 thrown by seat 2, not taken"),
    ]
    command = [sys.executable, "-m", "okeytool", "round", "live"]
    with at_terminal(command, env, tmp_path) as (main, screen, proc):
        shown = screen.wait_for(PROMPT, screen.wait_for("it is seat 0's turn to throw"))
        assert "you are seat 1  stock 48" in screen.text
        for line, expected in lines:
            os.write(main, line.encode() + b"\r")
            shown = screen.wait_for(PROMPT, screen.wait_for(expected, shown))
        os.write(main, b"q\r")
        assert proc.wait(timeout=60) == 0
    text = screen.text
    last = text[text.rindex("15 tiles, to throw") :]
    assert "stock 44" in last and "it is your turn (seat 1) to throw" in last
    assert "flag  K13 feeds: seat 2 took K1" in last  # K1 and K13 meet in 12-13-1
    with RoundBook(db) as book:
        events = [describe(e) for e in book.round().events[1:]]
    assert events == ["seat 0 throw Y9", "draw K13", "throw K1", "seat 2 take K1", "seat 2 throw Y4", "seat 3 draw",
                      "seat 3 throw B12", "seat 0 draw", "seat 0 throw R6", "draw K5"]  # fmt: skip
