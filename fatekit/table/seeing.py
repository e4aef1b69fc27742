"""One seat's eyes on a table: what it may see, decided in one place.

:class:`Viewer` holds the decisions (may this seat know of this aspect, read this sheet, see
these dice?) and the pieces several parts of a view share (an aspect, an invoke). The domains in
:mod:`fatekit.table.play` build their parts of a seat's view and say what a seat receives of
each of their events (:mod:`fatekit.table.showing`) through it; :mod:`fatekit.table.views`
composes the whole view.

The helpers below take out of a roll (in play, recorded, or an event) what a seat may not see:
the dice of those whose dice are kept from it, and whatever would give a hidden difficulty
away. They are told whose dice are whose by the caller, which reads them off its own typed
records, so nothing here guesses a field's meaning from its name.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.aspects.invokes import Invocation
from fatekit.rules.aspects.lasting import check_removable, removable
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.switches import OptionalRule
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
from fatekit.rules.harm.recovery import clears_after, treatment_difficulty
from fatekit.rules.options.countdowns import Countdown, CountdownView
from fatekit.table.aspect_moves import AspectFacts, AspectMoves
from fatekit.table.base import AspectSight
from fatekit.table.deciding import allowed, knows_zone, play_goes_on, require_gm
from fatekit.table.parts import (
    UNSET,
    AspectByMove,
    AspectMove,
    AspectPart,
    InvocationPart,
    free_invoke_counts,
)
from fatekit.table.seats import NoteVisibility, Role, Seat
from fatekit.table.state import RollInPlay, TableState

__all__ = [
    "JSON",
    "PUBLIC",
    "Shared",
    "Viewer",
    "check_revealable",
    "hide_dice",
    "hide_difficulty_of_roll",
    "hides_last_roll",
    "hides_roll_in_play",
]

JSON = dict[str, Any]

#: The eyes of anyone who watches without a seat (a Discord channel bound to the table): a
#: spectator's, acting for no character. Pass ``None`` as the seat to see as the public does.
PUBLIC = Seat("", Role.SPECTATOR, "")


def check_revealable(aspect: Aspect) -> None:
    """Refuse to reveal an aspect everyone already sees."""
    if not aspect.hidden:
        raise BadInput(f"{aspect.label} is not hidden")


class Shared:
    """What every seat's view of one state works out alike, worked out once: the rules' checks
    of aspects that read no seat (:class:`~fatekit.table.aspect_moves.AspectFacts`). The server
    makes one for each publish and hands it to every seat's :class:`Viewer`; the state must not
    change while it is used. It keeps the state's version: the server folds events into the same
    state object in place, so the object alone does not tell a later version from this one."""

    def __init__(self, state: TableState) -> None:
        self.state = state
        self.version = state.version
        self.aspects = AspectFacts(state)

    def fits(self, state: TableState) -> bool:
        """Whether this was worked out for ``state`` as it stands now (the same object, at the
        same version)."""
        return self.state is state and self.version == state.version


class Viewer:
    """One seat's eyes on a table: what it may see, decided in one place. ``shared``: what the
    seats' views of the same state share (:class:`Shared`), when several are built; without it
    the viewer works everything out for itself."""

    def __init__(
        self, state: TableState, seat_id: str | None, shared: Shared | None = None
    ) -> None:
        if shared is not None and not shared.fits(state):  # a programming error
            raise ValueError(
                f"a Shared belongs to the state and version it was made for (version "
                f"{shared.version}; this state is at {state.version})"
            )
        self.state = state
        self.seat: Seat = PUBLIC if seat_id is None else state.seat(seat_id)
        self.gm = self.seat.is_gm
        self._shared = shared

    @cached_property
    def mine(self) -> set[str]:
        """The characters the seat acts for (every one, for a GM); worked out when first asked,
        as many views and events are decided by the seat's role alone."""
        return set() if self.seat is PUBLIC else self.state.characters_of(self.seat.id)

    @cached_property
    def gm_moves_allowed(self) -> bool:
        """Whether the table would take a GM's move of play from this seat now: the check the
        GM's deciders make (:func:`~fatekit.table.deciding.require_gm`), with no safety signal
        waiting. Asked once per view: every aspect's offers start from it."""
        # is_gm first: require_gm's own test, answered without a refusal raised.
        seat = self.seat
        return seat.is_gm and allowed(require_gm, seat, "") and play_goes_on(self.state)

    @cached_property
    def moves(self) -> AspectMoves:
        """What the seat may do with aspects (:class:`~fatekit.table.aspect_moves.AspectMoves`),
        its seat's checks asked once per view rather than once per aspect."""
        shared = self._shared
        facts = None if shared is None else shared.aspects
        return AspectMoves(self.state, self.seat, self.mine, facts)

    # -- decisions ------------------------------------------------------------------------------

    def sees_aspect(self, aspect: Aspect) -> bool:
        """Whether the seat may know this aspect exists."""
        return self.gm or not aspect.hidden or bool(aspect.known_to & self.mine)

    def sees_aspect_id(self, aspect_id: str | None) -> bool:
        """Whether the seat may see an aspect named by id (one no longer in play: no)."""
        if aspect_id is None or self.gm:
            return True
        try:
            return self.sees_aspect(self.state.game.find_aspect(aspect_id))
        except BadInput:
            return False

    def names_aspect(self, aspect_id: str, sight: AspectSight | None) -> bool:
        """Whether a part of the seat's view may name an aspect by id: one it sees, or one no
        longer in play that it could see when the part began (its id then reads as gone, not as
        hidden)."""
        if self.sees_aspect_id(aspect_id):
            return True
        try:
            self.state.game.find_aspect(aspect_id)
        except BadInput:
            return self.saw_aspect(aspect_id, sight) if sight is not None else False
        return False

    def saw_aspect(self, aspect_id: str | None, sight: AspectSight | None) -> bool:
        """Whether the seat could see the aspect an event names when the event was made
        (``sight``, as the event recorded it; an older log, which did not record it: as the
        aspect with that id stands now)."""
        if self.gm or aspect_id is None:
            return True
        if sight is None:
            return self.sees_aspect_id(aspect_id)
        return not sight.hidden or bool(set(sight.known_to) & self.mine)

    def sees_zone(self, zone: str) -> bool:
        """Whether the seat may know of a zone of the running scene: any, for a GM; one the GM
        keeps hidden, only while a character the seat acts for stands in it."""
        return self.gm or knows_zone(self.state, self.seat, zone, self.mine)

    def knows(self, character_id: str) -> bool:
        """Whether the seat may know the character exists: a PC, or an extra a player owns,
        always; the GM's own (an NPC, an extra no player owns) once the players have met it in
        a scene or its sheet is revealed, never before: preparing a villain tells no one."""
        state = self.state
        return (
            self.gm
            or character_id in state.revealed
            or character_id in state.met
            or character_id in state.owners
            or character_id in self.mine
        )

    def knows_holder(self, holder: str) -> bool:
        """Whether the seat may know who holds a free invoke (anyone but a character it may
        not know of)."""
        return holder not in self.state.game.characters or self.knows(holder)

    def sees_sheet(self, character_id: str) -> bool:
        """Whether the seat may see a character's whole sheet."""
        return self.gm or character_id in self.state.revealed or character_id in self.mine

    def sees_note(self, visibility: NoteVisibility, writer: str) -> bool:
        """Whether the seat may read a note of this ``visibility`` written by the seat
        ``writer``."""
        if visibility is NoteVisibility.PUBLIC or self.gm:
            return True
        return visibility is NoteVisibility.PRIVATE and writer == self.seat.id

    def countdown(self, countdown: Countdown) -> CountdownView | None:
        """What the seat sees of a countdown (``None``: not that it exists)."""
        return countdown.view_for(self.gm)

    def keeps_hazard(self, who: str | None) -> bool:
        """Whether ``who`` is a hazard whose numbers (rating, Weapon, its dice) the seat may not
        see: the GM's, like an NPC's skills, until its sheet is revealed."""
        return who is not None and who in self.state.hazards and not self.sees_sheet(who)

    def dice_kept(self, npc_dice_hidden: bool) -> Callable[[str], bool]:
        """Whose dice in a roll the seat may not see: the NPCs' when the GM kept them hidden as it
        was rolled (``npc_dice_hidden``), and a hazard's until its sheet is revealed."""
        if self.gm:
            return lambda who: False
        state = self.state
        return lambda who: (npc_dice_hidden and state.is_npc(who)) or self.keeps_hazard(who)

    def dice_kept_at(self, version: int, recorded: bool | None) -> Callable[[str], bool]:
        """:meth:`dice_kept` for the roll an event made at ``version``: as the event recorded
        whether the NPCs' dice were hidden, or (an older log's event) as the log's spans say."""
        return self.dice_kept(self.state.screen.npc_dice_hidden_at(version, recorded))

    def hides_roll_numbers(self, in_play: RollInPlay | None) -> bool:
        """Whether a roll in play's numbers (its difficulty, or an effort that would give a
        hazard's rating or Weapon away) are kept from the seat: no shifts, no advice on them."""
        if in_play is None or self.gm:
            return False
        roll = in_play.roll
        faced = roll.opposition.actor if roll.opposition is not None else in_play.disables
        return (
            hides_roll_in_play(in_play, self.gm)
            or self.keeps_hazard(roll.actor)
            or self.keeps_hazard(faced)
        )

    # -- what an event tells -------------------------------------------------------------------

    def keep_dice(
        self,
        data: JSON,
        *,
        version: int,
        recorded: bool | None,
        roller: str | None,
        defender: str | None = None,
    ) -> None:
        """Take out of an event's fields (``data``) the dice the seat may not see: the event,
        made at ``version``, ``recorded`` whether the NPCs' dice were hidden; ``roller`` rolled
        its ``faces`` and ``defender`` its ``defend_faces``."""
        hide_dice(data, self.dice_kept_at(version, recorded), roller=roller, defender=defender)

    def keep_aspect_id(self, data: JSON, aspect_id: str | None, sight: AspectSight | None) -> None:
        """Blank an event's ``aspect_id`` when the seat could not see that aspect as the event
        was made (:meth:`saw_aspect`)."""
        if not self.saw_aspect(aspect_id, sight):
            data["aspect_id"] = None

    # -- pieces ---------------------------------------------------------------------------------

    def aspect(self, aspect: Aspect) -> AspectPart:
        """An aspect the seat sees."""
        return AspectPart(
            id=aspect.id,
            name=aspect.name,
            kind=aspect.kind,
            owner=aspect.owner,
            zone=aspect.zone,
            free_invokes=free_invoke_counts(aspect, self.knows_holder),
            hidden=aspect.hidden,
            known_to=sorted(aspect.known_to if self.gm else aspect.known_to & self.mine)
            if aspect.hidden
            else UNSET,
            offers=self.aspect_offers(aspect),
            offers_by=self.aspect_moves(aspect),
        )

    def aspect_moves(self, aspect: Aspect) -> dict[AspectByMove, list[str]]:
        """What the seat may do with ``aspect`` in its characters' names now
        (:meth:`~fatekit.table.aspect_moves.AspectMoves.of`)."""
        return self.moves.of(aspect)

    def aspect_offers(self, aspect: Aspect) -> list[AspectMove]:
        """What the seat may do with ``aspect`` now, by the checks the deciders make of the seat
        (the GM's alone: :data:`~fatekit.table.deciding.GM_MOVES`) and the rules' of the aspect:
        reveal it while it is hidden, remove it when nobody's sheet holds it, offer a compel on
        it for free when someone may be compelled by it."""
        if not self.gm_moves_allowed:
            return []
        found: list[AspectMove] = ["CorrectAspect"]
        # Each check's own test of the aspect first, answered without a refusal raised.
        if aspect.hidden and allowed(check_revealable, aspect):
            found.append("RevealAspect")
        if removable(aspect) and allowed(check_removable, aspect):
            found.append("RemoveAspect")
        if self.moves.gm_may_offer_compel(aspect):
            found.append("OfferCompel")
        return found

    def treatment(self, slot: ConsequenceSlot) -> tuple[int, int] | None:
        """The difficulty of treating an untreated consequence, by someone else and by its
        bearer (the rules' :func:`~fatekit.rules.harm.recovery.treatment_difficulty`); ``None``
        when there is nothing to treat."""
        if slot.aspect is None or slot.recovering or slot.severity is Severity.EXTREME:
            return None
        rules = self.state.game.ruleset.preset.recovery
        return (
            treatment_difficulty(slot, on_self=False, rules=rules),
            treatment_difficulty(slot, on_self=True, rules=rules),
        )

    def clears_after(self, slot: ConsequenceSlot) -> str | None:
        """What a recovering consequence waits for before it clears, as the rules say
        (:func:`~fatekit.rules.harm.recovery.clears_after`); ``None`` when it is not recovering."""
        game = self.state.game
        return clears_after(
            slot, game.ruleset.preset.recovery, long_arcs=game.ruleset.has(OptionalRule.LONG_ARCS)
        )

    def invocation(self, invocation: Invocation) -> InvocationPart:
        """An invoke made on a roll: the aspect's id only when the seat sees the aspect."""
        seen = self.sees_aspect_id(invocation.aspect_id)
        return InvocationPart(
            aspect_id=invocation.aspect_id if seen else None,
            by=invocation.by,
            effect=invocation.effect,
            free=invocation.free,
        )


# -- what a roll tells a seat ------------------------------------------------------------------

#: What a roll against a hidden difficulty tells a player: no number to work it out from.
_GIVES_AWAY_DIFFICULTY = ("difficulty", "opposition", "shifts")


def hides_roll_in_play(in_play: RollInPlay | None, gm: bool) -> bool:
    """Whether a roll in play's difficulty is kept from this seat."""
    return not gm and in_play is not None and in_play.hidden


def hide_difficulty_of_roll(out: JSON) -> None:
    """Take out of a roll (in play, a log record, a resolution) what gives its difficulty away,
    saying that it is hidden."""
    for key in _GIVES_AWAY_DIFFICULTY:
        if key in out:
            out[key] = None
    out["difficulty_hidden"] = True


def hides_last_roll(state: TableState, gm: bool) -> bool:
    """Whether the latest roll's record was made against a difficulty kept from this seat."""
    last = state.last_roll
    return not gm and last is not None and last.version == state.screen.hidden_roll_at


def hide_dice(
    data: JSON,
    kept: Callable[[str], bool],
    *,
    roller: str | None,
    defender: str | None = None,
) -> None:
    """Take out of a roll's event or record (``faces``: the ``roller``'s dice; ``defend_faces``:
    the ``defender``'s, or every target's as (target, faces) pairs) the dice of those whose dice
    are ``kept`` from the seat. What came of the roll stays: an NPC's effort shows in what came
    of it, its dice do not."""
    if isinstance(data.get("faces"), str) and roller is not None and kept(roller):
        data["faces"] = None
        data["dice_hidden"] = True
        if data.get("rolled_faces") is not None:  # the draw before weight turned some dice
            data["rolled_faces"] = None
    defence = data.get("defend_faces")
    if isinstance(defence, str) and defender is not None and kept(defender):
        data["defend_faces"] = None
        data["dice_hidden"] = True
        if data.get("defend_rolled_faces") is not None:
            data["defend_rolled_faces"] = None
    elif isinstance(defence, list):  # every target's defence: (target, faces) pairs
        data["defend_faces"] = [[who, None if kept(who) else faces] for who, faces in defence]
        fell = data.get("defend_rolled_faces")
        if isinstance(fell, list):  # ... and the draws weight turned, as they fell
            data["defend_rolled_faces"] = [[who, None if kept(who) else f] for who, f in fell]
