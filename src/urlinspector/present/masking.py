"""Masking a password wherever the window shows it, without hiding a look-alike.

While passwords are hidden (View ▸ Show passwords off), every place that shows a URL or
a part of one masks the password the same way: the address bar and the target (a
format over the characters), the components (the password row and the rows that hold
it: authority, userinfo), the Editions cells and their tooltips, the resolution trace,
the diagnostics' messages, the status line and the History menu.

One character of the password becomes one ``•``, except the characters that can carry
a trick, which stay visible: anything outside printable ASCII (a Cyrillic ``а``, a
fullwidth ``／``, an invisible character) and the delimiters a reader splits a URL at
(``@ / \\ : ? #``), also when written as an escape (``%D0%B0``, ``%2F``).  In
``http://good.com:pаss@evil.com`` the password is ``pаss``: it is shown as ``•а••``, so
the look-alike that makes the password part of the trick is still there to see.

Qt-free, so it is tested without a window.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import quote

from urlinspector.core import URL, parse
from urlinspector.core.browser import browser_password_span, browser_reading
from urlinspector.core.model import PASSWORD, URI, USERINFO
from urlinspector.core.quoting import quoted

__all__ = [
    "HIDDEN_FINDING",
    "MASK",
    "READING_MASKED",
    "TELLING_ASCII",
    "kept_visible",
    "mask_component",
    "mask_finding",
    "mask_in_text",
    "mask_known",
    "mask_message",
    "mask_password",
    "mask_reading",
    "mask_url",
    "password_span",
    "passwords_in",
    "passwords_of",
    "telling_octet",
]

MASK = "•"
TELLING_ASCII = frozenset("@/\\:?#")
"""ASCII characters of a password that stay visible: the delimiters a reader splits a
URL at (RFC 3986 §2.2 gen-delims, and the backslash browsers read as ``/``)."""

_HEX = frozenset("0123456789abcdefABCDEF")


def telling_octet(octet: int) -> bool:
    """Whether an octet of a password stays visible when it is masked."""
    return octet >= 0x7F or octet < 0x20 or chr(octet) in TELLING_ASCII


def kept_visible(password: str) -> list[bool]:
    """For each character of *password*: whether it stays visible when masked."""
    keep = [False] * len(password)
    i = 0
    while i < len(password):
        ch = password[i]
        if ch == "%" and set(password[i + 1 : i + 3]) <= _HEX and i + 2 < len(password):
            if telling_octet(int(password[i + 1 : i + 3], 16)):
                keep[i : i + 3] = [True, True, True]
            i += 3
            continue
        keep[i] = telling_octet(ord(ch)) if ord(ch) < 0x80 else True
        i += 1
    return keep


def mask_password(password: str) -> str:
    """*password* masked: one ``•`` a character, look-alike carriers kept."""
    return "".join(
        ch if keep else MASK for ch, keep in zip(password, kept_visible(password), strict=True)
    )


def mask_in_text(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """*text* with each ``[start, end)`` of *spans* masked (spans must not overlap)."""
    out: list[str] = []
    last = 0
    for start, end in sorted(s for s in spans if 0 <= s[0] <= s[1]):
        if start < last:
            continue
        out.append(text[last:start])
        out.append(mask_password(text[start:end]))
        last = end
    out.append(text[last:])
    return "".join(out)


def _edition_password_span(url: URL) -> tuple[int, int] | None:
    start, end = url.spans[PASSWORD]
    if start >= 0:
        return (start, end) if end > start else None
    u0, u1 = url.spans[USERINFO]
    if u0 < 0:
        return None
    colon = url.text.find(":", u0, u1)
    if colon < 0 or colon + 1 >= u1:
        return None
    return colon + 1, u1


def _browsers_password_span(url: URL) -> tuple[int, int] | None:
    u0, u1 = url.spans[URI]
    if "@" not in url.text[u0:u1]:
        return None
    span = browser_password_span(url.text[u0:u1])
    return None if span is None else (u0 + span[0], u0 + span[1])


def password_span(url: URL) -> tuple[int, int] | None:
    """Where *url*'s password is (``[start, end)`` of ``url.text``); None without one.

    An edition that reads the userinfo whole (no ``user`` and ``password``) still
    carries a password after its first ``:`` the way clients split it (RFC 3986
    §3.2.1), and that part is masked as well.  So is the password browsers read,
    also where the edition sees none (``ftp:///user:pw@host/``, ``ftp:user:pw@host``,
    ``ftp:\\\\user:pw@host\\``: :func:`~urlinspector.core.browser.browser_password_span`);
    where both readings find one, the span covers both."""
    edition = _edition_password_span(url)
    browsers = _browsers_password_span(url)
    if browsers is None or browsers == edition:
        return edition
    if edition is None:
        return browsers
    return min(edition[0], browsers[0]), max(edition[1], browsers[1])


def mask_component(url: URL, index: int, hidden: tuple[int, int] | None) -> str | None:
    """Component *index* (a constant of :mod:`urlinspector.core.model`) of *url*, with
    what it holds of the *hidden* span (:func:`password_span`) masked: the password
    browsers read may lie in a path or an authority the edition reads otherwise
    (``ftp:///user:pw@host/``: in the path)."""
    value = url.component(index)
    start, end = url.spans[index]
    if value is None or hidden is None or not (start < hidden[1] and hidden[0] < end):
        return value
    return mask_in_text(value, ((max(hidden[0], start) - start, min(hidden[1], end) - start),))


def mask_url(url: URL) -> str:
    """``url.text`` with its password masked."""
    span = password_span(url)
    return url.text if span is None else mask_in_text(url.text, (span,))


def passwords_of(*urls: URL | None) -> tuple[str, ...]:
    """The passwords *urls* carry (as written), longest first."""
    found = set()
    for url in urls:
        if url is None:
            continue
        for span in (_edition_password_span(url), _browsers_password_span(url)):
            if span is not None:
                found.add(url.text[span[0] : span[1]])
        if "@" in url.text:
            # as browsers serialize it (percent-encoded), which their href shows
            encoded = browser_reading(url.uri).password
            if encoded:
                found.add(encoded)
    return tuple(sorted(found, key=len, reverse=True))


HIDDEN_FINDING = "a finding about characters of the password (View ▸ Show passwords shows it)"


def mask_finding(message: str, span: tuple[int, int], url: URL) -> str:
    """A diagnostic's *message* about *url* with the password masked: a finding that
    quotes characters of the password that would be masked (``%74 encodes 't'``) says
    only that it is about the password; any other has the password masked where it
    quotes it."""
    hidden = password_span(url)
    if hidden is None:
        return message
    start, end = span
    if hidden[0] <= start < end <= hidden[1] and url.text[start:end] in message:
        keep = kept_visible(url.text[hidden[0] : hidden[1]])
        if not all(keep[start - hidden[0] : end - hidden[0]]):
            return HIDDEN_FINDING
    return mask_known(message, passwords_of(url))


def mask_known(text: str, passwords: Iterable[str]) -> str:
    """*text* (a message, a value of the resolution trace, a label) with each of
    *passwords* masked where it follows a ``:``, as a password follows the user name
    (with backslashes doubled too, as ``repr`` quotes them)."""
    for password in passwords:
        for form in (password, password.replace("\\", "\\\\")):
            if ":" + form in text:
                text = text.replace(":" + form, ":" + mask_password(form))
    return text


READING_MASKED = frozenset({"host", "where"})
"""The parts of a library's reading whose passwords the reading masked itself
(:func:`urlinspector.core.readers.reading.mask_userinfo`: the host it connects to,
and where it connects)."""


def mask_reading(part: str, text: str, passwords: Iterable[str]) -> str:
    """*text*, the *part* of a library's reading (``host``, ``path``, its refusal...),
    with *passwords* masked where the reading did not mask them itself.  Its host it
    did, knowing the userinfo the library left in it: in ``[::1]@evil.com`` (urlopen's
    host for ``http://[::1]@evil.com/``) ``[::1]`` is a user name and no password,
    though browsers split it into ``[`` and ``:1]``, so the host is shown whole."""
    return text if part in READING_MASKED else mask_known(text, passwords)


def passwords_in(texts: Iterable[str]) -> tuple[str, ...]:
    """The passwords the URLs among *texts* carry (a command line's words), as RFC 3986
    and as browsers read them, longest first."""
    return passwords_of(*(parse(t) for t in texts if "@" in t and ":" in t))


def _forms(password: str) -> dict[str, str]:
    """How a message may write *password*, each with its masked form: as it is, as
    :func:`~urlinspector.core.quoting.quoted` writes what does not print (``\\x0d``), with
    backslashes doubled (``repr``), and percent-encoded as a client sends it (``%0D``)."""
    masked = mask_password(password)
    encoded = quote(password, safe="!$&'()*+,;=:~")
    forms = {
        password.replace("\\", "\\\\"): masked.replace("\\", "\\\\"),
        encoded: mask_password(encoded),
        quoted(password)[1:-1]: quoted(masked)[1:-1],
        password: masked,
    }
    forms.pop("", None)
    return forms


def mask_message(message: str, passwords: Iterable[str]) -> str:
    """*message* (an error line) with each of *passwords* masked wherever the message
    writes it after a ``:`` or a quote and before an ``@`` or a quote, in any of the
    forms a message may write it: as it is, escaped or percent-encoded."""
    for password in passwords:
        forms = _forms(password)
        for form in sorted(forms, key=len, reverse=True):
            pattern = re.compile(r"(?<=[:'\"])" + re.escape(form) + r"(?=[@'\"])")
            message = pattern.sub(forms[form].replace("\\", "\\\\"), message)
    return message
