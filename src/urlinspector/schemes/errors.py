"""The two ways a protocol exchange goes wrong, as in h11: our side or theirs."""

from __future__ import annotations

from urlinspector.core.errors import URLInspectorError

__all__ = ["LocalProtocolError", "ProtocolError", "RemoteProtocolError"]


class ProtocolError(URLInspectorError):
    """Root of the protocol errors; the message is for a person."""


class LocalProtocolError(ProtocolError):
    """Our side: the URL cannot be sent safely or correctly (nothing was sent)."""


class RemoteProtocolError(ProtocolError):
    """The server's side: it broke the protocol or answered with an error."""
