"""Private readings: a character's sheet, the scene as a seat sees it, and a roll's odds.

Each is read from one seat's view, so it holds only what that seat may see, and goes only to
that user (an ephemeral reply). Short lines, for a phone.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from fatekit.discord.lines import Reader, escape
from fatekit.discord.moves import counted_worth, zone_ways
from fatekit.rules.characters.presets import APPROACH_PRESETS

__all__ = ["odds_text", "scene_text", "sheet_text"]

JSON = dict[str, Any]


def _boxes(track: list[JSON]) -> str:
    return "".join("\N{BLACK SQUARE}" if box.get("marked") else "\N{WHITE SQUARE}" for box in track)


def sheet_text(view: JSON, who: str, reader: Reader) -> str:
    """A character's sheet as the seat sees it: aspects, skills, stunts, fate points, stress
    and consequences (of an unrevealed NPC, only what players see of it)."""
    t = reader.t
    found = next((c for c in view["characters"] if c["id"] == who), None)
    if found is None:
        return t("discord.no_character")
    out = [f"## {reader.who(who).strip('*')}"]
    sheet = found.get("sheet") if found.get("revealed") else None
    aspects = sheet["aspects"] if sheet else found.get("aspects", [])
    if aspects:
        out.append(f"**{t('sheet.aspects')}**")
    # A PC that counts aspects instead of skills: what each adds when counted (the engine's).
    worth = counted_worth(view, who) or {}
    for aspect in aspects:
        kind = t(f"aspect.kind.{aspect.get('kind', 'character')}")
        adds = worth.get(str(aspect.get("id")))
        kind += f", {t('discord.counts_for', n=adds)}" if adds is not None else ""
        out.append(f"• *{escape(str(aspect['name']))}* ({kind})")
    if sheet is None:
        named = [c for c in found.get("consequences", []) if c.get("name")]
        if named:
            out.append(f"**{t('sheet.consequences')}**")
            out.extend(f"• *{escape(str(c['name']))}*" for c in named)
        out.extend(_conditions(found, reader))
        out.append(t("discord.sheet_kept"))  # the GM has not revealed the rest
        return "\n".join(out)
    if "weight" in view["table"].get("options", ()):
        # War of Ashes' weight (the rule set's own or an option): how heavy in a fight, as the
        # page's card says it (1 unless the sheet says more).
        weight = sheet.get("weight")
        out[0] += f" · {t('sheet.weight_is', n=1 if weight is None else weight)}"
    if sheet.get("description"):
        out.append(escape(str(sheet["description"])))
    approaches = view["table"].get("preset") in APPROACH_PRESETS
    group = "sheet.approaches" if approaches else "sheet.skills"
    rated = sorted(sheet.get("skills", {}).items(), key=lambda kv: (-kv[1], kv[0]))
    modes = found.get("modes") or []
    if worth:  # a PC that counts aspects has no skills: the aspects above stand for them
        out.append(t("discord.counts_instead"))
    elif modes:  # a rule set with modes: each mode and its rating, the skills written under it
        out.append(f"**{t(group)}**")
        skills = dict(rated)
        for mode in modes:
            under = ", ".join(
                f"{reader.skill(k)} {reader.rating(skills.get(k, 0))}" for k in mode["skills"]
            )
            weird = f" ({t('sheet.mode_weird')})" if mode.get("weird") else ""
            out.append(
                f"• {reader.mode(mode['key'])} {reader.rating(mode['rating'])}{weird}: {under}"
            )
    else:
        out.append(f"**{t(group)}**")
        out.append(", ".join(f"{reader.skill(k)} {reader.rating(v)}" for k, v in rated))
    out.extend(_packages(sheet, reader))
    if sheet.get("stunts"):
        out.append(f"**{t('sheet.stunts')}**")
        for stunt in sheet["stunts"]:
            about = str(stunt.get("description") or "")
            line = f"• **{escape(str(stunt.get('name', '')))}**"
            out.append(f"{line}: {escape(about)}" if about else line)
    out.append(
        t("discord.fate_points", n=sheet.get("fate_points", 0), refresh=sheet.get("refresh", 0))
    )
    for harm, track in (sheet.get("stress") or {}).items():
        out.append(f"{reader.track(harm)}: {_boxes(track)}")
    slots = sheet.get("consequences", [])
    if slots:
        out.append(f"**{t('sheet.consequences')}**")
        for slot in slots:
            severity = t(f"severity.{slot['severity']}")
            held = slot.get("aspect")
            name = f"*{escape(str(held['name']))}*" if held else t("consequence.empty")
            out.append(f"• {t('consequence.slot', severity=severity, n=slot['shifts'])}: {name}")
    out.extend(_conditions(found, reader))
    return "\n".join(out)


def _packages(sheet: JSON, reader: Reader) -> list[str]:
    """The rule set's packages the sheet bought (Venture City's powers): each with its options,
    named once with how often bought; their stunts follow with the sheet's own."""
    bought = sheet.get("packages") or []
    if not bought:
        return []
    out = [f"**{reader.package('label')}**"]
    for entry in bought:
        times: dict[str, int] = {}
        for key in entry.get("options") or []:
            times[key] = times.get(key, 0) + 1
        options = ", ".join(
            reader.t("sheet.package_times", option=reader.package(f"option:{k}"), n=n)
            if n > 1
            else reader.package(f"option:{k}")
            for k, n in times.items()
        )
        name = f"**{reader.package('package:' + str(entry['key']))}**"
        out.append(f"• {name}: {options}" if options else f"• {name}")
    return out


def _conditions(found: JSON, reader: Reader) -> list[str]:
    """The rule set's conditions on the sheet (the Fate System Toolkit's): each with its kind,
    the shifts it takes off a hit and its boxes, marked or not."""
    listed = found.get("conditions") or []
    if not listed:
        return []
    t = reader.t
    out = [f"**{t('sheet.conditions')}**"]
    for cond in listed:
        boxes = [{"marked": i < cond["marked"]} for i in range(cond["boxes"])]
        kind = t(f"condition.kind.{cond['kind']}", n=cond["shifts"])
        recovering = f" ({t('condition.recovering')})" if cond.get("recovering") else ""
        name = reader.condition(cond["key"], str(cond["name"]))
        out.append(f"• *{name}* {kind}: {_boxes(boxes)}{recovering}")
    return out


def scene_text(view: JSON, reader: Reader) -> str:
    """The scene as the seat sees it: its aspects (with free invokes), who is in it and where,
    the conflict's turn, the roll in play and the compels waiting."""
    t = reader.t
    scene = view.get("scene")
    if not scene:
        return t("scene.none")
    out = [f"## {escape(str(scene['name']))}"]
    out.append(
        f"**{t('scene.participants')}**: " + ", ".join(reader.who(p) for p in scene["participants"])
    )
    out.append(f"**{t('scene.aspects')}**")
    if not scene["aspects"]:
        out.append(t("scene.no_aspects"))
    for aspect in scene["aspects"]:
        free = ", ".join(
            t("aspect.free_invokes", who=reader.who(h), n=n)
            for h, n in aspect.get("free_invokes", {}).items()
            if n
        )
        hidden = f" ({t('aspect.hidden')})" if aspect.get("hidden") else ""
        out.append(f"• *{escape(str(aspect['name']))}*{hidden}" + (f" — {free}" if free else ""))
    zones = scene.get("zones")
    if zones:
        out.append(f"**{t('zones.title')}**")
        by_zone: dict[str, list[str]] = {}
        for who, zone in zones.get("positions", {}).items():
            by_zone.setdefault(zone, []).append(reader.who(who))
        kept_back = set(zones.get("hidden", ()))
        for zone in zones["zones"]:
            kept = f" ({t('zones.hidden')})" if zone in kept_back else ""
            out.append(f"• {escape(zone)}{kept}: " + ", ".join(by_zone.get(zone, [])))
        if zones.get("links"):
            borders = ", ".join(f"{escape(a)} — {escape(b)}" for a, b in zones["links"])
            out.append(t("zones.borders", links=borders))
        out += _zone_ways(view, zones, reader)
    for countdown in scene.get("countdowns", []):
        name = escape(str(countdown.get("name") or t("countdown.unnamed")))
        marked = int(countdown.get("marked") or 0)
        boxes = [{"marked": i < marked} for i in range(int(countdown.get("boxes") or 0))]
        out.append(f"{name}: {_boxes(boxes)}")
    for extra in (reader.turn(), reader.verdict()):
        if extra:
            out.append(extra)
    out += reader.contest(False)
    out += _challenge(view, reader)
    for compel in view.get("compels", []):
        # A decision compel says what the character decides before what goes wrong.
        decided = (
            f" {t('compel.kind_is.decision')} {escape(str(compel['decision']))}"
            if compel.get("kind") == "decision" and compel.get("decision")
            else ""
        )
        out.append(
            t(
                "compel.offered",
                target=reader.who(compel["target"]),
                aspect=reader.aspect(compel.get("aspect_id")),
                by=reader.who(compel.get("offered_by")),
            )
            + decided
            + f" {escape(str(compel['complication']))}"
        )
    out += reader.self_compels()
    return "\n".join(out)


def _zone_ways(view: JSON, zones: JSON, reader: Reader) -> list[str]:
    """Where each of the seat's characters may go, as its view offers (a free move, an
    overcome), and the borders an aspect blocks from where they stand."""
    t = reader.t
    out = []
    for who in view["you"]["characters"]:
        ways = zone_ways(view, who)
        said = [t(f"zones.way.{how}", zone=escape(zone)) for zone, how in ways.items()]
        said += [
            t(
                "zones.blocked",
                zone=escape(border["zone"]),
                aspects=", ".join(reader.aspect(a) for a in border["aspects"]),
            )
            for border in zones.get("blocked", {}).get(who, ())
        ]
        if said:
            out.append(f"{reader.who(who)}: " + "; ".join(said))
    return out


def _challenge(view: JSON, reader: Reader) -> list[str]:
    """The challenge running: each task, who rolls for it or how it went, and the tally."""
    challenge = view.get("challenge")
    if not challenge:
        return []
    t = reader.t
    out = [f"**{t('challenge.title')}**"]
    for task in challenge["tasks"]:
        what = t(
            "challenge.task",
            skill=reader.skill(task["skill"]),
            difficulty=reader.rating(int(task["difficulty"])),
        )
        line = f"• {escape(str(task['description']))} ({what})"
        result = task.get("result")
        if result is not None:
            outcome = t(f"outcome.{result['outcome']}")
            if result.get("at_a_cost"):
                outcome += f", {t('challenge.at_a_cost')}"
            line += ": " + t("challenge.result", who=reader.who(result.get("by")), outcome=outcome)
        elif task.get("rolling"):
            line += ": " + t("challenge.rolling", who=reader.who(_roller(view, task["rolling"])))
        out.append(line)
    report = challenge.get("report") or {}
    if report:
        out.append(
            t(
                "challenge.report",
                ok=len(report.get("successes", ())),
                bad=len(report.get("failures", ())),
                open=len(report.get("open", ())),
            )
        )
    return out


def _roller(view: JSON, roll_id: str) -> str | None:
    return next((r.get("actor") for r in view.get("rolls") or () if r.get("id") == roll_id), None)


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f} %"


def counted_text(view: JSON, who: str, counted: tuple[str, ...], total: int, reader: Reader) -> str:
    """The aspects ``who`` counts for a roll, each with what it adds, and the total the
    engine gave ("Counted: *Hero* +2, *Swordplay* +1 = +3")."""
    worth = counted_worth(view, who) or {}
    if not counted:
        return reader.t("odds.counted_none", total=f"{total:+d}")
    parts = ", ".join(f"{reader.aspect(a)} {worth.get(a, 0):+d}" for a in counted)
    return reader.t("odds.counted", parts=parts, total=f"{total:+d}")


def odds_text(
    found: JSON,
    who: str,
    skill: str,
    against: str | None,
    reader: Reader,
    counted: tuple[str, ...] | None = None,
    defend_counted: tuple[str, ...] | None = None,
) -> str:
    """The exact chance of each outcome of a roll, as :func:`~fatekit.table.offers.roll_odds`
    found it for the seat (the page's roll dialog shows the same), with the stunts it counts
    and the aspects counted instead of a skill (``counted``, ``defend_counted``)."""
    t = reader.t
    # Weight: the dice the engine turns to + on either side (said even when the odds are hidden).
    weighed = [
        f"• {t(key, own=w['own'], other=w['other'], n=w['turned'])}"
        for key, w in (
            ("odds.weight_mine", found.get("weight")),
            ("odds.weight_theirs", found.get("opposing_weight")),
        )
        if w
    ]
    if found.get("hidden"):
        return "\n".join([t("odds.hidden"), *weighed])
    mine = reader.rating(int(found["modifier"]))
    me = (
        f"{reader.who(who)}, {mine}"
        if counted is not None
        else (f"{reader.who(who)}, {reader.skill(skill)} {mine}")
    )
    opposition = reader.rating(int(found["opposition"]))
    theirs = found.get("defend_counted_bonus")
    if found.get("active") and against is not None:
        if theirs is not None:
            them = f"{reader.who(against)}, {opposition}"
        else:
            them = f"{reader.who(against)}, {reader.skill(found.get('defend_skill'))} {opposition}"
        said = t("odds.active", me=me, them=them)
    else:
        said = t("odds.passive", me=me, them=opposition)
    out = [f"**{t('odds.title')}**: {said}"]
    view = reader.view
    if counted is not None and found.get("counted_bonus") is not None:
        out.append(f"• {counted_text(view, who, counted, int(found['counted_bonus']), reader)}")
    if defend_counted is not None and theirs is not None and against is not None:
        out.append(f"• {counted_text(view, against, defend_counted, int(theirs), reader)}")
    for stunt in found.get("stunts", ()):
        key = "odds.stunt" if stunt.get("counted") else "odds.stunt_paid"
        out.append(f"• {t(key, name=escape(str(stunt['name'])), n=stunt['bonus'])}")
    for stunt in found.get("opposing_stunts", ()):
        # A defender's free stunt that fits counts, as the table applies it.
        key = "odds.stunt_theirs_counted" if stunt.get("counted") else "odds.stunt_theirs"
        out.append(f"• {t(key, name=escape(str(stunt['name'])), n=stunt['bonus'])}")
    out.extend(weighed)
    for outcome in ("fail", "tie", "success", "success_with_style"):
        p = Fraction(found["chances"][outcome]["exact"])
        out.append(f"• {t('outcome.' + outcome)}: {_percent(p)}")
    return "\n".join(out)
