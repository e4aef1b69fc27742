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

__all__ = [
    "DICE_COUNTS",
    "Advice",
    "Chances",
    "Choice",
    "HitOdds",
    "InvokeOdds",
    "Target",
    "advise",
    "best_choice",
    "chances",
    "dice_distribution",
    "effective_modifier",
    "hit_odds",
    "invoke_odds",
    "shift_distribution",
]
