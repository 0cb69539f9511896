"""Round scoring for every profile and scheme, and the standings of a whole game.

* :func:`read_round` checks a round document (cli.md ``score``) into a :class:`Round`;
* :func:`score_round` scores it: a :class:`RoundScore` carrying its :class:`ScoreItem` breakdown;
* :func:`standings` adds rounds up from the starting points and applies the end-of-game rule.

>>> result = score_document({"rules": "classic", "players": ["P1", "P2", "P3", "P4"],
...                          "winner": "P2", "finish": "okey", "gosterme": ["P3"]})
>>> result.scores
{'P1': -5, 'P2': -1, 'P3': -4, 'P4': -5}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from okeytool.rules import Rules
from okeytool.score import match
from okeytool.score.document import read_round
from okeytool.score.items import ScoreItem
from okeytool.score.match import GameEnd, Standings
from okeytool.score.result import RoundScore
from okeytool.score.round import Defaults, Hand101, Round
from okeytool.score.schemes import SCHEMES, Scheme, scheme_for


def score_round(round_: Round) -> RoundScore:
    """Score a checked round with the scheme its rules name."""
    return scheme_for(round_.rules).score(round_)


def standings(rules: Rules, players: Sequence[str], rounds: Sequence[RoundScore]) -> Standings:
    """Add up the rounds from the starting points and apply the scheme's end-of-game rule."""
    return match.standings(rules, players, rounds, scheme_for(rules).end)


def extended(before: Standings, round_: RoundScore) -> Standings:
    """``before`` with one more round (the earlier ones are not added up again)."""
    return match.extended(before, round_, scheme_for(before.rules).end)


def score_document(document: Any, defaults: Defaults | None = None) -> RoundScore:
    """Read and score a round document. Raises what :func:`read_round` raises."""
    return score_round(read_round(document, defaults))


__all__ = [
    "SCHEMES", "Defaults", "GameEnd", "Hand101", "Round", "RoundScore", "Scheme", "ScoreItem",
    "Standings", "extended", "read_round", "scheme_for", "score_document", "score_round", "standings",
]  # fmt: skip
