"""Record ``rolls_before_ids.json`` with the fatekit of main before rolls in play had ids (run it
from that checkout: ``PYTHONPATH=. python <this file> <out.json>``): a table whose log holds every
kind of roll as it was then made (free rolls invoked on and settled, a hidden difficulty, a
contest and a challenge counted as each side or task rolled, a conflict's attacks), with the GM's
and a player's live document at the versions in ``documents``."""

from __future__ import annotations

import json
import sys
from typing import Any

from fatekit.rules import ScriptedDice
from fatekit.rules.core.actions import Action
from fatekit.table import commands as c
from fatekit.table import fold, handle
from fatekit.table.export import export_table
from fatekit.table.extras import document_for
from fatekit.table.seats import Role
from tests.sheets import charles_sheet, npc_sheet, ruth_sheet

NOW = "2024-03-01T20:00:00+00:00"


def main(path: str) -> None:
    log: list[Any] = []
    state: Any = None

    def do(command: Any, seat: str = "gm") -> None:
        nonlocal state
        dice = ScriptedDice(["0000"] * 4)
        done = handle(state, command, seat=seat, table_id="old-rolls", dice=dice, now=NOW)
        state = done.state
        log.extend(done.events)

    do(c.CreateTable(name="Before roll ids"))
    do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    do(c.AddSeat(seat_id="ben", role=Role.PLAYER, name="Ben"))
    do(c.AddSeat(seat_id="sam", role=Role.SPECTATOR, name="Sam"))
    do(c.AddCharacter(sheet=ruth_sheet(), owner="ann"), seat="ann")
    do(c.AddCharacter(sheet=charles_sheet(), owner="ben"))
    do(c.AddCharacter(sheet=npc_sheet()))
    do(c.StartSession())
    do(c.StartScene(name="On deck", participants=("ruth", "charles", "alice")))
    concept = {w: state.game.character(w).high_concept.id for w in ("ruth", "charles", "alice")}
    marks = []
    do(c.Roll(actor="ruth", action=Action.OVERCOME, skill="athletics", difficulty=4, dice="0000"))
    do(c.Invoke(aspect_id=concept["ruth"], by="ruth"), "ann")
    marks.append(state.version)  # a free roll in play, invoked on
    do(c.ResolveRoll(), "ann")
    advantage = c.Roll(
        actor="charles", action=Action.CREATE_ADVANTAGE, skill="lore", difficulty=6, dice="-000"
    )
    do(advantage, "ben")
    do(c.ResolveRoll(option="success_at_cost", aspect_name="Smoke Everywhere"))
    do(c.HideDifficulty(actor="ruth", difficulty=5, skill="notice"))
    do(c.Roll(actor="ruth", action=Action.OVERCOME, skill="notice", dice="+-00"), "ann")
    marks.append(state.version)  # a roll against a hidden difficulty in play
    do(c.ResolveRoll(option="fail"))
    sides = (("heroes", ("ruth", "charles")), ("cult", ("alice",)))
    intents = (("heroes", "catch her"), ("cult", "reach the boat"))
    do(c.StartContest(sides=sides, intents=intents))
    do(c.ContestRoll(side="heroes", actor="ruth", skill="athletics", bonus=1, dice="+000"), "ann")
    marks.append(state.version)
    do(c.ContestRoll(side="cult", actor="alice", skill="fight", dice="0-00"))
    do(c.ContestRoll(side="heroes", actor="ruth", skill="athletics", dice="++++"), "ann")
    do(c.ContestForfeit(side="cult"))
    marks.append(state.version)
    do(c.EndContest())
    tasks = (("tome", "find the tome", "lore", 3), ("door", "hold the door", "athletics", 4))
    do(c.StartChallenge(tasks=tasks))
    do(c.ChallengeRoll(task="tome", actor="charles", dice="+000"), "ben")
    do(c.ChallengeRoll(task="door", actor="ruth", dice="-000", option="success_at_major_cost"))
    marks.append(state.version)
    do(c.EndChallenge())
    do(c.StartConflict(sides=sides, first="alice"))
    do(c.Attack(actor="alice", target="ruth", skill="fight", dice="++00", defend_dice="0000"))
    do(c.Invoke(aspect_id=concept["alice"], by="alice"))
    do(c.ResolveRoll(option="hit"))
    marks.append(state.version)  # a hit waiting to be taken
    plan = state.conflict.hits.absorb_options()[0]
    names = tuple((slot, "Bruised") for slot in plan.slots)
    do(c.Absorb(boxes=plan.boxes, slots=plan.slots, names=names), "ann")
    do(c.EndTurn(next_actor="ruth"))
    do(c.Attack(actor="ruth", target="alice", skill="fight", dice="+000"), "ann")
    do(c.Invoke(aspect_id=concept["ruth"], by="ruth"), "ann")
    marks.append(state.version)  # a conflict's attack in play, invoked on
    documents = {
        str(v): {seat: document_for(fold(log[:v]), seat) for seat in ("gm", "ann")} for v in marks
    }
    out = {"table": export_table(log, state, "gm"), "documents": documents}
    with open(path, "w", encoding="utf-8") as file:
        json.dump(out, file, sort_keys=True, ensure_ascii=False)


if __name__ == "__main__":
    main(sys.argv[1])
