"""Playing out one roll: dice, invokes after the dice are seen, stunts, and the resolution.

An :class:`ActionRoll` faces either a passive :class:`Difficulty` or an opposing defend roll
(another :class:`ActionRoll`, made with :meth:`ActionRoll.opposed_by`). Once the dice are down,
participants may invoke aspects and use stunts; :meth:`ActionRoll.resolve` then closes the roll and
returns what the outcome allows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.aspects.fate_points import FateLedger
from fatekit.rules.aspects.invokes import (
    INVOKE_EFFECTS_RULE,
    Invocation,
    InvokeEffect,
    check_invoke,
    paid_for_invoke,
)
from fatekit.rules.aspects.stunt_uses import StuntUses
from fatekit.rules.aspects.stunts import BONUS_STUNT_RULE, RULE_STUNT_RULE, SkillBonus, Stunt
from fatekit.rules.core.actions import (
    Action,
    AddFreeInvokes,
    AdvantageTarget,
    CreateAspect,
    GainBoost,
    Option,
    Resolution,
    Side,
    resolve,
)
from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.dice import DiceSource
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.outcomes import Bonus, BonusKind, Difficulty, Outcome, Roll, outcome_for
from fatekit.rules.core.randomizers import Dice
from fatekit.rules.core.waivers import refuse

__all__ = ["AFTER_DICE_RULE", "ActionRoll", "RecordedFigures", "RollPhase", "offering"]

AFTER_DICE_RULE = rule(
    "invoke.after-the-dice",
    CONDENSED,
    "Aspects and Fate Points > The Ellipsis Trick",
    "Aspects are invoked once the dice are seen, and before the outcome is settled",
)


class RollPhase(StrEnum):
    """Where a roll is in its life."""

    READY = "ready"  # dice not rolled yet
    ROLLED = "rolled"  # dice down; invokes and stunts may be added
    RESOLVED = "resolved"  # outcome settled; nothing more may change


@dataclass(frozen=True, slots=True)
class RecordedFigures:
    """A roll's figures as they were decided: its effort, the opposition it faced (``None``: a
    defence's, or an attack on several targets not yet split) and the outcome (``None`` with
    no opposition). A table's log records them for every roll in play a move changed."""

    effort: int
    opposition: int | None = None
    outcome: Outcome | None = None


@dataclass(frozen=True, slots=True)
class _Kept:
    # What holds a roll to its recorded figures: the effort's difference from what the rules
    # give it now (an invoke or a reroll made later still adds to it), and the outcome recorded
    # for the shifts it had then.
    offset: int
    shifts: int | None = None
    outcome: Outcome | None = None


class ActionRoll:
    """One participant's roll for an action, with everything that modifies it.

    A roll folded again from a table's log is held to the figures the log recorded
    (:meth:`keep_figures`), whatever ratings, bonuses and the ladder give now."""

    def __init__(
        self,
        actor: str,
        action: Action,
        rating: int,
        *,
        skill: str | None = None,
        difficulty: int | None = None,
        dice: DiceSource,
        ledger: FateLedger | None = None,
        stunt_uses: StuntUses | None = None,
        second_skill: str | None = None,
    ) -> None:
        self.actor = actor
        self.action = action
        self.rating = rating
        self.skill = skill
        # Two combined lists: the second list's skill added, on which a stunt may work too.
        self.second_skill = second_skill
        self.dice_source = dice
        self.ledger = ledger
        self.stunt_uses = stunt_uses
        self.difficulty: Difficulty | None = None if difficulty is None else Difficulty(difficulty)
        self.opposition: ActionRoll | None = None
        self.opposes: ActionRoll | None = None
        self.phase = RollPhase.READY
        self.dice: Dice | None = None
        self.rerolled: list[Dice] = []  # earlier dice, replaced by rerolls
        self.bonuses: list[Bonus] = []
        self.invocations: list[Invocation] = []
        self.extra_free_invokes = 0  # from stunts, added to a successful create an advantage
        self.stunt_boosts = 0  # boosts stunts grant the roller, whatever the outcome
        self.stunts_used: list[str] = []
        self.kept: _Kept | None = None
        if action is Action.DEFEND and difficulty is not None:
            raise BadInput("a defend roll opposes another roll; it has no difficulty of its own")

    # -- setting up -------------------------------------------------------------------------

    def opposed_by(
        self,
        defender: str,
        rating: int,
        *,
        skill: str | None = None,
        dice: DiceSource | None = None,
        second_skill: str | None = None,
    ) -> ActionRoll:
        """Add an active defender: their defend roll becomes this roll's opposition."""
        if self.action is Action.DEFEND:
            raise BadInput("a defend roll cannot itself be defended against")
        if self.difficulty is not None or self.opposition is not None:
            raise BadInput("this roll already has its opposition")
        if self.phase is not RollPhase.READY:
            raise BadInput("opposition must be set before the dice are rolled")
        defense = ActionRoll(
            defender,
            Action.DEFEND,
            rating,
            skill=skill,
            dice=dice if dice is not None else self.dice_source,
            ledger=self.ledger,
            stunt_uses=self.stunt_uses,
            second_skill=second_skill,
        )
        defense.opposes = self
        self.opposition = defense
        return defense

    # -- the dice ---------------------------------------------------------------------------

    def roll(self) -> Dice:
        """Roll this roll's dice (and an active defender's, if they have not rolled yet)."""
        if self.phase is not RollPhase.READY:
            raise BadInput(f"{self.actor}'s dice have already been rolled")
        if self.action is not Action.DEFEND and self.difficulty is None and self.opposition is None:
            raise BadInput("set a difficulty or an active defender before rolling")
        self.dice = self.dice_source.roll()
        self.phase = RollPhase.ROLLED
        if self.opposition is not None and self.opposition.phase is RollPhase.READY:
            self.opposition.roll()
        return self.dice

    @property
    def effort(self) -> int:
        """Dice plus rating plus bonuses (as recorded, when the roll is held to its figures)."""
        offset = 0 if self.kept is None else self.kept.offset
        return self._as_roll().effort + offset

    @property
    def opposition_value(self) -> int:
        """The difficulty or the defender's effort this roll must beat."""
        if self.opposition is not None:
            return self.opposition.effort
        if self.difficulty is not None:
            return self.difficulty.value
        if self.opposes is not None:
            return self.opposes.effort
        raise BadInput("this roll has no opposition")

    @property
    def shifts(self) -> int:
        """Effort minus opposition."""
        return self.effort - self.opposition_value

    @property
    def outcome(self) -> Outcome:
        """The outcome as things stand: as recorded, for the shifts it was recorded with."""
        shifts = self.shifts
        kept = self.kept
        if kept is not None and kept.outcome is not None and kept.shifts == shifts:
            return kept.outcome
        return outcome_for(shifts)

    def figures(self) -> RecordedFigures | None:
        """The roll's figures as things stand (``None`` before the dice, or facing nobody)."""
        if self.dice is None:
            return None
        if self.action is Action.DEFEND:
            return RecordedFigures(self.effort)
        if self.opposition is None and self.difficulty is None and self.opposes is None:
            return RecordedFigures(self.effort)  # an attack on several targets, not yet split
        return RecordedFigures(self.effort, self.opposition_value, self.outcome)

    def keep_figures(self, figures: RecordedFigures) -> None:
        """Hold the roll (and its defence) to ``figures``, as a table's log recorded them: no
        rating, bonus or ladder of today changes them, and what a later move adds (an invoke's
        +2, a reroll's dice) adds to them."""
        offset = figures.effort - self._as_roll().effort
        if self.opposition is not None and figures.opposition is not None:
            self.opposition.keep_figures(RecordedFigures(figures.opposition))
        if figures.outcome is None:
            self.kept = _Kept(offset)
            return
        opposing = figures.opposition if figures.opposition is not None else self.opposition_value
        self.kept = _Kept(offset, figures.effort - opposing, figures.outcome)

    # -- modifying the roll -----------------------------------------------------------------

    def invoke(
        self,
        aspect: Aspect,
        *,
        by: str | None = None,
        effect: InvokeEffect = InvokeEffect.PLUS_TWO,
        free: bool = False,
        hostile: bool | None = None,
        payer: str | None = None,
    ) -> Invocation:
        """Invoke ``aspect`` on this roll, paying a fate point or spending a free invoke.

        ``by`` defaults to the roller. Someone else may invoke for +2 on the roller's behalf, or to
        raise the difficulty the roller faces; only the roller rerolls their own dice. ``payer``
        is whose supply pays a paid invoke when it is not ``by``'s own (a player's extra).
        """
        by = self.actor if by is None else by
        self._check_open()
        if effect is InvokeEffect.REROLL and by != self.actor:
            refuse("only the one who rolled can reroll their dice", INVOKE_EFFECTS_RULE)
        if effect is InvokeEffect.RAISE_DIFFICULTY:
            if self.difficulty is None:
                raise IllegalAction(
                    "only a passive difficulty can be raised; against a defender, invoke on "
                    "their defend roll instead",
                    INVOKE_EFFECTS_RULE,
                )
            if by == self.actor:
                refuse(
                    "raising a difficulty is done against someone else's roll", INVOKE_EFFECTS_RULE
                )
        paid_already = {i.aspect_id for i in self.invocations if not i.free}
        check_invoke(
            aspect, by, free=free, ledger=self.ledger, paid_already=paid_already, payer=payer
        )
        return self.invoked(aspect, by=by, effect=effect, free=free, hostile=hostile, payer=payer)

    def invoked(
        self,
        aspect: Aspect,
        *,
        by: str | None = None,
        effect: InvokeEffect = InvokeEffect.PLUS_TWO,
        free: bool = False,
        hostile: bool | None = None,
        payer: str | None = None,
    ) -> Invocation:
        """An invoke on this roll as a table's log recorded it (checked by no rule: see
        :meth:`invoke`): paid for, and its +2, raise or reroll counted."""
        by = self.actor if by is None else by
        beneficiary = self.actor if effect is not InvokeEffect.RAISE_DIFFICULTY else by
        invocation = paid_for_invoke(
            aspect,
            by,
            effect,
            free=free,
            beneficiary=beneficiary,
            ledger=self.ledger,
            hostile=hostile,
            payer=payer,
        )
        self.invocations.append(invocation)
        source = f"invoke {aspect.label}"
        if effect is InvokeEffect.PLUS_TWO:
            self.bonuses.append(Bonus(BonusKind.INVOKE, 2, source))
        elif effect is InvokeEffect.RAISE_DIFFICULTY:
            if self.difficulty is not None:
                raises = (*self.difficulty.raises, Bonus(BonusKind.INVOKE, 2, source))
                self.difficulty = Difficulty(self.difficulty.rating, raises)
        else:
            if self.dice is not None:
                self.rerolled.append(self.dice)
            self.dice = self.dice_source.roll()
        return invocation

    def use_stunt(self, stunt: Stunt, *, payer: str | None = None) -> Bonus | None:
        """Apply one of the roller's stunts, paying its fate point or counting its use.

        A bonus stunt adds its bonus (returned); a stunt that grants extra free invokes adds them
        to what a successful create an advantage yields, one that grants a boost gives the
        roller a boost whatever the outcome, and one that lets this skill do this action only
        counts its use (each of these returns ``None``). A stunt that does not fit the roll, a
        stunt applied twice, or one already spent this scene or session is refused (a GM may
        set the rule aside); a fate point the roller lacks cannot be spent (``payer``: whose
        supply pays it when not the roller's own, a player's extra's).
        """
        self._check_open()
        if self.skill is None:
            raise BadInput("name the skill of this roll to use a stunt on it")
        skill = stunt.skill_on(self.skill, self.second_skill)
        bonus = stunt.bonus_for(skill, self.action)
        if not stunt.applies_to(skill, self.action):
            used = self.skill if self.second_skill is None else f"{self.skill}+{self.second_skill}"
            refuse(
                f"stunt {stunt.name!r} does not apply to {used} used to {self.action.value}",
                BONUS_STUNT_RULE if isinstance(stunt.effect, SkillBonus) else RULE_STUNT_RULE,
            )
            # The GM lets it apply here anyway: its bonus counts as if the roll fitted it.
            if isinstance(stunt.effect, SkillBonus):
                bonus = stunt.effect.bonus
        if stunt.name in self.stunts_used:
            refuse(f"stunt {stunt.name!r} is already applied to this roll", BONUS_STUNT_RULE)
        if self.stunt_uses is not None:
            self.stunt_uses.check(self.actor, stunt, self.ledger, payer=payer)
            if stunt.always_on:
                self.stunt_uses.use(self.actor, stunt, self.ledger)  # refuses: nothing to use
        elif stunt.fate_point_cost:
            if self.ledger is None:
                raise BadInput("a stunt that costs a fate point needs a FateLedger")
            self.ledger.wallet(payer or self.actor).check_can_spend(
                stunt.fate_point_cost, purpose=f"use stunt {stunt.name!r}"
            )
        return self.stunt_applied(stunt, bonus=bonus, payer=payer)

    def stunt_applied(
        self, stunt: Stunt, *, bonus: int | None = None, payer: str | None = None
    ) -> Bonus | None:
        """A stunt used on this roll as a table's log recorded it (checked by no rule: see
        :meth:`use_stunt`): its use counted and paid for, its bonus, free invokes and boosts
        added (``bonus`` as the rules gave it; by default, what the stunt gives)."""
        if self.skill is None:
            return None
        skill = stunt.skill_on(self.skill, self.second_skill)
        extra = stunt.extra_free_invokes(skill, self.action)
        boost = stunt.boost_on(skill, self.action)
        if bonus is None:
            bonus = stunt.bonus_for(skill, self.action)
        if self.stunt_uses is not None:
            self.stunt_uses.count_use(self.actor, stunt, self.ledger, payer=payer)
        elif stunt.fate_point_cost and self.ledger is not None:
            self.ledger.wallet(payer or self.actor).pay(stunt.fate_point_cost)
        self.stunts_used.append(stunt.name)
        self.extra_free_invokes += extra
        self.stunt_boosts += int(boost)
        if bonus == 0:
            return None
        applied = Bonus(BonusKind.STUNT, bonus, f"stunt {stunt.name}")
        self.bonuses.append(applied)
        return applied

    def add_bonus(self, bonus: Bonus) -> None:
        """Add any other bonus (teamwork, a GM's modifier...)."""
        if self.phase is RollPhase.RESOLVED:
            self._check_open(need_dice=False)  # raises: the roll is settled
        self.counted(bonus)

    def counted(self, bonus: Bonus) -> None:
        """A bonus on this roll as a table's log recorded it (checked by no rule)."""
        self.bonuses.append(bonus)

    # -- settling ---------------------------------------------------------------------------

    def preview(
        self,
        *,
        target: AdvantageTarget = AdvantageTarget.NEW,
        shifts: int | None = None,
        extra_free_invokes: int = 0,
        outcome: Outcome | None = None,
    ) -> Resolution:
        """What the outcome allows as things stand, without closing the roll.

        ``shifts`` replaces the roll's own shifts when something changes them after the dice
        (scale's after-roll benefit); ``extra_free_invokes`` adds to a successful advantage;
        ``outcome`` is the outcome a table's log says the roll had, whatever the ladder says.
        """
        if self.action is Action.DEFEND:
            raise BadInput("resolve the roll being defended against, not the defend roll")
        if self.phase is RollPhase.RESOLVED:
            raise BadInput("this roll is already resolved")
        if self.phase is RollPhase.READY or (
            self.opposition is not None and self.opposition.phase is RollPhase.READY
        ):
            raise BadInput("roll the dice before resolving")
        # The recorded outcome goes with the roll's own shifts (a scale's benefit changes them).
        kept = shifts is None or shifts == self.shifts
        if outcome is None and kept:
            outcome = self.outcome
        resolution = resolve(
            self.action,
            self.shifts if shifts is None else shifts,
            active_opposition=self.opposition is not None,
            target=target,
            outcome=outcome,
        )
        extra = self.extra_free_invokes + extra_free_invokes
        if extra and resolution.outcome.succeeded:
            resolution = _with_extra_invokes(resolution, extra)
        if self.stunt_boosts:
            resolution = _with_boosts(resolution, self.stunt_boosts)
        return resolution

    def resolve(self, *, target: AdvantageTarget = AdvantageTarget.NEW) -> Resolution:
        """Close this roll (and its defender's) and say what the outcome allows.

        For a create an advantage, ``target`` says whether it makes a new aspect or works an
        existing one, known or unknown to the roller.
        """
        resolution = self.preview(target=target)
        self.close()
        return resolution

    def close(self) -> None:
        """Settle the roll: no more invokes or stunts (also used to abandon an unrolled action)."""
        self.phase = RollPhase.RESOLVED
        if self.opposition is not None:
            self.opposition.phase = RollPhase.RESOLVED

    def _check_open(self, *, need_dice: bool = True) -> None:
        if self.phase is RollPhase.RESOLVED:
            raise IllegalAction("the roll is already resolved", AFTER_DICE_RULE)
        if need_dice and self.phase is RollPhase.READY:
            raise IllegalAction(
                "invokes and stunts come after the dice are rolled", AFTER_DICE_RULE
            )

    def _as_roll(self) -> Roll:
        if self.dice is None:
            raise BadInput(f"{self.actor} has not rolled yet")
        return Roll(self.dice, self.rating, tuple(self.bonuses))


def _with_extra_invokes(resolution: Resolution, extra: int) -> Resolution:
    options = []
    for option in resolution.options:
        effects = tuple(
            replace(e, free_invokes=e.free_invokes + extra)
            if isinstance(e, CreateAspect) and e.holder is Side.ACTOR
            else replace(e, count=e.count + extra)
            if isinstance(e, AddFreeInvokes) and e.holder is Side.ACTOR
            else e
            for e in option.effects
        )
        options.append(Option(option.key, effects))
    return replace(resolution, options=tuple(options))


def _with_boosts(resolution: Resolution, count: int) -> Resolution:
    """Every option also gives the roller ``count`` boosts (a stunt's, whatever the outcome)."""
    boosts = tuple(GainBoost(Side.ACTOR) for _ in range(count))
    options = tuple(Option(o.key, (*o.effects, *boosts)) for o in resolution.options)
    return replace(resolution, options=options)


def offering(preview: Callable[[Outcome | None], Resolution], option: str | None) -> Resolution:
    """What a roll a table's log recorded settled with ``option`` allows: ``preview`` as things
    stand, or, if that offers no such option (a ladder changed since), as the outcome that
    offered it (the log says the table chose it)."""
    found = preview(None)
    if option is None or any(o.key == option for o in found.options):
        return found
    for outcome in Outcome:
        again = preview(outcome)
        if any(o.key == option for o in again.options):
            return again
    return found
