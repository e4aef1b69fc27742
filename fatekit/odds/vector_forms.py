"""The vectorized engine's side of a big bad's true forms (the big-bads optional rule).

Each later form gets a column of its own after the scenario's fighters, waiting until the form
before it is taken out; then it steps in where that one stood, in its place in the turn order and
among its side, with what the participant carries (position, free invokes, fate points, the
action taken this exchange, consequences counted so far). Whoever held free invokes on the fallen
form's consequences loses them with its sheet, as in the rules engine, which replaces the sheet:
so the columns keep, for each holder, the free invokes on the big bad's consequences (by their
place on its sheet) and those on fighters listed after it, to spend free invokes in the order
the scalar engine does (the scene's, then the fighters' in the order they are listed).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from fatekit.odds.outcomes import STANDING
from fatekit.odds.plan import FightPlan

__all__ = ["WAITING", "FormColumns"]

#: The status of a form not revealed yet (never in a report).
WAITING = -1

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


class FormColumns:
    """True forms in a batch of runs; mixed into the vectorized engine's batch."""

    plan: FightPlan
    status: npt.NDArray[np.int8]
    side: IntArray
    pos: IntArray
    free: IntArray
    fate: IntArray
    acted: BoolArray
    guarding: BoolArray
    defended: BoolArray
    consequences: npt.NDArray[np.int16]
    spent: npt.NDArray[np.int16]
    filled: BoolArray

    def forms_setup(self, runs: int) -> None:
        """Set the later forms waiting, and the sides' members (``members``) with each form
        where the big bad is."""
        plan = self.plan
        count = len(plan.fighters)
        self.form_columns: list[int] = []  # the big bad's columns, first form first
        self.bad = -1
        if plan.forms:
            self.bad = plan.index(plan.forms[0].id)
            self.form_columns = [self.bad, *range(count, count + len(plan.forms))]
            self.status[:, count:] = WAITING
        self.members = [
            np.array(
                [
                    c
                    for i in range(count)
                    if plan.fighters[i].side == s
                    for c in self._as_columns(i)
                ],
                dtype=np.int64,
            )
            for s in (0, 1)
        ]
        bad_plans = (plan.fighters[self.bad], *plan.forms) if plan.forms else ()
        width = max([i + 1 for f in bad_plans for i, _, _ in f.slots] + [1])
        columns = count + len(plan.forms)
        # Free invokes each holder keeps on the big bad's consequences (by place on its sheet),
        # and on the consequences of fighters listed after it.
        self.held = np.zeros((runs, columns, width), dtype=np.int64)
        self.after = np.zeros((runs, columns), dtype=np.int64)
        self.sheet_slot = np.full(
            (columns, max([len(f.slots) for f in (*plan.fighters, *plan.forms)] + [1])), -1
        )
        for c, f in enumerate((*plan.fighters, *plan.forms)):
            for j, (index, _, _) in enumerate(f.slots):
                self.sheet_slot[c, j] = index

    def _as_columns(self, i: int) -> list[int]:
        # Hazards are negative numbers: no big bad (-1 for "none") stands for one.
        return self.form_columns if self.form_columns and i == self.bad else [i]

    def with_forms(self, order: Sequence[int]) -> list[int]:
        """A turn order (hazards as negative numbers) with each form where the big bad acts."""
        return [c for i in order for c in self._as_columns(i)]

    def folded(self) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int16], npt.NDArray[np.int16]]:
        """Status, consequences and fate points spent per fighter, the forms as one."""
        count = len(self.plan.fighters)
        status = self.status[:, :count].copy()
        consequences = self.consequences[:, :count].copy()
        spent = self.spent[:, :count].copy()
        if self.form_columns:
            later = self.form_columns[1:]
            for c in later:  # the last form revealed is the big bad's status
                shown = self.status[:, c] != WAITING
                status[shown, self.bad] = self.status[shown, c]
            consequences[:, self.bad] += self.consequences[:, later].sum(axis=1, dtype=np.int16)
            spent[:, self.bad] += self.spent[:, later].sum(axis=1, dtype=np.int16)
        return status, consequences, spent

    def granted(self, runs: IntArray, actor: int, target: IntArray, chosen: BoolArray) -> None:
        """Note the free invokes ``actor`` got on the consequences ``chosen`` (plan slots) on
        each run's ``target``: on the big bad's sheet, or on a fighter listed after it."""
        if not self.form_columns:
            return
        bad = np.isin(target, self.form_columns)
        later = ~bad & (target > self.bad)
        self.after[runs[later], actor] += chosen[later].sum(axis=1)
        rows = np.flatnonzero(bad)
        for j in range(chosen.shape[1]):
            got = rows[chosen[rows, j]]
            np.add.at(self.held, (runs[got], actor, self.sheet_slot[target[got], j]), 1)

    def spend_free(self, runs: IntArray, who: IntArray) -> None:
        """Each of ``who`` spends one free invoke: the scene's and those on fighters listed
        before the big bad first, then those on the big bad's sheet in order, then the rest."""
        if not self.form_columns or not runs.size:
            return
        held = self.held[runs, who]  # [k, width]
        elsewhere = self.free[runs, who] - held.sum(axis=1) - self.after[runs, who]
        on_bad = (elsewhere <= 0) & (held.sum(axis=1) > 0)
        first = (held > 0).argmax(axis=1)
        self.held[runs[on_bad], who[on_bad], first[on_bad]] -= 1
        last = (elsewhere <= 0) & ~on_bad
        self.after[runs[last], who[last]] -= 1

    def reveal(self, runs: IntArray, target: IntArray) -> None:
        """Where a form of the big bad was just taken out, its next form steps in."""
        columns = self.form_columns
        for old, new in itertools.pairwise(columns):
            rows = runs[target == old]
            if not rows.size:
                continue
            self.status[rows, new] = STANDING
            for state in (self.pos, self.free, self.fate, self.acted, self.guarding, self.after):
                state[rows, new] = state[rows, old]
            self.defended[rows, new] = self.defended[rows, old]
            for count in (self.consequences, self.spent):
                count[rows, new] = count[rows, old]
                count[rows, old] = 0
            kept = np.zeros_like(self.held[rows])
            if self.plan.carries:  # the gentle variant: consequences carry over
                kept = self.carry(rows, old, new)
            # The fallen form's sheet goes, and every free invoke on its consequences with it,
            # but for those on consequences carried over.
            self.free[rows] -= self.held[rows].sum(axis=2) - kept.sum(axis=2)
            self.held[rows] = kept

    def carry(self, rows: IntArray, old: int, new: int) -> IntArray:
        """Carry the consequences of the form ``old`` over to ``new`` in each of ``rows``, as
        the plan's :class:`~fatekit.odds.big_bad.Carry` says; return the free invokes that
        stay on them ([run, holder, place on the new sheet])."""
        carry = self.plan.carries[self.form_columns.index(old)]
        count = len(carry.moved[0])
        mask = (self.filled[rows, old, :count].astype(np.int64) << np.arange(count)).sum(axis=1)
        news = len(carry.filled[0])
        self.filled[rows, new, :news] = np.array(carry.filled, dtype=bool)[mask]
        kept = np.zeros_like(self.held[rows])
        moved = np.array(carry.moved, dtype=np.int64)[mask]  # [k, count]
        k = np.arange(rows.size)
        for j in range(count):
            there = moved[:, j] >= 0
            source = self.sheet_slot[old, j]
            kept[k[there], :, moved[there, j]] += self.held[rows[there], :, source]
        return kept
