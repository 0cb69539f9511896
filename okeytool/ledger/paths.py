"""Where the game ledger lives: ``--db PATH``, else ``$OKEYTOOL_DB``, else a file in the user's data directory."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

ENV_VAR = "OKEYTOOL_DB"
FILE_NAME = "games.sqlite3"


def default_db_path() -> Path:
    """The default ledger file: ``games.sqlite3`` in the user's data directory (platformdirs)."""
    from platformdirs import user_data_path

    return user_data_path("okeytool", appauthor=False) / FILE_NAME


def db_path(explicit: str | os.PathLike[str] | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The ledger file to use: ``explicit``, else ``$OKEYTOOL_DB``, else :func:`default_db_path`."""
    if explicit:
        return Path(explicit).expanduser()
    env = (os.environ if environ is None else environ).get(ENV_VAR)
    if env:
        return Path(env).expanduser()
    return default_db_path()
