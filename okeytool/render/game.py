"""Rendering of the game ledger: standings, round history, a chart of the running totals, game lists."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from okeytool.ledger.store import GameState
from okeytool.render.score import items_table, round_title
from okeytool.render.tiles import console
from okeytool.score import scheme_for

BARS = "▁▂▃▄▅▆▇█"


def header(state: GameState) -> Text:
    """``game #3 friday: classic, pagat scoring; players ...; round 4``."""
    info, standings = state.info, state.standings
    out = Text(f"game {info.title}", style="bold")
    out.append(f"  {info.rules_name}, {standings.rules.scheme} scoring", style="dim")
    extra = {k: v for k, v in info.options.items() if k != "scheme"}
    if extra:
        out.append("  " + " ".join(f"{k}={v}" for k, v in sorted(extra.items())), style="dim")
    rounds = f"{len(state.records)} round(s)"
    if scheme_for(standings.rules).counts_rounds:
        rounds += f", {standings.counted_rounds} of {standings.rules.rounds} counted"
    out.append(f"  {rounds}")
    if state.current:
        out.append("  (current)", style="green")
    return out


def status_text(state: GameState) -> Text:
    """Who has won, or that the game goes on (and who is out)."""
    standings = state.standings
    if standings.finished:
        text = Text("finished: ", style="bold green").append(" and ".join(standings.winners) + " won", style="bold")
    else:
        text = Text("in play", style="bold")
    if standings.out:
        text.append(f"; out: {', '.join(standings.out)}", style="red")
    return text


def standings_table(state: GameState) -> Table:
    """One row per player: total (starting points included) and winner / out marks."""
    standings = state.standings
    table = Table("player", "total", "", box=None, pad_edge=False)
    for player in standings.players:
        mark = "won" if player in standings.winners else "out" if player in standings.out else ""
        table.add_row(player, Text(str(standings.totals[player]), style="bold"), mark)
    return table


def history_table(state: GameState) -> Table:
    """Each round: winner and finish, then per player the round's points and the total after it."""
    standings = state.standings
    table = Table("#", "winner", "finish", *standings.players, box=None, pad_edge=False)
    start = standings.rules.starting_points
    table.add_row("", "", "start", *(str(start) for _ in standings.players))
    for seq, (score, after) in enumerate(zip(standings.rounds, standings.running), start=1):
        points = score.scores
        cells = [f"{after[p]} ({points[p]:+d})" if p in points else f"{after[p]}" for p in standings.players]
        finish = (score.finish or "null") + ("" if score.counted else ", not counted")
        table.add_row(str(seq), score.winner or "-", finish, *cells)
    return table


def chart(state: GameState, width: int = 40) -> list[Text]:
    """A sparkline of each player's running total (from the start), all on one scale."""
    standings = state.standings
    start = standings.rules.starting_points
    series = {p: [start] + [after[p] for after in standings.running] for p in standings.players}
    values = [v for line in series.values() for v in line]
    low, high = min(values), max(values)
    span = high - low or 1
    name_width = max(len(p) for p in standings.players)
    lines = []
    for player, line in series.items():
        line = line[-width:]
        bars = "".join(BARS[round((v - low) / span * (len(BARS) - 1))] for v in line)
        lines.append(Text(f"{player:<{name_width}} ").append(bars, style="cyan").append(f" {line[-1]}"))
    return lines


def render_state(state: GameState) -> None:
    """The whole game: header, status, standings, history and chart."""
    out = console()
    out.print(header(state))
    out.print(status_text(state))
    out.print(standings_table(state))
    if state.records:
        out.print(Text("\nrounds", style="bold"))
        out.print(history_table(state))
        out.print(Text(f"\nrunning totals ({'lower' if _lower(state) else 'higher'} is better)", style="bold"))
        for line in chart(state):
            out.print(line)


def _lower(state: GameState) -> bool:
    return scheme_for(state.standings.rules).lower_is_better


def render_new(state: GameState) -> None:
    """A new game's header and starting points."""
    out = console()
    out.print(Text("new ").append_text(header(state)))
    out.print(standings_table(state))


def render_added(state: GameState) -> None:
    """The round just added (its breakdown), then the standings."""
    out = console()
    last = state.standings.rounds[-1]
    out.print(Text(f"round {len(state.records)}: ", style="bold").append_text(round_title(last)))
    out.print(items_table(last))
    out.print(status_text(state))
    out.print(standings_table(state))


def render_undone(seq: int, state: GameState) -> None:
    """Which round was removed, and the standings now."""
    out = console()
    out.print(Text(f"removed round {seq} of game {state.info.title}", style="bold"))
    out.print(status_text(state))
    out.print(standings_table(state))


def render_list(states: Sequence[GameState]) -> None:
    """One row per game."""
    out = console()
    if not states:
        out.print("no games yet: start one with 'okeytool game new --players A,B,C,D'")
        return
    table = Table("", "game", "rules", "players", "rounds", "status", box=None, pad_edge=False)
    for state in states:
        status = "won by " + ", ".join(state.standings.winners) if state.standings.finished else "in play"
        table.add_row(
            "*" if state.current else "",
            state.info.title,
            f"{state.info.rules_name}/{state.standings.rules.scheme}",
            ", ".join(state.info.players),
            str(len(state.records)),
            status,
        )
    out.print(table)
