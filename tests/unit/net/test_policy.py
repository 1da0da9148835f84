"""The request policy's tables: which addresses are local, what a URL alone says before
connecting, and what the command line's permit refuses."""

from __future__ import annotations

import pytest

from urlinspector.core import parse
from urlinspector.net.policy import (
    Guard,
    Reach,
    Refused,
    address_kind,
    before_connecting,
    host_kind,
    permit_for,
)


@pytest.mark.parametrize(
    ("address", "kind"),
    [
        ("127.0.0.1", "loopback"),
        ("127.255.0.9", "loopback"),
        ("::1", "loopback"),
        ("::ffff:127.0.0.1", "loopback"),  # IPv4-mapped: judged as what it carries
        ("0.0.0.0", "unspecified"),
        ("::", "unspecified"),
        ("169.254.169.254", "link-local"),  # cloud metadata services
        ("fe80::1%eth0", "link-local"),
        ("10.0.0.1", "private"),
        ("172.16.5.4", "private"),
        ("192.168.1.1", "private"),
        ("fd12:3456::1", "private"),
        ("::ffff:192.168.0.1", "private"),
        ("93.184.215.14", None),
        ("2606:2800:21f:cb07:6820:80da:af6b:8b2c", None),
        ("example.org", None),
    ],
)
def test_address_kinds(address: str, kind: str | None) -> None:
    assert address_kind(address) == kind


@pytest.mark.parametrize(
    ("host", "kind"),
    [
        ("localhost", "loopback"),
        ("LOCALHOST.", "loopback"),
        ("redis.localhost", "loopback"),  # RFC 6761 §6.3
        ("127.1", "loopback"),
        ("0x7f.1", "loopback"),
        ("0177.0.0.1", "loopback"),
        ("2130706433", "loopback"),
        ("[::1]", "loopback"),
        ("[::ffff:127.0.0.1]", "loopback"),
        ("10.1", "private"),
        ("example.org", None),
        ("1.example", None),
        ("", None),
        (None, None),
    ],
)
def test_host_kinds_as_written(host: str | None, kind: str | None) -> None:
    assert host_kind(host) == kind


REMOTE = parse("gopher://gopher.example.org/1/")


@pytest.mark.parametrize(
    ("url", "reach", "page", "count"),
    [
        ("gopher://127.0.0.1:6379/0FLUSHALL", Reach.LINK, REMOTE, 2),  # address and port
        ("gopher://127.0.0.1/0x", Reach.LINK, REMOTE, 1),
        ("gopher://example.net:6379/0x", Reach.LINK, REMOTE, 1),
        ("gopher://example.net/0x", Reach.LINK, REMOTE, 0),
        ("gopher://gopher.example.org/0x", Reach.LINK, REMOTE, 0),
        ("gopher://127.0.0.1:6379/0FLUSHALL", Reach.TYPED, None, 0),
        ("gopher://127.0.0.1:25/0x", Reach.TYPED, None, 1),  # RFC 1738 §6, typed or not
        ("gopher://127.0.0.1:6379/0FLUSHALL", Reach.LINK, None, 0),  # no page shown
    ],
)
def test_what_the_url_alone_asks(url: str, reach: Reach, page: object, count: int) -> None:
    assert len(before_connecting(parse(url), reach=reach, page=page)) == count  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("url", "addresses", "allow_local", "refused"),
    [
        # the command line: a local address on another port than the scheme's own
        ("gopher://127.0.0.1:6379/0FLUSHALL", ["127.0.0.1"], False, True),
        ("gopher://127.0.0.1:6379/0FLUSHALL", ["127.0.0.1"], True, False),
        ("gopher://redis.internal:6379/0FLUSHALL", ["10.0.0.7"], False, True),
        ("gopher://both.example:6379/0x", ["93.184.215.14", "::1"], False, True),
        ("ftp://192.168.1.1:2121/pub/", ["192.168.1.1"], False, True),
        # the scheme's own port, or a public address: the person's own act
        ("gopher://localhost/1/", ["127.0.0.1", "::1"], False, False),
        ("nntp://127.0.0.1/alt.test/1", ["127.0.0.1"], False, False),
        ("gopher://example.org:6379/0x", ["93.184.215.14"], False, False),
    ],
)
def test_the_command_lines_permit(
    url: str, addresses: list[str], allow_local: bool, refused: bool
) -> None:
    parsed = parse(url)
    permit = permit_for(parsed, reach=Reach.TYPED, allow_local=allow_local, command_line=True)
    guard = Guard(permit, "to connect anyway, repeat the command with --allow-local")
    if refused:
        with pytest.raises(Refused, match="--allow-local"):
            guard(parsed.host or "", addresses)
    else:
        guard(parsed.host or "", addresses)


def test_a_news_url_names_no_server_and_goes_to_the_persons_own() -> None:
    permit = permit_for(parse("news:alt.test"), reach=Reach.LINK, page=REMOTE, port=119)
    Guard(permit)("localhost", ["127.0.0.1"])


# --- an ftp data connection: the server's own address, on the port its reply names ---------

HINT = "to connect anyway, repeat the command with --allow-local"


@pytest.mark.parametrize(
    ("url", "server", "port", "allow_local", "refused"),
    [
        # a server on this machine names another of its ports: another local service
        ("ftp://localhost/pub/", ("127.0.0.1", 21), 6379, False, True),
        ("ftp://localhost/pub/", ("::1", 21), 6379, False, True),
        ("ftp://127.0.0.1/", ("127.0.0.1", 21), 50000, False, True),
        ("ftp://127.0.0.1/", ("127.0.0.1", 21), 50000, True, False),  # --allow-local
        ("ftp://127.0.0.1:2121/", ("127.0.0.1", 2121), 2121, False, False),  # its own port
        # the server's own address elsewhere: its data port is its own business
        ("ftp://ftp.example.org/", ("93.184.215.14", 21), 6379, False, False),
        ("ftp://192.168.1.1/", ("192.168.1.1", 21), 50000, False, False),
    ],
)
def test_a_data_connection_to_another_local_port(
    url: str, server: tuple[str, int], port: int, allow_local: bool, refused: bool
) -> None:
    permit = permit_for(parse(url), reach=Reach.TYPED, allow_local=allow_local, command_line=True)
    guard = Guard(permit, HINT)
    if refused:
        with pytest.raises(Refused, match=f":{port}, another port of a loopback address") as info:
            guard.data(server, port)
        assert str(info.value).endswith(f"; {HINT}")
        assert info.value.question is None  # the command line says how, and asks nothing
    else:
        guard.data(server, port)


def test_the_viewer_asks_about_a_data_connection_to_another_local_port() -> None:
    """What a person typed in the viewer is theirs, but not the port the server names
    next: the refusal carries the question; their yes (a permit consented to) lets it
    through, as does a link followed from a local page."""
    url = parse("ftp://127.0.0.1:2121/")
    typed = Guard(permit_for(url, reach=Reach.TYPED), "type the address")
    with pytest.raises(Refused) as info:
        typed.data(("127.0.0.1", 2121), 6379)
    assert info.value.question is not None
    assert "127.0.0.1:6379" in info.value.question
    assert "type the address" not in str(info.value)
    Guard(permit_for(url, reach=Reach.TYPED, consented=True)).data(("127.0.0.1", 2121), 6379)
    local_page = parse("ftp://127.0.0.1:2121/pub/")
    link = permit_for(url, reach=Reach.LINK, page=local_page)
    Guard(link).data(("127.0.0.1", 2121), 6379)
