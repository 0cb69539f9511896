"""Fitting the table of :mod:`okeytool.arena.table_chance` from played rounds: the model's chance at
each of a challenger's throws against whether it then won, pooled into a monotone map per group of own
draws left (the pool adjacent violators fit on bins of equal count, finer at the top)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from okeytool.arena.policies import PLAYERS
from okeytool.arena.run import GameRecord
from okeytool.arena.table_chance import DRAW_GROUPS, Knots, Table, draw_group
from okeytool.rules import get_rules
from okeytool.solver.games import game_of

#: The share of a group's decisions, those of the highest chances, that is binned finer ...
TOP_SHARE = 0.1
#: ... in bins this many times smaller: there the decisions are fewest and the map steepest, and
#: bins of one size left its top a straight guess (benchmarks/ARENA.md).
TOP_FINER = 4
#: (deal, the model's chance, own draws left after the throw, the seat won the round)
Decision = tuple[int, float, int, bool]
#: (mean model chance, observed win frequency, decisions) of one bin or block.
Point = tuple[float, float, int]


def decisions(deals: Iterable[Sequence[GameRecord]]) -> Iterator[Decision]:
    """Every chance the challenger reported in the recorded deals, with its own draws left after that
    throw. A record written before the table was added has the model's chance as ``chance``."""
    for games in deals:
        for game in games:
            head = game.played.events[0]
            rules = get_rules(head["rules"]).with_options(head["options"])
            stock = len(head["stock"])
            dealt = len(game_of(rules).tiles(rules)) - 1 - rules.drawn_size - (PLAYERS - 1) * rules.hand_size
            if stock != dealt:
                raise ValueError(f"deal {game.deal}: a stock of {stock} tiles, not the {dealt} of a deal")
            for event in game.played.events[1:]:
                if event["event"] == "draw":
                    stock -= 1
                elif event["event"] == "throw" and event["seat"] == game.game and "chance" in event:
                    model = float(event["model"] if "model" in event else event["chance"])
                    yield game.deal, model, stock // PLAYERS, game.played.winner == game.game


def pool_adjacent(points: Sequence[Point]) -> list[Point]:
    """The monotone (non-decreasing in the second value) least-squares fit of (x, y, weight) points
    sorted by x: adjacent blocks that break the order are pooled into their weighted means.

    >>> pool_adjacent([(0.1, 0.2, 1), (0.2, 0.0, 1), (0.3, 0.5, 2)])
    [(0.15000000000000002, 0.1, 2), (0.3, 0.5, 2)]
    """
    # A block: its weighted sums of x and y, its weight, and its mean y (a lone point's own y, not
    # y * w / w, which may round above it and pool points already in order).
    blocks: list[list[float]] = []
    for x, y, w in points:
        blocks.append([x * w, y * w, float(w), y])
        while len(blocks) > 1 and blocks[-2][3] > blocks[-1][3]:
            x2, y2, w2, _ = blocks.pop()
            block = blocks[-1]
            block[0] += x2
            block[1] += y2
            block[2] += w2
            block[3] = block[1] / block[2]
    return [(x / w, mean, int(w)) for x, _, w, mean in blocks]


def equal_count_bins(found: Sequence[tuple[float, bool]], bins: int) -> list[Point]:
    """About ``bins`` bins of equal count of the (chance, won) pairs sorted by chance
    (:func:`bins_of_size`)."""
    return bins_of_size(found, max(1, len(found) // bins))


def bins_of_size(found: Sequence[tuple[float, bool]], size: int) -> list[Point]:
    """Bins of ``size`` of the (chance, won) pairs sorted by chance. Equal chances stay in one bin, so
    that no bin depends on how ties were ordered; a tail of less than half a bin joins the last bin."""
    chunks: list[list[tuple[float, bool]]] = [[]]
    for at, (chance, won) in enumerate(found):
        chunks[-1].append((chance, won))
        if len(chunks[-1]) >= size and (at + 1 == len(found) or found[at + 1][0] != chance):
            chunks.append([])
    if not chunks[-1]:
        chunks.pop()
    if len(chunks) > 1 and len(chunks[-1]) < size // 2:
        chunks[-2].extend(chunks.pop())
    return [
        (sum(c for c, _ in chunk) / len(chunk), sum(1 for _, won in chunk if won) / len(chunk), len(chunk))
        for chunk in chunks
    ]


def top_finer_bins(found: Sequence[tuple[float, bool]], bins: int) -> list[Point]:
    """:func:`equal_count_bins` of the (chance, won) pairs sorted by chance, with the highest
    :data:`TOP_SHARE` of them in bins :data:`TOP_FINER` times smaller."""
    cut = int(len(found) * (1 - TOP_SHARE))
    while 0 < cut < len(found) and found[cut][0] == found[cut - 1][0]:
        cut += 1  # equal chances stay on one side
    size = max(1, len(found) // bins)
    return bins_of_size(found[:cut], size) + bins_of_size(found[cut:], max(1, size // TOP_FINER))


def fit(found: Iterable[Decision], bins: int = 32) -> Table:
    """Per group of draws left (:data:`DRAW_GROUPS`), the knots (model chance, observed) of the map,
    rounded to four places; a group with no decisions keeps the model's own chance."""
    groups: list[list[tuple[float, bool]]] = [[] for _ in DRAW_GROUPS]
    for _, chance, draws, won in found:
        groups[draw_group(draws)].append((chance, won))
    table: list[Knots] = []
    for mine in groups:
        mine.sort(key=lambda pair: pair[0])
        knots: list[tuple[float, float]] = []
        for x, y, _ in pool_adjacent(top_finer_bins(mine, bins)):
            if not knots or round(x, 4) != knots[-1][0]:  # two blocks whose chances round alike keep the first
                knots.append((round(x, 4), round(y, 4)))
        if not knots:
            knots.append((0.0, 0.0))
        if knots[-1][0] < 1.0:
            knots.append((1.0, 1.0))  # a hand the model is sure of wins: the line from the last knot
        table.append(tuple(knots))
    return tuple(table)
