"""The compiled chance recursion (``_chance.c``) against the Python one: the same hand facts, the same
discards kept after a draw, the same floats and the same number of solved states, on seeded hands one
and two tiles away (with wilds, seen tiles and every method it runs); and its time limit."""

from __future__ import annotations

import tracemalloc
from time import perf_counter

import pytest
from conftest import make_deal
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import (
    BuiltHand,
    extra_tile,
    mixed_hands,
    near_hands,
    okey_deals,
    one_away_hands,
    pairs_hands,
    seen_tiles,
)

from okeytool.parse.notation import parse_tiles
from okeytool.solver.classic.chance import (
    COMPILED,
    FACT_COST,
    SLOTS,
    ChanceSolver,
    ExtraOrigin,
    HandFacts,
    Method,
    chance_ranking,
)

pytestmark = pytest.mark.skipif(
    not COMPILED, reason="the compiled recursion is not in use (not built, or OKEYTOOL_PURE_PYTHON): nothing to compare"
)


def both(hand: BuiltHand) -> tuple[HandFacts, HandFacts]:
    compiled, python = HandFacts(hand.deal, compiled=True), HandFacts(hand.deal, compiled=False)
    assert compiled.kernel is not None and python.kernel is None
    return compiled, python


def facts_and_kept_agree(hand: BuiltHand, data: st.DataObject) -> None:
    """The compiled facts of the hand, and the children kept after a drawn tile at the bounds around
    its distance (with their facts), are Python's."""
    compiled, python = both(hand)
    kernel = compiled.kernel
    assert kernel is not None
    state = python.state(hand.tiles)
    assert kernel.info(state, compiled.info, compiled.deficiency) == python.info(state)
    after = python.state([*hand.tiles, data.draw(extra_tile(hand.deal, hand.tiles))])
    k = python.info(state)[0]
    for bound in sorted({max(0, k - 1), k, k + 1}):
        # The children of a 15 get their cover from the 15's (the spare faces): the same as asking each.
        kept = kernel.kept(after, bound, compiled.info, compiled.deficiency)
        assert kept == list(python.kept(after, bound))
        for child in kept:
            assert kernel.info(child, compiled.info, compiled.deficiency) == python.info(child)


@settings(max_examples=120, deadline=None, derandomize=True)
@given(st.one_of(mixed_hands(), one_away_hands()), st.data())
def test_facts_and_kept_discards_agree(hand: BuiltHand, data: st.DataObject) -> None:
    if data.draw(st.booleans()):
        hand = data.draw(near_hands(hand, swaps=1))
    facts_and_kept_agree(hand, data)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(one_away_hands(), st.data(), st.sampled_from(["advance", "swap", "exact"]))
def test_recursion_gives_the_same_floats(hand: BuiltHand, data: st.DataObject, method: Method) -> None:
    # swap and exact take long in Python past 3 and 2 draws
    draws = data.draw(st.integers(1, {"advance": 8, "swap": 3, "exact": 2}[method]))
    if data.draw(st.booleans()):
        hand = data.draw(near_hands(hand, swaps=1))
    seen = data.draw(seen_tiles(hand.deal, hand.tiles, max_size=4))
    compiled, python = both(hand)
    state = python.state(hand.tiles)
    fast = ChanceSolver(compiled, seen, 0.05, method)
    slow = ChanceSolver(python, seen, 0.05, method)
    assert fast.solve(state, draws) == slow.solve(state, draws)
    assert fast._compiled is not None and fast._compiled.size() == len(slow.memo)
    assert not fast.capped and not slow.capped
    # It also expands the same states (facts aside), so that a ranking's work stops at the same rows.
    kernel = compiled.kernel
    assert kernel is not None
    alone = kernel.solver(fast.left, fast.scale, method == "swap", method == "exact")
    alone.solve(state, draws, -1.0, compiled.info, compiled.deficiency, -1, 0)
    assert alone.work() == slow._expanded


@settings(max_examples=80, deadline=None, derandomize=True)
@given(one_away_hands(), st.data(), st.sampled_from(["advance", "swap", "extra"]))
def test_the_series_change_no_answer_and_stop_with_a_lower_bound(
    hand: BuiltHand, data: st.DataObject, method: Method
) -> None:
    """The states one and two or more tiles away answered at every draw count at once (their series;
    ``extra``: the states one away that it plays as ``advance``) against the general recursion, which
    answers each count through the memo, for a solver asked several times under work limits: an
    answer not stopped is the unlimited one, float for float; while neither has been stopped, both
    have done the same work and hold the same states; a stopped answer is a lower bound, and only a
    limit the work reached stops one. A solver stays marked stopped once it was: its later answers are
    lower bounds too (the last ask has no limit)."""
    if data.draw(st.booleans()):
        hand = data.draw(near_hands(hand, swaps=data.draw(st.integers(1, 2))))
    seen = data.draw(seen_tiles(hand.deal, hand.tiles, max_size=4))
    most = 8 if method == "advance" else 5  # swap's and extra's unlimited references grow fast beyond
    extra = data.draw(st.integers(0, 2)) if method == "extra" else 0
    asks = data.draw(st.lists(st.tuples(st.integers(1, most), st.integers(-1, 400)), min_size=1, max_size=3))
    asks.append((data.draw(st.integers(1, 4)), -1))
    runs = []
    for shortcuts, limits in ((True, True), (False, True), (False, False)):
        facts = HandFacts(hand.deal, compiled=True)
        kernel = facts.kernel
        assert kernel is not None
        front = ChanceSolver(facts, seen, 0.05, method)
        state = facts.state(hand.tiles)
        origin, allowance = (state, facts.deficiency(state) + extra) if method == "extra" else (None, 0)
        solver = kernel.solver(front.left, front.scale, method == "swap", False, origin, allowance, shortcuts)
        got = []
        for draws, limit in asks:
            v, e, capped = solver.solve(
                state, draws, -1.0, facts.info, facts.deficiency, limit if limits else -1, FACT_COST
            )
            got.append((v, e, capped, solver.work(), solver.size(), limit))
        runs.append(got)
    series, general, unlimited = runs
    untouched = True  # no ask so far stopped in either
    for (v, e, capped, work, size, limit), other, (full_v, full_e, full_capped, *_) in zip(series, general, unlimited):
        if full_capped:  # the memory limit stopped even the unlimited run: no reference from here on
            break
        assert not capped or not untouched or 0 <= limit <= work
        if capped:
            assert v <= full_v and e <= full_e
        else:
            assert (v.hex(), e.hex()) == (full_v.hex(), full_e.hex())
        untouched = untouched and not capped and not other[2]
        if untouched:
            assert (work, size) == other[3:5]


@settings(max_examples=40, deadline=None, derandomize=True)
@given(one_away_hands(), st.data(), st.integers(0, 2))
def test_extra_gives_the_same_floats(hand: BuiltHand, data: st.DataObject, extra: int) -> None:
    draws = data.draw(st.integers(1, 4 if extra else 6))
    if data.draw(st.booleans()):
        hand = data.draw(near_hands(hand, swaps=1))
    seen = data.draw(seen_tiles(hand.deal, hand.tiles, max_size=4))
    compiled, python = both(hand)
    state = python.state(hand.tiles)
    fast = ChanceSolver(compiled, seen, 0.05, "extra", extra=extra)
    slow = ChanceSolver(python, seen, 0.05, "extra", extra=extra)
    assert fast.solve(state, draws) == slow.solve(state, draws)
    assert fast._compiled is not None and fast._compiled.size() == len(slow.memo)


@settings(max_examples=30, deadline=None, derandomize=True)
@given(one_away_hands(), st.data(), st.integers(0, 2))
def test_extra_from_a_ranked_hand_gives_the_same_floats(hand: BuiltHand, data: st.DataObject, extra: int) -> None:
    draws = data.draw(st.integers(1, 4 if extra else 6))
    seen = data.draw(seen_tiles(hand.deal, hand.tiles, max_size=4))
    ranked = [*hand.tiles, data.draw(extra_tile(hand.deal, [*hand.tiles, *seen]))]
    thrown = data.draw(st.sampled_from(sorted(set(ranked))))
    rest = list(ranked)
    rest.remove(thrown)
    compiled, python = both(hand)
    grown = python.state(ranked)
    origin = ExtraOrigin(grown, min(python.deficiency(child) for child in python.discards(grown)))  # as ranked
    fast = ChanceSolver(compiled, [*seen, thrown], 0.05, "extra", extra=extra, origin=origin)
    slow = ChanceSolver(python, [*seen, thrown], 0.05, "extra", extra=extra, origin=origin)
    state = python.state(rest)
    assert fast.solve(state, draws) == slow.solve(state, draws)
    assert fast._compiled is not None and fast._compiled.size() == len(slow.memo)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.one_of(mixed_hands(), one_away_hands()), st.data())
def test_rows_of_a_15_are_the_facts_of_each_hand_it_leaves(hand: BuiltHand, data: st.DataObject) -> None:
    """``Kernel.rows`` (a ranking's rows in one call): each row is the facts of the 15 less that slot,
    in the order asked, with the hands found for it; a slot the 15 does not hold is refused."""
    compiled, python = both(hand)
    kernel = compiled.kernel
    assert kernel is not None
    whole = python.state([*hand.tiles, data.draw(extra_tile(hand.deal, hand.tiles))])
    slots = data.draw(st.permutations([x for x in range(SLOTS) if whole[x]]))
    rows = kernel.rows(whole, slots, compiled.info, compiled.deficiency)
    assert sum(found for *_, found in rows) == kernel.known() > 0
    for slot, (*facts, found) in zip(slots, rows, strict=True):
        rest = list(whole)
        rest[slot] -= 1
        assert tuple(facts) == python.info(tuple(rest)) and found >= 0
    assert kernel.rows(whole, slots, compiled.info, compiled.deficiency) == [(*f, 0) for *f, _ in rows]
    missing = next(x for x in range(SLOTS) if not whole[x])
    with pytest.raises(ValueError, match="slot"):
        kernel.rows(whole, [slots[0], missing], compiled.info, compiled.deficiency)


def python_decided(facts: HandFacts) -> list[tuple[int, ...]]:
    """Give ``facts`` a kernel that asks Python about every hand the cover programme alone does not
    decide (the fallback the certificate walk makes rare); returns the list the questions go to."""
    facts.kernel = facts.compiled_kernel(certify=False)
    asked: list[tuple[int, ...]] = []
    info, deficiency = facts.info, facts.deficiency
    facts.info = lambda state: (asked.append(state), info(state))[1]  # type: ignore[method-assign]
    facts.deficiency = lambda state: (asked.append(state), deficiency(state))[1]  # type: ignore[method-assign]
    return asked


@settings(max_examples=30, deadline=None, derandomize=True)
@given(one_away_hands(), st.data())
def test_hands_asked_of_python_give_the_same_answers(hand: BuiltHand, data: st.DataObject) -> None:
    hand = data.draw(near_hands(hand, swaps=1))
    compiled, python = both(hand)
    asked = python_decided(compiled)
    state = python.state(hand.tiles)
    kernel = compiled.kernel
    assert kernel is not None
    assert kernel.info(state, compiled.info, compiled.deficiency) == python.info(state)
    draws = data.draw(st.integers(1, 5))
    fast = ChanceSolver(compiled, (), 0.05, "advance").solve(state, draws)
    assert fast == ChanceSolver(python, (), 0.05, "advance").solve(state, draws)
    assert all(python._quick(s) is None for s in asked)  # only what the programme alone does not decide


def test_a_hand_with_both_okeys_is_asked_of_python() -> None:
    deal = make_deal("Y7")  # the okey is Y8
    hand = deal.resolve(parse_tiles("Y8 Y8 R1 R2 R3 B5 B6 B7 K9 K10 K11 Y1 Y2 K2"))
    compiled, python = HandFacts(deal, compiled=True), HandFacts(deal, compiled=False)
    asked = python_decided(compiled)
    state = python.state(hand)
    assert python._quick(state) is None  # two wilds and an unfilled slot: copies could matter
    assert compiled.kernel is not None
    assert compiled.kernel.info(state, compiled.info, compiled.deficiency) == python.info(state)
    assert state in asked
    for draws in (1, 3, 6):
        fast = ChanceSolver(compiled, (), 0.05, "advance").solve(state, draws)
        assert fast == ChanceSolver(python, (), 0.05, "advance").solve(state, draws) and fast[0] > 0


def test_expected_points_above_a_wins_points_give_the_same_floats() -> None:
    """A hand one away holding the okey, whose wins are 2 points (the okey in a meld) or 4 (finishing
    with it): over many draws its expected points pass 2, so holding on beats some wins' points, and
    a one-away series sums those terms draw by draw instead of its whole-number totals."""
    deal = make_deal("R5")  # the okey is R6
    hand = deal.resolve(parse_tiles("Y9 Y10 Y10 Y11 Y11 Y12 B6 B6 B7 B7 B8 B8 R6 R9"))
    compiled, python = HandFacts(deal, compiled=True), HandFacts(deal, compiled=False)
    state = python.state(hand)
    assert python.info(state)[0] == 1
    for draws in (8, 12, 15):
        fast = ChanceSolver(compiled, (), 0.0, "advance").solve(state, draws)
        assert fast == ChanceSolver(python, (), 0.0, "advance").solve(state, draws)
    assert fast[1] > 2.5  # more than a normal finish's points, expected


def test_time_limit_caps_the_answer() -> None:
    deal = make_deal("Y7")
    hand = deal.resolve(parse_tiles("R1 R2 R4 B9 B10 K5 Y5 K11 K12 K3 K1 B2 R9 Y11"))
    facts = HandFacts(deal, compiled=True)
    state = facts.state(hand)
    assert len(state) == SLOTS
    full = ChanceSolver(facts, (), 0.05, "advance")
    v, e = full.solve(state, 8)
    assert v > 0 and not full.capped
    stopped = ChanceSolver(facts, (), 0.05, "advance", deadline=0.0)  # long past
    assert stopped.solve(state, 8) == (0.0, 0.0)
    assert stopped.capped
    # A clock that has not run out changes nothing; one that ran out in a solve is read anew in the
    # next (the compiled solver reads it every few checks, and remembers it passed only within a solve).
    assert ChanceSolver(facts, (), 0.05, "advance", deadline=perf_counter() + 600.0).solve(state, 8) == (v, e)
    assert stopped._compiled is not None
    again = stopped._compiled.solve(state, 8, 600.0, facts.info, facts.deficiency)
    assert again[:2] == (v, e)


def test_the_maps_kernels_give_back_are_kept_within_a_bound_and_reused() -> None:
    """Freed maps are kept for the next kernels (a ranking makes one kernel and a solver a discard),
    never more than SPARE_BYTES of them, and the newest kept: the grown maps a far ranking left behind
    give way to the kernels' own. tracemalloc sees the compiled module's blocks; blocks kept before it
    started are not traced, so the counts hold whatever ran before in this process."""
    from okeytool.solver.classic import _chance

    deal = make_deal("B7")
    chance_ranking(deal, parse_tiles("R11 B4 B9 B13 K5 K9-13 Y1 Y1 Y3 Y8 Y12"), draws=8)  # 3 away
    facts = HandFacts(deal, compiled=True)
    megabyte = 1 << 20
    tracemalloc.start()
    try:
        kernels = [facts.compiled_kernel() for _ in range(60)]  # about 1.2 MB of maps each
        start = tracemalloc.get_traced_memory()[0]
        del kernels
        kept = tracemalloc.get_traced_memory()[0]
        again = [facts.compiled_kernel() for _ in range(10)]
        reused = tracemalloc.get_traced_memory()[0]
        del again
    finally:
        tracemalloc.stop()
    assert start > 40 * megabyte  # the maps are traced: the bound below is measured
    assert kept <= _chance.SPARE_BYTES + megabyte
    if _chance.SPARE_BYTES:
        assert reused - kept < megabyte  # ten new kernels took kept maps, not 12 MB of new ones


def test_a_ranking_does_not_depend_on_the_table_ranked_before() -> None:
    """A ranking on a table without 12-13-1 right after one with it, of the same tiles, is the
    ranking computed alone. The optimal choices a kernel keeps (Known) pass to the next kernel in a
    block that is not cleared, each entry marked as its kernel's; an entry of another table read in
    error would mostly be caught anyway (a hand grown from choices that do not keep one tile more is
    solved again), so this holds the answers, not the mark itself."""
    tiles = parse_tiles("R12 R13 R1 K12 K13 K1 Y12 Y13 B12 B1 R5 R6 K3 Y9 B10")

    def ranking(wrap: bool) -> object:
        return chance_ranking(make_deal("B7", wrap=wrap), tiles, draws=8).to_json()

    alone = ranking(False)
    assert ranking(True) != alone  # the tables answer these tiles differently
    assert ranking(False) == alone


@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.data())
def test_facts_of_hands_near_seven_pairs_agree(data: st.DataObject) -> None:
    """Hands one or two tiles from seven pairs, where the pairs count decides the distance and the
    useful draws: the compiled facts (each draw's pairs count worked out by the kind of face drawn)
    and the children kept after a draw (each lost tile's by the kind of tile lost) are Python's."""
    deal = data.draw(okey_deals())
    facts_and_kept_agree(data.draw(near_hands(data.draw(pairs_hands(deal)))), data)
