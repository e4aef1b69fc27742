"""The server's nightly backup of every table (``fatekit serve --backup-dir DIR``).

Once a day, at ``--backup-at`` (UTC), every table is written as a campaign file into a new folder
of the backup directory, and only the latest ``--backup-keep`` folders are kept (see
:func:`fatekit.store.campaigns.back_up`). The operator may also take one at once
(``POST /backups``). ``fatekit campaign restore FOLDER`` brings a folder back.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from pathlib import Path

from fatekit.store.base import EventStore
from fatekit.store.campaigns import DEFAULT_KEEP, Backup, back_up

__all__ = ["DEFAULT_AT", "BackupPlan", "NightlyBackups", "parse_at"]

_log = logging.getLogger("fatekit.server")

#: When the nightly backup runs, in UTC, unless told otherwise.
DEFAULT_AT = time(3, 0)


def parse_at(text: str) -> time:
    """A time of day written ``HH:MM`` (UTC); ``ValueError`` for anything else."""
    hours, sep, minutes = text.partition(":")
    if not (sep and hours.isdigit() and minutes.isdigit() and len(minutes) == 2):
        raise ValueError(f"a time of day as HH:MM, not {text!r}")
    return time(int(hours), int(minutes))


@dataclass(frozen=True, slots=True)
class BackupPlan:
    """Where backups go, how many are kept, and when in the day (UTC) one is taken."""

    directory: Path
    keep: int = DEFAULT_KEEP
    at: time = DEFAULT_AT

    def next_after(self, now: datetime) -> datetime:
        """The first moment of the plan's time of day strictly after ``now``."""
        today = datetime.combine(now.date(), self.at, tzinfo=UTC)
        return today if today > now else today + timedelta(days=1)


class NightlyBackups:
    """Takes the plan's backups: :meth:`run_now` at once, :meth:`run` each day until cancelled.

    ``clock`` and ``sleep`` are the only ways it learns the time and waits, so a test drives a
    whole night in no time."""

    def __init__(
        self,
        store: EventStore,
        plan: BackupPlan,
        *,
        clock: Callable[[], datetime] = lambda: datetime.now(UTC),
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        self.store = store
        self.plan = plan
        self.clock = clock
        self.sleep = sleep
        self._one_at_a_time = threading.Lock()

    def run_now(self) -> Backup:
        """Back up every table now (one run at a time)."""
        with self._one_at_a_time:
            return back_up(self.store, self.plan.directory, keep=self.plan.keep, now=self.clock)

    async def run(self) -> None:
        """Back up every table at the plan's time each day, until cancelled. A run that fails
        is logged in a line and the next night's is still taken."""
        while True:
            now = self.clock()
            await self.sleep((self.plan.next_after(now) - now).total_seconds())
            try:
                made = await asyncio.to_thread(self.run_now)
            except Exception as error:  # a full disk must not stop the server, nor tomorrow's
                _log.error("the nightly backup failed: %s", error)
            else:
                _log.info("backed up %d table(s) in %s", len(made.tables), made.folder)
