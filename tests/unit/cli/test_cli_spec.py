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
        (["rfc3986", "§8"], "RFC 3986 §8 IANA Considerations: no bundled draft has such"),
        (["RFC 3986 §11"], "RFC 3986 has no section 11"),
        (["WHATWG", "URL"], "WHATWG URL is cited, but its text does not ship"),
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


# --- RFC 3986, shown from its drafts ---------------------------------------------------------


def test_an_rfc_3986_citation_prints_the_draft_section_that_says_it() -> None:
    status, out, err = run(["spec", "RFC 3986 §2.1"])
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == (
        "RFC 3986 §2.1 Percent-Encoding — shown from the 2003 draft §2.4 Escape Sequences, "
        "its predecessor"
    )
    assert "(RFC 3986's own text does not ship with urlinspector: shown is RFC 2396bis" in out
    assert "2.4 Escape Sequences" in lines
    assert "2.1 URIs and non-ASCII characters" not in out  # not the draft's own §2.1
    assert '   escaped = "%" HEXDIG HEXDIG' in lines  # a rule on a line of its own


@pytest.mark.parametrize(
    ("argv", "heading"),
    [
        (["rfc3986", "§5.2.4"], "RFC 3986 §5.2.4 Remove Dot Segments — shown from the 2003 "
         "draft §5.2 Resolving Relative References to Absolute Form, its predecessor"),
        (["3986", "appendix", "A"], "RFC 3986 appendix A Collected ABNF for URI — shown from "
         "the 1997 draft appendix A Collected BNF for URLs, an earlier draft"),
        (["RFC 3986 §2.5"], "RFC 3986 §2.5 Identifying Data — shown from the 2003 draft §2.1 "
         "URIs and non-ASCII characters, its predecessor"),
    ],
)  # fmt: skip
def test_rfc_3986_sections(argv: list[str], heading: str) -> None:
    status, out, _ = run(["spec", *argv])
    assert status == 0
    assert out.splitlines()[0] == heading


def test_rfc_3986s_contents_say_where_each_section_is_shown_from() -> None:
    status, out, _ = run(["spec", "rfc3986"])
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "RFC 3986: Uniform Resource Identifier (URI): Generic Syntax"
    assert "    §2.1 Percent-Encoding  →  the 2003 draft §2.4 Escape Sequences" in lines
    assert "    §8 IANA Considerations  →  in no bundled draft" not in lines
    assert "  §8 IANA Considerations  →  in no bundled draft" in lines


def test_rfc_3986s_rules_come_from_its_predecessor() -> None:
    status, out, _ = run(["spec", "rfc3986", "--rule", "pchar"])
    assert status == 0
    assert out.splitlines()[0] == "(RFC 3986's text does not ship: from RFC 2396bis draft 2003)"
    assert "RFC 2396bis draft 2003 §3.3 Path Component:" in out


# --- preformatted blocks ---------------------------------------------------------------------


def test_grammar_rules_are_printed_as_they_are() -> None:
    status, out, _ = run(["spec", "URL draft 1993 (BNF syntax)"])
    assert status == 0
    lines = out.splitlines()
    # longer than the terminal, and still one line: a rule is not refilled
    assert max(len(line) for line in lines) > 100
    url = next(line for line in lines if line.startswith("url "))
    assert url.startswith("url     generic httpaddress ftpaddress newsaddress ")
    assert url.endswith(" gopheraddress waisaddress mailtoaddress")
    assert "port    digits" in lines  # (its tab expanded)
    status, out, _ = run(["spec", "RFC 1738 §5"])
    assert '   gopherurl      = "gopher://" hostport [ / [ gtype [ selector' in out.splitlines()


def test_a_figure_of_a_text_without_line_breaks_gets_its_lines_back() -> None:
    status, out, _ = run(["spec", "002", "§5.1"])
    assert status == 0
    lines = out.splitlines()
    top = lines.index("   .----------------------------------------------------------.")
    assert lines[top + 1] == "   | .----------------------------------------------------. |"
    assert lines[top + 16] == "   `----------------------------------------------------------'"
    assert lines[top + 17] == ""
