"""Advancement: a PC's milestone change, a breakthrough after a major milestone, and skill steps
banked earlier spent later, each checked by the rules of advancement before the sheet is
rewritten.

Each event records the sheet as its move left it (:class:`~fatekit.table.base.SheetFact`), and
its fold step writes that sheet back without asking the rules of advancement again (the column
rule, refresh's floor, the milestone open), so a later fix to them changes the advancements made
after it. Events logged before sheets were recorded are played through the rules.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum

from fatekit.formats.character_json import character_from_dict, character_to_dict, stunt_dict
from fatekit.rules.aspects.stunts import Stunt
from fatekit.rules.characters.advancement import (
    MILESTONE_RULE,
    BuyStunt,
    MilestoneChoice,
    ReplaceSkill,
    RewriteAspect,
    RewriteStunt,
    SwapSkills,
    apply_breakthrough,
    apply_milestone,
    breakthrough_as_recorded,
    breakthrough_moment,
    milestone_as_recorded,
    raise_skills,
    skills_raised_as_recorded,
)
from fatekit.rules.characters.advancement import Breakthrough as BreakthroughChoice
from fatekit.rules.characters.character import Character, fitted_harm
from fatekit.rules.core.clock import Milestone as MilestoneKind
from fatekit.rules.core.clock import Moment
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.tracks import Track
from fatekit.rules.core.waivers import refuse
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
from fatekit.rules.harm.stress import StressBox, StressTrack
from fatekit.table.base import Command, Event, SheetFact, StuntText
from fatekit.table.codec import to_json
from fatekit.table.deciding import Context, acts_for, decides
from fatekit.table.facts import assign_facts, facts_of, records_sheet
from fatekit.table.folding import folds, judges
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shown_whole, shows
from fatekit.table.state import TableState
from fatekit.table.upcasting import older

# -- commands ----------------------------------------------------------------------------------


class ChangeKind(StrEnum):
    """The milestone changes a player may make (Fate Condensed § Advancement > Milestones)."""

    SWAP_SKILLS = "swap_skills"  # first, second
    REPLACE_SKILL = "replace_skill"  # old (an Average skill), new
    REWRITE_STUNT = "rewrite_stunt"  # old (the stunt's name), stunt
    BUY_STUNT = "buy_stunt"  # stunt
    REWRITE_ASPECT = "rewrite_aspect"  # aspect_id, name


@dataclass(frozen=True, slots=True, kw_only=True)
class MilestoneChange:
    """One milestone change, with the fields its ``kind`` needs (see :class:`ChangeKind`).

    ``stunt`` is a stunt as JSON text, written as in a character file's ``stunts`` list.
    """

    kind: ChangeKind
    first: str | None = None
    second: str | None = None
    old: str | None = None
    new: str | None = None
    stunt: StuntText | None = None
    aspect_id: str | None = None
    name: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Milestone(Command):
    """Spend a PC's open milestone on one change (the PC's owner, or the GM). ``EndSession``
    with a minor milestone opens one for every PC."""

    character_id: str
    choice: MilestoneChange


@dataclass(frozen=True, slots=True, kw_only=True)
class Breakthrough(Command):
    """Spend a PC's open breakthrough (``EndSession`` with a major milestone opens one).

    ``milestone`` is its one milestone change; ``high_concept`` rewrites the high concept;
    ``recovery_names`` gives (consequence aspect id, new name) for each untreated moderate or
    severe consequence the player chooses to start recovering (none needed);
    ``clear_recovering`` names the consequences already recovering the player chooses to clear
    (``None``: every one, as before the choice existed); ``raise_now`` spends skill steps. ``gm_refresh`` and ``gm_skill_step``
    are the GM's power-up, set by a GM seat only.
    """

    character_id: str
    milestone: MilestoneChange | None = None
    high_concept: str | None = None
    recovery_names: tuple[tuple[str, str], ...] = ()
    clear_recovering: tuple[str, ...] | None = None
    raise_now: tuple[str, ...] = ()
    gm_refresh: bool = False
    gm_skill_step: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class RaiseSkills(Command):
    """Spend skill steps a PC banked at earlier breakthroughs (the PC's owner, or the GM): one
    entry in ``steps`` per step, all raised together so the column rule is checked on the result.
    No milestone needs to be open, but a sheet does not change during a conflict."""

    character_id: str
    steps: tuple[str, ...]


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class MilestoneTaken(Event):
    """A PC spent an open milestone on one change."""

    character_id: str
    choice: MilestoneChange


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakthroughTaken(Event):
    """A PC spent an open breakthrough."""

    character_id: str
    milestone: MilestoneChange | None
    high_concept: str | None
    recovery_names: tuple[tuple[str, str], ...]
    raise_now: tuple[str, ...]
    gm_refresh: bool
    gm_skill_step: bool
    # Added with the player's choice of what clears; a payload without it cleared every one.
    clear_recovering: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SkillsRaised(Event):
    """A PC spent banked skill steps."""

    character_id: str
    steps: tuple[str, ...]


# -- who may, and the events a command becomes -------------------------------------------------


acts_for(Milestone, MilestoneTaken, "advance them", lambda asked: asked.character_id)
acts_for(RaiseSkills, SkillsRaised, "raise their skills", lambda asked: asked.character_id)


@decides(Breakthrough)
def _breakthrough(context: Context, command: Breakthrough) -> list[Event]:
    context.require_control(command.character_id, "advance them")
    if command.gm_refresh or command.gm_skill_step:
        context.require_gm("add refresh or a skill step at a breakthrough")
    return [context.event_from(BreakthroughTaken, command)]


# -- the fold ----------------------------------------------------------------------------------

for _advancing in (MilestoneTaken, BreakthroughTaken, SkillsRaised):
    records_sheet(_advancing)


def _recorded_sheet(state: TableState, event: Event) -> bool:
    """Write the sheet an older release recorded on ``event``, if it did (and say so): as it
    was decided, with no rule of advancement asked again; its stress boxes and slots as its
    skills and stunts give them, keeping what they hold."""
    facts = event.facts
    if facts is None or not facts.sheets:
        return False
    for sheet in facts.sheets:
        _write_sheet(state, sheet)
    state.milestones.pop(facts.sheets[0].character, None)
    state.game.sync_sheets()
    return True


def _write_sheet(state: TableState, sheet: SheetFact) -> None:
    character = state.game.characters[sheet.character]
    skills = dict(sheet.skills)
    stunts = _stunts(character, sheet)
    # The stress boxes and slots the sheet's skills and stunts give, as when a sheet is read.
    stress, slots = fitted_harm(
        character, state.game.ruleset.preset, skills=skills, stunts=stunts, keep_filled=True
    )
    _write_parts(character, sheet, skills, stunts)
    character.stress = stress
    character.consequences = slots
    mark = state.game.clock.mark(breakthrough_moment())
    for index, name in sheet.recovering:
        character.consequences[index].recovery_started(name, mark)


def _stunts(character: Character, sheet: SheetFact) -> list[Stunt]:
    stunts = list(character.stunts)
    if tuple(json.dumps(stunt_dict(s), sort_keys=True) for s in stunts) != sheet.stunts:
        stunts = [_stunt(character, text) for text in sheet.stunts]
    return stunts


def _write_parts(
    character: Character, sheet: SheetFact, skills: dict[str, int], stunts: list[Stunt]
) -> None:
    character.skills = skills
    character.stunts = stunts
    character.refresh = sheet.refresh
    names = dict(sheet.aspects)
    for aspect in character.aspects:
        aspect.name = names.get(aspect.id, aspect.name)
    character.skill_steps_banked = sheet.banked
    character.skill_steps_earned = sheet.earned
    character.refresh_awarded = sheet.awarded


def _advanced(state: TableState, event: Event) -> None:
    """The fold of an advancement: the sheet as it recorded it, its stress boxes and slots laid
    out as recorded (what they hold is the facts' to say)."""
    facts = facts_of(event)
    for sheet in facts.sheets or ():
        character = state.game.characters[sheet.character]
        _write_parts(character, sheet, dict(sheet.skills), _stunts(character, sheet))
        character.stress = {
            Track(track): StressTrack(
                Track(track),
                state.game.ruleset.preset.stress_style,
                [StressBox(value) for value in values],
            )
            for track, values in sheet.stress or ()
        }
        character.consequences = [
            ConsequenceSlot(
                Severity(slot.severity), slot.shifts, Track(slot.track), condition=slot.condition
            )
            for slot in sheet.slots or ()
        ]
        state.milestones.pop(sheet.character, None)
    assign_facts(state, facts)


@judges(MilestoneTaken)
def _judge_milestone_taken(state: TableState, event: MilestoneTaken) -> None:
    character = _open_milestone(state, event.character_id, MilestoneKind.MINOR)
    apply_milestone(character, milestone_choice(character, event.choice), state.game.ruleset.preset)
    state.milestones.pop(character.id, None)  # none open when the GM allowed one anyway
    state.game.sync_sheets()


@folds(MilestoneTaken)
@folds(BreakthroughTaken)
@folds(SkillsRaised)
def _advancement(state: TableState, event: Event) -> None:
    _advanced(state, event)


@older(MilestoneTaken)
def _milestone_taken_older(state: TableState, event: MilestoneTaken) -> None:
    if _recorded_sheet(state, event):
        return
    character = state.game.characters[event.character_id]
    choice = milestone_choice(character, event.choice)
    milestone_as_recorded(character, choice, state.game.ruleset.preset)
    state.milestones.pop(character.id, None)
    state.game.sync_sheets()


@judges(BreakthroughTaken)
def _judge_breakthrough_taken(state: TableState, event: BreakthroughTaken) -> None:
    character = _open_milestone(state, event.character_id, MilestoneKind.MAJOR)
    names = dict(event.recovery_names)
    if len(names) != len(event.recovery_names):
        raise BadInput("each consequence is renamed once")
    # The clock reached the major milestone when the session ended, as the rules ask.
    choice = _breakthrough_choice(character, event)
    apply_breakthrough(character, choice, state.game.clock, state.game.ruleset.preset)
    state.milestones.pop(character.id, None)  # none open when the GM allowed one anyway
    state.game.sync_sheets()


@older(BreakthroughTaken)
def _breakthrough_taken_older(state: TableState, event: BreakthroughTaken) -> None:
    if _recorded_sheet(state, event):
        return
    # Logged before events recorded facts: as fatekit played a breakthrough then (before
    # issue 27), its recovery started during the session and every recovering consequence
    # cleared.
    character = state.game.characters[event.character_id]
    breakthrough_as_recorded(
        character,
        _breakthrough_choice(character, event),
        state.game.clock,
        state.game.ruleset.preset,
        moment=Moment.SCENE if event.facts is None else None,
        clear_all=event.facts is None,
    )
    state.milestones.pop(character.id, None)
    state.game.sync_sheets()


def _breakthrough_choice(character: Character, event: BreakthroughTaken) -> BreakthroughChoice:
    return BreakthroughChoice(
        milestone=None if event.milestone is None else milestone_choice(character, event.milestone),
        high_concept=event.high_concept,
        recovery_names=dict(event.recovery_names),
        clear_recovering=(
            None if event.clear_recovering is None else frozenset(event.clear_recovering)
        ),
        raise_now=event.raise_now,
        gm_refresh=event.gm_refresh,
        gm_skill_step=event.gm_skill_step,
    )


@judges(SkillsRaised)
def _judge_skills_raised(state: TableState, event: SkillsRaised) -> None:
    character = state.game.character(event.character_id)
    if state.conflict is not None:
        raise BadInput("a sheet cannot change during a conflict", code="sheet_in_conflict")
    # The rules check the banked count and the column rule, and change nothing when they refuse.
    raise_skills(character, event.steps, state.game.ruleset.preset)
    state.game.sync_sheets()


@older(SkillsRaised)
def _skills_raised_older(state: TableState, event: SkillsRaised) -> None:
    if _recorded_sheet(state, event):
        return
    character = state.game.characters[event.character_id]
    skills_raised_as_recorded(character, event.steps, state.game.ruleset.preset)
    state.game.sync_sheets()


def _open_milestone(state: TableState, character_id: str, kind: MilestoneKind) -> Character:
    character = state.game.character(character_id)
    if state.conflict is not None:
        raise BadInput("a sheet cannot change during a conflict", code="sheet_in_conflict")
    if state.milestones.get(character_id) is not kind:
        what = "milestone" if kind is MilestoneKind.MINOR else "breakthrough"
        refuse(
            f"{character.name} has no {what} to spend: the GM opens one by ending a session at "
            f"a {kind.value} milestone",
            MILESTONE_RULE,
        )
    return character


def milestone_choice(character: Character, change: MilestoneChange) -> MilestoneChoice:
    """The rules' milestone change for a table's :class:`MilestoneChange`, checking that it
    gives exactly the fields its kind needs."""
    needs = {
        ChangeKind.SWAP_SKILLS: ("first", "second"),
        ChangeKind.REPLACE_SKILL: ("old", "new"),
        ChangeKind.REWRITE_STUNT: ("old", "stunt"),
        ChangeKind.BUY_STUNT: ("stunt",),
        ChangeKind.REWRITE_ASPECT: ("aspect_id", "name"),
    }[change.kind]
    given = {
        name: getattr(change, name)
        for name in ("first", "second", "old", "new", "stunt", "aspect_id", "name")
        if getattr(change, name) is not None
    }
    if set(given) != set(needs):
        raise BadInput(f"a {change.kind.value} change takes {' and '.join(needs)}, and only those")
    if change.kind is ChangeKind.SWAP_SKILLS:
        return SwapSkills(given["first"], given["second"])
    if change.kind is ChangeKind.REPLACE_SKILL:
        return ReplaceSkill(given["old"], given["new"])
    if change.kind is ChangeKind.REWRITE_STUNT:
        return RewriteStunt(given["old"], _stunt(character, given["stunt"]))
    if change.kind is ChangeKind.BUY_STUNT:
        return BuyStunt(_stunt(character, given["stunt"]))
    return RewriteAspect(given["aspect_id"], given["name"])


def _stunt(character: Character, text: str) -> Stunt:
    # A stunt is read as the character file reads it, schema and all: put it on a copy of the
    # sheet and read that back.
    try:
        data = json.loads(text)
    except ValueError as error:
        raise BadInput(f"the stunt is not JSON: {error}") from None
    except RecursionError:
        raise BadInput("the stunt is not a stunt: its JSON is nested too deeply") from None
    sheet = character_to_dict(character)
    sheet["stunts"] = [data]
    # Without the bounds: the stunt met them when its command was decided, and the rest of the
    # sheet is the table's own (a log's, perhaps, from before them).
    return character_from_dict(sheet, bounded=False).character.stunts[0]


# -- what each seat sees -----------------------------------------------------------------------

shown_whole(SkillsRaised)


@shows(MilestoneTaken)
def _show_milestone(viewer: Viewer, event: MilestoneTaken, data: JSON) -> JSON:
    data["choice"] = _change_for(viewer, event.choice)
    return data


@shows(BreakthroughTaken)
def _show_breakthrough(viewer: Viewer, event: BreakthroughTaken, data: JSON) -> JSON:
    if event.milestone is not None:
        data["milestone"] = _change_for(viewer, event.milestone)
    if event.high_concept is not None and not _sees_high_concept(viewer, event.character_id):
        data["high_concept"] = None  # the new name of a high concept the seat may not see
    data["recovery_names"] = [
        [aspect_id, name if viewer.sees_aspect_id(aspect_id) else None]
        for aspect_id, name in event.recovery_names
    ]
    return data


def _change_for(viewer: Viewer, change: MilestoneChange) -> JSON:
    # Rewriting an aspect the seat may not see must not tell it the aspect's new name.
    out: JSON = to_json(change)
    if change.kind is ChangeKind.REWRITE_ASPECT and not viewer.sees_aspect_id(change.aspect_id):
        out["aspect_id"], out["name"] = None, None
    return out


def _sees_high_concept(viewer: Viewer, character_id: str) -> bool:
    try:
        found = viewer.state.game.character(character_id).high_concept
    except BadInput:
        return False  # gone since (undone): nothing to say of it
    return found is not None and viewer.sees_aspect(found)
