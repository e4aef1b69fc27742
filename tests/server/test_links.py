"""Seat links: enough randomness, stored hashed, compared in constant time, revocable."""

from __future__ import annotations

from pathlib import Path

import pytest

from fatekit.rules import BadInput
from fatekit.server.links import LINK_BITS, LinkRefused, LinkRegistry, hash_secret
from fatekit.store.memory import MemoryEventStore
from fatekit.store.sqlite import SqliteEventStore


def test_links_carry_enough_randomness_and_are_stored_only_as_hashes(tmp_path: Path) -> None:
    store = SqliteEventStore(tmp_path / "links.db")
    links = LinkRegistry(store)
    link = links.issue("t1", "gm")
    secret = link.token.split(".", 1)[1]
    assert LINK_BITS >= 128 and len(secret) * 6 >= LINK_BITS  # base64 digits carry 6 bits each
    raw = (tmp_path / "links.db").read_bytes() + b"".join(
        p.read_bytes() for p in tmp_path.iterdir() if p.name != "links.db"
    )
    assert secret.encode() not in raw and hash_secret(secret).encode() in raw
    assert links.seat_for(link.token) == ("t1", "gm")
    assert links.issue("t1", "gm").token != link.token


def test_wrong_revoked_and_malformed_links_open_nothing() -> None:
    links = LinkRegistry(MemoryEventStore())
    gm = links.issue("t1", "gm")
    ruth = links.issue("t1", "ruth")
    with pytest.raises(LinkRefused):
        links.seat_for("t1.not-a-secret")
    with pytest.raises(LinkRefused):
        links.seat_for("t2." + gm.token.split(".", 1)[1])  # right secret, wrong table
    with pytest.raises(BadInput):
        links.seat_for("nodot")
    assert links.revoke("t1", "ruth") == 1
    with pytest.raises(LinkRefused, match="revoked"):
        links.seat_for(ruth.token)
    assert links.seat_for(gm.token) == ("t1", "gm")
    assert links.revoke("t1", "ruth") == 0


def test_a_link_issued_for_a_seat_that_is_not_stored_is_revoked_again() -> None:
    links = LinkRegistry(MemoryEventStore())
    with links.issuing("t1", "ruth") as kept:
        pass  # the seat was stored
    assert links.seat_for(kept.token) == ("t1", "ruth")
    with pytest.raises(BadInput, match="refused"), links.issuing("t1", "sam") as lost:
        raise BadInput("the table refused the seat")
    with pytest.raises(LinkRefused, match="revoked"):
        links.seat_for(lost.token)
    assert links.live_seats("t1") == {"ruth"}
