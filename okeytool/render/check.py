"""Rendering of ``check`` results."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text

from okeytool.deal import Deal
from okeytool.render.tiles import console, deal_text, meld_text, tile_text, tiles_text
from okeytool.solver.classic.check import CheckResult, Win

if TYPE_CHECKING:
    from okeytool.solver.classic.answers import CheckAnswer, Distance

FINISH_NAMES = {
    "normal": "normal finish",
    "okey": "okey finish",
    "pairs": "seven pairs",
    "pairs+okey": "seven pairs + okey finish",
}


def render_check_answer(deal: Deal, answer: CheckAnswer) -> None:
    """Print the check; for a hand that does not win, how far it is and the best throw; with
    ``--chance``, finishing now against holding (or, not winning, the best throw by win chance)."""
    render_check(deal, answer.result, answer.distance)
    ranking = answer.chance
    if ranking is None:
        return
    from okeytool.render.analysis import render_chance_advice

    out = console()
    finish_now = ranking.finish_now
    if finish_now is not None:
        line = Text("finish now: ", style="bold").append(f"{finish_now.points:.2f} points   ")
        line.append("hold: ", style="bold")
        if finish_now.hold_points is None or finish_now.hold_tile is None:
            line.append("not computed")
        else:
            line.append(f"{finish_now.hold_points:.2f} points expected (throw ")
            line.append_text(tile_text(finish_now.hold_tile, deal)).append(", play on)")
        out.print(line)
    render_chance_advice(ranking)


def render_check(deal: Deal, result: CheckResult, distance: Distance | None = None) -> None:
    """Print whether the hand wins, the winning discards and the best arrangement (or, given the
    ``distance`` of a hand that does not win, how far it is and the best throw)."""
    out = console()
    out.print(deal_text(deal))
    out.print(Text("hand  ").append_text(tiles_text(result.tiles, deal)))
    if result.gosterme and deal.indicator is not None:
        out.print(
            Text("gösterme: ", style="bold cyan")
            .append("you hold the indicator's twin ")
            .append_text(tile_text(deal.indicator, deal))
            .append("; show it before your first draw to charge every other player")
        )
    best = result.best
    if best is None:
        line = Text("not winning", style="bold")
        if distance is not None:
            from okeytool.render.analysis import deficiency_words

            if distance.throw is None:
                line.append(f": {deficiency_words(distance.deficiency)}")
            else:
                line.append(": best throw ").append_text(tile_text(distance.throw, deal))
                line.append(f", which leaves the hand {deficiency_words(distance.deficiency)}")
        out.print(line)
        return
    if best.discard is None:
        out.print(Text("complete: ", style="bold green").append(_finish(best)))
    else:
        out.print(Text("winning: ", style="bold green").append(f"{len(result.wins)} winning discard(s)"))
        table = Table("discard", "finish", box=None)
        for win in result.wins:
            table.add_row(tile_text(win.discard, deal) if win.discard else "", _finish(win))
        out.print(table)
        out.print(Text("best: throw ").append_text(tile_text(best.discard, deal)).append(f" ({_finish(best)})"))
    for meld in best.arrangement.melds:
        out.print(Text("  ").append_text(meld_text(meld, deal)).append(f"   {meld.kind}", style="dim"))


def _finish(win: Win) -> str:
    name = FINISH_NAMES[win.finish.value]
    extra = ", Kafa" if win.kafa else ""
    return f"{name}{extra}, x{win.multiplier}"
