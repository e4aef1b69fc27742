"""Exact odds, invoke advice and an encounter simulator, built on :mod:`fatekit.rules`.

- :func:`chances`, :func:`hit_odds`: the exact outcome distribution of one roll.
- :func:`invoke_odds`, :func:`advise`: invokes spent after the dice, by exact dynamic programming.
- :func:`load_scenario`, :func:`simulate`: play a fight many times, through the rules engine
  (``engine="scalar"``) or in lockstep with NumPy (``engine="vector"``), and report the odds.
"""

from fatekit.odds.exact import (
    DICE_COUNTS,
    Chances,
    HitOdds,
    Target,
    chances,
    dice_distribution,
    effective_modifier,
    hit_odds,
    shift_distribution,
)
from fatekit.odds.invokes import Advice, Choice, InvokeOdds, advise, best_choice, invoke_odds
from fatekit.odds.outcomes import Outcomes
from fatekit.odds.plan import FightPlan, fight_plan
from fatekit.odds.report import Report, wilson_interval
from fatekit.odds.scenario import Scenario, SidePolicy, load_scenario, scenario_from_dict
from fatekit.odds.simulate import Engine, play, simulate
from fatekit.odds.table import LadderTable, ladder_table, plot_table

__all__ = [
    "DICE_COUNTS",
    "Advice",
    "Chances",
    "Choice",
    "Engine",
    "FightPlan",
    "HitOdds",
    "InvokeOdds",
    "LadderTable",
    "Outcomes",
    "Report",
    "Scenario",
    "SidePolicy",
    "Target",
    "advise",
    "best_choice",
    "chances",
    "dice_distribution",
    "effective_modifier",
    "fight_plan",
    "hit_odds",
    "invoke_odds",
    "ladder_table",
    "load_scenario",
    "play",
    "plot_table",
    "scenario_from_dict",
    "shift_distribution",
    "simulate",
    "wilson_interval",
]
