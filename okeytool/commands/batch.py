"""``okeytool batch``: many questions as JSON lines, answered in input order."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import islice
from typing import IO, Annotated, Any

import typer

Answer = Callable[[Mapping[str, Any]], dict[str, Any]]
CHUNK = 16
WINDOW_CHUNKS = 4  # chunks per worker read ahead of the answers written


def answers() -> dict[str, Answer]:
    """Every batch question the command modules answer, by command name."""
    from okeytool.commands import analysis, opening, play

    table: dict[str, Answer] = {}
    for module in (analysis, opening, play):
        table.update(module.BATCH)
    return table


def answer_line(line: str) -> str:
    """The JSON line answering one input line; bad input gives ``{"id": ..., "error": ...}``."""
    from okeytool.errors import OkeyError

    ident: Any = None
    try:
        try:
            question = json.loads(line)
        except json.JSONDecodeError as err:
            raise ValueError(f"the line is not JSON: {err}") from None
        if not isinstance(question, dict):
            raise ValueError("each line must be a JSON object")
        ident = question.get("id")
        _check_fields(question)
        command = question.get("command")
        table = answers()
        if command not in table:
            raise ValueError(f"unknown command {command!r} (known: {', '.join(sorted(table))})")
        document = table[command](question)
    except (OkeyError, ValueError) as err:
        document = {"error": str(err)}
    except Exception as err:  # noqa: BLE001 - one failing question must not stop the others
        document = {"error": f"internal error: {type(err).__name__}: {err}"}
    if ident is not None:
        document = {"id": ident, **document}
    return json.dumps(document, ensure_ascii=False)


#: Fields that hold text; those also in _NULLABLE may be null (as if left out).
_TEXT_FIELDS = ("command", "rules", "indicator", "okey", "tiles", "seen", "table")
_NULLABLE = ("indicator", "okey", "seen", "table")


def _check_fields(question: Mapping[str, Any]) -> None:
    """Refuse fields of the wrong JSON type (``"rules": 5``), which would otherwise crash deep inside."""
    for key in _TEXT_FIELDS:
        if key in question and not isinstance(question[key], str):
            if question[key] is None and key in _NULLABLE:
                continue
            raise ValueError(f"field {key!r} must be a string, not {json.dumps(question[key])}")
    options = question.get("options")
    if options is not None and not isinstance(options, dict):
        raise ValueError(f"field 'options' must be an object like {{\"wrap\": false}}, not {json.dumps(options)}")
    opened = question.get("opened")
    if opened is not None and not isinstance(opened, bool):
        raise ValueError(f"field 'opened' must be true or false, not {json.dumps(opened)}")


def _lines(stream: IO[bytes] | IO[str]) -> Iterator[str]:
    """The non-blank lines of the input; bytes that are not UTF-8 become U+FFFD, so that such a line
    is answered with an error line like any other bad line and the rest go on."""
    for raw in stream:
        line = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
        if line.strip():
            yield line


def run_batch(lines: Iterable[str], jobs: int) -> Iterator[str]:
    """Answer lines in order, on ``jobs`` processes; memory does not grow with the input."""
    pending = iter(lines)
    window = jobs * CHUNK * WINDOW_CHUNKS
    first = list(islice(pending, window))
    if jobs <= 1 or len(first) < window:
        # One process, or an input that fits in one window: starting workers would cost more.
        yield from map(answer_line, first)
        yield from map(answer_line, pending)
        return
    from multiprocessing import get_context

    # Pool.imap would read the whole input ahead at once; feed it a bounded window at a time.
    with get_context("spawn").Pool(jobs) as pool:
        chunk = first
        while chunk:
            yield from pool.imap(answer_line, chunk, chunksize=CHUNK)
            chunk = list(islice(pending, window))


def register(app: typer.Typer) -> None:
    """Add ``batch`` to the application."""

    @app.command()
    def batch(
        file: Annotated[str, typer.Argument(help="JSON-lines file of questions, or - for standard input.")],
        jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes (default: the machine's cores).")] = 0,
        progress: Annotated[bool, typer.Option(help="Show a progress bar on stderr.")] = True,
    ) -> None:
        """Answer many questions at once: one JSON object per line in, one per line out, in order.

        Each line: {"command": "check", "rules": "classic", "indicator": "Y7", "tiles": "R1 R2 ...", "id": 1}.
        A line with bad input gets {"id": ..., "error": "..."} and the rest go on.

        Example: okeytool batch questions.jsonl --jobs 2 > answers.jsonl
        """
        workers = jobs if jobs > 0 else (os.cpu_count() or 1)
        stream: IO[bytes] | IO[str]
        if file == "-":
            stream = getattr(sys.stdin, "buffer", sys.stdin)  # bytes where the platform gives them
        else:
            stream = open(file, "rb")  # noqa: SIM115
        try:
            results = run_batch(_lines(stream), workers)
            if progress and sys.stderr.isatty():
                from rich.progress import Progress

                with Progress(transient=True, console=_stderr()) as bar:
                    task = bar.add_task("answering", total=None)
                    for out in results:
                        sys.stdout.write(out + "\n")
                        bar.advance(task)
            else:
                for out in results:
                    sys.stdout.write(out + "\n")
        finally:
            if file != "-":
                stream.close()


def _stderr() -> Any:
    from rich.console import Console

    return Console(stderr=True)
