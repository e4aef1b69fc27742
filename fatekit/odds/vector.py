"""The vectorized engine: thousands of conflicts played in lockstep with NumPy.

Every run of a batch is at the same place in the turn order at the same time (a fixed order, so
the actor is the same in every run); each step works on the runs where that actor is still in the
fight. The rules are those of the scalar engine for everything a scenario can express (see
``docs/odds.md``), and both read the same tape of dice, so with the same seed they give the same
result run by run. With weight, each attack and defence is weighed in every run from who still
stands in the roller's zone, by the rule's own
:func:`~fatekit.rules.options.weight.dice_turned` for each case met, and its dice read from the
tape turned as the rule's :func:`~fatekit.rules.options.weight.turned_up` turns them.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from fatekit.odds.hazards import MARGIN_SPAN
from fatekit.odds.invokes import CODES, Choice, InvokeTable
from fatekit.odds.outcomes import CONCEDED, STANDING, TAKEN_OUT, Outcomes
from fatekit.odds.plan import SEVERITIES, FightPlan, turns
from fatekit.odds.scenario import (
    AdvantagePolicy,
    InvokeAim,
    SidePolicy,
    TargetPolicy,
    TeamworkPolicy,
)
from fatekit.odds.tape import BLOCK, GROUP, choice_block, totals_block, turned_totals_block
from fatekit.odds.teamwork import team_bonuses as _team_bonus
from fatekit.odds.vector_forms import FormColumns
from fatekit.odds.vector_solo import SoloRolls
from fatekit.rules.options.weight import MAX_TURNED, Weights, dice_turned

__all__ = ["CHUNK", "loaded", "simulate_vector"]

CHUNK = 10 * GROUP  # runs per batch: 10,000 fights in one, to amortise NumPy's overheads
_BIG = 10**6
_NOTHING, _PLUS_TWO, _REROLL = (CODES[c] for c in (Choice.NOTHING, Choice.PLUS_TWO, Choice.REROLL))

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


def simulate_vector(
    plan: FightPlan,
    runs: range,
    seed: int,
    progress: Callable[[int], None] | None = None,
    chunk: int = CHUNK,
) -> Outcomes:
    """Play the runs numbered ``runs`` in batches of ``chunk``."""
    parts = []
    for start in range(runs.start, runs.stop, chunk):
        stop = min(start + chunk, runs.stop)
        parts.append(_Batch(plan, start, stop, seed).play())
        if progress is not None:
            progress(stop - start)
    return Outcomes.join(parts)


def loaded() -> bool:
    """True. Called in a worker process, it has the engine imported before the first fight."""
    return True


class _Batch(SoloRolls, FormColumns):
    def __init__(self, plan: FightPlan, start: int, stop: int, seed: int) -> None:
        self.plan, self.seed = plan, seed
        n, c = stop - start, len(plan.fighters) + len(plan.forms)
        self.n = n
        runs = np.arange(start, stop)
        self.group, self.row = runs // GROUP, runs % GROUP
        fighters = (*plan.fighters, *plan.forms)  # each later true form has a column too
        # -- what never changes ----------------------------------------------------------------
        self.side = np.array([f.side for f in fighters])
        self.pc = np.array([f.pc for f in fighters])
        self.close_mod = np.array([f.close.modifier for f in fighters])
        self.close_ranged = np.array([f.close.ranged for f in fighters])
        self.has_ranged = np.array([f.ranged is not None for f in fighters])
        self.far_mod = np.array([f.ranged.modifier if f.ranged else 0 for f in fighters])
        self.def_close = np.array([f.defend_close.modifier for f in fighters])
        self.def_ranged = np.array([f.defend_ranged.modifier for f in fighters])
        self.weapon = np.array([f.weapon for f in fighters])
        self.armor = np.array([f.armor for f in fighters])
        self.escalating = np.array([f.escalating for f in fighters])
        self.scale = np.array([-1 if f.scale is None else f.scale for f in fighters])
        width = max([len(f.boxes) for f in fighters] + [1])
        self.box_value = np.zeros((c, width), dtype=np.int64)
        marked = np.ones((c, width), dtype=bool)  # padding is never free
        slots = max([len(f.slots) for f in fighters] + [1])
        self.slot_shifts = np.zeros((c, slots), dtype=np.int64)
        self.slot_severity = np.full((c, slots), -1)
        filled = np.ones((c, slots), dtype=bool)
        most = max([len(f.candidates) for f in fighters] + [1])
        self.cand_mask = np.zeros((c, most, slots), dtype=bool)
        self.slot_bit = np.left_shift(1, np.arange(slots, dtype=np.int64))
        self.cand_extreme = np.zeros((c, most), dtype=bool)
        self.cand_covered = np.zeros((c, most), dtype=np.int64)
        self.cand_least = np.full((c, most), _BIG)
        self.cand_valid = np.zeros((c, most), dtype=bool)
        # Conditions kept apart: slots each candidate fills per row, and how many of the
        # fighter's slots on a row may be filled at once (no limit without the cut-off).
        self.cutoff = any(f.row_marks is not None for f in fighters)
        self.cand_rows = np.zeros((c, most, 3), dtype=np.int64)
        self.row_marks = np.full((c, 3), _BIG)
        for i, f in enumerate(fighters):
            self.box_value[i, : len(f.boxes)] = f.boxes
            marked[i, : len(f.boxes)] = f.marked
            for j, (_, shifts, severity) in enumerate(f.slots):
                self.slot_shifts[i, j], self.slot_severity[i, j] = shifts, severity
            filled[i, : len(f.slots)] = f.filled
            for p, cand in enumerate(f.candidates):
                self.cand_mask[i, p, list(cand.slots)] = True
                self.cand_extreme[i, p] = cand.extreme
                self.cand_covered[i, p] = cand.covered
                self.cand_least[i, p] = cand.least
                self.cand_valid[i, p] = True
                for j in cand.slots:
                    self.cand_rows[i, p, f.slots[j][2]] += 1
            if f.row_marks is not None:
                self.row_marks[i] = f.row_marks
        # Each candidate's slots as bits, to compare with a run's filled slots at once; how
        # many candidates and boxes each fighter has (absorbing looks at those only).
        self.cand_bits = (self.cand_mask * self.slot_bit).sum(axis=2)
        self.cand_count = [len(f.candidates) for f in fighters]
        self.box_count = [len(f.boxes) for f in fighters]
        self.distance = np.array(plan.distance)
        self.next_hop = np.array(plan.next_hop)
        # The ways rolls are drawn, the scenario's first (a hazard's), and each column's: each
        # way has its own tape and its own invoke advice (a reroll draws the roller's way).
        ways = [plan.randomizer]
        for i in range(len(plan.fighters)):
            if plan.way(i) not in ways:
                ways.append(plan.way(i))
        self.ways = tuple(ways)
        self.way_of = np.array(
            [ways.index(plan.way(i)) for i in range(len(plan.fighters))]
            + [ways.index(plan.way(plan.index(f.id))) for f in plan.forms],
            dtype=np.int64,
        )
        most = max(p.max_invokes for p in plan.policies)
        # Each way's advice, for rerolls with 0 (and, with weight, 1 and 2) dice turned.
        kinds = range(MAX_TURNED + 1 if plan.weight else 1)
        self.tables = [[InvokeTable(most, way, t) for t in kinds] for way in self.ways]
        self.weight = np.array([f.weight for f in fighters], dtype=np.int64)
        # -- the state of every run ------------------------------------------------------------
        self.status = np.full((n, c), STANDING, dtype=np.int8)
        self.forms_setup(n)
        self.marked = np.repeat(marked[None], n, axis=0)
        self.filled = np.repeat(filled[None], n, axis=0)
        self.extreme_ok = np.repeat(np.array([[f.extreme_ok for f in fighters]]), n, axis=0)
        self.free = np.repeat(np.array([[f.free_invokes for f in fighters]]), n, axis=0)
        self.fate = np.repeat(np.array([[f.fate_points for f in fighters]]), n, axis=0)
        self.gm = np.full(n, plan.gm_pool)
        self.own = np.repeat(np.array([[f.own_aspects for f in fighters]]), n, axis=0)
        self.scene = np.full(n, plan.scene_aspects)
        self.pos = np.repeat(np.array([[f.zone for f in fighters]]), n, axis=0)
        self.consequences = np.zeros((n, c, len(SEVERITIES)), dtype=np.int16)
        self.spent = np.zeros((n, c), dtype=np.int16)
        # Full defense, kept only where a policy uses it (the bookkeeping costs every turn).
        self.bracing = any(p.full_defense_after is not None for p in plan.policies)
        self.guarding = np.zeros((n, c), dtype=bool)  # on full defense until their next turn
        self.defended = np.zeros((n, c), dtype=bool)  # ... and made to defend since
        self.acted = np.zeros((n, c), dtype=bool)  # took their action (or helped) this exchange
        self.done = np.zeros(n, dtype=bool)
        self.winner = np.full(n, -1, dtype=np.int8)
        self.exchanges = np.full(n, plan.max_exchanges, dtype=np.int16)
        self.exchange = 0
        # -- the tape --------------------------------------------------------------------------
        # Each way's totals (4dF: -4 to +4), and how far each run has read them.
        self.dice = [np.zeros((n, 0), dtype=np.int8) for _ in self.ways]
        self.dice_at = [np.zeros(n, dtype=np.int64) for _ in self.ways]
        # With weight, the same rolls with 1 and 2 dice turned, read at the same place.
        self.turned = [
            [np.zeros((n, 0), dtype=np.int8) for _ in range(MAX_TURNED if plan.weight else 0)]
            for _ in self.ways
        ]
        self.choices = np.zeros((n, 0))
        self.choice_at = np.zeros(n, dtype=np.int64)

    # -- the loop ------------------------------------------------------------------------------

    def play(self) -> Outcomes:
        for exchange in range(1, self.plan.max_exchanges + 1):
            self.exchange = exchange
            self.acted[:] = False
            for actor in self.with_forms(turns(self.plan, exchange)):
                if actor < 0:  # hazard ~actor's turn, in every run still going
                    self.play_hazard(~actor, np.flatnonzero(~self.done))
                    continue
                runs = np.flatnonzero(
                    ~self.done & (self.status[:, actor] == STANDING) & ~self.acted[:, actor]
                )
                self.acted[runs, actor] = True
                if runs.size:
                    self.turn(actor, runs)
            if self.done.all():
                break
        return Outcomes(self.winner, self.exchanges, *self.folded())

    # -- the tape --------------------------------------------------------------------------------

    def roll(
        self, runs: IntArray, who: int | IntArray | None = None, turned: IntArray | None = None
    ) -> IntArray:
        """The next dice total of each of ``runs``, drawn the way ``who`` rolls (a column, or
        one a run; None: a hazard, which draws the scenario's way), ``turned`` dice of each
        turned to + by weight (None: none)."""
        if who is None or len(self.ways) == 1:
            return self.draw(0, runs, turned)
        way = self.way_of[who]
        if np.ndim(way) == 0:
            return self.draw(int(way), runs, turned)
        totals = np.zeros(runs.size, dtype=np.int64)
        for k in np.unique(way):
            these = way == k
            totals[these] = self.draw(
                int(k), runs[these], None if turned is None else turned[these]
            )
        return totals

    def draw(self, k: int, runs: IntArray, turned: IntArray | None = None) -> IntArray:
        """The next total of each of ``runs`` on way ``k``'s tape, ``turned`` of its dice
        turned to + (None: none)."""
        at = self.dice_at[k]
        if runs.size and at[runs].max() >= self.dice[k].shape[1]:
            block = self.dice[k].shape[1] // BLOCK
            more = np.zeros((self.n, BLOCK), dtype=np.int8)
            also = [np.zeros((self.n, BLOCK), dtype=np.int8) for _ in self.turned[k]]
            for g in np.unique(self.group):
                rows = self.group == g
                summed = totals_block(self.seed, int(g), block, self.ways[k])
                more[rows] = summed[self.row[rows]]
                for t, kept in enumerate(also, start=1):
                    way = self.ways[k]
                    kept[rows] = turned_totals_block(self.seed, int(g), block, way, t)[
                        self.row[rows]
                    ]
            self.dice[k] = np.concatenate([self.dice[k], more], axis=1)
            self.turned[k] = [
                np.concatenate([old, new], axis=1)
                for old, new in zip(self.turned[k], also, strict=True)
            ]
        totals: IntArray = self.dice[k][runs, at[runs]].astype(np.int64)
        if turned is not None:
            for t, kept in enumerate(self.turned[k], start=1):
                these = turned == t
                totals[these] = kept[runs[these], at[runs[these]]]
        at[runs] += 1
        return totals

    def advice(
        self,
        who: IntArray,
        margin: IntArray,
        dice: IntArray,
        left: IntArray,
        turned: IntArray | None = None,
    ) -> IntArray:
        """The best invoke choice's code in each case, for rolls drawn the way ``who`` rolls
        whose rerolls turn ``turned`` dice (None: none)."""
        if len(self.tables) == 1 and turned is None:
            return self.tables[0][0](margin, dice, left)
        way = self.way_of[who] if len(self.tables) > 1 else np.zeros(who.size, dtype=np.int64)
        kind = np.zeros(who.size, dtype=np.int64) if turned is None else turned
        codes = np.zeros(who.size, dtype=np.int64)
        for k in np.unique(way):
            for t in np.unique(kind):
                these = (way == k) & (kind == t)
                codes[these] = self.tables[int(k)][int(t)](margin[these], dice[these], left[these])
        return codes

    def turned_on(self, runs: IntArray, roller: IntArray, target: IntArray | None) -> IntArray:
        """How many of each run's ``roller``'s dice weight turns to + (0, 1 or 2): the sides'
        weights among those still standing in the roller's zone, and for an attack its
        ``target``'s own, read by the rule's :func:`dice_turned` for each case met."""
        here = self.pos[runs, roller]
        counted = (self.status[runs] == STANDING) & (self.pos[runs] == here[:, None])
        ours = self.side[None, :] == self.side[roller][:, None]
        own = (counted & ours).astype(np.int64) @ self.weight
        other = (counted & ~ours).astype(np.int64) @ self.weight
        aimed = np.full(runs.size, -1) if target is None else self.weight[target]
        cases, where = np.unique(np.stack([own, other, aimed], axis=1), axis=0, return_inverse=True)
        turned = np.array(
            [dice_turned(Weights(int(o), int(t), None if a < 0 else int(a))) for o, t, a in cases],
            dtype=np.int64,
        )
        found: IntArray = turned[where.reshape(-1)]
        return found

    def pick(self, runs: IntArray, counts: IntArray) -> IntArray:
        """An even choice from 0 to ``counts - 1`` in each of ``runs``."""
        if runs.size and self.choice_at[runs].max() >= self.choices.shape[1]:
            block = self.choices.shape[1] // BLOCK
            more = np.zeros((self.n, BLOCK))
            for g in np.unique(self.group):
                rows = self.group == g
                more[rows] = choice_block(self.seed, int(g), block)[self.row[rows]]
            self.choices = np.concatenate([self.choices, more], axis=1)
        values = self.choices[runs, self.choice_at[runs]]
        self.choice_at[runs] += 1
        return (values * counts).astype(np.int64)

    # -- a turn --------------------------------------------------------------------------------

    def turn(self, actor: int, runs: IntArray) -> None:
        side = int(self.side[actor])
        policy = self.plan.policies[side]
        if self.bracing:
            if self.plan.full_defense_boost:
                ready = self.guarding[runs, actor] & ~self.defended[runs, actor]
                self.free[runs[ready], actor] += 1
            self.guarding[runs, actor] = self.defended[runs, actor] = False
        if policy.concede_after is not None:
            quits = self.consequences[runs, actor].sum(axis=1) >= policy.concede_after
            self.status[runs[quits], actor] = CONCEDED
            self.check_end(runs[quits])
            runs = runs[~quits]
        if policy.full_defense_after is not None:
            guards = self.consequences[runs, actor].sum(axis=1) >= policy.full_defense_after
            self.guarding[runs[guards], actor] = True
            runs = runs[~guards]
        opponents = self.members[1 - side]
        reach, close = self.reach(actor, runs, opponents)
        stuck = ~reach.any(axis=1)
        if stuck.any():
            self.step(actor, runs[stuck], opponents)
            reach[stuck], close[stuck] = self.reach(actor, runs[stuck], opponents)
            still = stuck & ~reach.any(axis=1)
            self.move_by_overcome(actor, runs[still], opponents)
            keep = ~still
            runs, reach, close = runs[keep], reach[keep], close[keep]
        if not runs.size:
            return
        ranged = np.where(close, self.close_ranged[actor], True)
        defence = np.where(ranged, self.def_ranged[opponents], self.def_close[opponents])
        pick = self.choose(policy, runs, reach, defence, opponents)
        rows = np.arange(runs.size)
        target = opponents[pick]
        is_close = close[rows, pick]
        attack = np.where(is_close, self.close_mod[actor], self.far_mod[actor])
        against = defence[rows, pick]
        advantage = np.zeros(runs.size, dtype=bool)
        if policy.advantage is not AdvantagePolicy.NEVER:
            advantage = self.free[runs, actor] == 0
            if policy.advantage is AdvantagePolicy.OUTMATCHED:
                advantage &= attack < against
        self.create_advantage(actor, runs[advantage], policy)
        hit = ~advantage
        runs, target, is_close, attack = runs[hit], target[hit], is_close[hit], attack[hit]
        if policy.teamwork is not TeamworkPolicy.NEVER:
            helped = self.teamwork(actor, runs, target, is_close, attack)
        else:
            helped = np.zeros(runs.size, dtype=np.int64)
        mine, theirs = self.solo_attack(actor, runs, target, is_close)
        self.attack(actor, runs, target, attack + helped + mine, against[hit] + theirs)

    def play_hazard(self, h: int, runs: IntArray) -> None:
        """Hazard ``h``'s turn in each of ``runs`` (those still going), as the scalar engine plays it."""
        plan = self.plan.hazards
        assert plan is not None
        hazard = plan.hazards[h]
        policy = self.plan.policies[hazard.side]
        opponents = self.members[1 - hazard.side]
        standing = self.status[np.ix_(runs, opponents)] == STANDING
        reach = standing & np.array(hazard.reaches)[self.pos[np.ix_(runs, opponents)]]
        some = reach.any(axis=1)
        idle = runs[~some]
        if idle.size:  # an advantage for nobody's use but the new aspect's
            shifts = hazard.rating + self.roll(idle) - policy.advantage_difficulty
            self.scene[idle] += shifts > 0
        runs, reach = runs[some], reach[some]
        if not runs.size:
            return
        defence = np.broadcast_to(self.def_close[opponents], reach.shape)
        target = opponents[self.choose(policy, runs, reach, defence, opponents)]
        # A big bad defending gets its solo bonus, as on any roll (the rules engine's Conflict).
        against = self.def_close[target] + self.solo_skill(target, runs, "defend_close")
        attack = np.full(runs.size, hazard.rating, dtype=np.int64)
        if hazard.scale is not None:
            levels = np.where(self.scale[target] >= 0, hazard.scale - self.scale[target], 0)
            attack, against = attack + np.maximum(levels, 0), against + np.maximum(-levels, 0)
        if self.bracing:  # full defense: +2 to defending oneself
            guarded = self.guarding[runs, target]
            self.defended[runs[guarded], target[guarded]] = True
            against = against + 2 * guarded
        mine, theirs = self.roll(runs), self.roll(runs, target)
        armor = self.armor[target]
        guard = self.plan.policies[1 - hazard.side]
        shield = np.zeros(runs.size, dtype=np.int64)
        if guard.defend_invokes:
            needed = np.array(hazard.needed)[armor]
            margin = against - (attack + mine) - (1 - needed)
            shield, theirs = self.invoke(runs, target, margin, theirs, guard)
        shifts = attack + mine - (against + shield + theirs)
        self.free[runs[shifts <= -3], target[shifts <= -3]] += 1  # defended with style
        dealt = np.array(hazard.harm)[
            armor, np.clip(shifts, -MARGIN_SPAN, MARGIN_SPAN) + MARGIN_SPAN
        ]
        dealt = self.solo_reduce(runs, target, dealt)  # a big bad alone takes less
        harmed = dealt > 0
        self.absorb(None, runs[harmed], target[harmed], dealt[harmed])

    def reach(self, actor: int, runs: IntArray, opponents: IntArray) -> tuple[BoolArray, BoolArray]:
        """Which opponents each run's actor can attack, and which of them are close."""
        alive = self.status[np.ix_(runs, opponents)] == STANDING
        if self.plan.mental or len(self.plan.zones) == 1:
            close = np.ones_like(alive)
            return alive, close
        apart = self.distance[self.pos[runs, actor][:, None], self.pos[np.ix_(runs, opponents)]]
        close = apart == 0
        far = ~close & bool(self.has_ranged[actor]) & (apart <= self.plan.ranged_reach)
        return alive & (close | far), close

    def nearest_zone(self, actor: int, runs: IntArray, opponents: IntArray) -> IntArray:
        """The first zone on the way to the nearest standing opponent (first listed on a tie)."""
        here = self.pos[runs, actor]
        theirs = self.pos[np.ix_(runs, opponents)]
        apart = np.where(
            self.status[np.ix_(runs, opponents)] == STANDING,
            self.distance[here[:, None], theirs],
            _BIG,
        )
        nearest = theirs[np.arange(runs.size), apart.argmin(axis=1)]
        result: IntArray = self.next_hop[here, nearest]
        return result

    def step(self, actor: int, runs: IntArray, opponents: IntArray) -> None:
        """The free move: one zone towards the nearest opponent."""
        self.pos[runs, actor] = self.nearest_zone(actor, runs, opponents)

    def move_by_overcome(self, actor: int, runs: IntArray, opponents: IntArray) -> None:
        """An overcome to move one zone further (a tie or better moves; style adds a boost)."""
        if not runs.size:
            return
        to = self.nearest_zone(actor, runs, opponents)
        move = self.plan.fighters[actor].move.modifier + self.solo_skill(actor, runs, "move")
        shifts = move + self.roll(runs, actor) - self.plan.move_difficulty
        self.pos[runs[shifts >= 0], actor] = to[shifts >= 0]
        self.free[runs[shifts >= 3], actor] += 1

    def choose(
        self,
        policy: SidePolicy,
        runs: IntArray,
        reach: BoolArray,
        defence: IntArray,
        opponents: IntArray,
    ) -> IntArray:
        """The position (among ``opponents``) of each run's target."""
        if policy.target is TargetPolicy.RANDOM:
            k = self.pick(runs, reach.sum(axis=1))
            found: IntArray = (reach & (np.cumsum(reach, axis=1) == (k + 1)[:, None])).argmax(
                axis=1
            )
            return found
        if policy.target is TargetPolicy.WEAKEST:
            score = defence
        elif policy.target is TargetPolicy.STRONGEST:
            score = np.broadcast_to(-self.close_mod[opponents], reach.shape)
        elif policy.target is TargetPolicy.MOST_HURT:
            score = self.room_left(runs, opponents)
        else:
            score = np.zeros(reach.shape, dtype=np.int64)
        chosen: IntArray = np.where(reach, score, _BIG).argmin(axis=1)
        return chosen

    def room_left(self, runs: IntArray, who: IntArray) -> IntArray:
        """Shifts of free stress boxes and consequence slots (extreme aside); with a row
        cut-off, only the first free slots of each row that it still lets a hit fill."""
        boxes = (self.box_value[who][None] * ~self.marked[np.ix_(runs, who)]).sum(axis=2)
        filled = self.filled[np.ix_(runs, who)]  # [k, O, S]
        free = ~filled
        if self.cutoff:
            severities = self.slot_severity[who][None]  # [1, O, S]
            kept = np.zeros_like(free)
            for row in range(3):
                on_row = severities == row
                left = self.row_marks[who, row][None] - (filled & on_row).sum(axis=2)  # [k, O]
                first = np.cumsum(free & on_row, axis=2) <= left[:, :, None]
                kept |= free & on_row & first
            free = kept
        slots = (self.slot_shifts[who][None] * free).sum(axis=2)
        room: IntArray = boxes + slots
        return room

    def teamwork(
        self, actor: int, runs: IntArray, target: IntArray, is_close: BoolArray, attack: IntArray
    ) -> IntArray:
        """The ``weaker_help`` policy: the teamwork bonus on each run's attack. Allies help in
        the scenario's order when free to (standing, not yet acted this exchange, not on full
        defense nor about to concede or go on it), their own attack on the target is lower,
        and the rules engine counts their help and it still adds to the bonus; helping is their
        action for the exchange."""
        bonus = np.zeros(runs.size, dtype=np.int64)
        teamwork = self.plan.teamwork
        if teamwork is None:
            return bonus
        policy = self.plan.policies[int(self.side[actor])]
        for ranged in (False, True):
            rows = np.flatnonzero(is_close != ranged)
            rating, allies = teamwork.allies(actor, ranged)
            if not rows.size or not allies:
                continue
            r, t = runs[rows], target[rows]
            helping = np.zeros(rows.size, dtype=np.int64)  # a bit for each ally who helps
            ratings = tuple(theirs for _, theirs in allies)
            for k, (ally, _) in enumerate(allies):
                free = (self.status[r, ally] == STANDING) & ~self.acted[r, ally]
                if self.bracing:
                    free &= ~self.guarding[r, ally]
                taken = self.consequences[r, ally].sum(axis=1)
                for limit in (policy.concede_after, policy.full_defense_after):
                    if limit is not None:
                        free &= taken < limit
                own = self.own_attack(ally, r, t)
                free &= (own > -_BIG) & (own < attack[rows])
                now = _team_bonus(rating, ratings, helping)
                free &= _team_bonus(rating, ratings, helping | (1 << k)) > now
                helping[free] |= 1 << k
                self.acted[r[free], ally] = True
            bonus[rows] = _team_bonus(rating, ratings, helping)
        return bonus

    def own_attack(self, who: int, runs: IntArray, target: IntArray) -> IntArray:
        """``who``'s best attack on each run's target, or -_BIG where they cannot reach it."""
        if self.plan.mental or len(self.plan.zones) == 1:
            return np.full(runs.size, self.close_mod[who], dtype=np.int64)
        apart = self.distance[self.pos[runs, who], self.pos[runs, target]]
        far = bool(self.has_ranged[who]) & (apart <= self.plan.ranged_reach)
        found: IntArray = np.where(
            apart == 0, self.close_mod[who], np.where(far, self.far_mod[who], -_BIG)
        )
        return found

    # -- rolls -----------------------------------------------------------------------------------

    def create_advantage(self, actor: int, runs: IntArray, policy: SidePolicy) -> None:
        """Against a passive difficulty: a tie gives a boost, a success an aspect with one free
        invoke (two with style), plus any stunt's extra invokes; a failure gives nothing."""
        if not runs.size:
            return
        roll = self.plan.fighters[actor].advantage
        solo = self.solo_skill(actor, runs, "advantage")
        shifts = roll.modifier + solo + self.roll(runs, actor) - policy.advantage_difficulty
        gained = np.select(
            [shifts < 0, shifts == 0, shifts < 3],
            [0, 1, 1 + roll.extra_invokes],
            2 + roll.extra_invokes,
        )
        self.free[runs, actor] += gained
        self.scene[runs] += shifts > 0

    def points(self, runs: IntArray, who: IntArray) -> IntArray:
        """The fate points each fighter can spend: a PC's own, the GM's pool for NPCs."""
        found: IntArray = np.where(self.pc[who], self.fate[runs, who], self.gm[runs])
        return found

    def invoke(
        self,
        runs: IntArray,
        who: IntArray,
        margin: IntArray,
        dice: IntArray,
        policy: SidePolicy,
        against: IntArray | None = None,
        turned: IntArray | None = None,
    ) -> tuple[IntArray, IntArray]:
        """Spend invokes as the advice says, free ones first; return the bonus and new dice.

        ``margin`` is the roller's margin without dice or invokes (threshold already taken off);
        ``against`` whom each roll is against (a big bad may change what invokes are worth);
        ``turned`` the dice weight turns on each roll, a reroll's too (None: none).
        """
        bonus = np.zeros(runs.size, dtype=np.int64)
        payable = np.minimum(self.points(runs, who), self.own[runs, who] + self.scene[runs])
        left = self.free[runs, who] + (payable if policy.fate_points else 0)
        left = np.minimum(left, policy.max_invokes)
        for _ in range(policy.max_invokes):
            live = np.flatnonzero(left > 0)
            if not live.size:
                break
            choice = self.advice(
                who[live],
                margin[live] + bonus[live],
                dice[live],
                left[live],
                None if turned is None else turned[live],
            )
            acting = live[choice != _NOTHING]
            left[live[choice == _NOTHING]] = 0
            if not acting.size:
                break
            chosen = choice[choice != _NOTHING]
            plus = acting[chosen == _PLUS_TWO]
            bonus[plus] += self.invoke_worth(runs[plus], who[plus], against, plus)
            again = acting[chosen == _REROLL]
            dice[again] = self.roll(
                runs[again], who[again], None if turned is None else turned[again]
            )
            left[acting] -= 1
            r, w = runs[acting], who[acting]
            free = self.free[r, w] > 0
            self.spend_free(r[free], w[free])
            self.free[r[free], w[free]] -= 1
            paid_r, paid_w = r[~free], w[~free]
            pcs = self.pc[paid_w]
            self.fate[paid_r[pcs], paid_w[pcs]] -= 1
            self.gm[paid_r[~pcs]] -= 1
            self.spent[paid_r, paid_w] += 1
        return bonus, dice

    def attack(
        self,
        actor: int,
        runs: IntArray,
        target: IntArray,
        attack: IntArray,
        defence: IntArray,
    ) -> None:
        if not runs.size:
            return
        # Scale: the higher of two fighters on the scale ladder gets +1 a level before the roll.
        levels = np.where(
            (self.scale[actor] >= 0) & (self.scale[target] >= 0),
            self.scale[actor] - self.scale[target],
            0,
        )
        attack, defence = attack + np.maximum(levels, 0), defence + np.maximum(-levels, 0)
        if self.bracing:  # full defense: +2 to defending oneself, in either version
            guarded = self.guarding[runs, target]
            self.defended[runs[guarded], target[guarded]] = True
            defence = defence + 2 * guarded
        actors = np.full(runs.size, actor)
        # Weighed before the roll, in every run from who still stands where (as the table).
        weighed = self.plan.weight
        own = self.turned_on(runs, actors, target) if weighed else None
        guards = self.turned_on(runs, target, None) if weighed else None
        mine, theirs = self.roll(runs, actor, own), self.roll(runs, target, guards)
        weapon, armor = self.weapon[actor], self.armor[target]
        needed = np.where(
            (weapon > 0) & (weapon - armor >= 1), 0, np.maximum(1, 1 + armor - weapon)
        )
        policy = self.plan.policies[int(self.side[actor])]
        bonus = np.zeros(runs.size, dtype=np.int64)
        if policy.invoke_for is not InvokeAim.NEVER:
            aim = np.maximum(3, needed) if policy.invoke_for is InvokeAim.STYLE else needed
            margin = attack - defence - theirs - aim
            bonus, mine = self.invoke(runs, actors, margin, mine, policy, target, own)
        guard = self.plan.policies[1 - int(self.side[actor])]
        shield = np.zeros(runs.size, dtype=np.int64)
        if guard.defend_invokes:
            effort = attack + bonus + mine
            shield, theirs = self.invoke(
                runs, target, defence - effort - (1 - needed), theirs, guard, actors, guards
            )
        shifts = attack + bonus + mine - (defence + shield + theirs)
        self.free[runs[shifts <= -3], target[shifts <= -3]] += 1  # defended with style
        hit_like = (shifts >= 1) | ((shifts == 0) & (weapon > 0))
        dealt = shifts + weapon - armor
        reduced = self.solo_reduce(runs, target, dealt)  # the boost below goes by the hit dealt
        harmed = hit_like & (reduced >= 1)
        boost = ((shifts == 0) & (weapon == 0)) | (hit_like & (dealt <= 0))
        self.free[runs[boost], actor] += 1
        self.absorb(actor, runs[harmed], target[harmed], reduced[harmed])

    # -- harm ------------------------------------------------------------------------------------

    def absorb(self, actor: int | None, runs: IntArray, target: IntArray, shifts: IntArray) -> None:
        """The engine's first legal minimal plan in its order of preference, or taken out: worked
        out target by target, each with its own candidates and boxes only (a run has one)."""
        if not runs.size:
            return
        first = int(target[0])
        if (target == first).all():
            self.absorb_by(actor, runs, first, shifts)
            return
        for t in np.unique(target):
            mine = target == t
            self.absorb_by(actor, runs[mine], int(t), shifts[mine])

    def absorb_by(self, actor: int | None, runs: IntArray, t: int, shifts: IntArray) -> None:
        """:meth:`absorb` for runs whose target is ``t``."""
        plans, width = self.cand_count[t], self.box_count[t]
        covered = self.cand_covered[t, :plans]
        least = self.cand_least[t, :plans]
        extreme = self.cand_extreme[t, :plans]
        filled = self.filled[runs, t] @ self.slot_bit  # as bits
        ok = (self.cand_bits[t, :plans] & filled[:, None]) == 0  # [k, P]: its slots are free
        ok &= ~extreme | self.extreme_ok[runs, t][:, None]
        rest = shifts[:, None] - covered  # shifts the boxes must take
        values = self.box_value[t, :width]
        free_box = ~self.marked[runs, t, :width] & (values > 0)  # [k, B]
        escalating = bool(self.escalating[t])
        if escalating:  # one box: the lowest free value that takes the rest
            fits = free_box[:, None, :] & (values >= rest[:, :, None])
            # ``initial``: a target with no stress box at all (a nameless NPC) has none to fit.
            box = np.where(fits, values, _BIG).min(axis=2, initial=_BIG)
            ok &= (rest <= 0) | (box < _BIG)
            ok &= np.where(
                rest <= 0,
                covered - least < shifts[:, None],
                covered + box - np.minimum(least, box) < shifts[:, None],
            )
        else:  # one-point boxes: any free boxes, one shift each; always minimal
            ok &= rest <= free_box.sum(axis=1)[:, None]
            ok &= (rest > 0) | (covered - least < shifts[:, None])
        if self.cutoff:  # conditions kept apart: no row past its cut-off
            ok &= self.rows_fit(runs, np.full(runs.size, t))[:, :plans]
        absorbed = ok.any(axis=1)
        if not absorbed.all():
            out = runs[~absorbed]
            self.status[out, t] = TAKEN_OUT
            self.reveal(out, np.full(out.size, t))
            self.check_end(out)
        k = np.flatnonzero(absorbed)
        if not k.size:
            return
        runs = runs[k]
        p = ok[k].argmax(axis=1)
        chosen = self.cand_mask[t, p]  # [k, S]
        self.filled[runs, t] |= chosen
        self.consequences[runs, t, :3] += self.cand_rows[t, p].astype(np.int16)
        took_extreme = extreme[p]
        self.consequences[runs, t, 3] += took_extreme
        self.extreme_ok[runs[took_extreme], t] = False
        self.own[runs[took_extreme], t] -= 1  # it replaced an aspect
        if actor is not None:  # one invoke per consequence (a hazard's go unused)
            self.free[runs, actor] += self.cand_rows[t, p].sum(axis=1) + took_extreme
            self.granted(runs, actor, np.full(runs.size, t), chosen)
        left = rest[k, p]
        free_box = free_box[k]
        if escalating:  # the one box chosen
            marks = np.zeros_like(free_box)
            if width:  # else its consequences took it all
                first_free = (free_box & (values == box[k, p][:, None])).argmax(axis=1)
                marks[np.arange(runs.size), first_free] = True
        else:
            marks = free_box & (np.cumsum(free_box, axis=1) <= left[:, None])
        self.marked[runs, t, :width] |= marks & (left > 0)[:, None]

    def rows_fit(self, runs: IntArray, target: IntArray) -> BoolArray:
        """Which candidates keep every row within its cut-off, in each run ([k, P])."""
        filled = self.filled[runs, target]  # [k, S]
        severities = self.slot_severity[target]  # [k, S]
        held = np.stack([(filled & (severities == r)).sum(axis=1) for r in range(3)], axis=1)
        after = held[:, None, :] + self.cand_rows[target]  # [k, P, 3]
        fits: BoolArray = np.all(after <= self.row_marks[target][:, None, :], axis=2)
        return fits

    def check_end(self, runs: IntArray) -> None:
        """Runs where a side has nobody standing are over; the other side won."""
        if not runs.size:
            return
        for side in (0, 1):
            lost = ~(self.status[np.ix_(runs, self.members[side])] == STANDING).any(axis=1)
            over = runs[lost & ~self.done[runs]]
            self.done[over] = True
            self.winner[over] = 1 - side
            self.exchanges[over] = self.exchange
