"""The one table of diagnostic codes: every code the program can emit, with its default
severity, its category, what it means in plain words and where the rule comes from.

A :class:`~.model.Diagnostic`'s ``code`` is a :data:`~.code_names.Code`, the ``Literal``
of this table's codes, generated from it (``python tests/unit/core/test_codes.py``
writes ``code_names.py``; the test fails while the two differ): a mistyped code fails
mypy wherever it is written.  Adding a code is a row here, then that command.  The
JSON output (docs/json.md) carries the code as the same string.

A finding's own severity and citation may differ from its row's where an edition or a
case says otherwise (an IPv4-like host over 255 is an error in one edition and a
warning in another; each edition cites its own text): the row gives the usual ones.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, NamedTuple

from urlinspector.core.code_names import Code
from urlinspector.core.model import Category, Severity

__all__ = ["CODES", "Code", "CodeRow"]


class CodeRow(NamedTuple):
    """What :data:`CODES` says of one code."""

    severity: Severity
    """The severity its findings usually have."""
    category: Category
    summary: str
    """What it means, in one line of plain words."""
    citation: str
    """Where the rule comes from (RFC 3986's section where every edition has one)."""


CODES: Final[Mapping[Code, CodeRow]] = MappingProxyType(
    {
        # --- syntax: the characters and components of the edition's grammar -------------
        "control-char": CodeRow(
            severity="error",
            category="syntax",
            summary="a control character is written as it is; it must be escaped",
            citation="RFC 3986 §2",
        ),
        "space": CodeRow(
            severity="error",
            category="syntax",
            summary="a space is written as it is; it must be escaped as %20",
            citation="RFC 3986 §2",
        ),
        "non-ascii": CodeRow(
            severity="error",
            category="syntax",
            summary="a character outside ASCII is written as it is; a URL escapes its octets",
            citation="RFC 3986 §2",
        ),
        "unwise-char": CodeRow(
            severity="error",
            category="syntax",
            summary="an unwise character ({ } | \\ ^ `) is written as it is; it must be escaped",
            citation="RFC 1738 §2.2",
        ),
        "excluded-char": CodeRow(
            severity="error",
            category="syntax",
            summary='an excluded character (< > " and the like) is written as it is; it must '
            "be escaped",
            citation="RFC 2396 §2.4.3",
        ),
        "reserved-char": CodeRow(
            severity="error",
            category="syntax",
            summary="a reserved character stands where the component may not hold it; it must "
            "be escaped",
            citation="RFC 3986 §2.2",
        ),
        "invalid-char": CodeRow(
            severity="error",
            category="syntax",
            summary="a character the component may not hold; it must be escaped",
            citation="RFC 3986 §2",
        ),
        "more-invalid-chars": CodeRow(
            severity="error",
            category="syntax",
            summary="more characters the component may not hold follow the ones listed",
            citation="RFC 3986 §2",
        ),
        "invalid-scheme": CodeRow(
            severity="error",
            category="syntax",
            summary="the text before ':' is not a scheme name (a letter, then letters, digits, "
            "'+', '-', '.')",
            citation="RFC 3986 §3.1",
        ),
        "scheme-uppercase": CodeRow(
            severity="info",
            category="syntax",
            summary="the scheme is written with capitals; schemes are case-insensitive and "
            "written in lower case",
            citation="RFC 3986 §3.1",
        ),
        "colon-in-first-segment": CodeRow(
            severity="error",
            category="syntax",
            summary="a relative reference has ':' in its first segment, where it would read as "
            "a scheme",
            citation="RFC 3986 §4.2",
        ),
        "empty-host": CodeRow(
            severity="error",
            category="syntax",
            summary="the host is empty where the edition requires a host name or address",
            citation="RFC 1738 §3.1",
        ),
        "invalid-hostname": CodeRow(
            severity="error",
            category="syntax",
            summary="the host is not a host name: dot-separated labels of letters, digits and '-'",
            citation="RFC 1738 §3.1",
        ),
        "invalid-ip-literal": CodeRow(
            severity="error",
            category="syntax",
            summary="what stands in brackets is not an IPv6 address or an IPvFuture literal",
            citation="RFC 3986 §3.2.2",
        ),
        "ipv4-octet-range": CodeRow(
            severity="warning",
            category="syntax",
            summary="the host looks like an IPv4 address, but a part is over 255",
            citation="RFC 3986 §3.2.2",
        ),
        "authority-reg-name": CodeRow(
            severity="info",
            category="syntax",
            summary="the authority is no server's, so the whole of it is read as a "
            "registry-based name",
            citation="RFC 2396 §3.2.1",
        ),
        "empty-port": CodeRow(
            severity="error",
            category="syntax",
            summary="':' after the host is followed by no port number where the edition needs one",
            citation="RFC 1738 §3.1",
        ),
        "invalid-port": CodeRow(
            severity="error",
            category="syntax",
            summary="the port is not a decimal number",
            citation="RFC 3986 §3.2.3",
        ),
        "port-out-of-range": CodeRow(
            severity="warning",
            category="syntax",
            summary="the port is above 65535: no server can listen there, and browsers reject "
            "the URL",
            citation="RFC 793 §3.1; WHATWG URL §4.4",
        ),
        "fragment-outside-url": CodeRow(
            severity="info",
            category="syntax",
            summary="the edition leaves the fragment out of the URL: it belongs to the "
            "reference that holds it",
            citation="RFC 1738 §2.2",
        ),
        "browser-invalid": CodeRow(
            severity="info",
            category="syntax",
            summary="browsers reject this URL: following it leads nowhere",
            citation="WHATWG URL §4.4",
        ),
        # --- escape -------------------------------------------------------------------
        "bad-escape": CodeRow(
            severity="error",
            category="escape",
            summary="'%' is not followed by two hex digits; a literal '%' is written %25",
            citation="RFC 3986 §2.1",
        ),
        "more-bad-escapes": CodeRow(
            severity="error",
            category="escape",
            summary="more bad escapes follow the ones listed",
            citation="RFC 3986 §2.1",
        ),
        # --- wrapper ------------------------------------------------------------------
        "wrapper": CodeRow(
            severity="info",
            category="wrapper",
            summary="'<URL:' and '>' (or '<' and '>', or 'URL:') mark the URL in plain text; "
            "they are not part of it",
            citation="RFC 3986 appendix C",
        ),
        # --- security -----------------------------------------------------------------
        "password": CodeRow(
            severity="warning",
            category="security",
            summary="the URL carries a password in clear text",
            citation="RFC 3986 §7.5",
        ),
        "userinfo-lookalike": CodeRow(
            severity="warning",
            category="security",
            summary="what stands before '@' looks like a host name, but the host is the one "
            "after it",
            citation="RFC 3986 §7.6",
        ),
        "encoded-control": CodeRow(
            severity="warning",
            category="security",
            summary="an escape encodes CR, LF or NUL, which decoded and sent could end a "
            "protocol command",
            citation="RFC 1738 §6; RFC 3986 §7.3",
        ),
        "low-port": CodeRow(
            severity="warning",
            category="security",
            summary="a port below 1024, or of another well-known service, that is not the "
            "scheme's default",
            citation="RFC 1738 §6; RFC 3986 §7.2",
        ),
        "non-default-port": CodeRow(
            severity="info",
            category="security",
            summary="the port is not the scheme's default",
            citation="RFC 1738 §6; RFC 3986 §7.2",
        ),
        "rare-ipv4": CodeRow(
            severity="warning",
            category="security",
            summary="the host is a rare IPv4 form (hex, octal, fewer parts) that many systems "
            "read as an address",
            citation="RFC 3986 §7.4",
        ),
        "idn": CodeRow(
            severity="info",
            category="security",
            summary="the host is internationalized; its other form (Unicode or ASCII) is given",
            citation="RFC 3986 §3.2.2; RFC 3490",
        ),
        "idn-invalid": CodeRow(
            severity="warning",
            category="security",
            summary="a label starting 'xn--' is not a valid A-label",
            citation="RFC 3986 §3.2.2; RFC 5890 §2.3.2.1",
        ),
        "idn-punycode": CodeRow(
            severity="warning",
            category="security",
            summary="browsers show the host as punycode (xn--), not in Unicode, and say why",
            citation="RFC 3986 §7.6; the browsers' IDN display policies",
        ),
        "mixed-script": CodeRow(
            severity="warning",
            category="security",
            summary="a host label mixes scripts, as a look-alike of another name does",
            citation="RFC 3986 §7.6; UTS #39 §5.1",
        ),
        "whole-script-confusable": CodeRow(
            severity="warning",
            category="security",
            summary="a host label is all in one script, yet every letter looks like a Latin one",
            citation="RFC 3986 §7.6; UTS #39 §4",
        ),
        "confusable-skeleton": CodeRow(
            severity="warning",
            category="security",
            summary="a host label's non-ASCII letters are confusable with ASCII ones",
            citation="RFC 3986 §7.6; UTS #39 §4",
        ),
        "bidi-control": CodeRow(
            severity="warning",
            category="security",
            summary="a bidi control in the host reorders what is shown",
            citation="UTS #39 §3.1; Unicode Bidirectional Algorithm",
        ),
        "invisible-char": CodeRow(
            severity="warning",
            category="security",
            summary="an invisible character (a default-ignorable code point) stands in the host",
            citation="UTS #39 §3.1",
        ),
        "hidden-char": CodeRow(
            severity="warning",
            category="security",
            summary="bidi controls or invisible characters in the URL: what is shown is not "
            "what is written",
            citation="RFC 3986 §7.6; UTS #39 §3.1; Unicode Bidirectional Algorithm",
        ),
        "encoded-hidden-char": CodeRow(
            severity="warning",
            category="security",
            summary="an escape decodes to a bidi control or an invisible character",
            citation="RFC 3986 §7.6; UTS #39 §3.1",
        ),
        "lone-surrogate": CodeRow(
            severity="warning",
            category="security",
            summary="a lone surrogate (U+D800..U+DFFF) stands in the text: no character, so "
            "it is shown as U+FFFD and cannot be sent as written",
            citation="The Unicode Standard §3.9 (D76, D91); RFC 3629 §3",
        ),
        "embedded-brand": CodeRow(
            severity="warning",
            category="security",
            summary="a well-known domain is written in front of another registrable domain",
            citation="RFC 3986 §7.6; Chromium's target embedding check",
        ),
        "lookalike-domain": CodeRow(
            severity="warning",
            category="security",
            summary="the host looks like a well-known site's but is another domain",
            citation="RFC 3986 §7.6; UTS #39 §4",
        ),
        "browser-host": CodeRow(
            severity="warning",
            category="security",
            summary="browsers contact another host than the edition reads, and why",
            citation="WHATWG URL §3.5, §4.4",
        ),
        "browser-port": CodeRow(
            severity="warning",
            category="security",
            summary="browsers connect to another port than the edition reads, and why",
            citation="WHATWG URL §4.4",
        ),
        "reader-host": CodeRow(
            severity="warning",
            category="security",
            summary="an HTTP library would connect to another host than browsers do",
            citation="WHATWG URL §4.4; the library's own parser",
        ),
        "reader-port": CodeRow(
            severity="warning",
            category="security",
            summary="an HTTP library would connect to another port than browsers do",
            citation="WHATWG URL §4.4; the library's own parser",
        ),
        "reader-refuses": CodeRow(
            severity="info",
            category="security",
            summary="an HTTP library refuses a URL browsers fetch: it raises before it would "
            "connect",
            citation="the library's own parser and connection code",
        ),
        "active-content": CodeRow(
            severity="warning",
            category="security",
            summary="following the URL runs or renders content it carries itself "
            "(javascript:, data:)",
            citation="RFC 2397; WHATWG URL §4.4",
        ),
        "protocol-relative": CodeRow(
            severity="warning",
            category="security",
            summary="a reference in markup names no scheme: it takes the page's scheme and "
            "goes to the host it names",
            citation="RFC 3986 §4.2 (network-path reference)",
        ),
        "wrapped-link": CodeRow(
            severity="warning",
            category="security",
            summary="a link-protection or redirect service wraps the URL; where it leads is "
            "unwrapped offline",
            citation="the wrapping service's documentation",
        ),
        "opaque-wrapper": CodeRow(
            severity="info",
            category="security",
            summary="a wrapping service keeps where its link leads on its own servers",
            citation="the wrapping service's documentation",
        ),
        "wrapper-unreadable": CodeRow(
            severity="info",
            category="security",
            summary="a wrapped link holds no URL browsers accept where its target should be",
            citation="the wrapping service's documentation",
        ),
        # --- privacy: what a link tells of who received it --------------------------------
        "recipient-identifier": CodeRow(
            severity="warning",
            category="privacy",
            summary="a wrapper writes who received the link into it: sharing the link tells "
            "whoever opens it",
            citation="the wrapping service's documentation",
        ),
        # --- scheme: what a scheme's own syntax asks (RFC 1738 §3) ------------------------
        "heuristic": CodeRow(
            severity="info",
            category="scheme",
            summary="a text without a scheme is read as an abbreviated URL, its scheme guessed",
            citation="RFC 1738 appendix; RFC 3986 appendix D",
        ),
        "scheme-requires-authority": CodeRow(
            severity="error",
            category="scheme",
            summary="the scheme's URLs start with '//' and a host",
            citation="RFC 1738 §3.1",
        ),
        "scheme-requires-host": CodeRow(
            severity="error",
            category="scheme",
            summary="the scheme's URLs need a host name or address after '//'",
            citation="RFC 1738 §3.1",
        ),
        "scheme-userinfo-not-allowed": CodeRow(
            severity="warning",
            category="scheme",
            summary="the scheme's URLs carry no user name or password",
            citation="RFC 1738 §3.1, §5 (hostport)",
        ),
        "scheme-port-not-allowed": CodeRow(
            severity="warning",
            category="scheme",
            summary="the scheme's URLs name a host but no port",
            citation="RFC 1738 §3.10",
        ),
        "scheme-slash-missing": CodeRow(
            severity="error",
            category="scheme",
            summary="text follows the host without the '/' that separates the url-path",
            citation="RFC 1738 §3.1",
        ),
        "ftp-semicolon-unescaped": CodeRow(
            severity="warning",
            category="scheme",
            summary="';' in an ftp path may only start ';type='; a ';' in a name is %3B",
            citation="RFC 1738 §3.2.2",
        ),
        "ftp-typecode-invalid": CodeRow(
            severity="error",
            category="scheme",
            summary="the ftp typecode is not a, i or d",
            citation="RFC 1738 §3.2.2",
        ),
        "gopher-selector-invalid": CodeRow(
            severity="error",
            category="scheme",
            summary="a Gopher selector encodes a CR or LF, which it may not hold",
            citation="RFC 1738 §3.4.1",
        ),
        "gopher-tab-in-selector": CodeRow(
            severity="warning",
            category="scheme",
            summary="an encoded tab stays in the selector (the 1993 draft has no %09 search)",
            citation="RFC 1738 §3.4.1; URL draft 1993 (Gopher)",
        ),
        "gopher-search-invalid": CodeRow(
            severity="error",
            category="scheme",
            summary="a Gopher search encodes a CR or LF, which would end the request line",
            citation="RFC 1738 §3.4.2",
        ),
        "gopher-plus-unrecognised": CodeRow(
            severity="warning",
            category="scheme",
            summary="the Gopher+ string is none of the forms RFC 1738 names",
            citation="RFC 1738 §3.4.3–§3.4.9",
        ),
        "gopher-ask-data-malformed": CodeRow(
            severity="warning",
            category="scheme",
            summary="the filled-in Gopher+ form data is not in the form RFC 1738 gives",
            citation="RFC 1738 §3.4.9",
        ),
        "mailto-address-empty": CodeRow(
            severity="error",
            category="scheme",
            summary="a mailto URL has no address after 'mailto:'",
            citation="RFC 1738 §3.5",
        ),
        "mailto-no-at": CodeRow(
            severity="warning",
            category="scheme",
            summary="the mailto address has no '@'",
            citation="RFC 1738 §3.5",
        ),
        "mailto-query-in-address": CodeRow(
            severity="info",
            category="scheme",
            summary="'?' is read as part of the mailto address (RFC 1738 has no headers)",
            citation="RFC 1738 §3.5",
        ),
        "news-host-not-allowed": CodeRow(
            severity="warning",
            category="scheme",
            summary="a news URL names a server; nntp://host/group names one",
            citation="RFC 1738 §3.6",
        ),
        "news-grouppart-empty": CodeRow(
            severity="error",
            category="scheme",
            summary="a news URL has no newsgroup, message-id or '*'",
            citation="RFC 1738 §3.6",
        ),
        "news-message-id-invalid": CodeRow(
            severity="warning",
            category="scheme",
            summary="the message-id is not unique@full_domain_name without '<' and '>'",
            citation="RFC 1738 §3.6",
        ),
        "news-group-invalid": CodeRow(
            severity="warning",
            category="scheme",
            summary="the newsgroup name is not of the grammar's letters, digits and marks",
            citation="RFC 1738 §3.6, §5 (group)",
        ),
        "nntp-group-missing": CodeRow(
            severity="error",
            category="scheme",
            summary="an nntp URL has no '/' and newsgroup name after the host",
            citation="RFC 1738 §3.7",
        ),
        "nntp-article-not-digits": CodeRow(
            severity="error",
            category="scheme",
            summary="the nntp article number is not decimal digits",
            citation="RFC 1738 §3.7",
        ),
        "telnet-path-not-allowed": CodeRow(
            severity="error",
            category="scheme",
            summary="a telnet URL has something after the host and its optional '/'",
            citation="RFC 1738 §3.8",
        ),
        "wais-database-missing": CodeRow(
            severity="error",
            category="scheme",
            summary="a WAIS URL has no '/' and database name after the host",
            citation="RFC 1738 §3.9",
        ),
        "wais-search-with-document": CodeRow(
            severity="warning",
            category="scheme",
            summary="a WAIS URL is a database, a search or a document, never a document with a "
            "search",
            citation="RFC 1738 §3.9",
        ),
        "wais-path-invalid": CodeRow(
            severity="error",
            category="scheme",
            summary="a WAIS document URL is not /database/wtype/wpath",
            citation="RFC 1738 §3.9",
        ),
        "file-authority-missing": CodeRow(
            severity="info",
            category="scheme",
            summary="a file URL has no '//' and host (file:///path for this machine)",
            citation="RFC 1738 §3.10",
        ),
        "prospero-hsoname-missing": CodeRow(
            severity="error",
            category="scheme",
            summary="a prospero URL has no '/' and host-specific object name after the host",
            citation="RFC 1738 §3.11",
        ),
        "prospero-fieldspec-invalid": CodeRow(
            severity="warning",
            category="scheme",
            summary="a prospero field is not ;name=value",
            citation="RFC 1738 §3.11",
        ),
        "prospero-version-dropped": CodeRow(
            severity="info",
            category="scheme",
            summary="a prospero version after %00 comes from the 1993 draft, which RFC 1738 "
            "dropped",
            citation="RFC 1738 §3.11; URL draft 1993 (Prospero)",
        ),
        "prospero-version-invalid": CodeRow(
            severity="warning",
            category="scheme",
            summary="a prospero version is not digits (and letters naming attributes)",
            citation="URL draft 1993 (Prospero)",
        ),
    }
)
"""Every code the program emits, by code: its :class:`CodeRow`."""
