"""The calibration picture of the arena: the challenger's predicted win chances against how often it won.

One figure, written as PNG or SVG by the file's suffix. The upper panel has one point per non-empty
calibration bin (mean predicted chance against the observed win frequency; the marker's area grows
with the bin's decisions), the bin's 95 % Wilson interval as an error bar, and the diagonal of perfect
calibration; the Brier score and the number of decisions are in the title. The lower panel is the
histogram of decisions per bin.

matplotlib is an optional extra (``pip install 'okeytool[plot]'``), imported only when a picture is
drawn; the figure is drawn on the non-interactive Agg canvas, without pyplot and without touching the
process's matplotlib settings.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from okeytool.arena.stats import Calibration, Summary
from okeytool.errors import InputError

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: The file formats written, by suffix (compared in lower case).
FORMATS = {".png": "png", ".svg": "svg"}
#: How to get matplotlib, for the error raised without it.
INSTALL_HINT = "pip install 'okeytool[plot]'"
#: ``gid`` of the diagonal and of the bins' markers: ``id`` attributes of their groups in an SVG file.
DIAGONAL_ID = "calibration-diagonal"
POINTS_ID = "calibration-bins"
#: The marker areas (points²) of the smallest and the largest bin.
MARKER_AREA = (20.0, 220.0)


class PlotError(InputError):
    """A picture that cannot be drawn: no calibration to show, a file suffix that names no format
    written here, or matplotlib (the ``plot`` extra) not installed. A ``ValueError``, as the other
    input errors."""


def calibration_plot(source: Summary | Calibration, path: Path, title: str) -> None:
    """Write the calibration picture of ``source`` (a summary's calibration, or a calibration) to
    ``path``: PNG for ``.png``, SVG for ``.svg``. The same input writes the same SVG file.

    Raises :class:`PlotError` (a ``ValueError``) for another suffix, for a summary without calibration
    (a policy without a win chance), or when matplotlib is not installed; ``OSError`` when the file
    cannot be written.

    >>> from okeytool.arena.stats import calibrate
    >>> calibration_plot(calibrate([]), Path("c.pdf"), "chance")
    Traceback (most recent call last):
    ...
    okeytool.arena.plot.PlotError: cannot write a calibration plot to 'c.pdf': the file name must end in .png or .svg
    """
    fmt = FORMATS.get(Path(path).suffix.lower())
    if fmt is None:
        raise PlotError(
            f"cannot write a calibration plot to {str(path)!r}: the file name must end in " + " or ".join(FORMATS)
        )
    calibration = source.calibration if isinstance(source, Summary) else source
    if calibration is None:
        raise PlotError("there is no calibration to plot: the challenger's policy gives no win chance")
    try:
        import matplotlib
    except ImportError:
        raise PlotError(f"drawing a calibration plot needs matplotlib: {INSTALL_HINT}") from None
    with matplotlib.rc_context({"svg.hashsalt": "okeytool", "svg.fonttype": "path"}):  # the same ids, the same file
        figure = _figure(calibration, title)
        metadata = {"Date": None} if fmt == "svg" else {"Software": None}
        figure.savefig(path, format=fmt, metadata=metadata)


def _figure(calibration: Calibration, title: str) -> Figure:
    """The figure: calibration points over the diagonal above, decisions per bin below."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    figure = Figure(figsize=(6.0, 7.0), dpi=100, layout="constrained")
    FigureCanvasAgg(figure)  # the non-interactive canvas, attached to this figure only
    top, bottom = figure.subplots(2, 1, sharex=True, height_ratios=(3, 1))

    top.plot([0, 1], [0, 1], linestyle="--", color="0.5", linewidth=1, label="perfect calibration", gid=DIAGONAL_ID)
    # (mean predicted, observed, interval, count) of each bin with decisions; an empty bin has no point
    shown = [
        (b.predicted, b.observed, b.observed_ci95, b.count)
        for b in calibration.bins
        if b.predicted is not None and b.observed is not None and b.observed_ci95 is not None
    ]
    if shown:
        largest = max(count for *_, count in shown)
        low, high = MARKER_AREA
        x = [predicted for predicted, *_ in shown]
        y = [observed for _, observed, *_ in shown]
        below = [observed - interval[0] for _, observed, interval, _ in shown]
        above = [interval[1] - observed for _, observed, interval, _ in shown]
        top.errorbar(x, y, yerr=[below, above], fmt="none", ecolor="tab:blue", elinewidth=1, capsize=3)
        top.scatter(
            x,
            y,
            s=[low + (high - low) * count / largest for *_, count in shown],
            color="tab:blue",
            edgecolors="white",
            zorder=3,
            label="bins (area: decisions; bars: 95 % Wilson)",
            gid=POINTS_ID,
        )
    top.set_xlim(-0.02, 1.02)  # a little room: a bin's point may sit on an edge
    top.set_ylim(-0.02, 1.02)
    top.set_ylabel("observed win frequency")
    top.grid(True, linewidth=0.5, alpha=0.5)
    top.legend(loc="upper left", fontsize="small")
    brier = "n/a" if calibration.brier is None else f"{calibration.brier:.4f}"
    top.set_title(f"{title}\nBrier {brier}, {calibration.decisions} decisions")

    edges = [b.lower for b in calibration.bins]
    bottom.bar(
        edges,
        [b.count for b in calibration.bins],
        width=[b.upper - b.lower for b in calibration.bins],
        align="edge",
        color="0.7",
        edgecolor="0.4",
    )
    bottom.set_xlabel("predicted win chance")
    bottom.set_ylabel("decisions")
    return figure
