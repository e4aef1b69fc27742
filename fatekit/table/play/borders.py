"""Aspects on borders: the GM puts a situation aspect of the running scene on the border between
two adjacent zones (:class:`BlockBorder`), and crossing there is no free move but an overcome,
until the GM takes it off the border (:class:`ClearBorder`) or the aspect leaves play, however it
goes (overcome, removed, the scene's end): a border aspect stands only while it is in play
(:class:`~fatekit.rules.scenes.zones.ZoneMap`).

Each event records who could see the aspect and whether either zone was kept from the players as
it was made: a player learns of a border only when it could see both (a hidden zone's borders,
and a hidden aspect, reach no player's log). The seat's view reads the borders from the map
(:mod:`fatekit.table.play.scenes`, ``blocked``).
"""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.core.errors import BadInput
from fatekit.rules.scenes.zones import ZoneMap
from fatekit.table import telling as say
from fatekit.table.base import Command, Event, NamesAspect
from fatekit.table.deciding import Context, decides, zone_hidden
from fatekit.table.folding import assigns, judges
from fatekit.table.play.scenes import scene_in_play
from fatekit.table.regions import Region, writes
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shows
from fatekit.table.state import TableState
from fatekit.table.telling import tells

__all__ = ["BlockBorder", "BorderBlocked", "BorderCleared", "ClearBorder"]

# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class BlockBorder(Command):
    """Put the running scene's situation aspect ``aspect_id`` on the border between the adjacent
    zones ``zone`` and ``to`` (GM only): crossing there takes an overcome while it stands."""

    aspect_id: str
    zone: str
    to: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ClearBorder(Command):
    """Take ``aspect_id`` off the border between ``zone`` and ``to`` (GM only); the aspect
    stays in play."""

    aspect_id: str
    zone: str
    to: str


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class BorderBlocked(Event, NamesAspect):
    """Aspect ``aspect_id`` (named ``name`` as it was put there) stands on the border between
    ``zone`` and ``to``; ``zone_hidden``: either zone was kept from the players then."""

    aspect_id: str
    name: str
    zone: str
    to: str
    zone_hidden: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class BorderCleared(Event, NamesAspect):
    """Aspect ``aspect_id`` (named ``name``) no longer stands on the border between ``zone``
    and ``to``; ``zone_hidden`` as for :class:`BorderBlocked`."""

    aspect_id: str
    name: str
    zone: str
    to: str
    zone_hidden: bool = False


# -- who may, and the events a command becomes -------------------------------------------------


def _border_event(
    context: Context, kind: type[BorderBlocked] | type[BorderCleared], asked: BlockBorder
) -> BorderBlocked | BorderCleared:
    scene = scene_in_play(context.state)
    if asked.aspect_id not in scene.aspects:
        raise BadInput(f"no aspect {asked.aspect_id!r} is in play", code="aspect_gone")
    hidden = zone_hidden(context.state, asked.zone) or zone_hidden(context.state, asked.to)
    name = scene.aspects.get(asked.aspect_id).name
    return context.event_from(kind, asked, name=name, zone_hidden=hidden)


@decides(BlockBorder, gm="put aspects on borders")
def _block_border(context: Context, command: BlockBorder) -> list[Event]:
    return [_border_event(context, BorderBlocked, command)]


@decides(ClearBorder, gm="take aspects off borders")
def _clear_border(context: Context, command: ClearBorder) -> list[Event]:
    asked = BlockBorder(aspect_id=command.aspect_id, zone=command.zone, to=command.to)
    return [_border_event(context, BorderCleared, asked)]


# -- the fold ----------------------------------------------------------------------------------


def _map(state: TableState) -> ZoneMap:
    zones = scene_in_play(state).zones
    if zones is None:
        raise BadInput("this scene has no zones", code="no_zones")
    return zones


@judges(BorderBlocked)
def _judge_blocked(state: TableState, event: BorderBlocked) -> None:
    scene_in_play(state).block_border(event.zone, event.to, event.aspect_id)


@assigns(BorderBlocked)
def _blocked(state: TableState, event: BorderBlocked) -> None:
    _map(state).assign_border(event.zone, event.to, event.aspect_id, standing=True)


@judges(BorderCleared)
def _judge_cleared(state: TableState, event: BorderCleared) -> None:
    scene_in_play(state).clear_border(event.zone, event.to, event.aspect_id)


@assigns(BorderCleared)
def _cleared(state: TableState, event: BorderCleared) -> None:
    _map(state).assign_border(event.zone, event.to, event.aspect_id, standing=False)


writes({Region.SCENE}, BorderBlocked, BorderCleared)

# -- what each seat sees -----------------------------------------------------------------------


@shows(BorderBlocked, BorderCleared)
def _show_border(viewer: Viewer, event: BorderBlocked | BorderCleared, data: JSON) -> JSON | None:
    # A border of a zone kept from the players, or an aspect they could not see, is the GM's.
    if event.zone_hidden or not viewer.saw_aspect(event.aspect_id, event.aspect_sight):
        return None
    return data


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(
    BorderBlocked,
    "BorderBlocked",
    aspect=say.text("name", "aspect"),
    zone=say.text("zone"),
    to=say.text("to"),
)
tells(
    BorderCleared,
    "BorderCleared",
    aspect=say.text("name", "aspect"),
    zone=say.text("zone"),
    to=say.text("to"),
)
