"""Tiles in colour for the terminal, shared by every renderer."""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console
from rich.text import Text

from okeytool.deal import Deal
from okeytool.solver.melds.result import Meld
from okeytool.tiles import Tile

STYLES = {0: "bold red", 1: "bold blue", 2: "bold white on grey23", 3: "bold yellow"}


def console() -> Console:
    """The console renderers write to (stdout; colours only on a terminal)."""
    return Console(highlight=False)


def tile_text(tile: Tile, deal: Deal | None = None) -> Text:
    """One tile, coloured; a wild is marked with a star, a false joker shows as F."""
    if not tile.is_face:
        return Text(str(tile), style="bold magenta")
    text = Text(str(tile), style=STYLES[int(tile.colour)])
    if deal is not None and deal.is_wild(tile):
        text.append("*", style="bold magenta")
    return text


def tiles_text(tiles: Iterable[Tile], deal: Deal | None = None) -> Text:
    """Several tiles, space separated."""
    out = Text()
    for k, tile in enumerate(tiles):
        if k:
            out.append(" ")
        out.append_text(tile_text(tile, deal))
    return out


def meld_text(meld: Meld, deal: Deal) -> Text:
    """A meld as laid; a wild shows what it stands for (``R5*=K3``), a false joker its face (``F=R5``)."""
    out = Text()
    for k, placement in enumerate(meld.placements):
        if k:
            out.append(" ")
        out.append_text(tile_text(placement.tile, deal))
        if placement.tile != placement.as_:
            out.append("=")
            out.append_text(tile_text(placement.as_))
    return out


def deal_text(deal: Deal) -> Text:
    """The rules and, in okey profiles, indicator and okey."""
    out = Text(f"rules {deal.rules.name}")
    if deal.indicator is not None and deal.okey is not None:
        out.append("  indicator ")
        out.append_text(tile_text(deal.indicator))
        out.append("  okey ")
        out.append_text(tile_text(deal.okey))
    return out
