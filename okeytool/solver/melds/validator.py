"""The specification of a valid meld and a valid winning arrangement, independent of every solver.

Solver answers pass through these checks in the tests. Each function returns the reason an object
is invalid, or None when it is valid, so that callers can report why.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from okeytool.deal import Deal
from okeytool.solver.melds.result import Arrangement, Meld, Placement
from okeytool.tiles import Tile

PAIRS_IN_HAND = 7


def placement_problem(deal: Deal, placement: Placement) -> str | None:
    """Why a tile may not play as the face given, or None. A wild plays any face; others only their own."""
    if not placement.as_.is_face:
        return f"{placement.tile} cannot stand for {placement.as_}"
    if deal.is_wild(placement.tile):
        return None
    own = deal.plays_as(placement.tile)
    if own != placement.as_:
        return f"{placement.tile} plays as {own}, not as {placement.as_}"
    return None


def faces_meld_kind(faces: Sequence[Tile], wrap: bool) -> str | None:
    """``"set"`` or ``"run"`` if the faces form one (in any order), else None.

    Set: 3 or 4 tiles of one number in different colours. Run: 3 to 13 consecutive numbers of one
    colour; with ``wrap`` the 1 may follow 13 (12-13-1) but never be both low and high.
    """
    if len(faces) < 3 or not all(f.is_face for f in faces):
        return None
    numbers = [f.number for f in faces]
    colours = [f.colour for f in faces]
    if len(set(numbers)) == 1:
        return "set" if len(faces) <= 4 and len(set(colours)) == len(colours) else None
    if len(set(colours)) != 1 or len(set(numbers)) != len(numbers) or len(faces) > 13:
        return None
    ordered = sorted(numbers)
    if ordered[-1] - ordered[0] == len(ordered) - 1:
        return "run"
    if wrap and ordered[0] == 1 and 13 in ordered:
        high = sorted(14 if n == 1 else n for n in numbers)
        if high[-1] - high[0] == len(high) - 1:
            return "run"
    return None


def meld_problem(deal: Deal, meld: Meld) -> str | None:
    """Why a laid meld is not a valid set or run under the deal's rules, or None."""
    for placement in meld.placements:
        problem = placement_problem(deal, placement)
        if problem:
            return problem
    wilds = sum(deal.is_wild(p.tile) for p in meld.placements)
    if wilds > deal.rules.max_wilds:
        return f"a meld holds at most {deal.rules.max_wilds} wilds"
    faces = [p.as_ for p in meld.placements]
    kind = faces_meld_kind(faces, deal.rules.wrap)
    if kind is None:
        return "not a set or a run: " + " ".join(str(f) for f in faces)
    if kind != meld.kind:
        return f"labelled {meld.kind} but is a {kind}"
    if kind == "set" and deal.rules.lone_tile_run and len(faces) - wilds == 1:
        return "one number tile with two jokers is a run, not a set"
    return None


def pair_problem(deal: Deal, meld: Meld) -> str | None:
    """Why a laid pair is not two identical tiles (a wild pairs with anything), or None."""
    if len(meld.placements) != 2:
        return "a pair has two tiles"
    for placement in meld.placements:
        problem = placement_problem(deal, placement)
        if problem:
            return problem
    first, second = meld.placements
    if first.as_ != second.as_:
        return f"{first.tile} and {second.tile} are not a pair"
    return None


def arrangement_problem(deal: Deal, hand: Sequence[Tile], arrangement: Arrangement) -> str | None:
    """Why ``arrangement`` is not a winning layout of exactly the tiles ``hand`` (the rules' 14), or None."""
    if Counter(arrangement.tiles) != Counter(hand):
        return "the arrangement does not use exactly the tiles of the hand"
    if len(hand) != deal.rules.hand_size:
        return f"a winning hand has {deal.rules.hand_size} tiles, not {len(hand)}"
    if arrangement.kind == "pairs":
        if not deal.rules.seven_pairs:
            return "seven pairs do not win under these rules"
        if len(arrangement.melds) != PAIRS_IN_HAND:
            return "seven pairs need seven pairs"
        check = pair_problem
    else:
        check = meld_problem
    for meld in arrangement.melds:
        problem = check(deal, meld)
        if problem:
            return problem
    return None
