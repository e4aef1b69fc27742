"""The scalar engine: each conflict played move by move through :mod:`fatekit.rules`.

This is the reference. The side policies decide (whom to attack, when to create an advantage,
how to spend invokes, how to absorb, when to concede); every move goes through the rules
engine's :class:`~fatekit.rules.scenes.conflict.Conflict`, which refuses anything illegal. With
weight, each attack and defence is weighed by the conflict as the table weighs it
(:meth:`~fatekit.rules.scenes.conflict.Conflict.outweighs`) and its dice, rerolls too, turned by
the rule's :func:`~fatekit.rules.options.weight.turned_up`.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from fatekit.odds.hazards import in_reach
from fatekit.odds.invokes import Choice, best_choice
from fatekit.odds.outcomes import CONCEDED, STANDING, TAKEN_OUT, Outcomes
from fatekit.odds.plan import (
    SEVERITIES,
    FighterPlan,
    FightPlan,
    Roll,
    harm_threshold,
    start_conflict,
    turn_ids,
)
from fatekit.odds.scenario import (
    AbsorbPolicy,
    AdvantagePolicy,
    InvokeAim,
    Scenario,
    SidePolicy,
    TargetPolicy,
    TeamworkPolicy,
)
from fatekit.odds.tape import ChoiceTape, Tape, TapeDice
from fatekit.odds.teamwork import team_bonus
from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.aspects.invokes import InvokeEffect
from fatekit.rules.aspects.rolling import ActionRoll
from fatekit.rules.core.actions import Action
from fatekit.rules.core.dice import DiceSource
from fatekit.rules.core.errors import IllegalAction
from fatekit.rules.core.randomizers import Dice, Randomizer
from fatekit.rules.harm.absorb import AbsorbPlan, ExtremeChoice, stress_track_for
from fatekit.rules.harm.conditions import check_row_cutoff
from fatekit.rules.options.weight import turned_up
from fatekit.rules.scenes.conflict import Move, Phase, Status
from fatekit.rules.scenes.scene import Game

__all__ = ["simulate_scalar"]

_STATUS = {Status.ACTIVE: STANDING, Status.CONCEDED: CONCEDED, Status.TAKEN_OUT: TAKEN_OUT}


def simulate_scalar(
    scenario: Scenario,
    plan: FightPlan,
    runs: range,
    seed: int,
    progress: Callable[[int], None] | None = None,
) -> Outcomes:
    """Play the runs numbered ``runs`` (their tape rows) one after another."""
    count, fighters = len(runs), len(plan.fighters)
    winner = np.full(count, -1, dtype=np.int8)
    exchanges = np.zeros(count, dtype=np.int16)
    status = np.zeros((count, fighters), dtype=np.int8)
    consequences = np.zeros((count, fighters, len(SEVERITIES)), dtype=np.int16)
    fate_points = np.zeros((count, fighters), dtype=np.int16)
    # Each way its own tape (as the vectorized engine reads them), the scenario's first.
    ways = dict.fromkeys([plan.randomizer, *(plan.way(i) for i in range(len(plan.fighters)))])
    tapes = {way: Tape(seed, way) for way in ways}
    for row, run in enumerate(runs):
        game = _Run(scenario, plan, tapes, run)
        game.play()
        winner[row] = game.winner
        # A fight stopped at the limit counts the exchanges it was allowed.
        exchanges[row] = min(game.conflict.turns.exchange.number, plan.max_exchanges)
        for i, fighter in enumerate(plan.fighters):
            status[row, i] = _STATUS[game.conflict.roster.fighter(fighter.id).status]
        consequences[row], fate_points[row] = game.consequences, game.spent
        if progress is not None:
            progress(1)
    return Outcomes(winner, exchanges, status, consequences, fate_points)


class _Turned:
    """A roller's dice with ``turned`` of them turned to + on every draw (a reroll of the same
    roll is weighed as the roll was: nobody has moved or fallen in between)."""

    def __init__(self, source: DiceSource, turned: int) -> None:
        self.source, self.turned = source, turned

    def roll(self) -> Dice:
        return turned_up(self.source.roll(), self.turned)


class _Run:
    """One conflict in play."""

    def __init__(
        self, scenario: Scenario, plan: FightPlan, tapes: Tape | dict[Randomizer, Tape], run: int
    ) -> None:
        """``tapes``: each way's tape (one tape: the scenario's way's, the others made from
        its seed)."""
        self.plan = plan
        self.game: Game
        self.game, self.conflict = start_conflict(scenario)
        if isinstance(tapes, Tape):
            tapes = {tapes.randomizer: tapes}
        seed = next(iter(tapes.values())).seed
        for way in (plan.randomizer, *(plan.way(i) for i in range(len(plan.fighters)))):
            tapes.setdefault(way, Tape(seed, way))
        # Each way's row of the tape, shared by everyone who draws that way.
        self.dice = {way: TapeDice(tape, run) for way, tape in tapes.items()}
        self.choices = ChoiceTape(tapes[plan.randomizer], run)
        self.ids = [f.id for f in plan.fighters]
        self.winner = -1
        self.consequences = np.zeros((len(self.ids), len(SEVERITIES)), dtype=np.int16)
        self.spent = np.zeros(len(self.ids), dtype=np.int16)
        self.order = turn_ids(plan, self.ids)

    # -- the loop ----------------------------------------------------------------------------

    def play(self) -> None:
        conflict = self.conflict
        while conflict.turns.phase is not Phase.ENDED:
            if conflict.turns.exchange.number > self.plan.max_exchanges:
                return  # nobody won in time
            actor = conflict.turns.current
            assert actor is not None
            if conflict.turns.phase is Phase.TURN:
                self.turn(actor)
            if conflict.turns.phase is Phase.NEXT:
                choices = conflict.turns.next_choices()
                conflict.end_turn(next(w for w in self.order if w in choices))
        lost = [
            side
            for side in (0, 1)
            if all(
                conflict.roster.fighter(f.id).status is not Status.ACTIVE
                for f in self.plan.fighters
                if f.side == side
            )
        ]
        self.winner = 1 - lost[0]

    def way(self, who: str) -> Randomizer:
        """How ``who`` draws its rolls: a fighter its own way, a hazard the scenario's."""
        return self.plan.way(self.ids.index(who)) if who in self.ids else self.plan.randomizer

    def dice_of(self, who: str) -> TapeDice:
        """The dice ``who`` rolls: its way's row of the tape."""
        return self.dice[self.way(who)]

    def fighter(self, who: str) -> FighterPlan:
        """``who`` as the plan has them; a big bad as the true form in play."""
        bad = self.conflict.big_bad_rules.big_bads.get(who)
        if bad is not None and bad.forms is not None and bad.forms.current:
            return self.plan.forms[bad.forms.current - 1]
        return self.plan.fighters[self.ids.index(who)]

    def policy(self, who: str) -> SidePolicy:
        return self.plan.policies[self.fighter(who).side]

    def turn(self, actor: str) -> None:
        if actor not in self.ids:  # a hazard
            self.play_hazard(actor)
            return
        policy = self.policy(actor)
        taken = int(self.consequences[self.ids.index(actor)].sum())
        if policy.concede_after is not None and taken >= policy.concede_after:
            self.conflict.hits.concede(actor)
            return
        if policy.full_defense_after is not None and taken >= policy.full_defense_after:
            self.conflict.defence.full_defense(actor)
            return
        reachable = self.reachable(actor)
        if not reachable:
            self.conflict.turns.free_move(actor, self.step_towards_nearest(actor))
            reachable = self.reachable(actor)
            if not reachable:
                self.move_by_overcome(actor)
                return
        target, attack = self.choose_target(actor, reachable, policy)
        if self.wants_advantage(actor, target, attack, policy):
            self.create_advantage(actor)
        else:
            self.attack(actor, target, attack)

    # -- deciding ----------------------------------------------------------------------------

    def play_hazard(self, actor: str) -> None:
        """A hazard's turn through the conflict: attack whom the side's policy picks among those
        the engine lets it attack; with nobody, create an advantage."""
        plan = self.plan.hazards
        assert plan is not None
        hazard = next(h for h in plan.hazards if h.id == actor)
        conflict = self.conflict
        policy = self.plan.policies[hazard.side]
        legal = conflict.legal_actions(actor)
        targets = next((a.targets for a in legal if a.move is Move.ATTACK), ())
        close = Roll(
            hazard.skill, hazard.rating
        )  # a close attack: the target's close defence counts
        reachable = [
            (who, close) for who in self.ids if who in targets and in_reach(conflict, actor, who)
        ]
        if not reachable:
            roll = conflict.create_advantage(
                actor,
                hazard.skill,
                dice=self.dice_of(actor),
                difficulty=policy.advantage_difficulty,
            )
            roll.roll()
            conflict.resolve("fail" if roll.shifts < 0 else None, aspect_name="An Opening")
            return
        target, _ = self.choose_target(actor, reachable, policy)
        roll = conflict.attack(
            actor,
            target,
            hazard.skill,
            dice=self.dice_of(actor),
            defender_dice=self.dice_of(target),
            defend_rating=self.fighter(target).defend_close.rating,
        )
        defence = roll.opposition
        assert defence is not None
        roll.roll()
        self.use_stunts(defence)
        guard = self.policy(target)
        if guard.defend_invokes:
            needed = hazard.needed[self.fighter(target).armor]
            self.invoke(target, defence, 1 - needed, guard)
        conflict.resolve("hit" if roll.shifts >= 3 else None)
        if conflict.turns.phase is Phase.HIT:
            self.absorb(target)

    def distance(self, a: str, b: str) -> int:
        zones = self.conflict.roster.scene.zones
        if self.plan.mental or zones is None:
            return 0
        return self.plan.distance[self.plan.zones.index(zones.zone_of(a))][
            self.plan.zones.index(zones.zone_of(b))
        ]

    def attack_for(self, actor: str, target: str) -> Roll | None:
        """The attack that reaches ``target``, if any."""
        me, apart = self.fighter(actor), self.distance(actor, target)
        if apart == 0:
            return me.close
        if me.ranged is not None and apart <= self.plan.ranged_reach:
            return me.ranged
        return None

    def reachable(self, actor: str) -> list[tuple[str, Roll]]:
        found = []
        for who in self.ids:
            if who in self.conflict.roster.opponents(actor):
                attack = self.attack_for(actor, who)
                if attack is not None:
                    found.append((who, attack))
        return found

    def step_towards_nearest(self, actor: str) -> str:
        zones = self.conflict.roster.scene.zones
        assert zones is not None  # without zones everyone is in reach
        opponents = [w for w in self.ids if w in self.conflict.roster.opponents(actor)]
        nearest = min(opponents, key=lambda w: self.distance(actor, w))
        here = self.plan.zones.index(zones.zone_of(actor))
        there = self.plan.zones.index(zones.zone_of(nearest))
        return self.plan.zones[self.plan.next_hop[here][there]]

    def defence(self, target: str, attack: Roll) -> Roll:
        me = self.fighter(target)
        return me.defend_ranged if attack.ranged else me.defend_close

    def room_left(self, who: str) -> int:
        """Shifts of stress and consequences still free (extreme ones aside); with conditions
        kept apart, only the boxes a row past its cut-off still lets a hit mark."""
        sheet = self.conflict.roster.fighter(who).character
        stress = stress_track_for(sheet, self.conflict.roster.harm)
        boxes = sum(b.value for b in stress.boxes if not b.marked) if stress else 0
        free = [(i, s, r) for i, s, r in self.fighter(who).slots if sheet.consequences[i].is_free]
        if self.fighter(who).row_marks is None:
            return boxes + sum(s for _, s, _ in free)
        slots = 0
        for row in range(3):  # on each row, the free boxes the rules engine lets one plan mark
            taken: list[int] = []
            for i, shifts, r in free:
                if r != row:
                    continue
                try:
                    check_row_cutoff(sheet, AbsorbPlan(slots=(*taken, i)))
                except IllegalAction:
                    break
                taken.append(i)
                slots += shifts
        return boxes + slots

    def choose_target(
        self, actor: str, reachable: list[tuple[str, Roll]], policy: SidePolicy
    ) -> tuple[str, Roll]:
        if policy.target is TargetPolicy.RANDOM:
            return reachable[self.choices.pick(len(reachable))]
        if policy.target is TargetPolicy.WEAKEST:
            return min(reachable, key=lambda t: self.defence(t[0], t[1]).modifier)
        if policy.target is TargetPolicy.STRONGEST:
            return max(
                reachable, key=lambda t: (self.fighter(t[0]).close.modifier, -self.ids.index(t[0]))
            )
        if policy.target is TargetPolicy.MOST_HURT:
            return min(reachable, key=lambda t: self.room_left(t[0]))
        return reachable[0]

    def may_help(self, ally: str) -> bool:
        """Whether ``ally`` is free to help: still in, their action not yet taken this exchange,
        not on full defense, and not about to concede or go on full defense at their turn."""
        conflict = self.conflict
        if (
            conflict.roster.fighter(ally).status is not Status.ACTIVE
            or ally in conflict.turns.exchange.acted
            or ally in conflict.defence.full_defenders
        ):
            return False
        policy = self.policy(ally)
        taken = int(self.consequences[self.ids.index(ally)].sum())
        limits = (policy.concede_after, policy.full_defense_after)
        return all(limit is None or taken < limit for limit in limits)

    def helpers(self, actor: str, target: str, attack: Roll) -> list[str]:
        """The allies who help ``actor``'s attack on ``target`` (the ``weaker_help`` policy):
        each free to help, whose own attack on the target is lower, and whose help the rules
        engine counts, while it still adds to the bonus."""
        if self.policy(actor).teamwork is TeamworkPolicy.NEVER or self.plan.teamwork is None:
            return []
        rating, allies = self.plan.teamwork.allies(
            self.ids.index(actor), self.distance(actor, target) != 0
        )
        names: list[str] = []
        ratings: tuple[int, ...] = ()
        for j, theirs in allies:
            ally = self.ids[j]
            if not self.may_help(ally):
                continue
            own = self.attack_for(ally, target)
            if own is None or own.modifier >= attack.modifier:
                continue
            if team_bonus(rating, (*ratings, theirs)) > team_bonus(rating, ratings):
                names.append(ally)
                ratings = (*ratings, theirs)
        return names

    def wants_advantage(self, actor: str, target: str, attack: Roll, policy: SidePolicy) -> bool:
        if policy.advantage is AdvantagePolicy.NEVER or self.free_invokes(actor):
            return False
        if policy.advantage is AdvantagePolicy.NO_FREE_INVOKES:
            return True
        return attack.modifier < self.defence(target, attack).modifier

    # -- invokes -----------------------------------------------------------------------------

    def holders_aspects(self) -> list[Aspect]:
        """Every aspect that may carry free invokes, in a fixed order."""
        found = list(self.conflict.roster.scene.aspects)
        for who in self.ids:
            sheet = self.conflict.roster.fighter(who).character
            found.extend(sheet.aspects)
            found.extend(s.aspect for s in sheet.consequences if s.aspect is not None)
        return found

    def free_invokes(self, who: str) -> int:
        return sum(a.free_invokes_held_by(who) for a in self.holders_aspects())

    def payable(self, who: str, roll: ActionRoll) -> list[Aspect]:
        """Aspects ``who`` may pay to invoke on ``roll``: their own and the scene's."""
        paid = {i.aspect_id for i in roll.invocations if not i.free}
        own = list(self.conflict.roster.fighter(who).character.aspects)
        scene = [
            a
            for a in self.conflict.roster.scene.aspects
            if a.kind in (AspectKind.SITUATION, AspectKind.ZONE)
        ]
        return [a for a in (*own, *scene) if a.id not in paid]

    def invoke(
        self, who: str, roll: ActionRoll, threshold: int, policy: SidePolicy, turned: int = 0
    ) -> None:
        """Spend invokes on ``roll`` as the exact advice says, free ones first (a reroll turns
        ``turned`` dice to +, as the roll did)."""
        wallet = self.game.ledger.wallet(who)
        paid = min(wallet.available, len(self.payable(who, roll))) if policy.fate_points else 0
        left = min(policy.max_invokes, self.free_invokes(who) + paid)
        while left > 0:
            assert roll.dice is not None
            margin = roll.effort - roll.dice.total - roll.opposition_value - threshold
            choice = best_choice(margin, roll.dice.total, left, self.way(who), turned)
            if choice is Choice.NOTHING:
                return
            effect = InvokeEffect.PLUS_TWO if choice is Choice.PLUS_TWO else InvokeEffect.REROLL
            free = next((a for a in self.holders_aspects() if a.free_invokes_held_by(who)), None)
            # Through the conflict, which makes a big bad's invokes (or its foes') worth more or less.
            if free is not None:
                self.conflict.invoke(roll, free, by=who, effect=effect, free=True)
            else:
                self.conflict.invoke(roll, self.payable(who, roll)[0], by=who, effect=effect)
                self.spent[self.ids.index(who)] += 1
            left -= 1

    # -- acting ------------------------------------------------------------------------------

    def use_stunts(self, roll: ActionRoll) -> None:
        sheet = self.conflict.roster.fighter(roll.actor).character
        for stunt in sheet.stunts:
            if stunt.fate_point_cost or roll.skill is None:
                continue
            skill = stunt.skill_on(roll.skill, roll.second_skill)
            if stunt.bonus_for(skill, roll.action) or stunt.extra_free_invokes(skill, roll.action):
                roll.use_stunt(stunt)

    def weighed(self, who: str, action: Action, target: str | None = None) -> int:
        """How many of ``who``'s dice weight turns on this roll (0 without weight)."""
        if not self.plan.weight:
            return 0
        found = self.conflict.outweighs(who, action, target=target)
        return 0 if found is None else found.turned

    def attack(self, actor: str, target: str, attack: Roll) -> None:
        conflict = self.conflict
        # Weighed before the roll, from who stands where now, as the table weighs it.
        mine = self.weighed(actor, Action.ATTACK, target)
        theirs = self.weighed(target, Action.DEFEND)
        roll = conflict.attack(
            actor,
            target,
            attack.skill,
            dice=_Turned(self.dice_of(actor), mine) if mine else self.dice_of(actor),
            defender_dice=_Turned(self.dice_of(target), theirs) if theirs else self.dice_of(target),
            ranged=attack.ranged,
            helpers=self.helpers(actor, target, attack),
            second_skill=attack.second,
            # Aspects counted (The Three Rocketeers): the bonus stands for a skill's rating.
            rating=attack.rating,
            defend_rating=self.fighter(target).defend_close.rating,
        )
        defence = roll.opposition
        assert defence is not None
        roll.roll()
        self.use_stunts(roll)
        self.use_stunts(defence)
        me, them = self.fighter(actor), self.fighter(target)
        needed = harm_threshold(me.weapon, them.armor)
        policy = self.policy(actor)
        if policy.invoke_for is not InvokeAim.NEVER:
            aim = max(3, needed) if policy.invoke_for is InvokeAim.STYLE else needed
            self.invoke(actor, roll, aim, policy, mine)
        if self.policy(target).defend_invokes:
            self.invoke(target, defence, 1 - needed, self.policy(target), theirs)
        conflict.resolve("hit" if roll.shifts >= 3 else None)
        if conflict.turns.phase is Phase.HIT:
            self.absorb(target)

    def absorb(self, target: str) -> None:
        conflict = self.conflict
        options = conflict.hits.absorb_options()
        if self.policy(target).absorb is AbsorbPolicy.NO_EXTREME:
            options = [o for o in options if not o.extreme]
        if not options:
            conflict.hits.take_out()
            return
        plan = options[0]
        sheet = conflict.roster.fighter(target).character
        row = self.consequences[self.ids.index(target)]
        for i in plan.slots:
            row[SEVERITIES.index(sheet.consequences[i].severity)] += 1
        extreme = None
        if plan.extreme:
            row[SEVERITIES.index(SEVERITIES[-1])] += 1
            replaced = next(a for a in sheet.aspects if a.kind is not AspectKind.HIGH_CONCEPT)
            extreme = ExtremeChoice("Changed for Ever", replaced.id)
        conflict.hits.absorb(plan, {i: f"Wound {i + 1}" for i in plan.slots}, extreme=extreme)

    def create_advantage(self, actor: str) -> None:
        advantage = self.fighter(actor).advantage
        difficulty = self.policy(actor).advantage_difficulty
        roll = self.conflict.create_advantage(
            actor,
            advantage.skill,
            dice=self.dice_of(actor),
            difficulty=difficulty,
            second_skill=advantage.second,
            rating=advantage.rating,
        )
        roll.roll()
        self.use_stunts(roll)
        self.conflict.resolve("fail" if roll.shifts < 0 else None, aspect_name="An Opening")

    def move_by_overcome(self, actor: str) -> None:
        move = self.fighter(actor).move
        to = self.step_towards_nearest(actor)
        roll = self.conflict.overcome(
            actor,
            move.skill,
            dice=self.dice_of(actor),
            difficulty=self.plan.move_difficulty,
            move_to=to,
            second_skill=move.second,
            rating=move.rating,
        )
        roll.roll()
        self.use_stunts(roll)
        self.conflict.resolve()
