"""``okeytool score`` on the command line: options, round documents, JSON output and bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import in_process, real_process

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "rounds"
#: A 101 round P1 won after opening with melds (the others never opened).
WON_101 = ["score", "-r", "101", "-i", "B1", "-w", "P1", "-f", "normal", "--opened", "P1=melds"]


def score_json(*args: str, stdin: str = "") -> dict[str, Any]:
    result = in_process("score", *args, "--json", stdin=stdin)
    assert result.code == 0 and result.err == "", result.err
    return json.loads(result.out)  # type: ignore[no-any-return]


def test_classic_round_from_options() -> None:
    doc = score_json("--scheme", "pagat", "--winner", "P2", "--finish", "okey", "--gosterme", "P3")
    assert doc["scores"] == {"P1": -5, "P2": -1, "P3": -4, "P4": -5}
    assert {"player": "P1", "code": "okey_finish", "points": -4} in [
        {k: i[k] for k in ("player", "code", "points")} for i in doc["items"]
    ]


def test_players_and_penalty_scheme() -> None:
    doc = score_json("-p", "Ali,Bora,Cem", "--scheme", "penalty", "-w", "Cem", "-f", "pairs")
    assert doc["scores"] == {"Ali": 4, "Bora": 4, "Cem": 0}


def test_finish_from_the_winners_tiles() -> None:
    doc = score_json("-w", "P1", "-t", "R1-4 B9-11 K5 Y5 R5 K11-13 K1 Y8", "-i", "Y7")
    assert doc["finish"] == "okey" and doc["scores"]["P2"] == -4


def test_okey_instead_of_indicator_for_renkli() -> None:
    doc = score_json("-w", "P1", "-f", "normal", "--okey", "K1", "--option", "renkli=true")  # indicator K13
    assert doc["scores"]["P2"] == -4


def test_101_round_from_options() -> None:
    doc = score_json(
        "-r", "101", "-i", "B1", "-w", "P1", "--opened", "P1=pairs", "--opened", "P2=melds",
        "--hand", "P2=R3 K9 Y12", "--opened", "P4=pairs", "--hand", "P4=B5 K6", "--finish", "okey",
        "--penalty", "P3", "--penalty", "P3=2",
    )  # fmt: skip
    assert doc["scores"] == {"P1": -404, "P2": 96, "P3": 404 + 303, "P4": 88}


def test_101_aborted_from_options() -> None:
    doc = score_json("-r", "101", "-i", "B1", "-f", "aborted", "--hand", "P2=B2 B2 R4")
    assert doc["scores"] == {"P1": 0, "P2": 202, "P3": 0, "P4": 0} and doc["counted"] is False


def test_101_elden_after_someone_opened_from_options() -> None:
    doc = score_json(
        "-r", "101", "-i", "B1", "-w", "P1", "--finish", "elden", "--opened", "P2=melds", "--hand", "P2=R3"
    )
    assert doc["finish"] == "normal" and doc["scores"] == {"P1": -101, "P2": 3, "P3": 202, "P4": 202}


def test_null_round_with_gosterme_from_options() -> None:
    doc = score_json("--null", "-g", "P3")
    assert doc["winner"] is None and doc["finish"] is None
    assert doc["scores"] == {"P1": -1, "P2": -1, "P3": 0, "P4": -1}


def test_penalties_add_up_to_the_bound() -> None:
    doc = score_json(*WON_101[1:], "--penalty", "P2=049", "--penalty", "P2")
    assert doc["scores"]["P2"] == 202 + 50 * 101


def test_rummikub_racks_from_options() -> None:
    racks = ["--rack", "A=R4 K6", "--rack", "B=B12 Y13", "--rack", "C=K10", "--rack", "D=R13 B13 K13 Y1"]
    doc = score_json("-r", "joypip", "-p", "A,B,C,D", "--null", *racks)
    assert doc["scores"] == {"A": 22, "B": -15, "C": 22, "D": -30}


@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.json")))
def test_example_round_files_score(name: str) -> None:
    doc = score_json("--round", str(EXAMPLES / name))
    assert sum(i["points"] for i in doc["items"]) == sum(doc["scores"].values())


def test_round_document_from_stdin_matches_the_options() -> None:
    document = {"rules": "classic", "scheme": "pagat", "players": ["P1", "P2", "P3", "P4"], "winner": "P2",
                "finish": "okey", "gosterme": ["P3"], "indicator": "K9", "options": {"renkli": False}}  # fmt: skip
    from_stdin = score_json("--round", "-", stdin=json.dumps(document))
    from_options = score_json("--scheme", "pagat", "-w", "P2", "-f", "okey", "-g", "P3", "-i", "K9")
    assert from_stdin["scores"] == from_options["scores"] == {"P1": -5, "P2": -1, "P3": -4, "P4": -5}


def test_table_output_shows_the_breakdown() -> None:
    result = in_process("score", "-r", "101", "-i", "B1", "-w", "P1", "--opened", "P1=melds",
                        "--opened", "P2=melds", "--hand", "P2=R3 K9 Y12", "-f", "normal")  # fmt: skip
    assert result.code == 0 and result.err == ""
    assert "remaining_tiles" in result.out and "P=24" in result.out and "never_opened" in result.out


def test_library_errors_reach_the_entry_point() -> None:
    # The library's ValueError is mapped by the entry point: an error line, exit code 2, no output.
    result = in_process("score", "-w", "P9", "-f", "normal")
    assert (result.code, result.out) == (2, "")
    assert result.err == "okeytool: error: unknown player 'P9' as winner (players: P1, P2, P3, P4)\n"


@pytest.mark.parametrize(
    ("args", "stdin", "words"),
    [
        (["score", "-f", "normal"], "", "names no winner"),
        (["score", "-w", "P9", "-f", "normal"], "", "unknown player 'P9'"),
        (["score", "-w", "P1", "-f", "sideways"], "", "'--finish' / '-f': 'sideways' is not one of"),
        (["score", "-w", "P1", "-t", "R1 X2 R3", "-i", "Y7"], "", "unknown colour 'X'"),
        (["score", "-w", "P1", "-t", "R1-5", "-i", "Y7"], "", "15 tiles"),
        (["score", "-w", "P1", "--null"], "", "--null"),
        (["score", "-r", "101", "-i", "B1", "-w", "P1", "-f", "normal", "--opened", "P1=stairs"], "", "--opened"),
        (["score", "-r", "101", "-i", "B1", "-w", "P1", "-f", "normal", "--penalty", "P2=x"], "", "--penalty"),
        (["score", "-r", "101", "-i", "B1", "-w", "P1", "-f", "normal", "--hand", "P2"], "", "NAME=VALUE"),
        (["score", "-w", "P1", "-f", "normal", "--option", "renkli=maybe"], "", "renkli"),
        (["score", "--round", "-"], "{not json", "not valid JSON"),
        (["score", "--round", "-", "--winner", "P1"], "{}", "leave out --winner"),
        (["score", "--round", "/nonexistent/round.json"], "", "No such file"),
        (["score", "-r", "rummikub", "-w", "P1", "--rack", "P2=F"], "", "false joker"),
        (["score", "-w", "P1", "-f", "normal", "-i", "R4", "--okey", "R5"], "", "either --indicator or --okey"),
        (["score", "-w", "P1", "-f", "normal", "--okey", "F"], "", "okey must be a numbered tile"),
        (["score", "-w", "P1", "-f", "normal", "--okey", "Q5"], "", "--okey"),
        (["score", "-w", "P2", "-f", "okey", "--gosterme", "P3", "--gosterme", "P1"], "", "only one player can show"),
        (["score", "-w", "P2", "-f", "okey", "--gosterme", "P3,P1"], "", "got P3 and P1"),
        ([*WON_101, "--penalty", "P2=99999999999999999999999"], "", "at most 50 discard penalties"),
        ([*WON_101, "--penalty", "P2=" + "9" * 5000], "", "at most 50 discard penalties"),
        ([*WON_101, "--penalty", "P2=50", "--penalty", "P2"], "", "penalties of P2: at most 50"),
        ([*WON_101, "--penalty", "P2=\u00b2"], "", "--penalty takes NAME or NAME=COUNT"),
        (["score", "--round", "-"], '{"penalties": ' + "9" * 5000 + "}", "round document stdin"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: list[str], stdin: str, words: str) -> None:
    run = in_process(*args, stdin=stdin)
    code, out, err = run.code, run.out, run.err
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("okeytool: error: "), err
    assert words in err
    assert "Traceback" not in err


def test_a_real_process_prints_only_json() -> None:
    done = real_process("score", "--round", "-", "--json", stdin=(EXAMPLES / "101-normal.json").read_text())
    assert done.code == 0 and done.err == ""
    assert json.loads(done.out)["scores"] == {"P1": -202, "P2": 149, "P3": 404, "P4": 44}


def test_a_real_process_refuses_bad_input() -> None:
    done = real_process("score", "-w", "Zeki", "-f", "normal", "--json")
    assert done.code == 2 and done.out == ""
    assert done.err.strip() == "okeytool: error: unknown player 'Zeki' as winner (players: P1, P2, P3, P4)"


def test_rule_options_are_read_once_into_the_rules_and_the_document(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--option`` pairs are read once; the rules and the round document get the mapping, never
    ``KEY=VALUE`` text written back to be read again."""
    import okeytool.commands.score as score
    import okeytool.score

    read: list[list[str]] = []
    documents: list[dict[str, Any]] = []
    parse, score_document = score.parse_options, okeytool.score.score_document
    monkeypatch.setattr(score, "parse_options", lambda pairs: read.append(list(pairs or ())) or parse(pairs))
    monkeypatch.setattr(okeytool.score, "score_document", lambda doc: documents.append(doc) or score_document(doc))
    doc = score_json("-w", "P1", "-f", "normal", "--okey", "K1", "-O", "renkli=true", "--scheme", "pagat")
    assert read == [["renkli=true"]]
    assert documents[0]["options"] == {"renkli": "true"} and documents[0]["scheme"] == "pagat"
    assert doc["rules"] == "classic"
