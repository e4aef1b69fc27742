"""Stunts: bonus stunts and the rule-changing kinds the rules describe.

A stunt is a name, a description in the player's words, and one machine-readable effect. The
effect says when the engine applies it (:meth:`Stunt.bonus_for`, :meth:`Stunt.allows_skill`...)
and whether using it costs a fate point.
"""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.core.actions import Action
from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.tracks import Track

__all__ = [
    "BONUS_STUNT_RULE",
    "RULE_STUNT_RULE",
    "STUNT_COST_RULE",
    "ExtraAction",
    "ExtraConsequence",
    "ExtraFreeInvoke",
    "ExtraStress",
    "SkillBonus",
    "SkillSwap",
    "Stunt",
    "StuntEffect",
    "TrueDetail",
]

BONUS_STUNT_RULE = rule(
    "stunt.bonus",
    CONDENSED,
    "Создайте своих персонажей > Трюки",
    "A bonus stunt gives +2 when its skill is used for its action in its circumstance",
)
RULE_STUNT_RULE = rule(
    "stunt.rule-changing",
    CONDENSED,
    "Создайте своих персонажей > Трюки",
    "Rule-changing stunts swap a skill, allow an action, grant an extra free invoke, add a "
    "stress box or consequence slot, or establish a minor true detail",
)
STUNT_COST_RULE = rule(
    "stunt.fate-point-cost",
    CONDENSED,
    "Taking Action > Using Stunts",
    "Most stunts are free whenever they apply; rare powerful ones cost a fate point per use",
)


@dataclass(frozen=True, slots=True)
class SkillBonus:
    """+``bonus`` (normally 2) when ``skill`` is used for ``action``."""

    skill: str
    action: Action
    bonus: int = 2


@dataclass(frozen=True, slots=True)
class SkillSwap:
    """Use ``skill`` in place of ``replaces`` (for one action, or any when ``action`` is None)."""

    skill: str
    replaces: str
    action: Action | None = None


@dataclass(frozen=True, slots=True)
class ExtraAction:
    """``skill`` may be used for ``action``, which it normally cannot do."""

    skill: str
    action: Action


@dataclass(frozen=True, slots=True)
class ExtraFreeInvoke:
    """One more free invoke when ``skill`` succeeds at creating an advantage."""

    skill: str
    count: int = 1


@dataclass(frozen=True, slots=True)
class ExtraStress:
    """``boxes`` more stress boxes on a track."""

    track: Track
    boxes: int = 1


@dataclass(frozen=True, slots=True)
class ExtraConsequence:
    """One more consequence slot of a severity (``"mild"`` by default) for a kind of harm."""

    track: Track
    severity: str = "mild"


@dataclass(frozen=True, slots=True)
class TrueDetail:
    """A minor detail that is simply true, with no fate point to declare it."""

    detail: str


StuntEffect = (
    SkillBonus
    | SkillSwap
    | ExtraAction
    | ExtraFreeInvoke
    | ExtraStress
    | ExtraConsequence
    | TrueDetail
)


@dataclass(frozen=True, slots=True)
class Stunt:
    """A stunt: its name, its description, what it does, and its cost per use."""

    name: str
    effect: StuntEffect
    description: str = ""
    fate_point_cost: int = 0

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise BadInput("a stunt needs a name")
        if self.fate_point_cost not in (0, 1):
            raise BadInput(f"a stunt costs 0 or 1 fate point per use, not {self.fate_point_cost}")

    def bonus_for(self, skill: str, action: Action) -> int:
        """The bonus this stunt adds when ``skill`` is used for ``action`` (0 when it does not apply)."""
        effect = self.effect
        if isinstance(effect, SkillBonus) and effect.skill == skill and effect.action is action:
            return effect.bonus
        return 0

    def allows_skill(self, skill: str, action: Action, normally: str | None = None) -> bool:
        """Whether this stunt lets ``skill`` be used for ``action`` (in place of ``normally``)."""
        effect = self.effect
        if isinstance(effect, ExtraAction):
            return effect.skill == skill and effect.action is action
        if isinstance(effect, SkillSwap):
            return (
                effect.skill == skill
                and (normally is None or effect.replaces == normally)
                and (effect.action is None or effect.action is action)
            )
        return False

    def extra_free_invokes(self, skill: str, action: Action) -> int:
        """Free invokes this stunt adds to a successful create an advantage with ``skill``."""
        effect = self.effect
        if (
            isinstance(effect, ExtraFreeInvoke)
            and action is Action.CREATE_ADVANTAGE
            and effect.skill == skill
        ):
            return effect.count
        return 0
