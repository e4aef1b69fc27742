"""The JSON Schema of a fatekit character file, built from the engine's own enums.

``fatekit schema character`` prints it; ``docs/character.schema.json`` is a copy a test keeps
current. The reader checks every file against this schema before building a character.
"""

from __future__ import annotations

import json
from typing import Any

from fatekit.formats.schema_check import NOT_BLANK
from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.aspects.stunts import StuntCost
from fatekit.rules.characters.character import CharacterKind
from fatekit.rules.characters.modes import MAX_MODES
from fatekit.rules.characters.presets import PRESETS
from fatekit.rules.characters.skill_lists import SKILL_LISTS
from fatekit.rules.core.actions import Action
from fatekit.rules.core.bounds import (
    HIGHEST_RATING,
    LOWEST_RATING,
    MAX_BOXES,
    MAX_FREE_INVOKES,
    MAX_TALLY,
    MAX_WHOLE,
)
from fatekit.rules.core.clock import Moment
from fatekit.rules.core.tracks import TRACK_PATTERN
from fatekit.rules.harm.conditions import CONDITIONS
from fatekit.rules.harm.consequences import Severity
from fatekit.rules.harm.toolkit_conditions import MAX_BOXES as MAX_CONDITION_BOXES
from fatekit.rules.harm.toolkit_conditions import MAX_CONDITIONS
from fatekit.rules.options.weight import MAX_WEIGHT

__all__ = [
    "CHARACTER_SCHEMA",
    "FORMAT",
    "LOOSE_CHARACTER_SCHEMA",
    "PRESET_KEY",
    "SHAPES",
    "STUNT_DATA",
    "TRACK_KEY",
    "VERSION",
    "file_schema",
    "obj",
    "schema_json",
    "schema_text",
    "without_bounds",
]

#: The value of a character file's ``format`` field.
FORMAT = "fatekit-character"
#: The version of the format this module reads and writes.
VERSION = 1

#: A kind of harm (and the stress track that takes it): Fate's own or one a rule set names.
TRACK_KEY = {
    "type": "string",
    "pattern": f"^{TRACK_PATTERN}$",
    "description": "a kind of harm: physical, mental, any (every kind), or one a rule set names",
}
#: A preset's key: a built-in one or the key of a rule-set file.
#: A condition's key in a rule set and on a sheet.
CONDITION_KEY = {"type": "string", "pattern": r"^[a-z0-9][a-z0-9_-]{0,59}$"}
PRESET_KEY = {"type": "string", "pattern": "^[a-z0-9][a-z0-9_-]{0,59}$"}
_ACTIONS = [a.value for a in Action]


def obj(
    properties: dict[str, Any], required: list[str], description: str | None = None
) -> dict[str, Any]:
    schema: dict[str, Any] = {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }
    if description:
        schema["description"] = description
    return schema


def file_schema(
    format_name: str,
    version: int,
    *,
    title: str,
    description: str,
    properties: dict[str, Any],
    required: list[str],
    defs: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The JSON Schema of one kind of fatekit file: the draft it follows, its id, and the
    ``format`` and ``version`` fields every such file names itself by, then its own fields."""
    kind = format_name.removeprefix("fatekit-")  # "fatekit-character": character-1.json
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://fatekit.invalid/schemas/{kind}-{version}.json",
        "title": title,
        "description": description,
        "type": "object",
        "properties": {
            "format": {"const": format_name},
            "version": {"const": version},
            **properties,
        },
        "required": ["format", "version", *required],
        "additionalProperties": False,
    }
    if defs is not None:
        schema["$defs"] = defs
    return schema


def schema_json(schema: dict[str, Any]) -> str:
    """A schema as indented JSON, ending in a newline (as ``fatekit schema`` prints it)."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


_TEXT = {"type": "string", "pattern": NOT_BLANK}  # something besides white space
# The numbers a sheet holds, within the bounds every number at a table keeps
# (fatekit.rules.core.bounds): ratings within the ladder's reach, small caps on what is counted.
_COUNT = {"type": "integer", "minimum": 0, "maximum": MAX_TALLY}
_RATING = {"type": "integer", "minimum": LOWEST_RATING, "maximum": HIGHEST_RATING}
_WHOLE = {"type": "integer", "minimum": 0, "maximum": MAX_WHOLE}  # a count of scenes, say


def _positive(default: int, most: int = HIGHEST_RATING) -> dict[str, Any]:
    """A whole number of 1 to ``most``, ``default`` when the file leaves it out."""
    return {"type": "integer", "minimum": 1, "maximum": most, "default": default}


def _effect(
    tag: str, properties: dict[str, Any], required: list[str], about: str
) -> dict[str, Any]:
    return obj({"type": {"const": tag}, **properties}, ["type", *required], about)


_ACTION_LIST = {
    "type": "array",
    "items": {"enum": _ACTIONS},
    "uniqueItems": True,
    "maxItems": len(_ACTIONS),
}


def _one_of_actions(effect: dict[str, Any], *, needed: bool) -> dict[str, Any]:
    """An effect naming ``actions`` (a list), or the single ``action`` older files wrote."""
    effect["properties"]["actions"] = {**_ACTION_LIST, "minItems": 1 if needed else 0}
    if needed:
        effect["if"] = {"not": {"required": ["action"]}}
        effect["then"] = {"required": ["actions"]}
    return effect


_EFFECTS = [
    _one_of_actions(
        _effect(
            "skill_bonus",
            {
                "skill": _TEXT,
                "action": {"enum": _ACTIONS, "description": "older files: one action"},
                "bonus": {**_positive(2), "maximum": 10},
            },
            ["skill"],
            "+bonus (the rule set's, normally +2) when the skill is used for one of the actions",
        ),
        needed=True,
    ),
    _one_of_actions(
        _effect(
            "skill_swap",
            {
                "skill": _TEXT,
                "replaces": _TEXT,
                "action": {
                    "enum": [*_ACTIONS, None],
                    "default": None,
                    "description": "older files: one action, or null for any",
                },
            },
            ["skill", "replaces"],
            "use one skill in place of another for the actions (every action when empty)",
        ),
        needed=False,
    ),
    _effect(
        "extra_action",
        {"skill": _TEXT, "action": {"enum": _ACTIONS}},
        ["skill", "action"],
        "the skill may be used for an action it normally cannot do",
    ),
    _effect(
        "extra_free_invoke",
        {"skill": _TEXT, "count": _positive(1, MAX_FREE_INVOKES)},
        ["skill"],
        "more free invokes when the skill succeeds at creating an advantage",
    ),
    _effect(
        "extra_stress",
        {"track": TRACK_KEY, "boxes": _positive(1, MAX_BOXES)},
        ["track"],
        "more stress boxes on a track ('any' adds them to every track)",
    ),
    _effect(
        "extra_consequence",
        {
            "track": TRACK_KEY,
            "severity": {"enum": ["mild", "moderate", "severe"], "default": "mild"},
        },
        ["track"],
        "one more consequence slot for a kind of harm",
    ),
    _effect(
        "true_detail",
        {"detail": _TEXT},
        ["detail"],
        "a minor detail that is simply true, with no fate point spent",
    ),
    _effect(
        "boost",
        {
            "skill": {"oneOf": [{"type": "null"}, _TEXT], "default": None},
            "actions": {**_ACTION_LIST, "default": []},
        },
        [],
        "a boost for the owner: on a roll of the skill for the actions (any when empty), or, "
        "with no skill, whenever the stunt is used",
    ),
    _effect(
        "act_first",
        {"track": {**TRACK_KEY, "default": "any"}},
        [],
        "the owner acts first in a conflict about this kind of harm ('any': every conflict)",
    ),
    _effect(
        "rule_exception",
        {"text": _TEXT},
        ["text"],
        "any other exception to the rules, in the player's words: the table judges it",
    ),
]

#: A stunt as data with no record of its uses: what a rule set's packages grant.
STUNT_DATA = obj(
    {
        "name": _TEXT,
        "description": {"type": "string", "maxLength": 2000},
        "circumstance": {"type": "string", "maxLength": 500},
        "cost": {"enum": [c.value for c in StuntCost], "default": "free"},
        "effect": {"oneOf": _EFFECTS},
    },
    ["name", "effect"],
    "a stunt: its name, what it does (the effects a character file's stunts take), its cost "
    "per use and its circumstance",
)

_CLOCK_MARK = obj(
    {
        "scenes_ended": _WHOLE,
        "sessions_ended": _WHOLE,
        "minor_milestones": _WHOLE,
        "major_milestones": _WHOLE,
        "significant_milestones": {
            **_WHOLE,
            "default": 0,
            "description": "Fate Core's and Fate Accelerated's significant milestones reached",
        },
        "moment": {
            "enum": [m.value for m in Moment],
            "default": Moment.SCENE.value,
            "description": "where in play the mark fell: during a scene, between scenes, "
            "between sessions, or between arcs (at a breakthrough)",
        },
    },
    ["scenes_ended", "sessions_ended", "minor_milestones", "major_milestones"],
    "the game clock at a moment (see fatekit.rules.core.clock)",
)

_SKILL_LIST = {
    "oneOf": [
        {"enum": list(SKILL_LISTS), "description": "a built-in skill list by key"},
        obj(
            {
                "name": _TEXT,
                "skills": {"type": "array", "items": _TEXT, "minItems": 1},
            },
            ["name", "skills"],
            "a table's own list: its name and the skills' display names (keys are derived)",
        ),
    ]
}

#: A count of skills at each of some ratings, as the diamond and tiers shapes give it.
_TIER_COUNTS = {
    "type": "array",
    "items": obj({"rating": {**_RATING, "minimum": 0}, "count": _COUNT}, ["rating", "count"]),
    "minItems": 1,
}
_RANGE = obj(
    {"low": _RATING, "high": _RATING, "budget": _COUNT},
    ["low", "high"],
)

SHAPES = [
    _effect(
        "pyramid",
        {"peak": _positive(4)},
        [],
        "one skill at the peak, one more at each tier below",
    ),
    _effect(
        "diamond",
        {"tiers": _TIER_COUNTS},
        [],
        "a count per tier; without tiers, 1 at +4, 2 at +3, 3 at +2, 2 at +1, 1 at +0",
    ),
    _effect(
        "column",
        {
            "peak": _positive(4),
            "width": _positive(1, MAX_TALLY),
        },
        [],
        "width skills at every tier up to the peak",
    ),
    _effect(
        "tiers",
        {
            "name": _TEXT,
            "tiers": _TIER_COUNTS,
            "rule": {"type": "string", "description": "the key of the rule this shape follows"},
        },
        ["name", "tiers"],
        "a named count per tier (Fate Accelerated's approach spread is one)",
    ),
    _effect(
        "free_cap",
        {
            "budget": _positive(20, MAX_TALLY),
            "cap": _positive(4),
        },
        [],
        "spend a budget of points freely, no skill above the cap",
    ),
    _effect(
        "combined",
        {
            "first": _RANGE,
            "second": _RANGE,
            "cap": {"type": "integer", "minimum": 1, "maximum": HIGHEST_RATING},
        },
        ["first", "second"],
        "two lists added together for a roll, each with its rating range",
    ),
    # -- modes (Atomic Robo; the Fate System Toolkit's skill modes) --------------------------
    _effect(
        "modes",
        {
            "modes": {
                "type": "array",
                "minItems": 1,
                "maxItems": MAX_MODES,
                "items": obj(
                    {
                        "key": {"type": "string", "pattern": r"^\w{1,60}$"},
                        "name": {**_TEXT, "maxLength": 200},
                        "names": {
                            "type": "object",
                            "propertyNames": {"enum": ["en", "ru", "it", "sv"]},
                            "additionalProperties": {**_TEXT, "maxLength": 200},
                            "description": "the mode's name by language (en, ru, it, sv)",
                        },
                        "skills": {
                            "type": "array",
                            "minItems": 1,
                            "maxItems": 100,
                            "items": {"type": "string", "pattern": r"^\w{1,60}$"},
                            "description": "the keys of the mode's skills, on the rule set's list",
                        },
                        "cost": {
                            "type": "integer",
                            "minimum": 0,
                            "maximum": 1000,
                            "default": 0,
                            "description": "the skill points taking the mode costs (Atomic Robo: "
                            "Action, Banter and Intrigue 9, Science 3)",
                        },
                        "weird": {
                            "type": "boolean",
                            "default": False,
                            "description": "a weird (custom) mode rather than a standard one",
                        },
                    },
                    ["key", "name", "skills"],
                    "a mode: a group of skills rated together",
                ),
            },
            "ratings": {
                "type": "array",
                "minItems": 1,
                "maxItems": MAX_MODES,
                "items": {"type": "integer", "minimum": 1, "maximum": 10},
                "default": [3, 2, 1],
                "description": "the ratings a character gives the modes it takes, one each",
            },
            "budget": {
                "type": "integer",
                "minimum": 0,
                "maximum": 1000,
                "default": 30,
                "description": "the skill points a character spends on modes and improvements",
            },
            "step_costs": {
                "type": "array",
                "minItems": 1,
                "maxItems": 5,
                "items": {"type": "integer", "minimum": 0, "maximum": 100},
                "default": [1, 2],
                "description": "the points each step above a skill's mode costs: trained to "
                "focused, then focused to specialized",
            },
        },
        ["modes"],
        "modes: each character rates a few modes and its skills follow from them",
    ),
]

CHARACTER_SCHEMA = file_schema(
    FORMAT,
    VERSION,
    title="fatekit character",
    description=(
        "A Fate character sheet: a player character, an NPC, a monster or a mob, for one of "
        "fatekit's presets. Skill ratings are whole numbers on the ladder (+4 is Great). Stress "
        "and consequences may be left out, and are then built from the preset."
    ),
    properties={
        "id": _TEXT,
        "name": {"type": "string"},
        "kind": {"enum": [k.value for k in CharacterKind], "default": "pc"},
        "preset": {
            **PRESET_KEY,
            "default": "condensed",
            "description": f"a built-in preset ({', '.join(PRESETS)}) or a rule set's key",
        },
        "skill_lists": {
            "type": "array",
            "items": {"$ref": "#/$defs/skill_list"},
            "minItems": 1,
            "maxItems": 2,
            "description": "replaces the preset's skill list (two lists for the combined shape)",
        },
        "shape": {"$ref": "#/$defs/shape"},
        "as_you_play": {"type": "boolean", "default": False},
        "description": {"type": "string"},
        "aspects": {"type": "array", "items": {"$ref": "#/$defs/aspect"}},
        "skills": {
            "type": "object",
            "additionalProperties": _RATING,
            "description": "rating by skill key; skills left out are Mediocre (+0)",
        },
        "skill_labels": {
            "type": "object",
            "additionalProperties": _TEXT,
            "description": "display text of skills not on the list ('Getting into Bar Fights')",
        },
        "stunts": {"type": "array", "items": {"$ref": "#/$defs/stunt"}},
        "shared_with": {
            "type": "array",
            "items": _TEXT,
            "maxItems": MAX_BOXES,
            "description": "an extra: the ids of the PCs whose players act for it too",
        },
        "gear": {
            "type": "array",
            "items": obj(
                {
                    "name": _TEXT,
                    "weapon": {"type": "integer", "minimum": 0, "maximum": 4, "default": 0},
                    "armor": {"type": "integer", "minimum": 0, "maximum": 4, "default": 0},
                },
                ["name"],
                "something carried with a Weapon or Armor rating (the optional rule's 0 to 4)",
            ),
            "maxItems": MAX_BOXES,
        },
        "refresh": _COUNT,
        "refresh_awarded": _COUNT,
        "fate_points": _COUNT,
        "skill_steps": obj({"earned": _COUNT, "banked": _COUNT}, ["earned", "banked"]),
        "members": _positive(1, MAX_TALLY),
        # -- modes (a rule set whose shape is modes) ---------------------------------------
        "modes": {
            "type": "object",
            "propertyNames": {"pattern": r"^\w{1,60}$"},
            "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 10},
            "maxProperties": MAX_MODES,
            "description": "a character in a rule set with modes: each mode taken, by key, with "
            "its rating; the skills' ratings follow from them",
        },
        "skill_improvements": {
            "type": "object",
            "propertyNames": {"pattern": r"^\w{1,60}$"},
            "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 5},
            "maxProperties": 200,
            "description": "a character in a rule set with modes: the steps bought for single "
            "skills above their mode (1: focused, 2: specialized)",
        },
        # -- packages bought with refresh (Venture City's powers) ---------------------------
        "packages": {
            "type": "array",
            "maxItems": 10,
            "items": obj(
                {
                    "key": {"type": "string", "pattern": "^[a-z0-9][a-z0-9_-]{0,59}$"},
                    "options": {
                        "type": "array",
                        "maxItems": 100,
                        "items": {"type": "string", "pattern": "^[a-z0-9][a-z0-9_-]{0,59}$"},
                        "description": "the options bought on it, by key, once per purchase",
                    },
                },
                ["key"],
                "a package of the rule set bought (a power), by key",
            ),
            "description": "the rule set's packages bought; the stunts and aspects they grant "
            "are written on the sheet when left out",
        },
        "weight": {
            "type": "integer",
            "minimum": 0,
            "maximum": MAX_WEIGHT,
            "default": 1,
            "description": "the individual weight the weight optional rule counts (War of Ashes: "
            "people 1, monsters 0, 2, 4 and so on)",
        },
        "stress": {
            "type": "object",
            "propertyNames": TRACK_KEY,
            "additionalProperties": {"$ref": "#/$defs/stress_track"},
        },
        "conditions": {
            "type": "object",
            "propertyNames": CONDITION_KEY,
            "maxProperties": MAX_CONDITIONS,
            "additionalProperties": obj(
                {
                    "boxes": {"type": "integer", "minimum": 1, "maximum": MAX_CONDITION_BOXES},
                    "taken_session": _COUNT,
                    "recovering_session": {"oneOf": [{"type": "null"}, _COUNT]},
                    "invokes": {"type": "array", "items": _TEXT, "maxItems": MAX_BOXES},
                },
                ["boxes"],
                "a rule set's condition marked on the sheet (Fate System Toolkit): the boxes "
                "marked, the sessions ended when it was taken and when a lasting one began to "
                "recover, and who holds free invokes on it",
            ),
            "description": "the rule set's conditions marked on the sheet, by key",
        },
        "consequences": {
            "type": "array",
            "items": {"$ref": "#/$defs/consequence"},
            "maxItems": MAX_BOXES,
        },
    },
    required=["id", "name"],
    defs={
        "aspect": obj(
            {
                "id": _TEXT,
                "kind": {
                    "enum": [k.value for k in AspectKind if k.is_character_aspect],
                    "default": "character",
                },
                "name": _TEXT,
                "free_invokes": {
                    "type": "array",
                    "items": _TEXT,
                    "description": "who holds a free invoke, one entry per invoke",
                },
            },
            ["name"],
        ),
        "consequence_aspect": obj(
            {
                "id": _TEXT,
                "name": _TEXT,
                "kind": {"enum": [k.value for k in AspectKind if k.is_character_aspect]},
                "free_invokes": {"type": "array", "items": _TEXT},
            },
            ["name"],
        ),
        "stunt": obj(
            {
                "name": _TEXT,
                "description": {"type": "string"},
                "circumstance": {
                    "type": "string",
                    "description": "when it applies, in the player's words (the table judges)",
                },
                "cost": {
                    "enum": [c.value for c in StuntCost],
                    "default": "free",
                    "description": "free whenever it applies, a fate point a use, or one use "
                    "a scene or a session",
                },
                "fate_point_cost": {
                    "enum": [0, 1],
                    "description": "older files: 1 for a fate point",
                },
                "used_at": {
                    "$ref": "#/$defs/clock_mark",
                    "description": "when a stunt limited to a scene or session was last used",
                },
                "effect": {"$ref": "#/$defs/effect"},
            },
            ["name", "effect"],
        ),
        "effect": {"oneOf": _EFFECTS},
        "stress_track": {
            "type": "array",
            "items": obj(
                {
                    "value": {"type": "integer", "minimum": 1, "maximum": HIGHEST_RATING},
                    "marked": {"type": "boolean"},
                },
                ["value"],
            ),
            "maxItems": MAX_BOXES,
        },
        "consequence": obj(
            {
                "severity": {"enum": [s.value for s in Severity]},
                "shifts": {"type": "integer", "minimum": 1, "maximum": HIGHEST_RATING},
                "track": {**TRACK_KEY, "default": "any"},
                "aspect": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/consequence_aspect"}]},
                "recovering": {"type": "boolean", "default": False},
                "treated_at": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/clock_mark"}]},
                "taken_at": {"oneOf": [{"type": "null"}, {"$ref": "#/$defs/clock_mark"}]},
                "conflict": {"type": ["string", "null"]},
                "replaced": {
                    "oneOf": [{"type": "null"}, {"$ref": "#/$defs/consequence_aspect"}],
                    "description": "the aspect an extreme consequence took the place of",
                },
                "condition": {
                    "enum": [c.key for c in CONDITIONS],
                    "description": "with the conditions option: the condition this box marks",
                },
            },
            ["severity"],
        ),
        "clock_mark": _CLOCK_MARK,
        "skill_list": _SKILL_LIST,
        "shape": {"oneOf": SHAPES},
    },
)


def schema_text() -> str:
    """The character schema as indented JSON, ending in a newline."""
    return schema_json(CHARACTER_SCHEMA)


def without_bounds(schema: Any) -> Any:
    """``schema`` without the bounds on numbers (every ``maximum``, and the ``maxItems`` that
    counts boxes): what a table reads a sheet or a rule set from its own log with, since a log
    written before the bounds must load as it was written. A new sheet meets them, when its
    command is decided."""
    if isinstance(schema, dict):
        return {
            key: without_bounds(value)
            for key, value in schema.items()
            if key != "maximum" and not (key == "maxItems" and value == MAX_BOXES)
        }
    if isinstance(schema, list):
        return [without_bounds(item) for item in schema]
    return schema


#: :data:`CHARACTER_SCHEMA` without the bounds on numbers (see :func:`without_bounds`).
LOOSE_CHARACTER_SCHEMA = without_bounds(CHARACTER_SCHEMA)
