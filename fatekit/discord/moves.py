"""From a slash command (or a button) to the table command the page would send for it.

A :class:`Move` is the command's type and its JSON fields, exactly as the page posts them to
``/tables/{id}/commands``; the server then handles it as it handles the page's (the rules engine
decides, and refuses with its reason). Nothing here judges a move: it only reads what the
person chose, finding characters, aspects and skills by id (what autocomplete sends) or by the
name they typed, in the seat's own view.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fatekit.discord.lines import Reader
from fatekit.discord.lookup import (
    Choice,
    Found,
    aspects,
    characters,
    pick,
    pick_character,
    skills,
)
from fatekit.discord.zoned import Unreadable, scene_zones_typed

__all__ = [
    "COUNT_OPTIONS",
    "DEFEND_OPTIONS",
    "Ask",
    "Move",
    "acting",
    "counted_choices",
    "counted_named",
    "counted_worth",
    "move_for",
    "open_tasks",
    "package_ways",
    "resolution_of",
    "resolution_options",
    "roll_choices",
    "roll_for",
    "rolls_in_play",
    "stunt_names",
    "weight_claimed",
    "zone_choices",
    "zone_ways",
]

JSON = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Move:
    """A table command: its type and fields, as the page sends them."""

    type: str
    data: JSON = field(default_factory=dict)


class Ask(Exception):
    """The person must say more (a catalog key and its fields): which character, say."""

    def __init__(self, key: str, **fields: object) -> None:
        super().__init__(key)
        self.key = key
        self.fields = fields


def _text(options: Mapping[str, Any], name: str) -> str | None:
    value = options.get(name)
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def _compel_kind(options: Mapping[str, Any]) -> JSON:
    """A compel's kind and decision as the command gave them (an event when left out); the
    engine refuses a kind that does not fit (compel.kinds), as it does the page's."""
    kind = _text(options, "kind") or "event"
    out: JSON = {"kind": kind}
    decision = _text(options, "decision")
    if decision is not None:
        out["decision"] = decision
    return out


def rolls_in_play(view: JSON) -> list[JSON]:
    """The rolls in play the seat sees, not yet settled (outside a conflict, one per
    character)."""
    listed = view.get("rolls")
    if listed is None:  # a view from before several rolls: its one roll
        listed = [view["roll"]] if view.get("roll") else []
    return [r for r in listed if r.get("phase") != "resolved"]


def _roll_sides(roll: JSON) -> tuple[str | None, str | None]:
    return roll.get("actor"), (roll.get("defence") or {}).get("actor")


def roll_choices(view: JSON, reader: Reader) -> list[Choice]:
    """The rolls in play, each named by its roller and skill ("Ruth: Notice")."""
    return [
        Choice(f"{reader.who(r.get('actor')).strip('*')}: {reader.skill(r.get('skill'))}", r["id"])
        for r in rolls_in_play(view)
        if r.get("id")
    ]


def roll_for(
    view: JSON, options: Mapping[str, Any], reader: Reader, who: str | None = None
) -> JSON | None:
    """The roll in play a move is about: the one named ("roll"), else the only one, else the
    one ``who`` (or else one of the seat's characters) rolls or defends against. ``None``: no
    roll is in play; several that could be meant: :class:`Ask` which."""
    listed = rolls_in_play(view)
    typed = _text(options, "roll")
    if typed is not None:
        chosen = pick(typed, roll_choices(view, reader), "roll")
        return next(r for r in listed if r.get("id") == chosen)
    if len(listed) <= 1:
        return listed[0] if listed else None
    for people in ({who}, set(view["you"]["characters"])):
        touching = [r for r in listed if people & set(_roll_sides(r))]
        if len(touching) == 1:
            return touching[0]
    raise Ask("discord.which_roll")


def acting(
    view: JSON,
    options: Mapping[str, Any],
    *,
    roll_side: bool = False,
    roll: JSON | None = None,
) -> str:
    """The character a seat acts for in this move: the one named ("as"), else the seat's only
    character, else the one whose turn (or roll: ``roll``, else any in play) it is among the
    seat's."""
    typed = _text(options, "as")
    if typed is not None:
        return pick(typed, characters(view), "as")
    mine = list(view["you"]["characters"])
    if roll_side:
        for found in [roll] if roll is not None else rolls_in_play(view):
            for who in _roll_sides(found):
                if who in mine:
                    return str(who)
    conflict = view.get("conflict")
    if conflict and conflict.get("current") in mine:
        return str(conflict["current"])
    hit = (conflict or {}).get("pending_hit")
    if hit and hit.get("target") in mine:
        return str(hit["target"])
    if len(mine) == 1:
        return str(mine[0])
    if not mine:
        raise Ask("discord.no_character")
    raise Ask("discord.which_character")


def _skill(view: JSON, options: Mapping[str, Any], actor: str, reader: Reader) -> str | None:
    typed = _text(options, "skill")
    if typed is None:
        return None
    known = skills(view, actor, reader)
    preset = [Choice(reader.skill(k), k) for k in view.get("skills", ())]
    try:
        return pick(typed, known + preset, "skill")
    except Found:
        return typed  # a skill of the table's own making: the engine says whether it exists


def _second(view: JSON, options: Mapping[str, Any], actor: str, reader: Reader) -> JSON:
    """The ``second_skill`` a roll adds at a table with two combined lists, as typed (the
    sheet's skills named in the reader's language, or a key): nothing when none is typed. The
    engine says whether it is on the second list, or refuses it at a table with one list."""
    typed = _text(options, "second")
    if typed is None:
        return {}
    try:
        return {"second_skill": pick(typed, skills(view, actor, reader), "second")}
    except Found:
        return {"second_skill": typed}


#: The options naming the aspects a PC counts instead of a skill (The Three Rocketeers): the
#: roller's, and those of a PC opposing the roll (an attack's target, a roll's ``against``).
COUNT_OPTIONS = ("count1", "count2", "count3")
DEFEND_OPTIONS = ("defend1", "defend2", "defend3")
#: The value of a count option that counts no aspect at all (a roll at +0), as offered.
COUNT_NONE = "-"


def counted_worth(view: JSON, who: str | None) -> dict[str, int] | None:
    """What each aspect of ``who``'s sheet adds when counted, as the view gives it (the
    engine's figures), or ``None`` when ``who`` rolls skills or the seat does not read the
    sheet."""
    found = next((c for c in view["characters"] if c["id"] == who), None)
    if not found or not found.get("revealed"):
        return None
    worth = found.get("counted_worth")
    return {str(k): int(v) for k, v in worth.items()} if isinstance(worth, dict) else None


def counted_choices(
    view: JSON, who: str | None, reader: Reader, chosen: tuple[str, ...] = ()
) -> list[Choice]:
    """The aspects ``who`` may count, each with what it adds ("Hero (+2)"), leaving out those
    already ``chosen``; first, counting none (+0). Empty when ``who`` rolls skills."""
    worth = counted_worth(view, who)
    if worth is None:
        return []
    listed = [Choice(reader.t("discord.count_none"), COUNT_NONE)]
    for choice, _ in aspects(view):
        if choice.value in worth and choice.value not in chosen:
            listed.append(Choice(f"{choice.name} (+{worth[choice.value]})", choice.value))
    return listed


def _named_counted(view: JSON, options: Mapping[str, Any], names: tuple[str, ...]) -> JSON | None:
    """The aspects named in ``names`` (ids, or names as typed), or ``None`` when none is: any
    aspect the seat sees may be named, and one typed that names none goes as typed, so the
    table says whose it is not (aspects.counted.named-first)."""
    typed = [t for n in names if (t := _text(options, n)) is not None]
    found = counted_named(view, typed)
    return None if found is None else {"counted": list(found)}


def counted_named(view: JSON, typed: list[str]) -> tuple[str, ...] | None:
    """The aspect ids ``typed`` names (:func:`_named_counted`); ``None`` when nothing is."""
    if not typed:
        return None
    listed = [c for c, _ in aspects(view)]
    out: list[str] = []
    for text in typed:
        if text == COUNT_NONE:
            continue  # counting nothing: a roll at +0
        try:
            out.append(pick(text, listed, "count1"))
        except Found:
            out.append(text)
    return tuple(out)


def _counting(view: JSON, options: Mapping[str, Any], actor: str, skill: str | None) -> JSON:
    """A roll's skill, or the aspects its PC counts instead (The Three Rocketeers): the skill
    as typed (the table refuses it where the actor counts aspects) beside any aspects named;
    with no skill typed, an empty skill and the aspects named (a PC that counts and names none
    is asked by the table which). One who rolls skills and names neither is asked the skill."""
    named = _named_counted(view, options, COUNT_OPTIONS)
    if skill is None and named is None and counted_worth(view, actor) is None:
        raise Ask("discord.skill_needed")
    return {"skill": skill if skill is not None else "", **(named or {})}


def _defending(view: JSON, options: Mapping[str, Any]) -> JSON:
    """The aspects a PC opposing the roll counts (``defend_counted``), when named."""
    named = _named_counted(view, options, DEFEND_OPTIONS)
    return {} if named is None else {"defend_counted": named["counted"]}


def stunt_names(view: JSON, actor: str | None) -> list[Choice]:
    """The stunts of ``actor``'s sheet, if the seat sees it."""
    found = next((c for c in view["characters"] if c["id"] == actor), None)
    sheet = found.get("sheet") if found and found.get("revealed") else None
    return [Choice(str(s["name"]), str(s["name"])) for s in (sheet or {}).get("stunts", ())]


def _stunt(view: JSON, options: Mapping[str, Any], actor: str, data: JSON) -> None:
    typed = _text(options, "stunt")
    if typed is not None:
        data["stunts"] = [pick(typed, stunt_names(view, actor), "stunt")]


def weight_claimed(view: JSON, actor: str, options: Mapping[str, Any]) -> bool:
    """Whether ``options`` claim weight (the allies' presence helps) for ``actor``'s roll:
    counted on a roll of a conflict only, so said at once outside one."""
    if not options.get("weight"):
        return False
    if not _fighting(view, actor):
        raise Ask("discord.weight_in_fight")
    return True


def _fighting(view: JSON, actor: str) -> bool:
    conflict = view.get("conflict") or {}
    return any(f["id"] == actor for f in conflict.get("fighters", ()))


#: The first part of a way's value that buys options on a package held (no package's key).
ADDS = "+"


def package_ways(view: JSON, actor: str, reader: Reader) -> list[Choice]:
    """The ways ``actor``'s open milestone may buy a package (Venture City's power), change
    one for another or buy an option on one held, as the view offers them
    (``package_offers``): each way, and each with one of the options it may take on top (its
    ``extras``), named with its options and the refresh it costs in the reader's words; the
    value names the package replaced (nothing, or ``+`` for an option on one held), the
    package and its options."""
    found = next((c for c in view["characters"] if c["id"] == actor), None)
    # The ways as offered first, those with an option on top after them (autocomplete shows the
    # first few that match what is typed).
    out: list[Choice] = []
    more: list[Choice] = []
    for way in (found or {}).get("package_offers") or ():
        name = reader.package("package:" + way["key"])
        if way.get("adds"):
            bought = ", ".join(reader.package(f"option:{k}") for k in way["options"])
            label = reader.t("discord.package_adds", package=name, option=bought)
            label = reader.t("milestone.package_cost", what=label, n=way["refresh"])
            out.append(Choice(label, "|".join([ADDS, way["key"], *way["options"]])))
            continue
        old = way.get("replaces") or ""
        taken = [(list(way["options"]), way["refresh"])]
        taken += [([*way["options"], e["option"]], e["refresh"]) for e in way.get("extras") or ()]
        for n, (options, refresh) in enumerate(taken):
            said = ", ".join(reader.package(f"option:{k}") for k in options)
            label = reader.t("milestone.package_cost", what=f"{name}: {said}", n=refresh)
            if old:
                label = reader.t(
                    "discord.package_instead", old=reader.package(f"package:{old}"), new=label
                )
            (more if n else out).append(Choice(label, "|".join([old, way["key"], *options])))
    return out + more


def _milestone(view: JSON, options: Mapping[str, Any], reader: Reader) -> Move:
    """``/milestone``: the PC's open milestone spent on a package, bought or in the place of
    one bought, one of the ways the view offers; sent with the command the PC's offers name
    (Fate Core's three milestones, or Fate Condensed's milestone or breakthrough)."""
    actor = acting(view, options)
    ways = package_ways(view, actor, reader)
    if not ways:
        raise Ask("discord.no_package_way")
    old, key, *taken = pick(_text(options, "package") or "", ways, "package").split("|")
    change: JSON = {"kind": "buy_package", "package": key, "options": taken}
    if old == ADDS:
        change = {"kind": "add_package_options", "package": key, "options": taken}
    elif old:
        change = {"kind": "swap_package", "old": old, "package": key, "options": taken}
    found = next(c for c in view["characters"] if c["id"] == actor)
    offers = found.get("offers") or ()
    if "SpendMilestone" in offers:
        return Move("SpendMilestone", {"character_id": actor, "change": change})
    if "Milestone" in offers:
        return Move("Milestone", {"character_id": actor, "choice": change})
    return Move("Breakthrough", {"character_id": actor, "milestone": change})


def zone_ways(view: JSON, actor: str) -> dict[str, str]:
    """Where the seat's view offers ``actor`` to go, and how: ``free`` (a free move: the
    scene's own, or a fighter's in the exchange as the conflict offers it) or ``overcome`` (a
    zone further off, or past a border an aspect blocks). Only the view's offers: a zone the
    seat may not know of is never among them."""
    zones = (view.get("scene") or {}).get("zones") or {}
    conflict = view.get("conflict") or {}
    legal = (conflict.get("legal_actions") or {}).get(actor, ())
    # As the page's board reads them: a fighter's overcome is the conflict's to offer (past a
    # blocked border), anyone else's the scene's (``further``, which holds those past one too;
    # ``blocked`` alone says only where an aspect stands, shown even while no move is offered).
    fighting = _fighting(view, actor)
    further = list(zones.get("further", {}).get(actor, ()))
    rolls = fighting and any(a["move"] == "overcome" for a in legal)
    ways: dict[str, str] = {}
    for zone in further:
        ways[zone] = "overcome"
    for border in zones.get("blocked", {}).get(actor, ()):
        if rolls or border["zone"] in further:
            ways[border["zone"]] = "overcome"
    free = list(zones.get("moves", {}).get(actor, ()))
    for action in legal:
        if action["move"] == "free_move":
            free += action["targets"]
    for zone in free:
        ways[zone] = "free"
    return dict(sorted(ways.items()))


def zone_choices(view: JSON, actor: str, reader: Reader) -> list[Choice]:
    """The zones ``actor`` may be moved to, each named with how (:func:`zone_ways`)."""
    return [
        Choice(reader.t(f"zones.way.{how}", zone=zone), zone)
        for zone, how in zone_ways(view, actor).items()
    ]


def scene_zones(view: JSON, next_to: str | None = None) -> list[Choice]:
    """The scene's zones the seat may know of (a GM: every one), or only those that share a
    border with ``next_to``."""
    zones = (view.get("scene") or {}).get("zones") or {}
    listed = [str(z) for z in zones.get("zones", ())]
    if next_to is not None:
        links = [(str(a), str(b)) for a, b in zones.get("links", ())]
        near = {b for a, b in links if a == next_to} | {a for a, b in links if b == next_to}
        listed = [z for z in listed if z in near]
    return [Choice(z, z) for z in listed]


def border_aspects(view: JSON, extras: JSON | None = None) -> list[Choice]:
    """The aspects a GM may put on a border: the scene's situation and zone aspects; with the
    extras (``impediments``), only those standing on a border now, to take one off."""
    scene = view.get("scene") or {}
    listed = [a for a in scene.get("aspects", ()) if a.get("kind") in ("situation", "zone")]
    if extras is not None:
        standing = {str(a) for i in extras.get("impediments", ()) for a in i["aspects"]}
        listed = [a for a in listed if str(a["id"]) in standing]
    return [Choice(str(a["name"]), str(a["id"])) for a in listed]


def _border(options: Mapping[str, Any], view: JSON) -> Move:
    """``/gm border``: the aspect named put on the border between two zones, or taken off."""
    if not ((view.get("scene") or {}).get("zones")):
        raise Ask("refusal.no_zones")
    aspect = pick(str(options.get("aspect", "")), border_aspects(view), "aspect")
    zone = pick(str(options.get("zone", "")), scene_zones(view), "zone")
    neighbour = pick(str(options.get("neighbour", "")), scene_zones(view, zone), "neighbour")
    data = {"aspect_id": aspect, "zone": zone, "to": neighbour}
    return Move("ClearBorder" if options.get("clear") else "BlockBorder", data)


def _zone_move(view: JSON, options: Mapping[str, Any], reader: Reader) -> Move:
    actor = acting(view, options)
    ways = zone_ways(view, actor)
    if not ways:
        raise Ask("discord.no_zone_move")
    zone = pick(str(options.get("zone", "")), zone_choices(view, actor, reader), "zone")
    if ways[zone] == "overcome":
        # Further off or past an aspect: an overcome that decides whether they get there.
        raise Ask("discord.move_overcome", zone=zone)
    return Move("FreeMove", {"actor": actor, "to": zone})


def open_tasks(view: JSON, reader: Reader) -> list[Choice]:
    """The challenge's tasks not yet rolled, each named by its description, skill and
    difficulty."""
    challenge = view.get("challenge") or {}
    return [
        Choice(
            f"{task['description']} ({reader.skill(task['skill'])}, "
            f"{reader.rating(int(task['difficulty']))})",
            str(task["key"]),
        )
        for task in challenge.get("tasks", ())
        if task.get("result") is None and task.get("rolling") is None
    ]


def _task(view: JSON, options: Mapping[str, Any], reader: Reader, skill: str | None) -> str:
    """The challenge's task an overcome is for: the one named, else the one open task of the
    skill rolled, else the one open task."""
    listed = open_tasks(view, reader)
    typed = _text(options, "task")
    if typed is not None:
        return pick(typed, listed, "task")
    tasks = {t["key"]: t for t in (view.get("challenge") or {}).get("tasks", ())}
    of_skill = [c for c in listed if tasks[c.value]["skill"] == skill]
    for found in (of_skill, listed):
        if len(found) == 1:
            return found[0].value
    raise Ask("discord.which_task")


def _contest_side(view: JSON, actor: str) -> str | None:
    """The side ``actor`` rolls for in the contest running (``None``: none, or it is won)."""
    contest = view.get("contest")
    if not contest or contest.get("winner"):
        return None
    return next((str(s["id"]) for s in contest["sides"] if actor in s["members"]), None)


def _roll(kind: str, view: JSON, options: Mapping[str, Any], reader: Reader) -> Move:
    actor = acting(view, options)
    action = kind if kind != "roll" else str(options.get("action") or "overcome")
    dice = {"dice": _text(options, "dice")} if _text(options, "dice") is not None else {}
    move_to = None
    if action == "overcome" and _text(options, "zone") is not None:
        # An overcome to get somewhere: only to a zone the seat's view offers a way to.
        move_to = pick(str(options["zone"]), zone_choices(view, actor, reader), "zone")
    if action == "overcome" and move_to is None and not _fighting(view, actor):
        # In a contest or a challenge an overcome is the side's roll, or a task's.
        side = _contest_side(view, actor)
        if side is not None:
            rolled = _counting(view, options, actor, _skill(view, options, actor, reader))
            second = _second(view, options, actor, reader)
            return Move("ContestRoll", {"side": side, "actor": actor, **rolled, **second, **dice})
        if view.get("challenge") and open_tasks(view, reader):
            task = _task(view, options, reader, _skill(view, options, actor, reader))
            # The task names its skill; a PC that counts aspects names those instead.
            counted = _named_counted(view, options, COUNT_OPTIONS) or {}
            second = _second(view, options, actor, reader)
            return Move(
                "ChallengeRoll", {"task": task, "actor": actor, **counted, **second, **dice}
            )
    data: JSON = {
        "actor": actor,
        **_counting(view, options, actor, _skill(view, options, actor, reader)),
        **_second(view, options, actor, reader),
        **_defending(view, options),
    }
    if options.get("difficulty") is not None:
        data["difficulty"] = int(options["difficulty"])
    against = _text(options, "against")
    if against is not None:
        data["against"] = pick_character(against, view, "against")
    aspect = _text(options, "aspect")
    if aspect is not None and action == "create_advantage":
        data["aspect_id"] = pick(aspect, [c for c, _ in aspects(view)], "aspect")
    if _text(options, "dice") is not None:
        data["dice"] = _text(options, "dice")
    _stunt(view, options, actor, data)
    if weight_claimed(view, actor, options):
        data["weight_claimed"] = True  # the table judges the claim (the GM's word)
    if move_to is not None:
        data["move_to"] = move_to
    if _fighting(view, actor):
        return Move("Overcome" if action == "overcome" else "CreateAdvantage", data)
    return Move("Roll", {**data, "action": action})


def _attack(view: JSON, options: Mapping[str, Any], reader: Reader) -> Move:
    actor = acting(view, options)
    target = pick_character(str(options.get("target", "")), view, "target")
    skill = _skill(view, options, actor, reader)
    counting = _named_counted(view, options, COUNT_OPTIONS) is not None
    if skill is None and not counting and counted_worth(view, actor) is None:
        legal = ((view.get("conflict") or {}).get("legal_actions") or {}).get(actor, ())
        offered: list[str] = next((a["skills"] for a in legal if a["move"] == "attack"), [])
        skill = offered[0] if offered else "fight"
    data: JSON = {
        "actor": actor,
        "target": target,
        **_counting(view, options, actor, skill),
        **_second(view, options, actor, reader),
        **_defending(view, options),
    }
    if _text(options, "dice") is not None:
        data["dice"] = _text(options, "dice")
    _stunt(view, options, actor, data)
    return Move("Attack", data)


def _invoke(view: JSON, options: Mapping[str, Any], reader: Reader) -> Move:
    typed = _text(options, "as")
    roll = roll_for(view, options, reader, pick(typed, characters(view), "as") if typed else None)
    if roll is None:
        raise Ask("discord.no_roll")
    by = acting(view, options, roll_side=True, roll=roll)
    aspect = pick(str(options.get("aspect", "")), [c for c, _ in aspects(view, by)], "aspect")
    data: JSON = {"aspect_id": aspect, "by": by, "effect": options.get("effect") or "plus_two"}
    if options.get("free") is not None:
        data["free"] = bool(options["free"])
    else:
        held = dict((c.value, n) for c, n in aspects(view, by))
        data["free"] = held.get(aspect, 0) > 0
    data["roll"] = roll["id"]
    actor, defender = _roll_sides(roll)
    if defender == by and actor != by:
        data["on_defence"] = True
    if _text(options, "dice") is not None:
        data["dice"] = _text(options, "dice")
    return Move("Invoke", data)


def resolution_of(extras: JSON, roll: JSON | None) -> JSON:
    """What settling ``roll`` offers the seat (its extras' resolution)."""
    if roll is None:
        return {}
    return dict(((extras or {}).get("resolutions") or {}).get(roll.get("id")) or {})


def resolution_options(found: JSON, reader: Reader) -> list[Choice]:
    """The ways a roll in play may be settled (``found``: :func:`resolution_of`), named in the
    reader's language."""
    out = []
    for option in found.get("options", ()):
        name = reader.t(f"option.outcome.{option['key']}")
        if option.get("hit") is not None:
            name += " " + reader.t("resolve.hit", n=option["hit"])
        out.append(Choice(name, option["key"]))
    return out


def _settle(view: JSON, extras: JSON, options: Mapping[str, Any], reader: Reader) -> Move:
    roll = roll_for(view, options, reader)
    if roll is None:
        raise Ask("discord.no_roll")
    data: JSON = {"roll": roll["id"]}
    listed = resolution_of(extras, roll)
    typed = _text(options, "option")
    chosen: JSON | None = None
    if typed is not None:
        key = pick(typed, resolution_options(listed, reader), "option")
        chosen = next((o for o in listed.get("options", ()) if o["key"] == key), None)
        data["option"] = key
    elif len(listed.get("options", ())) == 1:
        chosen = listed["options"][0]
        data["option"] = chosen["key"]
    name = _text(options, "name")
    if name is not None and chosen is not None:
        if chosen.get("names_aspect"):
            data["aspect_name"] = name
        elif chosen.get("boosts"):
            actor, defender = _roll_sides(roll)
            holder = actor if "actor" in chosen["boosts"] else defender
            data["boost_names"] = [[holder or actor, name]]
    return Move("ResolveRoll", data)


def _people(view: JSON, options: Mapping[str, Any], name: str) -> str:
    return pick(str(options.get(name, "")), characters(view), name)


def move_for(
    command: str, options: Mapping[str, Any], view: JSON, extras: JSON, reader: Reader
) -> Move:
    """The table command for a slash command's options, read in the seat's ``view``. Raises
    :class:`Ask` when something must be said first, :class:`~fatekit.discord.lookup.Found`
    when a name names nothing the seat sees."""
    # What the page would not offer at all is said in the user's words, before the engine's.
    if command in ("invoke", "settle") and not rolls_in_play(view):
        raise Ask("discord.no_roll")
    if command in ("roll", "overcome", "advantage", "attack", "defend") and not view.get("scene"):
        raise Ask("scene.none")
    running = view.get("conflict") and view["conflict"].get("phase") != "ended"
    if command in ("attack", "defend", "concede", "turn") and not running:
        raise Ask("discord.no_conflict")
    if command in ("roll", "overcome"):
        return _roll(command if command == "roll" else "overcome", view, options, reader)
    if command == "advantage":
        return _roll("create_advantage", view, options, reader)
    if command == "attack":
        return _attack(view, options, reader)
    if command == "defend":
        return Move("FullDefense", {"actor": acting(view, options)})
    if command == "invoke":
        return _invoke(view, options, reader)
    if command == "settle":
        return _settle(view, extras, options, reader)
    if command == "concede":
        return Move("Concede", {"character_id": acting(view, options)})
    if command == "compel":
        target = pick_character(str(options.get("target", "")), view, "target")
        data: JSON = {
            "aspect_id": pick(
                str(options.get("aspect", "")), [c for c, _ in aspects(view)], "aspect"
            ),
            "target": target,
            "complication": _text(options, "complication") or "",
            **_compel_kind(options),
        }
        if view["you"]["role"] != "gm" or _text(options, "as") is not None:
            data["offered_by"] = acting(view, options)
        return Move("OfferCompel", data)
    if command == "selfcompel":
        target = acting(view, options)
        aspect = pick(str(options.get("aspect", "")), [c for c, _ in aspects(view)], "aspect")
        complication = _text(options, "complication") or ""
        return Move(
            "SelfCompel",
            {
                "aspect_id": aspect,
                "target": target,
                "complication": complication,
                **_compel_kind(options),
            },
        )
    if command == "pass":
        giver = acting(view, options)
        aspect = pick(
            str(options.get("aspect", "")), [c for c, _ in aspects(view, giver)], "aspect"
        )
        to = _people(view, options, "to")
        return Move(
            "PassFreeInvoke", {"aspect_id": aspect, "from_character": giver, "to_character": to}
        )
    if command == "move":
        if not ((view.get("scene") or {}).get("zones")):
            raise Ask("refusal.no_zones")
        return _zone_move(view, options, reader)
    if command == "safety":
        return Move("RaiseSignal", {"tool": str(options.get("tool", ""))})
    if command == "milestone":
        return _milestone(view, options, reader)
    if command == "note":
        return Move(
            "Note",
            {
                "text": _text(options, "text") or "",
                "visibility": options.get("visibility") or "public",
            },
        )
    if command == "turn":
        typed = _text(options, "next")
        return Move(
            "EndTurn", {"next_actor": pick_character(typed, view, "next") if typed else None}
        )
    if command == "secret":
        actor = _people(view, options, "as")
        data = {
            "actor": actor,
            **_counting(view, options, actor, _skill(view, options, actor, reader)),
            **_second(view, options, actor, reader),
        }
        if options.get("difficulty") is not None:
            data["difficulty"] = int(options["difficulty"])
        for name in ("reason", "dice"):
            if _text(options, name) is not None:
                data[name] = _text(options, name)
        return Move("SecretRoll", data)
    if command == "reveal":
        return Move("RevealRoll", {"roll_id": str(options.get("roll", ""))})
    raise Ask("discord.unknown")


#: A challenge's task as the GM types it: the skill, its difficulty, then what is to be done.
_TASK = re.compile(r"^\s*(?P<skill>.+?)\s+(?P<difficulty>[+-]?\d{1,2})\b\s*(?P<text>.*?)\s*$")


def _tasks(typed: str, view: JSON, reader: Reader) -> list[list[Any]]:
    """The tasks of ``/gm start-challenge``: "Athletics 2 climb the wall; Lore 3 read the
    runes" (the skill named in any of its names the reader knows, a difficulty on the ladder)."""
    known = [Choice(reader.skill(k), k) for k in view.get("skills", ())]
    out: list[list[Any]] = []
    for n, part in enumerate((p for p in re.split(r"[;\n]", typed) if p.strip()), start=1):
        found = _TASK.match(part)
        if found is None:
            raise Ask("discord.tasks_format")
        skill = pick(found["skill"], known, "skill")
        text = found["text"] or reader.skill(skill)
        out.append([f"task{n}", text, skill, int(found["difficulty"])])
    if not out:
        raise Ask("discord.tasks_format")
    return out


def gm_move(subcommand: str, options: Mapping[str, Any], view: JSON, reader: Reader) -> Move:
    """The table command for one of the ``/gm`` subcommands."""
    if subcommand == "start-session":
        return Move("StartSession")
    if subcommand == "end-session":
        return Move("EndSession")
    if subcommand == "start-scene":
        typed = _text(options, "characters")
        if typed:
            names = [part.strip() for part in typed.split(",") if part.strip()]
            chosen = [pick(n, characters(view), "characters") for n in names]
        else:
            chosen = [c.value for c in characters(view)]
        # Its zones, borders, places and hidden zones, read from the lists the GM typed.
        present = [c for c in characters(view) if c.value in chosen]
        try:
            layout = scene_zones_typed(
                options, sorted(present, key=lambda c: chosen.index(c.value))
            )
        except Unreadable as unreadable:
            raise Ask(unreadable.key, **unreadable.fields) from None
        return Move(
            "StartScene",
            {"name": _text(options, "name") or "", "participants": chosen, **layout},
        )
    if subcommand == "border":
        return _border(options, view)
    if subcommand == "aspect":
        return Move(
            "AddSituationAspect",
            {"name": _text(options, "name") or "", "hidden": bool(options.get("hidden", False))},
        )
    if subcommand == "start-conflict":
        if any(r.get("kind") != "conflict" for r in rolls_in_play(view)):
            raise Ask("discord.rolls_first")
        data = _sides(view, str(options.get("kind") or "physical"))
        first = _text(options, "first")
        if first is not None:
            data["first"] = pick_character(first, view, "first")
        return Move("StartConflict", data)
    if subcommand == "end-conflict":
        return Move("FinishConflict")
    if subcommand == "addressed":
        waiting = view["safety"]["waiting"]
        if not waiting:
            raise Ask("discord.no_signal")
        return Move(
            "AnswerSignal", {"signal_id": waiting[0]["id"], "note": _text(options, "note") or ""}
        )
    if subcommand == "start-contest":
        # The sides are named in the GM's language, as the page's contest dialog names them.
        (_, heroes), (_, others) = _sides(view, "physical")["sides"]
        side_names = (reader.t("conflict.side_a"), reader.t("conflict.side_b"))
        intents = [
            [side_names[0], _text(options, "heroes") or side_names[0]],
            [side_names[1], _text(options, "opposition") or side_names[1]],
        ]
        return Move(
            "StartContest",
            {
                "sides": [[side_names[0], heroes], [side_names[1], others]],
                "intents": intents,
                "victories_needed": int(options.get("victories") or 3),
            },
        )
    if subcommand == "start-challenge":
        return Move(
            "StartChallenge", {"tasks": _tasks(str(options.get("tasks") or ""), view, reader)}
        )
    if subcommand == "end-contest":
        return Move("EndContest")
    if subcommand == "end-challenge":
        return Move("EndChallenge")
    if subcommand == "end-scene":
        return Move("EndScene")
    raise Ask("discord.unknown")


def _sides(view: JSON, kind: str) -> JSON:
    """A conflict between the players' characters and the GM's, among those in the scene."""
    scene = view.get("scene") or {}
    present = set(scene.get("participants", ()))
    heroes: list[str] = []
    others: list[str] = []
    for character in view["characters"]:
        if present and character["id"] not in present:
            continue
        (heroes if character.get("owner") else others).append(character["id"])
    return {"sides": [["heroes", heroes], ["opposition", others]], "kind": kind}
