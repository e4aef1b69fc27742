"""The fold: ``apply(state, event) -> state``, and a table's state as a fold over its log.

Each event is played through :mod:`fatekit.rules` exactly as it was when its command was handled,
with the dice the event recorded, so folding a log always gives the same table. Undo is an event
too: :class:`~fatekit.table.events.Undone` rebuilds the state from the events still in force, as
if the undone ones had never happened, while the log keeps them all.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from fatekit.formats.character_json import character_from_dict, character_to_dict
from fatekit.rules.aspects.compels import offer_compel, self_compel
from fatekit.rules.aspects.fate_points import GM
from fatekit.rules.aspects.invokes import declare_story_detail
from fatekit.rules.aspects.stunts import Stunt
from fatekit.rules.characters.advancement import (
    MILESTONE_RULE,
    BuyStunt,
    MilestoneChoice,
    ReplaceSkill,
    RewriteAspect,
    RewriteStunt,
    SwapSkills,
    apply_breakthrough,
    apply_milestone,
)
from fatekit.rules.characters.advancement import Breakthrough as BreakthroughChoice
from fatekit.rules.characters.character import Character, CharacterKind
from fatekit.rules.core.actions import Action, AdvantageTarget, Option, Resolution, Side
from fatekit.rules.core.dice import ScriptedDice
from fatekit.rules.core.effects import carry_out
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.rolling import ActionRoll, RollPhase
from fatekit.rules.harm.absorb import AbsorbPlan, ExtremeChoice
from fatekit.rules.options.big_bad_solo import SoloBonus
from fatekit.rules.options.big_bads import BigBad, Immunity, TrueForms
from fatekit.rules.options.conditions import to_conditions
from fatekit.rules.options.countdowns import Countdown, Trigger
from fatekit.rules.options.obstacles import Block, Hazard
from fatekit.rules.options.ruleset import OptionalRule, Ruleset
from fatekit.rules.scenes.challenge import Challenge
from fatekit.rules.scenes.clock import Milestone
from fatekit.rules.scenes.conflict import Conflict, DefenseFocus
from fatekit.rules.scenes.contest import Contest
from fatekit.rules.scenes.scene import Game, Scene
from fatekit.rules.scenes.zones import ZoneMap
from fatekit.table.commands import ChangeKind, CompelAnswer, MilestoneChange
from fatekit.table.events import (
    AdvantageRolled,
    AspectRemoved,
    AspectRevealed,
    AttackRolled,
    BigBadSet,
    BlockAdded,
    BreakthroughTaken,
    ChallengeEnded,
    ChallengeRolled,
    ChallengeStarted,
    CharacterAdded,
    CharacterRevealed,
    CharacterUpdated,
    CompelAnswered,
    CompelOffered,
    Conceded,
    ConflictFinished,
    ConflictStarted,
    ContestEnded,
    ContestForfeited,
    ContestRolled,
    ContestStarted,
    CountdownAdded,
    CountdownMarked,
    Equipped,
    Event,
    FreeInvokePassed,
    FullDefenseTaken,
    HazardAdded,
    HitAbsorbed,
    ImmunityBroken,
    Invoked,
    MilestoneTaken,
    MinionShielded,
    MissedEveryone,
    Moved,
    NoteAdded,
    OvercomeRolled,
    RollMade,
    RollResolved,
    ScaleSet,
    SceneEnded,
    SceneStarted,
    SeatAdded,
    SeatRemoved,
    SelfCompelAnswered,
    SelfCompelAsked,
    SessionEnded,
    SessionStarted,
    SituationAspectAdded,
    SplitAttackRolled,
    StoryDetailDeclared,
    TableCreated,
    TakenOut,
    TargetsAssigned,
    TargetsResolved,
    TemplateAdded,
    TemplateRemoved,
    TriggerFired,
    TurnEnded,
    Undone,
    ZoneAttackRolled,
)
from fatekit.table.history import EventLog, History, cutoffs
from fatekit.table.screen.fold import HANDLERS as SCREEN_HANDLERS
from fatekit.table.screen.fold import roll_made as screen_roll_made
from fatekit.table.seats import NoteVisibility, Role, Seat
from fatekit.table.snapshot import copy_state
from fatekit.table.state import RollRecord, SelfCompelRecord, TableState

__all__ = [
    "MAX_NOTE_LENGTH",
    "apply",
    "choose_option",
    "fold",
    "milestone_choice",
    "parse_sheet",
]

#: Notes longer than this are refused as malformed.
MAX_NOTE_LENGTH = 20_000

E = TypeVar("E", bound=Event)
_HANDLERS: dict[type[Event], Callable[[TableState, Any], None]] = {}


def _on(
    kind: type[E],
) -> Callable[[Callable[[TableState, E], None]], Callable[[TableState, E], None]]:
    def register(handler: Callable[[TableState, E], None]) -> Callable[[TableState, E], None]:
        _HANDLERS[kind] = handler
        return handler

    return register


# -- the public fold --------------------------------------------------------------------------


def apply(
    state: TableState | None, event: Event, *, history: History | Sequence[Event] | None = None
) -> TableState:
    """The table after ``event`` (``state`` is ``None`` before a table's first event).

    ``state`` itself is left as it was; an event the state cannot take raises and changes nothing.
    An :class:`Undone` reads the table's past from ``history`` (the log, or a :class:`History`).
    """
    working = None if state is None else copy_state(state)
    return apply_in_place(working, event, history=_history(history))


def fold(
    events: Iterable[Event],
    state: TableState | None = None,
    *,
    history: History | Sequence[Event] | None = None,
) -> TableState:
    """The table after ``events``, starting from ``state`` (a snapshot) or from nothing.

    Undos among the events read the past from ``history``; without one, from ``events`` themselves,
    which then must start at the table's creation.
    """
    listed = list(events)
    past = _history(history) if history is not None else EventLog(listed)
    working = None if state is None else copy_state(state)
    for event in listed:
        working = apply_in_place(working, event, history=past)
    if working is None:
        raise BadInput("there are no events to fold: a table starts with TableCreated")
    return working


def _history(history: History | Sequence[Event] | None) -> History | None:
    if history is None or isinstance(history, EventLog):
        return history
    if isinstance(history, Sequence):
        return EventLog(history)
    return history


def apply_in_place(
    state: TableState | None, event: Event, *, history: History | None = None
) -> TableState:
    """Fold one event into ``state`` itself (for callers that own it) and return the table after
    it: ``state`` itself, or for an :class:`Undone` a table rebuilt from ``history``.

    An event the state refuses may leave ``state`` half changed: callers that keep their state
    across a refusal fold into a copy, or drop it and load the table again.
    """
    if isinstance(event, TableCreated):
        if state is not None:
            raise BadInput(f"table {state.table_id!r} already exists")
        state = _created(event)
    else:
        if state is None:
            raise BadInput("a table's first event is TableCreated")
        if event.table_id != state.table_id:
            raise BadInput(f"event of table {event.table_id!r} given to {state.table_id!r}")
        if event.version <= state.version:
            raise BadInput(f"event version {event.version} is not after {state.version}")
        state.last_created = ()
        if isinstance(event, Undone):
            if history is None:
                raise BadInput("an undo needs the table's log to rewind")
            state = _undo(event, history)
        else:
            handler = _HANDLERS.get(type(event))
            if handler is None:
                raise BadInput(f"unknown event type {type(event).__name__}")
            handler(state, event)
    state.version = event.version
    return state


def _undo(event: Undone, history: History) -> TableState:
    target = event.target_version
    earlier = history.undos(event.version)
    before = cutoffs(earlier)
    after = cutoffs([*earlier, (event.version, target)])
    undoable = [
        e
        for e in history.events(target - 1, event.version)
        if not isinstance(e, Undone) and e.version < before(e.version)
    ]
    if target < 2 or not undoable:
        raise BadInput(
            f"nothing at version {target} or later can be undone (the table's creation cannot be)"
        )
    # Start from the latest snapshot that no undo since has reached into.
    start: TableState | None = None
    look = target
    while (found := history.snapshot(look)) is not None:
        if found.version < after(found.version):
            start = found
            break
        look = found.version
    rebuilt = start
    for kept in history.events(0 if start is None else start.version, event.version):
        if not isinstance(kept, Undone) and kept.version < after(kept.version):
            rebuilt = apply_in_place(rebuilt, kept)
    assert rebuilt is not None  # the table's creation is never undone
    return rebuilt


# -- the table and its seats ------------------------------------------------------------------


def _created(event: TableCreated) -> TableState:
    ruleset = Ruleset.of(event.preset, event.options, skill_list=event.skill_list)
    if not event.name.strip():
        raise BadInput("a table needs a name")
    state = TableState(
        table_id=event.table_id,
        name=event.name.strip(),
        created_at=event.at,
        preset=event.preset,
        options=tuple(event.options),
        skill_list=event.skill_list,
        ruleset=ruleset,
        game=Game([], ruleset=ruleset),
    )
    _check_seat_id(event.gm_seat)
    state.seats[event.gm_seat] = Seat(event.gm_seat, Role.GM, _name(event.gm_name))
    return state


def _check_seat_id(seat_id: str) -> None:
    if not seat_id.strip() or len(seat_id) > 200:
        raise BadInput("a seat id is a non-blank string of at most 200 characters")


def _name(name: str) -> str:
    if not name.strip():
        raise BadInput("a name cannot be blank")
    return name.strip()


@_on(SeatAdded)
def _seat_added(state: TableState, event: SeatAdded) -> None:
    _check_seat_id(event.seat_id)
    if event.seat_id in state.seats:
        raise BadInput(f"there is already a seat {event.seat_id!r}")
    state.seats[event.seat_id] = Seat(event.seat_id, event.role, _name(event.name))


@_on(SeatRemoved)
def _seat_removed(state: TableState, event: SeatRemoved) -> None:
    seat = state.seats.get(event.seat_id)
    if seat is None:
        raise BadInput(f"there is no seat {event.seat_id!r}")
    if seat.is_gm and sum(s.is_gm for s in state.seats.values()) == 1:
        raise BadInput("the table's last GM seat cannot be removed")
    del state.seats[event.seat_id]
    for character, owner in list(state.owners.items()):
        if owner == event.seat_id:
            del state.owners[character]  # the GM runs them now


# -- characters -------------------------------------------------------------------------------


def parse_sheet(sheet: str) -> Character:
    """A character from its file's JSON text (raises :class:`BadInput` with every problem)."""
    try:
        data = json.loads(sheet)
    except ValueError as error:
        raise BadInput(f"the sheet is not JSON: {error}") from None
    return character_from_dict(data).character


@_on(CharacterAdded)
def _character_added(state: TableState, event: CharacterAdded) -> None:
    character = parse_sheet(event.sheet)
    if character.id == GM:
        raise BadInput(f"{GM!r} is the GM's own name in the ledger; give the character another id")
    if character.id != event.character_id:
        raise BadInput(f"the sheet is {character.id!r}, not {event.character_id!r}")
    if event.owner is not None:
        owner = state.seats.get(event.owner)
        if owner is None or owner.role is not Role.PLAYER:
            raise BadInput(f"{event.owner!r} is not a player's seat")
        if character.kind is not CharacterKind.PC:
            raise BadInput("only a player character has a player for owner; NPCs are the GM's")
    aspects = {a.id: a for a in character.aspects}
    unknown = [a for a in event.hidden_aspects if a not in aspects]
    if unknown:
        raise BadInput(f"{character.id} has no aspect {unknown[0]!r}")
    for aspect_id in event.hidden_aspects:
        aspects[aspect_id].hidden = True
    state.game.add_character(character)
    if event.owner is not None:
        state.owners[character.id] = event.owner
    if event.revealed or character.kind is CharacterKind.PC:
        state.revealed.add(character.id)


@_on(CharacterUpdated)
def _character_updated(state: TableState, event: CharacterUpdated) -> None:
    old = state.game.character(event.character_id)
    if state.conflict is not None:
        raise BadInput("a sheet cannot be rewritten during a conflict")
    new = parse_sheet(event.sheet)
    if new.id != old.id:
        raise BadInput(f"the sheet is {new.id!r}, not {old.id!r}")
    if new.kind is not old.kind:
        raise BadInput(f"{old.id} is a {old.kind.value}; a rewrite cannot change that")
    for aspect in new.aspects:
        # What was hidden stays hidden from the same people.
        before = next((a for a in old.aspects if a.id == aspect.id), None)
        if before is not None:
            aspect.hidden, aspect.known_to = before.hidden, set(before.known_to)
    ruleset = state.game.ruleset
    if ruleset.has(OptionalRule.CONDITIONS):
        new.consequences = to_conditions(
            new.consequences, apart=ruleset.has(OptionalRule.CONDITIONS_APART)
        )
    # The ledger keeps the fate points; the sheet shows them.
    new.fate_points = state.game.ledger.account(new.id).available
    state.game.characters[new.id] = new


@_on(CharacterRevealed)
def _character_revealed(state: TableState, event: CharacterRevealed) -> None:
    state.require_character(event.character_id)
    state.revealed.add(event.character_id)


# -- sessions, scenes, aspects, countdowns -----------------------------------------------------


@_on(SessionStarted)
def _session_started(state: TableState, event: SessionStarted) -> None:
    if event.number != state.session + 1:
        raise BadInput(f"the next session is number {state.session + 1}")
    state.game.start_session()
    state.session = event.number


@_on(SessionEnded)
def _session_ended(state: TableState, event: SessionEnded) -> None:
    state.game.end_session()
    if event.milestone is not None:
        state.game.reach_milestone(event.milestone)
        if event.milestone is Milestone.MAJOR:
            state.arc += 1
        # Every PC may now make their change; a breakthrough open stays one (it includes a
        # milestone change), and an unspent milestone does not pile up into two.
        for pc in state.game.pcs:
            if state.milestones.get(pc.id) is not Milestone.MAJOR:
                state.milestones[pc.id] = event.milestone


@_on(SceneStarted)
def _scene_started(state: TableState, event: SceneStarted) -> None:
    zones = None
    if event.zones:
        zones = ZoneMap()
        for zone in event.zones:
            zones.add_zone(zone)
        for a, b in event.links:
            zones.connect(a, b)
        for who, where in event.positions:
            if who not in event.participants:
                raise BadInput(f"{who!r} is placed on the map but is not in the scene")
            zones.place(who, where)
    elif event.links or event.positions:
        raise BadInput("links and positions need zones")
    state.game.start_scene(event.name, event.participants, zones=zones)


@_on(SceneEnded)
def _scene_ended(state: TableState, event: SceneEnded) -> None:
    if state.conflict is not None:
        raise BadInput("finish the conflict before ending the scene")
    if state.roll is not None:
        raise BadInput("resolve the roll in play before ending the scene")
    state.game.end_scene(event.keep)


def _scene(state: TableState) -> Scene:
    scene = state.game.scene
    if scene is None:
        raise BadInput("no scene is running")
    return scene


@_on(SituationAspectAdded)
def _aspect_added(state: TableState, event: SituationAspectAdded) -> None:
    for who in (*event.known_to, *(h for h, _ in event.free_invokes)):
        state.require_character(who)
    aspect = _scene(state).add_situation_aspect(
        event.name,
        free_invokes=event.free_invokes,
        zone=event.zone,
        hidden=event.hidden,
        known_to=event.known_to,
    )
    _check_created(event.aspect_id, aspect.id)
    state.last_created = (aspect.id,)


def _check_created(recorded: str, made: str) -> None:
    # An empty id is a draft being tried; a recorded one must come out the same on replay.
    if recorded and recorded != made:
        raise BadInput(f"the log says aspect {recorded!r} was made, the rules made {made!r}")


@_on(AspectRevealed)
def _aspect_revealed(state: TableState, event: AspectRevealed) -> None:
    aspect = state.game.find_aspect(event.aspect_id)
    if not aspect.hidden:
        raise BadInput(f"{aspect.label} is not hidden")
    if event.to:
        for who in event.to:
            state.require_character(who)
        aspect.known_to.update(event.to)
    else:
        aspect.reveal()


@_on(AspectRemoved)
def _aspect_removed(state: TableState, event: AspectRemoved) -> None:
    _scene(state).aspects.remove(event.aspect_id)


@_on(CountdownAdded)
def _countdown_added(state: TableState, event: CountdownAdded) -> None:
    state.game.add_countdown(
        Countdown.new(
            event.countdown_id,
            event.name,
            event.boxes,
            event.outcome,
            triggers=[Trigger(t) for t in event.triggers],
            visibility=event.visibility,
        )
    )


@_on(CountdownMarked)
def _countdown_marked(state: TableState, event: CountdownMarked) -> None:
    state.game.mark_countdown(event.countdown_id, event.count)


@_on(TriggerFired)
def _trigger_fired(state: TableState, event: TriggerFired) -> None:
    state.game.fire(event.trigger)


# -- compels ----------------------------------------------------------------------------------


@_on(CompelOffered)
def _compel_offered(state: TableState, event: CompelOffered) -> None:
    if event.compel_id in state.compels:
        raise BadInput(f"there is already a compel {event.compel_id!r}")
    state.require_character(event.target)
    if event.offered_by is not None:
        state.require_character(event.offered_by)
    state.compels[event.compel_id] = offer_compel(
        state.game.find_aspect(event.aspect_id),
        event.target,
        offered_by=GM if event.offered_by is None else event.offered_by,
        ledger=state.game.ledger,
        kind=event.kind,
        complication=event.complication,
    )


@_on(CompelAnswered)
def _compel_answered(state: TableState, event: CompelAnswered) -> None:
    compel = state.compels.get(event.compel_id)
    if compel is None:
        raise BadInput(f"there is no compel {event.compel_id!r}")
    ledger = state.game.ledger
    if event.answer is CompelAnswer.ACCEPT:
        compel.accept(ledger)
    elif event.answer is CompelAnswer.REFUSE:
        compel.refuse(ledger)
    else:
        compel.withdraw(ledger)
    # Settled: the log tells it from here on; the state keeps only compels still open.
    del state.compels[event.compel_id]
    state.game.sync_sheets()


# -- rolls ------------------------------------------------------------------------------------


def _dice(faces: str | None) -> ScriptedDice | None:
    return None if faces is None else ScriptedDice([faces])


def _require_dice(faces: str | None, what: str) -> ScriptedDice:
    if faces is None:
        raise BadInput(f"the {what} needs its dice")
    return ScriptedDice([faces])


@_on(RollMade)
def _roll_made(state: TableState, event: RollMade) -> None:
    if state.conflict is not None:
        raise BadInput("during a conflict, roll with the conflict's actions")
    if state.roll is not None:
        raise BadInput("resolve the roll in play first")
    if event.action not in (Action.OVERCOME, Action.CREATE_ADVANTAGE):
        raise BadInput("outside a conflict, roll to overcome or to create an advantage")
    scene = _scene(state)
    actor = state.game.character(event.actor)
    if (event.difficulty is None) == (event.against is None):
        raise BadInput("give either a difficulty or an opponent (against), not both")
    aimed = state.game.find_aspect(event.aspect_id) if event.aspect_id is not None else None
    if aimed is not None and event.action is not Action.CREATE_ADVANTAGE:
        raise BadInput("only a create an advantage aims at an aspect")
    roll = ActionRoll(
        actor.id,
        event.action,
        actor.rating(event.skill),
        skill=event.skill,
        difficulty=event.difficulty,
        dice=_require_dice(event.faces, "roll"),
        ledger=state.game.ledger,
    )
    if event.against is not None:
        if event.defend_skill is None:
            raise BadInput("name the skill the opponent defends with")
        defender = state.game.character(event.against)
        if defender.id not in scene.participants:
            raise BadInput(f"{defender.id} is not in the scene")
        roll.opposed_by(
            defender.id,
            defender.rating(event.defend_skill),
            skill=event.defend_skill,
            dice=_require_dice(event.defend_faces, "defence"),
        )
    roll.roll()
    _use_stunts(state, roll, event.stunts)
    state.roll, state.roll_aspect = roll, aimed
    screen_roll_made(state, event)  # the GM's screen: a hidden difficulty
    _log_roll(state, event, event.actor, event.action.value, event.skill, event.against)


def _log_roll(
    state: TableState,
    event: RollMade | AttackRolled | AdvantageRolled | OvercomeRolled,
    actor: str,
    action: str,
    skill: str,
    defender: str | None,
) -> None:
    difficulty = getattr(event, "difficulty", None)
    state.last_roll = RollRecord(
        event.version,
        event.at,
        actor,
        action,
        skill,
        event.faces,
        defender,
        event.defend_faces,
        difficulty,
    )


@_on(Invoked)
def _invoked(state: TableState, event: Invoked) -> None:
    roll = state.roll
    if roll is None:
        raise BadInput("there is no roll in play to invoke on")
    target = roll
    if event.on_defence:
        if roll.opposition is None:
            raise BadInput("this roll has no defender to invoke on")
        target = roll.opposition
    if event.faces is not None:
        target.dice_source = ScriptedDice([event.faces])
    aspect = state.game.find_aspect(event.aspect_id)
    state.require_character(event.by)
    if state.conflict is not None:
        state.conflict.invoke(target, aspect, by=event.by, effect=event.effect, free=event.free)
    else:
        target.invoke(aspect, by=event.by, effect=event.effect, free=event.free)
    if event.faces is not None:
        state.last_roll = RollRecord(
            event.version, event.at, target.actor, "reroll", target.skill or "", event.faces
        )
    state.game.sync_sheets()


def choose_option(resolution: Resolution, option: str | None) -> Option:
    """The option named ``option``, or the only one when there is no choice."""
    if option is None:
        if resolution.only is None:
            keys = ", ".join(o.key for o in resolution.options)
            raise BadInput(f"this outcome offers a choice: one of {keys}")
        return resolution.only
    for candidate in resolution.options:
        if candidate.key == option:
            return candidate
    keys = ", ".join(o.key for o in resolution.options)
    raise BadInput(f"{option!r} is not an option of this outcome; choose one of {keys}")


def free_roll_resolution(state: TableState) -> Resolution:
    """What the roll in play outside a conflict allows, as things stand."""
    roll = state.roll
    if roll is None:
        raise BadInput("there is no roll in play")
    return roll.preview(target=_advantage_target(state, roll))


def _advantage_target(state: TableState, roll: ActionRoll) -> AdvantageTarget:
    aimed = state.roll_aspect
    if aimed is None:
        return AdvantageTarget.NEW
    return AdvantageTarget.KNOWN if aimed.is_known_to(roll.actor) else AdvantageTarget.UNKNOWN


@_on(RollResolved)
def _roll_resolved(state: TableState, event: RollResolved) -> None:
    roll = state.roll
    if roll is None:
        raise BadInput("there is no roll in play to resolve")
    names = dict(event.boost_names)
    if state.conflict is not None:
        _, applied = state.conflict.resolve(
            event.option, aspect_name=event.aspect_name, boost_names=names
        )
    else:
        chosen = choose_option(free_roll_resolution(state), event.option)
        opposition = roll.opposition.actor if roll.opposition is not None else GM
        applied = carry_out(
            chosen,
            actor=roll.actor,
            opposition=opposition,
            aspects=_scene(state).aspects,
            target=state.roll_aspect,
            aspect_name=event.aspect_name,
            boost_names={
                Side.ACTOR: names.get(roll.actor, ""),
                Side.OPPOSITION: names.get(opposition, ""),
            },
        )
        roll.close()
    made = tuple(a.id for a in (*applied.created, *applied.boosts))
    if event.created and event.created != made:
        raise BadInput(f"the log says {event.created} were made, the rules made {made}")
    state.last_created = made
    state.roll, state.roll_aspect = None, None
    state.screen.hidden_difficulty = False  # the GM's screen: no roll in play to hide
    state.game.sync_sheets()


# -- conflicts --------------------------------------------------------------------------------


def _conflict(state: TableState) -> Conflict:
    if state.conflict is None:
        raise BadInput("there is no conflict running")
    return state.conflict


def _settle(state: TableState) -> None:
    # A roll the conflict closed (resolved, or dropped by a concession) is no longer in play.
    if state.roll is not None and state.roll.phase is RollPhase.RESOLVED:
        state.roll, state.roll_aspect = None, None
        state.zone_attack = None
    state.game.sync_sheets()


@_on(ConflictStarted)
def _conflict_started(state: TableState, event: ConflictStarted) -> None:
    if state.conflict is not None:
        raise BadInput("a conflict is already running")
    if state.roll is not None:
        raise BadInput("resolve the roll in play first")
    sides = {side: list(members) for side, members in event.sides}
    if len(sides) != len(event.sides):
        raise BadInput("two sides share a name")
    state.conflict = Conflict(
        state.game, sides, kind=event.kind, first=event.first, group_npcs=event.group_npcs
    )


def _use_stunts(state: TableState, roll: ActionRoll, names: tuple[str, ...]) -> None:
    """Apply the stunts the actor named for this roll (the engine checks each one fits)."""
    sheet = state.game.character(roll.actor)
    for name in names:
        stunt = next((s for s in sheet.stunts if s.name == name), None)
        if stunt is None:
            raise BadInput(f"{sheet.name} has no stunt {name!r}")
        roll.use_stunt(stunt)


@_on(AttackRolled)
def _attack_rolled(state: TableState, event: AttackRolled) -> None:
    roll = _conflict(state).attack(
        event.actor,
        event.target,
        event.skill,
        dice=_require_dice(event.faces, "attack"),
        defend_skill=event.defend_skill,
        defender=event.defender,
        forgo_defense=event.forgo_defense,
        ranged=event.ranged,
        defender_dice=_dice(event.defend_faces),
        helpers=event.helpers,
        scale_benefit=event.scale_benefit,
        cover=event.cover,
        cover_use=event.cover_use,
        into_block=event.into_block,
    )
    roll.roll()
    _use_stunts(state, roll, event.stunts)
    state.roll = roll
    _log_roll(
        state, event, event.actor, Action.ATTACK.value, event.skill, event.defender or event.target
    )


@_on(AdvantageRolled)
def _advantage_rolled(state: TableState, event: AdvantageRolled) -> None:
    aimed = state.game.find_aspect(event.aspect_id) if event.aspect_id is not None else None
    roll = _conflict(state).create_advantage(
        event.actor,
        event.skill,
        dice=_require_dice(event.faces, "roll"),
        difficulty=event.difficulty,
        against=event.against,
        defend_skill=event.defend_skill,
        aspect=aimed,
        defender_dice=_dice(event.defend_faces),
        zone=event.zone,
        helpers=event.helpers,
        scale_benefit=event.scale_benefit,
    )
    roll.roll()
    _use_stunts(state, roll, event.stunts)
    state.roll = roll
    _log_roll(state, event, event.actor, Action.CREATE_ADVANTAGE.value, event.skill, event.against)


@_on(OvercomeRolled)
def _overcome_rolled(state: TableState, event: OvercomeRolled) -> None:
    roll = _conflict(state).overcome(
        event.actor,
        event.skill,
        dice=_require_dice(event.faces, "roll"),
        difficulty=event.difficulty,
        against=event.against,
        defend_skill=event.defend_skill,
        defender_dice=_dice(event.defend_faces),
        move_to=event.move_to,
        helpers=event.helpers,
        scale_benefit=event.scale_benefit,
        block=event.block,
        remove_block=event.remove_block,
        disable_hazard=event.disable_hazard,
    )
    roll.roll()
    _use_stunts(state, roll, event.stunts)
    state.roll = roll
    _log_roll(state, event, event.actor, Action.OVERCOME.value, event.skill, event.against)


@_on(FullDefenseTaken)
def _full_defense(state: TableState, event: FullDefenseTaken) -> None:
    focus = None
    if event.focus is not None:
        focus = DefenseFocus(event.focus, event.who)
    elif event.who:
        raise BadInput("name a focus for the full defense before naming who it is about")
    _conflict(state).full_defense(event.actor, focus)


@_on(Moved)
def _moved(state: TableState, event: Moved) -> None:
    _conflict(state).free_move(event.actor, event.to)


def _check_hit_target(conflict: Conflict, target: str) -> None:
    hit = conflict.pending_hit
    if hit is None:
        raise BadInput("there is no hit waiting to be absorbed")
    if hit[0] != target:
        raise BadInput(f"the pending hit is on {hit[0]}, not {target}")


@_on(HitAbsorbed)
def _hit_absorbed(state: TableState, event: HitAbsorbed) -> None:
    conflict = _conflict(state)
    _check_hit_target(conflict, event.target)
    extreme = event.extreme
    conflict.absorb(
        AbsorbPlan(
            tuple(sorted(event.boxes)), tuple(sorted(event.slots)), extreme=extreme is not None
        ),
        dict(event.names),
        extreme=None if extreme is None else ExtremeChoice(extreme.name, extreme.replaces),
    )
    _settle(state)


@_on(TakenOut)
def _taken_out(state: TableState, event: TakenOut) -> None:
    conflict = _conflict(state)
    _check_hit_target(conflict, event.target)
    conflict.take_out()
    _settle(state)


@_on(Conceded)
def _conceded(state: TableState, event: Conceded) -> None:
    _conflict(state).concede(event.character_id)
    _settle(state)


@_on(TurnEnded)
def _turn_ended(state: TableState, event: TurnEnded) -> None:
    _conflict(state).end_turn(event.next_actor)
    _settle(state)


@_on(ConflictFinished)
def _conflict_finished(state: TableState, event: ConflictFinished) -> None:
    _conflict(state).finish(into=event.into)
    state.conflict, state.roll, state.roll_aspect = None, None, None
    state.zone_attack = None
    state.game.sync_sheets()


# -- notes ------------------------------------------------------------------------------------


@_on(TemplateAdded)
def _template_added(state: TableState, event: TemplateAdded) -> None:
    if not event.template_id.strip() or event.template_id in state.templates:
        raise BadInput(f"template ids are unique and not empty: {event.template_id!r}")
    parse_sheet(event.sheet)  # a template is a character file, checked like one
    state.templates[event.template_id] = (_name(event.name), event.sheet)


@_on(TemplateRemoved)
def _template_removed(state: TableState, event: TemplateRemoved) -> None:
    if state.templates.pop(event.template_id, None) is None:
        raise BadInput(f"there is no template {event.template_id!r}")


# -- contests and challenges -----------------------------------------------------------------


@_on(ContestStarted)
def _contest_started(state: TableState, event: ContestStarted) -> None:
    if state.contest is not None:
        raise BadInput("a contest is already running")
    _scene(state)
    sides = {side: list(members) for side, members in event.sides}
    for members in sides.values():
        for member in members:
            state.require_character(member)
    state.contest = Contest.between(
        sides,
        dict(event.intents),
        victories_needed=event.victories_needed,
        harmful_to=event.harmful_to,
        faster=event.faster,
    )
    state.contest_efforts, state.contest_forfeits = {}, set()


def _contest(state: TableState) -> Contest:
    if state.contest is None:
        raise BadInput("there is no contest running")
    return state.contest


def _contest_side(contest: Contest, state: TableState, side: str) -> None:
    if side not in contest.sides:
        raise BadInput(f"no side {side!r} in the contest")
    if side in state.contest_efforts or side in state.contest_forfeits:
        raise BadInput(f"side {side!r} has already rolled or forfeited this exchange")
    if contest.winner is not None:
        contest.exchange({})  # raises: the contest is over


@_on(ContestRolled)
def _contest_rolled(state: TableState, event: ContestRolled) -> None:
    contest = _contest(state)
    _contest_side(contest, state, event.side)
    if event.actor not in contest.sides[event.side].members:
        raise BadInput(f"{event.actor} is not on side {event.side!r}")
    roll = ActionRoll(
        event.actor,
        Action.OVERCOME,
        state.game.character(event.actor).rating(event.skill),
        skill=event.skill,
        dice=_require_dice(event.faces, "roll"),
        ledger=state.game.ledger,
        difficulty=0,  # efforts are compared between the sides, not with a difficulty
    )
    roll.roll()
    state.contest_efforts[event.side] = roll.effort + event.bonus
    state.last_roll = RollRecord(
        event.version, event.at, event.actor, "contest", event.skill, event.faces
    )
    _settle_exchange(state, contest)


@_on(ContestForfeited)
def _contest_forfeited(state: TableState, event: ContestForfeited) -> None:
    contest = _contest(state)
    _contest_side(contest, state, event.side)
    state.contest_forfeits.add(event.side)
    _settle_exchange(state, contest)


def _settle_exchange(state: TableState, contest: Contest) -> None:
    # The exchange is settled once every side has rolled or given up its roll.
    if set(state.contest_efforts) | state.contest_forfeits != set(contest.sides):
        return
    contest.exchange(dict(state.contest_efforts), forfeited=state.contest_forfeits)
    state.contest_efforts, state.contest_forfeits = {}, set()


@_on(ContestEnded)
def _contest_ended(state: TableState, event: ContestEnded) -> None:
    _contest(state)
    state.contest, state.contest_efforts, state.contest_forfeits = None, {}, set()


@_on(ChallengeStarted)
def _challenge_started(state: TableState, event: ChallengeStarted) -> None:
    if state.challenge is not None:
        raise BadInput("a challenge is already running")
    _scene(state)
    challenge = Challenge(in_conflict=event.in_conflict)
    for key, description, skill, difficulty in event.tasks:
        challenge.add_task(key, description, skill, difficulty)
    if not challenge.tasks:
        raise BadInput("a challenge needs at least one task")
    state.challenge = challenge


@_on(ChallengeRolled)
def _challenge_rolled(state: TableState, event: ChallengeRolled) -> None:
    if state.challenge is None:
        raise BadInput("there is no challenge running")
    challenge = state.challenge
    task = challenge.task(event.task)
    challenge.check_attempt(task.key, event.actor, task.skill)
    roll = ActionRoll(
        event.actor,
        Action.OVERCOME,
        state.game.character(event.actor).rating(task.skill),
        skill=task.skill,
        difficulty=task.difficulty,
        dice=_require_dice(event.faces, "roll"),
        ledger=state.game.ledger,
    )
    roll.roll()
    resolution = roll.preview()
    option = choose_option(resolution, event.option)
    challenge.record(task.key, event.actor, task.skill, roll.effort, resolution, option.key)
    roll.close()
    state.last_roll = RollRecord(
        event.version,
        event.at,
        event.actor,
        "challenge",
        task.skill,
        event.faces,
        difficulty=task.difficulty,
    )


@_on(ChallengeEnded)
def _challenge_ended(state: TableState, event: ChallengeEnded) -> None:
    if state.challenge is None:
        raise BadInput("there is no challenge running")
    state.challenge = None


@_on(NoteAdded)
def _note_added(state: TableState, event: NoteAdded) -> None:
    if not event.text.strip():
        raise BadInput("a note cannot be blank")
    if len(event.text) > MAX_NOTE_LENGTH:
        raise BadInput(f"a note has at most {MAX_NOTE_LENGTH} characters")
    if event.visibility is NoteVisibility.GM and not state.seat(event.seat).is_gm:
        raise BadInput("only a GM writes GM notes")
    # The note itself stays in the log: nothing the rules decide depends on it.


# -- the optional rules in a conflict ---------------------------------------------------------


@_on(MinionShielded)
def _minion_shielded(state: TableState, event: MinionShielded) -> None:
    _conflict(state).shield(event.minion)


@_on(Equipped)
def _equipped(state: TableState, event: Equipped) -> None:
    _conflict(state).equip(event.character_id, weapon=event.weapon, armor=event.armor)


@_on(ScaleSet)
def _scale_set(state: TableState, event: ScaleSet) -> None:
    _conflict(state).set_scale(event.character_id, event.level)


@_on(HazardAdded)
def _hazard_added(state: TableState, event: HazardAdded) -> None:
    conflict = _conflict(state)
    hazard = Hazard(event.hazard_id, event.name, event.rating, event.weapon)
    conflict.add_hazard(hazard, event.side, zone=event.zone)


@_on(BlockAdded)
def _block_added(state: TableState, event: BlockAdded) -> None:
    block = Block(
        event.block_id,
        event.name,
        event.rating,
        weapon=event.weapon,
        harmful=event.harmful,
        cover=event.cover,
    )
    aspect = _conflict(state).add_block(block, zone=event.zone)
    _check_created(event.aspect_id, aspect.id)
    state.last_created = (aspect.id,)


@_on(SplitAttackRolled)
def _split_attack_rolled(state: TableState, event: SplitAttackRolled) -> None:
    roll = _conflict(state).split_attack(
        event.actor, event.skill, dice=_require_dice(event.faces, "attack")
    )
    roll.roll()
    state.roll, state.zone_attack = roll, None
    _log_multi(state, event, "split_attack")


@_on(ZoneAttackRolled)
def _zone_attack_rolled(state: TableState, event: ZoneAttackRolled) -> None:
    roll = _conflict(state).zone_attack(
        event.actor, event.skill, event.zone, dice=_require_dice(event.faces, "attack")
    )
    roll.roll()
    state.roll, state.zone_attack = roll, event.zone
    _log_multi(state, event, "zone_attack")


def _log_multi(state: TableState, event: SplitAttackRolled | ZoneAttackRolled, what: str) -> None:
    state.last_roll = RollRecord(
        event.version, event.at, event.actor, what, event.skill, event.faces
    )


@_on(TargetsAssigned)
def _targets_assigned(state: TableState, event: TargetsAssigned) -> None:
    faces = dict(event.defend_faces)
    if len(faces) != len(event.defend_faces):
        raise BadInput("each target's defence has one set of dice")
    split = dict(event.split)
    if len(split) != len(event.split):
        raise BadInput("each target is named once in the split")
    rolls = _conflict(state).assign_targets(
        split or None,
        defend_skills=dict(event.defend_skills),
        defender_dice={who: ScriptedDice([f]) for who, f in faces.items()},
    )
    # Every defence must have been rolled with recorded dice, or a replay would roll again.
    if set(rolls) != set(faces):
        raise BadInput(
            f"the defenders are {sorted(rolls)}, but dice were given for {sorted(faces)}"
        )
    for who, sub in rolls.items():
        defence = sub.opposition
        skill = "" if defence is None or defence.skill is None else defence.skill
        state.last_roll = RollRecord(event.version, event.at, who, "defend", skill, faces[who])
    _settle(state)


@_on(TargetsResolved)
def _targets_resolved(state: TableState, event: TargetsResolved) -> None:
    _conflict(state).resolve_targets(dict(event.options))
    _settle(state)


@_on(MissedEveryone)
def _missed_everyone(state: TableState, event: MissedEveryone) -> None:
    _conflict(state).miss_everyone()
    _settle(state)


@_on(BigBadSet)
def _big_bad_set(state: TableState, event: BigBadSet) -> None:
    conflict = _conflict(state)
    forms = None
    if event.forms:
        later = [_fit_to_table(state, parse_sheet(sheet)) for sheet in event.forms]
        # The sheet in play is the first form; the later ones wait, unseen, to be revealed.
        current = conflict.fighter(event.character_id).character
        forms = TrueForms.of([current, *later], gentle=event.gentle)
    elif event.gentle:
        raise BadInput("carrying consequences over goes with true forms: give the later forms")
    immunity = None
    if event.immunity is not None:
        immunity = Immunity(event.immunity, event.immunity_harm)
    conflict.set_big_bad(
        BigBad(
            event.character_id,
            immunity=immunity,
            minions=event.minions,
            forms=forms,
            scale=event.scale,
            solo=SoloBonus(
                skill=event.solo_skill,
                skill_capped=event.solo_skill_capped,
                stress=event.solo_stress,
                stress_floor_one=event.solo_stress_floor_one,
                amplified=event.solo_amplified,
                suppress=event.solo_suppress,
                no_free_stacking=event.solo_no_free_stacking,
            ),
        )
    )


def _fit_to_table(state: TableState, character: Character) -> Character:
    # A sheet that enters play without Game.add_character still takes the table's conditions.
    ruleset = state.game.ruleset
    if ruleset.has(OptionalRule.CONDITIONS):
        character.consequences = to_conditions(
            character.consequences, apart=ruleset.has(OptionalRule.CONDITIONS_APART)
        )
    return character


@_on(ImmunityBroken)
def _immunity_broken(state: TableState, event: ImmunityBroken) -> None:
    conflict = _conflict(state)
    if event.contest_side is None:
        conflict.break_immunity(event.character_id)
    else:
        conflict.break_immunity(
            event.character_id, contest=_contest(state), side=event.contest_side
        )
    _settle(state)


# -- aspects and fate points ------------------------------------------------------------------


@_on(FreeInvokePassed)
def _free_invoke_passed(state: TableState, event: FreeInvokePassed) -> None:
    state.require_character(event.from_character)
    state.require_character(event.to_character)
    if event.from_character == event.to_character:
        raise BadInput("a free invoke is passed to someone else")
    state.game.find_aspect(event.aspect_id).pass_free_invoke(
        event.from_character, event.to_character
    )


@_on(StoryDetailDeclared)
def _story_detail(state: TableState, event: StoryDetailDeclared) -> None:
    state.require_character(event.by)
    aspect = state.game.find_aspect(event.aspect_id)
    # The point is paid here; the detail itself is told in the log.
    declare_story_detail(aspect, event.by, event.detail, state.game.ledger)
    state.game.sync_sheets()


@_on(SelfCompelAsked)
def _self_compel_asked(state: TableState, event: SelfCompelAsked) -> None:
    if event.compel_id in state.self_compels or event.compel_id in state.compels:
        raise BadInput(f"there is already a compel {event.compel_id!r}")
    state.require_character(event.target)
    # Asking checks everything the rules check, and pays nothing until the GM agrees.
    self_compel(
        state.game.find_aspect(event.aspect_id),
        event.target,
        ledger=state.game.ledger,
        complication=event.complication,
        gm_agrees=False,
    )
    state.self_compels[event.compel_id] = SelfCompelRecord(
        event.compel_id, event.version, event.aspect_id, event.target, event.complication
    )


@_on(SelfCompelAnswered)
def _self_compel_answered(state: TableState, event: SelfCompelAnswered) -> None:
    asked = state.self_compels.pop(event.compel_id, None)
    if asked is None:
        raise BadInput(f"no self-compel {event.compel_id!r} is waiting for an answer")
    if event.accepted:
        self_compel(
            state.game.find_aspect(asked.aspect_id),
            asked.target,
            ledger=state.game.ledger,
            complication=asked.complication,
            gm_agrees=True,
        )
    state.game.sync_sheets()


# -- advancement ------------------------------------------------------------------------------


def _open_milestone(state: TableState, character_id: str, kind: Milestone) -> Character:
    character = state.game.character(character_id)
    if state.conflict is not None:
        raise BadInput("a sheet cannot change during a conflict")
    if state.milestones.get(character_id) is not kind:
        what = "milestone" if kind is Milestone.MINOR else "breakthrough"
        raise IllegalAction(
            f"{character.name} has no {what} to spend: the GM opens one by ending a session at "
            f"a {kind.value} milestone",
            MILESTONE_RULE,
        )
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
    }[change.kind]
    given = {
        name: getattr(change, name)
        for name in ("first", "second", "old", "new", "stunt", "aspect_id", "name")
        if getattr(change, name) is not None
    }
    if set(given) != set(needs):
        raise BadInput(f"a {change.kind.value} change takes {' and '.join(needs)}, and only those")
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
    sheet = character_to_dict(character)
    sheet["stunts"] = [data]
    return character_from_dict(sheet).character.stunts[0]


@_on(MilestoneTaken)
def _milestone_taken(state: TableState, event: MilestoneTaken) -> None:
    character = _open_milestone(state, event.character_id, Milestone.MINOR)
    apply_milestone(character, milestone_choice(character, event.choice), state.game.ruleset.preset)
    del state.milestones[character.id]
    state.game.sync_sheets()


@_on(BreakthroughTaken)
def _breakthrough_taken(state: TableState, event: BreakthroughTaken) -> None:
    character = _open_milestone(state, event.character_id, Milestone.MAJOR)
    names = dict(event.recovery_names)
    if len(names) != len(event.recovery_names):
        raise BadInput("each consequence is renamed once")
    choice = BreakthroughChoice(
        milestone=None if event.milestone is None else milestone_choice(character, event.milestone),
        high_concept=event.high_concept,
        recovery_names=names,
        raise_now=event.raise_now,
        gm_refresh=event.gm_refresh,
        gm_skill_step=event.gm_skill_step,
    )
    # The clock reached the major milestone when the session ended, as the rules ask.
    apply_breakthrough(character, choice, state.game.clock, state.game.ruleset.preset)
    del state.milestones[character.id]
    state.game.sync_sheets()


# -- the GM's screen: secrets and prepared scenes (fatekit.table.screen) -----------------------

_HANDLERS.update(SCREEN_HANDLERS)
