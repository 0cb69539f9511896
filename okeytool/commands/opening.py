"""``open``: Okey 101 opening analysis (cli.md), asked as the typed question of :mod:`okeytool.questions`."""

from __future__ import annotations

from typing import Annotated

import typer

from okeytool.commands import completion
from okeytool.commands.common import (
    PANEL_DEAL,
    PANEL_OUTPUT,
    PANEL_RULES,
    PROFILES_TEXT,
    HasOpenedOpt,
    IndicatorOpt,
    JsonOpt,
    OkeyOpt,
    OptionOpt,
    RulesName,
    SeenOpt,
    SolverOpt,
    TableOpt,
    TilesArg,
    TimeLimitOpt,
    TypedQuestion,
    ask,
)
from okeytool.questions import DEFAULT_ALTERNATIVES

OpenRulesOpt = Annotated[
    RulesName,
    typer.Option(
        "--rules", "-r", metavar="PROFILE", help=f"Rule profile: {PROFILES_TEXT}; the opening is a 101 question.",
        case_sensitive=False,
        autocompletion=completion.rules_names, rich_help_panel=PANEL_RULES,
    ),
]  # fmt: skip
OptionsOpt = Annotated[
    int,
    typer.Option(
        "--options", "-k", metavar="N", help="How many next-best openings to list.", rich_help_panel=PANEL_OUTPUT
    ),
]
TakeOpt = Annotated[
    str | None,
    typer.Option(
        "--take",
        metavar="TILE",
        help="The previous player's discard: can it be taken and used at once?",
        rich_help_panel=PANEL_DEAL,
    ),
]


def register(app: typer.Typer) -> None:
    """Add ``open`` to the application."""

    @app.command("open")
    def open_(
        tiles: TilesArg,
        rules: OpenRulesOpt = "101",
        indicator: IndicatorOpt = None,
        okey: OkeyOpt = None,
        seen: SeenOpt = None,
        table: TableOpt = None,
        opened: HasOpenedOpt = None,
        options: OptionsOpt = DEFAULT_ALTERNATIVES,
        take: TakeOpt = None,
        option: OptionOpt = None,
        solver: SolverOpt = None,
        time_limit: TimeLimitOpt = None,
        json: JsonOpt = False,
    ) -> None:
        """Can this 101 hand open? Best opening with melds (one tile kept to discard), pairs, elden.

        Also the next-best openings (--options) and the tiles that would lift a hand below 101 to 101.

        With --table: the işler taş (tiles that fit a table meld; discarding one costs 101).

        With --opened: where each tile of the hand can be laid off.

        With --take TILE: can the previous player's discard be taken? Before opening it must be part
        of the opening (the best such opening is shown); after opening it must be laid this turn.

        Example: okeytool open -i Y7 K13 R13 Y13 B10-13 R4 B4 K4 Y4 K2
        """
        typed = TypedQuestion(
            tiles,
            rules=rules,
            indicator=indicator,
            okey=okey,
            seen=seen,
            table=table,
            opened=opened,
            alternatives=options,
            take=take,
            options=option,
            solver=solver,
            time_limit=time_limit,
        )
        ask("open", typed, json)
