"""The Fate rules as pure Python: no I/O, standard library only.

Everything a program needs to play out a roll of Fate is importable from here::

    >>> from fatekit.rules import Action, ActionRoll, ScriptedDice
    >>> roll = ActionRoll("charles", Action.OVERCOME, 1, difficulty=2, dice=ScriptedDice(["00++"]))
    >>> roll.roll().total, roll.effort, roll.outcome.value
    (2, 3, 'success')
"""

from fatekit.rules.actions import (
    Action,
    AddFreeInvokes,
    AdvantageTarget,
    Chooser,
    CreateAspect,
    Effect,
    Fail,
    GainBoost,
    Hit,
    MajorCost,
    MinorCost,
    Option,
    PartialSuccess,
    Resolution,
    RevealAspect,
    Side,
    Succeed,
    TakeHit,
    resolve,
)
from fatekit.rules.aspects import Aspect, AspectKind, AspectsInPlay, FreeInvoke
from fatekit.rules.citations import Rule, all_rules
from fatekit.rules.compels import Compel, CompelKind, CompelState, offer_compel, self_compel
from fatekit.rules.dice import (
    DiceSource,
    EnteredDice,
    FateDice,
    RandomDice,
    ScriptedDice,
    all_rolls,
    parse_faces,
)
from fatekit.rules.effects import Applied, carry_out
from fatekit.rules.errors import BadInput, FateError, ForbiddenAction, IllegalAction, StaleState
from fatekit.rules.fate_points import GM, FateLedger, FatePoints, GMPool
from fatekit.rules.invokes import Invocation, InvokeEffect, StoryDetail, declare_story_detail
from fatekit.rules.ladder import LADDER, format_rating, ladder_key, parse_rating, rating_name
from fatekit.rules.outcomes import Bonus, BonusKind, Difficulty, Outcome, Roll, outcome_for
from fatekit.rules.rolling import ActionRoll, RollPhase
from fatekit.rules.stunts import (
    ExtraAction,
    ExtraConsequence,
    ExtraFreeInvoke,
    ExtraStress,
    SkillBonus,
    SkillSwap,
    Stunt,
    StuntEffect,
    Track,
    TrueDetail,
)

__all__ = [
    "GM",
    "LADDER",
    "Action",
    "ActionRoll",
    "AddFreeInvokes",
    "AdvantageTarget",
    "Applied",
    "Aspect",
    "AspectKind",
    "AspectsInPlay",
    "BadInput",
    "Bonus",
    "BonusKind",
    "Chooser",
    "Compel",
    "CompelKind",
    "CompelState",
    "CreateAspect",
    "DiceSource",
    "Difficulty",
    "Effect",
    "EnteredDice",
    "ExtraAction",
    "ExtraConsequence",
    "ExtraFreeInvoke",
    "ExtraStress",
    "Fail",
    "FateDice",
    "FateError",
    "FateLedger",
    "FatePoints",
    "ForbiddenAction",
    "FreeInvoke",
    "GMPool",
    "GainBoost",
    "Hit",
    "IllegalAction",
    "Invocation",
    "InvokeEffect",
    "MajorCost",
    "MinorCost",
    "Option",
    "Outcome",
    "PartialSuccess",
    "RandomDice",
    "Resolution",
    "RevealAspect",
    "Roll",
    "RollPhase",
    "Rule",
    "ScriptedDice",
    "Side",
    "SkillBonus",
    "SkillSwap",
    "StaleState",
    "StoryDetail",
    "Stunt",
    "StuntEffect",
    "Succeed",
    "TakeHit",
    "Track",
    "TrueDetail",
    "all_rolls",
    "all_rules",
    "carry_out",
    "declare_story_detail",
    "format_rating",
    "ladder_key",
    "offer_compel",
    "outcome_for",
    "parse_faces",
    "parse_rating",
    "rating_name",
    "resolve",
    "self_compel",
]
