"""What each seat may see: the table as one seat sees it, put together from the domains' parts.

Views are computed on the server from the whole state, and everything a seat may not see is left
out before the view is built, never blanked afterwards:

- hidden aspects, unless the seat is a GM or ``known_to`` holds one of the seat's characters;
- the GM's characters (NPCs, extras no player owns) the players have not met in a scene and
  the GM has not revealed: nothing at all, not their names, nor the events about them;
- NPC sheets the GM has not revealed: only the name, the kind, unhidden aspects and consequences;
- countdowns as their visibility says (everything, only the boxes, or nothing);
- GM notes (GMs only) and private notes (their writer and the GMs only).

Each domain of :mod:`fatekit.table.play` declares its own part as a typed
:class:`~fatekit.table.parts.Part` built from the rules' objects (the characters, the scene, the
rolls in play, the conflict, the contest, the challenge, the compels, the GM's screen) and draws
it through the seat's
:class:`~fatekit.table.seeing.Viewer`, and says what a seat receives of each of its events
(:func:`~fatekit.table.event_views.event_for`). What the seat's characters may do now comes from
:mod:`fatekit.table.offers`.

A view holds what is in play, never the story so far: that is the log, read a page at a time
(:func:`fatekit.table.history.log_page` with :func:`~fatekit.table.event_views.event_for`), so a
view's size does not grow with the table's age.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import msgspec

from fatekit.rules.characters.character import CharacterKind
from fatekit.rules.characters.preset import AdvancementStyle
from fatekit.rules.core.clock import Milestone
from fatekit.rules.options.ruleset import BETWEEN_SESSIONS
from fatekit.rules.scenes.conflict import Conflict, Phase
from fatekit.table import offers
from fatekit.table.deciding import (
    GM_MOVES,
    allowed,
    check_may_waive,
    gm_moves,
    play_goes_on,
)
from fatekit.table.parts import Part, to_builtins
from fatekit.table.play.aspects import CompelPart, SelfCompelPart, compels_view, self_compels_view
from fatekit.table.play.challenges import ChallengePart, challenge_view
from fatekit.table.play.conflicts import (
    ConflictMove,
    ConflictSeenPart,
    conflict_offers,
    conflict_view,
)
from fatekit.table.play.contests import (
    ContestHitPart,
    ContestPart,
    contest_hits_view,
    contest_view,
)
from fatekit.table.play.gear import (
    BigBadPart,
    HazardPart,
    big_bads_view,
    equippable,
    hazards_view,
)
from fatekit.table.play.notes import note_offers
from fatekit.table.play.options import own_randomizers
from fatekit.table.play.people import (
    AddCharacter,
    CharacterPart,
    add_offers,
    character_view,
    check_hides_aspects,
)
from fatekit.table.play.rolls import LastRollPart, RollPart, last_roll_view, roll_view
from fatekit.table.play.safety import SafetyPart, held_back, safety_view
from fatekit.table.play.scenes import ScenePart, scene_view
from fatekit.table.play.secrets import ScreenPart, screen_view
from fatekit.table.play.setting import SettingPart, setting_view
from fatekit.table.play.targets import TargetPart, check_settle_targets, targets_view
from fatekit.table.read_only import ReadOnlyPart
from fatekit.table.regions import EVERY, Region
from fatekit.table.seats import NoteVisibility, Role
from fatekit.table.seeing import JSON, PUBLIC, Viewer
from fatekit.table.state import TableState

__all__ = ["PARTS", "PUBLIC", "GmMove", "SeatView", "ViewPart", "Viewer", "table_view", "view_for"]

T = TypeVar("T")
P = TypeVar("P")


class TablePart(Part, kw_only=True):
    """The table itself: its name and version, the rules it plays by."""

    id: str
    name: str
    version: int
    preset: str
    options: list[str]
    # The optional rules of other books that are rules of this table's own (Fate Core's
    # extreme consequences and full defense): in force, and never a choice.
    book_rules: list[str]
    # The milestones a session's end may bring: a milestone and a breakthrough (Fate
    # Condensed), or minor, significant and major (Fate Core, Fate Accelerated).
    advancement: AdvancementStyle
    milestone_levels: list[Milestone]
    # The optional rules the GM may take up or drop between sessions.
    between_sessions: list[str]
    skill_list: str | None
    # How the table draws (a Randomizer's value), and whether the GM lets players' seats
    # choose their own way (each seat's own is in its ``you``).
    randomizer: str
    seats_choose_randomizer: bool
    ruleset: bool  # a rule-set file, not a built-in
    difficulty_guidance: offers.DifficultyGuidancePart
    # An event this release cannot fold: the table is open read-only before it, and a GM
    # reads why (fatekit.table.unfolded).
    read_only: ReadOnlyPart | None


#: The commands only a GM may send, by name: derived from the registry
#: (:data:`~fatekit.table.deciding.GM_MOVES`, filled by ``@decides(..., gm=...)`` as the domains
#: import, all of them before this module), so the published contract (``page.schema.json``,
#: ``page.d.ts``) names a new GM move with nothing else listing it. To a type checker, which
#: cannot read a registry, any command's name.
if TYPE_CHECKING:
    GmMove = str
else:
    GmMove = Literal[tuple(sorted(kind.__name__ for kind in GM_MOVES))]


class YouPart(Part, kw_only=True):
    """The seat reading the document, and the characters it plays."""

    seat: str
    role: Role
    name: str
    characters: list[str]
    # The commands only a GM may send (start a scene, a conflict; seat people...), by name,
    # that this seat may send: every one for the GM, by the check their deciders make.
    may: list[GmMove]
    # How this seat's rolls are drawn now (its own choice, or the table's way), and the
    # randomizers it may choose for itself now: none unless the GM lets the seats choose.
    randomizer: str
    randomizers: list[str]
    # The kinds of character the seat may add now, each with the owners it may give one
    # (null: the GM's), by the check AddCharacter's decider makes; none while a signal waits.
    adds: dict[CharacterKind, list[str | None]]
    # Whether the seat may keep a character's aspects from the players as it adds one (the
    # import's boxes), by the check AddCharacter's decider makes of hidden aspects.
    may_hide: bool
    # The visibilities the seat may write a note in (public, private, the GMs'), by the checks
    # the table makes of the seat (none for a spectator). A safety signal waiting holds notes
    # back as it holds all play, but not their form: a note half written stays, and one sent
    # meanwhile is refused with the signal's rule beside it.
    notes: list[NoteVisibility]
    # Whether the seat may set a rule aside for a command it sends (a waiver), by the check
    # the table makes of it.
    may_waive: bool


class SeatPart(Part, kw_only=True):
    id: str
    role: Role
    name: str


class TimePart(Part, kw_only=True):
    """Where the table is in its story: the session, the arc, the scenes and sessions ended and
    the milestones reached."""

    session: int
    in_session: bool
    arc: int
    scenes_ended: int
    sessions_ended: int
    minor_milestones: int
    major_milestones: int
    significant_milestones: int


class TemplatePart(Part, kw_only=True):
    """A character template the GM keeps (its sheet as a character file's text)."""

    id: str
    name: str
    sheet: str


class SeatView(Part, kw_only=True):
    """The table as one seat sees it: every part of the document, each a domain's."""

    table: TablePart
    you: YouPart
    seats: list[SeatPart]
    time: TimePart
    gm_pool: int
    characters: list[CharacterPart]
    templates: list[TemplatePart]
    scene: ScenePart | None
    conflict: ConflictPart | None
    contest: ContestPart | None
    # Hits a contest dealt, waiting to be taken (outlasting the contest); the ways to take
    # one only for a character the seat plays, and only on their first hit.
    contest_hits: list[ContestHitPart]
    challenge: ChallengePart | None
    roll: RollPart | None
    rolls: list[RollPart]
    compels: list[CompelPart]
    self_compels: list[SelfCompelPart]
    milestones: dict[str, Milestone]
    last_roll: LastRollPart | None
    screen: ScreenPart
    setting: SettingPart
    safety: SafetyPart


def view_for(state: TableState, seat: str | None) -> JSON:
    """The table as ``seat`` may see it, as plain JSON values (``None``: as the public, a
    spectator without a seat, sees it): what Discord and the recap read.

    Raises :class:`~fatekit.rules.ForbiddenAction` for a seat that is not at the table.
    """
    found: JSON = to_builtins(table_view(Viewer(state, seat)))
    return found


def table_view(viewer: Viewer) -> SeatView:
    """The table as the seat of ``viewer`` sees it: every part of :data:`PARTS`."""
    return SeatView(**{part.name: part.build(viewer) for part in PARTS})


@dataclass(frozen=True, slots=True)
class ViewPart:
    """One part of a seat's view: its name in the document, the regions of the state its
    builder reads (:mod:`fatekit.table.regions`: everything it looks at, its offers' and the
    seat's own included), and the builder."""

    name: str
    reads: frozenset[Region]
    build: Callable[[Viewer], Any]


def _table(viewer: Viewer) -> TablePart:
    state = viewer.state
    read_only = state.read_only
    return TablePart(
        id=state.table_id,
        name=state.name,
        version=state.version,
        preset=state.preset,
        options=sorted(o.value for o in state.ruleset.options),
        book_rules=sorted(state.ruleset.preset.book_rules),
        advancement=state.ruleset.preset.advancement,
        milestone_levels=[Milestone(m) for m in state.ruleset.preset.advancement.levels],
        between_sessions=sorted(o.value for o in BETWEEN_SESSIONS),
        skill_list=state.skill_list,
        randomizer=state.randomizer,
        seats_choose_randomizer=state.seats_choose_randomizer,
        ruleset=state.ruleset_file is not None,
        difficulty_guidance=offers.difficulty_choices(),
        read_only=None if read_only is None else read_only.part(viewer.gm),
    )


def _you(viewer: Viewer) -> YouPart:
    return YouPart(
        seat=viewer.seat.id,
        role=viewer.seat.role,
        name=viewer.seat.name,
        characters=sorted(viewer.mine),
        may=[k.__name__ for k in gm_moves(viewer.seat) if not held_back(viewer.state, k)],
        randomizer=viewer.state.randomizer_of(viewer.seat.id),
        randomizers=own_randomizers(viewer.state, viewer.seat.id),
        adds={} if held_back(viewer.state, AddCharacter) else add_offers(viewer.state, viewer.seat),
        # is_gm first: both checks' own test, answered without a refusal raised.
        may_hide=viewer.gm and allowed(check_hides_aspects, viewer.seat),
        notes=note_offers(viewer.seat),
        may_waive=viewer.gm and allowed(check_may_waive, viewer.seat),
    )


def _time(viewer: Viewer) -> TimePart:
    state = viewer.state
    clock = state.game.clock
    return TimePart(
        session=state.session,
        in_session=state.game.in_session,
        arc=state.arc,
        scenes_ended=clock.scenes_ended,
        sessions_ended=clock.sessions_ended,
        minor_milestones=clock.minor_milestones,
        major_milestones=clock.major_milestones,
        significant_milestones=clock.significant_milestones,
    )


def _first_roll(viewer: Viewer) -> RollPart | None:
    state = viewer.state
    first = state.conflict_roll() or next(iter(state.rolls.values()), None)
    return None if first is None else roll_view(viewer, first)


def _characters(viewer: Viewer) -> list[CharacterPart]:
    characters = viewer.state.game.characters.values()
    return [character_view(viewer, c) for c in characters if viewer.knows(c.id)]


def _optional(build: Callable[[Viewer, T], P], of: Callable[[TableState], T | None]) -> Any:
    def part(viewer: Viewer) -> P | None:
        found = of(viewer.state)
        return None if found is None else build(viewer, found)

    return part


#: Read by almost every part: any change to play (a part that reads it is recomputed after
#: every event but a note, a template, a setting's entry or a safety tool's).
PLAY = EVERY - {Region.VERSION, Region.TEMPLATES, Region.SETTING, Region.SAFETY}
#: Read by the parts that offer moves of play, or hold aspects (which offer theirs): a safety
#: signal waiting holds every move of play back (:func:`~fatekit.table.deciding.play_goes_on`),
#: so raising or answering one changes them.
OFFERING = PLAY | {Region.SAFETY}

#: The parts of a seat's view, in the document's order.
PARTS: tuple[ViewPart, ...] = (
    # Its version is a part of its own in the live document (fatekit.table.documents).
    ViewPart("table", frozenset({Region.TABLE, Region.SEATS, Region.VERSION}), _table),
    # Its GM's moves are held back while a safety signal waits.
    ViewPart(
        "you", frozenset({Region.SEATS, Region.CHARACTERS, Region.SAFETY, Region.TABLE}), _you
    ),
    ViewPart(
        "seats",
        frozenset({Region.SEATS}),
        lambda viewer: [
            SeatPart(id=s.id, role=s.role, name=s.name) for s in viewer.state.seats.values()
        ],
    ),
    ViewPart("time", frozenset({Region.TIME}), _time),
    ViewPart(
        "gm_pool",
        frozenset({Region.CHARACTERS}),
        lambda viewer: viewer.state.game.ledger.gm.available,
    ),
    ViewPart("characters", OFFERING, _characters),
    ViewPart(
        "templates",
        frozenset({Region.TEMPLATES}),
        lambda viewer: [
            TemplatePart(id=key, name=name, sheet=sheet)
            for key, (name, sheet) in viewer.state.templates.items()
        ],
    ),
    ViewPart("scene", OFFERING, _optional(scene_view, lambda state: state.game.scene)),
    ViewPart("conflict", OFFERING, _optional(lambda v, c: _conflict(v, c), lambda s: s.conflict)),
    ViewPart("contest", OFFERING, _optional(contest_view, lambda state: state.contest)),
    ViewPart("contest_hits", PLAY, contest_hits_view),
    ViewPart("challenge", OFFERING, _optional(challenge_view, lambda state: state.challenge)),
    ViewPart("roll", OFFERING, _first_roll),
    ViewPart(
        "rolls",
        OFFERING,
        lambda viewer: [roll_view(viewer, r) for r in viewer.state.rolls.values()],
    ),
    ViewPart("compels", OFFERING, compels_view),
    ViewPart("self_compels", PLAY, self_compels_view),
    ViewPart(
        "milestones",
        frozenset({Region.TIME}),
        lambda viewer: dict(sorted(viewer.state.milestones.items())),
    ),
    ViewPart("last_roll", PLAY, last_roll_view),
    # All of it for a GM; a player, the rolls asked of the characters it plays.
    ViewPart("screen", frozenset({Region.SCREEN, Region.SEATS, Region.CHARACTERS}), screen_view),
    ViewPart("setting", OFFERING | {Region.SETTING}, setting_view),
    ViewPart("safety", frozenset({Region.SAFETY}), lambda viewer: safety_view(viewer.state)),
)


class ConflictPart(ConflictSeenPart, kw_only=True):
    """The conflict as the seat sees it (:class:`~fatekit.table.play.conflicts.ConflictSeenPart`),
    with what the seat's own characters may do now, the hazards, the big bads and the targets a
    split or zone attack aims at."""

    legal_actions: dict[str, list[offers.LegalActionPart]]
    # What the seat may do with the conflict itself now (end the turn, finish it...).
    offers: list[ConflictMove]
    # The fighters the seat may give Weapon and Armor ratings now (by the decider's check).
    equips: list[str]
    hazards: list[HazardPart]
    big_bads: list[BigBadPart]
    targets: dict[str, TargetPart] | None


def _conflict_offers(viewer: Viewer) -> list[ConflictMove]:
    """What the seat may do with the conflict now: its own domain's moves, and settling the
    aimed targets of an attack (by the decider's check), once aimed."""
    found = conflict_offers(viewer)
    if play_goes_on(viewer.state) and allowed(check_settle_targets, viewer.state, viewer.seat):
        found.append("ResolveTargets")
    return found


def _conflict(viewer: Viewer, conflict: Conflict) -> ConflictPart:
    """The conflict, with what the seat's own characters may do now: their moves, and the ways
    to absorb a hit waiting for one of them."""
    seen = conflict_view(viewer, conflict)
    hit = seen.pending_hit
    # Only a hit the exchange waits on may be absorbed: a table recorded before af8603e's fix
    # could leave one behind once its attacker was taken out (the engine refuses it then).
    if hit is not None and hit.target in viewer.mine and conflict.turns.phase is Phase.HIT:
        hit.absorb_options = offers.absorb_options(conflict)
        if any(option.extreme for option in hit.absorb_options):
            hit.extreme_replaces = offers.extreme_replaces(conflict)
        soaking = offers.soaking(conflict)
        if soaking:
            hit.soaking = soaking
            hit.absorb_after = offers.absorb_after(conflict)
    return ConflictPart(
        **msgspec.structs.asdict(seen),
        legal_actions=offers.legal_actions(viewer, conflict),
        offers=_conflict_offers(viewer),
        equips=equippable(viewer),
        hazards=hazards_view(viewer, conflict),
        big_bads=big_bads_view(viewer, conflict),
        targets=targets_view(viewer, conflict),
    )
