"""What the GM's screen keeps in a table's state: secret rolls waiting to be revealed, hidden
difficulties waiting for the roll they were set for, and scenes prepared ahead of play.

Everything here is the GM's alone until the GM lets it out: the views
(:mod:`fatekit.table.screen.views`) show it to GM seats and leave it out of every other seat's
payload.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fatekit.rules.core.actions import Action

__all__ = ["AskedRoll", "PreparedAspect", "PreparedScene", "Screen", "SecretRoll"]


@dataclass(frozen=True, slots=True)
class SecretRoll:
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
class PreparedAspect:
    """A situation aspect a prepared scene starts with (hidden ones are known only to the
    characters in ``known_to``); ``free_invokes`` gives (holder, count) pairs."""

    name: str
    zone: str | None = None
    hidden: bool = False
    known_to: tuple[str, ...] = ()
    free_invokes: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class PreparedScene:
    """A scene the GM set up ahead of play: its name, the characters already there (NPCs, as a
    rule) and where they stand, its zones and their links, its situation aspects, and the zone
    where those who join it as it starts come in (``entrance``)."""

    scene_id: str
    name: str
    participants: tuple[str, ...]
    zones: tuple[str, ...]
    links: tuple[tuple[str, str], ...]
    positions: tuple[tuple[str, str], ...]
    aspects: tuple[PreparedAspect, ...]
    entrance: str | None = None


@dataclass(slots=True)
class Screen:
    """The GM's screen in a table's state."""

    secret_rolls: dict[str, SecretRoll] = field(default_factory=dict)  # not revealed yet
    asked: dict[str, AskedRoll] = field(default_factory=dict)  # character -> hidden difficulty
    hidden_difficulty: bool = False  # whether the roll in play's difficulty is the GM's secret
    hidden_roll_at: int | None = None  # the version of the latest roll with a hidden difficulty
    prepared: dict[str, PreparedScene] = field(default_factory=dict)
