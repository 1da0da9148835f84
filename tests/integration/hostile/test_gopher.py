"""Hostile gopher servers: an endless stream, a 10 MB line without a newline, one byte
a second, a close in mid-reply, binary garbage, silence, numbers that are no ASCII
digits.  Each ends in a timeout or a clear error, with memory bounded (tracemalloc)."""

from __future__ import annotations

import random
import socket
import threading
import time
from dataclasses import replace
from pathlib import Path

import pytest

from tests.integration.hostile.servers import (
    CAP,
    CHUNK,
    LIMITS,
    MENU_CHUNK,
    Counted,
    MiB,
    Start,
    Talk,
    endless,
    measured,
    repeated,
)
from tests.support.servers import trickles
from urlinspector.cli import build_parser, fetch_gopher, main
from urlinspector.cli.common import Console
from urlinspector.core import parse
from urlinspector.net.errors import Cancelled, NetTimeout, TooLarge
from urlinspector.net.gopher import GopherReply, fetch
from urlinspector.net.limits import CancelToken, Limits
from urlinspector.net.session import Session
from urlinspector.net.sink import Feed, File, Raw
from urlinspector.schemes.errors import RemoteProtocolError

pytestmark = pytest.mark.integration


# --- an endless stream -----------------------------------------------------------------------


def test_an_endless_menu_stops_at_the_memory_cap(hostile: Start) -> None:
    server = hostile(endless(MENU_CHUNK))
    outcome, peak = measured(lambda: fetch(parse(server.gopher()), session=Session(limits=LIMITS)))
    assert isinstance(outcome, TooLarge)
    assert "larger than the 1 MiB kept in memory" in str(outcome)
    assert peak < 4 * CAP


def test_an_endless_text_stops_at_the_memory_cap(hostile: Start) -> None:
    server = hostile(endless(b"line of text\r\n" * 4096))
    outcome, peak = measured(
        lambda: fetch(parse(server.gopher("0/x")), session=Session(limits=LIMITS))
    )
    assert isinstance(outcome, TooLarge)
    assert peak < 4 * CAP


def test_an_endless_menu_fetched_raw_stops_at_the_memory_cap(hostile: Start) -> None:
    """The raw bytes go elsewhere, but the menu's items are still kept: they count."""
    server = hostile(endless(MENU_CHUNK, seconds=6))
    received: list[int] = []
    outcome, peak = measured(
        lambda: fetch(
            parse(server.gopher()), session=Session(limits=LIMITS), sink=Raw(Counted(received))
        )
    )
    assert isinstance(outcome, TooLarge), outcome
    assert "larger than the 1 MiB kept in memory" in str(outcome)
    assert sum(received) < 2 * CAP
    assert peak < 4 * CAP


def test_the_cli_stops_an_endless_raw_menu_at_the_memory_cap(
    hostile: Start, monkeypatch: pytest.MonkeyPatch, capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    """``fetch --raw`` of an endless menu wrote on and on (586 MB in 80 s) until the
    deadline: it ends at the cap, with a clear error, like the menu without --raw."""
    server = hostile(endless(MENU_CHUNK, seconds=6))
    monkeypatch.setattr(
        fetch_gopher, "fetch_limits", lambda timeout, guard=None: replace(LIMITS, guard=guard)
    )
    status = main(["fetch", "--allow-local", "--raw", server.gopher(), "--timeout", "20"])
    out, err = capsysbinary.readouterr()
    assert status == 1
    assert b"larger than the 1 MiB kept in memory" in err
    assert len(out) < 2 * CAP  # (the server sends for 6 s: the whole of it was written)


def test_an_endless_download_to_a_file_ends_at_the_deadline(hostile: Start, tmp_path: Path) -> None:
    server = hostile(endless(CHUNK))
    limits = Limits(connect_timeout=2, read_timeout=2, max_memory=CAP, total_timeout=1.5)
    target = tmp_path / "endless.bin"

    def run() -> object:
        with target.open("wb") as sink:
            return fetch(
                parse(server.gopher("9/x")), session=Session(limits=limits), sink=File(sink)
            )

    outcome, peak = measured(run)
    assert isinstance(outcome, NetTimeout)
    assert "took longer than the 1.5 s allowed" in str(outcome)
    assert target.stat().st_size > CAP  # it streamed past the cap to the file
    assert peak < 4 * CAP


# --- a 10 MB line without a newline ------------------------------------------------------------


def ten_mb_line(conn: socket.socket) -> None:
    conn.sendall(b"0")
    for _ in range(10 * MiB // len(CHUNK)):
        conn.sendall(CHUNK)


def test_a_ten_mb_line_is_not_a_menu(hostile: Start) -> None:
    server = hostile(ten_mb_line)
    outcome, peak = measured(
        lambda: fetch(
            parse(server.gopher()),
            session=Session(limits=Limits(connect_timeout=2, read_timeout=2)),
        )
    )
    assert isinstance(outcome, RemoteProtocolError)
    assert "line 1 of the menu reply is longer than 65536 octets" in str(outcome)
    assert peak < 1 * MiB  # it stopped long before the 10 MB, and kept little


def test_a_ten_mb_line_of_text_streams(hostile: Start) -> None:
    server = hostile(ten_mb_line)
    seen = [0]

    def count(data: bytes) -> None:
        seen[0] += len(data)

    limits = Limits(connect_timeout=2, read_timeout=2, total_timeout=30)
    outcome, peak = measured(
        lambda: fetch(parse(server.gopher("0/x")), session=Session(limits=limits), sink=Feed(count))
    )
    assert isinstance(outcome, GopherReply)
    assert outcome.complete
    assert seen[0] == 1 + 10 * MiB  # the type character, then the line
    assert peak < 2 * MiB


# --- a text that never ends a line -----------------------------------------------------------


def test_a_text_without_line_ends_past_the_cap_is_no_document(hostile: Start) -> None:
    """A type-0 reply that never sends a line end nor the final "." ran to 5.3 GB as a
    successful document: past the cap, it is an error, in bounded memory."""
    server = hostile(endless(CHUNK))
    seen = [0]

    def count(data: bytes) -> None:
        seen[0] += len(data)

    outcome, peak = measured(
        lambda: fetch(parse(server.gopher("0/x")), sink=Feed(count), session=Session(limits=LIMITS))
    )
    assert isinstance(outcome, RemoteProtocolError), outcome
    assert "without a line end" in str(outcome)
    assert "it is not a text document" in str(outcome)
    assert CAP < seen[0] < 2 * CAP  # every octet that came, and not much past the cap
    assert peak < 4 * CAP


def test_the_cli_keeps_a_text_without_line_ends_as_sent(
    hostile: Start,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``fetch -o`` of such a text ends with exit status 1 and a clear message, the
    octets that came kept as sent in FILE.part; FILE is not written."""
    server = hostile(endless(CHUNK))
    monkeypatch.setattr(
        fetch_gopher, "fetch_limits", lambda timeout, guard=None: replace(LIMITS, guard=guard)
    )
    target = tmp_path / "text.txt"
    argv = ["fetch", "--allow-local", server.gopher("0/x"), "-o", str(target), "--timeout", "20"]
    outcome, peak = measured(lambda: main(argv))
    assert outcome == 1
    err = capsys.readouterr().err
    assert "error: the text has run" in err
    assert "without a line end" in err
    assert not target.exists()
    kept = (tmp_path / "text.txt.part").read_bytes()
    assert CAP < len(kept) < 2 * CAP
    assert kept == b"x" * len(kept)  # as the server sent them
    assert peak < 4 * CAP


# --- one byte a second ----------------------------------------------------------------------------


one_byte_a_second = trickles(b"iSlow\t\terror.host\t1\r\n" * 2, 1.0)


def test_one_byte_a_second_ends_at_the_deadline(talker: Talk) -> None:
    server = talker(one_byte_a_second)
    # every byte comes within the read timeout; only the whole exchange has a limit
    limits = Limits(connect_timeout=2, read_timeout=3, total_timeout=2.5)
    outcome, peak = measured(
        lambda: fetch(parse(server.url("gopher")), session=Session(limits=limits))
    )
    assert isinstance(outcome, NetTimeout)
    assert "took longer than the 2.5 s allowed" in str(outcome)
    assert peak < 1 * MiB


def test_stop_works_during_a_slow_reply(talker: Talk) -> None:
    server = talker(one_byte_a_second)
    cancel = CancelToken()
    threading.Timer(1.5, cancel.cancel).start()
    start = time.monotonic()
    outcome, _ = measured(
        lambda: fetch(
            parse(server.url("gopher")),
            session=Session(limits=Limits(read_timeout=30), cancel=cancel),
        )
    )
    assert isinstance(outcome, Cancelled)
    assert time.monotonic() - start < 10  # not the 30 s read timeout, nor the whole reply


# --- a close in mid-reply ------------------------------------------------------------------------


def test_a_close_inside_an_announced_length(hostile: Start) -> None:
    server = hostile(lambda conn: conn.sendall(b"+1000\r\n" + b"a" * 300))
    outcome, _ = measured(
        lambda: fetch(parse(server.gopher("0/x%09%09+")), session=Session(limits=LIMITS))
    )
    assert isinstance(outcome, RemoteProtocolError)
    assert "closed the connection after 300 of the 1000 bytes it announced" in str(outcome)


def test_a_close_in_the_middle_of_a_menu_line(
    hostile: Start, capsys: pytest.CaptureFixture[str]
) -> None:
    server = hostile(lambda conn: conn.sendall(b"0One\t/one\th\t70\r\n0Two\t/tw"))
    reply = fetch(parse(server.gopher()), session=Session(limits=LIMITS))
    assert [i.display for i in reply.items] == ["One", "Two"]
    assert not reply.complete
    assert main(["fetch", "--allow-local", server.gopher(), "--timeout", "2"]) == 1
    err = capsys.readouterr().err
    assert "incomplete" in err
    assert "cut short" in err


# --- binary garbage as a menu ----------------------------------------------------------------


def test_binary_garbage_as_a_menu(hostile: Start, capsys: pytest.CaptureFixture[str]) -> None:
    garbage = random.Random(1436).randbytes(200_000)
    server = hostile(lambda conn: conn.sendall(garbage))
    outcome, peak = measured(lambda: fetch(parse(server.gopher()), session=Session(limits=LIMITS)))
    assert isinstance(outcome, RemoteProtocolError)
    assert "this is binary data, not a gopher menu" in str(outcome)
    assert peak < 2 * MiB
    assert main(["fetch", "--allow-local", server.gopher(), "--timeout", "2"]) == 1
    assert "not a gopher menu" in capsys.readouterr().err


def test_a_silent_gopher_server_times_out(hostile: Start) -> None:
    server = hostile(lambda conn: time.sleep(3))  # silent for longer than the 0.5 s allowed
    limits = Limits(connect_timeout=2, read_timeout=0.5, total_timeout=10)
    outcome, _ = measured(lambda: fetch(parse(server.gopher()), session=Session(limits=limits)))
    assert isinstance(outcome, NetTimeout)
    assert "sent nothing for 0.5 s" in str(outcome)


def test_a_gopher_plus_error_code_in_other_digits(
    hostile: Start, capsys: pytest.CaptureFixture[str]
) -> None:
    server = hostile(lambda conn: conn.sendall("--1\r\n² Admin\r\nNo such item\r\n.\r\n".encode()))
    assert main(["fetch", "--allow-local", server.gopher("0/x%09%09+"), "--timeout", "2"]) == 1
    err = capsys.readouterr().err
    assert "No such item" in err or "Admin" in err
    assert "invalid literal" not in err


class _Counting:
    """A text stream that counts what is written and keeps nothing."""

    encoding = "utf-8"

    def __init__(self) -> None:
        self.written = 0

    def write(self, text: str) -> int:
        self.written += len(text)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False


def test_the_cli_prints_an_endless_text_line_in_bounded_memory(hostile: Start) -> None:
    """Text without a newline used to be held (and copied) until its end."""
    eight_mb = 8 * MiB
    server = hostile(repeated(CHUNK, eight_mb // len(CHUNK)))
    args = build_parser().parse_args(
        ["fetch", "--allow-local", server.gopher("0/x"), "--timeout", "20"]
    )
    stream = _Counting()
    url = parse(args.url)
    outcome, peak = measured(lambda: fetch_gopher.fetch(url, args, Console(stream)))  # type: ignore[arg-type]
    assert outcome == 0
    assert stream.written >= eight_mb
    assert peak < 2 * MiB


def test_a_gopher_download_to_a_file_keeps_little_in_memory(hostile: Start, tmp_path: Path) -> None:
    """fetch -o streams a file past the 4 KiB it needs to recognise an error message
    (it used to keep the first 64 MiB in memory)."""
    size = 16 * MiB
    server = hostile(repeated(CHUNK, size // len(CHUNK)))
    target = tmp_path / "file.bin"
    argv = [
        "fetch",
        "--allow-local",
        server.gopher("9/file.bin"),
        "-o",
        str(target),
        "--timeout",
        "20",
    ]
    outcome, peak = measured(lambda: main(argv))
    assert outcome == 0
    assert target.stat().st_size == size
    assert peak < 4 * MiB
