"""The Discord agent in ``make test``: a few seeded evenings (odd seeds through the interactions
endpoint, even ones over the Gateway), each with nothing found, and together reaching every slash
command, button, menu and form. ``make soak`` plays many more (``python -m tests.discord``).

One test plays them all, so that what they reached together is known in one process (``pytest
-n`` spreads tests over workers)."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

from .agent import EVERYTHING, Evening

SEEDS = (3, 4, 5)
STEPS = 250


def test_evenings_through_discord_find_nothing_and_reach_everything(tmp_path: Path) -> None:
    reached: Counter[str] = Counter()
    for seed in SEEDS:
        done = asyncio.run(Evening(tmp_path, seed, STEPS, endpoint=seed % 2 == 1).play())
        reached.update(done.reached)
        assert not done.findings, "\n".join(
            [f.line() for f in done.findings]
            + [
                f"again, step by step: python -m tests.discord --seeds {seed} --steps {STEPS} --trail"
            ]
        )
    assert not EVERYTHING - set(reached), sorted(EVERYTHING - set(reached))
