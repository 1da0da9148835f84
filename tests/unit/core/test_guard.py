"""``guard``: browsers and every installed library agree on scheme, host and port, or
who goes where; its answer is the readings the inspection shows (the libraries
themselves, asked in process)."""

from __future__ import annotations

import pytest

from urlinspector.core import destination, parse
from urlinspector.core.readers.findings import comparable_host
from urlinspector.core.readers.reading import Parts, Reader, ReaderMissing
from urlinspector.readers import READERS, reader_readings
from urlinspector.readers.guard import BROWSERS, agreed_origin, guard


@pytest.mark.parametrize(
    ("url", "origin"),
    [
        ("https://example.com/", "https://example.com:443"),
        ("https://Example.COM/a?b#c", "https://example.com:443"),
        ("http://example.com:8080/", "http://example.com:8080"),
        ("https://example.com:443/", "https://example.com:443"),
        ("https://bücher.de/", "https://xn--bcher-kva.de:443"),
        ("http://[::1]/", "http://[::1]:80"),
        # curl writes 127.0.0.1, the others 127.1: one address to the resolver
        ("http://127.1/", "http://127.0.0.1:80"),
    ],
)
def test_agreement(url: str, origin: str) -> None:
    answer = guard(url)
    assert answer.agreed
    assert answer.origin == origin
    assert agreed_origin(url) == origin
    assert answer.reason is None
    assert [p.reader for p in answer.placements] == [BROWSERS] + [r.name for r in READERS]


def test_who_goes_where_when_they_part() -> None:
    answer = guard("https://evil.com\\@good.com/")
    assert not answer.agreed
    assert answer.origin is None
    groups = {where: [p.reader for p in group] for where, group in answer.groups()}
    assert groups["https://evil.com:443"] == [BROWSERS, "urllib3", "requests"]
    assert groups["https://good.com:443"] == ["urllib", "httpx", "curl"]


def test_a_refusal_is_a_disagreement() -> None:
    # urlopen (http.client's request line), httpx and curl refuse a NUL in the path;
    # browsers percent-encode it
    answer = guard("https://a.example/\x00")
    assert not answer.agreed
    refused = [p.reader for p in answer.placements if p.refused]
    assert refused == ["urlopen", "httpx", "curl"]
    assert all(p.where.startswith("refuses it (") for p in answer.placements if p.refused)


def test_browsers_refusing_it_is_a_disagreement() -> None:
    answer = guard("https://a.example:99999/")
    assert not answer.agreed
    assert answer.reason == "browsers reject this URL"
    assert answer.placements[0].refused is not None


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("javascript:alert(1)", "browsers contact no host for a javascript: URL"),
        ("file:///etc/passwd", "browsers contact no host for a file: URL"),
        ("mailto:a@example.com", "browsers contact no host for a mailto: URL"),
        ("gopher://example.com/", "browsers contact no host for a gopher: URL"),
        ("/relative/path", "browsers reject this URL"),
    ],
)
def test_no_network_host_is_no_agreement(url: str, reason: str) -> None:
    answer = guard(url)
    assert not answer.agreed
    assert answer.reason == reason


def test_libraries_that_do_not_connect_for_the_scheme_are_left_out() -> None:
    answer = guard("ftp://files.example.org/pub/")
    assert answer.agreed
    assert answer.origin == "ftp://files.example.org:21"
    assert [p.reader for p in answer.placements] == [BROWSERS, "curl"]
    assert len(answer.left_out) == len(READERS) - 1
    assert all("does not connect for ftp: URLs" in why for why in answer.left_out)


def test_a_library_that_is_not_installed_is_left_out_and_named() -> None:
    def missing() -> str:
        raise ReaderMissing("nolib is not installed")

    def parts(text: str) -> Parts:
        raise AssertionError("a missing library is not asked")

    absent = Reader(
        name="nolib",
        label="nolib",
        parts=parts,
        version=missing,
        fetches=frozenset({"https"}),
        reference="nolib.parse",
    )
    readers = (READERS[0], absent)
    answer = guard("https://example.com/", readers)
    assert answer.agreed
    assert answer.left_out == ("nolib is not installed",)
    assert [p.reader for p in answer.placements] == [BROWSERS, "urllib"]


@pytest.mark.parametrize(
    "url",
    [
        "https://evil.com\\@good.com/",
        "https://%65vil.com/",
        "https://a.example:0/",
        "https://example.com/",
        "http://0x7f.1/",
        "http://☃.net/",
        "https://a.example%2F@b/",
    ],
)
def test_the_answer_is_the_inspections_readings(url: str) -> None:
    """Each library's place is its reading as the inspection shows it; where the
    inspection finds a library going elsewhere (reader-host, reader-port), guard
    disagrees."""
    answer = guard(url)
    readings = {r.name: r for r in reader_readings(url)}
    for placement in answer.placements[1:]:
        reading = readings[placement.reader]
        if reading.refusal is not None:
            assert placement.refused == reading.refusal
        else:
            assert reading.host is not None
            assert placement.host == comparable_host(reading.host)
            assert placement.port == reading.port
    found = destination(parse(url)).findings
    if any(d.code in ("reader-host", "reader-port") for d in found):
        assert not answer.agreed


def test_the_json_form() -> None:
    data = guard("https://example.com/").to_dict()
    assert data["agreed"] is True
    assert data["origin"] == "https://example.com:443"
    placements = data["placements"]
    assert isinstance(placements, list)
    assert placements[0]["reader"] == BROWSERS
    assert set(placements[0]) == {"reader", "label", "scheme", "host", "port", "refused"}
