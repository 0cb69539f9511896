"""Rendering of ``check`` results."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from okeytool.deal import Deal
from okeytool.render.tiles import console, deal_text, meld_text, tile_text, tiles_text
from okeytool.solver.classic.check import CheckResult, Win

FINISH_NAMES = {
    "normal": "normal finish",
    "okey": "okey finish",
    "pairs": "seven pairs",
    "pairs+okey": "seven pairs + okey finish",
}


def render_check(deal: Deal, result: CheckResult) -> None:
    """Print whether the hand wins, the winning discards and the best arrangement."""
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
        out.print(Text("not winning", style="bold"))
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
