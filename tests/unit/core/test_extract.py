"""Finding URLs in plain text (RFC 1738 appendix, URL draft 1993 §1.3, URL syntax draft 1997 and
RFC 2396bis draft 2003 appendix E).

* every example of the appendices, as the texts print it (and, where the copies bundled
  with the package lost characters, as the published RFCs print it), with the URLs the
  texts say it holds;
* every URL found in each whole spec text, listed and checked by hand;
* the rules one by one: wrappers, quotes, trailing punctuation, whitespace inside
  wrappers, the hyphen at a line break, what is not a URL;
* properties: for any text, findings come in order, do not overlap, and their spans
  hold what they say; a long random text finishes (the scan is linear).
"""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.benchmarks import bench_extract
from urlinspector.core.extraction import FORMS, Found, extract
from urlinspector.data import spec_text


def spec(doc: str) -> str:
    return spec_text(doc)


def squeezed(text: str) -> str:
    return " ".join(text.split())


def urls(text: str) -> list[str]:
    return [f.url for f in extract(text)]


def matched(text: str) -> list[tuple[str, str, str]]:
    """(form, url, the text matched) of every finding."""
    return [(f.form, f.url, text[f.span[0] : f.span[1]]) for f in extract(text)]


# --- the appendices' examples ------------------------------------------------------------

# URL draft 1993 §1.3, as printed
EXAMPLE_1993 = (
    "Yes, Jim, I found it under <ftp://info.cern.ch/pub> but\n"
    "you can probably pick it up from <ftp://ds.internic.net/rfc>."
)

# RFC 1738 appendix: RFC 1738 prints it so; the bundled copy lost the URLs' middles
EXAMPLE_1738 = (
    "   Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n"
    "   type=d> but you can probably pick it up from <URL:ftp://ds.in\n"
    "   ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.\n"
    "   net/instructions/overview.html#WARNING>."
)

# URL syntax draft 1997 appendix E as RFC 2396 prints it; the bundled copy has each line break
# as a space
EXAMPLE_1997 = (
    '      Yes, Jim, I found it under "http://www.w3.org/pub/WWW/",\n'
    "      but you can probably pick it up from <ftp://ds.internic.\n"
    "      net/rfc/>.  Note the warning in <http://ds.internic.net/\n"
    "      instructions/overview.html#WARNING>."
)

# RFC 2396bis draft 2003 appendix E; the copy lost what was inside angle brackets, RFC 3986 restores
# it
EXAMPLE_2003 = (
    '   Yes, Jim, I found it under "http://www.w3.org/Addressing/",\n'
    "   but you can probably pick it up from <ftp://ds.internic.net/rfc/>.\n"
    "   Note the warning in <http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING>."
)


def test_the_1993_example() -> None:
    assert matched(EXAMPLE_1993) == [
        ("angle", "ftp://info.cern.ch/pub", "<ftp://info.cern.ch/pub>"),
        ("angle", "ftp://ds.internic.net/rfc", "<ftp://ds.internic.net/rfc>"),
    ]


def test_the_1738_example() -> None:
    assert matched(EXAMPLE_1738) == [
        (
            "url-wrapper",
            "ftp://info.cern.ch/pub/www/doc;type=d",
            "<URL:ftp://info.cern.ch/pub/www/doc;\n   type=d>",
        ),
        ("url-wrapper", "ftp://ds.internic.net/rfc", "<URL:ftp://ds.in\n   ternic.net/rfc>"),
        (
            "url-wrapper",
            "http://ds.internic.net/instructions/overview.html#WARNING",
            "<URL:http://ds.internic.\n   net/instructions/overview.html#WARNING>",
        ),
    ]
    first = extract(EXAMPLE_1738)[0]
    # the URL's own characters: after "<URL:", before ">"
    assert EXAMPLE_1738[first.url_span[0] : first.url_span[1]] == (
        "ftp://info.cern.ch/pub/www/doc;\n   type=d"
    )
    assert first.alternative is None  # no hyphen at the break


def test_the_1997_example() -> None:
    expected = [
        "http://www.w3.org/pub/WWW/",
        "ftp://ds.internic.net/rfc/",
        "http://ds.internic.net/instructions/overview.html#WARNING",
    ]
    assert urls(EXAMPLE_1997) == expected
    assert [f.form for f in extract(EXAMPLE_1997)] == ["quoted", "angle", "angle"]
    # the same with the line breaks flattened to spaces, as in the bundled copy
    assert urls(squeezed(EXAMPLE_1997)) == expected


def test_the_2003_example() -> None:
    # RFC 2396bis draft 2003 appendix E: 'contains the URI references' these three
    assert matched(EXAMPLE_2003) == [
        ("quoted", "http://www.w3.org/Addressing/", '"http://www.w3.org/Addressing/"'),
        ("angle", "ftp://ds.internic.net/rfc/", "<ftp://ds.internic.net/rfc/>"),
        (
            "angle",
            "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
            "<http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING>",
        ),
    ]


def test_the_ways_of_delimiting() -> None:
    # URL syntax draft 1997 appendix E: "usually within double-quotes ..., angle brackets ..., or
    # just using whitespace"
    text = (
        "In practice, URLs are delimited in a variety of ways, but usually within "
        'double-quotes "http://test.com/", angle brackets <http://test.com/>, or just '
        "using whitespace http://test.com/ These wrappers do not form part of the URL."
    )
    assert matched(text) == [
        ("quoted", "http://test.com/", '"http://test.com/"'),
        ("angle", "http://test.com/", "<http://test.com/>"),
        ("bare", "http://test.com/", "http://test.com/"),
    ]


def test_a_reference_broken_across_lines() -> None:
    # RFC 1738 references, [10]
    text = (
        '  [10] Kahle, B., "Document Identifiers, or International Standard\n'
        '       Book Numbers for the Electronic Age", <URL:ftp://quake.think.\n'
        "       com/pub/wais/doc/doc-ids.txt>, 1991."
    )
    assert urls(text) == ["ftp://quake.think.com/pub/wais/doc/doc-ids.txt"]


def test_the_1993_references() -> None:
    # URL draft 1993 §2: a selector with a space lost its escape in the copy; the wrapper ends
    # at the first ">"
    text = (
        "University of Minnesota, December 1991, "
        "<ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol> . See also "
        "<gopher://gopher.micro.umn.edu/00>About Gopher/About Gopher>"
    )
    assert urls(text) == [
        "ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol",
        "gopher://gopher.micro.umn.edu/00",
    ]


def test_wrapped_urls_in_chinese_text() -> None:
    # RFC 1738 summary (zh) §3.1, §3.2.2: wrappers right against CJK text; a stray space inside one
    text = (
        "例如:<URL:ftp://@host.com/>的用户名为空并且没有密码,<URL:ftp://host.com/>没有用户名。"
        "这和<URL:ftp://myname @host.dom/etc/motd>的含义不一样"
    )
    assert urls(text) == [
        "ftp://@host.com/",
        "ftp://host.com/",
        "ftp://myname@host.dom/etc/motd",
    ]


def test_the_xerox_example() -> None:
    # URL syntax draft 1997 §6
    text = "the URL <http://www.XEROX.com> is equivalent to <http://www.xerox.com>."
    assert urls(text) == ["http://www.XEROX.com", "http://www.xerox.com"]


def test_the_examples_are_in_the_texts() -> None:
    assert EXAMPLE_1993 in spec("URL draft 1993")
    assert squeezed(EXAMPLE_1997) in squeezed(spec("URL syntax draft 1997"))
    # RFC 1738 and RFC 2396bis draft 2003 lost the URLs; what is left of the sentences is there
    for piece in (
        "Yes, Jim, I found it under <URL:",
        "type=d> but you can probably pick it up from <URL:",
        "Note the warning in <URL:http://ds.internic.",
        "<URL:ftp://quake.think.\n       com/pub/wais/doc/doc-ids.txt>",
    ):
        assert piece in spec("RFC 1738"), piece
    text_002 = squeezed(spec("RFC 2396bis draft 2003"))
    assert 'Yes, Jim, I found it under "http://www.w3.org/Addressing/", but you' in text_002
    assert (
        "contains the URI references http://www.w3.org/Addressing/ "
        "ftp://ds.internic.net/rfc/ "
        "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"
    ) in text_002
    assert '"http://test.com/", angle brackets <http://test.com/>' in spec("URL syntax draft 1997")
    assert "<URL:ftp://myname @host.dom/etc/motd>" in spec("RFC 1738 summary (zh)")
    assert "<gopher://gopher.micro.umn.edu/00>About Gopher/About Gopher>" in spec("URL draft 1993")


# --- every URL of every spec text ---------------------------------------------------------

# form letters: u <URL:...>, a <...>, q "...", b bare.  Checked by hand against the
# texts; two of RFC 1738's are cut short because the copy lost the rest.
EXPECTED_IN_SPECS = {
    "RFC 1738": """
        u ftp://myname@host.dom/%2Fetc/motd
        u ftp://myname@host.dom/etc/motd
        u ftp://myname@host.dom//etc/motd
        u news:*
        u prospero://host.dom//pros/name
        b http://ds.internic
        u ftp://quake.think.com/pub/wais/doc/doc-ids.txt
        u ftp://ds.inter
    """,
    "URL syntax draft 1997": """
        b ftp://ftp.is.co.za/rfc/rfc1808.txt
        b gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles
        b http://www.math.uio.no/faq/compression-faq/part1.html
        b mailto:mduerst@ifi.unizh.ch
        b news:comp.infosystems.www.servers.unix
        b telnet://melvyl.ucop.edu/
        a ftp://@host.com/
        a ftp://host.com/
        a ftp://foo:@host.com/
        b http://www.ics.uci.edu/Test/a/b/c
        q http://www.ics.uci.edu/Test/a/b/c
        a http://www.XEROX.com
        a http://www.xerox.com
        b http://www.ics.uci.edu/pub/ietf/uri/#Related
        b http://a/b/c/d;p?q
        b http://a/b/c/g
        b http://a/b/c/g
        b http://a/b/c/g/
        b http://a/g
        b http://g
        b http://a/b/c/?y
        b http://a/b/c/g?y
        b http://a/b/c/g#s
        b http://a/b/c/g?y#s
        b http://a/b/c/;x
        b http://a/b/c/g;x
        b http://a/b/c/g;x?y#s
        b http://a/b/c/
        b http://a/b/c/
        b http://a/b/
        b http://a/b/
        b http://a/b/g
        b http://a/
        b http://a/
        b http://a/g
        b http://a/../g
        b http://a/../../g
        b http://a/./g
        b http://a/../g
        b http://a/b/c/g
        b http://a/b/c/.g
        b http://a/b/c/g
        b http://a/b/c/..g
        b http://a/b/g
        b http://a/b/c/g/
        b http://a/b/c/g/h
        b http://a/b/c/h
        b http://a/b/c/g;x=1/y
        b http://a/b/c/y
        b http://a/b/c/g?y/x
        b http://a/b/c/x
        b http://a/b/c/g#s/./x
        b http://a/b/c/g#s/../x
        b http:g
        b http:g
        b http://a/../b/c
        b http://a/b/c
        q http://www.ics.uci.edu/Test/a/b/c
        a http://www.ics.uci.edu/Test/a/x
        q http://test.com/
        a http://test.com/
        b http://test.com/
        q http://www.w3.org/pub/WWW/
        a ftp://ds.internic.net/rfc/
        a http://ds.internic.net/instructions/overview.html#WARNING
    """,
    "RFC 2396bis draft 2003": """
        b http://www.ietf.org/ietf/1id-abstracts.txt
        b http://www.ietf.org/shadow.html
        b ftp://ftp.is.co.za/rfc/rfc1808.txt
        b gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/
        b http://www.ietf.org/rfc/rfc2396.txt
        b mailto:John.Doe@example.com
        b news:comp.infosystems.www.servers.unix
        b telnet://melvyl.ucop.edu/
        b example://a/b/c/%7A
        b eXAMPLE://a/./b/../b/c/%7a
        b http://example.com/
        b http://example.com:80/
        b http://example.com/data
        b http://example.com/data/
        b http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm
        b http://www.w3.org/People/Berners-Lee/
        b http://www.apache.org/~fielding/
        b http://larry.masinter.net/
        b http://www.ics.uci.edu/pub/ietf/uri/#Related
        b http://a/b/c/d;p?q
        b http://a/b/c/g
        b http://a/b/c/g
        b http://a/b/c/g/
        b http://a/g
        b http://g
        b http://a/b/c/d;p?y
        b http://a/b/c/g?y
        b http://a/b/c/g#s
        b http://a/b/c/g?y#s
        b http://a/b/c/;x
        b http://a/b/c/g;x
        b http://a/b/c/g;x?y#s
        b http://a/b/c/
        b http://a/b/c/
        b http://a/b/
        b http://a/b/
        b http://a/b/g
        b http://a/
        b http://a/
        b http://a/g
        b http://a/../g
        b http://a/../../g
        q http://a/g
        b http://a/./g
        b http://a/../g
        b http://a/b/c/g
        b http://a/b/c/.g
        b http://a/b/c/g
        b http://a/b/c/..g
        b http://a/b/g
        b http://a/b/c/g/
        b http://a/b/c/g/h
        b http://a/b/c/h
        b http://a/b/c/g;x=1/y
        b http://a/b/c/y
        b http://a/b/c/g?y/./x
        b http://a/b/c/g?y/../x
        b http://a/b/c/g#s/./x
        b http://a/b/c/g#s/../x
        b http:g
        b http:g
        b http://a/b/c/g
        q http://example.com/
        b http://example.com/
        q http://www.w3.org/Addressing/
        b http://www.w3.org/Addressing/
        b ftp://ds.internic.net/rfc/
        b http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING
    """,
    "RFC 1738 summary (zh)": """
        u ftp://@host.com/
        u ftp://host.com/
        u ftp://foo:@host.com/
        u ftp://myname@host.dom/%2Fetc/motd
        u ftp://myname@host.dom/etc/motd
        u ftp://myname@host.dom//etc/motd
        u news:*
        u file://vms.host.edu/disk$user/my/notes/note12345.txt
        u prospero://host.dom//pros/name
    """,
    "URL draft 1993": """
        a ftp://info.cern.ch/pub
        a ftp://ds.internic.net/rfc
        a ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol
        a gopher://gopher.micro.umn.edu/00
        a ftp://info.cern.ch/pub/www/doc/http-spec.txt
        a ftp://quake.think.com/pub/wais/doc/protspec.txt
        a ftp://quake.think.com/pub/wais/doc/doc-ids.txt
        a ftp://ds.internic.net/rfc/rfc977.txt
        a wais://quake.think.com/wais-discussion-archives?lynch
        a ftp://ds.internic.net/rfc/rfc1034.txt
        a ftp://prospero.isi.edu/pub/prospero/oir.ps
        a ftp://ds.internic.net/rfc/rfc959.txt
        a ftp://uu.psi.com/wp/nir.txt
    """,
}
_LETTER = {"url-wrapper": "u", "angle": "a", "quoted": "q", "bare": "b"}


@pytest.mark.parametrize("doc", sorted(EXPECTED_IN_SPECS))
def test_every_url_of_each_spec_text(doc: str) -> None:
    text = spec(doc)
    found = extract(text)
    got = [f"{_LETTER[f.form]} {f.url}" for f in found]
    assert got == [line.strip() for line in EXPECTED_IN_SPECS[doc].strip().splitlines()]
    check_spans(text, found)


def test_prose_about_urls_is_not_a_url() -> None:
    # RFC 1738 summary (zh) §3.7: "注意nntp:URL指定了..." is about nntp URLs; RFC 2396bis draft 2003
    # §4.3 "g:h = g:h"
    assert urls("注意nntp:URL指定了文章资源") == []
    assert urls("C.1 Normal Examples g:h = g:h") == []


# --- the rules, one by one ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # trailing punctuation ends sentences, not URLs
        ("See http://a.example/x.", ["http://a.example/x"]),
        ("See http://a.example/x, and", ["http://a.example/x"]),
        ("http://a.example/x; http://b.example/y:", ["http://a.example/x", "http://b.example/y"]),
        ("Is it http://a.example/x?", ["http://a.example/x"]),
        ("'http://a.example/x'", ["http://a.example/x"]),
        ("http://a.example/x!...", ["http://a.example/x"]),
        # a ")" that closes what the URL did not open
        ("(see http://a.example/x)", ["http://a.example/x"]),
        (
            "(http://a.example/wiki/URL_(disambiguation))",
            ["http://a.example/wiki/URL_(disambiguation)"],
        ),
        ("[http://a.example/x]", ["http://a.example/x"]),
        ("http://[::1]/x]", ["http://[::1]/x"]),
        ("[link](http://a.example/x).", ["http://a.example/x"]),
        # a bare URL ends at whitespace or at a character no URL may hold
        ("http://a.example/x\thttp://b.example/y", ["http://a.example/x", "http://b.example/y"]),
        ("http://a.example/x<b>", ["http://a.example/x"]),
        ('http://a.example/x"', ["http://a.example/x"]),
        ("http://a.example/x`code`", ["http://a.example/x"]),
        # IRIs (RFC 3987): non-ASCII characters belong to the URL
        ("http://a.example/caf\u00e9", ["http://a.example/caf\u00e9"]),
        # braces: browsers follow them (escaped); one closing nothing is the text's
        ("http://a.example/x{y}", ["http://a.example/x{y}"]),
        ("{see http://a.example/x}", ["http://a.example/x"]),
        # escapes, queries, fragments, ports, userinfo and IP literals stay
        (
            "go to http://u:p@h.example:8080/a%20b?q=1&r=2#frag now",
            ["http://u:p@h.example:8080/a%20b?q=1&r=2#frag"],
        ),
        ("http://[2001:db8::1]:80/", ["http://[2001:db8::1]:80/"]),
        # schemes without "//": only those known
        ("mailto:John.Doe@example.com.", ["mailto:John.Doe@example.com"]),
        ("news:comp.infosystems.www.servers.unix,", ["news:comp.infosystems.www.servers.unix"]),
        (
            "urn:isbn:0451450523 and tel:+1-816-555-1212",
            ["urn:isbn:0451450523", "tel:+1-816-555-1212"],
        ),
        ("Note: this. Time 12:30. Re:subject", []),
        ("http: and mailto: alone", []),
        ("example://a/b/c/%7A", ["example://a/b/c/%7A"]),
        ("svn+ssh://h.example/repo", ["svn+ssh://h.example/repo"]),
        # "ftp://" alone is a layout, not a URL (RFC 1738 §3.1: ftp://<user>...)
        ("ftp://<user>:<password>@<host>:<port>/<url-path>", []),
        ("http://", []),
        ("file:///etc/motd", ["file:///etc/motd"]),
        # a scheme glued to a word is not a scheme
        ("3http://a.example/", []),
        ("--http://a.example/", ["http://a.example/"]),
        # relative references name nothing without a base
        ("<../x> and <g?y> and <#s>", []),
        ("<john@example.com>", []),
        # a "URL:" prefix without brackets (RFC 1738 appendix)
        ("URL:http://a.example/", ["http://a.example/"]),
        ("CURL:http://a.example/", ["http://a.example/"]),
        # HTML attributes: the quotes delimit
        ('<a href="http://a.example/x">link</a>', ["http://a.example/x"]),
        ('<BASE href="http://www.ics.uci.edu/Test/a/b/c">', ["http://www.ics.uci.edu/Test/a/b/c"]),
        # empty wrappers (RFC 1738's copy has many)
        ("RFC 1436, <URL:>, March 1993.", []),
        ("<>", []),
        ('""', []),
    ],
)
def test_rules(text: str, expected: list[str]) -> None:
    found = extract(text)
    assert [f.url for f in found] == expected
    check_spans(text, found)


def test_url_prefix_is_part_of_the_bare_span() -> None:
    text = "see URL: http://a.example/ now"
    (found,) = extract(text)
    assert text[found.span[0] : found.span[1]] == "URL: http://a.example/"
    assert text[found.url_span[0] : found.url_span[1]] == "http://a.example/"
    assert found.form == "bare"
    assert any("URL:" in n for n in found.notes)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("<http://a.example/\n      b/c.html>", "http://a.example/b/c.html"),
        ("<http://a.example/ b/c.html>", "http://a.example/b/c.html"),
        ("<\thttp://a.example/x\n>", "http://a.example/x"),
        ("<URL: http://a.example/x>", "http://a.example/x"),
        ("<url:http://a.example/x>", "http://a.example/x"),
        ('"http://a.example/\n   b/c.html"', "http://a.example/b/c.html"),
        # any scheme inside "<URL:...>"
        ("<URL:x-private:thing>", "x-private:thing"),
        ("<URL:news:*>", "news:*"),
        # non-ASCII inside a wrapper is kept (an IRI; the parser will say so)
        ("<http://a.example/café>", "http://a.example/café"),
    ],
)
def test_whitespace_inside_wrappers_is_ignored(text: str, expected: str) -> None:
    (found,) = extract(text)
    assert found.url == expected
    assert found.span == (0, len(text))
    check_spans(text, [found])


@pytest.mark.parametrize(
    "text",
    [
        "<see http://a.example/x>",  # the scheme comes first: not "seehttp://..."
        '"see http://a.example/x"',
        '"http://a.example/x is good"',  # spaces inside quotes end the quoted form
        "<http://a.example/x\n\nnext paragraph>",  # a blank line: not one URL
        "<http://a.example/\x07x>",
    ],
)
def test_not_a_wrapped_url(text: str) -> None:
    found = extract(text)
    assert all(f.form == "bare" for f in found)
    assert [f.url for f in found] in (["http://a.example/x"], ["http://a.example/"])


def test_unknown_scheme_in_angle_brackets_needs_slashes() -> None:
    assert urls("<note:this>") == []
    assert urls("<foo://bar/>") == ["foo://bar/"]


# --- the hyphen at a line break (URL syntax draft 1997 / RFC 2396bis draft 2003 appendix E;
# RFC 1738 appendix) ---------------------------


def test_hyphen_at_a_line_break_continues_a_bare_url() -> None:
    text = "see http://a.example/long-\n    name/x.html, then"
    (found,) = extract(text)
    assert found.url == "http://a.example/long-name/x.html"
    assert found.alternative == "http://a.example/longname/x.html"
    assert found.form == "bare"
    assert text[found.url_span[0] : found.url_span[1]] == "http://a.example/long-\n    name/x.html"
    assert any("hyphen" in n for n in found.notes)
    check_spans(text, [found])


def test_hyphen_at_a_line_break_inside_a_wrapper() -> None:
    text = "<http://a.example/long-\n   name>"
    (found,) = extract(text)
    assert found.url == "http://a.example/long-name"
    assert found.alternative == "http://a.example/longname"
    # whitespace before the break is ignored too
    (found,) = extract("<http://a.example/long-   \n   name>")
    assert found.alternative == "http://a.example/longname"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # no hyphen: a bare URL ends at the line break
        ("http://a.example/long\nname", ["http://a.example/long"]),
        # a hyphen with no line break: whitespace ends the URL
        ("http://a.example/long- name", ["http://a.example/long-"]),
        # a blank line is a paragraph break
        ("http://a.example/long-\n\nname", ["http://a.example/long-"]),
        # only punctuation on the next line: nothing to join
        ("http://a.example/long-\n.", ["http://a.example/long-"]),
        # several breaks
        ("http://a.example/a-\n b-\n c", ["http://a.example/a-b-c"]),
        # CRLF line ends
        ("http://a.example/a-\r\n  b.", ["http://a.example/a-b"]),
    ],
)
def test_hyphen_rule_limits(text: str, expected: list[str]) -> None:
    found = extract(text)
    assert [f.url for f in found] == expected
    check_spans(text, found)


def test_several_hyphen_breaks_alternative() -> None:
    (found,) = extract("http://a.example/a-\n b-\n c")
    assert found.alternative == "http://a.example/abc"


def test_found_to_dict() -> None:
    (found,) = extract("<URL:http://a.example/x>")
    assert found.to_dict() == {
        "url": "http://a.example/x",
        "span": [0, 24],
        "url_span": [5, 23],
        "form": "url-wrapper",
        "alternative": None,
        "notes": ["the prefix 'URL:' is not part of the URL (RFC 1738 appendix)"],
        "refanged": False,
        "original": None,
        "original_span": None,
        "refangs": [],
        "findings": [],
    }


def test_misuse() -> None:
    with pytest.raises(TypeError):
        extract(b"http://a.example/")  # type: ignore[arg-type]
    assert extract("") == ()


# --- properties ------------------------------------------------------------------------------

_WS = re.compile(r"\s+")


def check_spans(text: str, found: tuple[Found, ...] | list[Found]) -> None:
    """What every finding must satisfy, whatever the text."""
    end = 0
    for f in found:
        start, stop = f.span
        u0, u1 = f.url_span
        assert end <= start < stop <= len(text), f
        assert start <= u0 < u1 <= stop, f
        end = stop
        assert f.form in FORMS
        inner = text[u0:u1]
        written = f.url
        if f.refanged:
            assert f.original is not None
            assert f.original_span == f.url_span
            written = f.original
            for r in f.refangs:
                assert u0 <= r.span[0] < r.span[1] <= u1
                assert text[r.span[0] : r.span[1]] == r.written
                assert r.written.lower() == r.form
        else:
            assert f.original is None
            assert f.original_span is None
        if f.form == "bare" and f.alternative is None:
            assert inner == written
        else:
            assert _WS.sub("", inner) == written
        assert not _WS.search(f.url)
        assert re.match(r"[A-Za-z][A-Za-z0-9+.\-]*:.", f.url), f
        matched_text = text[start:stop]
        if f.form == "url-wrapper":
            assert re.match(r"<[Uu][Rr][Ll]:", matched_text)
            assert matched_text.endswith(">")
        elif f.form == "angle":
            assert matched_text[0] == "<"
            assert matched_text[-1] == ">"
        elif f.form == "quoted":
            assert matched_text[0] == '"' == matched_text[-1]
            assert (u0, u1) == (start + 1, stop - 1)
        else:
            assert u1 == stop
        if f.alternative is not None:
            assert len(f.alternative) < len(f.url)
            assert "-" in f.url


_PIECE_LIST = (
    [
        " ", "\n", "\t", "\n\n", "<", ">", '"', "URL:", "url:", ":", "//", "/", "-", "-\n",
        ".", ",", ")", "(", "[", "]", "http", "mailto", "news", "x", "a.b", "%41", "?q=1",
        "#f", "é", "注意", "\x00", "@", "http://", "<URL:", "<http://", "ftp://h/",
    ]
)  # fmt: skip
_PIECES = st.sampled_from(_PIECE_LIST)


@given(st.lists(_PIECES, max_size=200).map("".join))
def test_any_text_gives_well_formed_findings(text: str) -> None:
    found = extract(text)
    check_spans(text, found)
    # each URL found, wrapped in angle brackets alone, is found again as itself
    for f in found:
        assert urls(f"<{f.url}>") == [f.url] or f.form == "url-wrapper"


@given(st.text(max_size=300))
def test_any_unicode_text(text: str) -> None:
    check_spans(text, extract(text))


@settings(max_examples=max(5, settings().max_examples // 10), deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.integers(min_value=10_000, max_value=100_000))
def test_long_random_text_terminates_with_correct_spans(seed: int, n: int) -> None:
    # Hypothesis does not draw lists this long itself: it draws a generator's seed
    rnd = random.Random(seed)
    text = "".join(rnd.choice(_PIECE_LIST) for _ in range(n))
    check_spans(text, extract(text))


@pytest.mark.parametrize(
    "text",
    [
        "<" * 200_000,
        '"' * 200_000,
        "a:" * 100_000,
        "<a " * 70_000,
        '"a\n' * 70_000,
        "http://x-\n" * 20_000,
        ("x" * 1000 + ":") * 200,
    ],
    ids=["lt", "quotes", "colons", "open-angles", "open-quotes", "hyphen-chain", "long-runs"],
)
def test_adversarial_texts_finish(text: str) -> None:
    # linear time: these finish in well under a second; a quadratic scan would not
    # finish for minutes
    check_spans(text, extract(text))


def test_benchmark_script_runs() -> None:
    table = bench_extract.run(size=20_000, rounds=1)
    assert "re.findall" in table
    assert "urlinspector extract" in table
    text = bench_extract.sample_text(20_000)
    assert len(text) == 20_000
    assert text == bench_extract.sample_text(20_000)
    assert len(extract(text)) > len(bench_extract.NAIVE.findall(text))
