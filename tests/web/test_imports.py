"""The page's scripts import each other without cycles, and only names the other module exports.

A cycle between ES modules works until the order of evaluation changes, then a name is read
before its module ran; the page keeps one store (js/store.js) that views import instead.
"""

from __future__ import annotations

import re
from pathlib import Path

from fatekit.server.web import WEB_DIR

JS = WEB_DIR / "js"
IMPORT = re.compile(r'^import\s+(?:\{([^}]*)\}|\*\s+as\s+\w+)\s+from\s+"\./([\w.-]+)";', re.M)
EXPORT = re.compile(r"^export\s+(?:async\s+)?(?:function|const|let|class)\s+(\w+)", re.M)
EXPORT_LIST = re.compile(r"^export\s*\{([^}]*)\}", re.M)


def imports(path: Path) -> dict[str, set[str]]:
    """What ``path`` imports: the module's file name -> the names taken from it."""
    out: dict[str, set[str]] = {}
    for names, module in IMPORT.findall(path.read_text(encoding="utf-8")):
        taken = {n.split(" as ")[0].strip() for n in names.split(",") if n.strip()}
        out.setdefault(module, set()).update(taken)
    return out


def exports(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    found = set(EXPORT.findall(text))
    for listed in EXPORT_LIST.findall(text):
        found |= {n.split(" as ")[-1].strip() for n in listed.split(",") if n.strip()}
    return found


def scripts() -> list[Path]:
    return sorted(JS.rglob("*.js"))


def name(path: Path) -> str:
    """A script's path from the scripts' folder (``app.js``, ``lib/dom.js``)."""
    return path.relative_to(JS).as_posix()


def target(path: Path, module: str) -> Path:
    return (path.parent / module).resolve()


def graph() -> dict[str, set[str]]:
    return {name(p): {name(target(p, m)) for m in imports(p)} for p in scripts()}


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a path (first module repeated at the end), or None."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        path.append(node)
        for nxt in sorted(edges.get(node, ())):
            found = visit(nxt)
            if found:
                return found
        path.pop()
        done.add(node)
        return None

    for start in sorted(edges):
        found = visit(start)
        if found:
            return found
    return None


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycle({"a.js": {"b.js"}, "b.js": {"c.js"}, "c.js": {"a.js"}}) == [
        "a.js",
        "b.js",
        "c.js",
        "a.js",
    ]
    assert cycle({"a.js": {"b.js"}, "b.js": set(), "c.js": {"a.js", "b.js"}}) is None


def test_the_page_scripts_import_each_other_without_cycles() -> None:
    edges = graph()
    assert len(edges) > 5 and any(edges.values()), "no imports found: the pattern is out of date"
    found = cycle(edges)
    assert found is None, "import cycle: " + " -> ".join(found or [])


def test_every_imported_module_and_name_exists() -> None:
    for path in scripts():
        for module, names in imports(path).items():
            found = target(path, module)
            assert found.exists(), f"{name(path)} imports {module}, which is not there"
            missing = names - exports(found)
            assert not missing, (
                f"{path.name} imports {sorted(missing)} that {module} does not export"
            )
