"""``okeytool batch``: JSON lines in and out, in input order, ids copied, bad lines answered with errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import vectors

from okeytool.commands.batch import answer_line, run_batch

CHECK_VECTORS = vectors("check")


def question(vector: dict) -> str:
    fields = {k: vector[k] for k in ("id", "command", "rules", "indicator", "tiles")}
    return json.dumps(fields)


BAD_LINES = [
    ('{"id": "b1", "command": "check", "indicator": "Y7", "tiles": "R1 X2"}', "unknown colour 'X' in 'X2' (token 2)"),
    ('{"id": "b2", "command": "check", "indicator": "Y7", "tiles": "R1-13"}', "got 13"),
    ('{"id": "b3", "command": "check", "tiles": "R1-13 K1"}', "indicator"),
    (
        '{"id": "b4", "command": "check", "rules": "chess", "indicator": "Y7", "tiles": "R1-13 K1"}',
        "unknown rules profile",
    ),
    ('{"id": "b5", "command": "fly", "tiles": "R1"}', "unknown command 'fly'"),
    ('{"id": "b6", "command": "check", "indicator": "Y7", "tiles": "R1-13 K1", "options": "x"}', "'options'"),
    ('{"id": "b7", "command": "check", "rules": 5, "indicator": "Y7", "tiles": "R1-13 K1"}', "'rules'"),
    ('{"id": "b8", "command": "check", "indicator": 7, "tiles": "R1-13 K1"}', "'indicator'"),
    ('{"id": "b9", "command": "check", "indicator": "Y7", "tiles": "R1-12 K1 K1 K1"}', "too many K1"),
    (
        '{"id": "b10", "command": "check", "indicator": "Y7", "tiles": "R1-13 K1", "options": {"wrap": "maybe"}}',
        "wrap takes true or false",
    ),
    ('{"id": "b11", "command": "check", "indicator": "Y7", "tiles": "R1-13 K1", "seen": "K1 K1"}', "seen"),
]


@pytest.mark.parametrize(("line", "message"), BAD_LINES, ids=[b[0][7:11] for b in BAD_LINES])
def test_a_bad_line_gets_an_error_with_its_id(line: str, message: str) -> None:
    answer = json.loads(answer_line(line))
    assert set(answer) == {"id", "error"}
    assert answer["id"] == json.loads(line)["id"]
    assert message in answer["error"]


@pytest.mark.parametrize("line", ["not json", "[1, 2]", '"check"'])
def test_a_line_that_is_not_an_object_gets_an_error_without_id(line: str) -> None:
    assert set(json.loads(answer_line(line))) == {"error"}


def test_answers_match_check_json_and_copy_ids() -> None:
    for vector in CHECK_VECTORS:
        answer = json.loads(answer_line(question(vector)))
        assert answer["id"] == vector["id"]
        assert answer["winning"] == vector["expect"]["winning"]
        assert sorted(answer["winning_discards"]) == sorted(vector["expect"]["winning_discard_set"])
    without_id = {k: v for k, v in json.loads(question(CHECK_VECTORS[0])).items() if k != "id"}
    assert "id" not in json.loads(answer_line(json.dumps(without_id)))


def test_options_and_okey_fields() -> None:
    wrap = {"command": "check", "indicator": "Y7", "tiles": "R1-4 B9-11 K5 Y5 R5 K11-13 K1 B2"}
    assert json.loads(answer_line(json.dumps(wrap)))["winning"]
    assert not json.loads(answer_line(json.dumps({**wrap, "options": {"wrap": False}})))["winning"]
    by_okey = {k: v for k, v in wrap.items() if k != "indicator"} | {"okey": "Y8"}
    assert json.loads(answer_line(json.dumps(by_okey))) == json.loads(answer_line(json.dumps(wrap)))


def mixed_input() -> list[str]:
    good = [question(v) for v in CHECK_VECTORS]
    bad = [line for line, _ in BAD_LINES]
    lines = []
    for k in range(max(len(good), len(bad))):
        lines += good[k : k + 1] + bad[k : k + 1]
    return lines * 3


def test_run_batch_keeps_input_order() -> None:
    lines = mixed_input()
    out = [json.loads(o) for o in run_batch(iter(lines), jobs=1)]
    assert [o.get("id") for o in out] == [json.loads(line)["id"] for line in lines]
    assert [("error" in o) for o in out] == [json.loads(line)["id"].startswith("b") for line in lines]


def test_batch_command_from_a_file_and_stdin_with_one_and_two_jobs(run_main, tmp_path: Path) -> None:
    lines = mixed_input()
    path = tmp_path / "questions.jsonl"
    path.write_text("\n".join(lines[:10]) + "\n\n" + "\n".join(lines[10:]) + "\n", encoding="utf-8")
    one = run_main("batch", str(path), "--jobs", "1")
    assert one.code == 0, one.err
    out = one.out.splitlines()
    assert len(out) == len(lines)  # the blank line is not a question
    assert [json.loads(o)["id"] for o in out] == [json.loads(line)["id"] for line in lines]
    two = run_main("batch", str(path), "--jobs", "2")
    assert two.code == 0, two.err
    assert two.out == one.out
    piped = run_main("batch", "-", "--jobs", "1", stdin="\n".join(lines) + "\n")
    assert piped.out == one.out


def test_batch_of_a_missing_file_is_one_error_line(run_main, tmp_path: Path) -> None:
    run = run_main("batch", str(tmp_path / "missing.jsonl"))
    assert run.code == 2 and run.out == ""
    assert len(run.err.splitlines()) == 1 and "missing.jsonl" in run.err


def test_two_jobs_read_the_input_a_window_at_a_time() -> None:
    """cli.md: batch never needs more memory for a longer input, so input is not read far ahead."""
    pulled = 0
    line = json.dumps({"command": "check", "indicator": "Y7", "tiles": "R1-13 R1"})

    def lines():
        nonlocal pulled
        for _ in range(2000):
            pulled += 1
            yield line

    answers = run_batch(lines(), jobs=2)
    first = json.loads(next(answers))
    assert first["winning"] is True
    assert pulled < 500
    assert sum(1 for _ in answers) == 1999


def test_a_batch_left_early_ends_its_workers_without_terminating_the_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """A reader gone mid-batch closes the answers early. ``Pool.terminate`` can then wait for ever on
    its task handler, blocked in a queue's lock (seen under load): the workers are killed instead,
    the pool's own clean-up at exit called off. A batch answered to its end closes its pool."""
    from multiprocessing import pool as pools

    terminated: list[object] = []
    monkeypatch.setattr(pools.Pool, "terminate", lambda pool: terminated.append(pool))
    line = json.dumps({"command": "check", "indicator": "Y7", "tiles": "R1-13 R1"})
    created: list[pools.Pool] = []
    real_init = pools.Pool.__init__

    def recording_init(pool: pools.Pool, *args: Any, **kwargs: Any) -> None:
        real_init(pool, *args, **kwargs)
        created.append(pool)

    monkeypatch.setattr(pools.Pool, "__init__", recording_init)
    answers = run_batch(iter([line] * 2000), jobs=2)
    assert json.loads(next(answers))["winning"] is True
    answers.close()
    (pool,) = created
    workers = list(pool._pool)  # type: ignore[attr-defined]
    assert workers and not any(worker.is_alive() for worker in workers)
    assert not terminated and not pool._terminate.still_active()  # type: ignore[attr-defined]
    assert len(list(run_batch(iter([line] * 2000), jobs=2))) == 2000  # answered to the end: closed, joined
    assert not terminated and not any(worker.is_alive() for worker in created[1]._pool)  # type: ignore[attr-defined]


def test_a_batch_run_in_process_puts_the_signal_handlers_back(run_main) -> None:  # type: ignore[no-untyped-def]
    """Its handlers end workers while they run; after the batch, the process's own are back."""
    import signal

    before = {signum: signal.getsignal(signum) for signum in (signal.SIGTERM, signal.SIGINT)}
    done = run_main(
        "batch",
        "-",
        stdin='{"command": "check", "indicator": "Y7", "tiles": "R1 R2 R3 R4 R5 B2 B9 B10 B11 K1 K5 K11 K12 K13 Y5"}\n',
    )
    assert done.code == 0 and '"winning": true' in done.out
    assert {signum: signal.getsignal(signum) for signum in before} == before
