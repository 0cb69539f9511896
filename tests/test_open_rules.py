"""Rule-by-rule cases of the 101 opening analysis: the kept tile, wilds, pairs, elden, waits, table
melds and lay-offs, 101 discard penalties and ranking. Expected answers are worked out by hand in
the comments."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import hand, make_deal

from okeytool.errors import HandSizeError, InputError, RulesError, SupplyError
from okeytool.parse.notation import parse_tile
from okeytool.solver.melds.validator import meld_problem
from okeytool.solver.okey101.layoffs import lay_offs, table_meld, table_melds
from okeytool.solver.okey101.opening import analyse_opening, discard_101, pair_count


def t(text: str):  # noqa: ANN201 - a one-tile helper
    return parse_tile(text)


# -- the opening -------------------------------------------------------------------------------------


def test_one_tile_is_kept_back() -> None:
    deal = make_deal("Y7", "101")
    assert analyse_opening(deal, hand(deal, "R1 R2 R3")).best.points == 0  # all three would be needed
    four = analyse_opening(deal, hand(deal, "R1 R2 R3 R4"))
    assert four.best.points == 9 and [str(x) for x in four.left] == ["R1"]  # R2-4 beats R1-3


def test_long_runs_and_sets_count_every_number() -> None:
    deal = make_deal("Y7", "101")
    result = analyse_opening(deal, hand(deal, "K5-13 R13 Y13 B2"))
    # K5..K13 = 81, with K13 R13 Y13 as a set instead: K5-12 (68) + 39 = 107.
    assert result.best.points == 107 and result.can_open
    assert {meld.kind for meld in result.best.melds} == {"run", "set"}


def test_two_okeys_take_their_most_valuable_places() -> None:
    deal = make_deal("K6", "101")  # okey K7
    result = analyse_opening(deal, hand(deal, "Y12 K7 K7 R2"))
    # Y12 with two wilds: Y11 Y12 Y13 = 36 (a set 12-12-12 is 36 too); never less.
    assert result.best.points == 36
    assert all(meld_problem(deal, m) is None for m in result.best.melds)


def test_false_joker_is_the_okey_face_and_not_wild() -> None:
    deal = make_deal("R4", "101")  # okey R5: F is a plain red 5
    assert analyse_opening(deal, hand(deal, "R6 R7 F K1")).best.points == 18
    assert analyse_opening(deal, hand(deal, "R9 R10 F K1")).best.points == 0


def test_no_wrap_in_101_and_no_option_to_allow_it() -> None:
    deal = make_deal("R5", "101")
    assert analyse_opening(deal, hand(deal, "B12 B13 B1 K2")).best.points == 0
    with pytest.raises(RulesError, match="wrap"):  # rules.md 1: 13 wraps to 1 only from indicator to okey
        make_deal("R5", "101", wrap=True)


def test_alternative_with_other_melds() -> None:
    deal = make_deal("Y7", "101")
    result = analyse_opening(deal, hand(deal, "K13 R13 Y13 B10 B11 B12 B13 R4 R5 R6 K2"))
    # Best 100: K13 R13 Y13 + B10-13 + R4-6. Also 100: the four 13s + B10-12 + R4-6.
    assert result.best.points == 100
    first = result.options[0]
    assert first.points == 100
    assert any(sorted(str(x) for x in m.tiles) == ["B13", "K13", "R13", "Y13"] for m in first.melds)


def test_options_zero_and_negative() -> None:
    deal = make_deal("Y7", "101")
    assert analyse_opening(deal, hand(deal, "R1-5 K9"), options=0).options == ()
    with pytest.raises(InputError):
        analyse_opening(deal, hand(deal, "R1-5 K9"), options=-1)


def test_hand_size_limits() -> None:
    deal = make_deal("Y7", "101")
    with pytest.raises(HandSizeError):
        analyse_opening(deal, ())
    with pytest.raises(HandSizeError):
        analyse_opening(deal, hand(deal, "R1-13 B1-10"))
    assert analyse_opening(deal, hand(deal, "R1-13 B1-9")).tiles  # 22 is fine


# -- pairs and elden ---------------------------------------------------------------------------------


def test_pairs_with_okeys_and_false_jokers() -> None:
    deal = make_deal("B3", "101")  # okey B4
    assert pair_count(deal.solver_hand(hand(deal, "F F R2 R2"))) == 2
    assert pair_count(deal.solver_hand(hand(deal, "B4 B4 R2 K9"))) == 2  # each okey completes a single
    assert pair_count(deal.solver_hand(hand(deal, "B4 B4 R2 R2"))) == 2  # R2 R2, and the two okeys
    strict = deal.solver_hand(hand(deal, "B4 R2 K9"))
    assert pair_count(strict, jokers_in_pairs=False) == 0 and pair_count(strict) == 1


def test_pair_opening_needs_a_tile_to_discard() -> None:
    deal = make_deal("B3", "101")
    ten = analyse_opening(deal, hand(deal, "R2 R2 K9 K9 Y13 Y13 B7 B7 R11 R11"))
    assert ten.pairs == 5 and not ten.can_open_pairs  # all ten would be laid
    eleven = analyse_opening(deal, hand(deal, "R2 R2 K9 K9 Y13 Y13 B7 B7 R11 R11 K1"))
    assert eleven.can_open_pairs
    strict = make_deal("B3", "101", jokers_in_pairs=False)
    okey = analyse_opening(strict, hand(strict, "R2 R2 K9 K9 Y13 Y13 B7 B7 R11 B4 K5"))
    assert okey.pairs == 4 and not okey.can_open_pairs


def test_elden_needs_exactly_all_but_one() -> None:
    deal = make_deal("Y7", "101")
    assert analyse_opening(deal, hand(deal, "R1-6 K9")).elden
    assert analyse_opening(deal, hand(deal, "R1-6")).elden  # R2-6 is a run of five, R1 kept
    assert not analyse_opening(deal, hand(deal, "R1-3 B7-9")).elden  # five of these are no melds
    assert not analyse_opening(deal, hand(deal, "R1-6 K9 K11")).elden


# -- waits -------------------------------------------------------------------------------------------


def test_opening_waits_of_a_hundred_point_hand() -> None:
    deal = make_deal("Y7", "101")  # okey Y8
    tiles = hand(deal, "K13 R13 Y13 B10 B11 B12 B13 R4 R5 R6 K2")
    result = analyse_opening(deal, tiles, seen=hand(deal, "R3"))
    # 100 now. R3 or R7 (run of four reds), B9 (B9-13), the second B13 (four 13s + B10-12 + R4-6 = 113
    # with B13... or B10-13 and a full set), or a real okey (Y8) anywhere useful lift it to 101+.
    assert {str(w.tile) for w in result.waits} == {"R3", "R7", "B9", "B13", "Y8"}
    unseen = {str(w.tile): w.unseen for w in result.waits}
    assert unseen == {"R3": 1, "R7": 2, "B9": 2, "B13": 1, "Y8": 2}
    assert result.unseen_total == 8
    assert all(w.points >= 101 for w in result.waits)


def test_no_waits_once_open() -> None:
    deal = make_deal("Y7", "101")
    assert analyse_opening(deal, hand(deal, "K13 R13 Y13 B10 B11 B12 B13 R4 B4 K4 Y4 K2")).waits == ()


# -- the table ---------------------------------------------------------------------------------------


def test_lay_offs_on_runs_and_sets() -> None:
    deal = make_deal("R3", "101")  # okey R4, so F plays as R4
    table = table_melds(deal, [hand(deal, "R1 R2 R3"), hand(deal, "K7 B7 Y7")])
    found = {str(lay.tile): lay.melds for lay in lay_offs(deal, hand(deal, "R7 K7 R5 F R4 B9"), table)}
    # R7: the set's missing colour. K7: a colour already there. R5: not next to R3. F = R4: extends
    # R1-3. R4 is the real okey: it fits both.
    assert found == {"R7": (2,), "F": (1,), "R4": (1, 2)}


def test_table_wild_keeps_the_meaning_of_the_order_written() -> None:
    deal = make_deal("K1", "101")  # okey K2
    run = table_meld(deal, hand(deal, "R5 R6 J"))  # written R5 R6 then the okey: R5-7 (rules.md 5.1)
    accepted = {n for n in range(1, 14) if run.accepts(deal, t(f"R{n}"))}
    assert accepted == {4, 8}  # R7 would take the okey's place: no joker exchange in 101 (rules.md 8)
    group = table_meld(deal, hand(deal, "R7 B7 J"))  # the wild stands for a missing colour, K7 or Y7
    assert group.accepts(deal, t("K7")) and group.accepts(deal, t("Y7")) and not group.accepts(deal, t("R7"))


@pytest.mark.parametrize("text", ["R1 R2", "R1 R2 R4", "R7 R7 B7", "K12 K13 K1", "R1 B2 K3"])
def test_invalid_table_melds_are_refused(text: str) -> None:
    deal = make_deal("Y5", "101")
    with pytest.raises(InputError, match="table meld 1"):
        table_meld(deal, hand(deal, text))


def test_isler_tiles_in_the_opening_answer() -> None:
    deal = make_deal("Y7", "101")
    table = table_melds(deal, [hand(deal, "B5 B6 B7")])
    result = analyse_opening(deal, hand(deal, "B4 B8 K9 K10 K11 R1"), table=table)
    assert [str(x) for x in result.isler] == ["B4", "B8"] and result.lay_offs is None
    opened = analyse_opening(deal, hand(deal, "B4 B8 K9 K10 K11 R1"), table=table, opened=True)
    assert opened.lay_offs is not None and [lay.melds for lay in opened.lay_offs] == [(1,), (1,)]


def test_table_tiles_count_against_the_supply() -> None:
    deal = make_deal("Y7", "101")
    table = table_melds(deal, [hand(deal, "B5 B6 B7"), hand(deal, "B5 B6 B7")])
    with pytest.raises(SupplyError):
        analyse_opening(deal, hand(deal, "B5 K1"), table=table)


# -- 101 discards ------------------------------------------------------------------------------------


def test_discards_that_go_out() -> None:
    deal = make_deal("Y1", "101")  # okey Y2, not in the hand
    tiles = hand(deal, "R1-13 B1-3 K5-7 Y9-11")
    rows = {str(r.tile): r for r in discard_101(deal, tiles).discards}
    # All 22 can be laid; throwing R1, R13 or R4..R10 leaves runs of 3+ on both sides: going out.
    winners = {name for name, row in rows.items() if row.wins}
    assert winners == {"R1", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R13"}
    assert all(rows[name].penalty == 0 for name in winners)
    assert rows["B1"].open_points == sum(range(1, 14)) + 18 + 30 and not rows["B1"].wins


def test_throwing_the_okey_costs_101_unless_it_finishes() -> None:
    deal = make_deal("K12", "101")  # okey K13
    finishing = hand(deal, "R1-13 B1-4 K5-8 K13")
    result = discard_101(deal, finishing)
    first = result.discards[0]
    assert str(first.tile) == "K13" and first.wins and first.okey_finish and first.penalty == 0
    stuck = hand(deal, "R1 R5 R9 B2 B6 B10 K3 K7 K11 Y4 Y8 Y12 R13 B13 Y1 Y6 K1 K5 B8 R11 Y10 K13")
    rows = discard_101(deal, stuck).discards
    okey_row = next(r for r in rows if str(r.tile) == "K13")
    assert okey_row.penalty == 101 and okey_row.reasons == ("okey",)
    assert rows[-1] is okey_row  # the only penalty, so ranked last


def test_discard_ranking_order() -> None:
    deal = make_deal("Y1", "101")
    table = table_melds(deal, [hand(deal, "K1 K2 K3")])
    tiles = hand(deal, "R1-9 B9 K9 Y9 B10 B11 K4 R13 B13 Y13 K13 Y5 Y6 R12")
    result = discard_101(deal, tiles, table=table)
    rows = result.discards
    assert str(next(r for r in rows if r.penalty).tile) == "K4"  # işler taş on K1-3
    keys = [(r.penalty, -r.open_points, -r.pairs) for r in rows]
    assert keys == sorted(keys)
    assert len(rows) == len(set(tiles))
    for row in rows:  # each row's opening is valid and uses only the 21 tiles left
        rest = Counter(tiles)
        rest[row.tile] -= 1
        assert not Counter(row.opening.tiles) - rest
        assert all(meld_problem(deal, m) is None for m in row.opening.melds)
        assert row.can_open == (row.open_points >= 101 or row.pairs >= 5)


def test_discard_needs_22_tiles() -> None:
    deal = make_deal("Y1", "101")
    with pytest.raises(HandSizeError):
        discard_101(deal, hand(deal, "R1-13 B1-8"))
