"""The sans-IO reader: tables of (kind, Gopher+?, input bytes, expected events)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from urlinspector.core import parse
from urlinspector.schemes.errors import RemoteProtocolError
from urlinspector.schemes.gopher import (
    NEED_DATA,
    Attribute,
    Data,
    EndOfReply,
    Event,
    GopherReader,
    MenuItem,
    PlusError,
    PlusHeader,
    error_in_body,
    parse_ask,
    parse_menu_line,
    parse_views,
    read_all,
    request_from_url,
    type_name,
)


def events_of(kind: str, data: bytes, *, plus: bool = False, close: bool = True) -> list[Event]:
    return read_all(GopherReader(kind, plus=plus), data, close=close)  # type: ignore[arg-type]


def body(events: list[Event]) -> bytes:
    return b"".join(e.data for e in events if isinstance(e, Data))


def items(events: list[Event]) -> list[MenuItem]:
    return [e for e in events if isinstance(e, MenuItem)]


def end(events: list[Event]) -> EndOfReply:
    last = events[-1]
    assert isinstance(last, EndOfReply)
    return last


# --- menus ---------------------------------------------------------------------------------

# (input, types, framing, complete)
MENUS = [
    (b"0a\t/a\th\t70\r\n1b\t/b\th\t70\r\n.\r\n", "01", "terminator", True),
    (b"0a\t/a\th\t70\n1b\t/b\th\t70\n.\n", "01", "terminator", True),  # LF-only lines
    (b"0a\t/a\th\t70\r\n1b\t/b\th\t70\r\n", "01", "close", True),  # no "." line
    (b"0a\t/a\th\t70\r\n.", "0", "terminator", True),  # "." then the close
    (b"0a\t/a\th\t70\r\n1b\t/b\th", "01", "close", False),  # cut mid-line
    (b"", "", "close", True),
    (b".\r\n", "", "terminator", True),
    (b"iHello\t\terror.host\t1\r\niWorld\r\ni\t\t\t\r\n.\r\n", "iii", "terminator", True),
    (b"0a\t/a\th\t70\r\n.\r\n1after\t/x\th\t70\r\n", "0", "terminator", True),
    (b"\r\n0a\t/a\th\t70\r\n.\r\n", "0", "terminator", True),  # an empty line: type ""
    (b"Za\t/z\th\t70\r\n.\r\n", "Z", "terminator", True),  # unknown type, kept
]


@pytest.mark.parametrize(("data", "types", "framing", "complete"), MENUS)
def test_menus(data: bytes, types: str, framing: str, complete: bool) -> None:
    events = events_of("menu", data)
    assert "".join(i.itemtype for i in items(events)) == types
    assert (end(events).framing, end(events).complete) == (framing, complete)


def test_a_menu_without_its_dot_line_says_so() -> None:
    note = end(events_of("menu", b"0a\t/a\th\t70\r\n")).note
    assert note is not None
    assert "no '.' line" in note
    assert end(events_of("menu", b"0a\t/a\th\t70\r\n.\r\n")).note is None


def test_menu_item_fields() -> None:
    item = items(events_of("menu", b"0About this\t/about.txt\texample.org\t7070\t+\r\n.\r\n"))[0]
    assert item.itemtype == "0"
    assert item.display == "About this"
    assert item.selector == b"/about.txt"
    assert (item.host, item.port, item.plus) == ("example.org", 7070, "+")
    assert item.url == "gopher://example.org:7070/0/about.txt"
    assert item.raw == b"0About this\t/about.txt\texample.org\t7070\t+"
    assert item.line == 1
    assert item.problems == ()


# (line, host, port, url, words in the problems)
TOLERATED = [
    (b"iJust text", None, None, None, ""),
    (b"i\t\t\t", None, None, None, ""),
    (b"iText\tfake\t(NULL)\t0", "(NULL)", 0, None, ""),
    (b"0No port\t/x\th", "h", None, "gopher://h/0/x", "no port field"),
    (b"0No host\t/x", None, None, None, "no host and no port field"),
    (b"0Display only", None, None, None, "not an item"),
    # a port field that is no TCP port: an error for that item, which leads nowhere
    # (read as "no port", it went to port 70)
    (b"0Bad port\t/x\th\tseventy", "h", None, None, "not a port number"),
    (b"0Big port\t/x\th\t70000", "h", None, None, "not a port number"),
    (b"0Wraps to 25\t/x\th\t65561", "h", None, None, "not a port number"),
    (b"0Port zero\t/x\th\t0", "h", 0, None, "not a port number"),
    (b"0Trailing x\t/x\th\t70x", "h", None, None, "not a port number"),
    (b"1Sign\t/x\th\t+70", "h", None, None, "not a port number"),
    (b"hWeb\tURL:http://example.org/\terror.host\t0", "error.host", 0, "http://example.org/", ""),
    (b"0Spaces\t/x\t h \t 70 ", "h", 70, "gopher://h/0/x", ""),
    (b"qStrange\t/q\th\t70", "h", 70, "gopher://h/q/q", "unknown item type 'q'"),
    (b"1Extra\t/x\th\t70\t+\textra", "h", 70, "gopher://h/1/x", ""),
]


@pytest.mark.parametrize(("line", "host", "port", "url", "problem"), TOLERATED)
def test_tolerated_lines(
    line: bytes, host: str | None, port: int | None, url: str | None, problem: str
) -> None:
    item = parse_menu_line(line, 1)
    assert (item.host, item.port, item.url) == (host, port, url)
    if problem:
        assert any(problem in p for p in item.problems), item.problems
    else:
        assert item.problems == ()


def test_display_strings_are_decoded_with_the_charset() -> None:
    line = "0Caf\u00e9\t/c\th\t70".encode("latin-1")
    assert parse_menu_line(line, 1, "latin-1").display == "Café"
    assert parse_menu_line(line, 1, "utf-8").display == "Caf\ufffd"
    assert parse_menu_line(line, 1).raw == line


def test_menu_lines_are_numbered_across_reads() -> None:
    reader = GopherReader("menu")
    reader.receive_data(b"iA\r\niB\r\n0C\t/c\th\t7")
    first = [reader.next_event(), reader.next_event()]
    assert reader.next_event() is NEED_DATA
    reader.receive_data(b"0\r\n.\r\n")
    third = reader.next_event()
    assert [e.line for e in first] == [1, 2]  # type: ignore[union-attr]
    assert isinstance(third, MenuItem)
    assert third.line == 3
    assert third.port == 70
    assert isinstance(reader.next_event(), EndOfReply)


def test_a_long_line_is_refused_without_waiting_for_its_end() -> None:
    reader = GopherReader("menu", max_line=1000)
    reader.receive_data(b"0" + b"x" * 2000)
    with pytest.raises(RemoteProtocolError, match="longer than 1000 octets"):
        reader.next_event()


def test_binary_garbage_is_not_a_menu() -> None:
    with pytest.raises(RemoteProtocolError, match="NUL"):
        events_of("menu", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\r\n")


def test_data_after_the_end_is_ignored() -> None:
    reader = GopherReader("menu")
    reader.receive_data(b".\r\n")
    assert isinstance(reader.next_event(), EndOfReply)
    reader.receive_data(b"more")  # ignored, no error
    with pytest.raises(RuntimeError):
        reader.next_event()


# --- text and binary -------------------------------------------------------------------------

# (input, body, framing)
TEXTS = [
    (b"one\r\ntwo\r\n.\r\n", b"one\r\ntwo\r\n", "terminator"),
    (b"one\ntwo\n.\n", b"one\ntwo\n", "terminator"),
    (b"..dot\r\n...dots\r\n.\r\n", b".dot\r\n..dots\r\n", "terminator"),  # RFC 1436 §3.9
    (b".x\r\n.\r\n", b".x\r\n", "terminator"),  # a dot the server did not double: kept
    (b"one\r\ntwo", b"one\r\ntwo", "close"),  # no "." line, no final line end
    (b"one\r\n.", b"one\r\n", "terminator"),
    (b"one\r\n.\r", b"one\r\n", "terminator"),
    (b"", b"", "close"),
    (b".\r\n", b"", "terminator"),
    (b"a\r\n.\r\nafter the end\r\n", b"a\r\n", "terminator"),
    (b"a.\r\n. \r\n.\r\n", b"a.\r\n. \r\n", "terminator"),
]


@pytest.mark.parametrize(("data", "text", "framing"), TEXTS)
def test_text(data: bytes, text: bytes, framing: str) -> None:
    events = events_of("text", data)
    assert body(events) == text
    assert end(events).framing == framing
    assert end(events).complete


def test_text_after_the_dot_line_is_reported() -> None:
    # servers that send files as they are (no dot-stuffing) may have a "." line inside
    note = end(events_of("text", b"a\r\n.\r\nafter\r\n")).note
    assert note is not None
    assert "more after a line holding only '.'" in note
    assert end(events_of("text", b"a\r\n.\r\n")).note is None


def test_binary_runs_to_the_close_untouched() -> None:
    data = b"..\r\n.\r\n\x00\xff" * 3
    events = events_of("binary", data)
    assert body(events) == data
    assert end(events).framing == "close"


def test_text_is_handed_out_as_it_arrives() -> None:
    reader = GopherReader("text")
    reader.receive_data(b"x" * 100_000)  # one long line, no newline yet
    event = reader.next_event()
    assert isinstance(event, Data)
    assert len(event.data) == 100_000
    assert reader.next_event() is NEED_DATA


def test_a_text_line_past_the_cap_without_an_end_is_not_text() -> None:
    """An endless stream sent as type 0, with no line end and no "." line, passed as a
    document of any size: it ends in an error once its line runs past the cap, after
    the octets that came (a download keeps them as sent)."""
    reader = GopherReader("text", max_text_line=1000)
    reader.receive_data(b"x" * 600)
    first = reader.next_event()
    assert first == Data(b"x" * 600)
    assert reader.next_event() is NEED_DATA
    reader.receive_data(b"y" * 600)  # the same line, now 1,200 octets long
    assert reader.next_event() == Data(b"y" * 600)
    with pytest.raises(RemoteProtocolError, match="run 1,200 octets without a line end"):
        reader.next_event()


@pytest.mark.parametrize(
    "data",
    [
        b"x" * 1000 + b"\r\n" + b"y" * 1000 + b"\r\n.\r\n",  # each line at the cap
        b"x" * 1000 + b"\n" + b"y" * 1000,  # the last line without its end, at the cap
        b"." + b"x" * 999 + b"\r\n.\r\n",  # a line starting with a dot counts it too
    ],
)
def test_text_lines_up_to_the_cap_are_text(data: bytes) -> None:
    events = read_all(GopherReader("text", max_text_line=1000), data)
    assert end(events).complete
    assert body(events) == data.removesuffix(b".\r\n")


def test_the_cap_counts_one_line_across_reads() -> None:
    reader = GopherReader("text", max_text_line=1000)
    for _ in range(3):  # 1,800 octets in all, but no line longer than 600
        reader.receive_data(b"x" * 300)
        assert isinstance(reader.next_event(), Data)
        reader.receive_data(b"x" * 299 + b"\n")
        assert isinstance(reader.next_event(), Data)
    reader.receive_data(b".\r\n")
    last = reader.next_event()
    assert isinstance(last, EndOfReply)
    assert last.complete


def test_the_text_cap_leaves_binaries_and_counted_replies_alone() -> None:
    stream = b"x" * 5000
    binary = read_all(GopherReader("binary", max_text_line=1000), stream)
    assert body(binary) == stream
    counted = read_all(GopherReader("text", plus=True, max_text_line=1000), b"+5000\r\n" + stream)
    assert body(counted) == stream


# --- Gopher+ -------------------------------------------------------------------------------


def test_plus_length() -> None:
    events = events_of("text", b"+5\r\n.\r\n.\r\nafter", plus=True)
    header = events[0]
    assert header == PlusHeader(True, 5, "length", b"+5")
    assert body(events) == b".\r\n.\r"  # exactly 5 bytes, no dot rules
    assert end(events).framing == "length"


def test_plus_length_cut_short() -> None:
    with pytest.raises(RemoteProtocolError, match="after 3 of the 10 bytes"):
        events_of("binary", b"+10\r\nabc", plus=True)


def test_plus_terminated_and_until_close() -> None:
    assert body(events_of("text", b"+-1\r\n..a\r\n.\r\n", plus=True)) == b".a\r\n"
    assert body(events_of("text", b"+-2\r\n..a\r\n.\r\n", plus=True)) == b"..a\r\n.\r\n"
    menu = events_of("menu", b"+-2\r\n0a\t/a\th\t70\r\n", plus=True)
    assert [i.itemtype for i in items(menu)] == ["0"]
    assert end(menu).framing == "close"
    assert end(menu).note is None


def test_plus_length_menu_split_inside_a_line() -> None:
    data = b"0a\t/a\th\t70\r\n1bb\t/b\th\t71\r\n"
    reader = GopherReader("menu", plus=True)
    reader.receive_data(f"+{len(data)}\r\n".encode() + data[:15])
    got: list[Event] = []
    while (e := reader.next_event()) is not NEED_DATA:
        got.append(e)  # type: ignore[arg-type]
    reader.receive_data(data[15:])
    got += read_all(reader, b"", close=False)
    assert [i.selector for i in items(got)] == [b"/a", b"/b"]
    assert end(got).framing == "length"


def test_a_plain_server_that_ignores_the_plus() -> None:
    events = events_of("menu", b"0a\t/a\th\t70\r\n.\r\n", plus=True)
    assert not any(isinstance(e, PlusHeader) for e in events)
    assert [i.itemtype for i in items(events)] == ["0"]
    # a "+" item type (a mirror) is not a status line
    assert items(events_of("menu", b"+mirror\t/\th\t70\r\n", plus=True))[0].itemtype == "+"


def test_the_status_line_may_arrive_in_pieces() -> None:
    reader = GopherReader("text", plus=True)
    for piece in (b"+", b"-", b"1", b"\r"):
        reader.receive_data(piece)
        assert reader.next_event() is NEED_DATA
    reader.receive_data(b"\nok\r\n.\r\n")
    assert reader.next_event() == PlusHeader(True, None, "terminator", b"+-1")


# (input, code, message, lines, contact)
ERRORS = [
    (
        b"--1\r\n1 Admin <admin@example.org>\r\nNo such item\r\n.\r\n",
        1,
        "Admin <admin@example.org>",
        ("No such item",),
        "admin@example.org",
    ),
    (b"--2\r\n2 busy\r\n", 2, "busy", (), None),
    (b"-7\r\n3 moved", 3, "moved", (), None),
    (b"--1\r\nnot a code\r\n.\r\n", None, "not a code", (), None),
]


@pytest.mark.parametrize(("data", "code", "message", "lines", "contact"), ERRORS)
def test_plus_errors(
    data: bytes, code: int | None, message: str, lines: tuple[str, ...], contact: str | None
) -> None:
    events = events_of("text", data, plus=True)
    header = events[0]
    assert isinstance(header, PlusHeader)
    assert not header.ok
    error = events[1]
    assert error == PlusError(code, message, lines, contact)
    assert isinstance(events[2], EndOfReply)
    assert "Gopher+ error" in error.text


def test_attribute_blocks() -> None:
    data = (
        b"+-1\r\n+INFO: 0About\t/about\th\t70\t+\r\n+ADMIN:\r\n Admin: A <a@h>\r\n"
        b" Mod-Date: Mon Jan 1 00:00:00 2024 <20240101000000>\r\n+VIEWS:\r\n"
        b" text/plain: <10k>\r\n application/postscript De_DE: <100k>\r\n Text/plain\r\n"
        b"+ABSTRACT:\r\n Two lines\r\n of abstract\r\n+ASK:\r\n Ask: Name?\tnobody\r\n"
        b" Choose: Shock?\tYes\tNo\r\n AskP: Password\r\n.\r\n"
    )
    events = events_of("attributes", data, plus=True)
    blocks = [e for e in events if isinstance(e, Attribute)]
    assert [b.name for b in blocks] == ["INFO", "ADMIN", "VIEWS", "ABSTRACT", "ASK"]
    info = blocks[0]
    assert info.item is not None
    assert info.item.url == "gopher://h/0/about"
    assert blocks[1].lines == (
        "Admin: A <a@h>",
        "Mod-Date: Mon Jan 1 00:00:00 2024 <20240101000000>",
    )
    views = parse_views(blocks[2])
    assert [(v.content_type, v.language, v.size) for v in views] == [
        ("text/plain", None, "10k"),
        ("application/postscript", "De_DE", "100k"),
        ("Text/plain", None, None),
    ]
    assert views[1].gopher_plus == "+application/postscript De_DE"
    assert blocks[3].lines == ("Two lines", "of abstract")
    ask = parse_ask(blocks[4])
    assert [(a.kind, a.prompt, a.choices) for a in ask] == [
        ("Ask", "Name?", ("nobody",)),
        ("Choose", "Shock?", ("Yes", "No")),
        ("AskP", "Password", ()),
    ]


def test_attribute_text_outside_a_block_is_an_error() -> None:
    with pytest.raises(RemoteProtocolError, match="outside any"):
        events_of("attributes", b"+-1\r\nstray text\r\n.\r\n", plus=True)


def test_attributes_from_a_server_without_gopher_plus_read_as_a_menu() -> None:
    events = events_of("attributes", b"3'/x' not found\t\terror.host\t1\r\n", plus=True)
    assert [i.itemtype for i in items(events)] == ["3"]


# --- helpers -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"3'/x' does not exist\t\terror.host\t1\r\n", "'/x' does not exist"),
        (b"3Not found\t\terror.host\t1\r\n.\r\n", "Not found"),
        (b"3\t\t\t\r\n", "error"),
        (b"3 apples\r\nand pears\r\n", None),
        (b"3a\tb\tc\r\nmore text\r\n", None),
        (b"Error: File or directory not found!\r\n", None),
        (b"0text\t/x\th\t70\r\n", None),
    ],
)
def test_error_in_body(data: bytes, message: str | None) -> None:
    assert error_in_body(data) == message


def test_type_names() -> None:
    assert type_name("0") == "text"
    assert type_name("7") == "search"
    assert type_name("i") == "info"
    assert type_name("Q") == "unknown"


def test_reader_for_a_request() -> None:
    request = request_from_url(parse("gopher://h/0/x%09%09+"))
    reader = GopherReader.for_request(request)
    assert (reader.kind, reader.plus) == ("text", True)


# --- any split of the input gives the same events ------------------------------------------------

SAMPLES = [
    ("menu", False, b"iHi\t\th\t1\r\n0a\t/a\th\t70\r\n1b\t/b\th\t70\t+\n.\r\n"),
    ("menu", True, b"+-2\r\n0a\t/a\th\t70\r\n"),
    ("menu", True, b"+25\r\n0a\t/a\th\t70\r\n1bb\t/b\th\t71\r\n"),
    ("text", False, b"a\r\n..b\r\n.c\r\n...\r\n.\r\nignored"),
    ("text", True, b"+-1\r\n..x\r\n.\r\n"),
    ("binary", True, b"+6\r\n\x00\x01.\r\n.junk"),
    ("text", True, b"--1\r\n1 <a@b>\r\nmsg\r\n.\r\n"),
    ("attributes", True, b"+-1\r\n+INFO: 0a\t/a\th\t70\r\n+ABSTRACT:\r\n x\r\n.\r\n"),
]


def _merged(events: list[Event]) -> list[Event]:
    """Consecutive Data events joined: how the bytes were split may change their number."""
    out: list[Event] = []
    for e in events:
        if isinstance(e, Data) and out and isinstance(out[-1], Data):
            out[-1] = Data(out[-1].data + e.data)
        else:
            out.append(e)
    return out


@settings(max_examples=200)
@given(
    sample=st.sampled_from(SAMPLES),
    cuts=st.lists(st.integers(min_value=0, max_value=80), max_size=12),
)
@example(sample=("text", False, b"a\r\n..b\r\n.c\r\n...\r\n.\r\nignored"), cuts=[20])
def test_any_split_gives_the_same_events(sample: tuple[str, bool, bytes], cuts: list[int]) -> None:
    kind, plus, data = sample
    whole = _merged(events_of(kind, data, plus=plus))
    reader = GopherReader(kind, plus=plus)  # type: ignore[arg-type]
    got: list[Event] = []
    points = sorted({c for c in cuts if c < len(data)} | {0, len(data)})
    for start, stop in itertools.pairwise(points):
        reader.receive_data(data[start:stop])
        while not got or not isinstance(got[-1], EndOfReply):
            event = reader.next_event()
            if event is NEED_DATA:
                break
            got.append(event)  # type: ignore[arg-type]
    if not got or not isinstance(got[-1], EndOfReply):
        got += read_all(reader, b"")
    # the note on bytes after the "." line can only be given when they came in the
    # same read as that line: a split just after it ends the reply without it
    got_end, whole_end = got[-1], whole[-1]
    assert isinstance(got_end, EndOfReply)
    assert isinstance(whole_end, EndOfReply)
    assert got_end.note in (whole_end.note, None)
    if got_end.note is None and whole_end.note is not None:
        assert whole_end.framing == "terminator"
        got[-1] = got_end._replace(note=whole_end.note)
    assert _merged(got) == whole


def test_a_bad_port_field_is_quoted_as_it_is() -> None:
    item = parse_menu_line(b"0x\t/s\th\t7\\0", 1)
    assert item.problems == ("the port field '7\\0' is not a port number",)
    item = parse_menu_line(b"0x\t/s\th\t7\x1b", 1)
    assert item.problems == ("the port field '7\\x1b' is not a port number",)


def test_a_gopher_plus_status_line_without_a_length_is_quoted_as_it_is() -> None:
    reader = GopherReader("text", plus=True)
    reader.receive_data(b"+-5\t\r\n")
    with pytest.raises(RemoteProtocolError) as info:
        reader.next_event()
    assert "the Gopher+ status line '+-5\\x09' gives no length" in str(info.value)
