"""The scoring schemes, as data: which rules each one scores, its finishes, and its scoring and
end-of-game functions. Code asks ``scheme_for(rules)`` instead of comparing profile names."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

import okeytool.score.classic as classic
import okeytool.score.match as match
import okeytool.score.okey101 as okey101
import okeytool.score.rummikub as rummikub
from okeytool.errors import RulesError
from okeytool.rules import Rules
from okeytool.score.match import EndRule
from okeytool.score.result import RoundScore
from okeytool.score.round import Round
from okeytool.solver.games import game_of


@dataclass(frozen=True)
class Scheme:
    """One scoring scheme.

    ``finishes``: the finish names a round document may give; ``no_winner_finishes`` those without a
    winner; ``no_winner`` names a round without a winner (for messages). ``classic`` is how a classic
    scheme counts (None for 101 and Rummikub). ``uses_hands`` / ``uses_racks``: the round document
    carries 101 hands and penalties / Rummikub racks. ``fits`` says which rules it can score.
    ``lower_is_better``: a lower total is better; ``counts_rounds``: the game lasts ``rules.rounds`` rounds.
    """

    name: str
    description: str
    finishes: tuple[str, ...]
    no_winner: str
    fits: Callable[[Rules], bool]
    fits_text: str
    complete: Callable[[Round], Round]
    score: Callable[[Round], RoundScore]
    end: EndRule
    no_winner_finishes: tuple[str, ...] = ()
    classic: classic.ClassicCount | None = None
    uses_hands: bool = False
    uses_racks: bool = False
    lower_is_better: bool = False
    counts_rounds: bool = False

    @property
    def scores_gosterme(self) -> bool:
        """True when gösterme (showing the indicator's twin) is scored."""
        return self.classic is not None and self.classic.gosterme is not None


def _classic_game(rules: Rules) -> bool:
    """The 14-tile Okey game (classic, okeygg): its game is scored by the classic schemes."""
    return rules.has_indicator and "pagat" in game_of(rules).schemes


def _okey101_game(rules: Rules) -> bool:
    """Okey 101: players open with melds or pairs, discards can cost penalties."""
    return rules.has_indicator and "101" in game_of(rules).schemes


def _classic(name: str, description: str, count: classic.ClassicCount, end: EndRule, lower: bool = False) -> Scheme:
    return Scheme(
        name=name,
        description=description,
        finishes=classic.FINISHES,
        no_winner="a null round",
        fits=_classic_game,
        fits_text="14-tile Okey rounds (rules classic or okeygg)",
        complete=classic.complete,
        score=partial(classic.score, count),
        end=end,
        classic=count,
        lower_is_better=lower,
    )


SCHEMES: dict[str, Scheme] = {
    "pagat": _classic("pagat", "start 20, the others lose points, 0 or below ends the game",
                      classic.ClassicCount(sign=-1, charged="others"), match.pagat_end),
    "penalty": _classic("penalty", "start 0, the others take penalty points, above 20 is out",
                        classic.ClassicCount(sign=1, charged="others"), match.penalty_end, lower=True),
    "okeygg": _classic("okeygg", "start 0, the winner gains points up to the target",
                       classic.ClassicCount(sign=1, charged="winner", gosterme=None), match.okeygg_end),
    "101": Scheme(
        name="101",
        description="Okey 101: penalty points for what is left in the hands, lowest total wins",
        finishes=okey101.FINISHES,
        no_winner="an aborted round",
        no_winner_finishes=("aborted",),
        fits=_okey101_game,
        fits_text="Okey 101 rounds (rules 101)",
        complete=okey101.complete,
        score=okey101.score,
        end=match.lowest_after_rounds,
        uses_hands=True,
        lower_is_better=True,
        counts_rounds=True,
    ),
    "rummikub": Scheme(
        name="rummikub",
        description="Rummikub: racks cost their value, the player who goes out gains it",
        finishes=rummikub.FINISHES,
        no_winner="a blocked game",
        no_winner_finishes=("blocked",),
        fits=lambda rules: not rules.has_indicator,
        fits_text="Rummikub rounds (rules rummikub)",
        complete=rummikub.complete,
        score=rummikub.score,
        end=match.highest_after_rounds,
        uses_racks=True,
        counts_rounds=True,
    ),
}  # fmt: skip


def scheme_for(rules: Rules) -> Scheme:
    """The scheme ``rules.scheme`` names. Raises :class:`RulesError` if it cannot score these rules."""
    scheme = SCHEMES[str(rules.scheme)]
    if not scheme.fits(rules):
        raise RulesError(f"the {scheme.name} scheme scores {scheme.fits_text}, not the {rules.name} rules")
    return scheme
