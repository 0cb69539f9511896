"""The round document (cli.md ``score``): reading it strictly into a :class:`Round`.

A round is described by one JSON object::

    {"rules": "classic", "scheme": "pagat", "players": ["P1", "P2", "P3", "P4"],
     "winner": "P2", "finish": "okey", "gosterme": ["P3"], "indicator": "K9",
     "options": {"renkli": false}}

Keys by scheme (anything else is refused, nothing is guessed or dropped):

* every scheme: ``rules`` (default ``classic``), ``scheme`` (default: the profile's), ``options``,
  ``players`` (2 to 4 distinct names), ``winner`` (a player, or ``null``).
* classic schemes (``pagat``, ``penalty``, ``okeygg``): ``finish`` is ``normal``, ``okey``, ``pairs``
  or ``pairs+okey``; ``winner: null`` is a null round (the stock ran out). ``gosterme`` names who
  showed the indicator's twin: one player at most, as there is one twin; the claim is charged in a
  null round too (rules.md 3.3). ``kafa: true`` marks a Kafa hand. ``winner_tiles`` (the winner's
  15 tiles) may be given instead of ``finish``: the finish is then worked out with the hand checker.
  ``indicator`` is needed for ``renkli`` and ``winner_tiles``.
* ``101``: ``finish`` is ``normal``, ``okey``, ``elden``, ``elden+okey`` or ``aborted`` (then
  ``winner`` is ``null`` or left out); ``hands`` maps a player to ``{"opened": "melds" | "pairs" |
  null, "tiles": "R3 K9 Y12"}``; a player without an entry never opened. ``penalties`` maps a player to
  his number of 101 discard penalties (0 to 50). ``indicator`` is needed to value tiles.
* ``rummikub``: ``winner: null`` is a blocked game (``finish``, if given, is ``out`` or ``blocked``);
  ``racks`` maps a player to the tiles left on his rack (every player but the one who went out;
  every player in a blocked game).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from okeytool.deal import Deal
from okeytool.errors import InputError, RoundError, quoted
from okeytool.parse.notation import parse_tile, parse_tiles
from okeytool.parse.supply import check_supply
from okeytool.rules import Rules, get_rules
from okeytool.score.names import MAX_QUOTED, check_name, named_twice
from okeytool.score.round import Defaults, Hand101, Round
from okeytool.score.schemes import Scheme, scheme_for
from okeytool.tiles import Tile
from okeytool.values import REAL_OKEY_VALUE

MIN_PLAYERS = 2
MAX_PLAYERS = 4
OPENINGS = ("melds", "pairs")
#: Most 101 discard penalties one player can be charged in a round. A penalty comes with a discard,
#: one a turn, and a round lasts a few dozen turns (about 20 tiles are left in the stock after the deal).
MAX_PENALTIES = 50
#: The most a 101 hand left in play can be worth: 21 tiles, two real okeys, the rest 13s.
MAX_HAND_POINTS = 2 * REAL_OKEY_VALUE + 19 * 13
KEYS = (
    "rules", "scheme", "options", "players", "winner", "finish", "gosterme", "kafa",
    "winner_tiles", "indicator", "hands", "penalties", "racks",
)  # fmt: skip


def read_round(document: Any, defaults: Defaults | None = None) -> Round:
    """Check a round document and return the :class:`Round` it describes.

    ``defaults`` supplies ``rules``, ``options`` and ``players`` the document leaves out (a game's).
    Raises :class:`RoundError` for a document that is incomplete, names unknown players or keys, or
    contradicts the rules; :class:`RulesError` for unknown rules or options; :class:`NotationError` /
    :class:`SupplyError` for bad tiles.
    """
    if not isinstance(document, Mapping):
        raise RoundError(f"a round document is a JSON object, not {type(document).__name__}")
    unknown = sorted(set(document) - set(KEYS))
    if unknown:
        raise RoundError(
            f"unknown key {quoted(unknown[0], MAX_QUOTED)} in the round document (known: {', '.join(KEYS)})"
        )
    rules = _rules(document, defaults)
    scheme = scheme_for(rules)
    players = _players(document, defaults)
    winner = _winner(document, players, scheme)
    finish = _finish(document, scheme, winner)
    indicator = _indicator(document, rules)
    deal = Deal(rules, indicator) if indicator is not None or not rules.has_indicator else None
    round_ = Round(
        rules=rules,
        players=players,
        winner=winner,
        finish=finish,
        indicator=indicator,
        gosterme=_gosterme(document, players, scheme),
        kafa=_kafa(document, scheme, winner),
        winner_tiles=_winner_tiles(document, scheme, winner, deal),
        hands=_hands(document, players, scheme, deal),
        penalties=_penalties(document, players, scheme),
        racks=_racks(document, players, scheme, deal),
    )
    _check_supply(round_, deal)
    return scheme.complete(round_)


def _rules(document: Mapping[str, Any], defaults: Defaults | None) -> Rules:
    name = document.get("rules", defaults.rules if defaults else "classic")
    if not isinstance(name, str):
        raise RoundError(f'"rules" is a profile name such as "classic", not {quoted(name, MAX_QUOTED)}')
    options: dict[str, Any] = dict(defaults.options) if defaults else {}
    given = document.get("options", {})
    if not isinstance(given, Mapping):
        raise RoundError(f'"options" is an object such as {{"renkli": true}}, not {quoted(given, MAX_QUOTED)}')
    options.update(given)
    if "scheme" in document:
        if not isinstance(document["scheme"], str):
            raise RoundError(f'"scheme" is a name such as "pagat", not {quoted(document["scheme"], MAX_QUOTED)}')
        options["scheme"] = document["scheme"]
    return get_rules(name, options)


def _players(document: Mapping[str, Any], defaults: Defaults | None) -> tuple[str, ...]:
    if "players" not in document:
        if defaults is None:
            raise RoundError('the round names no players: give "players": ["P1", "P2", ...]')
        return defaults.players
    # In a game, its players are told apart as they were when they joined it (see named_twice).
    return parse_players(document["players"], known=defaults.players if defaults else ())


def parse_players(value: Any, *, known: Collection[str] = ()) -> tuple[str, ...]:
    """Player names from a list (or a string: comma-separated, or separated by spaces when it holds
    no comma, as a game has two players or more): 2 to 4, distinct ignoring case and the Turkish
    letters (:func:`~okeytool.score.names.named_twice`; different names all in ``known``, a game's
    players, as written), not empty, each normalised by :func:`~okeytool.score.names.check_name` (no
    invisible characters).

    Raises :class:`RoundError` otherwise.
    """
    if isinstance(value, str):
        value = value.split(",") if "," in value else value.split()
    if not isinstance(value, Sequence) or not all(isinstance(p, str) for p in value):
        raise RoundError(f"players are a list of names, not {quoted(value, MAX_QUOTED)}")
    names = tuple(check_name(p, "a player name") for p in value)
    if any(not p for p in names):
        raise RoundError(f"a player name is empty in {quoted(list(value), MAX_QUOTED)}")
    for name in names:
        if "=" in name or "," in name:
            raise RoundError(f"a player name may not contain '=' or ',': {quoted(name, MAX_QUOTED)}")
    twice = named_twice(names, known)
    if twice is not None:
        raise RoundError(
            f"player {quoted(twice, MAX_QUOTED)} is named twice "
            "(names are told apart ignoring case and the Turkish letters)"
        )
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        hint = " (separate the names with commas: -p Ali,Bora,Cem,Deniz)" if len(names) < MIN_PLAYERS else ""
        raise RoundError(f"a round has {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(names)}{hint}")
    return names


#: The keys of a round document that name players: as a value, a list of values, or mapping keys.
NAME_VALUES = ("winner",)
NAME_LISTS = ("players", "gosterme")
NAME_MAPS = ("hands", "penalties", "racks")


def rename_in_document(document: Mapping[str, Any], old: str, new: str) -> dict[str, Any]:
    """A copy of a round document with the player ``old`` called ``new`` wherever it names a player."""
    out = dict(document)
    for key in NAME_VALUES:
        if out.get(key) == old:
            out[key] = new
    for key in NAME_LISTS:
        value = out.get(key)
        if value == old:
            out[key] = new
        elif isinstance(value, list):
            out[key] = [new if v == old else v for v in value]
    for key in NAME_MAPS:
        value = out.get(key)
        if isinstance(value, Mapping):
            out[key] = {(new if k == old else k): v for k, v in value.items()}
    return out


def player_of(name: Any, players: Sequence[str], what: str) -> str:
    """``name`` if it is one of ``players``. Raises :class:`RoundError` naming ``what`` and the players."""
    if not isinstance(name, str) or name not in players:
        raise RoundError(f"unknown player {quoted(name, MAX_QUOTED)} as {what} (players: {', '.join(players)})")
    return name


def _winner(document: Mapping[str, Any], players: Sequence[str], scheme: Scheme) -> str | None:
    if "winner" not in document:
        if document.get("finish") in scheme.no_winner_finishes:
            return None
        raise RoundError(
            f'the round names no winner: give the winner (--winner NAME, "winner" in a document), '
            f'or say nobody won, {scheme.no_winner} (--null, "winner": null)'
        )
    if document["winner"] is None:
        return None
    return player_of(document["winner"], players, "winner")


def _finish(document: Mapping[str, Any], scheme: Scheme, winner: str | None) -> str | None:
    finish = document.get("finish")
    if finish is None:
        return None  # the scheme completes it (null round, winner_tiles, Rummikub)
    if not isinstance(finish, str) or finish.strip().lower() not in scheme.finishes:
        raise RoundError(
            f"unknown finish {quoted(finish, MAX_QUOTED)} for the {scheme.name} scheme "
            f"(one of: {', '.join(scheme.finishes)})"
        )
    finish = finish.strip().lower()
    if winner is None and finish not in scheme.no_winner_finishes:
        raise RoundError(f"finish {quoted(finish, MAX_QUOTED)} needs a winner ({scheme.no_winner} has none)")
    if winner is not None and finish in scheme.no_winner_finishes:
        raise RoundError(
            f"finish {quoted(finish, MAX_QUOTED)} has no winner, but the round names {quoted(winner, MAX_QUOTED)}"
        )
    return finish


def _indicator(document: Mapping[str, Any], rules: Rules) -> Tile | None:
    text = document.get("indicator")
    if text is None:
        return None
    if not isinstance(text, str):
        raise RoundError(f'"indicator" is a tile such as "K9", not {quoted(text, MAX_QUOTED)}')
    try:
        tile = parse_tile(text)
    except InputError as err:
        raise type(err)(f"indicator: {err}") from None
    Deal(rules, tile)  # no indicator in Rummikub, never F or J
    return tile


def _gosterme(document: Mapping[str, Any], players: Sequence[str], scheme: Scheme) -> tuple[str, ...]:
    value = document.get("gosterme") or []
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list):
        raise RoundError(f'"gosterme" lists players, not {quoted(value, MAX_QUOTED)}')
    if value and not scheme.scores_gosterme:
        raise RoundError(f"the {scheme.name} scheme does not score gösterme (showing the indicator's twin)")
    shown = tuple(player_of(p, players, "gösterme") for p in value)
    if len(set(shown)) != len(shown):
        raise RoundError("a player can show the indicator's twin (gösterme) only once a round")
    if len(shown) > 1:
        # rules.md 1, 3.3: the other copy of the indicator's face is the only twin, so one player holds it.
        raise RoundError(
            f"only one player can show the indicator's twin (gösterme), there is one copy of it; "
            f"got {' and '.join(shown)}"
        )
    return shown


def _kafa(document: Mapping[str, Any], scheme: Scheme, winner: str | None) -> bool:
    value = document.get("kafa", False)
    if not isinstance(value, bool):
        raise RoundError(f'"kafa" is true or false, not {quoted(value, MAX_QUOTED)}')
    if value and scheme.classic is None:
        raise RoundError(f"Kafa (one colour 1..13 and a second 1) is a classic hand, not scored in {scheme.name}")
    if value and winner is None:
        raise RoundError("a Kafa needs a winner")
    return value


def _tiles(value: Any, deal: Deal | None, what: str) -> tuple[Tile, ...]:
    """Tiles written as text (or a list of tokens), parsed and resolved (``J`` is the okey face)."""
    if isinstance(value, list) and all(isinstance(t, str) for t in value):
        value = " ".join(value)
    if not isinstance(value, str):
        raise RoundError(f'{what}: tiles are written as text such as "R3 K9 Y12", not {quoted(value, MAX_QUOTED)}')
    if deal is None:
        if not value.strip():
            return ()
        raise RoundError(f'{what}: the indicator is needed to value these tiles ("indicator": "K9", or -i K9)')
    try:
        return deal.resolve(parse_tiles(value, wrap=deal.rules.wrap))
    except InputError as err:
        raise type(err)(f"{what}: {err}") from None


def _winner_tiles(
    document: Mapping[str, Any], scheme: Scheme, winner: str | None, deal: Deal | None
) -> tuple[Tile, ...] | None:
    if "winner_tiles" not in document:
        return None
    if scheme.classic is None:
        raise RoundError(f'"winner_tiles" works out a classic finish; not used in the {scheme.name} scheme')
    if winner is None:
        raise RoundError('"winner_tiles" needs a winner')
    return _tiles(document["winner_tiles"], deal, f"{winner}'s tiles")


def _mapping(
    document: Mapping[str, Any], key: str, players: Sequence[str], allowed: bool, scheme: Scheme
) -> Mapping[str, Any]:
    value = document.get(key) or {}
    if not isinstance(value, Mapping):
        raise RoundError(f'"{key}" maps players to values, not {quoted(value, MAX_QUOTED)}')
    if value and not allowed:
        raise RoundError(f'"{key}" is not used in the {scheme.name} scheme')
    for player in value:
        player_of(player, players, f'a key of "{key}"')
    return value


def _hands(
    document: Mapping[str, Any], players: Sequence[str], scheme: Scheme, deal: Deal | None
) -> dict[str, Hand101]:
    value = _mapping(document, "hands", players, scheme.uses_hands, scheme)
    hands = {}
    for player in players:
        if player not in value:
            continue
        entry = value[player]
        if not isinstance(entry, Mapping) or set(entry) - {"opened", "tiles", "points"}:
            raise RoundError(
                f'hand of {player}: give {{"opened": "melds" | "pairs" | null, "tiles": "..."}} '
                f'(or "points": 24 instead of the tiles), not {quoted(entry, MAX_QUOTED)}'
            )
        opened = entry.get("opened")
        if opened is not None and opened not in OPENINGS:
            raise RoundError(
                f'hand of {player}: "opened" is "melds", "pairs" or null, not {quoted(opened, MAX_QUOTED)}'
            )
        if entry.get("tiles") is not None and entry.get("points") is not None:
            raise RoundError(f"hand of {player}: give the tiles or the points, not both")
        tiles = _tiles(entry["tiles"], deal, f"hand of {player}") if entry.get("tiles") is not None else None
        hands[player] = Hand101(opened, tiles, _hand_points(entry.get("points"), player))
    return hands


def _hand_points(value: Any, player: str) -> int | None:
    """The points a 101 hand was called at (P, the value of its tiles), or None."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_HAND_POINTS:
        raise RoundError(
            f"hand of {player}: points are the value of the tiles left, a whole number from 0 to "
            f"{MAX_HAND_POINTS}, not {quoted(value, MAX_QUOTED)}"
        )
    return value


def _penalties(document: Mapping[str, Any], players: Sequence[str], scheme: Scheme) -> dict[str, int]:
    value = _mapping(document, "penalties", players, scheme.uses_hands, scheme)
    penalties = {}
    for player in players:
        count = value.get(player, 0)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise RoundError(
                f"penalties of {player}: a count of discard penalties (0, 1, 2 ...), not {quoted(count, MAX_QUOTED)}"
            )
        if count > MAX_PENALTIES:
            raise RoundError(
                f"penalties of {player}: at most {MAX_PENALTIES} discard penalties in one round, not {count}"
            )
        if count:
            penalties[player] = count
    return penalties


def _racks(
    document: Mapping[str, Any], players: Sequence[str], scheme: Scheme, deal: Deal | None
) -> dict[str, tuple[Tile, ...]]:
    value = _mapping(document, "racks", players, scheme.uses_racks, scheme)
    return {p: _tiles(value[p], deal, f"rack of {p}") for p in players if p in value}


def _check_supply(round_: Round, deal: Deal | None) -> None:
    """Refuse tiles that cannot all exist at once: every hand (or rack) of the round together."""
    every = [t for hand in round_.hands.values() for t in hand.tiles or ()]
    every += [t for rack in round_.racks.values() for t in rack]
    if deal is not None and every:
        check_supply(deal, every)
    if deal is not None and round_.winner_tiles:
        check_supply(deal, round_.winner_tiles)
