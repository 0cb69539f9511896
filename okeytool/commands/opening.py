"""Command module (to be filled in)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import typer

#: Questions this module answers in `okeytool batch`: command name -> answer(question) -> JSON document.
BATCH: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {}


def register(app: typer.Typer) -> None:
    """Add this module's commands to the application."""
