"""Where the server's links lead: its public address, this machine's LAN address, a seat's.

A seat's address is the page's address with the seat link in its fragment,
``<base>/#link=<link>`` (browsers never send the fragment to the server). The base is the
server's public address when it has one (``fatekit serve --public-url``, ``$FATEKIT_PUBLIC_URL``,
or the LAN address ``--lan`` listens on), else the address the request itself came to (its
``Host`` header, and the scheme a trusted proxy forwarded). A base on a loopback address opens
only on the server's own machine. Light (no web framework), so the command line loads it cheaply; :mod:`fatekit.server.reach` serves it.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import quote, urlsplit

from starlette.requests import HTTPConnection

from fatekit.rules.core.errors import BadInput
from fatekit.server.admin import is_loopback

__all__ = [
    "PUBLIC_URL_ENV",
    "Reach",
    "lan_address",
    "loopback_host",
    "parse_public_url",
    "seat_url",
]

#: The environment variable that holds the server's public address.
PUBLIC_URL_ENV = "FATEKIT_PUBLIC_URL"

#: A documentation address (TEST-NET-3): asking the routing table how to reach it names the
#: interface of the default route. Connecting a UDP socket sends nothing.
_PROBE = ("203.0.113.1", 9)


def parse_public_url(text: str, where: str = "--public-url") -> str:
    """``text`` as a public base address, ``scheme://host[:port]`` without a trailing slash.

    Raises :class:`BadInput` for anything else: the page and its files live at the root of the
    address, so a path cannot be served (a proxy must pass the whole host on)."""
    value = text.strip()
    try:
        parts = urlsplit(value)
        port = parts.port
    except ValueError as error:
        raise BadInput(f"{where}: {value!r} is not an address: {error}") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise BadInput(
            f"{where}: give the address people open, such as https://fate.example.org "
            f"(http:// or https:// and a host), not {value!r}"
        )
    if parts.username is not None or parts.password is not None:
        raise BadInput(f"{where}: an address with a user name or password cannot be shared")
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        extra = value[len(f"{parts.scheme}://{parts.netloc}") :].removeprefix("/")
        raise BadInput(
            f"{where}: the page is served at the root of its address: give "
            f"{parts.scheme}://{parts.netloc} without /{extra}"
        )
    host = parts.hostname.lower()
    shown = f"[{host}]" if ":" in host else host
    return f"{parts.scheme}://{shown}" + (f":{port}" if port is not None else "")


def loopback_host(host: str) -> bool:
    """Whether a URL's host reaches only the machine it is opened on: ``localhost`` (and names
    under it), a loopback address, or the unspecified address."""
    name = host.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost") or is_loopback(name):
        return True
    try:
        return ipaddress.ip_address(name).is_unspecified
    except ValueError:
        return False


def lan_address() -> str:
    """This machine's IPv4 address on its local network: the source address of its default
    route. Raises :class:`BadInput` when it has none (no network, or only loopback)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_PROBE)
            address = str(probe.getsockname()[0])
        except OSError:
            address = ""
    if not address or loopback_host(address):
        raise BadInput(
            "--lan: this machine has no local network address (is it on the Wi-Fi?); "
            "give the address to listen on with --host"
        )
    return address


def seat_url(base: str, link: str) -> str:
    """The address that opens ``link``'s seat in the page."""
    return f"{base}/#link={quote(link, safe='')}"


class Reach:
    """The server's public base address, if it has one, and each request's base otherwise."""

    def __init__(self, public_url: str | None) -> None:
        self.public_url = None if public_url is None else parse_public_url(public_url)

    def base(self, connection: HTTPConnection) -> str:
        """Where links handed to this request's client lead."""
        if self.public_url is not None:
            return self.public_url
        url = connection.url
        return f"{url.scheme}://{url.netloc}"

    def seat_url(self, connection: HTTPConnection, link: str) -> str:
        """The address that opens ``link``'s seat, as handed to this request's client."""
        return seat_url(self.base(connection), link)
