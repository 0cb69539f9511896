"""``round``: a round followed as it is played, kept event by event in the ledger file.

``start``, ``draw``, ``take``, ``throw``, ``seen``, ``table`` and ``open`` (101), ``lay`` (Rummikub;
a lay-off in 101), ``gosterme``, ``show``, ``undo``, ``end``, ``list``, ``use``, ``export``, ``import``,
``review`` and ``live``. Every event command prints the state after it and the advice for the hand
(cli.md, ``round``). A round started with ``--seat`` follows the whole table: the event commands
take ``--seat`` for another seat's event.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from okeytool.commands import completion
from okeytool.commands.common import (
    AllOpt,
    DbOpt,
    HtmlOpt,
    IndicatorOpt,
    JsonOpt,
    OkeyOpt,
    OptionOpt,
    RulesOpt,
    TilesArg,
    TimeLimitOpt,
    TopOpt,
    one_of,
    print_json,
    read_top,
    write_page,
)
from okeytool.commands.score import GostermeOpt, HandOpt, OpeningsOpt, PenaltyOpt, finishes_by_scheme, read_text
from okeytool.errors import InputError
from okeytool.ledger.rounds import book_at
from okeytool.limits import DEFAULT_TIME_LIMIT
from okeytool.round.state import NULL_FINISH
from okeytool.score import SCHEMES

if TYPE_CHECKING:
    from okeytool.deal import Deal
    from okeytool.ledger.rounds import PlayedRound
    from okeytool.render.rows import Top
    from okeytool.round.state import RoundState
    from okeytool.rules import Rules

    EndFinish = str
else:
    #: The finishes a round may end with: every scheme's, and the null round of the classic schemes.
    EndFinish = one_of(*(finish for scheme in SCHEMES.values() for finish in scheme.finishes), NULL_FINISH)

RoundOpt = Annotated[int | None, typer.Option("--round", metavar="ID", help="Round id (default: the current round).")]
DrawsOpt = Annotated[
    int | None,
    typer.Option("--draws", metavar="N", show_default=False,
                 help="Own draws left for the win chance, 0-12 (101: for the opening chance, 0-5; default: "
                      "from the round, 12 (101: 5) less the tiles drawn or taken; following the whole table, "
                      "every fourth tile of the stock)."),
]  # fmt: skip
TileArg = Annotated[str, typer.Argument(metavar="TILE", help="One tile, e.g. K5 (J: a real okey).")]
SeatOpt = Annotated[
    int | None,
    typer.Option("--seat", metavar="SEAT", show_default=False,
                 help="Another seat's event (0-3), in a round followed for the whole table."),
]  # fmt: skip
MeldsArg = Annotated[list[str], typer.Argument(metavar="MELDS", help="Melds, ';' between them, e.g. 'R1-3; K7 B7 Y7'.")]

round_app = typer.Typer(
    name="round",
    help="Follow a round as it is played: the hand kept turn by turn, advice after every draw, a review.",
    no_args_is_help=True,
    rich_markup_mode="rich",
)


def show_state(
    played: PlayedRound, json: bool, *, top: Top = "screen", note: str = "", draws: int | None = None
) -> None:
    """Print the round's state and the advice for its hand (JSON: cli.md's round document).

    ``top``: the rows of a ranking shown as text (:func:`~okeytool.commands.common.read_top`; the
    same rule after every command); the JSON document has every row. ``draws``: own draws left for
    the win chance (None: from the round). Raises :class:`InputError` for a horizon outside the
    chance model.
    """
    from okeytool.round.advice import state_advice
    from okeytool.round.documents import state_document

    advice = state_advice(played.state, draws=draws)
    if json:
        print_json(state_document(played.id, played.state, advice))
        return
    from okeytool.render.round import render_state

    render_state(played, advice, top=top, note=note)


def record(
    db: Path | None,
    verb: str,
    text: str,
    json: bool,
    top: Top = "screen",
    draws: int | None = None,
    round_id: int | None = None,
    seat: int | None = None,
) -> None:
    """Parse ``verb text`` (made by ``seat``; None: the player) against the round (default: the
    current one), record it and print the new state."""
    from okeytool.round.lines import event_from_text

    with book_at(db) as book:
        current = book.round(round_id)
        _check_draws(draws, current.state.deal)
        event = event_from_text(current.state, verb, text, seat=seat)
        played = book.add(event, current.id)
    show_state(played, json, top=top, draws=draws)


def _check_draws(draws: int | None, deal: Deal) -> None:
    """Refuse a ``--draws`` outside the round's game's chance model (classic: 0-12 own draws; 101:
    0-5), or in a game without one, before anything is recorded. Raises :class:`InputError`."""
    if draws is not None:
        from okeytool.solver.games import game_of

        game_of(deal.rules).chance_ask(deal, draws=draws, pile=None, risk=None)


@round_app.command("start")
def start(
    tiles: TilesArg,
    rules: RulesOpt = "classic",
    indicator: IndicatorOpt = None,
    okey: OkeyOpt = None,
    option: OptionOpt = None,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            metavar="SEAT",
            show_default=False,
            help="Your seat (0-3, in the order of play): the round follows every seat's events.",
        ),
    ] = None,
    starter: Annotated[
        int | None,
        typer.Option(
            "--starter",
            metavar="SEAT",
            show_default=False,
            help="With --seat: the seat that starts (default: yours if you hold 15 tiles, 22 in 101, else seat 0).",
        ),
    ] = None,
    top: TopOpt = None,
    all_rows: AllOpt = False,
    db: DbOpt = None,
    json: JsonOpt = False,
) -> None:
    """Start a round with the dealt tiles (14 or 15; 21 or 22 in 101; a Rummikub rack) and make it current.

    With --seat the round follows the whole table: the other seats' draws, takes, throws and shows
    (101: melds and lay-offs) are entered too (--seat on the event commands, or 'round live'), in
    the order of play; the stock is counted and each discard row shows its flags.

    Example: okeytool round start -i R4 R1-3 B5-7 K9-11 Y1-4 K1

    Example: okeytool round start --seat 1 -i R4 R1-3 B5-7 K9-11 Y1-4 K1
    """
    from okeytool.commands.common import load_deal, load_rules
    from okeytool.parse.notation import parse_tiles
    from okeytool.round.events import Start

    rows = read_top(top, all_rows)
    deal = load_deal(load_rules(rules, option), indicator, okey)
    event = Start(deal.rules.name, _changed_options(deal.rules), deal.indicator,
                  tuple(sorted(deal.resolve(parse_tiles(tiles, wrap=deal.rules.wrap)))), seat, starter)  # fmt: skip
    from okeytool.round.state import start_state

    event = start_state(event).start  # refuse a bad deal before a file is made; the starter filled in
    with book_at(db, create=True) as book:
        played = book.start(event)
    show_state(played, json, top=rows)


def _changed_options(rules: Any) -> dict[str, Any]:
    from okeytool.rules import get_rules

    base = get_rules(rules.name)
    return {k: v for k, v in rules.options.items() if getattr(base, k) != v}


@round_app.command("draw")
def draw(
    tile: Annotated[
        str | None,
        typer.Argument(
            metavar="TILE",
            show_default=False,
            help="The tile you drew, e.g. K5 (J: a real okey); none for another seat's draw.",
        ),
    ] = None,
    seat: SeatOpt = None,
    top: TopOpt = None,
    all_rows: AllOpt = False,
    draws: DrawsOpt = None,
    round_id: RoundOpt = None,
    db: DbOpt = None,
    json: JsonOpt = False,
) -> None:
    """The player drew TILE from the stock; shows the discard ranking.

    With --seat: that seat drew from the stock (the tile unseen: give none).

    Example: okeytool round draw K5

    Example: okeytool round draw --seat 2
    """
    record(db, "draw", tile or "", json, read_top(top, all_rows), draws, round_id, seat)


@round_app.command("take")
def take(
    tile: Annotated[
        str | None,
        typer.Argument(
            metavar="TILE",
            show_default=False,
            help="The tile taken, e.g. Y7 (none in a round followed for the whole table: the previous seat's throw).",
        ),
    ] = None,
    seat: SeatOpt = None,
    top: TopOpt = None,
    all_rows: AllOpt = False,
    draws: DrawsOpt = None,
    round_id: RoundOpt = None,
    db: DbOpt = None,
    json: JsonOpt = False,
) -> None:
    """The player took the previous player's discard TILE; shows the discard ranking.

    With --seat: that seat took the previous seat's throw.

    Example: okeytool round take Y7
    """
    record(db, "take", tile or "", json, read_top(top, all_rows), draws, round_id, seat)


@round_app.command("throw")
def throw(
    tile: TileArg, seat: SeatOpt = None, round_id: RoundOpt = None, db: DbOpt = None, json: JsonOpt = False
) -> None:
    """The player threw TILE; shows the deficiency and the waits with their live unseen counts.

    With --seat: that seat threw TILE.

    Example: okeytool round throw B2

    Example: okeytool round throw R5 --seat 3
    """
    record(db, "throw", tile, json, round_id=round_id, seat=seat)


@round_app.command("gosterme")
def gosterme(seat: SeatOpt = None, round_id: RoundOpt = None, db: DbOpt = None, json: JsonOpt = False) -> None:
    """Gösterme: the player (with --seat: that seat) showed the indicator's twin, before the first draw.

    Another seat's twin counts as seen; yours stays in your hand.

    Example: okeytool round gosterme --seat 2
    """
    record(db, "gosterme", "", json, round_id=round_id, seat=seat)


@round_app.command("seen")
def seen(tiles: TilesArg, round_id: RoundOpt = None, db: DbOpt = None, json: JsonOpt = False) -> None:
    """Tiles seen out of play: other players' discards, shown tiles.

    Example: okeytool round seen "Y7 K9"
    """
    record(db, "seen", " ".join(tiles), json, round_id=round_id)


@round_app.command("table")
def table(melds: MeldsArg, round_id: RoundOpt = None, db: DbOpt = None, json: JsonOpt = False) -> None:
    """101: melds the other players laid (added to the table). Rummikub: the whole table now.

    Example: okeytool round table "R1-3; K7 B7 Y7"
    """
    record(db, "table", " ".join(melds), json, round_id=round_id)


@round_app.command("open")
def open_(
    melds: MeldsArg, seat: SeatOpt = None, round_id: RoundOpt = None, db: DbOpt = None, json: JsonOpt = False
) -> None:
    """101: the player laid these melds from his hand (his opening, or more melds once opened).

    With --seat: that seat laid them.

    Example: okeytool round open "K11-13; R7 B7 Y7"
    """
    record(db, "open", " ".join(melds), json, round_id=round_id, seat=seat)


@round_app.command("lay")
def lay(
    tiles: TilesArg, seat: SeatOpt = None, round_id: RoundOpt = None, db: DbOpt = None, json: JsonOpt = False
) -> None:
    """Rummikub: the player laid these tiles from his rack (record the new table with 'round table').
    101: a lay-off, TILE MELD: the tile laid on the table meld of that number (with --seat: by that seat).

    Example: okeytool round lay R4 K7

    Example: okeytool round lay Y12 1 --seat 2
    """
    record(db, "lay", " ".join(tiles), json, round_id=round_id, seat=seat)


@round_app.command("show")
def show(
    round_id: RoundOpt = None,
    top: TopOpt = None,
    all_rows: AllOpt = False,
    draws: DrawsOpt = None,
    db: DbOpt = None,
    json: JsonOpt = False,
) -> None:
    """The round's hand, the tiles seen and the advice.

    Example: okeytool round show --all
    """
    rows = read_top(top, all_rows)
    with book_at(db, write=False) as book:
        played = book.round(round_id)
    _check_draws(draws, played.state.deal)
    show_state(played, json, top=rows, draws=draws)


@round_app.command("undo")
def undo(
    round_id: RoundOpt = None, top: TopOpt = None, all_rows: AllOpt = False, db: DbOpt = None, json: JsonOpt = False
) -> None:
    """Remove the last event of the current round (or --round ID), never its start; says which round.

    Example: okeytool round undo --round 2
    """
    from okeytool.render.text import inert
    from okeytool.round.events import describe

    rows = read_top(top, all_rows)
    with book_at(db) as book:
        removed, played = book.undo(round_id)
    show_state(played, json, top=rows, note=f"undone in round {played.id}: {inert(describe(removed))}")


@round_app.command("end")
def end(
    winner: Annotated[
        str | None,
        typer.Option(
            "--winner",
            "-w",
            metavar="NAME",
            help="Who won (omit for a round without a winner).",
            autocompletion=completion.players(),
        ),
    ] = None,
    finish: Annotated[
        EndFinish | None,
        typer.Option(
            "--finish",
            "-f",
            metavar="FINISH",
            help=f"How: {finishes_by_scheme()} No winner, classic: {NULL_FINISH}.",
            case_sensitive=False,
        ),
    ] = None,
    game: Annotated[bool, typer.Option("--game", help="Also enter the result as a round of the current game.")] = False,
    me: Annotated[
        str | None,
        typer.Option(
            "--me",
            metavar="NAME",
            help="With --game: your name in the game; your opening and the tiles you hold come from the "
            "round (101; Rummikub: your rack).",
            autocompletion=completion.players(),
        ),
    ] = None,
    gosterme: GostermeOpt = None,
    opened: OpeningsOpt = None,
    hand: HandOpt = None,
    penalty: PenaltyOpt = None,
    round_id: RoundOpt = None,
    db: DbOpt = None,
    json: JsonOpt = False,
) -> None:
    """End the current round (or --round ID): the winner and the finish (with --game, also scored in the current game).

    With --game the round is scored as 'game round' scores it: in 101 each other player's opening
    (--opened NAME=melds) and what he holds (--hand NAME=24 as called, or NAME=TILES), and --me NAME
    fills in your own opening and tiles from the round; what you give for yourself replaces them.

    Examples:

      okeytool round end --winner Ali --finish okey --game

      okeytool round end -w Bora --game --me Ali \\
        --opened Bora=melds --opened Cem=pairs --hand Cem=10
    """
    from okeytool.round.events import End
    from okeytool.round.state import finishes

    scoring = GameEntry(me, gosterme, opened, hand, penalty)
    if not game and scoring.given():
        raise InputError(f"give {', '.join(scoring.given())} with --game: they score the round in the game")
    with book_at(db) as book:
        current = book.round(round_id)
        kind = finish or finishes(current.state.deal, winner is not None)[0]
        event = End(winner, kind)
        from okeytool.round.state import apply

        apply(current.state, event)  # refuse a bad end before the game is touched
        entered = None
        if game:
            named, entered = _enter_in_game(book.path, current.state, winner, kind, scoring)
            event = End(named, kind)  # the winner as the game names him
        played = book.add(event, current.id)
    show_state(played, json, note=entered or "")


@dataclass(frozen=True)
class GameEntry:
    """What ``round end --game`` takes beyond the round to score it in the game (``game round``'s
    options), and ``me``: the follower's name in the game."""

    me: str | None
    gosterme: list[str] | None
    opened: list[str] | None
    hand: list[str] | None
    penalty: list[str] | None

    def given(self) -> list[str]:
        """The options given, as typed (``--me``, ``--opened`` ...)."""
        return [f"--{f.name}" for f in fields(self) if getattr(self, f.name)]


def _enter_in_game(
    path: Path, state: RoundState, winner: str | None, finish: str, entry: GameEntry
) -> tuple[str | None, str]:
    """Add the round's result to the current ledger game: the winner as the game names him, and the
    note saying so. Raises :class:`LedgerError`, :class:`RoundError`, :class:`InputError`."""
    from okeytool.commands.score import round_document
    from okeytool.ledger import open_ledger

    ledger = open_ledger(path)
    try:
        info = ledger.game()
        document = round_document(
            info.rules, players=info.players, winner=winner, null=winner is None,
            finish=None if finish == NULL_FINISH else finish, gosterme=entry.gosterme, kafa=False,
            winner_tiles=None, indicator=str(state.deal.indicator) if state.deal.indicator is not None else None,
            okey=None, opened=entry.opened, hand=entry.hand, penalty=entry.penalty,
        )  # fmt: skip
        if entry.me is not None:
            _own_hand(document, state, info.rules, info.players, entry)
        game_state = ledger.add_round(document)
    finally:
        ledger.close()
    from okeytool.render.text import inert

    return document.get("winner"), f"entered as round {len(game_state.records)} of game {inert(game_state.info.title)}"


def _own_hand(
    document: dict[str, Any], state: RoundState, rules: Rules, players: Sequence[str], entry: GameEntry
) -> None:
    """Fill in the follower's (``--me``) part of a round document from the round: in 101 how he
    opened and, unless he went out, the tiles he holds; in Rummikub his rack. What the options give
    for him stays. Raises :class:`InputError` in a game that scores no hands, :class:`RoundError`
    for a name that is no player's."""
    from okeytool.score import scheme_for
    from okeytool.score.names import match_name
    from okeytool.tiles import format_tiles

    assert entry.me is not None
    me = match_name(entry.me, players, "--me")
    scheme = scheme_for(rules)
    went_out = document.get("winner") == me
    if scheme.uses_racks:
        if not went_out:
            document.setdefault("racks", {}).setdefault(me, format_tiles(state.hand, sort=True))
        return
    if not scheme.uses_hands:
        raise InputError(f"--me fills in your hand where hands are scored (101, rummikub), not in {rules.name}")
    hands = document.setdefault("hands", {})
    own = hands.setdefault(me, {})
    told = {match_name(value.partition("=")[0].strip(), players, "--opened") for value in entry.opened or ()}
    if me not in told:
        own["opened"] = state.opening
    if not went_out and "tiles" not in own and "points" not in own:
        own["tiles"] = format_tiles(state.hand, sort=True)


@round_app.command("list")
def list_rounds(db: DbOpt = None, json: JsonOpt = False) -> None:
    """Every round kept in the ledger; the current one marked with *.

    Example: okeytool round list --json
    """
    with book_at(db, write=False) as book:
        rounds = book.rounds()
    if json:
        print_json({"rounds": [_summary(r) for r in rounds]})
        return
    from okeytool.render.round import render_list

    render_list(rounds)


def _summary(played: PlayedRound) -> dict[str, Any]:
    state = played.state
    return {
        "round": played.id,
        "created": played.created,
        "rules": state.deal.rules.name,
        "indicator": str(state.deal.indicator) if state.deal.indicator is not None else None,
        "events": state.events,
        "hand": [str(t) for t in state.hand],
        "end": state.end.to_json() if state.end is not None else None,
        "current": played.current,
    }


@round_app.command("use")
def use(
    round_id: Annotated[int, typer.Argument(metavar="ID", help="The round to make current.")], db: DbOpt = None
) -> None:
    """Make another round the current one.

    Example: okeytool round use 2
    """
    with book_at(db) as book:
        played = book.use(round_id)
    typer.echo(f"current round: {played.id}")


@round_app.command("export")
def export(
    round_id: Annotated[int | None, typer.Argument(metavar="ID", help="The round (default: the current one).")] = None,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", metavar="FILE", help="Write to this file instead of stdout.")
    ] = None,
    db: DbOpt = None,
) -> None:
    """The round's events as JSON lines, one event a line (read back by 'round import').

    Example: okeytool round export > round.jsonl
    """
    from okeytool.user_text import json_text

    with book_at(db, write=False) as book:
        played = book.round(round_id)
    text = "".join(json_text(e.to_json()) + "\n" for e in played.events)
    if output is None:
        sys.stdout.write(text)
    else:
        output.write_text(text, encoding="utf-8")


@round_app.command("import")
def import_(
    source: Annotated[str, typer.Argument(metavar="FILE", help="A JSON-lines file of events ('-' for stdin).")],
    db: DbOpt = None,
    json: JsonOpt = False,
) -> None:
    """Read a round's events (as 'round export' writes them) into a new round and make it current.

    Every event is checked by replaying the round; nothing is stored if one is refused. The file is
    read up to 1 MiB, UTF-8 with or without a byte-order mark.

    Example: okeytool round import round.jsonl
    """
    import json as json_module

    from okeytool.round.events import event_from_json

    text = read_text(source, "round events", "a round's events are a few kilobytes")
    events = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            events.append(event_from_json(json_module.loads(line)))
        except json_module.JSONDecodeError as err:
            raise InputError(f"line {number} is not JSON: {err.msg}") from None
        except RecursionError:
            raise InputError(f"line {number} is nested too deeply to be an event") from None
        except ValueError as err:  # an input error of the event, or a number too long to read
            raise InputError(f"line {number}: {err}") from None
    with book_at(db, create=True) as book:
        played = book.create(events)
    show_state(played, json)


@round_app.command("review")
def review(
    round_id: Annotated[int | None, typer.Argument(metavar="ID", help="The round (default: the current one).")] = None,
    draws: DrawsOpt = None,
    time_limit: TimeLimitOpt = None,
    db: DbOpt = None,
    json: JsonOpt = False,
    html: HtmlOpt = None,
) -> None:
    """Every own throw of the round beside the best one (classic: by win chance), what it cost, and a summary.

    A throw whose win chance was not computed is graded only where the plain ranking holds it as good
    as the best; past the time limit the throws graded so far are shown, and the exit code is 3.
    --html also writes the review as a page: each throw with the hand drawn in tiles.

    Example: okeytool round review 3 --html review.html
    """
    from okeytool.questions import read_time_limit
    from okeytool.round.review import review as review_round

    limit = read_time_limit(DEFAULT_TIME_LIMIT if time_limit is None else time_limit)
    with book_at(db, write=False) as book:
        played = book.round(round_id)
    _check_draws(draws, played.state.deal)
    result = review_round(played.id, played.events, draws=draws, time_limit=limit, stored=True)
    if html is not None:
        from okeytool.render.html_page import review_html

        write_page(html, review_html(played, result))
    if json:
        print_json(result.to_json())
    else:
        from okeytool.render.round import render_review

        render_review(played, result)
    if result.stopped:
        from okeytool.commands.streams import release_output

        release_output()  # the review first, then the line saying where it stopped
        sys.stdout.flush()
        sys.stderr.write(f"okeytool: stopped: time limit of {limit:g} s reached; shown: the throws graded before it\n")
        raise typer.Exit(3)  # the exit code of a question stopped by its time limit


@round_app.command("live")
def live(db: DbOpt = None) -> None:
    """An interactive prompt for the current round: d K5, t B2, s Y7, u (undo), show, review, help, quit.

    Tile names and verbs complete with Tab; each event is written as it is entered. In a round
    followed for the whole table a line may start with a seat: 2 t R5 (seat 2 throws R5), 3 k
    (seat 3 takes the throw before), 0 d (seat 0 draws), 1 g (seat 1 shows the indicator's twin);
    101: 2 o MELDS (seat 2 lays melds), 2 l R4 1 (seat 2 lays R4 off on meld 1). After each line
    the stock and whose turn it is are shown, and the advice when it is your turn.

    Example: okeytool round live --db ~/okey.sqlite3
    """
    from okeytool.commands.round_live import run_live

    run_live(db)


def register(app: typer.Typer) -> None:
    """Add the ``round`` sub-application."""
    app.add_typer(round_app, name="round")
