"""Four Fate dice: a roll (:class:`FateDice`), the faces typed by a person (:func:`parse_faces`),
every roll there is (:func:`all_rolls`) and a generator's (:class:`RandomDice`).
:mod:`fatekit.rules.core.dice` says where a table's dice come from."""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput

__all__ = [
    "D6_FACES",
    "DICE_RULE",
    "FACES",
    "FateDice",
    "RandomDice",
    "all_rolls",
    "parse_faces",
]

DICE_RULE = rule(
    "dice.four-fate-dice",
    CONDENSED,
    "Taking Action, Rolling the Dice",
    "A roll is four Fate dice, each -1, 0 or +1, summed to a result from -4 to +4",
)
D6_RULE = rule(
    "dice.six-sided",
    CONDENSED,
    "Вступление > Что мне понадобится для игры?",
    "Six-sided dice may stand in for Fate dice: 1-2 is -, 3-4 is blank, 5-6 is +",
)

FACES: tuple[int, ...] = (-1, 0, 1)
#: How a six-sided die reads as a Fate die.
D6_FACES: dict[int, int] = {1: -1, 2: -1, 3: 0, 4: 0, 5: 1, 6: 1}
_SYMBOL = {-1: "-", 0: "0", 1: "+"}
_FROM_SYMBOL = {"+": 1, "-": -1, "\u2212": -1, "\u2013": -1, "0": 0, "_": 0, "b": 0}


@dataclass(frozen=True, slots=True)
class FateDice:
    """Four Fate dice as they landed."""

    faces: tuple[int, int, int, int]

    def __post_init__(self) -> None:
        if len(self.faces) != 4 or any(f not in FACES for f in self.faces):
            raise BadInput(
                f"four Fate dice each showing -1, 0 or +1 were expected, got {self.faces!r}"
            )

    @classmethod
    def of(cls, faces: Sequence[int]) -> FateDice:
        """Build from any sequence of four faces, checking them."""
        if len(faces) != 4:
            raise BadInput(f"exactly four Fate dice were expected, got {len(faces)}")
        return cls((faces[0], faces[1], faces[2], faces[3]))

    @property
    def total(self) -> int:
        """The dice result, from -4 to +4."""
        return sum(self.faces)

    def symbols(self) -> str:
        """The faces as symbols, e.g. ``+0-+``."""
        return "".join(_SYMBOL[f] for f in self.faces)

    def __str__(self) -> str:
        return " ".join(f"[{_SYMBOL[f]}]" for f in self.faces)


class RandomDice:
    """Dice from a pseudo-random generator.

    Without a seed the generator is seeded from the operating system's secure source, so rolls
    cannot be predicted; with a seed the sequence is reproducible. :attr:`seed` tells which.
    """

    def __init__(self, seed: int | None = None) -> None:
        # Seeded when first needed: a table makes one for every command, and most roll nothing.
        self._seed = seed
        self._random: random.Random | None = None

    @property
    def seed(self) -> int:
        """The generator's seed."""
        if self._seed is None:
            self._seed = secrets.randbits(128)
        return self._seed

    def generator(self) -> random.Random:
        """The generator itself, seeded as :attr:`seed` says."""
        if self._random is None:
            self._random = random.Random(self.seed)
        return self._random

    def roll(self) -> FateDice:
        chooser = self.generator()
        return FateDice.of([chooser.choice(FACES) for _ in range(4)])


def parse_faces(text: str) -> FateDice:
    """Read four dice typed by a person.

    Accepted: Fate faces as ``+``, ``-`` and ``0`` (also ``_`` or ``b`` for a blank), together
    (``+0-+``) or spaced (``+ + 0 -``); or four six-sided results (``1 4 5 6`` or ``1456``), read
    as 1-2 minus, 3-4 blank, 5-6 plus.
    """
    compact = re.sub(r"[\s,\[\]]+", "", text.strip().lower())
    if len(compact) == 4 and compact.isdigit() and all(c in "123456" for c in compact):
        return FateDice.of([D6_FACES[int(c)] for c in compact])
    faces: list[int] = []
    for char in compact:
        if char not in _FROM_SYMBOL:
            raise BadInput(
                f"cannot read {text.strip()!r} as dice: {char!r} is not a face. Give four Fate "
                "faces such as '+0-+' or '+ + 0 -' (+, - and 0 for a blank), or four six-sided "
                "results such as '1 4 5 6'"
            )
        faces.append(_FROM_SYMBOL[char])
    if len(faces) != 4:
        raise BadInput(
            f"cannot read {text.strip()!r} as dice: four faces are needed, {len(faces)} were given"
        )
    return FateDice.of(faces)


def all_rolls() -> Iterator[FateDice]:
    """Every one of the 81 equally likely rolls of four Fate dice."""
    for a in FACES:
        for b in FACES:
            for c in FACES:
                for d in FACES:
                    yield FateDice((a, b, c, d))
