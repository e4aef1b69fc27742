"""Whom an attack reaches in a conflict, and the multiple-targets optional rule: split attacks,
zone attacks and their targets."""

from __future__ import annotations

from collections.abc import Mapping

from fatekit.rules.aspects.effects import Applied, carry_out
from fatekit.rules.aspects.rolling import ActionRoll, RollPhase
from fatekit.rules.characters.combined_rolls import check_pair
from fatekit.rules.characters.preset import ATTACK_DEFEND_RULE
from fatekit.rules.core.actions import Action, Resolution
from fatekit.rules.core.dice import DiceSource, FateDice, ScriptedDice
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.waivers import refuse, require
from fatekit.rules.options.ruleset import OptionalRule
from fatekit.rules.options.weapons import with_weapon_and_armor
from fatekit.rules.scenes.conflict_big_bads import BigBadRules
from fatekit.rules.scenes.conflict_defence import Defence
from fatekit.rules.scenes.conflict_harm import Hits
from fatekit.rules.scenes.conflict_parts import (
    EXCHANGE_RULE,
    MULTIPLE_TARGETS_RULE,
    ConflictKind,
    Phase,
    Roster,
    TurnInProgress,
    choose,
)
from fatekit.rules.scenes.conflict_turns import Turns

__all__ = ["Targets"]


class Targets:
    """Whom an attack reaches from where everyone stands, and attacks on several targets at
    once (the multiple-targets optional rule)."""

    __slots__ = ("big_bad_rules", "defence", "hits", "roster", "turns")

    def __init__(
        self,
        roster: Roster,
        turns: Turns,
        hits: Hits,
        defence: Defence,
        big_bad_rules: BigBadRules,
    ) -> None:
        self.roster = roster
        self.turns = turns
        self.hits = hits
        self.defence = defence
        self.big_bad_rules = big_bad_rules

    def reaches(self, actor: str, target: str, *, ranged: bool = True) -> bool:
        """Whether ``actor`` may attack ``target`` from where both stand: ``target`` can be
        attacked now, and is in ``actor``'s zone, or (``ranged``) within ranged reach. Without a
        map, in a mental conflict or for someone placed nowhere, anyone is in reach."""
        if not self.big_bad_rules.may_be_attacked(target):
            return False  # an immune big bad, or a part of a threat still shielded
        return self._reach(actor, target)[ranged]

    def attack_is_ranged(self, actor: str, skill: str) -> bool:
        """Whether ``actor``'s attack with ``skill`` is made from a distance, as the rule set
        says of the skill (Shoot, not Fight) or a stunt lets the skill stand in for one that is.
        A ranged attack reaches beyond its own zone and no close-quarters defence stops it; a
        hazard's attack is a close one."""
        fighter = self.roster.fighter(actor)
        if fighter.hazard is not None:
            return False
        return self.roster.preset.attacks_at_range(
            skill, self.roster.harm, stunts=fighter.character.stunts
        )

    def attack_reach(self, actor: str, skills: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
        """Each skill ``actor`` may attack with, and the opponents it reaches (skills that reach
        nobody left out)."""
        roster = self.roster
        sheet = roster.fighter(actor).character
        # One look per opponent serves every skill: what a blow reaches, and what a shot does.
        ways = [
            (t, self._reach(actor, t))
            for t in roster.opponents(actor)
            if self.big_bad_rules.may_be_attacked(t)
        ]
        within = {ranged: tuple(t for t, both in ways if both[ranged]) for ranged in (False, True)}
        reach: dict[str, tuple[str, ...]] = {}
        for skill in skills:
            if not roster.can_attack(sheet, skill):
                continue
            found = within[self.attack_is_ranged(actor, skill)]
            if found:
                reach[skill] = found
        return reach

    def _reach(self, actor: str, target: str) -> tuple[bool, bool]:
        """Whether a blow, and whether a shot, from ``actor`` reaches ``target`` from where the
        two stand (big-bad immunity and shields aside)."""
        reaches = self.big_bad_rules.part_reaches(actor, target)
        if reaches is not None:
            return reaches, reaches
        zones = self.roster.scene.zones
        if self.roster.kind is ConflictKind.MENTAL or zones is None:
            return True, True
        if actor not in zones.positions or target not in zones.positions:
            return True, True
        if zones.can_interact(actor, target):
            return True, True
        return False, zones.can_reach(actor, target, ranged=True)

    def split_attack(
        self,
        actor: str,
        skill: str,
        *,
        dice: DiceSource,
        ranged: bool | None = None,
        second: str | None = None,
        rating: int | None = None,
    ) -> ActionRoll:
        """Roll one attack to split among several targets (the multiple-targets optional rule).

        Invoke on the returned roll as usual, then :meth:`assign_targets` shares out its effort.
        A split attack with a skill that attacks at range (:meth:`attack_is_ranged`, or
        ``ranged`` as a log recorded it) reaches targets in a zone within range, and Fight
        cannot parry it; a flurry of blows reaches only the attacker's zone, and may be parried.
        ``rating``: the bonus of the aspects a PC counts instead of a skill (The Three
        Rocketeers), which stands for the skill's rating.
        """
        return self._multi_attack(actor, skill, dice, "split", None, ranged, second, rating)

    def zone_attack(
        self,
        actor: str,
        skill: str,
        zone: str,
        *,
        dice: DiceSource,
        second: str | None = None,
        rating: int | None = None,
    ) -> ActionRoll:
        """Roll one attack on everyone in ``zone``, friend and foe (multiple-targets rule); with
        two combined lists, ``second`` is the second list's skill added; ``rating``: a counting
        PC's bonus in place of the skill's."""
        zones = self.roster.scene.zones
        if zones is None or zone not in zones.zones:
            raise BadInput(f"no zone {zone!r} in this scene")
        return self._multi_attack(actor, skill, dice, "zone", zone, second=second, rating=rating)

    def assign_targets(
        self,
        split: Mapping[str, int] | None = None,
        *,
        defend_skills: Mapping[str, str] | None = None,
        defender_dice: Mapping[str, DiceSource] | None = None,
        defend_ratings: Mapping[str, int] | None = None,
    ) -> dict[str, ActionRoll]:
        """Share out a split attack's effort (``split``: target to shifts), or aim a zone attack.

        Each target then defends against their share (or the whole effort in a zone attack);
        the returned rolls are rolled, and :meth:`resolve_targets` settles them.
        ``defend_ratings``: the bonus of the aspects a target that counts them defends with.
        """
        turn, roll = _rolled_multi_attack(self.turns)
        effort = roll.effort
        if turn.multi == "split":
            shares = self._check_split(turn.actor, effort, split or {}, ranged=turn.ranged)
        else:
            if split is not None:
                raise BadInput(
                    "a zone attack is not split: everyone defends against the whole effort"
                )
            assert turn.zone is not None and self.roster.scene.zones is not None
            shares = {p: effort for p in self._in_the_zone(turn)}
            if not shares:
                raise IllegalAction(f"nobody is in {turn.zone!r} to attack", MULTIPLE_TARGETS_RULE)
            if effort < 1:
                raise IllegalAction("the attack's effort is not positive", MULTIPLE_TARGETS_RULE)
        return self._aimed(
            turn, roll, shares, defend_skills, defender_dice, defend_ratings, checked=True
        )

    def assigned_recorded(
        self,
        split: Mapping[str, int] | None = None,
        *,
        defend_skills: Mapping[str, str] | None = None,
        defender_dice: Mapping[str, DiceSource] | None = None,
        defend_ratings: Mapping[str, int] | None = None,
    ) -> dict[str, ActionRoll]:
        """The targets of an attack on several, as a table's log recorded them (checked by no
        rule: see :meth:`assign_targets`)."""
        turn = self.turns.turn
        assert turn is not None and turn.roll is not None
        roll = turn.roll
        if turn.multi == "split":
            shares = dict(split or {})
        else:
            shares = {p: roll.effort for p in self._in_the_zone(turn)}
        return self._aimed(
            turn, roll, shares, defend_skills, defender_dice, defend_ratings, checked=False
        )

    def _aimed(
        self,
        turn: TurnInProgress,
        roll: ActionRoll,
        shares: Mapping[str, int],
        defend_skills: Mapping[str, str] | None,
        defender_dice: Mapping[str, DiceSource] | None,
        defend_ratings: Mapping[str, int] | None,
        *,
        checked: bool,
    ) -> dict[str, ActionRoll]:
        skills, dice, ratings = defend_skills or {}, defender_dice or {}, defend_ratings or {}
        rolls: dict[str, ActionRoll] = {}
        for target, share in shares.items():
            sub = ActionRoll(
                turn.actor,
                Action.ATTACK,
                share,
                skill=roll.skill,
                dice=ScriptedDice([FateDice((0, 0, 0, 0))]),  # the share is the whole effort
                ledger=self.roster.game.ledger,
                stunt_uses=self.roster.game.stunt_uses,
            )
            defend = self.defence.add_defence if checked else self.defence.defence_added
            defend(
                sub,
                target,
                skills.get(target),
                melee=_parried(turn),
                dice=dice.get(target),
                target=target,
                rating=ratings.get(target),
            )
            rolls[target] = sub
        roll.close()
        for sub in rolls.values():
            sub.roll()
        turn.targets = rolls
        return rolls

    def aimed_defence_skills(self, participant: str) -> tuple[str, ...]:
        """The skills ``participant`` may defend with against the split or zone attack waiting
        to have its targets chosen (raises when there is none)."""
        turn, _ = _rolled_multi_attack(self.turns)
        sheet = self.roster.fighter(participant).character
        return tuple(
            s
            for s in self.roster.sheet_skills(sheet)
            if self.roster.preset.can_use(
                s, Action.DEFEND, self.roster.harm, melee=_parried(turn), stunts=sheet.stunts
            )
        )

    def preview_targets(self) -> dict[str, Resolution]:
        """What each aimed target's outcome allows, as :meth:`resolve_targets` will settle it."""
        turn = self.turns.turn
        if self.turns.phase is not Phase.ROLL or turn is None or not turn.targets:
            raise IllegalAction("there are no aimed targets", MULTIPLE_TARGETS_RULE)
        return {
            target: with_weapon_and_armor(
                sub.preview(), weapon=turn.weapon, armor=self.roster.fighters[target].armor
            )
            for target, sub in turn.targets.items()
        }

    def target_defence(self, target: str) -> ActionRoll:
        """The defend roll of ``target``, an aimed target of a split or zone attack.

        Each target's defence is a roll like any other: invoke on it (through :meth:`invoke`)
        until :meth:`resolve_targets` settles the attack; the outcome for that target follows.
        """
        turn = self.turns.turn
        if self.turns.phase is not Phase.ROLL or turn is None or not turn.targets:
            raise IllegalAction("there are no aimed targets", MULTIPLE_TARGETS_RULE)
        sub = turn.targets.get(target)
        if sub is None:
            raise IllegalAction(f"{target} is not a target of this attack", MULTIPLE_TARGETS_RULE)
        assert sub.opposition is not None  # every target defends (assign_targets)
        return sub.opposition

    def aimed_defence(self, target: str) -> ActionRoll:
        """The defend roll of an aimed ``target``, where a table's log recorded an invoke on it
        (checked by no rule: see :meth:`target_defence`)."""
        turn = self.turns.turn
        assert turn is not None
        sub = turn.targets[target]
        assert sub.opposition is not None
        return sub.opposition

    def miss_everyone(self) -> None:
        """End a split or zone attack that reaches nobody: an effort with nothing to share out, or
        a zone with nobody in it. The action is spent and nothing happens."""
        turn, roll = _rolled_multi_attack(self.turns)
        nobody = (
            turn.zone is not None
            and self.roster.scene.zones is not None
            and not self._in_the_zone(turn)
        )
        if roll.effort >= 1 and not nobody:
            refuse(
                "the attack has a positive effort to share out: assign its targets",
                MULTIPLE_TARGETS_RULE,
            )
        self.missed_recorded()

    def missed_recorded(self) -> None:
        """An attack on several targets that reached nobody, as a table's log recorded it
        (checked by no rule: see :meth:`miss_everyone`)."""
        turn = self.turns.turn
        if turn is not None and turn.roll is not None:
            turn.roll.close()
        self.turns.phase = Phase.NEXT

    def resolve_targets(
        self, options: Mapping[str, str] | None = None
    ) -> dict[str, tuple[Resolution, Applied]]:
        """Settle every target of a split or zone attack; ``options`` picks per target."""
        turn = self.turns.turn
        if self.turns.phase is not Phase.ROLL or turn is None or not turn.targets:
            raise IllegalAction("there are no aimed targets to resolve", MULTIPLE_TARGETS_RULE)
        return self.resolved_recorded(options)

    def resolved_recorded(
        self, options: Mapping[str, str] | None = None
    ) -> dict[str, tuple[Resolution, Applied]]:
        """Every target of an attack on several settled as a table's log recorded it (checked
        by no rule: see :meth:`resolve_targets`)."""
        turn = self.turns.turn
        assert turn is not None
        chosen_by_target = options or {}
        previews = {
            target: with_weapon_and_armor(
                sub.preview(), weapon=turn.weapon, armor=self.roster.fighters[target].armor
            )
            for target, sub in turn.targets.items()
        }
        plans = {
            target: (resolution, choose(resolution, chosen_by_target.get(target)))
            for target, resolution in previews.items()
        }
        results: dict[str, tuple[Resolution, Applied]] = {}
        for target, (resolution, chosen) in plans.items():
            applied = carry_out(
                chosen,
                actor=turn.actor,
                opposition=target,
                aspects=self.roster.scene.aspects,
                checked=False,
            )
            turn.targets[target].close()
            if applied.hit > 0:
                self.hits.land(target, applied.hit, turn.actor)
            results[target] = (resolution, applied)
        self.hits.after_resolution()
        return results

    def _multi_attack(
        self,
        actor: str,
        skill: str,
        dice: DiceSource,
        multi: str,
        zone: str | None,
        ranged: bool | None = None,
        second: str | None = None,
        rating: int | None = None,
    ) -> ActionRoll:
        self.turns.check_action(actor)
        own = self.roster.fighter(actor).character.skills
        check_pair(self.roster.preset, own, skill, second, who=actor)
        require(
            self.roster.ruleset.has(OptionalRule.MULTIPLE_TARGETS),
            "attacks on several targets are not in use",
            MULTIPLE_TARGETS_RULE,
        )
        sheet = self.roster.fighter(actor).character
        # Aspects counted (a ``rating``): no skill, so none that cannot attack.
        if rating is None and not self.roster.preset.can_use(
            skill, Action.ATTACK, self.roster.harm, stunts=sheet.stunts
        ):
            refuse(
                f"{self.roster.skill_name(skill)} cannot make a {self.roster.harm.value} attack",
                ATTACK_DEFEND_RULE,
            )
        return self.multi_recorded(actor, skill, dice, multi, zone, ranged, second, rating)

    def multi_recorded(
        self,
        actor: str,
        skill: str,
        dice: DiceSource,
        multi: str,
        zone: str | None,
        ranged: bool | None = None,
        second: str | None = None,
        rating: int | None = None,
    ) -> ActionRoll:
        """An attack on several targets as a table's log recorded it (checked by no rule: see
        :meth:`split_attack` and :meth:`zone_attack`)."""
        # The effort is measured on its own first (against nothing), then shared out.
        roll = self.roster.action_roll(
            actor, Action.ATTACK, skill, dice, 0, second=second, rating=rating
        )
        if ranged is None:
            ranged = multi == "split" and self.attack_is_ranged(actor, skill)
        self.turns.start(
            TurnInProgress(
                actor,
                roll,
                weapon=self.roster.fighters[actor].weapon,
                zone=zone,
                multi=multi,
                ranged=ranged,
            )
        )
        return roll

    def _check_split(
        self,
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
            if target not in self.roster.opponents(actor):
                if target == actor or target not in self.roster.active():
                    raise IllegalAction(
                        f"{target} is not an active opponent of {actor}", EXCHANGE_RULE
                    )
                refuse(f"{target} is on {actor}'s side", EXCHANGE_RULE)  # the GM may allow it
            self.big_bad_rules.check_target(target)  # as for an attack on one target
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
        zones = self.roster.scene.zones
        if self.roster.kind is ConflictKind.PHYSICAL and zones is not None:
            # Someone off the map is not limited by zones, as for an attack on one target.
            placed = [t for t in split if t in zones.positions]
            where = {zones.zone_of(t) for t in placed}
            if len(where) > 1:
                refuse("split targets share one zone", MULTIPLE_TARGETS_RULE)
            for target in placed:
                if self.big_bad_rules.check_part_reach(actor, target):
                    continue
                if actor in zones.positions:
                    zones.check_reach(actor, target, ranged=ranged)
        return dict(split)

    def _in_the_zone(self, turn: TurnInProgress) -> list[str]:
        """Who a zone attack reaches: everyone active in its zone but the attacker, save those no
        attack may reach yet (an immune big bad, a part of a threat still shielded)."""
        zones = self.roster.scene.zones
        assert turn.zone is not None and zones is not None
        active = self.roster.active()
        return [
            p
            for p in zones.occupants(turn.zone)
            if p != turn.actor and p in active and self.big_bad_rules.may_be_attacked(p)
        ]


def _parried(turn: TurnInProgress) -> bool:
    """Whether close-combat defences count: a split attack of blows is a flurry that Fight can
    parry; a split made at range (shots) and a zone attack are not."""
    return turn.multi == "split" and not turn.ranged


def _rolled_multi_attack(turns: Turns) -> tuple[TurnInProgress, ActionRoll]:
    """The split or zone attack in play and its roll: rolled, its targets not yet chosen."""
    turn = turns.turn
    if turns.phase is not Phase.ROLL or turn is None or turn.roll is None or not turn.multi:
        raise IllegalAction(
            "there is no attack on several targets under way", MULTIPLE_TARGETS_RULE
        )
    if turn.targets:
        raise IllegalAction("the attack's targets are chosen: resolve them", MULTIPLE_TARGETS_RULE)
    if turn.roll.phase is RollPhase.READY:
        raise BadInput("roll the attack first")
    return turn, turn.roll
