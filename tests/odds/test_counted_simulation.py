"""Aspects counted instead of skills in the fight simulator (The Three Rocketeers; srd/three-
rocketeers-no-skill-swashbuckling-SRD.md § Refresh, Stunts, and Aspects-only Skills): a PC that
counts aspects attacks and defends at the bonus the rule's own ``counted_bonus`` gives the
aspects its scenario entry names (by default the hero aspect alone), so a fight's odds match the
exact odds of a roll at that bonus; both engines agree run by run."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from fatekit.formats import dumps_character
from fatekit.odds import play
from fatekit.odds.exact import chances
from fatekit.odds.plan import fight_plan
from fatekit.odds.scenario import scenario_from_dict
from fatekit.rules.characters.character import minor_npc
from fatekit.rules.core.errors import BadInput

SAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples" / "three-rocketeers"
HERO = "severine/high_concept/1"
SWORDPLAY = "severine/character/1"
ROOFTOPS = "severine/character/4"
QUIET = {"invoke_for": "never", "defend_invokes": False, "fate_points": False}


def _severine(*, spent: bool = False) -> dict[str, Any]:
    """The sample PC; ``spent``: every stress box marked and every consequence taken, so any
    hit on her takes her out."""
    sheet: dict[str, Any] = json.loads(
        (SAMPLES / "severine-dufresne.character.json").read_text(encoding="utf-8")
    )
    if spent:
        for box in sheet["stress"]["any"]:
            box["marked"] = True
        for n, slot in enumerate(sheet["consequences"]):
            slot["aspect"] = {"name": f"Wound {n + 1}"}
    return sheet


def _guard(skill: str, rating: int) -> dict[str, Any]:
    """A Cardinal's guard rated in one approach, with no stress box: any hit takes him out."""
    guard = minor_npc(
        "rocketeers", "guard", "Cardinal's Guard", ["Guard"], {skill: rating}, stress_boxes=0
    )
    loaded: dict[str, Any] = json.loads(dumps_character(guard))
    return loaded


def _duel(
    first: str, guard: dict[str, Any], *, counted: list[str] | None, spent: bool = False
) -> dict[str, Any]:
    entry: dict[str, Any] = {"character": _severine(spent=spent)}
    if counted is not None:
        entry["counted"] = counted
    heroes = {"members": ["severine"], "policy": QUIET}
    guards = {"members": ["guard"], "policy": QUIET}
    sides = {"heroes": heroes, "guards": guards}
    return {
        "format": "fatekit-scenario",
        "version": 1,
        "preset": "rocketeers",
        "max_exchanges": 1,
        "characters": [entry, {"character": guard}],
        "sides": sides,
        "order": [first, "severine" if first == "guard" else "guard"],
    }


def _hit(c: Any) -> float:
    return float(c.success + c.success_with_style)


def _close(won: float, exact: float, runs: int) -> bool:
    return abs(won - exact) <= 4 * (exact * (1 - exact) / runs) ** 0.5 + 1e-3


@pytest.mark.rule("aspects.counted")
@pytest.mark.parametrize(
    ("counted", "bonus"),
    [([HERO, SWORDPLAY], 3), (["A Rapier Learned on a Pitching Airship Deck"], 1), (None, 2)],
)
def test_an_attack_at_the_counted_bonus_wins_as_often_as_the_exact_odds(
    counted: list[str] | None, bonus: int
) -> None:
    """Séverine acts first against a guard (Quick +1) that any hit takes out, in one exchange
    with no invokes: her side wins exactly when her attack at the counted bonus succeeds (hero
    and swordplay +3; swordplay named by its name +1; none named: the hero aspect, +2)."""
    scenario = scenario_from_dict(_duel("severine", _guard("quick", 1), counted=counted))
    plan = fight_plan(scenario)
    me = plan.fighters[plan.index("severine")]
    assert (me.close.modifier, me.close.rating, me.defend_close.rating) == (bonus, bonus, bonus)
    runs = 20_000
    won = float((play(scenario, runs, seed=11, engine="vector").winner == 0).mean())
    assert _close(won, _hit(chances(bonus, 1, active=True)), runs)
    few = 600  # the reference engine, through the rules engine's conflict, fights the same runs
    reference = play(scenario, few, seed=11, engine="scalar")
    assert (reference.winner == play(scenario, few, seed=11, engine="vector").winner).all()


@pytest.mark.rule("aspects.counted")
def test_a_defence_at_the_counted_bonus_holds_as_often_as_the_exact_odds() -> None:
    """A guard (Forceful +4) attacks first a Séverine whom any hit takes out; she defends with
    hero, swordplay and her rooftops aspect (+4): the guard's side wins exactly when his attack
    succeeds against an active +4."""
    duel = _duel("guard", _guard("forceful", 4), counted=[HERO, SWORDPLAY, ROOFTOPS], spent=True)
    scenario = scenario_from_dict(duel, table_sheets=True)
    runs = 20_000
    won = float((play(scenario, runs, seed=3, engine="vector").winner == 1).mean())
    assert _close(won, _hit(chances(4, 4, active=True)), runs)
    few = 600
    reference = play(scenario, few, seed=3, engine="scalar")
    assert (reference.winner == play(scenario, few, seed=3, engine="vector").winner).all()


@pytest.mark.rule("aspects.counted.named-first", "aspects.counted.npcs")
@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d["characters"][0].update(counted=[HERO, HERO]), "counted twice"),
        (lambda d: d["characters"][0].update(counted=["guard/high_concept/1"]), "not an aspect"),
        (lambda d: d["characters"][0].update(counted="hero"), "list of strings"),
        (lambda d: d["characters"][1].update(counted=[]), "only a PC"),
    ],
)
def test_bad_counted_aspects_are_refused_at_their_field(change: Any, says: str) -> None:
    duel = copy.deepcopy(_duel("severine", _guard("quick", 1), counted=None))
    change(duel)
    with pytest.raises(BadInput, match=says) as refused:
        scenario_from_dict(duel)
    assert "counted" in str(refused.value)
