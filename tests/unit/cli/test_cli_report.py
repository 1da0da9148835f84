"""``parse --format``: text, json (as --json), and the shareable Markdown and HTML
reports."""

from __future__ import annotations

import json

import pytest

from tests.unit.cli.test_cli import run
from urlinspector.core import parse
from urlinspector.present.report import build_report, render

URL = "http://user:pw@exa mple.com:99999/a|b"


def test_markdown_is_the_report_the_window_saves() -> None:
    code, out, err = run(["parse", "--format", "markdown", URL, "--edition", "rfc1738"])
    assert (code, err) == (1, "")  # errors in the URL: exit status 1, as for the text
    # as the window saves it while passwords are hidden (its default): masked
    assert out == render(build_report(URL, "", "rfc1738", mask_passwords=True), "markdown")
    assert ":pw@" not in out
    table = out.split("## Diagnostics\n\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert len(table) == 2 + len(build_report(URL, "", "rfc1738").findings)
    argv = ["parse", "--format", "markdown", "--show-passwords", URL, "--edition", "rfc1738"]
    code, out, err = run(argv)
    assert out == render(build_report(URL, "", "rfc1738"), "markdown")


def test_markdown_with_a_base_has_the_trace() -> None:
    code, out, _ = run(["parse", "--format", "markdown", "--base", "http://a/b/c/d;p?q", "../g"])
    assert code == 0
    assert "- **Target:** `http://a/b/g`" in out
    assert "| step | rule | values after it | citation |" in out


def test_html_format() -> None:
    code, out, _ = run(["parse", "--format", "html", "http://a/<b>"])
    assert code == 1
    assert out.startswith("<!DOCTYPE html>")
    assert "&lt;b&gt;" in out


def test_format_json_is_json_and_text_is_the_default() -> None:
    assert run(["parse", "--format", "json", URL]) == run(["parse", "--json", URL])
    document = json.loads(run(["parse", "--format", "json", URL])[1])
    assert len(document["diagnostics"]) >= len(parse(URL, "rfc3986").diagnostics)
    assert run(["parse", "--format", "text", URL]) == run(["parse", URL])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--json", "--format", "markdown"], "two formats"),
        (["--base", "http://a/", "--jsonl", "-"], "--base works with one URL"),
    ],
)
def test_options_that_do_not_go_together(argv: list[str], message: str) -> None:
    code, out, err = run(["parse", *argv, URL])
    assert code == 2
    assert out == ""
    assert message in err


def test_jsonl_takes_no_report_format() -> None:
    code, _, err = run(["parse", "--jsonl", "-", "--format", "markdown"])
    assert code == 2
    assert "--format does not apply" in err


VERDICT = "Browsers contact: a:80, resolving g;x?y#s against the base (no registrable domain)"


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--color", "never"], VERDICT),
        (["--json"], f'"text": "{VERDICT}"'),
        (["--format", "markdown"], f"- **Where browsers go:** {VERDICT}"),
    ],
)
def test_the_verdict_resolves_a_reference_against_the_base(argv: list[str], expected: str) -> None:
    code, out, err = run(["parse", *argv, "--base", "http://a/b/c/d;p?q", "g;x?y#s"])
    assert (code, err) == (0, "")
    assert expected in " ".join(out.split())
    assert "give the base" not in out


def test_without_a_base_the_verdict_asks_for_one() -> None:
    _, out, _ = run(["parse", "--color", "never", "g;x?y#s"])
    assert "give the base" in " ".join(out.split())
