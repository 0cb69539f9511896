"""``round live``: an interactive prompt for the current round (prompt_toolkit).

Each line is one event (``d K5``, ``t B2``, ``s Y7 K9``, ``m R1-3``, ``o K11-13; R7 B7 Y7``, ``l R4``,
``g``) or a command (``u``/``undo``, ``show``, ``review``, ``end NAME [FINISH]``, ``help``, ``q``/``quit``).
An event is written to the ledger as soon as it is entered; a refused one is reported in one line
and changes nothing. Tile names and verbs complete with Tab; the prompt keeps the session's history.
Without a terminal (input from a pipe) lines are read plainly, one event a line.

In a round followed for the whole table a line may start with the seat whose event it is:
``2 t R5`` (seat 2 throws R5), ``3 k`` (seat 3 takes the throw before it), ``1 d`` (seat 1 draws,
unseen), ``1 g`` (gösterme), in 101 ``2 o MELDS`` and ``2 l R4 1`` (a lay-off on meld 1). After
another seat's event one line says what happened, the stock and whose turn it is; when the turn
comes to the player the whole state and the advice are shown.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path

from okeytool.errors import InputError, OkeyError

HELP = (
    "events: d/draw TILE, k/take TILE, t/throw TILE, s/seen TILES, m/table MELDS, o/open MELDS, l/lay TILES,\n"
    "  g/gosterme (show the indicator's twin); 101: l/lay TILE MELD (a lay-off on table meld MELD)\n"
    "another seat's event (a round started with --seat): the seat first, 2 t R5 (throws R5), 2 d (draws),\n"
    "  3 k (takes the throw before), 1 g, 2 o MELDS, 2 l R4 1\n"
    "commands: u/undo, show, all (every row), review, end NAME [FINISH] (end - FINISH: no winner), help, q/quit"
)
QUIT = ("q", "quit", "exit")


def _words() -> list[str]:
    from okeytool.round.lines import EVENT_VERBS, SHORT
    from okeytool.tiles import ALL_FACES

    return [*EVENT_VERBS, *SHORT, "undo", "show", "all", "review", "end", "help", "quit",
            *(str(t) for t in ALL_FACES), "F", "J"]  # fmt: skip


def run_live(db: Path | None) -> None:
    """Run the prompt until ``quit`` or end of input. Raises :class:`LedgerError` when there is no round."""
    from okeytool.commands.streams import release_output
    from okeytool.ledger.rounds import book_at

    with book_at(db) as book:
        book.round()  # a current round must exist
    release_output()  # a prompt: each answer is seen as soon as it is printed
    printer = _printer()
    printer(_show(db))
    lines = _prompt_lines() if sys.stdin.isatty() else _plain_lines()
    for line in lines:
        words = line.split(None, 1)
        if not words:
            continue
        if words[0].lower() in QUIT:
            break
        try:
            printer(_answer(db, words[0], words[1] if len(words) > 1 else ""))
        except (OkeyError, ValueError) as err:
            printer(f"error: {err}")


def _printer() -> Callable[[object], None]:
    from okeytool.render.tiles import console

    out = console()

    def show(thing: object) -> None:
        if isinstance(thing, str):
            out.print(thing, markup=False, highlight=False)
        else:
            out.print(thing)

    return show


def _prompt_lines() -> Iterable[str]:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import WordCompleter
    from prompt_toolkit.history import InMemoryHistory

    session: PromptSession[str] = PromptSession(
        history=InMemoryHistory(),
        completer=WordCompleter(_words(), ignore_case=True, sentence=False),
        complete_while_typing=False,
    )
    while True:
        try:
            yield session.prompt("round> ")
        except KeyboardInterrupt:
            continue  # Ctrl-C clears the line, as in a shell
        except EOFError:
            return


def _plain_lines() -> Iterable[str]:
    for line in sys.stdin:
        yield line.rstrip("\n")


def _show(db: Path | None, *, all_rows: bool = False, note: str = "") -> object:
    from okeytool.ledger.rounds import book_at
    from okeytool.render.round import state_view
    from okeytool.render.tiles import console
    from okeytool.round.advice import state_advice

    with book_at(db) as book:
        played = book.round()
    advice = state_advice(played.state)
    return state_view(played, advice, top="all" if all_rows else "screen", note=note, console=console())


def _answer(db: Path | None, word: str, rest: str) -> object:
    """What one line does, and what to print after it."""
    from okeytool.ledger.rounds import book_at
    from okeytool.round.lines import event_from_text, seat_of, verb_of

    command = word.lower()
    if command in ("help", "?", "h"):
        return HELP
    if command == "show":
        return _show(db)
    if command == "all":
        return _show(db, all_rows=True)
    if command in ("u", "undo"):
        with book_at(db) as book:
            removed, _ = book.undo()
        from okeytool.round.events import describe

        return _show(db, note=f"undone: {describe(removed)}")
    if command == "review":
        from okeytool.render.round import review_renderable
        from okeytool.round.review import review

        with book_at(db) as book:
            played = book.round()
        return review_renderable(played, review(played.id, played.events, stored=True))
    if command == "end":
        return _end(db, rest)
    seat = seat_of(command)
    if seat is not None:
        words = rest.split(None, 1)
        if not words:
            raise InputError(f"a seat's event needs a verb after the seat, e.g. '{seat} t R5' or '{seat} d'")
        command, rest = words[0].lower(), words[1] if len(words) > 1 else ""
    if verb_of(command) is None:
        raise InputError(f"unknown command {word!r}; type help")
    with book_at(db) as book:
        current = book.round()
        played = book.add(event_from_text(current.state, command, rest, seat=seat), current.id)
    from okeytool.round.events import describe, event_seat

    seats, event = played.state.seats, played.events[-1]
    if seats is not None and event_seat(event) is not None and seats.turn != seats.seat and played.state.end is None:
        from okeytool.render.round import table_text

        return table_text(played, note=describe(event))  # another seat's event, not yet the player's turn
    return _show(db)


def _end(db: Path | None, rest: str) -> object:
    from okeytool.ledger.rounds import book_at
    from okeytool.round.events import End
    from okeytool.round.state import finishes

    words = rest.split()
    if not words:
        raise InputError("end needs the winner (or - for none) and optionally the finish, e.g. 'end Ali okey'")
    winner = None if words[0] == "-" else words[0]
    with book_at(db) as book:
        current = book.round()
        finish = words[1] if len(words) > 1 else finishes(current.state.deal, winner is not None)[0]
        book.add(End(winner, finish), current.id)
    return _show(db)
