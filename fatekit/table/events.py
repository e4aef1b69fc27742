"""Events: what happened at a table, as frozen values numbered by version.

Every event carries the table id, its version (its place in the table's log, from 1), the seat
whose command caused it and when. Events hold everything needed to fold them into the state
(:func:`fatekit.table.apply`) with no further input: the dice that were rolled, the ids the rules
gave new aspects, the sheets of new characters. Replaying a log therefore gives the same table
every time.

Fields added to an event after it was first published have defaults, so logs written before
still read (and fold) as they did.
"""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.aspects.compels import CompelKind
from fatekit.rules.aspects.invokes import InvokeEffect
from fatekit.rules.aspects.stunts import Track
from fatekit.rules.core.actions import Action
from fatekit.rules.options.big_bad_solo import SuppressMode
from fatekit.rules.options.big_bads import ImmunityKind
from fatekit.rules.options.countdowns import Visibility
from fatekit.rules.options.obstacles import CoverUse
from fatekit.rules.options.scale import ScaleBenefit
from fatekit.rules.scenes.clock import Milestone
from fatekit.rules.scenes.conflict import ConflictKind, FocusKind
from fatekit.table.commands import CompelAnswer, ExtremeConsequence, MilestoneChange
from fatekit.table.seats import NoteVisibility, Role

__all__ = [
    "EVENT_TYPES",
    "AdvantageRolled",
    "AspectRemoved",
    "AspectRevealed",
    "AttackRolled",
    "BigBadSet",
    "BlockAdded",
    "BreakthroughTaken",
    "ChallengeEnded",
    "ChallengeRolled",
    "ChallengeStarted",
    "CharacterAdded",
    "CharacterRevealed",
    "CharacterUpdated",
    "CompelAnswered",
    "CompelOffered",
    "Conceded",
    "ConflictFinished",
    "ConflictStarted",
    "ContestEnded",
    "ContestForfeited",
    "ContestRolled",
    "ContestStarted",
    "CountdownAdded",
    "CountdownMarked",
    "Equipped",
    "Event",
    "FreeInvokePassed",
    "FullDefenseTaken",
    "HazardAdded",
    "HitAbsorbed",
    "ImmunityBroken",
    "Invoked",
    "MilestoneTaken",
    "MinionShielded",
    "MissedEveryone",
    "Moved",
    "NoteAdded",
    "OvercomeRolled",
    "RollMade",
    "RollResolved",
    "ScaleSet",
    "SceneEnded",
    "SceneStarted",
    "SeatAdded",
    "SeatRemoved",
    "SelfCompelAnswered",
    "SelfCompelAsked",
    "SessionEnded",
    "SessionStarted",
    "SituationAspectAdded",
    "SplitAttackRolled",
    "StoryDetailDeclared",
    "TableCreated",
    "TakenOut",
    "TargetsAssigned",
    "TargetsResolved",
    "TemplateAdded",
    "TemplateRemoved",
    "TriggerFired",
    "TurnEnded",
    "Undone",
    "ZoneAttackRolled",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """What every event carries: where it belongs in which log, who caused it and when."""

    table_id: str
    version: int
    seat: str
    at: str  # ISO 8601, UTC


@dataclass(frozen=True, slots=True, kw_only=True)
class TableCreated(Event):
    """A table was opened with its ruleset and its first GM."""

    name: str
    preset: str
    options: tuple[str, ...]
    skill_list: str | None
    gm_seat: str
    gm_name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatAdded(Event):
    """Someone new sat down."""

    seat_id: str
    role: Role
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRemoved(Event):
    """A seat was taken away; its characters went to the GM."""

    seat_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CharacterAdded(Event):
    """A character came to the table (``sheet``: its character file, JSON text)."""

    character_id: str
    sheet: str
    owner: str | None
    revealed: bool
    hidden_aspects: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CharacterUpdated(Event):
    """A sheet was rewritten."""

    character_id: str
    sheet: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CharacterRevealed(Event):
    """An NPC's sheet was shown to the players."""

    character_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionStarted(Event):
    """A session began."""

    number: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionEnded(Event):
    """A session ended, perhaps at a milestone."""

    milestone: Milestone | None


@dataclass(frozen=True, slots=True, kw_only=True)
class SceneStarted(Event):
    """A scene began."""

    name: str
    participants: tuple[str, ...]
    zones: tuple[str, ...]
    links: tuple[tuple[str, str], ...]
    positions: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SceneEnded(Event):
    """The scene ended."""

    keep: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SituationAspectAdded(Event):
    """A situation or zone aspect was put in the scene, under the id ``aspect_id``."""

    aspect_id: str
    name: str
    zone: str | None
    hidden: bool
    known_to: tuple[str, ...]
    free_invokes: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class AspectRevealed(Event):
    """A hidden aspect was revealed (to everyone, or to the characters in ``to``)."""

    aspect_id: str
    to: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class AspectRemoved(Event):
    """A scene aspect left play."""

    aspect_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CountdownAdded(Event):
    """A countdown started."""

    countdown_id: str
    name: str
    boxes: int
    outcome: str
    triggers: tuple[str, ...]
    visibility: Visibility


@dataclass(frozen=True, slots=True, kw_only=True)
class CountdownMarked(Event):
    """The GM marked boxes of a countdown."""

    countdown_id: str
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TriggerFired(Event):
    """Something happened that countdowns may count."""

    trigger: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CompelOffered(Event):
    """A compel was offered (``offered_by``: a character, or ``None`` for the GM)."""

    compel_id: str
    aspect_id: str
    target: str
    complication: str
    offered_by: str | None
    kind: CompelKind


@dataclass(frozen=True, slots=True, kw_only=True)
class CompelAnswered(Event):
    """A compel was accepted, refused or withdrawn."""

    compel_id: str
    answer: CompelAnswer


@dataclass(frozen=True, slots=True, kw_only=True)
class RollMade(Event):
    """An action roll outside a conflict, with the dice as they fell."""

    actor: str
    action: Action
    skill: str
    difficulty: int | None
    against: str | None
    defend_skill: str | None
    aspect_id: str | None
    faces: str
    defend_faces: str | None
    stunts: tuple[str, ...] = ()
    hidden_difficulty: bool = False  # the GM's screen: kept from the players


@dataclass(frozen=True, slots=True, kw_only=True)
class Invoked(Event):
    """An aspect was invoked on the roll in play (``faces``: the new dice of a reroll)."""

    aspect_id: str
    by: str
    effect: InvokeEffect
    free: bool
    on_defence: bool
    faces: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class RollResolved(Event):
    """The roll in play was settled with ``option``."""

    option: str | None
    aspect_name: str
    boost_names: tuple[tuple[str, str], ...]
    created: tuple[str, ...]  # ids of the aspects the outcome created, as the rules gave them


@dataclass(frozen=True, slots=True, kw_only=True)
class ConflictStarted(Event):
    """A conflict began."""

    sides: tuple[tuple[str, tuple[str, ...]], ...]
    kind: ConflictKind
    first: str | None
    group_npcs: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackRolled(Event):
    """An attack and its defence were rolled."""

    actor: str
    target: str
    skill: str
    defend_skill: str | None
    defender: str | None
    forgo_defense: bool
    ranged: bool
    faces: str
    defend_faces: str | None
    helpers: tuple[str, ...] = ()
    scale_benefit: ScaleBenefit | None = None
    cover: str | None = None
    cover_use: CoverUse = CoverUse.MITIGATE
    into_block: str | None = None
    stunts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class AdvantageRolled(Event):
    """A create an advantage in a conflict was rolled."""

    actor: str
    skill: str
    difficulty: int | None
    against: str | None
    defend_skill: str | None
    aspect_id: str | None
    zone: str | None
    faces: str
    defend_faces: str | None
    helpers: tuple[str, ...] = ()
    scale_benefit: ScaleBenefit | None = None
    stunts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class OvercomeRolled(Event):
    """An overcome in a conflict was rolled."""

    actor: str
    skill: str
    difficulty: int | None
    against: str | None
    defend_skill: str | None
    move_to: str | None
    faces: str
    defend_faces: str | None
    helpers: tuple[str, ...] = ()
    scale_benefit: ScaleBenefit | None = None
    block: str | None = None
    remove_block: bool = False
    disable_hazard: str | None = None
    stunts: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class FullDefenseTaken(Event):
    """The current actor went on full defense (with a focus, in Fate Condensed's version)."""

    actor: str
    focus: FocusKind | None = None
    who: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(Event):
    """The current actor made their free move."""

    actor: str
    to: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HitAbsorbed(Event):
    """The pending hit on ``target`` was absorbed."""

    target: str
    boxes: tuple[int, ...]
    slots: tuple[int, ...]
    names: tuple[tuple[int, str], ...]
    extreme: ExtremeConsequence | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TakenOut(Event):
    """The pending hit took ``target`` out."""

    target: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Conceded(Event):
    """A participant conceded."""

    character_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnEnded(Event):
    """The turn passed to ``next_actor``."""

    next_actor: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class ConflictFinished(Event):
    """The conflict's books were closed."""

    into: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class NoteAdded(Event):
    """A note was written (narration, a GM note or a private note)."""

    note_id: str
    text: str
    visibility: NoteVisibility


@dataclass(frozen=True, slots=True, kw_only=True)
class Undone(Event):
    """Every event from ``target_version`` up to this one no longer counts."""

    target_version: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TemplateAdded(Event):
    """A character template was offered to the players."""

    template_id: str
    name: str
    sheet: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TemplateRemoved(Event):
    """A character template was withdrawn."""

    template_id: str


# -- contests and challenges -----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestStarted(Event):
    """A contest began."""

    sides: tuple[tuple[str, tuple[str, ...]], ...]
    intents: tuple[tuple[str, str], ...]
    victories_needed: int
    harmful_to: tuple[str, ...]
    faster: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestRolled(Event):
    """A side rolled its overcome for the exchange, with the dice as they fell."""

    side: str
    actor: str
    skill: str
    bonus: int
    faces: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestForfeited(Event):
    """A side gave up its roll this exchange."""

    side: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestEnded(Event):
    """The contest was closed."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ChallengeStarted(Event):
    """A challenge began with its tasks."""

    tasks: tuple[tuple[str, str, str, int], ...]
    in_conflict: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ChallengeRolled(Event):
    """A task of the challenge was rolled, with the dice and the option chosen."""

    task: str
    actor: str
    faces: str
    option: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class ChallengeEnded(Event):
    """The challenge was closed."""


# -- the optional rules in a conflict ---------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class MinionShielded(Event):
    """A big bad threw ``minion`` in front of the pending hit; the minion takes it."""

    minion: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Equipped(Event):
    """A participant's Weapon and Armor ratings were set."""

    character_id: str
    weapon: int
    armor: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ScaleSet(Event):
    """A participant was put at a scale level."""

    character_id: str
    level: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HazardAdded(Event):
    """A hazard joined the conflict on ``side`` (as a participant with the id ``hazard_id``)."""

    hazard_id: str
    name: str
    rating: int
    weapon: int
    side: str
    zone: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class BlockAdded(Event):
    """A block was put in the scene; its name is the aspect ``aspect_id``."""

    block_id: str
    name: str
    rating: int
    weapon: int
    harmful: bool
    cover: bool
    zone: str | None
    aspect_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SplitAttackRolled(Event):
    """An attack to split among several targets was rolled."""

    actor: str
    skill: str
    faces: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ZoneAttackRolled(Event):
    """An attack on everyone in a zone was rolled."""

    actor: str
    skill: str
    zone: str
    faces: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TargetsAssigned(Event):
    """A split or zone attack was aimed; every target's defence, with its dice."""

    split: tuple[tuple[str, int], ...]
    defend_skills: tuple[tuple[str, str], ...]
    defend_faces: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TargetsResolved(Event):
    """Every target of a split or zone attack was settled (``options``: (target, option))."""

    options: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class MissedEveryone(Event):
    """A split or zone attack reached nobody."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BigBadSet(Event):
    """A participant became a big bad (``forms``: the sheets of its later true forms)."""

    character_id: str
    minions: tuple[str, ...]
    immunity: ImmunityKind | None
    immunity_harm: Track
    forms: tuple[str, ...]
    gentle: bool
    scale: str | None
    solo_skill: bool
    solo_skill_capped: bool
    solo_stress: bool
    solo_stress_floor_one: bool
    solo_amplified: bool
    solo_suppress: SuppressMode | None
    solo_no_free_stacking: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ImmunityBroken(Event):
    """A big bad's immunity was settled (by the challenge, or the contest's winner)."""

    character_id: str
    contest_side: str | None


# -- aspects and fate points ------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class FreeInvokePassed(Event):
    """A free invoke on an aspect changed hands."""

    aspect_id: str
    from_character: str
    to_character: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StoryDetailDeclared(Event):
    """A fate point was spent on an aspect to make a detail true."""

    aspect_id: str
    by: str
    detail: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SelfCompelAsked(Event):
    """A player asked for a fate point for a complication their aspect brought on."""

    compel_id: str
    aspect_id: str
    target: str
    complication: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SelfCompelAnswered(Event):
    """The GM agreed to a self-compel (the fate point moved) or turned it down."""

    compel_id: str
    accepted: bool


# -- advancement ------------------------------------------------------------------------------


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


#: Every event by its type name, as the store records them.
EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls
    for cls in (
        TableCreated,
        SeatAdded,
        SeatRemoved,
        CharacterAdded,
        CharacterUpdated,
        CharacterRevealed,
        SessionStarted,
        SessionEnded,
        SceneStarted,
        SceneEnded,
        SituationAspectAdded,
        AspectRevealed,
        AspectRemoved,
        CountdownAdded,
        CountdownMarked,
        TriggerFired,
        CompelOffered,
        CompelAnswered,
        RollMade,
        Invoked,
        RollResolved,
        ConflictStarted,
        AttackRolled,
        AdvantageRolled,
        OvercomeRolled,
        FullDefenseTaken,
        Moved,
        HitAbsorbed,
        TakenOut,
        Conceded,
        TurnEnded,
        ConflictFinished,
        TemplateAdded,
        TemplateRemoved,
        ContestStarted,
        ContestRolled,
        ContestForfeited,
        ContestEnded,
        ChallengeStarted,
        ChallengeRolled,
        ChallengeEnded,
        MinionShielded,
        Equipped,
        ScaleSet,
        HazardAdded,
        BlockAdded,
        SplitAttackRolled,
        ZoneAttackRolled,
        TargetsAssigned,
        TargetsResolved,
        MissedEveryone,
        BigBadSet,
        ImmunityBroken,
        FreeInvokePassed,
        StoryDetailDeclared,
        SelfCompelAsked,
        SelfCompelAnswered,
        MilestoneTaken,
        BreakthroughTaken,
        NoteAdded,
        Undone,
    )
}

# -- the GM's screen: secrets and prepared scenes (fatekit.table.screen) -----------------------
# Defined in their own package, which needs Event from above; registered here with the rest.
from fatekit.table.screen.events import EVENTS as _SCREEN_EVENTS  # noqa: E402

EVENT_TYPES.update(_SCREEN_EVENTS)
