"""The HTTP interactions endpoint: Discord's PING is answered PONG; a request whose Ed25519
signature does not check (missing, forged, for another body, from another key, signed long ago)
is answered 401 and changes nothing; a signed body that is no interaction (not JSON, nested
100,000 deep, fields of the wrong type) gets a clear 400 and no traceback; a signed interaction
replayed is answered as the first time and applied once, and one re-signed after its token's
15 minutes is refused."""

from __future__ import annotations

import asyncio
import datetime
import json
import time
from pathlib import Path

import httpx
from nacl.signing import SigningKey

from fatekit.discord.signature import Verifier

from . import shapes
from .harness import CHANNEL, Member, Play
from .standin import StandIn


async def knock(tmp: Path) -> dict[str, tuple[int, object]]:
    async with StandIn() as discord, Play(tmp / "t.db", discord, endpoint=True).running() as play:
        out: dict[str, tuple[int, object]] = {}
        ping = await discord.ping_endpoint()
        out["ping"] = (ping.status_code, ping.json())
        unsigned = await discord.ping_endpoint(signed=False)
        out["unsigned"] = (unsigned.status_code, unsigned.json())
        old = await discord.ping_endpoint(timestamp=str(int(time.time()) - 3600))
        out["signed an hour ago"] = (old.status_code, old.json())
        body = json.dumps({"id": "1", "type": 1, "token": "t", "version": 1}).encode()
        stamp = str(int(time.time()))
        async with httpx.AsyncClient() as http:
            other = SigningKey.generate().sign(stamp.encode() + body).signature.hex()
            forged = await http.post(
                play.base + "/discord/interactions",
                content=body,
                headers={"X-Signature-Ed25519": other, "X-Signature-Timestamp": stamp},
            )
            out["another key"] = (forged.status_code, forged.json())
            good = discord.sign(body, stamp)
            changed = await http.post(
                play.base + "/discord/interactions",
                content=body + b" ",
                headers={"X-Signature-Ed25519": good, "X-Signature-Timestamp": stamp},
            )
            out["another body"] = (changed.status_code, changed.json())
            bare = await http.post(play.base + "/discord/interactions", content=body)
            out["no headers"] = (bare.status_code, bare.json())
        for name, raw in (
            ("not json", b"[1, 2"),
            ("a list", b"[1, 2]"),
            ("nested 100,000 deep", b"[" * 100_000 + b"]" * 100_000),
            (
                "an object nested deep",
                b'{"type": 2, "data": ' + b'{"a": ' * 50_000 + b"1" + b"}" * 50_001,
            ),
        ):
            answer = await discord.post_signed(raw)
            out[name] = (answer.status_code, answer.json())
        # Signed as Discord signs, with fields of the wrong type: a form whose inputs are text.
        person = shapes.user("600000000000000006", "mallory")
        payload = shapes.interaction(
            interaction_id=discord.id(),
            token="aW50ZXJhY3Rpb246",
            kind=5,
            data={"custom_id": "link:bind:en", "components": "not a list"},
            person=person,
            channel=shapes.guild_text_channel(
                CHANNEL, "table", permissions=shapes.MEMBER_PERMISSIONS
            ),
            app_permissions=shapes.BOT_PERMISSIONS,
            locale="en-US",
        )
        wrong = await discord.post_signed(json.dumps(payload).encode())
        out["wrong types"] = (wrong.status_code, wrong.json())
        return out


def test_the_endpoint_checks_every_signature_and_every_body(tmp_path: Path) -> None:
    found = asyncio.run(knock(tmp_path))
    assert found["ping"] == (200, {"type": 1})
    for case in ("unsigned", "another key", "another body", "no headers", "signed an hour ago"):
        status, body = found[case]
        assert status == 401 and body["error"] == "signature", case  # type: ignore[index]
    for case in ("not json", "a list", "nested 100,000 deep", "an object nested deep"):
        status, body = found[case]
        assert status == 400 and body["error"] == "malformed", (case, body)  # type: ignore[index]
    # A body hikari cannot read as an interaction: answered (privately) that it is not known.
    status, body = found["wrong types"]
    assert status == 200 and "does not know" in body["data"]["content"], body  # type: ignore[index]


async def replayed(tmp: Path) -> tuple[list[str], list[int], object]:
    async with StandIn() as discord, Play(tmp / "t.db", discord, endpoint=True).running() as play:
        async with httpx.AsyncClient(base_url=play.base) as http:
            made = (await http.post("/tables", json={"name": "Replays"})).json()
        gm = Member(discord, "3001", "Gloria")
        await gm.submit(await gm.use("bind"), link=made["link"])
        note = await gm.use("note", text="once only")
        raw = json.dumps(note.pending.payload).encode()
        answers = []
        for _ in range(3):  # the same signed request, sent again
            answer = await discord.post_signed(raw)
            answers.append(answer.status_code)
            assert answer.json() == note.pending.first.result()
        # A day later, signed anew: its id says it is older than its token.
        payload = dict(note.pending.payload)
        a_day_ago = datetime.datetime.fromtimestamp(time.time() - 86400, tz=datetime.UTC)
        payload["id"] = shapes.snowflake(a_day_ago)
        late = await discord.post_signed(json.dumps(payload).encode())
        await play.settled(made["table_id"])
        notes = [m.content for m in discord.channel(CHANNEL) if "once only" in m.content]
        return notes, answers, (late.status_code, late.json()["error"])


def test_a_replayed_interaction_is_applied_once(tmp_path: Path) -> None:
    notes, answers, late = asyncio.run(replayed(tmp_path))
    assert len(notes) == 1 and answers == [200, 200, 200]
    assert late == (400, "stale")


def test_a_public_key_must_be_one() -> None:
    key = SigningKey.generate()
    verifier = Verifier(key.verify_key.encode().hex())
    signed = key.sign(b"123" + b"{}").signature.hex()
    assert verifier.verify(signed, "123", b"{}")
    assert not verifier.verify(signed, "124", b"{}")
    assert not verifier.verify("zz" * 64, "123", b"{}")
    for bad in ("", "abc", "00" * 31):
        try:
            Verifier(bad)
        except ValueError as error:
            assert "64 hex digits" in str(error)
        else:
            raise AssertionError(f"{bad!r} taken as a key")
