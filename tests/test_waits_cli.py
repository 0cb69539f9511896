"""``okeytool waits``: the worked vectors, the ``--json`` document of cli.md, ``--seen``, the text
output, bad input and ``batch`` lines."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from conftest import hand, in_process, make_deal, vectors

from okeytool.commands.batch import answer_line
from okeytool.solver.classic.analysis import analyse_waits
from okeytool.solver.classic.check import check_hand
from okeytool.tiles import Tile

WAITS_VECTORS = vectors("waits")
V23 = next(v for v in WAITS_VECTORS if v["id"] == "V23")


def test_the_waits_vectors_are_there() -> None:
    assert {"V23", "V24", "V25", "V26"} <= {v["id"] for v in WAITS_VECTORS}


@pytest.mark.parametrize("vector", WAITS_VECTORS, ids=[v["id"] for v in WAITS_VECTORS])
def test_waits_vector_library(vector: dict) -> None:
    deal = make_deal(vector["indicator"], vector["rules"])
    tiles = hand(deal, vector["tiles"])
    result = analyse_waits(deal, tiles)
    assert result.deficiency.total == vector["expect"]["deficiency"]
    assert sorted(str(t.tile) for t in result.waits) == sorted(vector["expect"]["wait_set"])
    # Each wait is one: the hand plus it has a winning discard.
    for item in result.waits:
        assert check_hand(deal, [*tiles, item.tile]).winning


def waits_json(run_main, *args: str) -> dict:
    run = run_main("waits", *args, "--json")
    assert run.code == 0, run.err
    assert run.err == ""
    assert run.out.count("\n") == 1  # one JSON document and nothing else
    return json.loads(run.out)


def assert_waits_shape(document: dict) -> None:
    assert set(document) == {"deficiency", "waits", "useful", "unseen_total"}
    assert isinstance(document["deficiency"], int) and document["deficiency"] >= 0
    for key in ("waits", "useful"):
        items = document[key]
        assert all(set(item) == {"tile", "unseen"} for item in items)
        assert all(isinstance(i["tile"], str) and isinstance(i["unseen"], int) and i["unseen"] >= 0 for i in items)
        assert len({i["tile"] for i in items}) == len(items)
        # canonical tiles in canonical order
        tiles = [Tile.parse(i["tile"]) for i in items]
        assert [str(t) for t in tiles] == [i["tile"] for i in items] and tiles == sorted(tiles)
    if document["deficiency"] > 1:
        assert document["waits"] == []
    if document["deficiency"] == 0:
        assert document["useful"] == []
    counted = document["waits"] or document["useful"]
    assert document["unseen_total"] == sum(i["unseen"] for i in counted)


@pytest.mark.parametrize("vector", WAITS_VECTORS, ids=[v["id"] for v in WAITS_VECTORS])
def test_waits_vector_cli(run_main, vector: dict) -> None:
    document = waits_json(run_main, "--rules", vector["rules"], "-i", vector["indicator"], vector["tiles"])
    assert_waits_shape(document)
    assert document["deficiency"] == vector["expect"]["deficiency"]
    assert sorted(i["tile"] for i in document["waits"]) == sorted(vector["expect"]["wait_set"])
    assert document["useful"] == document["waits"]  # tenpai: the useful tiles are the waits


def test_unseen_counts_in_the_document(run_main) -> None:
    # V23: indicator Y7, okey Y8. R5 is held once: one copy left; the rest twice.
    document = waits_json(run_main, "-i", V23["indicator"], V23["tiles"])
    unseen = {i["tile"]: i["unseen"] for i in document["waits"]}
    held = Counter(V23["tiles"].split())
    for tile, n in unseen.items():
        assert n == 2 - held[tile] - (1 if tile == V23["indicator"] else 0)
    assert unseen["R5"] == 1


def test_seen_lowers_counts_but_keeps_waits(run_main) -> None:
    plain = waits_json(run_main, "-i", V23["indicator"], V23["tiles"])
    seen = waits_json(run_main, "-i", V23["indicator"], V23["tiles"], "--seen", "B12 K1 K1 R5")
    assert_waits_shape(seen)
    assert seen["deficiency"] == plain["deficiency"]
    before = {i["tile"]: i["unseen"] for i in plain["waits"]}
    after = {i["tile"]: i["unseen"] for i in seen["waits"]}
    assert set(after) == set(before)  # a wait with every copy seen is still a wait
    assert after["K1"] == 0 and after["R5"] == 0 and after["B12"] == before["B12"] - 1
    assert all(after[t] == before[t] for t in before if t not in ("B12", "K1", "R5"))
    assert seen["unseen_total"] == plain["unseen_total"] - 4


def test_okey_written_as_j_and_okey_option(run_main) -> None:
    # V26 holds the okey B7 (indicator B6); J is the same tile, --okey the same deal.
    v26 = next(v for v in WAITS_VECTORS if v["id"] == "V26")
    by_face = waits_json(run_main, "-i", v26["indicator"], v26["tiles"])
    by_j = waits_json(run_main, "-i", v26["indicator"], v26["tiles"].replace("B7", "J"))
    by_okey = waits_json(run_main, "--okey", "B7", v26["tiles"])
    assert by_face == by_j == by_okey


def test_complete_hand_waits_on_everything(run_main) -> None:
    # V12 without its spare B2: R1-4, B9-11, K5 Y5 R5, K11-13-1 is complete.
    tiles = "R1 R2 R3 R4 B9 B10 B11 K5 Y5 R5 K11 K12 K13 K1"
    document = waits_json(run_main, "-i", "Y7", tiles)
    assert_waits_shape(document)
    assert document["deficiency"] == 0 and document["useful"] == []
    held = Counter(tiles.split())
    # 52 faces and F, less those held twice or held once with the other the indicator (Y7 is not held).
    assert len(document["waits"]) == 53 - sum(1 for t, n in held.items() if n == 2)


def test_text_output() -> None:
    result = in_process("waits", "-i", V23["indicator"], V23["tiles"])
    assert result.code == 0 and result.err == "", result.err
    assert "deficiency" in result.out and "1" in result.out
    for tile in V23["expect"]["wait_set"]:
        assert tile in result.out
    assert "13" in result.out  # unseen copies of the waits


BAD = [
    (["waits", "-i", "Y7", "R1 R2 R3 R4 B9 B10 B11 K5 Y5 R5 K11 K12 K13"], "13"),
    (["waits", "-i", "Y7", "R1 R2 R3 R4 B9 B10 B11 K5 Y5 R5 K11 K12 K13 B2 B3 B4"], "16"),
    (["waits", "-i", "Y7", V23["tiles"], "--seen", "R5 R5"], "R5"),
    (["waits", "-i", "Y7", V23["tiles"], "--seen", "Y7 Y7"], "Y7"),  # one Y7 exists besides the indicator
    (["waits", "--rules", "101", "-i", "Y7", V23["tiles"]], "101"),
    (["waits", V23["tiles"]], "indicator"),
    (["waits", "-i", "Y7", "R1 R2 R3 R4 B9 B10 B11 K5 Y5 R5 K11 K12 K13 X2"], "X2"),
]


@pytest.mark.parametrize(("args", "word"), BAD, ids=[f"bad{k}" for k in range(len(BAD))])
def test_bad_input_one_line_exit_2(run_main, args: list[str], word: str) -> None:
    run = run_main(*args)
    assert run.code == 2, (run.out, run.err)
    assert run.out == ""
    assert run.err.count("\n") == 1 and run.err.endswith("\n")
    assert "Traceback" not in run.err
    assert word in run.err


def test_batch_waits_lines_answer_like_json(run_main) -> None:
    for vector in WAITS_VECTORS:
        seen = vector["expect"]["wait_set"][0]  # a wait, so a copy exists beside the hand
        line = {"id": vector["id"], "command": "waits", "rules": vector["rules"], "indicator": vector["indicator"],
                "tiles": vector["tiles"], "seen": seen}  # fmt: skip
        answer = json.loads(answer_line(json.dumps(line)))
        expected = waits_json(run_main, "--rules", vector["rules"], "-i", vector["indicator"], vector["tiles"],
                              "--seen", seen)  # fmt: skip
        assert answer == {"id": vector["id"], **expected}


def test_batch_command_waits_and_bad_line(run_main) -> None:
    lines = [
        {"id": "a", "command": "waits", "indicator": V23["indicator"], "tiles": V23["tiles"]},
        {"id": "b", "command": "waits", "indicator": V23["indicator"], "tiles": "R1 R2 R3"},
    ]
    run = run_main("batch", "-", stdin="".join(json.dumps(x) + "\n" for x in lines))
    assert run.code == 0, run.err
    answers = [json.loads(x) for x in run.out.splitlines()]
    assert [a["id"] for a in answers] == ["a", "b"]
    assert answers[0] == {"id": "a", **waits_json(run_main, "-i", V23["indicator"], V23["tiles"])}
    assert set(answers[1]) == {"id", "error"} and "14" in answers[1]["error"]


@pytest.mark.parametrize("vid", ["V24", "V26"])
def test_cpsat_solver_gives_the_same_document(run_main, vid: str) -> None:
    vector = next(v for v in WAITS_VECTORS if v["id"] == vid)
    args = ("--rules", vector["rules"], "-i", vector["indicator"], vector["tiles"])
    assert waits_json(run_main, *args, "--solver", "cpsat") == waits_json(run_main, *args)
