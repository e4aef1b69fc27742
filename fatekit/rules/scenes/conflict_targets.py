"""The multiple-targets optional rule in a conflict: split attacks, zone attacks and their targets."""

from __future__ import annotations

from collections.abc import Mapping

from fatekit.rules.aspects.effects import Applied, carry_out
from fatekit.rules.aspects.rolling import ActionRoll, RollPhase
from fatekit.rules.characters.preset import ATTACK_DEFEND_RULE
from fatekit.rules.core.actions import Action, Resolution
from fatekit.rules.core.dice import DiceSource, FateDice, ScriptedDice
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.waivers import refuse, require
from fatekit.rules.options.ruleset import OptionalRule
from fatekit.rules.options.weapons import with_weapon_and_armor
from fatekit.rules.scenes.conflict_parts import (
    EXCHANGE_RULE,
    MULTIPLE_TARGETS_RULE,
    ConflictHost,
    ConflictKind,
    ConflictPart,
    PendingHit,
    Phase,
    TurnInProgress,
)

__all__ = ["MultipleTargets"]


class MultipleTargets(ConflictPart):
    """The multiple-targets optional rule in a conflict: split attacks, zone attacks and their targets."""

    def split_attack(
        self: ConflictHost,
        actor: str,
        skill: str,
        *,
        dice: DiceSource,
        ranged: bool | None = None,
    ) -> ActionRoll:
        """Roll one attack to split among several targets (the multiple-targets optional rule).

        Invoke on the returned roll as usual, then :meth:`assign_targets` shares out its effort.
        A split attack with a skill that attacks at range (:meth:`attack_is_ranged`, or
        ``ranged`` as a log recorded it) reaches targets in a zone within range, and Fight
        cannot parry it; a flurry of blows reaches only the attacker's zone, and may be parried.
        """
        return self._multi_attack(actor, skill, dice, "split", None, ranged)

    def zone_attack(
        self: ConflictHost, actor: str, skill: str, zone: str, *, dice: DiceSource
    ) -> ActionRoll:
        """Roll one attack on everyone in ``zone``, friend and foe (multiple-targets rule)."""
        zones = self.scene.zones
        if zones is None or zone not in zones.zones:
            raise BadInput(f"no zone {zone!r} in this scene")
        return self._multi_attack(actor, skill, dice, "zone", zone)

    def assign_targets(
        self: ConflictHost,
        split: Mapping[str, int] | None = None,
        *,
        defend_skills: Mapping[str, str] | None = None,
        defender_dice: Mapping[str, DiceSource] | None = None,
    ) -> dict[str, ActionRoll]:
        """Share out a split attack's effort (``split``: target to shifts), or aim a zone attack.

        Each target then defends against their share (or the whole effort in a zone attack);
        the returned rolls are rolled, and :meth:`resolve_targets` settles them.
        """
        turn, roll = _rolled_multi_attack(self)
        effort = roll.effort
        if turn.multi == "split":
            shares = self._check_split(turn.actor, effort, split or {}, ranged=turn.ranged)
        else:
            if split is not None:
                raise BadInput(
                    "a zone attack is not split: everyone defends against the whole effort"
                )
            assert turn.zone is not None and self.scene.zones is not None
            shares = {p: effort for p in _in_the_zone(self, turn)}
            if not shares:
                raise IllegalAction(f"nobody is in {turn.zone!r} to attack", MULTIPLE_TARGETS_RULE)
            if effort < 1:
                raise IllegalAction("the attack's effort is not positive", MULTIPLE_TARGETS_RULE)
        skills, dice = defend_skills or {}, defender_dice or {}
        rolls: dict[str, ActionRoll] = {}
        for target, share in shares.items():
            sub = ActionRoll(
                turn.actor,
                Action.ATTACK,
                share,
                skill=roll.skill,
                dice=ScriptedDice([FateDice((0, 0, 0, 0))]),  # the share is the whole effort
                ledger=self.game.ledger,
                stunt_uses=self.game.stunt_uses,
            )
            self._add_defence(
                sub,
                target,
                skills.get(target),
                melee=_parried(turn),
                dice=dice.get(target),
                target=target,
            )
            rolls[target] = sub
        roll.close()
        for sub in rolls.values():
            sub.roll()
        turn.targets = rolls
        return rolls

    def aimed_defence_skills(self: ConflictHost, participant: str) -> tuple[str, ...]:
        """The skills ``participant`` may defend with against the split or zone attack waiting
        to have its targets chosen (raises when there is none)."""
        turn, _ = _rolled_multi_attack(self)
        sheet = self.fighter(participant).character
        return tuple(
            s
            for s in self._sheet_skills(sheet)
            if self.preset.can_use(
                s, Action.DEFEND, self.harm, melee=_parried(turn), stunts=sheet.stunts
            )
        )

    def preview_targets(self: ConflictHost) -> dict[str, Resolution]:
        """What each aimed target's outcome allows, as :meth:`resolve_targets` will settle it."""
        turn = self._turn
        if self.phase is not Phase.ROLL or turn is None or not turn.targets:
            raise IllegalAction("there are no aimed targets", MULTIPLE_TARGETS_RULE)
        return {
            target: with_weapon_and_armor(
                sub.preview(), weapon=turn.weapon, armor=self.fighters[target].armor
            )
            for target, sub in turn.targets.items()
        }

    def target_defence(self: ConflictHost, target: str) -> ActionRoll:
        """The defend roll of ``target``, an aimed target of a split or zone attack.

        Each target's defence is a roll like any other: invoke on it (through :meth:`invoke`)
        until :meth:`resolve_targets` settles the attack; the outcome for that target follows.
        """
        turn = self._turn
        if self.phase is not Phase.ROLL or turn is None or not turn.targets:
            raise IllegalAction("there are no aimed targets", MULTIPLE_TARGETS_RULE)
        sub = turn.targets.get(target)
        if sub is None:
            raise IllegalAction(f"{target} is not a target of this attack", MULTIPLE_TARGETS_RULE)
        assert sub.opposition is not None  # every target defends (assign_targets)
        return sub.opposition

    def miss_everyone(self: ConflictHost) -> None:
        """End a split or zone attack that reaches nobody: an effort with nothing to share out, or
        a zone with nobody in it. The action is spent and nothing happens."""
        turn, roll = _rolled_multi_attack(self)
        nobody = (
            turn.zone is not None and self.scene.zones is not None and not _in_the_zone(self, turn)
        )
        if roll.effort >= 1 and not nobody:
            refuse(
                "the attack has a positive effort to share out: assign its targets",
                MULTIPLE_TARGETS_RULE,
            )
        roll.close()
        self.phase = Phase.NEXT

    def resolve_targets(
        self: ConflictHost, options: Mapping[str, str] | None = None
    ) -> dict[str, tuple[Resolution, Applied]]:
        """Settle every target of a split or zone attack; ``options`` picks per target."""
        turn = self._turn
        if self.phase is not Phase.ROLL or turn is None or not turn.targets:
            raise IllegalAction("there are no aimed targets to resolve", MULTIPLE_TARGETS_RULE)
        chosen_by_target = options or {}
        plans = {
            target: (resolution, self._choose(resolution, chosen_by_target.get(target)))
            for target, resolution in self.preview_targets().items()
        }
        results: dict[str, tuple[Resolution, Applied]] = {}
        for target, (resolution, chosen) in plans.items():
            applied = carry_out(
                chosen, actor=turn.actor, opposition=target, aspects=self.scene.aspects
            )
            turn.targets[target].close()
            shifts = self._reduced(target, applied.hit) if applied.hit > 0 else 0
            if shifts > 0:
                self._hits.append(PendingHit(target, shifts, turn.actor))
            results[target] = (resolution, applied)
        self._after_resolution()
        return results

    def _multi_attack(
        self: ConflictHost,
        actor: str,
        skill: str,
        dice: DiceSource,
        multi: str,
        zone: str | None,
        ranged: bool | None = None,
    ) -> ActionRoll:
        self._check_action(actor)
        require(
            self.ruleset.has(OptionalRule.MULTIPLE_TARGETS),
            "attacks on several targets are not in use",
            MULTIPLE_TARGETS_RULE,
        )
        sheet = self.fighter(actor).character
        if not self.preset.can_use(skill, Action.ATTACK, self.harm, stunts=sheet.stunts):
            refuse(
                f"{self._skill_name(skill)} cannot make a {self.harm.value} attack",
                ATTACK_DEFEND_RULE,
            )
        # The effort is measured on its own first (against nothing), then shared out.
        roll = self._action_roll(actor, Action.ATTACK, skill, dice, 0)
        if ranged is None:
            ranged = multi == "split" and self.attack_is_ranged(actor, skill)
        self._turn = TurnInProgress(
            actor, roll, weapon=self.fighters[actor].weapon, zone=zone, multi=multi, ranged=ranged
        )
        self.phase = Phase.ROLL
        return roll

    def _check_split(
        self: ConflictHost,
        actor: str,
        effort: int,
        split: Mapping[str, int],
        *,
        ranged: bool = True,
    ) -> dict[str, int]:
        if effort < 1:
            raise IllegalAction(
                f"the attack's effort ({effort:+d}) is not positive: nothing to split",
                MULTIPLE_TARGETS_RULE,
            )
        if not split:
            raise BadInput("name the targets and the shifts each one gets")
        for target, share in split.items():
            if target not in self.opponents(actor):
                if target == actor or target not in self.active():
                    raise IllegalAction(
                        f"{target} is not an active opponent of {actor}", EXCHANGE_RULE
                    )
                refuse(f"{target} is on {actor}'s side", EXCHANGE_RULE)  # the GM may allow it
            self._check_big_bad_target(target)  # as for an attack on one target
            if isinstance(share, bool) or not isinstance(share, int) or share < 1:
                raise IllegalAction(
                    f"every target gets at least one shift ({target}: {share!r})",
                    MULTIPLE_TARGETS_RULE,
                )
        if sum(split.values()) > effort:
            refuse(
                f"the shares add up to {sum(split.values())}, more than the effort of {effort}",
                MULTIPLE_TARGETS_RULE,
            )
        zones = self.scene.zones
        if self.kind is ConflictKind.PHYSICAL and zones is not None:
            where = {zones.zone_of(t) for t in split}
            if len(where) > 1:
                refuse("split targets share one zone", MULTIPLE_TARGETS_RULE)
            for target in split:
                if not self._check_part_reach(actor, target):
                    zones.check_reach(actor, target, ranged=ranged)
        return dict(split)


def _parried(turn: TurnInProgress) -> bool:
    """Whether close-combat defences count: a split attack of blows is a flurry that Fight can
    parry; a split made at range (shots) and a zone attack are not."""
    return turn.multi == "split" and not turn.ranged


def _rolled_multi_attack(host: ConflictHost) -> tuple[TurnInProgress, ActionRoll]:
    """The split or zone attack in play and its roll: rolled, its targets not yet chosen."""
    turn = host._turn
    if host.phase is not Phase.ROLL or turn is None or turn.roll is None or not turn.multi:
        raise IllegalAction(
            "there is no attack on several targets under way", MULTIPLE_TARGETS_RULE
        )
    if turn.targets:
        raise IllegalAction("the attack's targets are chosen: resolve them", MULTIPLE_TARGETS_RULE)
    if turn.roll.phase is RollPhase.READY:
        raise BadInput("roll the attack first")
    return turn, turn.roll


def _in_the_zone(host: ConflictHost, turn: TurnInProgress) -> list[str]:
    """Who a zone attack reaches: everyone active in its zone but the attacker, save those no
    attack may reach yet (an immune big bad, a part of a threat still shielded)."""
    assert turn.zone is not None and host.scene.zones is not None
    return [
        p
        for p in host.scene.zones.occupants(turn.zone)
        if p != turn.actor and p in host.active() and host._may_be_attacked(p)
    ]
