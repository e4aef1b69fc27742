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

from fatekit.rules.actions import Action
from fatekit.rules.clock import Milestone
from fatekit.rules.compels import CompelKind
from fatekit.rules.conflict import ConflictKind
from fatekit.rules.countdowns import Visibility
from fatekit.rules.invokes import InvokeEffect
from fatekit.table.seats import NoteVisibility, Role

__all__ = [
    "COMMAND_TYPES",
    "Absorb",
    "AddCharacter",
    "AddCountdown",
    "AddSeat",
    "AddSituationAspect",
    "AddTemplate",
    "AnswerCompel",
    "Attack",
    "ChallengeRoll",
    "Command",
    "CompelAnswer",
    "Concede",
    "ContestForfeit",
    "ContestRoll",
    "CreateAdvantage",
    "CreateTable",
    "EndChallenge",
    "EndContest",
    "EndScene",
    "EndSession",
    "EndTurn",
    "FinishConflict",
    "FireTrigger",
    "FreeMove",
    "FullDefense",
    "Invoke",
    "MarkCountdown",
    "Note",
    "OfferCompel",
    "Overcome",
    "RemoveAspect",
    "RemoveSeat",
    "RemoveTemplate",
    "ResolveRoll",
    "RevealAspect",
    "RevealCharacter",
    "Roll",
    "StartChallenge",
    "StartConflict",
    "StartContest",
    "StartScene",
    "StartSession",
    "TakeOut",
    "Undo",
    "UpdateCharacter",
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

    milestone: Milestone | None = None


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
    a seat that controls the defender.
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


@dataclass(frozen=True, slots=True, kw_only=True)
class CreateAdvantage(Command):
    """The current actor creates an advantage in the conflict (a new aspect, on a ``zone``, or
    free invokes on ``aspect_id``)."""

    actor: str
    skill: str
    difficulty: int | None = None
    against: str | None = None
    defend_skill: str | None = None
    aspect_id: str | None = None
    zone: str | None = None
    dice: str | None = None
    defend_dice: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Overcome(Command):
    """The current actor overcomes an obstacle in the conflict (``move_to``: a move that takes
    the action)."""

    actor: str
    skill: str
    difficulty: int | None = None
    against: str | None = None
    defend_skill: str | None = None
    move_to: str | None = None
    dice: str | None = None
    defend_dice: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class FullDefense(Command):
    """The current actor gives up their action to defend fully (when the ruleset has it)."""

    actor: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FreeMove(Command):
    """The current actor's one free move of the exchange."""

    actor: str
    to: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Absorb(Command):
    """The pending hit's target absorbs it: stress ``boxes`` and consequence ``slots`` (indexes
    as :meth:`Conflict.absorb_options` gives them), naming each new consequence in ``names``."""

    boxes: tuple[int, ...] = ()
    slots: tuple[int, ...] = ()
    names: tuple[tuple[int, str], ...] = ()


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
        Note,
        Undo,
    )
}
