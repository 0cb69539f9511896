"""One entry point that prints any analysis result in its rich form, chosen by the result's type."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from okeytool.deal import Deal


def render_result(deal: Deal, result: object) -> None:
    """Print ``result`` (a check, going-out, waits, discard or 101 discard answer) for people.

    Raises ``TypeError`` for an object no renderer knows.
    """
    from okeytool.render.analysis import render_discards, render_go_out, render_waits
    from okeytool.render.check import render_check
    from okeytool.render.opening import render_discard_101
    from okeytool.solver.classic.analysis import DiscardResult, WaitsResult
    from okeytool.solver.classic.check import CheckResult
    from okeytool.solver.okey101.opening import Discard101Result
    from okeytool.solver.rummikub.play import GoOut

    renderers: dict[type, Callable[[Deal, Any], None]] = {
        CheckResult: render_check,
        GoOut: render_go_out,
        WaitsResult: render_waits,
        DiscardResult: render_discards,
        Discard101Result: render_discard_101,
    }
    renderer = renderers.get(type(result))
    if renderer is None:
        raise TypeError(f"no rendering for {type(result).__name__}")
    renderer(deal, result)
