"""Every question ends in bounded time: one limit per question, CP-SAT solves capped by the time left."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from okeytool.commands.batch import answer_line
from okeytool.limits import DEFAULT_TIME_LIMIT, TimeLimitExceeded, deadline, remaining

OKEYTOOL = [sys.executable, "-m", "okeytool"]
README_HAND = ["-i", "Y7", "R1-4 B9-11 K5 Y5 K11-13 B2 Y9 Y12"]  # many CP-SAT solves with --solver cpsat


def test_the_deadline_interrupts_python_work() -> None:
    with pytest.raises(TimeLimitExceeded, match="time limit of 0.2 s"):
        with deadline(0.2):
            while True:
                sum(range(1000))
    assert remaining() is None  # the deadline ends with its block


def test_remaining_counts_down() -> None:
    with deadline(10):
        left = remaining()
        assert left is not None and 9 < left <= 10
    assert DEFAULT_TIME_LIMIT == 30.0


def test_the_cpsat_solve_is_capped_by_the_time_left() -> None:
    from ortools.sat.python import cp_model

    from okeytool.solver.melds.cpsat import solve

    model = cp_model.CpModel()
    x = [model.new_bool_var(f"x{k}") for k in range(4)]
    model.add(sum(x) == 2)
    model.maximize(x[0] + 2 * x[1])
    solver, status = solve(model)
    assert solver.parameters.max_time_in_seconds == 10.0  # outside a question: the solve's own limit
    with deadline(2):
        solver, status = solve(model)
    assert status.name == "OPTIMAL"  # a quick solve inside the limit is answered as usual
    assert 0 < solver.parameters.max_time_in_seconds <= 2
    with pytest.raises(TimeLimitExceeded), deadline(0.05):
        time.sleep(0.1)
        solve(model)  # no time left: refused before solving (the timer may fire first)


def test_a_command_that_hits_the_limit_says_so_with_exit_3() -> None:
    started = time.monotonic()
    done = subprocess.run(
        [*OKEYTOOL, "discard", *README_HAND, "--solver", "cpsat", "--time-limit", "1", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    took = time.monotonic() - started
    assert done.returncode == 3 and done.stdout == ""
    assert done.stderr.splitlines() == [
        "okeytool: stopped: time limit of 1 s reached before an answer (raise it with --time-limit)"
    ]
    assert took < 30  # far below the 14 s the uncapped CP-SAT solves take (bounded, not a speed figure)


@pytest.mark.parametrize("command", ["check", "waits", "discard", "open", "play"])
def test_every_question_command_takes_a_time_limit(run_main, command: str) -> None:
    run = run_main(command, "R1", "--time-limit", "-1")
    assert run.code == 2 and "--time-limit takes seconds" in run.err


def test_a_batch_line_that_hits_its_limit_is_marked_and_the_rest_go_on() -> None:
    slow = {
        "id": 1,
        "command": "discard",
        "indicator": "Y7",
        "tiles": README_HAND[2],
        "solver": "cpsat",
        "time_limit": 0.5,
    }
    answer = json.loads(answer_line(json.dumps(slow)))
    assert answer["id"] == 1 and answer["status"] == "time_limit" and "time limit of 0.5 s" in answer["error"]
    quick = {**slow, "id": 2, "solver": "search"}
    assert "discards" in json.loads(answer_line(json.dumps(quick)))
    capped = json.loads(answer_line(json.dumps({**slow, "time_limit": None}), time_limit=0.5))
    assert capped["status"] == "time_limit"  # the batch's --time-limit applies to a line that sets none


def test_batch_time_limit_option(tmp_path) -> None:  # type: ignore[no-untyped-def]
    source = tmp_path / "q.jsonl"
    slow = {"id": 1, "command": "discard", "indicator": "Y7", "tiles": README_HAND[2], "solver": "cpsat"}
    source.write_text(json.dumps(slow) + "\n" + json.dumps({**slow, "id": 2, "solver": "search"}) + "\n")
    done = subprocess.run(
        [*OKEYTOOL, "batch", str(source), "--time-limit", "0.5"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first.get("status") == "time_limit" and "discards" in second, first


def test_a_strike_landing_in_the_clean_up_leaves_nothing_behind(monkeypatch: pytest.MonkeyPatch) -> None:
    """The timer's strike can land while a deadline's block is being left (after the answer, before
    the handler is back). The next question must not inherit its deadline, handler or hook: here the
    strike is made to land on the clean-up's first call, once."""
    import signal

    from okeytool import limits

    handler, hook = signal.getsignal(signal.SIGALRM), sys.unraisablehook
    real = signal.setitimer
    struck = []

    def setitimer(which: int, seconds: float, *rest: float) -> tuple[float, float]:
        if seconds == 0 and not struck:
            struck.append(True)
            raise limits.TimeLimitExceeded(0.5)
        return real(which, seconds, *rest)

    monkeypatch.setattr(signal, "setitimer", setitimer)
    with limits.deadline(5.0):
        pass
    assert struck
    assert limits.remaining() is None and limits.current_limit() is None
    assert signal.getsignal(signal.SIGALRM) == handler and sys.unraisablehook is hook


@pytest.mark.parametrize("line", range(12))
@pytest.mark.parametrize("method", ["__enter__", "__exit__"])
def test_a_strike_landing_while_a_deadline_is_entered_or_left_waits(
    method: str, line: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The timer's strike is raised wherever the Python code is, so it can land on any line of
    entering or leaving a deadline (an inner one, where the strike is the enclosing deadline's).
    Raised there, it would escape half way and leave the deadline's limit and handler to the next
    question. Here the handler in place is called on the given line of the given method, as the
    signal would, in the frame running. On entering, the strike may stop the block; either way the
    deadlines must leave nothing behind."""
    import signal
    import types

    from okeytool import limits

    handler, hook = signal.getsignal(signal.SIGALRM), sys.unraisablehook
    landed: list[int] = []
    lines = [0]  # lines of the method run so far
    real, ahead = time.monotonic, [0.0]
    monkeypatch.setattr(time, "monotonic", lambda: real() + ahead[0])  # the handler sees the time up

    def local(frame: types.FrameType, event: str, arg: object) -> object:
        if event == "line" and not landed:
            if lines[0] == line:
                strike = signal.getsignal(signal.SIGALRM)
                if callable(strike):
                    landed.append(frame.f_lineno)
                    ahead[0] = 60.0
                    try:
                        strike(signal.SIGALRM, frame)
                    finally:
                        ahead[0] = 0.0
            lines[0] += 1
        return local

    def tracer(frame: types.FrameType, event: str, arg: object) -> object:
        leaving = ("__exit__", "_leave")  # the exit and the clean-up it calls
        if event == "call" and frame.f_code.co_name in (leaving if method == "__exit__" else (method,)) and armed:
            return local
        return None

    armed = False
    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        with limits.deadline(5.0):
            armed = True  # the inner deadline's entry and exit are the ones struck
            try:
                with limits.deadline(5.0):
                    armed = method == "__exit__"
            except TimeLimitExceeded:
                assert method == "__enter__"  # struck on entering: raised, the block never ran
            armed = False
            inner = limits.remaining()
            assert inner is not None and 4 < inner <= 5.0  # the enclosing deadline holds again
    finally:
        sys.settrace(previous)
    time.sleep(3 * limits.AGAIN)  # a strike put off must have been called off with its deadline
    assert limits.remaining() is None and limits.current_limit() is None
    assert signal.getsignal(signal.SIGALRM) == handler and sys.unraisablehook is hook
    if line < 6:
        assert landed  # the methods are longer than this: the strike did land


def test_a_late_strike_before_the_time_is_up_waits_for_it() -> None:
    """A strike handled before the deadline's time is up (another timer's, come late) is not a time
    limit: the timer is set again for the time left."""
    import signal

    with deadline(5.0):
        strike = signal.getsignal(signal.SIGALRM)
        assert callable(strike)
        strike(signal.SIGALRM, None)  # nothing raised
        left = signal.getitimer(signal.ITIMER_REAL)[0]
        assert 4 < left <= 5.0
    assert signal.getitimer(signal.ITIMER_REAL)[0] == 0
