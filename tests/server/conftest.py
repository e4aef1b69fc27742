"""Helpers for the server tests: an app over a fresh store, and a table driven through HTTP."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fatekit.rules.core.dice import FateDice, parse_faces
from fatekit.server.app import create_app
from fatekit.server.ws import SocketSettings
from fatekit.store.memory import MemoryEventStore


@dataclass
class Seat:
    """A seat's link and the client it talks through."""

    client: TestClient
    table_id: str
    seat: str
    link: str

    @property
    def headers(self) -> dict[str, str]:
        return {"X-Fatekit-Link": self.link}

    def send(self, type_name: str, expect: int = 200, **data: Any) -> dict[str, Any]:
        """Send a command; check the status; return the body."""
        response = self.client.post(
            f"/tables/{self.table_id}/commands",
            json={"type": type_name, "data": data},
            headers=self.headers,
        )
        assert response.status_code == expect, response.text
        body: dict[str, Any] = response.json()
        return body

    def get(self, path: str, expect: int = 200, **params: Any) -> Any:
        response = self.client.get(
            f"/tables/{self.table_id}{path}", params=params, headers=self.headers
        )
        assert response.status_code == expect, response.text
        return response.json()

    def invite(self, name: str, role: str = "player", seat_id: str | None = None) -> Seat:
        body: dict[str, Any] = {"name": name, "role": role}
        if seat_id is not None:
            body["seat_id"] = seat_id
        response = self.client.post(
            f"/tables/{self.table_id}/seats", json=body, headers=self.headers
        )
        assert response.status_code == 201, response.text
        out = response.json()
        return Seat(self.client, out["table_id"], out["seat"], out["link"])


@dataclass
class Api:
    """An app over a memory store, with a test client (exceptions in the app raise)."""

    store: MemoryEventStore
    client: TestClient
    dice: list[str]

    def table(self, name: str = "The Yacht", **fields: Any) -> Seat:
        response = self.client.post("/tables", json={"name": name, **fields})
        assert response.status_code == 201, response.text
        out = response.json()
        return Seat(self.client, out["table_id"], out["seat"], out["link"])


class _Dice:
    """The table's dice: faces from a list the test fills, else blanks, so every run repeats."""

    def __init__(self, faces: list[str]) -> None:
        self.faces = faces

    def roll(self) -> FateDice:
        return parse_faces(self.faces.pop(0) if self.faces else "0000")


def make_api(**options: Any) -> Api:
    store = MemoryEventStore()
    faces: list[str] = []
    options.setdefault("rate", 10_000)
    options.setdefault("burst", 10_000)
    app = create_app(store, dice=_Dice(faces), **options)
    return Api(store, TestClient(app), faces)


@pytest.fixture
def api() -> Iterator[Api]:
    made = make_api(sockets=SocketSettings(heartbeat=5, timeout=30))
    with made.client:
        yield made
