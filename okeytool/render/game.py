"""Rendering of the game ledger: standings, round history, a chart of the running totals, game lists."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from okeytool.ledger.store import Change, GameInfo, GameState
from okeytool.render.score import items_table, round_title
from okeytool.render.text import and_list, inert, joined, user_text
from okeytool.render.tiles import console
from okeytool.score import scheme_for
from okeytool.score.odds import MAX_ROUNDS, Chance, MatchOdds

BARS = "▁▂▃▄▅▆▇█"


def header(state: GameState) -> Text:
    """``game #3 friday: classic, pagat scoring; players ...; round 4``."""
    info, standings = state.info, state.standings
    out = Text(f"game {inert(info.title)}", style="bold")
    out.append(f"  {info.rules_name}, {standings.rules.scheme} scoring", style="dim")
    extra = {k: v for k, v in info.options.items() if k != "scheme"}
    if extra:
        out.append("  " + inert(" ".join(f"{k}={v}" for k, v in sorted(extra.items()))), style="dim")
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
    by_team = state.by_team
    if by_team is not None and by_team.finished:
        text = Text("finished: ", style="bold green").append(winners_phrase(by_team.winners, teams=True), style="bold")
    elif standings.finished:
        text = Text("finished: ", style="bold green").append(winners_phrase(standings.winners), style="bold")
    else:
        text = Text("in play", style="bold")
    if standings.out:
        text.append(f"; out: {joined(standings.out)}", style="red")
    return text


def winners_phrase(winners: Sequence[str], *, teams: bool = False) -> str:
    """``Ali wins``, ``Ali and Bora win``, ``Ali, Bora and Cem win``; a team (``teams``) of two
    partners takes the plural too: ``Ali+Bora win`` (names made inert)."""
    return f"{and_list(winners)} {verb('wins', 'win', len(winners), teams)}"


def verb(one: str, more: str, subjects: int, teams: bool = False) -> str:
    """The verb for ``subjects`` players, or teams: ``one`` for a single player, ``more`` for several
    players or for any team (a team is its two partners)."""
    return one if subjects == 1 and not teams else more


def ranked(state: GameState) -> list[str]:
    """The players best first (lowest total first where lower is better), seating order among equals."""
    standings = state.standings
    sign = 1 if _lower(state) else -1
    return sorted(standings.players, key=lambda p: sign * standings.totals[p])


def team_table(state: GameState, odds: MatchOdds | None = None) -> Table | None:
    """A partnership game: one row per team, best first, with its total, the winner mark and, with
    ``odds``, its chance to win."""
    by_team = state.by_team
    if by_team is None:
        return None
    table = Table("team", "total", "", box=None, pad_edge=False)
    if odds is not None:
        table.add_column("chance", justify="right")
    for team in sorted(by_team.teams.names, key=lambda t: by_team.totals[t]):
        mark = "won" if team in by_team.winners else ""
        chance = [chance_text(odds.sides[team])] if odds is not None else []
        table.add_row(user_text(team), Text(str(by_team.totals[team]), style="bold"), mark, *chance)
    return table


def standings_parts(state: GameState, odds: MatchOdds | None = None) -> list[RenderableType]:
    """The team table (partnership games) and the player table; with ``odds``, each side's chance
    to win (the teams' in a partnership game) and a line on how it was reckoned."""
    teams = team_table(state, odds)
    parts: list[RenderableType] = (
        [teams, standings_table(state)] if teams is not None else [standings_table(state, odds)]
    )
    if odds is not None and not odds.finished:
        parts.append(odds_note(odds))
    return parts


def standings_table(state: GameState, odds: MatchOdds | None = None) -> Table:
    """One row per player, best first: total (starting points included), winner / out marks and,
    with ``odds``, his chance to win."""
    standings = state.standings
    by_team = state.by_team
    winners = standings.winners
    if by_team is not None:  # a partnership game is won by a team: both partners won
        winners = tuple(p for p in standings.players if by_team.teams.team_of(p) in by_team.winners)
    table = Table("player", "total", "", box=None, pad_edge=False)
    if odds is not None:
        table.add_column("chance", justify="right")
    for player in ranked(state):
        mark = "won" if player in winners else "out" if player in standings.out else ""
        chance = [chance_text(odds.players[player])] if odds is not None else []
        table.add_row(user_text(player), Text(str(standings.totals[player]), style="bold"), mark, *chance)
    return table


def chance_text(chance: Chance) -> str:
    """``41.3 % ± 0.5`` (the chance to win and one standard error, in percentage points); ``100 %``
    or ``0 %`` when nothing was left to chance."""
    if chance.se == 0:
        return f"{chance.chance * 100:.0f} %"
    return f"{chance.chance * 100:.1f} % ± {chance.se * 100:.1f}"


def odds_note(odds: MatchOdds) -> Text:
    """How the chances were reckoned: the games simulated, the seed, and why it stopped early."""
    note = f"chance to win: {odds.simulations:,} simulated games from here (seed {odds.seed}), ± one standard error"
    if odds.stopped is not None:
        note += f"; stopped at the {odds.time_limit:g} s time limit, {odds.requested:,} asked"
    if odds.undecided:
        note += f"; {odds.undecided:,} still going after {MAX_ROUNDS:,} rounds (won by nobody)"
    return Text(note, style="dim")


def history_table(state: GameState) -> Table:
    """Each round: winner and finish, then per player the round's points and the total after it."""
    standings = state.standings
    table = Table("#", "winner", "finish", box=None, pad_edge=False)
    for player in standings.players:
        table.add_column(user_text(player))
    start = standings.rules.starting_points
    table.add_row("", "", "start", *(str(start) for _ in standings.players))
    for seq, (score, after) in enumerate(zip(standings.rounds, standings.running), start=1):
        points = score.scores
        cells = [f"{after[p]} ({points[p]:+d})" if p in points else f"{after[p]}" for p in standings.players]
        finish = (score.finish or "null") + ("" if score.counted else ", not counted")
        table.add_row(str(seq), user_text(score.winner or "-"), finish, *cells)
    return table


def chart(state: GameState, width: int = 40) -> list[Text]:
    """A sparkline of each player's running total (each team's in a partnership game), from the
    start, all on one scale."""
    standings = state.standings
    start = standings.rules.starting_points
    by_team = state.by_team
    if by_team is not None:
        series = {t: [start * 2] + [after[t] for after in by_team.running] for t in by_team.teams.names}
    else:
        series = {p: [start] + [after[p] for after in standings.running] for p in standings.players}
    values = [v for line in series.values() for v in line]
    low, high = min(values), max(values)
    span = high - low or 1
    name_width = max(len(inert(p)) for p in series)
    lines = []
    for player, line in series.items():
        line = line[-width:]
        bars = "".join(BARS[round((v - low) / span * (len(BARS) - 1))] for v in line)
        lines.append(Text(f"{inert(player):<{name_width}} ").append(bars, style="cyan").append(f" {line[-1]}"))
    return lines


def state_view(state: GameState, odds: MatchOdds | None = None) -> list[RenderableType]:
    """The whole game: header, status, standings (with ``odds``, each side's chance to win), history
    and chart."""
    parts: list[RenderableType] = [header(state), status_text(state), *standings_parts(state, odds)]
    if state.records:
        parts += [Text("\nrounds", style="bold"), history_table(state)]
        parts.append(Text(f"\nrunning totals ({'lower' if _lower(state) else 'higher'} is better)", style="bold"))
        parts += chart(state)
    return parts


def render_state(state: GameState, odds: MatchOdds | None = None) -> None:
    """Print :func:`state_view`."""
    show(state_view(state, odds))


def show(parts: Sequence[RenderableType]) -> None:
    """Print renderables to the console."""
    out = console()
    for part in parts:
        out.print(part)


def capture(parts: Sequence[RenderableType]) -> str:
    """What :func:`show` would print (styles included on a terminal), as a string, printing nothing.

    A command renders before it commits to the ledger, so a failure while rendering stores nothing.
    """
    out = console()
    with out.capture() as captured:
        for part in parts:
            out.print(part)
    return captured.get()


def _lower(state: GameState) -> bool:
    return scheme_for(state.standings.rules).lower_is_better


def new_view(state: GameState) -> list[RenderableType]:
    """A new game's header and starting points."""
    return [Text("new ").append_text(header(state)), *standings_parts(state)]


def added_view(state: GameState) -> list[RenderableType]:
    """The round just added (its breakdown), then the standings."""
    last = state.standings.rounds[-1]
    title = Text(f"round {len(state.records)}: ", style="bold").append_text(round_title(last))
    return [title, items_table(last), status_text(state), *standings_parts(state)]


def changed_view(what: str, state: GameState) -> list[RenderableType]:
    """What changed (``what``: our words, names made inert by the caller), and the standings now."""
    title = Text(f"{what} in game {inert(state.info.title)}", style="bold")
    return [title, status_text(state), *standings_parts(state)]


def history_view(info: GameInfo, changes: Sequence[Change]) -> list[RenderableType]:
    """The changes made to a game, oldest first; undone ones marked."""
    if not changes:
        return [Text(f"game {inert(info.title)}: no changes recorded")]
    table = Table("#", "when", "change", "", box=None, pad_edge=False)
    for k, change in enumerate(changes, start=1):
        table.add_row(str(k), change.created, user_text(change.summary), "undone" if change.undone else "")
    return [Text(f"game {inert(info.title)}: history", style="bold"), table]


def render_list(states: Sequence[GameState]) -> None:
    """One row per game."""
    out = console()
    if not states:
        out.print(Text("no games yet: start one with 'okeytool game new --players A,B,C,D'"))
        return
    table = Table("", "game", "rules", "players", "rounds", "status", box=None, pad_edge=False)
    for state in states:
        status = "won by " + and_list(state.standings.winners) if state.standings.finished else "in play"
        table.add_row(
            "*" if state.current else "",
            user_text(state.info.title),
            f"{state.info.rules_name}/{state.standings.rules.scheme}",
            Text(joined(state.info.players)),
            str(len(state.records)),
            Text(status),
        )
    out.print(table)


# -- sharing -------------------------------------------------------------------------------------

SHARE_FORMATS = ("text", "md")
MARKDOWN_SPECIAL = set("\\`*_{}[]()<>#+-.!|~")


def places(state: GameState) -> list[tuple[int, str, int]]:
    """``(place, player, total)`` best first (teams in a partnership game); equal totals share a place (1, 2, 2, 4)."""
    by_team = state.by_team
    if by_team is not None:
        totals = by_team.totals
        order = sorted(by_team.teams.names, key=lambda t: totals[t])
    else:
        totals = state.standings.totals
        order = ranked(state)
    sign = 1 if _lower(state) else -1
    return [(1 + sum(1 for q in order if sign * totals[q] < sign * totals[p]), p, totals[p]) for p in order]


def rounds_phrase(state: GameState) -> str:
    """``4 rounds played`` (``4 of 11 rounds played`` where the game lasts a number of rounds)."""
    standings = state.standings
    played = len(state.records)
    if scheme_for(standings.rules).counts_rounds:
        counted = standings.counted_rounds
        extra = f" ({played - counted} not counted)" if counted != played else ""
        return f"{counted} of {standings.rules.rounds} rounds played{extra}"
    return f"{played} round{'s' if played != 1 else ''} played"


def outcome_phrase(state: GameState, name: Callable[[str], str]) -> str:
    """``finished: Ali and Bora win`` or ``in play: Ali leads`` (``Ali+Bora lead``: a team takes the
    plural); ``name`` makes each name safe."""
    standings = state.standings
    by_team = state.by_team
    if standings.finished:
        winners = [name(w) for w in (by_team.winners if by_team is not None else standings.winners)]
        head = ", ".join(winners[:-1]) + " and " + winners[-1] if len(winners) > 1 else "".join(winners)
        text = f"finished: {head} {verb('wins', 'win', len(winners), by_team is not None)}"
    elif not state.records:
        text = "not started"
    else:
        best = [name(p) for place, p, _ in places(state) if place == 1]
        lead = ", ".join(best[:-1]) + " and " + best[-1] if len(best) > 1 else "".join(best)
        text = f"in play: {lead} {verb('leads', 'lead', len(best), by_team is not None)}"
    if standings.out:
        text += "; out: " + ", ".join(name(p) for p in standings.out)
    return text


def markdown(text: str) -> str:
    """User text for Markdown: made inert, and every character Markdown acts on escaped with ``\\``."""
    return "".join("\\" + ch if ch in MARKDOWN_SPECIAL else ch for ch in inert(text))


def share_text(state: GameState, fmt: str = "text") -> str:
    """A summary to paste into a group chat: the game, rounds played, the outcome and the standings.

    ``fmt`` is ``text`` (plain) or ``md`` (Markdown). The totals, winners and rounds are those of
    ``game show``. Raises ``ValueError`` for another format.
    """
    if fmt not in SHARE_FORMATS:
        raise ValueError(f"--format takes {' or '.join(SHARE_FORMATS)}, not {fmt!r}")
    info, standings = state.info, state.standings
    better = "lower" if _lower(state) else "higher"
    rows = places(state)
    if fmt == "md":
        lines = [
            f"**Okey game {markdown(info.title)}** ({markdown(info.rules_name)}, {standings.rules.scheme} scoring)",
            "",
            f"{rounds_phrase(state)}; **{outcome_phrase(state, markdown)}**",
            "",
            f"| place | {'team' if state.by_team else 'player'} | total ({better} is better) |",
            "|---:|---|---:|",
            *(f"| {place} | {markdown(player)} | {total} |" for place, player, total in rows),
        ]
        return "\n".join(lines) + "\n"
    width = max(len(inert(p)) for _, p, _ in rows)
    lines = [
        f"Okey game {inert(info.title)} ({info.rules_name}, {standings.rules.scheme} scoring)",
        f"{rounds_phrase(state)}; {outcome_phrase(state, inert)}",
        f"standings ({better} is better):",
        *(f"{place}. {inert(player):<{width}}  {total:>5}" for place, player, total in rows),
    ]
    return "\n".join(lines) + "\n"
