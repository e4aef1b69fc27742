"""The running scene's board, drawn by the GM: a map image under its zones
(:class:`SetSceneMap`, sent by the server once it has made the upload clean and kept it), each
zone's outline on it (:class:`ShapeZone`), and zones kept from the players until the GM shows
them (:class:`HideZone`; a scene may also start with zones hidden, ``StartScene.hidden``).

None of these is a move of play: the zones, their links and who stands where are the scene's,
and the rules decide on them alone. Each event names the scene it was drawn for, and its fold
only assigns (:mod:`fatekit.table.boards`). A hidden zone, and whoever of the GM's stands in it,
is not in a player's document (:mod:`fatekit.table.play.scenes`), nor in the events it receives.
"""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.formats.images import MAP_MEDIA_TYPES, check_map_hash
from fatekit.rules.core.errors import BadInput
from fatekit.rules.scenes.zones import ZoneMap
from fatekit.table import telling as say
from fatekit.table.base import Command, Event
from fatekit.table.boards import MAX_MAP_SIDE_PIXELS, Board, MapImage, ZoneShape, check_shape
from fatekit.table.deciding import Context, decides
from fatekit.table.folding import assigns
from fatekit.table.play.scenes import scene_in_play
from fatekit.table.regions import Region, writes
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shown_whole, shows
from fatekit.table.state import TableState
from fatekit.table.telling import tells, when

__all__ = [
    "HideZone",
    "RemoveSceneMap",
    "SceneMapRemoved",
    "SceneMapSet",
    "SetSceneMap",
    "ShapeZone",
    "ZoneHidden",
    "ZoneShaped",
]

# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SetSceneMap(Command):
    """Put the map image ``image`` (its SHA-256) under the running scene's zones (GM only). The
    server sends it after an upload (``PUT /tables/{id}/scene/map``), once the image is clean and
    kept at the table; no seat sends it itself."""

    image: str
    media_type: str
    width: int
    height: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveSceneMap(Command):
    """Take the map image away from under the running scene's zones (GM only): they are drawn on
    a plain ground."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ShapeZone(Command):
    """Draw ``zone`` of the running scene as ``shape`` (GM only); no shape: back to the place
    the default layout gives it."""

    zone: str
    shape: ZoneShape | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class HideZone(Command):
    """Keep ``zone`` of the running scene, and the GM's characters in it, from the players
    (``hidden``), or show it to them (GM only)."""

    zone: str
    hidden: bool = True


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SceneMapSet(Event):
    """Scene number ``scene``'s map is the image ``image`` (its hash), ``width`` by ``height``
    pixels, of ``media_type``."""

    scene: int
    image: str
    media_type: str
    width: int
    height: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SceneMapRemoved(Event):
    """Scene number ``scene`` has no map image any more."""

    scene: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ZoneShaped(Event):
    """Zone ``zone`` of scene number ``scene`` is drawn as ``shape`` (``None``: as the default
    layout places it); ``zone_hidden``: the zone was kept from the players as it was drawn."""

    scene: int
    zone: str
    shape: ZoneShape | None
    zone_hidden: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ZoneHidden(Event):
    """Zone ``zone`` of scene number ``scene`` is kept from the players (``hidden``), or shown."""

    scene: int
    zone: str
    hidden: bool


# -- who may, and the events a command becomes -------------------------------------------------


def _zones(state: TableState) -> ZoneMap:
    zones = scene_in_play(state).zones
    if zones is None:
        raise BadInput("this scene has no zones", code="no_zones")
    return zones


def _check_zone(state: TableState, zone: str) -> None:
    if zone not in _zones(state).zones:
        raise BadInput(f"no zone {zone!r} in this scene")


def check_map_fields(image: str, media_type: str, width: int, height: int) -> None:
    """Refuse a map named by anything but a hash, of another type, or of sides out of bounds."""
    check_map_hash(image)
    if media_type not in MAP_MEDIA_TYPES.values():
        raise BadInput(f"a map is a PNG, JPEG or WebP image, not {media_type!r}")
    for side in (width, height):
        if not 1 <= side <= MAX_MAP_SIDE_PIXELS:
            raise BadInput(f"a map's sides are 1 to {MAX_MAP_SIDE_PIXELS} pixels")


@decides(SetSceneMap, gm="set a scene's map")
def _set_map(context: Context, command: SetSceneMap) -> list[Event]:
    scene = scene_in_play(context.state)
    check_map_fields(command.image, command.media_type, command.width, command.height)
    return [context.event_from(SceneMapSet, command, scene=scene.number)]


@decides(RemoveSceneMap, gm="remove a scene's map")
def _remove_map(context: Context, command: RemoveSceneMap) -> list[Event]:
    scene = scene_in_play(context.state)
    if board_of(context.state).map is None:
        raise BadInput("this scene has no map image")
    return [context.event(SceneMapRemoved, scene=scene.number)]


@decides(ShapeZone, gm="draw zones")
def _shape_zone(context: Context, command: ShapeZone) -> list[Event]:
    _check_zone(context.state, command.zone)
    if command.shape is not None:
        check_shape(command.shape)
    number = scene_in_play(context.state).number
    return [context.event_from(ZoneShaped, command, scene=number)]


@decides(HideZone, gm="hide and show zones")
def _hide_zone(context: Context, command: HideZone) -> list[Event]:
    _check_zone(context.state, command.zone)
    if (command.zone in board_of(context.state).hidden) is command.hidden:
        said = "hidden" if command.hidden else "shown"
        raise BadInput(f"zone {command.zone!r} is {said} already")
    number = scene_in_play(context.state).number
    return [context.event_from(ZoneHidden, command, scene=number)]


# -- the fold ----------------------------------------------------------------------------------


def board_of(state: TableState) -> Board:
    """The running scene's board (an empty one when nothing was drawn for it, or no scene
    runs): a board drawn for an earlier scene holds nothing for this one."""
    scene = state.game.scene
    if scene is None or state.board.scene != scene.number:
        return Board(scene=0 if scene is None else scene.number)
    return state.board


def _drawing(state: TableState, scene: int) -> Board:
    """The board of scene number ``scene``, as the event drawing on it says (a new one when the
    table's is an earlier scene's)."""
    if state.board.scene != scene:
        state.board = Board(scene=scene)
    return state.board


@assigns(SceneMapSet)
def _map_set(state: TableState, event: SceneMapSet) -> None:
    _drawing(state, event.scene).map = MapImage(
        image=event.image, media_type=event.media_type, width=event.width, height=event.height
    )


@assigns(SceneMapRemoved)
def _map_removed(state: TableState, event: SceneMapRemoved) -> None:
    _drawing(state, event.scene).map = None


@assigns(ZoneShaped)
def _zone_shaped(state: TableState, event: ZoneShaped) -> None:
    shapes = _drawing(state, event.scene).shapes
    if event.shape is None:
        shapes.pop(event.zone, None)
    else:
        shapes[event.zone] = event.shape


@assigns(ZoneHidden)
def _zone_hidden(state: TableState, event: ZoneHidden) -> None:
    hidden = _drawing(state, event.scene).hidden
    if event.hidden:
        hidden.add(event.zone)
    else:
        hidden.discard(event.zone)


writes({Region.SCENE}, SceneMapSet, SceneMapRemoved, ZoneShaped)
# Hiding a zone may hide the GM's characters in it (who the players have met is the characters').
writes({Region.SCENE, Region.CHARACTERS}, ZoneHidden)

# -- what each seat sees -----------------------------------------------------------------------

shown_whole(SceneMapSet, SceneMapRemoved)


@shows(ZoneShaped)
def _show_zone_shaped(viewer: Viewer, event: ZoneShaped, data: JSON) -> JSON | None:
    # A zone kept from the players is drawn out of their sight.
    return None if event.zone_hidden else data


@shows(ZoneHidden)
def _show_zone_hidden(viewer: Viewer, event: ZoneHidden, data: JSON) -> JSON | None:
    # The players learn of a zone shown to them, never of one hidden from them.
    return None if event.hidden else data


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(SceneMapSet, "SceneMapSet")
tells(SceneMapRemoved, "SceneMapRemoved")
tells(ZoneShaped, "ZoneShaped", zone=say.text("zone"))
tells(
    ZoneHidden,
    (when("ZoneHidden", "hidden"), when("ZoneHidden.shown")),
    zone=say.text("zone"),
)
