"""Messages about news URLs, servers and commands quote the values as they are: a
backslash is one backslash (not repr's two), and a control character is escaped, never
raw."""

from __future__ import annotations

import pytest

from urlinspector.net.nntp import fetch_article
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.nntp.events import Command
from urlinspector.schemes.nntp.protocol import encode
from urlinspector.schemes.nntp.url import (
    InvalidServer,
    NewsTarget,
    check_message_id,
    parse_server,
)


def test_a_server_setting_with_a_backslash() -> None:
    with pytest.raises(InvalidServer) as caught:
        parse_server("news\\host:119")
    message = str(caught.value)
    assert "'news\\host' in the news server setting 'news\\host:119'" in message
    assert "\\\\" not in message


def test_a_server_setting_with_a_control_character() -> None:
    with pytest.raises(InvalidServer) as caught:
        parse_server("news\x1bhost")
    message = str(caught.value)
    assert "'news\\x1bhost'" in message
    assert "\x1b" not in message


def test_a_message_id_with_a_backslash() -> None:
    with pytest.raises(LocalProtocolError) as caught:
        check_message_id("<a>b\\c>")
    assert str(caught.value).startswith("'<a>b\\c>' is not a message-id")


def test_a_command_argument_with_a_carriage_return() -> None:
    with pytest.raises(LocalProtocolError) as caught:
        encode(Command("GROUP", ("a\\b\rQUIT",)))
    message = str(caught.value)
    assert "'a\\b\\x0dQUIT'" in message
    assert "\r" not in message


def test_a_target_of_the_wrong_kind_is_quoted_as_it_is() -> None:
    target = NewsTarget("news:a\\b", "news", "overview", group="a\\b")
    with pytest.raises(LocalProtocolError) as caught:
        fetch_article(target)
    assert str(caught.value) == "'news:a\\b' does not name an article"
