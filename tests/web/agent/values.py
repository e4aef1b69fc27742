"""What the page agent types, picks and uploads: valid values most of the time, invalid ones
(empty, too long, signs the dice field does not take, numbers out of range, files that are no
sheet) some of the time. Every choice is made with the evening's seeded random generator."""

from __future__ import annotations

import io
import json
import random
import struct
import zlib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]

#: How often a field gets a value the page or the server should refuse, unless told otherwise.
INVALID_RATE = 0.15

NAMES = [
    "Фёдор Кравцов",
    "Анна Пушкина",
    "Ёлка",
    "Sofia Bianchi",
    "Åsa Lind",
    "Björn Öberg",
    "Giulia",
    "Ruth",
    "Mara O'Neil",
    "Zoë",
    "Вера",
    "Пётр",
]
ASPECTS = [
    "Бывший боксёр в бегах",
    "Должен не тем людям",
    "Owes the Wrong People",
    "Ex-Boxer on the Run",
    "Curiosa fino all'eccesso",
    "Skuld till fel folk",
    "Ödets dotter",
    "Тёмный переулок",
    "Pioggia battente",
    "The Roof Is on Fire",
]
TEXTS = [
    "Её кредиторы находят её на пирсе",
    "The lights go out.",
    "Il ponte crolla sotto di loro",
    "Vakten vaknar.",
    "Ночь тёмная, и полна ужасов.",
]
#: Long enough to run past the server's bounds on names and texts.
LONG = "Очень длинный текст без конца. " * 40
INVALID_TEXTS = ["", "   ", LONG, "x" * 501, "<b>жирный</b> & ;--"]

DICE = ["+0-+", "++++", "----", "0000", "1 4 5 6", "[+][-]00", "-0+0", "6 6 1 1", "bb+-"]
INVALID_DICE = ["+5", "-4", "+0x+", "++", "+++++", "7 1 1 1", "абвг", "1,2,3,4", "-", " "]

ZONES = [
    "Крыша, Улица",
    "Roof, Street, Pier",
    "Tak, Gata",
    "Tetto, Vicolo, Porto",
    "Причал",
    "Customs House, Old Roof",
    "Старый склад, Причал",
]
INVALID_ZONES = ["", ",,,", "A, A", LONG]
LINKS = [
    "Крыша - Улица",
    "Roof - Street, Street - Pier",
    "Tak - Gata",
    "Tetto - Vicolo",
    "Customs House - Old Roof",
]
INVALID_LINKS = ["Roof -", "A - B - C", "Nowhere - Else", LONG]


@dataclass(frozen=True)
class File:
    """A file to hand a file input: its name and bytes, and what it is."""

    name: str
    data: bytes
    kind: str  # "character", "ruleset", "map", "bad-map" (a picture to refuse) or "junk"
    mime: str = "application/json"

    def payload(self) -> dict[str, Any]:
        return {"name": self.name, "mimeType": self.mime, "buffer": self.data}


def _picture(kind: str, size: tuple[int, int], colour: tuple[int, int, int]) -> bytes:
    """A picture for a scene's map, as a GM's would be: a ground with a road across it."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", size, colour)
    ImageDraw.Draw(image).line([(0, size[1] // 2), (size[0], size[1] // 3)], (90, 80, 60), 9)
    out = io.BytesIO()
    image.save(out, kind)
    return out.getvalue()


def _huge_png() -> bytes:
    """A PNG whose header (checksum true) says 60000 × 60000 pixels over a few bytes: a
    decompression bomb, which the server refuses before decoding it."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    header = struct.pack(">IIBBBBB", 60_000, 60_000, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\x00" * 1000))
        + chunk(b"IEND", b"")
    )


def _maps() -> list[File]:
    """Pictures the GM may set as a scene's map, and pictures the server must refuse (broken,
    a bomb, an SVG with a script, text named as a picture)."""
    png = _picture("PNG", (480, 320), (70, 120, 80))
    return [
        File("harbour.png", png, "map", "image/png"),
        File("rooftops.jpg", _picture("JPEG", (640, 400), (150, 140, 120)), "map", "image/jpeg"),
        File("alley.webp", _picture("WEBP", (400, 400), (60, 60, 90)), "map", "image/webp"),
        File("torn.png", png[: len(png) // 3], "bad-map", "image/png"),
        File("bomb.png", _huge_png(), "bad-map", "image/png"),
        File(
            "script.svg",
            b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
            "bad-map",
            "image/svg+xml",
        ),
        File("notes.png", b"The GM's notes, not a picture.\n" * 10, "bad-map", "image/png"),
    ]


@cache
def files() -> tuple[File, ...]:
    """Every file the agent may upload: character files in each format the page reads, rule-set
    files, and files that are none of those."""
    from tests.sheets import charles_sheet, npc_sheet, ruth_sheet

    found: list[File] = []
    for path in sorted((ROOT / "tests" / "formats" / "fixtures").glob("*.json")):
        if path.name != "fari-scene.fari.json":
            found.append(File(path.name, path.read_bytes(), "character"))
    examples = ROOT / "docs" / "examples" / "rulesets"
    for path in sorted(examples.glob("*.character.json")):
        found.append(File(path.name, path.read_bytes(), "character"))
    for path in sorted(examples.glob("*.ruleset.json")):
        found.append(File(path.name, path.read_bytes(), "ruleset"))
    for name, text in (
        ("ruth", ruth_sheet()),
        ("charles", charles_sheet()),
        ("alice", npc_sheet()),
    ):
        found.append(File(f"{name}.json", text.encode(), "character"))
    junk = {
        "broken.json": b'{"format": "fatekit-character", "name": ',
        "empty.json": b"",
        "null.json": b"null",
        "list.json": b"[1, 2, 3]",
        "half.json": json.dumps({"format": "fatekit-character", "version": 1}).encode(),
        "scene.fari.json": (ROOT / "tests/formats/fixtures/fari-scene.fari.json").read_bytes(),
        "big.json": json.dumps({"junk": "ж" * 200_000}).encode(),
    }
    found.extend(File(name, data, "junk") for name, data in junk.items())
    found.extend(_maps())
    return tuple(found)


def pick_file(rng: random.Random, wanted: str, bad_rate: float = INVALID_RATE) -> File:
    """A file for an input that reads `wanted` ("character", "ruleset" or "map"): usually one of
    those, sometimes anything at all."""
    pool = files()
    if rng.random() < bad_rate * 2:
        # A map's field gets a picture the server must refuse; any other, anything at all.
        return rng.choice([f for f in pool if f.kind == "bad-map"] if wanted == "map" else pool)
    return rng.choice([f for f in pool if f.kind == wanted])


def text_for(rng: random.Random, control: dict[str, Any], bad_rate: float = INVALID_RATE) -> str:
    """A value to type into a text field, from what its id says it holds."""
    ident = control["id"]
    bad = rng.random() < bad_rate
    if "dice" in ident:
        return rng.choice(INVALID_DICE if bad else DICE)
    if control["type"] == "number":
        return number_for(rng, control, bad)
    if ident == "scene-zones":
        return rng.choice(INVALID_ZONES if bad else ZONES)
    if ident == "scene-links":
        return rng.choice(INVALID_LINKS if bad else LINKS)
    if bad:
        return rng.choice(INVALID_TEXTS)
    if control["tag"] == "textarea" or any(w in ident for w in ("complication", "outcome", "text")):
        return rng.choice(TEXTS)
    if any(w in ident for w in ("aspect", "intent", "consequence", "secret", "boost")):
        return rng.choice(ASPECTS)
    return rng.choice(NAMES)


def number_for(rng: random.Random, control: dict[str, Any], bad: bool) -> str:
    low = int(control["min"]) if control.get("min") not in (None, "") else 0
    high = int(control["max"]) if control.get("max") not in (None, "") else 10
    if bad:
        return str(rng.choice([low - 1, high + 1, 999, -3]))
    return str(rng.randint(low, high))
