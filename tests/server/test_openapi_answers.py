"""The OpenAPI document says what the server answers: each error status a route can produce is
provoked here for real (at the guards in front of the app, at its endpoints, from its store), and
each answer's status must be documented for its operation and its body must validate against
the schema documented there, checked by schemathesis (which validates with ``jsonschema_rs``).
The document's own promises are checked too: no FastAPI default error shape left, the operator's
token optional where loopback needs none.
"""

from __future__ import annotations

from typing import Any

import schemathesis
from fastapi.testclient import TestClient

from fatekit.server.app import create_app
from fatekit.server.caps import Caps
from fatekit.store.base import StoreError
from fatekit.store.memory import MemoryEventStore

from .conftest import LOOPBACK, make_api  # type: ignore[import-not-found]


class Checked:
    """Answers held against the app's document, and which (operation, status) were seen."""

    def __init__(self, app: Any) -> None:
        self.document: dict[str, Any] = app.openapi()
        self.schema = schemathesis.openapi.from_dict(self.document)
        self.seen: set[tuple[str, str, int]] = set()

    def check(self, method: str, path: str, response: Any, status: int, error: str) -> None:
        assert response.status_code == status, (method, path, response.text)
        documented = self.document["paths"][path][method.lower()]["responses"]
        assert str(status) in documented, f"{method} {path} answers {status}, undocumented"
        # Raises, naming what differs, when the body breaks the documented schema.
        self.schema[path][method].validate_response(response)
        assert response.json()["error"] == error, response.text
        self.seen.add((method, path, status))


def test_every_error_answered_is_documented_with_its_body() -> None:
    api = make_api(max_body=4000, caps=Caps(tables=2, links_per_table=3, text=50))
    app = api.client.app
    seen = Checked(app)
    check = seen.check
    with api.client as client:
        gm = api.table()
        ann = gm.invite("Ann")
        at = f"/tables/{gm.table_id}"
        t = "/tables/{table_id}"
        command = f"{t}/commands"
        state = f"{t}/state"
        # 400: a body nested past what the parser follows (a body that is merely not JSON is
        # 422, below).
        deep = b"[" * 1900 + b"]" * 1900
        json_headers = {**gm.headers, "content-type": "application/json"}
        bad = client.post(f"{at}/commands", content=deep, headers=json_headers)
        check("POST", command, bad, 400, "http")
        check(
            "POST",
            "/tables",
            client.post("/tables", content=deep, headers=json_headers),
            400,
            "http",
        )
        # 401: no link; a link that opens nothing.
        check("GET", state, client.get(f"{at}/state"), 401, "link")
        nothing = {"X-Fatekit-Link": f"{gm.table_id}.nothing"}
        check("GET", "/join", client.get("/join", headers=nothing), 401, "link")
        # 403: a player sending a GM's command; a link for another table.
        scene = {"type": "StartScene", "data": {"name": "S", "participants": []}}
        refused = client.post(f"{at}/commands", json=scene, headers=ann.headers)
        check("POST", command, refused, 403, "forbidden")
        other = api.table("Other")
        check("GET", state, client.get(f"{at}/state", headers=other.headers), 403, "forbidden")
        # 404: no such character.
        nobody = client.get(f"{at}/characters/nobody/export", headers=gm.headers)
        check("GET", f"{t}/characters/{{character_id}}/export", nobody, 404, "not_found")
        # 409: illegal, stale, caps (links, tables).
        end = client.post(
            f"{at}/commands", json={"type": "EndScene", "data": {}}, headers=gm.headers
        )
        check("POST", command, end, 409, "illegal")
        stale = {"type": "Note", "data": {"text": "x"}, "expected_version": 0}
        check(
            "POST",
            command,
            client.post(f"{at}/commands", json=stale, headers=gm.headers),
            409,
            "stale",
        )
        links = f"{t}/seats/{{seat_id}}/links"
        for _ in range(3):
            answer = client.post(f"{at}/seats/ann/links", headers=gm.headers)
        check("POST", links, answer, 409, "cap")
        check("POST", "/tables", client.post("/tables", json={"name": "Third"}), 409, "cap")
        # 413: a body over the limit.
        big = client.post(
            f"{at}/commands",
            json={"type": "Note", "data": {"text": "x" * 5000}},
            headers=gm.headers,
        )
        check("POST", command, big, 413, "too_large")
        # 422: malformed (not JSON, by FastAPI's model, by the guard's text cap, a query).
        not_json = client.post(f"{at}/commands", content=b"{not json", headers=json_headers)
        check("POST", command, not_json, 422, "malformed")
        check(
            "POST",
            command,
            client.post(f"{at}/commands", json={"type": 3}, headers=gm.headers),
            422,
            "malformed",
        )
        long = {"type": "Note", "data": {"text": "x" * 51}}
        check(
            "POST",
            command,
            client.post(f"{at}/commands", json=long, headers=gm.headers),
            422,
            "malformed",
        )
        check(
            "GET",
            f"{t}/events",
            client.get(f"{at}/events", params={"after": -1}, headers=gm.headers),
            422,
            "malformed",
        )
        check(
            "POST",
            f"{t}/seats",
            client.post(f"{at}/seats", json={"name": "x" * 51}, headers=gm.headers),
            422,
            "malformed",
        )

    # 403 and 401 for the operator: a client from elsewhere, a server with a token.
    store = MemoryEventStore()
    remote = TestClient(create_app(store), client=("203.0.113.9", 40000))
    with remote:
        check("POST", "/tables", remote.post("/tables", json={"name": "T"}), 403, "operator")
    tokened = TestClient(create_app(store, admin_token="a" * 40), client=LOOPBACK)
    with tokened:
        check("POST", "/tables", tokened.post("/tables", json={"name": "T"}), 401, "operator")
        opened = tokened.post(
            "/tables", json={"name": "T"}, headers={"Authorization": "Bearer " + "a" * 40}
        )
        assert opened.status_code == 201

    # 429: past a client's budget.
    slow = make_api(rate=0.5, burst=3)
    with slow.client as client:
        for _ in range(10):
            answer = client.get("/")
            if answer.status_code == 429:
                break
        check("GET", "/", answer, 429, "slow_down")

    # 503: a store that fails, under a route and under the health check.
    failing = make_api()
    with failing.client as client:
        gm = failing.table()

        def broken(*_: Any) -> Any:
            raise StoreError("the disk is gone")

        failing.store.read = broken  # type: ignore[method-assign]
        failing.store.version = broken  # type: ignore[method-assign]
        failing.client.app.state.service.repo.forget(gm.table_id)
        answer = client.get(f"/tables/{gm.table_id}/state", headers=gm.headers)
        check("GET", state, answer, 503, "store")
        check("GET", "/health", client.get("/health"), 503, "unhealthy")

    statuses = {status for _, _, status in seen.seen}
    assert statuses == {400, 401, 403, 404, 409, 413, 422, 429, 503}


def test_the_document_has_one_error_shape_and_an_optional_operator_token() -> None:
    document = create_app(MemoryEventStore()).openapi()
    schemas = document["components"]["schemas"]
    assert "HTTPValidationError" not in schemas and "ValidationError" not in schemas
    for path, item in document["paths"].items():
        for method, operation in item.items():
            for status, answer in operation["responses"].items():
                if int(status) >= 400:
                    [kind] = answer["content"].values()
                    ref = kind["schema"]["$ref"]
                    assert ref in (
                        "#/components/schemas/Problem",
                        "#/components/schemas/Unhealthy",
                    ), (method, path, status)
    tables = document["paths"]["/tables"]["post"]
    assert {"400", "401", "403", "409", "413", "422", "429", "503"} <= set(tables["responses"])
    # Loopback opens tables with no token: no security requirement is also acceptable.
    assert {} in tables["security"] and {"HTTPBearer": []} in tables["security"]
    commands = document["paths"]["/tables/{table_id}/commands"]["post"]
    assert {"400", "401", "403", "404", "409", "422"} <= set(commands["responses"])
    assert schemas["Problem"]["required"] == ["error", "detail"]
