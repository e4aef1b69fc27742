"""Every command the tests decide is folded again from what it recorded, and must give the table
the rules left (issue 37): the fold assigns what an event and its facts hold and runs no rule,
so a fact the decision did not record would be a part of the table lost on the next reload.

``tests/conftest.py`` installs :func:`check_fold` as :data:`fatekit.table.handle.FOLD_CHECK` for
the whole run.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
import sys
from collections.abc import Iterator
from typing import Any

from fatekit.table.base import ClearedFact, Event, Facts
from fatekit.table.fold import apply_in_place
from fatekit.table.history import History
from fatekit.table.snapshot import copy_state, state_to_data
from fatekit.table.state import TableState

#: How many differing places a failure names.
SHOWN = 12


def check_fold(
    before: TableState | None, event: Event, decided: TableState, history: History | None
) -> None:
    """Fold ``event`` into ``before`` (a copy of the table before it) and compare the table it
    gives with ``decided``, the one the rules left as they decided it; fold it again as a
    release before issue 37 would have recorded it (its upcaster computes what those facts
    leave out) and compare that too. Neither fold may call any check of the rules."""
    older = None if before is None or event.facts is None else copy_state(before)
    was = state_to_data(decided)  # written once for both comparisons
    _compare(was, _folded(before, event, history), event, "folds")
    if older is not None:
        again = _folded(older, as_older(event), history)
        # An older release held no roll to recorded figures: today's rules give the same ones.
        _compare(was, again, event, "folds, recorded as an older release would,", kept=False)


def _folded(before: TableState | None, event: Event, history: History | None) -> TableState:
    checks: Any = sys.modules["rule_checks"]
    with checks.no_check_runs() as called:
        folded = apply_in_place(before, event, history=history)
    if called:
        raise AssertionError(
            f"{type(event).__name__} (version {event.version}) ran checks of the rules as it "
            f"folded: {sorted(set(called))}"
        )
    return folded


def _compare(
    was: dict[str, Any], folded: TableState, event: Event, how: str, *, kept: bool = True
) -> None:
    """Compare ``was``, the decided table's data (left as it is), with the ``folded`` table."""
    now = state_to_data(folded)
    if was == now:
        return  # the same, and so the same without what an older release kept
    if not kept:
        was = copy.deepcopy(was)
        _without_kept(was)
        _without_kept(now)
    if was != now:
        was, now = _resolved(was), _resolved(now)
    if was != now:
        found = list(_differences(was, now, "$"))
        shown = "\n".join(found[:SHOWN])
        raise AssertionError(
            f"{type(event).__name__} (version {event.version}) {how} otherwise than it was "
            f"decided; decided vs folded:\n{shown}"
        )


def _without_kept(node: Any) -> None:
    if isinstance(node, dict):
        if node.get("O") == "fatekit.rules.aspects.rolling.ActionRoll":
            node["a"].pop("kept", None)
        for value in node.values():
            _without_kept(value)
    elif isinstance(node, list):
        for value in node:
            _without_kept(value)


def _resolved(data: Any) -> Any:
    """Snapshot data with its numbered references written as the place of what they name, and
    an immutable value shared written out where it is shared, so that two states built in
    another order compare by what they hold."""
    places: dict[int, str] = {}
    nodes: dict[int, Any] = {}

    def number(node: Any, path: str) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("@"), int):
                places[node["@"]] = path
                nodes[node["@"]] = node
            for key, value in node.items():
                number(value, f"{path}.{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                number(value, f"{path}[{i}]")

    def rewrite(node: Any) -> Any:
        if isinstance(node, dict):
            if set(node) == {"R"}:
                named = nodes.get(node["R"])
                if named is not None and _immutable(named):
                    return rewrite(named)
                return {"R": places.get(node["R"], "?")}
            return {k: rewrite(v) for k, v in node.items() if k != "@"}
        if isinstance(node, list):
            return [rewrite(v) for v in node]
        return node

    number(data, "$")
    return rewrite(data)


def _immutable(node: dict[str, Any]) -> bool:
    path = node.get("O")
    if not isinstance(path, str):
        return False
    module, _, name = path.rpartition(".")
    found = getattr(importlib.import_module(module), name, None)
    params = getattr(found, "__dataclass_params__", None)
    return bool(params is not None and params.frozen)


def _differences(was: Any, now: Any, path: str) -> Iterator[str]:
    if isinstance(was, dict) and isinstance(now, dict):
        for key in sorted(set(was) | set(now), key=str):
            if key not in now:
                yield f"{path}.{key}: {_short(was[key])} vs missing"
            elif key not in was:
                yield f"{path}.{key}: missing vs {_short(now[key])}"
            else:
                yield from _differences(was[key], now[key], f"{path}.{key}")
    elif isinstance(was, list) and isinstance(now, list) and len(was) == len(now):
        for i, (a, b) in enumerate(zip(was, now, strict=True)):
            yield from _differences(a, b, f"{path}[{i}]")
    elif was != now:
        yield f"{path}: {_short(was)} vs {_short(now)}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 160 else text[:157] + "..."


def as_older(event: Event, *, sheets: bool = False, rolls: bool = True) -> Event:
    """``event`` as a release before issue 37 would have recorded it: with the facts those
    releases kept (fate points, hits, consequences cleared, rolls' figures unless not
    ``rolls``, free invokes and, with ``sheets``, an advancement's sheet), version 1; an event
    with no facts is left so."""
    facts = event.facts
    if facts is None:
        return event
    cleared = tuple(
        ClearedFact(character=c.character, slot=c.slot)
        for c in facts.consequences or ()
        if c.aspect is None
    )
    older = Facts(
        points=facts.points,
        hits=facts.hits,
        cleared=cleared or None,
        rolls=None
        if not rolls or facts.rolls is None
        else tuple(dataclasses.replace(r, sides=None) for r in facts.rolls),
        invokes=facts.invokes,
        sheets=None
        if not sheets or facts.sheets is None
        else tuple(dataclasses.replace(s, stress=None, slots=None) for s in facts.sheets),
    )
    return dataclasses.replace(event, facts=older)
