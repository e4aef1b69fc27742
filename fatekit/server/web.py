"""The browser table: the page, its static files and catalogs, and the read-only helpers it asks.

:func:`mount_web` adds to an app made by :func:`fatekit.server.app.create_app`:

- ``GET /`` for a browser (``Accept: text/html``): the page (``fatekit/web/index.html``); other
  clients keep the JSON description the app answers there;
- ``/web/...``: the page's scripts and styles; ``/i18n/{lang}.json``: the catalogs;
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
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Query
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import FileResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from fatekit.formats.character_json import (
    LoadedCharacter,
    character_from_dict,
    character_to_dict,
    stunt_dict,
    template,
)
from fatekit.formats.ruleset import ruleset_from_dict, ruleset_with_list
from fatekit.odds import Choice, advise, chances
from fatekit.rules.aspects.aspects import Aspect
from fatekit.rules.aspects.invokes import check_invoke
from fatekit.rules.aspects.stunt_uses import stunt_offers
from fatekit.rules.aspects.stunts import Track
from fatekit.rules.characters.character import Character
from fatekit.rules.characters.preset import Preset
from fatekit.rules.characters.presets import PRESETS, builtin_text, get_preset
from fatekit.rules.characters.ruleset_data import RulesetProblems
from fatekit.rules.characters.validation import validate
from fatekit.rules.core.actions import Action
from fatekit.rules.core.errors import BadInput, FateError, ForbiddenAction
from fatekit.rules.core.ladder import LADDER
from fatekit.rules.options.ruleset import OptionalRule, Ruleset
from fatekit.rules.scenes.conflict_parts import ConflictKind
from fatekit.server.service import Caller, TableService
from fatekit.table.extras import extras_for
from fatekit.table.play.people import parse_sheet
from fatekit.table.play.rolls import roll_in_play
from fatekit.table.state import SEAT_RULE, RollKind, TableState
from fatekit.table.views import Viewer

__all__ = ["I18N_DIR", "LANGUAGES", "WEB_DIR", "mount_web"]

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
I18N_DIR = Path(__file__).resolve().parent.parent / "i18n"
#: The languages the page speaks; the first is the fallback.
LANGUAGES = ("en", "ru", "it", "sv")


class _PageForBrowsers:
    """Serve the page at ``/`` to browsers; every other request goes on to the app.

    A middleware rather than a route, so that API clients asking ``/`` still get the JSON the
    app describes itself with.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "GET" and scope["path"] == "/":
            accept = dict(scope["headers"]).get(b"accept", b"")
            if b"text/html" in accept:
                page = FileResponse(
                    WEB_DIR / "index.html",
                    media_type="text/html",
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


def _fraction(value: Fraction) -> dict[str, Any]:
    return {"p": float(value), "exact": f"{value.numerator}/{value.denominator}"}


def _visible_aspects(state: TableState, viewer: Viewer) -> list[Aspect]:
    game = state.game
    found: list[Aspect] = []
    if game.scene is not None:
        found.extend(game.scene.aspects)
    for character in game.characters.values():
        found.extend(character.aspects)
        found.extend(s.aspect for s in character.consequences if s.aspect is not None)
    return [a for a in found if viewer.sees_aspect(a)]


def _rating(character: Character, skill: str) -> int:
    return character.skills.get(skill, 0)


#: The actions a roll's odds may be asked for (a defence is the opponent's side of one).
_ODDS_ACTIONS = {a.value: a for a in (Action.OVERCOME, Action.CREATE_ADVANTAGE, Action.ATTACK)}


def _stunts(
    state: TableState,
    character: Character,
    skill: str,
    action: Action,
    chosen: tuple[str, ...] | None = None,
) -> list[dict[str, Any]]:
    """The character's stunts that do something on a roll of ``skill`` for ``action``, as the
    rules engine offers them (:func:`stunt_offers`), whoever the opponent is. ``counted`` says
    whether the roll applies one: those in ``chosen``, or (``None``) those the table applies when
    the player names none. A spent one is never counted."""
    out = []
    for offer in stunt_offers(character, skill, action, state.game.stunt_uses):
        stunt = offer.stunt
        counted = offer.by_default if chosen is None else stunt.name in chosen
        out.append(
            {
                "name": stunt.name,
                "bonus": offer.bonus,
                "cost": stunt.cost.value,
                "fate_point_cost": stunt.fate_point_cost,
                "circumstance": stunt.circumstance,
                "description": stunt.description,
                "effect": stunt_dict(stunt)["effect"],
                "spent": offer.spent,
                "counted": counted and not offer.spent,
            }
        )
    return out


def _counted(stunts: list[dict[str, Any]]) -> int:
    return sum(s["bonus"] for s in stunts if s["counted"])


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


def mount_web(app: FastAPI, service: TableService, caller_at: Any) -> None:
    """Add the page, its files and its read-only helpers to ``app`` (see the module docstring).

    ``caller_at`` is the app's dependency that reads the seat link of a table's request.
    """
    At = Annotated[Caller, Depends(caller_at)]
    app.mount("/web", StaticFiles(directory=WEB_DIR), name="web")
    app.mount("/i18n", StaticFiles(directory=I18N_DIR), name="i18n")
    app.add_middleware(_PageForBrowsers)

    @app.get("/rules/presets/{key}", summary="What a character sheet of a preset holds")
    async def preset_info(key: str, skill_list: str | None = None) -> dict[str, Any]:
        preset = get_preset(key)
        if skill_list is not None:
            # The preset as a table playing with another skill list has it.
            preset = Ruleset.of(
                key, [OptionalRule.CHANGING_SKILL_LIST], skill_list=skill_list
            ).preset
        return _preset_json(key, preset, changed_list=skill_list is not None)

    @app.get("/tables/{table_id}/preset", summary="What a sheet of the table's rule set holds")
    async def table_preset(caller: At) -> dict[str, Any]:
        def work(state: TableState, seat: str) -> dict[str, Any]:
            preset = state.ruleset.preset
            return _preset_json(state.preset, preset, changed_list=state.skill_list is not None)

        return await service.read(caller, work)

    @app.get(
        "/rules/rulesets/{key}", summary="A built-in preset as a rule-set file to start a hack from"
    )
    async def builtin_ruleset(key: str, skill_list: str | None = None) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(builtin_text(key))
        if skill_list is not None:
            # What a table playing the preset with that list plays, the preset's shape kept:
            # the editor's check then says whether the list is long enough for it.
            return ruleset_with_list(key, skill_list)
        return data

    @app.post(
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

    @app.post("/rules/characters/check", summary="Check a character file against the rules")
    async def check_character(body: CharacterCheck) -> dict[str, Any]:
        return _verdict(character_from_dict(body.sheet, body.preset))

    @app.post(
        "/tables/{table_id}/characters/check",
        summary="Check a character file against the table's rule set",
    )
    async def check_table_character(caller: At, body: CharacterCheck) -> dict[str, Any]:
        def work(state: TableState, seat: str) -> dict[str, Any]:
            if state.ruleset_file is None:
                return _verdict(character_from_dict(body.sheet, body.preset))
            character = parse_sheet(json.dumps(body.sheet), state)
            return _verdict(LoadedCharacter(character, state.ruleset.preset))

        return await service.read(caller, work)

    @app.get("/tables/{table_id}/odds", summary="The exact chances of a roll, before it is made")
    async def odds(
        caller: At,
        actor: Annotated[str, Query(min_length=1)],
        skill: Annotated[str, Query(min_length=1)],
        difficulty: Annotated[int | None, Query(ge=-10, le=20)] = None,
        against: str | None = None,
        defend_skill: str | None = None,
        mental: bool = False,
        action: Annotated[str, Query(pattern="^(overcome|create_advantage|attack)$")] = "overcome",
        bonus: Annotated[int, Query(ge=-10, le=10)] = 0,
        stunts_chosen: Annotated[str | None, Query(alias="stunts", max_length=4000)] = None,
    ) -> dict[str, Any]:
        def work(state: TableState, seat: str) -> dict[str, Any]:
            viewer = Viewer(state, seat)
            defending = defend_skill
            game = state.game
            if not viewer.sees_sheet(actor):
                raise ForbiddenAction(f"your seat may not see {actor}'s skills", SEAT_RULE)
            roller = game.character(actor)
            chosen = _chosen(stunts_chosen)
            stunts = _stunts(state, roller, skill, _ODDS_ACTIONS[action], chosen)
            # ``bonus``: what the roller adds besides (a contest's teamwork).
            modifier = _rating(roller, skill) + _counted(stunts) + bonus
            opposing: list[dict[str, Any]] = []
            if against is not None:
                opponent = game.character(against)
                if not viewer.sees_sheet(against):
                    # The opponent's skills are the GM's secret: no odds that would give them away.
                    return {"hidden": True, "modifier": modifier, "stunts": stunts}
                conflict = state.conflict
                fighting = conflict is not None and {actor, against} <= set(conflict.fighters)
                if defending is None and conflict is not None and fighting:
                    # The engine's own choice: the best skill that may stop this attack (Fight
                    # parries no shot), or the opponent's best against anything else.
                    if action == "attack":
                        ranged = conflict.attack_is_ranged(actor, skill)
                        allowed = conflict.defence_skills(against, melee=not ranged)
                    else:
                        allowed = conflict.opposing_skills(against)
                    defending = next(iter(allowed), "")
                elif defending is None and action != "attack":
                    # Outside a fight, an overcome or an advantage is resisted with any skill the
                    # story fits: named by no one, the opponent's best, as the table takes it.
                    defending = max(opponent.skills, key=opponent.rating, default="")
                if defending is None:
                    # The defender picks their best skill among those the preset lets defend.
                    track = Track.MENTAL if mental else Track.PHYSICAL
                    if conflict is not None:
                        track = conflict.harm  # a rule set's own harm, such as wealth
                    allowed = state.ruleset.preset.skills_for(Action.DEFEND, track) or tuple(
                        opponent.skills
                    )
                    defending = max(allowed, key=lambda k: _rating(opponent, k), default="")
                # The defender's free stunts that fit count, as the table applies them.
                opposing = _stunts(state, opponent, defending, Action.DEFEND)
                opposition, active = _rating(opponent, defending) + _counted(opposing), True
            elif difficulty is not None:
                opposition, active = difficulty, False
            else:
                raise BadInput("give a difficulty or an opponent")
            found = chances(modifier, opposition, active=active)
            return {
                "hidden": False,
                "modifier": modifier,
                "opposition": opposition,
                "active": active,
                "defend_skill": defending if active else None,
                "stunts": stunts,
                "opposing_stunts": opposing,
                "chances": {name: _fraction(p) for name, p in found.as_dict().items()},
            }

        return await service.read(caller, work)

    @app.get(
        "/tables/{table_id}/invokes",
        summary="What a character may invoke on the roll in play, and the odds' advice",
    )
    async def invokes(
        caller: At,
        by: Annotated[str, Query(min_length=1)],
        target: Annotated[str, Query()] = "success",
        on_target: Annotated[str | None, Query(min_length=1)] = None,
        roll_id: Annotated[str | None, Query(alias="roll", min_length=1, max_length=40)] = None,
    ) -> dict[str, Any]:
        def work(state: TableState, seat: str) -> dict[str, Any]:
            if by not in state.characters_of(seat):
                raise ForbiddenAction(f"your seat does not act for {by}", SEAT_RULE)
            in_play = roll_in_play(state, roll_id) if on_target is None else None
            roll = None if in_play is None else in_play.roll
            if on_target is not None:
                # A target's defence of a split or zone attack: the engine finds it, or refuses.
                if state.conflict is None:
                    raise BadInput("there is no conflict in play", code="no_conflict")
                roll = state.conflict.target_defence(on_target)
            if roll is None or roll.dice is None:
                raise BadInput("no roll is in play")
            viewer = Viewer(state, seat)
            ledger = state.game.ledger
            paid_already = {i.aspect_id for i in roll.invocations if not i.free}
            options: list[dict[str, Any]] = []
            free_total = paid_total = 0
            for aspect in _visible_aspects(state, viewer):
                held = aspect.free_invokes_held_by(by)
                can_free = can_paid = True
                try:
                    check_invoke(aspect, by, free=True, ledger=ledger)
                except FateError:
                    can_free = False
                try:
                    check_invoke(aspect, by, free=False, ledger=ledger, paid_already=paid_already)
                except FateError:
                    can_paid = False
                if can_free or can_paid:
                    options.append(
                        {
                            "aspect_id": aspect.id,
                            "name": aspect.name,
                            "kind": aspect.kind.value,
                            "owner": aspect.owner,
                            "free": held if can_free else 0,
                            "paid": can_paid,
                        }
                    )
                    free_total += held if can_free else 0
                    paid_total += 1 if can_paid else 0
            fate_points = ledger.account(by).available
            count = free_total + min(paid_total, fate_points)
            advice: dict[str, Any] | None = None
            # Advice is for the roller's own side: what the roll needs to reach the target. A
            # difficulty behind the GM's screen gives none: the advice would tell the number.
            contest = in_play is not None and in_play.kind is RollKind.CONTEST
            hidden = viewer.hides_roll_numbers(in_play)
            if on_target is None and by == roll.actor and not hidden and not contest:
                defence = roll.opposition
                their_dice = None if defence is None or defence.dice is None else defence.dice
                against_value = roll.opposition_value - (
                    0 if their_dice is None else their_dice.total
                )
                found = advise(
                    roll.effort - roll.dice.total,
                    against_value,
                    roll.dice,
                    invokes=count,
                    target=target,
                    opposition_dice=their_dice,
                )
                advice = {
                    "choice": found.choice.value,
                    "target": found.target.value,
                    "shifts_now": found.shifts_now,
                    "invokes": found.invokes,
                    "chances": {c.value: _fraction(found.chances[c]) for c in found.chances},
                    "expected_invokes": {
                        c.value: float(found.expected_invokes[c]) for c in found.expected_invokes
                    },
                    "choices": [c.value for c in Choice],
                }
            return {"by": by, "fate_points": fate_points, "options": options, "advice": advice}

        return await service.read(caller, work)

    @app.get(
        "/tables/{table_id}/extras",
        summary="What the page shows beside the view: the roll's options, turns, impediments",
    )
    async def extras(caller: At) -> dict[str, Any]:
        return await service.read(caller, extras_for)


def _preset_json(key: str, preset: Preset, *, changed_list: bool) -> dict[str, Any]:
    """What the page needs to draw and fill a sheet of ``preset``: skills and their names,
    aspect slots, refresh and what stunts cost, and the stress tracks (named in each language): the kinds of harm."""
    return {
        "key": key,
        "name": preset.name,
        "skills": list(preset.skill_keys),
        "skill_list": preset.skill_lists[0].key,
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
        # The kinds of conflict some skill attacks in (a hack may have no mental attack).
        "conflict_kinds": [
            k.value for k in ConflictKind if preset.skills_for(Action.ATTACK, k.track)
        ],
    }


def _verdict(loaded: LoadedCharacter) -> dict[str, Any]:
    """The engine's verdict on a character file: legal or not, why, and the sheet it makes."""
    problems = validate(loaded.character, loaded.preset)
    return {
        "legal": not problems,
        "problems": [p.to_json() for p in problems],
        "sheet": character_to_dict(loaded.character, loaded.preset),
    }
