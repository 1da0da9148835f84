"""TLS for every protocol that fetches: how a server's certificate is trusted
(:class:`TLSOptions`), the client context that applies it (:func:`client_context`), and the
certificate the server presented as a person reads it (:class:`Certificate`).

The certificate is verified against the system's trust store (OpenSSL's, through
:func:`ssl.create_default_context`, which honours ``SSL_CERT_FILE``) and the URL's host,
unless the options say otherwise: a CA file instead of the store (``fetch --cacert``), no
verification at all (``fetch --insecure``), or one certificate accepted by its SHA-256
fingerprint (the viewer's "accept this certificate").  Whatever was decided, the
certificate is described: subject, issuer, validity, names and fingerprint, read with
``cryptography`` (the certificate of an unverified connection is only available as DER,
which the standard library does not decode).

How TLS starts is each protocol's business: ``gophers://`` from the first octet
(:mod:`urlinspector.net.gopher`), ``ftps://`` or ``AUTH TLS`` (:mod:`urlinspector.net.ftp.tls`),
NNTPS or STARTTLS (:mod:`urlinspector.net.nntp`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from urlinspector.net.errors import ConnectFailed

if TYPE_CHECKING:
    import ssl
    from datetime import datetime

__all__ = [
    "Certificate",
    "TLSOptions",
    "UntrustedCertificate",
    "client_context",
    "describe",
    "fingerprint",
]


class TLSOptions(NamedTuple):
    """How a TLS server is trusted.  The default verifies its certificate against the
    system's trust store and the URL's host."""

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


class Certificate(NamedTuple):
    """The certificate a TLS server presented, and the connection it secured."""

    subject: str
    """The subject's distinguished name (RFC 4514 form: ``CN=example.org,O=...``)."""
    issuer: str
    not_before: datetime
    """Valid from (UTC)."""
    not_after: datetime
    """Valid until (UTC)."""
    sha256: str
    """SHA-256 of the certificate (DER), as ``AB:CD:...`` hex pairs (as browsers and
    ``openssl x509 -fingerprint -sha256`` show it)."""
    names: tuple[str, ...] = ()
    """The subject alternative names (DNS names and IP addresses)."""
    trust: str = ""
    """How it was judged (:attr:`TLSOptions.how`), or why it cannot be trusted."""
    verified: bool = False
    """Whether it was verified against a trust store (not with ``insecure`` or a pin)."""
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

    def as_json(self) -> dict[str, Any]:
        """The certificate for ``--json`` (docs/json.md)."""
        return {
            "subject": self.subject,
            "issuer": self.issuer,
            "not_before": self.not_before.isoformat(),
            "not_after": self.not_after.isoformat(),
            "names": list(self.names),
            "sha256": self.sha256,
            "verified": self.verified,
        }


def _when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S UTC")


class UntrustedCertificate(ConnectFailed):
    """The server's certificate failed verification (nothing was sent); *certificate*
    is what it presented, when it could be fetched, for a person to judge (and accept by
    its fingerprint)."""

    def __init__(self, message: str, *, reason: str, certificate: Certificate | None) -> None:
        super().__init__(message)
        self.reason = reason
        self.certificate = certificate


def fingerprint(der: bytes) -> str:
    """SHA-256 of a DER certificate as ``AB:CD:...`` (the form browsers show)."""
    import hashlib  # (loaded with the first certificate: a plain fetch needs none)

    digest = hashlib.sha256(der).hexdigest().upper()
    return ":".join(digest[i : i + 2] for i in range(0, len(digest), 2))


def client_context(options: TLSOptions) -> ssl.SSLContext:
    """The client context for *options*: the system's store (or the CA file), the host
    checked; no checks at all for ``insecure`` and ``pinned`` (the fingerprint is
    compared after the handshake).  Raises :class:`ConnectFailed` for a CA file that
    cannot be read."""
    import ssl

    try:
        context = ssl.create_default_context(cafile=options.cafile)
    except (OSError, ssl.SSLError) as exc:
        reason = getattr(exc, "strerror", None) or getattr(exc, "reason", None) or exc
        raise ConnectFailed(
            f"cannot read the CA certificates in {options.cafile}: {reason}"
        ) from None
    if options.insecure or options.pinned is not None:
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context


def describe(tls: ssl.SSLSocket, trust: str) -> Certificate | None:
    """The certificate *tls*'s server presented (judged as *trust* says), or None when it
    presented none."""
    import ssl

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
    return Certificate(
        subject=cert.subject.rfc4514_string() or "(empty)",
        issuer=cert.issuer.rfc4514_string() or "(empty)",
        not_before=cert.not_valid_before_utc,
        not_after=cert.not_valid_after_utc,
        sha256=fingerprint(der),
        names=names,
        trust=trust,
        verified=tls.context.verify_mode != ssl.CERT_NONE,
        protocol=tls.version() or "",
        cipher=cipher[0] if cipher else "",
    )
