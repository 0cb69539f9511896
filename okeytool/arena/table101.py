"""One Okey 101 round played out by four seats, following the game's rules of play (rules.md 5.1-5.7;
:mod:`okeytool.solver.okey101.play`).

The deal (:meth:`~okeytool.solver.okey101.game.Okey101Game.deal_round`): the starter 22 tiles, the
others 21, a stock of 20. A turn: every turn but the starter's first draws the stock's next tile or
takes the tile the previous seat threw last (asked ``{"ask": "take", "tile": "B2"}``); then the seat
is asked ``{"ask": "play"}`` and answers in one line what it lays and throws::

    {"open": [["K11", "K12", "K13"], [{"tile": "R5", "as": "B9"}, "B10", "B11"]],
     "lay": [{"tile": "Y4", "meld": 0}], "throw": "Y9"}

``open``: new melds (its opening, or more melds after it; a meld of two tiles is a pair), each tile
as text (a plain tile stands for its own face, F for the okey's) or as ``{"tile", "as"}`` (what a real
okey stands for; without it a meld is read in the order written, as a table meld is). ``lay``:
lay-offs in order, each on table meld number ``meld`` (counted from 0 in the order melds were laid,
this turn's new melds after the others), ``as`` optional for a real okey. ``throw``: the tile thrown,
always; throwing the last tile goes out. A taken tile must be laid in the same turn (before opening:
in the opening).

The record gets ``open`` (with the melds as ``{"tile", "as"}`` placements), ``lay`` (with the face
the tile stands for), ``throw`` (with ``penalties``, the reasons, when the throw costs one), ``win``
for the finishing throw, and ``end`` with each seat's score (as ``okeytool score`` scores the
round: :mod:`okeytool.score.okey101`), how each seat opened and its penalties. The round is aborted
(rules.md 5.7) when the seat to move with an empty stock does not take the previous throw, or when
the fourth seat opens with pairs (at once, after its ``open``). An answer the rules refuse forfeits
the seat's game, as at the classic table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from okeytool.arena.seats import Forfeit, Seat
from okeytool.arena.table import Event, Played, _names, _Table
from okeytool.deal import Deal
from okeytool.rules import Rules
from okeytool.score import Hand101, Round, scheme_for, score_round
from okeytool.score.items import totals
from okeytool.solver.games import Dealt
from okeytool.solver.melds.result import Meld
from okeytool.solver.okey101.play import (
    ABORTED,
    LaidMeld,
    OpenedWith,
    PlayError,
    all_opened_with_pairs,
    check_later_melds,
    check_opening,
    finish_of,
    laid_off,
    lay_off_face,
    may_lay_on,
    needs_elden,
    new_meld,
    throw_penalties,
)
from okeytool.tiles import Tile

#: The score document's finish for each finish of the record: a pair opener's finish is scored by
#: how he opened (his hand says ``pairs``), not by a finish of its own.
SCORED_FINISH = {"pairs": "normal", "pairs+okey": "okey"}
#: Why a round was aborted (rules.md 5.7), as the ``end`` event says.
EMPTY_STOCK = "the seat to move would draw from the empty stock"
FOUR_PAIR_OPENINGS = "every seat opened with pairs"


def meld_json(meld: Meld) -> list[dict[str, str]]:
    """A meld as the record writes it: ``[{"tile", "as"}, ...]`` in the order it lies."""
    return meld.to_json()


def read_placements(deal: Deal, value: Any) -> Meld:
    """A meld of a seat's answer or of a record's ``open`` event: a list of tiles, each as text or as
    ``{"tile", "as"}``. Raises :class:`PlayError` (a bad tile, a meld the rules refuse)."""
    if not isinstance(value, list) or not value:
        raise PlayError('a meld is a list of tiles, e.g. ["K11", "K12", "K13"]')
    tiles: list[Tile] = []
    faces: list[Tile | None] = []
    for item in value:
        text, face = (item.get("tile"), item.get("as")) if isinstance(item, Mapping) else (item, None)
        tiles.append(_tile(text))
        faces.append(None if face is None else _tile(face))
    return new_meld(deal, deal.resolve(tiles), faces)


def _tile(text: Any) -> Tile:
    if not isinstance(text, str):
        raise PlayError(f'a tile is written as text, e.g. "R5", not {text!r}')
    try:
        return Tile.parse(text)
    except ValueError:
        raise PlayError(f"{text!r} is not a tile") from None


class _Table101(_Table):
    """The state of one 101 round at the table, and the loop that plays it."""

    def __init__(self, rules: Rules, dealt: Dealt, seats: Sequence[Seat], header: Mapping[str, Any]) -> None:
        super().__init__(rules, dealt, seats, header)
        self.table: list[LaidMeld] = []
        self.opened: list[OpenedWith | None] = [None] * len(seats)
        self.penalties = [0] * len(seats)

    def play(self) -> Played:
        dealt = self.dealt
        self.emit(
            {
                "event": "deal",
                **self.header,
                "indicator": str(dealt.indicator),
                "starter": dealt.starter,
                "hands": [_names(sorted(h)) for h in dealt.hands],
                "stock": _names(dealt.stock),
                "policies": [player.name for player in self.seats],
            }
        )
        seat = dealt.starter
        previous: Tile | None = None
        first = True
        try:
            while True:
                taken = None
                if not first:
                    if previous is not None and self.ask_yes(seat, {"ask": "take", "tile": str(previous)}, "take"):
                        taken = previous
                        self.hands[seat].append(taken)
                        self.emit({"event": "take", "seat": seat, "tile": str(taken)})
                    elif not self.stock:
                        return self.end(None, ABORTED, reason=EMPTY_STOCK)  # rules.md 5.7
                    else:
                        tile = self.stock.pop(0)
                        self.hands[seat].append(tile)
                        self.emit({"event": "draw", "seat": seat, "tile": str(tile)})
                first = False
                thrown = self.turn(seat, taken)
                if isinstance(thrown, Played):
                    return thrown
                previous = thrown
                seat = (seat + 1) % len(self.seats)
        except Forfeit as forfeit:
            return self.forfeited(forfeit, seat)

    # -- one turn ----------------------------------------------------------------------------------

    def turn(self, seat: int, taken: Tile | None) -> Played | Tile:
        """Ask the seat what it lays and throws, and play it: the tile thrown, or the round's end."""
        answer = self.ask(seat, {"ask": "play"})
        others_opened = any(o is not None for s, o in enumerate(self.opened) if s != seat)
        opened_before = self.opened[seat]
        laid: list[Tile] = []
        opening: list[Meld] = []
        try:
            melds = self._new_melds(seat, answer.get("open"))
            if melds:
                if opened_before is None:
                    self.opened[seat] = check_opening(self.deal, melds, others_opened=others_opened)
                    opening = melds
                else:
                    check_later_melds(melds, opened_before)
                self._take_out(seat, [t for m in melds for t in m.tiles])
                laid += [t for m in melds for t in m.tiles]
                self.table += [LaidMeld(seat, m) for m in melds]
                self.emit({"event": "open", "seat": seat, "melds": [meld_json(m) for m in melds]})
                if all_opened_with_pairs(self.opened):
                    return self.end(None, ABORTED, reason=FOUR_PAIR_OPENINGS)  # rules.md 5.7
            for lay in self._lays(answer.get("lay")):
                laid.append(self._lay_off(seat, lay))
        except PlayError as err:
            raise Forfeit(str(err)) from None
        if taken is not None:
            used = [t for m in opening for t in m.tiles] if opened_before is None else laid
            if taken not in used:
                where = "in its opening" if opened_before is None else "in this turn"
                raise Forfeit(f"the tile taken ({taken}) must be laid at once, {where} (rules.md 5.1)")
        if "throw" not in answer:
            raise Forfeit('the answer to play needs "throw": the tile thrown')
        tile = self.held(seat, answer["throw"], "throw")
        self.hands[seat].remove(tile)
        if not self.hands[seat]:  # the last tile: the seat goes out (rules.md 5.1)
            opened = self.opened[seat]
            assert opened is not None, "a seat with one tile left has laid the others"
            finish = finish_of(self.deal, tile, opened, one_turn=bool(opening), others_opened=others_opened)
            self.emit({"event": "win", "seat": seat, "throw": str(tile), "finish": finish})
            return self.end(seat, finish)
        if opening and needs_elden(self.deal, opening):
            raise Forfeit(
                f"an opening below {self.rules.open_points} is elden only: every tile laid in that turn (rules.md 5.4)"
            )
        reasons = throw_penalties(self.deal, tile, self.table)
        event: Event = {"event": "throw", "seat": seat, "tile": str(tile)}
        chance = answer.get("chance")
        if isinstance(chance, (int, float)) and not isinstance(chance, bool) and 0 <= chance <= 1:
            event["chance"] = float(chance)  # the opening chance the policy gave its throw
        if reasons:
            self.penalties[seat] += 1
            event["penalties"] = list(reasons)
        self.emit(event)
        return tile

    def _new_melds(self, seat: int, value: Any) -> list[Meld]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise PlayError('"open" is a list of melds')
        return [read_placements(self.deal, m) for m in value]

    def _lays(self, value: Any) -> list[Mapping[str, Any]]:
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
            raise PlayError('"lay" is a list of {"tile": "R4", "meld": 0}')
        return list(value)

    def _take_out(self, seat: int, tiles: Sequence[Tile]) -> None:
        """Take laid tiles from the seat's hand; one tile must stay to throw."""
        hand = Counter(self.hands[seat])
        short = Counter(tiles) - hand
        if short:
            raise PlayError(f"{' '.join(str(t) for t in sorted(short.elements()))} not in the seat's hand")
        if sum(hand.values()) - len(tiles) < 1:
            raise PlayError("keep one tile to throw: a turn always ends with a throw (rules.md 5.1)")
        for tile in tiles:
            self.hands[seat].remove(tile)

    def _lay_off(self, seat: int, lay: Mapping[str, Any]) -> Tile:
        opened = self.opened[seat]
        if opened is None:
            raise PlayError("lay-offs come after the seat's opening (rules.md 5.1)")
        tile = self.deal.resolve([_tile(lay.get("tile"))])[0]
        number = lay.get("meld")
        if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number < len(self.table):
            raise PlayError(f"meld {number!r} is not a table meld (0 to {len(self.table) - 1})")
        target = self.table[number]
        if not may_lay_on(target, seat, opened):
            why = "a pair" if target.is_pair else "the seat's own pair opening"
            raise PlayError(f"nothing is laid off on {why} (meld {number})")
        face = _tile(lay["as"]) if lay.get("as") is not None else lay_off_face(self.deal, target.meld, tile)
        if face is None:
            raise PlayError(f"{tile} does not fit meld {number}")
        grown = laid_off(self.deal, target.meld, tile, face)
        self._take_out(seat, [tile])
        self.table[number] = LaidMeld(target.seat, grown)
        self.emit({"event": "lay", "seat": seat, "tile": str(tile), "as": str(face), "meld": number})
        return tile

    # -- the end -----------------------------------------------------------------------------------

    def end(self, winner: int | None, finish: str | None, *, kafa: bool = False, reason: str | None = None) -> Played:
        scores = round_scores_101(self.rules, self.deal, winner, finish or ABORTED, self.opened, self.hands,
                                  self.penalties)  # fmt: skip
        event: Event = {"event": "end", "winner": winner, "finish": finish, "scores": list(scores)}
        if reason is not None:
            event["reason"] = reason
        event["opened"] = list(self.opened)
        event["penalties"] = list(self.penalties)
        self.emit(event)
        return Played(tuple(self.events), winner, finish, scores, None, ())


def round_scores_101(
    rules: Rules,
    deal: Deal,
    winner: int | None,
    finish: str,
    opened: Sequence[OpenedWith | None],
    hands: Sequence[Sequence[Tile]],
    penalties: Sequence[int],
) -> tuple[int, ...]:
    """Each seat's score (seats named "0".."3") as ``okeytool score`` scores the round (rules.md 5.6,
    5.7): the tiles left in each hand, how each seat opened, its discard penalties.

    Raises :class:`~okeytool.errors.RoundError` for a round the scoring refuses (a bug of the table)."""
    players = tuple(str(s) for s in range(len(hands)))
    held = {p: Hand101(opened[s], tuple(sorted(hands[s]))) for s, p in enumerate(players)}
    if winner is not None:
        held[str(winner)] = Hand101(opened[winner], ())
    round_ = Round(
        rules=rules,
        players=players,
        winner=None if winner is None else str(winner),
        finish=SCORED_FINISH.get(finish, finish),
        indicator=deal.indicator,
        hands=held,
        penalties={p: penalties[s] for s, p in enumerate(players) if penalties[s]},
    )
    scored = totals(players, score_round(scheme_for(rules).complete(round_)).items)
    return tuple(scored[p] for p in players)


def play_round_101(rules: Rules, dealt: Dealt, seats: Sequence[Seat], header: Mapping[str, Any]) -> Played:
    """Play one 101 round of ``dealt`` with ``seats`` (one per seat, in seat order). ``header``: the
    keys the ``deal`` event starts with (deal, game, rules, options). A seat's bad answer forfeits
    its game (the record's ``end`` says why)."""
    return _Table101(rules, dealt, seats, header).play()
