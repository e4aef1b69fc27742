"""Handling a command: check who may do it, decide its dice, check it against the rules, and
return the events it becomes with the state they lead to.

:func:`decide` turns a command into draft events (reading the state only) and :func:`commit`
plays them through the same fold that replays the log, so a command is valid exactly when its
events fold: the rules engine is the judge, never a copy of its rules here. :func:`handle` does
both on a copy and never changes the state it is given; the table repository commits into the
live state and drops it to reload after a refusal. Any error leaves nothing behind:
:class:`~fatekit.rules.ForbiddenAction` when the seat may not do this, :class:`IllegalAction` (with
its rule) when the rules forbid it, :class:`BadInput` when it is malformed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, TypeVar

from fatekit.rules.aspects.compels import COMPEL_OFFER_RULE
from fatekit.rules.aspects.fate_points import GM
from fatekit.rules.core.actions import Chooser, Resolution, Side
from fatekit.rules.core.dice import DiceSource, RandomDice, parse_faces
from fatekit.rules.core.errors import BadInput, ForbiddenAction, IllegalAction
from fatekit.rules.options.scale import ScaleBenefit, higher_side
from fatekit.table import commands as c
from fatekit.table import events as e
from fatekit.table.fold import apply_in_place, free_roll_resolution, parse_sheet
from fatekit.table.history import EventLog, History
from fatekit.table.screen.decide import DECIDERS as SCREEN_DECIDERS
from fatekit.table.screen.decide import roll_difficulty
from fatekit.table.seats import NoteVisibility, Role, Seat
from fatekit.table.snapshot import copy_state
from fatekit.table.state import SEAT_RULE, TableState

__all__ = ["Decision", "commit", "decide", "handle"]

C = TypeVar("C", bound=c.Command)
E = TypeVar("E", bound=e.Event)


@dataclass(frozen=True, slots=True)
class Decision:
    """What a valid command became: its events (versions ``state.version - len + 1`` onward)
    and the table's state after them."""

    events: tuple[e.Event, ...]
    state: TableState


def handle(
    state: TableState | None,
    command: c.Command,
    *,
    seat: str,
    table_id: str | None = None,
    dice: DiceSource | None = None,
    now: str | None = None,
    history: History | Sequence[e.Event] | None = None,
) -> Decision:
    """Handle ``command`` from ``seat`` at the table in ``state``, leaving ``state`` as it was.

    A new table has no state: pass ``state=None``, a :class:`~fatekit.table.commands.CreateTable`
    and the new ``table_id``. ``dice`` rolls whatever the command leaves to the table (by default
    a :class:`RandomDice` seeded from the operating system); ``now`` stamps the events (ISO 8601);
    ``history`` is the table's log, which an undo reads. This is :func:`decide` then
    :func:`commit` on a copy of the state: a caller that owns its state and can reload it after a
    refusal commits into it directly, at a cost that does not grow with the state.
    """
    drafts = decide(state, command, seat=seat, table_id=table_id, dice=dice, now=now)
    return commit(None if state is None else copy_state(state), drafts, history=history)


def decide(
    state: TableState | None,
    command: c.Command,
    *,
    seat: str,
    table_id: str | None = None,
    dice: DiceSource | None = None,
    now: str | None = None,
) -> tuple[e.Event, ...]:
    """The events ``command`` from ``seat`` would become, not yet checked against the rules
    (:func:`commit` folds them, and the fold is the rules' judge). Reads ``state`` only.

    Raises :class:`ForbiddenAction` when the seat may not do this and :class:`BadInput` when the
    command is malformed; the dice the command leaves to the table are rolled here.
    """
    at = now if now is not None else datetime.now(UTC).isoformat(timespec="microseconds")
    source: DiceSource = dice if dice is not None else RandomDice()
    if isinstance(command, c.CreateTable):
        if state is not None:
            raise BadInput("this table already exists")
        if not table_id or not table_id.strip():
            raise BadInput("a new table needs its id")
        if seat != command.gm_seat:
            raise BadInput("the creator of a table sits in its GM seat")
        created = e.TableCreated(
            table_id=table_id,
            version=1,
            seat=seat,
            at=at,
            name=command.name,
            preset=command.preset,
            options=command.options,
            skill_list=command.skill_list,
            gm_seat=command.gm_seat,
            gm_name=command.gm_name,
        )
        return (created,)
    if state is None:
        raise BadInput("there is no table yet: the first command is CreateTable")
    if table_id is not None and table_id != state.table_id:
        raise BadInput(f"this is table {state.table_id!r}, not {table_id!r}")
    sitter = state.seat(seat)
    if sitter.role is Role.SPECTATOR:
        raise ForbiddenAction("a spectator watches and does not act", SEAT_RULE)
    decided = _DECIDERS.get(type(command))
    if decided is None:
        raise BadInput(f"unknown command {type(command).__name__}")
    return tuple(decided(_Context(state, sitter, source, at), command))


def commit(
    state: TableState | None,
    drafts: Sequence[e.Event],
    *,
    history: History | Sequence[e.Event] | None = None,
) -> Decision:
    """Fold the events :func:`decide` drafted into ``state`` itself; return them as final (with
    the ids the rules gave what they created) and the table after them.

    A refusal (:class:`IllegalAction` with its rule, or :class:`BadInput`) may leave ``state``
    half changed: commit into a copy, or drop the state and load the table again.
    """
    past = EventLog(history) if isinstance(history, Sequence) else history
    trial = state
    final: list[e.Event] = []
    for draft in drafts:
        trial = apply_in_place(trial, draft, history=past)
        final.append(_with_created(draft, trial.last_created))
    if trial is None:
        raise BadInput("a command that changes nothing has no events")
    return Decision(tuple(final), trial)


def _with_created(event: e.Event, created: tuple[str, ...]) -> e.Event:
    # Ids the rules gave new aspects are known once the draft has folded; the event records them.
    if isinstance(event, e.SituationAspectAdded) and not event.aspect_id:
        return dataclasses.replace(event, aspect_id=created[0])
    if isinstance(event, e.RollResolved) and created:
        return dataclasses.replace(event, created=created)
    if isinstance(event, e.BlockAdded) and not event.aspect_id:
        return dataclasses.replace(event, aspect_id=created[0])
    return event


@dataclass(slots=True)
class _Context:
    state: TableState
    seat: Seat
    dice: DiceSource
    at: str
    made: int = 0

    def event(self, event_type: type[E], /, **fields: Any) -> E:
        self.made += 1
        return event_type(
            table_id=self.state.table_id,
            version=self.state.version + self.made,
            seat=self.seat.id,
            at=self.at,
            **fields,
        )

    def require_gm(self, what: str) -> None:
        if not self.seat.is_gm:
            raise ForbiddenAction(f"only the GM may {what}", SEAT_RULE)

    def require_control(self, character_id: str, what: str) -> None:
        self.state.require_character(character_id)
        if not self.state.controls(self.seat.id, character_id):
            raise ForbiddenAction(
                f"seat {self.seat.id!r} does not act for {character_id} and may not {what}",
                SEAT_RULE,
            )

    def faces(self, entered: str | None) -> str:
        """Dice entered off physical dice, or rolled now: either way, fixed from here on."""
        rolled = parse_faces(entered) if entered is not None else self.dice.roll()
        return rolled.symbols()

    def defend_faces(self, defender: str | None, entered: str | None) -> str | None:
        if defender is None:
            if entered is not None:
                raise BadInput("there is no defender to enter dice for")
            return None
        if entered is not None:
            self.require_control(defender, "enter the defender's dice")
        return self.faces(entered)


_DECIDERS: dict[type[c.Command], Callable[[_Context, Any], list[e.Event]]] = {}


def _decides(
    kind: type[C],
) -> Callable[[Callable[[_Context, C], list[e.Event]]], Callable[[_Context, C], list[e.Event]]]:
    def register(
        decider: Callable[[_Context, C], list[e.Event]],
    ) -> Callable[[_Context, C], list[e.Event]]:
        _DECIDERS[kind] = decider
        return decider

    return register


# -- the GM's business ------------------------------------------------------------------------


def _gm_only(
    command: type[C], event: type[E], what: str, fields: Callable[[C], dict[str, Any]]
) -> None:
    def decide(context: _Context, cmd: C) -> list[e.Event]:
        context.require_gm(what)
        return [context.event(event, **fields(cmd))]

    _DECIDERS[command] = decide


_gm_only(
    c.AddSeat,
    e.SeatAdded,
    "seat people",
    lambda m: {"seat_id": m.seat_id, "role": m.role, "name": m.name},
)
_gm_only(c.RemoveSeat, e.SeatRemoved, "remove seats", lambda m: {"seat_id": m.seat_id})
_gm_only(
    c.RevealCharacter,
    e.CharacterRevealed,
    "reveal NPCs",
    lambda m: {"character_id": m.character_id},
)
_gm_only(c.EndSession, e.SessionEnded, "end sessions", lambda m: {"milestone": m.milestone})
_gm_only(
    c.StartScene,
    e.SceneStarted,
    "start scenes",
    lambda m: {
        "name": m.name,
        "participants": m.participants,
        "zones": m.zones,
        "links": m.links,
        "positions": m.positions,
    },
)
_gm_only(c.EndScene, e.SceneEnded, "end scenes", lambda m: {"keep": m.keep})
_gm_only(
    c.AddSituationAspect,
    e.SituationAspectAdded,
    "set situation aspects",
    lambda m: {
        "aspect_id": "",
        "name": m.name,
        "zone": m.zone,
        "hidden": m.hidden,
        "known_to": m.known_to,
        "free_invokes": m.free_invokes,
    },
)
_gm_only(
    c.RevealAspect,
    e.AspectRevealed,
    "reveal aspects",
    lambda m: {"aspect_id": m.aspect_id, "to": m.to},
)
_gm_only(c.RemoveAspect, e.AspectRemoved, "remove aspects", lambda m: {"aspect_id": m.aspect_id})
_gm_only(
    c.AddCountdown,
    e.CountdownAdded,
    "start countdowns",
    lambda m: {
        "countdown_id": m.countdown_id,
        "name": m.name,
        "boxes": m.boxes,
        "outcome": m.outcome,
        "triggers": m.triggers,
        "visibility": m.visibility,
    },
)
_gm_only(
    c.MarkCountdown,
    e.CountdownMarked,
    "mark countdowns",
    lambda m: {"countdown_id": m.countdown_id, "count": m.count},
)
_gm_only(c.FireTrigger, e.TriggerFired, "fire triggers", lambda m: {"trigger": m.trigger})
_gm_only(
    c.StartConflict,
    e.ConflictStarted,
    "start conflicts",
    lambda m: {"sides": m.sides, "kind": m.kind, "first": m.first, "group_npcs": m.group_npcs},
)
_gm_only(c.FinishConflict, e.ConflictFinished, "finish conflicts", lambda m: {"into": m.into})
_gm_only(c.Undo, e.Undone, "undo", lambda m: {"target_version": m.target_version})
_gm_only(
    c.StartContest,
    e.ContestStarted,
    "start contests",
    lambda m: {
        "sides": m.sides,
        "intents": m.intents,
        "victories_needed": m.victories_needed,
        "harmful_to": m.harmful_to,
        "faster": m.faster,
    },
)
_gm_only(c.EndContest, e.ContestEnded, "end contests", lambda m: {})
_gm_only(
    c.AddTemplate,
    e.TemplateAdded,
    "offer templates",
    lambda m: {"template_id": m.template_id, "name": m.name, "sheet": m.sheet},
)
_gm_only(
    c.RemoveTemplate,
    e.TemplateRemoved,
    "withdraw templates",
    lambda m: {"template_id": m.template_id},
)
_gm_only(
    c.StartChallenge,
    e.ChallengeStarted,
    "start challenges",
    lambda m: {"tasks": m.tasks, "in_conflict": m.in_conflict},
)
_gm_only(c.EndChallenge, e.ChallengeEnded, "end challenges", lambda m: {})


@_decides(c.ContestRoll)
def _contest_roll(context: _Context, command: c.ContestRoll) -> list[e.Event]:
    context.require_control(command.actor, "roll for them")
    return [
        context.event(
            e.ContestRolled,
            side=command.side,
            actor=command.actor,
            skill=command.skill,
            bonus=command.bonus,
            faces=context.faces(command.dice),
        )
    ]


@_decides(c.ContestForfeit)
def _contest_forfeit(context: _Context, command: c.ContestForfeit) -> list[e.Event]:
    contest = context.state.contest
    if contest is None:
        raise BadInput("there is no contest running")
    members = contest.sides[command.side].members if command.side in contest.sides else ()
    if not context.seat.is_gm and not any(
        context.state.controls(context.seat.id, m) for m in members
    ):
        raise ForbiddenAction("only a member of the side (or the GM) gives up its roll", SEAT_RULE)
    return [context.event(e.ContestForfeited, side=command.side)]


@_decides(c.ChallengeRoll)
def _challenge_roll(context: _Context, command: c.ChallengeRoll) -> list[e.Event]:
    context.require_control(command.actor, "roll for them")
    return [
        context.event(
            e.ChallengeRolled,
            task=command.task,
            actor=command.actor,
            faces=context.faces(command.dice),
            option=command.option,
        )
    ]


@_decides(c.StartSession)
def _start_session(context: _Context, command: c.StartSession) -> list[e.Event]:
    context.require_gm("start sessions")
    return [context.event(e.SessionStarted, number=context.state.session + 1)]


# -- characters -------------------------------------------------------------------------------


@_decides(c.AddCharacter)
def _add_character(context: _Context, command: c.AddCharacter) -> list[e.Event]:
    character = parse_sheet(command.sheet)
    if not context.seat.is_gm:
        if command.owner != context.seat.id:
            raise ForbiddenAction("a player may add only their own character", SEAT_RULE)
        if command.hidden_aspects or command.revealed:
            raise ForbiddenAction("only the GM hides aspects or reveals NPCs", SEAT_RULE)
    return [
        context.event(
            e.CharacterAdded,
            character_id=character.id,
            sheet=command.sheet,
            owner=command.owner,
            revealed=command.revealed,
            hidden_aspects=command.hidden_aspects,
        )
    ]


@_decides(c.UpdateCharacter)
def _update_character(context: _Context, command: c.UpdateCharacter) -> list[e.Event]:
    character = parse_sheet(command.sheet)
    context.require_control(character.id, "rewrite this sheet")
    return [context.event(e.CharacterUpdated, character_id=character.id, sheet=command.sheet)]


# -- compels ----------------------------------------------------------------------------------


@_decides(c.OfferCompel)
def _offer_compel(context: _Context, command: c.OfferCompel) -> list[e.Event]:
    if command.offered_by is None:
        context.require_gm("offer a compel for free")
    else:
        context.require_control(command.offered_by, "offer a compel in their name")
    return [
        context.event(
            e.CompelOffered,
            compel_id=f"c{context.state.version + 1}",
            aspect_id=command.aspect_id,
            target=command.target,
            complication=command.complication,
            offered_by=command.offered_by,
            kind=command.kind,
        )
    ]


@_decides(c.AnswerCompel)
def _answer_compel(context: _Context, command: c.AnswerCompel) -> list[e.Event]:
    compel = context.state.compels.get(command.compel_id)
    if compel is None:
        # Settled compels leave the state (the log keeps them); an id this table issued is one.
        number = command.compel_id.removeprefix("c")
        if number.isdecimal() and int(number) <= context.state.version:
            raise IllegalAction(
                f"compel {command.compel_id!r} is no longer open: it was answered or withdrawn",
                COMPEL_OFFER_RULE,
            )
        raise BadInput(f"there is no compel {command.compel_id!r}")
    if command.answer is c.CompelAnswer.WITHDRAW:
        if compel.offered_by == GM:
            context.require_gm("withdraw the GM's compel")
        elif not context.seat.is_gm:
            context.require_control(compel.offered_by, "withdraw this compel")
    else:
        context.require_control(compel.target, f"{command.answer.value} this compel")
    return [context.event(e.CompelAnswered, compel_id=command.compel_id, answer=command.answer)]


# -- rolls ------------------------------------------------------------------------------------


@_decides(c.Roll)
def _roll(context: _Context, command: c.Roll) -> list[e.Event]:
    context.require_control(command.actor, "roll for them")
    difficulty, hidden = roll_difficulty(context, command)  # the GM's screen may set it
    return [
        context.event(
            e.RollMade,
            actor=command.actor,
            action=command.action,
            skill=command.skill,
            difficulty=difficulty,
            against=command.against,
            defend_skill=command.defend_skill,
            aspect_id=command.aspect_id,
            faces=context.faces(command.dice),
            defend_faces=context.defend_faces(command.against, command.defend_dice),
            stunts=command.stunts,
            hidden_difficulty=hidden,
        )
    ]


@_decides(c.Invoke)
def _invoke(context: _Context, command: c.Invoke) -> list[e.Event]:
    context.require_control(command.by, "invoke for them")
    roll = context.state.roll
    if roll is None:
        raise BadInput("there is no roll in play to invoke on")
    faces = None
    if command.effect.value == "reroll":
        faces = context.faces(command.dice)
    elif command.dice is not None:
        raise BadInput("only a reroll takes dice")
    return [
        context.event(
            e.Invoked,
            aspect_id=command.aspect_id,
            by=command.by,
            effect=command.effect,
            free=command.free,
            on_defence=command.on_defence,
            faces=faces,
        )
    ]


@_decides(c.ResolveRoll)
def _resolve_roll(context: _Context, command: c.ResolveRoll) -> list[e.Event]:
    state = context.state
    roll = state.roll
    if roll is None:
        raise BadInput("there is no roll in play to resolve")
    resolution = (
        state.conflict.preview() if state.conflict is not None else free_roll_resolution(state)
    )
    opposition = roll.opposition.actor if roll.opposition is not None else None
    _require_chooser(context, resolution, roll.actor, opposition)
    return [
        context.event(
            e.RollResolved,
            option=command.option,
            aspect_name=command.aspect_name,
            boost_names=command.boost_names,
            created=(),
        )
    ]


def _require_chooser(
    context: _Context, resolution: Resolution, actor: str, opposition: str | None
) -> None:
    # Whoever the outcome gives the choice to settles it; the GM may always.
    chooser = resolution.chosen_by
    if chooser is Chooser.GM:
        context.require_gm("choose this outcome")
    elif chooser is Chooser.OPPOSITION and opposition is not None:
        context.require_control(opposition, "choose for the opposition")
    elif chooser is Chooser.OPPOSITION:
        context.require_gm("choose for the opposition")
    else:
        context.require_control(actor, "settle this roll")


# -- conflicts --------------------------------------------------------------------------------


def _require_helpers(context: _Context, helpers: tuple[str, ...]) -> None:
    # Helping spends the helper's action for the exchange: their seat's choice to make.
    for helper in helpers:
        context.require_control(helper, "spend their action helping")


def _require_scale_choice(
    context: _Context, benefit: ScaleBenefit | None, actor: str, other: str | None
) -> None:
    """The scale benefit is the higher side's to choose: when the other side of the roll stands
    higher, only a seat acting for it may name the benefit. The engine still judges whether
    there is a difference in scale at all."""
    conflict = context.state.conflict
    if benefit is None or other is None or conflict is None:
        return
    if actor not in conflict.fighters or other not in conflict.fighters:
        return  # unknown participants: the fold refuses them
    ladder = conflict.scale_ladder
    bottom = ladder.keys[0]  # the engine counts anyone without a level at the bottom
    found = higher_side(
        ladder, conflict.fighters[actor].scale or bottom, conflict.fighters[other].scale or bottom
    )
    if found is not None and found[0] is Side.OPPOSITION:
        context.require_control(other, "choose the scale benefit of the higher side")


@_decides(c.Attack)
def _attack(context: _Context, command: c.Attack) -> list[e.Event]:
    context.require_control(command.actor, "attack for them")
    if command.forgo_defense:
        context.require_control(command.target, "give up their defence")
    defender = None if command.forgo_defense else (command.defender or command.target)
    if command.defender is not None:
        context.require_control(command.defender, "interpose them")
    _require_helpers(context, command.helpers)
    _require_scale_choice(context, command.scale_benefit, command.actor, defender)
    # Cover and forcing into a block are named by the attacker's seat: cover only ever weakens
    # the attack, and forcing someone into a block is the attacker's own move.
    return [
        context.event(
            e.AttackRolled,
            actor=command.actor,
            target=command.target,
            skill=command.skill,
            defend_skill=command.defend_skill,
            defender=command.defender,
            forgo_defense=command.forgo_defense,
            ranged=command.ranged,
            faces=context.faces(command.dice),
            defend_faces=context.defend_faces(defender, command.defend_dice),
            helpers=command.helpers,
            scale_benefit=command.scale_benefit,
            cover=command.cover,
            cover_use=command.cover_use,
            into_block=command.into_block,
            stunts=command.stunts,
        )
    ]


@_decides(c.CreateAdvantage)
def _create_advantage(context: _Context, command: c.CreateAdvantage) -> list[e.Event]:
    context.require_control(command.actor, "act for them")
    _require_helpers(context, command.helpers)
    _require_scale_choice(context, command.scale_benefit, command.actor, command.against)
    return [
        context.event(
            e.AdvantageRolled,
            actor=command.actor,
            skill=command.skill,
            difficulty=command.difficulty,
            against=command.against,
            defend_skill=command.defend_skill,
            aspect_id=command.aspect_id,
            zone=command.zone,
            faces=context.faces(command.dice),
            defend_faces=context.defend_faces(command.against, command.defend_dice),
            helpers=command.helpers,
            scale_benefit=command.scale_benefit,
            stunts=command.stunts,
        )
    ]


@_decides(c.Overcome)
def _overcome(context: _Context, command: c.Overcome) -> list[e.Event]:
    context.require_control(command.actor, "act for them")
    _require_helpers(context, command.helpers)
    _require_scale_choice(context, command.scale_benefit, command.actor, command.against)
    return [
        context.event(
            e.OvercomeRolled,
            actor=command.actor,
            skill=command.skill,
            difficulty=command.difficulty,
            against=command.against,
            defend_skill=command.defend_skill,
            move_to=command.move_to,
            faces=context.faces(command.dice),
            defend_faces=context.defend_faces(command.against, command.defend_dice),
            helpers=command.helpers,
            scale_benefit=command.scale_benefit,
            block=command.block,
            remove_block=command.remove_block,
            disable_hazard=command.disable_hazard,
            stunts=command.stunts,
        )
    ]


@_decides(c.FullDefense)
def _full_defense(context: _Context, command: c.FullDefense) -> list[e.Event]:
    context.require_control(command.actor, "act for them")
    return [
        context.event(e.FullDefenseTaken, actor=command.actor, focus=command.focus, who=command.who)
    ]


@_decides(c.FreeMove)
def _free_move(context: _Context, command: c.FreeMove) -> list[e.Event]:
    context.require_control(command.actor, "move them")
    return [context.event(e.Moved, actor=command.actor, to=command.to)]


def _hit_target(context: _Context) -> str:
    conflict = context.state.conflict
    hit = None if conflict is None else conflict.pending_hit
    if hit is None:
        raise BadInput("there is no hit waiting to be absorbed")
    return hit[0]


@_decides(c.Absorb)
def _absorb(context: _Context, command: c.Absorb) -> list[e.Event]:
    target = _hit_target(context)
    context.require_control(target, "absorb their hit")
    return [
        context.event(
            e.HitAbsorbed,
            target=target,
            boxes=command.boxes,
            slots=command.slots,
            names=command.names,
            extreme=command.extreme,
        )
    ]


@_decides(c.TakeOut)
def _take_out(context: _Context, command: c.TakeOut) -> list[e.Event]:
    target = _hit_target(context)
    context.require_control(target, "choose to be taken out")
    return [context.event(e.TakenOut, target=target)]


@_decides(c.Concede)
def _concede(context: _Context, command: c.Concede) -> list[e.Event]:
    context.require_control(command.character_id, "concede for them")
    return [context.event(e.Conceded, character_id=command.character_id)]


@_decides(c.EndTurn)
def _end_turn(context: _Context, command: c.EndTurn) -> list[e.Event]:
    conflict = context.state.conflict
    if conflict is None:
        raise BadInput("there is no conflict running")
    if conflict.current is not None:
        context.require_control(conflict.current, "end their turn")
    return [context.event(e.TurnEnded, next_actor=command.next_actor)]


# -- the optional rules in a conflict ---------------------------------------------------------


@_decides(c.Shield)
def _shield(context: _Context, command: c.Shield) -> list[e.Event]:
    target = _hit_target(context)
    context.require_control(target, "throw their minions in the way")
    return [context.event(e.MinionShielded, minion=command.minion)]


@_decides(c.Equip)
def _equip(context: _Context, command: c.Equip) -> list[e.Event]:
    context.require_control(command.character_id, "equip them")
    return [
        context.event(
            e.Equipped,
            character_id=command.character_id,
            weapon=command.weapon,
            armor=command.armor,
        )
    ]


_gm_only(
    c.SetScale,
    e.ScaleSet,
    "set scale",
    lambda m: {"character_id": m.character_id, "level": m.level},
)
_gm_only(
    c.AddHazard,
    e.HazardAdded,
    "bring in hazards",
    lambda m: {
        "hazard_id": m.hazard_id,
        "name": m.name,
        "rating": m.rating,
        "weapon": m.weapon,
        "side": m.side,
        "zone": m.zone,
    },
)
_gm_only(
    c.AddBlock,
    e.BlockAdded,
    "put blocks in the way",
    lambda m: {
        "block_id": m.block_id,
        "name": m.name,
        "rating": m.rating,
        "weapon": m.weapon,
        "harmful": m.harmful,
        "cover": m.cover,
        "zone": m.zone,
        "aspect_id": "",
    },
)
_gm_only(
    c.SetBigBad,
    e.BigBadSet,
    "make big bads",
    lambda m: {
        "character_id": m.character_id,
        "minions": m.minions,
        "immunity": m.immunity,
        "immunity_harm": m.immunity_harm,
        "forms": m.forms,
        "gentle": m.gentle,
        "scale": m.scale,
        "solo_skill": m.solo_skill,
        "solo_skill_capped": m.solo_skill_capped,
        "solo_stress": m.solo_stress,
        "solo_stress_floor_one": m.solo_stress_floor_one,
        "solo_amplified": m.solo_amplified,
        "solo_suppress": m.solo_suppress,
        "solo_no_free_stacking": m.solo_no_free_stacking,
    },
)
_gm_only(
    c.BreakImmunity,
    e.ImmunityBroken,
    "settle a big bad's immunity",
    lambda m: {"character_id": m.character_id, "contest_side": m.contest_side},
)


@_decides(c.SplitAttack)
def _split_attack(context: _Context, command: c.SplitAttack) -> list[e.Event]:
    context.require_control(command.actor, "attack for them")
    return [
        context.event(
            e.SplitAttackRolled,
            actor=command.actor,
            skill=command.skill,
            faces=context.faces(command.dice),
        )
    ]


@_decides(c.ZoneAttack)
def _zone_attack(context: _Context, command: c.ZoneAttack) -> list[e.Event]:
    context.require_control(command.actor, "attack for them")
    return [
        context.event(
            e.ZoneAttackRolled,
            actor=command.actor,
            skill=command.skill,
            zone=command.zone,
            faces=context.faces(command.dice),
        )
    ]


def _attacker(context: _Context) -> str:
    roll = context.state.roll
    if context.state.conflict is None or roll is None:
        raise BadInput("there is no attack under way")
    return roll.actor


@_decides(c.AssignTargets)
def _assign_targets(context: _Context, command: c.AssignTargets) -> list[e.Event]:
    state = context.state
    actor = _attacker(context)
    context.require_control(actor, "aim their attack")
    if command.split:
        targets = [who for who, _ in command.split]
    else:
        # A zone attack reaches everyone else still in the zone; the fold checks that the
        # engine aims it at exactly these, so a mismatch is refused, never rolled at random.
        scene, conflict = state.game.scene, state.conflict
        zones = None if scene is None else scene.zones
        if state.zone_attack is None or zones is None or conflict is None:
            raise BadInput("name the targets of the split and the shifts each one gets")
        active = conflict.active()
        targets = [p for p in zones.occupants(state.zone_attack) if p != actor and p in active]
    entered = dict(command.defend_dice)
    unknown = sorted(set(entered) - set(targets))
    if unknown:
        raise BadInput(f"{', '.join(unknown)} is not a target of this attack")
    faces = []
    for target in targets:
        if target in entered:
            context.require_control(target, "enter the defender's dice")
        faces.append((target, context.faces(entered.get(target))))
    return [
        context.event(
            e.TargetsAssigned,
            split=command.split,
            defend_skills=command.defend_skills,
            defend_faces=tuple(faces),
        )
    ]


@_decides(c.ResolveTargets)
def _resolve_targets(context: _Context, command: c.ResolveTargets) -> list[e.Event]:
    actor = _attacker_of_targets(context)
    context.require_control(actor, "settle their attack")
    conflict = context.state.conflict
    assert conflict is not None
    chosen = dict(command.options)
    for target, resolution in conflict.preview_targets().items():
        if target in chosen and resolution.only is None:
            _require_chooser(context, resolution, actor, target)
    return [context.event(e.TargetsResolved, options=command.options)]


def _attacker_of_targets(context: _Context) -> str:
    # Once aimed, the attack's own roll is closed: the attacker is the one whose turn it is.
    conflict = context.state.conflict
    if conflict is None or conflict.current is None:
        raise BadInput("there is no attack under way")
    return conflict.current


@_decides(c.MissEveryone)
def _miss_everyone(context: _Context, command: c.MissEveryone) -> list[e.Event]:
    context.require_control(_attacker(context), "call off their attack")
    return [context.event(e.MissedEveryone)]


# -- aspects and fate points ------------------------------------------------------------------


@_decides(c.PassFreeInvoke)
def _pass_free_invoke(context: _Context, command: c.PassFreeInvoke) -> list[e.Event]:
    context.require_control(command.from_character, "give away their free invokes")
    context.state.require_character(command.to_character)
    return [
        context.event(
            e.FreeInvokePassed,
            aspect_id=command.aspect_id,
            from_character=command.from_character,
            to_character=command.to_character,
        )
    ]


@_decides(c.DeclareStoryDetail)
def _declare_story_detail(context: _Context, command: c.DeclareStoryDetail) -> list[e.Event]:
    context.require_control(command.by, "spend their fate points")
    return [
        context.event(
            e.StoryDetailDeclared,
            aspect_id=command.aspect_id,
            by=command.by,
            detail=command.detail,
        )
    ]


@_decides(c.SelfCompel)
def _self_compel(context: _Context, command: c.SelfCompel) -> list[e.Event]:
    context.require_control(command.target, "ask a self-compel for them")
    return [
        context.event(
            e.SelfCompelAsked,
            compel_id=f"s{context.state.version + 1}",
            aspect_id=command.aspect_id,
            target=command.target,
            complication=command.complication,
        )
    ]


@_decides(c.SelfCompelAnswer)
def _self_compel_answer(context: _Context, command: c.SelfCompelAnswer) -> list[e.Event]:
    # The GM pays for a self-compel, so only the GM agrees to one.
    context.require_gm("answer self-compels")
    return [
        context.event(e.SelfCompelAnswered, compel_id=command.compel_id, accepted=command.accepted)
    ]


# -- advancement ------------------------------------------------------------------------------


@_decides(c.Milestone)
def _milestone(context: _Context, command: c.Milestone) -> list[e.Event]:
    context.require_control(command.character_id, "advance them")
    return [
        context.event(e.MilestoneTaken, character_id=command.character_id, choice=command.choice)
    ]


@_decides(c.Breakthrough)
def _breakthrough(context: _Context, command: c.Breakthrough) -> list[e.Event]:
    context.require_control(command.character_id, "advance them")
    if command.gm_refresh or command.gm_skill_step:
        context.require_gm("add refresh or a skill step at a breakthrough")
    return [
        context.event(
            e.BreakthroughTaken,
            character_id=command.character_id,
            milestone=command.milestone,
            high_concept=command.high_concept,
            recovery_names=command.recovery_names,
            raise_now=command.raise_now,
            gm_refresh=command.gm_refresh,
            gm_skill_step=command.gm_skill_step,
        )
    ]


# -- notes ------------------------------------------------------------------------------------


@_decides(c.Note)
def _note(context: _Context, command: c.Note) -> list[e.Event]:
    if command.visibility is NoteVisibility.GM:
        context.require_gm("write GM notes")
    return [
        context.event(
            e.NoteAdded,
            note_id=f"n{context.state.version + 1}",
            text=command.text,
            visibility=command.visibility,
        )
    ]


# -- the GM's screen: secrets and prepared scenes (fatekit.table.screen) -----------------------

_DECIDERS.update(SCREEN_DECIDERS)
