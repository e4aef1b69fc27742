"""The Discord front door against the stand-in: how long an interaction takes, from the user's
command to Discord having the app's answer, over the Gateway and over the interactions endpoint;
and how long a burst of moves made on the page takes to reach the channel, under a channel
bucket of 5 messages a second (Discord's is of that order).

    python benchmarks/bench_discord.py [--moves 40]

Prints the median and the 90th percentile of the round trips, and the burst's time and rate.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.discord.harness import CHANNEL, Member, Play
from tests.discord.standin import StandIn


async def measure(tmp: Path, *, endpoint: bool, moves: int) -> tuple[list[float], float]:
    async with (
        StandIn(bucket=5, window=1.0) as discord,
        Play(tmp / f"bench{endpoint}.db", discord, endpoint=endpoint).running() as play,
        httpx.AsyncClient(base_url=play.base) as http,
    ):
        made = (await http.post("/tables", json={"name": "Bench"})).json()
        table, link = made["table_id"], made["link"]
        gm = Member(discord, "900000000000000001", "Gloria")
        await gm.submit(await gm.use("bind"), link=link)
        await play.settled(table)
        trips = []
        for n in range(moves):
            start = time.perf_counter()
            await gm.use("note", text=f"round trip {n}")
            trips.append(time.perf_counter() - start)
        await play.settled(table)
        before = len(discord.channel(CHANNEL))
        start = time.perf_counter()
        for n in range(moves):
            await http.post(
                f"/tables/{table}/commands",
                json={"type": "Note", "data": {"text": f"burst {n}", "visibility": "public"}},
                headers={"X-Fatekit-Link": link},
            )
        await play.settled(table, timeout=120)
        took = time.perf_counter() - start
        assert len(discord.channel(CHANNEL)) - before == moves
        return trips, took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for endpoint in (False, True):
            trips, took = asyncio.run(measure(Path(tmp), endpoint=endpoint, moves=args.moves))
            way = "endpoint" if endpoint else "Gateway "
            ms = sorted(t * 1000 for t in trips)
            p90 = ms[int(len(ms) * 0.9) - 1]
            print(
                f"{way}: interaction round trip median {statistics.median(ms):6.1f} ms, "
                f"p90 {p90:6.1f} ms; {args.moves} page moves reach the channel in "
                f"{took:5.2f} s ({args.moves / took:4.1f}/s)"
            )


if __name__ == "__main__":
    main()
