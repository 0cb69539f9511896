"""The shortcuts of the plain discard ranking hold to the long way round.

* :func:`hand_masks` (bytes mapped to binary digits) equals the masks built face by face;
* seven pairs from the face masks, and after one more copy, equal :func:`pairs_counts` of the counts;
* :func:`best_discard` (the useful draws of the nearest rows only) is :func:`rank_discards`'s top row,
  and the acceptance seat that throws by it plays the same round;
* the rows' distances and useful draws from a chance ranking's hand facts (compiled and in Python)
  are the analyser's.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import fifteen_tile_hands

from okeytool.arena.run import ArenaRun, play
from okeytool.solver.classic.analysis import Analyser, best_discard, rank_discards
from okeytool.solver.classic.chance import COMPILED as CHANCE_COMPILED
from okeytool.solver.classic.chance import HandFacts, RowFacts
from okeytool.solver.classic.cover import COMPILED, MeldCover, hand_masks
from okeytool.solver.classic.pairs import (
    kept_of_pairs,
    orphan_mask,
    pairs_counts,
    pairs_counts_after,
    pairs_counts_of_masks,
    pairs_kept,
)
from okeytool.tiles import FACE_COUNT

counts_of_faces = st.lists(st.integers(0, 2), min_size=FACE_COUNT, max_size=FACE_COUNT)
supplies = st.lists(st.integers(1, 2), min_size=FACE_COUNT, max_size=FACE_COUNT)


def masks_face_by_face(counts: list[int]) -> tuple[int, int]:
    one = two = 0
    for face, n in enumerate(counts):
        if n >= 1:
            one |= 1 << face
        if n >= 2:
            two |= 1 << face
    return one, two


@given(counts_of_faces)
def test_hand_masks_are_the_faces_held_once_and_twice(counts: list[int]) -> None:
    assert hand_masks(counts) == masks_face_by_face(counts)
    assert hand_masks(tuple(counts)) == masks_face_by_face(counts)


def test_hand_masks_of_the_extremes() -> None:
    assert hand_masks([0] * FACE_COUNT) == (0, 0)
    every = (1 << FACE_COUNT) - 1
    assert hand_masks([2] * FACE_COUNT) == (every, every)
    assert hand_masks([1] + [0] * (FACE_COUNT - 1)) == (1, 0)


def pairs_face_by_face(counts: list[int], supply: list[int]) -> tuple[int, int, int]:
    """Faces held twice or more, held once, and held once with no twin outside, counted one by one."""
    singles = [f for f in range(FACE_COUNT) if counts[f] == 1]
    return sum(1 for n in counts if n >= 2), len(singles), sum(1 for f in singles if supply[f] <= 1)


@given(counts_of_faces, supplies, st.integers(0, 2))
def test_pairs_from_masks_and_after_a_draw(counts: list[int], supply: list[int], wilds: int) -> None:
    held = pairs_face_by_face(counts, supply)
    assert pairs_counts(counts, supply) == held
    assert pairs_counts_of_masks(*hand_masks(counts), orphan_mask(supply)) == held
    assert kept_of_pairs(held, wilds) == pairs_kept(counts, wilds, supply)
    for face in range(FACE_COUNT):
        if counts[face] < 2:
            more = list(counts)
            more[face] += 1
            assert pairs_counts_after(held, counts[face], supply[face]) == pairs_face_by_face(more, supply)


@settings(max_examples=150, deadline=None)
@given(fifteen_tile_hands())
def test_best_discard_is_the_rankings_top_row(case) -> None:  # type: ignore[no-untyped-def]
    deal, tiles, seen = case
    analyser = Analyser(deal)
    best = best_discard(deal, tiles, seen, analyser=analyser)
    assert best == rank_discards(deal, tiles, seen).best
    # A kept analyser (its memo of hands) gives the same row again.
    assert best_discard(deal, tiles, seen, analyser=analyser) == best


@settings(max_examples=150, deadline=None, derandomize=True)
@given(fifteen_tile_hands())
def test_hand_facts_give_the_analysers_rows(case) -> None:  # type: ignore[no-untyped-def]
    deal, tiles, seen = case
    plain = rank_discards(deal, tiles, seen)
    engines = [False, True] if COMPILED and CHANCE_COMPILED else [False]
    for compiled in engines:
        facts = HandFacts(deal, compiled=compiled)
        rows = RowFacts(facts)
        assert rank_discards(deal, tiles, seen, distances=rows) == plain
        # the hands found are counted for each row, by the slot of the tile it throws
        thrown = {facts.slot(tile) for tile in tiles}
        assert set(rows.found) == thrown and sum(rows.found.values()) >= len(thrown)
        again = RowFacts(facts)
        assert rank_discards(deal, tiles, seen, distances=again) == plain  # the facts kept: the same
        assert sum(again.found.values()) == 0


def test_an_acceptance_seat_plays_as_the_whole_ranking_would(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two deals played by acceptance seats throwing by the shortcut, then by the whole ranking's top
    row: the same events, take for take and throw for throw."""
    import okeytool.solver.classic.analysis as analysis

    def events() -> list[dict[str, Any]]:
        run = ArenaRun("classic", "acceptance", "greedy", deals=2, seed=7)
        return [event for games in play(run) for game in games for event in game.played.events]

    shortcut = events()

    def whole_ranking(deal, tiles, seen=(), *, analyser=None):  # type: ignore[no-untyped-def]
        return rank_discards(deal, tiles, seen).best

    monkeypatch.setattr(analysis, "best_discard", whole_ranking)
    assert events() == shortcut


@st.composite
def plain_hands(draw: st.DrawFn) -> list[int]:
    """Counts per face of 12 to 16 plain tiles (at most two of a face)."""
    faces = draw(st.lists(st.sampled_from(range(FACE_COUNT * 2)), min_size=12, max_size=16, unique=True))
    counts = [0] * FACE_COUNT
    for copy in faces:
        counts[copy // 2] += 1
    return counts


@settings(max_examples=150, deadline=None)
@given(plain_hands(), st.sampled_from((12, 13, 14)), st.booleans())
def test_one_cover_of_the_whole_hand_gives_every_hand_less_a_tile(counts: list[int], size: int, wrap: bool) -> None:
    """kept(hand less a copy of f) is kept(hand) where f is a spare, one fewer elsewhere; the compiled
    programme's spares are the Python programme's."""
    python = MeldCover(wrap, compiled=False)
    kept, spares = python.kept_and_spares(counts, size)
    if COMPILED:
        assert MeldCover(wrap).kept_and_spares(counts, size) == (kept, spares)
    for face in range(FACE_COUNT):
        if counts[face]:
            fewer = list(counts)
            fewer[face] -= 1
            assert python.cover(fewer, size).kept == (kept if spares >> face & 1 else kept - 1)
        else:
            assert not spares >> face & 1


@settings(max_examples=100, deadline=None)
@given(fifteen_tile_hands())
def test_the_bounds_of_the_rows_are_below_their_deficiencies(case) -> None:  # type: ignore[no-untyped-def]
    deal, tiles, _ = case
    analyser = Analyser(deal)
    whole = deal.solver_hand(tiles)
    distinct = sorted(set(tiles))
    bounds = analyser.deficiency_bounds(whole, [deal.plays_as(t) for t in distinct])
    exact = [analyser.deficiency(whole.without(deal.plays_as(t))) for t in distinct]
    for bound, deficiency in zip(bounds, exact):
        assert bound <= deficiency.total
        if whole.wilds + (deficiency.melds or 0) <= deal.rules.max_wilds:
            assert bound == deficiency.total  # nothing relaxed: the bound is the deficiency
