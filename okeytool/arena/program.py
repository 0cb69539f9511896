"""A program in a seat (``cmd:PROGRAM ARGS``): the seat protocol over its standard input and output.

The program is started for one game and told, one JSON line each, the events its seat may see; at a
decision it is sent a request line and must answer with one JSON line within the move limit. A
malformed answer, an answer that is no answer to the request, no answer in time, or a program that
ends or cannot be started forfeits the game for its seat (:class:`~okeytool.arena.seats.Forfeit`);
the program is then stopped. What it writes on its standard error is let through to ours.
"""

from __future__ import annotations

import json
import os
import selectors
import shlex
import subprocess
import time
from typing import IO, Any

from okeytool.arena.seats import Forfeit, Message, Seat

#: The longest answer line read (a line longer than this is malformed).
MAX_LINE = 1 << 16


class ProgramSeat(Seat):
    """A seated program, started at the first event and stopped by :meth:`close`."""

    def __init__(self, command: str, move_limit: float) -> None:
        self.command = command.strip()
        self.name = "cmd:" + self.command
        self.move_limit = move_limit
        self.process: subprocess.Popen[bytes] | None = None
        self.buffer = b""

    def _start(self) -> subprocess.Popen[bytes]:
        if self.process is None:
            try:
                argv = shlex.split(self.command)
                self.process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
            except (OSError, ValueError) as err:
                raise Forfeit(f"the program could not be started: {err}") from None
        return self.process

    def _send(self, message: Message) -> None:
        process = self._start()
        stdin: IO[bytes] | None = process.stdin
        assert stdin is not None
        try:
            stdin.write((json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8"))
            stdin.flush()
        except (BrokenPipeError, OSError):
            raise Forfeit("the program stopped reading (it ended?)") from None

    def see(self, event: Message) -> None:
        self._send(event)

    def ask(self, request: Message) -> Message:
        self._send(request)
        line = self._read_line()
        try:
            answer: Any = json.loads(line)
        except ValueError:
            raise Forfeit(f"the answer is not JSON: {line[:80]!r}") from None
        if not isinstance(answer, dict):
            raise Forfeit(f"the answer is not a JSON object: {line[:80]!r}")
        return answer

    def _read_line(self) -> str:
        process = self._start()
        stdout = process.stdout
        assert stdout is not None
        deadline = time.monotonic() + self.move_limit
        fd = stdout.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while b"\n" not in self.buffer:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise Forfeit(f"no answer within the move limit ({self.move_limit:g} s)")
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise Forfeit("the program ended without answering")
                self.buffer += chunk
                if len(self.buffer) > MAX_LINE:
                    raise Forfeit("the answer line is too long")
        line, _, self.buffer = self.buffer.partition(b"\n")
        try:
            return line.decode("utf-8")
        except UnicodeDecodeError:
            raise Forfeit("the answer is not UTF-8 text") from None

    def close(self) -> None:
        process, self.process = self.process, None
        if process is None:
            return
        for stream in (process.stdin, process.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        try:
            process.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
