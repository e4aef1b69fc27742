"""Scale: beings that work on a level above the usual range, and what the higher side gains.

A :class:`ScaleLadder` lists the levels lowest first (:data:`STANDARD_SCALE`: Mundane,
Supernatural, Otherworldly, Legendary, Godlike) with display names a table may change. On a rolled
action between two sides of different scale, the higher side picks one :class:`ScaleBenefit`
before the dice are rolled; :func:`scale_advantage` checks the choice and returns a
:class:`ScaleAdvantage` that says what it adds before the roll, after it, and to a successful
create an advantage.

Aspects may carry scale (:class:`ScaledAspect`): invoking one, or acting under one that works
without an invoke (a veil while sneaking), lets the roller act at its scale
(:func:`effective_scale`). :func:`supernatural_advantage` says whether scale applies when an
advantage is created by supernatural means.

    >>> advantage = scale_advantage(STANDARD_SCALE, "legendary", "mundane", Action.ATTACK,
    ...                             ScaleBenefit.AFTER_SUCCESS)
    >>> advantage.levels, advantage.final_shifts(2), advantage.final_shifts(0)
    (3, 8, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from fatekit.rules.core.actions import Action, Side
from fatekit.rules.core.choices import one_of
from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.outcomes import Bonus, BonusKind
from fatekit.rules.core.waivers import refuse

__all__ = [
    "SCALE_ASPECT_RULE",
    "SCALE_BENEFIT_RULE",
    "SCALE_LEVELS_RULE",
    "SCALE_SUPERNATURAL_ADVANTAGE_RULE",
    "STANDARD_SCALE",
    "AdvantageCase",
    "ScaleAdvantage",
    "ScaleBenefit",
    "ScaleLadder",
    "ScaledAspect",
    "SupernaturalAdvantage",
    "effective_scale",
    "higher_side",
    "scale_advantage",
    "supernatural_advantage",
]

SCALE_LEVELS_RULE = rule(
    "scale.levels",
    CONDENSED,
    "Optional Rules > Scale",
    "Scale ranks beings by level (Mundane, Supernatural, Otherworldly, Legendary, Godlike, or a "
    "table's own list); two opposing sides compare levels to see who is higher and by how much",
)
SCALE_BENEFIT_RULE = rule(
    "scale.benefit",
    CONDENSED,
    "Optional Rules > Scale",
    "On a rolled action against a lower side, the higher side takes one of: +1 per level before "
    "the roll, +2 per level after a roll that succeeds, or one extra free invoke per level on a "
    "successful create an advantage",
)
SCALE_ASPECT_RULE = rule(
    "scale.aspects",
    CONDENSED,
    "Scale > Aspects and Scale",
    "An aspect standing for a supernatural effect may carry its scale to whoever invokes it, and "
    "some supernaturally made aspects lend their scale to fitting actions without an invoke",
)
SCALE_SUPERNATURAL_ADVANTAGE_RULE = rule(
    "scale.supernatural-advantage",
    CONDENSED,
    "Aspects and Scale > Does Scale Apply When Supernaturally Creating an Advantage?",
    "A supernatural advantage with no opposition needs no roll (the aspect and one free invoke); "
    "one made on someone to their harm, or that someone can directly impede, rolls with scale; "
    "any other rolls without scale, and the aspect grants scale later",
)


@dataclass(frozen=True, slots=True)
class ScaleLadder:
    """Scale levels, lowest first, by stable key, with the names a table shows for them."""

    keys: tuple[str, ...]
    names: Mapping[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.keys:
            raise BadInput("a scale needs at least one level")
        if any(not isinstance(k, str) or not k.strip() for k in self.keys):
            raise BadInput("every scale level needs a key")
        if len(set(self.keys)) != len(self.keys):
            raise BadInput(f"scale levels must have different keys: {list(self.keys)}")
        unknown = sorted(set(self.names) - set(self.keys))
        if unknown:
            raise BadInput(f"names given for levels that are not on the scale: {unknown}")
        object.__setattr__(self, "names", MappingProxyType(dict(self.names)))

    @classmethod
    def of(cls, levels: Sequence[str] | Mapping[str, str]) -> ScaleLadder:
        """A ladder from keys (shown as written) or from keys mapped to names, lowest first."""
        if isinstance(levels, Mapping):
            return cls(tuple(levels), dict(levels))
        return cls(tuple(levels))

    def renamed(self, names: Mapping[str, str]) -> ScaleLadder:
        """The same levels shown under other names (keys that are not renamed keep theirs)."""
        for key, name in names.items():
            self.level(key)
            if not name.strip():
                raise BadInput(f"give scale level {key!r} a name")
        return ScaleLadder(self.keys, {**self.names, **names})

    def level(self, key: str) -> int:
        """The level's place on the ladder, 0 for the lowest."""
        try:
            return self.keys.index(key)
        except ValueError:
            valid = ", ".join(self.keys)
            raise BadInput(f"no scale level {key!r}; choose from: {valid}") from None

    def name(self, key: str) -> str:
        """The name the table shows for a level."""
        self.level(key)
        return self.names.get(key, key)

    def difference(self, a: str, b: str) -> int:
        """Levels ``a`` stands above ``b`` (negative when below)."""
        return self.level(a) - self.level(b)

    def highest(self, keys: Iterable[str]) -> str:
        """The highest of some levels."""
        listed = list(keys)
        if not listed:
            raise BadInput("name at least one scale level")
        return max(listed, key=self.level)


#: The text's five example levels.
STANDARD_SCALE = ScaleLadder.of(
    {
        "mundane": "Mundane",
        "supernatural": "Supernatural",
        "otherworldly": "Otherworldly",
        "legendary": "Legendary",
        "godlike": "Godlike",
    }
)


class ScaleBenefit(StrEnum):
    """The three ways the higher side may take its advantage on one roll."""

    BEFORE_ROLL = "before_roll"  # +1 per level to the roll
    AFTER_SUCCESS = "after_success"  # +2 per level to the result, if it succeeds
    FREE_INVOKES = "free_invokes"  # +1 free invoke per level on a successful create an advantage


@dataclass(frozen=True, slots=True)
class ScaleAdvantage:
    """The higher side's scale advantage on one roll.

    ``side`` is the higher side relative to the roll: the one acting, or an active defender;
    ``levels`` is how far above the other side it stands (at least 1).
    """

    side: Side
    levels: int
    benefit: ScaleBenefit
    action: Action

    def __post_init__(self) -> None:
        if isinstance(self.levels, bool) or not isinstance(self.levels, int) or self.levels < 1:
            raise IllegalAction(
                f"a scale advantage is at least one level, not {self.levels!r}",
                SCALE_BENEFIT_RULE,
            )

    @classmethod
    def as_recorded(
        cls, side: Side, levels: int, benefit: ScaleBenefit, action: Action
    ) -> ScaleAdvantage:
        """A scale advantage as a table's log recorded it (checked by no rule)."""
        made = cls.__new__(cls)
        for name, value in (
            ("side", side),
            ("levels", levels),
            ("benefit", benefit),
            ("action", action),
        ):
            object.__setattr__(made, name, value)
        return made

    def before_roll_bonus(self) -> Bonus | None:
        """The bonus to add to the higher side's roll before the dice, if that was chosen."""
        if self.benefit is not ScaleBenefit.BEFORE_ROLL:
            return None
        return Bonus(BonusKind.OTHER, self.levels, f"scale +{self.levels}")

    def final_shifts(self, shifts: int) -> int:
        """The roll's shifts once the after-roll benefit is counted.

        ``shifts`` are the acting roll's shifts (effort minus opposition) after every invoke. The
        higher side adds 2 per level only if its roll succeeded: for the actor, shifts of 1 or
        more; for a defender, a defence that beat the action (shifts of -1 or less), which then
        beats it by more.
        """
        if self.benefit is not ScaleBenefit.AFTER_SUCCESS:
            return shifts
        extra = 2 * self.levels
        if self.side is Side.ACTOR:
            return shifts + extra if shifts >= 1 else shifts
        return shifts - extra if shifts <= -1 else shifts

    def extra_free_invokes(self, shifts: int) -> int:
        """Free invokes to add to a create an advantage that succeeded with these shifts."""
        if self.benefit is not ScaleBenefit.FREE_INVOKES or shifts < 1:
            return 0
        return self.levels


def higher_side(ladder: ScaleLadder, actor: str, opposition: str) -> tuple[Side, int] | None:
    """Which side of a roll stands higher, and by how many levels (``None`` when level)."""
    gap = ladder.difference(actor, opposition)
    if gap == 0:
        return None
    return (Side.ACTOR, gap) if gap > 0 else (Side.OPPOSITION, -gap)


def scale_advantage(
    ladder: ScaleLadder,
    higher: str,
    lower: str,
    action: Action,
    benefit: ScaleBenefit | str,
    *,
    side: Side = Side.ACTOR,
) -> ScaleAdvantage:
    """Check the higher side's choice of benefit and return what it does.

    ``higher`` and ``lower`` are the two sides' scale levels; ``side`` says whether the higher
    side is the one acting or the one defending; ``action`` is the action being rolled. Raises
    :class:`IllegalAction` when ``higher`` is not above ``lower``, or when free invokes are chosen
    for anything but the actor's create an advantage.
    """
    chosen = one_of(ScaleBenefit, benefit, "a scale benefit")
    if action is Action.DEFEND:
        raise BadInput("name the action being defended against, with side=Side.OPPOSITION")
    levels = ladder.difference(higher, lower)
    if levels <= 0:
        raise IllegalAction(
            f"{ladder.name(higher)} is not above {ladder.name(lower)}: no scale advantage",
            SCALE_BENEFIT_RULE,
        )
    if chosen is ScaleBenefit.FREE_INVOKES and (
        action is not Action.CREATE_ADVANTAGE or side is not Side.ACTOR
    ):
        refuse(
            "extra free invokes from scale come only with one's own create an advantage",
            SCALE_BENEFIT_RULE,
        )
    return ScaleAdvantage(side, levels, chosen, action)


@dataclass(frozen=True, slots=True)
class ScaledAspect:
    """An aspect that carries a scale level.

    With ``without_invoke`` it lends its scale to fitting actions just by being there (a veil
    when sneaking); otherwise only an invoke of it does.
    """

    aspect_id: str
    scale: str
    without_invoke: bool = False

    def __post_init__(self) -> None:
        if not self.aspect_id.strip() or not self.scale.strip():
            raise BadInput("a scaled aspect needs the aspect's id and a scale level")


def effective_scale(
    ladder: ScaleLadder,
    own: str,
    *,
    invoked: Iterable[ScaledAspect] = (),
    in_effect: Iterable[ScaledAspect] = (),
) -> str:
    """The scale a roll is made at: the roller's own, or higher from aspects that carry scale.

    ``invoked`` are scaled aspects invoked on this roll; ``in_effect`` are those the GM judges to
    fit the action, which count without an invoke only if they work that way.
    """
    levels = [own]
    levels.extend(a.scale for a in invoked)
    for aspect in in_effect:
        if not aspect.without_invoke:
            raise IllegalAction(
                f"aspect {aspect.aspect_id} lends its scale only when it is invoked",
                SCALE_ASPECT_RULE,
            )
        levels.append(aspect.scale)
    return ladder.highest(levels)


class AdvantageCase(StrEnum):
    """The situations the text tells apart for a supernaturally created advantage."""

    UNOPPOSED = "unopposed"  # nothing opposes it
    ON_SOMEONE = "on_someone"  # placed on someone, to their detriment
    IMPEDED = "impeded"  # someone can directly interfere, physically or supernaturally
    OTHERWISE = "otherwise"  # anything else (a set difficulty, say)


@dataclass(frozen=True, slots=True)
class SupernaturalAdvantage:
    """How a supernatural create an advantage goes, and the scale its aspect carries."""

    roll: bool  # False: no roll, the aspect is simply made
    scale_on_roll: bool  # the maker's scale applies to this roll
    free_invokes_without_roll: int
    aspect: ScaledAspect | None  # the new aspect's scale, once it exists


def supernatural_advantage(
    case: AdvantageCase | str, maker_scale: str, aspect_id: str = ""
) -> SupernaturalAdvantage:
    """What a supernatural create an advantage needs and gives in each case.

    ``aspect_id`` names the aspect it creates, so it carries ``maker_scale`` when later invoked
    (give it once the aspect exists; without it ``aspect`` is ``None``).
    """
    chosen = one_of(AdvantageCase, case, "a case of supernatural advantage")
    aspect = ScaledAspect(aspect_id, maker_scale) if aspect_id else None
    if chosen is AdvantageCase.UNOPPOSED:
        return SupernaturalAdvantage(False, False, 1, aspect)
    if chosen in (AdvantageCase.ON_SOMEONE, AdvantageCase.IMPEDED):
        return SupernaturalAdvantage(True, True, 0, aspect)
    return SupernaturalAdvantage(True, False, 0, aspect)
