"""Supply checks (rules.md section 1) and hand-size checks.

At most 2 tiles of each face, at most 2 ``F`` (or 2 ``J``), at most 1 tile of the indicator's face
besides the indicator itself. The limits apply to a hand, and to a hand plus the tiles declared seen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from okeytool.deal import Deal
from okeytool.errors import HandSizeError, SupplyError
from okeytool.tiles import ALL_TILES, EXTRA_TILES, FACE_COUNT, VECTOR_SIZE, Tile


def limit(deal: Deal, tile: Tile) -> int:
    """How many copies of ``tile`` exist outside the indicator."""
    if tile.is_false_joker or tile.is_joker:
        return EXTRA_TILES
    return deal.supply(tile)


def unseen(deal: Deal, tile: Tile, held: Mapping[Tile, int], seen: Mapping[Tile, int]) -> int:
    """Copies of ``tile`` not in the hand, not the indicator and not seen (rules.md 4; never negative).

    ``held`` and ``seen`` count tiles as held (a ``Counter`` of the hand and of the seen tiles).
    """
    return max(0, limit(deal, tile) - held.get(tile, 0) - seen.get(tile, 0))


def unseen_by_index(deal: Deal, held: Sequence[Tile], seen: Sequence[Tile]) -> list[int]:
    """:func:`unseen` of every tile at once, by tile index, ``held`` and ``seen`` as sequences of tiles
    (as held): for a caller that counts many tiles against one hand and one set of seen tiles."""
    left = list(_limits(deal))
    for tile in held:
        left[tile.index] -= 1
    for tile in seen:
        left[tile.index] -= 1
    return [n if n > 0 else 0 for n in left]


@lru_cache(maxsize=64)
def _limits(deal: Deal) -> tuple[int, ...]:
    """:func:`limit` of every tile, by tile index."""
    extras = ALL_TILES[FACE_COUNT:]  # F and J; a face's limit is its supply
    return (*deal.supply_vector(), *(limit(deal, tile) for tile in extras))


def check_supply(
    deal: Deal, hand: Sequence[Tile], seen: Sequence[Tile] = (), *, places: tuple[str, str] = ("in the hand", "seen")
) -> None:
    """Refuse tiles that cannot all exist at once. Tiles are as held (after :meth:`Deal.resolve`).

    ``places`` names where the two groups are in the message (a Rummikub play: ``("in the rack",
    "on the table")``). Raises :class:`SupplyError` naming the tile and the counts.
    """
    in_hand = [0] * VECTOR_SIZE
    for tile in hand:
        in_hand[tile.index] += 1
    in_seen = [0] * VECTOR_SIZE
    for tile in seen:
        in_seen[tile.index] += 1
    limits = _limits(deal)
    for index, held in enumerate(in_hand):  # in tile order: the first tile too many is named
        shown = in_seen[index]
        allowed = limits[index]
        if held + shown <= allowed:
            continue
        tile = Tile(index)
        where = f"{held} {places[0]}" + (f" and {shown} {places[1]}" if shown else "")
        if tile == deal.indicator:
            reason = f"only {allowed} {tile} exists besides the indicator {deal.indicator}"
        elif tile == deal.okey:
            reason = f"only {allowed} real okeys ({tile}) exist"
        else:
            reason = f"only {allowed} copies of {tile} exist"
        raise SupplyError(f"too many {tile}: {where}, but {reason}")


def check_hand_size(hand: Sequence[Tile], allowed: Sequence[int], question: str) -> None:
    """Refuse a hand whose size is not one of ``allowed``. Raises :class:`HandSizeError`."""
    if len(hand) in allowed:
        return
    sizes = " or ".join(str(n) for n in allowed)
    if not hand:
        raise HandSizeError(f"{question} needs {sizes} tiles, but no tiles were given")
    raise HandSizeError(f"{question} needs {sizes} tiles, got {len(hand)}")
