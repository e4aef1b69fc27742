"""Rule-set files: a Fate hack as JSON (``"format": "fatekit-ruleset"``), in and out.

A file is read in three steps, and refused at the first that finds problems, with all of that
step's problems listed (:class:`~fatekit.rules.characters.ruleset_data.RulesetProblems`):

1. the text: at most :data:`MAX_BYTES`, UTF-8 JSON, no key given twice in one object;
2. the JSON Schema (:data:`RULESET_SCHEMA`, printed by ``fatekit schema ruleset``);
3. what the engine needs (:func:`~fatekit.rules.characters.ruleset_data.preset_from_data`).

:func:`ruleset_to_dict` writes a preset back as such a file; the built-in presets are files
of this very form shipped in the package. The format is described in ``docs/rulesets.md``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fatekit.formats import wellformed
from fatekit.formats.character_json import shape_dict, stunt_dict
from fatekit.formats.schema import (
    CONDITION_KEY,
    PRESET_KEY,
    SHAPES,
    STUNT_DATA,
    TRACK_KEY,
    file_schema,
    obj,
    schema_json,
    without_bounds,
)
from fatekit.formats.schema_check import NOT_BLANK, errors
from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.aspects.stunts import Stunt
from fatekit.rules.characters.counted import MAX_PER_ASPECT
from fatekit.rules.characters.packages import (
    MAX_COST,
    MAX_OPTIONS,
    MAX_PACKAGES,
    MAX_TIMES,
    Packages,
)
from fatekit.rules.characters.preset import AdvancementStyle, Preset, StressRow, TurnOrderStyle
from fatekit.rules.characters.presets import as_preset
from fatekit.rules.characters.ruleset_data import LANGUAGES, RulesetProblems, preset_from_data
from fatekit.rules.characters.shapes import FreeCap
from fatekit.rules.core.actions import Action
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.switches import OptionalRule
from fatekit.rules.harm.recovery import SevereRecovery
from fatekit.rules.harm.stress import StressStyle
from fatekit.rules.harm.toolkit_conditions import MAX_BOXES as MAX_CONDITION_BOXES
from fatekit.rules.harm.toolkit_conditions import MAX_CONDITIONS, ConditionKind
from fatekit.rules.harm.toolkit_conditions import MAX_SHIFTS as MAX_CONDITION_SHIFTS
from fatekit.rules.options.ruleset import Ruleset

__all__ = [
    "FORMAT",
    "MAX_BYTES",
    "RULESET_SCHEMA",
    "VERSION",
    "dumps_ruleset",
    "load_ruleset",
    "loads_ruleset",
    "ruleset_from_dict",
    "ruleset_problem",
    "ruleset_schema_text",
    "ruleset_to_dict",
    "ruleset_with_list",
]

#: The value of a rule-set file's ``format`` field.
FORMAT = "fatekit-ruleset"
#: The version of the format this module reads and writes.
VERSION = 1
#: The largest rule-set file read (the built-ins are under 5 KiB, Venture City with its powers
#: about 42 KiB).
MAX_BYTES = 256 * 1024

_TEXT = {"type": "string", "pattern": NOT_BLANK, "maxLength": 200}
_COUNT = {"type": "integer", "minimum": 0, "maximum": 100}
_RATING = {"type": "integer", "minimum": 0, "maximum": 20}
_NAMES = {
    "type": "object",
    "propertyNames": {"enum": list(LANGUAGES)},
    "additionalProperties": _TEXT,
    "description": "the display name by language (en, ru, it, sv)",
}
_SKILL_KEY = {"type": "string", "pattern": r"^\w{1,60}$", "description": "a skill's stable key"}
_ROWS = {
    "type": "array",
    "maxItems": 30,
    "items": obj(
        {
            "min_rating": _RATING,
            "boxes": {
                "type": "array",
                "items": {"type": "integer", "minimum": 1, "maximum": 20},
                "maxItems": 20,
            },
            "extra_mild": {
                "type": "boolean",
                "default": False,
                "description": "this row also gives a mild slot for the track's harm",
            },
        },
        ["min_rating", "boxes"],
        "the boxes (their values) of a track whose skill is rated min_rating or more",
    ),
}

_SMALL = {"type": "integer", "minimum": 0, "maximum": 10}
_PACKAGE_KEY = {"type": "string", "pattern": "^[a-z0-9][a-z0-9_-]{0,59}$"}
_GRANTED_STUNTS = {"type": "array", "maxItems": 20, "items": STUNT_DATA}
_GRANTED_ASPECTS = {
    "type": "array",
    "maxItems": 5,
    "items": _TEXT,
    "description": "aspects written on the sheet (a drawback), beside its own slots",
}

RULESET_SCHEMA = file_schema(
    FORMAT,
    VERSION,
    title="fatekit rule set",
    description=(
        "A Fate rule set (a hack): its skill list(s) or approaches, rating shape, aspect slots, "
        "refresh and stunts, stress tracks and their box tables, consequence slots, turn order, "
        "which skills attack and defend against which harm, and the optional rules it turns on."
    ),
    properties={
        "key": PRESET_KEY,
        "name": _TEXT,
        "source": {**_TEXT, "description": "where the rules come from"},
        "skill_lists": {
            "type": "array",
            "minItems": 1,
            "maxItems": 2,
            "items": obj(
                {
                    "key": _SKILL_KEY,
                    "name": _TEXT,
                    "skills": {
                        "type": "array",
                        "minItems": 1,
                        "maxItems": 100,
                        "items": obj(
                            {"key": _SKILL_KEY, "name": _TEXT, "names": _NAMES},
                            ["key", "name"],
                        ),
                    },
                },
                ["key", "name", "skills"],
                "a list of skills (or approaches) in the order a sheet shows them",
            ),
        },
        "shape": {"oneOf": SHAPES},
        "aspects": {
            "type": "array",
            "maxItems": 10,
            "items": obj(
                {
                    "kind": {"enum": [k.value for k in AspectKind if k.is_character_aspect]},
                    "count": {"type": "integer", "minimum": 1, "maximum": 20, "default": 1},
                },
                ["kind"],
            ),
        },
        "refresh": {**_COUNT, "default": 3},
        "free_stunts": {**_COUNT, "default": 3},
        "stunt_cost": {"type": "integer", "minimum": 1, "maximum": 20, "default": 1},
        "stunt_bonus": {
            "type": "integer",
            "minimum": 1,
            "maximum": 10,
            "default": 2,
            "description": "what a bonus stunt adds (+2 in the texts)",
        },
        "min_refresh": {**_COUNT, "default": 1},
        "stress": obj(
            {
                "style": {"enum": [s.value for s in StressStyle]},
                "table": {**_ROWS, "description": "the box table tracks share"},
                "rule": {"type": "string", "description": "the key of the rule the table is"},
                "pick": {
                    "enum": ["exact", "any"],
                    "default": "exact",
                    "description": "escalating boxes: the box worth the shifts left, a higher one "
                    "only once it is checked (exact: Fate Core), or any free box worth enough "
                    "(any: Fate Accelerated)",
                },
                "tracks": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": 12,
                    "items": obj(
                        {
                            "harm": TRACK_KEY,
                            "skill": {"oneOf": [{"type": "null"}, _SKILL_KEY]},
                            "name": _TEXT,
                            "names": _NAMES,
                            "table": {**_ROWS, "description": "this track's own box table"},
                        },
                        ["harm"],
                        "a stress track: the harm it takes and the skill that adds its boxes",
                    ),
                },
            },
            ["style", "tracks"],
        ),
        "consequences": {
            "type": "array",
            "maxItems": 20,
            "items": obj(
                {
                    "severity": {"enum": ["mild", "moderate", "severe"]},
                    "harm": {**TRACK_KEY, "default": "any"},
                    "skill": _SKILL_KEY,
                    "min_rating": _RATING,
                },
                ["severity"],
                "a consequence slot; with a skill, only while it is rated min_rating or more",
            ),
        },
        # -- conditions (Fate System Toolkit; issue 41) --
        "conditions": {
            "type": "array",
            "maxItems": MAX_CONDITIONS,
            "items": obj(
                {
                    "key": CONDITION_KEY,
                    "name": _TEXT,
                    "names": _NAMES,
                    "kind": {
                        "enum": [k.value for k in ConditionKind],
                        "description": "how it clears: fleeting (at the end of the scene), "
                        "sticky (when the GM says the story's event came), lasting (an overcome "
                        "against Great starts its recovery)",
                    },
                    "boxes": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": MAX_CONDITION_BOXES,
                        "description": "its boxes (left out: 2 for a lasting condition, which "
                        "must have 2, else 1)",
                    },
                    "shifts": {
                        "type": "integer",
                        "minimum": 0,
                        "maximum": MAX_CONDITION_SHIFTS,
                        "description": "the shifts marking it takes off a hit (left out: "
                        "fleeting 1, sticky 2, lasting 4; 0: only the GM marks it)",
                    },
                },
                ["key", "name", "kind"],
                "a condition of the Fate System Toolkit a sheet may mark",
            ),
        },
        # -- aspects counted instead of skills (The Three Rocketeers; issue 41) --
        "counted_aspects": obj(
            {
                "per_aspect": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": MAX_PER_ASPECT,
                    "default": 1,
                    "description": "what each aspect a PC names for a roll adds to it",
                },
                "bonuses": {
                    "type": "array",
                    "maxItems": 4,
                    "items": obj(
                        {
                            "kind": {
                                "enum": ["high_concept", "trouble", "relationship", "character"],
                                "description": "the aspect slot worth its own amount (The "
                                "Three Rocketeers: the hero aspect, written as the high concept)",
                            },
                            "bonus": {"type": "integer", "minimum": 0, "maximum": MAX_PER_ASPECT},
                        },
                        ["kind", "bonus"],
                        "an aspect slot whose aspect adds more (or less) when counted",
                    ),
                    "default": [{"kind": "high_concept", "bonus": 2}],
                },
            },
            [],
            "PCs have no skills: a roll is rated by the aspects of the sheet the player names "
            "for it (not invoked: no fate point); NPCs roll the skill list (approaches)",
        ),
        # -- packages bought with refresh (Venture City's powers; issue 41) --
        "packages": obj(
            {
                "label": {**_TEXT, "description": "what the game calls them (Powers)"},
                "names": _NAMES,
                "bonus_stunts": {
                    **_SMALL,
                    "default": 0,
                    "description": "stunts a PC gets to spend on packages only (Venture City: 3)",
                },
                "least": {**_SMALL, "default": 0, "description": "packages a PC must buy"},
                "most": {**_SMALL, "default": 1, "description": "packages a PC may buy"},
                "groups": {
                    "type": "array",
                    "maxItems": 20,
                    "items": obj(
                        {
                            "key": _PACKAGE_KEY,
                            "name": _TEXT,
                            "names": _NAMES,
                            "cost": {
                                "type": "integer",
                                "minimum": -MAX_COST,
                                "maximum": MAX_COST,
                                "default": 1,
                                "description": "stunts each payment costs; below 0 it pays "
                                "back (a weakness)",
                            },
                            "free": {**_SMALL, "default": 0, "description": "options free"},
                            "per_cost": {
                                **_SMALL,
                                "minimum": 1,
                                "default": 1,
                                "description": "options one payment buys",
                            },
                            "least": {**_SMALL, "default": 0},
                            "most": {**_SMALL, "minimum": 1},
                        },
                        ["key", "name"],
                        "a kind of option and what it costs a package",
                    ),
                },
                "packages": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": MAX_PACKAGES,
                    "items": obj(
                        {
                            "key": _PACKAGE_KEY,
                            "name": _TEXT,
                            "names": _NAMES,
                            "cost": {
                                "type": "integer",
                                "minimum": 0,
                                "maximum": MAX_COST,
                                "default": 1,
                                "description": "stunts the package's basic form costs",
                            },
                            "stunts": _GRANTED_STUNTS,
                            "aspects": _GRANTED_ASPECTS,
                        },
                        ["key", "name"],
                        "a package: its cost and what its basic form grants",
                    ),
                },
                "options": {
                    "type": "array",
                    "maxItems": MAX_OPTIONS,
                    "items": obj(
                        {
                            "key": _PACKAGE_KEY,
                            "name": _TEXT,
                            "names": _NAMES,
                            "group": _PACKAGE_KEY,
                            "most": {
                                "type": "integer",
                                "minimum": 1,
                                "maximum": MAX_TIMES,
                                "default": 1,
                                "description": "times it may be bought; each adds its bonus",
                            },
                            "within": {
                                "type": "array",
                                "maxItems": 20,
                                "items": _PACKAGE_KEY,
                                "description": "the packages (or options bought) it is offered "
                                "on; empty: every package",
                            },
                            "stunts": _GRANTED_STUNTS,
                            "aspects": _GRANTED_ASPECTS,
                        },
                        ["key", "name", "group"],
                        "an option bought on a package",
                    ),
                },
            },
            ["label", "packages"],
            "packages bought with refresh: bundles of stunts and aspects with a cost in stunts",
        ),
        "turn_order": obj(
            {
                "style": {"enum": [s.value for s in TurnOrderStyle]},
                "physical": {"type": "array", "items": _SKILL_KEY, "maxItems": 10},
                "mental": {"type": "array", "items": _SKILL_KEY, "maxItems": 10},
            },
            ["style"],
        ),
        "skill_uses": {
            "type": "array",
            "maxItems": 200,
            "items": obj(
                {
                    "skill": _SKILL_KEY,
                    "action": {"enum": [Action.ATTACK.value, Action.DEFEND.value]},
                    "harm": TRACK_KEY,
                    "melee_only": {"type": "boolean", "default": False},
                    "ranged": {
                        "type": "boolean",
                        "default": False,
                        "description": "an attack made from a distance (Shoot): it reaches "
                        "beyond its own zone, and a close-quarters defence cannot stop it",
                    },
                },
                ["skill", "action", "harm"],
                "a skill that may attack (or defend against) a kind of harm",
            ),
        },
        "options": {
            "type": "array",
            "items": {"enum": [o.value for o in OptionalRule]},
            "description": "optional rules on by default at a table playing this rule set",
        },
        "recovery": obj(
            {
                "skills": {
                    "type": "array",
                    "maxItems": 20,
                    "items": obj(
                        {"harm": TRACK_KEY, "skill": _SKILL_KEY},
                        ["harm", "skill"],
                        "the skill that treats a kind of harm",
                    ),
                    "description": "none listed: any skill may treat",
                },
                "self_penalty": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 10,
                    "default": 2,
                    "description": "how much harder treating oneself is (Öde: 0)",
                },
                "severe": {
                    "enum": [s.value for s in SevereRecovery],
                    "default": SevereRecovery.MAJOR_MILESTONE.value,
                    "description": "when a treated severe consequence clears: at the next major "
                    "milestone, at any milestone, or after the next whole scenario",
                },
            },
            [],
            "how consequences are treated and when they clear",
        ),
        "advancement": {
            "enum": [a.value for a in AdvancementStyle],
            "default": AdvancementStyle.CONDENSED.value,
            "description": "the milestones characters reach: a milestone and a breakthrough "
            "(condensed), or minor, significant and major milestones with skill points and a "
            "skill cap (core) or over approaches (accelerated)",
        },
        "solo_stress_rounding": {
            "enum": ["up", "down"],
            "default": "up",
            "description": "a solo big bad's hits are reduced by half the PCs, rounded up "
            "(Fate Condensed) or down (Öde)",
        },
    },
    required=[
        "key",
        "name",
        "skill_lists",
        "shape",
        "aspects",
        "stress",
        "consequences",
        "turn_order",
        "skill_uses",
    ],
)


_LOOSE_SCHEMA = without_bounds(RULESET_SCHEMA)


def ruleset_schema_text() -> str:
    """The rule-set schema as indented JSON, ending in a newline."""
    return schema_json(RULESET_SCHEMA)


def _no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise BadInput(f"the key {key!r} is given twice in one object")
        seen[key] = value
    return seen


def load_ruleset(path: str | Path) -> Preset:
    """Read a rule-set file. Raises :class:`BadInput` (every problem listed)."""
    try:
        with Path(path).open("rb") as stream:
            raw = stream.read(MAX_BYTES + 1)
    except OSError as error:
        raise BadInput(f"cannot read {path}: {error.strerror or error}") from None
    return loads_ruleset(raw)


def loads_ruleset(text: str | bytes, *, bounded: bool = True) -> Preset:
    """Read a rule set from JSON text (``bounded=False``: without the bounds on numbers, for
    the rule set a table's log holds; see :func:`ruleset_from_dict`)."""
    try:
        raw = text.encode("utf-8") if isinstance(text, str) else text
    except UnicodeEncodeError:
        raise RulesetProblems(["$: not valid Unicode text (a lone surrogate)"]) from None
    if len(raw) > MAX_BYTES:
        raise RulesetProblems(
            [f"$: a rule-set file is at most {MAX_BYTES // 1024} KiB; this one is larger"]
        )
    try:
        data = json.loads(raw.decode("utf-8"), object_pairs_hook=_no_twice)
    except UnicodeDecodeError:
        raise RulesetProblems(["$: not UTF-8 text"]) from None
    except json.JSONDecodeError as error:
        raise RulesetProblems(
            [f"$: not JSON: {error.msg} at line {error.lineno}, column {error.colno}"]
        ) from None
    except BadInput as error:
        raise RulesetProblems([f"$: {error}"]) from None
    except RecursionError:
        raise RulesetProblems(["$: the JSON is nested too deeply"]) from None
    return ruleset_from_dict(data, bounded=bounded)


def ruleset_from_dict(data: Any, *, bounded: bool = True) -> Preset:
    """Build a preset from parsed JSON, after checking it against the schema (and that its texts
    and numbers are ones that can be kept: see :mod:`fatekit.formats.wellformed`).

    ``bounded=False`` leaves out the bounds on numbers (:func:`~fatekit.formats.schema.
    without_bounds`): for the rule set a table's log holds, which must load as it was written."""
    kept = wellformed.problems(data, whole_numbers=bounded)
    problems = [f"{k}: {v}" for k, v in sorted(kept.items())]
    problems += errors(data, RULESET_SCHEMA if bounded else _LOOSE_SCHEMA)
    if problems:
        raise RulesetProblems(problems)
    return preset_from_data(data)


def ruleset_problem(text: str) -> str | None:
    """What keeps a rule set's JSON text from being read (``None``: nothing), said in one line:
    for a new table's rule set, as its command is decided."""
    try:
        loads_ruleset(text)
    except RulesetProblems as error:
        return "not a usable rule set: " + "; ".join(error.problems)
    except BadInput as error:
        return f"not a usable rule set: {error}"
    return None


# -- writing ----------------------------------------------------------------------------------


def _names(pairs: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    return {"names": dict(pairs)} if pairs else {}


def _rows(rows: tuple[StressRow, ...]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for row in rows:
        entry: dict[str, Any] = {"min_rating": row.min_rating, "boxes": list(row.boxes)}
        if row.extra_mild:
            entry["extra_mild"] = True
        out.append(entry)
    return out


def ruleset_to_dict(preset: Preset) -> dict[str, Any]:
    """The rule-set file of ``preset``: reading it back gives an equal preset."""
    tracks = []
    for spec in preset.stress_tracks:
        track: dict[str, Any] = {"harm": spec.track.value, "skill": spec.skill}
        if spec.name:
            track["name"] = spec.name
        track.update(_names(spec.names))
        if spec.table:
            track["table"] = _rows(spec.table)
        tracks.append(track)
    consequences: list[dict[str, Any]] = [{"severity": s.value} for s in preset.consequence_slots]
    for slot in preset.extra_slots:
        entry: dict[str, Any] = {"severity": slot.severity.value, "harm": slot.harm.value}
        if slot.skill is not None:
            entry.update(skill=slot.skill, min_rating=slot.min_rating)
        consequences.append(entry)
    order: dict[str, Any] = {"style": preset.turn_order.style.value}
    if preset.turn_order.style is not TurnOrderStyle.ELECTIVE:
        order.update(
            physical=list(preset.turn_order.physical), mental=list(preset.turn_order.mental)
        )
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "key": preset.key,
        "name": preset.name,
        "source": preset.source,
        "skill_lists": [
            {
                "key": skills.key,
                "name": skills.name,
                "skills": [{"key": s.key, "name": s.name, **_names(s.names)} for s in skills],
            }
            for skills in preset.skill_lists
        ],
        "shape": shape_dict(preset.shape),
        "aspects": [{"kind": a.kind.value, "count": a.count} for a in preset.aspect_slots],
        "refresh": preset.refresh,
        "free_stunts": preset.free_stunts,
        "stunt_cost": preset.stunt_cost,
        "stunt_bonus": preset.stunt_bonus,
        "min_refresh": preset.min_refresh,
        "stress": {
            "style": preset.stress_style.value,
            "rule": preset.stress_rule.key,
            "table": _rows(preset.stress_table),
            "tracks": tracks,
            **({"pick": "any"} if preset.stress_any_box else {}),
        },
        "consequences": consequences,
        "turn_order": order,
        "skill_uses": [
            {
                "skill": u.skill,
                "action": u.action.value,
                "harm": u.track.value,
                **({"melee_only": True} if u.melee_only else {}),
                **({"ranged": True} if u.ranged else {}),
            }
            for u in preset.skill_uses
        ],
        "options": list(preset.options),
        "recovery": {
            "skills": [{"harm": h.value, "skill": k} for h, k in preset.recovery.skills],
            "self_penalty": preset.recovery.self_penalty,
            "severe": preset.recovery.severe.value,
        },
        "solo_stress_rounding": "down" if preset.solo_rounds_down else "up",
    }
    if preset.advancement is not AdvancementStyle.CONDENSED:
        out["advancement"] = preset.advancement.value
    if preset.counted is not None:
        out["counted_aspects"] = {
            "per_aspect": preset.counted.per_aspect,
            "bonuses": [{"kind": k.value, "bonus": b} for k, b in preset.counted.bonuses],
        }
    if preset.packages is not None:
        out["packages"] = _packages_dict(preset.packages)
    if preset.conditions:
        out["conditions"] = [
            {
                "key": c.key,
                "name": c.name,
                **_names(c.names),
                "kind": c.kind.value,
                **({} if c.boxes_given is None else {"boxes": c.boxes_given}),
                **({} if c.shifts_given is None else {"shifts": c.shifts_given}),
            }
            for c in preset.conditions
        ]
    return out


def _granted(stunt: Stunt) -> dict[str, Any]:
    return {k: v for k, v in stunt_dict(stunt).items() if k != "fate_point_cost"}


def _packages_dict(spec: Packages) -> dict[str, Any]:
    def grants(stunts: Any, aspects: tuple[str, ...]) -> dict[str, Any]:
        return {
            # A rule set's stunts are written with their cost, not the older fate_point_cost.
            **({"stunts": [_granted(s) for s in stunts]} if stunts else {}),
            **({"aspects": list(aspects)} if aspects else {}),
        }

    return {
        "label": spec.label,
        **_names(spec.names),
        "bonus_stunts": spec.bonus_stunts,
        "least": spec.least,
        "most": spec.most,
        "groups": [
            {
                "key": g.key,
                "name": g.name,
                **_names(g.names),
                "cost": g.cost,
                "free": g.free,
                "per_cost": g.per_cost,
                "least": g.least,
                **({} if g.most is None else {"most": g.most}),
            }
            for g in spec.groups
        ],
        "packages": [
            {
                "key": p.key,
                "name": p.name,
                **_names(p.names),
                "cost": p.cost,
                **grants(p.stunts, p.aspects),
            }
            for p in spec.packages
        ],
        "options": [
            {
                "key": o.key,
                "name": o.name,
                **_names(o.names),
                "group": o.group,
                "most": o.most,
                **({"within": list(o.within)} if o.within else {}),
                **grants(o.stunts, o.aspects),
            }
            for o in spec.options
        ],
    }


def ruleset_with_list(preset: Preset | str, skill_list: str) -> dict[str, Any]:
    """The rule-set file of a table playing ``preset`` with the alternative list ``skill_list``.

    Everything that names a skill is what the engine plays with that list
    (:meth:`Ruleset.of <fatekit.rules.options.ruleset.Ruleset.of>`, so ``Preset.derive``): stress
    tracks, consequence slots, skill uses and turn order keep only the skills on the list. The
    shape stays the preset's even where the list is too short for it, so reading the file back
    names that problem and the GM picks a shape that fits. An unknown list is :class:`BadInput`
    naming the lists there are.
    """
    base = as_preset(preset)
    # Derived with a shape any list fits, only to carry the skills over; the shape is put back.
    played = Ruleset.of(
        base, [OptionalRule.CHANGING_SKILL_LIST], skill_list=skill_list, shape=FreeCap()
    ).preset
    return {**ruleset_to_dict(played), "shape": shape_dict(base.shape)}


def dumps_ruleset(preset: Preset) -> str:
    """A preset as rule-set JSON text (indented, ending in a newline)."""
    return json.dumps(ruleset_to_dict(preset), indent=2, ensure_ascii=False) + "\n"
