"""The events of a round followed as it is played: small frozen values with one JSON form each.

A round is its list of events; the state is rebuilt from them (:mod:`okeytool.round.state`).

* ``start``: rules (profile and options), indicator, the dealt tiles (14 or 15; 21 or 22 in 101;
  a Rummikub rack); for a round followed for the whole table also the player's own ``seat`` and
  the ``starter``'s (seats 0-3 in the order of play, rules.md 3.5);
* ``draw TILE`` (from the stock), ``take TILE`` (the previous player's discard), ``throw TILE``;
* ``seen TILES``: other players' discards and shown tiles;
* ``table MELDS`` (101, Rummikub): the melds the others have laid (in Rummikub the whole table);
* ``open MELDS`` (101): one's own opening, laid from the hand; ``lay TILES`` (Rummikub): tiles laid
  from the rack;
* ``gosterme``: showing the indicator's twin (rules.md 3.3);
* ``lay TILE MELD`` (101): a lay-off (işlemek) of one tile on the table meld numbered MELD;
* ``end``: the winner (a name, or none) and the finish kind.

In a round followed for the whole table the events of the other seats carry their ``seat``:
``take``, ``throw``, ``open``, ``lay`` (a lay-off) and ``gosterme`` as above, and a draw from the
stock as :class:`StockDraw` (``{"event": "draw", "seat": 2}``: the tile is not seen). An event
without a seat, or with the player's own, is the player's.

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


def _with_seat(document: dict[str, object], seat: int | None) -> dict[str, object]:
    """The event's JSON with its ``seat`` (none for the player's own event)."""
    if seat is not None:
        document["seat"] = seat
    return document


@dataclass(frozen=True)
class Start:
    """The deal: rules profile and options, indicator (None in Rummikub), the dealt tiles as held.

    ``seat``: the player's own seat when the round follows the whole table (None: the player's
    hand only); ``starter``: the seat that starts (holding one tile more; None: worked out from
    the hand, see :func:`okeytool.round.seats.default_starter`).
    """

    rules: str
    options: Mapping[str, Any] = field(hash=False)
    indicator: Tile | None
    tiles: tuple[Tile, ...]
    seat: int | None = None
    starter: int | None = None
    verb = "start"

    def to_json(self) -> dict[str, object]:
        """``{"event": "start", "rules", "options", "indicator", "tiles"}`` (and ``"seat"``,
        ``"starter"`` for a round followed for the whole table)."""
        document: dict[str, object] = {
            "event": "start", "rules": self.rules, "options": dict(self.options),
            "indicator": str(self.indicator) if self.indicator else None, "tiles": _tiles(self.tiles),
        }  # fmt: skip
        if self.seat is not None:
            document["seat"] = self.seat
        if self.starter is not None:
            document["starter"] = self.starter
        return document


@dataclass(frozen=True)
class Draw:
    """The player drew ``tile`` from the stock."""

    tile: Tile
    verb = "draw"

    def to_json(self) -> dict[str, object]:
        """``{"event": "draw", "tile": "K5"}``."""
        return {"event": self.verb, "tile": str(self.tile)}


@dataclass(frozen=True)
class StockDraw:
    """Another ``seat`` drew from the stock (the tile is not seen)."""

    seat: int
    verb = "draw"

    def to_json(self) -> dict[str, object]:
        """``{"event": "draw", "seat": 2}``."""
        return {"event": self.verb, "seat": self.seat}


@dataclass(frozen=True)
class Take:
    """The player (or ``seat``) took the previous player's discard ``tile``."""

    tile: Tile
    seat: int | None = None
    verb = "take"

    def to_json(self) -> dict[str, object]:
        """``{"event": "take", "tile": "Y7"}`` (``"seat": 3`` for another seat's take)."""
        return _with_seat({"event": self.verb, "tile": str(self.tile)}, self.seat)


@dataclass(frozen=True)
class Throw:
    """The player (or ``seat``) threw ``tile``."""

    tile: Tile
    seat: int | None = None
    verb = "throw"

    def to_json(self) -> dict[str, object]:
        """``{"event": "throw", "tile": "B2"}`` (``"seat": 3`` for another seat's throw)."""
        return _with_seat({"event": self.verb, "tile": str(self.tile)}, self.seat)


@dataclass(frozen=True)
class Show:
    """Gösterme (rules.md 3.3): the player (or ``seat``) showed the indicator's twin."""

    seat: int | None = None
    verb = "gosterme"

    def to_json(self) -> dict[str, object]:
        """``{"event": "gosterme"}`` (``"seat": 1`` for another seat's)."""
        return _with_seat({"event": self.verb}, self.seat)


@dataclass(frozen=True)
class LayOff:
    """101: the player (or ``seat``) laid ``tile`` off on the table meld numbered ``meld`` (from 1,
    in the order the round shows the table: the others' melds, then the player's own)."""

    tile: Tile
    meld: int
    seat: int | None = None
    verb = "lay"

    def to_json(self) -> dict[str, object]:
        """``{"event": "lay", "tile": "R4", "meld": 2}`` (``"seat": 3`` for another seat's)."""
        return _with_seat({"event": self.verb, "tile": str(self.tile), "meld": self.meld}, self.seat)


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
    """101: the player (or ``seat``) laid these melds from his hand (his opening, or more melds once opened)."""

    melds: tuple[tuple[Tile, ...], ...]
    seat: int | None = None
    verb = "open"

    def to_json(self) -> dict[str, object]:
        """``{"event": "open", "melds": [["K11", "K12", "K13"], ...]}`` (``"seat"`` for another seat's)."""
        return _with_seat({"event": self.verb, "melds": [_tiles(m) for m in self.melds]}, self.seat)


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


Event = Start | Draw | StockDraw | Take | Throw | Show | Seen | TableMelds | Open | Lay | LayOff | End
VERBS = ("start", "draw", "take", "throw", "seen", "table", "open", "lay", "gosterme", "end")


def event_seat(event: Event) -> int | None:
    """The seat an event names (None: the player's own event, or an event of no seat)."""
    if isinstance(event, StockDraw | Take | Throw | Show | LayOff | Open):
        return event.seat
    return None


def _field(document: Mapping[str, Any], key: str, kind: type) -> Any:
    value = document.get(key)
    if not isinstance(value, kind):
        raise EventError(f'a {document.get("event")} event needs "{key}" as {kind.__name__}, got {value!r}')
    return value


def _seat(document: Mapping[str, Any], key: str = "seat") -> int | None:
    value = document.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise EventError(f'"{key}" must be a seat number (0-3), got {value!r}')
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
        return Start(_field(document, "rules", str), dict(options), parse_tile(indicator) if indicator else None,
                     _tile_list(document, "tiles"), _seat(document), _seat(document, "starter"))  # fmt: skip
    seat = _seat(document)
    if verb == "draw" and seat is not None and "tile" not in document:
        return StockDraw(seat)
    if verb in ("draw", "take", "throw"):
        tile = parse_tile(_field(document, "tile", str))
        if verb == "draw":
            if seat is not None:
                raise EventError("another seat's draw is not seen: a draw with a seat has no tile")
            return Draw(tile)
        return Take(tile, seat) if verb == "take" else Throw(tile, seat)
    if verb == "gosterme":
        return Show(seat)
    if verb == "seen":
        return Seen(_tile_list(document, "tiles"))
    if verb == "lay" and "meld" in document:
        meld = document.get("meld")
        if isinstance(meld, bool) or not isinstance(meld, int):
            raise EventError(f'"meld" must be a table meld number (from 1), got {meld!r}')
        return LayOff(parse_tile(_field(document, "tile", str)), meld, seat)
    if verb == "lay":
        return Lay(_tile_list(document, "tiles"))
    if verb == "table":
        return TableMelds(_melds(document))
    if verb == "open":
        return Open(_melds(document), seat)
    if verb == "end":
        winner = document.get("winner")
        if winner is not None and not isinstance(winner, str):
            raise EventError(f'"winner" must be a name or null, got {winner!r}')
        return End(winner, _field(document, "finish", str))
    raise EventError(f"unknown event {verb!r} (one of {', '.join(VERBS)})")


def describe(event: Event) -> str:
    """The event as a person would say it: ``draw K5``, ``seen Y7 K9``, ``table R1 R2 R3; K7 B7 Y7``;
    another seat's event after its seat, ``seat 2 throw R5``, ``seat 3 draw``."""
    seat = event_seat(event)
    who = "" if seat is None else f"seat {seat} "
    if isinstance(event, Start):
        return f"start {event.rules} {event.indicator or ''} {' '.join(map(str, event.tiles))}".replace("  ", " ")
    if isinstance(event, Draw | Take | Throw):
        return f"{who}{event.verb} {event.tile}"
    if isinstance(event, StockDraw | Show):
        return f"{who}{event.verb}"
    if isinstance(event, LayOff):
        return f"{who}lay {event.tile} on meld {event.meld}"
    if isinstance(event, Seen | Lay):
        return f"{event.verb} {' '.join(map(str, event.tiles))}"
    if isinstance(event, TableMelds | Open):
        return f"{who}{event.verb} " + "; ".join(" ".join(map(str, m)) for m in event.melds)
    return f"end {event.winner or '-'} {event.finish}"
