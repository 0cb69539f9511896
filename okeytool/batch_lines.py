"""One batch line and its answer: the same typed question a command builds, as a JSON line.

Both the local ``batch`` (:mod:`okeytool.commands.batch`, worker processes) and a Dask cluster
(:mod:`okeytool.distributed`) answer a line with :func:`answer_line`, so a line answers the same
wherever it runs.
"""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import signal
import sys
import threading
from dataclasses import dataclass
from typing import Any, TextIO

from okeytool.limits import DEFAULT_TIME_LIMIT, MAX_LINE_BYTES


@dataclass(frozen=True)
class TooLong:
    """A batch line longer than :data:`~okeytool.limits.MAX_LINE_BYTES`, skipped unread."""

    size: int


def answer_line(line: str | TooLong, time_limit: float | None = None) -> str:
    """The JSON line answering one input line; bad input gives ``{"id": ..., "error": ...}``, and a
    question that ran out of time ``{"id": ..., "error": ..., "status": "time_limit"}``.

    ``time_limit`` is the limit of a line that sets none (its ``"time_limit"`` field), as if the
    line had set it; None: the batch gave none, and such a line has the default limit.
    """
    from okeytool.errors import OkeyError
    from okeytool.limits import TimeLimitExceeded, deadline
    from okeytool.questions import BATCH_LINE, answer, read_question, read_time_limit

    ident: Any = None
    document: dict[str, Any]
    try:
        if isinstance(line, TooLong):
            raise ValueError(f"the line is {line.size} bytes long; a question takes at most {MAX_LINE_BYTES}")
        try:
            fields = json.loads(line)
        except json.JSONDecodeError as err:
            raise ValueError(f"the line is not JSON: {err}") from None
        if not isinstance(fields, dict):
            raise ValueError("each line must be a JSON object")
        ident = fields.pop("id", None)
        command = fields.pop("command", None)
        if not isinstance(command, str):
            raise ValueError(f"field 'command' must name a question (check, waits, discard, open, play), not "
                             f"{json.dumps(command)}")  # fmt: skip
        if fields.get("time_limit") is None:
            fields.pop("time_limit", None)
            if time_limit is not None:
                fields["time_limit"] = time_limit
        try:
            limit = read_time_limit(fields.get("time_limit", DEFAULT_TIME_LIMIT), BATCH_LINE)
        except ValueError:
            limit = DEFAULT_TIME_LIMIT  # read_question refuses it, as any bad field
        with deadline(limit):  # the whole line: reading the question as well as answering it
            question = read_question(command, fields)
            document = dict(answer(question).to_json())
    except TimeLimitExceeded as err:
        document = {"error": str(err), "status": "time_limit"}
    except (OkeyError, ValueError) as err:
        document = {"error": str(err)}
    except RecursionError:
        document = {"error": "the line is nested too deeply"}
    except Exception as err:  # noqa: BLE001 - one failing question must not stop the others
        document = {"error": f"internal error: {type(err).__name__}: {err}"}
    if ident is not None:
        document = {"id": ident, **document}
    return json.dumps(document, ensure_ascii=False)


def answer_chunk(lines: list[str | TooLong], time_limit: float | None) -> list[str]:
    """Answer a chunk of lines in a worker (one message each way per chunk)."""
    return [answer_line(line, time_limit) for line in lines]


def quiet_worker() -> None:
    """A worker leaves interrupts to the parent (which ends the pool), ends at once when terminated,
    and ends quietly when the parent is gone (killed): no worker writes a traceback to the terminal.

    The parent holds SIGINT and SIGTERM while the pool starts (a worker inherits them held, so that a
    Ctrl-C cannot interrupt it half-way through starting); they are let through here.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})
    parent = multiprocessing.parent_process()
    if parent is not None:
        sys.stderr = _WhileParentLives(sys.stderr, parent)
        threading.Thread(target=_end_with, args=(parent,), name="parent-watch", daemon=True).start()


def _end_with(parent: Any) -> None:
    """End this worker at once when its parent is gone (a worker would else finish its chunk first)."""
    parent.join()
    os._exit(0)


class _WhileParentLives(io.TextIOBase):
    """A worker's standard error, quiet once the parent is gone: a worker whose parent was killed
    fails writing its answers back, and its traceback would land on the user's terminal."""

    def __init__(self, stream: TextIO, parent: Any) -> None:
        super().__init__()
        self.stream, self.parent = stream, parent

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        if self.parent.is_alive():
            return self.stream.write(text)
        return len(text)

    def flush(self) -> None:
        if self.parent.is_alive():
            self.stream.flush()
