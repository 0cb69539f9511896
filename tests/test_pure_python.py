"""Without the compiled extension (``OKEYTOOL_PURE_PYTHON=1``, as on a machine with no C compiler) every
command gives the same answer, byte for byte, as with it: the questions of each kind the extension
speeds up, from a winning check to a two-away chance ranking, each computed in full on both sides."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from okeytool.solver.classic.chance import COMPILED

pytestmark = pytest.mark.skipif(
    not COMPILED, reason="the compiled extension is not in use (not built, or OKEYTOOL_PURE_PYTHON): nothing to compare"
)

#: One away (R5 B5 B8 B12 K1 K10 and the okeys complete it) and two away, after the throw.
NEAR = "R1-4 B9-11 K5 Y5 K11-13 B2 Y5 R5"
SPREAD = "R1 R2 R3 R4 B9 B10 B11 K5 Y5 K11 K12 K13 B2 Y9 Y12"
HAND_101 = "R1-4 B9-11 K5 Y5 R5 K11-13 Y1 Y3 Y8 B1 B3 R12 R13 K2 Y12"


def answer(args: list[str], pure: bool) -> str:
    """``okeytool ARGS --json`` in a process of its own, with or without the extension."""
    env = {k: v for k, v in os.environ.items() if k != "OKEYTOOL_PURE_PYTHON"}
    if pure:
        env["OKEYTOOL_PURE_PYTHON"] = "1"
    done = subprocess.run([sys.executable, "-m", "okeytool", *args, "--json"], capture_output=True, text=True,
                          env=env, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["check", "-i", "Y7", "R1-4 B9-11 K5 Y5 R5 K11-13 K1 B2"],
        ["waits", "-i", "Y7", "R1-4 B9-11 K5 Y5 R5 K11-13 B2"],
        ["discard", "-i", "Y7", SPREAD],
        ["discard", "-i", "Y7", NEAR, "--chance"],
        ["discard", "-i", "Y7", NEAR, "--chance", "--draws", "2", "--goal", "points"],
        ["discard", "-i", "Y7", NEAR, "--chance", "--draws", "3", "--extra", "1", "--seen", "B5 K10"],
        ["discard", "-i", "Y7", SPREAD, "--chance"],
        ["open", "-r", "101", "-i", "K9", HAND_101],
        ["discard", "-r", "101", "-i", "K9", HAND_101, "--chance"],
    ],
    ids=["check", "waits", "discard", "chance", "exact-points", "extra", "chance-two-away", "open-101", "chance-101"],
)
def test_the_same_answer_without_the_extension(args: list[str]) -> None:
    # A minute's limit (half of it work): the Python recursions count more time for the same states,
    # and every row is computed on both sides, so the whole answers are compared.
    args = [*args, "--time-limit", "60"] if "--chance" in args else args
    compiled, pure = answer(args, pure=False), answer(args, pure=True)
    document = json.loads(compiled)
    assert "error" not in document
    if "--chance" in args:
        assert document["model"]["stopped"] is None
        assert all(row.get("stopped") is None for row in document["discards"])
    assert pure == compiled


def test_the_variable_turns_the_extension_off() -> None:
    # Else the comparison above would hold the extension to itself.
    probe = "from okeytool.solver.classic import chance, cover; print(chance.COMPILED, cover.COMPILED)"
    env = {**os.environ, "OKEYTOOL_PURE_PYTHON": "1"}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=60)
    assert done.stdout.split() == ["False", "False"], done.stderr
