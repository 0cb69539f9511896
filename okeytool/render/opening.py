"""Rendering of ``open`` results (Okey 101 openings) and of 101 discard rows.

Each function gives an answer's rich renderables, top to bottom (see
:func:`okeytool.render.results.result_renderable`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from okeytool.deal import Deal
from okeytool.render.rows import cut_note
from okeytool.render.tiles import deal_text, meld_text, tile_text, tiles_text
from okeytool.solver.advice import Penalties
from okeytool.solver.okey101.answers import OpenAnswer
from okeytool.solver.okey101.layoffs import TableMeld
from okeytool.solver.okey101.opening import Discard101, Discard101Result, Opening, OpeningResult
from okeytool.solver.okey101.take import TakeDiscard
from okeytool.tiles import Tile


def _yes(flag: bool) -> Text:
    return Text("yes", style="bold green") if flag else Text("no", style="red")


def opening_table(deal: Deal, opening: Opening) -> Table:
    """The melds of an opening, each with its kind and points, and the total."""
    table = Table(box=None, show_header=False, padding=(0, 1))
    table.add_column()
    table.add_column(style="dim")
    table.add_column(justify="right")
    for meld in opening.melds:
        table.add_row(meld_text(meld, deal), meld.kind, str(meld.value))
    table.add_row(Text(""), Text("total", style="bold"), Text(str(opening.points), style="bold"))
    return table


def open_answer_renderables(
    deal: Deal, answer: OpenAnswer, *, rows: int | None = None, heading: bool = True
) -> list[RenderableType]:
    """The opening analysis against the table, and (``take``) what taking the discard allows."""
    out = opening_renderables(deal, answer.result, answer.table, heading=heading)
    if answer.take is not None:
        out.extend(take_renderables(deal, answer.take))
    return out


def opening_renderables(
    deal: Deal, result: OpeningResult, table: Sequence[TableMeld] = (), *, heading: bool = True
) -> list[RenderableType]:
    """The best opening with its melds and points, pairs, elden, alternatives and waits; for a
    player who has opened (``result.lay_offs`` given) the table and lay-offs instead."""
    out: list[RenderableType] = []
    if heading:
        out.append(deal_text(deal))
        out.append(Text("hand  ").append_text(tiles_text(result.tiles, deal)).append(f"  ({len(result.tiles)} tiles)"))
    if result.lay_offs is None:
        out.extend(_can_open(deal, result))
    out.extend(_table(deal, result, table))
    return out


def _can_open(deal: Deal, result: OpeningResult) -> list[RenderableType]:
    """The can-you-open part: best opening, pairs, elden, alternatives, waits."""
    out: list[RenderableType] = []
    head = Text("best opening: ", style="bold").append(f"{result.best.points} points", style="bold")
    head.append(f" (needs {result.open_points}) ").append_text(_yes(result.can_open))
    out.append(head)
    if result.best.melds:
        out.append(opening_table(deal, result.best))
        out.append(Text("  left in hand  ").append_text(tiles_text(result.left, deal)))
    pairs = Text("pairs: ", style="bold").append(f"{result.pairs} (needs {result.open_pairs}) ")
    out.append(pairs.append_text(_yes(result.can_open_pairs)))
    out.append(Text("elden (all tiles but one laid): ", style="bold").append_text(_yes(result.elden)))
    for k, option in enumerate(result.options, start=1):
        out.append(Text(f"option {k}: {option.points} points", style="bold"))
        out.append(opening_table(deal, option))
    if result.waits:
        waits = Table("tile", "unseen", "opening", box=None, title=f"tiles that reach {result.open_points}")
        for wait in result.waits:
            waits.add_row(tile_text(wait.tile, deal), str(wait.unseen), str(wait.points))
        out.append(waits)
        out.append(Text(f"unseen copies in all: {result.unseen_total}"))
    elif not result.can_open:
        out.append(Text(f"no single tile reaches {result.open_points}", style="dim"))
    return out


def _table(deal: Deal, result: OpeningResult, table: Sequence[TableMeld]) -> list[RenderableType]:
    """The table's melds, the işler taş and, for a player who has opened, the lay-offs."""
    out: list[RenderableType] = []
    if table:
        out.append(Text("table", style="bold"))
        for number, meld in enumerate(table, start=1):
            out.append(Text(f"  {number}: ").append_text(tiles_text(meld.tiles, deal)))
        isler = Text("işler taş (discarding costs 101): ", style="bold")
        out.append(isler.append_text(tiles_text(result.isler, deal)) if result.isler else isler.append("none"))
    if result.lay_offs is not None:
        if not result.lay_offs:
            out.append(Text("lay-offs: none", style="bold"))
        for lay in result.lay_offs:
            where = ", ".join(str(n) for n in lay.melds)
            out.append(Text("lay off ").append_text(tile_text(lay.tile, deal)).append(f" on meld {where}"))
    return out


def _merged(result: Discard101Result, marks: Mapping[Tile, str]) -> list[tuple[list[Tile], Discard101]]:
    """The rows with every shown column alike merged into one (their tiles together), best first."""
    groups: dict[tuple[object, ...], tuple[list[Tile], Discard101]] = {}
    for row in result.discards:
        key = (row.wins, row.okey_finish, row.penalty, row.reasons, row.open_points, row.pairs, row.can_open,
               marks.get(row.tile))  # fmt: skip
        groups.setdefault(key, ([], row))[0].append(row.tile)
    return list(groups.values())


def _recommendation(deal: Deal, result: Discard101Result) -> Text:
    """One line: the discard to make and what it leaves."""
    top = result.discards[0]
    line = Text("throw ", style="bold").append_text(tile_text(top.tile, deal)).append(": ")
    if top.wins:
        return line.append("it finishes the hand" + (" with the okey" if top.okey_finish else ""), style="bold green")
    line.append(f"costs {top.penalty} ({', '.join(top.reasons)}), " if top.penalty else "no penalty, ")
    if top.open_points >= result.open_points:
        return line.append(f"and you can open with {top.open_points} points")
    line.append(f"best opening left {top.open_points} points (needs {result.open_points})")
    if top.can_open:
        return line.append("; you can open with pairs")
    if result.waits:
        unseen = sum(w.unseen for w in result.waits)
        return line.append(f"; {len(result.waits)} tiles would reach {result.open_points} ({unseen} unseen copies)")
    return line.append(f"; no single tile reaches {result.open_points}")


def discard_101_renderables(
    deal: Deal,
    result: Discard101Result,
    *,
    rows: int | None = None,
    heading: bool = True,
    marks: Mapping[Tile, str] | None = None,
) -> list[RenderableType]:
    """The ranked 101 discards (rows alike merged; the best ``rows`` of them): penalty, opening
    left, pairs; then the opening the best discard leaves, the tiles that would lift it to the
    threshold and the advice. ``marks``: short words beside the tiles of a row (rows merge only
    where their marks are alike)."""
    out: list[RenderableType] = [deal_text(deal)] if heading else []
    shown = Table("discard", "penalty", "opening left", "pairs", "can open", box=None)
    merged = _merged(result, marks or {})
    for tiles, row in merged[:rows]:
        penalty = Text(f"{row.penalty} ({', '.join(row.reasons)})", style="red") if row.penalty else Text("0")
        label = tiles_text(tiles, deal)
        mark = (marks or {}).get(tiles[0])
        if mark:
            label.append(f" {mark}", style="yellow")
        if row.wins:
            label.append(" wins", style="bold green")
        shown.add_row(label, penalty, str(row.open_points), str(row.pairs), _yes(row.can_open))
    out.append(shown)
    out.extend(cut_note(len(merged[:rows]), len(merged), "rows"))
    top = result.discards[0]
    if top.opening.melds:
        out.append(Text("opening left by ", style="bold").append_text(tile_text(top.tile, deal)))
        out.append(opening_table(deal, top.opening))
    if result.waits:
        waits = Text(f"tiles that would reach {result.open_points}: ", style="bold")
        for k, wait in enumerate(result.waits):
            waits.append(" " if k else "").append_text(tile_text(wait.tile, deal)).append(f" ({wait.unseen})")
        out.append(waits)
    out.append(_recommendation(deal, result))
    return out


def penalties_renderables(
    deal: Deal,
    result: Penalties,
    *,
    rows: int | None = None,
    heading: bool = True,
    marks: Mapping[Tile, str] | None = None,
) -> list[RenderableType]:
    """The throws without a penalty, and those that cost one (an okey, or a tile a table meld takes);
    ``marks``: short words after a tile."""
    free = [t for t, reasons in result.rows if not reasons]
    costly = [t for t, reasons in result.rows if reasons]
    line = Text("throw without penalty: ", style="bold").append_text(_marked_tiles(free, deal, marks or {}))
    if costly:
        line.append(f"  costs {result.penalty}: ").append_text(_marked_tiles(costly, deal, marks or {}))
    return [line]


def _marked_tiles(tiles: Sequence[Tile], deal: Deal, marks: Mapping[Tile, str]) -> Text:
    """Tiles, each followed by its marks (none: the tiles as :func:`tiles_text` shows them)."""
    if not any(marks.get(t) for t in tiles):
        return tiles_text(tiles, deal)
    out = Text()
    for k, tile in enumerate(tiles):
        out.append(" " if k else "").append_text(tile_text(tile, deal))
        if marks.get(tile):
            out.append(f" {marks[tile]}", style="yellow")
    return out


def take_renderables(deal: Deal, take: TakeDiscard) -> list[RenderableType]:
    """Whether the previous player's discard can be taken, and the opening that uses it."""
    out: list[RenderableType] = []
    head = Text("take ", style="bold").append_text(tile_text(take.tile, deal)).append(": ")
    if take.opened:
        how = "lay it off on the table" if take.lay_off else "lay it in a new meld" if take.opening.melds else ""
        out.append(head.append_text(_yes(take.usable)).append(f" ({how})" if how else " (it cannot be laid this turn)"))
        return out
    out.append(
        head.append_text(_yes(take.usable)).append(
            f" (it must be part of the opening: the best such opening is {take.opening.points} points,"
            f" {take.open_points} needed)"
        )
    )
    if take.opening.melds:
        out.append(opening_table(deal, take.opening))
    return out
