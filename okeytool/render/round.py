"""Rendering of a followed round: the hand in colour, what is out of play, and the advice.

A round followed for the whole table also shows the table (whose turn, the stock, the last throw
and what each seat took), and every discard row's flags (:mod:`okeytool.round.flags`): a letter
beside the throw in the ranking (:data:`MARKS`: ``f`` feeds, ``i`` işler, ``s`` safe), and the
reasons below it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from okeytool.deal import Deal
from okeytool.render.text import inert
from okeytool.render.tiles import console, deal_text, tile_text, tiles_text
from okeytool.solver.games import game_of
from okeytool.tiles import Tile

if TYPE_CHECKING:
    from rich.console import Console

    from okeytool.ledger.rounds import PlayedRound
    from okeytool.render.rows import Top
    from okeytool.round.flags import DiscardFlags
    from okeytool.round.review import Review
    from okeytool.round.seats import Seats
    from okeytool.solver.questions import Answer

PHASE_WORDS = {"draw": "to draw", "throw": "to throw", "play": "to play", "ended": "ended"}
#: Each flag's word in the reasons below the advice, and its mark beside a throw in the ranking (the
#: word's first letter, so that the ranking keeps its width).
WORDS = {"feeds": "feeds", "isler": "işler", "safe": "safe"}
MARKS = {kind: word[0] for kind, word in WORDS.items()}


def _melds_text(melds: Sequence[Sequence[Tile]], deal: Deal, numbered: bool = False, first: int = 1) -> Text:
    out = Text()
    for k, meld in enumerate(melds):
        if k:
            out.append(" ; ")
        if numbered:
            out.append(f"{first + k}: ", style="dim")
        out.append_text(tiles_text(meld, deal))
    return out


def state_renderable(
    played: PlayedRound, advice: Answer | None, *, rows: int | None = None, note: str = ""
) -> RenderableType:
    """The round's state and the advice, as one rich renderable."""
    state = played.state
    deal = state.deal
    head = Text(f"round {played.id}  ")
    head.append_text(deal_text(deal))
    head.append(f"  event {state.events}  {len(state.hand)} tiles, {PHASE_WORDS[state.phase]}")
    parts: list[RenderableType] = []
    if note:
        parts.append(Text(note, style="dim"))
    parts.append(head)
    parts.append(Text("hand  ").append_text(tiles_text(state.hand, deal)))
    if state.may_show_indicator and deal.indicator is not None:
        parts.append(gosterme_text(deal.indicator, deal, starter=state.phase == "throw"))
    if state.discards or state.shown:
        parts.append(Text("seen  ", style="dim").append_text(tiles_text(sorted([*state.discards, *state.shown]), deal)))
    numbered = state.seats is not None and game_of(deal.rules).opens  # lay-offs name melds by number
    if state.table:
        parts.append(Text("table ", style="dim").append_text(_melds_text(state.table, deal, numbered)))
    if state.own_melds:
        first = len(state.table) + 1
        parts.append(Text("laid  ", style="dim").append_text(_melds_text(state.own_melds, deal, numbered, first)))
    if state.seats is not None:
        parts.extend(seats_lines(state.seats, deal))
    if state.end is not None:
        who = inert(state.end.winner) if state.end.winner else "nobody"
        parts.append(
            Text(f"ended: {who} won, {state.end.finish}" if state.end.winner else f"ended: {state.end.finish}")
        )
    from okeytool.round.flags import state_flags

    flags = state_flags(state)
    parts.append(advice_renderable(deal, advice, rows=rows, flags=flags))
    parts.extend(flags_lines(flags, deal))
    return Group(*parts)


def seats_lines(seats: Seats, deal: Deal) -> list[Text]:
    """The table of a round followed for every seat: your seat, the stock, whose turn it is and the
    throw that may be taken; then what each seat took this round."""
    line = Text("turn  ", style="dim").append(f"you are seat {seats.seat}  stock {seats.stock}  {seats.turn_words()}")
    offered = seats.offered
    if offered is not None:
        who = "you" if offered.seat == seats.seat else f"seat {offered.seat}"
        line.append(f"  ({who} threw ").append_text(tile_text(offered.tile, deal)).append(")")
    out = [line]
    took = [(s, seats.took(s)) for s in range(seats.count) if s != seats.seat and seats.took(s)]
    if took:
        taken = Text("took  ", style="dim")
        for k, (seat, tiles) in enumerate(took):
            taken.append("; " if k else "").append(f"seat {seat}: ").append_text(tiles_text(tiles, deal))
        out.append(taken)
    return out


def table_text(played: PlayedRound, *, note: str = "") -> Text:
    """One line after another seat's event: what happened (``note``), the stock and whose turn it is."""
    seats = played.state.seats
    head = Text(f"event {played.state.events}: {note}" if note else f"event {played.state.events}")
    if seats is None:
        return head
    return head.append(f"  ·  stock {seats.stock}  ·  {seats.turn_words()}")


def flags_lines(flags: Sequence[DiscardFlags], deal: Deal) -> list[Text]:
    """The reasons of every flag on the throws, one line each (nothing when no throw is flagged)."""
    out = []
    for row in flags:
        for flag in row.flags:
            line = Text("flag  ", style="dim").append_text(tile_text(row.tile, deal))
            out.append(line.append(f" {WORDS[flag.kind]}", style="yellow").append(f": {flag.reason}"))
    return out


def _marks(flags: Sequence[DiscardFlags]) -> dict[Tile, str]:
    """The marks beside each flagged throw."""
    return {row.tile: "".join(MARKS[k] for k in row.kinds()) for row in flags if row.flags}


def gosterme_text(indicator: Tile, deal: Deal, *, starter: bool) -> Text:
    """The reminder that the hand may show the indicator's twin now (rules.md 3.3): before the
    first draw, or for the ``starter`` (who does not draw on his first turn) before his first throw."""
    when = "throw" if starter else "draw"
    return (
        Text("gösterme: ", style="bold cyan")
        .append("you hold ")
        .append_text(tile_text(indicator, deal))
        .append(f", the indicator's twin: show it before your first {when}")
    )


def render_state(played: PlayedRound, advice: Answer | None, *, top: Top = "screen", note: str = "") -> None:
    """Print the round's state and the advice (the rows of a ranking ``top`` asks for)."""
    out = console()
    out.print(state_view(played, advice, top=top, note=note, console=out))


def state_view(
    played: PlayedRound, advice: Answer | None, *, top: Top, note: str = "", console: Console
) -> RenderableType:
    """:func:`state_renderable` with the rows of a ranking ``top`` asks for on ``console``
    (:func:`okeytool.render.rows.rows_shown`). The rows are chosen without the ``note``, so that a
    state shows the same rows whichever command led to it."""
    from okeytool.render.rows import rows_shown

    rows = rows_shown(top, lambda shown: state_renderable(played, advice, rows=shown), console)
    return state_renderable(played, advice, rows=rows, note=note)


def advice_renderable(
    deal: Deal, advice: Answer | None, *, rows: int | None = None, flags: Sequence[DiscardFlags] = ()
) -> RenderableType:
    """The advice for the hand, as the command that asks its question shows it (below the round's
    own deal and hand): a discard ranking (top ``rows``, each throw with the marks of its
    ``flags``), the waits, the 101 opening and discards, a Rummikub play; nothing for none."""
    if advice is None:
        return Text("")
    from okeytool.render.results import result_renderable

    return result_renderable(deal, advice, rows=rows, heading=False, marks=_marks(flags) or None)


def render_list(rounds: Sequence[PlayedRound]) -> None:
    """Every round: id, rules, events, hand, end; the current one marked with *."""
    table = Table(show_edge=False, pad_edge=False)
    for column in ("", "round", "rules", "indicator", "events", "hand", "end", "started"):
        table.add_column(column)
    for played in rounds:
        state = played.state
        end = state.end
        table.add_row(
            "*" if played.current else "",
            str(played.id),
            state.deal.rules.name,
            str(state.deal.indicator or ""),
            str(state.events),
            tiles_text(state.hand, state.deal),
            Text(f"{inert(end.winner) if end.winner else 'nobody'} {end.finish}") if end else Text(""),
            played.created,
        )
    out = console()
    if not rounds:
        out.print("no rounds yet: start one with 'okeytool round start -i R4 TILES'")
        return
    out.print(table)


def review_renderable(played: PlayedRound, result: Review) -> RenderableType:
    """Every decision beside the best one, and the summary."""
    deal = played.state.deal
    table = Table(title=f"round {played.id}: every throw", title_justify="left", show_edge=False, pad_edge=False)
    chance = bool(result.decisions) and all(d.method.startswith("chance") for d in result.decisions)
    grade = _percent if chance else _grade
    words = ("chance thrown", "chance best", "chance lost") if chance else ("grade thrown", "grade best", "lost")
    for column in ("event", "thrown", "best", *words, *(["draws left"] if chance else [])):
        table.add_column(column)
    for d in result.decisions:
        if not d.graded:
            best = Text("not graded", style="yellow")
        else:
            best = Text("= best", style="green") if d.matched else tiles_text([d.best], deal)
        lost = grade(d.lost) if d.lost else ""
        if d.penalty:
            lost = f"{lost} + penalty {d.penalty}" if lost else f"penalty {d.penalty}"
        table.add_row(str(d.event), tiles_text([d.thrown], deal), best, _or_not(grade, d.chance_thrown),
                      _or_not(grade, d.chance_best), lost, *([str(d.draws)] if chance else []))  # fmt: skip
    graded = len(result.graded)
    summary = Text(
        f"{result.matched} of {graded} graded throws matched the best; "
        f"total {'chance ' if chance else ''}lost {grade(result.total_lost)}"
    )
    if graded < len(result.decisions):
        summary.append(f"; {len(result.decisions) - graded} not graded (their win chance was not computed)")
    if result.decisions:
        methods = sorted({d.method for d in result.decisions})
        how = "win chance within the own draws left" if chance else "the discard ranking"
        summary.append(f" (graded by {how}: {', '.join(methods)})", style="dim")
    parts: list[RenderableType] = [table, summary]
    if result.costliest:
        worst = Text("costliest: ")
        for k, d in enumerate(result.costliest):
            if k:
                worst.append(", ")
            worst.append(f"event {d.event} ")
            worst.append_text(tiles_text([d.thrown], deal)).append(" for ").append_text(tiles_text([d.best], deal))
            worst.append(f" (-{grade(d.lost or 0.0)})")
        parts.append(worst)
    if result.stopped:
        parts.append(Text("stopped at the time limit: the throws after these were not graded", style="yellow"))
    return Group(*parts)


def _or_not(shown: Callable[[float], str], value: float | None) -> str:
    """A grade as shown, or ``not computed``."""
    return "not computed" if value is None else shown(value)


def _percent(value: float) -> str:
    from okeytool.render.analysis import percent

    return percent(value)


def _grade(value: float) -> str:
    return f"{value:.3f}"


def render_review(played: PlayedRound, result: Review) -> None:
    """Print the review."""
    console().print(review_renderable(played, result))
