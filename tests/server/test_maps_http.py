"""A scene's map over HTTP (issue 42): the GM uploads a PNG, JPEG or WebP image, the server keeps
only a clean copy of it (decoded whole, encoded again without metadata) and sets it under the
running scene's zones; every seat at the table fetches it while it is the scene's, and no seat
of another table ever does. Every bad image is refused with its reason and keeps nothing."""

from __future__ import annotations

import hashlib
import io
import json
import struct
import zlib
from typing import Any

import pytest
from PIL import Image

from fatekit.formats.images import MAX_MAP_BYTES

from .conftest import Api, Seat  # type: ignore[import-not-found]

EXIF_MARK = "ZZ-CAMERA-SECRET"


def picture(kind: str, size: tuple[int, int] = (64, 40)) -> bytes:
    """A small picture of ``kind`` (PIL's format name), with metadata a clean copy drops."""
    image = Image.new("RGBA" if kind == "PNG" else "RGB", size, (200, 30, 30))
    for x in range(size[0]):
        image.putpixel((x, x % size[1]), (10, 200, 10))
    out = io.BytesIO()
    exif = Image.Exif()
    exif[0x010E] = EXIF_MARK  # ImageDescription
    if kind == "PNG":
        from PIL.PngImagePlugin import PngInfo

        info = PngInfo()
        info.add_text("Comment", EXIF_MARK)
        image.save(out, "PNG", pnginfo=info)
    else:
        image.save(out, kind, exif=exif.tobytes())
    return out.getvalue()


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def bomb() -> bytes:
    """A PNG whose header (with a true checksum) declares 100000 × 100000 pixels, over a few
    bytes of data: a decompression bomb."""
    header = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 2, 0, 0, 0)
    data = zlib.compress(b"\x00" * 1000)
    return (
        b"\x89PNG\r\n\x1a\n"
        + _chunk(b"IHDR", header)
        + _chunk(b"IDAT", data)
        + _chunk(b"IEND", b"")
    )


def animation() -> bytes:
    frames = [Image.new("RGB", (16, 16), colour) for colour in ("red", "blue")]
    out = io.BytesIO()
    frames[0].save(out, "PNG", save_all=True, append_images=frames[1:])
    return out.getvalue()


SVG = (
    b'<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">'
    b"<script>alert(document.cookie)</script><rect width='100' height='100'/></svg>"
)

BAD = {
    "truncated": (picture("PNG", (300, 200))[:400], "map_broken"),
    "bomb": (bomb(), "map_too_many_pixels"),
    "text named .png": (b"These are the GM's notes, not a picture.\n" * 20, "map_wrong_type"),
    "svg with script": (SVG, "map_wrong_type"),
    "empty": (b"", "map_empty"),
    "animated": (animation(), "map_animated"),
    "gif": (b"GIF89a" + b"\x00" * 64, "map_wrong_type"),
}


def at_the_table(api: Api) -> tuple[Seat, Seat]:
    gm = api.table()
    ann = gm.invite("Ann")
    gm.send("StartScene", name="The harbour", participants=[], zones=["pier", "boat"])
    return gm, ann


def upload(seat: Seat, data: bytes, expect: int = 200) -> dict[str, Any]:
    response = seat.client.put(
        f"/tables/{seat.table_id}/scene/map",
        content=data,
        headers={**seat.headers, "content-type": "application/octet-stream"},
    )
    assert response.status_code == expect, response.text
    body: dict[str, Any] = response.json()
    return body


def fetch(seat: Seat, url: str, **headers: str) -> Any:
    return seat.client.get(url, headers={**seat.headers, **headers})


@pytest.mark.parametrize(
    ("kind", "media"), [("PNG", "image/png"), ("JPEG", "image/jpeg"), ("WEBP", "image/webp")]
)
def test_each_kind_of_image_is_kept_clean_and_served_to_the_table(
    api: Api, kind: str, media: str
) -> None:
    gm, ann = at_the_table(api)
    sent = picture(kind)
    assert EXIF_MARK.encode() in sent
    upload(gm, sent)
    shown = ann.get("/state")["scene"]["zones"]["map"]
    assert shown["media_type"] == media and (shown["width"], shown["height"]) == (64, 40)
    assert shown["url"] == f"/tables/{gm.table_id}/maps/{shown['image']}"
    for seat in (gm, ann):
        answer = fetch(seat, shown["url"])
        assert answer.status_code == 200 and answer.headers["content-type"] == media
        # The clean copy: named by its own hash, the same picture, none of the metadata.
        assert hashlib.sha256(answer.content).hexdigest() == shown["image"]
        assert EXIF_MARK.encode() not in answer.content
        with Image.open(io.BytesIO(answer.content)) as served:
            assert served.size == (64, 40) and not served.getexif()
        assert answer.headers["etag"] == f'"{shown["image"]}"'
        assert answer.headers["cache-control"].startswith("private")
        again = fetch(seat, shown["url"], **{"if-none-match": answer.headers["etag"]})
        assert again.status_code == 304 and again.content == b""
    assert api.store.map_hashes(gm.table_id) == [shown["image"]]


def test_a_map_reaches_only_the_seats_that_may_see_it(api: Api) -> None:
    gm, ann = at_the_table(api)
    upload(gm, picture("PNG"))
    first = gm.get("/state")["scene"]["zones"]["map"]
    other = api.table("Another table")
    # Another table's seat, with its own link or none at all: never this table's map.
    assert fetch(other, first["url"]).status_code == 403
    assert api.client.get(first["url"]).status_code == 401
    assert (
        other.client.get(
            f"/tables/{other.table_id}/maps/{first['image']}", headers=other.headers
        ).status_code
        == 404
    )
    # A player may not upload, and their try keeps nothing.
    refused = upload(ann, picture("JPEG"), expect=403)
    assert refused["error"] == "forbidden"
    assert api.store.map_hashes(gm.table_id) == [first["image"]]
    # A new map: the old one is no longer the scene's, so only the GM still fetches it.
    upload(gm, picture("WEBP"))
    assert fetch(ann, first["url"]).status_code == 404
    assert fetch(gm, first["url"]).status_code == 200
    # Nor once the GM takes it away (the zones are drawn on a plain ground), nor once the
    # scene ends.
    second = gm.get("/state")["scene"]["zones"]["map"]
    gm.send("RemoveSceneMap")
    assert ann.get("/state")["scene"]["zones"]["map"] is None
    assert fetch(ann, second["url"]).status_code == 404
    assert gm.send("RemoveSceneMap", expect=422)["detail"] == "this scene has no map image"
    upload(gm, picture("WEBP"))
    gm.send("EndScene")
    assert fetch(ann, second["url"]).status_code == 404
    assert fetch(ann, f"/tables/{gm.table_id}/maps/not-a-hash").status_code == 422


@pytest.mark.parametrize("case", sorted(BAD))
def test_a_bad_image_is_refused_with_its_reason_and_nothing_is_kept(api: Api, case: str) -> None:
    gm, ann = at_the_table(api)
    before = gm.get("/state")["table"]["version"]
    data, code = BAD[case]
    refused = upload(gm, data, expect=422)
    assert refused["error"] == "malformed" and refused["code"] == code, refused
    assert api.store.map_hashes(gm.table_id) == []
    for seat in (gm, ann):
        state = seat.get("/state")
        assert state["table"]["version"] == before and state["scene"]["zones"]["map"] is None


def test_an_image_over_the_bound_is_refused_before_it_is_read(api: Api) -> None:
    gm, _ = at_the_table(api)
    refused = upload(gm, b"\x89PNG\r\n\x1a\n" + b"\x00" * MAX_MAP_BYTES, expect=413)
    assert refused["error"] == "too_large"
    assert api.store.map_hashes(gm.table_id) == []


def test_a_map_is_set_by_upload_only(api: Api) -> None:
    gm, _ = at_the_table(api)
    refused = gm.send(
        "SetSceneMap", expect=422, image="a" * 64, media_type="image/png", width=10, height=10
    )
    assert "PUT" in refused["fields"]["type"]
    # Without a scene there is nothing to put a map under.
    gm.send("EndScene")
    assert upload(gm, picture("PNG"), expect=422)["code"] == "no_scene"
    assert api.store.map_hashes(gm.table_id) == []


def test_the_gm_draws_and_hides_zones_over_the_map(api: Api) -> None:
    gm, ann = at_the_table(api)
    rect = {"kind": "rect", "points": [[100, 200], [4000, 5000]]}
    gm.send("ShapeZone", zone="pier", shape=rect)
    gm.send("HideZone", zone="boat")
    shapes = gm.get("/state")["scene"]["zones"]["shapes"]
    assert shapes["pier"] == {**rect, "drawn": True} and shapes["boat"]["drawn"] is False
    seen = ann.get("/state")["scene"]["zones"]
    assert seen["zones"] == ["pier"] and list(seen["shapes"]) == ["pier"]
    # Bad shapes are refused by field, and change nothing.
    off = gm.send(
        "ShapeZone",
        expect=422,
        zone="pier",
        shape={"kind": "polygon", "points": [[0, 0], [10, 0], [10, 10_001]]},
    )
    assert off["code"] == "zone_shape_off_map"
    few = gm.send(
        "ShapeZone", expect=422, zone="pier", shape={"kind": "polygon", "points": [[0, 0], [10, 0]]}
    )
    assert few["code"] == "zone_shape_polygon"
    upside = gm.send(
        "ShapeZone", expect=422, zone="pier", shape={"kind": "rect", "points": [[50, 50], [10, 10]]}
    )
    assert upside["code"] == "zone_shape_rect"
    assert ann.send("ShapeZone", expect=403, zone="pier", shape=rect)["error"] == "forbidden"
    assert gm.get("/state")["scene"]["zones"]["shapes"]["pier"] == {**rect, "drawn": True}


def test_the_map_travels_in_the_campaign_file(api: Api) -> None:
    gm, _ = at_the_table(api)
    upload(gm, picture("JPEG"))
    image = gm.get("/state")["scene"]["zones"]["map"]["image"]
    campaign = gm.client.get(f"/tables/{gm.table_id}/campaign", headers=gm.headers).json()
    assert [m["image"] for m in campaign["maps"]] == [image]
    opened = api.client.post("/tables/import", json=campaign)
    assert opened.status_code == 201, opened.text
    there = Seat(api.client, opened.json()["table_id"], "gm", opened.json()["link"])
    shown = there.get("/state")["scene"]["zones"]["map"]
    assert shown["image"] == image and shown["url"].startswith(f"/tables/{there.table_id}/")
    answer = fetch(there, shown["url"])
    assert answer.status_code == 200 and answer.headers["content-type"] == "image/jpeg"
    # A file whose map is not the picture it names opens no table.
    tables = len(api.store.list_tables())
    campaign["maps"][0]["image"] = "0" * 64
    refused = api.client.post("/tables/import", json=campaign)
    assert refused.status_code == 422 and "maps[0].image" in refused.json()["fields"]
    assert len(api.store.list_tables()) == tables


def test_a_prepared_scene_carries_its_map_and_keeps_it_from_the_players(api: Api) -> None:
    gm, ann = at_the_table(api)
    gm.send("EndScene")
    gm.send("PrepareScene", scene_id="vault", name="The vault", zones=["door", "hoard"])
    response = gm.client.put(
        f"/tables/{gm.table_id}/prepared/vault/map", content=picture("PNG"), headers=gm.headers
    )
    assert response.status_code == 200, response.text
    prepared = gm.get("/state")["screen"]["prepared"][0]["map"]
    # The GM's alone until the scene starts: not in Ann's copy, not served to her.
    assert prepared["image"] not in json.dumps(ann.get("/state"))
    assert fetch(ann, prepared["url"]).status_code == 404
    assert fetch(gm, prepared["url"]).status_code == 200
    # A player may not upload one; nor may anyone to a scene not prepared (nothing is kept).
    refused = ann.client.put(
        f"/tables/{gm.table_id}/prepared/vault/map", content=picture("JPEG"), headers=ann.headers
    )
    assert refused.status_code == 403
    missing = gm.client.put(
        f"/tables/{gm.table_id}/prepared/attic/map", content=picture("JPEG"), headers=gm.headers
    )
    assert missing.status_code == 404
    assert api.store.map_hashes(gm.table_id) == [prepared["image"]]
    # Rewritten, it keeps its map; started, the map is the scene's, for everyone.
    gm.send("PrepareScene", scene_id="vault", name="The vault", zones=["door", "hoard", "pit"])
    assert gm.get("/state")["screen"]["prepared"][0]["map"] == prepared
    gm.send("StartPreparedScene", scene_id="vault")
    shown = ann.get("/state")["scene"]["zones"]["map"]
    assert shown["image"] == prepared["image"]
    assert fetch(ann, shown["url"]).status_code == 200
