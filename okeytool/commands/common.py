"""Options and helpers shared by the analysis commands: rules, indicator, tiles, JSON output."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from okeytool.deal import Deal
from okeytool.errors import InputError
from okeytool.parse.notation import parse_tile, parse_tiles
from okeytool.parse.supply import check_supply
from okeytool.rules import Rules, get_rules
from okeytool.tiles import Tile

RulesOpt = Annotated[str, typer.Option("--rules", "-r", help="Rule profile: classic, okeygg, 101, rummikub (joypip).")]
IndicatorOpt = Annotated[
    str | None, typer.Option("--indicator", "-i", help="The face-up indicator tile, e.g. R4 (its okey is R5).")
]
OkeyOpt = Annotated[str | None, typer.Option("--okey", "-o", help="The okey tile instead of the indicator, e.g. R5.")]
SeenOpt = Annotated[
    str, typer.Option("--seen", "-s", help="Tiles visible elsewhere (discards, shown tiles), e.g. 'R5 K9'.")
]
OptionOpt = Annotated[
    list[str] | None, typer.Option("--option", "-O", help="Rule option KEY=VALUE (repeatable), e.g. wrap=false.")
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON document instead of tables.")]
TilesArg = Annotated[list[str], typer.Argument(help="The tiles, e.g. 'R1 R2 R3 K7 B7 Y7 ...' or R1-3 RBK7.")]


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    """``KEY=VALUE`` strings as a dict. Raises :class:`InputError` for a malformed pair."""
    options: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise InputError(f"--option takes KEY=VALUE, got {pair!r}")
        options[key.strip().replace("-", "_")] = value.strip()
    return options


def load_rules(name: str, options: Sequence[str] | None) -> Rules:
    """The named profile with ``--option`` values applied."""
    return get_rules(name, parse_options(options))


def load_deal(rules: Rules, indicator: str | None, okey: str | None) -> Deal:
    """The deal from ``--indicator`` or ``--okey`` (exactly one of them in okey profiles)."""
    if indicator and okey:
        raise InputError("give either --indicator or --okey, not both")
    if okey:
        return Deal.from_okey(rules, _one_tile(okey, "--okey"))
    if indicator:
        return Deal(rules, _one_tile(indicator, "--indicator"))
    return Deal(rules, None)


def _one_tile(text: str, option: str) -> Tile:
    try:
        return parse_tile(text)
    except InputError as err:
        raise InputError(f"{option}: {err}") from None


def read_hand(deal: Deal, tiles: str | Sequence[str], seen: str = "") -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
    """Parse and supply-check a hand and the seen tiles. Returns them as held (``J`` resolved)."""
    wrap = deal.rules.wrap
    hand = deal.resolve(parse_tiles(tiles, wrap=wrap))
    try:
        shown = deal.resolve(parse_tiles(seen, wrap=wrap)) if seen else ()
    except InputError as err:
        raise InputError(f"--seen: {err}") from None
    check_supply(deal, hand, shown)
    return hand, shown


def print_json(document: Any) -> None:
    """Write one JSON document to stdout."""
    sys.stdout.write(json.dumps(document, ensure_ascii=False) + "\n")
