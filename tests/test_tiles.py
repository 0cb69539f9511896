"""Tiles: the value type, its canonical text, the count-vector index table; the deal's okey."""

from __future__ import annotations

import pytest
from conftest import make_deal
from hypothesis import given
from hypothesis import strategies as st

from okeytool.deal import Deal
from okeytool.errors import InputError, NotationError, SupplyError
from okeytool.rules import get_rules
from okeytool.tiles import (
    ALL_FACES,
    FACE_COUNT,
    FALSE_JOKER,
    JOKER,
    VECTOR_SIZE,
    Colour,
    Tile,
    format_tiles,
)

EVERY_TILE = [Tile(i) for i in range(VECTOR_SIZE)]


@pytest.mark.parametrize("tile", EVERY_TILE, ids=str)
def test_every_tile_round_trips_through_its_text(tile: Tile) -> None:
    assert Tile.parse(str(tile)) == tile
    assert eval(repr(tile), {"Tile": Tile}) == tile  # repr is the call one would type


def test_the_value_type_reads_only_its_canonical_text() -> None:
    assert Tile.parse("r5") == Tile.parse("R5") == Tile.face(Colour.RED, 5)
    assert Tile.parse("f") == FALSE_JOKER and Tile.parse("j") == JOKER
    for other in ["blau12", "R5 ", "R05", "R14", "RB5", "R3-5", "", "ı5", "X" * 1000]:
        with pytest.raises(NotationError, match="canonical form") as raised:
            Tile.parse(other)
        assert len(str(raised.value)) < 100  # a long text is cut in the message


@pytest.mark.parametrize(
    ("text", "index"),
    [("R1", 0), ("R13", 12), ("B1", 13), ("K1", 26), ("K13", 38), ("Y1", 39), ("Y13", 51), ("F", 52), ("J", 53)],
)
def test_index_table_is_colour_times_13_plus_number_minus_1(text: str, index: int) -> None:
    assert Tile.parse(text).index == index
    if index < 52:
        tile = Tile.parse(text)
        assert tile.index == int(tile.colour) * 13 + tile.number - 1


def test_canonical_order_is_colour_then_number_then_f_then_j() -> None:
    tiles = [Tile.parse(t) for t in ["J", "Y1", "F", "K13", "B2", "R10", "R9", "B1"]]
    assert format_tiles(tiles) == "R9 R10 B1 B2 K13 Y1 F J"
    assert format_tiles(tiles, sort=False) == "J Y1 F K13 B2 R10 R9 B1"


def test_colour_letters() -> None:
    assert [c.letter for c in Colour] == ["R", "B", "K", "Y"]


def test_face_properties_and_refusals() -> None:
    r5 = Tile.face(Colour.RED, 5)
    assert (r5.colour, r5.number, r5.is_face, r5.is_false_joker, r5.is_joker) == (Colour.RED, 5, True, False, False)
    assert FALSE_JOKER.is_false_joker and not FALSE_JOKER.is_face
    assert JOKER.is_joker and not JOKER.is_face
    for bad in [(0, 0), (0, 14), (4, 1), (-1, 3)]:
        with pytest.raises(ValueError):
            Tile.face(*bad)
    with pytest.raises(ValueError):
        Tile(VECTOR_SIZE)
    with pytest.raises(ValueError):
        FALSE_JOKER.colour  # noqa: B018
    with pytest.raises(ValueError):
        JOKER.number  # noqa: B018


@given(st.lists(st.sampled_from(EVERY_TILE[:FACE_COUNT] + [FALSE_JOKER]), max_size=30))
def test_the_solver_form_counts_each_face_at_its_index(tiles: list[Tile]) -> None:
    deal = make_deal("R4")  # okey R5: held as a wild; F plays as a plain R5
    hand = deal.solver_hand(tiles)
    okey_index = Tile.parse("R5").index
    assert len(hand.counts) == FACE_COUNT and hand.size == len(tiles)
    assert hand.wilds == tiles.count(Tile.parse("R5"))
    for face in range(FACE_COUNT):
        expected = tiles.count(FALSE_JOKER) if face == okey_index else tiles.count(Tile(face))
        assert hand.counts[face] == expected


@pytest.mark.parametrize(("indicator", "okey"), [("R4", "R5"), ("K13", "K1"), ("Y12", "Y13"), ("B1", "B2")])
def test_okey_is_next_number_of_the_indicator_colour_13_wraps_to_1(indicator: str, okey: str) -> None:
    deal = make_deal(indicator)
    assert deal.okey == Tile.parse(okey)
    assert Deal.from_okey(deal.rules, Tile.parse(okey)) == deal


def test_wild_and_false_joker() -> None:
    deal = make_deal("R4")
    r5, f = Tile.parse("R5"), FALSE_JOKER
    assert deal.is_wild(r5) and not deal.is_wild(f)
    assert deal.plays_as(f) == r5 and deal.plays_as(r5) is None
    assert deal.resolve([JOKER, f, Tile.parse("K2")]) == (r5, f, Tile.parse("K2"))
    hand = deal.solver_hand([r5, f, f, Tile.parse("K2")])
    assert hand.wilds == 1 and hand.counts[r5.index] == 2 and hand.size == 4


def test_rummikub_deal_has_jokers_and_no_indicator() -> None:
    deal = make_deal(None, "rummikub")
    assert deal.okey is None and deal.is_wild(JOKER) and not deal.is_wild(Tile.parse("R5"))
    with pytest.raises(SupplyError, match="false joker"):
        deal.resolve([FALSE_JOKER])
    with pytest.raises(InputError, match="no indicator"):
        Deal(get_rules("rummikub"), Tile.parse("R4"))


def test_okey_profiles_need_a_numbered_indicator() -> None:
    with pytest.raises(InputError, match="need an indicator"):
        Deal(get_rules("classic"), None)
    for bad in (FALSE_JOKER, JOKER):
        with pytest.raises(InputError, match="numbered tile"):
            Deal(get_rules("classic"), bad)


@pytest.mark.parametrize("face", ALL_FACES[:13], ids=str)
def test_supply_of_a_face(face: Tile) -> None:
    deal = Deal(get_rules("classic"), face)
    assert deal.supply(face) == 1
    assert deal.supply(face.successor()) == 2
