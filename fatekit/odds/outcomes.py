"""What a batch of simulated conflicts came to, as arrays (one row per run)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["CONCEDED", "STANDING", "TAKEN_OUT", "Outcomes"]

STANDING, CONCEDED, TAKEN_OUT = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Outcomes:
    """Per run: the winning side (0 or 1, -1 when the exchange limit came first), the exchanges
    played, and per fighter the status at the end, the consequences taken by severity (mild,
    moderate, severe, extreme) and the fate points spent on invokes (an NPC's come from the GM's
    pool)."""

    winner: npt.NDArray[np.int8]
    exchanges: npt.NDArray[np.int16]
    status: npt.NDArray[np.int8]
    consequences: npt.NDArray[np.int16]
    fate_points: npt.NDArray[np.int16]

    @property
    def runs(self) -> int:
        """How many conflicts were played."""
        return int(self.winner.shape[0])

    @classmethod
    def join(cls, parts: Sequence[Outcomes]) -> Outcomes:
        """Outcomes of several batches, in order."""
        return cls(
            np.concatenate([p.winner for p in parts]),
            np.concatenate([p.exchanges for p in parts]),
            np.concatenate([p.status for p in parts]),
            np.concatenate([p.consequences for p in parts]),
            np.concatenate([p.fate_points for p in parts]),
        )

    def same_as(self, other: Outcomes) -> bool:
        """Whether two batches came out exactly alike, run by run."""
        return (
            np.array_equal(self.winner, other.winner)
            and np.array_equal(self.exchanges, other.exchanges)
            and np.array_equal(self.status, other.status)
            and np.array_equal(self.consequences, other.consequences)
            and np.array_equal(self.fate_points, other.fate_points)
        )
