"""The big-bads optional rule in a conflict: immunity, solo bonuses, minions, true forms, threats."""

from __future__ import annotations

from dataclasses import replace

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.aspects.invokes import Invocation, InvokeEffect
from fatekit.rules.aspects.rolling import ActionRoll
from fatekit.rules.characters.character import CharacterKind
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.waivers import refuse
from fatekit.rules.options.big_bad_solo import Facing, invoke_adjustment
from fatekit.rules.options.big_bad_threats import THREAT_MAP_RULE, Threat
from fatekit.rules.options.big_bads import (
    MINION_ARMOR_RULE,
    TRUE_FORM_RULE,
    BigBad,
    ImmunityState,
    carry_consequences,
)
from fatekit.rules.options.ruleset import OptionalRule
from fatekit.rules.scenes.conflict_parts import (
    ConflictKind,
    PendingHit,
    Roster,
    Status,
    TurnInProgress,
)
from fatekit.rules.scenes.contest import Contest

__all__ = ["BigBadRules"]


class BigBadRules:
    """The big bads of a conflict (the big-bads optional rule) and how they bend its rules:
    immunity, solo bonuses, minions, true forms, threats."""

    __slots__ = ("big_bads", "roster")

    def __init__(self, roster: Roster) -> None:
        self.roster = roster
        self.big_bads: dict[str, BigBad] = {}

    def set_big_bad(self, big_bad: BigBad) -> None:
        """Give a participant the rule breaks of a big bad (the big-bads option)."""
        roster = self.roster
        roster.require(OptionalRule.BIG_BADS, "big bads are not in use", TRUE_FORM_RULE)
        for who in (big_bad.id, *big_bad.minions):
            roster.fighter(who)
        if big_bad.threat is not None:
            for part in big_bad.threat.parts:
                roster.fighter(part.id)
        if big_bad.scale is not None:
            roster.scale_ladder.level(big_bad.scale)  # raises on an unknown level
        self.big_bad_came(big_bad)

    def big_bad_came(self, big_bad: BigBad) -> None:
        """A participant plays as a big bad, as a table's log recorded it (checked by no rule:
        see :meth:`set_big_bad`)."""
        self.big_bads[big_bad.id] = big_bad
        if big_bad.scale is not None:
            # Scaling a big bad up works with the big-bads switch alone.
            self.roster.fighters[big_bad.id].scale = big_bad.scale

    def facing(self, big_bad: str) -> Facing:
        """Whom a big bad faces now: the PCs against it and the allies still beside it."""
        fighters = self.roster.fighters
        side = self.roster.fighter(big_bad).side
        active = self.roster.active()
        pcs = sum(
            1
            for p in active
            if fighters[p].side != side and fighters[p].character.kind is CharacterKind.PC
        )
        allies = sum(
            1
            for p in active
            if p != big_bad and fighters[p].side == side and fighters[p].hazard is None
        )
        return Facing(pcs, allies)

    def shield(self, hit: PendingHit, minion: str) -> PendingHit:
        """The hit as it falls on ``minion``, thrown in front of it by the big bad it aims at."""
        big_bad = self.big_bads.get(hit.target)
        if big_bad is None:
            raise IllegalAction(f"{hit.target} has no minions to hide behind", MINION_ARMOR_RULE)
        self._check_beside(big_bad, minion)
        shield = big_bad.shield_with(
            minion, hit.shifts, active=self.roster.active(), zones=self.roster.scene.zones
        )
        return PendingHit(shield.minion, shield.shifts, hit.by)

    def shields(self, target: str, shifts: int) -> tuple[str, ...]:
        """The minions close enough to take a hit of ``shifts`` for the big bad ``target``."""
        big_bad = self.big_bads.get(target)
        if big_bad is None:
            return ()
        return tuple(m for m in big_bad.minions if self._may_shield(big_bad, m, shifts))

    def invoke(
        self,
        roll: ActionRoll,
        aspect: Aspect,
        turn: TurnInProgress | None,
        *,
        by: str | None = None,
        effect: InvokeEffect = InvokeEffect.PLUS_TWO,
        free: bool = False,
        payer: str | None = None,
    ) -> Invocation:
        """Invoke on a roll of the conflict (``turn``: the action under way), counting a big
        bad's amplified or suppressed invokes (``payer``: see :meth:`ActionRoll.invoke`)."""
        invoker = roll.actor if by is None else by
        worth = 2  # what a +2 invoke is worth here
        facing_bad = self._against(roll, turn)
        if invoker in self.big_bads:
            if effect is InvokeEffect.PLUS_TWO:
                bad = self.big_bads[invoker]
                worth = bad.solo.own_invoke_bonus(self.facing(invoker), free=free)
        elif facing_bad is not None:
            bad = self.big_bads[facing_bad]
            spent = sum(1 for i in roll.invocations if i.free)
            # Checks suppression first: a forbidden invoke changes nothing.
            allowed = bad.solo.invoke_against(
                effect, self.facing(facing_bad), free=free, free_invokes_on_roll=spent
            )
            if effect is InvokeEffect.PLUS_TWO:
                worth = allowed
        record = roll.invoke(aspect, by=by, effect=effect, free=free, payer=payer)
        bonus = invoke_adjustment(worth, "big bad")
        if bonus is not None:
            roll.add_bonus(bonus)
        return record

    def invoked(
        self,
        roll: ActionRoll,
        aspect: Aspect,
        turn: TurnInProgress | None,
        *,
        by: str | None = None,
        effect: InvokeEffect = InvokeEffect.PLUS_TWO,
        free: bool = False,
    ) -> Invocation:
        """An invoke on a roll of the conflict as a table's log recorded it (checked by no rule:
        see :meth:`invoke`), worth what a big bad's amplified or suppressed invokes make it."""
        invoker = roll.actor if by is None else by
        worth = 2
        facing_bad = self._against(roll, turn)
        if invoker in self.big_bads:
            if effect is InvokeEffect.PLUS_TWO:
                bad = self.big_bads[invoker]
                worth = bad.solo.own_invoke_bonus(self.facing(invoker), free=free)
        elif facing_bad is not None and effect is InvokeEffect.PLUS_TWO:
            bad = self.big_bads[facing_bad]
            worth = bad.solo.worth_against(effect, self.facing(facing_bad))
        record = roll.invoked(aspect, by=by, effect=effect, free=free)
        bonus = invoke_adjustment(worth, "big bad")
        if bonus is not None:
            roll.counted(bonus)
        return record

    def break_immunity(
        self, big_bad: str, *, contest: Contest | None = None, side: str = ""
    ) -> bool:
        """Settle a big bad's immunity: the challenge beaten, or the contest over (``side`` is
        the big bad's side in it). Whether it won its contest and got away."""
        bad = self.big_bads.get(big_bad)
        if bad is None or bad.immunity is None:
            raise BadInput(f"{big_bad!r} has no immunity in this conflict")
        if contest is None:
            immunity = bad.immunity.challenge_beaten()
        else:
            immunity = bad.immunity.after_contest(contest, side)
        return self.immunity_now(big_bad, immunity.state)

    def immunity_now(self, big_bad: str, state: ImmunityState) -> bool:
        """A big bad's immunity at ``state``, as a table's log recorded it settled (checked by
        no rule: see :meth:`break_immunity`); whether it got away."""
        bad = self.big_bads[big_bad]
        assert bad.immunity is not None
        self.big_bads[big_bad] = replace(bad, immunity=bad.immunity.as_recorded(state))
        if state is ImmunityState.ESCAPED:
            self.roster.fighters[big_bad].status = Status.ESCAPED
            return True
        return False

    def check_target(self, target: str) -> None:
        """Refuse an attack on ``target`` while an immunity or a threat's shield holds."""
        bad = self.big_bads.get(target)
        if bad is not None:
            bad.check_attack(self.roster.harm)
        out = self.roster.out()
        for other in self.big_bads.values():
            if other.threat is not None and target in {p.id for p in other.threat.parts}:
                other.threat.check_attack(target, out)

    def may_be_attacked(self, target: str) -> bool:
        """Whether an attack on ``target`` is allowed now as far as big bads go (no immunity
        holds, and no part of a threat still shields it)."""
        try:
            self.check_target(target)
        except IllegalAction:
            return False
        return True

    def part_reaches(self, actor: str, target: str) -> bool | None:
        """Whether ``actor``, a zone of a big bad that is a map, reaches ``target`` in a physical
        conflict: foes in that zone, or as many zones away as the part's reach (a limb). ``None``
        when ``actor`` is no such part, and the usual zone rules decide."""
        zones = self.roster.scene.zones
        threat = self._map_of(actor)
        if threat is None or self.roster.kind is not ConflictKind.PHYSICAL or zones is None:
            return None
        return target in threat.targets_for(actor, (target,), self.roster.out(), zones)

    def check_part_reach(self, actor: str, target: str) -> bool:
        """Raise :class:`IllegalAction` if ``actor`` is a map's zone that does not reach
        ``target``; whether the map's reach decided (so the usual zone rules do not apply)."""
        reaches = self.part_reaches(actor, target)
        if reaches is False:
            part = self._map_of(actor)
            assert part is not None
            refuse(
                f"{target} is beyond the reach of {actor}, a zone of {part.name} "
                f"(reach {part.part(actor).reach})",
                THREAT_MAP_RULE,
            )
            return True  # the GM lets it reach
        return reaches is not None

    def solo_bonus(self, roll: ActionRoll, participant: str) -> None:
        """A big bad fighting alone adds its solo bonus to its roll."""
        bad = self.big_bads.get(participant)
        if bad is None:
            return
        bonus = bad.solo.skill_bonus(roll.rating, self.facing(participant))
        if bonus is not None:
            roll.add_bonus(bonus)

    def reduced(self, target: str, shifts: int, *, round_down: bool | None = None) -> int:
        """The shifts of a hit on ``target`` after a big bad's reduction (rounded as
        ``round_down`` says, or as the rule set does)."""
        bad = self.big_bads.get(target)
        if bad is None:
            return shifts
        return bad.solo.reduce_hit(shifts, self.facing(target), round_down=round_down)

    def reveal_true_form(self, target: str) -> bool:
        """A big bad taken out with a true form still to show reveals it: a new sheet takes its
        place, still in the fight. Whether it did."""
        bad = self.big_bads.get(target)
        if bad is None or bad.forms is None or not bad.forms.has_next:
            return False
        fighter = self.roster.fighters[target]
        forms, sheet = bad.forms.revealed_next()
        if bad.forms.gentle:
            carry_consequences(fighter.character, sheet)
        self.big_bads[target] = replace(bad, forms=forms)
        fighter.character = sheet
        self.roster.game.characters[target] = sheet
        return True

    def fell_with_their_hearts(self) -> list[str]:
        """Take out the parts still standing of every threat whose heart has fallen; return
        them (they leave the conflict)."""
        fallen: list[str] = []
        for other in self.big_bads.values():
            threat = other.threat
            if threat is not None and threat.defeated(self.roster.out()):
                for part in threat.parts:
                    fighter = self.roster.fighters[part.id]
                    if fighter.status is Status.ACTIVE:
                        fighter.status = Status.TAKEN_OUT
                        fallen.append(part.id)
        return fallen

    def _check_beside(self, big_bad: BigBad, minion: str) -> None:
        """A minion shields its big bad from the big bad's own side: one fighting on the other
        side (named a minion, then set against it) is no armor of its."""
        fighters = self.roster.fighters
        if minion in fighters and fighters[minion].side != fighters[big_bad.id].side:
            refuse(f"{minion} fights against {big_bad.id}, not beside it", MINION_ARMOR_RULE)

    def _may_shield(self, big_bad: BigBad, minion: str, shifts: int) -> bool:
        try:
            self._check_beside(big_bad, minion)
            big_bad.shield_with(
                minion, shifts, active=self.roster.active(), zones=self.roster.scene.zones
            )
        except IllegalAction:
            return False
        return True

    def _map_of(self, participant: str) -> Threat | None:
        for bad in self.big_bads.values():
            threat = bad.threat
            if threat is not None and threat.is_map and threat.has_part(participant):
                return threat
        return None

    def _against(self, roll: ActionRoll, turn: TurnInProgress | None) -> str | None:
        """The big bad this roll is made against, if any."""
        for who in (
            roll.opposition.actor if roll.opposition is not None else None,
            roll.opposes.actor if roll.opposes is not None else None,
            turn.victim if turn is not None and turn.roll is roll else None,
        ):
            if who in self.big_bads and who != roll.actor:
                return who
        return None
