"""The rules' checks, found in their source, for the tests that prove a fold runs none of them
(issue 37): every function of :mod:`fatekit.rules` that can refuse a move, that is, one that
calls :func:`~fatekit.rules.core.waivers.refuse` or :func:`~fatekit.rules.core.waivers.require`
or raises :class:`~fatekit.rules.core.errors.IllegalAction` itself.

:func:`stricter_rules` makes every one of them refuse, as a release that made every rule stricter
would; :func:`no_check_runs` fails on the first call of any of them.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import CodeType, FrameType, FunctionType, ModuleType
from typing import Any

import pytest

import fatekit.rules
from fatekit.rules.core import waivers
from fatekit.rules.core.citations import CONDENSED, Rule
from fatekit.rules.core.errors import IllegalAction

#: The rule every check refuses under, once :func:`stricter_rules` has made them all stricter.
STRICTER = Rule(
    "test.stricter",
    CONDENSED,
    "A stricter release",
    "A later release refuses this move (issue 37's proof that history does not ask it)",
)
_REFUSING = ("refuse", "require")


@dataclass(frozen=True, slots=True)
class Check:
    """A function of the rules that can refuse a move: where it is defined and its name."""

    module: str
    qualname: str

    @property
    def name(self) -> str:
        return f"{self.module}.{self.qualname}"


def _modules() -> Iterator[ModuleType]:
    yield fatekit.rules
    for found in pkgutil.walk_packages(fatekit.rules.__path__, "fatekit.rules."):
        yield importlib.import_module(found.name)


def _refuses(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for node in ast.walk(function):
        if node is not function and isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            continue  # a function inside is its own
        called = isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        if called and node.func.id in _REFUSING:  # type: ignore[attr-defined]
            return True
        if isinstance(node, ast.Raise) and node.exc is not None:
            raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if isinstance(raised, ast.Name) and raised.id == "IllegalAction":
                return True
    return False


def _scan(tree: ast.AST, module: str, prefix: str, found: list[Check]) -> None:
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if _refuses(node):
                found.append(Check(module, prefix + node.name))
            _scan(node, module, f"{prefix}{node.name}.<locals>.", found)
        elif isinstance(node, ast.ClassDef):
            _scan(node, module, f"{prefix}{node.name}.", found)


@cache
def checks() -> tuple[Check, ...]:
    """Every function of the rules that can refuse a move."""
    found: list[Check] = []
    for module in _modules():
        path = Path(inspect.getfile(module))
        _scan(ast.parse(path.read_text(encoding="utf-8")), module.__name__, "", found)
    return tuple(found)


def _owner_and_name(check: Check) -> tuple[Any, str] | None:
    """Where the function is bound (its module or class) and its name there; ``None`` for a
    function defined inside another (no one can reach it but its caller, which is a check)."""
    if "<locals>" in check.qualname:
        return None
    owner: Any = sys.modules[check.module]
    *path, name = check.qualname.split(".")
    for part in path:
        owner = getattr(owner, part)
    return owner, name


def _code(function: object) -> CodeType | None:
    target = function.fget if isinstance(function, property) else function
    target = getattr(target, "__func__", target)
    return target.__code__ if isinstance(target, FunctionType) else None


@cache
def check_codes() -> dict[CodeType, str]:
    """The code of every check, naming it."""
    codes: dict[CodeType, str] = {}
    for check in checks():
        bound = _owner_and_name(check)
        if bound is None:
            continue
        owner, name = bound
        found = inspect.getattr_static(owner, name, None)
        code = _code(found)
        if code is not None:
            codes[code] = check.name
    return codes


def _stricter(name: str) -> Callable[..., Any]:
    def refuse_everything(*args: Any, **kwargs: Any) -> Any:
        raise IllegalAction(f"a stricter release refuses this ({name})", STRICTER, waivable=True)

    return refuse_everything


def stricter_rules(monkeypatch: pytest.MonkeyPatch) -> int:
    """Make every check of the rules refuse, whatever it is asked (and ``refuse``/``require``
    refuse even what a GM set aside); return how many were made stricter."""
    made = 0
    for check in checks():
        bound = _owner_and_name(check)
        if bound is None:
            continue
        owner, name = bound
        found = inspect.getattr_static(owner, name, None)
        if isinstance(found, property):
            monkeypatch.setattr(owner, name, property(_stricter(check.name)))
        elif isinstance(found, staticmethod):
            monkeypatch.setattr(owner, name, staticmethod(_stricter(check.name)))
        elif isinstance(found, classmethod):
            monkeypatch.setattr(owner, name, classmethod(_stricter(check.name)))
        elif found is not None:
            monkeypatch.setattr(owner, name, _stricter(check.name))
        made += 1
    # A check imported by name into another module is reached through that name too.
    originals = {id(getattr(waivers, name)): name for name in _REFUSING}
    for module in list(sys.modules.values()):
        if not getattr(module, "__name__", "").startswith("fatekit."):
            continue
        for attribute, value in list(vars(module).items()):
            if id(value) in originals:
                monkeypatch.setattr(module, attribute, _stricter(originals[id(value)]))
    return made


@contextmanager
def no_check_runs() -> Iterator[list[str]]:
    """Trace every call while the block runs; yield the list of the checks called (the test
    asserts it empty). Nested functions of a check are not counted apart: their check is."""
    codes = check_codes()
    called: list[str] = []

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event == "call":
            name = codes.get(frame.f_code)
            if name is not None:
                called.append(name)

    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        yield called
    finally:
        sys.setprofile(previous)
