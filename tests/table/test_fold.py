"""The fold: replaying a log gives the same table, dice are never rolled again, and undo."""

from __future__ import annotations

import pytest

from fatekit.rules import Action, BadInput, RandomDice
from fatekit.table import apply, fold, handle, view_for
from fatekit.table import commands as c
from fatekit.table import events as e
from fatekit.table.seats import NoteVisibility, Role
from fatekit.table.snapshot import SNAPSHOT_FORMAT, decode_snapshot, encode_snapshot

from .conftest import NOW, Play, log_of  # type: ignore[import-not-found]


def _skirmish(play: Play) -> None:
    play.do(c.AddSituationAspect(name="Slick Deck", free_invokes=(("ruth", 1),)))
    play.do(
        c.StartConflict(sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))), first="ruth")
    )
    play.dice[:] = ["+0+0", "-0-0"]  # Ruth's attack and Alice's defence, rolled by the table
    play.do(c.Attack(actor="ruth", target="alice", skill="fight"), "ann")
    play.do(c.Invoke(aspect_id="a1", by="ruth", free=True), "ann")


def test_replaying_the_log_gives_the_same_table(play: Play) -> None:
    _skirmish(play)
    replayed = fold(play.log)
    for seat in ("gm", "ann", "ben", "sam"):
        assert view_for(replayed, seat) == view_for(play.s, seat)


def test_server_rolled_dice_are_in_the_events_and_never_rolled_again() -> None:
    first = Play()
    first.do(c.CreateTable(name="T"))
    from ..sheets import ruth_sheet  # type: ignore[import-not-found]

    first.do(c.AddCharacter(sheet=ruth_sheet()))
    first.do(c.StartScene(name="s", participants=("ruth",)))
    decision = handle(
        first.s,
        c.Roll(actor="ruth", action=Action.OVERCOME, skill="fight", difficulty=2),
        seat="gm",
        dice=RandomDice(seed=7),
        now=NOW,
    )
    rolled = decision.events[0]
    assert isinstance(rolled, e.RollMade)
    assert rolled.faces == RandomDice(seed=7).roll().symbols()
    log = [*first.log, *decision.events]
    # Different seeds, same result: replay reads the dice from the events.
    assert view_for(fold(log), "gm")["roll"] == view_for(decision.state, "gm")["roll"]
    assert view_for(fold(log), "gm")["roll"]["faces"] == rolled.faces


def test_apply_leaves_its_input_alone(play: Play) -> None:
    before = view_for(play.s, "gm")
    event = e.NoteAdded(
        table_id="t1",
        version=play.s.version + 1,
        seat="gm",
        at=NOW,
        note_id="n",
        text="hi",
        visibility=NoteVisibility.PUBLIC,
    )
    after = apply(play.s, event)
    assert view_for(play.s, "gm") == before
    assert after.version == event.version and after is not play.s


def test_events_out_of_order_or_of_another_table_are_refused(play: Play) -> None:
    event = e.NoteAdded(
        table_id="t1",
        version=2,
        seat="gm",
        at=NOW,
        note_id="n",
        text="hi",
        visibility=NoteVisibility.PUBLIC,
    )
    with pytest.raises(BadInput):
        apply(play.s, event)
    other = e.NoteAdded(
        table_id="t2",
        version=99,
        seat="gm",
        at=NOW,
        note_id="n",
        text="hi",
        visibility=NoteVisibility.PUBLIC,
    )
    with pytest.raises(BadInput):
        apply(play.s, other)
    with pytest.raises(BadInput):
        fold([])
    with pytest.raises(BadInput):
        apply(None, event)


def test_undo_rewinds_and_keeps_the_history(play: Play) -> None:
    before_fight = play.s.version
    _skirmish(play)
    assert play.s.roll is not None and play.s.roll.effort > 0
    undone = play.do(c.Undo(target_version=before_fight + 2)).events[0]  # the conflict's start
    assert isinstance(undone, e.Undone)
    assert play.s.conflict is None and play.s.roll is None
    scene = play.s.game.scene
    assert scene is not None and scene.aspects.get("a1").free_invokes_held_by("ruth") == 1
    assert play.s.version == undone.version
    assert len(play.log) == undone.version  # nothing left the log
    # The state is the fold of the whole log, undo included.
    assert view_for(fold(play.log), "ann") == view_for(play.s, "ann")
    # Play goes on from the rewound table.
    play.do(c.StartConflict(sides=(("heroes", ("ruth",)), ("cult", ("alice",))), first="alice"))
    assert play.s.conflict is not None and play.s.conflict.turns.current == "alice"


def test_what_cannot_be_undone(play: Play) -> None:
    for target in (1, 0, play.s.version + 1):
        with pytest.raises(BadInput):
            play.do(c.Undo(target_version=target))
    version = play.s.version
    play.do(c.Note(text="oops"), "ann")
    play.do(c.Undo(target_version=version + 1))
    assert play.s.version == version + 2
    assert [x["type"] for x in log_of(play, "gm")[:2]] == ["Undone", "NoteAdded"]
    with pytest.raises(BadInput):  # already undone
        play.do(c.Undo(target_version=version + 1))


def test_an_undo_keeps_everyone_seated(play: Play) -> None:
    # A player joins mid-evening, the GM rewinds to before she came: the moves go, she stays
    # (the page agent's GM undid past the players' invitations and stranded both pages).
    version = play.s.version
    play.do(c.Note(text="before Dee"))
    play.do(c.AddSeat(seat_id="dee", role=Role.PLAYER, name="Dee"))
    play.do(c.AddSituationAspect(name="Fog"))
    play.do(c.RemoveSeat(seat_id="sam"))
    play.do(c.Undo(target_version=version + 1))
    assert "dee" in play.s.seats and "sam" not in play.s.seats
    scene = play.s.game.scene
    assert scene is not None and [a.name for a in scene.aspects] == []
    assert view_for(fold(play.log), "dee") == view_for(play.s, "dee")
    # Seating alone is nothing to undo.
    with pytest.raises(BadInput, match="nothing at version"):
        play.do(c.Undo(target_version=play.s.version - 2))


def test_snapshots_round_trip_and_stale_ones_are_ignored(play: Play) -> None:
    _skirmish(play)
    payload = encode_snapshot(play.s)
    restored = decode_snapshot(SNAPSHOT_FORMAT, payload)
    assert restored is not None
    assert view_for(restored, "ben") == view_for(play.s, "ben")
    assert decode_snapshot("fatekit-table/pickle/0", payload) is None
    assert decode_snapshot(SNAPSHOT_FORMAT, b"not a pickle") is None
    # A snapshot plus the events after it equals the whole fold.
    more = handle(restored, c.ResolveRoll(option="hit"), seat="ann", now=NOW)
    assert view_for(more.state, "gm") == view_for(fold([*play.log, *more.events]), "gm")
