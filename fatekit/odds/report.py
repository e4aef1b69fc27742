"""What a simulation says: who wins how often, how long fights last, what they cost whom."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from fatekit.odds.outcomes import CONCEDED, TAKEN_OUT, Outcomes
from fatekit.odds.plan import SEVERITIES, FightPlan

__all__ = ["FighterOdds", "Report", "SideOdds", "make_report", "wilson_interval"]

_Z95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


def wilson_interval(successes: int, trials: int, z: float = _Z95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (sound near 0 and 1, unlike the plain one)."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    scale = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / scale
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / scale
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True, slots=True)
class SideOdds:
    """A side's wins, the share of runs they are, and a 95% interval for the true chance."""

    name: str
    wins: int
    chance: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class FighterOdds:
    """One fighter's fate over the runs: chances of being taken out, of conceding, of taking
    at least one consequence of each severity, and the mean fate points they spent."""

    id: str
    side: str
    taken_out: float
    conceded: float
    consequences: dict[str, float]
    fate_points: float
    randomizer: str = "4dF"  # how their rolls were drawn (a Randomizer's value)


@dataclass(frozen=True, slots=True)
class Report:
    """The whole report of a simulation."""

    title: str
    runs: int
    engine: str
    seed: int
    sides: tuple[SideOdds, SideOdds]
    unfinished: float  # no side won within the exchange limit
    max_exchanges: int
    exchanges: dict[int, float]  # exchanges played -> share of runs
    mean_exchanges: float
    fighters: tuple[FighterOdds, ...]
    randomizer: str = "4dF"  # how rolls were drawn, but those of a fighter drawing its own way

    def as_json(self) -> dict[str, Any]:
        """The report as plain JSON data."""
        return {
            "title": self.title,
            "runs": self.runs,
            "engine": self.engine,
            "seed": self.seed,
            "randomizer": self.randomizer,
            "sides": {
                s.name: {"wins": s.wins, "win": s.chance, "interval": [s.low, s.high]}
                for s in self.sides
            },
            "unfinished": self.unfinished,
            "max_exchanges": self.max_exchanges,
            "exchanges": {
                "mean": self.mean_exchanges,
                "distribution": {str(k): v for k, v in self.exchanges.items()},
            },
            "fighters": {
                f.id: {
                    "side": f.side,
                    "taken_out": f.taken_out,
                    "conceded": f.conceded,
                    "consequences": f.consequences,
                    "fate_points": f.fate_points,
                    **({"randomizer": f.randomizer} if f.randomizer != self.randomizer else {}),
                }
                for f in self.fighters
            },
        }

    def as_text(self) -> str:
        """The report for a person to read."""
        lines = [f"{self.title}: {self.runs:,} runs ({self.engine} engine, seed {self.seed})"]
        own = [f for f in self.fighters if f.randomizer != self.randomizer]
        if self.randomizer != "4dF" or own:
            lines.append(f"{'rolls' if own else 'every roll'} drawn with {self.randomizer}")
        lines.extend(f"{f.id}'s rolls drawn with {f.randomizer}" for f in own)
        lines.append("")
        width = max(len(s.name) for s in self.sides)
        lines.append(f"{'side':<{width}}  {'wins':>6}  95% interval")
        for s in self.sides:
            lines.append(f"{s.name:<{width}}  {_pct(s.chance):>6}  {_pct(s.low)} to {_pct(s.high)}")
        if self.unfinished:
            lines.append(
                f"no winner within {self.max_exchanges} exchanges: {_pct(self.unfinished)}"
            )
        lines += ["", f"exchanges: {self.mean_exchanges:.1f} on average"]
        shown = sorted(self.exchanges.items())
        lines.append("  " + "  ".join(f"{k}: {_pct(v)}" for k, v in shown if v >= 0.0005))
        lines.append("")
        name = max([len(f.id) for f in self.fighters] + [7])
        side = max([len(f.side) for f in self.fighters] + [4])
        head = f"{'fighter':<{name}}  {'side':<{side}}  {'out':>6}  {'conceded':>8}"
        head += "".join(f"  {s.value:>8}" for s in SEVERITIES) + "  fate points"
        lines.append(head)
        for f in self.fighters:
            row = f"{f.id:<{name}}  {f.side:<{side}}  {_pct(f.taken_out):>6}  {_pct(f.conceded):>8}"
            row += "".join(f"  {_pct(f.consequences[s.value]):>8}" for s in SEVERITIES)
            lines.append(row + f"  {f.fate_points:11.2f}")
        return "\n".join(lines)


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"


def make_report(
    title: str,
    side_names: tuple[str, str],
    plan: FightPlan,
    outcomes: Outcomes,
    engine: str,
    seed: int,
) -> Report:
    """Summarise ``outcomes``."""
    runs = outcomes.runs
    sides = []
    for index, name in enumerate(side_names):
        wins = int((outcomes.winner == index).sum())
        low, high = wilson_interval(wins, runs)
        sides.append(SideOdds(name, wins, wins / runs, low, high))
    counts = np.bincount(outcomes.exchanges, minlength=plan.max_exchanges + 1)
    fighters = []
    for i, fighter in enumerate(plan.fighters):
        took = outcomes.consequences[:, i, :] > 0
        fighters.append(
            FighterOdds(
                fighter.id,
                side_names[fighter.side],
                float((outcomes.status[:, i] == TAKEN_OUT).mean()),
                float((outcomes.status[:, i] == CONCEDED).mean()),
                {s.value: float(took[:, j].mean()) for j, s in enumerate(SEVERITIES)},
                float(outcomes.fate_points[:, i].mean()),
                plan.way(i).value,
            )
        )
    return Report(
        title,
        runs,
        engine,
        seed,
        (sides[0], sides[1]),
        float((outcomes.winner < 0).mean()),
        plan.max_exchanges,
        {k: float(c / runs) for k, c in enumerate(counts) if c},
        float(outcomes.exchanges.mean()),
        tuple(fighters),
        plan.randomizer.value,
    )
