"""The pieces of a conflict: its rules, phases, moves, participants, the record of a turn and of
an exchange, and what its optional-rule parts see of it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Protocol

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.aspects.rolling import ActionRoll
from fatekit.rules.characters.character import Character
from fatekit.rules.characters.preset import Preset
from fatekit.rules.core.actions import Action, AdvantageTarget, Option, Resolution
from fatekit.rules.core.citations import CONDENSED, CORE, Rule, rule
from fatekit.rules.core.dice import DiceSource
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.absorb import AbsorbPlan
from fatekit.rules.harm.concession import Concession
from fatekit.rules.options.big_bad_solo import Facing
from fatekit.rules.options.big_bad_threats import Threat
from fatekit.rules.options.big_bads import BigBad
from fatekit.rules.options.obstacles import (
    Block,
    Cover,
    Hazard,
)
from fatekit.rules.options.ruleset import OptionalRule, Ruleset
from fatekit.rules.options.scale import (
    ScaleAdvantage,
    ScaleLadder,
)
from fatekit.rules.scenes.scene import Game, Scene

__all__ = [
    "CONFLICT_CALLED_RULE",
    "CONFLICT_END_RULE",
    "EXCHANGE_EVENT",
    "EXCHANGE_RULE",
    "FORGO_DEFENSE_RULE",
    "FULL_DEFENSE_CORE_RULE",
    "FULL_DEFENSE_RULE",
    "INTERPOSE_RULE",
    "MOB_HITS_RULE",
    "MULTIPLE_TARGETS_RULE",
    "TAKEN_OUT_RULE",
    "ConflictEnd",
    "ConflictHost",
    "ConflictKind",
    "ConflictPart",
    "DefenseFocus",
    "Exchange",
    "Fighter",
    "FocusKind",
    "LegalAction",
    "Move",
    "PendingHit",
    "Phase",
    "Status",
    "TurnInProgress",
]

#: The event a conflict reports to the scene's countdowns at the end of every exchange.
EXCHANGE_EVENT = "exchange"

EXCHANGE_RULE = rule(
    "conflict.exchange",
    CONDENSED,
    "Challenges, Conflicts, and Contests > Turn Order",
    "In each exchange every participant takes one action (overcome, create an advantage or attack) "
    "and may move once; defending is a reaction and has no limit",
)
INTERPOSE_RULE = rule(
    "conflict.interpose",
    CORE,
    "The Exchange",
    "A character may defend on another's behalf when they can reasonably interpose, and then "
    "suffers the result of the defence",
)
FORGO_DEFENSE_RULE = rule(
    "conflict.forgo-defense",
    CORE,
    "Resolving Attacks",
    "A target may choose not to defend; the attack then faces Mediocre (+0)",
)
FULL_DEFENSE_CORE_RULE = rule(
    "conflict.full-defense.core",
    CORE,
    "Full Defense",
    "Giving up the exchange's action gives +2 to every defend roll until the character's next turn",
)
FULL_DEFENSE_RULE = rule(
    "option.full-defense",
    CONDENSED,
    "Optional Rules > Full Defense",
    "Full defense (optional): instead of acting, declare a focus (oneself unless named) and get +2 "
    "on defend rolls that serve it until the next turn; a boost then if no defence was needed",
)
MULTIPLE_TARGETS_RULE = rule(
    "option.multiple-targets",
    CONDENSED,
    "Optional Rules > Ways to Handle Multiple Targets",
    "Several targets (optional): split a positive effort among targets in one zone, at least one "
    "shift each, each defending against their share; or attack a whole zone, everyone in it "
    "defending against the full effort; or put one aspect on the zone",
)
TAKEN_OUT_RULE = rule(
    "conflict.taken-out",
    CONDENSED,
    "Taking Harm > Getting Taken Out",
    "A hit that is not fully absorbed takes the character out; taken-out and conceded characters "
    "leave the conflict",
)
CONFLICT_CALLED_RULE = rule(
    "conflict.end-called",
    CORE,
    "Ending a Conflict; Transitioning to a Contest or Challenge",
    "A conflict is over when a side is all out only under most circumstances: the GM may call it "
    "over at any moment, when the fight no longer matters (a truce, a collapse, a chase); "
    "nobody has lost, a hit not yet taken and dice not yet settled are dropped, and the fate "
    "points owed are paid as at any end",
)
MOB_HITS_RULE = rule(
    "character.mob.hits",
    CORE,
    "The Exchange (mobs); Fate Core as published",
    "A mob rolls as a team, each standing member past the first adding +1 (up to the skill's "
    "rating); a hit falls on one member at a time: a member who cannot absorb it is taken out, "
    "the shifts beyond those it took go on to the next member, and the mob is out with its last",
)
CONFLICT_END_RULE = rule(
    "conflict.end",
    CONDENSED,
    "Conflicts > Ending a Conflict",
    "The conflict ends when one side has all conceded or been taken out; then concessions and "
    "hostile invokes pay out (later, if it turns into a contest or challenge)",
)


class ConflictKind(StrEnum):
    """The kind of harm a conflict deals."""

    PHYSICAL = "physical"
    MENTAL = "mental"

    @property
    def track(self) -> Track:
        """The stress track hits go to."""
        return Track.PHYSICAL if self is ConflictKind.PHYSICAL else Track.MENTAL


class Status(StrEnum):
    """Whether a participant is still in the fight."""

    ACTIVE = "active"
    CONCEDED = "conceded"
    TAKEN_OUT = "taken_out"
    ESCAPED = "escaped"  # a big bad that won its contest immunity and got away


class Phase(StrEnum):
    """Where the conflict stands."""

    TURN = "turn"  # the current actor is to declare an action
    ROLL = "roll"  # an action's roll is under way
    HIT = "hit"  # a hit waits to be absorbed
    NEXT = "next"  # the actor has acted and passes the turn
    ENDED = "ended"


class Move(StrEnum):
    """The kinds of move :meth:`Conflict.legal_actions` lists."""

    ATTACK = "attack"
    CREATE_ADVANTAGE = "create_advantage"
    OVERCOME = "overcome"
    SPLIT_ATTACK = "split_attack"
    ZONE_ATTACK = "zone_attack"
    ASSIGN_TARGETS = "assign_targets"
    FULL_DEFENSE = "full_defense"
    FREE_MOVE = "free_move"
    INVOKE = "invoke"
    RESOLVE = "resolve"
    ABSORB = "absorb"
    SHIELD = "shield"
    TAKE_OUT = "take_out"
    END_TURN = "end_turn"
    CONCEDE = "concede"


class FocusKind(StrEnum):
    """What a Fate Condensed full defense concentrates on."""

    SELF = "self"  # attacks and advantages against oneself (the default)
    PROTECT = "protect"  # defending on behalf of the named allies
    AGGRESSORS = "aggressors"  # anything the named opponents do
    OUTCOME = "outcome"  # opposing others' efforts to overcome


@dataclass(frozen=True, slots=True)
class DefenseFocus:
    """The declared focus of a full defense, with whoever it names."""

    kind: FocusKind = FocusKind.SELF
    who: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LegalAction:
    """Something a participant may do now, with the targets and skills it allows.

    For an attack, ``reach`` pairs each skill with the targets it reaches from where the two
    stand, and ``ranged`` lists the skills whose attacks are made from a distance.
    """

    move: Move
    targets: tuple[str, ...] = ()
    skills: tuple[str, ...] = ()
    reach: tuple[tuple[str, tuple[str, ...]], ...] = ()
    ranged: tuple[str, ...] = ()


@dataclass(slots=True)
class Fighter:
    """A participant: their sheet, their side and whether they are still in."""

    character: Character
    side: str
    status: Status = Status.ACTIVE
    weapon: int = 0
    armor: int = 0
    hazard: Hazard | None = None  # a hazard acting in the turn order (obstacles option)
    scale: str | None = None  # scale level key (scale option)
    members: int = 0  # a mob's members still standing (0: as many as its sheet has)

    def __post_init__(self) -> None:
        if self.members == 0:
            self.members = self.character.members


@dataclass(slots=True)
class TurnInProgress:
    actor: str
    roll: ActionRoll | None = None
    victim: str | None = None  # who suffers the result of a defence
    target_aspect: Aspect | None = None
    advantage: AdvantageTarget = AdvantageTarget.NEW
    move_to: str | None = None  # an overcome to move where a free move cannot go
    weapon: int = 0
    armor: int = 0
    zone: str | None = None  # an advantage on a whole zone (targeting the scene)
    targets: dict[str, ActionRoll] = field(default_factory=dict)  # one attack, several targets
    multi: str | None = None  # "split" or "zone": an attack on several targets
    scale: ScaleAdvantage | None = None
    cover: Cover | None = None  # the defender shelters behind a block
    into_block: Block | None = None  # the attack forces its target into a block
    ranged: bool = False  # a split attack made from a distance: it reaches further, no parry
    block: Block | None = None  # an overcome against a block in the way
    remove_block: bool = False  # ... meant to remove it for good
    disable: str | None = None  # an overcome that puts a hazard out of action


@dataclass(frozen=True, slots=True)
class PendingHit:
    target: str
    shifts: int
    by: str


@dataclass(frozen=True, slots=True)
class ConflictEnd:
    """How a conflict ended."""

    losers: tuple[str, ...]  # sides that all conceded or were taken out
    concessions: tuple[Concession, ...]
    payouts_deferred: bool


@dataclass(slots=True)
class Exchange:
    number: int = 1
    acted: set[str] = field(default_factory=set)
    moved: set[str] = field(default_factory=set)


class ConflictPart:
    """A part of the rules of a conflict, mixed into :class:`~fatekit.rules.scenes.conflict.Conflict`.

    Its methods take the conflict as a :class:`ConflictHost`; the attributes the parts assign are
    declared here, where the conflict sets them.
    """

    _turn: TurnInProgress | None
    phase: Phase
    _order: list[str] | None


class ConflictHost(Protocol):
    """What the optional-rule parts of a :class:`~fatekit.rules.scenes.conflict.Conflict` use of it.

    The parts are mixins; this protocol is their view of the conflict they are mixed into.
    """

    game: Game
    scene: Scene
    ruleset: Ruleset
    preset: Preset
    kind: ConflictKind
    harm: Track
    phase: Phase
    fighters: dict[str, Fighter]
    exchange: Exchange
    blocks: dict[str, Block]
    big_bads: dict[str, BigBad]
    scale_ladder: ScaleLadder
    _turn: TurnInProgress | None
    _hits: list[PendingHit]
    _order: list[str] | None
    _block_aspects: dict[str, str]
    id: str
    current: str
    full_defense_allowed: bool
    allow_extreme: bool
    conditions: bool
    full_defenders: dict[str, DefenseFocus | None]
    _defended: set[str]
    concessions: list[Concession]
    ended: ConflictEnd | None
    _group_npcs: bool

    def fighter(self, participant: str) -> Fighter: ...
    def active(self) -> list[str]: ...
    def arm(self, fighter: Fighter) -> None: ...
    def opponents(self, participant: str) -> list[str]: ...
    def set_scale(self, participant: str, level: str) -> None: ...
    def _check_action(self, actor: str) -> None: ...
    def _check_next(self, participant: str) -> None: ...
    def _may_shield(self, big_bad: BigBad, minion: str, shifts: int) -> bool: ...
    def _action_roll(
        self, actor: str, action: Action, skill: str, dice: DiceSource, difficulty: int | None
    ) -> ActionRoll: ...
    def _rating(self, sheet: Character, skill: str) -> int: ...
    def _skill_name(self, skill: str) -> str: ...
    def _choose(self, resolution: Resolution, option: str | None) -> Option: ...
    def _after_resolution(self) -> None: ...
    def _add_defence(
        self,
        roll: ActionRoll,
        defender: str,
        skill: str | None,
        *,
        melee: bool,
        dice: DiceSource | None,
        harm: bool = True,
        target: str | None = None,
    ) -> None: ...
    def _require(self, option: OptionalRule, message: str, rule_: Rule) -> None: ...
    def _require_hit(self) -> PendingHit: ...
    def _leave(self, participant: str) -> None: ...
    def _check_end(self) -> None: ...
    def _ordered(self) -> list[str]: ...
    def _reduced(self, target: str, shifts: int) -> int: ...
    def _take_out(self, target: str) -> None: ...
    def _multi_attack(
        self,
        actor: str,
        skill: str,
        dice: DiceSource,
        multi: str,
        zone: str | None,
        ranged: bool | None = None,
    ) -> ActionRoll: ...
    def _check_split(
        self, actor: str, effort: int, split: Mapping[str, int], *, ranged: bool = True
    ) -> dict[str, int]: ...
    def preview_targets(self) -> dict[str, Resolution]: ...
    def _big_bad_against(self, roll: ActionRoll) -> str | None: ...
    def facing(self, big_bad: str) -> Facing: ...
    def _out(self) -> set[str]: ...
    def _may_be_attacked(self, target: str) -> bool: ...
    def _check_big_bad_target(self, target: str) -> None: ...
    def _map_of(self, participant: str) -> Threat | None: ...
    def _part_reaches(self, actor: str, target: str) -> bool | None: ...
    def _check_part_reach(self, actor: str, target: str) -> bool: ...
    def reaches(self, actor: str, target: str, *, ranged: bool = True) -> bool: ...
    def attack_is_ranged(self, actor: str, skill: str) -> bool: ...
    def _reach(self, actor: str, target: str) -> tuple[bool, bool]: ...
    def _attack_reach(self, actor: str, skills: tuple[str, ...]) -> dict[str, tuple[str, ...]]: ...
    def defence_skills(self, defender: str, *, melee: bool) -> tuple[str, ...]: ...
    def opposing_skills(self, participant: str) -> tuple[str, ...]: ...
    def _free_move_zones(self, actor: str) -> tuple[str, ...]: ...
    def _in_the_way(self, actor: str) -> list[str]: ...
    def absorb_options(self) -> list[AbsorbPlan]: ...
    def next_choices(self) -> list[str]: ...
    def _may_concede_now(self) -> bool: ...
    def _order_rule(self) -> Rule: ...
    def _acts_first(self, participant: str) -> bool: ...
    def _begin_turn(self, actor: str) -> None: ...
    def _next_hit(self) -> None: ...
    def _losing_sides(self) -> list[str]: ...
    def _sheet_skills(self, sheet: Character) -> tuple[str, ...]: ...
    def _solo_bonus(self, roll: ActionRoll, participant: str) -> None: ...
    def _mob_bonus(self, roll: ActionRoll, participant: str) -> None: ...
    def _member_capacity(self, target: str) -> int: ...
    def _focus_applies(self, defender: str, roll: ActionRoll, target: str | None) -> bool: ...
