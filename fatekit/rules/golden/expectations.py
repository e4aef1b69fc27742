"""Checking a golden scene's expectations: the facts a step's ``expect`` names, read from the
game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.aspects.rolling import ActionRoll
from fatekit.rules.core.errors import BadInput
from fatekit.rules.core.tracks import Track
from fatekit.rules.golden.script import ReplayMismatch, ReplayResult
from fatekit.rules.harm.stress import StressTrack
from fatekit.rules.scenes.conflict import Conflict
from fatekit.rules.scenes.scene import Game

__all__ = ["Expectations"]


class Expectations:
    """The facts a script may expect after a step (shifts, stress, fate points, whose turn...)."""

    # Kept by the runner as the scene plays; the facts read them.
    result: ReplayResult
    roll: ActionRoll | None
    targets: dict[str, ActionRoll]
    duration: str

    @property
    def game(self) -> Game:
        """The game being replayed."""
        return self.result.game

    def _conflict(self) -> Conflict:
        if self.result.conflict is None:
            raise BadInput("this script has no conflict")
        return self.result.conflict

    def _aspect(self, ref: str) -> Aspect:
        if ref in self.result.aspects:
            return self.result.aspects[ref]
        for character in self.game.characters.values():
            for aspect in character.aspects:
                if aspect.name == ref or aspect.id == ref:
                    return aspect
            for slot in character.consequences:
                if slot.aspect is not None and slot.aspect.name == ref:
                    return slot.aspect
            for held in character.conditions.values():
                if held.aspect.name == ref:
                    return held.aspect
        return self.game.find_aspect(ref)

    def _check(self, number: int, action: str, expect: Mapping[str, Any]) -> None:
        for key, wanted in expect.items():
            got = self._fact(key, wanted)
            if got != wanted:
                raise ReplayMismatch(
                    f"step {number} ({action}): {key} is {got!r}, expected {wanted!r}"
                )

    def _fact(self, key: str, wanted: Any) -> Any:
        game = self.game
        roll = self.roll
        if key in ("effort", "shifts", "outcome", "opposition"):
            if roll is None:
                raise BadInput(f"no roll for {key!r}")
            value = {
                "effort": roll.effort,
                "shifts": roll.shifts,
                "opposition": roll.opposition_value,
                "outcome": roll.outcome.value,
            }
            return value[key]
        if key == "fate_points":
            return {p: game.ledger.account(p).available for p in wanted}
        if key == "pending":
            return {p: game.ledger.account(p).pending for p in wanted}
        if key == "facing":
            facing = self._conflict().big_bad_rules.facing(str(wanted[0]))
            return [wanted[0], facing.pcs, facing.allies]
        if key == "name":
            return {p: game.character(p).name for p in wanted}
        if key == "duration":
            return self.duration
        if key == "countdowns":
            scene = game.scene
            return {c: scene.countdowns[c].marked for c in wanted} if scene else {}
        if key == "countdown_view":
            scene = game.scene
            assert scene is not None
            views = {c: scene.countdowns[c].view_for(seat_is_gm=False) for c in wanted}
            return {c: None if v is None else v.marked for c, v in views.items()}
        if key == "blocks":
            return sorted(self._conflict().obstacles.blocks)
        if key == "legal":
            return {p: not game.problems(p) for p in wanted}
        if key == "target_shifts":
            return {t: r.shifts for t, r in self.targets.items()}
        if key == "skills":
            return list(game.ruleset.preset.skill_keys)
        if key == "gm_pool":
            return game.ledger.gm.available
        if key == "stress":
            return {p: [b.marked for b in self._track(p).boxes] for p in wanted}
        if key == "consequences":
            return {
                p: [s.aspect.name if s.aspect else None for s in game.character(p).consequences]
                for p in wanted
            }
        if key == "conditions":  # the rule set's conditions marked: boxes by key
            return {
                p: {k: held.boxes for k, held in game.character(p).conditions.items()}
                for p in wanted
            }
        if key == "free_invokes":
            return {
                ref: {h: self._aspect(ref).free_invokes_held_by(h) for h in holders}
                for ref, holders in wanted.items()
            }
        if key == "boosts":
            scene = game.scene
            return sorted(a.name for a in scene.aspects if a.is_boost) if scene else []
        if key == "in_play":
            scene = game.scene
            return sorted(a.name for a in scene.aspects) if scene else []
        conflict = self.result.conflict
        if key in ("current", "phase", "order", "status", "exchange", "pending_hit", "over"):
            if conflict is None:
                raise BadInput(f"{key!r} needs a conflict")
            if key == "status":
                return {p: conflict.roster.fighter(p).status.value for p in wanted}
            if key == "exchange":
                return conflict.turns.exchange.number
            if key == "pending_hit":
                hit = conflict.hits.pending_hit
                return None if hit is None else [hit[0], hit[1]]
            if key == "phase":
                return conflict.turns.phase.value
            if key == "order":
                return conflict.turns.order
            if key == "over":
                return conflict.hits.over
            return conflict.turns.current
        if key == "absorb_options":
            return [
                {"boxes": list(p.boxes), "slots": list(p.slots)}
                for p in self._conflict().hits.absorb_options()
            ]
        if key in ("victories", "winner", "twists"):
            contest = self.result.contest
            if contest is None:
                raise BadInput(f"{key!r} needs a contest")
            if key == "victories":
                return {s: contest.sides[s].victories for s in wanted}
            if key == "winner":
                return contest.winner
            return sum(1 for e in contest.exchanges if e.twist)
        if key == "report":
            challenge = self.result.challenge
            if challenge is None:
                raise BadInput("'report' needs a challenge")
            report = challenge.report()
            return {f: list(getattr(report, f)) for f in wanted}
        raise BadInput(f"unknown expectation {key!r}")

    def _track(self, participant: str) -> StressTrack:
        character = self.game.character(participant)
        track = self._conflict().roster.harm if self.result.conflict else Track.PHYSICAL
        found = character.stress.get(track) or character.stress.get(Track.ANY)
        if found is None:
            raise BadInput(f"{participant} has no stress track")
        return found
