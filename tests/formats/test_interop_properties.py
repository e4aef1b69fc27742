"""Generated sheets: the importers either read a character or say clearly why not, and what they
read survives being written out and read again."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fatekit.formats import character_from_dict
from fatekit.formats.foundry import entry_key
from fatekit.formats.interop import export_character, import_character
from fatekit.rules import BadInput

# Fixed seeds: every run tries the same sheets.
SETTINGS = settings(
    max_examples=120,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)

# Labels people give things: role words in several languages, skill names, and free text.
WORDS = [
    "Aspects",
    "Aspetti",
    "Аспекты",
    "Fakta",
    "High Concept",
    "Concetto",
    "Trouble",
    "Guaio",
    "Relationship",
    "Stunts",
    "Talenti",
    "Трюки",
    "Skills",
    "Abilità",
    "Färdigheter",
    "Stress",
    "Physical",
    "Fisico",
    "Mental",
    "Consequences",
    "Conseguenze",
    "Mild",
    "Lieve",
    "Moderate",
    "Severe",
    "Grave",
    "Extreme",
    "Fate Points",
    "Punti Fato",
    "Refresh",
    "Notes",
    "Appunti",
    "Fight",
    "Lottare",
    "Драка",
    "Slåss",
    "Notice",
    "Will",
    "Physique",
    "Careful",
    "Quick",
    "Academics",
    "2",
    "4",
    "6",
    "",
    " ",
    "Mild (2)",
    "Inventory",
    "Gold",
    "Zauberei",
]
texts = st.one_of(st.sampled_from(WORDS), st.text(max_size=30))
values = st.one_of(
    texts,
    st.integers(-5, 12).map(str),
    st.integers(-5, 12),
    st.none(),
    st.booleans(),
    st.lists(st.integers(), max_size=2),
    st.sampled_from(["<p>Hello <b>there</b></p>", "Good (+3)", "+2", "data:image/png;base64,AAA"]),
)
boxes = st.lists(
    st.fixed_dictionaries(
        {"label": st.one_of(st.sampled_from(["1", "2", "3", ""]), texts), "checked": st.booleans()}
    ),
    max_size=6,
)
TYPES = [
    "Text",
    "InfoText",
    "Numeric",
    "Skill",
    "DicePool",
    "PointCounter",
    "SlotTracker",
    "Image",
    "Link",
    "Separator",
    "Unknown",
]


@st.composite
def blocks(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(TYPES))
    value = draw(boxes) if kind == "SlotTracker" and draw(st.booleans()) else draw(values)
    meta = draw(
        st.fixed_dictionaries(
            {},
            optional={
                "isMainPointCounter": st.booleans(),
                "max": st.one_of(st.integers(0, 9).map(str), st.none(), texts),
                "asClock": st.booleans(),
                "checked": st.booleans(),
            },
        )
    )
    return {"id": "b", "type": kind, "label": draw(texts), "value": value, "meta": meta}


sections = st.builds(
    lambda label, bs: {"id": "s", "label": label, "blocks": bs},
    texts,
    st.lists(blocks(), max_size=7),
)


@st.composite
def fari_sheets(draw: st.DrawFn) -> dict[str, Any]:
    layout = draw(st.sampled_from(["v3", "v4", "v5"]))
    secs = draw(st.lists(sections, max_size=7))
    if layout == "v5":
        half = len(secs) // 2
        pages = [{"rows": [{"columns": [{"sections": secs[:half]}, {"sections": secs[half:]}]}]}]
    elif layout == "v4":
        pages = [{"sections": {"left": secs[::2], "right": secs[1::2]}}]
    else:
        pages = [
            {
                "sections": [
                    {**s, "position": draw(st.sampled_from(["Left", "Right"]))} for s in secs
                ]
            }
        ]
    sheet: dict[str, Any] = {
        "name": draw(texts),
        "pages": pages,
        "version": draw(st.integers(1, 9)),
    }
    if draw(st.booleans()):
        sheet["fariType"] = "character"
    return sheet


@st.composite
def foundry_actors(draw: st.DrawFn) -> dict[str, Any]:
    def entries(make: Any) -> dict[str, Any]:
        names = draw(st.lists(texts, max_size=6, unique=True))
        plain = draw(st.booleans())
        return {(n if plain else entry_key(n)): make(n) for n in names}

    skills = entries(lambda n: {"name": n, "rank": draw(st.one_of(st.integers(-2, 8), values))})
    aspects = entries(lambda n: {"name": n, "value": draw(values)})
    tracks = entries(
        lambda n: {
            "name": n,
            "harm_can_absorb": draw(st.one_of(st.sampled_from([0, 2, 4, 6]), values)),
            "boxes": draw(st.one_of(st.integers(0, 6), values)),
            "box_values": draw(st.lists(st.booleans(), max_size=6)),
            "label": draw(st.one_of(st.sampled_from(["escalating", "none", "1", "2"]), texts)),
            "aspect": draw(st.one_of(st.just("No"), st.fixed_dictionaries({"name": texts}))),
        }
    )
    stunts = entries(
        lambda n: {
            "name": n,
            "description": draw(values),
            "linked_skill": draw(texts),
            "bonus": draw(st.one_of(st.integers(0, 3), values)),
            "attack": draw(st.booleans()),
            "overcome": draw(st.booleans()),
        }
    )
    details = {"fatePoints": {"current": draw(values), "refresh": draw(values)}}
    field = draw(st.sampled_from(["system", "data"]))
    return {
        "name": draw(texts),
        "type": "fate-core-official",
        field: {
            "details": details,
            "skills": skills,
            "aspects": aspects,
            "tracks": tracks,
            "stunts": stunts,
        },
        "items": draw(st.lists(st.fixed_dictionaries({"name": texts, "type": texts}), max_size=2)),
    }


def read_or_refuse(sheet: dict[str, Any]) -> None:
    try:
        first = import_character(json.dumps(sheet))
    except BadInput as error:
        assert str(error)  # a message a person can read
        return
    # What was read is a character file fatekit loads as it is...
    loaded = character_from_dict(first.data)
    assert loaded.character.name
    # ...and writing it out and reading it back changes nothing.
    for target in ("fari", "foundry"):
        again = import_character(json.dumps(export_character(first.loaded, target)))
        assert again.data == first.data, target


def read_or_say_why(content: str | bytes) -> None:
    try:
        out = import_character(content)
    except BadInput as error:
        assert str(error)  # only ever a clear refusal, never another exception
        return
    assert character_from_dict(out.data).character.id == out.data["id"]


@SETTINGS
@given(fari_sheets())
def test_generated_fari_sheets_are_read_or_refused_never_crash(sheet: dict[str, Any]) -> None:
    read_or_refuse(sheet)


@SETTINGS
@given(foundry_actors())
def test_generated_foundry_actors_are_read_or_refused_never_crash(actor: dict[str, Any]) -> None:
    read_or_refuse(actor)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | texts,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                [
                    "fariType",
                    "pages",
                    "aspects",
                    "skills",
                    "stressTracks",
                    "system",
                    "data",
                    "name",
                    "format",
                    "rows",
                    "columns",
                    "sections",
                    "blocks",
                    "value",
                    "label",
                    "type",
                    "tracks",
                ]
            ),
            inner,
            max_size=5,
        )
    ),
    max_leaves=25,
)


@SETTINGS
@given(json_values)
def test_any_json_is_read_or_refused_with_bad_input(value: Any) -> None:
    read_or_say_why(json.dumps(value))


@SETTINGS
@given(st.binary(max_size=200))
def test_any_bytes_are_read_or_refused_with_bad_input(content: bytes) -> None:
    read_or_say_why(content)


def _games() -> dict[str, Any]:
    from pathlib import Path

    from fatekit.formats.ruleset import load_ruleset

    rules = Path(__file__).resolve().parents[2] / "docs" / "examples" / "rulesets"
    return {
        "venturecity": "venturecity",
        "rocketeers": "rocketeers",
        "ember-road": load_ruleset(rules / "ember-road.ruleset.json"),
        "action-science": load_ruleset(rules / "action-science.ruleset.json"),
    }


GAMES = _games()


def read_for_a_game(sheet: dict[str, Any], game: str) -> None:
    """Read for a game with its own parts (issue 41): a refusal is a clear message or the engine's
    problems in the report; what is read loads under the game and comes back from both formats."""
    preset = GAMES[game]
    try:
        first = import_character(json.dumps(sheet), None, preset)
    except BadInput as error:
        assert str(error)
        return
    if first.report.refused:
        assert first.report.refusal() and not first.report.whole
        return
    loaded = character_from_dict(first.data, preset if not isinstance(preset, str) else None)
    assert loaded.character.name
    for target in ("fari", "foundry"):
        again = import_character(json.dumps(export_character(first.loaded, target)), None, preset)
        assert again.data == first.data, target


@settings(SETTINGS, max_examples=40)
@given(fari_sheets(), st.sampled_from(sorted(GAMES)))
def test_generated_fari_sheets_read_for_a_game_are_read_or_refused(
    sheet: dict[str, Any], game: str
) -> None:
    read_for_a_game(sheet, game)


@settings(SETTINGS, max_examples=40)
@given(foundry_actors(), st.sampled_from(sorted(GAMES)))
def test_generated_foundry_actors_read_for_a_game_are_read_or_refused(
    actor: dict[str, Any], game: str
) -> None:
    read_for_a_game(actor, game)
