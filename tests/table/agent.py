"""A random agent that plays whole games at the table layer (issue 26, "never stuck").

Every seat picks its moves at random from what its view offers (``legal_actions``, the pending
hit's ``absorb_options``, the roll's resolution options, the contest and challenge, the scene's
aspects and compels...), and the GM adds what a GM does (scenes, conflicts, aspects, NPCs, the
screen, undo, the optional rules' gear) and sometimes a move the agent makes up. After every step
the game checks:

- every move the view offered was accepted (``offered`` commands);
- a refusal is a refusal (:class:`IllegalAction` naming a rule, :class:`BadInput` naming what is
  wrong), never another exception; a GM who gets a waivable refusal may set the rule aside, and the
  move then goes through or is refused the same way;
- from the state reached, the GM can end the conflict, the contest, the challenge, the scene and
  the session (sometimes with the GM's word);
- undoing the step gives back the exact state before it (every seat's view and a canonical dump);
- a zone the GM keeps hidden is in no player's document, unless their character stands in it
  (the GM's map: zones placed, drawn as rectangles and polygons, hidden and shown, borders an
  aspect blocks, free moves and overcomes to move, all as the views offer them);
- at the end, folding the log again gives the same table.

What goes wrong is collected as :class:`Finding` values rather than raised, so one run reports
every kind of problem it met; ``coverage`` counts the commands accepted, by type.
"""

from __future__ import annotations

import dataclasses
import json
import random
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fatekit.formats import dumps_character
from fatekit.formats.ruleset import loads_ruleset
from fatekit.rules import BadInput, IllegalAction, RandomDice
from fatekit.rules.characters.character import major_npc, minor_npc, new_character
from fatekit.rules.characters.combined_rolls import second_keys
from fatekit.rules.characters.counted import counts_aspects
from fatekit.rules.characters.preset import Preset
from fatekit.rules.characters.presets import get_preset
from fatekit.rules.core.actions import Action
from fatekit.rules.core.randomizers import Randomizer
from fatekit.rules.core.switches import OptionalRule
from fatekit.rules.core.tracks import Track
from fatekit.rules.scenes.conflict import ConflictKind
from fatekit.store.memory import MemoryEventStore
from fatekit.store.tables import StoreHistory, TableRepository
from fatekit.table import (
    TableState,
    Waiver,
    document_for,
    encode_snapshot,
    fold,
    handle,
    view_for,
)
from fatekit.table import commands as c
from fatekit.table.boards import MAP_UNITS
from fatekit.table.events import Event
from fatekit.table.seats import Role
from fatekit.table.serialize import command_from_json
from fatekit.table.snapshot import copy_state

ROOT = Path(__file__).resolve().parents[2]
RULESETS = sorted(
    [
        *(ROOT / "fatekit" / "rules" / "characters" / "rulesets").glob("*.json"),
        *(ROOT / "docs" / "examples" / "rulesets").glob("*.ruleset.json"),
    ]
)
PRESETS = ("condensed", "core", "fae", "ode")
GM, PLAYERS = "gm", ("ann", "ben")
SEATS = (GM, *PLAYERS, "sam")
NOW = "2024-03-01T20:00:00+00:00"
TABLE = "agent"
#: Every optional rule a table may switch on; changing the skill list needs a list, left out.
OPTIONS = tuple(o.value for o in OptionalRule if o is not OptionalRule.CHANGING_SKILL_LIST)

JSON = dict[str, Any]
ATTACK = Action.ATTACK


@dataclass(frozen=True)
class Finding:
    """Something the agent met that the table should not do."""

    kind: str  # "offered-refused", "crash", "stuck", "undo", "replay", "waiver", "hidden"
    seed: int
    step: int
    command: str
    detail: str
    rule: str = ""  # the rule a refusal named, if any

    def __str__(self) -> str:
        return f"[{self.kind}] seed {self.seed} step {self.step}: {self.command}: {self.detail}"


@dataclass
class Move:
    """A command a seat may send: ``offered`` when the seat's view offered exactly this."""

    command: c.Command
    seat: str
    offered: bool


@dataclass
class Game:
    """One seeded game, played ``steps`` moves long."""

    seed: int
    steps: int = 40
    rng: random.Random = field(init=False)
    store: MemoryEventStore = field(default_factory=MemoryEventStore)
    repo: TableRepository = field(init=False)
    findings: list[Finding] = field(default_factory=list)
    coverage: Counter[str] = field(default_factory=Counter)
    waived: Counter[str] = field(default_factory=Counter)
    preset: Preset | None = None
    step: int = 0
    counter: int = 0
    set_up: int = 0  # the version the game's set-up reached: undo never reaches into it
    #: Each seat's document at one version of the table: the moves of a step and the checks of
    #: the step before read the same documents, built once (a document costs milliseconds).
    _docs: dict[tuple[int, str], JSON] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        # The server's own path: the repository commits into its live state, drops it after a
        # refusal and reloads from its snapshots (one every 10 events) and the log.
        self.repo = TableRepository(self.store, snapshot_every=10, backoff=0)

    # -- playing ---------------------------------------------------------------------------------

    @property
    def s(self) -> TableState:
        return self.repo.load(TABLE)

    @property
    def log(self) -> list[Event]:
        return self.repo.events(TABLE)

    def history(self) -> StoreHistory:
        return StoreHistory(self.store, TABLE)

    def doc(self, seat: str) -> JSON:
        """The seat's document at the table's version now (built once per version)."""
        state = self.s
        key = (state.version, seat)
        if key not in self._docs:
            if self._docs and next(iter(self._docs))[0] != state.version:
                self._docs.clear()
            self._docs[key] = document_for(state, seat)
        return self._docs[key]

    def play(self) -> Game:
        self.setup()
        for step in range(1, self.steps + 1):
            self.step = step
            self.one_step()
        self.check_escape()
        self.check_replay()
        return self

    def send(self, command: c.Command, seat: str, waiver: Waiver | None = None) -> list[Event]:
        command = self.counting(self.paired(command))
        done = self.repo.execute(
            TABLE,
            command,
            seat=seat,
            dice=RandomDice(seed=self.rng.getrandbits(64)),
            now=NOW,
            waiver=waiver,
        )
        self.coverage[type(command).__name__] += 1
        return list(done.events)

    def paired(self, command: c.Command) -> c.Command:
        """A roll as the page's dialogs make it at a table with two combined skill lists: the
        skill from the first list, and a skill of the second added (a challenge's tasks name a
        first-list skill)."""
        preset = getattr(self, "preset", None)
        second = () if preset is None else second_keys(preset)
        if not second:
            return command
        assert preset is not None
        first = [k for k in preset.skill_keys if k not in second]
        if isinstance(command, c.StartChallenge):
            tasks = tuple(
                (key, what, self.pick(first) if skill in second else skill, difficulty)
                for key, what, skill, difficulty in command.tasks
            )
            return dataclasses.replace(command, tasks=tasks)
        changes: dict[str, str] = {}
        if getattr(command, "skill", None) in second:
            changes["skill"] = self.pick(first)
        if getattr(command, "second_skill", "") is None:
            changes["second_skill"] = self.pick(second)
        return dataclasses.replace(command, **changes) if changes else command

    def counting(self, command: c.Command) -> c.Command:
        """A roll as the page's dialogs make it at a table that counts aspects (The Three
        Rocketeers): a PC ticks some of its own aspects (maybe none) in place of a skill, and a
        PC defending ticks its own (``counted``, ``defend_counted``); everyone else rolls a skill
        as before."""
        preset = getattr(self, "preset", None)
        others = (c.ContestRoll, c.ChallengeRoll, c.SecretRoll, c.SplitAttack, c.ZoneAttack)
        rolls = (c.Roll, c.Attack, c.CreateAdvantage, c.Overcome, c.AssignTargets, *others)
        if preset is None or preset.counted is None or not isinstance(command, rolls):
            return command
        characters = self.s.game.characters

        def ticks(who: str | None) -> tuple[str, ...] | None:
            sheet = characters.get(who) if who is not None else None
            if sheet is None or not counts_aspects(preset.counted, sheet):
                return None
            ids = [a.id for a in sheet.aspects]
            return tuple(self.rng.sample(ids, self.rng.randint(0, min(3, len(ids)))))

        # The other rolls count aspects too (contests, challenges, secret rolls, attacks on
        # several targets), and a split or zone attack's counting targets defend with theirs.
        if isinstance(command, others):
            found = ticks(command.actor) if command.counted is None else None
            if found is None:
                return command
            skilled = {} if isinstance(command, c.ChallengeRoll) else {"skill": ""}
            return dataclasses.replace(command, counted=found, **skilled)  # type: ignore[arg-type]
        if isinstance(command, c.AssignTargets) and self.s.conflict is not None:
            # The targets: those the split names, or everyone else active in the zone attacked.
            targets = [w for w, _ in command.split]
            scene, conflict = self.s.game.scene, self.s.conflict
            zones = scene.zones if scene is not None else None
            turn = conflict.turns.turn
            if not targets and zones is not None and self.s.zone_attack is not None:
                active = conflict.roster.active()
                targets = [
                    p
                    for p in zones.occupants(self.s.zone_attack)
                    if p in active and (turn is None or p != turn.actor)
                ]
            named = dict(command.defend_counted)
            for who in targets:
                found = ticks(who) if who not in named else None
                if found is not None:
                    named[who] = found
            skills = tuple((w, k) for w, k in command.defend_skills if w not in named)
            return dataclasses.replace(
                command, defend_counted=tuple(named.items()), defend_skills=skills
            )
        if not isinstance(command, (c.Roll, c.Attack, c.CreateAdvantage, c.Overcome)):
            return command
        changes: dict[str, Any] = {}
        mine = ticks(command.actor) if command.counted is None else None
        if mine is not None:
            changes.update(skill="", counted=mine)
        if isinstance(command, c.Attack):
            defender = None if command.forgo_defense else (command.defender or command.target)
        else:
            defender = command.against
        theirs = ticks(defender) if command.defend_counted is None else None
        if theirs is not None:
            changes.update(defend_skill=None, defend_counted=theirs)
        return dataclasses.replace(command, **changes) if changes else command

    def setup(self) -> None:
        rng = self.rng
        ruleset_text = None
        if rng.random() < 0.25:
            path = rng.choice(RULESETS)
            ruleset_text = path.read_text(encoding="utf-8")
            preset = loads_ruleset(ruleset_text)
            key = preset.key
        else:
            key = rng.choice(PRESETS)
            preset = get_preset(key)
        options = [o for o in OPTIONS if rng.random() < 0.3]
        if "full_defense" in options and "full_defense_core" in options:
            options.remove(rng.choice(["full_defense", "full_defense_core"]))
        self.preset = preset
        try:
            self.send(
                c.CreateTable(
                    name="Agent", preset=key, options=tuple(options), ruleset=ruleset_text
                ),
                GM,
            )
        except BadInput:  # a preset with its own version of full defense takes no other
            kept = tuple(o for o in options if not o.startswith("full_defense"))
            self.send(
                c.CreateTable(name="Agent", preset=key, options=kept, ruleset=ruleset_text), GM
            )
        self.send(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"), GM)
        self.send(c.AddSeat(seat_id="ben", role=Role.PLAYER, name="Ben"), GM)
        self.send(c.AddSeat(seat_id="sam", role=Role.SPECTATOR, name="Sam"), GM)
        for seat, name in (("ann", "Ruth"), ("ben", "Charles")):
            self.send(c.AddCharacter(sheet=self.pc_sheet(name), owner=seat), seat)
        for _ in range(rng.randint(1, 3)):
            self.send(c.AddCharacter(sheet=self.npc_sheet(), revealed=rng.random() < 0.5), GM)
        self.set_up = self.s.version

    def skills(self, count: int) -> dict[str, int]:
        assert self.preset is not None
        keys = list(self.preset.skill_keys)
        self.rng.shuffle(keys)
        ratings = [4, 3, 3, 2, 2, 2, 1, 1, 1, 1]
        return {k: ratings[i] for i, k in enumerate(keys[: min(count, len(ratings))])}

    def fresh_id(self, stem: str) -> str:
        self.counter += 1
        return f"{stem}{self.counter}"

    def pc_sheet(self, name: str) -> str:
        assert self.preset is not None
        pc = new_character(
            self.preset,
            name.lower(),
            name,
            high_concept=f"{name} the Bold",
            trouble=f"{name}'s Bad Luck",
            skills=self.skills(10),
        )
        return dumps_character(pc)

    def npc_sheet(self) -> str:
        assert self.preset is not None
        cid = self.fresh_id("npc")
        if self.rng.random() < 0.5:
            npc = major_npc(
                self.preset, cid, f"Foe {cid}", high_concept="Hired Muscle", skills=self.skills(5)
            )
        else:
            members = self.rng.choice([1, 1, 3])
            npc = minor_npc(
                self.preset,
                cid,
                f"Thug {cid}",
                ["Thug"],
                self.skills(2),
                stress_boxes=self.rng.randint(0, 2),
                members=members,
            )
        return dumps_character(npc)

    def one_step(self) -> None:
        rng = self.rng
        # Every seat's moves at once, so the seat whose turn it is (or who has a hit to take, a
        # roll to settle) is the one most likely to move, as at a real table.
        moves = [m for seat in (GM, *PLAYERS) for m in self.moves_for(seat)]
        # Last and light, so that the other moves' random paths stay nearly as they were.
        moves += [m for seat in (GM, *PLAYERS) for m in self.dice_moves(seat)]
        # Only at a table whose rule set has conditions: the other games' paths stay as they were.
        moves += [m for seat in (GM, *PLAYERS) for m in self.condition_moves(seat)]
        if not moves:
            return
        offered = [m for m in moves if m.offered]
        made_up = [m for m in moves if not m.offered]
        pool = offered if offered and (not made_up or rng.random() < 0.8) else made_up
        move = rng.choices(pool, weights=[_weight(m.command) for m in pool])[0]
        undo_check = rng.random() < 0.15
        before = copy_state(self.s) if undo_check else None
        try:
            events = self.send(move.command, move.seat)
        except (IllegalAction, BadInput) as refused:
            if move.offered:
                self.find("offered-refused", move, _said(refused), refused)
            elif (
                isinstance(refused, IllegalAction)
                and refused.waivable
                and move.seat == GM
                and rng.random() < 0.6
            ):
                self.try_waiver(move, refused)
            return
        except Exception as error:
            self.find("crash", move, _trace(error))
            return
        if undo_check:
            self.check_undo(before, events, move, dump=rng.random() < 0.3)
        if rng.random() < 0.2:
            self.check_escape()
        if rng.random() < 0.3:
            self.check_views(move)

    def try_waiver(self, move: Move, refused: IllegalAction) -> None:
        """The GM sets the rule aside: the move goes through, or is refused as any move is."""
        rules: list[str] = [refused.rule.key]
        for _ in range(4):
            try:
                events = self.send(
                    move.command, GM, waiver=Waiver(tuple(rules), "the GM allows it")
                )
            except IllegalAction as again:
                if again.waivable and again.rule.key not in rules:
                    rules.append(again.rule.key)
                    continue
                return
            except BadInput:
                return
            except Exception as error:
                self.find("waiver", move, f"waiving {rules}: {_trace(error)}")
                return
            recorded = {k for e in events for k in e.waived}
            self.waived.update(recorded)
            if not recorded <= set(rules):
                self.find("waiver", move, f"recorded {recorded} beyond {rules}")
            return

    # -- checks ----------------------------------------------------------------------------------

    def find(
        self, kind: str, move: Move | None, detail: str, error: BaseException | None = None
    ) -> None:
        shown = "-" if move is None else f"{move.seat}: {move.command!r}"
        rule = error.rule.key if isinstance(error, IllegalAction) else ""
        self.findings.append(Finding(kind, self.seed, self.step, shown, detail, rule))

    def check_views(self, move: Move) -> None:
        try:
            for seat in SEATS:
                self.doc(seat)
        except Exception as error:
            self.find("crash", move, f"a view: {_trace(error)}")
            return
        self.check_hidden_zones(move)

    def check_hidden_zones(self, move: Move) -> None:
        """A zone the GM keeps hidden is nowhere in a player's document (issue 42), unless one of
        the player's characters stands in it: not among its zones, borders, shapes or moves."""
        zones = (self.doc(GM).get("scene") or {}).get("zones")
        if not zones or not zones["hidden"]:
            return
        for seat in (*PLAYERS, "sam"):
            doc = self.doc(seat)
            theirs = {zones["positions"].get(who) for who in doc["you"]["characters"]}
            said = json.dumps(doc)
            for zone in set(zones["hidden"]) - theirs:
                if json.dumps(zone) in said:
                    self.find("hidden", move, f"{seat}'s document names the hidden zone {zone}")

    def check_undo(
        self, before: TableState | None, events: list[Event], move: Move, *, dump: bool
    ) -> None:
        # An undo never takes back a safety signal, its answer or a safety tool's switch.
        beyond_undo = (c.Undo, c.RaiseSignal, c.AnswerSignal, c.SetSafetyTool)
        if before is None or not events or isinstance(move.command, beyond_undo):
            return
        try:
            undone = handle(
                self.s,
                c.Undo(target_version=events[0].version),
                seat=GM,
                table_id=TABLE,
                now=NOW,
                history=self.history(),
            ).state
        except Exception as error:
            self.find("undo", move, f"undo refused: {_said(error)}")
            return
        # Who the players have met stays met (the undone events that named them were sent).
        before.met |= undone.met
        for seat in SEATS:
            if _view(before, seat) != _view(undone, seat):
                self.find("undo", move, f"{seat}'s view differs after undo")
                return
        if dump and _dump(before) != _dump(undone):
            self.find("undo", move, "the state differs after undo (canonical dump)")

    def check_escape(self) -> None:
        """The GM can bring the table back to no conflict, no scene, no session."""
        state, log = self.s, self.log
        for _ in range(12):
            assert state is not None
            step = _escape_move(state)
            if step is None:
                return
            try:
                state, log = _gm_forcing(state, log, step)
            except Exception as error:
                self.find("stuck", Move(step, GM, True), _said(error))
                return
        self.find("stuck", None, f"still not out after 12 GM moves: {_escape_move(state)!r}")

    def check_replay(self) -> None:
        try:
            replayed = fold(self.log)
        except Exception as error:
            self.find("replay", None, _trace(error))
            return
        for seat in SEATS:
            if _view(replayed, seat) != _view(self.s, seat):
                self.find("replay", None, f"{seat}'s view differs after folding the log again")
                return

    # -- what each seat may do -------------------------------------------------------------------

    def moves_for(self, seat: str) -> Iterator[Move]:
        doc = self.doc(seat)
        safety = doc["safety"]
        # Now and then a seat raises a safety signal (chosen by the step, drawing nothing from
        # the rng); while one waits, only the GM's answer and undo are moves the table takes:
        # everything else the view offers is refused under safety.signal-first, so it is sent
        # as a made-up move, expected to be refused.
        if self.step % 17 == 5 and seat == (GM, *PLAYERS)[self.step % 3] and safety["on"]:
            tool = safety["on"][self.step % len(safety["on"])]
            yield Move(C("RaiseSignal", tool=tool), seat, True)
        if seat == GM and self.step % 37 == 11:
            tool = ("x-card", "pause", "rewind", "fast-forward")[self.step % 4]
            on = tool not in safety["on"]
            yield Move(C("SetSafetyTool", tool=tool, on=on), seat, not safety["waiting"])
        if safety["waiting"]:
            if seat == GM:
                first = safety["waiting"][0]["id"]
                yield Move(C("AnswerSignal", signal_id=first, note=f"step {self.step}"), GM, True)
            for move in self._play_moves(doc, seat):
                yield Move(move.command, move.seat, False)
            return
        yield from self._play_moves(doc, seat)

    def dice_moves(self, seat: str) -> Iterator[Move]:
        """How rolls are drawn (dice43), chosen by the step, with no draw of the rng: the table's
        way by the GM, letting the players choose theirs or not, a player's own from the offer."""
        doc = self.doc(seat)
        if doc["safety"]["waiting"]:
            return
        ways = [way.value for way in Randomizer]
        if seat == GM and self.step % 7 == 4:
            way = ways[self.step % len(ways)]
            yield Move(C("ChooseRandomizer", randomizer=way), seat, True)
        if seat == GM and self.step % 5 == 1:
            allowed = not doc["table"]["seats_choose_randomizer"]
            yield Move(C("AllowSeatRandomizers", allowed=allowed), seat, True)
        offered = doc["you"]["randomizers"]
        if offered and self.step % 3 == 2:
            yield Move(
                C("ChooseOwnRandomizer", randomizer=offered[self.step % len(offered)]), seat, True
            )

    def condition_moves(self, seat: str) -> Iterator[Move]:
        """The rule set's conditions (the Fate System Toolkit's) as each card offers them: the
        GM marks one now and then, by the step (no draw of the rng), and clears one whenever
        offered; a seat starts a lasting one's recovery with an overcome that reached Great or
        better."""
        doc = self.doc(seat)
        if doc["safety"]["waiting"]:
            return
        for character in doc["characters"]:
            for cond in character.get("conditions") or ():
                asked = {"character_id": character["id"], "key": cond["key"]}
                for offer in cond["offers"]:
                    if offer == "MarkCondition" and self.step % 4 != 1:
                        continue
                    if offer == "RecoverCondition":
                        yield Move(C(offer, **asked, effort=4 + self.step % 3), seat, True)
                    else:
                        yield Move(C(offer, **asked), seat, True)

    def _play_moves(self, doc: JSON, seat: str) -> Iterator[Move]:
        mine = set(doc["you"]["characters"])
        gm = seat == GM
        yield from self.conflict_moves(doc, seat, mine)
        yield from self.roll_moves(doc, seat, mine)
        yield from self.contest_moves(doc, seat, mine)
        yield from self.aspect_moves(doc, seat, mine)
        yield from self.advancement_moves(doc, seat, mine)
        yield from self.setting_moves(doc, seat, mine)
        if self.rng.random() < 0.1:
            yield Move(C("Note", text=f"note {self.step}"), seat, True)
        if gm and doc["time"]["session"] >= 1 and self.step % 29 == 0:  # no draw of the rng:
            # the other moves' random paths stay as they were
            shown = "public" if self.step % 2 else "gm"
            yield Move(C("AddRecapLine", text=f"line {self.step}", visibility=shown), seat, True)
        if gm:
            yield from self.gm_moves(doc)
            yield from self.against_the_rules(doc)

    def pick(self, items: list[Any] | tuple[Any, ...]) -> Any:
        return self.rng.choice(list(items))

    def conflict_moves(self, doc: JSON, seat: str, mine: set[str]) -> Iterator[Move]:
        conflict = doc.get("conflict")
        if not conflict:
            return
        rng = self.rng
        for actor, actions in conflict["legal_actions"].items():
            for action in actions:
                kind, targets, skills = action["move"], action["targets"], action["skills"]
                if kind == "attack":
                    # The skill first, then a target it reaches: the engine says which.
                    skill = self.pick(sorted(action["reach"]))
                    yield Move(
                        C(
                            "Attack",
                            actor=actor,
                            target=self.pick(action["reach"][skill]),
                            skill=skill,
                        ),
                        seat,
                        True,
                    )
                elif kind == "create_advantage":
                    skill = self.pick(skills)
                    others = [t for t in targets if t != actor]
                    if others and rng.random() < 0.4:
                        # Against an active opponent, who opposes with their best skill.
                        yield Move(
                            C(
                                "CreateAdvantage",
                                actor=actor,
                                skill=skill,
                                against=self.pick(others),
                            ),
                            seat,
                            True,
                        )
                    else:
                        yield Move(
                            C(
                                "CreateAdvantage",
                                actor=actor,
                                skill=skill,
                                difficulty=rng.randint(0, 4),
                            ),
                            seat,
                            True,
                        )
                elif kind == "overcome":
                    zones = (doc.get("scene") or {}).get("zones") or {}
                    move_to = None
                    if zones and rng.random() < 0.3:
                        move_to = self.pick(zones["zones"])
                    yield Move(
                        C(
                            "Overcome",
                            actor=actor,
                            skill=self.pick(skills),
                            difficulty=rng.randint(0, 4),
                            move_to=move_to,
                        ),
                        seat,
                        move_to is None,
                    )
                elif kind == "full_defense":
                    yield Move(C("FullDefense", actor=actor), seat, True)
                elif kind == "free_move":
                    yield Move(C("FreeMove", actor=actor, to=self.pick(targets)), seat, True)
                elif kind == "split_attack":
                    yield Move(C("SplitAttack", actor=actor, skill=self.pick(skills)), seat, True)
                elif kind == "zone_attack":
                    yield Move(
                        C(
                            "ZoneAttack",
                            actor=actor,
                            skill=self.pick(skills),
                            zone=self.pick(targets),
                        ),
                        seat,
                        True,
                    )
                elif kind == "assign_targets":
                    yield from self.aim(doc, seat, actor)
                elif kind == "resolve":
                    # The conflict's action: the one roll in play, named or not.
                    roll = doc.get("roll") or {}
                    named = "id" in roll and self.rng.random() < 0.5
                    yield from self.resolutions(doc, seat, mine, roll, named)
                elif kind == "invoke":
                    yield from self.invokes(doc, seat, actor)
                elif kind == "absorb":
                    hit = conflict["pending_hit"] or {}
                    yield from self.soaked_absorbs(hit, seat)
                    for plan in hit.get("absorb_options", []):
                        names = tuple((s, f"Hurt {self.step}.{s}") for s in plan["slots"])
                        # An extreme consequence is named and takes the place of an aspect the
                        # view lists, as the hit panel offers it.
                        extreme = None
                        if plan["extreme"]:
                            replaced = self.pick(hit["extreme_replaces"])
                            extreme = {"name": f"Scarred {self.step}", "replaces": replaced["id"]}
                        yield Move(
                            C(
                                "Absorb",
                                boxes=tuple(plan["boxes"]),
                                slots=tuple(plan["slots"]),
                                names=names,
                                extreme=extreme,
                            ),
                            seat,
                            True,
                        )
                elif kind == "take_out":
                    yield Move(C("TakeOut"), seat, True)
                elif kind == "shield":
                    yield Move(C("Shield", minion=self.pick(targets)), seat, True)
                elif kind == "end_turn":
                    yield Move(
                        C("EndTurn", next_actor=self.pick(targets) if targets else None), seat, True
                    )
                elif kind == "concede" and rng.random() < 0.2:
                    terms = "Gone into the night" if rng.random() < 0.5 else ""
                    yield Move(C("Concede", character_id=actor, terms=terms), seat, True)
        targets = conflict["targets"]
        if targets and (seat == GM or conflict["current"] in mine):
            # As the page settles them: a pick for every target whose outcome offers a choice.
            picks = [
                [t, self.pick(r["options"])] for t, r in targets.items() if len(r["options"]) > 1
            ]
            yield Move(C("ResolveTargets", options=picks), seat, True)

    def aim(self, doc: JSON, seat: str, actor: str) -> Iterator[Move]:
        """Aiming a split or zone attack as the page offers it: shares of a positive effort, the
        zone's people, or calling it off when there is nothing to share or nobody to reach."""
        roll = doc.get("roll") or {}
        effort = roll.get("effort")
        conflict = doc["conflict"]
        active = {
            f["id"] for f in conflict["fighters"] if f["status"] == "active" and not f["hazard"]
        }
        side = next(f["side"] for f in conflict["fighters"] if f["id"] == actor)
        foes = [f["id"] for f in conflict["fighters"] if f["id"] in active and f["side"] != side]
        last = doc.get("last_roll") or {}
        nothing = effort is None or effort < 1
        if last.get("action") == "zone_attack":
            zoned = next(
                (e for e in reversed(self.log) if type(e).__name__ == "ZoneAttackRolled"), None
            )
            positions = ((doc.get("scene") or {}).get("zones") or {}).get("positions", {})
            zone = getattr(zoned, "zone", None)
            reached = [p for p, z in positions.items() if z == zone and p in active and p != actor]
            if reached:
                yield Move(C("AssignTargets"), seat, not nothing)
            yield Move(C("MissEveryone"), seat, nothing or not reached)
            return
        if not nothing and foes:
            target = self.pick(foes)
            yield Move(C("AssignTargets", split=[[target, effort]]), seat, False)
        yield Move(C("MissEveryone"), seat, nothing)

    def resolutions(
        self, doc: JSON, seat: str, mine: set[str], roll: JSON, named: bool
    ) -> Iterator[Move]:
        """The options of a roll's outcome, offered to whoever chooses (as the page judges it:
        the GM always; the opposition's choice its seat's; anything else the roller's). A
        contest's overcome offers none: its roller (or the GM) counts its effort. ``named``:
        the command names the roll, as the page's roll cards do."""
        resolutions = doc["extras"].get("resolutions") or {}
        found = resolutions.get(roll.get("id")) if "id" in roll else doc["extras"].get("resolution")
        if not found:
            return
        which = {"roll": roll["id"]} if named else {}
        chooser = found["chosen_by"]
        defence = (roll.get("defence") or {}).get("actor")
        may = seat == GM or (
            defence in mine
            if chooser == "opposition"
            else chooser != "gm" and roll.get("actor") in mine
        )
        if not found["options"]:
            yield Move(C("ResolveRoll", **which), seat, may)
        for option in found["options"]:
            boosts = tuple(
                (
                    roll.get("actor") if side == "actor" else defence or roll.get("actor"),
                    f"Boost {self.step}",
                )
                for side in option["boosts"]
            )
            yield Move(
                C(
                    "ResolveRoll",
                    option=option["key"],
                    aspect_name=f"Advantage {self.step}" if option["names_aspect"] else "",
                    boost_names=[list(b) for b in boosts if b[0]],
                    **which,
                ),
                seat,
                may,
            )

    def invokes(self, doc: JSON, seat: str, actor: str, roll: str | None = None) -> Iterator[Move]:
        scene = doc.get("scene") or {}
        which = {} if roll is None else {"roll": roll}
        for aspect in scene.get("aspects", []):
            held = aspect["free_invokes"].get(actor, 0)
            if held:
                yield Move(
                    C("Invoke", aspect_id=aspect["id"], by=actor, free=True, **which), seat, False
                )
            elif aspect["kind"] != "boost":
                yield Move(C("Invoke", aspect_id=aspect["id"], by=actor, **which), seat, False)

    def roll_moves(self, doc: JSON, seat: str, mine: set[str]) -> Iterator[Move]:
        scene = doc.get("scene")
        if doc.get("conflict") or not scene:
            return
        # Every roll in play, each named by its id as its card on the page names it (one only:
        # now and then by no id, as older pages send it).
        rolls = doc.get("rolls") or []
        for roll in rolls:
            named = len(rolls) > 1 or self.rng.random() < 0.5
            yield from self.resolutions(doc, seat, mine, roll, named)
            if roll["actor"] in mine or seat == GM:
                yield from self.invokes(doc, seat, roll["actor"], roll["id"] if named else None)
        rolling = {r["actor"] for r in rolls}
        here = [p for p in scene["participants"] if p in mine and p not in rolling]
        if not here or doc.get("contest") or doc.get("challenge"):
            return
        assert self.preset is not None
        actor = self.pick(here)
        action = self.pick(["overcome", "create_advantage"])
        yield Move(
            C(
                "Roll",
                actor=actor,
                action=action,
                skill=self.pick(self.preset.skill_keys),
                difficulty=self.rng.randint(0, 4),
            ),
            seat,
            True,
        )
        # An overcome to remove an aspect the scene brought, which an opponent may defend (the
        # roll form's "aspect to remove" offers these).
        removable = [  # only what the actor knows of: a hidden aspect is discovered first
            a["id"]
            for a in scene["aspects"]
            if a["kind"] in ("situation", "zone", "boost")
            and (not a["hidden"] or actor in a.get("known_to", ()))
        ]
        others = [p for p in scene["participants"] if p != actor]
        if removable and others and not doc.get("conflict") and self.rng.random() < 0.3:
            yield Move(
                C(
                    "Roll",
                    actor=actor,
                    action="overcome",
                    skill=self.pick(self.preset.skill_keys),
                    against=self.pick(others),
                    aspect_id=self.pick(removable),
                ),
                seat,
                True,
            )
        if self.step % 3 == 0:  # now and then, with no draw of the rng: the other moves'
            # random paths stay as they were on the other steps
            yield from self.treatments(doc, seat, mine, here)
        if self.step % 5 == 1:  # the map outside a fight, as its moves and the roll form offer
            yield from self.walks(doc, seat, actor)

    def walks(self, doc: JSON, seat: str, actor: str) -> Iterator[Move]:
        """A walk to the next zone the scene offers, an overcome to get further (the GM's word on
        the map: :meth:`map_drawing`)."""
        assert self.preset is not None
        zones = doc["scene"].get("zones") or {}
        free = zones.get("moves", {}).get(actor)
        if free:
            yield Move(C("FreeMove", actor=actor, to=free[self.step % len(free)]), seat, True)
        further = zones.get("further", {}).get(actor)
        if further:
            climb = C(
                "Roll",
                actor=actor,
                action="overcome",
                skill=self.preset.skill_keys[self.step % len(self.preset.skill_keys)],
                difficulty=2,
                move_to=further[self.step % len(further)],
            )
            yield Move(climb, seat, True)
        yield from self.climbs(zones, seat, actor)

    def map_drawing(self, doc: JSON) -> Iterator[Move]:
        """The GM's word on the map (by the step: no draw of the rng): someone placed in a zone,
        a zone hidden or shown, drawn as a rectangle or a polygon or back to the default layout,
        and shapes the map does not take."""
        zones = doc["scene"].get("zones") or {}
        if not zones.get("zones"):
            return
        people = doc["scene"]["participants"]
        if people:
            placed = C(
                "PlaceInZone",
                character_id=people[self.step % len(people)],
                zone=zones["zones"][self.step % len(zones["zones"])],
            )
            yield Move(placed, GM, True)
        zone = zones["zones"][self.step % len(zones["zones"])]
        hide = C("HideZone", zone=zone, hidden=zone not in zones.get("hidden", []))
        yield Move(hide, GM, True)
        corner = 100 * (self.step % 50)
        box = {"kind": "rect", "points": ((corner, corner), (corner + 900, corner + 700))}
        yield Move(C("ShapeZone", zone=zone, shape=box), GM, True)
        yield from self.drawings(zone)

    def climbs(self, zones: JSON, seat: str, actor: str) -> Iterator[Move]:
        """An overcome across a border an aspect blocks, to the zone past it, as the view offers
        it (by the step: no draw of the rng)."""
        assert self.preset is not None
        blocked = [b["zone"] for b in zones.get("blocked", {}).get(actor, ())]
        if blocked:
            skills = self.preset.skill_keys
            climb = C(
                "Roll",
                actor=actor,
                action="overcome",
                skill=skills[self.step % len(skills)],
                difficulty=1,
                move_to=blocked[self.step % len(blocked)],
            )
            yield Move(climb, seat, True)

    def drawings(self, zone: str) -> Iterator[Move]:
        """The GM draws a zone as a polygon, its corners in map units (by the step: no draw of
        the rng), or back to the default layout; and shapes the map does not take (a corner off
        the map, a polygon of two corners, a rectangle upside down), which must be refused."""
        n = 3 + self.step % 6  # three to eight corners, round a centre on the map
        x0, y0, r = 1000 + 80 * (self.step % 90), 1000 + 70 * (self.step % 100), 900
        corners = [
            (x0 + r * ((k * 7) % 5 - 2) // 2, y0 + r * ((k * 3) % 4 - 1) // 2) for k in range(n)
        ]
        if self.step % 4 == 0:
            yield Move(C("ShapeZone", zone=zone, shape=None), GM, True)
        else:
            yield Move(
                C("ShapeZone", zone=zone, shape={"kind": "polygon", "points": corners}), GM, True
            )
        off = {"kind": "polygon", "points": [(0, 0), (MAP_UNITS + 1, 0), (0, 500)]}
        two = {"kind": "polygon", "points": [(0, 0), (500, 500)]}
        upside = {"kind": "rect", "points": [(900, 900), (100, 100)]}
        for bad in (off, two, upside):
            yield Move(C("ShapeZone", zone=zone, shape=bad), GM, False)

    def borders(self, doc: JSON) -> Iterator[Move]:
        """The GM's aspects on borders: a situation aspect of the scene put on a border, or
        taken off the one it stands on (by the step: no draw of the rng)."""
        zones = doc["scene"].get("zones") or {}
        links = zones.get("links") or []
        kinds = ("situation", "zone")
        situation = [a["id"] for a in doc["scene"]["aspects"] if a["kind"] in kinds]
        if not links or not situation:
            return
        a, b = links[self.step % len(links)]
        aspect = situation[self.step % len(situation)]
        standing = sorted(
            (x, *sorted(i["between"]))
            for i in doc["extras"].get("impediments") or []
            for x in i["aspects"]
        )
        if (aspect, *sorted((a, b))) not in standing:
            yield Move(C("BlockBorder", aspect_id=aspect, zone=a, to=b), GM, True)
        if standing:
            x, one, other = standing[self.step % len(standing)]
            yield Move(C("ClearBorder", aspect_id=x, zone=other, to=one), GM, True)

    def treatments(self, doc: JSON, seat: str, mine: set[str], here: list[str]) -> Iterator[Move]:
        """Treating an untreated consequence of someone in the scene, as the page offers it: by
        a character of the seat's who is free to roll, with the rule set's treating skill."""
        assert self.preset is not None
        scene = doc["scene"]
        # A consequence whose treatment is in play waits for that roll to be settled.
        treated = {r["treats"]["aspect_id"] for r in doc.get("rolls") or [] if r.get("treats")}
        for character in doc["characters"]:
            sheet = character.get("sheet")
            if sheet is None or character["id"] not in scene["participants"]:
                continue
            for slot in sheet["consequences"]:
                aspect = slot["aspect"]
                if aspect is None or slot["recovering"] or slot["severity"] == "extreme":
                    continue
                if aspect["id"] in treated:
                    continue
                rules = self.preset.recovery
                track = Track(slot["track"])
                skill = rules.skill_for(track) if track is not Track.ANY else None
                treating = sorted({k for _, k in rules.skills}) or list(self.preset.skill_keys)
                skill = skill or treating[self.step % len(treating)]
                yield Move(
                    C(
                        "Treat",
                        actor=here[self.step % len(here)],
                        skill=skill,
                        aspect_id=aspect["id"],
                        new_name=f"Healing {self.step}",
                    ),
                    seat,
                    True,
                )

    def soaked_absorbs(self, hit: JSON, seat: str) -> Iterator[Move]:
        """Taking the hit with the conditions the view offers marked first, as the hit panel
        does: a few of them chosen by the step (no draw of the rng), and each plan the view
        gives for what they leave (none: they take it all)."""
        soaking = hit.get("soaking") or {}
        if not soaking:
            return
        keys = sorted(soaking)
        chosen = tuple(sorted({keys[i % len(keys)] for i in (self.step, self.step // 2)}))
        total = sum(soaking[k] for k in chosen)
        plans = [{"boxes": [], "slots": []}]
        if total < hit["shifts"]:
            plans = hit["absorb_after"].get(str(total), [])
        for plan in plans:
            if plan.get("extreme"):
                continue  # named as the plain plans' are; left to the plain absorbs
            names = tuple((s, f"Hurt {self.step}.{s}") for s in plan["slots"])
            yield Move(
                C(
                    "Absorb",
                    boxes=tuple(plan["boxes"]),
                    slots=tuple(plan["slots"]),
                    names=names,
                    conditions=chosen,
                ),
                seat,
                True,
            )

    def contest_moves(self, doc: JSON, seat: str, mine: set[str]) -> Iterator[Move]:
        rolling = {r["actor"] for r in doc.get("rolls") or []}
        # A contest's hit waits on the character it struck (even after the contest): taken with
        # a plan the view offers, or taken out.
        for hit in doc.get("contest_hits") or []:
            if hit["target"] not in mine or "absorb_options" not in hit:
                continue
            target = hit["target"]
            if not hit["absorb_options"] or self.rng.random() < 0.3:  # out of the race
                yield Move(C("TakeContestOut", target=target), seat, True)
                continue
            for plan in hit["absorb_options"]:
                names = tuple((s, f"Scorched {self.step}.{s}") for s in plan["slots"])
                yield Move(
                    C(
                        "AbsorbContestHit",
                        target=target,
                        boxes=tuple(plan["boxes"]),
                        slots=tuple(plan["slots"]),
                        names=names,
                    ),
                    seat,
                    True,
                )
        contest = doc.get("contest")
        if contest and contest["winner"] is None:
            for side in contest["sides"]:
                done = side["id"] in contest["rolled"] or side["id"] in contest["forfeited"]
                if done or side["id"] in contest.get("rolling", {}):
                    continue
                members = [m for m in side["members"] if m in mine and m not in rolling]
                if members:
                    assert self.preset is not None
                    yield Move(
                        C(
                            "ContestRoll",
                            side=side["id"],
                            actor=self.pick(members),
                            skill=self.pick(self.preset.skill_keys),
                        ),
                        seat,
                        True,
                    )
                    yield Move(C("ContestForfeit", side=side["id"]), seat, self.rng.random() < 0.2)
            if seat == GM and contest.get("whole_side"):
                # Öde: an outside threat, on no side, attacks the sides still to roll.
                on_sides = {m for side in contest["sides"] for m in side["members"]}
                scene = doc.get("scene") or {}
                threats = [p for p in scene.get("participants", []) if p not in on_sides]
                open_sides = [
                    side["id"]
                    for side in contest["sides"]
                    if side["id"] not in contest["rolled"]
                    and side["id"] not in contest["forfeited"]
                    and side["id"] not in contest.get("rolling", {})
                ]
                if threats and open_sides:
                    assert self.preset is not None
                    yield Move(
                        C(
                            "ContestThreat",
                            actor=self.pick(threats),
                            skill=self.pick(self.preset.skill_keys),
                            sides=(self.pick(open_sides),),
                        ),
                        seat,
                        True,
                    )
        challenge = doc.get("challenge")
        scene = doc.get("scene") or {}
        if challenge:
            here = [p for p in scene.get("participants", []) if p in mine and p not in rolling]
            for task in challenge["tasks"]:
                if task["result"] is None and task.get("rolling") is None and here:
                    # A task's roll is in play until settled: offered, it is taken.
                    yield Move(
                        C("ChallengeRoll", task=task["key"], actor=self.pick(here)), seat, True
                    )

    def aspect_moves(self, doc: JSON, seat: str, mine: set[str]) -> Iterator[Move]:
        for asked in doc.get("self_compels", []):
            if seat == GM:
                accepted = self.rng.random() < 0.7
                yield Move(
                    C("SelfCompelAnswer", compel_id=asked["id"], accepted=accepted),
                    seat,
                    accepted in asked["answers"],
                )
        own = [
            (ch["id"], a["id"])
            for ch in doc["characters"]
            if ch["id"] in mine and seat != GM and ch.get("revealed")
            for a in ch["sheet"]["aspects"]
        ]
        if own and self.rng.random() < 0.2:
            # A player's Compel on their own character: the page asks the GM for a self-compel.
            who, aspect_id = self.pick(own)
            yield Move(
                C("SelfCompel", aspect_id=aspect_id, target=who, complication="It bites back"),
                seat,
                True,
            )
            # Or a decision of theirs, led by their own aspect (compel.kinds).
            yield Move(
                C(
                    "SelfCompel",
                    aspect_id=aspect_id,
                    target=who,
                    kind="decision",
                    decision="They choose the hard way",
                    complication="It bites back",
                ),
                seat,
                True,
            )
        for compel in doc.get("compels", []):
            if compel["target"] in mine:
                yield Move(C("AnswerCompel", compel_id=compel["id"], answer="accept"), seat, True)
                yield Move(C("AnswerCompel", compel_id=compel["id"], answer="refuse"), seat, False)
            if seat == GM or compel.get("offered_by") in mine:
                yield Move(C("AnswerCompel", compel_id=compel["id"], answer="withdraw"), seat, True)
        scene = doc.get("scene")
        if not scene:
            return
        aspects = [a for a in scene["aspects"] if a["kind"] != "boost"]
        present = [p for p in scene["participants"]]
        if aspects and present:
            aspect = self.pick(aspects)
            target = self.pick(present)
            if seat == GM:
                yield Move(
                    C("OfferCompel", aspect_id=aspect["id"], target=target, complication="Trouble"),
                    seat,
                    False,
                )
            elif mine:
                offerer = self.pick(sorted(mine))
                yield Move(
                    C(
                        "OfferCompel",
                        aspect_id=aspect["id"],
                        target=target,
                        complication="Trouble",
                        offered_by=offerer,
                    ),
                    seat,
                    False,
                )
        for aspect in scene["aspects"]:
            for holder, count in aspect["free_invokes"].items():
                if holder in mine and count:
                    others = [p for p in present if p != holder]
                    if others:
                        yield Move(
                            C(
                                "PassFreeInvoke",
                                aspect_id=aspect["id"],
                                from_character=holder,
                                to_character=self.pick(others),
                            ),
                            seat,
                            False,
                        )
        if aspects and mine:
            yield Move(
                C(
                    "DeclareStoryDetail",
                    aspect_id=self.pick(aspects)["id"],
                    by=self.pick(sorted(mine)),
                    detail="A key",
                ),
                seat,
                False,
            )

    def advancement_moves(self, doc: JSON, seat: str, mine: set[str]) -> Iterator[Move]:
        assert self.preset is not None
        for character, kind in doc.get("milestones", {}).items():
            if character not in mine:
                continue
            first, second = self.rng.sample(list(self.preset.skill_keys), 2)
            change = {"kind": "swap_skills", "first": first, "second": second}
            if doc["table"]["advancement"] != "condensed":
                # Fate Core's and Fate Accelerated's milestones, as the page's form sends them:
                # the change, a skill point from a significant one, extreme consequences renamed.
                sheet = next(ch["sheet"] for ch in doc["characters"] if ch["id"] == character)
                extremes = tuple(
                    (slot["aspect"]["id"], f"Healed {self.step}")
                    for slot in sheet["consequences"]
                    if kind == "major" and slot["severity"] == "extreme" and slot["aspect"]
                )
                raise_now = (self.pick(list(self.preset.skill_keys)),) if kind != "minor" else ()
                yield Move(
                    C(
                        "SpendMilestone",
                        character_id=character,
                        change=change if self.rng.random() < 0.5 else None,
                        raise_now=raise_now if self.rng.random() < 0.5 else (),
                        extreme_names=extremes,
                    ),
                    seat,
                    False,
                )
                continue
            if kind == "minor":
                yield Move(C("Milestone", character_id=character, choice=change), seat, False)
            else:
                yield Move(C("Breakthrough", character_id=character, milestone=change), seat, False)

    def against_the_rules(self, doc: JSON) -> Iterator[Move]:
        """Moves the view does not offer, made up by the GM: refused, they must name a rule (and
        the GM may then set it aside) or what is wrong, never fail otherwise."""
        conflict = doc.get("conflict")
        if not conflict or self.rng.random() < 0.5:
            return
        assert self.preset is not None
        rng = self.rng
        fighters = [f["id"] for f in conflict["fighters"]]
        active = [f["id"] for f in conflict["fighters"] if f["status"] == "active"]
        if not active:
            return
        actor, target = self.pick(active), self.pick(fighters)
        skill = self.pick(self.preset.skill_keys)
        zones = ((doc.get("scene") or {}).get("zones") or {}).get("zones", [])
        yield Move(
            C(
                "Attack",
                actor=actor,
                target=target,
                skill=skill,
                helpers=[h for h in active if h != actor and rng.random() < 0.3],
            ),
            GM,
            False,
        )
        yield Move(
            C("Overcome", actor=actor, skill=skill, difficulty=rng.randint(-1, 5)), GM, False
        )
        if zones:
            yield Move(C("FreeMove", actor=actor, to=self.pick(zones)), GM, False)
            yield Move(
                C("Overcome", actor=actor, skill=skill, difficulty=2, move_to=self.pick(zones)),
                GM,
                False,
            )
        yield Move(C("EndTurn", next_actor=self.pick(fighters)), GM, False)
        yield Move(C("FullDefense", actor=actor), GM, False)
        hit = conflict["pending_hit"]
        if hit:
            yield Move(
                C(
                    "Absorb",
                    boxes=sorted(rng.sample(range(4), rng.randint(0, 2))),
                    slots=sorted(rng.sample(range(3), rng.randint(0, 1))),
                    names=[[i, "Bruised"] for i in range(3)],
                ),
                GM,
                False,
            )
        roll = doc.get("roll")
        scene = doc.get("scene") or {}
        if roll and scene.get("aspects"):
            aspect = self.pick(scene["aspects"])
            yield Move(
                C(
                    "Invoke",
                    aspect_id=aspect["id"],
                    by=self.pick(active),
                    effect=self.pick(["plus_two", "reroll", "raise_difficulty"]),
                ),
                GM,
                False,
            )

    def corrections(self, doc: JSON) -> Iterator[Move]:
        """The GM sets a value straight, as the GM's sheet and conflict views offer it."""
        rng = self.rng
        if rng.random() < 0.7:
            return
        characters = [ch for ch in doc["characters"] if ch["revealed"]]
        if not characters:
            return
        ch = self.pick(characters)
        sheet = ch["sheet"]
        yield Move(
            C("CorrectFatePoints", character_id=ch["id"], fate_points=rng.randint(0, 6)), GM, True
        )
        yield Move(C("CorrectFatePoints", fate_points=rng.randint(0, 6)), GM, True)
        for track, boxes in sheet.get("stress", {}).items():
            marked = [i for i in range(len(boxes)) if rng.random() < 0.4]
            yield Move(
                C("CorrectStress", character_id=ch["id"], track=track, marked=marked), GM, True
            )
        for i, slot in enumerate(sheet.get("consequences", [])):
            if slot["severity"] == "extreme":
                # An extreme consequence is set straight with its own correction: renamed, or
                # taken back (the aspect it replaced returns).
                name = None if rng.random() < 0.5 else f"Marked {self.step}"
                yield Move(
                    C(
                        "CorrectExtreme",
                        character_id=ch["id"],
                        consequence_id=slot["aspect"]["id"],
                        name=name,
                    ),
                    GM,
                    True,
                )
                continue
            name = None if slot["aspect"] and rng.random() < 0.5 else f"Hurt {self.step}"
            yield Move(C("CorrectConsequence", character_id=ch["id"], slot=i, name=name), GM, True)
        replaceable = [a for a in sheet.get("aspects", []) if a["kind"] != "high_concept"]
        if "extreme_consequences" in doc["table"]["options"] and replaceable and rng.random() < 0.2:
            yield Move(
                C(
                    "CorrectExtreme",
                    character_id=ch["id"],
                    name=f"Marked {self.step}",
                    replaces=self.pick(replaceable)["id"],
                ),
                GM,
                True,
            )
        scene = doc.get("scene") or {}
        aspects = [*scene.get("aspects", []), *sheet.get("aspects", [])]
        if aspects:
            aspect = self.pick(aspects)
            yield Move(
                C("CorrectAspect", aspect_id=aspect["id"], name=f"Fixed {self.step}"), GM, True
            )
            holder = self.pick([x["id"] for x in doc["characters"]])
            yield Move(
                C(
                    "CorrectFreeInvokes",
                    aspect_id=aspect["id"],
                    holder=holder,
                    count=rng.randint(0, 2),
                ),
                GM,
                aspect["kind"] != "boost",
            )
        conflict = doc.get("conflict")
        if conflict and conflict["phase"] in ("turn", "next"):
            active = [f["id"] for f in conflict["fighters"] if f["status"] == "active"]
            if active:
                yield Move(C("CorrectTurn", current=self.pick(active)), GM, True)

    def setting_moves(self, doc: JSON, seat: str, mine: set[str]) -> Iterator[Move]:
        """The setting panel's moves (the GM's), and a boost let go from its card (its holder's)."""
        scene = doc.get("scene")
        for aspect in scene["aspects"] if scene else []:
            held = [h for h in aspect["free_invokes"] if h in mine]
            if aspect["kind"] == "boost" and held and seat != GM:
                yield Move(C("RemoveAspect", aspect_id=aspect["id"], by=held[0]), seat, True)
        if seat != GM or self.rng.random() > 0.3:
            return
        rng = self.rng
        setting = doc["setting"]
        yield Move(C("DescribeSetting", name=f"World {self.step}", summary="A place"), GM, True)
        kind = self.pick(["setting", "scenario", "organization"])
        yield Move(
            C(
                "AddLastingAspect",
                name=f"Lasting {self.step}",
                kind=kind,
                issue=self.pick(["current", "impending", None]) if kind == "setting" else None,
                organization="Guild" if kind == "organization" else None,
            ),
            GM,
            True,
        )
        if any(a["kind"] == "scenario" for a in setting["aspects"]):
            yield Move(C("CloseScenario"), GM, True)
        for aspect in setting["aspects"]:
            yield Move(C("RemoveAspect", aspect_id=aspect["id"]), GM, rng.random() < 0.2)
        characters = [ch["id"] for ch in doc["characters"]]
        if characters:
            yield Move(
                C(
                    "SetMembership",
                    character_id=self.pick(characters),
                    organization="Guild",
                    member=rng.random() < 0.7,
                ),
                GM,
                True,
            )
        yield Move(
            C(
                "PutSettingEntry",
                kind=self.pick(["face", "place"]),
                name=f"Entry {self.step}",
                secret=rng.random() < 0.3,
            ),
            GM,
            True,
        )
        for entry in setting["entries"]:
            yield Move(C("RemoveSettingEntry", entry_id=entry["id"]), GM, rng.random() < 0.3)

    def gm_moves(self, doc: JSON) -> Iterator[Move]:
        rng = self.rng
        time, scene, conflict = doc["time"], doc.get("scene"), doc.get("conflict")
        options = set(doc["table"]["options"])
        characters = [ch["id"] for ch in doc["characters"]]
        pcs = [ch["id"] for ch in doc["characters"] if ch.get("owner")]
        npcs = [ch for ch in characters if ch not in pcs]
        if not time["in_session"]:
            yield Move(C("StartSession"), GM, True)
            # Between sessions, no fight running, the GM may switch the optional rules the view
            # lists as switchable.
            for option in doc["table"]["between_sessions"]:
                on = option not in options
                yield Move(C("SetOptionalRule", option=option, on=on), GM, not conflict)
        elif not scene and not conflict:
            levels = doc["table"]["milestone_levels"]
            yield Move(C("EndSession", milestone=self.pick([None, *levels])), GM, True)
        if not scene:
            chosen = [ch for ch in characters if rng.random() < 0.8] or characters[:1]
            zones: tuple[str, ...] = ()
            links: tuple[tuple[str, str], ...] = ()
            positions: tuple[tuple[str, str], ...] = ()
            if rng.random() < 0.6:
                zones = tuple(f"z{i}" for i in range(rng.randint(1, 3)))
                links = tuple((zones[i], zones[i + 1]) for i in range(len(zones) - 1))
                positions = tuple((ch, self.pick(zones)) for ch in chosen)
            # Now and then the last zone starts hidden (chosen by the step: the draws stay as
            # they were).
            hidden = zones[-1:] if len(zones) > 1 and self.step % 3 == 0 else ()
            yield Move(
                C(
                    "StartScene",
                    name=f"Scene {self.step}",
                    participants=tuple(chosen),
                    zones=zones,
                    links=links,
                    positions=positions,
                    hidden=hidden,
                ),
                GM,
                time["in_session"],
            )
            return
        here = list(scene["participants"])
        if not conflict and not doc.get("contest") and not doc.get("challenge"):
            yield Move(C("EndScene"), GM, True)
            heroes = [p for p in here if p in pcs]
            foes = [p for p in here if p in npcs]
            if heroes and foes and not doc.get("rolls"):
                assert self.preset is not None
                elective = self.preset.turn_order.style.value == "elective"
                own_harms = bool(doc["table"]["ruleset"])
                first = self.pick([*heroes, *foes]) if elective else None
                # As the page offers them: the kinds of conflict some skill attacks in, and a
                # rule set's own harms some skill deals.
                kinds = [k.value for k in ConflictKind if self.preset.skills_for(ATTACK, k.track)]
                dealt = [
                    t.track.value
                    for t in self.preset.stress_tracks
                    if t.track.value not in ("physical", "mental", "any")
                    and self.preset.skills_for(ATTACK, t.track)
                ]
                harm = self.pick(dealt) if own_harms and dealt and rng.random() < 0.5 else None
                yield Move(
                    C(
                        "StartConflict",
                        sides=(("heroes", tuple(heroes)), ("foes", tuple(foes))),
                        first=first,
                        kind=self.pick(kinds or ["physical"]),
                        harm=harm,
                    ),
                    GM,
                    bool(kinds),
                )
                # At an Öde table one foe may stay out of the contest, an outside threat to it.
                outside = foes[-1:] if len(foes) > 1 and self.preset.key == "ode" else []
                # A hazard never races (obstacle.hazard.acts): as the page's contest dialog does,
                # it joins no side; now and then the GM tries it anyway, and is refused.
                racing = [
                    f
                    for f in foes
                    if f not in outside and (f not in self.s.hazards or rng.random() < 0.1)
                ]
                with_hazard = any(f in self.s.hazards for f in racing)
                yield Move(
                    C(
                        "StartContest",
                        sides=(("heroes", tuple(heroes)), ("foes", tuple(racing))),
                        intents=(("heroes", "Escape"), ("foes", "Catch them")),
                        harmful_to=("heroes",) if rng.random() < 0.5 else (),
                    ),
                    GM,
                    bool(racing) and not with_hazard,
                )
            if not doc.get("roll"):
                assert self.preset is not None
                tasks = tuple(
                    (f"t{i}", f"Task {i}", self.pick(self.preset.skill_keys), rng.randint(0, 4))
                    for i in range(rng.randint(1, 3))
                )
                yield Move(C("StartChallenge", tasks=tasks), GM, True)
        if conflict:
            ended = conflict["phase"] == "ended"
            if ended or rng.random() < 0.2:
                # The GM may end a conflict at any moment.
                yield Move(C("FinishConflict"), GM, True)
            fighters = [f["id"] for f in conflict["fighters"] if f["status"] == "active"]
            sides = sorted({f["side"] for f in conflict["fighters"]})
            if "weapon_and_armor" in options and fighters:
                yield Move(
                    C(
                        "Equip",
                        character_id=self.pick(fighters),
                        weapon=rng.randint(0, 4),
                        armor=rng.randint(0, 4),
                    ),
                    GM,
                    True,
                )
            if "obstacles" in options and sides:
                hid = self.fresh_id("hazard")
                yield Move(
                    C(
                        "AddHazard",
                        hazard_id=hid,
                        name=f"Fire {hid}",
                        rating=2,
                        weapon=1,
                        side=self.pick(sides),
                    ),
                    GM,
                    True,
                )
                bid = self.fresh_id("block")
                yield Move(
                    C("AddBlock", block_id=bid, name=f"Crates {bid}", rating=2, cover=True),
                    GM,
                    True,
                )
            if "scale" in options and fighters:
                levels = self.s.conflict.roster.scale_ladder.keys if self.s.conflict else ()
                if levels:
                    yield Move(
                        C("SetScale", character_id=self.pick(fighters), level=self.pick(levels)),
                        GM,
                        True,
                    )
            foes_of_pcs = [f for f in fighters if f not in pcs]
            if "big_bads" in options and foes_of_pcs:
                bad = self.pick(foes_of_pcs)
                side = next(f["side"] for f in conflict["fighters"] if f["id"] == bad)
                minions = [
                    f["id"]
                    for f in conflict["fighters"]
                    if f["side"] == side and f["id"] != bad and f["id"] not in pcs
                ]
                yield Move(C("SetBigBad", character_id=bad, minions=minions), GM, bool(minions))
        if doc.get("contest"):
            yield Move(C("EndContest"), GM, True)
        if doc.get("challenge"):
            yield Move(C("EndChallenge"), GM, True)
        yield Move(
            C(
                "AddSituationAspect",
                name=f"Aspect {self.step}",
                hidden=rng.random() < 0.3,
                free_invokes=((self.pick(here), 1),) if here and rng.random() < 0.5 else (),
            ),
            GM,
            True,
        )
        yield from self.borders(doc)
        if self.step % 3 == 2:  # the map now and then, by the step (the rng's draws stay)
            yield from self.map_drawing(doc)
        for aspect in scene["aspects"]:
            if aspect["hidden"]:
                yield Move(C("RevealAspect", aspect_id=aspect["id"]), GM, True)
            if aspect["kind"] in ("situation", "zone", "boost"):
                yield Move(C("RemoveAspect", aspect_id=aspect["id"]), GM, True)
        if rng.random() < 0.1:
            yield Move(C("AddCharacter", sheet=self.npc_sheet()), GM, True)
        # Someone not in the scene comes into it (and into the fight, on a side), as the card's
        # button offers; a PC passes between the players and the GM, as its card's select does.
        away = [ch for ch in characters if ch not in here]
        zoned = (scene.get("zones") or {}).get("zones") or []
        if away and rng.random() < 0.3:
            sides = sorted({f["side"] for f in conflict["fighters"]}) if conflict else []
            yield Move(
                C(
                    "JoinScene",
                    character_id=self.pick(away),
                    zone=self.pick(zoned) if zoned else None,
                    side=self.pick(sides) if sides and rng.random() < 0.7 else None,
                ),
                GM,
                not conflict or conflict["phase"] != "ended",
            )
        if pcs and rng.random() < 0.1:
            owner = self.pick([*PLAYERS, None])
            yield Move(C("GiveCharacter", character_id=self.pick(pcs), owner=owner), GM, True)
        hidden = [ch for ch in npcs if ch not in self.s.revealed]
        if hidden and rng.random() < 0.3:
            yield Move(C("RevealCharacter", character_id=self.pick(hidden)), GM, True)
        if "countdowns" in options and rng.random() < 0.2:
            cid = self.fresh_id("cd")
            yield Move(
                C(
                    "AddCountdown",
                    countdown_id=cid,
                    name="Doom",
                    boxes=3,
                    outcome="Boom",
                    triggers=("exchange",),
                ),
                GM,
                False,
            )
        for countdown in scene.get("countdowns", []):
            yield Move(C("MarkCountdown", countdown_id=countdown["id"]), GM, False)
            # Struck off, run out or not (what it counted down to was dealt with).
            yield Move(C("RemoveCountdown", countdown_id=countdown["id"]), GM, False)
        if here and rng.random() < 0.2:
            assert self.preset is not None
            yield Move(
                C(
                    "SecretRoll",
                    actor=self.pick(here),
                    skill=self.pick(self.preset.skill_keys),
                    difficulty=2,
                ),
                GM,
                True,
            )
        for secret in doc["screen"]["secret_rolls"]:
            yield Move(C("RevealRoll", roll_id=secret["roll_id"]), GM, True)
        if rng.random() < 0.1:
            yield Move(C("HideNpcDice", hidden=not doc["screen"]["npc_dice_hidden"]), GM, True)
        yield from self.corrections(doc)
        if self.s.version > self.set_up + 2 and rng.random() < 0.3:
            target = rng.randint(max(self.set_up + 1, self.s.version - 6), self.s.version)
            yield Move(C("Undo", target_version=target), GM, False)


#: Commands that play what is in play now, picked more often than setting the next thing up.
IN_PLAY = frozenset(
    {
        "Attack",
        "CreateAdvantage",
        "Overcome",
        "FullDefense",
        "FreeMove",
        "SplitAttack",
        "ZoneAttack",
        "AssignTargets",
        "ResolveTargets",
        "MissEveryone",
        "ResolveRoll",
        "Invoke",
        "Absorb",
        "TakeOut",
        "AbsorbContestHit",
        "TakeContestOut",
        "Shield",
        "EndTurn",
        "ContestRoll",
        "ChallengeRoll",
        "Roll",
        "Treat",
        "AnswerCompel",
        "Milestone",
        "Breakthrough",
    }
)


def _weight(command: c.Command) -> float:
    name = type(command).__name__
    if name in ("ChooseRandomizer", "AllowSeatRandomizers", "ChooseOwnRandomizer"):
        return 0.05  # now and then: see Game.dice_moves
    if name == "StartConflict":
        return 4.0  # fights are where most of the rules are
    if name == "Concede":
        return 0.1
    if name == "ClearBorder":
        return 4.0  # offered only while a border is blocked, which is seldom
    return 6.0 if name in IN_PLAY else 0.3 if name in ("Undo", "EndScene") else 1.0


def C(type_name: str, **data: Any) -> c.Command:
    """A command as the page sends it: its type and its fields as JSON (enums by value)."""
    return command_from_json(type_name, {k: v for k, v in data.items() if v is not None})


def _escape_move(state: TableState) -> c.Command | None:
    """The GM's next move towards no conflict, contest, challenge, scene or session."""
    if state.safety.waiting:  # a signal comes first: the GM answers it
        return C("AnswerSignal", signal_id=next(iter(state.safety.waiting)))
    if state.conflict is not None:
        # At any moment: a hit waiting and dice not settled are dropped with the fight.
        return C("FinishConflict")
    if state.contest is not None:
        return C("EndContest")
    if state.challenge is not None:
        return C("EndChallenge")
    if state.rolls:
        return C("ResolveRoll", option=None, roll=next(iter(state.rolls)))
    if state.game.scene is not None:
        return C("EndScene")
    if state.game.in_session:
        return C("EndSession")
    return None


def _multi(state: TableState) -> bool:
    turn = state.conflict.turns.turn if state.conflict is not None else None
    return bool(turn is not None and turn.multi)


def _gm_forcing(
    state: TableState, log: list[Event], command: c.Command
) -> tuple[TableState, list[Event]]:
    """The GM's move, with the GM's word over any rule that refuses it (and, for a roll whose
    outcome offers a choice, its first option)."""
    rules: list[str] = []
    for _ in range(5):
        try:
            waiver = Waiver(tuple(rules), "the GM ends it here") if rules else None
            done = handle(
                state, command, seat=GM, table_id=TABLE, now=NOW, history=log, waiver=waiver
            )
        except IllegalAction as refused:
            if refused.waivable and refused.rule.key not in rules:
                rules.append(refused.rule.key)
                continue
            raise
        except BadInput as refused:
            if isinstance(command, c.ResolveRoll) and command.option is None:
                option = _first_option(state, command.roll)
                if option is None:
                    raise refused
                command = C("ResolveRoll", option=option, aspect_name="Settled", roll=command.roll)
                continue
            raise refused
        return done.state, [*log, *done.events]
    raise AssertionError(f"{command!r} refused after setting aside {rules}")


def _first_option(state: TableState, roll: str | None = None) -> str | None:
    doc = document_for(state, GM)
    extras = doc["extras"]
    found = extras.get("resolution") if roll is None else extras["resolutions"].get(roll)
    return found["options"][0]["key"] if found and found["options"] else None


def _view(state: TableState, seat: str) -> str:
    """The seat's view, without the version (an undo is itself a new version)."""
    view = view_for(state, seat)
    view["table"].pop("version")
    return json.dumps(view, sort_keys=True, default=str)


def _dump(state: TableState) -> bytes:
    """The state's canonical dump, with what only says when it was made set aside, and what it
    keeps of the log as written, which an undo keeps on purpose (the spans of hidden NPC dice,
    the hazards ever brought in: the events sent meanwhile stay as hidden as they were; the
    characters met: the events that named them were sent)."""
    saved = (state.version, state.last_created, state.hazards, state.met)
    spans = state.screen.npc_dice_spans
    try:
        state.version, state.last_created, state.hazards, state.met = 0, (), set(), set()
        state.screen.npc_dice_spans = []
        return encode_snapshot(state)
    finally:
        state.version, state.last_created, state.hazards, state.met = saved
        state.screen.npc_dice_spans = spans


def _said(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}"


def _trace(error: BaseException) -> str:
    lines = traceback.format_exception(error)
    return f"{_said(error)}\n{''.join(lines[-6:])}"


def play_games(
    seeds: range, steps: int = 40, on_game: Callable[[Game], None] | None = None
) -> tuple[list[Finding], Counter[str], Counter[str]]:
    """Play a game per seed; every finding, the commands accepted and the rules waived."""
    findings: list[Finding] = []
    coverage: Counter[str] = Counter()
    waived: Counter[str] = Counter()
    for seed in seeds:
        game = Game(seed, steps)
        try:
            game.play()
        except Exception as error:
            game.find("crash", None, _trace(error))
        findings.extend(game.findings)
        coverage.update(game.coverage)
        waived.update(game.waived)
        if on_game is not None:
            on_game(game)
    return findings, coverage, waived
