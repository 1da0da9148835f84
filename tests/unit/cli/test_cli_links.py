"""The ``normalize``, ``compare`` and ``extract`` commands."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlinspector.cli import COMMANDS, main
from urlinspector.core.comparison import compare
from urlinspector.core.extraction import extract
from urlinspector.core.normalization import RUNGS, STEPS, normalize

ROOT = Path(__file__).parents[3]

YES_JIM = (
    'Yes, Jim, I found it under "http://www.w3.org/Addressing/",\n'
    "but you can probably pick it up from <ftp://ds.internic.net/rfc/>.\n"
    "Note the warning in <http://www.ics.uci.edu/pub/ietf/uri/\n"
    "   historical.html#WARNING>.\n"
)


def run(argv: list[str], stdin: bytes | None = None) -> tuple[int, str, str]:
    """``main(argv)`` with UTF-8 pipes for stdout/stderr (and stdin when given)."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="\n")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="\n")
    old_stdin = sys.stdin
    if stdin is not None:
        sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        sys.stdin = old_stdin
    out.flush()
    err.flush()
    return code, out.buffer.getvalue().decode("utf-8"), err.buffer.getvalue().decode("utf-8")


def no_raw_controls(text: str) -> bool:
    return not any(
        c != "\n" and unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp") for c in text
    )


def test_the_commands_are_registered() -> None:
    names = [c.name for c in COMMANDS]
    for name in ("normalize", "compare", "extract"):
        assert name in names


# --- normalize ---------------------------------------------------------------------------


def test_normalize_prints_the_url_first_then_each_step() -> None:
    code, out, err = run(["normalize", "HTTP://Example.COM:80/a/./b/../%7euser"])
    assert code == 0
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == "http://example.com/a/~user"
    for step in STEPS:
        assert any(line.startswith(step + " (RFC 3986") for line in lines), step
    assert "Example.COM" in out
    assert "→" in out
    assert "(dropped)" in out  # the default port
    assert "port 80 is the default for http" in out


def test_normalize_no_change() -> None:
    code, out, _ = run(["normalize", "http://example.com/"])
    assert code == 0
    assert out.splitlines()[0] == "http://example.com/"
    assert out.count("no change") == len(STEPS)


def test_normalize_json_is_to_dict() -> None:
    text = "HTTP://h/%7e"
    code, out, _ = run(["normalize", text, "--json"])
    assert code == 0
    assert json.loads(out) == normalize(text).to_dict()


def test_normalize_steps_and_edition() -> None:
    code, out, _ = run(
        [
            "normalize",
            "HTTP://H/./%7e%41",
            "--steps",
            "escapes,case",
            "--edition",
            "rfc1738",
            "--json",
        ]
    )
    data = json.loads(out)
    assert code == 0
    # RFC 1738 §2.2: "~" is unsafe (national), so its escape stays; "A" is unreserved
    assert data["normalized"] == "http://h/./%7EA"
    assert data["steps"] == ["case", "escapes"]
    assert data["edition"] == "rfc1738"


def test_normalize_notes_for_people() -> None:
    code, out, _ = run(["normalize", "gopher://H/1/a/../b"])
    assert code == 0
    assert "notes" in out
    assert "selector" in out


def test_normalize_from_stdin() -> None:
    code, out, _ = run(["normalize", "-"], stdin=b"HTTP://H/\n")
    assert code == 0
    assert out.splitlines()[0] == "http://h/"


@pytest.mark.parametrize(
    "argv",
    [
        ["normalize", "x", "--steps", "lowercase"],
        ["normalize", "x", "--steps", ","],
        ["normalize", "x", "--edition", "nope"],
        ["normalize"],
    ],
)
def test_normalize_misuse(argv: list[str]) -> None:
    code, out, err = run(argv)
    assert code == 2
    assert out == ""
    assert err.startswith("urlinspector: error: ")
    assert err.count("\n") == 1


@given(st.text(max_size=60).filter(lambda t: t != "-"))  # "-" reads stdin
def test_normalize_never_fails_and_stays_safe(text: str) -> None:
    code, out, err = run(["normalize", "--", text])
    assert code == 0, err
    assert no_raw_controls(out)
    code, out, _ = run(["normalize", "--json", "--", text])
    assert json.loads(out)["input"] == text


# --- compare -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "rung", "code"),
    [
        ("http://h/a", "http://h/a", "simple-string", 0),
        ("HTTP://www.EXAMPLE.com/", "http://www.example.com/", "case", 0),
        ("http://h/%7Euser", "http://h/~user", "escapes", 0),
        ("example://a/b/c/%7A", "eXAMPLE://a/./b/../b/c/%7a", "dot-segments", 0),
        ("http://example.com/", "http://example.com:80/", "scheme", 0),
        ("http://example.com/data", "http://example.com/data/", None, 1),
        ("http://h/a%2Fb", "http://h/a/b", None, 1),
    ],
)
def test_compare_exit_codes_and_rung(a: str, b: str, rung: str | None, code: int) -> None:
    got, out, err = run(["compare", a, b])
    assert got == code
    assert err == ""
    first = out.splitlines()[0]
    if rung is None:
        assert first.startswith("different")
    else:
        assert first.startswith("equivalent")
        if rung != "simple-string":
            assert rung in first
    for name in RUNGS:
        assert name in out
    got, out, _ = run(["compare", a, b, "--json"])
    assert got == code
    data = json.loads(out)
    assert data == compare(a, b).to_dict()
    assert data["rung"] == rung


def test_compare_ignore_fragment() -> None:
    a, b = "http://h/a#one", "http://h/a#two"
    assert run(["compare", a, b])[0] == 1
    code, out, _ = run(["compare", a, b, "--ignore-fragment"])
    assert code == 0
    assert "fragments set aside" in out


def test_compare_edition_and_stdin() -> None:
    code, out, _ = run(
        ["compare", "-", "<http://www.xerox.com>", "--edition", "url-syntax-1997", "--json"],
        stdin=b"<http://www.XEROX.com>\n",
    )
    assert code == 0
    data = json.loads(out)
    assert data["rung"] == "case"
    assert data["edition"] == "url-syntax-1997"


def test_compare_misuse() -> None:
    for argv in (["compare", "-", "-"], ["compare", "a"], ["compare", "a", "b", "--edition", "x"]):
        code, out, err = run(argv)
        assert code == 2
        assert out == ""
        assert err.startswith("urlinspector: error: ")
        assert err.count("\n") == 1


# --- extract -------------------------------------------------------------------------------


def test_extract_one_url_a_line(tmp_path: Path) -> None:
    path = tmp_path / "mail.txt"
    path.write_text(YES_JIM, encoding="utf-8")
    code, out, err = run(["extract", str(path)])
    assert code == 0
    assert err == ""
    assert out.splitlines() == [
        "http://www.w3.org/Addressing/",
        "ftp://ds.internic.net/rfc/",
        "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
    ]


def test_extract_from_stdin() -> None:
    for argv in (["extract"], ["extract", "-"]):
        code, out, _ = run(argv, stdin=YES_JIM.encode())
        assert code == 0
        assert len(out.splitlines()) == 3


def test_extract_json_with_spans_lines_and_columns() -> None:
    code, out, _ = run(["extract", "--json"], stdin=YES_JIM.encode())
    assert code == 0
    data = json.loads(out)
    assert data["source"] == "-"
    assert data["count"] == 3
    items = data["urls"]
    expected = extract(YES_JIM)
    for item, found in zip(items, expected, strict=True):
        assert {k: v for k, v in item.items() if k not in ("line", "column")} == found.to_dict()
        start = found.span[0]
        line = YES_JIM.count("\n", 0, start) + 1
        column = start - (YES_JIM.rfind("\n", 0, start) + 1) + 1
        assert (item["line"], item["column"]) == (line, column)
    assert [(i["line"], i["column"]) for i in items] == [(1, 28), (2, 38), (3, 21)]
    assert items[2]["form"] == "angle"


# a report as an abuse desk gets it: IRIs, a look-alike, a backslash trick, defanged IOCs
REPORT = (
    "Seen in the campaign: http://аррӏе.com/login, http://bücher.de/x and\n"
    "「http://例え.jp/」。The lure was https://evil.com\\@good.com/.\n"
    "IOCs: hxxps://evil[.]com/x (payload), hxxp[:]//198[.]51[.]100[.]7/a.\n"
)


def test_extract_marks_refanged_urls() -> None:
    code, out, err = run(["extract"], stdin=REPORT.encode())
    assert code == 0
    assert err == ""
    assert out.splitlines() == [
        "http://аррӏе.com/login",
        "http://bücher.de/x",
        "http://例え.jp/",
        "https://evil.com\\@good.com/",
        "https://evil.com/x  [re-fanged] written hxxps://evil[.]com/x (hxxps → https, [.] → .)",
        "http://198.51.100.7/a  [re-fanged] written hxxp[:]//198[.]51[.]100[.]7/a "
        "(hxxp → http, [:] → :, [.] → .)",
    ]
    # the URL is always the first field
    assert [line.split()[0] for line in out.splitlines()] == [f.url for f in extract(REPORT)]


def test_extract_json_carries_the_original_of_a_refanged_url() -> None:
    code, out, _ = run(["extract", "--json"], stdin=REPORT.encode())
    assert code == 0
    items = json.loads(out)["urls"]
    assert [i["refanged"] for i in items] == [False] * 4 + [True] * 2
    assert all(i["original"] is None and i["original_span"] is None for i in items[:4])
    defanged = items[4]
    assert defanged["url"] == "https://evil.com/x"
    assert defanged["original"] == "hxxps://evil[.]com/x"
    start, end = defanged["original_span"]
    assert REPORT[start:end] == "hxxps://evil[.]com/x"
    assert defanged["url_span"] == [start, end]
    assert [(r["form"], REPORT[slice(*r["span"])], r["meaning"]) for r in defanged["refangs"]] == [
        ("hxxps", "hxxps", "https"),
        ("[.]", "[.]", "."),
    ]
    assert (defanged["line"], defanged["column"]) == (3, 7)


def test_extract_jsonl_carries_the_original_too(tmp_path: Path) -> None:
    path = tmp_path / "iocs.txt"
    path.write_text("clean line\nIOC hXXps://evil[.]com/x\n", encoding="utf-8")
    code, out, _ = run(["extract", "--jsonl", str(path)])
    assert code == 0
    (line,) = [json.loads(x) for x in out.splitlines()]
    assert line["line"] == 2
    (url,) = line["urls"]
    assert url["url"] == "https://evil.com/x"
    assert url["refanged"] is True
    assert url["original"] == "hXXps://evil[.]com/x"
    assert url["original_span"] == [4, 24]
    assert url["column"] == 5


def test_extract_nothing_found_is_exit_1() -> None:
    code, out, _ = run(["extract"], stdin=b"no links here: just words.\n")
    assert code == 1
    assert out == ""


@pytest.mark.parametrize("name", ["missing.txt", "."])
def test_extract_unreadable_file_is_one_line_exit_2(tmp_path: Path, name: str) -> None:
    target = tmp_path / name
    code, out, err = run(["extract", str(target)])
    assert code == 2
    assert out == ""
    assert err.startswith("urlinspector: error: cannot read ")
    assert err.count("\n") == 1
    assert "Traceback" not in err


def test_extract_charset_and_undecodable_bytes(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"caf\xe9 <http://h.example/caf\xe9> http://h.example/x\xff\n")
    code, out, _ = run(["extract", str(path)])
    assert code == 0
    # undecodable as UTF-8: shown, never written raw; it stays in the URL it is part of
    assert out.splitlines() == ["http://h.example/caf\\xe9", "http://h.example/x\\xff"]
    code, out, _ = run(["extract", str(path), "--charset", "latin-1"])
    # an IRI: both keep their non-ASCII characters (RFC 3987)
    assert out.splitlines() == ["http://h.example/café", "http://h.example/xÿ"]
    code, out, _ = run(["extract", str(path), "--json"])
    assert json.loads(out)["count"] == 2


def test_extract_never_prints_controls() -> None:
    code, out, _ = run(["extract"], stdin=b"<http://h.example/a\x1b[31m>\n<URL:x:\xe2\x80\xaey>")
    assert code == 0
    assert no_raw_controls(out)
    assert "⟦RLO⟧" in out


def test_extract_subprocess_broken_pipe_and_big_input() -> None:
    text = ("see http://h.example/x and more text " * 40_000).encode()
    proc = subprocess.run(
        [sys.executable, "-m", "urlinspector", "extract"],
        input=text,
        capture_output=True,
        timeout=120,
        check=False,
        cwd=ROOT,
    )
    assert proc.returncode == 0
    assert proc.stdout.count(b"\n") == 40_000
    assert proc.stderr == b""
