"""Every document a seat receives at every version of the golden tables is what the page contract
(docs/page.schema.json, generated from the typed parts) describes: each seat's view and extras,
and the public's view (a Discord channel's), folded one event at a time.

A part that stays the same from one version to the next is checked once: the parts are
validated against their own definitions, each distinct value once, so the whole history of every
table is covered at the cost of what changes in it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from fatekit.table.contract import page_schema
from fatekit.table.events import Event
from fatekit.table.export import import_table
from fatekit.table.extras import document_for
from fatekit.table.fold import apply
from fatekit.table.state import TableState
from fatekit.table.views import view_for

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = sorted((ROOT / "tests" / "golden_tables").glob("*.json"))
SCHEMA = page_schema()


def _validator(reference: dict[str, Any]) -> Draft202012Validator:
    return Draft202012Validator({**SCHEMA, **reference})


#: The view's parts, each against the definition the view names for it.
_PARTS = {
    name: _validator(prop) for name, prop in SCHEMA["$defs"]["SeatView"]["properties"].items()
}
_EXTRAS = _validator({"$ref": "#/$defs/extras"})
_DOCUMENT = _validator({"$ref": "#/$defs/document"})


def _versions(events: tuple[Event, ...]) -> Iterator[TableState]:
    state: TableState | None = None
    for index, event in enumerate(events):
        state = apply(state, event, history=events[: index + 1])
        yield state


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_every_document_at_every_version_is_what_the_contract_describes(path: Path) -> None:
    events = import_table(json.loads(path.read_text(encoding="utf-8"))["export"]).events
    seen: set[str] = set()
    problems: list[str] = []
    checked = 0
    last: TableState | None = None
    for state in _versions(events):
        last = state
        reads: list[tuple[str, dict[str, Any]]] = [("public", view_for(state, None))]
        reads += [(seat, document_for(state, seat)) for seat in state.seats]
        for seat, document in reads:
            extras = document.pop("extras", None)
            assert set(document) == set(_PARTS), (state.version, seat)
            parts = [(name, _PARTS[name], value) for name, value in document.items()]
            if extras is not None:
                parts.append(("extras", _EXTRAS, extras))
            for name, validator, value in parts:
                key = name + json.dumps(value, sort_keys=True)
                if key in seen:
                    continue
                seen.add(key)
                checked += 1
                problems += [
                    f"v{state.version} {seat} {name}{error.json_path[1:]}: {error.message[:160]}"
                    for error in validator.iter_errors(value)
                ]
    assert last is not None
    for seat in last.seats:  # and each whole document once, as the page reads it
        problems += [e.message[:160] for e in _DOCUMENT.iter_errors(view_for(last, seat))]
    assert checked > len(_PARTS)
    assert problems == [], "\n".join(problems[:30])
