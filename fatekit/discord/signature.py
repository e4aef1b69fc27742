"""The check Discord asks of an interactions endpoint: every request is signed with Ed25519.

Discord sends ``X-Signature-Ed25519`` (the signature, hex) and ``X-Signature-Timestamp``; the
signed message is the timestamp followed by the request's body, byte for byte. The key to check
against is the application's public key (hex), shown in the Developer Portal. A request whose
signature does not check is answered 401, as Discord's documentation asks (Discord itself sends
bad signatures now and then to see that the endpoint refuses them).
"""

from __future__ import annotations

from nacl.exceptions import BadSignatureError
from nacl.signing import VerifyKey

__all__ = ["Verifier"]

#: Hex digits in an Ed25519 public key and in a signature.
KEY_HEX = 64
SIGNATURE_HEX = 128


class Verifier:
    """Checks interaction requests against an application's public key."""

    def __init__(self, public_key: str) -> None:
        try:
            raw = bytes.fromhex(public_key.strip())
        except ValueError:
            raw = b""
        if len(raw) != KEY_HEX // 2:
            raise ValueError(
                f"an application's public key is {KEY_HEX} hex digits (the Developer Portal's "
                "General Information page shows it)"
            )
        self._key = VerifyKey(raw)

    def verify(self, signature: str | None, timestamp: str | None, body: bytes) -> bool:
        """Whether ``signature`` signs ``timestamp`` + ``body`` with this key."""
        if not signature or not timestamp or len(signature) != SIGNATURE_HEX:
            return False
        try:
            self._key.verify(timestamp.encode("utf-8") + body, bytes.fromhex(signature))
        except (BadSignatureError, ValueError):
            return False
        return True
