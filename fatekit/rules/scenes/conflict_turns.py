"""Turns in a conflict: what each may do now, who acts next, exchanges and the free move."""

from __future__ import annotations

from fatekit.rules.aspects.rolling import RollPhase
from fatekit.rules.aspects.stunts import ActFirst, StuntCost
from fatekit.rules.characters.preset import (
    TURN_ORDER_APPROACH_RULE,
    TURN_ORDER_ELECTIVE_RULE,
    TURN_ORDER_SKILL_RULE,
    TurnOrderStyle,
    turn_order,
)
from fatekit.rules.core.actions import Action
from fatekit.rules.core.citations import Rule
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.tracks import Track
from fatekit.rules.core.waivers import refuse
from fatekit.rules.options.big_bads import BigBad
from fatekit.rules.options.ruleset import OptionalRule
from fatekit.rules.scenes.conflict_parts import (
    CONFLICT_END_RULE,
    EXCHANGE_EVENT,
    EXCHANGE_RULE,
    TAKEN_OUT_RULE,
    ConflictHost,
    ConflictKind,
    ConflictPart,
    Exchange,
    Fighter,
    LegalAction,
    Move,
    Phase,
    Status,
)

__all__ = ["TurnOrder"]


class TurnOrder(ConflictPart):
    """Legal actions, turn order, exchanges and free moves."""

    current: str
    exchange: Exchange

    def legal_actions(self: ConflictHost, participant: str) -> tuple[LegalAction, ...]:
        """Everything ``participant`` may do right now."""
        fighter = self.fighter(participant)
        if self.phase is Phase.ENDED or fighter.status is not Status.ACTIVE:
            return ()
        found: list[LegalAction] = []
        if self.phase is Phase.TURN and participant == self.current and fighter.hazard is not None:
            # A hazard attacks or creates advantages with its one skill, nothing else.
            # Its attack is a close one: it hits what is in its zone (or anyone, placed nowhere).
            targets = tuple(
                t for t in self.opponents(participant) if self.reaches(participant, t, ranged=False)
            )
            hazard_skill = (fighter.hazard.skill,)
            if targets:
                hazard_reach = ((fighter.hazard.skill, targets),)
                found.append(LegalAction(Move.ATTACK, targets, hazard_skill, hazard_reach))
            found.append(LegalAction(Move.CREATE_ADVANTAGE, tuple(self.active()), hazard_skill))
        elif self.phase is Phase.TURN and participant == self.current:
            sheet = fighter.character
            skills = self._sheet_skills(sheet)
            reach = self._attack_reach(participant, skills)
            attack_skills = tuple(reach)
            targets = tuple(
                t for t in self.opponents(participant) if any(t in ts for ts in reach.values())
            )
            ranged = tuple(s for s in attack_skills if self.attack_is_ranged(participant, s))
            aimed = (targets, attack_skills, tuple(reach.items()), ranged)
            if targets:
                found.append(LegalAction(Move.ATTACK, *aimed))
            if targets and self.ruleset.has(OptionalRule.MULTIPLE_TARGETS):
                found.append(LegalAction(Move.SPLIT_ATTACK, *aimed))
                if self.scene.zones is not None:
                    zones = tuple(sorted(self.scene.zones.zones))
                    found.append(LegalAction(Move.ZONE_ATTACK, zones, attack_skills))
            found.append(LegalAction(Move.CREATE_ADVANTAGE, tuple(self.active()), skills))
            found.append(LegalAction(Move.OVERCOME, (), skills))
            if self.full_defense_allowed:
                found.append(LegalAction(Move.FULL_DEFENSE))
        if (
            self.phase in (Phase.TURN, Phase.NEXT)
            and participant == self.current
            and fighter.hazard is None
        ):
            zones = self._free_move_zones(participant)
            if zones:
                found.append(LegalAction(Move.FREE_MOVE, zones))
        if self.phase is Phase.ROLL and self._turn is not None and self._turn.roll is not None:
            turn = self._turn
            roll = turn.roll
            assert roll is not None
            waiting = turn.multi and not turn.targets
            if roll.phase is RollPhase.ROLLED or (turn.targets and not waiting):
                found.append(LegalAction(Move.INVOKE))
            if participant == roll.actor and roll.phase is not RollPhase.READY:
                found.append(LegalAction(Move.ASSIGN_TARGETS if waiting else Move.RESOLVE))
        if self.phase is Phase.HIT and self._hits and self._hits[0].target == participant:
            if self.absorb_options():
                found.append(LegalAction(Move.ABSORB))
            big_bad = self.big_bads.get(participant)
            if big_bad is not None and big_bad.minions:
                # Only minions close enough to get in the way (the engine's own check).
                shields = tuple(
                    m for m in big_bad.minions if self._may_shield(big_bad, m, self._hits[0].shifts)
                )
                if shields:
                    found.append(LegalAction(Move.SHIELD, shields))
            found.append(LegalAction(Move.TAKE_OUT))
        if self.phase is Phase.NEXT and participant == self.current:
            # In a fixed order the next is known; in elective order the actor picks.
            choices = self.next_choices()
            found.append(
                LegalAction(Move.END_TURN, tuple(choices if self._order is None else choices[:1]))
            )
        if self._may_concede_now():
            found.append(LegalAction(Move.CONCEDE))
        return tuple(found)

    def join(self: ConflictHost, participant: str, side: str) -> None:
        """A character in the scene comes into the fight under way on ``side`` (one already in
        it, or a new one). In elective order they have not acted this exchange, so whoever acts
        may name them next; a fixed order takes them in at their skill's place."""
        if self.phase is Phase.ENDED:
            raise IllegalAction("the conflict is over", CONFLICT_END_RULE)
        if participant in self.fighters:
            raise BadInput(f"{participant!r} is already in this conflict")
        if participant not in self.scene.participants:
            raise BadInput(
                f"{participant!r} is not in scene {self.scene.name!r}: bring them in",
                code="not_in_scene",
                who=participant,
            )
        if not side.strip():
            raise BadInput("name the side they join")
        self.fighters[participant] = Fighter(self.game.character(participant), side.strip())
        self.arm(self.fighters[participant])
        if self._order is not None:
            self._order = self._ordered()

    @property
    def order(self: ConflictHost) -> list[str] | None:
        """The fixed turn order (skill and approach orders), or ``None`` in elective order."""
        return None if self._order is None else [p for p in self._order if p in self.active()]

    def end_turn(self: ConflictHost, next_actor: str | None = None) -> str | None:
        """Finish the current turn and start the next; return who acts next.

        In elective order the actor names ``next_actor`` among those who have not acted this
        exchange (anyone still in, when the exchange is over). In fixed orders the next is known.
        """
        if self.phase is Phase.ENDED:
            raise IllegalAction("the conflict is over", CONFLICT_END_RULE)
        assert self.current is not None
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
        self.exchange.acted.add(self.current)
        choices = self.next_choices()
        exchange_over = not [p for p in self.active() if p not in self.exchange.acted]
        if self._order is None:
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
                refuse(
                    f"the turn order gives the next turn to {choices[0]}",
                    self._order_rule(),
                )
                chosen = next_actor
        if exchange_over:
            self.exchange = Exchange(self.exchange.number + 1)
            # Countdowns that tick with the exchanges hear about it.
            self.game.fire(EXCHANGE_EVENT)
        self.current = chosen
        self._begin_turn(chosen)
        return chosen

    def next_choices(self: ConflictHost) -> list[str]:
        """Who may act next once the current turn ends (in fixed orders, the first is next)."""
        active = self.active()
        waiting = [p for p in active if p not in self.exchange.acted and p != self.current]
        if self._order is not None:
            ordered = [p for p in self._order if p in active]
            if waiting:
                return [p for p in ordered if p in waiting]
            return ordered
        return waiting if waiting else active

    def _first_actor(self: ConflictHost, first: str | None, group_npcs: bool) -> str:
        style = self.preset.turn_order.style
        if style is TurnOrderStyle.ELECTIVE:
            if first is None:
                raise BadInput("elective order: say who acts first (first=...)")
            self.fighter(first)
            return first
        order = self._ordered()
        self._order = order
        if first is not None and first != order[0]:
            self.fighter(first)
            refuse(f"the turn order puts {order[0]} first", self._order_rule())
            return first
        return order[0]

    def _check_next(self: ConflictHost, participant: str) -> None:
        """Only someone still fighting can be given the next turn, whatever the GM allows."""
        if participant not in self.active():
            self.fighter(participant)
            raise IllegalAction(
                f"{participant} cannot act next: they are out of the conflict", TAKEN_OUT_RULE
            )

    def _ordered(self: ConflictHost) -> list[str]:
        """Everyone in skill or approach order (NPCs together at their best's place if asked)."""
        ratings = {p: dict(f.character.skills) for p, f in self.fighters.items()}
        order = turn_order(self.preset, ratings, self.kind.track)
        # A stunt that lets its owner act first in this kind of conflict moves them ahead.
        first = [p for p in order if self._acts_first(p)]
        order = first + [p for p in order if p not in first]
        if self._group_npcs:
            npcs = [p for p in order if self.game.ledger.is_npc(p)]
            if npcs:
                at = order.index(npcs[0])
                pcs = [p for p in order if p not in npcs]
                order = pcs[:at] + npcs + pcs[at:]
        return order

    def _acts_first(self: ConflictHost, participant: str) -> bool:
        return any(
            isinstance(s.effect, ActFirst)
            and s.cost is StuntCost.FREE
            and s.effect.track in (Track.ANY, self.harm)
            for s in self.fighters[participant].character.stunts
        )

    def _order_rule(self: ConflictHost) -> Rule:
        style = self.preset.turn_order.style
        return (
            TURN_ORDER_APPROACH_RULE
            if style is TurnOrderStyle.APPROACH_ORDER
            else TURN_ORDER_SKILL_RULE
        )

    def _begin_turn(self: ConflictHost, actor: str) -> None:
        # Full defence lasts until one's next turn; a Condensed full defender who never had to
        # defend gets a boost for the preparation.
        if actor in self.full_defenders:
            focus = self.full_defenders.pop(actor)
            if focus is not None and actor not in self._defended:
                self.scene.aspects.create_boost(actor)
        self._defended.discard(actor)
        self._turn = None
        self.phase = Phase.TURN

    def _check_action(self: ConflictHost, actor: str) -> None:
        fighter = self.fighter(actor)
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
            assert self.current is not None
            refuse(f"it is {self.current}'s turn, not {actor}'s", EXCHANGE_RULE)
        elif self.phase is not Phase.TURN:
            refuse(f"{actor} has already taken their action this turn", EXCHANGE_RULE)

    def _may_shield(self: ConflictHost, big_bad: BigBad, minion: str, shifts: int) -> bool:
        try:
            big_bad.shield_with(minion, shifts, active=self.active(), zones=self.scene.zones)
        except IllegalAction:
            return False
        return True

    def give_turn(self: ConflictHost, participant: str) -> None:
        """The GM's correction: ``participant`` acts now (again, if they had this exchange).
        Only between actions: a roll or a hit under way is settled first."""
        fighter = self.fighter(participant)
        if fighter.status is not Status.ACTIVE:
            raise IllegalAction(f"{participant} is out of the conflict", TAKEN_OUT_RULE)
        if self.phase not in (Phase.TURN, Phase.NEXT):
            raise IllegalAction(
                f"settle what is under way ({self.phase.value}) before giving the turn",
                EXCHANGE_RULE,
            )
        self.exchange.acted.discard(participant)
        self.current = participant
        self._turn = None
        self.phase = Phase.TURN

    def free_move(self: ConflictHost, actor: str, to: str) -> None:
        """The actor's one free move of the exchange, to an adjacent zone with nothing in the way."""
        if self.phase not in (Phase.TURN, Phase.NEXT):
            raise IllegalAction(f"finish the roll under way before {actor} moves", EXCHANGE_RULE)
        self.fighter(actor)
        if actor != self.current:
            refuse(f"{actor} may move only on their own turn", EXCHANGE_RULE)
        if actor in self.exchange.moved:
            refuse(f"{actor} has already moved this exchange", EXCHANGE_RULE)
        zones = self.scene.zones
        if zones is None:
            raise BadInput("this scene has no zones to move between")
        zones.move_freely(actor, to, self._in_the_way(actor))
        self.exchange.moved.add(actor)

    def reaches(self: ConflictHost, actor: str, target: str, *, ranged: bool = True) -> bool:
        """Whether ``actor`` may attack ``target`` from where both stand: ``target`` can be
        attacked now, and is in ``actor``'s zone, or (``ranged``) within ranged reach. Without a
        map, in a mental conflict or for someone placed nowhere, anyone is in reach."""
        if not self._may_be_attacked(target):
            return False  # an immune big bad, or a part of a threat still shielded
        return self._reach(actor, target)[ranged]

    def _reach(self: ConflictHost, actor: str, target: str) -> tuple[bool, bool]:
        """Whether a blow, and whether a shot, from ``actor`` reaches ``target`` from where the
        two stand (big-bad immunity and shields aside)."""
        reaches = self._part_reaches(actor, target)
        if reaches is not None:
            return reaches, reaches
        zones = self.scene.zones
        if self.kind is ConflictKind.MENTAL or zones is None:
            return True, True
        if actor not in zones.positions or target not in zones.positions:
            return True, True
        if zones.can_interact(actor, target):
            return True, True
        return False, zones.can_reach(actor, target, ranged=True)

    def attack_is_ranged(self: ConflictHost, actor: str, skill: str) -> bool:
        """Whether ``actor``'s attack with ``skill`` is made from a distance, as the rule set
        says of the skill (Shoot, not Fight) or a stunt lets the skill stand in for one that is.
        A ranged attack reaches beyond its own zone and no close-quarters defence stops it; a
        hazard's attack is a close one."""
        fighter = self.fighter(actor)
        if fighter.hazard is not None:
            return False
        return self.preset.attacks_at_range(skill, self.harm, stunts=fighter.character.stunts)

    def _attack_reach(
        self: ConflictHost, actor: str, skills: tuple[str, ...]
    ) -> dict[str, tuple[str, ...]]:
        """Each skill ``actor`` may attack with, and the opponents it reaches (skills that reach
        nobody left out)."""
        sheet = self.fighter(actor).character
        # One look per opponent serves every skill: what a blow reaches, and what a shot does.
        ways = [
            (t, self._reach(actor, t)) for t in self.opponents(actor) if self._may_be_attacked(t)
        ]
        within = {ranged: tuple(t for t, both in ways if both[ranged]) for ranged in (False, True)}
        reach: dict[str, tuple[str, ...]] = {}
        for skill in skills:
            if not self.preset.can_use(skill, Action.ATTACK, self.harm, stunts=sheet.stunts):
                continue
            found = within[self.attack_is_ranged(actor, skill)]
            if found:
                reach[skill] = found
        return reach

    def _free_move_zones(self: ConflictHost, actor: str) -> tuple[str, ...]:
        zones = self.scene.zones
        if zones is None or actor in self.exchange.moved or actor not in zones.positions:
            return ()
        here = zones.zone_of(actor)
        in_the_way = self._in_the_way(actor)
        return tuple(
            sorted(
                z
                for z in zones.neighbours(here)
                if not zones.obstacles_to_moving(actor, z, in_the_way)
            )
        )

    def _in_the_way(self: ConflictHost, actor: str) -> list[str]:
        """Opponents sharing the mover's zone are taken to stand in the way."""
        zones = self.scene.zones
        if zones is None or actor not in zones.positions:
            return []
        here = zones.zone_of(actor)
        return [p for p in self.opponents(actor) if zones.positions.get(p) == here]
