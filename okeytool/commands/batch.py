"""``okeytool batch``: many questions as JSON lines, answered in input order.

Answers go to stdout only, the progress bar to stderr only (when stderr is a terminal), so that
``okeytool batch FILE > answers.jsonl`` puts every answer in the file. Each line is the same typed
question a command builds (:mod:`okeytool.questions`), answered within its own time limit.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
from collections import deque
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from itertools import chain, islice
from multiprocessing.pool import AsyncResult
from types import FrameType
from typing import IO, Annotated, Any

import typer

from okeytool.batch_lines import TooLong, answer_chunk, answer_line, quiet_worker
from okeytool.commands.common import PANEL_OUTPUT, PANEL_SOLVER
from okeytool.commands.streams import release_output
from okeytool.limits import MAX_LINE_BYTES

CHUNK = 16
#: The help panel of the options of a Dask cluster.
PANEL_CLUSTER = "Dask cluster"
WINDOW_CHUNKS = 4  # chunks per worker read ahead of the answers written
#: ``--jobs`` may ask for at most this many worker processes per core.
JOBS_PER_CORE = 2


def read_lines(stream: IO[bytes] | IO[str]) -> Iterator[str | TooLong]:
    """The non-blank lines of the input, a UTF-8 BOM before the first one dropped.

    Bytes that are not UTF-8 become U+FFFD, so that such a line is answered with an error line like
    any other bad line; a line longer than ``MAX_LINE_BYTES`` is skipped unread and given as :class:`TooLong`.
    """
    first = True
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE_BYTES and not _ends_line(raw):
            size = len(raw)
            while (more := stream.readline(MAX_LINE_BYTES)) and not _ends_line(more):
                size += len(more)
            first = False
            yield TooLong(size + len(more))
            continue
        line = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
        if first:
            line, first = line.removeprefix("\ufeff"), False
        if line.strip():
            yield line


def _ends_line(raw: bytes | str) -> bool:
    return raw.endswith(b"\n") if isinstance(raw, bytes) else raw.endswith("\n")


def run_batch(lines: Iterable[str | TooLong], jobs: int, time_limit: float | None = None) -> Iterator[str]:
    """Answer lines in order, on ``jobs`` processes; memory does not grow with the input."""
    answer = partial(answer_line, time_limit=time_limit)
    pending = iter(lines)
    window = jobs * CHUNK * WINDOW_CHUNKS
    first = list(islice(pending, window))
    if jobs <= 1 or len(first) < window:
        # One process, or an input that fits in one window: starting workers would cost more.
        yield from map(answer, first)
        yield from map(answer, pending)
        return
    from multiprocessing import get_context

    # Pool.imap would read the whole input ahead at once. Instead chunks are handed out as answers come
    # back, at most WINDOW_CHUNKS per worker ahead of the answers written: the workers never wait
    # for a window to drain, and memory does not grow with the input.
    lines_left = chain(first, pending)
    ahead: deque[AsyncResult[list[str]]] = deque()
    context = _context(get_context)
    _start_resource_tracker()
    with _signals_held():
        # A Ctrl-C (or SIGTERM) while the pool starts is taken when it is running: by the parent,
        # which then ends it (_interrupted); the processes started meanwhile never see it.
        pool = context.Pool(jobs, initializer=quiet_worker)
        _LIVE_POOLS.append(pool)
    answered = False
    try:
        while True:
            while len(ahead) < jobs * WINDOW_CHUNKS and (chunk := list(islice(lines_left, CHUNK))):
                ahead.append(pool.apply_async(answer_chunk, (chunk, time_limit)))
            if not ahead:
                answered = True
                break
            yield from ahead.popleft().get()
    finally:
        # The pool stays live for the interrupt handler (_interrupted) until it is closed or stopped.
        if answered:
            pool.close()
            pool.join()
        else:
            # Left early (the reader went away, a write failed): Pool.terminate could wait for ever on
            # a task handler blocked in a queue's lock, so the workers are ended as an interrupt ends them.
            _stop_workers(pool)
        _LIVE_POOLS.remove(pool)


#: The signals held while a pool starts (and, inherited, in the processes it starts until they are ready).
HELD_SIGNALS = frozenset({signal.SIGINT, signal.SIGTERM})


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold :data:`HELD_SIGNALS` for the block; one that came meanwhile is taken at its end.

    Processes started in the block inherit them held: the fork server while it imports the
    answering code, each worker until :func:`~okeytool.batch_lines.quiet_worker` lets them through.
    """
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker now, before signals are held (starting it lets them
    through again), and without its warnings: when the parent is killed (SIGKILL) the tracker
    removes the pool's semaphores, as it should, and its warning about them would reach the terminal."""
    from multiprocessing import resource_tracker

    quiet = "ignore::UserWarning"
    sys.warnoptions.append(quiet)  # the tracker's command line is made from this process's -W options
    try:
        resource_tracker.ensure_running()
    finally:
        sys.warnoptions.remove(quiet)


def _context(get_context: Any) -> Any:
    """Where workers come from: a fork server that has already imported the answering code, so each
    worker starts at once (spawned workers would each import it, and the command line, again);
    spawn where there is no fork server."""
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return get_context("spawn")
    context = get_context("forkserver")
    context.set_forkserver_preload(list(WORKER_MODULES))
    return context


#: What a worker needs, imported once by the fork server (not the command line: typer, rich).
WORKER_MODULES = ("okeytool.batch_lines", "okeytool.questions", "okeytool.solver.classic.analysis")


def max_jobs() -> int:
    """The most worker processes ``--jobs`` may ask for: :data:`JOBS_PER_CORE` per core."""
    return JOBS_PER_CORE * (os.cpu_count() or 1)


def _workers(jobs: int) -> int:
    if jobs == 0:
        return os.cpu_count() or 1
    if not 1 <= jobs <= max_jobs():
        from okeytool.errors import InputError

        cores = os.cpu_count() or 1
        raise InputError(f"--jobs takes 1 to {max_jobs()} ({JOBS_PER_CORE} per core, {cores} cores here), not {jobs}")
    return jobs


#: The worker pool of the batch running in this process, for the interrupt handler.
_LIVE_POOLS: list[Any] = []


def _interrupted(signum: int, frame: FrameType | None) -> None:
    """SIGINT / SIGTERM in the parent: with workers running, end at once (:func:`_end_now`); else
    the usual ``KeyboardInterrupt`` (one line, exit 130) or exit 128 + the signal's number."""
    if _LIVE_POOLS:
        _end_now(_LIVE_POOLS[-1], 128 + signum, "okeytool: aborted\n" if signum == signal.SIGINT else "")
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise SystemExit(128 + signum)


def _end_now(pool: Any, code: int, message: str) -> None:
    """End an interrupted batch at once: the answers written so far flushed, the workers killed.

    ``Pool.terminate`` is not used: the signal, sent to the whole process group as a terminal
    sends Ctrl-C, may have killed a worker while it held a queue's lock or was half-way through
    reading a task, and terminating would then wait for ever or fail on the half-read task. The
    pool's locks are named semaphores: they are removed here, as the pool's own exit would.
    """
    from multiprocessing import resource_tracker, synchronize

    _stop_workers(pool)
    try:
        sys.stdout.flush()
    except (OSError, ValueError, RuntimeError):
        pass  # the reader went away, or the signal came in the middle of a write
    queues = (
        getattr(pool, "_inqueue", None),
        getattr(pool, "_outqueue", None),
        getattr(pool, "_change_notifier", None),
    )
    for queue in queues:
        for lock in (getattr(queue, "_rlock", None), getattr(queue, "_wlock", None)):
            name = getattr(getattr(lock, "_semlock", None), "name", None)
            if name:
                try:
                    synchronize.sem_unlink(name)  # type: ignore[attr-defined]
                except OSError:
                    pass
                resource_tracker.unregister(name, "semaphore")
    if message:
        sys.stderr.write(message)
        sys.stderr.flush()
    os._exit(code)


def _stop_workers(pool: Any) -> None:
    """Kill the workers of ``pool`` without ``Pool.terminate`` (see :func:`_end_now`). The pool is
    left behind: its clean-up at exit is called off, and its threads, pipes and locks are kept until
    the process ends (multiprocessing removes the locks then)."""
    from multiprocessing import pool as pools

    finalizer = getattr(pool, "_terminate", None)
    if finalizer is not None:
        finalizer.cancel()  # first: else multiprocessing's exit would call Pool.terminate all the same
        pool._state = pools.TERMINATE  # and the pool left behind is not reported as still running
    handler = getattr(pool, "_worker_handler", None)
    if handler is not None:  # no new worker may be started in place of the ones killed below
        handler._state = pools.TERMINATE
        pool._change_notifier.put(None)
        handler.join(5)
    for worker in list(getattr(pool, "_pool", ())):
        worker.kill()
    for worker in list(getattr(pool, "_pool", ())):
        worker.join(5)


def register(app: typer.Typer) -> None:
    """Add ``batch`` to the application."""

    @app.command()
    def batch(
        file: Annotated[
            str, typer.Argument(metavar="FILE", help="JSON-lines file of questions, or - for standard input.")
        ],
        jobs: Annotated[
            int,
            typer.Option(
                "--jobs",
                "-j",
                metavar="N",
                show_default=False,
                help="Worker processes (default: the machine's cores; at most 2 per core).",
                rich_help_panel=PANEL_SOLVER,
            ),
        ] = 0,
        time_limit: Annotated[
            float | None,
            typer.Option(
                "--time-limit",
                metavar="SECONDS",
                help='Seconds each line may take unless it sets "time_limit" (default 30).',
                rich_help_panel=PANEL_SOLVER,
                show_default=False,
            ),
        ] = None,
        progress: Annotated[
            bool,
            typer.Option(help="Show a progress bar on stderr (when it is a terminal).", rich_help_panel=PANEL_OUTPUT),
        ] = True,
        scheduler: Annotated[
            str | None,
            typer.Option(
                "--scheduler",
                metavar="ADDRESS",
                help="Answer on the Dask cluster of this scheduler (tcp://host:8786); needs okeytool\\[dask].",
                rich_help_panel=PANEL_CLUSTER,
            ),
        ] = None,
        connect_timeout: Annotated[
            float,
            typer.Option(
                "--connect-timeout",
                metavar="SECONDS",
                help="Seconds to reach the scheduler (with --scheduler).",
                rich_help_panel=PANEL_CLUSTER,
            ),
        ] = 10.0,
        summary: Annotated[
            bool | None,
            typer.Option(
                "--summary/--no-summary",
                help="End with one line on stderr: lines answered, errors, time-limit stops, seconds "
                "(default: when stderr is a terminal).",
                rich_help_panel=PANEL_OUTPUT,
                show_default=False,
            ),
        ] = None,
    ) -> None:
        """Answer many questions at once: one JSON object per line in, one per line out, in order.

        Each line: {"command": "check", "rules": "classic", "indicator": "Y7", "tiles": "R1 R2 ...", "id": 1}.
        A line with bad input gets {"id": ..., "error": "..."} and the rest go on; a line that runs out
        of time gets {"id": ..., "error": "...", "status": "time_limit"}.

        Example: okeytool batch questions.jsonl --jobs 2 > answers.jsonl
        """
        from okeytool.questions import read_time_limit

        started = time.monotonic()
        if scheduler is not None and jobs:
            from okeytool.errors import InputError

            raise InputError("--jobs and --scheduler do not go together: the cluster's workers answer")
        if not connect_timeout > 0:
            from okeytool.errors import InputError

            raise InputError(f"--connect-timeout takes a number of seconds above 0, not {connect_timeout:g}")
        workers = _workers(jobs)
        limit = None if time_limit is None else read_time_limit(time_limit)
        # While workers run, a signal ends them and the batch quietly; the handlers are put back after,
        # so a batch run inside another program leaves its signals as they were.
        previous = {signum: signal.getsignal(signum) for signum in (signal.SIGTERM, signal.SIGINT)}
        signal.signal(signal.SIGTERM, _interrupted)
        signal.signal(signal.SIGINT, _interrupted)
        try:
            stream: IO[bytes] | IO[str]
            if file == "-":
                stream = getattr(sys.stdin, "buffer", sys.stdin)  # bytes where the platform gives them
            else:
                stream = open(file, "rb")  # noqa: SIM115
            try:
                if scheduler is not None:
                    from okeytool.distributed import run_on_cluster

                    answer = partial(answer_line, time_limit=limit)
                    results = run_on_cluster(
                        read_lines(stream), scheduler, answer=answer, connect_timeout=connect_timeout
                    )
                else:
                    results = run_batch(read_lines(stream), workers, limit)
                release_output()  # the answers go out as they come: a batch streams
                tally = Tally()
                try:
                    if progress and sys.stderr.isatty():
                        _write_with_progress(tally.counting(results), None if file == "-" else _count_lines(file))
                    else:
                        for out in tally.counting(results):
                            write_answer(out)
                finally:
                    close = getattr(results, "close", None)
                    if close is not None:  # stopped early (the reader went away): the workers end now
                        close()
            finally:
                if file != "-":
                    stream.close()
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)
        if summary if summary is not None else sys.stderr.isatty():
            sys.stdout.flush()  # every answer first, then the line that sums them up
            sys.stderr.write(f"okeytool: batch done: {tally.summary(time.monotonic() - started)}\n")


@dataclass
class Tally:
    """What a batch wrote: its answer lines, the error lines among them, and the errors that were a
    line's time limit (``"status": "time_limit"``)."""

    lines: int = 0
    errors: int = 0
    stopped: int = 0

    def counting(self, answers: Iterable[str]) -> Iterator[str]:
        """``answers`` as they come, each one counted."""
        for line in answers:
            self.add(line)
            yield line

    def add(self, line: str) -> None:
        """Count one answer line (an answer document never has an ``"error"`` key; an error line does)."""
        self.lines += 1
        if '"error"' not in line:
            return  # an answer (read only when the word is there: a long batch is not read twice)
        document = json.loads(line)
        if isinstance(document, dict) and "error" in document:
            self.errors += 1
            self.stopped += document.get("status") == "time_limit"

    def summary(self, seconds: float) -> str:
        """``4 lines, 2 answered, 1 error, 1 stopped by the time limit, in 0.4 s``."""
        errors = self.errors - self.stopped
        return (
            f"{_count(self.lines, 'line')}, {self.lines - self.errors} answered, {_count(errors, 'error')}, "
            f"{self.stopped} stopped by the time limit, in {seconds:.1f} s"
        )


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _count_lines(path: str) -> int | None:
    """How many questions a regular file holds (its non-blank lines), or ``None`` for a pipe or device."""
    import stat

    if not stat.S_ISREG(os.stat(path).st_mode):
        return None
    with open(path, "rb") as lines:
        return sum(1 for raw in lines if raw.strip())


def _write_with_progress(results: Iterable[str], total: int | None) -> None:
    """Write the answers to stdout while a bar on stderr shows how many are done, of how many, and
    the time left. The bar never takes over stdout (rich's redirection is off)."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = [SpinnerColumn(), TextColumn("answering"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn()]
    if total is not None:
        columns.append(TimeRemainingColumn())
    console = Console(file=sys.stderr)
    with Progress(*columns, console=console, transient=True, redirect_stdout=False, redirect_stderr=False) as bar:
        task = bar.add_task("answering", total=total)
        for out in results:
            write_answer(out)
            bar.advance(task)


def write_answer(line: str) -> None:
    """Write one answer line; where the output's encoding cannot show a character of it (an ASCII
    terminal), the same JSON with that character escaped, so that every line is whole."""
    try:
        sys.stdout.write(line + "\n")
    except UnicodeEncodeError:
        sys.stdout.write(json.dumps(json.loads(line)) + "\n")
