"""The ledger's SQLite file: opening it safely, the schema and its migrations.

* A file that is not an okeytool ledger (not SQLite, another program's database, a corrupt one) is
  refused with :class:`LedgerError` before anything is written to it: it is never modified.
* The schema version is ``PRAGMA user_version``; :data:`MIGRATIONS` bring an older file up to date,
  each step in one transaction. ``PRAGMA application_id`` marks the file as ours.
* WAL journal and a busy timeout let several terminals use one ledger; every write is one
  ``BEGIN IMMEDIATE`` transaction, so a killed writer leaves the last committed state.
"""

from __future__ import annotations

import errno
import os
import re
import sqlite3
import stat
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TypeVar

from okeytool.errors import LedgerError

#: ``PRAGMA application_id`` of an okeytool ledger: "OKEY" in ASCII.
APPLICATION_ID = 0x4F4B4559
SQLITE_MAGIC = b"SQLite format 3\x00"
HEADER_SIZE = 100
BUSY_TIMEOUT_MS = 10_000
#: The ids a row can have (SQLite's INTEGER): an id outside them names no game and no round.
MIN_ID, MAX_ID = -(2**63), 2**63 - 1

#: The statements that bring a ledger from version ``n`` to ``n + 1``: append a new step with the
#: next number; a step never changes once released (a ledger at version ``n`` has run steps 0..n-1).
MIGRATIONS: dict[int, tuple[str, ...]] = {
    0: (
        """CREATE TABLE games (
               id INTEGER PRIMARY KEY,
               name TEXT NOT NULL,
               rules TEXT NOT NULL,
               options TEXT NOT NULL,
               players TEXT NOT NULL,
               created TEXT NOT NULL)""",
        """CREATE TABLE rounds (
               id INTEGER PRIMARY KEY,
               game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
               seq INTEGER NOT NULL,
               document TEXT NOT NULL,
               created TEXT NOT NULL,
               UNIQUE (game_id, seq))""",
        "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    ),
    1: ("ALTER TABLE rounds ADD COLUMN note TEXT NOT NULL DEFAULT ''",),
    # The history of changes to a game: each holds the game as it was before (its players, name,
    # teams and rounds, as JSON), so ``game undo`` can take back the last change exactly; ``undone`` is set then.
    2: (
        """CREATE TABLE changes (
               id INTEGER PRIMARY KEY,
               game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
               kind TEXT NOT NULL,
               summary TEXT NOT NULL,
               before TEXT NOT NULL,
               created TEXT NOT NULL,
               undone TEXT)""",
        "CREATE INDEX changes_by_game ON changes (game_id, id)",
        # A partnership game's teams and partner rule (JSON, okeytool.score.teams); '' for none.
        "ALTER TABLE games ADD COLUMN teams TEXT NOT NULL DEFAULT ''",
    ),
    # Rounds followed as they are played (okeytool.ledger.rounds): one row per event.
    3: (
        """CREATE TABLE played_rounds (
               id INTEGER PRIMARY KEY,
               created TEXT NOT NULL)""",
        """CREATE TABLE round_events (
               round_id INTEGER NOT NULL REFERENCES played_rounds(id) ON DELETE CASCADE,
               seq INTEGER NOT NULL,
               event TEXT NOT NULL,
               created TEXT NOT NULL,
               PRIMARY KEY (round_id, seq))""",
    ),
    # The quiz's answers (okeytool.ledger.quiz): one row per position answered. ``cost``: the win
    # chance the throw gave up against the best (NULL: it could not be graded); ``distance``: the
    # position's deficiency (how far the hand is from a win). For a 101 position (its ``rules``
    # those of a game that opens with melds) the chance is the chance to open and the distance the
    # fewest draws to open. IF NOT EXISTS: a ledger whose version
    # was set back while its answers stayed is brought up to date keeping them.
    4: (
        """CREATE TABLE IF NOT EXISTS quiz_answers (
               id INTEGER PRIMARY KEY,
               position TEXT NOT NULL,
               rules TEXT NOT NULL,
               thrown TEXT NOT NULL,
               best TEXT NOT NULL,
               chance_thrown REAL,
               chance_best REAL,
               cost REAL,
               seconds REAL NOT NULL,
               distance INTEGER NOT NULL,
               created TEXT NOT NULL)""",
    ),
    # A quiz answer's discard penalty (101, rules.md 5.5): the points the throw pays that the best
    # throw does not; an answer with one never matches the best. Answers stored before have none.
    5: ("ALTER TABLE quiz_answers ADD COLUMN penalty INTEGER NOT NULL DEFAULT 0",),
}
SCHEMA_VERSION = len(MIGRATIONS)


def inspect_file(path: Path) -> bool:
    """Check, by reading only, that ``path`` may be used as a ledger. True if it is new (absent or empty).

    Raises :class:`LedgerError` for a directory or anything else that is not a regular file (a named
    pipe, a device: reading one could wait for ever), a file that is not SQLite, or another program's
    SQLite database; ``OSError`` for a file that cannot be read.
    """
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return True
    _refuse_special(path, mode)
    # Not blocking: a named pipe put in the file's place after the check above is refused, not waited on.
    with os.fdopen(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as handle:
        _refuse_special(path, os.fstat(handle.fileno()).st_mode)
        header = handle.read(HEADER_SIZE)
    if not header:
        return True
    if len(header) < HEADER_SIZE or not header.startswith(SQLITE_MAGIC):
        raise LedgerError(f"{path} is not an okeytool game ledger (not an SQLite database); it was left untouched")
    application_id = int.from_bytes(header[68:72], "big")
    if application_id != APPLICATION_ID:
        raise LedgerError(
            f"{path} is another program's SQLite database, not an okeytool game ledger; it was left untouched"
        )
    return False


def _refuse_special(path: Path, mode: int) -> None:
    """Raise :class:`LedgerError` unless ``mode`` is a regular file's."""
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise LedgerError(f"{path} is a directory, not a game ledger file")
    kind = "a named pipe" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
    raise LedgerError(f"{path} is {kind}, not a game ledger file")


def connect(path: Path, *, create: bool = True, write: bool = True) -> sqlite3.Connection:
    """Open and migrate the ledger at ``path``.

    ``create``: a missing (or empty) file becomes a new ledger; otherwise it is refused, so a
    mistyped ``--db`` never starts an empty ledger. ``write=False`` opens the file read-only: a
    ledger the user may not write (a read-only file, directory or medium) can still be read. A new
    ledger that cannot be made (a full disk) leaves nothing behind: not the file, nor its folders.

    Raises :class:`LedgerError` for a missing file (without ``create``), a foreign or corrupt file
    (left untouched), a read-only one opened for writing, one written by a newer okeytool, or a full
    disk (see :func:`ledger_failure`); ``OSError`` when the directory cannot be created.
    """
    new = inspect_file(path)
    if new and not create:
        raise LedgerError(f"there is no game ledger at {path}; start one with 'okeytool game new'")
    if write and not new and not _writable(path):
        raise LedgerError(read_only_message(path))
    made = _make_file(path) if new else []
    try:
        return _connect(path, new=new, write=write)
    except BaseException:
        _remove_made(made)
        raise


def _connect(path: Path, *, new: bool, write: bool) -> sqlite3.Connection:
    """:func:`connect` once the file is there: open, check, migrate."""
    conn = _open(path, write=write or new)
    try:
        if not new:
            _check_readable(conn, path)
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA foreign_keys = ON")
        if write or new:
            _migrate(conn, path)
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
        elif conn.execute("PRAGMA user_version").fetchone()[0] < SCHEMA_VERSION:
            conn.close()
            if not _writable(path):
                raise LedgerError(
                    f"the game ledger {path} is read-only and was written by an older okeytool; "
                    "make it writable once so it can be brought up to date"
                )
            return connect(path, create=False, write=True)  # migrating an existing ledger is not creating one
    except sqlite3.DatabaseError as err:
        conn.close()
        raise ledger_failure(err, path, new=new) from None
    except BaseException:
        conn.close()
        raise
    return conn


def _make_file(path: Path) -> list[Path]:
    """Create the empty file of a new ledger and any folder missing above it; what was made, in order.

    The file is made here, not by SQLite, so that only a file this process made is removed when the
    new ledger cannot be set up. Raises :class:`LedgerError` for a full disk, ``OSError``.
    """
    made: list[Path] = []
    try:
        for folder in reversed([path.parent, *path.parent.parents]):
            if not folder.exists():
                folder.mkdir()
                made.append(folder)
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            made.append(path)
        except FileExistsError:  # an empty file, or a ledger another process has just made: not ours
            pass
    except OSError as err:
        _remove_made(made)
        if err.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
            raise LedgerError(full_disk_message(path, new=True)) from None
        raise
    return made


def _remove_made(made: list[Path]) -> None:
    """Remove what :func:`_make_file` made, newest first: the file with SQLite's files beside it, then
    the folders (each only if empty)."""
    for item in reversed(made):
        try:
            if item.is_dir():
                item.rmdir()
            else:
                for companion in ("-journal", "-wal", "-shm"):
                    Path(f"{item}{companion}").unlink(missing_ok=True)
                item.unlink(missing_ok=True)
        except OSError:
            pass  # a folder someone else has put a file in meanwhile stays


#: SQLite's primary result codes (the low byte of an extended code) that say what happened to the file.
SQLITE_IOERR, SQLITE_CORRUPT, SQLITE_FULL, SQLITE_NOTADB = 10, 11, 13, 26
#: Free space below which a disk error is taken for a full disk: SQLite reports some writes to a full
#: disk as a plain I/O error (growing its shared-memory file, for one).
NEARLY_FULL_BYTES = 1 << 20


def failure_kind(err: sqlite3.Error) -> str:
    """What an SQLite error says about the ledger: ``full`` (no space left), ``read-only``, ``io`` (the
    disk failed), ``corrupt`` (the file is damaged) or ``other``.

    >>> failure_kind(sqlite3.OperationalError("database or disk is full"))
    'full'
    >>> failure_kind(sqlite3.DatabaseError("database disk image is malformed"))
    'corrupt'
    """
    code = getattr(err, "sqlite_errorcode", None)  # Python 3.11 and later
    primary = code & 0xFF if isinstance(code, int) else None
    text = str(err)
    if primary == SQLITE_FULL or "disk is full" in text:
        return "full"
    if is_read_only_error(err):
        return "read-only"
    if primary == SQLITE_IOERR or "disk I/O error" in text:
        return "io"
    if primary in (SQLITE_CORRUPT, SQLITE_NOTADB) or "malformed" in text or "not a database" in text:
        return "corrupt"
    return "other"


def ledger_failure(err: sqlite3.Error, path: Path, *, new: bool = False) -> LedgerError:
    """The one line for an SQLite error on the ledger at ``path`` (``new``: while making it).

    A full disk is called a full disk (also when SQLite says only "disk I/O error" and the disk has
    next to no space left), a disk error a disk error, a read-only file read-only; only a damaged
    file is called corrupt. A failed write is rolled back, so the ledger is as it was.
    """
    kind = failure_kind(err)
    if kind == "full" or (kind == "io" and disk_nearly_full(path)):
        return LedgerError(full_disk_message(path, new=new))
    if kind == "read-only":
        return LedgerError(read_only_message(path))
    if kind == "io":
        return LedgerError(f"the game ledger {path} could not be read or written ({one_line(err)}); nothing changed")
    if kind == "corrupt":
        return LedgerError(f"the game ledger {path} is corrupt ({one_line(err)}); it was left untouched")
    return LedgerError(f"the game ledger {path} cannot be used ({one_line(err)}); it was left untouched")


def full_disk_message(path: Path, *, new: bool = False) -> str:
    """The one line that says the disk is full (``new``: so the ledger was not made)."""
    if new:
        return f"the disk is full: no game ledger was made at {path}; free some space and try again"
    return (
        f"the disk holding the game ledger {path} is full: nothing was stored, the ledger is as it was; "
        "free some space and try again"
    )


def disk_nearly_full(path: Path) -> bool:
    """True when the file system holding ``path`` has less than :data:`NEARLY_FULL_BYTES` free."""
    folder = next((p for p in (path.parent, *path.parent.parents) if p.exists()), None)
    statvfs = getattr(os, "statvfs", None)  # not on Windows
    if folder is None or statvfs is None:
        return False
    try:
        info = statvfs(folder)
    except OSError:
        return False
    return bool(info.f_bavail * info.f_frsize < NEARLY_FULL_BYTES)


def one_line(err: object) -> str:
    """An error's text on one line (SQLite and integrity-check messages can hold line breaks)."""
    text = " ".join(str(err).split())
    return text if len(text) <= 200 else text[:200] + "..."


def read_only_message(path: Path) -> str:
    """The one line that says a ledger cannot be written."""
    return f"the game ledger {path} is read-only; it can be shown and exported, not changed"


def is_read_only_error(err: sqlite3.Error) -> bool:
    """True for SQLite's "attempt to write a readonly database" (and its read-only relatives)."""
    return "readonly" in str(err) or "read-only" in str(err)


def _writable(path: Path) -> bool:
    """True when this process may write the file and create the journal beside it."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK | os.X_OK)


def _open(path: Path, *, write: bool) -> sqlite3.Connection:
    """A connection: read-write, or read-only (``mode=ro``; ``immutable`` where SQLite cannot even
    create its shared-memory file, as on a read-only medium)."""
    timeout = BUSY_TIMEOUT_MS / 1000
    try:
        if write:
            return sqlite3.connect(path, timeout=timeout, isolation_level=None)
        uri = path.resolve().as_uri()
        conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, timeout=timeout, isolation_level=None)
        try:
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.OperationalError:
            conn.close()
            wal = Path(f"{path}-wal")
            if wal.exists() and wal.stat().st_size:
                raise LedgerError(
                    f"the game ledger {path} is read-only and holds unsaved changes in {wal.name}; "
                    "open it once where it can be written"
                ) from None
            conn = sqlite3.connect(f"{uri}?immutable=1", uri=True, timeout=timeout, isolation_level=None)
        return conn
    except sqlite3.OperationalError as err:
        raise LedgerError(f"cannot open the game ledger {path}: {one_line(err)}") from None
    except sqlite3.DatabaseError as err:  # "file is not a database", "disk image is malformed"
        raise LedgerError(f"the game ledger {path} is corrupt ({one_line(err)}); it was left untouched") from None


def _check_readable(conn: sqlite3.Connection, path: Path) -> None:
    """Read-only checks of an existing ledger: integrity and schema version."""
    # A disk that fails or is full raises here too: connect() calls that by its name, not corrupt.
    status = conn.execute("PRAGMA quick_check").fetchone()[0]
    version = conn.execute("PRAGMA user_version").fetchone()[0]
    if status != "ok":
        raise LedgerError(f"the game ledger {path} is corrupt ({one_line(status)}); it was left untouched")
    if version > SCHEMA_VERSION:
        raise LedgerError(
            f"the game ledger {path} was written by a newer okeytool "
            f"(schema {version}, this one knows {SCHEMA_VERSION})"
        )


def _migrate(conn: sqlite3.Connection, path: Path) -> None:
    """Bring the schema to :data:`SCHEMA_VERSION`, one transaction per step (safe against a concurrent first use)."""
    while True:
        with transaction(conn):
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version >= SCHEMA_VERSION:
                return
            if version == 0:
                if conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
                    raise LedgerError(f"{path} holds tables but no okeytool schema version; it was left untouched")
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            for statement in MIGRATIONS[version]:
                if not _adds_a_column_it_has(conn, statement):
                    conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {version + 1}")


#: A step that adds a column: ``ALTER TABLE name ADD COLUMN column ...``.
_ADD_COLUMN = re.compile(r"ALTER TABLE (\w+) ADD COLUMN (\w+)", re.IGNORECASE)


def _adds_a_column_it_has(conn: sqlite3.Connection, statement: str) -> bool:
    """True for a step adding a column the table already has (a ledger whose version was set back
    while its tables stayed, as ``CREATE TABLE IF NOT EXISTS`` allows for a table)."""
    adds = _ADD_COLUMN.match(statement)
    if adds is None:
        return False
    table, column = adds.groups()
    return any(row[1] == column for row in conn.execute(f"PRAGMA table_info({table})"))


_committed = 0


def committed() -> int:
    """How many write transactions this process has committed (a command that changed the ledger
    and then could not print its answer says that the change was kept)."""
    return _committed


@contextmanager
def transaction(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """One write transaction (``BEGIN IMMEDIATE``): committed on success, rolled back on any error
    (a failed commit included)."""
    global _committed
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
        conn.execute("COMMIT")
        _committed += 1
    except BaseException:
        # SQLite may have rolled back already (a full disk, a disk error): the first error is the one to report.
        if conn.in_transaction:
            with suppress(sqlite3.Error):
                conn.execute("ROLLBACK")
        raise


class LedgerFile:
    """A ledger file held open by a book of it (followed rounds, quiz answers): opened with
    :func:`connect`, closed at the end of a ``with`` block. Raises :class:`LedgerError` when the
    file cannot be used."""

    def __init__(self, path: Path, *, create: bool = True, write: bool = True) -> None:
        self.path = path
        try:
            self.conn = connect(path, create=create, write=write)
        except sqlite3.Error as err:
            raise ledger_failure(err, path) from None

    def __enter__(self: _Book) -> _Book:
        return self

    def __exit__(self, *exc: object) -> None:
        self.conn.close()


_Book = TypeVar("_Book", bound=LedgerFile)
