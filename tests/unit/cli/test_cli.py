"""The command line: exit codes, JSON, colour, safe output, the entry points."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from urlinspector.cli import COMMANDS, main, visible

ROOT = Path(__file__).parents[3]
PYTHON = sys.executable

SGR = re.compile(r"\x1b\[[0-9;:]*m")
LOOKALIKE = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm"

TOP_LEVEL_KEYS = {
    "input",
    "edition",
    "valid",
    "absolute",
    "components",
    "host_kind",
    "port_number",
    "default_port",
    "path_separator_span",
    "segments",
    "scheme_specific",
    "diagnostics",
    # where browsers go (core.destinations)
    "browser",
    "registrable_domain",
    "host_display",
    "verdict",
    "unwrapping",
    # what the HTTP libraries read (core.readers)
    "readers",
    # the query as a list, the fragment's directive (core.query, core.fragment_directive)
    "query_params",
    "text_fragment",
}
COMPONENT_KEYS = {
    "uri",
    "scheme",
    "authority",
    "userinfo",
    "user",
    "password",
    "host",
    "port",
    "path",
    "query",
    "fragment",
}
DIAGNOSTIC_KEYS = {"code", "severity", "category", "span", "message", "reference"}


def run(argv: list[str]) -> tuple[int, str, str]:
    """``main(argv)`` with stdout/stderr as UTF-8 text streams, like a real pipe."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="\n")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", newline="\n")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    out.flush()
    err.flush()
    return (
        code,
        out.buffer.getvalue().decode("utf-8"),
        err.buffer.getvalue().decode("utf-8"),
    )


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def run_tty(argv: list[str]) -> tuple[int, str]:
    out = FakeTTY()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(argv)
    return code, out.getvalue()


def raw_controls(text: str) -> set[str]:
    """Control/format characters other than newline left in *text* (SGR removed)."""
    return {
        c
        for c in SGR.sub("", text)
        if c != "\n" and unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp")
    }


# --- exit codes ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["parse", "http://example.com/a?b#c"], 0),
        (["parse", LOOKALIKE], 0),  # warnings only
        (["parse", "http://a b/"], 1),
        (["parse", "http://h/%zz"], 1),
        (["parse", "http://h/", "--edition", "rfc1738"], 0),
        (["parse", "http://h/", "--json"], 0),
        (["parse", "http://h/%zz", "--json"], 1),
        (["decode", "a%41"], 0),
        (["decode", "%zz"], 1),
        (["decode", "%E9"], 1),  # not UTF-8
        (["decode", "%E9", "--charset", "latin-1"], 0),
        (["parse", "x", "--edition", "nope"], 2),
        (["decode", "x", "--charset", "nope"], 2),
        (["decode", "x", "--charset", "base64"], 2),  # not a text codec
        (["decode", "x", "--edition", "nope"], 2),
        (["parse"], 2),
        (["parse", "x", "--no-such-option"], 2),
        (["no-such-command"], 2),
        ([], 2),
    ],
)
def test_exit_codes(argv: list[str], expected: int) -> None:
    code, _, err = run(argv)
    assert code == expected
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [
        ["parse", "http://h/", "--edition", "nope"],
        ["decode", "x", "--charset", "nope"],
        ["parse", "x", "--bogus"],
        ["bogus"],
        ["parse", "http://h/", "--edition", "\x1b[31mred\n"],
    ],
)
def test_misuse_is_one_line_on_stderr(argv: list[str]) -> None:
    code, out, err = run(argv)
    assert code == 2
    assert out == ""
    assert err.startswith("urlinspector: error: ")
    assert err.count("\n") == 1
    assert err.endswith("\n")
    assert "Traceback" not in err
    assert not raw_controls(err)


def test_unknown_edition_names_the_known_ones() -> None:
    _, _, err = run(["parse", "http://h/", "--edition", "rfc9999"])
    assert "rfc9999" in err
    assert "rfc3986" in err
    assert "rfc1738" in err


def test_no_subcommand_prints_help() -> None:
    code, _out, err = run([])
    assert code == 2
    assert "parse" in err
    assert "decode" in err
    assert "usage:" in err


def test_help_exits_zero_and_lists_editions_and_legend() -> None:
    code, out, _ = run(["parse", "--help"])
    assert code == 0
    assert "rfc2396bis-2003" in out
    assert "RFC 1738" in out
    assert "gopher-type" in out
    assert "wavy underline" in out


def test_edition_ids_are_case_insensitive() -> None:
    code, out, _ = run(["parse", "http://h/", "--edition", "RFC1738", "--json"])
    assert code == 0
    assert json.loads(out)["edition"] == "rfc1738"


def test_commands_are_a_table() -> None:
    from urlinspector.app import ALL_COMMANDS

    names = ["parse", "decode", "resolve", "normalize", "compare", "extract", "guard", "defang"]
    names += ["clean", "fetch", "spec", "explain", "scan"]
    assert [c.name for c in COMMANDS] == names
    assert [c.name for c in ALL_COMMANDS] == [*names, "gui", "open", "demo"]


def test_api_errors_become_exit_2(monkeypatch: pytest.MonkeyPatch) -> None:
    import urlinspector.cli.inspect as cli
    from urlinspector.core import UnknownCharsetError

    def boom(*args: object, **kwargs: object) -> None:
        raise UnknownCharsetError("x-weird")

    monkeypatch.setattr(cli, "decode", boom)
    code, _out, err = run(["decode", "abc"])
    assert code == 2
    assert err == "urlinspector: error: " + str(UnknownCharsetError("x-weird")) + "\n"


def test_a_bug_is_one_line_not_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    import urlinspector.cli.inspect as cli

    def boom(*args: object, **kwargs: object) -> None:
        raise IndexError("oops")

    monkeypatch.setattr(cli, "inspect", boom)
    monkeypatch.delenv("URLINSPECTOR_DEBUG", raising=False)
    code, _, err = run(["parse", "http://h/"])
    assert code == 70
    assert err.count("\n") == 1
    assert "IndexError" in err
    assert "Traceback" not in err


# --- parse --json -----------------------------------------------------------------------


def parse_json(url: str, *extra: str) -> dict[str, object]:
    code, out, err = run(["parse", url, "--json", *extra])
    assert code in (0, 1)
    assert err == ""
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def test_json_schema() -> None:
    data = parse_json("http://user:pw@example.com:8080/a/b?q=1#f")
    assert set(data) == TOP_LEVEL_KEYS
    components = data["components"]
    assert isinstance(components, dict)
    assert set(components) == COMPONENT_KEYS
    for value in components.values():
        assert value is None or set(value) == {"text", "decoded", "span"}
    assert data["port_number"] == 8080
    assert data["default_port"] == 80
    assert data["host_kind"] == "reg-name"
    assert data["segments"] == [{"text": "a", "span": [32, 33]}, {"text": "b", "span": [34, 35]}]
    specific = data["scheme_specific"]
    assert isinstance(specific, dict)
    assert set(specific) == {"scheme", "default_port", "parts", "fields"}
    for part in specific["parts"]:
        assert set(part) == {"name", "text", "decoded", "span", "role", "rule"}
    diagnostics = data["diagnostics"]
    assert isinstance(diagnostics, list)
    assert diagnostics
    for d in diagnostics:
        assert set(d) == DIAGNOSTIC_KEYS


def test_json_is_exactly_to_dict() -> None:
    from urlinspector.present.inspection import inspect

    url = "gopher://h:70/1sel%09search"
    _, out, _ = run(["parse", url, "--json"])
    one = inspect(url, edition="rfc3986")
    report = one.destination.report(one.url)
    report["query_params"] = None  # (the URL has no query and no fragment)
    report["text_fragment"] = None
    assert out == json.dumps(report, indent=2, ensure_ascii=False) + "\n"
    # the URL's own keys are to_dict()'s, unchanged
    data = json.loads(out)
    assert {k: data[k] for k in one.url.to_dict()} == json.loads(json.dumps(one.url.to_dict()))


def test_json_gives_decoded_text_beside_the_text_as_written() -> None:
    data = parse_json("http://us%65r@h/caf%C3%A9/%FF?q=%41#%2")
    components = data["components"]
    assert isinstance(components, dict)
    assert components["user"]["decoded"] == "user"
    # undecodable octets as \xNN; an invalid escape stays as written
    assert components["path"] == {
        "text": "/caf%C3%A9/%FF",
        "decoded": "/café/\\xff",
        "span": [15, 29],
    }
    assert components["query"]["decoded"] == "q=A"
    assert components["fragment"]["decoded"] == "%2"


def test_json_decodes_in_the_charset_chosen() -> None:
    latin = parse_json("gopher://h/0caf%E9", "--charset", "latin-1")
    utf8 = parse_json("gopher://h/0caf%E9")
    for data, expected in ((latin, "café"), (utf8, "caf\\xe9")):
        specific = data["scheme_specific"]
        assert isinstance(specific, dict)
        (selector,) = [p for p in specific["parts"] if p["name"] == "selector"]
        assert selector["decoded"] == expected
        assert selector["text"] == "caf%E9"


def test_unknown_charset_is_misuse() -> None:
    code, out, err = run(["parse", "http://h/", "--json", "--charset", "no-such-charset"])
    assert code == 2
    assert out == ""
    assert "no-such-charset" in err


def test_empty_user_versus_no_user() -> None:
    empty = parse_json("ftp://@host.com/")["components"]
    none = parse_json("ftp://host.com/")["components"]
    assert isinstance(empty, dict)
    assert isinstance(none, dict)
    assert empty["user"] == {"text": "", "decoded": "", "span": [6, 6]}
    assert empty["userinfo"] == {"text": "", "decoded": "", "span": [6, 6]}
    assert empty["host"] == {"text": "host.com", "decoded": "host.com", "span": [7, 15]}
    assert none["user"] is None
    assert none["userinfo"] is None
    assert none["password"] is None
    assert none["host"] == {"text": "host.com", "decoded": "host.com", "span": [6, 14]}


def test_userinfo_lookalike_is_a_security_diagnostic() -> None:
    data = parse_json(LOOKALIKE)
    components = data["components"]
    assert isinstance(components, dict)
    assert components["host"] == {"text": "10.0.0.1", "decoded": "10.0.0.1", "span": [43, 51]}
    assert components["userinfo"] == {
        "text": "www.example.com&story=breaking_news",
        "decoded": "www.example.com&story=breaking_news",
        "span": [7, 42],
    }
    assert data["host_kind"] == "ipv4"
    diagnostics = data["diagnostics"]
    assert isinstance(diagnostics, list)
    lookalike = [d for d in diagnostics if d["code"] == "userinfo-lookalike"]
    assert len(lookalike) == 1
    assert lookalike[0]["category"] == "security"
    assert lookalike[0]["span"] == [7, 42]
    assert lookalike[0]["reference"]


def test_json_output_is_json_only_even_with_color_always() -> None:
    _, out, _ = run(["parse", "http://h/%zz", "--json", "--color", "always"])
    assert "\x1b" not in out
    json.loads(out)


def test_json_with_undecodable_argv_bytes_stays_valid() -> None:
    s = "http://h/" + b"\xff".decode("utf-8", "surrogateescape")
    code, out, _err = run(["parse", s, "--json"])
    assert code == 1
    assert json.loads(out)["input"] == s


# --- parse for people -------------------------------------------------------------------


def test_report_shows_components_undefined_and_empty() -> None:
    code, out, _ = run(["parse", "ftp://@host.com/", "--color", "never"])
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "ftp://@host.com/"
    assert re.search(r"^\s+user\s+\"\"\s+6:6$", out, re.M)
    assert re.search(r"^\s+password\s+—\(undefined\)$", out, re.M)
    assert re.search(r"^\s+host\s+host\.com\s+7:15$", out, re.M)
    assert "default for ftp: 21" in out
    assert "diagnostics: none" in out


def test_report_marks_errors_under_the_url() -> None:
    code, out, _ = run(["parse", "http://a b/%zz", "--color", "never"])
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == "http://a b/%zz"
    assert lines[1] == "        ^  ^^^"
    assert "errors (2)" in out
    assert "bad-escape" in out
    assert "RFC 3986 §2.1" in out


def test_report_marks_warnings_and_groups_by_severity() -> None:
    code, out, _ = run(["parse", LOOKALIKE, "--color", "never"])
    assert code == 0
    lines = out.splitlines()
    assert lines[1].startswith(" " * 7 + "~" * 35)
    assert "warnings (2)" in out
    assert "userinfo-lookalike" in out
    assert "errors (" not in out


def test_report_shows_scheme_specific_parts_with_values() -> None:
    _, out, _ = run(["parse", "gopher://h/1sel%09search", "--color", "never"])
    assert "scheme-specific parts (gopher, default port 70)" in out
    assert re.search(r"^\s+gophertype\s+1\s+11:12\s+1$", out, re.M)
    assert re.search(r"^\s+search\s+search\s+18:24\s+search$", out, re.M)


def test_report_fits_80_columns_for_ordinary_urls() -> None:
    _, out, _ = run(["parse", "http://user:pw@example.com:8080/a/b%2Fc?x=1&y=2#frag"])
    for line in out.splitlines():
        assert len(line) <= 80, line


def test_long_url_with_errors_folds_with_carets() -> None:
    url = "http://h/" + "a" * 200 + "%zz"
    _, out, _ = run(["parse", url, "--color", "never"])
    lines = out.split("\n\n")[0].splitlines()
    assert all(len(line) < 80 for line in lines)
    assert "".join(lines[:-1]) == url  # folded; the carets under the last piece only
    assert lines[-1] == " " * (len(lines[-2]) - 3) + "^^^"


# --- colour -------------------------------------------------------------------------------


def test_auto_colour_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    _, out = run_tty(["parse", "http://h/%zz"])
    assert "\x1b[" in out


def test_no_color_env_turns_auto_colour_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    _, out = run_tty(["parse", "http://h/%zz"])
    assert "\x1b" not in out


@pytest.mark.parametrize("command", [["parse", "http://u:p@h/%41%zz?a=1"], ["decode", "%41%zz"]])
def test_color_never_and_always(monkeypatch: pytest.MonkeyPatch, command: list[str]) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    _, never = run_tty([*command, "--color", "never"])
    assert "\x1b" not in never
    _, always, _ = run([*command, "--color", "always"])  # not a terminal, NO_COLOR set
    assert "\x1b[" in always
    assert always.count("\x1b[0m") >= 3
    assert SGR.sub("", always) == never


def test_not_a_terminal_means_no_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    _, out, _ = run(["parse", "http://h/%zz"])
    assert "\x1b" not in out


def test_truecolor_and_theme(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLORTERM", "truecolor")
    _, dark, _ = run(["parse", "http://h/", "--color", "always", "--theme", "dark"])
    _, light, _ = run(["parse", "http://h/", "--color", "always", "--theme", "light"])
    assert "38;2;" in dark
    assert "38;2;" in light
    assert dark != light


# --- any input, shown safely -----------------------------------------------------------------

NASTY = [
    "http://h/\x1b[2J\x1b]0;pwned\x07",
    "http://h/a\rb\nc\td\x00e\x7f",
    "http://h/\x9b31m\x85",
    "http://h/\u202eevil\u2066\u200b\ufeff\u2028\u2029",
    "http://h\u00a0x/",
    "http://h/" + b"\xff\xfe".decode("utf-8", "surrogateescape"),
    "http://h/\ud800",
]


@pytest.mark.parametrize("text", NASTY)
@pytest.mark.parametrize("color", ["never", "always"])
def test_control_characters_never_reach_stdout(text: str, color: str) -> None:
    code, out, err = run(["parse", text, "--color", color])
    assert code in (0, 1)
    assert not raw_controls(out), raw_controls(out)
    assert err == ""


@pytest.mark.parametrize("text", NASTY)
def test_decode_shows_control_characters_safely(text: str) -> None:
    code, out, _ = run(["decode", text + "%0A%1B%9B"])
    assert code in (0, 1)
    assert not raw_controls(out)


def test_visible() -> None:
    assert visible("a\tb\x1b") == "a␉b␛"
    assert visible("\x7f\x85\u202e\u200b\xa0") == "␡⟦U+0085⟧⟦RLO⟧⟦ZWSP⟧⟦NBSP⟧"
    assert visible(b"\xff".decode("utf-8", "surrogateescape")) == "\\xff"
    assert visible("été 日本") == "été 日本"


def test_huge_input() -> None:
    url = "http://h/" + "a/%zz\x01" * 11000  # > 64 KiB
    code, out, _ = run(["parse", url])
    assert code == 1
    assert "more (--json shows all)" in out
    code, out, _ = run(["parse", url, "--json"])
    assert code == 1
    assert json.loads(out)["input"] == url


# --- stdin ------------------------------------------------------------------------------


def test_url_from_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"ftp://@host.com/\r\n")))
    code, out, _ = run(["parse", "-", "--json"])
    assert code == 0
    assert json.loads(out)["input"] == "ftp://@host.com/"


def test_decode_from_stdin_keeps_undecodable_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b"a\xffb\n"), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    code, out, _ = run(["decode", "-", "--json"])
    data = json.loads(out)
    assert data["raw"] == "a\udcffb"
    assert data["undecodable"] is True
    assert code == 1


# --- decode -----------------------------------------------------------------------------


def test_decode_latin1_versus_utf8() -> None:
    code, out, _ = run(["decode", "%E9", "--charset", "latin-1", "--json"])
    latin = json.loads(out)
    assert code == 0
    assert latin["text"] == "é"
    assert latin["charset"] == "iso8859-1"
    assert latin["octets"] == "E9"
    assert latin["undecodable"] is False

    code, out, _ = run(["decode", "%E9", "--json"])
    utf8 = json.loads(out)
    assert code == 1
    assert utf8["charset"] == "utf-8"
    assert utf8["undecodable"] is True
    assert utf8["text"] == "\\xe9"
    assert utf8["escapes"] == [
        {
            "span": [0, 3],
            "text": "%E9",
            "octet": 0xE9,
            "kind": "data",
            "reason": utf8["escapes"][0]["reason"],
            "reference": utf8["escapes"][0]["reference"],
        }
    ]

    code, out, _ = run(["decode", "%C3%A9", "--json"])
    assert code == 0
    assert json.loads(out)["text"] == "é"


def test_decode_json_keys() -> None:
    _, out, _ = run(["decode", "a%2Fb", "--component", "path", "--scheme", "ftp", "--json"])
    data = json.loads(out)
    assert set(data) == {
        "edition",
        "component",
        "scheme",
        "raw",
        "octets",
        "text",
        "charset",
        "undecodable",
        "escapes",
    }
    assert (data["component"], data["scheme"], data["edition"]) == ("path", "ftp", "rfc3986")
    assert data["escapes"][0]["kind"] == "meaningful"


def test_decode_report() -> None:
    code, out, _ = run(["decode", "%E9t%zz", "--charset", "latin-1", "--color", "never"])
    assert code == 1
    assert "input     %E9t%zz" in out
    assert "E9 74 25 7A 7A" in out
    assert "text      ét%zz" in out
    assert "charset   iso8859-1" in out
    assert "1 invalid escape" in out
    assert re.search(r"^\s+0:3\s+%E9\s+0xE9\s+data\b", out, re.M)
    assert re.search(r"^\s+4:7\s+%zz\s+invalid\b", out, re.M)


# --- broken pipes --------------------------------------------------------------------------


class BrokenStream(io.StringIO):
    def write(self, s: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")

    def flush(self) -> None:
        raise BrokenPipeError(32, "Broken pipe")


def test_broken_pipe_in_process() -> None:
    err = io.StringIO()
    with contextlib.redirect_stdout(BrokenStream()), contextlib.redirect_stderr(err):
        code = main(["parse", "http://h/"])
    assert code == 141
    assert err.getvalue() == ""


# --- hypothesis -----------------------------------------------------------------------------

ANY_TEXT = st.text(alphabet=st.characters(exclude_categories=()), max_size=200)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ANY_TEXT.filter(lambda s: not s.startswith("-")))
def test_parse_json_never_fails(s: str) -> None:
    code, out, err = run(["parse", s, "--json"])
    assert code in (0, 1), err
    data = json.loads(out)
    assert data["input"] == s
    assert data["valid"] is (code == 0)
    assert err == ""


@settings(max_examples=200, deadline=None)
@given(
    ANY_TEXT,
    st.sampled_from(["rfc3986", "rfc2396bis-2003", "url-syntax-1997", "rfc1738", "url-1993"]),
)
def test_parse_report_never_fails_and_stays_safe(s: str, edition: str) -> None:
    if s == "-":
        return
    code, out, err = run(["parse", "--edition", edition, "--color", "always", "--", s])
    assert code in (0, 1), err
    assert not raw_controls(out)


@settings(max_examples=200, deadline=None)
@given(ANY_TEXT, st.sampled_from(["utf-8", "latin-1", "cp437", "shift_jis"]))
def test_decode_never_fails(s: str, charset: str) -> None:
    if s == "-":
        return
    code, out, err = run(["decode", "--charset", charset, "--", s])
    assert code in (0, 1), err
    assert not raw_controls(out)
    code, out, err = run(["decode", "--charset", charset, "--json", "--", s])
    assert code in (0, 1), err
    assert json.loads(out)["raw"] == s


# --- the real entry points --------------------------------------------------------------------


def subprocess_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "URLINSPECTOR_DEBUG")}
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def run_module(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [PYTHON, "-m", "urlinspector", *args],
        capture_output=True,
        env=subprocess_env(),
        cwd=ROOT,
        timeout=60,
        check=False,
        input=stdin,
    )


def test_python_m_urlinspector_parse() -> None:
    proc = run_module("parse", "ftp://@host.com/")
    assert proc.returncode == 0
    assert proc.stdout.decode().splitlines()[0] == "ftp://@host.com/"
    assert b"\x1b" not in proc.stdout  # a pipe is not a terminal
    assert proc.stderr == b""


def test_python_m_urlinspector_json_and_errors() -> None:
    proc = run_module("parse", "http://h/%zz", "--json")
    assert proc.returncode == 1
    assert json.loads(proc.stdout)["valid"] is False
    proc = run_module("parse", "http://h/", "--edition", "nope")
    assert proc.returncode == 2
    assert proc.stdout == b""
    assert proc.stderr.count(b"\n") == 1
    assert proc.stderr.startswith(b"urlinspector: error: ")


def test_python_m_urlinspector_stdin_and_raw_bytes() -> None:
    proc = run_module("parse", "-", stdin=b"http://h/\x1b[31m\xff\n")
    assert proc.returncode == 1
    assert b"\x1b" not in proc.stdout
    assert b"\\xff" in proc.stdout


def test_console_script() -> None:
    script = Path(PYTHON).with_name("urlinspector")
    if not script.exists():
        pytest.skip("console script not installed (pip install -e .)")
    proc = subprocess.run(
        [str(script), "decode", "%E9", "--charset", "latin-1"],
        capture_output=True,
        env=subprocess_env(),
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0
    assert "text      é" in proc.stdout.decode()


def test_broken_pipe_subprocess() -> None:
    url = "http://h/" + "a/" * 30000
    proc = subprocess.Popen(
        [PYTHON, "-m", "urlinspector", "parse", url, "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=subprocess_env(),
        cwd=ROOT,
    )
    assert proc.stdout is not None
    assert proc.stderr is not None
    proc.stdout.close()  # before the interpreter has started: every write fails
    with proc.stderr:
        err = proc.stderr.read()
    proc.wait(timeout=60)
    assert b"Traceback" not in err
    assert b"BrokenPipe" not in err
    assert proc.returncode == 141


@settings(max_examples=15, deadline=None)
@given(
    st.text(
        alphabet=st.characters(exclude_categories=["Cs"], exclude_characters="\x00"),
        max_size=80,
    ).filter(lambda s: not s.startswith("-"))
)
def test_subprocess_parse_json_any_argv(s: str) -> None:
    proc = run_module("parse", s, "--json")
    assert proc.returncode in (0, 1), proc.stderr
    assert json.loads(proc.stdout.decode("utf-8"))["input"] == s
    assert proc.stderr == b""


@pytest.mark.parametrize(
    ("url", "marks", "seen"),
    [
        ("https://files.example.com/invoice\u202efdp.exe", ["⟦RLO⟧"], "invoiceexe.pdf"),
        ("https://paypa\u200bl.com/", ["⟦ZWSP⟧"], "'paypal.com/'"),
        ("https://example.com/a\u2067b\u2069?q=\ufeff", ["⟦RLI⟧", "⟦PDI⟧", "⟦ZWNBSP⟧"], "'/ab"),
    ],
)
def test_parse_shows_hidden_characters_as_marks(url: str, marks: list[str], seen: str) -> None:
    """The plain report shows every hidden character as a mark, none of them raw, and
    the finding says what a reader would see instead."""
    _, out, _ = run(["parse", "--color", "never", url])
    assert not any(unicodedata.category(c) in ("Cf", "Zs") and c != " " for c in out)
    for mark in marks:
        assert mark in out.splitlines()[0]  # the URL itself, first line
    assert "hidden-char" in out
    assert seen in " ".join(out.split())
