"""Seat links: the secret in each seat's URL, stored only as a hash and checked in constant time.

A link is ``<table id>.<secret>``: the table id says where to look, the secret (at least 128
random bits; we use 192) proves the seat. The store keeps, per table, a stream of link events
(issued, with the secret's SHA-256 hash; revoked), apart from the table's own log so exporting a
table never exports its keys.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from fatekit.rules.core.errors import BadInput, FateError
from fatekit.store.base import EventStore, NewEvent, VersionConflict

__all__ = [
    "LINK_BITS",
    "LinkRefused",
    "LinkRegistry",
    "SeatLink",
    "hash_secret",
    "links_of",
    "stream_of",
]

#: Random bits in every link's secret.
LINK_BITS = 192

_STREAM = "links:"
_RETRIES = 5


class LinkRefused(FateError):
    """The link opens no seat: unknown, mistyped or revoked."""


def links_of(stream_id: str) -> str | None:
    """The table whose links the store stream ``stream_id`` holds, or None for a table's own log."""
    return stream_id[len(_STREAM) :] if stream_id.startswith(_STREAM) else None


def stream_of(table_id: str) -> str:
    """The store stream that holds the links of ``table_id``."""
    return _STREAM + table_id


def hash_secret(secret: str) -> str:
    """The hash a link's secret is stored as."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class SeatLink:
    """A seat's link: the table, the seat, and the secret token to put in its URL."""

    table_id: str
    seat: str
    token: str


class LinkRegistry:
    """Issues, checks and revokes seat links, keeping their hashes in the event store."""

    def __init__(self, store: EventStore) -> None:
        self.store = store

    def issue(self, table_id: str, seat: str) -> SeatLink:
        """A new link for ``seat`` (earlier links of the seat stay valid until revoked)."""
        secret = secrets.token_urlsafe(LINK_BITS // 8)
        event = NewEvent("LinkIssued", json.dumps({"seat": seat, "hash": hash_secret(secret)}))
        self._append(table_id, [event])
        return SeatLink(table_id, seat, f"{table_id}.{secret}")

    @contextmanager
    def issuing(self, table_id: str, seat: str) -> Iterator[SeatLink]:
        """A new link for ``seat`` while the block stores the seat; when the block raises, the
        seat's links are revoked again, so that no link outlives a seat that was not stored."""
        link = self.issue(table_id, seat)
        try:
            yield link
        except BaseException:
            self.revoke(table_id, seat)
            raise

    def revoke(self, table_id: str, seat: str) -> int:
        """Revoke every link of ``seat``; return how many were live."""
        live = [h for h, s in self._live(table_id).items() if s == seat]
        if live:
            self._append(table_id, [NewEvent("LinkRevoked", json.dumps({"hash": h})) for h in live])
        return len(live)

    def seat_for(self, token: str) -> tuple[str, str]:
        """The (table id, seat) a token opens; raises :class:`ForbiddenAction` otherwise."""
        table_id, _, secret = token.rpartition(".")
        if not table_id or not secret:
            raise BadInput("a seat link looks like <table>.<secret>")
        wanted = hash_secret(secret)
        found: str | None = None
        # Compare against every live hash, in constant time each, so timing tells nothing.
        for stored, seat in self._live(table_id).items():
            if hmac.compare_digest(stored, wanted):
                found = seat
        if found is None:
            raise LinkRefused("this link opens no seat: it is unknown or has been revoked")
        return table_id, found

    def is_live(self, table_id: str, hashed: str, seat: str) -> bool:
        """Whether the link whose secret hashes to ``hashed`` still opens ``seat`` (for the
        Discord front door, which keeps the hash of the link a player gave it)."""
        found = self._live(table_id).get(hashed)
        return found is not None and hmac.compare_digest(found, seat)

    def live_seats(self, table_id: str) -> set[str]:
        """The seats of the table that hold at least one link that has not been revoked."""
        return set(self._live(table_id).values())

    def _append(self, table_id: str, events: list[NewEvent]) -> None:
        stream = _STREAM + table_id
        for _ in range(_RETRIES):
            try:
                self.store.append(stream, self.store.version(stream), events)
                return
            except VersionConflict:
                continue  # another link was issued at the same moment: read again and retry
        raise LinkRefused("too many links are being issued at once; try again")

    def _live(self, table_id: str) -> dict[str, str]:
        live: dict[str, str] = {}
        for event in self.store.read(_STREAM + table_id):
            data = json.loads(event.payload)
            if event.type == "LinkIssued":
                live[data["hash"]] = data["seat"]
            elif event.type == "LinkRevoked":
                live.pop(data["hash"], None)
        return live
