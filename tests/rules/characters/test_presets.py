"""Presets: Fate Condensed, Fate Core, Fate Accelerated and Öde as data (sources in each test)."""

from __future__ import annotations

import pytest

from fatekit.rules import Action, BadInput, ExtraAction, Stunt, Track
from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.characters.preset import StressTrackSpec, TurnOrderStyle, turn_order
from fatekit.rules.characters.presets import (
    ACCELERATED,
    CONDENSED_PRESET,
    CORE_PRESET,
    DEFAULT_PRESET,
    ODE_PRESET,
    PRESETS,
    as_preset,
    get_preset,
)
from fatekit.rules.characters.shapes import diamond
from fatekit.rules.characters.skill_lists import ACTIONS
from fatekit.rules.harm.consequences import Severity
from fatekit.rules.harm.stress import StressStyle

PHYSICAL = StressTrackSpec(Track.PHYSICAL, "physique")


def boxes(preset_key: str, rating: int) -> tuple[int, ...]:
    preset = get_preset(preset_key)
    return preset.stress_boxes(preset.stress_tracks[0], {"physique": rating})


def test_eight_presets_condensed_by_default() -> None:
    assert set(PRESETS) == {
        "condensed",
        "core",
        "fae",
        "ode",
        "woa",
        "rocketeers",
        "venturecity",
        "atomicrobo",
    }
    assert DEFAULT_PRESET is CONDENSED_PRESET
    assert get_preset("Accelerated") is ACCELERATED
    assert get_preset("öde") is ODE_PRESET
    with pytest.raises(
        BadInput,
        match="choose one of: condensed, core, fae, ode, woa, rocketeers, venturecity, atomicrobo",
    ):
        get_preset("gurps")


def test_a_preset_is_given_as_itself_or_by_key() -> None:
    own = CORE_PRESET.derive(key="our-core", name="Our Core")
    assert as_preset(own) is own
    assert as_preset("fate-core") is CORE_PRESET
    with pytest.raises(BadInput, match="unknown preset 'gurps'"):
        as_preset("gurps")


@pytest.mark.rule("preset.condensed.stress", "character.superb-extra-mild")
def test_condensed_stress_table() -> None:
    """fate-condensed.ru.md § Стресс и последствия: 3 boxes at +0, 4 at +1/+2, 6 at +3/+4,
    6 and a second mild slot at +5."""
    assert [len(boxes("condensed", r)) for r in range(-1, 7)] == [3, 3, 4, 4, 6, 6, 6, 6]
    assert set(boxes("condensed", 4)) == {1}
    assert CONDENSED_PRESET.stress_style is StressStyle.ONE_POINT
    assert CONDENSED_PRESET.extra_mild_tracks({"physique": 5, "will": 4}) == (Track.PHYSICAL,)
    assert CONDENSED_PRESET.extra_mild_tracks({"will": 6}) == (Track.MENTAL,)


@pytest.mark.rule("preset.ode.stress")
def test_ode_stress_table_uses_kroppsbyggnad() -> None:
    """ode-kortfattad.sv.rst § Stress och konsekvenser: 3, 4 at Ordinär, 5 at Hyffsad, 6 at
    God/Utmärkt; the physical track grows with Kroppsbyggnad (the rules README's reading)."""
    assert [len(boxes("ode", r)) for r in range(0, 6)] == [3, 4, 5, 6, 6, 6]
    assert ODE_PRESET.stress_tracks[0] == StressTrackSpec(Track.PHYSICAL, "physique")
    assert ODE_PRESET.skill_name("physique") == "Kroppsbyggnad"
    assert ODE_PRESET.extra_mild_tracks({"physique": 5}) == (Track.PHYSICAL,)
    # Sport (athletics) adds nothing.
    assert ODE_PRESET.stress_boxes(ODE_PRESET.stress_tracks[0], {"athletics": 4}) == (1, 1, 1)


@pytest.mark.rule("preset.core.stress")
def test_core_escalating_boxes() -> None:
    """fate-core-conflicts.en.txt § Stress: a 1 and a 2 box by default; higher boxes from
    Physique and Will (the README's table: a 3 at +1/+2, a 3 and a 4 at +3/+4)."""
    assert boxes("core", 0) == (1, 2)
    assert boxes("core", 2) == (1, 2, 3)
    assert boxes("core", 4) == (1, 2, 3, 4)
    assert CORE_PRESET.stress_style is StressStyle.ESCALATING
    assert CORE_PRESET.extreme_consequences
    assert CORE_PRESET.boxes_after((1, 2, 3), 1) == (1, 2, 3, 4)


@pytest.mark.rule("preset.fae.stress", "preset.fae.consequences", "preset.fae.approaches")
def test_fae_one_track_approaches_one_of_each_consequence() -> None:
    """fate-accelerated-summary.en.txt: six approaches, one stress track (boxes 1, 2, 3), one
    consequence of each type."""
    assert ACCELERATED.skill_keys == ("careful", "clever", "flashy", "forceful", "quick", "sneaky")
    assert ACCELERATED.peak == 3
    assert ACCELERATED.shape.describe() == "approach spread: 1 at +3, 2 at +2, 2 at +1, 1 at +0"
    assert ACCELERATED.stress_tracks == (StressTrackSpec(Track.ANY, None),)
    assert ACCELERATED.stress_boxes(ACCELERATED.stress_tracks[0], {"forceful": 3}) == (1, 2, 3)
    assert ACCELERATED.consequence_slots == (Severity.MILD, Severity.MODERATE, Severity.SEVERE)
    assert ACCELERATED.extra_mild_tracks({"forceful": 5}) == ()


@pytest.mark.rule("character.aspect-slots", "character.refresh", "character.stunts")
def test_aspects_refresh_and_stunts_per_preset() -> None:
    """fate-condensed.ru.md § Аспекты (five aspects incl. a relationship), § Обновление
    (refresh 3), § Трюки (three free stunts, 1 refresh each after, at least 1 left)."""
    kinds = {s.kind: s.count for s in CONDENSED_PRESET.aspect_slots}
    assert kinds == {
        AspectKind.HIGH_CONCEPT: 1,
        AspectKind.TROUBLE: 1,
        AspectKind.RELATIONSHIP: 1,
        AspectKind.CHARACTER: 2,
    }
    assert sum(s.count for s in CORE_PRESET.aspect_slots) == 5
    assert AspectKind.RELATIONSHIP not in {s.kind for s in CORE_PRESET.aspect_slots}
    for preset in PRESETS.values():
        if preset.key == "atomicrobo":  # stunt slots paid with refresh: test_atomic_robo.py
            continue
        # The Three Rocketeers start with one stunt and a fencing stunt: two free.
        free = 2 if preset.key == "rocketeers" else 3
        assert (preset.refresh, preset.free_stunts, preset.stunt_cost, preset.min_refresh) == (
            3,
            free,
            1,
            1,
        )
    assert CONDENSED_PRESET.peak == ODE_PRESET.peak == CORE_PRESET.peak == 4


@pytest.mark.rule("character.consequence-slots")
def test_standard_consequence_slots() -> None:
    """fate-condensed.ru.md § Taking Harm > Consequences: mild, moderate and severe."""
    for preset in PRESETS.values():
        assert preset.consequence_slots == (Severity.MILD, Severity.MODERATE, Severity.SEVERE)


@pytest.mark.rule("skills.attack-defend")
def test_which_skills_attack_and_defend() -> None:
    """fate-condensed.ru.md § Which skills can be used to attack and defend?"""
    p = CONDENSED_PRESET
    assert p.skills_for(Action.ATTACK, Track.PHYSICAL) == ("fight", "shoot")
    assert p.skills_for(Action.ATTACK, Track.MENTAL) == ("provoke",)
    assert p.skills_for(Action.DEFEND, Track.PHYSICAL) == ("athletics", "fight")
    assert p.skills_for(Action.DEFEND, Track.PHYSICAL, melee=False) == ("athletics",)
    assert p.skills_for(Action.DEFEND, Track.MENTAL) == ("will",)
    assert not p.can_use("fight", Action.DEFEND, Track.PHYSICAL, melee=False)
    assert not p.can_use("stealth", Action.ATTACK, Track.PHYSICAL)
    backstab = Stunt("From the Shadows", ExtraAction("stealth", Action.ATTACK))
    assert p.can_use("stealth", Action.ATTACK, Track.PHYSICAL, stunts=[backstab])
    assert p.can_use("stealth", Action.OVERCOME, Track.PHYSICAL)
    assert ACCELERATED.can_use("sneaky", Action.ATTACK, Track.MENTAL)


@pytest.mark.rule("turn-order.elective")
def test_condensed_uses_elective_order() -> None:
    """fate-condensed.ru.md § Turn Order: whoever acts picks who goes next."""
    assert CONDENSED_PRESET.turn_order.style is TurnOrderStyle.ELECTIVE
    assert ODE_PRESET.turn_order.style is TurnOrderStyle.ELECTIVE
    with pytest.raises(BadInput, match="elective"):
        turn_order(CONDENSED_PRESET, {"a": {}, "b": {}})


@pytest.mark.rule("turn-order.skills")
def test_core_turn_order_example() -> None:
    """fate-core-conflicts.en.txt § Turn Order: Cynere (Notice +3), Zird (+1), then Landon and
    Og, who lack Notice, by Athletics (+3 and +2)."""
    ratings = {
        "og": {"athletics": 2, "physique": 4},
        "landon": {"athletics": 3, "fight": 4},
        "zird": {"notice": 1, "lore": 4},
        "cynere": {"notice": 3, "athletics": 4},
    }
    assert turn_order(CORE_PRESET, ratings) == ["cynere", "zird", "landon", "og"]
    mental = {"a": {"empathy": 1, "will": 3}, "b": {"empathy": 1, "rapport": 2}}
    assert turn_order(CORE_PRESET, mental, Track.MENTAL) == ["b", "a"]


@pytest.mark.rule("turn-order.approaches")
def test_fae_turn_order_by_quick_or_careful() -> None:
    """Fate Accelerated compares Quick (physical) or Careful (mental); see docs/characters.md."""
    ratings = {"a": {"quick": 1, "careful": 3}, "b": {"quick": 3, "careful": 0}}
    assert turn_order(ACCELERATED, ratings) == ["b", "a"]
    assert turn_order(ACCELERATED, ratings, Track.MENTAL) == ["a", "b"]


@pytest.mark.rule("skills.custom-list", "shape.diamond")
def test_a_derived_preset_for_freds_space_game() -> None:
    """A table's own list and shape, kept consistent: permissions for skills not on the list go."""
    space = CONDENSED_PRESET.derive("space", "Space", skill_lists=(ACTIONS,), shape=diamond())
    assert space.skill_keys[0] == "endure"
    assert space.skills_for(Action.ATTACK, Track.PHYSICAL) == ("fight",)
    assert space.stress_tracks == (
        StressTrackSpec(Track.PHYSICAL, None),
        StressTrackSpec(Track.MENTAL, None),
    )
    with pytest.raises(BadInput, match="needs a longer list"):
        CONDENSED_PRESET.derive("tiny", "Tiny", skill_lists=(ACTIONS,))
