"""``okeytool open`` on the command line and in batch: JSON contract, text output, bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from conftest import in_process

from okeytool.commands import batch
from okeytool.questions import document

V34 = "K13 R13 Y13 B10 B11 B12 B13 R4 B4 K4 Y4 K2"  # 101 points, indicator Y7 (hands.jsonl V34)


def open_json(*args: str) -> dict[str, Any]:
    result = in_process("open", *args, "--json")
    assert result.code == 0 and result.err == "", result.err
    return json.loads(result.out)  # type: ignore[no-any-return]


def test_json_keys_follow_cli_md() -> None:
    document = open_json("-i", "Y7", V34)
    contract = {"best", "can_open", "open_points", "pairs", "can_open_pairs", "elden", "options"}
    assert contract <= set(document)
    assert set(document["best"]) == {"points", "melds"}
    assert document["best"]["points"] == 101 and document["can_open"] is True
    assert document["open_points"] == 101 and document["pairs"] == 0 and document["can_open_pairs"] is False
    for meld in document["best"]["melds"]:
        assert all(set(p) == {"tile", "as"} for p in meld)
    laid = sorted(p["tile"] for meld in document["best"]["melds"] for p in meld)
    assert laid == sorted(V34.split()[:-1])  # everything but K2 is laid
    assert document["left"] == ["K2"]
    assert all(set(o) == {"points", "melds"} for o in document["options"])


def test_options_count_and_threshold_option() -> None:
    assert open_json("-i", "Y7", V34, "--options", "0")["options"] == []
    lowered = open_json("-i", "Y7", "K13 R13 Y13 B10 B11 B12 B13 R4 R5 R6 K2", "-O", "open_points=100")
    assert lowered["can_open"] is True and lowered["open_points"] == 100


def test_okey_flag_and_cpsat_solver_agree() -> None:
    by_indicator = open_json("-i", "K6", "Y11 Y12 K7 R2")
    by_okey = open_json("--okey", "K7", "Y11 Y12 K7 R2", "--solver", "cpsat")
    assert by_indicator["best"] == by_okey["best"]
    assert by_okey["best"]["points"] == 36 and by_okey["status"] == "optimal"


def test_written_joker_is_the_okey() -> None:
    document = open_json("-i", "K6", "Y11 Y12 J R2")
    assert document["best"]["points"] == 36
    (meld,) = document["best"]["melds"]
    assert {"tile": "K7", "as": "Y13"} in meld


def test_text_output_shows_melds_points_and_verdict() -> None:
    result = in_process("open", "-i", "Y7", V34)
    assert result.code == 0
    out = result.out
    assert "101 points" in out and "B10 B11 B12 B13" in out and "46" in out
    assert "elden" in out and "pairs: 0" in out


def test_text_output_lists_waits_with_unseen() -> None:
    result = in_process("open", "-i", "Y7", "K13 R13 Y13 B10 B11 B12 B13 R4 R5 R6 K2", "--seen", "R3")
    assert result.code == 0
    assert "tiles that reach 101" in result.out and "R3" in result.out


def test_table_and_lay_offs_in_text() -> None:
    result = in_process("open", "-i", "Y7", "R4 K9 B2", "--table", "R1-3; K7 B7 Y7", "--opened")
    assert result.code == 0, result.err
    assert "işler" in result.out and "lay off" in result.out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["-i", "Y7", "R1-13", "B1-10"], "at most 22"),
        (["-i", "Y7", "R1 R2 R3", "--table", "R1 R5 R9"], "table meld 1"),
        (["-i", "Y7", "R1 R2 R3", "--table", "R1-3; X7"], "--table"),
        (["R1 R2 R3 K5"], "indicator"),
        (["-i", "Y7", "R1 R2 Q3"], "Q"),
        (["-i", "Y7", "R1 R1 R1"], "too many R1"),
        (["-i", "Y7", "R1 R2", "--seen", "R1 R1"], "too many R1"),
        (["-i", "Y7", "R1 R1 R3", "--table", "R1 R2 R3"], "too many R1"),
        (["-i", "Y7", "R1 R2 R3", "--solver", "fast"], "solver"),
        (["-i", "Y7", "R1 R2 R3", "--options", "-1"], "options"),
        (["-i", "Y7", "R1", "-O", "open_points=zero"], "open_points"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(run_main: Callable[..., Any], args: list[str], words: str) -> None:
    done = run_main("open", *args)
    assert done.code == 2
    assert done.out == ""
    lines = done.err.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], done.err
    assert "Traceback" not in done.err


def test_main_prints_only_json(run_main: Callable[..., Any]) -> None:
    done = run_main("open", "-i", "Y7", V34, "--json")
    assert done.code == 0 and done.err == ""
    assert json.loads(done.out)["best"]["points"] == 101


def test_batch_answers_open_questions() -> None:
    question = {"command": "open", "indicator": "Y7", "tiles": V34, "id": "a"}
    line = json.loads(batch.answer_line(json.dumps(question)))
    assert line["id"] == "a" and line["best"]["points"] == 101  # rules default to 101 for open
    table = {"command": "open", "indicator": "Y7", "tiles": "R4 K9", "table": "R1-3", "opened": True, "id": 2}
    answer = json.loads(batch.answer_line(json.dumps(table)))
    assert answer["isler"] == ["R4"] and answer["lay_offs"] == [{"tile": "R4", "melds": [1]}]
    few = document("open", {"indicator": "Y7", "tiles": V34, "alternatives": 1})
    assert len(few["options"]) <= 1
    bad = json.loads(batch.answer_line(json.dumps({"command": "open", "tiles": "R1", "id": 9})))
    assert bad["id"] == 9 and "indicator" in bad["error"]
    big = json.loads(batch.answer_line(json.dumps({"command": "open", "indicator": "Y7", "tiles": "R1-13 B1-10"})))
    assert "at most 22" in big["error"]


def test_101_discard_document_rows() -> None:
    # Y9 and K12 fit nowhere, so no discard goes out (a finishing discard would cost no penalty).
    tiles = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 B1 B2 B3 K5 K6 K7 Y9 Y10 K12"
    answer = document("discard", {"rules": "101", "indicator": "Y1", "tiles": tiles, "table": "Y11 Y12 Y13"})
    rows = answer["discards"]
    assert len(rows) == 22  # all distinct
    for row in rows:
        assert {"tile", "penalty", "open_points", "pairs", "can_open"} <= set(row)
    by_tile = {row["tile"]: row for row in rows}
    assert by_tile["Y10"]["penalty"] == 101 and by_tile["Y10"]["reasons"] == ["isler"]
    assert by_tile["K12"]["penalty"] == 0
    # No-penalty rows come before penalty rows.
    penalties = [row["penalty"] for row in rows]
    assert penalties == sorted(penalties)
    with pytest.raises(ValueError, match="22"):
        document("discard", {"rules": "101", "indicator": "Y1", "tiles": "R1 R2 R3"})


def test_help_does_not_import_ortools() -> None:
    code = (
        "import sys; from okeytool.cli import app; from okeytool.render import opening; "
        "from okeytool.solver.okey101 import opening as o; print('ortools' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "False"
