"""Supply checks (rules.md section 1) and hand sizes: what cannot physically exist is refused."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest
from conftest import hand, make_deal
from hypothesis import given
from hypothesis import strategies as st
from strategies import extra_tile, legal_hands, okey_deals, rummikub_deal, supply_pool

from okeytool.deal import Deal
from okeytool.errors import HandSizeError, SupplyError
from okeytool.parse.supply import _limits, check_hand_size, check_supply, limit, unseen, unseen_by_index
from okeytool.rules import ALL_PROFILES, get_rules
from okeytool.solver.chance_model import slot_of, slots_of
from okeytool.solver.classic.analysis import Analyser
from okeytool.tiles import ALL_FACES, ALL_TILES, FALSE_JOKER, JOKER, VECTOR_SIZE, Tile


def at_the_limit(deal: Deal, tiles: Sequence[Tile], last: Sequence[Tile], seen: Sequence[Tile] = ()) -> None:
    """``check_supply`` takes ``tiles`` (and ``seen``) although they hold every copy of each tile of ``last``:
    the last copy is allowed, and no copy of it is left unseen."""
    check_supply(deal, tiles, seen)
    held, shown = Counter(tiles), Counter(seen)
    for tile in last:
        assert held[tile] + shown[tile] == limit(deal, tile) and unseen(deal, tile, held, shown) == 0, tile


def test_two_copies_of_a_face_are_fine_three_are_not() -> None:
    deal = make_deal("R4")
    at_the_limit(deal, hand(deal, "K9 K9"), hand(deal, "K9"))
    with pytest.raises(SupplyError, match="too many K9: 3 in the hand, but only 2 copies of K9 exist"):
        check_supply(deal, hand(deal, "K9 K9 K9"))


def test_of_several_tiles_too_many_the_first_in_tile_order_is_named() -> None:
    deal = make_deal("R4")
    with pytest.raises(SupplyError, match="too many B2: 3 in the hand"):
        check_supply(deal, hand(deal, "K9 K9 K9 B2 B2 B2"))
    with pytest.raises(SupplyError, match="too many B2: 1 in the hand and 2 seen"):
        check_supply(deal, hand(deal, "K9 K9 K9 B2"), hand(deal, "B2 B2"))


def test_one_copy_of_the_indicator_face_besides_the_indicator() -> None:
    deal = make_deal("R4")
    at_the_limit(deal, hand(deal, "R4"), hand(deal, "R4"))
    with pytest.raises(SupplyError, match="only 1 R4 exists besides the indicator R4"):
        check_supply(deal, hand(deal, "R4 R4"))


def test_two_false_jokers_at_most() -> None:
    deal = make_deal("R4")
    at_the_limit(deal, hand(deal, "F F"), hand(deal, "F"))
    with pytest.raises(SupplyError, match="too many F"):
        check_supply(deal, hand(deal, "F F F"))


@pytest.mark.parametrize("written", ["J J J", "R5 R5 R5", "J R5 J", "J R5 R5"])
def test_two_real_okeys_at_most(written: str) -> None:
    deal = make_deal("R4")
    with pytest.raises(SupplyError, match="only 2 real okeys"):
        check_supply(deal, hand(deal, written))


def test_false_jokers_and_real_okeys_are_counted_apart() -> None:
    deal = make_deal("R4")
    at_the_limit(deal, hand(deal, "F F R5 R5"), hand(deal, "F R5"))  # two of each, counted apart
    with pytest.raises(SupplyError, match="too many F"):
        check_supply(deal, hand(deal, "F F F R5 R5"))
    with pytest.raises(SupplyError, match="only 2 real okeys"):
        check_supply(deal, hand(deal, "F F R5 R5 J"))


def test_rummikub_two_jokers_and_no_false_joker() -> None:
    deal = rummikub_deal()
    at_the_limit(deal, (JOKER, JOKER), hand(deal, "J"))
    with pytest.raises(SupplyError, match="too many J"):
        check_supply(deal, (JOKER, JOKER, JOKER))
    with pytest.raises(SupplyError, match="no false joker"):
        deal.resolve([FALSE_JOKER])


def test_seen_tiles_count_with_the_hand() -> None:
    deal = make_deal("R4")
    at_the_limit(deal, hand(deal, "K9"), hand(deal, "K9"), seen=hand(deal, "K9"))
    with pytest.raises(SupplyError, match="too many K9: 1 in the hand and 2 seen"):
        check_supply(deal, hand(deal, "K9"), hand(deal, "K9 K9"))
    with pytest.raises(SupplyError, match="too many R4: 1 in the hand and 1 seen"):
        check_supply(deal, hand(deal, "R4"), hand(deal, "R4"))
    with pytest.raises(SupplyError, match="too many F"):
        check_supply(deal, hand(deal, "F F"), hand(deal, "F"))


@pytest.mark.parametrize("profile", ALL_PROFILES)
def test_a_deals_tables_are_its_rules_tile_by_tile(profile: str) -> None:
    """The per-deal tables the analyses read (supply, limits, face played, draw slot, the tile held
    for a face) say what the per-tile rules say, for every indicator."""
    rules = get_rules(profile)
    for indicator in ALL_FACES if rules.has_indicator else (None,):
        deal = Deal(rules, indicator)
        assert deal.supply_vector() == tuple(deal.supply(face) for face in ALL_FACES)
        assert _limits(deal) == tuple(limit(deal, tile) for tile in ALL_TILES)
        for tile in ALL_TILES:
            face = deal.plays_as(tile)
            assert deal.face_index[tile.index] == (-1 if face is None else face.index)
            assert slots_of(deal)[tile.index] == slot_of(deal, tile)
        assert Analyser(deal).tile_for == tuple(deal.tile_for_face(face) for face in ALL_FACES)


@given(st.one_of(okey_deals(), st.just(rummikub_deal())), st.data())
def test_a_hands_solver_form_counts_each_tile_as_it_plays(deal: Deal, data: st.DataObject) -> None:
    """Plain counts by the face each tile plays as (F as the okey face), wilds apart."""
    tiles = data.draw(legal_hands(deal, size=data.draw(st.integers(0, 15))))
    hand = deal.solver_hand(tiles)
    faces = [deal.plays_as(tile) for tile in tiles]
    assert hand.wilds == faces.count(None) == sum(deal.is_wild(tile) for tile in tiles)
    assert hand.counts == tuple(sum(face == Tile(index) for face in faces) for index in range(len(hand.counts)))


@given(okey_deals(), st.data())
def test_every_drawn_hand_passes_and_one_more_of_an_exhausted_tile_fails(deal: Deal, data: st.DataObject) -> None:
    tiles = data.draw(legal_hands(deal, size=data.draw(st.integers(0, 30))))
    pool = supply_pool(deal)
    exhausted = sorted(t for t in set(tiles) if tiles.count(t) == pool.count(t))
    at_the_limit(deal, tiles, exhausted)
    if exhausted:
        tile = data.draw(st.sampled_from(exhausted))
        with pytest.raises(SupplyError):
            check_supply(deal, (*tiles, tile))
        with pytest.raises(SupplyError):
            check_supply(deal, tiles, (tile,))
    else:
        extra = data.draw(extra_tile(deal, tiles))
        assert unseen(deal, extra, Counter(tiles), {}) >= 1  # a copy is left for it
        check_supply(deal, (*tiles, extra))


def test_hand_sizes() -> None:
    deal = make_deal("R4")
    check_hand_size(hand(deal, "R1-13 K1"), (14, 15), "check")
    with pytest.raises(HandSizeError, match="check needs 14 or 15 tiles, got 13"):
        check_hand_size(hand(deal, "R1-13"), (14, 15), "check")
    with pytest.raises(HandSizeError, match="no tiles were given"):
        check_hand_size((), (14, 15), "check")


def test_unseen_copies_leave_out_the_hand_the_indicator_and_the_seen() -> None:
    # rules.md 4: copies of a face not in the hand, not the indicator, not seen; never negative.
    deal = make_deal("R4")
    held = Counter(hand(deal, "R4 K9 F"))
    seen = Counter(hand(deal, "K9 F F"))
    r4, k9, y1 = Tile.parse("R4"), Tile.parse("K9"), Tile.parse("Y1")
    assert unseen(deal, r4, held, Counter()) == 0  # one copy besides the indicator, and it is held
    assert unseen(deal, k9, held, seen) == 0
    assert unseen(deal, k9, Counter(), Counter()) == 2
    assert unseen(deal, FALSE_JOKER, held, seen) == 0  # 1 held + 2 seen: never below 0
    assert unseen(deal, FALSE_JOKER, held, {}) == 1 and unseen(deal, y1, {}, {}) == 2
    rummikub = make_deal(None, "rummikub")
    assert unseen(rummikub, JOKER, Counter([JOKER]), {}) == 1


@given(st.data())
def test_unseen_by_index_is_unseen_of_every_tile(data: st.DataObject) -> None:
    # The same counts as unseen, tile by tile, for any hand and seen tiles (more than exist too:
    # never below 0), in okey profiles and in Rummikub.
    deal = data.draw(st.one_of(okey_deals(), st.just(rummikub_deal())))
    tiles = data.draw(legal_hands(deal, size=data.draw(st.integers(0, 15))))
    seen = data.draw(st.lists(st.sampled_from(supply_pool(deal)), max_size=8))
    left = unseen_by_index(deal, tiles, seen)
    held, shown = Counter(tiles), Counter(seen)
    assert left == [unseen(deal, Tile(index), held, shown) for index in range(VECTOR_SIZE)]
