"""Property tests of the 101 opening against a slow reference, a greedy opening and the CP-SAT model.

The reference uses only the validator: the first tile left either stays in the hand or goes into a
meld with some sub-multiset of the other tiles, each wild trying every face it could stand for, and
:func:`meld_problem` decides whether that is a meld. It records, for every number of tiles laid, the
best value, so the "keep one tile" rule and elden are read off the same table.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations, product

import pytest
from conftest import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from okeytool.deal import Deal
from okeytool.rules import get_rules
from okeytool.solver.melds.result import Meld, Placement
from okeytool.solver.melds.validator import faces_meld_kind, meld_problem, pair_problem
from okeytool.solver.okey101.opening import (
    Opening,
    analyse_opening,
    best_layout,
    best_value_cpsat,
    is_maximal,
    pair_count,
)
from okeytool.tiles import ALL_FACES, FALSE_JOKER, Tile

# -- the slow reference -----------------------------------------------------------------------------


def _meld_values(deal: Deal, tiles: Sequence[Tile]) -> list[int]:
    """Every value the tiles can have as one valid meld (wilds trying each face they could be)."""
    plain = [deal.plays_as(t) for t in tiles]
    known = [f for f in plain if f is not None]
    if not known:
        return []  # at most two wilds exist, and a meld has three tiles or more
    # Pruning: in a set every tile has the number of the others, in a run their colour, so a wild
    # can only stand for a face sharing the number or the colour of a plain tile of the meld.
    near = [f for f in ALL_FACES if any(f.number == k.number or f.colour == k.colour for k in known)]
    wild_slots = [k for k, f in enumerate(plain) if f is None]
    values = []
    for choice in product(near, repeat=len(wild_slots)):
        faces = list(plain)
        for k, face in zip(wild_slots, choice):
            faces[k] = face
        kind = faces_meld_kind(faces, deal.rules.wrap)  # type: ignore[arg-type]
        if kind is None:
            continue
        meld = Meld(kind, tuple(Placement(t, f) for t, f in zip(tiles, faces)))  # type: ignore[arg-type]
        assert meld_problem(deal, meld) is None
        values.append(meld.value)
    return values


def reference_table(deal: Deal, tiles: Sequence[Tile]) -> dict[int, int]:
    """For each number of tiles that can be laid as new melds, the best total value."""

    @cache
    def table(rest: tuple[Tile, ...]) -> dict[int, int]:
        if not rest:
            return {0: 0}
        first, others = rest[0], rest[1:]
        out = dict(table(others))  # the first tile stays in the hand
        seen_groups = set()
        for size in range(2, len(others) + 1):
            for picks in combinations(range(len(others)), size):
                group = (first, *(others[k] for k in picks))
                if group in seen_groups:
                    continue
                seen_groups.add(group)
                values = _meld_values(deal, group)
                if not values:
                    continue
                left = list(others)
                for k in reversed(picks):
                    del left[k]
                for laid, value in table(tuple(left)).items():
                    total = laid + len(group)
                    out[total] = max(out.get(total, 0), value + max(values))
        return out

    return table(tuple(sorted(tiles)))


def reference_pairs(deal: Deal, tiles: Sequence[Tile]) -> int:
    """Most disjoint pairs, each checked by :func:`pair_problem` (a wild tries every face)."""

    def as_placements(a: Tile, b: Tile) -> list[Meld]:
        fa, fb = deal.plays_as(a), deal.plays_as(b)
        options_a = ALL_FACES if fa is None else (fa,)
        options_b = ALL_FACES if fb is None else (fb,)
        return [Meld("pair", (Placement(a, x), Placement(b, y))) for x in options_a for y in options_b if x == y]

    @cache
    def best(rest: tuple[Tile, ...]) -> int:
        if len(rest) < 2:
            return 0
        first, others = rest[0], rest[1:]
        result = best(others)
        for k, other in enumerate(others):
            both_wild = deal.is_wild(first) and deal.is_wild(other)
            if not deal.rules.jokers_in_pairs and deal.is_wild(first) != deal.is_wild(other):
                continue
            if both_wild or any(pair_problem(deal, m) is None for m in as_placements(first, other)):
                result = max(result, 1 + best(others[:k] + others[k + 1 :]))
        return result

    return best(tuple(sorted(tiles)))


# -- strategies -------------------------------------------------------------------------------------


@st.composite
def small_deals(draw: st.DrawFn, max_size: int = 7) -> tuple[Deal, tuple[Tile, ...]]:
    """A 101 deal and a small legal hand from a narrow window of faces, so that melds are common."""
    colours = draw(st.lists(st.integers(0, 3), min_size=1, max_size=4, unique=True))
    low = draw(st.integers(1, 11))
    faces = [Tile.face(c, n) for c in colours for n in range(low, low + 3)]
    indicator = draw(st.sampled_from(ALL_FACES))
    deal = Deal(get_rules("101", {"jokers_in_pairs": draw(st.booleans())}), indicator)
    okey = deal.okey
    assert okey is not None
    # Two copies of each face, one of the indicator's face; the okey face's copies are the two
    # real okeys, and F plays as the okey face.
    pool = [f for f in faces if f != okey for _ in range(1 if f == indicator else 2)]
    pool += [FALSE_JOKER, FALSE_JOKER, okey, okey]
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=3, max_size=min(max_size, len(pool)), unique=True))
    tiles = tuple(sorted(pool[k] for k in picks))
    return deal, tiles


def random_deal(rng: random.Random, size: int = 22) -> tuple[Deal, tuple[Tile, ...]]:
    """A 101 deal with a random indicator and ``size`` tiles dealt from the rest of a full set."""
    indicator = rng.choice(ALL_FACES)
    pool = [f for f in ALL_FACES for _ in range(2)] + [FALSE_JOKER, FALSE_JOKER]
    pool.remove(indicator)
    return Deal(get_rules("101"), indicator), tuple(sorted(rng.sample(pool, size)))


seeds = st.integers(0, 2**32 - 1)


# -- greedy -----------------------------------------------------------------------------------------


def greedy_value(deal: Deal, tiles: Sequence[Tile]) -> int:
    """Lay the most valuable meld of plain tiles (any run length, sets of 3-4) while one tile stays."""
    left = Counter(deal.plays_as(t) for t in tiles if not deal.is_wild(t))
    size = len(tiles)
    laid = value = 0
    while True:
        candidates = []
        for face in sorted(f for f in left if left[f]):
            same = [g for g in ALL_FACES if g.number == face.number and left[g]]
            for n in (3, 4):
                for group in combinations(same, n):
                    if len({g.colour for g in group}) == n:
                        candidates.append(list(group))
            run = [face]
            while run[-1].number < 13 and left[Tile.face(face.colour, run[-1].number + 1)]:
                run.append(Tile.face(face.colour, run[-1].number + 1))
                if len(run) >= 3:
                    candidates.append(list(run))
        candidates = [c for c in candidates if laid + len(c) <= size - 1]
        if not candidates:
            return value
        meld = max(candidates, key=lambda c: (sum(g.number for g in c), [g.index for g in c]))
        for g in meld:
            left[g] -= 1
        laid += len(meld)
        value += sum(g.number for g in meld)


# -- properties -------------------------------------------------------------------------------------


def assert_opening_sound(deal: Deal, tiles: Sequence[Tile], melds: Sequence[Meld], points: int) -> None:
    """Valid melds, each tile at most once, at least one tile left, values adding up to the points."""
    assert all(meld_problem(deal, meld) is None for meld in melds)
    laid = Counter(t for meld in melds for t in meld.tiles)
    assert not laid - Counter(tiles)
    assert sum(laid.values()) <= len(tiles) - 1
    assert sum(meld.value for meld in melds) == points


@settings(max_examples=120)
@given(small_deals())
def test_best_equals_slow_reference(case: tuple[Deal, tuple[Tile, ...]]) -> None:
    deal, tiles = case
    table = reference_table(deal, tiles)
    expected = max(v for laid, v in table.items() if laid <= len(tiles) - 1)
    result = analyse_opening(deal, tiles, options=2, waits=False)
    assert result.best.points == expected
    assert result.elden == (len(tiles) - 1 in table)
    assert result.pairs == reference_pairs(deal, tiles)
    assert_opening_sound(deal, tiles, result.best.melds, result.best.points)
    # Discard rows let all tiles be laid (the discard is the tile kept): the reference agrees.
    assert best_layout(deal, deal.solver_hand(tiles), keep=0).value == max(table.values())


@settings(max_examples=40)
@given(small_deals())
def test_cpsat_equals_slow_reference(case: tuple[Deal, tuple[Tile, ...]]) -> None:
    deal, tiles = case
    table = reference_table(deal, tiles)
    layout, _ = best_value_cpsat(deal, deal.solver_hand(tiles))
    assert layout.value == max(v for laid, v in table.items() if laid <= len(tiles) - 1)


@settings(max_examples=60)
@given(seeds)
def test_full_hands_search_agrees_with_cpsat_and_beats_greedy(seed: int) -> None:
    deal, tiles = random_deal(random.Random(seed))
    hand = deal.solver_hand(tiles)
    search = best_layout(deal, hand)
    model, _ = best_value_cpsat(deal, hand)
    assert search.value == model.value
    assert search.value >= greedy_value(deal, tiles)
    assert best_layout(deal, hand, keep=0).value == best_value_cpsat(deal, hand, keep=0)[0].value


@settings(max_examples=40)
@given(seeds, st.integers(14, 22))
def test_full_hands_openings_are_sound(seed: int, size: int) -> None:
    deal, tiles = random_deal(random.Random(seed), size)
    result = analyse_opening(deal, tiles, options=3, waits=False)
    assert_opening_sound(deal, tiles, result.best.melds, result.best.points)
    assert result.pairs == pair_count(deal.solver_hand(tiles), jokers_in_pairs=True)
    keys = [result.best.key()] + [o.key() for o in result.options]
    assert len(set(keys)) == len(keys)  # alternatives differ from the best and from each other
    points = [o.points for o in result.options]
    assert points == sorted(points, reverse=True)
    for option in result.options:
        assert option.points <= result.best.points
        assert_opening_sound(deal, tiles, option.melds, option.points)
        assert is_maximal(deal, tiles, option)


def _shape(melds: Sequence[Meld]) -> tuple[object, ...]:
    """An opening up to how runs are cut and which meld a wild sits in: the faces laid per meld
    (runs that continue each other joined) and the tiles with the faces they stand for."""
    runs = [sorted(p.as_.index for p in m.placements) for m in melds if m.kind == "run"]
    merged = True
    while merged:
        merged = False
        for a, b in combinations(range(len(runs)), 2):
            joined = sorted(runs[a] + runs[b])
            if faces_meld_kind([Tile(f) for f in joined], False) == "run":
                runs[a] = joined
                del runs[b]
                merged = True
                break
    # In a set, which missing colour a wild stands for changes nothing: only tiles and number count.
    sets = [
        sorted([m.placements[0].as_.number] + [p.tile.index for p in m.placements]) for m in melds if m.kind == "set"
    ]
    placed = sorted((p.tile.index, p.as_.index) for m in melds if m.kind == "run" for p in m.placements)
    return (tuple(sorted(map(tuple, runs))), tuple(sorted(map(tuple, sets))), tuple(placed))


@settings(max_examples=50)
@given(small_deals(max_size=6))
def test_first_alternative_is_the_best_other_maximal_opening(case: tuple[Deal, tuple[Tile, ...]]) -> None:
    """Against every opening found by brute force: the first alternative is the best maximal opening
    with other melds than the best, and there is none when no such opening exists."""
    deal, tiles = case
    result = analyse_opening(deal, tiles, options=1, waits=False)
    best_shape = _shape(result.best.melds)
    others = []
    for melds in _meld_groupings(deal, tiles):
        opening = Opening(sum(m.value for m in melds), tuple(melds))
        if not melds or len(opening.tiles) > len(tiles) - 1 or _shape(melds) == best_shape:
            continue
        if is_maximal(deal, tiles, opening):
            others.append(opening.points)
    if not others:
        assert result.options == ()
    else:
        assert [o.points for o in result.options] == [max(others)]


def _meld_groupings(deal: Deal, tiles: Sequence[Tile]) -> list[list[Meld]]:
    """Every way to lay some of the tiles as melds (wilds at each face they could take)."""
    rest = tuple(sorted(tiles))
    if not rest:
        return [[]]
    first, others = rest[0], rest[1:]
    out = _meld_groupings(deal, others)
    for size in range(2, len(others) + 1):
        for picks in combinations(range(len(others)), size):
            group = (first, *(others[k] for k in picks))
            left = [t for k, t in enumerate(others) if k not in picks]
            for meld in _melds_of(deal, group):
                out.extend([meld, *tail] for tail in _meld_groupings(deal, left))
    return out


def _melds_of(deal: Deal, group: Sequence[Tile]) -> list[Meld]:
    plain = [deal.plays_as(t) for t in group]
    if all(f is None for f in plain):
        return []
    wild_slots = [k for k, f in enumerate(plain) if f is None]
    out = []
    for choice in product(ALL_FACES, repeat=len(wild_slots)):
        faces = list(plain)
        for k, face in zip(wild_slots, choice):
            faces[k] = face
        kind = faces_meld_kind(faces, deal.rules.wrap)  # type: ignore[arg-type]
        if kind is not None:
            out.append(Meld(kind, tuple(Placement(t, f) for t, f in zip(group, faces))))  # type: ignore[arg-type]
    return out


@pytest.mark.parametrize("seed", [2024, 2025])
def test_search_and_cpsat_agree_on_a_seeded_corpus(seed: int) -> None:
    """A fixed corpus of full hands (a thousand in a deep run): the exact search and the CP-SAT model give the
    same value."""
    rng = random.Random(seed)
    for _ in range(examples(1000)):
        deal, tiles = random_deal(rng, rng.choice((21, 22)))
        hand = deal.solver_hand(tiles)
        assert best_layout(deal, hand).value == best_value_cpsat(deal, hand)[0].value, tiles
