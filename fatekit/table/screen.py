"""The GM's screen in a table's state: secret rolls waiting to be revealed, hidden difficulties
waiting for the roll they were set for, and scenes prepared ahead of play; and what each seat
sees of it.

A GM seat sees all of it. Every other seat sees only that the GM asked one of its characters for
a roll (never the difficulty) and the outcome of a roll made against a hidden difficulty (never
the number, nor the shifts or the opposition that would give it away). The commands and events
are in :mod:`fatekit.table.play.secrets` and :mod:`fatekit.table.play.prepared`; the view
(:mod:`fatekit.table.views`), the extras (:mod:`fatekit.table.extras`), the events
(:mod:`fatekit.table.event_views`) and the invoke advice call the helpers here, so every payload
leaves out the same things.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from fatekit.rules.core.actions import Action
from fatekit.table.base import NewSituationAspect, SceneLayout
from fatekit.table.codec import to_json

if TYPE_CHECKING:
    from fatekit.table.state import RollInPlay, TableState

__all__ = [
    "AskedRoll",
    "PreparedAspect",
    "PreparedScene",
    "Screen",
    "SecretRollRecord",
    "carry_npc_dice_spans",
    "hide_dice",
    "hide_dice_in_play",
    "hide_difficulty_of_roll",
    "hides_last_roll",
    "hides_roll_in_play",
    "npc_dice_hidden",
    "npc_dice_hidden_for",
    "screen_view",
]

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class SecretRollRecord:
    """A roll the GM made behind the screen: the dice as they fell and what the rules made of
    them (``outcome`` only when it was rolled against a difficulty)."""

    roll_id: str
    version: int
    actor: str
    skill: str
    faces: str
    effort: int
    difficulty: int | None
    outcome: str | None
    reason: str


@dataclass(frozen=True, slots=True)
class AskedRoll:
    """A difficulty the GM set for a character's next roll, which its player does not see."""

    actor: str
    difficulty: int
    skill: str | None
    action: Action


@dataclass(frozen=True, slots=True, kw_only=True)
class PreparedAspect(NewSituationAspect):
    """A situation aspect a prepared scene starts with."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PreparedScene(SceneLayout):
    """A scene the GM set up ahead of play: its name, the characters already there (NPCs, as a
    rule) and where they stand, its zones and their links, its situation aspects, and the zone
    where those who join it as it starts come in (``entrance``)."""

    scene_id: str
    aspects: tuple[PreparedAspect, ...]
    entrance: str | None = None


@dataclass(slots=True)
class Screen:
    """The GM's screen in a table's state."""

    secret_rolls: dict[str, SecretRollRecord] = field(default_factory=dict)  # not revealed yet
    asked: dict[str, AskedRoll] = field(default_factory=dict)  # character -> hidden difficulty
    hidden_roll_at: int | None = None  # the version of the latest roll with a hidden difficulty
    prepared: dict[str, PreparedScene] = field(default_factory=dict)
    # The versions from which (and until which, unless still so) NPCs' dice were kept hidden, as
    # the log was written: undoing a HideNpcDice ends its span at the undo, never erases it, so
    # the rolls made meanwhile (undone or not) stay as hidden as they were when sent.
    npc_dice_spans: list[tuple[int, int | None]] = field(default_factory=list)


# -- what each seat sees ---------------------------------------------------------------------

#: What a roll against a hidden difficulty tells a player: no number to work it out from.
_GIVES_AWAY_DIFFICULTY = ("difficulty", "opposition", "shifts")


def screen_view(state: TableState, gm: bool, mine: set[str]) -> JSON:
    """The ``screen`` part of a seat's view."""
    screen = state.screen
    if gm:
        return {
            "secret_rolls": [to_json(r) for r in screen.secret_rolls.values()],
            "asked": [to_json(a) for a in screen.asked.values()],
            "prepared": [to_json(p) for p in screen.prepared.values()],
            "npc_dice_hidden": npc_dice_hidden(state),
        }
    return {
        "npc_dice_hidden": npc_dice_hidden(state),
        "secret_rolls": [],
        "asked": [
            {"actor": a.actor, "skill": a.skill, "action": a.action.value}
            for a in screen.asked.values()
            if a.actor in mine
        ],
        "prepared": [],
    }


def hides_roll_in_play(in_play: RollInPlay | None, gm: bool) -> bool:
    """Whether a roll in play's difficulty is kept from this seat."""
    return not gm and in_play is not None and in_play.hidden


def hide_difficulty_of_roll(out: JSON) -> None:
    """Take out of a roll (in play, a log record, a resolution) what gives its difficulty away,
    saying that it is hidden."""
    for key in _GIVES_AWAY_DIFFICULTY:
        if key in out:
            out[key] = None
    out["difficulty_hidden"] = True


def hides_last_roll(state: TableState, gm: bool) -> bool:
    """Whether the latest roll's record was made against a difficulty kept from this seat."""
    last = state.last_roll
    return not gm and last is not None and last.version == state.screen.hidden_roll_at


def npc_dice_hidden(state: TableState, version: int | None = None) -> bool:
    """Whether the NPCs' dice were kept from the players at ``version`` (without one: now), as
    the log was written (see :attr:`Screen.npc_dice_spans`)."""
    for start, end in state.screen.npc_dice_spans:
        if version is None:
            if end is None:
                return True
        elif start <= version and (end is None or version < end):
            return True
    return False


def npc_dice_hidden_for(state: TableState, event: Any) -> bool:
    """Whether the NPCs' dice were kept from the players when ``event`` was made: as the event
    records it, or (an event from an older log) as the log's spans say."""
    recorded = getattr(event, "npc_dice_hidden", None)
    return npc_dice_hidden(state, event.version) if recorded is None else bool(recorded)


def carry_npc_dice_spans(before: TableState, after: TableState, at: int) -> None:
    """After an undo at version ``at`` rebuilt ``after`` from the events still in force: keep
    the spans as ``before`` had them, ending or starting one at ``at`` if the undo changed
    whether the dice are hidden now."""
    spans = list(before.screen.npc_dice_spans)
    was = npc_dice_hidden(before)
    now = any(end is None for _, end in after.screen.npc_dice_spans)
    if was and not now:
        spans[-1] = (spans[-1][0], at)
    elif now and not was:
        spans.append((at, None))
    after.screen.npc_dice_spans = spans


def hide_dice_in_play(out: JSON, kept: Callable[[str], bool]) -> None:
    """Take out of the roll in play (as :meth:`Viewer.roll` draws it) the dice of those whose
    dice are ``kept`` from the seat: the roller's (and their rerolls), a defender's."""
    if kept(out["actor"]):
        out.update(faces=None, rerolled=[], dice_hidden=True)
    defence = out.get("defence")
    if defence is not None and kept(defence["actor"]):
        defence["faces"] = None
        out["dice_hidden"] = True


def hide_dice(data: JSON, kept: Callable[[str], bool]) -> None:
    """Take out of a roll's event or record the dice of those whose dice are ``kept`` from the
    seat: its ``faces`` when they rolled them, its ``defend_faces`` when they defended (every
    target's, for a split or zone attack). What came of the roll stays: an NPC's effort shows in
    what came of it, its dice do not."""
    roller = next((data[k] for k in ("actor", "by") if isinstance(data.get(k), str)), None)
    if isinstance(data.get("faces"), str) and roller is not None and kept(roller):
        data["faces"] = None
        data["dice_hidden"] = True
    defender = next(
        (data[k] for k in ("defender", "against", "target") if isinstance(data.get(k), str)), None
    )
    defence = data.get("defend_faces")
    if isinstance(defence, str) and defender is not None and kept(defender):
        data["defend_faces"] = None
        data["dice_hidden"] = True
    elif isinstance(defence, list):  # every target's defence: (target, faces) pairs
        data["defend_faces"] = [[who, None if kept(who) else faces] for who, faces in defence]
