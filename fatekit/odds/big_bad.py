"""A scenario's big bad: the fighter who breaks the rules (the big-bads optional rule).

The ``big_bad`` object of a scenario names the fighter (``character_id``) and the solo bonuses
it has, with the fields and meanings of the table's ``SetBigBad`` command. The engine's own
constructors (:class:`~fatekit.rules.options.big_bads.BigBad`,
:class:`~fatekit.rules.options.big_bad_solo.SoloBonus`) check them.

:class:`SoloPlan` is what the vectorized engine needs to play the solo bonuses: who the big bad
is, whom the rules engine counts as the PCs it faces and as its allies, and the skill ratings of
its rolls. The bonuses themselves are always asked of the rules engine, never restated.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fatekit.rules.characters.character import CharacterKind
from fatekit.rules.core.errors import BadInput
from fatekit.rules.options.big_bad_solo import Facing, SoloBonus
from fatekit.rules.options.big_bads import BigBad
from fatekit.rules.options.ruleset import OptionalRule, Ruleset
from fatekit.rules.scenes.conflict import Conflict

__all__ = ["FIELDS", "SoloPlan", "big_bad_from_dict", "big_bad_to_dict", "solo_plan"]

#: The fields of a scenario's ``big_bad`` object and their defaults (``SetBigBad``'s).
FIELDS: dict[str, bool] = {
    "solo_skill": False,
    "solo_skill_capped": True,
    "solo_stress": False,
    "solo_stress_floor_one": False,
}


def big_bad_from_dict(data: Any, fighters: Sequence[str], ruleset: Ruleset) -> BigBad:
    """The big bad a scenario's ``big_bad`` object describes (raises :class:`BadInput`)."""
    if not isinstance(data, Mapping):
        raise BadInput("big_bad is an object naming the big bad's character_id and its bonuses")
    allowed = {"character_id", *FIELDS}
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise BadInput(
            f"big_bad has unknown field(s) {', '.join(unknown)}; allowed: "
            f"{', '.join(sorted(allowed))}"
        )
    if not ruleset.has(OptionalRule.BIG_BADS):
        raise BadInput("a scenario with a big bad needs the big_bads option")
    who = data.get("character_id")
    if not isinstance(who, str) or who not in fighters:
        raise BadInput(
            f"big_bad.character_id names one of the scenario's characters "
            f"({', '.join(fighters)}), not {who!r}"
        )
    flags = {}
    for key, default in FIELDS.items():
        value = data.get(key, default)
        if not isinstance(value, bool):
            raise BadInput(f"big_bad.{key} is true or false, not {value!r}")
        flags[key] = value
    solo = SoloBonus(
        skill=flags["solo_skill"],
        skill_capped=flags["solo_skill_capped"],
        stress=flags["solo_stress"],
        stress_floor_one=flags["solo_stress_floor_one"],
    )
    return BigBad(who, solo=solo)


def big_bad_to_dict(big_bad: BigBad) -> dict[str, Any]:
    """A big bad as a scenario's ``big_bad`` object: only what the simulator plays of it."""
    solo = big_bad.solo
    return {
        "character_id": big_bad.id,
        "solo_skill": solo.skill,
        "solo_skill_capped": solo.skill_capped,
        "solo_stress": solo.stress,
        "solo_stress_floor_one": solo.stress_floor_one,
    }


@dataclass(frozen=True, slots=True)
class SoloPlan:
    """A big bad as the vectorized engine plays it.

    ``pcs`` are the fighters the rules engine counts as PCs against it, ``allies`` those it
    counts as its allies (both while they stand); ``ratings`` the skill ratings (before stunts)
    of its rolls, by the name of the roll in :class:`~fatekit.odds.plan.FighterPlan`.
    """

    index: int
    solo: SoloBonus
    pcs: tuple[int, ...]
    allies: tuple[int, ...]
    ratings: Mapping[str, int]

    def skill_bonus(self, rating: int, pcs: int, allies: int) -> int:
        """The rules engine's solo bonus on a roll of ``rating`` facing so many."""
        bonus = self.solo.skill_bonus(rating, Facing(pcs, allies))
        return 0 if bonus is None else bonus.amount

    def reduce_hit(self, shifts: int, pcs: int, allies: int) -> int:
        """The rules engine's hit on the big bad after the solo reduction."""
        return self.solo.reduce_hit(shifts, Facing(pcs, allies))


def solo_plan(
    conflict: Conflict, ids: Sequence[str], rolls: Mapping[str, str], big_bad: BigBad
) -> SoloPlan:
    """The :class:`SoloPlan` of ``big_bad`` in ``conflict`` (set up, nobody out yet);
    ``rolls`` maps each roll's name to its skill."""
    side = conflict.fighter(big_bad.id).side
    pcs = tuple(
        i
        for i, who in enumerate(ids)
        if conflict.fighter(who).side != side
        and conflict.fighter(who).character.kind is CharacterKind.PC
    )
    allies = tuple(
        i
        for i, who in enumerate(ids)
        if who != big_bad.id
        and conflict.fighter(who).side == side
        and conflict.fighter(who).hazard is None
    )
    facing = conflict.facing(big_bad.id)
    # The engine decides whom the big bad faces; the plan only follows who falls.
    if (facing.pcs, facing.allies) != (len(pcs), len(allies)):
        raise BadInput(f"cannot tell whom {big_bad.id} faces in this fight")
    sheet = conflict.fighter(big_bad.id).character
    ratings = {name: sheet.rating(skill) for name, skill in rolls.items()}
    return SoloPlan(ids.index(big_bad.id), big_bad.solo, pcs, allies, ratings)
