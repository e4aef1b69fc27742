"""The front door's own words of Discord's protocol: numbers and shapes from Discord's API
documentation (API version 10) for what the door builds before hikari sends it (the Gateway's
opcodes and the wire are hikari's). The names follow the documentation's.

- Gateway close codes after which reconnecting cannot help ("Opcodes and Status Codes").
- Interaction types, interaction callback types and message flags ("Receiving and Responding").
- Component types and button styles ("Component Reference").
- Application command and option types ("Application Commands").
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

__all__ = [
    "API_VERSION",
    "DEFAULT_API",
    "EPHEMERAL",
    "FATAL_CLOSE_CODES",
    "ButtonStyle",
    "Callback",
    "CommandType",
    "ComponentType",
    "Interaction",
    "OptionType",
    "button",
    "message",
    "modal",
    "private_reply",
    "public_reply",
    "row",
    "rows",
]

API_VERSION = 10
#: Where the REST API lives; the front door is pointed elsewhere (a stand-in) by configuration.
DEFAULT_API = f"https://discord.com/api/v{API_VERSION}"

JSON = dict[str, Any]


#: Gateway close codes after which reconnecting cannot help (bad token, shard, version, intents).
FATAL_CLOSE_CODES = frozenset({4004, 4010, 4011, 4012, 4013, 4014})


class Interaction(IntEnum):
    """Interaction types."""

    PING = 1
    APPLICATION_COMMAND = 2
    MESSAGE_COMPONENT = 3
    APPLICATION_COMMAND_AUTOCOMPLETE = 4
    MODAL_SUBMIT = 5


class Callback(IntEnum):
    """Interaction callback (response) types."""

    PONG = 1
    CHANNEL_MESSAGE_WITH_SOURCE = 4
    DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE = 5
    DEFERRED_UPDATE_MESSAGE = 6
    UPDATE_MESSAGE = 7
    APPLICATION_COMMAND_AUTOCOMPLETE_RESULT = 8
    MODAL = 9


#: The message flag that shows a reply to its user only.
EPHEMERAL = 1 << 6


class ComponentType(IntEnum):
    """Component types."""

    ACTION_ROW = 1
    BUTTON = 2
    STRING_SELECT = 3
    TEXT_INPUT = 4
    LABEL = 18


class ButtonStyle(IntEnum):
    """Button styles (a link button has no ``custom_id`` and is not used here)."""

    PRIMARY = 1
    SECONDARY = 2
    SUCCESS = 3
    DANGER = 4


class CommandType(IntEnum):
    """Application command types."""

    CHAT_INPUT = 1


class OptionType(IntEnum):
    """Application command option types."""

    SUB_COMMAND = 1
    STRING = 3
    INTEGER = 4
    BOOLEAN = 5
    USER = 6
    ATTACHMENT = 11


#: Most buttons an action row holds, and most rows a message holds.
ROW_BUTTONS = 5
MESSAGE_ROWS = 5
#: Most characters a message's content, a button's label and a custom id hold.
CONTENT_LIMIT = 2000
LABEL_LIMIT = 80
CUSTOM_ID_LIMIT = 100
#: Most characters of a form's (modal's) title and of a field's label.
TITLE_LIMIT = 45


def button(label: str, custom_id: str, style: ButtonStyle = ButtonStyle.SECONDARY) -> JSON:
    """A button that sends ``custom_id`` back when pressed."""
    if len(custom_id) > CUSTOM_ID_LIMIT:
        raise ValueError(f"a custom id holds at most {CUSTOM_ID_LIMIT} characters")
    if len(label) > LABEL_LIMIT:
        label = label[: LABEL_LIMIT - 1] + "…"
    return {
        "type": ComponentType.BUTTON,
        "style": style,
        "label": label,
        "custom_id": custom_id,
    }


def row(*components: JSON) -> JSON:
    """An action row of up to five buttons (or one select)."""
    return {"type": ComponentType.ACTION_ROW, "components": list(components)}


def rows(buttons: list[JSON], most: int = MESSAGE_ROWS) -> list[JSON]:
    """Buttons laid out five to a row, at most ``most`` rows (what does not fit is left to the
    caller to offer another way: :func:`overflow`)."""
    chunks = [buttons[i : i + ROW_BUTTONS] for i in range(0, len(buttons), ROW_BUTTONS)]
    return [row(*chunk) for chunk in chunks[:most]]


def overflow(buttons: list[JSON], most: int = MESSAGE_ROWS) -> int:
    """How many of ``buttons`` do not fit in ``most`` rows."""
    return max(0, len(buttons) - most * ROW_BUTTONS)


def message(content: str, *, ephemeral: bool = False, components: list[JSON] | None = None) -> JSON:
    """A message body: its text (cut to Discord's limit), whether only its user sees it, and its
    buttons. Nothing in it may mention anyone: people's names are typed text."""
    if len(content) > CONTENT_LIMIT:
        content = content[: CONTENT_LIMIT - 1] + "…"
    out: JSON = {"content": content, "allowed_mentions": {"parse": []}}
    if ephemeral:
        out["flags"] = EPHEMERAL
    if components is not None:
        out["components"] = components
    return out


def private_reply(text: str, components: list[JSON] | None = None) -> JSON:
    """An interaction's answer that only its user sees."""
    return {
        "type": Callback.CHANNEL_MESSAGE_WITH_SOURCE,
        "data": message(text, ephemeral=True, components=components),
    }


def public_reply(text: str, components: list[JSON] | None = None) -> JSON:
    """An interaction's answer the whole channel sees."""
    return {
        "type": Callback.CHANNEL_MESSAGE_WITH_SOURCE,
        "data": message(text, components=components),
    }


def modal(
    custom_id: str, title: str, inputs: list[tuple[str, str, int, bool]], *, optional: bool = False
) -> JSON:
    """A form of text inputs: (custom id, label, most characters, long text), each in an action
    row of its own. Discord now recommends wrapping a text input in a Label component instead,
    but hikari 2.7 (the library that speaks to Discord here) neither builds Labels nor reads a
    Label form's answers, while Discord still takes and returns action rows: measured by
    ``tests/discord/test_shapes.py``."""
    return {
        "type": Callback.MODAL,
        "data": {
            "custom_id": custom_id,
            "title": title[:TITLE_LIMIT],
            "components": [
                row(
                    {
                        "type": ComponentType.TEXT_INPUT,
                        "custom_id": input_id,
                        "label": label[:TITLE_LIMIT],
                        "style": 2 if long else 1,
                        "max_length": longest,
                        "required": not optional,
                    }
                )
                for input_id, label, longest, long in inputs
            ],
        },
    }
