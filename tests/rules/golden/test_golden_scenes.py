"""Golden scenes: scripted scenes with entered dice, replayed through the engine.

Each file in tests/golden/ names its source in the rules texts; see docs/golden-scenes.md.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fatekit.rules.golden.replay import replay

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
SCRIPTS = sorted(GOLDEN.glob("*.json"))


@pytest.mark.parametrize("path", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_golden_scene(path: Path) -> None:
    script = json.loads(path.read_text(encoding="utf-8"))
    result = replay(script)
    assert result.steps == len(script["steps"])
