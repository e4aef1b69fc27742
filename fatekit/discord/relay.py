"""The table in the channel: every event the public may see, posted as it happens, and what
only one player may see, sent to that player alone.

The relay follows each table bound to a channel (through the server's fan-out, so it hears what
any process commits, the page's moves as well as Discord's). For each command's events, in
order, it posts one message to the table's channel: the events as the public sees them
(:func:`fatekit.table.event_for` with no seat, a spectator's eyes), in the table's language,
with the roll's verdict, whose turn it is, fate points that moved, and buttons for what waits
(invoke or settle a roll, take a hit, answer a compel). Then each Discord user bound to a seat
at the table receives, in a direct message and in their own language, the lines their seat sees
differently from the public (a GM: the NPCs' hidden dice, a secret roll another GM made; a
player: an aspect revealed to their character) — except the seat that sent the command, which
read them in the answer to its own interaction.

How far each table has been posted is kept in the store, so a relay that restarts (or another
process that takes over) goes on from there: nothing is posted twice over a clean hand-over,
and nothing is skipped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from fatekit.discord.bindings import ChannelBinding, SeatBinding
from fatekit.discord.buttons import waiting
from fatekit.discord.door import FrontDoor, seen_by
from fatekit.discord.lines import escape
from fatekit.discord.protocol import message
from fatekit.discord.rest import DiscordError, nonce_for
from fatekit.discord.words import words
from fatekit.rules.core.errors import FateError
from fatekit.server.errors import ApiError
from fatekit.server.hub import Batch, Close
from fatekit.server.service import Caller
from fatekit.store.tables import to_event
from fatekit.table.event_views import event_for
from fatekit.table.events import Event
from fatekit.table.play.rolls import RollResolved
from fatekit.table.state import TableState

__all__ = ["Relay"]

_log = logging.getLogger("fatekit.discord")

JSON = dict[str, Any]
#: Events read from the store at a time while catching up.
PAGE = 200


@dataclass(frozen=True, slots=True)
class Post:
    """What one command's events become: the channel's message (``None``: nothing the public
    may see) and each user's private lines."""

    through: int
    channel: JSON | None
    private: dict[str, str]


class Relay:
    """Posts the tables' events to their channels and the players' direct messages."""

    def __init__(self, door: FrontDoor, *, poll: float = 2.0, patience: float = 60.0) -> None:
        self.door = door
        self.service = door.service
        self.rest = door.rest
        self.poll = poll
        self._followers: dict[str, asyncio.Task[None]] = {}
        self._wake = asyncio.Event()
        self._dms: dict[str, str] = {}
        self._fate_points: dict[str, dict[str, int]] = {}
        self._exchanges: dict[str, int] = {}  # each table's contest exchange, as last posted
        #: The longest wait between two tries of a post Discord did not take (seconds).
        self.patience = patience
        self._rebound = asyncio.Event()
        self._bound: frozenset[tuple[str, str]] = frozenset()
        #: Each table whose post Discord has not taken yet, with why (for `/fatekit status`).
        self.trouble: dict[str, str] = {}
        #: Everything sent, in order, as (channel id, body): for the log and the tests.
        self.sent: list[tuple[str, JSON]] = []

    async def run(self) -> None:
        """Follow every bound table until cancelled, looking at the bindings again every
        ``poll`` seconds and whenever the door changes one."""
        self.door.on_bindings = self._wake.set
        try:
            while True:
                await self.door.refresh()
                self._sync()
                bound = frozenset((b.channel_id, b.table_id) for b in self.door.channels().values())
                if bound != self._bound:
                    self._bound = bound
                    self._rebound.set()  # a post waiting for a channel: try the new binding now
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), self.poll)
        finally:
            for task in self._followers.values():
                task.cancel()
            await asyncio.gather(*self._followers.values(), return_exceptions=True)

    def _sync(self) -> None:
        tables = {b.table_id for b in self.door.channels().values()}
        for table_id in tables - set(self._followers):
            self._followers[table_id] = asyncio.create_task(self._follow(table_id))
        for table_id in set(self._followers) - tables:
            self._followers.pop(table_id).cancel()
        for table_id, task in list(self._followers.items()):
            if task.done():
                del self._followers[table_id]  # ended (a store failure): started again next time

    def _channel(self, table_id: str) -> ChannelBinding | None:
        bound = [b for b in self.door.channels().values() if b.table_id == table_id]
        return max(bound, key=lambda b: b.since) if bound else None

    # -- following one table ----------------------------------------------------------------------

    async def _follow(self, table_id: str) -> None:
        try:
            while True:
                seat = await self.service.read_table(table_id, _a_gm)
                subscriber = await self.service.fanout.watch(table_id, seat)
                try:
                    await self._catch_up(table_id)
                    while True:
                        item = await subscriber.outbox.get()
                        if isinstance(item, Batch):
                            subscriber.pending -= 1
                        elif isinstance(item, Close):
                            break
                        await self._catch_up(table_id)
                finally:
                    self.service.fanout.unwatch(subscriber)
        except asyncio.CancelledError:
            raise
        except Exception:
            _log.exception("the Discord relay stopped following table %s", table_id)

    async def _catch_up(self, table_id: str) -> None:
        posted = await asyncio.to_thread(self.door.bindings.posted, table_id)
        if posted is None:
            # A newly bound table: the channel starts from now, not from the table's history.
            now = await asyncio.to_thread(self.service.store.version, table_id)
            await asyncio.to_thread(self.door.bindings.mark_posted, table_id, now)
            return
        while True:
            stored = await asyncio.to_thread(self.service.store.read, table_id, posted)
            if not stored:
                return
            events = [to_event(s) for s in stored[:PAGE]]
            groups = list(_commands(events))
            for i, group in enumerate(groups):
                last = i == len(groups) - 1 and len(stored) <= PAGE
                post = await self._render(table_id, group, last)
                await self._send(table_id, post)
                await asyncio.to_thread(self.door.bindings.mark_posted, table_id, post.through)
                posted = post.through

    async def _render(self, table_id: str, events: list[Event], last: bool) -> Post:
        channel = self._channel(table_id)
        seats = [s for (t, _), s in self.door.seats().items() if t == table_id]
        language = channel.language if channel else "en"
        before = self._fate_points.get(table_id)
        exchange_before = self._exchanges.get(table_id)

        def work(state: TableState) -> tuple[Post, dict[str, int], int | None]:
            public = seen_by(state, None, language)
            exchange = (public.view.get("contest") or {}).get("exchange")
            lines = [public.reader.line(e) for e in _shown(events, state, None)]
            said = [line for line in lines if line]
            points = public.reader.fate_points()
            components = None
            if last and said:
                # Only beside something the public may read: a post made of the state alone
                # would tell the channel that something secret just happened.
                said += [x for x in (public.reader.verdict(), public.reader.turn()) if x]
                # A contest's exchange closed since the last post (posts made together while
                # catching up say only how things stand now): how it went.
                closed = (
                    exchange is not None and exchange > exchange_before
                    if exchange_before is not None
                    else _settles(events)
                )
                said += public.reader.contest(closed)
                if before is not None:
                    said += public.reader.ledger(before)
                components, more = waiting(public, public.reader.t)
                # The self-compels the post's buttons answer, each with what it offers.
                said += public.reader.self_compels()
                if more:
                    said.append(more)
            body = message("\n".join(said), components=components) if said else None
            private = _private_lines(state, events, seats, state.name)
            return Post(events[-1].version, body, private), points, exchange

        post, points, exchange = await self.service.read_table(table_id, work)
        if last:
            self._fate_points[table_id] = points
            if exchange is None:
                self._exchanges.pop(table_id, None)
            else:
                self._exchanges[table_id] = exchange
        return post

    async def _send(self, table_id: str, post: Post) -> None:
        if post.channel is not None:
            await self._post(table_id, post.through, post.channel)
        for user_id, text in post.private.items():
            try:
                if user_id not in self._dms:
                    self._dms[user_id] = await self.rest.dm_channel(user_id)
                await self._deliver(self._dms[user_id], message(text))
            except DiscordError as error:
                # A user who takes no direct messages from the app: their seat's page shows it.
                _log.warning("a direct message could not be sent: %s", error)

    async def _deliver(self, channel_id: str, body: JSON, nonce: str | None = None) -> None:
        await self.rest.send(channel_id, body, nonce=nonce)
        self.sent.append((channel_id, body))

    async def _post(self, table_id: str, through: int, body: JSON) -> None:
        """Post a table's message in its channel until Discord takes it. hikari has retried the
        network and Discord's 5xx and waited out its 429s already; what still fails is tried
        again with growing waits (at once when a channel is bound anew), the same nonce making
        it one message however often it is sent. The GM is told, privately and on the page, when
        the app may not post there (naming the permission it lacks) and when Discord refuses the
        message itself (it is then left to the page)."""
        nonce = nonce_for(table_id, through)
        wait = self.poll
        told = False
        while True:
            channel = self._channel(table_id)
            if channel is None:
                return  # unbound meanwhile: the page holds the moves
            try:
                await self._deliver(channel.channel_id, body, nonce)
            except DiscordError as error:
                self.trouble[table_id] = str(error)
                if error.status == 400:
                    _log.error("Discord refused a post for table %s: %s", table_id, error)
                    await self._tell_gm(table_id, channel, error)
                    self.trouble.pop(table_id, None)
                    return
                if error.lasting and not told:
                    _log.warning("the app cannot post in channel %s: %s", channel.channel_id, error)
                    await self._tell_gm(table_id, channel, error)
                    told = True
                elif not error.lasting:
                    _log.warning("a post waits for Discord (%s): again in %.1f s", error, wait)
                self._rebound.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._rebound.wait(), wait)
                wait = min(self.patience, wait * 2)
                continue
            if told:
                _log.warning("the app posts in channel %s again", channel.channel_id)
            self.trouble.pop(table_id, None)
            return

    async def _tell_gm(self, table_id: str, channel: ChannelBinding, error: DiscordError) -> None:
        """Tell the table's GMs why its posts do not reach the channel: in a direct message to
        each GM playing from Discord (in their language), and as a note only GMs read on the
        page (in the table's language)."""
        missing: list[str] = []
        if error.status == 400:
            key = "discord.post_refused"
        elif error.code == 10003 or error.status == 404:
            key = "discord.channel_gone"
        else:
            key = "discord.cannot_post"
            missing = ["view_channel"] if error.code == 50001 else []
            missing.append("send_messages_in_threads" if channel.thread else "send_messages")

        def said(language: str) -> str:
            t = words(language)
            permissions = ", ".join(t(f"discord.perm.{m}") for m in missing)
            return t(key, channel=f"<#{channel.channel_id}>", permissions=permissions)

        gms = await self.service.read_table(
            table_id, lambda state: {s.id for s in state.seats.values() if s.is_gm}
        )
        for (table, user_id), seat in self.door.seats().items():
            if table != table_id or seat.seat not in gms:
                continue
            try:
                if user_id not in self._dms:
                    self._dms[user_id] = await self.rest.dm_channel(user_id)
                await self._deliver(self._dms[user_id], message(said(seat.language)))
            except DiscordError as failed:
                _log.warning("the GM could not be told in a direct message: %s", failed)
        try:
            gm = await self.service.read_table(table_id, _a_gm)
            await self.service.command(
                Caller(table_id, gm), "Note", {"text": said(channel.language), "visibility": "gm"}
            )
        except (ApiError, FateError) as failed:
            _log.warning("the GM could not be told on the page: %s", failed)


def _settles(events: list[Event]) -> bool:
    """Whether these events settle a roll (which may close a contest's exchange)."""
    return any(isinstance(event, RollResolved) for event in events)


def _a_gm(state: TableState) -> str:
    """A GM seat to follow the table as (the relay redacts for each audience itself)."""
    return next(s.id for s in state.seats.values() if s.is_gm)


def _commands(events: list[Event]) -> Iterable[list[Event]]:
    """Events grouped by the command that made them (one seat, one moment)."""
    group: list[Event] = []
    for event in events:
        if group and (event.seat, event.at) != (group[0].seat, group[0].at):
            yield group
            group = []
        group.append(event)
    if group:
        yield group


def _shown(events: list[Event], state: TableState, seat: str | None) -> list[JSON]:
    out = []
    for event in events:
        try:
            shown = event_for(event, state, seat)
        except Exception:  # a seat that left the table sees nothing more
            shown = None
        if shown is not None:
            out.append(shown)
    return out


def _private_lines(
    state: TableState,
    events: list[Event],
    seats: list[SeatBinding],
    name: str,
) -> dict[str, str]:
    """Each bound user's lines that say more than the channel's, in their own language."""
    out: dict[str, str] = {}
    sender = events[0].seat
    for binding in seats:
        if binding.seat == sender or binding.seat not in state.seats:
            continue
        reader = seen_by(state, binding.seat, binding.language).reader
        public_reader = seen_by(state, None, binding.language).reader
        public_lines = {public_reader.line(e) for e in _shown(events, state, None)}
        mine = [reader.line(e) for e in _shown(events, state, binding.seat)]
        extra = [line for line in mine if line and line not in public_lines]
        if extra:
            header = reader.t("discord.private_header", table=escape(name))
            out[binding.user_id] = "\n".join([header, *extra])
    return out
