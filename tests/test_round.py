"""A followed round in the library: events replayed with validation, refusals that change nothing,
storage one row per event, and the review's grades against an independent computation."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from okeytool.errors import InputError, LedgerError, SupplyError
from okeytool.ledger.rounds import RoundBook
from okeytool.parse.notation import parse_tile, parse_tiles
from okeytool.parse.supply import limit
from okeytool.round.advice import draws_left, grade_discards, state_advice
from okeytool.round.documents import advice_kind
from okeytool.round.events import (
    Draw,
    End,
    Event,
    EventError,
    Open,
    Seen,
    Start,
    TableMelds,
    Take,
    Throw,
    event_from_json,
)
from okeytool.round.review import review
from okeytool.round.state import apply, replay, start_state, states
from okeytool.solver.classic.chance import chance_of, chance_ranking
from okeytool.tiles import Tile

CLASSIC = Start("classic", {}, parse_tile("R4"), parse_tiles("R1-3 B5-7 K9-11 Y1-4 K1"))
T = parse_tile


def test_events_round_trip_through_json() -> None:
    events = [CLASSIC, Draw(T("K5")), Take(T("Y7")), Throw(T("B2")), Seen(parse_tiles("Y7 K9")),
              TableMelds((parse_tiles("R1-3"), parse_tiles("K7 B7 Y7"))), Open((parse_tiles("K11-13"),)),
              End("Ali", "okey"), End(None, "null")]  # fmt: skip
    for event in events:
        assert event_from_json(event.to_json()) == event


@pytest.mark.parametrize(
    "document",
    [{"event": "fly"}, {"event": "draw"}, {"event": "draw", "tile": 5}, [], {"event": "seen", "tiles": "Y7"}],
)
def test_malformed_events_are_refused(document: object) -> None:
    with pytest.raises(EventError):
        event_from_json(document)


def test_the_hand_and_the_seen_tiles_follow_the_events() -> None:
    events = [CLASSIC, Draw(T("K5")), Throw(T("K1")), Seen(parse_tiles("Y7 K9")), Take(T("Y7")), Throw(T("Y1"))]
    hand, seen = Counter(CLASSIC.tiles), Counter[str]()
    for state, event in zip(states(events), events):
        if isinstance(event, Draw | Take):
            hand[event.tile] += 1
            if isinstance(event, Take) and seen[event.tile]:
                seen[event.tile] -= 1
        elif isinstance(event, Throw):
            hand[event.tile] -= 1
            seen[event.tile] += 1
        elif isinstance(event, Seen):
            seen.update(event.tiles)
        assert Counter(state.hand) == +hand
        assert Counter(state.seen) == +seen
        assert replay(events[: state.events]) == state  # the same state, rebuilt from scratch


@pytest.mark.parametrize(
    ("events", "error", "words"),
    [
        ([Draw(T("K5")), Draw(T("K6"))], EventError, "throw one first"),  # drawing with 15 tiles
        ([Throw(T("K1"))], EventError, "draw or take first"),
        ([Draw(T("K5")), Throw(T("B2"))], EventError, "B2 is not in the hand"),
        ([Seen(parse_tiles("K9 K9"))], SupplyError, "too many K9"),  # a third copy
        ([Draw(T("R4"))], EventError, None),  # R4 is fine once ...
        ([Seen(parse_tiles("R4")), Draw(T("R4"))], SupplyError, "indicator"),  # ... not after the other is seen
        ([End("Ali", "normal"), Draw(T("K5"))], EventError, "has ended"),
        ([End("Ali", "sideways")], EventError, "finish 'sideways'"),
        ([End("Ali\x1b[2J", "normal")], EventError, "printable"),
        ([TableMelds((parse_tiles("R1-3"),))], EventError, "no table melds"),
        ([CLASSIC], EventError, "one start"),
    ],
)
def test_impossible_events_are_refused_and_change_nothing(
    events: list, error: type[Exception], words: str | None
) -> None:
    state = start_state(CLASSIC)
    *before, last = events
    for event in before:
        state = apply(state, event)
    if words is None:
        apply(state, last)
        return
    frozen = state
    with pytest.raises(error, match=words):
        apply(state, last)
    assert state == frozen


def test_starts_of_the_wrong_size_or_rules_are_refused() -> None:
    with pytest.raises(EventError, match="14 or 15 tiles"):
        start_state(Start("classic", {}, T("R4"), parse_tiles("R1-3")))
    with pytest.raises(InputError, match="indicator"):
        start_state(Start("classic", {}, None, CLASSIC.tiles))


def test_storage_keeps_one_row_per_event_and_undo_restores_the_previous_state(tmp_path: Path) -> None:
    path = tmp_path / "ledger.sqlite3"
    with RoundBook(path) as book:
        played = book.start(CLASSIC)
        after_draw = book.add(Draw(T("K5"))).state
        book.add(Throw(T("K1")))
        with pytest.raises(EventError):
            book.add(Throw(T("K5")))  # 14 tiles: refused, nothing written
        assert len(book.events(played.id)) == 3
        removed, undone = book.undo()
        assert removed == Throw(T("K1")) and undone.state == after_draw
        book.undo()
        with pytest.raises(LedgerError, match="only its start"):
            book.undo()
        second = book.start(
            Start("101", {}, T("K9"), parse_tiles("R1-4 B9-11 K5 Y5 R5 K11-13 Y1 Y3 Y8 B1 B3 R12 R13 K2"))
        )
        assert book.current_id() == second.id and len(book.rounds()) == 2
    with RoundBook(path) as book:  # a new connection reads what was committed
        assert [r.state.events for r in book.rounds()] == [1, 1]


def test_the_waits_count_unseen_copies_against_hand_and_seen() -> None:
    state = start_state(CLASSIC)
    for event in (Draw(T("K5")), Throw(T("K1")), Seen(parse_tiles("B8 K8 K8"))):
        state = apply(state, event)
    advice = state_advice(state).to_json()
    assert advice["deficiency"] == 1
    held, seen = Counter(state.hand), Counter(state.seen)
    for row in advice["waits"]:
        tile = T(row["tile"])
        assert row["unseen"] == limit(state.deal, tile) - held[tile] - seen[tile]
    assert {r["tile"]: r["unseen"] for r in advice["waits"]}["K8"] == 0


def test_review_grades_each_throw_by_its_win_chance() -> None:
    events: list[Event] = [CLASSIC, Draw(T("K5")), Throw(T("K1")), Draw(T("Y9")), Throw(T("Y1"))]
    result = review(1, events, draws=1)
    first, second = result.decisions
    assert {d.method for d in result.decisions} == {"chance:exact"} and first.draws == second.draws == 1
    # K1 and K5 leave the same shape one tile away: the throw made ties with the best and is the best.
    assert first.thrown == first.best == T("K1") and first.matched and first.lost == 0
    assert first.chance_thrown == first.chance_best > 0
    # Independently: the chance of each 14-tile hand left, the thrown tile counted as seen (rules.md 4.1).
    before = replay(events[:4])

    def chance_after(tile: Tile) -> float:
        rest = list(before.hand)
        rest.remove(tile)
        return chance_of(before.deal, rest, [*before.seen, tile], draws=1, method="exact").chance

    assert second.thrown == T("Y1") != second.best
    assert second.chance_thrown == pytest.approx(chance_after(T("Y1")))
    assert second.chance_best == pytest.approx(chance_after(second.best))
    assert second.chance_best == pytest.approx(max(chance_after(t) for t in set(before.hand)))
    assert second.lost > 0
    assert second.lost == pytest.approx(chance_after(second.best) - chance_after(T("Y1")))
    assert result.matched == 1 and result.total_lost == pytest.approx(second.lost)
    assert result.costliest == (second,)
    assert result.to_json()["decisions_total"] == 2


def test_the_chance_grades_put_the_highest_chance_first_in_the_rankings_order() -> None:
    state = apply(start_state(CLASSIC), Draw(T("K5")))
    grades = grade_discards(state.deal, state.hand, state.seen, draws=1)
    ranking = chance_ranking(state.deal, state.hand, state.seen, draws=1)
    values = [g.value for g in grades.rows]
    assert values == sorted(values, reverse=True) and grades.method == "chance:exact" and grades.draws == 1
    assert {g.tile: g.value for g in grades.rows} == {r.tile: r.chance for r in ranking.rows}
    position = {r.tile: k for k, r in enumerate(ranking.rows)}
    for a, b in zip(grades.rows, grades.rows[1:]):
        assert a.value > b.value or position[a.tile] < position[b.tile]  # ties keep the ranking's order
    assert grades.best.tile == ranking.best.tile


def test_the_draws_left_follow_the_tiles_drawn_or_taken() -> None:
    state = start_state(CLASSIC)
    assert state.drawn == 0 and draws_left(state) == 12
    drawn = [T(t) for t in "K5 Y9 Y8 B9 B10 R8 R9 R10 R11 R12 R13 K12 K13".split()]
    for k, tile in enumerate(drawn, start=1):
        state = apply(state, Take(tile) if k % 3 == 0 else Draw(tile))
        assert state.drawn == k and draws_left(state) == max(1, 12 - k)
        assert apply(state, Seen((tile,))).drawn == k  # only own draws and takes count
        state = apply(state, Throw(tile))
        assert draws_left(state) == max(1, (48 - 4 * k) // 4)
    assert draws_left(state) == 1  # the floor: the round went on longer than the count says
    assert state_advice(apply(state, Draw(T("B1"))), draws=1).model.draws == 1


HAND_101 = parse_tiles("R1-4 B9-11 K5 Y5 R5 K11-13 Y1 Y3 Y8 B1 B3 R12 R13 K2")


def test_a_101_round_opens_and_its_table_melds_make_isler_tiles() -> None:
    state = start_state(Start("101", {}, T("K9"), HAND_101))
    assert state.phase == "draw" and advice_kind(state_advice(state)) == "open"
    state = apply(state, TableMelds((parse_tiles("Y9-11"),)))
    state = apply(state, Draw(T("Y12")))
    rows = {r["tile"]: r for r in state_advice(state).to_json()["discards"]}
    assert rows["Y8"]["penalty"] == 101 and "isler" in rows["Y8"]["reasons"]  # Y8 fits Y9-11
    assert rows["Y12"]["penalty"] == 101 and rows["K2"]["penalty"] == 0
    with pytest.raises(EventError, match="worth 101"):
        apply(state, Open((parse_tiles("R1-4"),)))
    # With the okey drawn the hand can open: lay the melds the advice names for the best throw.
    state = apply(apply(state, Throw(T("Y12"))), Draw(T("K10")))
    best = state_advice(state).to_json()["discards"][0]
    assert best["can_open"] and best["open_points"] >= 101
    melds = tuple(tuple(T(p["tile"]) for p in meld) for meld in best["melds"])
    opened = apply(state, Open(melds))
    assert opened.opened and len(opened.hand) == 22 - sum(len(m) for m in melds)
    assert Counter(opened.seen) == Counter(state.seen) + Counter(t for m in melds for t in m)
    advice = state_advice(opened)
    assert advice_kind(advice) == ("discard101" if len(opened.hand) == 22 else "penalties")
    thrown = apply(opened, Throw(T(best["tile"])))
    assert thrown.phase == "draw" and advice_kind(state_advice(thrown)) == "open"


def test_a_ledger_with_games_gains_the_round_tables_and_keeps_its_games(tmp_path: Path) -> None:
    from okeytool.ledger import Ledger

    path = tmp_path / "ledger.sqlite3"
    with Ledger(path) as ledger:
        ledger.new_game("classic", {"scheme": "pagat"}, "A,B")
        ledger.add_round({"winner": "A", "finish": "okey"})
        ledger.conn.execute("DROP TABLE round_events")
        ledger.conn.execute("DROP TABLE played_rounds")
        ledger.conn.execute("PRAGMA user_version = 3")  # as the previous okeytool left it
    with RoundBook(path) as book:
        played = book.start(CLASSIC)
        assert book.round(played.id).state.events == 1
    with Ledger(path) as ledger:
        assert ledger.state().standings.totals == {"A": 20, "B": 16}
