"""Gopher URLs (RFC 1738 §3.4) as requests, and menu items as URLs.

* :func:`request_from_url`: what a client sends for a gopher URL, from the parts the core
  already split (``parse(url).scheme_fields``, a ``GopherFields``: gophertype, selector,
  search, gopher+ string, decoded).  Anything that would change the request (a CR, LF,
  NUL or TAB inside a selector, search or Gopher+ string) is refused before a byte is
  sent (RFC 1738 §6).
* :func:`item_url`: the URL a menu item leads to.
* :func:`needs_port_confirmation`: the warning a client shows before it sends a gopher
  request to another service's port (RFC 1738 §6, the gopher-to-SMTP attack).

``gophers://`` is gopher over TLS from the first octet: the URL is a gopher URL in every
other respect (RFC 1738 §3.4 read with another scheme name), the port defaults to 70 as
curl's ``gophers`` (curl 7.75, ``lib/gopher.c``) and VF-1's TLS mode have it, and the
request sent inside TLS is the gopher request, octet for octet (see ``docs/gopher.md``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal, NamedTuple

from urlinspector.core import URL, parse
from urlinspector.core.octets import unquote_to_bytes
from urlinspector.core.quoting import quoted
from urlinspector.core.specific import GopherFields, GopherPlusKind
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.gopher.itemtypes import ITEM_TYPES
from urlinspector.schemes.ports import port_warning

__all__ = [
    "DEFAULT_PORT",
    "TLS_SCHEMES",
    "GopherRequest",
    "ItemKind",
    "escape_selector",
    "item_url",
    "kind_of",
    "needs_port_confirmation",
    "request_from_url",
    "with_search",
]

DEFAULT_PORT = 70  # RFC 1738 §3.4.1; gophers:// too (curl's PORT_GOPHER for both)

TLS_SCHEMES: Mapping[str, bool] = MappingProxyType({"gopher": False, "gophers": True})
"""The schemes read as gopher URLs, and whether each runs over TLS from the first octet
(no RFC names ``gophers``; curl, VF-1 and edbrowse do)."""

ItemKind = Literal["menu", "text", "binary", "attributes"]
"""How a reply is read: a menu (RFC 1436 §3.8), a text file ending in a ``.`` line
(§3.9), bytes until the close (binary files, §3.10), or Gopher+ attribute blocks."""

SESSION_TYPES: Mapping[str, str] = MappingProxyType(
    {row.code: row.session for row in ITEM_TYPES.values() if row.session is not None}
)
"""Types that name a terminal session, not a document, and the scheme of the URL that
opens one (RFC 1436 §3.8, RFC 1738 §3.8): read from :data:`.itemtypes.ITEM_TYPES`."""
_NO_LINK = frozenset({""} | {row.code for row in ITEM_TYPES.values() if not row.leads_somewhere})
"""Lines that lead nowhere (``i`` information, ``3`` errors, blank lines), from the
same table: :func:`item_url` asks for every line of a menu."""

_ASK_PREFIX = b"+\t1\r\n+-1\r\n"  # RFC 1738 §3.4.9: what a filled-in form starts with
_ASK_END = b".\r\n"

_NAMES = {0x0D: "a CR", 0x0A: "an LF", 0x00: "a NUL", 0x09: "a TAB"}
_EFFECT = {
    0x0D: "end the request line early, so the rest would be read as another command",
    0x0A: "end the request line early, so the rest would be read as another command",
    0x00: "be cut short or misread by the server",
    0x09: "split the request into another field (a search or a Gopher+ command)",
}
_UNSAFE = re.compile(rb"[\r\n\x00\t]")
_UNSAFE_NO_TAB = re.compile(rb"[\r\n\x00]")


class GopherRequest(NamedTuple):
    """What to send to whom for one gopher URL."""

    url: URL
    """The URL the request was made from, parsed (a ``gophers://`` URL stays one)."""
    host: str
    """The host to connect to: an IPv6 address without brackets, a name in ASCII."""
    port: int
    gophertype: str
    """The item type (RFC 1738 §3.4.1; ``1`` when the URL gives none)."""
    selector: bytes
    """The selector, decoded (RFC 1738 §3.4.1)."""
    search: bytes | None
    """The search string after ``%09`` (RFC 1738 §3.4.2), decoded; None when there is none."""
    gopher_plus: bytes | None
    """The Gopher+ string after the second ``%09`` (RFC 1738 §3.4.3), decoded, or None."""
    command: bytes | None
    """The Gopher+ command actually sent: the Gopher+ string, except that a ``?`` item
    (one with an electronic form) is asked for its attributes, ``!``, which hold the
    +ASK block (RFC 1738 §3.4.5); None for a plain gopher request."""
    kind: ItemKind
    """How the reply is read."""
    data: bytes
    """The request line(s), exactly as sent."""
    tls: bool = False
    """Whether the request goes inside TLS (a ``gophers://`` URL); never sent in clear
    text when it fails."""

    @property
    def plus(self) -> bool:
        """Whether this is a Gopher+ request (its reply starts with a ``+N`` line)."""
        return self.command is not None

    @property
    def hostport(self) -> str:
        return f"[{self.host}]:{self.port}" if ":" in self.host else f"{self.host}:{self.port}"


# --- URL -> request ------------------------------------------------------------------------


def kind_of(gophertype: str, gopher_plus_kind: GopherPlusKind | None = None) -> ItemKind:
    """How the reply to an item of *gophertype* is read (RFC 1436 §3.8–§3.10), given the
    kind of Gopher+ string (``GopherFields.gopher_plus_kind``)."""
    if gopher_plus_kind in ("attributes", "directory-attributes", "ask-form-item"):
        return "attributes"  # RFC 1738 §3.4.5–§3.4.7
    row = ITEM_TYPES.get(gophertype)
    return "binary" if row is None else row.reply


def _refuse_unsafe(value: bytes, what: str, *, allow_tab: bool = False) -> None:
    bad = (_UNSAFE_NO_TAB if allow_tab else _UNSAFE).search(value)
    if bad is None:
        return
    octet = bad.group()[0]
    raise LocalProtocolError(
        f"the {what} holds {_NAMES[octet]} (%{octet:02X}) at octet {bad.start() + 1}, "
        f"which would {_EFFECT[octet]}; nothing was sent (RFC 1738 §6)"
    )


def _check_ask_data(value: bytes) -> None:
    """A filled-in form (RFC 1738 §3.4.9): ``+ TAB 1 CRLF +-1 CRLF`` values ``CRLF`` ``. CRLF``."""
    body = value[len(_ASK_PREFIX) :]
    if not value.startswith(_ASK_PREFIX) or not body.endswith(_ASK_END):
        raise LocalProtocolError(
            "the filled-in form in the Gopher+ string must read +%091%0D%0A+-1%0D%0A, "
            "then each value followed by %0D%0A, then .%0D%0A (RFC 1738 §3.4.9); nothing was sent"
        )
    values = body[: -len(_ASK_END)]
    for number, line in enumerate(values.split(b"\r\n")[:-1] if values else [], 1):
        bad = _UNSAFE_NO_TAB.search(line)
        if bad is not None or line == b".":
            octet = bad.group()[0] if bad is not None else 0x2E
            what = _NAMES.get(octet, "a lone '.'")
            raise LocalProtocolError(
                f"value {number} of the filled-in form holds {what}, which would end "
                "the form early; nothing was sent (RFC 1738 §3.4.9, §6)"
            )
    if values and not values.endswith(b"\r\n"):
        raise LocalProtocolError(
            "each value of the filled-in form must end with %0D%0A (RFC 1738 §3.4.9); nothing was "
            "sent"
        )


def _connect_host(url: URL) -> str:
    host: str | None = url.host
    if host is None or host == "":
        raise LocalProtocolError(
            f"{quoted(url.uri)} names no host: gopher URLs read gopher://host[:port]/... "
            "(RFC 1738 §3.4)"
        )
    if url.host_kind == "ipv6":
        return host[1:-1].split("%25", 1)[0] if host.startswith("[") else host
    if url.host_kind == "ipvfuture":
        raise LocalProtocolError(f"cannot connect to the future-format address {host}")
    name = unquote_to_bytes(host).decode("utf-8", "replace")
    if name.isascii():
        return name
    import idna  # (loaded for the first internationalized host, not with the module)

    try:
        encoded: bytes = idna.encode(name, uts46=True)
        return encoded.decode("ascii")
    except idna.IDNAError as exc:
        raise LocalProtocolError(
            f"the host {quoted(name)} is not a valid domain name: {exc}"
        ) from None


def _as_gopher(url: URL) -> tuple[URL, bool]:
    """*url* read as a gopher URL, and whether it goes over TLS: a ``gophers://`` URL is
    a gopher URL under another scheme name.  Raises :class:`LocalProtocolError` for
    another scheme."""
    scheme = url.scheme or ""
    tls = TLS_SCHEMES.get(scheme.lower())
    if tls is None:
        raise LocalProtocolError(f"{quoted(url.uri)} is not a gopher URL")
    if tls:
        url = parse("gopher" + url.text[len(scheme) :], url.edition)
    return url, tls


def request_from_url(url: URL, *, search: str | bytes | None = None) -> GopherRequest:
    """The request for a gopher URL: the selector (decoded), then TAB and the search when
    the URL has a ``%09`` search (RFC 1738 §3.4.2), then TAB and the Gopher+ string when it has
    one (RFC 1738 §3.4.3), then CRLF.

    *search* supplies (or replaces) the search string, e.g. what a person typed for a
    type-7 item; text is sent as UTF-8.  With a Gopher+ string an empty search is left out
    ("followed optionally by a tab and the search string (if the <search> element is not
    empty)", RFC 1738 §3.4.3).  A filled-in form (RFC 1738 §3.4.9) already ends in CRLF.

    Raises :class:`LocalProtocolError` (nothing sent) for a URL that is not gopher, has no
    host or a bad port, is a telnet or tn3270 item, or would smuggle CR, LF, NUL or TAB.
    """
    given = url
    url, tls = _as_gopher(url)
    fields = url.scheme_fields
    if not isinstance(fields, GopherFields):
        raise LocalProtocolError(f"{quoted(given.uri)} is not a gopher URL")
    host = _connect_host(url)
    port = _port(url)
    gophertype, selector = fields.gophertype, fields.selector
    url_search = fields.search
    if search is not None:
        url_search = search.encode("utf-8") if isinstance(search, str) else bytes(search)
    gopher_plus, plus_kind = fields.gopher_plus, fields.gopher_plus_kind
    _refuse_session(gophertype, url)
    _refuse_unsafe(selector, "selector")  # RFC 1738 §3.4.1: any octet but TAB, CR and LF
    if url_search is not None:
        _refuse_unsafe(url_search, "search string")
    command = None if gopher_plus is None else _plus_command(gopher_plus, plus_kind)
    data = _request_line(selector, url_search, command, ends=plus_kind != "ask-data")
    kind = kind_of(gophertype, plus_kind if command is not None else None)
    return GopherRequest(
        url=given,
        host=host,
        port=port,
        gophertype=gophertype,
        selector=selector,
        search=url_search,
        gopher_plus=gopher_plus,
        command=command,
        kind=kind,
        data=data,
        tls=tls,
    )


def _port(url: URL) -> int:
    """The port to connect to: the URL's, checked, or 70."""
    port_text = url.port
    if not port_text:
        return DEFAULT_PORT  # RFC 1738 §3.4.1: "If :<port> is omitted, the port defaults to 70"
    number = url.port_number
    if number is None or not 0 < number < 65536:
        raise LocalProtocolError(f"the port {quoted(port_text)} is not a port number (1 to 65535)")
    return number


def _refuse_session(gophertype: str, url: URL) -> None:
    """A telnet or tn3270 item is not fetched: it names a terminal session (RFC 1436 §3.8)."""
    session = SESSION_TYPES.get(gophertype)
    if session is not None:
        raise LocalProtocolError(
            f"a type {gophertype} item is a {session} session, not a document: open "
            f"{session}://{url.authority}/ in a terminal instead (RFC 1436 §3.8)"
        )


def _plus_command(gopher_plus: bytes, plus_kind: GopherPlusKind | None) -> bytes | None:
    """What follows the selector (and search) for a Gopher+ string, checked: nothing for
    an empty one, "!" for a form's attributes, else the string itself."""
    if plus_kind == "ask-data":
        _check_ask_data(gopher_plus)
    else:
        _refuse_unsafe(gopher_plus, "Gopher+ string")
    if gopher_plus == b"":
        return None  # an empty Gopher+ string asks for nothing more
    if plus_kind == "ask-form-item":
        return b"!"  # RFC 1738 §3.4.5: fetch the item's attributes, which hold +ASK
    return gopher_plus


def _request_line(
    selector: bytes, search: bytes | None, command: bytes | None, *, ends: bool
) -> bytes:
    """selector [TAB search] [TAB command] CRLF (RFC 1738 §3.4.2, §3.4.3); with a Gopher+
    command an empty search is left out, and filled-in form data (not *ends*) already
    ends in CRLF (RFC 1738 §3.4.9)."""
    parts = [selector]
    if command is None:
        if search is not None:
            parts += [b"\t", search]
        return b"".join([*parts, b"\r\n"])
    if search:
        parts += [b"\t", search]
    parts += [b"\t", command]
    if ends:
        parts.append(b"\r\n")
    return b"".join(parts)


def needs_port_confirmation(url: URL) -> str | None:
    """The warning to show before connecting, or None when the port is safe: a gopher
    URL whose port is not 70 and is a sensitive port needs a person's confirmation first
    (RFC 1738 §6; :func:`urlinspector.schemes.ports.port_warning`, shared with ftp and nntp)."""
    if (url.scheme or "").lower() not in TLS_SCHEMES:
        return None
    return port_warning(url)


# --- item -> URL ---------------------------------------------------------------------------

# RFC 1738 §2.2 / §5: xchar = unreserved | reserved | escape.  Kept as they are: alphanumerics,
# safe, extra and the reserved characters that are harmless here; escaped: everything
# unsafe (space, "%", "#", "~", controls, 8-bit octets ...) and "?", which later
# editions read as the start of a query (RFC 3986 §3.4) though RFC 1738 reserves nothing in a
# gopher-path.
_KEEP = frozenset(
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789$-_.+!*'(),;/:@=&"
)
_ESCAPE_TABLE = tuple(chr(b) if b in _KEEP else f"%{b:02X}" for b in range(256))
_NEEDS_ESCAPE = re.compile(rb"[^A-Za-z0-9$\-_.+!*'(),;/:@=&]")
# RFC 1738 §5: user = *[ uchar | ";" | "?" | "&" | "=" ], uchar = unreserved | escape
_USER_KEEP = frozenset(
    b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789$-_.+!*'(),;?&="
)
_USER_TABLE = tuple(chr(b) if b in _USER_KEEP else f"%{b:02X}" for b in range(256))
_PLAIN_HOST = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?\.?\Z")
_IPV6 = re.compile(r"[0-9A-Fa-f:.]+\Z")
_HOST_CHARS = re.compile(r"[A-Za-z0-9._~!$&'()*+,;=-]+\Z")  # RFC 3986 reg-name
_URL_SELECTOR = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:[^\s\x00-\x1f\x7f]*\Z")
_DEFAULTS = {"gopher": 70, "gophers": 70, "telnet": 23, "tn3270": 23}


def escape_selector(selector: bytes) -> str:
    """*selector* as it is written in a gopher URL: every octet RFC 1738 §2.2 calls unsafe,
    and "?", written as ``%HH`` (RFC 1738 §3.4.1: no character is reserved in it)."""
    if _NEEDS_ESCAPE.search(selector) is None:
        return selector.decode("ascii")
    return "".join([_ESCAPE_TABLE[b] for b in selector])


def url_host(host: str | None) -> str | None:
    """*host* as written in a URL's authority, or None when it cannot be one."""
    if not host:
        return None
    if _PLAIN_HOST.match(host):
        return host
    if ":" in host:
        return f"[{host}]" if _IPV6.match(host) else None
    if _HOST_CHARS.match(host):
        return host
    if not host.isascii():
        import idna  # (as in _connect_host)

        try:
            return idna.encode(host, uts46=True).decode("ascii")
        except idna.IDNAError:
            return None
    return None


def _authority(scheme: str, host: str, port: int | None, user: str = "") -> str:
    if not port or port == _DEFAULTS[scheme]:
        return f"{user}{host}"
    return f"{user}{host}:{port}"


def item_url(
    itemtype: str,
    selector: bytes,
    host: str | None,
    port: int | None,
    *,
    gopher_plus: str | None = None,
    tls: bool = False,
) -> str | None:
    """The URL a menu item leads to, or None when it leads nowhere.

    * gopher items: ``gopher://host[:port]/`` + type + the escaped selector (RFC 1738 §3.4.1),
      ``:70`` left out; with *gopher_plus*, ``%09%09`` and that Gopher+ string (RFC 1738 §3.4.3);
      with *tls*, ``gophers://`` (which of a TLS menu's items get it: :mod:`.menu`);
    * ``h`` items whose selector is ``URL:`` + a URL (or ``/URL:``...): that URL;
    * ``8`` and ``T``: ``telnet://`` and ``tn3270://`` URLs, the selector as the login
      name when there is one (RFC 1738 §3.8);
    * ``i`` and ``3`` lines, and items with no usable host: None.
    """
    if itemtype in _NO_LINK:
        return None
    if itemtype == "h" and selector.startswith((b"URL:", b"/URL:")):
        target = selector.split(b"URL:", 1)[1].decode("utf-8", "replace").strip()
        return target if _URL_SELECTOR.match(target) else None
    authority_host = url_host(host)
    if authority_host is None:
        return None
    if itemtype in SESSION_TYPES:
        scheme = SESSION_TYPES[itemtype]
        user = "".join([_USER_TABLE[b] for b in selector]) + "@" if selector else ""
        return f"{scheme}://{_authority(scheme, authority_host, port, user)}/"
    if len(itemtype) != 1 or not itemtype.isascii() or not itemtype.isprintable():
        typechar = "".join(f"%{b:02X}" for b in itemtype.encode("utf-8"))
    elif _NEEDS_ESCAPE.match(itemtype.encode("ascii")):
        typechar = f"%{ord(itemtype):02X}"
    else:
        typechar = itemtype
    scheme = "gophers" if tls else "gopher"
    url = f"{scheme}://{_authority(scheme, authority_host, port)}/{typechar}"
    url += escape_selector(selector)
    if gopher_plus is not None:
        url += "%09%09" + escape_selector(gopher_plus.encode("utf-8"))
    return url


def with_search(url: URL, search: str) -> str:
    """*url* (a gopher URL, normally of a type-7 item) with ``%09`` and *search*
    (RFC 1738 §3.4.2), replacing any search it had; the search is written as UTF-8."""
    request = request_from_url(url)
    typed = search.encode("utf-8")
    _refuse_unsafe(typed, "search string")
    base = item_url(
        request.gophertype, request.selector, request.host, request.port, tls=request.tls
    )
    if base is None:
        raise LocalProtocolError(f"{quoted(request.url.uri)} cannot carry a search")
    return base + "%09" + escape_selector(typed)
