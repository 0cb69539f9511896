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
#: about half of what happens. Fitted by ``python -m benchmarks.arena_calibration``
#: (:func:`okeytool.arena.table_fit.fit`: a monotone fit on 32 bins of equal count a group, the top
#: tenth of the decisions in bins a quarter that size, equal chances in one bin) on the 114,660
#: decisions of the chance policy in ``okeytool arena --challenger chance --champion acceptance
#: --deals 5000 --seed 1`` (commit 343e5f8), and checked on seeds 2 and 3, which it was not fitted
#: on (benchmarks/ARENA.md). Against other players than three acceptance seats it is a guide, not a
#: measurement.
TABLE: Table = (
    (
        (0.0012, 0.0043),
        (0.0209, 0.0474),
        (0.0515, 0.1033),
        (0.0645, 0.1304),
        (0.0703, 0.1489),
        (0.0752, 0.2065),
        (0.0943, 0.2174),
        (0.1129, 0.2826),
        (0.1378, 0.2944),
        (0.1687, 0.3636),
        (0.2037, 0.5072),
        (1.0, 1.0),
    ),
    (
        (0.0006, 0.0),
        (0.0055, 0.0338),
        (0.0106, 0.0585),
        (0.0134, 0.0759),
        (0.0188, 0.0771),
        (0.025, 0.084),
        (0.031, 0.103),
        (0.038, 0.1084),
        (0.0462, 0.1355),
        (0.0623, 0.1508),
        (0.0728, 0.1818),
        (0.0853, 0.1891),
        (0.0946, 0.1924),
        (0.1015, 0.2306),
        (0.1221, 0.279),
        (0.1502, 0.3182),
        (0.1828, 0.3489),
        (0.2123, 0.3763),
        (0.2202, 0.4526),
        (0.2288, 0.4541),
        (0.2394, 0.5213),
        (0.2555, 0.5666),
        (0.2839, 0.6316),
        (0.3297, 0.6607),
        (1.0, 1.0),
    ),
    (
        (0.0015, 0.0157),
        (0.0032, 0.0441),
        (0.0056, 0.0543),
        (0.0082, 0.074),
        (0.0107, 0.0776),
        (0.013, 0.0803),
        (0.0152, 0.0881),
        (0.0191, 0.0995),
        (0.0235, 0.1108),
        (0.0268, 0.1194),
        (0.0301, 0.1377),
        (0.036, 0.1554),
        (0.043, 0.1817),
        (0.0485, 0.1951),
        (0.0635, 0.2242),
        (0.0816, 0.2392),
        (0.0918, 0.2612),
        (0.0985, 0.276),
        (0.1073, 0.2966),
        (0.1183, 0.3203),
        (0.1346, 0.3587),
        (0.1527, 0.3882),
        (0.1728, 0.426),
        (0.2039, 0.4751),
        (0.2298, 0.4832),
        (0.2401, 0.5226),
        (0.2573, 0.5386),
        (0.2708, 0.5521),
        (0.2802, 0.5912),
        (0.2993, 0.6226),
        (0.3245, 0.6447),
        (0.351, 0.713),
        (0.4123, 0.8412),
        (1.0, 1.0),
    ),
    (
        (0.0018, 0.0675),
        (0.0038, 0.0841),
        (0.0057, 0.1147),
        (0.0073, 0.1199),
        (0.0091, 0.1464),
        (0.012, 0.1508),
        (0.0149, 0.1719),
        (0.0169, 0.1756),
        (0.0191, 0.1809),
        (0.0212, 0.1867),
        (0.0234, 0.1941),
        (0.0257, 0.2057),
        (0.0281, 0.2115),
        (0.0318, 0.2326),
        (0.0375, 0.2563),
        (0.0425, 0.2753),
        (0.0463, 0.3033),
        (0.0508, 0.3391),
        (0.0564, 0.3498),
        (0.0638, 0.3528),
        (0.0738, 0.3855),
        (0.0868, 0.395),
        (0.1029, 0.4299),
        (0.1205, 0.4773),
        (0.1434, 0.526),
        (0.1699, 0.5794),
        (0.1925, 0.6008),
        (0.2204, 0.6308),
        (0.2455, 0.6681),
        (0.2807, 0.7101),
        (0.3259, 0.7718),
        (0.368, 0.8218),
        (0.4526, 0.9196),
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
