"""The game ledger: a SQLite file holding games and each round's input document.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "games.sqlite3"
>>> with Ledger(path) as ledger:
...     game = ledger.new_game("classic", {"scheme": "pagat"}, "P1,P2,P3,P4")
...     state = ledger.add_round({"winner": "P1", "finish": "normal"})
>>> state.standings.totals
{'P1': 20, 'P2': 18, 'P3': 18, 'P4': 18}
"""

from __future__ import annotations

from okeytool.ledger.export import FORMATS, export_game
from okeytool.ledger.paths import ENV_VAR, db_path, default_db_path
from okeytool.ledger.store import Change, GameInfo, GameState, Ledger, RoundRecord, open_ledger, replay

__all__ = [
    "ENV_VAR", "FORMATS", "Change", "GameInfo", "GameState", "Ledger", "RoundRecord", "db_path",
    "default_db_path", "export_game", "open_ledger", "replay",
]  # fmt: skip
