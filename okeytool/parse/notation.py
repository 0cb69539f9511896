"""Tile notation (cli.md): tokens, colour names, ranges, set shorthand.

Strict: every token becomes tiles or raises :class:`NotationError` naming the token, its position
(1-based) and the problem. Nothing is guessed or dropped.

>>> from okeytool.tiles import format_tiles
>>> format_tiles(parse_tiles("rot5, B3-5 RBK7 F"))
'R5 R7 B3 B4 B5 B7 K7 F'
>>> format_tiles(parse_tiles("K12-1", wrap=True))
'K1 K12 K13'
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from okeytool.errors import NotationError
from okeytool.tiles import FALSE_JOKER, JOKER, NUMBERS, Colour, Tile

#: Colour names in English, German and Turkish (and the aliases of some physical sets).
COLOUR_NAMES: dict[str, Colour] = {
    "red": Colour.RED, "rot": Colour.RED, "kirmizi": Colour.RED, "kırmızı": Colour.RED,
    "blue": Colour.BLUE, "blau": Colour.BLUE, "mavi": Colour.BLUE,
    "green": Colour.BLUE, "grün": Colour.BLUE, "gruen": Colour.BLUE,
    "black": Colour.BLACK, "schwarz": Colour.BLACK, "siyah": Colour.BLACK,
    "yellow": Colour.YELLOW, "gelb": Colour.YELLOW, "sari": Colour.YELLOW, "sarı": Colour.YELLOW,
    "orange": Colour.YELLOW,
}  # fmt: skip
LETTERS: dict[str, Colour] = {c.letter.lower(): c for c in Colour}

_TOKEN = re.compile(r"^(?P<colour>[^\W\d_]*)(?P<number>[0-9]*)(?:-(?P<end>[0-9]*))?$")
_SEPARATORS = re.compile(r"[\s,]+")
_EXPECTED = "expected a tile like R5, a range like R3-6, a set like RBK7, F or J"


def tokens(text: str | Iterable[str]) -> list[str]:
    """Split input (one string or several arguments) into tokens at spaces and commas."""
    joined = text if isinstance(text, str) else " ".join(text)
    return [t for t in _SEPARATORS.split(joined.strip()) if t]


def parse_tiles(text: str | Iterable[str], *, wrap: bool = False) -> tuple[Tile, ...]:
    """Every tile written in ``text``, in the order written (ranges and sets expanded).

    ``wrap`` allows ranges such as ``K12-1`` (profiles whose runs wrap).
    Raises :class:`NotationError` for any token that is not valid notation.
    """
    result: list[Tile] = []
    for position, token in enumerate(tokens(text), start=1):
        result.extend(_parse_token(token, position, wrap))
    return tuple(result)


def parse_tile(token: str) -> Tile:
    """Exactly one tile (``R5``, ``red5``, ``F``, ``J``). Raises :class:`NotationError`."""
    parts = tokens(token)
    if len(parts) != 1:
        raise NotationError(f"expected one tile, got {token!r}")
    tiles = _parse_token(parts[0], 1, wrap=False)
    if len(tiles) != 1:
        raise NotationError(f"expected one tile, got {token!r} ({len(tiles)} tiles)")
    return tiles[0]


def parse_melds(text: str, *, wrap: bool = False) -> tuple[tuple[Tile, ...], ...]:
    """Melds separated by ``;`` (``"R1-3; K7 B7 Y7"``), each as its tiles in the order written.

    Raises :class:`NotationError` for bad tokens or an empty meld between separators.
    """
    melds = []
    parts = text.split(";")
    for number, part in enumerate(parts, start=1):
        if not part.strip():
            if len(parts) > 1 and number == len(parts):
                continue  # a trailing ';'
            raise NotationError(f"empty meld {number} in {text!r}")
        try:
            melds.append(parse_tiles(part, wrap=wrap))
        except NotationError as err:
            raise NotationError(f"meld {number}: {err}") from None
    return tuple(melds)


def _where(token: str, position: int) -> str:
    return f"in {token!r} (token {position})"


def _parse_token(token: str, position: int, wrap: bool) -> list[Tile]:
    lowered = token.casefold()
    if lowered == "f":
        return [FALSE_JOKER]
    if lowered == "j":
        return [JOKER]
    match = _TOKEN.match(lowered)
    if match is None:
        raise NotationError(f"cannot read {token!r} (token {position}): {_EXPECTED}")
    colours = _colours(match["colour"], token, position)
    number = _number(match["number"], token, position)
    if match["end"] is None:
        return [Tile.face(colour, number) for colour in colours]
    if len(colours) != 1:
        raise NotationError(f"a range takes one colour {_where(token, position)}")
    end = _number(match["end"], token, position)
    return [Tile.face(colours[0], n) for n in _range(number, end, wrap, token, position)]


def _colours(text: str, token: str, position: int) -> list[Colour]:
    if not text:
        raise NotationError(f"missing colour {_where(token, position)}: {_EXPECTED}")
    if text in COLOUR_NAMES:
        return [COLOUR_NAMES[text]]
    if len(text) == 1 and text in LETTERS:
        return [LETTERS[text]]
    if all(ch in LETTERS for ch in text):
        if len(set(text)) != len(text):
            raise NotationError(f"a set names each colour once {_where(token, position)}")
        return sorted(LETTERS[ch] for ch in text)
    shown = text.upper() if len(text) == 1 else text
    raise NotationError(f"unknown colour {shown!r} {_where(token, position)}")


def _number(text: str, token: str, position: int) -> int:
    if not text:
        raise NotationError(f"missing number {_where(token, position)}")
    if len(text) > 2:  # also keeps int() from refusing thousands of digits with its own error
        raise NotationError(f"number {text} is not 1-13 {_where(token, position)}")
    value = int(text)
    if value not in NUMBERS:
        raise NotationError(f"number {value} is not 1-13 {_where(token, position)}")
    return value


def _range(start: int, end: int, wrap: bool, token: str, position: int) -> list[int]:
    if end > start:
        return list(range(start, end + 1))
    if end == 1 and start > 1:
        if not wrap:
            raise NotationError(f"range wraps past 13, not allowed in these rules {_where(token, position)}")
        return [*range(start, 14), 1]
    raise NotationError(f"range must go up (or wrap to 1) {_where(token, position)}")
