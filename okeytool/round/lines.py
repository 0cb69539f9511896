"""Events from text: what ``okeytool round VERB ARGS`` and a ``round live`` line say.

Verbs and their short forms: ``draw``/``d TILE``, ``take``/``k TILE``, ``throw``/``t TILE``,
``seen``/``s TILES``, ``table``/``m MELDS`` (101, Rummikub), ``open``/``o MELDS`` (101),
``lay``/``l TILES`` (Rummikub). Tiles are parsed with the round's rules (ranges wrap where the
rules do); ``J`` is the okey in okey profiles.

>>> from okeytool.round.events import Start
>>> from okeytool.round.state import start_state
>>> from okeytool.parse.notation import parse_tiles, parse_tile
>>> state = start_state(Start("classic", {}, parse_tile("R4"), parse_tiles("R1-3 B5-7 K9-11 Y1-4 K1")))
>>> event_from_text(state, "d", "K5")
Draw(tile=Tile.parse('K5'))
"""

from __future__ import annotations

from okeytool.errors import InputError
from okeytool.parse.notation import parse_melds, parse_tile, parse_tiles
from okeytool.round.events import Draw, Event, EventError, Lay, Open, Seen, TableMelds, Take, Throw
from okeytool.round.state import RoundState

#: Every event verb a line may use, with its short forms.
SHORT = {"d": "draw", "k": "take", "t": "throw", "s": "seen", "m": "table", "o": "open", "l": "lay"}
EVENT_VERBS = ("draw", "take", "throw", "seen", "table", "open", "lay")


def verb_of(word: str) -> str | None:
    """The full verb of a word or its short form, or None."""
    word = word.lower()
    if word in EVENT_VERBS:
        return word
    return SHORT.get(word)


def event_from_text(state: RoundState, verb: str, text: str) -> Event:
    """The event ``verb`` with its argument text. Raises :class:`EventError` for an unknown verb or
    a missing argument, :class:`NotationError` for bad tiles."""
    full = verb_of(verb)
    if full is None:
        raise EventError(f"unknown event {verb!r} (one of {', '.join(EVENT_VERBS)})")
    wrap = state.deal.rules.wrap
    if not text.strip():
        raise EventError(f"{full} needs {'melds' if full in ('table', 'open') else 'tiles'}")
    if full in ("draw", "take", "throw"):
        try:
            tile = parse_tile(text.strip())
        except InputError as err:
            raise type(err)(f"{full}: {err}") from None
        return Draw(tile) if full == "draw" else Take(tile) if full == "take" else Throw(tile)
    if full in ("table", "open"):
        melds = parse_melds(text, wrap=wrap)
        return TableMelds(melds) if full == "table" else Open(melds)
    tiles = parse_tiles(text, wrap=wrap)
    return Seen(tiles) if full == "seen" else Lay(tiles)
