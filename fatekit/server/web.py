"""The browser table: the page, its static files and catalogs, and the read-only helpers it asks.

:data:`router` holds the endpoints, at module level like :mod:`fatekit.server.routes`;
:func:`fatekit.server.app.create_app` includes it, mounts :data:`PAGE_FOLDERS` as static files,
and adds :class:`PageForBrowsers`, the middleware that answers ``GET /`` for a browser
(``Accept: text/html``) with the page (``fatekit/web/index.html``) while other clients keep the
JSON description the app answers there:

- ``/web/...``: the page's scripts, styles, icons and web app manifest; ``/i18n/{lang}.json``:
  the catalogs;
- ``GET /sw.js``: the page's service worker (``fatekit/web/sw.js``), which keeps those files and
  nothing else, headed by their list and a version that changes with any of them (which files,
  named how, and cached how: :mod:`fatekit.server.pagefiles`);
- ``GET /rules/presets/{key}``: what a character sheet of a preset holds (skill keys, aspect
  slots, refresh, consequence slots, the ladder's keys, the optional rules), with another skill
  list (``?skill_list=``) when the table plays with one;
- ``GET /rules/rulesets/{key}``: a built-in preset's own rule-set file, for the page's rule-set
  editor to start a hack from (with ``?skill_list=``, as a table playing that alternative list
  has it, the preset's shape kept for the GM to change); ``POST /rules/rulesets/check``: a
  rule-set file checked, with what a new character under it holds or every problem;
- ``POST /rules/characters/check``: a character file checked by the rules engine, with every
  problem (rule key and place) and the sheet as the engine completes it (stress, consequences);
- ``GET /tables/{id}/odds``: the exact chances of a roll before it is made (``fatekit.odds``),
  counting the bonuses of the stunts that apply (``Stunt.bonus_for``);
- ``GET /tables/{id}/invokes``: for the roll in play (or, with ``?on_target=``, the defence of
  that aimed target of a split or zone attack), what a character may invoke (each aspect
  checked by the engine) and ``fatekit.odds``'s advice on spending them.

None of these changes a table, and none holds a rule: they ask :mod:`fatekit.rules` and
:mod:`fatekit.odds`, so the page never works out a rule or a probability itself.
"""

# No ``from __future__ import annotations``: FastAPI reads the routes' annotations at run time.

import json
from collections.abc import Awaitable, Callable
from contextlib import suppress
from functools import cache
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from fatekit.formats.character_json import (
    LoadedCharacter,
    character_from_dict,
    character_to_dict,
    stunt_field_problems,
    template,
)
from fatekit.formats.ruleset import ruleset_from_dict, ruleset_with_list
from fatekit.rules.characters.character import refit_harm
from fatekit.rules.characters.combined_rolls import is_combined
from fatekit.rules.characters.modes import ModeShape
from fatekit.rules.characters.preset import Preset
from fatekit.rules.characters.presets import PRESETS, builtin_text, get_preset
from fatekit.rules.characters.problems import Problem
from fatekit.rules.characters.ruleset_data import RulesetProblems
from fatekit.rules.characters.validation import validate
from fatekit.rules.core.actions import Action
from fatekit.rules.core.errors import BadInput, IllegalAction
from fatekit.rules.core.ladder import LADDER
from fatekit.rules.options.ruleset import OptionalRule, Ruleset, ruled_out
from fatekit.rules.options.scale import ScaleBenefit
from fatekit.rules.scenes.conflict import ConflictKind
from fatekit.server.deps import At, Service
from fatekit.server.pagefiles import I18N_DIR, LANGUAGES, WEB_DIR, KeptFiles, PageFiles
from fatekit.table.extras import extras_for
from fatekit.table.offers import invoke_options, roll_odds
from fatekit.table.play.people import parse_sheet
from fatekit.table.state import TableState

__all__ = [
    "I18N_DIR",
    "LANGUAGES",
    "WEB_DIR",
    "PageFiles",
    "PageForBrowsers",
    "page_folders",
    "router",
]


class PageForBrowsers:
    """Serve the page at ``/`` to browsers; every other request goes on to the app.

    A middleware rather than a route, so that API clients asking ``/`` still get the JSON the
    app describes itself with.
    """

    def __init__(self, app: ASGIApp, pages: PageFiles) -> None:
        self.app = app
        self.pages = pages

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET" and scope["path"] == "/":
            accept = dict(scope["headers"]).get(b"accept", b"")
            if b"text/html" in accept:
                page = Response(
                    self.pages.page(),
                    media_type="text/html",
                    # Asked again each time: it names the current files.
                    headers={"cache-control": "no-cache"},
                )
                await page(scope, receive, send)
                return
        await self.app(scope, receive, send)


class CharacterCheck(BaseModel):
    """A character file to check, with the table's preset when the file names none."""

    model_config = ConfigDict(extra="forbid")
    sheet: dict[str, Any] = Field(description="A character file (see docs/characters.md)")
    preset: str | None = Field(None, description="Check against this preset instead")


def page_folders(pages: PageFiles) -> dict[str, KeptFiles]:
    """The page's folders of files at their paths, each served as :class:`KeptFiles` (with
    ETags, content names and cache headers). create_app mounts them on the app itself: FastAPI
    supports a mount only there (an APIRouter's was dropped by ``include_router`` until
    recently; fastapi issue 10180)."""
    return {
        "/web": KeptFiles(pages.web_dir, "/web", pages),
        "/i18n": KeptFiles(pages.i18n_dir, "/i18n", pages),
    }


router = APIRouter()


def pages_of(request: Request) -> PageFiles:
    """The app's page files (create_app keeps them in its state)."""
    pages: PageFiles = request.app.state.pages
    return pages


@router.get("/sw.js", include_in_schema=False)
async def service_worker(request: Request) -> Response:
    # Served from the root, so that the worker's scope is the whole page; never cached by HTTP,
    # so that browsers see a new version as soon as there is one.
    release = pages_of(request).release()
    head = f"const VERSION = {json.dumps(release.version)};\nconst FILES = {json.dumps(release.kept)};\n"
    return Response(
        head + (pages_of(request).web_dir / "sw.js").read_text(encoding="utf-8"),
        media_type="text/javascript",
        headers={"cache-control": "no-cache"},
    )


# -- the endpoints ------------------------------------------------------------------------------


@router.get("/rules/presets/{key}", summary="What a character sheet of a preset holds")
async def preset_info(key: str, skill_list: str | None = None) -> dict[str, Any]:
    preset = get_preset(key)
    if skill_list is not None:
        # The preset as a table playing with another skill list has it.
        preset = Ruleset.of(key, [OptionalRule.CHANGING_SKILL_LIST], skill_list=skill_list).preset
    return _preset_json(key, preset, changed_list=skill_list is not None)


@router.get("/tables/{table_id}/preset", summary="What a sheet of the table's rule set holds")
async def table_preset(caller: At, service: Service) -> dict[str, Any]:
    def work(state: TableState, seat: str) -> dict[str, Any]:
        preset = state.ruleset.preset
        return _preset_json(state.preset, preset, changed_list=state.skill_list is not None)

    return await service.read(caller, work)


@router.get(
    "/rules/rulesets/{key}", summary="A built-in preset as a rule-set file to start a hack from"
)
async def builtin_ruleset(key: str, skill_list: str | None = None) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(builtin_text(key))
    if skill_list is not None:
        # What a table playing the preset with that list plays, the preset's shape kept:
        # the editor's check then says whether the list is long enough for it.
        data = ruleset_with_list(key, skill_list)
    return _named_in_every_language(data)


@router.post(
    "/rules/rulesets/check",
    summary="Check a rule-set file, and what a blank character under it holds",
)
async def check_ruleset(body: dict[str, Any]) -> dict[str, Any]:
    try:
        preset = ruleset_from_dict(body)
    except RulesetProblems as error:
        return {"usable": False, "problems": error.problems}
    return {
        "usable": True,
        "preset": _preset_json(preset.key, preset, changed_list=False),
        "sheet": character_to_dict(template(preset, "new-character", preset.name), preset),
    }


@router.post("/rules/characters/check", summary="Check a character file against the rules")
async def check_character(body: CharacterCheck) -> dict[str, Any]:
    return _field_verdict(
        body.sheet, lambda: _verdict(character_from_dict(body.sheet, body.preset))
    )


@router.post(
    "/tables/{table_id}/characters/check",
    summary="Check a character file against the table's rule set",
)
async def check_table_character(
    caller: At, service: Service, body: CharacterCheck
) -> dict[str, Any]:
    def work(state: TableState, seat: str) -> dict[str, Any]:
        if state.ruleset_file is None:
            return _verdict(character_from_dict(body.sheet, body.preset))
        character = parse_sheet(json.dumps(body.sheet), state)
        return _verdict(LoadedCharacter(character, state.ruleset.preset))

    return await _field_verdict_async(body.sheet, lambda: service.read(caller, work))


@router.get("/tables/{table_id}/odds", summary="The exact chances of a roll, before it is made")
async def odds(
    caller: At,
    service: Service,
    actor: Annotated[str, Query(min_length=1)],
    # Left out only by a PC that counts aspects instead (``counted``, a JSON list of their ids).
    skill: Annotated[str, Query(max_length=200)] = "",
    difficulty: Annotated[int | None, Query(ge=-10, le=20)] = None,
    against: str | None = None,
    defend_skill: str | None = None,
    mental: bool = False,
    action: Annotated[str, Query(pattern="^(overcome|create_advantage|attack)$")] = "overcome",
    bonus: Annotated[int, Query(ge=-10, le=10)] = 0,
    stunts_chosen: Annotated[str | None, Query(alias="stunts", max_length=4000)] = None,
    scale_benefit: ScaleBenefit | None = None,
    weight_claimed: bool = False,
    second_skill: Annotated[str | None, Query(min_length=1, max_length=100)] = None,
    defend_second_skill: Annotated[str | None, Query(min_length=1, max_length=100)] = None,
    counted_text: Annotated[str | None, Query(alias="counted", max_length=4000)] = None,
    defend_counted_text: Annotated[
        str | None, Query(alias="defend_counted", max_length=4000)
    ] = None,
) -> dict[str, Any]:
    chosen = _chosen(stunts_chosen)
    counted = _counted_ids(counted_text, "counted")
    defend_counted = _counted_ids(defend_counted_text, "defend_counted")

    def work(state: TableState, seat: str) -> dict[str, Any]:
        return roll_odds(
            state,
            seat,
            actor=actor,
            skill=skill,
            difficulty=difficulty,
            against=against,
            defend_skill=defend_skill,
            mental=mental,
            action=action,
            bonus=bonus,
            chosen=chosen,
            scale_benefit=scale_benefit,
            weight_claimed=weight_claimed,
            second_skill=second_skill,
            defend_second_skill=defend_second_skill,
            counted=counted,
            defend_counted=defend_counted,
        )

    return await service.read(caller, work)


def _counted_ids(text: str | None, field: str) -> tuple[str, ...] | None:
    """The aspects a PC counts for a roll (The Three Rocketeers), as the page sends them: a
    JSON list of aspect ids, at most 20."""
    if text is None:
        return None
    try:
        ids = json.loads(text)
    except ValueError:
        ids = None
    if (
        not isinstance(ids, list)
        or len(ids) > 20
        or not all(isinstance(i, str) and 0 < len(i) <= 200 for i in ids)
    ):
        raise BadInput(f"{field}: a JSON list of aspect ids")
    return tuple(ids)


def _chosen(text: str | None) -> tuple[str, ...] | None:
    """The stunts a roll's player chose, as the page sends them (a JSON list of names)."""
    if text is None:
        return None
    try:
        names = json.loads(text)
    except ValueError:
        names = None
    if not isinstance(names, list) or not all(
        isinstance(n, str) and 0 < len(n) <= 200 for n in names
    ):
        raise BadInput("stunts: a JSON list of stunt names")
    return tuple(names)


@router.get(
    "/tables/{table_id}/invokes",
    summary="What a character may invoke on the roll in play, and the odds' advice",
)
async def invokes(
    caller: At,
    service: Service,
    by: Annotated[str, Query(min_length=1)],
    target: Annotated[str, Query()] = "success",
    on_target: Annotated[str | None, Query(min_length=1)] = None,
    roll_id: Annotated[str | None, Query(alias="roll", min_length=1, max_length=40)] = None,
) -> dict[str, Any]:
    def work(state: TableState, seat: str) -> dict[str, Any]:
        return invoke_options(state, seat, by, target=target, on_target=on_target, roll_id=roll_id)

    return await service.read(caller, work)


@router.get(
    "/tables/{table_id}/extras",
    summary="What the page shows beside the view: the roll's options, turns, impediments",
)
async def extras(caller: At, service: Service) -> dict[str, Any]:
    return await service.read(caller, extras_for)


def _preset_json(key: str, preset: Preset, *, changed_list: bool) -> dict[str, Any]:
    """What the page needs to draw and fill a sheet of ``preset``: skills and their names,
    aspect slots, refresh and what stunts cost, and the stress tracks (named in each language): the kinds of harm."""
    return {
        "key": key,
        "name": preset.name,
        "skills": list(preset.skill_keys),
        "skill_list": preset.skill_lists[0].key,
        # Two combined lists (rule skills.combined-roll): every roll adds one of these skills to
        # one of the others; empty at a table with one list.
        "second_skills": list(preset.skill_lists[1].keys) if is_combined(preset) else [],
        "changed_list": changed_list,
        "aspect_slots": [
            {"kind": slot.kind.value, "count": slot.count} for slot in preset.aspect_slots
        ],
        "refresh": preset.refresh,
        "free_stunts": preset.free_stunts,
        "stunt_cost": preset.stunt_cost,
        "stunt_bonus": preset.stunt_bonus,
        "min_refresh": preset.min_refresh,
        "peak": preset.peak,
        "ladder": {str(value): name for value, name in LADDER.items()},
        "presets": list(PRESETS),
        "options": [o.value for o in OptionalRule],
        # The optional rules that are rules of the preset's own book (ticked and fixed on the
        # start page), and those its own rules rule out, each with the rule in its place.
        "own_options": list(preset.options),
        "ruled_out": {o.value: kept.value for o, kept in ruled_out(preset).items()},
        "skill_names": {
            s.key: {"": s.name, **dict(s.names)} for lst in preset.skill_lists for s in lst
        },
        "tracks": [
            {
                "harm": t.track.value,
                "name": t.name,
                "names": dict(t.names),
                "skill": t.skill,
                # Whether some skill attacks with this harm: a conflict in it can harm someone.
                "dealt": bool(preset.skills_for(Action.ATTACK, t.track)),
            }
            for t in preset.stress_tracks
        ],
        # Elective: the table says who acts first; a skill or approach order works it out.
        "turn_order": preset.turn_order.style.value,
        # The skills that treat consequences (none: any skill may), offered first.
        "treating_skills": sorted({skill for _, skill in preset.recovery.skills}),
        # The kinds of conflict some skill attacks in (a hack may have no mental attack).
        "conflict_kinds": [
            k.value for k in ConflictKind if preset.skills_for(Action.ATTACK, k.track)
        ],
        # The rule set's conditions (the Fate System Toolkit's), named in each language.
        "conditions": [
            {
                "key": c.key,
                "name": c.name,
                "names": dict(c.names),
                # Its kind, and its boxes and shifts as the engine reads them (the file may
                # leave them to the kind): what the rule-set editor's preview shows.
                "kind": c.kind.value,
                "boxes": c.boxes,
                "shifts": c.shifts,
            }
            for c in preset.conditions
        ],
        **_counted_json(preset),
        **_modes_json(preset),
        **_packages_json(preset),
    }


def _counted_json(preset: Preset) -> dict[str, Any]:
    """A rule set whose PCs count aspects instead of skills (The Three Rocketeers): what an
    aspect of each slot adds when counted, as the engine decides it (nothing for any other)."""
    counted = preset.counted
    if counted is None:
        return {}
    return {
        "counted_worth": {slot.kind.value: counted.worth(slot.kind) for slot in preset.aspect_slots}
    }


def _packages_json(preset: Preset) -> dict[str, Any]:
    """A rule set with packages (Venture City's powers): what it calls them and each package
    and option named in each language, for the sheet card's line of packages bought (nothing
    for any other rule set)."""
    spec = preset.packages
    if spec is None:
        return {}

    def named(items: Any) -> list[dict[str, Any]]:
        return [{"key": i.key, "name": i.name, "names": dict(i.names)} for i in items]

    return {
        "packages": {
            "label": spec.label,
            "names": dict(spec.names),
            "packages": named(spec.packages),
            "options": named(spec.options),
        }
    }


def _modes_json(preset: Preset) -> dict[str, Any]:
    """A rule set with modes: its modes named in each language, for the sheet card's mode
    beside each skill, and what the sheet editor offers (nothing for any other rule set)."""
    shape = preset.shape
    if not isinstance(shape, ModeShape):
        return {}
    return {
        "modes": [
            {"key": m.key, "name": m.name, "names": dict(m.names), "weird": m.weird}
            for m in shape.modes
        ],
        # What the sheet editor offers: a rating for each mode taken, steps for each skill.
        "mode_ratings": sorted(set(shape.ratings), reverse=True),
        "mode_steps": shape.most_steps,
    }


@cache
def _catalogs() -> dict[str, dict[str, str]]:
    return {
        lang: json.loads((I18N_DIR / f"{lang}.json").read_text(encoding="utf-8"))
        for lang in LANGUAGES
    }


def _named_in_every_language(data: dict[str, Any]) -> dict[str, Any]:
    """A built-in's rule-set file with its skills named in each of the page's languages, as the
    page names a built-in's skills (its catalogs): a hack started from it on a Swedish page
    lists "Akademi", not the file's "Academics", and its table names them in each seat's
    language. Names the file gives are kept."""
    for listed in data.get("skill_lists", []):
        for skill in listed.get("skills", []):
            keys = (
                f"skill.{listed.get('key')}.{skill['key']}",
                f"skill.{skill['key']}",
                f"approach.{skill['key']}",
            )
            names = {
                lang: next(catalog[k] for k in keys if k in catalog)
                for lang, catalog in _catalogs().items()
                if any(k in catalog for k in keys)
            }
            if names:
                skill["names"] = {**names, **skill.get("names", {})}
    return data


def _unfinished(problems: list[Problem]) -> dict[str, Any]:
    """The verdict on a sheet the editor left unfinished at a field the engine names (a bonus
    stunt with no action ticked): each problem where it is, no sheet yet."""
    return {"legal": False, "problems": [p.to_json() for p in problems], "sheet": None}


def _field_verdict(sheet: dict[str, Any], check: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """``check``'s verdict; a sheet unreadable only for what :func:`stunt_field_problems` names
    gets those problems, each at its field, rather than a refusal of the whole file."""
    try:
        return check()
    except BadInput:
        found = stunt_field_problems(sheet)
        if not found:
            raise
        return _unfinished(found)


async def _field_verdict_async(
    sheet: dict[str, Any], check: Callable[[], Awaitable[dict[str, Any]]]
) -> dict[str, Any]:
    """:func:`_field_verdict` for a check that reads the table."""
    try:
        return await check()
    except BadInput:
        found = stunt_field_problems(sheet)
        if not found:
            raise
        return _unfinished(found)


def _verdict(loaded: LoadedCharacter) -> dict[str, Any]:
    """The engine's verdict on a character file: legal or not, why, and the sheet it makes, with
    the stress boxes and consequence slots its skills and stunts give (what a table keeps when
    the sheet is rewritten: ``UpdateCharacter`` refits them the same way)."""
    # A slot holding a consequence would go: the problems below name the difference instead.
    with suppress(IllegalAction):
        refit_harm(loaded.character, loaded.preset)
    problems = validate(loaded.character, loaded.preset)
    return {
        "legal": not problems,
        "problems": [p.to_json() for p in problems],
        "sheet": character_to_dict(loaded.character, loaded.preset),
    }
