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
    "ActionFact",
    "AspectFact",
    "BigBadFact",
    "BonusFact",
    "ClearedFact",
    "ConcessionFact",
    "ConditionFact",
    "ConflictFact",
    "ConsequenceFact",
    "ContestFact",
    "ContestHitFact",
    "ContestRollFact",
    "CountdownFact",
    "DefenderFact",
    "ExchangeFact",
    "Facts",
    "FighterFact",
    "HitFact",
    "InvocationFact",
    "InvokesFact",
    "MarkFact",
    "PackageFact",
    "PointsFact",
    "PositionFact",
    "RollFact",
    "RollSideFact",
    "SheetFact",
    "SlotFact",
    "StressFact",
    "StuntUseFact",
    "TaskFact",
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
    gave it then (ratings, stunts' and teamwork's bonuses, invokes, the ladder); and since
    issue 37 what makes it up, side by side (the roll, then its defence if it has one)."""

    roll: str
    effort: int
    opposition: int | None = None
    outcome: Outcome | None = None
    sides: tuple[RollSideFact, ...] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BonusFact:
    """A bonus that counts on a roll (or raises its difficulty): where it comes from (a
    ``BonusKind`` value), how much, and what it is."""

    kind: str
    amount: int
    source: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class InvocationFact:
    """An invoke on a roll: the aspect, who invoked it, for what (an ``InvokeEffect`` value),
    whether a free invoke paid for it and whether it was hostile."""

    aspect: str
    by: str
    effect: str
    free: bool
    hostile: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class RollSideFact:
    """One side of a roll in play as a move left it (the roll itself, or its defence): who
    rolls which skill and the rating the rules gave them, where the roll is (a ``RollPhase``
    value), the difficulty it faces and every raise of it, the dice and those a reroll
    replaced, every bonus that counts, the invokes on it, the stunts used and what they add to
    a success (free invokes) or to any outcome (boosts)."""

    actor: str
    rating: int
    phase: str
    skill: str | None = None
    difficulty: int | None = None
    faces: str | None = None
    rerolled: tuple[str, ...] = ()
    bonuses: tuple[BonusFact, ...] = ()
    raises: tuple[BonusFact, ...] = ()
    invocations: tuple[InvocationFact, ...] = ()
    stunts: tuple[str, ...] = ()
    free_invokes: int = 0
    boosts: int = 0


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
    and earned and refresh awarded at breakthroughs; and since issue 37 the stress tracks the
    sheet has (each track's box values) and its consequence slots (severity, shifts, harm and
    condition), which the rules worked out from its skills and stunts (``None``: not recorded,
    as by older releases)."""

    character: str
    skills: tuple[tuple[str, int], ...]
    stunts: tuple[str, ...]
    refresh: int
    aspects: tuple[tuple[str, str], ...]
    recovering: tuple[tuple[int, str], ...] = ()
    banked: int = 0
    earned: int = 0
    awarded: int = 0
    stress: tuple[tuple[str, tuple[int, ...]], ...] | None = None
    slots: tuple[SlotFact, ...] | None = None
    # Since issue 41's packages bought at a milestone: the rule set's packages the sheet holds
    # (``None``: not recorded, at a table whose rule set has none or by older releases).
    packages: tuple[PackageFact, ...] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PackageFact:
    """A package on a sheet (Venture City's power): its key and the options bought on it, one
    entry a purchase."""

    key: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class MarkFact:
    """A moment of play as the clock counts it: the scenes and sessions ended and the minor,
    major and significant milestones reached by then, and where in play it fell (a ``Moment``
    value)."""

    scenes: int
    sessions: int
    minor: int
    major: int
    moment: str
    significant: int = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class StressFact:
    """A character's stress track as a move left it: which of its boxes are marked, by place."""

    character: str
    track: str
    marked: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class ConditionFact:
    """A rule set's condition (the Fate System Toolkit's) on a sheet as a move left it: the
    boxes of it marked (0: it was cleared), the aspect's id and name, the sessions ended when it
    was taken and, for a lasting one, when its recovery began (``None``: not recovering)."""

    character: str
    key: str
    boxes: int
    aspect: str = ""
    name: str = ""
    taken_session: int = 0
    recovering_session: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SlotFact:
    """A consequence slot of a sheet: its severity, the shifts it absorbs, the harm it takes
    (a ``Track`` value) and, with the conditions option, the condition it marks."""

    severity: str
    shifts: int
    track: str
    condition: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ConsequenceFact:
    """A consequence slot of a character's sheet, by place, as a move left it: the consequence
    it holds (``aspect``: its id, ``None`` for an empty slot) and its name, whether it is
    recovering and since when, the conflict it was taken in and when, the character aspect an
    extreme consequence replaced (its id and name), and for a slot the move added to the sheet
    (an extreme consequence's), what slot it is."""

    character: str
    slot: int
    aspect: str | None = None
    name: str = ""
    recovering: bool = False
    treated_at: MarkFact | None = None
    conflict: str | None = None
    taken_at: MarkFact | None = None
    replaced: tuple[str, str] | None = None
    added: SlotFact | None = None


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
class BigBadFact:
    """A big bad of a conflict as a move left it: how many of its true forms it has shown
    past the first, and where its immunity stands (an ``ImmunityState`` value; ``None``: it
    has none)."""

    who: str
    form: int = 0
    immunity: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionFact:
    """What the rules made of a conflict's action under way as it was declared: the Weapon and
    Armor that count, what a create an advantage works on (an ``AdvantageTarget`` value), a
    scale advantage (the higher ``Side``, its levels and the ``ScaleBenefit`` taken), the
    cover a defender shelters behind (whether it negates the attack, and its Armor), whether
    an attack on several targets is made from a distance, and each aimed target's share and
    defence (a :class:`RollFact` by target)."""

    weapon: int = 0
    armor: int = 0
    advantage: str = "new"
    scale: tuple[str, int, str] | None = None
    cover: tuple[bool, int] | None = None
    ranged: bool = False
    aimed: tuple[RollFact, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ConflictFact:
    """A conflict's frame as a move left it, by the parts the move changed (``None``: not
    changed): its turns, the participants it changed, every full defender and who has rolled a
    defence since their full defense, every concession, the big bads it changed and the
    blocks still in the scene."""

    turn: TurnFact | None = None
    fighters: tuple[FighterFact, ...] | None = None
    defenders: tuple[DefenderFact, ...] | None = None
    defended: tuple[str, ...] | None = None
    concessions: tuple[ConcessionFact, ...] | None = None
    big_bads: tuple[BigBadFact, ...] | None = None
    blocks: tuple[str, ...] | None = None
    action: ActionFact | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ExchangeFact:
    """What one exchange of a contest decided: each side's effort, the victories marked, a tie
    for the best effort (a twist), the shifts each harmed side took (and, hitting a whole side,
    each member), and the winner if it ended the contest."""

    efforts: tuple[tuple[str, int], ...]
    victories: tuple[tuple[str, int], ...]
    twist: bool
    hits: tuple[tuple[str, int], ...] = ()
    winner: str | None = None
    member_hits: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestRollFact:
    """A side's overcome in a contest's exchange, once counted: who rolled which skill, the
    dice as they fell, its effort, the version of its event, and whether the NPCs' dice were
    hidden then."""

    side: str
    actor: str
    skill: str
    faces: str
    effort: int
    version: int
    npc_dice_hidden: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestFact:
    """A running contest as a move left it: each side's members and victories, the winner,
    every exchange settled, and this exchange so far (efforts counted, sides that gave up their
    roll, outside threats' efforts and who made them, the rolls counted) and the last
    exchange's rolls."""

    victories: tuple[tuple[str, int], ...]
    members: tuple[tuple[str, tuple[str, ...]], ...]
    winner: str | None = None
    exchanges: tuple[ExchangeFact, ...] = ()
    efforts: tuple[tuple[str, int], ...] = ()
    forfeits: tuple[str, ...] = ()
    threats: tuple[tuple[str, int], ...] = ()
    threat_by: tuple[tuple[str, str], ...] = ()
    rolls: tuple[ContestRollFact, ...] = ()
    last: tuple[ContestRollFact, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class ContestHitFact:
    """A hit a contest dealt, waiting to be absorbed: on whom, its shifts, who gets the free
    invoke on a consequence it leaves, and its harm (a ``Track`` value)."""

    target: str
    shifts: int
    by: str
    harm: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TaskFact:
    """A challenge's task as a move left it: how it went, once rolled (who, the skill, the
    effort and shifts, the outcome, the option chosen, whether it succeeded and at a cost)."""

    key: str
    by: str
    skill: str
    effort: int
    shifts: int
    outcome: Outcome
    option: str
    succeeded: bool
    at_a_cost: bool


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
    ``conflict``, ``countdowns``, ``stunt_uses``, ``positions``, ``contest`` (whole), the
    ``contest_hits`` waiting and a challenge's ``tasks`` the parts of the table of those kinds
    it changed.

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
    contest: ContestFact | None = None
    contest_hits: tuple[ContestHitFact, ...] | None = None
    tasks: tuple[TaskFact, ...] | None = None
    conditions: tuple[ConditionFact, ...] | None = None
    version: int = 1
