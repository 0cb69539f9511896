"""Options and helpers shared by the analysis commands: rules, indicator, tiles, JSON output."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
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


# -- questions: the fields of a batch line, or of a command line gathered the same way -------------


def question_deal(question: Mapping[str, Any], default_rules: str = "classic") -> Deal:
    """The deal a question asks about: ``rules`` (default ``default_rules``), ``options`` (an object
    of rule options), ``indicator`` or ``okey``. Raises :class:`InputError` for bad fields."""
    options = question.get("options") or {}
    if not isinstance(options, Mapping):
        raise InputError(f'"options" must be an object of rule options, e.g. {{"wrap": false}}, not {options!r}')
    rules = load_rules(str(question.get("rules") or default_rules), [f"{k}={v}" for k, v in options.items()])
    return load_deal(rules, question.get("indicator"), question.get("okey"))


def question_text(question: Mapping[str, Any], key: str) -> str:
    """A text field (tiles, seen tiles, table melds); missing or null is empty."""
    value = question.get(key) or ""
    if not isinstance(value, str):
        raise InputError(f'"{key}" must be text, e.g. "R1 R2 R3", not {value!r}')
    return value


def question_flag(question: Mapping[str, Any], key: str, default: bool) -> bool:
    """A true/false field; missing or null is ``default``."""
    value = question.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise InputError(f'"{key}" must be true or false, not {value!r}')
    return value


def question_count(question: Mapping[str, Any], key: str, default: int) -> int:
    """A whole-number field; missing is ``default``."""
    value = question.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f'"{key}" must be a whole number, not {value!r}')
    return value
