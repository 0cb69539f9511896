"""``play``: what to lay from a Rummikub rack (rules.md section 6), asked as a typed question.

The solver lives in :mod:`okeytool.solver.rummikub.play`; it (and ortools) is imported only when a
command runs, so that ``okeytool --help`` stays fast.
"""

from __future__ import annotations

from typing import Annotated

import typer

from okeytool.commands import completion
from okeytool.commands.common import (
    PANEL_RULES,
    PROFILES_TEXT,
    GoalOpt,
    HasOpenedOpt,
    IndicatorOpt,
    JsonOpt,
    OkeyOpt,
    OptionOpt,
    RulesName,
    TableOpt,
    TilesArg,
    TimeLimitOpt,
    TypedQuestion,
    ask,
)

PlayRulesOpt = Annotated[
    RulesName,
    typer.Option(
        "--rules", "-r", metavar="PROFILE", help=f"Rule profile: {PROFILES_TEXT}; laying down is a rummikub question.",
        case_sensitive=False,
        autocompletion=completion.rules_names, rich_help_panel=PANEL_RULES,
    ),
]  # fmt: skip


def register(app: typer.Typer) -> None:
    """Add ``play`` to the application."""

    @app.command()
    def play(
        tiles: TilesArg,
        rules: PlayRulesOpt = "rummikub",
        table: TableOpt = None,
        opened: HasOpenedOpt = None,
        goal: GoalOpt = "tiles",
        indicator: IndicatorOpt = None,
        okey: OkeyOpt = None,
        option: OptionOpt = None,
        time_limit: TimeLimitOpt = None,
        json: JsonOpt = False,
    ) -> None:
        """What can I lay down? The play that lays the most tiles (or points) from the rack.

        Every table tile stays on the table in a valid meld; melds may be split, joined and
        rebuilt once the player has made his initial meld (--opened). Without --opened only new
        melds from the rack worth at least 30 may be laid.

        Example: okeytool play 'B7 K7 R9' --table 'R4 R5 R6 R7' --opened
        """
        typed = TypedQuestion(
            tiles,
            rules=rules,
            table=table,
            opened=opened,
            goal=goal,
            indicator=indicator,
            okey=okey,
            options=option,
            time_limit=time_limit,
        )
        ask("play", typed, json)
