"""Rendering of one round's scores: per-player points with the items they are made of."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from okeytool.render.text import inert, user_text
from okeytool.render.tiles import console
from okeytool.score.result import RoundScore

FINISH_NAMES = {
    "normal": "normal finish",
    "okey": "okey finish (a real okey thrown last)",
    "pairs": "seven pairs",
    "pairs+okey": "seven pairs + okey finish",
    "elden": "elden (out in one turn)",
    "elden+okey": "elden with an okey finish",
    "aborted": "aborted: replayed, not counted",
    "out": "went out",
    "blocked": "blocked: pool empty, all passed",
}


def round_title(result: RoundScore) -> Text:
    """``classic / pagat: P2 wins, okey finish`` and the like."""
    name = result.rules if result.rules == result.scheme else f"{result.rules} / {result.scheme}"
    out = Text(f"{name}: ", style="dim")
    finish = FINISH_NAMES.get(result.finish or "", result.finish or "")
    if result.winner is not None:
        out.append(f"{inert(result.winner)} wins", style="bold")
        out.append(f", {finish}")
    elif result.finish:
        out.append(finish, style="bold")
    else:
        out.append("null round: nobody won", style="bold")
    if result.match_winner:
        out.append(f"; Kafa: {inert(result.match_winner)} wins the game", style="bold green")
    return out


def points_text(points: int) -> Text:
    """Signed points (``+48``, ``-202``, ``0``)."""
    return Text(f"{points:+d}" if points else "0", style="bold")


def items_table(result: RoundScore) -> Table:
    """One row per player: his round points and the items, each with its code, points and note."""
    table = Table("player", "points", "breakdown", box=None, pad_edge=False)
    for player, points in result.scores.items():
        parts = [
            f"{item.code} {item.points:+d}" + (f" ({item.note})" if item.note else "")
            for item in result.items_of(player)
        ]
        table.add_row(user_text(player), points_text(points), user_text("; ".join(parts) or "-"))
    return table


def round_view(result: RoundScore) -> list[RenderableType]:
    """The round's title and the table of points with their breakdown."""
    return [round_title(result), items_table(result)]


def render_round(result: RoundScore) -> None:
    """Print :func:`round_view`."""
    out = console()
    for part in round_view(result):
        out.print(part)
