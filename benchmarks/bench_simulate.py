"""Simulated conflicts per second for both engines, on four heroes against a boss and five
minions (benchmarks/boss-and-minions.json), and the ratio.

Both engines play the same runs from the same seed; the benchmark checks that they came out
exactly alike before printing the figures.
"""

from __future__ import annotations

import time
from pathlib import Path

from fatekit.odds import fight_plan, load_scenario
from fatekit.odds.scalar import simulate_scalar
from fatekit.odds.vector import simulate_vector

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


if __name__ == "__main__":
    main()
