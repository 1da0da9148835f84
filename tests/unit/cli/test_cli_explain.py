"""``urlinspector explain``: a URL read out in sentences with their citations."""

from __future__ import annotations

import contextlib
import io
import json

from urlinspector.cli import main


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def test_the_sentences_with_their_citations() -> None:
    status, out, err = run(["explain", "gopher://gopher.example.org/7/search%09cats"])
    assert (status, err) == (0, "")
    text = " ".join(out.split())  # unwrapped
    assert "• The scheme `gopher` names an item of the Gopher protocol. (RFC 1738 §3.4)" in text
    assert "No port is given, so the default 70 applies. (RFC 1738 §3.4)" in text
    assert "`cats`" in text
    assert "(RFC 1738 §3.4.2 / §5)" in text
    assert out.splitlines()[0].endswith("(read by RFC 3986 (2005))")


def test_json() -> None:
    status, out, _ = run(["explain", "--json", "ftp://ftp.example.com/f.txt;type=i"])
    assert status == 0
    data = json.loads(out)
    assert data["input"] == "ftp://ftp.example.com/f.txt;type=i"
    assert data["edition"] == "rfc3986"
    typecode = next(s for s in data["sentences"] if s["topic"] == "typecode")
    assert typecode["citation"] == "RFC 1738 §3.2.2 / §5"
    assert typecode["span"] == [33, 34]
    assert typecode["rule"] == "ftptype"
    assert "`TYPE I`" in typecode["text"]


def test_the_edition_and_the_exit_status() -> None:
    status, out, _ = run(["explain", "--edition", "rfc1738", "http://exa mple.com/"])
    assert status == 1
    assert "(read by RFC 1738 (1994))" in out.splitlines()[0]
    status, _, err = run(["explain", "--edition", "nope", "http://x/"])
    assert status == 2
    assert "nope" in err


def test_control_characters_are_shown_safely() -> None:
    _status, out, _ = run(["explain", "http://x/a\x1b[31mb"])
    assert "\x1b" not in out
    assert "␛" in out
