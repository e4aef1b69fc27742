"""Weight (War of Ashes): a side that outweighs the other in a zone turns rolled dice to +.

Every fighter has an individual weight (people 1; monsters 0, 2, 4...; a small, big or huge swarm
1, 2 or 4). A side's weight in a zone is the sum of its fighters' there (:func:`side_weights`).
:func:`dice_turned` says how many of the roller's dice turn to +: one when the roller's side
outweighs the other at least two to one, two when, attacking, it also weighs at least four times
its target; never more. :func:`turned_up` is the die modifier itself, for any game that turns
dice to +: the dice as they fell, with that many of the lowest faces made + (3d6 and d6-d6,
which show no Fate faces, turn a six-sided die to its best face: fatekit's equivalent).

Weight always counts on an attack and a defence; on a create an advantage or an overcome only
when the GM rules that the allies' presence helps (:data:`WEIGHT_WHEN_RULE`, a rule a GM waives
to allow it). It is read afresh on every roll, from who stands where then.

Left to the group: stunts that make a weight count as 2 in narrow circumstances (the GM sets the
weight on the sheet, or waives), a charge's doubled weight, weight in social conflicts (the same
sums, with weights the GM picks), and a swarm's immunity to attacks that do not cover its zone.

    >>> dice_turned(Weights(own=2, other=1))
    1
    >>> dice_turned(Weights(own=5, other=1, target=1))
    2
    >>> turned_up(FateDice.of((0, -1, 1, -1)), 2).symbols()
    '0+++'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from fatekit.rules.core.actions import Action
from fatekit.rules.core.citations import WOA_BOOK, rule
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.fate_dice import FateDice
from fatekit.rules.core.randomizers import Dice, Drawn, Randomizer
from fatekit.rules.core.waivers import refuse

__all__ = [
    "MAX_TURNED",
    "MAX_WEIGHT",
    "WAR_OF_ASHES",
    "WEIGHT_DICE_RULE",
    "WEIGHT_EACH_ROLL_RULE",
    "WEIGHT_FOUR_TO_ONE_RULE",
    "WEIGHT_SIDES_RULE",
    "WEIGHT_TWO_TO_ONE_RULE",
    "WEIGHT_WHEN_RULE",
    "Weights",
    "check_weight",
    "dice_turned",
    "side_weights",
    "turned_up",
    "weight_counts",
]

WAR_OF_ASHES = WOA_BOOK

#: The heaviest individual weight a sheet may carry (the book's heaviest: a monarch's 8 at
#: court; a huge swarm 4): room for a group's own monsters, with a bound.
MAX_WEIGHT = 20
#: The most dice weight turns on one roll.
MAX_TURNED = 2

WEIGHT_SIDES_RULE = rule(
    "weight.sides",
    WAR_OF_ASHES,
    "Weight > Weight in Combat",
    "Each fighter has an individual weight (people 1, monsters 0, 2, 4 and so on); a side's weight "
    "in a zone is the sum of the weights of its fighters standing there",
)
WEIGHT_TWO_TO_ONE_RULE = rule(
    "weight.two-to-one",
    WAR_OF_ASHES,
    "Weight > Weight in Combat",
    "A side weighing at least twice the other side in the zone turns one of its rolled dice to +",
)
WEIGHT_FOUR_TO_ONE_RULE = rule(
    "weight.four-to-one",
    WAR_OF_ASHES,
    "Weight > Weight in Combat",
    "An attacking side weighing at least four times its target turns two rolled dice to +, and "
    "never more than two however heavy it is",
)
WEIGHT_WHEN_RULE = rule(
    "weight.when",
    WAR_OF_ASHES,
    "Weight > Weight in Combat",
    "Weight always counts on attacks and defences; on creating an advantage or overcoming only "
    "when the GM rules that the allies' presence helps",
)
WEIGHT_EACH_ROLL_RULE = rule(
    "weight.each-roll",
    WAR_OF_ASHES,
    "Weight > Weight in Combat",
    "Who outweighs whom is read again on every roll, as fighters are taken out or move",
)
WEIGHT_DICE_RULE = rule(
    "weight.turned-dice",
    WAR_OF_ASHES,
    "Weight > Weight in Combat",
    "A die turned to + shows +, the lowest dice turned first; a Deck of Fate card and 4d6 show "
    "four Fate faces and turn as dice do; 3d6 and d6-d6 show none, so fatekit turns a six-sided "
    "die to its best face instead (a 6, or d6-d6's minus die to a 1)",
)


@dataclass(frozen=True, slots=True)
class Weights:
    """The weights on one roll: the roller's side and the other side(s) in the roller's zone,
    and for an attack the target's own weight."""

    own: int
    other: int
    target: int | None = None

    def __post_init__(self) -> None:
        for name, value in (("own", self.own), ("other", self.other), ("target", self.target)):
            if value is None and name == "target":
                continue
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise BadInput(f"a side's weight is a whole number of 0 or more, not {value!r}")


def check_weight(value: object, who: str = "a fighter") -> int:
    """An individual weight, checked: a whole number from 0 to :data:`MAX_WEIGHT`."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_WEIGHT:
        raise BadInput(
            f"{who}'s weight must be a whole number from 0 to {MAX_WEIGHT}, not {value!r}"
        )
    return value


def side_weights(
    fighters: Iterable[tuple[str, int]], side: str, target: int | None = None
) -> Weights:
    """The weights on a roll by ``side``: ``fighters`` are the (side, weight) of everyone
    counted in the roller's zone (still in the fight); every side but ``side`` is the other."""
    own = other = 0
    for their_side, weight in fighters:
        if their_side == side:
            own += weight
        else:
            other += weight
    return Weights(own, other, target)


def dice_turned(weights: Weights) -> int:
    """How many of the roller's dice turn to + (0, 1 or 2).

    One when the roller's side weighs at least twice the other side in the zone. Both sides must
    weigh something there: a fighter with no opponent of any weight in the zone (an archer alone
    in the next zone, a defender shot at from afar) outweighs no one, as two sides of nothing
    do not. Two when, attacking (``target`` given), the side
    also weighs at least four times its target. The four-to-one step is read as the two-to-one
    rule's next step, for the heavier side: a side that does not outweigh the zone's other side
    two to one turns nothing, however light the one it attacks.
    """
    if weights.own == 0 or weights.other == 0 or weights.own < 2 * weights.other:
        return 0
    if weights.target is not None and weights.own >= 4 * weights.target:
        return MAX_TURNED
    return 1


def weight_counts(action: Action, *, claimed: bool) -> bool:
    """Whether weight counts on a roll for ``action``: always on an attack or a defence; on a
    create an advantage or an overcome only when ``claimed`` and the GM allows it, which a GM
    does by waiving :data:`WEIGHT_WHEN_RULE` (refused otherwise, waivably)."""
    if action in (Action.ATTACK, Action.DEFEND):
        return True
    if not claimed:
        return False
    refuse(
        "weight counts on creating an advantage or overcoming only when the GM rules that the "
        "allies' presence helps: ask the GM to allow it",
        WEIGHT_WHEN_RULE,
    )
    return True


def turned_up(dice: Dice, count: int) -> Dice:
    """The die modifier: ``dice`` as they fell with ``count`` of them turned to +.

    The roller may turn any of their dice; the lowest faces are the ones worth turning, so those
    are turned (a + turned stays +). Four Fate dice, a card of the Deck of Fate and 4d6 give
    four Fate dice: a card and 4d6 show four Fate faces and turn as dice do (the draw itself is
    kept elsewhere, so a table's deck still knows which card was drawn).

    3d6 and d6-d6 show no Fate faces. The book says nothing of them; fatekit's equivalent turns
    a six-sided die to its best face, each turn the one that gains most: 3d6's lowest dice to 6
    (the sum then read by the table as ever), d6-d6's plus die to 6 or its minus die to 1. The
    result is the same way's draw, with those dice changed.
    """
    if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 4:
        raise BadInput(f"from 0 to 4 dice may be turned, not {count!r}")
    if count == 0:
        return dice
    if isinstance(dice, Drawn) and dice.randomizer is Randomizer.THREE_D6:
        lowest = sorted(range(3), key=lambda i: (dice.shown[i], i))[:count]
        return Drawn(
            dice.randomizer, tuple(6 if i in lowest else d for i, d in enumerate(dice.shown))
        )
    if isinstance(dice, Drawn) and dice.randomizer is Randomizer.D6_MINUS_D6:
        plus, minus = dice.shown
        for _ in range(min(count, 2)):
            if 6 - plus >= minus - 1 and plus != 6:
                plus = 6
            else:
                minus = 1
        return Drawn(dice.randomizer, (plus, minus))
    faces = dice.faces
    lowest = sorted(range(len(faces)), key=lambda i: (faces[i], i))[:count]
    return FateDice.of([1 if i in lowest else face for i, face in enumerate(faces)])
