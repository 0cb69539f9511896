"""Classic and okey.gg round scores (rules.md sections 3 and 7): one function per scoring rule.

The three classic schemes differ only in who is charged and in which direction:

======================  ==========================  ===========================  =========================
event                   ``pagat`` (start 20, down)  ``penalty`` (start 0)        ``okeygg`` (start 0, up)
======================  ==========================  ===========================  =========================
normal win              others -2                   others +2                    winner +2
okey finish / pairs     others -4                   others +4                    winner +4
pairs + okey finish     others -8 (-4 unstacked)    others +8                    winner +8
gösterme                others -1                   others +1                    not used
======================  ==========================  ===========================  =========================

``renkli``: a red or black indicator doubles the finish values of the round (not gösterme).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from okeytool.errors import RoundError
from okeytool.finish import Finish
from okeytool.score.items import ScoreItem, charge_each
from okeytool.score.result import RoundScore

if TYPE_CHECKING:
    from okeytool.score.round import Round

FINISHES = tuple(f.value for f in Finish)
#: The item code of each finish.
FINISH_CODES = {
    Finish.NORMAL: "normal_win",
    Finish.OKEY: "okey_finish",
    Finish.PAIRS: "seven_pairs",
    Finish.PAIRS_OKEY: "pairs_okey_finish",
}


@dataclass(frozen=True)
class ClassicCount:
    """How a classic scheme counts: ``sign`` of the points and who gets them (``others`` or ``winner``).

    ``gosterme`` is what each other player is charged for a gösterme (showing the indicator's twin),
    or None where the scheme does not use it.
    """

    sign: int
    charged: Literal["others", "winner"]
    gosterme: int | None = 1


def complete(round_: Round) -> Round:
    """Fill in the finish from the winner's tiles, or check it is there.

    Raises :class:`RoundError` when a winner has no finish, the tiles do not win, or they contradict
    the finish (or the Kafa flag) given.
    """
    if round_.winner is None:
        if round_.finish is not None:
            raise RoundError("a null round has no finish")
        return round_
    finish, kafa = round_.finish, round_.kafa
    if round_.winner_tiles is not None:
        derived, derived_kafa = finish_of_tiles(round_)
        if finish is not None and finish != derived:
            raise RoundError(f"finish {finish!r} contradicts {round_.winner}'s tiles, which win with {derived!r}")
        finish, kafa = derived, kafa or derived_kafa
    if finish is None:
        raise RoundError(f"how did {round_.winner} win? give the finish (one of: {', '.join(FINISHES)}) or his tiles")
    if kafa and Finish(finish) in (Finish.PAIRS, Finish.PAIRS_OKEY):
        raise RoundError("a Kafa is a meld hand, so it cannot be a seven-pairs finish")
    return replace(round_, finish=finish, kafa=kafa)


def finish_of_tiles(round_: Round) -> tuple[str, bool]:
    """The best finish of the winner's 15 tiles (rules.md 3.2) and whether it is a Kafa.

    Raises :class:`RoundError` when the tiles are not 15 or hold no winning discard.
    """
    from okeytool.solver.classic.check import check_hand

    tiles = round_.winner_tiles or ()
    if len(tiles) != 15:
        raise RoundError(f"give the winner's 15 tiles (the 14 shown and the finishing discard), got {len(tiles)}")
    result = check_hand(round_.deal("to work out the finish"), tiles)
    best = result.best
    if best is None:
        raise RoundError(f"{round_.winner}'s tiles do not win with any discard")
    return best.finish.value, best.kafa


def renkli_factor(round_: Round) -> int:
    """2 when ``renkli`` is on and the indicator is red or black, else 1.

    Raises :class:`RoundError` when ``renkli`` is on and the indicator is not given.
    """
    if not round_.rules.renkli:
        return 1
    indicator = round_.deal("for renkli (a red or black indicator doubles the finish)").indicator
    assert indicator is not None
    return round_.rules.renkli_factor(indicator)


def finish_items(count: ClassicCount, round_: Round) -> tuple[ScoreItem, ...]:
    """The win: 2 points times the finish multiplier (and renkli), to the others or to the winner."""
    if round_.winner is None or round_.finish is None:
        return ()
    finish = Finish(round_.finish)
    multiplier = finish.multiplier(round_.rules)
    renkli = renkli_factor(round_)
    base = round_.rules.finish_points
    points = count.sign * base * multiplier * renkli
    note = f"{base} x{multiplier}" + (" x2 renkli" if renkli > 1 else "")
    if round_.kafa:
        note += ", Kafa"
    payers = round_.others if count.charged == "others" else (round_.winner,)
    return charge_each(payers, FINISH_CODES[finish], points, note)


def gosterme_items(count: ClassicCount, round_: Round) -> tuple[ScoreItem, ...]:
    """Gösterme (showing the indicator's twin): each player but the shower is charged once.

    The claim stands whoever wins the round, in a null round too (rules.md 3.3); the document
    allows one shower, as there is one twin.
    """
    if count.gosterme is None:
        return ()
    items: list[ScoreItem] = []
    for shower in round_.gosterme:
        others = [p for p in round_.players if p != shower]
        items += charge_each(others, "gosterme", count.sign * count.gosterme, f"{shower} showed the twin")
    return tuple(items)


def match_winner(round_: Round) -> str | None:
    """The winner of a Kafa round when ``kafa = match-win`` (it wins the whole game), else None."""
    if round_.kafa and round_.rules.kafa == "match-win":
        return round_.winner
    return None


def score(count: ClassicCount, round_: Round) -> RoundScore:
    """A classic round: gösterme first (it happens first), then the finish.

    A null round has no finish to score (rules.md 7), but a gösterme made in it is still charged:
    the claim stands whoever wins the round, and also when nobody does (rules.md 3.3).
    """
    items = gosterme_items(count, round_) + finish_items(count, round_)
    return RoundScore.of(round_, items, match_winner=match_winner(round_))
