"""What a terminal shows of a program's output: its text with the escape sequences taken out.

A program at a terminal (prompt_toolkit, rich) writes colours, cursor moves and mode switches between
the characters a person reads, and where they fall depends on how the output was cut into writes: under
load ``throw`` may arrive as ``thr`` and ``ow`` with a cursor sequence between them. Tests that wait
for words on a pseudo-terminal match :func:`visible` text, never raw bytes.

>>> visible(b"thr\\x1b[?25l\\x1b[0mow\\r\\n")
'throw\\n'
"""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

#: ECMA-48 sequences: CSI (colours, cursor moves, modes), OSC (window title; ended by BEL or ST),
#: DCS/SOS/PM/APC strings (ended by ST), then the two- and three-byte escapes (``ESC =``, ``ESC ( B``).
ESCAPE = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"
    r"|\x1b[PX^_][^\x1b]*\x1b\\"
    r"|\x1b[ -/]*[0-OQ-WYZ\\`a-~]"
)
#: The start of a sequence whose end has not arrived yet (nothing of it is shown until it has).
UNFINISHED = re.compile(r"\x1b(?:\[[0-?]*[ -/]*|\][^\x07\x1b]*|[PX^_][^\x1b]*|[ -/]*)?\Z")
#: Controls that move the cursor or ring the bell rather than show a character.
CONTROLS = str.maketrans("", "", "\r\x07")


def visible(raw: bytes) -> str:
    """The text in ``raw`` terminal output: UTF-8, escape sequences, carriage returns and bells removed.

    >>> visible(b"\\x1b]0;title\\x07round> \\x1b[31mR5\\x1b[0m")
    'round> R5'
    >>> visible(b"event 2\\x1b[3")  # the rest of the sequence is still on its way
    'event 2'
    """
    text = raw.decode("utf-8", errors="replace")
    return UNFINISHED.sub("", ESCAPE.sub("", text)).translate(CONTROLS)


class Screen:
    """A pseudo-terminal's output read as it comes: :attr:`raw` bytes and their :func:`visible` text."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.raw = bytearray()
        self.closed = False

    @property
    def text(self) -> str:
        return visible(bytes(self.raw))

    def wait_for(self, marker: str, start: int = 0, timeout: float = 60.0) -> int:
        """Read until ``marker`` is shown at or after position ``start`` of :attr:`text`; its end's position.

        The timeout is a bound on a stuck program, not a speed figure: a busy machine only waits longer.
        """
        deadline = time.monotonic() + timeout
        while (found := self.text.find(marker, start)) < 0:
            left = deadline - time.monotonic()
            assert left > 0 and not self.closed, f"{marker!r} not shown; the terminal shows: {self.text[-800:]!r}"
            self.read(left)
        return found + len(marker)

    def read(self, timeout: float) -> None:
        """Add what arrives within ``timeout`` seconds (nothing when the other side has closed)."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if ready:
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:  # the child closed the terminal
                chunk = b""
            self.closed = not chunk
            self.raw += chunk


@contextmanager
def at_terminal(
    command: Sequence[str], env: Mapping[str, str], cwd: Path
) -> Iterator[tuple[int, Screen, subprocess.Popen[bytes]]]:
    """``command`` started on a new pseudo-terminal (its input, output and errors): the terminal's
    side to type into, its :class:`Screen` and the process. On leaving, a process still running is
    killed and the terminal closed."""
    main, child = pty.openpty()
    proc = subprocess.Popen(
        list(command), stdin=child, stdout=child, stderr=child, env=dict(env), close_fds=True, cwd=cwd
    )
    os.close(child)
    try:
        yield main, Screen(main), proc
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(main)
