"""The simulator's randomness: a tape of dice and choices per run, fixed by the seed.

Run ``r`` of a simulation reads its dice, roll after roll, from its own row of the tape, and its
random choices (a random target) from a second row. Both engines read the same tape, so with the
same seed they play exactly the same fights: the vectorized engine can be checked against the
scalar one run by run, not only in distribution. The tape is made in blocks of
:data:`BLOCK` rolls for :data:`GROUP` runs at a time, each block from its own generator keyed by
(seed, group, block), so a run's tape does not depend on how many runs are simulated or how
they are split into chunks.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fatekit.rules.core.dice import FateDice

__all__ = ["BLOCK", "GROUP", "ChoiceTape", "Tape", "TapeDice", "choice_block", "dice_block"]

GROUP = 1024  # runs per block of tape
BLOCK = 64  # rolls (or choices) per run in a block


def dice_block(seed: int, group: int, block: int) -> npt.NDArray[np.int8]:
    """Faces (-1, 0, +1) of ``BLOCK`` rolls for each of the ``GROUP`` runs of a group."""
    rng = np.random.default_rng([seed, group, block, 0])
    return (rng.integers(0, 3, size=(GROUP, BLOCK, 4), dtype=np.int8) - 1).astype(np.int8)


def choice_block(seed: int, group: int, block: int) -> npt.NDArray[np.float64]:
    """Uniform numbers in [0, 1) for the random choices of each run of a group."""
    rng = np.random.default_rng([seed, group, block, 1])
    return rng.random(size=(GROUP, BLOCK))


class Tape:
    """The whole tape of a seed, block by block; keeps the blocks of the group last read."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._group = -1
        self._dice: dict[int, npt.NDArray[np.int8]] = {}
        self._choices: dict[int, npt.NDArray[np.float64]] = {}

    def _switch(self, group: int) -> None:
        if group != self._group:
            self._group, self._dice, self._choices = group, {}, {}

    def dice(self, group: int, block: int) -> npt.NDArray[np.int8]:
        """A block of faces (see :func:`dice_block`)."""
        self._switch(group)
        if block not in self._dice:
            self._dice[block] = dice_block(self.seed, group, block)
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
        self._rolls: list[FateDice] = []
        self.used = 0

    def roll(self) -> FateDice:
        if self.used == len(self._rolls):
            block = self._tape.dice(self._group, len(self._rolls) // BLOCK)[self._row]
            self._rolls.extend(FateDice((int(a), int(b), int(c), int(d))) for a, b, c, d in block)
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
