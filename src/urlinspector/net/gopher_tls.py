"""Gopher over TLS (``gophers://``): the TLS settings of one fetch, the handshake that
never falls back to clear text, and the server's certificate as a person reads it.

The convention (``docs/gopher.md``): a ``gophers://`` URL is a gopher URL whose request
goes inside TLS from the first octet, on the URL's port (70 when it names none), as curl's
``gophers`` and VF-1's TLS mode do it.  A plain ``gopher://`` URL is never probed for TLS,
and a ``gophers://`` one is never retried in clear text: when the handshake fails, the
fetch fails with a message that says so, before the selector is sent.

The certificate is verified against the system's trust store (OpenSSL's, through
:func:`ssl.create_default_context`) and the URL's host, unless the fetch's
:class:`TLSOptions` say otherwise: a CA file instead of the store (``--cacert``), no
verification at all (``--insecure``), or one certificate accepted by its SHA-256
fingerprint (the viewer's "accept this certificate").  Whatever was decided, the
certificate is described (:class:`PeerCertificate`): subject, issuer, validity and
fingerprint, read with ``cryptography`` (the certificate of an unverified connection is
only available as DER, which the standard library does not decode).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from urlinspector.net.driver import Connection
from urlinspector.net.errors import ConnectFailed, NetError, NetTimeout

if TYPE_CHECKING:
    import ssl

__all__ = [
    "PeerCertificate",
    "TLSOptions",
    "UntrustedCertificate",
    "client_context",
    "describe",
    "fingerprint",
    "start_tls",
]

_NOTHING_SENT = (
    "nothing was sent: a gophers:// URL is fetched over TLS or not at all, never in clear text"
)


@dataclass(frozen=True, slots=True)
class TLSOptions:
    """How the server of a ``gophers://`` URL is trusted.  The default verifies its
    certificate against the system's trust store and the URL's host."""

    cafile: str | None = None
    """A PEM file of CA certificates trusted instead of the system's store (``--cacert``)."""
    insecure: bool = False
    """Accept any certificate, unverified (``--insecure``): encrypted, but to anyone."""
    pinned: str | None = None
    """The SHA-256 fingerprint (:func:`fingerprint`) of the one certificate accepted as
    it is, verified or not (the viewer's "accept this certificate" for a server)."""

    @property
    def how(self) -> str:
        """How the certificate is judged, in a person's words."""
        if self.insecure:
            return "not verified (--insecure)"
        if self.pinned is not None:
            return "accepted by its SHA-256 fingerprint, not verified against a trust store"
        if self.cafile is not None:
            return f"verified against {self.cafile}"
        return "verified against the system's trust store"


@dataclass(frozen=True, slots=True)
class PeerCertificate:
    """The certificate a TLS server presented, and the connection it secured."""

    subject: str
    """The subject's distinguished name (RFC 4514 form: ``CN=example.org,O=...``)."""
    issuer: str
    not_before: datetime
    """Valid from (UTC)."""
    not_after: datetime
    """Valid until (UTC)."""
    sha256: str
    """SHA-256 of the certificate (DER), as ``AB:CD:...`` hex pairs."""
    names: tuple[str, ...]
    """The subject alternative names (DNS names and IP addresses)."""
    trust: str
    """How it was judged (:attr:`TLSOptions.how`), or why it cannot be trusted."""
    protocol: str = ""
    """The TLS version agreed on (``TLSv1.3``); "" when not connected with it."""
    cipher: str = ""

    def lines(self) -> list[str]:
        """The certificate as lines for a transcript or a page's information."""
        lines = []
        if self.protocol:
            lines.append(f"TLS: {self.protocol}, {self.cipher}")
        lines += [
            f"certificate subject: {self.subject}",
            f"certificate issuer: {self.issuer}",
            f"certificate valid: {_when(self.not_before)} to {_when(self.not_after)}",
            f"certificate SHA-256: {self.sha256}",
        ]
        if self.names:
            lines.append("certificate names: " + ", ".join(self.names))
        lines.append(f"certificate {self.trust}")
        return lines

    def summary(self) -> str:
        """One line: subject, issuer, validity and fingerprint."""
        return (
            f"certificate {self.subject}, issued by {self.issuer}, valid "
            f"{_when(self.not_before)} to {_when(self.not_after)}, SHA-256 {self.sha256}"
        )


def _when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S UTC")


class UntrustedCertificate(ConnectFailed):
    """The server's certificate failed verification (nothing was sent); *certificate*
    is what it presented, when a second handshake could fetch it, for a person to
    judge (and accept by its fingerprint)."""

    def __init__(self, message: str, *, reason: str, certificate: PeerCertificate | None) -> None:
        super().__init__(message)
        self.reason = reason
        self.certificate = certificate


def fingerprint(der: bytes) -> str:
    """SHA-256 of a DER certificate as ``AB:CD:...`` (the form browsers show)."""
    digest = hashlib.sha256(der).hexdigest().upper()
    return ":".join(digest[i : i + 2] for i in range(0, len(digest), 2))


def client_context(options: TLSOptions) -> ssl.SSLContext:
    """The client context for *options*: the system's store (or the CA file), the host
    checked; no checks at all for ``insecure`` and ``pinned`` (the fingerprint is
    compared after the handshake).  Raises :class:`NetError` for a CA file that cannot
    be read."""
    import ssl

    try:
        context = ssl.create_default_context(cafile=options.cafile)
    except (OSError, ssl.SSLError) as exc:
        reason = getattr(exc, "strerror", None) or getattr(exc, "reason", None) or exc
        raise NetError(f"cannot read the CA certificates in {options.cafile}: {reason}") from None
    if options.insecure or options.pinned is not None:
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context


def describe(tls: ssl.SSLSocket, trust: str) -> PeerCertificate | None:
    """The certificate *tls*'s server presented, or None when it presented none."""
    der = tls.getpeercert(binary_form=True)
    if not der:
        return None
    from cryptography import x509  # (loaded for the first TLS connection only)

    cert = x509.load_der_x509_certificate(der)
    names: tuple[str, ...] = ()
    try:
        alt = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
        names = (
            *alt.get_values_for_type(x509.DNSName),
            *(str(ip) for ip in alt.get_values_for_type(x509.IPAddress)),
        )
    except x509.ExtensionNotFound:
        pass
    cipher = tls.cipher()
    return PeerCertificate(
        subject=cert.subject.rfc4514_string() or "(empty)",
        issuer=cert.issuer.rfc4514_string() or "(empty)",
        not_before=cert.not_valid_before_utc,
        not_after=cert.not_valid_after_utc,
        sha256=fingerprint(der),
        names=names,
        trust=trust,
        protocol=tls.version() or "",
        cipher=cipher[0] if cipher else "",
    )


def start_tls(conn: Connection, host: str, options: TLSOptions) -> PeerCertificate | None:
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


def _presented(conn: Connection, host: str, reason: str) -> PeerCertificate | None:
    try:
        with Connection.open(
            conn.host,
            conn.port,
            limits=conn.limits,
            cancel=conn.cancel,
            what=conn.what,
            tls=True,
            ssl_context=client_context(TLSOptions(insecure=True)),
            server_hostname=host,
        ) as probe:
            tls = probe.tls_socket
            return describe(tls, f"cannot be trusted: {reason}") if tls is not None else None
    except NetError:
        return None
