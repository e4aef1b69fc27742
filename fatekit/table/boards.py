"""The running scene's board: the map image the GM gave it, the shape of each zone drawn over
that image, and the zones the GM keeps from the players.

None of it is a rule of play: the zones, their links, who stands where and what blocks a border
are the scene's (:class:`~fatekit.rules.scenes.zones.ZoneMap`), and the rules decide moves on
them alone. The board is what a seat is shown of them, and which of them it may know of.

Shapes are in map units: ten-thousandths of the map's width (x, from the left) and height (y,
from the top), so a shape keeps its place whatever size the picture is drawn at, and a scene
without a picture draws them on a plain ground of any size. A zone the GM has not drawn is given
a place by :func:`default_layout`, from the zones and their links alone, the same every time.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from fatekit.rules.core.errors import BadInput
from fatekit.rules.scenes.scene import Scene

__all__ = [
    "MAP_UNITS",
    "MAX_MAP_SIDE_PIXELS",
    "MAX_POLYGON_POINTS",
    "Board",
    "MapImage",
    "ShapeKind",
    "ZoneShape",
    "check_shape",
    "default_layout",
    "in_the_open",
]

#: A map's width and height in map units.
MAP_UNITS: Final = 10_000
#: The most corners a zone's polygon may have.
MAX_POLYGON_POINTS: Final = 64
#: The longest side a map image may have, in pixels (as :mod:`fatekit.formats.images` keeps).
MAX_MAP_SIDE_PIXELS: Final = 16383


class ShapeKind(StrEnum):
    """How a zone is drawn: a rectangle (two opposite corners) or a polygon (its corners)."""

    RECT = "rect"
    POLYGON = "polygon"


@dataclass(frozen=True, slots=True, kw_only=True)
class ZoneShape:
    """A zone's outline on the map, in map units: a ``rect``'s top-left and bottom-right
    corners, or a ``polygon``'s corners in order (3 to 64 of them)."""

    kind: ShapeKind
    points: tuple[tuple[int, int], ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class MapImage:
    """The picture under a scene's zones: the hash that names its clean file at the table, its
    media type, and its size in pixels."""

    image: str
    media_type: str
    width: int
    height: int


@dataclass(slots=True)
class Board:
    """What the GM has drawn for scene number ``scene``: its map, its zones' shapes, and the
    zones kept hidden. A board of another scene than the one running holds nothing for it."""

    scene: int = 0
    map: MapImage | None = None
    shapes: dict[str, ZoneShape] = field(default_factory=dict)
    hidden: set[str] = field(default_factory=set)


def in_the_open(scene: Scene, board: Board) -> list[str]:
    """The scene's participants who stand in no zone the GM keeps hidden (the board of another
    scene hides nothing in this one)."""
    zones = scene.zones
    if zones is None or board.scene != scene.number or not board.hidden:
        return list(scene.participants)
    return [p for p in scene.participants if zones.positions.get(p) not in board.hidden]


def check_shape(shape: ZoneShape) -> ZoneShape:
    """``shape`` if it fits the map: every point within it, a rectangle's corners apart and in
    order, a polygon of 3 to :data:`MAX_POLYGON_POINTS` corners; :class:`BadInput` otherwise."""
    for x, y in shape.points:
        if not (0 <= x <= MAP_UNITS and 0 <= y <= MAP_UNITS):
            raise BadInput(
                f"a zone's points lie on the map: 0 to {MAP_UNITS} across and down, not ({x}, {y})",
                code="zone_shape_off_map",
                most=str(MAP_UNITS),
            )
    if shape.kind is ShapeKind.RECT:
        if len(shape.points) != 2:
            raise BadInput(
                "a rectangle is two corners: top left, then bottom right", code="zone_shape_rect"
            )
        (x0, y0), (x1, y1) = shape.points
        if not (x0 < x1 and y0 < y1):
            raise BadInput(
                "a rectangle is two corners: top left, then bottom right", code="zone_shape_rect"
            )
    elif not 3 <= len(shape.points) <= MAX_POLYGON_POINTS:
        raise BadInput(
            f"a polygon has 3 to {MAX_POLYGON_POINTS} corners, not {len(shape.points)}",
            code="zone_shape_polygon",
            most=str(MAX_POLYGON_POINTS),
        )
    return shape


def default_layout(zones: list[str], links: list[tuple[str, str]]) -> dict[str, ZoneShape]:
    """A rectangle for each zone, for a scene whose zones were not drawn: the zones on a grid
    as near square as fits them, in the order a walk along the links first reaches them (from
    the first zone by name, each zone's neighbours by name; a zone no link reaches starts the
    next walk), so linked zones tend to sit side by side. Depends on the zones and links
    alone."""
    if not zones:
        return {}
    neighbours: dict[str, list[str]] = {z: [] for z in zones}
    for a, b in links:
        if a in neighbours and b in neighbours:
            neighbours[a].append(b)
            neighbours[b].append(a)
    order: list[str] = []
    seen: set[str] = set()
    for start in sorted(zones):
        if start in seen:
            continue
        seen.add(start)
        queue = [start]
        while queue:
            here = queue.pop(0)
            order.append(here)
            for there in sorted(neighbours[here]):
                if there not in seen:
                    seen.add(there)
                    queue.append(there)
    columns = math.ceil(math.sqrt(len(order)))
    rows = math.ceil(len(order) / columns)
    width, height = MAP_UNITS // columns, MAP_UNITS // rows
    margin_x, margin_y = width // 10, height // 10
    layout = {}
    for index, zone in enumerate(order):
        column, row = index % columns, index // columns
        left, top = column * width, row * height
        layout[zone] = ZoneShape(
            kind=ShapeKind.RECT,
            points=(
                (left + margin_x, top + margin_y),
                (left + width - margin_x, top + height - margin_y),
            ),
        )
    return layout
