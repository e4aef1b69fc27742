"""The fold only assigns (issue 37, items 1 and 4): a table played today folds to the very same
table once a release has made its rules stricter on purpose, and only a move made after the
change meets the stricter rule.

Each test plays a table, makes one rule refuse everything (a turn order that refuses every
choice, a stress rule that refuses every box, an advancement rule that refuses every step), and
folds the log again: the same table, as every seat reads it. A command sent afterwards is refused
by the stricter rule, which shows the change is in force. The golden tables are folded under every
rule made stricter at once in ``tests/golden_tables/test_stricter_rules.py``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from fatekit.rules import Action, IllegalAction, Milestone
from fatekit.rules.characters import advancement
from fatekit.rules.harm import absorb
from fatekit.rules.scenes import conflict_turns
from fatekit.table import commands as c
from fatekit.table import fold, view_for
from fatekit.table.events import EVENT_TYPES, Undone
from fatekit.table.export import export_table, import_table
from fatekit.table.folding import FOLDS, JUDGES
from fatekit.table.play.people import TableCreated
from fatekit.table.snapshot import encode_snapshot
from fatekit.table.state import TableState
from fatekit.table.upcasting import OLDER

from ..sheets import npc_sheet  # type: ignore[import-not-found]
from .conftest import Play, seated
from .test_advancement_facts import advanced
from .test_conflict_options import fight

SEATS = ("gm", "ann", "ben", "sam")
STRICTER = conflict_turns.TURN_ORDER_ELECTIVE_RULE


def views(state: TableState) -> dict[str, Any]:
    return {seat: view_for(state, seat) for seat in SEATS}


def folds_the_same(play: Play) -> None:
    """The log folds (from its events, and through a table file) to the table it was played
    to, as every seat reads it."""
    recorded = encode_snapshot(play.s)
    again = fold(play.log)
    assert encode_snapshot(again) == recorded
    assert views(again) == views(play.s)
    assert views(import_table(export_table(play.log, play.s, "gm")).state) == views(play.s)


def refuse_everything(*args: Any, **kwargs: Any) -> Any:
    raise IllegalAction("a stricter release refuses this", STRICTER)


def test_every_event_has_its_judgement_its_fold_and_its_older_step() -> None:
    for name, kind in EVENT_TYPES.items():
        if kind in (TableCreated, Undone):
            continue  # the table's own: a table's creation and an undo's rewind
        assert kind in JUDGES, f"{name} has no judgement"
        assert kind in FOLDS, f"{name} has no fold"
        assert kind in OLDER, f"{name} folds no event an older release recorded"


def exchanges(play: Play) -> None:
    """A conflict in elective order over two exchanges: everyone acts, each naming the next."""
    fight(play)
    play.do(c.FullDefense(actor="ruth"), "ann")
    play.do(c.EndTurn(next_actor="alice"), "ann")
    play.do(c.FullDefense(actor="alice"))
    play.do(c.EndTurn(next_actor="charles"))
    play.do(c.FullDefense(actor="charles"), "ben")
    play.do(c.EndTurn(next_actor="alice"), "ben")  # a new exchange: Alice goes first


def test_a_turn_order_that_refuses_every_choice_leaves_the_turns_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    play = seated(("full_defense",))
    exchanges(play)
    assert play.s.conflict is not None and play.s.conflict.turns.exchange.number == 2
    # A release whose elective order lets nobody act next.
    monkeypatch.setattr(conflict_turns.Turns, "next_choices", lambda self: [])
    monkeypatch.setattr(conflict_turns.Turns, "check_pass", refuse_everything)
    folds_the_same(play)
    play.do(c.FullDefense(actor="alice"))
    with pytest.raises(IllegalAction, match="stricter release"):
        play.do(c.EndTurn(next_actor="ruth"))


def wounded(play: Play) -> None:
    """Ruth's hit on Alice, absorbed with stress and a mild consequence."""
    fight(play)
    play.dice[:] = ["-0-0"]
    play.do(c.Attack(actor="ruth", target="alice", skill="fight", dice="+0+0"), "ann")
    play.do(c.ResolveRoll(option="hit"), "ann")
    play.do(c.Absorb(boxes=(0, 1, 2), slots=(0,), names=((0, "Bloody Nose"),)))


def test_a_stress_rule_that_refuses_every_box_leaves_the_hits_absorbed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    play = seated()
    wounded(play)
    alice = play.s.game.character("alice")
    assert alice.consequences[0].aspect is not None
    # A release in which no plan absorbs a hit: every box and slot refused.
    monkeypatch.setattr(absorb, "check_plan", refuse_everything)
    monkeypatch.setattr(absorb, "absorb_options", lambda *args, **kwargs: [])
    folds_the_same(play)
    play.do(c.EndTurn(next_actor="alice"), "ann")
    play.dice[:] = ["----"]
    play.do(c.Attack(actor="alice", target="ruth", skill="fight", dice="++++"))
    play.do(c.ResolveRoll(option="hit"))
    with pytest.raises(IllegalAction, match="stricter release"):
        play.do(c.Absorb(boxes=(0,)), "ann")


def test_an_advancement_rule_that_refuses_every_step_leaves_the_sheets_advanced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    play = advanced()
    for name in ("apply_milestone", "apply_breakthrough", "raise_skills", "check_milestone"):
        monkeypatch.setattr(advancement, name, refuse_everything)
    monkeypatch.setattr(advancement, "column_problems", lambda skills: ["broken"])
    monkeypatch.setattr(advancement, "_check_change", refuse_everything)
    folds_the_same(play)
    play.do(c.EndSession(milestone=Milestone.MINOR))
    swap = c.MilestoneChange(kind=c.ChangeKind.SWAP_SKILLS, first="fight", second="notice")
    with pytest.raises(IllegalAction, match="stricter release"):
        play.do(c.Milestone(character_id="ruth", choice=swap), "ann")


def test_a_compel_and_an_invoke_fold_the_same_when_fate_points_are_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from fatekit.rules.aspects import fate_points

    play = seated()
    concept = play.s.game.character("ruth").aspects[0].id
    play.do(c.OfferCompel(aspect_id=concept, target="ruth", complication="An old debt calls."))
    compel = next(iter(play.s.compels))
    play.do(c.AnswerCompel(compel_id=compel, answer=c.CompelAnswer.ACCEPT), "ann")
    play.dice[:] = ["0000"]
    play.do(c.Roll(actor="ruth", action=Action.OVERCOME, skill="athletics", difficulty=2), "ann")
    play.do(c.Invoke(aspect_id=concept, by="ruth"), "ann")
    # A release in which no fate point may be spent at all.
    monkeypatch.setattr(fate_points.FatePoints, "check_can_spend", refuse_everything)
    folds_the_same(play)
    trouble = play.s.game.character("ruth").aspects[1].id
    with pytest.raises(IllegalAction, match="stricter release"):
        play.do(c.Invoke(aspect_id=trouble, by="ruth"), "ann")


def test_a_table_file_written_today_reads_its_facts_version() -> None:
    play = seated()
    wounded(play)
    exported = export_table(play.log, play.s, "gm")
    versions = {e["data"].get("facts", {}).get("version") for e in exported["events"][1:]}
    assert versions == {2}
    assert json.loads(json.dumps(exported)) == exported


def test_ending_the_scene_while_a_conflict_runs_is_refused_as_it_is_decided() -> None:
    """The decider refuses it, coded, in every seat's language; no fold of the scene's end
    asks whether a conflict runs (the log holds only ends that were decided)."""
    from fatekit.formats.words import words
    from fatekit.rules.core.errors import BadInput

    play = seated()
    fight(play)
    before = encode_snapshot(play.s)
    with pytest.raises(BadInput) as refused:
        play.do(c.EndScene())
    assert refused.value.code == "scene_conflict_running"
    assert encode_snapshot(play.s) == before
    key = f"refusal.{refused.value.code}"
    texts = {words(language)(key) for language in ("en", "ru", "it", "sv")}
    assert len(texts) == 4 and key not in texts, texts


def test_gear_and_an_advantage_on_an_aspect_fold_as_an_older_release_recorded_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found folding the page agent's evenings from releases 50b4920 and 745968f (issue 37):
    reading a sheet's gear checked its ratings, and an advantage's free invokes on an aspect in
    play asked the boost rule, as the older events folded. The events as those releases wrote
    them (facts version 1) fold the same with every check of the rules refusing."""
    import rule_checks
    from fold_check import as_older

    from fatekit.table.snapshot import state_to_data

    play = seated()
    sheet = json.loads(npc_sheet())
    sheet.update(id="bruno", name="Bruno", gear=[{"name": "Cutlass", "weapon": 2, "armor": 1}])
    play.do(c.AddCharacter(sheet=json.dumps(sheet)))
    play.do(c.AddSituationAspect(name="Thick Fog"))
    fog = play.s.last_created[0]
    play.do(
        c.Roll(
            actor="ruth",
            action=Action.CREATE_ADVANTAGE,
            skill="notice",
            difficulty=0,
            aspect_id=fog,
            dice="++++",
        ),
        "ann",
    )
    play.do(c.ResolveRoll(option="free_invokes"), "ann")
    assert [f.holder for f in play.s.game.find_aspect(fog).free_invokes] == ["ruth", "ruth"]
    older = [as_older(event) for event in play.log]
    assert {e.facts.version for e in older if e.facts is not None} == {1}
    today = state_to_data(fold(older))
    assert rule_checks.stricter_rules(monkeypatch) > 100
    assert state_to_data(fold(older)) == today
