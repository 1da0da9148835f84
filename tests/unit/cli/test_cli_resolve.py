"""``urlinspector resolve BASE REF``: the target, --trace, --json, exit codes."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from urlinspector.cli import COMMANDS, main
from urlinspector.core.resolution import resolve

ROOT = Path(__file__).parents[3]
BASE = "http://a/b/c/d;p?q"


def run(argv: list[str], stdin: str | None = None) -> tuple[int, str, str]:
    """``main(argv)`` with stdout/stderr as UTF-8 text streams, like a real pipe."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="\n")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="\n")
    old_stdin = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = old_stdin
    out.flush()
    err.flush()
    return code, out.buffer.getvalue().decode("utf-8"), err.buffer.getvalue().decode("utf-8")


def test_resolve_is_a_command() -> None:
    assert "resolve" in [c.name for c in COMMANDS]


@pytest.mark.parametrize(
    ("argv", "printed"),
    [
        ([BASE, "../g"], "http://a/b/g"),
        ([BASE, "g?y/./x", "--edition", "url-syntax-1997"], "http://a/b/c/g?y/x"),
        ([BASE, "g?y/./x", "--edition", "rfc2396bis-2003"], "http://a/b/c/g?y/./x"),
        ([BASE, "#s"], "(current document)#s"),
        ([BASE, ""], "(current document)"),
        ([BASE, "http:g"], "http:g"),
        ([BASE, "http:g", "--non-strict"], "http://a/b/c/g"),
        ([BASE, ";x", "--edition", "RFC1738"], "http://a/b/c/d;x"),
        ([BASE, "../../../g", "--edition", "url-1993"], "http://a/../g"),
    ],
)
def test_prints_the_target(argv: list[str], printed: str) -> None:
    code, out, err = run(["resolve", *argv])
    assert code == 0
    assert out == printed + "\n"
    assert err == ""


def test_trace_is_a_readable_table() -> None:
    code, out, _ = run(["resolve", BASE, "../g", "--trace", "--color", "never"])
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "http://a/b/g"
    text = "\n".join(lines)
    assert "by RFC 3986 (2005), strict" in text
    # the remove_dot_segments steps as RFC 3986 §5.2.4 tabulates them
    assert "STEP  OUTPUT BUFFER  INPUT BUFFER" in text
    table = [line.split() for line in lines if line.strip().startswith(("2E ", "2C ", "1 "))]
    assert ["2C", "/b", "/g"] in table
    # every step is there, with its citation and the text's words
    r = resolve(BASE, "../g")
    for step in r.steps:
        assert step.citation.split(" step ")[0] in text
    assert "T.path = merge(Base.path, R.path);" in text
    assert "move the first path segment in the input buffer" in text
    assert "Base.authority  a" in text
    assert "—(undefined)" in text  # undefined and empty look different
    assert '""' in text


def test_trace_shows_the_notes() -> None:
    code, out, _ = run(["resolve", BASE, "../../../g", "--trace", "--edition", "rfc2396bis-2003"])
    assert code == 0
    assert out.splitlines()[0] == "http://a/../g"
    assert "note: " in out
    assert "merge step 7" in out
    code, out, _ = run(["resolve", BASE, "g", "--trace", "--edition", "rfc1738"])
    assert "RFC 1808" in out


def test_without_trace_only_the_target() -> None:
    _, out, _ = run(["resolve", BASE, "../../../g", "--edition", "rfc2396bis-2003"])
    assert out == "http://a/../g\n"


def test_json_is_everything() -> None:
    code, out, err = run(["resolve", BASE, "g?y#s", "--json"])
    assert code == 0
    assert err == ""
    data = json.loads(out)
    assert data == resolve(BASE, "g?y#s").to_dict()
    assert data["target"] == "http://a/b/c/g?y#s"
    assert data["steps"]
    assert {"label", "rule", "citation", "values"} == set(data["steps"][0])
    code, out, _ = run(["resolve", BASE, "#s", "--json", "--edition", "url-syntax-1997"])
    data = json.loads(out)
    assert data["same_document"] is True
    assert data["display"] == "(current document)#s"
    assert data["target"] == BASE + "#s"


@pytest.mark.parametrize(
    "argv",
    [
        ["resolve", "a/b", "g"],
        ["resolve", "", "g"],
        ["resolve", "/just/a/path", "g", "--json"],
        ["resolve", "a/b", "g", "--trace"],
        ["resolve", "no-colon/x", "g", "--edition", "url-1993"],
    ],
)
def test_a_base_that_is_not_absolute_exits_2_with_one_line(argv: list[str]) -> None:
    code, out, err = run(argv)
    assert code == 2
    assert out == ""
    assert err.startswith("urlinspector: error: the base ")
    assert "is not absolute" in err
    assert err.count("\n") == 1
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["resolve", BASE],
        ["resolve"],
        ["resolve", BASE, "g", "--edition", "rfc9999"],
        ["resolve", BASE, "g", "--bogus"],
        ["resolve", "-", "-"],
    ],
)
def test_misuse_exits_2(argv: list[str]) -> None:
    code, out, err = run(argv, stdin="http://a/\n")
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1


def test_stdin() -> None:
    code, out, _ = run(["resolve", "-", "../g"], stdin=BASE + "\n")
    assert (code, out) == (0, "http://a/b/g\n")
    code, out, _ = run(["resolve", BASE, "-"], stdin="g;x\n")
    assert (code, out) == (0, "http://a/b/c/g;x\n")


def test_controls_are_never_printed_raw() -> None:
    code, out, _ = run(["resolve", "http://a/\x1b[31m/", "x\u202e\x07", "--trace"])
    assert code == 0
    for ch in out:
        assert ch == "\n" or unicodedata.category(ch) not in ("Cc", "Cf"), repr(ch)
    # --json keeps the text exactly (JSON escapes it)
    code, out, _ = run(["resolve", "http://a/\x1b[31m/", "x\u202e\x07", "--json"])
    assert json.loads(out)["reference"] == "x\u202e\x07"


def test_the_trace_quotes_a_backslash_as_one_backslash() -> None:
    """The trace's heading quoted the reference and the base with repr(): 'd\\\\e'."""
    code, out, _ = run(["resolve", "http://a/b\\c", "d\\e", "--trace", "--color", "never"])
    assert code == 0
    assert "resolving 'd\\e' against 'http://a/b\\c'" in out


def test_colour_when_asked() -> None:
    _, out, _ = run(["resolve", BASE, "g", "--color", "always"])
    assert "\x1b[" in out
    _, out, _ = run(["resolve", BASE, "g", "--color", "never"])
    assert "\x1b[" not in out


def test_help_names_the_editions_and_exit_status() -> None:
    code, out, _ = run(["resolve", "--help"])
    assert code == 0
    for word in ("--non-strict", "--trace", "--json", "rfc2396bis-2003", "RFC 1808", "exit"):
        assert word in out


def test_entry_point_runs() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", "import sys; from urlinspector.cli import main; "
         "sys.exit(main(sys.argv[1:]))", "resolve", BASE, "../g"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )  # fmt: skip
    assert proc.returncode == 0
    assert proc.stdout == "http://a/b/g\n"
