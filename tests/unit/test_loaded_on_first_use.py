"""Modules a gopher fetch or a plain parse does not need are loaded when first used,
and what they compute is the same as when they were loaded from the start."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from urlinspector.core import parse
from urlinspector.schemes.gopher import item_url, request_from_url

ASCII_URLS = [
    "gopher://127.0.0.1:70/9/x",
    "gopher://example.org/1/menu",
    "http://example.com/a?b#c",
    "ftp://user:secret@example.org:2121/pub/a%20b",
    "HTTP://EXAMPLE.COM/",
]
IDN_URLS = [
    "http://xn--mnchen-3ya.de/",
    "http://münchen.de/",
    "ftp://xn--zz.example/",  # (not a valid A-label)
    "http://xn--80ak6aa92e.com/",  # (a look-alike of a Latin name)
    "gopher://bücher.example/1",
]

LATE = ("idna", "threading", "urlinspector.schemes.gopher.plus", "urlinspector.core.escapes")
"""Modules the fetch stack and the parser load only when first used."""

PROBE = """
import json, sys
from urlinspector.core.parse import parse
from urlinspector.net.driver import Connection
from urlinspector.net.gopher import fetch
from urlinspector.net.limits import Limits
from urlinspector.schemes.gopher import GopherReader, item_url, read_all, request_from_url
ascii_urls, idn_urls, late = json.loads(sys.argv[1])
for url in ascii_urls:
    parse(url)
request = request_from_url(parse("gopher://example.org:7070/0/about"))
events = read_all(GopherReader.for_request(request), b"hello" + bytes([13, 10]) + b".")
assert [type(event).__name__ for event in events] == ["Data", "EndOfReply"], events
item_url("1", b"/", "example.org", 70)
loaded = [name for name in late if name in sys.modules]
said = [parse(url).to_dict() for url in idn_urls]
said.append(request_from_url(parse("gopher://bücher.example/1")).host)
said.append(item_url("1", b"/", "bücher.example", 70))
print(json.dumps([loaded, said]))
"""


@pytest.fixture(scope="module")
def probed() -> tuple[list[str], list[object]]:
    """What PROBE printed, run in a fresh interpreter: the first use is what is tested."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps([ASCII_URLS, IDN_URLS, LATE])],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    loaded, said = json.loads(done.stdout)
    return loaded, said


def test_a_gopher_fetch_and_parse_leave_some_modules_unloaded(
    probed: tuple[list[str], list[object]],
) -> None:
    loaded, _ = probed
    assert loaded == []


def test_idna_is_loaded_by_the_first_internationalized_host(
    probed: tuple[list[str], list[object]],
) -> None:
    _, said = probed
    expected = [json.loads(json.dumps(parse(url).to_dict())) for url in IDN_URLS]
    expected.append(request_from_url(parse("gopher://bücher.example/1")).host)
    expected.append(item_url("1", b"/", "bücher.example", 70))
    assert said == expected
    assert said[-2:] == ["xn--bcher-kva.example", "gopher://xn--bcher-kva.example/1/"]
    first = said[0]
    assert isinstance(first, dict)
    assert any(d["code"] == "idn" for d in first["diagnostics"])


def test_the_gopher_plus_names_are_there_when_asked_for() -> None:
    code = (
        "import sys, urlinspector.schemes.gopher as gopher; "
        "assert 'urlinspector.schemes.gopher.plus' not in sys.modules; "
        "from urlinspector.schemes.gopher import AskField, View, parse_ask, parse_views; "
        "from urlinspector.schemes.gopher import plus; "
        "assert (AskField, View, parse_ask, parse_views) == "
        "(plus.AskField, plus.View, plus.parse_ask, plus.parse_views); "
        "assert gopher.View is plus.View; "
        "assert not hasattr(gopher, 'no_such_name')"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def test_a_cancel_token_works_though_threading_loads_late() -> None:
    code = (
        "import sys; from urlinspector.net.limits import CancelToken; "
        "assert 'threading' not in sys.modules; "
        "token = CancelToken(); assert not token.cancelled; token.check(); "
        "token.cancel(); assert token.cancelled; "
        "from urlinspector.net.errors import Cancelled\n"
        "try:\n    token.check()\nexcept Cancelled:\n    pass\n"
        "else:\n    raise SystemExit('no Cancelled')"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


COMMAND_LINE_LATE = (
    "urlinspector.cli.fetch_json",
    "mimetypes",
    "urlinspector.net.gopher_tls",
    "hashlib",
    "idna",
)
"""What ``urlinspector fetch`` of a plain gopher or ftp URL does without: ``--json``,
the handshake of gophers://, a certificate's fingerprint, an internationalized host."""


def test_a_plain_fetch_leaves_json_and_tls_unloaded() -> None:
    """``fetch`` starts a new process for each download: what it loads and does not use
    is start-up time every download pays (docs/benchmarks.md, Downloads)."""
    code = (
        "import json, sys; "
        "import urlinspector.app, urlinspector.cli.fetch; "
        "import urlinspector.cli.fetch_gopher, urlinspector.cli.fetch_ftp; "
        "import urlinspector.cli.fetch_news, urlinspector.cli.fetch_file; "
        "import urlinspector.net.gopher, urlinspector.net.ftp; "
        "print(json.dumps([name for name in json.loads(sys.argv[1]) if name in sys.modules]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps(COMMAND_LINE_LATE)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(done.stdout) == []
