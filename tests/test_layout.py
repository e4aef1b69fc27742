"""The shape of the whole package (issue: folders that read like the game): no module of ours
over 600 lines and no folder of more than 20 modules, Python and the page's scripts alike.
``tests/rules/test_layout.py`` checks the rules engine's own layering on top of this."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "fatekit"
MAX_LINES = 600
MAX_MODULES_PER_FOLDER = 20
MODULES = sorted(
    path
    for pattern in ("*.py", "*.js")
    for path in PACKAGE.rglob(pattern)
    if "__pycache__" not in path.parts
)


def test_there_are_modules_to_check() -> None:
    assert len(MODULES) > 100


def test_no_module_is_over_600_lines() -> None:
    long = {
        str(path.relative_to(PACKAGE)): n
        for path in MODULES
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def test_no_folder_holds_more_than_20_modules() -> None:
    per_folder = Counter(path.parent.relative_to(PACKAGE) for path in MODULES)
    crowded = {str(folder): n for folder, n in per_folder.items() if n > MAX_MODULES_PER_FOLDER}
    assert crowded == {}
