"""One typed question per command: read once from a batch line or the command line, refused in one
place when its game does not take a question or a field, the supply of hand + seen + table checked
together."""

from __future__ import annotations

import ast
import dataclasses
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from okeytool.commands.batch import answer_line
from okeytool.commands.common import TypedQuestion
from okeytool.errors import InputError, SupplyError
from okeytool.questions import (
    BATCH_LINE,
    COMMAND_LINE,
    CheckQuestion,
    DiscardQuestion,
    OpenQuestion,
    PlayQuestion,
    WaitsQuestion,
    read_question,
)
from okeytool.rules import get_rules
from okeytool.solver.games import CLASSIC, GAMES, OKEY101, RUMMIKUB, game_of

WINNING = "R1-4 B9-11 K5 Y5 R5 K11-13 K1 B2"  # wins with indicator Y7
HAND_101 = "R1-13 B10-13 K10-13 Y8"  # 22 tiles, indicator Y7


def error_of(line: dict) -> str:
    answer = json.loads(answer_line(json.dumps(line)))
    assert set(answer) == {"id", "error"}, answer
    return str(answer["error"])


@pytest.mark.parametrize(
    ("profile", "game"), [("classic", CLASSIC), ("okeygg", CLASSIC), ("101", OKEY101), ("rummikub", RUMMIKUB)]
)
def test_each_profile_names_its_game(profile: str, game: object) -> None:
    assert game_of(get_rules(profile)) is game


def test_the_games_answer_their_questions() -> None:
    assert sorted(CLASSIC.questions) == ["check", "discard", "waits"]
    assert sorted(OKEY101.questions) == ["discard", "open"]
    assert sorted(RUMMIKUB.questions) == ["check", "play"]
    assert set(GAMES) == {"classic", "101", "rummikub"}
    assert CLASSIC.takes("discard", "deep") and not CLASSIC.takes("check", "deep")
    assert not CLASSIC.takes("check", "table") and RUMMIKUB.takes("check", "table")


def test_an_unknown_batch_field_is_named() -> None:
    message = error_of({"id": 1, "command": "check", "indicator": "Y7", "tiles": WINNING, "seeen": "K1"})
    assert "unknown field 'seeen'" in message


@pytest.mark.parametrize(
    ("line", "field"),
    [
        ({"command": "check", "indicator": "Y7", "tiles": WINNING, "deep": True}, "'deep'"),
        ({"command": "check", "indicator": "Y7", "tiles": WINNING, "table": "R1-3"}, "'table'"),
        ({"command": "waits", "indicator": "Y7", "tiles": WINNING, "opened": True}, "'opened'"),
        ({"command": "discard", "rules": "101", "indicator": "Y7", "tiles": HAND_101, "goal": "value"}, "'goal'"),
        ({"command": "play", "tiles": "R1 R2 R3", "seen": "R4"}, "'seen'"),
        ({"command": "check", "rules": "rummikub", "tiles": "R1 R2 R3", "solver": "cpsat"}, "'solver'"),
        ({"command": "discard", "rules": "101", "indicator": "Y7", "tiles": HAND_101, "deep": True}, "'deep'"),
        ({"command": "open", "indicator": "Y7", "tiles": "R1 R2 R3", "goal": "tiles"}, "'goal'"),
    ],
)
def test_a_field_of_another_question_is_refused_by_name(line: dict, field: str) -> None:
    message = error_of({"id": 2, **line})
    assert f"field {field} is not part of a {line['command']} question" in message


@pytest.mark.parametrize(
    ("command", "rules", "words"),
    [
        ("play", "classic", "rummikub"),
        ("open", "rummikub", "101"),
        ("waits", "101", "14-tile"),
        ("check", "101", "14-tile"),
        ("waits", "rummikub", "not for the rummikub rules"),
    ],
)
def test_a_question_the_game_does_not_answer_is_refused(command: str, rules: str, words: str) -> None:
    with pytest.raises(InputError, match=words):
        read_question(command, {"rules": rules, "tiles": "R1 R2 R3"})


def test_the_command_line_and_a_batch_line_build_the_same_question() -> None:
    typed = read_question(
        "discard", {"indicator": "Y7", "tiles": WINNING, "seen": "Y9", "options": {"wrap": "false"}}, COMMAND_LINE
    )
    batch = read_question(
        "discard", {"indicator": "Y7", "tiles": WINNING, "seen": "Y9", "options": {"wrap": False}}, BATCH_LINE
    )
    assert typed == batch and isinstance(typed, DiscardQuestion)
    assert typed.deal.rules.wrap is False  # the option arrives typed, read once by the rules
    with pytest.raises(dataclasses.FrozenInstanceError):
        typed.deep = True  # type: ignore[misc]


def test_question_types_and_defaults() -> None:
    check = read_question("check", {"indicator": "Y7", "tiles": WINNING})
    assert isinstance(check, CheckQuestion) and check.solver == "search" and check.time_limit == 30.0
    assert isinstance(read_question("waits", {"indicator": "Y7", "tiles": "R1-13 K1"}), WaitsQuestion)
    opening = read_question("open", {"indicator": "Y7", "tiles": "R1 R2 R3", "take": "R4", "alternatives": 1})
    assert isinstance(opening, OpenQuestion) and opening.deal.rules.name == "101"
    assert str(opening.take) == "R4" and opening.alternatives == 1
    play = read_question("play", {"tiles": "R1 R2 R3", "table": "K7 B7 Y7", "goal": "value", "time_limit": 2})
    assert isinstance(play, PlayQuestion) and play.goal == "value" and play.time_limit == 2.0
    assert [sorted(str(t) for t in meld) for meld in play.table] == [["B7", "K7", "Y7"]]
    rummikub = read_question("check", {"rules": "rummikub", "tiles": "R1 R2 R3", "table": "K7 B7 Y7"})
    assert isinstance(rummikub, CheckQuestion) and rummikub.opened is True  # a table implies opened


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"solver": "magic"}, "field 'solver' takes search or cpsat, not 'magic'"),
        ({"time_limit": 0}, "field 'time_limit' takes seconds"),
        ({"time_limit": "fast"}, "field 'time_limit' takes seconds"),
        ({"time_limit": 1e9}, "at most 3600"),
        ({"seen": ["K1"]}, "field 'seen' must be text"),
        ({"options": {"wrap": "maybe"}}, "wrap takes true or false"),
    ],
)
def test_bad_values_are_refused_by_field(fields: dict, words: str) -> None:
    with pytest.raises(InputError) as refused:
        read_question("check", {"indicator": "Y7", "tiles": WINNING, **fields})
    assert words in str(refused.value)


def test_the_101_discard_checks_hand_seen_and_table_together() -> None:
    """Two seen Y5 plus a Y5 on the table: three Y5 outside the hand, but only two exist (as open says)."""
    fields = {"rules": "101", "indicator": "Y7", "tiles": HAND_101, "seen": "Y5 Y5", "table": "Y4 Y5 Y6"}
    for command in ("discard", "open"):
        with pytest.raises(SupplyError, match="too many Y5"):
            read_question(command, fields)
    assert "too many Y5" in error_of({"id": 3, "command": "discard", **fields})


def test_a_taken_discard_counts_in_the_supply() -> None:
    with pytest.raises(SupplyError, match="too many R4"):
        read_question("open", {"indicator": "Y7", "tiles": "R1 R2 R3 R4", "seen": "R4", "take": "R4"})


def test_the_rummikub_supply_counts_rack_and_table() -> None:
    with pytest.raises(SupplyError, match="too many R1: 2 in the rack and 1 on the table"):
        read_question("play", {"tiles": "R1 R1", "table": "R1 B1 K1"})


CLI_REFUSED = [
    (["check", "-i", "Y7", WINNING, "--table", "R1-3"], "--table is not part of a check question in the classic"),
    (["check", "-i", "Y7", WINNING, "--opened"], "--opened is not part of a check question"),
    (["check", "-i", "Y7", WINNING, "--deep"], "No such option: --deep"),
    (["discard", "-i", "Y7", WINNING, "--table", "R1-3"], "--table is not part of a discard question"),
    (["discard", "-r", "101", "-i", "Y7", HAND_101, "--deep"], "--deep is not part of a discard question in the 101"),
    (["discard", "-r", "101", "-i", "Y7", HAND_101, "--solver", "cpsat"], "--solver is not part of a discard"),
    (["check", "-r", "rummikub", "R1 R2 R3", "--seen", "R4"], "--seen is not part of a check question in the rummikub"),
    (["play", "R1 R2 R3", "-r", "101", "-i", "Y7"], "play is for Rummikub racks"),
    (["open", "-r", "classic", "-i", "Y7", "R1 R2 R3"], "open is for Okey 101 hands"),
]


@pytest.mark.parametrize(("args", "words"), CLI_REFUSED, ids=[w[:30] for _, w in CLI_REFUSED])
def test_the_command_line_refuses_an_option_the_question_does_not_take(run_main, args: list[str], words: str) -> None:
    run = run_main(*args)
    assert run.code == 2 and run.out == ""
    assert run.err.count("\n") == 1 and words in run.err, run.err


def test_commands_do_not_import_each_other() -> None:
    commands = Path(__file__).parent.parent / "okeytool" / "commands"
    questions = {"analysis", "opening", "play", "batch"}
    for name in questions:
        tree = ast.parse((commands / f"{name}.py").read_text(encoding="utf-8"))
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                imported.add(node.module)
                imported.update(f"{node.module}.{a.name}" for a in node.names)
        others = {f"okeytool.commands.{other}" for other in questions | {"score", "game"} if other != name}
        assert not imported & others, (name, imported & others)


# -- the command line passes its typed parameters on ------------------------------------------------


def command_function(module: str, name: str) -> Callable[..., None]:
    """The plain Python function behind command ``name``, as its module registers it (no click)."""
    import importlib

    import typer

    holder = typer.Typer()
    importlib.import_module(module).register(holder)
    for info in holder.registered_commands:
        assert info.callback is not None
        if (info.name or info.callback.__name__.rstrip("_")) == name:
            return info.callback
    raise LookupError(name)


QUESTION_COMMANDS = [
    ("okeytool.commands.analysis", "check"),
    ("okeytool.commands.analysis", "waits"),
    ("okeytool.commands.analysis", "discard"),
    ("okeytool.commands.opening", "open"),
    ("okeytool.commands.play", "play"),
]


@pytest.mark.parametrize(("module", "name"), QUESTION_COMMANDS)
def test_a_question_command_reads_no_click_context(module: str, name: str) -> None:
    """Its parameters are typed values, None where nothing was typed; no click context is read."""
    import inspect

    import typer

    parameters = inspect.signature(command_function(module, name), eval_str=True).parameters
    assert all(p.annotation is not typer.Context for p in parameters.values())
    assert "ctx" not in parameters
    for field in ("seen", "table", "opened", "solver", "deep", "chance", "take", "time_limit"):
        if field in parameters:
            assert parameters[field].default is None, field


def test_the_typed_question_holds_what_was_typed_by_field_name() -> None:
    typed = TypedQuestion(["R1 R2", "R3"], rules="rummikub", opened=False, options=["wrap=true"], alternatives=2)
    assert typed.fields() == {
        "tiles": "R1 R2 R3", "rules": "rummikub", "opened": False, "alternatives": 2, "options": {"wrap": "true"},
    }  # fmt: skip
    assert TypedQuestion(["R1"]).fields() == {"tiles": "R1"}  # nothing else typed: nothing else given
    with pytest.raises(InputError, match="--option takes KEY=VALUE, got 'wrap'"):
        TypedQuestion(["R1"], options=["wrap"]).fields()


def test_a_typed_not_opened_reaches_the_question_over_the_table_default() -> None:
    """``--not-opened`` is typed False, not confused with an option left out (opened when a table is given)."""
    asked = {"tiles": ["R1 R2 R3"], "rules": "rummikub", "table": "K7 B7 Y7"}
    left_out = read_question("check", TypedQuestion(**asked).fields(), COMMAND_LINE)
    typed_off = read_question("check", TypedQuestion(**asked, opened=False).fields(), COMMAND_LINE)
    assert isinstance(left_out, CheckQuestion) and isinstance(typed_off, CheckQuestion)
    assert left_out.opened is True and typed_off.opened is False


def test_a_command_called_as_a_plain_function_asks_its_typed_question(capsys: pytest.CaptureFixture[str]) -> None:
    """The command function, called with typed values and no click at all, answers as the command line does."""
    check = command_function("okeytool.commands.analysis", "check")
    check(["R1 R2 R3"], rules="rummikub", table="K7 B7 Y7", json=True)
    left_out = json.loads(capsys.readouterr().out)
    check(["R1 R2 R3"], rules="rummikub", table="K7 B7 Y7", opened=False, json=True)
    typed_off = json.loads(capsys.readouterr().out)
    assert left_out["initial"] is False and left_out["winning"] is True  # the table says he has opened
    assert typed_off["initial"] is True and typed_off["winning"] is False  # R1-3 is worth less than 30


def test_the_command_line_gives_the_question_the_options_typed(run_main, monkeypatch: pytest.MonkeyPatch) -> None:
    import okeytool.commands.analysis as analysis

    asked: list[tuple[str, TypedQuestion]] = []
    monkeypatch.setattr(analysis, "ask", lambda command, typed, json_output: asked.append((command, typed)))
    run = run_main("check", "-r", "rummikub", "R1 R2 R3", "--table", "K7 B7 Y7", "--not-opened", "--time-limit", "30")
    assert run.code == 0, run.err
    assert asked == [
        ("check", TypedQuestion(["R1 R2 R3"], rules="rummikub", table="K7 B7 Y7", opened=False, time_limit=30.0))
    ]
