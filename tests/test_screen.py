"""The terminal-text helper of the pseudo-terminal tests: escape sequences out, every character kept."""

from __future__ import annotations

import os
import pty

import pytest
from screen import Screen, visible


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        (b"thr\x1b[0mow", "throw"),  # a colour reset between two writes
        (b"t\x1b[?25lh\x1b[?25hr\x1b[1Cow", "throw"),  # cursor hidden, shown, moved
        (b"\x1b[38;2;255;0;0mR5\x1b[39m", "R5"),  # a 24-bit colour
        (b"\x1b]0;okeytool\x07round> ", "round> "),  # a window title ended by BEL
        (b"\x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "link"),  # a hyperlink ended by ST
        (b"\x1bP+q544e\x1b\\ok", "ok"),  # a device control string
        (b"\x1b(B\x1b=\x1b>plain", "plain"),  # charset and keypad modes
        (b"line\r\n\x07next", "line\nnext"),  # carriage return and bell
        ("kırmızı \x1b[1mSİYAH\x1b[0m".encode(), "kırmızı SİYAH"),  # letters beyond ASCII kept whole
        (b"[bold]x[/bold] a=1; 50%", "[bold]x[/bold] a=1; 50%"),  # text that only looks like markup
        (b"event 2\x1b[3", "event 2"),  # a sequence still arriving is not shown
        (b"event 2\x1b]0;tit", "event 2"),
        (b"event 2\x1b", "event 2"),
    ],
)
def test_visible_text(raw: bytes, shown: str) -> None:
    assert visible(raw) == shown


def test_a_word_split_across_writes_is_found_after_a_position() -> None:
    main, child = pty.openpty()
    try:
        screen = Screen(main)
        os.write(child, b"round> \x1b[?25l")
        start = screen.wait_for("round> ", timeout=10)
        os.write(child, b"thr\x1b[?25h")
        os.write(child, b"\x1b[0mow\r\n")
        assert screen.wait_for("throw", start, timeout=10) == len("round> throw")
        with pytest.raises(AssertionError, match="'round> ' not shown"):
            screen.wait_for("round> ", start, timeout=0.2)  # only one prompt was written
    finally:
        os.close(child)
        os.close(main)
