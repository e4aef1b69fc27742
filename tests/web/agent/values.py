"""What the page agent types, picks and uploads: valid values most of the time, invalid ones
(empty, too long, signs the dice field does not take, numbers out of range, files that are no
sheet) some of the time. Every choice is made with the evening's seeded random generator."""

from __future__ import annotations

import json
import random
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
    kind: str  # "character", "ruleset" or "junk"

    def payload(self) -> dict[str, Any]:
        return {"name": self.name, "mimeType": "application/json", "buffer": self.data}


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
    return tuple(found)


def pick_file(rng: random.Random, wanted: str, bad_rate: float = INVALID_RATE) -> File:
    """A file for an input that reads `wanted` ("character" or "ruleset"): usually one of those,
    sometimes anything at all."""
    pool = files()
    if rng.random() < bad_rate * 2:
        return rng.choice(pool)
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
