"""Characters from Fari and Foundry VTT at a table, and sheets downloaded in their formats.

:data:`router` holds these endpoints, at module level like :mod:`fatekit.server.routes`;
:func:`fatekit.server.app.create_app` includes it:

- ``POST /tables/{id}/characters/import``: a file's text (a Fari sheet, a Foundry VTT actor of
  the Fate Core Official system, or a fatekit character file) read for the table's preset, with
  the report of what had no place on the sheet and the rules' problems. With ``dry_run`` that is
  all; otherwise the character is brought in by the table's ``AddCharacter`` command, so the
  table's rules and seat permissions decide, exactly as for a sheet made on the page;
- ``GET /tables/{id}/characters/{character_id}/export/{fari|foundry}``: a character the seat may
  see whole, written for Fari or for Foundry VTT.

Bad files are answered 422 with a message; the app's body limit answers 413 for huge ones.
"""

# No ``from __future__ import annotations``: FastAPI reads the routes' annotations at run time.

import asyncio
import json
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Path
from pydantic import BaseModel, ConfigDict, Field

from fatekit.formats import character_from_dict
from fatekit.formats.harm_fit import fit_to_conditions
from fatekit.formats.interop import export_character, import_character
from fatekit.rules import (
    BadInput,
    CharacterKind,
    ForbiddenAction,
    IllegalAction,
    OptionalRule,
    Preset,
    validate,
)
from fatekit.server.deps import At, Service
from fatekit.server.service import Caller, TableService
from fatekit.table import SEAT_RULE, Role, handle
from fatekit.table.commands import AddCharacter
from fatekit.table.deciding import allowed
from fatekit.table.events import CharacterAdded
from fatekit.table.play.people import (
    check_adds_for,
    check_adds_kind,
    check_hides_aspects,
    check_owner_kind,
)
from fatekit.table.seats import Seat

__all__ = ["ImportIn", "Imported", "read_import", "router"]


class ImportIn(BaseModel):
    """A character file to bring to the table, and how."""

    model_config = ConfigDict(extra="forbid")
    content: str = Field(description="The file's text, as read from disk")
    source: Literal["fari", "foundry", "fatekit"] | None = Field(
        None, description="The file's format (recognised if absent)"
    )
    preset: str | None = Field(None, description="Read it for this preset (the table's if absent)")
    kind: CharacterKind | None = Field(
        None, description="Bring it in as this kind, one the seat may add (a PC otherwise)"
    )
    owner: str | None = Field(
        None, description="The player seat a PC or an extra belongs to (a player's: its own)"
    )
    hidden: list[Annotated[int, Field(ge=0, le=200)]] | None = Field(
        None,
        max_length=200,
        description="The sheet's aspects kept from the players, by position (0 first; GM "
        "only); left out, every aspect of an NPC (its trouble too) and none of a PC's",
    )
    dry_run: bool = Field(False, description="Only read it and report; add nothing")


def _hidden(wanted: list[int] | None, kind: str, aspects: int, seat: Seat) -> list[int]:
    """Which of the sheet's aspects (by position) the players may not see: those asked for, if
    the seat may hide any (AddCharacter's own check); left out, every aspect of an NPC the seat
    may hide and none of a PC's."""
    if wanted is None:
        hides = kind != CharacterKind.PC.value and allowed(check_hides_aspects, seat)
        return list(range(aspects)) if hides else []
    check_hides_aspects(seat)
    beyond = [p for p in wanted if p >= aspects]
    if beyond:
        raise BadInput(f"the sheet has {aspects} aspects; there is no aspect {beyond[0] + 1}")
    return sorted(set(wanted))


@dataclass(frozen=True, slots=True)
class Imported:
    """A character file read for a table: the sheet to add, the import's report, the engine's
    problems with it, its owner, and its aspects kept from the players (positions and ids)."""

    sheet: dict[str, Any]
    report: dict[str, Any]
    problems: list[dict[str, str]]
    owner: str | None
    hidden: list[int]
    hidden_ids: list[str]
    #: Why bringing it in is refused (its conditions, modes or powers break the rule set; the
    #: engine's problems are ``report["refused"]``), or "" when it may be brought in.
    refusal: str = ""

    def refuse(self) -> None:
        """Refuse bringing it in, if its report says so: nothing half applied."""
        if self.refusal:
            raise BadInput(self.refusal, code="import_refused", game=self.report["preset"])

    def command(self) -> dict[str, Any]:
        """The ``AddCharacter`` that brings it in (the table gives its id)."""
        return {
            "sheet": json.dumps(self.sheet, ensure_ascii=False),
            "owner": self.owner,
            "hidden_aspects": self.hidden_ids,
        }


def read_import(service: TableService, caller: Caller, body: ImportIn) -> Imported:
    """Read a character file for the caller's table (blocking; no change to the table). A
    player's character is always their own PC. Shared by the page's import and the Discord
    front door's ``/character``."""
    state = service.repo.load(caller.table_id)
    seat = state.seat(caller.seat)
    if not seat.is_gm and seat.role is not Role.PLAYER:
        raise ForbiddenAction("only the GM and players bring characters in", SEAT_RULE)
    preset: str | Preset = body.preset or state.ruleset.preset.key.split("+", 1)[0]
    if state.ruleset_file is not None and body.preset is None:
        preset = state.ruleset.preset  # only the table knows its rule-set file
    imported = import_character(body.content, body.source, preset)
    sheet = dict(imported.data)
    report = imported.report
    if state.ruleset.has(OptionalRule.CONDITIONS):
        # Conditions replace consequences: what is written goes into the description, said in
        # the report, rather than a refusal of the whole sheet.
        report = fit_to_conditions(sheet, report)
    # The kind asked for (or the sheet's own) where the seat may add it, as AddCharacter's
    # check says (you.adds); otherwise a PC, the one kind every player adds.
    wanted = body.kind or CharacterKind(sheet.get("kind", "major_npc"))
    kind = wanted if allowed(check_adds_kind, seat, wanted) else CharacterKind.PC
    sheet["kind"] = kind.value
    loaded = character_from_dict(
        sheet, preset if state.ruleset_file is not None and body.preset is None else None
    )
    problems = [p.to_json() for p in validate(loaded.character, loaded.preset)]
    owner = body.owner
    if owner is None and not allowed(check_adds_for, state, seat, None):
        owner = caller.seat  # a seat that may not add the GM's adds its own
    if not allowed(check_owner_kind, kind, owner):
        owner = None  # an NPC is the GM's
    aspects = loaded.character.aspects
    hidden = _hidden(body.hidden, sheet["kind"], len(aspects), seat)
    hidden_ids = [aspects[p].id for p in hidden]
    if body.dry_run:
        # What bringing it in would meet at this table (its optional rules, the seat's rights):
        # the preview says so, rather than "legal" and then a refusal.
        adding = AddCharacter(
            sheet=json.dumps(sheet, ensure_ascii=False),
            owner=owner,
            hidden_aspects=tuple(hidden_ids),
        )
        try:
            handle(state, adding, seat=caller.seat)
        except IllegalAction as refused:
            problems.append(
                {
                    "where": "sheet",
                    "detail": refused.reason,
                    "rule": refused.rule.key,
                    "code": "",
                    "args": {},
                }
            )
    return Imported(sheet, report.as_json(), problems, owner, hidden, hidden_ids, report.refusal())


router = APIRouter()


@router.post(
    "/tables/{table_id}/characters/import",
    summary="Bring in a character from Fari, Foundry VTT or a fatekit file",
)
async def import_at_table(caller: At, service: Service, body: ImportIn) -> dict[str, Any]:
    found = await asyncio.to_thread(read_import, service, caller, body)
    out: dict[str, Any] = {
        "report": found.report,
        "problems": found.problems,
        "sheet": found.sheet,
        "hidden": found.hidden,
    }
    if body.dry_run:
        return {**out, "added": False}
    found.refuse()
    # The table gives the id (the sheet's own, or one made from its name when that is taken).
    executed, _ = await service.command(caller, "AddCharacter", found.command())
    added = executed.events[-1]
    assert isinstance(added, CharacterAdded)
    return {**out, "added": True, "character_id": added.character_id, "version": added.version}


@router.get(
    "/tables/{table_id}/characters/{character_id}/export/{target}",
    summary="A character written for Fari or Foundry VTT, if your seat may see the whole sheet",
)
async def export_for(
    caller: At,
    service: Service,
    character_id: Annotated[str, Path(min_length=1)],
    target: Literal["fari", "foundry"],
) -> dict[str, Any]:
    sheet = await service.export_character(caller, character_id)
    # At a table playing a rule-set file, the sheet is read under it (only the table knows it).
    own = await service.read(
        caller, lambda state, seat: state.ruleset.preset if state.ruleset_file else None
    )
    return export_character(character_from_dict(sheet, own), target)
