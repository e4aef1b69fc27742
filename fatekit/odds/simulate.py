"""Simulate a scenario many times with either engine and report the odds."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from enum import StrEnum

from fatekit.odds.outcomes import Outcomes
from fatekit.odds.plan import FightPlan, fight_plan
from fatekit.odds.report import Report, make_report
from fatekit.odds.scalar import simulate_scalar
from fatekit.odds.scenario import Scenario
from fatekit.odds.vector import simulate_vector
from fatekit.rules.core.errors import BadInput

__all__ = ["Engine", "play", "simulate"]


class Engine(StrEnum):
    """Which engine plays the runs."""

    SCALAR = "scalar"  # through fatekit.rules, move by move: the reference
    VECTOR = "vector"  # NumPy, many runs in lockstep: fast


def play(
    scenario: Scenario,
    runs: int,
    *,
    seed: int,
    engine: Engine | str = Engine.VECTOR,
    plan: FightPlan | None = None,
    progress: Callable[[int], None] | None = None,
) -> Outcomes:
    """Play ``runs`` conflicts and return their raw outcomes."""
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise BadInput(f"the number of runs must be 1 or more, not {runs!r}")
    try:
        chosen = Engine(engine)
    except ValueError:
        raise BadInput(f"unknown engine {engine!r}; choose scalar or vector") from None
    planned = plan if plan is not None else fight_plan(scenario)
    if chosen is Engine.SCALAR:
        return simulate_scalar(scenario, planned, range(runs), seed, progress)
    return simulate_vector(planned, range(runs), seed, progress)


def simulate(
    scenario: Scenario,
    runs: int,
    *,
    seed: int | None = None,
    engine: Engine | str = Engine.VECTOR,
    progress: Callable[[int], None] | None = None,
) -> Report:
    """Play ``runs`` conflicts of ``scenario`` and report the odds.

    Without a seed one is drawn from the operating system; the report names it, so any
    simulation can be repeated exactly. Both engines give the same results for the same seed.
    """
    used = secrets.randbits(63) if seed is None else seed
    if used < 0:
        raise BadInput(f"a seed is a whole number of 0 or more, not {used}")
    plan = fight_plan(scenario)
    outcomes = play(scenario, runs, seed=used, engine=engine, plan=plan, progress=progress)
    names = (scenario.sides[0].name, scenario.sides[1].name)
    return make_report(scenario.title, names, plan, outcomes, Engine(engine).value, used)
