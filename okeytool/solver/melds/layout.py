"""Turning solver output (pieces as face tuples) into laid-out melds with the tiles held.

The two layout steps every game shares live here, once: :func:`join_runs` (adjacent runs of one
colour laid as one run) and :func:`lone_tile_run` (one number tile with two wilds laid as a run).
"""

from __future__ import annotations

from collections.abc import Sequence

from okeytool.deal import Deal
from okeytool.solver.melds.result import Meld, Placement
from okeytool.solver.melds.validator import faces_meld_kind
from okeytool.tiles import NUMBERS_PER_COLOUR, Tile, index_colour, index_number


def lay_pieces(deal: Deal, counts: Sequence[int], pieces: Sequence[Sequence[int]]) -> tuple[Meld, ...]:
    """Melds from pieces: each slot takes a plain tile of the hand where one is left (``counts``, the
    plain faces to place), else a wild standing for the slot's face. Adjacent runs of one colour are
    joined into one run, as a player would lay them."""
    left = list(counts)
    wild = deal.wild_tile()
    melds = []
    for piece in join_runs(pieces, deal.rules.wrap):
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
            placements, kind = lone_tile_run(placements, wild), "run"
        melds.append(Meld("set" if kind == "set" else "run", tuple(placements)))
    return tuple(melds)


def lone_tile_run(placements: Sequence[Placement], wild: Tile, *, around: bool = False) -> list[Placement]:
    """A set of one number tile and two wilds laid as the run it is where such a meld is never a set.

    The run starts at the tile (n, n+1, n+2) or, with ``around``, is centred on it (n-1, n, n+1:
    worth what the set of three n would be), in both cases kept within 1..13 (1-2-3 for a 1,
    11-12-13 for a 13). The wilds stand for the two other faces, in number order. Any other meld is
    returned unchanged. Raises nothing.
    """
    plain = [p for p in placements if p.tile != wild]
    if len(placements) != 3 or len(plain) != 1 or len({p.as_.number for p in placements}) != 1:
        return list(placements)
    tile = plain[0].as_
    start = min(max(tile.number - 1, 1) if around else tile.number, NUMBERS_PER_COLOUR - 2)
    faces = [Tile.face(tile.colour, n) for n in range(start, start + 3)]
    return [Placement(plain[0].tile, face) if face == tile else Placement(wild, face) for face in faces]


def join_runs(pieces: Sequence[Sequence[int]], wrap: bool) -> list[tuple[int, ...]]:
    """Pieces (faces) in a stable order with runs that continue each other joined (R1-3 + R4-6 →
    R1-6; with ``wrap`` R11-13 + R1-3 too). Raises nothing."""
    out: list[tuple[int, ...]] = []
    for piece in sorted(tuple(p) for p in pieces):
        for k, prev in enumerate(out):
            joined = (*prev, *piece)
            if _is_run(prev, wrap) and _is_run(piece, wrap) and _follows(prev[-1], piece[0]) and _is_run(joined, wrap):
                out[k] = joined
                break
        else:
            out.append(piece)
    return out


def _is_run(faces: Sequence[int], wrap: bool) -> bool:
    return faces_meld_kind([Tile(f) for f in faces], wrap) == "run"


def _follows(a: int, b: int) -> bool:
    """True if face b is the next number after face a in the same colour (13 → 1 included)."""
    if index_colour(a) != index_colour(b):
        return False
    return index_number(b) == index_number(a) + 1 or (index_number(a) == NUMBERS_PER_COLOUR and index_number(b) == 1)
