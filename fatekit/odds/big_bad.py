"""A scenario's big bad: the fighter who breaks the rules (the big-bads optional rule).

The ``big_bad`` object of a scenario names the fighter (``character_id``), the solo bonuses it
has and its later true forms (``forms``, ``gentle``), with the fields and meanings of the
table's ``SetBigBad`` command. The engine's own constructors
(:class:`~fatekit.rules.options.big_bads.BigBad`, :class:`~fatekit.rules.options.big_bads.TrueForms`,
:class:`~fatekit.rules.options.big_bad_solo.SoloBonus`) check them.

:class:`SoloPlan` is what the vectorized engine needs to play the solo bonuses: where it keeps
the big bad, whom the rules engine counts as the PCs it faces and as its allies, and the skill
ratings of its rolls; :class:`Carry` how the gentle variant carries consequences from one form
to the next. Bonuses, invokes' worth and carried consequences are always asked of the rules
engine, never restated.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from fatekit.formats.character_json import character_to_dict
from fatekit.odds.sheets import entry_character
from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.aspects.invokes import InvokeEffect
from fatekit.rules.characters.character import Character, CharacterKind
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.options.big_bad_solo import Facing, SoloBonus, SuppressMode
from fatekit.rules.options.big_bads import BigBad, TrueForms, carry_consequences
from fatekit.rules.options.ruleset import OptionalRule, Ruleset
from fatekit.rules.scenes.conflict import Conflict

__all__ = [
    "FIELDS",
    "MOST_CARRIED",
    "ROLLS",
    "Carry",
    "SoloPlan",
    "big_bad_from_dict",
    "big_bad_to_dict",
    "carry_plan",
    "in_play",
    "solo_plan",
]

#: The fields of a scenario's ``big_bad`` object and their defaults (``SetBigBad``'s).
FIELDS: dict[str, bool] = {
    "solo_skill": False,
    "solo_skill_capped": True,
    "solo_stress": False,
    "solo_stress_floor_one": False,
    "solo_amplified": False,
}


def big_bad_from_dict(
    data: Any,
    sheets: Mapping[str, Character],
    ruleset: Ruleset,
    *,
    base: Path,
    trusted: bool = False,
) -> BigBad:
    """The big bad a scenario's ``big_bad`` object describes, among the fighters' ``sheets``
    (raises :class:`BadInput`). ``base`` is where relative character files are; ``trusted``
    sheets come from a table and are not held to the rules for a finished character."""
    if not isinstance(data, Mapping):
        raise BadInput("big_bad is an object naming the big bad's character_id and its bonuses")
    allowed = {"character_id", "forms", "gentle", "solo_suppress", *FIELDS}
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise BadInput(
            f"big_bad has unknown field(s) {', '.join(unknown)}; allowed: "
            f"{', '.join(sorted(allowed))}"
        )
    if not ruleset.has(OptionalRule.BIG_BADS):
        raise BadInput("a scenario with a big bad needs the big_bads option")
    who = data.get("character_id")
    if not isinstance(who, str) or who not in sheets:
        raise BadInput(
            f"big_bad.character_id names one of the scenario's characters "
            f"({', '.join(sheets)}), not {who!r}"
        )
    flags = {}
    for key, default in {**FIELDS, "gentle": False}.items():
        value = data.get(key, default)
        if not isinstance(value, bool):
            raise BadInput(f"big_bad.{key} is true or false, not {value!r}")
        flags[key] = value
    suppress = data.get("solo_suppress")
    if suppress is not None and suppress != SuppressMode.PLUS_ONE.value:
        # Only rerolls against it would take the sides' invoke advice apart: not played.
        raise BadInput(
            f"big_bad.solo_suppress: the simulator plays {SuppressMode.PLUS_ONE.value!r} "
            f"(the foes' invokes give +1), not {suppress!r}"
        )
    solo = SoloBonus(
        skill=flags["solo_skill"],
        skill_capped=flags["solo_skill_capped"],
        stress=flags["solo_stress"],
        stress_floor_one=flags["solo_stress_floor_one"],
        stress_round_down=ruleset.preset.solo_rounds_down,
        amplified=flags["solo_amplified"],
        suppress=None if suppress is None else SuppressMode.PLUS_ONE,
    )
    forms = None
    if "forms" in data:
        later = _forms(data["forms"], who, ruleset, base, trusted)
        try:
            forms = TrueForms.of([sheets[who], *later], gentle=flags["gentle"])
        except IllegalAction as error:
            raise BadInput(f"big_bad.forms: {error}") from None
    elif flags["gentle"]:
        raise BadInput("big_bad.gentle carries consequences between true forms: give the forms")
    return BigBad(who, forms=forms, solo=solo)


def _forms(data: Any, who: str, ruleset: Ruleset, base: Path, trusted: bool) -> list[Character]:
    """The sheets of a big bad's later true forms (each plays under ``who``'s id)."""
    if not isinstance(data, list) or not data:
        raise BadInput("big_bad.forms is a non-empty list of character files or sheets")
    for option in (OptionalRule.EXTREME_CONSEQUENCES, OptionalRule.CONDITIONS):
        if ruleset.has(option):
            raise BadInput(f"the simulator does not play true forms with the {option.value} option")
    preset = ruleset.preset
    found = []
    for number, entry in enumerate(data, start=1):
        where = f"big_bad.forms[{number}]"
        if not isinstance(entry, Mapping) or ("file" in entry) == ("character" in entry):
            raise BadInput(f"{where} is an object with exactly one of 'file' and 'character'")
        if set(entry) - {"file", "character"}:
            raise BadInput(f"{where} has only 'file' or 'character'")
        # A form plays as the big bad: its id may be left out.
        character = entry_character(entry, where, preset, base, trusted, default_id=who)
        taken = [slot.aspect for slot in character.consequences if slot.aspect is not None]
        if any(a.free_invokes for a in [*character.aspects, *taken]):
            raise BadInput(f"{where} has free invokes on its aspects; put them on the scene")
        found.append(character)
    return found


def big_bad_to_dict(big_bad: BigBad) -> dict[str, Any]:
    """A big bad as a scenario's ``big_bad`` object: only what the simulator plays of it (the
    forms still to come after the one in play, if any)."""
    solo = big_bad.solo
    found: dict[str, Any] = {
        "character_id": big_bad.id,
        "solo_skill": solo.skill,
        "solo_skill_capped": solo.skill_capped,
        "solo_stress": solo.stress,
        "solo_stress_floor_one": solo.stress_floor_one,
        "solo_amplified": solo.amplified,
    }
    if solo.suppress is SuppressMode.PLUS_ONE:  # the simulator plays no other way
        found["solo_suppress"] = solo.suppress.value
    forms = big_bad.forms
    if forms is not None and forms.has_next:
        later = forms.forms[forms.current + 1 :]
        found["forms"] = [{"character": character_to_dict(sheet)} for sheet in later]
        found["gentle"] = forms.gentle
    return found


def in_play(big_bad: BigBad, conflict: Conflict) -> BigBad:
    """The big bad to set on ``conflict``: its first form is the sheet in play there."""
    forms = big_bad.forms
    if forms is None:
        return big_bad
    live = conflict.roster.fighter(big_bad.id).character
    return replace(big_bad, forms=TrueForms.of([live, *forms.forms[1:]], gentle=forms.gentle))


#: The rolls of a fighter's plan a solo bonus may go to (see :class:`SoloPlan`).
ROLLS = ("close", "ranged", "defend_close", "defend_ranged", "advantage", "move")


@dataclass(frozen=True, slots=True)
class SoloPlan:
    """A big bad as the vectorized engine plays it.

    ``columns`` are where the engine keeps the big bad: its fighter, then its later true forms;
    ``ratings`` the skill ratings (before stunts) of each one's :data:`ROLLS`, in that order.
    ``pcs`` are the fighters the rules engine counts as PCs against it, ``allies`` those it
    counts as its allies (both while they stand).
    """

    columns: tuple[int, ...]
    solo: SoloBonus
    pcs: tuple[int, ...]
    allies: tuple[int, ...]
    ratings: tuple[tuple[int, ...], ...]

    def skill_bonus(self, rating: int, pcs: int, allies: int) -> int:
        """The rules engine's solo bonus on a roll of ``rating`` facing so many."""
        bonus = self.solo.skill_bonus(rating, Facing(pcs, allies))
        return 0 if bonus is None else bonus.amount

    def reduce_hit(self, shifts: int, pcs: int, allies: int) -> int:
        """The rules engine's hit on the big bad after the solo reduction."""
        return self.solo.reduce_hit(shifts, Facing(pcs, allies))

    def own_invoke(self, pcs: int, allies: int, *, free: bool) -> int:
        """What one of the big bad's own +2 invokes is worth, by the rules engine."""
        return self.solo.own_invoke_bonus(Facing(pcs, allies), free=free)

    def invoke_against(self, pcs: int, allies: int, *, free: bool) -> int:
        """What a foe's +2 invoke on a roll against the big bad is worth, by the rules engine."""
        return self.solo.invoke_against(InvokeEffect.PLUS_TWO, Facing(pcs, allies), free=free)

    @property
    def bends_invokes(self) -> bool:
        """Whether invokes are worth other than +2 where the big bad is concerned."""
        return self.solo.amplified or self.solo.suppress is not None


def solo_plan(
    conflict: Conflict,
    ids: Sequence[str],
    big_bad: BigBad,
    rolls: Sequence[tuple[Character, Mapping[str, str]]],
) -> SoloPlan:
    """The :class:`SoloPlan` of ``big_bad`` in ``conflict`` (set up, nobody out yet). ``rolls``
    gives for the big bad and each later form its sheet and the skill of each of :data:`ROLLS`;
    the forms' columns follow the fighters'."""
    side = conflict.roster.fighter(big_bad.id).side
    pcs = tuple(
        i
        for i, who in enumerate(ids)
        if conflict.roster.fighter(who).side != side
        and conflict.roster.fighter(who).character.kind is CharacterKind.PC
    )
    allies = tuple(
        i
        for i, who in enumerate(ids)
        if who != big_bad.id
        and conflict.roster.fighter(who).side == side
        and conflict.roster.fighter(who).hazard is None
    )
    facing = conflict.big_bad_rules.facing(big_bad.id)
    # The engine decides whom the big bad faces; the plan only follows who falls.
    if (facing.pcs, facing.allies) != (len(pcs), len(allies)):
        raise BadInput(f"cannot tell whom {big_bad.id} faces in this fight")
    columns = (ids.index(big_bad.id), *range(len(ids), len(ids) + len(rolls) - 1))
    ratings = tuple(tuple(sheet.rating(skills[r]) for r in ROLLS) for sheet, skills in rolls)
    return SoloPlan(columns, big_bad.solo, pcs, allies, ratings)


@dataclass(frozen=True, slots=True)
class Carry:
    """How the gentle variant carries one form's consequences to the next, as the rules engine
    does it, for every set of the old form's usable slots filled (a bit for each, in the plan's
    order): which of the next form's usable slots are then filled, and where on the next sheet
    each old slot's consequence lands (-1: dropped, or none there)."""

    filled: tuple[tuple[bool, ...], ...]
    moved: tuple[tuple[int, ...], ...]


#: The most usable consequence slots a form may have to have its consequences carried over.
MOST_CARRIED = 10


def carry_plan(
    old: Character, old_slots: Sequence[int], new: Character, new_slots: Sequence[int]
) -> Carry:
    """The :class:`Carry` from the form ``old`` (its usable slots ``old_slots``, places on its
    sheet) to ``new``. Raises :class:`BadInput` where the rules engine would have to add a
    slot to the next form for a consequence carried over: the engines do not play that."""
    if len(old_slots) > MOST_CARRIED:
        raise BadInput(
            f"the simulator carries consequences over from forms of at most {MOST_CARRIED} "
            f"consequence slots; {old.name} has {len(old_slots)}"
        )
    full = _filled(old, range(len(old.consequences)))
    probe = copy.deepcopy(new)
    carry_consequences(full, probe)
    if len(probe.consequences) > len(new.consequences):
        raise BadInput(
            f"the simulator cannot carry every consequence of {old.name} over: the next form "
            "has too few free consequence slots to take them"
        )
    filled, moved = [], []
    for mask in range(1 << len(old_slots)):
        sheet = _filled(old, [i for j, i in enumerate(old_slots) if mask >> j & 1])
        after = copy.deepcopy(new)
        carry_consequences(sheet, after)
        where = {
            slot.aspect.id: k
            for k, slot in enumerate(after.consequences)
            if slot.aspect is not None
        }
        moved.append(tuple(where.get(f"carried-{i}", -1) for i in old_slots))
        filled.append(tuple(not after.consequences[i].is_free for i in new_slots))
    return Carry(tuple(filled), tuple(moved))


def _filled(sheet: Character, slots: Iterable[int]) -> Character:
    """A copy of ``sheet`` with a consequence in each of the free ``slots``, named by its place."""
    found = copy.deepcopy(sheet)
    for i in slots:
        slot = found.consequences[i]
        if slot.is_free:
            slot.fill(Aspect(f"carried-{i}", f"carried {i}", AspectKind.CONSEQUENCE))
    return found
