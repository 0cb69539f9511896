"""Rendering of ``play`` results: the tiles to lay, the table after the play, what is left."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from okeytool.deal import Deal
from okeytool.render.tiles import tile_text, tiles_text
from okeytool.solver.rummikub.result import LaidMeld, Play

STATUS_STYLES = {"kept": "dim", "changed": "bold cyan", "new": "bold green"}


def play_renderables(deal: Deal, play: Play, *, rows: int | None = None, heading: bool = True) -> list[RenderableType]:
    """The play: rack tiles to lay, the new table (changed melds marked), what each joker stands
    for, tiles left; with ``heading``, the rules (initial meld or opened) and the rack first."""
    out: list[RenderableType] = []
    if heading:
        rule = (
            f"initial meld: new melds from the rack worth at least {deal.rules.initial_meld}"
            if play.initial
            else "opened: the table may be rearranged"
        )
        out.append(Text(f"rules {deal.rules.name}  ({rule})"))
        out.append(Text("rack   ").append_text(tiles_text(play.rack, deal)))
    if play.must_draw:
        reason = f"no initial meld worth {deal.rules.initial_meld} or more" if play.initial else "no tile can be laid"
        out.append(Text(f"{reason}: draw a tile", style="bold yellow"))
    else:
        line = Text("lay    ", style="bold").append_text(tiles_text(play.placed, deal))
        out.append(line.append(f"   {play.placed_count} tile(s), value {play.value}"))
        if play.goes_out:
            out.append(Text("the whole rack is laid: out!", style="bold green"))
    if play.table:
        out.append(Text("table after the play (+ = from the rack):"))
        for meld in play.table:
            out.append(_meld_line(meld))
    jokers = [(p.as_, m.status) for m in play.table for p in m.meld.placements if p.tile.is_joker]
    if jokers:
        line = Text("jokers ")
        for k, (face, _) in enumerate(jokers):
            line.append(", " if k else "").append("J = ").append_text(tile_text(face))
        out.append(line)
    left = Text("left   ").append_text(tiles_text(play.rack_left, deal)) if play.rack_left else Text("left   -")
    out.append(left.append(f"   value {play.rack_left_value}"))
    return out


def _meld_line(meld: LaidMeld) -> Text:
    line = Text(f"  {meld.status:<8}", style=STATUS_STYLES[meld.status])
    for placement, new in zip(meld.meld.placements, meld.from_rack):
        line.append(" ")
        line.append("+" if new and meld.status == "changed" else "")
        line.append_text(tile_text(placement.tile))
        if placement.tile.is_joker:
            line.append("=").append_text(tile_text(placement.as_))
    return line.append(f"   {meld.meld.kind}", style="dim")
