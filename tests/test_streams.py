"""Streams and signals, through real processes: standard input closed, a reader that goes away, an
output that cannot show every character, and a ``batch --jobs 2`` killed or interrupted while its
pool starts. In every case one line at most, no traceback, and no half answer."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

OKEYTOOL = [sys.executable, "-m", "okeytool"]
HAND = ["-i", "Y7", "R1-4", "B9-11", "K5", "Y5", "R5", "K11-13", "K1", "B2"]
CHECK = '{"id": %d, "command": "check", "indicator": "Y7", "tiles": "R1-4 B9-11 K5 Y5 R5 K11-13 K1 B2"}'
PLAYERS = "Ali,Bora,Cem,\u00c7a\u011fr\u0131"  # the last name is not ASCII


def okeytool(*args: str, env: dict[str, str] | None = None, **options: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*OKEYTOOL, *args], capture_output=True, text=True, timeout=120, env={**os.environ, **(env or {})},
        **options,  # type: ignore[call-overload]
    )  # fmt: skip


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A ledger with a current game (the players of :data:`PLAYERS`) and a current round."""
    path = tmp_path / "games.sqlite3"
    made = okeytool("game", "new", "--players", PLAYERS, "--db", str(path))
    assert made.returncode == 0, made.stderr
    started = okeytool("round", "start", "-i", "R4", "R1-3 K7 B7 Y7 B9-12 Y1-4", "--db", str(path))
    assert started.returncode == 0, started.stderr
    return path


def questions(path: Path, count: int) -> Path:
    path.write_text("".join(CHECK % k + "\n" for k in range(count)), encoding="utf-8")
    return path


# -- standard input closed --------------------------------------------------------------------------


#: The commands that read standard input ('-'), with the ledger of :func:`db` where they need one.
READERS = {
    "batch": ["batch", "-"],
    "score": ["score", "--round", "-"],
    "game round": ["game", "round", "--round", "-", "--db", "{db}"],
    "round import": ["round", "import", "-", "--db", "{db}"],
    "round live": ["round", "live", "--db", "{db}"],
}


@pytest.mark.parametrize("command", READERS)
def test_standard_input_closed_is_one_line_and_exit_2(db: Path, command: str) -> None:
    """``okeytool batch - <&-``: the shell starts the command with no standard input at all."""
    args = [str(db) if arg == "{db}" else arg for arg in READERS[command]]
    done = subprocess.run(["sh", "-c", 'exec "$@" <&-', "sh", *OKEYTOOL, *args],
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert done.stderr.splitlines() == [
        "okeytool: error: standard input is closed: there is nothing to read ('-' reads standard input)"
    ]


# -- a reader that goes away ------------------------------------------------------------------------


def gone_reader(args: list[str]) -> subprocess.CompletedProcess[bytes]:
    """``okeytool ARGS | head -0``: the reader has gone before the first answer is written."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([*OKEYTOOL, *args], stdout=write, stderr=subprocess.PIPE, timeout=120)
    finally:
        os.close(write)


@pytest.mark.parametrize(
    "args", [["--help"], ["check", "--help"], ["check", *HAND], ["batch", "{file}"], ["batch", "{file}", "--jobs", "2"]]
)
def test_a_reader_that_goes_away_is_a_quiet_end(tmp_path: Path, args: list[str]) -> None:
    """As a Unix filter ends: exit code 0 (or 141, killed by SIGPIPE), nothing on stderr; never a silent 1."""
    source = questions(tmp_path / "questions.jsonl", 2000)
    done = gone_reader([str(source) if arg == "{file}" else arg for arg in args])
    assert done.returncode in (0, 141, -signal.SIGPIPE), done.stderr
    assert done.stderr == b""


def test_a_reader_that_reads_one_line_then_goes(tmp_path: Path) -> None:
    """``okeytool batch FILE --jobs 2 | head -1``: one answer read, then a quiet end."""
    source = questions(tmp_path / "questions.jsonl", 20000)
    process = subprocess.Popen([*OKEYTOOL, "batch", str(source), "--jobs", "2"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)  # fmt: skip
    assert process.stdout is not None and process.stderr is not None
    assert json.loads(process.stdout.readline())["id"] == 0
    process.stdout.close()
    err = process.stderr.read()
    assert process.wait(timeout=120) in (0, 141, -signal.SIGPIPE)
    assert err == b""


@pytest.mark.parametrize("args", [[], ["game"], ["round"]])
def test_a_group_given_no_command_prints_its_help(args: list[str]) -> None:
    """The help is printed while the error is raised, so it is held with the output: it is shown all the same."""
    done = okeytool(*args, env={"COLUMNS": "100"})
    assert done.returncode == 2
    assert f"Usage: okeytool {' '.join(args)}".rstrip() + " [OPTIONS] COMMAND [ARGS]..." in done.stdout
    assert "Commands" in done.stdout and "Traceback" not in done.stderr


# -- an output that cannot show every character -----------------------------------------------------

ASCII = {"PYTHONIOENCODING": "ascii"}


def whole_or_error(done: subprocess.CompletedProcess[str]) -> None:
    """Either the whole answer (exit 0) or only the error: nothing on stdout and one line, exit 2."""
    if done.returncode != 0:
        assert done.returncode == 2 and done.stdout == "", done.stdout
        assert len(done.stderr.splitlines()) == 1 and "PYTHONIOENCODING=utf-8" in done.stderr


def test_an_ascii_output_gets_the_whole_table_or_only_the_error(db: Path) -> None:
    score = okeytool("score", "--players", PLAYERS, "--winner", "Bora", "--finish", "okey", "-i", "R4", env=ASCII)
    whole_or_error(score)
    assert score.returncode == 2  # the table names a player ASCII cannot show
    show = okeytool("game", "show", "--db", str(db), env=ASCII)
    whole_or_error(show)
    assert okeytool("check", *HAND, env=ASCII).returncode == 0  # an answer in ASCII is shown whole


def test_a_change_kept_in_the_ledger_is_said_when_its_answer_cannot_be_shown(db: Path) -> None:
    """ASCII cannot show the table of a round entered for a player named with Turkish letters: the
    error says that the round was saved, so that nobody enters it twice."""
    entered = okeytool("game", "round", "--winner", "Bora", "--finish", "okey", "-i", "R4", "--db", str(db), env=ASCII)
    assert entered.returncode == 2 and entered.stdout == ""
    assert "the change to the ledger was saved, so do not enter it again" in entered.stderr
    shown = okeytool("game", "show", "--json", "--db", str(db))
    assert len(json.loads(shown.stdout)["rounds"]) == 1
    refused = okeytool("score", "--players", PLAYERS, "--winner", "Bora", "--finish", "okey", "-i", "R4", env=ASCII)
    assert refused.returncode == 2 and "saved" not in refused.stderr  # nothing was written there


def test_an_ascii_output_gets_json_whole_with_escapes(tmp_path: Path) -> None:
    score = okeytool("score", "--players", PLAYERS, "--winner", "Bora", "--finish", "okey", "-i", "R4", "--json",
                     env=ASCII)  # fmt: skip
    assert score.returncode == 0 and score.stdout.isascii()
    assert json.loads(score.stdout)["players"] == PLAYERS.split(",")
    source = tmp_path / "questions.jsonl"
    source.write_text("".join(CHECK.replace("%d", f'"{name}"') + "\n" for name in PLAYERS.split(",")), "utf-8")
    batch = okeytool("batch", str(source), env=ASCII)
    assert batch.returncode == 0 and batch.stdout.isascii()
    assert [json.loads(line)["id"] for line in batch.stdout.splitlines()] == PLAYERS.split(",")


# -- batch --jobs 2: the parent killed, or interrupted while the pool starts ------------------------


def descendants(pid: int) -> set[int]:
    """The processes below ``pid`` (read from /proc)."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rpartition(")")[2].split()[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {child for child, parent in parents.items() if parent in frontier} - found
        found |= frontier
    return found


def read_to_end(stream: int, timeout: float = 60) -> bytes:
    """What is written to ``stream`` until every process holding it has ended (or ``timeout``)."""
    out, end = b"", time.monotonic() + timeout
    while time.monotonic() < end:
        ready, _, _ = select.select([stream], [], [], 0.2)
        if ready:
            chunk = os.read(stream, 65536)
            if not chunk:
                return out
            out += chunk
    raise AssertionError(f"a process still holds the terminal after {timeout} s: {out!r}")


needs_proc = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the processes from /proc")


@needs_proc
def test_a_killed_parent_leaves_no_worker_talking(tmp_path: Path) -> None:
    """SIGKILL of the parent: its workers end at once, without a traceback or a warning."""
    source = questions(tmp_path / "questions.jsonl", 50000)
    err_read, err_write = os.pipe()
    process = subprocess.Popen([*OKEYTOOL, "batch", str(source), "--jobs", "2"], stdout=subprocess.PIPE,
                               stderr=err_write, start_new_session=True)  # fmt: skip
    os.close(err_write)
    try:
        assert process.stdout is not None
        assert json.loads(process.stdout.readline())["id"] == 0  # the workers are answering
        process.kill()
        process.wait(timeout=60)
        text = read_to_end(err_read).decode("utf-8", "replace")  # every worker has ended
    finally:
        os.close(err_read)
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert text == "", text


def interrupt_when(processes: int, delay: float, tmp_path: Path) -> tuple[int, str]:
    """Ctrl-C (SIGINT to the process group) ``delay`` seconds after the batch has ``processes``
    processes below it (the resource tracker, the fork server, the workers); the exit code and all
    that reached stderr."""
    source = questions(tmp_path / "questions.jsonl", 5000)
    err_read, err_write = os.pipe()
    process = subprocess.Popen([*OKEYTOOL, "batch", str(source), "--jobs", "2"], stdout=subprocess.DEVNULL,
                               stderr=err_write, start_new_session=True)  # fmt: skip
    os.close(err_write)
    try:
        end = time.monotonic() + 60
        while len(descendants(process.pid)) < processes and process.poll() is None and time.monotonic() < end:
            time.sleep(0.005)
        time.sleep(delay)
        os.killpg(process.pid, signal.SIGINT)
        text = read_to_end(err_read).decode("utf-8", "replace")
        return process.wait(timeout=60), text
    finally:
        os.close(err_read)
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)


@needs_proc
@pytest.mark.parametrize(
    ("processes", "delay"),
    [(1, 0.0), (1, 0.05), (1, 0.15), (2, 0.05), (2, 0.2), (3, 0.0), (4, 0.05)],
    ids=["tracker", "tracker+0.05s", "tracker+0.15s", "fork server+0.05s", "fork server+0.2s", "worker", "workers"],
)
def test_ctrl_c_while_the_pool_starts_is_one_line(tmp_path: Path, processes: int, delay: float) -> None:
    """Ctrl-C while the pool's processes start, the fork server still importing the answering code."""
    code, text = interrupt_when(processes, delay, tmp_path)
    assert "Traceback" not in text and "Error" not in text, text
    assert text in ("", "okeytool: aborted\n"), text
    assert code in (130, 0), text  # 0: the batch was done before the signal came


IMPORT_INTERRUPTED = """
import os, signal, sys

class Interrupt:  # Ctrl-C while the command line is importing typer
    def find_spec(self, name, path=None, target=None):
        if name == "typer":
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.SIGINT)
        return None

sys.meta_path.insert(0, Interrupt())
from okeytool.cli import main
sys.argv = ["okeytool", "--version"]
main()
"""


def test_ctrl_c_while_modules_are_importing_is_one_line() -> None:
    done = subprocess.run([sys.executable, "-c", IMPORT_INTERRUPTED], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "okeytool: aborted\n")
