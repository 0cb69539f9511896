"""The compiled opening search against the pure-Python one, on seeded random hands: the same values,
the same layouts and the same number of solved states, in both directions and both wrap settings."""

from __future__ import annotations

import random

import pytest

from okeytool.solver.okey101.search import COMPILED, OpeningSearch
from okeytool.tiles import FACE_COUNT


def _hands(seed: int, count: int) -> list[tuple[list[int], int]]:
    """Random face counts (0-2 a face, now and then 3: the okey face with the false jokers) and 0-4 wilds."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        counts = [0] * FACE_COUNT
        for _ in range(rng.randint(1, 24)):
            face = rng.randrange(FACE_COUNT)
            if counts[face] < (3 if face == 0 else 2):
                counts[face] += 1
        out.append((counts, rng.choice((0, 0, 1, 1, 2, 3, 4))))
    return out


@pytest.mark.skipif(not COMPILED, reason="the C extension is not built here: nothing to compare")
@pytest.mark.parametrize("mirrored", [False, True])
@pytest.mark.parametrize("wrap", [False, True])
def test_default_and_python_searches_agree(wrap: bool, mirrored: bool) -> None:
    default = OpeningSearch(wrap, mirrored=mirrored)
    python = OpeningSearch(wrap, mirrored=mirrored, compiled=False)
    assert default.compiled and not python.compiled  # the compiled recursion against the Python one
    for counts, wilds in _hands(7 + 2 * wrap + mirrored, 120):
        assert default.best_value(counts, wilds) == python.best_value(counts, wilds)
        for keep in (0, 1):
            assert default.best_layout_keeping(counts, wilds, keep) == python.best_layout_keeping(counts, wilds, keep)
    assert len(default.memo) == len(python.memo) > 1000
    default.memo.clear()
    assert len(default.memo) == 0
    assert default.best_value(*_hands(1, 1)[0]) == python.best_value(*_hands(1, 1)[0])


def test_the_search_refuses_more_wilds_than_its_state_holds() -> None:
    for compiled in {False, COMPILED}:
        with pytest.raises(ValueError, match="0 to 15 wilds"):
            OpeningSearch(False, compiled=compiled).best_value([1] * FACE_COUNT, 16)
