"""Rendering of ``waits`` and ``discard`` (and Rummikub's going-out check).

Each function gives an answer's rich renderables, top to bottom (printed, or shown in a followed
round, by :func:`okeytool.render.results.result_renderable`): ``heading`` puts the deal and the hand
first, ``rows`` cuts a ranking to its best rows (None: every row).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from okeytool.deal import Deal
from okeytool.render.rows import cut_note
from okeytool.render.tiles import deal_text, tile_text, tiles_text
from okeytool.solver.classic.analysis import DiscardOption, DiscardResult, TileCount, WaitsResult, finish_of
from okeytool.solver.rummikub.play import GoOut

if TYPE_CHECKING:
    from okeytool.solver.classic.chance import ChanceRanking, ChanceRow
    from okeytool.tiles import Tile

FINISH_NAMES = {"normal": "wins", "okey": "wins, okey finish", "pairs": "wins, seven pairs",
                "pairs+okey": "wins, seven pairs + okey finish"}  # fmt: skip


def counts_text(counts: Sequence[TileCount], deal: Deal, *, limit: int = 0) -> Text:
    """Tiles with their unseen copies, ``R5×1 F×2``; at most ``limit`` shown (0: all)."""
    out = Text()
    shown = counts if not limit or len(counts) <= limit else counts[:limit]
    for k, item in enumerate(shown):
        if k:
            out.append(" ")
        out.append_text(tile_text(item.tile, deal))
        out.append(f"×{item.unseen}", style="dim" if item.unseen else "red")
    if len(shown) < len(counts):
        out.append(f" … +{len(counts) - len(shown)}", style="dim")
    return out


NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_words(n: int) -> str:
    """A small count as a player says it (``two``); larger ones in digits."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def deficiency_words(d: int) -> str:
    """How far a hand is, in plain words: ``complete``, ``one tile away``, ``two tiles away``."""
    if d == 0:
        return "complete (a winning hand)"
    return f"{number_words(d)} tile{'s' if d != 1 else ''} away"


def _heading(deal: Deal, tiles: Sequence[Tile]) -> list[RenderableType]:
    """The deal and the hand."""
    return [deal_text(deal), Text("hand  ").append_text(tiles_text(tiles, deal))]


def waits_renderables(
    deal: Deal, result: WaitsResult, *, rows: int | None = None, heading: bool = True
) -> list[RenderableType]:
    """Deficiency, waits and useful tiles with their unseen copies."""
    out = _heading(deal, result.tiles) if heading else []
    d = result.deficiency
    line = Text("deficiency ", style="bold").append(f"{d.total}: {deficiency_words(d.total)}")
    detail = f"  (melds {d.melds}" + (f", seven pairs {d.pairs})" if d.pairs is not None else ")")
    out.append(line.append(detail, style="dim"))
    if result.waits:
        label = "waits " if d.total == 1 else "any tile completes a complete hand: "
        out.append(Text(label, style="bold").append_text(counts_text(result.waits, deal)))
    elif result.useful:
        out.append(Text("useful ", style="bold").append_text(counts_text(result.useful, deal)))
    out.append(Text(f"unseen copies: {result.unseen_total}"))
    return out


def marked(deal: Deal, tile: Tile, marks: Mapping[Tile, str] | None) -> Text:
    """A throw's tile with its marks after it (a followed round's flags), dimmed."""
    text = tile_text(tile, deal)
    mark = (marks or {}).get(tile)
    return text.append(f" {mark}", style="yellow") if mark else text


def discards_renderables(
    deal: Deal,
    result: DiscardResult,
    *,
    rows: int | None = None,
    heading: bool = True,
    marks: Mapping[Tile, str] | None = None,
) -> list[RenderableType]:
    """The ranked discards (the best ``rows``), the best highlighted, with a one-line reason;
    ``marks``: short words beside a throw's tile."""
    out = _heading(deal, result.tiles) if heading else []
    deep = any(o.second_order is not None for o in result.options)
    columns = [
        "#",
        "throw",
        "result",
        "deficiency",
        "accepts",
        *(["2nd order"] if deep else []),
        "useful tiles (unseen)",
    ]
    table = Table(*columns, box=None)
    for rank, option in enumerate(result.options[:rows], start=1):
        style = "bold green" if rank == 1 else ""
        second = [str(option.second_order) if option.second_order is not None else ""] if deep else []
        table.add_row(
            str(rank),
            marked(deal, option.tile, marks),
            _result(option),
            str(option.deficiency),
            str(option.acceptance),
            *second,
            counts_text(option.useful, deal, limit=12),
            style=style,
        )
    out.append(table)
    out.extend(cut_note(len(result.options[:rows]), len(result.options)))
    out.append(
        Text("throw ", style="bold").append_text(tile_text(result.best.tile, deal)).append(f": {reason(result)}")
    )
    return out


def _result(option: DiscardOption) -> str:
    finish = finish_of(option)
    if finish is not None:
        return f"{FINISH_NAMES[finish.value]} x{option.multiplier}"
    return deficiency_words(option.deficiency)


def reason(result: DiscardResult) -> str:
    """One line on why the top choice is best."""
    best = result.best
    finish = finish_of(best)
    if finish is not None:
        return f"it wins ({FINISH_NAMES[finish.value]}, x{best.multiplier})"
    others = [o for o in result.options[1:] if not o.wins]
    words = f"leaves the hand {deficiency_words(best.deficiency)}"
    if best.deficiency == 1:
        words += f", waiting on {best.acceptance} unseen tile(s)"
    else:
        words += f", {best.acceptance} unseen tile(s) bring it closer"
    if others and others[0].deficiency == best.deficiency and others[0].acceptance == best.acceptance:
        if best.second_order is not None and best.second_order != others[0].second_order:
            words += f" (tie on acceptance; second-order acceptance {best.second_order} decides)"
        else:
            words += " (tie on acceptance, decided by the tie-breaks)"
    return words


def go_out_renderables(
    deal: Deal, result: GoOut, *, rows: int | None = None, heading: bool = True
) -> list[RenderableType]:
    """Whether a Rummikub rack can be laid whole, and how."""
    from okeytool.render.play import play_renderables

    if result.play is not None:
        return play_renderables(deal, result.play, heading=heading)
    out: list[RenderableType] = [Text("rack  ").append_text(tiles_text(result.rack, deal))] if heading else []
    out.append(Text("the whole rack cannot be laid this turn", style="bold"))
    return out


METHOD_NOTES = {
    "keep": "lower bound: after each draw only the discards that keep the hand closest were tried",
    "advance": "lower bound: a draw that does not help is thrown back, only closer hands are kept",
    "exact-capped": "lower bound: stopped at the time limit, the states not reached count 0",
    "advance-capped": "lower bound: thrown-back draws only, stopped at the time limit (states not reached count 0)",
    "swap": "lower bound: a draw that does not help is thrown back, or swapped in for a better wait one tile away",
    "swap-capped": "lower bound: thrown back or swapped for a better wait, stopped at the time limit",
    "extra": "lower bound: as advance, but swaps and steps back within the exchanges allowed",
    "extra-capped": "lower bound: swaps and steps back within the exchanges allowed, stopped at the time limit",
}


#: Why a row's chance was not computed, in words.
STOP_NOTES = {
    "work": "the ranking's work limit was reached",
    "time": "the time limit was reached first",
    "memory": "the recursion's memory limit was reached",
}
#: How a command computes more rows, said when the work stopped some.
MORE_WORK = "a longer --time-limit computes more"


def stop_note(stopped: str, more_work: str = MORE_WORK) -> str:
    """Why rows were not computed, in words; for the work limit, how to compute more."""
    return f"{STOP_NOTES[stopped]}; {more_work}" if stopped == "work" else STOP_NOTES[stopped]


def chance_renderables(
    deal: Deal,
    ranking: ChanceRanking,
    *,
    rows: int | None = None,
    heading: bool = True,
    marks: Mapping[Tile, str] | None = None,
    more_work: str = MORE_WORK,
) -> list[RenderableType]:
    """The discards (the best ``rows``) with their win chance and expected points, the model, and the
    advice; ``marks``: short words beside a throw's tile; ``more_work``: how to compute more rows,
    said when the work stopped some."""
    out = _heading(deal, ranking.tiles) if heading else []
    columns = ["#", "throw", "result", "deficiency", "accepts", "win chance", "points", "useful tiles (unseen)"]
    table = Table(*columns, box=None)
    for rank, row in enumerate(ranking.rows[:rows], start=1):
        option = row.option
        table.add_row(
            str(rank),
            marked(deal, option.tile, marks),
            _result(option),
            str(option.deficiency),
            str(option.acceptance),
            chance_cell(row),
            points_cell(row),
            counts_text(option.useful, deal, limit=12),
            style="bold green" if rank == 1 else "",
        )
    out.append(table)
    out.extend(cut_note(len(ranking.rows[:rows]), len(ranking.rows)))
    out.extend(chance_advice_lines(ranking, more_work))
    return out


def chance_advice_lines(ranking: ChanceRanking, more_work: str = MORE_WORK) -> list[Text]:
    """The model line, the method's note when it is not exact, and the one-sentence recommendation;
    ``more_work``: how to compute more rows, said when the work stopped some."""
    model = ranking.model
    draws = f"{model.draws} draw{'s' if model.draws != 1 else ''}"
    lines = [
        Text(
            f"model: {draws} left, risk {model.risk:g} per draw, pool {model.pool}, method {model.method}"
            + (f" (--extra {model.extra}: {model.states:,} states searched)" if model.extra is not None else ""),
            style="dim",
        )
    ]
    if model.method in METHOD_NOTES:
        lines.append(Text(f"{model.method}: {METHOD_NOTES[model.method]}", style="yellow"))
    missing = sum(1 for row in ranking.rows if not row.computed)
    if missing and model.stopped is not None:
        rows = f"{missing} of {len(ranking.rows)} throws"
        why = stop_note(model.stopped, more_work)
        lines.append(Text(f"not computed: {rows} ({why}); they keep the order of "
                          "deficiency and acceptance, below the computed throws", style="yellow"))  # fmt: skip
    lines.append(Text(recommendation(ranking), style="bold"))
    return lines


def percent(chance: float) -> str:
    """A chance as a player reads it: ``41 %``; below 10 % with one decimal (``1.6 %``)."""
    value = chance * 100
    return f"{value:.0f} %" if value >= 9.95 else f"{value:.1f} %"


def chance_cell(row: ChanceRow) -> str:
    """A row's win chance as a percentage, or ``not computed``."""
    return "not computed" if row.chance is None else f"{row.chance * 100:.1f} %"


def points_cell(row: ChanceRow) -> str:
    """A row's expected points, or ``-`` when not computed."""
    return "-" if row.points is None else f"{row.points:.2f}"


def recommendation(ranking: ChanceRanking) -> str:
    """The advice in one sentence: the throw, its chance and points, and what the acceptance
    ranking would have thrown when it differs (or, for a winning hand, finish now or hold). It claims
    nothing that was not computed."""
    best = ranking.best
    draws = ranking.model.draws
    within = f"within {draws} draw{'s' if draws != 1 else ''}"
    finish_now = ranking.finish_now
    if finish_now is not None:
        if finish_now.hold_points is None:
            return f"finish now by throwing {best.tile}: {finish_now.points:.2f} points; playing on was not computed"
        if finish_now.advice == "hold":
            return (
                f"hold: throwing {finish_now.hold_tile} and playing on is worth {finish_now.hold_points:.2f} points "
                f"expected, finishing now with {best.tile} {finish_now.points:.2f}"
            )
        return (
            f"finish now by throwing {best.tile}: {finish_now.points:.2f} points; "
            f"playing on is worth {finish_now.hold_points:.2f} expected"
        )
    if best.chance is None or best.points is None:
        return (f"throw {best.tile}: no win chance was computed, so the throws are ranked by deficiency and "
                "acceptance")  # fmt: skip
    words = f"throw {best.tile}: {percent(best.chance)} to win {within}, {best.points:.2f} points expected"
    computed = [r for r in ranking.rows if r.computed]
    accepted = max(computed, key=lambda r: (-r.option.deficiency, r.option.acceptance))
    if accepted.tile != best.tile and accepted.option.acceptance > best.option.acceptance:
        less = "is worth fewer points" if ranking.goal == "points" else "wins less often"
        words += f"; {accepted.tile} keeps more tiles in play but {less}"
    return words
