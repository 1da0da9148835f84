"""One gopher menu line, and the item types a menu names (RFC 1436 §3.8, Gopher+ §2.9).

Sans-IO: a line's octets in, a :class:`MenuItem` out.  What servers send is tolerated
(missing fields, unknown types, ``i`` lines with dummy fields) and each departure is
named in the item's ``problems``.  A document that is one error line of a menu instead
(a missing selector's type ``3`` item) is told apart by :func:`error_in_body`.

A menu that came over TLS (``gophers://``) names its own server in the host and port
fields of the items it serves: those items lead to ``gophers://`` URLs, so following
them stays encrypted.  An item naming another host, or another port of the same host,
keeps ``gopher://``: nothing in a menu line says that server speaks TLS, and a handshake
with a plain gopher server fails (edbrowse's rule, "stick with either gopher or gophers
where we don't change host"; gophernicus behind a TLS terminator names the terminator's
port, ``-T``, in the menus it serves through it).
"""

from __future__ import annotations

import re

from urlinspector.core.quoting import quoted
from urlinspector.schemes.gopher.events import MenuItem
from urlinspector.schemes.gopher.itemtypes import ITEM_TYPES
from urlinspector.schemes.gopher.url import DEFAULT_PORT, item_url

__all__ = ["error_in_body", "parse_menu_line", "same_server"]

_PORT = re.compile(rb"\s*([0-9]{1,5})\s*\Z")


def same_server(host: str | None, port: int | None, server: tuple[str, int]) -> bool:
    """Whether an item's *host* and *port* (None: 70) name *server* (host, port): host
    names compared without case and a final dot (RFC 4343; RFC 1034 §3.1)."""
    if not host:
        return False
    name, number = server
    same_host = host.lower().rstrip(".") == name.lower().rstrip(".")
    return same_host and (port or DEFAULT_PORT) == number


def _names_a_url(itemtype: str, selector: bytes) -> bool:
    """An ``h`` item whose selector is a URL: its host and port fields are not used."""
    return itemtype == "h" and selector.startswith((b"URL:", b"/URL:"))


def parse_menu_line(
    raw: bytes,
    line: int = 0,
    charset: str = "utf-8",
    *,
    with_url: bool = True,
    tls_server: tuple[str, int] | None = None,
) -> MenuItem:
    """One menu line (without its line end) as a :class:`MenuItem` (RFC 1436 §3.8);
    *tls_server*: the host and port a menu came from over TLS, whose own items lead to
    ``gophers://`` URLs (see the module description)."""
    if not raw:
        return MenuItem("", "", b"", None, None, None, None, raw, line, ("an empty line",))
    first = raw[0]
    itemtype = chr(first) if first < 0x80 else raw[:1].decode("latin-1")
    fields = raw[1:].split(b"\t")
    display = fields[0].decode(charset, "replace")
    count = len(fields)
    selector = fields[1] if count > 1 else b""
    host_field = fields[2].strip() if count > 2 else b""
    host = host_field.decode("utf-8", "replace") if host_field else None
    port: int | None = None
    problems: list[str] | None = None
    bad_port = False
    if count > 3:
        m = _PORT.match(fields[3])
        if m is not None and int(m.group(1)) <= 65535:
            port = int(m.group(1))
        if (port is None or port == 0) and itemtype != "i" and not _names_a_url(itemtype, selector):
            # a TCP port is 1 to 65535 (RFC 793 §3.1); the item is not followable, where
            # read as "no port" it would go to port 70 instead
            bad_port = True
            field = quoted(fields[3][:20].decode("latin-1"))
            problems = [f"the port field {field} is not a port number"]
    plus = fields[4].strip().decode("utf-8", "replace") or None if count > 4 else None
    if itemtype != "i" and (count < 4 or first >= 0x80 or itemtype not in ITEM_TYPES):
        problems = problems or []
        if count == 1:
            problems.append("no tab-separated fields: this line is not an item")
        elif count < 4:
            missing = ("selector", "host", "port")[count - 1 :]
            problems.append("no " + " and no ".join(missing) + " field")
        if itemtype not in ITEM_TYPES:
            problems.append(f"unknown item type {quoted(itemtype)}")
    url = None
    if with_url and not bad_port:
        tls = tls_server is not None and same_server(host, port, tls_server)
        url = item_url(itemtype, selector, host, port, tls=tls)
    return MenuItem(
        itemtype,
        display,
        selector,
        host,
        port,
        plus,
        url,
        raw,
        line,
        () if problems is None else tuple(problems),
    )


def error_in_body(data: bytes, charset: str = "utf-8") -> str | None:
    """The message when a reply read as text or binary is in fact a one-line error menu
    (a type ``3`` item, RFC 1436 §3.8), as servers send for a missing selector; else None."""
    if len(data) > 4096 or not data.startswith(b"3"):
        return None
    first, _, rest = data.partition(b"\n")
    if first.count(b"\t") < 2 or rest.strip(b"\r\n.") != b"":
        return None
    return first[1:].split(b"\t", 1)[0].decode(charset, "replace").strip() or "error"
