"""Which table a game's rounds are played at, and which policies sit at it.

The arena asks the game's turn rules, not its name: a game whose players open with melds
(``Game.opens``: Okey 101, rules.md 5) plays the 101 table (:mod:`okeytool.arena.table101`) with the
101 policies (:mod:`okeytool.arena.policies101`); a game of draw-or-take and throw plays the
classic table (:mod:`okeytool.arena.table`) with the classic policies (:mod:`okeytool.arena.policies`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from okeytool.arena.seats import Seat
from okeytool.arena.table import Played
from okeytool.rules import Rules
from okeytool.solver.games import Dealt, game_of

#: Plays one round: (rules, the deal, the seats in seat order, the deal event's first keys).
RoundPlayer = Callable[[Rules, Dealt, Sequence[Seat], Mapping[str, Any]], Played]


def round_player(rules: Rules) -> RoundPlayer:
    """The table the rounds of ``rules`` are played at."""
    if game_of(rules).opens:
        from okeytool.arena.table101 import play_round_101

        return play_round_101
    from okeytool.arena.table import play_round

    return play_round


def policies_for(rules: Rules) -> Mapping[str, Callable[..., Seat]]:
    """The built-in policies that play the rounds of ``rules``, by name."""
    if game_of(rules).opens:
        from okeytool.arena.policies101 import POLICIES as POLICIES_101

        return POLICIES_101
    from okeytool.arena.policies import POLICIES

    return POLICIES


def make_policy_for(name: str, rules: Rules, rng: random.Random, **settings: Any) -> Seat:
    """The built-in policy ``name`` for the rounds of ``rules``. Raises :class:`InputError` for a
    name no policy of that game has."""
    if game_of(rules).opens:
        from okeytool.arena.policies101 import make_policy as make_101

        return make_101(name, rules, rng, **settings)
    from okeytool.arena.policies import make_policy

    return make_policy(name, rules, rng, **settings)


def chance_defaults(rules: Rules) -> dict[str, float | str]:
    """The work per ranking and the risk the chance policies of ``rules`` play with when the run
    sets neither: ``{"work": SECONDS, "risk": CHANCE or "fitted"}`` (classic fits its risk to the
    turn; 101 takes its opening-chance model's default)."""
    if game_of(rules).opens:
        from okeytool.arena.policies101 import DEFAULT_WORK_101
        from okeytool.solver.okey101.chance import DEFAULT_RISK

        return {"work": DEFAULT_WORK_101, "risk": DEFAULT_RISK}
    from okeytool.arena.policies import DEFAULT_WORK

    return {"work": DEFAULT_WORK, "risk": "fitted"}
