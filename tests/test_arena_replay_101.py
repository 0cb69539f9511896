"""The 101 replay checker (tests/arena_replay_101.py) on played and hand-edited records: a played
game passes, and one edited copy per rule is flagged with the problem it breaks; the checker's
scoring table (written from rules.md 5.6-5.7) agrees with ``okeytool score``."""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from arena_replay_101 import FACES, Table101Rules, check_record, expected_scores
from test_arena_101 import OPENER, OPENER_HAND, run_stacked, spread, stacked

from okeytool.arena.run import ArenaRun, play
from okeytool.score import score_document

Event = dict[str, Any]


@cache
def _played() -> tuple[Event, ...]:
    """A played game (random against greedy) with a take, an opening followed by lay-offs in one
    turn, a take used in an opening, a penalised throw, a pair opener and a win."""
    for seed in range(1, 30):
        for games in play(ArenaRun("101", "random", "greedy", deals=3, seed=seed)):
            for game in games:
                events = game.played.events
                pairs = zip(events, events[1:])
                kinds = {e["event"] for e in events}
                if (
                    {"take", "lay", "win"} <= kinds
                    and any("penalties" in e for e in events if e["event"] == "throw")
                    and "pairs" in events[-1]["opened"]
                    and any(a["event"] == "open" and b["event"] == "lay" and a["seat"] == b["seat"] for a, b in pairs)
                    and any(a["event"] == "take" and b["event"] == "open" for a, b in zip(events, events[1:]))
                ):
                    return tuple(events)
    raise AssertionError("no played game has every feature")  # pragma: no cover


def played() -> list[Event]:
    return copy.deepcopy(list(_played()))


def first(events: list[Event], kind: str, where: Callable[[Event], bool] = lambda e: True) -> int:
    return next(i for i, e in enumerate(events) if e["event"] == kind and where(e))


def flagged(events: list[Event], *fragments: str) -> list[str]:
    problems = check_record(events)
    assert any(all(f in p for f in fragments) for p in problems), problems
    return problems


def test_a_played_game_passes() -> None:
    assert check_record(played()) == []


# --- the deal ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        (lambda d: d.update(indicator="F"), "never F"),
        (lambda d: d["stock"].pop(), "the stock holds 19 tiles, not 20"),
        (lambda d: d["stock"].append(d["hands"][1].pop()), "seat 1 is dealt 20 tiles, not 21"),
        (lambda d: d["hands"][2].reverse(), "hands[2] is not in canonical order"),
        (lambda d: d["stock"].__setitem__(0, d["stock"][1]), "not the 106 tiles"),
        (lambda d: d.update(rules="classic"), "replays Okey 101 records"),
        (lambda d: d.update(policies=["a", "b", "c", "d"]), "other than the challenger's"),
    ],
)
def test_bad_deals(change: Callable[[Event], None], fragment: str) -> None:
    events = played()
    change(events[0])
    flagged(events, "event 0:", fragment)


# --- draws and takes --------------------------------------------------------------------------------


def test_a_draw_must_be_the_next_stock_tile() -> None:
    events = played()
    k = first(events, "draw")
    events[k]["tile"] = events[0]["stock"][1]
    flagged(events, f"event {k}:", "the stock's next tile is")


def test_a_take_must_be_the_previous_throw() -> None:
    events = played()
    k = first(events, "take")
    events[k]["tile"] = next(t for t in ("R1", "B2") if t != events[k - 1].get("tile"))
    flagged(events, f"event {k}:", "but the previous seat threw")


def test_a_taken_tile_must_be_laid_at_once() -> None:
    events = played()
    k = next(
        i for i, e in enumerate(events)
        if e["event"] == "draw" and events[i + 1]["event"] == "throw" and events[i - 1]["event"] == "throw"
        and events[i + 1]["tile"] != e["tile"]
    )  # fmt: skip
    events[k] = {"event": "take", "seat": events[k]["seat"], "tile": events[k - 1]["tile"]}
    flagged(events, f"event {k + 1}:", "did not lay it at once")


# --- openings, melds and lay-offs ---------------------------------------------------------------------


def test_an_opening_below_101_must_go_out() -> None:
    events = played()
    k = first(events, "open", lambda e: len(e["melds"][0]) > 2)
    events[k]["melds"] = events[k]["melds"][:1]
    flagged(events, "below 101")


def test_an_opening_with_pairs_needs_five() -> None:
    events = played()
    k = first(events, "open", lambda e: len(e["melds"][0]) == 2)
    events[k]["melds"] = events[k]["melds"][:4]
    flagged(events, f"event {k}:", "4 pairs, fewer than 5")


def test_invalid_melds() -> None:
    events = played()
    k = first(events, "open", lambda e: any(len(m) >= 3 for m in e["melds"]))
    meld = next(m for m in events[k]["melds"] if len(m) >= 3)
    plain = next(p for p in meld if p["tile"] == p["as"])
    plain["as"] = "Y13" if plain["as"] != "Y13" else "Y12"
    flagged(events, f"event {k}:", "but it plays as")
    events = played()
    k = first(events, "open", lambda e: sum(len(m) >= 3 for m in e["melds"]) >= 2)
    one, two = [m for m in events[k]["melds"] if len(m) >= 3][:2]
    one[-1], two[-1] = two[-1], one[-1]  # the same tiles, laid in melds they do not fit
    flagged(events, f"event {k}:", "set")
    events = played()
    k = first(events, "open", lambda e: any(len(m) >= 3 for m in e["melds"]))
    meld = next(m for m in events[k]["melds"] if len(m) >= 3)
    del meld[2:]
    flagged(events, f"event {k}:")


def okey_of(events: list[Event]) -> str:
    indicator = events[0]["indicator"]
    return f"{indicator[0]}{int(indicator[1:]) % 13 + 1}"


def test_lay_offs_after_opening_not_on_a_pair_and_where_they_fit() -> None:
    events = played()
    k = next(i for i, e in enumerate(events) if e["event"] == "lay" and events[i - 1]["event"] == "open")
    events[k - 1], events[k] = events[k], events[k - 1]
    flagged(events, f"event {k - 1}:", "before opening")
    events = played()
    laid: list[int] = []
    for k, event in enumerate(events):
        if event["event"] == "open":
            laid += [len(m) for m in event["melds"]]
        elif event["event"] == "lay" and 2 in laid:
            events[k]["meld"] = laid.index(2)
            break
    else:
        raise AssertionError("no lay-off after a pair was laid")
    flagged(events, f"event {k}:", "on a pair")
    events = played()
    k = first(events, "lay", lambda e: e["tile"] != okey_of(events))
    events[k]["as"] = "Y13" if events[k]["as"] != "Y13" else "R1"
    flagged(events, f"event {k}:", "stands for")


def test_pairs_and_melds_never_mix_in_an_opening() -> None:
    pairs = "R1 R1 R2 R2 R3 R3 R4 R4 R5 R5"
    events = run_stacked(stacked("K1", {0: f"{pairs} K5 K6 K7 B1 B3 B5 B7 B9 B11 Y2 Y4 Y6"}), {})
    k = first(events, "open")
    assert events[k]["seat"] == 0 and len(events[k]["melds"][0]) == 2  # greedy opens with the pairs
    events[k]["melds"].append([{"tile": t, "as": t} for t in ("K5", "K6", "K7")])
    flagged(events, f"event {k}:", "pairs and melds mixed")


# --- throws, finishes, ends -------------------------------------------------------------------------


def test_penalties_must_be_right() -> None:
    events = played()
    k = first(events, "throw", lambda e: "penalties" in e)
    del events[k]["penalties"]
    flagged(events, f"event {k}:", "penalties [], should be")
    events = played()
    k = first(events, "throw", lambda e: "penalties" not in e)
    events[k]["penalties"] = ["okey"]
    flagged(events, f"event {k}:", "should be []")


def test_the_finish_and_the_scores_must_be_right() -> None:
    events = played()
    events[-2]["finish"] = events[-1]["finish"] = "okey" if events[-2]["finish"] != "okey" else "normal"
    flagged(events, "the finish is")
    events = played()
    events[-1]["scores"][0] += 1
    flagged(events, "should be")
    events = played()
    events[-1]["opened"] = [None] * 4
    flagged(events, "opened [None, None, None, None] should be")
    events = played()
    events[-1]["penalties"] = [9, 9, 9, 9]
    flagged(events, "penalties [9, 9, 9, 9] should be")


def test_an_aborted_round_only_when_the_stock_is_empty() -> None:
    events = played()
    k = first(events, "draw")
    cut = events[: k + 2] + [{"event": "end", "winner": None, "finish": "aborted", "scores": [0, 0, 0, 0]}]
    flagged(cut, "tiles left in the stock")


def test_no_draw_from_an_empty_stock() -> None:
    for games in play(ArenaRun("101", "greedy", "greedy", deals=5, seed=1)):
        for game in games:
            events = copy.deepcopy(list(game.played.events))
            if events[-1]["finish"] == "aborted" and events[-1].get("reason", "").startswith("the seat to move"):
                end = events.pop()
                seat = (events[-1]["seat"] + 1) % 4
                events += [{"event": "draw", "seat": seat, "tile": "R1"}, end]
                flagged(events, "draws from an empty stock")
                return
    raise AssertionError("no round ran out of stock")  # pragma: no cover


def test_elden_and_its_edits() -> None:
    melds = [spread("R1-7"), spread("B1-7"), spread("Y1-7")]
    events = run_stacked(stacked("K1", {0: "R1-7 B1-7 Y1-7 K9"}), {0: [{"open": melds, "throw": "K9"}]})
    assert events[-2]["finish"] == "elden"
    edited = copy.deepcopy(events)
    edited[-2] = {"event": "throw", "seat": 0, "tile": "K9"}
    flagged(edited, "opened below 101 and did not go out")
    flagged(edited, "throws his last tile")
    edited = copy.deepcopy(events)
    edited[-2]["finish"] = edited[-1]["finish"] = "normal"
    flagged(edited, "the finish is 'elden', not 'normal'")


def test_a_one_turn_finish_after_another_opened_is_not_elden() -> None:
    dealt = stacked("K1", {0: OPENER_HAND, 1: "R1-13 B1-7 K2"}, stock="B8")
    play_ = {"open": [spread("R1-13"), spread("B1-8")], "throw": "K2"}
    events = run_stacked(dealt, {0: [OPENER], 1: [{"take": False}, play_]})
    events[-2]["finish"] = events[-1]["finish"] = "elden+okey"
    flagged(events, "the finish is 'okey', not 'elden+okey'")


def test_nothing_after_four_pair_openings() -> None:
    groups = ["R1-5", "R6-10", "B1-5", "B6-10"]
    fixed = {s: " ".join(f"{t} {t}" for t in spread(g)) for s, g in enumerate(groups)}
    dealt = stacked("K1", fixed, seed=3)
    scripts: dict[int, list[Any]] = {}
    for seat, group in enumerate(groups):
        filler = next(str(t) for t in dealt.hands[seat] if str(t) not in spread(group))
        answer = {"open": [[t, t] for t in spread(group)], "throw": filler}
        scripts[seat] = [answer] if seat == 0 else [{"take": False}, answer]
    events = run_stacked(dealt, scripts)
    end = events.pop()
    events += [{"event": "throw", "seat": 3, "tile": scripts[3][1]["throw"]}, end]
    flagged(events, "after every seat opened with pairs")


# --- the scoring table against okeytool score ----------------------------------------------------------


@pytest.mark.parametrize("seed", range(12))
def test_the_scoring_table_agrees_with_okeytool_score(seed: int) -> None:
    """arena.md: scores are "as ``okeytool score`` gives it"; the checker's table is written separately."""
    rng = random.Random(seed)
    stack = rng.random() < 0.7
    rules = Table101Rules("K2", 101, 5, True, rng.choice([404, 500, 300]), stack)
    pool = [t for t in [*FACES, *FACES, "F", "F"] if t != "K1"]
    rng.shuffle(pool)
    finish = rng.choice(["normal", "okey", "pairs", "pairs+okey", "elden", "elden+okey", "aborted"])
    winner = None if finish == "aborted" else rng.randrange(4)
    opened: list[str | None] = [rng.choice([None, "melds", "pairs"]) for _ in range(4)]
    if winner is not None:
        opened[winner] = "pairs" if finish.startswith("pairs") else "melds"
        if finish.startswith("elden"):
            opened = [o if s == winner else None for s, o in enumerate(opened)]
    hands = [Counter() if s == winner else Counter(pool[s * 6 : s * 6 + rng.randrange(1, 6)]) for s in range(4)]
    penalties = [rng.choice([0, 0, 1, 2]) for _ in range(4)]
    players = ["P0", "P1", "P2", "P3"]
    document = {
        "rules": "101",
        "options": {"stack_multipliers": stack, "unopened_cap": rules.unopened_cap},
        "players": players,
        "winner": None if winner is None else players[winner],
        "finish": {"pairs": "normal", "pairs+okey": "okey"}.get(finish, finish),
        "indicator": "K1",
        "hands": {
            p: {"opened": opened[s], "tiles": " ".join(sorted(hands[s].elements()))} for s, p in enumerate(players)
        },
        "penalties": {p: penalties[s] for s, p in enumerate(players) if penalties[s]},
    }
    theirs = score_document(document).scores
    mine = expected_scores(rules, winner, finish, opened, hands, penalties)
    assert mine == [theirs[p] for p in players], document
