"""What an event records of the move it was: the facts its decision computed, which its fold
assigns (:mod:`fatekit.table.facts` records and assigns them; :class:`Facts` is what an event
holds). Each record is a part of the table as the move left it, in the game's own terms (a
stress box marked, a consequence written, whose turn it is), so a log reads the same whatever
shape a later release gives the rules' objects.
"""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.core.outcomes import Outcome

__all__ = [
    "FACTS_VERSION",
    "AspectFact",
    "ClearedFact",
    "ConcessionFact",
    "ConflictFact",
    "ConsequenceFact",
    "CountdownFact",
    "DefenderFact",
    "Facts",
    "FighterFact",
    "HitFact",
    "InvokesFact",
    "MarkFact",
    "PointsFact",
    "PositionFact",
    "RollFact",
    "SheetFact",
    "StressFact",
    "StuntUseFact",
    "TurnFact",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class PointsFact:
    """A supply of fate points as a move left it: its owner (a character, or the GM's pool
    ``"gm"``), the points usable now and those usable once the scene ends."""

    owner: str
    available: int
    pending: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class HitFact:
    """A hit waiting to be absorbed, as the rules made it: whom it falls on, its shifts (after
    every reduction) and who dealt it."""

    target: str
    shifts: int
    by: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ClearedFact:
    """A consequence the move cleared: whose, and the place of its slot on the sheet."""

    character: str
    slot: int


@dataclass(frozen=True, slots=True, kw_only=True)
class RollFact:
    """A roll in play as a move left it: its id, its effort, the opposition it faces (the
    difficulty, raised by any invokes, or the defender's effort; ``None``: an attack on several
    targets not yet split) and its outcome (``None`` with no opposition), each as the rules
    gave it then (ratings, stunts' and teamwork's bonuses, invokes, the ladder)."""

    roll: str
    effort: int
    opposition: int | None = None
    outcome: Outcome | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class InvokesFact:
    """The free invokes on an aspect as a move left them: the aspect's id and the holder of each
    free invoke, in order (a settled roll's: on the aspect it created or worked, on a boost)."""

    aspect: str
    holders: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class SheetFact:
    """A PC's sheet as an advancement left it: its skills (key and rating), its stunts (each as
    JSON text, as a character file writes it), its refresh, every aspect's id and name, the
    consequences that started recovering (slot and healing name), and the skill steps banked
    and earned and refresh awarded at breakthroughs."""

    character: str
    skills: tuple[tuple[str, int], ...]
    stunts: tuple[str, ...]
    refresh: int
    aspects: tuple[tuple[str, str], ...]
    recovering: tuple[tuple[int, str], ...] = ()
    banked: int = 0
    earned: int = 0
    awarded: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkFact:
    """A moment of play as the clock counts it: the scenes and sessions ended and the minor and
    major milestones reached by then, and where in play it fell (a ``Moment`` value)."""

    scenes: int
    sessions: int
    minor: int
    major: int
    moment: str


@dataclass(frozen=True, slots=True, kw_only=True)
class StressFact:
    """A character's stress track as a move left it: which of its boxes are marked, by place."""

    character: str
    track: str
    marked: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ConsequenceFact:
    """A consequence slot of a character's sheet, by place, as a move left it: the consequence
    it holds (``aspect``: its id, ``None`` for an empty slot) and its name, whether it is
    recovering and since when, the conflict it was taken in and when, and the character aspect
    an extreme consequence replaced (its id and name)."""

    character: str
    slot: int
    aspect: str | None = None
    name: str = ""
    recovering: bool = False
    treated_at: MarkFact | None = None
    conflict: str | None = None
    taken_at: MarkFact | None = None
    replaced: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class AspectFact:
    """An aspect of the scene (``where``: ``"scene"``), of the story (``"lasting"``) or of a
    character's sheet (the character's id) as a move left it: its name and kind, its owner and
    zone, who may see it while hidden, whether a boost is used up, and an organization aspect's
    organization and members. Its free invokes are :class:`InvokesFact`'s."""

    id: str
    where: str
    name: str
    kind: str
    owner: str | None = None
    zone: str | None = None
    hidden: bool = False
    known_to: tuple[str, ...] = ()
    gone: bool = False
    organization: str | None = None
    members: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnFact:
    """A conflict's turns as a move left them: its phase (a ``Phase`` value), whose turn it is,
    the exchange under way and who has acted and moved in it, the fixed turn order (``None``:
    elective), and whether an action is under way."""

    phase: str
    current: str
    exchange: int
    acted: tuple[str, ...] = ()
    moved: tuple[str, ...] = ()
    order: tuple[str, ...] | None = None
    under_way: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class FighterFact:
    """A participant of a conflict as a move left them: their side, whether they are still in
    (a ``Status`` value), a mob's members still standing, their Weapon and Armor ratings and
    their scale."""

    who: str
    side: str
    status: str
    members: int = 1
    weapon: int = 0
    armor: int = 0
    scale: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class DefenderFact:
    """A full defender and their focus (a ``FocusKind`` value and who it is about; ``None``:
    Fate Core's full defense, every defence)."""

    who: str
    focus: str | None = None
    about: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ConcessionFact:
    """A concession: who gave in, the fate points it earned and the consequences it counted."""

    who: str
    points: int
    consequences: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ConflictFact:
    """A conflict's frame as a move left it, by the parts the move changed (``None``: not
    changed): its turns, the participants it changed, every full defender and who has rolled a
    defence since their full defense, every concession."""

    turn: TurnFact | None = None
    fighters: tuple[FighterFact, ...] | None = None
    defenders: tuple[DefenderFact, ...] | None = None
    defended: tuple[str, ...] | None = None
    concessions: tuple[ConcessionFact, ...] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CountdownFact:
    """A countdown of the scene as a move left it: the boxes marked."""

    countdown: str
    marked: int


@dataclass(frozen=True, slots=True, kw_only=True)
class StuntUseFact:
    """When a character last used a limited stunt, as a move left it (``None``: not since it
    counts)."""

    character: str
    stunt: str
    used: MarkFact | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PositionFact:
    """Where a character stands on the scene's map as a move left them (``None``: off it)."""

    who: str
    zone: str | None = None


#: The version of the facts every event decided today records (see :class:`Facts`).
FACTS_VERSION = 2


@dataclass(frozen=True, slots=True, kw_only=True)
class Facts:
    """What a move did that the rules computed, recorded as it was decided, so that folding the
    event assigns it and never asks the rules again (a fix to a rule changes what happens next,
    never what already happened). What a field leaves out, the move did not change.

    ``points`` holds every supply of fate points the move changed, as it left them; ``hits``
    the hits waiting in the conflict after the move, when it changed them (empty: none wait any
    more); ``rolls`` the rolls in play whose figures the move made or changed (effort,
    opposition, outcome); ``sheets`` the sheets an advancement rewrote; ``invokes`` the free
    invokes on each aspect whose free invokes the move changed; ``stress``, ``consequences``,
    ``aspects`` (and ``gone``: the ids of the aspects it took out of play, by where they were),
    ``conflict``, ``countdowns``, ``stunt_uses`` and ``positions`` the parts of the table of
    those kinds it changed.

    ``version`` says how much the facts hold: 1 (left out of what older releases wrote) for
    facts recorded before issue 37, which hold only some of what a move did (``points``,
    ``hits``, ``cleared``: the consequences a move cleared, and from later releases ``rolls``,
    ``invokes`` and ``sheets``; ``None`` there may mean "not recorded"), whose events fold
    through :mod:`fatekit.table.upcasting`; :data:`FACTS_VERSION` for everything the fold
    assigns."""

    points: tuple[PointsFact, ...] | None = None
    hits: tuple[HitFact, ...] | None = None
    cleared: tuple[ClearedFact, ...] | None = None
    rolls: tuple[RollFact, ...] | None = None
    sheets: tuple[SheetFact, ...] | None = None
    invokes: tuple[InvokesFact, ...] | None = None
    stress: tuple[StressFact, ...] | None = None
    consequences: tuple[ConsequenceFact, ...] | None = None
    aspects: tuple[AspectFact, ...] | None = None
    gone: tuple[tuple[str, str], ...] | None = None
    conflict: ConflictFact | None = None
    countdowns: tuple[CountdownFact, ...] | None = None
    stunt_uses: tuple[StuntUseFact, ...] | None = None
    positions: tuple[PositionFact, ...] | None = None
    version: int = 1
