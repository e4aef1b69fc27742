"""War of Ashes' weight in the fight simulator (issue 41): both engines turn an attack's and a
defence's dice by the sides' weights in the zone as the table does (the rule's own
``dice_turned`` and ``turned_up``), so a fight's odds match the exact odds of a weighed roll
(srd/war-of-ashes.md § Advanced Conflict > Weight > Weight in Combat)."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from fatekit.formats import dumps_character
from fatekit.odds import play
from fatekit.odds.exact import chances
from fatekit.odds.scenario import scenario_from_dict
from fatekit.odds.tape import Tape, TapeDice, totals_block, turned_totals_block
from fatekit.rules.characters.character import Character, major_npc, minor_npc
from fatekit.rules.core.randomizers import Randomizer
from fatekit.rules.options.weight import turned_up

QUIET = {"invoke_for": "never", "defend_invokes": False, "fate_points": False}


def _sheet(character: Character) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(dumps_character(character))
    return loaded


def _duel(troll_weight: int, preset: str = "woa") -> dict[str, Any]:
    """A troll (Forceful +3) acting first against a goblin (Forceful +1) that any hit takes
    out, for one exchange with no invokes: the troll's side wins exactly when its first attack
    succeeds, and the troll cannot be taken out in that exchange."""
    troll = major_npc(
        preset, "troll", "Bridge Troll", high_concept="Troll", skills={"forceful": 3, "quick": 3}
    )
    troll.weight = troll_weight
    goblin = minor_npc(preset, "goblin", "Goblin", ["Goblin"], {"forceful": 1}, stress_boxes=0)
    return {
        "format": "fatekit-scenario",
        "version": 1,
        "preset": preset,
        "max_exchanges": 1,
        "characters": [{"character": _sheet(troll)}, {"character": _sheet(goblin)}],
        "sides": {
            "trolls": {"members": ["troll"], "policy": QUIET},
            "goblins": {"members": ["goblin"], "policy": QUIET},
        },
    }  # fmt: skip


def _hit(c: Any) -> float:
    return float(c.success + c.success_with_style)


@pytest.mark.rule("weight.two-to-one", "weight.four-to-one", "weight.sides")
@pytest.mark.parametrize(("weight", "turned"), [(1, 0), (2, 1), (3, 1), (4, 2), (9, 2)])
def test_a_fights_odds_are_the_exact_odds_of_the_weighed_roll(weight: int, turned: int) -> None:
    """A troll of weight 2 or 3 outweighs the goblin two to one (one die), of 4 or more four to
    one (two dice, never more); weight 1 turns none. The goblin's defence turns none."""
    scenario = scenario_from_dict(_duel(weight))
    runs = 20_000
    won = float((play(scenario, runs, seed=5, engine="vector").winner == 0).mean())
    exact = _hit(chances(3, 1, active=True, turned=turned))
    assert won == pytest.approx(exact, abs=4 * (exact * (1 - exact) / runs) ** 0.5 + 1e-3)
    # The reference engine, through the rules engine's conflict, fights the very same runs.
    few = 600
    reference = play(scenario, few, seed=5, engine="scalar")
    fast = play(scenario, few, seed=5, engine="vector")
    assert (reference.winner == fast.winner).all()


def test_without_weight_the_same_troll_turns_nothing() -> None:
    """Fate Accelerated (no weight): the troll's weight counts for nothing."""
    scenario = scenario_from_dict(_duel(4, preset="fae"))
    won = float((play(scenario, 20_000, seed=5).winner == 0).mean())
    exact = _hit(chances(3, 1, active=True))
    assert won == pytest.approx(exact, abs=0.012)
    assert exact < _hit(chances(3, 1, active=True, turned=2)) - 0.2


@pytest.mark.rule("weight.turned-dice")
@pytest.mark.parametrize("way", list(Randomizer))
def test_the_tapes_turned_totals_are_the_rules_turned_dice(way: Randomizer) -> None:
    """The vector engine's turned totals are what the rule's turned_up makes of the dice the
    scalar engine reads from the same tape, for every way of drawing."""
    assert (turned_totals_block(7, 0, 0, way, 0) == totals_block(7, 0, 0, way)).all()
    tape = Tape(7, way)
    for run in (0, 1, 500):
        dice = TapeDice(tape, run)
        row = [dice.roll() for _ in range(64)]
        for turned in (1, 2):
            block = turned_totals_block(7, 0, 0, way, turned)
            assert block[run].tolist() == [turned_up(d, turned).total for d in row]
    assert (turned_totals_block(7, 0, 0, way, 2) >= turned_totals_block(7, 0, 0, way, 1)).all()
    assert np.any(turned_totals_block(7, 0, 0, way, 1) > totals_block(7, 0, 0, way))
