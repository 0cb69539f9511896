"""Rounds followed as they are played, kept in the ledger file: one row per event, written at once.

Each write is one transaction that reads the round's events, replays them, applies the new event
(refusing one that cannot happen, see :mod:`okeytool.round.state`) and inserts it; a killed process
leaves the last committed event. The state is never stored, only rebuilt.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from okeytool.errors import LedgerError
from okeytool.ledger.database import MAX_ID, MIN_ID, LedgerFile, ledger_failure, transaction
from okeytool.ledger.paths import db_path
from okeytool.round.events import Event, EventError, Start, event_from_json
from okeytool.round.state import RoundState, apply, replay

CURRENT_KEY = "current_round"


@dataclass(frozen=True)
class PlayedRound:
    """A stored round: its id, when it was started, its events and the state they lead to."""

    id: int
    created: str
    events: tuple[Event, ...]
    state: RoundState
    current: bool = False


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _encode(event: Event) -> str:
    return json.dumps(event.to_json(), ensure_ascii=False, sort_keys=True)


class RoundBook(LedgerFile):
    """The followed rounds of one ledger file. Use as a context manager.

    ``create``: a missing file becomes a new ledger; ``write=False`` opens it read-only (the reading
    methods work on a ledger the user may not write). Raises :class:`LedgerError` when the file
    cannot be used (see :func:`okeytool.ledger.database.connect`).
    """

    # -- reading --------------------------------------------------------------------------------

    def current_id(self) -> int | None:
        """The current round's id, or None."""
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (CURRENT_KEY,)).fetchone()
        return int(row[0]) if row else None

    def _resolve(self, round_id: int | None) -> int:
        if round_id is None:
            round_id = self.current_id()
            if round_id is None:
                raise LedgerError("no current round: start one with 'okeytool round start -i R4 TILES'")
        missing = f"there is no round {round_id} in {self.path} ('okeytool round list' shows them)"
        if not MIN_ID <= round_id <= MAX_ID:  # beyond SQLite's integers: no such round
            raise LedgerError(missing)
        if self.conn.execute("SELECT 1 FROM played_rounds WHERE id = ?", (round_id,)).fetchone() is None:
            raise LedgerError(missing)
        return round_id

    def events(self, round_id: int) -> tuple[Event, ...]:
        """The stored events of a round, in order. Raises :class:`LedgerError` for a row that is not an event."""
        rows = self.conn.execute(
            "SELECT seq, event FROM round_events WHERE round_id = ? ORDER BY seq", (round_id,)
        ).fetchall()
        out = []
        for seq, text in rows:
            try:
                out.append(event_from_json(json.loads(text)))
            except (ValueError, EventError) as err:
                raise LedgerError(f"round {round_id}, event {seq} cannot be read: {err}") from None
        return tuple(out)

    def round(self, round_id: int | None = None) -> PlayedRound:
        """A round (default: the current one) with its state. Raises :class:`LedgerError`."""
        rid = self._resolve(round_id)
        created = self.conn.execute("SELECT created FROM played_rounds WHERE id = ?", (rid,)).fetchone()[0]
        events = self.events(rid)
        try:
            state = replay(events, stored=True)
        except (ValueError, EventError) as err:
            raise LedgerError(f"round {rid} no longer replays: {err}") from None
        return PlayedRound(rid, created, events, state, rid == self.current_id())

    def rounds(self) -> list[PlayedRound]:
        """Every round, oldest first."""
        return [self.round(row[0]) for row in self.conn.execute("SELECT id FROM played_rounds ORDER BY id")]

    # -- writing --------------------------------------------------------------------------------

    def _set_current(self, round_id: int) -> None:
        self.conn.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (CURRENT_KEY, str(round_id)),
        )

    def _insert(self, round_id: int, seq: int, event: Event) -> None:
        self.conn.execute(
            "INSERT INTO round_events (round_id, seq, event, created) VALUES (?, ?, ?, ?)",
            (round_id, seq, _encode(event), _now()),
        )

    def create(self, events: Sequence[Event]) -> PlayedRound:
        """A new round from its events (a start, and for an import the rest), made current.

        Every event is checked by replaying them first; nothing is stored when one is refused.
        Raises :class:`EventError` and the input errors of :func:`replay`.
        """
        replay(events)
        with transaction(self.conn):
            cursor = self.conn.execute("INSERT INTO played_rounds (created) VALUES (?)", (_now(),))
            rid = int(cursor.lastrowid or 0)
            for seq, event in enumerate(events, start=1):
                self._insert(rid, seq, event)
            self._set_current(rid)
        return self.round(rid)

    def start(self, event: Start) -> PlayedRound:
        """Start a round and make it current. Raises the input errors of :func:`start_state`."""
        return self.create([event])

    def add(self, event: Event, round_id: int | None = None) -> PlayedRound:
        """Record an event in the round (default: the current one), in one transaction.

        Raises :class:`EventError` (and other :class:`InputError`) when it cannot happen; nothing
        is written then. :class:`LedgerError` when there is no such round.
        """
        with transaction(self.conn):
            rid = self._resolve(round_id)
            events = self.events(rid)
            state = replay(events, stored=True)
            apply(state, event)
            self._insert(rid, len(events) + 1, event)
        return self.round(rid)

    def undo(self, round_id: int | None = None) -> tuple[Event, PlayedRound]:
        """Remove the round's last event (never its start). Raises :class:`LedgerError` if only the start is left."""
        with transaction(self.conn):
            rid = self._resolve(round_id)
            events = self.events(rid)
            if len(events) < 2:
                raise LedgerError(f"round {rid} has only its start; nothing to undo")
            self.conn.execute("DELETE FROM round_events WHERE round_id = ? AND seq = ?", (rid, len(events)))
        return events[-1], self.round(rid)

    def use(self, round_id: int) -> PlayedRound:
        """Make a round the current one. Raises :class:`LedgerError` if there is no such round."""
        with transaction(self.conn):
            rid = self._resolve(round_id)
            self._set_current(rid)
        return self.round(rid)


@contextmanager
def book_at(db: Path | None, *, create: bool = False, write: bool = True) -> Iterator[RoundBook]:
    """The rounds of the ledger file of ``--db`` / ``$OKEYTOOL_DB`` / the default.

    Only ``create`` makes a file that does not exist; commands that only read pass ``write=False``
    and work on a read-only ledger. SQLite errors become :class:`LedgerError`.
    """
    path = db_path(db)
    if not create and not path.exists():
        raise LedgerError(f"there is no ledger at {path}: start a round with 'okeytool round start -i R4 TILES'")
    book = RoundBook(path, create=create, write=write)
    try:
        yield book
    except sqlite3.Error as err:
        raise ledger_failure(err, path) from None
    finally:
        book.conn.close()
