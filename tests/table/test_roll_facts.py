"""A recorded roll keeps its figures (issue 28, item 1): every move that makes or changes a roll
in play records its effort, the opposition it faces and its outcome on its event, and folding the
log again holds the roll to them, whatever ratings, bonuses or the ladder say after a release.

Each table here is played, then the rules underneath are changed (the ladder, a rating) as a
later release might, and the same log folds to the same table as every seat sees it. A move made
after the change still follows the rules of the day, from the figures recorded.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from fatekit.rules import Action, BadInput
from fatekit.rules.aspects import rolling
from fatekit.rules.characters.character import Character
from fatekit.rules.core import actions
from fatekit.rules.core.outcomes import Outcome
from fatekit.store import SqliteEventStore
from fatekit.store.base import Snapshot
from fatekit.store.tables import TableRepository, to_new_event
from fatekit.table import commands as c
from fatekit.table import fold, view_for
from fatekit.table.base import Event, InvokesFact, RollFact
from fatekit.table.export import export_table, import_table
from fatekit.table.extras import document_for
from fatekit.table.serialize import event_from_payload, event_payload, own_fields
from fatekit.table.snapshot import SNAPSHOT_FORMAT, decode_snapshot, encode_snapshot
from fatekit.table.state import TableState

from ..fold_check import as_older  # type: ignore[import-not-found]
from .conftest import Play, seated
from .test_conflict_options import fight

SEATS = ("gm", "ann", "ben", "sam")


def views(state: TableState) -> dict[str, Any]:
    """What every seat reads of the table: its view, and the extras (the outcome's options)."""
    return {seat: (view_for(state, seat), document_for(state, seat)) for seat in SEATS}


def outside_a_conflict(play: Play) -> None:
    """Ruth creates an advantage with style (5 against 1), invoked on; Charles's roll waits."""
    play.do(
        c.Roll(
            actor="ruth",
            action=Action.CREATE_ADVANTAGE,
            skill="athletics",
            difficulty=1,
            dice="++00",
        ),
        "ann",
    )
    play.do(c.Invoke(aspect_id="ruth/high_concept/1", by="ruth"), "ann")
    play.do(c.ResolveRoll(aspect_name="Footing on the rail"), "ann")
    play.do(
        c.Roll(actor="charles", action=Action.OVERCOME, skill="lore", difficulty=2, dice="0+00"),
        "ben",
    )


def in_a_conflict(play: Play) -> None:
    """Ruth attacks Alice (the table rolls her defence): the attack waits to be settled."""
    fight(play)
    play.dice[:] = ["0-00"]
    play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="+000"), "ann")


def a_contest(play: Play) -> None:
    """A chase: each side's overcome settled once, and Ruth's next roll in play."""
    play.do(
        c.StartContest(
            sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))),
            intents=(("heroes", "catch Alice on the quay"), ("cult", "reach her boat")),
        )
    )
    play.do(c.ContestRoll(side="heroes", actor="ruth", skill="athletics", dice="+000"), "ann")
    play.do(c.ResolveRoll(), "ann")
    play.do(c.ContestRoll(side="cult", actor="alice", skill="fight", dice="0000"))
    play.do(c.ResolveRoll())
    play.do(c.ContestRoll(side="heroes", actor="ruth", skill="athletics", dice="0000"), "ann")


def a_challenge(play: Play) -> None:
    """Two tasks: Charles's settled, Ruth's in play."""
    play.do(
        c.StartChallenge(
            tasks=(
                ("tome", "find the tome in the burning library", "lore", 3),
                ("door", "hold the cabin door", "athletics", 4),
            )
        )
    )
    play.do(c.ChallengeRoll(task="tome", actor="charles", dice="+000"), "ben")
    play.do(c.ResolveRoll(), "ben")
    play.do(c.ChallengeRoll(task="door", actor="ruth", dice="++00"), "ann")


TABLES = [outside_a_conflict, in_a_conflict, a_contest, a_challenge]


def ladder_of_failures(monkeypatch: pytest.MonkeyPatch) -> None:
    """A release whose ladder reads every roll as a failure."""
    monkeypatch.setattr(rolling, "outcome_for", lambda shifts: Outcome.FAIL)
    monkeypatch.setattr(actions, "outcome_for", lambda shifts: Outcome.FAIL)


def ratings_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    """A release that reads every skill three steps higher (a preset's skills changed)."""
    rating = Character.rating
    monkeypatch.setattr(Character, "rating", lambda self, skill: rating(self, skill) + 3)


def stingier_advantages(monkeypatch: pytest.MonkeyPatch) -> None:
    """A release in which an advantage created with style gives one free invoke, not two."""
    table = actions._advantage_new

    def stingier(outcome: Outcome) -> Any:
        options, chooser = table(outcome)
        return tuple(
            dataclasses.replace(
                option,
                effects=tuple(
                    dataclasses.replace(effect, free_invokes=1)
                    if isinstance(effect, actions.CreateAspect)
                    else effect
                    for effect in option.effects
                ),
            )
            for option in options
        ), chooser

    monkeypatch.setattr(actions, "_advantage_new", stingier)


CHANGES = [ladder_of_failures, ratings_raised, stingier_advantages]


@pytest.fixture(params=TABLES, ids=lambda table: table.__name__)
def played(request: pytest.FixtureRequest) -> Iterator[Play]:
    play = seated()
    request.param(play)
    yield play


@pytest.mark.parametrize("change", CHANGES, ids=lambda change: change.__name__)
def test_a_recorded_roll_folds_the_same_after_the_rules_change(
    played: Play, change: Callable[[pytest.MonkeyPatch], None], monkeypatch: pytest.MonkeyPatch
) -> None:
    seen = views(played.s)
    assert played.s.rolls, "a roll is left in play, for the views to show its figures"
    change(monkeypatch)
    replayed = fold(played.log)
    assert views(replayed) == seen
    # Through a table file too (the store's path: every event read back from its JSON).
    assert views(import_table(export_table(played.log, played.s, "gm")).state) == seen


def test_the_ladder_changed_leaves_the_very_same_table(
    played: Play, monkeypatch: pytest.MonkeyPatch
) -> None:
    from .test_facts import dump

    recorded = dump(played.s)
    ladder_of_failures(monkeypatch)
    assert dump(fold(played.log)) == recorded


def roll_facts(event: Event) -> tuple[RollFact, ...]:
    """The figures of the rolls ``event`` made or changed (what makes each up set aside)."""
    assert event.facts is not None
    return tuple(dataclasses.replace(r, sides=None) for r in event.facts.rolls or ())


def test_each_move_that_makes_or_changes_a_roll_records_its_figures() -> None:
    play = seated()
    play.do(
        c.Roll(actor="ruth", action=Action.OVERCOME, skill="athletics", difficulty=2, dice="+000"),
        "ann",
    )
    rolled = play.log[-1]
    key = f"r{rolled.version}"
    # Athletics Good (+3) and one plus: 4 against 2.
    assert roll_facts(rolled) == (
        RollFact(roll=key, effort=4, opposition=2, outcome=Outcome.SUCCESS),
    )
    assert rolled.facts is not None and rolled.facts.rolls is not None
    (made,) = rolled.facts.rolls[0].sides or ()
    assert (made.actor, made.skill, made.rating, made.faces, made.difficulty) == (
        "ruth",
        "athletics",
        3,
        "+000",
        2,
    )
    play.do(c.Invoke(aspect_id="ruth/high_concept/1", by="ruth"), "ann")
    assert roll_facts(play.log[-1]) == (
        RollFact(roll=key, effort=6, opposition=2, outcome=Outcome.SUCCESS_WITH_STYLE),
    )
    play.do(c.Note(text="Ruth vaults the rail."))
    assert roll_facts(play.log[-1]) == ()  # nothing about the roll changed
    play.do(c.ResolveRoll(option="success_with_style"), "ann")
    assert roll_facts(play.log[-1]) == ()  # settled: no longer in play


def test_a_settled_roll_records_the_free_invokes_it_gave() -> None:
    play = seated()
    outside_a_conflict(play)
    settled = next(e for e in play.log if type(e).__name__ == "RollResolved")
    assert settled.facts is not None
    (created,) = settled.created
    assert settled.facts.invokes == (InvokesFact(aspect=created, holders=("ruth", "ruth")),)


def test_a_move_after_the_change_adds_to_the_recorded_figures_by_the_rules_of_the_day(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    play = seated()
    play.do(
        c.Roll(actor="ruth", action=Action.OVERCOME, skill="athletics", difficulty=2, dice="+000"),
        "ann",
    )
    ratings_raised(monkeypatch)
    play.state = fold(play.log)
    (roll,) = view_for(play.s, "ann")["rolls"]
    assert (roll["effort"], roll["outcome"]) == (4, "success")  # as recorded, not 7
    # An invoke made now adds its +2 to the effort recorded, and the ladder of the day reads it.
    play.do(c.Invoke(aspect_id="ruth/high_concept/1", by="ruth"), "ann")
    (roll,) = view_for(play.s, "ann")["rolls"]
    assert (roll["effort"], roll["outcome"]) == (6, "success_with_style")
    assert roll_facts(play.log[-1])[0].effort == 6
    # A roll made now reads today's rating.
    play.do(
        c.Roll(actor="charles", action=Action.OVERCOME, skill="lore", difficulty=2, dice="0000"),
        "ben",
    )
    assert roll_facts(play.log[-1])[0].effort == Character.rating(
        play.s.game.character("charles"), "lore"
    )


def test_a_log_recorded_before_rolls_kept_their_figures_folds_through_the_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Facts recorded before this change have no rolls: those rolls are worked out by the rules
    # (and a later ladder that reads the settled roll otherwise would refuse its settling).
    play = seated()
    outside_a_conflict(play)
    older = [as_older(e, rolls=False) for e in play.log]
    assert views(fold(older)) == views(play.s)
    ladder_of_failures(monkeypatch)
    (roll,) = view_for(fold(older[:-4] + older[-1:]), "gm")["rolls"]
    assert roll["outcome"] == "fail"  # the rules of the day, with nothing recorded to keep
    with pytest.raises(BadInput, match="offers a choice"):
        fold(older)


def _without_kept(node: Any) -> None:
    # The snapshot as the fatekit before recorded figures wrote it: its rolls hold no ``kept``.
    if isinstance(node, dict):
        if node.get("O") == "fatekit.rules.aspects.rolling.ActionRoll":
            node["a"].pop("kept")
        for value in node.values():
            _without_kept(value)
    elif isinstance(node, list):
        for value in node:
            _without_kept(value)


def test_a_snapshot_of_a_roll_from_before_its_class_changed_is_dropped_and_rebuilt(
    tmp_path: Path,
) -> None:
    play = seated()
    in_a_conflict(play)
    store = SqliteEventStore(tmp_path / "t.db")
    store.append("t1", 0, [to_new_event(e) for e in play.log])
    data = json.loads(encode_snapshot(play.s))
    _without_kept(data)
    older = json.dumps(data).encode()
    # A plain class declares no fields: what its __init__ sets today is what an object needs.
    assert decode_snapshot(SNAPSHOT_FORMAT, older) is None
    store.save_snapshot(Snapshot("t1", play.s.version, SNAPSHOT_FORMAT, older))
    loaded = TableRepository(store).load("t1")
    assert views(loaded) == views(play.s)
    # The snapshot as this fatekit writes it is read back whole.
    assert decode_snapshot(SNAPSHOT_FORMAT, encode_snapshot(play.s)) is not None


def test_events_stored_before_their_facts_grew_read_as_they_were() -> None:
    # Every roll and advancement event as the fatekit before wrote them: the same schema
    # version and fields, facts without rolls' figures, free invokes or sheets, which a field
    # with a default reads as "not recorded" (the rules work them out as the event folds).
    from .test_advancement_facts import advanced

    play = seated()
    outside_a_conflict(play)
    grown = ("rolls", "sheets", "invokes")
    seen = set()
    for event in [*play.log, *advanced().log]:
        stored = json.loads(event_payload(event))
        if not set(grown) & set(stored.get("facts", {})):
            continue
        seen.add(type(event).__name__)
        older = {**stored, "facts": {k: v for k, v in stored["facts"].items() if k not in grown}}
        envelope = {"table_id": event.table_id, "version": event.version, "seat": event.seat}
        read = event_from_payload(type(event).__name__, json.dumps(older), at=event.at, **envelope)
        assert own_fields(read) == own_fields(event)
        assert read.facts is not None
        assert (read.facts.rolls, read.facts.sheets, read.facts.invokes) == (None, None, None)
    assert seen == {
        "RollMade",
        "Invoked",
        "RollResolved",
        "MilestoneTaken",
        "BreakthroughTaken",
        "SkillsRaised",
    }


def test_stunts_bonuses_recorded_stand_when_a_release_makes_them_bigger(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Iris's Quick Blade (+2 to Fight attacks) and Vex's Iron Guard (+2 to defend with Fight):
    # a release in which every bonus stunt gives +4 leaves this attack as it was rolled.
    from fatekit.rules.aspects.stunts import Stunt

    from .test_stunt_uses_at_table import _fight, _table

    play = _table()
    _fight(play)
    play.dice = ["----"]  # Vex's defence, rolled by the table
    play.do(c.Attack(actor="iris", target="vex", skill="fight", dice="0000"), seat="ann")
    seen = {seat: view_for(play.s, seat) for seat in ("gm", "ann")}
    (roll,) = seen["ann"]["rolls"]
    assert (roll["effort"], roll["shifts"]) == (5, 5)
    bonus_for = Stunt.bonus_for
    monkeypatch.setattr(
        Stunt, "bonus_for", lambda self, skill, action: 2 * bonus_for(self, skill, action)
    )
    replayed = fold(play.log)
    assert {seat: view_for(replayed, seat) for seat in ("gm", "ann")} == seen
