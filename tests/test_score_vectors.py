"""Every worked example of tests/vectors/scores.md (S28-S32, S40-S48, S53, S54)."""

from __future__ import annotations

from typing import Any

import pytest

from okeytool.rules import get_rules
from okeytool.score import RoundScore, score_document, standings

PLAYERS = ["P1", "P2", "P3", "P4"]


def classic(scheme: str, **round_: Any) -> dict[str, Any]:
    return {"rules": "classic", "scheme": scheme, "players": PLAYERS, **round_}


def totals_after(scheme: str, rounds: list[RoundScore], options: dict[str, Any] | None = None) -> list[int]:
    rules = get_rules("classic", {"scheme": scheme, **(options or {})})
    return list(standings(rules, PLAYERS, rounds).totals.values())


# -- classic ---------------------------------------------------------------------------------


def test_s28_pagat_gosterme_and_okey_finish() -> None:
    r1 = score_document(classic("pagat", winner="P1", finish="normal"))
    assert totals_after("pagat", [r1]) == [20, 18, 18, 18]
    r2 = score_document(classic("pagat", winner="P2", finish="okey", gosterme=["P3"]))
    assert totals_after("pagat", [r1, r2]) == [15, 17, 14, 13]


def test_s29_penalty_scheme() -> None:
    r1 = score_document(classic("penalty", winner="P1", finish="normal"))
    r2 = score_document(classic("penalty", winner="P4", finish="okey", gosterme=["P2"]))
    assert totals_after("penalty", [r1, r2]) == [5, 6, 7, 3]


@pytest.mark.parametrize(
    ("round_", "others"),
    [
        ({"winner": "P1", "finish": "normal"}, -4),
        ({"winner": "P1", "finish": "okey"}, -8),
        ({"winner": "P1", "finish": "pairs"}, -8),
        ({"winner": None, "gosterme": ["P1"]}, -1),
    ],
)
def test_s30_renkli_black_indicator_doubles_finish_not_gosterme(round_: dict[str, Any], others: int) -> None:
    result = score_document(classic("pagat", indicator="K9", options={"renkli": True}, **round_))
    assert result.scores == {"P1": 0, "P2": others, "P3": others, "P4": others}


def test_s30_renkli_needs_red_or_black() -> None:
    blue = score_document(classic("pagat", winner="P1", finish="normal", indicator="B9", options={"renkli": True}))
    assert blue.scores["P2"] == -2


def test_s31_okeygg_target_21() -> None:
    rules = get_rules("okeygg", {"target": 21})
    rounds: list[RoundScore] = []
    for k in range(11):
        game = standings(rules, PLAYERS, rounds)
        assert not game.finished, f"finished after {k} rounds"
        rounds.append(score_document({"rules": "okeygg", "players": PLAYERS, "winner": "P1", "finish": "normal"}))
    game = standings(rules, PLAYERS, rounds)
    assert game.totals["P1"] == 22
    assert game.finished and game.winners == ("P1",)


def test_s32_pairs_and_okey_finish_stack() -> None:
    stacked = score_document(classic("pagat", winner="P2", finish="pairs+okey"))
    assert stacked.scores == {"P1": -8, "P2": 0, "P3": -8, "P4": -8}
    flat = score_document(classic("pagat", winner="P2", finish="pairs+okey", options={"stack_multipliers": False}))
    assert flat.scores == {"P1": -4, "P2": 0, "P3": -4, "P4": -4}


# -- Okey 101 --------------------------------------------------------------------------------

# Indicator B1: the okey is B2, so none of the table's tiles below is wild or a false joker.
TABLE = {
    "P2": {"opened": "melds", "tiles": "R3 K9 Y12"},
    "P3": {"opened": None},
    "P4": {"opened": "pairs", "tiles": "B5 K6"},
}


def okey101(finish: str, winner_opened: str | None = "melds", **extra: Any) -> dict[str, Any]:
    hands = {**TABLE, **extra.pop("hands", {}), "P1": {"opened": winner_opened}}
    return {
        "rules": "101",
        "players": PLAYERS,
        "winner": "P1",
        "finish": finish,
        "indicator": "B1",
        "hands": hands,
        **extra,
    }


@pytest.mark.parametrize(
    ("vector", "document", "expected"),
    [
        ("S40", okey101("normal"), [-101, 24, 202, 22]),
        ("S41", okey101("okey"), [-202, 48, 404, 44]),
        ("S42", okey101("normal", "pairs"), [-202, 48, 404, 44]),
        ("S43", okey101("okey", "pairs"), [-404, 96, 404, 88]),
        ("S45", okey101("okey", penalties={"P2": 1, "P3": 1}), [-202, 149, 505, 44]),
        # S46: P2 holds R3 and a real okey (B2 with indicator B1; written J it is the same tile).
        ("S46", okey101("normal", hands={"P2": {"opened": "melds", "tiles": "R3 B2"}}), [-101, 104, 202, 22]),
        ("S46-J", okey101("normal", hands={"P2": {"opened": "melds", "tiles": "R3 J"}}), [-101, 104, 202, 22]),
    ],
)
def test_101_table(vector: str, document: dict[str, Any], expected: list[int]) -> None:
    assert list(score_document(document).scores.values()) == expected, vector


def test_s44_elden_with_okey_finish() -> None:
    document = {
        "rules": "101", "players": PLAYERS, "winner": "P1", "finish": "elden+okey", "indicator": "B1",
        "hands": {"P2": {"opened": None, "tiles": "R3 K9 Y12"}, "P4": {"opened": None, "tiles": "B5 K6"}},
    }  # fmt: skip
    assert list(score_document(document).scores.values()) == [-404, 808, 808, 808]


def test_s47_aborted_round() -> None:
    document = {
        "rules": "101", "players": PLAYERS, "winner": None, "finish": "aborted", "indicator": "B1",
        "hands": {"P2": {"tiles": "B2 R7 K1"}, "P3": {"tiles": "R3 R4"}}, "penalties": {"P2": 1},
    }  # fmt: skip
    result = score_document(document)
    assert list(result.scores.values()) == [0, 202, 0, 0]
    assert not result.counted


def test_s48_match_of_five_counted_rounds() -> None:
    rules = get_rules("101")
    wanted = [-101, 48, 202, -202, 24]
    rounds = [
        score_document(okey101("normal")),  # P1 -101
        score_document(okey101("okey", hands={"P1": {"opened": "melds"}}) | {"winner": "P2",  # P1 opened, holds 24 x2
                       "hands": {"P2": {"opened": "melds"}, "P1": {"opened": "melds", "tiles": "R3 K9 Y12"}}}),
        score_document(okey101("normal") | {"winner": "P2", "hands": {"P2": {"opened": "melds"}}}),  # P1 never opened
        score_document(okey101("okey")),  # P1 -202
        score_document(okey101("normal") | {"winner": "P3", "hands": {"P3": {"opened": "melds"},
                       "P1": {"opened": "melds", "tiles": "R3 K9 Y12"}}}),
    ]  # fmt: skip
    assert [r.scores["P1"] for r in rounds] == wanted
    aborted = score_document(
        {"rules": "101", "players": PLAYERS, "finish": "aborted", "indicator": "B1", "hands": {"P1": {"tiles": "B2"}}}
    )
    game = standings(rules, PLAYERS, [*rounds[:2], aborted, *rounds[2:4]])
    assert not game.finished  # the aborted round does not count: four counted so far
    game = standings(rules, PLAYERS, [*rounds[:2], aborted, *rounds[2:]])
    assert game.finished
    assert game.totals["P1"] == -29 + 101  # the aborted round's okey cost stands
    assert standings(rules, PLAYERS, rounds).totals["P1"] == -29


# -- Rummikub --------------------------------------------------------------------------------


def test_s53_going_out() -> None:
    result = score_document(
        {"rules": "rummikub", "players": ["P1", "A", "B", "C"], "winner": "P1",
         "racks": {"A": "R5 K9", "B": "J Y2", "C": "B13"}}
    )  # fmt: skip
    assert result.scores == {"P1": 59, "A": -14, "B": -32, "C": -13}


def test_s54_blocked_game_shared_and_rounded_down() -> None:
    racks = {"A": "R4 K6", "B": "B12 Y13", "C": "K10", "D": "R13 B13 K13 Y1"}  # 10, 25, 10, 40
    result = score_document({"rules": "joypip", "players": ["A", "B", "C", "D"], "winner": None, "racks": racks})
    assert result.scores == {"A": 22, "B": -15, "C": 22, "D": -30}
    assert result.finish == "blocked"
