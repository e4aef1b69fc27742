"""Treating a consequence: the overcome that starts its recovery.

A GM, or a player for a character they act for (the one treating, or the one treated), asks for
:class:`Treat` during a scene and outside a conflict. The treater rolls an overcome with the rule
set's skill for the harm (Academics for physical, Empathy for mental in Fate Condensed and Öde)
against the difficulty the rules give the consequence (its severity, harder on oneself where the
rule set says so), recorded on the event as decided. The roll is a roll in play like any other
(:mod:`fatekit.table.play.rolls`): invoked on, then settled with
:class:`~fatekit.table.play.rolls.ResolveRoll`. Settled as a success (or success at a cost, as
the GM may grant on a tie or failure), the consequence takes its new name and starts recovering,
during the scene; the rules then clear it when its time has come, which the view shows
(``healing`` beside the sheet, slot by slot).
"""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.aspects.rolling import ActionRoll, offering
from fatekit.rules.aspects.stunt_uses import default_stunts
from fatekit.rules.characters.combined_rolls import pair_rating
from fatekit.rules.core.actions import Action, Succeed
from fatekit.rules.core.errors import BadInput, ForbiddenAction
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.consequences import ConsequenceSlot
from fatekit.rules.harm.recovery import treatment_difficulty
from fatekit.table import telling as say
from fatekit.table.base import Event, SkillRoll, SkillRolled
from fatekit.table.deciding import Context, allowed, decides, require_no_roll_waiting
from fatekit.table.facts import assign_facts, facts_of
from fatekit.table.folding import folds, judges
from fatekit.table.pairs import check_roll_pair, pairs
from fatekit.table.play.rolls import (
    RollResolved,
    carry_out_older,
    carry_out_roll,
    choose_option,
    into_play,
    into_play_as_recorded,
    put_in_play,
    require_dice,
    resolution_of,
    settles,
)
from fatekit.table.play.scenes import scene_in_play
from fatekit.table.regions import Region, moves
from fatekit.table.seats import Seat
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shows
from fatekit.table.state import SEAT_RULE, RollInPlay, RollKind, RollRecord, TableState
from fatekit.table.telling import tells
from fatekit.table.upcasting import older

__all__ = [
    "MAX_NAME",
    "Treat",
    "TreatmentRolled",
    "check_treat",
    "check_treatable",
    "find_consequence",
    "treaters",
]

#: The longest new name a treated consequence may take.
MAX_NAME = 200


@pairs
@dataclass(frozen=True, slots=True, kw_only=True)
class Treat(SkillRoll):
    """``actor`` treats the consequence ``aspect_id`` with ``skill``: an overcome that stays in
    play to be invoked on and settled; on success the consequence is renamed ``new_name`` and
    starts recovering. ``harm`` says which kind it is (``physical``, ``mental``) where the slot
    does not, for the skill that treats it. ``dice`` (entered faces) only from a seat acting for
    ``actor``. ``stunts`` names the treater's stunts the roll applies, as on any roll; left out,
    those the rules engine applies by default (a free +2 to overcome with the skill)."""

    aspect_id: str
    new_name: str
    harm: Track | None = None
    stunts: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TreatmentRolled(SkillRolled):
    """``actor`` rolled to treat ``patient``'s consequence ``aspect_id``, against ``difficulty``
    as the rules gave it when the move was decided; ``new_name`` is the name it takes once the
    treatment succeeds; ``stunts`` the treater's stunts it applied."""

    patient: str
    aspect_id: str
    new_name: str
    difficulty: int
    harm: Track | None = None
    # Added when treatment rolls counted stunts; an older treatment applied none.
    stunts: tuple[str, ...] = ()


def find_consequence(state: TableState, aspect_id: str) -> tuple[str, int, ConsequenceSlot]:
    """The character holding the consequence ``aspect_id``, its slot's place and the slot."""
    for character in state.game.characters.values():
        for index, slot in enumerate(character.consequences):
            if slot.aspect is not None and slot.aspect.id == aspect_id:
                return character.id, index, slot
    raise BadInput(f"no consequence {aspect_id!r} is on any sheet", code="no_consequence")


def check_treat(state: TableState, seat: Seat, actor: str, aspect_id: str) -> None:
    """Refuse unless ``seat`` may ask for ``actor`` to treat the consequence ``aspect_id`` now:
    the seat acts for the treater or the treated, the treater has no roll in play already, and
    the rules' conditions for treating it hold (:func:`check_treatable`). The decider's check and
    the treatment's offer (``healing[].treatment.treaters``); the skill and the name are the
    command's own."""
    patient, _, _ = find_consequence(state, aspect_id)
    state.require_character(actor)
    if not (state.controls(seat.id, actor) or state.controls(seat.id, patient)):
        raise ForbiddenAction(
            f"seat {seat.id!r} acts neither for {actor} nor for {patient}, and may not ask "
            "for this treatment",
            SEAT_RULE,
        )
    check_treatable(state, aspect_id)
    require_no_roll_waiting(state, actor)


def check_treatable(state: TableState, aspect_id: str) -> ConsequenceSlot:
    """The consequence ``aspect_id``'s slot, if it may be treated now: in a scene, outside a
    conflict, not extreme nor recovering already, no treatment of it waiting to be settled."""
    if state.conflict is not None:
        raise BadInput(
            "treat a consequence once the conflict is over: it needs calm", code="treat_in_conflict"
        )
    scene_in_play(state)
    _, _, slot = find_consequence(state, aspect_id)
    slot.check_can_start_recovery()
    waiting = next(
        (
            r
            for r in state.rolls.values()
            if r.kind is RollKind.TREATMENT and r.treats is slot.aspect
        ),
        None,
    )
    if waiting is not None:
        raise BadInput(
            f"{aspect_id} is being treated already: settle roll {waiting.id} first",
            code="treatment_waiting",
        )
    return slot


def treaters(viewer: Viewer, aspect_id: str) -> list[str]:
    """The characters the seat may ask to treat the consequence ``aspect_id`` now, by the
    decider's own check, among those it may know of (a player never learns of a hidden NPC
    from its own PC's wounds): those in the scene first (the page's order), then the rest."""
    state = viewer.state
    scene = state.game.scene
    present = [] if scene is None else scene.participants
    order = [*present, *(cid for cid in state.game.characters if cid not in present)]
    return [
        cid
        for cid in order
        if viewer.knows(cid) and allowed(check_treat, state, viewer.seat, cid, aspect_id)
    ]


@decides(Treat)
def _treat(context: Context, command: Treat) -> list[Event]:
    state = context.state
    patient, _, slot = find_consequence(state, command.aspect_id)
    check_treat(state, context.seat, command.actor, command.aspect_id)
    if command.dice is not None:
        context.require_control(command.actor, "enter their dice")
    context.require_skill(command.actor, command.skill)
    check_roll_pair(state, command.actor, command.skill, command.second_skill)
    name = command.new_name.strip()
    if not name or len(name) > MAX_NAME:
        raise BadInput(
            f"the treated consequence needs a new name of 1 to {MAX_NAME} characters",
            code="treatment_name",
        )
    rules = state.game.ruleset.preset.recovery
    difficulty = treatment_difficulty(slot, on_self=command.actor == patient, rules=rules)
    # The stunts count as on any overcome: those named, or the engine's defaults, recorded.
    stunts = command.stunts
    if stunts is None:
        sheet = state.game.character(command.actor)
        stunts = default_stunts(
            sheet, command.skill, Action.OVERCOME, state.game.stunt_uses, command.second_skill
        )
    return [
        context.event_from(
            TreatmentRolled,
            command,
            patient=patient,
            new_name=name,
            difficulty=difficulty,
            stunts=stunts,
            faces=context.faces(command.dice, command.actor),
        )
    ]


@judges(TreatmentRolled)
def _judge_treatment_rolled(state: TableState, event: TreatmentRolled) -> None:
    holder, _, slot = find_consequence(state, event.aspect_id)
    if holder != event.patient:
        raise BadInput(f"{event.aspect_id} is not {event.patient}'s consequence")
    check_treatable(state, event.aspect_id)
    # The skill the rule set treats this kind of harm with (a slot kept for one kind), or one
    # of those it names; a stunt may allow another, by the GM's waiver.
    state.game.ruleset.preset.recovery.check_skill(event.skill, event.harm or slot.track)
    placed = put_in_play(
        state,
        _treatment_roll(state, event, rated=True),
        event,
        RollKind.TREATMENT,
        _treatment_record(event),
        stunts=event.stunts,
    )
    _treats(state, event, placed)


@folds(TreatmentRolled)
def _treatment_rolled(state: TableState, event: TreatmentRolled) -> None:
    roll = _treatment_roll(state, event, rated=False)
    placed = into_play(state, roll, event, RollKind.TREATMENT, _treatment_record(event))
    _treats(state, event, placed)
    assign_facts(state, facts_of(event))  # the roll as the rules made it up


@older(TreatmentRolled)
def _treatment_rolled_older(state: TableState, event: TreatmentRolled) -> None:
    roll = _treatment_roll(state, event, rated=True)
    placed = into_play_as_recorded(
        state, roll, event, RollKind.TREATMENT, _treatment_record(event), stunts=event.stunts
    )
    _treats(state, event, placed)


def _treatment_roll(state: TableState, event: TreatmentRolled, *, rated: bool) -> ActionRoll:
    actor = state.game.characters[event.actor]
    return ActionRoll(
        actor.id,
        Action.OVERCOME,
        pair_rating(actor.rating, event.skill, event.second_skill) if rated else 0,
        skill=event.skill,
        difficulty=event.difficulty,
        dice=require_dice(event.faces, "treatment"),
        ledger=state.game.ledger,
        stunt_uses=state.game.stunt_uses,
        second_skill=event.second_skill,
    )


def _treatment_record(event: TreatmentRolled) -> RollRecord:
    return RollRecord(
        event.version,
        event.at,
        event.actor,
        Action.OVERCOME.value,
        event.skill,
        event.faces,
        difficulty=event.difficulty,
    )


def _treats(state: TableState, event: TreatmentRolled, placed: RollInPlay) -> None:
    # Not the roll's aim: an overcome aimed at an aspect removes it on a success.
    _, _, slot = find_consequence(state, event.aspect_id)
    placed.treats = slot.aspect
    placed.renames = event.new_name


def _settle_treatment_older(
    state: TableState, in_play: RollInPlay, event: RollResolved
) -> tuple[str, ...]:
    if resolution_of(state, in_play, checked=False) is None:
        return ()
    roll = in_play.roll
    resolution = offering(lambda o: roll.preview(outcome=o), event.option)
    chosen = choose_option(resolution, event.option)
    made = carry_out_older(state, in_play, event)
    slot = _still_untreated(state, in_play)
    if slot is not None and any(isinstance(effect, Succeed) for effect in chosen.effects):
        mark = state.game.clock.mark(state.game.moment())
        slot.recovery_started(in_play.renames or "", mark)
    return made


@settles(RollKind.TREATMENT, older=_settle_treatment_older)
def _settle_treatment(
    state: TableState, in_play: RollInPlay, event: RollResolved
) -> tuple[str, ...]:
    resolution = resolution_of(state, in_play)
    if resolution is None:
        raise BadInput("this roll has no outcome to carry out")
    chosen = choose_option(resolution, event.option)
    made = carry_out_roll(state, in_play, event)
    slot = _still_untreated(state, in_play)
    # A consequence cleared or set recovering meanwhile (by the GM's hand) needs no treatment:
    # the roll still settles, so it never stands in the table's way.
    if slot is not None and any(isinstance(effect, Succeed) for effect in chosen.effects):
        slot.start_recovery(in_play.renames or "", state.game.clock, state.game.moment())
    return made


def _still_untreated(state: TableState, in_play: RollInPlay) -> ConsequenceSlot | None:
    """The slot a treatment roll aims at, while it still holds that consequence untreated."""
    treated = in_play.treats
    if treated is None:
        return None
    for character in state.game.characters.values():
        for slot in character.consequences:
            if slot.aspect is treated and not slot.recovering:
                return slot
    return None


# -- what each seat sees -----------------------------------------------------------------------

# A treatment's roll put in play, as RollMade: its facts, the rolls in play and the last roll,
# and a hidden difficulty it uses up (the GM's screen).
moves({Region.SCREEN}, TreatmentRolled)


@shows(TreatmentRolled)
def _show_treatment(viewer: Viewer, event: TreatmentRolled, data: JSON) -> JSON:
    # A consequence is public; the dice are as any roll's.
    viewer.keep_dice(
        data, version=event.version, recorded=event.npc_dice_hidden, roller=event.actor
    )
    return data


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(
    TreatmentRolled,
    "TreatmentRolled",
    who=say.who("actor"),
    patient=say.who("patient"),
    name=say.text("new_name", "aspect"),
    skill=say.skill("skill"),
    dice=say.dice("faces"),
)
say.tells_after(TreatmentRolled, say.stunts("stunts"))  # the treater's stunts it applied
