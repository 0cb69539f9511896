"""``game``: the SQLite ledger of whole games (new, round, edit, delete, rename, undo, history, show,
share, list, use, export)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from okeytool.commands import completion
from okeytool.commands.common import (
    PANEL_LEDGER,
    PANEL_OUTPUT,
    DbOpt,
    HtmlOpt,
    IndicatorOpt,
    JsonOpt,
    OkeyOpt,
    OptionOpt,
    RulesOpt,
    SchemeOpt,
    one_of,
    parse_options,
    print_json,
    write_page,
)
from okeytool.commands.score import (
    FinishOpt,
    GostermeOpt,
    HandOpt,
    KafaOpt,
    NullOpt,
    OpeningsOpt,
    PenaltyOpt,
    RoundFileOpt,
    WinnerOpt,
    WinnerTilesOpt,
    read_document,
    round_document,
)
from okeytool.errors import InputError
from okeytool.ledger import FORMATS
from okeytool.score.odds import DEFAULT_SEED, DEFAULT_SIMULATIONS, MAX_SIMULATIONS, match_odds
from okeytool.score.teams import PARTNER_RULES

if TYPE_CHECKING:
    from okeytool.ledger import GameState, Ledger

    PartnerRule = str
    ExportFormat = str
else:
    PartnerRule = one_of(*PARTNER_RULES)
    ExportFormat = one_of(*FORMATS)

#: The panel of a new game's players and teams.
PANEL_PLAYERS = "Players"

GameOpt = Annotated[
    int | None,
    typer.Option(
        "--game", metavar="ID", help="Game id (default: the current game).", show_default=False,
        autocompletion=completion.game_ids, rich_help_panel=PANEL_LEDGER,
    ),
]  # fmt: skip
RoundNumberArg = Annotated[
    int,
    typer.Argument(
        metavar="N", help="The round (1 is the first).", show_default=False, autocompletion=completion.round_numbers
    ),
]

game_app = typer.Typer(
    name="game",
    help="Keep the score of whole games in a ledger (SQLite): new, round, edit, delete, rename, undo, show, share.",
    no_args_is_help=True,
    rich_markup_mode="rich",
)


@contextmanager
def ledger_at(db: Path | None, *, create: bool = False, write: bool = True) -> Iterator[Ledger]:
    """The ledger of ``--db`` / ``$OKEYTOOL_DB`` / the default file; SQLite errors become :class:`LedgerError`.

    Only ``game new`` passes ``create``: every other command refuses a ledger that does not exist.
    Commands that only read pass ``write=False`` and work on a read-only ledger.
    """
    import sqlite3

    from okeytool.ledger import db_path, open_ledger
    from okeytool.ledger.database import ledger_failure

    path = db_path(db)
    ledger = open_ledger(path, create=create, write=write)
    try:
        yield ledger
    except sqlite3.Error as err:
        raise ledger_failure(err, path) from None
    finally:
        ledger.close()


@game_app.command("new")
def new(
    players: Annotated[
        str | None,
        typer.Option(
            "--players",
            "-p",
            metavar="NAMES",
            help="Players in seating order, comma-separated (or space-separated).",
            rich_help_panel=PANEL_PLAYERS,
        ),
    ] = None,
    teams: Annotated[
        str | None,
        typer.Option(
            "--teams",
            metavar="TEAMS",
            help="Partnership 101: two teams of two, Ali+Bora,Cem+Deniz (partners sit opposite).",
            show_default=False,
            rich_help_panel=PANEL_PLAYERS,
        ),
    ] = None,
    partner_rule: Annotated[
        PartnerRule,
        typer.Option(
            "--partner-rule",
            metavar="RULE",
            help="With --teams: sum (a team scores both partners' results) or partner-out "
            "(the hand of the finisher's partner is not counted).",
            case_sensitive=False,
            rich_help_panel=PANEL_PLAYERS,
        ),
    ] = "sum",
    name: Annotated[
        str, typer.Option("--name", "-n", metavar="NAME", help="A name for the game.", rich_help_panel=PANEL_PLAYERS)
    ] = "",
    rules: RulesOpt = "classic",
    scheme: SchemeOpt = None,
    option: OptionOpt = None,
    db: DbOpt = None,
    json: JsonOpt = False,
) -> None:
    """Start a game and make it the current one.

    Name the players in seating order (--players), or for partnership 101 the two teams (--teams).

    Examples:

      okeytool game new --rules classic --scheme pagat --name friday \\
        --players Ali,Bora,Cem,Deniz -O renkli=true

      okeytool game new --rules 101 --teams Ali+Bora,Cem+Deniz
    """
    from okeytool.score.teams import parse_teams

    settings = parse_options(option)
    if scheme:
        settings["scheme"] = scheme
    if teams is None and not players:
        raise InputError("name the players (--players Ali,Bora,Cem,Deniz) or the teams (--teams Ali+Bora,Cem+Deniz)")
    if teams is None and partner_rule != "sum":
        raise InputError("--partner-rule is for a game of teams (--teams)")
    pairs = parse_teams(teams, partner_rule) if teams is not None else None
    from okeytool.ledger.store import new_game_fields

    new_game_fields(rules, settings, players or "", name, pairs)  # bad input creates no ledger file
    with ledger_at(db, create=True) as ledger:
        info = ledger.new_game(rules, settings, players or "", name, pairs)
        state = ledger.state(info.id)
    if json:
        print_json(state.to_json())
        return
    from okeytool.render.game import new_view, show

    show(new_view(state))


@game_app.command("round")
def add_round(
    winner: WinnerOpt = None,
    null: NullOpt = False,
    finish: FinishOpt = None,
    gosterme: GostermeOpt = None,
    kafa: KafaOpt = False,
    winner_tiles: WinnerTilesOpt = None,
    indicator: IndicatorOpt = None,
    okey: OkeyOpt = None,
    opened: OpeningsOpt = None,
    hand: HandOpt = None,
    penalty: PenaltyOpt = None,
    round_file: RoundFileOpt = None,
    note: Annotated[
        str,
        typer.Option(
            "--note",
            metavar="TEXT",
            help="A note kept with the round (one line, at most 200 characters).",
            rich_help_panel=PANEL_OUTPUT,
        ),
    ] = "",
    game: GameOpt = None,
    db: DbOpt = None,
    json: JsonOpt = False,
) -> None:
    """Add a round to the current game (or --game ID).

    Give the round with the same options as 'okeytool score', or as a round document
    (--round FILE, '-' for stdin) whose rules, scheme and players may be left out.

    Examples:

      okeytool game round --winner Ali --finish okey --gosterme Cem

      echo '{"winner": "Bora", "finish": "pairs"}' | okeytool game round --round -

      okeytool game round --game 3 --round examples/rounds/101-normal.json --json
    """
    given = RoundOptions(winner, null, finish, gosterme, kafa, winner_tiles, indicator, okey, opened, hand, penalty)
    with ledger_at(db) as ledger:
        document = _round_input(ledger, game, round_file, given)
        with ledger.adding_round(document, game, note) as state:
            # Everything that can fail runs before the round is committed: a retry never stores it twice.
            text = _dumps(state.to_json()) if json else _captured_added(state)
    sys.stdout.write(text)


@dataclass(frozen=True)
class RoundOptions:
    """The round options of ``game round`` and ``game edit`` (those of ``score``)."""

    winner: str | None
    null: bool
    finish: str | None
    gosterme: list[str] | None
    kafa: bool
    winner_tiles: str | None
    indicator: str | None
    okey: str | None
    opened: list[str] | None
    hand: list[str] | None
    penalty: list[str] | None

    def any(self) -> bool:
        """True when at least one option was given."""
        return any(getattr(self, f.name) for f in fields(self))


def _round_input(ledger: Ledger, game: int | None, round_file: str | None, given: RoundOptions) -> dict[str, Any]:
    """The round document from ``--round FILE`` or from the round options. Raises :class:`InputError`."""
    if round_file is not None:
        if given.any():
            raise InputError("--round takes the whole round from the document; leave out the other round options")
        document = read_document(round_file)
        if not isinstance(document, dict):
            raise InputError(f"a round document is a JSON object, not {type(document).__name__}")
        return document
    info = ledger.game(game)
    if not given.any():
        raise InputError("describe the round: --winner NAME --finish ... (or --null), or --round FILE")
    return round_document(info.rules, players=info.players, **{f.name: getattr(given, f.name) for f in fields(given)})


@game_app.command("edit")
def edit(
    number: RoundNumberArg,
    winner: WinnerOpt = None,
    null: NullOpt = False,
    finish: FinishOpt = None,
    gosterme: GostermeOpt = None,
    kafa: KafaOpt = False,
    winner_tiles: WinnerTilesOpt = None,
    indicator: IndicatorOpt = None,
    okey: OkeyOpt = None,
    opened: OpeningsOpt = None,
    hand: HandOpt = None,
    penalty: PenaltyOpt = None,
    round_file: RoundFileOpt = None,
    note: Annotated[
        str | None,
        typer.Option(
            "--note", metavar="TEXT", help="A new note for the round.", show_default=False, rich_help_panel=PANEL_OUTPUT
        ),
    ] = None,
    game: GameOpt = None,
    db: DbOpt = None,
    json: JsonOpt = False,
) -> None:
    """Replace round N with the round given (options as 'game round', or --round FILE); totals are recomputed.

    'okeytool game undo' takes the edit back.

    Example: okeytool game edit 3 --winner Bora --finish okey
    """
    given = RoundOptions(winner, null, finish, gosterme, kafa, winner_tiles, indicator, okey, opened, hand, penalty)
    with ledger_at(db) as ledger:
        document = _round_input(ledger, game, round_file, given)
        with ledger.editing_round(number, document, game, note) as state:
            text = _dumps(state.to_json()) if json else _captured_changed(f"edited round {number}", state)
    sys.stdout.write(text)


@game_app.command("delete")
def delete(
    number: RoundNumberArg,
    game: GameOpt = None,
    db: DbOpt = None,
    json: JsonOpt = False,
) -> None:
    """Delete round N; the later rounds move up one number. 'okeytool game undo' takes it back.

    Example: okeytool game delete 2
    """
    with ledger_at(db) as ledger, ledger.deleting_round(number, game) as state:
        text = _dumps(state.to_json()) if json else _captured_changed(f"deleted round {number}", state)
    sys.stdout.write(text)


@game_app.command("rename")
def rename(
    old: Annotated[
        str,
        typer.Argument(
            metavar="OLD",
            help="The player's name now (case and a unique prefix are enough).",
            autocompletion=completion.players(),
        ),
    ],
    new: Annotated[str, typer.Argument(metavar="NEW", help="The new name.")],
    game: GameOpt = None,
    db: DbOpt = None,
    json: JsonOpt = False,
) -> None:
    """Rename a player in the game and every one of its rounds. 'okeytool game undo' takes it back.

    Example: okeytool game rename deniz Deniz
    """
    with ledger_at(db) as ledger, ledger.renaming_player(old, new, game) as state:
        text = _dumps(state.to_json()) if json else _captured_changed("renamed a player", state)
    sys.stdout.write(text)


@game_app.command("history")
def history(game: GameOpt = None, db: DbOpt = None, json: JsonOpt = False) -> None:
    """The changes made to the game (rounds added, edits, deletions, renames), oldest first.

    Example: okeytool game history
    """
    with ledger_at(db, write=False) as ledger:
        info = ledger.game(game)
        changes = ledger.history(info.id)
    if json:
        print_json({"game": info.id, "changes": [c.to_json() for c in changes]})
        return
    from okeytool.render.game import history_view, show

    show(history_view(info, changes))


@game_app.command("show")
def show(
    game: GameOpt = None,
    db: DbOpt = None,
    json: JsonOpt = False,
    simulations: Annotated[
        int,
        typer.Option(
            "--simulations",
            metavar="N",
            help="Games simulated from the standings for each player's chance to win (0: leave it out).",
            rich_help_panel=PANEL_OUTPUT,
        ),
    ] = DEFAULT_SIMULATIONS,
    seed: Annotated[
        int, typer.Option("--seed", metavar="N", help="The seed of the simulated games.", rich_help_panel=PANEL_OUTPUT)
    ] = DEFAULT_SEED,
) -> None:
    """Standings with each player's chance to win, the round-by-round history, who is out or has won,
    and a chart of the running totals.

    Example: okeytool game show --game 2 --json
    """
    if not 0 <= simulations <= MAX_SIMULATIONS:
        raise InputError(f"--simulations takes 0 to {MAX_SIMULATIONS:,}, not {simulations}")
    with ledger_at(db, write=False) as ledger:
        state = ledger.state(game)
    odds = match_odds(state.standings, state.info.teams, simulations=simulations, seed=seed) if simulations else None
    if json:
        print_json({**state.to_json(), **({"match_odds": odds.to_json()} if odds is not None else {})})
        return
    from okeytool.render.game import render_state

    render_state(state, odds)


@game_app.command("undo")
def undo(game: GameOpt = None, db: DbOpt = None, json: JsonOpt = False) -> None:
    """Take back the last change to the current game (or --game ID): a round added, an edit, a deletion, a rename.

    Example: okeytool game undo --game 2
    """
    with ledger_at(db) as ledger, ledger.undoing(game) as (change, state):
        if json:
            undone: dict[str, Any] = {"undone": change.round.seq if change.round else None}
            if change.round is not None:
                undone["document"] = change.round.document
            text = _dumps({**undone, "change": change.to_json(), **state.to_json()})
        else:
            text = _captured_changed(f"undid: {change.summary}", state)
    sys.stdout.write(text)


@game_app.command("share")
def share(
    fmt: Annotated[
        str,
        typer.Option(
            "--format",
            "-F",
            metavar="FORMAT",
            help="text (plain, for a chat) or md (Markdown).",
            autocompletion=completion.share_formats,
        ),
    ] = "text",
    game: GameOpt = None,
    db: DbOpt = None,
    html: HtmlOpt = None,
) -> None:
    """A summary of the game to paste into a group chat: standings, the winners, the rounds played.

    --html also writes it as a page to send: the standings and every round in tables.

    Example: okeytool game share --format md
    """
    from okeytool.render.game import SHARE_FORMATS, share_text

    if fmt not in SHARE_FORMATS:
        raise InputError(f"--format takes {' or '.join(SHARE_FORMATS)}, not {fmt!r}")
    with ledger_at(db, write=False) as ledger:
        state = ledger.state(game)
    text = share_text(state, fmt)
    if html is not None:
        from okeytool.render.html_page import share_html

        write_page(html, share_html(state))
    sys.stdout.write(text)


@game_app.command("list")
def list_games(db: DbOpt = None, json: JsonOpt = False) -> None:
    """Every game in the ledger: players, rules, rounds, winners; the current one marked with *.

    Example: okeytool game list --db ~/okey.sqlite3
    """
    with ledger_at(db, write=False) as ledger:
        states = [ledger.state(info.id) for info in ledger.games()]
    if json:
        print_json({"games": [_summary(s) for s in states]})
        return
    from okeytool.render.game import render_list

    render_list(states)


def _dumps(document: object) -> str:
    from okeytool.user_text import json_text

    return json_text(document) + "\n"


def _captured_changed(what: str, state: GameState) -> str:
    from okeytool.render.game import capture, changed_view

    return capture(changed_view(what, state))


def _captured_added(state: GameState) -> str:
    from okeytool.render.game import added_view, capture

    return capture(added_view(state))


def _summary(state: GameState) -> dict[str, Any]:
    """One game of ``game list --json``."""
    return {
        **state.info.to_json(),
        "rounds": len(state.records),
        "totals": state.standings.totals,
        "finished": state.standings.finished,
        "winners": list(state.standings.winners),
        "current": state.current,
    }


@game_app.command("use")
def use(
    game_id: Annotated[
        int, typer.Argument(metavar="ID", help="The game to make current.", autocompletion=completion.game_ids)
    ],
    db: DbOpt = None,
) -> None:
    """Make another game the current one.

    Example: okeytool game use 2
    """
    with ledger_at(db) as ledger:
        info = ledger.use(game_id)
    from okeytool.render.text import inert

    typer.echo(f"current game: {inert(info.title)}")


@game_app.command("export")
def export(
    fmt: Annotated[
        ExportFormat,
        typer.Option(
            "--format",
            "-F",
            metavar="FORMAT",
            help="csv (one row per round) or json (everything).",
            case_sensitive=False,
        ),
    ] = "json",
    output: Annotated[
        Path | None,
        typer.Option(
            "--output", "-o", metavar="FILE", help="Write to this file instead of stdout.", show_default=False
        ),
    ] = None,
    game: GameOpt = None,
    db: DbOpt = None,
) -> None:
    """Export the current game (or --game ID) as CSV or JSON.

    Example: okeytool game export --format csv --output friday.csv
    """
    from okeytool.ledger import export_game

    with ledger_at(db, write=False) as ledger:
        text = export_game(ledger.state(game), fmt)
    if output is None:
        typer.echo(text, nl=False)
    else:
        output.write_text(text, encoding="utf-8")


def register(app: typer.Typer) -> None:
    """Add the ``game`` sub-application."""
    app.add_typer(game_app, name="game")
