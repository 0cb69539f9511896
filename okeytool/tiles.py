"""Tiles: the value type, its canonical text form, and the solver's count-vector index table.

Two representations are used, and this module is the only place that defines how they map:

* :class:`Tile` objects for people and APIs. The canonical text is ``R5`` (colour letter and number),
  ``F`` (false joker) or ``J`` (joker / wild written without a face).
* A fixed-length count vector for the solvers. The index of a numbered face is
  ``colour * 13 + (number - 1)``: R1..R13 are 0..12, B1..B13 13..25, K1..K13 26..38, Y1..Y13 39..51.
  Index 52 is ``F`` and index 53 is ``J``. :data:`FACE_COUNT` (52) numbered faces, :data:`VECTOR_SIZE` (54).

Ordering tiles by index is the canonical order: by colour (R, B, K, Y), then number, F and J last.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum

from okeytool.errors import NotationError, quoted


class Colour(IntEnum):
    """The four tile colours. No colour outranks another; the order is only for display."""

    RED = 0
    BLUE = 1
    BLACK = 2
    YELLOW = 3

    @property
    def letter(self) -> str:
        """The one-letter code used in notation: ``R``, ``B``, ``K`` or ``Y``."""
        return COLOUR_LETTERS[self]


COLOUR_LETTERS = "RBKY"
NUMBERS = range(1, 14)
FACE_COUNT = 52
FALSE_JOKER_INDEX = 52
JOKER_INDEX = 53
VECTOR_SIZE = 54
COPIES_PER_FACE = 2
EXTRA_TILES = 2
#: Wild tiles in a game: the two real okeys, or the two printed jokers.
MAX_WILDS = 2


#: Numbers a colour has (13): the stride of the index table.
NUMBERS_PER_COLOUR = 13
#: Every numbered face as a bit mask over the count-vector indices 0..51.
ALL_FACES_MASK = (1 << FACE_COUNT) - 1


def face_index(colour: int, number: int) -> int:
    """The count-vector index of a numbered face.

    >>> face_index(Colour.BLUE, 1)
    13
    """
    return colour * NUMBERS_PER_COLOUR + (number - 1)


def index_number(index: int) -> int:
    """The number (1..13) of the numbered face at a count-vector index.

    >>> index_number(13)
    1
    """
    return index % NUMBERS_PER_COLOUR + 1


def index_colour(index: int) -> int:
    """The colour (0..3) of the numbered face at a count-vector index.

    >>> index_colour(13)
    1
    """
    return index // NUMBERS_PER_COLOUR


def colour_indices(colour: int) -> range:
    """The count-vector indices of one colour's faces, 1 to 13.

    >>> list(colour_indices(1))[:2]
    [13, 14]
    """
    return range(colour * NUMBERS_PER_COLOUR, (colour + 1) * NUMBERS_PER_COLOUR)


@dataclass(frozen=True, slots=True)
class Tile:
    """One tile face: a numbered face, the false joker ``F`` or the joker ``J``.

    Identical physical copies are equal. ``Tile.parse(str(t)) == t`` for every tile. The value type
    reads only its own canonical text; everything else a player may write (colour names, ranges, set
    shorthand) is read by :mod:`okeytool.parse.notation`, which builds on this module.

    >>> Tile.face(Colour.RED, 5)
    Tile.parse('R5')
    >>> Tile.parse('b12').number
    12
    """

    index: int

    def __post_init__(self) -> None:
        if not 0 <= self.index < VECTOR_SIZE:
            raise ValueError(f"tile index out of range: {self.index}")

    # Equality and order by index, as the dataclass would generate them, written out because tiles
    # are compared in every analysis's inner loops (the generated methods build a tuple a call).
    def __eq__(self, other: object) -> bool:
        if other.__class__ is Tile:
            return self.index == other.index
        return NotImplemented

    def __lt__(self, other: Tile) -> bool:
        if other.__class__ is Tile:
            return self.index < other.index
        return NotImplemented

    def __le__(self, other: Tile) -> bool:
        if other.__class__ is Tile:
            return self.index <= other.index
        return NotImplemented

    def __gt__(self, other: Tile) -> bool:
        if other.__class__ is Tile:
            return self.index > other.index
        return NotImplemented

    def __ge__(self, other: Tile) -> bool:
        if other.__class__ is Tile:
            return self.index >= other.index
        return NotImplemented

    @classmethod
    def face(cls, colour: int, number: int) -> Tile:
        """The numbered tile of ``colour`` and ``number`` (1..13). Raises ``ValueError`` otherwise."""
        if not 0 <= colour < 4 or number not in NUMBERS:
            raise ValueError(f"no such tile: colour {colour}, number {number}")
        return cls(face_index(colour, number))

    @classmethod
    def parse(cls, text: str) -> Tile:
        """The tile whose canonical text is ``text`` (``R5``, ``F``, ``J``; letters in either case).

        The inverse of ``str``. Raises :class:`NotationError` for any other text, colour names and
        ranges included (:func:`okeytool.parse.notation.parse_tile` reads those).
        """
        tile = _BY_TEXT.get(text.upper()) if text.isascii() else None
        if tile is None:
            raise NotationError(f"not a tile in canonical form (R5, F or J): {quoted(text)}")
        return tile

    @property
    def is_face(self) -> bool:
        """True for a numbered tile (not ``F`` or ``J``)."""
        return self.index < FACE_COUNT

    @property
    def is_false_joker(self) -> bool:
        """True for ``F``, the false joker (sahte okey)."""
        return self.index == FALSE_JOKER_INDEX

    @property
    def is_joker(self) -> bool:
        """True for ``J``, a wild written without a face."""
        return self.index == JOKER_INDEX

    @property
    def colour(self) -> Colour:
        """The colour of a numbered tile. Raises ``ValueError`` for F and J."""
        if not self.is_face:
            raise ValueError(f"{self} has no colour")
        return Colour(index_colour(self.index))

    @property
    def number(self) -> int:
        """The number (1..13) of a numbered tile. Raises ``ValueError`` for F and J."""
        if not self.is_face:
            raise ValueError(f"{self} has no number")
        return index_number(self.index)

    def successor(self) -> Tile:
        """The next number in the same colour, 13 followed by 1 (how the okey follows the indicator)."""
        return Tile.face(self.colour, self.number % NUMBERS_PER_COLOUR + 1)

    def __str__(self) -> str:
        if self.index == FALSE_JOKER_INDEX:
            return "F"
        if self.index == JOKER_INDEX:
            return "J"
        return f"{COLOUR_LETTERS[index_colour(self.index)]}{index_number(self.index)}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"


_BY_TEXT: dict[str, Tile] = {str(t): t for t in map(Tile, range(VECTOR_SIZE))}
FALSE_JOKER = Tile(FALSE_JOKER_INDEX)
JOKER = Tile(JOKER_INDEX)
ALL_FACES: tuple[Tile, ...] = tuple(Tile(i) for i in range(FACE_COUNT))
#: Every tile, by index: the faces, then ``F`` and ``J``.
ALL_TILES: tuple[Tile, ...] = (*ALL_FACES, FALSE_JOKER, JOKER)


def format_tiles(tiles: Iterable[Tile], *, sort: bool = True) -> str:
    """Canonical text of several tiles, space separated (sorted unless ``sort=False``).

    >>> format_tiles([Tile.parse('K3'), Tile.parse('F'), Tile.parse('R1')])
    'R1 K3 F'
    """
    seq = sorted(tiles) if sort else list(tiles)
    return " ".join(str(t) for t in seq)
