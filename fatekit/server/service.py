"""What the server does, apart from HTTP and WebSocket framing: tables, seats, links and commands.

:class:`TableService` joins a :class:`~fatekit.store.tables.TableRepository` (commands and state),
a :class:`~fatekit.server.links.LinkRegistry` (who holds which seat) and a
:class:`~fatekit.server.hub.Hub` (who is watching), fed by a :class:`~fatekit.server.fanout.Fanout`
(which also publishes what other server processes on the same database commit). It holds no
rules: commands go to :mod:`fatekit.table`, which asks :mod:`fatekit.rules`.

Blocking work (the store waits for the disk) runs in worker threads. Anything that changes a table
runs under that table's lock and publishes its events to the hub before the lock is released, so
watchers receive every table's events in version order. The work is shielded from cancellation:
once a command has started, a client hanging up cannot stop its events from being published. The
lock holds within this process; other processes are kept in order by the store (see
:meth:`~fatekit.store.tables.TableRepository.execute`).

Nothing is left half-done: a link is issued only after the command that needs it has been
checked, and it is revoked again if that command then fails to be stored.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import secrets
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar

from fatekit.formats.images import clean_map
from fatekit.formats.ruleset import ruleset_from_dict, ruleset_to_dict
from fatekit.rules.characters.ruleset_data import RulesetProblems
from fatekit.rules.core.dice import DiceSource
from fatekit.rules.core.errors import BadInput, ForbiddenAction, IllegalAction
from fatekit.server.caps import CapReached, Caps, TableCaps
from fatekit.server.errors import ApiError, NotFound, Stale
from fatekit.server.fanout import Fanout
from fatekit.server.hub import CLOSE_FORBIDDEN, Hub, Line, render
from fatekit.server.links import LinkRefused, LinkRegistry, SeatLink
from fatekit.store.base import MAX_ID_LENGTH, EventStore, StoredMap, VersionConflict, utc_now
from fatekit.store.campaigns import keep_maps, kept_maps
from fatekit.store.tables import (
    Executed,
    StoreHistory,
    TableRepository,
    logged,
    to_event,
)
from fatekit.table import commands as c
from fatekit.table.campaign import campaign_maps, export_campaign, import_campaign
from fatekit.table.codec import FieldErrors
from fatekit.table.event_views import event_for
from fatekit.table.events import Event, SeatAdded
from fatekit.table.export import export_character, export_table
from fatekit.table.extras import document_for
from fatekit.table.handle import Waiver, handle
from fatekit.table.history import LOG_PAGE, MAX_LOG_PAGE, log_page
from fatekit.table.play.maps import board_of
from fatekit.table.play.scenes import scene_in_play
from fatekit.table.read_only import TableReadOnly
from fatekit.table.recap import session_recap, sessions_of
from fatekit.table.recap_text import RecapText, recap_text
from fatekit.table.seats import Role
from fatekit.table.seeing import Viewer
from fatekit.table.serialize import command_from_json
from fatekit.table.state import SEAT_RULE, TableState
from fatekit.table.views import view_for

__all__ = ["Caller", "CatchUp", "Created", "TableService"]

T = TypeVar("T")

#: Events one call to :meth:`TableService.events` returns at most.
PAGE = 1000


def new_table_id() -> str:
    """A new table's id: 64 random bits, URL-safe, never starting with "-" (a command line would
    read ``fatekit serve --gm-link -x3...`` as an option)."""
    while True:
        found = secrets.token_urlsafe(8)
        if not found.startswith("-"):
            return found


@dataclass(frozen=True, slots=True)
class Caller:
    """Who is asking: the table and seat their link opens."""

    table_id: str
    seat: str


@dataclass(frozen=True, slots=True)
class CatchUp:
    """What a (re)connecting seat is sent: the table's version and the seat's role, the messages
    for the events it missed, and its live document when it asked for one."""

    version: int
    role: str
    lines: tuple[Line, ...]
    document: dict[str, Any] | None


@dataclass(frozen=True, slots=True)
class Created:
    """A new table (made or imported): its id, the GM's seat and the GM's link."""

    table_id: str
    seat: str
    link: str
    version: int
    # Why the table opened read-only, as its GM reads it (an imported log that does not fold).
    read_only: dict[str, Any] | None = None


def _link_required() -> ApiError:
    return ApiError(
        401,
        "link",
        "send your seat link in the X-Fatekit-Link header or the link query parameter",
    )


class TableService:
    """The server's operations, each checked, durable, and published to the table's watchers."""

    def __init__(
        self,
        store: EventStore,
        *,
        dice: DiceSource | None = None,
        snapshot_every: int = 200,
        hub: Hub | None = None,
        caps: Caps | None = None,
    ) -> None:
        self.store = store
        self.caps = TableCaps(store, caps if caps is not None else Caps())
        self.repo = TableRepository(
            store, snapshot_every=snapshot_every, limits=self.caps.caps.table_limits()
        )
        self.links = LinkRegistry(store)
        self.hub = hub if hub is not None else Hub()
        self.fanout = Fanout(self.hub, self.repo, self.links)
        self.dice = dice

    # -- running work ---------------------------------------------------------------------------

    async def _locked(
        self, table_id: str, work: Callable[[], T], after: Callable[[T], None] | None = None
    ) -> T:
        """Run blocking ``work`` in a thread under the table's lock, then ``after`` on the loop
        (still under the lock); shielded, so a cancelled request still completes and publishes."""
        lock = self.fanout.lock(table_id)

        async def run() -> T:
            async with lock:
                result = await asyncio.to_thread(work)
                if after is not None:
                    after(result)
                return result

        return await asyncio.shield(asyncio.ensure_future(run()))

    # -- links and seats ------------------------------------------------------------------------

    async def resolve(self, token: str | None, table_id: str | None = None) -> Caller:
        """The seat a link opens (at ``table_id``, when given)."""
        if not token:
            raise _link_required()
        return await asyncio.to_thread(self.resolve_now, token, table_id)

    def resolve_now(self, token: str, table_id: str | None = None) -> Caller:
        """:meth:`resolve`, blocking."""
        try:
            link_table, seat = self.links.seat_for(token)
        except BadInput:
            raise LinkRefused(
                "this is not a seat link: a link looks like <table>.<secret>"
            ) from None
        if table_id is not None and table_id != link_table:
            raise ForbiddenAction("this link opens a seat at another table", SEAT_RULE)
        if self.store.version(link_table) == 0:
            raise NotFound(f"there is no table {link_table!r}")
        return Caller(link_table, seat)

    def _state(self, table_id: str) -> TableState:
        if self.store.version(table_id) == 0:
            raise NotFound(f"there is no table {table_id!r}")
        return self.repo.load(table_id)

    def create_table_now(self, command: c.CreateTable) -> Created:
        """Open a new table (blocking); the GM's link comes back with it."""
        table_id = new_table_id()
        # Check the command before anything is written: no link for a table that cannot exist.
        handle(None, command, seat=command.gm_seat, table_id=table_id)
        with self.caps.creating(), self.links.issuing(table_id, command.gm_seat) as link:
            executed = self.repo.execute(table_id, command, seat=command.gm_seat)
        return Created(table_id, command.gm_seat, link.token, executed.state.version)

    def gm_link_now(self, table_id: str) -> Created:
        """A new link for a table's first GM seat (blocking): the operator's way back in for a
        GM who lost theirs (``fatekit serve --gm-link``). Older links keep working."""
        state = self._state(table_id)
        gm = next((s.id for s in state.seats.values() if s.is_gm), None)
        if gm is None:
            raise BadInput(f"table {table_id!r} seats no GM")
        self.caps.check_links(table_id)
        link = self.links.issue(table_id, gm)
        return Created(table_id, gm, link.token, state.version)

    async def create_table(self, data: dict[str, Any]) -> Created:
        """Open a new table from the fields of a :class:`~fatekit.table.commands.CreateTable`."""
        self.caps.check_texts(data, "table")
        if data.get("ruleset") is not None:
            data = {**data, **_ruleset_fields(data["ruleset"], self.caps.caps.text)}
        else:
            data = {k: v for k, v in data.items() if k != "ruleset"}
        command = command_from_json("CreateTable", data)
        assert isinstance(command, c.CreateTable)
        return await asyncio.to_thread(self.create_table_now, command)

    async def invite(self, caller: Caller, seat_id: str | None, role: Role, name: str) -> SeatLink:
        """Seat someone new (the GM) and issue the link that opens their seat."""
        table_id = caller.table_id

        def attempt() -> tuple[SeatLink, Executed]:
            state = self._state(table_id)
            asked = c.AddSeat(seat_id=seat_id or "", role=role, name=name)
            # Checked, not stored: the table gives the seat its id (made from the name when none
            # is asked for or the one asked for is taken), and the link is issued for that id.
            trial = handle(state, asked, seat=caller.seat, table_id=table_id)
            added = trial.events[0]
            assert isinstance(added, SeatAdded)
            chosen = added.seat_id
            command = c.AddSeat(seat_id=chosen, role=role, name=name)
            self.caps.check_links(table_id)
            # A seat id used before keeps no old links: a crash between removing a seat and
            # revoking its links must not let them open the new seat.
            self.links.revoke(table_id, chosen)
            with self.links.issuing(table_id, chosen) as link:
                executed = self.repo.execute(
                    table_id, command, seat=caller.seat, expected_version=state.version
                )
            return link, executed

        def work() -> tuple[SeatLink, Executed, list[Event]]:
            # The seat id was chosen from the table as read: if another process changed the
            # table before the seat was stored, choose again from the table as it is now (the
            # GM named no version, so losing the race is never a refusal).
            for lost in itertools.count(1):
                try:
                    link, executed = attempt()
                except VersionConflict:
                    self.repo.pause(lost)
                    continue
                return link, executed, self.fanout.missed(table_id, executed)
            raise AssertionError("unreachable: the loop ends by returning or raising")

        def after(result: tuple[SeatLink, Executed, list[Event]]) -> None:
            self.fanout.publish_executed(table_id, result[1], result[2])

        link, _, _ = await self._locked(table_id, work, after)
        return link

    def _keep_a_gm_link(self, state: TableState, seat_id: str, what: str) -> None:
        """Refuse to take away the links of the last GM seat that holds any: nobody could run
        the table after that (nor hand out a new link)."""
        seat = state.seats.get(seat_id)
        if seat is None or not seat.is_gm:
            return
        live = self.links.live_seats(state.table_id)
        if not any(s != seat_id and s in live and state.seats[s].is_gm for s in state.seats):
            raise ForbiddenAction(
                f"the table's last GM link is {seat_id!r}'s: seat another GM, or give another GM "
                f"seat a link, before you {what} it",
                SEAT_RULE,
            )

    def _require_gm(self, caller: Caller, what: str) -> TableState:
        state = self._state(caller.table_id)
        if not state.seat(caller.seat).is_gm:
            raise ForbiddenAction(f"only a GM may {what}", SEAT_RULE)
        return state

    async def reissue(self, caller: Caller, seat_id: str) -> SeatLink:
        """A new link for a seat already at the table (the GM)."""

        def work() -> SeatLink:
            state = self._require_gm(caller, "hand out links")
            if seat_id not in state.seats:
                raise NotFound(f"there is no seat {seat_id!r} at this table")
            self.caps.check_links(caller.table_id)
            return self.links.issue(caller.table_id, seat_id)

        return await self._locked(caller.table_id, work)

    async def revoke(self, caller: Caller, seat_id: str) -> int:
        """Revoke every link of a seat (the GM, or the seat itself) and close its connections."""

        def work() -> int:
            if seat_id != caller.seat:
                state = self._require_gm(caller, "revoke another seat's links")
            else:
                state = self._state(caller.table_id)
                state.seat(caller.seat)
            self._keep_a_gm_link(state, seat_id, "revoke")
            return self.links.revoke(caller.table_id, seat_id)

        def after(_: int) -> None:
            self.hub.close_seat(caller.table_id, seat_id, CLOSE_FORBIDDEN, "this link was revoked")

        return await self._locked(caller.table_id, work, after)

    # -- commands -------------------------------------------------------------------------------

    async def command(
        self,
        caller: Caller,
        type_name: str,
        data: object,
        *,
        expected_version: int | None = None,
        idempotency_key: str | None = None,
        waive: list[str] | None = None,
        reason: str | None = None,
        shown: bool = True,
        uploaded: bool = False,
    ) -> tuple[Executed, list[dict[str, Any]]]:
        """Handle a command from the caller's seat; return it as executed (once committed) and
        its events as the caller may see them (none when not ``shown``: a socket receives them
        with everyone else's). ``waive`` and ``reason``: a GM's word over the rules it names,
        for this command (:class:`fatekit.table.Waiver`). ``uploaded``: a ``SetSceneMap`` the
        server sends itself for an image it has kept (:meth:`set_map`)."""
        try:
            command = command_from_json(type_name, data)
        except FieldErrors as error:
            raise FieldErrors(
                "command", {_data_path(path): message for path, message in error.errors.items()}
            ) from None
        if isinstance(command, c.CreateTable):
            raise FieldErrors("command", {"type": "a table is created with POST /tables"})
        if isinstance(command, c.SetSceneMap | c.SetPreparedSceneMap) and not uploaded:
            # Only an image the server made clean and kept may be named as a scene's map.
            raise FieldErrors(
                "command", {"type": "a scene's map is uploaded with PUT /tables/{id}/scene/map"}
            )
        self.caps.check_texts(data, "command", "data")
        if idempotency_key is not None and not 0 < len(idempotency_key) <= MAX_ID_LENGTH:
            raise FieldErrors("command", {"idempotency_key": f"1 to {MAX_ID_LENGTH} characters"})
        waiver = (
            None if waive is None and reason is None else Waiver(tuple(waive or ()), reason or "")
        )
        table_id = caller.table_id

        def work() -> tuple[Executed, list[dict[str, Any]], list[Event]]:
            # The table is read once, by the repository (a second read cost a query a command);
            # one it holds exists, so only a table it does not hold costs a look at the store.
            if not self.repo.holds(table_id) and self.store.version(table_id) == 0:
                raise NotFound(f"there is no table {table_id!r}")
            if isinstance(command, c.RemoveSeat):
                self._keep_a_gm_link(self.repo.load(table_id), command.seat_id, "remove")
            try:
                executed = self.repo.execute(
                    table_id,
                    command,
                    seat=caller.seat,
                    expected_version=expected_version,
                    idempotency_key=idempotency_key,
                    dice=self.dice,
                    waiver=waiver,
                )
            except VersionConflict as conflict:
                raise self._stale(caller, conflict) from None
            except TableReadOnly as refused:
                gm = self.repo.load(table_id).seat(caller.seat).is_gm
                raise ApiError(
                    409, "read_only", str(refused), read_only=refused.read_only.view(gm)
                ) from None
            except (IllegalAction, BadInput) as refused:
                # The engine names characters by id; whoever reads the refusal knows names.
                _with_names(refused, self.repo.load(table_id))
                raise
            if isinstance(command, c.RemoveSeat):
                # Also on a replay: if revoking failed the first time, the retry finishes it.
                self.links.revoke(table_id, command.seat_id)
            seen = _seen(executed.events, executed.state, caller.seat) if shown else []
            return executed, seen, self.fanout.missed(table_id, executed)

        def after(result: tuple[Executed, list[dict[str, Any]], list[Event]]) -> None:
            executed, _, missed = result
            self.fanout.publish_executed(table_id, executed, missed)
            if isinstance(command, c.RemoveSeat):
                self.hub.close_seat(
                    table_id, command.seat_id, CLOSE_FORBIDDEN, "this seat left the table"
                )

        executed, seen, _ = await self._locked(table_id, work, after)
        return executed, seen

    # -- maps -----------------------------------------------------------------------------------

    async def set_map(
        self, caller: Caller, data: bytes, prepared: str | None = None
    ) -> tuple[Executed, list[dict[str, Any]]]:
        """Make an uploaded image the running scene's map, or the ``prepared`` scene's (a GM):
        checked to be allowed first, then made clean
        (:func:`~fatekit.formats.images.clean_map`, off the table's lock, in a thread), kept at
        the table under its hash, and named by a ``SetSceneMap`` (``SetPreparedSceneMap``). A
        refused image keeps nothing."""

        def allowed_now(state: TableState, seat: str) -> None:
            if not state.seat(seat).is_gm:
                raise ForbiddenAction("only a GM may set a scene's map", SEAT_RULE)
            if prepared is None:
                scene_in_play(state)
            elif prepared not in state.screen.prepared:
                raise NotFound(f"there is no prepared scene {prepared!r}")

        await self.read(caller, allowed_now)
        clean = await asyncio.to_thread(clean_map, data)
        table_id = caller.table_id

        def keep() -> None:
            held = self.store.map_hashes(table_id)
            most = self.caps.caps.maps_per_table
            if clean.hash not in held and len(held) >= most:
                raise CapReached(
                    "maps_per_table", most, f"this table keeps {most} map images already"
                )
            self.store.put_map(
                table_id,
                StoredMap(clean.hash, clean.media_type, clean.width, clean.height, clean.data),
            )

        await self._locked(table_id, keep)
        fields: dict[str, Any] = {
            "image": clean.hash,
            "media_type": clean.media_type,
            "width": clean.width,
            "height": clean.height,
        }
        if prepared is not None:
            fields["scene_id"] = prepared
            return await self.command(caller, "SetPreparedSceneMap", fields, uploaded=True)
        return await self.command(caller, "SetSceneMap", fields, uploaded=True)

    async def map_image(self, caller: Caller, image_hash: str) -> StoredMap:
        """A map image the caller's seat may see: the running scene's, for anyone at the table;
        any the table keeps, for a GM. Any other is answered as one that does not exist."""

        def work(state: TableState, seat: str) -> StoredMap:
            shown = board_of(state).map
            may = state.seat(seat).is_gm or (shown is not None and shown.image == image_hash)
            found = self.store.get_map(caller.table_id, image_hash) if may else None
            if found is None:
                raise NotFound(f"there is no map {image_hash!r} at this table for your seat")
            return found

        return await self.read(caller, work)

    def _stale(self, caller: Caller, conflict: VersionConflict) -> Stale:
        state = self.repo.load(caller.table_id)
        since = [to_event(s) for s in self.store.read(caller.table_id, conflict.expected)]
        return Stale(conflict.expected, state.version, _seen(since, state, caller.seat))

    # -- health ---------------------------------------------------------------------------------

    async def health(self) -> dict[str, Any]:
        """Whether this process can serve: its store answers and, on a shared database, it hears
        other processes' appends. ``ok`` is false when either fails."""
        try:
            await asyncio.to_thread(self.store.version, "health")
            database = "ok"
        except Exception as error:
            database = f"failing: {error}"
        listening = self.fanout.listening
        return {
            "ok": database == "ok" and listening,
            "database": database,
            "following": self.fanout.listener is not None,
            "listening": listening,
            "tables_watched": self.hub.tables(),
            "connections": self.hub.connections(),
        }

    # -- reading --------------------------------------------------------------------------------

    async def read(self, caller: Caller, work: Callable[[TableState, str], T]) -> T:
        """``work(state, seat)`` on the table as it stands, for a seat that is at it.

        Runs in a worker thread under the table's lock: commands change the table's state in
        place, so nothing may read it while one runs.
        """

        def locked() -> T:
            state = self._state(caller.table_id)
            _seated(state, caller.seat)
            return work(state, caller.seat)

        return await self._locked(caller.table_id, locked)

    async def read_table(self, table_id: str, work: Callable[[TableState], T]) -> T:
        """``work(state)`` on the table as it stands, for a reader that is no seat: the Discord
        front door, which posts what the public may see in a channel. Under the table's lock,
        in a worker thread, as :meth:`read`."""

        def locked() -> T:
            return work(self._state(table_id))

        return await self._locked(table_id, locked)

    async def view(self, caller: Caller) -> dict[str, Any]:
        """The table as the caller's seat sees it."""
        return await self.read(caller, view_for)

    async def catch_up(self, caller: Caller, after: int | None, document: bool) -> CatchUp:
        """What a connection sends when it (re)connects, read in one go under the table's lock:
        the messages for the events after ``after`` (``None``: none) and, when asked for, the
        seat's live document at the version they reach."""

        def work() -> CatchUp:
            state = self._state(caller.table_id)
            seat = caller.seat
            _seated(state, seat)
            lines: list[Line] = []
            if after is not None and after < state.version:
                stored = self.store.read(caller.table_id, after)
                # Open read-only, a table shows no event past those its state folded.
                shown = [to_event(s) for s in stored if s.version <= state.version]
                lines = render(shown, state, seat)
            return CatchUp(
                state.version,
                state.seat(seat).role.value,
                tuple(lines),
                document_for(state, seat) if document else None,
            )

        def seed(caught: CatchUp) -> None:
            # The hub patches from the document this seat was just sent (on the loop, under the
            # table's lock, so no command came between): its first patch is small too.
            if caught.document is not None:
                self.hub.remember(caller.table_id, caller.seat, caught.version, caught.document)

        return await self._locked(caller.table_id, work, seed)

    async def events(self, caller: Caller, after: int, limit: int = PAGE) -> dict[str, Any]:
        """Events after a version as the caller may see them, with how far they reach."""

        def work(state: TableState, seat: str) -> dict[str, Any]:
            # Open read-only, a table shows no event past those its state folded.
            stored = [
                s for s in self.store.read(caller.table_id, after) if s.version <= state.version
            ]
            stored = stored[:limit]
            shown = _seen((to_event(record) for record in stored), state, seat)
            through = stored[-1].version if stored else min(after, state.version)
            return {
                "table_id": caller.table_id,
                "version": state.version,
                "through": through,
                "more": through < state.version,
                "events": shown,
            }

        return await self.read(caller, work)

    async def log(
        self, caller: Caller, before: int | None = None, limit: int = LOG_PAGE
    ) -> dict[str, Any]:
        """A page of the caller's log: up to ``limit`` events it may see, before version
        ``before`` (``None``: the latest), newest first. Hidden events take no place on the page;
        the store is read a page at a time until the page is full or the log begins."""
        if not 1 <= limit <= MAX_LOG_PAGE:
            raise FieldErrors("log", {"limit": f"1 to {MAX_LOG_PAGE}"})
        if before is not None and before < 1:
            raise FieldErrors("log", {"before": "a version: 1 or more"})

        def work(state: TableState, seat: str) -> dict[str, Any]:
            def newest_first() -> Iterator[Event]:
                # Open read-only, a table shows no event past those its state folded.
                reached = state.version + 1 if before is None else min(before, state.version + 1)
                while reached is None or reached > 1:
                    stored = self.store.read_back(caller.table_id, reached, limit)
                    if not stored:
                        return
                    for record in stored:
                        yield to_event(record)
                    reached = stored[-1].version

            page = log_page(newest_first(), lambda ev: event_for(ev, state, seat), limit)
            return {
                "table_id": caller.table_id,
                "version": state.version,
                "entries": list(page.entries),
                "before": page.before,
                "more": page.more,
            }

        return await self.read(caller, work)

    async def export(self, caller: Caller) -> dict[str, Any]:
        """The whole table as a file (a GM only)."""

        def work(state: TableState, seat: str) -> dict[str, Any]:
            # The log as it was written, whichever release wrote it (and all of it, also past an
            # event that no longer folds).
            return export_table(self.repo.log(caller.table_id), state, seat)

        return await self.read(caller, work)

    async def campaign(self, caller: Caller) -> dict[str, Any]:
        """The whole campaign as a file (a GM only)."""

        def work(state: TableState, seat: str) -> dict[str, Any]:
            log = self.repo.log(caller.table_id)
            maps = kept_maps(self.store, caller.table_id)
            return export_campaign(log, state, seat, exported_at=utc_now(), maps=maps)

        return await self.read(caller, work)

    async def recap(self, caller: Caller, number: int | None, lang: str) -> tuple[str, RecapText]:
        """A session's recap as the caller's seat may read it, in ``lang``: session ``number``,
        else the last one ended (the one before the session under way). Comes back with the
        table's name."""

        def work(state: TableState, seat: str) -> tuple[str, RecapText]:
            events = self.repo.events(caller.table_id, through=state.version)
            played = sessions_of(events)
            if not played:
                raise NotFound("no session has been played at this table yet")
            wanted = number
            if wanted is None:
                wanted = played[-1]
                if state.game.in_session and len(played) > 1:
                    wanted = played[-2]
            history = StoreHistory(self.store, caller.table_id)
            found = session_recap(events, state, seat, wanted, snapshot=history.snapshot)
            if found is None:
                raise NotFound(f"there is no session {wanted} at this table")
            return state.name, recap_text(found, state, seat, lang)

        return await self.read(caller, work)

    async def export_character(self, caller: Caller, character_id: str) -> dict[str, Any]:
        """One character as a character file, for a seat that may see the whole sheet."""

        def work(state: TableState, seat: str) -> dict[str, Any]:
            # A character the seat may not know of (the GM's, not met) is answered as one
            # that does not exist: a guessed id confirms nothing.
            known = character_id in state.game.characters and Viewer(state, seat).knows(
                character_id
            )
            if not known:
                raise NotFound(f"there is no character {character_id!r} at this table")
            return export_character(state, character_id, seat)

        return await self.read(caller, work)

    async def import_table(self, data: object) -> Created:
        """A new table from a campaign file or a table file; the link of its first GM seat
        comes back."""

        def work() -> Created:
            table_id = new_table_id()
            imported = import_campaign(data, table_id=table_id)
            gm = next((s.id for s in imported.state.seats.values() if s.is_gm), None)
            if gm is None:
                raise BadInput("the table file seats no GM")
            # Its maps are read (and made clean) before anything is kept.
            maps = campaign_maps(data)
            most = self.caps.caps.maps_per_table
            if len(maps) > most:
                raise CapReached("maps_per_table", most, f"a table keeps at most {most} maps")
            # Stored as the file wrote them: reading upcasts an older event, nothing rewrites it.
            new = [logged(e) for e in imported.log]
            self.caps.check_import(new, imported.state)
            with self.caps.creating(), self.links.issuing(table_id, gm) as link:
                self.store.append(table_id, 0, new)
            keep_maps(self.store, table_id, maps)
            why = imported.state.read_only
            return Created(
                table_id,
                gm,
                link.token,
                imported.state.version,
                None if why is None else why.view(gm=True),
            )

        self.caps.check_texts(data, "table file")
        return await asyncio.to_thread(work)


def _seated(state: TableState, seat: str) -> None:
    """Raises for a seat not at the table: 409 ``read_only`` when the table is open read-only
    before the seat came (its link is real: it reads that the table stopped), else the 403 of
    no such seat."""
    if seat not in state.seats and state.read_only is not None:
        raise TableReadOnly(state.read_only, seat)
    state.seat(seat)


def _seen(events: Iterable[Event], state: TableState, seat: str) -> list[dict[str, Any]]:
    """The events as ``seat`` may see them, leaving out those it may not see at all."""
    return [e for e in (event_for(ev, state, seat) for ev in events) if e is not None]


def _data_path(path: str) -> str:
    # Command fields arrive under "data"; the command's type is a field of its own.
    return path if path == "type" else "data" if path == "$" else f"data.{path}"


def _ruleset_fields(data: object, limit: int) -> dict[str, Any]:
    """A new table's ``preset`` and ``ruleset`` fields from a rule-set file given in its body.

    The file is read as ``fatekit ruleset check`` reads it; every problem comes back as a field
    of the request (422). The table keeps the file as compact JSON text in its first event.
    """
    try:
        preset = ruleset_from_dict(data)
    except RulesetProblems as error:
        fields: dict[str, str] = {}
        for problem in error.problems:
            where, _, what = problem.partition(": ")
            key = "ruleset" + where.removeprefix("$")
            fields[key] = f"{fields[key]}; {what}" if key in fields else what
        raise FieldErrors("rule set", fields) from None
    text = json.dumps(ruleset_to_dict(preset), ensure_ascii=False, separators=(",", ":"))
    if len(text) > limit:
        raise FieldErrors("rule set", {"ruleset": f"a rule set of at most {limit} characters"})
    return {"preset": preset.key, "ruleset": text}


def _with_names(error: IllegalAction | BadInput, state: TableState) -> None:
    """Rewrite a refusal's sentences with the table's names for its characters' ids."""
    if isinstance(error, IllegalAction):
        error.reason = state.with_names(error.reason)
    if isinstance(error, FieldErrors):
        error.errors = {k: state.with_names(v) for k, v in error.errors.items()}
    error.args = tuple(state.with_names(a) if isinstance(a, str) else a for a in error.args)
