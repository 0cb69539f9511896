"""``game share``: a summary for a group chat that says what ``game show`` says."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import on_ledger, succeeding


def standings_of(text: str) -> list[tuple[int, str, int]]:
    """The ``place. name total`` lines of a plain share."""
    return [(int(m[1]), m[2], int(m[3])) for m in re.finditer(r"^(\d+)\. (.+?)\s+(-?\d+)$", text, re.M)]


def check_against_show(run: Callable[..., str], text: str) -> dict[str, Any]:
    shown = json.loads(run("game", "show", "--json"))
    rows = standings_of(text)
    assert {name: total for _, name, total in rows} == shown["totals"]
    lower = shown["scheme"] in ("penalty", "101")
    assert [t for _, _, t in rows] == sorted(shown["totals"].values(), reverse=not lower)  # best first
    assert f"{len(shown['rounds'])} round" in text
    return shown


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


def test_a_three_way_win_is_named_in_words(db: Path) -> None:
    run = succeeding(db, real=True)
    run("game", "new", "-p", "Ali,Bora,Cem,Deniz", "--scheme", "pagat", "-n", "friday")
    for winner in ("Ali", "Bora", "Cem"):  # pairs+okey: the others lose 8 each round
        run("game", "round", "-w", winner, "-f", "pairs+okey")
    text = run("game", "share")
    shown = check_against_show(run, text)
    assert shown["finished"] and shown["winners"] == ["Ali", "Bora", "Cem"]
    assert "3 rounds played; finished: Ali, Bora and Cem win" in text
    assert standings_of(text) == [(1, "Ali", 4), (1, "Bora", 4), (1, "Cem", 4), (4, "Deniz", -4)]
    assert "finished: Ali, Bora and Cem win" in run("game", "show")  # show names the end the same way


def test_a_game_in_play_and_the_markdown_form(db: Path) -> None:
    run = succeeding(db)
    run("game", "new", "-p", "Ali,*Bora*,[x](http://e),Deniz", "--scheme", "penalty")
    run("game", "round", "-w", "Ali", "-f", "okey")
    run("game", "round", "-w", "Deniz", "-f", "normal")
    text = run("game", "share")
    check_against_show(run, text)
    assert "2 rounds played; in play: Ali leads" in text
    md = run("game", "share", "--format", "md")
    assert "| 1 | Ali | 2 |" in md and r"| \*Bora\* | 6 |" in md
    assert r"\[x\]\(http://e\)" in md and "[x](http" not in md  # a name is never a link
    rows = [line.split("|")[1:4] for line in md.splitlines() if re.match(r"\| \d", line)]
    assert [int(total) for _, _, total in rows] == sorted(json.loads(run("game", "show", "--json"))["totals"].values())


def test_a_101_game_counts_its_rounds(db: Path) -> None:
    run = succeeding(db)
    examples = Path(__file__).resolve().parent.parent / "examples" / "rounds"
    run("game", "new", "-r", "101", "-p", "P1,P2,P3,P4", "-O", "rounds=3")
    run("game", "round", "--round", str(examples / "101-normal.json"))
    run("game", "round", "--round", str(examples / "101-aborted.json"))
    text = run("game", "share")
    assert "1 of 3 rounds played (1 not counted)" in text
    assert standings_of(text)[0][1] == "P1"


def test_share_refuses_an_unknown_format(db: Path) -> None:
    succeeding(db)("game", "new", "-p", "A,B")
    result = on_ledger(db, "game", "share", "--format", "html", real=True)
    assert result.code == 2 and result.err.count("\n") == 1 and "--format" in result.err
