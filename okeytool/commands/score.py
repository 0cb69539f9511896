"""``score``: one round's scores, from command-line options or a round document (cli.md ``score``)."""

from __future__ import annotations

import json as jsonlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from okeytool.commands import completion
from okeytool.commands.common import (
    PANEL_HANDS,
    PANEL_OUTPUT,
    PANEL_ROUND,
    IndicatorOpt,
    JsonOpt,
    OkeyOpt,
    OptionOpt,
    RulesOpt,
    SchemeOpt,
    load_deal,
    one_of,
    parse_options,
    print_json,
)
from okeytool.errors import InputError, quoted
from okeytool.score import SCHEMES
from okeytool.score.names import MAX_QUOTED

DEFAULT_PLAYERS = "P1,P2,P3,P4"

if TYPE_CHECKING:
    from okeytool.rules import Rules

    FinishName = str
else:
    #: Every finish a scheme knows (classic, 101, rummikub); the round's scheme checks its own.
    FinishName = one_of(*(finish for scheme in SCHEMES.values() for finish in scheme.finishes))


def finishes_by_scheme() -> str:
    """``pagat/penalty/okeygg: normal, okey, pairs, pairs+okey. 101: ...``: the help of ``--finish``."""
    schemes: dict[tuple[str, ...], list[str]] = {}
    for scheme in SCHEMES.values():
        schemes.setdefault(scheme.finishes, []).append(scheme.name)
    return " ".join(f"{'/'.join(names)}: {', '.join(finishes)}." for finishes, names in schemes.items())


RoundFileOpt = Annotated[
    str | None,
    typer.Option(
        "--round", "-R", metavar="FILE", show_default=False,
        help="A round document: a JSON object such as {\"winner\": \"P2\", \"finish\": \"okey\"}; '-' reads stdin.",
        rich_help_panel=PANEL_OUTPUT,
    ),
]  # fmt: skip
PlayersOpt = Annotated[
    str | None,
    typer.Option(
        "--players", "-p", metavar="NAMES", help="Players in seating order, comma-separated (or space-separated).",
        rich_help_panel=PANEL_ROUND,
    ),
]  # fmt: skip
WinnerOpt = Annotated[
    str | None,
    typer.Option("--winner", "-w", metavar="NAME", help="Who won (went out).",
                 autocompletion=completion.players(DEFAULT_PLAYERS), rich_help_panel=PANEL_ROUND),
]  # fmt: skip
NullOpt = Annotated[
    bool,
    typer.Option(
        "--null", help="Nobody won: a null round (classic), a blocked game (rummikub).", rich_help_panel=PANEL_ROUND
    ),
]
FinishOpt = Annotated[
    FinishName | None,
    typer.Option(
        "--finish", "-f", metavar="FINISH", case_sensitive=False, rich_help_panel=PANEL_ROUND,
        help=finishes_by_scheme(),
    ),
]  # fmt: skip
GostermeOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--gosterme", "-g", metavar="NAME", help="A player who showed the indicator's twin (repeatable).",
        autocompletion=completion.players(DEFAULT_PLAYERS), rich_help_panel=PANEL_ROUND,
    ),
]  # fmt: skip
KafaOpt = Annotated[
    bool,
    typer.Option(
        "--kafa", help="The winner's hand is a Kafa (one colour 1..13 and a second 1).", rich_help_panel=PANEL_ROUND
    ),
]
WinnerTilesOpt = Annotated[
    str | None,
    typer.Option(
        "--winner-tiles", "-t", metavar="TILES",
        help="The winner's 15 tiles (14 shown + last discard): the finish is worked out.",
        rich_help_panel=PANEL_ROUND,
    ),
]  # fmt: skip
#: Each player's opening in a 101 round (who opened, with melds or pairs); whether the asking player has
#: opened, in a question, is :data:`~okeytool.commands.common.HasOpenedOpt`.
OpeningsOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--opened", metavar="NAME=HOW", help="101: NAME=melds or NAME=pairs for each player who opened (repeatable).",
        autocompletion=completion.opened_pairs(DEFAULT_PLAYERS), rich_help_panel=PANEL_HANDS,
    ),
]  # fmt: skip
HandOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--hand", "--rack", metavar="NAME=TILES",
        help="NAME=TILES left in a hand (101) or on a rack (rummikub), repeatable; in 101 NAME=POINTS as called.",
        autocompletion=completion.player_pairs(DEFAULT_PLAYERS), rich_help_panel=PANEL_HANDS,
    ),
]  # fmt: skip
PenaltyOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--penalty", metavar="NAME=COUNT", help="101: NAME or NAME=COUNT, a 101 discard penalty (repeatable).",
        autocompletion=completion.players(DEFAULT_PLAYERS), rich_help_panel=PANEL_HANDS,
    ),
]  # fmt: skip


#: The largest round document (or file of a round's events, ``round import``) read, in bytes: a round
#: is a few hundred bytes, its events a few kilobytes; this bounds a mistaken ``--round /dev/zero``
#: or a huge file.
MAX_DOCUMENT_BYTES = 1 << 20
#: The deepest nesting a round document may have (a round is at most four levels deep).
MAX_DOCUMENT_DEPTH = 8


def read_document(source: str) -> Any:
    """The JSON document in file ``source`` (``-``: stdin), UTF-8 with or without a byte-order mark.

    Raises :class:`InputError` for a document over :data:`MAX_DOCUMENT_BYTES`, text that is not
    UTF-8, bad JSON, or nesting deeper than :data:`MAX_DOCUMENT_DEPTH`; ``OSError`` for a file that
    cannot be read.
    """
    name = "stdin" if source == "-" else source
    text = read_text(source, "round document", "a round is a small JSON object")
    try:
        document = jsonlib.loads(text)
    except jsonlib.JSONDecodeError as err:
        raise InputError(
            f"round document {name}: not valid JSON ({err.msg} at line {err.lineno} column {err.colno})"
        ) from None
    except RecursionError:
        raise InputError(f"round document {name}: nested deeper than {MAX_DOCUMENT_DEPTH} levels") from None
    except ValueError as err:  # a number too long to read
        raise InputError(f"round document {name}: {err}") from None
    if _depth(document) > MAX_DOCUMENT_DEPTH:
        raise InputError(f"round document {name}: nested deeper than {MAX_DOCUMENT_DEPTH} levels")
    return document


def read_text(source: str, what: str, why: str) -> str:
    """The text of file ``source`` (``-``: stdin), UTF-8 with or without a byte-order mark, read up to
    :data:`MAX_DOCUMENT_BYTES` (so ``/dev/zero`` or a huge file is cut off, not read to the end).

    ``what`` names the input in messages, ``why`` says why the limit is enough. Raises
    :class:`InputError` for more than :data:`MAX_DOCUMENT_BYTES` or text that is not UTF-8;
    ``OSError`` for a file that cannot be read.
    """
    name = "stdin" if source == "-" else source
    if source == "-":
        binary = getattr(sys.stdin, "buffer", None)  # None when stdin was replaced by a text stream
        raw = binary.read(MAX_DOCUMENT_BYTES + 1) if binary is not None else sys.stdin.read(MAX_DOCUMENT_BYTES + 1)
        data = raw if isinstance(raw, bytes) else raw.encode("utf-8")
    else:
        with Path(source).open("rb") as handle:
            data = handle.read(MAX_DOCUMENT_BYTES + 1)
    if len(data) > MAX_DOCUMENT_BYTES:
        raise InputError(f"{what} {name}: larger than {MAX_DOCUMENT_BYTES // 1024} KiB; {why}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(f"{what} {name}: not UTF-8 text (byte {err.start})") from None


def _depth(value: Any, limit: int = MAX_DOCUMENT_DEPTH + 1) -> int:
    """How deep lists and objects nest in ``value`` (counted up to ``limit``, no further)."""
    if limit <= 0 or not isinstance(value, (list, dict)):
        return 0
    children = value.values() if isinstance(value, dict) else value
    return 1 + max((_depth(child, limit - 1) for child in children), default=0)


def _pairs(values: Sequence[str] | None, option: str) -> list[tuple[str, str]]:
    """``NAME=VALUE`` options (``--opened``, ``--hand``) in the order given.

    Unlike :func:`parse_options` (rule options), the name is a player's and is kept as written:
    ``parse_options`` turns ``-`` into ``_`` in option keys, and its messages name ``--option``.
    Raises :class:`InputError` naming ``option`` for a value without ``NAME=``.
    """
    out = []
    for value in values or ():
        name, sep, rest = value.partition("=")
        if not sep or not name.strip():
            raise InputError(f"{option} takes NAME=VALUE, got {quoted(value, MAX_QUOTED)}")
        out.append((name.strip(), rest.strip()))
    return out


def _names(values: Sequence[str] | None) -> list[str]:
    return [name.strip() for value in values or () for name in value.split(",") if name.strip()]


def round_document(
    rules: Rules,
    *,
    players: Sequence[str] | None = None,
    winner: str | None,
    null: bool,
    finish: str | None,
    gosterme: Sequence[str] | None,
    kafa: bool,
    winner_tiles: str | None,
    indicator: str | None,
    okey: str | None,
    opened: Sequence[str] | None,
    hand: Sequence[str] | None,
    penalty: Sequence[str] | None,
) -> dict[str, Any]:
    """The round document the command-line options describe (rules, scheme and players not included).

    With ``players`` every name typed is matched to a player as people type them: ignoring case,
    or by a unique beginning (``-w ali`` or ``-w al`` for Ali). In 101, ``--hand NAME=24`` gives the
    points the player called out instead of his tiles.

    Raises :class:`InputError` for malformed options, an unknown or ambiguous name.
    """
    from okeytool.score import scheme_for
    from okeytool.score.document import OPENINGS
    from okeytool.score.names import match_name

    def who(name: str, what: str) -> str:
        return match_name(name.strip(), players, what) if players else name.strip()

    doc: dict[str, Any] = {}
    if null and winner:
        raise InputError("--null means nobody won; it cannot be given with --winner")
    if winner:
        doc["winner"] = who(winner, "winner")
    elif null:
        doc["winner"] = None
    if finish:
        doc["finish"] = finish
    if gosterme:
        doc["gosterme"] = [who(name, "gösterme") for name in _names(gosterme)]
    if kafa:
        doc["kafa"] = True
    if winner_tiles:
        doc["winner_tiles"] = winner_tiles
    if indicator and okey:
        raise InputError("give either --indicator or --okey, not both")
    if indicator:
        doc["indicator"] = indicator
    elif okey:
        doc["indicator"] = str(load_deal(rules, None, okey).indicator)
    hands: dict[str, dict[str, Any]] = {}
    for name, how in _pairs(opened, "--opened"):
        if how.lower() not in OPENINGS:
            raise InputError(f"--opened takes {' or '.join(f'NAME={o}' for o in OPENINGS)}, got {name}={how}")
        hands.setdefault(who(name, "--opened"), {})["opened"] = how.lower()
    tiles = [(who(name, "--hand"), text) for name, text in _pairs(hand, "--hand")]
    if scheme_for(rules).uses_racks:
        if hands:
            raise InputError("--opened is for 101 rounds")
        if tiles:
            doc["racks"] = dict(tiles)
    else:
        for name, text in tiles:
            entry = hands.setdefault(name, {"opened": None})
            if text.isascii() and text.isdigit():
                if len(text) > 4:
                    raise InputError(f"--hand {name}={text}: the points of a hand are a small number")
                entry["points"] = int(text)  # the points he called out, instead of his tiles
            else:
                entry["tiles"] = text
    if hands:
        doc["hands"] = hands
    penalties: dict[str, int] = {}
    for value in penalty or ():
        name, count = _penalty(value)
        name = who(name, "--penalty")
        penalties[name] = penalties.get(name, 0) + count
    if penalties:
        doc["penalties"] = penalties
    return doc


def _penalty(value: str) -> tuple[str, int]:
    """``--penalty NAME`` (one penalty) or ``NAME=COUNT``: the name and the count.

    Raises :class:`InputError` for a count that is not a plain number or is more than a round can hold.
    """
    from okeytool.score.document import MAX_PENALTIES

    name, sep, text = value.partition("=")
    if not sep:
        return name.strip(), 1
    text = text.strip()
    if not (text.isascii() and text.isdigit()):
        raise InputError(f"--penalty takes NAME or NAME=COUNT, got {quoted(value, MAX_QUOTED)}")
    if len(text.lstrip("0")) > len(str(MAX_PENALTIES)) or int(text) > MAX_PENALTIES:
        raise InputError(
            f"--penalty: at most {MAX_PENALTIES} discard penalties per player in one round, "
            f"got {quoted(value, MAX_QUOTED)}"
        )
    return name.strip(), int(text)


def register(app: typer.Typer) -> None:
    """Add ``score`` to the application."""

    @app.command()
    def score(
        players: PlayersOpt = None,
        winner: WinnerOpt = None,
        null: NullOpt = False,
        finish: FinishOpt = None,
        gosterme: GostermeOpt = None,
        kafa: KafaOpt = False,
        winner_tiles: WinnerTilesOpt = None,
        opened: OpeningsOpt = None,
        hand: HandOpt = None,
        penalty: PenaltyOpt = None,
        indicator: IndicatorOpt = None,
        okey: OkeyOpt = None,
        rules: RulesOpt = "classic",
        scheme: SchemeOpt = None,
        option: OptionOpt = None,
        round_file: RoundFileOpt = None,
        json: JsonOpt = False,
    ) -> None:
        """Score one round: each player's points and the items they are made of.

        Describe the round with options, or give a round document with --round FILE ('-' for stdin).
        Players default to P1,P2,P3,P4.

        Examples:

          okeytool score --scheme pagat --winner P2 --finish okey --gosterme P3

          okeytool score -w P1 -t "R1-4 B9-11 K5 Y5 R5 K11-13 K1 B2" -i Y7

          okeytool score -r 101 -i B1 -w P1 --finish normal \\
            --opened P1=melds --opened P2=melds --hand "P2=R3 K9 Y12"

          okeytool score -r rummikub -p P1,A,B,C -w P1 \\
            --rack "A=R5 K9" --rack "B=J Y2" --rack C=B13

          okeytool score --round examples/rounds/pagat-okey.json --json
        """
        from okeytool.score import score_document

        if round_file is not None:
            given = [
                name for name, value in (
                    ("--scheme", scheme), ("--players", players), ("--winner", winner), ("--null", null),
                    ("--finish", finish), ("--gosterme", gosterme), ("--kafa", kafa), ("--winner-tiles", winner_tiles),
                    ("--indicator", indicator), ("--okey", okey), ("--opened", opened), ("--hand", hand),
                    ("--penalty", penalty), ("--option", option), ("--rules", rules != "classic"),
                ) if value
            ]  # fmt: skip
            if given:
                raise InputError(f"--round takes the whole round from the document; leave out {', '.join(given)}")
            document = read_document(round_file)
        else:
            options = parse_options(option)  # read once; the rules and the document get the mapping
            from okeytool.rules import get_rules
            from okeytool.score.document import parse_players

            profile = get_rules(rules, {**options, "scheme": scheme} if scheme else options)
            names = parse_players(players or DEFAULT_PLAYERS)
            document = {"rules": rules, "players": list(names)}
            if scheme:
                document["scheme"] = scheme
            if options:
                document["options"] = options
            document.update(
                round_document(
                    profile,
                    players=names,
                    winner=winner,
                    null=null,
                    finish=finish,
                    gosterme=gosterme,
                    kafa=kafa,
                    winner_tiles=winner_tiles,
                    indicator=indicator,
                    okey=okey,
                    opened=opened,
                    hand=hand,
                    penalty=penalty,
                )  # fmt: skip
            )
        result = score_document(document)
        if json:
            print_json(result.to_json())
            return
        from okeytool.render.score import render_round

        render_round(result)
