"""The request policy: where a request may go without a person's word, in one place.

A URL names a server; the policy says whether the client may connect there now, must ask
first (the viewer), or refuses unless told (the command line's ``--allow-local`` and
``--allow-port``).  Two concerns, one table each:

- *another service's port* (:func:`urlinspector.schemes.ports.port_warning`, RFC 1738
  §6): a gopher selector sent to port 25 sends mail.  Asked for every URL, typed or not.
- *a local address*: loopback, private (RFC 1918, RFC 4193) and link-local addresses
  (:data:`ADDRESS_KINDS`), reached from a page that is not itself local, or on a port
  that is not the scheme's own.  Browsers' Private Network Access asks the same before a
  public page reaches a private one: a gopher menu item ``127.0.0.1:6379`` sends its
  selector to Redis as commands (the textbook SSRF).

What a person typed (the address bar, a bookmark, the command line) is their own act;
a link on a page is the page author's (:class:`Reach`).  The command line cannot tell a
person from a program that passes on a URL it was given, so there a local address on a
port that is not the scheme's own needs ``--allow-local`` too (docs/cli.md).

An ftp data connection is judged too (:meth:`Guard.data`): it goes to the control
connection's own server (the address of a PASV reply is never trusted), but on the port
the server's EPSV or PASV reply names; on a loopback address that is another of this
machine's services than the one the URL named, reached only when local addresses are
allowed for the request (``--allow-local``, a local page, the person's word: the viewer
asks).

The policy judges the addresses a host name resolves to, not the name (``localhost``,
``127.1``, ``0x7f.1``, ``[::1]``, ``::ffff:127.0.0.1`` and any name that resolves to
127.0.0.1 alike): :class:`Guard` is called by the connecting code with the addresses it
resolved, once, and the connection goes to those addresses only, so a name that
resolves elsewhere between the check and the connection (DNS rebinding) cannot slip by.
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import socket
from enum import Enum
from types import MappingProxyType
from typing import Final, NamedTuple

from urlinspector.core import URL
from urlinspector.core.registry import DEFAULT_PORTS
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.ports import port_warning

__all__ = [
    "ADDRESS_KINDS",
    "Guard",
    "Permit",
    "Reach",
    "Refused",
    "address_kind",
    "before_connecting",
    "data_refusal",
    "host_kind",
    "page_is_local",
    "permit_for",
]

Address = ipaddress.IPv4Address | ipaddress.IPv6Address


class Reach(Enum):
    """How a URL was reached: typed by a person, or followed from a page."""

    TYPED = "typed"
    LINK = "link"


ADDRESS_KINDS: Final = MappingProxyType(
    {
        "loopback": "this machine's own services (RFC 1122 §3.2.1.3, RFC 4291 §2.5.3)",
        "unspecified": "this machine (0.0.0.0 and :: connect to it; RFC 1122 §3.2.1.3)",
        "link-local": "a device on the local link (RFC 3927, RFC 4291 §2.5.6)",
        "private": "a private network (RFC 1918, RFC 4193)",
    }
)
"""The kinds of local address, with what lies behind them (Private Network Access's
"local" and "private" address spaces, by Python's :mod:`ipaddress` tables, which cite
the IANA special-purpose address registries)."""


def address_kind(address: str) -> str | None:
    """The kind of local address *address* is (a key of :data:`ADDRESS_KINDS`), or
    None for a public one or text that is not an address.  An IPv4-mapped IPv6 address
    (``::ffff:127.0.0.1``) is judged as the IPv4 address it carries."""
    try:
        ip: Address = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip.is_loopback:
        return "loopback"
    if ip.is_unspecified:
        return "unspecified"
    if ip.is_link_local:
        return "link-local"
    if ip.is_private:
        return "private"
    return None


def host_kind(host: str | None) -> str | None:
    """The kind of local address a URL's *host* names as written, without looking it up:
    an address literal (brackets or not), or ``localhost`` and names under it, which are
    loopback whatever a resolver says (RFC 6761 §6.3).  None otherwise (a name is judged
    when it is resolved, by :class:`Guard`)."""
    if not host:
        return None
    name = host.strip("[]").rstrip(".").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return "loopback"
    if _INET_ATON_FORM.match(name):
        # 127.1, 0x7f.1, 2130706433: the forms the resolver reads as IPv4 (inet_aton,
        # the WHATWG URL Standard's IPv4 parser alike)
        with contextlib.suppress(OSError):
            return address_kind(socket.inet_ntoa(socket.inet_aton(name)))
    return address_kind(name)


_INET_ATON_FORM = re.compile(r"(?:0x[0-9a-f]*|[0-9]+)(?:\.(?:0x[0-9a-f]*|[0-9]+)){0,3}\Z")


class Refused(LocalProtocolError):
    """The policy keeps this request from being sent (nothing was sent: our side, as
    for a URL that cannot be sent safely); the message says why and how to go on
    (``--allow-local``, or the address typed by the person).  *question* is what to
    ask the person when their word lets the request go on (the viewer asks it, and
    fetches again with their consent); None when it does not."""

    def __init__(self, message: str, *, question: str | None = None) -> None:
        super().__init__(message)
        self.question = question


class Permit(NamedTuple):
    """What one request may reach: *reach* how it was reached; *local* whether local
    addresses are allowed for it (the page is local itself, the person said so, or
    ``--allow-local``); *scheme* and *port* the URL's, to judge the port by;
    *consented* whether the person was asked about this request and said go on."""

    scheme: str
    port: int
    reach: Reach = Reach.TYPED
    local: bool = False
    command_line: bool = False
    consented: bool = False


def _own_port(scheme: str, port: int) -> bool:
    return DEFAULT_PORTS.get(scheme) == port


def refusal(permit: Permit, address: str, host: str = "") -> str | None:
    """Why *permit* does not reach *address* (one address *host* resolved to), or None."""
    kind = address_kind(address)
    if kind is None or permit.local:
        return None
    if permit.reach is Reach.TYPED and not permit.command_line:
        return None
    if permit.reach is Reach.TYPED and _own_port(permit.scheme, permit.port):
        return None
    why = ADDRESS_KINDS[kind]
    where = "a link on a page" if permit.reach is Reach.LINK else "this URL"
    port = "" if _own_port(permit.scheme, permit.port) else f", on port {permit.port}"
    named = f" (as {host} resolves)" if host and host != address else ""
    return f"{where} leads to {address}{named}{port}, a {kind} address: {why}"


def data_refusal(permit: Permit, server: tuple[str, int], port: int) -> str | None:
    """Why *permit* does not reach the data connection that the ftp server at *server*
    (the control connection's peer: address and port) asks for on *port* (its EPSV or
    PASV reply; the address is always the server's own), or None.  On a loopback
    address another port is another of this machine's services, which the URL did not
    name: it is reached only when local addresses are allowed for the request, or
    when the person was asked and said go on."""
    address, control_port = server
    if port == control_port or address_kind(address) != "loopback":
        return None
    if permit.local or permit.consented:
        return None
    return (
        f"the ftp server at {_hostport(address, control_port)} asks for its data "
        f"connection on {_hostport(address, port)}, another port of a loopback address "
        f"than the URL names: {ADDRESS_KINDS['loopback']}, where whatever listens there "
        "may be another service"
    )


def _hostport(address: str, port: int) -> str:
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"


class Guard:
    """Called by the connecting code with the addresses a host resolved to, before any
    of them is connected to: raises :class:`Refused` when the permit does not reach one
    of them (all are judged, so that a name resolving to both a public and a loopback
    address is refused, not tried in turn)."""

    __slots__ = ("hint", "permit")

    def __init__(self, permit: Permit, hint: str = "") -> None:
        self.permit = permit
        self.hint = hint

    def __call__(self, host: str, addresses: list[str]) -> None:
        for address in addresses:
            reason = refusal(self.permit, address, host)
            if reason is not None:
                hint = f"; {self.hint}" if self.hint else ""
                raise Refused(f"not connected: {reason}{hint}")

    def data(self, server: tuple[str, int], port: int) -> None:
        """Before an ftp data connection to the control connection's peer *server* on
        *port*: raises :class:`Refused` when :func:`data_refusal` gives a reason, with
        the hint on the command line, the question to ask elsewhere (the viewer)."""
        reason = data_refusal(self.permit, server, port)
        if reason is None:
            return
        if self.permit.command_line:
            hint = f"; {self.hint}" if self.hint else ""
            raise Refused(f"not connected: {reason}{hint}")
        raise Refused(f"not connected: {reason}", question=reason)


def before_connecting(url: URL, *, reach: Reach, page: URL | None = None) -> list[str]:
    """What to ask (the viewer) or refuse (the command line) before *url* is fetched,
    as far as the URL alone tells: another service's port (always), and for a link on
    the page *page* (None: no page shown) another port than the scheme's own on another
    server than the page's, or a local address written in the URL when the page is not
    local.  Names that resolve to
    a local address are left to :class:`Guard`."""
    reasons: list[str] = []
    warning = port_warning(url)
    if warning is not None:
        reasons.append(warning)
    if reach is not Reach.LINK or page is None:
        return reasons  # typed, or no page shown that could have linked to it
    scheme = (url.scheme or "").lower()
    port = url.port_number
    same_server = _server(page) == _server(url)
    if warning is None and port is not None and not _own_port(scheme, port) and not same_server:
        reasons.append(
            f"a link on a page leads to port {port}, not {scheme}'s own "
            f"({DEFAULT_PORTS.get(scheme, 'none')}): whatever listens there reads the "
            "request as its own commands"
        )
    kind = host_kind(url.host)
    if kind is not None and not page_is_local(page):
        why = ADDRESS_KINDS[kind]
        reasons.append(f"a link on a page leads to {url.host}, a {kind} address: {why}")
    return reasons


def permit_for(
    url: URL,
    *,
    reach: Reach,
    page: URL | None = None,
    consented: bool = False,
    allow_local: bool = False,
    command_line: bool = False,
    port: int | None = None,
) -> Permit:
    """The permit of a request for *url*, reached by *reach* (from *page* for a link),
    connecting on *port* (default: the URL's, else its scheme's own).  Local addresses
    are allowed when *allow_local* (``--allow-local``), when the page is local itself,
    when the person *consented* to a local address written in the URL (the question of
    :func:`before_connecting`), and when the URL names no server (``news:``: the
    person's own news server)."""
    scheme = (url.scheme or "").lower()
    if port is None:
        port = url.port_number if url.port_number is not None else DEFAULT_PORTS.get(scheme, 0)
    local = (
        allow_local
        or not url.host
        or (reach is Reach.LINK and (page is None or page_is_local(page)))
        or (consented and host_kind(url.host) is not None)
    )
    return Permit(scheme, port, reach, local=local, command_line=command_line, consented=consented)


def page_is_local(page: URL | None) -> bool:
    """Whether *page* came from a local address as its URL is written (a page from a
    local server may link to its neighbours, as Private Network Access allows)."""
    return page is not None and host_kind(page.host) is not None


def _server(url: URL) -> tuple[str, str, int | None]:
    scheme = (url.scheme or "").lower()
    port = url.port_number if url.port_number is not None else DEFAULT_PORTS.get(scheme)
    return scheme, (url.host or "").lower(), port
