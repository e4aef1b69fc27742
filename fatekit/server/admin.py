"""The operator: who may open tables on this server.

With an operator token (``FATEKIT_ADMIN_TOKEN`` or ``fatekit serve --admin-token-file``), opening
a table (``POST /tables``, ``POST /tables/import``) needs ``Authorization: Bearer <token>``; a
missing or wrong one gets 401 ``operator``. Without a token, tables may be opened only from this
machine (a loopback address): anyone else gets 403 ``operator``. Playing at a table never needs
the token: a seat link is enough.

Behind a reverse proxy on the same machine every request comes from loopback, so a request that
carries a proxy's forwarding header (``X-Forwarded-For``, ``Forwarded``, ``X-Real-IP``) never
counts as local: a server behind a proxy needs a token to open tables from anywhere.
"""

from __future__ import annotations

import hmac
import ipaddress
import os
import secrets
from pathlib import Path

from starlette.requests import HTTPConnection

from fatekit.rules.core.errors import BadInput
from fatekit.server.errors import ApiError

__all__ = [
    "MIN_TOKEN_LENGTH",
    "TOKEN_ENV",
    "Operator",
    "bearer",
    "check_token",
    "is_loopback",
    "new_token",
    "read_token",
]

#: The environment variable that holds the operator token.
TOKEN_ENV = "FATEKIT_ADMIN_TOKEN"
#: Tokens shorter than this are refused: a guessable token guards nothing.
MIN_TOKEN_LENGTH = 16

#: Headers that proxies add to the requests they pass on.
_FORWARDING_HEADERS = ("x-forwarded-for", "forwarded", "x-real-ip")


def is_loopback(host: str) -> bool:
    """Whether ``host`` (an address, or ``localhost``) is this machine."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def new_token() -> str:
    """A fresh operator token: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def check_token(token: str, where: str) -> str:
    """``token`` if it can serve as an operator token, else :class:`BadInput` saying why."""
    if len(token) < MIN_TOKEN_LENGTH:
        raise BadInput(
            f"the operator token in {where} is too short: use at least {MIN_TOKEN_LENGTH} "
            f"characters, e.g. one printed by: python3 -c 'import secrets; "
            "print(secrets.token_urlsafe(32))'"
        )
    if not (token.isascii() and token.isprintable()) or " " in token:
        raise BadInput(
            f"the operator token in {where} must be printable ASCII without spaces "
            "(it travels in an HTTP header)"
        )
    return token


def read_token(path: str | None, environ: dict[str, str] | None = None) -> str | None:
    """The operator token from ``path`` (a file holding it, surrounding whitespace ignored), else
    from ``$FATEKIT_ADMIN_TOKEN``, else None. Raises :class:`BadInput` for a file that cannot be
    read or a token too weak to use."""
    env = os.environ if environ is None else environ
    if path is not None:
        try:
            text = Path(path).read_text(encoding="utf-8").strip()
        except (OSError, UnicodeError) as error:
            raise BadInput(f"cannot read the operator token file {path}: {error}") from None
        if not text:
            raise BadInput(f"the operator token file {path} is empty")
        return check_token(text, path)
    text = env.get(TOKEN_ENV, "").strip()
    return check_token(text, "$" + TOKEN_ENV) if text else None


def bearer(authorization: str) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header's value, else None."""
    scheme, _, given = authorization.partition(" ")
    return given.strip() if scheme.lower() == "bearer" else None


class Operator:
    """Decides whether a request may open a table (see the module's description)."""

    def __init__(self, token: str | None) -> None:
        self._token = token.encode() if token is not None else None

    def is_token(self, given: str | None) -> bool:
        """Whether ``given`` (a bearer token, or None) is the operator's token; compared in
        constant time, so the answer's timing tells nothing about the token."""
        if self._token is None or given is None:
            return False
        return hmac.compare_digest(given.encode("utf-8", "replace"), self._token)

    @property
    def has_token(self) -> bool:
        """Whether opening a table needs the token (else: loopback only)."""
        return self._token is not None

    def check(self, connection: HTTPConnection) -> None:
        """Raise 401 or 403 unless ``connection`` may open a table."""
        if self._token is None:
            host = connection.client.host if connection.client is not None else ""
            # A request a proxy passed on is not local, even when the proxy runs here.
            forwarded = any(h in connection.headers for h in _FORWARDING_HEADERS)
            if forwarded or not is_loopback(host):
                raise ApiError(
                    403,
                    "operator",
                    "this server opens tables only from its own machine: its operator can set "
                    f"{TOKEN_ENV} (or --admin-token-file) to open them from elsewhere",
                )
            return
        if not self.is_token(bearer(connection.headers.get("authorization", ""))):
            raise ApiError(
                401,
                "operator",
                "opening a table needs the operator's token: send Authorization: Bearer <token>",
            )
