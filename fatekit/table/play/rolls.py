"""A roll outside a conflict: rolled, invoked on, and resolved with the outcome's option. The
helpers here (dice from recorded faces, the roll record, stunts on a roll, the rolls in play) serve
every roll at the table.

Outside a conflict several rolls may be in play at once, one per character: two players roll at
the same moment and both rolls stand, each invoked on and settled by its id (``r14``, from the
version of the event that rolled it). A conflict's action, a contest side's overcome and a
challenge task's overcome are rolls in play too, settled by the same :class:`ResolveRoll`; what
settling does depends on the roll's kind (:func:`settles`). Commands and events that name no roll
(every one logged before rolls had ids) mean the roll in play: the conflict's, or the only one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import Field, dataclass
from typing import Any, ClassVar, Literal, Protocol, TypedDict, TypeVar, Unpack

import msgspec

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.aspects.effects import carry_out
from fatekit.rules.aspects.fate_points import GM
from fatekit.rules.aspects.invokes import InvokeEffect
from fatekit.rules.aspects.lasting import check_overcome_removes
from fatekit.rules.aspects.rolling import ActionRoll, RollPhase, offering
from fatekit.rules.aspects.stunt_uses import default_stunts
from fatekit.rules.characters.combined_rolls import (
    best_second,
    check_pair,
    opposing_first_skills,
    pair_rating,
)
from fatekit.rules.core.actions import Action, AdvantageTarget, Chooser, Option, Resolution, Side
from fatekit.rules.core.dice import ScriptedDice
from fatekit.rules.core.errors import BadInput, FateError
from fatekit.rules.core.outcomes import Outcome
from fatekit.rules.core.randomizers import parse_drawn
from fatekit.rules.core.switches import OptionalRule
from fatekit.rules.options.weight import turned_up
from fatekit.rules.scenes.zones import resolve_move
from fatekit.table import telling as say
from fatekit.table.base import (
    ActorRolled,
    Command,
    Event,
    NamesAspect,
    Outweighed,
    Rating,
    SkillRoll,
    SkillRolled,
)
from fatekit.table.counting import Counted, CountedRolled, check_counted_bonus, counted_fields
from fatekit.table.deciding import (
    Context,
    allowed,
    check_zone_known,
    decides,
    play_goes_on,
    require_control,
    require_gm,
    require_no_roll_waiting,
    zone_hidden,
)
from fatekit.table.facts import assign_facts, facts_of
from fatekit.table.folding import folds, judges
from fatekit.table.pairs import pairs
from fatekit.table.parts import UNSET, AspectRefPart, InvocationPart, Part, UnsetType
from fatekit.table.play.scenes import scene_in_play
from fatekit.table.play.secrets import note_roll_made, roll_difficulty
from fatekit.table.regions import Region, moves
from fatekit.table.roll_moves import check_may_roll
from fatekit.table.seats import Seat
from fatekit.table.seeing import (
    JSON,
    Viewer,
    hide_difficulty_of_roll,
    hides_last_roll,
    hides_roll_in_play,
)
from fatekit.table.showing import shown_whole, shows
from fatekit.table.state import RollInPlay, RollKind, RollRecord, TableState
from fatekit.table.telling import When, tells, when
from fatekit.table.upcasting import older

__all__ = [
    "Invoke",
    "Invoked",
    "ResolveRoll",
    "Roll",
    "RollMade",
    "RollResolved",
]

# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionCommand(SkillRoll, Counted):
    """Base of the action rolls (an overcome, a create an advantage, an attack), in a conflict
    or out of one: a defender, if any, rolls ``defend_skill``, with ``defend_dice`` entered or
    ``None`` for the table to roll. ``stunts`` names the actor's stunts the player applies (each
    circumstance confirmed); left out, the table applies those the rules engine applies unless
    told otherwise (:func:`~fatekit.rules.default_stunts`), whether or not the seat may see the
    opponent's sheet. ``counted`` and ``defend_counted`` name the aspects a PC counts instead of
    a skill where the rule set counts them (:mod:`fatekit.table.counting`)."""

    defend_skill: str | None = None
    defend_dice: str | None = None
    stunts: tuple[str, ...] | None = None
    defend_second_skill: str | None = None  # two combined lists: the defender's second skill


@pairs
@dataclass(frozen=True, slots=True, kw_only=True)
class Roll(ActionCommand):
    """An action roll outside a conflict: overcome or create an advantage, against a
    ``difficulty`` or an active ``against`` (who defends with ``defend_skill``).

    ``aspect_id`` aims a create an advantage at an existing aspect, or an overcome at an aspect
    to remove (an opponent, ``against``, may defend it; success removes it). ``move_to`` makes
    an overcome a move across the scene's map that a free move cannot make (further than the
    next zone, or past something in the way): the actor gets there as the outcome says.
    ``on_opponent`` puts a create an advantage's new aspect on ``against``, the character it is
    made on (else it is the scene's). ``dice`` and ``defend_dice`` are entered faces, or
    ``None`` for the table to roll.
    """

    action: Action
    difficulty: Rating | None = None
    against: str | None = None
    aspect_id: str | None = None
    hidden_difficulty: bool = False  # the GM's screen: players see the outcome, not the number
    move_to: str | None = None
    on_opponent: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Invoke(Command):
    """Invoke an aspect on the roll ``roll`` (its id; left out: the roll in play, when there is
    one only or a conflict's), for the character ``by`` (one the seat controls).

    ``on_defence`` invokes on the defender's roll instead; ``target`` invokes on the defence of
    that target of a split or zone attack (aimed, not yet resolved). A reroll rolls (or takes
    ``dice``).
    """

    aspect_id: str
    by: str
    effect: InvokeEffect = InvokeEffect.PLUS_TWO
    free: bool = False
    on_defence: bool = False
    dice: str | None = None
    target: str | None = None
    roll: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ResolveRoll(Command):
    """Settle the roll ``roll`` (its id; left out: the roll in play, when there is one only or a
    conflict's) with one of its options (needed when the outcome offers a choice);
    ``aspect_name`` names a created aspect, ``boost_names`` (character, name) boosts."""

    option: str | None = None
    aspect_name: str = ""
    boost_names: tuple[tuple[str, str], ...] = ()
    roll: str | None = None


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionRolled(SkillRolled, CountedRolled):
    """Base of the events of the action rolls: the defender's dice as they fell too (``None``
    when nobody defended), the stunts the actor named, and the aspects counted instead of a
    skill with the ratings they gave (:class:`~fatekit.table.counting.CountedRolled`)."""

    defend_skill: str | None
    defend_faces: str | None
    stunts: tuple[str, ...] = ()
    # The defender's free stunts that fit the defence apply (every roll since stunts counted at
    # the table; an older log's defence had none, and replays as it was).
    defence_stunts: bool = False
    # Two combined lists: the second list's skill the defender added (older logs: none).
    defend_second_skill: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RollMade(ActionRolled, NamesAspect):
    """An action roll outside a conflict, with the dice as they fell."""

    action: Action
    difficulty: int | None
    against: str | None
    aspect_id: str | None
    hidden_difficulty: bool = False  # the GM's screen: kept from the players
    move_to: str | None = None  # an overcome to get to this zone (older logs: none)
    on_opponent: bool = False  # the new aspect goes on ``against`` (older logs: the scene's)
    # Whether the GM kept ``move_to`` from the players as the roll was made (older logs: never).
    zone_hidden: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Invoked(Event, NamesAspect):
    """An aspect was invoked on the roll ``roll`` (``faces``: the new dice of a reroll), or on
    the defence of ``target``, an aimed target of a split or zone attack."""

    aspect_id: str
    by: str
    effect: InvokeEffect
    free: bool
    on_defence: bool
    faces: str | None
    target: str | None = None  # older logs have none: the roll in play
    roll: str | None = None  # older logs have none: the roll in play (there was one at a time)
    npc_dice_hidden: bool | None = None  # as on a roll (:class:`~fatekit.table.base.ActorRolled`)
    # A boost's name as it was invoked ("" unnamed): a boost is gone once used, so the log
    # needs its name from here. ``None``: not a boost (and every invoke of older logs).
    boost_name: str | None = None
    # With weight, a reroll is weighed again: the draw as it fell (``faces`` holds the dice
    # turned to +) and why; ``None`` when weight turned nothing (and in older logs).
    rolled_faces: str | None = None
    weight: Outweighed | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RollResolved(Event):
    """The roll ``roll`` was settled with ``option``."""

    option: str | None
    aspect_name: str
    boost_names: tuple[tuple[str, str], ...]
    created: tuple[str, ...]  # ids of the aspects the outcome created, as the rules gave them
    roll: str | None = None  # older logs have none: the roll in play (there was one at a time)
    removed: tuple[str, ...] = ()  # the aspect an overcome removed (older logs: none)


# -- who may, and the events a command becomes -------------------------------------------------


@decides(Roll)
def _roll(context: Context, command: Roll) -> list[Event]:
    check_may_roll(context.state, context.seat, command.actor)  # what the scene offers
    check_zone_known(context.state, context.seat, command.move_to)
    counted = decide_counted(context, command, command.against)
    if counted["counted"] is None:
        context.require_skill(command.actor, command.skill)
    preset = context.state.game.ruleset.preset
    actor = context.state.game.character(command.actor)
    check_pair(preset, actor.skills, command.skill, command.second_skill, who=actor.id)
    if (
        command.against is not None
        and command.defend_skill is None
        and counted["defend_counted"] is None
    ):
        # An opponent named with no skill opposes with their best; the event says which.
        opponent = context.state.game.character(command.against)
        mine = opposing_first_skills(preset, opponent.skills)
        best = max(mine, key=opponent.rating, default=None)
        if best is None:
            raise BadInput(f"name the skill {opponent.name} opposes the roll with")
        command = dataclasses.replace(command, defend_skill=best)
    command = defended_second(context.state, command, command.against)
    if command.against is not None and (
        command.defend_skill is not None or command.defend_second_skill is not None
    ):
        opponent = context.state.game.character(command.against)
        check_pair(
            preset,
            opponent.skills,
            command.defend_skill or "",
            command.defend_second_skill,
            who=opponent.id,
        )
    made = rolled_against(context, RollMade, command, command.action, counted=counted)
    if command.move_to is not None and zone_hidden(context.state, command.move_to):
        made = dataclasses.replace(made, zone_hidden=True)
    return [made]


Acting = TypeVar("Acting", bound=ActionCommand)


def defended_second(state: TableState, command: Acting, defender: str | None) -> Acting:
    """``command`` with the skill of the second list its defender adds, with two combined
    lists: the one named, or the defender's best (as a defence with no skill named takes the
    best); the event records it. Other rule sets add none (a named one is refused as the roll
    is judged)."""
    if defender is None or command.defend_second_skill is not None:
        return command
    if defender not in state.game.characters:
        return command  # the fold refuses an unknown defender
    sheet = state.game.characters[defender]
    best = best_second(state.game.ruleset.preset, sheet.skills)
    return dataclasses.replace(command, defend_second_skill=best)


@decides(Invoke)
def _invoke(context: Context, command: Invoke) -> list[Event]:
    context.require_control(command.by, "invoke for them")
    # The event names the roll it went on, so a roll settled meanwhile is never mistaken for
    # another one rolled since.
    roll = None if command.target is not None else roll_in_play(context.state, command.roll).id
    faces = None
    if command.effect.value == "reroll":
        faces = context.faces(command.dice)
    elif command.dice is not None:
        raise BadInput("only a reroll takes dice")
    boost = _boost_name(context.state, command.aspect_id)
    invoked = context.event_from(Invoked, command, faces=faces, roll=roll, boost_name=boost)
    return [_reroll_weighed(context.state, invoked)]


def _reroll_weighed(state: TableState, event: Invoked) -> Invoked:
    """A reroll of a conflict's roll with the dice weight turns to +: who outweighs whom is
    read again, as on any roll (the roller's action against the one it would hit; a defence as
    a defence; a create an advantage or an overcome if the GM allowed weight on it, as its dice
    show)."""
    conflict = state.conflict
    if event.faces is None or conflict is None:
        return event
    try:
        rerolled, in_conflict = _invoked_roll(state, event)
    except FateError:
        return event  # judging the invoke refuses it, with its reason
    if event.target is not None:  # a target's defence against an attack on several
        faces, rolled, weight = weigh_dice(state, event.target, event.faces, Action.DEFEND)
        return dataclasses.replace(event, faces=faces, rolled_faces=rolled, weight=weight)
    found = next((r for r in state.rolls.values() if rerolled in (r.roll, r.roll.opposition)), None)
    if not in_conflict or found is None:
        return event
    if rerolled is found.roll:
        turn = conflict.turns.turn
        aimed = turn.victim if turn is not None and turn.roll is rerolled else None
        faces, rolled, weight = weigh_dice(
            state,
            rerolled.actor,
            event.faces,
            rerolled.action,
            target=aimed,
            allowed=found.weight is not None,
        )
    else:
        faces, rolled, weight = weigh_dice(state, rerolled.actor, event.faces, Action.DEFEND)
    return dataclasses.replace(event, faces=faces, rolled_faces=rolled, weight=weight)


def weigh_dice(
    state: TableState,
    roller: str,
    faces: str,
    action: Action,
    *,
    target: str | None = None,
    claimed: bool = False,
    allowed: bool = False,
) -> tuple[str, str | None, Outweighed | None]:
    """``roller``'s dice (``faces``, as drawn) with the dice weight turns to + as a roll of a
    conflict is decided (the weight option; see :meth:`Conflict.outweighs` for ``target``,
    ``claimed`` and ``allowed``): the dice turned, the draw as it fell (``None``: nothing
    turned) and why. A fold takes the dice as recorded: it never weighs anyone."""
    conflict = state.conflict
    if conflict is None or not conflict.roster.ruleset.has(OptionalRule.WEIGHT):
        return faces, None, None
    found = conflict.outweighs(roller, action, target=target, claimed=claimed, allowed=allowed)
    if found is None:
        return faces, None, None
    weights = found.weights
    why = Outweighed(
        own=weights.own, other=weights.other, target=weights.target, turned=found.turned
    )
    return turned_up(parse_drawn(faces), found.turned).symbols(), faces, why


def _boost_name(state: TableState, aspect_id: str) -> str | None:
    """The name of the boost ``aspect_id`` ("" when unnamed), or ``None`` for any other aspect
    (or none at all: the fold refuses that invoke)."""
    try:
        aspect = state.game.find_aspect(aspect_id)
    except BadInput:
        return None
    return aspect.name if aspect.kind is AspectKind.BOOST else None


@decides(ResolveRoll)
def _resolve_roll(context: Context, command: ResolveRoll) -> list[Event]:
    in_play = roll_in_play(context.state, command.roll)
    may_resolve(context.state, context.seat, in_play)
    return [context.event_from(RollResolved, command, created=(), roll=in_play.id)]


def may_resolve(state: TableState, seat: Seat, in_play: RollInPlay) -> None:
    """Refuse unless the roll's dice are down, it is not settled yet, and ``seat`` is the one
    its outcome gives the choice to (:func:`require_chooser`)."""
    roll = in_play.roll
    resolution = resolution_of(state, in_play)
    opposition = roll.opposition.actor if roll.opposition is not None else None
    if resolution is None:  # a contest's overcome: its effort counts, nothing to choose
        require_control(state, seat, roll.actor, "settle this roll")
    else:
        require_chooser(state, seat, resolution, roll.actor, opposition)


def require_chooser(
    state: TableState, seat: Seat, resolution: Resolution, actor: str, opposition: str | None
) -> None:
    """Refuse unless ``seat`` settles the outcome: whoever it gives the choice to; the GM may
    always."""
    chooser = resolution.chosen_by
    if chooser is Chooser.GM:
        require_gm(seat, "choose this outcome")
    elif chooser is Chooser.OPPOSITION and opposition is not None:
        require_control(state, seat, opposition, "choose for the opposition")
    elif chooser is Chooser.OPPOSITION:
        require_gm(seat, "choose for the opposition")
    else:
        require_control(state, seat, actor, "settle this roll")


# -- the fold ----------------------------------------------------------------------------------


@judges(RollMade)
def _judge_roll_made(state: TableState, event: RollMade) -> None:
    if state.conflict is not None:
        raise BadInput("during a conflict, roll with the conflict's actions")
    if event.action not in (Action.OVERCOME, Action.CREATE_ADVANTAGE):
        raise BadInput("outside a conflict, roll to overcome or to create an advantage")
    scene = scene_in_play(state)
    actor = state.game.character(event.actor)
    if (event.difficulty is None) == (event.against is None):
        raise BadInput("give either a difficulty or an opponent (against), not both")
    aimed = state.game.find_aspect(event.aspect_id) if event.aspect_id is not None else None
    if aimed is not None and event.action is Action.OVERCOME:
        # An overcome aimed at an aspect removes it on success; one unknown to the actor first
        # has to be discovered.
        aimed.check_usable_by(actor.id)
        check_overcome_removes(aimed)
    if event.on_opponent and (
        event.action is not Action.CREATE_ADVANTAGE or event.against is None or aimed is not None
    ):
        raise BadInput("only a new advantage made against someone goes on them")
    if event.move_to is not None:
        if event.action is not Action.OVERCOME or aimed is not None:
            raise BadInput("a move across the map is an overcome of its own")
        # The zone must be on the map, with a way to it from where the actor stands.
        scene.move_obstacles(actor.id, event.move_to)
    if event.against is not None:
        if event.defend_skill is None and event.defend_counted is None:
            raise BadInput("name the skill the opponent defends with")
        defender = state.game.character(event.against)
        if defender.id not in scene.participants:
            raise BadInput(f"{defender.id} is not in the scene")
    _free_roll_made(state, event, checked=True)


@folds(RollMade)
def _roll_made(state: TableState, event: RollMade) -> None:
    placing = _free_placing(state, event)
    record = action_record(event, event.action.value, event.against)
    into_play(
        state, _free_roll(state, event, rated=False), event, RollKind.ACTION, record, **placing
    )
    note_roll_made(state, event.actor, event.version, event.hidden_difficulty)
    assign_facts(state, facts_of(event))  # the roll as the rules made it up, its stunts' uses


@older(RollMade)
def _roll_made_older(state: TableState, event: RollMade) -> None:
    _free_roll_made(state, event, checked=False)


def _free_roll_made(state: TableState, event: RollMade, *, checked: bool) -> None:
    """Roll ``event``'s roll outside a conflict from the sheets' ratings and put it in play with
    the stunts its actor named: a roll being decided (``checked``: :func:`_judge_roll_made`
    has checked the rest) or one an older release recorded."""
    placing = _free_placing(state, event)
    roll = _free_roll(state, event, rated=True, checked=checked)
    record = action_record(event, event.action.value, event.against)
    place = put_in_play if checked else into_play_as_recorded
    place(state, roll, event, RollKind.ACTION, record, stunts=event.stunts, **placing)
    note_roll_made(state, event.actor, event.version, event.hidden_difficulty)


def _free_placing(state: TableState, event: RollMade) -> Placing:
    """How a roll outside a conflict stands in play: the aspect it works on, a hidden
    difficulty, the zone it moves to, whom a new advantage goes on."""
    aimed = state.game.find_aspect(event.aspect_id) if event.aspect_id is not None else None
    return Placing(
        aim=aimed,
        hidden=event.hidden_difficulty,
        move_to=event.move_to,
        aspect_owner=event.against if event.on_opponent else None,
    )


def _free_roll(
    state: TableState, event: RollMade, *, rated: bool, checked: bool = False
) -> ActionRoll:
    """The roll ``event`` made outside a conflict, its dice as they fell: the actor's and a
    defender's ratings from their sheets (``rated``) or as its facts will say."""
    actor = state.game.characters[event.actor]
    roll = ActionRoll(
        actor.id,
        event.action,
        (
            _rated(
                state,
                event.actor,
                event.skill,
                event.counted,
                event.counted_bonus,
                checked,
                second=event.second_skill,
            )
            if rated
            else 0
        ),
        skill=event.skill,
        difficulty=event.difficulty,
        dice=require_dice(event.faces, "roll"),
        ledger=state.game.ledger,
        stunt_uses=state.game.stunt_uses,
        second_skill=event.second_skill,
    )
    if event.against is not None:
        defender = state.game.characters[event.against]
        skill = event.defend_skill
        roll.opposed_by(
            defender.id,
            (
                _rated(
                    state,
                    defender.id,
                    skill,
                    event.defend_counted,
                    event.defend_counted_bonus,
                    checked,
                    second=event.defend_second_skill,
                )
                if rated
                else 0
            ),
            skill=skill,
            dice=require_dice(event.defend_faces, "defence"),
            second_skill=event.defend_second_skill,
        )
    return roll


def counted_rating(
    state: TableState,
    who: str | None,
    counted: tuple[str, ...] | None,
    bonus: int | None,
    checked: bool,
) -> int | None:
    """The bonus a roll's counted aspects give, from its event (``None``: a skill was rolled):
    checked against the rules while the roll is judged, read as recorded otherwise."""
    if counted is None or who is None:
        return None
    if checked:
        return check_counted_bonus(state, who, counted, bonus if bonus is not None else -1)
    return bonus


def _rated(
    state: TableState,
    who: str,
    skill: str | None,
    counted: tuple[str, ...] | None,
    bonus: int | None,
    checked: bool,
    *,
    second: str | None = None,
) -> int:
    """The rating a roll is made at from its event: its counted aspects' bonus (checked against
    the rules while the roll is judged, :func:`~fatekit.table.counting.check_counted_bonus`;
    read as recorded otherwise), else the sheet's skill (with two combined lists, ``second``'s
    rating added)."""
    found = counted_rating(state, who, counted, bonus, checked)
    if found is not None:
        return found
    if skill is None:
        return 0
    return pair_rating(state.game.characters[who].rating, skill, second)


@judges(Invoked)
def _judge_invoked(state: TableState, event: Invoked) -> None:
    target, in_conflict = _invoked_roll(state, event)
    if event.faces is not None:
        target.dice_source = ScriptedDice([event.faces])
    aspect = state.game.find_aspect(event.aspect_id)
    state.require_character(event.by)
    if event.boost_name is not None and (
        aspect.kind is not AspectKind.BOOST or aspect.name != event.boost_name
    ):
        raise BadInput(f"{event.aspect_id} is not the boost {event.boost_name!r}")
    # A player's extra pays from its player's PC (Game.payer), as its story details do.
    payer = state.game.payer(event.by, state.players_pcs(event.by, event.seat))
    if in_conflict:
        assert state.conflict is not None
        state.conflict.invoke(
            target, aspect, by=event.by, effect=event.effect, free=event.free, payer=payer
        )
    else:
        target.invoke(aspect, by=event.by, effect=event.effect, free=event.free, payer=payer)
    _rerolled(state, event, target)
    state.game.sync_sheets()


@folds(Invoked)
def _invoked(state: TableState, event: Invoked) -> None:
    target, _ = _invoked_roll(state, event, recorded=True)
    if event.faces is not None:  # the dice the reroll took, as it took them
        rerolled = ScriptedDice([event.faces])
        rerolled.roll()
        target.dice_source = rerolled
    _rerolled(state, event, target)
    # The invoke on the roll, its +2 or raise, the dice rerolled, what it cost: the facts.
    assign_facts(state, facts_of(event))


@older(Invoked)
def _invoked_older(state: TableState, event: Invoked) -> None:
    target, in_conflict = _invoked_roll(state, event, recorded=True)
    if event.faces is not None:
        target.dice_source = ScriptedDice([event.faces])
    aspect = state.game.find_aspect(event.aspect_id)
    if in_conflict and state.conflict is not None:
        state.conflict.invoked(target, aspect, by=event.by, effect=event.effect, free=event.free)
    else:
        target.invoked(aspect, by=event.by, effect=event.effect, free=event.free)
    _rerolled(state, event, target)
    state.game.sync_sheets()


def _rerolled(state: TableState, event: Invoked, target: ActionRoll) -> None:
    if event.faces is None:
        return
    state.last_roll = RollRecord(
        event.version, event.at, target.actor, "reroll", target.skill or "", event.faces
    )
    # Dice rerolled while the NPCs' dice are hidden keep the roll in play hidden too.
    if event.target is not None:  # a target's defence: what weight turned of the new dice
        state.target_weights.pop(event.target, None)
        if event.rolled_faces is not None and event.weight is not None:
            state.target_weights[event.target] = (event.rolled_faces, event.weight)
    found = next((r for r in state.rolls.values() if target in (r.roll, r.roll.opposition)), None)
    if found is not None and target is found.roll:  # what weight turned is the new dice'
        found.rolled_faces, found.weight = event.rolled_faces, event.weight
    elif found is not None:
        found.defend_rolled_faces, found.defend_weight = event.rolled_faces, event.weight
    if found is not None:
        found.npc_dice_hidden |= state.screen.npc_dice_hidden_at(
            event.version, event.npc_dice_hidden
        )


@judges(RollResolved)
def _judge_roll_resolved(state: TableState, event: RollResolved) -> None:
    in_play = roll_in_play(state, event.roll)
    made = SETTLERS[in_play.kind].judge(state, in_play, event)
    if event.created and event.created != made:
        raise BadInput(f"the log says {event.created} were made, the rules made {made}")
    if event.removed and event.removed != state.last_removed:
        raise BadInput(
            f"the log says {event.removed} left play, the rules removed {state.last_removed}"
        )
    state.last_created = made
    state.rolls.pop(in_play.id, None)
    state.game.sync_sheets()


@folds(RollResolved)
def _roll_resolved(state: TableState, event: RollResolved) -> None:
    in_play = roll_in_play(state, event.roll)
    in_play.roll.close()
    SETTLERS[in_play.kind].fold(state, in_play, event)
    # What the outcome made, removed, moved, hit, counted: the facts.
    assign_facts(state, facts_of(event))
    state.last_created = event.created
    state.last_removed = event.removed
    state.rolls.pop(in_play.id, None)
    state.game.sync_sheets()


@older(RollResolved)
def _roll_resolved_older(state: TableState, event: RollResolved) -> None:
    in_play = roll_in_play(state, event.roll)
    state.last_created = SETTLERS[in_play.kind].older(state, in_play, event)
    state.rolls.pop(in_play.id, None)
    state.game.sync_sheets()


#: What settling a roll in play does, by its kind: each returns the ids of the aspects it made.
Settler = Callable[[TableState, RollInPlay, RollResolved], tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Settling:
    """What settling a roll of one kind does, for each reader: as today's rules judge it
    (``judge``), as an older release recorded it (``older``, checked by no rule), and what is
    left to put in place besides the facts when it folds (``fold``)."""

    judge: Settler
    older: Settler
    fold: Callable[[TableState, RollInPlay, RollResolved], None]


SETTLERS: dict[RollKind, Settling] = {}


def settles(
    kind: RollKind,
    *,
    older: Settler,
    fold: Callable[[TableState, RollInPlay, RollResolved], None] | None = None,
) -> Callable[[Settler], Settler]:
    """Register what settling a roll of ``kind`` does (contests and challenges add theirs): the
    judge it decorates, its ``older`` step and what its ``fold`` puts in place besides the
    facts (nothing, by default)."""

    def register(judge: Settler) -> Settler:
        SETTLERS[kind] = Settling(judge, older, fold or _nothing_more)
        return judge

    return register


def _nothing_more(state: TableState, in_play: RollInPlay, event: RollResolved) -> None:
    del state, in_play, event


def _conflict_action_older(
    state: TableState, in_play: RollInPlay, event: RollResolved
) -> tuple[str, ...]:
    if state.conflict is None:
        return ()
    applied = state.conflict.resolved(
        event.option,
        aspect_name=event.aspect_name,
        boost_names=dict(event.boost_names),
        # Logged before events recorded facts: a solo big bad's hit was rounded up then,
        # whatever the rule set (issue 27 rounds Öde's down).
        solo_round_down=False if event.facts is None else None,
    )
    state.last_removed = tuple(a.id for a in applied.removed)
    return tuple(a.id for a in (*applied.created, *applied.boosts))


@settles(RollKind.CONFLICT, older=_conflict_action_older)
def _settle_conflict_action(
    state: TableState, in_play: RollInPlay, event: RollResolved
) -> tuple[str, ...]:
    if state.conflict is None:
        raise BadInput("there is no conflict in play", code="no_conflict")
    _, applied = state.conflict.resolve(
        event.option, aspect_name=event.aspect_name, boost_names=dict(event.boost_names)
    )
    state.last_removed = tuple(a.id for a in applied.removed)  # what an overcome took away
    return tuple(a.id for a in (*applied.created, *applied.boosts))


def carry_out_older(state: TableState, in_play: RollInPlay, event: RollResolved) -> tuple[str, ...]:
    """Settle a roll outside a conflict as a table's log recorded it (checked by no rule: see
    :func:`carry_out_roll`)."""
    return _carry_out(state, in_play, event, checked=False)


@settles(RollKind.ACTION, older=carry_out_older)
def carry_out_roll(state: TableState, in_play: RollInPlay, event: RollResolved) -> tuple[str, ...]:
    """Settle a roll outside a conflict: carry out the chosen option of its outcome on the
    scene's aspects (an overcome's boost, a created advantage), and close it."""
    return _carry_out(state, in_play, event, checked=True)


def _carry_out(
    state: TableState, in_play: RollInPlay, event: RollResolved, *, checked: bool
) -> tuple[str, ...]:
    roll = in_play.roll
    resolution = resolution_of(state, in_play, checked=checked)
    if resolution is None:
        raise BadInput("this roll has no outcome to carry out")
    if not checked and in_play.move_to is None:
        # The option the log says the table chose, on the outcome that offered it.
        target = _advantage_target(in_play)
        resolution = offering(lambda o: roll.preview(target=target, outcome=o), event.option)
    chosen = choose_option(resolution, event.option)
    names = dict(event.boost_names)
    opposition = roll.opposition.actor if roll.opposition is not None else GM
    applied = carry_out(
        chosen,
        actor=roll.actor,
        opposition=opposition,
        aspects=scene_in_play(state).aspects,
        target=in_play.aim,
        aspect_name=event.aspect_name,
        aspect_owner=in_play.aspect_owner,
        boost_names={
            Side.ACTOR: names.get(roll.actor, ""),
            Side.OPPOSITION: names.get(opposition, ""),
        },
        removes=roll.action is Action.OVERCOME,
        checked=checked,
    )
    removed = []
    for gone in applied.removed:
        if not _still_in_play(state, gone):
            continue  # it left play while the roll was waiting (the GM removed it): done already
        if checked:
            state.game.remove_aspect(gone.id)
        else:
            state.game.take_out_of_play(gone.id)
        state.setting.issues.pop(gone.id, None)
        removed.append(gone.id)
    state.last_removed = tuple(removed)
    if in_play.move_to is not None and applied.succeeded:
        scene_in_play(state).place(roll.actor, in_play.move_to)
    roll.close()
    return tuple(a.id for a in (*applied.created, *applied.boosts))


def _still_in_play(state: TableState, aspect: Aspect) -> bool:
    try:
        return state.game.find_aspect(aspect.id) is aspect
    except BadInput:
        return False


def _invoked_roll(
    state: TableState, event: Invoked, *, recorded: bool = False
) -> tuple[ActionRoll, bool]:
    """The roll an invoke goes on (a roll in play, its defence, or a target's defence), and
    whether it is a conflict's (whose own rules then judge the invoke; an invoke a log
    ``recorded`` is found where it went, with no rule asked)."""
    if event.target is not None:
        if state.conflict is None:
            raise BadInput("there is no conflict in play", code="no_conflict")
        if recorded:
            return state.conflict.targets.aimed_defence(event.target), True
        # The engine refuses, naming the multiple-targets rule, unless the target is aimed.
        return state.conflict.targets.target_defence(event.target), True
    in_play = roll_in_play(state, event.roll)
    in_conflict = in_play.kind is RollKind.CONFLICT
    roll = in_play.roll
    if not event.on_defence:
        return roll, in_conflict
    if roll.opposition is None:
        raise BadInput("this roll has no defender to invoke on")
    return roll.opposition, in_conflict


def roll_in_play(state: TableState, roll_id: str | None) -> RollInPlay:
    """The roll in play with this id; with none, the conflict's action, or the only roll in
    play (several: the refusal lists them, for the seat to name one)."""
    if roll_id is not None:
        found = state.rolls.get(roll_id)
        if found is None:
            raise BadInput(
                f"there is no roll {roll_id!r} in play: it may be settled already", code="roll_gone"
            )
        return found
    in_conflict = state.conflict_roll()
    if in_conflict is not None:
        return in_conflict
    if not state.rolls:
        raise BadInput("there is no roll in play", code="no_roll")
    if len(state.rolls) > 1:
        listed = ", ".join(f"{r.id} ({r.roll.actor})" for r in state.rolls.values())
        raise BadInput(f"several rolls are in play: name one of {listed}")
    return next(iter(state.rolls.values()))


def resolution_of(
    state: TableState, in_play: RollInPlay, *, checked: bool = True
) -> Resolution | None:
    """What a roll in play allows as things stand (``None``: a contest's overcome, whose effort
    is compared with the other sides' and offers no choice); not ``checked``, for a roll a
    log recorded settled, whatever the rules say of it now."""
    if in_play.kind is RollKind.CONFLICT:
        if state.conflict is None:
            raise BadInput("there is no conflict in play", code="no_conflict")
        return state.conflict.preview() if checked else state.conflict.previewed()
    if in_play.kind is RollKind.CONTEST:
        return None
    if in_play.move_to is not None:
        if checked:
            in_play.roll.preview()  # the same checks: dice down, not settled yet
        return resolve_move(in_play.roll.shifts)
    return in_play.roll.preview(target=_advantage_target(in_play))


Rolled = TypeVar("Rolled", bound=Event)


class DifficultyRoll(Protocol):
    """A command whose roll faces a difficulty or an opponent, which the GM's screen may hold
    back: :class:`Roll`, and a conflict's create an advantage and overcome."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def actor(self) -> str: ...
    @property
    def skill(self) -> str: ...
    @property
    def dice(self) -> str | None: ...
    @property
    def defend_dice(self) -> str | None: ...
    @property
    def difficulty(self) -> int | None: ...
    @property
    def against(self) -> str | None: ...
    @property
    def hidden_difficulty(self) -> bool: ...


def rolled_against(
    context: Context,
    rolled: type[Rolled],
    command: DifficultyRoll,
    action: Action,
    obstacle: str | None = None,
    *,
    counted: dict[str, Any] | None = None,
) -> Rolled:
    """The event of ``command``'s roll against its difficulty: the one it names, or the one the
    GM set for the actor's next roll, kept from the players (see :func:`roll_difficulty`), with
    the ``counted`` aspects :func:`decide_counted` decided."""
    difficulty, hidden = roll_difficulty(
        context,
        actor=command.actor,
        action=action,
        skill=command.skill,
        difficulty=command.difficulty,
        against=command.against,
        hidden=command.hidden_difficulty,
        obstacle=obstacle,
    )
    return context.event_from(
        rolled,
        command,
        stunts=stunts_applied(context.state, command, action),
        defence_stunts=True,
        difficulty=difficulty,
        hidden_difficulty=hidden,
        faces=context.faces(command.dice, command.actor),
        defend_faces=context.defend_faces(command.against, command.defend_dice),
        **(counted or {}),
    )


def decide_counted(context: Context, command: object, defender: str | None) -> dict[str, Any]:
    """The counted aspects of an action roll's ``command`` (an :class:`ActionCommand`) and
    their bonuses, decided by the rules (:func:`~fatekit.table.counting.counted_fields`)."""
    assert isinstance(command, ActionCommand)
    fields = counted_fields(
        context.state,
        command.actor,
        command.skill,
        command.counted,
        defender=defender,
        defend_skill=command.defend_skill,
        defend_counted=command.defend_counted,
    )
    return fields


def stunts_applied(state: TableState, command: object, action: Action) -> tuple[str, ...]:
    """The stunts an action's roll (an :class:`ActionCommand`) applies: those its command names,
    or, named by none, those the rules engine applies by default, decided here and recorded on
    the event."""
    if not isinstance(command, ActionCommand):
        return ()
    if command.stunts is not None:
        return command.stunts
    sheet = state.game.character(command.actor)
    return default_stunts(sheet, command.skill, action, state.game.stunt_uses, command.second_skill)


def scripted_dice(faces: str | None) -> ScriptedDice | None:
    return None if faces is None else ScriptedDice([faces])


def require_dice(faces: str | None, what: str) -> ScriptedDice:
    if faces is None:
        raise BadInput(f"the {what} needs its dice")
    return ScriptedDice([faces])


class Placing(TypedDict, total=False):
    """How a roll stands in play beside its dice: the aspect it works on (``aim``), whether its
    difficulty is ``hidden``, a contest's ``side`` or a challenge's ``task``, the zone an
    overcome moves to (``move_to``) and whom a new advantage goes on (``aspect_owner``)."""

    aim: Aspect | None
    hidden: bool
    side: str | None
    task: str | None
    move_to: str | None
    aspect_owner: str | None


def put_in_play(
    state: TableState,
    roll: ActionRoll,
    event: ActorRolled,
    kind: RollKind,
    record: RollRecord,
    *,
    stunts: tuple[str, ...] = (),
    **placing: Unpack[Placing],
) -> RollInPlay:
    """Roll ``roll`` with the dice ``event`` recorded, apply the ``stunts`` its actor named, and put
    it in play (a character has one roll in play at a time), with ``record`` as the table's last
    roll."""
    require_no_roll_waiting(state, event.actor)
    return _stunts_in_play(state, roll, event, kind, record, stunts, placing, checked=True)


def into_play(
    state: TableState,
    roll: ActionRoll,
    event: ActorRolled,
    kind: RollKind,
    record: RollRecord,
    **placing: Unpack[Placing],
) -> RollInPlay:
    """Put ``roll`` in play with the dice ``event`` recorded, as it was decided: what makes it
    up (ratings, stunts, bonuses) is its event's facts' (the fold assigns them after)."""
    roll.roll()
    return _placed(state, roll, event, kind, record, placing)


def into_play_as_recorded(
    state: TableState,
    roll: ActionRoll,
    event: ActorRolled,
    kind: RollKind,
    record: RollRecord,
    *,
    stunts: tuple[str, ...] = (),
    **placing: Unpack[Placing],
) -> RollInPlay:
    """Put ``roll`` in play as an older release recorded it: its dice, and the stunts its
    actor named (and the defender's free ones) applied as the rules apply them, with no check
    (see :func:`put_in_play`)."""
    return _stunts_in_play(state, roll, event, kind, record, stunts, placing, checked=False)


def _stunts_in_play(
    state: TableState,
    roll: ActionRoll,
    event: ActorRolled,
    kind: RollKind,
    record: RollRecord,
    stunts: tuple[str, ...],
    placing: Placing,
    *,
    checked: bool,
) -> RollInPlay:
    """Roll ``roll``, apply the ``stunts`` its actor named and the defender's free ones
    (``checked``: each judged by the engine; else, as a log recorded them), and put it in play:
    what :func:`put_in_play` and :func:`into_play_as_recorded` both do."""
    roll.roll()
    _use_stunts(state, roll, stunts, checked=checked, seat=event.seat)
    _defence_stunts(state, roll, event, checked=checked)
    return _placed(state, roll, event, kind, record, placing)


def _defence_stunts(
    state: TableState, roll: ActionRoll, event: ActorRolled, *, checked: bool
) -> None:
    defence = roll.opposition
    if getattr(event, "defence_stunts", False) and defence is not None and defence.skill:
        # The defender's free stunts that fit apply as the rules engine says, whoever sees them.
        sheet = state.game.characters.get(defence.actor)  # a hazard has no sheet in the game
        if sheet is not None:
            found = default_stunts(
                sheet, defence.skill, Action.DEFEND, state.game.stunt_uses, defence.second_skill
            )
            _use_stunts(state, defence, found, checked=checked, seat="")


def _placed(
    state: TableState,
    roll: ActionRoll,
    event: ActorRolled,
    kind: RollKind,
    record: RollRecord,
    placing: Placing,
) -> RollInPlay:
    in_play = RollInPlay(
        event.version,
        kind,
        roll,
        aim=placing.get("aim"),
        hidden=placing.get("hidden", False),
        side=placing.get("side"),
        task=placing.get("task"),
        npc_dice_hidden=state.screen.npc_dice_hidden_at(event.version, event.npc_dice_hidden),
        disables=getattr(event, "disable_hazard", None),
        move_to=placing.get("move_to"),
        aspect_owner=placing.get("aspect_owner"),
        # What weight turned, as the event recorded it (only a conflict's actions weigh).
        rolled_faces=getattr(event, "rolled_faces", None),
        weight=getattr(event, "weight", None),
        defend_rolled_faces=getattr(event, "defend_rolled_faces", None),
        defend_weight=getattr(event, "defend_weight", None),
    )
    state.rolls[in_play.id] = in_play
    state.last_roll = record
    return in_play


def action_record(event: ActionRolled, action: str, defender: str | None) -> RollRecord:
    """The record of an action's roll (and its defence) as the table's last roll."""
    return RollRecord(
        event.version,
        event.at,
        event.actor,
        action,
        event.skill,
        event.faces,
        defender,
        event.defend_faces,
        getattr(event, "difficulty", None),
    )


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


def free_roll_resolution(state: TableState, roll_id: str | None = None) -> Resolution:
    """What a roll in play outside a conflict allows, as things stand."""
    found = resolution_of(state, roll_in_play(state, roll_id))
    if found is None:
        raise BadInput("this roll has no outcome to choose from")
    return found


def _advantage_target(in_play: RollInPlay) -> AdvantageTarget:
    aimed = in_play.aim
    if aimed is None:
        return AdvantageTarget.NEW
    if aimed.is_known_to(in_play.roll.actor):
        return AdvantageTarget.KNOWN
    return AdvantageTarget.UNKNOWN


def _use_stunts(
    state: TableState, roll: ActionRoll, names: tuple[str, ...], *, checked: bool, seat: str
) -> None:
    """Apply the stunts the actor named for this roll (``checked``: the engine checks each one
    fits; else, as a log recorded them), ``seat`` speaking for the actor (a player's extra pays
    from its player's PC: Game.payer; no seat, from its owner's)."""
    sheet = state.game.character(roll.actor)
    payer = state.game.payer(roll.actor, state.players_pcs(roll.actor, seat)) if checked else None
    for name in names:
        stunt = next((s for s in sheet.stunts if s.name == name), None)
        if stunt is None:
            raise BadInput(f"{sheet.name} has no stunt {name!r}")
        if checked:
            roll.use_stunt(stunt, payer=payer)
        else:
            roll.stunt_applied(stunt)
    if names:
        state.game.sync_sheets()  # a use counted or a fate point paid shows on the sheet


# -- what each seat sees -----------------------------------------------------------------------

# A roll put in play, invoked on or settled: its facts, the rolls in play and the last roll
# (ROLLS), and a hidden difficulty a roll uses up (the GM's screen).
moves({Region.SCREEN}, RollMade)
moves((), Invoked, RollResolved)

shown_whole(RollResolved)


@shows(RollMade)
def _show_roll(viewer: Viewer, event: RollMade, data: JSON) -> JSON:
    if event.hidden_difficulty:
        hide_difficulty_of_roll(data)
    viewer.keep_dice(
        data,
        version=event.version,
        recorded=event.npc_dice_hidden,
        roller=event.actor,
        defender=event.against,
    )
    viewer.keep_aspect_id(data, event.aspect_id, event.aspect_sight)
    if event.zone_hidden and not viewer.gm and event.actor not in viewer.mine:
        # A move into a zone kept from the players: the roll is seen, not where it leads.
        data["move_to"] = None
    return data


@shows(Invoked)
def _show_invoke(viewer: Viewer, event: Invoked, data: JSON) -> JSON:
    # A reroll's new dice are the invoker's.
    viewer.keep_dice(data, version=event.version, recorded=event.npc_dice_hidden, roller=event.by)
    viewer.keep_aspect_id(data, event.aspect_id, event.aspect_sight)
    return data


class TreatsPart(Part, kw_only=True):
    """The consequence a treatment treats, whose, and the name it takes once it succeeds."""

    aspect_id: str
    patient: str | None
    new_name: str | None


class WeightPart(Part, kw_only=True):
    """With weight: the sides' weights in the roller's zone as the roll was decided (``own``
    the roller's side, ``other`` the rest, ``target`` an attack's target) and the dice turned
    to + (1 or 2)."""

    own: int
    other: int
    target: int | None
    turned: int


def weight_part(found: Outweighed | None) -> WeightPart | None:
    """What weight did to a roll, as a view shows it."""
    if found is None:
        return None
    return WeightPart(own=found.own, other=found.other, target=found.target, turned=found.turned)


class DefencePart(Part, kw_only=True):
    """The defence against a roll: who defends with what, its dice (``None``: kept from the
    seat) and the invokes on it; with weight, the draw as it fell (``rolled_faces``) when
    ``weight`` turned some of its dice to +."""

    actor: str
    skill: str | None
    faces: str | None
    invocations: list[InvocationPart]
    rolled_faces: str | None = None
    weight: WeightPart | None = None


#: What a seat may do with a roll in play.
RollMove = Literal["ResolveRoll"]


class RollPart(Part, kw_only=True):
    """A roll in play as the seat sees it. Its numbers (``effort``, ``opposition``, ``shifts``,
    ``outcome``) once its dice are rolled; ``None`` where they are kept from the seat, which
    ``difficulty_hidden``, ``dice_hidden`` and ``effort_hidden`` say."""

    id: str
    kind: RollKind
    side: str | None  # a contest's side
    task: str | None  # a challenge's task
    actor: str
    action: Action
    skill: str | None
    phase: RollPhase
    faces: str | None
    rerolled: list[str]
    invocations: list[InvocationPart]
    aim: AspectRefPart | None  # the aspect a create an advantage works on, or an overcome removes
    move_to: str | None  # an overcome to get to this zone
    aspect_owner: str | None  # whom a new advantage goes on
    # With weight: the draw as it fell (``faces`` holds the dice turned to +), and why.
    rolled_faces: str | None = None
    weight: WeightPart | None = None
    effort: int | UnsetType | None = UNSET
    opposition: int | UnsetType | None = UNSET
    shifts: int | UnsetType | None = UNSET
    outcome: Outcome | UnsetType | None = UNSET
    difficulty: int | UnsetType | None = UNSET
    treats: TreatsPart | UnsetType = UNSET
    difficulty_hidden: bool | UnsetType = UNSET
    defence: DefencePart | UnsetType = UNSET
    dice_hidden: bool | UnsetType = UNSET
    effort_hidden: bool | UnsetType = UNSET
    # What the seat may do with the roll now, as the table would take it: settle it
    # (``ResolveRoll``, when its outcome gives the seat the choice).
    offers: list[RollMove] = msgspec.field(default_factory=list)

    def hide_difficulty(self) -> None:
        """Take out what gives a hidden difficulty away, saying that it is hidden."""
        if self.difficulty is not UNSET:
            self.difficulty = None
        if self.opposition is not UNSET:
            self.opposition = None
        if self.shifts is not UNSET:
            self.shifts = None
        self.difficulty_hidden = True


def roll_view(viewer: Viewer, in_play: RollInPlay) -> RollPart:
    """A roll in play as the seat sees it: its id and kind (a contest's side, a challenge's
    task), the dice, and the outcome as things stand."""
    roll = in_play.roll
    aim = in_play.aim
    out = RollPart(
        id=in_play.id,
        kind=in_play.kind,
        side=in_play.side,
        task=in_play.task,
        actor=roll.actor,
        action=roll.action,
        skill=roll.skill,
        phase=roll.phase,
        faces=None if roll.dice is None else roll.dice.symbols(),
        rerolled=[d.symbols() for d in roll.rerolled],
        invocations=[viewer.invocation(i) for i in roll.invocations],
        aim=None
        if aim is None or not viewer.sees_aspect(aim)
        else AspectRefPart(id=aim.id, name=aim.name, kind=aim.kind),
        move_to=None
        if in_play.move_to is None or not viewer.sees_zone(in_play.move_to)
        else in_play.move_to,
        aspect_owner=in_play.aspect_owner,
        rolled_faces=in_play.rolled_faces,
        weight=weight_part(in_play.weight),
        offers=["ResolveRoll"]
        if play_goes_on(viewer.state) and allowed(may_resolve, viewer.state, viewer.seat, in_play)
        else [],
    )
    if roll.dice is not None:
        out.effort, out.opposition = roll.effort, roll.opposition_value
        out.shifts, out.outcome = roll.shifts, roll.outcome
        if in_play.kind is RollKind.CONTEST:
            # Efforts are compared between the sides: nothing to beat on its own.
            out.opposition = out.shifts = out.outcome = None
    if roll.difficulty is not None and in_play.kind is not RollKind.CONTEST:
        out.difficulty = roll.difficulty.value
    if in_play.kind is RollKind.TREATMENT and in_play.treats is not None:
        out.treats = TreatsPart(
            aspect_id=in_play.treats.id, patient=in_play.treats.owner, new_name=in_play.renames
        )
    if hides_roll_in_play(in_play, viewer.gm):
        out.hide_difficulty()
    elif in_play.hidden:
        out.difficulty_hidden = True  # the GM sees it, and that the players do not
    if roll.opposition is not None:
        defence = roll.opposition
        out.defence = DefencePart(
            actor=defence.actor,
            skill=defence.skill,
            faces=None if defence.dice is None else defence.dice.symbols(),
            invocations=[viewer.invocation(i) for i in defence.invocations],
            rolled_faces=in_play.defend_rolled_faces,
            weight=weight_part(in_play.defend_weight),
        )
    _keep_dice(out, viewer.dice_kept(in_play.npc_dice_hidden))
    _keep_hazard_numbers(viewer, in_play, out)
    return out


def _keep_dice(out: RollPart, kept: Callable[[str], bool]) -> None:
    """Take out of a roll in play the dice of those whose dice are ``kept`` from the seat: the
    roller's (and their rerolls), a defender's."""
    if kept(out.actor):
        out.faces, out.rerolled, out.dice_hidden = None, [], True
        out.rolled_faces = None  # the weights and the dice turned show; the draw does not
    defence = out.defence
    if not isinstance(defence, UnsetType) and kept(defence.actor):
        defence.faces = defence.rolled_faces = None
        out.dice_hidden = True


def _keep_hazard_numbers(viewer: Viewer, in_play: RollInPlay, out: RollPart) -> None:
    """A hazard's rating and Weapon stay the GM's: its own roll shows no effort or shifts (with
    its Weapon in the hit, they would give both away), a roll against it no difficulty,
    opposition or shifts. The outcome, and a hit's shifts, still show. A contest (one the GM
    let a hazard into, or an older log's) compares its sides' efforts in the open and has no
    Weapon: there the hazard's effort shows as the contest counts it, its dice not."""
    roll = in_play.roll
    if viewer.keeps_hazard(roll.actor) and in_play.kind is not RollKind.CONTEST:
        out.effort, out.shifts, out.effort_hidden = None, None, True
    faced = roll.opposition.actor if roll.opposition is not None else in_play.disables
    if viewer.keeps_hazard(faced):
        out.hide_difficulty()


class LastRollPart(Part, kw_only=True):
    """The latest roll's record as the seat sees it (for aiming a split or zone attack): its
    dice and its defender's, ``None`` where kept from the seat."""

    version: int
    at: str
    actor: str
    action: str  # an action, or "reroll"
    skill: str
    faces: str | None
    defender: str | None
    defend_faces: str | None
    difficulty: int | None
    dice_hidden: bool | UnsetType = UNSET
    difficulty_hidden: bool | UnsetType = UNSET


def last_roll_view(viewer: Viewer) -> LastRollPart | None:
    """The latest roll's record as the seat sees it (for aiming a split or zone attack)."""
    state = viewer.state
    last = state.last_roll
    if last is None:
        return None
    out = LastRollPart(
        version=last.version,
        at=last.at,
        actor=last.actor,
        action=last.action,
        skill=last.skill,
        faces=last.faces,
        defender=last.defender,
        defend_faces=last.defend_faces,
        difficulty=last.difficulty,
    )
    kept = viewer.dice_kept(state.screen.npc_dice_hidden(last.version))
    if kept(last.actor):
        out.faces, out.dice_hidden = None, True
    if last.defend_faces is not None and last.defender is not None and kept(last.defender):
        out.defend_faces, out.dice_hidden = None, True
    if hides_last_roll(state, viewer.gm):
        out.difficulty, out.difficulty_hidden = None, True
    return out


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(
    RollMade,
    (
        when("RollMade.move.pair", "move_to", "second_skill"),
        when("RollMade.move.counted_named", "move_to", "counted"),
        when("RollMade.move.counted", "move_to", When("counted_bonus", "given")),
        when("RollMade.move", "move_to"),
        when("RollMade.pair", "second_skill"),  # two combined lists: both skills named
        # Aspects counted instead of a skill (The Three Rocketeers): the bonus they gave.
        when("RollMade.counted_named", "counted"),
        when("RollMade.counted", When("counted_bonus", "given")),
        when("RollMade"),
    ),
    zone=say.text("move_to"),
    who=say.who("actor"),
    action=say.word("action.", "action"),
    skill=say.skill("skill"),
    second=say.skill("second_skill"),
    bonus=say.rating("counted_bonus"),
    counted=say.aspects("counted"),
    dice=say.dice("faces", "defend_faces"),
    against=say.either(
        ("against", say.who("against")),
        (When("difficulty", "null"), say.word("screen.hidden_difficulty")),
        otherwise=say.rating("difficulty"),
    ),
)
say.tells_after(RollMade, say.stunts("stunts"))  # the stunts it applied, by name
# On an aimed target's defence (a split or zone attack), the line says whose defence it was. A
# boost is gone once used: the event keeps its name ("" unnamed) for this line. A reroll that
# weight turned dice on says the dice fell again and turned again.
tells(
    Invoked,
    (
        when("Invoked.boost_target.weight", When("boost_name", "text"), "target", "weight"),
        when("Invoked.boost_target", When("boost_name", "text"), "target"),
        when("Invoked.boost.weight", When("boost_name", "text"), "weight"),
        when("Invoked.boost", When("boost_name", "text")),
        when("Invoked.free_target.weight", "free", "target", "weight"),
        when("Invoked.free_target", "free", "target"),
        when("Invoked.free.weight", "free", "weight"),
        when("Invoked.free", "free"),
        when("Invoked.paid_target.weight", "target", "weight"),
        when("Invoked.paid_target", "target"),
        when("Invoked.paid.weight", "weight"),
        when("Invoked.paid"),
    ),
    who=say.who("by"),
    aspect=say.either(
        (
            When("boost_name", "text"),
            say.text("boost_name", "aspect", fallback="aspect.unnamed_boost"),
        ),
        otherwise=say.aspect("aspect_id"),
    ),
    effect=say.word("effect.", "effect"),
    target=say.who("target"),
    # A reroll of a weighed roll is weighed again: the new dice, what fell, and why.
    dice=say.dice("faces"),
    rolled=say.dice("rolled_faces"),
    own=say.number("weight.own"),
    other=say.number("weight.other"),
    turned=say.number("weight.turned"),
)
# The way a roll was settled, with the names of the aspect or boosts it made; an overcome that
# took an aspect out of play names it.
tells(
    RollResolved,
    (
        when("RollResolved.removed", "removed"),
        when("RollResolved.option", "option"),
        when("RollResolved"),
    ),
    option=say.either(
        ("removed", say.word("option.outcome.", "option", "success")),
        otherwise=say.outcome("option"),
    ),
    aspect=say.aspect("removed.0"),
)
