"""``check``, ``waits`` and ``discard``: is the hand winning, what completes it, what to throw.

Each command reads its options into the typed question (:mod:`okeytool.questions`), the same one a
``batch`` line builds, and prints its answer. The profile's game (:mod:`okeytool.solver.games`)
decides which options the question takes and which analysis answers it.
"""

from __future__ import annotations

from typing import Annotated

import typer

from okeytool.commands.common import (
    PANEL_SOLVER,
    AllOpt,
    ChanceGoalName,
    HasOpenedOpt,
    IndicatorOpt,
    JsonOpt,
    OkeyOpt,
    OptionOpt,
    RulesOpt,
    SeenOpt,
    SolverOpt,
    TableOpt,
    TilesArg,
    TimeLimitOpt,
    TopOpt,
    TypedQuestion,
    ask,
    read_top,
)

DeepOpt = Annotated[
    bool | None,
    typer.Option(
        "--deep", help="Break a tie at the top by second-order acceptance (slower).", rich_help_panel=PANEL_SOLVER
    ),
]
_CHANCE = "Win chance"
ChanceOpt = Annotated[
    bool | None,
    typer.Option(
        "--chance",
        help="classic, okeygg: the win chance and expected points of each throw within the draws left; "
        "a winning hand is told whether to finish now or hold. 101: each throw's chance to open within the draws left.",
        rich_help_panel=_CHANCE,
    ),
]
DrawsOpt = Annotated[
    int | None,
    typer.Option(
        "--draws",
        metavar="N",
        help="With --chance: own draws left (default 8, mid-round; 101: 5, a fourth of the stock).",
        rich_help_panel=_CHANCE,
    ),
]
PileOpt = Annotated[
    int | None,
    typer.Option(
        "--pile",
        metavar="N",
        help="With --chance, instead of --draws: tiles left in the middle (the stock in 101; four players: "
        "draws = pile // 4).",
        rich_help_panel=_CHANCE,
    ),
]
RiskOpt = Annotated[
    float | None,
    typer.Option(
        "--risk", metavar="CHANCE",
        help="With --chance: chance per draw that another player ends the round first (default 0.05).",
        rich_help_panel=_CHANCE,
    ),
]  # fmt: skip
ExtraOpt = Annotated[
    int | None,
    typer.Option(
        "--extra", metavar="N",
        help="With --chance (classic): rank by the search of the mahjong calculators, which may swap or step "
        "back while the tiles exchanged plus the distance stay below the hand's distance plus N (slower; 0-12).",
        rich_help_panel=_CHANCE,
    ),
]  # fmt: skip
ChanceGoalOpt = Annotated[
    ChanceGoalName | None,
    typer.Option(
        "--goal", metavar="GOAL",
        help="With --chance: order the throws by win chance (default) or expected points.",
        case_sensitive=False, rich_help_panel=_CHANCE,
    ),
]  # fmt: skip


def register(app: typer.Typer) -> None:
    """Add ``check``, ``waits`` and ``discard`` to the application."""

    @app.command()
    def check(
        tiles: TilesArg,
        rules: RulesOpt = "classic",
        indicator: IndicatorOpt = None,
        okey: OkeyOpt = None,
        seen: SeenOpt = None,
        table: TableOpt = None,
        opened: HasOpenedOpt = None,
        option: OptionOpt = None,
        solver: SolverOpt = None,
        chance: ChanceOpt = None,
        draws: DrawsOpt = None,
        pile: PileOpt = None,
        risk: RiskOpt = None,
        extra: ExtraOpt = None,
        time_limit: TimeLimitOpt = None,
        json: JsonOpt = False,
    ) -> None:
        """Is this hand winning? 14 tiles: complete or not (and how far). 15 tiles: every winning
        discard, best first; a hand that does not win is told how far it is and the best throw.

        With --chance a winning 15-tile hand is told whether to finish now or hold for more points.
        In the rummikub profile: can the whole rack be laid now (with --table and --opened)?

        Example: okeytool check -i Y7 R1-4 B9-11 K5 Y5 R5 K11-13 K1 B2
        """
        typed = TypedQuestion(
            tiles,
            rules=rules,
            indicator=indicator,
            okey=okey,
            seen=seen,
            table=table,
            opened=opened,
            options=option,
            solver=solver,
            chance=chance,
            draws=draws,
            pile=pile,
            risk=risk,
            extra=extra,
            time_limit=time_limit,
        )
        ask("check", typed, json)

    @app.command()
    def waits(
        tiles: TilesArg,
        rules: RulesOpt = "classic",
        indicator: IndicatorOpt = None,
        okey: OkeyOpt = None,
        seen: SeenOpt = None,
        option: OptionOpt = None,
        solver: SolverOpt = None,
        time_limit: TimeLimitOpt = None,
        json: JsonOpt = False,
    ) -> None:
        """What completes these 14 tiles? Deficiency, waits with their unseen copies, useful tiles.

        Example: okeytool waits -i Y7 R1-4 B9-11 K5 Y5 R5 K11-13 B2 --seen "B12 K1"
        """
        typed = TypedQuestion(
            tiles,
            rules=rules,
            indicator=indicator,
            okey=okey,
            seen=seen,
            options=option,
            solver=solver,
            time_limit=time_limit,
        )
        ask("waits", typed, json)

    @app.command()
    def discard(
        tiles: TilesArg,
        rules: RulesOpt = "classic",
        indicator: IndicatorOpt = None,
        okey: OkeyOpt = None,
        seen: SeenOpt = None,
        table: TableOpt = None,
        opened: HasOpenedOpt = None,
        option: OptionOpt = None,
        solver: SolverOpt = None,
        deep: DeepOpt = None,
        chance: ChanceOpt = None,
        draws: DrawsOpt = None,
        pile: PileOpt = None,
        risk: RiskOpt = None,
        goal: ChanceGoalOpt = None,
        extra: ExtraOpt = None,
        time_limit: TimeLimitOpt = None,
        top: TopOpt = None,
        all_rows: AllOpt = False,
        json: JsonOpt = False,
    ) -> None:
        """Which of these 15 tiles (22 in 101) should I throw? Every distinct tile ranked, best first.

        With --chance (classic, okeygg) ranked by win chance within the draws left (or --goal points);
        in 101, the throws of a hand that has not opened by the chance to open within the draws left.

        Example: okeytool discard -i Y7 R1-4 B9-11 K5 Y5 K11-13 B2 Y9 Y12 --chance
        """
        typed = TypedQuestion(
            tiles,
            rules=rules,
            indicator=indicator,
            okey=okey,
            seen=seen,
            table=table,
            opened=opened,
            options=option,
            solver=solver,
            deep=deep,
            chance=chance,
            draws=draws,
            pile=pile,
            risk=risk,
            goal=goal,
            extra=extra,
            time_limit=time_limit,
        )
        ask("discard", typed, json, read_top(top, all_rows))
