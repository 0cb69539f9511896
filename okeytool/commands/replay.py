"""``replay``: one game of an arena record (``okeytool arena --record FILE``) shown again, as text,
as its JSON events, or as a page to look at and share (``--html``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from okeytool.commands.common import PANEL_OUTPUT, HtmlOpt, print_json, write_page

RecordArg = Annotated[
    Path, typer.Argument(metavar="RECORD", show_default=False,
                         help="An arena record (okeytool arena --record FILE; .gz read as gzip).")
]  # fmt: skip
DealOpt = Annotated[int, typer.Option("--deal", metavar="K", help="The deal (numbered from 0, as in the record).")]
GameOpt = Annotated[int, typer.Option("--game", metavar="G", help="The game of that deal: the challenger's seat, 0-3.")]
ReplayJsonOpt = Annotated[
    bool, typer.Option("--json", rich_help_panel=PANEL_OUTPUT, help="The game's events as one JSON list.")
]


def register(app: typer.Typer) -> None:
    """Add ``replay`` to the application."""

    @app.command()
    def replay(
        record: RecordArg,
        deal: DealOpt = 0,
        game: GameOpt = 0,
        html: HtmlOpt = None,
        json: ReplayJsonOpt = False,
    ) -> None:
        """One game of an arena record shown again: the deal, the outcome and each seat's play.

        --html also writes the game as a page: each seat's dealt hand and throws drawn as tiles.

        Example: okeytool replay run.jsonl.gz --deal 17 --game 2 --html game.html
        """
        from okeytool.arena.record import find_game

        found = find_game(record, deal, game)
        if html is not None:
            from okeytool.render.html_page import arena_game_html

            write_page(html, arena_game_html(found))
        if json:
            print_json(list(found.played.events))
            return
        from okeytool.render.replay import render_game

        render_game(found.played.events)
