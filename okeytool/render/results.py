"""One entry point that prints any question's answer in its rich form, chosen by the answer's type."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from okeytool.deal import Deal


def render_result(deal: Deal, result: object) -> None:
    """Print ``result`` (a check, going-out, waits, discard, chance ranking, 101 discard, open or play
    answer) for people, in the words players use.

    Raises ``TypeError`` for an object no renderer knows.
    """
    from okeytool.questions import CheckAnswer, OpenAnswer
    from okeytool.render.analysis import render_chance, render_discards, render_go_out, render_waits
    from okeytool.render.check import render_check, render_check_answer
    from okeytool.render.opening import render_discard_101
    from okeytool.render.play import render_play
    from okeytool.solver.classic.analysis import DiscardResult, WaitsResult
    from okeytool.solver.classic.chance import ChanceRanking
    from okeytool.solver.classic.check import CheckResult
    from okeytool.solver.okey101.opening import Discard101Result
    from okeytool.solver.rummikub.result import GoOut, Play

    renderers: dict[type, Callable[[Deal, Any], None]] = {
        CheckResult: render_check,
        CheckAnswer: render_check_answer,
        ChanceRanking: render_chance,
        GoOut: render_go_out,
        WaitsResult: render_waits,
        DiscardResult: render_discards,
        Discard101Result: render_discard_101,
        OpenAnswer: _render_open,
        Play: render_play,
    }
    renderer = renderers.get(type(result))
    if renderer is None:
        raise TypeError(f"no rendering for {type(result).__name__}")
    renderer(deal, result)


def _render_open(deal: Deal, answer: Any) -> None:
    from okeytool.render.opening import render_opening, render_take

    render_opening(deal, answer.result, answer.table)
    if answer.take is not None:
        render_take(deal, answer.take)
