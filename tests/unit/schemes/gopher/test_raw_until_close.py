"""GopherReader.raw_until_close: when every byte to the close is body bytes as they come,
so that a driver may store them without passing them to the reader."""

from __future__ import annotations

from urlinspector.schemes.gopher import NEED_DATA, Data, EndOfReply, GopherReader, PlusHeader


def drained(reader: GopherReader) -> list[object]:
    events: list[object] = []
    while (event := reader.next_event()) is not NEED_DATA:
        events.append(event)
        if isinstance(event, EndOfReply):
            break
    return events


def test_a_binary_item_is_raw_from_the_start() -> None:
    reader = GopherReader("binary")
    assert reader.raw_until_close
    reader.receive_data(b"\x00\x01")
    assert not reader.raw_until_close  # a Data event waits to be handed out
    assert drained(reader) == [Data(b"\x00\x01")]
    assert reader.raw_until_close
    reader.receive_data(b"")
    assert not reader.raw_until_close  # closed
    assert drained(reader) == [EndOfReply("close", True, None)]
    assert not reader.raw_until_close


def test_text_menus_and_attributes_are_never_raw() -> None:
    assert not GopherReader("attributes").raw_until_close
    for kind, data in (("text", b"abc\r\n"), ("menu", b"0a\t/a\th\t70\r\n")):
        reader = GopherReader(kind)  # type: ignore[arg-type]
        assert not reader.raw_until_close
        reader.receive_data(data)
        drained(reader)
        assert not reader.raw_until_close


def test_gopher_plus_is_raw_only_after_a_to_the_close_status_line() -> None:
    until_close = GopherReader("binary", plus=True)
    assert not until_close.raw_until_close  # the status line is still to come
    until_close.receive_data(b"+-2\r\n")
    assert drained(until_close) == [PlusHeader(True, None, "close", b"+-2")]
    assert until_close.raw_until_close

    counted = GopherReader("binary", plus=True)
    counted.receive_data(b"+10\r\n")
    drained(counted)
    assert not counted.raw_until_close  # exactly 10 bytes, then the end

    error = GopherReader("binary", plus=True)
    error.receive_data(b"--2\r\n")
    drained(error)
    assert not error.raw_until_close  # an error block, read as text
