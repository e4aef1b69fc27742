"""Where on the page each command starts, so the agent can steer towards what it has not sent.

`ROUTES` maps each command type the page can send to the controls that lead to it: a pattern
fullmatched against a control's signature (its id, characters' ids as ``*`` and numbers as
``#``, see probe.js), or ``text:KEY`` for a control with no id whose words are the catalog's
``KEY`` (up to its first placeholder) in the seat's language. A control may lead to a command
at once (a button that sends it) or through a dialog it opens. `test_every_command_has_a_route`
holds the table to the page's commands.

`CHOICES` says, for a dialog, which values of its fields lead to which command or path (a quick
NPC that is a mob, a hazard or a block; a session that ends at a milestone of some kind), so a
dialog opened for a command is filled to send it.

`paths` names what a sent command did beyond its type (an extreme consequence taken, a
milestone's kind, a mob brought in): the issue's paths, counted like the command types."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from fatekit.server.web import I18N_DIR

ROUTES: dict[str, tuple[str, ...]] = {
    "Absorb": (r"absorb-button", r"absorb-#"),
    "AbsorbContestHit": (r"contest-.+-absorb-button", r"contest-.+-absorb-#"),
    "AddBlock": (r"add-block", r"quick-npc"),
    "AddCharacter": (r"new-character", r"quick-npc", r"import-character", r"import-summary"),
    # The seats panel's invitation (the seats endpoint decides AddSeat; the panel is drawn by
    # the GM's offer of it, you.may).
    "AddSeat": (r"invite-name", r"invite-role"),
    "AddCountdown": (r"add-countdown",),
    "AddHazard": (r"add-hazard", r"quick-npc"),
    "AddLastingAspect": (r"setting-add-(aspect|face|place)",),
    "AddRecapLine": (r"recap-line(-add)?", r"recap>button\[#\]", r"recap-line-form>button\[#\]"),
    "AddSituationAspect": (r"add-aspect",),
    "AddTemplate": (r"new-character", r"text:sheet.as_template"),
    "AnswerCompel": (r"accept-.+", r"refuse-.+"),
    "AnswerSignal": (r"safety-answer-.+", r"safety-rewind-.+"),
    "AssignTargets": (r"aim-zone", r"aim-split"),
    "Attack": (r"attack-.+",),
    "BlockBorder": (r"board-block-border",),
    "BreakImmunity": (r"break-.+",),
    "Breakthrough": (r"milestone-take-.+",),
    "ChallengeRoll": (r"task-roll-.+",),
    "ClearBorder": (r"board-clear-border-.+",),
    "ClearCondition": (r"clear-.+",),
    "CloseScenario": (r"setting-close-scenario",),
    "Concede": (r"concede-.+",),
    "ContestForfeit": (r"contest-forfeit-.+",),
    "ContestRoll": (r"contest-roll-.+",),
    "ContestThreat": (r"contest-threat",),
    "CorrectAspect": (r"correct-aspect-.+",),
    "CorrectConsequence": (r"correct-\*",),
    "CorrectExtreme": (r"correct-\*",),
    "CorrectFatePoints": (r"correct-\*", r"correct-pool"),
    "CorrectFreeInvokes": (r"correct-aspect-.+",),
    "CorrectStress": (r"correct-\*",),
    "CorrectTurn": (r"correct-turn-button",),
    "CreateAdvantage": (r"advantage-.+", r"asked-roll-.+"),
    "DeclareStoryDetail": (r"declare-detail-.+",),
    "DescribeSetting": (r"setting-describe",),
    "EndChallenge": (r"end-challenge",),
    "EndContest": (r"end-contest",),
    "EndScene": (r"end-scene",),
    "EndSession": (r"end-session",),
    "EndTurn": (r"end-turn-.+",),
    "Equip": (r"equip",),
    "FinishConflict": (r"finish-conflict",),
    "FireTrigger": (r"countdown-.+-fire-#", r"add-countdown"),
    "FreeMove": (r"move-button-.+", r"person-.+", r"board-go-.+", r"token-.+"),
    "FullDefense": (r"full-defense-.+",),
    "GiveCharacter": (r"owner-.+",),
    "HideDifficulty": (r"ask-roll", r"secret-roll"),
    "HideNpcDice": (r"npc-dice",),
    "HideZone": (r"board-hide-zone",),
    "Invoke": (r"invoke-options-.+", r"invoke-choice", r"text:invoke.on_other"),
    "JoinScene": (r"bring-in-.+",),
    "MarkCountdown": (r"countdown-.+-mark",),
    "MarkCondition": (r"mark-.+",),
    "Milestone": (r"milestone-take-.+",),
    "MissEveryone": (r"miss-everyone",),
    "Note": (r"note-form>button\[#\]", r"note>button\[#\]"),
    "OfferCompel": (r"text:compel.offer_on", r"text:compel.offer"),
    "Overcome": (r"overcome-.+", r"asked-roll-.+"),
    "PassFreeInvoke": (r"pass-.+", r"free>li\[#\]"),
    "PlaceInZone": (r"place-button", r"person-.+", r"board-go-.+", r"token-.+"),
    "PrepareScene": (r"prepare-scene",),
    "PutSettingEntry": (r"setting-add-(face|place)", r"setting-add-aspect"),
    "RaiseSignal": (r"safety-open", r"safety-raise-.+"),
    "RaiseSkills": (r"advance-spend-.+",),
    "RemoveAspect": (r"text:aspect.remove_named", r"text:aspect.remove", r"text:aspect.let_go"),
    "RemoveCountdown": (r"countdown-.+-remove",),
    "RemovePreparedScene": (r"remove-prepared-.+",),
    "RemoveSceneMap": (r"board-map-remove",),
    "RemoveSeat": (r"remove-seat-.+",),
    "RemoveSettingEntry": (r"text:setting.remove_entry",),
    "RemoveTemplate": (r"sheet-remove-template", r"new-character"),
    "ResolveRoll": (r"resolve-button-.+",),
    "ResolveTargets": (r"resolve-targets",),
    "RevealAspect": (r"text:aspect.reveal",),
    "RevealCharacter": (r"text:characters.reveal",),
    "RevealRoll": (r"reveal-.+",),
    "RecoverCondition": (r"recover-.+",),
    "Roll": (r"new-roll", r"asked-roll-.+"),
    "SecretRoll": (r"secret-roll",),
    "SelfCompel": (r"text:compel.offer_on", r"text:compel.offer"),
    "SelfCompelAnswer": (r"agree-.+", r"decline-.+"),
    "SetBigBad": (r"set-big-bad",),
    "SetMembership": (r"setting-membership",),
    "SetOptionalRule": (r"optional-rule-.+",),
    # How rolls are drawn: the GM's setting for the table, and a player's own where allowed.
    "ChooseRandomizer": (r"table-dice-choice",),
    "AllowSeatRandomizers": (r"seats-choose-dice",),
    "ChooseOwnRandomizer": (r"own-dice-choice",),
    "SetSafetyTool": (r"safety-tool-.+",),
    "SetScale": (r"set-scale",),
    "ShapeZone": (r"board-reset-shape", r"board-draw-rect", r"board-draw-polygon"),
    "Shield": (r"shield-.+",),
    "SpendMilestone": (r"milestone-take-.+",),
    "SplitAttack": (r"split-attack-.+",),
    "StartChallenge": (r"start-challenge",),
    "StartConflict": (r"start-conflict",),
    "StartContest": (r"start-contest",),
    "StartPreparedScene": (r"start-prepared-.+",),
    "StartScene": (r"start-scene",),
    "StartSession": (r"start-session",),
    "TakeContestOut": (r"contest-.+-take-out-button",),
    "TakeOut": (r"take-out-button",),
    "Treat": (r"treat-.+",),
    "Undo": (r"undo",),
    "UpdateCharacter": (r"edit-.+",),
    "UseStunt": (r"text:stunt.use",),
    "ZoneAttack": (r"zone-attack-.+",),
}

#: Commands that end what the evening is in the middle of (a fight, by conceding too): the
#: coverage does not hurry them (an evening that ends its first conflict at once never reaches
#: a hit taken).
CLOSERS = frozenset(
    {
        "FinishConflict",
        "Concede",
        "TakeOut",
        "TakeContestOut",
        "ContestForfeit",
        "EndScene",
        "EndSession",
        "EndContest",
        "EndChallenge",
        "CloseScenario",
        "Undo",
    }
)

#: For a dialog (its form's id): the values of its fields that lead to a command type or a
#: path (see `paths`), chosen when the agent wants what they lead to.
CHOICES: dict[str, dict[str, dict[str, str]]] = {
    "npc-form": {
        "AddHazard": {"npc-kind": "hazard"},
        "AddBlock": {"npc-kind": "block"},
        "AddCharacter:mob": {"npc-kind": "mob"},
        "AddCharacter:major_npc": {"npc-kind": "major_npc"},
    },
    # A big bad with an immunity, for the GM to break.
    "bigbad-form": {"BreakImmunity": {"bigbad-immunity": "challenge"}},
    # A countdown with triggers, so that the GM can say one happened.
    "countdown-form": {
        "FireTrigger": {
            "countdown-triggers": "the alarm rings\nthe door gives way",
            "countdown-outcome": "the guards come",
        }
    },
    # A contest out to harm both sides, so that a beaten side takes a hit (and an outside
    # threat's roll can land one).
    "start-contest-form": {
        goal: {"contest-harm-a": "on", "contest-harm-b": "on"}
        for goal in ("AbsorbContestHit", "TakeContestOut", "ContestThreat")
    },
    # A scenario's aspect, which the GM closes the scenario with.
    "lasting-form": {"CloseScenario": {"lasting-kind": "scenario"}},
    "end-session-form": {
        f"EndSession:{level}:{preset}": {"end-session-milestone": level}
        for level in ("minor", "significant", "major")
        for preset in ("condensed", "core", "fae", "ode")
    },
}


def paths(kind: str, data: dict[str, Any], preset: str, imported: set[str]) -> list[str]:
    """The paths a command sent at a table of `preset` took beyond its type (``Type:path``);
    `imported` holds the ids of the characters brought in from a file."""
    found = []
    if kind in ("Absorb", "AbsorbContestHit") and data.get("extreme"):
        found.append(f"{kind}:extreme:{preset}")
    if kind == "EndSession" and data.get("milestone"):
        found.append(f"EndSession:{data['milestone']}:{preset}")
    if kind in ("AddCharacter", "UpdateCharacter"):
        try:
            sheet = json.loads(data.get("sheet") or "{}")
        except (TypeError, ValueError):
            sheet = {}
        if not isinstance(sheet, dict):
            sheet = {}
        if kind == "AddCharacter" and sheet.get("kind") in ("mob", "major_npc"):
            found.append(f"AddCharacter:{sheet['kind']}")
        if kind == "UpdateCharacter" and sheet.get("id") in imported:
            found.append("UpdateCharacter:imported")
    return found


@cache
def _catalog(lang: str) -> dict[str, str]:
    catalog: dict[str, str] = json.loads((I18N_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    return catalog


def words(lang: str, key: str) -> str:
    """The catalog's words for `key` in `lang`, up to its first placeholder."""
    text = _catalog(lang).get(key, "")
    return text.split("{", 1)[0].strip()


def leads_to(control: dict[str, Any], lang: str) -> frozenset[str]:
    """The command types a control leads to, by `ROUTES`."""
    # A control with no id is known by where it sits ("note>button[0]"): its place's number
    # is any (routes write it "#").
    sig = re.sub(r"\[\d+\]$", "[#]", control["sig"])
    text = control["text"]
    found = set()
    for kind, patterns in ROUTES.items():
        for pattern in patterns:
            if pattern.startswith("text:"):
                words_ = words(lang, pattern[5:])
                if words_ and not control["id"] and text.startswith(words_):
                    found.add(kind)
                    break
            elif re.fullmatch(pattern, sig) or (
                "invoke-choice" in control["classes"] and pattern == "invoke-choice"
            ):
                found.add(kind)
                break
    return frozenset(found)
