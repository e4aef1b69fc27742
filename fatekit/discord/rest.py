"""Discord's HTTP API through hikari's REST client: rate limits, retries and the wire format are
the library's; this module only turns the front door's message bodies into hikari's calls.

hikari (a maintained, typed Discord library) keeps each rate-limit bucket from Discord's headers
and waits before a request that would go over it, waits out route and global 429s, exempts the
interaction callback from the limits as Discord does, and retries a request when the connection
fails or Discord answers 500/502/503/504. Such a retry could post a channel message twice (a
request whose answer was lost may have been taken), so every channel post here carries a
``nonce`` with ``enforce_nonce``: Discord then keeps one message per nonce, and a retried post
comes back as the message already made.

A refusal becomes a :class:`DiscordError` with Discord's status and error code; a request that
never got an answer (the network is down) has status 0. The bot token goes only into hikari's
``Authorization`` header; an interaction's token is never logged here.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Sequence
from typing import Any, TypedDict

import hikari
import httpx
from hikari.impl import special_endpoints as build

from fatekit.discord.protocol import DEFAULT_API, EPHEMERAL, ButtonStyle, Callback, ComponentType

__all__ = ["DiscordError", "Rest", "nonce_for"]

_log = logging.getLogger("fatekit.discord")
# hikari logs each retry, rate limit and reconnection at INFO and WARNING; below that its lines
# may hold request URLs and payloads, where an interaction's token is: never shown, whatever
# level the process logs at.
logging.getLogger("hikari").setLevel(logging.INFO)

JSON = dict[str, Any]
#: How often hikari sends a request again after a connection error or a 5xx (its most is 5).
RETRIES = 3
#: The most seconds a rate limit may make a request wait before it fails instead.
LONGEST_WAIT = 120.0
#: Discord's error code for an interaction answered already (a retried callback that was taken).
ALREADY_ACKNOWLEDGED = 40060
#: Most characters in a nonce.
NONCE_LIMIT = 25


class DiscordError(Exception):
    """Discord refused a request (``status`` 400-599, Discord's ``code``), or never answered
    (``status`` 0: the network or Discord is down)."""

    def __init__(self, status: int, code: int | None, message: str, route: str) -> None:
        shown = f"Discord answered {status}" if status else "Discord could not be reached"
        super().__init__(f"{shown} to {route}: {message} (code {code})")
        self.status = status
        self.code = code
        self.message = message
        self.route = route

    @property
    def lasting(self) -> bool:
        """Whether sending the same request again cannot help (the bot may not post there, the
        channel is gone, Discord refuses the body) — rather than a network or server trouble."""
        return self.status in (400, 401, 403, 404)


def nonce_for(table_id: str, through: int) -> str:
    """The nonce of a table's post through event ``through``: the same post always has the same
    one, so Discord keeps one message however often it is sent."""
    digest = hashlib.blake2b(f"{table_id}:{through}".encode(), digest_size=12)
    return digest.hexdigest()[:NONCE_LIMIT]


def _error(error: hikari.HikariError, route: str) -> DiscordError:
    if isinstance(error, hikari.HTTPResponseError):
        code = getattr(error, "code", None)
        return DiscordError(
            int(error.status),
            code if isinstance(code, int) and code else None,
            str(error.message),
            route,
        )
    return DiscordError(0, None, str(getattr(error, "message", error)), route)


def _rows(components: list[JSON] | None) -> list[hikari.api.ComponentBuilder]:
    """A message's action rows (buttons and string selects), as hikari's builders."""
    out: list[hikari.api.ComponentBuilder] = []
    for row in components or ():
        builder = build.MessageActionRowBuilder()
        for part in row.get("components") or ():
            if part["type"] == ComponentType.BUTTON:
                style = hikari.ButtonStyle(int(part.get("style", ButtonStyle.SECONDARY)))
                builder.add_interactive_button(style, str(part["custom_id"]), label=part["label"])  # type: ignore[arg-type]
            elif part["type"] == ComponentType.STRING_SELECT:
                menu = builder.add_text_menu(
                    str(part["custom_id"]),
                    placeholder=part.get("placeholder", hikari.UNDEFINED),
                )
                for option in part.get("options") or ():
                    menu.add_option(str(option["label"]), str(option["value"]))
        out.append(builder)
    return out


class _Message(TypedDict):
    """What every message the door sends says beside its content (see :func:`_message`)."""

    components: hikari.UndefinedOr[Sequence[hikari.api.ComponentBuilder]]
    mentions_everyone: bool
    user_mentions: bool
    role_mentions: bool


def _message(body: JSON, *, rows: bool) -> _Message:
    """A message's action rows when ``rows`` (else those it has stay as they are), and no
    mentions: nothing a player typed pings anyone."""
    return _Message(
        components=_rows(body.get("components")) if rows else hikari.UNDEFINED,
        mentions_everyone=False,
        user_mentions=False,
        role_mentions=False,
    )


def _flags(body: JSON) -> hikari.UndefinedOr[int]:
    """The message flags Discord takes from the door: only ephemeral (seen by one user)."""
    return int(body.get("flags", 0)) & EPHEMERAL or hikari.UNDEFINED


def _inputs(components: list[JSON]) -> list[hikari.api.ComponentBuilder]:
    """A form's text inputs, each in an action row of its own (what hikari builds and reads)."""
    out: list[hikari.api.ComponentBuilder] = []
    for row in components:
        for part in row.get("components") or [row.get("component") or {}]:
            if part.get("type") != ComponentType.TEXT_INPUT:
                continue
            label = str(part.get("label") or row.get("label") or "")
            out.append(
                build.ModalActionRowBuilder().add_text_input(
                    str(part["custom_id"]),
                    label,
                    style=hikari.TextInputStyle(int(part.get("style", 1))),
                    required=bool(part.get("required", True)),
                    max_length=int(part.get("max_length", 4000)),
                )
            )
    return out


def _options(options: list[JSON] | None) -> list[hikari.CommandOption] | None:
    if not options:
        return None
    return [
        hikari.CommandOption(
            type=hikari.OptionType(int(o["type"])),
            name=o["name"],
            description=o["description"],
            name_localizations=o.get("name_localizations") or {},
            description_localizations=o.get("description_localizations") or {},
            is_required=bool(o.get("required", False)),
            autocomplete=bool(o.get("autocomplete", False)),
            choices=[
                hikari.CommandChoice(
                    name=c["name"],
                    name_localizations=c.get("name_localizations") or {},
                    value=c["value"],
                )
                for c in o["choices"]
            ]
            if o.get("choices")
            else None,
            options=_options(o.get("options")),
            min_value=o.get("min_value"),
            max_value=o.get("max_value"),
            max_length=o.get("max_length"),
        )
        for o in options
    ]


def _command(command: JSON) -> build.SlashCommandBuilder:
    return build.SlashCommandBuilder(
        command["name"],
        command["description"],
        name_localizations=command.get("name_localizations") or {},
        description_localizations=command.get("description_localizations") or {},
        context_types=[hikari.ApplicationContextType(c) for c in command.get("contexts", [0])],
        options=_options(command.get("options")) or [],
    )


class Rest:
    """Discord's REST API at ``api`` (Discord's own by default), as the bot ``token``: one hikari
    REST client for the process (started on first use)."""

    def __init__(self, token: str, *, api: str = DEFAULT_API, retries: int = RETRIES) -> None:
        self.api = api.rstrip("/")
        self._token = token
        self._app = hikari.RESTApp(url=self.api, max_retries=retries, max_rate_limit=LONGEST_WAIT)
        self._client: hikari.impl.RESTClientImpl | None = None
        self._files = httpx.AsyncClient(timeout=15.0, follow_redirects=False)

    async def client(self) -> hikari.impl.RESTClientImpl:
        """hikari's REST client, started."""
        if self._client is None:
            await self._app.start()
            client = self._app.acquire(self._token, hikari.TokenType.BOT)
            client.start()
            self._client = client
        return self._client

    @property
    def entity_factory(self) -> hikari.api.EntityFactory:
        """hikari's reader of Discord's objects (interactions, messages, users...)."""
        assert self._client is not None, "the REST client is started first"
        return self._client.entity_factory

    async def close(self) -> None:
        """Close the HTTP connections."""
        if self._client is not None:
            await self._client.close()
            await self._app.close()
            self._client = None
        await self._files.aclose()

    # -- the calls the front door makes -----------------------------------------------------------

    async def gateway_bot(self) -> hikari.GatewayBotInfo:
        """``GET /gateway/bot``: where to connect, and how many sessions may still start today."""
        client = await self.client()
        try:
            return await client.fetch_gateway_bot_info()
        except hikari.HikariError as error:
            raise _error(error, "GET /gateway/bot") from None

    async def register_commands(self, application_id: str, commands: list[JSON]) -> None:
        """``PUT /applications/{id}/commands``: the app's global slash commands, all at once."""
        client = await self.client()
        try:
            await client.set_application_commands(
                hikari.Snowflake(application_id), [_command(c) for c in commands]
            )
        except hikari.HikariError as error:
            raise _error(error, "PUT /applications/{id}/commands") from None

    async def callback(self, interaction_id: str, token: str, response: JSON) -> None:
        """``POST /interactions/{id}/{token}/callback``: the first answer to an interaction. A
        retry of one Discord took already ("already acknowledged") is taken as done."""
        client = await self.client()
        kind = int(response["type"])
        data = response.get("data") or {}
        target = hikari.Snowflake(interaction_id)
        try:
            if kind == Callback.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT:
                choices = [
                    build.AutocompleteChoiceBuilder(name=c["name"], value=c["value"])
                    for c in data.get("choices", ())
                ]
                await client.create_autocomplete_response(target, token, choices)
            elif kind == Callback.MODAL:
                await client.create_modal_response(
                    target,
                    token,
                    title=str(data["title"]),
                    custom_id=str(data["custom_id"]),
                    components=_inputs(data.get("components") or []),
                )
            else:
                await client.create_interaction_response(
                    target,
                    token,
                    hikari.ResponseType(kind),
                    data.get("content", hikari.UNDEFINED),
                    flags=_flags(data),
                    **_message(data, rows="components" in data),
                )
        except hikari.HikariError as error:
            found = _error(error, "POST /interactions/{id}/<token>/callback")
            if found.code != ALREADY_ACKNOWLEDGED:
                raise found from None

    async def edit_original(self, application_id: str, token: str, body: JSON) -> None:
        """``PATCH /webhooks/{app}/{token}/messages/@original``: fill in a deferred answer."""
        client = await self.client()
        try:
            await client.edit_interaction_response(
                hikari.Snowflake(application_id),
                token,
                body.get("content", hikari.UNDEFINED),
                **_message(body, rows="components" in body),
            )
        except hikari.HikariError as error:
            raise _error(error, "PATCH /webhooks/{app}/<token>/messages/@original") from None

    async def follow_up(self, application_id: str, token: str, body: JSON) -> None:
        """``POST /webhooks/{app}/{token}``: another message answering the same interaction (a
        private one with the ephemeral flag)."""
        client = await self.client()
        try:
            await client.execute_webhook(
                hikari.Snowflake(application_id),
                token,
                body.get("content", hikari.UNDEFINED),
                flags=_flags(body),
                **_message(body, rows="components" in body),
            )
        except hikari.HikariError as error:
            raise _error(error, "POST /webhooks/{app}/<token>") from None

    async def send(self, channel_id: str, body: JSON, *, nonce: str | None = None) -> str:
        """``POST /channels/{id}/messages``: a message in a channel (or a thread, or a DM); its
        id. With a ``nonce``, Discord makes it once however often it is sent."""
        client = await self.client()
        try:
            sent = await client.create_message(
                hikari.Snowflake(channel_id),
                body.get("content", hikari.UNDEFINED),
                nonce=nonce if nonce is not None else hikari.UNDEFINED,
                **_message(body, rows=bool(body.get("components"))),
            )
        except hikari.HikariError as error:
            raise _error(error, "POST /channels/{id}/messages") from None
        return str(sent.id)

    async def dm_channel(self, user_id: str) -> str:
        """``POST /users/@me/channels``: the id of the direct-message channel with a user."""
        client = await self.client()
        try:
            opened = await client.create_dm_channel(hikari.Snowflake(user_id))
        except hikari.HikariError as error:
            raise _error(error, "POST /users/@me/channels") from None
        return str(opened.id)

    async def download(self, url: str, limit: int) -> bytes:
        """An attachment's bytes from the URL Discord gave (at most ``limit`` bytes)."""
        try:
            async with self._files.stream("GET", url) as response:
                if response.status_code != 200:
                    raise DiscordError(
                        response.status_code, None, "the file could not be read", "GET <attachment>"
                    )
                body = bytearray()
                async for chunk in response.aiter_bytes():
                    body.extend(chunk)
                    if len(body) > limit:
                        raise DiscordError(
                            413, None, f"the file is over {limit} bytes", "GET <attachment>"
                        )
                return bytes(body)
        except httpx.HTTPError as error:
            raise DiscordError(0, None, type(error).__name__, "GET <attachment>") from None
