"""Zones: a sketch map of a scene, who is where, and who can reach or move where."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

from fatekit.rules.aspects.aspects import AspectsInPlay
from fatekit.rules.core.actions import (
    Action,
    Chooser,
    Fail,
    GainBoost,
    Option,
    Resolution,
    Side,
    Succeed,
)
from fatekit.rules.core.citations import CONDENSED, CORE, rule
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.outcomes import Outcome, outcome_for
from fatekit.rules.core.waivers import refuse

__all__ = [
    "BORDER_RULE",
    "FREE_MOVE_RULE",
    "INTERACT_RULE",
    "MOVE_ROLL_RULE",
    "PLACE_RULE",
    "RANGED_RULE",
    "Zone",
    "ZoneMap",
    "resolve_move",
]

INTERACT_RULE = rule(
    "zone.interact",
    CONDENSED,
    "Setting Up Scenes > Zones",
    "Everyone in a zone can reach everyone and everything else in it; beyond it, you must move or "
    "have something that reaches",
)
RANGED_RULE = rule(
    "zone.ranged",
    CONDENSED,
    "Setting Up Scenes > Zones",
    "Ranged attacks reach adjacent zones, or further where the map is open enough",
)
FREE_MOVE_RULE = rule(
    "zone.free-move",
    CONDENSED,
    "Setting Up Scenes > Zones",
    "Alongside the exchange's action a character may move one zone, if nothing stands in the way",
)
MOVE_ROLL_RULE = rule(
    "zone.move-roll",
    CORE,
    "Movement",
    "Moving further, past an impeding aspect or a character in the way takes the action: an "
    "overcome that fails to move, moves at the price of a boost on a tie, moves on a success, "
    "and adds a boost with style",
)
BORDER_RULE = rule(
    "zone.border-aspect",
    CORE,
    "Zones",
    "A situation aspect of the scene may stand on the border between two adjacent zones: while "
    "it is in play, crossing there is no free move but an overcome",
)
PLACE_RULE = rule(
    "zone.place",
    CORE,
    "Establishing Sides",
    "The table settles who stands in which zone as a scene or a conflict begins, and the GM may "
    "put anyone anywhere the story takes them",
)


@dataclass(frozen=True, slots=True)
class Zone:
    """One area of the map."""

    id: str
    name: str


class ZoneMap:
    """Zones, which are adjacent, what impedes moving between them, and who is in which.

    ``ranged_reach`` is how many zones away a ranged attack can reach on this map (1: adjacent
    zones only); the GM may open lines of sight further.
    """

    def __init__(self, ranged_reach: int = 1) -> None:
        if ranged_reach < 1:
            raise BadInput("ranged attacks reach at least the adjacent zones")
        self.ranged_reach = ranged_reach
        self.zones: dict[str, Zone] = {}
        self._adjacent: dict[str, set[str]] = {}
        self._impediments: dict[frozenset[str], list[str]] = {}
        self.positions: dict[str, str] = {}
        # The aspects in play that may stand on a border (the scene's, once the map is a
        # scene's; ``None``: every one noted stands): one that left play blocks nothing more,
        # whichever way it went, with no one clearing it from the map.
        self.in_play: AspectsInPlay | None = None

    # -- building the map --------------------------------------------------------------------

    def add_zone(self, zone_id: str, name: str = "") -> Zone:
        """Add a zone."""
        if not zone_id.strip():
            raise BadInput("a zone needs an id")
        if zone_id in self.zones:
            raise BadInput(f"zone {zone_id!r} already exists")
        zone = Zone(zone_id, name.strip() or zone_id)
        self.zones[zone_id] = zone
        self._adjacent[zone_id] = set()
        return zone

    def connect(self, a: str, b: str) -> None:
        """Make two zones adjacent."""
        self._check_zone(a)
        self._check_zone(b)
        if a == b:
            raise BadInput("a zone is not adjacent to itself")
        self._adjacent[a].add(b)
        self._adjacent[b].add(a)

    def impede(self, a: str, b: str, aspect_id: str) -> None:
        """Note that a situation aspect makes moving between two adjacent zones hard."""
        if b not in self.neighbours(a):
            raise BadInput(f"zones {a!r} and {b!r} are not adjacent")
        self._impediments.setdefault(frozenset((a, b)), []).append(aspect_id)

    def clear_impediment(self, aspect_id: str) -> None:
        """Forget an impeding aspect everywhere (it was overcome or the scene changed)."""
        for edge in list(self._impediments):
            remaining = [a for a in self._impediments[edge] if a != aspect_id]
            if remaining:
                self._impediments[edge] = remaining
            else:
                del self._impediments[edge]

    def clear_border(self, a: str, b: str, aspect_id: str) -> None:
        """Take ``aspect_id`` off the border between ``a`` and ``b`` (it stays in play)."""
        edge = frozenset((a, b))
        remaining = [x for x in self._impediments.get(edge, []) if x != aspect_id]
        if remaining:
            self._impediments[edge] = remaining
        else:
            self._impediments.pop(edge, None)

    def assign_border(self, a: str, b: str, aspect_id: str, *, standing: bool) -> None:
        """Put ``aspect_id`` on the border between ``a`` and ``b`` (``standing``) or take it off,
        as a table's log recorded it: an assignment, checked by no rule."""
        if standing:
            noted = self._impediments.setdefault(frozenset((a, b)), [])
            if aspect_id not in noted:
                noted.append(aspect_id)
        else:
            self.clear_border(a, b, aspect_id)

    def check_border(self, a: str, b: str, aspect_id: str, *, blocking: bool) -> None:
        """Refuse to put ``aspect_id`` on the border between ``a`` and ``b`` (``blocking``) when
        the zones are not adjacent or it stands there already, or to take it off when it does
        not (:data:`BORDER_RULE`)."""
        self._check_zone(a)
        self._check_zone(b)
        if b not in self.neighbours(a):
            raise BadInput(
                f"zones {a!r} and {b!r} share no border", code="border_not_adjacent", a=a, b=b
            )
        there = aspect_id in self.impediments(a, b)
        if blocking and there:
            raise BadInput(
                f"aspect {aspect_id} stands on the border between {a!r} and {b!r} already",
                code="border_blocked_already",
                a=a,
                b=b,
            )
        if not blocking and not there:
            raise BadInput(
                f"aspect {aspect_id} does not stand on the border between {a!r} and {b!r}",
                code="border_not_blocked",
                a=a,
                b=b,
            )

    def impediments(self, a: str, b: str) -> list[str]:
        """The aspects in play impeding movement between two zones."""
        noted = self._impediments.get(frozenset((a, b)), [])
        return [x for x in noted if self.in_play is None or x in self.in_play]

    def borders(self) -> list[tuple[str, str, str]]:
        """Every border an aspect in play stands on: ``(a, b, aspect_id)``, ``a`` before ``b``."""
        found: list[tuple[str, str, str]] = []
        for edge, noted in self._impediments.items():
            a, b = sorted(edge)
            found.extend((a, b, x) for x in noted if self.in_play is None or x in self.in_play)
        return sorted(found)

    def place(self, participant: str, zone_id: str) -> None:
        """Put a participant in a zone (scene set-up, or after a move)."""
        self._check_zone(zone_id)
        self.positions[participant] = zone_id

    def assign_position(self, participant: str, zone_id: str | None) -> None:
        """Put ``participant`` where a table's log recorded them (``None``: off the map): an
        assignment, checked by no rule."""
        if zone_id is None:
            self.positions.pop(participant, None)
        else:
            self.positions[participant] = zone_id

    def remove(self, participant: str) -> None:
        """Take a participant off the map."""
        self.positions.pop(participant, None)

    # -- questions ---------------------------------------------------------------------------

    def neighbours(self, zone_id: str) -> set[str]:
        """The zones adjacent to ``zone_id``."""
        self._check_zone(zone_id)
        return set(self._adjacent[zone_id])

    def zone_of(self, participant: str) -> str:
        """Where the participant is."""
        try:
            return self.positions[participant]
        except KeyError:
            raise BadInput(f"{participant!r} is not on the map") from None

    def occupants(self, zone_id: str) -> list[str]:
        """Who is in a zone."""
        self._check_zone(zone_id)
        return sorted(p for p, z in self.positions.items() if z == zone_id)

    def distance(self, a: str, b: str) -> int | None:
        """How many zone boundaries lie between two zones (``None`` when not connected)."""
        self._check_zone(a)
        self._check_zone(b)
        seen = {a: 0}
        queue = deque([a])
        while queue:
            here = queue.popleft()
            if here == b:
                return seen[here]
            for there in self._adjacent[here]:
                if there not in seen:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        return None

    def can_interact(self, a: str, b: str) -> bool:
        """Whether two participants share a zone."""
        return self.zone_of(a) == self.zone_of(b)

    def can_reach(
        self, attacker: str, target: str, *, ranged: bool = False, reach: int | None = None
    ) -> bool:
        """Whether an attack can reach: in the same zone, or within reach for a ranged attack."""
        if self.can_interact(attacker, target):
            return True
        if not ranged:
            return False
        apart = self.distance(self.zone_of(attacker), self.zone_of(target))
        limit = self.ranged_reach if reach is None else reach
        return apart is not None and apart <= limit

    def check_reach(
        self, attacker: str, target: str, *, ranged: bool = False, reach: int | None = None
    ) -> None:
        """Raise :class:`IllegalAction` unless the attack can reach."""
        if self.can_reach(attacker, target, ranged=ranged, reach=reach):
            return
        where = f"{attacker} is in {self.zone_of(attacker)}, {target} in {self.zone_of(target)}"
        if ranged:
            refuse(f"{target} is out of range: {where}", RANGED_RULE)
        else:
            refuse(f"{target} is not in reach: {where}", INTERACT_RULE)

    def obstacles_to_moving(
        self, participant: str, to: str, in_the_way: Iterable[str] = ()
    ) -> list[str]:
        """Why a move would need a roll (an empty list: the move is free).

        ``in_the_way`` are characters actively standing between the mover and where they go.
        """
        here = self.zone_of(participant)
        self._check_zone(to)
        if here == to:
            raise BadInput(f"{participant} is already in {to!r}")
        apart = self.distance(here, to)
        if apart is None:
            refuse(f"there is no way from {here!r} to {to!r}", MOVE_ROLL_RULE)
            return []  # the GM lets them get there
        reasons = []
        if apart > 1:
            reasons.append(f"{to!r} is {apart} zones away")
        else:
            reasons.extend(self._standing_on(a) for a in self.impediments(here, to))
        reasons.extend(f"{who} is in the way" for who in sorted(set(in_the_way)))
        return reasons

    def free_moves(self, participant: str, in_the_way: Iterable[str] = ()) -> tuple[str, ...]:
        """The zones a free move takes ``participant`` to: the adjacent ones with nothing in the
        way (none for someone placed nowhere)."""
        if participant not in self.positions:
            return ()
        here = self.zone_of(participant)
        standing = tuple(in_the_way)
        return tuple(
            sorted(
                z
                for z in self.neighbours(here)
                if not self.obstacles_to_moving(participant, z, standing)
            )
        )

    def ways_from(self, participant: str) -> tuple[str, ...]:
        """Every zone ``participant`` could get to from where they stand, by whatever move (none
        for someone placed nowhere)."""
        if participant not in self.positions:
            return ()
        here = self.zone_of(participant)
        return tuple(
            sorted(z for z in self.zones if z != here and self.distance(here, z) is not None)
        )

    def move_freely(self, participant: str, to: str, in_the_way: Iterable[str] = ()) -> None:
        """Make a free move to an adjacent zone; raise if the move needs a roll."""
        reasons = self.obstacles_to_moving(participant, to, in_the_way)
        if reasons:
            refuse(
                f"{participant} cannot move to {to!r} for free: {'; '.join(reasons)}",
                FREE_MOVE_RULE,
            )
        self.positions[participant] = to

    def _standing_on(self, aspect_id: str) -> str:
        """Why a border aspect makes a move no free one, naming it (by its id on a map of no
        scene's) unless it is hidden: the reason reaches whoever tried to move."""
        aspect = None if self.in_play is None else self.in_play.find(aspect_id)
        if aspect is None:
            return f"aspect {aspect_id} impedes the way"
        if aspect.hidden:
            return "something hidden impedes the way"
        return f"{aspect.name!r} impedes the way"

    def _check_zone(self, zone_id: str) -> None:
        if zone_id not in self.zones:
            raise BadInput(f"no zone {zone_id!r} on the map")


def resolve_move(shifts: int) -> Resolution:
    """What a movement overcome achieves, by its shifts."""
    outcome = outcome_for(shifts)
    effects: tuple[Succeed | Fail | GainBoost, ...]
    if outcome is Outcome.FAIL:
        effects = (Fail(),)
    elif outcome is Outcome.TIE:
        effects = (Succeed(), GainBoost(Side.OPPOSITION))
    elif outcome is Outcome.SUCCESS:
        effects = (Succeed(),)
    else:
        effects = (Succeed(), GainBoost(Side.ACTOR))
    return Resolution(
        Action.OVERCOME,
        shifts,
        outcome,
        (Option("move", effects),),
        Chooser.NONE,
        MOVE_ROLL_RULE.key,
    )
