"""The GM's word over the rules (issue 26): a refusal that names a rule of play can be set aside
by a GM seat for one move, with a reason; the events record it, a replay and an undo treat it as
any move, and refusals that guard the engine's own bookkeeping or a seat's rights stay refusals."""

from __future__ import annotations

import pytest

from fatekit.rules import BadInput, ForbiddenAction, IllegalAction
from fatekit.rules.characters.preset import ATTACK_DEFEND_RULE
from fatekit.rules.scenes.conflict import EXCHANGE_RULE
from fatekit.table import FieldErrors, Waiver, export_table, import_table, view_for
from fatekit.table import commands as c
from fatekit.table import events as e

from .conftest import Play, assert_replays, log_of  # type: ignore[import-not-found]

REASON = "Ruth hurls the lantern; the GM allows it"


def fight(play: Play) -> None:
    play.dice[:] = ["----"] * 4
    play.do(
        c.StartConflict(sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))), first="ruth")
    )


def notice_attack() -> c.Attack:
    # Notice attacks nobody under the rules: only Fight and Shoot make physical attacks. Alice's
    # defence is rolled by the table (the tests' scripted dice).
    return c.Attack(actor="ruth", target="alice", skill="notice", dice="++++")


def test_a_refusal_under_a_rule_of_play_is_waivable_and_names_its_rule(play: Play) -> None:
    fight(play)
    with pytest.raises(IllegalAction) as caught:
        play.do(notice_attack(), "ann")
    assert caught.value.waivable and caught.value.rule is ATTACK_DEFEND_RULE


def test_the_gm_sets_the_rule_aside_and_the_event_records_it(play: Play) -> None:
    fight(play)
    before = play.s.version
    waiver = Waiver((ATTACK_DEFEND_RULE.key,), REASON)
    done = play.do(notice_attack(), "gm", waiver=waiver)
    (rolled,) = done.events
    assert isinstance(rolled, e.AttackRolled)
    assert rolled.waived == (ATTACK_DEFEND_RULE.key,) and rolled.waiver_reason == REASON
    assert play.s.version == before + 1
    # The move goes on as any attack: resolved into a hit Alice must absorb.
    play.do(c.ResolveRoll(option="hit"))
    assert play.s.conflict is not None and play.s.conflict.hits.pending_hit is not None
    assert_replays(play)
    # Every seat's log holds the waiver with its reason.
    for seat in ("gm", "ann", "ben"):
        entry = next(x for x in log_of(play, seat) if x["type"] == "AttackRolled")
        assert entry["data"]["waived"] == [ATTACK_DEFEND_RULE.key]
        assert entry["data"]["waiver_reason"] == REASON


def test_only_the_rules_a_fold_set_aside_are_recorded(play: Play) -> None:
    fight(play)
    waiver = Waiver((ATTACK_DEFEND_RULE.key, EXCHANGE_RULE.key), REASON)
    (rolled,) = play.do(notice_attack(), "gm", waiver=waiver).events
    assert rolled.waived == (ATTACK_DEFEND_RULE.key,)  # it was Ruth's turn: nothing else waived
    # A waiver for a move the rules allow anyway records nothing.
    play.do(c.ResolveRoll(option="hit"))
    note = play.do(c.Note(text="nothing to allow"), "gm", waiver=waiver).events[0]
    assert note.waived == () and note.waiver_reason == ""


def test_a_waived_move_replays_from_the_log_and_the_table_file(play: Play) -> None:
    fight(play)
    play.do(notice_attack(), "gm", waiver=Waiver((ATTACK_DEFEND_RULE.key,), REASON))
    exported = export_table(play.log, play.s, "gm")
    attack = next(x for x in exported["events"] if x["type"] == "AttackRolled")
    assert attack["data"]["waived"] == [ATTACK_DEFEND_RULE.key]
    # Events without a waiver keep their payload as it always was.
    note = next(x for x in exported["events"] if x["type"] == "SceneStarted")
    assert "waived" not in note["data"] and "waiver_reason" not in note["data"]
    imported = import_table(exported)
    assert view_for(imported.state, "gm") == view_for(play.s, "gm")


def test_undo_takes_a_waived_move_back(play: Play) -> None:
    fight(play)
    before = view_for(play.s, "gm")
    done = play.do(notice_attack(), "gm", waiver=Waiver((ATTACK_DEFEND_RULE.key,), REASON))
    play.do(c.Undo(target_version=done.events[0].version))
    after = view_for(play.s, "gm")
    assert after["conflict"] == before["conflict"] and after["roll"] == before["roll"]
    assert_replays(play)


def test_a_players_waiver_is_forbidden(play: Play) -> None:
    fight(play)
    with pytest.raises(ForbiddenAction):
        play.do(notice_attack(), "ann", waiver=Waiver((ATTACK_DEFEND_RULE.key,), REASON))
    with pytest.raises(ForbiddenAction):
        play.do(c.Note(text="x"), "sam", waiver=Waiver((ATTACK_DEFEND_RULE.key,), REASON))


@pytest.mark.parametrize(
    ("rules", "reason", "field"),
    [
        ((), REASON, "waive"),
        (("no.such-rule",), REASON, "waive"),
        ((ATTACK_DEFEND_RULE.key,), "", "reason"),
        ((ATTACK_DEFEND_RULE.key,), "   ", "reason"),
        ((ATTACK_DEFEND_RULE.key,), "x" * 501, "reason"),
    ],
)
def test_a_malformed_waiver_is_refused_by_field(play: Play, rules, reason, field) -> None:
    fight(play)
    with pytest.raises(FieldErrors) as caught:
        play.do(notice_attack(), "gm", waiver=Waiver(rules, reason))
    assert field in caught.value.errors


def test_bookkeeping_and_missing_things_are_not_waivable(play: Play) -> None:
    fight(play)
    waiver = Waiver((EXCHANGE_RULE.key,), REASON)
    # An unknown character is malformed input, whatever is waived.
    with pytest.raises(BadInput):
        play.do(
            c.Attack(actor="ruth", target="nobody", skill="fight", dice="0000"),
            "gm",
            waiver=waiver,
        )
    play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="0000"), "ann")
    # A turn with its roll still under way cannot be passed: the roll would be left behind.
    with pytest.raises(IllegalAction) as caught:
        play.do(c.EndTurn(next_actor="alice"), "gm", waiver=waiver)
    assert not caught.value.waivable and caught.value.rule is EXCHANGE_RULE


def test_the_gm_lets_a_character_act_out_of_turn(play: Play) -> None:
    fight(play)
    with pytest.raises(IllegalAction) as caught:
        play.do(c.Attack(actor="charles", target="alice", skill="shoot", dice="0000"), "ben")
    assert caught.value.waivable and caught.value.rule is EXCHANGE_RULE
    done = play.do(
        c.Attack(actor="charles", target="alice", skill="shoot", dice="0000"),
        "gm",
        waiver=Waiver((EXCHANGE_RULE.key,), "Charles was waiting with his pistol drawn"),
    )
    assert done.events[0].waived == (EXCHANGE_RULE.key,)
    assert_replays(play)
