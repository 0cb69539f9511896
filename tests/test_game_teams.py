"""Partnership 101 (two teams of two): team totals, the winning team, chart, export and share by team."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import on_ledger, succeeding

from okeytool.errors import RoundError
from okeytool.score.teams import parse_teams

OPENED_ALL = ("--opened", "ali=melds", "--opened", "bora=melds", "--opened", "cem=melds", "--opened", "deniz=melds")
#: Five rounds called out at the table (hands as points), with each team's points worked by hand
#: under the two partner rules: ``sum`` (both partners count) and ``partner-out`` (the finisher's
#: partner's hand is not counted).
ROUNDS: list[tuple[tuple[str, ...], tuple[int, int], tuple[int, int]]] = [
    # Ali -101, Bora 24, Cem 2x10 (pairs), Deniz never opened 202.
    (("-w", "ali", "-f", "normal", "--opened", "ali=melds", "--opened", "bora=melds", "--hand", "bora=24",
      "--opened", "cem=pairs", "--hand", "cem=10"), (-77, 222), (-101, 222)),
    # Okey finish (x2): Cem -202, Ali 5x2, Bora and Deniz never opened 404 each.
    (("-w", "cem", "-f", "okey", "--opened", "cem=melds", "--opened", "ali=melds", "--hand", "ali=5"),
     (414, 202), (414, -202)),
    # Deniz -101; Ali 7, Bora 3, Cem 12.
    (("-w", "deniz", "-f", "normal", *OPENED_ALL, "--hand", "ali=7", "--hand", "bora=3", "--hand", "cem=12"),
     (10, -89), (10, -101)),
    # Bora opened with pairs (x2): Bora -202; Ali 6x2, Cem 8x2, Deniz (pairs) 2x4x2.
    (("-w", "bora", "-f", "normal", "--opened", "ali=melds", "--opened", "bora=pairs", "--opened", "cem=melds",
      "--opened", "deniz=pairs", "--hand", "ali=6", "--hand", "cem=8", "--hand", "deniz=4"), (-190, 32), (-202, 32)),
    # Ali -101; Bora 2, Cem never opened 202 and one discard penalty 101, Deniz 30.
    (("-w", "ali", "-f", "normal", "--opened", "ali=melds", "--opened", "bora=melds", "--opened", "deniz=melds",
      "--hand", "bora=2", "--hand", "deniz=30", "--penalty", "cem"), (-99, 333), (-101, 333)),
]  # fmt: skip


def play(run: Callable[..., str], *new: str) -> dict[str, Any]:
    run("game", "new", "-r", "101", "-O", "rounds=5", "--teams", "Ali+Bora,Cem+Deniz", *new)
    for args, _, _ in ROUNDS:
        run("game", "round", *args)
    return json.loads(run("game", "show", "--json"))  # type: ignore[no-any-return]


@pytest.mark.parametrize(("rule", "column"), [("sum", 1), ("partner-out", 2)])
def test_a_five_round_2v2_game_has_the_known_team_totals(tmp_path: Path, rule: str, column: int) -> None:
    run = succeeding(tmp_path / "g.sqlite3", real=rule == "sum")
    shown = play(run, "--partner-rule", rule)
    assert shown["players"] == ["Ali", "Cem", "Bora", "Deniz"]  # partners sit opposite
    assert shown["teams"] == [["Ali", "Bora"], ["Cem", "Deniz"]] and shown["partner_rule"] == rule
    expected = [dict(zip(("Ali+Bora", "Cem+Deniz"), entry[column])) for entry in ROUNDS]  # type: ignore[misc]
    assert shown["team_rounds"] == expected
    totals = {team: sum(points[team] for points in expected) for team in ("Ali+Bora", "Cem+Deniz")}
    assert shown["team_totals"] == totals == ({"Ali+Bora": 58, "Cem+Deniz": 700} if rule == "sum"
                                              else {"Ali+Bora": 20, "Cem+Deniz": 284})  # fmt: skip
    if rule == "sum":  # the team is the sum of its partners
        assert totals["Ali+Bora"] == shown["totals"]["Ali"] + shown["totals"]["Bora"]
    assert shown["finished"] and shown["team_winners"] == ["Ali+Bora"]
    text = run("game", "show")
    # a team of two partners takes the plural: "Ali+Bora win"
    assert "finished: Ali+Bora win" in text and "wins" not in text and "running totals" in text
    chart = text.split("running totals")[1].splitlines()[1:]
    assert [line.split()[0] for line in chart] == ["Ali+Bora", "Cem+Deniz"]  # by team
    assert [int(line.split()[-1]) for line in chart] == [totals["Ali+Bora"], totals["Cem+Deniz"]]
    share = run("game", "share")
    assert f"1. Ali+Bora   {totals['Ali+Bora']:>5}" in share and "finished: Ali+Bora win" in share
    rows = list(csv.DictReader(io.StringIO(run("game", "export", "-F", "csv"))))
    assert [int(r["team Cem+Deniz"]) for r in rows[1:]] == [e["Cem+Deniz"] for e in expected]
    assert int(rows[-1]["team total Ali+Bora"]) == totals["Ali+Bora"]


def test_a_team_of_two_takes_the_plural_verb_in_play_too(tmp_path: Path) -> None:
    run = succeeding(tmp_path / "g.sqlite3")
    run("game", "new", "-r", "101", "-O", "rounds=5", "--teams", "Ali+Bora,Cem+Deniz")
    run("game", "round", *ROUNDS[0][0])
    assert "in play: Ali+Bora lead" in run("game", "share") and "leads" not in run("game", "share")


def test_a_renamed_partner_stays_in_his_team_and_undo_restores_it(tmp_path: Path) -> None:
    run = succeeding(tmp_path / "g.sqlite3")
    before = play(run)
    run("game", "rename", "bora", "Bora K")
    renamed = json.loads(run("game", "show", "--json"))
    assert renamed["teams"] == [["Ali", "Bora K"], ["Cem", "Deniz"]]
    assert renamed["team_totals"] == {"Ali+Bora K": 58, "Cem+Deniz": 700}
    run("game", "undo")
    assert json.loads(run("game", "show", "--json")) == before


def test_teams_are_refused_with_one_line(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    for args, words in [
        (("--teams", "Ali+Bora,Cem"), "two pairs"),
        (("--teams", "Ali+Bora,Cem+ali"), "named twice"),
        (("--teams", "Ali+Bora,Cem+Deniz", "--partner-rule", "half"), "'--partner-rule': 'half' is not one of"),
        (("-p", "A,B", "--partner-rule", "partner-out"), "--teams"),
    ]:
        result = on_ledger(db, "game", "new", "-r", "101", *args)
        assert result.code == 2 and result.err.count("\n") == 1 and words in result.err, result.err
    result = on_ledger(db, "game", "new", "--teams", "Ali+Bora,Cem+Deniz", real=True)
    assert result.code == 2 and "partnership 101" in result.err
    assert not db.exists()  # refused input creates no ledger
    with pytest.raises(RoundError, match="two pairs"):
        parse_teams("A+B+C,D")
