"""``check_hand`` on the rules of rules.md 3.1-3.2, hand by hand: false jokers, seven pairs with okeys,
pairs before melds, Kafa, okey finish first, stack_multipliers."""

from __future__ import annotations

import pytest
from conftest import hand, make_deal

from okeytool.errors import HandSizeError, InputError, SupplyError
from okeytool.solver.classic.check import check_hand
from okeytool.solver.melds.validator import arrangement_problem
from okeytool.tiles import Tile


def check(indicator: str, written: str, solver: str = "search", **options: object):
    deal = make_deal(indicator, **options)
    tiles = hand(deal, written)
    result = check_hand(deal, tiles, solver=solver)  # type: ignore[arg-type]
    for win in result.wins:
        rest = list(tiles)
        if win.discard is not None:
            rest.remove(win.discard)
        assert arrangement_problem(deal, rest, win.arrangement) is None
    return result


def names(tiles) -> list[str]:
    return [str(t) for t in tiles]


@pytest.mark.parametrize("solver", ["search", "cpsat"])
def test_a_false_joker_is_only_the_okey_face(solver: str) -> None:
    # Indicator R4: okey R5. R7 K7 + wild makes a set; F cannot stand for Y7/B7.
    assert check("R4", "R7 K7 R5 B1-4 Y4-6 R9-12 K2", solver).winning
    assert not check("R4", "R7 K7 F B1-4 Y4-6 R9-12 K2", solver).winning
    # ... but F completes a meld as a plain R5.
    result = check("R4", "R3 R4 F B1-4 Y4-6 R9-12 K2", solver)
    assert names(result.winning_discards) == ["K2"]
    placed = {p.tile: p.as_ for m in result.best.arrangement.melds for p in m.placements}
    assert placed[Tile.parse("F")] == Tile.parse("R5")


def test_a_false_joker_in_a_set_only_as_the_okey_face() -> None:
    # okey Y8: F is a plain Y8 and makes the set R8 B8 F.
    assert check("Y7", "R8 B8 F K1-3 R1-4 B10-13 Y1").winning_discards == (Tile.parse("Y1"),)
    # okey Y9: F is Y9, no longer an 8.
    assert not check("Y8", "R8 B8 F K1-3 R1-4 B10-13 Y1").winning


def test_seven_pairs_with_two_okeys_as_one_pair() -> None:
    # okey B4: B4 B4 is a pair of wilds.
    result = check("B3", "R2 R2 K9 K9 Y13 Y13 B7 B7 R11 R11 K1 K1 B4 B4 Y6")
    by_discard = {str(w.discard): w for w in result.wins}
    # Any discard wins: a broken pair and Y6 take the two okeys.
    assert set(by_discard) == {"R2", "K9", "Y13", "B7", "R11", "K1", "B4", "Y6"}
    y6 = by_discard["Y6"].arrangement.melds
    assert any(m.tiles == (Tile.parse("B4"), Tile.parse("B4")) for m in y6)
    # Throwing one okey (the other pairs with Y6) is a pairs + okey finish and ranks first.
    assert result.best.discard == Tile.parse("B4") and result.best.multiplier == 4


def test_seven_pairs_with_okeys_completing_singles() -> None:
    result = check("B3", "R2 R2 K9 K9 Y13 Y13 B7 B7 R11 B4 K1 B4 Y5 Y5 Y6")
    assert result.winning and {w.kind for w in result.wins} == {"pairs"}
    # Any of the three singles can go; the two okeys complete the other two.
    assert sorted(names(result.winning_discards)) == ["K1", "R11", "Y6"]


def test_seven_pairs_needs_identical_tiles() -> None:
    assert not check("B3", "R2 B2 K9 K9 Y13 Y13 B7 B7 R11 R11 K1 K1 Y5 Y5 Y6").winning


def test_seven_pairs_off_in_a_profile_without_them() -> None:
    assert not check("B3", "R2 R2 K9 K9 Y13 Y13 B7 B7 R11 R11 K1 K1 Y5 Y5 B12", seven_pairs=False).winning


def test_a_meld_hand_that_is_also_seven_pairs_scores_as_pairs() -> None:
    result = check("Y10", "R1 R1 R2 R2 R3 R3 R4 R4 B5 B5 B6 B6 B7 B7")
    assert result.best.kind == "pairs" and result.best.multiplier == 2
    # The same hand without seven pairs is still a meld hand.
    melds = check("Y10", "R1 R1 R2 R2 R3 R3 R4 R4 B5 B5 B6 B6 B7 B7", seven_pairs=False)
    assert melds.best.kind == "melds" and melds.best.multiplier == 1


@pytest.mark.parametrize("solver", ["search", "cpsat"])
def test_kafa(solver: str) -> None:
    result = check("K4", "Y1-13 Y1 R9", solver)
    assert result.best.kafa and result.best.kind == "melds"
    # A real okey counts by its own colour: K5 standing in for Y7 wins, but not as a Kafa ...
    stand_in = check("K4", "Y1-6 K5 Y8-13 Y1 R9", solver)
    assert stand_in.winning and not stand_in.best.kafa
    # ... while a yellow okey (Y5, indicator Y4) standing in for Y7 keeps the 14 tiles yellow.
    assert check("Y4", "Y1-6 Y5 Y8-13 Y1 R9", solver).best.kafa
    # Not one colour: an ordinary meld win.
    other = check("K4", "Y1-12 R13 Y1 R9", solver)
    assert not other.winning or not any(w.kafa for w in other.wins)
    plain = check("K4", "Y1-3 Y4-7 R1-3 B8-11 K9", solver)
    assert plain.winning and not plain.best.kafa


def test_kafa_match_win_ranks_first() -> None:
    # okey Y5 (indicator Y4). Discarding R9 leaves a Kafa; discarding the okey leaves Y1-13 R9 (no win).
    ordinary = check("Y4", "Y1-13 Y1 R9")
    assert ordinary.best.kafa
    match = check("Y4", "Y1-13 Y1 R9", kafa="match-win")
    assert match.best.kafa


@pytest.mark.parametrize("solver", ["search", "cpsat"])
def test_okey_finish_ranks_first(solver: str) -> None:
    # okey R5: every discard wins (V20); throwing the okey doubles.
    result = check("R4", "R1-3 B9-12 K7 Y7 B7 Y10 Y11 R5 Y12 Y13", solver)
    assert result.best.discard == Tile.parse("R5")
    assert result.best.okey_finish and result.best.finish.value == "okey" and result.best.multiplier == 2
    assert all(not w.okey_finish and w.multiplier == 1 for w in result.wins[1:])
    discards = names(result.winning_discards)
    assert discards[1:] == sorted(discards[1:], key=lambda s: Tile.parse(s))  # then canonical order


def test_discarding_a_false_joker_is_a_normal_finish() -> None:
    result = check("R4", "R1-3 B9-12 K7 Y7 B7 Y10-13 F")
    f_win = [w for w in result.wins if w.discard == Tile.parse("F")]
    assert f_win and not f_win[0].okey_finish and f_win[0].multiplier == 1


@pytest.mark.parametrize(("stack", "multiplier"), [(True, 4), (False, 2)])
def test_pairs_plus_okey_finish(stack: bool, multiplier: int) -> None:
    # okey B4: discarding one okey leaves seven pairs with the other okey completing K1.
    result = check("B3", "R2 R2 K9 K9 Y13 Y13 B7 B7 R11 R11 K1 B4 Y5 Y5 B4", stack_multipliers=stack)
    win = next(w for w in result.wins if w.discard == Tile.parse("B4"))
    assert win.kind == "pairs" and win.okey_finish
    assert win.finish.value == "pairs+okey" and win.multiplier == multiplier
    assert result.best.multiplier == multiplier  # nothing scores more


def test_a_14_tile_hand_is_complete_or_not() -> None:
    result = check("Y7", "R1-4 B9-11 K5 Y5 R5 K11-13 K1")
    assert result.winning and result.winning_discards == () and result.best.discard is None
    assert not check("Y7", "R1-4 B9-11 K5 Y5 R5 K11-13 B1").winning


def test_check_refuses_what_it_cannot_answer() -> None:
    deal = make_deal("R4")
    with pytest.raises(HandSizeError, match="got 13"):
        check_hand(deal, hand(deal, "R1-13"))
    with pytest.raises(HandSizeError, match="got 16"):
        check_hand(deal, hand(deal, "R1-13 K1-3"))
    with pytest.raises(SupplyError):
        check_hand(deal, hand(deal, "R1-12 K1 K1 K1"))
    with pytest.raises(InputError, match="14-tile"):
        deal101 = make_deal("R4", "101")
        check_hand(deal101, hand(deal101, "R1-13 K1"))


def test_no_wrap_option_refuses_12_13_1() -> None:
    assert check("Y7", "R1-4 B9-11 K5 Y5 R5 K11-13 K1").winning
    assert not check("Y7", "R1-4 B9-11 K5 Y5 R5 K11-13 K1", wrap=False).winning
    assert not check("Y7", "R1-4 B9-11 K5 Y5 R5 K12 K13 K1 K2").winning  # 12-13-1-2 never
