"""The Okey 101 arena: rounds of every policy pair replayed by the independent checker
(:mod:`arena_replay_101`), a 1,000-round run, stacked deals that reach every finish (elden, okey,
pairs, an aborted round) and the answers that forfeit, programs in seats, and the command."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Mapping
from itertools import permutations
from pathlib import Path
from typing import Any

import pytest
from arena_replay_101 import check_record

from okeytool.arena.policies101 import GreedyPolicy101
from okeytool.arena.run import ArenaRun, play
from okeytool.arena.seats import Message, Seat
from okeytool.arena.table101 import play_round_101, round_scores_101
from okeytool.deal import Deal
from okeytool.parse.notation import parse_tiles
from okeytool.rules import get_rules
from okeytool.solver.games import Dealt, game_of
from okeytool.tiles import Tile

RULES = get_rules("101")
ROOT = Path(__file__).parent.parent
BOT = ROOT / "examples" / "arena_bot_101.py"
POLICIES = ("random", "greedy", "acceptance")
TIMING = ("seconds", "rounds_per_second")
HEADER = {"deal": 0, "game": 0, "rules": "101", "options": {}}


def events_of(run: ArenaRun, **where: Any) -> list[dict[str, Any]]:
    return [event for games in play(run, **where) for game in games for event in game.played.events]


@pytest.mark.parametrize("pair", list(permutations(POLICIES, 2)), ids="-".join)
def test_every_policy_pair_plays_by_the_rules(pair: tuple[str, str]) -> None:
    challenger, champion = pair
    events = events_of(ArenaRun("101", challenger, champion, deals=2, seed=21))
    assert check_record(events) == []
    ends = [e for e in events if e["event"] == "end"]
    assert len(ends) == 8 and not [e for e in ends if e["finish"] == "forfeit"]


def test_the_chance_policy_plays_by_the_rules_and_reports_its_opening_chance() -> None:
    """``chance`` against ``acceptance``: the record replays by the rules, and each throw the chance
    seat made before opening with a chance on it reports a chance in [0, 1] and costs no penalty."""
    events = events_of(ArenaRun("101", "chance", "acceptance", deals=1, seed=21))
    assert check_record(events) == []
    reported = 0
    for event in events:
        if event["event"] == "deal":
            challenger = event["game"]
        if event["event"] == "throw" and "chance" in event:
            assert event["seat"] == challenger  # only the chance policy reports one
            assert 0.0 <= event["chance"] <= 1.0
            assert "penalties" not in event
            reported += 1
    assert reported > 0


def test_the_chance_policy_takes_the_runs_work_and_risk() -> None:
    from okeytool.arena.policies101 import make_policy

    seat = make_policy("chance", RULES, random.Random(0), work=0.5, risk=0.1)
    assert (seat.work, seat.risk) == (0.5, 0.1)  # type: ignore[attr-defined]
    plain = make_policy("chance", RULES, random.Random(0))
    assert plain.risk is None  # type: ignore[attr-defined]


def test_the_summary_names_the_work_and_risk_the_101_policy_played_with() -> None:
    from okeytool.arena.policies101 import DEFAULT_WORK_101
    from okeytool.arena.run import seat as seat_of
    from okeytool.solver.okey101.chance import DEFAULT_RISK

    run = ArenaRun("101", "chance", "acceptance", deals=1, seed=1)
    seat = seat_of(run, RULES, "chance", 0, 0, 0)
    assert run.settings() == {
        "work": seat.work, "risk": DEFAULT_RISK,  # type: ignore[attr-defined]
    }  # fmt: skip
    assert seat.work == DEFAULT_WORK_101 and seat.risk is None  # type: ignore[attr-defined]
    given = ArenaRun("101", "chance", "acceptance", deals=1, seed=1, work=0.5, risk=0.1)
    assert given.settings() == {"work": 0.5, "risk": 0.1}
    assert ArenaRun("classic", "chance", "acceptance", deals=1, seed=1).settings()["risk"] == "fitted"


#: The 1,000-round run: 250 deals of random against greedy (the cheapest pair; about 17 s of one
#: core in all), in four parts so that the suite's two processes share it.
THOUSAND = ArenaRun("101", "random", "greedy", deals=250, seed=2026)
PARTS = 4


@pytest.mark.parametrize("part", range(PARTS))
def test_a_thousand_rounds_replay_by_the_rules(part: int) -> None:
    """Every round legal, no built-in policy forfeits, and each kind of event occurs."""
    from okeytool.arena.run import play_deal

    deals = range(part, THOUSAND.deals, PARTS)
    events = [e for k in deals for game in play_deal(THOUSAND, k) for e in game.played.events]
    assert check_record(events) == []
    ends = [e for e in events if e["event"] == "end"]
    finishes = Counter(e["finish"] for e in ends)
    assert len(ends) == 4 * len(deals) and "forfeit" not in finishes
    assert finishes["normal"] > 0 and finishes["aborted"] > 0
    kinds = Counter(e["event"] for e in events)
    assert kinds["take"] and kinds["lay"] and kinds["open"] and kinds["win"]
    assert any("penalties" in e for e in events if e["event"] == "throw")


def test_options_change_the_thresholds() -> None:
    options = {"open_points": "60", "open_pairs": "4", "jokers_in_pairs": "false"}
    events = events_of(ArenaRun("101", "greedy", "acceptance", deals=2, seed=4, options=options))
    assert check_record(events) == []
    assert events[0]["options"] == options


# --- stacked deals and scripted seats ---------------------------------------------------------------


def stacked(indicator: str, fixed: Mapping[int, str], stock: str = "", *, seed: int = 0) -> Dealt:
    """A deal with the tiles ``fixed`` in those seats (seat 0 starts: 22 tiles, the others 21) and the
    stock starting with ``stock``; the other tiles shuffled by ``seed`` fill the rest."""
    pool = Counter(game_of(RULES).tiles(RULES))
    pool[Tile.parse(indicator)] -= 1
    for text in [*fixed.values(), stock]:
        pool -= Counter(parse_tiles(text)) if text else Counter()
    assert all(n >= 0 for n in pool.values())
    rest = sorted(pool.elements())
    random.Random(seed).shuffle(rest)
    hands = []
    for seat in range(4):
        held = list(parse_tiles(fixed[seat])) if seat in fixed else []
        while len(held) < (22 if seat == 0 else 21):
            held.append(rest.pop())
        hands.append(tuple(held))
    head = list(parse_tiles(stock)) if stock else []
    return Dealt(Tile.parse(indicator), tuple(hands), tuple(head + rest), 0)


class Scripted(GreedyPolicy101):
    """Answers from a script first (one entry per request: a take's, then a play's), then as greedy."""

    name = "script"

    def __init__(self, script: list[Message]) -> None:
        super().__init__(RULES, random.Random(0))
        self.script = list(script)

    def ask(self, request: Message) -> Message:
        if self.script:
            return self.script.pop(0)
        return super().ask(request)


def run_stacked(dealt: Dealt, scripts: Mapping[int, list[Message]]) -> list[dict[str, Any]]:
    seats: list[Seat] = [Scripted(scripts.get(s, [])) for s in range(4)]
    events = list(play_round_101(RULES, dealt, seats, {**HEADER, "options": {}}).events)
    events[0]["policies"] = ["script"] * 4
    assert check_record(events) == [], check_record(events)
    return events


def spread(text: str) -> list[str]:
    return [str(t) for t in parse_tiles(text)]


ELDEN_HAND = "R1-7 B1-7 Y1-7"  # three runs of seven: 84 points, below 101
ELDEN_MELDS = [spread("R1-7"), spread("B1-7"), spread("Y1-7")]


@pytest.mark.parametrize(("last", "finish", "scores"), [("K9", "elden", [-202, 404, 404, 404]),
                                                        ("K2", "elden+okey", [-404, 808, 808, 808])])  # fmt: skip
def test_elden_lays_every_tile_in_one_turn_even_below_101(last: str, finish: str, scores: list[int]) -> None:
    dealt = stacked("K1", {0: f"{ELDEN_HAND} {last}"})  # the okey is K2
    events = run_stacked(dealt, {0: [{"open": ELDEN_MELDS, "throw": last}]})
    win, end = events[-2], events[-1]
    assert win == {"event": "win", "seat": 0, "throw": last, "finish": finish}
    assert end["winner"] == 0 and end["finish"] == finish and end["scores"] == scores


#: Seat 0 opens first (Y1-13 and B9-11: 121 points) and throws K4.
OPENER = {"open": [spread("Y1-13"), spread("B9-11")], "throw": "K4"}
OPENER_HAND = "Y1-13 B9-11 K4 K6 K8 K10 K12 B13"


def test_a_one_turn_finish_after_another_opened_is_an_okey_finish_not_elden() -> None:
    dealt = stacked("K1", {0: OPENER_HAND, 1: "R1-13 B1-7 K2"}, stock="B8")
    events = run_stacked(dealt, {0: [OPENER], 1: [{"take": False}, {"open": [spread("R1-13"), spread("B1-8")],
                                                                      "throw": "K2"}]})  # fmt: skip
    end = events[-1]
    assert end["winner"] == 1 and end["finish"] == "okey"
    # m = 2: the winner -202; seat 0 opened with melds, P = 6 + 8 + 10 + 12 + 13 = 49; the others never opened.
    assert end["scores"] == [98, -202, 404, 404] and end["opened"] == ["melds", "melds", None, None]


@pytest.mark.parametrize(("last", "finish", "scores"), [("K13", "pairs", [98, -202, 404, 404]),
                                                        ("K2", "pairs+okey", [196, -404, 404, 404])])  # fmt: skip
def test_a_pair_opener_goes_out_laying_off_on_another_seats_meld(last: str, finish: str, scores: list[int]) -> None:
    pairs = "R1 R1 R2 R2 R3 R3 R4 R4 R5 R5 R6 R6 R7 R7 R8 R8 R9 R9 R10 R10"
    dealt = stacked("K1", {0: OPENER_HAND, 1: f"{pairs} B12"}, stock=last)
    play = {"open": [[t, t] for t in spread("R1-10")], "lay": [{"tile": "B12", "meld": 1}], "throw": last}
    events = run_stacked(dealt, {0: [OPENER], 1: [{"take": False}, play]})
    end = events[-1]
    assert end["winner"] == 1 and end["finish"] == finish and end["scores"] == scores


def test_four_pair_openings_abort_the_round() -> None:
    groups = ["R1-5", "R6-10", "B1-5", "B6-10"]
    fixed = {s: " ".join(f"{t} {t}" for t in spread(g)) for s, g in enumerate(groups)}
    dealt = stacked("K1", fixed, seed=3)
    scripts: dict[int, list[Message]] = {}
    for seat, group in enumerate(groups):
        filler = next(t for t in dealt.hands[seat] if str(t) not in spread(group))
        answer = {"open": [[t, t] for t in spread(group)], "throw": str(filler)}
        scripts[seat] = [answer] if seat == 0 else [{"take": False}, answer]
    events = run_stacked(dealt, scripts)
    end = events[-1]
    assert events[-2]["event"] == "open" and events[-2]["seat"] == 3
    assert end["winner"] is None and end["finish"] == "aborted" and end["reason"] == "every seat opened with pairs"
    assert end["opened"] == ["pairs"] * 4


def test_a_round_scores_as_okeytool_score_scores_it() -> None:
    deal = Deal(RULES, Tile.parse("K1"))
    hands = [(), tuple(parse_tiles("R3 K9 F")), tuple(parse_tiles("K2 B5")), tuple(parse_tiles("Y13"))]
    scores = round_scores_101(RULES, deal, 0, "normal", ["melds", "melds", None, "pairs"], hands, [0, 1, 0, 0])
    # P: 3 + 9 + 2 (F plays the okey K2) = 14; an unopened hand 202; a pair opener 2 x 13; a penalty 101.
    assert scores == (-101, 14 + 101, 202, 26)
    aborted = round_scores_101(RULES, deal, None, "aborted", [None] * 4, hands, [1, 0, 0, 0])
    assert aborted == (101, 0, 101, 0)  # a real okey held costs 101; penalties stand


BAD_ANSWERS = {
    "not a tile": ({"throw": "Q9"}, "not a tile"),
    "no throw": ({}, 'needs "throw"'),
    "opening below 101 without going out": ({"open": ELDEN_MELDS[:2], "throw": "K9"}, "elden only"),
    "pairs and melds": ({"open": [spread("R1-7"), ["B1", "B1"]], "throw": "K9"}, "never mix"),
    "a lay-off before opening": ({"lay": [{"tile": "R7", "meld": 0}], "throw": "K9"}, "after the seat's opening"),
    "tiles not held": ({"open": [spread("R1-3"), spread("R1-3")], "throw": "K9"}, "R1 R2 R3 not in"),
    "a meld that is none": ({"open": [["R1", "B2", "Y3"]], "throw": "K9"}, "not a valid set or run"),
    "a meld of one tile": ({"open": [*ELDEN_MELDS, ["K9"]], "throw": "K9"}, "not a valid set or run"),
    "a thrown tile laid": ({"open": ELDEN_MELDS, "throw": "R1"}, "R1 is not in the seat's hand"),
}


@pytest.mark.parametrize("case", list(BAD_ANSWERS))
def test_an_answer_the_rules_refuse_forfeits_the_seats_game(case: str) -> None:
    answer, words = BAD_ANSWERS[case]
    events = run_stacked(stacked("K1", {0: f"{ELDEN_HAND} K9"}), {0: [answer]})
    end = events[-1]
    assert end["finish"] == "forfeit" and end["seat"] == 0 and words in end["reason"], end


def test_a_turn_keeps_one_tile_to_throw() -> None:
    every = [spread("R1-8"), spread("B1-7"), spread("Y1-7")]
    events = run_stacked(stacked("K1", {0: "R1-8 B1-7 Y1-7"}), {0: [{"open": every, "throw": "R8"}]})
    assert events[-1]["finish"] == "forfeit" and "keep one tile to throw" in events[-1]["reason"]


def test_a_taken_tile_must_be_laid_at_once() -> None:
    dealt = stacked("K1", {0: OPENER_HAND})
    events = run_stacked(dealt, {0: [OPENER], 1: [{"take": True}, {"throw": "K4"}]})
    assert events[-2] == {"event": "take", "seat": 1, "tile": "K4"}
    assert events[-1]["finish"] == "forfeit" and "must be laid at once" in events[-1]["reason"]


def test_a_pair_opener_lays_nothing_on_a_pair() -> None:
    pairs = "R1 R1 R2 R2 R3 R3 R4 R4 R5 R5"
    dealt = stacked("K1", {0: f"{pairs} R6"})
    play = {"open": [[t, t] for t in spread("R1-5")], "lay": [{"tile": "R6", "meld": 4}], "throw": "R6"}
    events = run_stacked(dealt, {0: [play]})
    assert events[-1]["finish"] == "forfeit" and "nothing is laid off on a pair" in events[-1]["reason"]


# --- programs in seats and the command --------------------------------------------------------------


def test_the_engine_seated_as_a_program_plays_as_the_built_in_policy() -> None:
    engine = f"cmd:{sys.executable} -m okeytool engine --policy greedy"
    served = events_of(ArenaRun("101", engine, "acceptance", deals=1, seed=8))
    built_in = events_of(ArenaRun("101", "greedy", "acceptance", deals=1, seed=8))
    for event in (*served, *built_in):
        event.pop("policies", None)
    assert served == built_in


def test_the_example_bot_plays_by_the_protocol() -> None:
    events = events_of(ArenaRun("101", f"cmd:{sys.executable} {BOT}", "greedy", deals=1, seed=2))
    assert check_record(events) == []
    ends = [e for e in events if e["event"] == "end"]
    assert len(ends) == 4 and not [e for e in ends if e["finish"] == "forfeit"]
    assert all(end["opened"][game] is None for game, end in enumerate(ends))  # it never opens


def _run_cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "okeytool", "arena", "--rules", "101", *args],
        capture_output=True, text=True, cwd=cwd, timeout=240,
    )  # fmt: skip


def test_the_command_summary_record_and_processes(tmp_path: Path) -> None:
    from okeytool.arena.record import read_record
    from okeytool.arena.summary import Tally

    common = ["--challenger", "acceptance", "--champion", "greedy", "--deals", "2", "--seed", "3", "--json"]
    one = _run_cli(*common, "--record", "one.jsonl", cwd=tmp_path)
    two = _run_cli(*common, "--jobs", "2", "--record", "two.jsonl", cwd=tmp_path)
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert (tmp_path / "one.jsonl").read_bytes() == (tmp_path / "two.jsonl").read_bytes()
    summary = json.loads(one.stdout)
    for key in TIMING:
        summary.pop(key)
    second = json.loads(two.stdout)
    assert summary == {k: v for k, v in second.items() if k not in TIMING}
    assert summary["rules"] == "101" and summary["rounds"] == 8 and summary["calibration"] is None
    figures = summary["okey101"]
    assert set(figures) == {
        "finish_rate", "finish_rate_ci95", "aborted_rate", "challenger", "champion", "difference", "matches"
    }  # fmt: skip
    assert set(figures["challenger"]) == {"score", "unopened_rate", "pairs_rate", "penalties_per_round"}
    assert figures["finish_rate"] + figures["aborted_rate"] == pytest.approx(1.0)
    # the score difference is the points difference with the sign turned (lower is better)
    assert figures["difference"]["score"] == pytest.approx(-summary["difference"]["points"])
    for key in ("unopened_rate", "penalties_per_round"):  # challenger minus champion, as the sides say
        side = figures["challenger"][key] - figures["champion"][key]
        assert figures["difference"][key] == pytest.approx(side, abs=1e-5)
    events = [json.loads(line) for line in (tmp_path / "one.jsonl").read_text().splitlines()]
    # the intervals, worked out again from the record's end events: one cluster per deal
    from okeytool.arena.stats import clustered_mean

    by_deal: dict[int, list[tuple[int, dict[str, Any]]]] = {}
    for event in events:
        if event["event"] == "deal":
            deal, game = event["deal"], event["game"]
        elif event["event"] == "end":
            by_deal.setdefault(deal, []).append((game, event))

    def less_others(values: list[float], game: int) -> float:
        return values[game] - sum(v for s, v in enumerate(values) if s != game) / 3

    unopened = [[less_others([o is None for o in e["opened"]], g) for g, e in ends] for ends in by_deal.values()]
    penalties = [[less_others(e["penalties"], g) for g, e in ends] for ends in by_deal.values()]
    finished = [[float(e["winner"] is not None) for _, e in ends] for ends in by_deal.values()]
    for key, values in (("unopened_rate", unopened), ("penalties_per_round", penalties)):
        mean, interval = clustered_mean(values)
        assert figures["difference"][key] == pytest.approx(mean, abs=1e-6)
        assert figures["difference"][f"{key}_ci95"] == pytest.approx(list(interval or ()), abs=1e-6)
    assert figures["finish_rate_ci95"] == pytest.approx(list(clustered_mean(finished)[1] or ()), abs=1e-6)
    assert check_record(events) == []
    run = ArenaRun("101", "acceptance", "greedy", deals=2, seed=3)
    tally = Tally(run.the_rules())
    for games in read_record(tmp_path / "one.jsonl"):
        tally.add(games)
    again = tally.to_json(run, 1.0)
    assert again["okey101"] == figures


def test_the_table_summary_shows_the_101_figures(tmp_path: Path) -> None:
    result = _run_cli("--challenger", "greedy", "--champion", "random", "--deals", "1", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "difference in round score (lower is better)" in result.stdout
    assert "unopened" in result.stdout and "aborted" in result.stdout


@pytest.mark.parametrize(
    ("args", "words"),
    [(["--challenger", "points"], "unknown policy 'points'"), (["-O", "wrap=true"], "not part of the 101 rules")],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], words: str, tmp_path: Path) -> None:
    result = _run_cli("--deals", "1", *args, cwd=tmp_path)
    assert result.returncode == 2 and words in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.stderr


def test_matches_of_five_counted_rounds_are_scored_as_the_ledger_scores_a_game() -> None:
    from okeytool.arena.summary101 import Matches

    matches = Matches(get_rules("101"))
    rounds = [(0, 1, "normal", [-101, 30, 202, 12]), (1, None, "aborted", [0, 101, 0, 0])]
    rounds += [(2 + k, 2, "normal", [50, 40, -101, 60]) for k in range(4)]
    for deal, winner, finish, scores in rounds[:-1]:
        matches.add(deal, 0, winner, finish, scores)
    assert matches.done == []  # four counted rounds: the aborted one does not count (rules.md 5.7)
    matches.add(*rounds[-1][:1], 0, *rounds[-1][1:])
    # totals: seat 0 -101 + 200 = 99, seat 1 30 + 101 + 160 = 291, seat 2 202 - 404 = -202, seat 3 252:
    # the lowest, seat 2 (a champion's seat), wins the match that began at deal 0
    assert matches.done == [(0, 0, 1)]
    document = matches.to_json()
    assert document["played"] == 1 and document["challenger"]["wins"] == 0
    assert document["champion"]["wins"] == pytest.approx(1 / 3)
    # by team, partners opposite: seats 0+2 total 99 - 202 + 2 x starting points, seats 1+3 291 + 252 + the
    # same: the challenger's team (with seat 2) wins the match
    assert matches.teams_done == [(0, 1, 0)]
    teams = document["teams"]
    assert teams["played"] == 1 and teams["challenger_team"]["wins"] == 1 and teams["other_team"]["wins"] == 0


def test_team_matches_of_equal_policies_come_out_even() -> None:
    """Duplicate deals with one policy in every seat: the four games of a deal are the same game,
    the challenger's team is each team in turn, so the team difference is exactly 0."""
    from okeytool.arena.summary import Tally

    run = ArenaRun("101", "greedy", "greedy", deals=40, seed=5)
    tally = Tally(run.the_rules())
    for games in play(run):
        tally.add(games)
    summary = tally.to_json(run, 1.0)["okey101"]["matches"]["teams"]
    assert summary["played"] > 0
    assert summary["difference"]["win_rate"] == 0 and summary["challenger_team"] == summary["other_team"]


def test_the_policy_help_names_every_policy_of_each_game() -> None:
    from okeytool.arena.tables import policies_for
    from okeytool.commands.arena import POLICY_HELP

    classic, _, rest = POLICY_HELP.partition(" (101: ")
    of_101 = rest.partition(")")[0]
    assert set(classic.split(", ")) == set(policies_for(get_rules("classic")))
    assert set(of_101.split(", ")) == set(policies_for(get_rules("101")))
