"""Shell completion and choices, through the installed ``okeytool`` in real processes.

Completion is asked for as the shells ask for it: ``_OKEYTOOL_COMPLETE=complete_bash`` with
``COMP_WORDS`` / ``COMP_CWORD`` (bash), ``complete_zsh`` with ``_TYPER_COMPLETE_ARGS`` (zsh), and
once through the script ``--show-completion`` prints, sourced in a real bash. Player names, game ids
and round numbers come from a ledger file each test creates.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import in_process

from okeytool.ledger import Ledger
from okeytool.rules import ALIASES, OPTIONS, PROFILES, SCHEME_NAMES
from okeytool.score import SCHEMES as SCORING
from okeytool.score.teams import PARTNER_RULES

OKEYTOOL = str(Path(sys.executable).with_name("okeytool"))
PLAYERS = ["Ali", "Bora", "Cem", "Deniz"]


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """The environment of a user with no ledger yet: a home and data directory of his own."""
    home = tmp_path / "home"
    home.mkdir()
    environ = {k: v for k, v in os.environ.items() if k != "OKEYTOOL_DB" and not k.startswith("_OKEYTOOL")}
    environ.update(HOME=str(home), XDG_DATA_HOME=str(home / "data"), COLUMNS="200", TERM="dumb")
    return environ


def run(env: dict[str, str], *args: str, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([OKEYTOOL, *args], env={**env, **extra}, capture_output=True, text=True, timeout=60)


def bash(env: dict[str, str], line: str, db: Path | None = None) -> list[str]:
    """What bash completion offers for the last word of ``line`` (a trailing space: a new word)."""
    words = line.split()
    cword = len(words) if line.endswith(" ") else len(words) - 1
    extra = {"OKEYTOOL_DB": str(db)} if db is not None else {}
    done = run(env, _OKEYTOOL_COMPLETE="complete_bash", COMP_WORDS=line, COMP_CWORD=str(cword), **extra)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    text = done.stdout.removesuffix("\n")
    return text.split("\n") if text else []  # one value a line; nothing offered prints an empty line


def zsh(env: dict[str, str], line: str, db: Path | None = None) -> str:
    extra = {"OKEYTOOL_DB": str(db)} if db is not None else {}
    done = run(env, _OKEYTOOL_COMPLETE="complete_zsh", _TYPER_COMPLETE_ARGS=line, **extra)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout


@pytest.fixture
def ledger(tmp_path: Path) -> Path:
    """A ledger with two games: #1 "friday" (Ali, Bora, Cem, Deniz; two rounds), #2 (Ece, Fatma; current)."""
    db = tmp_path / "games.sqlite3"
    with Ledger(db) as book:
        book.new_game("classic", {}, PLAYERS, "friday")
        book.add_round({"winner": "Bora", "finish": "okey"})
        book.add_round({"winner": "Cem", "finish": "normal"})
        book.new_game("classic", {}, "Ece,Fatma")
    return db


@pytest.fixture
def complete(env: dict[str, str]) -> Callable[..., list[str]]:
    """Bash completion asked of ``okeytool.cli.main`` in this process (the same protocol, no start-up)."""

    def ask(line: str, db: Path | None = None) -> list[str]:
        words = line.split()
        done = in_process(
            env={
                "OKEYTOOL_DB": str(db) if db is not None else None,
                "HOME": env["HOME"],
                "XDG_DATA_HOME": env["XDG_DATA_HOME"],
                "_OKEYTOOL_COMPLETE": "complete_bash",
                "COMP_WORDS": line,
                "COMP_CWORD": str(len(words) if line.endswith(" ") else len(words) - 1),
            }
        )
        assert done.code == 0 and done.err == "", done.err
        text = done.out.removesuffix("\n")
        return text.split("\n") if text else []

    return ask


# -- choices from the library's data ---------------------------------------------------------------


def test_rules_complete_to_every_profile_and_alias(env: dict[str, str]) -> None:
    assert bash(env, "okeytool score --rules ") == [*PROFILES, *ALIASES]
    assert bash(env, "okeytool check --rules ok") == [n for n in [*PROFILES, *ALIASES] if n.startswith("ok")]
    assert "joypip" in bash(env, "okeytool play -r ")


def test_zsh_shows_what_each_profile_is(env: dict[str, str]) -> None:
    out = zsh(env, "okeytool game new --rules ")
    for name, rules in PROFILES.items():
        shown = rules.description.replace(":", "\\\\:")  # zsh's escape of ':'
        assert f'"{name}":"{shown}"' in out
    assert '"joypip":"the rummikub rules"' in out


@pytest.mark.parametrize(
    ("line", "values"),
    [
        ("okeytool score --scheme ", list(SCHEME_NAMES)),
        ("okeytool score --finish ", list(dict.fromkeys(f for s in SCORING.values() for f in s.finishes))),
        ("okeytool game new --partner-rule ", list(PARTNER_RULES)),
        ("okeytool check --solver ", ["search", "cpsat"]),
        ("okeytool play --goal ", ["tiles", "value"]),
        ("okeytool game export --format ", ["csv", "json"]),
        ("okeytool game share --format ", ["text", "md"]),
        ("okeytool score --option kafa=", [f"kafa={v}" for v in OPTIONS["kafa"].choices]),
        ("okeytool check --option wr", ["wrap="]),
        ("okeytool check --option wrap=", ["wrap=true", "wrap=false"]),
        ("okeytool round end --finish n", ["normal", "null"]),
        ("okeytool discard --chance --goal ", ["chance", "points"]),
    ],
)
def test_fixed_values_complete(complete, line: str, values: list[str]) -> None:
    assert complete(line) == values


def test_score_help_has_panels_and_lists_the_choices(env: dict[str, str]) -> None:
    done = run(env, "score", "--help")
    assert done.returncode == 0
    out = done.stdout
    panels = ["The round", "Hands left (101, rummikub)", "The deal", "Rules", "Input and output"]
    positions = [out.index(f"─ {panel} ─") for panel in panels]
    assert positions == sorted(positions)  # the round first, the files and formats last
    # The values are named (PROFILE, SCHEME, FINISH) and the choices listed in words, not as <a|b|c>.
    flowing = " ".join(line.strip("│ ") for line in out.splitlines())
    assert all(name in flowing for name in (*PROFILES, *ALIASES, *SCHEME_NAMES)) and "<" not in out
    assert "--rules   -r      PROFILE" in out and "--scheme          SCHEME" in out and "FINISH" in out
    # --finish says which finishes each scheme takes (from the schemes, not written out by hand)
    assert "101: normal, okey, elden, elden+okey, aborted." in out


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["score", "--rules", "chess", "-w", "P1"], "'--rules' / '-r': 'chess' is not one of 'classic'"),
        (["score", "-w", "P1", "--finish", "sideways"], "'--finish' / '-f': 'sideways' is not one of 'normal'"),
        (["score", "--scheme", "golf", "-w", "P1"], "'--scheme': 'golf' is not one of 'pagat'"),
        (["play", "--goal", "most", "R1 R2 R3"], "'--goal' / '-g': 'most' is not one of 'tiles', 'value'"),
        (["open", "--solver", "guess", "R1"], "'--solver': 'guess' is not one of 'search', 'cpsat'"),
        (["game", "new", "--teams", "A+B,C+D", "--partner-rule", "x"], "'--partner-rule': 'x' is not one of"),
        (["round", "end", "--finish", "sideways"], "'--finish' / '-f': 'sideways' is not one of"),
        (["discard", "--chance", "--goal", "luck", "R1"], "'--goal': 'luck' is not one of 'chance', 'points'"),
        (["game", "export", "--format", "xml"], "'--format' / '-F': 'xml' is not one of 'csv', 'json'"),
    ],
)
def test_a_bad_choice_is_one_line_and_exit_2(env: dict[str, str], args: list[str], words: str) -> None:
    done = run(env, *args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("okeytool: error: Invalid value for ")
    assert words in done.stderr and "Value error" not in done.stderr
    assert not (Path(env["HOME"]) / "data").exists()  # game new refused before any ledger was made


def test_choices_take_any_case_and_the_aliases(env: dict[str, str]) -> None:
    done = run(env, "score", "--rules", "JOYPIP", "-p", "A,B", "-w", "A", "--rack", "B=R5", "--json")
    assert done.returncode == 0, done.stderr
    assert '"rules": "rummikub"' in done.stdout
    done = run(env, "score", "--rules", "Okey", "-w", "P2", "--finish", "OKEY", "--json")
    assert done.returncode == 0, done.stderr
    assert '"finish": "okey"' in done.stdout and '"scheme": "pagat"' in done.stdout
    won = ["score", "-r", "101", "-i", "B1", "-w", "P1", "--finish", "Normal", "--hand", "P2=R3 K9 Y12", "--json"]
    done = run(env, *won, "--opened", "P1=Melds", "--opened", "P2=MELDS")
    assert done.returncode == 0, done.stderr
    assert '"P2": 24, "P3": 202' in done.stdout  # P2 opened: his tiles count; P3 never opened


# -- completion from the ledger --------------------------------------------------------------------


def test_player_names_come_from_the_current_game(env: dict[str, str], ledger: Path) -> None:
    assert bash(env, "okeytool game round --winner ", ledger) == ["Ece", "Fatma"]
    assert bash(env, "okeytool game round --gosterme F", ledger) == ["Fatma"]
    assert bash(env, "okeytool game rename ", ledger) == ["Ece", "Fatma"]


def test_player_names_of_the_game_and_the_ledger_typed_before(complete, env: dict[str, str], ledger: Path) -> None:
    line = f"okeytool game round --db {ledger} --game 1 --winner "
    assert complete(line) == PLAYERS
    assert complete(line.rstrip() + " B") == ["Bora"]
    assert complete(f"okeytool game round --db {ledger} --game 1 --opened C") == ["Cem=melds", "Cem=pairs"]
    assert complete(f"okeytool game edit --db {ledger} --game 1 1 --hand D") == ["Deniz="]


def test_score_completes_its_own_players(complete, env: dict[str, str], ledger: Path) -> None:
    # score keeps no ledger: its players are those of --players, else P1..P4
    assert complete("okeytool score --winner ", ledger) == ["P1", "P2", "P3", "P4"]
    assert complete("okeytool score -p Ali,Bora,Cem --penalty ", ledger) == ["Ali", "Bora", "Cem"]


#: Names with each Turkish letter, and what a player types to complete each without it, in any case.
TURKISH = "Şule,Özgür,Ümit,Çağla"
TYPED = [("s", "Şule"), ("ŞU", "Şule"), ("oz", "Özgür"), ("Ö", "Özgür"), ("U", "Ümit"), ("c", "Çağla"),
         ("CAG", "Çağla"), ("çağ", "Çağla")]  # fmt: skip


@pytest.mark.parametrize(("typed", "name"), TYPED)
def test_names_complete_in_any_case_and_without_the_turkish_letters(complete, typed: str, name: str) -> None:
    assert complete(f"okeytool score -p {TURKISH} --winner {typed}") == [name]
    assert complete(f"okeytool score -p {TURKISH} --opened {typed}") == [f"{name}=melds", f"{name}=pairs"]


def test_the_dotted_and_dotless_i_complete_as_one_letter(complete, env: dict[str, str], tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    with Ledger(db) as book:
        book.new_game("classic", {}, "İlker,Işık,Ali,Fatma")
    for typed, names in [("i", ["İlker", "Işık"]), ("I", ["İlker", "Işık"]), ("ıs", ["Işık"]), ("İl", ["İlker"]),
                         ("Il", ["İlker"]), ("f", ["Fatma"]), ("A", ["Ali"])]:  # fmt: skip
        assert complete(f"okeytool game round --winner {typed}", db) == names, typed
    assert bash(env, "okeytool game round --gosterme ı", db) == ["İlker", "Işık"]  # a real process
    assert complete("okeytool check --rules OK") == [n for n in [*PROFILES, *ALIASES] if n.startswith("ok")]


def test_game_ids_and_round_numbers(complete, env: dict[str, str], ledger: Path) -> None:
    assert complete("okeytool game use ", ledger) == ["1", "2"]
    assert complete("okeytool game show --game ", ledger) == ["1", "2"]
    out = zsh(env, "okeytool game use ", ledger)
    assert '"1":"#1 friday"' in out and '"2":"#2 (current)"' in out
    assert complete(f"okeytool game delete --db {ledger} --game 1 ") == ["1", "2"]
    out = zsh(env, f"okeytool game delete --db {ledger} --game 1 ")
    assert '"1":"won by Bora"' in out and '"2":"won by Cem"' in out
    assert complete("okeytool game delete ", ledger) == []  # the current game has no rounds


def test_names_stay_literal_in_the_help_of_a_completion(env: dict[str, str], tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    with Ledger(db) as book:
        book.new_game("classic", {}, "A,B", "[bold]red[/bold]")
    assert '"1":"#1 [bold]red[/bold] (current)"' in zsh(env, "okeytool game use ", db)


def test_no_ledger_completes_nothing_and_creates_nothing(complete, env: dict[str, str], tmp_path: Path) -> None:
    missing = tmp_path / "nowhere" / "games.sqlite3"
    assert bash(env, "okeytool game round --winner ", missing) == []
    assert complete(f"okeytool game use --db {missing} ") == []
    assert complete("okeytool game use ") == []  # the default ledger, in the data directory
    assert not missing.parent.exists()
    assert not (Path(env["HOME"]) / "data").exists()


@pytest.mark.parametrize("content", [b"not a ledger at all\n" * 10, b"SQLite format 3\x00" + b"\x00" * 200, b""])
def test_a_corrupt_ledger_completes_nothing_and_is_left_untouched(
    complete, env: dict[str, str], tmp_path: Path, content: bytes
) -> None:
    db = tmp_path / "games.sqlite3"
    db.write_bytes(content)
    assert bash(env, "okeytool game round --winner ", db) == []
    assert complete("okeytool game use ", db) == []
    assert complete("okeytool game edit ", db) == []
    assert db.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "home") == ["games.sqlite3"]


def test_completion_only_reads_the_ledger(env: dict[str, str], ledger: Path) -> None:
    before = run(env, "game", "history", "--game", "1", "--json", "--db", str(ledger)).stdout
    ledger.chmod(0o444)
    try:
        assert bash(env, "okeytool game round --game 1 --winner ", ledger) == PLAYERS
    finally:
        ledger.chmod(0o644)
    assert run(env, "game", "history", "--game", "1", "--json", "--db", str(ledger)).stdout == before


# -- installing completion -------------------------------------------------------------------------


def test_discard_help_groups_its_options(env: dict[str, str]) -> None:
    out = run(env, "discard", "--help").stdout
    panels = ["Rules", "The deal", "Solver", "Win chance", "Input and output"]
    positions = [out.index(f"─ {panel} ─") for panel in panels]
    assert positions == sorted(positions)
    assert "search (the default): fast exact search; cpsat: the CP-SAT model." in out
    assert "order the throws by win chance (default) or expected points." in out and "<" not in out


def test_help_offers_completion(env: dict[str, str]) -> None:
    out = run(env, "--help").stdout
    assert "--install-completion" in out and "--show-completion" in out


def test_installed_bash_script_completes_in_a_real_bash(env: dict[str, str], ledger: Path) -> None:
    bash_exe = shutil.which("bash")
    assert bash_exe is not None
    installed = run(env, "--install-completion", "bash", _TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION="1")
    assert installed.returncode == 0, installed.stderr
    script = Path(env["HOME"]) / ".bash_completions" / "okeytool.sh"
    assert "_OKEYTOOL_COMPLETE=complete_bash" in script.read_text()
    assert str(script) in (Path(env["HOME"]) / ".bashrc").read_text()
    session = (
        f"source {script}\n"
        'COMP_WORDS=(okeytool game round --winner ""); COMP_CWORD=4; _okeytool_completion okeytool\n'
        'printf "%s\\n" "${COMPREPLY[@]}"\n'
    )
    path = f"{Path(OKEYTOOL).parent}{os.pathsep}{env.get('PATH', '')}"
    done = subprocess.run(
        [bash_exe, "--norc", "--noprofile", "-c", session],
        env={**env, "PATH": path, "OKEYTOOL_DB": str(ledger)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["Ece", "Fatma"]


def test_completion_loads_nothing_until_asked() -> None:
    """The command line loads no solver, and the completion callbacks load the ledger only when called."""

    def loaded(module: str) -> str:
        heavy = "{'ortools', 'sqlite3', 'okeytool.ledger'}"
        code = f"import sys; import {module}; print(sorted({heavy} & set(sys.modules)))"
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()

    assert "ortools" not in loaded("okeytool.cli")
    assert loaded("okeytool.commands.completion") == "[]"


def test_a_completion_script_for_a_shell_without_one_is_one_line_and_exit_2() -> None:
    """typer prints its own words and ends with exit code 1 for a shell it has no script for (named,
    or the one it runs in): here one error line and exit code 2."""
    import shlex

    named = subprocess.run([sys.executable, "-m", "okeytool", "--install-completion", "help"],
                           capture_output=True, text=True, timeout=60)  # fmt: skip
    assert named.returncode == 2 and named.stdout == ""
    assert named.stderr == "okeytool: error: --install-completion takes bash, zsh, fish or powershell, not 'help'\n"
    command = f"{shlex.quote(sys.executable)} -m okeytool --show-completion"
    detected = subprocess.run(["sh", "-c", command], capture_output=True, text=True, timeout=60,
                              stdin=subprocess.DEVNULL)  # fmt: skip
    if detected.returncode == 0:  # the shell found above sh is one with a script
        assert "_okeytool_completion" in detected.stdout
    else:
        assert detected.returncode == 2 and len(detected.stderr.splitlines()) == 1, detected.stderr
        assert detected.stderr.startswith("okeytool: error: --show-completion")
