"""Obstacles: hazards, blocks and distractions, things in a scene that cannot be fought down.

Enemies can be attacked and taken out; obstacles cannot, and must be got round, endured or made
not to matter. Each kind is an immutable value with the numbers the conflict engine applies:

- a :class:`Hazard` acts in the turn order with its rating and attacks or creates advantages;
  its Weapon adds to the shifts of its successful hits (:meth:`Hazard.attack_resolution`);
- a :class:`Block` has no turn: whoever it gets in the way of rolls against its rating
  (:meth:`Block.interfere`), it can be a weapon when someone is forced into it, cover when
  someone hides behind it, and removed by an overcome against its rating plus two;
- a :class:`Distraction` poses the PCs a choice, with repercussions for each way it goes.

    >>> fence = Block("fence", "Chain Link Fence", 2, cover=True)
    >>> fence.removal_difficulty, fence.interfere(1).prevented, fence.interfere(1).harm
    (4, True, None)
    >>> vat = Block("vat", "Vat of Acid", 3, weapon=4)
    >>> vat.interfere(1).harm, vat.forced_weapon
    (2, 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from enum import StrEnum

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.characters.character import Character, monster
from fatekit.rules.characters.preset import Preset
from fatekit.rules.characters.presets import as_preset
from fatekit.rules.characters.skill_lists import skill_key
from fatekit.rules.core.actions import Action, Hit, Option, Resolution
from fatekit.rules.core.citations import CONDENSED, Rule, rule
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.outcomes import Outcome, outcome_for
from fatekit.rules.core.waivers import refuse
from fatekit.rules.options.weapons import with_weapon_and_armor

__all__ = [
    "BLOCK_COVER_RULE",
    "BLOCK_FORCED_RULE",
    "BLOCK_INTERFERENCE_RULE",
    "BLOCK_REMOVAL_RULE",
    "BLOCK_WEAPON_RULE",
    "DISTRACTION_RULE",
    "HAZARD_ACTS_RULE",
    "HAZARD_OPPOSITION_RULE",
    "HAZARD_WEAPON_RULE",
    "NAME_IS_ASPECT_RULE",
    "NOT_ATTACKABLE_RULE",
    "Block",
    "BlockCheck",
    "Cover",
    "CoverUse",
    "Distraction",
    "Handling",
    "Hazard",
    "Repercussion",
    "attack_through_cover",
    "check_hazard_action",
]

NOT_ATTACKABLE_RULE = rule(
    "obstacle.not-attackable",
    CONDENSED,
    "Optional Rules > Obstacles",
    "Obstacles cannot be attacked or taken out: they must be got round, endured or made irrelevant",
)
NAME_IS_ASPECT_RULE = rule(
    "obstacle.name-is-aspect",
    CONDENSED,
    "Obstacles > Hazards",
    "A hazard's or a block's name is both the skill it uses and an aspect that can be invoked "
    "or compelled",
)
HAZARD_ACTS_RULE = rule(
    "obstacle.hazard.acts",
    CONDENSED,
    "Obstacles > Hazards",
    "A hazard takes a turn each exchange like any participant (its rating stands in for every "
    "skill of the turn order) and may attack or create advantages, never overcome",
)
HAZARD_WEAPON_RULE = rule(
    "obstacle.hazard.weapon",
    CONDENSED,
    "Obstacles > Hazards",
    "A hazard has a Weapon rating of 1 to 4, added to the shifts of an attack that succeeds",
)
HAZARD_OPPOSITION_RULE = rule(
    "obstacle.hazard.opposition",
    CONDENSED,
    "Obstacles > Hazards",
    "Overcoming a hazard or creating an advantage against it faces its rating as passive "
    "opposition",
)
BLOCK_WEAPON_RULE = rule(
    "obstacle.block.weapon",
    CONDENSED,
    "Obstacles > Blocks",
    "A block may have a Weapon rating of up to 4, or none",
)
BLOCK_INTERFERENCE_RULE = rule(
    "obstacle.block.interference",
    CONDENSED,
    "Obstacles > Blocks",
    "A block takes no turn; someone whose action it gets in the way of rolls against its rating, "
    "and on a failure is stopped or, if the block can harm, takes a hit of the shifts missed by",
)
BLOCK_FORCED_RULE = rule(
    "obstacle.block.forced",
    CONDENSED,
    "Obstacles > Blocks",
    "Forcing someone into a block is an attack with a Weapon of half the block's Weapon, rounded "
    "down, at least 1",
)
BLOCK_COVER_RULE = rule(
    "obstacle.block.cover",
    CONDENSED,
    "Obstacles > Blocks",
    "A block that can serve as cover either makes an attack impossible or gives the defender "
    "Armor of half its rating, rounded down, at least 1",
)
BLOCK_REMOVAL_RULE = rule(
    "obstacle.block.removal",
    CONDENSED,
    "Obstacles > Blocks",
    "Removing a block is an overcome against its rating plus two",
)
DISTRACTION_RULE = rule(
    "obstacle.distraction",
    CONDENSED,
    "Obstacles > Distractions",
    "A distraction has a name (possibly an aspect), a choice for the PCs, the repercussions of "
    "leaving it or dealing with it, and perhaps passive opposition",
)


def _check_id_and_name(kind: str, id: str, name: str) -> None:
    if not isinstance(id, str) or not id.strip():
        raise BadInput(f"a {kind} needs an id")
    if not isinstance(name, str) or not name.strip():
        raise BadInput(f"{kind} {id!r} needs a name")


def _check_whole(what: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"{what} is a whole number, not {value!r}")


def _check_rated(
    kind: str, obstacle: Hazard | Block, *, lowest_weapon: int, weapon_rule: Rule
) -> None:
    """What a hazard and a block are alike checked for: an id, a name, a whole rating, and a
    Weapon rating from ``lowest_weapon`` to 4 (``weapon_rule`` says why)."""
    _check_id_and_name(kind, obstacle.id, obstacle.name)
    _check_whole(f"{kind} {obstacle.id!r}'s rating", obstacle.rating)
    _check_whole(f"{kind} {obstacle.id!r}'s Weapon", obstacle.weapon)
    if not lowest_weapon <= obstacle.weapon <= 4:
        raise IllegalAction(
            f"{kind} {obstacle.name!r} needs a Weapon rating of {lowest_weapon} to 4, "
            f"not {obstacle.weapon}",
            weapon_rule,
        )


def _check_targeted_by(kind: str, name: str, action: Action, rating: int) -> int:
    if action is Action.ATTACK:
        raise IllegalAction(
            f"{name} is a {kind}: it cannot be attacked, only got round, endured or removed",
            NOT_ATTACKABLE_RULE,
        )
    if action is Action.DEFEND:
        raise BadInput(f"a {kind} never rolls to defend; name the action taken against it")
    return rating


def _add_weapon(
    resolution: Resolution, weapon: int, *, armor: int, weapon_and_armor: bool
) -> Resolution:
    """An attack's resolution with ``weapon`` added to its hits.

    With the Weapon and Armor option in play the full option applies (a tie becomes a hit, Armor
    counts); without it the obstacle's Weapon adds only to the hits of a successful attack.
    """
    if resolution.action is not Action.ATTACK:
        raise BadInput("a Weapon adds to the hits of an attack")
    if weapon_and_armor:
        return with_weapon_and_armor(resolution, weapon=weapon, armor=armor)
    if not resolution.outcome.succeeded:
        return resolution
    options = tuple(
        Option(
            o.key,
            tuple(Hit(e.shifts + weapon) if isinstance(e, Hit) else e for e in o.effects),
        )
        for o in resolution.options
    )
    return replace(resolution, options=options)


# -- hazards ---------------------------------------------------------------------------------


def check_hazard_action(name: str, action: Action) -> None:
    """Raise unless the hazard ``name`` may take ``action``: it attacks or creates advantages,
    and never overcomes (so it rolls no contest's overcome either)."""
    if action not in (Action.ATTACK, Action.CREATE_ADVANTAGE):
        refuse(
            f"{name} is a hazard: it attacks or creates advantages, nothing else", HAZARD_ACTS_RULE
        )


@dataclass(frozen=True, slots=True)
class Hazard:
    """Something in the scene that attacks: a name (skill and aspect), a rating and a Weapon."""

    id: str
    name: str
    rating: int
    weapon: int

    def __post_init__(self) -> None:
        _check_rated("hazard", self, lowest_weapon=1, weapon_rule=HAZARD_WEAPON_RULE)

    @property
    def skill(self) -> str:
        """The stable key of the skill its name stands for."""
        return skill_key(self.name)

    def sheet(self, preset: Preset | str = "condensed") -> Character:
        """The hazard as a participant: its name as its one aspect and skill, at its rating.

        Every skill the preset's turn order compares is set to the rating too, so a hazard takes
        its place in skill or approach order; its sheet has no stress or consequences, as it can
        never take a hit.
        """
        chosen = as_preset(preset)
        order = chosen.turn_order
        skills = {s: self.rating for s in (*order.physical, *order.mental)}
        skills[self.skill] = self.rating
        return monster(
            chosen,
            self.id,
            self.name,
            aspects=[(AspectKind.HIGH_CONCEPT, self.name)],
            skills=skills,
            skill_labels={self.skill: self.name},
        )

    def check_action(self, action: Action) -> None:
        """Raise unless a hazard may take ``action`` on its turn (attack or create an advantage)."""
        check_hazard_action(self.name, action)

    def opposition_to(self, action: Action) -> int:
        """The passive opposition someone faces to overcome it or create an advantage on it.

        Raises :class:`IllegalAction` for an attack: a hazard cannot be attacked.
        """
        return _check_targeted_by("hazard", self.name, action, self.rating)

    def attack_resolution(
        self, resolution: Resolution, *, armor: int = 0, weapon_and_armor: bool = False
    ) -> Resolution:
        """The hazard's attack once its Weapon counts.

        ``weapon_and_armor`` says the table plays with Weapon and Armor ratings: then a tie
        also hits and the target's ``armor`` counts (see :mod:`fatekit.rules.options.weapons`).
        """
        return _add_weapon(resolution, self.weapon, armor=armor, weapon_and_armor=weapon_and_armor)

    def rating_advice(self, best_pc_skill: int) -> tuple[str, ...]:
        """The text's advice on a hazard's rating, against the PCs' best skill (empty: fine)."""
        if self.rating < best_pc_skill:
            return (
                f"{self.name} ({self.rating:+d}) is below the PCs' best skill "
                f"({best_pc_skill:+d}); hazards are usually at least that high",
            )
        return ()


# -- blocks ----------------------------------------------------------------------------------


class CoverUse(StrEnum):
    """How a block used as cover works against one attack (the GM decides)."""

    NEGATE = "negate"  # the attack cannot be made
    MITIGATE = "mitigate"  # the defender gets Armor


@dataclass(frozen=True, slots=True)
class Cover:
    """The effect of cover on one attack."""

    negates: bool
    armor: int


@dataclass(frozen=True, slots=True)
class BlockCheck:
    """How someone fared against a block in their way."""

    shifts: int  # effort minus the block's rating
    outcome: Outcome
    prevented: bool  # the action they wanted does not happen
    harm: int | None  # the hit they take, when the block can harm and they failed


@dataclass(frozen=True, slots=True)
class Block:
    """Something that stands in the way: a name (skill and aspect) and a rating.

    ``weapon`` (0 to 4) is used when someone is forced into it; a block can harm those who fail
    against it when it has a Weapon or is marked ``harmful``. ``cover`` says it can shelter
    someone from attacks.
    """

    id: str
    name: str
    rating: int
    weapon: int = 0
    harmful: bool = False
    cover: bool = False

    def __post_init__(self) -> None:
        _check_rated("block", self, lowest_weapon=0, weapon_rule=BLOCK_WEAPON_RULE)

    @property
    def can_harm(self) -> bool:
        """Whether failing against it hurts."""
        return self.harmful or self.weapon > 0

    @property
    def removal_difficulty(self) -> int:
        """The difficulty of an overcome that removes the block for good."""
        return self.rating + 2

    @property
    def forced_weapon(self) -> int:
        """The Weapon of an attack that forces someone into the block."""
        return max(1, self.weapon // 2)

    def aspect(self, aspect_id: str | None = None, *, zone: str | None = None) -> Aspect:
        """The block's name as a situation aspect, to put in play."""
        return Aspect(aspect_id or f"block/{self.id}", self.name, AspectKind.SITUATION, zone=zone)

    def opposition_to(self, action: Action) -> int:
        """The passive opposition of the block to an action that must get past it.

        Raises :class:`IllegalAction` for an attack: a block cannot be attacked.
        """
        return _check_targeted_by("block", self.name, action, self.rating)

    def interfere(self, effort: int) -> BlockCheck:
        """Someone's roll against the block that stands in the way of their action.

        A failure stops the action; if the block can harm, it also deals a hit of the shifts
        the roll fell short by. A tie or better gets past it (a tie with the usual costs of a
        tied overcome).
        """
        _check_whole("an effort", effort)
        shifts = effort - self.rating
        outcome = outcome_for(shifts)
        failed = outcome is Outcome.FAIL
        harm = -shifts if failed and self.can_harm else None
        return BlockCheck(shifts, outcome, failed, harm)

    def forced_attack_resolution(
        self, resolution: Resolution, *, armor: int = 0, weapon_and_armor: bool = False
    ) -> Resolution:
        """An attack that forces its target into the block, with the block's borrowed Weapon.

        ``weapon_and_armor`` and ``armor`` work as in :meth:`Hazard.attack_resolution`.
        """
        return _add_weapon(
            resolution, self.forced_weapon, armor=armor, weapon_and_armor=weapon_and_armor
        )

    def as_cover(self, use: CoverUse | str) -> Cover:
        """What hiding behind the block does to one attack, as the GM rules it."""
        if not self.cover:
            raise IllegalAction(f"{self.name} gives no cover", BLOCK_COVER_RULE)
        return self.cover_for(use)

    def cover_for(self, use: CoverUse | str) -> Cover:
        """What hiding behind the block did to an attack a table's log recorded (checked by no
        rule: see :meth:`as_cover`)."""
        try:
            chosen = CoverUse(use)
        except ValueError:
            raise BadInput(f"cover either negates or mitigates an attack, not {use!r}") from None
        if chosen is CoverUse.NEGATE:
            return Cover(True, 0)
        return Cover(False, max(1, self.rating // 2))

    def rating_advice(self, best_pc_skill: int) -> tuple[str, ...]:
        """The text's advice on a block's rating, against the PCs' best skill (empty: fine)."""
        if self.rating > best_pc_skill + 1:
            return (
                f"{self.name} ({self.rating:+d}) is more than one step above the PCs' best "
                f"skill ({best_pc_skill:+d}); blocks that high frustrate",
            )
        return ()


def attack_through_cover(
    resolution: Resolution | None, cover: Cover, *, weapon: int = 0
) -> Resolution:
    """An attack on someone behind cover: impossible, or resolved with the cover's Armor.

    Call it with ``resolution=None`` before the roll to check the attack may be made at all.
    ``weapon`` is the attacker's Weapon, when the table plays with Weapon and Armor ratings.
    """
    if cover.negates:
        raise IllegalAction("the cover makes this attack impossible", BLOCK_COVER_RULE)
    if resolution is None:
        raise BadInput("resolve the attack first; only a check needs no resolution")
    return with_weapon_and_armor(resolution, weapon=weapon, armor=min(cover.armor, 4))


# -- distractions ----------------------------------------------------------------------------


class Handling(StrEnum):
    """The two ways the PCs may answer a distraction's choice."""

    LEAVE = "leave"  # they do not deal with it
    DEAL = "deal"  # they deal with it


@dataclass(frozen=True, slots=True)
class Repercussion:
    """What follows from one way of handling a distraction."""

    when: Handling
    what: str

    def __post_init__(self) -> None:
        try:
            object.__setattr__(self, "when", Handling(self.when))
        except ValueError:
            raise BadInput(f"a repercussion follows 'leave' or 'deal', not {self.when!r}") from None
        if not self.what.strip():
            raise BadInput("say what the repercussion is")


@dataclass(frozen=True, slots=True)
class Distraction:
    """A difficult choice the scene puts to the PCs.

    ``opposition`` is the passive opposition of rolls to deal with it (``None``: no roll needed);
    ``is_aspect`` puts its name in play as an aspect.
    """

    id: str
    name: str
    choice: str
    repercussions: tuple[Repercussion, ...]
    opposition: int | None = None
    is_aspect: bool = False

    def __post_init__(self) -> None:
        _check_id_and_name("distraction", self.id, self.name)
        if not self.choice.strip():
            raise IllegalAction(
                f"distraction {self.name!r} needs the question it puts to the PCs",
                DISTRACTION_RULE,
            )
        if not self.repercussions:
            raise IllegalAction(
                f"distraction {self.name!r} needs at least one repercussion: dealing with it "
                "must clearly help, or leaving it must clearly cost",
                DISTRACTION_RULE,
            )
        if self.opposition is not None:
            _check_whole(f"distraction {self.id!r}'s opposition", self.opposition)

    @classmethod
    def new(
        cls,
        id: str,
        name: str,
        choice: str,
        *,
        leave: Iterable[str] = (),
        deal: Iterable[str] = (),
        opposition: int | None = None,
        is_aspect: bool = False,
    ) -> Distraction:
        """A distraction with the repercussions of leaving it and of dealing with it."""
        repercussions = tuple(Repercussion(Handling.LEAVE, w) for w in leave) + tuple(
            Repercussion(Handling.DEAL, w) for w in deal
        )
        return cls(id, name, choice, repercussions, opposition, is_aspect)

    def repercussions_for(self, handling: Handling | str) -> tuple[str, ...]:
        """What happens when the PCs leave it, or deal with it."""
        try:
            chosen = Handling(handling)
        except ValueError:
            raise BadInput(f"a distraction is left or dealt with, not {handling!r}") from None
        return tuple(r.what for r in self.repercussions if r.when is chosen)

    def aspect(self, aspect_id: str | None = None, *, zone: str | None = None) -> Aspect | None:
        """The distraction's name as a situation aspect, if it is one."""
        if not self.is_aspect:
            return None
        return Aspect(
            aspect_id or f"distraction/{self.id}", self.name, AspectKind.SITUATION, zone=zone
        )

    def difficulty(self) -> int:
        """The passive opposition of a roll to deal with it."""
        if self.opposition is None:
            raise IllegalAction(
                f"{self.name} offers no opposition: dealing with it is a choice, not a roll",
                DISTRACTION_RULE,
            )
        return self.opposition
