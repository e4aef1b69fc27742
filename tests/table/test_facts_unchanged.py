"""A move that changed nothing the facts watch (a note, a seat, a session's name...) is told at
once, by comparing the whole watch before and after it, rather than part by part (issue 40 item
4): for every event of the golden tables and of random games, folded in place as the server's
table is, whenever the watch is unchanged the facts recorded are the ones the comparison part by
part finds, and a move that changed something is compared part by part."""

from __future__ import annotations

from pathlib import Path

import pytest

from fatekit.table import facts
from fatekit.table.events import Event
from fatekit.table.fold import apply_in_place
from fatekit.table.history import EventLog
from fatekit.table.play.notes import NoteAdded
from fatekit.table.state import TableState

from .agent import Game, play_games  # type: ignore[import-not-found]
from .test_incremental_documents import GOLDEN, _golden  # type: ignore[import-not-found]

GAMES = range(2000, 2006)
STEPS = 40


def _check(events: tuple[Event, ...]) -> tuple[set[str], int]:
    """Fold ``events`` in place; the kinds whose watch stayed the same, and how many events
    changed it (each checked against the comparison part by part)."""
    state: TableState | None = None
    unchanged: set[str] = set()
    changed = 0
    for index, event in enumerate(events):
        before = facts.watch(state)
        state = apply_in_place(state, event, history=EventLog(events[: index + 1]))
        if before is None:
            continue
        now = facts.watch(state)
        found, kept = facts.recorded(before, state, event)
        assert kept == now
        assert found == facts._compared(before, now, state, event), type(event).__name__
        if now == before:
            unchanged.add(type(event).__name__)
        else:
            changed += 1
    return unchanged, changed


@pytest.mark.parametrize("path", GOLDEN, ids=[path.stem for path in GOLDEN])
def test_golden_tables_facts_are_the_comparisons_part_by_part(path: Path) -> None:
    _, changed = _check(_golden(path))
    assert changed > 0


def test_random_games_facts_are_the_comparisons_part_by_part() -> None:
    unchanged: set[str] = set()
    changed = 0

    def keep(game: Game) -> None:
        nonlocal changed
        found = _check(tuple(game.log))
        unchanged.update(found[0])
        changed += found[1]

    play_games(GAMES, STEPS, keep)
    assert NoteAdded.__name__ in unchanged
    assert len(unchanged) >= 3 and changed > 0
