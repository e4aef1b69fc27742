"""Fate dice and where they come from.

A roll of four Fate dice is a :class:`FateDice` (:mod:`fatekit.rules.core.fate_dice`); a draw
another way, a :class:`~fatekit.rules.core.randomizers.Drawn`. Dice come from a
:class:`DiceSource`, a small port with three adapters: :class:`RandomDice` (seeded from the OS by
default, reproducible with a seed), :class:`EnteredDice` (faces read off physical dice by a
player) and :class:`ScriptedDice` (a fixed sequence, for tests and replays).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Protocol

from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.fate_dice import (
    D6_FACES,
    D6_RULE,
    DICE_RULE,
    FACES,
    FateDice,
    RandomDice,
    all_rolls,
    parse_faces,
)
from fatekit.rules.core.randomizers import Dice, Drawn, parse_drawn

__all__ = [
    "D6_FACES",
    "D6_RULE",
    "DICE_RULE",
    "FACES",
    "DiceSource",
    "EnteredDice",
    "FateDice",
    "RandomDice",
    "ScriptedDice",
    "all_rolls",
    "parse_faces",
]


class DiceSource(Protocol):
    """Anything that can produce a roll: four Fate dice, or a result drawn another way
    (:mod:`fatekit.rules.core.randomizers`)."""

    def roll(self) -> Dice:
        """Roll (or ask for) four Fate dice, or draw the table's other way."""
        ...


class ScriptedDice:
    """Dice that come from a fixed script, for tests and replays of recorded games."""

    def __init__(self, rolls: Iterable[Dice | str | Sequence[int]]) -> None:
        self._rolls: Iterator[Dice] = iter([_coerce(r) for r in rolls])

    def roll(self) -> Dice:
        try:
            return next(self._rolls)
        except StopIteration:
            raise BadInput("the dice script has no rolls left") from None


class EnteredDice:
    """Dice rolled at a physical table and typed in by the player.

    ``ask`` is called once per roll and returns what the player typed; see :func:`parse_faces`
    for the accepted forms.
    """

    def __init__(self, ask: Callable[[], str]) -> None:
        self._ask = ask

    def roll(self) -> FateDice:
        return parse_faces(self._ask())


def _coerce(value: Dice | str | Sequence[int]) -> Dice:
    if isinstance(value, FateDice | Drawn):
        return value
    if isinstance(value, str):
        return parse_drawn(value)
    return FateDice.of(value)
