"""The game ledger: games, their players and rules, and each round's input document.

Only the round documents are stored; totals, the end of the game and the winners are recomputed
from them with the rules every time (:meth:`Ledger.state`), so a correction to the scoring code
corrects every stored game.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from okeytool.errors import LedgerError, RoundError
from okeytool.ledger.database import connect, is_read_only_error, one_line, read_only_message, transaction
from okeytool.rules import Rules, get_rules
from okeytool.score import (
    Defaults,
    RoundScore,
    Standings,
    extended,
    read_round,
    scheme_for,
    score_round,
    standings,
)
from okeytool.score.document import parse_players
from okeytool.score.names import check_name

CURRENT_KEY = "current_game"
MAX_GAME_NAME = 80
MIN_ID, MAX_ID = -(2**63), 2**63 - 1  # SQLite's INTEGER


@dataclass(frozen=True)
class GameInfo:
    """A game as stored: id, name, rules profile, the options set on it (scheme included), players."""

    id: int
    name: str
    rules_name: str
    options: dict[str, Any]
    players: tuple[str, ...]
    created: str

    @property
    def rules(self) -> Rules:
        """The game's rules with its options."""
        return get_rules(self.rules_name, self.options)

    @property
    def title(self) -> str:
        """``#3 friday night`` (or ``#3``)."""
        return f"#{self.id} {self.name}".rstrip()

    def to_json(self) -> dict[str, object]:
        """``{"game", "name", "rules", "scheme", "options", "players", "created"}``."""
        return {
            "game": self.id,
            "name": self.name,
            "rules": self.rules_name,
            "scheme": self.rules.scheme,
            "options": dict(self.options),
            "players": list(self.players),
            "created": self.created,
        }


@dataclass(frozen=True)
class RoundRecord:
    """One stored round: its number in the game, the document as given, when and a free note."""

    seq: int
    document: dict[str, Any]
    created: str
    note: str = ""


@dataclass(frozen=True)
class GameState:
    """A game with its rounds replayed: the standings, and each round's record next to its score."""

    info: GameInfo
    records: tuple[RoundRecord, ...]
    standings: Standings
    current: bool = False

    def to_json(self) -> dict[str, object]:
        """The game, its standings (``totals``, ``rounds``, ``finished``, ``winners``) and each round's document."""
        out = {**self.info.to_json(), **self.standings.to_json(), "current": self.current}
        rounds = out["rounds"]
        assert isinstance(rounds, list)
        for entry, record in zip(rounds, self.records):
            entry["document"] = record.document
            entry["note"] = record.note
            entry["created"] = record.created
        return out


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def replay(info: GameInfo, records: Sequence[RoundRecord]) -> Standings:
    """Score every stored round once, in order, adding each to the standings of those before it.

    Raises :class:`RoundError` for a round that no longer fits the game (naming the round).
    """
    rules = info.rules
    state = standings(rules, info.players, ())
    for record in records:
        try:
            score = score_for_game(info, rules, state, record.document)
        except RoundError as err:
            raise RoundError(f"round {record.seq} of game {info.id}: {err}") from None
        state = extended(state, score)
    return state


def score_for_game(info: GameInfo, rules: Rules, state: Standings, document: Mapping[str, Any]) -> RoundScore:
    """Score a round document in a game: rules, scheme, options and players default to the game's and,
    when given, must agree with them. Raises :class:`RoundError` otherwise."""
    shown = document.get("gosterme")
    named = [document.get("winner"), *(shown if isinstance(shown, list) else [shown])]
    for name in named:  # anything but a name is refused by read_round below
        if isinstance(name, str) and name in state.out:
            raise RoundError(f"{name} is out of the game; the players still in: {', '.join(state.active)}")
    defaults = Defaults(info.rules_name, info.options, state.active)
    round_ = read_round(document, defaults)
    if round_.rules != rules:
        changed = sorted(k for k, v in round_.rules.options.items() if rules.options.get(k) != v)
        what = ", ".join(f"{k}={round_.rules.options[k]}" for k in changed) or f"rules {round_.rules.name}"
        raise RoundError(f"the round's rules differ from the game's ({what}); leave rules and options out")
    if set(round_.players) != set(state.active):
        raise RoundError(f"the round's players must be the game's players still in: {', '.join(state.active)}")
    return score_round(round_)


class Ledger:
    """A ledger file. Use as a context manager; every write method is one transaction.

    Raises :class:`LedgerError` when the file cannot be used (see :func:`connect`).
    """

    def __init__(self, path: Path, *, create: bool = True, write: bool = True) -> None:
        self.path = path
        self.conn = connect(path, create=create, write=write)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction; a read-only file's refusal becomes a :class:`LedgerError` saying so."""
        try:
            with transaction(self.conn) as conn:
                yield conn
        except sqlite3.OperationalError as err:
            if is_read_only_error(err):
                raise LedgerError(read_only_message(self.path)) from None
            raise

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    # -- games -------------------------------------------------------------------------------

    def new_game(
        self, rules_name: str, options: Mapping[str, Any], players: Sequence[str] | str, name: str = ""
    ) -> GameInfo:
        """Create a game and make it the current one.

        ``options`` are rule options (``scheme`` among them) as text or typed values.
        Raises :class:`RulesError` for unknown rules/options or a scheme that does not fit them,
        :class:`RoundError` for bad player names.
        """
        rules = get_rules(rules_name, options)
        scheme_for(rules)
        names = parse_players(players)
        name = check_name(name, "a game name", max_length=MAX_GAME_NAME)
        base = get_rules(rules.name)
        stored = {k: v for k, v in rules.options.items() if k == "scheme" or getattr(base, k) != v}
        created = _now()
        with self._transaction():
            cursor = self.conn.execute(
                "INSERT INTO games (name, rules, options, players, created) VALUES (?, ?, ?, ?, ?)",
                (name.strip(), rules.name, json.dumps(stored, sort_keys=True), json.dumps(list(names)), created),
            )
            game_id = int(cursor.lastrowid or 0)
            self._set_current(game_id)
        return GameInfo(game_id, name.strip(), rules.name, stored, names, created)

    def _set_current(self, game_id: int) -> None:
        self.conn.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (CURRENT_KEY, str(game_id)),
        )

    def use(self, game_id: int) -> GameInfo:
        """Make ``game_id`` the current game. Raises :class:`LedgerError` if there is no such game."""
        with self._transaction():
            info = self.game(game_id)
            self._set_current(info.id)
        return info

    def current_id(self) -> int | None:
        """The current game's id, or None."""
        row = self.conn.execute("SELECT value FROM meta WHERE key = ?", (CURRENT_KEY,)).fetchone()
        return int(row[0]) if row else None

    def game(self, game_id: int | None = None) -> GameInfo:
        """The game ``game_id``, or the current one. Raises :class:`LedgerError` if there is none."""
        if game_id is None:
            game_id = self.current_id()
            if game_id is None:
                raise LedgerError("no current game: start one with 'okeytool game new --players A,B,C,D'")
        if not MIN_ID <= game_id <= MAX_ID:  # beyond SQLite's integers: no such game
            raise LedgerError(f"there is no game {game_id} in {self.path} ('okeytool game list' shows the games)")
        row = self.conn.execute(
            "SELECT id, name, rules, options, players, created FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise LedgerError(f"there is no game {game_id} in {self.path} ('okeytool game list' shows the games)")
        return GameInfo(row[0], row[1], row[2], json.loads(row[3]), tuple(json.loads(row[4])), row[5])

    def games(self) -> list[GameInfo]:
        """Every game, oldest first."""
        rows = self.conn.execute("SELECT id FROM games ORDER BY id").fetchall()
        return [self.game(row[0]) for row in rows]

    def records(self, game_id: int) -> tuple[RoundRecord, ...]:
        """The stored rounds of a game, in order."""
        rows = self.conn.execute(
            "SELECT seq, document, created, note FROM rounds WHERE game_id = ? ORDER BY seq", (game_id,)
        ).fetchall()
        return tuple(RoundRecord(seq, json.loads(doc), created, note) for seq, doc, created, note in rows)

    def state(self, game_id: int | None = None) -> GameState:
        """A game with every round scored again from its document."""
        info = self.game(game_id)
        records = self.records(info.id)
        return GameState(info, records, replay(info, records), info.id == self.current_id())

    # -- rounds ------------------------------------------------------------------------------

    def add_round(self, document: Mapping[str, Any], game_id: int | None = None, note: str = "") -> GameState:
        """Score ``document`` in the game and store it, in one transaction. Returns the new state.

        Raises what :meth:`adding_round` raises; nothing is stored then.
        """
        with self.adding_round(document, game_id, note) as state:
            return state

    @contextmanager
    def adding_round(
        self, document: Mapping[str, Any], game_id: int | None = None, note: str = ""
    ) -> Iterator[GameState]:
        """Score ``document`` in the game and store it; yields the new state *before* committing.

        The caller does what can still fail (rendering the answer) inside the ``with`` block: the
        round is committed only when the block ends without an exception, so a failed command
        stores nothing and a retry does not store the round twice.

        Raises :class:`LedgerError` when the game is finished or missing; :class:`RoundError` (and the
        other input errors of :func:`read_round`) when the round does not fit; nothing is stored then.
        """
        if not isinstance(document, Mapping):
            raise RoundError(f"a round document is a JSON object, not {type(document).__name__}")
        with self._transaction():
            info = self.game(game_id)
            records = self.records(info.id)
            before = replay(info, records)
            if before.finished:
                won = " and ".join(before.winners)
                raise LedgerError(
                    f"game {info.id} is finished ({won} won); it takes no more rounds: "
                    "start a new one with 'okeytool game new'"
                )
            score = score_for_game(info, info.rules, before, document)
            seq = (records[-1].seq if records else 0) + 1
            stored = json.dumps(dict(document), sort_keys=True, ensure_ascii=False)
            record = RoundRecord(seq, json.loads(stored), _now(), note)
            self.conn.execute(
                "INSERT INTO rounds (game_id, seq, document, created, note) VALUES (?, ?, ?, ?, ?)",
                (info.id, seq, stored, record.created, note),
            )
            # The new round's score goes on the standings already replayed: nothing is scored twice.
            yield GameState(info, (*records, record), extended(before, score), info.id == self.current_id())

    def undo(self, game_id: int | None = None) -> RoundRecord:
        """Remove the last round of the game (one transaction). Raises :class:`LedgerError` if it has none."""
        with self._transaction():
            info = self.game(game_id)
            records = self.records(info.id)
            if not records:
                raise LedgerError(f"game {info.id} has no rounds to undo")
            last = records[-1]
            self.conn.execute("DELETE FROM rounds WHERE game_id = ? AND seq = ?", (info.id, last.seq))
        return last


def open_ledger(path: Path, *, create: bool = False, write: bool = True) -> Ledger:
    """The ledger at ``path``: created only with ``create``, opened read-only without ``write``.

    Raises :class:`LedgerError` (see :func:`~okeytool.ledger.database.connect`), ``OSError``.
    """
    try:
        return Ledger(path, create=create, write=write)
    except sqlite3.OperationalError as err:
        raise LedgerError(f"cannot use the game ledger {path}: {one_line(err)}") from None
