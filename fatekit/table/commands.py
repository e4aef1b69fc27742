"""Commands: what a seat asks the table to do. Each is a frozen value; the table checks it
against the rules and the seat's permissions (:func:`fatekit.table.handle`) and, when it is valid,
turns it into events.

Dice are fields of the commands that roll: give the faces read off physical dice (``"+0-+"``,
``"1 4 5 6"``), or leave them ``None`` and the table rolls when it handles the command. Either way
the faces go into the event, so replaying the log never rolls again.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from fatekit.rules.aspects.compels import CompelKind
from fatekit.rules.aspects.invokes import InvokeEffect
from fatekit.rules.aspects.stunts import Track
from fatekit.rules.core.actions import Action
from fatekit.rules.options.big_bad_solo import SuppressMode
from fatekit.rules.options.big_bads import ImmunityKind
from fatekit.rules.options.countdowns import Visibility
from fatekit.rules.options.obstacles import CoverUse
from fatekit.rules.options.scale import ScaleBenefit
from fatekit.rules.scenes.clock import Milestone as MilestoneKind
from fatekit.rules.scenes.conflict import ConflictKind, FocusKind
from fatekit.table.seats import NoteVisibility, Role

__all__ = [
    "COMMAND_TYPES",
    "Absorb",
    "AddBlock",
    "AddCharacter",
    "AddCountdown",
    "AddHazard",
    "AddSeat",
    "AddSituationAspect",
    "AddTemplate",
    "AnswerCompel",
    "AssignTargets",
    "Attack",
    "BreakImmunity",
    "Breakthrough",
    "ChallengeRoll",
    "ChangeKind",
    "Command",
    "CompelAnswer",
    "Concede",
    "ContestForfeit",
    "ContestRoll",
    "CreateAdvantage",
    "CreateTable",
    "DeclareStoryDetail",
    "EndChallenge",
    "EndContest",
    "EndScene",
    "EndSession",
    "EndTurn",
    "Equip",
    "ExtremeConsequence",
    "FinishConflict",
    "FireTrigger",
    "FreeMove",
    "FullDefense",
    "Invoke",
    "MarkCountdown",
    "Milestone",
    "MilestoneChange",
    "MissEveryone",
    "Note",
    "OfferCompel",
    "Overcome",
    "PassFreeInvoke",
    "RemoveAspect",
    "RemoveSeat",
    "RemoveTemplate",
    "ResolveRoll",
    "ResolveTargets",
    "RevealAspect",
    "RevealCharacter",
    "Roll",
    "SelfCompel",
    "SelfCompelAnswer",
    "SetBigBad",
    "SetScale",
    "Shield",
    "SplitAttack",
    "StartChallenge",
    "StartConflict",
    "StartContest",
    "StartScene",
    "StartSession",
    "TakeOut",
    "Undo",
    "UpdateCharacter",
    "ZoneAttack",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class Command:
    """Base of every command."""


# -- the table and its seats ------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CreateTable(Command):
    """Open a table with its ruleset; the creator takes the seat ``gm_seat`` as GM."""

    name: str
    preset: str = "condensed"
    options: tuple[str, ...] = ()
    skill_list: str | None = None
    gm_seat: str = "gm"
    gm_name: str = "GM"


@dataclass(frozen=True, slots=True, kw_only=True)
class AddSeat(Command):
    """Seat someone new (GM only). The seat id is chosen by the caller and must be new."""

    seat_id: str
    role: Role
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveSeat(Command):
    """Take a seat away (GM only); its characters pass to the GM."""

    seat_id: str


# -- characters -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class AddCharacter(Command):
    """Bring a character to the table: ``sheet`` is a character file (JSON text).

    A PC belongs to ``owner`` (a player's seat; a player may add only their own); NPCs belong to
    the GM and stay unrevealed, showing players only their name and unhidden aspects, unless
    ``revealed``. ``hidden_aspects`` names sheet aspects (by id) kept from the players.
    """

    sheet: str
    owner: str | None = None
    revealed: bool = False
    hidden_aspects: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class UpdateCharacter(Command):
    """Rewrite a sheet (the GM, or a PC's owner), not during a conflict. The fate points stay as
    the table's ledger has them."""

    sheet: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RevealCharacter(Command):
    """Show an NPC's whole sheet to the players (GM only)."""

    character_id: str


# -- sessions and scenes ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class StartSession(Command):
    """Begin a session: each PC starts with at least their refresh."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EndSession(Command):
    """End the session, counting a milestone if one was reached (a major one closes the arc)."""

    milestone: MilestoneKind | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class StartScene(Command):
    """Begin a scene with its participants and, optionally, a zone map.

    ``links`` connects zones in pairs; ``positions`` places participants in zones.
    """

    name: str
    participants: tuple[str, ...]
    zones: tuple[str, ...] = ()
    links: tuple[tuple[str, str], ...] = ()
    positions: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class EndScene(Command):
    """End the running scene; ``keep`` names situation aspects that outlast it."""

    keep: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class AddSituationAspect(Command):
    """Put a situation (or zone) aspect in the scene (GM only); a hidden one is known only to the
    characters in ``known_to``. ``free_invokes`` gives (holder, count) pairs."""

    name: str
    zone: str | None = None
    hidden: bool = False
    known_to: tuple[str, ...] = ()
    free_invokes: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class RevealAspect(Command):
    """Reveal a hidden aspect to everyone, or only to the characters in ``to`` (GM only)."""

    aspect_id: str
    to: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveAspect(Command):
    """Take a scene aspect out of play (GM only)."""

    aspect_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AddCountdown(Command):
    """Start a countdown in the scene (GM only; the countdowns option)."""

    countdown_id: str
    name: str
    boxes: int
    outcome: str
    triggers: tuple[str, ...] = ()
    visibility: Visibility = Visibility.SHOWN


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkCountdown(Command):
    """Mark boxes of a countdown by the GM's say-so."""

    countdown_id: str
    count: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class FireTrigger(Command):
    """Tell the scene's countdowns that ``trigger`` happened (GM only)."""

    trigger: str


# -- compels ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class OfferCompel(Command):
    """Offer a compel of ``aspect_id`` on ``target``. ``offered_by`` is a character the seat
    controls (a player pays a fate point to offer), or ``None`` for the GM's free offer."""

    aspect_id: str
    target: str
    complication: str
    offered_by: str | None = None
    kind: CompelKind = CompelKind.EVENT


class CompelAnswer(StrEnum):
    """The answers to a compel."""

    ACCEPT = "accept"
    REFUSE = "refuse"
    WITHDRAW = "withdraw"


@dataclass(frozen=True, slots=True, kw_only=True)
class AnswerCompel(Command):
    """``accept`` or ``refuse`` (the target's seat), or ``withdraw`` (the offerer's or the GM)."""

    compel_id: str
    answer: CompelAnswer


# -- rolls ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Roll(Command):
    """An action roll outside a conflict: overcome or create an advantage, against a
    ``difficulty`` or an active ``against`` (who defends with ``defend_skill``).

    ``aspect_id`` aims a create an advantage at an existing aspect. ``dice`` and
    ``defend_dice`` are entered faces, or ``None`` for the table to roll.
    """

    actor: str
    action: Action
    skill: str
    difficulty: int | None = None
    against: str | None = None
    defend_skill: str | None = None
    aspect_id: str | None = None
    dice: str | None = None
    defend_dice: str | None = None
    stunts: tuple[str, ...] = ()  # the actor's stunts that apply, by name
    hidden_difficulty: bool = False  # the GM's screen: players see the outcome, not the number


@dataclass(frozen=True, slots=True, kw_only=True)
class Invoke(Command):
    """Invoke an aspect on the roll in play, for the character ``by`` (one the seat controls).

    ``on_defence`` invokes on the defender's roll instead. A reroll rolls (or takes ``dice``).
    """

    aspect_id: str
    by: str
    effect: InvokeEffect = InvokeEffect.PLUS_TWO
    free: bool = False
    on_defence: bool = False
    dice: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ResolveRoll(Command):
    """Settle the roll in play with one of its options (needed when the outcome offers a
    choice); ``aspect_name`` names a created aspect, ``boost_names`` (character, name) boosts."""

    option: str | None = None
    aspect_name: str = ""
    boost_names: tuple[tuple[str, str], ...] = ()


# -- conflicts --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class StartConflict(Command):
    """Start a conflict in the running scene (GM only): (side, members) pairs."""

    sides: tuple[tuple[str, tuple[str, ...]], ...]
    kind: ConflictKind = ConflictKind.PHYSICAL
    first: str | None = None
    group_npcs: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Attack(Command):
    """The current actor attacks ``target``; the defence is rolled at once.

    ``forgo_defense`` needs the seat to control the target; ``defend_dice`` may be entered only by
    a seat that controls the defender. ``helpers`` give teamwork; ``scale_benefit`` is the higher
    side's choice of scale benefit. With obstacles, ``cover`` names a block sheltering the target
    (``cover_use``: it negates the attack or gives Armor) and ``into_block`` one the target is
    forced into.
    """

    actor: str
    target: str
    skill: str
    dice: str | None = None
    defend_dice: str | None = None
    defend_skill: str | None = None
    defender: str | None = None
    forgo_defense: bool = False
    ranged: bool = False
    helpers: tuple[str, ...] = ()
    scale_benefit: ScaleBenefit | None = None
    cover: str | None = None
    cover_use: CoverUse = CoverUse.MITIGATE
    into_block: str | None = None
    stunts: tuple[str, ...] = ()  # the actor's stunts that apply, by name


@dataclass(frozen=True, slots=True, kw_only=True)
class CreateAdvantage(Command):
    """The current actor creates an advantage in the conflict (a new aspect, on a ``zone``, or
    free invokes on ``aspect_id``). ``helpers`` are allies giving teamwork (their action for the
    exchange); ``scale_benefit`` is the higher side's choice when the two differ in scale."""

    actor: str
    skill: str
    difficulty: int | None = None
    against: str | None = None
    defend_skill: str | None = None
    aspect_id: str | None = None
    zone: str | None = None
    dice: str | None = None
    defend_dice: str | None = None
    helpers: tuple[str, ...] = ()
    scale_benefit: ScaleBenefit | None = None
    stunts: tuple[str, ...] = ()  # the actor's stunts that apply, by name


@dataclass(frozen=True, slots=True, kw_only=True)
class Overcome(Command):
    """The current actor overcomes an obstacle in the conflict (``move_to``: a move that takes
    the action).

    With obstacles: ``block`` gets past a block (``remove_block``: gets rid of it for good),
    ``disable_hazard`` puts a hazard out of action; either sets the difficulty itself.
    """

    actor: str
    skill: str
    difficulty: int | None = None
    against: str | None = None
    defend_skill: str | None = None
    move_to: str | None = None
    dice: str | None = None
    defend_dice: str | None = None
    helpers: tuple[str, ...] = ()
    scale_benefit: ScaleBenefit | None = None
    block: str | None = None
    remove_block: bool = False
    disable_hazard: str | None = None
    stunts: tuple[str, ...] = ()  # the actor's stunts that apply, by name


@dataclass(frozen=True, slots=True, kw_only=True)
class FullDefense(Command):
    """The current actor gives up their action to defend fully (when the ruleset has it).

    Fate Condensed's optional rule takes a ``focus`` (oneself by default), naming ``who`` for
    ``protect`` and ``aggressors``; Fate Core's version takes none.
    """

    actor: str
    focus: FocusKind | None = None
    who: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class FreeMove(Command):
    """The current actor's one free move of the exchange."""

    actor: str
    to: str


@dataclass(frozen=True, slots=True)
class ExtremeConsequence:
    """An extreme consequence: its ``name`` and the id of the character aspect it replaces."""

    name: str
    replaces: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Absorb(Command):
    """The pending hit's target absorbs it: stress ``boxes`` and consequence ``slots`` (indexes
    as :meth:`Conflict.absorb_options` gives them), naming each new consequence in ``names``.

    ``extreme`` takes an extreme consequence as well (the extreme-consequences option). With
    conditions, the engine names marked condition boxes itself: ``names`` may leave them out.
    """

    boxes: tuple[int, ...] = ()
    slots: tuple[int, ...] = ()
    names: tuple[tuple[int, str], ...] = ()
    extreme: ExtremeConsequence | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Shield(Command):
    """The big bad the pending hit is on throws ``minion`` in front of it (minion armor)."""

    minion: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TakeOut(Command):
    """The pending hit's target is taken out."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Concede(Command):
    """A participant concedes the conflict."""

    character_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class EndTurn(Command):
    """The current actor ends their turn, naming who goes next in elective order."""

    next_actor: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class FinishConflict(Command):
    """Close the conflict's books (GM only); ``into`` a contest or challenge ends it early."""

    into: str | None = None


# -- notes and undo ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Note(Command):
    """Write a note: public narration, a GM note (GM only), or a private note."""

    text: str
    visibility: NoteVisibility = NoteVisibility.PUBLIC


@dataclass(frozen=True, slots=True, kw_only=True)
class Undo(Command):
    """Undo the event at ``target_version`` and everything after it (GM only). The log keeps
    them; the table's state is as if they had not happened."""

    target_version: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AddTemplate(Command):
    """Offer a character template players can build from (GM only): an id, a name, a sheet."""

    template_id: str
    name: str
    sheet: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveTemplate(Command):
    """Withdraw a character template (GM only)."""

    template_id: str


# -- contests and challenges -----------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class StartContest(Command):
    """Start a contest (GM only): (side, members) and (side, intent) pairs."""

    sides: tuple[tuple[str, tuple[str, ...]], ...]
    intents: tuple[tuple[str, str], ...]
    victories_needed: int = 3
    harmful_to: tuple[str, ...] = ()
    faster: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestRoll(Command):
    """A side's overcome for this exchange, rolled by ``actor`` (``bonus``: teamwork and the
    like); the exchange is settled once every side has rolled or forfeited."""

    side: str
    actor: str
    skill: str
    bonus: int = 0
    dice: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestForfeit(Command):
    """A side gives up its roll this exchange (after a failed create an advantage)."""

    side: str


@dataclass(frozen=True, slots=True, kw_only=True)
class EndContest(Command):
    """Close the contest (GM only), won or abandoned."""


@dataclass(frozen=True, slots=True, kw_only=True)
class StartChallenge(Command):
    """Start a challenge (GM only): (key, description, skill, difficulty) for each task."""

    tasks: tuple[tuple[str, str, str, int], ...]
    in_conflict: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ChallengeRoll(Command):
    """``actor`` rolls the task's overcome; ``option`` picks among the outcome's options."""

    task: str
    actor: str
    dice: str | None = None
    option: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class EndChallenge(Command):
    """Close the challenge (GM only) once its results are read."""


# -- the optional rules in a conflict ---------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Equip(Command):
    """Give a participant Weapon and Armor ratings (the GM, or a PC's owner; Weapon and Armor)."""

    character_id: str
    weapon: int = 0
    armor: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class SetScale(Command):
    """Put a participant at a scale level (GM only; the scale option)."""

    character_id: str
    level: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AddHazard(Command):
    """Bring a hazard into the conflict on ``side`` (GM only; obstacles). Its seat is the GM's."""

    hazard_id: str
    name: str
    rating: int
    weapon: int
    side: str
    zone: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class AddBlock(Command):
    """Put a block in the conflict's scene (GM only; obstacles): its name becomes an aspect."""

    block_id: str
    name: str
    rating: int
    weapon: int = 0
    harmful: bool = False
    cover: bool = False
    zone: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SplitAttack(Command):
    """The current actor rolls one attack to split among several targets (multiple targets)."""

    actor: str
    skill: str
    dice: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ZoneAttack(Command):
    """The current actor rolls one attack on everyone else in ``zone`` (multiple targets)."""

    actor: str
    skill: str
    zone: str
    dice: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class AssignTargets(Command):
    """Share out a split attack (``split``: (target, shifts) pairs) or aim a zone attack (no
    split). Every target defends at once: ``defend_skills`` and ``defend_dice`` give (target,
    value) pairs; dice left out are rolled by the table."""

    split: tuple[tuple[str, int], ...] = ()
    defend_skills: tuple[tuple[str, str], ...] = ()
    defend_dice: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ResolveTargets(Command):
    """Settle every target of a split or zone attack; ``options`` picks (target, option)."""

    options: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class MissEveryone(Command):
    """End a split or zone attack that reaches nobody (no positive effort, or an empty zone)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SetBigBad(Command):
    """Make a participant a big bad (GM only; the big-bads option).

    ``minions`` can be thrown in front of its hits; ``immunity`` (challenge or contest, against
    ``immunity_harm``) keeps attacks off it until broken; ``forms`` are the sheets (character
    files) of its later true forms, revealed one by one as each is taken out (``gentle``: the
    consequences carry over); ``scale`` scales it up; the ``solo_*`` flags are its solo bonuses.
    """

    character_id: str
    minions: tuple[str, ...] = ()
    immunity: ImmunityKind | None = None
    immunity_harm: Track = Track.ANY
    forms: tuple[str, ...] = ()
    gentle: bool = False
    scale: str | None = None
    solo_skill: bool = False
    solo_skill_capped: bool = True
    solo_stress: bool = False
    solo_stress_floor_one: bool = False
    solo_amplified: bool = False
    solo_suppress: SuppressMode | None = None
    solo_no_free_stacking: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakImmunity(Command):
    """Settle a big bad's immunity (GM only): the challenge beaten, or, with ``contest_side``
    (the big bad's side), the running contest's winner decides (a big bad that won escapes)."""

    character_id: str
    contest_side: str | None = None


# -- aspects and fate points ------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PassFreeInvoke(Command):
    """Hand one of ``from_character``'s free invokes on an aspect to ``to_character`` (the
    giver's seat)."""

    aspect_id: str
    from_character: str
    to_character: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DeclareStoryDetail(Command):
    """Spend ``by``'s fate point on an aspect to make ``detail`` true (the seat of ``by``)."""

    aspect_id: str
    by: str
    detail: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SelfCompel(Command):
    """Ask the GM for a fate point for a complication ``target``'s aspect brought on (the
    target's seat). Nothing is paid until the GM answers with :class:`SelfCompelAnswer`."""

    aspect_id: str
    target: str
    complication: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SelfCompelAnswer(Command):
    """The GM agrees to a self-compel (the target gains a fate point) or turns it down."""

    compel_id: str
    accepted: bool


# -- advancement ------------------------------------------------------------------------------


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
    stunt: str | None = None
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
    severe consequence; ``raise_now`` spends skill steps. ``gm_refresh`` and ``gm_skill_step``
    are the GM's power-up, set by a GM seat only.
    """

    character_id: str
    milestone: MilestoneChange | None = None
    high_concept: str | None = None
    recovery_names: tuple[tuple[str, str], ...] = ()
    raise_now: tuple[str, ...] = ()
    gm_refresh: bool = False
    gm_skill_step: bool = False


#: Every command by its type name, as the server reads them.
COMMAND_TYPES: dict[str, type[Command]] = {
    cls.__name__: cls
    for cls in (
        CreateTable,
        AddSeat,
        RemoveSeat,
        AddCharacter,
        UpdateCharacter,
        RevealCharacter,
        StartSession,
        EndSession,
        StartScene,
        EndScene,
        AddSituationAspect,
        RevealAspect,
        RemoveAspect,
        AddCountdown,
        MarkCountdown,
        FireTrigger,
        OfferCompel,
        AnswerCompel,
        Roll,
        Invoke,
        ResolveRoll,
        StartConflict,
        Attack,
        CreateAdvantage,
        Overcome,
        FullDefense,
        FreeMove,
        Absorb,
        TakeOut,
        Concede,
        EndTurn,
        FinishConflict,
        AddTemplate,
        RemoveTemplate,
        StartContest,
        ContestRoll,
        ContestForfeit,
        EndContest,
        StartChallenge,
        ChallengeRoll,
        EndChallenge,
        Shield,
        Equip,
        SetScale,
        AddHazard,
        AddBlock,
        SplitAttack,
        ZoneAttack,
        AssignTargets,
        ResolveTargets,
        MissEveryone,
        SetBigBad,
        BreakImmunity,
        PassFreeInvoke,
        DeclareStoryDetail,
        SelfCompel,
        SelfCompelAnswer,
        Milestone,
        Breakthrough,
        Note,
        Undo,
    )
}

# -- the GM's screen: secrets and prepared scenes (fatekit.table.screen) -----------------------
# Defined in their own package, which needs Command from above; registered here with the rest.
from fatekit.table.screen.commands import COMMANDS as _SCREEN_COMMANDS  # noqa: E402

COMMAND_TYPES.update(_SCREEN_COMMANDS)
