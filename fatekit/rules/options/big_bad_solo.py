"""Solo bonuses for a big bad that stands alone against the group (the big-bads optional rule).

The four bonuses: a skill bonus, reduced hits, amplified paid invokes, and the foes' invokes held
down. :class:`Facing` says whether the big bad is alone; :class:`SoloBonus` holds the choices.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from fatekit.rules.aspects.invokes import InvokeEffect
from fatekit.rules.core.choices import one_of
from fatekit.rules.core.citations import CONDENSED, ODE, rule
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.outcomes import Bonus, BonusKind
from fatekit.rules.core.waivers import refuse

__all__ = [
    "AMPLIFIED_INVOKES_RULE",
    "ODE_SOLO_STRESS_RULE",
    "SOLO_SKILL_RULE",
    "SOLO_STRESS_RULE",
    "SUPPRESSED_INVOKES_RULE",
    "Facing",
    "SoloBonus",
    "SuppressMode",
    "amplified_invoke_bonus",
    "check_count",
    "invoke_adjustment",
    "solo_skill_bonus",
    "solo_stress_reduction",
    "suppressed_invoke_bonus",
]

_SECTION = "Optional Rules > Ways to Break the Rules for Big Bads"

SOLO_SKILL_RULE = rule(
    "big-bad.solo.skill",
    CONDENSED,
    f"{_SECTION} > Solo Bonus",
    "A big bad alone against the group adds the group's largest teamwork bonus (PCs less one) to "
    "its skill rolls, at most doubling the skill unless the table lifts that cap too",
)
SOLO_STRESS_RULE = rule(
    "big-bad.solo.stress",
    CONDENSED,
    f"{_SECTION} > Solo Bonus",
    "A big bad alone against the group takes hits reduced by half the number of PCs, rounded up "
    "(Öde: rounded down); optionally no hit is reduced below 1",
)
ODE_SOLO_STRESS_RULE = rule(
    "big-bad.solo.stress-ode",
    ODE,
    "Sätt att bryta mot reglerna för storskurken > Solobonus",
    "Öde: a big bad alone against the group takes hits reduced by half the number of attacking "
    "PCs, rounded down",
)
AMPLIFIED_INVOKES_RULE = rule(
    "big-bad.solo.amplified-invokes",
    CONDENSED,
    f"{_SECTION} > Solo Bonus",
    "A big bad alone against the group gets a bonus equal to the number of PCs from each invoke it "
    "pays a fate point for; free invokes stay as they are",
)
SUPPRESSED_INVOKES_RULE = rule(
    "big-bad.solo.suppressed-invokes",
    CONDENSED,
    f"{_SECTION} > Solo Bonus",
    "Against a big bad alone facing two or more foes, their invokes used directly against it give "
    "only +1, or only rerolls; optionally they cannot stack free invokes",
)


# -- solo bonuses ----------------------------------------------------------------------------


def check_count(what: str, value: int, least: int = 0) -> None:
    """Raise :class:`BadInput` unless ``value`` is a whole number of at least ``least``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise BadInput(f"{what} is a whole number of {least} or more, not {value!r}")


def solo_skill_bonus(pcs: int, skill: int, *, capped: bool = True) -> int:
    """The solo skill bonus: PCs less one, at most the skill itself (so at most double it)."""
    check_count("the number of PCs", pcs)
    bonus = max(0, pcs - 1)
    return min(bonus, max(skill, 0)) if capped else bonus


def solo_stress_reduction(
    shifts: int, pcs: int, *, floor_one: bool = False, round_down: bool = False
) -> int:
    """A hit on the big bad after the solo reduction of half the PCs, rounded up (Fate
    Condensed) or, with ``round_down``, down (Öde: the rule set says which).

    With ``floor_one`` a hit is never reduced below 1. A hit of 0 or less stays as it is.
    """
    check_count("the number of PCs", pcs)
    if isinstance(shifts, bool) or not isinstance(shifts, int):
        raise BadInput(f"a hit is a whole number of shifts, not {shifts!r}")
    if shifts <= 0:
        return shifts
    reduced = shifts - (pcs // 2 if round_down else math.ceil(pcs / 2))
    return max(reduced, 1 if floor_one else 0)


def amplified_invoke_bonus(pcs: int, *, free: bool) -> int:
    """The bonus of one of the big bad's invokes: the number of PCs for a paid one.

    A free invoke gives the usual +2; a paid one never gives less than that.
    """
    check_count("the number of PCs", pcs)
    return 2 if free else max(2, pcs)


class SuppressMode(StrEnum):
    """How the foes' invokes against a solo big bad are held down."""

    PLUS_ONE = "plus_one"  # invokes give +1 instead of +2
    REROLL_ONLY = "reroll_only"  # invokes may only reroll


def suppressed_invoke_bonus(effect: InvokeEffect | str, mode: SuppressMode | str, foes: int) -> int:
    """The bonus an invoke used directly against the big bad gives (0 for a reroll).

    Raises :class:`IllegalAction` for a bonus invoke when only rerolls are allowed. Facing fewer
    than two foes, invokes work as usual.
    """
    chosen = _effect(effect)
    worth = suppressed_worth(chosen, mode, foes)
    if (
        chosen is not InvokeEffect.REROLL
        and foes >= 2
        and SuppressMode(mode) is not (SuppressMode.PLUS_ONE)
    ):
        refuse("invokes against this big bad may only reroll the dice", SUPPRESSED_INVOKES_RULE)
    return worth


def suppressed_worth(effect: InvokeEffect | str, mode: SuppressMode | str, foes: int) -> int:
    """What an invoke against the big bad was worth as a table's log recorded it (checked by
    no rule: see :func:`suppressed_invoke_bonus`; one the suppression forbade, the GM let count
    in full)."""
    chosen = _effect(effect)
    try:
        suppress = SuppressMode(mode)
    except ValueError:
        raise BadInput(f"not a way to suppress invokes: {mode!r}") from None
    check_count("the number of foes", foes)
    if chosen is InvokeEffect.REROLL:
        return 0
    if foes < 2:
        return 2
    if suppress is SuppressMode.PLUS_ONE:
        return 1
    return 2


def _effect(effect: InvokeEffect | str) -> InvokeEffect:
    return one_of(InvokeEffect, effect, "an invoke effect")


def invoke_adjustment(bonus: int, source: str = "") -> Bonus | None:
    """The bonus that turns an invoke's usual +2 into ``bonus`` (``None`` when it is +2)."""
    if bonus == 2:
        return None
    return Bonus(BonusKind.OTHER, bonus - 2, source or f"invoke worth {bonus:+d}")


@dataclass(frozen=True, slots=True)
class Facing:
    """Whom a big bad faces now: the opposing PCs, and allies still fighting beside it."""

    pcs: int
    allies: int = 0

    def __post_init__(self) -> None:
        check_count("the number of PCs", self.pcs)
        check_count("the number of allies", self.allies)

    @property
    def solo(self) -> bool:
        """Whether the big bad stands alone against the group, when solo bonuses apply."""
        return self.allies == 0 and self.pcs >= 1


@dataclass(frozen=True, slots=True)
class SoloBonus:
    """Which solo bonuses a big bad has, with their options.

    ``skill`` adds the solo skill bonus (``skill_capped``: at most double the skill). ``stress``
    reduces hits (``stress_floor_one``: never below 1). ``amplified`` makes paid invokes worth
    the number of PCs. ``suppress`` holds down the foes' invokes against it, and
    ``no_free_stacking`` allows them one free invoke per roll against it.
    """

    skill: bool = False
    skill_capped: bool = True
    stress: bool = False
    stress_floor_one: bool = False
    stress_round_down: bool = False
    amplified: bool = False
    suppress: SuppressMode | None = None
    no_free_stacking: bool = False

    def __post_init__(self) -> None:
        if self.suppress is not None:
            try:
                object.__setattr__(self, "suppress", SuppressMode(self.suppress))
            except ValueError:
                raise BadInput(f"not a way to suppress invokes: {self.suppress!r}") from None
        if self.no_free_stacking and self.suppress is None:
            raise BadInput("stopping free invokes from stacking goes with suppressed invokes")

    def skill_bonus(self, rating: int, facing: Facing) -> Bonus | None:
        """The bonus to add to one of the big bad's skill rolls (``None``: no bonus)."""
        if not self.skill or not facing.solo:
            return None
        amount = solo_skill_bonus(facing.pcs, rating, capped=self.skill_capped)
        return Bonus(BonusKind.OTHER, amount, "solo bonus") if amount else None

    def reduce_hit(self, shifts: int, facing: Facing, *, round_down: bool | None = None) -> int:
        """A hit on the big bad after the solo stress reduction, when it applies (rounded as
        ``round_down`` says, or as the rule set does)."""
        if not self.stress or not facing.solo:
            return shifts
        return solo_stress_reduction(
            shifts,
            facing.pcs,
            floor_one=self.stress_floor_one,
            round_down=self.stress_round_down if round_down is None else round_down,
        )

    def own_invoke_bonus(self, facing: Facing, *, free: bool) -> int:
        """What one of the big bad's own invokes for a bonus is worth."""
        if not self.amplified or not facing.solo:
            return 2
        return amplified_invoke_bonus(facing.pcs, free=free)

    def invoke_against(
        self,
        effect: InvokeEffect | str,
        facing: Facing,
        *,
        free: bool,
        free_invokes_on_roll: int = 0,
    ) -> int:
        """What a foe's invoke used directly against the big bad is worth (0 for a reroll).

        ``free_invokes_on_roll`` counts free invokes already spent on the same roll. Raises
        :class:`IllegalAction` for an invoke the suppression forbids.
        """
        chosen = _effect(effect)
        if self.suppress is None or not facing.solo:
            return self.worth_against(chosen, facing)
        stacked = free and self.no_free_stacking and facing.pcs >= 2
        if stacked and free_invokes_on_roll >= 1:
            refuse("free invokes cannot be stacked against this big bad", SUPPRESSED_INVOKES_RULE)
        return suppressed_invoke_bonus(chosen, self.suppress, facing.pcs)

    def worth_against(self, effect: InvokeEffect | str, facing: Facing) -> int:
        """What a foe's invoke against the big bad is worth (0 for a reroll), as a table's log
        recorded it (checked by no rule: see :meth:`invoke_against`)."""
        chosen = _effect(effect)
        if self.suppress is None or not facing.solo:
            return 0 if chosen is InvokeEffect.REROLL else 2
        return suppressed_worth(chosen, self.suppress, facing.pcs)
