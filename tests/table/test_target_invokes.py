"""Invokes on the defences of a split or zone attack's targets, at the table: ``Invoke`` with a
``target`` goes on that target's defence while the attack's targets are aimed and unresolved
(fate-condensed.ru.md § Optional Rules > Ways to Handle Multiple Targets; § Invoking Aspects).
"""

from __future__ import annotations

import json

import pytest

from fatekit.rules import BadInput, ForbiddenAction, IllegalAction
from fatekit.rules.aspects.invokes import InvokeEffect
from fatekit.rules.core.actions import Action
from fatekit.table import SEAT_RULE, fold, view_for
from fatekit.table import commands as c
from fatekit.table import events as e
from fatekit.table.serialize import event_from_payload, event_payload

from .conftest import Play, assert_replays, seated  # type: ignore[import-not-found]
from .test_conflict_options import fight, with_goon  # type: ignore[import-not-found]


def split_at_alice_and_goon() -> Play:
    """Ruth (Great Fight, dice ++++: effort 8) splits 4 and 4 between Alice and the goon, whose
    defences (Good and Average Fight) the table rolls as 0000: one shift on Alice, three on him."""
    play = with_goon(seated(("multiple_targets",)))
    fight(play, cult=("alice", "goon"))
    play.do(c.SplitAttack(actor="ruth", skill="fight", dice="++++"), "ann")
    play.dice[:] = ["0000", "0000"]
    play.do(c.AssignTargets(split=(("alice", 4), ("goon", 4))), "ann")
    return play


def targets(play: Play, seat: str = "sam") -> dict[str, dict[str, object]]:
    found = view_for(play.s, seat)["conflict"]["targets"]
    assert isinstance(found, dict)
    return found


def refused(play: Play, command: c.Invoke, seat: str, error: type[Exception]) -> Exception:
    """The command is refused with ``error`` and the table is as it was."""
    before, version = view_for(play.s, "gm"), play.s.version
    with pytest.raises(error) as caught:
        play.do(command, seat)
    assert play.s.version == version and view_for(play.s, "gm") == before
    return caught.value


@pytest.mark.rule("option.multiple-targets", "invoke.effects")
def test_a_defender_invokes_on_their_defence_of_a_split_attack() -> None:
    play = split_at_alice_and_goon()
    assert targets(play)["alice"]["shifts"] == 1 and targets(play)["alice"]["outcome"] == "success"
    gm_points = play.s.game.ledger.gm.available
    # The GM, for Alice, spends a fate point on her high concept: +2 on her defence alone.
    done = play.do(c.Invoke(aspect_id="alice/high_concept/1", by="alice", target="alice"))
    invoked = done.events[0]
    assert isinstance(invoked, e.Invoked) and invoked.target == "alice"
    assert play.s.game.ledger.gm.available == gm_points - 1
    seen = targets(play)
    assert seen["alice"]["shifts"] == -1 and seen["alice"]["outcome"] == "fail"
    assert seen["alice"]["invocations"] == [
        {"aspect_id": "alice/high_concept/1", "by": "alice", "effect": "plus_two", "free": False}
    ]
    assert seen["goon"]["shifts"] == 3 and seen["goon"]["invocations"] == []
    play.do(c.ResolveTargets(options=(("goon", "hit"),)), "ann")
    assert play.s.conflict is not None and play.s.conflict.hits.pending_hit == ("goon", 3)
    assert_replays(play)


@pytest.mark.rule("option.multiple-targets", "invoke.effects")
def test_a_target_of_a_zone_attack_rerolls_their_defence() -> None:
    play = with_goon(seated(("multiple_targets",)))
    fight(play, cult=("alice", "goon"))
    play.do(c.ZoneAttack(actor="ruth", skill="fight", zone="deck", dice="+000"), "ann")  # 5
    play.dice[:] = ["0000", "----", "0000"]  # Alice, Charles (Mediocre: -4), the goon
    play.do(c.AssignTargets(), "ann")
    assert targets(play)["charles"]["shifts"] == 9
    # Only the one who rolled rerolls: Ann may not reroll Charles's defence for Ruth.
    caught = refused(
        play,
        c.Invoke(
            aspect_id="ruth/high_concept/1", by="ruth", target="charles", effect=InvokeEffect.REROLL
        ),
        "ann",
        IllegalAction,
    )
    assert isinstance(caught, IllegalAction) and caught.rule.key == "invoke.effects"
    play.do(
        c.Invoke(
            aspect_id="charles/high_concept/1",
            by="charles",
            target="charles",
            effect=InvokeEffect.REROLL,
            dice="++++",
        ),
        "ben",
    )
    assert targets(play)["charles"]["shifts"] == 1
    assert play.s.last_roll is not None and play.s.last_roll.action == "reroll"
    assert (play.s.last_roll.actor, play.s.last_roll.faces) == ("charles", "++++")
    assert targets(play)["alice"]["shifts"] == 5  # the others' defences are untouched
    assert_replays(play)


@pytest.mark.rule("option.multiple-targets")
def test_refused_invokes_on_targets_change_nothing() -> None:
    play = with_goon(seated(("multiple_targets",)))
    fight(play, cult=("alice", "goon"))
    play.do(c.SplitAttack(actor="ruth", skill="fight", dice="++++"), "ann")
    on_alice = c.Invoke(aspect_id="alice/high_concept/1", by="alice", target="alice")
    caught = refused(play, on_alice, "gm", IllegalAction)  # rolled, not yet aimed
    assert isinstance(caught, IllegalAction) and caught.rule.key == "option.multiple-targets"
    play.dice[:] = ["0000", "0000"]
    play.do(c.AssignTargets(split=(("alice", 4), ("goon", 4))), "ann")
    # Charles is not one of this split's targets.
    on_charles = c.Invoke(aspect_id="charles/high_concept/1", by="charles", target="charles")
    caught = refused(play, on_charles, "ben", IllegalAction)
    assert isinstance(caught, IllegalAction) and caught.rule.key == "option.multiple-targets"
    # Alice is the GM's to invoke for, not Ann's.
    caught = refused(play, on_alice, "ann", ForbiddenAction)
    assert isinstance(caught, ForbiddenAction) and caught.rule == SEAT_RULE
    # Without a target, the invoke looks for a roll in play: there is none once aimed.
    refused(play, c.Invoke(aspect_id="alice/high_concept/1", by="alice"), "gm", BadInput)
    play.do(c.ResolveTargets(options=(("alice", "hit"), ("goon", "hit"))), "ann")
    caught = refused(play, on_alice, "gm", IllegalAction)  # settled: nothing to invoke on
    assert isinstance(caught, IllegalAction) and caught.rule.key == "option.multiple-targets"


def test_refused_outside_a_conflict(play: Play) -> None:
    on_alice = c.Invoke(aspect_id="alice/high_concept/1", by="alice", target="alice")
    refused(play, on_alice, "gm", BadInput)


def test_an_old_log_without_targets_folds_the_same(play: Play) -> None:
    play.do(
        c.Roll(actor="ruth", action=Action.OVERCOME, skill="athletics", difficulty=2, dice="0000")
    )
    play.do(c.Invoke(aspect_id="ruth/high_concept/1", by="ruth"), "ann")
    old = []
    for event in play.log:
        data = json.loads(event_payload(event))
        if isinstance(event, e.Invoked):
            assert data.pop("target") is None  # what an older server stored had no such field
        old.append(
            event_from_payload(
                type(event).__name__,
                json.dumps(data),
                table_id=event.table_id,
                version=event.version,
                seat=event.seat,
                at=event.at,
            )
        )
    assert old == play.log
    replayed = fold(old)
    for seat in ("gm", "ann", "ben", "sam"):
        assert view_for(replayed, seat) == view_for(play.s, seat)
    assert replayed.roll is not None and replayed.roll.effort == 5  # Good (+3) and an invoke
