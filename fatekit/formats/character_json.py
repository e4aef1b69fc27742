"""Character files: JSON in, :class:`Character` out, and back.

A file is checked against :data:`~fatekit.formats.schema.CHARACTER_SCHEMA` first; every mismatch
is reported at once as :class:`BadInput`. A file that is well formed but breaks the rules (a
skill too many at Fair) still loads: :func:`fatekit.rules.characters.validation.validate` lists
those problems. A file may replace its preset's skill list and shape; it then loads with a
preset derived from the named one.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fatekit.formats import wellformed
from fatekit.formats.schema import CHARACTER_SCHEMA, FORMAT, LOOSE_CHARACTER_SCHEMA, VERSION
from fatekit.formats.schema_check import errors
from fatekit.rules.aspects.aspects import Aspect, AspectKind, FreeInvoke
from fatekit.rules.aspects.stunts import (
    BONUS_STUNT_RULE,
    RULE_STUNT_RULE,
    ActFirst,
    ExtraAction,
    ExtraConsequence,
    ExtraFreeInvoke,
    ExtraStress,
    GrantsBoost,
    RuleException,
    SkillBonus,
    SkillSwap,
    Stunt,
    StuntEffect,
    stunt_from_data,
)
from fatekit.rules.characters.character import (
    Character,
    CharacterKind,
    fitted_harm,
    grant_packages,
    new_character,
    sheet_refresh_cost,
)
from fatekit.rules.characters.gear import CarriedGear
from fatekit.rules.characters.modes import ModeShape, mode_skill_ratings
from fatekit.rules.characters.packages import BoughtPackage
from fatekit.rules.characters.preset import Preset
from fatekit.rules.characters.presets import get_preset
from fatekit.rules.characters.problems import Problem
from fatekit.rules.characters.ruleset_data import shape_from_data
from fatekit.rules.characters.shapes import (
    Combined,
    FreeCap,
    RatingRange,
    Shape,
    Tiers,
)
from fatekit.rules.characters.skill_lists import SkillList, custom_skill_list, skill_list
from fatekit.rules.core.actions import Action
from fatekit.rules.core.clock import ClockMark, Moment
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.recorded import as_recorded
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.conditions import CONDITIONS
from fatekit.rules.harm.consequences import SEVERITY_SHIFTS, ConsequenceSlot, Severity
from fatekit.rules.harm.stress import StressBox, StressTrack
from fatekit.rules.harm.toolkit_conditions import MarkedCondition, condition_aspect_id

__all__ = [
    "LoadedCharacter",
    "character_from_dict",
    "character_to_dict",
    "dumps_character",
    "load_character",
    "loads_character",
    "parse_json",
    "shape_dict",
    "sheet_problem",
    "sheet_problems",
    "stunt_dict",
    "stunt_field_problems",
    "stunt_problem",
    "template",
]


@dataclass(frozen=True, slots=True)
class LoadedCharacter:
    """A character read from a file, with the preset it was written for."""

    character: Character
    preset: Preset


def load_character(path: str | Path, preset: str | Preset | None = None) -> LoadedCharacter:
    """Read a character file; ``preset`` (a built-in's key, or a preset read from a rule-set
    file) overrides the file's own. Raises :class:`BadInput`."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"cannot read {path}: {error}") from None
    return loads_character(text, preset)


def loads_character(text: str, preset: str | Preset | None = None) -> LoadedCharacter:
    """Read a character from JSON text."""
    return character_from_dict(parse_json(text), preset)


def sheet_problems(data: Any, *, bounded: bool = True) -> list[str]:
    """What keeps parsed JSON from being a character file, each with its place: its schema (with
    the bounds on numbers, unless ``bounded`` is false) and what its texts (and, bounded, its
    numbers) may hold."""
    kept = wellformed.problems(data, whole_numbers=bounded)
    problems = [f"{k}: {v}" for k, v in sorted(kept.items())]
    return problems + errors(data, CHARACTER_SCHEMA if bounded else LOOSE_CHARACTER_SCHEMA)


#: Where a stunt's effect lacks what its kind needs, as the schema checks say it.
_STUNT_FIELD = re.compile(r"^\$\.stunts\[(\d+)\]\.effect(?:\.(actions|detail|text))?: (.*)$")


def stunt_field_problems(data: Any) -> list[Problem] | None:
    """What keeps parsed JSON from being a character file, as problems a sheet editor shows at
    the field, when each is a stunt whose kind lacks what it needs: a bonus stunt with no action
    (:data:`BONUS_STUNT_RULE`), an exception or a true detail with no words
    (:data:`RULE_STUNT_RULE`). ``None`` when something else is wrong too (the file's problems,
    :func:`sheet_problems`, then say it); an empty list when nothing is."""
    found: list[Problem] = []
    for line in sheet_problems(data):
        matched = _STUNT_FIELD.match(line)
        if matched is None:
            return None
        index, field, what = int(matched[1]), matched[2], matched[3]
        args: tuple[tuple[str, str | int], ...] = (("n", index + 1),)
        if field == "actions" or (field is None and what == "missing 'actions'"):
            where = f"stunts.{index}.effect.actions"
            found.append(Problem(where, line, BONUS_STUNT_RULE, "stunt_no_action", args))
        elif field in ("detail", "text") and what == "must not be empty or blank":
            where = f"stunts.{index}.effect.{field}"
            found.append(Problem(where, line, RULE_STUNT_RULE, "stunt_no_text", args))
        else:
            return None
    return found


def _past_bounds(data: Any) -> list[str]:
    # Only what the bounds refuse: whatever else is wrong is said when the sheet is read.
    loose = set(sheet_problems(data, bounded=False))
    return [problem for problem in sheet_problems(data) if problem not in loose]


def sheet_problem(text: str) -> str | None:
    """What in a character file's text is past the bounds on numbers, said in one line
    (``None``: nothing): for a command's sheet, as it is decided. Anything else wrong with it
    is said when the table reads it."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None  # said when the sheet is read, with where it stops being JSON
    problems = _past_bounds(data)
    return None if not problems else "not a usable character file: " + "; ".join(problems)


def stunt_problem(text: str) -> str | None:
    """What in a stunt written as in a character file's ``stunts`` is past the bounds on
    numbers (``None``: nothing), as :func:`sheet_problem` says it."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None  # said when the stunt is read
    sheet = {"format": FORMAT, "version": VERSION, "id": "x", "name": "x", "stunts": [data]}
    problems = [p.replace("$.stunts[0]", "$") for p in _past_bounds(sheet)]
    return None if not problems else "not a usable stunt: " + "; ".join(problems)


def parse_json(text: str, source: str | None = None) -> Any:
    """``text`` as JSON, or :class:`BadInput` saying where (line and column) it is not JSON.

    ``source`` names the file the text came from, for the message.
    """
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        what = f"{source} is not JSON" if source else "not JSON"
        raise BadInput(
            f"{what}: {error.msg} at line {error.lineno}, column {error.colno}"
        ) from None
    except RecursionError:
        raise BadInput(f"{source or 'the JSON'} is nested too deeply") from None


def character_from_dict(
    data: Any, preset: str | Preset | None = None, *, bounded: bool = True
) -> LoadedCharacter:
    """Build a character from parsed JSON, after checking it against the schema (and that its
    texts and numbers are ones that can be kept: see :mod:`fatekit.formats.wellformed`).

    ``bounded=False`` leaves out the bounds on numbers (:func:`~fatekit.formats.schema.
    without_bounds`): for a sheet a table's log holds, which must load as it was written."""
    problems = sheet_problems(data, bounded=bounded)
    if problems:
        raise BadInput("not a fatekit character file:\n  " + "\n  ".join(problems))
    chosen = _preset(data, preset)
    try:
        character = _character(data, chosen, bounded)
    except (KeyError, ValueError, TypeError) as error:
        if isinstance(error, BadInput):
            raise
        raise BadInput(f"not a usable character: {error}") from None
    return LoadedCharacter(character, chosen)


def _preset(data: Mapping[str, Any], override: str | Preset | None) -> Preset:
    if isinstance(override, Preset):
        base = override
    else:
        base = get_preset(override if override is not None else data.get("preset", "condensed"))
    lists = data.get("skill_lists")
    shape_data = data.get("shape")
    if lists is None and shape_data is None:
        return base
    skill_lists = tuple(_skill_list(s) for s in lists) if lists else base.skill_lists
    shape = shape_from_data(shape_data) if shape_data is not None else base.shape
    return base.derive(
        f"{base.key}+custom", f"{base.name} (custom)", skill_lists=skill_lists, shape=shape
    )


def _skill_list(data: str | Mapping[str, Any]) -> SkillList:
    if isinstance(data, str):
        return skill_list(data)
    return custom_skill_list(data["name"], data["skills"])


def _aspect(data: Mapping[str, Any], owner: str, fallback_id: str, kind: AspectKind) -> Aspect:
    aspect = Aspect(data.get("id", fallback_id), data["name"].strip(), kind, owner=owner)
    aspect.free_invokes = [FreeInvoke(h) for h in data.get("free_invokes", [])]
    return aspect


def _stunt(data: Mapping[str, Any], preset: Preset) -> Stunt:
    return stunt_from_data(data, preset.stunt_bonus)


def _mark(data: Mapping[str, Any] | None) -> ClockMark | None:
    if data is None:
        return None
    return ClockMark(
        data["scenes_ended"],
        data["sessions_ended"],
        data["minor_milestones"],
        data["major_milestones"],
        Moment(data.get("moment", Moment.SCENE.value)),
        data.get("significant_milestones", 0),
    )


def _gear(data: Mapping[str, Any], bounded: bool) -> CarriedGear:
    name, weapon, armor = data["name"].strip(), data.get("weapon", 0), data.get("armor", 0)
    if bounded:
        return CarriedGear(name, weapon, armor)
    # A sheet a table's log holds: its ratings as they were written, whatever today's range.
    return as_recorded(CarriedGear, name=name, weapon=weapon, armor=armor)


def _character(data: Mapping[str, Any], preset: Preset, bounded: bool = True) -> Character:
    cid = data["id"].strip()
    aspects: list[Aspect] = []
    for i, item in enumerate(data.get("aspects", [])):
        kind = AspectKind(item.get("kind", "character"))
        aspects.append(_aspect(item, cid, f"{cid}/{kind.value}/{i + 1}", kind))
    stunts = [_stunt(s, preset) for s in data.get("stunts", [])]
    uses = {
        s["name"].strip(): mark
        for s in data.get("stunts", [])
        if (mark := _mark(s.get("used_at"))) is not None
    }
    steps = data.get("skill_steps", {"earned": 0, "banked": 0})
    character = Character(
        id=cid,
        name=data["name"].strip(),
        preset=preset.key,
        kind=CharacterKind(data.get("kind", "pc")),
        aspects=aspects,
        skills=dict(data.get("skills", {})),
        stunts=stunts,
        refresh=data.get("refresh", 0),
        fate_points=data.get("fate_points", 0),
        skill_labels=dict(data.get("skill_labels", {})),
        description=data.get("description", ""),
        as_you_play=data.get("as_you_play", False),
        refresh_awarded=data.get("refresh_awarded", 0),
        skill_steps_earned=steps["earned"],
        skill_steps_banked=steps["banked"],
        members=data.get("members", 1),
        weight=data.get("weight", 1),
        modes=dict(data.get("modes", {})),
        skill_improvements=dict(data.get("skill_improvements", {})),
        packages=[
            BoughtPackage(p["key"], tuple(p.get("options", ()))) for p in data.get("packages", [])
        ],
        stunt_uses=uses,
        gear=[_gear(g, bounded) for g in data.get("gear", [])],
        shared_with=list(dict.fromkeys(data.get("shared_with", []))),
    )
    if isinstance(preset.shape, ModeShape) and character.modes and "skills" not in data:
        # Left out: the ratings the modes give (validation checks ratings written out).
        character.skills = mode_skill_ratings(
            preset.shape, character.modes, character.skill_improvements
        )
    # Left out: the stunts and aspects the packages grant (validation checks those written).
    grant_packages(character, preset)
    npc_like = character.kind in (CharacterKind.MINOR_NPC, CharacterKind.MOB, CharacterKind.MONSTER)
    # An extra has no refresh of its own (its owners' pays for it) but, left out, the boxes and
    # slots its skills give, as a PC's.
    if "refresh" not in data and not npc_like and character.kind is not CharacterKind.EXTRA:
        # Left out: what the preset's refresh, awards and stunts give (validation checks the rest).
        earned = preset.refresh + character.refresh_awarded
        character.refresh = max(0, earned - sheet_refresh_cost(character, preset))
    if "fate_points" not in data:
        character.fate_points = character.refresh
    stress, slots = fitted_harm(character, preset)
    if "stress" in data:
        character.stress = {
            Track(t): StressTrack(
                Track(t),
                preset.stress_style,
                [StressBox(b["value"], b.get("marked", False)) for b in boxes],
            )
            for t, boxes in data["stress"].items()
        }
    elif not npc_like:
        character.stress = stress
    if "consequences" in data:
        character.consequences = [_slot(c, cid, i) for i, c in enumerate(data["consequences"])]
    elif not npc_like:
        character.consequences = slots
    character.conditions = _conditions(data.get("conditions", {}), cid, preset)
    return character


def _conditions(data: Mapping[str, Any], owner: str, preset: Preset) -> dict[str, MarkedCondition]:
    # Each marked condition must be one the rule set declares, with no more boxes than it has.
    specs = {c.key: c for c in preset.conditions}
    problems = []
    marked: dict[str, MarkedCondition] = {}
    for key, entry in data.items():
        spec = specs.get(key)
        if spec is None:
            known = ", ".join(specs) or "none"
            problems.append(f"$.conditions.{key}: {preset.name} has no such condition ({known})")
            continue
        if entry["boxes"] > spec.boxes:
            problems.append(f"$.conditions.{key}.boxes: {spec.name} has {spec.boxes} box(es)")
            continue
        aspect = Aspect(
            condition_aspect_id(owner, key), spec.name, AspectKind.CONSEQUENCE, owner=owner
        )
        aspect.free_invokes = [FreeInvoke(h) for h in entry.get("invokes", [])]
        marked[key] = MarkedCondition(
            key,
            entry["boxes"],
            aspect,
            entry.get("taken_session", 0),
            entry.get("recovering_session"),
        )
    if problems:
        raise BadInput("not a usable character:\n  " + "\n  ".join(problems))
    return marked


def _slot(data: Mapping[str, Any], owner: str, index: int) -> ConsequenceSlot:
    severity = Severity(data["severity"])
    aspect = data.get("aspect")
    replaced = data.get("replaced")
    shifts = SEVERITY_SHIFTS[severity]
    if "condition" in data:  # a condition box is worth its condition's value, on its row
        condition = next(c for c in CONDITIONS if c.key == data["condition"])
        if condition.severity is not severity:
            raise BadInput(
                f"consequence slot {index + 1}: {condition.name} is a {condition.severity.value} "
                f"condition, not {severity.value}"
            )
        shifts = condition.value
    return ConsequenceSlot(
        severity,
        data.get("shifts", shifts),
        Track(data.get("track", "any")),
        None
        if aspect is None
        else _aspect(aspect, owner, f"{owner}/consequence/{index}", AspectKind.CONSEQUENCE),
        data.get("recovering", False),
        _mark(data.get("treated_at")),
        data.get("conflict"),
        _mark(data.get("taken_at")),
        None
        if replaced is None
        else _aspect(
            replaced,
            owner,
            f"{owner}/replaced/{index}",
            AspectKind(replaced.get("kind", "character")),
        ),
        data.get("condition"),
    )


# -- writing ----------------------------------------------------------------------------------


def _aspect_dict(aspect: Aspect, *, kind: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = {"id": aspect.id}
    if kind:
        out["kind"] = aspect.kind.value
    out["name"] = aspect.name
    if aspect.free_invokes:
        out["free_invokes"] = [f.holder for f in aspect.free_invokes]
    return out


def _action_fields(actions: tuple[Action, ...], *, none_is_any: bool) -> dict[str, Any]:
    """``actions`` as a list, and the single ``action`` older readers know when the list says
    the same (one action; for a swap, none meaning any), so that no field a file or a view once
    had goes missing."""
    out: dict[str, Any] = {"actions": [a.value for a in actions]}
    if len(actions) == 1:
        out["action"] = actions[0].value
    elif not actions and none_is_any:
        out["action"] = None
    return out


def _effect_dict(effect: StuntEffect) -> dict[str, Any]:
    if isinstance(effect, SkillBonus):
        return {
            "type": "skill_bonus",
            "skill": effect.skill,
            **_action_fields(effect.actions, none_is_any=False),
            "bonus": effect.bonus,
        }
    if isinstance(effect, SkillSwap):
        return {
            "type": "skill_swap",
            "skill": effect.skill,
            "replaces": effect.replaces,
            **_action_fields(effect.actions, none_is_any=True),
        }
    if isinstance(effect, ExtraAction):
        return {"type": "extra_action", "skill": effect.skill, "action": effect.action.value}
    if isinstance(effect, ExtraFreeInvoke):
        return {"type": "extra_free_invoke", "skill": effect.skill, "count": effect.count}
    if isinstance(effect, ExtraStress):
        return {"type": "extra_stress", "track": effect.track.value, "boxes": effect.boxes}
    if isinstance(effect, ExtraConsequence):
        return {
            "type": "extra_consequence",
            "track": effect.track.value,
            "severity": effect.severity,
        }
    if isinstance(effect, GrantsBoost):
        return {
            "type": "boost",
            "skill": effect.skill,
            "actions": [a.value for a in effect.actions],
        }
    if isinstance(effect, ActFirst):
        return {"type": "act_first", "track": effect.track.value}
    if isinstance(effect, RuleException):
        return {"type": "rule_exception", "text": effect.text}
    return {"type": "true_detail", "detail": effect.detail}


def stunt_dict(stunt: Stunt, used_at: ClockMark | None = None) -> dict[str, Any]:
    """A stunt as a character file writes it (``used_at``: when a limited one was last used)."""
    out: dict[str, Any] = {
        "name": stunt.name,
        "description": stunt.description,
        "cost": stunt.cost.value,
        "fate_point_cost": stunt.fate_point_cost,  # what older readers know of the cost
        "effect": _effect_dict(stunt.effect),
    }
    if stunt.circumstance:
        out["circumstance"] = stunt.circumstance
    if used_at is not None:
        out["used_at"] = _mark_dict(used_at)
    return out


def _mark_dict(mark: ClockMark | None) -> dict[str, Any] | None:
    if mark is None:
        return None
    out: dict[str, Any] = {
        "scenes_ended": mark.scenes_ended,
        "sessions_ended": mark.sessions_ended,
        "minor_milestones": mark.minor_milestones,
        "major_milestones": mark.major_milestones,
    }
    if mark.moment is not Moment.SCENE:  # left out as before moments were kept
        out["moment"] = mark.moment.value
    if mark.significant_milestones:  # left out as before significant milestones were counted
        out["significant_milestones"] = mark.significant_milestones
    return out


def character_to_dict(character: Character, preset: Preset | None = None) -> dict[str, Any]:
    """The JSON form of a character (with its derived preset's list and shape, if any)."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "id": character.id,
        "name": character.name,
        "kind": character.kind.value,
        "preset": character.preset.split("+", 1)[0],
    }
    if preset is not None and "+" in preset.key:
        base = get_preset(preset.key.split("+", 1)[0])
        if preset.skill_lists != base.skill_lists:
            out["skill_lists"] = [
                {"name": s.name, "skills": [d.name for d in s]} for s in preset.skill_lists
            ]
        if preset.shape != base.shape:
            out["shape"] = shape_dict(preset.shape)
    out["as_you_play"] = character.as_you_play
    if character.description:
        out["description"] = character.description
    out["aspects"] = [_aspect_dict(a) for a in character.aspects]
    out["skills"] = dict(sorted(character.skills.items(), key=lambda kv: (-kv[1], kv[0])))
    if character.skill_labels:
        out["skill_labels"] = dict(character.skill_labels)
    out["stunts"] = [stunt_dict(s, character.stunt_uses.get(s.name)) for s in character.stunts]
    out["refresh"] = character.refresh
    out["refresh_awarded"] = character.refresh_awarded
    out["fate_points"] = character.fate_points
    out["skill_steps"] = {
        "earned": character.skill_steps_earned,
        "banked": character.skill_steps_banked,
    }
    if character.members != 1:
        out["members"] = character.members
    if character.weight != 1:
        out["weight"] = character.weight
    if character.modes:
        out["modes"] = dict(character.modes)
    if character.skill_improvements:
        out["skill_improvements"] = dict(sorted(character.skill_improvements.items()))
    if character.packages:
        out["packages"] = [
            {"key": p.key, **({"options": list(p.options)} if p.options else {})}
            for p in character.packages
        ]
    if character.shared_with:
        out["shared_with"] = list(character.shared_with)
    if character.gear:
        out["gear"] = [
            {"name": g.name, "weapon": g.weapon, "armor": g.armor} for g in character.gear
        ]
    out["stress"] = {
        track.value: [{"value": b.value, "marked": b.marked} for b in stress.boxes]
        for track, stress in character.stress.items()
    }
    if character.conditions:
        out["conditions"] = {
            key: {
                "boxes": held.boxes,
                "taken_session": held.taken_session,
                "recovering_session": held.recovering_session,
                "invokes": [f.holder for f in held.aspect.free_invokes],
            }
            for key, held in character.conditions.items()
        }
    out["consequences"] = [
        {
            "severity": s.severity.value,
            "shifts": s.shifts,
            "track": s.track.value,
            "aspect": None if s.aspect is None else _aspect_dict(s.aspect, kind=False),
            "recovering": s.recovering,
            "treated_at": _mark_dict(s.treated_at),
            "taken_at": _mark_dict(s.taken_at),
            "conflict": s.conflict,
            "replaced": None if s.replaced is None else _aspect_dict(s.replaced),
            # Only condition boxes say which condition they are, so other files stay as they were.
            **({"condition": s.condition} if s.condition is not None else {}),
        }
        for s in character.consequences
    ]
    return out


def shape_dict(shape: Shape) -> dict[str, Any]:
    if isinstance(shape, Tiers):
        if shape.key == "pyramid":
            return {"type": "pyramid", "peak": shape.peak}
        if shape.key == "column":
            return {"type": "column", "peak": shape.peak, "width": shape.slots[0][1]}
        tiers = [{"rating": t, "count": n} for t, n in shape.slots]
        if shape.key == "diamond":
            return {"type": "diamond", "tiers": tiers}
        return {"type": "tiers", "name": shape.name, "tiers": tiers, "rule": shape.rule.key}
    if isinstance(shape, FreeCap):
        return {"type": "free_cap", "budget": shape.budget, "cap": shape.cap}
    if isinstance(shape, Combined):

        def rng(r: RatingRange) -> dict[str, int]:
            out = {"low": r.low, "high": r.high}
            if r.budget is not None:
                out["budget"] = r.budget
            return out

        return {
            "type": "combined",
            "first": rng(shape.first),
            "second": rng(shape.second),
            "cap": shape.cap,
        }
    if isinstance(shape, ModeShape):
        return {
            "type": "modes",
            "modes": [
                {
                    "key": m.key,
                    "name": m.name,
                    **({"names": dict(m.names)} if m.names else {}),
                    "skills": list(m.skills),
                    "cost": m.cost,
                    **({"weird": True} if m.weird else {}),
                }
                for m in shape.modes
            ],
            "ratings": list(shape.ratings),
            "budget": shape.budget,
            "step_costs": list(shape.step_costs),
        }
    raise BadInput(f"cannot write a {shape.key} shape")


def dumps_character(character: Character, preset: Preset | None = None) -> str:
    """The character as indented JSON text, ending in a newline."""
    return json.dumps(character_to_dict(character, preset), indent=2, ensure_ascii=False) + "\n"


def template(preset: Preset, id: str = "new-character", name: str = "") -> Character:
    """A blank player character for ``preset``, legal as creation as you play.

    Every slot is empty, which only creation as you play allows, so the template has it on.
    """
    return new_character(preset, id, name or "New character", as_you_play=True)
