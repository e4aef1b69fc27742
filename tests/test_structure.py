"""Cohesion checks over the whole of ``fatekit/`` (docs/layout.md is the map they hold to).

Every import counts, whatever runs it: at module level, under ``TYPE_CHECKING`` and inside a
function. A cycle hidden behind ``TYPE_CHECKING`` or a late import is still two modules that
cannot be read, tested or moved apart, so none is allowed; nor is reaching into another module
for its private (``_name``) names. Packages and the rules' folders sit in layers, each importing
only from the layers below it (or its own).
"""

from __future__ import annotations

import ast
import importlib
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import is_typeddict

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "fatekit"

#: The packages, bottom first: each may import only from those before it (and the root
#: ``fatekit``, which holds the version). ``web`` and ``i18n`` hold the page's files and the
#: catalogs, no Python modules of their own.
PACKAGE_LAYERS = ("rules", "formats", "odds", "table", "store", "server", "discord", "cli")
#: Folders without Python modules, which the map still names.
DATA_FOLDERS = ("i18n", "web")
#: The rules' folders, bottom first, the same way.
RULES_LAYERS = (
    "core",
    "books",
    "aspects",
    "harm",
    "characters",
    "options",
    "scenes",
    "safety",
    "golden",
)
#: Cycles still to untangle, each listed so that no new one comes in unseen; the check says when
#: one is gone. None is left: keep it so.
PENDING_CYCLES: list[list[str]] = []


@dataclass(frozen=True)
class Import:
    importer: str
    module: str  # the module imported (a submodule when the name imported is one)
    name: str | None  # the name taken from it, for ``from module import name``
    line: int


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _absolute(importer: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = importer.split(".")
    if MODULES[importer].name != "__init__.py":
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _imports(importer: str) -> Iterator[Import]:
    tree = ast.parse(MODULES[importer].read_text(encoding="utf-8"))
    for node in ast.walk(tree):  # every import, wherever it runs
        if isinstance(node, ast.ImportFrom):
            module = _absolute(importer, node)
            if not module.startswith("fatekit"):
                continue
            for alias in node.names:
                sub = f"{module}.{alias.name}"
                if sub in MODULES:
                    yield Import(importer, sub, None, node.lineno)
                else:
                    yield Import(importer, module, alias.name, node.lineno)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("fatekit"):
                    yield Import(importer, alias.name, None, node.lineno)


IMPORTS = [i for name in MODULES for i in _imports(name) if i.module != name]


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {name: set() for name in MODULES}
    for i in IMPORTS:
        if i.module in MODULES:
            graph[i.importer].add(i.module)
    return graph


def test_the_cycle_finder_finds_a_cycle_through_several_modules() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]


def test_no_import_cycles_counting_type_checking_and_late_imports() -> None:
    for pending in PENDING_CYCLES:
        assert all(m in MODULES for m in pending), f"{pending} is gone: drop it from PENDING_CYCLES"
    assert [c for c in _cycles(_graph()) if c not in PENDING_CYCLES] == []


def test_no_module_imports_another_modules_private_names() -> None:
    reached = [
        f"{i.importer}:{i.line} takes {i.name} from {i.module}"
        for i in IMPORTS
        if i.name is not None and _private(i.name)
    ]
    # ``import fatekit.x as x`` then ``x._name`` is the same reach by another road.
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        aliases = {
            (alias.asname or alias.name): alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
            if alias.name.startswith("fatekit")
        }
        aliases |= {
            alias.asname or alias.name: f"{_absolute(name, node)}.{alias.name}"
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            for alias in node.names
            if f"{_absolute(name, node)}.{alias.name}" in MODULES
        }
        reached += [
            f"{name}:{node.lineno} takes {node.attr} from {aliases[node.value.id]}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and _private(node.attr)
        ]
    assert reached == []


def _layer_breaks(layers: tuple[str, ...], depth: int, allowed: set[str]) -> list[str]:
    """Imports from a layer above the importer's, with layers named by part ``depth`` of a name."""

    def layer(module: str) -> str | None:
        parts = module.split(".")
        return parts[depth] if len(parts) > depth else None

    breaks = []
    for i in IMPORTS:
        mine, theirs = layer(i.importer), layer(i.module)
        if mine not in layers or theirs is None or i.module in allowed:
            continue
        assert theirs in layers, f"{i.module} is in no layer: place it in tests/test_structure.py"
        if layers.index(theirs) > layers.index(mine):
            breaks.append(f"{i.importer}:{i.line} ({mine}) imports {i.module} ({theirs})")
    return breaks


def test_packages_import_only_from_the_layers_below() -> None:
    assert _layer_breaks(PACKAGE_LAYERS, 1, {"fatekit"}) == []


def test_rules_folders_import_only_from_the_folders_below() -> None:
    # The package's own __init__ gathers the public API from every folder.
    breaks = _layer_breaks(RULES_LAYERS, 2, {"fatekit.rules"})
    assert [b for b in breaks if b.startswith("fatekit.rules.")] == []


def test_every_package_and_rules_folder_has_its_layer() -> None:
    packages = {p.name for p in PACKAGE.iterdir() if p.is_dir() and not p.name.startswith("_")}
    assert packages == set(PACKAGE_LAYERS) | set(DATA_FOLDERS)
    rules = {
        p.name for p in (PACKAGE / "rules").iterdir() if p.is_dir() and (p / "__init__.py").exists()
    }
    assert rules == set(RULES_LAYERS)


def test_the_map_for_newcomers_names_every_layer_in_order() -> None:
    text = (ROOT / "docs" / "layout.md").read_text(encoding="utf-8")
    for layers, prefix in ((PACKAGE_LAYERS, "fatekit/"), (RULES_LAYERS, "rules/")):
        where = [text.find(f"`{prefix}{name}/`") for name in layers]
        assert all(at >= 0 for at in where), (prefix, dict(zip(layers, where, strict=True)))
        assert where == sorted(where), f"docs/layout.md lists {prefix} out of layer order"
    for name in DATA_FOLDERS:
        assert f"`fatekit/{name}/`" in text


def test_the_conflict_is_used_through_its_public_module() -> None:
    # conflict_parts and the other conflict_* modules hold the Conflict's parts;
    # everything outside the scenes folder imports the conflict's names from conflict.py.
    inner = {name for name in MODULES if name.startswith("fatekit.rules.scenes.conflict_")}
    reached = [
        f"{i.importer}:{i.line} imports {i.module}"
        for i in IMPORTS
        if i.module in inner and not i.importer.startswith("fatekit.rules.scenes.")
    ]
    assert reached == []


def test_the_conflict_is_a_small_class_with_collaborators_not_mixins() -> None:
    # Each part of a fight is an object the conflict holds, given only the parts it uses; a part
    # is slotted, so a snapshot of a conflict of another shape is stale (docs/table.md).
    from fatekit.rules.scenes import conflict

    assert conflict.Conflict.__bases__ == (object,)
    assert set(conflict.Conflict.__slots__) == {
        "id",
        "roster",
        "turns",
        "big_bad_rules",
        "defence",
        "hits",
        "targets",
        "obstacles",
    }
    unslotted = [
        f"{module}.{cls.__name__}"
        for module in MODULES
        if module.startswith("fatekit.rules.scenes.conflict")
        for cls in vars(importlib.import_module(module)).values()
        if isinstance(cls, type)
        and cls.__module__ == module
        and not issubclass(cls, Enum)
        and not is_typeddict(cls)  # the keywords an action takes: a plain dict, never held
        and "__slots__" not in vars(cls)
    ]
    assert unslotted == []
