"""A slow, obviously-correct brute force of rules.md 5.8 (the 101 opening chance) in exact fractions.

It shares nothing with :mod:`okeytool.solver.okey101.chance` nor with the opening search: its own
opening checker (:func:`best_opening`) lays the lowest tile left in every set and run that can hold
it (each other slot by a tile of its face or by a real okey, both tried) or leaves it in the hand,
and counts the pairs itself. The recursion enumerates every draw with its unseen copies and every
discard after it, literally: O_T(h) = (1 − r) Σ_X p(X) [1 if can_open(h+X) else max_d O_{T−1}(h+X−d)].
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from okeytool.deal import Deal
from okeytool.tiles import FALSE_JOKER, Tile

SET_SIZE = 106
HAND = 21
COLOURS = 4
NUMBERS = 13
#: Below every value: a hand that cannot keep a tile back has no such layout.
NONE = -(10**9)


def face(colour: int, number: int) -> int:
    """The index of a face (colour 0-3, number 1-13): colour-major, as the tiles are indexed."""
    return colour * NUMBERS + number - 1


@cache
def best_opening(counts: tuple[int, ...], wilds: int) -> tuple[int, int]:
    """(best value laying any tiles, best value leaving at least one tile unlaid) of new sets and
    runs (rules.md 2, 5.2; no wrap: a 1 is low only) from plain ``counts`` (52 faces) and ``wilds``
    real okeys. A wild counts the number it stands for."""
    low = next((f for f, n in enumerate(counts) if n), None)
    if low is None:
        return 0, (0 if wilds else NONE)
    rest = list(counts)
    rest[low] -= 1
    # The lowest tile stays in the hand: a tile is kept back, whatever follows.
    skip_any, _ = best_opening(tuple(rest), wilds)
    best_any, best_keep = skip_any, skip_any
    colour, number = divmod(low, NUMBERS)
    number += 1
    for value, slots in _melds_with(colour, number):
        if sum(1 for f in slots if not rest[f]) > wilds:
            continue  # a slot no tile of the hand and no wild can fill
        for used, wilds_left in _fillings(rest, wilds, slots):
            any_after, keep_after = best_opening(used, wilds_left)
            best_any = max(best_any, value + any_after)
            best_keep = max(best_keep, value + keep_after)
    return best_any, best_keep


@cache
def _melds_with(colour: int, number: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Every set and run holding face (colour, number) as its lowest held tile: (value, the faces
    of its other slots). Slots of lower faces can only be wilds (no lower tile is left)."""
    out: list[tuple[int, tuple[int, ...]]] = []
    others = [c for c in range(COLOURS) if c != colour]
    for size in (3, 4):  # sets: distinct colours of one number
        for chosen in _subsets(others, size - 1):
            out.append((size * number, tuple(face(c, number) for c in chosen)))
    for start in range(1, number + 1):  # runs of one colour, 3 to 13 long, 1 low only
        for end in range(max(number, start + 2), NUMBERS + 1):
            slots = tuple(face(colour, n) for n in range(start, end + 1) if n != number)
            out.append((sum(range(start, end + 1)), slots))
    return tuple(out)


def _subsets(items: list[int], size: int) -> list[list[int]]:
    if size == 0:
        return [[]]
    if len(items) < size:
        return []
    first, rest = items[0], items[1:]
    return [[first, *s] for s in _subsets(rest, size - 1)] + _subsets(rest, size)


def _fillings(counts: list[int], wilds: int, slots: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
    """Every way to fill ``slots``: each by a held tile of its face or by a wild."""
    out: list[tuple[tuple[int, ...], int]] = []

    def fill(k: int, left: list[int], wilds_left: int) -> None:
        if k == len(slots):
            out.append((tuple(left), wilds_left))
            return
        f = slots[k]
        if left[f]:
            left[f] -= 1
            fill(k + 1, left, wilds_left)
            left[f] += 1
        if wilds_left:
            fill(k + 1, left, wilds_left - 1)

    fill(0, list(counts), wilds)
    return out


def solver_form(deal: Deal, tiles: Sequence[Tile]) -> tuple[tuple[int, ...], int]:
    """Plain counts (a false joker counted as the okey's face) and the real okeys."""
    counts = [0] * (COLOURS * NUMBERS)
    wilds = 0
    okey = deal.okey
    assert okey is not None
    for tile in tiles:
        if tile == okey:
            wilds += 1
        elif tile == FALSE_JOKER:
            counts[okey.index] += 1
        else:
            counts[tile.index] += 1
    return tuple(counts), wilds


def pairs(deal: Deal, tiles: Sequence[Tile]) -> int:
    """Pairs of identical tiles (rules.md 5.3): two tiles of a face (F plays as the okey's face,
    so two F pair), two real okeys; with ``jokers_in_pairs`` a real okey pairs any single."""
    counts, wilds = solver_form(deal, tiles)
    found = sum(n // 2 for n in counts)
    singles = sum(n % 2 for n in counts)
    if deal.rules.jokers_in_pairs:
        matched = min(wilds, singles)
        found += matched
        wilds -= matched
    return found + wilds // 2


def can_open(deal: Deal, tiles: Sequence[Tile]) -> bool:
    """can_open of a 22-tile hand (rules.md 5.8): new melds worth ``open_points`` with a tile kept
    to throw, or ``open_pairs`` pairs with a tile kept."""
    rules = deal.rules
    if pairs(deal, tiles) >= rules.open_pairs and 2 * rules.open_pairs <= len(tiles) - 1:
        return True
    counts, wilds = solver_form(deal, tiles)
    return best_opening(counts, wilds)[1] >= rules.open_points


def tile_kinds(deal: Deal) -> tuple[Tile, ...]:
    """Every tile a player can hold, as held: the 52 faces (the okey's face is a real okey) and F."""
    return (*(Tile(i) for i in range(COLOURS * NUMBERS)), FALSE_JOKER)


def copies(deal: Deal, tile: Tile) -> int:
    """Copies of a tile in the set besides the indicator: 2, 1 of the indicator's face, 2 F."""
    if tile == FALSE_JOKER:
        return 2
    return 1 if tile == deal.indicator else 2


def brute_opening_chance(
    deal: Deal, tiles: Sequence[Tile], seen: Sequence[Tile], draws: int, risk: Fraction
) -> Fraction:
    """O_T of a 21-tile hand (tiles as held), ``seen`` the tiles out of play other than the indicator."""
    out = Counter(seen)
    pool = SET_SIZE - HAND - len(seen) - 1
    kinds = tile_kinds(deal)
    opens: dict[tuple[Tile, ...], bool] = {}

    def opening(hand22: tuple[Tile, ...]) -> bool:
        if hand22 not in opens:
            opens[hand22] = can_open(deal, hand22)
        return opens[hand22]

    @cache
    def solve(hand: tuple[Tile, ...], left: int) -> Fraction:
        if left == 0:
            return Fraction(0)
        held = Counter(hand)
        total = Fraction(0)
        for x in kinds:
            n = copies(deal, x) - held[x] - out[x]
            if n <= 0:
                continue
            grown = tuple(sorted((*hand, x)))
            if opening(grown):
                total += n
                continue
            best = Fraction(0)
            for d in sorted(set(grown)):
                rest = list(grown)
                rest.remove(d)
                best = max(best, solve(tuple(rest), left - 1))
            total += n * best
        return (1 - risk) * total / pool

    return solve(tuple(sorted(tiles)), draws)
