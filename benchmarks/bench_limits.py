"""Rate limiting: our token bucket against the ``limits`` library, decision by decision.

For each limiter this prints the cost of one decision (the check every HTTP request, socket
opening and socket command pays), with one busy client and with 10,000 clients taking turns;
the memory the limiter holds for 10,000 clients; and the CPU the limiter burns on its own while
no request arrives (``limits``' memory storage expires old entries from a timer thread).

The policy measured is the server's default: 20 requests a second with bursts of 60. The token
bucket says exactly that. ``limits`` counts hits in windows, so the nearest it says is 60 per 3
seconds, with one of its three strategies: a fixed window, a moving window (one timestamp kept
per hit) or a sliding window counter (two counters, weighted).
"""

from __future__ import annotations

import asyncio
import gc
import resource
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Awaitable, Callable

from limits import RateLimitItemPerSecond
from limits.aio import storage as aio_storage
from limits.aio import strategies as aio_strategies

from fatekit.server.limits import TokenBucket

RATE, BURST = 20.0, 60.0
ITEM = RateLimitItemPerSecond(int(BURST), int(BURST / RATE))
MANY = 10_000
DECISIONS = 100_000

Decide = Callable[[str], Awaitable[bool]]


def bucket_limiter() -> Decide:
    buckets: dict[str, TokenBucket] = {}

    async def decide(key: str) -> bool:
        now = time.monotonic()
        bucket = buckets.get(key)
        if bucket is None:
            bucket = buckets[key] = TokenBucket(RATE, BURST, stamp=now)
        return bucket.take(now) == 0

    return decide


def limits_limiter(strategy: type[aio_strategies.RateLimiter]) -> Decide:
    limiter = strategy(aio_storage.MemoryStorage())

    async def decide(key: str) -> bool:
        return await limiter.hit(ITEM, "fatekit", key)

    return decide


LIMITERS: dict[str, Callable[[], Decide]] = {
    "token bucket (ours)": bucket_limiter,
    "limits, fixed window": lambda: limits_limiter(aio_strategies.FixedWindowRateLimiter),
    "limits, moving window": lambda: limits_limiter(aio_strategies.MovingWindowRateLimiter),
    "limits, sliding window counter": lambda: limits_limiter(
        aio_strategies.SlidingWindowCounterRateLimiter
    ),
}


async def per_decision(decide: Decide, keys: list[str]) -> float:
    """Microseconds per decision, cycling through ``keys``."""
    count = len(keys)
    start = time.perf_counter()
    for n in range(DECISIONS):
        await decide(keys[n % count])
    return (time.perf_counter() - start) / DECISIONS * 1e6


async def held_memory(make: Callable[[], Decide]) -> tuple[float, Decide]:
    """KiB held after 10,000 clients made 30 requests each."""
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    decide = make()
    for n in range(30):
        for k in range(MANY):
            await decide(f"addr:10.0.{k // 256}.{k % 256}:{n % 1}")
    held = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    return held / 1024, decide


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def idle_cpu(seconds: float = 2.0) -> float:
    """Per cent of one core the process burns over ``seconds`` of waiting."""
    before, start = cpu_seconds(), time.perf_counter()
    await asyncio.sleep(seconds)
    return (cpu_seconds() - before) / (time.perf_counter() - start) * 100


async def measure(name: str) -> None:
    """Print one limiter's figures (run in a process of its own, so none inherits another's
    threads or memory)."""
    make = LIMITERS[name]
    hot = await per_decision(make(), ["link:abc"])
    spread = await per_decision(make(), [f"addr:10.0.{k // 256}.{k % 256}" for k in range(MANY)])
    memory, kept = await held_memory(make)
    idle = await idle_cpu()
    print(f"{name}:")
    print(f"  one client:              {hot:6.2f} µs a decision")
    print(f"  {MANY:,} clients:           {spread:6.2f} µs a decision")
    print(f"  memory, {MANY:,} clients:   {memory:8,.0f} KiB")
    print(f"  idle CPU afterwards:     {idle:6.1f}% of a core")
    del kept


def main() -> None:
    print(f"rate limits: {RATE:g} a second, bursts of {BURST:g}; {DECISIONS:,} decisions a run")
    for name in LIMITERS:
        subprocess.run([sys.executable, __file__, name], check=True)


if __name__ == "__main__":
    if len(sys.argv) > 1:
        asyncio.run(measure(sys.argv[1]))
    else:
        main()
