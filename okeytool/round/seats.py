"""The seats of a round followed for the whole table: whose turn it is, the stock, and every throw
with what became of it (rules.md 3.5).

Seats are numbered 0-3 in the order of play (anticlockwise): seat *s* + 1 plays after *s*. The
starter holds one tile more and throws first without drawing; every later turn draws the stock's
next tile or takes the tile the previous seat just threw (only that one, only on the turn right
after it was thrown), then throws (in 101 it may open and lay off before the throw). The stock
holds the tiles not dealt (classic: 48, 101: 20, :func:`stock_after_deal`) less every draw from it.

A throw is a :class:`ThrowMark`: the seat, the tile, and what the next seat did with it (took it,
or passed on it by drawing from the stock). The transitions of :class:`Seats` return new values or
raise :class:`~okeytool.round.events.EventError` saying why the event cannot happen (out of turn,
an unknown seat, a take when there is no throw to take): a refused event changes nothing.

>>> from okeytool.rules import get_rules
>>> seats = start_seats(get_rules("classic"), seat=1, starter=0)
>>> seats.turn, seats.stock, seats.held
(0, 48, (15, 14, 14, 14))
>>> seats = seats.throw(0, Tile.parse("R5"))
>>> seats, tile = seats.take(1)
>>> tile, seats.throws[0].taken
(Tile.parse('R5'), True)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from okeytool.round.events import EventError
from okeytool.rules import Rules
from okeytool.solver.games import game_of
from okeytool.tiles import COPIES_PER_FACE, EXTRA_TILES, FACE_COUNT, Tile

#: Every tile of an Okey set: each face twice and the two extra tiles (rules.md 1).
SET_SIZE = FACE_COUNT * COPIES_PER_FACE + EXTRA_TILES


@dataclass(frozen=True)
class ThrowMark:
    """One throw at the table: the ``seat`` that threw, the ``tile``, and ``taken``: True when the
    next seat took it, False when the next seat drew from the stock instead (he passed on it), None
    while the next seat has not chosen."""

    seat: int
    tile: Tile
    taken: bool | None = None

    def to_json(self) -> dict[str, object]:
        """``{"seat": 2, "tile": "R5", "taken": false}``."""
        return {"seat": self.seat, "tile": str(self.tile), "taken": self.taken}


def stock_after_deal(rules: Rules) -> int:
    """The tiles in the stock right after the deal: the set less the indicator and the hands (the
    starter's one more). Classic: 106 − 1 − 15 − 3·14 = 48; 101: 106 − 1 − 22 − 3·21 = 20.

    >>> from okeytool.rules import get_rules
    >>> stock_after_deal(get_rules("classic")), stock_after_deal(get_rules("101"))
    (48, 20)
    """
    seats = game_of(rules).seats
    indicator = 1 if rules.has_indicator else 0
    return SET_SIZE - indicator - rules.drawn_size - (seats - 1) * rules.hand_size


def check_seat(rules: Rules, seat: int, what: str = "seat") -> None:
    """Refuse a seat number that is not one of the table's. Raises :class:`EventError`."""
    seats = game_of(rules).seats
    if not 0 <= seat < seats:
        raise EventError(f"unknown {what} {seat}: the seats are 0-{seats - 1}")


def default_starter(rules: Rules, seat: int, held: int) -> int:
    """The starter when none is given: the player's own seat when his hand holds the starter's
    tiles (15; 22 in 101), else seat 0. Raises :class:`EventError` when that cannot be (the
    player at seat 0 holds 14: another seat started, and which one must be given)."""
    if held == rules.drawn_size:
        return seat
    if seat == 0:
        raise EventError(f"seat 0 holds {held} tiles, so another seat started: give the starter's seat (--starter)")
    return 0


def start_seats(rules: Rules, *, seat: int, starter: int, held: int | None = None) -> Seats:
    """The table right after the deal: the starter to throw, the stock full.

    ``held``: the tiles the player holds (checked against his seat: the starter holds one more).
    Raises :class:`EventError` for an unknown seat, a game without throws, or a hand that does not
    fit the seat.
    """
    game = game_of(rules)
    if not (game.throws and game.takes_discards):
        raise EventError(
            f"a whole table is followed in games where each turn draws or takes and throws, not {rules.name}"
        )
    check_seat(rules, seat)
    check_seat(rules, starter, "starter seat")
    if held is not None:
        want = rules.drawn_size if seat == starter else rules.hand_size
        if held != want:
            role = "the starter" if seat == starter else f"not the starter (seat {starter} is)"
            raise EventError(f"seat {seat} is {role}, so it holds {want} tiles, not {held}")
    count = game.seats
    hands = tuple(rules.drawn_size if s == starter else rules.hand_size for s in range(count))
    return Seats(
        seat=seat, starter=starter, turn=starter, drawn=True, stock=stock_after_deal(rules), held=hands,
        drew=(False,) * count, opened=(False,) * count,
    )  # fmt: skip


@dataclass(frozen=True)
class Seats:
    """The whole table of a followed round.

    ``seat``: the player's own; ``starter``; ``turn``: the seat to move; ``drawn``: it has drawn or
    taken (it throws next; the starter's first turn needs no draw); ``stock``: tiles left in the
    stock; ``held``: how many tiles each seat holds; ``throws``: every throw in order; ``drew``:
    each seat has drawn or taken at least once; ``opened``: each seat has opened (101); ``shown``:
    the seat that showed the indicator's twin (gösterme), if one did.
    """

    seat: int
    starter: int
    turn: int
    drawn: bool
    stock: int
    held: tuple[int, ...]
    throws: tuple[ThrowMark, ...] = ()
    drew: tuple[bool, ...] = ()
    opened: tuple[bool, ...] = ()
    shown: int | None = None

    @property
    def count(self) -> int:
        """Seats at the table."""
        return len(self.held)

    def after(self, seat: int) -> int:
        """The seat that plays after ``seat`` (the one who may take its throw)."""
        return (seat + 1) % self.count

    def name(self, seat: int) -> str:
        """``seat 2``, or ``seat 1 (you)`` for the player's own."""
        return f"seat {seat} (you)" if seat == self.seat else f"seat {seat}"

    @property
    def offered(self) -> ThrowMark | None:
        """The throw the seat to move may still take: the last throw, while its next seat has not chosen."""
        if self.throws and self.throws[-1].taken is None:
            return self.throws[-1]
        return None

    def took(self, seat: int) -> tuple[Tile, ...]:
        """The tiles ``seat`` took from throws this round, in order."""
        return tuple(m.tile for m in self.throws if m.taken and self.after(m.seat) == seat)

    @property
    def to_do(self) -> str:
        """What the seat to move does next: ``draw or take`` (``draw`` when there is nothing to take), or ``throw``."""
        if self.drawn:
            return "throw"
        return "draw or take" if self.offered is not None else "draw"

    def turn_words(self) -> str:
        """``it is seat 2's turn to draw or take``, ``it is your turn (seat 1) to throw``."""
        whose = f"your turn (seat {self.turn})" if self.turn == self.seat else f"seat {self.turn}'s turn"
        return f"it is {whose} to {self.to_do}"

    def may_show(self, seat: int) -> bool:
        """Gösterme is still open to ``seat``: it has not drawn or taken, nor thrown (the starter),
        and nobody has shown."""
        return self.shown is None and not self.drew[seat] and not any(m.seat == seat for m in self.throws)

    def to_json(self) -> dict[str, object]:
        """cli.md's ``seats`` document of a round followed for the whole table."""
        return {
            "seat": self.seat,
            "starter": self.starter,
            "turn": self.turn,
            "to": self.to_do,
            "stock": self.stock,
            "held": list(self.held),
            "throws": [m.to_json() for m in self.throws],
            "opened": list(self.opened),
            "shown": self.shown,
        }

    # -- the transitions ------------------------------------------------------------------------

    def _moving(self, seat: int, doing: str) -> None:
        """Refuse an event of a seat whose turn it is not."""
        if seat != self.turn:
            raise EventError(f"out of turn: {self.name(seat)} cannot {doing}; {self.turn_words()}")

    def draw(self, seat: int) -> Seats:
        """``seat`` drew the stock's next tile: the throw before it was passed on. Raises :class:`EventError`."""
        self._moving(seat, "draw")
        if self.drawn and not self.throws:
            raise EventError(f"{self.name(seat)} starts the round: its first turn has no draw, it throws")
        if self.drawn:
            raise EventError(f"{self.name(seat)} has drawn or taken already: it throws next")
        if self.stock == 0:
            raise EventError("the stock is empty: the round ends without a winner (end it with no winner)")
        throws = self.throws
        if self.offered is not None:
            throws = (*throws[:-1], replace(throws[-1], taken=False))
        return self._drawn(seat, replace(self, stock=self.stock - 1, throws=throws))

    def take(self, seat: int) -> tuple[Seats, Tile]:
        """``seat`` took the previous seat's throw: the new table and the tile. Raises :class:`EventError`."""
        self._moving(seat, "take")
        if self.drawn:
            last = self.throws[-1] if self.throws and self.after(self.throws[-1].seat) == seat else None
            if last is None:
                raise EventError(f"{self.name(seat)} cannot take: nobody has thrown before it; it throws next")
            if last.taken:
                raise EventError(f"{self.name(seat)} has taken {last.tile} already: it throws next")
            raise EventError(
                f"{self.name(seat)} cannot take: it drew from the stock, so {self.name(last.seat)}'s throw "
                f"{last.tile} is gone (it stays on the discards)"
            )
        offered = self.offered
        if offered is None:
            raise EventError(f"{self.name(seat)} cannot take: there is no throw to take")
        throws = (*self.throws[:-1], replace(offered, taken=True))
        return self._drawn(seat, replace(self, throws=throws)), offered.tile

    def _drawn(self, seat: int, table: Seats) -> Seats:
        held = tuple(n + (s == seat) for s, n in enumerate(self.held))
        drew = tuple(d or s == seat for s, d in enumerate(self.drew))
        return replace(table, drawn=True, held=held, drew=drew)

    def throw(self, seat: int, tile: Tile) -> Seats:
        """``seat`` threw ``tile``: the turn passes to the next seat. Raises :class:`EventError`."""
        self._moving(seat, f"throw {tile}")
        if not self.drawn:
            raise EventError(f"{self.name(seat)} must {self.to_do} before throwing")
        held = tuple(n - (s == seat) for s, n in enumerate(self.held))
        return replace(
            self, turn=self.after(seat), drawn=False, held=held, throws=(*self.throws, ThrowMark(seat, tile))
        )

    def lay(self, seat: int, tiles: int, *, opening: bool = False) -> Seats:
        """101: ``seat`` laid ``tiles`` tiles from its hand (new melds, or a lay-off), keeping one to
        throw; ``opening``: they are its opening. Raises :class:`EventError`."""
        self._moving(seat, "lay tiles")
        if not self.drawn:
            raise EventError(f"{self.name(seat)} must {self.to_do} before laying tiles")
        if self.held[seat] - tiles < 1:
            raise EventError(f"{self.name(seat)} holds {self.held[seat]} tiles: it keeps one to throw")
        held = tuple(n - tiles * (s == seat) for s, n in enumerate(self.held))
        opened = tuple(o or (opening and s == seat) for s, o in enumerate(self.opened))
        return replace(self, held=held, opened=opened)

    def show(self, seat: int) -> Seats:
        """``seat`` showed the indicator's twin (before its first draw; the starter: its first throw).
        Raises :class:`EventError`."""
        if self.shown is not None:
            raise EventError(f"the indicator's twin was shown already, by {self.name(self.shown)}")
        if not self.may_show(seat):
            raise EventError(
                f"{self.name(seat)} cannot show now: gösterme comes before a seat's first draw (the starter: "
                "before his first throw)"
            )
        return replace(self, shown=seat)
