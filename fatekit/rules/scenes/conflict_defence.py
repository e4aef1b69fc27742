"""Defending in a conflict: the defence roll, full defense, interposing and teamwork."""

from __future__ import annotations

from collections.abc import Iterable

from fatekit.rules.aspects.rolling import ActionRoll
from fatekit.rules.characters.preset import ATTACK_DEFEND_RULE
from fatekit.rules.core.actions import Action
from fatekit.rules.core.dice import DiceSource
from fatekit.rules.core.errors import BadInput, ForbiddenAction, IllegalAction
from fatekit.rules.core.outcomes import Bonus, BonusKind
from fatekit.rules.core.teamwork import TEAMWORK_RULE, combine_skills
from fatekit.rules.core.waivers import refuse, require
from fatekit.rules.options.ruleset import OptionalRule
from fatekit.rules.scenes.conflict_parts import (
    FULL_DEFENSE_RULE,
    INTERPOSE_RULE,
    TAKEN_OUT_RULE,
    ConflictHost,
    ConflictKind,
    ConflictPart,
    DefenseFocus,
    FocusKind,
    Phase,
    Status,
    TurnInProgress,
)

__all__ = ["Defence"]


class Defence(ConflictPart):
    """Defence rolls, full defense, interposing and helpers."""

    def full_defense(self: ConflictHost, actor: str, focus: DefenseFocus | None = None) -> None:
        """Give up the action to concentrate on defence until the actor's next turn.

        Fate Core: +2 to every defend roll. Fate Condensed (the optional rule): +2 to defend rolls
        that fit the declared ``focus`` (oneself by default), and a boost at the next turn if no
        defence was rolled meanwhile.
        """
        self._check_action(actor)
        require(
            self.full_defense_allowed,
            f"full defense is not in use at this table ({self.preset.name})",
            FULL_DEFENSE_RULE,
        )
        if self.ruleset.has(OptionalRule.FULL_DEFENSE_CORE):
            if focus is not None:
                raise BadInput("Fate Core's full defense covers every defence: it takes no focus")
            self.full_defenders[actor] = None
        else:
            chosen = focus if focus is not None else DefenseFocus()
            for who in chosen.who:
                self.fighter(who)
            if chosen.kind in (FocusKind.PROTECT, FocusKind.AGGRESSORS) and not chosen.who:
                raise BadInput(f"a {chosen.kind.value} focus names who it is about")
            self.full_defenders[actor] = chosen
        self._defended.discard(actor)
        self._turn = TurnInProgress(actor)
        self.phase = Phase.NEXT

    def defence_skills(self: ConflictHost, defender: str, *, melee: bool) -> tuple[str, ...]:
        """The skills ``defender`` may defend against this conflict's harm with, best first
        (the first is what the engine rolls when no skill is named); ``melee``: against an attack
        at close quarters, which a defence like Fight may parry."""
        sheet = self.fighter(defender).character
        allowed = [
            s
            for s in self._sheet_skills(sheet)
            if self.preset.can_use(s, Action.DEFEND, self.harm, melee=melee, stunts=sheet.stunts)
        ]
        return tuple(sorted(allowed, key=lambda s: -self._rating(sheet, s)))

    def opposing_skills(self: ConflictHost, participant: str) -> tuple[str, ...]:
        """The skills ``participant`` may actively oppose a create an advantage or an overcome
        with, best first: any skill the story makes fit; named by no one, the best is rolled."""
        sheet = self.fighter(participant).character
        return tuple(sorted(self._sheet_skills(sheet), key=lambda s: -self._rating(sheet, s)))

    def _opposed_roll(
        self: ConflictHost,
        actor: str,
        action: Action,
        skill: str,
        dice: DiceSource,
        difficulty: int | None,
        against: str | None,
        defend_skill: str | None,
        defender_dice: DiceSource | None,
    ) -> ActionRoll:
        if (difficulty is None) == (against is None):
            raise BadInput("give either a difficulty or who opposes the roll (against=...)")
        roll = self._action_roll(actor, action, skill, dice, difficulty)
        if against is not None:
            if self.fighter(against).status is not Status.ACTIVE:
                raise IllegalAction(f"{against} is out of the conflict", TAKEN_OUT_RULE)
            self._add_defence(
                roll, against, defend_skill, melee=True, dice=defender_dice, harm=False
            )
        return roll

    def _add_defence(
        self: ConflictHost,
        roll: ActionRoll,
        defender: str,
        skill: str | None,
        *,
        melee: bool,
        dice: DiceSource | None,
        harm: bool = True,
        target: str | None = None,
    ) -> None:
        sheet = self.fighter(defender).character
        if harm:
            allowed = self.defence_skills(defender, melee=melee)
            if skill is None:
                if not allowed:
                    refuse(f"{defender} has no skill to defend with", ATTACK_DEFEND_RULE)
                    allowed = self.opposing_skills(defender)  # the GM allows any, best first
                skill = allowed[0]
            elif skill not in allowed:
                refuse(
                    f"{self._skill_name(skill)} cannot defend against this attack",
                    ATTACK_DEFEND_RULE,
                )
        elif skill is None:
            skill = self.opposing_skills(defender)[0]
        defence = roll.opposed_by(defender, self._rating(sheet, skill), skill=skill, dice=dice)
        self._mob_bonus(defence, defender)
        self._solo_bonus(defence, defender)
        if defender in self.full_defenders:
            self._defended.add(defender)
            if self._focus_applies(defender, roll, target):
                defence.add_bonus(Bonus(BonusKind.OTHER, 2, "full defense"))

    def _add_helpers(
        self: ConflictHost, roll: ActionRoll, actor: str, skill: str, helpers: Iterable[str]
    ) -> None:
        """Teamwork: allies who have not acted add +1 each and spend their action doing so."""
        helping = list(dict.fromkeys(helpers))
        if not helping:
            return
        side = self.fighter(actor).side
        for helper in helping:
            fighter = self.fighter(helper)
            if helper == actor or fighter.side != side or fighter.status is not Status.ACTIVE:
                raise ForbiddenAction(f"{helper} is not an active ally of {actor}", TEAMWORK_RULE)
            if helper in self.exchange.acted:
                refuse(f"{helper} has already acted this exchange", TEAMWORK_RULE)
        ratings = {actor: roll.rating}
        ratings.update({h: self._rating(self.fighter(h).character, skill) for h in helping})
        try:
            team = combine_skills(ratings, roller=actor)
        except BadInput as error:
            raise IllegalAction(str(error), TEAMWORK_RULE) from None
        idle = [h for h in helping if h not in team.helpers]
        if idle:
            names = ", ".join(idle)
            refuse(
                f"{names} cannot help: helping needs at least Average (+1) in "
                f"{self._skill_name(skill)}",
                TEAMWORK_RULE,
            )
        roll.add_bonus(team.as_bonus())
        self.exchange.acted.update(helping)  # helping is the helper's action for the exchange

    def _focus_applies(
        self: ConflictHost, defender: str, roll: ActionRoll, target: str | None
    ) -> bool:
        focus = self.full_defenders[defender]
        if focus is None:
            return True  # Fate Core: every defence
        if focus.kind is FocusKind.SELF:
            return target in (None, defender) and roll.action is not Action.OVERCOME
        if focus.kind is FocusKind.PROTECT:
            return target in focus.who
        if focus.kind is FocusKind.AGGRESSORS:
            return roll.actor in focus.who
        return roll.action is Action.OVERCOME

    def _check_interpose(self: ConflictHost, defender: str, target: str) -> None:
        if defender == target:
            return
        if (
            defender not in self.active()
            or self.fighters[defender].side != self.fighters[target].side
        ):
            raise ForbiddenAction(f"{defender} is not an active ally of {target}", INTERPOSE_RULE)
        zones = self.scene.zones
        if (
            self.kind is ConflictKind.PHYSICAL
            and zones is not None
            and not zones.can_interact(defender, target)
        ):
            refuse(
                f"{defender} is too far from {target} to step in",
                INTERPOSE_RULE,
            )
