"""The vectorized engine's side of a big bad's solo bonuses (the big-bads optional rule).

Whether the big bad stands alone, and what a bonus or a reduced hit comes to, is asked of the
rules engine (through :class:`~fatekit.odds.big_bad.SoloPlan`) once for each different case met
in a batch; this module only counts, run by run, who still stands.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from fatekit.odds.big_bad import ROLLS
from fatekit.odds.outcomes import STANDING
from fatekit.odds.plan import FightPlan

__all__ = ["SoloRolls"]

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


class SoloRolls:
    """Solo bonuses in a batch of runs; mixed into the vectorized engine's batch."""

    plan: FightPlan
    status: npt.NDArray[np.int8]
    close_ranged: BoolArray
    free: IntArray

    def solo_facing(self, runs: IntArray) -> tuple[IntArray, IntArray]:
        """How many PCs the big bad faces, and how many allies stand beside it, in each run."""
        solo = self.plan.solo
        assert solo is not None
        standing = self.status[runs] == STANDING
        pcs: IntArray = standing[:, list(solo.pcs)].sum(axis=1)
        allies: IntArray = standing[:, list(solo.allies)].sum(axis=1)
        return pcs, allies

    def solo_skill(
        self,
        who: int | IntArray,
        runs: IntArray,
        roll: str,
        other: str = "",
        use_other: BoolArray | None = None,
    ) -> IntArray:
        """The solo bonus on each run's roll by ``who`` (0 for anyone but the big bad, in any of
        its forms): its ``roll`` (one of :data:`~fatekit.odds.big_bad.ROLLS`), or ``other``
        where ``use_other``."""
        bonus = np.zeros(runs.size, dtype=np.int64)
        solo = self.plan.solo
        if solo is None or not solo.solo.skill:
            return bonus
        cols = np.broadcast_to(np.asarray(who), runs.shape)
        rows = np.flatnonzero(np.isin(cols, solo.columns))
        if not rows.size:
            return bonus
        form = np.searchsorted(np.array(solo.columns), cols[rows])  # columns are in order
        ratings = np.array(solo.ratings, dtype=np.int64)
        rating = ratings[form, ROLLS.index(roll)]
        if use_other is not None:
            rating = np.where(use_other[rows], ratings[form, ROLLS.index(other)], rating)
        pcs, allies = self.solo_facing(runs[rows])
        cases, where = np.unique(
            np.stack([rating, pcs, allies], axis=1), axis=0, return_inverse=True
        )
        found = [solo.skill_bonus(r, p, a) for r, p, a in cases.tolist()]
        bonus[rows] = np.array(found, dtype=np.int64)[where.reshape(-1)]
        return bonus

    def solo_attack(
        self, actor: int, runs: IntArray, target: IntArray, close: BoolArray
    ) -> tuple[IntArray, IntArray]:
        """The solo bonuses on an attack (the big bad attacking) and on its defence (the big bad
        defending), by the skills the plan attacks and defends with."""
        attack = self.solo_skill(actor, runs, "close", "ranged", ~close)
        ranged = np.where(close, self.close_ranged[actor], True)
        defence = self.solo_skill(target, runs, "defend_close", "defend_ranged", ranged)
        return attack, defence

    def solo_reduce(self, runs: IntArray, target: IntArray, shifts: IntArray) -> IntArray:
        """Each run's hit on ``target`` after the big bad's solo reduction, where it applies."""
        solo = self.plan.solo
        if solo is None or not solo.solo.stress:
            return shifts
        rows = np.flatnonzero(np.isin(target, solo.columns) & (shifts > 0))
        if not rows.size:
            return shifts
        pcs, allies = self.solo_facing(runs[rows])
        cases, where = np.unique(
            np.stack([shifts[rows], pcs, allies], axis=1), axis=0, return_inverse=True
        )
        found = [solo.reduce_hit(s, p, a) for s, p, a in cases.tolist()]
        reduced = shifts.copy()
        reduced[rows] = np.array(found, dtype=np.int64)[where.reshape(-1)]
        return reduced

    def invoke_worth(
        self, runs: IntArray, who: IntArray, against: IntArray | None, rows: IntArray
    ) -> IntArray:
        """What a +2 invoke by ``who`` is worth in each of ``runs``, on a roll against
        ``against`` (taken at ``rows``; ``None``: no fighter, such as a hazard): the big bad's
        own may be amplified, its foes' held down, as the rules engine says; +2 elsewhere."""
        worth = np.full(runs.size, 2, dtype=np.int64)
        solo = self.plan.solo
        if solo is None or not solo.bends_invokes or not runs.size:
            return worth
        own = np.isin(who, solo.columns)
        foe = (
            np.zeros(runs.size, dtype=bool)
            if against is None
            else np.isin(against[rows], solo.columns)
        )
        bent = np.flatnonzero(own | foe)
        if not bent.size:
            return worth
        free = self.free[runs[bent], who[bent]] > 0  # free invokes are spent first
        pcs, allies = self.solo_facing(runs[bent])
        cases, where = np.unique(
            np.stack([own[bent], free, pcs, allies], axis=1).astype(np.int64),
            axis=0,
            return_inverse=True,
        )
        found = [
            solo.own_invoke(p, a, free=bool(f)) if o else solo.invoke_against(p, a, free=bool(f))
            for o, f, p, a in cases.tolist()
        ]
        worth[bent] = np.array(found, dtype=np.int64)[where.reshape(-1)]
        return worth
