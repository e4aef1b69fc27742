"""Hits, conceding and the end of a conflict: absorbing a hit, being taken out, giving in."""

from __future__ import annotations

from collections.abc import Mapping

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.aspects.rolling import RollPhase
from fatekit.rules.core.errors import IllegalAction
from fatekit.rules.harm.absorb import AbsorbPlan, ExtremeChoice, absorb_options, apply_plan
from fatekit.rules.harm.concession import Concession, concede
from fatekit.rules.harm.conditions import check_row_cutoff, condition_names, condition_options
from fatekit.rules.harm.recovery import clear_stress
from fatekit.rules.options.ruleset import OptionalRule
from fatekit.rules.scenes.conflict_parts import (
    CONFLICT_END_RULE,
    TAKEN_OUT_RULE,
    ConflictEnd,
    ConflictHost,
    ConflictPart,
    PendingHit,
    Phase,
    Status,
)

__all__ = ["HitsAndEnding"]

#: Far beyond any mob member's boxes: where counting what a member can absorb stops.
MAX_MEMBER_CAPACITY = 100


class HitsAndEnding(ConflictPart):
    """Pending hits, concessions and the end."""

    ended: ConflictEnd | None

    def absorb_options(self: ConflictHost) -> list[AbsorbPlan]:
        """Every minimal way the pending hit's target can absorb it (empty: taken out)."""
        hit = self._require_hit()
        target = self.fighter(hit.target).character
        if self.conditions:
            return condition_options(
                target,
                hit.shifts,
                self.harm,
                apart=self.ruleset.has(OptionalRule.CONDITIONS_APART),
                allow_extreme=self.allow_extreme,
                clock=self.game.clock,
            )
        return absorb_options(
            target,
            hit.shifts,
            self.harm,
            allow_extreme=self.allow_extreme,
            clock=self.game.clock,
        )

    @property
    def pending_hit(self: ConflictHost) -> tuple[str, int] | None:
        """The target and shifts of the hit waiting to be absorbed."""
        return (self._hits[0].target, self._hits[0].shifts) if self._hits else None

    @property
    def pending_hits(self: ConflictHost) -> tuple[PendingHit, ...]:
        """Every hit waiting to be absorbed, first first."""
        return tuple(self._hits)

    def set_pending_hits(self: ConflictHost, hits: tuple[PendingHit, ...]) -> None:
        """Put the hits waiting at what a log recorded (an assignment, checked by no rule: the
        rules reduced and aimed them when the move was decided)."""
        if list(hits) == self._hits:
            return
        self._hits[:] = hits
        if hits:
            self.phase = Phase.HIT
        elif self.phase is Phase.HIT:
            self.phase = Phase.NEXT
            self._check_end()

    def absorb(
        self: ConflictHost,
        plan: AbsorbPlan,
        names: Mapping[int, str] | None = None,
        *,
        extreme: ExtremeChoice | None = None,
        as_recorded: bool = False,
    ) -> list[Aspect]:
        """Absorb the pending hit with ``plan``; ``names`` names each new consequence by slot.

        With conditions, a marked condition box takes the condition's name by itself.
        ``as_recorded``: the plan is one a log recorded, which the rules judged when it was
        chosen; it is applied without asking them again (:func:`apply_plan`).
        """
        hit = self._require_hit()
        target = self.fighter(hit.target).character
        if self.conditions:
            if self.ruleset.has(OptionalRule.CONDITIONS_APART) and not as_recorded:
                check_row_cutoff(target, plan)
            # A marked condition box is named by its condition, whatever else is offered.
            names = {**(names or {}), **condition_names(target, plan)}
        taken = apply_plan(
            target,
            hit.shifts,
            self.harm,
            plan,
            by=hit.by,
            names=names,
            extreme=extreme,
            allow_extreme=self.allow_extreme,
            clock=self.game.clock,
            conflict=self.id,
            as_recorded=as_recorded,
        )
        self._next_hit()
        return taken

    def take_out(self: ConflictHost) -> None:
        """The pending hit's target is taken out (no plan absorbs it, or they choose not to).

        A mob loses one member: the shifts beyond what that member could still absorb, less the
        one that took them out, fall on the next member, fresh; the mob is out with its last.
        """
        hit = self._require_hit()
        fighter = self.fighter(hit.target)
        if fighter.members > 1:
            beyond = hit.shifts - self._member_capacity(hit.target) - 1
            fighter.members -= 1
            clear_stress(fighter.character)  # the next member comes in unhurt
            if beyond > 0:
                self._hits[0] = PendingHit(hit.target, beyond, hit.by)
                return
            self._next_hit()
            return
        self._take_out(hit.target)
        self._next_hit()

    def _member_capacity(self: ConflictHost, target: str) -> int:
        """The most shifts the mob member in front could still absorb in one hit."""
        sheet = self.fighter(target).character
        shifts = 0
        while shifts < MAX_MEMBER_CAPACITY and absorb_options(sheet, shifts + 1, self.harm):
            shifts += 1
        return shifts

    def concede(self: ConflictHost, participant: str) -> Concession:
        """Concede before the dice of the current action are rolled."""
        fighter = self.fighter(participant)
        if fighter.status is not Status.ACTIVE or self.phase is Phase.ENDED:
            raise IllegalAction(f"{participant} is no longer in the conflict", TAKEN_OUT_RULE)
        concession = concede(
            fighter.character,
            conflict=self.id,
            dice_rolled=not self._may_concede_now(),
            pay=self.game.ledger,
        )
        turn = self._turn
        if (
            turn is not None
            and turn.roll is not None
            and self.phase is Phase.ROLL
            and participant in (turn.roll.actor, turn.victim)
        ):
            # The action concerned the conceder: it is dropped before its dice were rolled,
            # and an actor who still stands chooses again.
            turn.roll.close()
            self._turn = None
            self.phase = Phase.TURN
        fighter.status = Status.CONCEDED
        self.concessions.append(concession)
        self._leave(participant)
        self._check_end()
        return concession

    def finish(self: ConflictHost, *, into: str | None = None) -> ConflictEnd:
        """Close the conflict's books: when a side is all out, or at any moment the GM calls it
        over (or turns it ``into`` a contest or challenge).

        Called over with no side out, nobody has lost (``losers`` is empty); a hit waiting to be
        taken and an action whose dice are not settled are dropped, as the fight they belonged to
        is over. Concession points and hostile-invoke points become usable now; when the
        conflict turns into a contest or challenge they wait until that ends (the scene's end
        pays them).
        """
        if self.ended is not None:
            raise IllegalAction("the conflict's books are already closed", CONFLICT_END_RULE)
        losers = self._losing_sides()
        # The fight is over: what was still under way in it will not happen.
        self._hits.clear()
        if self._turn is not None and self._turn.roll is not None:
            self._turn.roll.close()
            for sub in self._turn.targets.values():
                sub.close()
        self._turn = None
        deferred = into is not None
        if not deferred:
            for participant in self.fighters:
                self.game.ledger.account(participant).end_scene()
            self.game.sync_sheets()
        self.phase = Phase.ENDED
        self.ended = ConflictEnd(tuple(losers), tuple(self.concessions), deferred)
        return self.ended

    @property
    def over(self: ConflictHost) -> bool:
        """Whether one side has all conceded or been taken out."""
        return bool(self._losing_sides())

    def _may_concede_now(self: ConflictHost) -> bool:
        if self.phase is Phase.HIT:
            return False
        if self.phase is Phase.ROLL and self._turn is not None and self._turn.roll is not None:
            return self._turn.roll.phase is RollPhase.READY
        return self.phase is not Phase.ENDED

    def _require_hit(self: ConflictHost) -> PendingHit:
        if self.phase is not Phase.HIT or not self._hits:
            raise IllegalAction("there is no hit waiting to be absorbed", TAKEN_OUT_RULE)
        return self._hits[0]

    def _next_hit(self: ConflictHost) -> None:
        """The first pending hit is dealt with: on to the next one, or the turn goes on."""
        self._hits.pop(0)
        if self._hits:
            return
        self.phase = Phase.NEXT
        self._check_end()

    def _leave(self: ConflictHost, participant: str) -> None:
        self.full_defenders.pop(participant, None)
        if self.scene.zones is not None:
            self.scene.zones.remove(participant)
        if participant == self.current and self.phase is not Phase.ENDED:
            # The actor left mid-turn: their turn is over.
            self._turn = None
            self.phase = Phase.NEXT

    def _losing_sides(self: ConflictHost) -> list[str]:
        sides: dict[str, bool] = {}
        for fighter in self.fighters.values():
            if fighter.hazard is not None:
                continue  # a hazard keeps no side in the fight: only those who can be beaten do
            sides[fighter.side] = sides.get(fighter.side, False) or fighter.status is Status.ACTIVE
        return [side for side, anyone_in in sides.items() if not anyone_in]

    def _check_end(self: ConflictHost) -> None:
        if self._losing_sides() and not self._hits:
            self.phase = Phase.ENDED
