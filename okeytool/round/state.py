"""The state of a followed round, rebuilt by replaying its events with validation.

:func:`replay` starts from the ``start`` event and applies each further event with :func:`apply`,
which returns a new frozen :class:`RoundState` or raises :class:`EventError` saying why the event
cannot happen (a third copy of a face, throwing a tile not held, drawing when a tile must be
thrown, an event after the end). A refused event changes nothing: states are values.

The turn is kept as a phase: ``"draw"`` (the player holds 14; 21 in 101) or ``"throw"`` (he holds
one more and must throw). Rummikub has no throw: a turn draws a tile or lays tiles.

A round started with the player's seat follows the whole table (:mod:`okeytool.round.seats`): the
other seats' draws, takes, throws, shows and (101) melds and lay-offs are events too, each refused
out of turn; the stock is counted from the deal and the draws. Every public tile counts as seen
(throws, the shown twin, table melds), except a throw later taken: it went into a hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from okeytool.deal import Deal
from okeytool.errors import InputError
from okeytool.parse.supply import check_supply
from okeytool.round.events import (
    Draw,
    End,
    Event,
    EventError,
    Lay,
    LayOff,
    Open,
    Seen,
    Show,
    Start,
    StockDraw,
    TableMelds,
    Take,
    Throw,
    event_seat,
)
from okeytool.round.seats import Seats, check_seat, default_starter, start_seats
from okeytool.rules import get_rules
from okeytool.solver.games import Phase, game_of
from okeytool.tiles import Tile, format_tiles


@dataclass(frozen=True)
class RoundState:
    """A round after some events.

    ``hand``: the tiles held (sorted). ``discards``: tiles thrown or seen out of play (own throws,
    others' discards, shown tiles). ``table``: melds on the table laid by others (tiles as written);
    ``own_melds``: melds the player laid himself (101; in Rummikub the tiles laid since the last
    ``table`` event). ``seen`` (property): everything known to be out of play but the indicator.
    ``drawn``: how many tiles the player has drawn or taken so far (the win chance's horizon,
    :func:`okeytool.round.advice.draws_left`, is derived from it); ``thrown``: how many he has thrown.
    ``opening``: how the player opened in 101, ``"melds"`` or ``"pairs"`` (None before he opens, and
    in the other games), as a 101 round's score asks. ``showed``: the player showed the indicator's
    twin (gösterme). ``seats``: the whole table (None for a round that follows the player's hand
    only); ``shown``: the twin another seat showed, while he still holds it (it counts as seen).
    """

    deal: Deal
    start: Start
    hand: tuple[Tile, ...]
    discards: tuple[Tile, ...] = ()
    table: tuple[tuple[Tile, ...], ...] = ()
    own_melds: tuple[tuple[Tile, ...], ...] = ()
    opened: bool = False
    phase: Phase = "draw"
    events: int = 1
    end: End | None = None
    drawn: int = 0
    thrown: int = 0
    opening: str | None = None
    showed: bool = False
    seats: Seats | None = None
    shown: tuple[Tile, ...] = ()

    @property
    def may_show_indicator(self) -> bool:
        """Gösterme (showing the indicator's twin, rules.md 3.3) is open now: the rules have it, the
        hand holds the twin, and the player has not drawn yet (the starter, who does not draw on his
        first turn: has not thrown yet) nor shown it."""
        if self.end is not None or self.drawn or self.thrown or self.showed:
            return False
        return game_of(self.deal.rules).may_show(self.deal, self.hand)

    @property
    def seen(self) -> tuple[Tile, ...]:
        """Every tile out of play but the indicator: discards, shown tiles, table melds (sorted)."""
        laid = [t for meld in (*self.table, *self.own_melds) for t in meld]
        return tuple(sorted([*self.discards, *laid, *self.shown]))

    @property
    def melds(self) -> tuple[tuple[Tile, ...], ...]:
        """Every meld on the table as the round numbers them (from 1): the others', then the player's own."""
        return (*self.table, *self.own_melds)

    @property
    def rules_name(self) -> str:
        """The rules profile's name."""
        return self.deal.rules.name


def start_state(event: Start) -> RoundState:
    """The state right after the deal.

    Raises :class:`RulesError` for unknown rules, :class:`InputError` for an indicator that does not
    fit them, :class:`EventError` for a hand of the wrong size, :class:`SupplyError` for tiles that
    cannot all exist.
    """
    rules = get_rules(event.rules, event.options)
    deal = Deal(rules, event.indicator)
    hand = deal.resolve(event.tiles)
    game = game_of(rules)
    sizes = game.start_sizes(rules)
    if len(hand) not in sizes:
        want = " or ".join(str(n) for n in sizes)
        raise EventError(f"a {rules.name} round starts with {want} tiles, got {len(hand)}")
    check_supply(deal, hand)
    phase = game.start_phase(rules, len(hand))
    seats = None
    if event.seat is not None:
        check_seat(rules, event.seat)
        starter = default_starter(rules, event.seat, len(hand)) if event.starter is None else event.starter
        seats = start_seats(rules, seat=event.seat, starter=starter, held=len(hand))
        event = replace(event, starter=starter)
    elif event.starter is not None:
        raise EventError("a starter is given with the player's own seat (the round then follows the whole table)")
    held = tuple(sorted(hand))
    return RoundState(deal, replace(event, tiles=held), held, phase=phase, seats=seats)


def _without(tiles: Sequence[Tile], removed: Iterable[Tile], what: str) -> tuple[Tile, ...]:
    left = list(tiles)
    for tile in removed:
        if tile not in left:
            raise EventError(f"{tile} is not in {what} ({format_tiles(tiles) or 'empty'})")
        left.remove(tile)
    return tuple(left)


def _checked(state: RoundState) -> RoundState:
    """The state if its tiles can all exist at once. Raises :class:`SupplyError` otherwise."""
    check_supply(state.deal, state.hand, state.seen)
    return state


def apply(state: RoundState, event: Event, *, stored: bool = False) -> RoundState:
    """The state after ``event``. Raises :class:`EventError` (or :class:`SupplyError`, a
    :class:`NotationError` for bad table melds) when the event cannot happen; ``state`` is unchanged.

    ``stored``: the event was read back from the ledger, so the text in it (the winner's name) is
    taken as it is: it was checked when it was entered, or stored by an okeytool from before that
    check, and every output shows it with its hidden characters as escapes.
    """
    if state.end is not None:
        raise EventError(f"the round has ended ({_end_text(state.end)}); undo the end to go on")
    deal = state.deal
    game = game_of(deal.rules)
    nxt = replace(state, events=state.events + 1)
    if isinstance(event, Start):
        raise EventError("a round has one start; begin another round with 'round start'")
    seat = other_seat(state, event_seat(event))
    if seat is not None:
        return _other(state, nxt, event, seat)
    if isinstance(event, StockDraw):
        raise EventError("your own draw is entered with the tile you drew")
    seats = state.seats
    if isinstance(event, Draw | Take):
        tile = deal.resolve([event.tile])[0]
        if state.phase == "throw":
            raise EventError(f"cannot {event.verb} {tile}: the hand holds {len(state.hand)} tiles, throw one first")
        discards = state.discards
        if isinstance(event, Take):
            if not game.takes_discards:
                raise EventError(f"there are no discards to take in {deal.rules.name}")
            if seats is not None:
                seats, offered = seats.take(seats.seat)
                if offered != tile:
                    raise EventError(f"the tile to take is the previous seat's throw {offered}, not {tile}")
            if tile in discards:
                discards = _without(discards, [tile], "the discards")  # it leaves the discard pile
        elif seats is not None:
            seats = seats.draw(seats.seat)
        phase = game.after_draw()
        hand = tuple(sorted([*state.hand, tile]))
        return _checked(replace(nxt, hand=hand, discards=discards, phase=phase, drawn=state.drawn + 1, seats=seats))
    if isinstance(event, Throw):
        tile = deal.resolve([event.tile])[0]
        if not game.throws:
            raise EventError(f"there is no throw in {deal.rules.name}: lay tiles or draw")
        if state.phase != "throw":
            raise EventError(f"cannot throw {tile}: the hand holds {len(state.hand)} tiles, draw or take first")
        hand = _without(state.hand, [tile], "the hand")
        if seats is not None:
            seats = seats.throw(seats.seat, tile)
        discards = tuple(sorted([*state.discards, tile]))
        return replace(nxt, hand=hand, discards=discards, phase="draw", thrown=state.thrown + 1, seats=seats)
    if isinstance(event, Show):
        if not state.may_show_indicator:
            raise EventError(
                "gösterme needs the indicator's twin in the hand, before the first draw (the starter: before his "
                "first throw), once a round, in rules that have it"
            )
        return replace(nxt, showed=True, seats=None if seats is None else seats.show(seats.seat))
    if isinstance(event, LayOff):
        if not game.opens:
            raise EventError(f"a lay-off on a table meld is for 101, not {deal.rules.name}")
        if not state.opened:
            raise EventError("lay-offs come after your opening")
        if state.phase != "throw":
            raise EventError("lay off after drawing (or taking), before the throw")
        tile = deal.resolve([event.tile])[0]
        hand = _without(state.hand, [tile], "the hand")
        if not hand:
            raise EventError("keep one tile to throw: a hand is never laid down whole")
        if seats is not None:
            seats = seats.lay(seats.seat, 1)
        return _checked(_laid_off(replace(nxt, hand=hand, seats=seats), event.meld, tile))
    if isinstance(event, Seen):
        if not event.tiles:
            raise EventError("seen needs at least one tile")
        tiles = deal.resolve(event.tiles)
        return _checked(replace(nxt, discards=tuple(sorted([*state.discards, *tiles]))))
    if isinstance(event, TableMelds):
        return _table(state, nxt, event)
    if isinstance(event, Open):
        return _open(state, nxt, event)
    if isinstance(event, Lay):
        if not game.lays:
            raise EventError(f"lay is for rummikub; in {deal.rules.name} use throw (and open in 101)")
        if not event.tiles:
            raise EventError("lay needs at least one tile")
        laid = deal.resolve(event.tiles)
        hand = _without(state.hand, laid, "the rack")
        # The laid tiles are out of the rack and on the table: kept with the player's melds until
        # the next table event gives the whole table, them included.
        return replace(nxt, hand=hand, own_melds=(*state.own_melds, tuple(laid)), opened=True)
    if isinstance(event, End):
        return replace(nxt, end=_checked_end(state, event, stored), phase="ended")
    raise EventError(f"unknown event {event!r}")


def _read_melds(state: RoundState, melds: Sequence[Sequence[Tile]], what: str) -> tuple[tuple[Tile, ...], ...]:
    """Melds as held, each checked to be a valid set or run. Raises :class:`InputError`."""
    deal = state.deal
    if not melds:
        raise EventError(f"{what} needs at least one meld, e.g. 'R1-3; K7 B7 Y7'")
    resolved = tuple(deal.resolve(m) for m in melds)
    game_of(deal.rules).check_melds(deal, resolved)
    return resolved


def _table(state: RoundState, nxt: RoundState, event: TableMelds) -> RoundState:
    deal = state.deal
    game = game_of(deal.rules)
    if game.table == "none":
        raise EventError(f"there are no table melds in {deal.rules.name}; record others' tiles with seen")
    melds = _read_melds(state, event.melds, "table")
    if game.table == "whole":
        # Rummikub: the table is rebuilt every turn, so the event gives the whole table. It holds
        # every tile that was on it and the tiles the player laid (lay), which are no longer his.
        return _checked(replace(nxt, table=melds, own_melds=()))
    return _checked(replace(nxt, table=(*state.table, *melds)))


def _open(state: RoundState, nxt: RoundState, event: Open) -> RoundState:
    deal = state.deal
    game = game_of(deal.rules)
    if not game.opens:
        raise EventError(f"open is for 101, not {deal.rules.name}")
    if state.phase != "throw":
        raise EventError("open after drawing (or taking), before the throw")
    melds = _read_melds(state, event.melds, "open")
    hand = _without(state.hand, [t for m in melds for t in m], "the hand")
    if not hand:
        raise EventError("keep one tile to throw: a hand is never laid down whole")
    opening = state.opening
    if not state.opened:
        value, pairs = game.opening_value(deal, melds)
        if value < deal.rules.open_points and pairs < deal.rules.open_pairs:
            raise EventError(
                f"an opening needs melds worth {deal.rules.open_points} or {deal.rules.open_pairs} pairs; "
                f"these are worth {value}"
            )
        opening = "melds" if value >= deal.rules.open_points else "pairs"  # rules.md 5.2, 5.3
    seats = state.seats
    if seats is not None:
        seats = seats.lay(seats.seat, len(state.hand) - len(hand), opening=True)
    return replace(nxt, hand=hand, own_melds=(*state.own_melds, *melds), opened=True, opening=opening, seats=seats)


def other_seat(state: RoundState, seat: int | None) -> int | None:
    """The other seat an event names, or None for the player's own event (no seat, or his own).

    Raises :class:`EventError` for a seat in a round that follows the player's hand only, and for
    an unknown seat.
    """
    if seat is None:
        return None
    if state.seats is None:
        raise EventError(
            "this round follows your hand only: start it with your seat (round start --seat N) to follow every seat"
        )
    check_seat(state.deal.rules, seat)
    return None if seat == state.seats.seat else seat


def _other(state: RoundState, nxt: RoundState, event: Event, seat: int) -> RoundState:
    """The state after another seat's event (a round followed for the whole table)."""
    deal = state.deal
    game = game_of(deal.rules)
    seats = state.seats
    assert seats is not None
    if isinstance(event, StockDraw):
        return replace(nxt, seats=seats.draw(seat))
    if isinstance(event, Take):
        seats, offered = seats.take(seat)
        tile = deal.resolve([event.tile])[0]
        if offered != tile:
            raise EventError(f"{seats.name(seat)} can take only the previous seat's throw {offered}, not {tile}")
        # The tile went into his hand: no longer seen (the other hands count as the pool).
        return replace(nxt, seats=seats, discards=_without(state.discards, [tile], "the discards"))
    if isinstance(event, Throw):
        tile = deal.resolve([event.tile])[0]
        seats = seats.throw(seat, tile)
        shown = state.shown
        if shown and seats.shown == seat and tile in shown:
            shown = _without(shown, [tile], "the shown tiles")  # the shown twin is thrown: seen once
        return _checked(replace(nxt, seats=seats, shown=shown, discards=tuple(sorted([*state.discards, tile]))))
    if isinstance(event, Show):
        twin = deal.indicator
        if twin is None or not game.may_show(deal, (twin,)):
            raise EventError(f"there is no gösterme in {deal.rules.name}")
        return _checked(replace(nxt, seats=seats.show(seat), shown=(*state.shown, twin)))
    if isinstance(event, Open):
        if not game.opens:
            raise EventError(f"open is for 101, not {deal.rules.name}")
        melds = _read_melds(state, event.melds, "open")
        first = not seats.opened[seat]
        seats = seats.lay(seat, sum(len(m) for m in melds), opening=True)  # on its turn, keeping a tile
        if first:
            value, pairs = game.opening_value(deal, melds)
            if value < deal.rules.open_points and pairs < deal.rules.open_pairs:
                raise EventError(
                    f"an opening needs melds worth {deal.rules.open_points} or {deal.rules.open_pairs} pairs; "
                    f"these are worth {value}"
                )
        return _checked(replace(nxt, seats=seats, table=(*state.table, *melds)))
    if isinstance(event, LayOff):
        if not game.opens:
            raise EventError(f"a lay-off on a table meld is for 101, not {deal.rules.name}")
        if not seats.opened[seat]:
            raise EventError(f"{seats.name(seat)} has not opened: lay-offs come after an opening")
        tile = deal.resolve([event.tile])[0]
        return _checked(_laid_off(replace(nxt, seats=seats.lay(seat, 1)), event.meld, tile))
    raise EventError(f"a {event.verb} event has no seat")


def _laid_off(state: RoundState, number: int, tile: Tile) -> RoundState:
    """``state`` with ``tile`` laid off on the table meld numbered ``number`` (:attr:`RoundState.melds`).

    The tile goes at the end of the meld where the meld's wilds keep their meaning (a run grows
    upwards), else at its start. Raises :class:`EventError` for a meld that does not exist, is not
    a set or run (a pair), or does not take the tile.
    """
    from okeytool.solver.melds.table import read_meld
    from okeytool.solver.okey101.layoffs import table_meld

    deal = state.deal
    melds = state.melds
    if not 1 <= number <= len(melds):
        raise EventError(f"there is no table meld {number} (the table holds {len(melds)})")
    meld = melds[number - 1]
    shown = format_tiles(meld, sort=False)
    try:
        laid = table_meld(deal, meld, number)
    except InputError:
        raise EventError(f"nothing is laid off on meld {number} ({shown}): it is not a set or run") from None
    if not laid.accepts(deal, tile):
        raise EventError(f"{tile} does not fit meld {number} ({shown})")
    before = Counter((p.tile, p.as_) for p in laid.meld.placements)
    order = [p.tile for p in laid.meld.placements]
    grown = None
    for tiles in ((*order, tile), (tile, *order)):
        reading = read_meld(deal, tiles)
        if reading is not None and before <= Counter((p.tile, p.as_) for p in reading.placements):
            grown = tiles
            break
    if grown is None:
        raise EventError(f"{tile} does not fit meld {number} ({shown}) with its wilds keeping their meaning")
    if number <= len(state.table):
        table = tuple(grown if k == number - 1 else m for k, m in enumerate(state.table))
        return replace(state, table=table)
    own = number - 1 - len(state.table)
    return replace(state, own_melds=tuple(grown if k == own else m for k, m in enumerate(state.own_melds)))


#: The finish of a round that ended without a winner where the scheme has no name for it (classic: a null round).
NULL_FINISH = "null"


def finishes(deal: Deal, winner: bool) -> tuple[str, ...]:
    """The finish kinds a round of these rules may end with, with or without a winner."""
    from okeytool.score import scheme_for

    scheme = scheme_for(deal.rules)
    if not winner:
        return scheme.no_winner_finishes or (NULL_FINISH,)
    return tuple(f for f in scheme.finishes if f not in scheme.no_winner_finishes)


def _checked_end(state: RoundState, event: End, stored: bool = False) -> End:
    winner = event.winner.strip() if event.winner is not None else None
    if winner is not None and (not winner or not (stored or winner.isprintable())):
        raise EventError(f"the winner's name must be printable text, not {event.winner!r}")
    allowed = finishes(state.deal, winner is not None)
    if event.finish not in allowed:
        who = "a round with a winner" if winner else "a round without a winner"
        raise EventError(
            f"finish {event.finish!r} does not fit {who} in {state.rules_name} (one of: {', '.join(allowed)})"
        )
    return End(winner, event.finish)


def _end_text(end: End) -> str:
    return f"{end.winner} won, {end.finish}" if end.winner else f"no winner, {end.finish}"


def replay(events: Sequence[Event], *, stored: bool = False) -> RoundState:
    """The state after every event, from the ``start`` event on (``stored``: events read back from
    the ledger, see :func:`apply`).

    Raises :class:`EventError` when the first event is not a start or an event cannot happen
    (naming the event's number), and the input errors of :func:`start_state`.
    """
    if not events or not isinstance(events[0], Start):
        raise EventError("a round begins with a start event")
    state = start_state(events[0])
    for number, event in enumerate(events[1:], start=2):
        try:
            state = apply(state, event, stored=stored)
        except InputError as err:
            raise EventError(f"event {number} ({event.verb}): {err}") from None
    return state


def states(events: Sequence[Event]) -> list[RoundState]:
    """The state after each event (``states(e)[k]`` follows ``e[k]``). Raises as :func:`replay`."""
    out = [start_state(events[0])] if events and isinstance(events[0], Start) else []
    if not out:
        raise EventError("a round begins with a start event")
    for event in events[1:]:
        out.append(apply(out[-1], event))
    return out


def hand_counts(state: RoundState) -> Counter[Tile]:
    """The hand as a multiset."""
    return Counter(state.hand)
