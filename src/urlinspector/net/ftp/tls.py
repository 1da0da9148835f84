"""FTP over TLS: what the person asked for, the handshake (cancellable, in slices), and
the certificate the server showed.

Two ways in (RFC 4217): ``ftps://`` is implicit TLS, TLS from the first octet of the
control connection (port 990 by default); ``ftp://`` with :attr:`TLSOptions.explicit`
(``fetch --tls``) sends ``AUTH TLS`` after the greeting (RFC 4217 §4) and goes on only
if the server takes it.  Either way, once TLS was asked for nothing is ever sent in
clear text: a server that refuses ``AUTH TLS``, ``PROT P`` or the handshake ends the
fetch with an error, never with a plain connection.  A plain ``ftp://`` URL without
the option stays plain (what the URL says), and the transcript notes when the server
offered ``AUTH TLS`` in its FEAT reply.

The data connections are protected too (``PBSZ 0``, ``PROT P``: RFC 4217 §9, §8) and
resume the control connection's TLS session, which vsftpd requires by default
(``require_ssl_reuse``), so that a third party cannot take the data connection.

The certificate is verified against the system's store by default (which honours
``SSL_CERT_FILE``), or against :attr:`TLSOptions.cafile`; :attr:`TLSOptions.insecure`
accepts any certificate, and says so in the transcript.
"""

from __future__ import annotations

import hashlib
import selectors
import socket
import ssl
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from urlinspector.net.errors import ConnectFailed, NetTimeout
from urlinspector.net.ftp.waits import SLICE, Waits

__all__ = [
    "Certificate",
    "TLSInfo",
    "TLSOptions",
    "client_context",
    "handshake",
    "peer_certificate",
]

Mode = Literal["implicit", "explicit"]


@dataclass(frozen=True, slots=True)
class TLSOptions:
    """How to use TLS with an FTP server."""

    explicit: bool = False
    """For ``ftp://``: ask for TLS with ``AUTH TLS`` and fail if the server refuses."""
    cafile: str | None = None
    """A file of CA certificates (PEM) to verify the server's with, instead of the
    system's store (``fetch --cacert FILE``)."""
    insecure: bool = False
    """Accept any certificate, unverified (``fetch --insecure``)."""


@dataclass(frozen=True, slots=True)
class Certificate:
    """The certificate a server showed: names as in RFC 4514 (``CN=localhost``),
    validity in UTC, the SHA-256 fingerprint of its DER form."""

    subject: str | None
    """None when it was not verified (the standard library decodes only a verified
    certificate; compare the fingerprint instead)."""
    issuer: str | None
    not_before: datetime | None
    not_after: datetime | None
    names: tuple[str, ...]
    """The subjectAltName entries (``DNS:localhost``, ``IP Address:127.0.0.1``)."""
    sha256: str
    """``AB:CD:…``: 32 octets in hex, as ``openssl x509 -fingerprint -sha256`` shows."""
    verified: bool

    def describe(self) -> str:
        """One line for a transcript or a status line."""
        if not self.verified:
            return f"certificate NOT verified (--insecure), SHA-256 fingerprint {self.sha256}"
        valid = f"valid {_day(self.not_before)} to {_day(self.not_after)}"
        return (
            f"certificate {self.subject or '(no subject)'}, issued by "
            f"{self.issuer or '(no issuer)'}, {valid}, SHA-256 fingerprint {self.sha256}"
        )

    def as_json(self) -> dict[str, Any]:
        return {
            "subject": self.subject,
            "issuer": self.issuer,
            "not_before": None if self.not_before is None else self.not_before.isoformat(),
            "not_after": None if self.not_after is None else self.not_after.isoformat(),
            "names": list(self.names),
            "sha256": self.sha256,
            "verified": self.verified,
        }


@dataclass(frozen=True, slots=True)
class TLSInfo:
    """How the control connection was protected."""

    mode: Mode
    """``implicit`` (ftps://) or ``explicit`` (AUTH TLS)."""
    version: str
    """``TLSv1.3``, ``TLSv1.2``."""
    cipher: str
    certificate: Certificate

    def describe(self) -> str:
        how = "implicit TLS (ftps)" if self.mode == "implicit" else "AUTH TLS (RFC 4217)"
        return f"{how}: {self.version}, {self.cipher}; {self.certificate.describe()}"

    def as_json(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "version": self.version,
            "cipher": self.cipher,
            "certificate": self.certificate.as_json(),
        }


def client_context(options: TLSOptions) -> ssl.SSLContext:
    """The client context for *options*: the system's CA store (or the *cafile*), the
    host name checked; with *insecure* nothing checked.  Raises :class:`ConnectFailed`
    when the CA file cannot be read."""
    try:
        context = ssl.create_default_context(cafile=options.cafile)
    except (OSError, ssl.SSLError) as exc:
        raise ConnectFailed(
            f"cannot read the CA certificates in {options.cafile!r}: "
            f"{getattr(exc, 'strerror', None) or exc}"
        ) from None
    if options.insecure:
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context


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


_SHORT_NAMES = {
    "commonName": "CN",
    "organizationName": "O",
    "organizationalUnitName": "OU",
    "countryName": "C",
    "stateOrProvinceName": "ST",
    "localityName": "L",
    "streetAddress": "STREET",
    "domainComponent": "DC",
    "userId": "UID",
}
"""The attribute types of RFC 4514 §3 by the names :meth:`ssl.SSLSocket.getpeercert`
gives them."""


def _name(rdns: Any) -> str | None:
    """A distinguished name as RFC 4514 writes it, most specific first
    (``CN=localhost, O=Example``)."""
    if not rdns:
        return None
    parts = [
        "+".join(f"{_SHORT_NAMES.get(key, key)}={value}" for key, value in rdn)
        for rdn in reversed(rdns)
    ]
    return ", ".join(parts)


def _time(text: Any) -> datetime | None:
    if not isinstance(text, str):
        return None
    return datetime.fromtimestamp(ssl.cert_time_to_seconds(text), UTC)


def _day(moment: datetime | None) -> str:
    return "?" if moment is None else moment.strftime("%Y-%m-%d %H:%M UTC")


def peer_certificate(tls: ssl.SSLSocket) -> Certificate:
    """The certificate *tls*'s server showed (decoded when it was verified)."""
    der = tls.getpeercert(binary_form=True) or b""
    digest = hashlib.sha256(der).hexdigest().upper()
    fingerprint = ":".join(digest[i : i + 2] for i in range(0, len(digest), 2))
    decoded = tls.getpeercert() or {}
    verified = tls.context.verify_mode != ssl.CERT_NONE
    return Certificate(
        subject=_name(decoded.get("subject")),
        issuer=_name(decoded.get("issuer")),
        not_before=_time(decoded.get("notBefore")),
        not_after=_time(decoded.get("notAfter")),
        names=tuple(f"{pair[0]}:{pair[1]}" for pair in decoded.get("subjectAltName", ())),
        sha256=fingerprint,
        verified=verified,
    )


def tls_info(tls: ssl.SSLSocket, mode: Mode) -> TLSInfo:
    cipher = tls.cipher()
    return TLSInfo(
        mode=mode,
        version=tls.version() or "?",
        cipher=cipher[0] if cipher else "?",
        certificate=peer_certificate(tls),
    )
