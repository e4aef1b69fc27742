"""The weight optional rule in a conflict: the sides' weights in the roller's zone, read afresh
for every roll from who is still in and where they stand (War of Ashes' weight)."""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.core.actions import Action
from fatekit.rules.core.switches import OptionalRule
from fatekit.rules.options.weight import Weights, dice_turned, side_weights, weight_counts
from fatekit.rules.scenes.conflict_parts import Fighter, Roster, Status

__all__ = ["Outweighs", "fighter_weight", "outweighs"]


@dataclass(frozen=True, slots=True)
class Outweighs:
    """The roller's side outweighs the other in its zone: the weights, and how many of the
    roller's dice turn to + (1 or 2)."""

    weights: Weights
    turned: int


def fighter_weight(fighter: Fighter) -> int:
    """A fighter's weight: their sheet's individual weight, once for each member of a mob still
    standing (each member is a fighter of that weight)."""
    return fighter.character.weight * max(fighter.members, 1)


def outweighs(
    roster: Roster,
    roller: str,
    action: Action,
    *,
    target: str | None = None,
    claimed: bool = False,
    allowed: bool = False,
) -> Outweighs | None:
    """Whether ``roller``'s side outweighs the other in the roller's zone on this roll, and by
    how many dice; ``None`` when weight is not in use, does not count for ``action`` (a create
    an advantage or an overcome counts it only when ``claimed`` and the GM allows it, or when
    the GM ``allowed`` it on this roll already: a reroll), or no die turns. ``target`` is the
    one attacked (its weight decides the four-to-one step).

    Counted: fighters still in the fight (hazards are not fighters) in the roller's zone; a
    scene without a map is one zone. A roller not placed on the scene's map weighs nothing
    against anyone. Read when the roll is decided, never when it is folded.
    """
    if not roster.ruleset.has(OptionalRule.WEIGHT) or roller not in roster.fighters:
        return None
    if not allowed and not weight_counts(action, claimed=claimed):
        return None
    zones = roster.scene.zones
    here = None if zones is None else zones.positions.get(roller)
    if zones is not None and here is None:
        return None
    counted = [
        (fighter.side, fighter_weight(fighter))
        for who, fighter in roster.fighters.items()
        if fighter.status is Status.ACTIVE
        and fighter.hazard is None
        and (zones is None or zones.positions.get(who) == here)
    ]
    aimed = None
    if action is Action.ATTACK and target is not None and target in roster.fighters:
        aimed = fighter_weight(roster.fighters[target])
    weights = side_weights(counted, roster.fighters[roller].side, aimed)
    turned = dice_turned(weights)
    return Outweighs(weights, turned) if turned else None
