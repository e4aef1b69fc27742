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
from fatekit.rules.options.big_bads import MINION_ARMOR_RULE, TRUE_FORM_RULE, BigBad, ImmunityState
from fatekit.rules.options.ruleset import OptionalRule
from fatekit.rules.scenes.conflict_parts import (
    ConflictHost,
    ConflictKind,
    ConflictPart,
    PendingHit,
    Status,
)
from fatekit.rules.scenes.contest import Contest

__all__ = ["BigBadRules"]


class BigBadRules(ConflictPart):
    """The big-bads optional rule in a conflict: immunity, solo bonuses, minions, true forms, threats."""

    def set_big_bad(self: ConflictHost, big_bad: BigBad) -> None:
        """Give a participant the rule breaks of a big bad (the big-bads option)."""
        self._require(OptionalRule.BIG_BADS, "big bads are not in use", TRUE_FORM_RULE)
        for who in (big_bad.id, *big_bad.minions):
            self.fighter(who)
        if big_bad.threat is not None:
            for part in big_bad.threat.parts:
                self.fighter(part.id)
        self.big_bads[big_bad.id] = big_bad
        if big_bad.scale is not None:
            # Scaling a big bad up works with the big-bads switch alone.
            self.scale_ladder.level(big_bad.scale)
            self.fighters[big_bad.id].scale = big_bad.scale

    def facing(self: ConflictHost, big_bad: str) -> Facing:
        """Whom a big bad faces now: the PCs against it and the allies still beside it."""
        side = self.fighter(big_bad).side
        pcs = sum(
            1
            for p in self.active()
            if self.fighters[p].side != side and self.fighters[p].character.kind is CharacterKind.PC
        )
        allies = sum(
            1
            for p in self.active()
            if p != big_bad and self.fighters[p].side == side and self.fighters[p].hazard is None
        )
        return Facing(pcs, allies)

    def shield(self: ConflictHost, minion: str) -> None:
        """A big bad throws one of its minions in front of the pending hit: the minion takes it."""
        hit = self._require_hit()
        big_bad = self.big_bads.get(hit.target)
        if big_bad is None:
            raise IllegalAction(f"{hit.target} has no minions to hide behind", MINION_ARMOR_RULE)
        shield = big_bad.shield_with(
            minion, hit.shifts, active=self.active(), zones=self.scene.zones
        )
        self._hits[0] = PendingHit(shield.minion, shield.shifts, hit.by)

    def invoke(
        self: ConflictHost,
        roll: ActionRoll,
        aspect: Aspect,
        *,
        by: str | None = None,
        effect: InvokeEffect = InvokeEffect.PLUS_TWO,
        free: bool = False,
    ) -> Invocation:
        """Invoke on a roll of this conflict, counting a big bad's amplified or suppressed invokes.

        Plain invokes may go straight to the roll; this is needed only where big bads bend the
        worth of an invoke.
        """
        invoker = roll.actor if by is None else by
        worth = 2  # what a +2 invoke is worth here
        facing_bad = self._big_bad_against(roll)
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
        record = roll.invoke(aspect, by=by, effect=effect, free=free)
        bonus = invoke_adjustment(worth, "big bad")
        if bonus is not None:
            roll.add_bonus(bonus)
        return record

    def break_immunity(
        self: ConflictHost, big_bad: str, *, contest: Contest | None = None, side: str = ""
    ) -> None:
        """Settle a big bad's immunity: the challenge beaten, or the contest over (``side`` is
        the big bad's side in it). A big bad that won its contest gets away."""
        bad = self.big_bads.get(big_bad)
        if bad is None or bad.immunity is None:
            raise BadInput(f"{big_bad!r} has no immunity in this conflict")
        if contest is None:
            immunity = bad.immunity.challenge_beaten()
        else:
            immunity = bad.immunity.after_contest(contest, side)
        self.big_bads[big_bad] = replace(bad, immunity=immunity)
        if immunity.state is ImmunityState.ESCAPED:
            self.fighters[big_bad].status = Status.ESCAPED
            self._leave(big_bad)
            self._check_end()

    def _check_big_bad_target(self: ConflictHost, target: str) -> None:
        bad = self.big_bads.get(target)
        if bad is not None:
            bad.check_attack(self.harm)
        out = self._out()
        for other in self.big_bads.values():
            if other.threat is not None and target in {p.id for p in other.threat.parts}:
                other.threat.check_attack(target, out)

    def _may_be_attacked(self: ConflictHost, target: str) -> bool:
        """Whether an attack on ``target`` is allowed now as far as big bads go (no immunity
        holds, and no part of a threat still shields it)."""
        try:
            self._check_big_bad_target(target)
        except IllegalAction:
            return False
        return True

    def _part_reaches(self: ConflictHost, actor: str, target: str) -> bool | None:
        """Whether ``actor``, a zone of a big bad that is a map, reaches ``target`` in a physical
        conflict: foes in that zone, or as many zones away as the part's reach (a limb). ``None``
        when ``actor`` is no such part, and the usual zone rules decide."""
        zones = self.scene.zones
        threat = self._map_of(actor)
        if threat is None or self.kind is not ConflictKind.PHYSICAL or zones is None:
            return None
        return target in threat.targets_for(actor, (target,), self._out(), zones)

    def _check_part_reach(self: ConflictHost, actor: str, target: str) -> bool:
        """Raise :class:`IllegalAction` if ``actor`` is a map's zone that does not reach
        ``target``; whether the map's reach decided (so the usual zone rules do not apply)."""
        reaches = self._part_reaches(actor, target)
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

    def _map_of(self: ConflictHost, participant: str) -> Threat | None:
        for bad in self.big_bads.values():
            threat = bad.threat
            if threat is not None and threat.is_map and threat.has_part(participant):
                return threat
        return None

    def _big_bad_against(self: ConflictHost, roll: ActionRoll) -> str | None:
        """The big bad this roll is made against, if any."""
        turn = self._turn
        for who in (
            roll.opposition.actor if roll.opposition is not None else None,
            roll.opposes.actor if roll.opposes is not None else None,
            turn.victim if turn is not None and turn.roll is roll else None,
        ):
            if who in self.big_bads and who != roll.actor:
                return who
        return None

    def _solo_bonus(self: ConflictHost, roll: ActionRoll, participant: str) -> None:
        bad = self.big_bads.get(participant)
        if bad is None:
            return
        bonus = bad.solo.skill_bonus(roll.rating, self.facing(participant))
        if bonus is not None:
            roll.add_bonus(bonus)

    def _reduced(self: ConflictHost, target: str, shifts: int) -> int:
        bad = self.big_bads.get(target)
        return shifts if bad is None else bad.solo.reduce_hit(shifts, self.facing(target))

    def _out(self: ConflictHost) -> set[str]:
        return {p for p, f in self.fighters.items() if f.status is Status.TAKEN_OUT}

    def _take_out(self: ConflictHost, target: str) -> None:
        bad = self.big_bads.get(target)
        if bad is not None and bad.forms is not None and bad.forms.has_next:
            # Reveal the true form: a new sheet takes the big bad's place, still in the fight.
            forms, sheet = bad.forms.reveal(self.fighters[target].character)
            self.big_bads[target] = replace(bad, forms=forms)
            self.fighters[target].character = sheet
            self.game.characters[target] = sheet
            return
        self.fighters[target].status = Status.TAKEN_OUT
        self._leave(target)
        for other in self.big_bads.values():
            threat = other.threat
            if threat is not None and threat.defeated(self._out()):
                # The heart has fallen: every part still standing falls with it.
                for part in threat.parts:
                    if self.fighters[part.id].status is Status.ACTIVE:
                        self.fighters[part.id].status = Status.TAKEN_OUT
                        self._leave(part.id)
