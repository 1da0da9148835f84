"""The password browsers read, masked wherever a password is masked, also where the
edition's grammar sees none: ``ftp:///user:PW@host/`` has an empty authority for
RFC 3986, yet browsers (WHATWG URL §4.4, "special authority ignore slashes state") send
``PW`` as the password.  The forms below were all shown and stored in clear."""

from __future__ import annotations

import pytest

from urlinspector.cli import main
from urlinspector.core import EDITION_IDS, browser_reading, parse
from urlinspector.core.browser import browser_password_span
from urlinspector.present.masking import (
    MASK,
    mask_message,
    mask_url,
    password_span,
    passwords_in,
    passwords_of,
)
from urlinspector.present.report import build_report, render

SECRET = "Sesame42"

# forms of ftp URLs browsers read credentials in; the password browsers read
BROWSER_FORMS = [
    f"ftp:///user:{SECRET}@127.0.0.1/",
    f"ftp:user:{SECRET}@127.0.0.1/",
    f"ftp:/user:{SECRET}@127.0.0.1/",
    f"ftp:\\\\user:{SECRET}@127.0.0.1\\",
    f"ftp:\\/\\user:{SECRET}@127.0.0.1/pub",
    f"http:user:{SECRET}@example.com/",
    f" ftp:user:{SECRET}@127.0.0.1/ ",
    f"<URL:ftp:user:{SECRET}@127.0.0.1/>",
]
ALL_FORMS = [*BROWSER_FORMS, f"ftp://user:{SECRET}@127.0.0.1/"]


@pytest.mark.parametrize("text", BROWSER_FORMS)
def test_browsers_read_a_password_in_these_forms(text: str) -> None:
    inner = parse(text).uri
    assert browser_reading(inner).password == SECRET
    span = browser_password_span(inner)
    assert span is not None
    assert inner[span[0] : span[1]] == SECRET


@pytest.mark.parametrize(
    ("text", "password"),
    [
        ("ftp://u:p\tw@h/", "p\tw"),  # a tab is removed by browsers, not refused
        ("ftp:u:pa\rss@h/", "pa\rss"),
        ("http://u:a@b@h/", "a@b"),  # the last "@" ends the userinfo
        ("http://u:a:b@h/", "a:b"),  # the first ":" starts the password
        ("http:\\\\u:pw@h\\x@y", "pw"),  # a backslash ends a special scheme's authority
        ("foo://u:pw@h/", "pw"),  # not special: only "//" starts an authority
    ],
)
def test_the_span_is_where_browsers_read_the_password(text: str, password: str) -> None:
    span = browser_password_span(text)
    assert span is not None
    assert text[span[0] : span[1]] == password


@pytest.mark.parametrize(
    "text", ["foo:u:pw@h/", "ftp://u@h/", "ftp://u:@h/", "mailto:a:b@c", "file://u:p@h/", "x"]
)
def test_no_password_where_browsers_read_none(text: str) -> None:
    assert browser_password_span(text) is None


@pytest.mark.parametrize("edition", EDITION_IDS)
@pytest.mark.parametrize("text", ALL_FORMS)
def test_every_mask_hides_the_password_browsers_read(text: str, edition: str) -> None:
    url = parse(text, edition)
    span = password_span(url)
    assert span is not None
    assert SECRET in text[span[0] : span[1]]
    assert SECRET not in mask_url(url)
    assert MASK * len(SECRET) in mask_url(url)
    assert SECRET in passwords_of(url)


@pytest.mark.parametrize("fmt", ["markdown", "html"])
@pytest.mark.parametrize("text", ALL_FORMS)
def test_a_masked_report_holds_no_password(text: str, fmt: str) -> None:
    report = render(build_report(text, mask_passwords=True), fmt)
    assert SECRET not in report
    assert "Sesame" not in report


@pytest.mark.parametrize("fmt", ["markdown", "html"])
@pytest.mark.parametrize("text", [BROWSER_FORMS[0], f"ftp://user:{SECRET}@127.0.0.1/"])
def test_the_cli_report_masks_unless_asked(
    text: str, fmt: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The report made for tickets repeated the password (17 times, for a plain one)."""
    main(["parse", "--format", fmt, text])
    assert SECRET not in capsys.readouterr().out
    main(["parse", "--format", fmt, "--show-passwords", text])
    assert SECRET in capsys.readouterr().out


@pytest.mark.parametrize(
    ("message", "password", "masked"),
    [
        ("the password 'pa%0Dss' holds CR", "pa\rss", "the password '••%0D••' holds CR"),
        ("'nntp://u:pa\\x0dss@h/' cannot", "pa\rss", "'nntp://u:••\\x0d••@h/' cannot"),
        ("'ftp:u:pw@h/' is bad", "pw", "'ftp:u:••@h/' is bad"),
        ("a pw in passing", "pw", "a pw in passing"),  # not quoted: no password
        ("the password 'a\\\\b'", "a\\b", "the password '•\\\\•'"),
    ],
)
def test_error_messages_mask_the_password_in_any_form(
    message: str, password: str, masked: str
) -> None:
    assert mask_message(message, (password,)) == masked


def test_the_passwords_of_a_command_line() -> None:
    words = ["fetch", "ftp:user:pa\rss@h/", "--timeout", "1", "http://u:x@y/"]
    assert set(passwords_in(words)) >= {"pa\rss", "x"}


@pytest.mark.parametrize(
    "url",
    [
        "ftp://user:Se\rsame@127.0.0.1:9/",
        "nntp://user:Se\rsame@127.0.0.1:9/alt.test/1",
        "ftp://user:Se%0Dsame@127.0.0.1:9/",
        "ftp:user:Se\rsame@127.0.0.1:9/",
    ],
)
def test_an_error_line_never_echoes_a_password_with_a_cr(
    url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """These are refused before anything is sent; the error line quoted the password."""
    status = main(["fetch", url, "--timeout", "1"])
    err = capsys.readouterr().err
    assert status != 0
    assert err.startswith("urlinspector: error: ")
    for shown in ("Se\rsame", "Se\\x0dsame", "Se%0Dsame", "Se same", "same@"):
        assert shown not in err, err
