"""The campaign's setting, as game creation makes it ("Getting Started"), and the aspects that
outlast scenes ("Other Kinds of Aspects"): the setting's name and what it is about, its issues
(current and impending) as setting aspects, its faces and places (a secret one the GM's alone),
scenario aspects until the GM closes the scenario, and organization aspects with the characters
who belong to each organization. All of it carries across sessions; the GM edits it.
"""

from __future__ import annotations

from dataclasses import dataclass

import msgspec

from fatekit.formats.ids import id_from_name
from fatekit.rules.aspects.aspects import AspectKind
from fatekit.rules.aspects.lasting import Issue
from fatekit.rules.core.errors import BadInput
from fatekit.table import telling as say
from fatekit.table.base import Command, Event
from fatekit.table.deciding import Context, decides
from fatekit.table.facts import assign_facts, facts_of
from fatekit.table.folding import assigns, check_created, folds, judges
from fatekit.table.parts import AspectPart, Part
from fatekit.table.regions import Region, moves, writes
from fatekit.table.seeing import JSON, Viewer
from fatekit.table.showing import shown_whole, shows
from fatekit.table.state import EntryKind, SettingEntry, TableState
from fatekit.table.telling import tells, when
from fatekit.table.upcasting import older

__all__ = [
    "AddLastingAspect",
    "CloseScenario",
    "DescribeSetting",
    "LastingAspectAdded",
    "MembershipSet",
    "PutSettingEntry",
    "RemoveSettingEntry",
    "ScenarioClosed",
    "SetMembership",
    "SettingDescribed",
    "SettingEntryPut",
    "SettingEntryRemoved",
    "setting_view",
]

MAX_NAME = 200  # a setting's, a face's, a place's or an organization's name
MAX_TEXT = 2_000  # what the setting is about, or what the GM writes of a face or a place

# -- commands ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class DescribeSetting(Command):
    """Name the campaign's setting and say what it is about (GM only); again, to change them."""

    name: str
    summary: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class AddLastingAspect(Command):
    """Put an aspect that outlasts scenes in play (GM only): a ``setting`` aspect (an ``issue``
    of the setting, current or impending, or another of its themes), a ``scenario`` aspect, or
    an ``organization`` aspect of the ``organization`` named."""

    name: str
    kind: AspectKind
    issue: Issue | None = None
    organization: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class CloseScenario(Command):
    """The scenario's part of the story is over: its aspects leave play (GM only)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SetMembership(Command):
    """Make a character a member of ``organization`` (``member=False``: no longer) (GM only)."""

    character_id: str
    organization: str
    member: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class PutSettingEntry(Command):
    """Write a face or a place of the setting (GM only); the same ``entry_id`` rewrites it, a
    blank one makes a new id from the name. A ``secret`` one only GM seats see."""

    entry_id: str = ""
    kind: EntryKind
    name: str
    text: str = ""
    secret: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class RemoveSettingEntry(Command):
    """Strike a face or a place from the setting (GM only)."""

    entry_id: str


# -- events ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class SettingDescribed(Event):
    """The setting was named and described."""

    name: str
    summary: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LastingAspectAdded(Event):
    """A setting, scenario or organization aspect came into play under ``aspect_id``."""

    aspect_id: str
    name: str
    kind: AspectKind
    issue: Issue | None
    organization: str | None


@dataclass(frozen=True, slots=True, kw_only=True)
class ScenarioClosed(Event):
    """The scenario closed; ``removed`` are the scenario aspects that left play with it."""

    removed: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class MembershipSet(Event):
    """A character joined an organization, or left it."""

    character_id: str
    organization: str
    member: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class SettingEntryPut(Event):
    """A face or a place was written (or rewritten) under ``entry_id``."""

    entry_id: str
    kind: EntryKind
    name: str
    text: str
    secret: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class SettingEntryRemoved(Event):
    """A face or a place was struck out; ``secret`` says whether it was the GM's alone then."""

    entry_id: str
    secret: bool


# -- who may, and the events a command becomes -------------------------------------------------


def _name(text: str, what: str) -> str:
    name = text.strip()
    if not name or len(name) > MAX_NAME:
        raise BadInput(
            f"{what} needs a name of 1 to {MAX_NAME} characters",
            code="setting_name",
            limit=str(MAX_NAME),
        )
    return name


def _text(text: str) -> str:
    if len(text) > MAX_TEXT:
        raise BadInput(
            f"at most {MAX_TEXT} characters, please", code="setting_text", limit=str(MAX_TEXT)
        )
    return text.strip()


@decides(DescribeSetting, gm="describe the setting")
def _describe(context: Context, command: DescribeSetting) -> list[Event]:
    return [
        context.event_from(
            SettingDescribed,
            command,
            name=_name(command.name, "the setting"),
            summary=_text(command.summary),
        )
    ]


@decides(AddLastingAspect, gm="add setting, scenario and organization aspects")
def _add_lasting(context: Context, command: AddLastingAspect) -> list[Event]:
    if command.issue is not None and command.kind is not AspectKind.SETTING:
        raise BadInput("only a setting aspect is one of the setting's issues", code="issue_kind")
    organization = None
    if command.organization is not None and command.organization.strip():
        organization = _name(command.organization, "the organization")
    return [
        context.event_from(
            LastingAspectAdded,
            command,
            aspect_id="",
            name=_name(command.name, "the aspect"),
            organization=organization,
        )
    ]


@decides(SetMembership, gm="say who belongs to an organization")
def _set_membership(context: Context, command: SetMembership) -> list[Event]:
    organization = _name(command.organization, "the organization")
    return [context.event_from(MembershipSet, command, organization=organization)]


@decides(PutSettingEntry, gm="write the setting's faces and places")
def _put_entry(context: Context, command: PutSettingEntry) -> list[Event]:
    name = _name(command.name, f"a {command.kind.value}")
    entries = context.state.setting.entries
    chosen = command.entry_id.strip() or id_from_name(name, entries, fallback=command.kind.value)
    return [
        context.event_from(
            SettingEntryPut, command, entry_id=chosen, name=name, text=_text(command.text)
        )
    ]


@decides(RemoveSettingEntry, gm="strike the setting's faces and places")
def _remove_entry(context: Context, command: RemoveSettingEntry) -> list[Event]:
    entry = context.state.setting.entries.get(command.entry_id)
    if entry is None:
        raise BadInput(f"the setting has no face or place {command.entry_id!r}")
    return [context.event_from(SettingEntryRemoved, command, secret=entry.secret)]


@decides(CloseScenario, gm="close the scenario")
def _close_scenario(context: Context, command: CloseScenario) -> list[Event]:
    closing = tuple(a.id for a in context.state.game.lasting if a.kind is AspectKind.SCENARIO)
    return [context.event_from(ScenarioClosed, command, removed=closing)]


# -- the fold ----------------------------------------------------------------------------------


@assigns(SettingDescribed)
def _described(state: TableState, event: SettingDescribed) -> None:
    state.setting.name = event.name
    state.setting.summary = event.summary


@judges(LastingAspectAdded)
def _judge_lasting_added(state: TableState, event: LastingAspectAdded) -> None:
    if event.issue is not None and event.kind is not AspectKind.SETTING:
        raise BadInput("only a setting aspect is one of the setting's issues", code="issue_kind")
    aspect = state.game.lasting.add(event.name, event.kind, organization=event.organization)
    check_created(event.aspect_id, aspect.id)
    _lasting_issue(state, event, aspect.id)


@folds(LastingAspectAdded)
def _lasting_added(state: TableState, event: LastingAspectAdded) -> None:
    assign_facts(state, facts_of(event))  # the aspect, as it was made
    _lasting_issue(state, event, event.aspect_id)


@older(LastingAspectAdded)
def _lasting_added_older(state: TableState, event: LastingAspectAdded) -> None:
    aspect = state.game.lasting.add(event.name, event.kind, organization=event.organization)
    _lasting_issue(state, event, aspect.id)


def _lasting_issue(state: TableState, event: LastingAspectAdded, aspect_id: str) -> None:
    if event.issue is not None:
        state.setting.issues[aspect_id] = event.issue
    state.last_created = (aspect_id,)


@judges(ScenarioClosed)
def _judge_scenario_closed(state: TableState, event: ScenarioClosed) -> None:
    closed = tuple(a.id for a in state.game.lasting.close_scenario())
    if event.removed != closed:
        raise BadInput(f"the log says {event.removed} left play, the rules took {closed}")


@folds(ScenarioClosed)
def _scenario_closed(state: TableState, event: ScenarioClosed) -> None:
    assign_facts(state, facts_of(event))  # the scenario's aspects gone


@older(ScenarioClosed)
def _scenario_closed_older(state: TableState, event: ScenarioClosed) -> None:
    state.game.lasting.close_scenario()


@judges(MembershipSet)
def _judge_membership_set(state: TableState, event: MembershipSet) -> None:
    state.require_character(event.character_id)
    _membership_set(state, event)


@assigns(MembershipSet)
def _membership_set(state: TableState, event: MembershipSet) -> None:
    state.game.lasting.set_member(event.character_id, event.organization, event.member)


@assigns(SettingEntryPut)
def _entry_put(state: TableState, event: SettingEntryPut) -> None:
    state.setting.entries[event.entry_id] = SettingEntry(
        event.kind, event.name, event.text, event.secret
    )


@judges(SettingEntryRemoved)
def _judge_entry_removed(state: TableState, event: SettingEntryRemoved) -> None:
    if event.entry_id not in state.setting.entries:
        raise BadInput(f"the setting has no face or place {event.entry_id!r}")
    _entry_removed(state, event)


@assigns(SettingEntryRemoved)
def _entry_removed(state: TableState, event: SettingEntryRemoved) -> None:
    state.setting.entries.pop(event.entry_id, None)


writes({Region.SETTING}, SettingDescribed, SettingEntryPut, SettingEntryRemoved)
# An organization's members: the setting's, and each member's sheet.
writes({Region.SETTING, Region.CHARACTERS}, MembershipSet)
# A lasting aspect added (and its issue, SETTING), a scenario's aspects closed: their facts.
moves((), LastingAspectAdded, ScenarioClosed)


# -- what each seat sees -----------------------------------------------------------------------

shown_whole(SettingDescribed, LastingAspectAdded, ScenarioClosed)


@shows(SettingEntryPut)
def _show_entry(viewer: Viewer, event: SettingEntryPut, data: JSON) -> JSON | None:
    # A secret face or place is the GM's: the event that wrote it reaches GM seats only.
    return None if event.secret and not viewer.gm else data


@shows(SettingEntryRemoved)
def _show_entry_removed(viewer: Viewer, event: SettingEntryRemoved, data: JSON) -> JSON | None:
    return None if event.secret and not viewer.gm else data


@shows(MembershipSet)
def _show_membership(viewer: Viewer, event: MembershipSet, data: JSON) -> JSON | None:
    # Who an NPC works for is part of its sheet: players learn it once the sheet is theirs to see.
    return data if viewer.sees_sheet(event.character_id) else None


class SettingAspectPart(AspectPart, kw_only=True):
    """A lasting aspect of the setting: a setting aspect's issue, an organization aspect's
    organization."""

    issue: Issue | None
    organization: str | None


class EntryPart(Part, kw_only=True):
    """A face or a place of the setting."""

    id: str
    kind: EntryKind
    name: str
    text: str
    secret: bool


class OrganizationPart(Part, kw_only=True):
    """An organization, and its members whose sheets the seat may see."""

    name: str
    members: list[str]


class SettingPart(Part, kw_only=True):
    """The setting as the seat sees it."""

    name: str
    summary: str
    aspects: list[SettingAspectPart]
    entries: list[EntryPart]
    organizations: list[OrganizationPart]


def setting_view(viewer: Viewer) -> SettingPart:
    """The setting as the seat sees it: its name and summary, the lasting aspects (each
    setting aspect's issue, each organization aspect's organization), the faces and places not
    kept secret from it, and each organization's members whose sheets it may see."""
    state = viewer.state
    setting = state.setting
    lasting = state.game.lasting
    named = {a.organization for a in lasting if a.organization is not None}
    return SettingPart(
        name=setting.name,
        summary=setting.summary,
        aspects=[
            SettingAspectPart(
                **msgspec.structs.asdict(viewer.aspect(aspect)),
                issue=setting.issues.get(aspect.id),
                organization=aspect.organization,
            )
            for aspect in lasting
            if viewer.sees_aspect(aspect)
        ],
        entries=[
            EntryPart(
                id=entry_id,
                kind=entry.kind,
                name=entry.name,
                text=entry.text,
                secret=entry.secret,
            )
            for entry_id, entry in setting.entries.items()
            if viewer.gm or not entry.secret
        ],
        organizations=[
            OrganizationPart(name=org, members=shown)
            for org in sorted(set(lasting.memberships) | named)
            # an organization only hidden NPCs belong to, with no aspect in play, stays unnamed
            if (
                shown := sorted(m for m in lasting.memberships.get(org, ()) if viewer.sees_sheet(m))
            )
            or org in named
        ],
    )


# How the log tells this domain's events (the page and Discord read the same declaration).
tells(SettingDescribed, "SettingDescribed", name=say.text("name"))
tells(
    LastingAspectAdded,
    "LastingAspectAdded.{kind}",
    aspect=say.text("name", "aspect"),
    organization=say.text("organization"),
)
tells(ScenarioClosed, "ScenarioClosed")
tells(
    MembershipSet,
    (when("MembershipSet", "member"), when("MembershipSet.left")),
    who=say.who("character_id"),
    organization=say.text("organization"),
)
tells(SettingEntryPut, "SettingEntryPut.{kind}", name=say.text("name"))
tells(SettingEntryRemoved, "SettingEntryRemoved")
