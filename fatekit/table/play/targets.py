"""Attacks on more than one target: a split attack, a zone attack, assigning and resolving the
targets, or missing everyone.
"""

from __future__ import annotations

from collections.abc import Set
from dataclasses import dataclass

from fatekit.rules.aspects.rolling import ActionRoll
from fatekit.rules.core.actions import Action, Chooser
from fatekit.rules.core.dice import FateDice, ScriptedDice
from fatekit.rules.core.errors import BadInput, FateError
from fatekit.rules.core.outcomes import Outcome
from fatekit.rules.scenes.conflict import Conflict, TurnInProgress
from fatekit.table import telling as say
from fatekit.table.base import (
    Command,
    Event,
    Outweighed,
    RollWeighed,
    Shifts,
    SkillRoll,
    SkillRolled,
)
from fatekit.table.counting import Counted, CountedRolled, counted_fields, defence_counted
from fatekit.table.deciding import (
    Context,
    allowed,
    check_zone_known,
    decides,
    require_control,
)
from fatekit.table.facts import assign_facts, facts_of
from fatekit.table.folding import folds, judges
from fatekit.table.pairs import pairs
from fatekit.table.parts import InvocationPart, Part
from fatekit.table.play.actions import attack_range
from fatekit.table.play.conflicts import conflict_in_play, settle_conflict
from fatekit.table.play.rolls import (
    WeightPart,
    counted_rating,
    require_chooser,
    require_dice,
    weigh_dice,
    weight_part,
)
from fatekit.table.regions import Region, moves
from fatekit.table.seats import Seat
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shown_whole, shows
from fatekit.table.state import RollInPlay, RollKind, RollRecord, TableState
from fatekit.table.telling import tells, when
from fatekit.table.upcasting import older

__all__ = [
    "AssignTargets",
    "MissEveryone",
    "MissedEveryone",
    "ResolveTargets",
    "SplitAttack",
    "SplitAttackRolled",
    "TargetsAssigned",
    "TargetsResolved",
    "ZoneAttack",
    "ZoneAttackRolled",
    "check_aimer",
    "check_defender",
]

# -- commands ----------------------------------------------------------------------------------


@pairs
@dataclass(frozen=True, slots=True, kw_only=True)
class SplitAttack(SkillRoll, Counted):
    """The current actor rolls one attack to split among several targets (multiple targets);
    a PC that counts aspects names them in ``counted`` instead of a skill."""


@pairs
@dataclass(frozen=True, slots=True, kw_only=True)
class ZoneAttack(SkillRoll, Counted):
    """The current actor rolls one attack on everyone else in ``zone`` (multiple targets); a PC
    that counts aspects names them in ``counted`` instead of a skill."""

    zone: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AssignTargets(Command):
    """Share out a split attack (``split``: (target, shifts) pairs) or aim a zone attack (no
    split). Every target defends at once: ``defend_skills`` and ``defend_dice`` give (target,
    value) pairs; dice left out are rolled by the table."""

    split: tuple[tuple[str, Shifts], ...] = ()
    defend_skills: tuple[tuple[str, str], ...] = ()
    defend_dice: tuple[tuple[str, str], ...] = ()
    # A target that counts aspects instead of skills (The Three Rocketeers): (target, aspects).
    defend_counted: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ResolveTargets(Command):
    """Settle every target of a split or zone attack; ``options`` picks (target, option)."""

    options: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class MissEveryone(Command):
    """End a split or zone attack that reaches nobody (no positive effort, or an empty zone)."""


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SplitAttackRolled(SkillRolled, RollWeighed, CountedRolled):
    """An attack to split among several targets was rolled; ``ranged``: the engine's word that it
    was made from a distance (left out by logs written before it was recorded: the skill says)."""

    ranged: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ZoneAttackRolled(SkillRolled, RollWeighed, CountedRolled):
    """An attack on everyone in a zone was rolled."""

    zone: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TargetsAssigned(Event):
    """A split or zone attack was aimed; every target's defence, with its dice."""

    split: tuple[tuple[str, int], ...]
    defend_skills: tuple[tuple[str, str], ...]
    defend_faces: tuple[tuple[str, str], ...]
    npc_dice_hidden: bool | None = None  # as on a roll (:class:`~fatekit.table.base.ActorRolled`)
    # With weight: each defence whose dice it turned to +, with the draw as it fell and why.
    defend_rolled_faces: tuple[tuple[str, str], ...] = ()
    defend_weights: tuple[tuple[str, Outweighed], ...] = ()
    # Targets that counted aspects to defend: (target, aspects) and (target, the bonus they
    # gave), decided as the attack was aimed (older logs: none).
    defend_counted: tuple[tuple[str, tuple[str, ...]], ...] = ()
    defend_counted_bonuses: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class TargetsResolved(Event):
    """Every target of a split or zone attack was settled (``options``: (target, option))."""

    options: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class MissedEveryone(Event):
    """A split or zone attack reached nobody."""


# -- who may, and the events a command becomes -------------------------------------------------


@decides(ZoneAttack)
def _zone_attack(context: Context, command: ZoneAttack) -> list[Event]:
    context.require_control(command.actor, "attack for them")
    check_zone_known(context.state, context.seat, command.zone)
    # Weight: one roll for several targets, made before they are named, turns at most one die.
    counted = counted_fields(context.state, command.actor, command.skill, command.counted)
    faces, rolled, weight = weigh_dice(
        context.state, command.actor, context.faces(command.dice, command.actor), Action.ATTACK
    )
    return [
        context.event_from(
            ZoneAttackRolled, command, faces=faces, rolled_faces=rolled, weight=weight, **counted
        )
    ]


@decides(SplitAttack)
def _split_attack(context: Context, command: SplitAttack) -> list[Event]:
    context.require_control(command.actor, "attack for them")
    counted = counted_fields(context.state, command.actor, command.skill, command.counted)
    ranged = attack_range(context.state, command.actor, command.skill)
    faces, rolled, weight = weigh_dice(
        context.state, command.actor, context.faces(command.dice, command.actor), Action.ATTACK
    )
    return [
        context.event_from(
            SplitAttackRolled,
            command,
            ranged=ranged,
            faces=faces,
            rolled_faces=rolled,
            weight=weight,
            **counted,
        )
    ]


@decides(AssignTargets)
def _assign_targets(context: Context, command: AssignTargets) -> list[Event]:
    state = context.state
    actor = check_aimer(state, context.seat)
    if command.split:
        targets = [who for who, _ in command.split]
    else:
        # A zone attack reaches everyone else still in the zone; the fold checks that the
        # engine aims it at exactly these, so a mismatch is refused, never rolled at random.
        scene, conflict = state.game.scene, state.conflict
        zones = None if scene is None else scene.zones
        if state.zone_attack is None or zones is None or conflict is None:
            raise BadInput("name the targets of the split and the shifts each one gets")
        active = conflict.roster.active()
        targets = [p for p in zones.occupants(state.zone_attack) if p != actor and p in active]
    entered = dict(command.defend_dice)
    named = dict(command.defend_counted)
    unknown = sorted((set(entered) | set(named)) - set(targets))
    if unknown:
        raise BadInput(f"{', '.join(unknown)} is not a target of this attack")
    # A target that counts aspects defends with those named for it (asked for when none are).
    skills = dict(command.defend_skills)
    counting, bonuses = [], []
    for target in targets:
        aspects, bonus = defence_counted(state, target, skills.get(target), named.get(target))
        if aspects is not None and bonus is not None:
            counting.append((target, aspects))
            bonuses.append((target, bonus))
    faces, rolled, weights = [], [], []
    for target in targets:
        if target in entered:
            check_defender(state, context.seat, target)
        # Each defence is weighed in its own zone, as any defence is.
        drawn = context.faces(entered.get(target), target)
        turned, fell, why = weigh_dice(state, target, drawn, Action.DEFEND)
        faces.append((target, turned))
        if fell is not None and why is not None:
            rolled.append((target, fell))
            weights.append((target, why))
    return [
        context.event_from(
            TargetsAssigned,
            command,
            defend_faces=tuple(faces),
            defend_rolled_faces=tuple(rolled),
            defend_weights=tuple(weights),
            defend_counted=tuple(counting),
            defend_counted_bonuses=tuple(bonuses),
        )
    ]


def check_aimer(state: TableState, seat: Seat) -> str:
    """Refuse unless ``seat`` may aim the split or zone attack under way: it acts for the
    attacker (whom it gives)."""
    roll = state.roll
    if state.conflict is None or roll is None:
        raise BadInput("there is no attack under way", code="no_attack")
    require_control(state, seat, roll.actor, "aim their attack")
    return roll.actor


def check_defender(state: TableState, seat: Seat, target: str) -> None:
    """Refuse unless ``seat`` may choose ``target``'s defence against a split or zone attack
    (enter its dice, name its skill) and invoke on it: the seat acts for the target. Asked by
    AssignTargets of each target whose dice it enters, and by the offers (``defend_skills``,
    a target's ``defends``)."""
    require_control(state, seat, target, "enter the defender's dice")


@decides(ResolveTargets)
def _resolve_targets(context: Context, command: ResolveTargets) -> list[Event]:
    check_settle_targets(context.state, context.seat, {t for t, _ in command.options})
    return [context.event_from(TargetsResolved, command)]


def check_settle_targets(state: TableState, seat: Seat, chosen: Set[str] | None = None) -> None:
    """Refuse unless ``seat`` may settle the aimed targets of the attack under way, picking an
    option for those in ``chosen`` (``None``: every target whose outcome offers a choice, as
    the page picks them): it acts for the attacker, and each pick is its to make
    (:func:`~fatekit.table.play.rolls.require_chooser`)."""
    conflict = state.conflict
    if conflict is None or conflict.turns.current is None:
        raise BadInput("there is no attack under way", code="no_attack")
    # Once aimed, the attack's own roll is closed: the attacker is the one whose turn it is.
    actor = conflict.turns.current
    require_control(state, seat, actor, "settle their attack")
    for target, resolution in conflict.targets.preview_targets().items():
        if resolution.only is None and (chosen is None or target in chosen):
            require_chooser(state, seat, resolution, actor, target)


@decides(MissEveryone)
def _miss_everyone(context: Context, command: MissEveryone) -> list[Event]:
    context.require_control(_attacker(context), "call off their attack")
    return [context.event(MissedEveryone)]


def _attacker(context: Context) -> str:
    roll = context.state.roll
    if context.state.conflict is None or roll is None:
        raise BadInput("there is no attack under way", code="no_attack")
    return roll.actor


# -- the fold ----------------------------------------------------------------------------------


@judges(SplitAttackRolled)
def _judge_split_attack_rolled(state: TableState, event: SplitAttackRolled) -> None:
    roll = conflict_in_play(state).targets.split_attack(
        event.actor,
        event.skill,
        dice=require_dice(event.faces, "attack"),
        ranged=event.ranged,
        second=event.second_skill,
        rating=counted_rating(state, event.actor, event.counted, event.counted_bonus, True),
    )
    _multi_in_play(state, event, roll, None)


@judges(ZoneAttackRolled)
def _judge_zone_attack_rolled(state: TableState, event: ZoneAttackRolled) -> None:
    roll = conflict_in_play(state).targets.zone_attack(
        event.actor,
        event.skill,
        event.zone,
        dice=require_dice(event.faces, "attack"),
        second=event.second_skill,
        rating=counted_rating(state, event.actor, event.counted, event.counted_bonus, True),
    )
    _multi_in_play(state, event, roll, event.zone)


@folds(SplitAttackRolled)
@folds(ZoneAttackRolled)
def _multi_attack_rolled(state: TableState, event: SplitAttackRolled | ZoneAttackRolled) -> None:
    conflict = conflict_in_play(state)
    zone = event.zone if isinstance(event, ZoneAttackRolled) else None
    roll = ActionRoll(
        event.actor,
        Action.ATTACK,
        0,
        skill=event.skill,
        difficulty=0,
        dice=require_dice(event.faces, "attack"),
        ledger=state.game.ledger,
        stunt_uses=state.game.stunt_uses,
        second_skill=event.second_skill,
    )
    multi = "zone" if zone is not None else "split"
    conflict.turns.start(TurnInProgress(event.actor, roll, zone=zone, multi=multi))
    _multi_in_play(state, event, roll, zone)
    assign_facts(state, facts_of(event))  # the roll's make-up, Weapon, whether from afar


@older(SplitAttackRolled)
@older(ZoneAttackRolled)
def _multi_attack_rolled_older(
    state: TableState, event: SplitAttackRolled | ZoneAttackRolled
) -> None:
    zone = event.zone if isinstance(event, ZoneAttackRolled) else None
    ranged = event.ranged if isinstance(event, SplitAttackRolled) else None
    roll = conflict_in_play(state).targets.multi_recorded(
        event.actor,
        event.skill,
        require_dice(event.faces, "attack"),
        "zone" if zone is not None else "split",
        zone,
        ranged,
        event.second_skill,
        counted_rating(state, event.actor, event.counted, event.counted_bonus, False),
    )
    _multi_in_play(state, event, roll, zone)


def _multi_in_play(
    state: TableState,
    event: SplitAttackRolled | ZoneAttackRolled,
    roll: ActionRoll,
    zone: str | None,
) -> None:
    roll.roll()
    _in_play(state, event, roll)
    state.zone_attack = zone
    _log_multi(state, event, "zone_attack" if zone is not None else "split_attack")


@judges(TargetsAssigned)
def _judge_targets_assigned(state: TableState, event: TargetsAssigned) -> None:
    faces = dict(event.defend_faces)
    if len(faces) != len(event.defend_faces):
        raise BadInput("each target's defence has one set of dice")
    split = dict(event.split)
    if len(split) != len(event.split):
        raise BadInput("each target is named once in the split")
    rolls = conflict_in_play(state).targets.assign_targets(
        split or None,
        defend_skills=dict(event.defend_skills),
        defender_dice={who: ScriptedDice([f]) for who, f in faces.items()},
        defend_ratings=_defend_ratings(state, event, checked=True),
    )
    # Every defence must have been rolled with recorded dice, or a replay would roll again.
    if set(rolls) != set(faces):
        raise BadInput(
            f"the defenders are {sorted(rolls)}, but dice were given for {sorted(faces)}"
        )
    _targets_aimed(state, event, rolls)


@folds(TargetsAssigned)
def _targets_assigned(state: TableState, event: TargetsAssigned) -> None:
    conflict = conflict_in_play(state)
    turn = conflict.turns.turn
    assert turn is not None and turn.roll is not None
    faces = dict(event.defend_faces)
    rolls: dict[str, ActionRoll] = {}
    for target in faces:
        # Each target's share and defence, as the facts make them up.
        sub = ActionRoll(
            turn.actor,
            Action.ATTACK,
            0,
            skill=turn.roll.skill,
            dice=ScriptedDice([FateDice((0, 0, 0, 0))]),
            ledger=state.game.ledger,
            stunt_uses=state.game.stunt_uses,
        )
        sub.opposed_by(target, 0, dice=ScriptedDice([faces[target]]))
        rolls[target] = sub
    turn.roll.close()
    for sub in rolls.values():
        sub.roll()
    turn.targets = rolls
    assign_facts(state, facts_of(event))
    _targets_aimed(state, event, rolls)


@older(TargetsAssigned)
def _targets_assigned_older(state: TableState, event: TargetsAssigned) -> None:
    faces = dict(event.defend_faces)
    rolls = conflict_in_play(state).targets.assigned_recorded(
        dict(event.split) or None,
        defend_skills=dict(event.defend_skills),
        defender_dice={who: ScriptedDice([f]) for who, f in faces.items()},
        defend_ratings=_defend_ratings(state, event, checked=False),
    )
    _targets_aimed(state, event, rolls)


def _defend_ratings(state: TableState, event: TargetsAssigned, *, checked: bool) -> dict[str, int]:
    """The bonus each target that counted aspects defends with: checked against the rules
    while the event is judged, as recorded otherwise."""
    bonuses = dict(event.defend_counted_bonuses)
    named = dict(event.defend_counted)
    if set(bonuses) != set(named):
        raise BadInput("each target's counted aspects come with their bonus")
    out = {}
    for target, aspects in named.items():
        found = counted_rating(state, target, aspects, bonuses[target], checked)
        assert found is not None  # aspects were named
        out[target] = found
    return out


def _targets_aimed(state: TableState, event: TargetsAssigned, rolls: dict[str, ActionRoll]) -> None:
    faces = dict(event.defend_faces)
    fell = dict(event.defend_rolled_faces)  # what weight did to each defence, as recorded
    state.target_weights = {
        who: (fell[who], why) for who, why in event.defend_weights if who in fell
    }
    for who, sub in rolls.items():
        defence = sub.opposition
        skill = "" if defence is None or defence.skill is None else defence.skill
        state.last_roll = RollRecord(event.version, event.at, who, "defend", skill, faces[who])
    settle_conflict(state)


@judges(TargetsResolved)
def _judge_targets_resolved(state: TableState, event: TargetsResolved) -> None:
    conflict_in_play(state).targets.resolve_targets(dict(event.options))
    settle_conflict(state)


@folds(TargetsResolved)
def _targets_resolved(state: TableState, event: TargetsResolved) -> None:
    turn = conflict_in_play(state).turns.turn
    if turn is not None:
        for sub in turn.targets.values():
            sub.close()
    assign_facts(state, facts_of(event))  # the hits, the aspects made, the turn goes on
    settle_conflict(state)


@older(TargetsResolved)
def _targets_resolved_older(state: TableState, event: TargetsResolved) -> None:
    conflict_in_play(state).targets.resolved_recorded(dict(event.options))
    settle_conflict(state)


@judges(MissedEveryone)
def _judge_missed_everyone(state: TableState, event: MissedEveryone) -> None:
    conflict_in_play(state).targets.miss_everyone()
    settle_conflict(state)


@folds(MissedEveryone)
def _missed_everyone(state: TableState, event: MissedEveryone) -> None:
    conflict_in_play(state).targets.missed_recorded()
    assign_facts(state, facts_of(event))
    settle_conflict(state)


@older(MissedEveryone)
def _missed_everyone_older(state: TableState, event: MissedEveryone) -> None:
    conflict_in_play(state).targets.missed_recorded()
    settle_conflict(state)


def _in_play(
    state: TableState, event: SplitAttackRolled | ZoneAttackRolled, roll: ActionRoll
) -> None:
    # The attack on several targets is the conflict's action in play until it is aimed.
    in_play = RollInPlay(
        event.version,
        RollKind.CONFLICT,
        roll,
        npc_dice_hidden=state.screen.npc_dice_hidden_at(event.version, event.npc_dice_hidden),
        rolled_faces=event.rolled_faces,
        weight=event.weight,
    )
    state.rolls[in_play.id] = in_play


def _log_multi(state: TableState, event: SplitAttackRolled | ZoneAttackRolled, what: str) -> None:
    state.last_roll = RollRecord(
        event.version, event.at, event.actor, what, event.skill, event.faces
    )


# -- what each seat sees -----------------------------------------------------------------------

# An attack on several targets, aimed and settled: its facts, the rolls in play and the last
# roll, and what settling the conflict's roll takes off the GM's screen (settle_conflict).
moves(
    {Region.SCREEN},
    SplitAttackRolled,
    ZoneAttackRolled,
    TargetsAssigned,
    TargetsResolved,
)  # MissedEveryone: no game of tests/table/test_incremental_documents.py plays it yet

shown_whole(TargetsResolved, MissedEveryone)


@shows(SplitAttackRolled, ZoneAttackRolled)
def _show_attack_on_many(
    viewer: Viewer, event: SplitAttackRolled | ZoneAttackRolled, data: JSON
) -> JSON:
    viewer.keep_dice(
        data, version=event.version, recorded=event.npc_dice_hidden, roller=event.actor
    )
    return data


@shows(TargetsAssigned)
def _show_defences(viewer: Viewer, event: TargetsAssigned, data: JSON) -> JSON:
    # Every target's defence, each kept from the seat as that target's dice are.
    viewer.keep_dice(data, version=event.version, recorded=event.npc_dice_hidden, roller=None)
    return data


class TargetPart(Part, kw_only=True):
    """One aimed target of a split or zone attack: what each outcome allows, and the invokes
    made on its defence."""

    shifts: int
    outcome: Outcome
    options: list[str]
    chosen_by: Chooser
    invocations: list[InvocationPart]
    # With weight: the target's defence dice as they fell (``None``: kept from the seat, or
    # nothing turned) and what weight turned to + on it.
    rolled_faces: str | None = None
    weight: WeightPart | None = None
    # Whether this seat acts for the target (:func:`check_defender`), and so may invoke on
    # its defence as the target (the Invoke decider's check of its invoker).
    defends: bool


def targets_view(viewer: Viewer, conflict: Conflict) -> dict[str, TargetPart] | None:
    """The aimed targets of a split or zone attack and what each outcome allows (rolls are
    public, so everyone sees them), with the invokes made on each target's defence; ``None``
    while no attack on several targets is aimed."""
    try:
        previews = conflict.targets.preview_targets()
    except FateError:
        return None
    state = viewer.state
    weighed = state.target_weights
    last = state.last_roll  # the defences' own record: whether NPCs' dice were kept then
    kept = viewer.dice_kept(last is not None and state.screen.npc_dice_hidden(last.version))
    out: dict[str, TargetPart] = {}
    for target, resolution in previews.items():
        fell, why = weighed.get(target, (None, None))
        out[target] = TargetPart(
            shifts=resolution.shifts,
            outcome=resolution.outcome,
            options=[o.key for o in resolution.options],
            chosen_by=resolution.chosen_by,
            defends=allowed(check_defender, viewer.state, viewer.seat, target),
            invocations=[
                viewer.invocation(i) for i in conflict.targets.target_defence(target).invocations
            ],
            rolled_faces=None if kept(target) else fell,
            weight=weight_part(why),
        )
    return out


# How the log tells this domain's events (the page and Discord read the same declaration).
# With weight, the line says what fell and how many dice turned to +, and the sides' weights.
_WEIGHED = {
    "own": say.number("weight.own"),
    "other": say.number("weight.other"),
    "turned": say.number("weight.turned"),
    "rolled": say.dice("rolled_faces"),
}
tells(
    SplitAttackRolled,
    (when("SplitAttackRolled.weight", "weight"), when("SplitAttackRolled")),
    who=say.who("actor"),
    dice=say.dice("faces"),
    **_WEIGHED,
)
tells(
    ZoneAttackRolled,
    (when("ZoneAttackRolled.weight", "weight"), when("ZoneAttackRolled")),
    who=say.who("actor"),
    dice=say.dice("faces"),
    **_WEIGHED,
)
tells(TargetsAssigned, "TargetsAssigned")
tells(TargetsResolved, "TargetsResolved")
tells(MissedEveryone, "MissedEveryone")
