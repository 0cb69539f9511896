"""The time limit covers the whole command: reading the question and printing the answer as well as
answering it, in process and as a process.

A slow step outside the solve is made slow on purpose here (it spins, as a busy machine makes any step
slow): a question with ``--time-limit 1`` still ends at about a second, with exit code 3, one line and
no half answer. The bounds on the time are loose (the slow step alone would take 30 s), so that a
busy machine does not fail them.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from typing import Any

import pytest
from conftest import in_process

from okeytool.batch_lines import answer_line
from okeytool.limits import TimeLimitExceeded, deadline, remaining

HAND = ["-i", "Y7", "R1-4", "B9-11", "K5", "Y5", "R5", "K11-13", "K1", "B2"]
STOPPED = "okeytool: stopped: time limit of 1 s reached before an answer (raise it with --time-limit)"
SLOW = 30.0  # seconds a slowed step would take if nothing stopped it


def spin(seconds: float = SLOW) -> None:
    """Work (not sleep) for ``seconds``: what a step costs on a machine busy with other work."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        sum(range(1000))


def slowed(function: Any) -> Any:
    def slow(*args: Any, **kwargs: Any) -> Any:
        spin()
        return function(*args, **kwargs)

    return slow


@pytest.mark.parametrize("step", ["okeytool.questions.read_question", "okeytool.render.results.render_result"])
def test_a_slow_step_outside_the_solve_is_stopped_in_process(monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    module, _, name = step.rpartition(".")
    target = sys.modules.get(module) or __import__(module, fromlist=[name])
    monkeypatch.setattr(target, name, slowed(getattr(target, name)))
    started = time.monotonic()
    run = in_process("check", *HAND, "--time-limit", "1")
    took = time.monotonic() - started
    assert (run.code, run.out) == (3, "")  # no half answer
    assert run.err.splitlines() == [STOPPED]
    assert took < SLOW / 2


def test_a_slow_answer_printed_as_json_is_stopped_too(monkeypatch: pytest.MonkeyPatch) -> None:
    from okeytool.commands import common

    monkeypatch.setattr(common, "print_json", slowed(common.print_json))
    run = in_process("discard", *HAND, "--json", "--time-limit", "1")
    assert (run.code, run.out, run.err.splitlines()) == (3, "", [STOPPED])


SLOW_RENDERER = """
import sys, time
import okeytool.render.results as results

original = results.render_result

def render_result(*args, **kwargs):
    end = time.monotonic() + 30
    while time.monotonic() < end:
        sum(range(1000))
    return original(*args, **kwargs)

results.render_result = render_result
from okeytool.cli import main
sys.argv = ["okeytool", *sys.argv[1:]]
main()
"""


def test_a_slow_step_outside_the_solve_is_stopped_as_a_process() -> None:
    """A whole process whose printing is slowed: it ends at about its limit plus its start-up."""
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", SLOW_RENDERER, "check", *HAND, "--time-limit", "1"],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    took = time.monotonic() - started
    assert (done.returncode, done.stdout) == (3, "")
    assert done.stderr.splitlines() == [STOPPED]
    assert took < SLOW / 2


def test_a_batch_line_s_limit_covers_reading_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import okeytool.questions as questions

    monkeypatch.setattr(questions, "read_question", slowed(questions.read_question))
    line = json.dumps({"id": 7, "command": "check", "indicator": "Y7", "tiles": " ".join(HAND[2:]), "time_limit": 1})
    started = time.monotonic()
    answer = json.loads(answer_line(line))
    assert answer["id"] == 7 and answer["status"] == "time_limit", answer
    assert time.monotonic() - started < SLOW / 2


def test_an_inner_deadline_never_ends_after_the_one_around_it() -> None:
    started = time.monotonic()
    with pytest.raises(TimeLimitExceeded, match="time limit of 0.3 s"), deadline(0.3), deadline(60):
        left = remaining()
        assert left is not None and left <= 0.3
        spin()
    assert time.monotonic() - started < SLOW / 2
    assert remaining() is None


def test_the_deadline_around_runs_on_after_an_inner_one() -> None:
    with pytest.raises(TimeLimitExceeded, match="time limit of 0.5 s"), deadline(0.5):
        with deadline(0.1):
            pass  # ends at once: the outer timer is armed again
        spin()
    with pytest.raises(TimeLimitExceeded, match="time limit of 0.2 s"), deadline(5), deadline(0.2):
        spin()  # a shorter inner deadline is the one that stops, and is named


STRUCK_IN_A_FINALISER = """
import time
from okeytool.limits import TimeLimitExceeded, deadline

class Slow:
    def __del__(self):  # the timer strikes here, where its exception cannot pass
        end = time.monotonic() + 0.5
        while time.monotonic() < end:
            pass

try:
    with deadline(0.05):
        Slow()
        while True:
            pass
except TimeLimitExceeded:
    print("stopped")
"""


def test_a_time_limit_struck_in_a_finaliser_still_stops_quietly() -> None:
    """Python prints an exception raised in a finaliser and goes on: the time limit neither shows a
    traceback then nor lets the command run on past it."""
    done = subprocess.run([sys.executable, "-c", STRUCK_IN_A_FINALISER], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout == "stopped\n" and done.stderr == "", done.stderr
