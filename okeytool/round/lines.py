"""Events from text: what ``okeytool round VERB ARGS`` and a ``round live`` line say.

Verbs and their short forms: ``draw``/``d TILE``, ``take``/``k TILE``, ``throw``/``t TILE``,
``seen``/``s TILES``, ``table``/``m MELDS`` (101, Rummikub), ``open``/``o MELDS`` (101),
``lay``/``l TILES`` (Rummikub), ``lay``/``l TILE MELD`` (101: a lay-off on table meld MELD),
``gosterme``/``g`` (showing the indicator's twin). Tiles are parsed with the round's rules (ranges
wrap where the rules do); ``J`` is the okey in okey profiles.

In a round followed for the whole table an event may name its seat (``seat``; a ``round live``
line starts with it: ``2 t R5``). Another seat's draw has no tile (``2 d``: it is not seen), and a
take needs none (``3 k``: it is the previous seat's throw). An event without a seat is the player's.

>>> from okeytool.round.events import Start
>>> from okeytool.round.state import start_state
>>> from okeytool.parse.notation import parse_tiles, parse_tile
>>> state = start_state(Start("classic", {}, parse_tile("R4"), parse_tiles("R1-3 B5-7 K9-11 Y1-4 K1")))
>>> event_from_text(state, "d", "K5")
Draw(tile=Tile.parse('K5'))
>>> table = start_state(Start("classic", {}, parse_tile("R4"), parse_tiles("R1-3 B5-7 K9-11 Y1-4 K1"), seat=1))
>>> event_from_text(table, "d", "", seat=2)
StockDraw(seat=2)
>>> seat_of("2"), seat_of("t")
(2, None)
"""

from __future__ import annotations

from okeytool.errors import InputError
from okeytool.parse.notation import parse_melds, parse_tile, parse_tiles
from okeytool.round.events import (
    Draw,
    Event,
    EventError,
    Lay,
    LayOff,
    Open,
    Seen,
    Show,
    StockDraw,
    TableMelds,
    Take,
    Throw,
)
from okeytool.round.state import RoundState, other_seat
from okeytool.solver.games import game_of
from okeytool.tiles import Tile

#: Every event verb a line may use, with its short forms.
SHORT = {"d": "draw", "k": "take", "t": "throw", "s": "seen", "m": "table", "o": "open", "l": "lay", "g": "gosterme"}
EVENT_VERBS = ("draw", "take", "throw", "seen", "table", "open", "lay", "gosterme")
#: The verbs of the table as a whole, which no seat makes.
SEATLESS = ("seen", "table")


def seat_of(word: str) -> int | None:
    """The seat a ``round live`` line starts with (a number), or None when it starts with a verb."""
    return int(word) if word.isascii() and word.isdigit() and len(word) <= 3 else None


def verb_of(word: str) -> str | None:
    """The full verb of a word or its short form, or None."""
    word = word.lower()
    if word in EVENT_VERBS:
        return word
    return SHORT.get(word)


def _tile(full: str, text: str) -> Tile:
    try:
        return parse_tile(text.strip())
    except InputError as err:
        raise type(err)(f"{full}: {err}") from None


def event_from_text(state: RoundState, verb: str, text: str, *, seat: int | None = None) -> Event:
    """The event ``verb`` with its argument text, made by ``seat`` (None: the player).

    Raises :class:`EventError` for an unknown verb, a missing argument, a seat in a round that
    follows the player's hand only, an unknown seat, or a seat on an event no seat makes;
    :class:`NotationError` for bad tiles.
    """
    full = verb_of(verb)
    if full is None:
        raise EventError(f"unknown event {verb!r} (one of {', '.join(EVENT_VERBS)})")
    if seat is not None and full in SEATLESS:
        raise EventError(f"{full} is not a seat's event: enter it without a seat")
    other = other_seat(state, seat)  # the seat, checked; None for the player's own
    wrap = state.deal.rules.wrap
    seats = state.seats
    if full == "gosterme":
        if text.strip():
            raise EventError("gosterme takes nothing: the shown tile is the indicator's twin")
        return Show(other)
    if full == "draw" and other is not None:
        if text.strip():
            raise EventError(f"seat {other}'s draw is not seen: enter it without a tile ({other} d)")
        return StockDraw(other)
    if full == "take" and seats is not None and not text.strip():
        _, tile = seats.take(seats.seat if other is None else other)  # the previous throw, or why there is none
        return Take(tile, other)
    if not text.strip():
        raise EventError(f"{full} needs {'melds' if full in ('table', 'open') else 'tiles'}")
    if full in ("draw", "take", "throw"):
        tile = _tile(full, text)
        return Draw(tile) if full == "draw" else Take(tile, other) if full == "take" else Throw(tile, other)
    if full in ("table", "open"):
        melds = parse_melds(text, wrap=wrap)
        return TableMelds(melds) if full == "table" else Open(melds, other)
    if full == "lay" and game_of(state.deal.rules).opens:
        return _lay_off(text, other)
    if other is not None:
        raise EventError(f"lay (from the rack) is the player's own event in {state.deal.rules.name}")
    tiles = parse_tiles(text, wrap=wrap)
    return Seen(tiles) if full == "seen" else Lay(tiles)


def _lay_off(text: str, seat: int | None) -> LayOff:
    """101's ``lay TILE MELD``: a lay-off of one tile on the table meld numbered MELD (from 1)."""
    words = text.split()
    if len(words) != 2 or not (words[1].isascii() and words[1].isdigit()) or len(words[1]) > 3:
        raise EventError(
            f"a lay-off is 'lay TILE MELD', one tile and the table meld's number, e.g. 'lay R4 2'; got {text.strip()!r}"
        )
    return LayOff(_tile("lay", words[0]), int(words[1]), seat)
