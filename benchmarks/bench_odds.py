"""Odds queries per second over a fixed mix of rolls, invokes and targets.

Each query asks for the exact chance of reaching a target with K invokes (and the invokes that
takes), for a rating against a difficulty or an active opposition. The mix sweeps the ladder
(-4..+8 against -4..+8), passive and active, 0 to 3 invokes and the three targets. The first
pass fills the programme's caches; the figure given is for passes after that (warm), with the
cold first pass reported too.
"""

from __future__ import annotations

import itertools
import time

from fatekit.odds import Target, invoke_odds
from fatekit.odds.invokes import clear_cache

MIX = list(itertools.product(range(-4, 9), range(-4, 9), (False, True), range(4), tuple(Target)))


def one_pass() -> None:
    for mine, theirs, active, invokes, target in MIX:
        invoke_odds(mine, theirs, invokes=invokes, target=target, active=active)


def main() -> None:
    clear_cache()
    start = time.perf_counter()
    one_pass()
    cold = len(MIX) / (time.perf_counter() - start)
    passes, start = 0, time.perf_counter()
    while time.perf_counter() - start < 2.0:
        one_pass()
        passes += 1
    warm = passes * len(MIX) / (time.perf_counter() - start)
    print(
        f"odds: {len(MIX):,} queries per pass (ladder x ladder x passive/active x 0-3 invokes x 3 targets)"
    )
    print(f"odds: {cold:,.0f} queries/s on the first pass (caches empty)")
    print(f"odds: {warm:,.0f} queries/s afterwards")


if __name__ == "__main__":
    main()
