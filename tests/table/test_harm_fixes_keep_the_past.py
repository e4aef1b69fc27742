"""Issue 27's fixes to harm never rewrite a table's past: a table recorded before them (a golden
table) folds to what it recorded, and only the moves made after follow the corrected rule.

Sources: ode-kortfattad.sv.rst § Solobonus (half the attacking PCs, rounded down);
fate-condensed.ru.md § Прорывы and § Recovering from Conflicts.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fatekit.rules import ScriptedDice
from fatekit.rules.core.clock import Milestone
from fatekit.table import TableState, fold, handle, view_for
from fatekit.table import commands as c
from fatekit.table.events import Event
from fatekit.table.export import import_table

GOLDEN = Path(__file__).resolve().parents[1] / "golden_tables"
NOW = "2026-11-27T10:00:00+00:00"


def golden(name: str) -> tuple[list[Event], TableState]:
    data = json.loads((GOLDEN / name).read_text(encoding="utf-8"))
    table = import_table(data["export"])
    return list(table.events), table.state


def pending_hit(state: TableState) -> dict[str, Any] | None:
    conflict = view_for(state, "gm")["conflict"]
    assert conflict is not None
    hit: dict[str, Any] | None = conflict["pending_hit"]
    return hit


@pytest.mark.rule("big-bad.solo.stress-ode")
def test_an_ode_table_recorded_before_keeps_its_hits_and_new_hits_round_down() -> None:
    """ode-kortfattad.sv.rst § Solobonus: the golden Öde table (three PCs against a solo big
    bad, recorded when fatekit rounded up) still folds its 5-shift hit to 3, as it was played;
    the next 5-shift hit, decided now, is reduced by one (3 / 2 rounded down) to 4, and its
    event records that as a fact."""
    events, state = golden("big-bad-ode.json")
    until_hit = [e for e in events if e.version <= 21]  # Astrid's hit resolved, not absorbed
    before = pending_hit(fold(until_hit))
    assert before is not None and (before["target"], before["shifts"]) == ("draken", 3)
    log = list(events)

    def do(command: c.Command, seat: str = "gm") -> list[Event]:
        nonlocal state
        decision = handle(
            state,
            command,
            seat=seat,
            table_id=state.table_id,
            dice=ScriptedDice([]),
            now=NOW,
            history=log,
        )
        state = decision.state
        log.extend(decision.events)
        return list(decision.events)

    do(c.EndTurn(next_actor="astrid"), "cal")
    do(c.Attack(actor="astrid", skill="fight", target="draken", dice="++++", defend_dice="----"))
    [roll] = view_for(state, "gm")["rolls"]
    assert roll["shifts"] == 5
    [resolved] = do(c.ResolveRoll(option="hit"), "ann")
    after = pending_hit(state)
    assert after is not None and after["shifts"] == 4
    assert resolved.facts is not None and resolved.facts.hits is not None
    assert [h.shifts for h in resolved.facts.hits] == [4]
    # The whole log, old and new moves, folds again to the same table.
    assert view_for(fold(log), "gm") == view_for(state, "gm")


def consequence_names(state: TableState, character: str) -> list[str | None]:
    found = next(ch for ch in view_for(state, "gm")["characters"] if ch["id"] == character)
    return [s["aspect"]["name"] if s["aspect"] else None for s in found["sheet"]["consequences"]]


@pytest.mark.rule("recovery.time")
@pytest.mark.rule("advancement.breakthrough")
def test_a_breakthrough_recorded_before_keeps_its_timing_and_a_new_one_takes_one_session() -> None:
    """fate-condensed.ru.md § Прорывы: the golden Condensed evening ends with Ruth's Cracked
    Ribs renamed Mending Ribs at a breakthrough, recorded when fatekit counted the session of
    the breakthrough as the treatment's: that recovery keeps its recorded timing (two more
    sessions). A breakthrough taken now falls between sessions, and the moderate consequence it
    starts clears when the next session ends."""
    events, state = golden("evening-condensed.json")
    log = list(events)

    def do(command: c.Command, seat: str = "gm") -> None:
        nonlocal state
        decision = handle(
            state,
            command,
            seat=seat,
            table_id=state.table_id,
            dice=ScriptedDice([]),
            now=NOW,
            history=log,
        )
        state = decision.state
        log.extend(decision.events)

    def session(milestone: Milestone | None = None) -> None:
        do(c.StartSession())
        do(c.StartScene(name="The harbour", participants=("ruth", "charles")))
        do(c.EndScene())
        do(c.EndSession(milestone=milestone))

    assert consequence_names(state, "ruth")[1] == "Mending Ribs"
    do(c.CorrectConsequence(character_id="charles", slot=1, name="Sprained Wrist"))
    session(Milestone.MAJOR)
    assert consequence_names(state, "ruth")[1] == "Mending Ribs"  # as recorded: not yet
    owner = state.owner_of("charles")
    assert owner is not None
    do(
        c.Breakthrough(
            character_id="charles", recovery_names=(("charles/consequence/1", "Wrist in a Splint"),)
        ),
        owner,
    )
    session()
    assert consequence_names(state, "ruth")[1] is None
    assert consequence_names(state, "charles")[1] is None  # one session after its breakthrough
    assert view_for(fold(log), "gm") == view_for(state, "gm")
