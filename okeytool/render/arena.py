"""The arena's summary for people: both sides, the difference with its interval, and the calibration."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from okeytool.render.tiles import console


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f} %"


def _interval(pair: Sequence[float] | None, scale: float = 100.0, unit: str = " %") -> str:
    if pair is None:
        return "(no interval: one deal or none)"
    return f"(95 %: {scale * pair[0]:+.2f} to {scale * pair[1]:+.2f}{unit})"


def _rate_interval(pair: Sequence[float] | None) -> str:
    """A rate's 95 % interval, in percent and within 0-100."""
    if pair is None:
        return "(no interval: one deal or none)"
    low, high = (min(1.0, max(0.0, end)) for end in pair)
    return f"(95 %: {100 * low:.1f} to {100 * high:.1f} %)"


def render_summary(summary: Mapping[str, Any]) -> None:
    """Print an arena summary (arena.md's ``--json`` object) as tables and sentences."""
    out = console()
    challenger, champion = summary["challenger"], summary["champion"]
    out.print(
        Text(
            f"{summary['rules']}: {summary['rounds']} rounds ({summary['deals']} deals x 4 seats), "
            f"seed {summary['seed']}, {summary['seconds']} s"
        )
    )
    table = Table("side", "policy", "wins", "win rate", "points / round")
    for side, row, wins in (
        ("challenger", challenger, str(challenger["wins"])),
        ("champion (per seat)", champion, f"{champion['wins']:.2f}"),
    ):
        points = "-" if row["points"] is None else f"{row['points']:+.3f}"
        table.add_row(side, Text(row["policy"]), wins, _percent(row["win_rate"]), points)  # fmt: skip
    out.print(table)
    difference = summary["difference"]
    if difference["win_rate"] is not None:
        out.print(
            Text(
                f"difference in win rate: {100 * difference['win_rate']:+.2f} points "
                f"{_interval(difference['win_rate_ci95'], unit='')}"
            )
        )
        out.print(
            Text(
                f"difference in points per round: {difference['points']:+.3f} "
                f"{_interval(difference['points_ci95'], 1.0, '')}"
            )
        )
    nulls = summary.get("null_rate")
    okey101 = summary.get("okey101")
    if okey101:
        _render_okey101(okey101, summary["forfeits"])
    else:
        forfeits = summary["forfeits"]
        out.print(Text(f"rounds without a winner: {summary['null_rounds']} ({_percent(nulls)}); forfeits: {forfeits}"))
    calibration = summary.get("calibration")
    if calibration:
        out.print(Text(f"calibration: {calibration['decisions']} decisions, Brier score {calibration['brier']}"))
        bins = Table("predicted", "decisions", "mean predicted", "observed")
        for row in calibration["bins"]:
            if row["count"]:
                bins.add_row(f"{row['from']:.1f}-{row['to']:.1f}", str(row["count"]), _percent(row["predicted"]),
                             _percent(row["observed"]))  # fmt: skip
        out.print(bins)


def _render_okey101(figures: Mapping[str, Any], forfeits: int) -> None:
    """The 101 figures: round scores (lower is better), openings, penalties, finishes and matches."""
    out = console()
    table = Table("side (101)", "score/round", "unopened", "pairs", "penalties/round")
    for side in ("challenger", "champion"):
        row = figures[side]
        score = "-" if row["score"] is None else f"{row['score']:.1f}"
        penalties = "-" if row["penalties_per_round"] is None else f"{row['penalties_per_round']:.3f}"
        name = side if side == "challenger" else "champion/seat"
        table.add_row(name, score, _percent(row["unopened_rate"]), _percent(row["pairs_rate"]), penalties)
    out.print(table)
    difference = figures["difference"]
    if difference["score"] is not None:
        out.print(
            Text(
                f"difference in round score (lower is better): {difference['score']:+.2f} "
                f"{_interval(difference['score_ci95'], 1.0, '')}"
            )
        )
    if difference.get("unopened_rate") is not None:
        out.print(
            Text(
                f"difference in the share never opened (lower is better): {100 * difference['unopened_rate']:+.2f} "
                f"points {_interval(difference['unopened_rate_ci95'], unit=' points')}; in penalties/round (lower "
                f"is better): {difference['penalties_per_round']:+.3f} "
                f"{_interval(difference['penalties_per_round_ci95'], 1.0, '')}"
            )
        )
    out.print(
        Text(
            f"rounds someone went out: {_percent(figures['finish_rate'])} "
            f"{_rate_interval(figures.get('finish_rate_ci95'))}; aborted: "
            f"{_percent(figures['aborted_rate'])}; forfeits: {forfeits}"
        )
    )
    matches = figures["matches"]
    if matches["played"]:
        challenger, champion = matches["challenger"]["win_rate"], matches["champion"]["win_rate"]
        line = (
            f"matches of {matches['rounds']} rounds: {matches['played']}; challenger won {_percent(challenger)}, "
            f"champion {_percent(champion)} a seat"
        )
        if matches["difference"]["win_rate_ci95"] is not None:
            line += f" {_interval(matches['difference']['win_rate_ci95'], unit='')}"
        out.print(Text(line))
        teams = matches.get("teams")
        if teams and teams["played"]:
            ours, theirs = teams["challenger_team"]["win_rate"], teams["other_team"]["win_rate"]
            line = (
                f"the same matches two against two (partners opposite): the challenger's team won "
                f"{_percent(ours)}, the other {_percent(theirs)}"
            )
            if teams["difference"]["win_rate_ci95"] is not None:
                line += f" {_interval(teams['difference']['win_rate_ci95'], unit='')}"
            out.print(Text(line))
