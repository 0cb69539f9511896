"""One entry point that renders any answer in its rich form, chosen by the answer's type: a
question's answer printed by a command, and the advice a followed round shows after each event."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

from okeytool.deal import Deal

if TYPE_CHECKING:
    from rich.console import RenderableType

    from okeytool.render.rows import Top
    from okeytool.tiles import Tile


#: Short words shown beside the throws of a discard ranking, by tile (a followed round's flags).
Marks = Mapping["Tile", str]


class _Renderer(Protocol):
    """An answer's renderables, top to bottom (see :func:`result_renderable`); the renderers of the
    discard rankings (:data:`_MARKED`) also take ``marks``."""

    def __call__(
        self, deal: Deal, result: Any, *, rows: int | None, heading: bool, marks: Marks | None = None
    ) -> list[RenderableType]: ...


def render_result(deal: Deal, result: object, *, top: Top = "all") -> None:
    """Print ``result`` (a check, going-out, waits, discard, chance ranking, 101 discard, 101 opening
    chance, open or play answer) for people, in the words players use; a ranking cut to the rows ``top`` asks for
    (:func:`okeytool.render.rows.rows_shown`).

    Raises ``TypeError`` for an object no renderer knows.
    """
    from okeytool.render.rows import rows_shown
    from okeytool.render.tiles import console

    out = console()
    rows = rows_shown(top, lambda shown: result_renderable(deal, result, rows=shown), out)
    out.print(result_renderable(deal, result, rows=rows))


def result_renderable(
    deal: Deal, result: object, *, rows: int | None = None, heading: bool = True, marks: Marks | None = None
) -> RenderableType:
    """``result`` for people, as one rich renderable: with ``heading`` the deal and the hand first
    (a followed round shows its own); ``rows``: how many rows of a ranking (None: all); ``marks``:
    short words shown beside a discard ranking's throws (a followed round's flags), by tile.

    Only the renderer of the answer shown is imported (a command is a whole process: a winning
    ``check`` has no use for the 101 or Rummikub renderers nor their solvers).

    Raises ``TypeError`` for an object no renderer knows.
    """
    from rich.console import Group

    kind = type(result)
    name = f"{kind.__module__}.{kind.__qualname__}"
    renderer = _renderer(name)
    if renderer is None:
        raise TypeError(f"no rendering for {kind.__name__}")
    if marks and name in _MARKED:
        return Group(*renderer(deal, result, rows=rows, heading=heading, marks=marks))
    return Group(*renderer(deal, result, rows=rows, heading=heading))


def _renderer(kind: str) -> _Renderer | None:
    """The function that renders an answer of type ``kind`` (module and name), or ``None``."""
    if kind in _RENDERERS:
        from importlib import import_module

        module, name = _RENDERERS[kind]
        renderer: _Renderer = getattr(import_module(f"okeytool.render.{module}"), name)
        return renderer
    return None


#: Every answer by type (module and name), with the module of :mod:`okeytool.render` and the
#: function that renders it.
_RENDERERS = {
    "okeytool.solver.classic.check.CheckResult": ("check", "check_renderables"),
    "okeytool.solver.classic.answers.CheckAnswer": ("check", "check_answer_renderables"),
    "okeytool.solver.classic.chance.ChanceRanking": ("analysis", "chance_renderables"),
    "okeytool.solver.rummikub.result.GoOut": ("analysis", "go_out_renderables"),
    "okeytool.solver.classic.analysis.WaitsResult": ("analysis", "waits_renderables"),
    "okeytool.solver.classic.analysis.DiscardResult": ("analysis", "discards_renderables"),
    "okeytool.solver.okey101.opening.Discard101Result": ("opening", "discard_101_renderables"),
    "okeytool.solver.okey101.chance.OpeningChanceRanking": ("opening_chance", "opening_chance_renderables"),
    "okeytool.solver.okey101.answers.OpenAnswer": ("opening", "open_answer_renderables"),
    "okeytool.solver.advice.Penalties": ("opening", "penalties_renderables"),
    "okeytool.solver.rummikub.result.Play": ("play", "play_renderables"),
}
#: The answers whose renderer shows ``marks`` beside its throws: the discard rankings.
_MARKED = frozenset({
    "okeytool.solver.classic.chance.ChanceRanking",
    "okeytool.solver.classic.analysis.DiscardResult",
    "okeytool.solver.okey101.opening.Discard101Result",
    "okeytool.solver.advice.Penalties",
})  # fmt: skip
