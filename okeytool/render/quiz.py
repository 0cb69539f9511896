"""Rendering of ``quiz``: a position to answer, the verdict on the answer, and the progress.

The tiles are coloured as every other command colours them (:mod:`okeytool.render.tiles`); the
ranking revealed after an answer is ``discard --chance``'s (:func:`okeytool.render.analysis.chance_renderables`;
in 101 :func:`okeytool.render.opening_chance.opening_chance_renderables`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from okeytool.render.analysis import deficiency_words, number_words, percent
from okeytool.render.tiles import deal_text, meld_text, tiles_text

if TYPE_CHECKING:
    from okeytool.arena.quiz import Position, Verdict
    from okeytool.ledger.quiz import Progress, QuizStats


#: How the quiz computes more rows of a ranking.
MORE_WORK = "a larger --work computes more"


def position_renderable(position: Position, number: int, count: int) -> RenderableType:
    """The position as the player sees it before answering: the deal, the tiles, the tiles seen,
    (101) the melds on the table and what opens, and the own draws left."""
    deal = position.deal
    draws = position.draws
    seen = tiles_text(position.seen, deal) if position.seen else Text("nothing yet", style="dim")
    lines: list[RenderableType] = [
        Text(f"position {number} of {count} ({position.id})", style="bold"),
        deal_text(deal),
        Text("hand   ").append_text(tiles_text(position.hand, deal)),
        Text("seen   ").append_text(seen),
    ]
    if position.opens:
        rules = deal.rules
        melds = [meld_text(m.meld, deal) for m in position.table]
        table = Text(" | ").join(melds) if melds else Text("no melds yet", style="dim")
        lines.append(Text("table  ").append_text(table))
        lines.append(Text(f"not opened yet: open with {rules.open_points} points or {rules.open_pairs} pairs"))
    lines.append(Text(f"draws left after this throw: {draws}"))
    return Group(*lines)


def verdict_renderable(verdict: Verdict, *, rows: int = 5) -> RenderableType:
    """The answer revealed: the throw beside the best, what it cost, and the best ``rows`` throws."""
    deal = verdict.position.deal
    d = verdict.decision
    what = "opening chance" if verdict.position.opens else "win chance"
    line = Text("you threw ").append_text(tiles_text([d.thrown], deal))
    line.append(f" ({_chance(what, d.chance_thrown)})")
    if not d.graded:
        line.append(": not graded", style="yellow")
        line.append(f" (its {what} was not computed and the plain ranking puts it below the best)")
    elif verdict.matched:
        line.append(": the best throw", style="bold green")
    else:
        line.append("; best ").append_text(tiles_text([d.best], deal))
        line.append(f" ({_chance(what, d.chance_best)})")
        cost = f"cost {percent(d.lost or 0.0)} of {what}"
        if verdict.penalty:
            cost += f" and a penalty of {verdict.penalty} points"
        line.append(f": {cost}", style="bold red")
    out: list[RenderableType] = [line]
    if verdict.penalty:
        out.append(Text(f"{d.thrown} {_penalty_reason(verdict)}; the best throw pays no penalty", style="red"))
    out.append(Text(f"the hand was {distance_words(verdict)}", style="dim"))
    if verdict.position.opens:
        from okeytool.render.opening_chance import opening_chance_renderables
        from okeytool.solver.okey101.chance import OpeningChanceRanking

        assert isinstance(verdict.ranking, OpeningChanceRanking)
        out += opening_chance_renderables(deal, verdict.ranking, rows=rows, heading=False, more_work=MORE_WORK)
        if verdict.ranking.best.penalty and verdict.ranking.best_without_penalty is not None:
            out.append(Text("the quiz's best throw is the best one without a penalty", style="dim"))
    else:
        from okeytool.render.analysis import chance_renderables
        from okeytool.solver.classic.chance import ChanceRanking

        assert isinstance(verdict.ranking, ChanceRanking)
        out += chance_renderables(deal, verdict.ranking, rows=rows, heading=False, more_work=MORE_WORK)
    return Group(*out)


def _penalty_reason(verdict: Verdict) -> str:
    """Why the throw costs its penalty, from its ranking row (rules.md 5.5)."""
    from okeytool.solver.okey101.chance import OpeningChanceRanking

    ranking = verdict.ranking
    assert isinstance(ranking, OpeningChanceRanking)
    reasons = next(r.row.reasons for r in ranking.rows if r.tile == verdict.decision.thrown)
    words = {"okey": "is a real okey", "isler": "lays off on a meld on the table (işler taş)"}
    return " and ".join(words.get(r, r) for r in reasons) or "costs a penalty"


def distance_words(verdict: Verdict) -> str:
    """How far the position was: from a win (classic) or from opening (101), in words."""
    if verdict.position.opens:
        n = verdict.distance
        return f"at least {number_words(n)} draw{'s' if n != 1 else ''} from opening"
    return deficiency_words(verdict.distance)


def _chance(what: str, value: float | None) -> str:
    return f"{what} not computed" if value is None else f"{what} {percent(value)}"


def session_text(verdicts: Sequence[Verdict]) -> Text:
    """One line on a session: matched, graded, total and average cost, seconds per answer."""
    graded = [v for v in verdicts if v.cost is not None]
    matched = sum(v.matched for v in verdicts)
    cost = sum(v.cost or 0.0 for v in graded)
    seconds = sum(v.seconds for v in verdicts) / len(verdicts) if verdicts else 0.0
    text = Text(f"{matched} of {len(graded)} graded answers matched the best", style="bold")
    if graded:
        text.append(f"; average cost {percent(cost / len(graded))}")
    text.append(f"; {seconds:.1f} s per answer")
    return text


def stats_renderable(stats: QuizStats) -> RenderableType:
    """Accuracy, average cost and time per answer, by game and distance, and each game in all
    (the games' costs are different chances, so there is no total across games)."""
    if not stats.total.answers:
        return Text("no quiz answers yet: 'okeytool quiz' deals some positions")
    table = Table(title="quiz progress", title_justify="left", show_edge=False, pad_edge=False)
    columns = ("game", "distance", "answers", "graded", "matched", "accuracy", "average cost", "penalties",
               "time per answer")  # fmt: skip
    for column in columns:
        table.add_column(column)
    for game, progress in stats.by_game:
        for kind, distance, row in stats.by_distance:
            if kind == game:
                table.add_row(Text(game), str(distance), *_cells(row))
        table.add_row(Text(game), "all", *_cells(progress), style="bold")
    notes = ["distance: in classic, how many tiles from a win the hand is after its best throw; cost: win chance"]
    if any(game == "101" for game, _ in stats.by_game):
        notes.append(
            "in 101, at least how many draws from opening; cost: chance to open; penalties: throws that paid "
            "one the best throw avoids"
        )
    return Group(table, *(Text(note, style="dim") for note in notes))


def _cells(progress: Progress) -> list[str]:
    accuracy = "-" if progress.accuracy is None else percent(progress.accuracy)
    cost = "-" if progress.average_cost is None else percent(progress.average_cost)
    seconds = "-" if progress.average_seconds is None else f"{progress.average_seconds:.1f} s"
    return [
        str(progress.answers), str(progress.graded), str(progress.matched), accuracy, cost, str(progress.penalties),
        seconds,
    ]  # fmt: skip
