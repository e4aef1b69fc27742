"""Hits, conceding and the end of a conflict: absorbing a hit, being taken out, giving in."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.aspects.rolling import RollPhase
from fatekit.rules.core.errors import FateError, IllegalAction
from fatekit.rules.harm.absorb import AbsorbPlan, ExtremeChoice, ExtremeUse, absorb_options
from fatekit.rules.harm.concession import Concession, concede, conceded
from fatekit.rules.harm.recovery import clear_stress
from fatekit.rules.harm.toolkit_conditions import soaked
from fatekit.rules.options.ruleset import OptionalRule
from fatekit.rules.scenes.conflict_big_bads import BigBadRules
from fatekit.rules.scenes.conflict_defence import Defence
from fatekit.rules.scenes.conflict_parts import (
    CONFLICT_END_RULE,
    TAKEN_OUT_RULE,
    ConflictEnd,
    PendingHit,
    Phase,
    Roster,
    Status,
)
from fatekit.rules.scenes.conflict_turns import Turns
from fatekit.rules.scenes.taking import extreme_use, hit_options, hit_taken, take_hit

__all__ = ["Hits"]

#: Far beyond any mob member's boxes: where counting what a member can absorb stops.
MAX_MEMBER_CAPACITY = 100


class Hits:
    """The hits waiting to be absorbed, being taken out, concessions and the end."""

    __slots__ = (
        "big_bad_rules",
        "concessions",
        "conflict_id",
        "defence",
        "ended",
        "pending",
        "roster",
        "turns",
    )

    def __init__(
        self,
        roster: Roster,
        turns: Turns,
        big_bad_rules: BigBadRules,
        defence: Defence,
        conflict_id: str,
    ) -> None:
        self.roster = roster
        self.turns = turns
        self.big_bad_rules = big_bad_rules
        self.defence = defence
        self.conflict_id = conflict_id  # what consequences and concessions name
        self.pending: list[PendingHit] = []  # first first
        self.concessions: list[Concession] = []
        self.ended: ConflictEnd | None = None

    @property
    def allow_extreme(self) -> bool:
        """Whether extreme consequences are in use."""
        return self.roster.ruleset.has(OptionalRule.EXTREME_CONSEQUENCES)

    def extreme_use(self, target: str) -> ExtremeUse:
        """How ``target`` may take an extreme consequence here (see :func:`extreme_use`)."""
        return extreme_use(self.roster.ruleset, self.roster.fighter(target).character)

    @property
    def conditions(self) -> bool:
        """Whether conditions stand in for consequences."""
        return self.roster.ruleset.has(OptionalRule.CONDITIONS)

    @property
    def pending_hit(self) -> tuple[str, int] | None:
        """The target and shifts of the hit waiting to be absorbed first."""
        return (self.pending[0].target, self.pending[0].shifts) if self.pending else None

    @property
    def over(self) -> bool:
        """Whether one side has all conceded or been taken out."""
        return bool(self.losing_sides())

    def land(self, target: str, shifts: int, by: str, *, round_down: bool | None = None) -> None:
        """A hit of ``shifts`` lands on ``target`` (less what a big bad shrugs off, rounded as
        ``round_down`` says or as the rule set does), to absorb."""
        reduced = self.big_bad_rules.reduced(target, shifts, round_down=round_down)
        if reduced > 0:
            self.pending.append(PendingHit(target, reduced, by))

    def after_resolution(self) -> None:
        """An action is settled: its hits wait to be absorbed, or the turn goes on."""
        if self.pending:
            self.turns.phase = Phase.HIT
        else:
            self.turns.phase = Phase.NEXT
            self.check_end()

    def absorb_options(self) -> list[AbsorbPlan]:
        """Every minimal way the pending hit's target can absorb it (empty: taken out)."""
        hit = self.require_hit()
        roster = self.roster
        target = roster.fighter(hit.target).character
        return hit_options(roster.ruleset, target, hit.shifts, roster.harm, roster.game.clock)

    def soak_options(self) -> dict[int, list[AbsorbPlan]]:
        """The rule set's conditions the pending hit's target may mark (the Fate System
        Toolkit's): for each total of shifts some set of them takes off the hit, short of all of
        it, every minimal way to absorb what is left (a total that takes the whole hit needs no
        plan). Empty where the rule set has no conditions or none is free."""
        hit = self.require_hit()
        roster = self.roster
        target = roster.fighter(hit.target).character
        specs = roster.ruleset.preset.conditions
        shifts = []
        for spec in specs:
            try:
                shifts.append(soaked(target, specs, [spec.key]))
            except FateError:
                continue  # not free, or soaks nothing
        totals = {0}
        for value in shifts:  # the sums some set of them reaches, short of the whole hit
            totals |= {t + value for t in totals if t + value < hit.shifts}
        return {
            t: hit_options(roster.ruleset, target, hit.shifts - t, roster.harm, roster.game.clock)
            for t in sorted(totals - {0})
        }

    def set_pending(self, hits: tuple[PendingHit, ...]) -> None:
        """Put the hits waiting at what a log recorded (an assignment, checked by no rule: the
        rules reduced and aimed them when the move was decided)."""
        if list(hits) == self.pending:
            return
        self.pending[:] = hits
        if hits:
            self.turns.phase = Phase.HIT
        elif self.turns.phase is Phase.HIT:
            self.turns.phase = Phase.NEXT
            self.check_end()

    def absorb(
        self,
        plan: AbsorbPlan,
        names: Mapping[int, str] | None = None,
        *,
        extreme: ExtremeChoice | None = None,
        as_recorded: bool = False,
        conditions: Sequence[str] = (),
    ) -> list[Aspect]:
        """Absorb the pending hit with ``plan``; ``names`` names each new consequence by slot;
        ``conditions`` names the rule set's conditions marked first (their shifts come off).

        With conditions, a marked condition box takes the condition's name by itself.
        ``as_recorded``: the plan is one a log recorded, which the rules judged when it was
        chosen; it is applied without asking them again (:func:`apply_plan`).
        """
        hit = self.require_hit()
        roster = self.roster
        taken = take_hit(
            roster.ruleset,
            roster.fighter(hit.target).character,
            hit.shifts,
            roster.harm,
            plan,
            by=hit.by,
            clock=roster.game.clock,
            names=names,
            extreme=extreme,
            conflict=self.conflict_id,
            as_recorded=as_recorded,
            conditions=conditions,
        )
        self._next_hit()
        return taken

    def absorbed_as_recorded(
        self,
        plan: AbsorbPlan,
        names: Mapping[int, str] | None = None,
        *,
        extreme: ExtremeChoice | None = None,
        conditions: Sequence[str] = (),
    ) -> list[Aspect]:
        """The pending hit absorbed with ``plan`` as a table's log recorded it (checked by no
        rule: see :meth:`absorb`), with the rule set's ``conditions`` marked against it."""
        hit = self.pending[0]
        roster = self.roster
        taken = hit_taken(
            roster.ruleset,
            roster.fighters[hit.target].character,
            roster.harm,
            plan,
            by=hit.by,
            clock=roster.game.clock,
            names=names,
            extreme=extreme,
            conflict=self.conflict_id,
            conditions=conditions,
        )
        self._next_hit()
        return taken

    def take_out(self) -> None:
        """The pending hit's target is taken out (no plan absorbs it, or they choose not to).

        A mob loses one member: the shifts beyond what that member could still absorb, less the
        one that took them out, fall on the next member, fresh; the mob is out with its last.
        """
        self.require_hit()
        self.taken_out_as_recorded()

    def taken_out_as_recorded(self) -> None:
        """The pending hit's target taken out as a table's log recorded it (checked by no rule:
        see :meth:`take_out`)."""
        hit = self.pending[0]
        fighter = self.roster.fighters[hit.target]
        if fighter.members > 1:
            beyond = hit.shifts - self._member_capacity(hit.target) - 1
            fighter.members -= 1
            clear_stress(fighter.character)  # the next member comes in unhurt
            if beyond > 0:
                self.pending[0] = PendingHit(hit.target, beyond, hit.by)
                return
            self._next_hit()
            return
        self.take_out_of_fight(hit.target)
        self._next_hit()

    def shield(self, minion: str) -> None:
        """A big bad throws one of its minions in front of the pending hit: the minion takes it."""
        self.pending[0] = self.big_bad_rules.shield(self.require_hit(), minion)

    def shielded_as_recorded(self, minion: str) -> None:
        """A minion thrown in front of the pending hit as a table's log recorded it (checked by
        no rule: see :meth:`shield`): it takes the hit."""
        hit = self.pending[0]
        self.pending[0] = PendingHit(minion, hit.shifts, hit.by)

    def take_out_of_fight(self, target: str) -> None:
        """``target`` is out (a big bad with a true form to show reveals it instead); a threat
        whose heart falls takes its parts with it."""
        if self.big_bad_rules.reveal_true_form(target):
            return
        self.roster.fighters[target].status = Status.TAKEN_OUT
        self.leave(target)
        for part in self.big_bad_rules.fell_with_their_hearts():
            self.leave(part)

    def concede(self, participant: str) -> Concession:
        """Concede before the dice of the current action are rolled."""
        fighter = self.roster.fighter(participant)
        turns = self.turns
        if fighter.status is not Status.ACTIVE or turns.phase is Phase.ENDED:
            raise IllegalAction(f"{participant} is no longer in the conflict", TAKEN_OUT_RULE)
        concession = concede(
            fighter.character,
            conflict=self.conflict_id,
            dice_rolled=not self.may_concede_now(),
            pay=self.roster.game.ledger,
        )
        self._conceded(participant, concession)
        return concession

    def conceded_as_recorded(self, participant: str) -> Concession:
        """``participant`` conceded as a table's log recorded it (checked by no rule: see
        :meth:`concede`): the points it earned credited."""
        fighter = self.roster.fighters[participant]
        concession = conceded(fighter.character, self.conflict_id, self.roster.game.ledger)
        self._conceded(participant, concession)
        return concession

    def _conceded(self, participant: str, concession: Concession) -> None:
        fighter = self.roster.fighters[participant]
        turns = self.turns
        turn = turns.turn
        if (
            turn is not None
            and turn.roll is not None
            and turns.phase is Phase.ROLL
            and participant in (turn.roll.actor, turn.victim)
        ):
            # The action concerned the conceder: it is dropped before its dice were rolled,
            # and an actor who still stands chooses again.
            turn.roll.close()
            turns.turn = None
            turns.phase = Phase.TURN
        fighter.status = Status.CONCEDED
        self.concessions.append(concession)
        self.leave(participant)
        self.check_end()

    def finish(self, *, into: str | None = None) -> ConflictEnd:
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
        return self.finished_as_recorded(into=into)

    def finished_as_recorded(self, *, into: str | None = None) -> ConflictEnd:
        """The conflict's books closed as a table's log recorded it (checked by no rule: see
        :meth:`finish`)."""
        losers = self.losing_sides()
        # The fight is over: what was still under way in it will not happen.
        self.pending.clear()
        turns = self.turns
        if turns.turn is not None and turns.turn.roll is not None:
            turns.turn.roll.close()
            for sub in turns.turn.targets.values():
                sub.close()
        turns.turn = None
        deferred = into is not None
        if not deferred:
            game = self.roster.game
            for participant in self.roster.fighters:
                game.ledger.account(participant).end_scene()
            game.sync_sheets()
        turns.phase = Phase.ENDED
        self.ended = ConflictEnd(tuple(losers), tuple(self.concessions), deferred)
        return self.ended

    def may_concede_now(self) -> bool:
        """Whether anyone may concede now: no hit waiting, no dice of an action rolled."""
        turns = self.turns
        if turns.phase is Phase.HIT:
            return False
        if turns.phase is Phase.ROLL and turns.turn is not None and turns.turn.roll is not None:
            return turns.turn.roll.phase is RollPhase.READY
        return turns.phase is not Phase.ENDED

    def require_hit(self) -> PendingHit:
        """The hit waiting to be absorbed (raises when there is none)."""
        if self.turns.phase is not Phase.HIT or not self.pending:
            raise IllegalAction("there is no hit waiting to be absorbed", TAKEN_OUT_RULE)
        return self.pending[0]

    def leave(self, participant: str) -> None:
        """``participant`` is out of the conflict (taken out, conceded or got away)."""
        self.defence.forget(participant)
        zones = self.roster.scene.zones
        if zones is not None:
            zones.remove(participant)
        turns = self.turns
        if participant == turns.current and turns.phase is not Phase.ENDED:
            # The actor left mid-turn: their turn is over. Hits their action dealt others (a
            # zone attack's, say) still wait to be absorbed: the exchange goes on after them.
            turns.turn = None
            if not (turns.phase is Phase.HIT and self.pending):
                turns.phase = Phase.NEXT

    def losing_sides(self) -> list[str]:
        """The sides all of whose members have conceded or been taken out."""
        sides: dict[str, bool] = {}
        for fighter in self.roster.fighters.values():
            if fighter.hazard is not None:
                continue  # a hazard keeps no side in the fight: only those who can be beaten do
            sides[fighter.side] = sides.get(fighter.side, False) or fighter.status is Status.ACTIVE
        return [side for side, anyone_in in sides.items() if not anyone_in]

    def check_end(self) -> None:
        """A side all out with no hit waiting ends the fight."""
        if self.losing_sides() and not self.pending:
            self.turns.phase = Phase.ENDED

    def _member_capacity(self, target: str) -> int:
        """The most shifts the mob member in front could still absorb in one hit."""
        sheet = self.roster.fighter(target).character
        shifts = 0
        while shifts < MAX_MEMBER_CAPACITY and absorb_options(sheet, shifts + 1, self.roster.harm):
            shifts += 1
        return shifts

    def _next_hit(self) -> None:
        """The first pending hit is dealt with: on to the next one, or the turn goes on."""
        self.pending.pop(0)
        if self.pending:
            return
        self.turns.phase = Phase.NEXT
        self.check_end()
