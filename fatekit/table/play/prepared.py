"""Scenes the GM prepares ahead of play: name, zones and links, situation aspects with free
invokes (hidden ones included), the NPCs already there and where they stand, and where the PCs
come in. Only GM seats see them (declared below); one command starts one, as the
same events a GM starting the scene by hand makes, so players learn of it as of any scene.

A prepared scene is checked as it is prepared, the way a started scene's map is checked
(:class:`~fatekit.table.play.scenes.StartScene`), so starting it later fails only if a scene is
still running.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from fatekit.formats.ids import id_from_name
from fatekit.rules.core.errors import BadInput
from fatekit.table import telling as say
from fatekit.table.base import Command, Event, SceneLayout
from fatekit.table.boards import MapImage
from fatekit.table.deciding import Context, decides, gm_only
from fatekit.table.folding import assigns, judges
from fatekit.table.play.maps import SceneMapSet, check_map_fields
from fatekit.table.play.scenes import SceneStarted, SituationAspectAdded, zone_map
from fatekit.table.regions import Region, writes
from fatekit.table.showing import shown_to_gms
from fatekit.table.state import PreparedAspect, PreparedScene, TableState
from fatekit.table.telling import tells

__all__ = [
    "PrepareScene",
    "PreparedAspect",
    "PreparedSceneMapSet",
    "PreparedSceneRemoved",
    "PreparedSceneStarted",
    "RemovePreparedScene",
    "ScenePrepared",
    "SetPreparedSceneMap",
    "StartPreparedScene",
]

# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class PrepareScene(Command):
    """Prepare a scene ahead of play, or rewrite the one prepared under ``scene_id`` (GM only).

    ``participants`` are the characters already there (the PCs join when it starts),
    ``positions`` places them in ``zones``, ``links`` connects zones in pairs, ``aspects`` are
    the situation aspects it starts with (hidden ones included); those who join it as it starts
    come in at ``entrance`` unless placed otherwise. Players see none of it. A ``scene_id`` left
    blank becomes a new one made from the name.
    """

    scene_id: str = ""
    name: str
    participants: tuple[str, ...] = ()
    zones: tuple[str, ...] = ()
    links: tuple[tuple[str, str], ...] = ()
    positions: tuple[tuple[str, str], ...] = ()
    aspects: tuple[PreparedAspect, ...] = ()
    entrance: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RemovePreparedScene(Command):
    """Drop a prepared scene (GM only)."""

    scene_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SetPreparedSceneMap(Command):
    """Put the map image ``image`` (its SHA-256) under a prepared scene's zones (GM only): it
    becomes the scene's map as it starts. The server sends it after an upload
    (``PUT /tables/{id}/prepared/{scene_id}/map``); no seat sends it itself."""

    scene_id: str
    image: str
    media_type: str
    width: int
    height: int


@dataclass(frozen=True, slots=True, kw_only=True)
class StartPreparedScene(Command):
    """Start a prepared scene (GM only): ``joining`` are the characters who join its own
    participants (the PCs, as a rule), placed by ``positions`` (else at its entrance). It becomes the
    running scene with its aspects, and leaves the prepared ones."""

    scene_id: str
    joining: tuple[str, ...] = ()
    positions: tuple[tuple[str, str], ...] = ()


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class ScenePrepared(Event, SceneLayout):
    """A scene was prepared (or rewritten) under ``scene_id``."""

    scene_id: str
    aspects: tuple[PreparedAspect, ...]
    entrance: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PreparedSceneRemoved(Event):
    """A prepared scene was dropped."""

    scene_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PreparedSceneMapSet(Event):
    """A prepared scene's map is the image ``image`` (its hash), ``width`` by ``height``."""

    scene_id: str
    image: str
    media_type: str
    width: int
    height: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PreparedSceneStarted(Event):
    """A prepared scene was taken off the list to start (the scene and its aspects follow as
    their own events)."""

    scene_id: str


# -- who may, and the events a command becomes -------------------------------------------------


gm_only((RemovePreparedScene, PreparedSceneRemoved, "remove prepared scenes"))


@decides(PrepareScene, gm="prepare scenes")
def _prepare(context: Context, command: PrepareScene) -> list[Event]:
    # The same id rewrites a prepared scene; a blank one is a new scene, named for its name.
    chosen = command.scene_id.strip() or id_from_name(
        command.name, context.state.screen.prepared, fallback="scene"
    )
    return [context.event_from(ScenePrepared, command, scene_id=chosen)]


@decides(SetPreparedSceneMap, gm="set a scene's map")
def _set_prepared_map(context: Context, command: SetPreparedSceneMap) -> list[Event]:
    if command.scene_id not in context.state.screen.prepared:
        raise BadInput(f"there is no prepared scene {command.scene_id!r}")
    check_map_fields(command.image, command.media_type, command.width, command.height)
    return [context.event_from(PreparedSceneMapSet, command)]


@decides(StartPreparedScene, gm="start scenes")
def _start_prepared(context: Context, command: StartPreparedScene) -> list[Event]:
    """The scene and its aspects become the same events a GM starting it by hand makes, so the
    players' log tells it as any other scene (and hidden aspects stay hidden the same way)."""
    prepared = context.state.screen.prepared.get(command.scene_id)
    if prepared is None:
        raise BadInput(f"there is no prepared scene {command.scene_id!r}")
    joining = tuple(j for j in command.joining if j not in prepared.participants)
    placed = {who for who, _ in command.positions}
    entering = (
        ()
        if prepared.entrance is None
        else tuple((j, prepared.entrance) for j in joining if j not in placed)
    )
    made: list[Event] = [
        context.event(PreparedSceneStarted, scene_id=prepared.scene_id),
        context.event(
            SceneStarted,
            name=prepared.name,
            participants=(*prepared.participants, *joining),
            zones=prepared.zones,
            links=prepared.links,
            positions=(*prepared.positions, *command.positions, *entering),
        ),
    ]
    for aspect in prepared.aspects:
        made.append(context.event_from(SituationAspectAdded, aspect, aspect_id=""))
    if prepared.map is not None:
        # Its map comes with it: the scene that starts is the next one the clock counts.
        made.append(
            context.event_from(
                SceneMapSet, prepared.map, scene=context.state.game.clock.scenes_ended + 1
            )
        )
    return made


# -- the fold ----------------------------------------------------------------------------------


@judges(ScenePrepared)
def _judge_scene_prepared(state: TableState, event: ScenePrepared) -> None:
    if not event.scene_id.strip():
        raise BadInput("a prepared scene needs an id")
    if not event.name.strip():
        raise BadInput("a scene needs a name")
    for who in event.participants:
        state.require_character(who)
    if len(set(event.participants)) != len(event.participants):
        raise BadInput("a character is listed twice in the scene")
    # The map is checked the way a started scene's is, so starting it later cannot fail on it.
    zone_map(event)
    if event.entrance is not None and event.entrance not in event.zones:
        raise BadInput(f"no zone {event.entrance!r} to come in at in the prepared scene")
    for aspect in event.aspects:
        if not aspect.name.strip():
            raise BadInput("an aspect needs a name")
        if aspect.zone is not None and aspect.zone not in event.zones:
            raise BadInput(f"no zone {aspect.zone!r} in the prepared scene")
        if aspect.known_to and not aspect.hidden:
            raise BadInput(f"{aspect.name!r} is not hidden: everyone knows it")
        for who in (*aspect.known_to, *(h for h, _ in aspect.free_invokes)):
            state.require_character(who)
        if any(count < 1 for _, count in aspect.free_invokes):
            raise BadInput("free invokes come one or more at a time")
    _scene_prepared(state, event)


@assigns(ScenePrepared)
def _scene_prepared(state: TableState, event: ScenePrepared) -> None:
    kept = state.screen.prepared.get(event.scene_id)  # a rewrite keeps the map it was given
    state.screen.prepared[event.scene_id] = PreparedScene(
        map=None if kept is None else kept.map,
        scene_id=event.scene_id,
        name=event.name.strip(),
        participants=event.participants,
        zones=event.zones,
        links=event.links,
        positions=event.positions,
        aspects=event.aspects,
        entrance=event.entrance,
    )


@assigns(PreparedSceneMapSet)
def _prepared_map_set(state: TableState, event: PreparedSceneMapSet) -> None:
    prepared = state.screen.prepared.get(event.scene_id)
    if prepared is None:
        raise BadInput(f"there is no prepared scene {event.scene_id!r}")
    drawn = MapImage(
        image=event.image, media_type=event.media_type, width=event.width, height=event.height
    )
    state.screen.prepared[event.scene_id] = dataclasses.replace(prepared, map=drawn)


@judges(PreparedSceneRemoved)
@judges(PreparedSceneStarted)
def _judge_prepared_gone(
    state: TableState, event: PreparedSceneRemoved | PreparedSceneStarted
) -> None:
    if event.scene_id not in state.screen.prepared:
        raise BadInput(f"there is no prepared scene {event.scene_id!r}")
    _prepared_gone(state, event)


@assigns(PreparedSceneRemoved)
@assigns(PreparedSceneStarted)
def _prepared_gone(state: TableState, event: PreparedSceneRemoved | PreparedSceneStarted) -> None:
    state.screen.prepared.pop(event.scene_id, None)


writes({Region.SCREEN}, ScenePrepared, PreparedSceneRemoved, PreparedSceneMapSet)
# A prepared scene started leaves the screen; the scene itself starts by its own event.
writes({Region.SCREEN}, PreparedSceneStarted)


# -- what each seat sees -----------------------------------------------------------------------

# The scene's own events tell the players it started.
shown_to_gms(ScenePrepared, PreparedSceneRemoved, PreparedSceneStarted, PreparedSceneMapSet)


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(ScenePrepared, "ScenePrepared", name=say.text("name"))
tells(PreparedSceneRemoved, "PreparedSceneRemoved")
tells(PreparedSceneStarted, "PreparedSceneStarted")
tells(PreparedSceneMapSet, "PreparedSceneMapSet", name=say.text("scene_id"))
