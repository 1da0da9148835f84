"""The wire state machine: (state, bytes in, event out) tables, dot-unstuffing, framing
under any chunking, and what is refused on either side."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlinspector.schemes.errors import LocalProtocolError, RemoteProtocolError
from urlinspector.schemes.nntp.events import (
    NEED_DATA,
    Command,
    ConnectionClosed,
    Greeting,
    Reply,
)
from urlinspector.schemes.nntp.protocol import (
    MAX_COMMAND_LINE,
    MAX_STATUS_LINE,
    ClientState,
    NNTPConnection,
    encode,
)


def ready() -> NNTPConnection:
    conn = NNTPConnection()
    conn.receive_data(b"200 news.example ready\r\n")
    assert isinstance(conn.next_event(), Greeting)
    return conn


def ask(command: Command, data: bytes) -> Reply:
    conn = ready()
    conn.send(command)
    conn.receive_data(data)
    event = conn.next_event()
    assert isinstance(event, Reply), event
    assert conn.state is ClientState.IDLE
    return event


# (command, the server's bytes, code, text, data lines or None)
REPLIES = [
    pytest.param(
        Command("GROUP", ("local.test",)),
        b"211 3 1 3 local.test\r\n",
        211,
        "3 1 3 local.test",
        None,
        id="GROUP-211-is-one-line",
    ),
    pytest.param(
        Command("LISTGROUP", ("local.test",)),
        b"211 3 1 3 local.test list follows\r\n1\r\n2\r\n3\r\n.\r\n",
        211,
        "3 1 3 local.test list follows",
        (b"1", b"2", b"3"),
        id="LISTGROUP-211-has-a-block",
    ),
    pytest.param(
        Command("HEAD", ("1",)),
        b"221 1 <a@b> head\r\nSubject: x\r\n.\r\n",
        221,
        "1 <a@b> head",
        (b"Subject: x",),
        id="HEAD-221",
    ),
    pytest.param(
        Command("ARTICLE", ("<a@b>",)),
        b"430 No such article\r\n",
        430,
        "No such article",
        None,
        id="an-error-has-no-block",
    ),
    pytest.param(
        Command("ARTICLE", ("1",)),
        b"220 1 <a@b>\r\nA: b\r\n\r\n..\r\n...x\r\n.y\r\n. z\r\n\r\n.\r\n",
        220,
        "1 <a@b>",
        (b"A: b", b"", b".", b"..x", b".y", b". z", b""),
        id="dot-unstuffing",
    ),
    pytest.param(
        Command("OVER", ("1-2",)),
        b"224 data\n1\ta\n2\tb\n.\n",
        224,
        "data",
        (b"1\ta", b"2\tb"),
        id="bare-LF-line-ends",
    ),
    pytest.param(
        Command("OVER", ("5-9",)),
        b"224 No articles in 5-9\r\n.\r\n",
        224,
        "No articles in 5-9",
        (),
        id="an-empty-block",
    ),
    pytest.param(Command("QUIT"), b"205\r\n", 205, "", None, id="a-status-without-text"),
    pytest.param(
        Command("DATE"),
        b"111 20260101000000  \r\n",
        111,
        "20260101000000",
        None,
        id="trailing-blanks-trimmed",
    ),
    pytest.param(
        Command("LIST", ("ACTIVE",)),
        b"215 list\r\ngr\xfc\xdfe 1 1 y\r\n.\r\n",
        215,
        "list",
        (b"gr\xfc\xdfe 1 1 y",),
        id="8-bit-data-kept-as-bytes",
    ),
]


@pytest.mark.parametrize(("command", "data", "code", "text", "lines"), REPLIES)
def test_replies(
    command: Command, data: bytes, code: int, text: str, lines: tuple[bytes, ...] | None
) -> None:
    reply = ask(command, data)
    assert (reply.code, reply.text, reply.lines) == (code, text, lines)
    assert reply.command == command
    assert reply.size == len(data)


# RFC 3977 §3.1.1: a line of a data block that begins with "." is sent with the "."
# doubled; a single "." is the server's error: the line is kept as sent, and noted.
# (the server's data block, the lines read, the lines numbered in Reply.undotted)
UNDOTTED = [
    pytest.param(b"..a\r\n", (b".a",), (), id="stuffed"),
    pytest.param(b".a\r\n", (b".a",), (1,), id="not-stuffed"),
    pytest.param(b"x\r\n. b\r\ny\r\n.\tc\r\n", (b"x", b". b", b"y", b".\tc"), (2, 4), id="two"),
    pytest.param(b"...\r\n..\r\n", (b"..", b"."), (), id="dots-only"),
    pytest.param(b".a\n..b\n", (b".a", b".b"), (1,), id="bare-LF"),
    pytest.param(b"a\r\n\r\n", (b"a", b""), (), id="none"),
]


@pytest.mark.parametrize(("block", "lines", "undotted"), UNDOTTED)
def test_a_line_the_server_did_not_dot_stuff_is_kept_and_numbered(
    block: bytes, lines: tuple[bytes, ...], undotted: tuple[int, ...]
) -> None:
    data = b"220 1 <a@b>\r\n" + block + b".\r\n"
    reply = ask(Command("ARTICLE", ("1",)), data)
    assert (reply.lines, reply.undotted) == (lines, undotted)
    # byte by byte, the same
    conn = ready()
    conn.send(Command("ARTICLE", ("1",)))
    event = None
    for i in range(len(data)):
        conn.receive_data(data[i : i + 1])
        event = conn.next_event()
    assert isinstance(event, Reply)
    assert (event.lines, event.undotted) == (lines, undotted)
    # and the next reply starts afresh
    conn.send(Command("ARTICLE", ("2",)))
    conn.receive_data(b"220 2 <c@d>\r\nok\r\n.\r\n")
    again = conn.next_event()
    assert isinstance(again, Reply)
    assert again.undotted == ()


@pytest.mark.parametrize(("command", "data", "code", "text", "lines"), REPLIES)
def test_replies_byte_by_byte(
    command: Command, data: bytes, code: int, text: str, lines: tuple[bytes, ...] | None
) -> None:
    conn = ready()
    conn.send(command)
    events = []
    for i in range(len(data)):
        conn.receive_data(data[i : i + 1])
        event = conn.next_event()
        if event is not NEED_DATA:
            events.append(event)
    assert len(events) == 1
    reply = events[0]
    assert isinstance(reply, Reply)
    assert (reply.code, reply.text, reply.lines) == (code, text, lines)


LINE = st.binary(max_size=40).map(lambda b: b.replace(b"\r", b"").replace(b"\n", b""))


@given(lines=st.lists(LINE, max_size=30), cuts=st.lists(st.integers(0, 2000), max_size=12))
def test_dot_stuffed_block_round_trips_under_any_chunking(
    lines: list[bytes], cuts: list[int]
) -> None:
    """RFC 3977 §3.1.1: what the server stuffs, the client unstuffs, whatever the reads."""
    stuffed = [b"." + line if line.startswith(b".") else line for line in lines]
    data = b"220 1 <a@b>\r\n" + b"".join(line + b"\r\n" for line in stuffed) + b".\r\n"
    conn = ready()
    conn.send(Command("ARTICLE", ("1",)))
    points = sorted({0, len(data), *(c % (len(data) + 1) for c in cuts)})
    events = []
    for start, end in itertools.pairwise(points):
        conn.receive_data(data[start:end])
        while (event := conn.next_event()) is not NEED_DATA:
            events.append(event)
            break
    assert len(events) == 1
    reply = events[0]
    assert isinstance(reply, Reply)
    assert reply.lines == tuple(lines)
    assert reply.data == b"".join(line + b"\r\n" for line in lines)


def test_greeting_and_states() -> None:
    conn = NNTPConnection()
    assert conn.state is ClientState.GREETING
    assert conn.next_event() is NEED_DATA
    conn.receive_data(b"201 news.example ready (no posting)\r\n")
    greeting = conn.next_event()
    assert greeting == Greeting(201, "news.example ready (no posting)")
    assert isinstance(greeting, Greeting)
    assert greeting.available
    assert not greeting.posting_allowed
    assert conn.state is ClientState.IDLE  # type: ignore[comparison-overlap]  # moved on
    assert conn.next_event() is NEED_DATA
    conn.receive_data(b"")
    assert conn.next_event() == ConnectionClosed()
    assert conn.state is ClientState.CLOSED


def test_reply_size_counts_what_arrived_for_the_command() -> None:
    conn = ready()
    conn.send(Command("LIST"))
    conn.receive_data(b"215 list\r\na 1 1 y\r\n")
    assert conn.next_event() is NEED_DATA
    assert conn.reply_size == len(b"215 list\r\na 1 1 y\r\n")


# --- what the server can do wrong ------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"HTTP/1.0 400 Bad Request\r\n", "is not an NNTP status line"),
        (b"99 too short\r\n", "is not an NNTP status line"),
        (b"600 out of range\r\n", "is not an NNTP status line"),
        (b"\r\n", "is not an NNTP status line"),
        (b"x" * (MAX_STATUS_LINE + 1), "without a line end"),
    ],
)
def test_a_greeting_that_is_not_nntp(data: bytes, message: str) -> None:
    conn = NNTPConnection()
    conn.receive_data(data)
    with pytest.raises(RemoteProtocolError, match=message):
        conn.next_event()
    assert conn.state is ClientState.BROKEN
    with pytest.raises(RemoteProtocolError, match="unusable"):
        conn.next_event()


def test_close_before_the_greeting() -> None:
    conn = NNTPConnection()
    conn.receive_data(b"20")
    conn.receive_data(b"")
    with pytest.raises(RemoteProtocolError, match=r"closed the connection before its greeting"):
        conn.next_event()


def test_close_in_the_middle_of_a_block() -> None:
    conn = ready()
    conn.send(Command("OVER", ("1-3",)))
    conn.receive_data(b"224 data\r\n1\ta\r\n2\tb\r\n")
    assert conn.next_event() is NEED_DATA
    conn.receive_data(b"")
    with pytest.raises(RemoteProtocolError, match=r"middle of the reply to OVER \(after 2 lines"):
        conn.next_event()


def test_close_before_a_status_line() -> None:
    conn = ready()
    conn.send(Command("GROUP", ("a",)))
    conn.receive_data(b"")
    with pytest.raises(RemoteProtocolError, match="before its reply to GROUP"):
        conn.next_event()


def test_data_nobody_asked_for() -> None:
    conn = ready()
    conn.receive_data(b"211 surprise\r\n")
    with pytest.raises(RemoteProtocolError, match="when no reply was due"):
        conn.next_event()


def test_data_between_382_and_the_tls_handshake() -> None:
    conn = ready()
    conn.send(Command("STARTTLS"))
    conn.receive_data(b"382 go ahead\r\n220 plaintext injected\r\n")
    reply = conn.next_event()
    assert isinstance(reply, Reply)
    assert reply.code == 382
    with pytest.raises(RemoteProtocolError, match="RFC 4642"):
        conn.start_tls()


def test_start_tls_when_clean() -> None:
    conn = ready()
    conn.send(Command("STARTTLS"))
    conn.receive_data(b"382 go ahead\r\n")
    assert isinstance(conn.next_event(), Reply)
    conn.start_tls()
    assert conn.state is ClientState.IDLE


# --- what our side refuses to send -------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (Command("GROUP", ("a\rb",)), "holds a CR"),
        (Command("GROUP", ("a\nQUIT",)), "holds an LF"),
        (Command("GROUP", ("a\x00b",)), "holds a NUL"),
        (Command("GROUP", ("a\tb",)), "holds a TAB"),
        (Command("GROUP", ("a\x7fb",)), "U\\+007F"),
        (Command("GROUP", ("a b",)), "holds a space"),
        (Command("GROUP", ("",)), "empty argument"),
        (Command("GROUP", ("g" * MAX_COMMAND_LINE,)), "octets long"),
        (Command("GR OUP"), "not an NNTP command keyword"),
        (Command("AUTHINFO", ("PASS", "x\r\nQUIT"), secret=True), "the password holds a CR"),
    ],
)
def test_unsafe_commands_are_refused_before_sending(command: Command, message: str) -> None:
    conn = ready()
    with pytest.raises(LocalProtocolError, match=message):
        conn.send(command)
    assert conn.state is ClientState.IDLE
    assert conn.pending is None


def test_a_password_with_a_space_is_the_rest_of_the_line() -> None:
    assert encode(Command("AUTHINFO", ("PASS", "s3cret word"), secret=True)) == (
        b"AUTHINFO PASS s3cret word\r\n"
    )


def test_a_refused_password_is_not_in_the_message() -> None:
    with pytest.raises(LocalProtocolError) as caught:
        encode(Command("AUTHINFO", ("PASS", "hunter2\n"), secret=True))
    assert "hunter2" not in str(caught.value)


def test_encoding() -> None:
    assert encode(Command("group", ("local.test",))) == b"GROUP local.test\r\n"
    assert encode(Command("LIST", ("ACTIVE",))) == b"LIST ACTIVE\r\n"
    assert encode(Command("GROUP", ("de.alt.grüße",))) == "GROUP de.alt.grüße\r\n".encode()
    # a name read from the server as undecodable bytes goes back unchanged
    name = b"gr\xfc\xdfe".decode("utf-8", "surrogateescape")
    assert encode(Command("GROUP", (name,))) == b"GROUP gr\xfc\xdfe\r\n"
    assert len(encode(Command("X", ("a" * (MAX_COMMAND_LINE - 4),)))) == MAX_COMMAND_LINE


def test_one_command_at_a_time() -> None:
    conn = ready()
    conn.send(Command("MODE", ("READER",)))
    with pytest.raises(LocalProtocolError, match="still awaited"):
        conn.send(Command("GROUP", ("a",)))


def test_no_command_before_the_greeting() -> None:
    conn = NNTPConnection()
    with pytest.raises(LocalProtocolError, match="waiting for the greeting"):
        conn.send(Command("CAPABILITIES"))


def test_no_data_after_the_end() -> None:
    conn = ready()
    conn.receive_data(b"")
    with pytest.raises(LocalProtocolError):
        conn.receive_data(b"x")


def test_shown_masks_secrets() -> None:
    assert Command("AUTHINFO", ("PASS", "s3cret"), secret=True).shown() == "AUTHINFO PASS ********"
    assert Command("AUTHINFO", ("USER", "reader")).shown() == "AUTHINFO USER reader"
