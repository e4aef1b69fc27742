"""Safety tools at the table (Fate Condensed, "Safety Tools"): anyone seated raises the X-Card or a
Script Change signal at any moment, nobody learns who, and play waits until the GM answers."""

from __future__ import annotations

from typing import Any

import pytest

from fatekit.rules import BadInput, ForbiddenAction, IllegalAction
from fatekit.rules.safety import SAFETY_TOOLS_RULE, SIGNAL_FIRST_RULE, SafetyTool
from fatekit.table import Waiver, export_table, fold, view_for
from fatekit.table import commands as c
from fatekit.table import events as e
from fatekit.table.campaign import export_campaign
from fatekit.table.recap import SessionRecap, session_recap
from fatekit.table.recap_text import recap_markdown, recap_text
from fatekit.table.serialize import event_payload
from fatekit.table.snapshot import SNAPSHOT_FORMAT, decode_snapshot, encode_snapshot

from .conftest import Play, assert_replays, log_of, seated  # type: ignore[import-not-found]

SEATS = ("gm", "ann", "ben", "sam")


def fight(play: Play) -> None:
    play.dice[:] = ["----"] * 4
    play.do(
        c.StartConflict(sides=(("heroes", ("ruth", "charles")), ("cult", ("alice",))), first="ruth")
    )


def attack() -> c.Attack:
    return c.Attack(actor="ruth", target="alice", skill="fight", dice="++++")


@pytest.mark.rule("safety.tools")
@pytest.mark.parametrize("raiser", SEATS)
@pytest.mark.parametrize("tool", list(SafetyTool))
def test_any_seat_raises_any_signal_and_the_event_names_nobody(
    play: Play, raiser: str, tool: SafetyTool
) -> None:
    # Fate Condensed, "Safety Tools": anyone at the table, the GM included (and here a spectator
    # too), may voice a concern with the tools the table uses.
    (raised,) = play.do(c.RaiseSignal(tool=tool), raiser).events
    assert isinstance(raised, e.SignalRaised)
    assert raised.seat == "" and raised.tool is tool
    assert raiser not in event_payload(raised)
    for seat in SEATS:
        assert view_for(play.s, seat)["safety"]["waiting"] == [
            {"id": raised.signal_id, "tool": tool.value}
        ]
    assert_replays(play)


def _recap(play: Play, seat: str) -> SessionRecap:
    found = session_recap(play.log, play.s, seat, 1)
    assert found is not None
    return found


def _trail(raiser: str) -> dict[str, Any]:
    """Everything the table keeps or shows after ``raiser`` raises the X-Card mid-fight with a roll
    in play and the GM rewinds and answers: the stored payloads and seats, every seat's view and
    log, the table and campaign files, the recap."""
    play = seated()
    fight(play)
    play.do(attack(), "ann")  # the attack's roll is in play
    play.do(c.RaiseSignal(tool=SafetyTool.X_CARD), raiser)
    play.do(c.RaiseSignal(tool=SafetyTool.REWIND), raiser)
    rolled = next(ev for ev in play.log if isinstance(ev, e.AttackRolled))
    play.do(c.Undo(target_version=rolled.version))
    for signal in list(play.s.safety.waiting):
        play.do(c.AnswerSignal(signal_id=signal, note="No more of the drowning."))
    return {
        "stored": [(type(ev).__name__, ev.seat, event_payload(ev)) for ev in play.log],
        "views": {seat: view_for(play.s, seat) for seat in SEATS},
        "logs": {seat: log_of(play, seat) for seat in SEATS},
        "file": export_table(play.log, play.s, "gm"),
        "campaign": export_campaign(play.log, play.s, "gm", exported_at="2024-03-02T00:00:00Z"),
        "recaps": {
            seat: recap_markdown(recap_text(_recap(play, seat), play.s, seat, "en"), "The Yacht")
            for seat in SEATS
        },
        "snapshot": encode_snapshot(play.s),
    }


@pytest.mark.rule("safety.tools")
def test_nothing_the_table_keeps_or_shows_says_who_raised_a_signal() -> None:
    # The same evening, the card raised from each seat in turn: every trace is the same, byte
    # for byte, so no seat (the GM's neither) and no file can tell who it was.
    trails = {raiser: _trail(raiser) for raiser in SEATS}
    first = trails["gm"]
    for raiser, trail in trails.items():
        for part, value in trail.items():
            assert value == first[part], f"{part} differs when {raiser} raises the card"
    raised = [row for row in first["stored"] if row[0] == "SignalRaised"]
    assert len(raised) == 2 and all(seat == "" for _, seat, _ in raised)
    for entry in first["logs"]["ann"]:
        if entry["type"] == "SignalRaised":
            assert entry["seat"] == "" and set(entry["data"]) == {"signal_id", "tool"}


@pytest.mark.rule("safety.signal-first")
def test_a_signal_holds_every_move_until_the_gm_answers_it(play: Play) -> None:
    # Fate Condensed, "Safety Tools": a concern voiced this way comes first and must be
    # addressed. Raised mid-fight with an attack's roll in play, it holds every other move.
    fight(play)
    play.do(attack(), "ann")
    play.do(c.RaiseSignal(tool=SafetyTool.PAUSE), "ben")
    version = play.s.version
    for command, seat in (
        (c.ResolveRoll(option="hit"), "ann"),
        (c.Invoke(aspect_id="a1", by="charles"), "ben"),
        (c.Note(text="Onwards"), "gm"),
        (c.FinishConflict(), "gm"),
        (c.SetSafetyTool(tool=SafetyTool.X_CARD, on=False), "gm"),
    ):
        with pytest.raises(IllegalAction) as caught:
            play.do(command, seat)
        assert caught.value.rule is SIGNAL_FIRST_RULE and not caught.value.waivable
    # The GM cannot set it aside either: the way on is to answer it.
    with pytest.raises(IllegalAction) as caught:
        play.do(c.FinishConflict(), "gm", waiver=Waiver((SIGNAL_FIRST_RULE.key,), "go on"))
    assert caught.value.rule is SIGNAL_FIRST_RULE
    assert play.s.version == version  # nothing was half done
    # Another signal may still come, and only the GM answers.
    play.do(c.RaiseSignal(tool=SafetyTool.X_CARD), "sam")
    first, second = play.s.safety.waiting
    with pytest.raises(ForbiddenAction):
        play.do(c.AnswerSignal(signal_id=first), "ann")
    play.do(c.AnswerSignal(signal_id=first, note="  Five   minutes' break. "))
    answered = play.log[-1]
    assert isinstance(answered, e.SignalAnswered)
    assert answered.note == "Five minutes' break." and answered.tool is SafetyTool.PAUSE
    with pytest.raises(IllegalAction):
        play.do(c.ResolveRoll(option="hit"), "ann")  # the X-Card still waits
    play.do(c.AnswerSignal(signal_id=second))
    play.do(c.ResolveRoll(option="hit"), "ann")  # play goes on where it stood
    assert play.s.conflict is not None and play.s.conflict.hits.pending_hit is not None
    assert_replays(play)


@pytest.mark.rule("safety.signal-first")
def test_a_rewind_is_answered_with_an_undo_that_leaves_the_signal_waiting(play: Play) -> None:
    fight(play)
    (rolled,) = play.do(attack(), "ann").events
    play.do(c.RaiseSignal(tool=SafetyTool.REWIND), "ann")
    (signal,) = play.s.safety.waiting
    play.do(c.Undo(target_version=rolled.version))  # the GM takes the attack back
    assert not play.s.rolls and play.s.safety.waiting == {signal: SafetyTool.REWIND}
    with pytest.raises(IllegalAction):
        play.do(attack(), "ann")
    play.do(c.AnswerSignal(signal_id=signal, note="Alice never drew the knife."))
    assert not play.s.safety.waiting
    # An undo reaching back before the signal takes back play, never the signal or its answer.
    play.do(c.Undo(target_version=rolled.version - 1))
    assert not play.s.safety.waiting and play.s.conflict is None
    with pytest.raises(BadInput):
        play.do(c.AnswerSignal(signal_id=signal))
    assert_replays(play)


@pytest.mark.rule("safety.tools")
def test_the_gm_turns_each_signal_off_and_on_for_the_table(play: Play) -> None:
    assert view_for(play.s, "ann")["safety"] == {
        "on": ["x-card", "pause", "rewind", "fast-forward"],
        "waiting": [],
    }
    with pytest.raises(ForbiddenAction):
        play.do(c.SetSafetyTool(tool=SafetyTool.REWIND, on=False), "ann")
    (turned,) = play.do(c.SetSafetyTool(tool=SafetyTool.REWIND, on=False)).events
    assert log_of(play, "ben")[0]["type"] == "SafetyToolSet"
    assert turned.seat == "gm"
    with pytest.raises(IllegalAction) as caught:
        play.do(c.RaiseSignal(tool=SafetyTool.REWIND), "ben")
    assert caught.value.rule is SAFETY_TOOLS_RULE
    play.do(c.RaiseSignal(tool=SafetyTool.X_CARD), "ben")  # the others stay on
    assert view_for(play.s, "sam")["safety"]["on"] == ["x-card", "pause", "fast-forward"]
    # An undo leaves the table's choice as it is.
    play.do(c.AnswerSignal(signal_id=next(iter(play.s.safety.waiting))))
    play.do(c.Note(text="On we go"))
    play.do(c.Undo(target_version=play.s.version))
    assert not play.s.safety.is_on(SafetyTool.REWIND)
    play.do(c.SetSafetyTool(tool=SafetyTool.REWIND, on=True))
    play.do(c.RaiseSignal(tool=SafetyTool.REWIND), "ben")
    assert_replays(play)


def test_a_waiting_signal_survives_a_snapshot_and_a_replay(play: Play) -> None:
    play.do(c.RaiseSignal(tool=SafetyTool.FAST_FORWARD), "ann")
    copied = decode_snapshot(SNAPSHOT_FORMAT, encode_snapshot(play.s))
    assert copied is not None and copied.safety.waiting == play.s.safety.waiting
    assert fold(play.log).safety.waiting == play.s.safety.waiting


def test_an_answer_to_no_waiting_signal_is_refused_with_its_code(play: Play) -> None:
    with pytest.raises(BadInput) as caught:
        play.do(c.AnswerSignal(signal_id="x99"))
    assert caught.value.code == "safety_not_waiting"
    play.do(c.RaiseSignal(tool=SafetyTool.PAUSE), "ann")
    with pytest.raises(BadInput) as caught:
        play.do(c.AnswerSignal(signal_id=next(iter(play.s.safety.waiting)), note="x" * 501))
    assert caught.value.code == "safety_note_long"
