"""How many rows of a ranking a person is shown: the rows asked for, or one screen.

A ranking (``discard``, the advice of a followed round) has a row per distinct tile, and at 80
columns a row of the chance ranking takes several lines: fifteen rows run to a hundred lines. So
unless ``--top N`` or ``--all`` says otherwise (:data:`Top`), a terminal shows as many of the best
rows as fit on one screen together with the rest of the answer, :data:`SPARE_LINES` left for the
command typed and the next prompt (on a screen too small for that, :data:`MIN_ROWS`); output that is not a
terminal (a pipe, a file) gets :data:`PLAIN_ROWS`. The rule is the same after every command, so the
same answer on the same terminal shows the same rows. ``--json`` always lists every row.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from rich.console import Console, RenderableType
from rich.text import Text

#: Rows asked for: a number, every row (``"all"``), or as many as fit on one screen (``"screen"``).
Top = int | Literal["all", "screen"]
ALL: Top = "all"
SCREEN: Top = "screen"
#: Rows shown by default when the output is not a terminal.
PLAIN_ROWS = 10
#: The fewest rows shown by default, however small the terminal (the best throw).
MIN_ROWS = 1
#: Lines of the terminal left free: the command typed above the answer and the prompt below it.
SPARE_LINES = 2
#: More rows than a ranking has (a 101 hand has at most 22 distinct tiles).
MOST_ROWS = 64


def rows_shown(top: Top, build: Callable[[int | None], RenderableType], console: Console) -> int | None:
    """The rows to show (None: every row) of the answer ``build(rows)`` renders on ``console``.

    For :data:`SCREEN` on a terminal: the most rows with which the whole answer fits the terminal's
    height less :data:`SPARE_LINES` (at least :data:`MIN_ROWS`), found by laying the answer out
    (the lines grow with the rows).
    """
    if top == ALL:
        return None
    if isinstance(top, int):
        return top
    if not console.is_terminal:
        return PLAIN_ROWS
    room = console.size.height - SPARE_LINES

    def fits(rows: int | None) -> bool:
        return len(console.render_lines(build(rows), pad=False)) <= room

    if fits(None):
        return None
    low, high = MIN_ROWS, MOST_ROWS  # low is shown whether it fits or not; high does not fit
    while high - low > 1:
        middle = (low + high) // 2
        if fits(middle):
            low = middle
        else:
            high = middle
    return low


def cut_note(shown: int, total: int, what: str = "throws") -> list[Text]:
    """``the best 4 of 15 throws shown``, below a ranking cut to its best rows (nothing when it is whole)."""
    if shown >= total:
        return []
    return [Text(f"the best {shown} of {total} {what} shown", style="dim")]
