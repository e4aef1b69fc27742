"""Characters: player characters, major and minor NPCs, monsters and mobs.

A :class:`Character` is the sheet: aspects (as :class:`Aspect` objects owned by the character),
skills by stable key, stunts, refresh and fate points, and the stress tracks and consequence slots
that absorb harm (see :mod:`fatekit.rules.harm.absorb`). Builders make sheets from a
:class:`Preset`; :mod:`fatekit.rules.characters.validation` says whether a sheet is legal for it.

Stress tracks and consequence slots follow from the preset, the skills that lengthen tracks
(Physique and Will by default) and stunts that add boxes or slots. :func:`harm_capacity` computes
them and :func:`refit_harm` brings a sheet up to date after its skills or stunts change, keeping
checked boxes and the consequences already written.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.aspects.stunts import ExtraConsequence, ExtraStress, Stunt
from fatekit.rules.characters.gear import CarriedGear
from fatekit.rules.characters.packages import (
    PACKAGE_ASPECT_PREFIX,
    BoughtPackage,
    granted_aspects,
    granted_stunts,
    packages_cost,
)
from fatekit.rules.characters.preset import CONSEQUENCE_SLOTS_RULE, Preset
from fatekit.rules.characters.presets import as_preset
from fatekit.rules.characters.skill_lists import skill_key
from fatekit.rules.core.citations import CONDENSED, CORE, rule
from fatekit.rules.core.clock import ClockMark
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.ladder import parse_rating
from fatekit.rules.core.teamwork import combine_skills
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.conditions import CONDITIONS, condition_slots
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
from fatekit.rules.harm.stress import StressBox, StressStyle, StressTrack
from fatekit.rules.harm.toolkit_conditions import MarkedCondition

__all__ = [
    "MOB_RULE",
    "STUNT_HARM_RULE",
    "Character",
    "CharacterKind",
    "HarmCapacity",
    "SlotSpec",
    "fitted_harm",
    "grant_packages",
    "harm_capacity",
    "major_npc",
    "minor_npc",
    "mob",
    "monster",
    "new_character",
    "package_aspects",
    "parse_minor_skill",
    "refit_harm",
    "sheet_refresh_cost",
    "stunt_refresh_cost",
]

STUNT_HARM_RULE = rule(
    "stunt.extra-stress-or-consequence",
    CONDENSED,
    "Создайте своих персонажей > Трюки",
    "A rule-changing stunt may give extra stress boxes or an extra consequence slot",
)
MOB_RULE = rule(
    "character.mob",
    CORE,
    "The Exchange",
    "Nameless NPCs may be run as a mob: identical minor NPCs acting as one, each member past the "
    "first adding +1 to the best member's skill as teamwork does (up to that skill's rating)",
)


class CharacterKind(StrEnum):
    """What sort of character a sheet describes; each has its own limits."""

    PC = "pc"
    MAJOR_NPC = "major_npc"
    MINOR_NPC = "minor_npc"
    MONSTER = "monster"
    MOB = "mob"
    #: Fate's fractal: a ship, a familiar, an organization with aspects, skills, stress and
    #: consequences of its own, acting and taking harm like a character, shared by the PCs in
    #: its ``shared_with``.
    EXTRA = "extra"


@dataclass(frozen=True, slots=True)
class SlotSpec:
    """A consequence slot a sheet should have: its severity and the harm it serves."""

    severity: Severity
    track: Track = Track.ANY


@dataclass(frozen=True, slots=True)
class HarmCapacity:
    """The stress boxes (values per track) and consequence slots a sheet should have."""

    stress: Mapping[Track, tuple[int, ...]]
    consequences: tuple[SlotSpec, ...]


@dataclass(slots=True)
class Character:
    """A character sheet.

    ``skills`` maps stable skill keys to ratings; a skill not listed is Mediocre (+0).
    ``skill_labels`` gives display text to skills that are not on the preset's list (a minor NPC
    "at Getting into Bar Fights", a monster's "Biting People"). ``refresh`` is the refresh left
    after buying stunts; ``refresh_awarded`` counts refresh a GM granted at breakthroughs.
    ``skill_steps_earned`` counts skill steps from advancement and ``skill_steps_banked`` those
    not spent yet. ``as_you_play`` marks a sheet filled in during play, whose empty slots are
    legal. ``members`` is the size of a mob (1 for everyone else). ``stunt_uses`` says when
    each stunt limited to once a scene or session was last used (by stunt name); ``gear`` is
    what the character carries with Weapon and Armor ratings. ``shared_with`` names the PCs whose
    players act for an extra too. ``weight`` is the individual weight the weight optional rule
    counts (1 for people; 0 to :data:`~fatekit.rules.options.weight.MAX_WEIGHT`). ``conditions``
    holds the rule set's conditions marked on the sheet (the Fate System Toolkit's), by key. In a
    rule set with modes, ``modes`` rates each mode taken and ``skill_improvements`` counts the
    steps bought for single skills; ``skills`` then hold the ratings they give
    (:func:`~fatekit.rules.characters.modes.mode_skill_ratings`).
    """

    id: str
    name: str
    preset: str = "condensed"
    kind: CharacterKind = CharacterKind.PC
    aspects: list[Aspect] = field(default_factory=list)
    skills: dict[str, int] = field(default_factory=dict)
    stunts: list[Stunt] = field(default_factory=list)
    refresh: int = 3
    fate_points: int = 0
    stress: dict[Track, StressTrack] = field(default_factory=dict)
    consequences: list[ConsequenceSlot] = field(default_factory=list)
    skill_labels: dict[str, str] = field(default_factory=dict)
    description: str = ""
    as_you_play: bool = False
    refresh_awarded: int = 0
    skill_steps_earned: int = 0
    skill_steps_banked: int = 0
    members: int = 1
    stunt_uses: dict[str, ClockMark] = field(default_factory=dict)
    gear: list[CarriedGear] = field(default_factory=list)
    shared_with: list[str] = field(default_factory=list)
    weight: int = 1
    #: The rule set's conditions marked on the sheet, by key (the Fate System Toolkit's).
    conditions: dict[str, MarkedCondition] = field(default_factory=dict)
    modes: dict[str, int] = field(default_factory=dict)
    skill_improvements: dict[str, int] = field(default_factory=dict)
    #: The rule set's packages bought (Venture City's powers); their stunts are in ``stunts``
    #: and their aspects in ``aspects`` (ids under ``<id>/package/``), as granted.
    packages: list[BoughtPackage] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.id.strip():
            raise BadInput("a character needs an id")
        for number, value in (
            ("refresh", self.refresh),
            ("fate points", self.fate_points),
            ("refresh awarded", self.refresh_awarded),
            ("skill steps earned", self.skill_steps_earned),
            ("banked skill steps", self.skill_steps_banked),
        ):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise BadInput(f"{self.id}: {number} must be a whole number of 0 or more")
        if self.skill_steps_banked > self.skill_steps_earned:
            raise BadInput(f"{self.id}: more skill steps banked than were ever earned")
        if self.members < 1:
            raise BadInput(f"{self.id}: a character has at least one member")
        if isinstance(self.weight, bool) or not isinstance(self.weight, int) or self.weight < 0:
            raise BadInput(f"{self.id}: weight must be a whole number of 0 or more")
        for key, rating in self.skills.items():
            if isinstance(rating, bool) or not isinstance(rating, int):
                raise BadInput(f"{self.id}: the rating of {key!r} must be a whole number")
        for what, numbers in (("mode", self.modes), ("improvement", self.skill_improvements)):
            for key, value in numbers.items():
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise BadInput(
                        f"{self.id}: the {what} {key!r} needs a whole number of 0 or more"
                    )
        ids = [a.id for a in self.aspects]
        if len(set(ids)) != len(ids):
            raise BadInput(f"{self.id}: two aspects share an id")
        for aspect in self.aspects:
            if aspect.owner != self.id:
                raise BadInput(f"aspect {aspect.id} belongs to {aspect.owner!r}, not {self.id!r}")
            if not aspect.kind.is_character_aspect:
                raise BadInput(
                    f"{aspect.label} is a {aspect.kind.value} aspect; a sheet holds character "
                    "aspects (consequences go in consequence slots)"
                )
            if not aspect.name.strip():
                raise BadInput(f"aspect {aspect.id} needs a name")
        for track, stress in self.stress.items():
            if stress.track is not track:
                raise BadInput(
                    f"{self.id}: the {track.value} entry holds a {stress.track.value} track"
                )

    def rating(self, skill: str) -> int:
        """The rating of ``skill`` (Mediocre (+0) when it is not on the sheet)."""
        return self.skills.get(skill, 0)

    def aspects_of(self, kind: AspectKind) -> list[Aspect]:
        """The character's aspects of one kind."""
        return [a for a in self.aspects if a.kind is kind]

    @property
    def high_concept(self) -> Aspect | None:
        """The high concept, if it has been written."""
        found = self.aspects_of(AspectKind.HIGH_CONCEPT)
        return found[0] if found else None

    def add_aspect(self, name: str, kind: AspectKind = AspectKind.CHARACTER) -> Aspect:
        """Write a new character aspect on the sheet (validation says whether there is room)."""
        if not name.strip():
            raise BadInput("an aspect needs a name")
        if not kind.is_character_aspect:
            raise BadInput(f"a sheet holds character aspects, not {kind.value} aspects")
        taken = {a.id for a in self.aspects}
        number = 1
        while f"{self.id}/{kind.value}/{number}" in taken:
            number += 1
        aspect = Aspect(f"{self.id}/{kind.value}/{number}", name.strip(), kind, owner=self.id)
        self.aspects.append(aspect)
        return aspect

    def mob_rating(self, skill: str) -> int:
        """A mob's rating for ``skill``: one member's rating plus +1 per other member who helps.

        Helpers need at least Average (+1), and the bonus is at most the rating itself.
        """
        base = self.rating(skill)
        team = combine_skills({f"{self.id}#{n}": base for n in range(self.members)})
        return base + team.bonus


def stunt_refresh_cost(preset: Preset, stunts: int, package_stunts: int = 0) -> int:
    """The refresh spent on ``stunts`` stunts and on packages costing ``package_stunts``: the
    rule set's bonus stunts pay for packages only, the free ones for anything, each further
    stunt costs some refresh."""
    bonus = min(package_stunts, preset.packages.bonus_stunts if preset.packages else 0)
    return max(0, stunts + package_stunts - bonus - preset.free_stunts) * preset.stunt_cost


def own_stunts(character: Character, preset: Preset) -> list[Stunt]:
    """The sheet's stunts less those its packages grant (matched by name)."""
    granted = {s.name for s in granted_stunts(preset.packages, character.packages)}
    return [s for s in character.stunts if s.name not in granted]


def sheet_refresh_cost(character: Character, preset: Preset, extra: int = 0) -> int:
    """The refresh the sheet's own stunts (and ``extra`` more) and its packages cost."""
    return stunt_refresh_cost(
        preset,
        len(own_stunts(character, preset)) + extra,
        packages_cost(preset.packages, character.packages),
    )


def package_aspects(character: Character) -> list[Aspect]:
    """The aspects on the sheet its packages granted (a drawback, say)."""
    prefix = f"{character.id}/{PACKAGE_ASPECT_PREFIX}/"
    return [a for a in character.aspects if a.id.startswith(prefix)]


def grant_packages(character: Character, preset: Preset) -> None:
    """Write on the sheet the stunts and aspects its packages grant that it lacks (a file or a
    builder names the packages only)."""
    names = {s.name for s in character.stunts}
    for stunt in granted_stunts(preset.packages, character.packages):
        if stunt.name not in names:
            character.stunts.append(stunt)
            names.add(stunt.name)
    held = Counter(a.name for a in package_aspects(character))
    taken = {a.id for a in character.aspects}
    number = 1
    for name in granted_aspects(preset.packages, character.packages):
        if held[name] > 0:
            held[name] -= 1
            continue
        while f"{character.id}/{PACKAGE_ASPECT_PREFIX}/{number}" in taken:
            number += 1
        aspect_id = f"{character.id}/{PACKAGE_ASPECT_PREFIX}/{number}"
        taken.add(aspect_id)
        character.aspects.append(Aspect(aspect_id, name, AspectKind.CHARACTER, owner=character.id))


def harm_capacity(
    preset: Preset, skills: Mapping[str, int], stunts: Iterable[Stunt]
) -> HarmCapacity:
    """The stress boxes and consequence slots a PC-like sheet has with these skills and stunts.

    The preset's box table gives each track's boxes from its skill; Superb (+5) or better adds a
    mild slot for that kind of harm; stunts add boxes (``ExtraStress``) or slots
    (``ExtraConsequence``). A stunt for ``Track.ANY`` harm adds to every track.
    """
    boxes = {spec.track: preset.stress_boxes(spec, skills) for spec in preset.stress_tracks}
    slots = [SlotSpec(s) for s in preset.consequence_slots]
    slots += [SlotSpec(Severity.MILD, t) for t in preset.extra_mild_tracks(skills)]
    slots += [SlotSpec(s.severity, s.harm) for s in preset.granted_slots(skills)]
    for stunt in stunts:
        effect = stunt.effect
        if isinstance(effect, ExtraStress):
            for track in boxes:
                if effect.track is Track.ANY or track is Track.ANY or track is effect.track:
                    boxes[track] = preset.boxes_after(boxes[track], effect.boxes)
        elif isinstance(effect, ExtraConsequence):
            try:
                severity = Severity(effect.severity)
            except ValueError:
                raise BadInput(
                    f"stunt {stunt.name!r} adds a {effect.severity!r} slot; a slot is mild, "
                    "moderate or severe"
                ) from None
            if severity is Severity.EXTREME:
                raise BadInput(f"stunt {stunt.name!r}: extreme consequences are not slots")
            slots.append(SlotSpec(severity, effect.track))
    return HarmCapacity(boxes, tuple(slots))


def _stress_from(preset: Preset, capacity: HarmCapacity) -> dict[Track, StressTrack]:
    return {
        track: StressTrack(track, preset.stress_style, [StressBox(v) for v in values])
        for track, values in capacity.stress.items()
    }


def _slots_from(capacity: HarmCapacity) -> list[ConsequenceSlot]:
    return [ConsequenceSlot.of(s.severity, s.track) for s in capacity.consequences]


def refit_harm(character: Character, preset: Preset) -> None:
    """Rebuild stress tracks and slots after skills or stunts changed, keeping what is marked.

    Checked boxes stay checked (box by box, from the left); consequences already taken keep their
    slots, as do extreme consequences. Raises :class:`IllegalAction`, changing nothing, when a
    slot holding a consequence would disappear. Only a sheet built like a PC's (a PC, a major
    NPC, an extra) takes its harm from its skills: a minor NPC's, a mob's or a monster's boxes and slots are
    the GM's to set, and a new rating leaves them as they are.
    """
    if character.kind not in (CharacterKind.PC, CharacterKind.MAJOR_NPC, CharacterKind.EXTRA):
        return
    stress, slots = fitted_harm(character, preset)
    character.stress = stress
    character.consequences = slots


def fitted_harm(
    character: Character,
    preset: Preset,
    *,
    skills: Mapping[str, int] | None = None,
    stunts: Sequence[Stunt] | None = None,
    keep_filled: bool = False,
) -> tuple[dict[Track, StressTrack], list[ConsequenceSlot]]:
    """The stress tracks and slots :func:`refit_harm` would give, without changing the sheet.

    ``skills`` and ``stunts`` stand in for the sheet's own, to see what a change would do. A
    filled slot the new sheet has no room for is refused, or with ``keep_filled`` (a change a
    table's log recorded, judged when it was made) kept.
    """
    capacity = harm_capacity(
        preset,
        character.skills if skills is None else skills,
        character.stunts if stunts is None else stunts,
    )
    stress = _stress_from(preset, capacity)
    for track, new in stress.items():
        old = character.stress.get(track)
        if old is not None:
            for box, was in zip(new.boxes, old.boxes, strict=False):
                box.marked = was.marked
    if any(slot.condition is not None for slot in character.consequences):
        return stress, _refit_conditions(character, capacity, keep_filled)
    wanted = Counter(capacity.consequences)
    kept = _kept_slots(
        character,
        keep_filled,
        wanted,
        lambda slot: SlotSpec(slot.severity, slot.track),
        lambda slot: (
            f"the {slot.severity.value} slot holding "
            f"{slot.aspect.label if slot.aspect else ''} would be lost; recover from it first"
        ),
    )
    extra = [ConsequenceSlot.of(s.severity, s.track) for s in wanted.elements()]
    # Keep the preset's order for the granted slots so indexes stay predictable.
    order = {spec: i for i, spec in reversed(list(enumerate(capacity.consequences)))}
    slots = sorted(
        kept + extra,
        key=lambda s: (
            s.severity is Severity.EXTREME,
            order.get(SlotSpec(s.severity, s.track), len(order)),
        ),
    )
    return stress, slots


def _refit_conditions(
    character: Character, capacity: HarmCapacity, keep_filled: bool
) -> list[ConsequenceSlot]:
    """Condition boxes for a sheet that plays with conditions (the optional rule), keeping the
    boxes already marked; a marked box that would disappear is refused."""
    apart = any(
        s.condition is not None and s.track is not Track.ANY for s in character.consequences
    )
    mild = [spec for spec in capacity.consequences if spec.severity is Severity.MILD]
    fresh = condition_slots([spec.track for spec in mild[1:]], apart=apart)
    wanted = Counter((s.condition, s.track) for s in fresh)
    kept = _kept_slots(
        character,
        keep_filled,
        wanted,
        lambda slot: (slot.condition, slot.track),
        lambda slot: (
            f"the {slot.condition or slot.severity.value} box marked with "
            f"{slot.aspect.label if slot.aspect else ''} would be lost; recover first"
        ),
    )
    extra: list[ConsequenceSlot] = []
    for box in fresh:
        if wanted[(box.condition, box.track)] > 0:
            wanted[(box.condition, box.track)] -= 1
            extra.append(box)
    order = {c.key: i for i, c in enumerate(CONDITIONS)}
    return sorted(
        kept + extra,
        key=lambda s: (s.severity is Severity.EXTREME, order.get(s.condition or "", len(order))),
    )


_Key = TypeVar("_Key")


def _kept_slots(
    character: Character,
    keep_filled: bool,
    wanted: Counter[_Key],
    key: Callable[[ConsequenceSlot], _Key],
    lost: Callable[[ConsequenceSlot], str],
) -> list[ConsequenceSlot]:
    """The character's slots the refitted sheet still has room for, each counted off ``wanted``
    by its ``key``; extreme ones always stay (taken in play, not granted by the sheet). A filled
    slot with no room left is refused with the message ``lost`` gives for it, unless
    ``keep_filled``: then it stays."""
    kept: list[ConsequenceSlot] = []
    for slot in character.consequences:
        if slot.severity is Severity.EXTREME:
            kept.append(slot)
        elif wanted[key(slot)] > 0:
            wanted[key(slot)] -= 1
            kept.append(slot)
        elif not slot.is_free:
            if not keep_filled:
                _lose_slot(lost(slot))
            kept.append(slot)
    return kept


def _lose_slot(message: str) -> None:
    raise IllegalAction(message, CONSEQUENCE_SLOTS_RULE)


def new_character(
    preset: Preset | str,
    id: str,
    name: str,
    *,
    high_concept: str | None = None,
    trouble: str | None = None,
    aspects: Sequence[tuple[AspectKind, str]] = (),
    skills: Mapping[str, int] | None = None,
    stunts: Sequence[Stunt] = (),
    as_you_play: bool = False,
    kind: CharacterKind = CharacterKind.PC,
    packages: Sequence[BoughtPackage] = (),
) -> Character:
    """A player character (or a major NPC) built for ``preset``.

    Refresh is the preset's, less the cost of stunts beyond the free ones and of the
    ``packages`` bought (whose stunts and aspects are written on the sheet); fate points start at
    refresh; stress and consequence slots follow from the skills and stunts. The result may still
    be illegal (too few skills, say): :func:`fatekit.rules.characters.validation.validate` says why.
    """
    chosen = as_preset(preset)
    character = Character(
        id=id,
        name=name,
        preset=chosen.key,
        kind=kind,
        skills=dict(skills or {}),
        stunts=list(stunts),
        as_you_play=as_you_play,
        packages=list(packages),
    )
    if high_concept:
        character.add_aspect(high_concept, AspectKind.HIGH_CONCEPT)
    if trouble:
        character.add_aspect(trouble, AspectKind.TROUBLE)
    for aspect_kind, text in aspects:
        character.add_aspect(text, aspect_kind)
    grant_packages(character, chosen)
    character.refresh = max(0, chosen.refresh - sheet_refresh_cost(character, chosen))
    character.fate_points = character.refresh
    refit_harm(character, chosen)
    return character


def major_npc(
    preset: Preset | str,
    id: str,
    name: str,
    *,
    high_concept: str | None = None,
    aspects: Sequence[tuple[AspectKind, str]] = (),
    skills: Mapping[str, int] | None = None,
    stunts: Sequence[Stunt] = (),
) -> Character:
    """A major NPC: built like a PC (see :func:`new_character`) but not held to a PC's limits."""
    return new_character(
        preset,
        id,
        name,
        high_concept=high_concept,
        aspects=aspects,
        skills=skills,
        stunts=stunts,
        kind=CharacterKind.MAJOR_NPC,
    )


_MINOR_SKILL = re.compile(r"^\s*(?P<rating>.+?)\s+at\s+(?P<name>\S.*?)\s*$", re.IGNORECASE)


def parse_minor_skill(text: str, preset: Preset) -> tuple[str, int, str | None]:
    """Read ``"Fair (+2) at Getting into Bar Fights"`` or ``"+3 at Fight"``.

    Returns the skill key, the rating, and a label when the skill is not on the preset's list
    (``None`` when it is, the list naming it already).
    """
    found = _MINOR_SKILL.match(text)
    if found is None:
        raise BadInput(
            f"{text!r} is not a skill: write a rating, 'at', and what they are good at, "
            "e.g. 'Fair (+2) at Getting into Bar Fights'"
        )
    rating = parse_rating(found.group("rating"))
    name = found.group("name")
    key = preset.find_skill(name)
    if key is not None:
        return key, rating, None
    return skill_key(name), rating, name


def minor_npc(
    preset: Preset | str,
    id: str,
    name: str,
    aspects: Sequence[str],
    skills: Sequence[str] | Mapping[str, int],
    *,
    stress_boxes: int = 0,
    stunts: Sequence[Stunt] = (),
    members: int = 1,
) -> Character:
    """A minor NPC: an aspect or two, one or two skills (free text allowed), a few stress boxes.

    The first aspect is the one that says what they are (written as the high concept). Their
    boxes sit on one track that takes any harm; they get no consequence slots. With
    ``members`` > 1 the sheet is a mob of that many identical NPCs.
    """
    chosen = as_preset(preset)
    kind = CharacterKind.MOB if members > 1 else CharacterKind.MINOR_NPC
    character = Character(
        id=id,
        name=name,
        preset=chosen.key,
        kind=kind,
        stunts=list(stunts),
        refresh=0,
        members=members,
    )
    for i, text in enumerate(aspects):
        character.add_aspect(text, AspectKind.HIGH_CONCEPT if i == 0 else AspectKind.CHARACTER)
    if isinstance(skills, Mapping):
        character.skills = dict(skills)
    else:
        for text in skills:
            key, rating, label = parse_minor_skill(text, chosen)
            character.skills[key] = rating
            if label is not None:
                character.skill_labels[key] = label
    if stress_boxes < 0:
        raise BadInput("stress boxes cannot be negative")
    if stress_boxes:
        character.stress = {Track.ANY: _plain_track(chosen.stress_style, stress_boxes)}
    return character


def mob(
    preset: Preset | str,
    id: str,
    name: str,
    members: int,
    aspects: Sequence[str],
    skills: Sequence[str] | Mapping[str, int],
    *,
    stress_boxes: int = 0,
) -> Character:
    """A mob of ``members`` identical minor NPCs acting as one."""
    if members < 2:
        raise BadInput(f"a mob has at least two members, not {members}")
    return minor_npc(preset, id, name, aspects, skills, stress_boxes=stress_boxes, members=members)


def monster(
    preset: Preset | str,
    id: str,
    name: str,
    *,
    aspects: Sequence[tuple[AspectKind, str]] = (),
    skills: Mapping[str, int] | None = None,
    skill_labels: Mapping[str, str] | None = None,
    stunts: Sequence[Stunt] = (),
    stress: Mapping[Track, int] | None = None,
    consequences: Sequence[SlotSpec] = (),
) -> Character:
    """A monster or other threat (a storm, a fire, a squad): any mix of parts, no limits."""
    chosen = as_preset(preset)
    character = Character(
        id=id,
        name=name,
        preset=chosen.key,
        kind=CharacterKind.MONSTER,
        skills=dict(skills or {}),
        skill_labels=dict(skill_labels or {}),
        stunts=list(stunts),
        refresh=0,
    )
    for aspect_kind, text in aspects:
        character.add_aspect(text, aspect_kind)
    character.stress = {
        track: _plain_track(chosen.stress_style, count, track)
        for track, count in (stress or {}).items()
    }
    character.consequences = [ConsequenceSlot.of(s.severity, s.track) for s in consequences]
    return character


def _plain_track(style: StressStyle, count: int, track: Track = Track.ANY) -> StressTrack:
    if style is StressStyle.ONE_POINT:
        return StressTrack.one_point(track, count)
    return StressTrack.escalating(track, count)
