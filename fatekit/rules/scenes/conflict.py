"""Conflicts: sides, turn order, exchanges, attacks and harm, concessions, and the end.

A :class:`Conflict` runs inside the running scene of a
:class:`~fatekit.rules.scenes.scene.Game`. At any moment :meth:`Conflict.legal_actions` says what
each participant may do; every other move raises :class:`IllegalAction` naming the rule. A turn
goes:

1. the current actor declares an action (:meth:`Conflict.attack`, :meth:`Conflict.create_advantage`,
   :meth:`Conflict.overcome`, or :meth:`Conflict.full_defense`), and may make one free move;
2. the returned :class:`~fatekit.rules.aspects.rolling.ActionRoll` is rolled and invoked upon;
3. :meth:`Conflict.resolve` settles it; a hit waits for its target to :meth:`Conflict.absorb` it or
   be :meth:`Conflict.take_out`;
4. :meth:`Conflict.end_turn` passes the turn (in elective order, to whoever the actor picks).

Anyone may :meth:`Conflict.concede` while no dice are on the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.aspects.effects import Applied, carry_out
from fatekit.rules.aspects.fate_points import GM
from fatekit.rules.aspects.rolling import ActionRoll, RollPhase
from fatekit.rules.characters.character import Character
from fatekit.rules.characters.gear import check_rating
from fatekit.rules.characters.preset import ATTACK_DEFEND_RULE, Preset
from fatekit.rules.core.actions import Action, AdvantageTarget, Option, Resolution, Side
from fatekit.rules.core.citations import Rule
from fatekit.rules.core.dice import DiceSource
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.outcomes import Bonus, BonusKind
from fatekit.rules.core.teamwork import combine_skills
from fatekit.rules.core.tracks import Track
from fatekit.rules.core.waivers import refuse, require
from fatekit.rules.harm.concession import Concession
from fatekit.rules.options.big_bads import (
    BigBad,
)
from fatekit.rules.options.obstacles import (
    Block,
    CoverUse,
    Hazard,
    attack_through_cover,
)
from fatekit.rules.options.ruleset import OptionalRule
from fatekit.rules.options.scale import (
    STANDARD_SCALE,
    ScaleAdvantage,
    ScaleBenefit,
    ScaleLadder,
)
from fatekit.rules.options.weapons import (
    WEAPON_ARMOR_RULE,
    carried_ratings,
    with_weapon_and_armor,
)
from fatekit.rules.scenes.conflict_big_bads import BigBadRules
from fatekit.rules.scenes.conflict_defence import Defence
from fatekit.rules.scenes.conflict_harm import HitsAndEnding
from fatekit.rules.scenes.conflict_obstacles import ObstaclesAndScale
from fatekit.rules.scenes.conflict_parts import (
    CONFLICT_CALLED_RULE,
    CONFLICT_END_RULE,
    EXCHANGE_EVENT,
    EXCHANGE_RULE,
    FORGO_DEFENSE_RULE,
    FULL_DEFENSE_CORE_RULE,
    FULL_DEFENSE_RULE,
    INTERPOSE_RULE,
    MOB_HITS_RULE,
    MULTIPLE_TARGETS_RULE,
    TAKEN_OUT_RULE,
    ConflictEnd,
    ConflictKind,
    DefenseFocus,
    Exchange,
    Fighter,
    FocusKind,
    LegalAction,
    Move,
    PendingHit,
    Phase,
    Status,
    TurnInProgress,
)
from fatekit.rules.scenes.conflict_targets import MultipleTargets
from fatekit.rules.scenes.conflict_turns import TurnOrder
from fatekit.rules.scenes.scene import Game, Scene
from fatekit.rules.scenes.zones import resolve_move

# The conflict's vocabulary is public here; conflict_parts is how the class is built.
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
    "Conflict",
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
    "Status",
    "TurnInProgress",
]


class Conflict(TurnOrder, Defence, HitsAndEnding, MultipleTargets, BigBadRules, ObstaclesAndScale):
    """A physical or mental conflict in the game's running scene.

    ``sides`` maps side names to participant ids. Elective order (Fate Condensed) needs ``first``,
    whoever the table agrees acts first; skill and approach orders work it out, and
    ``group_npcs`` lets every NPC act at the place of the best one. The game's
    :class:`~fatekit.rules.options.ruleset.Ruleset` says which optional rules apply: full defense
    (Fate Core's or Fate Condensed's), extreme consequences, conditions, Weapon and Armor.

    The methods live in the ``conflict_*`` modules, one part of a conflict each, as mixins.
    """

    def __init__(
        self,
        game: Game,
        sides: Mapping[str, Iterable[str]],
        *,
        kind: ConflictKind = ConflictKind.PHYSICAL,
        first: str | None = None,
        preset: Preset | None = None,
        group_npcs: bool = False,
        conflict_id: str = "conflict",
        harm: Track | str | None = None,
    ) -> None:
        if game.scene is None:
            raise BadInput("start a scene before starting a conflict")
        self.game = game
        self.scene: Scene = game.scene
        self.id = conflict_id
        self.kind = kind
        # The harm its attacks deal: the kind's own, or one the rule set names (wealth, sanity).
        try:
            self.harm = kind.track if harm is None else Track(harm)
        except ValueError as error:
            raise BadInput(str(error)) from None
        self.fighters: dict[str, Fighter] = {}
        if len(sides) < 2:
            raise BadInput("a conflict needs at least two sides")
        for side, members in sides.items():
            listed = list(members)
            if not listed:
                raise BadInput(f"side {side!r} has nobody on it")
            for member in listed:
                if member in self.fighters:
                    raise BadInput(f"{member!r} is on two sides")
                if member not in self.scene.participants:
                    raise BadInput(f"{member!r} is not in scene {self.scene.name!r}")
                self.fighters[member] = Fighter(game.character(member), side)
        self.ruleset = game.ruleset
        for fighter in self.fighters.values():
            self.arm(fighter)
        self.preset = preset if preset is not None else self.ruleset.preset
        if harm is not None and not any(
            self.preset.can_use(s, Action.ATTACK, self.harm, stunts=f.character.stunts)
            for f in self.fighters.values()
            for s in self._sheet_skills(f.character)
        ):
            # A rule set's own harm that no skill deals: nobody would get an attack (the GM may
            # start it anyway: a hazard may be what deals it).
            refuse(
                f"no skill of {self.preset.name} attacks with {self.harm.value} harm, so nobody "
                "in this conflict could harm anyone",
                ATTACK_DEFEND_RULE,
            )
        self.full_defense_allowed = self.ruleset.has(
            OptionalRule.FULL_DEFENSE_CORE
        ) or self.ruleset.has(OptionalRule.FULL_DEFENSE)
        self.allow_extreme = self.ruleset.has(OptionalRule.EXTREME_CONSEQUENCES)
        self.conditions = self.ruleset.has(OptionalRule.CONDITIONS)
        self.phase = Phase.TURN
        self.exchange = Exchange()
        # Full defenders and their focus (``None``: Fate Core's version, every defence).
        self.full_defenders: dict[str, DefenseFocus | None] = {}
        self._defended: set[str] = set()  # full defenders who have rolled a defence since
        self.concessions: list[Concession] = []
        self.ended: ConflictEnd | None = None
        self._turn: TurnInProgress | None = None
        self._hits: list[PendingHit] = []  # hits waiting to be absorbed, first first
        self._order: list[str] | None = None
        self._group_npcs = group_npcs
        self.blocks: dict[str, Block] = {}
        self.big_bads: dict[str, BigBad] = {}
        self._block_aspects: dict[str, str] = {}
        self.scale_ladder: ScaleLadder = STANDARD_SCALE
        self.current = self._first_actor(first, group_npcs)
        self._begin_turn(self.current)

    # -- who is who ----------------------------------------------------------------------------

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

    def opponents(self, participant: str) -> list[str]:
        """Active participants on other sides who can be targeted (hazards cannot)."""
        side = self.fighter(participant).side
        return [
            p
            for p in self.active()
            if self.fighters[p].side != side and self.fighters[p].hazard is None
        ]

    # -- the actions ---------------------------------------------------------------------------

    def attack(
        self,
        actor: str,
        target: str,
        skill: str,
        *,
        dice: DiceSource,
        defend_skill: str | None = None,
        defender: str | None = None,
        forgo_defense: bool = False,
        ranged: bool | None = None,
        defender_dice: DiceSource | None = None,
        helpers: Iterable[str] = (),
        scale_benefit: ScaleBenefit | str | None = None,
        cover: str | None = None,
        cover_use: CoverUse | str = CoverUse.MITIGATE,
        into_block: str | None = None,
    ) -> ActionRoll:
        """Attack ``target`` with ``skill``; return the roll (its defence already set up).

        Whether the attack is made from a distance is the rule set's word on ``skill``
        (:meth:`attack_is_ranged`: Shoot reaches the next zone and Fight cannot parry it);
        ``ranged`` given says it instead (a table's log records what the engine decided).
        ``defender`` names someone interposing for the target (they defend and take the hit).
        ``forgo_defense`` lets the target take the attack against Mediocre (+0). With the
        optional rules: ``scale_benefit`` is the higher side's choice when the two differ in
        scale; ``cover`` names a block the target shelters behind (``cover_use``: it negates the
        attack or gives Armor); ``into_block`` forces the target into a block, borrowing its
        Weapon.
        """
        hazard = self._start_action(actor, Action.ATTACK)
        sheet = self.fighter(actor).character
        aimed = self.fighter(target)
        if aimed.hazard is not None:
            aimed.hazard.opposition_to(Action.ATTACK)  # raises: hazards cannot be attacked
        self._check_big_bad_target(target)
        if target not in self.opponents(actor):
            if target == actor or aimed.status is not Status.ACTIVE:
                raise IllegalAction(f"{target} is not an active opponent of {actor}", EXCHANGE_RULE)
            refuse(f"{target} is on {actor}'s side", EXCHANGE_RULE)  # the GM may allow it
        if ranged is None:
            ranged = self.attack_is_ranged(actor, skill)
        if hazard is None and not self.preset.can_use(
            skill, Action.ATTACK, self.harm, stunts=sheet.stunts
        ):
            refuse(
                f"{self._skill_name(skill)} cannot make a {self.harm.value} attack",
                ATTACK_DEFEND_RULE,
            )
        zones = self.scene.zones
        if self._check_part_reach(actor, target):
            pass  # a big bad's zone reaches as far as the map says, not as far as a gun
        elif (
            self.kind is ConflictKind.PHYSICAL
            and zones is not None
            and actor in zones.positions
            and target in zones.positions
        ):
            # Someone off the map (a hazard filling the scene, say) is not limited by zones.
            zones.check_reach(actor, target, ranged=ranged)
        victim = target if defender is None else defender
        if defender is not None:
            self._check_interpose(defender, target)
        shelter = None
        if cover is not None:
            shelter = self._block(cover).as_cover(cover_use)
            if shelter.negates:
                attack_through_cover(None, shelter)  # raises: the attack cannot be made
        forced = self._block(into_block) if into_block is not None else None
        roll = self._action_roll(actor, Action.ATTACK, skill, dice, 0 if forgo_defense else None)
        if forgo_defense:
            if defender is not None:
                raise BadInput("an interposing defender defends; they cannot also forgo it")
        else:
            self._add_defence(
                roll, victim, defend_skill, melee=not ranged, dice=defender_dice, target=target
            )
        advantage = self._bonuses(roll, actor, skill, helpers, victim, scale_benefit)
        self._turn = TurnInProgress(
            actor,
            roll,
            victim,
            weapon=self.fighters[actor].weapon,
            armor=self.fighters[victim].armor,
            scale=advantage,
            cover=shelter,
            into_block=forced,
        )
        self.phase = Phase.ROLL
        return roll

    def create_advantage(
        self,
        actor: str,
        skill: str,
        *,
        dice: DiceSource,
        difficulty: int | None = None,
        against: str | None = None,
        defend_skill: str | None = None,
        aspect: Aspect | None = None,
        defender_dice: DiceSource | None = None,
        helpers: Iterable[str] = (),
        zone: str | None = None,
        scale_benefit: ScaleBenefit | str | None = None,
    ) -> ActionRoll:
        """Create an advantage: a new aspect, or free invokes on an existing ``aspect``.

        Face a ``difficulty``, or an active defence by ``against`` (the one the aspect goes on,
        or whoever can interfere). With ``zone`` the new aspect sits on that zone: one aspect
        for everyone there, rather than one per target.
        """
        self._start_action(actor, Action.CREATE_ADVANTAGE)
        target = AdvantageTarget.NEW
        if aspect is not None:
            target = (
                AdvantageTarget.UNKNOWN if not aspect.is_known_to(actor) else AdvantageTarget.KNOWN
            )
        roll = self._opposed_roll(
            actor,
            Action.CREATE_ADVANTAGE,
            skill,
            dice,
            difficulty,
            against,
            defend_skill,
            defender_dice,
        )
        if zone is not None:
            if self.scene.zones is None or zone not in self.scene.zones.zones:
                raise BadInput(f"no zone {zone!r} in this scene")
            if aspect is not None:
                raise BadInput("an advantage on a zone creates a new aspect there")
        advantage = self._bonuses(roll, actor, skill, helpers, against, scale_benefit)
        self._turn = TurnInProgress(
            actor, roll, against, aspect, target, zone=zone, scale=advantage
        )
        self.phase = Phase.ROLL
        return roll

    def overcome(
        self,
        actor: str,
        skill: str,
        *,
        dice: DiceSource,
        difficulty: int | None = None,
        against: str | None = None,
        defend_skill: str | None = None,
        defender_dice: DiceSource | None = None,
        move_to: str | None = None,
        helpers: Iterable[str] = (),
        scale_benefit: ScaleBenefit | str | None = None,
        block: str | None = None,
        remove_block: bool = False,
        disable_hazard: str | None = None,
    ) -> ActionRoll:
        """Overcome an obstacle: a ``difficulty``, or active opposition from ``against``.

        With ``move_to`` the overcome is a move the free move cannot make (further than one
        zone, past an impeding aspect or someone in the way): on success the actor moves. With
        the obstacles option, ``block`` names a block in the way (its rating is the difficulty;
        failing against a block that can harm deals a hit), or with ``remove_block`` one to get
        rid of (rating + 2); ``disable_hazard`` names a hazard to put out of action (its rating).
        """
        self._start_action(actor, Action.OVERCOME)
        if move_to is not None:
            zones = self.scene.zones
            if zones is None:
                raise BadInput("this scene has no zones to move between")
            zones.obstacles_to_moving(actor, move_to)  # checks the zone and that a way exists
        obstacle = None
        if block is not None or disable_hazard is not None:
            if difficulty is not None or against is not None:
                raise BadInput("an obstacle sets the difficulty itself: give no other opposition")
            if block is not None and disable_hazard is not None:
                raise BadInput("overcome one obstacle at a time")
            if block is not None:
                obstacle = self._block(block)
                difficulty = (
                    obstacle.removal_difficulty
                    if remove_block
                    else obstacle.opposition_to(Action.OVERCOME)
                )
            else:
                assert disable_hazard is not None
                found = self.fighter(disable_hazard).hazard
                if found is None or self.fighters[disable_hazard].status is not Status.ACTIVE:
                    raise BadInput(f"{disable_hazard!r} is not a hazard in this conflict")
                difficulty = found.opposition_to(Action.OVERCOME)
        elif remove_block:
            raise BadInput("name the block to remove")
        roll = self._opposed_roll(
            actor, Action.OVERCOME, skill, dice, difficulty, against, defend_skill, defender_dice
        )
        advantage = self._bonuses(roll, actor, skill, helpers, against, scale_benefit)
        self._turn = TurnInProgress(
            actor,
            roll,
            against,
            move_to=move_to,
            scale=advantage,
            block=obstacle,
            remove_block=remove_block,
            disable=disable_hazard,
        )
        self.phase = Phase.ROLL
        return roll

    def preview(self) -> Resolution:
        """What the current roll's outcome allows, as :meth:`resolve` will settle it (movement,
        scale, Weapon and Armor, hazards, blocks and cover included), without settling it."""
        turn = self._turn
        if self.phase is not Phase.ROLL or turn is None or turn.roll is None or turn.multi:
            raise IllegalAction("there is no single roll under way", EXCHANGE_RULE)
        roll = turn.roll
        if turn.move_to is not None:
            return resolve_move(roll.shifts)
        shifts, extra = roll.shifts, 0
        if turn.scale is not None:
            shifts = turn.scale.final_shifts(roll.shifts)
            extra = turn.scale.extra_free_invokes(shifts)
        resolution = roll.preview(target=turn.advantage, shifts=shifts, extra_free_invokes=extra)
        equipped = self.ruleset.has(OptionalRule.WEAPON_AND_ARMOR)
        hazard = self.fighters[turn.actor].hazard
        if hazard is not None and roll.action is Action.ATTACK:
            return hazard.attack_resolution(resolution, armor=turn.armor, weapon_and_armor=equipped)
        if turn.into_block is not None:
            return turn.into_block.forced_attack_resolution(
                resolution, armor=turn.armor, weapon_and_armor=equipped
            )
        if turn.cover is not None:
            return attack_through_cover(resolution, turn.cover, weapon=turn.weapon)
        return with_weapon_and_armor(resolution, weapon=turn.weapon, armor=turn.armor)

    def _choose(self, resolution: Resolution, option: str | None) -> Option:
        if option is None:
            if resolution.only is None:
                keys = ", ".join(o.key for o in resolution.options)
                raise BadInput(f"this outcome offers a choice: pass option= one of {keys}")
            return resolution.only
        try:
            return resolution.option(option)
        except KeyError as error:
            raise BadInput(str(error.args[0])) from None

    def arm(self, fighter: Fighter) -> None:
        """With Weapon and Armor ratings in use, a fighter comes in with what their sheet says
        they carry (the best weapon, the best armor); :meth:`equip` changes it."""
        if self.ruleset.has(OptionalRule.WEAPON_AND_ARMOR):
            fighter.weapon, fighter.armor = carried_ratings(fighter.character.gear)

    def equip(self, participant: str, *, weapon: int = 0, armor: int = 0) -> None:
        """Give a participant Weapon and Armor ratings (the Weapon and Armor optional rule)."""
        require(
            self.ruleset.has(OptionalRule.WEAPON_AND_ARMOR),
            "Weapon and Armor ratings are not in use",
            WEAPON_ARMOR_RULE,
        )
        check_rating("Weapon", weapon)
        check_rating("Armor", armor)
        fighter = self.fighter(participant)
        fighter.weapon, fighter.armor = weapon, armor

    def resolve(
        self,
        option: str | None = None,
        *,
        aspect_name: str = "",
        boost_names: Mapping[str, str] | None = None,
    ) -> tuple[Resolution, Applied]:
        """Settle the turn's roll and carry out the chosen option.

        ``option`` is needed when the outcome offers a choice. A hit makes its target absorb it
        before the turn can end.
        """
        turn = self._turn
        if self.phase is not Phase.ROLL or turn is None or turn.roll is None:
            raise IllegalAction("there is no roll to resolve", EXCHANGE_RULE)
        if turn.multi:
            raise IllegalAction(
                "an attack on several targets is settled with resolve_targets",
                MULTIPLE_TARGETS_RULE,
            )
        roll = turn.roll
        if roll.phase is RollPhase.READY:
            raise BadInput("roll the dice before resolving")
        # Against a passive difficulty the GM stands for the opposition (a boost for the
        # environment, a free invoke for whoever the GM runs).
        opposition = roll.opposition.actor if roll.opposition is not None else (turn.victim or GM)
        resolution = self.preview()
        chosen = self._choose(resolution, option)
        names = boost_names or {}
        side_names = {
            Side.ACTOR: names.get(roll.actor, ""),
            Side.OPPOSITION: names.get(opposition or "", ""),
        }
        applied = carry_out(
            chosen,
            actor=roll.actor,
            opposition=opposition,
            aspects=self.scene.aspects,
            target=turn.target_aspect,
            aspect_name=aspect_name,
            aspect_owner=turn.victim if turn.victim in self.fighters else None,
            boost_names=side_names,
        )
        roll.close()
        if turn.move_to is not None and applied.succeeded and self.scene.zones is not None:
            self.scene.zones.place(roll.actor, turn.move_to)
        if turn.zone is not None:
            for created in applied.created:
                # Targeting the scene: one aspect on the whole zone.
                created.kind, created.zone = AspectKind.ZONE, turn.zone
        if applied.hit > 0 and turn.victim is not None:
            shifts = self._reduced(turn.victim, applied.hit)
            if shifts > 0:
                self._hits.append(PendingHit(turn.victim, shifts, roll.actor))
        self._after_obstacle(turn, roll, applied)
        self._after_resolution()
        return resolution, applied

    def _after_resolution(self) -> None:
        if self._hits:
            self.phase = Phase.HIT
        else:
            self.phase = Phase.NEXT
            self._check_end()

    def _require(self, option: OptionalRule, message: str, rule_: Rule) -> None:
        require(self.ruleset.has(option), message, rule_)  # the GM may bring it in anyway

    def _sheet_skills(self, sheet: Character) -> tuple[str, ...]:
        keys = list(self.preset.skill_keys)
        keys.extend(k for k in sheet.skills if k not in keys)
        return tuple(keys)

    def _start_action(self, actor: str, action: Action) -> Hazard | None:
        """Check that ``actor`` may take ``action`` now; return the hazard they are, if one."""
        self._check_action(actor)
        hazard = self.fighters[actor].hazard
        if hazard is not None:
            hazard.check_action(action)
        return hazard

    def _bonuses(
        self,
        roll: ActionRoll,
        actor: str,
        skill: str,
        helpers: Iterable[str],
        opponent: str | None,
        scale_benefit: ScaleBenefit | str | None,
    ) -> ScaleAdvantage | None:
        """Add to an action's roll what helps it (teamwork, a big bad's solo bonus, scale);
        return the scale advantage, if any."""
        self._add_helpers(roll, actor, skill, helpers)
        self._solo_bonus(roll, actor)
        return self._scale(roll, actor, opponent, roll.action, scale_benefit)

    def _action_roll(
        self, actor: str, action: Action, skill: str, dice: DiceSource, difficulty: int | None
    ) -> ActionRoll:
        """``actor``'s roll of ``skill`` for ``action``, spending from the game's ledger."""
        sheet = self.fighter(actor).character
        roll = ActionRoll(
            actor,
            action,
            self._rating(sheet, skill),
            skill=skill,
            dice=dice,
            ledger=self.game.ledger,
            stunt_uses=self.game.stunt_uses,
            difficulty=difficulty,
        )
        self._mob_bonus(roll, actor)
        return roll

    def _mob_bonus(self, roll: ActionRoll, participant: str) -> None:
        """A mob rolls as a team: each standing member past the first adds +1, as teamwork does
        (members need Average (+1), and the bonus is at most the skill's rating)."""
        members = self.fighter(participant).members
        if members < 2:
            return
        team = combine_skills({f"{participant}#{n}": roll.rating for n in range(members)})
        if team.bonus > 0:
            roll.add_bonus(Bonus(BonusKind.TEAMWORK, team.bonus, f"mob of {members}"))

    def _rating(self, sheet: Character, skill: str) -> int:
        if skill not in self.preset.skill_keys and skill not in sheet.skills:
            raise BadInput(f"{skill!r} is not a skill in {self.preset.name}")
        return sheet.rating(skill)

    def _skill_name(self, skill: str) -> str:
        return self.preset.skill_name(skill) if self.preset.has_skill(skill) else skill
