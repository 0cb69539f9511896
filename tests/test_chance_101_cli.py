"""``discard --rules 101 --chance`` on the command line, in ``batch`` and as a followed 101 round's
advice and review: the document, the rows' order and penalties, the recommendation, the refusals."""

from __future__ import annotations

import json

import pytest
from conftest import hand, make_deal

from okeytool.commands.batch import answer_line
from okeytool.parse.notation import parse_tile, parse_tiles
from okeytool.round.advice import draws_left, grade_discards, state_advice
from okeytool.round.documents import advice_kind
from okeytool.round.events import Draw, Start, TableMelds
from okeytool.round.state import apply, start_state
from okeytool.solver.okey101.chance import OpeningChanceRanking, opening_chance_ranking

#: Indicator K9 (okey K10): five melds for 93 points and tiles around them (tests/test_round.py).
NEAR = "R1-4 B9-11 K5 Y5 R5 K11-13 Y1 Y3 Y8 B1 B3 R12 R13 K2 Y12"
#: The same with the real okey K10 instead of Y12: it opens now.
OPENS = "R1-4 B9-11 K5 Y5 R5 K11-13 Y1 Y3 Y8 B1 B3 R12 R13 K2 K10"


def json_of(run_main, *args: str) -> dict:  # type: ignore[no-untyped-def]
    run = run_main(*args, "--json")
    assert run.code == 0, run.err
    assert run.out.count("\n") == 1
    return json.loads(run.out)  # type: ignore[no-any-return]


def error_of(run_main, *args: str) -> str:  # type: ignore[no-untyped-def]
    run = run_main(*args)
    assert run.code == 2 and run.out == "", (run.code, run.out)
    assert run.err.count("\n") == 1 and "Traceback" not in run.err
    return run.err  # type: ignore[no-any-return]


def test_the_document_is_the_101_discard_document_by_opening_chance(run_main) -> None:  # type: ignore[no-untyped-def]
    document = json_of(run_main, "discard", "-r", "101", "-i", "K9", NEAR, "--chance", "--draws", "1")
    plain = json_of(run_main, "discard", "-r", "101", "-i", "K9", NEAR)
    assert set(document) == {"discards", "model", "open_now", "open_points", "open_pairs", "waits"}
    assert document["model"] == {"draws": 1, "risk": 0.05, "pool": 83, "method": "exact", "stopped": None}
    assert document["open_now"] is None and document["open_points"] == 101 and document["open_pairs"] == 5
    rows = document["discards"]
    by_tile = {row["tile"]: row for row in plain["discards"]}
    assert sorted(by_tile) == sorted(row["tile"] for row in rows)  # one row per distinct tile
    for row in rows:
        assert {k: row[k] for k in by_tile[row["tile"]]} == by_tile[row["tile"]]  # today's columns kept
        assert 0 <= row["chance"] <= 0.95 and row["method"] == "exact" and row["stopped"] is None
    chances = [row["chance"] for row in rows]
    assert chances == sorted(chances, reverse=True)
    order = [row["tile"] for row in plain["discards"]]
    for a, b in zip(rows, rows[1:]):
        if a["chance"] == b["chance"]:
            assert order.index(a["tile"]) < order.index(b["tile"])  # ties: the 101 ranking's order
    # The same question through the library, and through a batch line: the same document.
    deal = make_deal("K9", "101")
    assert opening_chance_ranking(deal, hand(deal, NEAR), draws=1).to_json() == document
    line = {"command": "discard", "rules": "101", "indicator": "K9", "tiles": NEAR, "chance": True, "draws": 1, "id": 3}
    assert json.loads(answer_line(json.dumps(line))) == {"id": 3, **document}


def test_the_default_horizon_is_the_stock_and_pile_gives_it(run_main) -> None:  # type: ignore[no-untyped-def]
    default = json_of(run_main, "discard", "-r", "101", "-i", "K9", NEAR, "--chance")
    assert default["model"]["draws"] == 5 and default["model"]["method"] == "climb"
    piled = json_of(run_main, "discard", "-r", "101", "-i", "K9", NEAR, "--chance", "--pile", "9", "--risk", "0")
    assert piled["model"]["draws"] == 2 and piled["model"]["risk"] == 0
    seen = json_of(run_main, "discard", "-r", "101", "-i", "K9", NEAR, "--chance", "--seen", "Y13 Y13", "--draws", "1")
    assert seen["model"]["pool"] == 81
    first = {row["tile"]: row["chance"] for row in seen["discards"]}
    unseen = {row["tile"]: row["chance"] for row in default["discards"]}
    assert first.keys() == unseen.keys()


def test_penalties_are_kept_and_the_recommendation_names_them(run_main) -> None:  # type: ignore[no-untyped-def]
    args = ("discard", "-r", "101", "-i", "K9", OPENS, "--table", "Y9 Y10 Y11", "--chance", "--draws", "2")
    document = json_of(run_main, *args)
    rows = {row["tile"]: row for row in document["discards"]}
    assert rows["K10"]["penalty"] == 101 and "okey" in rows["K10"]["reasons"]  # a real okey (it fits too)
    assert rows["Y8"]["penalty"] == 101 and rows["Y8"]["reasons"] == ["isler"]
    assert document["open_now"]["melds"] and document["open_now"]["points"] >= 101  # it can open now
    shown = run_main(*args, "--top", "4", env={"COLUMNS": "200", "NO_COLOR": "1"})
    assert shown.code == 0, shown.err
    lines = shown.out.splitlines()
    assert lines[2].startswith("this hand can open now: with melds worth")  # said first, after the hand
    assert "chance to open" in shown.out and "the best 4 of 22 throws shown" in shown.out
    assert lines[-1].startswith("open now (melds worth ")  # one sentence of advice, last
    assert "; if you wait, throw " in lines[-1]


def test_a_throw_with_a_penalty_at_the_top_says_what_it_costs() -> None:
    deal = make_deal("K9", "101")
    tiles = hand(deal, NEAR)
    ranking = opening_chance_ranking(deal, tiles, draws=3, risk=0.05)
    from okeytool.render.opening_chance import recommendation

    top = ranking.best
    words = recommendation(ranking)
    assert words.startswith(f"throw {top.tile}: ") and "to open within 3 draws" in words
    # The same hand with the top throw fitting a table meld: it now costs 101 and the advice says so.
    from okeytool.solver.okey101.layoffs import table_melds

    meld = {"K2": "K3 K4 K5", "Y8": "Y9 Y10 Y11"}[str(top.tile)]
    table = table_melds(deal, [hand(deal, meld)])
    costly = opening_chance_ranking(deal, tiles, draws=3, risk=0.05, table=table)
    row = next(r for r in costly.rows if r.tile == top.tile)
    assert row.penalty == 101
    if costly.best.tile == top.tile:
        assert "but it costs 101 (isler)" in recommendation(costly)
        assert "without a penalty" in recommendation(costly)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((NEAR.rsplit(" ", 1)[0], "--chance"), "needs 22 tiles"),
        ((NEAR, "--chance", "--opened"), "before it opens"),
        ((NEAR, "--chance", "--draws", "6"), "--draws must be between 0 and 5"),
        ((NEAR, "--chance", "--pile", "21"), "--pile must be between 0 and 20"),
        ((NEAR, "--chance", "--risk", "1"), "--risk must be at least 0 and below 1"),
        ((NEAR, "--chance", "--goal", "points"), "--goal is not part of a discard question in the 101 rules"),
        ((NEAR, "--chance", "--draws", "2", "--pile", "8"), "either --draws or --pile"),
        ((NEAR, "--draws", "2"), "needs --chance"),
        ((NEAR, "--chance", "--seen", "K10 K10 K10"), "too many K10"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(run_main, args: tuple[str, ...], message: str) -> None:  # type: ignore[no-untyped-def]
    assert message in error_of(run_main, "discard", "-r", "101", "-i", "K9", *args)


def test_101_reads_the_chance_fields_for_its_own_model() -> None:
    from okeytool.rules import get_rules
    from okeytool.solver.games import game_of

    game = game_of(get_rules("101"))
    assert all(game.reads("discard", f) for f in ("chance", "draws", "pile", "risk"))
    assert not game.reads("discard", "goal") and not game.reads("open", "chance")
    # not "taken": the classic win-chance model and the quiz read that as classic win chances
    assert not game.takes("discard", "chance")
    assert game_of(get_rules("classic")).reads("discard", "goal")


def test_a_batch_line_with_bad_input_gets_an_error_line() -> None:
    line = {"command": "discard", "rules": "101", "indicator": "K9", "tiles": NEAR, "chance": True, "draws": 9}
    answer = json.loads(answer_line(json.dumps(line)))
    assert set(answer) == {"error"} and "--draws" not in answer["error"] and "field 'draws'" in answer["error"]


# -- a followed 101 round ---------------------------------------------------------------------------

START = parse_tiles("R1-4 B9-11 K5 Y5 R5 K11-13 Y1 Y3 Y8 B1 B3 R12 R13 K2")


def test_a_101_rounds_throw_advice_is_the_opening_chance_ranking() -> None:
    state = start_state(Start("101", {}, parse_tile("K9"), START))
    assert draws_left(state) == 5  # the 101 stock: 20 tiles, a fourth of them own draws
    state = apply(state, TableMelds((parse_tiles("Y9-11"),)))
    drawn = apply(state, Draw(parse_tile("Y12")))
    assert draws_left(drawn) == 4
    advice = state_advice(drawn)
    assert isinstance(advice, OpeningChanceRanking) and advice_kind(advice) == "discard101"
    assert advice.model.draws == 4
    deal = drawn.deal
    same = opening_chance_ranking(deal, drawn.hand, (), draws=4, table=advice_table(deal))
    assert advice.to_json() == same.to_json()  # the command's answer: the table's tiles out of play
    rows = {str(r.tile): r for r in advice.rows}
    assert rows["Y8"].penalty == 101 and "isler" in rows["Y8"].row.reasons
    grades = grade_discards(drawn.deal, drawn.hand, drawn.seen, table=drawn.table, draws=4)
    assert grades.method == "opening-chance:climb" and grades.draws == 4
    # the advice's order, the throws without a penalty first: Y8 (işler) is never the best throw
    expected = [r for r in advice.rows if not r.penalty] + [r for r in advice.rows if r.penalty]
    assert [g.tile for g in grades.rows] == [r.tile for r in expected]
    assert all((g.value, g.penalty) == (r.chance, r.penalty) for g, r in zip(grades.rows, expected))


def advice_table(deal):  # type: ignore[no-untyped-def]
    from okeytool.solver.okey101.layoffs import table_melds

    return table_melds(deal, [parse_tiles("Y9-11")])
