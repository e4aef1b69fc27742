"""Conflicts: sides, turn order, exchanges, attacks and harm, concessions, and the end.

A :class:`Conflict` runs inside the running scene of a
:class:`~fatekit.rules.scenes.scene.Game`. At any moment :meth:`Conflict.legal_actions` says what
each participant may do; every other move raises :class:`IllegalAction` naming the rule. A turn
goes:

1. the current actor declares an action (:meth:`Conflict.attack`, :meth:`Conflict.create_advantage`,
   :meth:`Conflict.overcome`, or ``conflict.defence.full_defense``), and may make one free move
   (``conflict.turns.free_move``);
2. the returned :class:`~fatekit.rules.aspects.rolling.ActionRoll` is rolled and invoked upon;
3. :meth:`Conflict.resolve` settles it; a hit waits for its target to absorb it
   (``conflict.hits.absorb``) or be taken out (``conflict.hits.take_out``);
4. :meth:`Conflict.end_turn` passes the turn (in elective order, to whoever the actor picks).

Anyone may concede (``conflict.hits.concede``) while no dice are on the table.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from contextlib import suppress
from typing import TypedDict, Unpack

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.aspects.effects import Applied, carry_out
from fatekit.rules.aspects.fate_points import GM
from fatekit.rules.aspects.invokes import Invocation, InvokeEffect
from fatekit.rules.aspects.lasting import check_overcome_removes
from fatekit.rules.aspects.rolling import ActionRoll, RollPhase, offering
from fatekit.rules.characters.combined_rolls import first_skills
from fatekit.rules.characters.gear import check_rating
from fatekit.rules.characters.preset import ATTACK_DEFEND_RULE, Preset
from fatekit.rules.core.actions import Action, AdvantageTarget, Resolution, Side
from fatekit.rules.core.dice import DiceSource, ScriptedDice
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.outcomes import Outcome
from fatekit.rules.core.tracks import Track
from fatekit.rules.core.waivers import refuse, require
from fatekit.rules.options.big_bads import ImmunityState
from fatekit.rules.options.obstacles import (
    CoverUse,
    Hazard,
    attack_through_cover,
)
from fatekit.rules.options.ruleset import OptionalRule
from fatekit.rules.options.scale import ScaleAdvantage, ScaleBenefit
from fatekit.rules.options.weapons import WEAPON_ARMOR_RULE, with_weapon_and_armor
from fatekit.rules.scenes.conflict_big_bads import BigBadRules
from fatekit.rules.scenes.conflict_defence import Defence
from fatekit.rules.scenes.conflict_harm import Hits
from fatekit.rules.scenes.conflict_obstacles import Obstacles
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
    Roster,
    Status,
    TurnInProgress,
    choose,
)
from fatekit.rules.scenes.conflict_targets import Targets
from fatekit.rules.scenes.conflict_turns import Turns
from fatekit.rules.scenes.conflict_weight import Outweighs, outweighs
from fatekit.rules.scenes.contest import Contest
from fatekit.rules.scenes.scene import Game
from fatekit.rules.scenes.zones import resolve_move

# The conflict's vocabulary is public here; the conflict_* modules are how the class is built.
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
    "AdvantageOptions",
    "AttackOptions",
    "Conflict",
    "ConflictEnd",
    "ConflictKind",
    "DefenseFocus",
    "Exchange",
    "Fighter",
    "FocusKind",
    "LegalAction",
    "Move",
    "OpposedOptions",
    "Outweighs",
    "OvercomeOptions",
    "PendingHit",
    "Phase",
    "RollOptions",
    "Status",
    "TurnInProgress",
]


class RollOptions(TypedDict, total=False):
    """What any action of an exchange may say of its roll: the defence (``defend_skill``,
    ``defender_dice``), teamwork (``helpers``) and the higher side's ``scale_benefit``."""

    defend_skill: str | None
    defender_dice: DiceSource | None
    helpers: Iterable[str]
    scale_benefit: ScaleBenefit | str | None
    # Two combined lists: the second list's skill the roll and its defence add.
    second_skill: str | None
    defend_second_skill: str | None
    # Aspects counted instead of skills (The Three Rocketeers): the bonus the table decided
    # stands for the roller's (``rating``) or the defender's (``defend_rating``) skill.
    rating: int | None
    defend_rating: int | None


class AttackOptions(RollOptions, total=False):
    """What :meth:`Conflict.attack` (and :meth:`Conflict.attack_recorded`) take beside the roll."""

    defender: str | None
    forgo_defense: bool
    ranged: bool | None
    cover: str | None
    cover_use: CoverUse | str
    into_block: str | None


class OpposedOptions(RollOptions, total=False):
    """An action against a passive ``difficulty`` or the active opposition of ``against``."""

    difficulty: int | None
    against: str | None


class AdvantageOptions(OpposedOptions, total=False):
    """What :meth:`Conflict.create_advantage` (and :meth:`Conflict.advantage_recorded`) take."""

    aspect: Aspect | None
    zone: str | None


class OvercomeOptions(OpposedOptions, total=False):
    """What :meth:`Conflict.overcome` (and :meth:`Conflict.overcome_recorded`) take."""

    move_to: str | None
    block: str | None
    remove_block: bool
    disable_hazard: str | None
    aspect: Aspect | None


class Conflict:
    """A physical or mental conflict in the game's running scene.

    ``sides`` maps side names to participant ids. Elective order (Fate Condensed) needs ``first``,
    whoever the table agrees acts first; skill and approach orders work it out, and
    ``group_npcs`` lets every NPC act at the place of the best one. The game's
    :class:`~fatekit.rules.options.ruleset.Ruleset` says which optional rules apply: full defense
    (Fate Core's or Fate Condensed's), extreme consequences, conditions, Weapon and Armor.

    The conflict declares actions and settles them; the rest is done by its parts, each in its
    own ``conflict_*`` module and each given only the parts it needs: the :class:`Roster` (who
    is in, the rules they play by), :class:`Turns` (phase, turn order, exchanges),
    :class:`BigBadRules`, :class:`Defence`, :class:`Hits` (hits, concessions, the end),
    :class:`Targets` (reach, attacks on several targets) and :class:`Obstacles` (hazards,
    blocks, scale). Callers ask the part itself (``conflict.turns.phase``,
    ``conflict.hits.take_out()``, ``conflict.targets.split_attack(...)``); what stays here spans
    parts: joining, Weapon and Armor, what each may do, declaring and settling an action,
    passing the turn, invokes that big bads bend and their immunity.
    """

    # Slotted, so a snapshot of another shape of conflict is stale and the log is folded instead.
    __slots__ = (
        "big_bad_rules",
        "defence",
        "hits",
        "id",
        "obstacles",
        "roster",
        "targets",
        "turns",
    )

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
        scene = game.scene
        # The harm its attacks deal: the kind's own, or one the rule set names (wealth, sanity).
        try:
            track = kind.track if harm is None else Track(harm)
        except ValueError as error:
            raise BadInput(str(error)) from None
        roster = Roster(game, scene, kind, track, preset)
        if len(sides) < 2:
            raise BadInput("a conflict needs at least two sides")
        for side, members in sides.items():
            listed = list(members)
            if not listed:
                raise BadInput(f"side {side!r} has nobody on it")
            for member in listed:
                if member in roster.fighters:
                    raise BadInput(f"{member!r} is on two sides")
                if member not in scene.participants:
                    raise BadInput(f"{member!r} is not in scene {scene.name!r}")
                roster.enlist(member, side)
        if harm is not None and not any(
            roster.can_attack(f.character, s)
            for f in roster.fighters.values()
            for s in roster.sheet_skills(f.character)
        ):
            # A rule set's own harm that no skill deals: nobody would get an attack (the GM may
            # start it anyway: a hazard may be what deals it).
            refuse(
                f"no skill of {roster.preset.name} attacks with {track.value} harm, so nobody "
                "in this conflict could harm anyone",
                ATTACK_DEFEND_RULE,
            )
        self._assemble(roster, Turns(roster, first, group_npcs=group_npcs), conflict_id)

    @classmethod
    def assembled(
        cls,
        game: Game,
        sides: Iterable[tuple[str, Iterable[str]]],
        *,
        kind: ConflictKind,
        harm: Track | None,
        group_npcs: bool,
        current: str,
        fixed: list[str] | None,
        conflict_id: str = "conflict",
    ) -> Conflict:
        """A conflict as a table's log began it: its sides with their members, ``current``
        acting first in the ``fixed`` turn order (``None``: elective). An assignment: nothing is
        checked and no rule is asked (who goes first, what anyone carries)."""
        assert game.scene is not None
        roster = Roster(game, game.scene, kind, kind.track if harm is None else harm, None)
        for side, members in sides:
            for member in members:
                roster.fighters[member] = Fighter(game.characters[member], side)
        conflict = cls.__new__(cls)
        turns = Turns.assembled(roster, group_npcs=group_npcs, current=current, fixed=fixed)
        conflict._assemble(roster, turns, conflict_id)
        return conflict

    def _assemble(self, roster: Roster, turns: Turns, conflict_id: str) -> None:
        self.id = conflict_id
        self.roster = roster
        self.turns = turns
        self.big_bad_rules = BigBadRules(roster)
        self.defence = Defence(roster, self.turns, self.big_bad_rules)
        self.hits = Hits(roster, self.turns, self.big_bad_rules, self.defence, conflict_id)
        self.targets = Targets(roster, self.turns, self.hits, self.defence, self.big_bad_rules)
        self.obstacles = Obstacles(roster, self.turns, self.hits, self.big_bad_rules)

    # -- what the parts hold -------------------------------------------------------------------

    # -- who is who ----------------------------------------------------------------------------

    def join(self, participant: str, side: str) -> None:
        """A character in the scene comes into the fight under way on ``side`` (one already in
        it, or a new one). In elective order they have not acted this exchange, so whoever acts
        may name them next; a fixed order takes them in at their skill's place."""
        if self.turns.phase is Phase.ENDED:
            raise IllegalAction("the conflict is over", CONFLICT_END_RULE)
        if participant in self.roster.fighters:
            raise BadInput(f"{participant!r} is already in this conflict")
        if participant not in self.roster.scene.participants:
            raise BadInput(
                f"{participant!r} is not in scene {self.roster.scene.name!r}: bring them in",
                code="not_in_scene",
                who=participant,
            )
        if not side.strip():
            raise BadInput("name the side they join")
        self.enlist(participant, side.strip())

    def enlist(self, participant: str, side: str) -> None:
        """``participant`` comes into the fight on ``side``, as a table's log recorded it
        (checked by no rule: see :meth:`join`)."""
        self.roster.enlist(participant, side)
        self.turns.reorder()

    def equip(self, participant: str, *, weapon: int = 0, armor: int = 0) -> None:
        """Give a participant Weapon and Armor ratings (the Weapon and Armor optional rule)."""
        self.check_equip(participant)
        check_rating("Weapon", weapon)
        check_rating("Armor", armor)
        fighter = self.roster.fighter(participant)
        fighter.weapon, fighter.armor = weapon, armor

    def check_equip(self, participant: str) -> None:
        """Raise unless ``participant`` may be given Weapon and Armor ratings: the optional
        rule is in use and they are in the conflict."""
        require(
            self.roster.ruleset.has(OptionalRule.WEAPON_AND_ARMOR),
            "Weapon and Armor ratings are not in use",
            WEAPON_ARMOR_RULE,
        )
        self.roster.fighter(participant)

    # -- what each may do ----------------------------------------------------------------------

    def legal_actions(self, participant: str) -> tuple[LegalAction, ...]:
        """Everything ``participant`` may do right now."""
        fighter = self.roster.fighter(participant)
        phase, turn, mine = self.turns.phase, self.turns.turn, participant == self.turns.current
        if phase is Phase.ENDED or fighter.status is not Status.ACTIVE:
            return ()
        found: list[LegalAction] = []
        if phase is Phase.TURN and mine and fighter.hazard is not None:
            # A hazard attacks or creates advantages with its one skill, nothing else.
            # Its attack is a close one: it hits what is in its zone (or anyone, placed nowhere).
            targets = tuple(
                t
                for t in self.roster.opponents(participant)
                if self.targets.reaches(participant, t, ranged=False)
            )
            hazard_skill = (fighter.hazard.skill,)
            if targets:
                hazard_reach = ((fighter.hazard.skill, targets),)
                found.append(LegalAction(Move.ATTACK, targets, hazard_skill, hazard_reach))
            found.append(
                LegalAction(Move.CREATE_ADVANTAGE, tuple(self.roster.active()), hazard_skill)
            )
        elif phase is Phase.TURN and mine:
            # Two combined lists: a roll starts from the first list's skills only.
            skills = first_skills(self.roster.preset, self.roster.sheet_skills(fighter.character))
            reach = self.targets.attack_reach(participant, skills)
            attack_skills = tuple(reach)
            targets = tuple(
                t
                for t in self.roster.opponents(participant)
                if any(t in ts for ts in reach.values())
            )
            ranged = tuple(
                s for s in attack_skills if self.targets.attack_is_ranged(participant, s)
            )
            aimed = (targets, attack_skills, tuple(reach.items()), ranged)
            if targets:
                found.append(LegalAction(Move.ATTACK, *aimed))
            if targets and self.roster.ruleset.has(OptionalRule.MULTIPLE_TARGETS):
                found.append(LegalAction(Move.SPLIT_ATTACK, *aimed))
                if self.roster.scene.zones is not None:
                    zones = tuple(sorted(self.roster.scene.zones.zones))
                    found.append(LegalAction(Move.ZONE_ATTACK, zones, attack_skills))
            found.append(LegalAction(Move.CREATE_ADVANTAGE, tuple(self.roster.active()), skills))
            found.append(LegalAction(Move.OVERCOME, (), skills))
            if self.defence.full_defense_allowed:
                found.append(LegalAction(Move.FULL_DEFENSE))
        if phase in (Phase.TURN, Phase.NEXT) and mine and fighter.hazard is None:
            zones = self.turns.free_move_zones(participant)
            if zones:
                found.append(LegalAction(Move.FREE_MOVE, zones))
        if phase is Phase.ROLL and turn is not None and turn.roll is not None:
            roll = turn.roll
            waiting = turn.multi and not turn.targets
            if roll.phase is RollPhase.ROLLED or (turn.targets and not waiting):
                found.append(LegalAction(Move.INVOKE))
            if participant == roll.actor and roll.phase is not RollPhase.READY:
                found.append(LegalAction(Move.ASSIGN_TARGETS if waiting else Move.RESOLVE))
        hits = self.hits.pending
        if phase is Phase.HIT and hits and hits[0].target == participant:
            if self.hits.absorb_options():
                found.append(LegalAction(Move.ABSORB))
            # Only minions close enough to get in the way (the engine's own check).
            shields = self.big_bad_rules.shields(participant, hits[0].shifts)
            if shields:
                found.append(LegalAction(Move.SHIELD, shields))
            found.append(LegalAction(Move.TAKE_OUT))
        if phase is Phase.NEXT and mine:
            # In a fixed order the next is known; in elective order the actor picks.
            choices = self.turns.next_choices()
            fixed = self.turns.fixed is not None
            found.append(LegalAction(Move.END_TURN, tuple(choices[:1] if fixed else choices)))
        if self.hits.may_concede_now():
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
        **options: Unpack[AttackOptions],
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
        sheet = self.roster.fighter(actor).character
        aimed = self.roster.fighter(target)
        if aimed.hazard is not None:
            aimed.hazard.opposition_to(Action.ATTACK)  # raises: hazards cannot be attacked
        self.big_bad_rules.check_target(target)
        if target not in self.roster.opponents(actor):
            if target == actor or aimed.status is not Status.ACTIVE:
                raise IllegalAction(f"{target} is not an active opponent of {actor}", EXCHANGE_RULE)
            refuse(f"{target} is on {actor}'s side", EXCHANGE_RULE)  # the GM may allow it
        ranged = options.get("ranged")
        if ranged is None:
            ranged = self.targets.attack_is_ranged(actor, skill)
        counted = options.get("rating") is not None  # aspects counted: any action may be taken
        if (
            hazard is None
            and not counted
            and not self.roster.preset.can_use(
                skill, Action.ATTACK, self.roster.harm, stunts=sheet.stunts
            )
        ):
            refuse(
                f"{self.roster.skill_name(skill)} cannot make a {self.roster.harm.value} attack",
                ATTACK_DEFEND_RULE,
            )
        zones = self.roster.scene.zones
        if self.big_bad_rules.check_part_reach(actor, target):
            pass  # a big bad's zone reaches as far as the map says, not as far as a gun
        elif (
            self.roster.kind is ConflictKind.PHYSICAL
            and zones is not None
            and actor in zones.positions
            and target in zones.positions
        ):
            # Someone off the map (a hazard filling the scene, say) is not limited by zones.
            zones.check_reach(actor, target, ranged=ranged)
        defender = options.get("defender")
        if defender is not None:
            self.defence.check_interpose(defender, target)
        cover = options.get("cover")
        if cover is not None:
            shelter = self.obstacles.block(cover).as_cover(
                options.get("cover_use", CoverUse.MITIGATE)
            )
            if shelter.negates:
                attack_through_cover(None, shelter)  # raises: the attack cannot be made
        into_block = options.get("into_block")
        if into_block is not None:
            self.obstacles.block(into_block)  # raises: no such block
        return self._attack_begun(actor, target, skill, dice, options, checked=True)

    def _attack_begun(
        self,
        actor: str,
        target: str,
        skill: str,
        dice: DiceSource,
        options: AttackOptions,
        *,
        checked: bool,
    ) -> ActionRoll:
        """Make an attack's roll, its defence and bonuses, and start its turn: what an attack
        being decided (``checked``: :meth:`attack` has checked the rest) and one a table's log
        recorded both do."""
        ranged = options.get("ranged")
        if ranged is None:
            ranged = self.targets.attack_is_ranged(actor, skill)
        defender = options.get("defender")
        forgo_defense = options.get("forgo_defense", False)
        cover, into_block = options.get("cover"), options.get("into_block")
        victim = target if defender is None else defender
        blocks = self.obstacles.blocks
        shelter = (
            None
            if cover is None
            else blocks[cover].cover_for(options.get("cover_use", CoverUse.MITIGATE))
        )
        forced = None if into_block is None else blocks[into_block]
        roll = self.roster.action_roll(
            actor,
            Action.ATTACK,
            skill,
            dice,
            0 if forgo_defense else None,
            second=options.get("second_skill"),
            checked=checked,
            rating=options.get("rating"),
        )
        if forgo_defense:
            if checked and defender is not None:
                raise BadInput("an interposing defender defends; they cannot also forgo it")
        else:
            defend = self.defence.add_defence if checked else self.defence.defence_added
            defend(
                roll,
                victim,
                options.get("defend_skill"),
                melee=not ranged,
                dice=options.get("defender_dice"),
                target=target,
                second=options.get("defend_second_skill"),
                rating=options.get("defend_rating"),
            )
        advantage = self._bonuses(roll, actor, skill, victim, options, checked=checked)
        self.turns.start(
            TurnInProgress(
                actor,
                roll,
                victim,
                weapon=self.roster.fighters[actor].weapon,
                armor=self.roster.fighters[victim].armor,
                scale=advantage,
                cover=shelter,
                into_block=forced,
            )
        )
        return roll

    def create_advantage(
        self, actor: str, skill: str, *, dice: DiceSource, **options: Unpack[AdvantageOptions]
    ) -> ActionRoll:
        """Create an advantage: a new aspect, or free invokes on an existing ``aspect``.

        Face a ``difficulty``, or an active defence by ``against`` (the one the aspect goes on,
        or whoever can interfere). With ``zone`` the new aspect sits on that zone: one aspect
        for everyone there, rather than one per target.
        """
        self._start_action(actor, Action.CREATE_ADVANTAGE)
        return self._advantage_begun(actor, skill, dice, options, checked=True)

    def _advantage_begun(
        self, actor: str, skill: str, dice: DiceSource, options: AdvantageOptions, *, checked: bool
    ) -> ActionRoll:
        """Make a create an advantage's roll and bonuses and start its turn, for one being
        decided (``checked``: the opposition and the zone are checked as they come) or one a
        table's log recorded."""
        aspect, against, zone = options.get("aspect"), options.get("against"), options.get("zone")
        target = AdvantageTarget.NEW
        if aspect is not None:
            target = (
                AdvantageTarget.UNKNOWN if not aspect.is_known_to(actor) else AdvantageTarget.KNOWN
            )
        roll = self.defence.opposed_roll(
            actor,
            Action.CREATE_ADVANTAGE,
            skill,
            dice,
            options.get("difficulty"),
            against,
            options.get("defend_skill"),
            options.get("defender_dice"),
            checked=checked,
            second=options.get("second_skill"),
            defend_second=options.get("defend_second_skill"),
            ratings=(options.get("rating"), options.get("defend_rating")),
        )
        if checked and zone is not None:
            if self.roster.scene.zones is None or zone not in self.roster.scene.zones.zones:
                raise BadInput(f"no zone {zone!r} in this scene")
            if aspect is not None:
                raise BadInput("an advantage on a zone creates a new aspect there")
        advantage = self._bonuses(roll, actor, skill, against, options, checked=checked)
        self.turns.start(
            TurnInProgress(actor, roll, against, aspect, target, zone=zone, scale=advantage)
        )
        return roll

    def overcome(
        self, actor: str, skill: str, *, dice: DiceSource, **options: Unpack[OvercomeOptions]
    ) -> ActionRoll:
        """Overcome an obstacle: a ``difficulty``, or active opposition from ``against``.

        With ``move_to`` the overcome is a move the free move cannot make (further than one
        zone, past an impeding aspect or someone in the way): on success the actor moves. With
        the obstacles option, ``block`` names a block in the way (its rating is the difficulty;
        failing against a block that can harm deals a hit), or with ``remove_block`` one to get
        rid of (rating + 2); ``disable_hazard`` names a hazard to put out of action (its rating).
        ``aspect`` aims the overcome at removing a situation or zone aspect or a boost (an
        opponent, ``against``, may defend it): any success, at a cost too, takes it out of play.
        """
        self._start_action(actor, Action.OVERCOME)
        aspect, move_to = options.get("aspect"), options.get("move_to")
        block, disable_hazard = options.get("block"), options.get("disable_hazard")
        if aspect is not None:
            if move_to is not None or block is not None or disable_hazard is not None:
                raise BadInput("an overcome removes an aspect or gets past an obstacle, not both")
            aspect.check_usable_by(actor)  # one the actor does not know of is found first
            check_overcome_removes(aspect)  # a sheet's or the story's aspects are not
            aspects = self.roster.scene.aspects
            if aspect.id not in aspects or aspects.get(aspect.id) is not aspect:
                raise BadInput(f"{aspect.label} is not in this scene")
        if move_to is not None:
            zones = self.roster.scene.zones
            if zones is None:
                raise BadInput("this scene has no zones to move between")
            zones.obstacles_to_moving(actor, move_to)  # checks the zone and that a way exists
        if block is not None or disable_hazard is not None:
            if options.get("difficulty") is not None or options.get("against") is not None:
                raise BadInput("an obstacle sets the difficulty itself: give no other opposition")
            if block is not None and disable_hazard is not None:
                raise BadInput("overcome one obstacle at a time")
            if block is not None:
                self.obstacles.block(block)  # raises: no such block
            else:
                assert disable_hazard is not None
                found = self.roster.fighter(disable_hazard).hazard
                if (
                    found is None
                    or self.roster.fighters[disable_hazard].status is not Status.ACTIVE
                ):
                    raise BadInput(f"{disable_hazard!r} is not a hazard in this conflict")
        elif options.get("remove_block", False):
            raise BadInput("name the block to remove")
        return self._overcome_begun(actor, skill, dice, options, checked=True)

    def _overcome_begun(
        self, actor: str, skill: str, dice: DiceSource, options: OvercomeOptions, *, checked: bool
    ) -> ActionRoll:
        """Make an overcome's roll and bonuses and start its turn, for one being decided
        (``checked``: :meth:`overcome` has checked the obstacle) or one a table's log recorded:
        an obstacle's rating (plus two to remove a block) is its difficulty."""
        against, difficulty = options.get("against"), options.get("difficulty")
        block, disable_hazard = options.get("block"), options.get("disable_hazard")
        remove_block = options.get("remove_block", False)
        obstacle = None
        if block is not None:
            obstacle = self.obstacles.blocks[block]
            difficulty = obstacle.removal_difficulty if remove_block else obstacle.rating
        elif disable_hazard is not None:
            found = self.roster.fighters[disable_hazard].hazard
            difficulty = 0 if found is None else found.rating
        roll = self.defence.opposed_roll(
            actor,
            Action.OVERCOME,
            skill,
            dice,
            difficulty,
            against,
            options.get("defend_skill"),
            options.get("defender_dice"),
            checked=checked,
            second=options.get("second_skill"),
            defend_second=options.get("defend_second_skill"),
            ratings=(options.get("rating"), options.get("defend_rating")),
        )
        advantage = self._bonuses(roll, actor, skill, against, options, checked=checked)
        self.turns.start(
            TurnInProgress(
                actor,
                roll,
                against,
                move_to=options.get("move_to"),
                scale=advantage,
                block=obstacle,
                remove_block=remove_block,
                disable=disable_hazard,
                target_aspect=options.get("aspect"),
            )
        )
        return roll

    def efforts_before_dice(
        self,
        actor: str,
        action: Action,
        skill: str,
        *,
        against: str | None = None,
        defend_skill: str | None = None,
        scale_benefit: ScaleBenefit | str | None = None,
        second_skill: str | None = None,
        defend_second_skill: str | None = None,
        ratings: tuple[int | None, int | None] = (None, None),
    ) -> tuple[int, int | None]:
        """What ``actor``'s roll of ``skill`` for ``action`` and its opposition (``against``, or
        ``None``: a difficulty) stand at before any dice, stunt or invoke, as :meth:`attack`,
        :meth:`overcome` and :meth:`create_advantage` set them up: the ratings with a mob's
        teamwork, a big bad's solo bonus, full defense and scale (a benefit the roll would
        refuse counts for nothing). For the odds before a roll: nothing changes, whoever's turn
        it is (raises as those methods do on a skill no one may defend with). ``ratings`` are
        the roller's and the defender's counted aspects' bonuses, where they count aspects."""
        rating, defend_rating = ratings
        roll = self.roster.action_roll(
            actor,
            action,
            skill,
            ScriptedDice(["0000"]),
            None if against else 0,
            second=second_skill,
            rating=rating,
        )
        if against is not None:
            if action is Action.ATTACK:
                melee = not self.targets.attack_is_ranged(actor, skill)
                self.defence.add_defence(
                    roll,
                    against,
                    defend_skill,
                    melee=melee,
                    dice=None,
                    target=against,
                    trial=True,
                    second=defend_second_skill,
                    rating=defend_rating,
                )
            else:
                self.defence.add_defence(
                    roll,
                    against,
                    defend_skill,
                    melee=True,
                    dice=None,
                    harm=False,
                    trial=True,
                    second=defend_second_skill,
                    rating=defend_rating,
                )
        self.big_bad_rules.solo_bonus(roll, actor)
        # A benefit the roll would refuse (no difference in scale) counts for nothing.
        with suppress(IllegalAction):
            self.obstacles.scale(roll, actor, against, action, scale_benefit)
        defence = roll.opposition
        return _before_dice(roll), None if defence is None else _before_dice(defence)

    def preview(self) -> Resolution:
        """What the current roll's outcome allows, as :meth:`resolve` will settle it (movement,
        scale, Weapon and Armor, hazards, blocks and cover included), without settling it."""
        turn = self.turns.turn
        if self.turns.phase is not Phase.ROLL or turn is None or turn.roll is None or turn.multi:
            raise IllegalAction("there is no single roll under way", EXCHANGE_RULE)
        return self.previewed()

    def previewed(self, outcome: Outcome | None = None) -> Resolution:
        """What the roll under way allows, for one a table's log recorded settled (checked by
        no rule: see :meth:`preview`), with the ``outcome`` the log says it had, if given."""
        turn = self.turns.turn
        assert turn is not None and turn.roll is not None
        roll = turn.roll
        if turn.move_to is not None:
            return resolve_move(roll.shifts)
        shifts, extra = roll.shifts, 0
        if turn.scale is not None:
            shifts = turn.scale.final_shifts(roll.shifts)
            extra = turn.scale.extra_free_invokes(shifts)
        resolution = roll.preview(
            target=turn.advantage, shifts=shifts, extra_free_invokes=extra, outcome=outcome
        )
        equipped = self.roster.ruleset.has(OptionalRule.WEAPON_AND_ARMOR)
        hazard = self.roster.fighters[turn.actor].hazard
        if hazard is not None and roll.action is Action.ATTACK:
            return hazard.attack_resolution(resolution, armor=turn.armor, weapon_and_armor=equipped)
        if turn.into_block is not None:
            return turn.into_block.forced_attack_resolution(
                resolution, armor=turn.armor, weapon_and_armor=equipped
            )
        if turn.cover is not None:
            # Cover that negates the attack stopped it being made at all (see attack): what is
            # left is the Armor it gives.
            armor = min(turn.cover.armor, 4)
            return with_weapon_and_armor(resolution, weapon=turn.weapon, armor=armor)
        return with_weapon_and_armor(resolution, weapon=turn.weapon, armor=turn.armor)

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
        turn = self.turns.turn
        if self.turns.phase is not Phase.ROLL or turn is None or turn.roll is None:
            raise IllegalAction("there is no roll to resolve", EXCHANGE_RULE)
        if turn.multi:
            raise IllegalAction(
                "an attack on several targets is settled with resolve_targets",
                MULTIPLE_TARGETS_RULE,
            )
        if turn.roll.phase is RollPhase.READY:
            raise BadInput("roll the dice before resolving")
        resolution = self.previewed()
        return resolution, self._settled(
            resolution, option, aspect_name=aspect_name, boost_names=boost_names
        )

    def resolved(
        self,
        option: str | None = None,
        *,
        aspect_name: str = "",
        boost_names: Mapping[str, str] | None = None,
        solo_round_down: bool | None = None,
    ) -> Applied:
        """Settle the turn's roll with ``option`` as a table's log recorded it (checked by no
        rule: see :meth:`resolve`): with the outcome that offers that option, if today's ladder
        gives another; a solo big bad's hit is rounded as ``solo_round_down`` says (``None``: as
        the rule set does)."""
        return self._settled(
            offering(self.previewed, option),
            option,
            aspect_name=aspect_name,
            boost_names=boost_names,
            solo_round_down=solo_round_down,
            checked=False,
        )

    def _settled(
        self,
        resolution: Resolution,
        option: str | None,
        *,
        aspect_name: str,
        boost_names: Mapping[str, str] | None,
        solo_round_down: bool | None = None,
        checked: bool = True,
    ) -> Applied:
        turn = self.turns.turn
        assert turn is not None and turn.roll is not None
        roll = turn.roll
        # Against a passive difficulty the GM stands for the opposition (a boost for the
        # environment, a free invoke for whoever the GM runs).
        opposition = roll.opposition.actor if roll.opposition is not None else (turn.victim or GM)
        chosen = choose(resolution, option)
        names = boost_names or {}
        side_names = {
            Side.ACTOR: names.get(roll.actor, ""),
            Side.OPPOSITION: names.get(opposition or "", ""),
        }
        applied = carry_out(
            chosen,
            actor=roll.actor,
            opposition=opposition,
            aspects=self.roster.scene.aspects,
            target=turn.target_aspect,
            aspect_name=aspect_name,
            aspect_owner=turn.victim if turn.victim in self.roster.fighters else None,
            boost_names=side_names,
            removes=roll.action is Action.OVERCOME,
            checked=checked,
        )
        aspects = self.roster.scene.aspects
        for gone in list(applied.removed):
            if gone.id in aspects and aspects.get(gone.id) is gone:
                aspects.remove(gone.id)
            else:  # it left play while the roll was waiting (the GM took it away): done already
                applied.removed.remove(gone)
        roll.close()
        if turn.move_to is not None and applied.succeeded and self.roster.scene.zones is not None:
            self.roster.scene.zones.place(roll.actor, turn.move_to)
        if turn.zone is not None:
            for created in applied.created:
                # Targeting the scene: one aspect on the whole zone.
                created.kind, created.zone = AspectKind.ZONE, turn.zone
        if applied.hit > 0 and turn.victim is not None:
            self.hits.land(turn.victim, applied.hit, roll.actor, round_down=solo_round_down)
        self.obstacles.after_obstacle(turn, roll, applied)
        self.hits.after_resolution()
        return applied

    # -- turns ---------------------------------------------------------------------------------

    def end_turn(self, next_actor: str | None = None) -> str | None:
        """Finish the current turn and start the next; return who acts next.

        In elective order the actor names ``next_actor`` among those who have not acted this
        exchange (anyone still in, when the exchange is over). In fixed orders the next is known.
        """
        chosen = self.turns.pass_turn(next_actor)
        self.defence.turn_begins(chosen)
        return chosen

    # -- several targets (the multiple-targets option) ----------------------------------------

    # -- hits and the end ----------------------------------------------------------------------

    # -- big bads (the big-bads option) -------------------------------------------------------

    def invoke(
        self,
        roll: ActionRoll,
        aspect: Aspect,
        *,
        by: str | None = None,
        effect: InvokeEffect = InvokeEffect.PLUS_TWO,
        free: bool = False,
        payer: str | None = None,
    ) -> Invocation:
        """Invoke on a roll of this conflict, counting a big bad's amplified or suppressed invokes
        (``payer``: whose supply pays a paid invoke when not ``by``'s own, a player's extra's).

        Plain invokes may go straight to the roll; this is needed only where big bads bend the
        worth of an invoke.
        """
        return self.big_bad_rules.invoke(
            roll, aspect, self.turns.turn, by=by, effect=effect, free=free, payer=payer
        )

    def invoked(
        self,
        roll: ActionRoll,
        aspect: Aspect,
        *,
        by: str | None = None,
        effect: InvokeEffect = InvokeEffect.PLUS_TWO,
        free: bool = False,
    ) -> Invocation:
        """An invoke on a roll of this conflict as a table's log recorded it (checked by no
        rule: see :meth:`invoke`)."""
        return self.big_bad_rules.invoked(
            roll, aspect, self.turns.turn, by=by, effect=effect, free=free
        )

    def break_immunity(
        self, big_bad: str, *, contest: Contest | None = None, side: str = ""
    ) -> None:
        """Settle a big bad's immunity: the challenge beaten, or the contest over (``side`` is
        the big bad's side in it). A big bad that won its contest gets away."""
        if self.big_bad_rules.break_immunity(big_bad, contest=contest, side=side):
            self.hits.leave(big_bad)
            self.hits.check_end()

    def immunity_ended(self, big_bad: str, *, winner: str | None, side: str | None) -> None:
        """A big bad's immunity settled as a table's log recorded it (checked by no rule: see
        :meth:`break_immunity`): beaten by a challenge (no ``side``), or by a contest whose
        ``winner`` is its ``side`` (it gets away) or another (its immunity is broken)."""
        escaped = side is not None and winner == side
        state = ImmunityState.ESCAPED if escaped else ImmunityState.BROKEN
        if self.big_bad_rules.immunity_now(big_bad, state):
            self.hits.leave(big_bad)
            self.hits.check_end()

    # -- weight (the weight option) ----------------------------------------------------------

    def outweighs(
        self,
        roller: str,
        action: Action,
        *,
        target: str | None = None,
        claimed: bool = False,
        allowed: bool = False,
    ) -> Outweighs | None:
        """Whether ``roller``'s side outweighs the other in the roller's zone now, and how many
        of the roller's dice turn to + (:func:`~fatekit.rules.scenes.conflict_weight.outweighs`:
        ``target`` the one an attack would hit, ``claimed`` a create an advantage's or an
        overcome's claim, ``allowed`` the GM's word already given on this roll)."""
        return outweighs(
            self.roster, roller, action, target=target, claimed=claimed, allowed=allowed
        )

    # -- obstacles and scale (the obstacles and scale options) -------------------------------

    # -- helpers -------------------------------------------------------------------------------

    def _start_action(self, actor: str, action: Action) -> Hazard | None:
        """Check that ``actor`` may take ``action`` now; return the hazard they are, if one."""
        self.turns.check_action(actor)
        hazard = self.roster.fighters[actor].hazard
        if hazard is not None:
            hazard.check_action(action)
        return hazard

    def _bonuses(
        self,
        roll: ActionRoll,
        actor: str,
        skill: str,
        opponent: str | None,
        options: RollOptions,
        *,
        checked: bool,
    ) -> ScaleAdvantage | None:
        """Add to an action's roll what helps it (teamwork, a big bad's solo bonus, scale);
        return the scale advantage, if any (not ``checked``: a roll a table's log recorded)."""
        helpers = options.get("helpers", ())
        if checked:
            self.defence.add_helpers(roll, actor, skill, helpers)
        else:
            self.defence.helpers_added(roll, actor, skill, helpers)
        self.big_bad_rules.solo_bonus(roll, actor)
        return self.obstacles.scale(
            roll, actor, opponent, roll.action, options.get("scale_benefit"), checked=checked
        )

    # -- actions a table's log recorded ----------------------------------------------------------

    def attack_recorded(
        self,
        actor: str,
        target: str,
        skill: str,
        *,
        dice: DiceSource,
        **options: Unpack[AttackOptions],
    ) -> ActionRoll:
        """An attack as a table's log recorded it (checked by no rule: see :meth:`attack`)."""
        return self._attack_begun(actor, target, skill, dice, options, checked=False)

    def advantage_recorded(
        self, actor: str, skill: str, *, dice: DiceSource, **options: Unpack[AdvantageOptions]
    ) -> ActionRoll:
        """A create an advantage as a table's log recorded it (checked by no rule: see
        :meth:`create_advantage`)."""
        return self._advantage_begun(actor, skill, dice, options, checked=False)

    def overcome_recorded(
        self, actor: str, skill: str, *, dice: DiceSource, **options: Unpack[OvercomeOptions]
    ) -> ActionRoll:
        """An overcome as a table's log recorded it (checked by no rule: see :meth:`overcome`):
        an obstacle's rating (plus two to remove a block) is its difficulty."""
        return self._overcome_begun(actor, skill, dice, options, checked=False)


def _before_dice(roll: ActionRoll) -> int:
    """A roll's rating and the bonuses on it so far: its effort, but for the dice."""
    return roll.rating + sum(bonus.amount for bonus in roll.bonuses)
