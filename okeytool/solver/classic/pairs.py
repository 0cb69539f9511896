"""Seven pairs (rules.md 3.1): seven pairs of identical tiles; a real okey pairs with any tile,
two real okeys are a pair, two false jokers are a pair. Pairs and melds never mix.

Everything here works on the solver form (plain face counts, wild count), in closed form: a pair of
plain tiles keeps two tiles in one of the seven places, so does a tile with a wild or two wilds; a
single kept alone needs its twin from outside (none exists for the indicator's face) or an outside wild.
"""

from __future__ import annotations

from collections.abc import Sequence

from okeytool.solver.classic.cover import hand_masks
from okeytool.tiles import FACE_COUNT, MAX_WILDS

PAIRS = 7


PairsCounts = tuple[int, int, int]


def pairs_counts(counts: Sequence[int], supply: Sequence[int]) -> PairsCounts:
    """What seven pairs see of a hand: faces held twice or more, faces held once, and of those the
    faces with no twin outside the hand."""
    return pairs_counts_of_masks(*hand_masks(counts), orphan_mask(supply))


def pairs_counts_of_masks(one: int, two: int, orphans: int) -> PairsCounts:
    """:func:`pairs_counts` from the hand's face masks (held once or more, twice or more; bit *f*
    for face *f*) and the mask of the faces with no twin outside a hand holding one."""
    singles = one & ~two
    return two.bit_count(), singles.bit_count(), (singles & orphans).bit_count()


def pairs_deficiency_of_masks(one: int, two: int, orphans: int, wilds: int) -> int:
    """:func:`pairs_deficiency` of a hand given by its face masks (:func:`pairs_counts_of_masks`)."""
    return 2 * PAIRS - kept_of_pairs(pairs_counts_of_masks(one, two, orphans), wilds)


def orphan_mask(supply: Sequence[int]) -> int:
    """The faces of which one copy at most exists outside the indicator (no twin for a single)."""
    return sum(1 << face for face in range(FACE_COUNT) if supply[face] <= 1)


def pairs_counts_after(before: PairsCounts, held: int, supply: int) -> PairsCounts:
    """:func:`pairs_counts` after one more copy of a face held ``held`` times (``supply``: its copies)."""
    doubles, singles, orphans = before
    alone = 1 if supply <= 1 else 0
    if held == 0:
        return doubles, singles + 1, orphans + alone
    if held == 1:
        return doubles + 1, singles - 1, orphans - alone
    return before


def pairs_kept(counts: Sequence[int], wilds: int, supply: Sequence[int]) -> int:
    """Most tiles of the hand that can stay in a seven-pairs hand (at most 14), any hand size."""
    return kept_of_pairs(pairs_counts(counts, supply), wilds)


def kept_of_pairs(held: PairsCounts, wilds: int) -> int:
    """:func:`pairs_kept` of a hand that :func:`pairs_counts` describes."""
    doubles, singles, orphans = held
    lone = singles - orphans
    with_wild = min(wilds, singles)
    spare_wilds = wilds - with_wild
    full = min(PAIRS, doubles + with_wild + spare_wilds // 2)
    # Wilds go to the singles that have no twin outside first.
    orphans_left = max(0, orphans - with_wild)
    lone_left = lone - max(0, with_wild - orphans)
    halves = lone_left + min(orphans_left, MAX_WILDS - wilds) + spare_wilds % 2
    return 2 * full + min(PAIRS - full, halves)


def pairs_deficiency(counts: Sequence[int], wilds: int, supply: Sequence[int]) -> int:
    """Exchanges needed to reach seven pairs from the best 14 tiles of the hand."""
    return 2 * PAIRS - pairs_kept(counts, wilds, supply)


def pairs_layout(counts: Sequence[int], wilds: int) -> list[tuple[int, int]] | None:
    """The seven pairs of a complete 14-tile hand as (face, face) with -1 for a wild, or None."""
    pairs: list[tuple[int, int]] = []
    singles: list[int] = []
    for face in range(FACE_COUNT):
        n = counts[face]
        if n >= 3:
            return None
        if n == 2:
            pairs.append((face, face))
        elif n == 1:
            singles.append(face)
    if len(singles) > wilds or (wilds - len(singles)) % 2:
        return None
    pairs.extend((face, -1) for face in singles)
    pairs.extend((-1, -1) for _ in range((wilds - len(singles)) // 2))
    return pairs if len(pairs) == PAIRS else None
