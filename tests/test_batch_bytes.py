"""A batch file with bytes that are not UTF-8: that line gets an error, the others their answers."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

GOOD = '{"id": 2, "command": "check", "indicator": "Y7", "tiles": "R1-4 B9-11 K5 Y5 R5 K11-13 K1 B2"}\n'


def test_an_undecodable_line_is_one_error_and_the_rest_go_on(tmp_path: Path) -> None:
    questions = tmp_path / "questions.jsonl"
    questions.write_bytes(b'{"id": 1, "command": "check", "indicator": "Y7", "tiles": "R1 \xff"}\n' + GOOD.encode())
    done = subprocess.run(
        [sys.executable, "-m", "okeytool", "batch", str(questions), "--jobs", "1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    first, second = (json.loads(line) for line in done.stdout.splitlines())
    assert first["id"] == 1 and "error" in first
    assert second["id"] == 2 and second["winning"] is True
