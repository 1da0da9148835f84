"""FTP over TLS: what the person asked for, the handshake (cancellable, in slices), and
the certificate the server showed.

Two ways in (RFC 4217): ``ftps://`` is implicit TLS, TLS from the first octet of the
control connection (port 990 by default); ``ftp://`` with ``auth_tls``
(``fetch --tls``) sends ``AUTH TLS`` after the greeting (RFC 4217 §4) and goes on only
if the server takes it.  Either way, once TLS was asked for nothing is ever sent in
clear text: a server that refuses ``AUTH TLS``, ``PROT P`` or the handshake ends the
fetch with an error, never with a plain connection.  A plain ``ftp://`` URL without
the option stays plain (what the URL says), and the transcript notes when the server
offered ``AUTH TLS`` in its FEAT reply.

The data connections are protected too (``PBSZ 0``, ``PROT P``: RFC 4217 §9, §8) and
resume the control connection's TLS session, which vsftpd requires by default
(``require_ssl_reuse``), so that a third party cannot take the data connection.

How the certificate is trusted is :class:`urlinspector.net.tls.TLSOptions`, the same for
every protocol: the system's store by default (which honours ``SSL_CERT_FILE``), a CA
file, or any certificate with ``insecure`` (the transcript says so).
"""

from __future__ import annotations

import selectors
import socket
import ssl
import time
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from urlinspector.net.errors import ConnectFailed, NetTimeout
from urlinspector.net.ftp.waits import SLICE, Waits
from urlinspector.net.tls import Certificate, TLSOptions, describe

if TYPE_CHECKING:
    from datetime import datetime

__all__ = ["Mode", "TLSInfo", "handshake", "tls_info"]

Mode = Literal["implicit", "explicit"]


class TLSInfo(NamedTuple):
    """How the control connection was protected, and the certificate the server showed
    (:class:`~urlinspector.net.tls.Certificate`, with the TLS version and cipher)."""

    mode: Mode
    """``implicit`` (ftps://) or ``explicit`` (AUTH TLS)."""
    certificate: Certificate

    @property
    def version(self) -> str:
        """``TLSv1.3``, ``TLSv1.2``."""
        return self.certificate.protocol or "?"

    @property
    def cipher(self) -> str:
        return self.certificate.cipher or "?"

    def describe(self) -> str:
        how = "implicit TLS (ftps)" if self.mode == "implicit" else "AUTH TLS (RFC 4217)"
        return f"{how}: {self.version}, {self.cipher}; {_certificate_line(self.certificate)}"

    def as_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "version": self.version,
            "cipher": self.cipher,
            "certificate": self.certificate.as_json(),
        }


def _certificate_line(cert: Certificate) -> str:
    """One line for a transcript or a status line."""
    if not cert.verified:
        return f"certificate NOT verified (--insecure), SHA-256 fingerprint {cert.sha256}"
    valid = f"valid {_day(cert.not_before)} to {_day(cert.not_after)}"
    return (
        f"certificate {cert.subject}, issued by {cert.issuer}, {valid}, "
        f"SHA-256 fingerprint {cert.sha256}"
    )


def _day(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M UTC")


def handshake(
    waits: Waits,
    sock: socket.socket,
    context: ssl.SSLContext,
    server_hostname: str,
    shown: str,
    session: ssl.SSLSession | None = None,
) -> ssl.SSLSocket:
    """*sock* wrapped in TLS, the handshake done in slices (the cancel token and the
    deadline checked between them, the connect timeout for the whole handshake);
    *session* resumed when given (a data connection).  Raises :class:`ConnectFailed`
    (the certificate, or TLS itself, failed) or :class:`NetTimeout`; the socket is
    closed then."""
    sock.setblocking(False)
    tls = context.wrap_socket(
        sock, server_hostname=server_hostname, do_handshake_on_connect=False, session=session
    )
    try:
        _shake(waits, tls, shown)
    except BaseException:
        tls.close()
        raise
    tls.settimeout(SLICE)
    return tls


def _shake(waits: Waits, tls: ssl.SSLSocket, shown: str) -> None:
    deadline = time.monotonic() + waits.limits.connect_timeout
    try:
        with selectors.DefaultSelector() as selector:
            selector.register(tls, selectors.EVENT_READ)
            while True:
                waits.check()
                if time.monotonic() >= deadline:
                    raise NetTimeout(
                        f"the FTP server at {shown} did not finish the TLS handshake within "
                        f"{waits.limits.connect_timeout:g} s"
                    )
                try:
                    tls.do_handshake()
                    return
                except ssl.SSLWantReadError:
                    selector.modify(tls, selectors.EVENT_READ)
                except ssl.SSLWantWriteError:
                    selector.modify(tls, selectors.EVENT_WRITE)
                selector.select(SLICE)
    except ssl.SSLCertVerificationError as exc:
        raise ConnectFailed(
            f"the FTP server at {shown} presented a certificate that cannot be trusted: "
            f"{exc.verify_message or exc.reason}; nothing was sent over the connection. Trust "
            "the CA that signed it (fetch --cacert FILE, or the SSL_CERT_FILE variable), or "
            "accept it unverified (fetch --insecure)"
        ) from None
    except ssl.SSLError as exc:
        raise ConnectFailed(
            f"TLS with the FTP server at {shown} failed ({exc.reason or exc}): it does not "
            "speak TLS there, or not a version this system accepts; nothing was sent in "
            "clear text"
        ) from None
    except OSError as exc:
        raise ConnectFailed(
            f"the FTP server at {shown} dropped the connection during the TLS handshake "
            f"({exc.strerror or exc}); nothing was sent in clear text"
        ) from None


def tls_info(tls: ssl.SSLSocket, mode: Mode, options: TLSOptions) -> TLSInfo:
    """How *tls* (the control connection, after the handshake) is protected."""
    certificate = describe(tls, options.how)
    if certificate is None:  # (a TLS server always presents one to a client)
        raise ConnectFailed("the FTP server presented no TLS certificate")
    return TLSInfo(mode=mode, certificate=certificate)
