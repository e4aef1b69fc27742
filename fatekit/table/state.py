"""The state of a table: what folding its events gives.

:class:`TableState` holds what the rules need to decide the next command, and nothing that only
grows with time: the seats and owners next to the rules engine's live objects
(:class:`~fatekit.rules.Game`, the :class:`~fatekit.rules.Conflict`, the roll in play, open
compels). The story so far (notes, the roll log, story details) is the event log itself, read a
page at a time (:mod:`fatekit.table.history`), so a table that has run for a whole campaign costs
what one that opened tonight costs. :func:`fatekit.table.apply` and :func:`fatekit.table.handle`
return new states and never change the one they are given.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.aspects.compels import Compel, CompelKind
from fatekit.rules.aspects.lasting import Issue
from fatekit.rules.aspects.rolling import ActionRoll
from fatekit.rules.characters.character import CharacterKind
from fatekit.rules.core.actions import Action
from fatekit.rules.core.citations import CONDENSED, Rule
from fatekit.rules.core.clock import Milestone
from fatekit.rules.core.errors import BadInput, ForbiddenAction
from fatekit.rules.core.tracks import Track
from fatekit.rules.options.ruleset import Ruleset
from fatekit.rules.safety import SafetySignals
from fatekit.rules.scenes.challenge import Challenge
from fatekit.rules.scenes.conflict import Conflict
from fatekit.rules.scenes.contest import Contest
from fatekit.rules.scenes.scene import Game
from fatekit.table.base import AspectSight, NewSituationAspect, Outweighed, SceneLayout
from fatekit.table.boards import Board, MapImage
from fatekit.table.read_only import ReadOnly
from fatekit.table.seats import Role, Seat

__all__ = [
    "SEAT_RULE",
    "AskedRoll",
    "ContestRollRecord",
    "EntryKind",
    "PreparedAspect",
    "PreparedScene",
    "RollInPlay",
    "RollKind",
    "RollRecord",
    "Screen",
    "SecretRollRecord",
    "SelfCompelRecord",
    "Setting",
    "SettingEntry",
    "TableState",
]

#: Who may do what at a table. Not a rule of the engine's registry (it is the table's policy,
#: read from the rules' account of the GM and the players), so it is built directly.
SEAT_RULE = Rule(
    "table.seats",
    CONDENSED,
    "Вступление > Что мне понадобится для игры?",
    "One participant is the GM, who runs the world and every NPC; each player acts for their own "
    "characters, and anyone at the table may invoke, compel and create advantages",
)


@dataclass(frozen=True, slots=True)
class RollRecord:
    """A roll: who rolled what, with the dice as they fell."""

    version: int
    at: str
    actor: str
    action: str  # an Action value, or "reroll"
    skill: str
    faces: str
    defender: str | None = None
    defend_faces: str | None = None
    difficulty: int | None = None


class RollKind(StrEnum):
    """What a roll in play is for, which says what settling it does."""

    ACTION = "action"  # an overcome or a create an advantage outside a conflict
    CONFLICT = "conflict"  # an action of a conflict's exchange (one at a time)
    CONTEST = "contest"  # a contest side's overcome for the exchange
    CHALLENGE = "challenge"  # the overcome of one of a challenge's tasks
    TREATMENT = "treatment"  # the overcome that starts a consequence's recovery


@dataclass(slots=True)
class RollInPlay:
    """A roll whose dice are down and whose outcome is not settled yet: invokes may still change
    it. Outside a conflict several may be in play, one per character; each has an id made from
    the version of the event that rolled it (``r14``), which invokes and settling name."""

    version: int  # of the event that rolled it
    kind: RollKind
    roll: ActionRoll
    aim: Aspect | None = None  # an existing aspect a create an advantage works on
    hidden: bool = False  # its difficulty is the GM's secret
    side: str | None = None  # a contest's side
    task: str | None = None  # a challenge's task
    npc_dice_hidden: bool = False  # NPCs' dice kept from the players as it was (re)rolled
    disables: str | None = None  # the hazard it tries to put out of action
    treats: Aspect | None = None  # a treatment's: the consequence it treats
    renames: str | None = None  # a treatment's: the consequence's name once it recovers
    move_to: str | None = None  # an overcome outside a conflict to get to this zone
    aspect_owner: str | None = None  # the character a new advantage goes on
    # With weight: the draw as it fell before weight turned dice to +, and why (the roller's,
    # the defence's); ``None`` when weight turned nothing.
    rolled_faces: str | None = None
    weight: Outweighed | None = None
    defend_rolled_faces: str | None = None
    defend_weight: Outweighed | None = None

    @property
    def id(self) -> str:
        """The roll's id, as commands and views name it."""
        return f"r{self.version}"


@dataclass(frozen=True, slots=True)
class ContestRollRecord:
    """A side's overcome in a contest's exchange, once settled: who rolled which skill, the dice
    as they fell (after any reroll), and the effort it counts for."""

    side: str
    actor: str
    skill: str
    faces: str
    effort: int
    version: int  # of the roll's event
    npc_dice_hidden: bool = False  # the NPCs' dice were kept from the players as it was rolled


@dataclass(frozen=True, slots=True)
class ContestHit:
    """A hit a contest dealt to ``target``, waiting to be absorbed (or to take them out):
    ``shifts`` of ``harm``, and ``by``, who gets the free invoke on a consequence it leaves (the
    threat or the side that beat them; the GM for a difficulty)."""

    target: str
    shifts: int
    by: str
    harm: Track


@dataclass(frozen=True, slots=True)
class SelfCompelRecord:
    """A self-compel a player asked for, waiting for the GM's answer."""

    compel_id: str
    version: int
    aspect_id: str
    target: str
    complication: str
    kind: CompelKind = CompelKind.EVENT
    decision: str = ""
    # Who could see the aspect when it was asked for (as the event recorded it): once the aspect
    # is gone, a seat that saw it is told so rather than that the aspect is hidden.
    aspect_sight: AspectSight | None = None


# -- the GM's screen ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SecretRollRecord:
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
class PreparedAspect(NewSituationAspect):
    """A situation aspect a prepared scene starts with."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PreparedScene(SceneLayout):
    """A scene the GM set up ahead of play: its name, the characters already there (NPCs, as a
    rule) and where they stand, its zones and their links, its situation aspects, and the zone
    where those who join it as it starts come in (``entrance``)."""

    scene_id: str
    aspects: tuple[PreparedAspect, ...]
    entrance: str | None = None
    map: MapImage | None = None  # the picture under its zones, set by an upload


@dataclass(slots=True)
class Screen:
    """The GM's screen: secret rolls waiting to be revealed, hidden difficulties waiting for the
    roll they were set for, scenes prepared ahead of play, and when the NPCs' dice were kept
    from the players. What each seat sees of it is :func:`fatekit.table.play.secrets.screen_view`'s
    to say (a GM: all of it)."""

    secret_rolls: dict[str, SecretRollRecord] = field(default_factory=dict)  # not revealed yet
    asked: dict[str, AskedRoll] = field(default_factory=dict)  # character -> hidden difficulty
    hidden_roll_at: int | None = None  # the version of the latest roll with a hidden difficulty
    prepared: dict[str, PreparedScene] = field(default_factory=dict)
    # The versions from which (and until which, unless still so) NPCs' dice were kept hidden, as
    # the log was written: undoing a HideNpcDice ends its span at the undo, never erases it, so
    # the rolls made meanwhile (undone or not) stay as hidden as they were when sent.
    npc_dice_spans: list[tuple[int, int | None]] = field(default_factory=list)

    def npc_dice_hidden(self, version: int | None = None) -> bool:
        """Whether the NPCs' dice were kept from the players at ``version`` (without one: now),
        as the log was written."""
        for start, end in self.npc_dice_spans:
            if version is None:
                if end is None:
                    return True
            elif start <= version and (end is None or version < end):
                return True
        return False

    def npc_dice_hidden_at(self, version: int, recorded: bool | None) -> bool:
        """Whether the NPCs' dice were kept from the players when the event of ``version`` was
        made: as it ``recorded``, or (an event from an older log, ``None``) as the spans say."""
        return self.npc_dice_hidden(version) if recorded is None else recorded

    def carry_spans(self, before: Screen, at: int) -> None:
        """After an undo at version ``at`` rebuilt this screen from the events still in force:
        keep the spans as ``before`` had them, ending or starting one at ``at`` if the undo
        changed whether the dice are hidden now."""
        spans = list(before.npc_dice_spans)
        was = before.npc_dice_hidden()
        now = self.npc_dice_hidden()
        if was and not now:
            spans[-1] = (spans[-1][0], at)
        elif now and not was:
            spans.append((at, None))
        self.npc_dice_spans = spans


class EntryKind(StrEnum):
    """What a setting lists besides its issues: the people who matter and where things happen."""

    FACE = "face"
    PLACE = "place"


@dataclass(frozen=True, slots=True)
class SettingEntry:
    """A face or a place of the setting; a ``secret`` one is the GM's until made public."""

    kind: EntryKind
    name: str
    text: str
    secret: bool


@dataclass(slots=True)
class Setting:
    """The campaign's setting, as game creation makes it: its name and what it is about, and
    its faces and places by id. Its issues are setting aspects in play
    (:attr:`fatekit.rules.Game.lasting`), with ``issues`` saying which are current or
    impending. It carries across sessions."""

    name: str = ""
    summary: str = ""
    entries: dict[str, SettingEntry] = field(default_factory=dict)
    issues: dict[str, Issue] = field(default_factory=dict)  # setting aspect id -> issue


@dataclass(slots=True)
class TableState:
    """A table as of ``version``. Built by folding events; never changed in place by callers."""

    table_id: str
    name: str
    created_at: str
    preset: str
    options: tuple[str, ...]
    skill_list: str | None
    ruleset: Ruleset
    game: Game
    ruleset_file: str | None = None  # the rule-set file's text, when the table plays one
    version: int = 0
    seats: dict[str, Seat] = field(default_factory=dict)
    owners: dict[str, str] = field(default_factory=dict)  # PC id -> seat id
    revealed: set[str] = field(default_factory=set)  # NPCs whose sheets players may see
    # The GM's characters (NPCs, extras no player owns) the players have met: each one that has
    # been in a scene (as the log was written: an undo keeps them, the events that named them
    # were sent). Until then (or until its sheet is revealed) players never learn of it.
    met: set[str] = field(default_factory=set)
    # Every hazard brought into a conflict, as the log was written (an undo keeps them): their
    # numbers stay the GM's in every event that names them until their sheets are revealed.
    hazards: set[str] = field(default_factory=set)
    conflict: Conflict | None = None
    contest: Contest | None = None
    contest_efforts: dict[str, int] = field(default_factory=dict)  # this exchange's rolls so far
    contest_forfeits: set[str] = field(default_factory=set)
    contest_threats: dict[str, int] = field(default_factory=dict)  # outside threats, by side
    contest_threat_by: dict[str, str] = field(default_factory=dict)  # the strongest's actor
    contest_hits: list[ContestHit] = field(default_factory=list)  # waiting, first first
    contest_harm: Track | None = None  # the running contest's harm (None: its hits only shown)
    contest_rolls: dict[str, ContestRollRecord] = field(default_factory=dict)  # this exchange's
    contest_last: dict[str, ContestRollRecord] = field(default_factory=dict)  # the last exchange's
    challenge: Challenge | None = None
    templates: dict[str, tuple[str, str]] = field(default_factory=dict)  # id -> (name, sheet)
    rolls: dict[str, RollInPlay] = field(default_factory=dict)  # in play, by id, oldest first
    compels: dict[str, Compel] = field(default_factory=dict)
    last_roll: RollRecord | None = None  # the latest roll, for aiming a split or zone attack
    session: int = 0  # sessions started
    arc: int = 1  # the arc under way; a major milestone closes it
    zone_attack: str | None = None  # the zone of a zone attack waiting for its targets
    # With weight: the defences of the aimed attack on several targets that weight turned, each
    # with its draw as it fell and why (replaced whenever an attack is aimed).
    target_weights: dict[str, tuple[str, Outweighed]] = field(default_factory=dict)
    self_compels: dict[str, SelfCompelRecord] = field(default_factory=dict)  # awaiting the GM
    milestones: dict[str, Milestone] = field(default_factory=dict)  # PC id -> milestone open
    last_created: tuple[str, ...] = ()  # aspect ids the last event created
    last_removed: tuple[str, ...] = ()  # aspect ids the last event took out of play
    screen: Screen = field(default_factory=Screen)  # the GM's secrets and prepared scenes
    setting: Setting = field(default_factory=Setting)  # the campaign's setting
    safety: SafetySignals = field(default_factory=SafetySignals)  # tools off, signals waiting
    randomizer: str = "4dF"  # how the table draws (a Randomizer's value; RandomizerChosen)
    seats_choose_randomizer: bool = False  # the GM lets players' seats draw their own way
    seat_randomizers: dict[str, str] = field(default_factory=dict)  # seat -> its own way
    # The Deck of Fate's cards drawn at this table, oldest first (``+0-+``): the deck still to
    # draw from is what they leave (fatekit.rules.core.randomizers.Deck, shuffled when spent).
    cards_drawn: list[str] = field(default_factory=list)
    # Set when an event after ``version`` does not fold: the table is open read-only, and why.
    read_only: ReadOnly | None = None
    # The running scene's map, zone shapes and hidden zones (fatekit.table.boards): what seats
    # are shown of the scene's zones, never a rule of play.
    board: Board = field(default_factory=Board)

    def randomizer_of(self, seat_id: str) -> str:
        """How ``seat_id``'s rolls are drawn: its own choice while the GM lets the seats
        choose, else the table's way."""
        if self.seats_choose_randomizer:
            return self.seat_randomizers.get(seat_id, self.randomizer)
        return self.randomizer

    def roller_of(self, character_id: str) -> str:
        """The seat whose way ``character_id``'s dice are drawn: the seat of the player who
        plays it; ``""`` (the table's way) for an NPC, whose dice are the GM's."""
        for seat_id, seat in self.seats.items():
            if not seat.is_gm and self.controls(seat_id, character_id):
                return seat_id
        return ""

    def randomizer_for(self, character_id: str) -> str:
        """How ``character_id``'s dice are drawn (:meth:`roller_of`'s seat's way)."""
        return self.randomizer_of(self.roller_of(character_id))

    # -- rolls in play --------------------------------------------------------------------------

    @property
    def roll(self) -> ActionRoll | None:
        """The roll in play: during a conflict its action's (one at a time), else the oldest of
        the rolls in play. :attr:`rolls` holds them all."""
        if self.conflict is not None:
            found = self.conflict_roll()
        else:
            found = next(iter(self.rolls.values()), None)
        return None if found is None else found.roll

    def conflict_roll(self) -> RollInPlay | None:
        """The conflict's action in play, if any."""
        return next((r for r in self.rolls.values() if r.kind is RollKind.CONFLICT), None)

    def roll_of(self, character_id: str) -> RollInPlay | None:
        """The roll a character has in play, if any (one at a time)."""
        return next((r for r in self.rolls.values() if r.roll.actor == character_id), None)

    # -- who is who ----------------------------------------------------------------------------

    def seat(self, seat_id: str) -> Seat:
        """The seat with this id; an unknown seat may do nothing."""
        found = self.seats.get(seat_id)
        if found is None:
            raise ForbiddenAction(f"there is no seat {seat_id!r} at this table", SEAT_RULE)
        return found

    def owner_of(self, character_id: str) -> str | None:
        """The seat that owns a PC (``None``: the GM's, as every NPC is)."""
        return self.owners.get(character_id)

    def controls(self, seat_id: str, character_id: str) -> bool:
        """Whether the seat may act for the character: the GM for everyone, a player for their
        own characters, a spectator for nobody."""
        seat = self.seats.get(seat_id)
        if seat is None or seat.role is Role.SPECTATOR:
            return False
        if seat.role is Role.GM or self.owners.get(character_id) == seat_id:
            return True
        # An extra shared with one of the player's own (what _owned_by lists), asked of this
        # one character rather than of every character at the table.
        character = self.game.characters.get(character_id)
        return (
            character is not None
            and character.kind is CharacterKind.EXTRA
            and any(self.owners.get(pc) == seat_id for pc in character.shared_with)
        )

    def characters_of(self, seat_id: str) -> set[str]:
        """The characters a seat acts for (every one, for a GM)."""
        seat = self.seats.get(seat_id)
        if seat is None or seat.role is Role.SPECTATOR:
            return set()
        if seat.is_gm:
            return set(self.game.characters)
        return self._owned_by(seat_id)

    def _owned_by(self, seat_id: str) -> set[str]:
        """A player's characters: their own, and the extras shared with one of them."""
        own = {c for c, s in self.owners.items() if s == seat_id}
        shared = {
            c.id
            for c in self.game.characters.values()
            if c.kind is CharacterKind.EXTRA and own.intersection(c.shared_with)
        }
        return own | shared

    def players_pcs(self, character_id: str, seat_id: str) -> list[str]:
        """The PCs of the player who controls ``character_id`` when ``seat_id`` acts for it:
        the acting seat's own, if it is a player's; for the GM, those of the seat that owns it
        (an extra) or of the first seat owning a PC it is shared with. Empty: no player does."""
        seat = self.seats.get(seat_id)
        player: str | None = seat_id if seat is not None and not seat.is_gm else None
        character = self.game.characters.get(character_id)
        if player is None and character is not None:
            player = self.owners.get(character_id) or next(
                (self.owners[pc] for pc in character.shared_with if pc in self.owners), None
            )
        return [
            c.id
            for c in self.game.characters.values()
            if c.kind is CharacterKind.PC and player is not None and self.owners.get(c.id) == player
        ]

    def is_npc(self, character_id: str) -> bool:
        """Whether a character is a non-player character (run by the GM)."""
        found = self.game.characters.get(character_id)
        return found is not None and found.kind is not CharacterKind.PC

    def require_character(self, character_id: str) -> None:
        """Raise :class:`BadInput` unless the character is at the table."""
        if character_id not in self.game.characters:
            raise BadInput(f"no character {character_id!r} at this table")

    def with_names(self, text: str) -> str:
        """``text`` (an engine's refusal) with each character's id written as its name, for the
        person who reads it: the engine names characters by id (``sergeant-kruger``), the table
        knows them as ``Sergeant Kruger``. Ids stand alone: inside a longer word or id, untouched."""
        names = {
            cid: c.name
            for cid, c in self.game.characters.items()
            if len(cid) > 1 and c.name and c.name != cid
        }
        if not names:
            return text
        ids = "|".join(re.escape(cid) for cid in sorted(names, key=len, reverse=True))
        pattern = re.compile(rf"(?<![\w/-])'?({ids})'?(?![\w/-])")
        return pattern.sub(lambda m: names[m.group(1)], text)
