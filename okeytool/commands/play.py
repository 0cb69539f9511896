"""``play``: what to lay from a Rummikub rack (rules.md section 6), asked as a typed question.

The solver lives in :mod:`okeytool.solver.rummikub.play`; it (and ortools) is imported only when a
command runs, so that ``okeytool --help`` stays fast.
"""

from __future__ import annotations

from typing import Annotated

import typer

from okeytool.commands import completion
from okeytool.commands.common import (
    PANEL_DEAL,
    PANEL_RULES,
    GoalOpt,
    IndicatorOpt,
    JsonOpt,
    OkeyOpt,
    OptionOpt,
    RulesName,
    TableOpt,
    TilesArg,
    TimeLimitOpt,
    ask,
)
from okeytool.limits import DEFAULT_TIME_LIMIT

OpenedOpt = Annotated[
    bool,
    typer.Option(
        "--opened", help="The player has made his initial meld (else: new melds worth 30 or more).",
        rich_help_panel=PANEL_DEAL,
    ),
]  # fmt: skip
PlayRulesOpt = Annotated[
    RulesName,
    typer.Option(
        "--rules", "-r", help="Rule profile: rummikub (alias joypip).", case_sensitive=False,
        autocompletion=completion.rules_names, rich_help_panel=PANEL_RULES,
    ),
]  # fmt: skip


def register(app: typer.Typer) -> None:
    """Add ``play`` to the application."""

    @app.command()
    def play(
        ctx: typer.Context,
        tiles: TilesArg,
        rules: PlayRulesOpt = "rummikub",
        table: TableOpt = "",
        opened: OpenedOpt = False,
        goal: GoalOpt = "tiles",
        indicator: IndicatorOpt = None,
        okey: OkeyOpt = None,
        option: OptionOpt = None,
        time_limit: TimeLimitOpt = DEFAULT_TIME_LIMIT,
        json: JsonOpt = False,
    ) -> None:
        """What can I lay down? The play that lays the most tiles (or points) from the rack.

        Every table tile stays on the table in a valid meld; melds may be split, joined and
        rebuilt once the player has made his initial meld (--opened). Without --opened only new
        melds from the rack worth at least 30 may be laid.

        Example: okeytool play 'B7 K7 R9' --table 'R4 R5 R6 R7' --opened
        """
        ask("play", ctx, json)
