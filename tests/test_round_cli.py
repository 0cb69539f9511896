"""Whole rounds through ``okeytool round`` against a real ledger file: each command through the real
entry point (in this process, opening the ledger anew as a new process would), and killed processes.

After every event the printed state equals the state rebuilt from scratch from the stored events
(and the test's own bookkeeping of hand and seen tiles); unseen counts are checked against the
hand and the seen tiles; undo restores the previous state exactly; refused events exit 2 and leave
the round as it was; a process killed mid-command leaves a readable, consistent round.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import in_process

from okeytool.ledger.rounds import RoundBook
from okeytool.parse.notation import parse_tile
from okeytool.parse.supply import limit
from okeytool.round.advice import state_advice
from okeytool.round.documents import state_document
from okeytool.round.state import replay


def cli(db: Path, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """``okeytool round ARGS`` on ledger ``db``."""
    run = in_process("round", *args, stdin=stdin or "", env={"OKEYTOOL_DB": str(db), "COLUMNS": "120"})
    return subprocess.CompletedProcess(["okeytool", "round", *args], run.code, run.out, run.err)


def event(db: Path, *args: str) -> dict[str, Any]:
    done = cli(db, *args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def rebuilt(db: Path, draws: int | None = None) -> dict[str, Any]:
    """The state document rebuilt from scratch from the stored events."""
    with RoundBook(db) as book:
        played = book.round()
        state = replay(played.events)
    return state_document(played.id, state, state_advice(state, draws=draws))


def same_state(shown: dict[str, Any], again: dict[str, Any]) -> bool:
    """True if two state documents agree; their advice too, unless the time limit stopped one of the
    two chance rankings (``…-capped``: a lower bound that depends on how busy the machine was)."""
    capped = any(str((d.get("advice") or {}).get("model", {}).get("method", "")).endswith("-capped")
                 for d in (shown, again))  # fmt: skip
    if capped:
        shown, again = ({k: v for k, v in d.items() if k != "advice"} for d in (shown, again))
    return shown == again


def check_unseen(document: dict[str, Any]) -> None:
    """Every unseen count in the advice is the copies not in the hand and not seen."""
    from okeytool.deal import Deal
    from okeytool.rules import get_rules

    deal = Deal(get_rules(document["rules"]), parse_tile(document["indicator"]))
    held, seen = Counter(document["hand"]), Counter(document["seen"])
    advice = document["advice"]
    rows = [*advice.get("waits", []), *advice.get("useful", [])]
    for discard in advice.get("discards", []):
        rows += discard["useful"]  # a 15-tile hand: counted against the whole hand
    for row in rows:
        assert row["unseen"] == limit(deal, parse_tile(row["tile"])) - held[row["tile"]] - seen[row["tile"]]


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "ledger.sqlite3"


def test_a_classic_round_event_by_event(db: Path) -> None:
    hand = Counter("R1 R2 R3 B5 B6 B7 K9 K10 K11 Y1 Y2 Y3 Y4 K1".split())
    seen: Counter[str] = Counter()
    assert cli(db, "draw", "K5").returncode == 2 and not db.exists()  # only start creates the file
    steps: list[tuple[str, ...]] = [
        ("start", "-i", "R4", " ".join(hand)),
        ("draw", "K5"), ("throw", "K1"), ("seen", "Y7 K9"), ("take", "Y7"), ("throw", "Y1"),
        ("seen", "B8"), ("draw", "B8"), ("throw", "B8"),
    ]  # fmt: skip
    previous: dict[str, Any] | None = None
    for step in steps:
        verb, *rest = step
        if verb == "draw":
            hand[rest[0]] += 1
        elif verb == "take":
            hand[rest[0]] += 1
            seen[rest[0]] -= 1
        elif verb == "throw":
            hand[rest[0]] -= 1
            seen[rest[0]] += 1
        elif verb == "seen":
            seen.update(rest[0].split())
        # The win chance one draw ahead: exact, and quick enough for a test.
        document = event(db, *step, *(("--draws", "1") if verb in ("draw", "take") else ()))
        assert same_state(document, rebuilt(db, draws=1))
        assert Counter(document["hand"]) == +hand and Counter(document["seen"]) == +seen
        assert len(document["hand"]) == (15 if document["phase"] == "throw" else 14)
        assert ("discards" in document["advice"]) == (document["phase"] == "throw")
        if document["phase"] == "throw":  # the discard --chance document
            assert document["advice"]["model"]["draws"] == 1 and document["advice"]["model"]["method"] == "exact"
            assert all(0 <= r["chance"] <= 1 and r["points"] >= 0 for r in document["advice"]["discards"])
        check_unseen(document)
        if verb in ("seen", "throw") and previous is not None and previous["phase"] == document["phase"] == "draw":
            before = {r["tile"]: r["unseen"] for r in previous["advice"]["useful"]}
            after = {r["tile"]: r["unseen"] for r in document["advice"]["useful"]}
            for tile in set(before) & set(after) & set(rest[0].split()):
                assert after[tile] == before[tile] - rest[0].split().count(tile)
        previous = document
    # B8 was seen, then drawn and thrown: its last copy is out of play.
    assert "B8" not in {r["tile"]: r for r in document["advice"]["useful"] if r["unseen"]}

    # Impossible events: one line on stderr, exit 2, the round as it was.
    shown = event(db, "show")
    for bad in (("throw", "B2"), ("seen", "K9 K9"), ("throw", "Y9")):
        done = cli(db, *bad)
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
        assert event(db, "show") == shown
    refused = cli(db, "draw", "K6", "--draws", "13")
    assert refused.returncode == 2 and "--draws must be between 0 and 12" in refused.stderr
    assert event(db, "show") == shown
    # At the default horizon: 12 own draws less the four tiles drawn or taken so far.
    drawn = event(db, "draw", "K6")
    assert drawn["advice"]["model"]["draws"] == 8 and {"chance", "points"} <= set(drawn["advice"]["discards"][0])
    text = cli(db, "show", "--draws", "1").stdout
    assert "win chance" in text and " %" in text and "to win within 1 draw," in text and "model: 1 draw left" in text
    twice = cli(db, "draw", "K7")
    assert twice.returncode == 2 and "throw one first" in twice.stderr

    # Undo restores the previous state exactly.
    assert event(db, "undo") == shown
    assert event(db, "show") == shown and drawn != shown

    # Export and import give the same round, and the text output shows the hand.
    exported = cli(db, "export").stdout
    assert len(exported.splitlines()) == shown["events"]
    imported = json.loads(cli(db, "import", "-", "--json", stdin=exported).stdout)
    assert {**imported, "round": shown["round"]} == shown
    text = cli(db, "show").stdout
    assert "R1 R2 R3" in text and "deficiency" in text

    # The review: the first throw was the best, the second was not.
    review = event(db, "review", str(shown["round"]), "--draws", "1")
    first, second, *_ = review["decisions"]
    assert {d["method"] for d in review["decisions"]} == {"chance:exact"}
    assert first["thrown"] == "K1" and first["lost"] == 0 and first["matched"]
    assert second["thrown"] == "Y1" and second["best"] != "Y1"
    assert second["lost"] > 0 and second["lost"] == pytest.approx(second["chance_best"] - second["chance_thrown"])
    assert "chance lost" in cli(db, "review", "--draws", "1").stdout
    assert review["decisions_total"] == 3 and review["matched"] == sum(d["lost"] == 0 for d in review["decisions"])

    listed = event(db, "list")
    assert [r["current"] for r in listed["rounds"]] == [False, True]


def test_a_101_round_with_table_melds_and_an_opening(db: Path) -> None:
    start = event(db, "start", "--rules", "101", "-i", "K9", "R1-4 B9-11 K5 Y5 R5 K11-13 Y1 Y3 Y8 B1 B3 R12 R13 K2")
    assert start["advice"]["open_points"] == 101 and start["phase"] == "draw"
    tabled = event(db, "table", "Y9-11")
    assert "Y8" in tabled["advice"]["isler"] and Counter(tabled["seen"]) == Counter(["Y9", "Y10", "Y11"])
    drawn = event(db, "draw", "K10")
    rows = {r["tile"]: r for r in drawn["advice"]["discards"]}
    assert rows["Y8"]["penalty"] == 101 and rows["K10"]["penalty"] == 101  # işler taş, a real okey
    best = drawn["advice"]["discards"][0]
    assert best["can_open"] and best["penalty"] == 0
    melds = "; ".join(" ".join(p["tile"] for p in meld) for meld in best["melds"])
    opened = event(db, "open", melds)
    assert opened["opened"] and same_state(opened, rebuilt(db))
    assert len(opened["hand"]) == 22 - sum(len(m) for m in best["melds"])
    thrown = event(db, "throw", best["tile"])
    assert same_state(thrown, rebuilt(db)) and thrown["phase"] == "draw"
    ended = event(db, "end", "--winner", "Ali", "--finish", "normal")
    assert ended["end"] == {"event": "end", "winner": "Ali", "finish": "normal"}
    after = cli(db, "draw", "R7")
    assert after.returncode == 2 and "ended" in after.stderr


def test_end_enters_the_result_in_the_current_game(db: Path) -> None:
    env = {"OKEYTOOL_DB": str(db)}
    assert in_process("game", "new", "--players", "Ali,Bora,Cem,Deniz", env=env).code == 0
    event(db, "start", "-i", "R4", "R1-3 B5-7 K9-11 Y1-4 K1 K5")
    bad = cli(db, "end", "--winner", "Nobody", "--game")
    assert bad.returncode == 2 and event(db, "show")["end"] is None  # the game refused it: nothing ended
    assert event(db, "end", "--winner", "Bora", "--finish", "okey", "--game")["end"]["winner"] == "Bora"
    game = json.loads(in_process("game", "show", "--json", env=env).out)
    assert game["totals"] == {"Ali": 16, "Bora": 20, "Cem": 16, "Deniz": 16}


def followed_101_round(db: Path) -> dict[str, Any]:
    """A 101 round followed to its opening and the throw after it (the state after the throw)."""
    event(db, "start", "--rules", "101", "-i", "K9", "R1-4 B9-11 K5 Y5 R5 K11-13 Y1 Y3 Y8 B1 B3 R12 R13 K2")
    best = event(db, "draw", "K10")["advice"]["discards"][0]
    event(db, "open", "; ".join(" ".join(p["tile"] for p in meld) for meld in best["melds"]))
    return event(db, "throw", best["tile"])


def test_a_followed_101_round_is_entered_in_the_game(db: Path) -> None:
    """``round end --game`` in 101: the others' openings and hands (by points or tiles) as ``game round``
    takes them, and the follower's own (``--me``) from the round: his opening and the tiles he holds."""
    from okeytool.deal import Deal
    from okeytool.rules import get_rules
    from okeytool.values import hand_value

    env = {"OKEYTOOL_DB": str(db)}
    assert in_process("game", "new", "-r", "101", "--players", "Ali,Bora,Cem,Deniz", env=env).code == 0
    held = followed_101_round(db)["hand"]
    points = hand_value(Deal(get_rules("101"), parse_tile("K9")), [parse_tile(t) for t in held])
    bad = cli(db, "end", "-w", "bora", "--game", "--me", "nobody", "--opened", "bora=melds")
    assert bad.returncode == 2 and "unknown player 'nobody' as --me" in bad.stderr and event(db, "show")["end"] is None
    assert cli(db, "end", "-w", "bora", "--opened", "bora=melds").returncode == 2  # not without --game
    ended = event(db, "end", "-w", "bora", "-f", "normal", "--game", "--me", "ali",
                  "--opened", "bora=melds", "--opened", "cem=pairs", "--hand", "cem=10")  # fmt: skip
    assert ended["end"]["winner"] == "Bora"  # the game's name for him
    game = json.loads(in_process("game", "show", "--json", env=env).out)
    assert game["rounds"][-1]["scores"] == {"Ali": points, "Bora": -101, "Cem": 20, "Deniz": 202}
    # The follower went out himself: his opening comes from the round, the others' hands by tiles.
    assert in_process("game", "undo", env=env).code == 0 and event(db, "undo")["end"] is None
    event(db, "end", "-w", "ali", "--game", "--me", "ali", "--opened", "bora=melds", "--hand", "bora=R3 K9")
    game = json.loads(in_process("game", "show", "--json", env=env).out)
    assert game["rounds"][-1]["scores"] == {"Ali": -101, "Bora": 12, "Cem": 202, "Deniz": 202}
    assert game["rounds"][-1]["document"]["hands"]["Ali"] == {"opened": "melds"}  # went out: no tiles
    # What the follower gives for himself replaces what the round knows.
    assert in_process("game", "undo", env=env).code == 0 and event(db, "undo")["end"] is None
    event(db, "end", "-w", "cem", "--game", "--me", "ali", "--opened", "cem=melds", "--hand", "ali=5")
    game = json.loads(in_process("game", "show", "--json", env=env).out)
    assert game["rounds"][-1]["scores"] == {"Ali": 5, "Bora": 202, "Cem": -101, "Deniz": 202}


def test_gosterme_is_recalled_before_the_first_draw(db: Path) -> None:
    """A hand holding the indicator's twin (R4 beside indicator R4) may show it before its first draw
    (rules.md 3.3): the round says so in its text and in ``may_show_indicator``, and stops after the draw."""
    started = cli(db, "start", "-i", "R4", "R1-4 B5-7 K9-11 Y1-3 K1")
    assert started.returncode == 0, started.stderr
    assert "gösterme: you hold R4, the indicator's twin: show it before your first draw\n" in started.stdout
    assert event(db, "show")["may_show_indicator"] is True
    drawn = event(db, "draw", "K5")
    assert drawn["may_show_indicator"] is False
    assert "gösterme" not in cli(db, "show").stdout
    event(db, "start", "-i", "R4", "R1-4 B5-7 K9-11 Y1-3 K1 K5")  # the starter: until his first throw
    assert "before your first throw" in cli(db, "show").stdout
    assert event(db, "throw", "K5")["may_show_indicator"] is False
    assert event(db, "start", "-i", "R5", "R1-4 B5-7 K9-11 Y1-3 K1")["may_show_indicator"] is False  # no twin
    okey101 = event(db, "start", "-r", "101", "-i", "R4", "R1-4 B5-7 K9-11 Y1-3 K1-3 Y9-13")
    assert okey101["may_show_indicator"] is False  # no gösterme in 101


def test_a_process_killed_mid_command_leaves_the_round_consistent(db: Path) -> None:
    event(db, "start", "-i", "R4", "R1-3 B5-7 K9-11 Y1-4 K1")
    env = {**os.environ, "OKEYTOOL_DB": str(db)}
    counts = []
    for delay in (0.15, 0.4):
        shown = event(db, "show")
        verb = "draw K5" if shown["phase"] == "draw" else "throw K5"
        proc = subprocess.Popen([sys.executable, "-m", "okeytool", "round", *verb.split()], env=env,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)  # fmt: skip
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        after = event(db, "show")
        assert same_state(after, rebuilt(db))
        assert after["events"] in (shown["events"], shown["events"] + 1)
        counts.append(after["events"])
    with RoundBook(db) as book:
        assert [e.verb for e in book.round().events][: counts[-1]][0] == "start"
