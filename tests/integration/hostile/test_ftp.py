"""Hostile FTP servers: a greeting or reply that never ends, a 10 MB reply line,
dripping, a close in mid-reply, garbage, silence, a PASV reply naming another host or a
port out of range, a million-line listing, numbers that are no ASCII digits."""

from __future__ import annotations

import random
import socket
from dataclasses import replace

import pytest

from tests.integration.hostile.servers import (
    FTP_LIMITS,
    UNIX_LINE,
    MiB,
    Talk,
    Talker,
    ftp_server,
    ftp_url,
    measured,
    repeats,
    sends,
)
from urlinspector.cli import main
from urlinspector.core import parse
from urlinspector.net.errors import NetTimeout, TooLarge
from urlinspector.net.ftp import FTPError
from urlinspector.net.ftp import fetch as ftp_fetch
from urlinspector.net.limits import Limits
from urlinspector.net.session import Session
from urlinspector.schemes.errors import RemoteProtocolError
from urlinspector.schemes.ftp.transcript import Transcript

pytestmark = pytest.mark.integration


def test_an_ftp_greeting_that_never_ends(talker: Talk) -> None:
    server = talker(repeats(b"220-welcome, and more to come\r\n" * 100))
    outcome, peak = measured(
        lambda: ftp_fetch(parse(ftp_url(server)), session=Session(limits=FTP_LIMITS))
    )
    assert isinstance(outcome, FTPError)
    assert "did not end its greeting" in str(outcome)
    assert "RFC 959 §4.2" in str(outcome)
    assert peak < 2 * MiB


def test_an_ftp_reply_that_never_ends(talker: Talk) -> None:
    endless = b"211-feature\r\n" + b" FEATURE\r\n" * 20000
    server = talker(ftp_server(replies={b"FEAT": endless}))
    outcome, peak = measured(
        lambda: ftp_fetch(parse(ftp_url(server)), session=Session(limits=FTP_LIMITS))
    )
    assert isinstance(outcome, FTPError)
    assert "did not end its reply to FEAT" in str(outcome)
    assert peak < 2 * MiB


def test_a_ten_mb_ftp_reply_line(talker: Talk) -> None:
    server = talker(repeats(b"220 " + b"x" * 65536, seconds=5))
    outcome, peak = measured(
        lambda: ftp_fetch(parse(ftp_url(server)), session=Session(limits=FTP_LIMITS))
    )
    assert isinstance(outcome, FTPError)
    assert "longer than 8192 bytes" in str(outcome)
    assert peak < 1 * MiB


def test_an_ftp_greeting_dripping_ends_at_the_deadline(
    talker: Talk, capsys: pytest.CaptureFixture[str]
) -> None:
    server = talker(repeats(b"2", seconds=20, pause=0.1))
    limits = Limits(connect_timeout=2, read_timeout=2, total_timeout=1.5)
    outcome, _ = measured(lambda: ftp_fetch(parse(ftp_url(server)), session=Session(limits=limits)))
    assert isinstance(outcome, NetTimeout)
    assert "took longer than the 1.5 s allowed" in str(outcome)
    assert main(["fetch", "--allow-local", ftp_url(server), "--timeout", "1"]) == 1
    assert "took longer than the 1 s allowed" in capsys.readouterr().err


def test_an_ftp_listing_dripping_ends_at_the_deadline(talker: Talk) -> None:
    def drip(conn: socket.socket, server: Talker) -> None:
        server.drip(conn, [b"x"] * 200, 0.1)

    server = talker(ftp_server(data=drip))
    limits = Limits(connect_timeout=2, read_timeout=2, total_timeout=1.5)
    outcome, _ = measured(lambda: ftp_fetch(parse(ftp_url(server)), session=Session(limits=limits)))
    assert isinstance(outcome, NetTimeout)
    assert "took longer than the 1.5 s allowed" in str(outcome)


def test_an_ftp_close_in_the_middle_of_a_reply(talker: Talk) -> None:
    server = talker(sends(b"220-first line of many\r\n220-and then"))
    outcome, _ = measured(
        lambda: ftp_fetch(parse(ftp_url(server)), session=Session(limits=FTP_LIMITS))
    )
    assert isinstance(outcome, FTPError)
    assert "closed the connection" in str(outcome)


def test_binary_garbage_as_an_ftp_greeting(
    talker: Talk, capsys: pytest.CaptureFixture[str]
) -> None:
    garbage = random.Random(959).randbytes(4000).replace(b"\n", b"\r\n")
    server = talker(sends(garbage, then_wait=5))
    outcome, peak = measured(
        lambda: ftp_fetch(parse(ftp_url(server)), session=Session(limits=FTP_LIMITS))
    )
    assert isinstance(outcome, FTPError)
    assert peak < 1 * MiB
    assert main(["fetch", "--allow-local", ftp_url(server), "--timeout", "2"]) == 1
    assert "urlinspector: error:" in capsys.readouterr().err


def test_a_silent_ftp_server(talker: Talk) -> None:
    server = talker(sends(then_wait=5))
    limits = Limits(connect_timeout=2, read_timeout=0.5, total_timeout=10)
    outcome, _ = measured(lambda: ftp_fetch(parse(ftp_url(server)), session=Session(limits=limits)))
    assert isinstance(outcome, NetTimeout)
    assert "(no greeting) within 0.5 s" in str(outcome)


def test_a_pasv_reply_naming_another_host(talker: Talk) -> None:
    """The data connection goes to the control connection's peer, never to the address
    a PASV reply names (here 127.0.0.2, where nothing listens: the data listener is on
    127.0.0.1 only, so the listing arrives only if the client connected there)."""
    server = talker(ftp_server(data=lambda c, _: c.sendall(UNIX_LINE), pasv_host=b"127.0.0.2"))
    transcript = Transcript()
    listing = ftp_fetch(
        parse(ftp_url(server)), session=Session(limits=FTP_LIMITS, transcript=transcript.add)
    ).listing
    assert listing is not None
    assert [e.name for e in listing.entries] == ["a.txt"]
    notes = [line.text for line in transcript.lines if line.kind == "note"]
    assert any("the PASV reply names 127.0.0.2; connecting to 127.0.0.1" in n for n in notes)


def test_a_million_line_ftp_listing_stops_at_the_cap(talker: Talk) -> None:
    """2 MB on the wire, under the 4 MiB cap, and a million entries in memory: the cap
    counts what the lines become."""

    def million(conn: socket.socket, server: Talker) -> None:
        block = b"x\n" * 10000
        for _ in range(100):
            conn.sendall(block)

    server = talker(ftp_server(data=million))
    limits = replace(FTP_LIMITS, max_memory=4 * MiB)
    outcome, peak = measured(
        lambda: ftp_fetch(parse(ftp_url(server)), session=Session(limits=limits))
    )
    assert isinstance(outcome, TooLarge)
    assert "entries would take more than the 4 MiB kept in memory" in str(outcome)
    assert peak < 16 * MiB


def test_a_size_reply_in_other_digits(talker: Talk) -> None:
    server = talker(
        ftp_server(
            data=lambda c, _: c.sendall(b"hello\r\n"), replies={b"SIZE": "213 ²\r\n".encode()}
        )
    )
    result = ftp_fetch(parse(ftp_url(server, "f.txt")), session=Session(limits=FTP_LIMITS))
    assert result.data == b"hello\r\n"
    assert result.total is None


def test_an_iac_octet_is_doubled_on_the_wire(talker: Talk) -> None:
    """RFC 959 §4.1 (Telnet on the control connection), RFC 854: data octet 255 is
    sent as IAC IAC."""
    server = talker(ftp_server(data=lambda c, _: c.sendall(b"x\r\n")))
    ftp_fetch(parse(ftp_url(server, "a%FFb/")), session=Session(limits=FTP_LIMITS))
    assert b"CWD a\xff\xffb" in server.received


# --- out-of-range ports in a passive reply ---------------------------------------------------


@pytest.mark.parametrize(
    "replies",
    [
        # 70000 would be wrapped round to 4464 by the socket layer
        {b"EPSV": b"229 Entering Extended Passive Mode (|||70000|)\r\n"},
        {b"PASV": b"227 Entering Passive Mode (127,0,0,1,273,112)\r\n"},  # 273*256+112
        {b"PASV": b"227 Entering Passive Mode (127,0,0,1,0,0)\r\n"},
    ],
)
def test_a_passive_reply_with_a_port_out_of_range_is_a_protocol_error(
    talker: Talk, replies: dict[bytes, bytes]
) -> None:
    server = talker(ftp_server(data=lambda c, _: c.sendall(UNIX_LINE), replies=replies))
    with pytest.raises(FTPError, match="which is not a TCP port") as caught:
        ftp_fetch(parse(ftp_url(server)), session=Session(limits=FTP_LIMITS))
    assert isinstance(caught.value, RemoteProtocolError)
