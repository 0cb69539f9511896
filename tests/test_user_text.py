"""Text from users is data: names printed literally, never as markup, escape codes or formulas."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import subprocess
from pathlib import Path

import pytest
from conftest import in_process

from okeytool.errors import RoundError
from okeytool.ledger import Ledger, export_game
from okeytool.ledger.export import safe_cell
from okeytool.render.text import and_list, inert, user_text
from okeytool.score.names import check_name
from okeytool.user_text import is_hidden, json_text

ESC = "\x1b"


def okeytool(*args: str, db: Path | None = None, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``okeytool ARGS`` through the real entry point, in this process (output goes to pipes either way)."""
    env = {"NO_COLOR": "1", "COLUMNS": "200", **({"OKEYTOOL_DB": str(db)} if db is not None else {})}
    run = in_process(*args, stdin=stdin or "", env=env)
    return subprocess.CompletedProcess(["okeytool", *args], run.code, run.out, run.err)


def test_inert_shows_control_and_invisible_characters_as_escapes() -> None:
    assert inert("Ali") == "Ali"
    assert inert(f"A{ESC}[2JB") == "A\\x1b[2JB"
    assert inert(f"{ESC}]8;;http://x\x07link{ESC}]8;;\x07") == "\\x1b]8;;http://x\\x07link\\x1b]8;;\\x07"
    assert inert("a\u202eb\u200bc\u2066") == "a\\u202eb\\u200bc\\u2066"
    assert inert("Çağrı İpek\u00a0Ş") == "Çağrı İpek\u00a0Ş"  # letters and a no-break space stay
    assert inert("line\nbreak\r\ttab") == "line\\x0abreak\\x0d\\x09tab"
    assert user_text("[white on white]Ali").plain == "[white on white]Ali"


def test_names_are_normalised_and_invisible_characters_refused() -> None:
    decomposed = "C\u0327ag\u0306r\u0131"  # Çağrı typed with combining marks
    assert check_name(f"  {decomposed} ", "a player name") == "Çağrı"
    for bad in (f"Ali{ESC}[2J", "Ali\u200b", "\u202eilA", "A\u2028B", "Ali\x00"):
        with pytest.raises(RoundError, match="invisible character"):
            check_name(bad, "a player name")
    with pytest.raises(RoundError, match="at most 40"):
        check_name("x" * 41, "a player name")
    assert and_list(["Ali"]) == "Ali" and and_list(["Ali", "Bora"]) == "Ali and Bora"
    assert and_list(["Ali", "Bora", "Cem"]) == "Ali, Bora and Cem"


def test_markup_in_names_prints_literally_in_score(tmp_path: Path) -> None:
    result = okeytool("score", "-p", "[/],[white on white]Ali,[bold]B,C", "-w", "[/]", "-f", "okey")
    assert result.returncode == 0, result.stderr
    assert "[/] wins" in result.stdout
    assert "[white on white]Ali" in result.stdout and "[bold]B" in result.stdout
    assert "Traceback" not in result.stderr


def test_markup_in_names_prints_literally_in_game(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    new = okeytool("game", "new", "-p", "[/],[white on white]Ali,C,D", "-n", "[red]friday", db=db)
    assert new.returncode == 0, new.stderr
    assert "[red]friday" in new.stdout
    added = okeytool("game", "round", "-w", "[/]", "-f", "normal", db=db)
    assert added.returncode == 0, added.stderr
    assert "[/] wins" in added.stdout
    shown = okeytool("game", "show", db=db)
    assert shown.returncode == 0, shown.stderr
    assert "[white on white]Ali" in shown.stdout and "[/]" in shown.stdout
    listed = okeytool("game", "list", db=db)
    assert listed.returncode == 0 and "[/], [white on white]Ali, C, D" in listed.stdout
    assert len(json.loads(okeytool("game", "show", "--json", db=db).stdout)["rounds"]) == 1  # stored once


def test_escape_sequences_in_names_are_refused_with_one_line(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    for players in (f"A{ESC}[2J,B", f"A{ESC}]8;;http://evil\x07x,B", "A\u202e,B", "A\u200b,B"):
        result = okeytool("game", "new", "-p", players, db=db)
        assert result.returncode == 2 and ESC not in result.stderr
        assert result.stderr.count("\n") == 1 and "invisible character" in result.stderr
    document = json.dumps({"players": [f"A{ESC}[2J", "B"], "winner": "B", "finish": "normal"})
    result = okeytool("score", "--round", "-", stdin=document)
    assert result.returncode == 2 and ESC not in result.stderr + result.stdout
    note = okeytool("game", "new", "-p", "A,B", "-n", f"x{ESC}[2J", db=db)
    assert note.returncode == 2 and ESC not in note.stderr


def test_names_stored_before_the_check_are_shown_visibly(tmp_path: Path) -> None:
    """A ledger written before names were checked (or edited by hand) still prints nothing raw."""
    db = tmp_path / "g.sqlite3"
    with Ledger(db) as ledger:
        ledger.new_game("classic", {}, "A,B,C,D", "friday")
        ledger.add_round({"winner": "A", "finish": "normal"})
    conn = sqlite3.connect(db)
    evil = f"B{ESC}[2J{ESC}]8;;http://x\x07"
    conn.execute("UPDATE games SET players = ?, name = ?", (json.dumps(["A", evil, "C", "D"]), f"n{ESC}[31m"))
    conn.commit()
    conn.close()
    for command in ("show", "list"):
        result = okeytool("game", command, db=db)
        assert result.returncode == 0, result.stderr
        assert ESC not in result.stdout and "\x07" not in result.stdout
        assert "B\\x1b[2J" in result.stdout


def test_a_failure_while_rendering_stores_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ledger write comes after everything that can fail: a failed command leaves no round behind."""
    import okeytool.render.game as render_game

    db = tmp_path / "g.sqlite3"
    with Ledger(db) as ledger:
        ledger.new_game("classic", {}, "A,B,C,D")

    def broken(*args: object) -> str:
        raise RuntimeError("rendering failed")

    monkeypatch.setattr(render_game, "capture", broken)
    with pytest.raises(RuntimeError, match="rendering failed"):  # not an input error: main lets it through
        in_process("game", "round", "--db", str(db), "-w", "A", "-f", "normal")
    with Ledger(db) as ledger:
        assert ledger.records(1) == ()
    monkeypatch.undo()
    result = in_process("game", "round", "--db", str(db), "-w", "A", "-f", "normal")
    assert result.code == 0 and "A wins" in result.out, result.err
    with Ledger(db) as ledger:
        assert len(ledger.records(1)) == 1  # the retry stored it once


def test_csv_export_neutralises_formula_cells(tmp_path: Path) -> None:
    assert safe_cell("=1+1") == "'=1+1" and safe_cell("+A") == "'+A" and safe_cell("-A") == "'-A"
    assert safe_cell("@SUM(A1)") == "'@SUM(A1)" and safe_cell("\tx") == "'\tx" and safe_cell("\rx") == "'\rx"
    assert safe_cell("-5") == "-5" and safe_cell("+2.5") == "+2.5" and safe_cell(-5) == -5
    assert safe_cell("Ali") == "Ali" and safe_cell("") == ""
    with Ledger(tmp_path / "g.sqlite3") as ledger:
        ledger.new_game("classic", {"scheme": "penalty"}, ["@SUM(1)", "+Bora", "-Cem", "Deniz"])
        state = ledger.add_round({"winner": "-Cem", "finish": "normal"})
    rows = list(csv.reader(io.StringIO(export_game(state, "csv"))))
    assert rows[0][4:8] == ["'@SUM(1)", "'+Bora", "'-Cem", "Deniz"]
    assert rows[2][1] == "'-Cem" and rows[2][4:8] == ["2", "2", "0", "2"]
    exported = okeytool("game", "export", "-F", "csv", db=tmp_path / "g.sqlite3")
    assert exported.returncode == 0 and exported.stdout == export_game(state, "csv")


def test_notes_get_the_checks_names_get(tmp_path: Path) -> None:
    """A round's note is normalised like a name and refused, with one line and nothing stored, when it
    holds a character that does not show."""
    db = tmp_path / "g.sqlite3"
    assert okeytool("game", "new", "-p", "A,B,C,D", db=db).returncode == 0
    for bad in (f"x{ESC}[2J", f"x{ESC}]8;;http://evil\x07y", "x\u202ey", "x\u200by", "line\nbreak", "x" * 201):
        for args in (("game", "round", "-w", "A", "-f", "normal"), ("game", "edit", "1", "-w", "B", "-f", "normal")):
            result = okeytool(*args, "--note", bad, db=db)
            assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
            assert "a round's note" in result.stderr and ESC not in result.stderr and "\u202e" not in result.stderr
        assert json.loads(okeytool("game", "show", "--json", db=db).stdout)["rounds"] == []
    decomposed = "C\u0327ag\u0306r\u0131 left early"
    added = okeytool("game", "round", "-w", "A", "-f", "normal", "--note", f"  {decomposed} ", "--json", db=db)
    assert added.returncode == 0, added.stderr
    assert json.loads(added.stdout)["rounds"][0]["note"] == "Çağrı left early"
    with Ledger(db) as ledger:
        with pytest.raises(RoundError, match="invisible character U\\+2066"):
            ledger.edit_round(1, {"winner": "A", "finish": "normal"}, note="\u2066x")
        assert ledger.records(1)[0].note == "Çağrı left early"


#: What a ledger written before the checks (or edited by hand) may hold: an escape sequence, the
#: 8-bit CSI, a bidi override, a zero-width space, a line separator and a private-use character.
STORED = f"B{ESC}[2J\x9b31m\u202eZ\u200b\u2028\ue000"


def no_hidden(text: str) -> bool:
    """True when ``text`` holds no character that does not show, line breaks aside."""
    return all(ch == "\n" or not is_hidden(ch) for ch in text)


def test_text_stored_before_the_checks_is_escaped_in_every_output(tmp_path: Path) -> None:
    """CSV, JSON and text: no hidden character reaches the output; JSON reads back as the stored data."""
    db = tmp_path / "g.sqlite3"
    with Ledger(db) as ledger:
        ledger.new_game("classic", {}, "A,B,C,D", "friday")
        ledger.add_round({"winner": "B", "finish": "normal"}, note="ok")
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE games SET players = ?, name = ?", (json.dumps(["A", STORED, "C", "D"]), STORED))
        conn.execute(
            "UPDATE rounds SET document = ?, note = ?", (json.dumps({"winner": STORED, "finish": "normal"}), STORED)
        )
    conn.close()
    csv_text = okeytool("game", "export", "-F", "csv", db=db)
    assert csv_text.returncode == 0 and no_hidden(csv_text.stdout), csv_text.stderr
    rows = list(csv.reader(io.StringIO(csv_text.stdout)))
    assert rows[0][5] == inert(STORED) and rows[2][1] == inert(STORED) and "\\x1b[2J\\x9b31m\\u202e" in rows[0][5]
    for args in (("game", "export", "-F", "json"), ("game", "show", "--json"), ("game", "list", "--json")):
        result = okeytool(*args, db=db)
        assert result.returncode == 0 and no_hidden(result.stdout), (args, result.stderr)
        loaded = json.loads(result.stdout)
        game = loaded["games"][0] if "games" in loaded else loaded
        assert game["name"] == STORED and game["players"][1] == STORED  # the same data
    document = json.loads(okeytool("game", "show", "--json", db=db).stdout)
    assert document["name"] == STORED and document["rounds"][0]["note"] == STORED
    for args in (("game", "show"), ("game", "list"), ("game", "share"), ("game", "history")):
        result = okeytool(*args, db=db)
        assert result.returncode == 0 and no_hidden(result.stdout), (args, result.stderr)


def test_a_round_winner_stored_before_the_checks_is_escaped(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    assert okeytool("round", "start", "-i", "R4", "R1-3", "B5-7", "K9-11", "Y1-4", "K1", db=db).returncode == 0
    assert okeytool("round", "end", "-w", "Ali", "-f", "normal", db=db).returncode == 0
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(
            "UPDATE round_events SET event = ? WHERE seq = 2",
            (json.dumps({"event": "end", "winner": STORED, "finish": "normal"}),),
        )
    conn.close()
    for args in (("round", "show"), ("round", "list"), ("round", "show", "--json"), ("round", "list", "--json"),
                 ("round", "review"), ("round", "review", "--json")):  # fmt: skip
        result = okeytool(*args, db=db)
        assert result.returncode == 0 and no_hidden(result.stdout), (args, result.stderr)
    exported = okeytool("round", "export", db=db)
    assert exported.returncode == 0 and no_hidden(exported.stdout)
    assert json.loads(exported.stdout.splitlines()[1])["winner"] == STORED  # the same data
    undone = okeytool("round", "undo", db=db)
    assert undone.returncode == 0 and no_hidden(undone.stdout) and "\\x1b[2J" in undone.stdout, undone.stderr


def test_json_text_escapes_what_does_not_show_and_reads_back_the_same() -> None:
    data = {"name": STORED, "tag": "\U000e0041x", "lone": "\ud800", "plain": "Çağrı\u00a0İpek", "n": [1, "a\nb"]}
    for indent in (None, 2):
        text = json_text(data, indent=indent)
        assert no_hidden(text) and json.loads(text) == data
        assert ("\n" in text) == (indent is not None)
    assert json_text({"plain": "Çağrı\u00a0İpek"}) == '{"plain": "Çağrı\u00a0İpek"}'  # letters and spaces stay
    assert json_text("\U000e0041") == '"\\udb40\\udc41"'
