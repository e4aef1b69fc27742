"""The people at the table: opening it, its seats, the characters they play, and the GM's
templates for quick NPCs. Character sheets travel in events as character-file JSON.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import msgspec

from fatekit.formats.character_json import character_from_dict, character_to_dict
from fatekit.formats.ids import renamed_sheet, unique_id
from fatekit.formats.ruleset import loads_ruleset
from fatekit.formats.schema import FORMAT as CHARACTER_FORMAT
from fatekit.formats.schema import VERSION as CHARACTER_VERSION
from fatekit.rules.aspects.aspects import Aspect, AspectKind
from fatekit.rules.aspects.fate_points import GM
from fatekit.rules.aspects.stunt_uses import check_use_alone
from fatekit.rules.aspects.stunts import (
    ActFirst,
    ExtraAction,
    ExtraConsequence,
    ExtraFreeInvoke,
    ExtraStress,
    GrantsBoost,
    RuleException,
    SkillBonus,
    SkillSwap,
    Stunt,
    StuntCost,
    StuntEffect,
)
from fatekit.rules.characters.character import Character, CharacterKind, refit_harm
from fatekit.rules.characters.counted import counted_parts, counts_aspects
from fatekit.rules.characters.modes import ModeShape, home_modes, mode_skill_ratings
from fatekit.rules.characters.preset import Preset
from fatekit.rules.core.actions import Action
from fatekit.rules.core.clock import ClockMark, Moment
from fatekit.rules.core.errors import BadInput, ForbiddenAction
from fatekit.rules.harm.conditions import check_conditions, conditions_for
from fatekit.rules.harm.consequences import ConsequenceSlot, Severity
from fatekit.rules.options.ruleset import OptionalRule, Ruleset
from fatekit.rules.scenes.scene import Game
from fatekit.table import telling as say
from fatekit.table.base import Command, Event, RulesetText, SheetText
from fatekit.table.deciding import (
    Context,
    allowed,
    decides,
    gm_only,
    play_goes_on,
    require_acting,
)
from fatekit.table.facts import assign_facts, facts_of
from fatekit.table.folding import assigns, folds, judges
from fatekit.table.parts import (
    UNSET,
    AspectByMove,
    AspectMove,
    AspectPart,
    Part,
    UnsetType,
    to_builtins,
)
from fatekit.table.play.advancement import advance_offers, check_gm_powers, package_offers
from fatekit.table.play.conditions import (
    ConditionPart,
    SheetConditionPart,
    condition_parts,
    sheet_conditions,
)
from fatekit.table.play.scenes import Entrance, JoinedScene
from fatekit.table.play.treatment import treaters
from fatekit.table.regions import MOVE, Region, moves, writes
from fatekit.table.seats import Role, Seat
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shown_whole, shows
from fatekit.table.state import SEAT_RULE, TableState
from fatekit.table.telling import tells, when
from fatekit.table.upcasting import older

__all__ = [
    "AddCharacter",
    "AddSeat",
    "AddTemplate",
    "CharacterAdded",
    "CharacterGiven",
    "CharacterRevealed",
    "CharacterUpdated",
    "CreateTable",
    "GiveCharacter",
    "RemoveSeat",
    "RemoveTemplate",
    "RevealCharacter",
    "SeatAdded",
    "SeatRemoved",
    "TableCreated",
    "TemplateAdded",
    "TemplateRemoved",
    "UpdateCharacter",
    "add_offers",
    "check_add_character",
    "check_adds_for",
    "check_adds_kind",
    "check_hides_aspects",
    "check_owner_kind",
]

# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CreateTable(Command):
    """Open a table with its ruleset; the creator takes the seat ``gm_seat`` as GM."""

    name: str
    preset: str = "condensed"
    options: tuple[str, ...] = ()
    skill_list: str | None = None
    gm_seat: str = "gm"
    gm_name: str = "GM"
    ruleset: RulesetText | None = None  # a rule-set file's JSON text: the table plays it
    randomizer: str = "4dF"  # how the table draws: 4dF, deck, 4d6, 3d6 or d6-d6


@dataclass(frozen=True, slots=True, kw_only=True)
class AddSeat(Command):
    """Seat someone new (GM only). A ``seat_id`` left blank, or one already taken, becomes a new
    one made from the name (in any script)."""

    role: Role
    name: str
    seat_id: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveSeat(Command):
    """Take a seat away (GM only); its characters pass to the GM."""

    seat_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AddCharacter(Command):
    """Bring a character to the table: ``sheet`` is a character file (JSON text).

    A PC belongs to ``owner`` (a player's seat; a player may add only their own); NPCs belong to
    the GM and stay unrevealed, showing players only their name and unhidden aspects, unless
    ``revealed``. ``hidden_aspects`` names sheet aspects (by id) kept from the players. A sheet
    with no id, or one already taken, gets a new id made from its name (in any script), and the
    aspect ids made from the old one follow it. With ``enter`` the character comes straight into
    the running scene at its ``zone`` (and the fight, on its ``side``): the GM's NPC made
    mid-scene.
    """

    sheet: SheetText
    owner: str | None = None
    revealed: bool = False
    hidden_aspects: tuple[str, ...] = ()
    enter: Entrance | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class UpdateCharacter(Command):
    """Rewrite a sheet (the GM, or a PC's owner), not during a conflict. The fate points stay as
    the table's ledger has them."""

    sheet: SheetText


@dataclass(frozen=True, slots=True, kw_only=True)
class RevealCharacter(Command):
    """Show an NPC's whole sheet to the players (GM only)."""

    character_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class GiveCharacter(Command):
    """Hand a PC to a player's seat (GM only), or take it back to the GM (``owner`` left out): a
    GM may make a PC before its player is seated, and give it to them when they sit down."""

    character_id: str
    owner: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class AddTemplate(Command):
    """Offer a character template players can build from (GM only): a name and a sheet; a
    ``template_id`` left blank or already taken becomes one made from the name."""

    name: str
    sheet: SheetText
    template_id: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveTemplate(Command):
    """Withdraw a character template (GM only)."""

    template_id: str


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class TableCreated(Event):
    """A table was opened with its ruleset and its first GM."""

    name: str
    preset: str
    options: tuple[str, ...]
    skill_list: str | None
    gm_seat: str
    gm_name: str
    ruleset: str | None = None  # the rule-set file the table plays (its preset is then its key)


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatAdded(Event):
    """Someone new sat down."""

    seat_id: str
    role: Role
    name: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatRemoved(Event):
    """A seat was taken away; its characters went to the GM."""

    seat_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CharacterAdded(Event):
    """A character came to the table (``sheet``: its character file, JSON text)."""

    character_id: str
    sheet: str
    owner: str | None
    revealed: bool
    hidden_aspects: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class CharacterUpdated(Event):
    """A sheet was rewritten."""

    character_id: str
    sheet: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CharacterRevealed(Event):
    """An NPC's sheet was shown to the players."""

    character_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class CharacterGiven(Event):
    """A PC passed to a player's seat, or back to the GM (``owner`` ``None``)."""

    character_id: str
    owner: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class TemplateAdded(Event):
    """A character template was offered to the players."""

    template_id: str
    name: str
    sheet: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TemplateRemoved(Event):
    """A character template was withdrawn."""

    template_id: str


# -- who may, and the events a command becomes -------------------------------------------------


gm_only(
    (RemoveSeat, SeatRemoved, "remove seats"),
    (RevealCharacter, CharacterRevealed, "reveal NPCs"),
    (GiveCharacter, CharacterGiven, "hand characters to players"),
    (RemoveTemplate, TemplateRemoved, "withdraw templates"),
)


@decides(AddSeat, gm="seat people")
def _add_seat(context: Context, command: AddSeat) -> list[Event]:
    chosen = unique_id(command.seat_id, command.name, context.state.seats, fallback="seat")
    check_seat_id(chosen)  # here, once: a log keeps the seats it made
    return [context.event_from(SeatAdded, command, seat_id=chosen)]


@decides(AddTemplate, gm="offer templates")
def _add_template(context: Context, command: AddTemplate) -> list[Event]:
    taken = context.state.templates
    chosen = unique_id(command.template_id, command.name, taken, fallback="template")
    return [context.event_from(TemplateAdded, command, template_id=chosen)]


@decides(AddCharacter)
def _add_character(context: Context, command: AddCharacter) -> list[Event]:
    # The seat's parts first, before the sheet is read: whose it is, what it keeps hidden.
    check_adds_for(context.state, context.seat, command.owner)
    if command.hidden_aspects or command.revealed:
        check_hides_aspects(context.seat)
    sheet, hidden = with_free_id(command.sheet, command.hidden_aspects, context.state)
    character = parse_sheet(sheet, context.state)
    sheet = with_package_grants(character, with_mode_ratings(context.state, character, sheet))
    check_add_character(context.state, context.seat, character.kind, command.owner)
    added: list[Event] = [
        context.event_from(
            CharacterAdded,
            command,
            sheet=sheet,
            hidden_aspects=hidden,
            character_id=character.id,
        )
    ]
    if command.enter is not None:
        context.require_gm("bring characters into the scene")
        added.append(context.event_from(JoinedScene, command.enter, character_id=character.id))
    return added


def taken_ids(state: TableState) -> set[str]:
    """The ids no new character may take: everyone in the game (hazards too) and the GM's own
    name in the ledger."""
    return {*state.game.characters, GM}


def with_free_id(
    sheet: str, hidden: tuple[str, ...], state: TableState
) -> tuple[str, tuple[str, ...]]:
    """The sheet (JSON text) with an id no one at the table has: its own, or, when it has none
    or one already taken, one made from its name; ``hidden`` (its aspect ids) follows it.
    A sheet that is not a JSON object is left for :func:`parse_sheet` to refuse."""
    try:
        data = json.loads(sheet)
    except (ValueError, RecursionError):  # nested past Python's stack: parse_sheet says so
        return sheet, hidden
    if not isinstance(data, dict):
        return sheet, hidden
    taken = taken_ids(state)
    chosen = unique_id(data.get("id"), data.get("name"), taken, fallback="character")
    kept = chosen == data.get("id")
    moved = renamed_sheet(data, chosen)
    # The same file brought in twice (under another id, or with none) would hold aspect ids
    # another character holds: those are made anew from this character's id.
    remade = _fresh_aspect_ids(data, chosen, _held_aspect_ids(state))
    if kept and not remade:
        return sheet, hidden
    return json.dumps(data, ensure_ascii=False), tuple(
        remade.get(moved(a), moved(a)) for a in hidden
    )


def _held_aspect_ids(state: TableState) -> set[str]:
    """The ids of every aspect the table's characters hold (on their sheets, as consequences
    and as conditions)."""
    held: set[str] = set()
    for character in state.game.characters.values():
        held.update(a.id for a in character.aspects)
        held.update(s.aspect.id for s in character.consequences if s.aspect is not None)
        held.update(m.aspect.id for m in character.conditions.values())
    return held


def _fresh_aspect_ids(data: dict[str, Any], owner: str, held: set[str]) -> dict[str, str]:
    """Give each sheet aspect of the character file ``data`` (changed in place) whose id is in
    ``held`` a new one, ``owner/kind/n`` as the table numbers a sheet's aspects; returns the
    old ids with their new ones."""
    aspects = data.get("aspects")
    if not isinstance(aspects, list):
        return {}
    used = held | {a["id"] for a in aspects if isinstance(a, dict) and isinstance(a.get("id"), str)}
    remade: dict[str, str] = {}
    for aspect in aspects:
        if not isinstance(aspect, dict) or aspect.get("id") not in held:
            continue
        kind = aspect.get("kind") if isinstance(aspect.get("kind"), str) else "character"
        number = 1
        while f"{owner}/{kind}/{number}" in used:
            number += 1
        fresh = f"{owner}/{kind}/{number}"
        used.add(fresh)
        remade[aspect["id"]] = fresh
        aspect["id"] = fresh
    return remade


@decides(UpdateCharacter)
def _update_character(context: Context, command: UpdateCharacter) -> list[Event]:
    character = parse_sheet(command.sheet, context.state)
    context.require_control(character.id, "rewrite this sheet")
    check_rewritable(context.state)
    sheet = command.sheet
    if not context.seat.is_gm:
        sheet = _keeping_unseen_aspects(context, character, sheet)
    sheet = with_package_grants(character, with_mode_ratings(context.state, character, sheet))
    sheet = _with_harm_refitted(context.state, character, sheet)
    return [context.event_from(CharacterUpdated, command, character_id=character.id, sheet=sheet)]


def with_mode_ratings(state: TableState, character: Character, sheet: str) -> str:
    """In a rule set with modes, the sheet (and ``character``) with the skill ratings its modes
    and bought steps give (:func:`mode_skill_ratings`), decided as the sheet comes to the table
    or is rewritten, so every roll reads them; the event keeps them as facts. Other sheets, and
    a sheet without modes (an NPC's own ratings), are left as written."""
    shape = state.game.ruleset.preset.shape
    if not isinstance(shape, ModeShape) or not character.modes:
        return sheet
    derived = mode_skill_ratings(shape, character.modes, character.skill_improvements)
    character.skills = derived
    data = json.loads(sheet)
    if data.get("skills") == derived:  # written out already: folding reads them as they are
        return sheet
    data["skills"] = dict(sorted(derived.items(), key=lambda kv: (-kv[1], kv[0])))
    return json.dumps(data, ensure_ascii=False)


def with_package_grants(character: Character, sheet: str) -> str:
    """A sheet that bought packages (Venture City's powers), with the stunts and aspects they
    granted and the refresh left written out, as the table's rule set decided them when the
    sheet came to the table or was rewritten: the event keeps them as facts, so folding never
    asks the rule set again. Other sheets, and those written out already, are left as written."""
    if not character.packages:
        return sheet
    data = json.loads(sheet)
    written = character_to_dict(character)
    keys = ("stunts", "aspects", "refresh")
    if all(data.get(k) == written[k] for k in keys):
        return sheet
    data.update({k: written[k] for k in keys})
    return json.dumps(data, ensure_ascii=False)


def _with_harm_refitted(state: TableState, character: Character, sheet: str) -> str:
    """The rewritten sheet with the stress boxes and consequence slots the table's rule set gives
    its skills and stunts, marks and written consequences kept (:func:`refit_harm`): the engine
    decides them, whatever the sheet carried over from before the edit or from an import.
    A minor NPC's, a mob's or a monster's are the GM's own and stay as written."""
    before = character_to_dict(character)
    refit_harm(character, state.game.ruleset.preset)  # refuses to drop a written consequence
    after = character_to_dict(character)
    changed = {k: after[k] for k in ("stress", "consequences") if after[k] != before[k]}
    if not changed:
        return sheet
    data = json.loads(sheet)
    data.update(changed)
    return json.dumps(data, ensure_ascii=False)


def _keeping_unseen_aspects(context: Context, character: Character, sheet: str) -> str:
    """A player's rewrite of a sheet (the sheet as their view shows it, without the aspects the
    GM keeps from them) with those aspects kept as they were, where they were. Naming one of them
    is refused: a seat cannot rewrite what it may not see, nor learn it by rewriting it."""
    state = context.state
    mine = state.characters_of(context.seat.id)
    old = state.game.character(character.id)
    unseen = {
        index: aspect
        for index, aspect in enumerate(old.aspects)
        if aspect.hidden and not aspect.known_to & mine
    }
    if not unseen:
        return sheet
    data = json.loads(sheet)
    hidden_ids = {aspect.id for aspect in unseen.values()}
    written = data.get("aspects", [])
    taken = hidden_ids | {aspect.id for aspect in character.aspects}
    for item, aspect in zip(written, character.aspects, strict=True):
        if aspect.id not in hidden_ids:
            item["id"] = aspect.id  # fixed now: the kept aspects go back in between
        elif "id" in item:
            raise ForbiddenAction(
                f"seat {context.seat.id!r} may not rewrite aspect {aspect.id!r}: "
                "the GM keeps it from this seat",
                SEAT_RULE,
            )
        else:  # placed where a kept aspect's id would put it: a new aspect, with an id of its own
            item["id"] = _free_aspect_id(character.id, aspect.kind.value, taken)
            taken.add(item["id"])
    kept = {a["id"]: a for a in character_to_dict(old)["aspects"] if a["id"] in hidden_ids}
    for index in sorted(unseen):
        written.insert(min(index, len(written)), kept[unseen[index].id])
    data["aspects"] = written
    return json.dumps(data, ensure_ascii=False)


def _free_aspect_id(character_id: str, kind: str, taken: set[str]) -> str:
    number = 1
    while f"{character_id}/{kind}/{number}" in taken:
        number += 1
    return f"{character_id}/{kind}/{number}"


# -- the fold ----------------------------------------------------------------------------------


def table_preset(event: TableCreated | CreateTable) -> Preset | str:
    """The preset a table plays: read from its rule-set file, or a built-in by key."""
    if event.ruleset is None:
        return event.preset
    preset = loads_ruleset(event.ruleset, bounded=False)  # checked with its bounds when decided
    if preset.key != event.preset:
        raise BadInput(f"the rule set is {preset.key!r}, but the table names {event.preset!r}")
    return preset


def new_table(event: TableCreated) -> TableState:
    """The table ``event`` creates, checked as a new one is (its options, its name)."""
    Ruleset.of(table_preset(event), event.options, skill_list=event.skill_list)
    if not event.name.strip():
        raise BadInput("a table needs a name")
    _name(event.gm_name)
    return table_as_recorded(event)


def table_as_recorded(event: TableCreated) -> TableState:
    """The table ``event`` created, as its log recorded it: nothing is checked again."""
    ruleset = Ruleset.assembled(table_preset(event), event.options, skill_list=event.skill_list)
    state = TableState(
        table_id=event.table_id,
        name=event.name.strip(),
        created_at=event.at,
        preset=event.preset,
        options=tuple(event.options),
        skill_list=event.skill_list,
        ruleset=ruleset,
        ruleset_file=event.ruleset,
        game=Game([], ruleset=ruleset),
    )
    state.seats[event.gm_seat] = Seat(event.gm_seat, Role.GM, event.gm_name.strip())
    return state


@judges(SeatAdded)
def _judge_seat_added(state: TableState, event: SeatAdded) -> None:
    if event.seat_id in state.seats:
        raise BadInput(f"there is already a seat {event.seat_id!r}")
    _name(event.name)
    _seat_added(state, event)


@assigns(SeatAdded)
def _seat_added(state: TableState, event: SeatAdded) -> None:
    state.seats[event.seat_id] = Seat(event.seat_id, event.role, event.name.strip())


writes({Region.SEATS}, SeatAdded)
# A seat gone, and the characters it played left to the GM (who plays which: SEATS; the
# characters' parts read it as whose they are).
writes({Region.SEATS, Region.CHARACTERS}, SeatRemoved)


@judges(SeatRemoved)
def _judge_seat_removed(state: TableState, event: SeatRemoved) -> None:
    seat = state.seats.get(event.seat_id)
    if seat is None:
        raise BadInput(f"there is no seat {event.seat_id!r}")
    if seat.is_gm and sum(s.is_gm for s in state.seats.values()) == 1:
        raise BadInput("the table's last GM seat cannot be removed")
    _seat_removed(state, event)


@assigns(SeatRemoved)
def _seat_removed(state: TableState, event: SeatRemoved) -> None:
    state.seats.pop(event.seat_id, None)
    for character, owner in list(state.owners.items()):
        if owner == event.seat_id:
            del state.owners[character]  # the GM runs them now


@judges(CharacterAdded)
def _judge_character_added(state: TableState, event: CharacterAdded) -> None:
    character = parse_sheet(event.sheet, state, bounded=False)  # as the log has it
    if character.id == GM:
        raise BadInput(f"{GM!r} is the GM's own name in the ledger; give the character another id")
    if character.id != event.character_id:
        raise BadInput(f"the sheet is {character.id!r}, not {event.character_id!r}")
    if event.owner is not None:
        _require_player(state, event.owner)
        if character.kind not in _PLAYERS_KINDS:
            raise BadInput(
                "only a player character or an extra has a player for owner; NPCs are the GM's"
            )
    aspects = {a.id: a for a in character.aspects}
    unknown = [a for a in event.hidden_aspects if a not in aspects]
    if unknown:
        raise BadInput(f"{character.id} has no aspect {unknown[0]!r}")
    if character.id in state.game.characters:
        raise BadInput(f"a character with id {character.id!r} is already in the game")
    _hide(character, event.hidden_aspects)
    state.game.add_character(character)
    _seat_character(state, event, character)


@folds(CharacterAdded)
def _character_added(state: TableState, event: CharacterAdded) -> None:
    _character_added_older(state, event)
    assign_facts(state, facts_of(event))  # the fate points it brought


@older(CharacterAdded)
def _character_added_older(state: TableState, event: CharacterAdded) -> None:
    character = parse_sheet(event.sheet, state, bounded=False)  # as the log has it
    _hide(character, event.hidden_aspects)
    # Logged before events recorded facts, an NPC brought its sheet's points to the GM's pool,
    # as fatekit played then (issue 27 fixed it: an NPC now brings none); since, the facts say.
    npc_points = character.fate_points if event.facts is None else 0
    state.game.take_character(character, npc_points=npc_points)
    _seat_character(state, event, character)


def _hide(character: Character, hidden: tuple[str, ...]) -> None:
    aspects = {a.id: a for a in character.aspects}
    for aspect_id in hidden:
        aspects[aspect_id].hidden = True
        if character.kind is not CharacterKind.PC:
            # An NPC knows its own secret (a PC's hidden aspect may be one its player does not
            # know: the GM says who knows it).
            aspects[aspect_id].known_to.add(character.id)


def _seat_character(state: TableState, event: CharacterAdded, character: Character) -> None:
    if event.owner is not None:
        state.owners[character.id] = event.owner
    # A PC's sheet is open to the table, and so is an extra a player brings; the GM's own
    # (an NPC, an extra no player owns) stays the GM's until revealed.
    if event.revealed or character.kind is CharacterKind.PC or event.owner is not None:
        state.revealed.add(character.id)


@judges(CharacterUpdated)
def _judge_character_updated(state: TableState, event: CharacterUpdated) -> None:
    old = state.game.character(event.character_id)
    check_rewritable(state)
    new = parse_sheet(event.sheet, state, bounded=False)
    if new.id != old.id:
        raise BadInput(f"the sheet is {new.id!r}, not {old.id!r}")
    if new.kind is not old.kind:
        raise BadInput(f"{old.id} is a {old.kind.value}; a rewrite cannot change that")
    if state.game.ruleset.has(OptionalRule.CONDITIONS):
        check_conditions(new.consequences)
    _character_updated(state, event)


def check_rewritable(state: TableState) -> None:
    """Refuse to rewrite any sheet while a conflict is on (its stress, consequences and turn
    order are the fight's); a character's offers hold ``UpdateCharacter`` by the same check."""
    if state.conflict is not None:
        raise BadInput("a sheet cannot be rewritten during a conflict")


@assigns(CharacterUpdated)
def _character_updated(state: TableState, event: CharacterUpdated) -> None:
    old = state.game.characters[event.character_id]
    new = parse_sheet(event.sheet, state, bounded=False)
    for aspect in new.aspects:
        # What was hidden stays hidden from the same people.
        before = next((a for a in old.aspects if a.id == aspect.id), None)
        if before is not None:
            aspect.hidden, aspect.known_to = before.hidden, set(before.known_to)
    ruleset = state.game.ruleset
    if ruleset.has(OptionalRule.CONDITIONS):
        new.consequences = conditions_for(
            new.consequences, apart=ruleset.has(OptionalRule.CONDITIONS_APART)
        )
    # The ledger keeps the fate points; the sheet shows them.
    new.fate_points = state.game.ledger.account(new.id).available
    state.game.characters[new.id] = new


@judges(CharacterRevealed)
def _judge_character_revealed(state: TableState, event: CharacterRevealed) -> None:
    check_unrevealed(state, event.character_id)
    _character_revealed(state, event)


def check_unrevealed(state: TableState, character_id: str) -> None:
    """Refuse to reveal a sheet twice (or a character not at the table)."""
    state.require_character(character_id)
    if character_id in state.revealed:
        raise BadInput(f"{state.game.character(character_id).name}'s sheet is revealed already")


@assigns(CharacterRevealed)
def _character_revealed(state: TableState, event: CharacterRevealed) -> None:
    state.revealed.add(event.character_id)


#: The kinds of sheet a player may own: their PC, and an extra (a ship, a familiar, an
#: organization) their PC and others' share.
_PLAYERS_KINDS = (CharacterKind.PC, CharacterKind.EXTRA)


def check_givable(character: Character) -> None:
    """Refuse to hand an NPC to a player: a player owns a PC or an extra."""
    if character.kind not in _PLAYERS_KINDS:
        raise BadInput(f"{character.name} is an NPC: NPCs are the GM's")


@judges(CharacterGiven)
def _judge_character_given(state: TableState, event: CharacterGiven) -> None:
    check_givable(state.game.character(event.character_id))
    if event.owner is not None:
        _require_player(state, event.owner)
    _character_given(state, event)


@assigns(CharacterGiven)
def _character_given(state: TableState, event: CharacterGiven) -> None:
    if event.owner is None:
        state.owners.pop(event.character_id, None)
    else:
        state.owners[event.character_id] = event.owner


@judges(TemplateAdded)
def _judge_template_added(state: TableState, event: TemplateAdded) -> None:
    if not event.template_id.strip() or event.template_id in state.templates:
        raise BadInput(f"template ids are unique and not empty: {event.template_id!r}")
    parse_sheet(event.sheet, state, bounded=False)  # a template is a character file, read so
    _name(event.name)
    _template_added(state, event)


@assigns(TemplateAdded)
def _template_added(state: TableState, event: TemplateAdded) -> None:
    state.templates[event.template_id] = (event.name.strip(), event.sheet)


@judges(TemplateRemoved)
def _judge_template_removed(state: TableState, event: TemplateRemoved) -> None:
    if event.template_id not in state.templates:
        raise BadInput(f"there is no template {event.template_id!r}")
    _template_removed(state, event)


@assigns(TemplateRemoved)
def _template_removed(state: TableState, event: TemplateRemoved) -> None:
    state.templates.pop(event.template_id, None)


writes({Region.TEMPLATES}, TemplateAdded, TemplateRemoved)
# A character brought in: its sheet, the ledger and who has met it (CHARACTERS), the fate
# points it brought (its facts), who plays it (SEATS). Handed to a seat or to the GM: who plays
# it (and the characters' parts, which read whose each is). Revealed: the players may see its
# sheet (CHARACTERS). Rewritten: the sheet, as a move's facts may rewrite one (MOVE: the
# conflict's and the scene's parts read the sheets they hold).
moves({Region.SEATS}, CharacterAdded)
writes({Region.SEATS, Region.CHARACTERS}, CharacterGiven)
writes({Region.CHARACTERS}, CharacterRevealed)
writes(MOVE, CharacterUpdated)


def check_add_character(
    state: TableState, seat: Seat, kind: CharacterKind, owner: str | None
) -> None:
    """Refuse unless ``seat`` may add a character of ``kind`` for ``owner`` (a player's seat, or
    ``None``: the GM's): a player adds only their own, and a player owns only a PC or an extra.
    The decider's check and the sheet editor's offer (``you.adds``), in three parts: the seat
    and the kind, the seat and the owner, the kind and the owner."""
    check_adds_kind(seat, kind)
    check_adds_for(state, seat, owner)
    check_owner_kind(kind, owner)


def check_hides_aspects(seat: Seat) -> None:
    """Refuse unless ``seat`` may keep a new character's aspects from the players (or bring an
    NPC in already revealed): the GM's alone. AddCharacter's check, the import's (which reads
    the aspects to keep by position) and the seat's offer (``you.may_hide``)."""
    if not seat.is_gm:
        raise ForbiddenAction("only the GM hides aspects or reveals NPCs", SEAT_RULE)


def _adds_kind(seat: Seat, kind: CharacterKind) -> bool:
    """Whether ``seat``'s role may add a character of ``kind``: NPCs are the GM's."""
    return seat.is_gm or kind in _PLAYERS_KINDS


def _adds_for(seat: Seat, owner: str | None) -> bool:
    """Whether ``seat`` may name ``owner`` for a character it adds: a player, only itself."""
    return seat.is_gm or owner == seat.id


def _owns_kind(kind: CharacterKind, owner: str | None) -> bool:
    """Whether ``owner`` (``None``: the GM) may own a character of ``kind``."""
    return owner is None or kind in _PLAYERS_KINDS


def check_adds_kind(seat: Seat, kind: CharacterKind) -> None:
    """:func:`check_add_character`'s part for ``seat`` and ``kind``, whoever the owner: an
    acting seat, and NPCs the GM's alone."""
    require_acting(seat)
    if not _adds_kind(seat, kind):
        raise ForbiddenAction(
            "NPCs are the GM's: a player adds only a player character or an extra", SEAT_RULE
        )


def check_adds_for(state: TableState, seat: Seat, owner: str | None) -> None:
    """:func:`check_add_character`'s part for ``seat`` and ``owner``, whatever the kind: a
    player adds only their own, and an owner is a player's seat."""
    if not _adds_for(seat, owner):
        raise ForbiddenAction("a player may add only their own character", SEAT_RULE)
    if owner is not None:
        _require_player(state, owner)


def check_owner_kind(kind: CharacterKind, owner: str | None) -> None:
    """:func:`check_add_character`'s part for ``kind`` and ``owner``, whoever adds it: a player
    owns only a PC or an extra."""
    if not _owns_kind(kind, owner):
        raise BadInput(
            "only a player character or an extra has a player for owner; NPCs are the GM's"
        )


def add_offers(state: TableState, seat: Seat) -> dict[CharacterKind, list[str | None]]:
    """The kinds of character ``seat`` may add now, each with the owners it may give one
    (``None``: the GM's), by :func:`check_add_character`: each of its parts asked of what it
    reads (the kinds, the owners, then the two together), not of every pair. Each part's own
    test is asked first, so most refusals are answered without one raised."""
    kinds = [k for k in CharacterKind if _adds_kind(seat, k) and allowed(check_adds_kind, seat, k)]
    if not kinds:
        return {}
    candidates: list[str | None] = [
        None,
        *(s.id for s in state.seats.values() if s.role is Role.PLAYER),
    ]
    owners = [
        o for o in candidates if _adds_for(seat, o) and allowed(check_adds_for, state, seat, o)
    ]
    found = {
        kind: [o for o in owners if _owns_kind(kind, o) and allowed(check_owner_kind, kind, o)]
        for kind in kinds
    }
    return {kind: who for kind, who in found.items() if who}


def _require_player(state: TableState, seat_id: str) -> None:
    owner = state.seats.get(seat_id)
    if owner is None or owner.role is not Role.PLAYER:
        raise BadInput(f"{seat_id!r} is not a player's seat")


def check_seat_id(seat_id: str) -> None:
    """Raise :class:`BadInput` unless ``seat_id`` is one a new seat may take."""
    if not seat_id.strip() or len(seat_id) > 200:
        raise BadInput("a seat id is a non-blank string of at most 200 characters")


def _name(name: str) -> str:
    if not name.strip():
        raise BadInput("a name cannot be blank")
    return name.strip()


def parse_sheet(sheet: str, state: TableState | None = None, *, bounded: bool = True) -> Character:
    """A character from its file's JSON text (raises :class:`BadInput` with every problem).

    At a table playing a rule-set file, every sheet is read under that rule set (its ``preset``
    names the file's key, which no other table knows), as ``fatekit check --ruleset`` does.
    """
    try:
        data = json.loads(sheet)
    except ValueError as error:
        raise BadInput(f"the sheet is not JSON: {error}") from None
    except RecursionError:
        raise BadInput("the sheet is not a character file: its JSON is nested too deeply") from None
    own = state.ruleset.preset if state is not None and state.ruleset_file else None
    if own is not None and isinstance(data, dict) and data.get("preset", own.key) != own.key:
        raise BadInput(
            f"this table plays {own.name} ({own.key}); the sheet is for {data['preset']!r}"
        )
    return character_from_dict(data, own, bounded=bounded).character


# -- what each seat sees -----------------------------------------------------------------------

shown_whole(
    TableCreated,
    SeatAdded,
    SeatRemoved,
    CharacterRevealed,
    CharacterGiven,
    TemplateAdded,
    TemplateRemoved,
)


@shows(CharacterAdded, CharacterUpdated)
def _show_character(
    viewer: Viewer, event: CharacterAdded | CharacterUpdated, data: JSON
) -> JSON | None:
    # The sheet as the seat may see it (an NPC's: its name and what shows of it), never the
    # sheet the event carries; nothing at all of a character the seat has not met.
    if not viewer.knows(event.character_id):
        return None
    try:
        character = viewer.state.game.character(event.character_id)
    except BadInput:
        character = None
    if character is None:
        # Gone since (undone): say no more than that it happened.
        return {"character_id": event.character_id}
    out: JSON = {
        "character_id": event.character_id,
        "character": to_builtins(character_view(viewer, character)),
    }
    if isinstance(event, CharacterAdded):
        out["owner"] = event.owner
    return out


# -- the seat's part: the characters it may know of ---------------------------------------------


class MarkPart(Part, kw_only=True):
    """A moment of play (:class:`~fatekit.rules.core.clock.ClockMark`) as a sheet writes it."""

    scenes_ended: int
    sessions_ended: int
    minor_milestones: int
    major_milestones: int
    moment: Moment | UnsetType = UNSET  # left out for a scene's, as before moments were kept
    significant_milestones: int | UnsetType = UNSET  # left out while none was reached


class SheetAspectPart(Part, kw_only=True):
    """An aspect on a sheet as the character file writes it, with whether it is hidden; its
    free invokes' holders (one entry a free invoke), of those the seat may know of."""

    id: str
    kind: AspectKind | UnsetType = UNSET  # a consequence's aspect says no kind
    name: str
    free_invokes: list[str] | UnsetType = UNSET
    hidden: bool | UnsetType = UNSET


class SkillBonusPart(Part, kw_only=True, tag="skill_bonus", tag_field="type"):
    skill: str
    actions: list[Action]
    action: Action | UnsetType = UNSET  # the single action older readers know
    bonus: int


class SkillSwapPart(Part, kw_only=True, tag="skill_swap", tag_field="type"):
    skill: str
    replaces: str
    actions: list[Action]
    action: Action | UnsetType | None = UNSET  # older readers' single action (None: any)


class ExtraActionPart(Part, kw_only=True, tag="extra_action", tag_field="type"):
    skill: str
    action: Action


class ExtraFreeInvokePart(Part, kw_only=True, tag="extra_free_invoke", tag_field="type"):
    skill: str
    count: int


class ExtraStressPart(Part, kw_only=True, tag="extra_stress", tag_field="type"):
    track: str
    boxes: int


class ExtraConsequencePart(Part, kw_only=True, tag="extra_consequence", tag_field="type"):
    track: str
    severity: str


class GrantsBoostPart(Part, kw_only=True, tag="boost", tag_field="type"):
    skill: str | None
    actions: list[Action]


class ActFirstPart(Part, kw_only=True, tag="act_first", tag_field="type"):
    track: str


class RuleExceptionPart(Part, kw_only=True, tag="rule_exception", tag_field="type"):
    text: str


class TrueDetailPart(Part, kw_only=True, tag="true_detail", tag_field="type"):
    detail: str


StuntEffectPart = (
    SkillBonusPart
    | SkillSwapPart
    | ExtraActionPart
    | ExtraFreeInvokePart
    | ExtraStressPart
    | ExtraConsequencePart
    | GrantsBoostPart
    | ActFirstPart
    | RuleExceptionPart
    | TrueDetailPart
)


class StuntPart(Part, kw_only=True):
    """A stunt on a sheet, and whether it is spent until the next scene or session."""

    name: str
    description: str
    cost: StuntCost
    fate_point_cost: int  # what older readers know of the cost
    effect: StuntEffectPart
    circumstance: str | UnsetType = UNSET
    used_at: MarkPart | UnsetType = UNSET  # when a limited one was last used
    spent: bool


class SkillStepsPart(Part, kw_only=True):
    earned: int
    banked: int


class GearPart(Part, kw_only=True):
    name: str
    weapon: int
    armor: int


class StressBoxPart(Part, kw_only=True):
    value: int
    marked: bool


class ConsequencePart(Part, kw_only=True):
    """A consequence slot on a sheet: its severity and track, the aspect it holds (or replaced,
    for an extreme one), and when it was taken and treated."""

    severity: Severity
    shifts: int
    track: str
    aspect: SheetAspectPart | None
    recovering: bool
    treated_at: MarkPart | None
    taken_at: MarkPart | None
    conflict: str | None
    replaced: SheetAspectPart | None
    condition: str | UnsetType = UNSET  # a condition box's condition


class BoughtPackagePart(Part, kw_only=True):
    """A package of the rule set a sheet bought (a Venture City power), as a character file
    names it: its key and the options bought on it, once per purchase (the rule set names
    them; their stunts and aspects are on the sheet)."""

    key: str
    options: list[str] | UnsetType = UNSET


class SheetPart(Part, kw_only=True):
    """A whole sheet the seat may read, shaped as a character file (the page may send it back
    as one), with the fate points, hidden aspects and spent stunts as they stand at the table."""

    format: str
    version: int
    id: str
    name: str
    kind: CharacterKind
    preset: str
    as_you_play: bool
    description: str | UnsetType = UNSET
    aspects: list[SheetAspectPart]
    skills: dict[str, int]
    skill_labels: dict[str, str] | UnsetType = UNSET
    stunts: list[StuntPart]
    refresh: int
    refresh_awarded: int
    fate_points: int
    skill_steps: SkillStepsPart
    members: int | UnsetType = UNSET  # a mob's members, when not 1
    weight: int | UnsetType = UNSET  # the individual weight the weight option counts, when not 1
    modes: dict[str, int] | UnsetType = UNSET  # a rule set with modes: each mode taken, rated
    skill_improvements: dict[str, int] | UnsetType = UNSET  # steps bought above a skill's mode
    packages: list[BoughtPackagePart] | UnsetType = UNSET  # the rule set's packages bought
    shared_with: list[str] | UnsetType = UNSET
    gear: list[GearPart] | UnsetType = UNSET
    stress: dict[str, list[StressBoxPart]]
    consequences: list[ConsequencePart]
    # The rule set's conditions marked on the sheet (the Fate System Toolkit's), by key.
    conditions: dict[str, SheetConditionPart] | UnsetType = UNSET


class TreatmentPart(Part, kw_only=True):
    """The difficulty of treating a consequence, by someone else and by its bearer; the
    characters the seat may ask to treat it now (``treaters``, those in the scene first: none
    outside a scene, in a conflict, or while a treatment of it waits to be settled)."""

    difficulty: int
    on_self: int
    treaters: list[str]


class HealingPart(Part, kw_only=True):
    """For one consequence slot: what it waits for before it clears, and what treating it takes
    (``None``: nothing to treat)."""

    clears_after: str | None
    treatment: TreatmentPart | None


class ConsequenceSeenPart(AspectPart, kw_only=True):
    """A consequence on a sheet the seat may not read: its aspect, and how it heals."""

    recovering: bool
    clears_after: str | None


#: What a seat may do with a character, by the command's name: its own moves, and the
#: advancement ones (:data:`~fatekit.table.play.advancement.AdvanceMove`: a milestone, a
#: breakthrough, banked skill steps).
CharacterMove = Literal[
    "UpdateCharacter",
    "GiveCharacter",
    "RevealCharacter",
    "JoinScene",
    "Milestone",
    "Breakthrough",
    "SpendMilestone",
    "RaiseSkills",
]


class ModePart(Part, kw_only=True):
    """One mode a character took (a rule set with modes): its key, its rating, whether it is a
    weird mode, and the skills written under it (each once, under the highest-rated mode that
    has it: :func:`~fatekit.rules.characters.modes.home_modes`). The rule set names it."""

    key: str
    rating: int
    weird: bool
    skills: list[str]


class PackageExtraPart(Part, kw_only=True):
    """An option the same milestone change may buy on top of a package's way (``option``), and
    the refresh the change costs with it (``refresh``)."""

    option: str
    refresh: int


class PackageOfferPart(Part, kw_only=True):
    """A package (Venture City's power) the seat may buy for a PC at its open milestone, or take
    in the place of one it bought (``replaces``: that one's key), with the options it must take
    (``options``: one from each such group, a drawback and a collateral damage effect) and the
    refresh that costs (``refresh``). The milestone's change sends exactly these, with any of
    ``extras`` (each taken alone, the options it may buy on top: their sum is the judge's to
    accept). With ``adds``, the change buys ``options`` (one) on the package the PC holds under
    ``key`` (``add_package_options``)."""

    key: str
    options: list[str]
    refresh: int
    replaces: str | None = None
    adds: bool | UnsetType = UNSET
    extras: list[PackageExtraPart] | UnsetType = UNSET


class CharacterPart(Part, kw_only=True):
    """A character the seat may know of. ``revealed``: its whole ``sheet`` (with ``healing``,
    one entry a consequence slot); otherwise only its ``name``, ``kind``, the aspects the seat
    sees and its consequences. ``offers``: what the seat may do with the character now."""

    id: str
    revealed: bool
    offers: list[CharacterMove]
    # With the whole sheet: what the seat may do with each aspect on it (its own aspects and its
    # consequences), by aspect id, where it may do anything (the sheet itself stays a
    # character file, which a seat sends back to rewrite it).
    aspect_offers: dict[str, list[AspectMove]] | UnsetType = UNSET
    # With the whole sheet: what the seat may do with each of those aspects in its characters'
    # names (pass a free invoke, pay for a story detail, compel...), by aspect id, where any.
    aspect_offers_by: dict[str, dict[AspectByMove, list[str]]] | UnsetType = UNSET
    # With the whole sheet: the stunts the seat may use on their own now (``UseStunt``), by name.
    usable_stunts: list[str] | UnsetType = UNSET
    # Set (true) where the seat may add the GM's power-up (refresh, a skill step) to the
    # breakthrough it is offered to spend (Breakthrough's check of gm_refresh, gm_skill_step).
    gm_powers: bool | UnsetType = UNSET
    # With the whole sheet, where the PC's open milestone may buy or change a package: each
    # way the milestone's change takes one (unset where none).
    package_offers: list[PackageOfferPart] | UnsetType = UNSET
    owner: str | None
    sheet: SheetPart | UnsetType = UNSET
    # With the whole sheet, in a rule set with modes: the modes taken, highest first, each with
    # the skills written under it.
    modes: list[ModePart] | UnsetType = UNSET
    # With the whole sheet, where PCs count aspects instead of skills (The Three Rocketeers):
    # what each aspect on the sheet adds to a roll when counted, by aspect id.
    counted_worth: dict[str, int] | UnsetType = UNSET
    healing: list[HealingPart] | UnsetType = UNSET
    name: str | UnsetType = UNSET
    kind: CharacterKind | UnsetType = UNSET
    aspects: list[AspectPart] | UnsetType = UNSET
    consequences: list[ConsequenceSeenPart] | UnsetType = UNSET
    # Every condition of the rule set (the Fate System Toolkit's) on this sheet, marked or not,
    # with what the seat may do with each: unset where the rule set declares none.
    conditions: list[ConditionPart] | UnsetType = UNSET


def _mark(mark: ClockMark | None) -> MarkPart | None:
    if mark is None:
        return None
    return MarkPart(
        scenes_ended=mark.scenes_ended,
        sessions_ended=mark.sessions_ended,
        minor_milestones=mark.minor_milestones,
        major_milestones=mark.major_milestones,
        moment=UNSET if mark.moment is Moment.SCENE else mark.moment,
        significant_milestones=mark.significant_milestones or UNSET,
    )


def _sheet_aspect(
    aspect: Aspect,
    *,
    kind: bool = True,
    hidden: bool | UnsetType = UNSET,
    holders: Callable[[str], bool] | None = None,
) -> SheetAspectPart:
    held = [f.holder for f in aspect.free_invokes]
    if holders is not None:
        held = [h for h in held if holders(h)]
    return SheetAspectPart(
        id=aspect.id,
        kind=aspect.kind if kind else UNSET,
        name=aspect.name,
        free_invokes=held or UNSET,
        hidden=hidden,
    )


def _actions(actions: tuple[Action, ...], *, none_is_any: bool) -> Action | UnsetType | None:
    """The single ``action`` older readers know when the list says the same (one action; for a
    swap, none meaning any)."""
    if len(actions) == 1:
        return actions[0]
    return None if not actions and none_is_any else UNSET


def _effect(effect: StuntEffect) -> StuntEffectPart:
    if isinstance(effect, SkillBonus):
        single = _actions(effect.actions, none_is_any=False)
        return SkillBonusPart(
            skill=effect.skill,
            actions=list(effect.actions),
            action=UNSET if single is None else single,
            bonus=effect.bonus,
        )
    if isinstance(effect, SkillSwap):
        return SkillSwapPart(
            skill=effect.skill,
            replaces=effect.replaces,
            actions=list(effect.actions),
            action=_actions(effect.actions, none_is_any=True),
        )
    if isinstance(effect, ExtraAction):
        return ExtraActionPart(skill=effect.skill, action=effect.action)
    if isinstance(effect, ExtraFreeInvoke):
        return ExtraFreeInvokePart(skill=effect.skill, count=effect.count)
    if isinstance(effect, ExtraStress):
        return ExtraStressPart(track=effect.track.value, boxes=effect.boxes)
    if isinstance(effect, ExtraConsequence):
        return ExtraConsequencePart(track=effect.track.value, severity=effect.severity)
    if isinstance(effect, GrantsBoost):
        return GrantsBoostPart(skill=effect.skill, actions=list(effect.actions))
    if isinstance(effect, ActFirst):
        return ActFirstPart(track=effect.track.value)
    if isinstance(effect, RuleException):
        return RuleExceptionPart(text=effect.text)
    return TrueDetailPart(detail=effect.detail)


def _sheet(viewer: Viewer, character: Character) -> SheetPart:
    """The whole sheet, as the seat may read it: the aspects it sees, their free invokes held by
    characters it may know of, fate points and spent stunts as they stand at the table."""
    knows = None if viewer.gm else viewer.knows_holder
    spent = viewer.state.game.stunt_uses.spent
    return SheetPart(
        format=CHARACTER_FORMAT,
        version=CHARACTER_VERSION,
        id=character.id,
        name=character.name,
        kind=character.kind,
        preset=character.preset.split("+", 1)[0],
        as_you_play=character.as_you_play,
        description=character.description or UNSET,
        aspects=[
            _sheet_aspect(a, hidden=a.hidden, holders=knows)
            for a in character.aspects
            if viewer.sees_aspect(a)
        ],
        skills=dict(sorted(character.skills.items(), key=lambda kv: (-kv[1], kv[0]))),
        skill_labels=dict(character.skill_labels) if character.skill_labels else UNSET,
        stunts=[
            StuntPart(
                name=s.name,
                description=s.description,
                cost=s.cost,
                fate_point_cost=s.fate_point_cost,
                effect=_effect(s.effect),
                circumstance=s.circumstance or UNSET,
                used_at=_mark(character.stunt_uses.get(s.name)) or UNSET,
                spent=spent(character.id, s),  # until the next scene or session
            )
            for s in character.stunts
        ],
        refresh=character.refresh,
        refresh_awarded=character.refresh_awarded,
        fate_points=viewer.state.game.ledger.account(character.id).available,
        skill_steps=SkillStepsPart(
            earned=character.skill_steps_earned, banked=character.skill_steps_banked
        ),
        members=UNSET if character.members == 1 else character.members,
        weight=UNSET if character.weight == 1 else character.weight,
        modes=dict(character.modes) if character.modes else UNSET,
        skill_improvements=dict(sorted(character.skill_improvements.items()))
        if character.skill_improvements
        else UNSET,
        packages=[
            BoughtPackagePart(key=p.key, options=list(p.options) if p.options else UNSET)
            for p in character.packages
        ]
        if character.packages
        else UNSET,
        shared_with=list(character.shared_with) if character.shared_with else UNSET,
        gear=[GearPart(name=g.name, weapon=g.weapon, armor=g.armor) for g in character.gear]
        if character.gear
        else UNSET,
        stress={
            track.value: [StressBoxPart(value=b.value, marked=b.marked) for b in stress.boxes]
            for track, stress in character.stress.items()
        },
        consequences=[
            ConsequencePart(
                severity=s.severity,
                shifts=s.shifts,
                track=s.track.value,
                aspect=None if s.aspect is None else _sheet_aspect(s.aspect, kind=False),
                recovering=s.recovering,
                treated_at=_mark(s.treated_at),
                taken_at=_mark(s.taken_at),
                conflict=s.conflict,
                replaced=None if s.replaced is None else _sheet_aspect(s.replaced),
                condition=UNSET if s.condition is None else s.condition,
            )
            for s in character.consequences
        ],
        conditions=sheet_conditions(character, knows),
    )


def character_view(viewer: Viewer, character: Character) -> CharacterPart:
    """A character as the seat may see it: the whole sheet when it may read it, otherwise the
    name, the kind, the aspects it sees and the consequences."""
    offers = character_offers(viewer, character)
    if viewer.sees_sheet(character.id):
        on_sheet = _on_sheet(viewer, character)  # listed once for both kinds of offer
        return CharacterPart(
            id=character.id,
            revealed=True,
            offers=offers,
            aspect_offers=_aspect_offers(viewer, on_sheet),
            aspect_offers_by=_aspect_offers_by(viewer, on_sheet),
            usable_stunts=_usable_stunts(viewer, character),
            gm_powers=_gm_powers(viewer, offers),
            package_offers=_package_offers(viewer, character, offers),
            owner=viewer.state.owner_of(character.id),
            sheet=_sheet(viewer, character),
            modes=_modes(viewer, character),
            counted_worth=_counted_worth(viewer, character),
            healing=[
                HealingPart(
                    clears_after=viewer.clears_after(slot), treatment=_treatment(viewer, slot)
                )
                for slot in character.consequences
            ],
            conditions=condition_parts(viewer, character),
        )
    return CharacterPart(
        id=character.id,
        revealed=False,
        offers=offers,
        owner=None,
        name=character.name,
        kind=character.kind,
        aspects=[viewer.aspect(a) for a in character.aspects if viewer.sees_aspect(a)],
        consequences=[
            ConsequenceSeenPart(
                **msgspec.structs.asdict(viewer.aspect(s.aspect)),
                recovering=s.recovering,
                clears_after=viewer.clears_after(s),
            )
            for s in character.consequences
            if s.aspect is not None
        ],
        conditions=condition_parts(viewer, character),
    )


def _modes(viewer: Viewer, character: Character) -> list[ModePart] | UnsetType:
    """The modes a sheet took, highest first, each with the skills written under it (none
    without modes, or at a table whose rule set has none)."""
    shape = viewer.state.game.ruleset.preset.shape
    if not character.modes or not isinstance(shape, ModeShape):
        return UNSET
    home = home_modes(shape, character.modes)
    taken = [m for m in shape.modes if m.key in character.modes]
    taken.sort(key=lambda m: -character.modes[m.key])  # stable: the rule set's order on a tie
    return [
        ModePart(
            key=m.key,
            rating=character.modes[m.key],
            weird=m.weird,
            skills=sorted(
                (k for k, mode in home.items() if mode == m.key),
                key=lambda k: (-character.skills.get(k, 0), k),
            ),
        )
        for m in taken
    ]


def _counted_worth(viewer: Viewer, character: Character) -> dict[str, int] | UnsetType:
    """What each of the sheet's aspects adds when its PC counts it for a roll, by the rules'
    one function (unset for anyone who rolls skills)."""
    counted = viewer.state.game.ruleset.preset.counted
    if counted is None or not counts_aspects(counted, character):
        return UNSET
    return dict(counted_parts(counted, character, [a.id for a in character.aspects]))


def _package_offers(
    viewer: Viewer, character: Character, offers: list[CharacterMove]
) -> list[PackageOfferPart] | UnsetType:
    found = package_offers(viewer.state, character, offers)
    if not found:
        return UNSET
    return [
        PackageOfferPart(
            key=p.key,
            options=list(p.options),
            refresh=p.refresh,
            replaces=p.replaces,
            adds=True if p.adds else UNSET,
            extras=[PackageExtraPart(option=e.option, refresh=e.refresh) for e in p.extras]
            or UNSET,
        )
        for p in found
    ]


def _gm_powers(viewer: Viewer, offers: list[CharacterMove]) -> bool | UnsetType:
    powers = "Breakthrough" in offers and allowed(check_gm_powers, viewer.seat)
    return True if powers else UNSET


def _on_sheet(viewer: Viewer, character: Character) -> list[Aspect]:
    """The aspects on a sheet the seat reads that offer moves: those it sees, the
    consequences' and the conditions'."""
    on_sheet = [a for a in character.aspects if viewer.sees_aspect(a)]
    on_sheet += [s.aspect for s in character.consequences if s.aspect is not None]
    on_sheet += [held.aspect for held in character.conditions.values()]
    return on_sheet


def _aspect_offers(viewer: Viewer, on_sheet: list[Aspect]) -> dict[str, list[AspectMove]]:
    found = {a.id: viewer.aspect_offers(a) for a in on_sheet}
    return {key: moves for key, moves in found.items() if moves}


def _aspect_offers_by(
    viewer: Viewer, on_sheet: list[Aspect]
) -> dict[str, dict[AspectByMove, list[str]]]:
    found = {a.id: viewer.aspect_moves(a) for a in on_sheet}
    return {key: moves for key, moves in found.items() if moves}


def _usable_stunts(viewer: Viewer, character: Character) -> list[str]:
    """The stunts of ``character`` the seat may use on their own now: a seat that acts for them,
    by the rules' check of the use (:func:`~fatekit.rules.aspects.stunt_uses.check_use_alone`:
    a rule exception, a true detail or a boost, not spent, its fate point there to pay)."""
    state, cid = viewer.state, character.id
    if not (play_goes_on(state) and state.controls(viewer.seat.id, cid)):
        return []
    if not allowed(require_acting, viewer.seat):
        return []
    scene = state.game.scene
    aspects = None if scene is None else scene.aspects
    uses, ledger = state.game.stunt_uses, state.game.ledger
    first: dict[str, Stunt] = {}  # the judge finds the first of a name
    for stunt in character.stunts:
        first.setdefault(stunt.name, stunt)
    # Paid as the decider pays it: a player's extra from its player's PC (fate-points.extra).
    payer = state.game.payer(cid, state.players_pcs(cid, viewer.seat.id))
    return [
        name
        for name, stunt in first.items()
        if allowed(check_use_alone, uses, cid, stunt, ledger, aspects, payer=payer)
    ]


def character_offers(viewer: Viewer, character: Character) -> list[CharacterMove]:
    """What the seat may do with ``character`` now, by the checks the deciders make of the seat
    and the rules' of the move: rewrite the sheet (a seat that acts for them), spend an open
    milestone or banked skill steps (:func:`advance_offers`), hand a PC or an extra over,
    reveal a sheet the players do not all see yet, bring them into the running scene (the
    GM)."""
    state, cid = viewer.state, character.id
    found: list[CharacterMove] = []
    if not play_goes_on(state):
        return found
    # require_control's own test (the character is at the table: it is drawn from it).
    if state.controls(viewer.seat.id, cid) and allowed(check_rewritable, state):
        found.append("UpdateCharacter")
    found += advance_offers(state, viewer.seat, character)
    if not viewer.gm_moves_allowed:
        return found
    if allowed(check_givable, character):
        found.append("GiveCharacter")
    # Whether it is revealed first: check_unrevealed's own test, without a refusal raised.
    if cid not in state.revealed and allowed(check_unrevealed, state, cid):
        found.append("RevealCharacter")
    if allowed(state.game.check_join, cid):
        found.append("JoinScene")
    return found


def _treatment(viewer: Viewer, slot: ConsequenceSlot) -> TreatmentPart | None:
    found = viewer.treatment(slot)
    if found is None or slot.aspect is None:
        return None
    state = viewer.state
    who = treaters(viewer, slot.aspect.id) if play_goes_on(state) else []
    return TreatmentPart(difficulty=found[0], on_self=found[1], treaters=who)


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(TableCreated, "TableCreated", name=say.text("name"), preset=say.preset("preset"))
tells(SeatAdded, "SeatAdded", who=say.text("name"), role=say.word("role.", "role"))
tells(SeatRemoved, "SeatRemoved", who=say.seat("seat_id"))
tells(CharacterAdded, "CharacterAdded", who=say.who("character_id"))
tells(CharacterUpdated, "CharacterUpdated", who=say.who("character_id"))
tells(CharacterRevealed, "CharacterRevealed", who=say.who("character_id"))
tells(
    CharacterGiven,
    (when("CharacterGiven", "owner"), when("CharacterGiven.gm")),
    who=say.who("character_id"),
    seat=say.seat("owner"),
)
tells(TemplateAdded, "TemplateAdded", name=say.text("name"))
tells(TemplateRemoved, "TemplateRemoved")
