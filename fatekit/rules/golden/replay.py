"""Golden scenes: a scripted scene (set-up, then steps with entered dice) replayed step by step.

A script is plain data (the test suite keeps them as JSON files in ``tests/golden/``). It names
a preset, the characters, the scene, then a conflict, contest or challenge and its steps. Each
step may carry ``expect``: facts checked right after it (shifts, outcome, whose turn, stress
boxes, fate points...). :func:`replay` raises :class:`ReplayMismatch` at the first step whose
result differs, naming the step; it is how the engine's behaviour is pinned down, the way chess
engines replay perft files. The format is described in ``docs/scenes-and-conflicts.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypedDict

from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.aspects.invokes import InvokeEffect
from fatekit.rules.aspects.rolling import ActionRoll
from fatekit.rules.characters.character import Character
from fatekit.rules.characters.counted import counted_bonus
from fatekit.rules.characters.preset import Preset
from fatekit.rules.characters.presets import get_preset
from fatekit.rules.core.actions import Action
from fatekit.rules.core.dice import ScriptedDice
from fatekit.rules.core.errors import BadInput, FateError
from fatekit.rules.golden.expectations import Expectations
from fatekit.rules.golden.script import (
    ReplayMismatch,
    ReplayResult,
    Script,
    character_from,
    shape_from,
)
from fatekit.rules.harm.absorb import AbsorbPlan, ExtremeChoice, recommended_plan
from fatekit.rules.harm.toolkit_conditions import soaked
from fatekit.rules.options.big_bad_solo import SoloBonus
from fatekit.rules.options.big_bads import BigBad, Immunity, ImmunityKind, TrueForms
from fatekit.rules.options.countdowns import Countdown, Trigger
from fatekit.rules.options.obstacles import Block, Hazard
from fatekit.rules.options.ruleset import Ruleset
from fatekit.rules.options.time_shifts import format_duration, parse_duration
from fatekit.rules.scenes.challenge import Challenge
from fatekit.rules.scenes.conflict import Conflict, ConflictKind, DefenseFocus, FocusKind
from fatekit.rules.scenes.contest import Contest, Role
from fatekit.rules.scenes.scene import Game
from fatekit.rules.scenes.zones import ZoneMap

__all__ = ["replay"]


def replay(
    script: Script, *, preset: Preset | None = None, characters: Iterable[Character] = ()
) -> ReplayResult:
    """Play a golden scene through the engine, checking every expectation.

    ``preset`` plays it under a rule set read from a file instead of the built-in the script
    names; ``characters`` join the script's own (sheets read from character files).
    """
    if preset is None:
        preset = get_preset(str(script.get("preset", "condensed")))
    shape = shape_from(script["shape"]) if "shape" in script else None
    ruleset = Ruleset.of(
        preset,
        [str(o) for o in script.get("options", [])],
        skill_list=script.get("skill_list"),
        shape=shape,
    )
    preset = ruleset.preset
    sheets = [*characters, *(character_from(preset, c) for c in script.get("characters", []))]
    game = Game(sheets, ruleset=ruleset)
    runner = _Runner(preset, game)
    runner.setup_scene(script.get("scene", {}))
    if "conflict" in script:
        runner.start_conflict(script["conflict"])
    if "contest" in script:
        runner.start_contest(script["contest"])
    if "challenge" in script:
        runner.start_challenge(script["challenge"])
    for number, step in enumerate(script.get("steps", []), start=1):
        runner.step(number, step)
    return runner.result


# -- the runner -----------------------------------------------------------------------------------


class _Opposed(TypedDict):
    """The arguments of a conflict's create an advantage and overcome that a step gives alike."""

    dice: ScriptedDice
    difficulty: int | None
    against: str | None
    defend_skill: str | None
    defender_dice: ScriptedDice
    second_skill: str | None
    defend_second_skill: str | None
    rating: int | None
    defend_rating: int | None


class _Runner(Expectations):
    def __init__(self, preset: Preset, game: Game) -> None:
        self.preset = preset
        self.result = ReplayResult(game)
        self.roll: ActionRoll | None = None
        self.targets: dict[str, ActionRoll] = {}
        self.duration = ""

    def setup_scene(self, data: Mapping[str, Any]) -> None:
        zones = None
        if data.get("zones"):
            zones = ZoneMap(int(data.get("ranged_reach", 1)))
            for zone in data["zones"]:
                zones.add_zone(str(zone))
            for a, b in data.get("connect", []):
                zones.connect(str(a), str(b))
            for who, where in data.get("place", {}).items():
                zones.place(str(who), str(where))
        participants = data.get("participants", list(self.game.characters))
        scene = self.game.start_scene(str(data.get("name", "scene")), participants, zones=zones)
        for entry in data.get("aspects", []):
            aspect = scene.add_situation_aspect(
                str(entry["name"]),
                free_invokes=[(str(h), int(n)) for h, n in entry.get("free_invokes", {}).items()],
                zone=entry.get("zone"),
            )
            self.result.aspects[str(entry.get("ref", entry["name"]))] = aspect
            if zones is not None:
                for a, b in entry.get("impedes", []):
                    zones.impede(str(a), str(b), aspect.id)

    def start_conflict(self, data: Mapping[str, Any]) -> None:
        self.result.conflict = Conflict(
            self.game,
            {str(s): [str(m) for m in ms] for s, ms in data["sides"].items()},
            kind=ConflictKind(data.get("kind", "physical")),
            harm=data.get("harm"),
            first=data.get("first"),
            preset=self.preset,
            group_npcs=bool(data.get("group_npcs", False)),
        )

    def start_contest(self, data: Mapping[str, Any]) -> None:
        self.result.contest = Contest.between(
            {str(s): [str(m) for m in ms] for s, ms in data["sides"].items()},
            {str(s): str(i) for s, i in data["intents"].items()},
            victories_needed=int(data.get("victories_needed", 3)),
            harmful_to=[str(s) for s in data.get("harmful_to", [])],
            faster=bool(data.get("faster", False)),
        )

    def start_challenge(self, data: Mapping[str, Any]) -> None:
        challenge = Challenge(in_conflict=bool(data.get("in_conflict", False)))
        for task in data["tasks"]:
            challenge.add_task(
                str(task["key"]),
                str(task.get("description", "")),
                str(task["skill"]),
                int(task["difficulty"]),
            )
        self.result.challenge = challenge

    # -- steps ------------------------------------------------------------------------------------

    def step(self, number: int, step: Mapping[str, Any]) -> None:
        action = str(step.get("do", "check"))
        handler = getattr(self, f"_do_{action}", None)
        if handler is None:
            raise BadInput(f"step {number}: unknown step {action!r}")
        expected_error = step.get("error")
        try:
            handler(step)
        except FateError as error:
            if expected_error is None or expected_error not in str(error):
                raise ReplayMismatch(f"step {number} ({action}): {error}") from error
        else:
            if expected_error is not None:
                raise ReplayMismatch(
                    f"step {number} ({action}): expected an error {expected_error!r}"
                )
        self._check(number, action, step.get("expect", {}))
        self.result.steps = number

    def _dice(self, step: Mapping[str, Any], key: str = "dice") -> ScriptedDice:
        value = step.get(key, [])
        return ScriptedDice([value] if isinstance(value, str) else list(value))

    def _opposed(self, step: Mapping[str, Any]) -> _Opposed:
        """What a step says of a roll against a difficulty or someone opposing it."""
        return _Opposed(
            dice=self._dice(step),
            difficulty=step.get("difficulty"),
            against=step.get("against"),
            defend_skill=step.get("defend_skill"),
            defender_dice=self._dice(step, "defend_dice"),
            second_skill=step.get("second_skill"),
            defend_second_skill=step.get("defend_second_skill"),
            rating=self._counted(step, "actor", "counted"),
            defend_rating=self._counted(step, "against", "defend_counted"),
        )

    def _counted(self, step: Mapping[str, Any], who: str, key: str) -> int | None:
        """The bonus of the aspects a step's PC counts instead of a skill (``counted``,
        ``defend_counted``: refs of their aspects), by the rules' one function; ``None``: a
        skill is rolled."""
        if key not in step:
            return None
        if self.preset.counted is None:
            raise BadInput(f"{self.preset.name} counts no aspects; the step names {key}")
        sheet = self.game.character(str(step[who]))
        named = tuple(self._aspect(ref).id for ref in step[key])
        return counted_bonus(self.preset.counted, sheet, named)

    def _do_attack(self, step: Mapping[str, Any]) -> None:
        self.roll = self._conflict().attack(
            str(step["actor"]),
            str(step["target"]),
            str(step.get("skill", "")),
            dice=self._dice(step),
            defender_dice=self._dice(step, "defend_dice"),
            defend_skill=step.get("defend_skill"),
            second_skill=step.get("second_skill"),
            defend_second_skill=step.get("defend_second_skill"),
            rating=self._counted(step, "actor", "counted"),
            defend_rating=self._counted(
                {**step, "defender": step.get("defender", step["target"])},
                "defender",
                "defend_counted",
            ),
            defender=step.get("defender"),
            forgo_defense=bool(step.get("forgo_defense", False)),
            ranged=step.get("ranged"),
            scale_benefit=step.get("scale_benefit"),
            cover=step.get("cover"),
            cover_use=str(step.get("cover_use", "mitigate")),
            into_block=step.get("into_block"),
        )
        self.roll.roll()

    def _do_create_advantage(self, step: Mapping[str, Any]) -> None:
        aspect = self._aspect(step["aspect"]) if "aspect" in step else None
        self.roll = self._conflict().create_advantage(
            str(step["actor"]), str(step.get("skill", "")), aspect=aspect, **self._opposed(step)
        )
        self.roll.roll()

    def _do_overcome(self, step: Mapping[str, Any]) -> None:
        if self.result.conflict is None:
            self.roll = ActionRoll(
                str(step["actor"]),
                Action.OVERCOME,
                int(step["rating"]),
                skill=step.get("skill"),
                difficulty=int(step["difficulty"]),
                dice=self._dice(step),
                ledger=self.game.ledger,
                stunt_uses=self.game.stunt_uses,
            )
        else:
            self.roll = self._conflict().overcome(
                str(step["actor"]),
                str(step.get("skill", "")),
                **self._opposed(step),
                scale_benefit=step.get("scale_benefit"),
                block=step.get("block"),
                remove_block=bool(step.get("remove_block", False)),
                disable_hazard=step.get("disable_hazard"),
            )
        self.roll.roll()

    def _do_split_attack(self, step: Mapping[str, Any]) -> None:
        self.roll = self._conflict().targets.split_attack(
            str(step["actor"]),
            str(step["skill"]),
            dice=self._dice(step),
            second=step.get("second_skill"),
        )
        self.roll.roll()

    def _do_zone_attack(self, step: Mapping[str, Any]) -> None:
        self.roll = self._conflict().targets.zone_attack(
            str(step["actor"]),
            str(step["skill"]),
            str(step["zone"]),
            dice=self._dice(step),
            second=step.get("second_skill"),
        )
        self.roll.roll()

    def _do_assign_targets(self, step: Mapping[str, Any]) -> None:
        split = step.get("split")
        self.targets = self._conflict().targets.assign_targets(
            None if split is None else {str(t): int(n) for t, n in split.items()},
            defender_dice={
                str(t): self._dice({"dice": d}) for t, d in step.get("defend_dice", {}).items()
            },
        )

    def _do_resolve_targets(self, step: Mapping[str, Any]) -> None:
        self._conflict().targets.resolve_targets(
            {str(t): str(o) for t, o in step.get("options", {}).items()}
        )

    def _do_add_aspect(self, step: Mapping[str, Any]) -> None:
        character = self.game.character(str(step["who"]))
        aspect = character.add_aspect(str(step["text"]), AspectKind(step.get("kind", "character")))
        self.result.aspects[aspect.name] = aspect

    def _do_add_hazard(self, step: Mapping[str, Any]) -> None:
        hazard = Hazard(
            str(step["id"]), str(step["name"]), int(step["rating"]), int(step["weapon"])
        )
        self._conflict().obstacles.add_hazard(hazard, str(step["side"]), zone=step.get("zone"))

    def _do_add_block(self, step: Mapping[str, Any]) -> None:
        block = Block(
            str(step["id"]),
            str(step["name"]),
            int(step["rating"]),
            int(step.get("weapon", 0)),
            bool(step.get("harmful", False)),
            bool(step.get("cover", False)),
        )
        aspect = self._conflict().obstacles.add_block(block, zone=step.get("zone"))
        self.result.aspects[aspect.name] = aspect

    def _do_set_scale(self, step: Mapping[str, Any]) -> None:
        self._conflict().obstacles.set_scale(str(step["who"]), str(step["level"]))

    def _do_add_countdown(self, step: Mapping[str, Any]) -> None:
        self.game.add_countdown(
            Countdown.new(
                str(step["id"]),
                str(step.get("name", step["id"])),
                int(step["boxes"]),
                str(step["outcome"]),
                triggers=[Trigger(str(t)) for t in step.get("triggers", [])],
                visibility=str(step.get("visibility", "shown")),
            )
        )

    def _do_fire(self, step: Mapping[str, Any]) -> None:
        self.game.fire(str(step["event"]))

    def _do_task_time(self, step: Mapping[str, Any]) -> None:
        base = parse_duration(str(step["base"]))
        shifts = int(step["shifts"]) if "shifts" in step else (self.roll.shifts if self.roll else 0)
        self.duration = format_duration(self.game.task_time(base, shifts))

    def _do_set_big_bad(self, step: Mapping[str, Any]) -> None:
        conflict = self._conflict()
        who = str(step["who"])
        solo = step.get("solo", {})
        forms = None
        if "forms" in step:
            later = [character_from(self.preset, {**f, "id": who}) for f in step["forms"]]
            forms = TrueForms.of([conflict.roster.fighter(who).character, *later])
        immunity = Immunity(ImmunityKind(step["immunity"])) if "immunity" in step else None
        conflict.big_bad_rules.set_big_bad(
            BigBad(
                who,
                immunity=immunity,
                minions=tuple(str(m) for m in step.get("minions", [])),
                forms=forms,
                solo=SoloBonus(
                    skill=bool(solo.get("skill", False)),
                    stress=bool(solo.get("stress", False)),
                    amplified=bool(solo.get("amplified", False)),
                    suppress=solo.get("suppress"),
                ),
            )
        )

    def _do_shield(self, step: Mapping[str, Any]) -> None:
        self._conflict().hits.shield(str(step["minion"]))

    def _do_break_immunity(self, step: Mapping[str, Any]) -> None:
        self._conflict().break_immunity(str(step["who"]))

    def _do_full_defense(self, step: Mapping[str, Any]) -> None:
        focus = None
        if "focus" in step:
            focus = DefenseFocus(
                FocusKind(step["focus"]), tuple(str(w) for w in step.get("who", []))
            )
        self._conflict().defence.full_defense(str(step["actor"]), focus)

    def _do_equip(self, step: Mapping[str, Any]) -> None:
        self._conflict().equip(
            str(step["who"]), weapon=int(step.get("weapon", 0)), armor=int(step.get("armor", 0))
        )

    def _do_move(self, step: Mapping[str, Any]) -> None:
        self._conflict().turns.free_move(str(step["actor"]), str(step["to"]))

    def _do_invoke(self, step: Mapping[str, Any]) -> None:
        if self.roll is None:
            raise BadInput("no roll to invoke on")
        target = self.roll
        if step.get("on") == "defence":
            if self.roll.opposition is None:
                raise BadInput("this roll has no defence")
            target = self.roll.opposition
        if "dice" in step:
            target.dice_source = self._dice(step)
        aspect = self._aspect(step["aspect"])
        effect = InvokeEffect(step.get("effect", "plus_two"))
        free = bool(step.get("free", False))
        if self.result.conflict is not None:
            self.result.conflict.invoke(target, aspect, by=step.get("by"), effect=effect, free=free)
        else:
            target.invoke(aspect, by=step.get("by"), effect=effect, free=free)

    def _do_stunt(self, step: Mapping[str, Any]) -> None:
        """A stunt of the roller's sheet (its own or one a package granted) used on the roll,
        or on the defence with ``"on": "defence"``."""
        if self.roll is None:
            raise BadInput("no roll to use a stunt on")
        target = self.roll
        if step.get("on") == "defence":
            if self.roll.opposition is None:
                raise BadInput("this roll has no defence")
            target = self.roll.opposition
        sheet = self.game.character(target.actor)
        name = str(step["name"])
        stunt = next((s for s in sheet.stunts if s.name == name), None)
        if stunt is None:
            raise BadInput(f"{sheet.name} has no stunt called {name!r}")
        target.use_stunt(stunt)

    def _do_resolve(self, step: Mapping[str, Any]) -> None:
        _, applied = self._conflict().resolve(
            step.get("option"),
            aspect_name=str(step.get("aspect_name", "")),
            boost_names={str(k): str(v) for k, v in step.get("boost_names", {}).items()},
        )
        for created in (*applied.created, *applied.boosts):
            if created.name:
                self.result.aspects[created.name] = created

    def _do_absorb(self, step: Mapping[str, Any]) -> None:
        conflict = self._conflict()
        plan_data = step.get("plan", "recommended")
        # The rule set's conditions marked first (the Fate System Toolkit's): their shifts come
        # off the hit, and a recommended plan absorbs what is left.
        conditions = tuple(str(k) for k in step.get("conditions", ()))
        if plan_data == "recommended":
            hit = conflict.hits.pending_hit
            if hit is None:
                raise BadInput("no hit to absorb")
            target = conflict.roster.fighter(hit[0]).character
            left = hit[1] - soaked(target, self.game.ruleset.preset.conditions, conditions)
            plan = (
                AbsorbPlan((), ())
                if left <= 0
                else recommended_plan(
                    target,
                    left,
                    conflict.roster.harm,
                    allow_extreme=conflict.hits.extreme_use(hit[0]),
                    clock=self.game.clock,
                    any_box=self.game.ruleset.preset.stress_any_box,
                )
            )
            if plan is None:
                raise BadInput("no plan absorbs this hit")
        else:
            plan = AbsorbPlan(
                tuple(plan_data.get("boxes", [])),
                tuple(plan_data.get("slots", [])),
                bool(plan_data.get("extreme", False)),
            )
        names = {int(k): str(v) for k, v in step.get("names", {}).items()}
        extreme = None
        if "extreme" in step:
            extreme = ExtremeChoice(str(step["extreme"]["name"]), str(step["extreme"]["replaces"]))
        for aspect in conflict.hits.absorb(plan, names, extreme=extreme, conditions=conditions):
            self.result.aspects[aspect.name] = aspect

    def _do_take_out(self, step: Mapping[str, Any]) -> None:
        self._conflict().hits.take_out()

    def _do_concede(self, step: Mapping[str, Any]) -> None:
        self._conflict().hits.concede(str(step["who"]))

    def _do_end_turn(self, step: Mapping[str, Any]) -> None:
        self._conflict().end_turn(step.get("next"))

    def _do_finish(self, step: Mapping[str, Any]) -> None:
        self._conflict().hits.finish(into=step.get("into"))

    def _do_end_scene(self, step: Mapping[str, Any]) -> None:
        self.game.end_scene([self._aspect(a).id for a in step.get("keep", [])])

    def _do_contest_exchange(self, step: Mapping[str, Any]) -> None:
        if self.result.contest is None:
            raise BadInput("this script has no contest")
        if "roles" in step:
            self.result.contest.check_roles(
                {str(m): [Role(r) for r in rs] for m, rs in step["roles"].items()}
            )
        efforts = {str(s): int(e) for s, e in step.get("efforts", {}).items()}
        for side, entry in step.get("rolls", {}).items():
            # A side's overcome: rating (plus teamwork or other bonus) and entered dice.
            roll = ActionRoll(
                str(entry["actor"]),
                Action.OVERCOME,
                int(entry["rating"]),
                skill=entry.get("skill"),
                dice=self._dice(entry),
                ledger=self.game.ledger,
                stunt_uses=self.game.stunt_uses,
                difficulty=0,
            )
            roll.roll()
            efforts[str(side)] = roll.effort + int(entry.get("bonus", 0))
        result = self.result.contest.exchange(
            efforts,
            difficulties=step.get("difficulties"),
            forfeited=[str(s) for s in step.get("forfeited", [])],
        )
        if result.twist:
            twist = step.get("twist")
            if not twist:
                raise ReplayMismatch("the exchange ended in a tie: the script must name the twist")
            scene = self.game.scene
            assert scene is not None
            self.result.aspects[str(twist)] = scene.add_situation_aspect(str(twist))

    def _do_challenge_task(self, step: Mapping[str, Any]) -> None:
        challenge = self.result.challenge
        if challenge is None:
            raise BadInput("this script has no challenge")
        key, actor = str(step["task"]), str(step["actor"])
        task = challenge.task(key)
        challenge.check_attempt(key, actor, str(step.get("skill", task.skill)))
        roll = ActionRoll(
            str(step["actor"]),
            Action.OVERCOME,
            int(step["rating"]),
            skill=task.skill,
            difficulty=task.difficulty,
            dice=self._dice(step),
            ledger=self.game.ledger,
            stunt_uses=self.game.stunt_uses,
        )
        roll.roll()
        self.roll = roll
        resolution = roll.preview()
        option = step.get("option") or (resolution.only.key if resolution.only else None)
        if option is None:
            raise BadInput("this outcome offers a choice: give the option")
        challenge.record(
            task.key, str(step["actor"]), task.skill, roll.effort, resolution, str(option)
        )
        roll.close()

    def _do_check(self, step: Mapping[str, Any]) -> None:
        """Only expectations."""
