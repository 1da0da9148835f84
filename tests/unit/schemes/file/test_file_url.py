"""file URLs as local paths (RFC 1738 §3.10), and paths as file URLs."""

from __future__ import annotations

from pathlib import PurePosixPath

import pytest

from urlinspector.core import parse
from urlinspector.schemes.errors import LocalProtocolError
from urlinspector.schemes.file import file_target, file_url


@pytest.mark.parametrize(
    ("url", "path", "is_dir"),
    [
        ("file:///etc/motd", "/etc/motd", False),
        ("file://localhost/etc/motd", "/etc/motd", False),
        ("file://LOCALHOST/tmp/", "/tmp", True),
        ("file:///tmp/a%20b.txt", "/tmp/a b.txt", False),
        ("file:///", "/", True),
    ],
)
def test_local_paths(url: str, path: str, is_dir: bool) -> None:
    target = file_target(parse(url))
    assert target.path == PurePosixPath(path)
    assert target.is_dir_url is is_dir
    assert target.url == url


@pytest.mark.parametrize("url", ["file://example.org/etc/motd", "http://example.org/"])
def test_refused_before_anything_is_opened(url: str) -> None:
    with pytest.raises(LocalProtocolError):
        file_target(parse(url))


def test_a_nul_in_the_path_is_refused() -> None:
    with pytest.raises(LocalProtocolError, match="NUL"):
        file_target(parse("file:///etc/motd%00.txt"))


@pytest.mark.parametrize(
    ("path", "is_dir", "url"),
    [
        ("/etc/motd", False, "file:///etc/motd"),
        ("/tmp/a b;c", False, "file:///tmp/a%20b%3Bc"),
        ("/tmp", True, "file:///tmp/"),
        ("/", True, "file:///"),
    ],
)
def test_file_url_round_trip(path: str, is_dir: bool, url: str) -> None:
    assert file_url(path, is_dir) == url
    assert file_target(parse(url)).path == PurePosixPath(path)


def test_a_url_in_a_message_shows_controls_as_escapes() -> None:
    with pytest.raises(LocalProtocolError) as info:
        file_target(parse("http://a\x1bb/"))
    assert "\x1b" not in str(info.value)
    assert "\\x1b" in str(info.value)
