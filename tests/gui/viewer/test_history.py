"""The viewer's history: back, forward, reload, the forward list dropped on a new visit."""

from __future__ import annotations

import pytest

from urlinspector.core import parse
from urlinspector.gui.viewer.history import History


def visited(*urls: str) -> History:
    history = History()
    for url in urls:
        history.visit(parse(url))
    return history


def test_empty_history_goes_nowhere() -> None:
    history = History()
    assert history.current is None
    assert not history.can_go_back
    assert not history.can_go_forward
    assert history.peek(-1) is None
    with pytest.raises(IndexError, match="back"):
        history.back()


def test_back_and_forward_move_the_position() -> None:
    history = visited("a", "b", "c")
    assert history.current is not None
    assert history.current.url.text == "c"
    assert history.back().url.text == "b"
    assert history.back().url.text == "a"
    assert not history.can_go_back
    assert history.forward().url.text == "b"
    assert [e.url.text for e in history.forward_entries()] == ["c"]
    assert [e.url.text for e in history.back_entries()] == ["a"]


def test_a_new_visit_drops_the_forward_list() -> None:
    history = visited("a", "b", "c")
    history.back()
    history.back()
    history.visit(parse("d"))
    assert [e.url.text for e in history.entries] == ["a", "d"]
    assert not history.can_go_forward


def test_visiting_the_current_url_adds_no_entry_but_keeps_its_state() -> None:
    history = visited("a")
    history.update_current(charset="cp437")
    history.visit(parse("a"), "A title")
    assert len(history) == 1
    assert history.current is not None
    assert history.current.title == "A title"
    assert history.current.state["charset"] == "cp437"


def test_going_too_far_raises_and_keeps_the_position() -> None:
    history = visited("a", "b")
    with pytest.raises(IndexError, match="forward"):
        history.go(1)
    with pytest.raises(IndexError):
        history.go(-2)
    assert history.index == 1


def test_the_oldest_entries_go_first_past_the_limit() -> None:
    history = History(limit=3)
    for url in "abcde":
        history.visit(parse(url))
    assert [e.url.text for e in history.entries] == ["c", "d", "e"]
    assert history.index == 2


def test_state_is_per_entry_and_read_only() -> None:
    history = visited("a", "b")
    history.update_current(row=4)
    history.back()
    assert dict(history.current.state) == {}  # type: ignore[union-attr]
    entry = history.forward()
    assert entry.state["row"] == 4
    with pytest.raises(TypeError):
        entry.state["row"] = 5  # type: ignore[index]


def test_the_listener_hears_every_change() -> None:
    calls: list[int] = []
    history = History(listener=lambda: calls.append(1))
    history.visit(parse("a"))
    history.visit(parse("b"))
    history.back()
    history.update_current(title="x")
    history.clear()
    assert len(calls) == 5
    assert history.current is None


def test_a_limit_below_one_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one"):
        History(limit=0)


def test_an_entry_keeps_the_url_as_it_was_read() -> None:
    history = History()
    history.visit(parse("gopher://127.0.0.1/1/x", "rfc1738"))
    history.visit(parse("gopher://127.0.0.1/1/y", "url-1993"))
    back = history.back()
    assert back.url == parse("gopher://127.0.0.1/1/x", "rfc1738")
    assert back.url.edition.id == "rfc1738"
    history.visit(parse("gopher://127.0.0.1/1/x"))  # the same text: the same entry
    assert len(history) == 2
    assert history.current is not None
    assert history.current.url.edition.id == "rfc3986"
