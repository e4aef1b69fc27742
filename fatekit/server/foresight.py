"""Foresight for the GM: ``POST /tables/{id}/foresight`` plays the scene in play many times.

:data:`router` holds the endpoint, at module level like :mod:`fatekit.server.routes`;
:func:`fatekit.server.app.create_app` includes it and puts its :class:`Foresight` (the pool that
plays the fights) on ``app.state.foresight``, which the endpoint asks for as :data:`Pool`.

The table's scene becomes a simulator scenario (:mod:`fatekit.table.foresight`), read under the
table's lock like any other read; the fights are then played off the event loop, in a pool of
worker processes (:class:`Foresight`), the runs split between them. Each run reads its own row
of the dice tape, so the split changes nothing: a seed gives the same answer as ``fatekit
simulate`` does. A what-if is played with the same seed beside the scene as it stands, so the
two differ by what the what-if changed, not by luck.

Only a GM may ask (403 for anyone else): the answer shows every NPC's odds. Bad requests (no
scene, one side only, a fighter with nothing to attack with, runs past the cap) get 422.
"""

# No ``from __future__ import annotations``: FastAPI reads the routes' annotations at run time.

import asyncio
import multiprocessing
import os
import secrets
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Annotated, Any, Literal, cast

from fastapi import APIRouter, Depends
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import HTTPConnection

from fatekit.odds.outcomes import Outcomes
from fatekit.odds.plan import FightPlan, fight_plan
from fatekit.odds.report import make_report
from fatekit.odds.scenario import Scenario
from fatekit.odds.tape import GROUP
from fatekit.odds.vector import loaded, simulate_vector
from fatekit.rules.core.errors import ForbiddenAction
from fatekit.rules.scenes.conflict import ConflictKind
from fatekit.server.deps import At, Service
from fatekit.server.errors import ApiError
from fatekit.server.foresight_worker import start_worker
from fatekit.table.foresight import (
    Added,
    Gear,
    Rerated,
    WhatIf,
    fight_notes,
    foresight_scenarios,
)
from fatekit.table.state import SEAT_RULE, TableState

__all__ = ["DEFAULT_RUNS", "MAX_RUNS", "Foresight", "ForesightIn", "Pool", "foresight_of", "router"]

#: Fights played when the request does not say.
DEFAULT_RUNS = 10_000
#: The most fights one request may ask for (each what-if plays as many again).
MAX_RUNS = 100_000
#: Seeds stay below 2**53, the largest whole numbers a browser's JSON keeps exact.
_MAX_SEED = 2**53 - 1
#: How much lower the workers' priority is than the server's (see ``nice``).
_NICE = 10


# -- the request ----------------------------------------------------------------------------


class AddIn(BaseModel):
    """NPCs the what-if adds: a character file or copies of someone at the table."""

    model_config = ConfigDict(extra="forbid")
    side: str = Field(description="The side they fight on")
    sheet: dict[str, Any] | None = Field(None, description="A character file (an NPC)")
    copy_of: str | None = Field(None, description="Or: copies of this character at the table")
    copies: int = Field(1, ge=1, le=20, description="How many")
    zone: str | None = Field(None, description="Where they stand (the first zone if absent)")
    weapon: int = Field(0, description="Weapon rating (the Weapon and Armor option)")
    armor: int = Field(0, description="Armor rating (the Weapon and Armor option)")


class SkillIn(BaseModel):
    """A fighter's skill at another rating."""

    model_config = ConfigDict(extra="forbid")
    character: str
    skill: str
    rating: int


class GearIn(BaseModel):
    """A fighter's Weapon and Armor in the what-if (absent: unchanged)."""

    model_config = ConfigDict(extra="forbid")
    character: str
    weapon: int | None = None
    armor: int | None = None


class WhatIfIn(BaseModel):
    """What to change, in the simulation only."""

    model_config = ConfigDict(extra="forbid")
    add: list[AddIn] = Field(default_factory=list, max_length=20)
    remove: list[str] = Field(default_factory=list, max_length=50)
    skills: list[SkillIn] = Field(default_factory=list, max_length=50)
    gear: list[GearIn] = Field(default_factory=list, max_length=50)

    def as_what_if(self) -> WhatIf:
        return WhatIf(
            add=tuple(
                Added(a.side, a.sheet, a.copy_of, a.copies, a.zone, a.weapon, a.armor)
                for a in self.add
            ),
            remove=tuple(self.remove),
            skills=tuple(Rerated(s.character, s.skill, s.rating) for s in self.skills),
            gear=tuple(Gear(g.character, g.weapon, g.armor) for g in self.gear),
        )


class ForesightIn(BaseModel):
    """How many fights to play, with which seed, and the what-if to play beside them."""

    model_config = ConfigDict(extra="forbid")
    runs: int = Field(
        DEFAULT_RUNS, ge=1, le=MAX_RUNS, description=f"Fights to play (at most {MAX_RUNS:,})"
    )
    seed: int | None = Field(
        None,
        ge=0,
        le=_MAX_SEED,
        description="The dice's seed (drawn if absent; the answer names it)",
    )
    kind: Literal["physical", "mental"] | None = Field(
        None, description="The conflict's kind before one starts (physical if absent)"
    )
    what_if: WhatIfIn | None = Field(None, description="Changes to try beside the scene")
    play: dict[str, dict[str, Any]] = Field(
        default_factory=dict,
        max_length=8,
        description=(
            "How each side plays, by side name: a scenario file's policy object (target, "
            "concede_after, full_defense_after, ...); a side not named plays the default. "
            "The scene and its what-if are played alike"
        ),
    )


# -- the pool ---------------------------------------------------------------------------------


class Foresight:
    """Plays fights off the event loop: in ``workers`` processes, or with ``workers=0`` in one
    thread (the GIL then slows the loop; ``benchmarks/bench_foresight.py`` shows by how much).
    By default one core less than the machine has, at least one: the engine's time goes mostly
    into steps that do not shrink with fewer runs, so splitting one request gains little, and
    a core left to the server keeps the other tables quick. The pool starts at the first request
    (or :meth:`warm`) and stops with :meth:`close`."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = max(1, (os.cpu_count() or 1) - 1) if workers is None else workers
        self._pool: Executor | None = None
        self._busy = 0

    def _executor(self) -> Executor | None:
        if self.workers <= 0:
            return None
        if self._pool is None:
            # Spawned, not forked: the server's threads and sockets stay out of the workers. They
            # run at a lower priority, so the server's own work comes first on a busy machine.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=context,
                initializer=start_worker,
                initargs=(_NICE, os.getpid()),
            )
        return self._pool

    async def play(self, plan: FightPlan, runs: int, seed: int) -> Outcomes:
        """Play ``runs`` fights of ``plan``; the same seed gives the same outcomes however the
        runs are split."""
        loop = asyncio.get_running_loop()
        pool = self._executor()
        parts = max(1, self.workers)
        # Split at whole groups of the tape where possible, so no group's dice are made twice.
        size = max(GROUP, -(-runs // parts // GROUP) * GROUP)
        pieces = [range(a, min(a + size, runs)) for a in range(0, runs, size)]
        if pool is None:
            played = [await asyncio.to_thread(simulate_vector, plan, p, seed) for p in pieces]
            return Outcomes.join(played)
        try:
            played = await asyncio.gather(
                *(loop.run_in_executor(pool, simulate_vector, plan, p, seed) for p in pieces)
            )
        except BrokenProcessPool:
            # A worker died (killed, out of memory): start afresh at the next request.
            self._pool = None
            raise ApiError(
                503, "workers", "the foresight workers stopped: ask again in a moment"
            ) from None
        return Outcomes.join(list(played))

    def warm(self) -> None:
        """Start the worker processes now and have them load the engine, so that the first
        request does not wait for them (``fatekit serve`` does this at start)."""
        pool = self._executor()
        if pool is not None:
            for _ in range(self.workers):
                pool.submit(loaded)

    def admit(self) -> None:
        """Count a request in, or refuse it (429) when the pool already has a queue."""
        if self._busy > 2 * max(1, self.workers):
            raise ApiError(
                429, "busy", "the server is foreseeing other fights: ask again in a moment"
            )
        self._busy += 1

    def leave(self) -> None:
        self._busy -= 1

    def close(self) -> None:
        """Stop the worker processes."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None


# -- the route --------------------------------------------------------------------------------


def foresight_of(connection: HTTPConnection) -> Foresight:
    """The pool of the app the request reached."""
    return cast(Foresight, connection.app.state.foresight)


Pool = Annotated[Foresight, Depends(foresight_of)]

router = APIRouter()


@router.post(
    "/tables/{table_id}/foresight",
    summary="How a fight in the scene in play is likely to go, and a what-if beside it (GM)",
    responses={
        403: {"description": "Not a GM's seat"},
        422: {"description": "No scene, one side only, or a fight the simulator cannot play"},
        429: {"description": "The server is busy foreseeing other fights"},
    },
)
async def foresee(
    caller: At, service: Service, foresight: Pool, body: ForesightIn
) -> dict[str, Any]:
    what_if = body.what_if.as_what_if() if body.what_if is not None else None
    kind = ConflictKind(body.kind) if body.kind is not None else None

    def prepare(state: TableState, seat: str) -> tuple[int, Any, list[FightPlan]]:
        if not state.seat(seat).is_gm:
            raise ForbiddenAction(
                "only a GM may foresee a fight: it shows what every NPC can do", SEAT_RULE
            )
        found = foresight_scenarios(state, what_if, kind, body.play)
        scenarios = [found.baseline] + ([found.what_if] if found.what_if else [])
        return state.version, found, [fight_plan(s) for s in scenarios]

    version, found, plans = await service.read(caller, prepare)
    seed = body.seed if body.seed is not None else secrets.randbits(53)
    foresight.admit()
    try:
        started = time.perf_counter()
        # The scene and its what-if at once: each worker takes what it can.
        played = await asyncio.gather(*(foresight.play(p, body.runs, seed) for p in plans))
        seconds = time.perf_counter() - started
    finally:
        foresight.leave()
    scenarios = [found.baseline, found.what_if]
    reports = [
        _report(scenario, plan, outcomes, seed)
        for scenario, plan, outcomes in zip(scenarios, plans, played, strict=False)
    ]
    return {
        "table_id": caller.table_id,
        "version": version,
        "runs": body.runs,
        "seed": seed,
        "seconds": round(seconds, 3),
        "names": found.names,
        "play": body.play,
        # How every roll of the fights was drawn: the table's way (a Randomizer's value).
        "randomizer": found.baseline.randomizer.value,
        # Fighters with no skill to fight with, in the scene and in the what-if.
        "unskilled": [
            [{"who": n.who, "skill": n.skill, "modifier": n.modifier} for n in fight_notes(s, p)]
            for s, p in zip(scenarios, plans, strict=False)
        ],
        "baseline": reports[0],
        "what_if": reports[1] if len(reports) > 1 else None,
    }


def _report(scenario: Scenario, plan: FightPlan, outcomes: Outcomes, seed: int) -> dict[str, Any]:
    names = (scenario.sides[0].name, scenario.sides[1].name)
    return make_report(scenario.title, names, plan, outcomes, "vector", seed).as_json()
