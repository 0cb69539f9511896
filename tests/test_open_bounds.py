"""The bounds of the opening analysis against the straightforward computation, on seeded random
hands of 101 deals: the bounded waits against every drawable tile added in turn and the larger hand
searched; the quick refusal of lesser openings among the alternatives against laying each one and
testing it in full."""

from __future__ import annotations

import random
from collections import Counter
from functools import partial

import pytest

from okeytool.deal import Deal
from okeytool.parse.supply import limit, unseen
from okeytool.rules import get_rules
from okeytool.solver.okey101.opening import (
    OpeningWait,
    _surely_not_maximal,
    best_layout,
    drawable_tiles,
    is_maximal,
    opening_from_layout,
    opening_search,
    opening_waits,
)
from okeytool.solver.okey101.search import OpeningLayout, OpeningSearch
from okeytool.tiles import ALL_FACES, FALSE_JOKER, Tile, index_number

HANDS = 60


def _straight_waits(deal: Deal, tiles: tuple[Tile, ...], seen: tuple[Tile, ...]) -> tuple[OpeningWait, ...]:
    """Each drawable tile that can still exist added to the hand, and the best opening searched."""
    threshold = deal.rules.open_points
    if best_layout(deal, deal.solver_hand(tiles)).value >= threshold:
        return ()
    out = []
    for tile in drawable_tiles(deal):
        if tiles.count(tile) >= limit(deal, tile):
            continue
        value = best_layout(deal, deal.solver_hand([*tiles, tile])).value
        if value >= threshold:
            out.append(OpeningWait(tile, unseen(deal, tile, Counter(tiles), Counter(seen)), value))
    return tuple(out)


Case = tuple[Deal, tuple[Tile, ...], tuple[Tile, ...]]


def _hands(seed: int, count: int, size: int, wilds: int | None) -> list[Case]:
    """Random hands dealt from a real set less the indicator, with ``wilds`` real okeys when given,
    and a few seen tiles."""
    rng = random.Random(seed)
    rules = get_rules("101")
    out = []
    for _ in range(count):
        deal = Deal(rules, rng.choice(ALL_FACES))
        pool = [f for f in ALL_FACES for _ in range(2)] + [FALSE_JOKER, FALSE_JOKER]
        pool.remove(deal.indicator)  # type: ignore[arg-type]
        if wilds is None:
            tiles = rng.sample(pool, size)
        else:
            okeys = [deal.okey] * wilds
            for okey in okeys:
                pool.remove(okey)  # type: ignore[arg-type]
            pool = [t for t in pool if t != deal.okey]
            tiles = [*okeys, *rng.sample(pool, size - wilds)]  # type: ignore[list-item]
        for tile in tiles:
            if tile in pool:
                pool.remove(tile)
        seen = tuple(rng.sample(pool, 4))
        out.append((deal, tuple(sorted(tiles)), seen))
    return out


@pytest.mark.parametrize(
    ("seed", "size", "wilds"),
    [(14, 22, None), (15, 21, None), (16, 22, 1), (17, 22, 2), (18, 14, None)],
)
def test_bounded_waits_equal_the_straightforward_ones(seed: int, size: int, wilds: int | None) -> None:
    count = HANDS if size == 22 and wilds is None else HANDS // 3
    lifted = 0
    for deal, tiles, seen in _hands(seed, count, size, wilds):
        expect = _straight_waits(deal, tiles, seen)
        assert opening_waits(deal, tiles, seen) == expect, (str(deal.indicator), [str(t) for t in tiles])
        lifted += bool(expect)
    assert lifted, "the corpus should hold hands that one tile lifts to the threshold"


@pytest.mark.parametrize(("seed", "wilds"), [(21, None), (22, 1), (23, 2)])
def test_quick_refusals_are_openings_the_full_test_refuses(seed: int, wilds: int | None) -> None:
    refused = 0
    for deal, tiles, _ in _hands(seed, 12, 22, wilds):
        hand = deal.solver_hand(tiles)
        search = opening_search(deal.rules.wrap)
        layouts: list[OpeningLayout] = []
        search.layouts(hand.counts, hand.wilds, accept=layouts.append, floor=lambda: 1, limit=300)
        for layout in layouts:
            if layout.laid > hand.size - 1 or not _surely_not_maximal(deal, hand, layout, 1):
                continue
            refused += 1
            assert not is_maximal(deal, tiles, opening_from_layout(deal, hand, layout)), layout
    assert refused > 100


@pytest.mark.parametrize("wrap", [False, True])
def test_the_mirrored_search_finds_the_same_values_and_lays_the_hands_tiles(wrap: bool) -> None:
    forward, mirror = OpeningSearch(wrap), OpeningSearch(wrap, mirrored=True)
    for deal, tiles, _ in [*_hands(31, 30, 22, None), *_hands(32, 15, 22, 2)]:
        hand = deal.solver_hand(tiles)
        for keep in (0, 1):
            expect = forward.best_layout_keeping(hand.counts, hand.wilds, keep)
            found = mirror.best_layout_keeping(hand.counts, hand.wilds, keep)
            assert found.value == expect.value
            assert found.laid <= hand.size - keep
            assert found.value == sum(p.value for p in found.pieces)
            used = Counter(f for p in found.pieces for f in p.faces if f not in p.wild_faces)
            assert all(used[f] <= hand.counts[f] for f in used)
            assert sum(len(p.wild_faces) for p in found.pieces) <= hand.wilds
            assert all(forward.faces[p.template] == p.faces for p in found.pieces)


def test_has_piece_is_whether_the_best_layout_within_the_room_is_worth_anything() -> None:
    rng = random.Random(41)
    search = OpeningSearch(False)
    checked = 0
    for deal, tiles, _ in [*_hands(41, 20, 22, None), *_hands(42, 10, 22, 2)]:
        for size in (2, 3, 4, 5, 6, 8):
            hand = deal.solver_hand(rng.sample(tiles, size))
            for keep in (0, 1):
                expect = search.best_layout_keeping(hand.counts, hand.wilds, keep).value > 0
                assert search.has_piece(hand.counts, hand.wilds, hand.size - keep) == expect
                checked += expect
    assert checked > 10


@pytest.mark.parametrize(("seed", "wilds"), [(51, None), (52, 1)])
def test_the_walk_for_maximal_layouts_skips_only_lesser_ones(seed: int, wilds: int | None) -> None:
    skipped = 0
    for deal, tiles, _ in _hands(seed, 10, 22, wilds):
        hand = deal.solver_hand(tiles)
        search = opening_search(deal.rules.wrap)
        floor = partial(float, search.best_value(hand.counts, hand.wilds) - 25)
        every: list[OpeningLayout] = []
        pruned: list[OpeningLayout] = []
        search.layouts(hand.counts, hand.wilds, accept=every.append, floor=floor)
        search.layouts(hand.counts, hand.wilds, accept=pruned.append, floor=floor, maximal_keep=1)
        kept = set(pruned)
        assert kept <= set(every)
        for layout in every:
            if layout in kept or layout.laid > hand.size - 1:
                continue
            skipped += 1
            assert not is_maximal(deal, tiles, opening_from_layout(deal, hand, layout)), layout
    assert skipped > 50


@pytest.mark.parametrize("wrap", [False, True])
def test_best_piece_is_the_best_template_the_hand_and_its_wilds_complete(wrap: bool) -> None:
    search = OpeningSearch(wrap)
    found = 0
    for deal, tiles, _ in _hands(61 + wrap, 15, 14, None):
        hand = deal.solver_hand(tiles)
        for wilds in (0, 1, 2):
            for face in range(len(ALL_FACES)):
                expect = max(
                    (
                        sum(index_number(f) for f in p.faces)
                        for p in search.templates
                        if face in p.faces and sum(1 for f in p.faces if f != face and not hand.counts[f]) <= wilds
                    ),
                    default=0,
                )
                assert search.best_piece(hand.counts, wilds, face) == expect
                found += expect > 0
    assert found > 100


def test_the_search_refuses_more_wilds_than_its_state_holds() -> None:
    from okeytool.solver.okey101.search import OpeningSearch
    from okeytool.tiles import FACE_COUNT

    with pytest.raises(ValueError, match="0 to 15 wilds"):
        OpeningSearch(False).best_value([1] * FACE_COUNT, 16)
