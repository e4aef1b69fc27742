"""Defending in a conflict: the defence roll, full defense, interposing and teamwork."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Required, TypedDict, Unpack

from fatekit.rules.aspects.rolling import ActionRoll
from fatekit.rules.characters.combined_rolls import (
    COMBINED_TEAMWORK_RULE,
    best_second,
    check_pair,
    combined_rating,
    first_skills,
    team_rating,
)
from fatekit.rules.characters.counted import COUNTED_NO_SKILLS_RULE, counts_aspects
from fatekit.rules.characters.preset import ATTACK_DEFEND_RULE
from fatekit.rules.core.actions import Action
from fatekit.rules.core.dice import DiceSource
from fatekit.rules.core.errors import BadInput, ForbiddenAction, IllegalAction
from fatekit.rules.core.outcomes import Bonus, BonusKind
from fatekit.rules.core.teamwork import TEAMWORK_RULE, combine_skills
from fatekit.rules.core.waivers import refuse, require
from fatekit.rules.options.ruleset import OptionalRule
from fatekit.rules.scenes.conflict_big_bads import BigBadRules
from fatekit.rules.scenes.conflict_parts import (
    FULL_DEFENSE_RULE,
    INTERPOSE_RULE,
    TAKEN_OUT_RULE,
    ConflictKind,
    DefenseFocus,
    FocusKind,
    Phase,
    Roster,
    Status,
    TurnInProgress,
)
from fatekit.rules.scenes.conflict_turns import Turns

__all__ = ["Defence", "DefenceTerms"]


class DefenceTerms(TypedDict, total=False):
    """How a defence opposes a roll: ``melee``, against an attack at close quarters (which a
    defence like Fight may parry); its ``dice`` (``None``: rolled when the roll is); ``harm``, a
    defence against an attack (else, opposing a create an advantage or an overcome); the
    ``target`` the attack aims at; a ``trial`` roll (the odds before a roll) records nothing;
    with two combined lists, the ``second`` skill added (named by no one: the best of the second
    list)."""

    melee: Required[bool]
    dice: Required[DiceSource | None]
    harm: bool
    target: str | None
    trial: bool
    second: str | None
    # The bonus of the aspects a PC counts instead of a skill (The Three Rocketeers).
    rating: int | None


class Defence:
    """Defence rolls, full defense (who holds it, with what focus), interposing and helpers."""

    __slots__ = ("big_bad_rules", "defended", "full_defenders", "roster", "turns")

    def __init__(self, roster: Roster, turns: Turns, big_bad_rules: BigBadRules) -> None:
        self.roster = roster
        self.turns = turns
        self.big_bad_rules = big_bad_rules
        # Full defenders and their focus (``None``: Fate Core's version, every defence).
        self.full_defenders: dict[str, DefenseFocus | None] = {}
        self.defended: set[str] = set()  # full defenders who have rolled a defence since

    @property
    def full_defense_allowed(self) -> bool:
        """Whether either version of full defense is in use."""
        ruleset = self.roster.ruleset
        return ruleset.has(OptionalRule.FULL_DEFENSE_CORE) or ruleset.has(OptionalRule.FULL_DEFENSE)

    def full_defense(self, actor: str, focus: DefenseFocus | None = None) -> None:
        """Give up the action to concentrate on defence until the actor's next turn.

        Fate Core: +2 to every defend roll. Fate Condensed (the optional rule): +2 to defend rolls
        that fit the declared ``focus`` (oneself by default), and a boost at the next turn if no
        defence was rolled meanwhile.
        """
        self.turns.check_action(actor)
        require(
            self.full_defense_allowed,
            f"full defense is not in use at this table ({self.roster.preset.name})",
            FULL_DEFENSE_RULE,
        )
        if self.roster.ruleset.has(OptionalRule.FULL_DEFENSE_CORE):
            if focus is not None:
                raise BadInput("Fate Core's full defense covers every defence: it takes no focus")
        else:
            chosen = focus if focus is not None else DefenseFocus()
            for who in chosen.who:
                self.roster.fighter(who)
            if chosen.kind in (FocusKind.PROTECT, FocusKind.AGGRESSORS) and not chosen.who:
                raise BadInput(f"a {chosen.kind.value} focus names who it is about")
        self.full_defense_taken(actor, focus)

    def full_defense_taken(self, actor: str, focus: DefenseFocus | None = None) -> None:
        """``actor`` gives up the action for full defense, as a table's log recorded it
        (checked by no rule: see :meth:`full_defense`)."""
        if self.roster.ruleset.has(OptionalRule.FULL_DEFENSE_CORE):
            self.full_defenders[actor] = None
        else:
            self.full_defenders[actor] = focus if focus is not None else DefenseFocus()
        self.defended.discard(actor)
        self.turns.start(TurnInProgress(actor), Phase.NEXT)

    def turn_begins(self, actor: str) -> None:
        """Full defence lasts until one's next turn; a Condensed full defender who never had to
        defend gets a boost for the preparation."""
        if actor in self.full_defenders:
            focus = self.full_defenders.pop(actor)
            if focus is not None and actor not in self.defended:
                self.roster.scene.aspects.create_boost(actor)
        self.defended.discard(actor)

    def forget(self, participant: str) -> None:
        """``participant`` left the conflict: their full defense goes with them."""
        self.full_defenders.pop(participant, None)

    def defence_skills(self, defender: str, *, melee: bool) -> tuple[str, ...]:
        """The skills ``defender`` may defend against this conflict's harm with, best first
        (the first is what the engine rolls when no skill is named); ``melee``: against an attack
        at close quarters, which a defence like Fight may parry."""
        roster = self.roster
        sheet = roster.fighter(defender).character
        allowed = [
            s
            for s in first_skills(roster.preset, roster.sheet_skills(sheet))
            if roster.preset.can_use(
                s, Action.DEFEND, roster.harm, melee=melee, stunts=sheet.stunts
            )
        ]
        return tuple(sorted(allowed, key=lambda s: -roster.rating(sheet, s)))

    def opposing_skills(self, participant: str) -> tuple[str, ...]:
        """The skills ``participant`` may actively oppose a create an advantage or an overcome
        with, best first: any skill the story makes fit; named by no one, the best is rolled."""
        roster = self.roster
        sheet = roster.fighter(participant).character
        skills = first_skills(roster.preset, roster.sheet_skills(sheet))
        return tuple(sorted(skills, key=lambda s: -roster.rating(sheet, s)))

    def opposed_roll(
        self,
        actor: str,
        action: Action,
        skill: str,
        dice: DiceSource,
        difficulty: int | None,
        against: str | None,
        defend_skill: str | None,
        defender_dice: DiceSource | None,
        *,
        checked: bool = True,
        second: str | None = None,
        defend_second: str | None = None,
        ratings: tuple[int | None, int | None] = (None, None),
    ) -> ActionRoll:
        """``actor``'s roll against a ``difficulty`` or the active opposition of ``against``
        (not ``checked``: as a table's log recorded it, checked by no rule); ``second`` and
        ``defend_second``: the skills of the second list added, with two combined lists;
        ``ratings`` are the roller's and the defender's counted aspects' bonuses, where they
        count."""
        if checked and (difficulty is None) == (against is None):
            raise BadInput("give either a difficulty or who opposes the roll (against=...)")
        rating, defend_rating = ratings
        roll = self.roster.action_roll(
            actor, action, skill, dice, difficulty, second=second, checked=checked, rating=rating
        )
        if against is not None:
            if checked:
                self._check_opposes(against)
            defend = self.add_defence if checked else self.defence_added
            defend(
                roll,
                against,
                defend_skill,
                melee=True,
                dice=defender_dice,
                harm=False,
                second=defend_second,
                rating=defend_rating,
            )
        return roll

    def _check_opposes(self, against: str) -> None:
        """Raise unless ``against`` is still in the conflict to oppose a roll."""
        if self.roster.fighter(against).status is not Status.ACTIVE:
            raise IllegalAction(f"{against} is out of the conflict", TAKEN_OUT_RULE)

    def add_defence(
        self, roll: ActionRoll, defender: str, skill: str | None, **how: Unpack[DefenceTerms]
    ) -> None:
        """``defender`` opposes ``roll`` with ``skill`` (named by no one: the best they may use),
        as ``how`` says (:class:`DefenceTerms`: a ``trial`` roll records nothing, a full defender
        has not defended yet)."""
        roster = self.roster
        roster.fighter(defender)
        if how.get("harm", True) and how.get("rating") is None:
            allowed = self.defence_skills(defender, melee=how["melee"])
            if skill is None:
                if not allowed:
                    refuse(f"{defender} has no skill to defend with", ATTACK_DEFEND_RULE)
            elif skill not in allowed:
                refuse(
                    f"{roster.skill_name(skill)} cannot defend against this attack",
                    ATTACK_DEFEND_RULE,
                )
        second = how.get("second")
        if skill is not None or second is not None:
            sheet = roster.fighters[defender].character
            if skill is not None:
                chosen = skill
            elif how.get("rating") is not None:
                chosen = ""  # aspects counted: no skill (and a second one refused)
            else:
                chosen = self._default_skill(defender, how)
            found = second if second is not None else best_second(roster.preset, sheet.skills)
            check_pair(roster.preset, sheet.skills, chosen, found, who=defender)
        self.defence_added(roll, defender, skill, **how)

    def _default_skill(self, defender: str, how: DefenceTerms) -> str:
        """The skill the engine defends ``defender`` with when nobody names one."""
        allowed = self.defence_skills(defender, melee=how["melee"]) if how.get("harm", True) else ()
        return (allowed or self.opposing_skills(defender))[0]

    def defence_added(
        self, roll: ActionRoll, defender: str, skill: str | None, **how: Unpack[DefenceTerms]
    ) -> None:
        """``defender`` opposes ``roll`` as a table's log recorded it (checked by no rule: see
        :meth:`add_defence`), with ``skill`` or the best they may use (any, if none may)."""
        roster = self.roster
        sheet = roster.fighters[defender].character
        counted = how.get("rating")  # aspects counted: their bonus stands for a skill's rating
        if skill is None and counted is None:
            skill = self._default_skill(defender, how)
        dice = how["dice"]
        if counted is not None:
            rating = counted
        else:
            assert skill is not None  # picked above when none was named
            rating = roster.rating(sheet, skill)
            # With two combined lists a defence adds a skill of the second list too (the best,
            # named by no one); older logs never had two.
            second = how.get("second") or best_second(roster.preset, sheet.skills)
            if second is not None:
                rating = combined_rating(rating, sheet.rating(second))
        # The defence's stunts may name the second skill its move recorded (an attack on several
        # targets records none: there, those of the first list alone).
        defence = roll.opposed_by(
            defender, rating, skill=skill, dice=dice, second_skill=how.get("second")
        )
        roster.mob_bonus(defence, defender)
        self.big_bad_rules.solo_bonus(defence, defender)
        if defender in self.full_defenders:
            if not how.get("trial", False):
                self.defended.add(defender)
            if self._focus_applies(defender, roll, how.get("target")):
                defence.add_bonus(Bonus(BonusKind.OTHER, 2, "full defense"))

    def add_helpers(self, roll: ActionRoll, actor: str, skill: str, helpers: Iterable[str]) -> None:
        """Teamwork: allies who have not acted add +1 each and spend their action doing so."""
        helping = list(dict.fromkeys(helpers))
        if not helping:
            return
        roster, exchange = self.roster, self.turns.exchange
        side = roster.fighter(actor).side
        counted = roster.preset.counted
        for helper in helping:
            fighter = roster.fighter(helper)
            if helper == actor or fighter.side != side or fighter.status is not Status.ACTIVE:
                raise ForbiddenAction(f"{helper} is not an active ally of {actor}", TEAMWORK_RULE)
            if helper in exchange.acted:
                refuse(f"{helper} has already acted this exchange", TEAMWORK_RULE)
        # Teamwork lends a skill: a PC who counts aspects has none to lend or to be helped in.
        for who in (actor, *helping):
            if counts_aspects(counted, roster.fighter(who).character):
                refuse(
                    f"{who} counts aspects and has no skill for teamwork to help with",
                    COUNTED_NO_SKILLS_RULE,
                )
        # With two combined lists each helper lends the roll's same two skills, added.
        second = roll.second_skill
        ratings = {actor: roll.rating}
        for h in helping:
            sheet = roster.fighter(h).character
            roster.rating(sheet, skill)  # a skill the preset or the sheet has
            ratings[h] = team_rating(sheet.rating, skill, second)
        try:
            team = combine_skills(ratings, roller=actor)
        except BadInput as error:
            why = TEAMWORK_RULE if second is None else COMBINED_TEAMWORK_RULE
            raise IllegalAction(str(error), why) from None
        idle = [h for h in helping if h not in team.helpers]
        if idle:
            names = ", ".join(idle)
            what = roster.skill_name(skill)
            if second is not None:
                what += f" + {roster.skill_name(second)}"
            refuse(
                f"{names} cannot help: helping needs at least Average (+1) in {what}",
                TEAMWORK_RULE if second is None else COMBINED_TEAMWORK_RULE,
            )
        self.helpers_added(roll, actor, skill, helping)

    def helpers_added(
        self, roll: ActionRoll, actor: str, skill: str, helpers: Iterable[str]
    ) -> None:
        """Teamwork as a table's log recorded it (checked by no rule: see :meth:`add_helpers`):
        the helpers' +1 each, and their action spent."""
        helping = list(dict.fromkeys(helpers))
        if not helping:
            return
        roster = self.roster
        ratings = {actor: roll.rating}
        ratings.update(
            {
                h: team_rating(roster.fighters[h].character.rating, skill, roll.second_skill)
                for h in helping
            }
        )
        try:
            team = combine_skills(ratings, roller=actor)
        except BadInput:
            return  # the GM let them help for nothing
        roll.counted(team.as_bonus())
        self.turns.exchange.acted.update(helping)  # helping is the helper's action

    def check_interpose(self, defender: str, target: str) -> None:
        """Refuse ``defender`` stepping in for ``target`` unless they are an ally close by."""
        if defender == target:
            return
        fighters = self.roster.fighters
        if defender not in self.roster.active() or fighters[defender].side != fighters[target].side:
            raise ForbiddenAction(f"{defender} is not an active ally of {target}", INTERPOSE_RULE)
        zones = self.roster.scene.zones
        if (
            self.roster.kind is ConflictKind.PHYSICAL
            and zones is not None
            and not zones.can_interact(defender, target)
        ):
            refuse(f"{defender} is too far from {target} to step in", INTERPOSE_RULE)

    def _focus_applies(self, defender: str, roll: ActionRoll, target: str | None) -> bool:
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
