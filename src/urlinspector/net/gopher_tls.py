"""Gopher over TLS (``gophers://``): the handshake that never falls back to clear text.

The convention (``docs/gopher.md``): a ``gophers://`` URL is a gopher URL whose request
goes inside TLS from the first octet, on the URL's port (70 when it names none), as curl's
``gophers`` and VF-1's TLS mode do it.  A plain ``gopher://`` URL is never probed for TLS,
and a ``gophers://`` one is never retried in clear text: when the handshake fails, the
fetch fails with a message that says so, before the selector is sent.

How the certificate is trusted, and how it is described, is :mod:`urlinspector.net.tls`
(the same for every protocol): the system's trust store, a CA file (``--cacert``), no
verification (``--insecure``), or one certificate accepted by its SHA-256 fingerprint
(the viewer's "accept this certificate").
"""

from __future__ import annotations

from urlinspector.net.driver import Connection
from urlinspector.net.errors import ConnectFailed, NetError, NetTimeout
from urlinspector.net.tls import (
    Certificate,
    TLSOptions,
    UntrustedCertificate,
    client_context,
    describe,
)

__all__ = ["start_tls"]

_NOTHING_SENT = (
    "nothing was sent: a gophers:// URL is fetched over TLS or not at all, never in clear text"
)


def start_tls(conn: Connection, host: str, options: TLSOptions) -> Certificate | None:
    """The TLS handshake on *conn* (just connected, nothing sent), with the certificate
    judged by *options*; the certificate presented.  Raises :class:`UntrustedCertificate`
    (with the certificate, fetched by a second handshake that sends nothing) when it
    fails verification or is not the pinned one, and :class:`ConnectFailed` or
    :class:`NetTimeout` saying that nothing was sent when the handshake fails (a plain
    gopher server, say).  Never falls back to clear text."""
    import ssl

    context = client_context(options)
    try:
        conn.starttls(host, context)
    except ConnectFailed as exc:
        failure = exc.__context__  # the ssl error the driver put in words
        if isinstance(failure, ssl.SSLCertVerificationError):
            reason = str(failure.verify_message or failure.reason or failure)
            raise _untrusted(conn, host, reason) from None
        raise ConnectFailed(f"{exc}{_plain_hint(conn)}; {_NOTHING_SENT}") from None
    except NetTimeout as exc:
        raise NetTimeout(f"{exc}{_plain_hint(conn)}; {_NOTHING_SENT}") from None
    tls = conn.tls_socket
    certificate = describe(tls, options.how) if tls is not None else None
    if options.pinned is not None and (certificate is None or certificate.sha256 != options.pinned):
        conn.close()
        raise UntrustedCertificate(
            f"the gopher server at {conn.hostport} presented another certificate than the "
            f"one accepted for it (SHA-256 {options.pinned}); {_NOTHING_SENT}",
            reason="not the certificate accepted",
            certificate=certificate,
        )
    return certificate


def _plain_hint(conn: Connection) -> str:
    """What a handshake that failed may mean: a server that speaks plain gopher there
    (it answers the handshake with a gopher reply, or waits for a selector)."""
    return f" (if it speaks plain gopher, gopher://{conn.hostport}/ reaches it without encryption)"


def _untrusted(conn: Connection, host: str, reason: str) -> UntrustedCertificate:
    """The error for a certificate that failed verification, with that certificate
    (fetched by a second handshake without verification, which sends nothing)."""
    certificate = _presented(conn, host, reason)
    shown = f" ({certificate.summary()})" if certificate is not None else ""
    return UntrustedCertificate(
        f"the gopher server at {conn.hostport} presented a certificate that cannot be "
        f"trusted: {reason}{shown}; {_NOTHING_SENT}",
        reason=reason,
        certificate=certificate,
    )


def _presented(conn: Connection, host: str, reason: str) -> Certificate | None:
    try:
        with Connection.open(
            conn.host,
            conn.port,
            conn.session,
            what=conn.what,
            tls=client_context(TLSOptions(insecure=True)),
            server_hostname=host,
        ) as probe:
            tls = probe.tls_socket
            return describe(tls, f"cannot be trusted: {reason}") if tls is not None else None
    except NetError:
        return None
