"""``open``: Okey 101 opening analysis (cli.md), and the 101 discard document for ``discard --rules 101``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

import typer

from okeytool.commands.common import (
    IndicatorOpt,
    JsonOpt,
    OkeyOpt,
    OptionOpt,
    SeenOpt,
    TilesArg,
    parse_options,
    print_json,
    question_count,
    question_deal,
    question_flag,
    question_text,
    read_hand,
)
from okeytool.deal import Deal
from okeytool.errors import InputError
from okeytool.parse.notation import parse_tile

if TYPE_CHECKING:
    from okeytool.solver.okey101.layoffs import TableMeld
    from okeytool.solver.okey101.opening import OpeningResult
    from okeytool.solver.okey101.take import TakeDiscard

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
TakeOpt = Annotated[
    str, typer.Option("--take", help="The previous player's discard: can it be taken and used at once?")
]
SolverOpt = Annotated[str, typer.Option("--solver", help="search (fast exact search) or cpsat (CP-SAT model).")]


def read_table(deal: Deal, text: str) -> tuple[Any, ...]:
    """The table melds written in ``text`` (``"R1-3; K7 B7 Y7"``), each checked to be a set or a run.

    Raises :class:`InputError` naming the meld for bad notation or a meld that is not valid.
    """
    from okeytool.parse.notation import parse_melds
    from okeytool.solver.okey101.layoffs import table_melds

    if not text.strip():
        return ()
    try:
        melds = parse_melds(text, wrap=deal.rules.wrap)
        return table_melds(deal, [deal.resolve(m) for m in melds])
    except InputError as err:
        raise InputError(f"--table: {err}") from None


@dataclass(frozen=True)
class OpenAnswer:
    """The ``open`` answer: the opening analysis, the table it was asked against, and (``take``) what
    taking the previous player's discard would allow."""

    deal: Deal
    result: OpeningResult
    table: tuple[TableMeld, ...]
    take: TakeDiscard | None

    def to_json(self) -> dict[str, Any]:
        """cli.md's ``open`` document, with ``take`` when a discard to take was named."""
        document = self.result.to_json()
        if self.take is not None:
            document["take"] = self.take.to_json()
        return document


def open_answer(question: Mapping[str, Any]) -> OpenAnswer:
    """Answer an ``open`` question.

    Fields: ``tiles``, ``rules`` (default 101), ``indicator`` or ``okey``, ``seen``, ``table``,
    ``opened``, ``alternatives`` (how many next-best openings, default 3), ``solver``, ``options``
    (rule options), ``take`` (the previous player's discard: can it be taken and used as the rules
    require?). Raises :class:`InputError` for bad input.
    """
    from okeytool.solver.okey101.opening import DEFAULT_OPTIONS, analyse_opening
    from okeytool.solver.okey101.take import take_discard

    deal = question_deal(question, DEFAULT_RULES)
    hand, seen = read_hand(deal, question_text(question, "tiles"), question_text(question, "seen"))
    table = read_table(deal, question_text(question, "table"))
    opened = question_flag(question, "opened", False)
    solver: Any = question.get("solver") or "search"
    if solver not in ("search", "cpsat"):
        raise InputError(f"--solver takes search or cpsat, not {solver!r}")
    result = analyse_opening(
        deal,
        hand,
        seen=seen,
        table=table,
        opened=opened,
        options=question_count(question, "alternatives", DEFAULT_OPTIONS),
        solver=solver,
    )
    taken = None
    if take := question_text(question, "take"):
        tile = deal.resolve([parse_tile(take)])[0]
        taken = take_discard(deal, hand, tile, table=table, opened=opened)
    return OpenAnswer(deal, result, tuple(table), taken)


def open_document(question: Mapping[str, Any]) -> dict[str, Any]:
    """The ``open`` answer for a batch question (same document as ``open --json``)."""
    return open_answer(question).to_json()


def discard_101_document(question: Mapping[str, Any]) -> dict[str, Any]:
    """The 101 ``discard`` answer for 22 tiles: ``{"discards": [row, ...]}``, best first.

    Each row: ``tile``, ``wins``, ``kind``, ``okey_finish``, ``penalty`` (101 for a real okey or an
    işler taş given ``table``), ``reasons``, ``open_points``, ``pairs``, ``can_open``, ``melds``.
    Fields as for ``open`` (``rules`` default 101, ``indicator``, ``tiles``, ``seen``, ``table``).
    Raises :class:`InputError` (:class:`HandSizeError` unless 22 tiles) for bad input.
    """
    from okeytool.solver.okey101.opening import discard_101

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
        take: TakeOpt = "",
        option: OptionOpt = None,
        solver: SolverOpt = "search",
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
        question = {
            "tiles": " ".join(tiles), "rules": rules, "indicator": indicator, "okey": okey, "seen": seen,
            "table": table, "opened": opened, "alternatives": options, "take": take, "solver": solver,
            "options": parse_options(option),
        }  # fmt: skip
        answer = open_answer(question)
        if json:
            print_json(answer.to_json())
            return
        from okeytool.render.opening import render_opening, render_take

        render_opening(answer.deal, answer.result, answer.table)
        if answer.take is not None:
            render_take(answer.deal, answer.take)
