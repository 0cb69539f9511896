"""The worked ``open`` answers of hands.jsonl (V33-V39), through the library, both solvers and batch."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from conftest import hand, make_deal, vectors

from okeytool.commands import batch
from okeytool.solver.melds.validator import meld_problem
from okeytool.solver.okey101.opening import analyse_opening

OPEN_VECTORS = vectors("open")


def test_the_vectors_are_there() -> None:
    ids = {v["id"] for v in OPEN_VECTORS}
    assert {"V33", "V34", "V35", "V36", "V37", "V38", "V39"} <= ids


@pytest.mark.parametrize("solver", ["search", "cpsat"])
@pytest.mark.parametrize("vector", OPEN_VECTORS, ids=[v["id"] for v in OPEN_VECTORS])
def test_open_vector(vector: dict[str, Any], solver: str) -> None:
    deal = make_deal(vector["indicator"], vector["rules"])
    tiles = hand(deal, vector["tiles"])
    result = analyse_opening(deal, tiles, solver=solver, options=1)  # type: ignore[arg-type]
    expect = vector["expect"]
    assert result.best.points == expect["points"], vector["why"]
    assert result.pairs == expect["pairs"], vector["why"]
    assert result.can_open == (expect["points"] >= 101)
    # The melds shown are valid, come from the hand, and add up to the points.
    assert all(meld_problem(deal, meld) is None for meld in result.best.melds)
    assert not Counter(result.best.tiles) - Counter(tiles)
    assert sum(meld.value for meld in result.best.melds) == expect["points"]
    assert len(result.left) >= 1


@pytest.mark.parametrize("vector", OPEN_VECTORS, ids=[v["id"] for v in OPEN_VECTORS])
def test_open_vector_in_batch(vector: dict[str, Any]) -> None:
    question = {k: vector[k] for k in ("id", "command", "rules", "indicator", "tiles")}
    answer = json.loads(batch.answer_line(json.dumps(question)))
    assert answer["id"] == vector["id"]
    assert answer["best"]["points"] == vector["expect"]["points"]
    assert answer["pairs"] == vector["expect"]["pairs"]


def test_elden_vector_lays_all_but_one() -> None:
    (vector,) = [v for v in OPEN_VECTORS if v["id"] == "V39"]
    deal = make_deal(vector["indicator"], vector["rules"])
    result = analyse_opening(deal, hand(deal, vector["tiles"]))
    assert result.elden and not result.can_open
    assert len(result.best.tiles) == 21 and [str(t) for t in result.left] == ["K9"]
