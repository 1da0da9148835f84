"""The network driver every protocol shares: one TCP (or TLS) connection, and a pump that
moves its bytes into a sans-IO object of :mod:`urlinspector.schemes`.

:class:`Connection` owns what a person waits for: the connect timeout, the read timeout,
an optional deadline for the whole exchange, and cancellation, as the fetch's
:class:`~urlinspector.net.session.Session` sets them.  Every blocking call waits
in slices of at most :data:`POLL_INTERVAL` seconds and checks the
:class:`~urlinspector.net.limits.CancelToken` between them, so the GUI's Stop works at any
moment: while the name is being connected to, while the server is silent, and in the middle
of a download.  (Name resolution itself, ``getaddrinfo``, cannot be interrupted; the token is
checked before and after it.)

:class:`Pump` (and the :func:`pump` shortcut) feeds a sans-IO receiver until it reports the
end of the reply.  It keeps what arrives in memory up to
:attr:`~urlinspector.net.limits.Limits.max_memory` and streams body bytes past that to its
:mod:`~urlinspector.net.sink`'s file when there is one; without one the transfer stops
with :class:`~urlinspector.net.errors.TooLarge`.  The session's progress callback hears the
byte count after every read, with the total when the protocol has announced one.

The sans-IO contract (h11's): ``receive_data(data: bytes)`` takes the next bytes, ``b""``
meaning the server closed the connection; ``next_event()`` hands out the next event, or a
sentinel (by default ``None``; h11 calls it ``NEED_DATA``) when it needs more bytes.
Failures are typed errors (:mod:`urlinspector.net.errors`) whose message says what happened
in a person's words: "no gopher server answered at example.org:70 within 10 s".

By concern: :mod:`.connect` (connecting, and its failures in words),
:mod:`.connection` (:class:`Connection`: reads and sends with deadline and cancel, TLS),
:mod:`.pump` (:class:`Pump`, :class:`Transfer`, :func:`pump`).
"""

from __future__ import annotations

from urlinspector.net.body import Body, Writable
from urlinspector.net.driver.connect import POLL_INTERVAL, format_hostport
from urlinspector.net.driver.connection import Connection
from urlinspector.net.driver.pump import Progress, Pump, Receiver, Transfer, pump

__all__ = [
    "POLL_INTERVAL",
    "Body",
    "Connection",
    "Progress",
    "Pump",
    "Receiver",
    "Transfer",
    "Writable",
    "format_hostport",
    "pump",
]
