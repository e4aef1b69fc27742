"""Hazards in a simulated fight (the obstacles option): read, planned and played by both engines.

A scenario's ``hazards`` list brings hazards into its conflict as the table's ``AddHazard`` does:
each is a :class:`~fatekit.rules.options.obstacles.Hazard` (checked by its own constructor) on
one of the two sides, perhaps in a zone. The rules engine gives each a place in the turn order;
on its turn a hazard attacks, with its rating and Weapon, an opponent of its side that the rules
engine lets it attack with a close attack (:func:`in_reach`), chosen by its side's ``target``
policy. It spends no invokes. With nobody
in reach it creates an advantage (the only other thing the engine lets it do) against its side's
``advantage_difficulty``. A hazard is never a target, and nobody tries to put one out of action.

The scalar engine plays a hazard's turn through the :class:`Conflict`; the vector engine plays it
from :class:`HazardPlan`, numbers the rules engine gave before the first roll: whom a hazard in
each zone reaches, and the harm its attack deals for every margin against every Armor rating.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from fatekit.rules.core.actions import Action, Hit, resolve
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.options.obstacles import Hazard
from fatekit.rules.options.ruleset import OptionalRule, Ruleset
from fatekit.rules.scenes.conflict import Conflict

__all__ = [
    "MARGIN_SPAN",
    "HazardPlan",
    "HazardSpec",
    "HazardsPlan",
    "add_hazards",
    "hazards_plan",
    "parse_hazards",
]

_FIELDS = ("id", "name", "rating", "weapon", "side", "zone")
_ARMORS = 5  # Armor ratings 0 to 4
MARGIN_SPAN = 64  # margins beyond this, either way, count as this (no fight comes near)


@dataclass(frozen=True, slots=True)
class HazardSpec:
    """A hazard of a scenario: the rules engine's hazard, the side it works for, its zone."""

    hazard: Hazard
    side: str
    zone: str | None = None


def parse_hazards(
    data: Any,
    *,
    ruleset: Ruleset,
    sides: Sequence[str],
    zones: Sequence[str] | None,
    taken: Collection[str],
) -> tuple[HazardSpec, ...]:
    """Read a scenario's ``hazards`` list (``taken``: the fighters' ids, which a hazard's may not
    be); raise :class:`BadInput` saying what is wrong."""
    if not isinstance(data, list):
        raise BadInput("hazards is a list of {'id', 'name', 'rating', 'weapon', 'side', 'zone'}")
    if data and not ruleset.has(OptionalRule.OBSTACLES):
        raise BadInput("the scenario has hazards: turn on the obstacles option")
    found: list[HazardSpec] = []
    for number, entry in enumerate(data, start=1):
        where = f"hazards[{number}]"
        if not isinstance(entry, Mapping):
            raise BadInput(f"{where} is an object with {', '.join(_FIELDS)}")
        unknown = sorted(set(entry) - set(_FIELDS))
        if unknown:
            raise BadInput(
                f"{where} has unknown field(s) {', '.join(unknown)}; allowed: {', '.join(_FIELDS)}"
            )
        missing = [key for key in _FIELDS[:5] if key not in entry]
        if missing:
            raise BadInput(f"{where} needs {', '.join(missing)}")
        try:
            hazard = Hazard(entry["id"], entry["name"], entry["rating"], entry["weapon"])
        except (BadInput, IllegalAction) as error:
            raise BadInput(f"{where}: {error}") from None
        if hazard.id in taken or any(h.hazard.id == hazard.id for h in found):
            raise BadInput(f"{where}: the id {hazard.id!r} is already someone's")
        side = entry["side"]
        if side not in sides:
            raise BadInput(f"{where} works for side {side!r}; the sides are {', '.join(sides)}")
        zone = entry.get("zone")
        if zone is not None and zones is None:
            raise BadInput(f"{where} names zone {zone!r}, but the scenario has no zones")
        if zone is not None and zones is not None and zone not in zones:
            raise BadInput(f"{where} is in one of the zones ({', '.join(zones)}), not {zone!r}")
        found.append(HazardSpec(hazard, str(side), None if zone is None else str(zone)))
    return tuple(found)


def add_hazards(conflict: Conflict, hazards: Sequence[HazardSpec]) -> None:
    """Bring the scenario's hazards into its conflict, as the table's ``AddHazard`` does."""
    for spec in hazards:
        conflict.obstacles.add_hazard(spec.hazard, spec.side, zone=spec.zone)


# -- the plan ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HazardPlan:
    """One hazard as the engines see it."""

    id: str
    side: int
    rating: int
    skill: str
    reaches: tuple[bool, ...]  # by zone of the plan: whether it may attack someone standing there
    # The harm of its attack (the full hit, as the simulator always takes) by the target's Armor
    # and the attack's margin, from -MARGIN_SPAN to MARGIN_SPAN; and the fewest shifts that harm, by Armor.
    harm: tuple[tuple[int, ...], ...]
    needed: tuple[int, ...]
    scale: int | None  # its level on the scale ladder (none given: the bottom), with scale


@dataclass(frozen=True, slots=True)
class HazardsPlan:
    """The hazards, and the turn order with them: fighters by position in the plan, hazard ``h``
    as ``~h``. The first exchange may differ: a hazard joins a conflict whose first actor is set."""

    hazards: tuple[HazardPlan, ...]
    turns: tuple[int, ...]
    opening: tuple[int, ...]


def hazards_plan(
    hazards: Sequence[HazardSpec],
    conflict: Conflict,
    ids: Sequence[str],
    order: Sequence[str],
    sides: Sequence[str],
    zones: Sequence[str],
) -> HazardsPlan | None:
    """What the engines need of the hazards, asked of the conflict they were added to;
    ``order`` is everyone's turn order, hazards included (the engine's, or the scenario's in
    elective order)."""
    if not hazards:
        return None
    names = [spec.hazard.id for spec in hazards]

    def code(who: str) -> int:
        return ~names.index(who) if who in names else list(ids).index(who)

    turns = tuple(code(who) for who in order)
    first = code(conflict.turns.current) if conflict.turns.current is not None else turns[0]
    opening = (first, *(t for t in turns if t != first))
    ladder = conflict.roster.scale_ladder
    bottom = (
        ladder.level(ladder.keys[0]) if conflict.roster.ruleset.has(OptionalRule.SCALE) else None
    )
    equipped = conflict.roster.ruleset.has(OptionalRule.WEAPON_AND_ARMOR)
    planned = []
    for spec in hazards:
        hazard = spec.hazard
        harm = tuple(
            tuple(
                _harm(hazard, shifts, armor, equipped)
                for shifts in range(-MARGIN_SPAN, MARGIN_SPAN + 1)
            )
            for armor in range(_ARMORS)
        )
        needed = tuple(
            next((s - MARGIN_SPAN for s, h in enumerate(row) if h > 0), MARGIN_SPAN + 1)
            for row in harm
        )
        planned.append(
            HazardPlan(
                hazard.id,
                list(sides).index(spec.side),
                hazard.rating,
                hazard.skill,
                _reaches(conflict, hazard.id, zones),
                harm,
                needed,
                bottom,
            )
        )
    return HazardsPlan(tuple(planned), turns, opening)


def _harm(hazard: Hazard, shifts: int, armor: int, equipped: bool) -> int:
    """The harm of the hazard's attack that beat the defence by ``shifts``, by the rules engine."""
    resolution = hazard.attack_resolution(
        resolve(Action.ATTACK, shifts, active_opposition=True),
        armor=armor,
        weapon_and_armor=equipped,
    )
    keys = [o.key for o in resolution.options]
    option = resolution.option("hit") if "hit" in keys else resolution.options[0]
    return sum(e.shifts for e in option.effects if isinstance(e, Hit))


def in_reach(conflict: Conflict, hazard: str, target: str) -> bool:
    """Whether the hazard's attack, a close one, reaches ``target`` (a hazard in a zone hits what
    is in it; one given no zone fills the scene and hits anyone)."""
    return conflict.targets.reaches(hazard, target, ranged=False)


def _reaches(conflict: Conflict, hazard: str, zones: Sequence[str]) -> tuple[bool, ...]:
    """:func:`in_reach` for an opponent standing in each zone, asked by putting one opponent
    there in turn (the conflict is the plan's own, thrown away after)."""
    probe = conflict.roster.opponents(hazard)[0]
    where = conflict.roster.scene.zones
    if where is None or probe not in where.positions:
        return tuple(in_reach(conflict, hazard, probe) for _ in zones)
    home = where.zone_of(probe)
    found = []
    for zone in zones:
        where.place(probe, zone)
        found.append(in_reach(conflict, hazard, probe))
    where.place(probe, home)
    return tuple(found)
