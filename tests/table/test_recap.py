"""A session's recap (issue 28, item 3): the moments that mattered, in four languages, and
never anything the seat's own log would not show it."""

from __future__ import annotations

import pytest

from fatekit.rules import Action, BadInput, ForbiddenAction
from fatekit.table import commands as c
from fatekit.table import event_for
from fatekit.table.play.aspects import CompelAnswer
from fatekit.table.recap import session_recap, sessions_of
from fatekit.table.recap_text import LANGUAGES, recap_html, recap_markdown, recap_text
from fatekit.table.seats import NoteVisibility

from .conftest import Play  # type: ignore[import-not-found]

#: What the GM hid in the session, each a text no player may ever read in a recap.
SECRETS = ("Hidden Hatch", "Alice plots the mutiny", "the hatch leads to the hold")


def _session(play: Play) -> Play:
    """Session 1 on the yacht: a hidden aspect, Ruth's success with style, Alice's success with
    style with the NPCs' dice hidden, a secret roll, an accepted compel and two GM lines."""
    play.do(c.AddSituationAspect(name="Hidden Hatch", hidden=True))
    play.do(
        c.Roll(actor="ruth", skill="fight", action=Action.OVERCOME, difficulty=1, dice="++++"),
        "ann",
    )
    play.do(c.ResolveRoll(), "ann")
    play.do(c.HideNpcDice(hidden=True))
    play.do(
        c.Roll(actor="alice", skill="deceive", action=Action.OVERCOME, difficulty=0, dice="++++")
    )
    play.do(c.ResolveRoll())
    play.do(
        c.SecretRoll(actor="alice", skill="deceive", dice="++++", reason="Alice plots the mutiny")
    )
    trouble = next(a.id for a in play.s.game.character("ruth").aspects if a.kind.value == "trouble")
    offered = play.do(c.OfferCompel(aspect_id=trouble, target="ruth", complication="The sea calls"))
    compel_id = offered.events[0].compel_id
    play.do(c.AnswerCompel(compel_id=compel_id, answer=CompelAnswer.ACCEPT), "ann")
    play.do(c.AddRecapLine(text="The storm broke at dawn."))
    play.do(c.AddRecapLine(text="GM: the hatch leads to the hold", visibility=NoteVisibility.GM))
    play.do(c.EndScene())
    play.do(c.EndSession())
    return play


def _all_text(play: Play, seat: str, lang: str) -> str:
    recap = session_recap(play.log, play.s, seat, 1)
    assert recap is not None
    words = recap_text(recap, play.s, seat, lang)
    return recap_markdown(words, play.s.name) + recap_html(words, play.s.name)


def test_the_gm_reads_every_moment_that_mattered(play: Play) -> None:
    _session(play)
    assert sessions_of(play.log) == [1]
    recap = session_recap(play.log, play.s, "gm", 1)
    assert recap is not None and recap.ended_at is not None
    kinds = [(m.kind, m.who) for m in recap.moments()]
    assert kinds == [("style", "ruth"), ("style", "alice"), ("compel", "ruth")]
    assert [m.detail for m in recap.gm_lines] == [
        "The storm broke at dawn.",
        "GM: the hatch leads to the hold",
    ]
    assert recap.fate_points["ruth"] == [1, 0]  # the accepted compel paid her
    text = _all_text(play, "gm", "en")
    assert "Success with style: Ruth" in text and "Success with style: Alice" in text
    assert "Compel accepted: Ruth" in text and "The sea calls" in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_player_never_reads_what_the_gm_hid(play: Play, lang: str) -> None:
    _session(play)
    gm = _all_text(play, "gm", lang)
    assert "the hatch leads to the hold" in gm  # the GM's own line: the secret is really there
    for seat in ("ann", "ben", "sam"):
        text = _all_text(play, seat, lang)
        for secret in SECRETS:
            assert secret not in text, (seat, secret)
        assert "The storm broke at dawn." in text and "The sea calls" in text
        recap = session_recap(play.log, play.s, seat, 1)
        assert recap is not None
        # Alice's success with style was rolled with the NPCs' dice hidden: not the players'.
        assert [(m.kind, m.who) for m in recap.moments()] == [("style", "ruth"), ("compel", "ruth")]
        assert "alice" not in recap.fate_points  # an NPC's fate points are the GM's
        # Every moment comes from an event the seat's own log shows.
        by_version = {ev.version: ev for ev in play.log}
        for moment in [*recap.moments(), *recap.advancement, *recap.gm_lines]:
            assert event_for(by_version[moment.version], play.s, seat) is not None


def test_the_recap_reads_naturally_in_each_language(play: Play) -> None:
    _session(play)
    said = {lang: _all_text(play, "ann", lang) for lang in LANGUAGES}
    assert "Стильный успех: Ruth" in said["ru"] and "Драка" in said["ru"]
    assert "Successo con stile: Ruth" in said["it"] and "Lotta" in said["it"]
    assert "Lyckas med stil: Ruth" in said["sv"] and "Slåss" in said["sv"]
    assert "Сессия 1" in said["ru"] and "Spelsession 1" in said["sv"]
    assert '<html lang="ru">' in said["ru"]


def test_undone_moments_are_not_retold(play: Play) -> None:
    play.do(
        c.Roll(actor="ruth", skill="fight", action=Action.OVERCOME, difficulty=1, dice="++++"),
        "ann",
    )
    play.do(c.ResolveRoll(), "ann")
    play.do(c.Undo(target_version=play.s.version - 1))
    play.do(
        c.Roll(actor="ruth", skill="fight", action=Action.OVERCOME, difficulty=4, dice="----"),
        "ann",
    )
    play.do(c.ResolveRoll(option="fail"))  # the GM chooses how a failure goes
    play.do(
        c.Roll(actor="ruth", skill="fight", action=Action.OVERCOME, difficulty=4, dice="----"),
        "ann",
    )
    play.do(c.ResolveRoll(option="success_at_major_cost"))
    recap = session_recap(play.log, play.s, "ann", 1)
    assert recap is not None
    assert [m.kind for m in recap.moments()] == ["fail", "cost"]


def test_only_the_gm_adds_a_line_to_a_session_played(play: Play) -> None:
    with pytest.raises(ForbiddenAction):
        play.do(c.AddRecapLine(text="Mine"), "ann")
    for bad in (c.AddRecapLine(text="  "), c.AddRecapLine(text="x", session=2)):
        with pytest.raises(BadInput):
            play.do(bad)
    with pytest.raises(BadInput, match="at most 500"):
        play.do(c.AddRecapLine(text="x" * 501))


def test_a_recap_from_a_snapshot_reads_as_one_from_the_start(play: Play) -> None:
    from fatekit.table import fold

    _session(play)
    play.do(c.StartSession())
    play.do(c.StartScene(name="Below deck", participants=("ruth", "charles", "alice")))
    play.do(
        c.Roll(actor="ruth", skill="fight", action=Action.OVERCOME, difficulty=1, dice="++++"),
        "ann",
    )
    play.do(c.ResolveRoll(), "ann")
    play.do(c.EndScene())
    play.do(c.EndSession())

    def snapshot(before: int) -> object:
        return fold([ev for ev in play.log if ev.version < before - 1])

    for seat in ("gm", "ann"):
        whole = session_recap(play.log, play.s, seat, 2)
        quick = session_recap(play.log, play.s, seat, 2, snapshot=snapshot)  # type: ignore[arg-type]
        assert whole == quick and whole is not None
        assert [m.kind for m in whole.moments()] == ["style"]


def test_a_mob_losing_a_member_is_not_told_as_the_mob_taken_out(play: Play) -> None:
    """Issue 39: each member of a mob that fell read "Taken out: the mob", three times."""
    from fatekit.formats import dumps_character
    from fatekit.rules import mob

    thugs = mob("condensed", "thugs", "Dock Thugs", 3, ["Dock Thugs"], {"fight": 1})
    play.do(c.AddCharacter(sheet=dumps_character(thugs), revealed=True))
    play.do(c.EndScene())
    play.do(c.StartScene(name="The pier", participants=("ruth", "thugs")))
    play.do(c.StartConflict(sides=(("crew", ("ruth",)), ("gang", ("thugs",))), first="ruth"))
    play.dice.append("----")  # the mob's defence
    play.do(c.Attack(actor="ruth", target="thugs", skill="fight", dice="0000"), "ann")
    play.do(c.ResolveRoll(option="hit"), "ann")
    play.do(c.TakeOut())
    play.do(c.FinishConflict())
    play.do(c.EndScene())
    play.do(c.EndSession())
    text = _all_text(play, "ann", "en")
    assert "Dock Thugs: one taken out, 2 still standing" in text
    assert "Taken out: Dock Thugs" not in text
