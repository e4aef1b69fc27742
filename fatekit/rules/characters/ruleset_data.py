"""A rule set as plain data (a parsed rule-set file) turned into a :class:`Preset`, or refused.

This is the one way a preset comes to be: the built-in presets are rule-set files shipped
with the package (:mod:`fatekit.rules.characters.presets`), and a group's own hack is another.
:func:`preset_from_data` checks everything the engine relies on and raises
:class:`RulesetProblems` listing every problem (``$.stress.tracks[1].skill: ...``) when the data
asks for something the engine cannot honour; nothing is half-built. The file's outer form (types,
required fields) is checked by its JSON Schema first (:mod:`fatekit.formats.ruleset`); this module
checks what a schema cannot: skills that exist, harm some track takes, tables that give boxes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.aspects.stunts import Stunt, stunt_from_data
from fatekit.rules.characters.counted import CountedAspects
from fatekit.rules.characters.modes import Mode, ModeShape
from fatekit.rules.characters.packages import (
    PackageDef,
    PackageGroup,
    PackageOption,
    Packages,
    stunt_skills,
)
from fatekit.rules.characters.preset import (
    AdvancementStyle,
    AspectSlot,
    ExtraSlot,
    Preset,
    SkillUse,
    StressRow,
    StressTrackSpec,
    TurnOrder,
    TurnOrderStyle,
)
from fatekit.rules.characters.shapes import (
    Combined,
    FreeCap,
    RatingRange,
    Shape,
    Tiers,
    column,
    diamond,
    pyramid,
)
from fatekit.rules.characters.skill_lists import SkillDef, SkillList, skill_list
from fatekit.rules.core.actions import Action
from fatekit.rules.core.citations import CONDENSED, Rule, find_rule, rule
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.switches import OptionalRule
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.consequences import Severity
from fatekit.rules.harm.recovery import SELF_TREATMENT_PENALTY, RecoveryRules, SevereRecovery
from fatekit.rules.harm.stress import StressStyle
from fatekit.rules.harm.toolkit_conditions import (
    CONDITION_BOXES_RULE,
    LASTING_BOXES,
    ConditionKind,
    ConditionSpec,
)

__all__ = [
    "LANGUAGES",
    "OWN_GAME_RULE",
    "OWN_TIERS_RULE",
    "RulesetProblems",
    "preset_from_data",
    "shape_from_data",
]

#: The languages a rule set may give display names in (those of fatekit's page).
LANGUAGES = ("en", "ru", "it", "sv")

OWN_GAME_RULE = rule(
    "ruleset.own-game",
    CONDENSED,
    "Optional Rules > Changing the Skill List",
    "A group making its own Fate game starts from its skill list and what hangs off it: which "
    "skills fill which stress tracks, the box table, the consequence slots, who acts first",
)
OWN_TIERS_RULE = rule(
    "shape.own-tiers",
    CONDENSED,
    "Optional Rules > Changing the Skill List",
    "A table may fix its own count of skills at each tier; the pyramid, the diamond and the "
    "column are instances",
)


class RulesetProblems(BadInput):
    """A rule set the engine cannot honour; ``problems`` lists every reason, each with its place."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("not a usable rule set:\n  " + "\n  ".join(self.problems))


def shape_from_data(data: Mapping[str, Any]) -> Shape:
    """The rating shape a file describes (``type``: pyramid, diamond, column, tiers, free_cap or
    combined). Raises :class:`BadInput` for a shape that does not hold together."""
    kind = data["type"]
    if kind == "pyramid":
        return pyramid(data.get("peak", 4))
    if kind == "diamond":
        tiers = data.get("tiers")
        return diamond(None if tiers is None else {t["rating"]: t["count"] for t in tiers})
    if kind == "column":
        return column(data.get("peak", 4), data.get("width", 1))
    if kind == "tiers":
        cited = find_rule(data["rule"]) if "rule" in data else OWN_TIERS_RULE
        if cited is None:
            raise BadInput(f"no rule has the key {data['rule']!r}")
        slots = tuple((t["rating"], t["count"]) for t in data["tiers"])
        return Tiers(data["name"], slots, cited)
    if kind == "free_cap":
        return FreeCap(data.get("budget", 20), data.get("cap", 4))
    if kind == "modes":
        return _mode_shape(data)
    first, second = data["first"], data["second"]
    return Combined(
        RatingRange(first["low"], first["high"], first.get("budget")),
        RatingRange(second["low"], second["high"], second.get("budget")),
        data.get("cap", 4),
    )


# -- modes (Atomic Robo; the Fate System Toolkit's skill modes) -------------------------------


def _mode_shape(data: Mapping[str, Any]) -> ModeShape:
    modes = tuple(
        Mode(
            m["key"],
            m["name"].strip(),
            tuple(m["skills"]),
            m.get("cost", 0),
            bool(m.get("weird", False)),
            _names(m),
        )
        for m in data["modes"]
    )
    return ModeShape(
        modes,
        tuple(data.get("ratings", (3, 2, 1))),
        data.get("budget", 30),
        tuple(data.get("step_costs", (1, 2))),
    )


def _mode_skills(reader: _Reader, keys: set[str]) -> None:
    """Every skill a mode names is on the rule set's list(s)."""
    shape = reader.data["shape"]
    if shape.get("type") != "modes":
        return
    for i, mode in enumerate(shape["modes"]):
        for j, skill in enumerate(mode["skills"]):
            reader.known(keys, skill, f"$.shape.modes[{i}].skills[{j}]")


# -- ---------------------------------------------------------------------------------------------


def _names(data: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((str(k), str(v).strip()) for k, v in data.get("names", {}).items()))


def _skill_list(data: str | Mapping[str, Any]) -> SkillList:
    if isinstance(data, str):
        return skill_list(data)
    skills = tuple(SkillDef(s["key"], s["name"].strip(), _names(s)) for s in data["skills"])
    return SkillList(data["key"], data["name"].strip(), skills)


def _rows(data: Sequence[Mapping[str, Any]]) -> tuple[StressRow, ...]:
    return tuple(
        StressRow(r["min_rating"], tuple(r["boxes"]), bool(r.get("extra_mild", False)))
        for r in data
    )


class _Reader:
    """Collects every problem while reading one rule set."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.problems: list[str] = []

    def problem(self, where: str, what: str) -> None:
        self.problems.append(f"{where}: {what}")

    def attempt(self, where: str, build: Any, *args: Any) -> Any:
        try:
            return build(*args)
        except BadInput as error:
            self.problem(where, str(error))
        except (KeyError, IndexError, TypeError, ValueError) as error:
            self.problem(where, f"malformed ({error})")
        return None

    # -- parts ------------------------------------------------------------------------------

    def skill_lists(self) -> tuple[SkillList, ...]:
        lists = []
        for i, entry in enumerate(self.data["skill_lists"]):
            found = self.attempt(f"$.skill_lists[{i}]", _skill_list, entry)
            if found is not None:
                lists.append(found)
        seen: set[str] = set()
        for skills in lists:
            for key in skills.keys:
                if key in seen:
                    self.problem("$.skill_lists", f"the skill {key!r} is on two lists")
                seen.add(key)
        return tuple(lists)

    def known(self, keys: set[str], skill: str | None, where: str) -> None:
        if skill is not None and keys and skill not in keys:
            self.problem(where, f"{skill!r} is not on the rule set's skill list(s)")

    def table(self, rows: Sequence[Mapping[str, Any]], style: StressStyle, where: str) -> None:
        ratings = [r["min_rating"] for r in rows]
        if ratings != sorted(set(ratings)):
            self.problem(where, f"rows must rise by min_rating, each once; got {ratings}")
        if style is StressStyle.ONE_POINT:
            for i, row in enumerate(rows):
                if any(v != 1 for v in row["boxes"]):
                    self.problem(
                        f"{where}[{i}].boxes",
                        f"one-point boxes are each worth 1, got {row['boxes']}",
                    )
        if rows and not any(row["boxes"] for row in rows):
            self.problem(where, "no row gives a box, so nothing could ever fill this track")

    def stress(self, keys: set[str]) -> tuple[StressStyle, tuple[StressTrackSpec, ...]]:
        stress = self.data["stress"]
        style = StressStyle(stress["style"])
        shared = stress.get("table", [])
        self.table(shared, style, "$.stress.table")
        specs = []
        harms: set[str] = set()
        for i, entry in enumerate(stress["tracks"]):
            where = f"$.stress.tracks[{i}]"
            harm = Track(entry["harm"])
            if harm in harms:
                self.problem(f"{where}.harm", f"two tracks take {harm.value} harm")
            harms.add(harm)
            self.known(keys, entry.get("skill"), f"{where}.skill")
            own = entry.get("table", [])
            if own:
                self.table(own, style, f"{where}.table")
            elif not shared:
                self.problem(where, "the track has no box table and the rule set none to share")
            specs.append(
                StressTrackSpec(
                    harm,
                    entry.get("skill"),
                    _rows(own),
                    entry.get("name", "").strip(),
                    _names(entry),
                )
            )
        return style, tuple(specs)

    def taken(self, tracks: Sequence[StressTrackSpec], harm: Track, where: str, what: str) -> None:
        kinds = {t.track for t in tracks}
        if harm is not Track.ANY and harm not in kinds and Track.ANY not in kinds:
            listed = ", ".join(sorted(t.value for t in kinds))
            self.problem(
                where, f"{what} {harm.value} harm, but no stress track takes it ({listed})"
            )

    def consequences(
        self, keys: set[str], tracks: Sequence[StressTrackSpec]
    ) -> tuple[tuple[Severity, ...], tuple[ExtraSlot, ...]]:
        shared: list[Severity] = []
        extra: list[ExtraSlot] = []
        for i, entry in enumerate(self.data["consequences"]):
            where = f"$.consequences[{i}]"
            severity = Severity(entry["severity"])
            harm = Track(entry.get("harm", "any"))
            skill = entry.get("skill")
            self.known(keys, skill, f"{where}.skill")
            self.taken(tracks, harm, f"{where}.harm", "the slot takes")
            if skill is None and "min_rating" in entry:
                self.problem(f"{where}.min_rating", "a rating needs the skill it applies to")
            if harm is Track.ANY and skill is None:
                if extra:
                    self.problem(
                        where,
                        "list the slots every kind of harm shares first: a sheet shows them "
                        "before the slots for one kind or from a skill",
                    )
                shared.append(severity)
            else:
                extra.append(ExtraSlot(severity, harm, skill, entry.get("min_rating", 0)))
        return tuple(shared), tuple(extra)

    def uses(self, keys: set[str], tracks: Sequence[StressTrackSpec]) -> tuple[SkillUse, ...]:
        uses = []
        for i, entry in enumerate(self.data["skill_uses"]):
            where = f"$.skill_uses[{i}]"
            self.known(keys, entry["skill"], f"{where}.skill")
            harm = Track(entry["harm"])
            action = Action(entry["action"])
            self.taken(tracks, harm, f"{where}.harm", f"{entry['skill']} would {action.value}")
            use = self.attempt(
                where,
                SkillUse,
                entry["skill"],
                action,
                harm,
                bool(entry.get("melee_only")),
                bool(entry.get("ranged")),
            )
            if use is not None:
                uses.append(use)
        return tuple(uses)

    def order(self, keys: set[str]) -> TurnOrder:
        data = self.data["turn_order"]
        style = TurnOrderStyle(data["style"])
        physical = tuple(data.get("physical", ()))
        mental = tuple(data.get("mental", ()))
        for side, skills in (("physical", physical), ("mental", mental)):
            for j, skill in enumerate(skills):
                self.known(keys, skill, f"$.turn_order.{side}[{j}]")
            if style is not TurnOrderStyle.ELECTIVE and not skills:
                self.problem(
                    f"$.turn_order.{side}",
                    f"{style.value} needs the skills that order a {side} conflict",
                )
            if style is TurnOrderStyle.ELECTIVE and skills:
                self.problem(
                    f"$.turn_order.{side}", "elective order compares no skills; leave this out"
                )
        return TurnOrder(style, physical, mental)

    def options(self) -> tuple[str, ...]:
        chosen = tuple(self.data.get("options", ()))
        for i, option in enumerate(chosen):
            if option not in {o.value for o in OptionalRule}:
                valid = ", ".join(o.value for o in OptionalRule)
                self.problem(f"$.options[{i}]", f"no optional rule {option!r}; choose from {valid}")
        both = {OptionalRule.FULL_DEFENSE.value, OptionalRule.FULL_DEFENSE_CORE.value}
        if both <= set(chosen):
            self.problem("$.options", "choose one version of full defense, not both")
        if len(set(chosen)) != len(chosen):
            self.problem("$.options", "an optional rule is listed twice")
        return chosen

    def aspects(self) -> tuple[AspectSlot, ...]:
        slots = tuple(
            AspectSlot(AspectKind(a["kind"]), a.get("count", 1)) for a in self.data["aspects"]
        )
        kinds = [s.kind for s in slots]
        for kind in sorted({k for k in kinds if kinds.count(k) > 1}):
            self.problem("$.aspects", f"{kind.value} slots are listed twice; give one count")
        for i, slot in enumerate(slots):
            if not slot.kind.is_character_aspect:
                self.problem(f"$.aspects[{i}].kind", f"{slot.kind.value} is not a sheet's aspect")
        return slots

    def recovery(self, keys: set[str]) -> RecoveryRules:
        data = self.data.get("recovery", {})
        skills = []
        for i, entry in enumerate(data.get("skills", ())):
            self.known(keys, entry["skill"], f"$.recovery.skills[{i}].skill")
            skills.append((Track(entry["harm"]), entry["skill"]))
        found = self.attempt(
            "$.recovery",
            RecoveryRules,
            tuple(skills),
            data.get("self_penalty", SELF_TREATMENT_PENALTY),
            SevereRecovery(data.get("severe", SevereRecovery.MAJOR_MILESTONE.value)),
        )
        return found if isinstance(found, RecoveryRules) else RecoveryRules()

    # -- conditions (Fate System Toolkit; issue 41) --

    def conditions(self) -> tuple[ConditionSpec, ...]:
        specs = []
        for i, entry in enumerate(self.data.get("conditions", ())):
            where = f"$.conditions[{i}]"
            kind = ConditionKind(entry["kind"])
            if kind is ConditionKind.LASTING and entry.get("boxes", LASTING_BOXES) != LASTING_BOXES:
                self.problem(
                    f"{where}.boxes",
                    f"a lasting condition has {LASTING_BOXES} boxes, both marked when it is taken "
                    f"({CONDITION_BOXES_RULE.key})",
                )
                continue
            spec = self.attempt(
                where,
                ConditionSpec,
                entry["key"],
                entry["name"].strip(),
                kind,
                entry.get("shifts"),
                entry.get("boxes"),
                _names(entry),
            )
            if spec is not None:
                specs.append(spec)
        keys = [s.key for s in specs]
        for key in sorted({k for k in keys if keys.count(k) > 1}):
            self.problem("$.conditions", f"the condition {key!r} is listed twice")
        return tuple(specs)

    # -- aspects counted instead of skills (The Three Rocketeers; issue 41) --

    def counted(self, slots: Sequence[AspectSlot]) -> CountedAspects | None:
        data = self.data.get("counted_aspects")
        if data is None:
            return None
        bonuses = []
        for i, entry in enumerate(data.get("bonuses", ())):
            kind = AspectKind(entry["kind"])
            if kind not in {s.kind for s in slots}:
                self.problem(
                    f"$.counted_aspects.bonuses[{i}].kind",
                    f"the sheet has no {kind.value} slot, so no such aspect is ever counted",
                )
            bonuses.append((kind, entry["bonus"]))
        found = self.attempt(
            "$.counted_aspects", CountedAspects, data.get("per_aspect", 1), tuple(bonuses)
        )
        return found if isinstance(found, CountedAspects) else None

    # -- packages bought with refresh (Venture City's powers; issue 41) --

    def _grants(self, entry: Mapping[str, Any], where: str, keys: set[str]) -> tuple[Stunt, ...]:
        stunts = []
        for i, data in enumerate(entry.get("stunts", ())):
            found = self.attempt(f"{where}.stunts[{i}]", stunt_from_data, data, self.bonus)
            if isinstance(found, Stunt):
                for skill in stunt_skills(found):
                    self.known(keys, skill, f"{where}.stunts[{i}].effect")
                stunts.append(found)
        return tuple(stunts)

    @property
    def bonus(self) -> int:
        value = self.data.get("stunt_bonus", 2)
        return value if isinstance(value, int) else 2

    def packages(self, keys: set[str]) -> Packages | None:
        data = self.data.get("packages")
        if data is None:
            return None
        groups = []
        for i, g in enumerate(data.get("groups", ())):
            found = self.attempt(
                f"$.packages.groups[{i}]",
                PackageGroup,
                g["key"],
                g["name"].strip(),
                g.get("cost", 1),
                g.get("free", 0),
                g.get("per_cost", 1),
                g.get("least", 0),
                g.get("most"),
                _names(g),
            )
            if isinstance(found, PackageGroup):
                groups.append(found)
        defs = []
        for i, p in enumerate(data["packages"]):
            where = f"$.packages.packages[{i}]"
            found = self.attempt(
                where,
                PackageDef,
                p["key"],
                p["name"].strip(),
                p.get("cost", 1),
                self._grants(p, where, keys),
                tuple(a.strip() for a in p.get("aspects", ())),
                _names(p),
            )
            if isinstance(found, PackageDef):
                defs.append(found)
        group_keys = {g["key"] for g in data.get("groups", ())}
        open_keys = {p["key"] for p in data["packages"]} | {
            o["key"] for o in data.get("options", ())
        }
        options = []
        for i, o in enumerate(data.get("options", ())):
            where = f"$.packages.options[{i}]"
            if o["group"] not in group_keys:
                self.problem(f"{where}.group", f"no group {o['group']!r} is declared")
            for j, key in enumerate(o.get("within", ())):
                if key not in open_keys:
                    self.problem(f"{where}.within[{j}]", f"no package or option {key!r}")
            found = self.attempt(
                where,
                PackageOption,
                o["key"],
                o["name"].strip(),
                o["group"],
                o.get("most", 1),
                tuple(o.get("within", ())),
                self._grants(o, where, keys),
                tuple(a.strip() for a in o.get("aspects", ())),
                _names(o),
            )
            if isinstance(found, PackageOption):
                options.append(found)
        # A granted stunt is known on a sheet by its name: two grants may not share one.
        # A granted stunt is known on a sheet by its name: grants sharing one grant the same stunt
        # (a synergy grants its power's basic stunt).
        grants: list[PackageDef | PackageOption] = [*defs, *options]
        by_name: dict[str, Stunt] = {}
        for grant in grants:
            for stunt in grant.stunts:
                if by_name.setdefault(stunt.name, stunt) != stunt:
                    self.problem(
                        "$.packages",
                        f"two grants name the stunt {stunt.name!r} but differ; each needs its "
                        "own name",
                    )
        found = self.attempt(
            "$.packages",
            Packages,
            data["label"].strip(),
            tuple(defs),
            tuple(groups),
            tuple(options),
            data.get("bonus_stunts", 0),
            data.get("least", 0),
            data.get("most", 1),
            _names(data),
        )
        return found if isinstance(found, Packages) else None

    def stress_rule(self) -> Rule:
        key = self.data["stress"].get("rule")
        if key is None:
            return OWN_GAME_RULE
        found = find_rule(key)
        if found is None:
            self.problem("$.stress.rule", f"no rule has the key {key!r}")
            return OWN_GAME_RULE
        return found


def preset_from_data(data: Mapping[str, Any]) -> Preset:
    """The preset a rule set describes; raises :class:`RulesetProblems` listing every problem.

    ``data`` has the form the rule-set schema gives (see ``docs/rulesets.md``).
    """
    reader = _Reader(data)
    try:
        lists = reader.skill_lists()
        keys = {k for s in lists for k in s.keys}
        shape = reader.attempt("$.shape", shape_from_data, data["shape"])
        _mode_skills(reader, keys)
        style, tracks = reader.stress(keys)
        shared, extra = reader.consequences(keys, tracks)
        uses = reader.uses(keys, tracks)
        order = reader.order(keys)
        options = reader.options()
        aspects = reader.aspects()
        stress_rule = reader.stress_rule()
        recovery = reader.recovery(keys)
        conditions = reader.conditions()
        counted = reader.counted(aspects)
        packages = reader.packages(keys)
        table = _rows(data["stress"].get("table", []))
    except (KeyError, IndexError, TypeError, ValueError) as error:
        # The schema keeps these out; data handed in directly may still be malformed.
        raise RulesetProblems([*reader.problems, f"$: malformed rule set ({error})"]) from None
    if reader.problems or shape is None:
        raise RulesetProblems(reader.problems)
    preset = reader.attempt(
        "$",
        lambda: Preset(
            key=data["key"],
            name=data["name"].strip(),
            source=data.get("source", CONDENSED),
            skill_lists=lists,
            shape=shape,
            aspect_slots=aspects,
            stress_style=style,
            stress_tracks=tracks,
            # With no shared table, the preset's fallback is the first track's own table.
            stress_table=table or tracks[0].table,
            turn_order=order,
            skill_uses=uses,
            stress_rule=stress_rule,
            consequence_slots=shared,
            extra_slots=extra,
            options=options,
            refresh=data.get("refresh", 3),
            free_stunts=data.get("free_stunts", 3),
            stunt_cost=data.get("stunt_cost", 1),
            min_refresh=data.get("min_refresh", 1),
            stunt_bonus=data.get("stunt_bonus", 2),
            recovery=recovery,
            solo_rounds_down=data.get("solo_stress_rounding", "up") == "down",
            stress_any_box=data["stress"].get("pick", "exact") == "any",
            advancement=AdvancementStyle(data.get("advancement", AdvancementStyle.CONDENSED.value)),
            conditions=conditions,
            counted=counted,
            packages=packages,
        ),
    )
    if preset is None:
        raise RulesetProblems(reader.problems)
    assert isinstance(preset, Preset)
    return preset
