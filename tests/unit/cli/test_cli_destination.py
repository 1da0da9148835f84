"""``parse``: where browsers go, in the verdict line and the JSON."""

from __future__ import annotations

import json
import re

import pytest

from tests.unit.cli.test_cli import SGR, run
from urlinspector.core import destination, parse

BACKSLASH = "https://evil.com\\@good.com/"


def parse_json(url: str, *extra: str) -> dict[str, object]:
    code, out, err = run(["parse", url, "--json", *extra])
    assert code in (0, 1)
    assert err == ""
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def test_json_browser_keys() -> None:
    data = parse_json(BACKSLASH)
    assert data["browser"] == {
        "href": "https://evil.com/@good.com/",
        "host": "evil.com",
        "port": 443,
        "valid": True,
    }
    assert data["registrable_domain"] == "evil.com"
    components = data["components"]
    assert isinstance(components, dict)
    assert components["host"] == {"text": "good.com", "decoded": "good.com", "span": [18, 26]}
    diagnostics = data["diagnostics"]
    assert isinstance(diagnostics, list)
    [finding] = [d for d in diagnostics if d["code"] == "browser-host"]
    assert finding == {
        "code": "browser-host",
        "severity": "warning",
        "category": "security",
        "span": [16, 17],
        "message": "browsers contact evil.com, not good.com: they read '\\' as '/' "
        "(WHATWG URL, special authority slashes)",
        "reference": "WHATWG URL, special authority slashes",
    }
    verdict = data["verdict"]
    assert isinstance(verdict, dict)
    assert verdict["differs"] is True
    assert verdict["text"].startswith(
        "Browsers contact: evil.com:443 (registrable domain evil.com) — not good.com"
    )


def test_json_of_a_url_browsers_reject() -> None:
    data = parse_json("http://example.0x7f/")
    assert data["browser"] == {"href": None, "host": None, "port": None, "valid": False}
    assert data["registrable_domain"] is None


def test_json_registrable_domain_private_section() -> None:
    assert parse_json("https://b.github.io/")["registrable_domain"] == "b.github.io"
    deep = parse_json("https://login.paypal.com.evil.example.co.uk/")
    assert deep["registrable_domain"] == "example.co.uk"


def test_json_punycode_display() -> None:
    data = parse_json("http://аррӏе.com/login")
    display = data["host_display"]
    assert isinstance(display, dict)
    assert display["shown"] == {"Chromium": "xn--80ak6aa92e.com", "Firefox": "xn--80ak6aa92e.com"}
    assert data["browser"] == {
        "href": "http://xn--80ak6aa92e.com/login",
        "host": "xn--80ak6aa92e.com",
        "port": 80,
        "valid": True,
    }
    diagnostics = data["diagnostics"]
    assert isinstance(diagnostics, list)
    codes = {d["code"] for d in diagnostics}
    assert {"whole-script-confusable", "idn-punycode"} <= codes


def test_json_active_content() -> None:
    data = parse_json("data:text/html,<script>alert(1)</script>")
    diagnostics = data["diagnostics"]
    assert isinstance(diagnostics, list)
    [d] = [d for d in diagnostics if d["code"] == "active-content"]
    assert (d["severity"], d["category"]) == ("warning", "security")
    assert data["browser"] == {
        "href": "data:text/html,<script>alert(1)</script>",
        "host": None,
        "port": None,
        "valid": True,
    }


def test_verdict_line() -> None:
    code, out, _ = run(["parse", BACKSLASH, "--color", "never"])
    assert code == 1  # (the edition finds a "\" in the userinfo: an error)
    blocks = out.split("\n\n")
    assert blocks[1] == (
        "Browsers contact: evil.com:443 (registrable domain evil.com) — not good.com, as\n"
        "  RFC 3986 (2005) reads it"
    )
    assert re.search(r"^  browser-host +16:17 +security$", out, re.M)


def test_verdict_line_is_painted_only_when_it_warns() -> None:
    _, out, _ = run(["parse", BACKSLASH, "--color", "always"])
    line = out.split("\n\n")[1].splitlines()[0]
    assert SGR.search(line)
    assert SGR.sub("", line).startswith("Browsers contact: evil.com:443")
    _, out, _ = run(["parse", "javascript:alert(1)", "--color", "always"])
    assert SGR.search(out.split("\n\n")[1])
    _, out, _ = run(["parse", "https://example.com/", "--color", "always"])
    line = out.split("\n\n")[1]
    assert line == "Browsers contact: example.com:443 (registrable domain example.com)"


def test_verdict_line_of_a_look_alike_shows_the_punycode() -> None:
    _, out, _ = run(["parse", "http://аррӏе.com/login", "--color", "never"])
    verdict = out.split("\n\n")[1].replace("\n  ", " ")
    assert verdict == (
        "Browsers contact: xn--80ak6aa92e.com:80 (registrable domain xn--80ak6aa92e.com); "
        "Chromium and Firefox show it as punycode, not as аррӏе.com"
    )


def test_verdict_line_never_shows_the_password() -> None:
    _, out, _ = run(["parse", "https://evil.com\\:s3cr3t@good.com/", "--color", "never"])
    verdict = out.split("\n\n")[1]
    assert verdict.startswith("Browsers contact: evil.com:443")
    assert "s3cr3t" not in verdict
    # an edition that reads the whole authority as a name keeps the password in its
    # host: the verdict masks it
    argv = ["parse", "http://user:s3cr3t@a_b.com:80/", "--edition", "rfc2396bis-2003"]
    _, out, _ = run([*argv, "--color", "never"])
    verdict = out.split("\n\n")[1].replace("\n  ", " ")
    assert verdict.startswith("Browsers contact: a_b.com:80")
    assert "user:••••@a_b.com:80" in verdict
    assert "s3cr3t" not in verdict


def test_verdict_line_shows_control_characters_visibly() -> None:
    _, out, _ = run(["parse", "http://exa\tmple.com/", "--color", "never"])
    verdict = out.split("\n\n")[1]
    assert "\t" not in verdict
    assert verdict.startswith("Browsers contact: example.com:80")


@pytest.mark.parametrize(
    ("url", "line"),
    [
        (
            "gopher://gopher.example:7070/7/search",
            "Browsers read the host as gopher.example:7070 (registrable domain "
            "gopher.example); they fetch no gopher: URLs themselves",
        ),
        (
            "ftp://ftp.example.org/pub/",
            "Browsers read the host as ftp.example.org:21 (registrable domain "
            "example.org); they fetch no ftp: URLs themselves",
        ),
    ],
)
def test_the_verdict_does_not_say_browsers_fetch_what_they_do_not(url: str, line: str) -> None:
    verdict = destination(parse(url)).verdict
    assert verdict.text == line
    assert not verdict.fetched
    assert destination(parse("https://example.com/")).verdict.fetched


EMBEDDED = "https://accounts.google.com.signin.session.verify.attackerdomain.example/"


def test_json_embedded_brand() -> None:
    data = parse_json(EMBEDDED)
    diagnostics = data["diagnostics"]
    assert isinstance(diagnostics, list)
    [finding] = [d for d in diagnostics if d["code"] == "embedded-brand"]
    assert finding == {
        "code": "embedded-brand",
        "severity": "warning",
        "category": "security",
        "span": [17, 27],
        "message": "the host starts with accounts.google.com, but its registrable domain is "
        "attackerdomain.example: this page is not google.com's",
        "reference": "Chromium look-alike checks: target embedding "
        "(components/lookalikes/core/lookalike_url_util.cc)",
    }
    assert EMBEDDED[17:27] == "google.com"
    assert data["registrable_domain"] == "attackerdomain.example"


@pytest.mark.parametrize(
    ("url", "under"),
    [
        (EMBEDDED, "google.com"),
        ("http://www-paypal-com.evil.example/", "paypal-com"),
        ("https://www.paypal.com.secure-login.example.co.uk/", "paypal.com"),
    ],
)
def test_text_embedded_brand(url: str, under: str) -> None:
    code, out, err = run(["parse", url])
    assert (code, err) == (0, "")
    start = url.index(under)
    lines = out.splitlines()
    assert lines[0] == url
    assert lines[1] == " " * start + "~" * len(under)  # the caret line under the labels
    assert re.search(rf"embedded-brand\s+{start}:{start + len(under)}\s+security", out)
    assert "this page is not" in out


@pytest.mark.parametrize(
    "url", ["https://mail.google.com/", "https://www.google.de/", "https://mygoogle.com/"]
)
def test_text_no_embedded_brand(url: str) -> None:
    code, out, _ = run(["parse", url])
    assert code == 0
    assert "embedded-brand" not in out


# --- the libraries --------------------------------------------------------------------------


def test_json_readers() -> None:
    data = parse_json(BACKSLASH)
    readers = data["readers"]
    assert isinstance(readers, list)
    assert [r["name"] for r in readers] == [
        "urllib",
        "urlopen",
        "urllib3",
        "requests",
        "httpx",
        "curl",
    ]
    by_name = {r["name"]: r for r in readers}
    for reader in readers:
        if "missing" in reader:
            pytest.fail(reader["missing"])  # the test extra installs every library
    assert by_name["urllib"] == {
        "name": "urllib",
        "label": "Python's urllib.parse",
        "version": by_name["urllib"]["version"],
        "scheme": "https",
        "user": "evil.com\\",
        "password_set": False,
        "host": "good.com",
        "port": 443,
        "written_port": None,
        "host_header": None,
        "path": "/",
        "query": "",
        "fragment": "",
    }
    assert by_name["requests"]["host"] == "evil.com"
    assert by_name["requests"]["path"] == "/%5C@good.com/"
    diagnostics = data["diagnostics"]
    assert isinstance(diagnostics, list)
    assert [d["message"] for d in diagnostics if d["code"] == "reader-host"] == [
        "Python's urllib.parse, httpx and curl (libcurl URL API) would connect to good.com; "
        "browsers go to evil.com",
        "Python's urllib.request (urlopen) would connect to evil.com\\@good.com, which names "
        "no host; browsers go to evil.com",
    ]


def test_json_reader_error() -> None:
    data = parse_json("http://ev\til.com/")
    readers = data["readers"]
    assert isinstance(readers, list)
    [curl] = [r for r in readers if r["name"] == "curl"]
    assert curl == {
        "name": "curl",
        "label": "curl (libcurl URL API)",
        "version": curl["version"],
        "refuses": "CURLUcode 21: Bad hostname",
    }
    assert str(curl["version"]).startswith("libcurl ")


@pytest.mark.parametrize(
    ("url", "lines"),
    [
        (
            BACKSLASH,
            [
                "libraries that connect elsewhere",
                "  Python's urllib.parse              good.com:443",
                "  Python's urllib.request (urlopen)  evil.com\\@good.com:443",
                "  httpx                              good.com:443",
                "  curl (libcurl URL API)             good.com:443",
            ],
        ),
        (
            "http://good.com;@evil.com/",
            [
                "libraries that connect elsewhere",
                "  Python's urllib.request (urlopen)  good.com;@evil.com:80",
            ],
        ),
    ],
)
def test_the_libraries_that_connect_elsewhere(url: str, lines: list[str]) -> None:
    _code, out, _ = run(["parse", url, "--color", "never"])
    shown = out.splitlines()
    start = shown.index(lines[0])
    assert shown[start : start + len(lines)] == lines
    assert shown[start + len(lines)] == ""


def test_no_libraries_listed_where_they_all_go_where_browsers_go() -> None:
    code, out, _ = run(["parse", "https://good.com/a?b#c", "--color", "never"])
    assert code == 0
    assert "libraries that connect elsewhere" not in out
    assert "libraries not asked" not in out


def test_json_a_library_that_refuses_at_connect_time() -> None:
    readers = parse_json("http://a..b/")["readers"]
    assert isinstance(readers, list)
    by_name = {r["name"]: r for r in readers}
    assert by_name["urllib3"]["refuses"] == (
        "LocationParseError: Failed to parse: 'a..b', label empty or too long"
    )
    assert "host" not in by_name["urllib3"]
    assert by_name["curl"]["host"] == "a..b"  # (libcurl hands the name to the resolver)


def test_the_libraries_that_refuse_it() -> None:
    _code, out, _ = run(["parse", "http://good.com/a b", "--color", "never"])
    shown = out.splitlines()
    start = shown.index("libraries that refuse it")
    assert shown[start + 1 : start + 3] == [
        "  Python's urllib.request (urlopen) refuses: InvalidURL: URL can't contain",
        "  control characters. '/a b' (found at least ' ')",
    ]
    assert "curl (libcurl URL API) refuses: CURLUcode 25: Bad path" in out


def test_a_host_header_that_names_another_port_is_shown() -> None:
    _code, out, _ = run(["parse", "http://good.com:0/", "--color", "never"])
    assert "  httpx              good.com:80 (sending Host: good.com:0)" in out.splitlines()


def test_a_bracketed_user_name_is_shown_whole() -> None:
    _code, out, _ = run(["parse", "http://[::1]@evil.com/", "--color", "never"])
    assert "  Python's urllib.request (urlopen)  [::1]@evil.com:80" in out.splitlines()


@pytest.mark.parametrize("colour", ["never", "always"])
def test_the_report_masks_passwords(colour: str) -> None:
    _code, out, _ = run(["parse", "ftp://bob:PW@host/", "--color", colour])
    assert "PW" not in out
    plain = SGR.sub("", out)
    assert plain.splitlines()[0] == "ftp://bob:••@host/"
    assert "  password   ••" in plain


def test_show_passwords_shows_them() -> None:
    _code, out, _ = run(["parse", "ftp://bob:PW@host/", "--color", "never", "--show-passwords"])
    assert out.splitlines()[0] == "ftp://bob:PW@host/"
    assert out.count("PW") == 5


def test_json_keeps_the_password() -> None:
    data = parse_json("ftp://bob:PW@host/")
    assert data["components"]["password"]["text"] == "PW"  # type: ignore[index]
