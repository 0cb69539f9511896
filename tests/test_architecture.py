"""docs/architecture.md's "to add a game" done once, with a toy game defined here.

The toy game plays classic hands under one turn rule of its own: a turn may not take the previous
player's discard. It answers ``check`` and ``discard`` (with win chances, which a followed
round's advice asks for), not ``waits``, and answers ``discard`` in its own way: without win
chances its ranking always looks one draw ahead (``deep``). It is scored by the ``pagat`` scheme.
Adding it takes what the document lists: a ``Game`` subclass (here of the game it varies, its
``answer`` overriding the one question it answers differently), the registry (here
:func:`register`, as for a game defined outside the wings), a rules profile naming it; nothing
else in the package changes. Its answers, a command's or a followed round's, are the same typed
answers, rendered by the one renderer.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console

from okeytool.deal import Deal
from okeytool.errors import InputError
from okeytool.parse.notation import parse_tile, parse_tiles
from okeytool.questions import answer, read_question
from okeytool.render.results import result_renderable
from okeytool.round.advice import state_advice
from okeytool.round.documents import advice_kind
from okeytool.round.events import Draw, EventError, Start, Take, Throw
from okeytool.round.state import apply, start_state
from okeytool.rules import PROFILES, SchemeName, get_rules
from okeytool.score.schemes import scheme_for
from okeytool.solver.classic.game import ClassicGame
from okeytool.solver.games import CHANCE_FIELDS, GAMES, Game, game_of, refuse_question, register, unregister
from okeytool.solver.questions import Answer, DiscardQuestion, Question

ROOT = Path(__file__).parent.parent
ARCHITECTURE = ROOT / "docs" / "architecture.md"
WINNING = "R1-4 B9-11 K5 Y5 R5 K11-13 K1 B2"  # wins with indicator Y7
TIED = "R1 R8 R11 R13 B7 B10 B13 K7 K8 K8 K9 Y4 Y5 Y10 Y12"  # indicator K1: three throws tie at the top


class ToyGame(ClassicGame):
    """Classic hands where a turn never takes a discard, and a discard ranking looks one draw ahead."""

    name = "toy"
    hands = "toy hands (toy)"
    questions = {"check": frozenset({"seen", "solver"}), "discard": frozenset({"seen", *CHANCE_FIELDS})}
    schemes = frozenset({"pagat"})
    takes_discards = False

    def answer(self, question: Question) -> Answer:
        """``discard`` without win chances: the ranking that looks one draw ahead; the rest as classic."""
        if isinstance(question, DiscardQuestion) and question.chance is None:
            return super().answer(replace(question, deep=True))
        return super().answer(question)


def shown(deal: Deal, result: object, *, heading: bool = True) -> str:
    """What the one renderer shows of an answer, as plain text."""
    console = Console(width=160, no_color=True)
    with console.capture() as capture:
        console.print(result_renderable(deal, result, heading=heading))
    return capture.get()


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[Game]:
    """The toy game registered, and a ``toy`` profile that plays it."""
    game = ToyGame()
    register(game)
    toy_rules = replace(get_rules("classic"), name="toy", description="a toy game", game="toy")
    monkeypatch.setitem(PROFILES, "toy", toy_rules)
    yield game
    unregister("toy")


def test_the_document_lists_the_files_to_change() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8")
    section = text.split("## To add a game, change these files", 1)[1].split("\n## ", 1)[0]
    named = re.findall(r"`(okeytool/[^`<>]+\.py)`", section)
    assert "okeytool/solver/games.py" in named and "okeytool/rules.py" in named
    for path in named:
        assert (ROOT / path).exists(), path
    assert "register(game)" in section and "tests/test_architecture.py" in section


def test_the_toy_game_is_found_by_name(toy: Game) -> None:
    assert game_of(get_rules("toy")) is toy
    assert "toy" in GAMES and GAMES["toy"] is toy
    assert game_of(get_rules("classic")).name == "classic"  # the wings' games are still there


def test_the_toy_game_answers_its_questions_only(toy: Game) -> None:
    question = read_question("check", {"rules": "toy", "indicator": "Y7", "tiles": WINNING})
    assert answer(question).to_json()["winning"] is True
    with pytest.raises(InputError, match="not for the toy rules, which answer check, discard"):
        refuse_question(get_rules("toy"), "waits")
    with pytest.raises(InputError, match="'deep' is not part of a check question in the toy rules"):
        read_question("check", {"rules": "toy", "indicator": "Y7", "tiles": WINNING, "deep": True})


def test_the_toy_game_answers_a_question_in_its_own_way(toy: Game) -> None:
    toy_question = read_question("discard", {"rules": "toy", "indicator": "K1", "tiles": TIED})
    deep_question = read_question("discard", {"indicator": "K1", "tiles": TIED, "deep": True})
    assert toy_question.deep is False  # the toy's question is the classic one; the toy answers it
    mine = dict(answer(toy_question).to_json())["discards"]
    assert mine == dict(answer(deep_question).to_json())["discards"]
    assert mine != dict(answer(replace(toy_question, deal=deep_question.deal)).to_json())["discards"]
    assert any(row["second_order"] is not None for row in mine)  # the tie at the top broken a draw ahead
    assert "2nd order" in shown(toy_question.deal, answer(toy_question))  # the one renderer shows it


def test_a_toy_round_follows_its_turn_rules(toy: Game) -> None:
    state = start_state(Start("toy", {}, parse_tile("R4"), parse_tiles("R1-3 B5-7 K9-11 Y1-4 K1")))
    assert state.phase == "draw" and len(state.hand) == 14
    assert advice_kind(state_advice(state)) == "waits"
    with pytest.raises(EventError, match="there are no discards to take in toy"):
        apply(state, Take(parse_tile("K5")))
    drawn = apply(state, Draw(parse_tile("K5")))
    assert drawn.phase == "throw" and advice_kind(state_advice(drawn, draws=2)) == "discard"
    advice = shown(drawn.deal, state_advice(drawn, draws=2), heading=False)  # as discard --chance shows it
    assert "win chance" in advice and "model: 2 draws left" in advice and "rules toy" not in advice
    thrown = apply(drawn, Throw(parse_tile("K1")))
    assert thrown.phase == "draw" and parse_tile("K1") in thrown.seen


def test_the_toy_game_is_scored_by_its_scheme(toy: Game) -> None:
    rules = get_rules("toy")
    assert rules.scheme == SchemeName.PAGAT and scheme_for(rules).name == "pagat"
    with pytest.raises(Exception, match="scores 14-tile Okey rounds"):
        scheme_for(replace(get_rules("101"), scheme=SchemeName.PAGAT, game="101"))
