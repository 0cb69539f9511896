# mypy: disallow-untyped-calls=False
"""Batch questions answered on a Dask cluster: the same answers, in the same order, as the local batch.

:func:`run_on_cluster` takes the raw lines of a batch input and a scheduler address (or a connected
``distributed.Client``) and yields one JSON answer line per input line, in input order. Each line is
answered on a worker by the very function the local batch uses
(:func:`okeytool.batch_lines.answer_line`), so a line answers the same wherever it runs; a bad line
is an error line there as here. Lines travel in chunks (one task per chunk, since a task costs about a
millisecond of scheduling) and at most a bounded window of chunks is in flight, so memory stays flat
however long the input: the next chunk is read only when the oldest answer has been written.

The cluster is an optional extra (``pip install 'okeytool[dask]'``). Every worker needs the same okeytool
as this side; :func:`connect` checks it before the first question is sent. On one machine ``batch
--jobs`` is the better choice (no scheduler, no serialisation); a cluster pays when it spans machines.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from itertools import islice
from typing import TYPE_CHECKING, TypeVar

from okeytool.errors import ClusterError

if TYPE_CHECKING:
    from distributed import Client, Future

Line = TypeVar("Line")

#: Lines per task: large enough that the scheduling cost per line is small, small enough to spread.
CHUNK = 32
#: Chunks in flight per worker thread: enough to keep every worker busy while answers are written.
CHUNKS_PER_THREAD = 4
#: Seconds to reach the scheduler (and to see a first worker) before giving up.
CONNECT_TIMEOUT = 10.0
#: Seconds one chunk may take on the cluster before its lines are answered with an error.
CHUNK_TIMEOUT = 600.0

INSTALL_HINT = "install okeytool[dask] (pip install 'okeytool[dask]')"

# One question at a time per worker process: the solvers keep shared memos, and threads would gain
# nothing on pure-Python work anyway. Run workers with one thread each and one process per core.
_ANSWERING = threading.Lock()


def _distributed() -> object:
    """The ``distributed`` module. Raises :class:`ClusterError` when dask is not installed."""
    try:
        import distributed
    except ImportError:
        raise ClusterError(f"running batch on a Dask cluster needs dask: {INSTALL_HINT}") from None
    return distributed


def connect(scheduler: str, *, timeout: float | None = None) -> Client:
    """A client of the scheduler at ``scheduler`` (``tcp://host:8786``), checked ready to answer.

    Raises :class:`ClusterError` when dask is not installed, when the scheduler cannot be reached within
    ``timeout`` seconds (default :data:`CONNECT_TIMEOUT`), when no worker joins within ``timeout``
    seconds, or when a worker runs another okeytool (or none).
    """
    _distributed()
    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    from distributed import Client

    try:
        # Probe first: a Client that fails to connect lingers and complains when it is collected.
        _probe(scheduler, timeout)
        client = Client(scheduler, timeout=timeout, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as err:
        reason = " ".join(str(err).split()) or type(err).__name__
        raise ClusterError(f"cannot reach the Dask scheduler at {scheduler!r} within {timeout:g} s: {reason}") from None
    try:
        check_workers(client, timeout=timeout)
    except BaseException:
        client.close()
        raise
    return client


def _probe(scheduler: str, timeout: float) -> None:
    """Open and close one connection to the scheduler, in a thread of its own (the caller may be
    running an event loop). Raises ``OSError`` when it cannot be reached, ``ValueError`` for a bad address."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from distributed.comm.core import connect as open_comm

    async def probe() -> None:
        comm = await open_comm(scheduler, timeout=timeout)
        await comm.close()

    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, probe()).result()


def check_workers(client: Client, *, timeout: float | None = None) -> None:
    """Wait up to ``timeout`` seconds for a worker, then check that every worker runs this okeytool.

    Raises :class:`ClusterError` otherwise.
    """
    from okeytool import __version__

    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    try:
        client.wait_for_workers(1, timeout=timeout)
    except (OSError, TimeoutError) as err:
        raise ClusterError(f"the Dask cluster has no worker (waited {timeout:g} s): {err}") from None
    try:
        versions = client.run(_okeytool_version)
    except Exception as err:  # noqa: BLE001 - whatever stops a worker from importing okeytool
        reason = " ".join(str(err).split()) or type(err).__name__
        message = f"the Dask workers cannot run okeytool ({reason}): install okeytool on every worker"
        raise ClusterError(message) from None
    other = {worker: version for worker, version in versions.items() if version != __version__}
    if other:
        worker, version = sorted(other.items())[0]
        raise ClusterError(f"Dask worker {worker} runs okeytool {version}, this side {__version__}: install the same")


def _okeytool_version() -> str:
    from okeytool import __version__

    return __version__


def answer_line(line: str) -> str:
    """The local batch's answer to one line (:func:`okeytool.batch_lines.answer_line`)."""
    from okeytool.batch_lines import answer_line as local

    return local(line)


def answer_chunk(answer: Callable[[Line], str], lines: Sequence[Line]) -> list[str]:
    """The answer lines of one chunk, on a worker, one line at a time."""
    with _ANSWERING:
        return [answer(line) for line in lines]


def error_line(line: object, message: str) -> str:
    """An error answer for ``line`` that could not be answered at all, with the line's id if it has one."""
    try:
        question = json.loads(line) if isinstance(line, (str, bytes)) else None
    except ValueError:
        question = None
    ident = question.get("id") if isinstance(question, dict) else None
    document = {"error": message} if ident is None else {"id": ident, "error": message}
    return json.dumps(document, ensure_ascii=False)


def run_on_cluster(
    lines: Iterable[Line],
    cluster: str | Client,
    *,
    answer: Callable[[Line], str] = answer_line,  # type: ignore[assignment]
    chunk: int = CHUNK,
    window: int | None = None,
    connect_timeout: float | None = None,
    chunk_timeout: float | None = None,
) -> Iterator[str]:
    """Answer ``lines`` on a Dask cluster; the answer lines, in input order.

    ``cluster``: a scheduler address (connected and closed here) or a client (left open). ``answer``:
    the function that answers one line, sent to the workers (by default the local batch's; a
    ``functools.partial`` of it carries options such as a time limit). ``window``:
    chunks in flight at once (default :data:`CHUNKS_PER_THREAD` per worker thread). A chunk the cluster
    fails to answer (a worker lost, ``chunk_timeout`` passed) gives an error line for each of its lines,
    and the rest go on. Connects before returning: raises :class:`ClusterError` as :func:`connect`.
    """
    if chunk < 1:
        raise ValueError(f"chunk must be at least 1, not {chunk}")
    if isinstance(cluster, str):
        client, owned = connect(cluster, timeout=connect_timeout), True
    else:
        _distributed()
        check_workers(cluster, timeout=connect_timeout)
        client, owned = cluster, False
    if window is None:
        window = CHUNKS_PER_THREAD * max(1, sum(client.nthreads().values()))
    waited = CHUNK_TIMEOUT if chunk_timeout is None else chunk_timeout
    return _answers(client, owned, answer, iter(lines), chunk, max(1, window), waited)


def _answers(
    client: Client,
    owned: bool,
    answer: Callable[[Line], str],
    source: Iterator[Line],
    chunk: int,
    window: int,
    chunk_timeout: float,
) -> Iterator[str]:
    pending: deque[tuple[Future[list[str]], list[Line]]] = deque()

    def submit() -> bool:
        block = list(islice(source, chunk))
        if block:
            pending.append((client.submit(answer_chunk, answer, block, pure=False), block))
        return bool(block)

    try:
        while len(pending) < window and submit():
            pass
        while pending:
            future, block = pending.popleft()
            yield from _collect(future, block, chunk_timeout)
            del future  # released: the cluster forgets the answers once written
            submit()
    finally:
        for future, _ in pending:
            future.cancel()
        if owned:
            client.close()


def _collect(future: Future[list[str]], block: Sequence[object], timeout: float) -> list[str]:
    """The answers of one chunk, or an error line for each of its lines when the cluster failed it."""
    try:
        answers: list[str] = future.result(timeout=timeout)
    except TimeoutError:
        future.cancel()
        message = f"no answer from the Dask cluster within {timeout:g} s"
        return [error_line(line, message) for line in block]
    except Exception as err:  # noqa: BLE001 - a lost worker or a failed task costs its lines, not the run
        reason = " ".join(str(err).split()) or type(err).__name__
        message = f"the Dask cluster failed this line: {type(err).__name__}: {reason}"
        return [error_line(line, message) for line in block]
    return answers
