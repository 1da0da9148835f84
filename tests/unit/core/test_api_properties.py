"""The fuzzing, kept: every function of the core's API over any text, wrapped or not,
under every edition (Hypothesis; the "ci" profile of tests/conftest.py runs more
examples, derandomized).

Each function never raises for a ``str`` beyond the errors it documents (a base that is
not absolute), and what it returns lies in its input: spans inside the text, a
resolution against a valid base on the base's scheme.  The texts mix the pieces URLs
and their tricks are made of: the ``<URL:...>``, ``<...>`` and ``URL:`` wrappers (RFC 1738
appendix), delimiters, escapes, backslashes, credentials, IP forms, and Unicode that
looks like them (fullwidth and Cyrillic look-alikes, invisible and bidi controls,
other scripts' digits, lone surrogates), besides any text at all.
"""

from __future__ import annotations

from hypothesis import example, given
from hypothesis import strategies as st

from urlinspector.core import (
    EDITION_IDS,
    browser_reading,
    compare,
    describe_char,
    destination,
    establish_base,
    extract,
    guess_absolute,
    normalize,
    parse,
    registrable_domain,
    resolve,
)
from urlinspector.core.browser import browser_password_span
from urlinspector.core.resolution import BaseNotAbsoluteError
from urlinspector.present.masking import mask_url, password_span

_PIECES = st.sampled_from(
    [
        "<URL:", "URL:", "url: ", "<", ">", "http:", "https:", "ftp:", "gopher:", "news:",
        "nntp:", "file:", "mailto:", "//", "/", "\\", "..", ".", "?", "#", ":", "@", "[", "]",
        "%", "%2e", "%2F", "%0D", "%E2%80%AE", "a.example", "127.0.0.1", "0x7f.1", "[::1]",
        "user:pw@", ":80", ":65536", "\t", "\r\n", " ",
        "ｅｘａｍｐｌｅ", "аpple", "\u200b", "\u202e", "\u00ad", "١٢٣", "xn--", "\ufffd", "\ud800",
    ]
)  # fmt: skip
texts = st.lists(_PIECES | st.text(max_size=4), max_size=14).map("".join) | st.text(max_size=40)
editions = st.sampled_from(EDITION_IDS)


@given(texts, texts, editions, st.booleans())
@example("<URL:http://a.example/x/y>", "../../evil.com/p", "rfc1738", True)
@example("http://a/b", "<URL:<>>", "url-1993", False)
def test_resolve_raises_only_for_a_base_that_is_not_absolute(
    base: str, reference: str, edition: str, strict: bool
) -> None:
    url = parse(base, edition)
    try:
        r = resolve(base, reference, edition, strict, trace=False)
    except BaseNotAbsoluteError:
        assert not url.is_absolute or url.errors, (base, edition)
        return
    assert isinstance(r.target, str)


@given(texts, editions)
def test_normalize_and_compare_never_raise(text: str, edition: str) -> None:
    result = normalize(text, edition=edition)
    assert isinstance(result.text, str)
    assert compare(text, text, edition=edition).equivalent
    compare(text, result.text, edition=edition)


@given(texts, texts, editions)
@example("ftp:///user:pw@127.0.0.1/", "", "rfc3986")
@example("<URL:ftp:\\\\u:p\tw@h\\>", "http://b/", "rfc1738")
def test_where_a_url_goes_never_raises(text: str, base: str, edition: str) -> None:
    url = parse(text, edition)
    dest = destination(url, base or None)
    assert isinstance(dest.verdict.text, str)
    reading = browser_reading(url.uri)
    registrable_domain(reading.host)
    guess_absolute(text)


@given(texts, editions)
@example("ftp:\\\\user:pw@127.0.0.1\\", "rfc3986")
@example(" ftp:u:p\r\nw@h/", "url-1993")
def test_a_password_span_lies_in_the_text_and_is_masked(text: str, edition: str) -> None:
    url = parse(text, edition)
    span = password_span(url)
    if span is None:
        return
    start, end = span
    assert 0 <= start < end <= len(text)
    masked = mask_url(url)
    assert len(masked) == len(text)
    assert masked[:start] == text[:start]
    assert masked[end:] == text[end:]
    found = browser_password_span(url.uri)
    if found is not None:
        assert browser_reading(url.uri).password


@given(texts)
def test_extraction_finds_spans_in_the_text(text: str) -> None:
    for found in extract(text):
        start, end = found.span
        assert 0 <= start <= end <= len(text)
    for char in text[:4]:
        describe_char(char)


@given(texts, texts, editions)
def test_a_base_is_established_from_any_layers(explicit: str, retrieval: str, edition: str) -> None:
    try:
        established = establish_base(
            explicit=explicit or None,
            content=f"<base href='{explicit}'>",
            retrieval_url=retrieval or None,
            edition=edition,
        )
    except BaseNotAbsoluteError as exc:  # (documented: a layer that must be absolute)
        not_absolute = exc.base
    else:
        assert established is None or isinstance(established.url, str)
        return
    assert not_absolute in (explicit, retrieval)
