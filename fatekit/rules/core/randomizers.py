"""What a table draws its results from: four Fate dice, or one of the books' alternatives.

A :class:`Randomizer` names the way; :class:`Drawn` is one result drawn that way, with what was
seen (the card and its faces, or the six-sided dice) and the total the rules add to a skill.
Every randomizer gives a total the rules use as they use four Fate dice' total; they differ only in
its distribution, which :meth:`Randomizer.counts` gives exactly.

The Deck of Fate is 81 cards, one for each of the 81 equally likely ways four Fate dice can land,
so a full deck is four Fate dice' distribution exactly. Cards are drawn without replacement, and
the deck is shuffled again only when the last card is drawn: then every pass through the deck
holds each total exactly as often as four Fate dice would, which a reshuffle at any other moment
(a scene's end, say) would not promise.

Results are written in one short text a table records and reads back (:meth:`Drawn.symbols`,
:func:`parse_drawn`): ``card:+0-+`` for a card of the deck, ``4d6:1456=+1``, ``3d6:456=+2`` and
``d6-d6:52=+3`` (the plus die, then the minus die) for six-sided dice, with the total they read as. Four Fate dice keep their own
plain form (``+0-+``, :class:`~fatekit.rules.core.dice.FateDice`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import product

from fatekit.rules.core.citations import FAE_BOOK, Rule, rule
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.fate_dice import (
    D6_FACES,
    DICE_RULE,
    FACES,
    FateDice,
    RandomDice,
    parse_faces,
)

__all__ = [
    "DECK",
    "OWN_RANDOMIZER_RULE",
    "Deck",
    "Dice",
    "Drawn",
    "RandomDraws",
    "Randomizer",
    "parse_dice",
    "parse_drawn",
    "roll_with",
]

TOOLKIT = "srd/fate-system-toolkit-SRD.md"
ACCESSIBILITY = "srd/fate-accessibility.md"

DECK_RULE = rule(
    "randomizer.deck-of-fate",
    FAE_BOOK,
    "Dice or Cards",
    "A card drawn from the Deck of Fate stands in for a roll of four Fate dice: the deck follows "
    "their distribution exactly",
)
DECK_NUMBERS_RULE = rule(
    "randomizer.deck-large-numbers",
    ACCESSIBILITY,
    "Accessible Randomizers",
    "A card of the Deck of Fate shows its result as a large number, its sign told apart",
)
FOUR_D6_RULE = rule(
    "randomizer.4d6",
    TOOLKIT,
    "Other Dice > 4d6",
    "Four six-sided dice read as Fate dice: 1-2 minus, 3-4 blank, 5-6 plus",
)
THREE_D6_RULE = rule(
    "randomizer.3d6",
    TOOLKIT,
    "Other Dice > 3d6",
    "Three six-sided dice summed and read by a table: 3 is -4, 4 is -3, 5-6 -2, 7-8 -1, 9-12 0, "
    "13-14 +1, 15-16 +2, 17 +3, 18 +4",
)
D6_MINUS_D6_RULE = rule(
    "randomizer.d6-d6",
    TOOLKIT,
    "Other Dice > D6-D6",
    "Two six-sided dice, one plus and one minus: the plus die less the minus die, -5 to +5, "
    "doubles zero; a wider spread than four Fate dice",
)

OWN_RANDOMIZER_RULE = rule(
    "randomizer.per-seat",
    ACCESSIBILITY,
    "Accessible Randomizers",
    "A player who cannot read or handle the table's dice may draw another way, as the GM allows; "
    "each seat's results count as that way falls",
)

#: The toolkit's table for three six-sided dice: each sum from 3 to 18 and the result it reads as.
THREE_D6_TABLE: Mapping[int, int] = {
    3: -4, 4: -3, 5: -2, 6: -2, 7: -1, 8: -1, 9: 0, 10: 0, 11: 0, 12: 0,
    13: 1, 14: 1, 15: 2, 16: 2, 17: 3, 18: 4,
}  # fmt: skip

_D6 = range(1, 7)


class Randomizer(StrEnum):
    """A way to draw the result a skill is added to."""

    FATE_DICE = "4dF"
    DECK_OF_FATE = "deck"
    FOUR_D6 = "4d6"
    THREE_D6 = "3d6"
    D6_MINUS_D6 = "d6-d6"

    @property
    def rule(self) -> Rule:
        """The rule (book and section) this way of drawing comes from."""
        return _RULES[self]

    @property
    def dice(self) -> int:
        """How many six-sided dice it rolls (0 for Fate dice and the deck)."""
        return _D6_COUNT[self]

    def counts(self) -> Mapping[int, int]:
        """How many of its equally likely outcomes give each total, sorted by total; the
        outcomes number 81 (Fate dice, a full deck, four d6 read as Fate dice: 1296 rolls in
        groups of 16), 216 (3d6) or 36 (d6-d6)."""
        return _counts(self)

    def outcomes(self) -> int:
        """How many equally likely outcomes :meth:`counts` counts."""
        return sum(self.counts().values())

    def same_as_fate_dice(self) -> bool:
        """Whether its totals fall as four Fate dice' do (3d6 and d6-d6 do not)."""
        return self in (Randomizer.FATE_DICE, Randomizer.DECK_OF_FATE, Randomizer.FOUR_D6)

    @classmethod
    def parse(cls, text: str | Randomizer) -> Randomizer:
        """Read a randomizer by its name; raises :class:`BadInput` naming the valid ones."""
        if isinstance(text, Randomizer):
            return text
        wanted = text.strip().lower().replace("\u2212", "-").replace(" ", "")
        aliases = {"fate": "4dF", "4df": "4dF", "dice": "4dF", "cards": "deck", "d6d6": "d6-d6"}
        try:
            return cls(aliases.get(wanted, wanted))
        except ValueError:
            valid = ", ".join(r.value for r in cls)
            raise BadInput(f"unknown randomizer {text!r}; choose one of: {valid}") from None


_RULES: Mapping[Randomizer, Rule] = {
    Randomizer.FATE_DICE: DICE_RULE,
    Randomizer.DECK_OF_FATE: DECK_RULE,
    Randomizer.FOUR_D6: FOUR_D6_RULE,
    Randomizer.THREE_D6: THREE_D6_RULE,
    Randomizer.D6_MINUS_D6: D6_MINUS_D6_RULE,
}
_D6_COUNT: Mapping[Randomizer, int] = {
    Randomizer.FATE_DICE: 0,
    Randomizer.DECK_OF_FATE: 0,
    Randomizer.FOUR_D6: 4,
    Randomizer.THREE_D6: 3,
    Randomizer.D6_MINUS_D6: 2,
}


#: The 81 cards of the Deck of Fate, in a fixed order: each way four Fate dice can land, once.
DECK: tuple[FateDice, ...] = tuple(FateDice.of(faces) for faces in product(FACES, repeat=4))


@dataclass(frozen=True, slots=True)
class Drawn:
    """One result drawn another way than four Fate dice: a card, or six-sided dice.

    ``shown`` is what was seen: a card's four Fate faces (-1, 0, +1), or the six-sided dice as
    they landed (for d6-d6 the plus die first).
    """

    randomizer: Randomizer
    shown: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.randomizer is Randomizer.FATE_DICE:
            raise BadInput("four Fate dice are a FateDice, not a Drawn")
        if self.randomizer is Randomizer.DECK_OF_FATE:
            FateDice.of(self.shown)  # a card shows four Fate faces
            return
        wanted = self.randomizer.dice
        if len(self.shown) != wanted or any(d not in _D6 for d in self.shown):
            raise BadInput(
                f"{self.randomizer.value} needs {wanted} six-sided dice, each 1 to 6; "
                f"got {list(self.shown)}"
            )

    @property
    def faces(self) -> tuple[int, ...]:
        """The four Fate faces it reads as (a card's, or 4d6's read as Fate dice); empty for
        3d6 and d6-d6, which have none."""
        if self.randomizer is Randomizer.DECK_OF_FATE:
            return self.shown
        if self.randomizer is Randomizer.FOUR_D6:
            return tuple(D6_FACES[d] for d in self.shown)
        return ()

    @property
    def total(self) -> int:
        """The result the rules add a skill to."""
        if self.randomizer is Randomizer.THREE_D6:
            return THREE_D6_TABLE[sum(self.shown)]
        if self.randomizer is Randomizer.D6_MINUS_D6:
            return self.shown[0] - self.shown[1]
        return sum(self.faces)

    def symbols(self) -> str:
        """The recorded form: ``card:+0-+``, ``4d6:1456=+1``, ``3d6:456=+2`` or ``d6-d6:52=+3``
        (six-sided dice with the total they read as)."""
        if self.randomizer is Randomizer.DECK_OF_FATE:
            return f"card:{FateDice.of(self.shown).symbols()}"
        # The total is written too: a page or a bot shows it without reading the dice by rule.
        return f"{self.randomizer.value}:{''.join(str(d) for d in self.shown)}={self.total:+d}"

    def __str__(self) -> str:
        if self.randomizer is Randomizer.DECK_OF_FATE:
            return f"{self.total:+d} ({FateDice.of(self.shown)})"
        return f"{self.randomizer.value} {' '.join(f'[{d}]' for d in self.shown)}"


#: Whatever a roll's result was drawn from.
Dice = FateDice | Drawn


def parse_drawn(text: str) -> Dice:
    """Read a recorded or typed result: four Fate dice as :func:`parse_faces` reads them, or one
    of :meth:`Drawn.symbols`' forms (``card:+0-+``, ``4d6:1456``, ``3d6:456``, ``d6-d6:52``)."""
    head, colon, tail = text.strip().partition(":")
    if not colon:
        return parse_faces(text)
    randomizer = Randomizer.parse("deck" if head.strip().lower() == "card" else head)
    if randomizer is Randomizer.FATE_DICE:
        return parse_faces(tail)
    if randomizer is Randomizer.DECK_OF_FATE:
        return Drawn(randomizer, parse_faces(tail).faces)
    rolled, equals, total = tail.partition("=")
    digits = [c for c in rolled if not c.isspace() and c != ","]
    if not all(c in "123456" for c in digits):
        raise BadInput(
            f"cannot read {text.strip()!r}: six-sided dice are written 1 to 6, "
            f"e.g. '{randomizer.value}:{'654321'[: randomizer.dice]}'"
        )
    found = Drawn(randomizer, tuple(int(c) for c in digits))
    if equals and total.strip() != f"{found.total:+d}":
        raise BadInput(f"{text.strip()!r}: those dice read as {found.total:+d}")
    return found


def parse_dice(text: str, randomizer: Randomizer) -> Dice:
    """Read what a person typed off their own dice or card, for a seat drawing ``randomizer``:
    a plain ``+0-+`` is four Fate dice (or, with the deck, the card showing them), plain digits
    are that many six-sided dice, and a prefixed form must name ``randomizer``."""
    if ":" in text:
        found = parse_drawn(text)
        used = found.randomizer if isinstance(found, Drawn) else Randomizer.FATE_DICE
        if used is not randomizer:
            raise BadInput(
                f"{text.strip()!r} was drawn with {used.value}, but this roll draws "
                f"with {randomizer.value}"
            )
        return found
    if randomizer is Randomizer.DECK_OF_FATE:
        return Drawn(randomizer, parse_faces(text).faces)
    if randomizer in (Randomizer.THREE_D6, Randomizer.D6_MINUS_D6):
        return parse_drawn(f"{randomizer.value}:{text}")
    return parse_faces(text)


@cache
def _counts(randomizer: Randomizer) -> Mapping[int, int]:
    if randomizer is Randomizer.THREE_D6:
        found = Counter(THREE_D6_TABLE[sum(r)] for r in product(_D6, repeat=3))
    elif randomizer is Randomizer.D6_MINUS_D6:
        found = Counter(a - b for a, b in product(_D6, repeat=2))
    else:  # four Fate dice, a full deck and 4d6 read as Fate dice all fall as 4dF
        found = Counter(card.total for card in DECK)
    return dict(sorted(found.items()))


class Deck:
    """The Deck of Fate as it lies on a table: the cards not yet drawn since the last shuffle.

    ``drawn`` are the cards a table drew, oldest first (a card is its faces as ``+0-+``); each
    81 drawn spend the deck, which is then shuffled back whole. :meth:`draw` takes one card at
    random from those left (the deck shuffled back first if it is spent). A card no longer in the
    deck (typed in off a group's own physical deck) takes nothing from this one.
    """

    def __init__(self, drawn: Iterable[str] = ()) -> None:
        self._left = _full_deck()
        for card in drawn:
            if self.left == 0:
                self._left = _full_deck()  # spent: shuffled back before the next card
            symbols = parse_faces(card).symbols()
            if self._left[symbols]:
                self._left[symbols] -= 1
            # else a card typed off a group's own deck, not this one's: it leaves this be

    @property
    def left(self) -> int:
        """How many cards are left before the deck is shuffled again."""
        return sum(self._left.values())

    def counts(self) -> Mapping[int, int]:
        """How many of the cards left show each total (a spent deck counts as a fresh one, as
        it is shuffled before the next card is drawn)."""
        if self.left == 0:
            return Randomizer.DECK_OF_FATE.counts()
        found: Counter[int] = Counter()
        for symbols, n in self._left.items():
            if n:
                found[parse_faces(symbols).total] += n
        return dict(sorted(found.items()))

    def draw(self, chooser: random.Random) -> Drawn:
        """Draw one card (the deck shuffled first if it is spent)."""
        if self.left == 0:
            self._left = _full_deck()
        cards = sorted(s for s, n in self._left.items() for _ in range(n))
        card = chooser.choice(cards)
        self._left[card] -= 1
        return Drawn(Randomizer.DECK_OF_FATE, parse_faces(card).faces)


def _full_deck() -> Counter[str]:
    return Counter(card.symbols() for card in DECK)


def roll_with(randomizer: Randomizer, chooser: random.Random, deck: Deck | None = None) -> Dice:
    """Draw one result ``randomizer``'s way (a card from ``deck``, a fresh one if none)."""
    if randomizer is Randomizer.FATE_DICE:
        return FateDice.of([chooser.choice(FACES) for _ in range(4)])
    if randomizer is Randomizer.DECK_OF_FATE:
        return (deck if deck is not None else Deck()).draw(chooser)
    return Drawn(randomizer, tuple(chooser.randint(1, 6) for _ in range(randomizer.dice)))


class RandomDraws:
    """A :class:`~fatekit.rules.core.dice.DiceSource` drawing ``randomizer``'s way from a
    generator (seeded from the operating system unless a seed is given, as
    :class:`~fatekit.rules.core.dice.RandomDice` is); the Deck of Fate from ``deck``."""

    def __init__(
        self, randomizer: Randomizer, seed: int | None = None, deck: Deck | None = None
    ) -> None:
        self.randomizer = randomizer
        self._dice = RandomDice(seed)
        self.deck = deck if deck is not None else Deck()

    def roll(self) -> Dice:
        return roll_with(self.randomizer, self._dice.generator(), self.deck)
