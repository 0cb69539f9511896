"""``okeytool discard``: the ``--json`` document of cli.md, ``--seen``, the text output, bad input and
``batch`` lines."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from conftest import in_process

from okeytool.commands.batch import answer_line
from okeytool.tiles import Tile

#: Indicator Y7 (okey Y8): two away whatever is thrown; B2 is the best throw (test_discard_properties).
SPREAD = "R1 R2 R3 R4 B9 B10 B11 K5 Y5 K11 K12 K13 B2 Y9 Y12"
#: V12: throwing B2 wins (R1-4, B9-11, K5 Y5 R5, K11-13-1).
V12 = "R1 R2 R3 R4 B9 B10 B11 K5 Y5 R5 K11 K12 K13 K1 B2"
#: Indicator R4 (okey R5): R1-3 B1-3 K1-3 Y1-5 are complete; throwing the okey (J) wins ×2 (okey
#: finish), throwing any other tile wins ×1 (the okey takes its place).
OKEY_FINISH = "R1 R2 R3 B1 B2 B3 K1 K2 K3 Y1 Y2 Y3 Y4 Y5 J"

ROW_KEYS = {"tile", "wins", "kind", "okey_finish", "deficiency", "useful", "acceptance", "penalty"}


def discard_json(run_main, *args: str) -> dict:
    run = run_main("discard", *args, "--json")
    assert run.code == 0, run.err
    assert run.err == ""
    assert run.out.count("\n") == 1
    return json.loads(run.out)


def assert_discard_shape(document: dict, tiles: str) -> None:
    assert set(document) == {"discards"}
    rows = document["discards"]
    for row in rows:
        # cli.md's keys; the additions are the win's score multiplier and (--deep) second-order acceptance.
        assert ROW_KEYS <= set(row) and set(row) - ROW_KEYS <= {"multiplier", "second_order"}, row
        assert row["second_order"] is None
        assert isinstance(row["wins"], bool) and isinstance(row["okey_finish"], bool)
        assert isinstance(row["deficiency"], int) and isinstance(row["acceptance"], int)
        assert row["penalty"] == 0
        assert all(set(i) == {"tile", "unseen"} and i["unseen"] >= 0 for i in row["useful"])
        assert row["acceptance"] == sum(i["unseen"] for i in row["useful"])
        if row["wins"]:
            assert row["kind"] in ("melds", "pairs") and row["deficiency"] == 0 and row["useful"] == []
        else:
            assert row["kind"] is None and row["deficiency"] >= 1
    written = [r["tile"] for r in rows]
    assert all(str(Tile.parse(t)) == t for t in written)
    assert sorted(written) == sorted(set(written))  # one row per distinct tile
    assert len(written) == len(set(tiles.split()))


def test_document_of_a_spread_hand(run_main) -> None:
    document = discard_json(run_main, "-i", "Y7", SPREAD)
    assert_discard_shape(document, SPREAD)
    rows = document["discards"]
    assert rows[0]["tile"] == "B2" and rows[0]["deficiency"] == 2 and rows[0]["acceptance"] == 18
    assert not any(r["wins"] for r in rows)
    keys = [(r["deficiency"], -r["acceptance"]) for r in rows]
    assert keys == sorted(keys)


def test_winning_discard_first(run_main) -> None:
    document = discard_json(run_main, "-i", "Y7", V12)
    assert_discard_shape(document, V12)
    first = document["discards"][0]
    assert first["tile"] == "B2" and first["wins"] and first["kind"] == "melds" and not first["okey_finish"]
    assert [r["tile"] for r in document["discards"] if r["wins"]] == ["B2"]


def test_okey_finish_ranks_above_a_normal_win(run_main) -> None:
    document = discard_json(run_main, "-i", "R4", OKEY_FINISH)
    rows = document["discards"]
    assert_discard_shape(document, OKEY_FINISH.replace("J", "R5"))
    assert rows[0]["tile"] == "R5" and rows[0]["wins"] and rows[0]["okey_finish"] and rows[0]["kind"] == "melds"
    assert len(rows) == 15
    for row in rows[1:]:
        assert row["wins"] and not row["okey_finish"] and row["kind"] == "melds"
        assert rows[0]["multiplier"] > row["multiplier"]
    assert [r["tile"] for r in rows[1:]] == sorted((r["tile"] for r in rows[1:]), key=Tile.parse)


def test_seen_lowers_acceptance(run_main) -> None:
    plain = discard_json(run_main, "-i", "Y7", SPREAD)
    seen = discard_json(run_main, "-i", "Y7", SPREAD, "--seen", "R5 B5 B5")
    assert_discard_shape(seen, SPREAD)
    before = {r["tile"]: r for r in plain["discards"]}
    for row in seen["discards"]:
        old = before[row["tile"]]
        assert row["deficiency"] == old["deficiency"]
        assert [i["tile"] for i in row["useful"]] == [i["tile"] for i in old["useful"]]
        lost = Counter({"R5": 1, "B5": 2})
        assert row["acceptance"] == old["acceptance"] - sum(lost[i["tile"]] for i in row["useful"])
    b2 = next(r for r in seen["discards"] if r["tile"] == "B2")
    assert {i["tile"]: i["unseen"] for i in b2["useful"]}["B5"] == 0


def test_thrown_tile_counts_as_gone(run_main) -> None:
    # Throwing R1 leaves R1 useful again (it would rebuild R1-4), with one copy: the other is thrown.
    document = discard_json(run_main, "-i", "Y7", SPREAD)
    r1 = next(r for r in document["discards"] if r["tile"] == "R1")
    assert {i["tile"]: i["unseen"] for i in r1["useful"]}["R1"] == 1


def test_text_output_names_the_recommended_tile(run_main) -> None:
    for tiles, indicator in ((SPREAD, "Y7"), (V12, "Y7"), (OKEY_FINISH, "R4")):
        best = discard_json(run_main, "-i", indicator, tiles)["discards"][0]["tile"]
        result = in_process("discard", "-i", indicator, tiles)
        assert result.code == 0 and result.err == "", result.err
        last = result.out.strip().splitlines()[-1]
        assert last.startswith(f"throw {best}"), last
    text = in_process("discard", "-i", "Y7", V12).out
    assert "wins" in text.strip().splitlines()[-1]


BAD = [
    (["discard", "-i", "Y7", "R1 R2 R3 R4 B9 B10 B11 K5 Y5 K11 K12 K13 B2 Y9"], "14"),
    (["discard", "-i", "Y7", f"{SPREAD} Y1"], "16"),
    (["discard", "-i", "Y7", SPREAD, "--seen", "B2 B2"], "B2"),
    (["discard", "-i", "Y7", "--rules", "rummikub", SPREAD], "rummikub"),
]


@pytest.mark.parametrize(("args", "word"), BAD, ids=[f"bad{k}" for k in range(len(BAD))])
def test_bad_input_one_line_exit_2(run_main, args: list[str], word: str) -> None:
    run = run_main(*args)
    assert run.code == 2, (run.out, run.err)
    assert run.out == ""
    assert run.err.count("\n") == 1 and "Traceback" not in run.err
    assert word in run.err


def test_batch_discard_lines_answer_like_json(run_main) -> None:
    questions = [("d1", "Y7", SPREAD, "R5"), ("d2", "Y7", V12, ""), ("d3", "R4", OKEY_FINISH, "Y5")]
    for qid, indicator, tiles, seen in questions:
        line = {"id": qid, "command": "discard", "indicator": indicator, "tiles": tiles, "seen": seen}
        answer = json.loads(answer_line(json.dumps(line)))
        args = ["-i", indicator, tiles] + (["--seen", seen] if seen else [])
        assert answer == {"id": qid, **discard_json(run_main, *args)}
    bad = json.loads(answer_line(json.dumps({"id": "d4", "command": "discard", "indicator": "Y7", "tiles": V12[:-3]})))
    assert set(bad) == {"id", "error"} and "15" in bad["error"]
