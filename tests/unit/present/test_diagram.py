"""The anatomy diagram (SVG): valid XML, every component's label and span under the
text, brackets nested as the components are, labels that never overlap."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.unit.cli.test_cli import run
from urlinspector import palette
from urlinspector.core import parse
from urlinspector.present.diagram import ADVANCE, MARGIN, URL_SIZE, anatomy, anatomy_svg
from urlinspector.present.marks import marked

SVG = "{http://www.w3.org/2000/svg}"

# (URL, the labels the diagram must carry) -- RFC 3986 §3's figure first
SAMPLES = [
    (
        "foo://example.com:8042/over/there?name=ferret#nose",
        {"scheme", "authority", "host", "port", "path", "query", "fragment"},
    ),
    (
        "ftp://joe:secret@ftp.example.org/pub/a/file.txt;type=a",
        {"scheme", "authority", "userinfo", "user", "password", "host", "path"}
        | {"cwd", "name", "typecode"},
    ),
    (
        "gopher://gopher.floodgap.com:70/1/world",
        {"scheme", "authority", "host", "port", "path", "gophertype", "selector"},
    ),
    (
        "gopher://localhost:7070/7/search%09cats",
        {"scheme", "host", "port", "gophertype", "selector", "search"},
    ),
    ("news:comp.lang.python", {"scheme", "path", "newsgroup-name"}),
    ("mailto:joe@example.com?subject=hi", {"scheme", "addr-spec", "path", "query"}),
    ("http://[2001:db8::1]:8080/a%20b?q=1#top", {"scheme", "host", "port", "query"}),
    ("file:///etc/hosts", {"scheme", "authority", "path"}),  # an empty authority
    ("http://@host:/?#", {"userinfo", "host", "port", "query", "fragment"}),  # all empty
    ("http://a/b", {"authority", "host"}),  # a host that is the whole authority
    ("../g;x?y#s", {"path", "query", "fragment"}),
    ("https://evil.com\\@good.com/<b>&c", {"scheme", "authority", "host", "path"}),
    ("invoice\u202efdp.exe", {"path"}),
    ("http://a/\x00b\tc\ufffe?\udcff", {"scheme", "host", "path", "query"}),  # not XML
]


def _tree(svg: str) -> ET.Element:
    return ET.fromstring(svg.encode("utf-8"))


def _texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def _label_boxes(root: ET.Element) -> list[tuple[float, ...]]:
    keys = ("x", "y", "width", "height")
    return [
        tuple(float(r.get(k, 0)) for k in keys)
        for r in root.iter(f"{SVG}rect")
        if r.get("x") is not None
    ]


@pytest.mark.parametrize(("text", "labels"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_valid_xml_with_every_label_and_span(text: str, labels: set[str]) -> None:
    url = parse(text)
    root = _tree(anatomy_svg(url))
    assert root.tag == f"{SVG}svg"
    texts = _texts(root)
    brackets = anatomy(url)
    assert labels <= {b.name for b in brackets}
    for bracket in brackets:
        assert bracket.name in texts
        start, end = bracket.span
        assert (f"{start}–{end} empty" if start == end else f"{start}–{end}") in texts


@pytest.mark.parametrize(("text", "labels"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_labels_never_overlap(text: str, labels: set[str]) -> None:
    boxes = _label_boxes(_tree(anatomy_svg(parse(text))))
    assert len(boxes) == len(anatomy(parse(text)))
    for i, (x0, y0, w0, h0) in enumerate(boxes):  # (tuples of four)
        for x1, y1, w1, h1 in boxes[i + 1 :]:
            apart = x0 + w0 <= x1 or x1 + w1 <= x0 or y0 + h0 <= y1 or y1 + h1 <= y0
            assert apart, ((x0, y0, w0, h0), (x1, y1, w1, h1))


@pytest.mark.parametrize(("text", "labels"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_the_text_is_drawn_whole_at_its_columns(text: str, labels: set[str]) -> None:
    root = _tree(anatomy_svg(parse(text), mask_password=False))
    glyphs = [t for t in root.iter(f"{SVG}text") if t.get("text-anchor") is None]

    drawn = "".join(g.text or "" for g in glyphs)
    assert drawn == marked(text).replace("\ufffe", "⟦U+FFFE⟧")
    assert float(glyphs[0].get("x", 0)) == MARGIN


def _paths(root: ET.Element) -> dict[str, tuple[float, float, float]]:
    """(left x, right x, line y) of each bracket by name: ``M x0,top V y H x1 V top``."""
    out = {}
    for path in root.iter(f"{SVG}path"):
        found = re.fullmatch(r"M([\d.]+),[\d.]+ V([\d.]+) H([\d.]+) V[\d.]+", path.get("d", ""))
        if found:
            out[path.get("class", "")] = (float(found[1]), float(found[3]), float(found[2]))
    return out


def test_brackets_stand_under_their_characters_and_nest() -> None:
    url = parse("foo://user@example.com:8042/over/there?name=ferret#nose")
    root = _tree(anatomy_svg(url))
    brackets = {b.name: b for b in anatomy(url)}
    paths = _paths(root)
    assert set(paths) == set(brackets)
    cell = URL_SIZE * ADVANCE
    for name in ("scheme", "host", "path", "query"):
        start, end = brackets[name].span
        x0, x1, _y = paths[name]
        assert MARGIN + start * cell <= x0 < MARGIN + (start + 1) * cell
        assert MARGIN + (end - 1) * cell < x1 <= MARGIN + end * cell
    # authority > userinfo, host, port: the inner brackets nearer the text, inside it
    ax0, ax1, ay = paths["authority"]
    for inner in ("userinfo", "host", "port"):
        x0, x1, y = paths[inner]
        assert ax0 < x0
        assert x1 < ax1
        assert y < ay
        assert brackets[inner].depth == brackets["authority"].depth + 1
    # the top-level components share one line, as in RFC 3986 §3's figure
    assert len({paths[n][2] for n in ("scheme", "authority", "path", "query", "fragment")}) == 1


@pytest.mark.parametrize(
    ("text", "hidden"),
    [
        ("ftp://joe:secret@ftp.example.org/", "secret"),
        ("http://u:hunter2@example.com/", "hunter2"),
    ],
)
def test_password_masked_unless_asked(text: str, hidden: str) -> None:
    masked = anatomy_svg(parse(text))
    assert hidden not in masked
    assert "•" in masked
    assert hidden in "".join(_texts(_tree(anatomy_svg(parse(text), mask_password=False))))


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_theme_background_and_role_colours(theme: palette.Theme) -> None:
    svg = anatomy_svg(parse("http://example.com/"), theme=theme)
    root = _tree(svg)
    assert root.find(f"{SVG}rect").get("fill") == palette.INTERFACE[theme].base  # type: ignore[union-attr]
    assert palette.ROLES["host"].foreground(theme) in svg


# --- the command line -------------------------------------------------------------------


@pytest.mark.parametrize(("text", "labels"), SAMPLES[:4], ids=[s[0] for s in SAMPLES[:4]])
def test_parse_format_svg_writes_the_same_diagram(text: str, labels: set[str]) -> None:
    code, out, err = run(["parse", "--format", "svg", text])
    assert (code, err) == (0, "")
    assert out == anatomy_svg(parse(text))
    assert labels <= set(_texts(_tree(out)))


def test_parse_svg_to_a_file(tmp_path: Path) -> None:
    target = tmp_path / "anatomy.svg"
    url = "ftp://joe:secret@ftp.example.org/pub/file.txt"
    code, out, err = run(["parse", "--format", "svg", "-o", str(target), url])
    assert (code, out, err) == (0, "", "")
    assert target.read_text(encoding="utf-8") == anatomy_svg(parse(url))
    code, out, _ = run(["parse", "--format", "svg", "--show-passwords", "--theme", "dark", url])
    assert out == anatomy_svg(parse(url), theme="dark", mask_password=False)


@pytest.mark.parametrize(
    "argv",
    [
        ["parse", "-o", "x.svg", "http://a/"],  # the text report is for the terminal
        ["parse", "--format", "svg", "-o", "x.svg", "--jsonl", "-"],
    ],
)
def test_output_where_it_does_not_apply(argv: list[str]) -> None:
    code, out, err = run(argv)
    assert code == 2
    assert out == ""
    assert "error:" in err


def test_parse_json_to_a_file(tmp_path: Path) -> None:
    import json

    target = tmp_path / "url.json"
    code, out, _ = run(["parse", "--format", "json", "-o", str(target), "http://a/b"])
    assert (code, out) == (0, "")
    assert json.loads(target.read_text(encoding="utf-8"))["components"]["host"]["text"] == "a"
