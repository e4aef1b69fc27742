"""The Three Rocketeers built in (issue 41): aspects counted instead of skills as rule-set data,
the one function that decides the bonus, the sheet a PC keeps, and the sample characters
(srd/three-rocketeers-no-skill-swashbuckling-SRD.md)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from fatekit.formats import load_character
from fatekit.formats.ruleset import ruleset_from_dict, ruleset_to_dict
from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.characters.character import CharacterKind, new_character
from fatekit.rules.characters.counted import CountedAspects, counted_bonus, counted_parts
from fatekit.rules.characters.presets import (
    ACCELERATED,
    BUILTIN_KEYS,
    ROCKETEERS_PRESET,
    builtin_text,
    get_preset,
)
from fatekit.rules.characters.ruleset_data import RulesetProblems
from fatekit.rules.characters.validation import validate
from fatekit.rules.core.citations import ROCKETEERS_BOOK, book_key
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.golden.replay import replay

SAMPLES = Path(__file__).resolve().parents[3] / "docs" / "examples" / "three-rocketeers"


def severine() -> Any:
    return load_character(SAMPLES / "severine-dufresne.character.json").character


def test_the_three_rocketeers_are_built_in_by_key_and_by_name() -> None:
    assert "rocketeers" in BUILTIN_KEYS
    assert get_preset("the-three-rocketeers") is ROCKETEERS_PRESET
    assert ROCKETEERS_PRESET.source == ROCKETEERS_BOOK
    assert book_key(ROCKETEERS_BOOK) == "rocketeers"
    # The shipped file is what the preset writes back, as for every built-in.
    assert json.loads(builtin_text("rocketeers")) == ruleset_to_dict(ROCKETEERS_PRESET)


@pytest.mark.rule("aspects.counted", "aspects.counted.npcs")
def test_its_sheet_is_six_aspects_three_refresh_and_two_free_stunts() -> None:
    """Hero (the high concept), trouble, swordplay, family and two free aspects; 3 refresh with
    a stunt and a fencing stunt free, more at one refresh each; NPCs on Fate Accelerated's
    approaches."""
    preset = ROCKETEERS_PRESET
    slots = {s.kind: s.count for s in preset.aspect_slots}
    assert slots == {AspectKind.HIGH_CONCEPT: 1, AspectKind.TROUBLE: 1, AspectKind.CHARACTER: 4}
    assert (preset.refresh, preset.free_stunts, preset.stunt_cost) == (3, 2, 1)
    assert preset.skill_keys == ACCELERATED.skill_keys
    assert preset.counted == CountedAspects(1, ((AspectKind.HIGH_CONCEPT, 2),))


@pytest.mark.rule("aspects.counted")
def test_each_aspect_counts_one_and_the_hero_two() -> None:
    sheet = severine()
    counted = ROCKETEERS_PRESET.counted
    assert counted is not None
    hero, trouble, swordplay, family = (a.id for a in sheet.aspects[:4])
    assert counted_bonus(counted, sheet, ()) == 0
    assert counted_bonus(counted, sheet, (swordplay,)) == 1
    # The book's own sum: three aspects named give Good (+3); hero and swordplay give +3 too.
    assert counted_bonus(counted, sheet, (trouble, swordplay, family)) == 3
    assert counted_parts(counted, sheet, (hero, swordplay)) == ((hero, 2), (swordplay, 1))
    assert counted_bonus(counted, sheet, tuple(a.id for a in sheet.aspects)) == 7


@pytest.mark.rule("aspects.counted.named-first", "aspects.counted.npcs")
def test_counting_refuses_a_stranger_s_aspect_a_repeat_and_an_npc() -> None:
    sheet = severine()
    counted = ROCKETEERS_PRESET.counted
    assert counted is not None
    hero = sheet.aspects[0].id
    with pytest.raises(IllegalAction, match="counted twice"):
        counted_bonus(counted, sheet, (hero, hero))
    with pytest.raises(IllegalAction, match="not an aspect on"):
        counted_bonus(counted, sheet, ("comte-de-vire/high_concept/1",))
    comte = load_character(SAMPLES / "comte-de-vire.character.json").character
    assert comte.kind is CharacterKind.MAJOR_NPC
    with pytest.raises(IllegalAction, match="only a PC counts"):
        counted_bonus(counted, comte, (comte.aspects[0].id,))


@pytest.mark.rule("aspects.counted.no-skills")
def test_the_samples_are_legal_and_a_pc_with_a_skill_is_not() -> None:
    assert validate(severine(), ROCKETEERS_PRESET) == []
    comte = load_character(SAMPLES / "comte-de-vire.character.json").character
    assert validate(comte, ROCKETEERS_PRESET) == []
    rated = new_character(
        "rocketeers",
        "anne",
        "Anne",
        high_concept="Rocketeer",
        trouble="Hothead",
        aspects=[(AspectKind.CHARACTER, f"Free {n}") for n in range(4)],
        skills={"quick": 2},
    )
    (problem,) = validate(rated, ROCKETEERS_PRESET)
    assert (problem.where, problem.code, problem.rule.key) == (
        "skills.quick",
        "counted_skill",
        "aspects.counted.no-skills",
    )


def _rule_set() -> dict[str, Any]:
    return copy.deepcopy(json.loads(builtin_text("rocketeers")))


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d["counted_aspects"].update(per_aspect=0), "$.counted_aspects.per_aspect"),
        (lambda d: d["counted_aspects"].update(per_aspect=9), "$.counted_aspects.per_aspect"),
        (
            lambda d: d["counted_aspects"]["bonuses"].append({"kind": "relationship", "bonus": 2}),
            "$.counted_aspects.bonuses[1].kind",
        ),
        (
            lambda d: d["counted_aspects"]["bonuses"].append({"kind": "high_concept", "bonus": 3}),
            "$.counted_aspects",
        ),
        (
            lambda d: d["counted_aspects"]["bonuses"][0].update(bonus=5),
            "$.counted_aspects.bonuses[0].bonus",
        ),
    ],
)
def test_a_bad_counted_aspects_field_is_refused_with_its_place(change: Any, where: str) -> None:
    data = _rule_set()
    change(data)
    with pytest.raises(RulesetProblems) as refused:
        ruleset_from_dict(data)
    assert any(p.startswith(where) for p in refused.value.problems), refused.value.problems


def test_counted_aspects_checks_its_own_numbers() -> None:
    with pytest.raises(BadInput, match="per_aspect"):
        CountedAspects(0)
    with pytest.raises(BadInput, match="twice"):
        CountedAspects(1, ((AspectKind.HIGH_CONCEPT, 2), (AspectKind.HIGH_CONCEPT, 1)))


@pytest.mark.rule("aspects.counted", "aspects.counted.not-invoked", "aspects.counted.npcs")
def test_the_golden_duel_replays_under_the_rule_set() -> None:
    """docs/examples/three-rocketeers/rooftop-duel.scene.json, built from the book's rules (it
    gives no worked example with dice): Hero and Swordplay counted (+3) then the hero aspect
    invoked for a fate point; the Comte's Flashy against two counted aspects; three aspects
    counted to create an advantage."""
    script = json.loads((SAMPLES / "rooftop-duel.scene.json").read_text(encoding="utf-8"))
    sheets = [load_character(SAMPLES / name).character for name in script["character_files"]]
    result = replay(script, characters=sheets)
    assert result.steps == len(script["steps"])
