"""A command and its event live in one place: their domain module. Nothing else lists them.

The registries (commands, events, who sees what, how the log tells it) are filled by the domains
themselves; the façades re-export each domain's ``__all__``; Discord and the page read one line
declaration per event. These tests fail when a list by hand creeps back in.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType
from typing import get_args

from fatekit.discord import lines
from fatekit.table import commands, events, play
from fatekit.table.commands import COMMAND_TYPES
from fatekit.table.events import EVENT_TYPES
from fatekit.table.telling import TOLD, Kind, Piece

ROOT = Path(__file__).resolve().parents[2]
PLAY = ROOT / "fatekit" / "table" / "play"
CATALOGS = {
    language: json.loads((ROOT / "fatekit" / "i18n" / f"{language}.json").read_text("utf-8"))
    for language in ("en", "ru", "it", "sv")
}
#: Where a front end once listed every event type by hand.
FRONTS = [
    ROOT / "fatekit" / "discord" / "lines.py",
    ROOT / "fatekit" / "web" / "js" / "log.js",
    ROOT / "fatekit" / "web" / "js" / "screen.js",
]


def _page_lines() -> ModuleType:
    """tools/page_lines.py, which writes the page's copy of the declarations."""
    spec = importlib.util.spec_from_file_location("page_lines", ROOT / "tools" / "page_lines.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _domains() -> set[str]:
    return {p.stem for p in PLAY.glob("*.py") if p.stem != "__init__"}


def _imported_from_play(path: Path) -> set[str]:
    """The domain modules a module imports (``from fatekit.table.play import x`` or ``.x``)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "fatekit.table.play":
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
            "fatekit.table.play."
        ):
            found.add((node.module or "").rsplit(".", 1)[1])
    return found


def test_every_domain_is_imported_by_the_package_and_both_facades() -> None:
    for path in ("play/__init__.py", "commands.py", "events.py"):
        assert _imported_from_play(ROOT / "fatekit" / "table" / path) >= _domains(), path


def test_every_command_and_event_is_exported_by_its_own_domain_and_the_facades() -> None:
    for name, kind in {**COMMAND_TYPES, **EVENT_TYPES}.items():
        domain = kind.__module__.rsplit(".", 1)[1]
        assert kind.__module__ == f"fatekit.table.play.{domain}", name
        assert name in getattr(play, domain).__all__, f"{name} is not in {domain}.__all__"
        assert getattr(commands, name) is kind and getattr(events, name) is kind
        assert name in commands.__all__ and name in events.__all__


def test_every_event_type_is_told_once() -> None:
    # (Declaring a type twice raises as its domain is imported: telling.tells.)
    assert sorted(TOLD) == sorted(EVENT_TYPES)


def _keys(template: str, catalog: dict[str, str]) -> list[str]:
    """The catalog keys a case's key may stand for (``CompelAnswered.{answer}``: each answer)."""
    if "{" not in template:
        return [f"event.{template}"]
    pattern = re.compile("event." + re.sub(r"\\\{[\w.]+\\\}", r"[\\w]+", re.escape(template)))
    return [key for key in catalog if pattern.fullmatch(key)]


def test_every_line_is_in_all_four_catalogs_and_names_only_its_pieces() -> None:
    problems = []
    for name, line in TOLD.items():
        for case in line.cases:
            for language, catalog in CATALOGS.items():
                keys = _keys(case.key, catalog)
                if not keys:
                    problems.append(f"{name}: no {case.key} in {language}")
                for key in keys:
                    named = set(re.findall(r"\{(\w+)", catalog[key]))
                    if named - set(line.pieces):
                        problems.append(f"{key} ({language}) names {named - set(line.pieces)}")
    assert problems == []


def _kinds(piece: Piece) -> set[str]:
    out = {piece.kind}
    for _, choice in piece.choices:
        out |= _kinds(choice)
    if piece.otherwise is not None:
        out |= _kinds(piece.otherwise)
    return out


def test_both_front_ends_read_the_one_declaration_and_know_every_piece() -> None:
    # Discord's lines are made from the declarations, one per event type...
    assert set(lines._LINES) == set(TOLD)
    # ...and the page's are the same declarations, as make docs writes them.
    page_lines = _page_lines()
    assert page_lines.TOLD.read_text("utf-8") == page_lines.written(), "run make docs"
    used = {kind for line in TOLD.values() for p in line.pieces.values() for kind in _kinds(p)}
    assert used <= set(get_args(Kind))
    page = (ROOT / "fatekit" / "web" / "js" / "log.js").read_text("utf-8")
    discord = (ROOT / "fatekit" / "discord" / "lines.py").read_text("utf-8")
    for kind in get_args(Kind):
        assert f'case "{kind}":' in page, f"the page's log cannot show a {kind}"
        assert f'kind == "{kind}"' in discord, f"Discord cannot show a {kind}"


def test_no_front_end_lists_the_event_types_by_hand() -> None:
    for path in FRONTS:
        source = path.read_text("utf-8")
        listed = [
            name for name in EVENT_TYPES if re.search(rf"^\s+\"?{name}\"?:", source, re.MULTILINE)
        ]
        assert listed == [], f"{path.name} lists {listed}"
