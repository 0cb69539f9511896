"""Round documents, finishes worked out from tiles, Kafa, 101 edge cases and end-of-game rules."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from okeytool.errors import NotationError, RoundError, RulesError, SupplyError
from okeytool.rules import get_rules
from okeytool.score import read_round, scheme_for, score_document, standings

PLAYERS = ["P1", "P2", "P3", "P4"]
WINNING_15 = "R1-4 B9-11 K5 Y5 R5 K11-13 K1 B2"  # indicator Y7: wins by throwing B2 (normal)


def pagat(**round_: Any) -> dict[str, Any]:
    return {"rules": "classic", "scheme": "pagat", "players": PLAYERS, **round_}


# -- reading the document ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("document", "error", "words"),
    [
        (pagat(finish="normal"), RoundError, "names no winner"),
        (pagat(winner="P9", finish="normal"), RoundError, "unknown player 'P9'"),
        (pagat(winner="P1", finish="sideways"), RoundError, "unknown finish 'sideways'"),
        (pagat(winner="P1"), RoundError, "how did P1 win"),
        (pagat(winner=None, finish="okey"), RoundError, "needs a winner"),
        (pagat(winner="P1", finish="normal", gosterme=["P2", "P2"]), RoundError, "only once"),
        (pagat(winner="P2", finish="okey", gosterme=["P3", "P1"]), RoundError, "only one player can show"),
        (pagat(winner="P1", finish="normal", gosterme=["P7"]), RoundError, "unknown player 'P7'"),
        (pagat(winner="P1", finish="normal", colour="red"), RoundError, "unknown key 'colour'"),
        (pagat(winner="P1", finish="normal", players=["P1", "P1", "P2"]), RoundError, "named twice"),
        (pagat(winner="P1", finish="normal", players=["P1"]), RoundError, "2 to 4 players"),
        (pagat(winner="P1", finish="normal", options={"renkli": True}), RoundError, "indicator is needed"),
        (pagat(winner="P1", finish="normal", options={"colour": 1}), RulesError, "unknown rule option"),
        (pagat(winner="P1", finish="normal", scheme="101"), RulesError, "scheme takes pagat, penalty, okeygg"),
        (pagat(winner="P1", finish="pairs", kafa=True), RoundError, "Kafa is a meld hand"),
        (pagat(winner="P1", finish="normal", indicator="Q3"), NotationError, "indicator"),
        (pagat(winner="P1", finish="normal", hands={"P2": {"tiles": "R1"}}), RoundError, "not used in the pagat"),
        ({"rules": "okeygg", "players": PLAYERS, "winner": "P1", "finish": "normal", "gosterme": ["P2"]},
         RoundError, "does not score gösterme"),
        ({"rules": "classic", "winner": "P1", "finish": "normal"}, RoundError, "no players"),
        (["not", "an", "object"], RoundError, "JSON object"),
    ],
)  # fmt: skip
def test_bad_documents_are_refused(document: Any, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=words):
        score_document(document)


def test_round_document_round_trips() -> None:
    document = pagat(winner="P2", finish="okey", gosterme=["P3"], indicator="K9", options={"renkli": True})
    round_ = read_round(document)
    assert read_round(round_.to_json()) == round_
    assert round_.to_json()["options"] == {"renkli": True}


# -- classic finishes --------------------------------------------------------------------------


def test_finish_worked_out_from_the_winners_tiles() -> None:
    result = score_document(pagat(winner="P1", indicator="Y7", winner_tiles=WINNING_15))
    assert result.finish == "normal"
    assert result.scores == {"P1": 0, "P2": -2, "P3": -2, "P4": -2}


def test_okey_finish_worked_out_when_a_real_okey_is_thrown() -> None:
    # indicator Y7 -> okey Y8; the same hand with Y8 in place of the spare B2 wins by throwing the okey.
    result = score_document(pagat(winner="P3", indicator="Y7", winner_tiles="R1-4 B9-11 K5 Y5 R5 K11-13 K1 Y8"))
    assert result.finish == "okey"
    assert result.scores["P1"] == -4


def test_seven_pairs_worked_out() -> None:
    tiles = "R1 R1 B2 B2 K3 K3 Y4 Y4 R9 R9 B10 B10 K11 K11 Y13"
    result = score_document(pagat(winner="P1", indicator="Y7", winner_tiles=tiles))
    assert result.finish == "pairs"


def test_tiles_that_do_not_win_are_refused() -> None:
    with pytest.raises(RoundError, match="do not win"):
        score_document(
            pagat(winner="P1", indicator="Y7", winner_tiles="R1 R3 R5 R7 R9 R11 R13 B1 B3 B5 B7 B9 B11 B13 K2")
        )


def test_finish_contradicting_the_tiles_is_refused() -> None:
    with pytest.raises(RoundError, match="contradicts"):
        score_document(pagat(winner="P1", finish="okey", indicator="Y7", winner_tiles=WINNING_15))


def test_winner_tiles_need_the_indicator() -> None:
    with pytest.raises(RoundError, match="indicator is needed"):
        score_document(pagat(winner="P1", winner_tiles=WINNING_15))


def test_null_round_scores_nothing() -> None:
    result = score_document(pagat(winner=None))
    assert result.items == () and set(result.scores.values()) == {0}


@pytest.mark.parametrize(("scheme", "sign"), [("pagat", -1), ("penalty", 1)])
def test_null_round_still_charges_a_gosterme(scheme: str, sign: int) -> None:
    # A decision: rules.md 7 gives a null round no finish points, but 3.3 says the gösterme claim
    # stands whoever wins the round, so it stands when nobody does.
    result = score_document({**pagat(winner=None, gosterme=["P3"]), "scheme": scheme})
    assert result.finish is None
    assert {item.code for item in result.items} == {"gosterme"}
    assert result.scores == {"P1": sign, "P2": sign, "P3": 0, "P4": sign}


def test_schemes_fit_by_the_games_structure_not_the_hand_size() -> None:
    classic, okey101 = get_rules("classic"), get_rules("101")
    assert scheme_for(replace(classic, hand_size=15)).name == "pagat"
    assert scheme_for(replace(okey101, hand_size=22)).name == "101"
    with pytest.raises(RulesError, match="pagat scheme scores"):
        scheme_for(replace(okey101, hand_size=14, scheme="pagat"))
    with pytest.raises(RulesError, match="101 scheme scores"):
        scheme_for(replace(classic, hand_size=21, scheme="101"))


def test_kafa_scores_as_an_ordinary_win_by_default() -> None:
    result = score_document(pagat(winner="P1", finish="normal", kafa=True))
    assert result.scores["P2"] == -2 and result.match_winner is None


def test_kafa_worked_out_from_tiles_wins_the_game_under_match_win() -> None:
    kafa = "R1-13 R1 B5"  # one colour 1..13 and a second 1, throw B5
    document = pagat(winner="P2", indicator="Y7", winner_tiles=kafa, options={"kafa": "match-win"})
    result = score_document(document)
    assert result.match_winner == "P2"
    game = standings(get_rules("classic", {"kafa": "match-win"}), PLAYERS, [result])
    assert game.finished and game.winners == ("P2",)
    ordinary = score_document({**document, "options": {}})
    assert ordinary.match_winner is None


# -- 101 ---------------------------------------------------------------------------------------


def okey101(**round_: Any) -> dict[str, Any]:
    return {"rules": "101", "players": PLAYERS, "winner": "P1", "indicator": "B1", **round_}


def test_101_false_joker_counts_the_okeys_number() -> None:
    result = score_document(
        okey101(finish="normal", hands={"P1": {"opened": "melds"}, "P2": {"opened": "melds", "tiles": "F R10"}})
    )
    assert result.scores["P2"] == 12  # F is a plain B2


def test_101_unopened_cap_option() -> None:
    document = okey101(finish="okey", hands={"P1": {"opened": "pairs"}}, options={"unopened_cap": 500})
    assert score_document(document).scores["P2"] == 500
    assert score_document({**document, "options": {}}).scores["P2"] == 404


def test_101_elden_after_someone_opened_scores_as_normal() -> None:
    hands = {"P1": {"opened": "melds"}, "P2": {"opened": "melds", "tiles": "R3 K9 Y12"}}
    result = score_document(okey101(finish="elden+okey", hands=hands))
    assert result.finish == "okey"
    assert list(result.scores.values()) == [-202, 48, 404, 404]


@pytest.mark.parametrize(("finish", "scores"), [("elden", [-101, 3, 202, 202]), ("elden+okey", [-202, 6, 404, 404])])
def test_101_elden_after_someone_opened_counts_the_winner_as_opened_with_melds(finish: str, scores: list[int]) -> None:
    # rules.md 5.6: scored as a normal finish; the one-turn finish laid new melds, so the winner
    # (who had not opened before) needs no "opened" entry.
    document = okey101(finish=finish, hands={"P2": {"opened": "melds", "tiles": "R3"}})
    assert read_round(document).hand("P1").opened == "melds"
    result = score_document(document)
    assert result.finish == ("okey" if finish == "elden+okey" else "normal")
    assert list(result.scores.values()) == scores


@pytest.mark.parametrize("others_opened", [False, True])
def test_101_elden_winner_cannot_have_opened_with_pairs(others_opened: bool) -> None:
    hands: dict[str, Any] = {"P1": {"opened": "pairs"}}
    if others_opened:
        hands["P2"] = {"opened": "melds", "tiles": "R3"}
    with pytest.raises(RoundError, match="did not open with pairs"):
        score_document(okey101(finish="elden", hands=hands))


def test_101_winner_who_had_not_opened_is_asked_how_without_a_wrong_hint() -> None:
    with pytest.raises(RoundError) as caught:
        score_document(okey101(finish="normal", hands={"P2": {"opened": "melds", "tiles": "R3"}}))
    assert "--opened P1=melds" in str(caught.value) and "or finish elden" not in str(caught.value)


def test_101_penalty_counts_are_bounded() -> None:
    hands = {"P1": {"opened": "melds"}}
    assert score_document(okey101(finish="normal", hands=hands, penalties={"P2": 50})).scores["P2"] == 202 + 5050
    for count in (51, 99999999999999999999999):
        with pytest.raises(
            RoundError, match=f"penalties of P2: at most 50 discard penalties in one round, not {count}"
        ):
            score_document(okey101(finish="normal", hands=hands, penalties={"P2": count}))


def test_101_penalties_are_never_multiplied() -> None:
    hands = {"P1": {"opened": "pairs"}}
    result = score_document(okey101(finish="okey", hands=hands, penalties={"P1": 2}))
    assert result.scores["P1"] == -404 + 202


@pytest.mark.parametrize(
    ("round_", "words"),
    [
        ({"finish": "normal"}, "how had the winner P1 opened"),
        ({"finish": "normal", "hands": {"P1": {"opened": "melds"}, "P2": {"opened": "melds"}}}, "P2 opened"),
        ({"finish": "normal", "hands": {"P1": {"opened": "melds", "tiles": "R5"}}}, "holds no tiles"),
        ({"winner": None}, "aborted"),
        ({"finish": "aborted"}, "has no winner"),
        ({"finish": "normal", "hands": {"P1": {"opened": "stairs"}}}, '"opened" is'),
        ({"finish": "normal", "hands": {"P1": {"opened": "melds"}}, "penalties": {"P2": -1}}, "count of discard"),
        ({"finish": "kafa"}, "unknown finish"),
    ],
)
def test_101_bad_rounds(round_: dict[str, Any], words: str) -> None:
    with pytest.raises(RoundError, match=words):
        score_document(okey101(**round_))


def test_101_tiles_over_the_supply_are_refused() -> None:
    hands = {
        "P1": {"opened": "melds"},
        "P2": {"opened": "melds", "tiles": "R3 R3"},
        "P3": {"opened": "melds", "tiles": "R3"},
    }
    with pytest.raises(SupplyError, match="R3"):
        score_document(okey101(finish="normal", hands=hands))


def test_101_tiles_need_the_indicator() -> None:
    hands = {"P1": {"opened": "melds"}, "P2": {"opened": "melds", "tiles": "R3"}}
    with pytest.raises(RoundError, match="indicator is needed"):
        score_document({**okey101(finish="normal", hands=hands), "indicator": None})


def test_101_stack_multipliers_off_caps_m_at_two() -> None:
    hands = {"P1": {"opened": "pairs"}, "P2": {"opened": "melds", "tiles": "R3"}}
    result = score_document(okey101(finish="okey", hands=hands, options={"stack_multipliers": False}))
    assert result.scores["P1"] == -202 and result.scores["P2"] == 6


# -- Rummikub ------------------------------------------------------------------------------------


def test_rummikub_missing_rack_and_false_joker() -> None:
    base = {"rules": "rummikub", "players": ["A", "B", "C"], "winner": "A"}
    with pytest.raises(RoundError, match="rack of C"):
        score_document({**base, "racks": {"B": "R5"}})
    with pytest.raises(SupplyError, match="false joker"):
        score_document({**base, "racks": {"B": "F", "C": "R1"}})
    with pytest.raises(RoundError, match="rack is empty"):
        score_document({**base, "racks": {"A": "R1", "B": "R5", "C": "R1"}})


def test_rummikub_has_no_indicator() -> None:
    with pytest.raises(Exception, match="no indicator"):
        score_document(
            {"rules": "rummikub", "players": ["A", "B"], "winner": "A", "racks": {"B": "R1"}, "indicator": "R4"}
        )


# -- end of the game ---------------------------------------------------------------------------


def rounds_of(scheme: str, winners: list[str], finish: str = "normal") -> list[Any]:
    return [score_document(pagat(winner=w, finish=finish, scheme=scheme)) for w in winners]


def test_pagat_ends_at_zero_and_the_two_highest_win() -> None:
    rules = get_rules("classic")
    rounds = rounds_of("pagat", ["P1", "P2", "P1"], finish="pairs+okey")  # -8 a round
    assert standings(rules, PLAYERS, rounds[:2]).finished is False
    game = standings(rules, PLAYERS, rounds[:3])  # P1 20-8=12, P2 20-16=4, P3 -4, P4 -4
    assert game.totals == {"P1": 12, "P2": 4, "P3": -4, "P4": -4}
    assert game.finished and game.winners == ("P1", "P2")


def test_pagat_start_option() -> None:
    rules = get_rules("classic", {"start": 7})
    game = standings(rules, PLAYERS, rounds_of("pagat", ["P1"], finish="pairs+okey"))
    assert game.totals["P2"] == -1 and game.finished


def test_penalty_elimination_last_player_left_wins() -> None:
    rules = get_rules("classic", {"scheme": "penalty"})
    rounds = rounds_of("penalty", ["P1"] * 3, finish="pairs+okey")  # others +8 each round: 24
    game = standings(rules, PLAYERS, rounds[:2])
    assert not game.finished and game.out == ()
    game = standings(rules, PLAYERS, rounds)
    assert game.finished and game.winners == ("P1",) and set(game.out) == {"P2", "P3", "P4"}


def test_penalty_elimination_goes_on_with_the_players_left() -> None:
    rules = get_rules("classic", {"scheme": "penalty"})
    rounds = rounds_of("penalty", ["P1", "P1"], finish="pairs+okey") + rounds_of("penalty", ["P2"] * 3, finish="pairs")
    # P1: 0+0+4*3=12, P2: 16, P3: 16+12=28 out, P4: 28 out
    game = standings(rules, PLAYERS, rounds)
    assert not game.finished and set(game.out) == {"P3", "P4"} and game.active == ("P1", "P2")


def test_penalty_elimination_when_the_last_two_go_out_together_the_lower_of_them_wins() -> None:
    rules = get_rules("classic", {"scheme": "penalty"})
    two = ["P1", "P2"]
    rounds = rounds_of("penalty", ["P1", "P1"], finish="pairs+okey")  # P2, P3, P4 at 16
    rounds.append(score_document(pagat(scheme="penalty", winner="P2", finish="okey", gosterme=["P2"])))
    game = standings(rules, PLAYERS, rounds)  # P1 5, P2 16; P3 and P4 at 21: out
    assert set(game.out) == {"P3", "P4"} and not game.finished
    for winner, finish in [("P2", "pairs")] * 3 + [("P2", "normal")] + [("P1", "normal")] * 2:
        rounds.append(score_document(pagat(scheme="penalty", players=two, winner=winner, finish=finish)))
    game = standings(rules, PLAYERS, rounds)
    assert (game.totals["P1"], game.totals["P2"], game.active) == (19, 20, ("P1", "P2"))
    last = pagat(scheme="penalty", players=two, winner="P2", finish="okey", gosterme=["P1"])
    game = standings(rules, PLAYERS, [*rounds, score_document(last)])  # P1 23, P2 21: both out
    assert game.finished and game.winners == ("P2",)  # not P3 and P4, out at 21 rounds before
    assert set(game.out) == {"P1", "P3", "P4"}


def test_penalty_two_lowest() -> None:
    rules = get_rules("classic", {"scheme": "penalty", "end": "two_lowest"})
    rounds = rounds_of("penalty", ["P1", "P1", "P2"], finish="pairs+okey")
    game = standings(rules, PLAYERS, rounds)  # P1 8, P2 16, P3 24, P4 24
    assert game.finished and game.winners == ("P1", "P2")


def test_rummikub_match_of_three_highest_wins() -> None:
    rules = get_rules("rummikub", {"rounds": 3})
    out = {"rules": "rummikub", "players": ["A", "B"], "racks": {"B": "R5"}, "winner": "A"}
    rounds = [score_document(out)] * 2
    assert not standings(rules, ["A", "B"], rounds).finished
    game = standings(rules, ["A", "B"], [*rounds, score_document({**out, "winner": "B", "racks": {"A": "K13"}})])
    assert game.finished and game.winners == ("B",) and game.totals == {"A": -3, "B": 3}
