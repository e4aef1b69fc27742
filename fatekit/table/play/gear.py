"""The optional rules a conflict may carry: equipment, scale, hazards and blocks, and big bads
with their immunities.
"""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.formats.ids import unique_id
from fatekit.rules.characters.character import Character
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.recorded import as_recorded
from fatekit.rules.core.tracks import Track
from fatekit.rules.harm.conditions import conditions_for
from fatekit.rules.options.big_bad_solo import SoloBonus, SuppressMode
from fatekit.rules.options.big_bad_threats import Threat, ThreatPart
from fatekit.rules.options.big_bads import BigBad, Immunity, ImmunityKind, ImmunityState, TrueForms
from fatekit.rules.options.obstacles import Block, Hazard
from fatekit.rules.options.ruleset import OptionalRule
from fatekit.rules.scenes.conflict import Conflict, Status
from fatekit.table import telling as say
from fatekit.table.base import Command, Event, Gear, Rating, SheetText
from fatekit.table.deciding import (
    Context,
    allowed,
    decides,
    gm_only,
    play_goes_on,
    require_control,
)
from fatekit.table.facts import assign_facts, facts_of
from fatekit.table.folding import check_created, folds, judges
from fatekit.table.parts import UNSET, Part, UnsetType
from fatekit.table.play.conflicts import conflict_in_play, settle_conflict
from fatekit.table.play.contests import contest_in_play
from fatekit.table.play.people import parse_sheet, taken_ids
from fatekit.table.regions import moves
from fatekit.table.seats import Seat
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shown_whole, shows
from fatekit.table.state import TableState
from fatekit.table.telling import tells
from fatekit.table.upcasting import older

__all__ = [
    "AddBlock",
    "AddHazard",
    "BigBadSet",
    "BlockAdded",
    "BreakImmunity",
    "Equip",
    "Equipped",
    "HazardAdded",
    "ImmunityBroken",
    "ScaleSet",
    "SetBigBad",
    "SetScale",
    "ThreatPartEntry",
]

# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Equip(Command):
    """Give a participant Weapon and Armor ratings (the GM, or a PC's owner; Weapon and Armor)."""

    character_id: str
    weapon: Gear = 0
    armor: Gear = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class SetScale(Command):
    """Put a participant at a scale level (GM only; the scale option)."""

    character_id: str
    level: str


@dataclass(frozen=True, slots=True, kw_only=True)
class AddHazard(Command):
    """Bring a hazard into the conflict on ``side`` (GM only; obstacles). Its seat is the GM's.
    A ``hazard_id`` left blank or already taken becomes one made from the name."""

    name: str
    rating: Rating
    weapon: Gear
    side: str
    zone: str | None = None
    hazard_id: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class AddBlock(Command):
    """Put a block in the conflict's scene (GM only; obstacles): its name becomes an aspect. A
    ``block_id`` left blank or already taken becomes one made from the name."""

    name: str
    rating: Rating
    weapon: Gear = 0
    harmful: bool = False
    cover: bool = False
    zone: str | None = None
    block_id: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class ThreatPartEntry:
    """One part of a big bad that is a map or a hive: ``id`` is a participant of the conflict;
    on a map it is the zone ``zone`` and acts up to ``reach`` zones away; it cannot be attacked
    until the parts it is ``behind`` are taken out."""

    id: str
    zone: str | None = None
    reach: Gear = 0
    behind: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class SetBigBad(Command):
    """Make a participant a big bad (GM only; the big-bads option).

    ``minions`` can be thrown in front of its hits; ``immunity`` (challenge or contest, against
    ``immunity_harm``) keeps attacks off it until broken; ``forms`` are the sheets (character
    files) of its later true forms, revealed one by one as each is taken out (``gentle``: the
    consequences carry over); ``scale`` scales it up; the ``solo_*`` flags are its solo bonuses.
    ``threat_parts`` make it a map (every part a zone) or a hive, beaten when ``threat_heart``
    (one of the parts) is taken out.
    """

    character_id: str
    minions: tuple[str, ...] = ()
    immunity: ImmunityKind | None = None
    immunity_harm: Track = Track.ANY
    forms: tuple[SheetText, ...] = ()
    gentle: bool = False
    scale: str | None = None
    solo_skill: bool = False
    solo_skill_capped: bool = True
    solo_stress: bool = False
    solo_stress_floor_one: bool = False
    solo_amplified: bool = False
    solo_suppress: SuppressMode | None = None
    solo_no_free_stacking: bool = False
    threat_parts: tuple[ThreatPartEntry, ...] = ()
    threat_heart: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class BreakImmunity(Command):
    """Settle a big bad's immunity (GM only): the challenge beaten, or, with ``contest_side``
    (the big bad's side), the running contest's winner decides (a big bad that won escapes)."""

    character_id: str
    contest_side: str | None = None


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Equipped(Event):
    """A participant's Weapon and Armor ratings were set."""

    character_id: str
    weapon: int
    armor: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ScaleSet(Event):
    """A participant was put at a scale level."""

    character_id: str
    level: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HazardAdded(Event):
    """A hazard joined the conflict on ``side`` (as a participant with the id ``hazard_id``)."""

    hazard_id: str
    name: str
    rating: int
    weapon: int
    side: str
    zone: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class BlockAdded(Event):
    """A block was put in the scene; its name is the aspect ``aspect_id``."""

    block_id: str
    name: str
    rating: int
    weapon: int
    harmful: bool
    cover: bool
    zone: str | None
    aspect_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class BigBadSet(Event):
    """A participant became a big bad (``forms``: the sheets of its later true forms;
    ``threat_parts`` and ``threat_heart``: the map or hive it is, left out by older events)."""

    character_id: str
    minions: tuple[str, ...]
    immunity: ImmunityKind | None
    immunity_harm: Track
    forms: tuple[str, ...]
    gentle: bool
    scale: str | None
    solo_skill: bool
    solo_skill_capped: bool
    solo_stress: bool
    solo_stress_floor_one: bool
    solo_amplified: bool
    solo_suppress: SuppressMode | None
    solo_no_free_stacking: bool
    threat_parts: tuple[ThreatPartEntry, ...] = ()
    threat_heart: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ImmunityBroken(Event):
    """A big bad's immunity was settled (by the challenge, or the contest's winner)."""

    character_id: str
    contest_side: str | None


# -- who may, and the events a command becomes -------------------------------------------------


@decides(Equip)
def _equip(context: Context, command: Equip) -> list[Event]:
    check_equip(context.state, context.seat, command.character_id)  # as the conflict offers
    return [context.event_from(Equipped, command)]


def check_equip(state: TableState, seat: Seat, character_id: str) -> None:
    """Refuse unless ``seat`` may give ``character_id`` Weapon and Armor ratings: it acts for
    them, and the conflict's rules let them be given (the option in use, a fighter)."""
    require_control(state, seat, character_id, "equip them")
    conflict_in_play(state).check_equip(character_id)


def equippable(viewer: Viewer) -> list[str]:
    """The fighters the seat may give Weapon and Armor ratings now, by :func:`check_equip`;
    none while a safety signal waits."""
    state, conflict = viewer.state, viewer.state.conflict
    if conflict is None or not play_goes_on(state):
        return []
    # controls() first: the test require_control makes, answered without a refusal raised.
    seat = viewer.seat
    return [
        f
        for f in conflict.roster.fighters
        if state.controls(seat.id, f) and allowed(check_equip, state, seat, f)
    ]


gm_only(
    (SetScale, ScaleSet, "set scale"),
    (SetBigBad, BigBadSet, "make big bads"),
    (BreakImmunity, ImmunityBroken, "settle a big bad's immunity"),
)


@decides(AddHazard, gm="bring in hazards")
def _add_hazard(context: Context, command: AddHazard) -> list[Event]:
    # A hazard is a participant: its id is new among everyone in the game.
    taken = taken_ids(context.state)
    chosen = unique_id(command.hazard_id, command.name, taken, fallback="hazard")
    return [context.event_from(HazardAdded, command, hazard_id=chosen)]


@decides(AddBlock, gm="put blocks in the way")
def _add_block(context: Context, command: AddBlock) -> list[Event]:
    conflict = context.state.conflict
    taken = () if conflict is None else conflict.obstacles.blocks
    chosen = unique_id(command.block_id, command.name, taken, fallback="block")
    return [context.event_from(BlockAdded, command, block_id=chosen, aspect_id="")]


# -- the fold ----------------------------------------------------------------------------------


@judges(Equipped)
def _judge_equipped(state: TableState, event: Equipped) -> None:
    conflict_in_play(state).equip(event.character_id, weapon=event.weapon, armor=event.armor)


@folds(Equipped)
@folds(ScaleSet)
def _equipped(state: TableState, event: Equipped | ScaleSet) -> None:
    assign_facts(state, facts_of(event))  # the fighter's ratings, or scale


@older(Equipped)
def _equipped_older(state: TableState, event: Equipped) -> None:
    fighter = conflict_in_play(state).roster.fighters[event.character_id]
    fighter.weapon, fighter.armor = event.weapon, event.armor


@judges(ScaleSet)
def _judge_scale_set(state: TableState, event: ScaleSet) -> None:
    conflict_in_play(state).obstacles.set_scale(event.character_id, event.level)


@older(ScaleSet)
def _scale_set_older(state: TableState, event: ScaleSet) -> None:
    conflict_in_play(state).roster.fighters[event.character_id].scale = event.level


@judges(HazardAdded)
def _judge_hazard_added(state: TableState, event: HazardAdded) -> None:
    conflict = conflict_in_play(state)
    conflict.obstacles.add_hazard(_hazard(event), event.side, zone=event.zone)
    state.hazards.add(event.hazard_id)


@folds(HazardAdded)
def _hazard_added(state: TableState, event: HazardAdded) -> None:
    hazard = _hazard(event, recorded=True)
    conflict_in_play(state).obstacles.hazard_came(hazard, event.side, zone=event.zone)
    state.hazards.add(event.hazard_id)
    assign_facts(state, facts_of(event))  # its place in the turn order


@older(HazardAdded)
def _hazard_added_older(state: TableState, event: HazardAdded) -> None:
    conflict = conflict_in_play(state)
    hazard = _hazard(event, recorded=True)
    conflict.obstacles.hazard_came(hazard, event.side, zone=event.zone)
    conflict.turns.reorder()
    state.hazards.add(event.hazard_id)


def _hazard(event: HazardAdded, *, recorded: bool = False) -> Hazard:
    if recorded:  # checked as it was brought in, never again
        return as_recorded(
            Hazard, id=event.hazard_id, name=event.name, rating=event.rating, weapon=event.weapon
        )
    return Hazard(event.hazard_id, event.name, event.rating, event.weapon)


@judges(BlockAdded)
def _judge_block_added(state: TableState, event: BlockAdded) -> None:
    aspect = conflict_in_play(state).obstacles.add_block(_block(event), zone=event.zone)
    check_created(event.aspect_id, aspect.id)
    state.last_created = (aspect.id,)


@folds(BlockAdded)
def _block_added(state: TableState, event: BlockAdded) -> None:
    obstacles = conflict_in_play(state).obstacles
    obstacles.blocks[event.block_id] = _block(event, recorded=True)
    obstacles.block_aspects[event.block_id] = event.aspect_id
    assign_facts(state, facts_of(event))  # its aspect, as it was made
    state.last_created = (event.aspect_id,)


@older(BlockAdded)
def _block_added_older(state: TableState, event: BlockAdded) -> None:
    obstacles = conflict_in_play(state).obstacles
    aspect = obstacles.block_came(_block(event, recorded=True), zone=event.zone)
    state.last_created = (aspect.id,)


def _block(event: BlockAdded, *, recorded: bool = False) -> Block:
    if recorded:  # checked as it was put in the scene, never again
        return as_recorded(
            Block,
            id=event.block_id,
            name=event.name,
            rating=event.rating,
            weapon=event.weapon,
            harmful=event.harmful,
            cover=event.cover,
        )
    return Block(
        event.block_id,
        event.name,
        event.rating,
        weapon=event.weapon,
        harmful=event.harmful,
        cover=event.cover,
    )


@judges(BigBadSet)
def _judge_big_bad_set(state: TableState, event: BigBadSet) -> None:
    conflict = conflict_in_play(state)
    forms = None
    if event.forms:
        later = [
            _fit_to_table(state, parse_sheet(sheet, state, bounded=False)) for sheet in event.forms
        ]
        # The sheet in play is the first form; the later ones wait, unseen, to be revealed.
        current = conflict.roster.fighter(event.character_id).character
        forms = TrueForms.of([current, *later], gentle=event.gentle)
    elif event.gentle:
        raise BadInput("carrying consequences over goes with true forms: give the later forms")
    threat = _threat(state, event)
    conflict.big_bad_rules.set_big_bad(_big_bad(state, event, forms, threat))
    if threat is not None and threat.is_map:
        zones = conflict.roster.scene.zones
        if zones is None:
            raise BadInput(f"{threat.name} is a map: its scene needs zones for its parts")
        threat.place_on(zones)  # the usual reach rules then apply to attacks on each part


@folds(BigBadSet)
def _big_bad_set(state: TableState, event: BigBadSet) -> None:
    _big_bad_set_older(state, event)
    assign_facts(state, facts_of(event))  # its scale, and its parts' places on the map


@older(BigBadSet)
def _big_bad_set_older(state: TableState, event: BigBadSet) -> None:
    conflict = conflict_in_play(state)
    forms = None
    if event.forms:
        later = [
            _fit_to_table(state, parse_sheet(sheet, state, bounded=False)) for sheet in event.forms
        ]
        current = conflict.roster.fighters[event.character_id].character
        forms = TrueForms.as_recorded([current, *later], gentle=event.gentle)
    threat = _threat(state, event, recorded=True)
    conflict.big_bad_rules.big_bad_came(_big_bad(state, event, forms, threat))
    zones = conflict.roster.scene.zones
    if threat is not None and threat.is_map and zones is not None:
        threat.place_on(zones)


def _big_bad(
    state: TableState, event: BigBadSet, forms: TrueForms | None, threat: Threat | None
) -> BigBad:
    immunity = None
    if event.immunity is not None:
        immunity = Immunity(event.immunity, event.immunity_harm)
    return BigBad(
        event.character_id,
        immunity=immunity,
        minions=event.minions,
        forms=forms,
        scale=event.scale,
        solo=SoloBonus(
            skill=event.solo_skill,
            skill_capped=event.solo_skill_capped,
            stress=event.solo_stress,
            stress_floor_one=event.solo_stress_floor_one,
            # Öde's text rounds half the PCs down; the hit's facts keep what a move decided.
            stress_round_down=state.game.ruleset.preset.solo_rounds_down,
            amplified=event.solo_amplified,
            suppress=event.solo_suppress,
            no_free_stacking=event.solo_no_free_stacking,
        ),
        threat=threat,
    )


def _threat(state: TableState, event: BigBadSet, *, recorded: bool = False) -> Threat | None:
    # The rules engine judges the parts and the heart (as it is set; a log's, never again); an
    # event without them has no threat.
    if not event.threat_parts and event.threat_heart is None:
        return None
    parts = tuple(
        ThreatPart(p.id, zone=p.zone, reach=p.reach, behind=frozenset(p.behind))
        for p in event.threat_parts
    )
    name = state.game.characters[event.character_id].name
    if recorded:
        return as_recorded(Threat, name=name, parts=parts, heart=event.threat_heart or "")
    return Threat(name, parts, heart=event.threat_heart or "")


@judges(ImmunityBroken)
def _judge_immunity_broken(state: TableState, event: ImmunityBroken) -> None:
    conflict = conflict_in_play(state)
    if event.contest_side is None:
        conflict.break_immunity(event.character_id)
    else:
        conflict.break_immunity(
            event.character_id, contest=contest_in_play(state), side=event.contest_side
        )
    settle_conflict(state)


@folds(ImmunityBroken)
def _immunity_broken(state: TableState, event: ImmunityBroken) -> None:
    assign_facts(state, facts_of(event))  # the immunity, and the big bad gone if it got away
    settle_conflict(state)


@older(ImmunityBroken)
def _immunity_broken_older(state: TableState, event: ImmunityBroken) -> None:
    conflict = conflict_in_play(state)
    winner = None if state.contest is None else state.contest.winner
    conflict.immunity_ended(event.character_id, winner=winner, side=event.contest_side)
    settle_conflict(state)


def _fit_to_table(state: TableState, character: Character) -> Character:
    # A sheet that enters play without Game.add_character still takes the table's conditions.
    ruleset = state.game.ruleset
    if ruleset.has(OptionalRule.CONDITIONS):
        character.consequences = conditions_for(
            character.consequences, apart=ruleset.has(OptionalRule.CONDITIONS_APART)
        )
    return character


# -- what each seat sees -----------------------------------------------------------------------

# Gear, scale, hazards and blocks: their facts (the fighters, the conflict's obstacles, the
# aspects they make). BigBadSet and ImmunityBroken are left writing every region: no game of
# tests/table/test_incremental_documents.py plays them yet.
moves((), Equipped, ScaleSet, HazardAdded, BlockAdded)


shown_whole(Equipped, ScaleSet, BlockAdded, ImmunityBroken)


@shows(BigBadSet)
def _show_big_bad(viewer: Viewer, event: BigBadSet, data: JSON) -> JSON:
    # Later forms (and whether there are any) stay with the GM until they are revealed, and
    # which part is the heart is the GM's to know.
    for secret in ("forms", "gentle", "threat_heart"):
        data.pop(secret)
    return data


@shows(HazardAdded)
def _show_hazard(viewer: Viewer, event: HazardAdded, data: JSON) -> JSON:
    # A hazard's numbers are the GM's, like an NPC's skills, until its sheet is revealed.
    if not viewer.sees_sheet(event.hazard_id):
        data.pop("rating")
        data.pop("weapon")
    return data


class HazardPart(Part, kw_only=True):
    """A hazard acting in the conflict; its rating and Weapon only to a seat that may see its
    sheet."""

    id: str
    name: str
    side: str
    rating: int | UnsetType = UNSET
    weapon: int | UnsetType = UNSET


class ImmunityPart(Part, kw_only=True):
    kind: ImmunityKind
    harm: str
    state: ImmunityState


class SoloPart(Part, kw_only=True):
    """A solo big bad's bonuses (Fate Adversary Toolkit)."""

    skill: bool
    skill_capped: bool
    stress: bool
    stress_floor_one: bool
    amplified: bool
    suppress: SuppressMode | None
    no_free_stacking: bool


class FormsPart(Part, kw_only=True):
    """A big bad's true forms: their names and which is current (the GM's only)."""

    names: list[str]
    current: int
    gentle: bool


class ThreatPiecePart(Part, kw_only=True):
    """A part of a map or hive: where it is, how far it reaches and what stands behind it."""

    id: str
    zone: str | None
    reach: int
    behind: list[str]


class ThreatShownPart(Part, kw_only=True):
    """A big bad that is a map or a hive: its parts, which stand and which can be attacked
    now; which is its heart only to a GM."""

    map: bool
    parts: list[ThreatPiecePart]
    standing: list[str]
    attackable: list[str]
    defeated: bool
    heart: str | UnsetType = UNSET


class BigBadPart(Part, kw_only=True):
    """A big bad's rule breaks; its later true forms only to a GM, the number revealed to all."""

    id: str
    minions: list[str]
    immunity: ImmunityPart | None
    scale: str | None
    solo: SoloPart
    forms_revealed: int
    forms: FormsPart | UnsetType = UNSET
    threat: ThreatShownPart | UnsetType = UNSET


def hazards_view(viewer: Viewer, conflict: Conflict) -> list[HazardPart]:
    """The hazards in the conflict: everyone sees them act; their numbers are the GM's, like an
    NPC's skills, until the GM reveals their sheets."""
    out: list[HazardPart] = []
    for who, fighter in conflict.roster.fighters.items():
        hazard = fighter.hazard
        if hazard is None:
            continue
        shown = HazardPart(id=who, name=hazard.name, side=fighter.side)
        if viewer.sees_sheet(who):
            shown.rating, shown.weapon = hazard.rating, hazard.weapon
        out.append(shown)
    return out


def big_bads_view(viewer: Viewer, conflict: Conflict) -> list[BigBadPart]:
    """The big bads' rule breaks. Their later true forms stay with the GM until each is revealed
    by taking out the one before: players see only how many have been revealed so far."""
    return [
        _big_bad_view(viewer, conflict, bad) for bad in conflict.big_bad_rules.big_bads.values()
    ]


def _big_bad_view(viewer: Viewer, conflict: Conflict, bad: BigBad) -> BigBadPart:
    immunity = bad.immunity
    solo = bad.solo
    forms = bad.forms
    return BigBadPart(
        id=bad.id,
        minions=list(bad.minions),
        immunity=None
        if immunity is None
        else ImmunityPart(kind=immunity.kind, harm=immunity.harm.value, state=immunity.state),
        scale=bad.scale,
        solo=SoloPart(
            skill=solo.skill,
            skill_capped=solo.skill_capped,
            stress=solo.stress,
            stress_floor_one=solo.stress_floor_one,
            amplified=solo.amplified,
            suppress=solo.suppress,
            no_free_stacking=solo.no_free_stacking,
        ),
        forms_revealed=0 if forms is None else forms.current,
        forms=FormsPart(
            names=[form.name for form in forms.forms], current=forms.current, gentle=forms.gentle
        )
        if viewer.gm and forms is not None
        else UNSET,
        threat=UNSET if bad.threat is None else _threat_view(viewer, conflict, bad.threat),
    )


def _threat_view(viewer: Viewer, conflict: Conflict, threat: Threat) -> ThreatShownPart:
    """A big bad that is a map or a hive: its parts, and which stand and can be attacked now,
    are in plain sight at the table; which part is its heart is the GM's."""
    taken = {p for p, f in conflict.roster.fighters.items() if f.status is Status.TAKEN_OUT}
    return ThreatShownPart(
        map=threat.is_map,
        parts=[
            ThreatPiecePart(id=p.id, zone=p.zone, reach=p.reach, behind=sorted(p.behind))
            for p in threat.parts
        ],
        standing=list(threat.standing(taken)),
        attackable=list(threat.attackable(taken)),
        defeated=threat.defeated(taken),
        heart=threat.heart if viewer.gm else UNSET,
    )


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(BigBadSet, "BigBadSet", who=say.who("character_id"))
tells(ImmunityBroken, "ImmunityBroken", who=say.who("character_id"))
tells(
    Equipped,
    "Equipped",
    who=say.who("character_id"),
    weapon=say.number("weapon"),
    armor=say.number("armor"),
)
tells(ScaleSet, "ScaleSet", who=say.who("character_id"))
tells(HazardAdded, "HazardAdded", name=say.text("name"))
tells(BlockAdded, "BlockAdded", name=say.text("name"))
