"""Discord's three seconds: a move still being played when they run short is answered with a
deferred answer ("thinking"), then filled in; the stand-in refuses an answer that comes late."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest

from .harness import Member, Play
from .standin import StandIn


async def slow_move(
    tmp: Path, *, endpoint: bool, defer_after: float, deadline: float
) -> tuple[StandIn, list[str], str]:
    async with (
        StandIn(deadline=deadline) as discord,
        Play(tmp / "t.db", discord, endpoint=endpoint, defer_after=defer_after).running() as play,
    ):
        async with httpx.AsyncClient(base_url=play.base) as http:
            made = (await http.post("/tables", json={"name": "Slow"})).json()
        gm = Member(discord, "3001", "Gloria")
        await gm.submit(await gm.use("bind"), link=made["link"])
        assert play.service is not None
        lock = play.service.fanout.lock(made["table_id"])
        # The table is busy (another command holds it): the note waits for it.
        await lock.acquire()
        note = asyncio.create_task(gm.use("note", text="At last"))
        await asyncio.sleep(0)
        pending = None
        while pending is None:
            await asyncio.sleep(0.01)
            pending = next(
                (
                    p
                    for p in discord.pending.values()
                    if p.user_id == "3001" and p.payload["data"].get("name") == "note"
                ),
                None,
            )
        kinds: list[str] = []
        try:
            first = await asyncio.wait_for(asyncio.shield(pending.first), deadline + 2)
            kinds.append(str(first["type"]))
        except (AssertionError, TimeoutError):
            kinds.append("late")
        lock.release()
        if kinds == ["late"]:
            # The app answers once the table is free; the stand-in refuses that answer when it
            # comes, which under load may be a while after the release: wait for it.
            for _ in range(1000):
                if discord.deadline_missed:
                    break
                await asyncio.sleep(0.01)
            return discord, kinds, ""
        reply = await asyncio.wait_for(note, 10)
        return discord, kinds, reply.content


@pytest.mark.parametrize("endpoint", [False, True])
def test_a_slow_move_is_deferred_then_answered(tmp_path: Path, endpoint: bool) -> None:
    discord, kinds, content = asyncio.run(
        # Discord's own three seconds: the deferral goes out after 0.1 s, with room to spare on
        # a loaded machine (the answer's wait ends as soon as it comes).
        slow_move(tmp_path, endpoint=endpoint, defer_after=0.1, deadline=3.0)
    )
    assert kinds == ["5"]  # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE, within the deadline
    assert "At last" in content  # and the deferred message holds the move's answer
    assert discord.deadline_missed == []


def test_the_stand_in_refuses_an_answer_past_the_deadline(tmp_path: Path) -> None:
    discord, kinds, _ = asyncio.run(
        slow_move(tmp_path, endpoint=False, defer_after=5.0, deadline=0.3)
    )
    assert kinds == ["late"] and len(discord.deadline_missed) == 1
