"""The whole command line fuzzed in this process (``tests/fuzz_cli.py``): a seeded sample of argument
lists over every command ends in exit code 0, 2 or 3, never in a traceback. The full run, 20,000 lists,
is ``python tests/fuzz_cli.py --count 20000 --seed 1`` (benchmarks/RESULTS.md, "CLI fuzzing")."""

from __future__ import annotations

import sys
import time

import pytest
from fuzz_cli import ArgumentLists, command_tree, fuzz, run_once, sandboxed

#: Enough lists for every command to run about ten times, in well under half a minute.
COUNT, SEED = 400, 18


def test_seeded_argument_lists_end_in_0_2_or_3_without_a_traceback() -> None:
    report = fuzz(COUNT, SEED, closed_stdin=0.0)  # a closed stdin is fuzzed by the full run
    assert not report.failures, report.summary()
    assert report.runs == COUNT
    assert report.codes["0"] >= COUNT // 10 and report.codes["2"] >= COUNT // 3  # answers and refusals both ran
    leaves = {" ".join(c.path) for c in command_tree() if not c.group}
    assert len(leaves) >= 30 and leaves <= set(report.commands)  # every command and subcommand was run


def test_the_generator_is_seeded() -> None:
    with sandboxed() as box:
        first, again, other = (ArgumentLists(seed, box) for seed in (SEED, SEED, SEED + 1))
        lists = [first.one() for _ in range(200)]
        assert lists == [again.one() for _ in range(200)]
        assert lists != [other.one() for _ in range(200)]


def test_a_traceback_another_exit_code_or_a_hang_is_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    """The judge itself: what the fuzzing looks for is reported, and a clean run is not."""
    import okeytool.cli

    def crashes() -> None:
        raise KeyError("x")

    def fails() -> None:
        sys.stderr.write("okeytool: failed: something\n")
        sys.exit(1)

    def hangs() -> None:
        time.sleep(30)

    with sandboxed():  # the watchdog's signal is handled inside the sandbox
        assert run_once(["check", "R1"]).problem is None
        monkeypatch.setattr(okeytool.cli, "main", crashes)
        crashed = run_once(["check", "R1"])
        assert crashed.code is None and crashed.problem and "KeyError: 'x'" in crashed.problem
        assert crashed.where and crashed.where.startswith("KeyError at test_cli_fuzz.py:")
        monkeypatch.setattr(okeytool.cli, "main", fails)
        failed = run_once(["check", "R1"])
        assert failed.code == 1 and failed.problem == "exit code 1: okeytool: failed: something"
        monkeypatch.setattr(okeytool.cli, "main", hangs)
        hung = run_once(["check", "R1"], timeout=0.2)
        assert hung.code is None and hung.problem == "still running after 0.2 s"
