"""Scenario files: who fights whom, where, under which rules, and how each side plays.

A scenario is one JSON object (the format is documented in ``docs/odds.md``)::

    {
      "format": "fatekit-scenario", "version": 1,
      "title": "Ambush on the pier",
      "preset": "condensed", "options": ["weapon_and_armor"], "kind": "physical",
      "zones": {"zones": ["pier", "shed"], "connect": [["pier", "shed"]], "ranged_reach": 1},
      "aspects": [{"name": "Fog off the Water", "free_invokes": {"ruth": 1}}],
      "characters": [
        {"file": "ruth.json", "zone": "pier", "weapon": 1},
        {"character": {"id": "thug", "name": "Thug", "kind": "minor_npc", ...}, "copies": 3,
         "zone": "shed"}
      ],
      "sides": {
        "heroes": {"members": ["ruth"], "policy": {"target": "most_hurt"}},
        "gang": {"members": ["thug"], "policy": {"concede_after": 1}}
      }
    }

Characters are character files (paths relative to the scenario) or inline objects in the same
format, checked against the schema and against the preset's rules: an illegal character is
refused. Loading raises :class:`BadInput` saying what is wrong; it never half-loads.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from fatekit.formats.character_json import parse_json
from fatekit.formats.ruleset import load_ruleset, ruleset_from_dict
from fatekit.odds.big_bad import big_bad_from_dict
from fatekit.odds.hazards import HazardSpec, parse_hazards
from fatekit.odds.sheets import entry_character
from fatekit.rules.characters.character import Character
from fatekit.rules.characters.counted import counted_bonus, counts_aspects
from fatekit.rules.characters.gear import check_rating
from fatekit.rules.characters.preset import Preset, TurnOrderStyle
from fatekit.rules.characters.presets import get_preset
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.randomizers import Randomizer
from fatekit.rules.core.tracks import Track
from fatekit.rules.options.big_bads import BigBad
from fatekit.rules.options.ruleset import OptionalRule, Ruleset
from fatekit.rules.scenes.conflict import ConflictKind

__all__ = [
    "FORMAT",
    "VERSION",
    "AbsorbPolicy",
    "AdvantagePolicy",
    "Fighter",
    "InvokeAim",
    "Scenario",
    "Side",
    "SidePolicy",
    "TargetPolicy",
    "TeamworkPolicy",
    "ZoneSpec",
    "load_scenario",
    "scenario_from_dict",
]

FORMAT = "fatekit-scenario"
VERSION = 1


class TargetPolicy(StrEnum):
    """Whom a side attacks among the opponents it can reach."""

    FIRST = "first"  # the first listed
    RANDOM = "random"  # any of them, evenly
    WEAKEST = "weakest"  # the lowest defence against this attack
    STRONGEST = "strongest"  # the best attacker
    MOST_HURT = "most_hurt"  # the least stress and consequences left


class InvokeAim(StrEnum):
    """What an attacker spends invokes to reach."""

    HIT = "hit"  # any harm at all
    STYLE = "style"  # a hit with style (three shifts or more)
    NEVER = "never"  # no invokes on attacks


class AdvantagePolicy(StrEnum):
    """When a side creates an advantage instead of attacking."""

    NEVER = "never"
    NO_FREE_INVOKES = "no_free_invokes"  # whenever the actor holds no free invoke
    OUTMATCHED = "outmatched"  # ... and their attack is below the target's defence


class AbsorbPolicy(StrEnum):
    """How a side absorbs hits."""

    RECOMMENDED = "recommended"  # the engine's recommended plan (stress first, mildest first)
    NO_EXTREME = "no_extreme"  # the same, but be taken out rather than take an extreme one


class TeamworkPolicy(StrEnum):
    """When a side's members help each other's attacks (teamwork)."""

    NEVER = "never"
    # At an attack, the allies who have not acted, can reach the target and attack it worse help.
    WEAKER_HELP = "weaker_help"


@dataclass(frozen=True, slots=True)
class SidePolicy:
    """How every member of a side plays."""

    target: TargetPolicy = TargetPolicy.FIRST
    invoke_for: InvokeAim = InvokeAim.HIT
    fate_points: bool = True  # pay fate points for invokes, or use only free invokes
    max_invokes: int = 3  # invokes considered on one roll
    defend_invokes: bool = True  # invoke on defence rolls to avoid harm
    advantage: AdvantagePolicy = AdvantagePolicy.NEVER
    advantage_difficulty: int = 2
    advantage_skill: str | None = None  # None: the actor's best skill
    absorb: AbsorbPolicy = AbsorbPolicy.RECOMMENDED
    concede_after: int | None = None  # concede at one's turn after this many consequences
    full_defense_after: int | None = None  # full defense at one's turn after this many
    teamwork: TeamworkPolicy = TeamworkPolicy.NEVER


@dataclass(frozen=True, slots=True)
class Side:
    """A side: its name, members in order, and policy."""

    name: str
    members: tuple[str, ...]
    policy: SidePolicy


@dataclass(slots=True)
class Fighter:
    """One character in the scenario, with where they stand and what they carry."""

    character: Character
    zone: str | None = None
    weapon: int = 0
    armor: int = 0
    scale: str | None = None  # a level of the scale option, e.g. "supernatural"
    # How this character's rolls are drawn, when not the scenario's way (a table's seat that
    # draws its own way: its player's characters roll that way).
    randomizer: Randomizer | None = None
    # A PC that counts aspects instead of skills (The Three Rocketeers): the ids of the aspects
    # it counts on each of its rolls in the fight; None for everyone who rolls skills.
    counted: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class ZoneSpec:
    """The map: zone ids, which are adjacent, and how far ranged attacks reach."""

    zones: tuple[str, ...]
    connect: tuple[tuple[str, str], ...]
    ranged_reach: int = 1


@dataclass(slots=True)
class Scenario:
    """A loaded scenario. :meth:`fresh_characters` gives sheets to play one conflict on."""

    title: str
    ruleset: Ruleset
    kind: ConflictKind
    fighters: dict[str, Fighter]
    sides: tuple[Side, Side]
    zones: ZoneSpec | None = None
    aspects: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()
    order: tuple[str, ...] = ()  # elective order: who acts in what order
    group_npcs: bool = False
    max_exchanges: int = 50
    move_difficulty: int = 0
    source: str = ""
    notes: list[str] = field(default_factory=list)
    gm_pool: int | None = None  # the GM's fate points at the start (None: as a new scene fills it)
    harm: Track | None = None  # a rule set's own kind of harm the fight deals (wealth, sanity)
    big_bad: BigBad | None = None  # the big-bads optional rule: who breaks the rules, and how
    hazards: tuple[HazardSpec, ...] = ()  # the obstacles option's hazards, added to the conflict
    # How the fight's rolls are drawn (four Fate dice unless the file or a table says), but
    # those of a character with a way of its own (Fighter.randomizer).
    randomizer: Randomizer = Randomizer.FATE_DICE

    @property
    def preset_key(self) -> str:
        """The preset's key."""
        return self.ruleset.preset.key

    def side_of(self, who: str) -> int:
        """The index (0 or 1) of the side ``who`` fights on."""
        return 0 if who in self.sides[0].members else 1

    def way_of(self, who: str) -> Randomizer:
        """How ``who``'s rolls are drawn: its own way, or the scenario's."""
        own = self.fighters[who].randomizer
        return self.randomizer if own is None else own

    def fresh_characters(self) -> list[Character]:
        """Copies of every sheet, untouched by earlier runs."""
        return [copy.deepcopy(f.character) for f in self.fighters.values()]


def load_scenario(path: str | Path) -> Scenario:
    """Read a scenario file; character files are found relative to it."""
    where = Path(path)
    try:
        text = where.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"cannot read {path}: {error}") from None
    data = parse_json(text, str(path))
    return scenario_from_dict(data, base=where.parent, source=str(path))


def scenario_from_dict(
    data: Any, *, base: Path | None = None, source: str = "", table_sheets: bool = False
) -> Scenario:
    """Build a scenario from parsed JSON (``base``: where relative character files are).

    ``table_sheets``: the sheets come from a table, which has already let them into play (a
    sheet made up as you play may still have blanks), so they are not held to the rules for
    a finished character."""
    if not isinstance(data, Mapping):
        raise BadInput("a scenario is a JSON object")
    _check_keys(
        data,
        "scenario",
        {
            "format",
            "version",
            "title",
            "preset",
            "ruleset",
            "options",
            "kind",
            "harm",
            "zones",
            "aspects",
            "characters",
            "sides",
            "order",
            "group_npcs",
            "max_exchanges",
            "move_difficulty",
            "gm_pool",
            "skill_list",
            "notes",
            "big_bad",
            "hazards",
            "randomizer",
        },
    )
    if data.get("format", FORMAT) != FORMAT or data.get("version", VERSION) != VERSION:
        raise BadInput(f"not a {FORMAT} file of version {VERSION}")
    if "ruleset" in data:
        if "preset" in data:
            raise BadInput("name either a preset or a rule-set file, not both")
        given = data["ruleset"]
        preset = (
            ruleset_from_dict(given)
            if isinstance(given, Mapping)
            else load_ruleset((base or Path(".")) / str(given))
        )
    else:
        preset = get_preset(str(data.get("preset", "condensed")))
    options = _strings(data.get("options", []), "options")
    skill_list = data.get("skill_list")
    if skill_list is not None and not isinstance(skill_list, str):
        raise BadInput("skill_list is the key of a skill list, such as 'actions'")
    try:
        ruleset = Ruleset.of(preset, options, skill_list=skill_list)
    except IllegalAction as error:
        raise BadInput(str(error)) from None
    if preset.conditions:
        # Its fighters soak hits with stress and consequences only: odds leaving out what
        # conditions take off each hit would make everyone frailer than they are.
        raise BadInput(
            "the fight simulator does not play a rule set's conditions (Fate System Toolkit) "
            "yet: its odds would leave out the shifts they take off each hit"
        )
    try:
        kind = ConflictKind(str(data.get("kind", "physical")))
    except ValueError:
        raise BadInput("kind is 'physical' or 'mental'") from None
    try:
        harm = Track(data["harm"]) if "harm" in data else None
    except ValueError as error:
        raise BadInput(f"harm: {error}") from None
    zones = _zones(data.get("zones"))
    fighters = _fighters(
        data.get("characters"), preset, ruleset, zones, base or Path("."), table_sheets
    )
    sides = _sides(data.get("sides"), fighters)
    full_defense = ruleset.has(OptionalRule.FULL_DEFENSE) or ruleset.has(
        OptionalRule.FULL_DEFENSE_CORE
    )
    for side in sides:
        if side.policy.full_defense_after is not None and not full_defense:
            raise BadInput(
                f"the policy of {side.name!r}: full_defense_after needs full defense in play "
                "(Fate Core's, or the full_defense option)"
            )
    aspects = _aspects(data.get("aspects", []), fighters)
    hazards = parse_hazards(
        data.get("hazards", []),
        ruleset=ruleset,
        sides=[side.name for side in sides],
        zones=zones.zones if zones is not None else None,
        taken=fighters,
    )
    order = _order(data, ruleset, sides, fighters, [h.hazard.id for h in hazards])
    max_exchanges = _whole(data.get("max_exchanges", 50), "max_exchanges", least=1)
    move_difficulty = _integer(data.get("move_difficulty", 0), "move_difficulty")
    gm_pool = data.get("gm_pool")
    if gm_pool is not None:
        gm_pool = _whole(gm_pool, "gm_pool")
    big_bad = None
    if "big_bad" in data:
        sheets = {who: f.character for who, f in fighters.items()}
        big_bad = big_bad_from_dict(
            data["big_bad"], sheets, ruleset, base=base or Path("."), trusted=table_sheets
        )
    if ruleset.has(OptionalRule.WEIGHT):
        _weight_playable(fighters, hazards, big_bad)
    return Scenario(
        str(data.get("title", source or "scenario")),
        ruleset,
        kind,
        fighters,
        sides,
        zones,
        aspects,
        order,
        bool(data.get("group_npcs", False)),
        max_exchanges,
        move_difficulty,
        source,
        list(_strings(data.get("notes", []), "notes")),
        gm_pool,
        harm,
        big_bad,
        hazards,
        _randomizer(data.get("randomizer", Randomizer.FATE_DICE.value)),
    )


def _weight_playable(
    fighters: Mapping[str, Fighter], hazards: Sequence[HazardSpec], big_bad: BigBad | None
) -> None:
    """Refuse, with the reason, what the simulator does not weigh yet: its engines weigh each
    fighter once, so a mob (whose weight falls as its members do), a hazard and a big bad's
    forms would be counted otherwise than the table counts them."""
    mobs = sorted(who for who, f in fighters.items() if f.character.members > 1)
    if mobs:
        raise BadInput(
            f"the fight simulator does not weigh a mob yet ({', '.join(mobs)}): its weight "
            "falls as its members do; give each member as a fighter (copies) instead"
        )
    if hazards:
        raise BadInput("the fight simulator does not weigh hazards yet: leave them out to weigh")
    if big_bad is not None:
        raise BadInput("the fight simulator does not weigh a big bad yet: leave it out to weigh")


def _randomizer(value: Any) -> Randomizer:
    if not isinstance(value, str):
        raise BadInput(f"randomizer is a name such as '4dF' or 'd6-d6', not {value!r}")
    return Randomizer.parse(value)


# -- parts ------------------------------------------------------------------------------------


def _check_keys(data: Mapping[str, Any], what: str, allowed: set[str]) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise BadInput(
            f"{what} has unknown field(s) {', '.join(unknown)}; allowed: {', '.join(sorted(allowed))}"
        )


def _strings(value: Any, what: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadInput(f"{what} is a list of strings")
    return tuple(value)


def _integer(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{what} must be a whole number, not {value!r}")
    return value


def _whole(value: Any, what: str, *, least: int = 0) -> int:
    number = _integer(value, what)
    if number < least:
        raise BadInput(f"{what} must be at least {least}, not {number}")
    return number


def _zones(data: Any) -> ZoneSpec | None:
    if data is None:
        return None
    if not isinstance(data, Mapping):
        raise BadInput("zones is an object with 'zones', 'connect' and 'ranged_reach'")
    _check_keys(data, "zones", {"zones", "connect", "ranged_reach"})
    names = _strings(data.get("zones", []), "zones.zones")
    if not names or len(set(names)) != len(names):
        raise BadInput("zones.zones lists each zone once, at least one")
    links: list[tuple[str, str]] = []
    for pair in data.get("connect", []):
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(isinstance(z, str) and z in names for z in pair)
            or pair[0] == pair[1]
        ):
            raise BadInput(f"zones.connect holds pairs of two different known zones, not {pair!r}")
        links.append((pair[0], pair[1]))
    reach = _whole(data.get("ranged_reach", 1), "zones.ranged_reach", least=1)
    # Every zone must be reachable from every other: a fight split in two never ends.
    seen, todo = {names[0]}, [names[0]]
    while todo:
        here = todo.pop()
        for a, b in links:
            for there in (b if a == here else None, a if b == here else None):
                if there is not None and there not in seen:
                    seen.add(there)
                    todo.append(there)
    cut = [z for z in names if z not in seen]
    if cut:
        raise BadInput(f"zones {', '.join(cut)} cannot be reached from {names[0]!r}")
    return ZoneSpec(names, tuple(links), reach)


def _fighters(
    data: Any,
    preset: Preset,
    ruleset: Ruleset,
    zones: ZoneSpec | None,
    base: Path,
    trusted: bool,
) -> dict[str, Fighter]:
    if not isinstance(data, list) or not data:
        raise BadInput("characters is a non-empty list")
    fighters: dict[str, Fighter] = {}
    for number, entry in enumerate(data, start=1):
        where = f"characters[{number}]"
        if not isinstance(entry, Mapping):
            raise BadInput(f"{where} is an object with 'file' or 'character'")
        _check_keys(
            entry,
            where,
            {
                "file",
                "character",
                "zone",
                "weapon",
                "armor",
                "copies",
                "scale",
                "randomizer",
                "counted",
            },
        )
        if ("file" in entry) == ("character" in entry):
            raise BadInput(f"{where} needs exactly one of 'file' and 'character'")
        character = entry_character(entry, where, preset, base, trusted)
        if any(a.free_invokes for a in character.aspects):
            raise BadInput(
                f"{where}: {character.id} has free invokes on a character aspect; the simulator "
                "takes free invokes from scene aspects only"
            )
        zone = entry.get("zone")
        if zones is None and zone is not None:
            raise BadInput(f"{where} names zone {zone!r}, but the scenario has no zones")
        if zones is not None and zone not in zones.zones:
            raise BadInput(
                f"{where} must stand in one of the zones ({', '.join(zones.zones)}), not {zone!r}"
            )
        weapon = _integer(entry.get("weapon", 0), f"{where}.weapon")
        armor = _integer(entry.get("armor", 0), f"{where}.armor")
        if (weapon or armor) and not ruleset.has(OptionalRule.WEAPON_AND_ARMOR):
            raise BadInput(f"{where} has Weapon or Armor: turn on the weapon_and_armor option")
        try:
            check_rating("Weapon", weapon)
            check_rating("Armor", armor)
        except IllegalAction as error:
            raise BadInput(f"{where}: {error}") from None
        scale = entry.get("scale")
        if scale is not None and (
            not isinstance(scale, str) or not ruleset.has(OptionalRule.SCALE)
        ):
            raise BadInput(f"{where} has a scale level: turn on the scale option and name a level")
        way = entry.get("randomizer")
        try:
            own = None if way is None else _randomizer(way)
        except BadInput as error:
            raise BadInput(f"{where}: {error}") from None
        copies = _whole(entry.get("copies", 1), f"{where}.copies", least=1)
        named = _counted(entry.get("counted"), character, preset, f"{where}.counted")
        for n in range(1, copies + 1):
            sheet_copy = copy.deepcopy(character)
            if copies > 1:
                _rename(sheet_copy, f"{character.id}-{n}", f"{character.name} {n}")
            if sheet_copy.id in fighters:
                raise BadInput(f"{where}: two characters have the id {sheet_copy.id!r}")
            mine = None
            if named is not None:  # a copy counts its own aspects of the same names
                ids = {a.id: i for i, a in enumerate(character.aspects)}
                mine = tuple(sheet_copy.aspects[ids[a]].id for a in named)
            fighters[sheet_copy.id] = Fighter(
                sheet_copy, None if zone is None else str(zone), weapon, armor, scale, own, mine
            )
    return fighters


def _counted(
    value: Any, character: Character, preset: Preset, where: str
) -> tuple[str, ...] | None:
    """The aspects a PC counts on its rolls in the fight, by id or by name, checked by the
    rules (:func:`~fatekit.rules.characters.counted.counted_bonus`). Left out, the simulator's
    policy counts the aspects the rule set values above the rest (The Three Rocketeers: the
    hero aspect, +2) and no other: which others bear on a roll is the player's call."""
    counted = preset.counted
    if counted is None or not counts_aspects(counted, character):
        if value is not None:
            raise BadInput(
                f"{where}: only a PC in a rule set that counts aspects counts them "
                f"({character.id} rolls skills)"
            )
        return None
    if value is None:
        valued = {kind for kind, _ in counted.bonuses}
        return tuple(a.id for a in character.aspects if a.kind in valued)
    typed = _strings(value, where)
    by_name = {a.name: a.id for a in character.aspects}
    named = tuple(by_name.get(t, t) for t in typed)
    try:
        counted_bonus(counted, character, named)
    except IllegalAction as error:
        raise BadInput(f"{where}: {error}") from None
    return named


def _rename(character: Character, new_id: str, name: str) -> None:
    old = character.id
    character.id, character.name = new_id, name
    for aspect in character.aspects:
        aspect.owner = new_id
        aspect.id = aspect.id.replace(old, new_id, 1)


def _sides(data: Any, fighters: Mapping[str, Fighter]) -> tuple[Side, Side]:
    if not isinstance(data, Mapping) or len(data) != 2:
        raise BadInput("sides is an object with exactly two sides")
    built: list[Side] = []
    placed: set[str] = set()
    for name, spec in data.items():
        if not isinstance(spec, Mapping):
            raise BadInput(f"side {name!r} is an object with 'members' and 'policy'")
        _check_keys(spec, f"side {name!r}", {"members", "policy"})
        members: list[str] = []
        for who in _strings(spec.get("members", []), f"side {name!r} members"):
            copies = [
                f for f in fighters if f.startswith(f"{who}-") and f[len(who) + 1 :].isdigit()
            ]
            found = [who] if who in fighters else copies
            if not found:
                raise BadInput(
                    f"side {name!r} names {who!r}, who is not among the scenario's characters "
                    f"({', '.join(fighters)})"
                )
            members.extend(found)
        if not members:
            raise BadInput(f"side {name!r} has nobody on it")
        twice = placed.intersection(members)
        if twice:
            raise BadInput(f"{', '.join(sorted(twice))} cannot be on two sides")
        placed.update(members)
        built.append(Side(str(name), tuple(members), _policy(spec.get("policy", {}), str(name))))
    idle = [f for f in fighters if f not in placed]
    if idle:
        raise BadInput(f"{', '.join(idle)} is on no side")
    return built[0], built[1]


def _policy(data: Any, side: str) -> SidePolicy:
    if not isinstance(data, Mapping):
        raise BadInput(f"the policy of side {side!r} is an object")
    fields = set(SidePolicy.__dataclass_fields__)
    _check_keys(data, f"the policy of side {side!r}", fields)
    where = f"policy of {side!r}"

    def choice(key: str, kind: type[StrEnum], default: StrEnum) -> Any:
        value = data.get(key, default.value)
        try:
            return kind(value)
        except ValueError:
            valid = ", ".join(m.value for m in kind)
            raise BadInput(f"{where}: {key} is one of {valid}, not {value!r}") from None

    concede, guard = data.get("concede_after"), data.get("full_defense_after")
    skill = data.get("advantage_skill")
    if skill is not None and not isinstance(skill, str):
        raise BadInput(f"{where}: advantage_skill is a skill key")
    return SidePolicy(
        target=choice("target", TargetPolicy, TargetPolicy.FIRST),
        invoke_for=choice("invoke_for", InvokeAim, InvokeAim.HIT),
        fate_points=bool(data.get("fate_points", True)),
        max_invokes=_whole(data.get("max_invokes", 3), f"{where}: max_invokes"),
        defend_invokes=bool(data.get("defend_invokes", True)),
        advantage=choice("advantage", AdvantagePolicy, AdvantagePolicy.NEVER),
        advantage_difficulty=_integer(
            data.get("advantage_difficulty", 2), f"{where}: advantage_difficulty"
        ),
        advantage_skill=skill,
        absorb=choice("absorb", AbsorbPolicy, AbsorbPolicy.RECOMMENDED),
        concede_after=None if concede is None else _whole(concede, f"{where}: concede_after"),
        full_defense_after=(
            None if guard is None else _whole(guard, f"{where}: full_defense_after")
        ),
        teamwork=choice("teamwork", TeamworkPolicy, TeamworkPolicy.NEVER),
    )


def _aspects(
    data: Any, fighters: Mapping[str, Fighter]
) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
    if not isinstance(data, list):
        raise BadInput("aspects is a list of {'name': ..., 'free_invokes': {who: count}}")
    found = []
    for item in data:
        if not isinstance(item, Mapping) or not isinstance(item.get("name"), str):
            raise BadInput(f"a scene aspect needs a name: {item!r}")
        _check_keys(item, f"aspect {item['name']!r}", {"name", "free_invokes"})
        holders = item.get("free_invokes", {})
        if not isinstance(holders, Mapping):
            raise BadInput(f"aspect {item['name']!r}: free_invokes maps who holds them to a count")
        invokes = []
        for who, count in holders.items():
            if who not in fighters:
                raise BadInput(f"aspect {item['name']!r} gives free invokes to unknown {who!r}")
            invokes.append((str(who), _whole(count, f"free invokes of {who}")))
        found.append((item["name"], tuple(invokes)))
    return tuple(found)


def _order(
    data: Mapping[str, Any],
    ruleset: Ruleset,
    sides: Sequence[Side],
    fighters: Mapping[str, Fighter],
    hazards: Sequence[str],
) -> tuple[str, ...]:
    """Who acts in what order; hazards the order leaves out act last, as listed."""
    listed = tuple(who for side in sides for who in side.members)
    if "order" not in data:
        return (*listed, *hazards)
    if ruleset.preset.turn_order.style is not TurnOrderStyle.ELECTIVE:
        raise BadInput(f"{ruleset.preset.name} orders turns by skill: leave 'order' out")
    order = _strings(data["order"], "order")
    placed = [who for who in order if who not in hazards]
    if sorted(placed) != sorted(listed) or len(set(order)) != len(order):
        raise BadInput(
            f"order must list every fighter once (and may place hazards): {', '.join(fighters)}"
        )
    return (*order, *(h for h in hazards if h not in order))
