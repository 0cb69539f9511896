"""Invariants of round scoring, checked on generated rounds (Hypothesis)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from okeytool.errors import RoundError
from okeytool.score import score_document
from okeytool.score.items import totals
from okeytool.tiles import FACE_COUNT, Tile

PLAYERS = ["P1", "P2", "P3", "P4"]
CLASSIC_FINISHES = ["normal", "okey", "pairs", "pairs+okey"]
FAST = settings(max_examples=60, deadline=None)


@st.composite
def classic_rounds(draw: st.DrawFn, scheme: str) -> dict[str, Any]:
    winner = draw(st.sampled_from(PLAYERS))
    return {
        "rules": "classic",
        "scheme": scheme,
        "players": PLAYERS,
        "winner": winner,
        "finish": draw(st.sampled_from(CLASSIC_FINISHES)),
        "indicator": str(Tile(draw(st.integers(0, FACE_COUNT - 1)))),
        "options": {
            "renkli": draw(st.booleans()),
            "stack_multipliers": draw(st.booleans()),
        },
    }


@FAST
@given(st.sampled_from(["pagat", "penalty"]).flatmap(classic_rounds))
def test_losers_move_alike_and_winner_stays(document: dict[str, Any]) -> None:
    result = score_document(document)
    winner = document["winner"]
    assert result.scores[winner] == 0
    losers = {result.scores[p] for p in PLAYERS if p != winner}
    assert len(losers) == 1
    (moved,) = losers
    assert moved != 0
    # pagat counts down, penalty counts penalty points up
    assert (moved < 0) == (document["scheme"] == "pagat")


@FAST
@given(classic_rounds("okeygg"))
def test_okeygg_only_the_winner_moves(document: dict[str, Any]) -> None:
    result = score_document(document)
    assert all(result.scores[p] == 0 for p in PLAYERS if p != document["winner"])
    assert result.scores[document["winner"]] in (2, 4, 8, 16)


@FAST
@given(st.sampled_from(["pagat", "penalty"]).flatmap(classic_rounds), st.sampled_from(PLAYERS), st.booleans())
def test_gosterme_charges_each_other_player_once(document: dict[str, Any], shower: str, null: bool) -> None:
    if null:  # the claim stands whoever wins the round, and when nobody does (rules.md 3.3)
        document = {**document, "winner": None, "finish": None}
    without = score_document(document).scores
    with_show = score_document({**document, "gosterme": [shower]}).scores
    sign = -1 if document["scheme"] == "pagat" else 1
    for player in PLAYERS:
        assert with_show[player] - without[player] == (0 if player == shower else sign)


@FAST
@given(
    st.sampled_from(["pagat", "penalty"]).flatmap(classic_rounds),
    st.lists(st.sampled_from(PLAYERS), min_size=2, max_size=4, unique=True),
)
def test_only_one_player_shows_the_indicators_twin(document: dict[str, Any], showers: list[str]) -> None:
    with pytest.raises(RoundError, match="only one player can show the indicator's twin"):
        score_document({**document, "gosterme": showers})


def rack_text(faces: list[int], jokers: int) -> str:
    return " ".join([str(Tile(i)) for i in faces] + ["J"] * jokers)


@st.composite
def rummikub_rounds(draw: st.DrawFn) -> dict[str, Any]:
    """Racks drawn from one physical set: each face at most twice, at most two jokers in all."""
    count = draw(st.integers(2, 4))
    players = PLAYERS[:count]
    pool = [i for i in range(FACE_COUNT) for _ in range(2)]
    chosen = draw(st.lists(st.sampled_from(range(len(pool))), unique=True, max_size=12 * count))
    jokers = draw(st.lists(st.sampled_from(players), max_size=2))
    racks: dict[str, list[int]] = {p: [] for p in players}
    for k, index in enumerate(chosen):
        racks[players[k % count]].append(pool[index])
    winner = draw(st.sampled_from([None, *players]))
    if winner is not None:
        racks[winner] = []
        jokers = [p for p in jokers if p != winner]
    return {
        "rules": "rummikub",
        "players": players,
        "winner": winner,
        "racks": {p: rack_text(racks[p], jokers.count(p)) for p in players},
    }


@FAST
@given(rummikub_rounds())
def test_rummikub_sums_to_zero_but_the_rounded_down_remainder(document: dict[str, Any]) -> None:
    result = score_document(document)
    total = sum(result.scores.values())
    if document["winner"] is not None:
        assert total == 0
        return
    values = {p: sum(30 if t == "J" else int(t[1:]) for t in document["racks"][p].split()) for p in result.players}
    lowest = min(values.values())
    winners = [p for p in result.players if values[p] == lowest]
    pot = sum(v - lowest for v in values.values())
    assert total == -(pot % len(winners))
    assert -len(winners) < total <= 0
    for player in result.players:
        expected = pot // len(winners) if player in winners else lowest - values[player]
        assert result.scores[player] == expected


@st.composite
def opened_101_rounds(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """The same table finished normally (winner opened with melds) and with pairs + an okey discard."""
    indicator = Tile(draw(st.integers(0, FACE_COUNT - 1)))
    okey = indicator.successor()
    faces = [i for i in range(FACE_COUNT) if Tile(i) != indicator for _ in range(2)] + [indicator.index]
    chosen = draw(st.lists(st.sampled_from(range(len(faces))), unique=True, min_size=3, max_size=30))
    hands: dict[str, dict[str, Any]] = {}
    losers = PLAYERS[1:]
    for k, player in enumerate(losers):
        tiles = [str(Tile(faces[i])) for i in chosen[k::3]] or [str(okey)]
        if draw(st.booleans()) and "F" not in sum((h["tiles"].split() for h in hands.values()), []):
            tiles.append("F")
        hands[player] = {"opened": draw(st.sampled_from(["melds", "pairs"])), "tiles": " ".join(tiles)}
    base = {"rules": "101", "players": PLAYERS, "winner": "P1", "indicator": str(indicator)}
    normal = {**base, "finish": "normal", "hands": {**hands, "P1": {"opened": "melds"}}}
    quadruple = {**base, "finish": "okey", "hands": {**hands, "P1": {"opened": "pairs"}}}
    return normal, quadruple


@FAST
@given(opened_101_rounds())
def test_101_pairs_opener_with_okey_finish_is_four_times_normal(rounds: tuple[dict[str, Any], dict[str, Any]]) -> None:
    normal, quadruple = (score_document(d).scores for d in rounds)
    for player in PLAYERS:
        assert quadruple[player] == 4 * normal[player]


@FAST
@given(
    st.one_of(
        st.sampled_from(["pagat", "penalty", "okeygg"]).flatmap(classic_rounds),
        rummikub_rounds(),
        opened_101_rounds().map(lambda pair: pair[1]),
    ),
    st.dictionaries(st.sampled_from(PLAYERS), st.integers(1, 3)),
)
def test_items_add_up_to_the_scores(document: dict[str, Any], penalties: dict[str, int]) -> None:
    if document["rules"] == "101":
        document = {**document, "penalties": penalties}
    result = score_document(document)
    assert result.scores == totals(result.players, result.items)
    assert set(result.to_json()["scores"]) == set(result.players)  # type: ignore[arg-type]
    payload = result.to_json()
    assert sum(i["points"] for i in payload["items"]) == sum(payload["scores"].values())  # type: ignore[index,union-attr]
