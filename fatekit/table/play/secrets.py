"""The GM's secret rolls and hidden difficulties.

- A **secret roll** is rolled (or entered) for any character, PC or NPC, and only GM seats see
  its dice and result until the GM reveals it; the reveal goes in everyone's log. It is not a roll
  in play: nobody invokes on it and it holds nothing up. An NPC's roll is kept behind the screen
  this way.
- The NPCs' **dice** may be kept from the players for a while (:class:`HideNpcDice`): the
  results of their rolls still show, the dice do not.
- A **hidden difficulty** is set for a character's next overcome or create an advantage against a
  passive difficulty, outside a conflict or in one (for a participant still in it): its player
  rolls without a difficulty and sees the outcome, never the number (:func:`screen_view` and
  the events' declarations below say what each seat sees). :mod:`fatekit.table.play.rolls` and the conflict's actions
  (:mod:`fatekit.table.play.actions`) ask :func:`roll_difficulty` for it. An attack or a defence
  is never hidden, nor an active opposition: the opponent's roll would tell the number anyway.

The effort and outcome of a secret roll are the rules' (:class:`fatekit.rules.core.outcomes.Roll`).
"""

from __future__ import annotations

from dataclasses import dataclass

from fatekit.rules.characters.combined_rolls import pair_rating
from fatekit.rules.core.actions import Action
from fatekit.rules.core.errors import BadInput, ForbiddenAction, IllegalAction
from fatekit.rules.core.outcomes import Roll as Effort
from fatekit.rules.core.randomizers import parse_drawn
from fatekit.rules.scenes.conflict import TAKEN_OUT_RULE, Status
from fatekit.table import telling as say
from fatekit.table.base import Command, Event, Rating, SkillRoll, SkillRolled
from fatekit.table.counting import Counted, CountedRolled, check_counted_bonus, counted_fields
from fatekit.table.deciding import Context, decides, gm_only
from fatekit.table.facts import assign_facts, facts_of
from fatekit.table.folding import assigns, folds, judges
from fatekit.table.pairs import check_roll_pair, pairs
from fatekit.table.parts import UNSET, Part, UnsetType
from fatekit.table.play.scenes import MapPart
from fatekit.table.regions import Region, moves, writes
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shown_to_gms, shown_whole, shows
from fatekit.table.state import SEAT_RULE, AskedRoll, PreparedScene, SecretRollRecord, TableState
from fatekit.table.telling import When, tells, when
from fatekit.table.upcasting import older

__all__ = [
    "DifficultyHidden",
    "HideDifficulty",
    "HideNpcDice",
    "NpcDiceHidden",
    "RevealRoll",
    "SecretRoll",
    "SecretRollMade",
    "SecretRollRevealed",
]

#: The longest note a secret roll keeps of what it was for.
MAX_REASON_LENGTH = 2_000

#: How many secret rolls not revealed yet the screen keeps; the oldest leaves for a newer one.
SECRET_ROLLS_KEPT = 100

#: Actions a hidden difficulty may be set for: those rolled against a passive difficulty.
_PASSIVE_ACTIONS = (Action.OVERCOME, Action.CREATE_ADVANTAGE)


# -- commands ----------------------------------------------------------------------------------


@pairs
@dataclass(frozen=True, slots=True, kw_only=True)
class SecretRoll(SkillRoll, Counted):
    """Roll ``actor``'s ``skill`` behind the screen (GM only), against ``difficulty`` if given.
    Only GM seats see the dice and the result until :class:`RevealRoll`. ``reason`` is the GM's
    own note of what it was for; ``dice`` are entered faces, or ``None`` for the table to roll.
    A PC that counts aspects: ``counted`` names them instead of a skill."""

    difficulty: Rating | None = None
    reason: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class RevealRoll(Command):
    """Show a secret roll to everyone (GM only): the reveal goes in the log with the dice."""

    roll_id: str


@dataclass(frozen=True, slots=True, kw_only=True)
class HideDifficulty(Command):
    """Set the difficulty of ``actor``'s next overcome or create an advantage (outside a conflict,
    or as a participant's action in one) without telling its player (GM only): the player rolls
    with no difficulty and sees the outcome, never the number. ``skill`` asks for a roll of that
    skill; ``difficulty=None`` withdraws the request."""

    actor: str
    difficulty: Rating | None
    skill: str | None = None
    action: Action = Action.OVERCOME


@dataclass(frozen=True, slots=True, kw_only=True)
class HideNpcDice(Command):
    """Keep the dice of every NPC's roll from the players from now on (GM only), or with
    ``hidden=False`` show them again from now on. What came of a roll still shows (an outcome, a
    hit's shifts); the dice the GM rolled behind the screen do not, and rolls made while they
    were hidden stay hidden."""

    hidden: bool


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SecretRollMade(SkillRolled, CountedRolled):
    """The GM rolled in secret, under the id ``roll_id``: ``effort`` and ``outcome`` (against
    ``difficulty``, if one was set) are what the roll came to as it was decided (``effort`` is
    ``None`` in logs written before events recorded it: the sheet's rating then gives it). A PC
    that counts aspects: the aspects and the bonus they gave (older logs: none)."""

    roll_id: str
    difficulty: int | None
    reason: str
    effort: int | None = None
    outcome: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class SecretRollRevealed(Event):
    """The GM showed a secret roll: everything it was, for the log to tell."""

    roll_id: str
    rolled_at: int  # the version of the SecretRollMade
    actor: str
    skill: str
    difficulty: int | None
    faces: str
    effort: int
    outcome: str | None
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DifficultyHidden(Event):
    """The GM set (or, with ``None``, withdrew) a hidden difficulty for ``actor``'s next roll."""

    actor: str
    difficulty: int | None
    skill: str | None
    action: Action


@dataclass(frozen=True, slots=True, kw_only=True)
class NpcDiceHidden(Event):
    """From this version on, the NPCs' dice are kept from the players (or shown again)."""

    hidden: bool


# -- who may, and the events a command becomes -------------------------------------------------

gm_only((HideNpcDice, NpcDiceHidden, "hide the NPCs' dice"))


@decides(SecretRoll, gm="roll in secret")
def _secret_roll(context: Context, command: SecretRoll) -> list[Event]:
    context.state.require_character(command.actor)
    actor = context.state.game.character(command.actor)
    counted = counted_fields(context.state, command.actor, command.skill, command.counted)
    # The limits of what the GM may type are checked here, once: a log keeps what was decided.
    if counted["counted"] is None and not command.skill.strip():
        raise BadInput("a secret roll needs a skill")
    if len(command.reason) > MAX_REASON_LENGTH:
        raise BadInput(f"a secret roll's reason has at most {MAX_REASON_LENGTH} characters")
    check_roll_pair(context.state, command.actor, command.skill, command.second_skill)
    faces = context.faces(command.dice, command.actor)
    bonus = counted["counted_bonus"]
    rating = (
        pair_rating(actor.rating, command.skill, command.second_skill) if bonus is None else bonus
    )
    effort, outcome = _secret_result(faces, rating, command.difficulty)
    return [
        context.event_from(
            SecretRollMade,
            command,
            roll_id=f"s{context.state.version + 1}",
            faces=faces,
            effort=effort,
            outcome=outcome,
            **counted,
        )
    ]


def _secret_result(faces: str, rating: int, difficulty: int | None) -> tuple[int, str | None]:
    roll = Effort(parse_drawn(faces), rating)
    outcome = None if difficulty is None else roll.outcome_against(difficulty)
    return roll.effort, None if outcome is None else outcome.value


@decides(RevealRoll, gm="reveal secret rolls")
def _reveal_roll(context: Context, command: RevealRoll) -> list[Event]:
    found = context.state.screen.secret_rolls.get(command.roll_id)
    if found is None:
        raise BadInput(
            f"there is no secret roll {command.roll_id!r} waiting to be revealed (the screen "
            f"keeps the latest {SECRET_ROLLS_KEPT} rolls not revealed yet)"
        )
    return [context.event_from(SecretRollRevealed, found, rolled_at=found.version)]


@decides(HideDifficulty, gm="set hidden difficulties")
def _hide_difficulty(context: Context, command: HideDifficulty) -> list[Event]:
    context.state.require_character(command.actor)
    return [context.event_from(DifficultyHidden, command)]


def roll_difficulty(
    context: Context,
    *,
    actor: str,
    action: Action,
    skill: str,
    difficulty: int | None,
    against: str | None,
    hidden: bool,
    obstacle: str | None = None,
) -> tuple[int | None, bool]:
    """The difficulty an overcome or a create an advantage is made against, and whether it is
    hidden from the players: the GM's own ``hidden`` one, or the one the GM set for the actor's
    next roll (:class:`HideDifficulty`). ``obstacle`` is a conflict's block or hazard named for
    an overcome: it sets the difficulty itself, so it counts as naming one."""
    if hidden:
        context.require_gm("hide a roll's difficulty")
        if difficulty is None or against is not None or obstacle is not None:
            raise BadInput("a hidden difficulty needs the difficulty itself, and no opponent")
        return difficulty, True
    asked = context.state.screen.asked.get(actor)
    explicit = difficulty is not None or against is not None or obstacle is not None
    if asked is None or (explicit and context.seat.is_gm):
        return difficulty, False  # the GM may still set a roll's opposition openly
    if explicit:
        raise ForbiddenAction(
            "the GM has set this roll's difficulty: roll without a difficulty, an opponent or "
            "an obstacle",
            SEAT_RULE,
        )
    if asked.skill is not None and skill != asked.skill:
        raise BadInput(f"the GM asked for a roll of {asked.skill}, not {skill}")
    if action is not asked.action:
        raise BadInput(f"the GM asked for a roll to {asked.action.value.replace('_', ' ')}")
    return asked.difficulty, True


# -- the fold ----------------------------------------------------------------------------------


@judges(SecretRollMade)
def _judge_secret_roll_made(state: TableState, event: SecretRollMade) -> None:
    state.require_character(event.actor)
    if event.roll_id in state.screen.secret_rolls:
        raise BadInput(f"secret roll {event.roll_id!r} was already made")
    if event.counted is not None:  # the bonus the rules give, as the roll was decided
        bonus = event.counted_bonus if event.counted_bonus is not None else -1
        check_counted_bonus(state, event.actor, event.counted, bonus)
    _secret_roll_made_older(state, event)


@folds(SecretRollMade)
def _secret_roll_made(state: TableState, event: SecretRollMade) -> None:
    # Decided since the roll's result was recorded on it: its effort and outcome are there.
    assert event.effort is not None, "a secret roll records its effort"
    _keep_secret_roll(state, event, event.faces, event.effort, event.outcome)
    assign_facts(state, facts_of(event))


@older(SecretRollMade)
def _secret_roll_made_older(state: TableState, event: SecretRollMade) -> None:
    # The effort and outcome as the event says, or as a sheet gives them for an event from
    # before they were recorded on it.
    faces, effort, outcome = event.faces, event.effort, event.outcome
    if effort is None:  # logged before the roll's result was recorded: the sheet's rating tells
        rating = state.game.characters[event.actor].rating(event.skill)
        faces = parse_drawn(event.faces).symbols()
        effort, outcome = _secret_result(faces, rating, event.difficulty)
    _keep_secret_roll(state, event, faces, effort, outcome)


def _keep_secret_roll(
    state: TableState, event: SecretRollMade, faces: str, effort: int, outcome: str | None
) -> None:
    state.screen.secret_rolls[event.roll_id] = SecretRollRecord(
        event.roll_id,
        event.version,
        event.actor,
        event.skill,
        faces,
        effort,
        event.difficulty,
        outcome,
        event.reason,
    )
    # The screen holds the latest rolls only, so a long campaign's state stays small; an older
    # one the GM never revealed is still in the GM's log.
    while len(state.screen.secret_rolls) > SECRET_ROLLS_KEPT:
        del state.screen.secret_rolls[next(iter(state.screen.secret_rolls))]


@judges(SecretRollRevealed)
def _judge_secret_roll_revealed(state: TableState, event: SecretRollRevealed) -> None:
    found = state.screen.secret_rolls.get(event.roll_id)
    if found is None:
        raise BadInput(f"there is no secret roll {event.roll_id!r} waiting to be revealed")
    if (found.faces, found.effort, found.outcome) != (event.faces, event.effort, event.outcome):
        raise BadInput(f"the log's reveal of {event.roll_id!r} does not match the roll made")
    _secret_roll_revealed(state, event)


@assigns(SecretRollRevealed)
def _secret_roll_revealed(state: TableState, event: SecretRollRevealed) -> None:
    state.screen.secret_rolls.pop(event.roll_id, None)


@judges(DifficultyHidden)
def _judge_difficulty_hidden(state: TableState, event: DifficultyHidden) -> None:
    state.require_character(event.actor)
    if event.difficulty is None:
        if event.actor not in state.screen.asked:
            raise BadInput(f"no hidden difficulty is set for {event.actor}")
        _difficulty_hidden(state, event)
        return
    if event.action not in _PASSIVE_ACTIONS:
        raise BadInput("a hidden difficulty is for a roll to overcome or create an advantage")
    if event.skill is not None and not event.skill.strip():
        raise BadInput("name the skill to roll, or leave it out")
    # In a fight the roll is one of the exchange's actions: only someone still in it has one.
    conflict = state.conflict
    if conflict is not None and conflict.roster.fighter(event.actor).status is not Status.ACTIVE:
        raise IllegalAction(f"{event.actor} has left the conflict", TAKEN_OUT_RULE)
    _difficulty_hidden(state, event)


@assigns(DifficultyHidden)
def _difficulty_hidden(state: TableState, event: DifficultyHidden) -> None:
    if event.difficulty is None:
        state.screen.asked.pop(event.actor, None)
    else:
        asked = AskedRoll(event.actor, event.difficulty, event.skill, event.action)
        state.screen.asked[event.actor] = asked


@judges(NpcDiceHidden)
def _judge_npc_dice_hidden(state: TableState, event: NpcDiceHidden) -> None:
    if event.hidden == state.screen.npc_dice_hidden():
        now = "hidden" if event.hidden else "shown"
        raise BadInput(f"the NPCs' dice are already {now}")
    _npc_dice_hidden(state, event)


@assigns(NpcDiceHidden)
def _npc_dice_hidden(state: TableState, event: NpcDiceHidden) -> None:
    spans = state.screen.npc_dice_spans
    if event.hidden:
        spans.append((event.version, None))
    else:
        spans[-1] = (spans[-1][0], event.version)


# The GM's screen alone (a roll's own record of hidden dice is made as it is rolled).
writes({Region.SCREEN}, SecretRollRevealed, DifficultyHidden, NpcDiceHidden)
# A secret roll: kept on the GM's screen, with its facts (what its stunts paid or counted).
moves({Region.SCREEN}, SecretRollMade)


def note_roll_made(state: TableState, actor: str, version: int, hidden: bool) -> None:
    """After a roll is in play (outside a conflict or an exchange's action) whose difficulty is
    ``hidden``: a hidden difficulty set for its actor is used up by it."""
    if hidden:
        state.screen.hidden_roll_at = version
        state.screen.asked.pop(actor, None)


def drop_asked_out_of_conflict(state: TableState, *, ended: bool = False) -> None:
    """Drop the hidden difficulties no roll can use any more: those of the participants taken
    out or gone from the conflict, and (``ended``) those of everyone who was in it. The GM asks
    again if the roll is still wanted; its player's card asking for it goes with it."""
    conflict = state.conflict
    if conflict is None:
        return
    for who, fighter in conflict.roster.fighters.items():
        if ended or fighter.status is not Status.ACTIVE:
            state.screen.asked.pop(who, None)


# -- what each seat sees -----------------------------------------------------------------------

shown_whole(NpcDiceHidden)
shown_to_gms(SecretRollMade)


@shows(SecretRollRevealed)
def _show_secret_roll(viewer: Viewer, event: SecretRollRevealed, data: JSON) -> JSON:
    # The reveal shows the roll, dice and all, not what the GM noted it was for.
    data.pop("reason")
    return data


@shows(DifficultyHidden)
def _show_asked(viewer: Viewer, event: DifficultyHidden, data: JSON) -> JSON | None:
    # Only the seat asked for the roll learns the GM asked (as its view says), never the number.
    if event.actor not in viewer.mine:
        return None
    return {
        "actor": event.actor,
        "skill": event.skill,
        "action": event.action.value,
        "withdrawn": event.difficulty is None,
    }


class SecretRollPart(Part, kw_only=True):
    """A secret roll not revealed yet (the GM's only): dice, effort, outcome and why it was
    made."""

    roll_id: str
    version: int
    actor: str
    skill: str
    faces: str
    effort: int
    difficulty: int | None
    outcome: str | None
    reason: str


class AskedPart(Part, kw_only=True):
    """A roll the GM asked of a character against a hidden difficulty: the difficulty only to a
    GM."""

    actor: str
    difficulty: int | UnsetType = UNSET
    skill: str | None
    action: Action


class PreparedAspectPart(Part, kw_only=True):
    """A situation aspect a prepared scene starts with; its free invokes as [holder, count]
    pairs."""

    name: str
    zone: str | None
    hidden: bool
    known_to: list[str]
    free_invokes: list[list[str | int]]


class PreparedScenePart(Part, kw_only=True):
    """A scene the GM set up ahead of play (:class:`~fatekit.table.state.PreparedScene`)."""

    name: str
    participants: list[str]
    zones: list[str]
    links: list[list[str]]  # [zone, zone]
    positions: list[list[str]]  # [character, zone]
    scene_id: str
    aspects: list[PreparedAspectPart]
    entrance: str | None
    map: MapPart | None  # the picture under its zones (the GM's only, until it starts)


class ScreenPart(Part, kw_only=True):
    """The GM's screen: the secret rolls, the rolls asked against hidden difficulties, the
    prepared scenes and whether NPCs' dice are hidden. A player sees only the rolls asked of
    their own characters, never the difficulty."""

    secret_rolls: list[SecretRollPart]
    asked: list[AskedPart]
    prepared: list[PreparedScenePart]
    npc_dice_hidden: bool


def _prepared(table_id: str, scene: PreparedScene) -> PreparedScenePart:
    drawn = scene.map
    return PreparedScenePart(
        name=scene.name,
        participants=list(scene.participants),
        zones=list(scene.zones),
        links=[list(link) for link in scene.links],
        positions=[list(place) for place in scene.positions],
        scene_id=scene.scene_id,
        aspects=[
            PreparedAspectPart(
                name=a.name,
                zone=a.zone,
                hidden=a.hidden,
                known_to=list(a.known_to),
                free_invokes=[[holder, count] for holder, count in a.free_invokes],
            )
            for a in scene.aspects
        ],
        entrance=scene.entrance,
        map=None
        if drawn is None
        else MapPart(
            url=f"/tables/{table_id}/maps/{drawn.image}",
            image=drawn.image,
            media_type=drawn.media_type,
            width=drawn.width,
            height=drawn.height,
        ),
    )


def screen_view(viewer: Viewer) -> ScreenPart:
    """The ``screen`` part of a seat's view: all of it for a GM; for anyone else only that the
    GM asked one of the seat's characters for a roll (never the difficulty)."""
    screen = viewer.state.screen
    if viewer.gm:
        return ScreenPart(
            secret_rolls=[
                SecretRollPart(
                    roll_id=r.roll_id,
                    version=r.version,
                    actor=r.actor,
                    skill=r.skill,
                    faces=r.faces,
                    effort=r.effort,
                    difficulty=r.difficulty,
                    outcome=r.outcome,
                    reason=r.reason,
                )
                for r in screen.secret_rolls.values()
            ],
            asked=[
                AskedPart(actor=a.actor, difficulty=a.difficulty, skill=a.skill, action=a.action)
                for a in screen.asked.values()
            ],
            prepared=[_prepared(viewer.state.table_id, p) for p in screen.prepared.values()],
            npc_dice_hidden=screen.npc_dice_hidden(),
        )
    return ScreenPart(
        npc_dice_hidden=screen.npc_dice_hidden(),
        secret_rolls=[],
        asked=[
            AskedPart(actor=a.actor, skill=a.skill, action=a.action)
            for a in screen.asked.values()
            if a.actor in viewer.mine
        ],
        prepared=[],
    )


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(
    SecretRollMade,
    "SecretRollMade",
    who=say.who("actor"),
    skill=say.skill("skill"),
    dice=say.dice("faces"),
)
tells(
    SecretRollRevealed,
    (when("SecretRollRevealed.against", When("difficulty", "given")), when("SecretRollRevealed")),
    who=say.who("actor"),
    skill=say.skill("skill"),
    dice=say.dice("faces"),
    effort=say.rating("effort"),
    difficulty=say.rating("difficulty"),
    outcome=say.word("outcome.", "outcome"),
)
tells(
    DifficultyHidden,
    (
        when("DifficultyHidden.withdrawn", "withdrawn"),
        when("DifficultyHidden.withdrawn", When("difficulty", "null")),
        when("DifficultyHidden"),
    ),
    who=say.who("actor"),
    skill=say.skill("skill"),
)
tells(NpcDiceHidden, (when("NpcDiceHidden", "hidden"), when("NpcDiceHidden.shown")))
