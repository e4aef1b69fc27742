"""A small driver for playing a table through commands, shared by the table tests."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from fatekit.rules import RandomDice, ScriptedDice
from fatekit.table import (
    MAX_LOG_PAGE,
    Decision,
    TableState,
    Waiver,
    event_for,
    fold,
    handle,
    log_page,
    view_for,
)
from fatekit.table import commands as c
from fatekit.table.events import Event, TargetsAssigned
from fatekit.table.seats import Role

from ..sheets import charles_sheet, npc_sheet, ruth_sheet  # type: ignore[import-not-found]

NOW = "2024-03-01T20:00:00+00:00"


@dataclass
class Play:
    """A table being played: the state, every event so far, and scripted table dice."""

    state: TableState | None = None
    log: list[Event] = field(default_factory=list)
    dice: list[str] = field(default_factory=list)

    def do(self, command: c.Command, seat: str = "gm", waiver: Waiver | None = None) -> Decision:
        """Handle a command (with the GM's ``waiver``, if any); the table's own rolls come from
        ``self.dice``."""
        # Scripted dice when the test gave some; otherwise a fixed seed, so runs repeat.
        script: ScriptedDice | RandomDice = (
            ScriptedDice(self.dice) if self.dice else RandomDice(seed=self.version_seed())
        )
        decision = handle(
            self.state,
            command,
            seat=seat,
            table_id="t1",
            dice=script,
            now=NOW,
            history=self.log,
            waiver=waiver,
        )
        used = sum(1 for e in decision.events for f in _rolled(e, command))
        del self.dice[:used]
        self.state = decision.state
        self.log.extend(decision.events)
        return decision

    def version_seed(self) -> int:
        return 0 if self.state is None else self.state.version

    @property
    def s(self) -> TableState:
        assert self.state is not None
        return self.state


def log_of(play: Play, seat: str) -> list[dict[str, Any]]:
    """The seat's log, newest entry first, as the server pages it."""
    return list(
        log_page(reversed(play.log), lambda ev: event_for(ev, play.s, seat), MAX_LOG_PAGE).entries
    )


def assert_replays(play: Play, seats: tuple[str, ...] = ("gm", "ann", "ben", "sam")) -> None:
    """Folding the log again gives the same table, as every seat sees it."""
    replayed = fold(play.log)
    for seat in seats:
        assert view_for(replayed, seat) == view_for(play.s, seat), seat


def _rolled(event: Event, command: c.Command) -> list[str]:
    # Which faces in the event came from the table rather than from the command.
    if isinstance(event, TargetsAssigned) and isinstance(command, c.AssignTargets):
        entered = dict(command.defend_dice)
        return [faces for who, faces in event.defend_faces if who not in entered]
    out = []
    for name, entered in (("faces", "dice"), ("defend_faces", "defend_dice")):
        value = getattr(event, name, None)
        if value is not None and getattr(command, entered, None) is None:
            out.append(value)
    return out


@pytest.fixture
def play() -> Play:
    """A table with a GM, two players (Ann with Ruth, Ben with Charles) and an NPC, Alice."""
    return seated()


def seated(
    options: tuple[str, ...] = (), preset: str = "condensed", randomizer: str = "4dF"
) -> Play:
    """The ``play`` table, with these optional rules (or another preset, or randomizer)."""
    table = Play()
    table.do(c.CreateTable(name="The Yacht", options=options, preset=preset, randomizer=randomizer))
    table.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    table.do(c.AddSeat(seat_id="ben", role=Role.PLAYER, name="Ben"))
    table.do(c.AddSeat(seat_id="sam", role=Role.SPECTATOR, name="Sam"))
    table.do(c.AddCharacter(sheet=ruth_sheet(), owner="ann"), seat="ann")
    table.do(c.AddCharacter(sheet=charles_sheet(), owner="ben"))
    table.do(c.AddCharacter(sheet=npc_sheet()))
    table.do(c.StartSession())
    table.do(
        c.StartScene(
            name="On deck",
            participants=("ruth", "charles", "alice"),
            zones=("deck", "cabin"),
            links=(("deck", "cabin"),),
            positions=(("ruth", "deck"), ("charles", "deck"), ("alice", "deck")),
        )
    )
    return table
