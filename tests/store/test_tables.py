"""Tables kept in an event store: commands appended durably, reloaded by replay or snapshot."""

from __future__ import annotations

from pathlib import Path

import pytest

from fatekit.formats import dumps_character
from fatekit.rules import Action, BadInput, ForbiddenAction, RandomDice, new_character
from fatekit.store import MemoryEventStore, SqliteEventStore, VersionConflict
from fatekit.store.tables import TableFull, TableLimits, TableRepository
from fatekit.table import commands as c
from fatekit.table import view_for
from fatekit.table.events import NoteAdded
from fatekit.table.seats import Role

RUTH = dumps_character(
    new_character("condensed", "ruth", "Ruth", high_concept="Boxer", skills={"fight": 3})
)

TOM = dumps_character(new_character("condensed", "tom", "Tom", high_concept="Thug"))


def _set_up(repo: TableRepository) -> None:
    repo.execute("t1", c.CreateTable(name="T"), seat="gm")
    repo.execute("t1", c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"), seat="gm")
    repo.execute("t1", c.AddCharacter(sheet=RUTH, owner="ann"), seat="gm")
    repo.execute("t1", c.StartScene(name="s", participants=("ruth",)), seat="gm")


def test_commands_persist_and_reload_by_replay(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    with SqliteEventStore(path) as store:
        repo = TableRepository(store)
        _set_up(repo)
        done = repo.execute(
            "t1",
            c.Roll(actor="ruth", action=Action.OVERCOME, skill="fight", difficulty=2),
            seat="ann",
            dice=RandomDice(seed=3),
        )
        seen = view_for(done.state, "ann")
    with SqliteEventStore(path) as store:
        fresh = TableRepository(store)
        assert view_for(fresh.load("t1"), "ann") == seen
        assert [type(e).__name__ for e in fresh.events("t1", 4)] == ["RollMade"]


def test_a_retried_command_is_applied_once_with_the_same_dice() -> None:
    repo = TableRepository(MemoryEventStore())
    _set_up(repo)
    roll = c.Roll(actor="ruth", action=Action.OVERCOME, skill="fight", difficulty=2)
    first = repo.execute("t1", roll, seat="ann", idempotency_key="k1", dice=RandomDice(seed=1))
    again = repo.execute("t1", roll, seat="ann", idempotency_key="k1", dice=RandomDice(seed=99))
    assert again.replayed and not first.replayed
    assert again.events == first.events
    assert repo.store.version("t1") == first.events[-1].version


def test_a_stale_expected_version_says_what_changed() -> None:
    repo = TableRepository(MemoryEventStore())
    _set_up(repo)
    with pytest.raises(VersionConflict) as caught:
        repo.execute("t1", c.Note(text="late"), seat="ann", expected_version=2)
    assert caught.value.actual == 4
    assert [e.type for e in caught.value.events] == ["CharacterAdded", "SceneStarted"]
    assert (
        repo.execute("t1", c.Note(text="on time"), seat="ann", expected_version=4).state.version
        == 5
    )


def test_refused_commands_store_nothing() -> None:
    repo = TableRepository(MemoryEventStore())
    _set_up(repo)
    with pytest.raises(ForbiddenAction):
        repo.execute("t1", c.EndScene(), seat="ann")
    with pytest.raises(BadInput):
        repo.execute("t1", c.CreateTable(name="again"), seat="gm")
    with pytest.raises(BadInput):
        repo.load("nowhere")
    assert repo.store.version("t1") == 4


def test_a_writer_elsewhere_is_caught_up_with(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    with SqliteEventStore(path) as one, SqliteEventStore(path) as two:
        mine, theirs = TableRepository(one), TableRepository(two)
        _set_up(mine)
        assert theirs.load("t1").version == 4
        mine.execute("t1", c.Note(text="first"), seat="gm")
        # theirs held version 4 in memory; it reads what it missed before handling anything.
        assert theirs.execute("t1", c.Note(text="second"), seat="gm").state.version == 6
        assert mine.load("t1").version == 6
        notes = [e for e in mine.events("t1") if isinstance(e, NoteAdded)]
        assert [n.text for n in notes] == ["first", "second"]


def test_snapshots_are_saved_and_used(tmp_path: Path) -> None:
    path = tmp_path / "tables.sqlite"
    with SqliteEventStore(path) as store:
        repo = TableRepository(store, snapshot_every=3)
        _set_up(repo)
        for n in range(4):
            repo.execute("t1", c.Note(text=f"note {n}"), seat="gm")
        snapshot = store.load_snapshot("t1")
        assert snapshot is not None and snapshot.version == 6
        expected = view_for(repo.load("t1"), "gm")
    with SqliteEventStore(path) as store:
        fresh = TableRepository(store)
        assert view_for(fresh.load("t1"), "gm") == expected


def test_a_table_at_its_limits_refuses_new_events_and_stores_nothing() -> None:
    # The limits are plain data the repository checks itself: nothing of the server's is called.
    store = MemoryEventStore()
    repo = TableRepository(store, limits=TableLimits(events_per_table=5))
    _set_up(repo)
    repo.execute("t1", c.Note(text="the fifth"), seat="gm")
    with pytest.raises(TableFull) as full:
        repo.execute("t1", c.Note(text="a sixth"), seat="gm")
    assert (full.value.limit, full.value.at_most) == ("events_per_table", 5)
    assert store.version("t1") == 5
    assert repo.load("t1").version == 5

    few = TableRepository(MemoryEventStore(), limits=TableLimits(characters_per_table=1))
    _set_up(few)
    with pytest.raises(TableFull) as full:
        few.execute("t1", c.AddCharacter(sheet=TOM, owner="ann"), seat="gm")
    assert full.value.limit == "characters_per_table"
    assert list(few.load("t1").game.characters) == ["ruth"]

    small = MemoryEventStore()
    _set_up(TableRepository(small))
    room = small.log_bytes("t1") + 400
    tight = TableRepository(small, limits=TableLimits(bytes_per_table=room))
    tight.execute("t1", c.Note(text="short"), seat="gm")
    with pytest.raises(TableFull) as full:
        tight.execute("t1", c.Note(text="x" * 1000), seat="gm")
    assert (full.value.limit, full.value.at_most) == ("bytes_per_table", room)
    assert small.version("t1") == 5


def test_the_log_size_a_command_is_checked_against_is_the_stores_without_reading_it(
    tmp_path: Path,
) -> None:
    # The repository carries a table's log size past the events it appends and the events it
    # reads (another process's here): a limit checked against it is checked against the
    # store's own count, and only the first command asks the store for it.
    path = tmp_path / "tables.sqlite"
    with SqliteEventStore(path) as one, SqliteEventStore(path) as two:
        _set_up(TableRepository(one))
        room = one.log_bytes("t1") + 2000
        mine = TableRepository(one, limits=TableLimits(bytes_per_table=room))
        theirs = TableRepository(two)
        asked: list[str] = []
        counted = one.log_bytes

        def log_bytes(table_id: str) -> int:
            asked.append(table_id)
            return counted(table_id)

        one.log_bytes = log_bytes  # type: ignore[method-assign]
        mine.execute("t1", c.Note(text="é" * 100), seat="gm")
        theirs.execute("t1", c.Note(text="ß" * 300), seat="gm")
        mine.execute("t1", c.Note(text="mine again"), seat="gm")
        assert asked == ["t1"]
        size = counted("t1")
        # The next note would take the log one byte past the limit; one a byte shorter fits.
        left = room - size
        with pytest.raises(TableFull):
            mine.execute("t1", c.Note(text="x" * (left - _note_overhead() + 1)), seat="gm")
        mine.execute("t1", c.Note(text="x" * (left - _note_overhead())), seat="gm")
        assert counted("t1") == room
        assert asked == ["t1"]


def _note_overhead() -> int:
    """The bytes a note's payload takes beside its text (measured on a table of its own)."""
    store = MemoryEventStore()
    probe = TableRepository(store)
    probe.execute("p", c.CreateTable(name="P"), seat="gm")
    before = store.log_bytes("p")
    probe.execute("p", c.Note(text="x"), seat="gm")
    return store.log_bytes("p") - before - 1
