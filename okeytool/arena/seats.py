"""A seat at the arena's table: what it is told and what it is asked (the seat protocol of arena.md).

Every seat, okeytool's own policies as much as a program seated with ``cmd:``, is spoken to the
same way: :meth:`Seat.see` with each event its seat may see, :meth:`Seat.ask` with a request
(``{"ask": "take", "tile": "B2"}``, ``{"ask": "show"}``, ``{"ask": "throw"}``) answered by one
mapping (``{"take": true}``, ``{"show": false}``, ``{"throw": "Y9"}`` or ``{"win": "R5"}``). An
answer may carry the win chance the seat gives the move it chose (``"chance": 0.31``), which the
arena keeps for calibration, and the raw chance of the model it was mapped from (``"model": 0.14``,
okeytool's chance policies: the table chance of :mod:`okeytool.arena.table_chance`). Both are hidden
from the other seats.

A seat that answers badly (malformed, illegal, too late) raises :class:`Forfeit`; the arena ends that
game for the seat and goes on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Message = Mapping[str, Any]


class Forfeit(Exception):
    """A seat's answer that ends its game: ``reason`` says what was wrong, in words."""

    def __init__(self, reason: str, seat: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        #: The seat that forfeits (filled in by the table when the seat raised it).
        self.seat = seat


class Seat:
    """One seat's player. Subclasses answer :meth:`ask`; :meth:`see` and :meth:`close` are optional."""

    #: The policy's name, as the record and the summary give it.
    name: str = ""

    def see(self, event: Message) -> None:
        """Take note of an event this seat may see."""

    def ask(self, request: Message) -> Message:
        """Answer a request. Raises :class:`Forfeit` for an answer that ends the seat's game."""
        raise NotImplementedError

    def close(self) -> None:
        """Free what the seat holds (a program's process)."""
