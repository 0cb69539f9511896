"""Bad input through the real command line: one line on stderr, exit code 2, no traceback."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import in_process

from okeytool import cli
from okeytool.errors import InputError

# The console script installed beside the interpreter running the tests: never a path of one machine.
OKEYTOOL = str(Path(sys.executable).with_name("okeytool"))
GOOD = "R1 R2 R3 R4 B9 B10 B11 K5 Y5 R5 K11 K12 K13 K1 B2"  # wins with indicator Y7

BAD = [
    # (arguments, words the message must contain)
    (
        ["check", "-i", "Y7", "R1 R2 X2 R4 B9 B10 B11 K5 Y5 R5 K11 K12 K13 K1 B2"],
        "unknown colour 'X' in 'X2' (token 3)",
    ),
    (["check", "-i", "Y7", "R0", *GOOD.split()[1:]], "number 0 is not 1-13 in 'R0' (token 1)"),
    (["check", "-i", "Y7", *GOOD.split()[:-1], "R14"], "number 14 is not 1-13 in 'R14' (token 15)"),
    (["check", "-i", "Y7", "R1-12 K1 K1 K1"], "too many K1"),
    (["check", "-i", "R4", "R4 R4 R1-3 B1-3 K1-3 Y1-3 Y5"], "only 1 R4 exists besides the indicator R4"),
    (["check", "-i", "R4", "F F F R1-3 B1-3 K1-3 Y1-3"], "too many F"),
    (["check", "-i", "R4", "J J J R1-3 B1-3 K1-3 Y1-3"], "only 2 real okeys"),
    (["check", "-i", "R4", "R5 R5 R5 R1-3 B1-3 K1-3 Y1-3"], "only 2 real okeys"),
    (["check", "--rules", "rummikub", "F R1-3 B1-3 K1-3 Y1-4"], "no false joker"),
    (["check", "--rules", "joypip", "-i", "R4", "R1-3 B1-3 K1-3 Y1-5"], "no indicator"),
    (["check", GOOD], "need an indicator"),
    (["check", "-i", "X4", GOOD], "--indicator: unknown colour 'X'"),
    (["check", "-i", "R4 R5", GOOD], "--indicator: expected one tile"),
    (["check", "-i", "F", GOOD], "numbered tile"),
    (["check", "-i", "R14", GOOD], "--indicator: number 14 is not 1-13"),
    (["check", "-o", "R5", "-i", "R4", GOOD], "either --indicator or --okey"),
    (["check", "--rules", "chess", "-i", "Y7", GOOD], "Invalid value for '--rules' / '-r': 'chess' is not one of"),
    (["check", "-i", "Y7", "R1-13"], "needs 14 or 15 tiles, got 13"),
    (["check", "-i", "Y7", "R1-13 K1-3"], "needs 14 or 15 tiles, got 16"),
    (["check", "-i", "Y7", ""], "no tiles were given"),
    (["check", "-i", "Y7"], "Missing argument"),
    (["check", "-i", "Y7", "--seen", "K1 K1", GOOD], "too many K1: 1 in the hand and 2 seen"),
    (["check", "-i", "Y7", "--seen", "K1 Q1", GOOD], "--seen: unknown colour 'Q'"),
    (["check", "-i", "Y7", "--option", "wrap=maybe", GOOD], "wrap takes true or false"),
    (["check", "-i", "Y7", "--option", "wrapping=true", GOOD], "unknown rule option 'wrapping'"),
    (["check", "-i", "Y7", "--option", "wrap", GOOD], "--option takes KEY=VALUE"),
    (["check", "-i", "Y7", "--option", "target=99", GOOD], "target must be between 7 and 31"),
    (["check", "--rules", "101", "-i", "Y7", GOOD], "14-tile"),
    (["check", "-i", "Y7", "--solver", "magic", GOOD], "'--solver': 'magic' is not one of 'search', 'cpsat'"),
    (["check", "-i", "Y7", "--no-such-option", GOOD], "No such option"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[m[:40] for _, m in BAD])
def test_bad_input_is_one_line_and_exit_2(run_main, args: list[str], message: str) -> None:
    run = run_main(*args)
    assert run.code == 2
    assert run.out == ""
    lines = run.err.splitlines()
    assert len(lines) == 1, run.err
    assert lines[0].startswith("okeytool: error: ")
    assert message in lines[0]
    assert "Traceback" not in run.err


def test_json_mode_errors_the_same_way(run_main) -> None:
    run = run_main("check", "-i", "Y7", "--json", "R1 X2")
    assert run.code == 2 and run.out == "" and "unknown colour 'X' in 'X2' (token 2)" in run.err


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (["check", "-i", "Y7", "R1", "X2"], "unknown colour 'X' in 'X2' (token 2)"),
        (["check", "-i", "Y7", "R1-13"], "got 13"),
        (["check", "-i", "Y7", "--option", "wrapping=true", GOOD], "unknown rule option"),
    ],
)
def test_commands_raise_input_errors_for_main_to_report(
    args: list[str], error: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command raises the library's InputError; only the entry point turns it into the line a user sees."""
    raised: list[BaseException] = []
    app = cli.app

    def watched(*given: object, **options: object) -> object:
        try:
            return app(*given, **options)
        except BaseException as err:
            raised.append(err)
            raise

    monkeypatch.setattr(cli, "app", watched)
    run = in_process(*args)
    assert len(raised) == 1 and isinstance(raised[0], InputError) and error in str(raised[0])
    assert (run.code, run.out) == (2, "")
    assert run.err == f"okeytool: error: {raised[0]}\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["check", "-i", "Y7", "R1 R2 X2"], "unknown colour 'X' in 'X2' (token 3)"),
        (["check", "-i", "R4", "--json", "J J J R1-3 B1-3 K1-3 Y1-3"], "real okeys"),
        (["check", "-i", "Y7"], "Missing argument"),
        (["check", "--rules", "nope", "-i", "Y7", GOOD], "'nope' is not one of 'classic'"),
    ],
)
def test_real_process(args: list[str], message: str) -> None:
    done = subprocess.run([OKEYTOOL, *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1, done.stderr
    assert message in done.stderr and "Traceback" not in done.stderr


def test_real_process_success_prints_only_json() -> None:
    done = subprocess.run([OKEYTOOL, "check", "-i", "Y7", "--json", GOOD], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout.startswith('{"winning": true') and done.stdout.count("\n") == 1
