"""The deal: a rules profile together with the round's indicator, and what follows from it.

In okey profiles the indicator (gösterge) decides the okey: same colour, next number, 13 → 1.
Both copies of the okey face are wild ("real okeys"); a false joker ``F`` is never wild and plays
as a plain tile of the okey's face. In the Rummikub profile ``J`` is wild and there is no indicator.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from okeytool.errors import InputError, SupplyError
from okeytool.rules import Rules
from okeytool.tiles import ALL_TILES, COPIES_PER_FACE, FACE_COUNT, FALSE_JOKER, JOKER, Tile


@dataclass(frozen=True)
class SolverHand:
    """A hand in the solvers' form: plain counts per numbered face (length 52) and a wild count.

    False jokers are already counted as their face; real okeys / jokers only in ``wilds``.
    """

    counts: tuple[int, ...]
    wilds: int

    @property
    def size(self) -> int:
        """Number of tiles, wilds included."""
        return sum(self.counts) + self.wilds

    def without(self, face: Tile | None) -> SolverHand:
        """The hand less one tile that plays as plain ``face`` (None: less a wild)."""
        if face is None:
            return SolverHand(self.counts, self.wilds - 1)
        counts = list(self.counts)
        counts[face.index] -= 1
        return SolverHand(tuple(counts), self.wilds)


@dataclass(frozen=True)
class Deal:
    """Rules plus the indicator. Raises :class:`InputError` if they do not fit together."""

    rules: Rules
    indicator: Tile | None = None
    okey: Tile | None = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        okey = self.indicator.successor() if self.indicator is not None and self.indicator.is_face else None
        object.__setattr__(self, "okey", okey)  # the okey face (wild), or None without an indicator
        if self.rules.has_indicator:
            if self.indicator is None:
                raise InputError(f"the {self.rules.name} rules need an indicator (--indicator, e.g. -i R4)")
            if not self.indicator.is_face:
                raise InputError(f"the indicator must be a numbered tile, not {self.indicator}")
        elif self.indicator is not None:
            raise InputError(f"the {self.rules.name} rules have no indicator (got {self.indicator})")

    @classmethod
    def from_okey(cls, rules: Rules, okey: Tile) -> Deal:
        """The deal whose okey is ``okey`` (the indicator is the number before it, 1 → 13)."""
        if not okey.is_face:
            raise InputError(f"the okey must be a numbered tile, not {okey}")
        number = okey.number - 1 or 13
        return cls(rules, Tile.face(okey.colour, number))

    def is_wild(self, tile: Tile) -> bool:
        """True for a wild tile: a real okey in okey profiles, ``J`` in Rummikub."""
        okey = self.okey  # set exactly where the rules have an indicator (checked when made)
        if okey is not None:
            return tile.index == okey.index
        return tile.is_joker

    def plays_as(self, tile: Tile) -> Tile | None:
        """The face a non-wild tile plays as (``F`` → the okey face); None for a wild."""
        if self.is_wild(tile):
            return None
        if tile.is_false_joker:
            return self.okey
        return tile

    def resolve(self, tiles: Iterable[Tile]) -> tuple[Tile, ...]:
        """Input tiles as they are held: in okey profiles a written ``J`` becomes the okey face.

        Raises :class:`SupplyError` for tiles that do not exist in this profile (F in Rummikub).
        """
        out = []
        okey = self.okey
        for tile in tiles:
            if tile.is_joker and okey is not None:
                out.append(okey)
            elif tile.is_false_joker and okey is None:
                raise SupplyError(f"there is no false joker (F) in the {self.rules.name} rules; a joker is J")
            else:
                out.append(tile)
        return tuple(out)

    def supply(self, face: Tile) -> int:
        """Plain (non-wild) copies of a face that exist outside the indicator.

        2 for most faces, 1 for the indicator's face, 2 for the okey face (the two false jokers).
        """
        if face == self.indicator:
            return COPIES_PER_FACE - 1
        return COPIES_PER_FACE

    def supply_vector(self) -> tuple[int, ...]:
        """:meth:`supply` for every numbered face, by count-vector index."""
        return self._supply_vector

    @cached_property
    def _supply_vector(self) -> tuple[int, ...]:
        supply = [COPIES_PER_FACE] * FACE_COUNT  # every face but the indicator's (:meth:`supply`)
        if self.indicator is not None and self.indicator.is_face:
            supply[self.indicator.index] = self.supply(self.indicator)
        return tuple(supply)

    def solver_hand(self, tiles: Sequence[Tile]) -> SolverHand:
        """The hand's solver form: plain face counts (F as the okey face) and the wild count."""
        counts = [0] * FACE_COUNT
        wilds = 0
        face_of = self.face_index
        for tile in tiles:
            face = face_of[tile.index]
            if face < 0:
                wilds += 1
            else:
                counts[face] += 1
        return SolverHand(tuple(counts), wilds)

    @cached_property
    def face_index(self) -> tuple[int, ...]:
        """:meth:`plays_as` of every tile as a face index (-1: a wild), by tile index."""
        faces = map(self.plays_as, ALL_TILES)
        return tuple(-1 if face is None else face.index for face in faces)

    def tile_for_face(self, face: Tile) -> Tile:
        """The tile a player holds that plays as plain ``face`` (the okey face is held as ``F``)."""
        return FALSE_JOKER if face == self.okey else face

    def wild_tile(self) -> Tile:
        """How a wild tile is written in this profile's output (the okey face, or ``J``)."""
        return self.okey if self.okey is not None else JOKER
