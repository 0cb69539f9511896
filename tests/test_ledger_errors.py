"""Bad input to ``score`` and ``game`` and unusable ledgers: one line on stderr, exit 2, in real processes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from okeytool.commands.score import MAX_DOCUMENT_BYTES
from okeytool.ledger import Ledger
from okeytool.ledger.database import one_line

ROUND = {"players": ["A", "B"], "winner": "A", "finish": "normal"}


def okeytool(*args: str, db: Path | None = None, stdin: str | bytes | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}
    env.pop("OKEYTOOL_DB", None)
    if db is not None:
        env["OKEYTOOL_DB"] = str(db)
    data = stdin.encode() if isinstance(stdin, str) else stdin
    done = subprocess.run(
        [sys.executable, "-m", "okeytool", *args], input=data, capture_output=True, env=env, timeout=60
    )
    return subprocess.CompletedProcess(done.args, done.returncode, done.stdout.decode(), done.stderr.decode())


def refused(result: subprocess.CompletedProcess[str], *words: str) -> None:
    """Exit 2 with exactly one line on stderr holding ``words``, and no traceback."""
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("okeytool: error: "), result.stderr
    for word in words:
        assert word in result.stderr, result.stderr


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    with Ledger(path) as ledger:
        ledger.new_game("classic", {}, "A,B,C,D", "friday")
        ledger.add_round({"winner": "A", "finish": "normal"})
    return path


def test_a_game_id_beyond_sqlite_integers(db: Path) -> None:
    for args in (("game", "show", "--game", "9223372036854775808"), ("game", "use", "99999999999999999999999")):
        refused(okeytool(*args, db=db), "there is no game")
    refused(okeytool("game", "round", "--game", "-9223372036854775809", "-w", "A", "-f", "normal", db=db), "no game")


def test_a_round_document_nested_too_deep(tmp_path: Path, db: Path) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 5000 + "]" * 5000, encoding="utf-8")
    refused(okeytool("score", "--round", str(deep)), "nested deeper")
    refused(
        okeytool("game", "round", "--round", "-", db=db, stdin='{"winner": ' + "[" * 5000 + "]" * 5000 + "}"), "nested"
    )
    refused(okeytool("score", "--round", "-", stdin=json.dumps({**ROUND, "winner": [[[[[[[[[["A"]]]]]]]]]]})), "nested")


def test_a_round_file_that_never_ends_is_cut_off(tmp_path: Path) -> None:
    refused(okeytool("score", "--round", "/dev/zero"), "/dev/zero", "larger than")
    refused(okeytool("score", "--round", "-", stdin=b" " * (MAX_DOCUMENT_BYTES + 1)), "stdin", "larger than")
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'{"players": ["\xc7a", "B"]}')
    refused(okeytool("score", "--round", str(latin)), "not UTF-8")


def test_a_byte_order_mark_is_accepted(tmp_path: Path, db: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(ROUND).encode())
    result = okeytool("score", "--round", str(path), "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["winner"] == "A"
    stdin = "\ufeff" + json.dumps({"winner": "B", "finish": "normal"})
    added = okeytool("game", "round", "--round", "-", "--json", db=db, stdin=stdin)
    assert added.returncode == 0, added.stderr
    assert json.loads(added.stdout)["totals"] == {"A": 18, "B": 18, "C": 16, "D": 16}


def test_only_game_new_creates_a_ledger(tmp_path: Path) -> None:
    missing = tmp_path / "new" / "x.db"
    for args in (
        ("game", "show"), ("game", "list"), ("game", "export"), ("game", "undo"), ("game", "use", "1"),
        ("game", "round", "-w", "A", "-f", "normal"),
    ):  # fmt: skip
        refused(okeytool(*args, "--db", str(missing)), "there is no game ledger at", "game new")
        assert not missing.parent.exists()
    created = okeytool("game", "new", "-p", "A,B", "--db", str(missing))
    assert created.returncode == 0, created.stderr
    assert missing.is_file()
    shown = okeytool("game", "show", "--json", "--db", str(missing))
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["players"] == ["A", "B"] and json.loads(shown.stdout)["rounds"] == []


def _corrupt(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[100:4096] = bytes((k * 37 + 11) % 256 for k in range(3996))
    path.write_bytes(bytes(data))


def test_a_corrupt_ledger_is_one_line(db: Path) -> None:
    _corrupt(db)
    before = db.read_bytes()
    for args in (("game", "show"), ("game", "round", "-w", "A", "-f", "normal"), ("game", "list")):
        refused(okeytool(*args, db=db), "corrupt")
    assert db.read_bytes() == before
    assert one_line("*** in database main ***\nPage 3: btreeInitPage() returns error code 11\n") == (
        "*** in database main *** Page 3: btreeInitPage() returns error code 11"
    )


@pytest.fixture
def read_only(db: Path) -> Iterator[Path]:
    """The ledger made read-only: by its mode, or (for a superuser, whom modes do not stop) immutable."""
    db.chmod(0o444)
    db.parent.chmod(0o555)
    immutable = False
    try:
        if os.access(db, os.W_OK):
            done = subprocess.run(["chattr", "+i", str(db)], capture_output=True)
            if done.returncode != 0:
                pytest.skip("cannot make a file read-only here (superuser without chattr)")
            immutable = True
        yield db
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(db)], check=True)
        db.parent.chmod(0o755)
        db.chmod(0o644)


def test_a_read_only_ledger_is_shown_and_exported_but_not_changed(read_only: Path) -> None:
    before = read_only.read_bytes()
    shown = okeytool("game", "show", "--json", db=read_only)
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["totals"] == {"A": 20, "B": 18, "C": 18, "D": 18}
    exported = okeytool("game", "export", "-F", "csv", db=read_only)
    assert exported.returncode == 0 and exported.stdout.startswith("round,winner")
    listed = okeytool("game", "list", db=read_only)
    assert listed.returncode == 0 and "A, B, C, D" in listed.stdout and "friday" in listed.stdout, listed.stderr
    for args in (("game", "round", "-w", "A", "-f", "normal"), ("game", "undo"), ("game", "new", "-p", "A,B")):
        refused(okeytool(*args, db=read_only), "read-only")
    assert read_only.read_bytes() == before


def test_a_huge_token_is_not_quoted_whole(db: Path) -> None:
    huge = "x" * 1_000_000
    result = okeytool("score", "--round", "-", stdin=json.dumps({**ROUND, "winner": huge}))
    refused(result, "unknown player", "(1000000 characters)")
    assert len(result.stderr) < 300
