"""The ``play`` command: JSON contract (cli.md), batch answers, text output, bad input → exit 2."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from conftest import in_process
from reference import table_joker_problem

from okeytool.commands import batch
from okeytool.deal import Deal
from okeytool.parse.notation import parse_melds
from okeytool.questions import document
from okeytool.rules import get_rules
from okeytool.solver.melds.result import Meld, Placement
from okeytool.solver.melds.validator import faces_meld_kind
from okeytool.tiles import Tile

CONTRACT_KEYS = {"placed", "placed_count", "value", "table", "rack_left", "initial"}


def play_json(*args: str) -> dict[str, Any]:
    result = in_process("play", *args, "--json")
    assert result.code == 0, result.err
    document = json.loads(result.out)
    assert isinstance(document, dict)
    return document


def test_json_shape_matches_cli_md() -> None:
    document = play_json("R4 K7 B9", "--table", "R1-3; K7 B7 Y7", "--opened")
    assert CONTRACT_KEYS <= set(document)
    assert document["placed"] == ["R4"] and document["placed_count"] == 1 and document["value"] == 4
    assert document["rack_left"] == ["B9", "K7"] and document["initial"] is False
    table = document["table"]
    assert all(set(p) == {"tile", "as"} for meld in table for p in meld)
    laid = sorted(p["tile"] for meld in table for p in meld)
    assert laid == sorted(["R1", "R2", "R3", "R4", "K7", "B7", "Y7"])
    assert len(document["meld_status"]) == len(table)
    assert document["rack_left_value"] == 16 and document["must_draw"] is False


def test_json_is_the_only_stdout() -> None:
    result = in_process("play", "K9", "K10", "J", "--json")
    assert result.code == 0
    document = json.loads(result.out)
    assert document["initial"] is True and document["value"] == 30
    assert document["table"] == [[{"tile": "K9", "as": "K9"}, {"tile": "K10", "as": "K10"}, {"tile": "J", "as": "K11"}]]


def test_goal_value_option() -> None:
    rack = "R1 R2 R4 R5 K13 B13 J"
    assert play_json(rack, "--opened")["placed_count"] == 5
    by_value = play_json(rack, "--opened", "--goal", "value")
    assert by_value["value"] == 39 and sorted(by_value["placed"]) == ["B13", "J", "K13"]


def test_must_draw_is_said() -> None:
    document = play_json("R8 R9 R12")
    assert document["placed"] == [] and document["must_draw"] is True and document["initial"] is True
    result = in_process("play", "R8 R9 R12")
    assert result.code == 0
    assert "draw" in result.out and "30" in result.out


def test_text_output_marks_changes_and_jokers() -> None:
    result = in_process("play", "R4 J B9", "--table", "R1-3; K7 B7 Y7", "--opened")
    assert result.code == 0, result.err
    out = result.out
    assert "kept" in out and "changed" in out
    assert "J = R5" in out or "J = R" in out
    assert "left" in out and "B9" in out and "value 9" in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["R1", "F"], "false joker"),
        (["R1", "R2", "R3", "-i", "R4"], "no indicator"),
        (["R1", "--table", "R1 R2 R4", "--opened"], "table meld 1"),
        (["R1 R1", "--table", "R1 B1 K1"], "too many R1"),
        ([""], "at least one tile"),
        (["R1", "--table", "R1 X2 R3"], "--table"),
        (["R14"], "1-13"),
        (["R1 R2 R3", "--goal", "points"], "goal"),
        (["R1 R2 R3", "--rules", "classic", "-i", "R4"], "rummikub"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(run_main: Callable[..., Any], args: list[str], words: str) -> None:
    done = run_main("play", *args)
    assert done.code == 2
    assert done.out == ""
    lines = done.err.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], done.err
    assert "Traceback" not in done.err


@pytest.mark.parametrize(
    ("rack", "table", "laid"),
    [
        ("J Y7", "R7 B7 Y7 J", 2),
        ("J Y1", "R1 B1 Y1 J", 2),
        ("Y7 R5", "R7 B7 Y7 J; R4 J R6 R7 R8", 2),
        ("K9 R8 B8 R5", "J K9 R9 Y9; R6 R7 J R9 R10", 3),
    ],
)
def test_table_joker_is_never_freed_without_its_tile(
    run_main: Callable[..., Any], rack: str, table: str, laid: int
) -> None:
    # rules.md 6 (issue 9): each table joker still stands for a face it may stand for, or a tile of
    # that face took its place; judged from the JSON alone by the reference check.
    done = run_main("play", rack, "--table", table, "--opened", "--rules", "rummikub", "--json")
    assert done.code == 0, done.err
    document = json.loads(done.out)
    melds = []
    for meld, status in zip(document["table"], document["meld_status"], strict=True):
        placements = tuple(Placement(Tile.parse(p["tile"]), Tile.parse(p["as"])) for p in meld)
        kind = faces_meld_kind([p.as_ for p in placements], wrap=False)
        assert kind is not None, meld
        melds.append((Meld("set" if kind == "set" else "run", placements), status == "kept"))
    problem = table_joker_problem(Deal(get_rules("rummikub")), parse_melds(table), melds)
    assert problem is None, problem
    assert document["placed_count"] == laid


def test_main_prints_json(run_main: Callable[..., Any]) -> None:
    done = run_main("play", "B7 K7", "--table", "R4 R5 R6 R7", "--opened", "--json")
    assert done.code == 0
    document = json.loads(done.out)
    assert document["placed"] == ["B7", "K7"] and document["rack_left"] == []


def test_batch_answers_play_questions() -> None:
    question = {"command": "play", "rules": "rummikub", "tiles": "B7 K7", "table": "R4-7", "opened": True, "id": 3}
    line = json.loads(batch.answer_line(json.dumps(question)))
    assert line["id"] == 3 and line["placed"] == ["B7", "K7"] and line["initial"] is False
    direct = document("play", {"tiles": "R1 R2 R3", "goal": "value"})
    assert direct["must_draw"] is True  # 6 points is no initial meld
    bad = json.loads(batch.answer_line(json.dumps({"command": "play", "tiles": "R1", "table": "R1 R2", "id": 4})))
    assert bad["id"] == 4 and "table meld 1" in bad["error"]
    wrong = json.loads(batch.answer_line(json.dumps({"command": "play", "tiles": "R1", "opened": "yes"})))
    assert "opened" in wrong["error"]


def test_check_document_for_rummikub() -> None:
    out = document("check", {"rules": "rummikub", "tiles": "B7 K7", "table": "R4 R5 R6 R7"})
    assert out["winning"] is True and out["winning_discards"] == []
    melds = out["best"]["melds"]
    assert sorted(p["tile"] for meld in melds for p in meld) == ["B7", "K7", "R4", "R5", "R6", "R7"]
    rummikub = {"rules": "rummikub"}
    assert document("check", {**rummikub, "tiles": "R1 R2 R3"})["winning"] is False  # 6 points: no initial meld
    assert document("check", {**rummikub, "tiles": "R1 R2 R3", "opened": True})["winning"] is True
    assert document("check", {**rummikub, "tiles": "R1 R2 R3 K5", "opened": True})["best"] is None


def test_help_does_not_import_ortools() -> None:
    import subprocess
    import sys

    code = "import sys; from okeytool.cli import app; from okeytool.render import play; print('ortools' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "False"


def test_example_batch_file() -> None:
    from pathlib import Path

    path = Path(__file__).parent.parent / "examples" / "rummikub_batch.jsonl"
    answers = {a["id"]: a for a in (json.loads(batch.answer_line(line)) for line in path.read_text().splitlines())}
    assert answers[1]["placed"] == ["B7", "K7"] and answers[1]["rack_left"] == ["R9"]  # R7 moves to the 7s
    assert answers[2]["value"] == 30 and answers[2]["rack_left"] == ["R2", "Y3"]  # K9 K10 J(K11)
    assert answers[3]["value"] == 39  # J with the 13s beats five low tiles
    assert answers[4]["must_draw"] is True  # no meld at all
    assert "table meld 1" in answers[5]["error"]
