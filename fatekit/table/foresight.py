"""Foresight: the encounter simulator's scenario for a table's scene in play, and what-ifs on it.

:func:`table_scenario` writes the scene in play as a scenario object (the ``fatekit-scenario``
format of ``docs/odds.md``): the table's preset and optional rules, the scene's zones and where
everyone stands, its situation aspects and who holds free invokes on them, every fighter's sheet
as it stands now (marked stress, consequences, fate points), and two sides. With a conflict in
play the sides, Weapon and Armor ratings, scale levels, hazards and the big bad (with its solo
bonuses and forms still to come) are the conflict's, and whoever has been taken out or has
conceded is left out; before one, the scene's PCs face its NPCs.

:class:`WhatIf` changes that scenario without touching the table: NPCs added (from a character
file or as copies of a character at the table) or removed, skills re-rated, Weapon and Armor
changed. How each side plays (the simulator's policy: whom it attacks, when it concedes or goes
on full defense) is set for both alike, so the two differ by the what-if alone.
:func:`foresight_scenarios` gives the scenario as it stands and, when asked, the what-if beside
it, both checked by :func:`fatekit.odds.scenario_from_dict`. Anything the simulator cannot play
raises :class:`BadInput` that says why.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fatekit.formats.character_json import character_to_dict
from fatekit.odds.big_bad import big_bad_to_dict
from fatekit.odds.plan import FightPlan
from fatekit.odds.scenario import FORMAT, VERSION, Scenario, scenario_from_dict
from fatekit.rules.characters.character import CharacterKind, refit_harm
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.ladder import LADDER
from fatekit.rules.scenes.conflict import Conflict, ConflictKind, Status
from fatekit.table.state import TableState

__all__ = [
    "NPC_SIDE",
    "PC_SIDE",
    "Added",
    "Gear",
    "Rerated",
    "Scenarios",
    "Unskilled",
    "WhatIf",
    "fight_notes",
    "foresight_scenarios",
    "table_scenario",
]

#: The sides' names when no conflict names them: the scene's PCs against its NPCs.
PC_SIDE, NPC_SIDE = "pcs", "npcs"


@dataclass(frozen=True, slots=True)
class Added:
    """NPCs to add: a character file (``sheet``) or copies of a character at the table
    (``copy_of``), ``copies`` of them on ``side``, standing in ``zone`` (the first zone if
    none), with Weapon and Armor ratings."""

    side: str
    sheet: Mapping[str, Any] | None = None
    copy_of: str | None = None
    copies: int = 1
    zone: str | None = None
    weapon: int = 0
    armor: int = 0


@dataclass(frozen=True, slots=True)
class Rerated:
    """A skill of a fighter at another rating."""

    character: str
    skill: str
    rating: int


@dataclass(frozen=True, slots=True)
class Gear:
    """A fighter's Weapon and Armor ratings (``None``: unchanged)."""

    character: str
    weapon: int | None = None
    armor: int | None = None


@dataclass(frozen=True, slots=True)
class WhatIf:
    """Changes to try on the scene, never made at the table."""

    add: tuple[Added, ...] = ()
    remove: tuple[str, ...] = ()
    skills: tuple[Rerated, ...] = ()
    gear: tuple[Gear, ...] = ()

    @property
    def empty(self) -> bool:
        """Whether it changes nothing."""
        return not (self.add or self.remove or self.skills or self.gear)


@dataclass(frozen=True, slots=True)
class Scenarios:
    """The scenarios to simulate: the scene as it stands, and the what-if (if any); the names
    of everyone in them, for the page."""

    baseline: Scenario
    what_if: Scenario | None
    names: dict[str, str] = field(default_factory=dict)


# -- the scene as a scenario ------------------------------------------------------------------


def table_scenario(state: TableState, kind: ConflictKind | None = None) -> dict[str, Any]:
    """The scene in play as a scenario object (see the module docstring). ``kind`` is the
    conflict's kind before one starts (physical by default); a conflict in play has its own."""
    game = state.game
    scene = game.scene
    if scene is None or scene.ended:
        raise BadInput("there is no scene in play: start one to foresee how a fight in it goes")
    conflict = state.conflict
    if conflict is not None and kind is not None and kind is not conflict.roster.kind:
        raise BadInput(f"the conflict in play is {conflict.roster.kind.value}, not {kind.value}")
    sides: dict[str, list[str]] = {}
    gear: dict[str, tuple[int, int, str | None]] = {}
    if conflict is not None:
        for who, fighter in conflict.roster.fighters.items():
            if fighter.hazard is not None or fighter.status is not Status.ACTIVE:
                continue  # hazards are not characters; the fallen are out of the fight
            sides.setdefault(fighter.side, []).append(who)
            gear[who] = (fighter.weapon, fighter.armor, fighter.scale)
        chosen = conflict.roster.kind
    else:
        for who in scene.participants:
            side = PC_SIDE if game.character(who).kind is CharacterKind.PC else NPC_SIDE
            sides.setdefault(side, []).append(who)
        sides = {side: sides[side] for side in (PC_SIDE, NPC_SIDE) if side in sides}
        chosen = kind if kind is not None else ConflictKind.PHYSICAL
    zones = scene.zones
    zone_ids = list(zones.zones) if zones is not None else []
    characters = []
    held: dict[str, dict[str, int]] = {}  # free invokes on sheet aspects, moved to the scene
    for who in (w for members in sides.values() for w in members):
        sheet = _sheet(state, who, held)
        entry: dict[str, Any] = {"character": sheet}
        if zones is not None:
            entry["zone"] = zones.positions.get(who, zone_ids[0])
        weapon, armor, scale = gear.get(who, (0, 0, None))
        if weapon:
            entry["weapon"] = weapon
        if armor:
            entry["armor"] = armor
        if scale is not None:
            entry["scale"] = scale
        way = state.randomizer_for(who)  # a player's seat may draw its own way
        if way != state.randomizer:
            entry["randomizer"] = way
        characters.append(entry)
    fighting = {entry["character"]["id"] for entry in characters}
    aspects = []
    for aspect in scene.aspects:
        holders: dict[str, int] = {}
        for invoke in aspect.free_invokes:
            if invoke.holder in fighting:
                holders[invoke.holder] = holders.get(invoke.holder, 0) + 1
        aspects.append({"name": aspect.name, "free_invokes": holders})
    aspects += [{"name": name, "free_invokes": h} for name, h in held.items()]
    scenario: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "title": scene.name,
        # A rule-set file travels whole: only the table knows it.
        **(
            {"ruleset": json.loads(state.ruleset_file)}
            if state.ruleset_file is not None
            else {"preset": state.preset}
        ),
        "options": list(state.options),
        **({"skill_list": state.skill_list} if state.skill_list else {}),
        "kind": chosen.value,
        # The table's way; a character whose seat draws its own way says so in its entry.
        **({"randomizer": state.randomizer} if state.randomizer != "4dF" else {}),
        "gm_pool": game.ledger.gm.available,
        "characters": characters,
        "aspects": aspects,
        "sides": {side: {"members": members} for side, members in sides.items()},
    }
    if conflict is not None:
        _write_big_bad(scenario, conflict, fighting)
    if conflict is not None and conflict.roster.harm is not conflict.roster.kind.track:
        scenario["harm"] = conflict.roster.harm.value  # a fight in the rule set's own harm (wealth)
    if conflict is not None and (hazards := _hazards(conflict)):
        scenario["hazards"] = hazards
    if zones is not None:
        links = sorted({tuple(sorted((a, b))) for a in zone_ids for b in zones.neighbours(a)})
        scenario["zones"] = {
            "zones": zone_ids,
            "connect": [list(pair) for pair in links],
            "ranged_reach": zones.ranged_reach,
        }
    return scenario


def _write_big_bad(scenario: dict[str, Any], conflict: Conflict, fighting: set[str]) -> None:
    """The conflict's big bad still in the fight, with what the simulator plays of its rule
    breaks (its solo bonuses; its scale goes with its entry)."""
    bads = [bad for who, bad in conflict.big_bad_rules.big_bads.items() if who in fighting]
    if len(bads) > 1:
        names = ", ".join(sorted(bad.id for bad in bads))
        raise BadInput(f"the simulator plays one big bad in a fight; this one has {names}")
    if bads:
        scenario["big_bad"] = big_bad_to_dict(bads[0])


def _hazards(conflict: Conflict) -> list[dict[str, Any]]:
    """The conflict's hazards still in action, each as ``AddHazard`` brought it in: the
    simulator plays them (see docs/odds.md)."""
    found = []
    zones = conflict.roster.scene.zones
    for who, fighter in conflict.roster.fighters.items():
        hazard = fighter.hazard
        if hazard is None or fighter.status is not Status.ACTIVE:
            continue  # a hazard put out of action hurts nobody any more
        entry: dict[str, Any] = {
            "id": who,
            "name": hazard.name,
            "rating": hazard.rating,
            "weapon": hazard.weapon,
            "side": fighter.side,
        }
        if zones is not None and who in zones.positions:
            entry["zone"] = zones.zone_of(who)
        found.append(entry)
    return found


def _sheet(state: TableState, who: str, held: dict[str, dict[str, int]]) -> dict[str, Any]:
    """A fighter's sheet as a character object, with the fate points the ledger says they hold.
    Free invokes on the sheet's aspects and consequences (an attacker's invoke on the
    consequence they inflicted) go into ``held`` (aspect name -> holder -> count): the simulator
    takes free invokes from scene aspects only."""
    character = state.game.character(who)
    sheet = character_to_dict(character)
    sheet["fate_points"] = state.game.ledger.account(who).available
    taken = [slot.aspect for slot in character.consequences if slot.aspect is not None]
    for aspect in [*character.aspects, *taken]:
        for invoke in aspect.free_invokes:
            counts = held.setdefault(aspect.name, {})
            counts[invoke.holder] = counts.get(invoke.holder, 0) + 1
    slots = [slot.get("aspect") for slot in sheet.get("consequences", [])]
    for listed in [*sheet.get("aspects", []), *(a for a in slots if isinstance(a, dict))]:
        listed.pop("free_invokes", None)
    return sheet


# -- what-ifs ---------------------------------------------------------------------------------


def foresight_scenarios(
    state: TableState,
    what_if: WhatIf | None = None,
    kind: ConflictKind | None = None,
    play: Mapping[str, Mapping[str, Any]] | None = None,
) -> Scenarios:
    """The scenario of the scene in play and, if ``what_if`` changes anything, the what-if's.
    ``play`` gives sides a policy of their own (a scenario file's ``policy`` object, by side
    name); the others play the default."""
    data = table_scenario(state, kind)
    for side, policy in (play or {}).items():
        if side not in data["sides"]:
            raise BadInput(
                f"no side {side!r} in the fight; the sides are {', '.join(data['sides'])}"
            )
        data["sides"][side]["policy"] = dict(policy)
    baseline = _load(data, "the scene in play")
    names = {who: f.character.name for who, f in baseline.fighters.items()}
    if what_if is None or what_if.empty:
        return Scenarios(baseline, None, names)
    changed = _apply(data, what_if)
    trial = _load(changed, "the what-if")
    for rerated in what_if.skills:
        if rerated.character not in trial.fighters:
            raise BadInput(f"the what-if re-rates {rerated.character!r}, who is not in the fight")
        low, high = min(LADDER), max(LADDER)
        if not low <= rerated.rating <= high:
            raise BadInput(f"a skill is rated from {low} to {high}, not {rerated.rating}")
        sheet = trial.fighters[rerated.character].character
        preset = trial.ruleset.preset
        if rerated.skill not in preset.skill_keys and rerated.skill not in sheet.skills:
            raise BadInput(f"{rerated.skill!r} is not a skill of {preset.name} or of {sheet.name}")
        # A what-if may break the skill pyramid: it asks how a stronger or weaker fighter does.
        sheet.skills[rerated.skill] = rerated.rating
        try:
            refit_harm(sheet, preset)  # a skill may lengthen or shorten a stress track
        except IllegalAction as error:
            raise BadInput(f"the what-if cannot re-rate {sheet.name}: {error}") from None
    names.update({who: f.character.name for who, f in trial.fighters.items()})
    return Scenarios(baseline, trial, names)


@dataclass(frozen=True, slots=True)
class Unskilled:
    """A fighter with no skill to fight with: they attack with ``skill`` at ``modifier``."""

    who: str
    name: str
    skill: str
    modifier: int

    @property
    def text(self) -> str:
        """The note in words."""
        return (
            f"{self.name} has no skill to fight with: they attack with {self.skill} "
            f"at {self.modifier:+d}"
        )


def fight_notes(scenario: Scenario, plan: FightPlan) -> list[Unskilled]:
    """What the GM should know before trusting the odds: fighters with no skill to fight with.
    Anyone may attack with an unrated skill, at Mediocre (+0), so such a fight can be played;
    but it is seldom what the GM meant."""
    notes = []
    for fighter in plan.fighters:
        sheet = scenario.fighters[fighter.id].character
        if sheet.rating(fighter.close.skill) <= 0:
            notes.append(
                Unskilled(fighter.id, sheet.name, fighter.close.skill, fighter.close.modifier)
            )
    return notes


def _load(data: Mapping[str, Any], what: str) -> Scenario:
    sides = data["sides"]
    if len(sides) != 2:
        if len(sides) < 2:
            one = ", ".join(sides) or "nobody"
            raise BadInput(
                f"{what} has one side only ({one}): a fight needs someone on each of two sides"
            )
        raise BadInput(f"{what} has {len(sides)} sides; the simulator plays two against each other")
    try:
        return scenario_from_dict(data, source=what, table_sheets=True)
    except BadInput as error:
        raise BadInput(f"{what}: {error}") from None


def _apply(data: dict[str, Any], what_if: WhatIf) -> dict[str, Any]:
    changed = copy.deepcopy(data)
    entries: list[dict[str, Any]] = changed["characters"]
    sides: dict[str, dict[str, list[str]]] = changed["sides"]
    ids = {entry["character"]["id"] for entry in entries}
    for who in what_if.remove:
        if who not in ids:
            raise BadInput(f"the what-if removes {who!r}, who is not in the fight")
        entries[:] = [e for e in entries if e["character"]["id"] != who]
        ids.discard(who)
        for side in sides.values():
            side["members"] = [m for m in side["members"] if m != who]
    for side_name in [name for name, side in sides.items() if not side["members"]]:
        del sides[side_name]
    zones = changed.get("zones", {}).get("zones", [])
    for added in what_if.add:
        if added.side not in sides and len(sides) >= 2:
            raise BadInput(
                f"the what-if adds to side {added.side!r}; the sides are {', '.join(sides)}"
            )
        if not 1 <= added.copies <= 20:
            raise BadInput(f"the what-if adds 1 to 20 copies at a time, not {added.copies}")
        sheet = _added_sheet(entries, added, ids)
        entry: dict[str, Any] = {"character": sheet, "copies": added.copies}
        if zones:
            if added.zone is not None and added.zone not in zones:
                raise BadInput(f"the scene has no zone {added.zone!r} ({', '.join(zones)})")
            entry["zone"] = added.zone if added.zone is not None else zones[0]
        elif added.zone is not None:
            raise BadInput("the scene has no zones to stand in")
        if added.weapon:
            entry["weapon"] = added.weapon
        if added.armor:
            entry["armor"] = added.armor
        entries.append(entry)
        ids.add(sheet["id"])
        sides.setdefault(added.side, {"members": []})["members"].append(sheet["id"])
    for gear in what_if.gear:
        found = [e for e in entries if e["character"]["id"] == gear.character]
        if not found:
            raise BadInput(f"the what-if equips {gear.character!r}, who is not in the fight")
        if gear.weapon is not None:
            found[0]["weapon"] = gear.weapon
        if gear.armor is not None:
            found[0]["armor"] = gear.armor
    return changed


def _added_sheet(
    entries: Sequence[Mapping[str, Any]], added: Added, ids: set[str]
) -> dict[str, Any]:
    if (added.sheet is None) == (added.copy_of is None):
        raise BadInput("an added NPC is a character file ('sheet') or a copy of one ('copy_of')")
    if added.copy_of is not None:
        found = [e for e in entries if e["character"]["id"] == added.copy_of]
        if not found:
            raise BadInput(f"the what-if copies {added.copy_of!r}, who is not in the fight")
        sheet = copy.deepcopy(dict(found[0]["character"]))
        base = f"{added.copy_of}-extra"
    else:
        assert added.sheet is not None
        sheet = copy.deepcopy(dict(added.sheet))
        if not isinstance(sheet.get("id"), str) or not sheet["id"].strip():
            raise BadInput("an added character file needs an id")
        base = sheet["id"]
    if sheet.get("kind", "pc") == CharacterKind.PC.value:
        raise BadInput(f"{sheet.get('name', base)} is a PC: a what-if adds NPCs")
    # A fresh id, which no id at the table is (or is a copy of: copies are "<id>-<n>").
    new_id, n = base, 1
    while new_id in ids or any(t.startswith(f"{new_id}-") for t in ids):
        n += 1
        new_id = f"{base}{n}"
    old = sheet["id"]
    sheet["id"] = new_id
    for aspect in sheet.get("aspects", []):
        if isinstance(aspect, dict) and isinstance(aspect.get("id"), str):
            aspect["id"] = aspect["id"].replace(old, new_id, 1)
        if isinstance(aspect, dict):
            aspect.pop("free_invokes", None)
    return sheet
