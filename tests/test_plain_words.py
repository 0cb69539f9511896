"""Text output speaks as players do (issue 13): "one tile away", "two tiles away", "complete",
"okey finish", "seven pairs"; never the code words of the JSON keys (``tenpai``, ``okey_finish``)."""

from __future__ import annotations

import pytest

#: (command line, words the text must hold)
CASES = [
    (["waits", "-i", "Y7", "R1-4 B9-11 K5 Y5 R5 K11-13 B2"], ["one tile away"]),
    (["waits", "-i", "Y7", "R1-4 B9-11 K5 Y5 R5 K11-13 K1"], ["complete"]),
    (["discard", "-i", "Y7", "R1-4 B9-11 K5 Y5 K11-13 B2 Y5 R5"], ["one tile away", "two tiles away"]),
    (["discard", "-i", "Y7", "R1 R2 R3 R4 B9 B10 B11 K5 Y5 K11 K12 K13 B2 Y9 Y12"], ["two tiles away",
                                                                                       "three tiles away"]),
    (["discard", "-i", "R4", "R1 R2 R3 B1 B2 B3 K1 K2 K3 Y1 Y2 Y3 Y4 Y5 J"], ["okey finish"]),
    (["check", "-i", "R4", "R1 R2 R3 B9 B10 B11 B12 K7 Y7 B7 Y10 Y11 R5 Y12 Y13"], ["okey finish"]),
    (["check", "-i", "B3", "R2 R2 K9 K9 Y13 Y13 B7 B7 R11 R11 K1 B4 Y5 Y5 B12"], ["seven pairs"]),
    (["check", "-i", "Y7", "R1-4 B9-11 K5 Y5 R5 K11-13 B2 Y3"], ["not winning", "one tile away"]),
    (["discard", "-i", "Y7", "R1-4 B9-11 K5 Y5 K11-13 B2 Y5 R5", "--chance", "--draws", "1"], ["one tile away"]),
    (["check", "-i", "R4", "R1 R2 R3 R5 K7 K8 K9 B11 B12 B13 Y4 Y5 Y6 Y7 B2", "--chance", "--draws", "1"],
     ["finish now", "hold"]),
]  # fmt: skip
CODE_WORDS = ("tenpai", "okey_finish", "pairs+okey", "winning_discards", "hold_points", "finish_now")


@pytest.mark.parametrize(("args", "words"), CASES, ids=lambda v: " ".join(v)[:40] if isinstance(v, list) else "")
def test_text_in_plain_words(run_main, monkeypatch, args: list[str], words: list[str]) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    monkeypatch.setenv("NO_COLOR", "1")
    run = run_main(*args)
    assert run.code == 0, run.err
    for word in words:
        assert word in run.out, (word, run.out)
    for word in CODE_WORDS:
        assert word not in run.out, (word, run.out)
    assert "2 tiles away" not in run.out and "3 tiles away" not in run.out


def test_the_json_keys_stay(run_main) -> None:
    run = run_main("discard", "-i", "R4", "R1 R2 R3 B1 B2 B3 K1 K2 K3 Y1 Y2 Y3 Y4 Y5 J", "--json")
    assert '"okey_finish": true' in run.out


def test_number_words() -> None:
    from okeytool.render.analysis import deficiency_words

    assert [deficiency_words(d) for d in range(4)] == [
        "complete (a winning hand)", "one tile away", "two tiles away", "three tiles away"]  # fmt: skip
    assert deficiency_words(14) == "14 tiles away"
