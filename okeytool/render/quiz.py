"""Rendering of ``quiz``: a position to answer, the verdict on the answer, and the progress.

The tiles are coloured as every other command colours them (:mod:`okeytool.render.tiles`); the
ranking revealed after an answer is ``discard --chance``'s (:func:`okeytool.render.analysis.chance_renderables`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from okeytool.render.analysis import chance_renderables, deficiency_words, percent
from okeytool.render.tiles import deal_text, tiles_text

if TYPE_CHECKING:
    from okeytool.arena.quiz import Position, Verdict
    from okeytool.ledger.quiz import Progress, QuizStats


def position_renderable(position: Position, number: int, count: int) -> RenderableType:
    """The position as the player sees it before answering: the deal, the 15 tiles, the tiles seen
    and the own draws left."""
    deal = position.deal
    draws = position.draws
    seen = tiles_text(position.seen, deal) if position.seen else Text("nothing yet", style="dim")
    return Group(
        Text(f"position {number} of {count} ({position.id})", style="bold"),
        deal_text(deal),
        Text("hand   ").append_text(tiles_text(position.hand, deal)),
        Text("seen   ").append_text(seen),
        Text(f"draws left after this throw: {draws}"),
    )


def verdict_renderable(verdict: Verdict, *, rows: int = 5) -> RenderableType:
    """The answer revealed: the throw beside the best, what it cost, and the best ``rows`` throws."""
    deal = verdict.position.deal
    d = verdict.decision
    line = Text("you threw ").append_text(tiles_text([d.thrown], deal))
    line.append(f" ({_chance(d.chance_thrown)})")
    if not d.graded:
        line.append(": not graded", style="yellow")
        line.append(" (its win chance was not computed and the plain ranking puts it below the best)")
    elif d.matched:
        line.append(": the best throw", style="bold green")
    else:
        line.append("; best ").append_text(tiles_text([d.best], deal))
        line.append(f" ({_chance(d.chance_best)})")
        line.append(f": cost {percent(d.lost or 0.0)} of win chance", style="bold red")
    distance = Text(f"the hand was {deficiency_words(verdict.distance)}", style="dim")
    ranking = chance_renderables(deal, verdict.ranking, rows=rows, heading=False)
    return Group(line, distance, *ranking)


def _chance(value: float | None) -> str:
    return "win chance not computed" if value is None else f"win chance {percent(value)}"


def session_text(verdicts: Sequence[Verdict]) -> Text:
    """One line on a session: matched, graded, total and average cost, seconds per answer."""
    graded = [v for v in verdicts if v.cost is not None]
    matched = sum(v.decision.matched for v in verdicts)
    cost = sum(v.cost or 0.0 for v in graded)
    seconds = sum(v.seconds for v in verdicts) / len(verdicts) if verdicts else 0.0
    text = Text(f"{matched} of {len(graded)} graded answers matched the best", style="bold")
    if graded:
        text.append(f"; average cost {percent(cost / len(graded))}")
    text.append(f"; {seconds:.1f} s per answer")
    return text


def stats_renderable(stats: QuizStats) -> RenderableType:
    """Accuracy, average cost and time per answer, by distance from a win and in all."""
    if not stats.total.answers:
        return Text("no quiz answers yet: 'okeytool quiz' deals some positions")
    table = Table(title="quiz progress", title_justify="left", show_edge=False, pad_edge=False)
    for column in ("distance", "answers", "graded", "matched", "accuracy", "average cost", "time per answer"):
        table.add_column(column)
    for distance, progress in stats.by_distance:
        table.add_row(str(distance), *_cells(progress))
    table.add_row("all", *_cells(stats.total), style="bold")
    return Group(table, Text("distance: how many tiles from a win the hand is after its best throw", style="dim"))


def _cells(progress: Progress) -> list[str]:
    accuracy = "-" if progress.accuracy is None else percent(progress.accuracy)
    cost = "-" if progress.average_cost is None else percent(progress.average_cost)
    seconds = "-" if progress.average_seconds is None else f"{progress.average_seconds:.1f} s"
    return [str(progress.answers), str(progress.graded), str(progress.matched), accuracy, cost, seconds]
