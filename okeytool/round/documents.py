"""The JSON documents of ``okeytool round`` (cli.md, section ``round``): the state and the round list."""

from __future__ import annotations

from typing import Any

from okeytool.round.advice import Advice
from okeytool.round.state import RoundState


def _melds(melds: tuple[tuple[Any, ...], ...]) -> list[list[str]]:
    return [[str(t) for t in meld] for meld in melds]


def state_document(round_id: int, state: RoundState, advice: Advice | None) -> dict[str, Any]:
    """``{"round", "rules", "indicator", "hand", "seen", "events", "advice", ...}`` after an event.

    ``advice``: the ``discard`` document (all rows) when a tile must be thrown, the ``waits``
    document otherwise (101: the 101 discard document / the ``open`` document; Rummikub: ``play``).
    Extra keys: ``phase``, ``advice_kind``, ``discards``, ``table``, ``own_melds``, ``opened``, ``end``.
    """
    deal = state.deal
    return {
        "round": round_id,
        "rules": deal.rules.name,
        "indicator": str(deal.indicator) if deal.indicator is not None else None,
        "hand": [str(t) for t in state.hand],
        "seen": [str(t) for t in state.seen],
        "events": state.events,
        "advice": advice.to_json() if advice is not None else {},
        "advice_kind": advice.kind if advice is not None else "none",
        "phase": state.phase,
        "discards": [str(t) for t in state.discards],
        "table": _melds(state.table),
        "own_melds": _melds(state.own_melds),
        "opened": state.opened,
        "end": state.end.to_json() if state.end is not None else None,
    }
