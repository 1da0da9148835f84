"""How an FTP connection was protected, in one line and as JSON (the certificate itself
is :mod:`urlinspector.net.tls`'s, tested in ``test_tls.py``)."""

from __future__ import annotations

from datetime import UTC, datetime

from urlinspector.net.ftp.tls import TLSInfo
from urlinspector.net.tls import Certificate, TLSOptions

FINGERPRINT = ":".join(["AB"] * 32)


def certificate(verified: bool, protocol: str, cipher: str) -> Certificate:
    options = TLSOptions() if verified else TLSOptions(insecure=True)
    return Certificate(
        subject="CN=localhost",
        issuer="CN=Test CA",
        not_before=datetime(2026, 11, 27, 8, 0, tzinfo=UTC),
        not_after=datetime(2026, 11, 29, 8, 0, tzinfo=UTC),
        names=("localhost",),
        sha256=FINGERPRINT,
        trust=options.how,
        verified=verified,
        protocol=protocol,
        cipher=cipher,
    )


def test_a_verified_certificate_in_one_line_and_as_json() -> None:
    info = TLSInfo("implicit", certificate(True, "TLSv1.3", "TLS_AES_256_GCM_SHA384"))
    assert info.describe() == (
        "implicit TLS (ftps): TLSv1.3, TLS_AES_256_GCM_SHA384; certificate CN=localhost, "
        "issued by CN=Test CA, valid 2026-11-27 08:00 UTC to 2026-11-29 08:00 UTC, "
        f"SHA-256 fingerprint {FINGERPRINT}"
    )
    assert info.as_json() == {
        "mode": "implicit",
        "version": "TLSv1.3",
        "cipher": "TLS_AES_256_GCM_SHA384",
        "certificate": {
            "subject": "CN=localhost",
            "issuer": "CN=Test CA",
            "not_before": "2026-11-27T08:00:00+00:00",
            "not_after": "2026-11-29T08:00:00+00:00",
            "names": ["localhost"],
            "sha256": FINGERPRINT,
            "verified": True,
        },
    }


def test_an_unverified_certificate_says_so() -> None:
    info = TLSInfo("explicit", certificate(False, "TLSv1.2", "ECDHE"))
    assert info.describe() == (
        "AUTH TLS (RFC 4217): TLSv1.2, ECDHE; certificate NOT verified (--insecure), "
        f"SHA-256 fingerprint {FINGERPRINT}"
    )
