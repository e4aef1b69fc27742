"""What the front door's buttons and seating work with: who sent an interaction (:class:`Context`),
a seat's view of the table (:class:`Seen`), and the little they use of the door itself
(:class:`Door`), so that they need not import the door that imports them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from fatekit.discord.bindings import Bindings, ChannelBinding, SeatBinding
from fatekit.discord.lines import Reader
from fatekit.discord.moves import Move
from fatekit.discord.rest import Rest
from fatekit.discord.words import Words, words
from fatekit.server.service import Caller, TableService

__all__ = ["Context", "Door", "Seen"]

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Context:
    """Who sent an interaction, from where, and at which table and seat."""

    user_id: str
    user_name: str
    words: Words  # the user's own language
    channel_id: str
    guild_id: str | None
    channel: ChannelBinding | None
    seat: SeatBinding | None
    interaction: JSON
    app_permissions: int = 0  # what the app may do in this channel (Discord's permission bits)
    thread: bool = False  # the channel is a thread

    @property
    def table_words(self) -> Words:
        """The table's language in this channel (the user's where none is bound)."""
        return words(self.channel.language) if self.channel else self.words


@dataclass(frozen=True, slots=True)
class Seen:
    """A seat's (or the public's) view of a table, with what names things in it."""

    view: JSON
    extras: JSON
    reader: Reader


class Door(Protocol):
    """What buttons and seating use of the front door (:class:`~fatekit.discord.door.FrontDoor`)."""

    service: TableService
    rest: Rest
    bindings: Bindings

    async def changed(self) -> None:
        """A binding changed here: read them again and tell the relay."""

    async def seen(self, context: Context, *, public: bool = False) -> Seen:
        """The table as the user's seat sees it (the public's, with ``public``)."""

    def caller(self, context: Context) -> Caller:
        """The seat the user plays, as the server's caller."""

    async def play(
        self,
        context: Context,
        caller: Caller,
        move: Move,
        *,
        waive: list[str] | None = None,
        reason: str | None = None,
    ) -> JSON:
        """Send a move as the user's seat and answer with what it did."""
