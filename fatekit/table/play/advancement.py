"""Advancement: a PC's milestone change, a breakthrough after a major milestone, and skill steps
banked earlier spent later, each checked by the rules of advancement before the sheet is
rewritten. Fate Core and Fate Accelerated tables spend their minor, significant and major
milestones with :class:`SpendMilestone` instead: its decider judges the move with the rules
(:mod:`fatekit.rules.characters.milestones`) and its event records the sheet the milestone left
and the extreme consequences it turned into aspects, which its fold writes as recorded.

Each event records the sheet as its move left it (:class:`~fatekit.table.base.SheetFact`), and
its fold step writes that sheet back without asking the rules of advancement again (the column
rule, refresh's floor, the milestone open), so a later fix to them changes the advancements made
after it. Events logged before sheets were recorded are played through the rules.
"""

from __future__ import annotations

import copy
import json
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import product
from threading import Lock
from typing import Literal

from fatekit.formats.character_json import character_from_dict, character_to_dict, stunt_dict
from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.aspects.stunts import Stunt
from fatekit.rules.characters.advancement import (
    MILESTONE_RULE,
    AddPackageOptions,
    BuyPackage,
    BuyStunt,
    MilestoneChoice,
    ReplaceSkill,
    RewriteAspect,
    RewriteStunt,
    SwapPackage,
    SwapSkills,
    apply_breakthrough,
    apply_milestone,
    breakthrough_as_recorded,
    breakthrough_moment,
    fitting_change,
    milestone_as_recorded,
    package_cost_fits,
    raise_skills,
    skills_raised_as_recorded,
)
from fatekit.rules.characters.advancement import Breakthrough as BreakthroughChoice
from fatekit.rules.characters.character import Character, fitted_harm, package_aspects
from fatekit.rules.characters.milestones import (
    MilestoneSpending,
    check_banked_raise,
    settled_place,
    skill_cap,
    spend_milestone,
)
from fatekit.rules.characters.modes import ModeShape
from fatekit.rules.characters.packages import (
    PACKAGE_ASPECT_PREFIX,
    BoughtPackage,
    PackageDef,
    Packages,
)
from fatekit.rules.characters.preset import AdvancementStyle, Preset
from fatekit.rules.core.clock import Milestone as MilestoneKind
from fatekit.rules.core.clock import Moment
from fatekit.rules.core.errors import BadInput, FateError
from fatekit.rules.core.tracks import Track
from fatekit.rules.core.waivers import refuse
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
from fatekit.rules.harm.stress import StressBox, StressTrack
from fatekit.table import telling as say
from fatekit.table.base import Command, Event, SheetFact, StuntText
from fatekit.table.codec import to_json
from fatekit.table.deciding import (
    Context,
    allowed,
    decides,
    play_goes_on,
    require_control,
    require_gm,
)
from fatekit.table.fact_records import PackageFact
from fatekit.table.facts import assign_facts, facts_of, package_facts, records_sheet
from fatekit.table.folding import assigns, folds, judges
from fatekit.table.regions import Region, moves
from fatekit.table.seats import Seat
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shown_whole, shows
from fatekit.table.state import TableState
from fatekit.table.telling import tells, when
from fatekit.table.upcasting import older

__all__ = [
    "Breakthrough",
    "BreakthroughTaken",
    "ChangeKind",
    "Milestone",
    "MilestoneChange",
    "MilestoneSpent",
    "MilestoneTaken",
    "PackageChange",
    "RaiseSkills",
    "SkillsRaised",
    "SpendMilestone",
    "advance_offers",
    "check_advancer",
    "check_gm_powers",
    "check_milestone_open",
    "check_sheet_still",
    "package_offers",
]

# -- commands ----------------------------------------------------------------------------------


class ChangeKind(StrEnum):
    """The milestone changes a player may make (Fate Condensed § Advancement > Milestones)."""

    SWAP_SKILLS = "swap_skills"  # first, second
    REPLACE_SKILL = "replace_skill"  # old (an Average skill), new
    REWRITE_STUNT = "rewrite_stunt"  # old (the stunt's name), stunt
    BUY_STUNT = "buy_stunt"  # stunt
    REWRITE_ASPECT = "rewrite_aspect"  # aspect_id, name
    BUY_PACKAGE = "buy_package"  # package (its key), options
    SWAP_PACKAGE = "swap_package"  # old (the key of the package bought), package, options
    ADD_PACKAGE_OPTIONS = "add_package_options"  # package (the key of one bought), options


@dataclass(frozen=True, slots=True, kw_only=True)
class MilestoneChange:
    """One milestone change, with the fields its ``kind`` needs (see :class:`ChangeKind`).

    ``stunt`` is a stunt as JSON text, written as in a character file's ``stunts`` list.
    ``package`` is the key of a rule set's package and ``options`` the options bought on it,
    one entry a purchase (added with issue 41's packages: older changes name none).
    """

    kind: ChangeKind
    first: str | None = None
    second: str | None = None
    old: str | None = None
    new: str | None = None
    stunt: StuntText | None = None
    aspect_id: str | None = None
    name: str | None = None
    package: str | None = None
    options: tuple[str, ...] | None = None


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


@dataclass(frozen=True, slots=True, kw_only=True)
class SpendMilestone(Command):
    """Spend a PC's open Fate Core or Fate Accelerated milestone (minor, significant or major,
    as ``EndSession`` opened it), by the PC's owner or the GM.

    ``change`` is the minor milestone's one change (every level has it; none: no change).
    ``recovery_names`` gives (consequence aspect id, new name) for each consequence to start
    recovering (Fate Core: moderate ones, and severe ones from a significant milestone);
    ``clear`` names consequences to clear (Fate Accelerated: those around for two sessions).
    ``raise_now`` spends skill points (one entry a step; a significant or major milestone gives
    one). At a major milestone ``high_concept`` renames the high concept and ``extreme_names``
    gives (extreme consequence aspect id, name) for each extreme consequence that becomes a
    permanent aspect.
    """

    character_id: str
    change: MilestoneChange | None = None
    recovery_names: tuple[tuple[str, str], ...] = ()
    clear: tuple[str, ...] = ()
    raise_now: tuple[str, ...] = ()
    high_concept: str | None = None
    extreme_names: tuple[tuple[str, str], ...] = ()


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


@dataclass(frozen=True, slots=True, kw_only=True)
class SettledExtreme:
    """An extreme consequence a major milestone turned into a permanent aspect: the
    consequence's id, and the aspect it became (in the place, id and kind, of the one it had
    replaced)."""

    consequence_id: str
    aspect_id: str
    kind: AspectKind
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class MilestoneSpent(Event):
    """A PC spent an open Fate Core or Fate Accelerated milestone of ``level``, as asked (the
    command's fields). The rules judged it when it was decided; what it did is recorded here:
    ``sheet``, the sheet it left (skills, stunts, refresh, aspects' names, the consequences it
    started recovering, skill points and refresh awarded), ``cleared`` the consequences it
    cleared and ``settled`` the extreme consequences that became aspects."""

    character_id: str
    level: MilestoneKind
    change: MilestoneChange | None
    recovery_names: tuple[tuple[str, str], ...]
    clear: tuple[str, ...]
    raise_now: tuple[str, ...]
    high_concept: str | None
    extreme_names: tuple[tuple[str, str], ...]
    sheet: SheetFact
    cleared: tuple[str, ...] = ()
    settled: tuple[SettledExtreme, ...] = ()


# -- who may, and the events a command becomes -------------------------------------------------


def check_advancer(state: TableState, seat: Seat, character_id: str) -> None:
    """The seat's part of every advancement move (a milestone, a breakthrough, banked skill
    steps): it acts for the PC (its player, or the GM)."""
    require_control(state, seat, character_id, "advance them")


def check_gm_powers(seat: Seat) -> None:
    """Refuse unless ``seat`` may add the GM's power-up at a breakthrough (a point of refresh,
    a skill step): the GM's alone."""
    require_gm(seat, "add refresh or a skill step at a breakthrough")


def check_sheet_still(state: TableState) -> None:
    """Refuse while a conflict runs: a sheet does not change during one (a milestone's,
    a breakthrough's or banked skill steps' changes wait for its end)."""
    if state.conflict is not None:
        raise BadInput("a sheet cannot change during a conflict", code="sheet_in_conflict")


def check_milestone_open(state: TableState, character_id: str, kind: MilestoneKind) -> None:
    """Refuse unless ``character_id`` has an open milestone of ``kind`` (a rule the GM may set
    aside, for one spent anyway)."""
    if state.milestones.get(character_id) is not kind:
        name = state.game.character(character_id).name
        what = "milestone" if kind is MilestoneKind.MINOR else "breakthrough"
        refuse(
            f"{name} has no {what} to spend: the GM opens one by ending a session at "
            f"a {kind.value} milestone",
            MILESTONE_RULE,
        )


#: The advancement moves a seat may be offered on a PC (the command that spends its open
#: milestone in the table's book, or banked skill steps spent).
AdvanceMove = Literal["Milestone", "Breakthrough", "SpendMilestone", "RaiseSkills"]


def advance_offers(state: TableState, seat: Seat, character: Character) -> list[AdvanceMove]:
    """The advancement moves ``seat`` may make with ``character`` now, by the checks their
    deciders and the rules make: it acts for the PC (:func:`check_advancer`), no conflict runs
    (:func:`check_sheet_still`), and the PC has an open milestone (spent by the command its
    book takes) or banked skill steps."""
    cid = character.id
    # controls() first: the test require_control makes, answered without a refusal raised.
    if not (
        play_goes_on(state)
        and state.controls(seat.id, cid)
        and allowed(check_advancer, state, seat, cid)
        and allowed(check_sheet_still, state)
    ):
        return []
    found: list[AdvanceMove] = []
    level = state.milestones.get(cid)
    if level is not None:
        if state.game.ruleset.preset.advancement is not AdvancementStyle.CONDENSED:
            found.append("SpendMilestone")
        elif allowed(check_milestone_open, state, cid, MilestoneKind.MINOR):
            found.append("Milestone")
        elif allowed(check_milestone_open, state, cid, MilestoneKind.MAJOR):
            found.append("Breakthrough")
    # A moded sheet buys steps within its modes (a rewrite), never by RaiseSkills.
    if character.skill_steps_banked > 0 and not isinstance(
        state.game.ruleset.preset.shape, ModeShape
    ):
        found.append("RaiseSkills")
    return found


@dataclass(frozen=True, slots=True)
class PackageExtra:
    """An option the same change may buy on top (``option``), and the refresh the change
    costs with it (``refresh``)."""

    option: str
    refresh: int


@dataclass(frozen=True, slots=True)
class PackageChange:
    """A package a PC may buy (``replaces`` ``None``) or take in the place of one it bought,
    with the options a package must take chosen (``options``), at the milestone it has open,
    and the refresh that costs (``refresh``; the major milestone's new point not counted).
    ``extras``: each option the same change also takes, one at a time. With ``adds``, the
    change buys ``options`` (one) on the package the sheet holds under ``key``."""

    key: str
    options: tuple[str, ...]
    refresh: int
    replaces: str | None = None
    adds: bool = False
    extras: tuple[PackageExtra, ...] = ()


#: The most ways of taking one package offered (the product of its groups' required options).
MAX_PACKAGE_PICKS = 36


def package_offers(
    state: TableState, character: Character, offers: Sequence[str]
) -> list[PackageChange]:
    """The packages ``character`` may buy or change one for at its open milestone, spent by the
    move ``offers`` holds (its deciders' checks already made): each way of taking a package
    that the rules accept, judged by the very function the milestone's judge runs
    (:func:`~fatekit.rules.characters.advancement.fitting_change`). A way is one option from
    each group a package must take from (Venture City: a drawback, a collateral damage
    effect), with the options of the other groups it may take on top, each alone
    (``extras``); and each option a package the sheet holds may take (``adds``). With
    ``Breakthrough`` it is offered as spent without the GM's power-up."""
    preset = state.game.ruleset.preset
    spec = preset.packages
    if spec is None or not {"Milestone", "Breakthrough", "SpendMilestone"} & set(offers):
        return []
    added = "SpendMilestone" in offers and state.milestones.get(character.id) is MilestoneKind.MAJOR
    # Every seat's view asks for the same offers, publish after publish while the milestone
    # stays open: they follow from the sheet (all of it: its repr), the rule set and the
    # refresh the milestone adds alone, so they are worked out once for each. The rule set is
    # matched as the same object or, after a copy of the state, an equal one.
    key = (preset.key, added, repr(character))
    with _OFFERS_LOCK:
        kept = _OFFERS_MEMO.get(key)
    if kept is not None and (kept[0] is preset or kept[0] == preset):
        with _OFFERS_LOCK:
            _OFFERS_MEMO[key] = (preset, kept[1])  # the next view finds this very object
            _OFFERS_MEMO.move_to_end(key)
        return list(kept[1])
    found = _package_changes(character, preset, added)
    with _OFFERS_LOCK:
        _OFFERS_MEMO[key] = (preset, tuple(found))
        while len(_OFFERS_MEMO) > OFFERS_KEPT:
            _OFFERS_MEMO.popitem(last=False)
    return found


#: How many sheets' package offers are kept (a few tables' PCs at their milestones).
OFFERS_KEPT = 64
_OFFERS_MEMO: OrderedDict[tuple[str, bool, str], tuple[Preset, tuple[PackageChange, ...]]] = (
    OrderedDict()
)
_OFFERS_LOCK = Lock()


def _package_changes(character: Character, preset: Preset, added: bool) -> list[PackageChange]:
    """Each way of buying a package, or taking one in the place of one bought, that the
    milestone's judge accepts (see :func:`package_offers`)."""
    spec = preset.packages
    assert spec is not None  # package_offers asks only at a table with packages
    found: list[PackageChange] = []
    for package in spec.packages:
        for options in _picks(spec, package):
            new = BoughtPackage(package.key, options)
            tried: list[BuyPackage | SwapPackage] = [BuyPackage(new)]
            tried += [SwapPackage(old.key, new) for old in character.packages]
            for choice in tried:
                spent = _spent(character, choice, preset, added)
                if spent is None:
                    continue
                extras = tuple(
                    PackageExtra(option, cost)
                    for option in _optional(spec, package.key, options)
                    if (cost := _spent(character, _plus(choice, option), preset, added)) is not None
                )
                found.append(
                    PackageChange(
                        key=package.key,
                        options=options,
                        refresh=spent,
                        replaces=choice.old if isinstance(choice, SwapPackage) else None,
                        extras=extras,
                    )
                )
    # Options bought on a package the sheet holds (Venture City's enhancements), one a way.
    for held in character.packages:
        for option in _optional(spec, held.key, held.options):
            spent = _spent(character, AddPackageOptions(held.key, (option,)), preset, added)
            if spent is not None:
                found.append(PackageChange(held.key, (option,), spent, adds=True))
    return found


def _spent(
    character: Character,
    choice: BuyPackage | SwapPackage | AddPackageOptions,
    preset: Preset,
    added: bool,
) -> int | None:
    """The refresh ``choice`` spends at the milestone, or ``None`` when the milestone refuses
    it: its cost asked first (:func:`package_cost_fits`, cheap), then the whole judge."""
    if not package_cost_fits(character, choice, preset, refresh_added=added):
        return None
    try:
        plan = fitting_change(character, choice, preset, refresh_added=added)
    except FateError:
        return None
    return character.refresh + (1 if added else 0) - plan.refresh


def _plus(choice: BuyPackage | SwapPackage, option: str) -> BuyPackage | SwapPackage:
    """``choice`` with ``option`` bought on its package too."""
    new = choice.package if isinstance(choice, BuyPackage) else choice.new
    more = BoughtPackage(new.key, (*new.options, option))
    return BuyPackage(more) if isinstance(choice, BuyPackage) else SwapPackage(choice.old, more)


def _optional(spec: Packages, key: str, options: tuple[str, ...]) -> list[str]:
    """The options that may go on the package ``key`` beside ``options``: those of the groups
    a package need not take from (a drawback or collateral damage effect is chosen with the
    package), offered on it or beside an option it has; the judge says which fit."""
    taken = {key, *options}
    return [
        o.key
        for o in spec.options
        if (group := spec.group(o.group)) is not None
        and group.least == 0
        and (not o.within or taken & set(o.within))
    ]


def _picks(spec: Packages, package: PackageDef) -> list[tuple[str, ...]]:
    """Each way of taking ``package`` with one option from each group it must take from."""
    groups = [
        [
            o.key
            for o in spec.options
            if o.group == g.key and (not o.within or package.key in o.within)
        ]
        for g in spec.groups
        if g.least > 0
    ]
    return [tuple(p) for p in product(*groups)][:MAX_PACKAGE_PICKS]


@decides(RaiseSkills)
def _raise_skills(context: Context, command: RaiseSkills) -> list[Event]:
    check_advancer(context.state, context.seat, command.character_id)
    game = context.state.game
    # Fate Core's skill cap (and Fate Accelerated's approaches' Superb) hold outside milestones.
    ratings = [r for pc in game.pcs for r in pc.skills.values()]
    preset = game.ruleset.preset
    check_banked_raise(
        game.character(command.character_id),
        command.steps,
        preset,
        cap=skill_cap(preset, ratings),
    )
    return [context.event_from(SkillsRaised, command)]


def _condensed_milestones(context: Context) -> None:
    """Refuse Fate Condensed's milestone and breakthrough at a table whose book has three."""
    preset = context.state.game.ruleset.preset
    if preset.advancement is not AdvancementStyle.CONDENSED:
        raise BadInput(
            f"{preset.name} has minor, significant and major milestones: spend them with "
            "SpendMilestone",
            code="milestone_kind",
        )


@decides(Milestone)
def _milestone(context: Context, command: Milestone) -> list[Event]:
    check_advancer(context.state, context.seat, command.character_id)
    _condensed_milestones(context)
    return [context.event_from(MilestoneTaken, command)]


@decides(Breakthrough)
def _breakthrough(context: Context, command: Breakthrough) -> list[Event]:
    check_advancer(context.state, context.seat, command.character_id)
    _condensed_milestones(context)
    if command.gm_refresh or command.gm_skill_step:
        check_gm_powers(context.seat)
    return [context.event_from(BreakthroughTaken, command)]


@decides(SpendMilestone)
def _spend_milestone(context: Context, command: SpendMilestone) -> list[Event]:
    check_advancer(context.state, context.seat, command.character_id)
    state = context.state
    game = state.game
    preset = game.ruleset.preset
    if preset.advancement is AdvancementStyle.CONDENSED:
        raise BadInput(
            f"{preset.name} has a milestone and a breakthrough: spend them with Milestone and "
            "Breakthrough",
            code="milestone_kind",
        )
    check_sheet_still(state)
    character = game.character(command.character_id)
    level = state.milestones.get(character.id)
    if level is None:
        refuse(
            f"{character.name} has no milestone to spend: the GM opens one by ending a session at "
            "a milestone",
            MILESTONE_RULE,
        )
        level = MilestoneKind.MINOR  # the GM allows one anyway: a minor milestone's change
    for pairs in (command.recovery_names, command.extreme_names):
        if len({key for key, _ in pairs}) != len(pairs):
            raise BadInput("each consequence is named once")
    spending = MilestoneSpending(
        change=None if command.change is None else milestone_choice(character, command.change),
        recovery_names=dict(command.recovery_names),
        clear=frozenset(command.clear),
        raise_now=command.raise_now,
        high_concept=command.high_concept,
        extreme_names=dict(command.extreme_names),
    )
    # The rules judge the move on a copy of the sheet; the event records what it made.
    after = copy.deepcopy(character)
    settled = [
        (slot.aspect.id, *settled_place(slot))
        for slot in character.consequences
        if slot.aspect is not None and slot.aspect.id in spending.extreme_names
    ]
    ratings = [r for pc in game.pcs for r in pc.skills.values()]
    spend_milestone(after, level, spending, game.clock, preset, cap=skill_cap(preset, ratings))
    return [
        context.event_from(
            MilestoneSpent,
            command,
            level=level,
            sheet=_sheet_after(state, after, spending.recovery_names),
            cleared=tuple(sorted(spending.clear)),
            settled=tuple(
                SettledExtreme(
                    consequence_id=consequence,
                    aspect_id=aspect_id,
                    kind=kind,
                    name=spending.extreme_names[consequence].strip(),
                )
                for consequence, aspect_id, kind in settled
            ),
        )
    ]


def _sheet_after(state: TableState, character: Character, renamed: Mapping[str, str]) -> SheetFact:
    """The sheet a milestone left, as its event records it."""
    return SheetFact(
        character=character.id,
        skills=tuple(character.skills.items()),
        stunts=tuple(json.dumps(stunt_dict(s), sort_keys=True) for s in character.stunts),
        refresh=character.refresh,
        aspects=tuple((a.id, a.name) for a in character.aspects),
        recovering=tuple(
            (index, slot.aspect.name)
            for index, slot in enumerate(character.consequences)
            if slot.aspect is not None and slot.aspect.id in renamed
        ),
        banked=character.skill_steps_banked,
        earned=character.skill_steps_earned,
        awarded=character.refresh_awarded,
        packages=package_facts(state, character),
    )


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


def _write_sheet(state: TableState, sheet: SheetFact, moment: Moment | None = None) -> None:
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
    mark = state.game.clock.mark(moment or breakthrough_moment())
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
    if sheet.packages is not None:
        _write_packages(character, sheet.packages, names)


def _write_packages(
    character: Character, packages: tuple[PackageFact, ...], names: Mapping[str, str]
) -> None:
    """The packages a sheet holds as recorded, with the aspects they granted: those of the
    recorded aspects in the packages' place (a drawback bought, or given up with its power)."""
    character.packages = [BoughtPackage(p.key, p.options) for p in packages]
    granted = {a.id for a in package_aspects(character)}
    prefix = f"{character.id}/{PACKAGE_ASPECT_PREFIX}/"
    character.aspects = [a for a in character.aspects if a.id not in granted or a.id in names]
    held = {a.id for a in character.aspects}
    for aspect_id, name in names.items():
        if aspect_id.startswith(prefix) and aspect_id not in held:
            character.aspects.append(
                Aspect(aspect_id, name, AspectKind.CHARACTER, owner=character.id)
            )


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
    _relink_treatments(state)


def _relink_treatments(state: TableState) -> None:
    """A treatment roll in play holds the very aspect of the slot it treats (its check finds
    the slot by it): once the slots are laid out anew, the new slot's aspect of the same id."""
    held = {
        slot.aspect.id: slot.aspect
        for character in state.game.characters.values()
        for slot in character.consequences
        if slot.aspect is not None
    }
    for roll in state.rolls.values():
        if roll.treats is not None and roll.treats.id in held:
            roll.treats = held[roll.treats.id]


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


@assigns(MilestoneSpent)
def _milestone_spent(state: TableState, event: MilestoneSpent) -> None:
    # Judged when it was decided (on a copy of the sheet); its event holds what it did.
    character = state.game.characters[event.character_id]
    for gone in event.cleared:
        for slot in character.consequences:
            if slot.aspect is not None and slot.aspect.id == gone:
                slot.clear()
    for settled in event.settled:
        character.consequences[:] = [
            slot
            for slot in character.consequences
            if slot.aspect is None or slot.aspect.id != settled.consequence_id
        ]
        character.aspects.append(
            Aspect(settled.aspect_id, settled.name, settled.kind, owner=character.id)
        )
    moment = Moment.ARC if event.level is MilestoneKind.MINOR else Moment.BETWEEN_ARCS
    _write_sheet(state, event.sheet, moment)
    state.milestones.pop(character.id, None)
    state.game.sync_sheets()


@judges(SkillsRaised)
def _judge_skills_raised(state: TableState, event: SkillsRaised) -> None:
    character = state.game.character(event.character_id)
    check_sheet_still(state)
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
    check_sheet_still(state)
    check_milestone_open(state, character_id, kind)
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
        ChangeKind.BUY_PACKAGE: ("package", "options"),
        ChangeKind.SWAP_PACKAGE: ("old", "package", "options"),
        ChangeKind.ADD_PACKAGE_OPTIONS: ("package", "options"),
    }[change.kind]
    given = {
        name: getattr(change, name)
        for name in (
            "first",
            "second",
            "old",
            "new",
            "stunt",
            "aspect_id",
            "name",
            "package",
            "options",
        )
        if getattr(change, name) is not None
    }
    # A package's options may be left out (none bought on it).
    if change.kind in (ChangeKind.BUY_PACKAGE, ChangeKind.SWAP_PACKAGE):
        given.setdefault("options", ())
    if set(given) != set(needs):
        raise BadInput(f"a {change.kind.value} change takes {' and '.join(needs)}, and only those")
    if change.kind is ChangeKind.BUY_PACKAGE:
        return BuyPackage(BoughtPackage(given["package"], tuple(given["options"])))
    if change.kind is ChangeKind.SWAP_PACKAGE:
        return SwapPackage(given["old"], BoughtPackage(given["package"], tuple(given["options"])))
    if change.kind is ChangeKind.ADD_PACKAGE_OPTIONS:
        return AddPackageOptions(given["package"], tuple(given["options"]))
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
    if isinstance(data, dict) and not str(data.get("name") or "").strip():
        # The panel's name field left empty: said in the seat's words, not as a file's path.
        raise BadInput("the new stunt needs a name", code="stunt_unnamed")
    sheet = character_to_dict(character)
    sheet["stunts"] = [data]
    # Without the bounds: the stunt met them when its command was decided, and the rest of the
    # sheet is the table's own (a log's, perhaps, from before them).
    return character_from_dict(sheet, bounded=False).character.stunts[0]


# -- what each seat sees -----------------------------------------------------------------------

# A PC's advancement: the sheet and its facts (CHARACTERS), and the milestone it spends (TIME:
# the milestones part reads them). SkillsRaised and MilestoneSpent are left writing every
# region: no game of tests/table/test_incremental_documents.py plays them yet.
moves({Region.TIME}, MilestoneTaken, BreakthroughTaken)


shown_whole(SkillsRaised)


@shows(MilestoneSpent)
def _show_milestone_spent(viewer: Viewer, event: MilestoneSpent, data: JSON) -> JSON:
    # The recorded sheet is the log's own: a seat reads what the milestone did from the fields
    # it asked with, and the names of aspects it may see.
    del data["sheet"]
    if event.change is not None:
        data["change"] = _change_for(viewer, event.change)
    if event.high_concept is not None and not _sees_high_concept(viewer, event.character_id):
        data["high_concept"] = None
    data["recovery_names"] = [
        [aspect_id, name if viewer.sees_aspect_id(aspect_id) else None]
        for aspect_id, name in event.recovery_names
    ]
    sees = viewer.sees_sheet(event.character_id)
    data["extreme_names"] = [
        [aspect_id, name if sees else None] for aspect_id, name in event.extreme_names
    ]
    data["settled"] = [{**s, "name": s["name"] if sees else None} for s in data.get("settled", [])]
    return data


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


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(BreakthroughTaken, "BreakthroughTaken", who=say.who("character_id"))
tells(MilestoneTaken, "MilestoneTaken", who=say.who("character_id"))
# Fate Core's and Fate Accelerated's milestones: the level spent, and the extreme consequences a
# major one made lasting aspects (their names as the seat may know them).
tells(
    MilestoneSpent,
    (when("MilestoneSpent.settled", "settled"), when("MilestoneSpent.{level}")),
    who=say.who("character_id"),
    aspect=say.names("settled", item="name", style="aspect"),
)
tells(SkillsRaised, "SkillsRaised", who=say.who("character_id"), skills=say.skills("steps"))
