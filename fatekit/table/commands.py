"""Commands: what a seat asks the table to do. Each is a frozen value; the table checks it
against the rules and the seat's permissions (:func:`fatekit.table.handle`) and, when it is valid,
turns it into events.

Dice are fields of the commands that roll: give the faces read off physical dice (``"+0-+"``,
``"1 4 5 6"``), or leave them ``None`` and the table rolls when it handles the command. Either way
the faces go into the event, so replaying the log never rolls again.
"""

from __future__ import annotations

from fatekit.table.base import Command
from fatekit.table.deciding import DECIDERS
from fatekit.table.play.actions import (
    Attack,
    CreateAdvantage,
    FreeMove,
    FullDefense,
    Overcome,
)
from fatekit.table.play.advancement import (
    Breakthrough,
    ChangeKind,
    Milestone,
    MilestoneChange,
    RaiseSkills,
    SpendMilestone,
)
from fatekit.table.play.aspects import (
    AnswerCompel,
    CompelAnswer,
    DeclareStoryDetail,
    OfferCompel,
    PassFreeInvoke,
    SelfCompel,
    SelfCompelAnswer,
)
from fatekit.table.play.challenges import (
    ChallengeRoll,
    EndChallenge,
    StartChallenge,
)
from fatekit.table.play.conflicts import (
    Absorb,
    Concede,
    EndTurn,
    ExtremeConsequence,
    FinishConflict,
    Shield,
    StartConflict,
    TakeOut,
)
from fatekit.table.play.contests import (
    AbsorbContestHit,
    ContestForfeit,
    ContestRoll,
    ContestThreat,
    EndContest,
    StartContest,
    TakeContestOut,
)
from fatekit.table.play.corrections import (
    CorrectAspect,
    CorrectConsequence,
    CorrectExtreme,
    CorrectFatePoints,
    CorrectFreeInvokes,
    CorrectStress,
    CorrectTurn,
)
from fatekit.table.play.gear import (
    AddBlock,
    AddHazard,
    BreakImmunity,
    Equip,
    SetBigBad,
    SetScale,
    ThreatPartEntry,
)
from fatekit.table.play.notes import (
    Note,
    Undo,
)
from fatekit.table.play.options import SetOptionalRule
from fatekit.table.play.people import (
    AddCharacter,
    AddSeat,
    AddTemplate,
    CreateTable,
    GiveCharacter,
    RemoveSeat,
    RemoveTemplate,
    RevealCharacter,
    UpdateCharacter,
)
from fatekit.table.play.prepared import (
    PreparedAspect,
    PrepareScene,
    RemovePreparedScene,
    StartPreparedScene,
)
from fatekit.table.play.recaps import AddRecapLine
from fatekit.table.play.rolls import (
    Invoke,
    ResolveRoll,
    Roll,
)
from fatekit.table.play.safety import AnswerSignal, RaiseSignal, SetSafetyTool
from fatekit.table.play.scenes import (
    AddCountdown,
    AddSituationAspect,
    EndScene,
    EndSession,
    Entrance,
    FireTrigger,
    JoinScene,
    MarkCountdown,
    PlaceInZone,
    RemoveAspect,
    RevealAspect,
    StartScene,
    StartSession,
)
from fatekit.table.play.secrets import (
    HideDifficulty,
    HideNpcDice,
    RevealRoll,
    SecretRoll,
)
from fatekit.table.play.setting import (
    AddLastingAspect,
    CloseScenario,
    DescribeSetting,
    PutSettingEntry,
    RemoveSettingEntry,
    SetMembership,
)
from fatekit.table.play.stunts import UseStunt
from fatekit.table.play.targets import (
    AssignTargets,
    MissEveryone,
    ResolveTargets,
    SplitAttack,
    ZoneAttack,
)
from fatekit.table.play.treatment import Treat

__all__ = [
    "COMMAND_TYPES",
    "Absorb",
    "AbsorbContestHit",
    "AddBlock",
    "AddCharacter",
    "AddCountdown",
    "AddHazard",
    "AddLastingAspect",
    "AddRecapLine",
    "AddSeat",
    "AddSituationAspect",
    "AddTemplate",
    "AnswerCompel",
    "AnswerSignal",
    "AssignTargets",
    "Attack",
    "BreakImmunity",
    "Breakthrough",
    "ChallengeRoll",
    "ChangeKind",
    "CloseScenario",
    "Command",
    "CompelAnswer",
    "Concede",
    "ContestForfeit",
    "ContestRoll",
    "ContestThreat",
    "CorrectAspect",
    "CorrectConsequence",
    "CorrectExtreme",
    "CorrectFatePoints",
    "CorrectFreeInvokes",
    "CorrectStress",
    "CorrectTurn",
    "CreateAdvantage",
    "CreateTable",
    "DeclareStoryDetail",
    "DescribeSetting",
    "EndChallenge",
    "EndContest",
    "EndScene",
    "EndSession",
    "EndTurn",
    "Entrance",
    "Equip",
    "ExtremeConsequence",
    "FinishConflict",
    "FireTrigger",
    "FreeMove",
    "FullDefense",
    "GiveCharacter",
    "HideDifficulty",
    "HideNpcDice",
    "Invoke",
    "JoinScene",
    "MarkCountdown",
    "Milestone",
    "MilestoneChange",
    "MissEveryone",
    "Note",
    "OfferCompel",
    "Overcome",
    "PassFreeInvoke",
    "PlaceInZone",
    "PrepareScene",
    "PreparedAspect",
    "PutSettingEntry",
    "RaiseSignal",
    "RaiseSkills",
    "RemoveAspect",
    "RemovePreparedScene",
    "RemoveSeat",
    "RemoveSettingEntry",
    "RemoveTemplate",
    "ResolveRoll",
    "ResolveTargets",
    "RevealAspect",
    "RevealCharacter",
    "RevealRoll",
    "Roll",
    "SecretRoll",
    "SelfCompel",
    "SelfCompelAnswer",
    "SetBigBad",
    "SetMembership",
    "SetOptionalRule",
    "SetSafetyTool",
    "SetScale",
    "Shield",
    "SpendMilestone",
    "SplitAttack",
    "StartChallenge",
    "StartConflict",
    "StartContest",
    "StartPreparedScene",
    "StartScene",
    "StartSession",
    "TakeContestOut",
    "TakeOut",
    "ThreatPartEntry",
    "Treat",
    "Undo",
    "UpdateCharacter",
    "UseStunt",
    "ZoneAttack",
]


#: Every command by its type name, as the server reads them: those the domains register with
#: :func:`~fatekit.table.deciding.decides`, and ``CreateTable``, which starts a table before any
#: state exists (:func:`fatekit.table.handle.handle`).
_COMMANDS: list[type[Command]] = [CreateTable, *DECIDERS]
COMMAND_TYPES: dict[str, type[Command]] = {
    cls.__name__: cls for cls in sorted(_COMMANDS, key=lambda cls: cls.__name__)
}
