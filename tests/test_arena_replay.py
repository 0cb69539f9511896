"""The arena replay checker (tests/arena_replay.py) on hand-made records: valid games pass, and one
mutated copy per rule is flagged with the problem it breaks."""

from __future__ import annotations

import copy
import gzip
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from arena_replay import FULL_SET, Scoring, check_record, expected_scores, load_record

from okeytool.score import score_document
from okeytool.tiles import Tile

Event = dict[str, Any]

#: Indicator Y7: the okey (wild) is Y8, the indicator's twin is the other Y7.
INDICATOR = "Y7"
#: 14 tiles in melds (3 + 4 + 3 + 4), none of them wild.
MELDS_14 = "R1 R2 R3 B4 B5 B6 B7 K7 K8 K9 Y10 Y11 Y12 Y13"
#: Seven pairs that are also a meld hand (R1-3 twice, B5-7 twice, the two real okeys as R4 and B8).
BOTH_14 = "R1 R1 R2 R2 R3 R3 B5 B5 B6 B6 B7 B7 Y8 Y8"
#: Seven pairs only, with the twin Y7 paired with a real okey.
PAIRS_14 = "R1 R1 R2 R2 R3 R3 B5 B5 B6 B6 K7 K7 Y7 Y8"


def ordered(tiles: list[str]) -> list[str]:
    """Tiles in canonical order (R B K Y, then number, F last), as the record writes a hand."""
    order = "RBKY"
    return sorted(tiles, key=lambda t: (4, 0) if t == "F" else (order.index(t[0]), int(t[1:])))


def make_deal(
    *,
    seed: int,
    starter: int = 0,
    starter_hand: str | None = None,
    twin_seat: int | None = None,
    rules: str = "classic",
    options: dict[str, Any] | None = None,
    deal: int = 0,
    game: int = 0,
) -> Event:
    """A deal event: ``starter_hand`` (15 tiles) to the starter if given, the indicator's twin to
    ``twin_seat`` if given, the rest shuffled by ``seed``; 14 tiles to each other seat, 48 to the stock."""
    rest = [str(t) for t in FULL_SET.elements()]
    rest.remove(INDICATOR)
    fixed = starter_hand.split() if starter_hand else []
    for tile in fixed:
        rest.remove(tile)
    random.Random(seed).shuffle(rest)
    if twin_seat is not None and twin_seat != starter:
        rest.remove(INDICATOR)
    hands: list[list[str]] = [[] for _ in range(4)]
    hands[starter] = fixed or [rest.pop() for _ in range(15)]
    for seat in range(4):
        if seat != starter:
            hands[seat] = [INDICATOR] if seat == twin_seat else []
            hands[seat] += [rest.pop() for _ in range(14 - len(hands[seat]))]
    assert len(rest) == 48
    policies = ["champion"] * 4
    policies[game] = "challenger"
    return {
        "event": "deal",
        "deal": deal,
        "game": game,
        "rules": rules,
        "options": options or {},
        "indicator": INDICATOR,
        "starter": starter,
        "hands": [ordered(h) for h in hands],
        "stock": rest,
        "policies": policies,
    }


def win_game(hand14: str, throw: str, finish: str, scores: list[int], *, show: int | None = None) -> list[Event]:
    """Seat 0 starts with ``hand14`` + ``throw`` and wins at once; ``show`` shows the twin first."""
    twin_seat = None if show == 0 else show
    events = [make_deal(seed=5, starter_hand=f"{hand14} {throw}", twin_seat=twin_seat)]
    if show is not None:
        events.append({"event": "show", "seat": show})
    events.append({"event": "win", "seat": 0, "throw": throw, "finish": finish})
    events.append({"event": "end", "winner": 0, "finish": finish, "scores": scores})
    return events


def okey_win() -> list[Event]:
    """Melds, the real okey thrown (okey finish); seat 2 showed the twin. Pagat: others −4, and the
    gösterme −1 to all but seat 2."""
    return win_game(MELDS_14, "Y8", "okey", [-1, -5, -4, -5], show=2)


def null_game(seed: int = 3, *, scheme: str | None = None, deal: int = 0) -> list[Event]:
    """A whole round played by a tiny seeded player that never wins: it shows the twin when it can,
    takes the previous throw one time in five, else draws, and throws a random tile. It ends as a
    null round when the stock is empty and the seat to move does not take."""
    options = {} if scheme is None else {"scheme": scheme}
    dealt = make_deal(seed=seed, starter=1, twin_seat=2, options=options, deal=deal)
    rng = random.Random(seed)
    hands = [list(h) for h in dealt["hands"]]
    stock = list(dealt["stock"])
    events: list[Event] = [dealt]
    seat, last, shower = 1, None, None
    started: set[int] = set()
    while True:
        if seat not in started and INDICATOR in hands[seat] and scheme != "okeygg":
            events.append({"event": "show", "seat": seat})
            shower = seat
        if seat in started or seat != 1:  # every turn but the starter's first begins with a pick
            if last is not None and rng.random() < 0.2:
                events.append({"event": "take", "seat": seat, "tile": last})
                hands[seat].append(last)
            elif stock:
                events.append({"event": "draw", "seat": seat, "tile": stock[0]})
                hands[seat].append(stock.pop(0))
            else:
                break
        started.add(seat)
        last = rng.choice(sorted(hands[seat]))
        hands[seat].remove(last)
        events.append({"event": "throw", "seat": seat, "tile": last})
        seat = (seat + 1) % 4
    scores = [0] * 4 if shower is None else [0 if s == shower else -1 for s in range(4)]
    events.append({"event": "end", "winner": None, "finish": None, "scores": scores})
    return events


def first(events: list[Event], kind: str) -> int:
    """The index of the first event of ``kind``."""
    return next(i for i, e in enumerate(events) if e["event"] == kind)


def flagged(events: list[Event], *fragments: str) -> list[str]:
    """The problems of ``events``; asserts one of them contains every fragment."""
    problems = check_record(events)
    assert any(all(f in p for f in fragments) for p in problems), problems
    return problems


# --- valid records ----------------------------------------------------------------------------------


def test_valid_okey_finish_with_gosterme() -> None:
    events = okey_win()
    assert events[0]["hands"][2].count(INDICATOR) == 1
    assert check_record(events) == []


@pytest.mark.parametrize(
    ("hand14", "throw", "finish", "scores", "show"),
    [
        (MELDS_14, "K2", "normal", [0, -2, -2, -2], None),
        (MELDS_14, "F", "normal", [0, -2, -2, -2], None),  # F is not wild: a normal finish
        (BOTH_14, "K2", "pairs", [0, -4, -4, -4], None),  # melds and seven pairs: scores as pairs
        (PAIRS_14, "Y8", "pairs+okey", [0, -9, -9, -9], 0),  # the starter shows, then wins
    ],
)
def test_valid_wins(hand14: str, throw: str, finish: str, scores: list[int], show: int | None) -> None:
    assert check_record(win_game(hand14, throw, finish, scores, show=show)) == []


def test_valid_null_round_played_out() -> None:
    events = null_game()
    kinds = [e["event"] for e in events]
    assert kinds.count("draw") == 48 and "take" in kinds and "show" in kinds
    assert events[-1]["scores"] == [-1, -1, 0, -1]
    assert check_record(events) == []


def test_valid_null_round_in_the_penalty_and_okeygg_schemes() -> None:
    events = null_game(scheme="penalty")
    events[-1]["scores"] = [1, 1, 0, 1]
    assert check_record(events) == []
    assert check_record(null_game(scheme="okeygg")) == []


def test_scores_in_other_schemes_and_options() -> None:
    events = okey_win()
    events[0]["options"] = {"scheme": "okeygg"}
    del events[1]  # okeygg has no gösterme
    events[-1]["scores"] = [4, 0, 0, 0]
    assert check_record(events) == []
    events = win_game(PAIRS_14, "Y8", "pairs+okey", [0, -5, -5, -5], show=0)
    events[0]["options"] = {"stack_multipliers": False}
    assert check_record(events) == []
    events[0]["options"] = {"renkli": True}  # a yellow indicator: renkli changes nothing
    events[-1]["scores"] = [0, -9, -9, -9]
    assert check_record(events) == []


def test_forfeit_may_end_a_game_anywhere() -> None:
    events = null_game()[:20]
    events.append(
        {"event": "end", "winner": None, "finish": "forfeit", "seat": 3, "reason": "timeout", "scores": [0] * 4}
    )
    assert check_record(events) == []


def test_four_games_of_one_deal_and_a_record_file(tmp_path: Path) -> None:
    record: list[Event] = []
    for game in range(4):
        events = okey_win()
        events[0]["game"] = game
        events[0]["policies"] = ["champion"] * 4
        events[0]["policies"][game] = "challenger"
        record += events
    record += null_game(deal=1)
    path = tmp_path / "arena.jsonl.gz"
    with gzip.open(path, "wt", encoding="utf-8") as out:
        out.writelines(json.dumps(e) + "\n" for e in record)
    assert load_record(path) == record
    assert check_record(load_record(path)) == []


# --- one mutated copy per rule ----------------------------------------------------------------------


def test_wrong_draw_tile() -> None:
    events = null_game()
    k = first(events, "draw")
    events[k]["tile"] = events[0]["stock"][1]
    problems = flagged(events, f"event {k}:", "draws", f"next tile is {events[0]['stock'][0]}")
    assert len(problems) == 1  # the play is not followed past a tile that is not there


def test_take_of_a_tile_not_last_thrown() -> None:
    events = null_game()
    k = first(events, "take")
    thrown = events[k - 1]["tile"]
    events[k]["tile"] = next(t for t in ("R1", "B2") if t != thrown)
    flagged(events, f"event {k}:", "takes", f"previous seat threw {thrown}")


def test_take_on_a_later_turn_is_not_allowed() -> None:
    events = null_game()
    later = next(i for i, e in enumerate(events) if e["event"] == "draw" and i > first(events, "take"))
    throws = [i for i in range(later) if events[i]["event"] == "throw"]
    older, last = events[throws[-2]]["tile"], events[throws[-1]]["tile"]
    assert older != last
    # The seat takes the tile thrown a turn before the previous seat's throw.
    events[later] = {"event": "take", "seat": events[later]["seat"], "tile": older}
    flagged(events, f"event {later}:", f"takes {older!r}, but the previous seat threw {last}")


def test_duplicate_tile_in_deal() -> None:
    events = okey_win()
    stock = events[0]["stock"]
    stock[0] = next(t for t in stock if t != stock[0])
    problems = flagged(events, "event 0:", "not the 106 tiles", f"too many {stock[0]}")
    assert len(problems) == 1


@pytest.mark.parametrize(
    ("deal_change", "fragment"),
    [
        (lambda d: d.update(indicator="F"), "never a false joker"),
        (lambda d: d["stock"].append(d["hands"][1].pop()), "seat 1 is dealt 13 tiles"),
        (lambda d: d["stock"].pop(), "the stock holds 47 tiles"),
        (lambda d: d.update(policies=["a", "b", "c"]), "policies must list 4"),
        (lambda d: d.update(policies=["a", "b", "c", "d"]), "other than the challenger's"),
        (lambda d: d["hands"][1].reverse(), "hands[1] is not in canonical order"),
        (lambda d: d["hands"][3].__setitem__(0, d["hands"][3][0].lower()), "is not canonical"),
        (lambda d: d["hands"][3].__setitem__(0, "J"), "is J"),
        (lambda d: d.update(rules="101"), "not classic Okey"),
    ],
)
def test_bad_deals(deal_change: Callable[[Event], None], fragment: str) -> None:
    events = okey_win()
    deal_change(events[0])
    flagged(events, "deal 0 game 0, event 0:", fragment)


def test_wrong_finish() -> None:
    events = okey_win()
    events[2]["finish"] = events[3]["finish"] = "normal"
    flagged(events, "event 2:", "the finish is 'okey', not 'normal'")
    events = win_game(BOTH_14, "K2", "normal", [0, -2, -2, -2])
    flagged(events, "the finish is 'pairs', not 'normal'")


def test_end_that_does_not_match_the_win() -> None:
    events = okey_win()
    events[3]["winner"] = 1
    flagged(events, "event 3:", "the win was seat 0")


@pytest.mark.parametrize("scores", [[-1, -5, -5, -5], [0, -4, -4, -4], [1, 5, 4, 5], [-1, -5, -4]])
def test_wrong_score(scores: list[int]) -> None:
    events = okey_win()
    events[3]["scores"] = scores
    flagged(events, "event 3:", "scores")


def test_null_round_scores_include_the_gosterme() -> None:
    events = null_game()
    events[-1]["scores"] = [0, 0, 0, 0]
    flagged(events, "should be [-1, -1, 0, -1]")


def test_show_without_twin() -> None:
    events = okey_win()
    events[1]["seat"] = 1
    flagged(events, "event 1:", "seat 1 shows without holding the indicator's twin Y7")


def test_show_after_the_first_draw_twice_or_in_okeygg() -> None:
    events = null_game()
    k = first(events, "show")
    show = events.pop(k)
    events.insert(k + 2, show)  # after seat 2's draw
    flagged(events, f"event {k + 2}:", "after his first draw")
    events = okey_win()
    events.insert(1, {"event": "show", "seat": 2})
    flagged(events, "event 2:", "a second show")
    events = okey_win()
    events[0]["options"] = {"scheme": "okeygg"}
    events[-1]["scores"] = [4, 0, 0, 0]
    flagged(events, "event 1:", "okeygg")


def test_win_with_a_non_winning_hand() -> None:
    events = null_game()
    k = next(i for i, e in enumerate(events) if e["event"] == "throw" and events[i - 1]["event"] == "draw")
    events[k] = {"event": "win", "seat": events[k]["seat"], "throw": events[k]["tile"], "finish": "normal"}
    del events[k + 1 :]
    events.append({"event": "end", "winner": events[k]["seat"], "finish": "normal", "scores": [-2, 0, -2, -2]})
    flagged(events, f"event {k}:", "is not a winning hand")


def test_win_with_a_tile_not_held() -> None:
    events = okey_win()
    events[2]["throw"] = events[3]["throw"] = "K2"
    flagged(events, "event 2:", "K2, which is not in his hand")


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ("seat", "out of turn: seat 2 is to move"),  # the seat after the next draws
        ("starter_draws", "out of turn: seat 1 is to move and owes a throw"),
        ("double_draw", "out of turn"),
    ],
)
def test_turn_out_of_order(change: str, fragment: str) -> None:
    events = null_game()
    k = first(events, "draw")
    if change == "seat":
        events[k]["seat"] = 3
    elif change == "starter_draws":
        events.insert(1, {"event": "draw", "seat": 1, "tile": events[0]["stock"][0]})
        k = 1
    else:
        events.insert(k + 1, {"event": "draw", "seat": events[k]["seat"], "tile": events[0]["stock"][1]})
        k += 1
    flagged(events, f"event {k}:", fragment)


def test_null_round_before_the_stock_is_empty_or_after_a_pick() -> None:
    events = null_game()
    k = first(events, "draw")
    cut = events[: k + 2] + [events[-1]]
    flagged(cut, "null round with 47 tiles left in the stock")
    cut = events[: k + 1] + [events[-1]]
    flagged(cut, f"null round before seat {events[k]['seat']}'s throw")


def test_draw_from_an_empty_stock() -> None:
    events = null_game()
    end = events.pop()
    seat = (events[-1]["seat"] + 1) % 4
    events += [{"event": "draw", "seat": seat, "tile": "R1"}, end]
    flagged(events, "draws from an empty stock")


def test_games_must_be_closed_and_separate() -> None:
    events = null_game()
    flagged(events[:-1], "the record ends inside the game")
    flagged(events[:-1] + okey_win(), "no end event before the next deal")
    flagged(okey_win() + [{"event": "throw", "seat": 1, "tile": "R1"}], "outside a game")
    flagged(okey_win() + okey_win(), "appears twice")
    events = okey_win()
    events.insert(3, {"event": "throw", "seat": 1, "tile": "R1"})
    flagged(events, "event 3:", "after the win")


def test_forfeit_that_scores() -> None:
    events = null_game()[:10]
    events.append(
        {"event": "end", "winner": None, "finish": "forfeit", "seat": 3, "reason": "x", "scores": [0, 0, 1, 0]}
    )
    flagged(events, "a forfeit scores all 0")


def test_games_of_one_deal_share_it() -> None:
    other = okey_win()
    other[0]["game"] = 1
    other[0]["policies"] = ["champion", "challenger", "champion", "champion"]
    other[0]["stock"] = list(reversed(other[0]["stock"]))
    flagged(okey_win() + other, "differs from game 0 of the same deal in stock")


# --- the scoring table against okeytool score -------------------------------------------------------


@pytest.mark.parametrize("scheme", ["pagat", "penalty", "okeygg"])
@pytest.mark.parametrize("finish", [None, "normal", "okey", "pairs", "pairs+okey"])
@pytest.mark.parametrize(("renkli", "stack"), [(False, True), (True, True), (False, False)])
def test_scoring_table_agrees_with_okeytool_score(scheme: str, finish: str | None, renkli: bool, stack: bool) -> None:
    """arena.md: scores are "as ``okeytool score`` gives it"; the table here is written separately."""
    players = ["P1", "P2", "P3", "P4"]
    for shower in [None, 1, 2] if scheme != "okeygg" else [None]:
        winner = None if finish is None else 2
        document = {
            "rules": "classic",
            "scheme": scheme,
            "players": players,
            "winner": None if winner is None else players[winner],
            "finish": finish,
            "gosterme": [] if shower is None else [players[shower]],
            "indicator": "K9",
            "options": {"renkli": renkli, "stack_multipliers": stack},
        }
        theirs = score_document(copy.deepcopy(document)).scores
        mine = expected_scores(Scoring(scheme, stack, renkli, Tile.parse("K9")), winner, finish, shower)
        assert mine == [theirs[p] for p in players], document
