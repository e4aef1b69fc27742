"""Where a choice waits: buttons, menus and forms (modals), and what pressing them sends.

A button's ``custom_id`` says what it does and little else (``inv:plus_two``, ``cmp:accept:c12``):
what the presser may do is read from their own seat's view when it is pressed, and the rules
engine decides as it does for the page (a compel's Accept pressed by anyone but the target's
player is refused, with the rule that says why). The forms: a consequence's name, a new
aspect's name, the GM's reason for allowing a move (the seat links' forms: :mod:`.seating`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from typing import Any

from fatekit.discord.context import Context, Door, Seen
from fatekit.discord.lines import escape
from fatekit.discord.lookup import Choice, aspects
from fatekit.discord.moves import (
    Ask,
    Move,
    acting,
    resolution_of,
    resolution_options,
    rolls_in_play,
)
from fatekit.discord.protocol import (
    CUSTOM_ID_LIMIT,
    MESSAGE_ROWS,
    ButtonStyle,
    ComponentType,
    button,
    modal,
    private_reply,
    public_reply,
    row,
    rows,
)
from fatekit.discord.words import Words
from fatekit.rules.core.errors import FateError
from fatekit.rules.scenes.conflict import EXCHANGE_RULE
from fatekit.server.errors import ApiError, problem
from fatekit.server.service import Caller
from fatekit.table.deciding import allowed, check_may_waive

__all__ = [
    "allow_typed",
    "aspect_name_form",
    "hit_options",
    "kept_moves",
    "pressed",
    "refusal_text",
    "refused",
    "settle_menu",
    "submitted",
    "waiting_buttons",
]

JSON = dict[str, Any]


async def is_gm(door: Door, context: Context) -> bool:
    """Whether the user plays a GM seat at the channel's table."""
    caller = door.caller(context)
    return bool(await door.service.read(caller, lambda state, seat: state.seat(seat).is_gm))


async def may_waive(door: Door, context: Context) -> bool:
    """Whether the user's seat may set a rule aside, by the table's own check of a waiver (what
    the seat's document offers as ``you.may_waive``)."""
    caller = door.caller(context)
    return bool(
        await door.service.read(
            caller, lambda state, seat: allowed(check_may_waive, state.seat(seat))
        )
    )


# -- refusals and the GM's word -------------------------------------------------------------------


def refusal_text(body: JSON, t: Words, who: Callable[[str], str] | None = None) -> str:
    """A refusal in the user's language: what kind, and the real reason (the rule's, each
    field's, or the server's own sentence). A refusal the engine names (``code``) reads in the
    catalog's words, as the page reads it; ``who`` names a character by id."""
    code = body.get("code")
    if code and t.has(f"refusal.{code}"):
        params = {k: escape(str(v)) for k, v in (body.get("params") or {}).items()}
        if who is not None and isinstance((body.get("params") or {}).get("who"), str):
            params["who"] = who(str(body["params"]["who"]))
        return str(t(f"refusal.{code}", **params))
    kind = str(body.get("error", "other"))
    known = ("illegal", "forbidden", "malformed", "stale", "link", "not_found", "cap", "read_only")
    out = [t(f"error.{kind if kind in known else 'other'}")]
    rule = body.get("rule") or {}
    if rule.get("key"):
        key = str(rule["key"])
        reason = t(f"rule.{key}") if t.has(f"rule.{key}") else escape(str(rule.get("summary", key)))
        out.append(t("error.rule", rule=reason))
    fields = body.get("fields") or {}
    for path, said in fields.items():
        out.append(f"• {escape(str(path))}: {escape(str(said))}")
    detail = body.get("detail")
    # The engine's own sentence is English: beside a rule it adds names and numbers (shown to
    # English readers); alone it is the only reason there is. The fields already said theirs.
    # A table open read-only: the catalog's sentence says it all (its GM reads why on the page).
    if (
        detail
        and not fields
        and kind != "read_only"
        and (t.language == "en" or not rule.get("key"))
    ):
        out.append(f"— {escape(str(detail))}")
    return "\n".join(out)


async def refused(
    door: Door, context: Context, caller: Caller, move: Move, error: ApiError | FateError
) -> JSON:
    """A move the table refused, said privately: the rule's reason, and where a GM may set the
    rule aside, the GM's "Allow it anyway" (a player: "Ask the GM")."""
    _, body = problem(error)
    t = context.words
    seen = await door.seen(context) if context.channel is not None else None
    text = refusal_text(body, t, seen.reader.who if seen is not None else None)
    rule = str((body.get("rule") or {}).get("key", ""))
    # The exchange's rule says only that each acts in turn; whose turn it is (or what still
    # waits) is the engine's English detail, so the state of play says it in the user's words.
    turn = seen.reader.turn() if seen is not None and rule == EXCHANGE_RULE.key else None
    if turn:
        text = f"{text}\n{turn}"
    if not body.get("waivable"):
        return private_reply(text)
    kept = await asyncio.to_thread(
        door.bindings.keep_move,
        caller.table_id,
        caller.seat,
        context.user_id,
        move.type,
        move.data,
        rule,
    )
    if await may_waive(door, context):
        return private_reply(
            text, [row(button(t("refusal.allow"), f"allow:{kept}", ButtonStyle.DANGER))]
        )
    return private_reply(
        f"{text}\n{t('refusal.ask_gm')}", [row(button(t("discord.ask_gm"), f"ask:{kept}"))]
    )


async def kept_moves(door: Door, context: Context, reader: Any) -> list[Choice]:
    """The moves kept for the GM's word at this table, newest first (for ``/allow``)."""
    if context.channel is None:
        return []
    kept = await asyncio.to_thread(door.bindings.moves, context.channel.table_id)
    out = []
    for move in kept:
        rule = reader.rule(move.rule)
        # The move in the GM's words where the catalogs name it (a roll's action), and whose
        # seat asked by its name: the GM reads this, not the command's type and the seat's id.
        named = move_name(reader.t, move.type, move.data) or escape(move.type)
        out.append(Choice(f"{named} ({reader.seat(move.seat)}): {rule}", move.id))
    return out


def move_name(t: Words, command_type: str, data: Mapping[str, Any] | None = None) -> str | None:
    """A command's move in the catalog's words (``AnswerCompel``: ``move.answer_compel``; a
    ``Roll`` by its action, ``move.overcome``), or ``None`` where the catalogs name no such move
    (a type the GM typed in ``/gm command``)."""
    action = (data or {}).get("action") if command_type == "Roll" else None
    if isinstance(action, str) and t.has(f"move.{action}"):
        return t(f"move.{action}")
    key = "".join(
        f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(command_type)
    )
    return t(f"move.{key}") if t.has(f"move.{key}") else None


async def _allow(door: Door, context: Context, move_id: str, reason: str) -> JSON:
    if context.channel is None:
        return private_reply(context.words("discord.not_bound"))
    kept = await asyncio.to_thread(door.bindings.move, context.channel.table_id, move_id)
    if kept is None:
        return private_reply(context.words("discord.move_gone"))
    caller = door.caller(context)
    return await door.play(
        context, caller, Move(kept.type, kept.data), waive=[kept.rule], reason=reason
    )


async def allow_typed(door: Door, context: Context, options: Mapping[str, Any]) -> JSON:
    """``/allow``: the GM lets a kept move through, with a reason every log shows."""
    return await _allow(door, context, str(options.get("move", "")), str(options.get("reason", "")))


# -- what waits for a choice ----------------------------------------------------------------------


def waiting_buttons(seen: Seen, t: Words) -> list[JSON]:
    """The buttons of :func:`waiting` that fit in a message."""
    return waiting(seen, t)[0]


def waiting(seen: Seen, t: Words) -> tuple[list[JSON], str | None]:
    """Buttons for what waits on the table: each roll in play (invoke, settle: a row each,
    named by its roller when there are several), a hit to take, compels to answer and
    self-compels for the GM; and, when they do not all fit in a message's five rows, a line
    saying how many did not and which commands reach them."""
    view = seen.view
    rolled: list[JSON] = []
    listed = [r for r in rolls_in_play(view) if r.get("id")]
    for roll in listed:
        who = f" ({seen.reader.who(roll.get('actor')).strip('*')})" if len(listed) > 1 else ""
        rolled.append(
            row(
                button(
                    t("discord.plus_two") + who, f"inv:plus_two:{roll['id']}", ButtonStyle.PRIMARY
                ),
                button(t("discord.reroll") + who, f"inv:reroll:{roll['id']}", ButtonStyle.PRIMARY),
                button(t("resolve.button") + who, f"settle:{roll['id']}", ButtonStyle.SUCCESS),
            )
        )
    out: list[JSON] = []
    hit = (view.get("conflict") or {}).get("pending_hit")
    if hit or view.get("contest_hits"):
        out.append(button(t("harm.absorb"), "hit", ButtonStyle.DANGER))
    for compel in view.get("compels", ()):
        if compel.get("state") == "offered":
            who = seen.reader.who(compel["target"]).strip("*")
            out.append(
                button(
                    f"{t('compel.accept')} ({who})",
                    f"cmp:accept:{compel['id']}",
                    ButtonStyle.SUCCESS,
                )
            )
            out.append(
                button(
                    f"{t('compel.refuse')} ({who})",
                    f"cmp:refuse:{compel['id']}",
                    ButtonStyle.DANGER,
                )
            )
    for asked in view.get("self_compels", ()):
        # Only the answers the table takes now (none to a player), each naming whose it is:
        # several may wait at once, and an agree is gone once the aspect is.
        who = seen.reader.who(asked["target"]).strip("*")
        answers = asked.get("answers") or ()
        if True in answers:
            out.append(
                button(f"{t('compel.agree')} ({who})", f"sc:yes:{asked['id']}", ButtonStyle.SUCCESS)
            )
        if False in answers:
            out.append(button(f"{t('compel.decline')} ({who})", f"sc:no:{asked['id']}"))
    # What answers someone (a hit, a compel) goes first: a roll may also be reached by command.
    laid = rows(out, most=MESSAGE_ROWS * 4) + rolled
    if len(laid) <= MESSAGE_ROWS:
        return laid, None
    left = sum(len(r["components"]) for r in laid[MESSAGE_ROWS:])
    return laid[:MESSAGE_ROWS], t("discord.more_waiting", n=left)


def _hit_for_seat(view: JSON) -> tuple[JSON | None, bool]:
    """The hit the seat may take now, and whether it is a contest's: the conflict's pending hit
    first, else the first contest hit waiting on one of the seat's characters."""
    hit = (view.get("conflict") or {}).get("pending_hit")
    if hit and "absorb_options" in hit:
        return hit, False
    for waiting in view.get("contest_hits") or ():
        if "absorb_options" in waiting:
            return waiting, True
    return None, False


def _taking(hit: JSON, contest: bool, data: JSON) -> Move:
    """The move that takes ``hit`` (``data``: the plan), a conflict's or a contest's."""
    if contest:
        return Move("AbsorbContestHit", {"target": hit["target"], **data})
    return Move("Absorb", data)


async def hit_options(door: Door, context: Context) -> JSON:
    """The ways the seat's character may take the hit waiting for it, as buttons."""
    seen = await door.seen(context)
    t = context.words
    hit, _ = _hit_for_seat(seen.view)
    if hit is None:
        return private_reply(t("discord.no_hit"))
    out = []
    # A message holds 25 buttons: the ways to take the hit, then the rule set's conditions (the
    # Fate System Toolkit's) the view says may be marked against it, one each (then the ways to
    # take what it leaves: _condition_options), then being taken out.
    soaking = list((hit.get("soaking") or {}).items())[:12]
    for i, option in enumerate(hit["absorb_options"][: 24 - len(soaking)]):
        out.append(button(_absorb_label(seen, hit["target"], option, t), f"abs:{i}"))
    for key, shifts in soaking:
        name = seen.reader.condition(key, key)
        out.append(button(f"{name} {t('harm.soaks', n=shifts)}", f"abc:{key}"))
    out.append(button(t("harm.taken_out"), "out", ButtonStyle.DANGER))
    return private_reply(
        t("harm.pending", who=seen.reader.who(hit["target"]), n=hit["shifts"]), rows(out)
    )


def _absorb_label(seen: Seen, target: str, option: JSON, t: Words) -> str:
    parts = []
    if option.get("boxes"):
        parts.append(t("harm.boxes", boxes=", ".join(str(b + 1) for b in option["boxes"])))
    slots = _slots(seen, target)
    for slot in option.get("slots", ()):
        found = slots[slot] if slot < len(slots) else {}
        severity = t(f"severity.{found.get('severity', 'mild')}")
        parts.append(t("harm.slot", severity=severity, n=found.get("shifts", "?")))
    if option.get("extreme"):
        parts.append(t("harm.extreme"))
    return " + ".join(parts) or t("harm.absorb")


def _slots(seen: Seen, target: str) -> list[JSON]:
    for character in seen.view["characters"]:
        if character["id"] == target and character.get("sheet"):
            return list(character["sheet"].get("consequences", ()))
    return []


def _naming_form(
    seen: Seen, target: str, index: str, option: JSON, replaces: str | None, t: Words
) -> JSON:
    """The form that names the plan's consequences (and its extreme one, first)."""
    slots = _slots(seen, target)
    inputs = [("x", t("harm.extreme_name"), 200, False)] if option.get("extreme") else []
    for slot in option.get("slots", ()):
        found = slots[slot] if slot < len(slots) else {}
        severity = t(f"severity.{found.get('severity', 'mild')}")
        inputs.append((f"n{slot}", t("harm.name_slot", severity=severity.lower()), 200, False))
    if option.get("extreme"):
        return modal(f"absxm:{index}:{replaces}", t("harm.absorb"), inputs)
    return modal(f"absm:{index}", t("harm.absorb"), inputs)


def _plan_token(token: str) -> tuple[int, tuple[str, ...]]:
    """A way to take the hit as its buttons and forms carry it: ``3`` (the view's fourth
    absorb option) or ``3.wounded+broken`` (the fourth way to take what marking Wounded and
    Broken leaves; a condition's key holds no dot, plus nor colon). A token of nothing known is
    no way at all."""
    index, _, marked = token.partition(".")
    return (int(index) if index.isdigit() else 999), tuple(k for k in marked.split("+") if k)


def _soaked(hit: JSON, marked: tuple[str, ...]) -> int | None:
    """What the conditions ``marked`` take off ``hit`` by the view's offer (``None``: one of
    them is not offered, or one is named twice)."""
    soaking = hit.get("soaking") or {}
    if len(set(marked)) != len(marked) or any(k not in soaking for k in marked):
        return None
    return sum(int(soaking[k]) for k in marked)


def _options_for(hit: JSON, marked: tuple[str, ...]) -> list[JSON]:
    """The view's ways to take ``hit``, or with the conditions ``marked`` first, those to take
    the shifts they leave."""
    if not marked:
        return list(hit.get("absorb_options") or [])
    soaks = _soaked(hit, marked)
    if soaks is None:
        return []
    return list((hit.get("absorb_after") or {}).get(str(soaks)) or [])


async def _condition_options(door: Door, context: Context, chosen: str) -> JSON:
    """Conditions chosen against the hit (``wounded+broken``): when they take the whole hit
    they are marked; else the ways to take the rest are offered as buttons, with the other
    conditions to mark as well."""
    seen = await door.seen(context)
    t = context.words
    hit, contest = _hit_for_seat(seen.view)
    marked = tuple(k for k in chosen.split("+") if k)
    soaks = _soaked(hit, marked) if hit and marked else None
    if hit is None or soaks is None:
        return private_reply(t("discord.no_hit"))
    if soaks >= hit["shifts"]:
        data: JSON = {"boxes": [], "slots": [], "conditions": list(marked)}
        return await door.play(context, door.caller(context), _taking(hit, contest, data))
    out = [
        button(_absorb_label(seen, hit["target"], option, t), f"abs:{i}.{chosen}")
        for i, option in enumerate(_options_for(hit, marked)[:12])
    ]
    for key, shifts in list((hit.get("soaking") or {}).items())[:12]:
        more = f"abc:{chosen}+{key}"
        if key not in marked and len(more) <= CUSTOM_ID_LIMIT:
            name = seen.reader.condition(key, key)
            out.append(button(f"+ {name} {t('harm.soaks', n=shifts)}", more))
    names = ", ".join(seen.reader.condition(k, k) for k in marked)
    said = t("harm.pending", who=seen.reader.who(hit["target"]), n=hit["shifts"])
    return private_reply(f"{said}\n{names} {t('harm.soaks', n=soaks)}", rows(out))


async def _absorb(
    door: Door,
    context: Context,
    token: str,
    names: Mapping[str, str] | None,
    replaces: str | None = None,
) -> JSON:
    seen = await door.seen(context)
    t = context.words
    hit, contest = _hit_for_seat(seen.view)
    index, marked = _plan_token(token)
    options = _options_for(hit, marked) if hit else []
    if not hit or index >= len(options):
        return private_reply(t("discord.no_hit"))
    option = options[index]
    if option.get("extreme") and replaces is None:
        # An extreme consequence takes the place of an aspect the player picks (the view lists
        # those it may replace), then gets its name in the form.
        menu = {
            "type": ComponentType.STRING_SELECT,
            "custom_id": f"absx:{token}",
            "options": [
                {"label": str(a["name"])[:100], "value": str(a["id"])[:100]}
                for a in (hit.get("extreme_replaces") or [])[:25]
            ],
            "placeholder": t("harm.extreme_replaces")[:150],
        }
        return private_reply(
            t("harm.extreme_hint"), [{"type": ComponentType.ACTION_ROW, "components": [menu]}]
        )
    if (option.get("slots") or option.get("extreme")) and names is None:
        return _naming_form(seen, hit["target"], token, option, replaces, t)
    data: JSON = {"boxes": list(option.get("boxes", ())), "slots": list(option.get("slots", ()))}
    if marked:
        data["conditions"] = list(marked)
    if names:
        data["names"] = [
            [int(k[1:]), v.strip()] for k, v in sorted(names.items()) if k.startswith("n")
        ]
    if option.get("extreme"):
        data["extreme"] = {"name": (names or {}).get("x", "").strip(), "replaces": replaces}
    return await door.play(context, door.caller(context), _taking(hit, contest, data))


# -- pressing -------------------------------------------------------------------------------------


async def pressed(door: Door, context: Context, custom_id: str, data: JSON) -> JSON:
    """A button pressed (or a menu chosen from)."""
    kind, _, rest = custom_id.partition(":")
    t = context.words
    if kind == "allow":
        if context.seat is None or not await may_waive(door, context):
            # The GM's button, posted in the channel: anyone else is told at once, not after
            # writing a reason in its form.
            return private_reply(t("discord.gm_only"))
        return modal(
            f"allowm:{rest}", t("refusal.allow"), [("reason", t("refusal.allow_reason"), 500, True)]
        )
    if kind == "ask":
        return await _ask(door, context, rest)
    caller = door.caller(context)
    if kind == "cmp":
        answer, _, compel = rest.partition(":")
        return await door.play(
            context, caller, Move("AnswerCompel", {"compel_id": compel, "answer": answer})
        )
    if kind == "sc":
        answer, _, compel = rest.partition(":")
        return await door.play(
            context,
            caller,
            Move("SelfCompelAnswer", {"compel_id": compel, "accepted": answer == "yes"}),
        )
    if kind == "hit":
        return await hit_options(door, context)
    if kind == "abs":
        return await _absorb(door, context, rest, None)
    if kind == "abc":  # a condition marked against the hit
        return await _condition_options(door, context, rest)
    if kind == "absx":  # the aspect an extreme consequence replaces, chosen from the menu
        replaces = str((data.get("values") or [""])[0])
        return await _absorb(door, context, rest, None, replaces)
    if kind == "out":
        hit, contest = _hit_for_seat((await door.seen(context)).view)
        if hit is not None and contest:
            return await door.play(
                context, caller, Move("TakeContestOut", {"target": hit["target"]})
            )
        return await door.play(context, caller, Move("TakeOut"))
    if kind == "inv":
        effect, _, roll_id = rest.partition(":")
        return await _invoke_menu(door, context, effect, roll_id)
    if kind == "invs":
        effect, _, rest = rest.partition(":")
        by, _, roll_id = rest.partition(":")
        value = str((data.get("values") or [""])[0])
        aspect, _, paid = value.rpartition("|")
        move = Move(
            "Invoke", {"aspect_id": aspect, "by": by, "effect": effect, "free": paid == "f"}
        )
        seen = await door.seen(context)
        roll = _the_roll(seen, roll_id)
        if roll is not None:
            move.data["roll"] = roll["id"]
            if (roll.get("defence") or {}).get("actor") == by and roll.get("actor") != by:
                move.data["on_defence"] = True
        return await door.play(context, caller, move)
    if kind == "settle":
        return await _settle_menu(door, context, rest)
    if kind == "set":
        key, _, roll_id = rest.partition(":")
        return await _settle(door, context, key, None, roll_id)
    return private_reply(t("discord.unknown"))


async def _ask(door: Door, context: Context, move_id: str) -> JSON:
    """A player asks the GM, in the channel, to allow a refused move."""
    if context.channel is None:
        return private_reply(context.words("discord.not_bound"))
    kept = await asyncio.to_thread(door.bindings.move, context.channel.table_id, move_id)
    if kept is None:
        return private_reply(context.words("discord.move_gone"))
    t = context.table_words
    seen = await door.seen(context, public=True)
    rule = seen.reader.rule(kept.rule)
    # What is asked, where the catalogs name it: the GM answers a move, not only a rule.
    named = move_name(t, kept.type, kept.data)
    who = escape(context.user_name)
    text = (
        t("discord.asked_move", who=who, move=named, rule=rule)
        if named
        else t("discord.asked", who=who, rule=rule)
    )
    return public_reply(
        text, [row(button(t("refusal.allow"), f"allow:{move_id}", ButtonStyle.DANGER))]
    )


def _the_roll(seen: Seen, roll_id: str) -> JSON | None:
    """The roll in play a button was made for (a button from before rolls had ids: the one
    roll in play, if there is only one)."""
    listed = rolls_in_play(seen.view)
    if roll_id:
        return next((r for r in listed if r.get("id") == roll_id), None)
    return listed[0] if len(listed) == 1 else None


async def _invoke_menu(door: Door, context: Context, effect: str, roll_id: str) -> JSON:
    seen = await door.seen(context)
    t = context.words
    roll = _the_roll(seen, roll_id)
    if roll is None:
        return private_reply(t("discord.no_roll"))
    by = acting(seen.view, {}, roll_side=True, roll=roll)
    options = []
    for choice, held in aspects(seen.view, by)[:12]:
        if held:
            options.append(
                {
                    "label": t(
                        "invoke.plus_two_free" if effect == "plus_two" else "invoke.reroll_free"
                    )
                    + f": {choice.name}"[:90],
                    "value": f"{choice.value}|f",
                }
            )
        options.append(
            {
                "label": (
                    t("invoke.plus_two_paid" if effect == "plus_two" else "invoke.reroll_paid")
                    + f": {choice.name}"
                )[:100],
                "value": f"{choice.value}|p",
            }
        )
    if not options:
        return private_reply(t("invoke.none"))
    menu = {
        "type": ComponentType.STRING_SELECT,
        "custom_id": f"invs:{effect}:{by}:{roll['id']}",
        "options": options[:25],
        "placeholder": t("invoke.title")[:150],
    }
    return private_reply(
        t("invoke.title"), [{"type": ComponentType.ACTION_ROW, "components": [menu]}]
    )


async def _settle_menu(door: Door, context: Context, roll_id: str) -> JSON:
    seen = await door.seen(context)
    t = context.words
    roll = _the_roll(seen, roll_id)
    if roll is None:
        return private_reply(t("discord.no_roll"))
    menu = settle_menu(seen, roll, t)
    if menu is None:
        return await door.play(
            context, door.caller(context), Move("ResolveRoll", {"roll": roll["id"]})
        )
    return menu


def may_choose(roll: JSON) -> bool:
    """Whether the seat settles ``roll``: its document offers it (``ResolveRoll`` among the
    roll's offers, by the check the table's decider makes), so Discord holds no rule of who
    chooses."""
    return "ResolveRoll" in roll.get("offers", ())


def settle_menu(seen: Seen, roll: JSON, t: Words, *, least: int = 1) -> JSON | None:
    """The ways to settle ``roll``, a button each (``None``: fewer than ``least`` to choose
    from, or the seat does not choose: the table says why when it is asked)."""
    listed = resolution_options(resolution_of(seen.extras, roll), seen.reader)
    if len(listed) < least or (len(listed) > 1 and not may_choose(roll)):
        return None
    return private_reply(
        t("resolve.options"),
        rows([button(c.name, f"set:{c.value}:{roll['id']}") for c in listed]),
    )


def aspect_name_form(seen: Seen, data: JSON, t: Words, *, boosts: bool = False) -> JSON | None:
    """The form asking for the new aspect's name, when the way ``data`` (a ResolveRoll's
    fields) settles its roll creates one and names none; with ``boosts``, also the (optional)
    name of a boost it gives (``None``: nothing to ask)."""
    roll = next((r for r in rolls_in_play(seen.view) if r.get("id") == data.get("roll")), None)
    found = resolution_of(seen.extras, roll).get("options", ())
    option = next((o for o in found if o["key"] == data.get("option")), None)
    if option is None:
        return None
    if option.get("names_aspect") and not data.get("aspect_name"):
        return modal(
            f"setm:{option['key']}:{data['roll']}",
            t("resolve.title"),
            [("name", t("resolve.aspect_name"), 200, False)],
        )
    if boosts and option.get("boosts") and not data.get("boost_names"):
        # The boost's name, as the page's roll dialog offers it: it may also be named later.
        return modal(
            f"setm:{option['key']}:{data['roll']}",
            t("resolve.boost_name"),
            [("boost", t("resolve.boost_name"), 200, False)],
            optional=True,
        )
    return None


async def _settle(
    door: Door,
    context: Context,
    key: str,
    name: str | None,
    roll_id: str,
    *,
    boost: str | None = None,
) -> JSON:
    seen = await door.seen(context)
    t = context.words
    roll = _the_roll(seen, roll_id)
    if roll is None:
        return private_reply(t("discord.no_roll"))
    data: JSON = {"option": key, "roll": roll["id"]}
    if name is None:
        # Pressed, not typed: the boost's name is asked as the page's roll dialog asks it (the
        # slash command takes it as its `name` option).
        form = aspect_name_form(seen, data, t, boosts=True)
        if form is not None:
            return form
    if name:
        data["aspect_name"] = name.strip()
    if boost and boost.strip():
        listed: list[JSON] = list(resolution_of(seen.extras, roll).get("options", ()))
        option: JSON = next((o for o in listed if o["key"] == key), {})
        sides = option.get("boosts") or ()
        # The opposition's boost, with nobody defending, is the GM's (the engine's "gm").
        holder = (
            roll.get("actor")
            if "actor" in sides
            else (roll.get("defence") or {}).get("actor", "gm")
        )
        data["boost_names"] = [[holder, boost.strip()]]
    return await door.play(context, door.caller(context), Move("ResolveRoll", data))


# -- forms ----------------------------------------------------------------------------------------


async def submitted(
    door: Door, context: Context, custom_id: str, fields: Mapping[str, str]
) -> JSON:
    """A form of the buttons sent back (a seat link's form goes to :mod:`.seating`)."""
    kind, _, rest = custom_id.partition(":")
    if kind == "allowm":
        return await _allow(door, context, rest, fields.get("reason", ""))
    if kind == "absm":
        return await _absorb(door, context, rest, fields)
    if kind == "absxm":
        index, _, replaces = rest.partition(":")
        return await _absorb(door, context, index, fields, replaces)
    if kind == "setm":
        key, _, roll_id = rest.partition(":")
        return await _settle(
            door, context, key, fields.get("name", ""), roll_id, boost=fields.get("boost")
        )
    raise Ask("discord.unknown")
