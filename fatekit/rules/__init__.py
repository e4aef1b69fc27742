"""The Fate rules as pure Python: no I/O, standard library only.

Everything a program needs to play out a roll of Fate is importable from here::

    >>> from fatekit.rules import Action, ActionRoll, ScriptedDice
    >>> roll = ActionRoll("charles", Action.OVERCOME, 1, difficulty=2, dice=ScriptedDice(["00++"]))
    >>> roll.roll().total, roll.effort, roll.outcome.value
    (2, 3, 'success')
"""

from fatekit.rules import books as _books  # noqa: F401  (registers where books write rules)
from fatekit.rules.aspects.aspects import Aspect, AspectKind, AspectsInPlay, FreeInvoke
from fatekit.rules.aspects.compels import Compel, CompelKind, CompelState, offer_compel, self_compel
from fatekit.rules.aspects.effects import Applied, carry_out
from fatekit.rules.aspects.fate_points import GM, FateLedger, FatePoints, GMPool
from fatekit.rules.aspects.invokes import (
    Invocation,
    InvokeEffect,
    StoryDetail,
    declare_story_detail,
)
from fatekit.rules.aspects.rolling import ActionRoll, RollPhase
from fatekit.rules.aspects.stunt_uses import (
    StuntOffer,
    StuntUses,
    default_stunts,
    stunt_offers,
    use_alone,
)
from fatekit.rules.aspects.stunts import (
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
    StuntCost,
    StuntEffect,
    TrueDetail,
)
from fatekit.rules.characters.advancement import (
    AddPackageOptions,
    Breakthrough,
    BuyPackage,
    BuyStunt,
    ReplaceSkill,
    RewriteAspect,
    RewriteStunt,
    SwapPackage,
    SwapSkills,
    apply_breakthrough,
    apply_milestone,
    raise_skills,
)
from fatekit.rules.characters.character import (
    Character,
    CharacterKind,
    major_npc,
    minor_npc,
    mob,
    monster,
    new_character,
)
from fatekit.rules.characters.gear import CarriedGear
from fatekit.rules.characters.milestones import MilestoneSpending, spend_milestone
from fatekit.rules.characters.preset import Preset
from fatekit.rules.characters.presets import PRESETS, get_preset
from fatekit.rules.characters.validation import is_legal, validate
from fatekit.rules.core.actions import (
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
from fatekit.rules.core.citations import Rule, all_rules
from fatekit.rules.core.clock import Clock, Milestone
from fatekit.rules.core.dice import (
    DiceSource,
    EnteredDice,
    FateDice,
    RandomDice,
    ScriptedDice,
    all_rolls,
    parse_faces,
)
from fatekit.rules.core.errors import (
    BadInput,
    FateError,
    ForbiddenAction,
    IllegalAction,
    StaleState,
)
from fatekit.rules.core.ladder import LADDER, format_rating, ladder_key, parse_rating, rating_name
from fatekit.rules.core.outcomes import Bonus, BonusKind, Difficulty, Outcome, Roll, outcome_for
from fatekit.rules.core.teamwork import Teamwork, combine_skills
from fatekit.rules.core.tracks import Track
from fatekit.rules.golden.replay import replay
from fatekit.rules.golden.script import ReplayMismatch
from fatekit.rules.harm.absorb import (
    AbsorbPlan,
    ExtremeChoice,
    absorb_options,
    apply_plan,
    recommended_plan,
)
from fatekit.rules.harm.concession import Concession, concede
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
from fatekit.rules.harm.recovery import clear_stress, treat
from fatekit.rules.harm.stress import StressBox, StressStyle, StressTrack
from fatekit.rules.options.ruleset import OptionalRule, Ruleset
from fatekit.rules.scenes.challenge import Challenge, ChallengeReport, Task
from fatekit.rules.scenes.conflict import Conflict, ConflictKind, LegalAction, Move, Phase, Status
from fatekit.rules.scenes.contest import Contest, ExchangeResult
from fatekit.rules.scenes.scene import Game, Scene
from fatekit.rules.scenes.zones import Zone, ZoneMap

__all__ = [
    "GM",
    "LADDER",
    "PRESETS",
    "AbsorbPlan",
    "ActFirst",
    "Action",
    "ActionRoll",
    "AddFreeInvokes",
    "AddPackageOptions",
    "AdvantageTarget",
    "Applied",
    "Aspect",
    "AspectKind",
    "AspectsInPlay",
    "BadInput",
    "Bonus",
    "BonusKind",
    "Breakthrough",
    "BuyPackage",
    "BuyStunt",
    "CarriedGear",
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
    "GrantsBoost",
    "Hit",
    "IllegalAction",
    "Invocation",
    "InvokeEffect",
    "LegalAction",
    "MajorCost",
    "Milestone",
    "MilestoneSpending",
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
    "RuleException",
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
    "StuntCost",
    "StuntEffect",
    "StuntOffer",
    "StuntUses",
    "Succeed",
    "SwapPackage",
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
    "default_stunts",
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
    "spend_milestone",
    "stunt_offers",
    "treat",
    "use_alone",
    "validate",
]
