"""Replies recorded from real servers (tests/data/gopher/), read by the sans-IO reader,
whole and one byte at a time."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

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
    parse_views,
    read_all,
)

DATA = Path(__file__).resolve().parents[3] / "data" / "gopher"
INDEX = json.loads((DATA / "index.json").read_text("utf-8"))["transcripts"]


def _read(entry: dict[str, Any], *, bytewise: bool) -> list[Event]:
    data = (DATA / entry["file"]).read_bytes()
    reader = GopherReader(entry["kind"], plus=entry["plus"])
    if not bytewise:
        return read_all(reader, data)
    events: list[Event] = []
    for i in range(len(data)):
        reader.receive_data(data[i : i + 1])
        while (event := reader.next_event()) is not NEED_DATA:
            events.append(event)  # type: ignore[arg-type]
            if isinstance(event, EndOfReply):
                return events
    return events + read_all(reader, b"")


@pytest.fixture(params=INDEX, ids=[e["file"] for e in INDEX])
def entry(request: pytest.FixtureRequest) -> dict[str, Any]:
    return dict(request.param)


@pytest.mark.parametrize("bytewise", [False, True], ids=["whole", "bytewise"])
def test_recorded_reply(entry: dict[str, Any], bytewise: bool) -> None:
    events = _read(entry, bytewise=bytewise)
    last = events[-1]
    assert isinstance(last, EndOfReply)
    assert last.framing == entry["framing"]
    assert last.complete
    headers = [e for e in events if isinstance(e, PlusHeader)]
    assert [h.raw.decode() for h in headers] == ([entry["header"]] if "header" in entry else [])
    menu = [e for e in events if isinstance(e, MenuItem)]
    if "types" in entry:
        assert "".join(i.itemtype for i in menu) == entry["types"]
    for index, url in entry.get("urls", {}).items():
        assert menu[int(index)].url == url
    if "plus_fields" in entry:
        assert "".join(i.plus or " " for i in menu) == entry["plus_fields"]
    text = b"".join(e.data for e in events if isinstance(e, Data))
    if "body" in entry:
        assert text == entry["body"].encode()
    if "ends_with" in entry:
        assert text.endswith(entry["ends_with"].encode())
    if "error_in_body" in entry:
        assert error_in_body(text) == entry["error_in_body"]
    errors = [e for e in events if isinstance(e, PlusError)]
    if "error_code" in entry:
        assert [(e.code, e.contact) for e in errors] == [
            (entry["error_code"], entry["error_contact"])
        ]
    else:
        assert errors == []
    blocks = [e for e in events if isinstance(e, Attribute)]
    if "attributes" in entry:
        assert [b.name for b in blocks] == entry["attributes"]
        assert all(b.item is not None and b.item.url for b in blocks if b.name == "INFO")
    if "abstract" in entry:
        assert next(b.lines for b in blocks if b.name == "ABSTRACT") == tuple(entry["abstract"])
    if "views" in entry:
        views = parse_views(next(b for b in blocks if b.name == "VIEWS"))
        assert [[v.content_type, v.language, v.size] for v in views] == entry["views"]


def test_every_recorded_file_is_described() -> None:
    described = {e["file"] for e in INDEX}
    assert described == {p.name for p in DATA.glob("*.gph")}
