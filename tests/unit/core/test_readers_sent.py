"""Each reading is what the library really does: every library sends each URL of the
corpus (tests/support/tricky_urls.py) to a listener on loopback, and where it
connected (the host it asked the resolver for, the port, the ``Host`` header it
sent) or the exception it raised must be what its reading says.

``urllib.parse`` sends nothing (its reading is the parse a program checks a URL
with), so it is not here.  A reading of a scheme the library does not fetch makes
no claim about a connection and is not sent.  A new version of a library that
behaves otherwise fails here, naming the URL.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.support.ci import in_ci, unavailable
from tests.support.sending import SENDERS, Listener, Sent, curl, curl_tool, in_process
from tests.support.tricky_urls import TRICKY_URLS
from urlinspector.core import browser_reading, parse
from urlinspector.core.readers import ReaderReading, reader_findings, readers_could_differ
from urlinspector.core.readers.reading import PASSWORD_MASK, differs_from
from urlinspector.readers import FETCHED, READERS, reader_readings

SENT = tuple(r.name for r in READERS if r.name != "urllib")

KNOWN = {
    ("http://a%b.com/", "curl"): (
        "libcurl 7.88's URL API gives the host a%b.com; its transfer resolves and sends "
        "a%25b.com (a '%' that begins no escape)"
    ),
}
"""Where a reading is known to differ from the library, and why: each is a strict
expected failure, so that a library that comes to agree is heard of too."""


@pytest.fixture(scope="module")
def listeners() -> Iterator[tuple[Listener, Listener]]:
    first, second = Listener(), Listener()
    try:
        yield first, second
    finally:
        first.close()
        second.close()


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("http_proxy", "https_proxy", "all_proxy", "no_proxy"):
        monkeypatch.delenv(name, raising=False)
        monkeypatch.delenv(name.upper(), raising=False)


def _like(read: str, real: str) -> bool:
    """Whether *real* is *read* with each masked password in its place."""
    pattern = re.escape(read).replace(re.escape(PASSWORD_MASK), ".+?")
    return re.fullmatch(pattern, real, re.DOTALL) is not None


def _differences(reading: ReaderReading, sent: Sent) -> list[str]:
    """How *reading* differs from what the library did (nothing, when it is right)."""
    if reading.refusal is not None or sent.refused is not None:
        if reading.refusal is None or sent.refused is None:
            return [f"the reading says {reading.outcome}; the library {sent}"]
        said = f"{sent.refused}: {sent.message}"
        if reading.name != "curl" and not _like(reading.refusal, said):
            return [f"the reading refuses with {reading.refusal!r}; the library with {said!r}"]
        return []
    found = []
    host = (reading.host or "").strip("[]")
    if not _like(host, (sent.host or "").strip("[]")) or reading.port != sent.port:
        found.append(f"the reading connects to {reading.where}; the library {sent}")
    if sent.host_header is not None:
        if reading.host_header is None:
            if differs_from(sent.host_header, sent.host, sent.port):
                found.append(f"the library sent Host: {sent.host_header}; the reading says none")
        elif not _like(reading.host_header, sent.host_header):
            found.append(f"the reading sends Host: {reading.host_header}; the library {sent}")
    return found


def _sent(
    name: str, text: str, reading: ReaderReading, listeners: tuple[Listener, Listener]
) -> Sent:
    if name != "curl":
        return in_process(SENDERS[name], listeners[0], text)
    tool = curl_tool()
    if tool is None:
        unavailable("curl", "the curl command-line tool is not installed")
    claimed = (reading.host or "", reading.port or 0) if reading.ok else ("nowhere.invalid", 1)
    return curl(tool, *listeners, text, claimed)


def _cases() -> Iterator[object]:
    for text in TRICKY_URLS:
        for name in SENT:
            marks = []
            if (text, name) in KNOWN:
                marks.append(pytest.mark.xfail(reason=KNOWN[text, name], strict=True))
            yield pytest.param(text, name, id=f"{name}-{text!r}", marks=marks)


def test_the_corpus_is_large() -> None:
    assert len(set(TRICKY_URLS)) == len(TRICKY_URLS) >= 150


@pytest.mark.parametrize(("text", "name"), list(_cases()))
def test_each_reading_is_what_the_library_does(
    text: str, name: str, listeners: tuple[Listener, Listener]
) -> None:
    [reader] = (r for r in READERS if r.name == name)
    [reading] = (r for r in reader_readings(text) if r.name == name)
    if reading.missing is not None:
        unavailable(reading.label, reading.missing)
    if reading.ok and (reading.scheme or "").lower() not in reader.fetches:
        return  # (another handler, or none: no claim about a connection)
    if name == "curl" and "\x00" in text:  # (no NUL can be handed on a command line)
        assert reading.refusal == "a NUL character ends the URL for libcurl (a C string)"
        return
    assert _differences(reading, _sent(name, text, reading, listeners)) == []


@pytest.mark.parametrize("text", TRICKY_URLS)
def test_the_pre_check_holds_no_finding_back(text: str) -> None:
    url = parse(text)
    browser = browser_reading(url.uri)
    if readers_could_differ(url, browser, FETCHED):
        return
    assert reader_findings(url, browser, reader_readings(url.uri)) == []


def test_every_library_is_there() -> None:
    if not in_ci():
        pytest.skip("(outside CI a missing library skips its cases)")
    missing = [r.missing for r in reader_readings("http://example.com/") if r.missing]
    assert missing == []
