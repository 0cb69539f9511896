"""The game ledger against real SQLite files: rounds, undo, migrations, refusal of foreign or corrupt
files, concurrent writers and a writer killed in the middle of a transaction."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from okeytool.errors import LedgerError, RoundError, RulesError
from okeytool.ledger import Ledger, db_path, export_game
from okeytool.ledger.database import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION
from okeytool.score import RoundScore

PLAYERS = "Ali,Bora,Cem,Deniz"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "sub" / "games.sqlite3"


def test_new_game_rounds_and_undo(db: Path) -> None:
    with Ledger(db) as ledger:
        game = ledger.new_game("classic", {"scheme": "pagat"}, PLAYERS, "friday")
        assert ledger.current_id() == game.id
        ledger.add_round({"winner": "Ali", "finish": "normal"})
        state = ledger.add_round({"winner": "Bora", "finish": "okey", "gosterme": ["Cem"]})
        assert state.standings.totals == {"Ali": 15, "Bora": 17, "Cem": 14, "Deniz": 13}
        removed = ledger.undo()
        assert removed.kind == "round" and removed.round is not None
        assert removed.round.seq == 2 and removed.round.document["gosterme"] == ["Cem"]
        assert ledger.state().standings.totals == {"Ali": 20, "Bora": 18, "Cem": 18, "Deniz": 18}
    with Ledger(db) as again:  # stored, not kept in memory
        state = again.state()
        assert [r.document for r in state.records] == [{"winner": "Ali", "finish": "normal"}]
        assert state.info.name == "friday" and state.info.players == ("Ali", "Bora", "Cem", "Deniz")


def test_totals_are_recomputed_from_the_stored_documents(db: Path) -> None:
    with Ledger(db) as ledger:
        ledger.new_game("classic", {"scheme": "pagat"}, PLAYERS)
        ledger.add_round({"winner": "Ali", "finish": "normal"})
    # The file holds the input document only: changing it changes the standings.
    conn = sqlite3.connect(db)
    stored = conn.execute("SELECT document FROM rounds").fetchone()[0]
    assert json.loads(stored) == {"winner": "Ali", "finish": "normal"}
    conn.execute("UPDATE rounds SET document = ?", (json.dumps({"winner": "Ali", "finish": "pairs+okey"}),))
    conn.commit()
    conn.close()
    with Ledger(db) as ledger:
        assert ledger.state().standings.totals["Bora"] == 12


def test_game_json_has_the_contract_keys(db: Path) -> None:
    with Ledger(db) as ledger:
        ledger.new_game("classic", {"scheme": "penalty"}, PLAYERS)
        doc = ledger.add_round({"winner": "Cem", "finish": "pairs"}).to_json()
    assert doc["totals"] == {"Ali": 4, "Bora": 4, "Cem": 0, "Deniz": 4}
    assert doc["finished"] is False and doc["winners"] == []
    (entry,) = doc["rounds"]  # type: ignore[misc]
    assert entry["scores"] == {"Ali": 4, "Bora": 4, "Cem": 0, "Deniz": 4}
    assert entry["document"] == {"winner": "Cem", "finish": "pairs"}


def test_several_games_and_the_current_one(db: Path) -> None:
    with Ledger(db) as ledger:
        first = ledger.new_game("classic", {}, PLAYERS)
        second = ledger.new_game("101", {}, "A,B,C,D")
        assert ledger.current_id() == second.id
        ledger.add_round({"winner": "Ali", "finish": "normal"}, game_id=first.id)
        assert len(ledger.state(first.id).records) == 1 and not ledger.state(second.id).records
        ledger.use(first.id)
        assert ledger.game().id == first.id
        with pytest.raises(LedgerError, match="no game 99"):
            ledger.state(99)


def test_no_current_game(db: Path) -> None:
    with Ledger(db) as ledger, pytest.raises(LedgerError, match="no current game"):
        ledger.add_round({"winner": "Ali", "finish": "normal"})


def test_bad_games_are_refused(db: Path) -> None:
    with Ledger(db) as ledger:
        with pytest.raises(RulesError, match="scheme"):
            ledger.new_game("101", {"scheme": "pagat"}, PLAYERS)
        with pytest.raises(RoundError, match="named twice"):
            ledger.new_game("classic", {}, "A,A,B")
        assert ledger.games() == []


def test_rounds_that_do_not_fit_the_game_are_refused_and_not_stored(db: Path) -> None:
    with Ledger(db) as ledger:
        ledger.new_game("classic", {"scheme": "pagat"}, PLAYERS)
        with pytest.raises(RoundError, match="unknown player"):
            ledger.add_round({"winner": "Zeki", "finish": "normal"})
        with pytest.raises(RoundError, match="renkli"):
            ledger.add_round({"winner": "Ali", "finish": "normal", "indicator": "R3", "options": {"renkli": True}})
        with pytest.raises(RoundError, match="players"):
            ledger.add_round({"winner": "Ali", "finish": "normal", "players": ["Ali", "Bora", "Cem"]})
        # the game's own values may be repeated
        ledger.add_round({"rules": "classic", "scheme": "pagat", "players": PLAYERS.split(","), "winner": None})
        assert len(ledger.state().records) == 1


def test_a_finished_game_takes_no_more_rounds(db: Path) -> None:
    with Ledger(db) as ledger:
        ledger.new_game("okeygg", {"target": 7}, PLAYERS)
        for _ in range(4):
            state = ledger.add_round({"winner": "Deniz", "finish": "normal"})
        assert state.standings.finished and state.standings.winners == ("Deniz",)
        with pytest.raises(LedgerError, match="finished"):
            ledger.add_round({"winner": "Ali", "finish": "normal"})
        assert len(ledger.state().records) == 4
        ledger.undo()  # a mistake can still be taken back
        assert not ledger.state().standings.finished


def test_penalty_elimination_rounds_are_played_by_the_players_left(db: Path) -> None:
    with Ledger(db) as ledger:
        ledger.new_game("classic", {"scheme": "penalty"}, PLAYERS)
        for _ in range(3):
            ledger.add_round({"winner": "Ali", "finish": "pairs", "gosterme": ["Bora"]})  # Cem, Deniz +5: 15
        state = ledger.add_round({"winner": "Bora", "finish": "pairs"})  # Cem, Deniz 19, Ali 7, Bora 3
        assert state.standings.out == ()
        state = ledger.add_round({"winner": "Bora", "finish": "pairs"})  # Cem, Deniz 23: out
        assert set(state.standings.out) == {"Cem", "Deniz"}
        with pytest.raises(RoundError, match="Cem is out of the game; the players still in: Ali, Bora"):
            ledger.add_round({"winner": "Cem", "finish": "normal"})
        with pytest.raises(RoundError, match="Cem is out of the game"):
            ledger.add_round({"winner": "Ali", "finish": "normal", "gosterme": "Cem"})  # one name, not a list
        with pytest.raises(RoundError, match="players still in: Ali, Bora"):
            ledger.add_round({"winner": "Ali", "finish": "normal", "players": PLAYERS.split(",")})
        state = ledger.add_round({"winner": "Bora", "finish": "okey"})
        assert state.standings.totals["Ali"] == 15 and not state.standings.finished
        state = ledger.add_round({"winner": "Bora", "finish": "pairs+okey"})
        assert state.standings.finished and state.standings.winners == ("Bora",)


def test_a_round_is_checked_before_it_is_stored(db: Path) -> None:
    with Ledger(db) as ledger:
        ledger.new_game("classic", {}, PLAYERS)
        with pytest.raises(RoundError, match='"gosterme" lists players, not 5'):
            ledger.add_round({"winner": "Ali", "finish": "normal", "gosterme": 5})
        with pytest.raises(RoundError, match="only one player can show the indicator's twin"):
            ledger.add_round({"winner": "Ali", "finish": "okey", "gosterme": ["Bora", "Cem"]})
        assert ledger.state().records == ()


def test_export_csv_and_json(db: Path) -> None:
    with Ledger(db) as ledger:
        ledger.new_game("rummikub", {"rounds": 3}, "A,B,C")
        state = ledger.add_round({"winner": "A", "racks": {"B": "R5 K9", "C": "J"}})
    lines = export_game(state, "csv").splitlines()
    assert lines[0] == "round,winner,finish,counted,A,B,C,total A,total B,total C"
    assert lines[2] == "1,A,out,1,44,-14,-30,44,-14,-30"
    document = json.loads(export_game(state, "json"))
    assert document["totals"] == {"A": 44, "B": -14, "C": -30}
    with pytest.raises(ValueError, match="format"):
        export_game(state, "xml")


# -- the file -------------------------------------------------------------------------------


def test_db_path_resolution(tmp_path: Path) -> None:
    assert db_path(tmp_path / "x.db", {"OKEYTOOL_DB": "/elsewhere"}) == tmp_path / "x.db"
    assert db_path(None, {"OKEYTOOL_DB": str(tmp_path / "env.db")}) == tmp_path / "env.db"
    assert db_path(None, {}).name == "games.sqlite3"


def test_schema_version_wal_and_application_id(db: Path) -> None:
    Ledger(db).close()
    conn = sqlite3.connect(db)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    conn.close()


def test_an_old_schema_is_migrated_keeping_its_games(db: Path) -> None:
    db.parent.mkdir(parents=True)
    conn = sqlite3.connect(db)
    for statement in MIGRATIONS[0]:
        conn.execute(statement)
    conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    conn.execute("PRAGMA user_version = 1")
    conn.execute("INSERT INTO games VALUES (1, 'old', 'classic', '{\"scheme\": \"pagat\"}', '[\"A\", \"B\"]', 'then')")
    conn.execute('INSERT INTO rounds VALUES (1, 1, 1, \'{"winner": "A", "finish": "okey"}\', \'then\')')
    conn.execute("INSERT INTO meta VALUES ('current_game', '1')")
    conn.commit()
    conn.close()
    with Ledger(db) as ledger:
        state = ledger.state()
        assert state.standings.totals == {"A": 20, "B": 16}
        assert state.records[0].note == ""
        assert ledger.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6


def test_a_newer_schema_is_refused(db: Path) -> None:
    Ledger(db).close()
    conn = sqlite3.connect(db)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.commit()
    conn.close()
    with pytest.raises(LedgerError, match="newer okeytool"):
        Ledger(db)


def _foreign_sqlite(path: Path) -> None:
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)")
    conn.execute("INSERT INTO photos (name) VALUES ('beach')")
    conn.commit()
    conn.close()


def _corrupt_ledger(path: Path) -> None:
    with Ledger(path) as ledger:
        ledger.new_game("classic", {}, PLAYERS)
        for _ in range(3):
            ledger.add_round({"winner": "Ali", "finish": "normal"})
    assert not Path(f"{path}-wal").exists()  # the last close checkpointed the WAL
    data = bytearray(path.read_bytes())
    data[100:4096] = bytes((k * 37 + 11) % 256 for k in range(3996))  # page 1 after the header
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda p: p.write_bytes(b"these are my holiday notes\n" * 50), "not an SQLite database"),
        (lambda p: p.write_bytes(b"SQLite format 3\x00 but short"), "not an SQLite database"),
        (_foreign_sqlite, "another program's SQLite database"),
        (_corrupt_ledger, "corrupt|cannot be used"),
    ],
    ids=["text", "short", "foreign", "corrupt"],
)
def test_foreign_or_corrupt_files_are_refused_and_left_untouched(db: Path, make, words: str) -> None:  # type: ignore[no-untyped-def]
    db.parent.mkdir(parents=True, exist_ok=True)
    make(db)
    before = db.read_bytes()
    siblings = sorted(p.name for p in db.parent.iterdir())
    with pytest.raises(LedgerError, match=words):
        Ledger(db)
    assert db.read_bytes() == before
    assert sorted(p.name for p in db.parent.iterdir()) == siblings


def test_a_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(LedgerError, match="directory"):
        Ledger(tmp_path)


# -- several processes ----------------------------------------------------------------------

WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from okeytool.ledger import Ledger
    path, count = Path(sys.argv[1]), int(sys.argv[2])
    for _ in range(count):
        with Ledger(path) as ledger:
            ledger.add_round({"winner": None, "gosterme": []})
    """
)


def test_concurrent_writers_lose_no_round(db: Path) -> None:
    with Ledger(db) as ledger:
        ledger.new_game("classic", {"scheme": "pagat"}, PLAYERS)
    writers = [subprocess.Popen([sys.executable, "-c", WRITER, str(db), "8"]) for _ in range(4)]
    assert [w.wait(timeout=60) for w in writers] == [0, 0, 0, 0]
    with Ledger(db) as ledger:
        records = ledger.state().records
    assert [r.seq for r in records] == list(range(1, 33))


KILLED = textwrap.dedent(
    """
    import json, sys, time
    from pathlib import Path
    from okeytool.ledger import Ledger
    from okeytool.ledger.database import transaction
    ledger = Ledger(Path(sys.argv[1]))
    with transaction(ledger.conn):
        ledger.conn.execute(
            "INSERT INTO rounds (game_id, seq, document, created) VALUES (1, 2, ?, 'now')",
            (json.dumps({"winner": "Bora", "finish": "pairs+okey"}),),
        )
        ledger.conn.execute("DELETE FROM rounds WHERE seq = 1")
        print("holding", flush=True)
        time.sleep(60)
    """
)


def test_a_writer_killed_mid_transaction_leaves_the_previous_state(db: Path) -> None:
    with Ledger(db) as ledger:
        ledger.new_game("classic", {"scheme": "pagat"}, PLAYERS)
        before = ledger.add_round({"winner": "Ali", "finish": "normal"}).to_json()
    writer = subprocess.Popen([sys.executable, "-c", KILLED, str(db)], stdout=subprocess.PIPE, text=True)
    try:
        assert writer.stdout is not None and writer.stdout.readline().strip() == "holding"
        os.kill(writer.pid, signal.SIGKILL)
    finally:
        writer.wait(timeout=10)
    assert writer.returncode == -signal.SIGKILL
    with Ledger(db) as ledger:
        assert ledger.state().to_json()["totals"] == before["totals"]
        assert [r.seq for r in ledger.state().records] == [1]
        after = ledger.add_round({"winner": "Cem", "finish": "normal"})  # the lock is free again
        assert after.standings.totals == {"Ali": 18, "Bora": 16, "Cem": 18, "Deniz": 16}


def test_adding_a_round_scores_each_earlier_round_once(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Adding round k scores k rounds: the k-1 stored ones (replayed once) and the new one."""
    import okeytool.ledger.store as store

    calls: list[int] = []
    real = store.score_round

    def counting(round_: object) -> RoundScore:
        calls.append(1)
        return real(round_)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "score_round", counting)
    with Ledger(db) as ledger:
        ledger.new_game("classic", {"scheme": "penalty"}, PLAYERS)
        for k in range(1, 6):
            calls.clear()
            state = ledger.add_round({"winner": "Ali", "finish": "normal"})
            assert len(calls) == k
        assert state.standings.totals == {"Ali": 0, "Bora": 10, "Cem": 10, "Deniz": 10}
        calls.clear()
        assert ledger.state().to_json() == state.to_json()  # the same answer as a full replay
        assert len(calls) == 5
