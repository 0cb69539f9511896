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

from typing import Any

from okeytool.score.document import Defaults, Hand101, Round, read_round
from okeytool.score.items import ScoreItem
from okeytool.score.match import GameEnd, Standings, standings
from okeytool.score.result import RoundScore
from okeytool.score.schemes import SCHEMES, Scheme, scheme_for


def score_round(round_: Round) -> RoundScore:
    """Score a checked round with its scheme."""
    return round_.scheme.score(round_)


def score_document(document: Any, defaults: Defaults | None = None) -> RoundScore:
    """Read and score a round document. Raises what :func:`read_round` raises."""
    return score_round(read_round(document, defaults))


__all__ = [
    "SCHEMES", "Defaults", "GameEnd", "Hand101", "Round", "RoundScore", "Scheme", "ScoreItem",
    "Standings", "read_round", "scheme_for", "score_document", "score_round", "standings",
]  # fmt: skip
