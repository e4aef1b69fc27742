"""Advancement: milestones change a character, breakthroughs make them stronger.

A milestone (usually at the end of a session) allows one :data:`MilestoneChoice`. A
:class:`Breakthrough` (the end of an arc, Fate Core's major milestone) allows one milestone choice
and also rewrites the high concept, moves moderate and severe consequences on in their recovery,
and gives a skill step; the GM may add a refresh point and a second step. Skill steps may be
banked and spent together with :func:`raise_skills`, as long as no tier ends up holding more
skills than the tier below.

Every function checks everything first and changes nothing when it raises. Reach the milestone
on the :class:`~fatekit.rules.core.clock.Clock` before applying a breakthrough, so that recovery
started now waits for the *next* major milestone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.aspects.stunts import Stunt
from fatekit.rules.characters.character import (
    Character,
    fitted_harm,
    grant_packages,
    own_stunts,
    package_aspects,
    sheet_refresh_cost,
    stunt_refresh_cost,
)
from fatekit.rules.characters.modes import MODE_IMPROVE_RULE, ModeShape
from fatekit.rules.characters.packages import (
    PACKAGE_COST_RULE,
    PACKAGE_GRANTS_RULE,
    BoughtPackage,
    Packages,
    bought_problems,
    granted_aspects,
    granted_stunts,
    package_cost,
    packages_cost,
)
from fatekit.rules.characters.preset import STUNT_SLOTS_RULE, AdvancementStyle, Preset
from fatekit.rules.characters.presets import get_preset
from fatekit.rules.characters.shapes import COLUMN_RULE, column_problems
from fatekit.rules.core.citations import CONDENSED, CORE_BOOK, ODE, rule
from fatekit.rules.core.clock import Clock, Moment
from fatekit.rules.core.errors import BadInput, FateError, IllegalAction
from fatekit.rules.core.ladder import format_rating
from fatekit.rules.core.waivers import refuse
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity

__all__ = [
    "BANKED_RULE",
    "BREAKTHROUGH_RULE",
    "CLEAR_RECOVERING_RULE",
    "GM_POWER_UP_RULE",
    "MILESTONE_RULE",
    "PACKAGE_BUY_RULE",
    "PACKAGE_OPTIONS_RULE",
    "PACKAGE_SWAP_RULE",
    "AddPackageOptions",
    "Breakthrough",
    "BuyPackage",
    "BuyStunt",
    "ChangePlan",
    "MilestoneChoice",
    "ReplaceSkill",
    "RewriteAspect",
    "RewriteStunt",
    "SwapPackage",
    "SwapSkills",
    "apply_breakthrough",
    "apply_milestone",
    "breakthrough_as_recorded",
    "breakthrough_moment",
    "check_milestone",
    "commit_plan",
    "fitting_change",
    "milestone_as_recorded",
    "milestone_refresh",
    "package_cost_fits",
    "planned_change",
    "raise_skills",
    "raised_skills",
    "skills_raised_as_recorded",
]

MILESTONE_RULE = rule(
    "advancement.milestone",
    CONDENSED,
    "Развитие > Вехи",
    "A milestone allows one change: swap two skills' ratings or trade an Average (+1) skill for "
    "one not on the sheet; rewrite a stunt; buy a stunt for 1 refresh (never below 1); or "
    "rewrite any aspect but the high concept",
)
BREAKTHROUGH_RULE = rule(
    "advancement.breakthrough",
    CONDENSED,
    "Развитие > Прорывы",
    "A breakthrough allows a milestone change and also: rewrite the high concept, start "
    "recovery of any untreated moderate and severe consequences the player chooses, clear those "
    "already recovering that the player chooses, and raise one skill by one step",
)
GM_POWER_UP_RULE = rule(
    "advancement.power-up",
    CONDENSED,
    "Развитие > Прорывы",
    "At a breakthrough the GM may add a point of refresh (which may buy a stunt at once) and a "
    "second skill step",
)
CLEAR_RECOVERING_RULE = rule(
    "advancement.breakthrough-clears-by-choice",
    ODE,
    "Karriär > Genombrott",
    "At a breakthrough the consequences already recovering may be removed: the player chooses "
    "which (Fate Condensed says the same: they may be removed)",
)
BANKED_RULE = rule(
    "advancement.banked-steps",
    CONDENSED,
    "Развитие > Повышение рейтинга навыков",
    "Skill steps may be saved and spent together, so that raising several skills at once keeps "
    "the column rule",
)
PACKAGE_BUY_RULE = rule(
    "advancement.package-buy",
    CORE_BOOK,
    "The Long Game > Defining Milestones > Minor Milestones; Major Milestones",
    "A package (a Venture City power is built of stunts) is bought at a milestone as a new stunt "
    "is: paid as at creation, spending at most one stunt's refresh (two at a major milestone, "
    "whose new point of refresh may buy a stunt at once), never below the minimum refresh",
)
PACKAGE_OPTIONS_RULE = rule(
    "advancement.package-options",
    CORE_BOOK,
    "The Long Game > Defining Milestones > Minor Milestones; Major Milestones",
    "Options bought on a package the sheet holds (a Venture City enhancement costs a stunt) are "
    "bought at a milestone as a new stunt is: paid as at creation, at most one stunt's refresh "
    "(two at a major milestone), never below the minimum refresh; no option pays refresh back",
)
PACKAGE_SWAP_RULE = rule(
    "advancement.package-swap",
    CORE_BOOK,
    "The Long Game > Defining Milestones > Minor Milestones",
    "A milestone changes a single stunt for another: a package worth one stunt may be changed for "
    "another worth the same; no milestone gives a package back for refresh",
)


@dataclass(frozen=True, slots=True)
class SwapSkills:
    """Swap the ratings of two skills."""

    first: str
    second: str


@dataclass(frozen=True, slots=True)
class ReplaceSkill:
    """Trade an Average (+1) skill for one that is not on the sheet yet."""

    old: str
    new: str


@dataclass(frozen=True, slots=True)
class RewriteStunt:
    """Replace the stunt named ``old`` with ``new``."""

    old: str
    new: Stunt


@dataclass(frozen=True, slots=True)
class BuyStunt:
    """Add a stunt, paying refresh for it once the free slots are full."""

    stunt: Stunt


@dataclass(frozen=True, slots=True)
class RewriteAspect:
    """Give an aspect other than the high concept a new name."""

    aspect_id: str
    name: str


@dataclass(frozen=True, slots=True)
class BuyPackage:
    """Buy one of the rule set's packages (Venture City: a power), with the options on it."""

    package: BoughtPackage


@dataclass(frozen=True, slots=True)
class SwapPackage:
    """Change the package the sheet bought under the key ``old`` for ``new``."""

    old: str
    new: BoughtPackage


@dataclass(frozen=True, slots=True)
class AddPackageOptions:
    """Buy ``options`` on the package the sheet bought under the key ``key`` (one entry a
    purchase, added to those it has)."""

    key: str
    options: tuple[str, ...]


MilestoneChoice = (
    SwapSkills
    | ReplaceSkill
    | RewriteStunt
    | BuyStunt
    | RewriteAspect
    | BuyPackage
    | SwapPackage
    | AddPackageOptions
)


@dataclass(frozen=True, slots=True)
class Breakthrough:
    """What a player (and the GM) chose at a breakthrough.

    ``milestone`` is the one milestone change (or ``None``). ``high_concept`` rewrites it.
    ``recovery_names`` gives, by aspect id, the new name of each untreated moderate or severe
    consequence the player chooses to start recovering (any, all or none of them: the text says
    they *may*). ``clear_recovering`` names, by aspect id, the moderate and severe consequences
    already recovering that the player chooses to clear (they *may* be removed, too); ``None``
    clears every one, as fatekit did before the choice existed. ``raise_now`` spends
    skill steps at once, one entry per step (banked steps included); steps not spent stay banked.
    ``gm_refresh`` and ``gm_skill_step`` are the GM's power-up.
    """

    milestone: MilestoneChoice | None = None
    high_concept: str | None = None
    recovery_names: Mapping[str, str] = field(default_factory=dict)
    clear_recovering: frozenset[str] | None = None
    raise_now: tuple[str, ...] = ()
    gm_refresh: bool = False
    gm_skill_step: bool = False


def _preset(character: Character, preset: Preset | None) -> Preset:
    return preset if preset is not None else get_preset(character.preset)


def check_milestone(
    character: Character, choice: MilestoneChoice, preset: Preset | None = None
) -> None:
    """Raise unless ``choice`` is a legal milestone change for ``character`` now."""
    planned_change(character, choice, _preset(character, preset), character.refresh)


@dataclass(slots=True)
class ChangePlan:
    """The new values a change would give, computed before anything is touched (Fate Core's
    and Fate Accelerated's milestones build on it: :mod:`fatekit.rules.characters.milestones`)."""

    skills: dict[str, int]
    stunts: list[Stunt]
    refresh: int
    aspect_names: dict[str, str]
    #: The packages bought after the change (``None``: as they are).
    packages: list[BoughtPackage] | None = None


def planned_change(
    character: Character,
    choice: MilestoneChoice,
    preset: Preset,
    refresh: int,
    *,
    stunts_bought: int = 1,
) -> ChangePlan:
    """The sheet's values after ``choice``, with ``refresh`` to pay for a stunt (nothing changes
    yet); raises when the change is not a legal milestone change. ``stunts_bought``: how many
    stunts' refresh the milestone may spend on a package (see :func:`milestone_refresh`)."""
    _check_change(character, choice, preset, refresh, stunts_bought)
    return _changed(character, choice, preset, refresh)


def fitting_change(
    character: Character, choice: MilestoneChoice, preset: Preset, *, refresh_added: bool = False
) -> ChangePlan:
    """What a milestone change alone would give the sheet, judged as the milestone judges it:
    the change's rules, then the stress boxes and slots its skills and stunts give (a filled one
    lost is refused). Nothing changes. ``refresh_added``: the milestone brings a point of
    refresh (Fate Core's major milestone; the GM's, at a breakthrough)."""
    refresh = character.refresh + (1 if refresh_added else 0)
    plan = planned_change(
        character, choice, preset, refresh, stunts_bought=milestone_refresh(refresh_added)
    )
    if plan.skills != character.skills:
        _not_moded(character, preset)
    fitted_harm(character, preset, skills=plan.skills, stunts=plan.stunts)
    return plan


def milestone_refresh(major: bool) -> int:
    """How many stunts' refresh a milestone may spend on a package: one, as on a stunt; two at a
    major milestone (or a breakthrough the GM adds refresh to), whose new point of refresh may
    buy a stunt at once."""
    return 2 if major else 1


def _check_change(
    character: Character,
    choice: MilestoneChoice,
    preset: Preset,
    refresh: int,
    stunts_bought: int = 1,
) -> None:
    """Refuse a milestone change the rules do not allow the sheet now."""
    skills = character.skills
    stunts = character.stunts
    if isinstance(choice, SwapSkills):
        for key in (choice.first, choice.second):
            _known_skill(preset, key)
        if choice.first == choice.second:
            raise BadInput("swap two different skills")
    elif isinstance(choice, ReplaceSkill):
        _known_skill(preset, choice.old)
        _known_skill(preset, choice.new)
        if skills.get(choice.old, 0) != 1:
            refuse(
                f"only an Average (+1) skill can be traded; {preset.skill_name(choice.old)} is "
                f"{format_rating(skills.get(choice.old, 0))}",
                MILESTONE_RULE,
            )
        if skills.get(choice.new, 0) != 0:
            refuse(f"{preset.skill_name(choice.new)} is already on the sheet", MILESTONE_RULE)
    elif isinstance(choice, RewriteStunt):
        index = _stunt_index(character, choice.old)
        if choice.old in {s.name for s in granted_stunts(preset.packages, character.packages)}:
            refuse(
                f"{choice.old!r} is granted by a package the sheet bought; a milestone rewrites "
                "the sheet's own stunts",
                PACKAGE_GRANTS_RULE,
            )
        if any(s.name == choice.new.name for i, s in enumerate(stunts) if i != index):
            raise BadInput(f"the sheet already has a stunt called {choice.new.name!r}")
    elif isinstance(choice, BuyStunt):
        if any(s.name == choice.stunt.name for s in stunts):
            raise BadInput(f"the sheet already has a stunt called {choice.stunt.name!r}")
        cost = _stunt_cost(preset, character)
        if refresh - cost < preset.min_refresh:
            refuse(
                f"buying {choice.stunt.name!r} costs {cost} refresh and would leave "
                f"{refresh - cost}; at least {preset.min_refresh} must remain",
                STUNT_SLOTS_RULE,
            )
    elif isinstance(choice, RewriteAspect):
        aspect = next((a for a in character.aspects if a.id == choice.aspect_id), None)
        if aspect is None:
            raise BadInput(f"{character.name} has no aspect {choice.aspect_id!r}")
        if aspect.kind is AspectKind.HIGH_CONCEPT:
            refuse(
                "a milestone cannot rewrite the high concept; a breakthrough can", MILESTONE_RULE
            )
        if not choice.name.strip():
            raise BadInput("the rewritten aspect needs a name")
    elif isinstance(choice, BuyPackage):
        _check_buy(character, choice, preset, refresh, stunts_bought)
    elif isinstance(choice, SwapPackage):
        _check_swap(character, choice, preset)
    elif isinstance(choice, AddPackageOptions):
        _check_options(character, choice, preset, refresh, stunts_bought)
    else:  # pragma: no cover - the union is closed
        raise BadInput(f"not a milestone choice: {choice!r}")


def _stunt_cost(preset: Preset, character: Character) -> int:
    """What one more stunt costs the sheet, its packages' cost counted (they take the bonus and
    free stunts first)."""
    return sheet_refresh_cost(character, preset, 1) - sheet_refresh_cost(character, preset)


def _changed(
    character: Character, choice: MilestoneChoice, preset: Preset, refresh: int
) -> ChangePlan:
    """The new values a milestone change gives, as a table's log recorded it (checked by no
    rule: the change was judged when it was made)."""
    skills = dict(character.skills)
    stunts = list(character.stunts)
    names: dict[str, str] = {}
    if isinstance(choice, SwapSkills):
        a, b = skills.get(choice.first, 0), skills.get(choice.second, 0)
        _set(skills, choice.first, b)
        _set(skills, choice.second, a)
    elif isinstance(choice, ReplaceSkill):
        _set(skills, choice.old, 0)
        _set(skills, choice.new, 1)
    elif isinstance(choice, RewriteStunt):
        index = next((i for i, s in enumerate(stunts) if s.name == choice.old), None)
        if index is None:
            stunts.append(choice.new)
        else:
            stunts[index] = choice.new
    elif isinstance(choice, BuyStunt):
        refresh -= _stunt_cost(preset, character)
        stunts.append(choice.stunt)
    elif isinstance(choice, RewriteAspect):
        names[choice.aspect_id] = choice.name.strip()
    elif isinstance(choice, BuyPackage | SwapPackage | AddPackageOptions):
        bought = _bought_after(character, choice)
        refresh -= _package_refresh(character, preset, bought)
        # The stunts the packages granted give way to those they grant now.
        granted = {s.name for s in granted_stunts(preset.packages, character.packages)}
        stunts = [s for s in stunts if s.name not in granted]
        stunts += granted_stunts(preset.packages, bought)
        return ChangePlan(skills, stunts, refresh, names, bought)
    return ChangePlan(skills, stunts, refresh, names)


def _bought_after(
    character: Character, choice: BuyPackage | SwapPackage | AddPackageOptions
) -> list[BoughtPackage]:
    """The packages a sheet holds after buying, changing or adding options to one (a changed
    one keeps its place)."""
    if isinstance(choice, BuyPackage):
        return [*character.packages, choice.package]
    if isinstance(choice, AddPackageOptions):
        return [
            BoughtPackage(p.key, (*p.options, *choice.options)) if p.key == choice.key else p
            for p in character.packages
        ]
    return [choice.new if p.key == choice.old else p for p in character.packages]


def _package_refresh(character: Character, preset: Preset, bought: list[BoughtPackage]) -> int:
    """The refresh a sheet spends more (or less) when it holds ``bought`` instead of its
    packages: they are paid as at creation, its own stunts beside them."""
    own = len(own_stunts(character, preset))
    after = stunt_refresh_cost(preset, own, packages_cost(preset.packages, bought))
    return after - sheet_refresh_cost(character, preset)


def _spec(preset: Preset) -> Packages:
    if preset.packages is None:
        raise BadInput(f"{preset.name} has no packages to buy", code="no_packages")
    return preset.packages


def _package_fits(
    character: Character, preset: Preset, new: BoughtPackage, bought: list[BoughtPackage]
) -> None:
    """Refuse a package bought at a milestone that the rule set would refuse on a sheet made
    with it: unknown keys, the rule set's limits, options outside it, groups over or under."""
    spec = _spec(preset)
    # The sheet's packages with the new one (limits, twice), and the new one whole (its
    # drawback and collateral damage effect): checked with the stunts and aspects they grant.
    problems = list(bought_problems(spec, bought, as_you_play=True))
    problems += [p for p in bought_problems(spec, [new]) if p.code != "packages_under"]
    for problem in problems:
        named = {k: str(v) for k, v in problem.args}
        if problem.code == "package_unknown":
            raise BadInput(problem.detail, code="package_unknown", package=named["package"])
        if problem.code == "package_option_unknown":
            raise BadInput(
                problem.detail,
                code="package_option_unknown",
                package=named["package"],
                option=named["option"],
            )
    if problems:
        refuse(problems[0].detail, problems[0].rule)
    # A stunt the sheet holds already, its own or another package's, is not granted twice.
    others = [p for p in bought if p is not new]
    held = {s.name for s in [*own_stunts(character, preset), *granted_stunts(spec, others)]}
    for stunt in granted_stunts(spec, [new]):
        if stunt.name in held:
            raise BadInput(
                f"the sheet already has a stunt called {stunt.name!r}",
                code="package_stunt_held",
                name=stunt.name,
            )


def _package_name(spec: Packages, key: str) -> str:
    found = spec.package(key)
    return found.name if found is not None else key


def _check_buy(
    character: Character, choice: BuyPackage, preset: Preset, refresh: int, stunts_bought: int
) -> None:
    """A package bought at a milestone: what the rule set takes on a sheet, paid as at
    creation, with no more refresh than the milestone spends and never below the minimum."""
    bought = _bought_after(character, choice)
    _package_fits(character, preset, choice.package, bought)
    _check_cost(character, choice, preset, refresh, stunts_bought)


def _check_cost(
    character: Character,
    choice: BuyPackage | SwapPackage | AddPackageOptions,
    preset: Preset,
    refresh: int,
    stunts_bought: int = 1,
) -> None:
    """The refresh a package change spends, as its rules allow it: a package bought, or
    options on one held, spend at most the milestone's stunts' worth (none paid back, for
    options) and never leave less than the minimum; a package changed is worth one stunt and
    its new one the same."""
    spec = _spec(preset)
    if isinstance(choice, SwapPackage):
        old = next((p for p in character.packages if p.key == choice.old), None)
        was = 0 if old is None else package_cost(spec, old)
        now = package_cost(spec, choice.new)
        if was > 1 or now != was:
            refuse(
                f"{_package_name(spec, choice.old)} is worth {was} stunts and "
                f"{_package_name(spec, choice.new.key)} {now}: a milestone changes one stunt's "
                "worth for the same",
                PACKAGE_SWAP_RULE,
            )
        return
    spent = _package_refresh(character, preset, _bought_after(character, choice))
    most = stunts_bought * preset.stunt_cost
    if isinstance(choice, BuyPackage):
        name = _package_name(spec, choice.package.key)
        what, why = f"{name} costs", PACKAGE_BUY_RULE
        buying = f"buying {name} costs"
    else:
        name = _package_name(spec, choice.key)
        what, why = f"these options on {name} cost", PACKAGE_OPTIONS_RULE
        buying = what
    if spent > most:
        refuse(f"{what} {spent} refresh; a milestone spends at most {most} on it", why)
    if spent < 0:
        refuse(
            f"{what} {spent} refresh, paying some back; a milestone buys options, it does not "
            "sell them",
            why,
        )
    if refresh - spent < preset.min_refresh:
        refuse(
            f"{buying} {spent} refresh and would leave {refresh - spent}; at least "
            f"{preset.min_refresh} must remain",
            PACKAGE_COST_RULE,
        )


def package_cost_fits(
    character: Character,
    choice: BuyPackage | SwapPackage | AddPackageOptions,
    preset: Preset,
    *,
    refresh_added: bool = False,
) -> bool:
    """Whether the refresh ``choice`` spends is one a milestone allows (the judge's own cost
    check, :func:`fitting_change` asks the rest): a change refused here is refused by the
    milestone whatever else holds, so offers ask this first and judge the rest only then."""
    refresh = character.refresh + (1 if refresh_added else 0)
    try:
        _check_cost(character, choice, preset, refresh, milestone_refresh(refresh_added))
    except FateError:
        return False
    return True


def _check_options(
    character: Character,
    choice: AddPackageOptions,
    preset: Preset,
    refresh: int,
    stunts_bought: int,
) -> None:
    """Options bought at a milestone on a package the sheet holds: what the rule set takes on
    a sheet, paid as at creation, with no more refresh than the milestone spends, none paid
    back, and never below the minimum."""
    spec = _spec(preset)
    if not any(p.key == choice.key for p in character.packages):
        raise BadInput(
            f"{character.name} has not bought {_package_name(spec, choice.key)}",
            code="package_not_bought",
            package=_package_name(spec, choice.key),
        )
    if not choice.options:
        raise BadInput("name the options to buy on the package", code="package_options_none")
    bought = _bought_after(character, choice)
    new = next(p for p in bought if p.key == choice.key)
    _package_fits(character, preset, new, bought)
    _check_cost(character, choice, preset, refresh, stunts_bought)


def _check_swap(character: Character, choice: SwapPackage, preset: Preset) -> None:
    """A package changed for another at a milestone: a single stunt's worth for the same."""
    spec = _spec(preset)
    old = next((p for p in character.packages if p.key == choice.old), None)
    if old is None:
        raise BadInput(
            f"{character.name} has not bought {_package_name(spec, choice.old)}",
            code="package_not_bought",
            package=_package_name(spec, choice.old),
        )
    _package_fits(character, preset, choice.new, _bought_after(character, choice))
    _check_cost(character, choice, preset, character.refresh)


def _set(skills: dict[str, int], key: str, rating: int) -> None:
    # Mediocre skills are left off the sheet, as players write them.
    if rating == 0:
        skills.pop(key, None)
    else:
        skills[key] = rating


def _known_skill(preset: Preset, key: str) -> None:
    if not preset.has_skill(key):
        raise BadInput(
            f"{key!r} is not a {preset.name} skill; use one of: {', '.join(preset.skill_keys)}"
        )


def _stunt_index(character: Character, name: str) -> int:
    for i, stunt in enumerate(character.stunts):
        if stunt.name == name:
            return i
    raise BadInput(f"{character.name} has no stunt called {name!r}")


def apply_milestone(
    character: Character, choice: MilestoneChoice, preset: Preset | None = None
) -> None:
    """Make one milestone change."""
    chosen = _preset(character, preset)
    plan = planned_change(character, choice, chosen, character.refresh)
    commit_plan(character, plan, chosen)


def milestone_as_recorded(
    character: Character, choice: MilestoneChoice, preset: Preset | None = None
) -> None:
    """A milestone change as a table's log recorded it (checked by no rule: see
    :func:`apply_milestone`)."""
    chosen = _preset(character, preset)
    plan = _changed(character, choice, chosen, character.refresh)
    commit_plan(character, plan, chosen, as_recorded=True)


def commit_plan(
    character: Character, plan: ChangePlan, preset: Preset, *, as_recorded: bool = False
) -> None:
    """Write ``plan`` on the sheet, with the stress boxes and slots its skills and stunts give."""
    if plan.skills != character.skills and not as_recorded:
        _not_moded(character, preset)
    # New stress and slots are worked out before anything changes: losing a filled slot raises
    # (a change a log recorded keeps what it had, as it did when it was judged).
    stress, slots = fitted_harm(
        character, preset, skills=plan.skills, stunts=plan.stunts, keep_filled=as_recorded
    )
    character.skills = plan.skills
    character.stunts = plan.stunts
    character.refresh = plan.refresh
    for aspect in character.aspects:
        if aspect.id in plan.aspect_names:
            aspect.name = plan.aspect_names[aspect.id]
    character.stress = stress
    character.consequences = slots
    if plan.packages is not None:
        _regrant(character, preset, plan.packages)


def _regrant(character: Character, preset: Preset, bought: list[BoughtPackage]) -> None:
    """Write ``bought`` on the sheet: the aspects a package no longer grants leave it, those
    granted anew join it (their stunts are the plan's)."""
    wanted = Counter(granted_aspects(preset.packages, bought))
    granted = {a.id for a in package_aspects(character)}
    kept = []
    for aspect in character.aspects:
        if aspect.id in granted:
            if wanted[aspect.name] <= 0:
                continue
            wanted[aspect.name] -= 1
        kept.append(aspect)
    character.aspects = kept
    character.packages = list(bought)
    grant_packages(character, preset)


def _not_moded(character: Character, preset: Preset) -> None:
    """Refuse to rate a skill anew on a sheet whose ratings follow from its modes: there a step
    is bought within a mode (the sheet's skill_improvements), paid from the budget."""
    if isinstance(preset.shape, ModeShape):
        raise IllegalAction(
            f"{character.name}'s skills follow from the modes: improve a skill within its mode "
            "instead (the sheet's skill_improvements; skill points earned add to the budget)",
            MODE_IMPROVE_RULE,
        )


def raised_skills(
    skills: Mapping[str, int], steps: Sequence[str], preset: Preset, *, columns: bool = True
) -> dict[str, int]:
    """``skills`` with one step added per entry of ``steps``; with ``columns``, refused when a
    tier ends up holding more skills than the tier below (the column rule)."""
    for key in steps:
        _known_skill(preset, key)
    raised = _stepped(skills, steps)
    problems = column_problems(raised) if columns else []
    if problems:
        names = ", ".join(preset.skill_name(k) for k in steps)
        refuse(
            f"raising {names} leaves {problems[0].detail}; raise lower skills first or bank the "
            "step",
            COLUMN_RULE,
        )
    return raised


def _stepped(skills: Mapping[str, int], steps: Sequence[str]) -> dict[str, int]:
    raised = dict(skills)
    for key in steps:
        raised[key] = raised.get(key, 0) + 1
    return raised


def raise_skills(character: Character, steps: Sequence[str], preset: Preset | None = None) -> None:
    """Spend banked skill steps, one step per entry in ``steps``, all at once.

    The column rule is checked on the result, so raising Lore to Fair (+2) can be paired with
    raising Empathy to Average (+1) to keep the tiers in order.
    """
    chosen = _preset(character, preset)
    if not steps:
        raise BadInput("name at least one skill to raise")
    if len(steps) > character.skill_steps_banked:
        raise IllegalAction(
            f"{len(steps)} steps asked for but {character.skill_steps_banked} banked",
            BANKED_RULE,
        )
    _not_moded(character, chosen)
    # Fate Accelerated's approaches keep no columns (its milestones' own rule).
    columns = chosen.advancement is not AdvancementStyle.ACCELERATED
    skills = raised_skills(character.skills, steps, chosen, columns=columns)
    plan = ChangePlan(skills, list(character.stunts), character.refresh, {})
    commit_plan(character, plan, chosen)
    character.skill_steps_banked -= len(steps)


def skills_raised_as_recorded(
    character: Character, steps: Sequence[str], preset: Preset | None = None
) -> None:
    """Banked skill steps spent as a table's log recorded it (checked by no rule: see
    :func:`raise_skills`)."""
    chosen = _preset(character, preset)
    plan = ChangePlan(
        _stepped(character.skills, steps), list(character.stunts), character.refresh, {}
    )
    commit_plan(character, plan, chosen, as_recorded=True)
    character.skill_steps_banked = max(0, character.skill_steps_banked - len(steps))


def apply_breakthrough(
    character: Character,
    breakthrough: Breakthrough,
    clock: Clock,
    preset: Preset | None = None,
) -> None:
    """Carry out a breakthrough: everything is checked before anything changes."""
    chosen = _preset(character, preset)
    steps = 1 + (1 if breakthrough.gm_skill_step else 0)
    refresh = character.refresh + (1 if breakthrough.gm_refresh else 0)
    if breakthrough.milestone is not None:
        plan = planned_change(
            character,
            breakthrough.milestone,
            chosen,
            refresh,
            stunts_bought=milestone_refresh(breakthrough.gm_refresh),
        )
    else:
        plan = ChangePlan(dict(character.skills), list(character.stunts), refresh, {})
    if breakthrough.high_concept is not None:
        high = character.high_concept
        if high is None:
            raise BadInput(f"{character.name} has no high concept to rewrite")
        if not breakthrough.high_concept.strip():
            raise BadInput("the rewritten high concept needs a name")
        plan.aspect_names[high.id] = breakthrough.high_concept.strip()
    to_start, to_clear = _recovery(
        character, breakthrough.recovery_names, breakthrough.clear_recovering
    )
    banked = character.skill_steps_banked + steps
    if len(breakthrough.raise_now) > banked:
        raise IllegalAction(
            f"{len(breakthrough.raise_now)} steps asked for but only {banked} available",
            BANKED_RULE,
        )
    if breakthrough.raise_now:
        plan.skills = raised_skills(plan.skills, breakthrough.raise_now, chosen)
    commit_plan(character, plan, chosen)
    for slot, name in to_start:
        slot.start_recovery(name, clock, breakthrough_moment())
    for slot in to_clear:
        slot.clear()
    character.refresh_awarded += 1 if breakthrough.gm_refresh else 0
    character.skill_steps_earned += steps
    character.skill_steps_banked = banked - len(breakthrough.raise_now)


def breakthrough_as_recorded(
    character: Character,
    breakthrough: Breakthrough,
    clock: Clock,
    preset: Preset | None = None,
    *,
    moment: Moment | None = None,
    clear_all: bool = False,
) -> None:
    """A breakthrough as a table's log recorded it (checked by no rule: see
    :func:`apply_breakthrough`). Its recovery starts at ``moment`` (by default the
    breakthrough's own, :func:`breakthrough_moment`); ``clear_all`` clears every recovering
    consequence, whatever the player chose."""
    chosen = _preset(character, preset)
    steps = 1 + (1 if breakthrough.gm_skill_step else 0)
    refresh = character.refresh + (1 if breakthrough.gm_refresh else 0)
    if breakthrough.milestone is not None:
        plan = _changed(character, breakthrough.milestone, chosen, refresh)
    else:
        plan = ChangePlan(dict(character.skills), list(character.stunts), refresh, {})
    high = character.high_concept
    if breakthrough.high_concept is not None and high is not None:
        plan.aspect_names[high.id] = breakthrough.high_concept.strip()
    clear = None if clear_all else breakthrough.clear_recovering
    to_start, to_clear = _recovery_as_recorded(character, breakthrough.recovery_names, clear)
    plan.skills = _stepped(plan.skills, breakthrough.raise_now)
    commit_plan(character, plan, chosen, as_recorded=True)
    mark = clock.mark(breakthrough_moment() if moment is None else moment)
    for slot, name in to_start:
        slot.recovery_started(name, mark)
    for slot in to_clear:
        slot.clear()
    character.refresh_awarded += 1 if breakthrough.gm_refresh else 0
    character.skill_steps_earned += steps
    banked = character.skill_steps_banked + steps
    character.skill_steps_banked = max(0, banked - len(breakthrough.raise_now))


def breakthrough_moment() -> Moment:
    """When in play the recovery a breakthrough starts begins: between arcs, so the next session
    is already a whole one after it."""
    return Moment.BETWEEN_ARCS


def _recovery(
    character: Character, names: Mapping[str, str], clear: frozenset[str] | None
) -> tuple[list[tuple[ConsequenceSlot, str]], list[ConsequenceSlot]]:
    """The untreated heavy consequences to start recovering (with names) and the recovering
    ones to clear."""
    untreated: dict[str, tuple[ConsequenceSlot, str]] = {}
    recovering: dict[str, ConsequenceSlot] = {}
    for slot in character.consequences:
        if slot.aspect is None or slot.severity not in (Severity.MODERATE, Severity.SEVERE):
            continue
        if slot.recovering:
            recovering[slot.aspect.id] = slot
        else:
            untreated[slot.aspect.id] = (slot, slot.aspect.label)
    unknown = sorted(set(names) - set(untreated))
    if unknown:
        raise BadInput(
            f"no untreated moderate or severe consequence has the id {', '.join(unknown)}"
        )
    # The player chooses which recovering ones clear (the text says they *may* be removed).
    if clear is None:
        to_clear = list(recovering.values())
    else:
        stray = sorted(clear - set(recovering))
        if stray:
            raise BadInput(
                f"no recovering moderate or severe consequence has the id {', '.join(stray)}"
            )
        to_clear = [slot for key, slot in recovering.items() if key in clear]
    # Starting recovery is the player's choice, one consequence or more: those given no new
    # name stay as they are, untreated.
    chosen = [
        (slot, names[key]) for key, (slot, _) in untreated.items() if names.get(key, "").strip()
    ]
    return chosen, to_clear


def _recovery_as_recorded(
    character: Character, names: Mapping[str, str], clear: frozenset[str] | None
) -> tuple[list[tuple[ConsequenceSlot, str]], list[ConsequenceSlot]]:
    """What :func:`_recovery` gives for a breakthrough a table's log recorded, checked by no
    rule (``clear`` ``None``: every recovering consequence clears)."""
    chosen: list[tuple[ConsequenceSlot, str]] = []
    to_clear: list[ConsequenceSlot] = []
    for slot in character.consequences:
        if slot.aspect is None or slot.severity not in (Severity.MODERATE, Severity.SEVERE):
            continue
        if slot.recovering:
            if clear is None or slot.aspect.id in clear:
                to_clear.append(slot)
        elif names.get(slot.aspect.id, "").strip():
            chosen.append((slot, names[slot.aspect.id]))
    return chosen, to_clear
