"""The GM strikes a countdown off the scene once what it counted down to was dealt with (Fate
Condensed, Optional Rules > Countdowns: "deal with it now or things will get worse"). Each seat
learns of it as it saw the countdown: a hidden one was never there for the players, one shown by
its boxes only is struck off unnamed. Discord tells it from the same declaration as the page."""

from __future__ import annotations

import json

import pytest

from fatekit.discord.lines import Reader
from fatekit.discord.words import words
from fatekit.rules import ForbiddenAction
from fatekit.rules.core.errors import BadInput
from fatekit.rules.options.countdowns import Visibility
from fatekit.table import commands as c
from fatekit.table import view_for
from fatekit.table.events import CountdownRemoved
from fatekit.table.seats import Role

from ..sheets import ruth_sheet  # type: ignore[import-not-found]
from .conftest import Play, assert_replays, log_of  # type: ignore[import-not-found]


def _table() -> Play:
    play = Play()
    play.do(c.CreateTable(name="T", options=("countdowns",)))
    play.do(c.AddSeat(seat_id="ann", role=Role.PLAYER, name="Ann"))
    play.do(c.AddCharacter(sheet=ruth_sheet(), owner="ann"))
    play.do(c.StartScene(name="The bridge", participants=("ruth",)))
    for key, visibility in (
        ("bomb", Visibility.SHOWN),
        ("radio", Visibility.BOXES_ONLY),
        ("ritual", Visibility.HIDDEN),
    ):
        play.do(
            c.AddCountdown(
                countdown_id=key,
                name=f"The {key}",
                boxes=3,
                outcome="Things get worse",
                triggers=("a minute passes",),
                visibility=visibility,
            )
        )
    return play


@pytest.mark.rule("countdown.track")
def test_a_countdown_struck_off_leaves_the_scene_and_each_seat_learns_it_as_it_saw_it() -> None:
    play = _table()
    for key in ("bomb", "radio", "ritual"):
        [struck] = play.do(c.RemoveCountdown(countdown_id=key)).events
        assert isinstance(struck, CountdownRemoved)
    assert view_for(play.s, "gm")["scene"]["countdowns"] == []
    assert view_for(play.s, "ann")["scene"]["countdowns"] == []
    gm_log = [e for e in log_of(play, "gm") if e["type"] == "CountdownRemoved"]
    ann_log = [e for e in log_of(play, "ann") if e["type"] == "CountdownRemoved"]
    assert [e["data"]["countdown_id"] for e in gm_log] == ["ritual", "radio", "bomb"]
    # The hidden ritual never reaches Ann; the radio's name stays behind the boxes.
    assert [e["data"] for e in ann_log] == [
        {"countdown_id": "radio"},
        {"countdown_id": "bomb", "name": "The bomb", "visibility": "shown"},
    ]
    assert "The ritual" not in json.dumps(log_of(play, "ann"))
    assert_replays(play, ("gm", "ann"))

    # Discord reads the line the page reads (fatekit.table.telling), in the seat's language.
    reader = Reader(view_for(play.s, "ann"), words("sv"))
    assert [reader.line(e) for e in reversed(ann_log)] == [
        "**GM** · strök nedräkningen The bomb",
        "**GM** · strök en nedräkning",
    ]


def test_only_the_gm_strikes_off_a_countdown_and_only_one_in_play() -> None:
    play = _table()
    with pytest.raises(ForbiddenAction):
        play.do(c.RemoveCountdown(countdown_id="bomb"), "ann")
    play.do(c.RemoveCountdown(countdown_id="bomb"))
    with pytest.raises(BadInput):
        play.do(c.RemoveCountdown(countdown_id="bomb"))
    assert [cd["id"] for cd in view_for(play.s, "gm")["scene"]["countdowns"]] == ["radio", "ritual"]
