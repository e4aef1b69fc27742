"""The actions of a conflict's exchange: attack, create an advantage, overcome, full defence
and a free move, each rolled by the acting seat with its defender's dice decided at once.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TypedDict, TypeVar

from fatekit.rules.aspects.rolling import ActionRoll
from fatekit.rules.core.actions import Action, Side
from fatekit.rules.core.dice import ScriptedDice
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.switches import OptionalRule
from fatekit.rules.options.obstacles import CoverUse
from fatekit.rules.options.scale import ScaleBenefit
from fatekit.rules.scenes.conflict import (
    DefenseFocus,
    FocusKind,
    Phase,
    TurnInProgress,
)
from fatekit.table import telling as say
from fatekit.table.base import Command, Event, NamesAspect, Outweighed, Rating
from fatekit.table.deciding import Context, acts_for, check_zone_known, decides
from fatekit.table.facts import assign_facts, facts_of
from fatekit.table.folding import folds, judges
from fatekit.table.pairs import pairs
from fatekit.table.play.conflicts import conflict_in_play
from fatekit.table.play.rolls import (
    ActionCommand,
    ActionRolled,
    action_record,
    counted_rating,
    decide_counted,
    defended_second,
    into_play,
    into_play_as_recorded,
    put_in_play,
    require_dice,
    rolled_against,
    scripted_dice,
    stunts_applied,
    weigh_dice,
)
from fatekit.table.play.scenes import scene_in_play
from fatekit.table.play.secrets import note_roll_made
from fatekit.table.regions import Region, moves
from fatekit.table.seeing import JSON, Viewer, hide_difficulty_of_roll
from fatekit.table.showing import shown_whole, shows
from fatekit.table.state import RollKind, TableState
from fatekit.table.telling import Case, When, tells, when
from fatekit.table.upcasting import older

__all__ = [
    "AdvantageRolled",
    "Attack",
    "AttackRolled",
    "CreateAdvantage",
    "FreeMove",
    "FullDefense",
    "FullDefenseTaken",
    "Moved",
    "Outweighed",
    "Overcome",
    "OvercomeRolled",
]

# -- what a command and its event both hold ----------------------------------------------------
#
# Each group below is declared once for a command and the event that records it. Like
# base.SceneLayout, it holds no slots of its own, so the slotted command and event inherit it
# beside their own bases.


@dataclass(frozen=True, kw_only=True)
class Teamwork:
    """``helpers`` are allies giving teamwork (their action for the exchange); ``scale_benefit``
    is the higher side's choice when the two sides differ in scale."""

    __slots__ = ()

    helpers: tuple[str, ...] = ()
    scale_benefit: ScaleBenefit | None = None


@dataclass(frozen=True, kw_only=True)
class ClaimsWeight:
    """With weight: ``weight_claimed`` says the allies' presence helps this create an advantage
    or overcome, so weight counts on it (the GM allows it by waiving ``weight.when``); attacks
    and defences always count it."""

    __slots__ = ()

    weight_claimed: bool = False


@dataclass(frozen=True, kw_only=True)
class Weighed:
    """What weight did to a roll's dice, as it was decided: ``faces`` (``defend_faces``) hold
    the dice turned; ``rolled_faces`` (``defend_rolled_faces``) the draw as it fell, and
    ``weight`` (``defend_weight``) why. ``None`` when weight turned nothing (older logs too)."""

    __slots__ = ()

    rolled_faces: str | None = None
    weight: Outweighed | None = None
    defend_rolled_faces: str | None = None
    defend_weight: Outweighed | None = None


@dataclass(frozen=True, kw_only=True)
class Cover:
    """With obstacles: ``cover`` names a block sheltering the target (``cover_use``: it negates
    the attack or gives Armor) and ``into_block`` one the target is forced into."""

    __slots__ = ()

    cover: str | None = None
    cover_use: CoverUse = CoverUse.MITIGATE
    into_block: str | None = None


@dataclass(frozen=True, kw_only=True)
class PastObstacles:
    """With obstacles: ``block`` gets past a block (``remove_block``: gets rid of it for good),
    ``disable_hazard`` puts a hazard out of action; either sets the difficulty itself."""

    __slots__ = ()

    block: str | None = None
    remove_block: bool = False
    disable_hazard: str | None = None


@dataclass(frozen=True, kw_only=True)
class FullDefenseFocus:
    """Who goes on full defense; Fate Condensed's optional rule takes a ``focus`` (oneself by
    default), naming ``who`` for ``protect`` and ``aggressors``, Fate Core's version none."""

    __slots__ = ()

    actor: str
    focus: FocusKind | None = None
    who: tuple[str, ...] = ()


# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ExchangeAction(ActionCommand, Teamwork):
    """Base of the rolled actions of a conflict's exchange."""


@pairs
@dataclass(frozen=True, slots=True, kw_only=True)
class Attack(ExchangeAction, Cover):
    """The current actor attacks ``target``; the defence is rolled at once.

    ``forgo_defense`` needs the seat to control the target; ``defend_dice`` may be entered only by
    a seat that controls the defender. Whether the attack is made from a distance is never asked:
    the engine reads it off the skill (:func:`attack_range`).
    """

    target: str
    defender: str | None = None
    forgo_defense: bool = False


@pairs
@dataclass(frozen=True, slots=True, kw_only=True)
class CreateAdvantage(ExchangeAction, ClaimsWeight):
    """The current actor creates an advantage in the conflict (a new aspect, on a ``zone``, or
    free invokes on ``aspect_id``). With a hidden difficulty set for the actor
    (:class:`~fatekit.table.play.secrets.HideDifficulty`), their player gives no difficulty."""

    difficulty: Rating | None = None
    against: str | None = None
    aspect_id: str | None = None
    zone: str | None = None
    hidden_difficulty: bool = False  # the GM's screen: players see the outcome, not the number


@pairs
@dataclass(frozen=True, slots=True, kw_only=True)
class Overcome(ExchangeAction, PastObstacles, ClaimsWeight):
    """The current actor overcomes an obstacle in the conflict (``move_to``: a move that takes
    the action; ``aspect_id``: a situation or zone aspect or a boost to remove, which
    ``against`` may defend). With a hidden difficulty set for the actor, their player gives no
    difficulty."""

    difficulty: Rating | None = None
    against: str | None = None
    move_to: str | None = None
    aspect_id: str | None = None
    hidden_difficulty: bool = False  # the GM's screen: players see the outcome, not the number


@dataclass(frozen=True, slots=True, kw_only=True)
class FullDefense(Command, FullDefenseFocus):
    """The current actor gives up their action to defend fully (when the ruleset has it)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FreeMove(Command):
    """A free move to an adjacent zone with nothing in the way: in a conflict, the current
    actor's one free move of the exchange; outside one (or for someone not in the fight), a
    walk across the scene's map."""

    actor: str
    to: str


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ExchangeActionRolled(ActionRolled, Teamwork, Weighed):
    """Base of the events of a conflict's rolled actions."""


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackRolled(ExchangeActionRolled, Cover):
    """An attack and its defence were rolled; ``ranged``: the engine's word, when it was made,
    that the attack was made from a distance."""

    target: str
    defender: str | None
    forgo_defense: bool
    ranged: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class AdvantageRolled(ExchangeActionRolled, NamesAspect, ClaimsWeight):
    """A create an advantage in a conflict was rolled."""

    difficulty: int | None
    against: str | None
    aspect_id: str | None
    zone: str | None
    hidden_difficulty: bool = False  # the GM's screen: kept from the players


@dataclass(frozen=True, slots=True, kw_only=True)
class OvercomeRolled(ExchangeActionRolled, PastObstacles, NamesAspect, ClaimsWeight):
    """An overcome in a conflict was rolled (``aspect_id``: the aspect it would remove; logs
    written before overcomes in a conflict removed aspects have none)."""

    difficulty: int | None
    against: str | None
    move_to: str | None
    aspect_id: str | None = None
    hidden_difficulty: bool = False  # the GM's screen: kept from the players


@dataclass(frozen=True, slots=True, kw_only=True)
class FullDefenseTaken(Event, FullDefenseFocus):
    """The current actor went on full defense (with a focus, in Fate Condensed's version)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(Event):
    """A free move was made: in a conflict, the current actor's of the exchange; outside one, a
    walk across the scene's map."""

    actor: str
    to: str
    # Whether the GM kept ``to`` from the players as the move was made (older logs: never).
    zone_hidden: bool = False


# -- who may, and the events a command becomes -------------------------------------------------


@decides(Attack)
def _attack(context: Context, command: Attack) -> list[Event]:
    context.require_control(command.actor, "attack for them")
    if command.forgo_defense:
        context.require_control(command.target, "give up their defence")
    defender = None if command.forgo_defense else (command.defender or command.target)
    if command.defender is not None:
        context.require_control(command.defender, "interpose them")
    _require_helpers(context, command.helpers)
    _require_scale_choice(context, command.scale_benefit, command.actor, defender)
    command = defended_second(context.state, command, defender)
    counted = decide_counted(context, command, defender)
    # Cover and forcing into a block are named by the attacker's seat: cover only ever weakens
    # the attack, and forcing someone into a block is the attacker's own move.
    rolled = context.event_from(
        AttackRolled,
        command,
        stunts=stunts_applied(context.state, command, Action.ATTACK),
        defence_stunts=True,
        ranged=attack_range(context.state, command.actor, command.skill, command.counted),
        faces=context.faces(command.dice, command.actor),
        defend_faces=context.defend_faces(defender, command.defend_dice),
        **counted,
    )
    # The one the attack would take out weighs against it (an interposing defender takes the hit).
    aimed = command.defender or command.target
    return [_weighed(context, rolled, Action.ATTACK, defender, target=aimed)]


def attack_range(
    state: TableState, actor: str, skill: str, counted: tuple[str, ...] | None = None
) -> bool:
    """Whether the engine makes ``actor``'s attack with ``skill`` one from a distance (Shoot), by
    the table's rule set; recorded on the event, so the log keeps what was decided. Outside a
    conflict or for someone not in it, ``False``: the fold refuses such an attack anyway."""
    conflict = state.conflict
    if conflict is None or actor not in conflict.roster.fighters:
        return False
    if counted is not None:
        # Aspects counted stand for the rule set's list (approaches): as far as one of its
        # skills could reach.
        keys = conflict.roster.preset.skill_keys
        return any(conflict.targets.attack_is_ranged(actor, key) for key in keys)
    return conflict.targets.attack_is_ranged(actor, skill)


def _act_against(context: Context, command: CreateAdvantage | Overcome) -> list[Event]:
    context.require_control(command.actor, "act for them")
    if isinstance(command, Overcome):
        check_zone_known(context.state, context.seat, command.move_to)
    _require_helpers(context, command.helpers)
    _require_scale_choice(context, command.scale_benefit, command.actor, command.against)
    counted = decide_counted(context, command, command.against)
    conflict = context.state.conflict
    if (
        command.against is not None
        and command.defend_skill is None
        and counted["defend_counted"] is None
        and conflict is not None
        and command.against in conflict.roster.fighters
    ):
        # An active opponent named with no skill opposes with their best; the event says which.
        best = conflict.defence.opposing_skills(command.against)[0]
        command = dataclasses.replace(command, defend_skill=best)
    command = defended_second(context.state, command, command.against)
    # The GM's screen may have set this action's difficulty, kept from its player.
    if isinstance(command, CreateAdvantage):
        made = rolled_against(
            context, AdvantageRolled, command, Action.CREATE_ADVANTAGE, counted=counted
        )
        return [_weighed(context, made, Action.CREATE_ADVANTAGE, command.against)]
    obstacle = command.block or command.disable_hazard  # names its own difficulty
    overcome = rolled_against(
        context, OvercomeRolled, command, Action.OVERCOME, obstacle, counted=counted
    )
    return [_weighed(context, overcome, Action.OVERCOME, command.against)]


# Creating an advantage and overcoming ask the same of the seat; only what they become differs.
decides(CreateAdvantage)(_act_against)
decides(Overcome)(_act_against)


acts_for(FullDefense, FullDefenseTaken, "act for them", lambda asked: asked.actor)


@decides(FreeMove)
def _free_move(context: Context, command: FreeMove) -> list[Event]:
    context.require_control(command.actor, "move them")
    check_zone_known(context.state, context.seat, command.to)
    return [context.event_from(Moved, command)]


Rolled = TypeVar("Rolled", AttackRolled, AdvantageRolled, OvercomeRolled)


def _weighed(
    context: Context,
    event: Rolled,
    action: Action,
    defender: str | None,
    *,
    target: str | None = None,
) -> Rolled:
    """``event`` with the dice weight turns to + (the weight option): the roller's side and the
    defender's, each weighed in their own zone as the table stands now (who is still in, where),
    the draw as it fell kept beside the dice turned."""
    state = context.state
    claimed = isinstance(event, AdvantageRolled | OvercomeRolled) and event.weight_claimed
    conflict = state.conflict
    if claimed and (conflict is None or not conflict.roster.ruleset.has(OptionalRule.WEIGHT)):
        raise BadInput("weight is not in use at this table", code="weight_off")
    faces, rolled, weight = weigh_dice(
        state, event.actor, event.faces, action, target=target, claimed=claimed
    )
    event = dataclasses.replace(event, faces=faces, rolled_faces=rolled, weight=weight)
    if defender is not None and event.defend_faces is not None:
        faces, rolled, weight = weigh_dice(state, defender, event.defend_faces, Action.DEFEND)
        event = dataclasses.replace(
            event, defend_faces=faces, defend_rolled_faces=rolled, defend_weight=weight
        )
    return event


def _require_helpers(context: Context, helpers: tuple[str, ...]) -> None:
    # Helping spends the helper's action for the exchange: their seat's choice to make.
    for helper in helpers:
        context.require_control(helper, "spend their action helping")


def _require_scale_choice(
    context: Context, benefit: ScaleBenefit | None, actor: str, other: str | None
) -> None:
    """The scale benefit is the higher side's to choose: when the other side of the roll stands
    higher, only a seat acting for it may name the benefit. The engine still judges whether
    there is a difference in scale at all."""
    conflict = context.state.conflict
    if benefit is None or other is None or conflict is None:
        return
    if actor not in conflict.roster.fighters or other not in conflict.roster.fighters:
        return  # unknown participants: the fold refuses them
    if conflict.obstacles.higher_in_scale(actor, other) is Side.OPPOSITION:
        context.require_control(other, "choose the scale benefit of the higher side")


# -- the fold ----------------------------------------------------------------------------------


class _ExchangeRoll(TypedDict):
    """What every rolled action of an exchange hands the conflict from its event: the dice as
    they fell, the defence, the teamwork and the scale benefit."""

    dice: ScriptedDice
    defend_skill: str | None
    defender_dice: ScriptedDice | None
    helpers: tuple[str, ...]
    scale_benefit: ScaleBenefit | None
    second_skill: str | None
    defend_second_skill: str | None
    rating: int | None
    defend_rating: int | None


def _exchange_roll(
    state: TableState, event: ExchangeActionRolled, what: str, *, checked: bool
) -> _ExchangeRoll:
    return _ExchangeRoll(
        dice=require_dice(event.faces, what),
        defend_skill=event.defend_skill,
        defender_dice=scripted_dice(event.defend_faces),
        helpers=event.helpers,
        scale_benefit=event.scale_benefit,
        second_skill=event.second_skill,
        defend_second_skill=event.defend_second_skill,
        rating=counted_rating(state, event.actor, event.counted, event.counted_bonus, checked),
        defend_rating=counted_rating(
            state,
            _defender_of(event),
            event.defend_counted,
            event.defend_counted_bonus,
            checked,
        ),
    )


def _defender_of(event: ExchangeActionRolled) -> str | None:
    """Who defends the roll ``event`` made: an attack's interposer or target, else the one
    opposing it."""
    if isinstance(event, AttackRolled):
        return event.defender or event.target
    return getattr(event, "against", None)


def _check_hidden(event: AdvantageRolled | OvercomeRolled) -> None:
    # Only a passive difficulty is hidden: an opponent's roll or an obstacle's rating shows it.
    obstacle = isinstance(event, OvercomeRolled) and (event.block or event.disable_hazard)
    if event.hidden_difficulty and (event.difficulty is None or event.against or obstacle):
        raise BadInput("a hidden difficulty is a difficulty, with no opponent or obstacle")


@judges(AttackRolled)
def _judge_attack_rolled(state: TableState, event: AttackRolled) -> None:
    _attack_made(state, event, checked=True)


@folds(AttackRolled)
def _attack_rolled(state: TableState, event: AttackRolled) -> None:
    conflict = conflict_in_play(state)
    victim = event.defender or event.target
    roll = _action_roll(state, event, Action.ATTACK, 0 if event.forgo_defense else None)
    if not event.forgo_defense:
        roll.opposed_by(
            victim,
            0,
            dice=require_dice(event.defend_faces, "defence"),
            second_skill=event.defend_second_skill,
        )
    blocks = conflict.obstacles.blocks
    forced = None if event.into_block is None else blocks.get(event.into_block)
    conflict.turns.start(TurnInProgress(event.actor, roll, victim, into_block=forced))
    record = action_record(event, Action.ATTACK.value, victim)
    into_play(state, roll, event, RollKind.CONFLICT, record)
    note_roll_made(state, event.actor, event.version, False)
    # The make-up of the roll and its defence, Weapon and Armor, scale, cover: the facts.
    assign_facts(state, facts_of(event))


@older(AttackRolled)
def _attack_rolled_older(state: TableState, event: AttackRolled) -> None:
    _attack_made(state, event, checked=False)


def _attack_made(state: TableState, event: AttackRolled, *, checked: bool) -> None:
    """Make ``event``'s attack and put its roll in play: one being decided (``checked``: the
    conflict judges it) or one an older release recorded (its facts worked out, unchecked)."""
    conflict = conflict_in_play(state)
    begin = conflict.attack if checked else conflict.attack_recorded
    roll = begin(
        event.actor,
        event.target,
        event.skill,
        **_exchange_roll(state, event, "attack", checked=checked),
        defender=event.defender,
        forgo_defense=event.forgo_defense,
        ranged=event.ranged,
        cover=event.cover,
        cover_use=event.cover_use,
        into_block=event.into_block,
    )
    record = action_record(event, Action.ATTACK.value, event.defender or event.target)
    place = put_in_play if checked else into_play_as_recorded
    place(state, roll, event, RollKind.CONFLICT, record, stunts=event.stunts)
    note_roll_made(state, event.actor, event.version, False)  # an attack is never hidden


def _action_roll(
    state: TableState, event: ExchangeActionRolled, action: Action, difficulty: int | None
) -> ActionRoll:
    """An exchange's action roll with the dice its event recorded: what makes it up (the
    ratings, every bonus) is its facts' to say."""
    return ActionRoll(
        event.actor,
        action,
        0,
        skill=event.skill,
        difficulty=difficulty,
        dice=require_dice(event.faces, "roll"),
        ledger=state.game.ledger,
        stunt_uses=state.game.stunt_uses,
        second_skill=event.second_skill,
    )


def _difficulty(event: ExchangeActionRolled) -> int | None:
    """The difficulty the rules set an action's roll (an obstacle's rating), as recorded."""
    for roll in facts_of(event).rolls or ():
        if roll.roll == f"r{event.version}" and roll.sides:
            return roll.sides[0].difficulty
    return None


def _opposed(
    state: TableState,
    event: AdvantageRolled | OvercomeRolled,
    action: Action,
    difficulty: int | None,
) -> ActionRoll:
    roll = _action_roll(state, event, action, difficulty)
    if event.against is not None:
        defence = require_dice(event.defend_faces, "defence")
        roll.opposed_by(
            event.against,
            0,
            skill=event.defend_skill,
            dice=defence,
            second_skill=event.defend_second_skill,
        )
    return roll


@judges(AdvantageRolled)
def _judge_advantage_rolled(state: TableState, event: AdvantageRolled) -> None:
    _check_hidden(event)
    _advantage_made(state, event, checked=True)


@folds(AdvantageRolled)
def _advantage_rolled(state: TableState, event: AdvantageRolled) -> None:
    conflict = conflict_in_play(state)
    aimed = state.game.find_aspect(event.aspect_id) if event.aspect_id is not None else None
    roll = _opposed(state, event, Action.CREATE_ADVANTAGE, event.difficulty)
    turn = TurnInProgress(event.actor, roll, event.against, aimed, zone=event.zone)
    conflict.turns.start(turn)
    record = action_record(event, Action.CREATE_ADVANTAGE.value, event.against)
    into_play(state, roll, event, RollKind.CONFLICT, record, hidden=event.hidden_difficulty)
    note_roll_made(state, event.actor, event.version, event.hidden_difficulty)
    assign_facts(state, facts_of(event))  # the roll's make-up, what it works on, scale


@older(AdvantageRolled)
def _advantage_rolled_older(state: TableState, event: AdvantageRolled) -> None:
    _advantage_made(state, event, checked=False)


def _advantage_made(state: TableState, event: AdvantageRolled, *, checked: bool) -> None:
    """Make ``event``'s create an advantage and put its roll in play, decided (``checked``) or
    as an older release recorded it."""
    aimed = state.game.find_aspect(event.aspect_id) if event.aspect_id is not None else None
    conflict = conflict_in_play(state)
    begin = conflict.create_advantage if checked else conflict.advantage_recorded
    roll = begin(
        event.actor,
        event.skill,
        **_exchange_roll(state, event, "roll", checked=checked),
        difficulty=event.difficulty,
        against=event.against,
        aspect=aimed,
        zone=event.zone,
    )
    record = action_record(event, Action.CREATE_ADVANTAGE.value, event.against)
    place = put_in_play if checked else into_play_as_recorded
    place(
        state,
        roll,
        event,
        RollKind.CONFLICT,
        record,
        stunts=event.stunts,
        hidden=event.hidden_difficulty,
    )
    note_roll_made(state, event.actor, event.version, event.hidden_difficulty)


@judges(OvercomeRolled)
def _judge_overcome_rolled(state: TableState, event: OvercomeRolled) -> None:
    _check_hidden(event)
    _overcome_made(state, event, checked=True)


@folds(OvercomeRolled)
def _overcome_rolled(state: TableState, event: OvercomeRolled) -> None:
    conflict = conflict_in_play(state)
    aimed = state.game.find_aspect(event.aspect_id) if event.aspect_id is not None else None
    difficulty = event.difficulty if event.difficulty is not None else _difficulty(event)
    roll = _opposed(state, event, Action.OVERCOME, difficulty)
    blocks = conflict.obstacles.blocks
    turn = TurnInProgress(
        event.actor,
        roll,
        event.against,
        move_to=event.move_to,
        block=None if event.block is None else blocks.get(event.block),
        remove_block=event.remove_block,
        disable=event.disable_hazard,
        target_aspect=aimed,
    )
    conflict.turns.start(turn)
    record = action_record(event, Action.OVERCOME.value, event.against)
    into_play(
        state, roll, event, RollKind.CONFLICT, record, hidden=event.hidden_difficulty, aim=aimed
    )
    note_roll_made(state, event.actor, event.version, event.hidden_difficulty)
    assign_facts(state, facts_of(event))  # the roll's make-up, scale


@older(OvercomeRolled)
def _overcome_rolled_older(state: TableState, event: OvercomeRolled) -> None:
    _overcome_made(state, event, checked=False)


def _overcome_made(state: TableState, event: OvercomeRolled, *, checked: bool) -> None:
    """Make ``event``'s overcome and put its roll in play, decided (``checked``) or as an
    older release recorded it."""
    aimed = state.game.find_aspect(event.aspect_id) if event.aspect_id is not None else None
    conflict = conflict_in_play(state)
    begin = conflict.overcome if checked else conflict.overcome_recorded
    roll = begin(
        event.actor,
        event.skill,
        **_exchange_roll(state, event, "roll", checked=checked),
        difficulty=event.difficulty,
        against=event.against,
        move_to=event.move_to,
        block=event.block,
        remove_block=event.remove_block,
        disable_hazard=event.disable_hazard,
        aspect=aimed,
    )
    record = action_record(event, Action.OVERCOME.value, event.against)
    place = put_in_play if checked else into_play_as_recorded
    place(
        state,
        roll,
        event,
        RollKind.CONFLICT,
        record,
        stunts=event.stunts,
        hidden=event.hidden_difficulty,
        aim=aimed,  # the roll view names the aspect it would remove
    )
    note_roll_made(state, event.actor, event.version, event.hidden_difficulty)


@judges(FullDefenseTaken)
def _judge_full_defense_taken(state: TableState, event: FullDefenseTaken) -> None:
    if event.focus is None and event.who:
        raise BadInput("name a focus for the full defense before naming who it is about")
    conflict_in_play(state).defence.full_defense(event.actor, _focus(event))


@folds(FullDefenseTaken)
def _full_defense_taken(state: TableState, event: FullDefenseTaken) -> None:
    conflict_in_play(state).turns.start(TurnInProgress(event.actor), Phase.NEXT)
    assign_facts(state, facts_of(event))  # the full defender and their focus


@older(FullDefenseTaken)
def _full_defense_taken_older(state: TableState, event: FullDefenseTaken) -> None:
    conflict_in_play(state).defence.full_defense_taken(event.actor, _focus(event))


def _focus(event: FullDefenseTaken) -> DefenseFocus | None:
    return None if event.focus is None else DefenseFocus(event.focus, event.who)


@judges(Moved)
def _judge_moved(state: TableState, event: Moved) -> None:
    conflict = state.conflict
    if conflict is not None and event.actor in conflict.roster.fighters:
        conflict.turns.free_move(event.actor, event.to)
    else:  # no exchange to count moves in: a walk to the next zone, if nothing is in the way
        state.require_character(event.actor)
        scene_in_play(state).move_freely(event.actor, event.to)


@folds(Moved)
def _moved(state: TableState, event: Moved) -> None:
    assign_facts(state, facts_of(event))  # where they stand, that they moved this exchange


@older(Moved)
def _moved_older(state: TableState, event: Moved) -> None:
    # A fighter's free move in an exchange, or a walk outside one: where they stand now.
    zones = scene_in_play(state).zones
    if zones is not None:
        zones.assign_position(event.actor, event.to)
    conflict = state.conflict
    if conflict is not None and event.actor in conflict.roster.fighters:
        conflict.turns.exchange.moved.add(event.actor)


# -- what each seat sees -----------------------------------------------------------------------

# An exchange's roll put in play, as RollMade: its facts, the rolls in play and the last roll,
# and the hidden difficulty it uses up (the GM's screen); a free move or a full defence: facts.
moves({Region.SCREEN}, AttackRolled, AdvantageRolled, OvercomeRolled)
moves((), FullDefenseTaken, Moved)

shown_whole(FullDefenseTaken)


@shows(Moved)
def _show_moved(viewer: Viewer, event: Moved, data: JSON) -> JSON | None:
    # Into a zone kept from the players: only those who act for the mover learn of it.
    return None if event.zone_hidden and event.actor not in viewer.mine else data


@shows(AttackRolled)
def _show_attack(viewer: Viewer, event: AttackRolled, data: JSON) -> JSON:
    # The target defends, unless someone defends for them.
    defender = event.defender if event.defender is not None else event.target
    viewer.keep_dice(
        data,
        version=event.version,
        recorded=event.npc_dice_hidden,
        roller=event.actor,
        defender=defender,
    )
    return data


@shows(AdvantageRolled, OvercomeRolled)
def _show_action(viewer: Viewer, event: AdvantageRolled | OvercomeRolled, data: JSON) -> JSON:
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
    return data


# How the log tells this domain's events (the page and Discord read the same declaration).
# With weight, the line says what fell and how many dice turned to +, for the roller's side or
# the defence's, with the sides' weights in the zone.
_WEIGHED = {
    "own": say.number("weight.own"),
    "other": say.number("weight.other"),
    "turned": say.number("weight.turned"),
    "rolled": say.dice("rolled_faces"),
    "def_own": say.number("defend_weight.own"),
    "def_other": say.number("defend_weight.other"),
    "def_turned": say.number("defend_weight.turned"),
    "def_rolled": say.dice("defend_rolled_faces"),
}


def _weighed_cases(key: str) -> tuple[Case, ...]:
    return (
        when(f"{key}.weight", "weight"),
        when(f"{key}.defend_weight", "defend_weight"),
        # Two combined lists: the line names both skills the roll added.
        when(f"{key}.pair", "second_skill"),
        # Aspects counted instead of a skill (The Three Rocketeers): which, and the bonus they
        # gave (none named: the bonus alone).
        when(f"{key}.counted_named", "counted"),
        when(f"{key}.counted", When("counted_bonus", "given")),
        when(key),
    )


tells(
    AdvantageRolled,
    _weighed_cases("AdvantageRolled"),
    who=say.who("actor"),
    skill=say.skill("skill"),
    second=say.skill("second_skill"),
    bonus=say.rating("counted_bonus"),
    counted=say.aspects("counted"),
    dice=say.dice("faces", "defend_faces"),
    **_WEIGHED,
)
tells(
    AttackRolled,
    _weighed_cases("AttackRolled"),
    who=say.who("actor"),
    target=say.who("target"),
    skill=say.skill("skill"),
    second=say.skill("second_skill"),
    bonus=say.rating("counted_bonus"),
    counted=say.aspects("counted"),
    dice=say.dice("faces", "defend_faces"),
    **_WEIGHED,
)
tells(
    OvercomeRolled,
    _weighed_cases("OvercomeRolled"),
    who=say.who("actor"),
    skill=say.skill("skill"),
    second=say.skill("second_skill"),
    bonus=say.rating("counted_bonus"),
    counted=say.aspects("counted"),
    dice=say.dice("faces", "defend_faces"),
    **_WEIGHED,
)
# The stunts a roll applied, after its line (a roll that had none says nothing more).
for _rolled in (AdvantageRolled, AttackRolled, OvercomeRolled):
    say.tells_after(_rolled, say.stunts("stunts"))
tells(FullDefenseTaken, "FullDefenseTaken", who=say.who("actor"))
tells(Moved, "Moved", who=say.who("actor"), zone=say.text("to"))
