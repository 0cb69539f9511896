"""``open``: Okey 101 opening analysis (cli.md), and the 101 discard document for ``discard --rules 101``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Annotated, Any

import typer

from okeytool.commands.common import (
    IndicatorOpt,
    JsonOpt,
    OkeyOpt,
    OptionOpt,
    SeenOpt,
    TilesArg,
    load_deal,
    load_rules,
    print_json,
    question_count,
    question_deal,
    question_flag,
    question_text,
    read_hand,
)
from okeytool.deal import Deal
from okeytool.errors import InputError

DEFAULT_RULES = "101"

OpenRulesOpt = Annotated[
    str, typer.Option("--rules", "-r", help="Rule profile (the opening is a 101 question; default 101).")
]
TableOpt = Annotated[
    str,
    typer.Option("--table", "-t", help="Melds on the table, ';' between melds, e.g. 'R1-3; K7 B7 Y7'."),
]
OpenedOpt = Annotated[bool, typer.Option("--opened", help="The player has opened: list lay-offs onto the table.")]
OptionsOpt = Annotated[int, typer.Option("--options", "-k", help="How many next-best openings to list.")]
SolverOpt = Annotated[str, typer.Option("--solver", help="search (fast exact search) or cpsat (CP-SAT model).")]


def read_table(deal: Deal, text: str) -> tuple[Any, ...]:
    """The table melds written in ``text`` (``"R1-3; K7 B7 Y7"``), each checked to be a set or a run.

    Raises :class:`InputError` naming the meld for bad notation or a meld that is not valid.
    """
    from okeytool.parse.notation import parse_melds
    from okeytool.solver.layoff import table_melds

    if not text.strip():
        return ()
    try:
        melds = parse_melds(text, wrap=deal.rules.wrap)
        return table_melds(deal, [deal.resolve(m) for m in melds])
    except InputError as err:
        raise InputError(f"--table: {err}") from None


def open_document(question: Mapping[str, Any]) -> dict[str, Any]:
    """The ``open`` answer for a batch question (same document as ``open --json``).

    Fields: ``tiles``, ``rules`` (default 101), ``indicator`` or ``okey``, ``seen``, ``table``,
    ``opened``, ``alternatives`` (how many next-best openings, default 3), ``solver``, ``options``
    (rule options). Raises :class:`InputError` for bad input.
    """
    from okeytool.solver.opening import DEFAULT_OPTIONS, analyse_opening

    deal = question_deal(question, DEFAULT_RULES)
    hand, seen = read_hand(deal, question_text(question, "tiles"), question_text(question, "seen"))
    table = read_table(deal, question_text(question, "table"))
    result = analyse_opening(
        deal,
        hand,
        seen=seen,
        table=table,
        opened=question_flag(question, "opened", False),
        options=question_count(question, "alternatives", DEFAULT_OPTIONS),
        solver=str(question.get("solver", "search")),  # type: ignore[arg-type]
    )
    return result.to_json()


def discard_101_document(question: Mapping[str, Any]) -> dict[str, Any]:
    """The 101 ``discard`` answer for 22 tiles: ``{"discards": [row, ...]}``, best first.

    Each row: ``tile``, ``wins``, ``kind``, ``okey_finish``, ``penalty`` (101 for a real okey or an
    işler taş given ``table``), ``reasons``, ``open_points``, ``pairs``, ``can_open``, ``melds``.
    Fields as for ``open`` (``rules`` default 101, ``indicator``, ``tiles``, ``seen``, ``table``).
    Raises :class:`InputError` (:class:`HandSizeError` unless 22 tiles) for bad input.
    """
    from okeytool.solver.opening import discard_101

    deal = question_deal(question, DEFAULT_RULES)
    hand, _ = read_hand(deal, question_text(question, "tiles"), question_text(question, "seen"))
    table = read_table(deal, question_text(question, "table"))
    return discard_101(deal, hand, table=table).to_json()


#: Questions this module answers in `okeytool batch`: command name -> answer(question) -> JSON document.
BATCH: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {"open": open_document}


def register(app: typer.Typer) -> None:
    """Add ``open`` to the application."""

    @app.command("open")
    def open_(
        tiles: TilesArg,
        rules: OpenRulesOpt = DEFAULT_RULES,
        indicator: IndicatorOpt = None,
        okey: OkeyOpt = None,
        seen: SeenOpt = "",
        table: TableOpt = "",
        opened: OpenedOpt = False,
        options: OptionsOpt = 3,
        option: OptionOpt = None,
        solver: SolverOpt = "search",
        json: JsonOpt = False,
    ) -> None:
        """Can this 101 hand open? Best opening with melds (one tile kept to discard), pairs, elden.

        Also the next-best openings (--options) and the tiles that would lift a hand below 101 to 101.

        With --table: the işler taş (tiles that fit a table meld; discarding one costs 101).

        With --opened: where each tile of the hand can be laid off.

        Example: okeytool open -i Y7 K13 R13 Y13 B10-13 R4 B4 K4 Y4 K2
        """
        from okeytool.solver.opening import analyse_opening

        if solver not in ("search", "cpsat"):
            raise InputError(f"--solver takes search or cpsat, not {solver!r}")
        deal = load_deal(load_rules(rules, option), indicator, okey)
        hand, shown = read_hand(deal, tiles, seen)
        melds = read_table(deal, table)
        result = analyse_opening(
            deal,
            hand,
            seen=shown,
            table=melds,
            opened=opened,
            options=options,
            solver=solver,  # type: ignore[arg-type]
        )
        if json:
            print_json(result.to_json())
            return
        from okeytool.render.opening import render_opening

        render_opening(deal, result, melds)
