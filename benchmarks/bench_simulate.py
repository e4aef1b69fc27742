"""Simulated conflicts per second for both engines, on four heroes against a boss and five
minions (benchmarks/boss-and-minions.json), and the ratio; then the same fight with two of the
heroes drawing their own ways (d6-d6 and the Deck of Fate, as seats that chose them would), which
reads a tape and an invoke table per way.

Both engines play the same runs from the same seed; the benchmark checks that they came out
exactly alike before printing the figures.
"""

from __future__ import annotations

import dataclasses
import time
from pathlib import Path

from fatekit.odds import fight_plan, load_scenario
from fatekit.odds.scalar import simulate_scalar
from fatekit.odds.scenario import Scenario
from fatekit.odds.vector import simulate_vector
from fatekit.rules.core.randomizers import Randomizer

SCENARIO = Path(__file__).parent / "boss-and-minions.json"
SCALAR_RUNS = 1_000
VECTOR_RUNS = 100_000
SEED = 2026


def main() -> None:
    scenario = load_scenario(SCENARIO)
    plan = fight_plan(scenario)
    start = time.perf_counter()
    reference = simulate_scalar(scenario, plan, range(SCALAR_RUNS), SEED)
    scalar_rate = SCALAR_RUNS / (time.perf_counter() - start)
    start = time.perf_counter()
    fast = simulate_vector(plan, range(VECTOR_RUNS), SEED)
    vector_rate = VECTOR_RUNS / (time.perf_counter() - start)
    head = simulate_vector(plan, range(SCALAR_RUNS), SEED)
    same = head.same_as(reference)
    print(f"simulate: {scenario.title} ({len(plan.fighters)} fighters)")
    print(f"simulate: scalar engine {scalar_rate:,.0f} conflicts/s ({SCALAR_RUNS:,} runs)")
    print(f"simulate: vector engine {vector_rate:,.0f} conflicts/s ({VECTOR_RUNS:,} runs)")
    print(f"simulate: vector/scalar = {vector_rate / scalar_rate:,.0f}x")
    print(
        f"simulate: same {SCALAR_RUNS:,} runs from both engines: {'identical' if same else 'DIFFERENT'}"
    )
    heroes = float((fast.winner == 0).mean())
    print(f"simulate: heroes win {100 * heroes:.1f}% of {VECTOR_RUNS:,} fights")
    if not same:
        raise SystemExit("the engines disagree")
    mixed(scenario)


def mixed(scenario: Scenario) -> None:
    """The fight with the first two heroes on ways of their own."""
    heroes = list(scenario.fighters)[:2]
    fighters = dict(scenario.fighters)
    for who, way in zip(heroes, (Randomizer.D6_MINUS_D6, Randomizer.DECK_OF_FATE), strict=True):
        fighters[who] = dataclasses.replace(fighters[who], randomizer=way)
    scenario = dataclasses.replace(scenario, fighters=fighters)
    plan = fight_plan(scenario)
    reference = simulate_scalar(scenario, plan, range(SCALAR_RUNS // 5), SEED)
    start = time.perf_counter()
    fast = simulate_vector(plan, range(VECTOR_RUNS), SEED)
    rate = VECTOR_RUNS / (time.perf_counter() - start)
    same = simulate_vector(plan, range(SCALAR_RUNS // 5), SEED).same_as(reference)
    print(
        f"simulate: {', '.join(heroes)} on d6-d6 and the deck: vector engine {rate:,.0f} conflicts/s"
    )
    print(
        f"simulate: same {SCALAR_RUNS // 5:,} runs from both engines: {'identical' if same else 'DIFFERENT'}"
    )
    heroes_win = float((fast.winner == 0).mean())
    print(f"simulate: heroes win {100 * heroes_win:.1f}% of {VECTOR_RUNS:,} fights")
    if not same:
        raise SystemExit("the engines disagree")


if __name__ == "__main__":
    main()
