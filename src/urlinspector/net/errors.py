"""Network failures, each with a message a person can act on."""

from __future__ import annotations

from urlinspector.core.errors import URLInspectorError

__all__ = ["Cancelled", "ConnectFailed", "NetError", "NetTimeout", "TooLarge"]


class NetError(URLInspectorError):
    """Root of the network errors."""


class ConnectFailed(NetError):
    """No connection: name not found, refused, unreachable."""


class NetTimeout(NetError):
    """The server did not answer (connect) or stopped sending (read) in time."""


class Cancelled(NetError):
    """The user stopped the transfer."""


class TooLarge(NetError):
    """More data than the in-memory cap allows (and no file to stream it to)."""
