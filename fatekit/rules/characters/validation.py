"""Is this character legal for its preset? Every problem at once, each with where and why.

    >>> from fatekit.rules.characters.character import new_character
    >>> from fatekit.rules.characters.presets import CONDENSED_PRESET
    >>> sheet = new_character(CONDENSED_PRESET, "ruth", "Ruth", high_concept="Occult Librarian")
    >>> for problem in validate(sheet)[:2]:
    ...     print(problem)
    aspects.trouble: no trouble written yet: a character has five aspects: a high concept, a trouble, a relationship and two free ones (Fate Core and Fate Accelerated: high concept, trouble and three more)
    aspects.relationship: no relationship written yet: a character has five aspects: a high concept, a trouble, a relationship and two free ones (Fate Core and Fate Accelerated: high concept, trouble and three more)

What is checked depends on the kind of character:

- a player character: the preset's aspect slots, skills from its list in its shape (or, once the
  character has advanced, the column rule), stunts against refresh, and stress boxes and
  consequence slots as the preset, skills and stunts give them;
- a major NPC: built like a PC (skills from the list, a high concept) but free of a PC's limits;
- a minor NPC: one to three aspects, one or two skills, at most three stress boxes, at most one
  stunt; a mob is a minor NPC with two or more members;
- a monster or other threat: anything goes, as long as the sheet itself is well formed.

With ``as_you_play`` on the sheet, empty slots are legal; over-full ones never are.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.aspects.stunts import ExtraConsequence, ExtraStress
from fatekit.rules.characters.character import (
    MOB_RULE,
    STUNT_HARM_RULE,
    Character,
    CharacterKind,
    SlotSpec,
    harm_capacity,
    own_stunts,
    package_aspects,
    sheet_refresh_cost,
)
from fatekit.rules.characters.counted import COUNTED_NO_SKILLS_RULE
from fatekit.rules.characters.modes import (
    MODE_RATINGS_RULE,
    MODE_UNTAKEN_RULE,
    ModeShape,
    mode_problems,
)
from fatekit.rules.characters.packages import (
    PACKAGE_COST_RULE,
    package_problems,
    packages_cost,
)
from fatekit.rules.characters.preset import (
    ASPECT_SLOTS_RULE,
    CONSEQUENCE_SLOTS_RULE,
    REFRESH_RULE,
    STUNT_SLOTS_RULE,
    SUPERB_EXTRA_MILD_RULE,
    Preset,
)
from fatekit.rules.characters.presets import get_preset
from fatekit.rules.characters.problems import Problem
from fatekit.rules.core.citations import CONDENSED, Rule, rule
from fatekit.rules.core.errors import IllegalAction
from fatekit.rules.core.ladder import format_rating
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.conditions import (
    CONDITIONS,
    CONDITIONS_APART_RULE,
    CONDITIONS_RULE,
    condition_slots,
)
from fatekit.rules.harm.consequences import Severity

__all__ = [
    "AS_YOU_PLAY_RULE",
    "MAJOR_NPC_RULE",
    "MINOR_NPC_RULE",
    "MONSTER_RULE",
    "NAME_RULE",
    "SKILL_LIST_RULE",
    "check_legal",
    "is_legal",
    "validate",
]

NAME_RULE = rule(
    "character.name",
    CONDENSED,
    "Создайте своих персонажей > Завершающие штрихи",
    "Every character has a name",
)
SKILL_LIST_RULE = rule(
    "character.skills-from-list",
    CONDENSED,
    "Создайте своих персонажей > Навыки",
    "A player character's skills come from the game's skill list",
)
AS_YOU_PLAY_RULE = rule(
    "character.as-you-play",
    CONDENSED,
    "Optional Rules > Character Creation As You Play",
    "A table may start characters with little more than a name and fill empty aspect, skill and "
    "stunt slots during play",
)
MAJOR_NPC_RULE = rule(
    "character.major-npc",
    CONDENSED,
    "Бытие Ведущего > NPCs > Major NPCs",
    "A major NPC is written up like a PC, with a high concept and skills from the list, but may "
    "go past a starting PC's limits",
)
MINOR_NPC_RULE = rule(
    "character.minor-npc",
    CONDENSED,
    "Бытие Ведущего > NPCs > Minor NPCs",
    "A minor NPC has one aspect (maybe two or three), one or two skills that may be free text, "
    "zero to three stress boxes, maybe a stunt, and normally no consequence slots",
)
MONSTER_RULE = rule(
    "character.monster",
    CONDENSED,
    "Бытие Ведущего > NPCs > Monsters, Big Bads, and Other Threats",
    "Monsters and other threats may have any mix of aspects, skills, stunts, stress and "
    "consequences",
)


def validate(character: Character, preset: Preset | None = None) -> list[Problem]:
    """Every problem with ``character`` under ``preset`` (by default the sheet's own preset)."""
    chosen = preset if preset is not None else get_preset(character.preset)
    problems: list[Problem] = []
    if not character.name.strip():
        problems.append(Problem("name", "the character has no name", NAME_RULE, "no_name"))
    if character.kind is CharacterKind.PC:
        problems += _pc_aspects(character, chosen)
        problems += _listed_skills(character, chosen, SKILL_LIST_RULE)
        problems += _pc_skill_shape(character, chosen)
        problems += _pc_stunts(character, chosen)
        problems += package_problems(
            chosen.packages,
            character.packages,
            character.stunts,
            [a.name for a in package_aspects(character)],
            as_you_play=character.as_you_play,
        )
        problems += _pc_harm(character, chosen)
    elif character.kind is CharacterKind.MAJOR_NPC:
        if character.high_concept is None and not character.as_you_play:
            problems.append(
                Problem(
                    "aspects.high_concept",
                    "a major NPC needs a high concept",
                    MAJOR_NPC_RULE,
                    "npc_high_concept",
                )
            )
        problems += _listed_skills(character, chosen, MAJOR_NPC_RULE)
    elif character.kind in (CharacterKind.MINOR_NPC, CharacterKind.MOB):
        problems += _minor(character)
    return problems


def is_legal(character: Character, preset: Preset | None = None) -> bool:
    """Whether the sheet has no problems."""
    return not validate(character, preset)


def check_legal(character: Character, preset: Preset | None = None) -> None:
    """Raise :class:`IllegalAction` for the first problem (its message lists them all)."""
    problems = validate(character, preset)
    if problems:
        listed = "; ".join(str(p) for p in problems)
        raise IllegalAction(f"{character.id} is not a legal character: {listed}", problems[0].rule)


# -- player characters ------------------------------------------------------------------------


def _slot_name(kind: AspectKind) -> str:
    return kind.value.replace("_", " ")


def _pc_aspects(character: Character, preset: Preset) -> list[Problem]:
    # A package's aspects (a power's drawback) fill no slot of the rule set's.
    granted = {a.id for a in package_aspects(character)}
    counts = Counter(a.kind for a in character.aspects if a.id not in granted)
    # An extreme consequence takes the place of the aspect it replaced.
    for slot in character.consequences:
        if slot.severity is Severity.EXTREME and slot.replaced is not None and slot.aspect:
            counts[slot.replaced.kind] += 1
    slots = {s.kind: s.count for s in preset.aspect_slots}
    problems = []
    for kind in counts:
        if kind not in slots:
            problems.append(
                Problem(
                    f"aspects.{kind.value}",
                    f"{preset.name} has no {_slot_name(kind)} slot",
                    ASPECT_SLOTS_RULE,
                    "no_slot",
                    (("kind", kind.value),),
                )
            )
    for kind, wanted in slots.items():
        have = counts[kind]
        label = "free aspect" if kind is AspectKind.CHARACTER else _slot_name(kind)
        if have > wanted:
            problems.append(
                Problem(
                    f"aspects.{kind.value}",
                    f"{have} {label}s but the sheet has room for {wanted}",
                    ASPECT_SLOTS_RULE,
                    "aspects_over",
                    (("kind", kind.value), ("have", have), ("wanted", wanted)),
                )
            )
        elif have < wanted and not character.as_you_play:
            detail = (
                f"no {label} written yet" if wanted == 1 else f"{have} of {wanted} {label}s written"
            )
            problems.append(
                Problem(
                    f"aspects.{kind.value}",
                    detail,
                    ASPECT_SLOTS_RULE,
                    "aspects_under",
                    (("kind", kind.value), ("have", have), ("wanted", wanted)),
                )
            )
    return problems


def _listed_skills(character: Character, preset: Preset, broken: Rule) -> list[Problem]:
    return [
        Problem(
            f"skills.{key}",
            f"{character.skill_labels.get(key, key)!r} is not on the {preset.name} skill list",
            broken,
            "not_listed",
            (("label", character.skill_labels.get(key, key)),),
        )
        for key in character.skills
        if not preset.has_skill(key)
    ]


def _pc_skill_shape(character: Character, preset: Preset) -> list[Problem]:
    if preset.counted is not None:
        return _no_skills(character)
    if isinstance(preset.shape, ModeShape):
        return mode_problems(
            preset.shape,
            character.modes,
            character.skill_improvements,
            {k: r for k, r in character.skills.items() if preset.has_skill(k)},
            partial=character.as_you_play,
            earned=character.skill_steps_earned,
        )
    elsewhere = _modes_elsewhere(character, preset)
    ratings = {k: r for k, r in character.skills.items() if preset.has_skill(k)}
    if character.skill_steps_earned == 0:
        return elsewhere + preset.shape.check(
            ratings, preset.skill_lists, partial=character.as_you_play
        )
    spent = character.skill_steps_earned - character.skill_steps_banked
    return elsewhere + preset.shape.check_advanced(ratings, preset.skill_lists, spent)


def _no_skills(character: Character) -> list[Problem]:
    """A PC in a rule set that counts aspects has no skill ratings (NPCs keep approaches)."""
    return [
        Problem(
            f"skills.{key}",
            f"{character.skill_labels.get(key, key)} is rated, but a PC here rolls the aspects "
            "it counts, not skills",
            COUNTED_NO_SKILLS_RULE,
            "counted_skill",
            (("label", character.skill_labels.get(key, key)),),
        )
        for key, rating in character.skills.items()
        if rating != 0
    ]


def _modes_elsewhere(character: Character, preset: Preset) -> list[Problem]:
    """Modes or improvements on a sheet whose rule set has no modes: refused, by name."""
    problems = [
        Problem(
            f"modes.{key}",
            f"{preset.name} has no modes, so no mode {key!r}",
            MODE_RATINGS_RULE,
            "mode_unknown",
            (("mode", key),),
        )
        for key in character.modes
    ]
    problems += [
        Problem(
            f"skill_improvements.{key}",
            f"{preset.name} has no modes to improve {key} within",
            MODE_UNTAKEN_RULE,
            "mode_untaken",
            (("skill", key),),
        )
        for key in character.skill_improvements
    ]
    return problems


def _pc_stunts(character: Character, preset: Preset) -> list[Problem]:
    count = len(own_stunts(character, preset))
    bought = packages_cost(preset.packages, character.packages)
    cost = sheet_refresh_cost(character, preset)
    budget = preset.refresh + character.refresh_awarded
    left = budget - cost
    problems = []
    names = [s.name for s in character.stunts]
    for name in sorted({n for n in names if names.count(n) > 1}):
        problems.append(
            Problem(
                "stunts",
                f"two stunts are both called {name!r}",
                STUNT_SLOTS_RULE,
                "stunt_twice",
                (("name", name),),
            )
        )
    if left < preset.min_refresh and preset.packages is not None and character.packages:
        problems.append(
            Problem(
                "packages",
                f"{count} stunts and {preset.packages.label} worth {bought} stunts cost {cost} "
                f"refresh beyond the {preset.packages.bonus_stunts} bonus and "
                f"{preset.free_stunts} free stunts, leaving {left}, but at least "
                f"{preset.min_refresh} refresh must remain",
                PACKAGE_COST_RULE,
                "package_refresh",
                (
                    ("count", count),
                    ("bought", bought),
                    ("bonus", preset.packages.bonus_stunts),
                    ("free", preset.free_stunts),
                    ("cost", cost),
                    ("left", left),
                    ("least", preset.min_refresh),
                ),
            )
        )
    elif left < preset.min_refresh:
        problems.append(
            Problem(
                "stunts",
                f"{count} stunts cost {cost} refresh beyond the {preset.free_stunts} free ones, "
                f"leaving {left}, but at least {preset.min_refresh} refresh must remain",
                STUNT_SLOTS_RULE,
                "stunt_refresh",
                (
                    ("count", count),
                    ("cost", cost),
                    ("free", preset.free_stunts),
                    ("left", left),
                    ("least", preset.min_refresh),
                ),
            )
        )
    elif character.refresh != left:
        awarded = f" + {character.refresh_awarded} awarded" if character.refresh_awarded else ""
        problems.append(
            Problem(
                "refresh",
                f"the sheet says {character.refresh}, but {preset.refresh}{awarded} less {cost} "
                f"for {count} stunts leaves {left}",
                REFRESH_RULE,
                "refresh",
                (("sheet", character.refresh), ("cost", cost), ("count", count), ("left", left)),
            )
        )
    return problems


def _pc_harm(character: Character, preset: Preset) -> list[Problem]:
    capacity = harm_capacity(preset, character.skills, character.stunts)
    problems = []
    why = STUNT_HARM_RULE if _has_harm_stunt(character) else preset.stress_rule
    for track in sorted(set(capacity.stress) | set(character.stress)):
        wanted = capacity.stress.get(track)
        found = character.stress.get(track)
        have = None if found is None else tuple(b.value for b in found.boxes)
        if have == wanted and (found is None or found.style is preset.stress_style):
            continue
        args: tuple[tuple[str, str | int], ...] = (("track", track.value),)
        if wanted is None:
            code, detail = "no_track", f"{preset.name} has no {track.value} stress track"
        elif have is None:
            code = "track_missing"
            detail = f"the {track.value} stress track is missing; it should be {_boxes(wanted)}"
            args += (("wanted", _boxes(wanted)),)
        elif have != wanted:
            code = "boxes"
            detail = f"boxes {_boxes(have)} but {_because(character, preset, track)} gives {_boxes(wanted)}"
            args += (("have", _boxes(have)), ("wanted", _boxes(wanted)))
        else:
            code = "box_style"
            detail = f"{preset.name} uses {preset.stress_style.value.replace('_', '-')} boxes"
            args += (("style", preset.stress_style.value),)
        problems.append(Problem(f"stress.{track.value}", detail, why, code, args))
    if any(s.condition is not None for s in character.consequences):
        return problems + _condition_boxes(character, capacity.consequences)
    wanted_slots = Counter(capacity.consequences)
    have_slots = Counter(
        SlotSpec(s.severity, s.track)
        for s in character.consequences
        if s.severity is not Severity.EXTREME
    )
    for spec in sorted(set(wanted_slots) | set(have_slots), key=_slot_order):
        diff = have_slots[spec] - wanted_slots[spec]
        if diff:
            kind = "" if spec.track is Track.ANY else f" for {spec.track.value} harm"
            detail = (
                f"{diff} {spec.severity.value} slot{'s' if diff > 1 else ''}{kind} too many"
                if diff > 0
                else f"missing {-diff} {spec.severity.value} slot{'s' if diff < -1 else ''}{kind}"
            )
            broken = CONSEQUENCE_SLOTS_RULE
            if spec.track is not Track.ANY:
                broken = STUNT_HARM_RULE if _has_harm_stunt(character) else SUPERB_EXTRA_MILD_RULE
            problems.append(
                Problem(
                    "consequences",
                    detail,
                    broken,
                    ("slots_over" if diff > 0 else "slots_under")
                    + ("" if spec.track is Track.ANY else "_for"),
                    (
                        ("n", abs(diff)),
                        ("severity", spec.severity.value),
                        ("track", spec.track.value),
                    ),
                )
            )
    for i, slot in enumerate(character.consequences):
        if slot.severity is Severity.EXTREME and slot.aspect is None:
            problems.append(
                Problem(
                    f"consequences.{i}",
                    "an empty extreme slot: extreme consequences are taken in play, not kept empty",
                    CONSEQUENCE_SLOTS_RULE,
                    "empty_extreme",
                )
            )
    return problems


def _condition_boxes(character: Character, specs: Sequence[SlotSpec]) -> list[Problem]:
    """A sheet playing conditions holds condition boxes, not the preset's consequence slots:
    the boxes its extra mild slots (Superb Physique or Will, stunts) turn into included."""
    # Boxes kept to their own kind of harm are the "further apart" variant's.
    apart = any(
        s.condition is not None and s.track is not Track.ANY for s in character.consequences
    )
    mild = [spec.track for spec in specs if spec.severity is Severity.MILD]
    wanted = Counter((s.condition, s.track) for s in condition_slots(mild[1:], apart=apart))
    have = Counter(
        (s.condition, s.track) for s in character.consequences if s.severity is not Severity.EXTREME
    )
    names = {c.key: c.name for c in CONDITIONS}
    why = CONDITIONS_APART_RULE if apart else CONDITIONS_RULE
    problems = []
    for condition, track in sorted(set(wanted) | set(have), key=lambda k: (k[0] or "", k[1])):
        diff = have[(condition, track)] - wanted[(condition, track)]
        if not diff:
            continue
        what = f"{names[condition]} box" if condition else "consequence slot"
        what += "es" if abs(diff) > 1 and condition else "s" if abs(diff) > 1 else ""
        detail = f"{diff} {what} too many" if diff > 0 else f"missing {-diff} {what}"
        code = ("boxes" if condition else "slots") + ("_over" if diff > 0 else "_under")
        args: tuple[tuple[str, str | int], ...] = (("n", abs(diff)), ("track", track.value))
        if condition:
            args += (("condition", names[condition]),)
        else:
            args += (("severity", "mild"),)
        problems.append(Problem("consequences", detail, why, f"condition_{code}", args))
    return problems


def _has_harm_stunt(character: Character) -> bool:
    return any(isinstance(s.effect, ExtraStress | ExtraConsequence) for s in character.stunts)


def _because(character: Character, preset: Preset, track: Track) -> str:
    for spec in preset.stress_tracks:
        if spec.track is track and spec.skill is not None:
            rating = character.rating(spec.skill)
            return f"{preset.skill_name(spec.skill)} {format_rating(rating)}"
    return preset.name


def _boxes(values: tuple[int, ...]) -> str:
    return "".join(f"[{v}]" for v in values) or "none"


def _slot_order(spec: SlotSpec) -> tuple[int, str]:
    return (list(Severity).index(spec.severity), spec.track.value)


# -- NPCs -------------------------------------------------------------------------------------


def _minor(character: Character) -> list[Problem]:
    problems = []
    aspects = len(character.aspects)
    if not 1 <= aspects <= 3:
        problems.append(
            Problem(
                "aspects",
                f"{aspects} aspects; a minor NPC has one to three",
                MINOR_NPC_RULE,
                "minor_aspects",
                (("n", aspects),),
            )
        )
    skills = len(character.skills)
    if not 1 <= skills <= 2:
        problems.append(
            Problem(
                "skills",
                f"{skills} skills; a minor NPC has one or two",
                MINOR_NPC_RULE,
                "minor_skills",
                (("n", skills),),
            )
        )
    boxes = sum(len(t.boxes) for t in character.stress.values())
    if boxes > 3:
        problems.append(
            Problem(
                "stress",
                f"{boxes} stress boxes; a minor NPC has at most three",
                MINOR_NPC_RULE,
                "minor_boxes",
                (("n", boxes),),
            )
        )
    if len(character.stunts) > 1:
        problems.append(
            Problem(
                "stunts",
                f"{len(character.stunts)} stunts; a minor NPC has at most one",
                MINOR_NPC_RULE,
                "minor_stunts",
                (("n", len(character.stunts)),),
            )
        )
    if character.kind is CharacterKind.MOB and character.members < 2:
        problems.append(
            Problem("members", "a mob has at least two members", MOB_RULE, "mob_members")
        )
    if character.kind is CharacterKind.MINOR_NPC and character.members != 1:
        problems.append(
            Problem(
                "members", "a minor NPC with several members is a mob", MOB_RULE, "minor_members"
            )
        )
    return problems
