"""Who plays where: Discord channels bound to tables, Discord accounts bound to seats.

The bindings live in the event store, in streams of their own beside the tables' logs (as seat
links do), so every server process on a shared PostgreSQL database reads the same ones, and
they survive restarts:

- ``discord:bindings``: channels bound and unbound (with the table's language in the channel),
  accounts bound to seats and unbound;
- ``discord:posted:<table>``: how far the table's events have reached its channel and the
  players' direct messages, so a restarted (or another) process goes on from there;
- ``discord:moves:<table>``: moves the rules refused that a GM may allow anyway, kept until
  then by a short id (a button's custom id holds only that id).

A player binds their account with their seat link, given to the app privately; the binding
keeps the hash of that link's secret (as the link registry does) and holds only while the link
is live: revoking a seat's links unbinds it from Discord too. A GM's binding of someone else
holds no link: it holds until the GM unbinds it or the seat leaves the table.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from fatekit.store.base import EventStore, NewEvent, VersionConflict

__all__ = ["Bindings", "ChannelBinding", "SeatBinding", "StoredMove"]

_BINDINGS = "discord:bindings"
_POSTED = "discord:posted:"
_MOVES = "discord:moves:"
_RETRIES = 8


def is_discord_stream(stream_id: str) -> bool:
    """Whether a store stream is one of the front door's (not a table)."""
    return stream_id.startswith("discord:")


@dataclass(frozen=True, slots=True)
class ChannelBinding:
    """A channel (or thread) that plays at a table, and the language its posts are in."""

    channel_id: str
    guild_id: str | None
    table_id: str
    language: str
    since: int  # the bindings stream's version when it was bound: the newest channel of a table
    # gets the table's posts
    thread: bool = False  # a thread (the app needs Send Messages in Threads there)


@dataclass(frozen=True, slots=True)
class SeatBinding:
    """A Discord account playing a seat at a table (``link_hash``: the seat link it gave)."""

    user_id: str
    table_id: str
    seat: str
    link_hash: str | None
    language: str = "en"  # the user's, when they bound it: their direct messages speak it


@dataclass(frozen=True, slots=True)
class StoredMove:
    """A refused move kept for the GM's word: who sent it, the command, and the rule."""

    id: str
    table_id: str
    seat: str
    user_id: str
    type: str
    data: dict[str, Any]
    rule: str


class Bindings:
    """Reads and writes the front door's streams (blocking: call from a worker thread)."""

    def __init__(self, store: EventStore) -> None:
        self.store = store

    # -- reading ----------------------------------------------------------------------------------

    def load(self) -> tuple[dict[str, ChannelBinding], dict[tuple[str, str], SeatBinding]]:
        """Every channel binding by channel id, and every seat binding by (table, user)."""
        channels: dict[str, ChannelBinding] = {}
        seats: dict[tuple[str, str], SeatBinding] = {}
        for event in self.store.read(_BINDINGS):
            data = json.loads(event.payload)
            if event.type == "ChannelBound":
                channels[data["channel"]] = ChannelBinding(
                    data["channel"],
                    data.get("guild"),
                    data["table"],
                    data["language"],
                    event.version,
                    bool(data.get("thread", False)),
                )
            elif event.type == "ChannelUnbound":
                channels.pop(data["channel"], None)
            elif event.type == "SeatBound":
                seats[(data["table"], data["user"])] = SeatBinding(
                    data["user"],
                    data["table"],
                    data["seat"],
                    data.get("link_hash"),
                    data.get("language", "en"),
                )
            elif event.type == "SeatUnbound":
                seats.pop((data["table"], data["user"]), None)
        return channels, seats

    def version(self) -> int:
        """The bindings stream's version (it moves on with every change)."""
        return self.store.version(_BINDINGS)

    # -- writing ----------------------------------------------------------------------------------

    def bind_channel(
        self,
        channel_id: str,
        guild_id: str | None,
        table_id: str,
        language: str,
        by: str,
        *,
        thread: bool = False,
    ) -> None:
        """Play at ``table_id`` in a channel, its posts in ``language``."""
        self._append(
            _BINDINGS,
            "ChannelBound",
            {
                "channel": channel_id,
                "guild": guild_id,
                "table": table_id,
                "language": language,
                "by": by,
                "thread": thread,
            },
        )

    def unbind_channel(self, channel_id: str, by: str) -> None:
        """A channel plays at no table any more."""
        self._append(_BINDINGS, "ChannelUnbound", {"channel": channel_id, "by": by})

    def bind_seat(
        self,
        table_id: str,
        user_id: str,
        seat: str,
        link_hash: str | None,
        by: str,
        language: str = "en",
    ) -> None:
        """A Discord account plays a seat (with the link it gave, or by the GM's word); its
        direct messages speak ``language``."""
        self._append(
            _BINDINGS,
            "SeatBound",
            {
                "table": table_id,
                "user": user_id,
                "seat": seat,
                "link_hash": link_hash,
                "by": by,
                "language": language,
            },
        )

    def unbind_seat(self, table_id: str, user_id: str, by: str) -> None:
        """A Discord account plays no seat at the table any more."""
        self._append(_BINDINGS, "SeatUnbound", {"table": table_id, "user": user_id, "by": by})

    # -- what has been posted ---------------------------------------------------------------------

    def posted(self, table_id: str) -> int | None:
        """The table's version through which its events were posted (``None``: never)."""
        last = self.store.read_back(_POSTED + table_id, None, 1)
        return int(json.loads(last[0].payload)["through"]) if last else None

    def mark_posted(self, table_id: str, through: int) -> None:
        """The table's events through ``through`` are posted."""
        self._append(_POSTED + table_id, "Posted", {"through": through})

    # -- refused moves kept for the GM ------------------------------------------------------------

    def keep_move(
        self,
        table_id: str,
        seat: str,
        user_id: str,
        type_name: str,
        data: dict[str, Any],
        rule: str,
    ) -> str:
        """Keep a refused move; its id comes back (for a button's custom id)."""
        version = self._append(
            _MOVES + table_id,
            "MoveRefused",
            {"seat": seat, "user": user_id, "type": type_name, "data": data, "rule": rule},
        )
        return str(version)

    def moves(self, table_id: str, limit: int = 10) -> list[StoredMove]:
        """The latest moves kept at a table, newest first."""
        out = []
        for event in self.store.read_back(_MOVES + table_id, None, limit):
            found = self._stored(table_id, event.version, event.payload)
            out.append(found)
        return out

    @staticmethod
    def _stored(table_id: str, version: int, payload: str) -> StoredMove:
        data = json.loads(payload)
        return StoredMove(
            str(version),
            table_id,
            data["seat"],
            data["user"],
            data["type"],
            data["data"],
            data["rule"],
        )

    def move(self, table_id: str, move_id: str) -> StoredMove | None:
        """A kept move by its id (``None``: there is none)."""
        if not move_id.isdigit():
            return None
        wanted = int(move_id)
        for event in self.store.read_back(_MOVES + table_id, wanted + 1, 1):
            if event.version == wanted:
                return self._stored(table_id, event.version, event.payload)
        return None

    def _append(self, stream: str, kind: str, data: dict[str, Any]) -> int:
        payload = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
        for _ in range(_RETRIES):
            try:
                done = self.store.append(
                    stream, self.store.version(stream), [NewEvent(kind, payload)]
                )
            except VersionConflict:
                continue  # another process wrote meanwhile: read the version again
            return done.version
        raise RuntimeError(f"the store is too busy to write to {stream}")
