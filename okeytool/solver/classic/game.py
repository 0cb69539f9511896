"""Classic Okey hands as a game (the classic and okeygg profiles): 14 tiles, draw or take, throw.

>>> GAME.start_sizes(__import__("okeytool.rules").rules.get_rules("okeygg"))
(14, 15)
"""

from __future__ import annotations

from okeytool.solver.games import CHANCE_FIELDS, Game


class ClassicGame(Game):
    """A hand of 14 tiles wins by showing them in melds or seven pairs; there are no table melds."""

    name = "classic"
    hands = "14-tile Okey hands (classic, okeygg)"
    questions = {
        # ``chance``, ``draws``, ``pile``, ``risk``: the win-chance model (rules.md 4.1); ``goal``
        # orders a chance ranking (chance or points).
        "check": frozenset({"seen", "solver", *CHANCE_FIELDS}),
        "waits": frozenset({"seen", "solver"}),
        "discard": frozenset({"seen", "solver", "deep", *CHANCE_FIELDS, "goal"}),
    }
    schemes = frozenset({"pagat", "penalty", "okeygg"})


GAME = ClassicGame()
