"""Discord's objects as Discord shapes them, for the stand-in to send.

Each builder follows the object's table in Discord's API documentation (the discord/discord-api-docs
repository: ``developers/resources/user.mdx``, ``guild.mdx`` (Guild Member), ``channel.mdx``,
``message.mdx``, ``developers/interactions/receiving-and-responding.mdx``,
``developers/events/gateway-events.mdx`` (Ready)) and the payloads logged by other libraries'
users: every field Discord always sends is there (``null`` where it has no value), an optional
field is left out when Discord leaves it out — a command's ``options`` when none was filled, a
subcommand's own ``options`` when it has none — and ids are snowflakes as strings.
``test_shapes.py`` feeds every payload the stand-in sends through two real client libraries'
parsers (hikari's entity factory and discord.py's models).
"""

from __future__ import annotations

import base64
import datetime
import itertools
from typing import Any

JSON = dict[str, Any]

APPLICATION = "100000000000000001"
BOT_ID = "100000000000000002"
GUILD = "200000000000000001"
#: A bot token shaped as Discord's are: the bot's id in base64, a timestamp part, an HMAC part.
TOKEN = (
    base64.b64encode(BOT_ID.encode()).decode().rstrip("=")
    + ".GaBcDe.stand-in_token_0123456789abcdefghij"
)
#: Discord's epoch (the first second of 2015), in milliseconds: snowflakes count from it.
EPOCH_MS = 1_420_070_400_000

#: Permission bits (developers/topics/permissions.mdx).
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
USE_APPLICATION_COMMANDS = 1 << 31
SEND_MESSAGES_IN_THREADS = 1 << 38
#: What a bot installed with fatekit's install link holds in a channel that leaves it alone.
BOT_PERMISSIONS = (
    VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY | SEND_MESSAGES_IN_THREADS | EMBED_LINKS
)
#: What a member of a server with default roles may do (members, not the bot).
MEMBER_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | READ_MESSAGE_HISTORY
    | USE_APPLICATION_COMMANDS
    | SEND_MESSAGES_IN_THREADS
    | ATTACH_FILES
    | EMBED_LINKS
)

_sequence = itertools.count(1)


def snowflake(at: datetime.datetime | None = None) -> str:
    """A new snowflake: milliseconds since Discord's epoch, then worker, process and a count."""
    when = at or datetime.datetime.now(datetime.UTC)
    ms = int(when.timestamp() * 1000) - EPOCH_MS
    return str((ms << 22) | (1 << 17) | (next(_sequence) & 0xFFF))


def iso(when: datetime.datetime | None = None) -> str:
    """An ISO 8601 timestamp as Discord writes them."""
    return (when or datetime.datetime.now(datetime.UTC)).isoformat(timespec="microseconds")


def user(user_id: str, username: str, *, bot: bool = False) -> JSON:
    """A user object as an interaction carries it (developers/resources/user.mdx)."""
    out: JSON = {
        "id": user_id,
        "username": username.lower()[:32],
        "avatar": None,
        "discriminator": "0",
        "public_flags": 0,
        "flags": 0,
        "banner": None,
        "accent_color": None,
        "global_name": None if bot else username,
        "avatar_decoration_data": None,
        "collectibles": None,
        "display_name_styles": None,
        "banner_color": None,
        "clan": None,
        "primary_guild": None,
    }
    if bot:
        out["bot"] = True
    return out


def own_user(user_id: str, username: str) -> JSON:
    """The bot's own user, as Ready gives it (the fields only its owner sees included)."""
    return {
        **user(user_id, username, bot=True),
        "verified": True,
        "mfa_enabled": False,
        "email": None,
        "locale": "en-US",
        "premium_type": 0,
    }


def member(person: JSON, *, joined: datetime.datetime | None = None) -> JSON:
    """A guild member as an interaction carries it, with the member's permissions in the channel
    (developers/resources/guild.mdx, Guild Member)."""
    return {
        "avatar": None,
        "banner": None,
        "collectibles": None,
        "communication_disabled_until": None,
        "deaf": False,
        "flags": 0,
        "joined_at": iso(joined or datetime.datetime(2024, 3, 1, tzinfo=datetime.UTC)),
        "mute": False,
        "nick": None,
        "pending": False,
        "permissions": str(MEMBER_PERMISSIONS),
        "premium_since": None,
        "roles": [],
        "unusual_dm_activity_until": None,
        "user": person,
    }


def guild_text_channel(channel_id: str, name: str, *, permissions: int) -> JSON:
    """A guild text channel as an interaction carries it (``permissions``: the user's there)."""
    return {
        "id": channel_id,
        "type": 0,
        "guild_id": GUILD,
        "name": name,
        "position": 0,
        "flags": 0,
        "parent_id": None,
        "topic": None,
        "nsfw": False,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "permission_overwrites": [],
        "permissions": str(permissions),
    }


def thread_channel(
    channel_id: str, name: str, parent: str, owner: str, *, private: bool, permissions: int
) -> JSON:
    """A thread as an interaction carries it (type 11 public, 12 private)."""
    return {
        "id": channel_id,
        "type": 12 if private else 11,
        "guild_id": GUILD,
        "name": name,
        "parent_id": parent,
        "owner_id": owner,
        "flags": 0,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "thread_metadata": {
            "archived": False,
            "archive_timestamp": iso(),
            "auto_archive_duration": 1440,
            "locked": False,
            "create_timestamp": iso(),
            **({"invitable": True} if private else {}),
        },
        "permissions": str(permissions),
    }


def dm_channel(channel_id: str, recipient: JSON) -> JSON:
    """A direct-message channel (``POST /users/@me/channels``)."""
    return {
        "id": channel_id,
        "type": 1,
        "last_message_id": None,
        "flags": 0,
        "recipients": [recipient],
    }


def with_component_ids(components: list[JSON]) -> list[JSON]:
    """Components as Discord sends them back: each one numbered (``id``) in the message."""
    count = itertools.count(1)

    def number(component: JSON) -> JSON:
        out = {"id": next(count), **component}
        if "components" in out:
            out["components"] = [number(c) for c in out["components"]]
        if "component" in out:
            out["component"] = number(out["component"])
        if out.get("type") == 3:
            out.setdefault("min_values", 1)
            out.setdefault("max_values", 1)
            # An option's description and emoji are left out when it has none.
            out["options"] = [{"default": False, **o} for o in out.get("options", [])]
        return out

    return [number(c) for c in components]


def interaction_metadata(payload: JSON, opened_by: JSON | None = None) -> JSON:
    """A message's ``interaction_metadata``: the interaction it answers (a component's names the
    message it was on; a form's, the interaction that opened the form)."""
    out: JSON = {
        "id": payload["id"],
        "type": payload["type"],
        "user": payload["member"]["user"],
        "authorizing_integration_owners": payload["authorizing_integration_owners"],
    }
    if payload["type"] == 3 and "message" in payload:
        out["interacted_message_id"] = payload["message"]["id"]
    if payload["type"] == 5 and opened_by is not None:
        out["triggering_interaction_metadata"] = interaction_metadata(opened_by)
    return out


def message(
    message_id: str,
    channel_id: str,
    author: JSON,
    body: JSON,
    *,
    nonce: str | None = None,
    ephemeral: bool = False,
    interaction: JSON | None = None,
) -> JSON:
    """A message object (developers/resources/message.mdx) for a body the app sent."""
    out: JSON = {
        "type": 0 if interaction is None else 20,
        "channel_id": channel_id,
        "content": str(body.get("content", "")),
        "attachments": [],
        "embeds": [],
        "timestamp": iso(),
        "edited_timestamp": None,
        "flags": 64 if ephemeral else 0,
        "components": with_component_ids(list(body.get("components") or [])),
        "id": message_id,
        "author": author,
        "mentions": [],
        "mention_roles": [],
        "pinned": False,
        "mention_everyone": False,
        "tts": False,
    }
    if nonce is not None:
        out["nonce"] = nonce
    if interaction is not None:
        out["application_id"] = APPLICATION
        out["webhook_id"] = APPLICATION
        out["interaction_metadata"] = interaction
    return out


def interaction(
    *,
    interaction_id: str,
    token: str,
    kind: int,
    data: JSON | None,
    person: JSON,
    channel: JSON,
    app_permissions: int,
    locale: str,
    message_object: JSON | None = None,
) -> JSON:
    """An interaction from a member in a guild channel (receiving-and-responding.mdx)."""
    out: JSON = {
        "app_permissions": str(app_permissions),
        "application_id": APPLICATION,
        "attachment_size_limit": 10485760,
        "authorizing_integration_owners": {"0": GUILD},
        "channel": channel,
        "channel_id": channel["id"],
        "context": 0,
        "entitlement_sku_ids": [],
        "entitlements": [],
        "guild": {"features": [], "id": GUILD, "locale": "en-US"},
        "guild_id": GUILD,
        "guild_locale": "en-US",
        "id": interaction_id,
        "locale": locale,
        "member": member(person),
        "token": token,
        "type": kind,
        "version": 1,
    }
    if data is not None:
        out["data"] = data
    if message_object is not None:
        out["message"] = message_object
    return out


def ping(interaction_id: str, token: str) -> JSON:
    """The PING Discord posts when an endpoint URL is saved, and now and then."""
    return {
        "application_id": APPLICATION,
        "entitlements": [],
        "id": interaction_id,
        "token": token,
        "type": 1,
        "user": None,
        "version": 1,
    }


def ready(session_id: str, resume_url: str, username: str) -> JSON:
    """The Ready event (developers/events/gateway-events.mdx) for a bot in one guild."""
    return {
        "v": 10,
        "user_settings": {},
        "user": own_user(BOT_ID, username),
        "session_type": "normal",
        "session_id": session_id,
        "resume_gateway_url": resume_url,
        "relationships": [],
        "private_channels": [],
        "presences": [],
        "guilds": [{"unavailable": True, "id": GUILD}],
        "guild_join_requests": [],
        "geo_ordered_rtc_regions": ["rotterdam", "frankfurt"],
        "game_relationships": [],
        "auth": {},
        "application": {"id": APPLICATION, "flags": 8953856},
        "_trace": ['["gateway-prd-stand-in",{"micros":1000}]'],
        "shard": [0, 1],
    }


def callback_response(
    interaction_id: str, kind: int, answer: int, message_object: JSON | None
) -> JSON:
    """What ``POST .../callback?with_response=true`` answers: the interaction callback response
    object (the interaction, and the message the answer made, if any)."""
    done: JSON = {"id": interaction_id, "type": kind}
    if message_object is not None:
        done["response_message_id"] = message_object["id"]
        done["response_message_loading"] = answer == 5
        done["response_message_ephemeral"] = bool(message_object["flags"] & 64)
    out: JSON = {"interaction": done}
    if message_object is not None:
        out["resource"] = {"type": answer, "message": message_object}
    elif answer in (8, 9, 6):
        out["resource"] = {"type": answer}
    return out


def attachment(attachment_id: str, filename: str, size: int, url: str) -> JSON:
    """A file attached to a slash command, as the interaction's ``resolved`` carries it."""
    return {
        "id": attachment_id,
        "filename": filename,
        "size": size,
        "url": url,
        "proxy_url": url,
        "content_type": "application/json; charset=utf-8",
        "content_scan_version": 0,
        "ephemeral": True,
        "placeholder": "",
        "placeholder_version": 1,
    }
