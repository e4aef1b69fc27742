"""The odds a seat asks for before a conflict's roll (the work of ``GET /tables/{id}/odds``,
:func:`fatekit.table.offers.roll_odds`), at a fight's real size: six PCs against ten mobs of four.

Since issue 39 the odds count what the rules add before the dice (a mob's teamwork, a big bad
alone, full defense, scale), read from the engine's own set-up of the roll
(:meth:`~fatekit.rules.scenes.conflict.Conflict.efforts_before_dice`), and every open dialog asks
again when the table changes. Printed: milliseconds per query for an attack against a mob, and
for the same query counting skills and stunts only (the odds before issue 39), on one core.
"""

from __future__ import annotations

import time

from fatekit.formats import dumps_character
from fatekit.rules import ScriptedDice, mob, new_character
from fatekit.table import TableState, handle, offers
from fatekit.table import commands as c

SKILLS = {"fight": 4, "shoot": 3, "athletics": 3, "notice": 2, "physique": 2, "will": 2}


def _fight() -> TableState:
    state: TableState | None = None

    def do(command: c.Command) -> None:
        nonlocal state
        dice = ScriptedDice(["0000"] * 50)
        now = "2024-01-01T00:00:00+00:00"
        state = handle(state, command, seat="gm", table_id="bench", dice=dice, now=now).state

    do(c.CreateTable(name="The docks", preset="core"))
    crew = [f"pc{i}" for i in range(6)]
    gangs = [f"mob{i}" for i in range(10)]
    for pc in crew:
        sheet = new_character(
            "core", pc, pc, high_concept="Smuggler", trouble="Debts", skills=SKILLS
        )
        do(c.AddCharacter(sheet=dumps_character(sheet)))
    for gang in gangs:
        thugs = mob("core", gang, gang, 4, ["Dock Thugs"], {"fight": 1, "shoot": 1}, stress_boxes=1)
        do(c.AddCharacter(sheet=dumps_character(thugs), revealed=True))
    do(c.StartSession())
    do(c.StartScene(name="Docks", participants=(*crew, *gangs)))
    do(c.StartConflict(sides=(("crew", tuple(crew)), ("gangs", tuple(gangs)))))
    assert state is not None
    return state


def _per_query(state: TableState, actor: str, target: str, seconds: float = 2.0) -> float:
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        offers.roll_odds(state, "gm", actor=actor, skill="fight", against=target, action="attack")
        count += 1
    return (time.perf_counter() - start) / count * 1000


def main() -> None:
    state = _fight()
    assert state.conflict is not None
    actor = state.conflict.turns.current
    target = "mob0" if actor.startswith("pc") else "pc0"
    counted = _per_query(state, actor, target)
    engine = offers._engine_roll
    offers._engine_roll = lambda *args, **kwargs: None  # type: ignore[assignment]
    try:
        plain = _per_query(state, actor, target)
    finally:
        offers._engine_roll = engine  # type: ignore[assignment]
    print("roll odds: an attack's odds in a conflict of 16 fighters (6 PCs, 10 mobs of 4)")
    print(f"roll odds: {counted:.2f} ms a query, the rules' set-up counted (mobs, full defense...)")
    print(f"roll odds: {plain:.2f} ms a query counting skills and stunts only (before issue 39)")


if __name__ == "__main__":
    main()
