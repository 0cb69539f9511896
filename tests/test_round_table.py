"""A round followed for the whole table: every seat's events in the order of play, the stock, the
seen tiles, and the flags on each discard row (feeds the next player, işler taş, safe).

The flags are checked on positions made by hand (each flag and its absence), and an arena round is
replayed into a round as one seat saw it: the stock, the hand, the seen tiles and their unseen
counts, whose turn it is and the flags are worked out again here from the record alone.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from conftest import on_ledger

from okeytool.arena.run import ArenaRun, play_deal
from okeytool.arena.table import seat_view
from okeytool.deal import Deal
from okeytool.parse.notation import parse_tile, parse_tiles
from okeytool.parse.supply import limit
from okeytool.round.advice import draws_left, state_advice
from okeytool.round.documents import state_document
from okeytool.round.events import (
    Draw,
    End,
    Event,
    EventError,
    LayOff,
    Open,
    Show,
    Start,
    StockDraw,
    Take,
    Throw,
    event_from_json,
)
from okeytool.round.flags import state_flags, throw_flags
from okeytool.round.lines import event_from_text
from okeytool.round.seats import ThrowMark, stock_after_deal
from okeytool.round.state import RoundState, apply, start_state
from okeytool.rules import get_rules
from okeytool.tiles import Tile

T = parse_tile
HAND = parse_tiles("R1-3 B5-7 K9-11 Y1-4 K1")  # 14 tiles: seat 1, seat 0 starts
TABLE = Start("classic", {}, T("R4"), HAND, seat=1, starter=0)


def play(state: RoundState, *lines: str) -> RoundState:
    """``state`` after ``round live`` lines (``2 t R5``, ``d K5``, ``3 k``)."""
    for line in lines:
        words = line.split(None, 1)
        seat = int(words[0]) if words[0].isdigit() else None
        if seat is not None:
            words = words[1].split(None, 1)
        state = apply(state, event_from_text(state, words[0], words[1] if len(words) > 1 else "", seat=seat))
    return state


def flags_of(state: RoundState) -> dict[str, dict[str, str]]:
    """Each throw's flags: tile -> {kind: reason}."""
    return {str(row.tile): {f.kind: f.reason for f in row.flags} for row in state_flags(state)}


# -- the table: turns, the stock, seen tiles ------------------------------------------------------


def test_the_turn_passes_in_the_order_of_play_and_the_stock_counts_the_draws() -> None:
    state = start_state(TABLE)
    assert state.seats is not None and state.seats.turn == 0 and state.seats.stock == 48
    assert state.seats.held == (15, 14, 14, 14)
    state = play(state, "0 t R8", "k")  # I take seat 0's throw: it goes into my hand, no longer seen
    assert state.seats.turn == 1 and state.seats.stock == 48 and T("R8") in state.hand and state.seen == ()
    state = play(state, "t K1", "2 d", "2 t K7", "3 k", "3 t B12", "0 d")
    seats = state.seats
    assert seats.turn == 0 and seats.drawn and seats.stock == 46 and seats.held == (15, 14, 14, 14)
    # K1 passed on (seat 2 drew); K7 taken by seat 3 (in his hand, not seen); B12 passed on (seat 0 drew).
    assert [(m.seat, str(m.tile), m.taken) for m in seats.throws] == [
        (0, "R8", True), (1, "K1", False), (2, "K7", True), (3, "B12", False)]  # fmt: skip
    assert Counter(state.seen) == Counter(parse_tiles("K1 B12"))
    assert seats.took(3) == (T("K7"),) and seats.took(1) == (T("R8"),)
    assert draws_left(state) == 46 // 4  # every fourth tile of the stock
    state = play(state, "0 t R6", "d K5")
    assert draws_left(state) == 45 // 4 and state.seats.stock == 45
    assert state_advice(state, draws=1).model.draws == 1  # --draws still sets the horizon


def test_a_round_for_one_hand_keeps_its_own_horizon_and_refuses_seats() -> None:
    state = start_state(Start("classic", {}, T("R4"), HAND))
    assert state.seats is None and draws_left(state) == 12
    with pytest.raises(EventError, match="follows your hand only"):
        apply(state, StockDraw(2))
    with pytest.raises(EventError, match="follows your hand only"):
        event_from_text(state, "t", "R5", seat=2)


@pytest.mark.parametrize(
    ("lines", "bad", "words"),
    [
        ((), "2 d", "out of turn: seat 2 cannot draw; it is seat 0's turn to throw"),
        ((), "0 d", "seat 0 starts the round: its first turn has no draw"),
        ((), "0 k", "seat 0 cannot take: nobody has thrown before it"),
        (("0 t R8",), "2 k", "out of turn: seat 2 cannot take; it is your turn \\(seat 1\\) to draw or take"),
        (("0 t R8",), "7 d", "unknown seat 7: the seats are 0-3"),
        (("0 t R8", "d K5"), "k", "cannot take: it drew from the stock, so seat 0's throw R8 is gone"),
        (("0 t R8", "k"), "k", "has taken R8 already"),
        (("0 t R8",), "t K1", "cannot throw K1"),  # the hand holds 14: draw or take first
        (("0 t R8", "k", "t K1", "2 d"), "2 d", "has drawn or taken already"),
        (("0 t R8", "k", "t K1", "2 d", "2 t B1", "3 d", "3 t B1"), "0 t R8", "seat 0 must draw or take before"),
        (("0 t R8", "k", "t K1", "2 d", "2 t R1", "3 d"), "3 t R1", "R1"),  # a third R1 (one is in my hand)
        (("0 t R8", "k"), "1 d", "draw needs tiles"),  # my own draw is entered with its tile
        (("0 t R8",), "2 d K5", "is not seen"),
        (("0 t R8",), "2 s K5", "not a seat's event"),
        (("0 t R8", "k", "t K1", "2 d"), "2 o R1-3", "open is for 101"),
    ],
)
def test_impossible_table_events_are_refused(lines: tuple[str, ...], bad: str, words: str) -> None:
    state = play(start_state(TABLE), *lines)
    with pytest.raises(ValueError, match=words):
        play(state, bad)


def test_gosterme_by_another_seat_counts_the_twin_seen_until_he_throws_it() -> None:
    state = play(start_state(TABLE), "2 g")  # seat 2 shows R4, the indicator's twin, before its first draw
    assert state.seats.shown == 2 and state.seen == (T("R4"),) and not state.may_show_indicator
    with pytest.raises(EventError, match="shown already"):
        play(state, "3 g")
    state = play(state, "0 t R8", "d K5", "t K1", "2 d", "2 t R4")  # thrown: seen once, not twice
    assert Counter(state.seen) == Counter(parse_tiles("R8 K1 R4"))
    with pytest.raises(EventError, match="cannot show now"):
        play(start_state(TABLE), "0 t R8", "k", "t K1", "2 d", "2 g")
    with pytest.raises(EventError, match="no gösterme"):
        play(start_state(Start("okeygg", {}, T("R4"), HAND, seat=1, starter=0)), "2 g")


def test_the_starter_and_the_seat_are_checked_against_the_hand() -> None:
    assert start_state(Start("classic", {}, T("R4"), (*HAND, T("K5")), seat=2)).seats.starter == 2
    assert start_state(Start("classic", {}, T("R4"), HAND, seat=3)).seats.starter == 0
    with pytest.raises(EventError, match="another seat started"):
        start_state(Start("classic", {}, T("R4"), HAND, seat=0))
    with pytest.raises(EventError, match="holds 15 tiles, not 14"):
        start_state(Start("classic", {}, T("R4"), HAND, seat=2, starter=2))
    with pytest.raises(EventError, match="unknown seat 4"):
        start_state(Start("classic", {}, T("R4"), HAND, seat=4))
    with pytest.raises(EventError, match="whole table is followed"):
        start_state(Start("rummikub", {}, None, parse_tiles("R1-7 B1-7"), seat=1))


def test_the_new_events_round_trip_through_json() -> None:
    events: list[Event] = [TABLE, StockDraw(2), Take(T("R8"), 3), Throw(T("B2"), 0), Show(2), Show(),
                           Open((parse_tiles("K11-13"),), 2), LayOff(T("R4"), 2, 3), LayOff(T("R4"), 1)]  # fmt: skip
    for event in events:
        assert event_from_json(event.to_json()) == event
    assert Throw(T("B2")).to_json() == {"event": "throw", "tile": "B2"}  # the player's own: as before
    with pytest.raises(EventError, match="not seen"):
        event_from_json({"event": "draw", "seat": 2, "tile": "K5"})
    with pytest.raises(EventError, match="seat number"):
        event_from_json({"event": "throw", "seat": True, "tile": "K5"})


# -- the flags on hand-made positions -------------------------------------------------------------


def test_feeds_flags_a_tile_the_next_seat_collects() -> None:
    # Seat 2, after me, takes two of my throws: R6 and R8. Seat 3 takes B9 from seat 2.
    state = play(start_state(Start("classic", {}, T("K4"), parse_tiles("R1 R6 R8 R10 R11 B9 K6 K7 B7 Y1-3 B1 B2"),
                                   seat=1, starter=0)),
                 "0 t B3", "d K13", "t R6", "2 k", "2 t B9", "3 k", "3 t Y5", "0 d", "0 t Y6", "d Y9", "t R8",
                 "2 k", "2 t Y10", "3 d", "3 t Y11", "0 d", "0 t Y12", "d R7")  # fmt: skip
    flags = flags_of(state)
    assert flags["R7"]["feeds"] == "seat 2 took R6 and R8"  # between them
    assert flags["R10"]["feeds"] == "seat 2 took R8"  # two above R8
    assert flags["K6"]["feeds"] == "seat 2 took R6"  # the same number in another colour
    assert "feeds" not in flags["R11"]  # three above R8
    assert "feeds" not in flags["K7"] and "feeds" not in flags["B7"]  # another colour, another number
    assert "feeds" not in flags["B1"]  # B9 was taken by seat 3, who does not play after me
    assert "feeds" not in flags["R1"]  # no wrap across 1 but 12-13-1: R1 is far from R6 and R8


def test_feeds_follows_the_wrap_of_the_rules() -> None:
    deal = Deal(get_rules("classic"), T("R4"))
    taken = [ThrowMark(1, T("K13"), taken=True)]
    rows = {str(r.tile): r.kinds() for r in throw_flags(deal, parse_tiles("K1 K12 K2 B13 R5"), throws=taken,
                                                        next_seat=2)}  # fmt: skip
    assert rows == {"K1": ("feeds",), "K12": ("feeds",), "K2": (), "B13": ("feeds",), "R5": ("feeds",)}  # R5: okey
    no_wrap = Deal(get_rules("101"), T("R4"))
    rows = {str(r.tile): r.kinds() for r in throw_flags(no_wrap, parse_tiles("K1 K11"), throws=taken, next_seat=2)}
    assert rows == {"K1": (), "K11": ("feeds",)}
    assert all(not r.flags for r in throw_flags(deal, parse_tiles("K1 K12"), throws=taken, next_seat=3))


def test_safe_flags_a_tile_passed_on_and_not_one_taken_or_not_yet_passed() -> None:
    state = play(start_state(TABLE), "0 t Y1", "d K5", "t K5", "2 d", "2 t K9", "3 k", "3 t Y2", "0 d", "0 t K11")
    flags = flags_of(play(state, "d B8"))
    assert flags["Y1"]["safe"] == "Y1 thrown by seat 0, not taken"  # I drew instead of taking it
    assert flags["Y2"]["safe"] == "Y2 thrown by seat 3, not taken"  # seat 0 drew instead
    assert "safe" not in flags["K9"]  # seat 3 took K9
    assert flags["K11"] == {"safe": "K11 thrown by seat 0, not taken"}  # I drew B8 instead of taking it
    assert flags_of(play(state, "k"))["K11"] == {}  # taken by me: not safe
    own = play(state, "d B8", "t B8", "2 d", "2 t R9", "3 d", "3 t R10", "0 d", "0 t R11", "d B8")
    assert own.hand.count(T("B8")) == 1 and flags_of(own)["B8"]["safe"] == "B8 thrown by seat 1 (you), not taken"


HAND_101 = parse_tiles("R1-4 B9-11 K5 Y5 R5 K11-13 Y1 Y3 Y8 B1 B3 R12 R13 K2")  # 21 tiles, indicator K9


def table_101() -> RoundState:
    """A 101 round at seat 1: seat 0 starts; seat 2 opens with Y9-11 and a set of sevens (101 points
    needs more: three runs), seat 3 lays off."""
    start = Start("101", {}, T("K9"), HAND_101, seat=1, starter=0)
    state = start_state(start)
    assert state.seats.stock == stock_after_deal(get_rules("101")) == 20
    return play(state, "0 t B13", "d B12", "t B12", "2 d",
                "2 o Y9-11; R7 B7 Y7; Y12 B12 K12; R8-11",  # 30 + 21 + 36 + 38 = 125 points
                "2 t K1", "3 d", "3 t K3", "0 d", "0 t K4", "d R6")  # fmt: skip


def test_isler_flags_the_tiles_a_table_meld_takes_in_101() -> None:
    state = table_101()
    assert state.seats.opened == (False, False, True, False) and state.seats.held[2] == 22 - 13 - 1
    flags = flags_of(state)
    assert flags["Y8"]["isler"] == "fits meld 1 (Y9 Y10 Y11): +101"
    assert flags["R12"]["isler"] == "fits meld 3 (Y12 B12 K12) and meld 4 (R8 R9 R10 R11): +101"
    assert flags["R6"] == {}  # not a seven for the set of sevens, and R7 is missing below R8-11
    assert {t for t, f in flags.items() if f} == {"Y8", "R12"}  # nothing else fits a meld
    # The 101 ranking of the same hand charges the same tiles (its own lay-off check).
    advice = state_document(1, state, state_advice(state))["advice"]
    for row in advice["discards"]:
        flagged = "isler" in {f["flag"] for f in row["flags"]}
        assert flagged == ("isler" in row["reasons"]), row
    # Another seat's lay-off grows the meld; the flags follow it.
    state = play(state, "t R6", "2 d", "2 l R12 4", "2 t B2")
    assert state.table[3] == parse_tiles("R8 R9 R10 R11 R12")
    later = flags_of(play(state, "3 d", "3 t K6", "0 d", "0 t Y13", "d R13"))
    assert later["R13"]["isler"] == "fits meld 4 (R8 R9 R10 R11 R12): +101"
    assert later["R12"]["isler"] == "fits meld 3 (Y12 B12 K12): +101"  # R8-12 takes no second R12


def test_101_openings_and_lay_offs_are_refused_where_they_cannot_be() -> None:
    state = table_101()
    with pytest.raises(EventError, match="out of turn"):
        play(state, "3 o R1-3")
    nxt = play(state, "t R6", "2 d", "2 t B2", "3 d")
    with pytest.raises(EventError, match="worth 101"):
        play(nxt, "3 o R1-3")
    with pytest.raises(EventError, match="has not opened"):
        play(nxt, "3 l Y8 1")
    with pytest.raises(EventError, match="does not fit meld 2"):
        play(state, "t R6", "2 d", "2 l K5 2")
    with pytest.raises(EventError, match="no table meld 9"):
        play(state, "t R6", "2 d", "2 l K5 9")
    with pytest.raises(EventError, match="after your opening"):
        play(state, "l Y8 1")


def test_isler_is_not_flagged_in_classic_and_a_table_without_melds_flags_nothing() -> None:
    deal = Deal(get_rules("101"), T("K9"))
    assert all(not r.flags for r in throw_flags(deal, HAND_101))
    classic = Deal(get_rules("classic"), T("K9"))
    assert all(not r.flags for r in throw_flags(classic, parse_tiles("Y8"), melds=[parse_tiles("Y9-11")]))


# -- an arena round as one seat saw it ------------------------------------------------------------


def near(deal: Deal, tile: Tile, taken: Tile) -> bool:
    """The test's own "he could use it": the same number, or one colour and at most two apart in a
    run of the classic rules (1 low, or high after 13); a real okey goes with anything."""
    a, b = deal.plays_as(tile), deal.plays_as(taken)
    if a is None:
        return True
    if b is None:
        return False
    if a.number == b.number:
        return True
    spots = {a.number, *([14] if a.number == 1 else [])}, {b.number, *([14] if b.number == 1 else [])}
    return a.colour == b.colour and min(abs(x - y) for x in spots[0] for y in spots[1]) <= 2


def as_events(view: dict[str, Any], me: int) -> Event | None:
    """A record event as seat ``me`` was told it (:func:`seat_view`), as a round event."""
    kind, seat = view["event"], view.get("seat")
    who = None if seat == me else seat
    if kind == "deal":
        return Start(view["rules"], view["options"], T(view["indicator"]), tuple(T(t) for t in view["hand"]),
                     seat=me, starter=view["starter"])  # fmt: skip
    if kind == "draw":
        return Draw(T(view["tile"])) if seat == me else StockDraw(seat)
    if kind == "take":
        return Take(T(view["tile"]), who)
    if kind == "throw":
        return Throw(T(view["tile"]), who)
    if kind == "show":
        return Show(who)
    if kind == "win":
        return End(f"seat {seat}", view["finish"])
    return None  # the end after a win


def check_seat(record: tuple[dict[str, Any], ...], me: int, seen_flags: Counter[str]) -> None:
    """Replay ``record`` into a round as seat ``me`` saw it and check it against the record after every event."""
    deal_event = record[0]
    deal = Deal(get_rules(deal_event["rules"]), T(deal_event["indicator"]))
    hand = Counter(T(t) for t in deal_event["hands"][me])
    seen: Counter[Tile] = Counter()
    stock = len(deal_event["stock"])
    shown_by: int | None = None
    throws: list[tuple[int, Tile, str | None]] = []  # thrower, tile, "taken" / "passed" / None
    state = None
    for k, event in enumerate(record):
        view = seat_view(event, me)
        assert view is not None
        round_event = as_events(view, me)
        if round_event is None:
            continue
        state = start_state(round_event) if isinstance(round_event, Start) else apply(state, round_event)
        kind, seat = event["event"], event.get("seat")
        if kind == "draw":
            stock -= 1
            if throws and throws[-1][2] is None:
                throws[-1] = (*throws[-1][:2], "passed")
            if seat == me:
                hand[T(event["tile"])] += 1
        elif kind == "take":
            tile = T(event["tile"])
            seen[tile] -= 1
            throws[-1] = (*throws[-1][:2], "taken")
            if seat == me:
                hand[tile] += 1
        elif kind == "throw":
            tile = T(event["tile"])
            seen[tile] += 1
            if seat == shown_by and tile == deal.indicator:
                seen[tile] -= 1  # the shown twin, seen already
                shown_by = None
            throws.append((seat, tile, None))
            if seat == me:
                hand[tile] -= 1
        elif kind == "show" and seat != me:
            shown_by = seat
            seen[deal.indicator] += 1
        assert state.seats.stock == stock, k
        assert Counter(state.hand) == +hand and Counter(state.seen) == +seen, k
        if state.end is not None:
            return
        following = next((e for e in record[k + 1 :] if e["event"] in ("draw", "take", "throw", "win")), None)
        if following is None:
            continue  # a round without a winner: nobody moves again
        assert state.seats.turn == following["seat"], k
        if state.phase != "throw" or following["event"] == "win":
            continue
        # The player must throw: the round's advice and its flags, against the record.
        assert draws_left(state) == stock // 4
        document = state_document(1, state, state_advice(state, draws=1))
        nxt = (me + 1) % 4
        taken = [t for s, t, what in throws if what == "taken" and (s + 1) % 4 == nxt]
        for row in document["advice"]["discards"]:
            tile = T(row["tile"])
            for useful in row["useful"]:
                face = T(useful["tile"])
                assert useful["unseen"] == limit(deal, face) - hand[face] - seen[face]
            kinds = {f["flag"]: f["reason"] for f in row["flags"]}
            feeding = [str(t) for t in taken if near(deal, tile, t)]
            assert ("feeds" in kinds) == bool(feeding), (k, row["tile"], kinds, taken)
            if feeding and deal.plays_as(tile) is not None:
                assert kinds["feeds"] == f"seat {nxt} took " + " and ".join(
                    [", ".join(feeding[:-1]), feeding[-1]] if len(feeding) > 1 else feeding
                )
            passed = {s for s, t, what in throws if t == tile and what == "passed"}
            assert ("safe" in kinds) == bool(passed), (k, row["tile"], kinds)
            for thrower in passed:
                assert f"seat {thrower}" in kinds["safe"]
            assert "isler" not in kinds  # classic: no lay-offs
            seen_flags.update(list(kinds))


def test_an_arena_round_replayed_as_each_seat_saw_it() -> None:
    run = ArenaRun("classic", "random", "acceptance", deals=1, seed=3)
    seen_flags: Counter[str] = Counter()
    games = play_deal(run, 0)
    for game in games[:2]:
        for me in range(4):
            check_seat(game.played.events, me, seen_flags)
    assert seen_flags["feeds"] > 0 and seen_flags["safe"] > 0  # the checks above were not empty


# -- the command line -----------------------------------------------------------------------------


def test_other_seats_through_the_command_line(tmp_path: Path) -> None:
    import json

    db = tmp_path / "ledger.sqlite3"

    def ok(*args: str) -> dict[str, Any]:
        done = on_ledger(db, "round", *args, "--json")
        assert done.code == 0, done.err
        return json.loads(done.out)  # type: ignore[no-any-return]

    started = ok("start", "--seat", "1", "-i", "R4", "R1-3 B5-7 K9-11 Y1-4 K1")
    assert started["seats"]["starter"] == 0 and started["seats"]["stock"] == 48 and started["seats"]["turn"] == 0
    ok("throw", "Y1", "--seat", "0")
    taken = ok("take", "--draws", "1")
    assert "Y1" in taken["hand"] and taken["seats"]["throws"] == [{"seat": 0, "tile": "Y1", "taken": True}]
    assert all(r["flags"] == [] for r in taken["advice"]["discards"])
    ok("throw", "Y1")
    ok("draw", "--seat", "2")
    shown = ok("show")
    refusals = [
        (("throw", "R5", "--seat", "3"), "out of turn: seat 3 cannot throw R5; it is seat 2's turn to throw"),
        (("draw", "--seat", "7"), "unknown seat 7: the seats are 0-3"),
        (("take", "--seat", "2"), "cannot take: it drew from the stock, so seat 1 (you)'s throw Y1 is gone"),
        (("draw", "K5"), "out of turn"),
        (("seen", "K5", "--seat", "2"), "No such option"),
    ]
    for args, words in refusals:
        done = on_ledger(db, "round", *args)
        assert done.code == 2 and words in done.err and done.err.count("\n") == 1, done.err
        assert ok("show") == shown
    thrown = ok("throw", "B9", "--seat", "2")
    assert thrown["seen"] == ["B9", "Y1"] and thrown["seats"]["turn"] == 3
    text = on_ledger(db, "round", "show").out
    assert "turn  you are seat 1  stock 47  it is seat 3's turn to draw or take  (seat 2 threw B9)" in text
    exported = on_ledger(db, "round", "export").out
    imported = json.loads(on_ledger(db, "round", "import", "-", "--json", stdin=exported).out)
    assert {**imported, "round": thrown["round"]} == thrown
    one = on_ledger(db, "round", "start", "-i", "R4", "R1-3 B5-7 K9-11 Y1-4 K1")
    assert one.code == 0
    refused = on_ledger(db, "round", "draw", "--seat", "2")
    assert refused.code == 2 and "follows your hand only" in refused.err


def test_the_flags_are_shown_beside_the_throws_and_explained(tmp_path: Path) -> None:
    db = tmp_path / "ledger.sqlite3"
    steps = [("start", "--seat", "1", "-i", "R4", "R1-3 B5-7 K9-11 Y1-4 K1"), ("throw", "Y9", "--seat", "0"),
             ("draw", "K13"), ("throw", "K1"), ("take", "--seat", "2"), ("throw", "Y4", "--seat", "2"),
             ("draw", "--seat", "3"), ("throw", "B12", "--seat", "3"), ("draw", "--seat", "0"),
             ("throw", "R6", "--seat", "0")]  # fmt: skip
    for step in steps:
        assert on_ledger(db, "round", *step).code == 0
    done = on_ledger(db, "round", "draw", "K5", "--draws", "1", "--all")
    assert done.code == 0, done.err
    assert "flag  K13 feeds: seat 2 took K1" in done.out
    assert "flag  Y4 safe: Y4 thrown by seat 2, not taken" in done.out
    assert "flag  Y1 feeds: seat 2 took K1" in done.out and "flag  R1 feeds: seat 2 took K1" in done.out  # ones
    assert "flag  B5" not in done.out and "flag  K11" not in done.out  # K11: three below a high 1
    rows = [line for line in done.out.splitlines() if line.split()[1:2] in (["K13"], ["Y4"])]
    assert any("K13 f " in line for line in rows) and any("Y4 s " in line for line in rows)  # the marks
    document = __import__("json").loads(on_ledger(db, "round", "show", "--draws", "1", "--json").out)
    flags = {r["tile"]: r["flags"] for r in document["advice"]["discards"]}
    assert flags["K13"] == [{"flag": "feeds", "reason": "seat 2 took K1"}] and flags["B5"] == []


def test_the_review_grades_the_players_own_throws_only() -> None:
    from okeytool.round.review import review

    events: list[Event] = [TABLE, Throw(T("R8"), 0), Take(T("R8")), Throw(T("K1")), StockDraw(2), Throw(T("B1"), 2),
                           StockDraw(3), Throw(T("B2"), 3), StockDraw(0), Throw(T("B3"), 0), Draw(T("K5")),
                           Throw(T("K5"))]  # fmt: skip
    result = review(1, events, draws=1)
    assert [(d.event, str(d.thrown)) for d in result.decisions] == [(4, "K1"), (12, "K5")]
    assert all(d.graded for d in result.decisions)
