"""Where a reader stops a library: the exception raised in place of opening the socket,
and the questions the socket layer asks of a host and port before it resolves them.

A reader hands the URL to the library the way a program does (``urlopen``, a
``PoolManager``'s ``request``, a ``Session``'s ``get``, a ``Client``'s ``get``) with
the library's own connection class, transport or network backend replaced, at the
one place where it would call ``socket.create_connection``, by one that raises
:class:`Connecting`.  Every check the library makes on the way (its parser, its
header encoding, its request line) runs as it would; nothing is sent.
"""

from __future__ import annotations

import socket

__all__ = ["Connecting", "header_text", "socket_port"]


class Connecting(Exception):
    """Raised where the library would open its socket: the host and port it would
    hand ``getaddrinfo``, and the ``Host`` header it has ready (None when it has
    none yet: TLS is set up before the request is written)."""

    def __init__(self, host: str, port: int, host_header: str | None = None) -> None:
        super().__init__(host, port, host_header)
        self.host = host
        self.port = port
        self.host_header = host_header


def socket_port(host: str, port: int) -> int:
    """The port ``socket.create_connection((host, port))`` would connect to, after the
    checks ``getaddrinfo`` makes before it resolves anything, raising what they raise:

    - the host is encoded with the ``idna`` codec (Modules/socketmodule.c
      ``getaddrinfo``): ``UnicodeError`` for an empty label or one over 63 octets
      (``a..b``, ``.example.com``);
    - the port is handed to the C library as a service number, which reads it in
      its own way (glibc: ``99999`` is port 34463, ``-1`` a ``gaierror``): asked of
      the C library itself, for the numeric address 127.0.0.1 (``AI_NUMERICHOST``:
      no name is looked up, no socket opened)."""
    host.encode("idna")
    numeric = socket.AI_NUMERICHOST | socket.AI_NUMERICSERV
    found = socket.getaddrinfo("127.0.0.1", port, socket.AF_INET, socket.SOCK_STREAM, 0, numeric)
    return int(found[0][4][1])


def header_text(value: object) -> str:
    """A header value as a connection was handed it: ``http.client`` writes its own
    ``Host`` header as bytes (A-labels), a caller's as text it encodes in Latin-1."""
    return value.decode("latin-1") if isinstance(value, bytes) else str(value)
