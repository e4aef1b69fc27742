"""Events: what happened at a table, as frozen values numbered by version.

Every event carries the table id, its version (its place in the table's log, from 1), the seat
whose command caused it and when. Events hold everything needed to fold them into the state
(:func:`fatekit.table.apply`) with no further input: the dice that were rolled, the ids the rules
gave new aspects, the sheets of new characters. Replaying a log therefore gives the same table
every time.

Fields added to an event after it was first published have defaults, so logs written before
still read (and fold) as they did; a change that needs more raises the event's ``SCHEMA`` and
registers an upcaster (:mod:`fatekit.table.upcasting`). Each event also records what the rules
computed as it was decided (``facts``, :mod:`fatekit.table.facts`), which its fold assigns.
"""

from __future__ import annotations

from fatekit.table.base import Event
from fatekit.table.folding import FOLDS
from fatekit.table.play.actions import (
    AdvantageRolled,
    AttackRolled,
    FullDefenseTaken,
    Moved,
    OvercomeRolled,
)
from fatekit.table.play.advancement import (
    BreakthroughTaken,
    MilestoneSpent,
    MilestoneTaken,
    SkillsRaised,
)
from fatekit.table.play.aspects import (
    CompelAnswered,
    CompelOffered,
    FreeInvokePassed,
    SelfCompelAnswered,
    SelfCompelAsked,
    StoryDetailDeclared,
)
from fatekit.table.play.challenges import (
    ChallengeEnded,
    ChallengeRolled,
    ChallengeStarted,
)
from fatekit.table.play.conflicts import (
    Conceded,
    ConflictFinished,
    ConflictStarted,
    HitAbsorbed,
    MinionShielded,
    TakenOut,
    TurnEnded,
)
from fatekit.table.play.contests import (
    ContestEnded,
    ContestForfeited,
    ContestHitAbsorbed,
    ContestRolled,
    ContestStarted,
    ContestTakenOut,
    ContestThreatRolled,
)
from fatekit.table.play.corrections import (
    AspectCorrected,
    ConsequenceCorrected,
    ExtremeCorrected,
    FatePointsCorrected,
    FreeInvokesCorrected,
    StressCorrected,
    TurnCorrected,
)
from fatekit.table.play.gear import (
    BigBadSet,
    BlockAdded,
    Equipped,
    HazardAdded,
    ImmunityBroken,
    ScaleSet,
)
from fatekit.table.play.notes import (
    NoteAdded,
    Undone,
)
from fatekit.table.play.options import OptionalRuleSet
from fatekit.table.play.people import (
    CharacterAdded,
    CharacterGiven,
    CharacterRevealed,
    CharacterUpdated,
    SeatAdded,
    SeatRemoved,
    TableCreated,
    TemplateAdded,
    TemplateRemoved,
)
from fatekit.table.play.prepared import (
    PreparedSceneRemoved,
    PreparedSceneStarted,
    ScenePrepared,
)
from fatekit.table.play.recaps import RecapLineAdded
from fatekit.table.play.rolls import (
    Invoked,
    RollMade,
    RollResolved,
)
from fatekit.table.play.safety import SafetyToolSet, SignalAnswered, SignalRaised
from fatekit.table.play.scenes import (
    AspectRemoved,
    AspectRevealed,
    CountdownAdded,
    CountdownMarked,
    JoinedScene,
    PlacedInZone,
    SceneEnded,
    SceneStarted,
    SessionEnded,
    SessionStarted,
    SituationAspectAdded,
    TriggerFired,
)
from fatekit.table.play.secrets import (
    DifficultyHidden,
    NpcDiceHidden,
    SecretRollMade,
    SecretRollRevealed,
)
from fatekit.table.play.setting import (
    LastingAspectAdded,
    MembershipSet,
    ScenarioClosed,
    SettingDescribed,
    SettingEntryPut,
    SettingEntryRemoved,
)
from fatekit.table.play.stunts import StuntUsed
from fatekit.table.play.targets import (
    MissedEveryone,
    SplitAttackRolled,
    TargetsAssigned,
    TargetsResolved,
    ZoneAttackRolled,
)
from fatekit.table.play.treatment import TreatmentRolled

__all__ = [
    "EVENT_TYPES",
    "AdvantageRolled",
    "AspectCorrected",
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
    "CharacterGiven",
    "CharacterRevealed",
    "CharacterUpdated",
    "CompelAnswered",
    "CompelOffered",
    "Conceded",
    "ConflictFinished",
    "ConflictStarted",
    "ConsequenceCorrected",
    "ContestEnded",
    "ContestForfeited",
    "ContestHitAbsorbed",
    "ContestRolled",
    "ContestStarted",
    "ContestTakenOut",
    "ContestThreatRolled",
    "CountdownAdded",
    "CountdownMarked",
    "DifficultyHidden",
    "Equipped",
    "Event",
    "ExtremeCorrected",
    "FatePointsCorrected",
    "FreeInvokePassed",
    "FreeInvokesCorrected",
    "FullDefenseTaken",
    "HazardAdded",
    "HitAbsorbed",
    "ImmunityBroken",
    "Invoked",
    "JoinedScene",
    "LastingAspectAdded",
    "MembershipSet",
    "MilestoneSpent",
    "MilestoneTaken",
    "MinionShielded",
    "MissedEveryone",
    "Moved",
    "NoteAdded",
    "NpcDiceHidden",
    "OptionalRuleSet",
    "OvercomeRolled",
    "PlacedInZone",
    "PreparedSceneRemoved",
    "PreparedSceneStarted",
    "RecapLineAdded",
    "RollMade",
    "RollResolved",
    "SafetyToolSet",
    "ScaleSet",
    "ScenarioClosed",
    "SceneEnded",
    "ScenePrepared",
    "SceneStarted",
    "SeatAdded",
    "SeatRemoved",
    "SecretRollMade",
    "SecretRollRevealed",
    "SelfCompelAnswered",
    "SelfCompelAsked",
    "SessionEnded",
    "SessionStarted",
    "SettingDescribed",
    "SettingEntryPut",
    "SettingEntryRemoved",
    "SignalAnswered",
    "SignalRaised",
    "SituationAspectAdded",
    "SkillsRaised",
    "SplitAttackRolled",
    "StoryDetailDeclared",
    "StressCorrected",
    "StuntUsed",
    "TableCreated",
    "TakenOut",
    "TargetsAssigned",
    "TargetsResolved",
    "TemplateAdded",
    "TemplateRemoved",
    "TreatmentRolled",
    "TriggerFired",
    "TurnCorrected",
    "TurnEnded",
    "Undone",
    "ZoneAttackRolled",
]


#: Every event by its type name, as the store records them: those the domains register with
#: :func:`~fatekit.table.folding.folds`, and ``TableCreated`` and ``Undone``, which the fold
#: plays itself (a new table; the past rebuilt, :mod:`fatekit.table.fold`).
_EVENTS: list[type[Event]] = [TableCreated, Undone, *FOLDS]
EVENT_TYPES: dict[str, type[Event]] = {
    cls.__name__: cls for cls in sorted(_EVENTS, key=lambda cls: cls.__name__)
}
