"""Sessions and scenes: starting and ending them (a session's end may be a milestone), the
situation and zone aspects the GM sets, reveals and removes, and the GM's countdowns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.aspects.lasting import check_removes_freely
from fatekit.rules.core.clock import Milestone
from fatekit.rules.core.clock import Milestone as MilestoneKind
from fatekit.rules.core.errors import BadInput
from fatekit.rules.harm.recovery import RecoveryRules, SevereRecovery
from fatekit.rules.options.countdowns import Countdown, CountdownView, Trigger, Visibility
from fatekit.rules.scenes.scene import Scene
from fatekit.rules.scenes.zones import ZoneMap
from fatekit.table import telling as say
from fatekit.table.aspect_moves import check_let_go
from fatekit.table.base import Boxes, Command, Event, NewSituationAspect, SceneLayout
from fatekit.table.boards import Board, ShapeKind, default_layout
from fatekit.table.deciding import Context, allowed, decides, gm_only, play_goes_on, require_gm
from fatekit.table.facts import assign_facts, facts_of
from fatekit.table.folding import check_created, folds, judges
from fatekit.table.parts import AspectPart, Part, to_builtins
from fatekit.table.regions import Region, moves, writes
from fatekit.table.roll_moves import rollers
from fatekit.table.seeing import JSON, Viewer, check_revealable
from fatekit.table.showing import shown_to_gms, shown_whole, shows
from fatekit.table.state import TableState
from fatekit.table.telling import tells, when
from fatekit.table.upcasting import older

__all__ = [
    "AddCountdown",
    "AddSituationAspect",
    "AspectRemoved",
    "AspectRevealed",
    "CountdownAdded",
    "CountdownMarked",
    "CountdownRemoved",
    "EndScene",
    "EndSession",
    "Entrance",
    "FireTrigger",
    "JoinScene",
    "JoinedScene",
    "MarkCountdown",
    "PlaceInZone",
    "PlacedInZone",
    "RemoveAspect",
    "RemoveCountdown",
    "RevealAspect",
    "SceneEnded",
    "SceneStarted",
    "SessionEnded",
    "SessionStarted",
    "SituationAspectAdded",
    "StartScene",
    "StartSession",
    "TriggerFired",
]

# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class StartSession(Command):
    """Begin a session: each PC starts with at least their refresh."""


@dataclass(frozen=True, slots=True, kw_only=True)
class EndSession(Command):
    """End the session, counting a milestone if one was reached (a major one closes the arc)."""

    milestone: MilestoneKind | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class StartScene(Command):
    """Begin a scene with its participants and, optionally, a zone map.

    ``links`` connects zones in pairs; ``positions`` places participants in zones; ``hidden``
    zones are kept from the players from the start, with the GM's characters in them.
    """

    name: str
    participants: tuple[str, ...]
    zones: tuple[str, ...] = ()
    links: tuple[tuple[str, str], ...] = ()
    positions: tuple[tuple[str, str], ...] = ()
    hidden: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class Entrance:
    """Where a character comes into the running scene: its ``zone`` (needed when the scene has
    a map) and, in a conflict under way, the ``side`` they fight on (none: not in the fight)."""

    zone: str | None = None
    side: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class JoinScene(Command):
    """Bring a character into the running scene at ``zone``, and into the conflict under way on
    ``side`` (GM only): an NPC made mid-scene, a PC arriving late."""

    character_id: str
    zone: str | None = None
    side: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PlaceInZone(Command):
    """Put a character of the running scene in one of its zones, at any time, wherever they were
    (GM only): where the story has taken them, or where they stand as a fight begins."""

    character_id: str
    zone: str


@dataclass(frozen=True, slots=True, kw_only=True)
class EndScene(Command):
    """End the running scene; ``keep`` names situation aspects that outlast it."""

    keep: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class AddSituationAspect(Command, NewSituationAspect):
    """Put a situation (or zone) aspect in the running scene (GM only)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RevealAspect(Command):
    """Reveal a hidden aspect to everyone, or only to the characters in ``to`` (GM only)."""

    aspect_id: str
    to: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveAspect(Command):
    """Take an aspect out of play without a roll, as nothing in the story stands in the way: the
    GM, any scene or lasting aspect; a seat, a boost that ``by`` (a character it acts for)
    holds."""

    aspect_id: str
    by: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class AddCountdown(Command):
    """Start a countdown in the scene (GM only; the countdowns option)."""

    countdown_id: str
    name: str
    boxes: Boxes
    outcome: str
    triggers: tuple[str, ...] = ()
    visibility: Visibility = Visibility.SHOWN


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkCountdown(Command):
    """Mark boxes of a countdown by the GM's say-so."""

    countdown_id: str
    count: Boxes = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveCountdown(Command):
    """Strike a countdown off the scene, finished or not: the threat it counted down to was dealt
    with, or no longer matters (GM only)."""

    countdown_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class FireTrigger(Command):
    """Tell the scene's countdowns that ``trigger`` happened (GM only)."""

    trigger: str


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionStarted(Event):
    """A session began."""

    number: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SessionEnded(Event):
    """A session ended, perhaps at a milestone."""

    milestone: Milestone | None


@dataclass(frozen=True, slots=True, kw_only=True)
class SceneStarted(Event, SceneLayout):
    """A scene began; ``hidden`` zones were kept from the players as it did (older logs:
    none)."""

    hidden: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class JoinedScene(Event):
    """A character came into the running scene (at ``zone``), and into the conflict on ``side``."""

    character_id: str
    zone: str | None
    side: str | None
    # Whether the GM kept ``zone`` from the players as they came (older logs: never).
    zone_hidden: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class PlacedInZone(Event):
    """The GM put a character in a zone of the running scene (``zone_hidden``: one kept from
    the players as they were put there; older logs: never)."""

    character_id: str
    zone: str
    zone_hidden: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class SceneEnded(Event):
    """The scene ended."""

    keep: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SituationAspectAdded(Event):
    """A situation or zone aspect was put in the scene, under the id ``aspect_id``."""

    aspect_id: str
    name: str
    zone: str | None
    hidden: bool
    known_to: tuple[str, ...]
    free_invokes: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class AspectRevealed(Event):
    """A hidden aspect was revealed (to everyone, or to the characters in ``to``): ``name`` is
    its name as it was revealed (older logs have none)."""

    aspect_id: str
    to: tuple[str, ...]
    name: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class AspectRemoved(Event):
    """An aspect left play, by the GM's word (``by`` is ``None``) or let go by ``by``."""

    aspect_id: str
    by: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CountdownAdded(Event):
    """A countdown started."""

    countdown_id: str
    name: str
    boxes: int
    outcome: str
    triggers: tuple[str, ...]
    visibility: Visibility


@dataclass(frozen=True, slots=True, kw_only=True)
class CountdownMarked(Event):
    """The GM marked boxes of a countdown."""

    countdown_id: str
    count: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CountdownRemoved(Event):
    """The GM struck a countdown off the scene. Its name and who could see it are recorded as it
    was struck off, for the log and for what each seat learns of it (it is gone from the state)."""

    countdown_id: str
    name: str
    visibility: Visibility


@dataclass(frozen=True, slots=True, kw_only=True)
class TriggerFired(Event):
    """Something happened that countdowns may count."""

    trigger: str


# -- who may, and the events a command becomes -------------------------------------------------


gm_only(
    (StartScene, SceneStarted, "start scenes"),
    (JoinScene, JoinedScene, "bring characters into the scene"),
    (PlaceInZone, PlacedInZone, "place characters in zones"),
    (AddCountdown, CountdownAdded, "start countdowns"),
    (MarkCountdown, CountdownMarked, "mark countdowns"),
    (FireTrigger, TriggerFired, "fire triggers"),
)
gm_only((AddSituationAspect, SituationAspectAdded, "set situation aspects"), aspect_id="")


@decides(RemoveAspect)
def _remove_aspect(context: Context, command: RemoveAspect) -> list[Event]:
    if command.by is None:
        context.require_gm("remove aspects without a roll")
    else:
        # The check a boost's holders' offer to let go of it asks (offers_by on the aspect).
        aspect = context.state.game.find_aspect(command.aspect_id)
        check_let_go(context.state, context.seat, aspect, command.by)
    return [context.event_from(AspectRemoved, command)]


@decides(RemoveCountdown, gm="strike off countdowns")
def _remove_countdown(context: Context, command: RemoveCountdown) -> list[Event]:
    held = scene_in_play(context.state).countdowns.get(command.countdown_id)
    if held is None:
        raise BadInput(f"no countdown {command.countdown_id!r} in this scene")
    return [
        context.event_from(CountdownRemoved, command, name=held.name, visibility=held.visibility)
    ]


@decides(RevealAspect, gm="reveal aspects")
def _reveal_aspect(context: Context, command: RevealAspect) -> list[Event]:
    try:
        name: str | None = context.state.game.find_aspect(command.aspect_id).name
    except BadInput:
        name = None  # no such aspect: the fold says so
    # The name goes with the reveal: the seats it is revealed to read it there, whatever
    # becomes of the aspect (or of its id, in a later scene).
    return [context.event_from(AspectRevealed, command, name=name)]


@decides(EndSession, gm="end sessions")
def _end_session(context: Context, command: EndSession) -> list[Event]:
    preset = context.state.game.ruleset.preset
    if command.milestone is not None and command.milestone.value not in preset.advancement.levels:
        raise BadInput(
            f"{preset.name} has no {command.milestone.value} milestone: its milestones are "
            f"{', '.join(preset.advancement.levels)}",
            code="milestone_level",
        )
    return [context.event_from(SessionEnded, command)]


#: The milestones from the smallest up: one open is never replaced by a smaller one.
_RANK = {Milestone.MINOR: 0, Milestone.SIGNIFICANT: 1, Milestone.MAJOR: 2}


@decides(EndScene, gm="end scenes")
def _end_scene(context: Context, command: EndScene) -> list[Event]:
    check_scene_may_end(context.state)
    return [context.event_from(SceneEnded, command)]


def check_scene_may_end(state: TableState) -> None:
    """Refuse to end the scene while its conflict runs."""
    if state.conflict is not None:
        raise BadInput("finish the conflict before ending the scene", code="scene_conflict_running")


@decides(StartSession, gm="start sessions")
def _start_session(context: Context, command: StartSession) -> list[Event]:
    return [context.event(SessionStarted, number=context.state.session + 1)]


# -- the fold ----------------------------------------------------------------------------------


@judges(SessionStarted)
def _judge_session_started(state: TableState, event: SessionStarted) -> None:
    if event.number != state.session + 1:
        raise BadInput(f"the next session is number {state.session + 1}")
    state.game.start_session()
    state.session = event.number


@folds(SessionStarted)
def _session_started(state: TableState, event: SessionStarted) -> None:
    game = state.game
    game.in_session, game.arc_ended, game.scenario_ended = True, False, False
    state.session = event.number
    assign_facts(state, facts_of(event))  # everyone's refresh


@older(SessionStarted)
def _session_started_older(state: TableState, event: SessionStarted) -> None:
    # Logged before events recorded facts: everyone kept what they carried over, as fatekit
    # did then; later, the fate points each PC started with are among the facts recorded.
    state.game.start_session(reset=False if event.facts is None else None)
    state.session = event.number


@judges(SessionEnded)
def _judge_session_ended(state: TableState, event: SessionEnded) -> None:
    state.game.end_session()
    if event.milestone is not None:
        state.game.reach_milestone(event.milestone)
    _milestones_open(state, event)


@folds(SessionEnded)
def _session_ended(state: TableState, event: SessionEnded) -> None:
    game = state.game
    game.clock.end_session()
    game.in_session = False
    if event.milestone is not None:
        game.clock.reach_milestone(event.milestone)
        if event.milestone is Milestone.MAJOR:
            game.arc_ended = True
        if event.milestone is not Milestone.MINOR:
            game.scenario_ended = True
    _milestones_open(state, event)
    assign_facts(state, facts_of(event))  # the consequences that cleared


@older(SessionEnded)
def _session_ended_older(state: TableState, event: SessionEnded) -> None:
    recovery = recovery_then(state, event)
    state.game.end_session(recovery=recovery)
    if event.milestone is not None:
        state.game.reach_milestone(event.milestone, recovery=recovery)
    _milestones_open(state, event)


def _milestones_open(state: TableState, event: SessionEnded) -> None:
    if event.milestone is None:
        return
    if event.milestone is Milestone.MAJOR:
        state.arc += 1
    # Every PC may now make their change; a bigger milestone open stays (it includes a
    # smaller one's change), and an unspent milestone does not pile up into two.
    for pc in state.game.pcs:
        held = state.milestones.get(pc.id)
        if held is None or _RANK[held] <= _RANK[event.milestone]:
            state.milestones[pc.id] = event.milestone


def recovery_then(state: TableState, event: Event) -> RecoveryRules | None:
    """When consequences cleared as an event logged before events recorded facts was folded
    then (``None``: as the rule set says): before issue 27, a severe one cleared at a major
    milestone whatever the rule set."""
    if event.facts is not None:
        return None
    rules = state.ruleset.preset.recovery
    return RecoveryRules(rules.skills, rules.self_penalty, SevereRecovery.MAJOR_MILESTONE)


@judges(SceneStarted)
def _judge_scene_started(state: TableState, event: SceneStarted) -> None:
    zones = None
    if event.zones:
        zones = zone_map(event)
    elif event.links or event.positions:
        raise BadInput("links and positions need zones")
    for zone in event.hidden:
        if zone not in event.zones:
            raise BadInput(f"no zone {zone!r} in this scene to hide")
    state.game.start_scene(event.name, event.participants, zones=zones)
    _new_board(state, event)


@folds(SceneStarted)
def _scene_started(state: TableState, event: SceneStarted) -> None:
    game = state.game
    zones = zone_map(event) if event.zones else None
    present = list(dict.fromkeys(event.participants))
    game.scene = Scene(event.name.strip(), game.clock.scenes_ended + 1, present, zones=zones)
    _new_board(state, event)
    assign_facts(state, facts_of(event))  # the GM's pool as it was filled


@older(SceneStarted)
def _scene_started_older(state: TableState, event: SceneStarted) -> None:
    zones = zone_map(event) if event.zones else None
    state.game.start_scene(event.name, event.participants, zones=zones)
    _new_board(state, event)


def _new_board(state: TableState, event: SceneStarted) -> None:
    """A new scene's board: nothing drawn yet, its hidden zones as it started."""
    scene = state.game.scene
    assert scene is not None
    state.board = Board(scene=scene.number, hidden=set(event.hidden))


@judges(JoinedScene)
def _judge_joined_scene(state: TableState, event: JoinedScene) -> None:
    if event.side is not None and state.conflict is None:
        raise BadInput("there is no conflict running to join")
    state.game.join_scene(event.character_id, zone=event.zone)
    if event.side is not None and state.conflict is not None:
        state.conflict.join(event.character_id, event.side)


@folds(JoinedScene)
def _joined_scene(state: TableState, event: JoinedScene) -> None:
    scene = scene_in_play(state)
    scene.participants.append(event.character_id)
    # Where they stand, what they bring to the GM's pool, their place in the fight: the facts.
    assign_facts(state, facts_of(event))


@older(JoinedScene)
def _joined_scene_older(state: TableState, event: JoinedScene) -> None:
    state.game.join_scene(event.character_id, zone=event.zone)
    if event.side is not None and state.conflict is not None:
        state.conflict.enlist(event.character_id, event.side.strip())


@judges(PlacedInZone)
def _judge_placed(state: TableState, event: PlacedInZone) -> None:
    state.require_character(event.character_id)
    scene_in_play(state).place(event.character_id, event.zone)


@folds(PlacedInZone)
def _placed(state: TableState, event: PlacedInZone) -> None:
    assign_facts(state, facts_of(event))  # where they stand now


@older(PlacedInZone)
def _placed_older(state: TableState, event: PlacedInZone) -> None:
    zones = scene_in_play(state).zones
    if zones is not None:
        zones.assign_position(event.character_id, event.zone)


@judges(SceneEnded)
def _judge_scene_ended(state: TableState, event: SceneEnded) -> None:
    _drop_rolls(state)
    state.game.end_scene(event.keep)


@folds(SceneEnded)
def _scene_ended(state: TableState, event: SceneEnded) -> None:
    _drop_rolls(state)
    game = state.game
    assert game.scene is not None
    game.scene.ended = True
    game.scene = None
    game.clock.end_scene()
    # Stress cleared, the points held back paid, the consequences whose recovery is over gone.
    assign_facts(state, facts_of(event))


@older(SceneEnded)
def _scene_ended_older(state: TableState, event: SceneEnded) -> None:
    _drop_rolls(state)
    state.game.scene_over(event.keep, recovery=recovery_then(state, event))


def _drop_rolls(state: TableState) -> None:
    # The GM ends the scene with rolls still unsettled: the rolls go with the scene.
    for in_play in state.rolls.values():
        in_play.roll.close()
    state.rolls.clear()


@judges(SituationAspectAdded)
def _judge_aspect_added(state: TableState, event: SituationAspectAdded) -> None:
    for who in (*event.known_to, *(h for h, _ in event.free_invokes)):
        state.require_character(who)
    aspect = _situation_aspect(state, event)
    check_created(event.aspect_id, aspect.id)
    state.last_created = (aspect.id,)


@folds(SituationAspectAdded)
def _aspect_added(state: TableState, event: SituationAspectAdded) -> None:
    assign_facts(state, facts_of(event))  # the aspect as it was made, its free invokes
    state.last_created = (event.aspect_id,)


@older(SituationAspectAdded)
def _aspect_added_older(state: TableState, event: SituationAspectAdded) -> None:
    state.last_created = (_situation_aspect(state, event).id,)


def _situation_aspect(state: TableState, event: SituationAspectAdded) -> Aspect:
    return scene_in_play(state).add_situation_aspect(
        event.name,
        free_invokes=event.free_invokes,
        zone=event.zone,
        hidden=event.hidden,
        known_to=event.known_to,
    )


@judges(AspectRevealed)
def _judge_aspect_revealed(state: TableState, event: AspectRevealed) -> None:
    check_revealable(state.game.find_aspect(event.aspect_id))
    for who in event.to:
        state.require_character(who)
    _aspect_revealed_older(state, event)


@folds(AspectRevealed)
def _aspect_revealed(state: TableState, event: AspectRevealed) -> None:
    assign_facts(state, facts_of(event))  # who may see it now


@older(AspectRevealed)
def _aspect_revealed_older(state: TableState, event: AspectRevealed) -> None:
    aspect = state.game.find_aspect(event.aspect_id)
    if event.to:
        aspect.known_to.update(event.to)
    else:
        aspect.reveal()


@judges(AspectRemoved)
def _judge_aspect_removed(state: TableState, event: AspectRemoved) -> None:
    if event.by is not None:
        state.require_character(event.by)
        check_removes_freely(state.game.find_aspect(event.aspect_id), event.by)
    state.game.remove_aspect(event.aspect_id)
    state.setting.issues.pop(event.aspect_id, None)


@folds(AspectRemoved)
def _aspect_removed(state: TableState, event: AspectRemoved) -> None:
    assign_facts(state, facts_of(event))  # the aspect gone
    state.setting.issues.pop(event.aspect_id, None)


@older(AspectRemoved)
def _aspect_removed_older(state: TableState, event: AspectRemoved) -> None:
    state.game.take_out_of_play(event.aspect_id)
    state.setting.issues.pop(event.aspect_id, None)


@judges(CountdownAdded)
def _judge_countdown_added(state: TableState, event: CountdownAdded) -> None:
    state.game.add_countdown(_countdown(event, checked=True))


@folds(CountdownAdded)
def _countdown_added(state: TableState, event: CountdownAdded) -> None:
    _countdown_added_older(state, event)
    assign_facts(state, facts_of(event))


@older(CountdownAdded)
def _countdown_added_older(state: TableState, event: CountdownAdded) -> None:
    scene_in_play(state).countdowns[event.countdown_id] = _countdown(event, checked=False)


def _countdown(event: CountdownAdded, *, checked: bool) -> Countdown:
    """The countdown ``event`` added: made anew (``checked``) or as an older release recorded it."""
    make = Countdown.new if checked else Countdown.as_recorded
    return make(
        event.countdown_id,
        event.name,
        event.boxes,
        event.outcome,
        triggers=[Trigger(t) for t in event.triggers],
        visibility=event.visibility,
    )


@judges(CountdownMarked)
def _judge_countdown_marked(state: TableState, event: CountdownMarked) -> None:
    state.game.mark_countdown(event.countdown_id, event.count)


@folds(CountdownMarked)
@folds(TriggerFired)
def _countdown_marked(state: TableState, event: CountdownMarked | TriggerFired) -> None:
    assign_facts(state, facts_of(event))  # the boxes marked


@older(CountdownMarked)
def _countdown_marked_older(state: TableState, event: CountdownMarked) -> None:
    countdowns = scene_in_play(state).countdowns
    held = countdowns[event.countdown_id]
    countdowns[event.countdown_id] = held.with_marked(min(held.boxes, held.marked + event.count))


@judges(CountdownRemoved)
def _judge_countdown_removed(state: TableState, event: CountdownRemoved) -> None:
    state.game.remove_countdown(event.countdown_id)


@folds(CountdownRemoved)
@older(CountdownRemoved)
def _countdown_removed(state: TableState, event: CountdownRemoved) -> None:
    scene_in_play(state).countdowns.pop(event.countdown_id, None)  # as the event records


@judges(TriggerFired)
@older(TriggerFired)
def _trigger_fired(state: TableState, event: TriggerFired) -> None:
    state.game.fire(event.trigger)


def zone_map(layout: SceneLayout) -> ZoneMap:
    """The scene's zone map: its zones, linked as it says, with each character it places in the
    zone it names (only the scene's own participants may be placed)."""
    zones = ZoneMap()
    for zone in layout.zones:
        zones.add_zone(zone)
    for a, b in layout.links:
        zones.connect(a, b)
    for who, where in layout.positions:
        if who not in layout.participants:
            raise BadInput(f"{who!r} is placed on the map but is not in the scene")
        zones.place(who, where)
    return zones


def scene_in_play(state: TableState) -> Scene:
    scene = state.game.scene
    if scene is None:
        raise BadInput("no scene is running", code="no_scene")
    return scene


# -- what each seat sees -----------------------------------------------------------------------

# What each writes besides its facts: a session's start and end, a milestone, a scene ended
# move the clock, the arc and the milestones open (TIME); the scene, its board, its aspects and
# countdowns, the rolls a scene's end drops are among what facts assign (MOVE).
moves({Region.TIME}, SessionStarted, SessionEnded, SceneEnded)
moves(
    (),
    SceneStarted,
    JoinedScene,
    PlacedInZone,
    SituationAspectAdded,
    AspectRevealed,
    AspectRemoved,
    CountdownAdded,
    CountdownMarked,
    TriggerFired,
)
writes({Region.SCENE}, CountdownRemoved)  # the countdown struck off the scene

shown_whole(
    SessionStarted,
    SessionEnded,
    SceneEnded,
    AspectRemoved,
)


@shows(SceneStarted)
def _show_scene_started(viewer: Viewer, event: SceneStarted, data: JSON) -> JSON | None:
    # Zones hidden as it started are not in a player's copy, nor the links to them, nor who of
    # the GM's stands in them; a player whose character starts in one sees that one.
    if not event.hidden:
        return data
    placed = dict(event.positions)
    seen = {
        z
        for z in event.zones
        if z not in event.hidden or any(placed.get(who) == z for who in viewer.mine)
    }
    data["zones"] = [z for z in event.zones if z in seen]
    data["links"] = [[a, b] for a, b in event.links if a in seen and b in seen]
    # In a hidden zone the seat's character stands in: those of its people it may know of.
    kept = {
        who
        for who in event.participants
        if who not in placed
        or placed[who] not in event.hidden
        or (placed[who] in seen and viewer.knows(who))
    }
    data["positions"] = [[who, z] for who, z in event.positions if who in kept]
    data["participants"] = [who for who in event.participants if who in kept]
    data["hidden"] = [z for z in event.hidden if z in seen]
    return data


@shows(JoinedScene, PlacedInZone)
def _show_placed(viewer: Viewer, event: JoinedScene | PlacedInZone, data: JSON) -> JSON | None:
    # Into a zone kept from the players: only those who act for the character learn of it.
    return None if event.zone_hidden and event.character_id not in viewer.mine else data


shown_to_gms(TriggerFired)  # a trigger's name can give away a countdown kept from the players


@shows(SituationAspectAdded)
def _show_situation_aspect(viewer: Viewer, event: SituationAspectAdded, data: JSON) -> JSON | None:
    # Who may see it is who could when it was made (a later reveal is an event of its own, and
    # its id may name another aspect in a later scene).
    if event.hidden and not set(event.known_to) & viewer.mine:
        return None
    data["known_to"] = sorted(set(event.known_to) & viewer.mine)
    return data


@shows(AspectRevealed)
def _show_reveal(viewer: Viewer, event: AspectRevealed, data: JSON) -> JSON | None:
    if event.to and not set(event.to) & viewer.mine:
        return None
    data["to"] = sorted(set(event.to) & viewer.mine)
    if event.name is not None:
        data["aspect"] = {"id": event.aspect_id, "name": event.name}  # as it was revealed
        return data
    try:  # an older log, without the name: the aspect as it stands now, if the seat sees it
        aspect = viewer.state.game.find_aspect(event.aspect_id)
    except BadInput:
        return data
    if viewer.sees_aspect(aspect):
        data["aspect"] = to_builtins(viewer.aspect(aspect))
    return data


@shows(CountdownAdded)
def _show_countdown(viewer: Viewer, event: CountdownAdded, data: JSON) -> JSON | None:
    if event.visibility is Visibility.HIDDEN:
        return None
    if event.visibility is Visibility.BOXES_ONLY:
        return {"countdown_id": event.countdown_id, "boxes": event.boxes}
    return data


@shows(CountdownMarked)
def _show_mark(viewer: Viewer, event: CountdownMarked, data: JSON) -> JSON | None:
    scene = viewer.state.game.scene
    countdown = None if scene is None else scene.countdowns.get(event.countdown_id)
    return None if countdown is None or viewer.countdown(countdown) is None else data


@shows(CountdownRemoved)
def _show_removed(viewer: Viewer, event: CountdownRemoved, data: JSON) -> JSON | None:
    # As the countdown was seen while it ran: a hidden one was never there for the players, and
    # one shown by its boxes only keeps its name.
    if event.visibility is Visibility.HIDDEN:
        return None
    if event.visibility is Visibility.BOXES_ONLY:
        return {"countdown_id": event.countdown_id}
    return data


class MapPart(Part, kw_only=True):
    """The picture under the scene's zones: where to fetch it (``url``, which names the image by
    its hash, so a new map is a new address), its media type and its size in pixels."""

    url: str
    image: str
    media_type: str
    width: int
    height: int


class ShapePart(Part, kw_only=True):
    """A zone's outline in map units (ten-thousandths of the map's width and height, from the
    top left): a ``rect``'s two corners or a ``polygon``'s corners; ``drawn`` is false for the
    place the default layout gives a zone the GM has not drawn."""

    kind: ShapeKind
    points: list[list[int]]
    drawn: bool


class BorderPart(Part, kw_only=True):
    """An adjacent zone whose border aspects (``aspects``, their ids) stand in the way: getting
    there takes an overcome, not a free move."""

    zone: str
    aspects: list[str]


class ZonesPart(Part, kw_only=True):
    """The scene's zones as the seat may know of them: the borders between them, who stands
    where, and where the characters the seat acts for may go (``moves``: a free move;
    ``further``: with an overcome; ``blocked``: the borders an aspect blocks, from where each
    stands). ``map`` is the picture under them (``None``: a plain ground), ``shapes`` each
    zone's outline, ``hidden`` the zones kept from the players that the seat sees (every one,
    for a GM; for a player, one its character stands in)."""

    zones: list[str]
    links: list[list[str]]
    positions: dict[str, str]
    moves: dict[str, list[str]]
    further: dict[str, list[str]]
    blocked: dict[str, list[BorderPart]]
    map: MapPart | None
    shapes: dict[str, ShapePart]
    hidden: list[str]


class CountdownPart(Part, kw_only=True):
    """A countdown as the seat sees it (``None``: kept from it)."""

    id: str
    boxes: int
    marked: int
    finished: bool
    name: str | None
    triggers: list[str] | None
    outcome: str | None


#: What a seat may do with the scene in play, by the command's name.
SceneMove = Literal["EndScene"]


class ScenePart(Part, kw_only=True):
    """The scene in play as the seat sees it; what the seat may do with it now (``offers``)."""

    name: str
    number: int
    participants: list[str]
    aspects: list[AspectPart]
    zones: ZonesPart | None
    countdowns: list[CountdownPart]
    offers: list[SceneMove]
    # The characters the seat may start a roll for now (by the roll's own check).
    rollers: list[str]


def scene_view(viewer: Viewer, scene: Scene) -> ScenePart:
    """The scene in play as the seat sees it: the aspects it may know of, the zones and who
    stands where, and the countdowns as their visibility says."""
    zones = scene.zones
    seen = set() if zones is None else {z for z in zones.zones if viewer.sees_zone(z)}
    return ScenePart(
        name=scene.name,
        number=scene.number,
        # Whoever stands in a zone the seat may not know of is not in its copy at all, nor
        # anyone of the GM's it has not met (one in a hidden zone the seat's character is in).
        participants=[
            p
            for p in scene.participants
            if viewer.knows(p)
            and (zones is None or p not in zones.positions or zones.positions[p] in seen)
        ],
        aspects=[viewer.aspect(a) for a in scene.aspects if viewer.sees_aspect(a)],
        zones=None if zones is None else _zones_view(viewer, scene, zones, seen),
        countdowns=[
            _countdown_view(shown)
            for shown in (viewer.countdown(c) for c in scene.countdowns.values())
            if shown is not None
        ],
        offers=scene_offers(viewer),
        rollers=rollers(viewer.state, viewer.seat),
    )


def _zones_view(viewer: Viewer, scene: Scene, zones: ZoneMap, seen: set[str]) -> ZonesPart:
    """The zones part: only the zones the seat may know of (``seen``), and everything about
    them; the moves offered are the rules' own, less any into a zone the seat may not know of
    (which the table refuses it as it refuses a zone that is not there)."""
    state = viewer.state
    board = state.board if state.board.scene == scene.number else None
    links = sorted([a, b] for a in seen for b in zones.neighbours(a) if a < b and b in seen)
    drawn = {} if board is None else board.shapes
    laid_out = default_layout(sorted(seen), [(a, b) for a, b in links])
    shapes = {}
    for zone in sorted(seen):
        shape = drawn.get(zone)
        shown = shape if shape is not None else laid_out[zone]
        shapes[zone] = ShapePart(
            kind=shown.kind, points=[[x, y] for x, y in shown.points], drawn=shape is not None
        )
    image = None if board is None else board.map
    return ZonesPart(
        zones=sorted(seen),
        links=links,
        positions={
            who: z for who, z in sorted(zones.positions.items()) if z in seen and viewer.knows(who)
        },
        moves=_moves(viewer, scene, scene.free_moves, seen),
        further=_moves(viewer, scene, scene.move_roll_zones, seen),
        blocked=_blocked(viewer, zones, seen),
        map=None
        if image is None
        else MapPart(
            url=f"/tables/{state.table_id}/maps/{image.image}",
            image=image.image,
            media_type=image.media_type,
            width=image.width,
            height=image.height,
        ),
        shapes=shapes,
        hidden=[] if board is None else sorted(board.hidden & seen),
    )


def _blocked(viewer: Viewer, zones: ZoneMap, seen: set[str]) -> dict[str, list[BorderPart]]:
    """For each placed character the seat acts for, the adjacent zones it may know of whose
    border an aspect it may see stands on (the zone map's impediments, as the free move's check
    reads them)."""
    found: dict[str, list[BorderPart]] = {}
    for who, here in sorted(zones.positions.items()):
        if not viewer.state.controls(viewer.seat.id, who):
            continue
        borders = []
        for there in sorted(zones.neighbours(here) & seen):
            aspects = [a for a in zones.impediments(here, there) if viewer.sees_aspect_id(a)]
            if aspects:
                borders.append(BorderPart(zone=there, aspects=aspects))
        if borders:
            found[who] = borders
    return found


def scene_offers(viewer: Viewer) -> list[SceneMove]:
    """What the seat may do with the scene in play now: end it (the GM, once its conflict is
    over), by the checks the decider makes."""
    found: list[SceneMove] = []
    if not play_goes_on(viewer.state):
        return found
    # is_gm first: require_gm's own test, answered without a refusal raised.
    if (
        viewer.gm
        and allowed(require_gm, viewer.seat, "end scenes")
        and allowed(check_scene_may_end, viewer.state)
    ):
        found.append("EndScene")
    return found


def _moves(
    viewer: Viewer, scene: Scene, where: Callable[[str], tuple[str, ...]], seen: set[str]
) -> dict[str, list[str]]:
    """For each character the seat acts for outside a conflict's exchanges (a fighter's moves
    are the conflict's to offer), the zones ``where`` gives: a free move's or an overcome's, the
    rules' word as the fold checks it. None while a safety signal waits: the table takes no
    move of play then."""
    if not play_goes_on(viewer.state):
        return {}
    conflict = viewer.state.conflict
    fighting = set() if conflict is None else set(conflict.roster.fighters)
    found = {}
    for who in scene.participants:
        if who in fighting or not viewer.state.controls(viewer.seat.id, who):
            continue
        zones = [z for z in where(who) if z in seen]
        if zones:
            found[who] = zones
    return found


def _countdown_view(view: CountdownView) -> CountdownPart:
    return CountdownPart(
        id=view.id,
        boxes=view.boxes,
        marked=view.marked,
        finished=view.finished,
        name=view.name,
        triggers=None if view.triggers is None else [t.key for t in view.triggers],
        outcome=view.outcome,
    )


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(SessionStarted, "SessionStarted", n=say.number("number"))
tells(
    SessionEnded,
    (when("SessionEnded.milestone", "milestone"), when("SessionEnded")),
    milestone=say.milestone("milestone"),
)
tells(SceneStarted, "SceneStarted", name=say.text("name"))
tells(SceneEnded, "SceneEnded")
tells(
    JoinedScene,
    (when("JoinedScene.side", "side"), when("JoinedScene")),
    who=say.who("character_id"),
    side=say.text("side"),
)
tells(SituationAspectAdded, "SituationAspectAdded", aspect=say.text("name", "aspect"))
tells(AspectRevealed, "AspectRevealed", aspect=say.aspect("aspect_id"))
tells(AspectRemoved, "AspectRemoved", aspect=say.aspect("aspect_id"))
tells(CountdownAdded, "CountdownAdded", name=say.text("name", fallback="countdown.unnamed"))
tells(CountdownMarked, "CountdownMarked", n=say.number("count", fallback="1"))
# A countdown the seat saw only by its boxes is struck off unnamed.
tells(
    CountdownRemoved,
    (when("CountdownRemoved", "name"), when("CountdownRemoved.unnamed")),
    name=say.text("name"),
)
tells(TriggerFired, "TriggerFired")
tells(PlacedInZone, "PlacedInZone", who=say.who("character_id"), zone=say.text("zone"))
