"""The Explain view's sentences (:mod:`urlinspector.present.explain`)."""

from __future__ import annotations

import pytest

from urlinspector.core import parse
from urlinspector.core.documents import split_citation
from urlinspector.data import spec_index
from urlinspector.present.citations import open_citation, rule_named
from urlinspector.present.explain import PARTS, Sentence, explain


def sentences(text: str, edition: str = "rfc3986") -> list[Sentence]:
    return list(explain(parse(text, edition)))


def about(found: list[Sentence], topic: str) -> Sentence:
    return next(s for s in found if s.topic == topic)


def test_http() -> None:
    found = sentences("http://www.example.com:8080/a/b?q=1#top")
    assert [s.topic for s in found] == [
        "scheme", "host", "port", "path", "searchpart", "fragment"
    ]  # fmt: skip
    assert about(found, "scheme").citation == "RFC 1738 §3.3"
    assert "`8080` is used instead of the default 80" in about(found, "port").text
    assert about(found, "host").citation == "RFC 3986 §3.2.2"
    assert "not sent to the server" in about(found, "fragment").text
    assert about(found, "fragment").span == (36, 39)  # "top"


def test_ftp_with_a_typecode() -> None:
    found = sentences("ftp://ftp.example.com/pub/file.txt;type=i")
    assert "logs in as `anonymous`" in about(found, "user").text
    assert about(found, "user").citation == "RFC 1738 §3.2.1"
    assert "`TYPE I`" in about(found, "typecode").text
    assert about(found, "typecode").citation == "RFC 1738 §3.2.2 / §5"
    assert "`CWD`" in about(found, "cwd").text
    assert "default 21" in about(found, "port").text
    no_type = sentences("ftp://ftp.example.com/file.txt")
    assert about(no_type, "typecode").citation == "RFC 1738 §3.2.3"
    assert about(no_type, "typecode").span is None


def test_gopher_with_a_search() -> None:
    found = sentences("gopher://gopher.example.org/7/search%09cats")
    assert about(found, "scheme").text.startswith("The scheme `gopher` names")
    assert about(found, "scheme").citation == "RFC 1738 §3.4"
    assert about(found, "port").text == "No port is given, so the default 70 applies."
    assert "(search)" in about(found, "gophertype").text
    assert "`cats`" in about(found, "search").text
    assert about(found, "search").citation == "RFC 1738 §3.4.2 / §5"
    assert about(found, "search").rule == "search"
    assert about(found, "gophertype").reference == "gtype, RFC 1738 §3.4.1 / §5"
    defaulted = sentences("gopher://gopher.example.org")
    assert "`1` (a menu) is assumed" in about(defaulted, "gophertype").text


def test_news() -> None:
    group = sentences("news:comp.lang.python")
    assert [s.topic for s in group] == ["scheme", "newsgroup-name"]
    assert "`comp.lang.python`" in group[1].text
    article = sentences("news:<abc@example.com>")
    assert "one article" in about(article, "message-id").text


def test_mailto() -> None:
    found = sentences("mailto:joe@example.com")
    assert about(found, "scheme").citation == "RFC 1738 §3.5"
    assert "goes to `joe@example.com`" in about(found, "addr-spec").text


def test_a_relative_reference_and_an_unknown_scheme() -> None:
    assert "relative reference" in sentences("../x")[0].text
    assert "not one the specs describe" in sentences("foo:bar")[0].text
    assert explain(parse("")) == ()


def test_the_password_is_masked_when_asked() -> None:
    url = parse("ftp://joe:secret@host/")
    assert "secret" in about(list(explain(url)), "password").text
    assert "secret" not in about(list(explain(url, mask_password=True)), "password").text


def test_the_edition_gives_the_generic_citations() -> None:
    found = sentences("http://example.com/", "rfc1738")
    assert about(found, "host").citation.startswith("RFC 1738")


URLS = [
    "http://www.example.com:8080/a/b?q=1#f",
    "ftp://user:pw@ftp.example.com/pub/file.txt;type=i",
    "gopher://gopher.example.org/7/search%09hello",
    "gopher://h/0sel%09%09+",
    "news:comp.lang.python",
    "news:<abc@example.com>",
    "mailto:joe@example.com",
    "nntp://news.example.com/comp.lang/123",
    "telnet://user@host/",
    "wais://host/db?search",
    "wais://host/db/wt/wp",
    "file:///etc/hosts",
    "prospero://host/a/b;x=y",
    "https://[::1]:8443/",
    "//host/x",
]


@pytest.mark.parametrize("text", URLS)
@pytest.mark.parametrize("edition", ["rfc3986", "rfc1738", "url-1993"])
def test_every_citation_opens_a_bundled_section(text: str, edition: str) -> None:
    found = sentences(text, edition)
    assert found
    for sentence in found:
        cited = split_citation(sentence.citation)
        assert cited, sentence
        if not any(d.bundled or d.see_also for d, _ in cited):
            continue  # RFC 2818 (https): cited by name, not bundled
        target = open_citation(sentence.reference)
        index = spec_index(target.document.id)
        assert target.section is not None or not target.sections, sentence
        if target.rule is not None:  # the rule the part matched, highlighted
            named = sentence.rule or rule_named(sentence.citation)
            assert target.rule.name == named
            assert named is not None
            start, end = target.selection
            assert index.text[start:end].startswith(named)
        if sentence.span is not None:
            assert 0 <= sentence.span[0] <= sentence.span[1] <= len(text)
    rules = [s for s in found if s.rule is not None]
    assert all(s.reference.startswith(f"{s.rule}, ") for s in rules)


@pytest.mark.parametrize("text", URLS)
def test_every_scheme_part_reads_out_in_words(text: str) -> None:
    url = parse(text)
    roles = {p[3] for p in url.scheme_parts} - {"separator", "telnet-slash"}
    assert roles <= set(PARTS), roles - set(PARTS)
