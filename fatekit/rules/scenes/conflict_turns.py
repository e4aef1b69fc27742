"""Turns in a conflict: where it stands, who acts next, exchanges and the free move."""

from __future__ import annotations

from fatekit.rules.aspects.stunts import ActFirst, StuntCost
from fatekit.rules.characters.preset import (
    TURN_ORDER_APPROACH_RULE,
    TURN_ORDER_ELECTIVE_RULE,
    TURN_ORDER_SKILL_RULE,
    TurnOrderStyle,
    turn_order,
)
from fatekit.rules.core.citations import Rule
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.tracks import Track
from fatekit.rules.core.waivers import refuse
from fatekit.rules.scenes.conflict_parts import (
    CONFLICT_END_RULE,
    EXCHANGE_EVENT,
    EXCHANGE_RULE,
    TAKEN_OUT_RULE,
    Exchange,
    Phase,
    Roster,
    Status,
    TurnInProgress,
)

__all__ = ["Turns"]


class Turns:
    """Where a conflict stands: its phase, whose turn it is and the action under way, the
    exchange, and the turn order (fixed, or elective when ``fixed`` is ``None``)."""

    __slots__ = ("current", "exchange", "fixed", "group_npcs", "phase", "roster", "turn")

    def __init__(self, roster: Roster, first: str | None, *, group_npcs: bool) -> None:
        self.roster = roster
        self.group_npcs = group_npcs
        self.phase = Phase.TURN
        self.exchange = Exchange()
        self.turn: TurnInProgress | None = None
        self.fixed: list[str] | None = None
        self.current = self._first_actor(first)

    @classmethod
    def assembled(
        cls, roster: Roster, *, group_npcs: bool, current: str, fixed: list[str] | None
    ) -> Turns:
        """The turns of a conflict just begun, as a table's log recorded them: ``current``
        acts first, in the ``fixed`` order (``None``: elective). An assignment: no rule is
        asked who goes first."""
        turns = cls.__new__(cls)
        turns.roster = roster
        turns.group_npcs = group_npcs
        turns.phase = Phase.TURN
        turns.exchange = Exchange()
        turns.turn = None
        turns.fixed = fixed
        turns.current = current
        return turns

    def first_as_recorded(self, first: str | None) -> tuple[str, list[str] | None]:
        """Who acts first and the fixed order (``None``: elective) of a conflict a log began
        with ``first`` named or not, computed with no check: the one named, else the first in
        the order."""
        if self.roster.preset.turn_order.style is TurnOrderStyle.ELECTIVE:
            return (first or "", None)
        order = self._ordered()
        return (first if first is not None else order[0], order)

    @property
    def order(self) -> list[str] | None:
        """The fixed turn order (skill and approach orders), or ``None`` in elective order."""
        active = self.roster.active()
        return None if self.fixed is None else [p for p in self.fixed if p in active]

    def reorder(self) -> None:
        """Someone came in: a fixed order takes them in at their place."""
        if self.fixed is not None:
            self.fixed = self._ordered()

    def start(self, turn: TurnInProgress, phase: Phase = Phase.ROLL) -> None:
        """The current actor's action is under way."""
        self.turn = turn
        self.phase = phase

    def pass_turn(self, next_actor: str | None) -> str:
        """Finish the current turn; return who acts next (:meth:`Conflict.end_turn`)."""
        chosen = self.check_pass(next_actor)
        self.pass_to(chosen)
        return chosen

    def check_pass(self, next_actor: str | None) -> str:
        """Whether the current turn may end now with ``next_actor`` named (refused, naming the
        rule, if not); who acts next. Changes nothing."""
        if self.phase is Phase.ENDED:
            raise IllegalAction("the conflict is over", CONFLICT_END_RULE)
        if self.phase is Phase.TURN:
            # Passing a turn without acting is the GM's call; a roll or a hit under way is not
            # left behind.
            refuse(
                f"{self.current} has not finished their action yet: no action taken",
                EXCHANGE_RULE,
            )
        elif self.phase is not Phase.NEXT:
            raise IllegalAction(
                f"{self.current} has not finished their action yet ({self.phase.value})",
                EXCHANGE_RULE,
            )
        choices = self.next_choices()
        if self.fixed is None:
            if next_actor is None:
                raise BadInput(f"name who acts next: one of {', '.join(choices)}")
            if next_actor not in choices:
                self._check_next(next_actor)
                refuse(
                    f"{next_actor} cannot act next; choose one of {', '.join(choices)}",
                    TURN_ORDER_ELECTIVE_RULE,
                )
            chosen = next_actor
        else:
            chosen = choices[0]
            if next_actor is not None and next_actor != choices[0]:
                self._check_next(next_actor)
                refuse(f"the turn order gives the next turn to {choices[0]}", self._order_rule())
                chosen = next_actor
        return chosen

    def next_as_recorded(self, next_actor: str | None) -> str:
        """Who acts next after a pass a table's log recorded naming ``next_actor`` or no one,
        computed with no check: the one named, else the next in the fixed order."""
        return next_actor if next_actor is not None else self.next_choices()[0]

    def pass_to(self, chosen: str) -> None:
        """The current actor has acted and ``chosen``'s turn begins; when everyone still in has
        acted, a new exchange begins (and the scene's countdowns hear of it)."""
        self.exchange.acted.add(self.current)
        if not [p for p in self.roster.active() if p not in self.exchange.acted]:
            self.exchange = Exchange(self.exchange.number + 1)
            # Countdowns that tick with the exchanges hear about it.
            self.roster.game.fire(EXCHANGE_EVENT)
        self.begin(chosen)

    def begin(self, actor: str) -> None:
        """``actor``'s turn starts, nothing under way."""
        self.current = actor
        self.turn = None
        self.phase = Phase.TURN

    def next_choices(self) -> list[str]:
        """Who may act next once the current turn ends (in fixed orders, the first is next)."""
        active = self.roster.active()
        waiting = [p for p in active if p not in self.exchange.acted and p != self.current]
        if self.fixed is not None:
            ordered = [p for p in self.fixed if p in active]
            if waiting:
                return [p for p in ordered if p in waiting]
            return ordered
        return waiting if waiting else active

    def give_turn(self, participant: str) -> None:
        """The GM's correction: ``participant`` acts now (again, if they had this exchange).
        Only between actions: a roll or a hit under way is settled first."""
        fighter = self.roster.fighter(participant)
        if fighter.status is not Status.ACTIVE:
            raise IllegalAction(f"{participant} is out of the conflict", TAKEN_OUT_RULE)
        if self.phase not in (Phase.TURN, Phase.NEXT):
            raise IllegalAction(
                f"settle what is under way ({self.phase.value}) before giving the turn",
                EXCHANGE_RULE,
            )
        self.give_to(participant)

    def give_to(self, participant: str) -> None:
        """``participant`` acts now, as a GM's correction a table's log recorded gave them the
        turn (checked by no rule: see :meth:`give_turn`)."""
        self.exchange.acted.discard(participant)
        self.begin(participant)

    def check_action(self, actor: str) -> None:
        """Refuse unless ``actor`` may take their action now."""
        fighter = self.roster.fighter(actor)
        if self.phase is Phase.ENDED:
            raise IllegalAction("the conflict is over", CONFLICT_END_RULE)
        if fighter.status is not Status.ACTIVE:
            raise IllegalAction(f"{actor} is out of the conflict", TAKEN_OUT_RULE)
        if self.phase not in (Phase.TURN, Phase.NEXT):
            # A roll or a hit under way is settled first, whatever the GM allows.
            raise IllegalAction(
                f"{self.current} has already taken their action this turn and it is still under "
                f"way ({self.phase.value}): it is settled before {actor} acts",
                EXCHANGE_RULE,
            )
        if actor != self.current:
            refuse(f"it is {self.current}'s turn, not {actor}'s", EXCHANGE_RULE)
        elif self.phase is not Phase.TURN:
            refuse(f"{actor} has already taken their action this turn", EXCHANGE_RULE)

    def free_move(self, actor: str, to: str) -> None:
        """The actor's one free move of the exchange, to an adjacent zone with nothing in the way."""
        if self.phase not in (Phase.TURN, Phase.NEXT):
            raise IllegalAction(f"finish the roll under way before {actor} moves", EXCHANGE_RULE)
        self.roster.fighter(actor)
        if actor != self.current:
            refuse(f"{actor} may move only on their own turn", EXCHANGE_RULE)
        if actor in self.exchange.moved:
            refuse(f"{actor} has already moved this exchange", EXCHANGE_RULE)
        zones = self.roster.scene.zones
        if zones is None:
            raise BadInput("this scene has no zones to move between")
        zones.move_freely(actor, to, self.roster.in_the_way(actor))
        self.exchange.moved.add(actor)

    def free_move_zones(self, actor: str) -> tuple[str, ...]:
        """The zones ``actor``'s free move may reach now."""
        zones = self.roster.scene.zones
        if zones is None or actor in self.exchange.moved or actor not in zones.positions:
            return ()
        return zones.free_moves(actor, self.roster.in_the_way(actor))

    def _first_actor(self, first: str | None) -> str:
        style = self.roster.preset.turn_order.style
        if style is TurnOrderStyle.ELECTIVE:
            if first is None:
                raise BadInput(
                    "elective order: say who acts first (first=...)", code="conflict_first"
                )
            self.roster.fighter(first)
            return first
        order = self._ordered()
        self.fixed = order
        if first is not None and first != order[0]:
            self.roster.fighter(first)
            refuse(f"the turn order puts {order[0]} first", self._order_rule())
            return first
        return order[0]

    def _check_next(self, participant: str) -> None:
        """Only someone still fighting can be given the next turn, whatever the GM allows."""
        if participant not in self.roster.active():
            self.roster.fighter(participant)
            raise IllegalAction(
                f"{participant} cannot act next: they are out of the conflict", TAKEN_OUT_RULE
            )

    def _ordered(self) -> list[str]:
        """Everyone in skill or approach order (NPCs together at their best's place if asked)."""
        roster = self.roster
        ratings = {p: dict(f.character.skills) for p, f in roster.fighters.items()}
        order = turn_order(roster.preset, ratings, roster.kind.track)
        # A stunt that lets its owner act first in this kind of conflict moves them ahead.
        first = [p for p in order if self._acts_first(p)]
        order = first + [p for p in order if p not in first]
        if self.group_npcs:
            npcs = [p for p in order if roster.game.ledger.is_npc(p)]
            if npcs:
                at = order.index(npcs[0])
                pcs = [p for p in order if p not in npcs]
                order = pcs[:at] + npcs + pcs[at:]
        return order

    def _acts_first(self, participant: str) -> bool:
        return any(
            isinstance(s.effect, ActFirst)
            and s.cost is StuntCost.FREE
            and s.effect.track in (Track.ANY, self.roster.harm)
            for s in self.roster.fighters[participant].character.stunts
        )

    def _order_rule(self) -> Rule:
        style = self.roster.preset.turn_order.style
        return (
            TURN_ORDER_APPROACH_RULE
            if style is TurnOrderStyle.APPROACH_ORDER
            else TURN_ORDER_SKILL_RULE
        )
