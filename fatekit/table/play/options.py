"""How the table draws its dice (:class:`RandomizerChosen`, as the GM makes the table), and the
optional rules in force, changed between sessions: the GM takes one up or drops it as
play shows the group needs it (:data:`~fatekit.rules.options.ruleset.BETWEEN_SESSIONS` says which
may change once a table plays, and the rules refuse the others, saying why). The change is a
logged table setting every seat sees; what happened before it stays as it was recorded, and only
what happens next follows the new setting.
"""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.randomizers import Randomizer
from fatekit.rules.core.switches import OptionalRule
from fatekit.table import telling as say
from fatekit.table.base import Command, Event
from fatekit.table.deciding import gm_only
from fatekit.table.folding import assigns, judges
from fatekit.table.showing import shown_whole
from fatekit.table.state import TableState
from fatekit.table.telling import tells, when

__all__ = ["OptionalRuleSet", "RandomizerChosen", "SetOptionalRule"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SetOptionalRule(Command):
    """Turn the optional rule ``option`` on or off for the table, between sessions (GM only)."""

    option: OptionalRule
    on: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class OptionalRuleSet(Event):
    """The GM turned the optional rule ``option`` on or off for the table."""

    option: OptionalRule
    on: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class RandomizerChosen(Event):
    """The GM chose how the table draws its results: a :class:`Randomizer`'s value (four Fate
    dice, the Deck of Fate, 4d6, 3d6 or d6-d6). A table whose log has none draws four Fate dice."""

    randomizer: str


gm_only((SetOptionalRule, OptionalRuleSet, "change the table's optional rules"))


@judges(RandomizerChosen)
def _judge_randomizer_chosen(state: TableState, event: RandomizerChosen) -> None:
    if Randomizer.parse(event.randomizer).value != event.randomizer:
        raise BadInput(f"the randomizer is recorded by its name, not {event.randomizer!r}")
    _randomizer_chosen(state, event)


@assigns(RandomizerChosen)
def _randomizer_chosen(state: TableState, event: RandomizerChosen) -> None:
    state.randomizer = event.randomizer


@judges(OptionalRuleSet)
def _judge_optional_rule_set(state: TableState, event: OptionalRuleSet) -> None:
    if state.game.in_session or state.conflict is not None:
        raise BadInput(
            "change an optional rule between sessions: end this session first",
            code="option_in_session",
        )
    # The rules refuse an option that shapes what the table already holds, or no change.
    state.ruleset.switched(event.option, event.on)
    _optional_rule_set(state, event)


@assigns(OptionalRuleSet)
def _optional_rule_set(state: TableState, event: OptionalRuleSet) -> None:
    ruleset = state.ruleset.with_option(event.option, event.on)
    state.ruleset = ruleset
    state.game.ruleset = ruleset
    chosen = set(state.options) - {event.option.value}
    state.options = tuple(sorted(chosen | {event.option.value} if event.on else chosen))


shown_whole(OptionalRuleSet, RandomizerChosen)


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(
    OptionalRuleSet,
    (when("OptionalRuleSet.on", "on"), when("OptionalRuleSet.off")),
    option=say.word("option.", "option"),
)
tells(RandomizerChosen, "RandomizerChosen", randomizer=say.word("randomizer.", "randomizer"))
