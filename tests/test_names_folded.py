"""Typed words compared one way everywhere (issue 23, rough edges): in any case and with or without the
Turkish letters (ş as s, ö as o, ü as u, ç as c, ğ as g; ı, İ and I as i). Player names as ``-w``
finds them and as a new game refuses one named twice, colour names in the tile notation, and (in
tests/test_completion.py) what TAB offers. Names are shown and stored as typed; a ledger whose game
was started when fewer letters were folded (``Sule`` and ``Şule`` both at one table) keeps working.
"""

from __future__ import annotations

import json
import sqlite3
import unicodedata
from pathlib import Path

import pytest
from conftest import in_process, on_ledger

from okeytool.commands import completion
from okeytool.errors import RoundError
from okeytool.ledger import Ledger
from okeytool.parse import notation
from okeytool.parse.notation import parse_tiles
from okeytool.score import names
from okeytool.score.document import parse_players
from okeytool.score.names import match_name
from okeytool.score.teams import parse_teams
from okeytool.user_text import fold

#: Each folded letter, small and capital, in a name; the name as players type it without the letter.
LETTERS = [
    ("Şule", "Sule"), ("şule", "SULE"),
    ("Özge", "Ozge"), ("özge", "OZGE"),
    ("Ümit", "Umit"), ("ümit", "UMIT"),
    ("Çetin", "Cetin"), ("çetin", "CETIN"),
    ("Ağca", "Agca"), ("AĞCA", "agca"),
    ("Işık", "Isik"), ("ışık", "isik"), ("IŞIK", "ISIK"),
    ("İlker", "Ilker"), ("İLKER", "ilker"),
]  # fmt: skip


@pytest.mark.parametrize(("name", "typed"), LETTERS)
def test_each_turkish_letter_folds_to_its_latin_letter(name: str, typed: str) -> None:
    assert fold(name) == fold(typed) == typed.lower().replace("ı", "i")
    assert fold(unicodedata.normalize("NFD", name)) == fold(name)  # accents typed as combining marks


def test_the_three_places_fold_with_one_function() -> None:
    assert notation.fold is fold and names.fold is fold
    assert completion.offered([("Şule", "")], "s") == [("Şule", "")]


@pytest.mark.parametrize(("name", "typed"), LETTERS)
def test_a_name_is_found_without_its_turkish_letters(name: str, typed: str) -> None:
    players = [name, "Bora", "Deniz"]
    assert match_name(typed, players, "winner") == name
    assert match_name(typed[:2], players, "winner") == name  # a unique beginning, folded too


def test_the_winner_typed_without_the_letters_is_scored_as_written() -> None:
    run = in_process("score", "-p", "Şule,İlker,Özge,Ümit", "-w", "Sule", "-f", "normal", "-g", "ilker", "--json")
    assert run.code == 0, run.err
    document = json.loads(run.out)
    assert document["winner"] == "Şule" and document["players"] == ["Şule", "İlker", "Özge", "Ümit"]
    assert {item["note"] for item in document["items"] if item["code"] == "gosterme"} == {"İlker showed the twin"}


@pytest.mark.parametrize(("one", "other"), [("Şule", "Sule"), ("Ilker", "İlker"), ("Özge", "OZGE"), ("Çağla", "cagla")])
def test_names_that_fold_alike_are_one_player_named_twice(one: str, other: str) -> None:
    with pytest.raises(RoundError, match="is named twice"):
        parse_players([one, other, "Cem"])
    with pytest.raises(RoundError, match="named twice"):
        parse_teams(f"{one}+Cem,{other}+Ali")


def test_colour_names_are_read_without_the_turkish_letters() -> None:
    assert parse_tiles("Kırmızı5 KIRMIZI6 kirmizi7 SARI1 sarı2 Grün3 GRUN4") == parse_tiles("R5 R6 R7 Y1 Y2 B3 B4")


# -- a ledger started when only case (and the dotted and dotless i) was folded ------------------------------


def old_fold(name: str) -> str:
    """How names were compared before: case folded, the Turkish i's one letter, ş and ö ... kept."""
    text = unicodedata.normalize("NFC", name).strip().replace("İ", "i").replace("I", "i").replace("ı", "i")
    return unicodedata.normalize("NFC", text.casefold())


@pytest.fixture
def old_ledger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A ledger written as the version before wrote it: game 1 with Sule and Şule, two rounds (one a
    document naming the players); game 2, partnership 101 with Sule+Cem against Şule+Deniz."""
    db = tmp_path / "old.sqlite3"
    with monkeypatch.context() as before:
        before.setattr(names, "fold", old_fold)
        with Ledger(db) as book:
            book.new_game("classic", {}, "Sule,Şule,Cem,Deniz", "friday")
            book.add_round({"winner": "Şule", "finish": "okey"})
            book.add_round({"players": ["Sule", "Şule", "Cem", "Deniz"], "winner": "Sule", "finish": "normal"})
            book.new_game("101", {}, "", "teams", parse_teams("Sule+Cem,Şule+Deniz"))
            hands = {"Sule": {"opened": "melds"}, "Şule": {"opened": "melds", "points": 24}}
            book.add_round({"winner": "Sule", "finish": "normal", "hands": hands})
    with pytest.raises(RoundError, match="named twice"):  # what the folding now refuses in a new game
        parse_players("Sule,Şule,Cem,Deniz")
    return db


def state(db: Path, game: int) -> dict:
    run = on_ledger(db, "game", "show", "--game", str(game), "--json")
    assert run.code == 0, run.err
    return json.loads(run.out)  # type: ignore[no-any-return]


def test_an_old_ledger_with_names_that_now_fold_alike_is_read_as_before(old_ledger: Path) -> None:
    classic = state(old_ledger, 1)
    assert classic["players"] == ["Sule", "Şule", "Cem", "Deniz"] and len(classic["rounds"]) == 2
    assert [r["document"]["winner"] for r in classic["rounds"]] == ["Şule", "Sule"]
    teams = state(old_ledger, 2)
    assert teams["teams"] == [["Sule", "Cem"], ["Şule", "Deniz"]]
    assert set(teams["totals"]) == {"Sule", "Şule", "Cem", "Deniz"}
    for args in (["game", "list"], ["game", "export", "--game", "1", "-F", "csv"], ["game", "share", "--game", "2"]):
        assert on_ledger(old_ledger, *args).code == 0
    with sqlite3.connect(old_ledger) as conn:  # nothing was rewritten to read it
        assert json.loads(conn.execute("SELECT players FROM games WHERE id = 1").fetchone()[0])[:2] == ["Sule", "Şule"]


def test_an_old_ledger_takes_rounds_by_the_name_as_written(old_ledger: Path) -> None:
    added = on_ledger(old_ledger, "game", "round", "--game", "1", "-w", "Şule", "-f", "normal", "--json")
    assert added.code == 0, added.err
    assert json.loads(added.out)["rounds"][-1]["document"]["winner"] == "Şule"
    added = on_ledger(old_ledger, "game", "round", "--game", "1", "-w", "Sule", "-f", "normal", "--json")
    assert added.code == 0 and json.loads(added.out)["rounds"][-1]["document"]["winner"] == "Sule"
    both = on_ledger(old_ledger, "game", "round", "--game", "1", "-w", "sule", "-f", "normal")
    assert both.code == 2 and "could be Sule or Şule: type the name as it is written" in both.err
    assert on_ledger(old_ledger, "game", "round", "--game", "1", "-w", "cem", "-f", "normal").code == 0
    teams = on_ledger(old_ledger, "game", "round", "--game", "2", "-w", "Şule", "-f", "normal",
                      "--opened", "Şule=melds", "--opened", "Sule=melds", "--hand", "Sule=10", "--json")  # fmt: skip
    assert teams.code == 0, teams.err


def test_an_old_ledger_renames_and_undoes(old_ledger: Path) -> None:
    renamed = on_ledger(old_ledger, "game", "rename", "--game", "1", "cem", "Cemal", "--json")
    assert renamed.code == 0, renamed.err
    assert json.loads(renamed.out)["players"] == ["Sule", "Şule", "Cemal", "Deniz"]
    taken = on_ledger(old_ledger, "game", "rename", "--game", "1", "Deniz", "ŞULE")
    assert taken.code == 2 and "named twice" in taken.err  # a new name is checked against every other
    assert on_ledger(old_ledger, "game", "rename", "--game", "2", "Deniz", "Derya").code == 0
    assert state(old_ledger, 2)["teams"] == [["Sule", "Cem"], ["Şule", "Derya"]]
    assert on_ledger(old_ledger, "game", "undo", "--game", "1").code == 0
    assert state(old_ledger, 1)["players"] == ["Sule", "Şule", "Cem", "Deniz"]
