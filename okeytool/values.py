"""What tiles left in a hand are worth, in the profiles that count them.

* Rummikub (rules.md section 6): a rack counts its numbers, a joker 30.
* Okey 101 (rules.md 5.6): P counts the numbers, a false joker the okey's number, a real okey 101.
"""

from __future__ import annotations

from collections.abc import Sequence

from okeytool.deal import Deal
from okeytool.tiles import Tile

JOKER_VALUE = 30
REAL_OKEY_VALUE = 101


def rack_value(tiles: Sequence[Tile]) -> int:
    """The value of a Rummikub rack: the numbers, a joker counting 30.

    >>> from okeytool.parse.notation import parse_tiles
    >>> rack_value(parse_tiles("R5 J K13"))
    48
    """
    return sum(JOKER_VALUE if t.is_joker else t.number for t in tiles)


def tile_value(deal: Deal, tile: Tile) -> int:
    """A held 101 tile's value: its number; F the okey's number; a real okey 101."""
    face = deal.plays_as(tile)
    return REAL_OKEY_VALUE if face is None else face.number


def hand_value(deal: Deal, tiles: Sequence[Tile]) -> int:
    """P: the sum of :func:`tile_value` over the tiles still held.

    >>> from okeytool.rules import get_rules
    >>> deal = Deal(get_rules("101"), Tile.parse("B1"))
    >>> hand_value(deal, [Tile.parse("R3"), Tile.parse("K9"), Tile.parse("Y12")])
    24
    """
    return sum(tile_value(deal, t) for t in tiles)
