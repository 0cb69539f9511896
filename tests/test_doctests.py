"""The examples in the library's docstrings run as written (from the installed package)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import okeytool

MODULES = sorted(
    name
    for info in pkgutil.walk_packages(okeytool.__path__, "okeytool.")
    if not (name := info.name).endswith("__main__") and not name.endswith("_cover")
)


def test_modules_were_found() -> None:
    assert "okeytool.tiles" in MODULES and "okeytool.parse.notation" in MODULES


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) failed in {name}"
