"""Melds already on the table and lay-offs onto them (işlemek, rules.md 5.1 and 5.5).

A table meld is given as its tiles, in the order written. A real okey on the table keeps the meaning
it was laid with (rules.md 5.1): the order written fixes it, read by
:func:`okeytool.solver.melds.table.read_meld` as in the Rummikub plays (``R5 R6 J`` is R5-R6-R7, so R4 and
R8 fit and R3 does not; R7 does not either: there is no joker exchange in 101, rules.md section 8).
In a set the okey stands for a missing colour of the number, so a tile of any missing colour joins
while the set has room. A tile that could be laid off is an *işler taş*: discarding it costs 101.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from okeytool.deal import Deal
from okeytool.solver.melds.result import Meld
from okeytool.solver.melds.table import read_table_meld, set_open_faces
from okeytool.solver.melds.validator import faces_meld_kind
from okeytool.tiles import ALL_FACES, Tile, format_tiles

SET_MAX = 4


@dataclass(frozen=True)
class TableMeld:
    """One meld on the table: its tiles (as held, in the order given) and its one reading.

    ``meld``: the faces the tiles stand for, wilds fixed by the order written (:mod:`okeytool.solver.melds.table`).
    """

    tiles: tuple[Tile, ...]
    meld: Meld

    def accepts(self, deal: Deal, tile: Tile) -> bool:
        """True if ``tile`` can be laid off on this meld, every wild keeping its meaning. Raises nothing.

        Run: the faces read plus the tile's face form a longer run. Set: the tile is of the set's
        number in a colour no plain tile holds, and the set has room (its wilds take the colours
        still missing).
        """
        faces = _candidate_faces(deal, tile)
        if self.meld.kind == "set":
            open_faces = set_open_faces(deal, self.meld)
            return len(self.meld.placements) < SET_MAX and any(face in open_faces for face in faces)
        stood = [p.as_ for p in self.meld.placements]
        return any(faces_meld_kind([*stood, face], deal.rules.wrap) == "run" for face in faces)

    def __str__(self) -> str:
        return format_tiles(self.tiles, sort=False)

    def to_json(self) -> list[str]:
        """The meld's tiles as canonical strings, in the order given."""
        return [str(t) for t in self.tiles]


def _candidate_faces(deal: Deal, tile: Tile) -> tuple[Tile, ...]:
    """The faces a tile can stand for: its own (F: the okey face), or any face for a wild."""
    face = deal.plays_as(tile)
    return ALL_FACES if face is None else (face,)


def table_meld(deal: Deal, tiles: Sequence[Tile], number: int = 1) -> TableMeld:
    """A table meld from its tiles (as held, in the order written).

    Raises :class:`InputError` naming the meld if it is not a valid set or run.
    """
    return TableMeld(tuple(tiles), read_table_meld(deal, tiles, number))


def table_melds(deal: Deal, melds: Iterable[Sequence[Tile]]) -> tuple[TableMeld, ...]:
    """Table melds numbered from 1. Raises :class:`InputError` for the first invalid one."""
    return tuple(table_meld(deal, tiles, number) for number, tiles in enumerate(melds, start=1))


@dataclass(frozen=True)
class LayOff:
    """A tile of the hand that can be laid off, and the table melds (numbered from 1) that take it."""

    tile: Tile
    melds: tuple[int, ...]

    def to_json(self) -> dict[str, object]:
        """``{"tile": "R4", "melds": [1]}``."""
        return {"tile": str(self.tile), "melds": list(self.melds)}


def lay_offs(deal: Deal, hand: Iterable[Tile], table: Sequence[TableMeld]) -> tuple[LayOff, ...]:
    """Each distinct tile of ``hand`` that can be laid off on ``table``, in canonical tile order.

    One tile at a time, on the table as it is (a tile that fits only after another lay-off is not listed).
    """
    out = []
    for tile in sorted(set(hand)):
        melds = tuple(n for n, meld in enumerate(table, start=1) if meld.accepts(deal, tile))
        if melds:
            out.append(LayOff(tile, melds))
    return tuple(out)


def isler_tiles(deal: Deal, hand: Iterable[Tile], table: Sequence[TableMeld]) -> tuple[Tile, ...]:
    """The işler taş of the hand: distinct tiles that could be laid off on a table meld."""
    return tuple(lay.tile for lay in lay_offs(deal, hand, table))
