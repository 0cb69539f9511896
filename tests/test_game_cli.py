"""``okeytool game``: the ledger on the command line, in-process and across real processes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import Run, in_process, real_process

from okeytool.ledger.paths import default_db_path

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "rounds"


def game(db: Path, *args: str, stdin: str = "") -> dict[str, Any]:
    result = in_process("game", *args, "--db", str(db), "--json", stdin=stdin)
    assert result.code == 0, result.err
    return json.loads(result.out)  # type: ignore[no-any-return]


def cli(db: Path, *args: str, stdin: str = "") -> Run:
    """A real process, the ledger chosen by the environment variable."""
    return real_process(*args, stdin=stdin, env={"OKEYTOOL_DB": str(db)}, timeout=30)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


def test_new_round_show_undo(db: Path) -> None:
    new = game(db, "new", "--rules", "classic", "--scheme", "pagat", "--players", "P1,P2,P3,P4", "--name", "friday")
    assert new["game"] == 1 and new["totals"] == {"P1": 20, "P2": 20, "P3": 20, "P4": 20}
    game(db, "round", "--winner", "P1", "--finish", "normal")
    shown = game(db, "round", "--round", "-", stdin=json.dumps({"winner": "P2", "finish": "okey", "gosterme": ["P3"]}))
    assert shown["totals"] == {"P1": 15, "P2": 17, "P3": 14, "P4": 13}
    shown = game(db, "show")
    assert shown["finished"] is False and shown["winners"] == [] and len(shown["rounds"]) == 2
    assert shown["rounds"][1]["scores"] == {"P1": -5, "P2": -1, "P3": -4, "P4": -5}
    undone = game(db, "undo")
    assert undone["undone"] == 2 and undone["totals"] == {"P1": 20, "P2": 18, "P3": 18, "P4": 18}


def test_options_and_other_games(db: Path) -> None:
    first = game(db, "new", "--players", "A,B,C,D", "--option", "renkli=true")
    second = game(db, "new", "--rules", "101", "--players", "P1,P2,P3,P4", "--option", "rounds=2")
    assert (first["game"], second["game"]) == (1, 2)
    game(db, "round", "--game", "1", "-w", "A", "-f", "normal", "-i", "R3")
    assert game(db, "show", "--game", "1")["totals"]["B"] == 16  # renkli: red indicator doubles
    listed = game(db, "list")["games"]
    assert [(g["game"], g["rounds"], g["current"]) for g in listed] == [(1, 1, False), (2, 0, True)]
    doc = game(db, "round", "--round", str(EXAMPLES / "101-normal.json"))  # rules and players: the game's own
    assert doc["game"] == 2 and doc["totals"] == {"P1": -202, "P2": 149, "P3": 404, "P4": 44}


def test_a_101_match_ends_after_its_rounds(db: Path) -> None:
    game(db, "new", "--rules", "101", "--players", "P1,P2,P3,P4", "--option", "rounds=2")
    document = json.loads((EXAMPLES / "101-normal.json").read_text())
    game(db, "round", "--round", "-", stdin=json.dumps(document))
    aborted = game(db, "round", "--round", str(EXAMPLES / "101-aborted.json"))
    assert aborted["finished"] is False and aborted["counted_rounds"] == 1
    final = game(db, "round", "--round", "-", stdin=json.dumps(document))
    assert final["finished"] is True and final["winners"] == ["P1"]
    assert final["totals"] == {"P1": -404, "P2": 298 + 202, "P3": 808, "P4": 88}
    refused = in_process("game", "round", "--db", str(db), "--round", "-", stdin=json.dumps(document))
    code, out, err = refused.code, refused.out, refused.err
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "finished" in err and "P1 won" in err


def test_show_renders_a_table_and_a_chart(db: Path) -> None:
    game(db, "new", "--players", "Ali,Bora,Cem,Deniz", "--scheme", "okeygg", "--option", "target=7")
    for winner in ("Ali", "Bora", "Ali"):
        game(db, "round", "-w", winner, "-f", "pairs" if winner == "Ali" else "normal")
    result = in_process("game", "show", "--db", str(db))
    assert result.code == 0
    assert "Ali wins" in result.out and "running totals" in result.out
    assert "Ali wins" in result.out and " 8" in result.out and "█" in result.out


def test_export_formats(db: Path, tmp_path: Path) -> None:
    game(db, "new", "--rules", "rummikub", "--players", "P1,A,B,C")
    game(db, "round", "--round", str(EXAMPLES / "rummikub-out.json"))
    out = in_process("game", "export", "--db", str(db), "--format", "csv")
    assert out.code == 0
    assert out.out.splitlines()[2] == "1,P1,out,1,59,-14,-32,-13,59,-14,-32,-13"
    target = tmp_path / "game.json"
    assert in_process("game", "export", "--db", str(db), "--format", "json", "-o", str(target)).code == 0
    assert json.loads(target.read_text())["winners"] == ["P1"]


def test_environment_variable_and_default_location(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OKEYTOOL_DB", str(tmp_path / "env.sqlite3"))
    assert in_process("game", "new", "--players", "A,B").code == 0
    assert game(tmp_path / "env.sqlite3", "show")["players"] == ["A", "B"]  # stored where the variable said
    monkeypatch.delenv("OKEYTOOL_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert in_process("game", "new", "--players", "C,D").code == 0
    [default] = tmp_path.rglob("games.sqlite3")
    assert default == default_db_path()  # the user's data directory, here under tmp_path
    assert game(default, "show")["players"] == ["C", "D"]


@pytest.mark.parametrize("command", ["new", "round", "show", "undo", "list", "use", "export"])
def test_every_subcommand_documents_an_example(command: str) -> None:
    result = in_process("game", command, "--help")
    assert result.code == 0
    assert f"okeytool game {command}" in result.out and "--db" in result.out


def _corrupt(path: Path) -> None:
    path.write_bytes(b"\x00\x01 not a database at all " * 40)


@pytest.mark.parametrize(
    ("setup", "args", "words"),
    [
        (None, ["game", "show"], "no game ledger at"),
        (None, ["game", "round", "-w", "P1", "-f", "normal"], "no game ledger at"),
        ("new", ["game", "round", "-w", "P9", "-f", "normal"], "unknown player 'P9'"),
        ("new", ["game", "round", "-w", "P1", "-f", "sideways"], "'sideways' is not one of"),
        ("new", ["game", "round", "-w", "P1", "-f", "elden"], "unknown finish 'elden' for the pagat scheme"),
        ("new", ["game", "round", "-w", "P1", "-t", "R1 X2", "-i", "R4"], "unknown colour"),
        ("new", ["game", "round", "-f", "normal"], "names no winner"),
        ("new", ["game", "round", "-w", "P2", "-f", "okey", "-g", "P3", "-g", "P1"], "only one player can show"),
        ("new", ["game", "undo"], "no rounds to undo"),
        ("new", ["game", "show", "--game", "7"], "no game 7"),
        ("new", ["game", "export", "--format", "xml"], "--format"),
        ("new", ["game", "round", "--round", "-", "-w", "P1"], "leave out"),
        (None, ["game", "new", "--players", "A,B", "--scheme", "101"], "scheme"),
        (None, ["game", "new", "--players", "A,A"], "named twice"),
        (_corrupt, ["game", "list"], "not an SQLite database"),
    ],
)
def test_bad_input_exits_2_with_one_line(
    db: Path,
    setup: Any,
    args: list[str],
    words: str,
) -> None:
    if setup == "new":
        game(db, "new", "--players", "P1,P2,P3,P4")
    elif setup is not None:
        setup(db)
    before = db.read_bytes() if db.exists() else None
    refused = in_process(*args, "--db", str(db), stdin="{}")
    code, out, err = refused.code, refused.out, refused.err
    assert code == 2, err
    assert out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert words in err
    if setup is _corrupt:
        assert db.read_bytes() == before


def test_rounds_and_undo_across_processes(db: Path) -> None:
    assert cli(db, "game", "new", "--players", "P1,P2,P3,P4", "--scheme", "penalty").code == 0
    added = cli(db, "game", "round", "--round", "-", stdin='{"winner": "P1", "finish": "normal"}')
    assert added.code == 0, added.err
    assert cli(db, "game", "round", "-w", "P4", "-f", "okey", "-g", "P2").code == 0
    shown = json.loads(cli(db, "game", "show", "--json").out)
    assert shown["totals"] == {"P1": 5, "P2": 6, "P3": 7, "P4": 3}  # S29, through the ledger
    assert cli(db, "game", "undo").code == 0
    shown = json.loads(cli(db, "game", "show", "--json").out)
    assert shown["totals"] == {"P1": 0, "P2": 2, "P3": 2, "P4": 2} and len(shown["rounds"]) == 1


def test_a_real_process_refuses_a_foreign_database(db: Path) -> None:
    import sqlite3

    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE notes (body TEXT)")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    done = cli(db, "game", "new", "--players", "A,B")
    assert done.code == 2 and done.out == ""
    assert done.err.count("\n") == 1 and "another program's SQLite database" in done.err
    assert db.read_bytes() == before


def test_use_switches_the_current_game(db: Path) -> None:
    game(db, "new", "--players", "A,B")
    game(db, "new", "--players", "C,D")
    result = in_process("game", "use", "1", "--db", str(db))
    assert result.code == 0 and "current game: #1" in result.out
    assert game(db, "round", "-w", "A", "-f", "normal", "--kafa")["players"] == ["A", "B"]
