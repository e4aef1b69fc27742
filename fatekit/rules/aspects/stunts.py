"""Stunts: bonus stunts and the rule-changing kinds the rules describe.

A stunt is a name, a description in the player's words, the circumstance it needs (text the
player confirms, since no machine can judge it), one machine-readable effect and its cost per
use. The kinds the texts give:

- a bonus (+2, or the rule set's) to a skill used for some actions (:class:`SkillBonus`);
- a skill used in place of another for some actions (:class:`SkillSwap`), or for an action it
  normally cannot do (:class:`ExtraAction`);
- another bonus worth about +2: an extra free invoke on a created advantage
  (:class:`ExtraFreeInvoke`), a boost (:class:`GrantsBoost`), acting first in a conflict
  (:class:`ActFirst`);
- a minor detail that is simply true (:class:`TrueDetail`);
- a rule exception: more stress boxes (:class:`ExtraStress`) or a consequence slot
  (:class:`ExtraConsequence`) where the engine can do it, or free text for what no machine can
  judge (:class:`RuleException`).

Most stunts are free whenever they apply; a stunt may instead cost a fate point per use, or be
usable once per scene or once per session (:class:`StuntCost`).
:class:`~fatekit.rules.aspects.stunt_uses.StuntUses` keeps count and refuses a spent one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from fatekit.rules.core.actions import Action
from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.tracks import Track

__all__ = [
    "BONUS_STUNT_RULE",
    "RULE_STUNT_RULE",
    "STUNT_COST_RULE",
    "STUNT_USES_RULE",
    "ActFirst",
    "ExtraAction",
    "ExtraConsequence",
    "ExtraFreeInvoke",
    "ExtraStress",
    "GrantsBoost",
    "RuleException",
    "SkillBonus",
    "SkillSwap",
    "Stunt",
    "StuntCost",
    "StuntEffect",
    "TrueDetail",
    "stunt_from_data",
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
STUNT_USES_RULE = rule(
    "stunt.uses",
    CONDENSED,
    "Создайте своих персонажей > Трюки",
    "A rule-changing stunt may be limited in how often it is used (once per session, once per "
    "scene): a spent one waits for the next session or scene",
)


def _actions(actions: tuple[Action, ...], what: str, *, empty: bool) -> None:
    if not isinstance(actions, tuple) or not all(isinstance(a, Action) for a in actions):
        raise BadInput(f"{what}: actions are a tuple of actions, not {actions!r}")
    if not actions and not empty:
        raise BadInput(f"{what} names at least one action")
    if len(set(actions)) != len(actions):
        raise BadInput(f"{what} names an action twice")


@dataclass(frozen=True, slots=True)
class SkillBonus:
    """+``bonus`` (normally 2) when ``skill`` is used for one of ``actions`` (the texts' pattern
    names one action; a stunt may name more)."""

    skill: str
    actions: tuple[Action, ...]
    bonus: int = 2

    def __post_init__(self) -> None:
        _actions(self.actions, "a bonus stunt", empty=False)
        if isinstance(self.bonus, bool) or not isinstance(self.bonus, int) or self.bonus < 1:
            raise BadInput(f"a bonus stunt adds +1 or more, not {self.bonus!r}")


@dataclass(frozen=True, slots=True)
class SkillSwap:
    """Use ``skill`` in place of ``replaces`` for ``actions`` (every action when empty)."""

    skill: str
    replaces: str
    actions: tuple[Action, ...] = ()

    def __post_init__(self) -> None:
        _actions(self.actions, "a stunt that swaps skills", empty=True)
        if self.skill == self.replaces:
            raise BadInput(f"a stunt that swaps skills uses another skill than {self.skill!r}")


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


@dataclass(frozen=True, slots=True)
class GrantsBoost:
    """A boost for the stunt's owner: on a roll of ``skill`` for one of ``actions`` (any action
    when empty), whatever the outcome; with no ``skill``, whenever the stunt is used."""

    skill: str | None = None
    actions: tuple[Action, ...] = ()

    def __post_init__(self) -> None:
        _actions(self.actions, "a stunt that grants a boost", empty=True)


@dataclass(frozen=True, slots=True)
class ActFirst:
    """The owner acts first in a conflict about ``track`` harm (every conflict: ``Track.ANY``)."""

    track: Track = Track.ANY


@dataclass(frozen=True, slots=True)
class RuleException:
    """Any other exception to the rules, in the player's words: the table judges it; the engine
    counts its uses and fate points."""

    text: str


StuntEffect = (
    SkillBonus
    | SkillSwap
    | ExtraAction
    | ExtraFreeInvoke
    | ExtraStress
    | ExtraConsequence
    | TrueDetail
    | GrantsBoost
    | ActFirst
    | RuleException
)

#: The effects that change the sheet itself (boxes, slots): always there, never spent.
_SHEET_EFFECTS = (ExtraStress, ExtraConsequence)


class StuntCost(StrEnum):
    """What using a stunt costs: nothing, a fate point a use, or its one use a scene or session."""

    FREE = "free"
    FATE_POINT = "fate_point"
    ONCE_PER_SCENE = "once_per_scene"
    ONCE_PER_SESSION = "once_per_session"

    @property
    def limited(self) -> bool:
        """Whether the stunt is spent once used, until the next scene or session."""
        return self in (StuntCost.ONCE_PER_SCENE, StuntCost.ONCE_PER_SESSION)


@dataclass(frozen=True, slots=True)
class Stunt:
    """A stunt: its name, its description, what it does, its cost per use, and the
    circumstance it needs (the player's words; the table judges them)."""

    name: str
    effect: StuntEffect
    description: str = ""
    cost: StuntCost = StuntCost.FREE
    circumstance: str = ""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise BadInput("a stunt needs a name")
        if not isinstance(self.cost, StuntCost):
            raise BadInput(f"{self.name}: a stunt's cost is one of {[c.value for c in StuntCost]}")
        if isinstance(self.effect, _SHEET_EFFECTS) and self.cost is not StuntCost.FREE:
            raise BadInput(
                f"stunt {self.name!r} adds boxes or a slot to the sheet, which are always there: "
                "it has no cost per use"
            )

    @property
    def fate_point_cost(self) -> int:
        """Fate points each use costs (0 or 1)."""
        return 1 if self.cost is StuntCost.FATE_POINT else 0

    @property
    def always_on(self) -> bool:
        """Whether the stunt changes the sheet itself (boxes, a slot) rather than being used."""
        return isinstance(self.effect, _SHEET_EFFECTS)

    def skill_on(self, skill: str, second: str | None = None) -> str:
        """Of a roll's skills, the one this stunt is judged on: with two combined lists both are
        used (``second``, the second list's, added to ``skill``), so a stunt naming the second
        list's skill works on it (skills.combined-stunt); else ``skill``."""
        named = getattr(self.effect, "skill", None)
        return second if second is not None and named == second else skill

    def bonus_for(self, skill: str, action: Action) -> int:
        """The bonus this stunt adds when ``skill`` is used for ``action`` (0 when it does not apply)."""
        effect = self.effect
        if isinstance(effect, SkillBonus) and effect.skill == skill and action in effect.actions:
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
                and (not effect.actions or action in effect.actions)
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

    def boost_on(self, skill: str, action: Action) -> bool:
        """Whether this stunt grants a boost to a roll of ``skill`` for ``action``."""
        effect = self.effect
        return (
            isinstance(effect, GrantsBoost)
            and effect.skill == skill
            and (not effect.actions or action in effect.actions)
        )

    def applies_to(self, skill: str, action: Action) -> bool:
        """Whether this stunt does something on a roll of ``skill`` for ``action`` (the player
        still confirms its circumstance)."""
        return bool(
            self.bonus_for(skill, action)
            or self.extra_free_invokes(skill, action)
            or self.boost_on(skill, action)
            or self.allows_skill(skill, action)
        )

    @property
    def summary(self) -> str:
        """What the stunt does, in one line of English (the page words it in each language)."""
        effect = self.effect
        does = _summary(effect)
        if self.circumstance:
            does += f", when {self.circumstance}"
        if self.cost is not StuntCost.FREE:
            does += f" ({self.cost.value.replace('_', ' ')})"
        return does

    @property
    def used_outside_rolls(self) -> bool:
        """Whether the stunt is used on its own, not on a roll: a true detail, a rule exception,
        a boost with no skill named. A free one of these needs no use recorded."""
        effect = self.effect
        return isinstance(effect, TrueDetail | RuleException) or (
            isinstance(effect, GrantsBoost) and effect.skill is None
        )


def _summary(effect: StuntEffect) -> str:
    def verbs(actions: tuple[Action, ...]) -> str:
        return " or ".join(a.value.replace("_", " ") for a in actions) or "any action"

    if isinstance(effect, SkillBonus):
        return f"+{effect.bonus} to {effect.skill} to {verbs(effect.actions)}"
    if isinstance(effect, SkillSwap):
        return f"{effect.skill} in place of {effect.replaces} to {verbs(effect.actions)}"
    if isinstance(effect, ExtraAction):
        return f"{effect.skill} may also {verbs((effect.action,))}"
    if isinstance(effect, ExtraFreeInvoke):
        return f"{effect.count} more free invoke(s) when {effect.skill} creates an advantage"
    if isinstance(effect, ExtraStress):
        return f"{effect.boxes} more {effect.track.value} stress box(es)"
    if isinstance(effect, ExtraConsequence):
        return f"one more {effect.severity} consequence ({effect.track.value})"
    if isinstance(effect, GrantsBoost):
        return "a boost when used" if effect.skill is None else f"a boost on {effect.skill} rolls"
    if isinstance(effect, ActFirst):
        return "acts first in a conflict"
    if isinstance(effect, RuleException):
        return f"rule exception: {effect.text}"
    return f"simply true: {effect.detail}"


# -- stunts as data (a character file's ``stunts``; a rule set's packages grant them too) ----------


def _data_actions(data: Mapping[str, Any]) -> tuple[Action, ...]:
    """A stunt's actions: ``actions`` (a list), or the single ``action`` older files wrote
    (``null``: any action)."""
    if "actions" in data:
        return tuple(Action(a) for a in data["actions"])
    action = data.get("action")
    return () if action is None else (Action(action),)


def _effect_from_data(data: Mapping[str, Any], bonus: int) -> StuntEffect:
    kind = data["type"]
    if kind == "skill_bonus":
        return SkillBonus(data["skill"], _data_actions(data), data.get("bonus", bonus))
    if kind == "skill_swap":
        return SkillSwap(data["skill"], data["replaces"], _data_actions(data))
    if kind == "extra_action":
        return ExtraAction(data["skill"], Action(data["action"]))
    if kind == "extra_free_invoke":
        return ExtraFreeInvoke(data["skill"], data.get("count", 1))
    if kind == "extra_stress":
        return ExtraStress(Track(data["track"]), data.get("boxes", 1))
    if kind == "extra_consequence":
        return ExtraConsequence(Track(data["track"]), data.get("severity", "mild"))
    if kind == "boost":
        return GrantsBoost(data.get("skill"), _data_actions(data))
    if kind == "act_first":
        return ActFirst(Track(data.get("track", "any")))
    if kind == "rule_exception":
        return RuleException(data["text"])
    return TrueDetail(data["detail"])


def stunt_from_data(data: Mapping[str, Any], bonus: int = 2) -> Stunt:
    """A stunt written as data (the form a character file's ``stunts`` take); ``bonus`` is what
    a bonus stunt that names none adds (the rule set's)."""
    # Older files wrote fate_point_cost (0 or 1); newer ones the cost.
    cost = data.get("cost", "fate_point" if data.get("fate_point_cost") == 1 else "free")
    return Stunt(
        data["name"].strip(),
        _effect_from_data(data["effect"], bonus),
        data.get("description", ""),
        StuntCost(cost),
        data.get("circumstance", ""),
    )
