"""``check``, ``waits`` and ``discard``: is the hand winning, what completes it, what to throw.

Each command reads a *question* (the same fields as a ``batch`` line), answers it with a typed
result, and prints either the rich rendering or the result's JSON document. The profile decides
which analysis answers: 101 discards weigh opening and penalties, Rummikub's check asks whether the
whole rack can be laid with the table.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Protocol

import typer

from okeytool.commands.common import (
    IndicatorOpt,
    JsonOpt,
    OkeyOpt,
    OptionOpt,
    RulesOpt,
    SeenOpt,
    TilesArg,
    print_json,
    question_deal,
    question_flag,
    question_text,
    read_hand,
)
from okeytool.deal import Deal
from okeytool.errors import InputError

SolverOpt = Annotated[str, typer.Option("--solver", help="search (fast exact search) or cpsat (CP-SAT model).")]
TableOpt = Annotated[
    str, typer.Option("--table", "-t", help="Melds on the table (101, rummikub), e.g. 'R1-3; K7 B7 Y7'.")
]
OpenedOpt = Annotated[
    bool | None,
    typer.Option(
        "--opened/--not-opened", help="Rummikub: the initial meld has been made (default: if --table is given)."
    ),
]
SOLVERS = ("search", "cpsat")


class Answer(Protocol):
    """A typed result that renders as a JSON document."""

    def to_json(self) -> Mapping[str, Any]: ...


def check_answer(question: Mapping[str, Any]) -> tuple[Deal, Answer]:
    """The typed answer to a ``check`` question: a CheckResult, or a Rummikub going-out result."""
    deal = question_deal(question)
    if deal.rules.table_game:
        from okeytool.commands.play import read_play
        from okeytool.solver.rummikub.play import can_go_out

        rack, table = read_play(deal, question_text(question, "tiles"), question_text(question, "table"))
        return deal, can_go_out(deal, rack, table, opened=question_flag(question, "opened", bool(table)))
    from okeytool.solver.classic.check import check_hand

    hand, _ = read_hand(deal, question_text(question, "tiles"), question_text(question, "seen"))
    return deal, check_hand(deal, hand, solver=_solver(question))


def _solver(question: Mapping[str, Any]) -> Any:
    solver = question.get("solver") or "search"
    if solver not in SOLVERS:
        raise InputError(f"--solver takes search or cpsat, not {solver!r}")
    return solver


def waits_answer(question: Mapping[str, Any]) -> tuple[Deal, Answer]:
    """The typed answer to a ``waits`` question (14 tiles)."""
    from okeytool.solver.classic.analysis import analyse_waits

    deal = question_deal(question)
    _okey_profile(deal, "waits")
    hand, seen = read_hand(deal, question_text(question, "tiles"), question_text(question, "seen"))
    return deal, analyse_waits(deal, hand, seen, solver=_solver(question))


def discard_answer(question: Mapping[str, Any]) -> tuple[Deal, Answer]:
    """The typed answer to a ``discard`` question (15 tiles; 22 in 101, with the table's melds)."""
    deal = question_deal(question)
    if deal.rules.opening:
        from okeytool.commands.opening import read_table
        from okeytool.solver.okey101.opening import discard_101

        hand, _ = read_hand(deal, question_text(question, "tiles"), question_text(question, "seen"))
        return deal, discard_101(deal, hand, table=read_table(deal, question_text(question, "table")))
    from okeytool.solver.classic.analysis import rank_discards

    _okey_profile(deal, "discard")
    hand, seen = read_hand(deal, question_text(question, "tiles"), question_text(question, "seen"))
    deep = question_flag(question, "deep", False)
    return deal, rank_discards(deal, hand, seen, solver=_solver(question), deep=deep)


def _okey_profile(deal: Deal, command: str) -> None:
    if not deal.rules.classic_hand:
        raise InputError(f"{command} is for 14-tile Okey hands (classic, okeygg); not for {deal.rules.name}")


def check_document(question: Mapping[str, Any]) -> dict[str, Any]:
    """``check --json`` for a batch question."""
    return dict(check_answer(question)[1].to_json())


def waits_document(question: Mapping[str, Any]) -> dict[str, Any]:
    """``waits --json`` for a batch question."""
    return dict(waits_answer(question)[1].to_json())


def discard_document(question: Mapping[str, Any]) -> dict[str, Any]:
    """``discard --json`` for a batch question."""
    return dict(discard_answer(question)[1].to_json())


BATCH = {"check": check_document, "waits": waits_document, "discard": discard_document}


def _question(
    tiles: list[str],
    rules: str,
    indicator: str | None,
    okey: str | None,
    seen: str,
    option: list[str] | None,
    **extra: Any,
) -> dict[str, Any]:
    from okeytool.commands.common import parse_options

    return {"tiles": " ".join(tiles), "rules": rules, "indicator": indicator, "okey": okey, "seen": seen,
            "options": parse_options(option), **extra}  # fmt: skip


def _show(deal: Deal, result: Answer, json: bool) -> None:
    """Print the answer: its JSON document, or its rich rendering."""
    if json:
        print_json(result.to_json())
        return
    from okeytool.render.results import render_result

    render_result(deal, result)


def register(app: typer.Typer) -> None:
    """Add ``check``, ``waits`` and ``discard`` to the application."""

    @app.command()
    def check(
        tiles: TilesArg,
        rules: RulesOpt = "classic",
        indicator: IndicatorOpt = None,
        okey: OkeyOpt = None,
        seen: SeenOpt = "",
        table: TableOpt = "",
        opened: OpenedOpt = None,
        option: OptionOpt = None,
        solver: SolverOpt = "search",
        json: JsonOpt = False,
    ) -> None:
        """Is this hand winning? 14 tiles: complete or not. 15 tiles: every winning discard, best first.

        In the rummikub profile: can the whole rack be laid now (with --table and --opened)?

        Example: okeytool check -i Y7 R1-4 B9-11 K5 Y5 R5 K11-13 K1 B2
        """
        extra: dict[str, Any] = {"solver": solver}
        if table or opened is not None:
            extra.update(table=table, opened=opened)
        _show(*check_answer(_question(tiles, rules, indicator, okey, seen, option, **extra)), json)

    @app.command()
    def waits(
        tiles: TilesArg,
        rules: RulesOpt = "classic",
        indicator: IndicatorOpt = None,
        okey: OkeyOpt = None,
        seen: SeenOpt = "",
        option: OptionOpt = None,
        solver: SolverOpt = "search",
        json: JsonOpt = False,
    ) -> None:
        """What completes these 14 tiles? Deficiency, waits with their unseen copies, useful tiles.

        Example: okeytool waits -i Y7 R1-4 B9-11 K5 Y5 R5 K11-13 B2 --seen "B12 K1"
        """
        _show(*waits_answer(_question(tiles, rules, indicator, okey, seen, option, solver=solver)), json)

    @app.command()
    def discard(
        tiles: TilesArg,
        rules: RulesOpt = "classic",
        indicator: IndicatorOpt = None,
        okey: OkeyOpt = None,
        seen: SeenOpt = "",
        table: TableOpt = "",
        option: OptionOpt = None,
        solver: SolverOpt = "search",
        deep: Annotated[
            bool, typer.Option("--deep", help="Break a tie at the top by second-order acceptance (slower).")
        ] = False,
        json: JsonOpt = False,
    ) -> None:
        """Which of these 15 tiles (22 in 101) should I throw? Every distinct tile ranked, best first.

        Example: okeytool discard -i Y7 R1-4 B9-11 K5 Y5 K11-13 B2 Y9 Y12
        """
        question = _question(tiles, rules, indicator, okey, seen, option, table=table, solver=solver, deep=deep)
        _show(*discard_answer(question), json)
