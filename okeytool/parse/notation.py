"""Tile notation (cli.md): tokens, colour names, ranges, set shorthand, and the words players use.

Strict: every token becomes tiles or raises :class:`NotationError` naming the token, its position
(1-based) and the problem. Nothing is guessed or dropped. Letters and colour names are read in any
case and with or without the Turkish letters (``SİYAH5``, ``KIRMIZI5``, ``MAVI9``, ``Sari2``: words
are compared as :func:`okeytool.user_text.fold` compares them; dotted and dotless i are one letter).
Besides ``F`` and ``J``, a false joker may be written ``sahte`` or ``false`` (also ``sahte okey``,
one tile) and a real okey ``okey``; a range may repeat its colour (``R1-R4``).

>>> from okeytool.tiles import format_tiles
>>> format_tiles(parse_tiles("rot5, B3-5 RBK7 F"))
'R5 R7 B3 B4 B5 B7 K7 F'
>>> format_tiles(parse_tiles("K12-1", wrap=True))
'K1 K12 K13'
>>> format_tiles(parse_tiles("SİYAH5 Kırmızı1-Kırmızı3 okey sahte"))
'R1 R2 R3 K5 F J'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from okeytool.errors import NotationError, quoted
from okeytool.tiles import FALSE_JOKER, JOKER, NUMBERS, Colour, Tile
from okeytool.user_text import fold

#: Colour names in English, German and Turkish (and the aliases of some physical sets), as written.
COLOUR_NAMES: dict[str, Colour] = {
    "red": Colour.RED, "rot": Colour.RED, "kirmizi": Colour.RED, "kırmızı": Colour.RED,
    "blue": Colour.BLUE, "blau": Colour.BLUE, "mavi": Colour.BLUE,
    "green": Colour.BLUE, "grün": Colour.BLUE, "gruen": Colour.BLUE,
    "black": Colour.BLACK, "schwarz": Colour.BLACK, "siyah": Colour.BLACK,
    "yellow": Colour.YELLOW, "gelb": Colour.YELLOW, "sari": Colour.YELLOW, "sarı": Colour.YELLOW,
    "orange": Colour.YELLOW,
}  # fmt: skip
LETTERS: dict[str, Colour] = {c.letter.lower(): c for c in Colour}
#: Words for the two extra tiles (cli.md ``F`` and ``J``), as players say them: ``sahte okey`` (false
#: okey) is the false joker's full name, one tile; ``okey`` alone is a real okey.
TILE_WORDS: dict[str, Tile] = {
    "f": FALSE_JOKER, "sahte": FALSE_JOKER, "false": FALSE_JOKER, "sahte okey": FALSE_JOKER, "false okey": FALSE_JOKER,
    "j": JOKER, "okey": JOKER,
}  # fmt: skip
_FALSE_JOKER_FIRST_WORDS = ("sahte", "false")

_BY_NAME: dict[str, Colour] = {fold(name): colour for name, colour in COLOUR_NAMES.items()}
_TOKEN = re.compile(r"^(?P<colour>[^\W\d_]*)(?P<number>[0-9]*)(?:-(?P<end_colour>[^\W\d_]*)(?P<end>[0-9]*))?$")
_SEPARATORS = re.compile(r"([\s,]+)")
_EXPECTED = "expected a tile like R5, a range like R3-6, a set like RBK7, F or J"


def tokens(text: str | Iterable[str]) -> list[str]:
    """Split input (one string or several arguments) into tokens at spaces and commas.

    ``sahte okey`` (and ``false okey``), the false joker's full name, stays one token when only spaces
    part the two words.

    >>> tokens("R5, sahte okey  okey,K2")
    ['R5', 'sahte okey', 'okey', 'K2']
    """
    joined = text if isinstance(text, str) else " ".join(text)
    pieces = _SEPARATORS.split(joined.strip())  # tokens at even places, their separators between
    out: list[str] = []
    k = 0
    while k < len(pieces):
        token = pieces[k]
        if (
            k + 2 < len(pieces)
            and fold(token) in _FALSE_JOKER_FIRST_WORDS
            and "," not in pieces[k + 1]
            and fold(pieces[k + 2]) == "okey"
        ):
            token = f"{token} {pieces[k + 2]}"
            k += 2
        if token:
            out.append(token)
        k += 2
    return out


def parse_tiles(text: str | Iterable[str], *, wrap: bool = False) -> tuple[Tile, ...]:
    """Every tile written in ``text``, in the order written (ranges and sets expanded).

    ``wrap`` allows ranges such as ``K12-1`` (profiles whose runs wrap), from :data:`WRAP_FROM` up;
    a range that goes down (``R3-1``, ``R6-3``) is refused by name.
    Raises :class:`NotationError` for any token that is not valid notation.
    """
    result: list[Tile] = []
    for position, token in enumerate(tokens(text), start=1):
        result.extend(_parse_token(token, position, wrap))
    return tuple(result)


def parse_tile(token: str) -> Tile:
    """Exactly one tile (``R5``, ``red5``, ``sahte``, ``F``, ``J``). Raises :class:`NotationError`."""
    tiles = parse_tiles(token)
    if not tiles:
        raise NotationError(f"expected one tile, got {quoted(token)}")
    if len(tiles) != 1:
        raise NotationError(f"expected one tile, got {quoted(token)} ({len(tiles)} tiles)")
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
            raise NotationError(f"empty meld {number} in {quoted(text, 60)}")
        try:
            melds.append(parse_tiles(part, wrap=wrap))
        except NotationError as err:
            raise NotationError(f"meld {number}: {err}") from None
    return tuple(melds)


def _where(token: str, position: int) -> str:
    return f"in {quoted(token)} (token {position})"


def _parse_token(token: str, position: int, wrap: bool) -> list[Tile]:
    word = TILE_WORDS.get(" ".join(fold(token).split()))
    if word is not None:
        return [word]
    written = token if token.isascii() else unicodedata.normalize("NFC", token).replace("i\u0307", "i")
    match = _TOKEN.match(written)
    if match is None:
        raise NotationError(f"cannot read {quoted(token)} (token {position}): {_EXPECTED}")
    colours = _colours(match["colour"], token, position)
    number = _number(match["number"], token, position)
    if match["end"] is None:
        return [Tile.face(colour, number) for colour in colours]
    if len(colours) != 1:
        raise NotationError(f"a range takes one colour {_where(token, position)}")
    if match["end_colour"] and _colours(match["end_colour"], token, position) != colours:
        raise NotationError(f"a range stays in one colour {_where(token, position)}")
    end = _number(match["end"], token, position)
    return [Tile.face(colours[0], n) for n in _range(colours[0], number, end, wrap, token, position)]


def _colours(written: str, token: str, position: int) -> list[Colour]:
    if not written:
        raise NotationError(f"missing colour {_where(token, position)}: {_EXPECTED}")
    text = fold(written)
    if text in _BY_NAME:
        return [_BY_NAME[text]]
    if len(text) == 1 and text in LETTERS:
        return [LETTERS[text]]
    if all(ch in LETTERS for ch in text):
        if len(set(text)) != len(text):
            raise NotationError(f"a set names each colour once {_where(token, position)}")
        return sorted(LETTERS[ch] for ch in text)
    shown = written.upper() if len(written) == 1 else written
    raise NotationError(f"unknown colour {quoted(shown)} {_where(token, position)}")


def _number(text: str, token: str, position: int) -> int:
    if not text:
        raise NotationError(f"missing number {_where(token, position)}")
    if len(text) > 2:  # also keeps int() from refusing thousands of digits with its own error
        shown = text if len(text) <= 4 else text[:4] + "…"
        raise NotationError(f"number {shown} is not 1-13 {_where(token, position)}")
    value = int(text)
    if value not in NUMBERS:
        raise NotationError(f"number {value} is not 1-13 {_where(token, position)}")
    return value


#: The lowest start of a range that wraps past 13 to 1 (``K10-1``: K10 K11 K12 K13 K1). A wrapping
#: range is the short run at the end of a row that a hand holds (3 to 5 tiles); ``R3-1`` is a
#: typing slip for R1-3, not the 12 tiles R3..R13 R1 (written ``R3-13 R1`` when meant).
WRAP_FROM = 10


def _range(colour: Colour, start: int, end: int, wrap: bool, token: str, position: int) -> list[int]:
    """The numbers of a range: up from ``start`` to ``end``, or (``wrap``) past 13 to 1 from
    :data:`WRAP_FROM` or higher. Raises :class:`NotationError` naming the token otherwise."""
    if end > start:
        return list(range(start, end + 1))
    if end == 1 and start >= WRAP_FROM:
        if not wrap:
            raise NotationError(f"range wraps past 13, not allowed in these rules {_where(token, position)}")
        return [*range(start, NUMBERS[-1] + 1), 1]
    if end == start:
        raise NotationError(f"a range needs two numbers {_where(token, position)}: write {colour.letter}{start}")
    hint = ""
    if wrap and end == 1:
        starts = ", ".join(f"{colour.letter}{n}-1" for n in range(WRAP_FROM, NUMBERS[-1] + 1))
        hint = f" (only {starts} wrap past 13; a longer run is {colour.letter}{start}-13 {colour.letter}1)"
    raise NotationError(
        f"range goes down from {start} to {end} {_where(token, position)}: write {colour.letter}{end}-{start}{hint}"
    )
