"""The worked ``check`` answers of tests/vectors/hands.jsonl, with both solvers and the CLI."""

from __future__ import annotations

import json

import pytest
from conftest import hand, make_deal, vectors
from reference import reference_check

from okeytool.solver.classic.check import check_hand
from okeytool.solver.melds.validator import arrangement_problem

CHECK_VECTORS = vectors("check")


def test_the_vector_file_has_the_check_questions() -> None:
    ids = {v["id"] for v in CHECK_VECTORS}
    assert {f"V{n}" for n in range(12, 23)} <= ids


@pytest.mark.parametrize("solver", ["search", "cpsat"])
@pytest.mark.parametrize("vector", CHECK_VECTORS, ids=lambda v: v["id"])
def test_check_vector(vector: dict, solver: str) -> None:
    deal = make_deal(vector["indicator"], vector["rules"])
    tiles = hand(deal, vector["tiles"])
    expect = vector["expect"]
    result = check_hand(deal, tiles, solver=solver)  # type: ignore[arg-type]
    assert result.winning == expect["winning"], vector["why"]
    assert sorted(str(t) for t in result.winning_discards) == sorted(expect["winning_discard_set"])
    assert sorted({w.kind for w in result.wins}) == sorted(expect["kind"])
    for win in result.wins:
        rest = list(tiles)
        rest.remove(win.discard)
        assert arrangement_problem(deal, rest, win.arrangement) is None


@pytest.mark.parametrize("vector", CHECK_VECTORS, ids=lambda v: v["id"])
def test_check_vector_against_the_reference(vector: dict) -> None:
    deal = make_deal(vector["indicator"], vector["rules"])
    answer = reference_check(deal, hand(deal, vector["tiles"]))
    expect = vector["expect"]
    assert sorted(str(t) for t in answer.discards) == sorted(expect["winning_discard_set"])
    assert sorted(set(answer.wins.values())) == sorted(expect["kind"])


@pytest.mark.parametrize("vector", CHECK_VECTORS, ids=lambda v: v["id"])
def test_check_vector_through_the_cli(vector: dict, run_main) -> None:
    run = run_main("check", "--rules", vector["rules"], "-i", vector["indicator"], vector["tiles"], "--json")
    assert run.code == 0, run.err
    document = json.loads(run.out)
    assert document["winning"] == vector["expect"]["winning"]
    assert sorted(document["winning_discards"]) == sorted(vector["expect"]["winning_discard_set"])
