"""Rummikub plays: the cases of rules.md section 6, table reading, bad input, going out."""

from __future__ import annotations

from collections import Counter

import pytest
from reference import table_joker_problem

from okeytool.deal import Deal
from okeytool.errors import HandSizeError, InputError, NotationError, SupplyError
from okeytool.parse.notation import parse_melds, parse_tiles
from okeytool.rules import get_rules
from okeytool.solver.melds.result import SolveStatus
from okeytool.solver.melds.validator import meld_problem
from okeytool.solver.rummikub.play import Play, best_play, can_go_out, rack_value, read_table
from okeytool.tiles import Tile

RUMMIKUB = Deal(get_rules("rummikub"))


def tiles(text: str) -> tuple[Tile, ...]:
    """The tiles written, in canonical order (as results list them)."""
    return tuple(sorted(parse_tiles(text)))


def play(rack: str, table: str = "", *, opened: bool = False, goal: str = "tiles", deal: Deal = RUMMIKUB) -> Play:
    result = best_play(deal, tiles(rack), parse_melds(table) if table else (), opened=opened, goal=goal)  # type: ignore[arg-type]
    assert_sound(deal, result, rack, table)
    return result


def assert_sound(deal: Deal, result: Play, rack: str, table: str) -> None:
    """Invariants of every answer: valid melds, every table tile kept, rack = placed + left."""
    for meld in result.melds:
        assert meld_problem(deal, meld) is None, meld
        real = [p for p in meld.placements if not p.tile.is_joker]
        assert not (meld.kind == "set" and len(real) == 1), "one tile with two jokers is a run"
    before = Counter(t for m in (parse_melds(table) if table else ()) for t in m)
    after = Counter(t for m in result.melds for t in m.tiles)
    assert after == before + Counter(result.placed)
    assert Counter(result.placed) + Counter(result.rack_left) == Counter(tiles(rack))
    assert result.status is SolveStatus.OPTIMAL


def faces(result: Play) -> list[list[str]]:
    return [[str(p.as_) for p in m.placements] for m in result.melds]


# --- rules.md section 6 -----------------------------------------------------------------------


def test_joker_stands_in_a_set() -> None:
    result = play("R7 B7 J", opened=True)
    assert result.placed_count == 3
    (meld,) = result.melds
    joker = next(p for p in meld.placements if p.tile.is_joker)
    assert joker.as_.number == 7 and joker.as_.colour not in (0, 1)


def test_joker_stands_in_a_run() -> None:
    result = play("R4 R6 J", opened=True)
    assert faces(result) == [["R4", "R5", "R6"]]
    assert result.melds[0].placements[1].tile.is_joker


def test_number_tile_with_two_jokers_is_a_run() -> None:
    result = play("K13 J J", opened=True, goal="value")
    (meld,) = result.melds
    assert meld.kind == "run"
    assert faces(result) == [["K11", "K12", "K13"]]
    assert result.value == 36  # as a set of 13s it would wrongly count 39


def test_number_tile_with_two_jokers_on_the_table_is_read_as_a_run() -> None:
    (meld,) = read_table(RUMMIKUB, parse_melds("J J R5"))
    assert meld.kind == "run"
    assert [str(p.as_) for p in meld.placements] == ["R3", "R4", "R5"]


def test_no_run_past_13() -> None:
    assert play("R12 R13 R1", opened=True).must_draw
    with pytest.raises(NotationError):
        parse_tiles("R12-1")
    with pytest.raises(InputError, match="not valid"):
        play("B5", "R12 R13 R1", opened=True)


def test_thirteen_with_joker_runs_down_not_round() -> None:
    result = play("R12 R13 J", opened=True)
    assert faces(result) == [["R11", "R12", "R13"]]


def test_initial_meld_of_exactly_30_is_allowed() -> None:
    result = play("R9 R10 R11")
    assert result.placed_count == 3 and result.value == 30 and result.initial


def test_initial_meld_of_29_is_refused() -> None:
    assert play("R5 B5 K5 Y5 K2 K3 K4").must_draw  # 20 + 9 = 29
    assert play("K8 K9 K10 R2").must_draw  # 27
    assert play("R8 R9 R12 K3 B3 Y3").must_draw  # only the 3s meld: 9


def test_initial_meld_of_30_from_two_melds_is_allowed() -> None:
    allowed = play("R5 B5 K5 Y5 K1 K2 K3 K4")  # 20 + 10 = 30
    assert allowed.placed_count == 8 and allowed.value == 30
    assert [m.status for m in allowed.table] == ["new", "new"]


def test_initial_meld_with_joker_worth_30() -> None:
    result = play("K9 K10 J")
    assert result.placed_count == 3 and result.value == 30
    assert faces(result) == [["K9", "K10", "K11"]]
    assert result.table[0].status == "new"


def test_initial_meld_does_not_touch_the_table() -> None:
    result = play("R4 K10 K11 K12", "R1 R2 R3")
    assert result.placed == tiles("K10 K11 K12")
    assert result.rack_left == tiles("R4")
    assert result.table[0].status == "kept"
    assert faces(result)[0] == ["R1", "R2", "R3"]


def test_split_run_to_make_room() -> None:
    result = play("B7 K7", "R4 R5 R6 R7", opened=True)
    assert result.placed == tiles("B7 K7")
    assert sorted(map(sorted, faces(result))) == [["B7", "K7", "R7"], ["R4", "R5", "R6"]]
    assert all(m.status == "changed" for m in result.table)


def test_play_places_most_tiles_and_says_what_is_left() -> None:
    result = play("R4 K7 B9", "R1-3; K7 B7 Y7", opened=True)
    assert result.placed == tiles("R4")
    assert result.rack_left == tiles("K7 B9") and result.rack_left_value == 16
    statuses = {tuple(p for p in f): m.status for f, m in zip(faces(result), result.table)}
    assert statuses[("K7", "B7", "Y7")] == "kept"


# --- the tie-breaks ------------------------------------------------------------------------------


def test_untouched_melds_are_kept() -> None:
    result = play("R4", "B1 B2 B3; R1 R2 R3; K7 B7 Y7", opened=True)
    assert result.placed_count == 1 and result.kept_count == 2
    assert [m.status for m in result.table] == ["kept", "kept", "changed"]


def test_goal_value_trades_tiles_for_points() -> None:
    # The joker completes either R1 R2 J R4 R5 (5 tiles, 15) or K13 B13 J (3 tiles, 39).
    rack = "R1 R2 R4 R5 K13 B13 J"
    by_tiles = play(rack, opened=True)
    assert by_tiles.placed == tiles("R1 R2 R4 R5 J") and by_tiles.value == 15
    by_value = play(rack, opened=True, goal="value")
    assert by_value.placed == tiles("K13 B13 J") and by_value.value == 39


def test_equal_tile_counts_break_ties_by_value() -> None:
    # R2 R3 R4 (9) or R4 B4 K4 (12): three tiles either way.
    result = play("R2 R3 R4 B4 K4 R13 B13", opened=True)
    assert result.placed == tiles("R4 B4 K4") and result.value == 12


# --- jokers on the table ---------------------------------------------------------------------------


def test_table_joker_stays_on_the_table() -> None:
    result = play("R5", "R4 J R6", opened=True)
    assert result.placed == tiles("R5")
    on_table = [p for m in result.melds for p in m.placements if p.tile.is_joker]
    assert len(on_table) == 1  # the freed joker is reused in the same turn
    assert Counter(t for m in result.melds for t in m.tiles) == Counter(tiles("R4 R5 R6 J"))


def test_table_joker_read_in_written_order() -> None:
    (low, high) = read_table(RUMMIKUB, parse_melds("J R5 R6; R5 R6 J"))
    assert [str(p.as_) for p in low.placements] == ["R4", "R5", "R6"]
    assert [str(p.as_) for p in high.placements] == ["R5", "R6", "R7"]
    (group,) = read_table(RUMMIKUB, parse_melds("K7 J B7"))
    assert group.kind == "set" and sorted(str(p.as_) for p in group.placements) == ["B7", "K7", "R7"]


def jokers_as(result: Play) -> list[str]:
    """What the jokers on the table stand for after the play."""
    return sorted(str(p.as_) for m in result.melds for p in m.placements if p.tile.is_joker)


def test_table_joker_is_not_freed_without_its_tile() -> None:
    # rules.md 6: J stands for R4; with no R4 to put in its place it stays, and K5 K6 cannot be laid.
    result = play("K5 K6", "R1 R2 R3 J", opened=True)
    assert result.must_draw
    assert faces(result) == [["R1", "R2", "R3", "R4"]] and result.table[0].status == "kept"


def test_set_joker_is_not_freed_without_a_missing_colour() -> None:
    # J stands for Y7, the set's missing colour, and no Y7 is laid: the joker stays in the set of 7s.
    # K5 K6 may still be laid with the set's K7 (R7 B7 J stays a valid set), never with the joker.
    result = play("K5 K6 Y9", "R7 B7 K7 J", opened=True)
    assert result.placed == tiles("K5 K6")
    assert sorted(map(sorted, faces(result))) == [["B7", "R7", "Y7"], ["K5", "K6", "K7"]]
    (group,) = [m.meld for m in result.table if m.meld.kind == "set"]
    assert any(p.tile.is_joker for p in group.placements)


def test_table_joker_freed_by_its_tile_from_the_rack() -> None:
    # R4 takes the joker's place; the joker joins K5 K6 in the same turn.
    result = play("R4 K5 K6", "R1 R2 R3 J", opened=True)
    assert result.goes_out
    assert sorted(map(sorted, faces(result))) == [["K5", "K6", "K7"], ["R1", "R2", "R3", "R4"]]
    assert jokers_as(result) == ["K7"]


def test_table_joker_freed_by_its_tile_from_another_meld() -> None:
    # The tile may come from another meld on the table (S004): R4 leaves R4-R7, R5-R7 stays a run.
    result = play("K5 K6", "R1 R2 R3 J; R4 R5 R6 R7", opened=True)
    assert result.goes_out and jokers_as(result) == ["K7"]
    assert Counter(t for m in result.melds for t in m.tiles) == Counter(tiles("R1 R2 R3 R4 R5 R6 R7 J K5 K6"))
    # A set joker likewise, by a missing colour taken from a run (Y7 leaves Y7-Y10).
    group = play("K5 K6", "R7 B7 K7 J; Y8 Y9 Y10 Y11; Y7 Y6 Y5", opened=True)
    assert group.goes_out


def test_table_joker_stays_when_its_meld_only_grows() -> None:
    result = play("R5 K5 K6", "R1 R2 R3 J", opened=True)
    assert result.placed == tiles("R5")
    assert faces(result) == [["R1", "R2", "R3", "R4", "R5"]] and jokers_as(result) == ["R4"]


def test_table_joker_keeps_its_face_when_the_run_grows_the_other_way() -> None:
    # J R2 R3 is R1-R3: R4 extends it with the joker still R1 (not R2-R5 with the joker moved to R5).
    result = play("R4", "J R2 R3", opened=True)
    assert result.placed == tiles("R4") and faces(result) == [["R1", "R2", "R3", "R4"]]
    assert jokers_as(result) == ["R1"]


def test_one_tile_frees_one_of_two_table_jokers() -> None:
    # Both jokers could join K5 K6 or K9 K10, but only R4 is there to free one of them (B4 is not).
    result = play("R4 K5 K6 K9 K10", "R1 R2 R3 J; B1 B2 B3 J", opened=True)
    assert result.placed_count == 3 and "B4" in jokers_as(result)
    both = play("R7 B7 K7", "R1 R2 R3 J; B1 B2 B3 J", opened=True)
    assert both.placed == tiles("R7 B7 K7")  # a new set; neither joker moves
    assert jokers_as(both) == ["B4", "R4"]


# Plays that once moved a table joker off its face with no tile of that face in its place: a set of
# three holding the face came out of the model with two jokers and was laid as a run (rules.md 2),
# so the joker that stood for K7 in R7 B7 Y7 J ended as Y6 or Y8 (issue 9). (rack, table, tiles laid)
JOKER_CASES = [
    ("J Y7", "R7 B7 Y7 J", 2),
    ("J Y1", "R1 B1 Y1 J", 2),
    ("Y7 R5", "R7 B7 Y7 J; R4 J R6 R7 R8", 2),
    ("K9 R8 B8 R5", "J K9 R9 Y9; R6 R7 J R9 R10", 3),
]


@pytest.mark.parametrize(("rack", "table", "laid"), JOKER_CASES)
@pytest.mark.parametrize("goal", ["tiles", "value"])
def test_table_joker_never_leaves_its_face_without_its_tile(rack: str, table: str, laid: int, goal: str) -> None:
    result = play(rack, table, opened=True, goal=goal)
    problem = table_joker_problem(RUMMIKUB, parse_melds(table), [(m.meld, m.status == "kept") for m in result.table])
    assert problem is None, problem
    if goal == "tiles":
        assert result.placed_count == laid


def test_joker_check_refuses_a_joker_freed_without_its_tile() -> None:
    # The independent check itself: the old answer to J Y7 on R7 B7 Y7 J is refused, the fixed one
    # (the table joker still K7) and a joker freed by a K7 from the rack are accepted.
    table = parse_melds("R7 B7 Y7 J")
    freed = [read_table(RUMMIKUB, parse_melds("R7 B7 Y7; J Y7 J"))[k] for k in range(2)]
    assert "freed without its tile" in str(table_joker_problem(RUMMIKUB, table, [(m, False) for m in freed]))
    kept = read_table(RUMMIKUB, parse_melds("R7 J Y7; B7 Y7 J"))
    assert [str(p.as_) for p in kept[0].placements] == ["R7", "B7", "Y7"]
    assert table_joker_problem(RUMMIKUB, table, [(m, False) for m in kept]) is None
    by_tile = read_table(RUMMIKUB, parse_melds("R7 B7 Y7 K7; J Y7 J"))
    assert table_joker_problem(RUMMIKUB, table, [(m, False) for m in by_tile]) is None
    assert table_joker_problem(RUMMIKUB, table, [(read_table(RUMMIKUB, table)[0], True)]) is None


def test_two_set_jokers_need_both_missing_colours() -> None:
    # R7 B7 J J: the jokers stand for K7 and Y7. K7 frees one joker, not both.
    result = play("K7 R5 R6", "R7 B7 J J", opened=True)
    assert result.goes_out
    assert any(j in ("K7", "Y7") for j in jokers_as(result)), "one joker still stands in the set of 7s"
    assert play("R5 R6", "R7 B7 J J", opened=True).must_draw


# --- going out ---------------------------------------------------------------------------------


def test_can_go_out_with_the_table() -> None:
    out = can_go_out(RUMMIKUB, tiles("B7 K7"), parse_melds("R4-7"), opened=True)
    assert out.winning
    document = out.to_json()
    assert document["winning"] is True and document["winning_discards"] == []
    assert document["best"]["kind"] == "melds" and document["best"]["discard"] is None  # type: ignore[index]
    cannot = can_go_out(RUMMIKUB, tiles("B7 K7 Y1"), parse_melds("R4-7"), opened=True)
    assert not cannot.winning and cannot.to_json()["best"] is None


def test_going_out_before_the_initial_meld_needs_30() -> None:
    assert can_go_out(RUMMIKUB, tiles("R9 R10 R11"), (), opened=False).winning
    assert not can_go_out(RUMMIKUB, tiles("R1 R2 R3"), (), opened=False).winning
    assert can_go_out(RUMMIKUB, tiles("R1 R2 R3"), (), opened=True).winning


def test_initial_meld_option_is_read_from_the_rules() -> None:
    deal = Deal(get_rules("rummikub", {"initial_meld": "6"}))
    assert play("R1 R2 R3", deal=deal).placed_count == 3
    assert play("R1 R2 R3").must_draw


def test_rack_value_counts_joker_30() -> None:
    assert rack_value(tiles("R5 J K13")) == 48
    assert play("J R1", opened=True).rack_left_value == 31


# --- bad input -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rack", "table", "error", "words"),
    [
        ("R1 F", "", SupplyError, "no false joker"),
        ("R1", "R1 R2 R4", InputError, "table meld 1"),
        ("R1", "R5 R6; B1 B2 B3", InputError, "table meld 1"),
        ("R1 R1", "R1 B1 K1", SupplyError, "too many R1"),
        ("J J", "R1 J R3", SupplyError, "too many J"),
        ("", "", HandSizeError, "at least one tile"),
        ("R1", "R1 R1 R1", SupplyError, "too many R1"),
        ("R1", "K7 K7 B7", InputError, "not valid"),
    ],
)
def test_bad_input(rack: str, table: str, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        best_play(RUMMIKUB, tiles(rack), parse_melds(table) if table else (), opened=True)


def test_other_rules_and_goals_are_refused() -> None:
    with pytest.raises(InputError, match="rummikub"):
        best_play(Deal(get_rules("101"), Tile.parse("R4")), tiles("R1 R2 R3"), ())
    with pytest.raises(InputError, match="wrap"):
        best_play(Deal(get_rules("rummikub", {"wrap": "true"})), tiles("R1 R2 R3"), ())
    with pytest.raises(InputError, match="goal"):
        best_play(RUMMIKUB, tiles("R1 R2 R3"), (), goal="points")  # type: ignore[arg-type]
