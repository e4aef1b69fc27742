"""Every event declares what a seat receives of it (fatekit.table.showing), beside how it is
decided and folded; an event without a declaration is never shown to anyone but a GM."""

from __future__ import annotations

import dataclasses

import pytest

from fatekit.table import event_for
from fatekit.table.base import ActorRolled, NamesAspect
from fatekit.table.events import EVENT_TYPES, Event, NoteAdded
from fatekit.table.seats import NoteVisibility
from fatekit.table.showing import SHOWS, is_whole, shown_whole

from .conftest import Play  # type: ignore[import-not-found]

#: Fields that hold or decide a secret: an event carrying one is never shown whole.
SECRET_BEARING = {
    "faces",
    "defend_faces",
    "npc_dice_hidden",
    "aspect_sight",
    "hidden_difficulty",
    "known_to",
}


def test_every_event_type_declares_who_sees_it() -> None:
    undeclared = sorted(name for name, kind in EVENT_TYPES.items() if kind not in SHOWS)
    assert undeclared == []
    assert len(SHOWS) == len(EVENT_TYPES)  # nothing declared for a type the log cannot hold


@pytest.mark.parametrize("name", sorted(n for n, k in EVENT_TYPES.items() if is_whole(k)))
def test_an_event_shown_whole_carries_no_secret(name: str) -> None:
    kind = EVENT_TYPES[name]
    fields = {f.name for f in dataclasses.fields(kind)}
    assert not fields & SECRET_BEARING, (
        f"{name} is shown whole but records {fields & SECRET_BEARING}"
    )
    # Dice and aspects that may be hidden go through a redaction that reads their typed fields.
    assert not issubclass(kind, ActorRolled | NamesAspect)


@dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
class Whispered(Event):
    """An event some new domain forgot to declare."""

    secret: str


def test_an_undeclared_event_reaches_only_the_gm(play: Play) -> None:
    event = Whispered(table_id="t1", version=play.s.version + 1, seat="gm", at="now", secret="x")
    assert Whispered not in SHOWS
    for seat in ("ann", "ben", "sam"):
        assert event_for(event, play.s, seat) is None
    shown = event_for(event, play.s, "gm")
    assert shown is not None and shown["data"] == {"secret": "x"}


def test_a_type_is_declared_once() -> None:
    with pytest.raises(TypeError, match="already has a declared visibility"):
        shown_whole(NoteAdded)


def test_a_declared_redaction_decides_for_players(play: Play) -> None:
    gm_note = NoteAdded(
        table_id="t1",
        version=play.s.version + 1,
        seat="gm",
        at="now",
        note_id="n1",
        text="the butler did it",
        visibility=NoteVisibility.GM,
    )
    assert event_for(gm_note, play.s, "ann") is None
    shown = event_for(gm_note, play.s, "gm")
    assert shown is not None and shown["data"]["text"] == "the butler did it"
