"""The HTTP interactions endpoint: Discord's PING is answered PONG; a request whose Ed25519
signature does not check (missing, forged, for another body, from another key) is answered 401
and changes nothing; a signed body that is not an interaction is answered 400."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx
from nacl.signing import SigningKey

from fatekit.discord.signature import Verifier

from .harness import Play
from .standin import StandIn


async def knock(tmp: Path) -> dict[str, tuple[int, object]]:
    async with StandIn() as discord, Play(tmp / "t.db", discord, endpoint=True).running() as play:
        out: dict[str, tuple[int, object]] = {}
        ping = await discord.ping_endpoint()
        out["ping"] = (ping.status_code, ping.json())
        unsigned = await discord.ping_endpoint(signed=False)
        out["unsigned"] = (unsigned.status_code, unsigned.json())
        body = json.dumps({"id": "1", "type": 1, "token": "t", "version": 1}).encode()
        stamp = "1700000000"
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
            junk = b"[1, 2"
            broken = await http.post(
                play.base + "/discord/interactions",
                content=junk,
                headers={
                    "X-Signature-Ed25519": discord.sign(junk, stamp),
                    "X-Signature-Timestamp": stamp,
                },
            )
            out["not json"] = (broken.status_code, broken.json())
        return out


def test_the_endpoint_checks_every_signature(tmp_path: Path) -> None:
    found = asyncio.run(knock(tmp_path))
    assert found["ping"] == (200, {"type": 1})
    for case in ("unsigned", "another key", "another body", "no headers"):
        status, body = found[case]
        assert status == 401 and body["error"] == "signature", case  # type: ignore[index]
    assert found["not json"][0] == 400


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
