"""Bounds on the work one question may take: its time, and the size of a batch line.

A question is answered inside :func:`deadline`. Where the process can take signals (the main thread
of the command or of a batch worker) an interval timer raises :class:`TimeLimitExceeded` when the
time is up, wherever the Python code is; the CP-SAT solves, which run in C++, read
:func:`remaining` and are capped by it (:func:`okeytool.solver.melds.cpsat.solve`).

>>> with deadline(5.0):
...     0 < (remaining() or 0) <= 5.0
True
>>> remaining() is None
True
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

from okeytool.errors import SolverError

#: Seconds a question may take unless ``--time-limit`` (or a batch line's ``"time_limit"``) says otherwise.
DEFAULT_TIME_LIMIT = 30.0
#: Seconds after which the timer strikes again when its exception was raised where it could not pass.
AGAIN = 0.01
#: The longest time limit a question may ask for, in seconds.
MAX_TIME_LIMIT = 3600.0
#: The longest batch line read, in bytes (a question is a few hundred); a longer line gets an error line.
MAX_LINE_BYTES = 64 * 1024

_deadline: float | None = None
_seconds: float | None = None


class TimeLimitExceeded(SolverError):
    """The question was not answered within its time limit."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"time limit of {seconds:g} s reached before an answer (raise it with --time-limit)")
        self.seconds = seconds


def remaining() -> float | None:
    """Seconds left for the question being answered (never negative), or ``None`` outside :func:`deadline`."""
    if _deadline is None:
        return None
    return max(0.0, _deadline - time.monotonic())


#: The share of the question's time left at which a chance ranking's clock stops it, whatever work
#: it has left: rows it could not compute are marked, rather than the question reaching its limit
#: with no answer.
CHANCE_CLOCK_SHARE = 0.9


def chance_clock() -> float | None:
    """The ``time.perf_counter`` value at which a chance ranking asked now stops as a backstop to
    its work (:data:`CHANCE_CLOCK_SHARE` of the time left), or None outside :func:`deadline`."""
    left = remaining()
    return None if left is None else time.perf_counter() + CHANCE_CLOCK_SHARE * left


def current_limit() -> float | None:
    """The time limit, in seconds, of the question being answered, or ``None`` outside :func:`deadline`."""
    return _seconds


def expired() -> bool:
    """True when a question is being answered and its time is up."""
    left = remaining()
    return left is not None and left <= 0.0


@contextmanager
def deadline(seconds: float) -> Iterator[None]:
    """Answer a question within ``seconds``.

    Raises :class:`TimeLimitExceeded` inside the block when the time is up (from the timer, in the
    main thread; elsewhere only where code checks :func:`remaining`). A deadline inside another
    never ends later than the one around it (a command's limit covers reading the question and
    printing the answer as well as answering it); the one around it holds again when it ends.
    """
    global _deadline, _seconds
    outer = _deadline, _seconds
    end = time.monotonic() + seconds
    if _deadline is not None and _seconds is not None and _deadline <= end:
        end, seconds = _deadline, _seconds  # the enclosing limit comes first, and is the one named
    timer = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    previous: Any = None
    previous_hook = sys.unraisablehook
    # False once the block is left: a strike still on its way then does nothing, and nothing strikes
    # again (else a strike after the handler before it is back could end the process by the signal).
    active = True

    def _stop(signum: int, frame: FrameType | None) -> None:
        if active:
            raise TimeLimitExceeded(seconds)

    def _unraisable(info: Any) -> None:
        # The timer struck where an exception cannot pass (a finaliser, a callback from C): Python
        # would print it and go on. Say nothing, and strike again a moment later instead.
        if isinstance(info.exc_value, TimeLimitExceeded):
            if active:
                signal.setitimer(signal.ITIMER_REAL, AGAIN)
            return
        previous_hook(info)

    try:
        # Inside the try, so that a strike of the enclosing deadline landing here is cleaned up too.
        _deadline, _seconds = end, seconds
        if timer:
            previous = signal.signal(signal.SIGALRM, _stop)
            sys.unraisablehook = _unraisable
            signal.setitimer(signal.ITIMER_REAL, max(end - time.monotonic(), 1e-6))
        yield
    finally:
        while True:
            try:
                active = False
                if timer:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                    if previous is not None:
                        signal.signal(signal.SIGALRM, previous)
                    sys.unraisablehook = previous_hook
                _deadline, _seconds = outer
                break
            except TimeLimitExceeded:
                # A strike on its way when the block was left landed here, before `active` was
                # cleared: leave again (it cannot strike twice), or the next question would inherit
                # this one's handler and deadline.
                continue
        if timer and _deadline is not None:  # the enclosing deadline's timer runs on
            signal.setitimer(signal.ITIMER_REAL, max(_deadline - time.monotonic(), 1e-6))
