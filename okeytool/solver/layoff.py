"""Melds already on the table and lay-offs onto them (işlemek, rules.md 5.1 and 5.5).

A table meld is given as its tiles. A real okey on the table keeps the meaning it was laid with
(rules.md 5.1); when the tiles alone do not say which tile it stands for (``R5 R6 J`` is R4-6 or
R5-7), every reading that makes the meld valid is kept, and a tile counts as layable when some
reading accepts it. A tile that could be laid off is an *işler taş*: discarding it costs 101.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product

from okeytool.deal import Deal
from okeytool.errors import InputError
from okeytool.solver.validator import faces_meld_kind
from okeytool.tiles import ALL_FACES, Tile, format_tiles


@dataclass(frozen=True)
class TableMeld:
    """One meld on the table: its tiles (as held, in the order given) and the faces it may stand for.

    ``readings``: every tuple of faces (one per tile, wilds resolved) that is a valid set or run.
    """

    tiles: tuple[Tile, ...]
    readings: tuple[tuple[Tile, ...], ...]

    def accepts(self, deal: Deal, tile: Tile) -> bool:
        """True if ``tile`` can be laid off on this meld (some reading stays valid with it added)."""
        faces = _candidate_faces(deal, tile)
        wrap = deal.rules.wrap
        return any(faces_meld_kind([*reading, face], wrap) is not None for reading in self.readings for face in faces)

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
    """A table meld from its tiles (as held). Raises :class:`InputError` if no reading is a valid meld."""
    plain = [deal.plays_as(t) for t in tiles]
    known = [f for f in plain if f is not None]
    wilds = [k for k, f in enumerate(plain) if f is None]
    shown = format_tiles(tiles, sort=False)
    if len(wilds) > deal.rules.max_wilds:
        raise InputError(f"table meld {number} ({shown}) holds more than {deal.rules.max_wilds} wilds")
    # A wild in a set stands for another colour of the number, in a run for another number of the colour.
    near = sorted({f for f in ALL_FACES for k in known if f.number == k.number or f.colour == k.colour})
    readings = set()
    for choice in product(near, repeat=len(wilds)):
        faces = list(plain)
        for k, face in zip(wilds, choice):
            faces[k] = face
        if faces_meld_kind(faces, deal.rules.wrap) is not None:  # type: ignore[arg-type]
            readings.add(tuple(faces))
    if not readings:
        raise InputError(f"table meld {number} ({shown}) is not a valid set or run")
    return TableMeld(tuple(tiles), tuple(sorted(readings)))  # type: ignore[arg-type]


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
