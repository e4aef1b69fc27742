"""ruleset_with_list: a built-in preset's rule-set file with an alternative skill list, as the
engine plays that list, for every preset and every list (docs/rulesets.md)."""

from __future__ import annotations

import pytest

from fatekit.formats.ruleset import ruleset_from_dict, ruleset_to_dict, ruleset_with_list
from fatekit.rules.characters.modes import ModeShape
from fatekit.rules.characters.preset import TurnOrder, TurnOrderStyle
from fatekit.rules.characters.presets import BUILTIN_KEYS, PRESETS
from fatekit.rules.characters.ruleset_data import RulesetProblems
from fatekit.rules.characters.shapes import FreeCap, Tiers
from fatekit.rules.characters.skill_lists import ACTIONS, ALTERNATIVE_LISTS
from fatekit.rules.core.errors import BadInput
from fatekit.rules.options.ruleset import OptionalRule, Ruleset

PAIRS = [(p, s) for p in BUILTIN_KEYS for s in ALTERNATIVE_LISTS]


@pytest.mark.rule("option.changing-skill-list", "shape.free-cap")
@pytest.mark.parametrize(("preset", "listed"), PAIRS)
def test_every_preset_with_every_list_reads_back_as_the_engine_plays_it(
    preset: str, listed: str
) -> None:
    data = ruleset_with_list(preset, listed)
    base = PRESETS[preset]
    fits = isinstance(base.shape, Tiers) and base.shape.size <= len(ALTERNATIVE_LISTS[listed])
    if fits:
        read = ruleset_from_dict(data)
        assert read.shape == base.shape
    elif isinstance(base.shape, ModeShape):
        # Atomic Robo's modes name its own skills: on another list they name skills it lacks.
        with pytest.raises(
            RulesetProblems,
            match=r"\$\.shape\.modes\[\d\]\.skills\[\d\]: .\w+. is not on the rule set",
        ):
            ruleset_from_dict(data)
    else:
        # Too short for the preset's shape: the file says so, naming the shape, until the GM
        # gives it one that fits.
        with pytest.raises(RulesetProblems, match="needs a longer list"):
            ruleset_from_dict(data)
    shape = FreeCap(budget=10, cap=3)
    data["shape"] = {"type": "free_cap", "budget": 10, "cap": 3}
    read = ruleset_from_dict(data)
    played = Ruleset.of(
        preset, [OptionalRule.CHANGING_SKILL_LIST], skill_list=listed, shape=shape
    ).preset
    assert read == played
    assert read.skill_keys == ALTERNATIVE_LISTS[listed].keys
    assert ruleset_to_dict(read) == data


@pytest.mark.rule("option.changing-skill-list")
def test_an_order_with_nothing_left_to_compare_becomes_elective() -> None:
    # Fate Core with the Actions keeps Notice for a physical conflict but has nothing of Empathy,
    # Rapport or Will for a mental one: the engine orders neither, and the file says elective.
    played = Ruleset.of(
        "core", [OptionalRule.CHANGING_SKILL_LIST], skill_list="actions", shape=FreeCap()
    ).preset
    assert played.turn_order == TurnOrder(TurnOrderStyle.ELECTIVE)
    assert ruleset_with_list("core", "actions")["turn_order"] == {"style": "elective"}
    # Fate Accelerated with the Actions: neither Quick nor Careful is there.
    data = ruleset_with_list("fae", "actions")
    assert data["turn_order"] == {"style": "elective"}
    assert ruleset_from_dict(data).skill_keys == ACTIONS.keys


def test_an_unknown_list_is_refused_naming_the_lists() -> None:
    with pytest.raises(BadInput, match="choose one of: actions, approaches"):
        ruleset_with_list("core", "moods")
