"""The four actions and what each outcome does, as data.

:func:`resolve` turns an action and its shifts into a :class:`Resolution`: the outcome and the
options the table may choose between, each a tuple of effects a program can carry out
(:class:`CreateAspect`, :class:`Hit`, :class:`GainBoost`...). Where there is one option the
choice is made; where there are several, :attr:`Option.chosen_by` says who picks.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.outcomes import Outcome, outcome_for

__all__ = [
    "ATTACK_RULE",
    "CAA_EXISTING_RULE",
    "CAA_NEW_RULE",
    "DEFEND_RULE",
    "OVERCOME_RULE",
    "Action",
    "AddFreeInvokes",
    "AdvantageTarget",
    "Chooser",
    "CreateAspect",
    "Effect",
    "Fail",
    "GainBoost",
    "Hit",
    "MajorCost",
    "MinorCost",
    "Option",
    "PartialSuccess",
    "Resolution",
    "RevealAspect",
    "Side",
    "Succeed",
    "TakeHit",
    "resolve",
]

OVERCOME_RULE = rule(
    "action.overcome",
    CONDENSED,
    "Actions > Overcome",
    "Overcome: fail, succeed at a major cost, or take a hit; tie: succeed at a minor cost, partly "
    "succeed, or fail with a boost; success; success with style adds a boost",
)
CAA_NEW_RULE = rule(
    "action.create-advantage.new",
    CONDENSED,
    "Actions > Create an Advantage",
    "New aspect: fail gives nothing or the aspect with the free invoke to the opposition; tie a "
    "boost; success one free invoke; style two",
)
CAA_EXISTING_RULE = rule(
    "action.create-advantage.existing",
    CONDENSED,
    "Actions > Create an Advantage",
    "Existing aspect: fail gives the opposition a free invoke (revealing an unknown aspect is their "
    "choice); tie a free invoke if known, a boost if unknown; success one invoke and reveal; style two",
)
ATTACK_RULE = rule(
    "action.attack",
    CONDENSED,
    "Actions > Attack",
    "Attack: fail no hit; tie a boost; success a hit of the shifts; style may trade one shift "
    "for a boost",
)
DEFEND_RULE = rule(
    "action.defend",
    CONDENSED,
    "Actions > Defend",
    "Defend mirrors the opposed action; a defender who succeeds with style also gets a boost",
)


class Action(StrEnum):
    """The four actions."""

    OVERCOME = "overcome"
    CREATE_ADVANTAGE = "create_advantage"
    ATTACK = "attack"
    DEFEND = "defend"


class Side(StrEnum):
    """Who an effect benefits: the one acting, or whoever opposed them."""

    ACTOR = "actor"
    OPPOSITION = "opposition"


class Chooser(StrEnum):
    """Who picks between a resolution's options."""

    NONE = "none"  # one option only
    ACTOR = "actor"
    GM = "gm"  # the GM, after talking it over with the player (and any defender)
    OPPOSITION = "opposition"


class AdvantageTarget(StrEnum):
    """What a create-an-advantage roll aims at."""

    NEW = "new"
    KNOWN = "known"  # an existing aspect everyone knows about
    UNKNOWN = "unknown"  # an existing aspect the actor is trying to discover


@dataclass(frozen=True, slots=True)
class Succeed:
    """The actor gets what they set out to do."""


@dataclass(frozen=True, slots=True)
class Fail:
    """The actor does not get what they set out to do."""


@dataclass(frozen=True, slots=True)
class MinorCost:
    """A minor cost the GM narrates: a tough spot, a detail that complicates, a little harm."""


@dataclass(frozen=True, slots=True)
class MajorCost:
    """A significant cost: the situation gets worse or more complicated."""


@dataclass(frozen=True, slots=True)
class PartialSuccess:
    """The actor gets only part of what they wanted."""


@dataclass(frozen=True, slots=True)
class TakeHit:
    """The actor takes a hit the GM sizes, to absorb with stress or consequences."""


@dataclass(frozen=True, slots=True)
class GainBoost:
    """A boost for the given side."""

    to: Side


@dataclass(frozen=True, slots=True)
class CreateAspect:
    """A new situation aspect, with free invokes for the given side."""

    free_invokes: int
    holder: Side


@dataclass(frozen=True, slots=True)
class AddFreeInvokes:
    """Free invokes on the existing target aspect for the given side."""

    count: int
    holder: Side


@dataclass(frozen=True, slots=True)
class RevealAspect:
    """The target aspect becomes known to everyone."""


@dataclass(frozen=True, slots=True)
class Hit:
    """A hit the defender must absorb with stress or consequences, or be taken out."""

    shifts: int


Effect = (
    Succeed
    | Fail
    | PartialSuccess
    | MinorCost
    | MajorCost
    | TakeHit
    | GainBoost
    | CreateAspect
    | AddFreeInvokes
    | RevealAspect
    | Hit
)


@dataclass(frozen=True, slots=True)
class Option:
    """One way an outcome may play out: a key to name it by and its effects."""

    key: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Resolution:
    """What an action's outcome allows, as options to choose from."""

    action: Action
    shifts: int
    outcome: Outcome
    options: tuple[Option, ...]
    chosen_by: Chooser
    rule_key: str

    def option(self, key: str) -> Option:
        """The option with this key; raises ``KeyError`` naming the valid keys."""
        for opt in self.options:
            if opt.key == key:
                return opt
        valid = ", ".join(o.key for o in self.options)
        raise KeyError(f"no option {key!r} for this outcome; choose one of: {valid}")

    @property
    def only(self) -> Option | None:
        """The single option when there is no choice to make."""
        return self.options[0] if len(self.options) == 1 else None


def resolve(
    action: Action,
    shifts: int,
    *,
    active_opposition: bool = False,
    target: AdvantageTarget = AdvantageTarget.NEW,
    outcome: Outcome | None = None,
) -> Resolution:
    """Resolve an action that beat its opposition by ``shifts``.

    ``action`` is the action being opposed (a defend roll resolves the action it opposes, with
    the defender as :attr:`Side.OPPOSITION`). With ``active_opposition``, a defender whose roll
    beat the action by three or more gets a boost on top of every option. ``outcome`` is the
    outcome already decided for these shifts (a table's log records it); left out, the ladder
    gives it.
    """
    if action is Action.DEFEND:
        raise ValueError(
            "resolve the action being defended against, with the defender as opposition"
        )
    outcome = outcome_for(shifts) if outcome is None else outcome
    if action is Action.OVERCOME:
        options, chooser = _overcome(outcome)
        rule_key = OVERCOME_RULE.key
    elif action is Action.ATTACK:
        options, chooser = _attack(outcome, shifts)
        rule_key = ATTACK_RULE.key
    elif target is AdvantageTarget.NEW:
        options, chooser = _advantage_new(outcome)
        rule_key = CAA_NEW_RULE.key
    else:
        options, chooser = _advantage_existing(outcome, known=target is AdvantageTarget.KNOWN)
        rule_key = CAA_EXISTING_RULE.key
    if active_opposition and shifts <= -3:
        # The defender succeeded with style: a boost on top of denying the action.
        options = tuple(Option(o.key, (*o.effects, GainBoost(Side.OPPOSITION))) for o in options)
    return Resolution(action, shifts, outcome, options, chooser, rule_key)


_Options = tuple[tuple[Option, ...], Chooser]


def _overcome(outcome: Outcome) -> _Options:
    if outcome is Outcome.FAIL:
        return (
            Option("fail", (Fail(),)),
            Option("success_at_major_cost", (Succeed(), MajorCost())),
            Option("fail_taking_a_hit", (Fail(), TakeHit())),
            Option("success_taking_a_hit", (Succeed(), TakeHit())),
        ), Chooser.GM
    if outcome is Outcome.TIE:
        return (
            Option("success_at_minor_cost", (Succeed(), MinorCost())),
            Option("success_boost_to_opposition", (Succeed(), GainBoost(Side.OPPOSITION))),
            Option("partial_success", (PartialSuccess(),)),
            Option("fail_with_boost", (Fail(), GainBoost(Side.ACTOR))),
        ), Chooser.GM
    if outcome is Outcome.SUCCESS:
        return (Option("success", (Succeed(),)),), Chooser.NONE
    return (Option("success_with_style", (Succeed(), GainBoost(Side.ACTOR))),), Chooser.NONE


def _attack(outcome: Outcome, shifts: int) -> _Options:
    if outcome is Outcome.FAIL:
        return (Option("miss", (Fail(),)),), Chooser.NONE
    if outcome is Outcome.TIE:
        return (Option("boost", (GainBoost(Side.ACTOR),)),), Chooser.NONE
    if outcome is Outcome.SUCCESS:
        return (Option("hit", (Hit(shifts),)),), Chooser.NONE
    return (
        Option("hit", (Hit(shifts),)),
        Option("hit_less_one_with_boost", (Hit(shifts - 1), GainBoost(Side.ACTOR))),
    ), Chooser.ACTOR


def _advantage_new(outcome: Outcome) -> _Options:
    if outcome is Outcome.FAIL:
        return (
            Option("fail", (Fail(),)),
            Option("success_at_cost", (CreateAspect(1, Side.OPPOSITION),)),
        ), Chooser.GM
    if outcome is Outcome.TIE:
        return (Option("boost", (GainBoost(Side.ACTOR),)),), Chooser.NONE
    if outcome is Outcome.SUCCESS:
        return (Option("aspect", (CreateAspect(1, Side.ACTOR),)),), Chooser.NONE
    return (Option("aspect", (CreateAspect(2, Side.ACTOR),)),), Chooser.NONE


def _advantage_existing(outcome: Outcome, *, known: bool) -> _Options:
    if outcome is Outcome.FAIL:
        if known:
            return (
                Option("invoke_to_opposition", (AddFreeInvokes(1, Side.OPPOSITION),)),
            ), Chooser.NONE
        return (
            Option("fail", (Fail(),)),
            Option("reveal_for_invoke", (RevealAspect(), AddFreeInvokes(1, Side.OPPOSITION))),
        ), Chooser.OPPOSITION
    if outcome is Outcome.TIE:
        if known:
            return (Option("free_invoke", (AddFreeInvokes(1, Side.ACTOR),)),), Chooser.NONE
        return (Option("boost", (GainBoost(Side.ACTOR),)),), Chooser.NONE
    count = 1 if outcome is Outcome.SUCCESS else 2
    effects: tuple[Effect, ...] = (AddFreeInvokes(count, Side.ACTOR),)
    if not known:
        effects = (RevealAspect(), *effects)
    return (Option("free_invokes", effects),), Chooser.NONE
