"""Property-based API tests: no input makes the server fail.

Two fuzzers, both bounded and deterministic (``derandomize``):

- schemathesis reads the app's OpenAPI description and generates requests for every operation,
  both fitting the schema and breaking it, sent with no link, a made-up one, or a real seat's;
  every answer's status must be documented for its operation and its body must fit the schema
  documented there;
- a typed command fuzzer sends well-formed commands of every type with plausible ids, dice and
  sheets, so that requests get past the parsing and into the rules.

The test client raises any exception that escapes the app, so an error the server did not mean
(even one the fallback handler would answer) fails the test, as does any 5xx. After the fuzzing,
the table the server holds must equal a fresh fold of its log, and every seat's view must build.
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from enum import Enum
from functools import cache
from typing import Any

import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.generation.modes import GenerationMode

from fatekit.store.tables import to_event
from fatekit.table import fold, view_for
from fatekit.table.commands import COMMAND_TYPES

from ..sheets import npc_sheet, ruth_sheet  # type: ignore[import-not-found]
from .conftest import Api, Seat, make_api  # type: ignore[import-not-found]


def fuzz(examples: int) -> settings:
    """Bounded and the same every run."""
    return settings(
        max_examples=examples,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )


def _setup(api: Api) -> dict[str, Seat]:
    gm = api.table("Fuzzed", options=["countdowns"])
    seats = {"gm": gm, "ann": gm.invite("Ann"), "sam": gm.invite("Sam", role="spectator")}
    seats["ann"].send("AddCharacter", sheet=ruth_sheet(), owner="ann")
    gm.send("AddCharacter", sheet=npc_sheet())
    gm.send("StartSession")
    gm.send("StartScene", name="Deck", participants=["ruth", "alice"], zones=["deck", "hold"])
    gm.send("AddSituationAspect", name="Slick", hidden=True)
    return seats


def _check(response: Any) -> None:
    assert response.status_code < 500, (response.status_code, response.text)
    if response.status_code >= 400:
        body = response.json()
        assert isinstance(body, dict) and "detail" in body, response.text


def _documented(operation: Any, response: Any) -> None:
    """Hold an answer to the description: its status documented for the operation, its body
    valid against the schema documented there (schemathesis raises naming what differs)."""
    if response.status_code >= 400:
        documented = operation.definition.raw["responses"]
        assert str(response.status_code) in documented, (
            f"{operation.method.upper()} {operation.path} answered {response.status_code}, "
            f"undocumented: {response.text}"
        )
    operation.validate_response(response)


def _consistent(api: Api, seats: dict[str, Seat]) -> None:
    table_id = seats["gm"].table_id
    state = fold([to_event(s) for s in api.store.read(table_id)])
    assert seats["gm"].get("/state") == json.loads(json.dumps(view_for(state, "gm")))
    for seat in state.seats:
        view_for(state, seat)


# -- schemathesis ---------------------------------------------------------------------------


def test_no_generated_request_gets_a_server_error() -> None:
    api = make_api()
    with api.client:
        _schemathesis(api, _setup(api))


def _schemathesis(api: Api, seats: dict[str, Seat]) -> None:
    schema = schemathesis.openapi.from_asgi("/openapi.json", api.client.app)
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 12
    table_id = seats["gm"].table_id

    @fuzz(500)
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        operation = data.draw(st.sampled_from(operations))
        mode = data.draw(st.sampled_from([GenerationMode.POSITIVE, GenerationMode.NEGATIVE]))
        case = data.draw(operation.as_strategy(mode))
        who = data.draw(st.sampled_from([None, "gm", "ann", "sam"]))
        if who is not None:
            case.headers = {**(case.headers or {}), "X-Fatekit-Link": seats[who].link}
            if case.path_parameters and "table_id" in case.path_parameters:
                case.path_parameters["table_id"] = table_id
        sent = case.as_transport_kwargs(base_url="http://testserver")
        headers = {
            k: v
            for k, v in sent["headers"].items()
            if k.lower() not in ("connection", "accept-encoding")
        }
        response = api.client.request(
            sent["method"],
            sent["url"],
            headers=headers,
            params=sent.get("params"),
            json=sent.get("json"),
            content=sent.get("data"),
        )
        _check(response)
        _documented(operation, response)

    run()
    _consistent(api, seats)


# -- typed commands -------------------------------------------------------------------------

IDS = [
    "ruth",
    "alice",
    "gm",
    "ann",
    "sam",
    "a1",
    "a2",
    "ruth/trouble/1",
    "fight",
    "notice",
    "athletics",
    "deck",
    "hold",
    "hit",
    "c9",
    "",
    "x",
]
DICE = ["+0-+", "0000", "++++", "----", "1 4 5 6", "bad", "+"]


@cache
def _hints(kind: type) -> dict[str, Any]:
    return typing.get_type_hints(kind)


def _values(name: str, hint: Any) -> st.SearchStrategy[Any]:
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(hint) if a is not type(None)]
        return st.none() | _values(name, inner[0])
    if origin is tuple:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(_values(name, args[0]), max_size=3)
        return st.tuples(*(_values(name, a) for a in args)).map(list)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return st.sampled_from([m.value for m in hint])
    if hint is bool:
        return st.booleans()
    if hint is int:
        return st.integers(-2, 8)
    if name == "sheet":
        return st.sampled_from([ruth_sheet(), npc_sheet(), "{}", "not json"])
    if "dice" in name:
        return st.sampled_from(DICE)
    return st.sampled_from(IDS) | st.text(max_size=6)


def _command(type_name: str) -> st.SearchStrategy[dict[str, Any]]:
    kind = COMMAND_TYPES[type_name]
    fields = [f for f in dataclasses.fields(kind) if f.init]
    required = {
        f.name
        for f in fields
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    return st.fixed_dictionaries(
        {f.name: _values(f.name, _hints(kind)[f.name]) for f in fields if f.name in required},
        optional={
            f.name: _values(f.name, _hints(kind)[f.name]) for f in fields if f.name not in required
        },
    )


def test_well_formed_commands_of_every_type_never_get_a_server_error() -> None:
    api = make_api()
    with api.client:
        _typed_commands(api, _setup(api))


def _typed_commands(api: Api, seats: dict[str, Seat]) -> None:
    names = sorted(COMMAND_TYPES)
    schema = schemathesis.openapi.from_asgi("/openapi.json", api.client.app)
    operation = schema["/tables/{table_id}/commands"]["POST"]

    @fuzz(600)
    @given(data=st.data())
    def run(data: st.DataObject) -> None:
        type_name = data.draw(st.sampled_from(names))
        fields = data.draw(_command(type_name))
        who = data.draw(st.sampled_from(["gm", "gm", "ann", "sam"]))
        body: dict[str, Any] = {"type": type_name, "data": fields}
        if data.draw(st.booleans()):
            body["idempotency_key"] = data.draw(st.sampled_from(["k1", "k2", "k3"]))
        seat = seats[who]
        response = api.client.post(
            f"/tables/{seat.table_id}/commands", json=body, headers=seat.headers
        )
        _check(response)
        _documented(operation, response)

    run()
    _consistent(api, seats)
