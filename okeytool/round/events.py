"""The events of a round followed as it is played: small frozen values with one JSON form each.

A round is its list of events; the state is rebuilt from them (:mod:`okeytool.round.state`).

* ``start``: rules (profile and options), indicator, the dealt tiles (14 or 15; 21 or 22 in 101;
  a Rummikub rack);
* ``draw TILE`` (from the stock), ``take TILE`` (the previous player's discard), ``throw TILE``;
* ``seen TILES``: other players' discards and shown tiles;
* ``table MELDS`` (101, Rummikub): the melds the others have laid (in Rummikub the whole table);
* ``open MELDS`` (101): one's own opening, laid from the hand; ``lay TILES`` (Rummikub): tiles laid
  from the rack;
* ``end``: the winner (a name, or none) and the finish kind.

>>> event = Draw(Tile.parse("K5"))
>>> event.to_json()
{'event': 'draw', 'tile': 'K5'}
>>> event_from_json({'event': 'draw', 'tile': 'K5'}) == event
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from okeytool.errors import InputError
from okeytool.parse.notation import parse_tile, parse_tiles
from okeytool.tiles import Tile


class EventError(InputError):
    """An event that cannot be read (a JSON line that is not an event) or cannot happen in the round."""


def _tiles(values: Sequence[Tile]) -> list[str]:
    return [str(t) for t in values]


@dataclass(frozen=True)
class Start:
    """The deal: rules profile and options, indicator (None in Rummikub), the dealt tiles as held."""

    rules: str
    options: Mapping[str, Any] = field(hash=False)
    indicator: Tile | None
    tiles: tuple[Tile, ...]
    verb = "start"

    def to_json(self) -> dict[str, object]:
        """``{"event": "start", "rules", "options", "indicator", "tiles"}``."""
        return {"event": "start", "rules": self.rules, "options": dict(self.options),
                "indicator": str(self.indicator) if self.indicator else None, "tiles": _tiles(self.tiles)}  # fmt: skip


@dataclass(frozen=True)
class Draw:
    """The player drew ``tile`` from the stock."""

    tile: Tile
    verb = "draw"

    def to_json(self) -> dict[str, object]:
        """``{"event": "draw", "tile": "K5"}``."""
        return {"event": self.verb, "tile": str(self.tile)}


@dataclass(frozen=True)
class Take:
    """The player took the previous player's discard ``tile``."""

    tile: Tile
    verb = "take"

    def to_json(self) -> dict[str, object]:
        """``{"event": "take", "tile": "Y7"}``."""
        return {"event": self.verb, "tile": str(self.tile)}


@dataclass(frozen=True)
class Throw:
    """The player threw ``tile``."""

    tile: Tile
    verb = "throw"

    def to_json(self) -> dict[str, object]:
        """``{"event": "throw", "tile": "B2"}``."""
        return {"event": self.verb, "tile": str(self.tile)}


@dataclass(frozen=True)
class Seen:
    """Tiles seen out of play: other players' discards, shown tiles."""

    tiles: tuple[Tile, ...]
    verb = "seen"

    def to_json(self) -> dict[str, object]:
        """``{"event": "seen", "tiles": ["Y7", "K9"]}``."""
        return {"event": self.verb, "tiles": _tiles(self.tiles)}


@dataclass(frozen=True)
class TableMelds:
    """The melds others have laid (101: added to the table; Rummikub: the whole table, replacing it)."""

    melds: tuple[tuple[Tile, ...], ...]
    verb = "table"

    def to_json(self) -> dict[str, object]:
        """``{"event": "table", "melds": [["R1", "R2", "R3"], ...]}``."""
        return {"event": self.verb, "melds": [_tiles(m) for m in self.melds]}


@dataclass(frozen=True)
class Open:
    """101: the player laid these melds from his hand (his opening, or more melds once opened)."""

    melds: tuple[tuple[Tile, ...], ...]
    verb = "open"

    def to_json(self) -> dict[str, object]:
        """``{"event": "open", "melds": [["K11", "K12", "K13"], ...]}``."""
        return {"event": self.verb, "melds": [_tiles(m) for m in self.melds]}


@dataclass(frozen=True)
class Lay:
    """Rummikub: the player laid these tiles from his rack onto the table."""

    tiles: tuple[Tile, ...]
    verb = "lay"

    def to_json(self) -> dict[str, object]:
        """``{"event": "lay", "tiles": ["R4", "K7"]}``."""
        return {"event": self.verb, "tiles": _tiles(self.tiles)}


@dataclass(frozen=True)
class End:
    """The round ended: ``winner`` (a player's name, None for a null round) and the finish kind."""

    winner: str | None
    finish: str
    verb = "end"

    def to_json(self) -> dict[str, object]:
        """``{"event": "end", "winner": "Ali", "finish": "okey"}``."""
        return {"event": self.verb, "winner": self.winner, "finish": self.finish}


Event = Start | Draw | Take | Throw | Seen | TableMelds | Open | Lay | End
VERBS = ("start", "draw", "take", "throw", "seen", "table", "open", "lay", "end")


def _field(document: Mapping[str, Any], key: str, kind: type) -> Any:
    value = document.get(key)
    if not isinstance(value, kind):
        raise EventError(f'a {document.get("event")} event needs "{key}" as {kind.__name__}, got {value!r}')
    return value


def _tile_list(document: Mapping[str, Any], key: str) -> tuple[Tile, ...]:
    values = _field(document, key, list)
    if not all(isinstance(v, str) for v in values):
        raise EventError(f'"{key}" must be a list of tiles as text, got {values!r}')
    return parse_tiles(" ".join(values), wrap=False)


def _melds(document: Mapping[str, Any]) -> tuple[tuple[Tile, ...], ...]:
    values = _field(document, "melds", list)
    melds = []
    for meld in values:
        if not isinstance(meld, list) or not all(isinstance(v, str) for v in meld):
            raise EventError(f'"melds" must be lists of tiles as text, got {meld!r}')
        melds.append(tuple(parse_tile(v) for v in meld))
    return tuple(melds)


def event_from_json(document: Any) -> Event:
    """The event of its JSON form (:meth:`to_json` of each event).

    Raises :class:`EventError` for an unknown event or a missing / malformed field, and
    :class:`NotationError` for a bad tile.
    """
    if not isinstance(document, Mapping):
        raise EventError(f"an event is a JSON object, not {type(document).__name__}")
    verb = document.get("event")
    if verb == "start":
        options = document.get("options") or {}
        if not isinstance(options, Mapping):
            raise EventError(f'"options" must be an object, got {options!r}')
        indicator = document.get("indicator")
        if indicator is not None and not isinstance(indicator, str):
            raise EventError(f'"indicator" must be a tile as text or null, got {indicator!r}')
        return Start(_field(document, "rules", str), dict(options),
                     parse_tile(indicator) if indicator else None, _tile_list(document, "tiles"))  # fmt: skip
    if verb in ("draw", "take", "throw"):
        tile = parse_tile(_field(document, "tile", str))
        return Draw(tile) if verb == "draw" else Take(tile) if verb == "take" else Throw(tile)
    if verb == "seen":
        return Seen(_tile_list(document, "tiles"))
    if verb == "lay":
        return Lay(_tile_list(document, "tiles"))
    if verb == "table":
        return TableMelds(_melds(document))
    if verb == "open":
        return Open(_melds(document))
    if verb == "end":
        winner = document.get("winner")
        if winner is not None and not isinstance(winner, str):
            raise EventError(f'"winner" must be a name or null, got {winner!r}')
        return End(winner, _field(document, "finish", str))
    raise EventError(f"unknown event {verb!r} (one of {', '.join(VERBS)})")


def describe(event: Event) -> str:
    """The event as a person would say it: ``draw K5``, ``seen Y7 K9``, ``table R1 R2 R3; K7 B7 Y7``."""
    if isinstance(event, Start):
        return f"start {event.rules} {event.indicator or ''} {' '.join(map(str, event.tiles))}".replace("  ", " ")
    if isinstance(event, Draw | Take | Throw):
        return f"{event.verb} {event.tile}"
    if isinstance(event, Seen | Lay):
        return f"{event.verb} {' '.join(map(str, event.tiles))}"
    if isinstance(event, TableMelds | Open):
        return f"{event.verb} " + "; ".join(" ".join(map(str, m)) for m in event.melds)
    return f"end {event.winner or '-'} {event.finish}"
