"""``urlinspector spec``: the bundled texts on the terminal."""

from __future__ import annotations

import contextlib
import io

import pytest

from urlinspector.cli import main


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(argv)
    return status, out.getvalue(), err.getvalue()


def test_no_arguments_lists_the_documents() -> None:
    status, out, err = run(["spec"])
    assert (status, err) == (0, "")
    for name in ("RFC 1738", "URL syntax draft 1997", "RFC 2396bis draft 2003", "URL draft 1993"):
        assert name in out
    assert "RFC 1738 summary (zh)" in out


@pytest.mark.parametrize("doc", ["000", "rfc1738", "1738", "RFC 1738", "RFC1738"])
def test_a_document_gives_its_contents(doc: str) -> None:
    status, out, _ = run(["spec", *doc.split(" ")])
    assert status == 0
    lines = out.splitlines()
    assert lines[0].startswith("RFC 1738: ")
    assert "      §3.2.2 FTP url-path" in lines
    assert "  §6 Security considerations" in lines
    assert "    §3.2 FTP" in lines


@pytest.mark.parametrize(
    "argv",
    [
        ["000", "§3.2.2"],
        ["000", "3.2.2"],
        ["rfc1738", "§3.2.2"],
        ["RFC 1738 §3.2.2"],
        ["RFC", "1738", "§3.2.2"],
    ],
)
def test_a_section(argv: list[str]) -> None:
    status, out, err = run(["spec", *argv])
    assert (status, err) == (0, "")
    assert out.startswith("RFC 1738 §3.2.2 FTP url-path\n\n3.2.2. FTP url-path\n")
    assert "<URL:ftp://myname@host.dom/%2Fetc/motd>" in out
    assert "3.2.3" not in out  # the next section is not printed


def test_a_section_of_a_text_without_line_breaks_is_refilled() -> None:
    status, out, _ = run(["spec", "002", "§7.3"])
    assert status == 0
    assert out.startswith("RFC 2396bis draft 2003 §7.3 Rare IP Address Formats\n")
    assert max(len(line) for line in out.splitlines()) <= 100
    assert "inet_aton()" in out


def test_a_titled_section_of_the_1993_draft() -> None:
    status, out, _ = run(["spec", "URL draft 1993 (Gopher)"])
    assert status == 0
    assert out.startswith("URL draft 1993 Gopher\n")
    assert "selector string" in out


@pytest.mark.parametrize(
    ("citation", "heading"),
    [
        ("URL draft 1993 (BNF: port = digits)", "URL draft 1993 BNF syntax"),
        ("RFC 1738 §3.4.1 / §5", "RFC 1738 §3.4.1 Gopher URL syntax"),
        ("URL syntax draft 1997 appendix C", "URL syntax draft 1997 appendix C Examples of"),
    ],
)
def test_a_citation_as_the_program_writes_it(citation: str, heading: str) -> None:
    status, out, _ = run(["spec", citation])
    assert status == 0
    assert out.startswith(heading)


def test_a_lost_heading_says_where_its_text_is() -> None:
    status, out, _ = run(["spec", "000", "§3.5"])
    assert status == 0
    assert "lost the heading of §3.5" in out
    assert "mailto URL scheme" in out


def test_a_rule() -> None:
    status, out, _ = run(["spec", "000", "--rule", "ftpurl"])
    assert status == 0
    assert out.splitlines() == [
        "RFC 1738 §5 BNF for specific URL schemes:",
        '  ftpurl         = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]',
    ]


def test_a_rule_in_every_document() -> None:
    status, out, _ = run(["spec", "--rule", "pchar"])
    assert status == 0
    assert "URL syntax draft 1997" in out
    assert "RFC 2396bis draft 2003 §3.3 Path Component:" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nosuchdoc"], "unknown document 'nosuchdoc'"),
        (["000", "§9.9"], "RFC 1738 has no section '9.9'"),
        (["rfc3986", "§5.2.4"], "RFC 3986 is cited, but its text does not ship"),
        (["000", "--rule", "nosuchrule"], "no grammar rule 'nosuchrule' is defined in RFC 1738"),
    ],
)
def test_clear_errors(argv: list[str], message: str) -> None:
    status, out, err = run(["spec", *argv])
    assert status == 2
    assert out == ""
    assert err.startswith("urlinspector: error: ")
    assert message in err
    assert err.count("\n") == 1
