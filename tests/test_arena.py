"""The arena: seeded rounds of every policy pair replayed by the independent checker
(:mod:`arena_replay`), determinism across processes and a Dask cluster, programs in seats (the seat
protocol, forfeits), ``okeytool engine`` and the command's output."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from arena_replay import check_record, load_record
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from okeytool.arena.engine import ProtocolError, serve
from okeytool.arena.run import ArenaRun, play
from okeytool.arena.table import deal_of, seat_view
from okeytool.rules import get_rules
from okeytool.tiles import Tile

POLICIES = ("random", "greedy", "acceptance", "chance", "points")
ROOT = Path(__file__).parent.parent
BOT = ROOT / "examples" / "arena_bot.py"
#: A run's summary keys that are not the same on every run: how long it took.
TIMING = ("seconds", "rounds_per_second")


def events_of(run: ArenaRun, **where: Any) -> list[dict[str, Any]]:
    return [event for games in play(run, **where) for game in games for event in game.played.events]


@pytest.mark.parametrize("pair", list(combinations(POLICIES, 2)), ids="-".join)
def test_every_policy_pair_plays_by_the_rules(pair: tuple[str, str]) -> None:
    challenger, champion = pair
    events = events_of(ArenaRun("classic", challenger, champion, deals=1, seed=11, work=0.005))
    assert check_record(events) == []
    ends = [e for e in events if e["event"] == "end"]
    assert len(ends) == 4 and all(e["finish"] != "forfeit" for e in ends)


@pytest.mark.parametrize(
    ("rules", "options"),
    [("classic", {"scheme": "penalty"}), ("classic", {"renkli": "true", "stack_multipliers": "false"}), ("okeygg", {})],
)
def test_the_schemes_score_as_the_checker_does(rules: str, options: dict[str, str]) -> None:
    events = events_of(ArenaRun(rules, "acceptance", "greedy", deals=3, seed=5, options=options))
    assert check_record(events) == []


def test_a_deal_is_the_106_tiles_from_the_seed_alone() -> None:
    rules = get_rules("classic")
    one, two, other = deal_of(rules, 1, 17), deal_of(rules, 1, 17), deal_of(rules, 1, 18)
    assert one == two and one != other
    tiles = [*one.hands[0], *one.hands[1], *one.hands[2], *one.hands[3], *one.stock, one.indicator]
    assert sorted(tiles) == sorted(
        Tile.parse(t) for t in ["F", "F"] + [f"{c}{n}" for c in "RBKY" for n in range(1, 14)] * 2
    )
    assert [len(h) for h in one.hands] == [15, 14, 14, 14] and len(one.stock) == 48


def test_a_seat_sees_only_its_own_hand_and_draws() -> None:
    deal = {"event": "deal", "deal": 0, "game": 0, "rules": "classic", "options": {}, "indicator": "R4",
            "starter": 0, "hands": [["R1"], ["B2"], ["K3"], ["Y4"]], "stock": ["R9"], "policies": ["a"] * 4}  # fmt: skip  # noqa: E501
    view = seat_view(deal, 2)
    assert view is not None and view["hand"] == ["K3"] and "hands" not in view and "stock" not in view
    draw = {"event": "draw", "seat": 1, "tile": "R9"}
    assert seat_view(draw, 1) == draw and seat_view(draw, 2) == {"event": "draw", "seat": 1}
    assert seat_view({"event": "throw", "seat": 1, "tile": "R9", "chance": 0.3, "model": 0.1}, 2) == {
        "event": "throw",
        "seat": 1,
        "tile": "R9",
    }


def _run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "okeytool", "arena", *args], capture_output=True, text=True, cwd=cwd, timeout=240
    )


def _summary(out: str) -> dict[str, Any]:
    document = json.loads(out)
    for key in TIMING:
        document.pop(key)
    return document


def test_the_same_seed_gives_the_same_bytes_on_one_or_two_processes(tmp_path: Path) -> None:
    common = [
        "--challenger",
        "chance",
        "--champion",
        "greedy",
        "--deals",
        "2",
        "--seed",
        "4",
        "--work",
        "0.005",
        "--json",
    ]
    one = _run_cli(*common, "--record", "one.jsonl.gz", cwd=tmp_path)
    two = _run_cli(*common, "--jobs", "2", "--record", "two.jsonl.gz", cwd=tmp_path)
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert (tmp_path / "one.jsonl.gz").read_bytes() == (tmp_path / "two.jsonl.gz").read_bytes()
    assert _summary(one.stdout) == _summary(two.stdout)
    assert check_record(load_record(tmp_path / "one.jsonl.gz")) == []
    summary = _summary(one.stdout)
    assert summary["rounds"] == 8 and summary["challenger"]["policy"] == "chance"
    assert summary["calibration"]["decisions"] > 0


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    distributed = pytest.importorskip("distributed")
    local = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, dashboard_address=":0", silence_logs=40
    )
    with distributed.Client(local, set_as_default=False) as client:
        yield client
    local.close()


def test_a_dask_cluster_plays_the_same_games(cluster: Any) -> None:
    run = ArenaRun("classic", "points", "greedy", deals=1, seed=9, work=0.005)
    assert events_of(run, scheduler=cluster) == json.loads(json.dumps(events_of(run)))


def test_a_program_in_a_seat_plays_by_the_protocol(tmp_path: Path) -> None:
    run = ArenaRun("classic", f"cmd:{sys.executable} {BOT}", "acceptance", deals=1, seed=2)
    events = events_of(run)
    assert check_record(events) == []
    ends = [e for e in events if e["event"] == "end"]
    assert len(ends) == 4 and not [e for e in ends if e["finish"] == "forfeit"]
    assert not [e for e in events if e["event"] == "win" and e["seat"] == e.get("game")]  # it never declares a win


BAD_BOTS = {
    "not JSON": 'print("hello", flush=True)',
    "not an object": "print(json.dumps([1]), flush=True)",
    "not a tile": 'print(json.dumps({"take": False, "show": False, "throw": "Q9"}), flush=True)',
    "a tile not held": 'print(json.dumps({"take": False, "show": False, "throw": "R1", "win": "R1"}), flush=True)',
    "silent": "time.sleep(30)",
    "ends": "sys.exit(0)",
}


@pytest.mark.parametrize("behaviour", list(BAD_BOTS))
def test_a_bad_or_slow_program_forfeits_its_game_and_the_run_goes_on(behaviour: str, tmp_path: Path) -> None:
    script = tmp_path / "bot.py"
    script.write_text(
        "import json, sys, time\n"
        "for line in sys.stdin:\n"
        "    if 'ask' in json.loads(line):\n"
        f"        {BAD_BOTS[behaviour]}\n"
    )
    run = ArenaRun(
        "classic",
        f"cmd:{sys.executable} {script}",
        "greedy",
        deals=1,
        seed=3,
        move_limit=0.3 if behaviour == "silent" else 10.0,
    )
    games = [g for deal in play(run) for g in deal]
    assert len(games) == 4
    for game in games:
        assert game.played.finish == "forfeit" and game.played.forfeit == game.game
        end = game.played.events[-1]
        assert end["seat"] == game.game and end["reason"] and end["scores"] == [0, 0, 0, 0]
    assert check_record([e for g in games for e in g.played.events]) == []


def test_the_engine_serves_the_policies_the_arena_plays() -> None:
    """``okeytool engine`` seated as a program plays exactly as the built-in policy (acceptance has no chance in it)."""
    engine = f"cmd:{sys.executable} -m okeytool engine --policy acceptance"
    served = events_of(ArenaRun("classic", engine, "acceptance", deals=1, seed=6))
    built_in = events_of(ArenaRun("classic", "acceptance", "acceptance", deals=1, seed=6))
    for event in (*served, *built_in):
        event.pop("policies", None)
    assert served == built_in


def test_the_engine_refuses_what_it_cannot_follow() -> None:
    with pytest.raises(ProtocolError, match="line 1: not JSON"):
        list(serve(["{oops"], "acceptance"))
    with pytest.raises(ProtocolError, match="before the deal"):
        list(serve(['{"ask": "throw"}'], "acceptance"))


def test_the_summary_keeps_the_contract_keys(tmp_path: Path) -> None:
    result = _run_cli(
        "--challenger", "acceptance", "--champion", "random", "--deals", "2", "--json", "--plot", "c.svg", cwd=tmp_path
    )
    assert result.returncode != 0 and "gives no win chances" in result.stderr
    result = _run_cli("--challenger", "acceptance", "--champion", "random", "--deals", "2", "--json", cwd=tmp_path)
    summary = json.loads(result.stdout)
    for key in (
        "rules",
        "options",
        "seed",
        "deals",
        "rounds",
        "challenger",
        "champion",
        "null_rounds",
        "difference",
        "calibration",
        "seconds",
    ):
        assert key in summary
    assert summary["calibration"] is None and summary["rounds"] == 8
    assert set(summary["difference"]) >= {"win_rate", "win_rate_ci95", "points", "points_ci95"}
    assert summary["champion"]["wins"] * 3 + summary["challenger"]["wins"] + summary["null_rounds"] == 8


def test_the_calibration_picture_is_drawn(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    result = _run_cli(
        "--challenger",
        "chance",
        "--champion",
        "greedy",
        "--deals",
        "1",
        "--work",
        "0.005",
        "--plot",
        "c.svg",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "<svg" in (tmp_path / "c.svg").read_text()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--challenger", "clever"], "unknown policy 'clever'"),
        (["--deals", "-1"], "--deals must be 0 or more"),
        (["--plot", "c.pdf"], "--plot writes a .png or an .svg"),
        (["--rules", "rummikub"], "cannot be played out"),
        (["--record", "no/such/dir/r.jsonl"], "cannot write the record"),
        (["--challenger", "cmd:"], "cmd: needs a program"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], words: str, tmp_path: Path) -> None:
    result = _run_cli("--deals", "1", *args, cwd=tmp_path)
    assert result.returncode == 2 and words in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), rate=st.sampled_from([0.0, 0.02, 0.2, 1.0]))
def test_random_legal_and_illegal_answers_from_a_program_never_break_the_arena(seed: int, rate: float) -> None:
    program = f"cmd:{sys.executable} {Path(__file__).parent / 'random_seat.py'} {seed} {rate}"
    games = [g for deal in play(ArenaRun("classic", program, "greedy", deals=1, seed=seed % 97)) for g in deal]
    assert len(games) == 4
    assert check_record([e for g in games for e in g.played.events]) == []
    forfeits = [g for g in games if g.played.finish == "forfeit"]
    assert all(g.played.forfeit == g.game for g in forfeits)  # only the program's seat forfeits
    if rate == 0.0:
        assert not forfeits
    if rate == 1.0:
        assert len(forfeits) == 4


def _read_all(fd: int, process: subprocess.Popen[bytes]) -> bytes:
    import os
    import select

    out = b""
    while True:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            out += chunk
        elif process.poll() is not None:
            break
    return out


def test_the_summary_goes_to_the_file_and_the_bar_to_the_terminal(tmp_path: Path) -> None:
    """``okeytool arena ... > summary.txt`` at a terminal: the bar shows rounds and the difference."""
    import os
    import pty

    from screen import visible

    master, slave = pty.openpty()
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "120"}
    env.pop("NO_COLOR", None)
    with (tmp_path / "summary.json").open("wb") as sink:
        args = ["--challenger", "greedy", "--champion", "random", "--deals", "6", "--json"]
        process = subprocess.Popen(
            [sys.executable, "-m", "okeytool", "arena", *args],
            stdin=slave,
            stdout=sink,
            stderr=slave,
            env=env,
            cwd=tmp_path,
        )
    os.close(slave)
    screen = visible(_read_all(master, process))
    os.close(master)
    assert process.wait(timeout=120) == 0
    assert json.loads((tmp_path / "summary.json").read_text())["rounds"] == 24
    assert "/24" in screen and "points/round" in screen and '"rounds"' not in screen


def test_an_interrupted_run_on_two_processes_ends_quietly(tmp_path: Path) -> None:
    import os
    import signal
    import time

    process = subprocess.Popen(
        [sys.executable, "-m", "okeytool", "arena", "--challenger", "chance", "--deals", "400", "--jobs", "2",
         "--record", "r.jsonl"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path, start_new_session=True,
    )  # fmt: skip
    record = tmp_path / "r.jsonl"
    waited = time.monotonic() + 120
    while time.monotonic() < waited and not (record.exists() and record.stat().st_size > 0):
        time.sleep(0.2)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert b"Traceback" not in err and err.decode().strip().splitlines()[-1] == "okeytool: aborted"
    lines = record.read_text().splitlines()
    assert lines and json.loads(lines[-1])["event"] == "end"  # whole deals only


def test_a_record_read_back_gives_the_summary_of_the_run(tmp_path: Path) -> None:
    from okeytool.arena.record import read_record
    from okeytool.arena.summary import Tally

    args = ["--challenger", "points", "--champion", "greedy", "--deals", "2", "--seed", "8", "--work", "0.005"]
    result = _run_cli(*args, "--json", "--record", "r.jsonl", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    run = ArenaRun("classic", "points", "greedy", deals=2, seed=8, work=0.005)
    tally = Tally(run.the_rules())
    deals = list(read_record(tmp_path / "r.jsonl"))
    for games in deals:
        tally.add(games)
    assert [g.deal for games in deals for g in games] == [0, 0, 0, 0, 1, 1, 1, 1]
    printed = _summary(result.stdout)
    assert printed.pop("stopped") is None
    assert _summary(json.dumps(tally.to_json(run, 1.0))) == printed
    cut = tmp_path / "cut.jsonl"
    text = (tmp_path / "r.jsonl").read_text()
    cut.write_text(text[: len(text) * 3 // 4])  # stopped while the second deal was written
    assert [g.deal for games in read_record(cut) for g in games] == [0, 0, 0, 0]


def test_a_time_limit_stops_after_whole_deals_and_says_so(tmp_path: Path) -> None:
    args = ["--challenger", "greedy", "--champion", "random", "--deals", "500", "--jobs", "2", "--time-limit", "1"]
    result = _run_cli(*args, "--json", "--record", "r.jsonl", cwd=tmp_path)
    assert result.returncode == 3 and "stopped: the time limit (1 s) passed after" in result.stderr
    summary = json.loads(result.stdout)
    assert summary["stopped"] == "time" and summary["deals_asked"] == 500
    assert 0 < summary["deals"] < 500 and summary["rounds"] == 4 * summary["deals"]
    assert check_record(load_record(tmp_path / "r.jsonl")) == []
