"""Taking the previous player's discard in 101 (rules.md 5.1).

A player may draw the previous player's last discard instead of a stock tile, but must use it at
once: before he has opened, it must be part of his opening; after, it must be laid this turn (in a
new meld or laid off on a table meld). :func:`take_discard` answers whether taking it works and how.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from okeytool.deal import Deal, SolverHand
from okeytool.errors import HandSizeError
from okeytool.parse.supply import check_supply
from okeytool.solver.melds.result import Meld, Placement
from okeytool.solver.melds.validator import faces_meld_kind
from okeytool.solver.okey101.layoffs import TableMeld
from okeytool.solver.okey101.opening import (
    NO_OPENING,
    Opening,
    opening_search,
    require_opening_rules,
)
from okeytool.solver.okey101.search import OpeningLayout, Piece
from okeytool.tiles import Tile


@dataclass(frozen=True)
class TakeDiscard:
    """What taking ``tile`` allows: the best opening that lays it (before opening), or whether it can
    be laid this turn (after opening: in a new meld, ``opening``, or laid off, ``lay_off``)."""

    tile: Tile
    opened: bool
    opening: Opening
    open_points: int
    lay_off: bool

    @property
    def can_open(self) -> bool:
        """Before opening: the opening that lays the taken tile reaches the threshold."""
        return self.opening.points >= self.open_points

    @property
    def usable(self) -> bool:
        """True if the rules let the player take the tile: he can use it at once as they require."""
        if self.opened:
            return self.lay_off or bool(self.opening.melds)
        return self.can_open

    def to_json(self) -> dict[str, object]:
        """``{"tile", "usable", "points", "can_open", "melds", "lay_off"}``."""
        return {
            "tile": str(self.tile),
            "usable": self.usable,
            "points": self.opening.points,
            "can_open": self.can_open,
            "melds": [m.to_json() for m in self.opening.melds],
            "lay_off": self.lay_off,
        }


def take_discard(
    deal: Deal, tiles: Sequence[Tile], tile: Tile, *, table: Sequence[TableMeld] = (), opened: bool = False
) -> TakeDiscard:
    """Can the player take ``tile`` (the previous discard) with ``tiles`` in hand, and how?

    Raises :class:`InputError` for rules without openings, :class:`HandSizeError` for a hand that
    would pass 22 tiles, :class:`SupplyError` when hand, taken tile and table break the supply.
    """
    require_opening_rules(deal, "taking a discard")
    after = (*tiles, tile)
    most = deal.rules.drawn_size
    if len(after) > most:
        raise HandSizeError(f"a hand holds at most {most} tiles with the one taken, got {len(after)}")
    check_supply(deal, after, [t for meld in table for t in meld.tiles])
    hand = deal.solver_hand(after)
    layout = best_layout_laying(deal, hand, tile)
    opening = _opening(deal, layout) if layout.pieces else NO_OPENING
    lay_off = opened and any(meld.accepts(deal, tile) for meld in table)
    return TakeDiscard(tile, opened, opening, deal.rules.open_points, lay_off)


def _opening(deal: Deal, layout: OpeningLayout) -> Opening:
    """The layout as laid, each wild where the layout put it (a taken okey must be on the table)."""
    wild = deal.wild_tile()
    melds = []
    for piece in layout.pieces:
        wild_left = list(piece.wild_faces)
        placements = []
        for f in piece.faces:
            face = Tile(f)
            if f in wild_left:
                wild_left.remove(f)
                placements.append(Placement(wild, face))
            else:
                placements.append(Placement(deal.tile_for_face(face), face))
        kind = faces_meld_kind([p.as_ for p in placements], deal.rules.wrap)
        melds.append(Meld("set" if kind == "set" else "run", tuple(placements)))
    return Opening(sum(m.value for m in melds), tuple(melds))


def best_layout_laying(deal: Deal, hand: SolverHand, tile: Tile, *, keep: int = 1) -> OpeningLayout:
    """The most valuable layout of new melds that lays ``tile`` (a plain copy of its face, or a wild
    for a real okey) and leaves at least ``keep`` tiles in the hand; an empty layout when none does.

    Every such layout has a piece holding the tile: each candidate piece is laid first, and the exact
    search lays the best of the rest (holding back one tile where everything else would be laid).
    """
    search = opening_search(deal.rules.wrap)
    face = deal.plays_as(tile)
    candidates = search.by_face[face.index] if face is not None else range(len(search.templates))
    best = OpeningLayout((), 0)
    tries = (
        [(t, -1) for t in candidates]
        if face is not None
        else [(t, slot) for t in candidates for slot in search.faces[t]]
    )
    for t, wild_at in tries:
        step = _lay(t, search.faces[t], hand, wild_at)
        if step is None:
            continue
        piece, counts, wilds = step
        if hand.size - keep - len(piece.faces) < 0:
            continue
        rest = search.best_layout_keeping(counts, wilds, keep)
        if piece.value + rest.value > best.value:
            best = OpeningLayout((piece, *rest.pieces), piece.value + rest.value)
    return best


def _lay(t: int, faces: tuple[int, ...], hand: SolverHand, wild_at: int) -> tuple[Piece, list[int], int] | None:
    """Lay piece ``t`` from the hand: a wild at face ``wild_at`` (-1: none forced), held tiles in the
    other slots where the hand has them (never worse: a held tile and a wild count the same there,
    and the wild stays free), wilds in the rest. None if the hand cannot fill it."""
    counts = list(hand.counts)
    wilds = hand.wilds
    wild_faces = []
    for f in faces:
        if f != wild_at and counts[f]:
            counts[f] -= 1
        elif wilds:
            wilds -= 1
            wild_faces.append(f)
        else:
            return None
    return Piece(t, faces, tuple(wild_faces)), counts, wilds
