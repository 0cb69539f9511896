"""The standard streams of a command: its output held until it is done, its input perhaps closed.

A command's answer is written whole or not at all. What a command writes to standard output is held
(:func:`held_output`) and written at once when the command is done; a command that fails half-way
(bad input found late, its time limit, an answer the output's encoding cannot show) shows its error
line alone, never half a table. A command that streams (``batch``) or talks with its user
(``round live``) lets its output go as it is written with :func:`release_output`.

A command started with standard input closed (``okeytool batch - <&-``) finds in its place a stream
whose reading is an error (:class:`ClosedInput`): one line naming it, exit code 2.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from okeytool.errors import InputError


class HeldOutput(io.TextIOBase):
    """Standard output held in memory until :meth:`write_out` (or :meth:`release`).

    It answers like the stream it stands for (``isatty``, ``fileno``, ``encoding``), so that rich
    colours and sizes the answer as it would on that stream.
    """

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream
        self._held: list[str] = []
        self._released = False

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return self.stream.encoding

    @property
    def errors(self) -> str | None:  # type: ignore[override]
        return self.stream.errors

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    def write(self, text: str) -> int:
        if self._released:
            return self.stream.write(text)
        if not isinstance(text, str):
            raise TypeError(f"write() argument must be str, not {type(text).__name__}")
        self._held.append(text)
        return len(text)

    def flush(self) -> None:
        if self._released:
            self.stream.flush()

    def write_out(self) -> None:
        """Write what is held, at once. Raises :class:`OutputError` when the stream's encoding cannot
        show it (then nothing is written), ``OSError`` when the stream fails (a reader gone)."""
        text, self._held = "".join(self._held), []
        if text:
            try:
                self.stream.write(text)
            except UnicodeEncodeError as err:
                raise OutputError(err, self.stream) from None
        self.stream.flush()

    def release(self) -> None:
        """Write what is held and let everything written later go straight to the stream."""
        if not self._released:
            self.write_out()
            self._released = True


class OutputError(InputError):
    """The answer has a character the encoding of standard output cannot show."""

    def __init__(self, err: UnicodeEncodeError, stream: TextIO) -> None:
        char = err.object[err.start : err.end]
        super().__init__(
            f"standard output ({stream.encoding}) cannot show {char!r} of the answer, so none of it was "
            "written; set PYTHONIOENCODING=utf-8"
        )


@contextmanager
def held_output() -> Iterator[HeldOutput]:
    """Hold standard output for the block: written at its end (or at ``SystemExit``); when it raises
    anything else, left unwritten (the caller may still :meth:`~HeldOutput.write_out` it).

    Raises :class:`OutputError` or ``OSError`` from writing it out (see :meth:`HeldOutput.write_out`).
    """
    stream = sys.stdout
    held = HeldOutput(stream)
    sys.stdout = held
    try:
        yield held
    except SystemExit:  # a command's own way to end (shell completion ends so): its output stands
        sys.stdout = stream
        held.write_out()
        raise
    finally:
        sys.stdout = stream
    held.write_out()


def release_output() -> None:
    """Let standard output go as it is written from now on (a command that streams or prompts)."""
    if isinstance(sys.stdout, HeldOutput):
        held = sys.stdout
        held.release()
        sys.stdout = held.stream


class ReaderGone(Exception):
    """The reader of standard output went away (``okeytool batch FILE | head -1``): a quiet end."""


class ClosedInput(io.TextIOBase):
    """Standard input of a command started without one: reading it raises :class:`InputError`."""

    def readable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return False

    def read(self, size: int | None = -1) -> str:
        raise closed_input()

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        raise closed_input()

    @property
    def buffer(self) -> Any:
        """A binary view, as read by commands that take bytes: reading it raises too."""
        return _ClosedBytes()


class _ClosedBytes(io.RawIOBase):
    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        raise closed_input()

    def readline(self, size: int | None = -1) -> bytes:
        raise closed_input()


def closed_input() -> InputError:
    return InputError("standard input is closed: there is nothing to read ('-' reads standard input)")


def guard_stdin() -> None:
    """Put :class:`ClosedInput` in place of a standard input that was closed when the command
    started, and the null device on its descriptor, so that no file opened later becomes fd 0."""
    if sys.stdin is not None:
        return  # Python leaves sys.stdin None when fd 0 was closed at start
    fill_closed(0, os.O_RDONLY)
    sys.stdin = ClosedInput()


def fill_closed(fd: int, mode: int) -> None:
    """Put the null device on descriptor ``fd`` if it is closed, so that no file opened later takes it."""
    try:
        os.fstat(fd)
    except OSError:
        null = os.open(os.devnull, mode)
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
