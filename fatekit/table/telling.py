"""How the log tells each event: one declaration per event type, which every front end reads.

A domain declares beside its events, with :func:`tells`, which catalog key (``event.<key>``)
tells an event and what each named piece of that line shows, read from the event's fields as a
seat receives them (:func:`fatekit.table.event_for`). The declaration is data, not code: Discord
reads it in Python (:mod:`fatekit.discord.lines`) and the page reads it as JSON
(``fatekit/web/js/told.js``, written by ``make docs`` from :func:`told_json`), so a new event
is told the same way in the channel and the page's log with no line written twice.

Each :class:`Piece` names one thing both front ends know how to show, in the reader's language,
from what that reader may see: a character, a seat, an aspect by id, a skill, a rating, dice,
typed text, a catalog word... A front end that meets a piece it does not know fails its tests.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from fatekit.table.base import Event

__all__ = [
    "TOLD",
    "Case",
    "Line",
    "Piece",
    "When",
    "aspect",
    "aspects",
    "conditions",
    "count",
    "dice",
    "either",
    "milestone",
    "names",
    "number",
    "outcome",
    "preset",
    "rating",
    "seat",
    "skill",
    "skills",
    "stunts",
    "tells",
    "tells_after",
    "text",
    "told_json",
    "track",
    "when",
    "who",
    "word",
]

#: What a piece shows (the front ends implement each):
#: ``who`` a character's name (the GM for none); ``seat`` a seat's name; ``aspect`` an aspect by
#: id (a hidden one said so); ``aspects`` a list of aspect ids, each so, joined; ``skill`` a skill's name (none: any skill); ``track`` a stress
#: track's name; ``rating`` a number on the ladder (none: hidden); ``preset`` a preset's name;
#: ``milestone`` a milestone's name as the table's advancement calls it; ``dice`` the faces
#: rolled (and a defender's, ``also``; none: hidden); ``text`` what people typed, in a ``style``
#: (none: the catalog's ``fallback``); ``names`` a list of typed names (each list item's
#: ``item``) joined; ``conditions`` the rule set's conditions by key (a key or a list of them),
#: each named as the rule set names it in the reader's language (none: the name the event
#: recorded, in ``also``), joined; ``skills`` a list of skill keys joined; ``word`` the catalog's word
#: ``prefix + value`` (none: ``prefix + fallback``, or nothing; no field: ``prefix``); ``number`` the value as it is
#: (none: ``fallback``); ``count`` how many items a list holds; ``outcome`` a roll's chosen
#: outcome with the names of the aspect and boosts it made; ``stunts`` the stunts a roll applied,
#: each name as table text (one the reader may not see: the catalog's ``stunt.unnamed``), in the
#: catalog's ``event.with_stunts`` (none applied: nothing); ``either`` the first of ``choices``
#: whose condition holds, else ``otherwise``.
Kind = Literal[
    "who",
    "seat",
    "aspect",
    "aspects",
    "skill",
    "track",
    "rating",
    "preset",
    "milestone",
    "dice",
    "text",
    "names",
    "conditions",
    "skills",
    "word",
    "number",
    "count",
    "outcome",
    "stunts",
    "either",
]

#: How typed text stands out: plain, as an aspect's name, quoted, or strong.
Style = Literal["", "aspect", "quote", "strong"]

#: A condition on one field: ``set`` a value that is not empty, false or zero; ``null`` no value
#: (``None``, given as such); ``given`` a value other than ``None``; ``text`` a string (even
#: empty); ``is`` equal to ``value``.
Test = Literal["set", "null", "given", "text", "is"]


class When(msgspec.Struct, frozen=True, omit_defaults=True):
    """A condition on one of the event's fields (a dotted path: ``extreme.name``)."""

    field: str
    test: Test = "set"
    value: str = ""


class Piece(msgspec.Struct, frozen=True, omit_defaults=True):
    """One named piece of a line: what it shows (``kind``) of which field (a dotted path)."""

    kind: Kind
    field: str = ""
    style: Style = ""
    prefix: str = ""
    fallback: str = ""
    also: str = ""
    item: str = ""
    choices: tuple[tuple[tuple[When, ...], Piece], ...] = ()
    otherwise: Piece | None = None


class Case(msgspec.Struct, frozen=True, omit_defaults=True):
    """A catalog key (``{field}`` replaced by the field's value) and when it is the one."""

    key: str
    when: tuple[When, ...] = ()


class Line(msgspec.Struct, frozen=True, omit_defaults=True):
    """How the log tells one event type: the first case whose conditions all hold gives the key;
    the pieces fill the key's text (a key whose text does not name a piece leaves it out);
    ``after``: pieces said after that text, each one that says something (a roll's stunts)."""

    cases: tuple[Case, ...]
    pieces: dict[str, Piece] = {}
    after: tuple[Piece, ...] = ()


#: Every event type's line, by type name, as the domains declare them.
TOLD: dict[str, Line] = {}


def tells(event: type[Event], key: str | tuple[Case, ...], /, **pieces: Piece) -> None:
    """Declare how the log tells the events of type ``event``: one key, or cases (the first that
    holds), and the pieces its text names. An event type is told once."""
    name = event.__name__
    if name in TOLD:
        raise ValueError(f"{name} is already told")
    cases = (Case(key),) if isinstance(key, str) else key
    if not cases or cases[-1].when:
        raise ValueError(f"{name}: the last case must hold always")
    TOLD[name] = Line(cases, pieces)


def tells_after(event: type[Event], /, *pieces: Piece) -> None:
    """Declare what the log says after the line of ``event`` (told already), whatever case
    its text is: each of ``pieces`` that says something (a roll's stunts)."""
    line = TOLD[event.__name__]
    TOLD[event.__name__] = Line(line.cases, line.pieces, line.after + pieces)


def when(key: str, *conditions: When | str) -> Case:
    """A case: ``key`` when every condition holds (a bare field name: that field is set)."""
    return Case(key, tuple(When(c) if isinstance(c, str) else c for c in conditions))


def who(field: str) -> Piece:
    return Piece("who", field)


def seat(field: str) -> Piece:
    return Piece("seat", field)


def aspect(field: str) -> Piece:
    return Piece("aspect", field)


def aspects(field: str) -> Piece:
    return Piece("aspects", field)


def skill(field: str) -> Piece:
    return Piece("skill", field)


def track(field: str) -> Piece:
    return Piece("track", field)


def rating(field: str) -> Piece:
    return Piece("rating", field)


def preset(field: str) -> Piece:
    return Piece("preset", field)


def milestone(field: str) -> Piece:
    return Piece("milestone", field)


def dice(field: str, also: str = "") -> Piece:
    return Piece("dice", field, also=also)


def text(field: str, style: Style = "", fallback: str = "") -> Piece:
    return Piece("text", field, style=style, fallback=fallback)


def names(field: str, item: str = "", style: Style = "") -> Piece:
    return Piece("names", field, style=style, item=item)


def conditions(field: str, recorded: str) -> Piece:
    """The rule set's conditions by key, named in the reader's language (``recorded``: the
    field of the names the event kept, said when the rule set has no name for a key)."""
    return Piece("conditions", field, style="aspect", also=recorded)


def skills(field: str) -> Piece:
    return Piece("skills", field)


def word(prefix: str, field: str = "", fallback: str = "") -> Piece:
    """The catalog's word ``prefix + value`` (no field: the word ``prefix`` itself)."""
    return Piece("word", field, prefix=prefix, fallback=fallback)


def number(field: str, fallback: str = "") -> Piece:
    return Piece("number", field, fallback=fallback)


def count(field: str) -> Piece:
    return Piece("count", field)


def outcome(field: str) -> Piece:
    return Piece("outcome", field)


def stunts(field: str) -> Piece:
    """The stunts a roll applied (names, ``None`` for one the reader may not see), after its
    line: the same words on the page and in Discord, whatever the roll's own line says."""
    return Piece("stunts", field, style="strong", prefix="event.with_stunts")


def either(*choices: tuple[When | str, Piece], otherwise: Piece) -> Piece:
    """The first piece whose condition holds, else ``otherwise``."""
    return Piece(
        "either",
        choices=tuple(((When(c) if isinstance(c, str) else c,), p) for c, p in choices),
        otherwise=otherwise,
    )


def told_json() -> bytes:
    """Every line as JSON, by event type, for the page (sorted, so the file changes only when a
    line does)."""
    return msgspec.json.format(msgspec.json.encode(dict(sorted(TOLD.items()))), indent=2)
