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
from fatekit.rules.advancement import (
    Breakthrough,
    BuyStunt,
    ReplaceSkill,
    RewriteAspect,
    RewriteStunt,
    SwapSkills,
    apply_breakthrough,
    apply_milestone,
    raise_skills,
)
from fatekit.rules.aspects import Aspect, AspectKind, AspectsInPlay, FreeInvoke
from fatekit.rules.challenge import Challenge, ChallengeReport, Task
from fatekit.rules.character import (
    Character,
    CharacterKind,
    major_npc,
    minor_npc,
    mob,
    monster,
    new_character,
)
from fatekit.rules.citations import Rule, all_rules
from fatekit.rules.clock import Clock, Milestone
from fatekit.rules.compels import Compel, CompelKind, CompelState, offer_compel, self_compel
from fatekit.rules.concession import Concession, concede
from fatekit.rules.conflict import Conflict, ConflictKind, LegalAction, Move, Phase, Status
from fatekit.rules.consequences import ConsequenceSlot, Severity
from fatekit.rules.contest import Contest, ExchangeResult
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
from fatekit.rules.harm import (
    AbsorbPlan,
    ExtremeChoice,
    absorb_options,
    apply_plan,
    recommended_plan,
)
from fatekit.rules.invokes import Invocation, InvokeEffect, StoryDetail, declare_story_detail
from fatekit.rules.ladder import LADDER, format_rating, ladder_key, parse_rating, rating_name
from fatekit.rules.options import OptionalRule, Ruleset
from fatekit.rules.outcomes import Bonus, BonusKind, Difficulty, Outcome, Roll, outcome_for
from fatekit.rules.presets import PRESETS, Preset, get_preset
from fatekit.rules.recovery import clear_stress, treat
from fatekit.rules.replay import ReplayMismatch, replay
from fatekit.rules.rolling import ActionRoll, RollPhase
from fatekit.rules.scene import Game, Scene
from fatekit.rules.stress import StressBox, StressStyle, StressTrack
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
from fatekit.rules.teamwork import Teamwork, combine_skills
from fatekit.rules.validation import is_legal, validate
from fatekit.rules.zones import Zone, ZoneMap

__all__ = [
    "GM",
    "LADDER",
    "PRESETS",
    "AbsorbPlan",
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
    "Breakthrough",
    "BuyStunt",
    "Challenge",
    "ChallengeReport",
    "Character",
    "CharacterKind",
    "Chooser",
    "Clock",
    "Compel",
    "CompelKind",
    "CompelState",
    "Concession",
    "Conflict",
    "ConflictKind",
    "ConsequenceSlot",
    "Contest",
    "CreateAspect",
    "DiceSource",
    "Difficulty",
    "Effect",
    "EnteredDice",
    "ExchangeResult",
    "ExtraAction",
    "ExtraConsequence",
    "ExtraFreeInvoke",
    "ExtraStress",
    "ExtremeChoice",
    "Fail",
    "FateDice",
    "FateError",
    "FateLedger",
    "FatePoints",
    "ForbiddenAction",
    "FreeInvoke",
    "GMPool",
    "GainBoost",
    "Game",
    "Hit",
    "IllegalAction",
    "Invocation",
    "InvokeEffect",
    "LegalAction",
    "MajorCost",
    "Milestone",
    "MinorCost",
    "Move",
    "Option",
    "OptionalRule",
    "Outcome",
    "PartialSuccess",
    "Phase",
    "Preset",
    "RandomDice",
    "ReplaceSkill",
    "ReplayMismatch",
    "Resolution",
    "RevealAspect",
    "RewriteAspect",
    "RewriteStunt",
    "Roll",
    "RollPhase",
    "Rule",
    "Ruleset",
    "Scene",
    "ScriptedDice",
    "Severity",
    "Side",
    "SkillBonus",
    "SkillSwap",
    "StaleState",
    "Status",
    "StoryDetail",
    "StressBox",
    "StressStyle",
    "StressTrack",
    "Stunt",
    "StuntEffect",
    "Succeed",
    "SwapSkills",
    "TakeHit",
    "Task",
    "Teamwork",
    "Track",
    "TrueDetail",
    "Zone",
    "ZoneMap",
    "absorb_options",
    "all_rolls",
    "all_rules",
    "apply_breakthrough",
    "apply_milestone",
    "apply_plan",
    "carry_out",
    "clear_stress",
    "combine_skills",
    "concede",
    "declare_story_detail",
    "format_rating",
    "get_preset",
    "is_legal",
    "ladder_key",
    "major_npc",
    "minor_npc",
    "mob",
    "monster",
    "new_character",
    "offer_compel",
    "outcome_for",
    "parse_faces",
    "parse_rating",
    "raise_skills",
    "rating_name",
    "recommended_plan",
    "replay",
    "resolve",
    "self_compel",
    "treat",
    "validate",
]
