"""okeytool's policies behind the seat protocol (``okeytool engine --policy NAME``).

:func:`serve` reads the protocol's lines (events and requests, arena.md) and yields one answer line
per request: the same seat the arena seats in-process, so any program that can play the arena can
ask okeytool for a move the same way. A ``deal`` event starts a new game with a new policy of the
deal's game (a classic or a 101 policy, :mod:`okeytool.arena.tables`; its random choices seeded
from the engine's seed and the game's count); a request before any deal, a
line that is not a JSON object, or an event the policy cannot follow is a :class:`ProtocolError`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from okeytool.errors import InputError, OkeyError
from okeytool.rules import get_rules


class ProtocolError(InputError):
    """A line of the seat protocol that cannot be followed; the message names the line."""


def _message(line: str, number: int) -> Mapping[str, Any]:
    try:
        message = json.loads(line)
    except ValueError:
        raise ProtocolError(f"line {number}: not JSON: {line.strip()[:60]!r}") from None
    if not isinstance(message, dict):
        raise ProtocolError(f"line {number}: not a JSON object: {line.strip()[:60]!r}")
    return message


def serve(lines: Iterable[str], policy: str, *, seed: int = 0, **settings: Any) -> Iterator[str]:
    """The answer line to each request among ``lines``, as the policy ``policy`` decides.
    Raises :class:`ProtocolError` (and :class:`InputError` for an unknown policy)."""
    from okeytool.arena.policies import POLICIES
    from okeytool.arena.tables import make_policy_for

    if policy not in POLICIES:
        raise InputError(f"unknown policy {policy!r} (known: {', '.join(POLICIES)})")
    seat = None
    games = 0
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        message = _message(line, number)
        try:
            if message.get("event") == "deal":
                rules = get_rules(str(message.get("rules", "classic"))).with_options(message.get("options") or {})
                seat = make_policy_for(policy, rules, random.Random(f"okeytool-engine/{seed}/{games}"), **settings)
                games += 1
            if seat is None:
                raise ProtocolError(f"line {number}: a request or event before the deal")
            if "event" in message:
                seat.see(message)
            elif "ask" in message:
                yield json.dumps(dict(seat.ask(message)), ensure_ascii=False)
            else:
                raise ProtocolError(f'line {number}: neither an "event" nor an "ask"')
        except ProtocolError:
            raise
        except (OkeyError, KeyError, ValueError, TypeError) as err:
            raise ProtocolError(f"line {number}: cannot follow it ({type(err).__name__}: {err})") from None
