"""One game of an arena record for people: the deal, the outcome and each seat's play, as text."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from okeytool.render.tiles import console


def _outcome(end: Mapping[str, Any]) -> str:
    scores = " ".join(f"{s:+d}" if isinstance(s, int) else str(s) for s in end.get("scores", []))
    finish = end.get("finish")
    if finish == "forfeit":
        return f"seat {end.get('seat')} forfeited ({end.get('reason', 'no reason given')}); scores {scores}"
    if end.get("winner") is None:
        return f"no winner ({finish or 'null round'}); scores {scores}"
    return f"seat {end['winner']} won ({finish} finish); scores {scores}"


def render_game(events: Sequence[Mapping[str, Any]]) -> None:
    """Print one game (its events, ``deal`` first and ``end`` last): the deal, the outcome, and a row
    per seat with its policy, dealt hand, draws, and its takes, throws, shows and (101) melds laid
    and lay-offs in order."""
    head, end = events[0], events[-1]
    seats = range(len(head["hands"]))
    policies = list(head.get("policies", [])) or ["?"] * len(seats)
    throws: list[list[str]] = [[] for _ in seats]
    draws, takes = [0 for _ in seats], [0 for _ in seats]
    for event in events[1:-1]:
        seat = event.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < len(throws):
            continue
        kind = event["event"]
        if kind == "throw":
            throws[seat].append(str(event["tile"]))
        elif kind == "win":
            throws[seat].append(f"{event['throw']} (wins)")
        elif kind == "draw":
            draws[seat] += 1
        elif kind == "take":
            takes[seat] += 1
            throws[seat].append(f"[took {event['tile']}]")
        elif kind == "show":
            throws[seat].append("[showed]")
        elif kind == "open":
            melds = event.get("melds", [])
            throws[seat].append(f"[laid {len(melds)} meld{'s' if len(melds) != 1 else ''}]")
        elif kind == "lay":
            throws[seat].append(f"[laid {event['tile']} off on meld {event['meld']}]")
    out = console()
    indicator = head.get("indicator")
    out.print(
        Text(
            f"deal {head['deal']}, game {head['game']} (challenger in seat {head['game']}): "
            f"{head['rules']}, indicator {indicator if indicator else '-'}, seat {head.get('starter', 0)} starts"
        )
    )
    out.print(Text(_outcome(end)))
    table = Table("seat", "policy", "dealt", "draws", "play in order", show_lines=True)
    for seat in seats:
        table.add_row(
            str(seat),
            Text(str(policies[seat])),
            Text(" ".join(head["hands"][seat])),
            f"{draws[seat]} (+{takes[seat]} taken)",
            Text(" ".join(throws[seat])),
        )
    out.print(table)


__all__ = ["render_game"]
