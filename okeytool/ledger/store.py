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
from okeytool.ledger.database import MAX_ID, MIN_ID, connect, ledger_failure, transaction
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
from okeytool.score.document import parse_players, rename_in_document
from okeytool.score.names import check_name, match_name
from okeytool.score.teams import Teams, TeamStandings, team_standings
from okeytool.user_text import fold

CURRENT_KEY = "current_game"
MAX_GAME_NAME = 80
#: The longest note kept with a round (characters): a line at the table, not a document.
MAX_NOTE = 200


@dataclass(frozen=True)
class GameInfo:
    """A game as stored: id, name, rules profile, the options set on it (scheme included), players."""

    id: int
    name: str
    rules_name: str
    options: dict[str, Any]
    players: tuple[str, ...]
    created: str
    teams: Teams | None = None

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
            **(self.teams.to_json() if self.teams else {}),
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

    @property
    def by_team(self) -> TeamStandings | None:
        """The game by team (a partnership game), else None."""
        return team_standings(self.info.teams, self.standings) if self.info.teams else None

    def to_json(self) -> dict[str, object]:
        """The game, its standings (``totals``, ``rounds``, ``finished``, ``winners``) and each round's
        document; a partnership game adds ``teams``, ``partner_rule``, ``team_totals``, ``team_rounds``
        and ``team_winners``."""
        out = {**self.info.to_json(), **self.standings.to_json(), "current": self.current}
        if self.by_team is not None:
            out.update(self.by_team.to_json())
        rounds = out["rounds"]
        assert isinstance(rounds, list)
        for entry, record in zip(rounds, self.records):
            entry["document"] = record.document
            entry["note"] = record.note
            entry["created"] = record.created
        return out


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def replay(info: GameInfo, records: Sequence[RoundRecord], *, strict: bool = False) -> Standings:
    """Score every stored round once, in order, adding each to the standings of those before it.

    Raises :class:`RoundError` for a round that no longer fits the game (naming the round); with
    ``strict`` (checking an edit) also for a round that would come after the end of the game.
    """
    rules = info.rules
    state = standings(rules, info.players, ())
    for record in records:
        if strict and state.finished:
            raise RoundError(
                f"round {record.seq} would come after the end of game {info.id} "
                f"({' and '.join(state.winners)} won after round {record.seq - 1})"
            )
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


def new_game_fields(
    rules_name: str,
    options: Mapping[str, Any],
    players: Sequence[str] | str,
    name: str = "",
    teams: Teams | None = None,
) -> tuple[Rules, dict[str, Any], tuple[str, ...], str]:
    """Check a new game's input, touching no file: its rules, the options to store, the players
    (the teams' in seating order with ``teams``) and the name. Raises what :meth:`Ledger.new_game` raises."""
    rules = get_rules(rules_name, options)
    scheme = scheme_for(rules)
    if teams is not None:
        if not scheme.uses_hands:
            raise RoundError(f"teams play partnership 101 (--rules 101), not {rules.name}")
        if players and {fold(p) for p in parse_players(players)} != {fold(p) for p in teams.players}:
            raise RoundError("--players and --teams name different players; give only --teams")
        players = teams.players
    names = parse_players(players)
    name = check_name(name, "a game name", max_length=MAX_GAME_NAME)
    base = get_rules(rules.name)
    stored = {k: v for k, v in rules.options.items() if k == "scheme" or getattr(base, k) != v}
    return rules, stored, names, name


class Ledger:
    """A ledger file. Use as a context manager; every write method is one transaction.

    Raises :class:`LedgerError` when the file cannot be used (see :func:`connect`).
    """

    def __init__(self, path: Path, *, create: bool = True, write: bool = True) -> None:
        self.path = path
        self.conn = connect(path, create=create, write=write)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction; SQLite's refusal (a read-only file, a full disk) becomes a
        :class:`LedgerError` saying so (:func:`~okeytool.ledger.database.ledger_failure`)."""
        try:
            with transaction(self.conn) as conn:
                yield conn
        except sqlite3.Error as err:
            raise ledger_failure(err, self.path) from None

    def __enter__(self) -> Ledger:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    # -- games -------------------------------------------------------------------------------

    def new_game(
        self,
        rules_name: str,
        options: Mapping[str, Any],
        players: Sequence[str] | str,
        name: str = "",
        teams: Teams | None = None,
    ) -> GameInfo:
        """Create a game and make it the current one.

        ``options`` are rule options (``scheme`` among them) as text or typed values. With ``teams``
        (a partnership 101 game) the players are the teams' in seating order; ``players`` may be
        empty then, or must name the same players.
        Raises :class:`RulesError` for unknown rules/options or a scheme that does not fit them,
        :class:`RoundError` for bad player names or teams in a game that is not 101.
        """
        rules, stored, names, name = new_game_fields(rules_name, options, players, name, teams)
        created = _now()
        with self._transaction():
            cursor = self.conn.execute(
                "INSERT INTO games (name, rules, options, players, created, teams) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    name.strip(), rules.name, json.dumps(stored, sort_keys=True), json.dumps(list(names)), created,
                    _teams_text(teams),
                ),
            )  # fmt: skip
            game_id = int(cursor.lastrowid or 0)
            self._set_current(game_id)
        return GameInfo(game_id, name.strip(), rules.name, stored, names, created, teams)

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
            "SELECT id, name, rules, options, players, created, teams FROM games WHERE id = ?", (game_id,)
        ).fetchone()
        if row is None:
            raise LedgerError(f"there is no game {game_id} in {self.path} ('okeytool game list' shows the games)")
        teams = Teams.from_json(json.loads(row[6])) if row[6] else None
        return GameInfo(row[0], row[1], row[2], json.loads(row[3]), tuple(json.loads(row[4])), row[5], teams)

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
        stores nothing and a retry does not store the round twice. Every change method has such a
        form (``editing_round``, ``deleting_round``, ``renaming_player``, ``undoing``).

        Raises :class:`LedgerError` when the game is finished or missing; :class:`RoundError` (and the
        other input errors of :func:`read_round`) when the round does not fit or the note holds a
        character that does not show (:func:`check_note`); nothing is stored then.
        """
        document = _document(document)
        note = check_note(note)
        with self._transaction():
            info = self.game(game_id)
            records = self.records(info.id)
            before = replay(info, records)
            if before.finished:
                raise LedgerError(
                    f"game {info.id} is finished ({' and '.join(before.winners)} won); it takes no more rounds: "
                    "start a new one with 'okeytool game new'"
                )
            score = score_for_game(info, info.rules, before, document)
            seq = (records[-1].seq if records else 0) + 1
            self._remember(info, "round", f"round {seq} added")
            record = RoundRecord(seq, document, _now(), note)
            self._insert(info.id, record)
            # The new round's score goes on the standings already replayed: nothing is scored twice.
            yield GameState(info, (*records, record), extended(before, score), info.id == self.current_id())

    def edit_round(
        self, seq: int, document: Mapping[str, Any], game_id: int | None = None, note: str | None = None
    ) -> GameState:
        """Replace round ``seq``'s document (and its note, when given); the totals are recomputed.

        Raises what :meth:`editing_round` raises.
        """
        with self.editing_round(seq, document, game_id, note) as state:
            return state

    @contextmanager
    def editing_round(
        self, seq: int, document: Mapping[str, Any], game_id: int | None = None, note: str | None = None
    ) -> Iterator[GameState]:
        """:meth:`edit_round`, yielding the new state before committing (see :meth:`adding_round`).

        Raises :class:`LedgerError` for a round the game does not have; :class:`RoundError` (and the
        input errors of :func:`read_round`) when the new document, or a later round, no longer fits,
        or for a note :func:`check_note` refuses; nothing is changed then.
        """
        document = _document(document)
        note = None if note is None else check_note(note)
        with self._transaction():
            info = self.game(game_id)
            records = self.records(info.id)
            old = self._record(info, records, seq)
            new = RoundRecord(seq, document, old.created, old.note if note is None else note)
            changed = tuple(new if r.seq == seq else r for r in records)
            standings_ = replay(info, changed, strict=True)
            self._remember(info, "edit", f"round {seq} edited")
            self.conn.execute(
                "UPDATE rounds SET document = ?, note = ? WHERE game_id = ? AND seq = ?",
                (_dumps(document), new.note, info.id, seq),
            )
            yield GameState(info, changed, standings_, info.id == self.current_id())

    def delete_round(self, seq: int, game_id: int | None = None) -> GameState:
        """Remove round ``seq``; the later rounds move up one number. Raises what :meth:`deleting_round` raises."""
        with self.deleting_round(seq, game_id) as state:
            return state

    @contextmanager
    def deleting_round(self, seq: int, game_id: int | None = None) -> Iterator[GameState]:
        """:meth:`delete_round`, yielding the new state before committing (see :meth:`adding_round`).

        Raises :class:`LedgerError` for a round the game does not have; :class:`RoundError` when a
        later round no longer fits without it; nothing is changed then.
        """
        with self._transaction():
            info = self.game(game_id)
            records = self.records(info.id)
            self._record(info, records, seq)
            kept = tuple(
                r if r.seq < seq else RoundRecord(r.seq - 1, r.document, r.created, r.note)
                for r in records
                if r.seq != seq
            )
            standings_ = replay(info, kept, strict=True)
            self._remember(info, "delete", f"round {seq} deleted")
            self.conn.execute("DELETE FROM rounds WHERE game_id = ? AND seq = ?", (info.id, seq))
            # Renumber in two steps so (game_id, seq) stays unique at every row update.
            self.conn.execute("UPDATE rounds SET seq = -seq WHERE game_id = ? AND seq > ?", (info.id, seq))
            self.conn.execute("UPDATE rounds SET seq = -seq - 1 WHERE game_id = ? AND seq < 0", (info.id,))
            yield GameState(info, kept, standings_, info.id == self.current_id())

    def rename_player(self, old: str, new: str, game_id: int | None = None) -> GameState:
        """Call player ``old`` ``new`` in the game and every one of its rounds. Raises what
        :meth:`renaming_player` raises."""
        with self.renaming_player(old, new, game_id) as state:
            return state

    @contextmanager
    def renaming_player(self, old: str, new: str, game_id: int | None = None) -> Iterator[GameState]:
        """:meth:`rename_player`, yielding the new state before committing (see :meth:`adding_round`).

        ``old`` may be given as any player name is matched (case, unique prefix). Raises
        :class:`RoundError` for an unknown or ambiguous ``old`` or a ``new`` name that is not
        allowed or already taken; nothing is changed then.
        """
        with self._transaction():
            info = self.game(game_id)
            old = match_name(old, info.players, "the player to rename")
            players = parse_players([new if p == old else p for p in info.players], known=info.players)
            new = players[info.players.index(old)]
            records = tuple(
                RoundRecord(r.seq, rename_in_document(r.document, old, new), r.created, r.note)
                for r in self.records(info.id)
            )
            teams = info.teams.renamed(old, new) if info.teams else None
            renamed = GameInfo(info.id, info.name, info.rules_name, info.options, players, info.created, teams)
            standings_ = replay(renamed, records, strict=True)
            self._remember(info, "rename", f"{old} renamed {new}")
            self.conn.execute(
                "UPDATE games SET players = ?, teams = ? WHERE id = ?",
                (json.dumps(list(players)), _teams_text(teams), info.id),
            )
            for record in records:
                self.conn.execute(
                    "UPDATE rounds SET document = ? WHERE game_id = ? AND seq = ?",
                    (_dumps(record.document), info.id, record.seq),
                )
            yield GameState(renamed, records, standings_, info.id == self.current_id())

    def undo(self, game_id: int | None = None) -> Change:
        """Take back the last change to the game (a round added, edited or deleted, a rename).

        Raises what :meth:`undoing` raises.
        """
        with self.undoing(game_id) as (change, _state):
            return change

    @contextmanager
    def undoing(self, game_id: int | None = None) -> Iterator[tuple[Change, GameState]]:
        """Take back the last change, yielding it and the game's state after, before committing.

        The game gets back exactly the players, name and rounds it had before the change; the change
        stays in the history, marked undone. A round stored before the ledger kept a history is taken
        back by removing the last round. Raises :class:`LedgerError` when there is nothing to undo.
        """
        with self._transaction():
            info = self.game(game_id)
            row = self.conn.execute(
                "SELECT id, kind, summary, before, created FROM changes "
                "WHERE game_id = ? AND undone IS NULL ORDER BY id DESC LIMIT 1",
                (info.id,),
            ).fetchone()
            records = self.records(info.id)
            if row is not None:
                change = Change(row[0], row[1], row[2], row[4])
                before = json.loads(row[3])
                self._restore(info.id, before)
                self.conn.execute("UPDATE changes SET undone = ? WHERE id = ?", (_now(), change.id))
                change = Change(change.id, change.kind, change.summary, change.created, _round_of(change, records))
            elif records:
                last = records[-1]
                self.conn.execute("DELETE FROM rounds WHERE game_id = ? AND seq = ?", (info.id, last.seq))
                change = Change(0, "round", f"round {last.seq} added", last.created, last)
            else:
                raise LedgerError(f"game {info.id} has no rounds to undo")
            yield change, self.state(info.id)

    def history(self, game_id: int | None = None) -> tuple[Change, ...]:
        """The changes made to the game, oldest first (undone ones included, marked)."""
        info = self.game(game_id)
        rows = self.conn.execute(
            "SELECT id, kind, summary, created, undone FROM changes WHERE game_id = ? ORDER BY id", (info.id,)
        ).fetchall()
        return tuple(Change(r[0], r[1], r[2], r[3], undone=r[4]) for r in rows)

    # -- helpers -----------------------------------------------------------------------------

    def _record(self, info: GameInfo, records: Sequence[RoundRecord], seq: int) -> RoundRecord:
        for record in records:
            if record.seq == seq:
                return record
        rounds = f"rounds 1 to {len(records)}" if records else "no rounds yet"
        raise LedgerError(f"game {info.id} has no round {seq} (it has {rounds})")

    def _insert(self, game_id: int, record: RoundRecord) -> None:
        self.conn.execute(
            "INSERT INTO rounds (game_id, seq, document, created, note) VALUES (?, ?, ?, ?, ?)",
            (game_id, record.seq, _dumps(record.document), record.created, record.note),
        )

    def _remember(self, info: GameInfo, kind: str, summary: str) -> None:
        """Keep the game as it is now in the history, before ``kind`` changes it."""
        rows = self.conn.execute(
            "SELECT seq, document, created, note FROM rounds WHERE game_id = ? ORDER BY seq", (info.id,)
        ).fetchall()
        before = {
            "players": list(info.players), "name": info.name, "teams": _teams_text(info.teams),
            "rounds": [list(row) for row in rows],
        }  # fmt: skip
        self.conn.execute(
            "INSERT INTO changes (game_id, kind, summary, before, created) VALUES (?, ?, ?, ?, ?)",
            (info.id, kind, summary, json.dumps(before, ensure_ascii=False), _now()),
        )

    def _restore(self, game_id: int, before: Mapping[str, Any]) -> None:
        """Put back the players, name and rounds :meth:`_remember` kept (the stored text as it was)."""
        self.conn.execute(
            "UPDATE games SET players = ?, name = ?, teams = ? WHERE id = ?",
            (json.dumps(before["players"]), before["name"], before.get("teams", ""), game_id),
        )
        self.conn.execute("DELETE FROM rounds WHERE game_id = ?", (game_id,))
        for seq, document, created, note in before["rounds"]:
            self.conn.execute(
                "INSERT INTO rounds (game_id, seq, document, created, note) VALUES (?, ?, ?, ?, ?)",
                (game_id, seq, document, created, note),
            )


@dataclass(frozen=True)
class Change:
    """One change in a game's history: ``kind`` is ``round`` (added), ``edit``, ``delete`` or ``rename``.

    ``round`` is the round an undone ``round`` change removed (its record); ``undone`` when it was
    taken back (None while it stands).
    """

    id: int
    kind: str
    summary: str
    created: str
    round: RoundRecord | None = None
    undone: str | None = None

    def to_json(self) -> dict[str, object]:
        """``{"kind", "summary", "created", "undone"}``."""
        return {"kind": self.kind, "summary": self.summary, "created": self.created, "undone": self.undone}


def _round_of(change: Change, records: Sequence[RoundRecord]) -> RoundRecord | None:
    """The round an added-round change stored (the last one), for ``undo`` to report."""
    return records[-1] if change.kind == "round" and records else None


def check_note(note: str) -> str:
    """A round's note as it is stored: normalised (NFC, stripped) like a name. Raises :class:`RoundError`
    for a character that does not show (control, escape, zero-width, bidi) or more than :data:`MAX_NOTE`
    characters.

    >>> check_note(" Deniz left early ")
    'Deniz left early'
    """
    return check_name(note, "a round's note", max_length=MAX_NOTE)


def _document(document: Mapping[str, Any]) -> dict[str, Any]:
    """The document as it will be stored and read back (a JSON object). Raises :class:`RoundError`."""
    if not isinstance(document, Mapping):
        raise RoundError(f"a round document is a JSON object, not {type(document).__name__}")
    loaded: dict[str, Any] = json.loads(_dumps(document))
    return loaded


def _teams_text(teams: Teams | None) -> str:
    """How the teams are stored: JSON, or '' for a game without teams."""
    return json.dumps(teams.to_json(), ensure_ascii=False) if teams else ""


def _dumps(document: Mapping[str, Any]) -> str:
    return json.dumps(dict(document), sort_keys=True, ensure_ascii=False)


def open_ledger(path: Path, *, create: bool = False, write: bool = True) -> Ledger:
    """The ledger at ``path``: created only with ``create``, opened read-only without ``write``.

    Raises :class:`LedgerError` (see :func:`~okeytool.ledger.database.connect`), ``OSError``.
    """
    try:
        return Ledger(path, create=create, write=write)
    except sqlite3.Error as err:
        raise ledger_failure(err, path) from None
