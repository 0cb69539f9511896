"""The suite runs on any machine: no test, benchmark or CI file names a path of the machine it was written on."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# A quoted absolute path into a home, temporary or installation folder, e.g. a virtual environment's
# console script under /tmp written into a test.
MACHINE_PATH = re.compile(r"""['"](/tmp/|/root/|/home/|/work/|/usr/local/|/opt/)[A-Za-z0-9_.-]""")


def _project_files() -> list[Path]:
    files = [p for folder in ("tests", "okeytool", "benchmarks", ".ci") for p in (ROOT / folder).rglob("*")]
    kinds = {"", ".py", ".sh", ".toml", ".cfg"}
    return [p for p in files if p.is_file() and p.suffix in kinds and "__pycache__" not in p.parts]


def test_no_file_holds_a_path_of_this_machine() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in _project_files()
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1)
        if MACHINE_PATH.search(line)
    ]
    assert found == []


def test_the_pattern_finds_such_a_path() -> None:
    written = "OKEYTOOL = " + '"' + "/".join(("", "tmp", "venv", "bin", "okeytool")) + '"'
    assert MACHINE_PATH.search(written)
    assert not MACHINE_PATH.search('Path(sys.executable).with_name("okeytool")')
