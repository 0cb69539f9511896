"""The edges of the ledger file: ids beyond SQLite's integers, oversized imports, a ``--db`` that is no
file, a read-only or full disk, and a round named on each event. One line on stderr and exit code 2
for each refusal, never a hang, and the ledger as it was."""

from __future__ import annotations

import errno
import json
import os
import shutil
import sqlite3
import stat
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from conftest import Run, in_process, on_ledger, real_process
from test_ledger_errors import read_only  # noqa: F401  (a fixture: the ledger ``db`` made read-only)

from okeytool.commands.score import MAX_DOCUMENT_BYTES
from okeytool.ledger.rounds import RoundBook

DEAL = ("-i", "R4", "R1-3", "B5-7", "K9-11", "Y1-4", "K1")
BEYOND = ("9223372036854775808", "-9223372036854775809", "99999999999999999999999")


def refused(result: Run, *words: str) -> None:
    """Exit 2 with exactly one line on stderr holding ``words``, and no traceback."""
    assert result.code == 2, (result.out, result.err)
    assert result.err.count("\n") == 1 and result.err.startswith("okeytool: error: "), result.err
    for word in words:
        assert word in result.err, result.err


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A ledger holding one round (the current one) with a start and a draw."""
    path = tmp_path / "ledger.sqlite3"
    assert on_ledger(path, "round", "start", *DEAL).code == 0
    assert on_ledger(path, "round", "draw", "K5").code == 0
    return path


def test_a_round_id_beyond_sqlite_integers_is_no_round(db: Path) -> None:
    for number in BEYOND:
        refused(on_ledger(db, "round", "show", "--round", number), f"there is no round {number}")
        for command in ("use", "export", "review"):
            refused(on_ledger(db, "round", command, "--", number), f"there is no round {number}")
    with RoundBook(db) as book:
        assert book.current_id() == 1 and len(book.round().events) == 2


def test_round_import_is_capped_like_a_round_document_and_takes_a_byte_order_mark(db: Path, tmp_path: Path) -> None:
    exported = on_ledger(db, "round", "export")
    assert exported.code == 0, exported.err
    marked = tmp_path / "marked.jsonl"
    marked.write_bytes(b"\xef\xbb\xbf" + exported.out.encode("utf-8"))
    imported = on_ledger(db, "round", "import", str(marked), "--json")
    assert imported.code == 0, imported.err
    assert json.loads(imported.out)["round"] == 2 and json.loads(imported.out)["events"] == 2
    piped = on_ledger(db, "round", "import", "-", "--json", stdin="\ufeff" + exported.out)
    assert piped.code == 0 and json.loads(piped.out)["round"] == 3, piped.err
    padded = tmp_path / "padded.jsonl"
    padded.write_bytes(exported.out.encode("utf-8") + b"\n" * MAX_DOCUMENT_BYTES)
    refused(on_ledger(db, "round", "import", str(padded)), str(padded), "larger than 1024 KiB")
    refused(on_ledger(db, "round", "import", "-", stdin=b" " * (MAX_DOCUMENT_BYTES + 1)), "stdin", "larger than")
    endless = on_ledger(db, "round", "import", "/dev/zero", real=True)  # read up to the cap, not to the end
    refused(endless, "/dev/zero", "larger than")
    refused(on_ledger(db, "round", "import", "-", stdin=b'{"event": "start", "x": "\xc7"}'), "not UTF-8")
    refused(on_ledger(db, "round", "import", "-", stdin="[" * 100_000), "line 1", "nested")
    with RoundBook(db) as book:
        assert [r.id for r in book.rounds()] == [1, 2, 3] and book.current_id() == 3


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX thing")
def test_a_db_that_is_a_named_pipe_or_empty_is_refused_at_once(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    for args in (("game", "show"), ("game", "new", "-p", "A,B"), ("round", "show"), ("round", "start", *DEAL)):
        # A real process: were the pipe opened for reading, it would wait for a writer (the timeout fails it).
        refused(real_process(*args, "--db", str(pipe)), str(pipe), "named pipe")
        refused(on_ledger(pipe, *args, real=True), "named pipe")  # named by $OKEYTOOL_DB
    assert stat.S_ISFIFO(pipe.stat().st_mode)
    for args in (("game", "show"), ("game", "new", "-p", "A,B"), ("round", "list"), ("round", "start", *DEAL)):
        refused(in_process(*args, "--db", ""), "--db", "empty")


@pytest.mark.usefixtures("read_only")
def test_round_commands_that_only_read_work_on_a_read_only_ledger(db: Path) -> None:
    before = db.read_bytes()
    listed = on_ledger(db, "round", "list", "--json")
    assert listed.code == 0, listed.err
    assert [r["round"] for r in json.loads(listed.out)["rounds"]] == [1]
    shown = on_ledger(db, "round", "show", "--json", "--draws", "1")
    assert shown.code == 0 and json.loads(shown.out)["events"] == 2, shown.err
    exported = on_ledger(db, "round", "export")
    assert exported.code == 0 and len(exported.out.splitlines()) == 2, exported.err
    reviewed = on_ledger(db, "round", "review", "--json", "--draws", "1")
    assert reviewed.code == 0 and json.loads(reviewed.out)["round"] == 1, reviewed.err
    for args in (("throw", "K5"), ("undo",), ("use", "1"), ("start", *DEAL), ("import", "-")):
        refused(on_ledger(db, "round", *args, stdin=exported.out), "read-only")
    assert db.read_bytes() == before


# -- a full disk -------------------------------------------------------------------------------------


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A folder on a file system of its own, 1 MiB of memory (tmpfs): mounting one needs a superuser."""
    folder = tmp_path / "disk"
    folder.mkdir()
    if os.name != "posix" or os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small file system needs a superuser (the simulated full disk test runs anyway)")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(folder)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.decode(errors='replace').strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=True)


def fill(folder: Path) -> Path:
    """Fill the file system of ``folder`` to the last byte; the file that does it."""
    filler = folder / "filler"
    with filler.open("wb", buffering=0) as handle:
        for size in (1 << 16, 1 << 12, 1 << 9, 1):
            try:
                while True:
                    handle.write(b"\0" * size)
            except OSError as err:
                assert err.errno == errno.ENOSPC, err
    return filler


def test_a_full_disk_is_reported_as_full_and_game_new_leaves_no_file(small_disk: Path) -> None:
    """On a real full disk (a tmpfs filled up): writes say the disk is full, never that the ledger is
    corrupt; a new ledger leaves no file behind; reading goes on; once there is room, all works again."""
    db = small_disk / "ledger.sqlite3"
    for args in (
        ("game", "new", "-p", "A,B,C,D"),
        ("game", "round", "-w", "A", "-f", "normal"),
        ("round", "start", *DEAL),
    ):
        assert on_ledger(db, *args, real=True).code == 0
    filler = fill(small_disk)
    for args in (("game", "round", "-w", "B", "-f", "normal"), ("round", "draw", "K5"), ("game", "undo")):
        result = on_ledger(db, *args, real=True)
        refused(result, "disk holding the game ledger", "is full", "the ledger is as it was")
        assert "corrupt" not in result.err
    for name in ("new.sqlite3", "folder/new.sqlite3"):
        refused(on_ledger(small_disk / name, "game", "new", "-p", "A,B", real=True), "disk is full", "no game ledger")
        refused(on_ledger(small_disk / name, "round", "start", *DEAL, real=True), "disk is full")
    assert sorted(p.name for p in small_disk.iterdir() if not p.name.startswith("ledger.sqlite3")) == ["filler"]
    shown = on_ledger(db, "game", "show", "--json", real=True)  # reading needs no room
    assert shown.code == 0 and len(json.loads(shown.out)["rounds"]) == 1, shown.err
    assert on_ledger(db, "round", "show", "--json", "--draws", "1", real=True).code == 0
    filler.unlink()
    added = on_ledger(db, "game", "round", "-w", "B", "-f", "normal", "--json", real=True)
    assert added.code == 0 and len(json.loads(added.out)["rounds"]) == 2, added.err
    assert on_ledger(db, "round", "draw", "K5", real=True).code == 0


def test_a_disk_that_fills_mid_write_simulated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SQLite's "database or disk is full" (SQLITE_FULL) at a commit, or while a new ledger is made:
    the same one line, nothing stored, no file left behind. Runs everywhere (no superuser needed)."""
    import okeytool.ledger.database as database

    db = tmp_path / "ledger.sqlite3"
    for args in (("game", "new", "-p", "A,B,C,D"), ("round", "start", *DEAL)):
        assert on_ledger(db, *args).code == 0
    real_transaction = database.transaction

    @contextmanager
    def full_at_commit(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
        with real_transaction(conn):
            yield conn
            raise sqlite3.OperationalError("database or disk is full")  # as the COMMIT would

    monkeypatch.setattr("okeytool.ledger.store.transaction", full_at_commit)
    monkeypatch.setattr("okeytool.ledger.rounds.transaction", full_at_commit)
    for args in (("game", "round", "-w", "A", "-f", "normal"), ("round", "draw", "K5"), ("round", "start", *DEAL)):
        result = on_ledger(db, *args)
        refused(result, "is full", "nothing was stored")
        assert "corrupt" not in result.err
    with RoundBook(db) as book:
        assert [len(r.events) for r in book.rounds()] == [1]
    assert json.loads(on_ledger(db, "game", "show", "--json").out)["rounds"] == []

    @contextmanager
    def failing_disk(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
        with real_transaction(conn):
            yield conn
            raise sqlite3.OperationalError("disk I/O error")  # with room left: a disk error, still not corrupt

    monkeypatch.setattr("okeytool.ledger.store.transaction", failing_disk)
    result = on_ledger(db, "game", "round", "-w", "A", "-f", "normal")
    refused(result, "could not be read or written (disk I/O error); nothing changed")
    assert "corrupt" not in result.err and "full" not in result.err

    def full_migration(conn: sqlite3.Connection, path: Path) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(database, "_migrate", full_migration)
    new = tmp_path / "more" / "new.sqlite3"
    refused(on_ledger(new, "game", "new", "-p", "A,B"), "disk is full", "no game ledger was made")
    assert not new.parent.exists()


# -- a round named on each event ---------------------------------------------------------------------


def test_event_commands_take_a_round_and_undo_says_which_round(db: Path) -> None:
    """Two terminals: the second starts round 2 (now current); the first keeps to round 1 with --round."""
    second = on_ledger(db, "round", "start", *DEAL, "--json")
    assert second.code == 0 and json.loads(second.out)["round"] == 2, second.err

    def state(*args: str) -> dict[str, object]:
        result = on_ledger(db, "round", *args, "--json")
        assert result.code == 0, result.err
        document: dict[str, object] = json.loads(result.out)
        return document

    assert state("throw", "K5", "--round", "1")["round"] == 1
    assert state("seen", "Y7", "--round", "1")["seen"] == ["K5", "Y7"]
    assert state("take", "Y8", "--round", "1", "--draws", "1")["events"] == 5
    undone = on_ledger(db, "round", "undo", "--round", "1")
    assert undone.code == 0 and "undone in round 1: take Y8" in undone.out, undone.err
    assert state("draw", "K5")["round"] == 2  # without --round: the current round, as before
    undone = on_ledger(db, "round", "undo")
    assert undone.code == 0 and "undone in round 2: draw K5" in undone.out, undone.err
    refused(on_ledger(db, "round", "undo"), "round 2 has only its start")
    refused(on_ledger(db, "round", "draw", "K5", "--round", "7"), "there is no round 7")
    refused(on_ledger(db, "round", "undo", "--round", BEYOND[0]), "there is no round")
    ended = state("end", "-w", "Ali", "-f", "normal", "--round", "1")
    assert ended["round"] == 1 and ended["phase"] == "ended"
    with RoundBook(db) as book:
        assert book.current_id() == 2
        assert [len(r.events) for r in book.rounds()] == [5, 1]
