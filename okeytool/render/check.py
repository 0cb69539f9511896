"""Rendering of ``check`` results."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from okeytool.deal import Deal
from okeytool.render.tiles import deal_text, meld_text, tile_text, tiles_text
from okeytool.solver.classic.check import CheckResult, Win

if TYPE_CHECKING:
    from okeytool.solver.classic.answers import CheckAnswer, Distance

FINISH_NAMES = {
    "normal": "normal finish",
    "okey": "okey finish",
    "pairs": "seven pairs",
    "pairs+okey": "seven pairs + okey finish",
}


def check_answer_renderables(
    deal: Deal, answer: CheckAnswer, *, rows: int | None = None, heading: bool = True
) -> list[RenderableType]:
    """The check; for a hand that does not win, how far it is and the best throw; with
    ``--chance``, finishing now against holding (or, not winning, the best throw by win chance)."""
    out = check_renderables(deal, answer.result, answer.distance, heading=heading)
    ranking = answer.chance
    if ranking is None:
        return out
    from okeytool.render.analysis import chance_advice_lines

    finish_now = ranking.finish_now
    if finish_now is not None:
        line = Text("finish now: ", style="bold").append(f"{finish_now.points:.2f} points   ")
        line.append("hold: ", style="bold")
        if finish_now.hold_points is None or finish_now.hold_tile is None:
            line.append("not computed")
        else:
            line.append(f"{finish_now.hold_points:.2f} points expected (throw ")
            line.append_text(tile_text(finish_now.hold_tile, deal)).append(", play on)")
        out.append(line)
    out.extend(chance_advice_lines(ranking))
    return out


def check_renderables(
    deal: Deal, result: CheckResult, distance: Distance | None = None, *, rows: int | None = None, heading: bool = True
) -> list[RenderableType]:
    """Whether the hand wins, the winning discards and the best arrangement (or, given the
    ``distance`` of a hand that does not win, how far it is and the best throw)."""
    out: list[RenderableType] = []
    if heading:
        out += [deal_text(deal), Text("hand  ").append_text(tiles_text(result.tiles, deal))]
    if result.gosterme and deal.indicator is not None:
        out.append(
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
        out.append(line)
        return out
    if best.discard is None:
        out.append(Text("complete: ", style="bold green").append(_finish(best)))
    else:
        out.append(Text("winning: ", style="bold green").append(f"{len(result.wins)} winning discard(s)"))
        table = Table("discard", "finish", box=None)
        for win in result.wins:
            table.add_row(tile_text(win.discard, deal) if win.discard else "", _finish(win))
        out.append(table)
        out.append(Text("best: throw ").append_text(tile_text(best.discard, deal)).append(f" ({_finish(best)})"))
    for meld in best.arrangement.melds:
        out.append(Text("  ").append_text(meld_text(meld, deal)).append(f"   {meld.kind}", style="dim"))
    return out


def _finish(win: Win) -> str:
    name = FINISH_NAMES[win.finish.value]
    extra = ", Kafa" if win.kafa else ""
    return f"{name}{extra}, x{win.multiplier}"
