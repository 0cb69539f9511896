"""Turning solver output (pieces as face tuples) into laid-out melds with the tiles held."""

from __future__ import annotations

from collections.abc import Sequence

from okeytool.deal import Deal
from okeytool.solver.melds.result import Meld, Placement
from okeytool.solver.melds.validator import faces_meld_kind
from okeytool.tiles import Tile


def lay_pieces(deal: Deal, counts: Sequence[int], pieces: Sequence[Sequence[int]]) -> tuple[Meld, ...]:
    """Melds from pieces: each slot takes a plain tile of the hand where one is left (``counts``, the
    plain faces to place), else a wild standing for the slot's face. Adjacent runs of one colour are
    joined into one run, as a player would lay them."""
    left = list(counts)
    wild = deal.wild_tile()
    melds = []
    for piece in _join_runs(deal, pieces):
        placements = []
        for face in piece:
            as_ = Tile(face)
            if left[face] > 0:
                left[face] -= 1
                placements.append(Placement(deal.tile_for_face(as_), as_))
            else:
                placements.append(Placement(wild, as_))
        kind = faces_meld_kind([p.as_ for p in placements], deal.rules.wrap)
        lone = sum(p.tile != wild for p in placements) == 1
        if kind == "set" and deal.rules.lone_tile_run and lone and len(placements) == 3:
            placements, kind = _as_run(placements, wild), "run"
        melds.append(Meld("set" if kind == "set" else "run", tuple(placements)))
    return tuple(melds)


def _as_run(placements: Sequence[Placement], wild: Tile) -> list[Placement]:
    """One tile with two wilds laid as the run it must be where such a meld is never a set."""
    tile = next(p.as_ for p in placements if p.tile != wild)
    start = min(tile.number, 11)
    faces = [Tile.face(tile.colour, n) for n in range(start, start + 3)]
    return [Placement(tile, face) if face == tile else Placement(wild, face) for face in faces]


def _join_runs(deal: Deal, pieces: Sequence[Sequence[int]]) -> list[tuple[int, ...]]:
    """Pieces in a stable order with runs that continue each other joined (R1-3 + R4-6 → R1-6)."""
    ordered = sorted(tuple(p) for p in pieces)
    out: list[tuple[int, ...]] = []
    for piece in ordered:
        for k, prev in enumerate(out):
            joined = (*prev, *piece)
            if (
                faces_meld_kind([Tile(f) for f in prev], deal.rules.wrap) == "run"
                and faces_meld_kind([Tile(f) for f in piece], deal.rules.wrap) == "run"
                and _follows(prev[-1], piece[0])
                and faces_meld_kind([Tile(f) for f in joined], deal.rules.wrap) == "run"
            ):
                out[k] = joined
                break
        else:
            out.append(piece)
    return out


def _follows(a: int, b: int) -> bool:
    """True if face b is the next number after face a in the same colour (13 → 1 included)."""
    return a // 13 == b // 13 and (b - a == 1 or (a % 13 == 12 and b % 13 == 0))
