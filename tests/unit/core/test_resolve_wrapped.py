"""Resolution against a base (or of a reference) in a ``<URL:...>``, ``<...>`` or ``URL:``
wrapper, under every edition, and resolution over any text (Hypothesis).

The wrapper is plain text around a URL, not part of it (RFC 1738 appendix, RFC 3986
appendix C): ``parse`` reads the URL inside it, and so must ``resolve``.  Read as part of
the URL, ``<URL:`` became a scheme and ``http://a.example/x/y>`` a path, so that
``../../evil.com/p`` climbed out of the base's host into another one.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from urlinspector.core import EDITION_IDS, parse
from urlinspector.core.resolution import BaseNotAbsoluteError, resolve

INNER = "http://a.example/x/y"
WRAPPED_BASES = [
    f"<URL:{INNER}>",
    f"<url: {INNER}>",
    f"<{INNER}>",
    f"URL:{INNER}",
    f"<<URL:{INNER}>>",  # (as normalize unwraps it: twice)
]
REFERENCES = ["../../evil.com/p", "../../../../evil.com/p", "//evil.com/p", "g", "", "#f", "?q"]


@pytest.mark.parametrize("edition", EDITION_IDS)
@pytest.mark.parametrize("wrapped", WRAPPED_BASES)
@pytest.mark.parametrize("reference", REFERENCES)
@pytest.mark.parametrize("trace", [True, False])
def test_a_wrapped_base_resolves_as_the_url_inside_it(
    edition: str, wrapped: str, reference: str, trace: bool
) -> None:
    unwrapped = resolve(INNER, reference, edition, trace=trace)
    r = resolve(wrapped, reference, edition, trace=trace)
    assert (r.target, r.same_document) == (unwrapped.target, unwrapped.same_document)
    assert r.base == wrapped
    assert any("wrapped" in note and "not part of the URL" in note for note in r.notes), r.notes


@pytest.mark.parametrize("edition", EDITION_IDS)
@pytest.mark.parametrize("wrapped", WRAPPED_BASES)
def test_dot_segments_never_leave_the_wrapped_base_host(edition: str, wrapped: str) -> None:
    # the reported case: the host was evil.com (or, under rfc1738, the base was refused)
    target = resolve(wrapped, "../../evil.com/p", edition).target
    assert parse(target, edition).host == "a.example", target


@pytest.mark.parametrize("edition", EDITION_IDS)
@pytest.mark.parametrize(
    ("reference", "inner"),
    [("<URL:http://b.example/z>", "http://b.example/z"), ("<g>", "g"), ("<#f>", "#f")],
)
def test_a_wrapped_reference_resolves_as_the_url_inside_it(
    edition: str, reference: str, inner: str
) -> None:
    r = resolve(INNER, reference, edition)
    expected = resolve(INNER, inner, edition)
    assert (r.target, r.same_document) == (expected.target, expected.same_document)
    assert r.reference == reference


def test_an_unwrapped_base_gets_no_wrapper_note() -> None:
    assert not any("wrapped" in note for note in resolve(INNER, "g").notes)


# --- any text, every edition ---------------------------------------------------------------

_PIECES = st.sampled_from(
    ["<", ">", "URL:", "url: ", "http:", "//", "/", "..", ".", "?", "#", ":", "@", "a", "%2e"]
)
_texts = st.lists(_PIECES, max_size=12).map("".join) | st.text(max_size=24)


@given(_texts, _texts, st.sampled_from(EDITION_IDS), st.booleans(), st.booleans())
@example(f"<URL:{INNER}>", "../../evil.com/p", "rfc1738", True, True)
@example("<URL:<>>", "<>", "url-1993", True, False)
@example("URL:a:", "<URL:b:>", "rfc3986", False, False)
def test_resolve_never_raises_for_a_base_parse_calls_absolute(
    base: str, reference: str, edition: str, strict: bool, trace: bool
) -> None:
    url = parse(base, edition)
    try:
        r = resolve(base, reference, edition, strict, trace=trace)
    except BaseNotAbsoluteError:
        assert not url.is_absolute or url.errors, (base, edition)
        return
    assert isinstance(r.target, str)
    assert (r.base, r.reference, r.edition) == (base, reference, edition)
    if url.is_absolute and not url.errors and r.target and not r.same_document:
        # resolving against a valid base keeps its scheme unless the reference has its own
        target = parse(r.target, edition)
        ref = parse(reference, edition)
        if not ref.is_absolute:
            assert (target.scheme or "").lower() == (url.scheme or "").lower(), r
