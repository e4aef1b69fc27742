"""Scenes, sessions and arcs: the frame that clears stress, pays out fate points and counts time.

A :class:`Game` holds the characters, the :class:`FateLedger` and the :class:`Clock`. Each
:class:`Scene` has its situation aspects (with any free invokes the GM puts on them), its zones
and who takes part. Ending a scene clears stress, boosts and situation aspects, pays the fate
points held back during it and advances the scene count that recovery uses.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from fatekit.rules.aspects.aspects import Aspect, AspectKind, AspectsInPlay
from fatekit.rules.aspects.fate_points import FateLedger
from fatekit.rules.aspects.lasting import LastingAspects, check_removable
from fatekit.rules.aspects.stunt_uses import StuntUses
from fatekit.rules.characters.character import Character, CharacterKind
from fatekit.rules.characters.preset import AdvancementStyle
from fatekit.rules.characters.problems import Problem
from fatekit.rules.characters.validation import AS_YOU_PLAY_RULE, validate
from fatekit.rules.core.citations import CONDENSED, rule
from fatekit.rules.core.clock import Clock, Milestone, Moment
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.waivers import refuse
from fatekit.rules.harm.conditions import check_conditions, conditions_for
from fatekit.rules.harm.recovery import RecoveryRules, clear_recovered, clear_stress
from fatekit.rules.harm.toolkit_conditions import clear_fleeting, settle_lasting
from fatekit.rules.options.countdowns import COUNTDOWN_TRACK_RULE, Countdown
from fatekit.rules.options.ruleset import OptionalRule, Ruleset
from fatekit.rules.options.time_shifts import TIME_SHIFT_RULE, Duration, duration_after_roll
from fatekit.rules.scenes.zones import BORDER_RULE, ZoneMap

__all__ = ["SCENE_END_RULE", "SCENE_SETUP_RULE", "Game", "Scene", "SceneEnd"]

SCENE_SETUP_RULE = rule(
    "scene.setup",
    CONDENSED,
    "Setting Up Scenes > Situation Aspects",
    "A scene starts with a few situation aspects, which the GM may give free invokes to whoever "
    "prepared for them, and a zone map",
)
SCENE_END_RULE = rule(
    "scene.end",
    CONDENSED,
    "Recovering from Conflicts",
    "At the end of a scene every character clears their stress; boosts and situation aspects go; "
    "fate points held back for the scene are paid",
)


@dataclass(slots=True)
class Scene:
    """One scene: its aspects, its zones and who is in it."""

    name: str
    number: int
    participants: list[str]
    aspects: AspectsInPlay = field(default_factory=AspectsInPlay)
    zones: ZoneMap | None = None
    ended: bool = False
    countdowns: dict[str, Countdown] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.zones is not None:
            # A border aspect blocks while it is in play among the scene's own.
            self.zones.in_play = self.aspects

    def block_border(self, a: str, b: str, aspect_id: str) -> None:
        """Put the scene's situation (or zone) aspect ``aspect_id`` on the border between the
        adjacent zones ``a`` and ``b``: crossing there takes an overcome (:data:`BORDER_RULE`)."""
        zones = self._zones()
        if aspect_id not in self.aspects:
            raise BadInput(f"no aspect {aspect_id!r} is in play", code="aspect_gone")
        kind = self.aspects.get(aspect_id).kind
        if kind not in (AspectKind.SITUATION, AspectKind.ZONE):
            refuse(
                f"only a situation aspect stands on a border, not a {kind.value} aspect",
                BORDER_RULE,
            )
        zones.check_border(a, b, aspect_id, blocking=True)
        zones.impede(a, b, aspect_id)

    def clear_border(self, a: str, b: str, aspect_id: str) -> None:
        """Take ``aspect_id`` off the border between ``a`` and ``b``; it stays in play."""
        zones = self._zones()
        zones.check_border(a, b, aspect_id, blocking=False)
        zones.clear_border(a, b, aspect_id)

    def _zones(self) -> ZoneMap:
        if self.zones is None or not self.zones.zones:
            raise BadInput(f"scene {self.name!r} has no zones", code="no_zones")
        return self.zones

    def add_situation_aspect(
        self,
        name: str,
        *,
        free_invokes: Iterable[tuple[str, int]] = (),
        zone: str | None = None,
        hidden: bool = False,
        known_to: Iterable[str] = (),
    ) -> Aspect:
        """Put a situation aspect in the scene (a zone aspect when ``zone`` is given)."""
        if self.ended:
            raise BadInput(f"scene {self.name!r} has ended")
        if zone is not None and (self.zones is None or zone not in self.zones.zones):
            raise BadInput(f"no zone {zone!r} in this scene")
        kind = AspectKind.SITUATION if zone is None else AspectKind.ZONE
        return self.aspects.create(
            name, kind, zone=zone, hidden=hidden, known_to=known_to, free_invokes=free_invokes
        )

    # -- who stands where ------------------------------------------------------------------------

    def place(self, participant: str, zone: str) -> None:
        """Put a participant in a zone, wherever they were: the table's set-up as the scene
        starts, or the GM's word on where the story has taken them (:data:`PLACE_RULE`)."""
        self._map_for(participant).place(participant, zone)

    def free_moves(self, participant: str) -> tuple[str, ...]:
        """Outside a conflict's exchanges, the zones ``participant`` moves to for free: the
        adjacent ones with nothing in the way (a move further or past an obstacle is an
        overcome, :data:`MOVE_ROLL_RULE`)."""
        if self.zones is None or participant not in self.participants:
            return ()
        return self.zones.free_moves(participant)

    def move_roll_zones(self, participant: str) -> tuple[str, ...]:
        """The zones an overcome may take ``participant`` to: any with a way there from where they
        stand (the GM sets the difficulty by how far and what is in the way)."""
        if self.zones is None or participant not in self.participants:
            return ()
        return self.zones.ways_from(participant)

    def move_freely(self, participant: str, to: str) -> None:
        """Move a participant outside a conflict's exchanges to an adjacent zone with nothing in
        the way; a move that needs a roll is refused under :data:`FREE_MOVE_RULE`, naming why."""
        self._map_for(participant).move_freely(participant, to)

    def move_obstacles(self, participant: str, to: str) -> list[str]:
        """Why a move to ``to`` would take an overcome (empty: a free move would do); refused
        when there is no way there."""
        return self._map_for(participant).obstacles_to_moving(participant, to)

    def _map_for(self, participant: str) -> ZoneMap:
        if participant not in self.participants:
            raise BadInput(
                f"{participant!r} is not in scene {self.name!r}",
                code="not_in_scene",
                who=participant,
            )
        if self.zones is None or not self.zones.zones:
            raise BadInput(f"scene {self.name!r} has no zones", code="no_zones")
        return self.zones


@dataclass(frozen=True, slots=True)
class SceneEnd:
    """What ending a scene changed."""

    stress_cleared: int
    aspects_removed: tuple[str, ...]
    consequences_cleared: tuple[str, ...]


class Game:
    """A game in play: characters, fate points and the clock, scene after scene.

    PCs spend their own fate points; every other character is run by the GM and spends from the
    GM's pool. ``ruleset`` is the preset and the optional rules in force (by default the first
    character's preset with its own defaults). The ledger is authoritative during play; :meth:`sync_sheets` writes each PC's
    fate points back onto their sheet (done at the end of every scene and session).
    """

    #: Whether the last session ended at a breakthrough and no session has started since: the
    #: time between two arcs (a class default, which snapshots written before it read).
    arc_ended: bool = False
    #: Whether the last session ended a scenario (a significant or major milestone) and no
    #: session has started since (a class default, as ``arc_ended``).
    scenario_ended: bool = False

    def __init__(
        self,
        characters: Iterable[Character],
        *,
        clock: Clock | None = None,
        ruleset: Ruleset | None = None,
    ) -> None:
        listed = list(characters)
        if ruleset is None:
            ruleset = Ruleset.of(listed[0].preset if listed else "condensed")
        self.ruleset = ruleset
        self.characters: dict[str, Character] = {}
        self.ledger = FateLedger()
        self.clock = clock if clock is not None else Clock()
        self.stunt_uses = StuntUses(self.clock)
        self.scene: Scene | None = None
        self.in_session = False
        # The story's setting, scenario and organization aspects: they outlast every scene.
        self.lasting = LastingAspects()
        for character in listed:
            self.add_character(character)

    @property
    def pcs(self) -> list[Character]:
        """The player characters."""
        return [c for c in self.characters.values() if c.kind is CharacterKind.PC]

    def add_character(self, character: Character) -> None:
        """Bring a character into the game (with conditions on, its consequence slots become
        condition boxes)."""
        if character.id in self.characters:
            raise BadInput(f"a character with id {character.id!r} is already in the game")
        if character.as_you_play and not self.ruleset.has(OptionalRule.CREATION_AS_YOU_PLAY):
            refuse(
                f"{character.name} is to be made up as you play, but this table has not opted in",
                AS_YOU_PLAY_RULE,
            )
        if self.ruleset.has(OptionalRule.CONDITIONS):
            check_conditions(character.consequences)
        # An NPC's own points never fill the GM's pool: it carries only what it earns by
        # conceding or from hostile invokes, to bring to a later scene (GM_POOL_RULE).
        self.take_character(character, npc_points=0)

    def take_character(self, character: Character, *, npc_points: int) -> None:
        """Bring a character into the game as a table's log recorded it (an assignment,
        checked by no rule): with conditions on, its consequence slots become condition boxes;
        a PC keeps the points on its sheet, an NPC carries ``npc_points``."""
        if self.ruleset.has(OptionalRule.CONDITIONS):
            character.consequences = conditions_for(
                character.consequences, apart=self.ruleset.has(OptionalRule.CONDITIONS_APART)
            )
        self.characters[character.id] = character
        self.stunt_uses.restore(character.id, character.stunt_uses)
        if character.kind is CharacterKind.PC:
            self.ledger.add_pc(character.id, character.fate_points)
        else:
            self.ledger.add_npc(character.id, npc_points)

    def payer(self, character_id: str, players_pcs: Iterable[str] = ()) -> str:
        """Whose fate points ``character_id`` spends (EXTRA_PAYS_RULE): its own, or, for an extra
        a player controls, that player's PC's (``players_pcs``: the player's PCs; the first the
        extra is shared with, else the first). An extra no player controls spends the GM's pool,
        as an NPC does (the ledger's wallet for it)."""
        character = self.character(character_id)
        if character.kind is not CharacterKind.EXTRA:
            return character_id
        theirs = [pc for pc in players_pcs if pc in self.characters and not self.ledger.is_npc(pc)]
        shared = [pc for pc in theirs if pc in character.shared_with]
        return (shared or theirs or [character_id])[0]

    def problems(self, character_id: str) -> list[Problem]:
        """What is wrong with a character's sheet under this table's rules (empty: legal)."""
        return validate(self.character(character_id), self.ruleset.preset)

    def character(self, character_id: str) -> Character:
        """The character with this id."""
        try:
            return self.characters[character_id]
        except KeyError:
            raise BadInput(f"no character {character_id!r} in the game") from None

    # -- sessions ------------------------------------------------------------------------------

    def start_session(self, *, reset: bool | None = None) -> None:
        """Begin a session: each PC starts with at least their refresh (with ``reset``, with
        exactly their refresh; by default, as the rule set says)."""
        if self.in_session:
            raise BadInput("a session is already running", code="session_running")
        if reset is None:  # Fate Core: a new scenario starts everyone at their refresh, no more
            reset = self.scenario_ended and self.ruleset.preset.advancement is AdvancementStyle.CORE
        for pc in self.pcs:
            self.ledger.account(pc.id).start_session(pc.refresh, reset=reset)
        self.in_session = True
        self.arc_ended = False
        self.scenario_ended = False
        self.sync_sheets()

    def end_session(self, *, recovery: RecoveryRules | None = None) -> list[Aspect]:
        """End the session (its last scene must have ended); return consequences that cleared
        (by ``recovery``, or by the rule set's own)."""
        if self.scene is not None:
            raise BadInput(
                "end the running scene before ending the session", code="session_scene_running"
            )
        if not self.in_session:
            raise BadInput("no session is running", code="session_none")
        self.clock.end_session()
        self.in_session = False
        settle_lasting(self.characters.values(), self.clock)
        cleared = self._clear_recovered(recovery)
        self.sync_sheets()
        return cleared

    def reach_milestone(
        self, kind: Milestone, *, recovery: RecoveryRules | None = None
    ) -> list[Aspect]:
        """Count a milestone (major: a breakthrough); return consequences that cleared (by
        ``recovery``, or by the rule set's own)."""
        self.clock.reach_milestone(kind)
        if kind is Milestone.MAJOR and not self.in_session:
            self.arc_ended = True
        if kind is not Milestone.MINOR and not self.in_session:
            self.scenario_ended = True
        return self._clear_recovered(recovery)

    # -- scenes --------------------------------------------------------------------------------

    def start_scene(
        self,
        name: str,
        participants: Iterable[str],
        *,
        zones: ZoneMap | None = None,
        ending_compel: bool = False,
    ) -> Scene:
        """Begin a scene and fill the GM's pool: one per PC, plus what the NPCs present carry."""
        if self.scene is not None:
            raise BadInput(f"scene {self.scene.name!r} is still running")
        if not name.strip():
            raise BadInput("a scene needs a name")
        present = list(dict.fromkeys(participants))
        for participant in present:
            self.character(participant)
        npcs = tuple(p for p in present if self.ledger.is_npc(p))
        self.ledger.start_scene(npcs, ending_compel=ending_compel)
        self.scene = Scene(name.strip(), self.clock.scenes_ended + 1, present, zones=zones)
        return self.scene

    def check_join(self, participant: str) -> Scene:
        """Refuse unless a scene is running that ``participant`` (a character of the game) is
        not in yet; return the scene."""
        scene = self._running()
        self.character(participant)
        if participant in scene.participants:
            raise BadInput(f"{participant!r} is already in scene {scene.name!r}")
        return scene

    def join_scene(self, participant: str, *, zone: str | None = None) -> None:
        """Bring a character into the running scene (an NPC made as it runs, a PC arriving late),
        in ``zone`` when the scene has a map. An NPC brings the fate points it carries into the
        GM's pool, as it would have at the scene's start."""
        scene = self.check_join(participant)
        if scene.zones is not None and scene.zones.zones:
            if zone is None:
                raise BadInput(f"say which zone {participant!r} comes into")
            scene.zones.place(participant, zone)
        elif zone is not None:
            raise BadInput(f"scene {scene.name!r} has no zones")
        scene.participants.append(participant)
        if self.ledger.is_npc(participant):
            self.ledger.join_scene(participant)

    def end_scene(
        self, keep: Iterable[str] = (), *, recovery: RecoveryRules | None = None
    ) -> SceneEnd:
        """End the running scene; ``keep`` names situation aspects that outlast it; the
        consequences whose recovery is over clear (by ``recovery``, or the rule set's own)."""
        if self.scene is None:
            raise IllegalAction("there is no scene to end", SCENE_END_RULE)
        return self.scene_over(keep, recovery=recovery)

    def scene_over(
        self, keep: Iterable[str] = (), *, recovery: RecoveryRules | None = None
    ) -> SceneEnd:
        """What ending the running scene does, as a table's log recorded that it ended
        (checked by no rule: see :meth:`end_scene`)."""
        scene = self.scene
        assert scene is not None
        stress = sum(clear_stress(c) for c in self.characters.values())
        removed = scene.aspects.end_scene(keep)
        self.ledger.end_scene()
        self.clock.end_scene()
        scene.ended = True
        self.scene = None
        clear_fleeting(self.characters.values(), self.ruleset.preset.conditions)
        cleared = self._clear_recovered(recovery)
        self.sync_sheets()
        return SceneEnd(stress, tuple(a.id for a in removed), tuple(a.name for a in cleared))

    # -- countdowns ----------------------------------------------------------------------------

    def add_countdown(self, countdown: Countdown) -> None:
        """Start a countdown in the running scene (the countdowns option)."""
        if not self.ruleset.has(OptionalRule.COUNTDOWNS):
            refuse("countdowns are not in use at this table", COUNTDOWN_TRACK_RULE)
        scene = self._running()
        if countdown.id in scene.countdowns:
            raise BadInput(f"countdown {countdown.id!r} is already running")
        scene.countdowns[countdown.id] = countdown

    def fire(self, event: str) -> list[Countdown]:
        """Tell every countdown in the scene that ``event`` happened; return those it finished."""
        scene = self._running()
        finished = []
        for key, countdown in scene.countdowns.items():
            after = countdown.fire(event)
            if after.finished and not countdown.finished:
                finished.append(after)
            scene.countdowns[key] = after
        return finished

    def mark_countdown(self, countdown_id: str, count: int = 1) -> Countdown:
        """Mark boxes of a countdown by the GM's say-so."""
        scene = self._running()
        if countdown_id not in scene.countdowns:
            raise BadInput(f"no countdown {countdown_id!r} in this scene")
        scene.countdowns[countdown_id] = scene.countdowns[countdown_id].mark(count)
        return scene.countdowns[countdown_id]

    def remove_countdown(self, countdown_id: str) -> Countdown:
        """Strike a countdown off the running scene: what it counted down to was dealt with (or
        no longer matters), finished or not."""
        scene = self._running()
        if countdown_id not in scene.countdowns:
            raise BadInput(f"no countdown {countdown_id!r} in this scene")
        return scene.countdowns.pop(countdown_id)

    def task_time(self, base: Duration, shifts: int) -> Duration:
        """How long a task takes once a roll's shifts move its base time (the time-shifts option)."""
        if not self.ruleset.has(OptionalRule.TIME_SHIFTS):
            refuse("time shifts are not in use at this table", TIME_SHIFT_RULE)
        return duration_after_roll(base, shifts)

    def _running(self) -> Scene:
        if self.scene is None:
            raise BadInput("no scene is running", code="no_scene")
        return self.scene

    # -- bookkeeping ---------------------------------------------------------------------------

    def sync_sheets(self) -> None:
        """Write each PC's available fate points, and every character's stunt uses, onto their
        sheets."""
        for pc in self.pcs:
            pc.fate_points = self.ledger.account(pc.id).available
        for character in self.characters.values():
            character.stunt_uses = self.stunt_uses.of(character.id)

    def find_aspect(self, aspect_id: str) -> Aspect:
        """Any aspect in play by id: the scene's, the story's lasting ones, a character's, or a
        consequence."""
        if self.scene is not None and aspect_id in self.scene.aspects:
            return self.scene.aspects.get(aspect_id)
        if aspect_id in self.lasting:
            return self.lasting.aspects.get(aspect_id)
        for character in self.characters.values():
            for aspect in character.aspects:
                if aspect.id == aspect_id:
                    return aspect
            for slot in character.consequences:
                if slot.aspect is not None and slot.aspect.id == aspect_id:
                    return slot.aspect
            for held in character.conditions.values():
                if held.aspect.id == aspect_id:
                    return held.aspect
        raise BadInput(f"no aspect {aspect_id!r} is in play", code="aspect_gone")

    def moment(self) -> Moment:
        """Where in play the game is now: during a scene, between scenes of a session, between
        sessions (of an arc), or between arcs (after a session that ended at a breakthrough)."""
        if self.scene is not None:
            return Moment.SCENE
        if self.in_session:
            return Moment.SESSION
        return Moment.BETWEEN_ARCS if self.arc_ended else Moment.ARC

    def remove_aspect(self, aspect_id: str) -> Aspect:
        """Take an aspect out of play: the scene's, or one of the story's lasting aspects (a
        character's own aspects and consequences are not removed this way)."""
        check_removable(self.find_aspect(aspect_id))
        return self.take_out_of_play(aspect_id)

    def take_out_of_play(self, aspect_id: str) -> Aspect:
        """Take the scene's or the story's aspect ``aspect_id`` out of play, as a table's log
        recorded it (checked by no rule: see :meth:`remove_aspect`)."""
        if aspect_id in self.lasting:
            return self.lasting.remove(aspect_id)
        return self._running().aspects.remove(aspect_id)

    def _clear_recovered(self, recovery: RecoveryRules | None = None) -> list[Aspect]:
        cleared: list[Aspect] = []
        rules = self.ruleset.preset.recovery if recovery is None else recovery
        long_arcs = self.ruleset.has(OptionalRule.LONG_ARCS)
        for character in self.characters.values():
            cleared.extend(clear_recovered(character, self.clock, rules, long_arcs=long_arcs))
        return cleared
