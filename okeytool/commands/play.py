"""``play``: what to lay from a Rummikub rack (rules.md section 6), and the going-out check.

The solver lives in :mod:`okeytool.solver.rummikub.play`; it (and ortools) is imported only when a
command runs, so that ``okeytool --help`` stays fast.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Any

import typer

from okeytool.commands.common import (
    IndicatorOpt,
    JsonOpt,
    OkeyOpt,
    OptionOpt,
    TilesArg,
    load_deal,
    load_rules,
    print_json,
    question_deal,
    question_flag,
    question_text,
)
from okeytool.errors import InputError

if TYPE_CHECKING:
    from okeytool.deal import Deal
    from okeytool.tiles import Tile

TableOpt = Annotated[
    str, typer.Option("--table", "-t", help="The melds on the table, ';' between melds, e.g. 'R1-3; K7 B7 Y7'.")
]
OpenedOpt = Annotated[
    bool, typer.Option("--opened", help="The player has made his initial meld (else: new melds worth 30 or more).")
]
GoalOpt = Annotated[str, typer.Option("--goal", "-g", help="tiles: lay the most tiles; value: lay the most points.")]
PlayRulesOpt = Annotated[str, typer.Option("--rules", "-r", help="Rule profile: rummikub (alias joypip).")]


def read_play(
    deal: Deal, rack: str | Sequence[str], table: str
) -> tuple[tuple[Tile, ...], tuple[tuple[Tile, ...], ...]]:
    """Parse the rack and the table melds (notation only; the solver checks the rest).

    Raises :class:`NotationError` naming the token, prefixed with ``--table`` for table melds.
    """
    from okeytool.parse.notation import parse_melds, parse_tiles

    tiles = parse_tiles(rack, wrap=deal.rules.wrap)
    try:
        melds = parse_melds(table, wrap=deal.rules.wrap) if table.strip() else ()
    except InputError as err:
        raise type(err)(f"--table: {err}") from None
    return tiles, melds


def play_document(question: Mapping[str, Any]) -> dict[str, Any]:
    """The ``play`` answer for a batch question (same document as ``play --json``).

    Fields: ``tiles`` (the rack), ``table`` (melds, ``;`` between), ``opened`` (bool, default false),
    ``goal`` (``"tiles"`` or ``"value"``), ``rules`` (default rummikub), ``options``.
    Raises :class:`InputError` (and subclasses) for bad input.
    """
    from okeytool.solver.rummikub.play import best_play

    deal = question_deal(question, "rummikub")
    rack, table = read_play(deal, question_text(question, "tiles"), question_text(question, "table"))
    goal = str(question.get("goal") or "tiles")
    return best_play(deal, rack, table, opened=question_flag(question, "opened", False), goal=goal).to_json()  # type: ignore[arg-type]


#: Questions this module answers in `okeytool batch`: command name -> answer(question) -> JSON document.
BATCH: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {"play": play_document}


def register(app: typer.Typer) -> None:
    """Add ``play`` to the application."""

    @app.command()
    def play(
        tiles: TilesArg,
        rules: PlayRulesOpt = "rummikub",
        table: TableOpt = "",
        opened: OpenedOpt = False,
        goal: GoalOpt = "tiles",
        indicator: IndicatorOpt = None,
        okey: OkeyOpt = None,
        option: OptionOpt = None,
        json: JsonOpt = False,
    ) -> None:
        """What can I lay down? The play that lays the most tiles (or points) from the rack.

        Every table tile stays on the table in a valid meld; melds may be split, joined and
        rebuilt once the player has made his initial meld (--opened). Without --opened only new
        melds from the rack worth at least 30 may be laid.

        Example: okeytool play 'B7 K7 R9' --table 'R4 R5 R6 R7' --opened
        """
        from okeytool.solver.rummikub.play import best_play

        deal = load_deal(load_rules(rules, option), indicator, okey)
        rack, melds = read_play(deal, tiles, table)
        result = best_play(deal, rack, melds, opened=opened, goal=goal)  # type: ignore[arg-type]
        if json:
            print_json(result.to_json())
            return
        from okeytool.render.play import render_play

        render_play(deal, result)
