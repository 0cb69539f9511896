"""``--draws`` on the round commands is checked against the round's own game: classic 0-12, 101
0-5 (its stock), refused in one line before anything is recorded, never quietly cut down."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import on_ledger

HAND_101 = ["R1-3", "B5-7", "K9-11", "Y1-4", "K1", "R7", "R8", "B1", "B2", "B3", "K5", "K6"]
HAND_CLASSIC = ["R1-3", "B5-7", "K9-11", "Y1-4", "K1", "R7"]


def events(db: Path) -> int:
    done = on_ledger(db, "round", "show", "--json")
    assert done.code == 0, done.err
    return int(json.loads(done.out)["events"])


def test_a_101_round_refuses_more_draws_than_its_stock_gives(tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite3"
    assert on_ledger(db, "round", "start", "--rules", "101", "-i", "R4", *HAND_101).code == 0
    before = events(db)
    for args in (("show", "--draws", "6"), ("draw", "K7", "--draws", "8"), ("review", "--draws", "6")):
        done = on_ledger(db, "round", *args)
        assert done.code == 2, (args, done.out)
        assert "--draws must be between 0 and 5 in 101" in done.err and done.err.count("\n") == 1
    assert events(db) == before  # the draw refused for its --draws was not recorded
    assert on_ledger(db, "round", "show", "--draws", "5").code == 0


def test_a_classic_round_takes_up_to_twelve_draws(tmp_path: Path) -> None:
    db = tmp_path / "l.sqlite3"
    assert on_ledger(db, "round", "start", "-i", "R4", *HAND_CLASSIC).code == 0
    assert on_ledger(db, "round", "show", "--draws", "12").code == 0
    done = on_ledger(db, "round", "show", "--draws", "13")
    assert done.code == 2 and "--draws must be between 0 and 12" in done.err
