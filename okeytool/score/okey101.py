"""Okey 101 round scores (rules.md 5.6, 5.7): lower is better; one function per scoring rule.

P is the value of the tiles a player still holds: face numbers, a false joker F counts the okey's
number, each real okey 101. P may be given as called out at the table (``"points"``) instead of
the tiles; the breakdown then says ``P=24 as called``. The finish multiplier m is 2 for an okey
finish (the winner's last discard is a real okey), 2 when the winner opened with pairs, 4 for both.

=====================  ==========================
player                 score
=====================  ==========================
winner                 -101 x m
never opened           202 x m, at most 404
opened with melds      P x m
opened with pairs      2 x P x m
anyone                 + 101 per discard penalty (never multiplied)
=====================  ==========================

Elden (going out in one turn before anyone else opened): winner -202, others +404; with a real
okey as the last discard -404 / +808. Aborted round: 101 per real okey still held, penalties stand,
the round does not count toward the match.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from okeytool.errors import RoundError
from okeytool.score.items import ScoreItem, charge_each
from okeytool.score.result import RoundScore
from okeytool.values import REAL_OKEY_VALUE, hand_value

if TYPE_CHECKING:
    from okeytool.score.round import Round

FINISHES = ("normal", "okey", "elden", "elden+okey", "aborted")
OKEY_FINISHES = ("okey", "elden+okey")
ELDEN_FINISHES = ("elden", "elden+okey")


def complete(round_: Round) -> Round:
    """Check the hands fit the finish; a one-turn finish after someone else opened scores as normal.

    A one-turn finish (elden) lays new melds, so when it scores as a normal finish the winner counts
    as having opened with melds (rules.md 5.4, 5.6).

    Raises :class:`RoundError` for a round without a finish, a winner who had not opened, an elden
    winner said to have opened with pairs, a winner still holding tiles, or an opened loser whose
    tiles are not given.
    """
    finish = round_.finish
    if round_.winner is None:
        if finish is None:
            raise RoundError('a 101 round without a winner was aborted: give "finish": "aborted"')
        called = [p for p in round_.players if round_.hand(p).points is not None]
        if called:
            raise RoundError(
                f"an aborted round charges the real okeys still held, so give {called[0]}'s tiles, not points"
            )
        return round_
    if finish is None:
        raise RoundError(f"how did {round_.winner} finish? give the finish (one of: {', '.join(FINISHES[:4])})")
    winner = round_.hand(round_.winner)
    if winner.holds_tiles:
        raise RoundError(f"the winner {round_.winner} went out and holds no tiles")
    hands = round_.hands
    if finish in ELDEN_FINISHES:
        if winner.opened == "pairs":
            raise RoundError(
                f"finish {finish!r} lays every tile in new melds in one turn, "
                f"so the winner {round_.winner} did not open with pairs"
            )
        if any(round_.hand(p).opened for p in round_.others):
            # rules.md 5.6: if someone else had opened, a one-turn finish scores as a normal finish,
            # and the winner opened with the melds he laid.
            finish = "okey" if finish in OKEY_FINISHES else "normal"
            hands = {**hands, round_.winner: replace(winner, opened="melds")}
    elif winner.opened is None:
        raise RoundError(
            f'how had the winner {round_.winner} opened? give "opened": "melds" or "pairs" in his hand '
            f"(--opened {round_.winner}=melds); if he laid all his tiles in one turn, the finish is elden"
        )
    if finish not in ELDEN_FINISHES:
        for player in round_.others:
            if round_.hand(player).opened and not round_.hand(player).given:
                raise RoundError(
                    f"{player} opened, so the tiles he still holds (or their points, --hand {player}=24) "
                    "are needed to score him"
                )
    return replace(round_, finish=finish, hands=hands)


def multiplier(round_: Round) -> int:
    """m: 2 for an okey finish, 2 when the winner opened with pairs, both multiply (x4).

    With ``stack_multipliers`` off the two do not stack (at most x2).
    """
    doublings = int(round_.finish in OKEY_FINISHES)
    doublings += int(round_.winner is not None and round_.hand(round_.winner).opened == "pairs")
    return round_.rules.multiplier(doublings)


def winner_items(round_: Round, m: int) -> tuple[ScoreItem, ...]:
    """The winner: -101 x m."""
    assert round_.winner is not None
    win = round_.rules.win_points
    return (ScoreItem(round_.winner, "went_out", -win * m, f"-{win} x{m}"),)


def loser_item(round_: Round, player: str, m: int) -> ScoreItem:
    """One loser: never opened 202 x m (capped), opened with melds P x m, with pairs 2 x P x m."""
    hand = round_.hand(player)
    if hand.opened is None:
        cap, unopened = round_.rules.unopened_cap, round_.rules.unopened_points
        points = min(unopened * m, cap)
        note = f"{unopened} x{m}" + (f", capped at {cap}" if points < unopened * m else "")
        return ScoreItem(player, "never_opened", points, note)
    if hand.points is not None:
        value, told = hand.points, f"P={hand.points} as called"
    else:
        value = hand_value(round_.deal("to value the tiles left in the hands"), hand.tiles or ())
        told = f"P={value}"
    if hand.opened == "pairs":
        return ScoreItem(player, "remaining_pairs", 2 * value * m, f"{told} x2 (opened with pairs) x{m}")
    return ScoreItem(player, "remaining_tiles", value * m, f"{told} x{m}")


def penalty_items(round_: Round) -> tuple[ScoreItem, ...]:
    """Discard penalties: +101 each (a real okey thrown, a tile that fitted a table meld); never multiplied."""
    each = round_.rules.discard_penalty
    return tuple(
        ScoreItem(player, "discard_penalty", each * count, f"{count} x {each}")
        for player, count in round_.penalties.items()
    )


def elden_items(round_: Round) -> tuple[ScoreItem, ...]:
    """Elden (going out in one turn): winner -202, others +404; doubled with a real okey as last discard."""
    assert round_.winner is not None
    factor = 2 if round_.finish in OKEY_FINISHES else 1
    note = "elden" + (" with an okey finish" if factor > 1 else "")
    rules = round_.rules
    return (ScoreItem(round_.winner, "elden", -rules.elden_win * factor, note),) + charge_each(
        round_.others, "elden_loss", rules.elden_loss * factor, note
    )


def aborted_items(round_: Round) -> tuple[ScoreItem, ...]:
    """An aborted round: each real okey still in a hand costs its holder 101."""
    items = []
    deal = round_.deal("to see which tiles are real okeys") if round_.hands else None
    for player in round_.players:
        held = sum(1 for t in round_.hand(player).tiles or () if deal is not None and deal.is_wild(t))
        if held:
            items.append(ScoreItem(player, "okey_in_hand", REAL_OKEY_VALUE * held, f"{held} real okey(s) held"))
    return tuple(items)


def score(round_: Round) -> RoundScore:
    """A 101 round: the finish's items, then every discard penalty."""
    counted = round_.finish != "aborted"
    if not counted:
        items = aborted_items(round_)
    elif round_.finish in ELDEN_FINISHES:
        items = elden_items(round_)
    else:
        m = multiplier(round_)
        items = winner_items(round_, m) + tuple(loser_item(round_, p, m) for p in round_.others)
    return RoundScore.of(round_, items + penalty_items(round_), counted=counted)
