"""Aspects counted instead of skills at the table (The Three Rocketeers): what an action roll's
command names, decided once by :func:`~fatekit.rules.characters.counted.counted_bonus` and
written on its event, so a fold reads the bonus and never counts again.

A PC in a rule set that counts aspects names ``counted`` (the ids of its own aspects, maybe none)
and no skill; a PC defending names ``defend_counted`` the same way. Everyone else rolls a skill
(approaches) and may not count. Counting is not invoking: nothing here pays a fate point or
touches a free invoke.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from fatekit.rules.characters.counted import (
    COUNTED_NPCS_RULE,
    CountedAspects,
    counted_bonus,
    counts_aspects,
)
from fatekit.rules.core.errors import BadInput, IllegalAction

if TYPE_CHECKING:
    from fatekit.table.state import TableState

__all__ = [
    "Counted",
    "CountedRolled",
    "check_counted_bonus",
    "counted_fields",
    "defence_counted",
]


@dataclass(frozen=True, kw_only=True)
class Counted:
    """An action roll's counted aspects: ``counted`` the roller's, ``defend_counted`` an active
    defender's (``None``: a skill is rolled). Like the other mixins of commands, no slots."""

    __slots__ = ()

    counted: tuple[str, ...] | None = None
    defend_counted: tuple[str, ...] | None = None


@dataclass(frozen=True, kw_only=True)
class CountedRolled(Counted):
    """What the rules made of the counted aspects as the roll was decided: the ratings they
    gave (``None``: a skill was rolled, and in every older log)."""

    __slots__ = ()

    counted_bonus: int | None = None
    defend_counted_bonus: int | None = None


def _rule_set(state: TableState) -> CountedAspects | None:
    return state.game.ruleset.preset.counted


def _side(
    state: TableState, who: str, skill: str | None, named: tuple[str, ...] | None, *, defence: bool
) -> tuple[tuple[str, ...] | None, int | None]:
    """The aspects ``who`` counts and their bonus, or ``(None, None)`` for a skill roll; refuses
    a skill named by one who counts, counting by one who rolls a skill."""
    counted = _rule_set(state)
    sheet = state.game.character(who)
    field = "defend_counted" if defence else "counted"
    if not counts_aspects(counted, sheet):
        if named is not None:
            raise IllegalAction(
                f"{sheet.name} rolls a skill or approach; only a PC here counts aspects ({field})",
                COUNTED_NPCS_RULE,
            )
        return None, None
    assert counted is not None
    if skill:
        raise BadInput(
            f"{sheet.name} has no skills to roll: name the aspects counted ({field}), not "
            f"{'defend_skill' if defence else 'skill'} {skill!r}",
            code="counted_not_skill",
            name=sheet.name,
        )
    if named is None:
        raise BadInput(
            f"name the aspects {sheet.name} counts for the roll ({field}; none at all for +0)",
            code="counted_needed",
            name=sheet.name,
        )
    return named, counted_bonus(counted, sheet, named)


def counted_fields(
    state: TableState,
    actor: str,
    skill: str,
    counted: tuple[str, ...] | None,
    *,
    defender: str | None = None,
    defend_skill: str | None = None,
    defend_counted: tuple[str, ...] | None = None,
) -> dict[str, Any]:
    """The fields an action roll's event takes for its counted aspects, decided now: every
    field present (``None`` where a skill is rolled), so the event says what was decided."""
    mine, bonus = _side(state, actor, skill, counted, defence=False)
    theirs: tuple[str, ...] | None = None
    their_bonus: int | None = None
    if defender is not None:
        theirs, their_bonus = _side(state, defender, defend_skill, defend_counted, defence=True)
    elif defend_counted is not None:
        raise BadInput("nobody defends this roll, so no aspects are counted for a defence")
    return {
        "counted": mine,
        "counted_bonus": bonus,
        "defend_counted": theirs,
        "defend_counted_bonus": their_bonus,
    }


def defence_counted(
    state: TableState, who: str, skill: str | None, named: tuple[str, ...] | None
) -> tuple[tuple[str, ...] | None, int | None]:
    """The aspects ``who`` counts to defend and their bonus, decided now (``(None, None)``: a
    skill is rolled): refuses as :func:`counted_fields` does a defender's."""
    return _side(state, who, skill, named, defence=True)


def check_counted_bonus(state: TableState, who: str, named: tuple[str, ...], said: int) -> int:
    """The bonus the rules give ``who`` for ``named``, as a roll's event is judged: the event's
    own figure must be it (a log edited by hand is refused, not replayed with another rating)."""
    counted = _rule_set(state)
    if counted is None:
        raise BadInput("this rule set counts no aspects")
    bonus = counted_bonus(counted, state.game.character(who), named)
    if bonus != said:
        raise BadInput(f"the log says the counted aspects give {said}, the rules give {bonus}")
    return bonus
