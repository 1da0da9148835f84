"""How a TLS server is trusted, and its certificate as people read it (every protocol's)."""

from __future__ import annotations

import ssl
from datetime import UTC, datetime

import pytest

from urlinspector.net.errors import ConnectFailed
from urlinspector.net.tls import Certificate, TLSOptions, client_context, fingerprint

PIN = fingerprint(b"certificate")


@pytest.mark.parametrize(
    ("options", "how", "verify", "check_hostname"),
    [
        (TLSOptions(), "verified against the system's trust store", ssl.CERT_REQUIRED, True),
        (TLSOptions(insecure=True), "not verified (--insecure)", ssl.CERT_NONE, False),
        (
            TLSOptions(pinned=PIN),
            "accepted by its SHA-256 fingerprint, not verified against a trust store",
            ssl.CERT_NONE,
            False,
        ),
    ],
)
def test_how_a_certificate_is_judged(
    options: TLSOptions, how: str, verify: ssl.VerifyMode, check_hostname: bool
) -> None:
    assert options.how == how
    context = client_context(options)
    assert context.verify_mode == verify
    assert context.check_hostname is check_hostname
    assert context.minimum_version >= ssl.TLSVersion.TLSv1_2


def test_a_ca_file_that_cannot_be_read() -> None:
    missing = TLSOptions(cafile="/nonexistent/ca.pem")
    assert missing.how == "verified against /nonexistent/ca.pem"
    with pytest.raises(
        ConnectFailed, match=r"cannot read the CA certificates in /nonexistent/ca\.pem"
    ):
        client_context(missing)


@pytest.mark.parametrize(
    ("der", "expected"),
    [
        (
            b"",
            "E3:B0:C4:42:98:FC:1C:14:9A:FB:F4:C8:99:6F:B9:24:"
            "27:AE:41:E4:64:9B:93:4C:A4:95:99:1B:78:52:B8:55",
        ),
        (
            b"abc",
            "BA:78:16:BF:8F:01:CF:EA:41:41:40:DE:5D:AE:22:23:"
            "B0:03:61:A3:96:17:7A:9C:B4:10:FF:61:F2:00:15:AD",
        ),
    ],
)
def test_fingerprint_is_sha256_in_hex_pairs(der: bytes, expected: str) -> None:
    assert fingerprint(der) == expected


def test_the_certificate_as_lines() -> None:
    cert = Certificate(
        subject="CN=gopher.example",
        issuer="CN=Example CA,O=Example",
        not_before=datetime(2026, 11, 1, tzinfo=UTC),
        not_after=datetime(2027, 2, 1, 12, 30, tzinfo=UTC),
        sha256=PIN,
        names=("gopher.example", "192.0.2.7"),
        trust="verified against the system's trust store",
        protocol="TLSv1.3",
        cipher="TLS_AES_256_GCM_SHA384",
    )
    assert cert.lines() == [
        "TLS: TLSv1.3, TLS_AES_256_GCM_SHA384",
        "certificate subject: CN=gopher.example",
        "certificate issuer: CN=Example CA,O=Example",
        "certificate valid: 2026-11-01 00:00:00 UTC to 2027-02-01 12:30:00 UTC",
        f"certificate SHA-256: {PIN}",
        "certificate names: gopher.example, 192.0.2.7",
        "certificate verified against the system's trust store",
    ]
    assert cert.summary() == (
        "certificate CN=gopher.example, issued by CN=Example CA,O=Example, valid "
        f"2026-11-01 00:00:00 UTC to 2027-02-01 12:30:00 UTC, SHA-256 {PIN}"
    )


@pytest.mark.parametrize(
    ("options", "verified"),
    [(TLSOptions(), True), (TLSOptions(insecure=True), False)],
)
def test_the_certificate_as_json(options: TLSOptions, verified: bool) -> None:
    cert = Certificate(
        subject="CN=gopher.example",
        issuer="CN=Example CA,O=Example",
        not_before=datetime(2026, 11, 1, tzinfo=UTC),
        not_after=datetime(2027, 2, 1, 12, 30, tzinfo=UTC),
        sha256=PIN,
        names=("gopher.example", "192.0.2.7"),
        trust=options.how,
        verified=verified,
    )
    assert cert.as_json() == {
        "subject": "CN=gopher.example",
        "issuer": "CN=Example CA,O=Example",
        "not_before": "2026-11-01T00:00:00+00:00",
        "not_after": "2027-02-01T12:30:00+00:00",
        "names": ["gopher.example", "192.0.2.7"],
        "sha256": PIN,
        "verified": verified,
    }
    assert cert.lines()[-1] == f"certificate {options.how}"
