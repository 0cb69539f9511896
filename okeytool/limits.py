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


class deadline:  # noqa: N801 - used as a context manager, named as the function it was
    """Answer a question within ``seconds``: ``with deadline(seconds): ...``.

    Raises :class:`TimeLimitExceeded` inside the block when the time is up (from the timer, in the
    main thread; elsewhere only where code checks :func:`remaining`). A deadline inside another
    never ends later than the one around it (a command's limit covers reading the question and
    printing the answer as well as answering it); the one around it holds again when it ends.

    The timer's strike is an exception raised wherever the Python code is, so it can land while a
    deadline is being entered or left. Raised there, it must not leave the deadline's state half set
    (the next question would inherit this one's limit, handler and hook): a strike landing in the
    entry is raised from it once the state is put back, and one landing in the exit strikes again a
    moment later instead, when the exit has found the timer off.
    """

    def __init__(self, seconds: float) -> None:
        self._asked = seconds
        #: The limit named when the time is up: the one asked for, or the enclosing one that ends first.
        self.seconds = seconds
        self._end = 0.0
        self._outer: tuple[float | None, float | None] = (None, None)
        self._timer = False
        self._previous: Any = None
        self._previous_hook = sys.unraisablehook
        self._active = False

    def __enter__(self) -> None:
        global _deadline, _seconds
        self._outer = _deadline, _seconds
        self._previous, self._previous_hook, self._timer = None, sys.unraisablehook, False
        try:
            self.seconds = self._asked
            end = time.monotonic() + self.seconds
            if _deadline is not None and _seconds is not None and _deadline <= end:
                end, self.seconds = _deadline, _seconds  # the enclosing limit comes first, and is the one named
            self._end = end
            self._timer = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
            self._active = True
            _deadline, _seconds = end, self.seconds
            if self._timer:
                self._previous = signal.signal(signal.SIGALRM, self._stop)
                sys.unraisablehook = self._unraisable
                signal.setitimer(signal.ITIMER_REAL, max(end - time.monotonic(), 1e-6))
        except BaseException:
            self._leave()  # the block will not run, and no exit will come
            raise

    def __exit__(self, *exc: object) -> None:
        self._leave()

    def _leave(self) -> None:
        global _deadline, _seconds
        while True:
            try:
                # False once the block is left: a strike still on its way then does nothing, and
                # nothing strikes again (else a strike after the handler before it is back could
                # end the process by the signal).
                self._active = False
                if self._timer:
                    signal.setitimer(signal.ITIMER_REAL, 0)
                    if self._previous is not None:
                        signal.signal(signal.SIGALRM, self._previous)
                    sys.unraisablehook = self._previous_hook
                _deadline, _seconds = self._outer
                break
            except TimeLimitExceeded:
                # A strike raised from code this exit calls (a handler of another deadline): leave
                # again, or the next question would inherit this one's handler and deadline.
                continue
        if self._timer and _deadline is not None:  # the enclosing deadline's timer runs on
            signal.setitimer(signal.ITIMER_REAL, max(_deadline - time.monotonic(), 1e-6))

    def _stop(self, signum: int, frame: FrameType | None) -> None:
        if not self._active:
            return
        left = self._end - time.monotonic()
        if left > 0:  # a strike of another timer, come late: this deadline's time is not up
            signal.setitimer(signal.ITIMER_REAL, left)
            return
        if frame is not None and frame.f_code in _LEAVING:
            signal.setitimer(signal.ITIMER_REAL, AGAIN)
            return
        raise TimeLimitExceeded(self.seconds)

    def _unraisable(self, info: Any) -> None:
        # The timer struck where an exception cannot pass (a finaliser, a callback from C): Python
        # would print it and go on. Say nothing, and strike again a moment later instead.
        if isinstance(info.exc_value, TimeLimitExceeded):
            if self._active:
                signal.setitimer(signal.ITIMER_REAL, AGAIN)
            return
        self._previous_hook(info)


#: The code of leaving a deadline, where a strike waits (see :class:`deadline`).
_LEAVING = frozenset({deadline.__exit__.__code__, deadline._leave.__code__})
