"""The two simulator engines play the same rules.

Both read the same tape of dice for a seed, so they must agree run by run; and with different
seeds, their outcome distributions must agree by a chi-square test of homogeneity (fixed seeds,
so the test gives the same verdict every time). The scenarios include the golden scenes'
warehouse fight and Charles's ghoul, the benchmark's boss and minions, both versions of full
defense (Fate Condensed's standoff, Fate Core's last stand), both versions of conditions (the
seance, where any box takes any harm; the crypt, kept apart, with rows that stop taking marks),
teamwork (the gang-up, where both sides help their best attacker), hazards (the burning mill's,
one filling the scene and one in a zone, in elective order; the flood's, in Fate Core's skill
order), big bads: solo bonuses (the lich, alone once its servant falls) and a true form (the
cult's high priest), and War of Ashes' weight (the lizardmen's camp: dice turned as the sides
in a zone change, rerolls too).
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from fatekit.odds import Outcomes, fight_plan, load_scenario, play
from fatekit.odds.outcomes import CONCEDED, TAKEN_OUT
from fatekit.odds.scalar import _Run
from fatekit.odds.tape import Tape
from fatekit.odds.vector import _Batch, simulate_vector

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = {
    "warehouse": ROOT / "tests/odds/scenarios/warehouse.json",
    "ghoul": ROOT / "tests/odds/scenarios/ghoul.json",
    "pier": ROOT / "tests/odds/scenarios/pier.json",
    "mind-games": ROOT / "tests/odds/scenarios/mind-games.json",
    "vampire": ROOT / "tests/odds/scenarios/vampire.json",
    "standoff": ROOT / "tests/odds/scenarios/standoff.json",
    "last-stand": ROOT / "tests/odds/scenarios/last-stand.json",
    "seance": ROOT / "tests/odds/scenarios/seance.json",
    "crypt": ROOT / "tests/odds/scenarios/crypt.json",
    "gang-up": ROOT / "tests/odds/scenarios/gang-up.json",
    "burning-mill": ROOT / "tests/odds/scenarios/burning-mill.json",
    "flood": ROOT / "tests/odds/scenarios/flood.json",
    "lich": ROOT / "tests/odds/scenarios/lich.json",
    "cult": ROOT / "tests/odds/scenarios/cult.json",
    "boss-and-minions": ROOT / "benchmarks/boss-and-minions.json",
    "agaptus": ROOT / "tests/odds/scenarios/agaptus.json",
}
SCALAR_RUNS = 400
VECTOR_RUNS = 20_000


@cache
def scalar(name: str) -> Outcomes:
    slow = (
        "warehouse",
        "boss-and-minions",
        "vampire",
        "standoff",
        "last-stand",
        "crypt",
        "lich",
        "cult",
    )
    runs = 150 if name in slow else SCALAR_RUNS
    return play(load_scenario(SCENARIOS[name]), runs, seed=11, engine="scalar")


@pytest.mark.parametrize("name", SCENARIOS)
def test_both_engines_play_every_run_alike_from_the_same_seed(name: str) -> None:
    reference = scalar(name)
    fast = play(load_scenario(SCENARIOS[name]), reference.runs, seed=11, engine="vector")
    for run in range(reference.runs):
        assert fast.winner[run] == reference.winner[run], run
        assert fast.exchanges[run] == reference.exchanges[run], run
        assert (fast.status[run] == reference.status[run]).all(), run
        assert (fast.consequences[run] == reference.consequences[run]).all(), run
        assert (fast.fate_points[run] == reference.fate_points[run]).all(), run


def test_npcs_without_a_stress_box_are_played_alike_by_both_engines(tmp_path: Path) -> None:
    """Og's last stand (Fate Core's escalating boxes) with Og and his thug given no stress box:
    Og's consequences take every hit, the thug is taken out by the first. The vector engine
    looked for the least box that fits among none and failed (foresight answered 500 on such a
    fight in a recorded evening)."""
    scenario = json.loads(SCENARIOS["last-stand"].read_text(encoding="utf-8"))
    for entry in scenario["characters"]:
        if entry["character"]["id"] in ("og", "thug"):
            entry["character"]["stress"] = {"physical": []}
    path = tmp_path / "no-boxes.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    reference = play(load_scenario(path), 60, seed=5, engine="scalar")
    fast = play(load_scenario(path), 60, seed=5, engine="vector")
    assert (fast.winner == reference.winner).all()
    assert (fast.status == reference.status).all()
    assert (fast.consequences == reference.consequences).all()
    # Og's consequences were used: the boxless path was walked with something absorbed.
    assert fast.consequences.sum() > 0


# -- the statistical comparison ------------------------------------------------------------------


def _upper_gamma(a: float, x: float) -> float:
    """The regularised upper incomplete gamma function Q(a, x) (series or continued fraction)."""
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        while abs(term) > 1e-15 * abs(total):
            n += 1
            term *= x / n
            total += term
        return 1.0 - total * math.exp(log_front)
    b, c, d = x + 1 - a, 1e300, 1 / (x + 1 - a)
    h = d
    for i in range(1, 500):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(log_front) * h


def homogeneity_p(first: npt.NDArray[np.int64], second: npt.NDArray[np.int64]) -> float:
    """Chi-square test that two samples of category counts come from one distribution.

    Categories too rare for the test (an expected count under 5) are pooled together, and the
    pool joins the commonest category if it is still too rare.
    """
    table = np.array([first, second], dtype=float)
    table = table[:, table.sum(axis=0) > 0]
    expected = table.sum(axis=1, keepdims=True) * table.sum(axis=0) / table.sum()
    rare = expected.min(axis=0) < 5
    if rare.any():
        pooled = table[:, rare].sum(axis=1)
        table = table[:, ~rare]
        pool_expected = pooled.sum() * table.sum(axis=1).min() / max(table.sum(), 1)
        if table.shape[1] and pool_expected < 5:
            table[:, table.sum(axis=0).argmax()] += pooled
        else:
            table = np.concatenate([table, pooled[:, None]], axis=1)
    if table.shape[1] < 2:
        return 1.0
    expected = table.sum(axis=1, keepdims=True) * table.sum(axis=0) / table.sum()
    statistic = float(((table - expected) ** 2 / expected).sum())
    return _upper_gamma((table.shape[1] - 1) / 2, statistic / 2)


def test_the_chi_square_helper_knows_its_tables() -> None:
    # The 5% critical values of chi-square with 1, 2 and 4 degrees of freedom.
    assert _upper_gamma(0.5, 3.841 / 2) == pytest.approx(0.05, abs=1e-4)
    assert _upper_gamma(1.0, 5.991 / 2) == pytest.approx(0.05, abs=1e-4)
    assert _upper_gamma(2.0, 9.488 / 2) == pytest.approx(0.05, abs=1e-4)
    same = np.array([500, 300, 200])
    assert homogeneity_p(same, same * 3) == pytest.approx(1.0)
    assert homogeneity_p(np.array([500, 500]), np.array([300, 700])) < 1e-9


def categories(outcomes: Outcomes) -> dict[str, npt.NDArray[np.int64]]:
    """Counts per category of everything the report says."""
    found = {
        "winner": np.bincount(outcomes.winner + 1, minlength=3),
        "exchanges": np.bincount(
            np.digitize(outcomes.exchanges, [3, 5, 7, 9, 12, 16, 22]), minlength=8
        ),
    }
    for i in range(outcomes.status.shape[1]):
        found[f"status {i}"] = np.bincount(outcomes.status[:, i], minlength=3)
        took = (outcomes.consequences[:, i, :] > 0).astype(int) @ np.array([1, 2, 4, 8])
        found[f"consequences {i}"] = np.bincount(took, minlength=16)
        found[f"fate points {i}"] = np.bincount(
            np.minimum(outcomes.fate_points[:, i], 6), minlength=7
        )
    return found


@pytest.mark.parametrize("name", SCENARIOS)
def test_both_engines_give_the_same_distributions_from_different_seeds(name: str) -> None:
    reference = scalar(name)
    plan = fight_plan(load_scenario(SCENARIOS[name]))
    fast = simulate_vector(plan, range(VECTOR_RUNS), seed=12)
    mine, theirs = categories(reference), categories(fast)
    # Many comparisons: each must pass at 0.1%, so a real difference shows and noise does not.
    failures = {key: p for key in mine if (p := homogeneity_p(mine[key], theirs[key])) < 1e-3}
    assert failures == {}
    # The outcomes are not trivial: both sides win sometimes or someone is taken out.
    assert (fast.status == TAKEN_OUT).any() or (fast.status == CONCEDED).any()


@pytest.mark.rule("option.conditions", "option.conditions.apart")
def test_condition_boxes_fill_up_to_each_rows_cut_off_in_both_engines() -> None:
    # Kept apart, a row takes two marks (plus one per added box), whatever track marked them:
    # the priestess comes in twice Scared and once Shaken, so no hit makes her Hurt and one
    # makes her Injured at most; Bram's stunt lets his mild row take four.
    plan = fight_plan(load_scenario(SCENARIOS["crypt"]))
    rows = [f.row_marks for f in plan.fighters]
    assert rows == [(4, 2, 2), (2, 2, 2), (0, 1, 2), (2, 2, 2)]
    fast = simulate_vector(plan, range(VECTOR_RUNS), seed=12)
    for outcomes in (scalar("crypt"), fast):
        most = outcomes.consequences[:, :, :3].max(axis=0)
        assert (most <= np.array(rows)).all()
    # With many runs every row fills to its cut-off somewhere.
    assert fast.consequences[:, :, :3].max(axis=0).tolist() == [list(r) for r in rows]
    # Together, any box takes any harm: the medium came in Hurt and Injured from a brawl, so a
    # mental fight leaves her one box on each of those rows; Ada's stunt gives her four mild.
    seance = fight_plan(load_scenario(SCENARIOS["seance"]))
    assert all(f.row_marks is None for f in seance.fighters)
    most = simulate_vector(seance, range(VECTOR_RUNS), seed=12).consequences.max(axis=0)
    assert most[0, :3].tolist() == [4, 2, 2] and most[2, :3].tolist() == [1, 1, 2]


@pytest.mark.rule("option.conditions.apart")
def test_most_hurt_counts_only_the_boxes_a_row_still_takes() -> None:
    # The priestess's free Hurt boxes and her second Injured box are past their rows' cut-off:
    # her room is 3 stress, 2 for Injured and 6 for the Wounded boxes, in both engines.
    scenario = load_scenario(SCENARIOS["crypt"])
    plan = fight_plan(scenario)
    run = _Run(scenario, plan, Tape(1), 0)
    assert [run.room_left(who) for who in ("priestess", "warden")] == [11, 14]
    batch = _Batch(plan, 0, 1, seed=1)
    room = batch.room_left(np.array([0]), np.array([2, 3]))
    assert room.tolist() == [[11, 14]]


def test_a_runs_tape_does_not_depend_on_batching() -> None:
    plan = fight_plan(load_scenario(SCENARIOS["pier"]))
    whole = simulate_vector(plan, range(3000), seed=5)
    split = simulate_vector(plan, range(3000), seed=5, chunk=1024)
    assert whole.same_as(split)
    later = simulate_vector(plan, range(2000, 3000), seed=5)
    assert Outcomes(
        whole.winner[2000:],
        whole.exchanges[2000:],
        whole.status[2000:],
        whole.consequences[2000:],
        whole.fate_points[2000:],
    ).same_as(later)


@pytest.mark.parametrize("engine", ["scalar", "vector"])
def test_progress_is_reported_run_by_run_or_batch_by_batch(engine: str) -> None:
    seen: list[int] = []
    outcomes = play(
        load_scenario(SCENARIOS["ghoul"]), 40, seed=1, engine=engine, progress=seen.append
    )
    assert sum(seen) == outcomes.runs == 40
