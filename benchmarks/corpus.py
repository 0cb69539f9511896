"""The fixed, seeded benchmark corpus of Okey hands.

* ``random_hands``: hands dealt from a shuffled real set (106 tiles less the indicator).
* ``opening_hands``: the 101 corpus, 200 random 22-tile hands of 101 deals.
* ``winning_hands``: 14 tiles built from random melds (with real okeys and false jokers mixed in)
  plus one random 15th tile, and near-complete hands (a winning hand with one tile swapped).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from okeytool.deal import Deal
from okeytool.rules import Rules, get_rules
from okeytool.tiles import ALL_FACES, FALSE_JOKER, Tile

SEED = 20261129


@dataclass(frozen=True)
class Case:
    """One hand of the corpus with its deal."""

    deal: Deal
    tiles: tuple[Tile, ...]


def full_set(deal: Deal) -> list[Tile]:
    """Every physical tile of the game except the indicator (okey profiles: F for the extras)."""
    tiles = [t for t in ALL_FACES for _ in range(2)] + [FALSE_JOKER, FALSE_JOKER]
    tiles.remove(deal.indicator)  # type: ignore[arg-type]
    return tiles


def random_deal(rng: random.Random, rules: Rules) -> Deal:
    """A deal with a random indicator."""
    return Deal(rules, rng.choice(ALL_FACES))


def random_hands(count: int, size: int, *, rules: str = "classic", seed: int = SEED) -> list[Case]:
    """``count`` hands of ``size`` tiles dealt from a shuffled set."""
    rng = random.Random(seed)
    profile = get_rules(rules)
    cases = []
    for _ in range(count):
        deal = random_deal(rng, profile)
        cases.append(Case(deal, tuple(sorted(rng.sample(full_set(deal), size)))))
    return cases


#: Hands in the 101 corpus, as in the peer figure the ``open`` answer is compared with.
OPENING_HANDS = 200


def opening_hands(count: int = OPENING_HANDS, seed: int = SEED + 101) -> list[Case]:
    """The 101 corpus: ``count`` random 22-tile hands of 101 deals (a random indicator each)."""
    return random_hands(count, 22, rules="101", seed=seed)


def _random_meld(rng: random.Random, wrap: bool) -> list[tuple[int, int]]:
    if rng.random() < 0.4:
        number = rng.randint(1, 13)
        colours = rng.sample(range(4), rng.choice((3, 4)))
        return [(c, number) for c in colours]
    colour = rng.randrange(4)
    length = rng.choice((3, 3, 4, 4, 5))
    top = 14 if wrap else 13
    start = rng.randint(1, top - length + 1)
    return [(colour, (start + k - 1) % 13 + 1) for k in range(length)]


def winning_hand(rng: random.Random, deal: Deal, *, wilds: int) -> tuple[Tile, ...] | None:
    """14 tiles built from random melds, ``wilds`` slots taken by real okeys; None if supply fails."""
    sizes = rng.choice(((3, 3, 4, 4), (3, 3, 3, 5), (4, 5, 5), (3, 4, 3, 4)))
    faces: list[Tile] = []
    for size in sizes:
        while True:
            meld = _random_meld(rng, deal.rules.wrap)
            if len(meld) == size:
                break
        faces.extend(Tile.face(c, n) for c, n in meld)
    okey = deal.okey
    assert okey is not None
    held = [deal.tile_for_face(f) for f in faces]
    for k in rng.sample(range(len(held)), wilds):
        held[k] = okey
    pool = full_set(deal)
    for tile in held:
        if tile not in pool:
            return None
        pool.remove(tile)
    return tuple(held)


def winning_hands(count: int, *, rules: str = "classic", seed: int = SEED + 1) -> list[Case]:
    """``count`` 15-tile hands: a winning 14 plus one random tile (half of them near-complete instead)."""
    rng = random.Random(seed)
    profile = get_rules(rules)
    cases: list[Case] = []
    while len(cases) < count:
        deal = random_deal(rng, profile)
        hand = winning_hand(rng, deal, wilds=rng.choice((0, 0, 1, 1, 2)))
        if hand is None:
            continue
        pool = full_set(deal)
        for tile in hand:
            pool.remove(tile)
        extra = rng.choice(pool)
        tiles = [*hand, extra]
        if len(cases) % 2:
            pool.remove(extra)
            tiles[rng.randrange(14)] = rng.choice(pool)
        cases.append(Case(deal, tuple(sorted(tiles))))
    return cases
