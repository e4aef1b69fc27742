"""Aspects counted instead of skills (The Three Rocketeers, "No-Skill Swashbuckling").

In such a rule set a PC has no skill list: before rolling, the player names which of the
character's own aspects bear on the action, and the roll's rating is what they add up to (each
aspect its ``per_aspect``, the kinds in ``bonuses`` their own amount: the hero aspect +2).
Counting is not invoking: no fate point is paid, no free invoke is used, and each aspect may
still be invoked on the same roll afterwards. NPCs and the GM's other characters roll the rule
set's skill list (approaches) as in Fate Accelerated.

:func:`counted_bonus` is the one place the bonus is decided; the table calls it when a roll is
decided and records both the aspects named and the bonus on the rolled event.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.core.citations import ROCKETEERS_BOOK, rule
from fatekit.rules.core.errors import BadInput, IllegalAction


class _SheetAspect(Protocol):
    @property
    def id(self) -> str: ...
    @property
    def kind(self) -> AspectKind: ...


class CountingSheet(Protocol):
    """What counting reads of a character (:class:`~fatekit.rules.characters.character.Character`
    has it; named here, not imported, because the character module imports this one's rule-set
    data through the presets)."""

    @property
    def kind(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def aspects(self) -> Sequence[_SheetAspect]: ...


__all__ = [
    "COUNTED_BEFORE_RULE",
    "COUNTED_NOT_INVOKED_RULE",
    "COUNTED_NO_SKILLS_RULE",
    "COUNTED_NPCS_RULE",
    "COUNTED_RULE",
    "MAX_PER_ASPECT",
    "CountedAspects",
    "counted_bonus",
    "counted_parts",
    "counts_aspects",
]

_SECTION = "No-SKILL Swashbuckling > Refresh, Stunts, and Aspects-only Skills"

COUNTED_RULE = rule(
    "aspects.counted",
    ROCKETEERS_BOOK,
    _SECTION,
    "With no skill list, a PC's roll is rated by the sheet's aspects named for it: +1 for each, "
    "the hero aspect +2",
)
COUNTED_NOT_INVOKED_RULE = rule(
    "aspects.counted.not-invoked",
    ROCKETEERS_BOOK,
    _SECTION,
    "An aspect counted for a roll is not invoked: no fate point, no free invoke used, and it "
    "may still be invoked on that roll",
)
COUNTED_BEFORE_RULE = rule(
    "aspects.counted.named-first",
    ROCKETEERS_BOOK,
    "No-SKILL Swashbuckling > Refresh, Stunts, and Aspects-only Skills > No-Skill Fate?",
    "The aspects counted are named before the dice fall, each once, from the roller's own sheet",
)
COUNTED_NPCS_RULE = rule(
    "aspects.counted.npcs",
    ROCKETEERS_BOOK,
    _SECTION,
    "NPCs and the GM's other characters roll approaches, not counted aspects",
)
COUNTED_NO_SKILLS_RULE = rule(
    "aspects.counted.no-skills",
    ROCKETEERS_BOOK,
    _SECTION,
    "A PC in a game without a skill list has no skill ratings to roll",
)

#: A PC's kind (``CharacterKind.PC``, a string enum), kept here as its value for the same reason.
_PC = "pc"

#: Bounds on what a rule set may make an aspect worth (a +4 aspect would make a peak skill).
MAX_PER_ASPECT = 4


@dataclass(frozen=True, slots=True)
class CountedAspects:
    """A rule set's counted aspects: what each aspect named adds, and the kinds worth more."""

    per_aspect: int = 1
    bonuses: tuple[tuple[AspectKind, int], ...] = ((AspectKind.HIGH_CONCEPT, 2),)

    def __post_init__(self) -> None:
        if not 1 <= self.per_aspect <= MAX_PER_ASPECT:
            raise BadInput(f"per_aspect must be 1 to {MAX_PER_ASPECT}, got {self.per_aspect}")
        kinds = [k for k, _ in self.bonuses]
        for kind, amount in self.bonuses:
            if not kind.is_character_aspect:
                raise BadInput(f"{kind.value} is not a sheet's aspect, so it is never counted")
            if kinds.count(kind) > 1:
                raise BadInput(f"the bonus of {kind.value} aspects is given twice")
            if not 0 <= amount <= MAX_PER_ASPECT:
                raise BadInput(f"a bonus must be 0 to {MAX_PER_ASPECT}, got {amount}")

    def worth(self, kind: AspectKind) -> int:
        """What an aspect of ``kind`` adds when it is counted."""
        return dict(self.bonuses).get(kind, self.per_aspect)


def counts_aspects(counted: CountedAspects | None, character: CountingSheet) -> bool:
    """Whether ``character`` rolls by counting aspects: a PC, in a rule set that counts them.
    Everyone else rolls the skill list (approaches)."""
    return counted is not None and character.kind == _PC


def counted_parts(
    counted: CountedAspects, character: CountingSheet, named: Sequence[str]
) -> tuple[tuple[str, int], ...]:
    """Each aspect named (by id) with what it adds, in the order named; refuses an aspect that
    is not one of the character's own, one named twice, and a character that does not count."""
    if character.kind != _PC:
        raise IllegalAction(
            f"{character.name} rolls an approach; only a PC counts aspects", COUNTED_NPCS_RULE
        )
    own = {a.id: a for a in character.aspects}
    parts = []
    for aspect_id in named:
        if named.count(aspect_id) > 1:
            raise IllegalAction(
                f"the aspect {aspect_id} is counted twice; each counts once", COUNTED_BEFORE_RULE
            )
        aspect = own.get(aspect_id)
        if aspect is None:
            raise IllegalAction(
                f"{aspect_id} is not an aspect on {character.name}'s sheet", COUNTED_BEFORE_RULE
            )
        parts.append((aspect_id, counted.worth(aspect.kind)))
    return tuple(parts)


def counted_bonus(counted: CountedAspects, character: CountingSheet, named: Sequence[str]) -> int:
    """The rating a PC rolls at with the aspects ``named`` counted (see :func:`counted_parts`)."""
    return sum(amount for _, amount in counted_parts(counted, character, named))
