"""``okeytool batch`` through real processes: a terminal on stderr, signals, odd first lines, limits."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from screen import visible

from okeytool.commands.batch import max_jobs

DISCARD = '{"id": %d, "command": "discard", "indicator": "Y7", "tiles": "R1-4 B9-11 K5 Y5 K11-13 B2 Y9 Y12"}'
OKEYTOOL = [sys.executable, "-m", "okeytool"]


def questions(path: Path, count: int) -> Path:
    path.write_text("".join(DISCARD % k + "\n" for k in range(count)), encoding="utf-8")
    return path


def read_all(fd: int, process: subprocess.Popen[bytes], timeout: float = 120) -> bytes:
    """Everything written to the pseudo-terminal until the process ends."""
    out = b""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the other end closed
                break
            out += chunk
        elif process.poll() is not None:
            break
    return out


def test_answers_go_to_the_file_and_the_bar_to_the_terminal(tmp_path: Path) -> None:
    """``okeytool batch FILE > answers.jsonl`` typed at a terminal: every answer is in the file."""
    source = questions(tmp_path / "questions.jsonl", 120)
    answers = tmp_path / "answers.jsonl"
    master, slave = pty.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100"}
    env.pop("NO_COLOR", None)
    with answers.open("wb") as sink:
        process = subprocess.Popen(
            [*OKEYTOOL, "batch", str(source), "--jobs", "1"], stdin=slave, stdout=sink, stderr=slave, env=env
        )
    os.close(slave)
    screen = read_all(master, process)
    os.close(master)
    assert process.wait(timeout=120) == 0
    lines = answers.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["id"] for line in lines] == list(range(120))
    assert all("discards" in json.loads(line) for line in lines)
    text = visible(screen)  # as the terminal shows it: the bar's parts are styled apart
    assert '"discards"' not in text  # no answer went to the terminal
    assert "/120" in text  # the bar counts done of the total
    assert "answering" in text


def mixed(path: Path) -> Path:
    """Two questions answered, one bad line, one stopped by its time limit."""
    stopped = json.loads(DISCARD % 3) | {"time_limit": 1e-9}
    path.write_text(f'{DISCARD % 0}\n{{"id": 1, "command": "guess"}}\n{DISCARD % 2}\n{json.dumps(stopped)}\n')
    return path


SUMMARY = re.compile(r"okeytool: batch done: 4 lines, 2 answered, 1 error, 1 stopped by the time limit, in \d+\.\d s")


def test_a_finished_batch_ends_with_a_summary_on_the_terminal(tmp_path: Path) -> None:
    """``okeytool batch FILE > answers.jsonl`` at a terminal: the answers in the file, and one line
    on stderr saying how it went."""
    answers = tmp_path / "answers.jsonl"
    master, slave = pty.openpty()
    with answers.open("wb") as sink:
        process = subprocess.Popen([*OKEYTOOL, "batch", str(mixed(tmp_path / "q.jsonl"))], stdin=slave, stdout=sink,
                                   stderr=slave, env={**os.environ, "TERM": "xterm-256color"})  # fmt: skip
    os.close(slave)
    screen = visible(read_all(master, process))
    os.close(master)
    assert process.wait(timeout=120) == 0
    assert [json.loads(line)["id"] for line in answers.read_text(encoding="utf-8").splitlines()] == [0, 1, 2, 3]
    assert SUMMARY.fullmatch(screen.rstrip().splitlines()[-1]), screen  # the last line, after the bar


def test_the_summary_on_request_without_a_terminal_keeps_stdout_pure(tmp_path: Path) -> None:
    source = mixed(tmp_path / "q.jsonl")
    done = subprocess.run([*OKEYTOOL, "batch", str(source), "--summary"], capture_output=True, text=True,
                          timeout=120, check=False)  # fmt: skip
    assert done.returncode == 0
    assert [json.loads(line)["id"] for line in done.stdout.splitlines()] == [0, 1, 2, 3]
    assert SUMMARY.fullmatch(done.stderr.rstrip("\n")) and done.stderr.count("\n") == 1, done.stderr


def test_without_a_terminal_nothing_but_answers(tmp_path: Path) -> None:
    source = questions(tmp_path / "questions.jsonl", 5)
    done = subprocess.run([*OKEYTOOL, "batch", str(source)], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0 and done.stderr == ""
    assert [json.loads(line)["id"] for line in done.stdout.splitlines()] == list(range(5))


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_an_interrupted_batch_ends_quietly(tmp_path: Path, signum: int) -> None:
    """The signal goes to the whole process group, as a terminal's Ctrl-C does; workers end without tracebacks."""
    source = questions(tmp_path / "questions.jsonl", 20000)
    process = subprocess.Popen(
        [*OKEYTOOL, "batch", str(source), "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    assert process.stdout is not None
    first = process.stdout.readline()  # the workers are answering
    assert json.loads(first)["id"] == 0
    os.killpg(process.pid, signum)
    try:
        _, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode != 0
    text = err.decode("utf-8", errors="replace")
    assert "Traceback" not in text and len(text.splitlines()) <= 1, text


def test_a_bom_on_the_first_line_is_accepted(tmp_path: Path) -> None:
    source = tmp_path / "bom.jsonl"
    source.write_bytes(b"\xef\xbb\xbf" + (DISCARD % 1 + "\n" + DISCARD % 2 + "\n").encode())
    done = subprocess.run([*OKEYTOOL, "batch", str(source)], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [a["id"] for a in answers] == [1, 2] and all("discards" in a for a in answers)


def test_a_line_too_long_is_an_error_line_and_the_rest_go_on(tmp_path: Path) -> None:
    source = tmp_path / "long.jsonl"
    huge = '{"id": 1, "command": "check", "tiles": "' + "R1 " * 100_000 + '"}'
    source.write_text(DISCARD % 0 + "\n" + huge + "\n" + DISCARD % 2 + "\n", encoding="utf-8")
    done = subprocess.run([*OKEYTOOL, "batch", str(source)], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    first, long, last = (json.loads(line) for line in done.stdout.splitlines())
    assert "discards" in first and "discards" in last and last["id"] == 2
    assert set(long) == {"error"} and "at most 65536" in long["error"] and str(len(huge) + 1) in long["error"]


def test_jobs_is_capped(run_main, tmp_path: Path) -> None:
    source = questions(tmp_path / "questions.jsonl", 2)
    run = run_main("batch", str(source), "--jobs", str(max_jobs() + 1))
    assert run.code == 2 and run.out == "" and run.err.count("\n") == 1
    assert f"--jobs takes 1 to {max_jobs()} (2 per core" in run.err
    assert max_jobs() == 2 * (os.cpu_count() or 1)
    negative = run_main("batch", str(source), "--jobs", "-1")
    assert negative.code == 2 and negative.out == "" and "--jobs takes 1 to" in negative.err
    most = run_main("batch", str(source), "--jobs", str(max_jobs()))
    assert most.code == 0 and most.err == "", most.err
    answers = [json.loads(line) for line in most.out.splitlines()]
    assert [a["id"] for a in answers] == [0, 1] and all("discards" in a for a in answers)
