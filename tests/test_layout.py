"""The shape of the whole package, checked by cohesion rather than by size (issue 30: the size
caps of 600 lines a module and 20 modules a folder came to decide the structure, so they are
retired; a module holds one idea, whatever its length). ``tests/rules/test_layout.py`` checks
the rules engine's own layering on top of this."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "fatekit"
MODULES = sorted(path for path in PACKAGE.rglob("*.py") if "__pycache__" not in path.parts)


def test_there_are_modules_to_check() -> None:
    assert len(MODULES) > 100


def test_no_module_imports_another_modules_private_names() -> None:
    # A name with a leading underscore is its module's own; one another module needs is public
    # (and in its module's __all__), whether imported at run time or for type checking only.
    private: list[str] = []
    for path in MODULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("fatekit"):
                private += [
                    f"{path.relative_to(PACKAGE)}: {node.module}.{alias.name}"
                    for alias in node.names
                    if alias.name.startswith("_") and not alias.name.startswith("__")
                ]
    assert private == []
