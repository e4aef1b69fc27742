"""The obstacles and scale optional rules in a conflict: hazards, blocks, cover and scale levels."""

from __future__ import annotations

from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.aspects.effects import Applied
from fatekit.rules.aspects.fate_points import GM
from fatekit.rules.aspects.rolling import ActionRoll
from fatekit.rules.characters.character import Character
from fatekit.rules.core.actions import Action, Side
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.waivers import refuse
from fatekit.rules.options.big_bads import (
    scale_applies,
)
from fatekit.rules.options.obstacles import (
    BLOCK_WEAPON_RULE,
    HAZARD_ACTS_RULE,
    Block,
    Hazard,
)
from fatekit.rules.options.ruleset import OptionalRule
from fatekit.rules.options.scale import (
    SCALE_BENEFIT_RULE,
    SCALE_LEVELS_RULE,
    ScaleAdvantage,
    ScaleBenefit,
    higher_side,
    scale_advantage,
)
from fatekit.rules.scenes.conflict_big_bads import BigBadRules
from fatekit.rules.scenes.conflict_harm import Hits
from fatekit.rules.scenes.conflict_parts import (
    Fighter,
    PendingHit,
    Roster,
    TurnInProgress,
)
from fatekit.rules.scenes.conflict_turns import Turns

__all__ = ["Obstacles"]


class Obstacles:
    """The obstacles and scale optional rules in a conflict: hazards, blocks (and the aspects
    they put in the scene), cover and scale levels."""

    __slots__ = ("big_bad_rules", "block_aspects", "blocks", "hits", "roster", "turns")

    def __init__(
        self, roster: Roster, turns: Turns, hits: Hits, big_bad_rules: BigBadRules
    ) -> None:
        self.roster = roster
        self.turns = turns
        self.hits = hits
        self.big_bad_rules = big_bad_rules
        self.blocks: dict[str, Block] = {}
        self.block_aspects: dict[str, str] = {}  # each block's situation aspect

    def add_hazard(self, hazard: Hazard, side: str, *, zone: str | None = None) -> Character:
        """Bring a hazard into the conflict on ``side`` (the obstacles option).

        It acts in the turn order (attack or create an advantage), adds its Weapon to its hits,
        and cannot be attacked; it does not keep its side in the fight.
        """
        self.roster.require(OptionalRule.OBSTACLES, "obstacles are not in use", HAZARD_ACTS_RULE)
        if side not in {f.side for f in self.roster.fighters.values()}:
            raise BadInput(f"no side {side!r} in this conflict")
        if zone is not None and self.roster.scene.zones is None:
            raise BadInput("this scene has no zones")
        if hazard.id in self.roster.game.characters:
            raise BadInput(f"a character with id {hazard.id!r} is already in the game")
        sheet = self.hazard_came(hazard, side, zone=zone)
        self.turns.reorder()
        return sheet

    def hazard_came(self, hazard: Hazard, side: str, *, zone: str | None = None) -> Character:
        """A hazard in the conflict on ``side``, as a table's log recorded it (checked by no
        rule: see :meth:`add_hazard`); its place in the turn order is the caller's."""
        sheet = hazard.sheet(self.roster.preset)
        self.roster.game.take_character(sheet, npc_points=0)
        self.roster.scene.participants.append(sheet.id)
        zones = self.roster.scene.zones
        if zone is not None and zones is not None:
            zones.assign_position(sheet.id, zone)
        self.roster.fighters[sheet.id] = Fighter(sheet, side, hazard=hazard)
        return sheet

    def add_block(self, block: Block, *, zone: str | None = None) -> Aspect:
        """Put a block in the scene (the obstacles option); its name becomes a situation aspect."""
        self.roster.require(OptionalRule.OBSTACLES, "obstacles are not in use", BLOCK_WEAPON_RULE)
        if block.id in self.blocks:
            raise BadInput(f"block {block.id!r} is already in the scene")
        return self.block_came(block, zone=zone)

    def block_came(self, block: Block, *, zone: str | None = None) -> Aspect:
        """A block in the scene, as a table's log recorded it (checked by no rule: see
        :meth:`add_block`)."""
        aspect = block.aspect(self.roster.scene.aspects.new_id(), zone=zone)
        if zone is not None:
            aspect.kind = AspectKind.ZONE
        self.roster.scene.aspects.add(aspect)
        self.blocks[block.id] = block
        self.block_aspects[block.id] = aspect.id
        return aspect

    def set_scale(self, participant: str, level: str) -> None:
        """Give a participant a scale level (the scale option)."""
        self.roster.require(OptionalRule.SCALE, "scale is not in use", SCALE_LEVELS_RULE)
        self.roster.scale_ladder.level(level)  # raises on an unknown level
        self.roster.fighter(participant).scale = level

    def after_obstacle(self, turn: TurnInProgress, roll: ActionRoll, applied: Applied) -> None:
        """What an overcome against a block or a hazard does besides its outcome."""
        if turn.block is not None:
            if turn.remove_block:
                if applied.succeeded:
                    del self.blocks[turn.block.id]
                    aspect_id = self.block_aspects.pop(turn.block.id)
                    if aspect_id in self.roster.scene.aspects:
                        self.roster.scene.aspects.remove(aspect_id)
            else:
                check = turn.block.interfere(roll.effort)
                if check.harm:
                    # A block that can harm hits whoever fails to get past it.
                    self.hits.pending.append(PendingHit(roll.actor, check.harm, GM))
        if turn.disable is not None and applied.succeeded:
            self.hits.take_out_of_fight(turn.disable)

    def block(self, block_id: str) -> Block:
        """The block of that id in the scene."""
        try:
            return self.blocks[block_id]
        except KeyError:
            raise BadInput(f"no block {block_id!r} in this scene") from None

    def higher_in_scale(self, actor: str, other: str) -> Side | None:
        """The side that stands higher in scale on a roll between ``actor`` and ``other``, or
        ``None`` when scale does not count for them or they stand level: the check both a roll
        and the offer of a scale benefit make."""
        involved = actor in self.big_bad_rules.big_bads or other in self.big_bad_rules.big_bads
        if not scale_applies(self.roster.ruleset, big_bad_involved=involved):
            return None
        # Anyone without a level stands at the bottom of the ladder.
        bottom = self.roster.scale_ladder.keys[0]
        found = higher_side(
            self.roster.scale_ladder,
            self.roster.fighters[actor].scale or bottom,
            self.roster.fighters[other].scale or bottom,
        )
        return None if found is None else found[0]

    def scale(
        self,
        roll: ActionRoll,
        actor: str,
        other: str | None,
        action: Action,
        benefit: ScaleBenefit | str | None,
        *,
        checked: bool = True,
    ) -> ScaleAdvantage | None:
        """The scale advantage on this roll, if the two sides differ; its bonus goes on now (a
        benefit named where none is taken is refused, unless not ``checked``: a roll a table's
        log recorded)."""
        side = None if other is None else self.higher_in_scale(actor, other)
        if side is None:
            if benefit is not None and checked:
                _no_scale_benefit("there is no difference in scale to take")
            return None
        assert other is not None
        # Anyone without a level stands at the bottom of the ladder.
        bottom = self.roster.scale_ladder.keys[0]
        mine = self.roster.fighters[actor].scale or bottom
        theirs = self.roster.fighters[other].scale or bottom
        if side is Side.OPPOSITION and roll.opposition is None:
            # A higher side that does not roll (forgoing its defence) takes no benefit.
            if benefit is not None and checked:
                _no_scale_benefit("scale helps a defender only when they roll")
            return None
        higher, lower = (mine, theirs) if side is Side.ACTOR else (theirs, mine)
        chosen = ScaleBenefit.BEFORE_ROLL if benefit is None else benefit
        ladder = self.roster.scale_ladder
        if checked:
            advantage = scale_advantage(ladder, higher, lower, action, chosen, side=side)
        else:
            levels = ladder.difference(higher, lower)
            advantage = ScaleAdvantage.as_recorded(side, levels, ScaleBenefit(chosen), action)
        bonus = advantage.before_roll_bonus()
        if bonus is not None:
            if side is Side.ACTOR:
                roll.counted(bonus)
            else:
                assert roll.opposition is not None
                roll.opposition.counted(bonus)
        return advantage


def _no_scale_benefit(message: str) -> None:
    refuse(message, SCALE_BENEFIT_RULE)
