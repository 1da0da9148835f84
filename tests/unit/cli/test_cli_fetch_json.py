"""``urlinspector fetch --json``: the object's shape, file URLs (the network schemes are
tested against real servers in tests/integration), the URL without its password, and
what is misuse (exit status 2, no object)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.support.fetch_json import KEYS, fetched
from urlinspector.cli import main
from urlinspector.cli.fetch_json import shown_url
from urlinspector.core import parse
from urlinspector.schemes.file import file_url


@pytest.mark.parametrize(
    ("name", "content", "content_type"),
    [
        ("motd", b"Welcome\nto this machine\n", None),
        ("notes.txt", b"plain text\r\n", "text/plain"),
        ("picture.png", b"\x89PNG\r\n\x1a\n" + bytes(300), "image/png"),
        ("empty.html", b"", "text/html"),
    ],
)
def test_a_file(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    name: str,
    content: bytes,
    content_type: str | None,
) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    saved = tmp_path / "copy"
    for output in ([], ["-o", str(saved)]):
        status, summary = fetched(capsys, file_url(str(path)), *output)
        assert status == 0
        assert summary["url"] == file_url(str(path))
        assert (summary["scheme"], summary["host"], summary["port"]) == ("file", None, None)
        assert (summary["kind"], summary["item_type"]) == ("file", None)
        assert summary["content_type"] == content_type
        assert summary["bytes"] == len(content)
        assert summary["saved"] == (str(saved) if output else None)
        assert summary["error"] is None
    assert saved.read_bytes() == content


def test_a_folder_is_counted_and_not_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    for name in ("a.txt", "b.txt", "c"):
        (folder / name).write_text(name)
    saved = tmp_path / "listing"
    status, summary = fetched(capsys, file_url(str(folder), True), "-o", str(saved))
    assert status == 0
    assert (summary["kind"], summary["entries"], summary["bytes"]) == ("folder", 3, None)
    assert summary["saved"] is None
    assert not saved.exists()
    assert not Path(str(saved) + ".part").exists()


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda tmp: tmp / "missing", "no file or folder"),
        (lambda tmp: Path("/dev/null"), "character device"),
    ],
)
def test_a_failure_is_the_objects_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make: Any, says: str
) -> None:
    status, summary = fetched(capsys, file_url(str(make(tmp_path))))
    assert status == 1
    assert says in summary["error"]
    assert summary["bytes"] is None
    assert summary["elapsed"] >= 0


def test_a_file_that_cannot_be_written_is_the_objects_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("x")
    status, summary = fetched(capsys, file_url(str(path)), "-o", str(tmp_path))
    assert status == 1
    assert "folder" in summary["error"]
    assert summary["saved"] is None


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["file://elsewhere.example/etc/motd"], "another"),
        (["--raw", "file:///etc/motd"], "--raw"),
        (["mailto:someone@example.org"], "cannot fetch"),
        (["gopher://127.0.0.1:25/0x"], "port"),
    ],
)
def test_misuse_gives_no_object(
    capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    assert main(["fetch", "--json", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert says in err


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("ftp://alice:s3cret@ftp.example.org/pub/", "ftp://alice@ftp.example.org/pub/"),
        ("ftp://alice:@ftp.example.org/", "ftp://alice@ftp.example.org/"),
        ("nntp://bob:pw@news.example.org/comp.lang", "nntp://bob@news.example.org/comp.lang"),
        ("gopher://gopher.floodgap.com/1/", "gopher://gopher.floodgap.com/1/"),
        ("ftp://anonymous@ftp.example.org/", "ftp://anonymous@ftp.example.org/"),
    ],
)
def test_the_url_is_shown_without_its_password(text: str, shown: str) -> None:
    assert shown_url(parse(text)) == shown


def test_json_md_documents_every_key_in_order() -> None:
    doc = (Path(__file__).parents[3] / "docs" / "json.md").read_text(encoding="utf-8")
    section = doc.split("## `urlinspector fetch --json`", 1)[1].split("\n## ", 1)[0]
    documented = re.findall(r"^\| `(\w+)` \|", section, flags=re.MULTILINE)
    assert documented == KEYS
