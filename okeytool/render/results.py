"""One entry point that prints any question's answer in its rich form, chosen by the answer's type."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from okeytool.deal import Deal


def render_result(deal: Deal, result: object) -> None:
    """Print ``result`` (a check, going-out, waits, discard, chance ranking, 101 discard, open or play
    answer) for people, in the words players use.

    Only the renderer of the answer printed is imported (a command is a whole process: a winning
    ``check`` has no use for the 101 or Rummikub renderers nor their solvers).

    Raises ``TypeError`` for an object no renderer knows.
    """
    kind = type(result)
    renderer = _renderer(f"{kind.__module__}.{kind.__qualname__}")
    if renderer is None:
        raise TypeError(f"no rendering for {kind.__name__}")
    renderer(deal, result)


def _renderer(kind: str) -> Callable[[Deal, Any], None] | None:
    """The function that prints an answer of type ``kind`` (module and name), or ``None``."""
    if kind == "okeytool.solver.classic.check.CheckResult":
        from okeytool.render.check import render_check

        return render_check
    if kind == "okeytool.solver.classic.answers.CheckAnswer":
        from okeytool.render.check import render_check_answer

        return render_check_answer
    if kind in _ANALYSIS:
        from okeytool.render import analysis

        renderer: Callable[[Deal, Any], None] = getattr(analysis, _ANALYSIS[kind])
        return renderer
    if kind == "okeytool.solver.okey101.opening.Discard101Result":
        from okeytool.render.opening import render_discard_101

        return render_discard_101
    if kind == "okeytool.solver.okey101.answers.OpenAnswer":
        return _render_open
    if kind == "okeytool.solver.rummikub.result.Play":
        from okeytool.render.play import render_play

        return render_play
    return None


#: The answers :mod:`okeytool.render.analysis` prints, each with the function that prints it.
_ANALYSIS = {
    "okeytool.solver.classic.chance.ChanceRanking": "render_chance",
    "okeytool.solver.rummikub.result.GoOut": "render_go_out",
    "okeytool.solver.classic.analysis.WaitsResult": "render_waits",
    "okeytool.solver.classic.analysis.DiscardResult": "render_discards",
}


def _render_open(deal: Deal, answer: Any) -> None:
    from okeytool.render.opening import render_opening, render_take

    render_opening(deal, answer.result, answer.table)
    if answer.take is not None:
        render_take(deal, answer.take)
