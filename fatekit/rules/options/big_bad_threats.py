"""The threat is a map, or a hive (the big-bads optional rule): a big bad made of parts.

Each part acts as a character; parts shield others until taken out, and the big bad falls with
its heart.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Set
from dataclasses import dataclass, field
from typing import Protocol

from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.waivers import refuse
from fatekit.rules.options.big_bad_solo import check_count

__all__ = [
    "THREAT_MAP_RULE",
    "Threat",
    "ThreatPart",
    "Zones",
]


class Zones(Protocol):
    """What a threat needs of a scene's zone map (:class:`~fatekit.rules.scenes.zones.ZoneMap`)."""

    @property
    def positions(self) -> Mapping[str, str]:
        """Who stands in which zone."""
        ...

    def place(self, participant: str, zone_id: str) -> None:
        """Put ``participant`` in ``zone_id``."""
        ...

    def zone_of(self, participant: str) -> str:
        """The zone ``participant`` is in."""
        ...

    def distance(self, a: str, b: str) -> int | None:
        """Moves between zones ``a`` and ``b`` (None when unconnected)."""
        ...

    def can_interact(self, a: str, b: str) -> bool:
        """Whether ``a`` and ``b`` share a zone."""
        ...


_SECTION = "Optional Rules > Ways to Break the Rules for Big Bads"

THREAT_MAP_RULE = rule(
    "big-bad.threat-map",
    CONDENSED,
    f"{_SECTION} > The Threat is a Map (or a Hive of Characters)",
    "A big bad may be a map of zones or a hive of parts, each a character that acts on its own; "
    "parts taken out stop acting and may be passed, and the big bad falls only with its heart",
)


# -- the threat is a map, or a hive ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ThreatPart:
    """One part of a big bad, played as a character with ``id`` as its participant id.

    On a map the part is a ``zone`` and acts against foes in it, or up to ``reach`` zones away
    (a limb). ``behind`` lists parts that must be taken out before this one can be attacked.
    """

    id: str
    zone: str | None = None
    reach: int = 0
    behind: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id.strip():
            raise BadInput("a part of a threat needs an id")
        check_count(f"part {self.id!r}'s reach", self.reach)
        if self.reach and self.zone is None:
            raise BadInput(f"part {self.id!r} reaches other zones but is not a zone itself")
        object.__setattr__(self, "behind", frozenset(self.behind))


@dataclass(frozen=True, slots=True)
class Threat:
    """A big bad as a map of zones or a hive of parts, beaten only when its ``heart`` falls."""

    name: str
    parts: tuple[ThreatPart, ...]
    heart: str

    def __post_init__(self) -> None:
        ids = [p.id for p in self.parts]
        if len(set(ids)) != len(ids):
            raise BadInput(f"threat {self.name!r}: two parts share an id")
        if self.heart not in ids:
            raise IllegalAction(
                f"threat {self.name!r} needs a heart among its parts", THREAT_MAP_RULE
            )
        zoned = {p.zone is not None for p in self.parts}
        if len(zoned) > 1:
            raise BadInput(
                f"threat {self.name!r}: on a map every part is a zone; in a hive none is"
            )
        for part in self.parts:
            unknown = sorted(part.behind - set(ids))
            if unknown or part.id in part.behind:
                raise BadInput(
                    f"part {part.id!r} is behind parts that cannot shield it: {unknown or [part.id]}"
                )
        self._check_reachable()

    @property
    def is_map(self) -> bool:
        """Whether the parts are zones of a map (otherwise a hive)."""
        return self.parts[0].zone is not None

    def has_part(self, part_id: str) -> bool:
        """Whether ``part_id`` is one of the parts."""
        return any(p.id == part_id for p in self.parts)

    def part(self, part_id: str) -> ThreatPart:
        """The part with this id."""
        for part in self.parts:
            if part.id == part_id:
                return part
        raise BadInput(f"{part_id!r} is not a part of {self.name}")

    def defeated(self, taken_out: Set[str]) -> bool:
        """Whether the big bad is beaten: its heart has been taken out."""
        return self.heart in taken_out

    def standing(self, taken_out: Set[str]) -> tuple[str, ...]:
        """Parts that still act (none once the heart has fallen)."""
        if self.defeated(taken_out):
            return ()
        return tuple(p.id for p in self.parts if p.id not in taken_out)

    def attackable(self, taken_out: Set[str]) -> tuple[str, ...]:
        """Parts that can be attacked now: standing, with every part shielding them taken out."""
        return tuple(p for p in self.standing(taken_out) if self.part(p).behind <= set(taken_out))

    def check_attack(self, part_id: str, taken_out: Set[str]) -> None:
        """Raise :class:`IllegalAction` unless ``part_id`` can be attacked now."""
        part = self.part(part_id)
        if part_id not in self.standing(taken_out):
            raise IllegalAction(f"{part_id} is already out of the fight", THREAT_MAP_RULE)
        shields = sorted(part.behind - set(taken_out))
        if shields:
            refuse(
                f"{part_id} cannot be reached until {', '.join(shields)} is taken out",
                THREAT_MAP_RULE,
            )

    def targets_for(
        self, part_id: str, foes: Iterable[str], taken_out: Set[str], zones: Zones | None = None
    ) -> tuple[str, ...]:
        """The foes a standing part may act against.

        A hive's parts act against anyone. A map's zone acts against foes in it, or within its
        reach (foes not on the map are out of its reach).
        """
        part = self.part(part_id)
        if part_id not in self.standing(taken_out):
            raise IllegalAction(f"{part_id} no longer takes actions", THREAT_MAP_RULE)
        listed = list(dict.fromkeys(foes))
        if part.zone is None:
            return tuple(listed)
        if zones is None:
            raise BadInput(f"{self.name} is a map: give the zones to see whom {part_id} reaches")
        found = []
        for foe in listed:
            if foe not in zones.positions:
                continue
            apart = zones.distance(part.zone, zones.zone_of(foe))
            if apart is not None and apart <= part.reach:
                found.append(foe)
        return tuple(found)

    def place_on(self, zones: Zones) -> None:
        """Put each part of a map in its zone, so the usual reach rules apply to attacks on it."""
        if not self.is_map:
            raise BadInput(f"{self.name} is a hive: its parts have no zones")
        for part in self.parts:
            assert part.zone is not None
            zones.place(part.id, part.zone)

    def _check_reachable(self) -> None:
        # Every part must be reachable once the parts shielding it fall: no shielding loops.
        down: set[str] = set()
        while True:
            opened = {p.id for p in self.parts if p.id not in down and p.behind <= down}
            if not opened:
                break
            down |= opened
        if len(down) != len(self.parts):
            stuck = sorted(p.id for p in self.parts if p.id not in down)
            raise IllegalAction(
                f"threat {self.name!r}: parts {stuck} shield each other and could never be reached",
                THREAT_MAP_RULE,
            )
