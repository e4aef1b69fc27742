"""The Discord agent in ``make test``: a few seeded evenings (odd seeds through the interactions
endpoint, even ones over the Gateway), each with nothing found, and together reaching every slash
command, button, menu and form. ``make soak`` plays many more (``python -m tests.discord``)."""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path

import pytest

from .agent import EVERYTHING, Evening

SEEDS = (1, 2, 3)
STEPS = 250
reached: Counter[str] = Counter()


@pytest.mark.parametrize("seed", SEEDS)
def test_an_evening_through_discord_finds_nothing(tmp_path: Path, seed: int) -> None:
    done = asyncio.run(Evening(tmp_path, seed, STEPS, endpoint=seed % 2 == 1).play())
    reached.update(done.reached)
    assert not done.findings, "\n".join(
        [f.line() for f in done.findings]
        + [f"again, step by step: python -m tests.discord --seeds {seed} --steps {STEPS} --trail"]
    )


def test_the_evenings_reach_every_command_button_and_form() -> None:
    if not reached:
        pytest.skip("the evenings did not run in this session (run the whole file)")
    assert not EVERYTHING - set(reached), sorted(EVERYTHING - set(reached))
