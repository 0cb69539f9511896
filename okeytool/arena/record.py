"""An arena record read back: the games of each deal, as the run that wrote it played them.

The record (``okeytool arena --record FILE``) holds every event; the outcome of a game is its ``end``
event, the chances its seats reported are on their ``throw`` events. Reading a record back gives the
same games, so a run's summary can be worked out again from its record alone, or from the first
deals of a record that was stopped early (only deals whose four games are all there are given).
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from okeytool.arena.run import GAMES_PER_DEAL, GameRecord
from okeytool.arena.table import Played
from okeytool.errors import InputError


def _lines(path: Path) -> Iterator[str]:
    opened: IO[str]
    try:
        if path.suffix.lower() == ".gz":
            opened = gzip.open(path, "rt", encoding="utf-8")
        else:
            opened = open(path, encoding="utf-8")  # noqa: SIM115
    except OSError as err:
        raise InputError(f"cannot read the record {str(path)!r}: {err.strerror or err}") from None
    with opened:
        try:
            yield from opened
        except (EOFError, gzip.BadGzipFile):
            return  # a record cut off while it was written: the deals before the cut are whole


def _played(events: list[dict[str, Any]]) -> Played:
    end = events[-1]
    chances = tuple(
        (int(e["seat"]), float(e["chance"])) for e in events if e["event"] in ("throw", "win") and "chance" in e
    )
    forfeit = end.get("seat") if end.get("finish") == "forfeit" else None
    return Played(tuple(events), end["winner"], end["finish"], tuple(end["scores"]), forfeit, chances)


def read_record(path: Path) -> Iterator[list[GameRecord]]:
    """The games of each whole deal in the record at ``path`` (gzip when it ends in ``.gz``), in the
    order written. Raises :class:`InputError` for a file that cannot be read or is not a record."""
    games: list[GameRecord] = []
    events: list[dict[str, Any]] = []
    for number, line in enumerate(_lines(path), 1):
        try:
            event = json.loads(line)
        except ValueError:
            if line.endswith("\n"):
                raise InputError(f"{path}: line {number} is not JSON") from None
            break  # the last line, cut off
        if not isinstance(event, dict) or "event" not in event:
            raise InputError(f"{path}: line {number} is not an event")
        if event["event"] == "deal":
            events = []
        events.append(event)
        if event["event"] == "end":
            head = events[0]
            if head.get("event") != "deal":
                raise InputError(f"{path}: line {number} ends a game that did not start with a deal")
            if games and games[0].deal != head["deal"]:
                if len(games) == GAMES_PER_DEAL:
                    yield games
                games = []
            games.append(GameRecord(int(head["deal"]), int(head["game"]), _played(events)))
    if len(games) == GAMES_PER_DEAL:
        yield games


def find_game(path: Path, deal: int, game: int) -> GameRecord:
    """Game ``game`` (the challenger's seat) of deal ``deal`` in the record at ``path``. Raises
    :class:`InputError` when the record cannot be read or does not hold that game (naming the deals
    it holds)."""
    if not 0 <= game < GAMES_PER_DEAL:
        raise InputError(f"--game is the challenger's seat, 0 to {GAMES_PER_DEAL - 1}, not {game}")
    first = last = None
    for games in read_record(path):
        number = games[0].deal
        first = number if first is None else first
        last = number
        if number == deal:
            for found in games:
                if found.game == game:
                    return found
    held = "no whole deal" if first is None else f"deals {first} to {last}"
    raise InputError(f"{path}: no game {game} of deal {deal} (the record holds {held})")
