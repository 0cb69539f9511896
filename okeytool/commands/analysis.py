"""``check``, ``waits`` and ``discard``: hand analysis for the Okey profiles."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

import typer

from okeytool.commands.common import (
    IndicatorOpt,
    JsonOpt,
    OkeyOpt,
    OptionOpt,
    RulesOpt,
    SeenOpt,
    TilesArg,
    load_deal,
    load_rules,
    print_json,
    read_hand,
)

SolverOpt = Annotated[str, typer.Option("--solver", help="search (fast exact search) or cpsat (CP-SAT model).")]


def check_document(question: Mapping[str, Any]) -> dict[str, Any]:
    """The ``check`` answer for a batch question (same document as ``check --json``)."""
    from okeytool.solver.check import check_hand

    rules = load_rules(question.get("rules", "classic"), _options(question))
    deal = load_deal(rules, question.get("indicator"), question.get("okey"))
    hand, _ = read_hand(deal, str(question.get("tiles", "")), str(question.get("seen", "") or ""))
    return check_hand(deal, hand).to_json()


def _options(question: Mapping[str, Any]) -> list[str]:
    options = question.get("options") or {}
    return [f"{k}={v}" for k, v in options.items()]


BATCH = {"check": check_document}


def register(app: typer.Typer) -> None:
    """Add ``check`` (and the other analysis commands) to the application."""

    @app.command()
    def check(
        tiles: TilesArg,
        rules: RulesOpt = "classic",
        indicator: IndicatorOpt = None,
        okey: OkeyOpt = None,
        seen: SeenOpt = "",
        option: OptionOpt = None,
        solver: SolverOpt = "search",
        json: JsonOpt = False,
    ) -> None:
        """Is this hand winning? 14 tiles: complete or not. 15 tiles: every winning discard, best first.

        Example: okeytool check -i Y7 R1-4 B9-11 K5 Y5 R5 K11-13 K1 B2
        """
        from okeytool.solver.check import check_hand

        if solver not in ("search", "cpsat"):
            raise typer.BadParameter("--solver takes search or cpsat")
        deal = load_deal(load_rules(rules, option), indicator, okey)
        hand, _ = read_hand(deal, tiles, seen)
        result = check_hand(deal, hand, solver=solver)  # type: ignore[arg-type]
        if json:
            print_json(result.to_json())
            return
        from okeytool.render.check import render_check

        render_check(deal, result)
