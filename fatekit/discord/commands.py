"""The slash commands the app registers with Discord, named and described in every language.

Each command is data (:class:`Slash`, :class:`Option`); :func:`definitions` turns them into the
JSON of Discord's "Bulk Overwrite Global Application Commands", with names and descriptions
from the catalogs (``discord.cmd.*`` and ``discord.opt.*`` keys) for English and, as
localizations, for Russian, Italian and Swedish, so each player sees the commands in the
language their Discord speaks. The interactions still carry the English names, which the
handler reads.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fatekit.discord.protocol import CommandType, OptionType
from fatekit.discord.words import words
from fatekit.discord.zoned import ZONES_TEXT
from fatekit.table.play.conditions import MAX_EFFORT

__all__ = ["COMMANDS", "LOCALES", "Option", "Slash", "definitions"]

#: Discord's locale for each catalog language but English (the commands' own language).
LOCALES = {"ru": "ru", "it": "it", "sv": "sv-SE"}
#: Difficulties and ratings a command takes: the ladder's reach and a little beyond.
LOWEST, HIGHEST = -4, 12
#: Interaction contexts: a server's channels only (a table is played where it is bound).
GUILD_ONLY = [0]


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a command: its name (also its catalog key), its type and constraints;
    ``choices`` are (catalog key of the label, value)."""

    name: str
    type: OptionType = OptionType.STRING
    required: bool = False
    autocomplete: bool = False
    choices: tuple[tuple[str, str], ...] = ()
    ranged: bool = False  # an integer on the ladder's reach
    bounds: tuple[int, int] | None = None  # an integer's least and most
    longest: int | None = None  # most characters of a string


@dataclass(frozen=True, slots=True)
class Slash:
    """One slash command, or one subcommand of a group."""

    name: str
    options: tuple[Option, ...] = ()
    subcommands: tuple[Slash, ...] = field(default=())


def _o(name: str, **kw: Any) -> Option:
    return Option(name, **kw)


_AS = _o("as", autocomplete=True)
_DICE = _o("dice", longest=40)
_DIFFICULTY = _o("difficulty", type=OptionType.INTEGER, ranged=True)
# Not required: a PC that counts aspects (The Three Rocketeers) names those instead (count1..3).
_SKILL = _o("skill", autocomplete=True)
# The aspects a PC counts instead of a skill, and those a PC opposing the roll counts.
_COUNT = tuple(_o(f"count{n}", autocomplete=True) for n in (1, 2, 3))
_DEFEND = tuple(_o(f"defend{n}", autocomplete=True) for n in (1, 2, 3))
# Two combined skill lists: the second list's skill a roll adds (refused at other tables).
_SECOND = _o("second", autocomplete=True)
_TASK = _o("task", autocomplete=True)  # a challenge's task (found by the skill when left out)
_STUNT = _o("stunt", autocomplete=True)  # one more stunt to use (free bonuses count anyway)
_ROLL = _o("roll", autocomplete=True)  # which roll in play, when there are several
_WEIGHT = _o("weight", type=OptionType.BOOLEAN)  # the allies' presence helps: count weight
_ACTIONS = (("action.overcome", "overcome"), ("action.create_advantage", "create_advantage"))
_TEXT = 1000
# A compel's kind (compel.kinds), and what the character decides when it is a decision.
_COMPEL_KIND = _o("kind", choices=tuple((f"compel.kind.{k}", k) for k in ("event", "decision")))
_DECISION = _o("decision", longest=_TEXT)

COMMANDS: tuple[Slash, ...] = (
    Slash(
        "bind",
        (_o("language", choices=tuple((f"language.{k}", k) for k in ("en", "ru", "it", "sv"))),),
    ),
    Slash("unbind"),
    Slash("join"),
    Slash("leave"),
    Slash(
        "seat",
        (
            _o("user", type=OptionType.USER, required=True),
            _o("seat", required=True, autocomplete=True),
        ),
    ),
    Slash("unseat", (_o("user", type=OptionType.USER, required=True),)),
    Slash(
        "roll",
        (
            _SKILL,
            *_COUNT,
            _SECOND,
            _o("action", choices=_ACTIONS),
            _DIFFICULTY,
            _o("against", autocomplete=True),
            _o("aspect", autocomplete=True),
            _TASK,
            _STUNT,
            _AS,
            _DICE,
            _WEIGHT,
            *_DEFEND,
        ),
    ),
    Slash(
        "overcome",
        (
            _SKILL,
            *_COUNT,
            _SECOND,
            _DIFFICULTY,
            _o("against", autocomplete=True),
            # An overcome to get to a zone: further off, or past an aspect on a border.
            _o("zone", autocomplete=True),
            _TASK,
            _STUNT,
            _AS,
            _DICE,
            _WEIGHT,
            *_DEFEND,
        ),
    ),
    Slash(
        "advantage",
        (
            _SKILL,
            *_COUNT,
            _SECOND,
            _DIFFICULTY,
            _o("against", autocomplete=True),
            _o("aspect", autocomplete=True),
            _STUNT,
            _AS,
            _DICE,
            _WEIGHT,
            *_DEFEND,
        ),
    ),
    Slash(
        "attack",
        (
            _o("target", required=True, autocomplete=True),
            _SKILL,
            *_COUNT,
            _SECOND,
            _STUNT,
            _AS,
            _DICE,
            *_DEFEND,
        ),
    ),
    Slash("defend", (_AS,)),
    Slash(
        "invoke",
        (
            _o("aspect", required=True, autocomplete=True),
            _o("effect", choices=(("effect.plus_two", "plus_two"), ("effect.reroll", "reroll"))),
            _o("free", type=OptionType.BOOLEAN),
            _ROLL,
            _AS,
            _DICE,
        ),
    ),
    Slash("settle", (_o("option", autocomplete=True), _o("name", longest=200), _ROLL)),
    Slash("hit"),
    Slash("concede", (_AS,)),
    Slash(
        "compel",
        (
            _o("target", required=True, autocomplete=True),
            _o("aspect", required=True, autocomplete=True),
            _o("complication", required=True, longest=_TEXT),
            _COMPEL_KIND,
            _DECISION,
            _AS,
        ),
    ),
    Slash(
        "selfcompel",
        (
            _o("aspect", required=True, autocomplete=True),
            _o("complication", required=True, longest=_TEXT),
            _COMPEL_KIND,
            _DECISION,
            _AS,
        ),
    ),
    Slash(
        "pass",
        (
            _o("aspect", required=True, autocomplete=True),
            _o("to", required=True, autocomplete=True),
            _AS,
        ),
    ),
    Slash(
        "note",
        (
            _o("text", required=True, longest=_TEXT),
            # Which visibilities a seat may use is the table's offer (you.notes), not a list
            # Discord registers once for everyone: the GM's own is offered to the GM only.
            _o("visibility", autocomplete=True),
        ),
    ),
    # A safety signal: its answer is private, and the channel's line names nobody.
    Slash(
        "safety",
        (
            _o(
                "tool",
                required=True,
                choices=tuple(
                    (f"safety.tool.{t}", t) for t in ("x-card", "pause", "rewind", "fast-forward")
                ),
            ),
        ),
    ),
    Slash("sheet", (_o("character", autocomplete=True),)),
    Slash("scene"),
    # A PC's open milestone spent on a package (Venture City's power), as the view offers.
    Slash("milestone", (_o("package", required=True, autocomplete=True), _AS)),
    # A lasting condition's recovery begun: the overcome against Great (+4) reached ``effort``
    # (the Fate System Toolkit's conditions; the rules judge it, as the page's form).
    Slash(
        "recover",
        (
            _o("condition", required=True, autocomplete=True),
            _o("effort", type=OptionType.INTEGER, required=True, bounds=(-MAX_EFFORT, MAX_EFFORT)),
            _AS,
        ),
    ),
    # A move across the scene's zones, where the seat's view offers one.
    Slash("move", (_o("zone", required=True, autocomplete=True), _AS)),
    Slash(
        "odds",
        (
            _SKILL,
            *_COUNT,
            _SECOND,
            _o("action", choices=(*_ACTIONS, ("action.attack", "attack"))),
            _DIFFICULTY,
            _o("against", autocomplete=True),
            _AS,
            _WEIGHT,  # the odds of a claim of weight, counted as if the GM allows it
            *_DEFEND,
        ),
    ),
    Slash("turn", (_o("next", autocomplete=True),)),
    Slash(
        "allow",
        (_o("move", required=True, autocomplete=True), _o("reason", required=True, longest=500)),
    ),
    Slash(
        "secret",
        (
            _o("as", required=True, autocomplete=True),
            _SKILL,
            *_COUNT,
            _SECOND,
            _DIFFICULTY,
            _o("reason", longest=_TEXT),
            _DICE,
        ),
    ),
    Slash("reveal", (_o("roll", required=True, autocomplete=True),)),  # a secret roll
    Slash(
        "gm",
        subcommands=(
            Slash("start-session"),
            Slash("end-session"),
            Slash(
                "start-scene",
                (
                    _o("name", required=True, longest=200),
                    _o("characters", longest=_TEXT),
                    # A scene with zones: lists the GM types (fatekit.discord.zoned).
                    _o("zones", longest=ZONES_TEXT),
                    _o("links", longest=ZONES_TEXT),
                    _o("places", longest=ZONES_TEXT),
                    _o("hide", longest=ZONES_TEXT),
                ),
            ),
            Slash(
                "aspect",
                (_o("name", required=True, longest=200), _o("hidden", type=OptionType.BOOLEAN)),
            ),
            # A situation aspect put on (or, with clear, taken off) a border between zones.
            Slash(
                "border",
                (
                    _o("aspect", required=True, autocomplete=True),
                    _o("zone", required=True, autocomplete=True),
                    _o("neighbour", required=True, autocomplete=True),
                    _o("clear", type=OptionType.BOOLEAN),
                ),
            ),
            # A condition marked (``by``: who inflicted it) or, with clear, cleared on a sheet.
            Slash(
                "condition",
                (
                    _o("character", required=True, autocomplete=True),
                    _o("condition", required=True, autocomplete=True),
                    _o("clear", type=OptionType.BOOLEAN),
                    _o("by", autocomplete=True),
                ),
            ),
            Slash(
                "start-conflict",
                (
                    _o("first", autocomplete=True),
                    _o(
                        "kind",
                        choices=(
                            ("conflict.kind.physical", "physical"),
                            ("conflict.kind.mental", "mental"),
                        ),
                    ),
                ),
            ),
            Slash("end-conflict"),
            # The oldest safety signal waiting, addressed: play goes on.
            Slash("addressed", (_o("note", longest=500),)),
            Slash(
                "start-contest",
                (
                    _o("heroes", longest=200),
                    _o("opposition", longest=200),
                    _o("victories", type=OptionType.INTEGER, bounds=(3, 5)),
                ),
            ),
            Slash("end-contest"),
            Slash("start-challenge", (_o("tasks", required=True, longest=_TEXT),)),
            Slash("end-challenge"),
            Slash("end-scene"),
            Slash(
                "command",
                (_o("type", required=True, autocomplete=True), _o("data", longest=4000)),
            ),
        ),
    ),
    Slash("character", (_o("file", type=OptionType.ATTACHMENT, required=True),)),
    # "Does it work?": connected, bound, may post here.
    Slash("fatekit", subcommands=(Slash("status"),)),
)


def _texts(key: str) -> tuple[str, dict[str, str]]:
    """A catalog text in English and its localizations by Discord locale."""
    english = words("en")(key)
    return english, {locale: words(language)(key) for language, locale in LOCALES.items()}


def _option(command: str, option: Option) -> dict[str, Any]:
    name, names = _texts(f"discord.opt.{option.name}")
    about_key = f"discord.opt.{command}.{option.name}.about"
    if not words("en").has(about_key):
        about_key = f"discord.opt.{option.name}.about"
    about, abouts = _texts(about_key)
    out: dict[str, Any] = {
        "type": int(option.type),
        "name": name,
        "name_localizations": names,
        "description": about,
        "description_localizations": abouts,
        "required": option.required,
    }
    if option.autocomplete:
        out["autocomplete"] = True
    if option.choices:
        out["choices"] = []
        for label_key, value in option.choices:
            label, labels = _texts(label_key)
            out["choices"].append({"name": label, "name_localizations": labels, "value": value})
    if option.ranged:
        out["min_value"], out["max_value"] = LOWEST, HIGHEST
    if option.bounds is not None:
        out["min_value"], out["max_value"] = option.bounds
    if option.longest is not None:
        out["max_length"] = option.longest
    return out


def _command(slash: Slash, parent: str = "") -> dict[str, Any]:
    key = f"{parent}.{slash.name}" if parent else slash.name
    name, names = _texts(f"discord.cmd.{key}")
    about, abouts = _texts(f"discord.cmd.{key}.about")
    out: dict[str, Any] = {
        "name": name,
        "name_localizations": names,
        "description": about,
        "description_localizations": abouts,
    }
    if slash.subcommands:
        out["options"] = [
            {"type": int(OptionType.SUB_COMMAND), **_command(sub, key)} for sub in slash.subcommands
        ]
    else:
        options = sorted(slash.options, key=lambda o: not o.required)  # required ones first
        out["options"] = [_option(key, o) for o in options]
    return out


def definitions() -> list[dict[str, Any]]:
    """Every command, as ``PUT /applications/{id}/commands`` takes them."""
    return [
        {**_command(slash), "type": int(CommandType.CHAT_INPUT), "contexts": GUILD_ONLY}
        for slash in COMMANDS
    ]
