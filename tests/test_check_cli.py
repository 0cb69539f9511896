"""``okeytool check --json``: the document of cli.md, exactly."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from conftest import in_process

V12 = "R1 R2 R3 R4 B9 B10 B11 K5 Y5 R5 K11 K12 K13 K1 B2"


def check_json(run_main, *args: str) -> dict:
    run = run_main("check", *args, "--json")
    assert run.code == 0, run.err
    assert run.err == ""
    assert run.out.count("\n") == 1  # one JSON document and nothing else
    return json.loads(run.out)


def assert_shape(document: dict, tiles: list[str]) -> None:
    assert {"winning", "winning_discards", "best"} <= set(document)
    assert isinstance(document["winning"], bool)
    assert all(isinstance(t, str) for t in document["winning_discards"])
    best = document["best"]
    if not document["winning"]:
        assert best is None and document["winning_discards"] == []
        return
    assert {"discard", "kind", "okey_finish", "kafa", "melds"} <= set(best)
    assert best["kind"] in ("melds", "pairs")
    assert isinstance(best["okey_finish"], bool) and isinstance(best["kafa"], bool)
    placements = [p for meld in best["melds"] for p in meld]
    assert all(set(p) == {"tile", "as"} for p in placements)
    shown = Counter(p["tile"] for p in placements)
    rest = Counter(tiles)
    if best["discard"] is not None:
        assert best["discard"] == document["winning_discards"][0]
        rest[best["discard"]] -= 1
    assert shown == +rest  # every one of the 14 tiles once, written canonically
    if best["kind"] == "pairs":
        assert all(len(meld) == 2 for meld in best["melds"]) and len(best["melds"]) == 7


def test_fifteen_tiles_meld_win(run_main) -> None:
    document = check_json(run_main, "-i", "Y7", V12)
    assert_shape(document, V12.split())
    assert document["winning_discards"] == ["B2"]
    assert document["best"]["discard"] == "B2" and document["best"]["kind"] == "melds"
    # The okey (Y8) is not in this hand; every tile plays as itself.
    assert all(p["tile"] == p["as"] for meld in document["best"]["melds"] for p in meld)


def test_fourteen_tiles_complete(run_main) -> None:
    tiles = V12.replace(" B2", "")
    document = check_json(run_main, "-i", "Y7", tiles)
    assert_shape(document, tiles.split())
    assert document["winning"] and document["winning_discards"] == [] and document["best"]["discard"] is None


def test_not_winning(run_main) -> None:
    tiles = "R1 R2 R3 R4 B9 B10 B11 K5 Y5 R5 K13 K1 K2 B2 Y3"
    document = check_json(run_main, "-i", "Y7", tiles)
    added = {"deficiency": document.pop("deficiency"), "best_throw": document.pop("best_throw")}
    assert document == {"winning": False, "winning_discards": [], "best": None, "gosterme": False}
    # How far it is (issue 13): the best throw is the top of the discard ranking, and the 14 tiles
    # it leaves are as far as waits says.
    discards = json.loads(run_main("discard", "-i", "Y7", tiles, "--json").out)["discards"]
    assert added == {"deficiency": discards[0]["deficiency"], "best_throw": discards[0]["tile"]} == {
        "deficiency": 2, "best_throw": "Y3"}  # fmt: skip
    rest = tiles.replace(" Y3", "")
    assert json.loads(run_main("waits", "-i", "Y7", rest, "--json").out)["deficiency"] == 2
    fourteen = check_json(run_main, "-i", "Y7", rest)
    assert fourteen["deficiency"] == 2 and fourteen["best_throw"] is None


def test_not_winning_text_says_how_far(run_main, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    tiles = "R1 R2 R3 R4 B9 B10 B11 K5 Y5 R5 K13 K1 K2 B2 Y3"
    out = run_main("check", "-i", "Y7", tiles).out
    assert out.splitlines()[-1] == "not winning: best throw Y3, which leaves the hand two tiles away"
    out = run_main("check", "-i", "Y7", "R1-4 B9-11 K5 Y5 R5 K11-13 B2").out
    assert out.splitlines()[-1] == "not winning: one tile away"


def test_wild_and_false_joker_placements(run_main) -> None:
    # Indicator R4: okey R5. One real okey stands for the missing 7, the other (written J) for R4;
    # F plays as R5 in R3 R4 F.
    tiles = "R7 K7 R5 B1 B2 B3 B4 R3 J F R9 R10 R11 R12 K2"
    document = check_json(run_main, "-i", "R4", "--seen", "K2", tiles)
    placements = [p for meld in document["best"]["melds"] for p in meld]
    assert {"tile": "F", "as": "R5"} in placements
    okeys = [p["as"] for p in placements if p["tile"] == "R5"]
    assert len(okeys) == 2 and "R4" in okeys and ({"B7", "Y7"} & set(okeys))
    assert "J" not in [p["tile"] for p in placements]


def test_okey_finish_and_pairs_in_json(run_main) -> None:
    document = check_json(run_main, "-i", "R4", "R1-3 B9-12 K7 Y7 B7 Y10 Y11 R5 Y12 Y13")
    assert document["winning_discards"][0] == "R5" and document["best"]["okey_finish"] is True
    pairs = "R2 R2 K9 K9 Y13 Y13 B7 B7 R11 R11 K1 B4 Y5 Y5 B12"
    document = check_json(run_main, "-i", "B3", pairs)
    assert_shape(document, pairs.split())
    assert document["best"]["kind"] == "pairs" and sorted(document["winning_discards"]) == ["B12", "K1"]


def test_kafa_in_json(run_main) -> None:
    document = check_json(run_main, "-i", "K4", "Y1-13 Y1 R9")
    assert document["best"]["kafa"] is True and document["winning_discards"] == ["R9"]


@pytest.mark.parametrize("args", [("-o", "Y8"), ("--indicator", "yellow7"), ("-i", "Y7", "--solver", "cpsat")])
def test_same_answer_other_ways(run_main, args: tuple[str, ...]) -> None:
    assert check_json(run_main, *args, V12) == check_json(run_main, "-i", "Y7", V12)


def test_json_and_rich_output() -> None:
    result = in_process("check", "-i", "Y7", *V12.split(), "--json")
    assert result.code == 0 and result.err == ""
    assert json.loads(result.out)["winning_discards"] == ["B2"]
    text = in_process("check", "-i", "Y7", V12)
    assert text.code == 0 and "B2" in text.out and "winning" in text.out
