"""Who plays where, from Discord: binding a channel to a table and an account to a seat (each
with a link given in a form only the app reads), the GM seating and unseating others, and
bringing a character in from an attached file.

A link is checked as the server checks it (:meth:`~fatekit.server.service.TableService.resolve`);
only the hash of its secret is kept with the binding (:mod:`.bindings`).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Mapping
from typing import Any

from fatekit.discord.buttons import is_gm, refusal_text
from fatekit.discord.context import Context, Door
from fatekit.discord.lines import escape
from fatekit.discord.lookup import Choice, pick
from fatekit.discord.moves import Move
from fatekit.discord.protocol import modal, private_reply, public_reply
from fatekit.discord.words import LANGUAGES, Words, words
from fatekit.rules.core.errors import FateError
from fatekit.server.errors import ApiError, problem
from fatekit.server.links import LinkRefused, hash_secret

__all__ = ["bind", "import_character", "leave", "link_modal", "seat_someone", "unbind"]

JSON = dict[str, Any]
#: Most characters a seat link holds (a table id and a secret).
LINK_LONGEST = 300
#: Largest character file the app reads from an attachment.
FILE_LIMIT = 1 << 20


# -- binding ------------------------------------------------------------------------------------


#: Discord's permission bits the app needs in a channel to play there, with their catalog names.
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
SEND_MESSAGES_IN_THREADS = 1 << 38


def missing_permissions(context: Context) -> list[str]:
    """The permissions the app lacks in the interaction's channel to post the table there (the
    catalog keys of their names), from Discord's ``app_permissions``."""
    needed = [("view_channel", VIEW_CHANNEL)]
    if context.thread:
        needed.append(("send_messages_in_threads", SEND_MESSAGES_IN_THREADS))
    else:
        needed.append(("send_messages", SEND_MESSAGES))
    return [name for name, bit in needed if not context.app_permissions & bit]


def permissions_text(missing: list[str], t: Words) -> str:
    """The missing permissions named as Discord's settings name them, in the user's language."""
    return ", ".join(f"**{t(f'discord.perm.{name}')}**" for name in missing)


def link_modal(context: Context, name: str, options: Mapping[str, Any]) -> JSON:
    """``/bind`` and ``/join`` ask for the seat link in a form only the app sees. ``/bind`` first
    checks that the app may post here (it says which permissions it lacks) and that the channel
    plays no other table (whose GM must ``/unbind`` it first)."""
    if name == "bind":
        missing = missing_permissions(context)
        if missing:
            return private_reply(
                context.words(
                    "discord.missing_permissions",
                    permissions=permissions_text(missing, context.words),
                )
            )
        if context.channel is not None and not _plays_here(context):
            return private_reply(context.words("discord.bound_elsewhere"))
    language = str(options.get("language") or context.words.language)
    if language not in LANGUAGES:
        language = "en"
    t = context.words
    return modal(
        f"link:{name}:{language}",
        t("discord.link_title"),
        [("link", t("discord.link_label"), LINK_LONGEST, False)],
    )


async def bind(door: Door, context: Context, kind: str, language: str, link: str) -> JSON:
    t = context.words
    try:
        caller = await door.service.resolve(link.strip())
    except (ApiError, FateError):
        return private_reply(t("error.link"))
    state_seat = await door.service.read(caller, lambda state, seat: state.seat(seat))
    table_name = await door.service.read(caller, lambda state, seat: state.name)
    secret = link.strip().rpartition(".")[2]
    if kind == "bind":
        if not state_seat.is_gm:
            return private_reply(t("discord.bind_gm_only"))
        if context.channel is not None and context.channel.table_id != caller.table_id:
            return private_reply(t("discord.bound_elsewhere"))
        await asyncio.to_thread(
            functools.partial(
                door.bindings.bind_channel,
                context.channel_id,
                context.guild_id,
                caller.table_id,
                language,
                context.user_id,
                thread=context.thread,
            )
        )
        await asyncio.to_thread(_posts_from_now, door, caller.table_id)
    elif context.channel is None:
        return private_reply(t("discord.not_bound"))
    elif context.channel.table_id != caller.table_id:
        return private_reply(t("discord.link_other_table"))
    await asyncio.to_thread(
        door.bindings.bind_seat,
        caller.table_id,
        context.user_id,
        caller.seat,
        hash_secret(secret),
        context.user_id,
        context.words.language,
    )
    await door.changed()
    seat_text = t(
        "discord.joined",
        seat=escape(state_seat.name),
        role=t(f"role.{state_seat.role.value}"),
        table=escape(table_name),
    )
    if kind == "bind":
        said = words_for(language)(
            "discord.bound",
            table=escape(table_name),
            language=words_for(language)(f"language.{language}"),
        )
        return public_reply(said)
    return private_reply(seat_text)


def _plays_here(context: Context) -> bool:
    """Whether the user holds a seat at the table the channel plays (a GM rebinding their own
    channel, say, to change its language)."""
    return context.seat is not None


def _posts_from_now(door: Door, table_id: str) -> None:
    """A table bound for the first time is posted from its version now, not from its history
    (set here, so a move made before the relay first looks is posted all the same)."""
    if door.bindings.posted(table_id) is None:
        door.bindings.mark_posted(table_id, door.service.store.version(table_id))


def words_for(language: str) -> Words:
    """The catalog of ``language``."""
    return words(language)


async def unbind(door: Door, context: Context) -> JSON:
    """``/unbind``: the GM stops playing a table in this channel."""
    t = context.words
    if context.channel is None:
        return private_reply(t("discord.not_bound"))
    if context.seat is None or not await is_gm(door, context):
        return private_reply(t("discord.gm_only"))
    await asyncio.to_thread(door.bindings.unbind_channel, context.channel_id, context.user_id)
    await door.changed()
    return public_reply(context.table_words("discord.unbound"))


async def leave(door: Door, context: Context) -> JSON:
    """``/leave``: a user stops playing their seat from Discord."""
    if context.channel is None or context.seat is None:
        return private_reply(context.words("discord.no_seat"))
    await asyncio.to_thread(
        door.bindings.unbind_seat, context.channel.table_id, context.user_id, context.user_id
    )
    await door.changed()
    return private_reply(context.words("discord.left"))


async def seat_someone(door: Door, context: Context, name: str, options: Mapping[str, Any]) -> JSON:
    """``/seat`` and ``/unseat``: the GM binds (or unbinds) another Discord user to a seat."""
    t = context.words
    if context.channel is None:
        return private_reply(t("discord.not_bound"))
    if context.seat is None or not await is_gm(door, context):
        return private_reply(t("discord.gm_only"))
    user = str(options.get("user", ""))
    users = (options.get("__resolved__") or {}).get("users") or {}
    shown = escape(str((users.get(user) or {}).get("username", user)))
    table_id = context.channel.table_id
    if name == "unseat":
        await asyncio.to_thread(door.bindings.unbind_seat, table_id, user, context.user_id)
        await door.changed()
        return private_reply(t("discord.unseated", user=shown))
    caller = door.caller(context)
    seats = await door.service.read(
        caller, lambda state, _: {s.id: s for s in state.seats.values()}
    )
    chosen = pick(
        str(options.get("seat", "")), [Choice(s.name, s.id) for s in seats.values()], "seat"
    )
    language = str(options.get("language") or context.table_words.language)
    await asyncio.to_thread(
        door.bindings.bind_seat, table_id, user, chosen, None, context.user_id, language
    )
    await door.changed()
    return private_reply(t("discord.seated", user=shown, seat=escape(seats[chosen].name)))


# -- characters from files ------------------------------------------------------------------------


async def import_character(door: Door, context: Context, options: Mapping[str, Any]) -> JSON:
    """``/character``: bring in a character from an attached file (Fari, Foundry VTT or
    fatekit), as the page's import does."""
    from fatekit.server.interop import ImportIn, read_import

    t = context.words
    caller = door.caller(context)
    attachment_id = str(options.get("file", ""))
    attached = ((options.get("__resolved__") or {}).get("attachments") or {}).get(attachment_id)
    if not attached or not attached.get("url"):
        return private_reply(t("discord.no_file"))
    if int(attached.get("size", 0)) > FILE_LIMIT:
        return private_reply(t("discord.file_too_big", n=FILE_LIMIT // 1024))
    try:
        raw = await door.rest.download(str(attached["url"]), FILE_LIMIT)
        content = raw.decode("utf-8")
    except (UnicodeDecodeError, OSError, FateError) as error:
        return private_reply(t("discord.no_file") + f" ({escape(str(error))})")
    except Exception as error:  # the download failed: say so, change nothing
        return private_reply(t("discord.no_file") + f" ({escape(type(error).__name__)})")
    try:
        body = ImportIn.model_validate({"content": content})
        found = await asyncio.to_thread(read_import, door.service, caller, body)
    except (ApiError, FateError, LinkRefused) as error:
        return private_reply(refusal_text(problem(error)[1], t))
    if found.refusal:
        # Its conditions, modes or powers break the rule set: nothing is added, and the reply
        # says why in the user's words (the engine's problems, as the page's report lists them).
        reader = (await door.seen(context)).reader
        why = {"code": "import_refused", "params": {"game": found.report["preset"]}}
        said = "\n".join(f"• {reader.problem(p)}" for p in found.report["refused"])
        return private_reply((refusal_text(why, t) + "\n" + said)[:2000])
    reply = await door.play(context, caller, Move("AddCharacter", found.command()))
    if found.problems:
        reader = (await door.seen(context)).reader
        said = "\n".join(f"• {reader.problem(p)}" for p in found.problems)
        reply["data"]["content"] = (reply["data"]["content"] + "\n" + said)[:2000]
    return reply
