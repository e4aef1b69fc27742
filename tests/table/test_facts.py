"""History no upgrade can rewrite (issue 28, item 1): events record what the rules decided, the
fold assigns it, older events are upcast when read, and snapshots are a cache only.

The rules are changed here after a table was played (monkeypatched, as a release that fixes a
rule would): folding the same log must give the same table, and only a move made after the change
follows the new rule.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from fatekit.rules import Action
from fatekit.rules.aspects import fate_points
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.harm import absorb, recovery
from fatekit.rules.options import big_bad_solo
from fatekit.rules.scenes.conflict import TAKEN_OUT_RULE
from fatekit.store import SqliteEventStore
from fatekit.store.base import Snapshot
from fatekit.store.tables import TableRepository
from fatekit.table import commands as c
from fatekit.table import fold
from fatekit.table.base import FACTS_VERSION, Facts, HitFact, PointsFact
from fatekit.table.events import EVENT_TYPES, ChallengeRolled, ContestRolled, SecretRollMade
from fatekit.table.export import export_table, import_table
from fatekit.table.fact_records import ConsequenceFact
from fatekit.table.folding import JUDGES
from fatekit.table.play import notes, secrets
from fatekit.table.seats import Role
from fatekit.table.serialize import SCHEMA_KEY, event_from_payload, event_payload
from fatekit.table.snapshot import SNAPSHOT_FORMAT, decode_snapshot, encode_snapshot
from fatekit.table.state import TableState
from fatekit.table.upcasting import UPCASTERS, upcast

from ..fold_check import as_older  # type: ignore[import-not-found]
from .conftest import Play, seated
from .test_conflict_options import fight, pending, ruth_hits_alice

ENVELOPE: dict[str, Any] = {"table_id": "t1", "version": 9, "seat": "gm", "at": "x"}


def dump(state: TableState) -> bytes:
    """The state as a canonical snapshot, its creation marker set aside."""
    saved = state.last_created
    state.last_created = ()
    try:
        return encode_snapshot(state)
    finally:
        state.last_created = saved


def big_bad_hit(expected: int = 8) -> Play:
    """Ruth's 9-shift hit on Alice, a solo big bad against two PCs: 8 after the reduction."""
    play = seated(("big_bads",))
    fight(play)
    play.do(c.SetBigBad(character_id="alice", solo_stress=True))
    ruth_hits_alice(play)
    assert pending(play) == ("alice", expected)
    return play


# -- facts: the fold assigns what the rules decided ---------------------------------------------


def test_a_big_bads_hit_keeps_its_recorded_reduction_after_the_rule_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    play = big_bad_hit()
    resolved = play.log[-1]
    assert resolved.facts is not None
    assert resolved.facts.hits == (HitFact(target="alice", shifts=8, by="ruth"),)
    recorded = dump(play.s)

    # A release reduces solo hits by far more: the table played before it folds as it was.
    monkeypatch.setattr(big_bad_solo, "solo_stress_reduction", lambda shifts, pcs, **_: 1)
    replayed = fold(play.log)
    assert dump(replayed) == recorded
    assert replayed.conflict is not None and replayed.conflict.hits.pending_hit == ("alice", 8)

    # The same moves made now follow the rule of the day.
    assert pending(big_bad_hit(expected=1)) == ("alice", 1)


def test_a_spent_fate_point_is_assigned_not_spent_again(monkeypatch: pytest.MonkeyPatch) -> None:
    play = seated()
    before = play.s.game.ledger.account("ruth").available
    play.do(
        c.Roll(actor="ruth", action=Action.OVERCOME, skill="athletics", difficulty=2, dice="0000"),
        "ann",
    )
    play.do(c.Invoke(aspect_id="ruth/high_concept/1", by="ruth"), "ann")
    invoked = play.log[-1]
    assert invoked.facts is not None
    assert invoked.facts.points == (PointsFact(owner="ruth", available=before - 1, pending=0),)
    recorded = dump(play.s)

    # A ledger that charged two points an invoke would not change what was paid.
    spend = fate_points.FatePoints.spend

    def dearer(self: fate_points.FatePoints, count: int = 1, **kw: Any) -> None:
        spend(self, count + 1 if self.available > count else count, **kw)

    monkeypatch.setattr(fate_points.FatePoints, "spend", dearer)
    replayed = fold(play.log)
    assert replayed.game.ledger.account("ruth").available == before - 1
    assert replayed.game.character("ruth").fate_points == before - 1
    assert dump(replayed) == recorded


def test_the_gms_pool_stays_as_the_scene_filled_it(monkeypatch: pytest.MonkeyPatch) -> None:
    play = seated()
    started = next(e for e in play.log if type(e).__name__ == "SceneStarted")
    assert started.facts is not None and started.facts.points is not None
    pool = play.s.game.ledger.gm.available
    assert PointsFact(owner="gm", available=pool, pending=0) in started.facts.points
    recorded = dump(play.s)

    # A release that fills the pool otherwise (issue 27: a major NPC's own points) changes
    # the pools of scenes started after it, not this one.
    fill = fate_points.GMPool.start_scene
    monkeypatch.setattr(
        fate_points.GMPool,
        "start_scene",
        lambda self, pcs, **kw: fill(self, pcs + 5, **kw),
    )
    replayed = fold(play.log)
    assert replayed.game.ledger.gm.available == pool
    assert dump(replayed) == recorded


def wounded_then_scene_ends(play: Play) -> None:
    """Alice takes a mild consequence (Bloody Nose), concedes, and the scene ends."""
    fight(play)
    play.dice[:] = ["-0-0"]
    play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="+0+0"), "ann")
    play.do(c.ResolveRoll(option="hit"), "ann")
    play.do(c.Absorb(boxes=(0, 1, 2), slots=(0,), names=((0, "Bloody Nose"),)))
    play.do(c.EndTurn(next_actor="alice"), "ann")
    play.do(c.Concede(character_id="alice"))
    play.do(c.FinishConflict())
    play.do(c.EndScene())


def test_a_consequence_kept_stays_when_a_rule_would_clear_it_sooner(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    play = seated()
    wounded_then_scene_ends(play)
    assert play.s.game.character("alice").consequences[0].aspect is not None
    recorded = dump(play.s)
    # A release whose recovery clears every consequence at once (issue 27 changes when they
    # clear): the consequence Alice kept is still on her sheet.
    monkeypatch.setattr(recovery, "is_recovered", lambda slot, clock, *_, **__: True)
    replayed = fold(play.log)
    assert replayed.game.character("alice").consequences[0].aspect is not None
    assert dump(replayed) == recorded


def test_a_consequence_cleared_stays_cleared_when_a_rule_would_keep_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(recovery, "is_recovered", lambda slot, clock, *_, **__: True)
    play = seated()
    wounded_then_scene_ends(play)
    ended = play.log[-1]
    assert ended.facts is not None
    assert ended.facts.consequences == (ConsequenceFact(character="alice", slot=0),)
    assert play.s.game.character("alice").consequences[0].aspect is None
    recorded = dump(play.s)
    monkeypatch.undo()
    replayed = fold(play.log)
    assert dump(replayed) == recorded


def test_a_move_that_changed_no_fact_keeps_them_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    play = seated()
    play.do(c.Note(text="Nothing happens."))
    noted = play.log[-1]
    assert noted.facts == Facts(version=FACTS_VERSION)
    assert json.loads(event_payload(noted))["facts"] == {"version": FACTS_VERSION}
    # A release in which a note cost the GM a fate point would not take one from this table.
    pool = play.s.game.ledger.gm.available

    def costly(state: TableState, event: Any) -> None:
        state.game.ledger.gm.available -= 1

    monkeypatch.setitem(JUDGES, type(noted), costly)
    assert fold(play.log).game.ledger.gm.available == pool
    play.do(c.Note(text="This one costs."))
    assert play.s.game.ledger.gm.available == pool - 1


def test_a_hit_absorbed_is_applied_as_recorded_past_a_stricter_rule(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    play = seated()
    fight(play)
    play.dice[:] = ["-0-0"]
    play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="+0+0"), "ann")
    play.do(c.ResolveRoll(option="hit"), "ann")
    play.do(c.Absorb(boxes=(0, 1, 2), slots=(0,), names=((0, "Bloody Nose"),)))
    absorbed = play.log[-1]
    assert absorbed.facts is not None and absorbed.facts.hits == ()
    recorded = dump(play.s)

    def stricter(*args: Any, **kwargs: Any) -> None:
        raise IllegalAction("no plan absorbs a hit any more", TAKEN_OUT_RULE)

    monkeypatch.setattr(absorb, "check_plan", stricter)
    assert dump(fold(play.log)) == recorded
    # The same choice made now meets the stricter rule.
    again = seated()
    fight(again)
    again.dice[:] = ["-0-0"]
    again.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="+0+0"), "ann")
    again.do(c.ResolveRoll(option="hit"), "ann")
    with pytest.raises(IllegalAction, match="any more"):
        again.do(c.Absorb(boxes=(0, 1, 2), slots=(0,), names=((0, "Bloody Nose"),)))


def test_a_secret_roll_keeps_its_result_and_its_reason_past_a_lowered_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    play = seated()
    play.do(
        c.SecretRoll(actor="alice", skill="notice", difficulty=1, dice="++00", reason="x" * 300)
    )
    made = play.log[-1]
    assert isinstance(made, SecretRollMade) and made.effort is not None
    record = play.s.screen.secret_rolls[made.roll_id]
    assert (record.effort, record.outcome) == (made.effort, made.outcome)
    recorded = dump(play.s)

    monkeypatch.setattr(secrets, "MAX_REASON_LENGTH", 10)
    monkeypatch.setattr(
        type(play.s.game.character("alice")), "rating", lambda self, skill: 5, raising=True
    )
    replayed = fold(play.log)
    assert dump(replayed) == recorded
    # The lowered limit refuses a new roll as it is decided, and nothing else.
    with pytest.raises(BadInput, match="at most 10"):
        play.do(c.SecretRoll(actor="alice", skill="notice", reason="y" * 11))


def test_a_note_longer_than_a_lowered_limit_still_folds(monkeypatch: pytest.MonkeyPatch) -> None:
    play = seated()
    play.do(c.Note(text="n" * 500))
    monkeypatch.setattr(notes, "MAX_NOTE_LENGTH", 100)
    assert fold(play.log).version == play.s.version
    with pytest.raises(BadInput, match="at most 100"):
        play.do(c.Note(text="n" * 101))


def without_roll_facts(log: list[Any]) -> list[Any]:
    """The log as it was written before events recorded their rolls' figures."""
    return [as_older(e, rolls=False) for e in log]


def test_an_event_logged_before_facts_folds_as_it_did() -> None:
    play = big_bad_hit()
    older = [dataclasses.replace(e, facts=None) for e in play.log]
    replayed, expected = fold(older), fold(without_roll_facts(play.log))
    # Rolls held to their recorded figures are one difference the rules of the day make. The
    # other is a rule fixed since (issue 27): before it, Alice's own fate points went into the
    # GM's pool on her first scene. Logged then, the moves keep that pool; all else is alike.
    own = play.s.game.character("alice").fate_points
    assert own > 0
    assert replayed.game.ledger.gm.available == expected.game.ledger.gm.available + own
    replayed.game.ledger.gm.available -= own
    assert dump(replayed) == dump(expected)


def test_facts_are_stored_and_read_back_but_never_shown_to_a_seat() -> None:
    play = big_bad_hit()
    resolved = play.log[-1]
    stored = json.loads(event_payload(resolved))
    assert stored["facts"]["hits"] == [{"target": "alice", "shifts": 8, "by": "ruth"}]
    read = event_from_payload(
        type(resolved).__name__, event_payload(resolved), **_envelope(resolved)
    )
    assert read == resolved
    from fatekit.table import event_for

    for seat in ("gm", "ann", "sam"):
        shown = event_for(resolved, play.s, seat)
        assert shown is None or "facts" not in json.dumps(shown)


def _envelope(event: Any) -> dict[str, Any]:
    return {
        "table_id": event.table_id,
        "version": event.version,
        "seat": event.seat,
        "at": event.at,
    }


# -- schema versions and upcasting --------------------------------------------------------------


def test_every_event_is_stored_with_its_schema_version() -> None:
    play = big_bad_hit()
    for event in play.log:
        assert json.loads(event_payload(event))[SCHEMA_KEY] == type(event).SCHEMA


def test_every_schema_version_has_an_upcaster_to_the_next() -> None:
    for kind in EVENT_TYPES.values():
        steps = UPCASTERS.get(kind, {})
        assert set(steps) == set(range(1, kind.SCHEMA)), kind.__name__


@pytest.mark.parametrize(
    ("kind", "older", "today"),
    [
        (
            ChallengeRolled,
            {"actor": "ruth", "faces": "+0-0", "task": "t1", "option": "success"},
            {"in_play": False},
        ),
        (
            ChallengeRolled,  # written by a fatekit that had in_play, before schema versions
            {"actor": "ruth", "faces": "+0-0", "task": "t1", "option": None, "in_play": True},
            {"in_play": True},
        ),
        (
            ContestRolled,
            {"actor": "ruth", "faces": "+0-0", "skill": "athletics", "side": "a", "bonus": 0},
            {"in_play": False},
        ),
    ],
)
def test_an_event_of_an_older_shape_reads_as_todays(
    kind: type[Any], older: dict[str, Any], today: dict[str, Any]
) -> None:
    assert kind.SCHEMA > 1
    read = event_from_payload(kind.__name__, json.dumps(older), **ENVELOPE)
    assert isinstance(read, kind)
    for name, value in today.items():
        assert getattr(read, name) == value
    # Upcast once, it is today's shape: stored again, it reads the same.
    assert event_from_payload(kind.__name__, event_payload(read), **ENVELOPE) == read
    explicit = event_from_payload(kind.__name__, json.dumps({**older, SCHEMA_KEY: 1}), **ENVELOPE)
    assert explicit == read


def test_an_event_from_a_newer_fatekit_is_refused_with_a_reason() -> None:
    data = {"text": "hi", "note_id": "n1", "visibility": "public", SCHEMA_KEY: 7}
    with pytest.raises(BadInput, match="newer fatekit"):
        event_from_payload("NoteAdded", json.dumps(data), **ENVELOPE)
    with pytest.raises(BadInput, match="schema"):
        event_from_payload("NoteAdded", json.dumps({**data, SCHEMA_KEY: "2"}), **ENVELOPE)


def test_upcasting_runs_the_chain_one_version_at_a_time() -> None:
    assert upcast(ChallengeRolled, 2, {"in_play": True}) == {"in_play": True}
    assert upcast(ChallengeRolled, 1, {"task": "t"}) == {"in_play": False, "task": "t"}


def test_a_table_file_with_an_older_events_shape_imports() -> None:
    play = seated()
    play.do(c.StartChallenge(tasks=(("t1", "Climb", "athletics", 1),)))
    play.do(c.ChallengeRoll(actor="ruth", task="t1", dice="++++"), "ann")
    file = export_table(play.log, play.s, "gm")
    rolled = next(e for e in file["events"] if e["type"] == "ChallengeRolled")
    assert rolled["data"][SCHEMA_KEY] == 2 and rolled["data"]["in_play"] is True
    # As an older fatekit wrote it: no schema version at all (its in_play then said so).
    del rolled["data"][SCHEMA_KEY]
    imported = import_table(json.loads(json.dumps(file)))
    assert dump(imported.state) == dump(play.s)


# -- snapshots are a cache ----------------------------------------------------------------------


def _played_on(path: Path) -> TableRepository:
    repository = TableRepository(SqliteEventStore(path), snapshot_every=5)
    repository.execute("t", c.CreateTable(name="Cache"), seat="gm")
    repository.execute("t", c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"), seat="gm")
    for n in range(12):
        repository.execute("t", c.Note(text=f"note {n}"), seat="gm")
    return repository


@pytest.mark.parametrize(
    "spoil",
    [
        # a class moved to another module
        lambda text: text.replace(
            '"fatekit.table.state.TableState"', '"fatekit.table.x.TableState"'
        ),
        # a class whose fields changed since
        lambda text: text.replace('"screen":', '"the_screen":', 1),
        # a damaged file
        lambda text: text[: len(text) // 2],
    ],
    ids=["class-moved", "fields-changed", "damaged"],
)
def test_a_stale_snapshot_is_dropped_and_the_log_gives_the_same_table(
    tmp_path: Path, spoil: Any
) -> None:
    path = tmp_path / "tables.db"
    played = _played_on(path)
    expected = dump(played.load("t"))
    store = SqliteEventStore(path)
    snapshot = store.load_snapshot("t")
    assert snapshot is not None and snapshot.format == SNAPSHOT_FORMAT
    spoilt = spoil(snapshot.payload.decode()).encode()
    assert decode_snapshot(SNAPSHOT_FORMAT, spoilt) is None
    store.save_snapshot(Snapshot("t", snapshot.version, SNAPSHOT_FORMAT, spoilt))
    reloaded = TableRepository(SqliteEventStore(path)).load("t")
    assert dump(reloaded) == expected
    assert dump(fold(TableRepository(SqliteEventStore(path)).events("t"))) == expected


def _node_of(data: Any, path: str) -> dict[str, Any]:
    """The snapshot node of the one object of class ``path`` in ``data``."""
    if isinstance(data, dict):
        if data.get("O") == path:
            return data
        data = list(data.values())
    for item in data if isinstance(data, list) else ():
        found = _node_of(item, path) if isinstance(item, dict | list) else None
        if found is not None:
            return found
    return None  # type: ignore[return-value]  # the callers assert a node is found


def test_a_snapshot_of_a_conflict_of_another_shape_is_dropped_and_the_log_folded(
    tmp_path: Path,
) -> None:
    # The conflict is slotted, so its fields are checked on load like a dataclass's: a snapshot
    # written when it held its state itself (its parts mixed in, not collaborators) is stale.
    play = big_bad_hit()
    data = json.loads(encode_snapshot(play.s))
    conflict = _node_of(data, "fatekit.rules.scenes.conflict.Conflict")
    assert set(conflict["a"]) == {
        "big_bad_rules",
        "defence",
        "hits",
        "id",
        "obstacles",
        "roster",
        "targets",
        "turns",
    }
    old = ["game", "scene", "kind", "harm", "fighters", "phase", "current", "_turn", "_hits"]
    conflict["a"] = {**dict.fromkeys(old), "id": conflict["a"]["id"], "_order": {"L": [], "@": -1}}
    spoilt = json.dumps(data).encode()
    assert decode_snapshot(SNAPSHOT_FORMAT, spoilt) is None
    store = SqliteEventStore(tmp_path / "t.db")
    from fatekit.store.tables import to_new_event

    store.append("t1", 0, [to_new_event(e) for e in play.log])
    store.save_snapshot(Snapshot("t1", len(play.log), SNAPSHOT_FORMAT, spoilt))
    assert dump(TableRepository(store).load("t1")) == dump(play.s)


def test_facts_survive_the_store(tmp_path: Path) -> None:
    play = big_bad_hit()
    store = SqliteEventStore(tmp_path / "t.db")
    from fatekit.store.tables import to_event, to_new_event

    store.append("t1", 0, [to_new_event(e) for e in play.log])
    read = [to_event(record) for record in store.read("t1", 0)]
    assert read == play.log
    assert isinstance(read[-1].facts, Facts)
