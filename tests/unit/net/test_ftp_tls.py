"""The pieces of FTP over TLS that need no server: the client context, distinguished
names as RFC 4514 writes them, and the certificate's lines and JSON."""

from __future__ import annotations

import ssl
from datetime import UTC, datetime
from pathlib import Path

import pytest

from urlinspector.net.errors import ConnectFailed
from urlinspector.net.ftp.tls import Certificate, TLSInfo, TLSOptions, _name, client_context

FINGERPRINT = ":".join(["AB"] * 32)


@pytest.mark.parametrize(
    ("rdns", "expected"),
    [
        (((("commonName", "localhost"),),), "CN=localhost"),
        (
            (
                (("countryName", "DE"),),
                (("organizationName", "Example"),),
                (("commonName", "ftp"),),
            ),
            "CN=ftp, O=Example, C=DE",
        ),
        (((("commonName", "a"), ("emailAddress", "x@y")),), "CN=a+emailAddress=x@y"),
        ((), None),
    ],
)
def test_distinguished_names_most_specific_first(rdns: object, expected: str | None) -> None:
    assert _name(rdns) == expected


def certificate(verified: bool) -> Certificate:
    return Certificate(
        subject="CN=localhost" if verified else None,
        issuer="CN=Test CA" if verified else None,
        not_before=datetime(2026, 11, 27, 8, 0, tzinfo=UTC) if verified else None,
        not_after=datetime(2026, 11, 29, 8, 0, tzinfo=UTC) if verified else None,
        names=("DNS:localhost",) if verified else (),
        sha256=FINGERPRINT,
        verified=verified,
    )


def test_a_verified_certificate_in_one_line_and_as_json() -> None:
    info = TLSInfo("implicit", "TLSv1.3", "TLS_AES_256_GCM_SHA384", certificate(True))
    assert info.describe() == (
        "implicit TLS (ftps): TLSv1.3, TLS_AES_256_GCM_SHA384; certificate CN=localhost, "
        "issued by CN=Test CA, valid 2026-11-27 08:00 UTC to 2026-11-29 08:00 UTC, "
        f"SHA-256 fingerprint {FINGERPRINT}"
    )
    assert info.as_json()["certificate"] == {
        "subject": "CN=localhost",
        "issuer": "CN=Test CA",
        "not_before": "2026-11-27T08:00:00+00:00",
        "not_after": "2026-11-29T08:00:00+00:00",
        "names": ["DNS:localhost"],
        "sha256": FINGERPRINT,
        "verified": True,
    }


def test_an_unverified_certificate_says_so() -> None:
    info = TLSInfo("explicit", "TLSv1.2", "ECDHE", certificate(False))
    assert info.describe().startswith("AUTH TLS (RFC 4217): TLSv1.2, ECDHE; certificate NOT")
    assert FINGERPRINT in info.describe()


def test_contexts() -> None:
    verifying = client_context(TLSOptions())
    assert verifying.verify_mode == ssl.CERT_REQUIRED
    assert verifying.check_hostname
    insecure = client_context(TLSOptions(insecure=True))
    assert insecure.verify_mode == ssl.CERT_NONE
    assert not insecure.check_hostname


def test_a_missing_ca_file_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ConnectFailed, match="cannot read the CA certificates"):
        client_context(TLSOptions(cafile=str(tmp_path / "missing.pem")))
