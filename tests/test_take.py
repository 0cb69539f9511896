"""Taking the previous player's discard in 101 (rules.md 5.1): before opening it must be part of the
opening; after opening it must be laid at once."""

from __future__ import annotations

import json
from itertools import combinations

from conftest import Run, hand, make_deal
from hypothesis import given, settings
from test_open_properties import _meld_values, reference_table, small_deals

from okeytool.deal import Deal
from okeytool.parse.notation import parse_tile
from okeytool.solver.melds.validator import meld_problem
from okeytool.solver.okey101.layoffs import table_melds
from okeytool.solver.okey101.take import take_discard
from okeytool.tiles import Tile

HAND = "K13 R13 Y13 B10-13 R4-6 K2"  # 100 points with indicator Y7 (hands.jsonl V33)


def test_a_tile_that_lifts_the_opening_can_be_taken() -> None:
    deal = make_deal("Y7", "101")
    taken = take_discard(deal, hand(deal, HAND), parse_tile("R7"))
    assert taken.usable and taken.can_open and taken.opening.points == 107
    assert any(parse_tile("R7") in meld.tiles for meld in taken.opening.melds)


def test_a_tile_that_fits_no_opening_cannot_be_taken() -> None:
    deal = make_deal("Y7", "101")
    taken = take_discard(deal, hand(deal, HAND), parse_tile("K2"))  # a second K2 fits no meld
    assert not taken.usable and taken.opening.points == 0


def test_a_real_okey_taken_must_be_laid_and_takes_its_best_place() -> None:
    deal = make_deal("Y7", "101")  # Y8 is the okey: as B13 it makes the set of four 13s
    taken = take_discard(deal, hand(deal, HAND), parse_tile("Y8"))
    assert taken.usable and taken.opening.points == 113
    wild = [p for meld in taken.opening.melds for p in meld.placements if deal.is_wild(p.tile)]
    assert len(wild) == 1


def test_an_opening_that_does_not_reach_the_threshold_forbids_the_take() -> None:
    deal = make_deal("Y7", "101")
    taken = take_discard(deal, hand(deal, "R4-6 K2 B9"), parse_tile("R7"))
    assert taken.opening.points == 22 and not taken.can_open and not taken.usable


def test_after_opening_the_tile_must_be_laid_this_turn() -> None:
    deal = make_deal("Y7", "101")
    table = table_melds(deal, [hand(deal, "R1 R2 R3")])
    fits_table = take_discard(deal, hand(deal, "K2 B9"), parse_tile("R4"), table=table, opened=True)
    assert fits_table.usable and fits_table.lay_off
    fits_hand = take_discard(deal, hand(deal, "K2 K3 B9"), parse_tile("K4"), table=table, opened=True)
    assert fits_hand.usable and not fits_hand.lay_off and fits_hand.opening.melds
    useless = take_discard(deal, hand(deal, "K2 B9"), parse_tile("Y12"), table=table, opened=True)
    assert not useless.usable


def reference_laying(deal: Deal, tiles: tuple[Tile, ...], taken: Tile) -> int:
    """Best value of new melds from ``tiles + taken`` that lay ``taken`` and keep one tile: a group
    holding the taken tile, plus the best of the rest (the slow reference of the opening tests)."""
    rest_all = list(tiles)
    best = 0
    size = len(tiles) + 1
    for group_size in range(2, len(rest_all) + 1):
        for picks in combinations(range(len(rest_all)), group_size):
            group = (taken, *(rest_all[k] for k in picks))
            values = _meld_values(deal, group)
            if not values:
                continue
            left = [t for k, t in enumerate(rest_all) if k not in picks]
            for laid, value in reference_table(deal, tuple(left)).items():
                if len(group) + laid <= size - 1:
                    best = max(best, max(values) + value)
    return best


@settings(max_examples=60)
@given(small_deals(max_size=7))
def test_best_laying_matches_the_slow_reference(case: tuple[Deal, tuple[Tile, ...]]) -> None:
    deal, tiles = case
    if len(tiles) < 3:
        return
    taken, held = tiles[0], tiles[1:]
    answer = take_discard(deal, held, taken)
    assert answer.opening.points == reference_laying(deal, held, taken)
    for meld in answer.opening.melds:
        assert meld_problem(deal, meld) is None
    laid = [t for meld in answer.opening.melds for t in meld.tiles]
    assert len(laid) <= len(held)  # one tile stays to discard
    if answer.opening.melds:
        assert taken in laid


def test_open_take_on_the_command_line(run_main) -> None:  # type: ignore[no-untyped-def]
    shown: Run = run_main("open", "-i", "Y7", HAND, "--take", "R7", "--json")
    document = json.loads(shown.out)
    assert document["take"]["usable"] is True and document["take"]["points"] == 107
    text: Run = run_main("open", "-i", "Y7", HAND, "--take", "K2", "--options", "0")
    assert "take K2" in text.out and text.code == 0
    bad: Run = run_main("open", "-i", "Y7", HAND, "--take", "X9")
    assert bad.code == 2 and bad.err.count("\n") == 1
