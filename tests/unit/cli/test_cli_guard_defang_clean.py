"""The ``guard``, ``defang`` and ``clean`` commands, and ``extract --defang``: URLs as
arguments, on standard input or in ``-f FILE``, one result a line, ``--json`` one
document a line, and their exit statuses."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.unit.core.test_recipients import SAFE_LINKS_MICROSOFT

from .test_cli_links import run


def _json_lines(out: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in out.splitlines()]


# --- guard ---------------------------------------------------------------------------------


def test_guard_prints_the_agreed_origin() -> None:
    code, out, err = run(["guard", "https://Example.COM/a"])
    assert (code, out, err) == (0, "https://example.com:443\n", "")


def test_guard_names_who_goes_where() -> None:
    code, out, _ = run(["guard", "https://evil.com\\@good.com/"])
    assert code == 1
    (line,) = out.splitlines()
    assert line.startswith("disagree: https://evil.com\\@good.com/: browsers (WHATWG URL), ")
    assert "go to https://evil.com:443; Python's urllib.parse" in line
    assert "curl (libcurl" in line
    assert "go to https://good.com:443" in line


def test_guard_a_refusal() -> None:
    code, out, _ = run(["guard", "https://a.example/\x00"])
    assert code == 1
    assert "httpx 0." in out
    assert "curl (libcurl" in out
    assert "Python's urllib.request (urlopen, Python 3." in out
    assert out.count(" refuses it (") == 3  # each with its own words


def test_guard_one_result_a_line_from_stdin_and_a_file(tmp_path: Path) -> None:
    listed = tmp_path / "urls.txt"
    listed.write_text("https://a.example/\n\njavascript:alert(1)\r\n", encoding="utf-8")
    code, out, _ = run(["guard", "-f", str(listed)])
    assert code == 1
    assert out.splitlines() == [
        "https://a.example:443",
        "disagree: javascript:alert(1) (browsers contact no host for a javascript: URL): "
        "browsers (WHATWG URL) goes to javascript: (no host)",
    ]
    code, out, _ = run(["guard"], stdin=b"https://a.example/\nhttp://b.example:8080/\n")
    assert (code, out) == (0, "https://a.example:443\nhttp://b.example:8080\n")
    code, out, _ = run(["guard", "https://c.example/", "-"], stdin=b"https://d.example/\n")
    assert out.splitlines() == ["https://c.example:443", "https://d.example:443"]


def test_guard_json_a_document_a_line() -> None:
    code, out, _ = run(["guard", "--json", "https://a.example/", "https://a.example:0/"])
    assert code == 1
    first, second = _json_lines(out)
    assert first["agreed"] is True
    assert first["origin"] == "https://a.example:443"
    assert second["agreed"] is False
    assert second["origin"] is None


def test_guard_misuse() -> None:
    code, _, err = run(["guard", "-f", "/nonexistent/urls.txt"])
    assert code == 2
    assert "cannot read '/nonexistent/urls.txt'" in err


def test_guard_without_a_url_on_a_terminal_is_misuse() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "urlinspector", "guard"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
    )
    # (standard input is no terminal here: it is read, and holds no URL)
    assert (done.returncode, done.stdout) == (0, "")


# --- defang ------------------------------------------------------------------------------


def test_defang_and_extract_refangs_it() -> None:
    code, out, err = run(["defang", "https://evil.example/x", "http://198.51.100.7/a.php"])
    assert (code, err) == (0, "")
    assert out.splitlines() == ["hxxps://evil[.]example/x", "hxxp://198[.]51[.]100[.]7/a.php"]
    code, back, _ = run(["extract"], stdin=out.encode())
    assert code == 0
    assert [line.split("  ")[0] for line in back.splitlines()] == [
        "https://evil.example/x",
        "http://198.51.100.7/a.php",
    ]


def test_defang_drops_the_recipient_and_says_so() -> None:
    code, out, err = run(["defang", SAFE_LINKS_MICROSOFT])
    assert code == 0
    assert "Oana.Frincu" not in out
    assert out.startswith("hxxps://nam06[.]safelinks[.]protection[.]outlook[.]com/")
    assert err == (
        "note: dropped the data parameter of the Microsoft Safe Links link (the recipient's "
        "address and the tenant's id: Oana.Frincu@microsoft.com)\n"
    )


def test_defang_json() -> None:
    code, out, _ = run(["defang", "--json", "https://a.example/"])
    assert code == 0
    (data,) = _json_lines(out)
    assert data["input"] == "https://a.example/"
    assert data["defanged"] == "hxxps://a[.]example/"
    assert data["round_trip"] is True


def test_defang_notes_a_url_that_does_not_round_trip() -> None:
    code, out, err = run(["defang", "javascript:alert(1)"])
    assert (code, out) == (0, "javascript[:]alert(1)\n")
    assert "re-fangs to nothing, not to javascript:alert(1)" in err


def test_extract_defang() -> None:
    text = b"IOC: https://evil.example/x and hxxp://a[.]b[.]example/y\n"
    code, out, _ = run(["extract", "--defang"], stdin=text)
    assert (code, out) == (0, "hxxps://evil[.]example/x\nhxxp://a[.]b[.]example/y\n")
    code, out, _ = run(["extract", "--defang", "--json"], stdin=text)
    data = json.loads(out)
    assert [u["defanged"] for u in data["urls"]] == [
        "hxxps://evil[.]example/x",
        "hxxp://a[.]b[.]example/y",
    ]
    code, out, _ = run(["extract", "--defang", "--jsonl"], stdin=text)
    (line,) = _json_lines(out)
    urls = line["urls"]
    assert isinstance(urls, list)
    assert urls[0]["defanged"] == "hxxps://evil[.]example/x"


# --- clean ---------------------------------------------------------------------------------


def test_clean_prints_the_clean_url() -> None:
    code, out, err = run(["clean", "https://example.com/p?utm_source=a&id=1&fbclid=x"])
    assert (code, out, err) == (0, "https://example.com/p?id=1\n", "")


def test_clean_json_names_each_parameter_and_rule() -> None:
    code, out, _ = run(["clean", "--json", "https://example.com/p?utm_source=a&id=1"])
    assert code == 0
    (data,) = _json_lines(out)
    assert data["clean"] == "https://example.com/p?id=1"
    assert data["removed"] == [
        {
            "component": "query",
            "key": "utm_source",
            "value": "a",
            "raw": "utm_source=a",
            "provider": "globalRules",
            "rule": "(?:%3F)?utm(?:_[a-z_]*)?",
            "kind": "rule",
        }
    ]


def test_clean_reports_a_redirection_without_following_it() -> None:
    url = "https://www.google.com/url?q=https://evil.example/b&usg=AOvVaw3"
    code, out, err = run(["clean", url])
    assert (code, out) == (0, "https://www.google.com/url?q=https://evil.example/b\n")
    assert "it leads to https://evil.example/b; not followed" in err


def test_clean_a_url_browsers_reject() -> None:
    code, out, err = run(["clean", "https://a.example:99999/", "https://b.example/?gclid=1"])
    assert code == 1
    assert out == "https://b.example/\n"
    assert "https://a.example:99999/: browsers reject it" in err
