"""The public fetch functions: a plan for the URL (nothing is sent for a URL that cannot
be sent safely), one exchange to carry it out, and how it ends after a failure; and the
same streamed to a file under a staging name."""

from __future__ import annotations

import os
from dataclasses import replace
from datetime import datetime

from urlinspector.core import URL
from urlinspector.core.quoting import quoted
from urlinspector.net.errors import Cancelled, ConnectFailed, NetTimeout, TooLarge
from urlinspector.net.ftp.errors import FTPReplyError
from urlinspector.net.ftp.exchange import LOCAL_LINE_END, Exchange
from urlinspector.net.ftp.result import FTPResult
from urlinspector.net.policy import Refused
from urlinspector.net.saving import save_to
from urlinspector.net.session import DEFAULT_SESSION, Session
from urlinspector.net.sink import MEMORY, File, Sink
from urlinspector.schemes.ftp.url import DEFAULT_ANONYMOUS_PASSWORD, Plan, plan

__all__ = ["LOCAL_LINE_END", "fetch", "fetch_to_path"]


def _ascii_host(host: str) -> str:
    """A host name for getaddrinfo: IDNA (UTS #46) for a non-ASCII name."""
    if host.isascii():
        return host
    import idna  # (loaded for a name that needs it)

    try:
        return idna.encode(host, uts46=True).decode("ascii")
    except idna.IDNAError as exc:
        raise ConnectFailed(
            f"the host name {quoted(host)} is not a valid domain name: {exc}"
        ) from None


def fetch(
    url: URL,
    *,
    sink: Sink = MEMORY,
    session: Session = DEFAULT_SESSION,
    anonymous_password: str = DEFAULT_ANONYMOUS_PASSWORD,
    now: datetime | None = None,
) -> FTPResult:
    """Dereference the ftp *url* (RFC 1738 §3.2) on a new control connection.

    A file goes to *sink* (:mod:`urlinspector.net.sink`): into memory up to
    ``limits.max_memory`` (:attr:`FTPResult.data`; more raises :class:`TooLarge`), a
    :class:`File` (every byte written to it; ``hold`` does not apply to ftp), a
    :class:`~urlinspector.net.sink.Feed` (handed over as it comes) or a
    :class:`~urlinspector.net.sink.Raw` stream (the octets as they came).  A directory
    comes back as :attr:`FTPResult.listing`, kept in memory whatever the sink (up to the
    cap); only a :class:`~urlinspector.net.sink.Raw` stream gets its octets too, as they
    came.  *now* dates the listing's entries that give no year (default: the clock).

    The *session* (:mod:`urlinspector.net.session`) holds the rest: its progress
    callback hears ``(done, total)``; its cancel token stops the work at any moment
    (``ABOR`` for an open transfer, then the connection is closed; :class:`Cancelled`
    is raised); its password callback is asked when the URL has a user but no password
    and the server wants one (the password is never stored or recorded); its
    transcript listener hears the commands and replies as they happen (a listener
    that keeps them has them when an error is raised).  *anonymous_password* is the
    e-mail address an anonymous login sends (RFC 1738 §3.2.1).

    Without a typecode a file comes as image (TYPE I): its bytes as the server stores
    them.  With ``;type=a`` it comes as ASCII (TYPE A), and the CRLF line ends of the
    transfer become this system's (:data:`LOCAL_LINE_END`, RFC 959 §3.1.1.1), except
    in a :class:`~urlinspector.net.sink.Raw` stream, which has them as they came.

    An ``ftps`` URL is TLS from the first octet (port 990 by default); an ``ftp`` URL
    asks for TLS with ``AUTH TLS`` when the session's ``auth_tls``; either way the data
    connections are protected too, and a server that refuses is an error
    (:class:`TLSRefused`, :class:`ConnectFailed`), never a plain connection
    (:mod:`urlinspector.net.ftp.tls`).  The session's ``tls`` says how the certificate
    is trusted; :attr:`FTPResult.tls` tells how the connection was protected, with the
    certificate.  A data connection to another port of this machine than the one the
    URL names is held to the request policy (:meth:`~urlinspector.net.policy.Guard.data`).

    Raises :class:`~urlinspector.schemes.errors.LocalProtocolError` before connecting
    for a URL that cannot be sent safely; :class:`ConnectFailed`, :class:`NetTimeout`,
    :class:`FTPReplyError` (:class:`LoginFailed`), :class:`FTPError`,
    :class:`TooLarge` or :class:`Cancelled` (all :class:`NetError`) after.
    """
    if isinstance(sink, File) and sink.hold:
        raise ValueError("an ftp download writes every byte to its file: File(hold=0)")
    the_plan = with_ascii_host(plan(url, anonymous_password=anonymous_password))
    return run_exchange(Exchange(the_plan, sink=sink, session=session, now=now))


def with_ascii_host(the_plan: Plan) -> Plan:
    """*the_plan* with its host as the network needs it (IDNA A-labels)."""
    host = _ascii_host(the_plan.host)
    return the_plan if host == the_plan.host else replace(the_plan, host=host)


def run_exchange(
    exchange: Exchange, *, refusals: tuple[type[BaseException], ...] = ()
) -> FTPResult:
    """Run *exchange*, and when it fails leave the server as the failure allows: after
    a refused command, a data connection the request policy refused, or one of
    *refusals*, the control connection is still fine, so QUIT (or ABOR a transfer
    still open); anything else abandons the connection."""
    try:
        return exchange.run()
    except FTPReplyError:
        if exchange.transfer_open:
            exchange.abandon("refused")
        else:
            exchange.quit()  # the control connection is still fine: leave politely
        raise
    except Refused:
        exchange.quit()
        raise
    except refusals:
        exchange.quit()
        raise
    except BaseException as exc:
        exchange.abandon(_WHY.get(type(exc), "failed"))
        raise


_WHY: dict[type[BaseException], str] = {
    Cancelled: "cancelled",
    KeyboardInterrupt: "interrupted",
    NetTimeout: "timed out",
    TooLarge: "too large for memory",
}


def fetch_to_path(
    url: URL,
    path: str | os.PathLike[str],
    *,
    keep_partial: bool = False,
    session: Session = DEFAULT_SESSION,
    anonymous_password: str = DEFAULT_ANONYMOUS_PASSWORD,
    now: datetime | None = None,
) -> FTPResult:
    """:func:`fetch` streaming the file to *path* (any size; memory stays bounded).

    The bytes go to ``<path>.part`` first (created for this download alone, never
    through a link) and are renamed to *path* when the transfer completed
    (:mod:`urlinspector.net.saving`); after a failure or cancel the partial file is
    removed, unless *keep_partial* (then ``<path>.part`` stays when it holds any byte).
    A *path* that is not a regular file (a device such as ``/dev/null``, a FIFO) is
    written as it is; a symbolic link or a folder is refused
    (:class:`~urlinspector.net.saving.SaveRefused`, before connecting).  A directory is
    returned as a listing and nothing is written.
    """
    with save_to(path) as saving:
        try:
            result = fetch(
                url,
                sink=File(saving.file),
                session=session,
                anonymous_password=anonymous_password,
                now=now,
            )
        except BaseException:
            if keep_partial:
                saving.keep_partial()
            raise
        if result.listing is None:
            saving.commit()
        else:
            saving.discard()
        return result
