"""Round entry as the table speaks: 101 hands as points, names as people type them, players by spaces."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import in_process, on_ledger

from okeytool.errors import RoundError
from okeytool.score import score_document
from okeytool.score.names import match_name

PLAYERS = "Ali Bora Cem Deniz"
OPENED = ("--opened", "ali=melds", "--opened", "BORA=melds", "--opened", "cem=pairs")


def okeytool(*args: str, db: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}
    if db is not None:
        env["OKEYTOOL_DB"] = str(db)
    return subprocess.run(
        [sys.executable, "-m", "okeytool", *args], capture_output=True, text=True, env=env, timeout=60
    )


def score_json(*args: str, real: bool = True) -> dict[str, Any]:
    """``okeytool score ARGS --json`` in a real process, or with ``real=False`` in this one."""
    if not real:
        run = in_process("score", *args, "--json")
        assert run.code == 0, run.err
        return json.loads(run.out)  # type: ignore[no-any-return]
    result = okeytool("score", *args, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)  # type: ignore[no-any-return]


def test_101_hands_as_points_score_as_the_tiles_would() -> None:
    # Indicator B1: the okey is B2. R3 K9 Y12 is 24; Y5 Y5 is 10.
    by_tiles = score_json("-r", "101", "-p", PLAYERS, "-i", "B1", "-w", "Ali", *OPENED,
                          "--hand", "Bora=R3 K9 Y12", "--hand", "Cem=Y5 Y5", "-f", "normal")  # fmt: skip
    by_points = score_json("-r", "101", "-p", PLAYERS, "-w", "ali", *OPENED,
                           "--hand", "bo=24", "--hand", "c=10", "-f", "normal")  # fmt: skip
    assert by_points["scores"] == by_tiles["scores"] == {"Ali": -101, "Bora": 24, "Cem": 20, "Deniz": 202}
    notes = {item["player"]: item["note"] for item in by_points["items"]}
    assert notes["Bora"] == "P=24 as called x1" and notes["Cem"].startswith("P=10 as called x2")
    shown = okeytool("score", "-r", "101", "-p", PLAYERS, "-w", "ali", *OPENED, "--hand", "bo=24", "--hand", "c=10",
                     "-f", "okey")  # fmt: skip
    assert shown.returncode == 0 and "P=24 as called x2" in shown.stdout  # the breakdown says so


@pytest.mark.parametrize(
    ("document", "words"),
    [
        ({"hands": {"P2": {"opened": "melds", "tiles": "R3", "points": 3}}}, "not both"),
        ({"hands": {"P2": {"opened": "melds", "points": -1}}}, "points are the value"),
        ({"hands": {"P2": {"opened": "melds", "points": 10_000}}}, "points are the value"),
        ({"hands": {"P2": {"opened": "melds", "points": True}}}, "points are the value"),
        ({"hands": {"P1": {"opened": "melds", "points": 5}}}, "holds no tiles"),
        ({"winner": None, "finish": "aborted", "hands": {"P2": {"opened": "melds", "points": 5}}}, "not points"),
    ],
)
def test_points_that_cannot_be_refused(document: dict[str, Any], words: str) -> None:
    base = {"rules": "101", "players": ["P1", "P2", "P3", "P4"], "winner": "P1", "finish": "normal",
            "hands": {"P1": {"opened": "melds"}}}  # fmt: skip
    base["hands"] = {**base["hands"], **document.pop("hands")}  # type: ignore[dict-item]
    with pytest.raises(RoundError, match=words):
        score_document({**base, **document})


def test_names_match_ignoring_case_and_by_a_unique_prefix() -> None:
    names = ["Ali", "Alp", "Bora", "İpek"]
    assert match_name("ALI", names, "winner") == "Ali" and match_name("bo", names, "winner") == "Bora"
    assert match_name("ipek", names, "winner") == "İpek" and match_name("IPEK", names, "winner") == "İpek"
    with pytest.raises(RoundError, match="could be Ali or Alp"):
        match_name("al", names, "winner")
    with pytest.raises(RoundError, match="unknown player"):
        match_name("Zeki", names, "winner")
    result = okeytool("score", "-p", "Ali,Alp,Bora,Cem", "-w", "al", "-f", "normal")
    assert result.returncode == 2 and result.stderr.count("\n") == 1 and "type more of the name" in result.stderr


def test_players_separated_by_spaces_or_told_to_use_commas(tmp_path: Path) -> None:
    spaced = score_json("-p", "Ali Bora Cem Deniz", "-w", "cem", "-f", "normal", "-g", "deniz", real=False)
    assert spaced["players"] == ["Ali", "Bora", "Cem", "Deniz"]
    assert score_json("-p", "Ali Veli,Bora", "-w", "ali", "-f", "normal", real=False)["winner"] == "Ali Veli"
    result = in_process("score", "-p", "Ali;Bora;Cem", "-w", "Ali", "-f", "normal")
    assert result.code == 2 and "separate the names with commas" in result.err
    db = tmp_path / "g.sqlite3"
    assert on_ledger(db, "game", "new", "-r", "101", "-p", "Ali Bora Cem Deniz").code == 0
    added = on_ledger(db, "game", "round", "-w", "a", *OPENED, "--hand", "b=24", "--hand", "c=10", "-f", "normal",
                      "--json")  # fmt: skip
    assert added.code == 0, added.err
    state = json.loads(added.out)
    assert state["totals"] == {"Ali": -101, "Bora": 24, "Cem": 20, "Deniz": 202}
    assert state["rounds"][0]["document"]["hands"]["Bora"] == {"opened": "melds", "points": 24}


def test_the_points_example_scores_and_reads_back() -> None:
    from okeytool.score import read_round

    path = Path(__file__).resolve().parent.parent / "examples" / "rounds" / "101-points.json"
    document = json.loads(path.read_text(encoding="utf-8"))
    assert score_document(document).scores == {"Ali": -101, "Bora": 24, "Cem": 20, "Deniz": 303}
    round_ = read_round(document)
    assert round_.hand("Bora").points == 24 and round_.hand("Bora").tiles is None
    assert read_round(round_.to_json()) == round_
