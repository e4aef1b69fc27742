"""The shape of ``fatekit/rules/``: domain folders, standard library only, and no import cycles
between its modules (docs/rules-engine.md describes the layout). Modules are sized by meaning, not
by a count: the line and module caps that once stood here are retired (issue 30)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parents[2] / "fatekit" / "rules"


def _module_name(path: Path) -> str:
    parts = path.relative_to(RULES.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Modules imported at module level (what runs on import, where cycles would bite)."""
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


MODULES = {_module_name(p): p for p in sorted(RULES.rglob("*.py"))}


def test_the_rules_use_the_standard_library_only() -> None:
    for name, path in MODULES.items():
        for imported in _imports(path):
            top = imported.partition(".")[0]
            assert top in sys.stdlib_module_names or imported.startswith("fatekit.rules"), (
                f"{name} imports {imported}"
            )


def test_no_import_cycles_between_rules_modules() -> None:
    # The package itself gathers the public API from everything; cycles are sought below it.
    graph = {
        name: {i for i in _imports(path) if i in MODULES and i != "fatekit.rules"}
        for name, path in MODULES.items()
        if name != "fatekit.rules"
    }
    done: set[str] = set()

    def visit(name: str, trail: list[str]) -> None:
        if name in trail:
            cycle = [*trail[trail.index(name) :], name]
            raise AssertionError("import cycle: " + " -> ".join(cycle))
        if name in done:
            return
        for imported in sorted(graph[name]):
            visit(imported, [*trail, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])
