"""The pieces of a conflict: its rules, phases, moves, participants, the record of a turn and of
an exchange, and the roster every part of a conflict reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.aspects.rolling import ActionRoll
from fatekit.rules.characters.character import Character
from fatekit.rules.characters.combined_rolls import check_pair, combined_rating
from fatekit.rules.characters.preset import Preset
from fatekit.rules.core.actions import Action, AdvantageTarget, Option, Resolution
from fatekit.rules.core.citations import CONDENSED, CORE, Rule, rule
from fatekit.rules.core.dice import DiceSource
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.outcomes import Bonus, BonusKind
from fatekit.rules.core.teamwork import combine_skills
from fatekit.rules.core.tracks import Track
from fatekit.rules.core.waivers import require
from fatekit.rules.harm.concession import Concession
from fatekit.rules.options.obstacles import Block, Cover, Hazard
from fatekit.rules.options.ruleset import OptionalRule, Ruleset
from fatekit.rules.options.scale import STANDARD_SCALE, ScaleAdvantage, ScaleLadder
from fatekit.rules.options.weapons import carried_ratings
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
    "ConflictKind",
    "DefenseFocus",
    "Exchange",
    "Fighter",
    "FocusKind",
    "LegalAction",
    "Move",
    "PendingHit",
    "Phase",
    "Roster",
    "Status",
    "TurnInProgress",
    "choose",
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


class Roster:
    """Who is in a conflict, on which side and at what scale, and the rules they play by: what
    every part of a conflict reads."""

    __slots__ = ("fighters", "game", "harm", "kind", "preset", "ruleset", "scale_ladder", "scene")

    def __init__(
        self,
        game: Game,
        scene: Scene,
        kind: ConflictKind,
        harm: Track,
        preset: Preset | None,
    ) -> None:
        self.game = game
        self.scene = scene
        self.kind = kind
        self.harm = harm  # the harm its attacks deal: the kind's own, or one the rule set names
        self.ruleset: Ruleset = game.ruleset
        self.preset: Preset = preset if preset is not None else self.ruleset.preset
        self.fighters: dict[str, Fighter] = {}
        self.scale_ladder: ScaleLadder = STANDARD_SCALE

    def enlist(self, participant: str, side: str) -> Fighter:
        """Bring a character of the game in on ``side``, armed as their sheet says."""
        fighter = Fighter(self.game.character(participant), side)
        self.arm(fighter)
        self.fighters[participant] = fighter
        return fighter

    def fighter(self, participant: str) -> Fighter:
        """The participant's entry in this conflict."""
        try:
            return self.fighters[participant]
        except KeyError:
            raise BadInput(
                f"{participant!r} is not in this conflict", code="not_in_conflict", who=participant
            ) from None

    def active(self) -> list[str]:
        """Participants still in the conflict, in the order they were listed."""
        return [p for p, f in self.fighters.items() if f.status is Status.ACTIVE]

    def out(self) -> set[str]:
        """Participants taken out."""
        return {p for p, f in self.fighters.items() if f.status is Status.TAKEN_OUT}

    def opponents(self, participant: str) -> list[str]:
        """Active participants on other sides who can be targeted (hazards cannot)."""
        side = self.fighter(participant).side
        return [
            p
            for p in self.active()
            if self.fighters[p].side != side and self.fighters[p].hazard is None
        ]

    def in_the_way(self, actor: str) -> list[str]:
        """Opponents sharing the mover's zone are taken to stand in the way."""
        zones = self.scene.zones
        if zones is None or actor not in zones.positions:
            return []
        here = zones.zone_of(actor)
        return [p for p in self.opponents(actor) if zones.positions.get(p) == here]

    def arm(self, fighter: Fighter) -> None:
        """With Weapon and Armor ratings in use, a fighter comes in with what their sheet says
        they carry (the best weapon, the best armor)."""
        if self.ruleset.has(OptionalRule.WEAPON_AND_ARMOR):
            fighter.weapon, fighter.armor = carried_ratings(fighter.character.gear)

    def require(self, option: OptionalRule, message: str, rule_: Rule) -> None:
        """Refuse unless ``option`` is in use (the GM may bring it in anyway)."""
        require(self.ruleset.has(option), message, rule_)

    def sheet_skills(self, sheet: Character) -> tuple[str, ...]:
        """The preset's skills, then any others the sheet has."""
        keys = list(self.preset.skill_keys)
        keys.extend(k for k in sheet.skills if k not in keys)
        return tuple(keys)

    def rating(self, sheet: Character, skill: str) -> int:
        """The sheet's rating in ``skill``, a skill of the preset or of the sheet."""
        if skill not in self.preset.skill_keys and skill not in sheet.skills:
            raise BadInput(f"{skill!r} is not a skill in {self.preset.name}")
        return sheet.rating(skill)

    def skill_name(self, skill: str) -> str:
        """The skill's name in the preset (its key for a skill the preset lacks)."""
        return self.preset.skill_name(skill) if self.preset.has_skill(skill) else skill

    def can_attack(self, sheet: Character, skill: str) -> bool:
        """Whether ``skill`` deals this conflict's harm for ``sheet`` (stunts counted)."""
        return self.preset.can_use(skill, Action.ATTACK, self.harm, stunts=sheet.stunts)

    def action_roll(
        self,
        actor: str,
        action: Action,
        skill: str,
        dice: DiceSource,
        difficulty: int | None,
        *,
        second: str | None = None,
        checked: bool = False,
        rating: int | None = None,
    ) -> ActionRoll:
        """``actor``'s roll of ``skill`` for ``action``, spending from the game's ledger; with
        two combined lists, ``second`` is the second list's skill added (``checked``: a roll
        being decided, whose pair the rule set must allow); a ``rating`` given (aspects counted
        instead of a skill) stands for the skill's."""
        sheet = self.fighter(actor).character
        if checked:
            check_pair(self.preset, sheet.skills, skill, second, who=actor)
        if rating is None:
            rating = self.rating(sheet, skill)
            if second is not None:
                rating = combined_rating(rating, sheet.rating(second))
        roll = ActionRoll(
            actor,
            action,
            rating,
            skill=skill,
            dice=dice,
            ledger=self.game.ledger,
            stunt_uses=self.game.stunt_uses,
            difficulty=difficulty,
            second_skill=second,
        )
        self.mob_bonus(roll, actor)
        return roll

    def mob_bonus(self, roll: ActionRoll, participant: str) -> None:
        """A mob rolls as a team: each standing member past the first adds +1, as teamwork does
        (members need Average (+1), and the bonus is at most the skill's rating)."""
        members = self.fighter(participant).members
        if members < 2:
            return
        team = combine_skills({f"{participant}#{n}": roll.rating for n in range(members)})
        if team.bonus > 0:
            roll.add_bonus(Bonus(BonusKind.TEAMWORK, team.bonus, f"mob of {members}"))


def choose(resolution: Resolution, option: str | None) -> Option:
    """The option picked from an outcome (``None``: its only one)."""
    if option is None:
        if resolution.only is None:
            keys = ", ".join(o.key for o in resolution.options)
            raise BadInput(f"this outcome offers a choice: pass option= one of {keys}")
        return resolution.only
    try:
        return resolution.option(option)
    except KeyError as error:
        raise BadInput(str(error.args[0])) from None
