"""Conflicts: sides, turn order, exchanges, attacks and harm, concessions, and the end.

A :class:`Conflict` runs inside the running scene of a :class:`~fatekit.rules.scenes.scene.Game`. At any
moment :meth:`Conflict.legal_actions` says what each participant may do; every other move raises
:class:`IllegalAction` naming the rule. A turn goes:

1. the current actor declares an action (:meth:`Conflict.attack`, :meth:`Conflict.create_advantage`,
   :meth:`Conflict.overcome`, or :meth:`Conflict.full_defense`), and may make one free move;
2. the returned :class:`~fatekit.rules.core.rolling.ActionRoll` is rolled and invoked upon;
3. :meth:`Conflict.resolve` settles it; a hit waits for its target to :meth:`Conflict.absorb` it or
   be :meth:`Conflict.take_out`;
4. :meth:`Conflict.end_turn` passes the turn (in elective order, to whoever the actor picks).

Anyone may :meth:`Conflict.concede` while no dice are on the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.aspects.fate_points import GM
from fatekit.rules.characters.character import Character
from fatekit.rules.characters.presets import (
    ATTACK_DEFEND_RULE,
    TURN_ORDER_APPROACH_RULE,
    TURN_ORDER_ELECTIVE_RULE,
    TURN_ORDER_SKILL_RULE,
    Preset,
    TurnOrderStyle,
    turn_order,
)
from fatekit.rules.core.actions import Action, AdvantageTarget, Option, Resolution, Side
from fatekit.rules.core.citations import Rule
from fatekit.rules.core.dice import DiceSource
from fatekit.rules.core.effects import Applied, carry_out
from fatekit.rules.core.errors import BadInput, ForbiddenAction, IllegalAction
from fatekit.rules.core.outcomes import Bonus, BonusKind
from fatekit.rules.core.rolling import ActionRoll, RollPhase
from fatekit.rules.harm.absorb import AbsorbPlan, ExtremeChoice, absorb_options, apply_plan
from fatekit.rules.harm.concession import Concession, concede
from fatekit.rules.options.big_bads import (
    BigBad,
)
from fatekit.rules.options.conditions import check_row_cutoff, condition_names, condition_options
from fatekit.rules.options.obstacles import (
    Block,
    CoverUse,
    attack_through_cover,
)
from fatekit.rules.options.ruleset import OptionalRule
from fatekit.rules.options.scale import (
    STANDARD_SCALE,
    ScaleBenefit,
    ScaleLadder,
)
from fatekit.rules.options.weapons import WEAPON_ARMOR_RULE, check_rating, with_weapon_and_armor
from fatekit.rules.scenes.conflict_big_bads import BigBadRules
from fatekit.rules.scenes.conflict_obstacles import ObstaclesAndScale
from fatekit.rules.scenes.conflict_parts import (
    CONFLICT_END_RULE,
    EXCHANGE_EVENT,
    EXCHANGE_RULE,
    FORGO_DEFENSE_RULE,
    FULL_DEFENSE_CORE_RULE,
    FULL_DEFENSE_RULE,
    INTERPOSE_RULE,
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
from fatekit.rules.scenes.scene import Game, Scene
from fatekit.rules.scenes.teamwork import TEAMWORK_RULE, combine_skills
from fatekit.rules.scenes.zones import resolve_move

__all__ = [
    "CONFLICT_END_RULE",
    "EXCHANGE_EVENT",
    "EXCHANGE_RULE",
    "FORGO_DEFENSE_RULE",
    "FULL_DEFENSE_CORE_RULE",
    "FULL_DEFENSE_RULE",
    "INTERPOSE_RULE",
    "MULTIPLE_TARGETS_RULE",
    "TAKEN_OUT_RULE",
    "Conflict",
    "ConflictEnd",
    "ConflictKind",
    "DefenseFocus",
    "FocusKind",
    "LegalAction",
    "Move",
    "Phase",
    "Status",
]


class Conflict(MultipleTargets, BigBadRules, ObstaclesAndScale):
    """A physical or mental conflict in the game's running scene.

    ``sides`` maps side names to participant ids. Elective order (Fate Condensed) needs ``first``,
    whoever the table agrees acts first; skill and approach orders work it out, and
    ``group_npcs`` lets every NPC act at the place of the best one. The game's
    :class:`~fatekit.rules.options.ruleset.Ruleset` says which optional rules apply: full defense (Fate
    Core's or Fate Condensed's), extreme consequences, conditions, Weapon and Armor.
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
    ) -> None:
        if game.scene is None:
            raise BadInput("start a scene before starting a conflict")
        self.game = game
        self.scene: Scene = game.scene
        self.id = conflict_id
        self.kind = kind
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
        self.preset = preset if preset is not None else self.ruleset.preset
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
            raise BadInput(f"{participant!r} is not in this conflict") from None

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

    @property
    def order(self) -> list[str] | None:
        """The fixed turn order (skill and approach orders), or ``None`` in elective order."""
        return None if self._order is None else [p for p in self._order if p in self.active()]

    # -- what may be done ----------------------------------------------------------------------

    def legal_actions(self, participant: str) -> tuple[LegalAction, ...]:
        """Everything ``participant`` may do right now."""
        fighter = self.fighter(participant)
        if self.phase is Phase.ENDED or fighter.status is not Status.ACTIVE:
            return ()
        found: list[LegalAction] = []
        if self.phase is Phase.TURN and participant == self.current and fighter.hazard is not None:
            # A hazard attacks or creates advantages with its one skill, nothing else.
            targets = tuple(
                t for t in self.opponents(participant) if self._reachable(participant, t)
            )
            hazard_skill = (fighter.hazard.skill,)
            if targets:
                found.append(LegalAction(Move.ATTACK, targets, hazard_skill))
            found.append(LegalAction(Move.CREATE_ADVANTAGE, tuple(self.active()), hazard_skill))
        elif self.phase is Phase.TURN and participant == self.current:
            sheet = fighter.character
            skills = self._sheet_skills(sheet)
            targets = tuple(
                t for t in self.opponents(participant) if self._reachable(participant, t)
            )
            attack_skills = tuple(
                s
                for s in skills
                if self.preset.can_use(s, Action.ATTACK, self.kind.track, stunts=sheet.stunts)
            )
            if targets and attack_skills:
                found.append(LegalAction(Move.ATTACK, targets, attack_skills))
            if targets and attack_skills and self.ruleset.has(OptionalRule.MULTIPLE_TARGETS):
                found.append(LegalAction(Move.SPLIT_ATTACK, targets, attack_skills))
                if self.scene.zones is not None:
                    zones = tuple(sorted(self.scene.zones.zones))
                    found.append(LegalAction(Move.ZONE_ATTACK, zones, attack_skills))
            found.append(LegalAction(Move.CREATE_ADVANTAGE, tuple(self.active()), skills))
            found.append(LegalAction(Move.OVERCOME, (), skills))
            if self.full_defense_allowed:
                found.append(LegalAction(Move.FULL_DEFENSE))
        if (
            self.phase in (Phase.TURN, Phase.NEXT)
            and participant == self.current
            and fighter.hazard is None
        ):
            zones = self._free_move_zones(participant)
            if zones:
                found.append(LegalAction(Move.FREE_MOVE, zones))
        if self.phase is Phase.ROLL and self._turn is not None and self._turn.roll is not None:
            turn = self._turn
            roll = turn.roll
            assert roll is not None
            waiting = turn.multi and not turn.targets
            if roll.phase is RollPhase.ROLLED or (turn.targets and not waiting):
                found.append(LegalAction(Move.INVOKE))
            if participant == roll.actor and roll.phase is not RollPhase.READY:
                found.append(LegalAction(Move.ASSIGN_TARGETS if waiting else Move.RESOLVE))
        if self.phase is Phase.HIT and self._hits and self._hits[0].target == participant:
            if self.absorb_options():
                found.append(LegalAction(Move.ABSORB))
            big_bad = self.big_bads.get(participant)
            if big_bad is not None and big_bad.minions:
                shields = tuple(m for m in big_bad.minions if m in self.active())
                if shields:
                    found.append(LegalAction(Move.SHIELD, shields))
            found.append(LegalAction(Move.TAKE_OUT))
        if self.phase is Phase.NEXT and participant == self.current:
            found.append(LegalAction(Move.END_TURN, tuple(self.next_choices())))
        if self._may_concede_now():
            found.append(LegalAction(Move.CONCEDE))
        return tuple(found)

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
        ranged: bool = False,
        defender_dice: DiceSource | None = None,
        helpers: Iterable[str] = (),
        scale_benefit: ScaleBenefit | str | None = None,
        cover: str | None = None,
        cover_use: CoverUse | str = CoverUse.MITIGATE,
        into_block: str | None = None,
    ) -> ActionRoll:
        """Attack ``target`` with ``skill``; return the roll (its defence already set up).

        ``defender`` names someone interposing for the target (they defend and take the hit).
        ``forgo_defense`` lets the target take the attack against Mediocre (+0). With the
        optional rules: ``scale_benefit`` is the higher side's choice when the two differ in
        scale; ``cover`` names a block the target shelters behind (``cover_use``: it negates the
        attack or gives Armor); ``into_block`` forces the target into a block, borrowing its
        Weapon.
        """
        self._check_action(actor)
        sheet = self.fighter(actor).character
        hazard = self.fighters[actor].hazard
        if hazard is not None:
            hazard.check_action(Action.ATTACK)
        aimed = self.fighter(target)
        if aimed.hazard is not None:
            aimed.hazard.opposition_to(Action.ATTACK)  # raises: hazards cannot be attacked
        self._check_big_bad_target(target)
        if target not in self.opponents(actor):
            raise IllegalAction(f"{target} is not an active opponent of {actor}", EXCHANGE_RULE)
        if hazard is None and not self.preset.can_use(
            skill, Action.ATTACK, self.kind.track, stunts=sheet.stunts
        ):
            raise IllegalAction(
                f"{self._skill_name(skill)} cannot make a {self.kind.value} attack",
                ATTACK_DEFEND_RULE,
            )
        zones = self.scene.zones
        if (
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
        roll = ActionRoll(
            actor,
            Action.ATTACK,
            self._rating(sheet, skill),
            skill=skill,
            dice=dice,
            ledger=self.game.ledger,
            difficulty=0 if forgo_defense else None,
        )
        if forgo_defense:
            if defender is not None:
                raise BadInput("an interposing defender defends; they cannot also forgo it")
        else:
            self._add_defence(
                roll, victim, defend_skill, melee=not ranged, dice=defender_dice, target=target
            )
        self._add_helpers(roll, actor, skill, helpers)
        self._solo_bonus(roll, actor)
        advantage = self._scale(roll, actor, victim, Action.ATTACK, scale_benefit)
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
        self._check_action(actor)
        hazard = self.fighters[actor].hazard
        if hazard is not None:
            hazard.check_action(Action.CREATE_ADVANTAGE)
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
        self._add_helpers(roll, actor, skill, helpers)
        self._solo_bonus(roll, actor)
        advantage = self._scale(roll, actor, against, Action.CREATE_ADVANTAGE, scale_benefit)
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
        self._check_action(actor)
        hazard = self.fighters[actor].hazard
        if hazard is not None:
            hazard.check_action(Action.OVERCOME)
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
        self._add_helpers(roll, actor, skill, helpers)
        self._solo_bonus(roll, actor)
        advantage = self._scale(roll, actor, against, Action.OVERCOME, scale_benefit)
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

    def full_defense(self, actor: str, focus: DefenseFocus | None = None) -> None:
        """Give up the action to concentrate on defence until the actor's next turn.

        Fate Core: +2 to every defend roll. Fate Condensed (the optional rule): +2 to defend rolls
        that fit the declared ``focus`` (oneself by default), and a boost at the next turn if no
        defence was rolled meanwhile.
        """
        self._check_action(actor)
        if not self.full_defense_allowed:
            raise IllegalAction(
                f"full defense is not in use at this table ({self.preset.name})", FULL_DEFENSE_RULE
            )
        if self.ruleset.has(OptionalRule.FULL_DEFENSE_CORE):
            if focus is not None:
                raise BadInput("Fate Core's full defense covers every defence: it takes no focus")
            self.full_defenders[actor] = None
        else:
            chosen = focus if focus is not None else DefenseFocus()
            for who in chosen.who:
                self.fighter(who)
            if chosen.kind in (FocusKind.PROTECT, FocusKind.AGGRESSORS) and not chosen.who:
                raise BadInput(f"a {chosen.kind.value} focus names who it is about")
            self.full_defenders[actor] = chosen
        self._defended.discard(actor)
        self._turn = TurnInProgress(actor)
        self.phase = Phase.NEXT

    def equip(self, participant: str, *, weapon: int = 0, armor: int = 0) -> None:
        """Give a participant Weapon and Armor ratings (the Weapon and Armor optional rule)."""
        if not self.ruleset.has(OptionalRule.WEAPON_AND_ARMOR):
            raise IllegalAction("Weapon and Armor ratings are not in use", WEAPON_ARMOR_RULE)
        check_rating("Weapon", weapon)
        check_rating("Armor", armor)
        fighter = self.fighter(participant)
        fighter.weapon, fighter.armor = weapon, armor

    def free_move(self, actor: str, to: str) -> None:
        """The actor's one free move of the exchange, to an adjacent zone with nothing in the way."""
        if self.phase not in (Phase.TURN, Phase.NEXT) or actor != self.current:
            raise IllegalAction(f"{actor} may move only on their own turn", EXCHANGE_RULE)
        if actor in self.exchange.moved:
            raise IllegalAction(f"{actor} has already moved this exchange", EXCHANGE_RULE)
        zones = self.scene.zones
        if zones is None:
            raise BadInput("this scene has no zones to move between")
        zones.move_freely(actor, to, self._in_the_way(actor))
        self.exchange.moved.add(actor)

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

    # -- harm ----------------------------------------------------------------------------------

    def absorb_options(self) -> list[AbsorbPlan]:
        """Every minimal way the pending hit's target can absorb it (empty: taken out)."""
        hit = self._require_hit()
        target = self.fighter(hit.target).character
        if self.conditions:
            return condition_options(
                target,
                hit.shifts,
                self.kind.track,
                apart=self.ruleset.has(OptionalRule.CONDITIONS_APART),
                allow_extreme=self.allow_extreme,
                clock=self.game.clock,
            )
        return absorb_options(
            target,
            hit.shifts,
            self.kind.track,
            allow_extreme=self.allow_extreme,
            clock=self.game.clock,
        )

    @property
    def pending_hit(self) -> tuple[str, int] | None:
        """The target and shifts of the hit waiting to be absorbed."""
        return (self._hits[0].target, self._hits[0].shifts) if self._hits else None

    def absorb(
        self,
        plan: AbsorbPlan,
        names: Mapping[int, str] | None = None,
        *,
        extreme: ExtremeChoice | None = None,
    ) -> list[Aspect]:
        """Absorb the pending hit with ``plan``; ``names`` names each new consequence by slot.

        With conditions, a marked condition box takes the condition's name by itself.
        """
        hit = self._require_hit()
        target = self.fighter(hit.target).character
        if self.conditions:
            if self.ruleset.has(OptionalRule.CONDITIONS_APART):
                check_row_cutoff(target, plan)
            # A marked condition box is named by its condition, whatever else is offered.
            names = {**(names or {}), **condition_names(target, plan)}
        taken = apply_plan(
            target,
            hit.shifts,
            self.kind.track,
            plan,
            by=hit.by,
            names=names,
            extreme=extreme,
            allow_extreme=self.allow_extreme,
            clock=self.game.clock,
            conflict=self.id,
        )
        self._next_hit()
        return taken

    def take_out(self) -> None:
        """The pending hit's target is taken out (no plan absorbs it, or they choose not to)."""
        hit = self._require_hit()
        self._take_out(hit.target)
        self._next_hit()

    # -- conceding -----------------------------------------------------------------------------

    def concede(self, participant: str) -> Concession:
        """Concede before the dice of the current action are rolled."""
        fighter = self.fighter(participant)
        if fighter.status is not Status.ACTIVE or self.phase is Phase.ENDED:
            raise IllegalAction(f"{participant} is no longer in the conflict", TAKEN_OUT_RULE)
        concession = concede(
            fighter.character,
            conflict=self.id,
            dice_rolled=not self._may_concede_now(),
            pay=self.game.ledger,
        )
        turn = self._turn
        if (
            turn is not None
            and turn.roll is not None
            and self.phase is Phase.ROLL
            and participant in (turn.roll.actor, turn.victim)
        ):
            # The action concerned the conceder: it is dropped before its dice were rolled,
            # and an actor who still stands chooses again.
            turn.roll.close()
            self._turn = None
            self.phase = Phase.TURN
        fighter.status = Status.CONCEDED
        self.concessions.append(concession)
        self._leave(participant)
        self._check_end()
        return concession

    # -- passing the turn ----------------------------------------------------------------------

    def end_turn(self, next_actor: str | None = None) -> str | None:
        """Finish the current turn and start the next; return who acts next.

        In elective order the actor names ``next_actor`` among those who have not acted this
        exchange (anyone still in, when the exchange is over). In fixed orders the next is known.
        """
        if self.phase is Phase.ENDED:
            raise IllegalAction("the conflict is over", CONFLICT_END_RULE)
        if self.phase is not Phase.NEXT:
            raise IllegalAction(
                f"{self.current} has not finished their action yet ({self.phase.value})",
                EXCHANGE_RULE,
            )
        assert self.current is not None
        self.exchange.acted.add(self.current)
        choices = self.next_choices()
        exchange_over = not [p for p in self.active() if p not in self.exchange.acted]
        if self._order is None:
            if next_actor is None:
                raise BadInput(f"name who acts next: one of {', '.join(choices)}")
            if next_actor not in choices:
                raise IllegalAction(
                    f"{next_actor} cannot act next; choose one of {', '.join(choices)}",
                    TURN_ORDER_ELECTIVE_RULE,
                )
            chosen = next_actor
        else:
            if next_actor is not None and next_actor != choices[0]:
                raise IllegalAction(
                    f"the turn order gives the next turn to {choices[0]}", self._order_rule()
                )
            chosen = choices[0]
        if exchange_over:
            self.exchange = Exchange(self.exchange.number + 1)
            # Countdowns that tick with the exchanges hear about it.
            self.game.fire(EXCHANGE_EVENT)
        self.current = chosen
        self._begin_turn(chosen)
        return chosen

    # -- ending --------------------------------------------------------------------------------

    def finish(self, *, into: str | None = None) -> ConflictEnd:
        """Close an ended conflict's books (or one turning ``into`` a contest or challenge).

        Concession points and hostile-invoke points become usable now; when the conflict turns
        into a contest or challenge they wait until that ends (the scene's end pays them).
        """
        if self.ended is not None:
            raise IllegalAction("the conflict's books are already closed", CONFLICT_END_RULE)
        losers = self._losing_sides()
        if into is None and not losers:
            raise IllegalAction("no side has all conceded or been taken out yet", CONFLICT_END_RULE)
        if self.phase is Phase.HIT:
            raise IllegalAction("absorb the pending hit first", TAKEN_OUT_RULE)
        deferred = into is not None
        if not deferred:
            for participant in self.fighters:
                self.game.ledger.account(participant).end_scene()
            self.game.sync_sheets()
        self.phase = Phase.ENDED
        self.ended = ConflictEnd(tuple(losers), tuple(self.concessions), deferred)
        return self.ended

    @property
    def over(self) -> bool:
        """Whether one side has all conceded or been taken out."""
        return bool(self._losing_sides())

    # -- internals -----------------------------------------------------------------------------

    def _first_actor(self, first: str | None, group_npcs: bool) -> str:
        style = self.preset.turn_order.style
        if style is TurnOrderStyle.ELECTIVE:
            if first is None:
                raise BadInput("elective order: say who acts first (first=...)")
            self.fighter(first)
            return first
        order = self._ordered()
        self._order = order
        if first is not None and first != order[0]:
            raise IllegalAction(f"the turn order puts {order[0]} first", self._order_rule())
        return order[0]

    def _ordered(self) -> list[str]:
        """Everyone in skill or approach order (NPCs together at their best's place if asked)."""
        ratings = {p: dict(f.character.skills) for p, f in self.fighters.items()}
        order = turn_order(self.preset, ratings, self.kind.track)
        if self._group_npcs:
            npcs = [p for p in order if self.game.ledger.is_npc(p)]
            if npcs:
                at = order.index(npcs[0])
                pcs = [p for p in order if p not in npcs]
                order = pcs[:at] + npcs + pcs[at:]
        return order

    def _require(self, option: OptionalRule, message: str, rule_: Rule) -> None:
        if not self.ruleset.has(option):
            raise IllegalAction(message, rule_)

    def _order_rule(self) -> Rule:
        style = self.preset.turn_order.style
        return (
            TURN_ORDER_APPROACH_RULE
            if style is TurnOrderStyle.APPROACH_ORDER
            else TURN_ORDER_SKILL_RULE
        )

    def _begin_turn(self, actor: str) -> None:
        # Full defence lasts until one's next turn; a Condensed full defender who never had to
        # defend gets a boost for the preparation.
        if actor in self.full_defenders:
            focus = self.full_defenders.pop(actor)
            if focus is not None and actor not in self._defended:
                self.scene.aspects.create_boost(actor)
        self._defended.discard(actor)
        self._turn = None
        self.phase = Phase.TURN

    def next_choices(self) -> list[str]:
        """Who may act next once the current turn ends (in fixed orders, the first is next)."""
        active = self.active()
        waiting = [p for p in active if p not in self.exchange.acted and p != self.current]
        if self._order is not None:
            ordered = [p for p in self._order if p in active]
            if waiting:
                return [p for p in ordered if p in waiting]
            return ordered
        return waiting if waiting else active

    def _check_action(self, actor: str) -> None:
        fighter = self.fighter(actor)
        if self.phase is Phase.ENDED:
            raise IllegalAction("the conflict is over", CONFLICT_END_RULE)
        if fighter.status is not Status.ACTIVE:
            raise IllegalAction(f"{actor} is out of the conflict", TAKEN_OUT_RULE)
        if actor != self.current:
            raise IllegalAction(f"it is {self.current}'s turn, not {actor}'s", EXCHANGE_RULE)
        if self.phase is not Phase.TURN:
            raise IllegalAction(f"{actor} has already taken their action this turn", EXCHANGE_RULE)

    def _opposed_roll(
        self,
        actor: str,
        action: Action,
        skill: str,
        dice: DiceSource,
        difficulty: int | None,
        against: str | None,
        defend_skill: str | None,
        defender_dice: DiceSource | None,
    ) -> ActionRoll:
        if (difficulty is None) == (against is None):
            raise BadInput("give either a difficulty or who opposes the roll (against=...)")
        sheet = self.fighter(actor).character
        roll = ActionRoll(
            actor,
            action,
            self._rating(sheet, skill),
            skill=skill,
            dice=dice,
            ledger=self.game.ledger,
            difficulty=difficulty,
        )
        if against is not None:
            if self.fighter(against).status is not Status.ACTIVE:
                raise IllegalAction(f"{against} is out of the conflict", TAKEN_OUT_RULE)
            self._add_defence(
                roll, against, defend_skill, melee=True, dice=defender_dice, harm=False
            )
        return roll

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
    ) -> None:
        sheet = self.fighter(defender).character
        if harm:
            allowed = [
                s
                for s in self._sheet_skills(sheet)
                if self.preset.can_use(
                    s, Action.DEFEND, self.kind.track, melee=melee, stunts=sheet.stunts
                )
            ]
            if skill is None:
                if not allowed:
                    raise IllegalAction(
                        f"{defender} has no skill to defend with", ATTACK_DEFEND_RULE
                    )
                skill = max(allowed, key=lambda s: self._rating(sheet, s))
            elif skill not in allowed:
                raise IllegalAction(
                    f"{self._skill_name(skill)} cannot defend against this attack",
                    ATTACK_DEFEND_RULE,
                )
        elif skill is None:
            raise BadInput(f"say which skill {defender} opposes the roll with (defend_skill=...)")
        defence = roll.opposed_by(defender, self._rating(sheet, skill), skill=skill, dice=dice)
        self._solo_bonus(defence, defender)
        if defender in self.full_defenders:
            self._defended.add(defender)
            if self._focus_applies(defender, roll, target):
                defence.add_bonus(Bonus(BonusKind.OTHER, 2, "full defense"))

    def _add_helpers(
        self, roll: ActionRoll, actor: str, skill: str, helpers: Iterable[str]
    ) -> None:
        """Teamwork: allies who have not acted add +1 each and spend their action doing so."""
        helping = list(dict.fromkeys(helpers))
        if not helping:
            return
        side = self.fighter(actor).side
        for helper in helping:
            fighter = self.fighter(helper)
            if helper == actor or fighter.side != side or fighter.status is not Status.ACTIVE:
                raise ForbiddenAction(f"{helper} is not an active ally of {actor}", TEAMWORK_RULE)
            if helper in self.exchange.acted:
                raise IllegalAction(f"{helper} has already acted this exchange", TEAMWORK_RULE)
        ratings = {actor: roll.rating}
        ratings.update({h: self._rating(self.fighter(h).character, skill) for h in helping})
        try:
            team = combine_skills(ratings, roller=actor)
        except BadInput as error:
            raise IllegalAction(str(error), TEAMWORK_RULE) from None
        idle = [h for h in helping if h not in team.helpers]
        if idle:
            raise IllegalAction(
                f"{', '.join(idle)} cannot help: helping needs at least Average (+1) in "
                f"{self._skill_name(skill)}",
                TEAMWORK_RULE,
            )
        roll.add_bonus(team.as_bonus())
        self.exchange.acted.update(helping)  # helping is the helper's action for the exchange

    def _focus_applies(self, defender: str, roll: ActionRoll, target: str | None) -> bool:
        focus = self.full_defenders[defender]
        if focus is None:
            return True  # Fate Core: every defence
        if focus.kind is FocusKind.SELF:
            return target in (None, defender) and roll.action is not Action.OVERCOME
        if focus.kind is FocusKind.PROTECT:
            return target in focus.who
        if focus.kind is FocusKind.AGGRESSORS:
            return roll.actor in focus.who
        return roll.action is Action.OVERCOME

    def _check_interpose(self, defender: str, target: str) -> None:
        if defender == target:
            return
        if (
            defender not in self.active()
            or self.fighters[defender].side != self.fighters[target].side
        ):
            raise ForbiddenAction(f"{defender} is not an active ally of {target}", INTERPOSE_RULE)
        zones = self.scene.zones
        if (
            self.kind is ConflictKind.PHYSICAL
            and zones is not None
            and not zones.can_interact(defender, target)
        ):
            raise IllegalAction(f"{defender} is too far from {target} to step in", INTERPOSE_RULE)

    def _reachable(self, actor: str, target: str) -> bool:
        zones = self.scene.zones
        if self.kind is ConflictKind.MENTAL or zones is None:
            return True
        if actor not in zones.positions or target not in zones.positions:
            return True
        return zones.can_reach(actor, target, ranged=True)

    def _free_move_zones(self, actor: str) -> tuple[str, ...]:
        zones = self.scene.zones
        if zones is None or actor in self.exchange.moved or actor not in zones.positions:
            return ()
        here = zones.zone_of(actor)
        in_the_way = self._in_the_way(actor)
        return tuple(
            sorted(
                z
                for z in zones.neighbours(here)
                if not zones.obstacles_to_moving(actor, z, in_the_way)
            )
        )

    def _in_the_way(self, actor: str) -> list[str]:
        """Opponents sharing the mover's zone are taken to stand in the way."""
        zones = self.scene.zones
        if zones is None or actor not in zones.positions:
            return []
        here = zones.zone_of(actor)
        return [p for p in self.opponents(actor) if zones.positions.get(p) == here]

    def _may_concede_now(self) -> bool:
        if self.phase is Phase.HIT:
            return False
        if self.phase is Phase.ROLL and self._turn is not None and self._turn.roll is not None:
            return self._turn.roll.phase is RollPhase.READY
        return self.phase is not Phase.ENDED

    def _require_hit(self) -> PendingHit:
        if self.phase is not Phase.HIT or not self._hits:
            raise IllegalAction("there is no hit waiting to be absorbed", TAKEN_OUT_RULE)
        return self._hits[0]

    def _next_hit(self) -> None:
        """The first pending hit is dealt with: on to the next one, or the turn goes on."""
        self._hits.pop(0)
        if self._hits:
            return
        self.phase = Phase.NEXT
        self._check_end()

    def _leave(self, participant: str) -> None:
        self.full_defenders.pop(participant, None)
        if self.scene.zones is not None:
            self.scene.zones.remove(participant)
        if participant == self.current and self.phase is not Phase.ENDED:
            # The actor left mid-turn: their turn is over.
            self._turn = None
            self.phase = Phase.NEXT

    def _losing_sides(self) -> list[str]:
        sides: dict[str, bool] = {}
        for fighter in self.fighters.values():
            if fighter.hazard is not None:
                continue  # a hazard keeps no side in the fight: only those who can be beaten do
            sides[fighter.side] = sides.get(fighter.side, False) or fighter.status is Status.ACTIVE
        return [side for side, anyone_in in sides.items() if not anyone_in]

    def _check_end(self) -> None:
        if self._losing_sides() and not self._hits:
            self.phase = Phase.ENDED

    def _sheet_skills(self, sheet: Character) -> tuple[str, ...]:
        keys = list(self.preset.skill_keys)
        keys.extend(k for k in sheet.skills if k not in keys)
        return tuple(keys)

    def _rating(self, sheet: Character, skill: str) -> int:
        if skill not in self.preset.skill_keys and skill not in sheet.skills:
            raise BadInput(f"{skill!r} is not a skill in {self.preset.name}")
        return sheet.rating(skill)

    def _skill_name(self, skill: str) -> str:
        return self.preset.skill_name(skill) if self.preset.has_skill(skill) else skill
