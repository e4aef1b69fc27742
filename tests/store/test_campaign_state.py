"""A table for a campaign: the repository folds commands into its live state, drops it after a
refusal, rewinds undos from snapshots, and reads and writes snapshots that are only data."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fatekit.rules import Action, BadInput, IllegalAction, RandomDice
from fatekit.store import MemoryEventStore
from fatekit.store.base import Snapshot
from fatekit.store.tables import TableRepository
from fatekit.table import commands as c
from fatekit.table import fold, view_for
from fatekit.table.seats import NoteVisibility, Role
from fatekit.table.snapshot import SNAPSHOT_FORMAT, decode_snapshot, encode_snapshot

from ..sheets import charles_sheet, npc_sheet, ruth_sheet  # type: ignore[import-not-found]

SEATS = ("gm", "ann", "ben")


def _table(snapshot_every: int = 200) -> TableRepository:
    repo = TableRepository(MemoryEventStore(), snapshot_every=snapshot_every)
    do = repo.execute
    do("t1", c.CreateTable(name="The Yacht"), seat="gm")
    do("t1", c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"), seat="gm")
    do("t1", c.AddSeat(seat_id="ben", role=Role.PLAYER, name="Ben"), seat="gm")
    do("t1", c.AddCharacter(sheet=ruth_sheet(), owner="ann"), seat="ann")
    do("t1", c.AddCharacter(sheet=charles_sheet(), owner="ben"), seat="gm")
    do("t1", c.AddCharacter(sheet=npc_sheet()), seat="gm")
    do("t1", c.StartSession(), seat="gm")
    do("t1", c.StartScene(name="On deck", participants=("ruth", "charles", "alice")), seat="gm")
    return repo


def _same_as_the_log(repo: TableRepository) -> None:
    """The repository's table is the fold of its whole log, as every seat sees it."""
    live = repo.load("t1")
    replayed = fold(repo.events("t1"))
    assert live.version == replayed.version and set(live.seats) == set(replayed.seats)
    for seat in live.seats:  # an undo may have taken a seat back
        assert view_for(live, seat) == view_for(replayed, seat), seat


def test_a_refusal_in_the_fold_leaves_no_half_change_behind() -> None:
    repo = _table()
    repo.execute(
        "t1",
        c.Roll(actor="ruth", action=Action.OVERCOME, skill="fight", difficulty=3, dice="----"),
        seat="ann",
    )
    repo.execute("t1", c.Invoke(aspect_id="ruth/high_concept/1", by="ruth"), seat="ann")
    before = view_for(repo.load("t1"), "gm")
    with pytest.raises(IllegalAction):  # a second paid invoke of the same aspect on one roll
        repo.execute("t1", c.Invoke(aspect_id="ruth/high_concept/1", by="ruth"), seat="ann")
    assert view_for(repo.load("t1"), "gm") == before
    _same_as_the_log(repo)


def test_undo_rewinds_from_a_snapshot_that_no_undo_reached_into() -> None:
    repo = _table(snapshot_every=3)
    for n in range(10):
        repo.execute("t1", c.AddSituationAspect(name=f"Aspect {n}"), seat="gm")
    version = repo.store.version("t1")
    repo.execute("t1", c.Undo(target_version=version - 1), seat="gm")  # the last two aspects
    _same_as_the_log(repo)
    repo.execute("t1", c.AddSituationAspect(name="After the undo"), seat="gm")
    # Back past several snapshots, and past the first undo.
    repo.execute("t1", c.Undo(target_version=version - 7), seat="gm")
    _same_as_the_log(repo)
    scene = repo.load("t1").game.scene
    assert scene is not None and len(scene.aspects) == 2
    with pytest.raises(BadInput):  # already undone
        repo.execute("t1", c.Undo(target_version=version - 7), seat="gm")
    # A fresh process over the same store reads the same table.
    again = TableRepository(repo.store)
    assert view_for(again.load("t1"), "gm") == view_for(repo.load("t1"), "gm")


@settings(max_examples=25, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("aspect"), st.integers(0, 9)),
            st.tuples(st.just("note"), st.sampled_from(list(NoteVisibility))),
            st.tuples(st.just("undo"), st.integers(1, 6)),
            st.tuples(st.just("fate"), st.integers(0, 1)),
        ),
        max_size=25,
    ),
    st.integers(2, 7),
)
def test_any_play_with_undos_is_the_fold_of_its_log(
    steps: list[tuple[str, object]], every: int
) -> None:
    repo = _table(snapshot_every=every)
    for kind, value in steps:
        version = repo.store.version("t1")
        try:
            if kind == "aspect":
                repo.execute("t1", c.AddSituationAspect(name=f"Aspect {value}"), seat="gm")
            elif kind == "note":
                assert isinstance(value, NoteVisibility)
                repo.execute("t1", c.Note(text="x", visibility=value), seat="gm")
            elif kind == "undo":
                assert isinstance(value, int)
                repo.execute("t1", c.Undo(target_version=version + 1 - value), seat="gm")
            else:
                who = ("ruth", "charles")[int(str(value))]
                repo.execute("t1", c.Invoke(aspect_id=f"{who}/high_concept/1", by=who), seat="gm")
        except (BadInput, IllegalAction):
            pass  # refused: nothing changed, which the comparison below checks too
    _same_as_the_log(repo)


def test_snapshots_are_json_and_round_trip_the_table() -> None:
    repo = _table()
    repo.execute(
        "t1",
        c.Roll(actor="ruth", action=Action.OVERCOME, skill="fight", difficulty=2),
        seat="ann",
        dice=RandomDice(seed=4),
    )
    state = repo.load("t1")
    payload = encode_snapshot(state)
    data = json.loads(payload)
    assert data["format"] == SNAPSHOT_FORMAT
    restored = decode_snapshot(SNAPSHOT_FORMAT, payload)
    assert restored is not None and restored is not state
    for seat in SEATS:
        assert view_for(restored, seat) == view_for(state, seat)
    assert encode_snapshot(restored) == payload
    # The roll in play and the game share one fate point ledger, after loading too.
    assert restored.roll is not None and restored.roll.ledger is restored.game.ledger


@pytest.mark.parametrize(
    "node",
    [
        {"O": "os.system", "@": 0, "a": {}},
        {"O": "subprocess.Popen", "@": 0, "a": {}},
        {"O": "builtins.eval", "@": 0, "a": {}},
        {"O": "fatekit.server.app.create_app", "@": 0, "a": {}},
        {"E": "os.system", "n": "x"},
        {"O": "fatekit.table.state.TableState", "@": 0, "a": {"table_id": "t1"}},
        {"R": 7},
        {"L": "not a list", "@": 0},
        [1, 2, 3],
    ],
)
def test_a_snapshot_naming_anything_else_is_ignored(node: object) -> None:
    payload = json.dumps({"format": SNAPSHOT_FORMAT, "state": node}).encode()
    assert decode_snapshot(SNAPSHOT_FORMAT, payload) is None


def test_a_stale_or_foreign_snapshot_in_the_store_is_passed_over_for_the_log() -> None:
    repo = _table()
    state = repo.load("t1")
    stale = json.loads(encode_snapshot(state))
    stale["state"]["a"]["no_such_field"] = 1
    store = repo.store
    store.save_snapshot(Snapshot("t1", state.version, SNAPSHOT_FORMAT, json.dumps(stale).encode()))
    fresh = TableRepository(store)
    assert view_for(fresh.load("t1"), "gm") == view_for(state, "gm")
    store.save_snapshot(Snapshot("t1", state.version, "fatekit-table/pickle/2", b"\x80\x04."))
    assert view_for(TableRepository(store).load("t1"), "gm") == view_for(state, "gm")
