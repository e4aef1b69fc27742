"""``fatekit discord``: the Discord front door without the web page, over the same database.

It keeps the Gateway connection (outbound only: it runs behind a home router), answers the
interactions and posts to the channels. ``fatekit serve --discord`` runs the same inside the
table server, beside the page; the options below are shared by both (see docs/discord.md).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from typing import TextIO

from fatekit.cli.refusal import refuse
from fatekit.rules.core.errors import BadInput
from fatekit.store.base import StoreError

__all__ = ["add_options", "register", "run_discord", "settings_from"]

#: The environment variables the options fall back on.
APPLICATION_ENV = "FATEKIT_DISCORD_APPLICATION_ID"
PUBLIC_KEY_ENV = "FATEKIT_DISCORD_PUBLIC_KEY"
API_ENV = "FATEKIT_DISCORD_API"


def add_options(parser: argparse.ArgumentParser) -> None:
    """The Discord options ``fatekit discord`` and ``fatekit serve`` share."""
    parser.add_argument(
        "--discord-application-id",
        metavar="ID",
        help=f"the Discord application's id (default: ${APPLICATION_ENV})",
    )
    parser.add_argument(
        "--discord-token-file",
        metavar="PATH",
        help="a file holding the bot token (default: $FATEKIT_DISCORD_TOKEN); the token is never "
        "taken on the command line",
    )
    parser.add_argument(
        "--discord-api",
        metavar="URL",
        help=f"Discord's REST API (default: ${API_ENV}, else Discord's own); for a stand-in",
    )
    parser.add_argument(
        "--no-discord-commands",
        action="store_true",
        help="do not register the slash commands with Discord at start",
    )


def settings_from(
    args: argparse.Namespace, *, gateway: bool, public_key: str | None = None
) -> object:
    """The front door's settings from the options (:class:`BadInput` for a missing one)."""
    from fatekit.discord.protocol import DEFAULT_API
    from fatekit.discord.run import DiscordSettings, read_bot_token
    from fatekit.discord.signature import Verifier

    application = args.discord_application_id or os.environ.get(APPLICATION_ENV)
    if not application or not application.isdigit():
        raise BadInput(
            f"the Discord application's id (a number, from the Developer Portal's General "
            f"Information page): --discord-application-id or ${APPLICATION_ENV}"
        )
    if public_key is not None:
        try:
            Verifier(public_key)
        except ValueError as error:
            raise BadInput(str(error)) from None
    return DiscordSettings(
        token=read_bot_token(args.discord_token_file),
        application_id=application,
        gateway=gateway,
        public_key=public_key,
        api=args.discord_api or os.environ.get(API_ENV) or DEFAULT_API,
        register=not args.no_discord_commands,
    )


def run_discord(args: argparse.Namespace, out: TextIO) -> int:
    """Run the front door over ``--db`` until interrupted."""
    from fatekit.cli.database import open_store
    from fatekit.discord.gateway import GatewayStopped
    from fatekit.discord.run import Discord, DiscordSettings
    from fatekit.server.service import TableService

    try:
        settings = settings_from(args, gateway=True)
        store, shown = open_store(args.db, pool_size=args.pool_size)
    except BadInput as error:
        return refuse("discord", error)
    except StoreError as error:
        return refuse("discord", error, 1)
    assert isinstance(settings, DiscordSettings)
    logging.basicConfig(level=getattr(logging, args.log_level.upper(), logging.WARNING))
    service = TableService(store)

    async def main() -> None:
        discord = Discord(service, settings)
        async with service.fanout.follow(store):
            print(f"fatekit discord: database {shown}", file=out)
            print(
                "  waiting to lead (another process on this database may hold the Gateway)",
                file=out,
            )
            out.flush()
            running = asyncio.ensure_future(discord.run())
            await discord.leading.wait()
            print(
                "  connecting to Discord; bind a channel with /bind (see docs/discord.md)", file=out
            )
            out.flush()
            await running

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    except GatewayStopped as stopped:
        return refuse("discord", f"{stopped} (check the bot token and the intents)", 1)
    finally:
        store.close()
    return 0


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "discord",
        help="play the tables from Discord (the Gateway connection, no web page)",
        description="Connect to Discord's Gateway as a bot and play the database's tables from "
        "Discord channels: slash commands, buttons, and every move posted where the group "
        "plays. On PostgreSQL several processes may run this; one of them leads.",
    )
    parser.add_argument(
        "--db",
        help="the database, as fatekit serve takes it (default: $FATEKIT_DATA/fatekit.db, else "
        "data/fatekit.db)",
    )
    parser.add_argument(
        "--pool-size", type=int, default=4, help="PostgreSQL connections (default: 4)"
    )
    add_options(parser)
    parser.add_argument("--log-level", default="warning", help="the log level (default: warning)")
    parser.set_defaults(handler=lambda args: run_discord(args, sys.stdout))
