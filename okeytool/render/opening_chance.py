"""Rendering of ``discard --rules 101 --chance``: the throws of an unopened 101 hand by their chance
to open within the draws left (rules.md 5.8), beside the 101 discard columns.

One function gives the answer's rich renderables, top to bottom (printed, or shown in a followed
round, by :func:`okeytool.render.results.result_renderable`).
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from okeytool.deal import Deal
from okeytool.render.analysis import MORE_WORK, stop_note
from okeytool.render.opening import opening_table
from okeytool.render.rows import cut_note
from okeytool.render.tiles import deal_text, tile_text, tiles_text
from okeytool.solver.okey101.chance import OpeningChanceRanking, OpeningChanceRow

#: What a lower-bound method did, in words.
METHOD_NOTES = {
    "climb": "a lower bound: a draw that does not open is kept only where it adds most to the best layout, "
    "or makes a pair, else thrown back",
    "exact-capped": "exact where computed; the rows the work did not reach are not computed",
    "climb-capped": "a lower bound (climb) where computed; the rows the work did not reach are not computed",
}


def _percent(chance: float) -> str:
    """A chance as a player reads it: ``41 %``; below 10 % with one decimal (``1.6 %``)."""
    value = chance * 100
    return f"{value:.0f} %" if value >= 9.95 else f"{value:.1f} %"


def _draws(draws: int) -> str:
    return f"{draws} draw{'s' if draws != 1 else ''}"


def _chance_cell(row: OpeningChanceRow) -> Text:
    if row.row.wins:
        return Text("goes out", style="bold green")
    if row.chance is None:
        return Text("not computed", style="yellow")
    return Text(f"{row.chance * 100:.1f} %")


def opening_chance_renderables(
    deal: Deal,
    ranking: OpeningChanceRanking,
    *,
    rows: int | None = None,
    heading: bool = True,
    more_work: str = MORE_WORK,
) -> list[RenderableType]:
    """Whether the hand can open now, the throws (the best ``rows``) with their penalty, the
    opening they leave, their pairs and their chance to open, the model, and the advice;
    ``more_work``: how to compute more rows, said when the work stopped some."""
    out: list[RenderableType] = []
    if heading:
        out.append(deal_text(deal))
        out.append(Text("hand  ").append_text(tiles_text(ranking.tiles, deal)))
    if ranking.open_now is not None:
        out.append(Text(_open_now(ranking), style="bold green"))
    table = Table("#", "throw", "penalty", "opening left", "pairs", "can open", "chance to open", box=None)
    for rank, item in enumerate(ranking.rows[:rows], start=1):
        row = item.row
        penalty = Text(f"{row.penalty} ({', '.join(row.reasons)})", style="red") if row.penalty else Text("0")
        table.add_row(
            str(rank),
            tile_text(item.tile, deal),
            penalty,
            str(row.open_points),
            str(row.pairs),
            Text("yes", style="bold green") if row.can_open else Text("no", style="red"),
            _chance_cell(item),
            style="bold green" if rank == 1 else "",
        )
    out.append(table)
    out.extend(cut_note(len(ranking.rows[:rows]), len(ranking.rows)))
    best = ranking.best
    if best.row.opening.melds and not best.row.wins:
        out.append(Text("opening left by ", style="bold").append_text(tile_text(best.tile, deal)))
        out.append(opening_table(deal, best.row.opening))
    if ranking.waits:
        waits = Text(f"tiles that would reach {ranking.open_points}: ", style="bold")
        for k, wait in enumerate(ranking.waits):
            waits.append(" " if k else "").append_text(tile_text(wait.tile, deal)).append(f" ({wait.unseen})")
        out.append(waits)
    out.extend(advice_lines(ranking, more_work))
    return out


def _open_now(ranking: OpeningChanceRanking) -> str:
    now = ranking.open_now
    assert now is not None
    how = []
    if now.with_melds:
        how.append(f"with melds worth {now.points} (needs {ranking.open_points})")
    if now.with_pairs:
        how.append(f"with {now.pairs} pairs (needs {ranking.open_pairs})")
    return "this hand can open now: " + " or ".join(how)


def advice_lines(ranking: OpeningChanceRanking, more_work: str = MORE_WORK) -> list[Text]:
    """The model line, the method's note when it is not exact, the rows not computed (``more_work``:
    how to compute more), and the one-sentence recommendation."""
    model = ranking.model
    lines = [
        Text(
            f"model: {_draws(model.draws)} left, risk {model.risk:g} per draw, pool {model.pool}, "
            f"method {model.method}",
            style="dim",
        )
    ]
    if model.method in METHOD_NOTES:
        lines.append(Text(f"{model.method}: {METHOD_NOTES[model.method]}", style="yellow"))
    missing = sum(1 for row in ranking.rows if not row.computed)
    if missing and model.stopped is not None:
        lines.append(
            Text(
                f"not computed: {missing} of {len(ranking.rows)} throws ({stop_note(model.stopped, more_work)}); "
                "they keep "
                "the 101 ranking's order, below the computed throws",
                style="yellow",
            )
        )
    lines.append(Text(recommendation(ranking), style="bold"))
    return lines


def recommendation(ranking: OpeningChanceRanking) -> str:
    """The advice in one sentence: open now if the hand can; else the throw, its chance to open and
    its penalty (with the best throw without one), and what the plain 101 ranking would have thrown
    when it differs. It claims nothing that was not computed."""
    best = ranking.best
    within = f"within {_draws(ranking.model.draws)}"
    if best.row.wins:
        return f"throw {best.tile}: it goes out" + (" with the okey" if best.row.okey_finish else "")
    now = ranking.open_now
    prefix = ""
    if now is not None:
        how = f"melds worth {now.points}" if now.with_melds else f"{now.pairs} pairs"
        prefix = f"open now ({how}); if you wait, "
    if best.chance is None:
        return f"{prefix}throw {best.tile}: no chance to open was computed, so the throws keep the 101 ranking's order"
    words = f"{prefix}throw {best.tile}: {_percent(best.chance)} to open {within}"
    if best.penalty:
        words += f", but it costs {best.penalty} ({', '.join(best.row.reasons)})"
        free = ranking.best_without_penalty
        if free is not None and free.chance is not None:
            words += f"; without a penalty {free.tile} has {_percent(free.chance)}"
    else:
        plain = min(ranking.rows, key=lambda r: r.plain)
        if plain.row.open_points > best.row.open_points and plain.chance is not None and plain.chance < best.chance:
            words += (
                f"; {plain.tile} leaves a better opening now ({plain.row.open_points} points) but opens less "
                f"often ({_percent(plain.chance)})"
            )
    return words
