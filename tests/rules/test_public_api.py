"""The public API of ``fatekit.rules``: what a program may import from the package itself.

The list is written out here on purpose: adding or dropping a name is a decision, and this test
makes it a visible one. Everything else lives in the domain sub-packages.
"""

from __future__ import annotations

import importlib

import fatekit.rules

PUBLIC_API = {
    "GM", "LADDER", "PRESETS", "AbsorbPlan", "Action", "ActionRoll", "AddFreeInvokes",
    "AddPackageOptions",
    "AdvantageTarget", "Applied", "Aspect", "AspectKind", "AspectsInPlay", "BadInput", "Bonus",
    "ActFirst", "BonusKind", "CarriedGear", "GrantsBoost", "RuleException", "Breakthrough", "BuyPackage", "BuyStunt",
    "Challenge", "ChallengeReport", "Character",
    "CharacterKind", "Chooser", "Clock", "Compel", "CompelKind", "CompelState", "Concession",
    "Conflict", "ConflictKind", "ConsequenceSlot", "Contest", "CreateAspect", "DiceSource",
    "Difficulty", "Effect", "EnteredDice", "ExchangeResult", "ExtraAction", "ExtraConsequence",
    "ExtraFreeInvoke", "ExtraStress", "ExtremeChoice", "Fail", "FateDice", "FateError",
    "FateLedger", "FatePoints", "ForbiddenAction", "FreeInvoke", "GMPool", "GainBoost", "Game",
    "Hit", "IllegalAction", "Invocation", "InvokeEffect", "LegalAction", "MajorCost",
    "Milestone", "MilestoneSpending", "MinorCost", "Move", "Option", "OptionalRule", "Outcome", "PartialSuccess",
    "Phase", "Preset", "RandomDice", "ReplaceSkill", "ReplayMismatch", "Resolution",
    "RevealAspect", "RewriteAspect", "RewriteStunt", "Roll", "RollPhase", "Rule", "Ruleset",
    "Scene", "ScriptedDice", "Severity", "Side", "SkillBonus", "SkillSwap", "SwapPackage", "StaleState",
    "Status", "StoryDetail", "StressBox", "StressStyle", "StressTrack", "Stunt", "StuntCost",
    "StuntEffect", "StuntOffer", "StuntUses", "default_stunts", "stunt_offers", "use_alone",
    "Succeed", "SwapSkills", "TakeHit", "Task", "Teamwork", "Track", "TrueDetail", "Zone",
    "ZoneMap", "absorb_options", "all_rolls", "all_rules", "apply_breakthrough",
    "apply_milestone", "apply_plan", "carry_out", "clear_stress", "combine_skills", "concede",
    "declare_story_detail", "format_rating", "get_preset", "is_legal", "ladder_key",
    "major_npc", "minor_npc", "mob", "monster", "new_character", "offer_compel", "outcome_for",
    "parse_faces", "parse_rating", "raise_skills", "rating_name", "recommended_plan", "replay",
    "resolve", "self_compel", "spend_milestone", "treat", "validate",
}  # fmt: skip

DOMAINS = (
    "core",
    "books",
    "aspects",
    "characters",
    "harm",
    "scenes",
    "options",
    "safety",
    "golden",
)


def test_the_public_api_is_exactly_the_listed_names() -> None:
    assert set(fatekit.rules.__all__) == PUBLIC_API
    assert len(fatekit.rules.__all__) == len(PUBLIC_API), "a name is listed twice in __all__"


def test_every_public_name_is_importable_and_documented() -> None:
    for name in fatekit.rules.__all__:
        value = getattr(fatekit.rules, name)
        if callable(value) and not isinstance(value, type(fatekit.rules.GM)):
            assert value.__doc__, f"fatekit.rules.{name} has no docstring"


def test_the_package_exports_nothing_it_does_not_list() -> None:
    """Names bound in the package are the API, the domain sub-packages, or dunder names."""
    bound = {n for n in vars(fatekit.rules) if not n.startswith("_")}
    assert bound - set(fatekit.rules.__all__) <= set(DOMAINS)


def test_each_domain_is_a_documented_package() -> None:
    for domain in DOMAINS:
        package = importlib.import_module(f"fatekit.rules.{domain}")
        assert package.__doc__, f"fatekit.rules.{domain} has no docstring"
        assert hasattr(package, "__path__"), f"fatekit.rules.{domain} is not a package"
