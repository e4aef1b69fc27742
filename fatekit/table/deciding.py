"""Deciding a command: the :class:`Context` a domain's decider reads (the state, the seat, the
dice, the time) and the registry :func:`decides` fills. A decider checks who may ask and the
limits of what was typed, and turns the command into draft events; the rules judge them when they
fold as the command is committed (:mod:`fatekit.table.handle`), never again later.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from fatekit.rules.core.dice import DiceSource, RandomDice
from fatekit.rules.core.errors import BadInput, FateError, ForbiddenAction
from fatekit.rules.core.randomizers import Deck, Drawn, Randomizer, parse_dice, roll_with
from fatekit.table.base import ActorRoll, ActorRolled, AspectSight, Command, Event
from fatekit.table.seats import Role, Seat
from fatekit.table.state import SEAT_RULE, TableState

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

C = TypeVar("C", bound=Command)


E = TypeVar("E", bound=Event)


@dataclass(slots=True)
class Context:
    state: TableState
    seat: Seat
    dice: DiceSource
    at: str
    made: int = 0
    cards: list[str] = dataclasses.field(default_factory=list)  # drawn by this command

    def event(self, event_type: type[E], /, **fields: Any) -> E:
        self.made += 1
        names = _field_names(event_type)
        # What decides how a seat sees an event is recorded as the event is made, never read
        # from what the table holds later: whether the NPCs' dice were hidden as it was rolled,
        # who could see the aspect it names.
        if "npc_dice_hidden" in names and "npc_dice_hidden" not in fields:
            fields["npc_dice_hidden"] = self.state.screen.npc_dice_hidden()
        if "aspect_sight" in names and "aspect_sight" not in fields:
            fields["aspect_sight"] = self._sight(fields.get("aspect_id"))
        if "zone_hidden" in names and "zone_hidden" not in fields:
            # Whether the zone someone goes to was kept from the players as they went.
            fields["zone_hidden"] = zone_hidden(self.state, fields.get("zone", fields.get("to")))
        return event_type(
            table_id=self.state.table_id,
            version=self.state.version + self.made,
            seat=self.seat.id,
            at=self.at,
            **fields,
        )

    def _sight(self, aspect_id: str | None) -> AspectSight | None:
        if aspect_id is None:
            return None
        try:
            aspect = self.state.game.find_aspect(aspect_id)
        except BadInput:
            return None  # no such aspect: the fold refuses the event
        return AspectSight(hidden=aspect.hidden, known_to=tuple(sorted(aspect.known_to)))

    def event_from(self, event_type: type[E], source: DataclassInstance, /, **fields: Any) -> E:
        """An event that records ``source`` (a command, or a record the state keeps): every
        field the two share by name is copied, and ``fields`` set what the table decided (the
        dice rolled, an id to be made)."""
        copied = {
            name: getattr(source, name)
            for name in _shared_fields(event_type, type(source))
            if name not in fields
        }
        return self.event(event_type, **copied, **fields)

    def require_gm(self, what: str) -> None:
        require_gm(self.seat, what)

    def require_control(self, character_id: str, what: str) -> None:
        require_control(self.state, self.seat, character_id, what)

    def require_skill(self, character_id: str, skill: str) -> None:
        """Refuse a roll with a skill neither on the table's list(s) nor on the character's own
        sheet (a hazard's or a hack's skill of its own): a typo must not roll at Mediocre."""
        preset = self.state.game.ruleset.preset
        if preset.has_skill(skill) or skill in self.state.game.character(character_id).skills:
            return
        raise BadInput(
            f"{skill!r} is not a skill of {preset.name} nor of {character_id}'s sheet; "
            f"use one of: {', '.join(preset.skill_keys)}",
            code="unknown_skill",
            skill=skill,
        )

    def faces(self, entered: str | None, by: str | None = None) -> str:
        """Dice entered off physical dice (or a card off a physical deck), or drawn now the
        way of the seat rolling (``by``, a character: the seat of the player who plays it; the
        GM's for an NPC; without one the seat asking): either way, fixed from here on. The
        server draws; a generator's dice are drawn as that seat's randomizer says, a card from
        the one deck the table's draws have left (every seat drawing cards shares it)."""
        way = Randomizer(self.state.randomizer_of(self.roller(by)))
        if entered is not None:
            rolled = parse_dice(entered, way)
        elif isinstance(self.dice, RandomDice) and way is not Randomizer.FATE_DICE:
            deck = Deck([*self.state.cards_drawn, *self.cards])
            rolled = roll_with(way, self.dice.generator(), deck)
        else:
            rolled = self.dice.roll()  # four Fate dice, or a test's script
        if isinstance(rolled, Drawn) and rolled.randomizer is Randomizer.DECK_OF_FATE:
            self.cards.append(rolled.symbols().removeprefix("card:"))
        return rolled.symbols()

    def defend_faces(self, defender: str | None, entered: str | None) -> str | None:
        if defender is None:
            if entered is not None:
                raise BadInput("there is no defender to enter dice for")
            return None
        if entered is not None:
            check_enter_dice(self.state, self.seat, defender)
        return self.faces(entered, defender)

    def roller(self, character_id: str | None) -> str:
        """The seat whose way ``character_id``'s dice are drawn (:meth:`TableState.roller_of`);
        the seat asking if no character is named."""
        return self.seat.id if character_id is None else self.state.roller_of(character_id)


# -- who may: the checks a decider makes of the seat, which the offers make too ----------------


def zone_hidden(state: TableState, zone: object) -> bool:
    """Whether ``zone`` is a zone of the running scene that the GM keeps from the players."""
    scene = state.game.scene
    board = state.board
    return scene is not None and board.scene == scene.number and zone in board.hidden


def knows_zone(state: TableState, seat: Seat, zone: object, mine: set[str] | None = None) -> bool:
    """Whether ``seat`` may know of ``zone``: any, for a GM; one the GM keeps hidden, only while
    a character the seat acts for (``mine``, worked out when not given) stands in it."""
    if seat.is_gm or not zone_hidden(state, zone):
        return True
    scene = state.game.scene
    zones = None if scene is None else scene.zones
    who = state.characters_of(seat.id) if mine is None else mine
    return zones is not None and any(zones.positions.get(w) == zone for w in who)


def check_zone_known(state: TableState, seat: Seat, zone: str | None) -> None:
    """Refuse a seat a zone it may not know of (:func:`knows_zone`, the view's own test), in the
    words a zone that is not there is refused with: to the players it is not on the map."""
    if zone is not None and not knows_zone(state, seat, zone):
        raise BadInput(f"no zone {zone!r} on the map")


def require_acting(seat: Seat) -> None:
    """Refuse a spectator's command (a safety signal aside, which any seat may raise)."""
    if seat.role is Role.SPECTATOR:
        raise ForbiddenAction("a spectator watches and does not act", SEAT_RULE)


def require_gm(seat: Seat, what: str) -> None:
    """Refuse unless ``seat`` is the GM's (``what`` names the move in the refusal)."""
    if not seat.is_gm:
        raise ForbiddenAction(f"only the GM may {what}", SEAT_RULE)


def require_control(state: TableState, seat: Seat, character_id: str, what: str) -> None:
    """Refuse unless ``seat`` acts for the character (``what`` names the move)."""
    state.require_character(character_id)
    if not state.controls(seat.id, character_id):
        raise ForbiddenAction(
            f"seat {seat.id!r} does not act for {character_id} and may not {what}",
            SEAT_RULE,
        )


def require_no_roll_waiting(state: TableState, actor: str) -> None:
    """Refuse while ``actor`` has a roll in play: a character has one at a time."""
    waiting = state.roll_of(actor)
    if waiting is not None:
        raise BadInput(
            f"{actor}'s roll {waiting.id} is still in play: settle it first",
            code="roll_waiting",
            who=actor,
        )


def check_may_waive(seat: Seat) -> None:
    """Refuse unless ``seat`` may set a rule aside for a command (a waiver): the GM's alone."""
    if not seat.is_gm:
        raise ForbiddenAction("only a GM may set a rule aside", SEAT_RULE)


def check_enter_dice(state: TableState, seat: Seat, defender: str) -> None:
    """Refuse unless ``seat`` may enter the dice ``defender`` rolls to defend: it acts for
    them (the GM for everyone), as it rolls their dice."""
    require_control(state, seat, defender, "enter the defender's dice")


def play_goes_on(state: TableState) -> bool:
    """Whether no safety signal waits for the GM: while one does, the table takes no move of
    play (:meth:`~fatekit.rules.safety.SafetySignals.require_clear`), and offers none."""
    return allowed(state.safety.require_clear)


def allowed(check: Callable[..., object], /, *args: Any, **kwargs: Any) -> bool:
    """Whether ``check(*args)`` passes: one of the checks a decider makes before it decides,
    asked by an offer, which lists a move exactly when the decider would take it."""
    try:
        check(*args, **kwargs)
    except FateError:
        return False
    return True


DECIDERS: dict[type[Command], Callable[[Context, Any], list[Event]]] = {}
#: The commands only a GM may send, whatever they name, with what each does in a refusal: the
#: decider refuses any other seat (:func:`require_gm`) before it reads the command, and a GM's
#: view offers each (:func:`gm_moves`).
GM_MOVES: dict[type[Command], str] = {}


def decides(
    kind: type[C], *, gm: str | None = None
) -> Callable[[Callable[[Context, C], list[Event]]], Callable[[Context, C], list[Event]]]:
    """Register a decider for ``kind``; with ``gm`` (what the command does, for the refusal),
    the command is the GM's alone and the GM check runs before the decider."""

    def register(
        decider: Callable[[Context, C], list[Event]],
    ) -> Callable[[Context, C], list[Event]]:
        if gm is None:
            DECIDERS[kind] = decider
            return decider
        GM_MOVES[kind] = gm
        DECIDERS[kind] = _for_gm(decider, gm)
        return decider

    return register


def _for_gm(
    decider: Callable[[Context, C], list[Event]], what: str
) -> Callable[[Context, C], list[Event]]:
    def decide(context: Context, command: C) -> list[Event]:
        require_gm(context.seat, what)
        return decider(context, command)

    return decide


def gm_moves(seat: Seat) -> list[type[Command]]:
    """The commands only a GM may send that ``seat`` may send, by the check their deciders make
    first (the same for all of them, so made once): every one for the GM, by name, none for
    anyone else. A waiting safety signal holds most of them back too, which the view asks of
    :func:`~fatekit.table.play.safety.held_back`, as :func:`~fatekit.table.handle` does."""
    # is_gm first: require_gm's own test, answered without a refusal raised.
    if not (seat.is_gm and allowed(require_gm, seat, "send the GM's moves")):
        return []
    return sorted(GM_MOVES, key=lambda kind: kind.__name__)


def gm_only(*rows: tuple[type[Command], type[Event], str], **fixed: Any) -> None:
    """Register the command of each ``(command, event, what)`` row as the GM's alone (``what``
    names it in the refusal): it becomes one ``event`` that records it
    (:meth:`Context.event_from`), with ``fixed`` for what the rules fill in when it folds."""
    for command, event, what in rows:
        _require_recorded(command, event)
        GM_MOVES[command] = what
        DECIDERS[command] = _for_gm(_decide_recorded(event, fixed), what)


def _decide_recorded(
    event: type[Event], fixed: dict[str, Any]
) -> Callable[[Context, Command], list[Event]]:
    def decide(context: Context, command: Command) -> list[Event]:
        return [context.event_from(event, command, **fixed)]

    return decide


def acts_for(command: type[C], event: type[E], what: str, character: Callable[[C], str]) -> None:
    """Register ``command`` as one a seat sends for a character it acts for (``character``
    picks it from the command; ``what`` names the command in the refusal): it becomes one
    ``event`` that records it."""
    _require_recorded(command, event)

    def decide(context: Context, asked: C) -> list[Event]:
        context.require_control(character(asked), what)
        return [context.event_from(event, asked)]

    DECIDERS[command] = decide


def _require_recorded(command: type[Command], event: type[Event]) -> None:
    missing = {field.name for field in dataclasses.fields(command)} - set(
        _shared_fields(event, command)
    )
    if missing:  # a programming error: the event would lose what the seat asked for
        raise TypeError(f"{event.__name__} does not record {sorted(missing)} of {command.__name__}")


def rolled_by_actor(*rows: tuple[type[ActorRoll], type[ActorRolled], str]) -> None:
    """Register the command of each ``(command, event, what)`` row as a roll a seat makes for a
    character it acts for (``what`` names it in the refusal): it becomes one ``event`` that
    records it with the dice as they fell."""
    for command, event, what in rows:
        DECIDERS[command] = _decide_roll(event, what)


def _decide_roll(
    event: type[ActorRolled], what: str
) -> Callable[[Context, ActorRoll], list[Event]]:
    def decide(context: Context, command: ActorRoll) -> list[Event]:
        context.require_control(command.actor, what)
        return [
            context.event_from(event, command, faces=context.faces(command.dice, command.actor))
        ]

    return decide


_SHARED: dict[tuple[type[Event], type[DataclassInstance]], tuple[str, ...]] = {}
_FIELD_NAMES: dict[type[Event], frozenset[str]] = {}


def _field_names(event: type[Event]) -> frozenset[str]:
    found = _FIELD_NAMES.get(event)
    if found is None:
        found = _FIELD_NAMES[event] = frozenset(f.name for f in dataclasses.fields(event))
    return found


def _shared_fields(event: type[Event], source: type[DataclassInstance]) -> tuple[str, ...]:
    found = _SHARED.get((event, source))
    if found is None:
        envelope = {field.name for field in dataclasses.fields(Event)}
        asked = {field.name for field in dataclasses.fields(source)}
        found = tuple(
            field.name
            for field in dataclasses.fields(event)
            if field.name in asked and field.name not in envelope
        )
        _SHARED[(event, source)] = found
    return found
