"""The JSON documents of ``okeytool round`` (cli.md, section ``round``): the state and the round list."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from okeytool.round.flags import DiscardFlags, by_tile, state_flags
from okeytool.round.state import RoundState
from okeytool.tiles import Tile

if TYPE_CHECKING:
    from okeytool.solver.questions import Answer

#: cli.md's ``advice_kind``: the answer a round's advice is, by its type (module and name): the
#: question whose answer it is (``discard101``: ``discard`` in 101), ``penalties`` for what each
#: throw of a 101 hand that has opened costs; ``none`` for no advice.
ADVICE_KINDS = {
    "okeytool.solver.classic.check.CheckResult": "check",
    "okeytool.solver.classic.answers.CheckAnswer": "check",
    "okeytool.solver.rummikub.result.GoOut": "check",
    "okeytool.solver.classic.chance.ChanceRanking": "discard",
    "okeytool.solver.classic.analysis.DiscardResult": "discard",
    "okeytool.solver.classic.analysis.WaitsResult": "waits",
    "okeytool.solver.okey101.opening.Discard101Result": "discard101",
    "okeytool.solver.okey101.chance.OpeningChanceRanking": "discard101",
    "okeytool.solver.okey101.answers.OpenAnswer": "open",
    "okeytool.solver.advice.Penalties": "penalties",
    "okeytool.solver.rummikub.result.Play": "play",
}


def _melds(melds: tuple[tuple[Any, ...], ...]) -> list[list[str]]:
    return [[str(t) for t in meld] for meld in melds]


def advice_kind(advice: Answer | None) -> str:
    """The ``advice_kind`` of a round's advice (see :data:`ADVICE_KINDS`).

    Raises :class:`KeyError` for an answer a round does not give.
    """
    if advice is None:
        return "none"
    kind = type(advice)
    return ADVICE_KINDS[f"{kind.__module__}.{kind.__qualname__}"]


def flagged_advice(advice: Answer | None, flags: Sequence[DiscardFlags]) -> dict[str, Any]:
    """The advice's JSON document with a ``flags`` list on each of its discard rows (an empty list
    for a throw without a flag; :mod:`okeytool.round.flags`)."""
    if advice is None:
        return {}
    document = dict(advice.to_json())
    rows = document.get("discards")
    if isinstance(rows, list):
        found = by_tile(flags)
        document["discards"] = [_flagged(row, found) for row in rows]
    return document


def _flagged(row: Any, found: Mapping[Tile, DiscardFlags]) -> Any:
    if not isinstance(row, dict) or not isinstance(row.get("tile"), str):
        return row
    flags = found.get(Tile.parse(row["tile"]))
    return {**row, "flags": flags.to_json() if flags is not None else []}


def state_document(round_id: int, state: RoundState, advice: Answer | None) -> dict[str, Any]:
    """``{"round", "rules", "indicator", "hand", "seen", "events", "advice", ...}`` after an event.

    ``advice``: the ``discard`` document (all rows) when a tile must be thrown, the ``waits``
    document otherwise (101: the 101 discard document / the ``open`` document; Rummikub: ``play``);
    each discard row has a ``flags`` list (:func:`flagged_advice`).
    Extra keys: ``phase``, ``advice_kind``, ``discards``, ``table``, ``own_melds``, ``opened``, ``end``,
    ``may_show_indicator`` (gösterme is open: the hand holds the indicator's twin before the first draw),
    ``seats`` (the whole table: :meth:`okeytool.round.seats.Seats.to_json`, null for a round that
    follows the player's hand only).
    """
    deal = state.deal
    return {
        "round": round_id,
        "rules": deal.rules.name,
        "indicator": str(deal.indicator) if deal.indicator is not None else None,
        "hand": [str(t) for t in state.hand],
        "seen": [str(t) for t in state.seen],
        "events": state.events,
        "advice": flagged_advice(advice, state_flags(state)),
        "advice_kind": advice_kind(advice),
        "phase": state.phase,
        "discards": [str(t) for t in state.discards],
        "table": _melds(state.table),
        "own_melds": _melds(state.own_melds),
        "opened": state.opened,
        "end": state.end.to_json() if state.end is not None else None,
        "may_show_indicator": state.may_show_indicator,
        "seats": state.seats.to_json() if state.seats is not None else None,
    }
