"""How the table draws its dice (:class:`RandomizerChosen`, as the GM makes the table or later),
whether each seat may draw its own way (:class:`SeatRandomizersAllowed`, the GM's to allow, and
:class:`OwnRandomizerChosen`, a seat's choice), and the optional rules in force, changed between sessions: the GM takes one up or drops it as
play shows the group needs it (:data:`~fatekit.rules.options.ruleset.BETWEEN_SESSIONS` says which
may change once a table plays, and the rules refuse the others, saying why). The change is a
logged table setting every seat sees; what happened before it stays as it was recorded, and only
what happens next follows the new setting.
"""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.core.errors import BadInput, ForbiddenAction
from fatekit.rules.core.randomizers import OWN_RANDOMIZER_RULE, Randomizer
from fatekit.rules.core.switches import OptionalRule
from fatekit.table import telling as say
from fatekit.table.base import Command, Event
from fatekit.table.deciding import Context, allowed, decides, gm_only, require_acting
from fatekit.table.folding import assigns, judges
from fatekit.table.showing import shown_whole
from fatekit.table.state import TableState
from fatekit.table.telling import tells, when

__all__ = [
    "AllowSeatRandomizers",
    "ChooseOwnRandomizer",
    "ChooseRandomizer",
    "OptionalRuleSet",
    "OwnRandomizerChosen",
    "RandomizerChosen",
    "SeatRandomizersAllowed",
    "SetOptionalRule",
    "own_randomizers",
    "require_choosing_seat",
    "require_own_randomizer",
]


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


@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseRandomizer(Command):
    """Change how the table draws its results (GM only): a :class:`Randomizer`'s value. Rolls
    already made stay as they were drawn; the next ones draw the new way."""

    randomizer: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AllowSeatRandomizers(Command):
    """Let each player's seat choose its own randomizer, or stop letting them (GM only)."""

    allowed: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRandomizersAllowed(Event):
    """The GM let each player's seat choose its own randomizer (``allowed``), or stopped: then
    every seat draws the table's way again and the seats' choices are forgotten."""

    allowed: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class ChooseOwnRandomizer(Command):
    """Choose the randomizer this seat draws its own rolls with, where the GM allows it."""

    randomizer: str


@dataclass(frozen=True, slots=True, kw_only=True)
class OwnRandomizerChosen(Event):
    """A player's seat chose how its rolls are drawn (a :class:`Randomizer`'s value); the
    event's ``seat`` is the seat that chose."""

    randomizer: str


gm_only(
    (SetOptionalRule, OptionalRuleSet, "change the table's optional rules"),
    (ChooseRandomizer, RandomizerChosen, "change how the table draws its dice"),
    (AllowSeatRandomizers, SeatRandomizersAllowed, "let the seats choose their own dice"),
)


def require_own_randomizer(state: TableState, seat_id: str, randomizer: str) -> Randomizer:
    """Refuse a seat's own choice of ``randomizer`` unless the GM lets the seats choose and the
    seat is a player's (the GM's rolls draw the table's way, which the GM sets); the chosen
    :class:`Randomizer` otherwise. The offers ask this very check (:func:`own_randomizers`),
    its two parts: the seat's (:func:`require_choosing_seat`), then the randomizer's."""
    require_choosing_seat(state, seat_id)
    return Randomizer.parse(randomizer)


def require_choosing_seat(state: TableState, seat_id: str) -> None:
    """:func:`require_own_randomizer`'s part for the seat, whatever it chooses: a player's, and
    the GM lets the seats choose."""
    seat = state.seat(seat_id)
    require_acting(seat)
    if seat.is_gm:
        raise ForbiddenAction(
            "the GM's rolls draw the table's way: change the table's randomizer instead",
            OWN_RANDOMIZER_RULE,
        )
    if not state.seats_choose_randomizer:
        raise ForbiddenAction(
            "the GM has not let the seats choose their own dice: every roll draws the table's way",
            OWN_RANDOMIZER_RULE,
        )


def own_randomizers(state: TableState, seat_id: str) -> list[str]:
    """The randomizers ``seat_id`` may choose for itself now (none where the GM does not let
    the seats choose), by the check the decider makes: the seat's part once, then each
    randomizer's."""
    # Whether the GM lets the seats choose first: the check's own test, without a refusal.
    if not (state.seats_choose_randomizer and allowed(require_choosing_seat, state, seat_id)):
        return []
    return [way.value for way in Randomizer if allowed(Randomizer.parse, way.value)]


@decides(ChooseOwnRandomizer)
def _choose_own_randomizer(context: Context, command: ChooseOwnRandomizer) -> list[Event]:
    way = require_own_randomizer(context.state, context.seat.id, command.randomizer)
    return [context.event(OwnRandomizerChosen, randomizer=way.value)]


@judges(RandomizerChosen)
def _judge_randomizer_chosen(state: TableState, event: RandomizerChosen) -> None:
    if Randomizer.parse(event.randomizer).value != event.randomizer:
        raise BadInput(f"the randomizer is recorded by its name, not {event.randomizer!r}")
    _randomizer_chosen(state, event)


@assigns(RandomizerChosen)
def _randomizer_chosen(state: TableState, event: RandomizerChosen) -> None:
    state.randomizer = event.randomizer


@judges(SeatRandomizersAllowed)
def _judge_seat_randomizers_allowed(state: TableState, event: SeatRandomizersAllowed) -> None:
    if event.allowed == state.seats_choose_randomizer:
        raise BadInput(
            "the seats may choose their own dice already"
            if event.allowed
            else "the seats draw the table's way already",
            code="randomizer_unchanged",
        )
    _seat_randomizers_allowed(state, event)


@assigns(SeatRandomizersAllowed)
def _seat_randomizers_allowed(state: TableState, event: SeatRandomizersAllowed) -> None:
    state.seats_choose_randomizer = event.allowed
    if not event.allowed:
        state.seat_randomizers.clear()


@judges(OwnRandomizerChosen)
def _judge_own_randomizer_chosen(state: TableState, event: OwnRandomizerChosen) -> None:
    way = require_own_randomizer(state, event.seat, event.randomizer)
    if way.value != event.randomizer:
        raise BadInput(f"the randomizer is recorded by its name, not {event.randomizer!r}")
    _own_randomizer_chosen(state, event)


@assigns(OwnRandomizerChosen)
def _own_randomizer_chosen(state: TableState, event: OwnRandomizerChosen) -> None:
    state.seat_randomizers[event.seat] = event.randomizer


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


shown_whole(OptionalRuleSet, RandomizerChosen, SeatRandomizersAllowed, OwnRandomizerChosen)


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(
    OptionalRuleSet,
    (when("OptionalRuleSet.on", "on"), when("OptionalRuleSet.off")),
    option=say.word("option.", "option"),
)
tells(RandomizerChosen, "RandomizerChosen", randomizer=say.word("randomizer.", "randomizer"))
tells(
    SeatRandomizersAllowed,
    (when("SeatRandomizersAllowed.on", "allowed"), when("SeatRandomizersAllowed.off")),
)
tells(
    OwnRandomizerChosen,
    "OwnRandomizerChosen",
    randomizer=say.word("randomizer.", "randomizer"),
)
