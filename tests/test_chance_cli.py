"""``discard --chance`` and ``check --chance`` on the command line and in ``batch``: the options,
the JSON document of cli.md, the order by goal, finish now or hold, the refusals and the time limit."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from conftest import make_deal

from okeytool.commands.batch import answer_line
from okeytool.parse.notation import parse_tiles
from okeytool.solver.classic.analysis import rank_discards
from okeytool.solver.classic.chance import chance_ranking

#: Indicator Y7 (okey Y8): two away whatever is thrown (tests/test_discard_cli.py).
SPREAD = "R1 R2 R3 R4 B9 B10 B11 K5 Y5 K11 K12 K13 B2 Y9 Y12"
#: Indicator Y7: throwing B2 or Y5 leaves the hand one tile away (examples/check.md).
NEAR = "R1-4 B9-11 K5 Y5 K11-13 B2 Y5 R5"
#: Indicator R4 (okey R5): throwing B2 wins now, a normal finish (2 points); R5 stands in R1-R5 and
#: may be freed to finish by throwing it, the okey finish (tests/test_chance_methods.py).
HOLDER = "R1 R2 R3 R5 K7 K8 K9 B11 B12 B13 Y4 Y5 Y6 Y7 B2"


def json_of(run_main, *args: str) -> dict:
    run = run_main(*args, "--json")
    assert run.code == 0, run.err
    assert run.out.count("\n") == 1
    return json.loads(run.out)


def error_of(run_main, *args: str) -> str:
    run = run_main(*args)
    assert run.code == 2 and run.out == "", (run.code, run.out)
    assert run.err.count("\n") == 1 and "Traceback" not in run.err
    return run.err


def test_discard_chance_document(run_main) -> None:
    document = json_of(run_main, "discard", "-i", "Y7", NEAR, "--chance", "--draws", "1")
    plain = json_of(run_main, "discard", "-i", "Y7", NEAR)
    assert set(document) == {"discards", "model", "goal", "finish_now"}
    assert document["model"] == {"draws": 1, "risk": 0.05, "pool": 90, "method": "exact", "stopped": None}
    assert document["goal"] == "chance" and document["finish_now"] is None
    rows = document["discards"]
    # The same rows as without --chance, each with its chance and points.
    by_tile = {row["tile"]: row for row in plain["discards"]}
    assert sorted(by_tile) == sorted(row["tile"] for row in rows)
    for row in rows:
        assert {k: row[k] for k in by_tile[row["tile"]]} == by_tile[row["tile"]]
        assert 0 <= row["chance"] <= 1 and row["points"] >= 0
    chances = [row["chance"] for row in rows]
    assert chances == sorted(chances, reverse=True)
    # One draw: the chance is the waits' unseen copies over the pool, less the risk (rules.md 4.1).
    top = rows[0]
    assert top["deficiency"] == 1
    assert top["chance"] == pytest.approx(0.95 * top["acceptance"] / 90, abs=1e-12)


def test_without_chance_the_document_is_unchanged(run_main) -> None:
    deal = make_deal("Y7")
    tiles = deal.resolve(parse_tiles(SPREAD))
    assert json_of(run_main, "discard", "-i", "Y7", SPREAD) == rank_discards(deal, tiles).to_json()


@pytest.mark.parametrize("goal", ["chance", "points"])
def test_the_goal_orders_the_rows(run_main, goal: str) -> None:
    document = json_of(run_main, "discard", "-i", "Y7", SPREAD, "--chance", "--draws", "2", "--goal", goal)
    assert document["goal"] == goal
    rows = [row for row in document["discards"] if not row["wins"]]
    keys = [(row[goal], row["points" if goal == "chance" else "chance"]) for row in rows]
    assert keys == sorted(keys, reverse=True)
    deal = make_deal("Y7")
    library = chance_ranking(deal, deal.resolve(parse_tiles(SPREAD)), draws=2, goal=goal)  # type: ignore[arg-type]
    if library.model.method == document["model"]["method"] == "exact":
        assert [row["tile"] for row in document["discards"]] == [str(row.tile) for row in library.rows]


def test_winning_discards_stay_first(run_main) -> None:
    document = json_of(run_main, "discard", "-i", "R4", HOLDER, "--chance", "--draws", "1", "--goal", "points")
    rows = document["discards"]
    assert rows[0]["tile"] == "B2" and rows[0]["wins"] and rows[0]["chance"] == 1.0 and rows[0]["points"] == 2.0
    wins = [row["wins"] for row in rows]
    assert wins == sorted(wins, reverse=True)
    assert document["finish_now"] is not None


def test_pile_gives_the_draws_and_risk_is_the_model(run_main) -> None:
    document = json_of(run_main, "discard", "-i", "Y7", NEAR, "--chance", "--pile", "9", "--risk", "0.2")
    assert document["model"]["draws"] == 2 and document["model"]["risk"] == 0.2  # 9 tiles, four players: 2 draws


@pytest.mark.parametrize(("risk", "advice"), [("0", "hold"), ("0.5", "finish")])
def test_check_chance_finish_or_hold(run_main, monkeypatch, risk: str, advice: str) -> None:
    args = ("check", "-i", "R4", HOLDER, "--chance", "--draws", "1", "--risk", risk)
    document = json_of(run_main, *args)
    assert document["winning"] and document["winning_discards"][0] == "B2"
    finish_now = document["finish_now"]
    assert finish_now["points"] == 2.0 and finish_now["advice"] == advice
    assert (finish_now["hold_points"] > 2.0) == (advice == "hold")
    assert document["model"] == {"draws": 1, "risk": float(risk), "pool": 90, "method": "exact", "stopped": None}
    deal = make_deal("R4")
    library = chance_ranking(deal, deal.resolve(parse_tiles(HOLDER)), draws=1, risk=float(risk))
    assert library.finish_now is not None and finish_now == library.finish_now.to_json()
    monkeypatch.setenv("COLUMNS", "200")
    text = run_main(*args).out
    assert (
        f"finish now: 2.00 points   hold: {finish_now['hold_points']:.2f} points expected (throw B2, play on)" in text
    )
    last = text.rstrip("\n").splitlines()[-1]
    assert last.startswith("hold: throwing" if advice == "hold" else "finish now by throwing B2")
    assert "method" in text and "lower bound" not in text  # exact: no method note


def test_check_chance_on_a_hand_that_does_not_win(run_main, monkeypatch) -> None:
    document = json_of(run_main, "check", "-i", "Y7", NEAR, "--chance", "--draws", "1")
    assert not document["winning"] and document["finish_now"] is None and document["model"]["draws"] == 1
    monkeypatch.setenv("COLUMNS", "200")
    text = run_main("check", "-i", "Y7", NEAR, "--chance", "--draws", "1").out
    assert "not winning: best throw B2, which leaves the hand one tile away" in text
    assert "% to win within 1 draw," in text


def test_discard_chance_text(run_main, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("NO_COLOR", "1")
    text = run_main("discard", "-i", "Y7", NEAR, "--chance", "--draws", "1").out
    header = next(line for line in text.splitlines() if "throw" in line and "#" in line)
    for column in ("result", "deficiency", "accepts", "win chance", "points", "useful tiles"):
        assert column in header
    document = json_of(run_main, "discard", "-i", "Y7", NEAR, "--chance", "--draws", "1")
    top = document["discards"][0]
    row = next(line for line in text.splitlines() if line.split()[:2] == ["1", top["tile"]])
    assert f"{top['chance'] * 100:.1f} %" in row and f"{top['points']:.2f}" in row
    assert "model: 1 draw left, risk 0.05 per draw, pool 90, method exact" in text
    assert "lower bound" not in text
    assert text.rstrip("\n").splitlines()[-1].startswith(f"throw {top['tile']}: {top['chance'] * 100:.0f} % to win")
    far = run_main("discard", "-i", "Y7", SPREAD, "--chance", "--draws", "2").out
    best = json_of(run_main, "discard", "-i", "Y7", SPREAD, "--chance", "--draws", "2")["discards"][0]
    assert 0 < best["chance"] < 0.095  # below 10 %: one decimal
    assert f"throw {best['tile']}: {best['chance'] * 100:.1f} % to win within 2 draws" in far


def test_a_method_that_is_not_exact_is_named(run_main, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("NO_COLOR", "1")
    text = run_main("discard", "-i", "Y7", NEAR, "--chance", "--draws", "4").out
    method = json_of(run_main, "discard", "-i", "Y7", NEAR, "--chance", "--draws", "4")["model"]["method"]
    assert method.startswith("advance")
    assert f"method {method}" in text and f"{method}: lower bound" in text


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (  # 101 ranks by the chance to open (tests/test_chance_101_cli.py): there are no points to order by
            ["discard", "-r", "101", "-i", "Y7", "R1-13 B10-13 K10-13 Y8", "--chance", "--goal", "points"],
            "--goal is not part of a discard",
        ),
        (
            ["check", "-r", "rummikub", "R1 R2 R3", "--chance"],
            "--chance is not part of a check question in the rummikub",
        ),
        (["discard", "-i", "Y7", SPREAD, "--draws", "3"], "--draws sets the win-chance model; it needs --chance"),
        (["discard", "-i", "Y7", SPREAD, "--goal", "points"], "--goal sets the win-chance model"),
        (["check", "-i", "Y7", SPREAD, "--risk", "0.1"], "--risk sets the win-chance model"),
        (["discard", "-i", "Y7", SPREAD, "--chance", "--draws", "2", "--pile", "9"], "either --draws or --pile"),
        (["discard", "-i", "Y7", SPREAD, "--chance", "--draws", "13"], "--draws must be between 0 and 12"),
        (["discard", "-i", "Y7", SPREAD, "--chance", "--pile", "90"], "--pile must be between 0 and"),
        (["discard", "-i", "Y7", SPREAD, "--chance", "--risk", "1"], "--risk must be at least 0 and below 1"),
        (["discard", "-i", "Y7", SPREAD, "--chance", "--goal", "tiles"], "--goal"),
        (["discard", "-i", "Y7", SPREAD, "--chance", "--deep"], "--deep does not go with --chance"),
        (["discard", "-i", "Y7", SPREAD, "--chance", "--solver", "cpsat"], "--solver does not go with --chance"),
        (
            ["check", "-i", "Y7", "R1-4 B9-11 K5 Y5 R5 K11-13 B2", "--chance"],
            "a choice of 15 tiles, not 14 (for 14 tiles ask waits)",
        ),
        (["discard", "-i", "Y7", SPREAD, "--extra", "1"], "--extra sets the win-chance model; it needs --chance"),
        (["discard", "-i", "Y7", SPREAD, "--chance", "--extra", "13"], "--extra takes a number of exchanges from 0"),
        (["discard", "-i", "Y7", SPREAD, "--chance", "--extra", "-1"], "--extra takes a number of exchanges from 0"),
        (["discard", "-i", "Y7", SPREAD, "--chance", "--extra", "x"], "--extra"),
        (
            ["discard", "-r", "101", "-i", "Y7", "R1-13 B10-13 K10-13 Y8", "--chance", "--extra", "1"],
            "--extra is not part of a discard question in the 101 rules",
        ),
        (["check", "-i", "Y7", SPREAD, "--chance", "--goal", "points"], "No such option"),
        (["waits", "-i", "Y7", "R1-4 B9-11 K5 Y5 R5 K11-13 B2", "--chance"], "No such option"),
    ],
)
def test_refusals(run_main, args: list[str], words: str) -> None:
    assert words in error_of(run_main, *args)


def _line(**fields: object) -> dict:
    return json.loads(answer_line(json.dumps({"id": 7, **fields})))


def test_batch_chance_fields() -> None:
    question = {"command": "discard", "indicator": "Y7", "tiles": NEAR}
    answer = _line(**question, chance=True, draws=1, risk=0, goal="points")
    assert answer["id"] == 7 and answer["goal"] == "points"
    assert answer["model"] == {"draws": 1, "risk": 0.0, "pool": 90, "method": "exact", "stopped": None}
    points = [row["points"] for row in answer["discards"]]
    assert points == sorted(points, reverse=True)
    assert _line(**question, chance=True, pile=5)["model"]["draws"] == 1
    plain = _line(**question)
    assert "model" not in plain and all("chance" not in row for row in plain["discards"])
    checked = _line(command="check", indicator="R4", tiles=HOLDER, chance=True, draws=1, risk=0)
    assert checked["finish_now"]["advice"] == "hold"


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"command": "discard", "indicator": "Y7", "tiles": NEAR, "draws": 1}, "field 'draws' sets the win-chance"),
        ({"command": "discard", "indicator": "Y7", "tiles": NEAR, "chance": "yes"}, "field 'chance' must be true or"),
        ({"command": "discard", "indicator": "Y7", "tiles": NEAR, "chance": True, "draws": "2"}, "whole number"),
        ({"command": "discard", "indicator": "Y7", "tiles": NEAR, "chance": True, "draws": 1.5}, "whole number"),
        ({"command": "discard", "indicator": "Y7", "tiles": NEAR, "chance": True, "risk": "x"}, "must be a number"),
        ({"command": "discard", "indicator": "Y7", "tiles": NEAR, "chance": True, "risk": 2}, "field 'risk' must be"),
        ({"command": "discard", "indicator": "Y7", "tiles": NEAR, "chance": True, "goal": "value"}, "chance or points"),
        ({"command": "discard", "indicator": "Y7", "tiles": NEAR, "chance": True, "draws": 1, "pile": 4}, "not both"),
        ({"command": "waits", "indicator": "Y7", "tiles": "R1-4 B9-11 K5 Y5 R5 K11-13 B2", "chance": True},
         "field 'chance' is not part of a waits question"),
        ({"command": "discard", "rules": "101", "indicator": "Y7", "tiles": "R1-13 B10-13 K10-13 Y8", "chance": True,
          "goal": "points"}, "field 'goal' is not part of a discard question in the 101 rules"),
        ({"command": "play", "tiles": "R1 R2 R3", "draws": 2}, "field 'draws' is not part of a play question"),
    ],
)  # fmt: skip
def test_batch_refusals(fields: dict, words: str) -> None:
    answer = _line(**fields)
    assert set(answer) == {"id", "error"} and words in answer["error"], answer


def test_extra_ranks_by_the_bounded_search_and_says_so(run_main) -> None:
    # A minute's limit (half of it work): every row computed with the extension or without it.
    full = ["--chance", "--draws", "3", "--time-limit", "60"]
    document = json_of(run_main, "discard", "-i", "Y7", NEAR, *full, "--extra", "1")
    model = document["model"]
    assert model["method"] == "extra" and model["extra"] == 1 and model["states"] > 0 and model["stopped"] is None
    plain = json_of(run_main, "discard", "-i", "Y7", NEAR, *full)
    assert "extra" not in plain["model"] and "states" not in plain["model"] and plain["model"]["stopped"] is None
    # A lower bound of exact, never below advance (the default at 3 draws), row by row.
    ours = {row["tile"]: row["chance"] for row in document["discards"]}
    for row in plain["discards"]:
        assert row["chance"] <= ours[row["tile"]] + 1e-12
    text = run_main("discard", "-i", "Y7", NEAR, "--chance", "--draws", "3", "--extra", "1")
    assert text.code == 0 and "--extra 1:" in text.out and "states searched" in text.out
    line = _line(command="discard", indicator="Y7", tiles=NEAR, chance=True, draws=3, extra=1, time_limit=60)
    assert line["model"] == model
    refused = _line(command="discard", indicator="Y7", tiles=NEAR, chance=True, extra=1.5)
    assert "whole number" in refused["error"]


def test_the_chance_ranking_works_within_the_users_time_limit(monkeypatch) -> None:
    """Without --time-limit the ranking does the model's default work; a limit the user gives lifts
    (or lowers) it to half that limit, and the clock stops it at the latest within the limit."""
    import okeytool.solver.classic.chance as chance
    from okeytool.questions import CHANCE_SHARE, answer, read_question

    efforts: list[chance.Effort] = []
    real = chance.chance_ranking

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        efforts.append(kwargs["effort"])
        return real(*args, **kwargs)

    monkeypatch.setattr(chance, "chance_ranking", spy)
    fields = {"indicator": "Y7", "tiles": NEAR, "chance": True, "draws": 1}
    answer(read_question("discard", {**fields, "time_limit": 0.8}))
    answer(read_question("discard", fields))
    answer(read_question("discard", {**fields, "time_limit": 600}))
    short, default, long = (e.budget for e in efforts)
    assert short == CHANCE_SHARE * 0.8 and default == chance.TIME_LIMIT and long == CHANCE_SHARE * 600
    assert all(e.deadline is not None for e in efforts)  # the clock as a backstop, within the limit


def test_rows_the_work_did_not_reach_are_marked_not_computed(run_main, monkeypatch) -> None:
    """No work allowed (the model's default set to 0): no row has a chance, every row says why and
    keeps the plain ranking's order, and the text says so instead of showing 0 %."""
    import okeytool.solver.classic.chance as chance

    monkeypatch.setattr(chance.Effort, "default_seconds", 0.0)
    monkeypatch.setenv("COLUMNS", "200")
    plain = [row["tile"] for row in json_of(run_main, "discard", "-i", "Y7", SPREAD)["discards"]]
    for draws in ("2", "8"):
        document = json_of(run_main, "discard", "-i", "Y7", SPREAD, "--chance", "--draws", draws)
        assert document["model"]["stopped"] == "work"
        rows = document["discards"]
        assert all(row["chance"] is None and row["points"] is None and row["stopped"] == "work" for row in rows)
        assert [row["tile"] for row in rows] == plain
        text = run_main("discard", "-i", "Y7", SPREAD, "--chance", "--draws", draws).out
        assert "not computed" in text and "0.0 %" not in text and "% to win" not in text
        assert f"throw {plain[0]}: no win chance was computed" in text


def test_a_short_time_limit_ends_as_every_answer_does(run_main) -> None:
    run = run_main("discard", "-i", "Y7", SPREAD, "--chance", "--draws", "8", "--time-limit", "0.6", "--json")
    if run.code == 0:  # the ranking stopped on its own within its share of the 0.6 s
        document = json.loads(run.out)
        assert document["model"]["method"] == "advance"
        computed = [row["chance"] is not None for row in document["discards"]]
        assert computed == sorted(computed, reverse=True)  # the computed rows first
    else:  # a loaded machine did not even finish the acceptance ranking in time
        assert run.code == 3 and run.out == "" and "time limit of 0.6 s" in run.err


def test_discard_chance_in_a_real_process() -> None:
    env = dict(os.environ, COLUMNS="120", NO_COLOR="1")
    done = subprocess.run(
        [sys.executable, "-m", "okeytool", "discard", "-i", "Y7", *NEAR.split(), "--chance", "--draws", "1"],
        capture_output=True, text=True, env=env, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "win chance" in done.stdout and "% to win within 1 draw" in done.stdout


def test_seen_tiles_leave_the_pool(run_main) -> None:
    plain = json_of(run_main, "discard", "-i", "Y7", NEAR, "--chance", "--draws", "1")
    seen = json_of(run_main, "discard", "-i", "Y7", NEAR, "--chance", "--draws", "1", "--seen", "B5 B5 K10")
    assert seen["model"]["pool"] == plain["model"]["pool"] - 3 == 87
    top = next(row for row in seen["discards"] if row["tile"] == "B2")
    assert top["acceptance"] == 10  # B5×2 and one K10 are out of play
    assert top["chance"] == pytest.approx(0.95 * 10 / 87, abs=1e-12)


def test_a_batch_line_gets_the_batch_s_limit_only_when_the_batch_gives_one(monkeypatch) -> None:
    """A line that sets no time limit does the default chance work, unless the batch itself was
    given --time-limit (then as if the line had set it), the default value included."""
    import okeytool.solver.classic.chance as chance
    from okeytool.batch_lines import answer_line
    from okeytool.limits import DEFAULT_TIME_LIMIT
    from okeytool.questions import CHANCE_SHARE

    efforts: list[chance.Effort] = []
    real = chance.chance_ranking

    def spy(*args, **kwargs):  # type: ignore[no-untyped-def]
        efforts.append(kwargs["effort"])
        return real(*args, **kwargs)

    monkeypatch.setattr(chance, "chance_ranking", spy)
    line = json.dumps({"command": "discard", "indicator": "Y7", "tiles": NEAR, "chance": True, "draws": 1})
    for given in (None, DEFAULT_TIME_LIMIT, 8.0):
        assert "discards" in json.loads(answer_line(line, time_limit=given))
    assert [e.budget for e in efforts] == [chance.TIME_LIMIT, CHANCE_SHARE * DEFAULT_TIME_LIMIT, CHANCE_SHARE * 8.0]
