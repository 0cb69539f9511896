"""A checked round of any game, ready to score: its rules, players, winner, finish and what each
player had left (:class:`Round`, :class:`Hand101`), and what a game's round may leave out (:class:`Defaults`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from okeytool.deal import Deal
from okeytool.errors import RoundError
from okeytool.rules import Rules, get_rules
from okeytool.tiles import Tile


@dataclass(frozen=True)
class Hand101:
    """A player's hand at the end of a 101 round: how he opened (or None) and what he still holds,
    as tiles or as the points he called out at the table (``points``, the value P of his tiles).

    ``tiles`` and ``points`` are None when not given; at most one of them is given.
    """

    opened: str | None
    tiles: tuple[Tile, ...] | None
    points: int | None = None

    @property
    def given(self) -> bool:
        """True when what he still holds is known (tiles or points)."""
        return self.tiles is not None or self.points is not None

    @property
    def holds_tiles(self) -> bool:
        """True when he still holds something: tiles, or points above 0."""
        return bool(self.tiles) or bool(self.points)

    def to_json(self) -> dict[str, object]:
        """``{"opened": ..., "tiles": "R3 K9"}`` or ``{"opened": ..., "points": 24}`` (left out when not given)."""
        out: dict[str, object] = {"opened": self.opened}
        if self.tiles is not None:
            out["tiles"] = " ".join(str(t) for t in self.tiles)
        if self.points is not None:
            out["points"] = self.points
        return out


@dataclass(frozen=True)
class Defaults:
    """What a round document may leave out because its game already says it (the ledger)."""

    rules: str
    options: Mapping[str, Any]
    players: tuple[str, ...]


@dataclass(frozen=True)
class Round:
    """A checked round, ready to score. Build with :func:`okeytool.score.read_round`.

    A round holds its rules, not its scoring scheme: the scheme is looked up from the rules
    (``scheme_for(round_.rules)``) where it is needed, so this module depends on no scorer.
    """

    rules: Rules
    players: tuple[str, ...]
    winner: str | None
    finish: str | None
    indicator: Tile | None = None
    gosterme: tuple[str, ...] = ()
    kafa: bool = False
    winner_tiles: tuple[Tile, ...] | None = None
    hands: Mapping[str, Hand101] = field(default_factory=dict)
    penalties: Mapping[str, int] = field(default_factory=dict)
    racks: Mapping[str, tuple[Tile, ...]] = field(default_factory=dict)

    @property
    def others(self) -> tuple[str, ...]:
        """Every player but the winner, in seating order."""
        return tuple(p for p in self.players if p != self.winner)

    def deal(self, why: str) -> Deal:
        """The deal of this round. Raises :class:`RoundError` when the indicator is needed (``why``) but missing."""
        if self.rules.has_indicator and self.indicator is None:
            raise RoundError(f'the indicator is needed {why}: give it (e.g. "indicator": "K9", or -i K9)')
        return Deal(self.rules, self.indicator)

    def hand(self, player: str) -> Hand101:
        """The 101 hand of ``player`` (never opened, tiles not given, when the document has no entry)."""
        return self.hands.get(player, Hand101(None, None))

    def to_json(self) -> dict[str, object]:
        """The round as a canonical round document (what :func:`read_round` reads back to an equal round)."""
        doc: dict[str, object] = {
            "rules": self.rules.name,
            "scheme": self.rules.scheme,
            "players": list(self.players),
            "winner": self.winner,
            "finish": self.finish,
        }
        defaults = get_rules(self.rules.name).with_options({"scheme": self.rules.scheme})
        options = {k: v for k, v in self.rules.options.items() if k != "scheme" and getattr(defaults, k) != v}
        if options:
            doc["options"] = options
        if self.indicator is not None:
            doc["indicator"] = str(self.indicator)
        if self.gosterme:
            doc["gosterme"] = list(self.gosterme)
        if self.kafa:
            doc["kafa"] = True
        if self.winner_tiles is not None:
            doc["winner_tiles"] = " ".join(str(t) for t in self.winner_tiles)
        if self.hands:
            doc["hands"] = {p: h.to_json() for p, h in self.hands.items()}
        if self.penalties:
            doc["penalties"] = dict(self.penalties)
        if self.racks:
            doc["racks"] = {p: " ".join(str(t) for t in rack) for p, rack in self.racks.items()}
        return doc
