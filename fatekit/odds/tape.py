"""The simulator's randomness: a tape of dice and choices per run, fixed by the seed.

Run ``r`` of a simulation reads its dice, roll after roll, from its own row of the tape, and its
random choices (a random target) from a second row. Both engines read the same tape, so with the
same seed they play exactly the same fights: the vectorized engine can be checked against the
scalar one run by run, not only in distribution. The tape is made in blocks of
:data:`BLOCK` rolls for :data:`GROUP` runs at a time, each block from its own generator keyed by
(seed, group, block), so a run's tape does not depend on how many runs are simulated or how
they are split into chunks.

A scenario drawing another way than four Fate dice (:class:`Randomizer`) reads another tape of
the same shape: each roll's six-sided dice, or for the Deck of Fate each run's own deck, shuffled
as its fight starts and dealt without replacement, shuffled again whenever it is spent
(:func:`draws_block`). Four Fate dice keep the tape they always had, so a seed's reports stand.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import numpy.typing as npt

from fatekit.rules.core.dice import FateDice
from fatekit.rules.core.randomizers import DECK, THREE_D6_TABLE, Dice, Drawn, Randomizer
from fatekit.rules.options.weight import MAX_TURNED, turned_up

__all__ = [
    "BLOCK",
    "GROUP",
    "ChoiceTape",
    "Tape",
    "TapeDice",
    "choice_block",
    "dice_block",
    "draws_block",
    "totals_block",
    "turned_totals_block",
]

_CARDS = len(DECK)
#: Each card's total, by its index in :data:`DECK`; the four faces each card shows.
_CARD_TOTALS = np.array([card.total for card in DECK], dtype=np.int8)
_CARD_FACES = np.array([card.faces for card in DECK], dtype=np.int8)
#: Three six-sided dice' sum (3 to 18) read by the toolkit's table; index by the sum.
_THREE_D6 = np.array([THREE_D6_TABLE.get(n, 0) for n in range(19)], dtype=np.int8)

#: Each six-sided way's key beside (seed, group, block): a fight in which fighters draw
#: different ways draws each from a stream of its own (four Fate dice use 0, the deck 2).
_KEYS = {Randomizer.THREE_D6: 3, Randomizer.D6_MINUS_D6: 4, Randomizer.FOUR_D6: 5}

GROUP = 1024  # runs per block of tape
BLOCK = 64  # rolls (or choices) per run in a block


def dice_block(seed: int, group: int, block: int) -> npt.NDArray[np.int8]:
    """Faces (-1, 0, +1) of ``BLOCK`` rolls for each of the ``GROUP`` runs of a group."""
    rng = np.random.default_rng([seed, group, block, 0])
    return (rng.integers(0, 3, size=(GROUP, BLOCK, 4), dtype=np.int8) - 1).astype(np.int8)


def draws_block(seed: int, group: int, block: int, randomizer: Randomizer) -> npt.NDArray[np.int8]:
    """What ``BLOCK`` rolls drew for each of the ``GROUP`` runs of a group, ``randomizer``'s
    way: four Fate dice' faces (:func:`dice_block`), the six-sided dice rolled (1 to 6, as many
    as the way rolls) or the Deck of Fate's card dealt (its index in :data:`DECK`, one column).

    A run's deck is dealt card by card from shuffles of the whole deck, one after another (the
    ``k``-th keyed by (seed, group, k)), so block ``b`` deals the run's cards ``64b`` to
    ``64b + 63`` whichever blocks were read before: exactly the deck a table draws without
    replacement, from the fight's first roll."""
    if randomizer is Randomizer.FATE_DICE:
        return dice_block(seed, group, block)
    if randomizer is Randomizer.DECK_OF_FATE:
        first, last = block * BLOCK, (block + 1) * BLOCK - 1
        shuffles = []
        for k in range(first // _CARDS, last // _CARDS + 1):
            rng = np.random.default_rng([seed, group, k, 2])
            fresh = np.tile(np.arange(_CARDS, dtype=np.int8), (GROUP, 1))
            shuffles.append(rng.permuted(fresh, axis=1))
        dealt = np.concatenate(shuffles, axis=1)
        start = first - (first // _CARDS) * _CARDS
        return dealt[:, start : start + BLOCK, None]
    rng = np.random.default_rng([seed, group, block, _KEYS[randomizer]])
    return rng.integers(1, 7, size=(GROUP, BLOCK, randomizer.dice), dtype=np.int8)


def totals_block(
    seed: int, group: int, block: int, randomizer: Randomizer = Randomizer.FATE_DICE
) -> npt.NDArray[np.int8]:
    """The totals of :func:`draws_block`'s rolls: what the rules add a skill to."""
    drawn = draws_block(seed, group, block, randomizer)
    if randomizer is Randomizer.DECK_OF_FATE:
        return np.asarray(_CARD_TOTALS[drawn[..., 0]], dtype=np.int8)
    if randomizer is Randomizer.THREE_D6:
        return np.asarray(_THREE_D6[drawn.sum(axis=-1)], dtype=np.int8)
    if randomizer is Randomizer.D6_MINUS_D6:
        return (drawn[..., 0] - drawn[..., 1]).astype(np.int8)
    if randomizer is Randomizer.FOUR_D6:
        fate = (drawn - 1) // 2 - 1  # 1-2 minus, 3-4 blank, 5-6 plus
        return np.asarray(fate.sum(axis=-1), dtype=np.int8)
    # Four dice added one by one: NumPy's sum over so short an axis is slower.
    return (drawn[..., 0] + drawn[..., 1] + drawn[..., 2] + drawn[..., 3]).astype(np.int8)


def turned_totals_block(
    seed: int, group: int, block: int, randomizer: Randomizer, turned: int
) -> npt.NDArray[np.int8]:
    """:func:`totals_block` with ``turned`` dice of every roll turned to + (War of Ashes'
    weight), as :func:`~fatekit.rules.options.weight.turned_up` turns them at the table."""
    drawn = draws_block(seed, group, block, randomizer)
    found: npt.NDArray[np.int8] = _turned_lookup(randomizer, turned)[_codes(drawn, randomizer)]
    return found


def _base(randomizer: Randomizer) -> tuple[int, int, int]:
    """How a drawn row is numbered: its length, each place's base, and the lowest value."""
    if randomizer is Randomizer.FATE_DICE:
        return 4, 3, -1
    if randomizer is Randomizer.DECK_OF_FATE:
        return 1, _CARDS, 0
    return randomizer.dice, 6, 1


def _codes(drawn: npt.NDArray[np.int8], randomizer: Randomizer) -> npt.NDArray[np.int64]:
    """Each drawn row as one number (its places in :func:`_base`'s base), to index a lookup."""
    length, base, low = _base(randomizer)
    codes = np.zeros(drawn.shape[:-1], dtype=np.int64)
    for i in range(length):
        codes += (drawn[..., i].astype(np.int64) - low) * base**i
    return codes


@cache
def _turned_lookup(randomizer: Randomizer, turned: int) -> npt.NDArray[np.int8]:
    """Every row the tape may draw, by its code, made into its total with ``turned`` dice
    turned: the rule's own :func:`~fatekit.rules.options.weight.turned_up` on each (81 rows of
    Fate dice or cards, 6**n of six-sided dice), so the simulator turns dice as the table does."""
    if not 0 <= turned <= MAX_TURNED:
        raise ValueError(f"weight turns 0 to {MAX_TURNED} dice, not {turned}")
    length, base, low = _base(randomizer)
    table = np.zeros(base**length, dtype=np.int8)
    for code in range(base**length):
        row = np.array([(code // base**i) % base + low for i in range(length)], dtype=np.int8)
        table[code] = turned_up(_dice_of(row, randomizer), turned).total
    return table


def _dice_of(row: npt.NDArray[np.int8], randomizer: Randomizer) -> Dice:
    """One roll of :func:`draws_block` as the rules engine reads dice."""
    if randomizer is Randomizer.FATE_DICE:
        a, b, c, d = (int(x) for x in row)
        return FateDice((a, b, c, d))
    if randomizer is Randomizer.DECK_OF_FATE:
        return Drawn(randomizer, tuple(int(f) for f in _CARD_FACES[int(row[0])]))
    return Drawn(randomizer, tuple(int(x) for x in row))


def choice_block(seed: int, group: int, block: int) -> npt.NDArray[np.float64]:
    """Uniform numbers in [0, 1) for the random choices of each run of a group."""
    rng = np.random.default_rng([seed, group, block, 1])
    return rng.random(size=(GROUP, BLOCK))


class Tape:
    """The whole tape of a seed, block by block; keeps the blocks of the group last read."""

    def __init__(self, seed: int, randomizer: Randomizer = Randomizer.FATE_DICE) -> None:
        self.seed = seed
        self.randomizer = randomizer
        self._group = -1
        self._dice: dict[int, npt.NDArray[np.int8]] = {}
        self._choices: dict[int, npt.NDArray[np.float64]] = {}

    def _switch(self, group: int) -> None:
        if group != self._group:
            self._group, self._dice, self._choices = group, {}, {}

    def dice(self, group: int, block: int) -> npt.NDArray[np.int8]:
        """A block of draws (see :func:`draws_block`)."""
        self._switch(group)
        if block not in self._dice:
            self._dice[block] = draws_block(self.seed, group, block, self.randomizer)
        return self._dice[block]

    def choices(self, group: int, block: int) -> npt.NDArray[np.float64]:
        """A block of choices (see :func:`choice_block`)."""
        self._switch(group)
        if block not in self._choices:
            self._choices[block] = choice_block(self.seed, group, block)
        return self._choices[block]


class TapeDice:
    """A :class:`~fatekit.rules.core.dice.DiceSource` reading one run's row of the tape."""

    def __init__(self, tape: Tape, run: int) -> None:
        self._tape, self._group, self._row = tape, run // GROUP, run % GROUP
        self._rolls: list[Dice] = []
        self.used = 0

    def roll(self) -> Dice:
        if self.used == len(self._rolls):
            block = self._tape.dice(self._group, len(self._rolls) // BLOCK)[self._row]
            way = self._tape.randomizer
            self._rolls.extend(_dice_of(row, way) for row in block)
        dice = self._rolls[self.used]
        self.used += 1
        return dice


class ChoiceTape:
    """One run's row of random choices."""

    def __init__(self, tape: Tape, run: int) -> None:
        self._tape, self._group, self._row = tape, run // GROUP, run % GROUP
        self._values: list[float] = []
        self.used = 0

    def pick(self, count: int) -> int:
        """An index from 0 to ``count - 1``, evenly."""
        if self.used == len(self._values):
            block = self._tape.choices(self._group, len(self._values) // BLOCK)
            self._values.extend(float(u) for u in block[self._row])
        value = self._values[self.used]
        self.used += 1
        return int(value * count)
