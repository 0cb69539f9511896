"""The rules of play of an Okey 101 round (okeytool/solver/okey101/play.py; rules.md 5.1-5.7): the
deal, new melds and openings, lay-offs, penalties and finishes, each against the rules' text and
against the 101 analysis the project already has (the lay-offs of ``open --table``)."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from okeytool.arena.table import deal_of
from okeytool.deal import Deal
from okeytool.parse.notation import parse_tiles
from okeytool.rules import get_rules
from okeytool.solver.games import game_of
from okeytool.solver.melds.result import Meld
from okeytool.solver.okey101.layoffs import TableMeld
from okeytool.solver.okey101.opening import discard_penalty
from okeytool.solver.okey101.play import (
    LaidMeld,
    PlayError,
    all_opened_with_pairs,
    check_later_melds,
    check_opening,
    finish_of,
    fits_table,
    laid_off,
    lay_off_face,
    may_lay_on,
    needs_elden,
    new_meld,
    open_faces,
    throw_penalties,
)
from okeytool.tiles import ALL_FACES, FALSE_JOKER, Tile

RULES = get_rules("101")
#: Indicator R4: the okey (real okey, wild) is R5; F plays as a plain R5.
DEAL = Deal(RULES, Tile.parse("R4"))
OKEY = Tile.parse("R5")


def tiles(text: str) -> list[Tile]:
    return list(parse_tiles(text))


def meld(text: str, faces: str | None = None) -> Meld:
    return new_meld(DEAL, tiles(text), None if faces is None else [Tile.parse(f) for f in faces.split()])


# --- the deal (rules.md 5.1) ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_101_deal_is_the_106_tiles_22_21_21_21_and_a_stock_of_20(seed: int) -> None:
    one, again, other = deal_of(RULES, seed, 5), deal_of(RULES, seed, 5), deal_of(RULES, seed, 6)
    assert one == again and one != other  # deal k from (seed, k) alone
    assert [len(h) for h in one.hands] == [22, 21, 21, 21]
    assert len(one.stock) == 106 - 22 - 3 * 21 - 1 == 20
    assert one.indicator is not None and one.indicator != FALSE_JOKER
    every = Counter([*one.stock, one.indicator, *(t for h in one.hands for t in h)])
    assert every == Counter({**{f: 2 for f in ALL_FACES}, FALSE_JOKER: 2})
    assert len(game_of(RULES).tiles(RULES)) == 106


def test_the_starter_of_a_deal_gets_22() -> None:
    shuffled = list(game_of(RULES).tiles(RULES))
    dealt = game_of(RULES).deal_round(RULES, shuffled, 2)
    assert [len(h) for h in dealt.hands] == [21, 21, 22, 21] and dealt.starter == 2


# --- new melds and openings (rules.md 2, 5.2-5.4) ---------------------------------------------------


def test_new_melds_sets_runs_and_pairs() -> None:
    assert meld("K7 B7 Y7").kind == "set" and meld("K7 B7 Y7").value == 21
    run = meld("K9 K8 K10")
    assert run.kind == "run" and [str(p.as_) for p in run.placements] == ["K8", "K9", "K10"]
    assert meld("K7 R5").kind == "pair"  # a real okey completes a pair
    assert [str(p.as_) for p in meld("R5 K7").placements] == ["K7", "K7"]
    assert meld("F F").kind == "pair" and meld("R5 R5").kind == "pair"
    wild_run = meld("K12 K13 R5", "K12 K13 K11")
    assert [str(p.as_) for p in wild_run.placements] == ["K11", "K12", "K13"]
    assert meld("K11 K12 R5").value == 11 + 12 + 13  # the order written: R5 stands for K13
    assert meld("F R6 R7").value == 18  # F is a plain R5


def test_the_okey_in_a_meld_written_without_its_face_reads_in_the_order_written() -> None:
    assert [str(p.as_) for p in meld("K11 K12 R5").placements] == ["K11", "K12", "K13"]
    assert [str(p.as_) for p in meld("R5 K12 K13").placements] == ["K11", "K12", "K13"]


@pytest.mark.parametrize(
    ("text", "faces", "words"),
    [
        ("K12 K13 K1", None, "not a valid set or run"),  # no 12-13-1 in 101 (rules.md 2)
        ("K7 K7 B7", None, "not a valid set or run"),
        ("K7 B8", None, "not a pair"),
        ("K7 B7 Y7", "K7 B7 R7", "plays as Y7"),
        ("F K6 K7", None, "not a valid set or run"),  # F is a plain R5, never wild
    ],
)
def test_invalid_new_melds_are_refused(text: str, faces: str | None, words: str) -> None:
    with pytest.raises(PlayError, match=words):
        meld(text, faces)


def test_without_jokers_in_pairs_a_real_okey_pairs_only_with_a_real_okey() -> None:
    deal = Deal(get_rules("101", {"jokers_in_pairs": False}), Tile.parse("R4"))
    with pytest.raises(PlayError, match="not a pair"):
        new_meld(deal, tiles("K7 R5"))
    assert new_meld(deal, tiles("R5 R5")).kind == "pair"


def test_an_opening_reaches_101_or_five_pairs_and_never_mixes() -> None:
    big = [meld("K11 K12 K13"), meld("B11 B12 B13"), meld("Y9 Y10 Y11")]  # 36 + 36 + 30 = 102
    assert check_opening(DEAL, big, others_opened=True) == "melds" and not needs_elden(DEAL, big)
    small = big[:2]
    with pytest.raises(PlayError, match="worth 101, these are worth 72"):
        check_opening(DEAL, small, others_opened=True)
    assert check_opening(DEAL, small, others_opened=False) == "melds" and needs_elden(DEAL, small)
    pairs = [meld(f"{t} {t}") for t in ("K1", "K2", "K3", "K4", "K6")]
    assert check_opening(DEAL, pairs, others_opened=True) == "pairs"
    with pytest.raises(PlayError, match="needs 5 pairs, not 4"):
        check_opening(DEAL, pairs[:4], others_opened=True)
    with pytest.raises(PlayError, match="never mix"):
        check_opening(DEAL, [*pairs, big[0]], others_opened=False)
    with pytest.raises(PlayError, match="lays only more pairs"):
        check_later_melds([big[0]], "pairs")
    with pytest.raises(PlayError, match="not pairs"):
        check_later_melds([pairs[0]], "melds")


def test_open_points_and_open_pairs_are_options() -> None:
    deal = Deal(get_rules("101", {"open_points": 60, "open_pairs": 3}), Tile.parse("R4"))
    assert check_opening(deal, [meld("K11 K12 K13"), meld("B11 B12 B13")], others_opened=True) == "melds"
    assert check_opening(deal, [meld("K1 K1"), meld("K2 K2"), meld("K3 K3")], others_opened=True) == "pairs"


# --- lay-offs (rules.md 5.1, 5.3, 5.5) ---------------------------------------------------------------


def test_lay_offs_on_runs_and_sets() -> None:
    run = meld("K7 K8 K9")
    assert [str(p.as_) for p in laid_off(DEAL, run, Tile.parse("K6")).placements] == ["K6", "K7", "K8", "K9"]
    assert lay_off_face(DEAL, run, OKEY) == Tile.parse("K10")  # a real okey above first
    assert str(laid_off(DEAL, run, OKEY, Tile.parse("K6")).placements[0].as_) == "K6"
    with pytest.raises(PlayError, match="does not fit"):
        laid_off(DEAL, run, Tile.parse("K11"))
    with pytest.raises(PlayError, match="does not fit"):
        laid_off(DEAL, run, OKEY, Tile.parse("K11"))
    top = meld("K11 K12 K13")
    assert lay_off_face(DEAL, top, OKEY) == Tile.parse("K10")  # nothing after 13 in 101
    full = meld("K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13")
    assert open_faces(DEAL, full) == () and lay_off_face(DEAL, full, OKEY) is None


def test_a_real_okey_in_a_set_takes_a_colour_still_missing() -> None:
    with_okey = meld("R7 B7 R5", "R7 B7 K7")
    grown = laid_off(DEAL, with_okey, Tile.parse("K7"))  # K7 joins; the okey now stands for Y7
    assert sorted(str(p.as_) for p in grown.placements) == ["B7", "K7", "R7", "Y7"]
    with pytest.raises(PlayError, match="full"):
        laid_off(DEAL, grown, Tile.parse("Y7"))
    with pytest.raises(PlayError, match="does not fit"):
        laid_off(DEAL, with_okey, Tile.parse("B7"))
    with pytest.raises(PlayError, match="pair"):
        laid_off(DEAL, meld("K1 K1"), Tile.parse("K1"))


def test_a_pair_opener_lays_off_only_on_other_seats_melds() -> None:
    mine, theirs, pair = LaidMeld(1, meld("K7 K8 K9")), LaidMeld(2, meld("K7 K8 K9")), LaidMeld(2, meld("K1 K1"))
    assert not may_lay_on(mine, 1, "pairs") and may_lay_on(theirs, 1, "pairs") and may_lay_on(mine, 1, "melds")
    assert not may_lay_on(pair, 1, "melds")


table_texts = st.sampled_from(
    ["K7 K8 K9", "K1 K2 K3", "K11 K12 K13", "R7 B7 Y7", "R7 B7 K7 Y7", "B1 B2 B3 B4 B5", "Y3 Y4 R5", "R5 B9 K9"]
)


@given(texts=st.lists(table_texts, min_size=1, max_size=4), tile=st.sampled_from([*ALL_FACES, FALSE_JOKER]))
def test_lay_offs_and_penalties_agree_with_the_101_analysis(texts: list[str], tile: Tile) -> None:
    """What fits a table meld here is what ``open --table`` calls an işler taş (layoffs.py)."""
    table = [LaidMeld(0, meld(t)) for t in texts]
    analysis = [TableMeld(m.meld.tiles, m.meld) for m in table]
    for laid, read in zip(table, analysis):
        assert (lay_off_face(DEAL, laid.meld, tile) is not None) == read.accepts(DEAL, tile)
    assert fits_table(DEAL, tile, table) == any(m.accepts(DEAL, tile) for m in analysis)
    assert throw_penalties(DEAL, tile, table) == discard_penalty(DEAL, tile, analysis)
    assert ("okey" in throw_penalties(DEAL, tile, table)) == (tile == OKEY)


# --- finishes and aborted rounds (rules.md 5.4, 5.6, 5.7) -------------------------------------------


@pytest.mark.parametrize(
    ("throw", "opened", "one_turn", "others", "finish"),
    [
        ("K2", "melds", False, True, "normal"),
        ("R5", "melds", False, True, "okey"),
        ("K2", "pairs", False, False, "pairs"),
        ("R5", "pairs", True, False, "pairs+okey"),  # pairs are never elden
        ("K2", "melds", True, False, "elden"),
        ("R5", "melds", True, False, "elden+okey"),
        ("K2", "melds", True, True, "normal"),  # after someone else opened: a normal finish (5.6)
        ("F", "melds", False, True, "normal"),  # F is no real okey
    ],
)
def test_finishes(throw: str, opened: str, one_turn: bool, others: bool, finish: str) -> None:
    assert finish_of(DEAL, Tile.parse(throw), opened, one_turn=one_turn, others_opened=others) == finish  # type: ignore[arg-type]


def test_four_pair_openings_abort_the_round() -> None:
    assert all_opened_with_pairs(["pairs"] * 4)
    assert not all_opened_with_pairs(["pairs", "pairs", "melds", "pairs"])
    assert not all_opened_with_pairs(["pairs", "pairs", None, "pairs"])
