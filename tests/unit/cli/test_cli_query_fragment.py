"""``parse --json`` gains ``query_params`` (the query as a lossless list) and
``text_fragment`` (the fragment directive); ``explain`` reads the directive out."""

from __future__ import annotations

import json

from .test_cli_links import run


def test_parse_json_query_params() -> None:
    url = "https://example.org/s?q=a+b%2Bc&q=2&&flag"
    code, out, _ = run(["parse", "--json", url])
    assert code == 0
    params = json.loads(out)["query_params"]
    assert [(p["key"], p["value"], p["raw"]) for p in params] == [
        ("q", "a b+c", "q=a+b%2Bc"),
        ("q", "2", "q=2"),
        ("", None, ""),
        ("flag", None, "flag"),
    ]
    assert "&".join(p["raw"] for p in params) == "q=a+b%2Bc&q=2&&flag"
    assert all(url[p["span"][0] : p["span"][1]] == p["raw"] for p in params)
    assert all(p["form_encoded"] is True for p in params)


def test_parse_json_query_params_charset_and_scheme() -> None:
    _, out, _ = run(["parse", "--json", "--charset", "latin-1", "mailto:a@b.example?s=%E9+x"])
    (param,) = json.loads(out)["query_params"]
    assert param == {
        "key": "s",
        "value": "é+x",
        "raw": "s=%E9+x",
        "span": [19, 26],
        "form_encoded": False,
    }


def test_parse_json_text_fragment() -> None:
    url = "https://example.org/a#top:~:text=an%20example,-text&other"
    _, out, _ = run(["parse", "--json", url])
    data = json.loads(out)
    fragment = data["text_fragment"]
    assert fragment["fragment"] == "top"
    (directive,) = fragment["text_directives"]
    assert (directive["start"], directive["suffix"]) == ("an example", "text")
    assert [d["raw"] for d in fragment["other_directives"]] == ["other"]
    assert "location.hash" in fragment["rule"]
    assert fragment["reference"] == "WICG URL Fragment Text Directives §2.3"
    assert data["query_params"] is None


def test_explain_reads_the_directive_out() -> None:
    _, out, _ = run(["explain", "--json", "https://example.org/#:~:text=foo,bar"])
    sentences = json.loads(out)["sentences"]
    topics = [s["topic"] for s in sentences]
    assert topics[-2:] == ["fragment directive", "text directive"]
    assert "location.hash" in sentences[-2]["text"]
    assert sentences[-1]["text"] == (
        "The text directive asks the browser to scroll to `foo` and on to `bar` on the "
        "page and highlight it."
    )
    assert sentences[-1]["citation"] == "WICG URL Fragment Text Directives §2.4"
    assert sentences[-1]["span"] == [24, 36]
