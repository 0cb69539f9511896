"""Editing the ledger: edit, delete and rename are single transactions, and ``undo`` takes each back exactly."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from conftest import Run, on_ledger
from hypothesis import given, settings
from hypothesis import strategies as st

from okeytool.errors import LedgerError, RoundError
from okeytool.ledger import Ledger

PLAYERS = "Ali,Bora,Cem,Deniz"
ROUNDS = [
    {"winner": "Ali", "finish": "normal"},
    {"winner": "Bora", "finish": "okey", "gosterme": ["Cem"]},
    {"winner": "Cem", "finish": "pairs"},
    {"winner": None, "gosterme": ["Deniz"]},
]


def dump(db: Path) -> dict[str, Any]:
    """Everything a game is made of in the file (the history aside), read with plain SQLite."""
    conn = sqlite3.connect(db)
    try:
        games = conn.execute("SELECT id, name, rules, options, players, created FROM games ORDER BY id").fetchall()
        rounds = conn.execute("SELECT game_id, seq, document, created, note FROM rounds ORDER BY game_id, seq")
        meta = conn.execute("SELECT key, value FROM meta ORDER BY key").fetchall()
        return {"games": games, "rounds": rounds.fetchall(), "meta": meta}
    finally:
        conn.close()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    with Ledger(path) as ledger:
        ledger.new_game("classic", {"scheme": "penalty"}, PLAYERS, "friday")
        for number, document in enumerate(ROUNDS, start=1):
            ledger.add_round(document, note=f"note {number}")
    return path


def test_edit_replaces_a_round_and_recomputes_the_totals(db: Path) -> None:
    with Ledger(db) as ledger:
        before = ledger.state().standings.totals
        state = ledger.edit_round(2, {"winner": "Bora", "finish": "normal"})
        assert [r.document for r in state.records][1] == {"winner": "Bora", "finish": "normal"}
        assert state.records[1].note == "note 2"  # kept unless a new one is given
        # Round 2 was worth 4 to each loser plus 1 for gösterme (Cem's claim charges the others): now 2.
        assert state.standings.totals == {"Ali": before["Ali"] - 3, "Bora": 0 + before["Bora"] - 1,
                                          "Cem": before["Cem"] - 2, "Deniz": before["Deniz"] - 3}  # fmt: skip
        assert ledger.state().to_json() == state.to_json()  # what was stored is what was answered


def test_delete_renumbers_the_later_rounds(db: Path) -> None:
    with Ledger(db) as ledger:
        state = ledger.delete_round(2)
        assert [r.seq for r in state.records] == [1, 2, 3]
        assert [r.note for r in state.records] == ["note 1", "note 3", "note 4"]
        assert [r.document for r in ledger.state().records] == [ROUNDS[0], ROUNDS[2], ROUNDS[3]]


def test_rename_changes_every_round(db: Path) -> None:
    with Ledger(db) as ledger:
        state = ledger.rename_player("cem", "Cemil")  # matched ignoring case
        assert state.info.players == ("Ali", "Bora", "Cemil", "Deniz")
        documents = [r.document for r in ledger.state().records]
        assert documents[1]["gosterme"] == ["Cemil"] and documents[2]["winner"] == "Cemil"
        assert ledger.state().standings.totals["Cemil"] == state.standings.totals["Cemil"]
        with pytest.raises(RoundError, match="named twice"):
            ledger.rename_player("Ali", "bora")
        with pytest.raises(RoundError, match="unknown player"):
            ledger.rename_player("Zeki", "Z")


@pytest.mark.parametrize(
    "change",
    [
        lambda ledger: ledger.edit_round(3, {"winner": "Deniz", "finish": "pairs+okey"}, note="fixed"),
        lambda ledger: ledger.delete_round(1),
        lambda ledger: ledger.delete_round(4),
        lambda ledger: ledger.rename_player("Bora", "Bora K."),
        lambda ledger: ledger.add_round({"winner": "Ali", "finish": "okey"}),
    ],
    ids=["edit", "delete-first", "delete-last", "rename", "add"],
)
def test_undo_returns_the_ledger_to_its_previous_state_exactly(db: Path, change: Any) -> None:
    before = dump(db)
    with Ledger(db) as ledger:
        shown = ledger.state().to_json()
        change(ledger)
    assert dump(db) != before
    with Ledger(db) as ledger:
        undone = ledger.undo()
        assert undone.kind in ("edit", "delete", "rename", "round")
        assert ledger.state().to_json() == shown
    assert dump(db) == before


def test_several_changes_are_undone_one_by_one(db: Path) -> None:
    states = [dump(db)]
    with Ledger(db) as ledger:
        ledger.edit_round(1, {"winner": "Deniz", "finish": "okey"})
        states.append(dump(db))
        ledger.rename_player("Deniz", "Dilek")
        states.append(dump(db))
        ledger.delete_round(2)
        states.append(dump(db))
        ledger.add_round({"winner": "Dilek", "finish": "normal"})
        for expected in reversed(states):
            ledger.undo()
            assert dump(db) == expected
        history = ledger.history()
    assert [c.kind for c in history[-4:]] == ["edit", "rename", "delete", "round"]
    assert all(c.undone for c in history[-4:]) and not any(c.undone for c in history[:4])


def test_a_change_that_breaks_a_later_round_changes_nothing(db: Path) -> None:
    before = dump(db)
    with Ledger(db) as ledger:
        with pytest.raises(LedgerError, match="no round 9"):
            ledger.edit_round(9, {"winner": "Ali", "finish": "normal"})
        with pytest.raises(LedgerError, match="no round 0"):
            ledger.delete_round(0)
        with pytest.raises(RoundError, match="unknown player"):
            ledger.edit_round(2, {"winner": "Zeki", "finish": "normal"})
    assert dump(db) == before


def test_an_edit_that_ends_the_game_early_is_refused(tmp_path: Path) -> None:
    with Ledger(tmp_path / "g.sqlite3") as ledger:
        ledger.new_game("classic", {"scheme": "okeygg", "target": 7}, "A,B")
        ledger.add_round({"winner": "A", "finish": "normal"})
        ledger.add_round({"winner": "B", "finish": "normal"})
        with pytest.raises(RoundError, match="after the end of game"):
            ledger.edit_round(1, {"winner": "A", "finish": "pairs+okey"})  # A reaches 8 in round 1


def test_edit_delete_rename_and_undo_on_the_command_line(db: Path) -> None:
    def okeytool(db: Path, *args: str) -> Run:
        return on_ledger(db, *args, real=args[:2] == ("game", "undo"))  # the undos in real processes

    before = dump(db)
    shown = json.loads(okeytool(db, "game", "show", "--json").out)
    steps = [
        ("game", "edit", "2", "-w", "bo", "-f", "normal", "--note", "typo"),
        ("game", "delete", "3"),
        ("game", "rename", "deniz", "Dilek"),
    ]
    for step in steps:
        result = okeytool(db, *step)
        assert result.code == 0, result.err
    changed = json.loads(okeytool(db, "game", "show", "--json").out)
    assert changed["players"] == ["Ali", "Bora", "Cem", "Dilek"] and len(changed["rounds"]) == 3
    assert changed["rounds"][1]["document"] == {"winner": "Bora", "finish": "normal"}
    history = json.loads(okeytool(db, "game", "history", "--json").out)["changes"]
    assert [c["kind"] for c in history] == ["round"] * 4 + ["edit", "delete", "rename"]
    for _ in steps:
        undone = okeytool(db, "game", "undo")
        assert undone.code == 0 and "undid: " in undone.out
    assert dump(db) == before
    assert json.loads(okeytool(db, "game", "show", "--json").out) == shown
    refused = okeytool(db, "game", "edit", "7", "-w", "Ali", "-f", "normal")
    assert refused.code == 2 and refused.err.count("\n") == 1 and "no round 7" in refused.err


WINNERS = ("Ali", "Bora", "Cem", "Deniz")
FINISHES = ("normal", "okey", "pairs")
change_steps = st.lists(
    st.one_of(
        st.tuples(st.just("add"), st.sampled_from(WINNERS), st.sampled_from(FINISHES)),
        st.tuples(st.just("edit"), st.integers(1, 6), st.sampled_from(WINNERS), st.sampled_from(FINISHES)),
        st.tuples(st.just("delete"), st.integers(1, 6)),
        st.tuples(st.just("rename"), st.integers(0, 3), st.sampled_from(("X", "Yıldız", "zeki"))),
    ),
    max_size=6,
)


@settings(max_examples=15, deadline=None)
@given(steps=change_steps)
def test_any_changes_undone_in_turn_give_back_each_earlier_state(tmp_path_factory: Any, steps: list[Any]) -> None:
    path = tmp_path_factory.mktemp("undo") / "g.sqlite3"
    with Ledger(path) as ledger:
        ledger.new_game("classic", {"scheme": "penalty", "end": "two_lowest"}, PLAYERS)
        ledger.add_round({"winner": "Ali", "finish": "normal"})
        ledger.add_round({"winner": "Bora", "finish": "okey"})
        seen = [dump(path)]
        for step in steps:
            players = ledger.game().players
            try:
                if step[0] == "add":
                    ledger.add_round({"winner": players[WINNERS.index(step[1])], "finish": step[2]})
                elif step[0] == "edit":
                    ledger.edit_round(step[1], {"winner": players[WINNERS.index(step[2])], "finish": step[3]})
                elif step[0] == "delete":
                    ledger.delete_round(step[1])
                else:
                    ledger.rename_player(players[step[1]], step[2])
            except (LedgerError, RoundError):
                assert dump(path) == seen[-1]  # a refused change changes nothing
                continue
            seen.append(dump(path))
        for expected in reversed(seen[:-1]):
            ledger.undo()
            assert dump(path) == expected
