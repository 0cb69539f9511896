"""The table chance: the win chance observed at a table for the chance the classic win-chance
model (rules.md 4.1) gives a throw.

The model counts the stock only; at a table a seat also sees the previous throw before each of its
draws, and half the rounds are won right after taking it (benchmarks/ARENA.md), so the model's
chances are about half of what happens. The table maps them, per group of own draws left, to the
frequency with which a seat given that chance then won the round. The arena's chance policies
report it (and the model's own chance beside it); it changes none of their moves.
"""

from __future__ import annotations

from bisect import bisect_right

#: Knots (the model's win chance, the win chance observed at a table) of one group of :data:`DRAW_GROUPS`.
Knots = tuple[tuple[float, float], ...]
#: The knots of each group of :data:`DRAW_GROUPS`.
Table = tuple[Knots, ...]
#: The groups of own draws left after a throw (their lower bounds) that :data:`TABLE` maps apart.
DRAW_GROUPS = (0, 3, 6, 9)
#: The win chance observed at a table for the chance the model of rules.md 4.1 gives a throw, per
#: group of own draws left. The model counts the stock only; at a table a seat sees the previous
#: throw before each draw too (half the rounds are won right after such a take), so its chances are
#: about half of what happens. Fitted by ``python -m benchmarks.arena_calibration`` (a monotone fit
#: on 32 equal-count bins a group) on the 114,660 decisions of the chance policy in
#: ``okeytool arena --challenger chance --champion acceptance --deals 5000 --seed 1`` (commit
#: 343e5f8), and checked on the 1,500 deals of seed 2 it was not fitted on (benchmarks/ARENA.md).
#: Against other players than three acceptance seats it is a guide, not a measurement.
TABLE: Table = (
    (
        (0.0, 0.0),
        (0.0028, 0.0109),
        (0.0244, 0.0435),
        (0.0548, 0.1196),
        (0.067, 0.1522),
        (0.07, 0.1522),
        (0.0746, 0.1957),
        (0.0823, 0.2174),
        (0.0936, 0.2246),
        (0.1046, 0.2391),
        (0.1117, 0.2391),
        (0.1333, 0.3043),
        (0.1588, 0.3043),
        (0.1761, 0.4348),
        (0.2148, 0.4783),
        (1.0, 1.0),
    ),
    (
        (0.0006, 0.0),
        (0.0055, 0.0343),
        (0.0105, 0.0569),
        (0.0149, 0.0732),
        (0.0204, 0.0786),
        (0.0247, 0.0921),
        (0.0305, 0.0949),
        (0.0375, 0.1138),
        (0.0455, 0.1301),
        (0.0616, 0.1463),
        (0.0751, 0.1734),
        (0.087, 0.1951),
        (0.0964, 0.2005),
        (0.1085, 0.2764),
        (0.1246, 0.2805),
        (0.146, 0.3157),
        (0.1689, 0.3482),
        (0.1946, 0.3509),
        (0.2209, 0.4228),
        (0.2468, 0.5339),
        (0.2944, 0.6341),
        (1.0, 1.0),
    ),
    (
        (0.0015, 0.0157),
        (0.0032, 0.0441),
        (0.0056, 0.0543),
        (0.0082, 0.074),
        (0.0107, 0.0763),
        (0.0129, 0.081),
        (0.0152, 0.0881),
        (0.0191, 0.0999),
        (0.0235, 0.1109),
        (0.0268, 0.1196),
        (0.0301, 0.1361),
        (0.0359, 0.1562),
        (0.0429, 0.181),
        (0.0484, 0.1943),
        (0.0635, 0.224),
        (0.0815, 0.2408),
        (0.0951, 0.2585),
        (0.107, 0.3021),
        (0.118, 0.3234),
        (0.1339, 0.3674),
        (0.1515, 0.3879),
        (0.1711, 0.4154),
        (0.1915, 0.4642),
        (0.2128, 0.4807),
        (0.238, 0.5232),
        (0.2711, 0.5594),
        (0.3346, 0.6806),
        (1.0, 1.0),
    ),
    (
        (0.0018, 0.0675),
        (0.0038, 0.0841),
        (0.0057, 0.115),
        (0.0073, 0.1197),
        (0.0091, 0.145),
        (0.0119, 0.1514),
        (0.0149, 0.173),
        (0.0169, 0.1756),
        (0.0191, 0.1793),
        (0.0212, 0.1867),
        (0.0234, 0.1941),
        (0.0256, 0.2052),
        (0.028, 0.212),
        (0.0318, 0.2329),
        (0.0375, 0.254),
        (0.0425, 0.2764),
        (0.0463, 0.3054),
        (0.0508, 0.3397),
        (0.0563, 0.3497),
        (0.0637, 0.3513),
        (0.0736, 0.3861),
        (0.0866, 0.394),
        (0.1027, 0.4293),
        (0.1203, 0.4752),
        (0.1424, 0.5258),
        (0.178, 0.586),
        (0.2319, 0.6477),
        (0.3423, 0.7883),
        (1.0, 1.0),
    ),
)


def draw_group(draws: int) -> int:
    """The group of :data:`DRAW_GROUPS` that ``draws`` own draws left fall in.

    >>> [draw_group(d) for d in (0, 2, 3, 8, 9, 12)]
    [0, 0, 1, 2, 3, 3]
    """
    return bisect_right(DRAW_GROUPS, draws) - 1


def table_chance(chance: float, draws: int, table: Table = TABLE) -> float:
    """The chance observed at the table for a model chance of ``chance`` with ``draws`` own draws
    left: the knots of its group joined by straight lines, flat beyond the first and the last."""
    knots = table[draw_group(draws)]
    xs = [x for x, _ in knots]
    k = bisect_right(xs, chance)
    if k == 0:
        return knots[0][1]
    if k == len(knots):
        return knots[-1][1]
    (x0, y0), (x1, y1) = knots[k - 1], knots[k]
    return y0 + (y1 - y0) * (chance - x0) / (x1 - x0)
