"""What the server's logs never hold: a seat link's secret.

The page opens its WebSocket at ``/tables/{id}/ws?link=<link>`` (a browser cannot set a header
on a socket), and any client may send ``?link=`` on HTTP too; uvicorn's access and connection
lines (at ``--log-level info``) print the path with its query. :class:`HideLinks` rewrites every
``link=<secret>`` in a record to ``link=<table>.…`` before it is written, so a log shared for
help opens no seat.
"""

from __future__ import annotations

import logging
import re

__all__ = ["HideLinks", "hide_links", "hide_links_in_logs"]

#: ``link=`` then a link (``<table>.<secret>``, perhaps percent-encoded), up to the next
#: separator.
_LINK = re.compile(r"(link=)([^&\s\"'#]*?)(?:\.|%2[Ee])([^&\s\"'#]+)")

#: The loggers uvicorn writes requests and connections to.
_LOGGERS = ("uvicorn.access", "uvicorn.error", "uvicorn")


def hide_links(text: str) -> str:
    """``text`` with the secret of every ``link=`` in it replaced by an ellipsis."""
    return _LINK.sub(r"\1\2.…", text)


class HideLinks(logging.Filter):
    """A logging filter that takes seat links' secrets out of each record (its message and its
    arguments)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = hide_links(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(hide_links(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {
                k: hide_links(v) if isinstance(v, str) else v for k, v in record.args.items()
            }
        return True


def hide_links_in_logs() -> None:
    """Filter uvicorn's loggers (and their handlers) through :class:`HideLinks`; called once
    uvicorn has configured its logging."""
    shown = HideLinks()
    for name in _LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, HideLinks) for f in logger.filters):
            logger.addFilter(shown)
        for handler in logger.handlers:
            if not any(isinstance(f, HideLinks) for f in handler.filters):
                handler.addFilter(shown)
