"""Batch on a Dask cluster (okeytool.distributed): the local batch's answers, in input order, on a local
cluster the tests start themselves; and a clear one-line error when the cluster cannot be used."""

from __future__ import annotations

import json
import random
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import vectors

import okeytool.distributed as distributed_batch
from okeytool.commands.batch import run_batch
from okeytool.errors import ClusterError
from okeytool.tiles import ALL_FACES, FALSE_JOKER, JOKER


def _random_hands(count: int, size: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    pool = [str(face) for face in ALL_FACES for _ in range(2)] + [str(FALSE_JOKER)] * 2
    return [" ".join(rng.sample(pool, size)) for _ in range(count)]


def mixed_questions() -> list[str]:
    """A few dozen questions of every batch command, good and bad, with and without ids."""
    lines = []
    for command in ("check", "open", "waits"):
        for vector in vectors(command):
            lines.append(json.dumps({k: vector[k] for k in ("id", "command", "rules", "indicator", "tiles")}))
    for k, tiles in enumerate(_random_hands(6, 15, seed=14)):
        lines.append(json.dumps({"id": f"d{k}", "command": "discard", "indicator": "R4", "tiles": tiles}))
    rummikub = [str(face) for face in ALL_FACES for _ in range(2)] + [str(JOKER)] * 2
    rng = random.Random(7)
    for k in range(4):
        rack = " ".join(rng.sample(rummikub, 12))
        table = "R1 R2 R3; K7 B7 Y7"
        opened = k % 2 == 0
        lines.append(json.dumps({"id": f"p{k}", "command": "play", "tiles": rack, "table": table, "opened": opened}))
    lines += [
        '{"id": "b1", "command": "check", "indicator": "Y7", "tiles": "R1 X2"}',
        '{"id": "b2", "command": "fly", "tiles": "R1"}',
        '{"command": "check", "indicator": "Y7", "tiles": "R1-13 K1"}',
        "not json",
        "[1, 2]",
        '{"id": 7, "command": "open", "rules": "101", "indicator": 5, "tiles": "R1"}',
    ]
    random.Random(3).shuffle(lines)
    return lines


@pytest.fixture(scope="module")
def client() -> Iterator[object]:
    """A client of a local cluster of two single-thread workers in this process (started per module)."""
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0", silence_logs=40
    )
    with distributed.Client(cluster, set_as_default=False) as connected:
        yield connected
    cluster.close()


def test_the_cluster_answers_as_the_local_batch_in_input_order(client: object) -> None:
    lines = mixed_questions()
    assert len(lines) > 30
    local = list(run_batch(iter(lines), jobs=1))
    # Small chunks and a small window: many tasks in flight, finishing in any order.
    on_cluster = list(distributed_batch.run_on_cluster(iter(lines), client, chunk=2, window=3))  # type: ignore[arg-type]
    assert on_cluster == local
    answers = [json.loads(a) for a in on_cluster]
    assert sum("error" in a for a in answers) == 5  # b1, b2, not json, [1, 2], id 7
    assert [a.get("id") for a in answers] == [_id(line) for line in lines]
    assert list(distributed_batch.run_on_cluster(lines[:12], client)) == local[:12]  # type: ignore[arg-type]


def _id(line: str) -> object:
    try:
        question = json.loads(line)
    except ValueError:
        return None
    return question.get("id") if isinstance(question, dict) else None


def test_a_scheduler_address_is_connected_and_left_again(client: object) -> None:
    address = client.scheduler.address  # type: ignore[attr-defined]
    lines = mixed_questions()[:8]
    assert list(distributed_batch.run_on_cluster(lines, address)) == list(run_batch(lines, jobs=1))


def test_the_input_is_read_a_window_at_a_time(client: object) -> None:
    """Memory stays flat: no more than the window of chunks is read ahead of the answers written."""
    pulled = 0
    line = json.dumps({"command": "check", "indicator": "Y7", "tiles": "R1-13 R1"})

    def lines() -> Iterator[str]:
        nonlocal pulled
        for _ in range(600):
            pulled += 1
            yield line

    answers = distributed_batch.run_on_cluster(lines(), client, chunk=10, window=4)  # type: ignore[arg-type]
    assert json.loads(next(answers))["winning"] is True
    assert pulled <= 10 * 5
    written = 1
    for _ in answers:
        written += 1
        assert pulled <= written + 10 * 5
    assert written == 600


def test_a_chunk_the_cluster_fails_is_answered_with_error_lines(client: object, monkeypatch) -> None:
    def broken(answer: object, lines: list[str]) -> list[str]:
        raise RuntimeError("worker lost")

    monkeypatch.setattr(distributed_batch, "answer_chunk", broken)
    lines = ['{"id": 1, "command": "check"}', "not json", '{"command": "check"}']
    out = [json.loads(a) for a in distributed_batch.run_on_cluster(lines, client, chunk=2)]  # type: ignore[arg-type]
    assert [a.get("id") for a in out] == [1, None, None]
    assert all(set(a) <= {"id", "error"} and "worker lost" in a["error"] for a in out)


def test_a_worker_with_another_okeytool_is_refused(client: object, monkeypatch) -> None:
    monkeypatch.setattr(distributed_batch, "_okeytool_version", lambda: "0.0.0")
    with pytest.raises(ClusterError, match="runs okeytool 0.0.0"):
        distributed_batch.run_on_cluster(["{}"], client)  # type: ignore[arg-type]


def test_an_unreachable_scheduler_is_one_error_within_the_timeout() -> None:
    pytest.importorskip("distributed")
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    start = time.monotonic()
    with pytest.raises(ClusterError, match="cannot reach the Dask scheduler") as caught:
        distributed_batch.run_on_cluster(["{}"], f"tcp://127.0.0.1:{port}", connect_timeout=1)
    assert time.monotonic() - start < 10
    assert "\n" not in str(caught.value)


def test_without_dask_the_error_says_what_to_install(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    with pytest.raises(ClusterError, match=r"install okeytool\[dask\]"):
        distributed_batch.run_on_cluster(["{}"], "tcp://127.0.0.1:8786")


def test_the_answering_function_travels_to_the_workers(client: object) -> None:
    """Options of the local batch (a time limit) reach the workers bound into the answering function."""
    lines = [f"line {k}" for k in range(50)]
    out = distributed_batch.run_on_cluster(lines, client, answer=str.upper, chunk=3)  # type: ignore[arg-type]
    assert list(out) == [line.upper() for line in lines]


def test_a_chunk_past_its_time_is_answered_with_error_lines(client: object) -> None:
    """A chunk the cluster does not answer in time costs its lines, not the run."""
    out = distributed_batch.run_on_cluster([0.5], client, answer=time.sleep, chunk_timeout=0.1)  # type: ignore[arg-type]
    assert [json.loads(a) for a in out] == [{"error": "no answer from the Dask cluster within 0.1 s"}]


OKEYTOOL = str(Path(sys.executable).with_name("okeytool"))


@pytest.fixture(scope="module")
def tcp_scheduler() -> Iterator[str]:
    """The address of a local cluster that another process can reach (TCP on the loopback)."""
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, protocol="tcp", host="127.0.0.1",
        dashboard_address=":0", silence_logs=40,
    )  # fmt: skip
    yield cluster.scheduler_address
    cluster.close()


def test_batch_with_a_scheduler_in_a_real_process(tcp_scheduler: str, tmp_path: Path) -> None:
    import subprocess

    questions = tmp_path / "questions.jsonl"
    lines = mixed_questions()[:12]
    questions.write_text("\n".join(lines) + "\n", encoding="utf-8")
    local = subprocess.run([OKEYTOOL, "batch", str(questions), "--jobs", "1"], capture_output=True, text=True)
    remote = subprocess.run(
        [OKEYTOOL, "batch", str(questions), "--scheduler", tcp_scheduler], capture_output=True, text=True, timeout=120
    )
    assert remote.returncode == 0, remote.stderr
    assert remote.stdout == local.stdout
    assert len(remote.stdout.splitlines()) == len(lines)


def test_batch_with_an_unreachable_scheduler_is_one_line_and_exit_2(tmp_path: Path) -> None:
    import subprocess

    pytest.importorskip("distributed")
    questions = tmp_path / "questions.jsonl"
    questions.write_text('{"command": "check", "indicator": "Y7", "tiles": "R1-13 K1"}\n', encoding="utf-8")
    done = subprocess.run(
        [OKEYTOOL, "batch", str(questions), "--scheduler", "tcp://127.0.0.1:1", "--connect-timeout", "1"],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("okeytool: error: cannot reach the Dask scheduler at 'tcp://127.0.0.1:1'")
    assert len(done.stderr.splitlines()) == 1  # nothing more when the process ends


def test_jobs_and_a_scheduler_together_are_refused(run_main, tmp_path: Path) -> None:
    questions = tmp_path / "questions.jsonl"
    questions.write_text("{}\n", encoding="utf-8")
    run = run_main("batch", str(questions), "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1")
    assert run.code == 2 and run.out == ""
    assert "--jobs and --scheduler do not go together" in run.err
