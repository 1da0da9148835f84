"""The anatomy diagram (SVG): valid XML, every component's label and span under the
text, brackets nested as the components are, labels that never overlap, and no bracket
through a label or a leader, over URLs of every scheme under every edition."""

from __future__ import annotations

import itertools
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.benchmarks.corpus import corpus
from tests.unit.cli.test_cli import run
from urlinspector import palette
from urlinspector.core import EDITION_IDS, parse
from urlinspector.present.diagram import ADVANCE, FONT, MARGIN, URL_SIZE, anatomy, anatomy_svg
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


def _label_boxes(root: ET.Element) -> list[tuple[float, float, float, float]]:
    return [
        (float(r.get("x", 0)), float(r.get("y", 0)), float(r.get("width", 0)),
         float(r.get("height", 0)))
        for r in root.iter(f"{SVG}rect")
        if r.get("x") is not None
    ]  # fmt: skip


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
    drawn = [
        p for p in _tree(anatomy_svg(parse(text))).iter(f"{SVG}path") if p.get("class") != "leader"
    ]
    assert len(boxes) == len(drawn) <= len(anatomy(parse(text)))  # (a part of the same characters
    # as its component shares its bracket and label)
    for i, (x0, y0, w0, h0) in enumerate(boxes):  # (tuples of four)
        for x1, y1, w1, h1 in boxes[i + 1 :]:
            apart = x0 + w0 <= x1 or x1 + w1 <= x0 or y0 + h0 <= y1 or y1 + h1 <= y0
            assert apart, ((x0, y0, w0, h0), (x1, y1, w1, h1))


def _glyphs(root: ET.Element) -> list[ET.Element]:
    group = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "url")
    return list(group.iter(f"{SVG}text"))


@pytest.mark.parametrize(("text", "labels"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_the_text_is_drawn_whole_in_its_cells(text: str, labels: set[str]) -> None:
    root = _tree(anatomy_svg(parse(text), mask_password=False))
    glyphs = _glyphs(root)
    drawn = "".join(g.text or "" for g in glyphs)
    assert drawn == marked(text).replace("\ufffe", "⟦U+FFFE⟧")
    xs = [float(g.get("x", 0)) for g in glyphs]
    assert xs == sorted(xs)
    if glyphs:  # each in the middle of its cell
        assert xs[0] == pytest.approx(
            MARGIN + len(glyphs[0].text or "") * URL_SIZE * ADVANCE / 2, abs=0.06
        )


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
    centres = [float(g.get("x", 0)) for g in _glyphs(root)]
    for name in ("scheme", "host", "path", "query"):
        start, end = brackets[name].span
        x0, x1, _y = paths[name]
        inside = [i for i, x in enumerate(centres) if x0 < x < x1]
        assert inside == list(range(start, end))  # its characters, and no others
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


# --- no bracket through a label or a leader -------------------------------------------------

Segment = tuple[float, float, float, float]
Box = tuple[float, float, float, float]


def _segments(d: str) -> list[Segment]:
    """The straight pieces of a path made of M, V, H and L commands."""
    out: list[Segment] = []
    x = y = 0.0
    for command, args in re.findall(r"([MVHL])([-\d.,]+)", d.replace(" ", "")):
        nx, ny = x, y
        if command in "ML":
            nx, ny = (float(v) for v in args.split(","))
        elif command == "V":
            ny = float(args)
        else:
            nx = float(args)
        if command != "M":
            out.append((x, y, nx, ny))
        x, y = nx, ny
    return out


def _crosses_box(seg: Segment, box: Box, margin: float = 0.5) -> bool:
    """Whether *seg* passes through the inside of *box* (x, y, w, h), widened by
    *margin* across and narrowed by it down (a leader may touch its label's top)."""
    x0, y0, x1, y1 = seg
    bx, by, bw, bh = box
    lo, hi = 0.0, 1.0  # (Liang-Barsky: the part of the segment inside the box)
    for p, q in (
        (x0 - x1, x0 - (bx - margin)),
        (x1 - x0, bx + bw + margin - x0),
        (y0 - y1, y0 - (by + margin)),
        (y1 - y0, by + bh - margin - y0),
    ):
        if p == 0:
            if q <= 0:
                return False
        elif p < 0:
            lo = max(lo, q / p)
        else:
            hi = min(hi, q / p)
    return lo < hi


def _meet(a: Segment, b: Segment) -> tuple[float, float] | None:
    """Where two segments meet, or None."""
    (x1, y1, x2, y2), (x3, y3, x4, y4) = a, b
    den = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
    if abs(den) < 1e-9:
        return None  # (parallel: a leader never runs along a bracket)
    t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / den
    u = -((x1 - x2) * (y1 - y3) - (y1 - y2) * (x1 - x3)) / den
    if -1e-6 <= t <= 1 + 1e-6 and -1e-6 <= u <= 1 + 1e-6:
        return x1 + t * (x2 - x1), y1 + t * (y2 - y1)
    return None


def clashes(svg: str) -> list[str]:
    """Every bracket piece through a label's box, every leader through a bracket (but
    where it leaves its own, at its start) and every leader through another's label."""
    root = _tree(svg)
    brackets: list[tuple[str | None, list[Segment]]] = []
    leaders: list[tuple[str | None, list[Segment]]] = []
    for path in root.iter(f"{SVG}path"):
        kind = leaders if path.get("class") == "leader" else brackets
        kind.append((path.get("class"), _segments(path.get("d", ""))))
    boxes = list(_label_boxes(root))
    found = []
    for name, pieces in brackets:
        for seg in pieces:
            found += [
                f"{name} {seg} through label {box}" for box in boxes if _crosses_box(seg, box)
            ]
    for _, pieces in leaders:
        start = pieces[0][:2]
        end = pieces[-1][2:]
        for seg in pieces:
            for name, others in brackets:
                for other in others:
                    at = _meet(seg, other)
                    if at is not None and (
                        abs(at[0] - start[0]) > 0.2 or abs(at[1] - start[1]) > 0.2
                    ):
                        found.append(f"leader {seg} crosses {name} {other} at {at}")
            for box in boxes:
                own = box[0] - 0.5 <= end[0] <= box[0] + box[2] + 0.5 and abs(box[1] - end[1]) < 0.2
                if not own and _crosses_box(seg, box):
                    found.append(f"leader {seg} through label {box}")
    return found


ISSUE = [
    "http://www.example.com:8080/docs/faq012.html?abc",  # rfc1738: searchpart 45–48
    "gopher://gopher.example.com:70/1/",  # gophertype 31–32
    "gopher://h:70/1x",
    "http://@host:/?#",
]


def _corpus() -> list[str]:
    table = json.loads(
        (Path(__file__).resolve().parents[2] / "data" / "spec_examples.json").read_text(
            encoding="utf-8"
        )
    )
    return [*ISSUE, *(s[0] for s in SAMPLES), *corpus(400), *(e["text"] for e in table["examples"])]


def test_the_issues_labels_are_where_the_brackets_were() -> None:
    svg = anatomy_svg(parse(ISSUE[0], edition="rfc1738"))
    assert ">searchpart<" in svg
    assert ">45–48<" in svg
    svg = anatomy_svg(parse(ISSUE[1]))
    assert ">gophertype<" in svg
    assert ">31–32<" in svg


@pytest.mark.parametrize("edition", EDITION_IDS)
def test_no_bracket_runs_through_a_label_or_a_leader(edition: str) -> None:
    texts = _corpus()
    schemes = {parse(t).scheme for t in texts}
    assert {"http", "https", "ftp", "gopher", "news", "nntp", "mailto", "telnet", "wais",
            "file", "prospero"} <= schemes  # fmt: skip
    bad = []
    for text in texts:
        svg = anatomy_svg(parse(text, edition=edition))
        bad += [f"{text!r}: {clash}" for clash in clashes(svg)]
    assert bad[:5] == []


def test_the_check_finds_a_bracket_through_a_label() -> None:
    svg = anatomy_svg(parse("gopher://h:70/1x"))
    assert clashes(svg) == []
    x, y, width, _height = _label_boxes(_tree(svg))[0]
    through = f'<path class="x" d="M{x + width / 2},0 V{y + 100}"/>'
    group = '<g fill="none" stroke-width="1.5">'
    assert len(clashes(svg.replace(group, group + through))) >= 2  # a label, a leader


def test_the_svg_names_a_font_list() -> None:
    root = _tree(anatomy_svg(parse("http://example.com/")))
    assert root.get("font-family") == FONT == "DejaVu Sans Mono, monospace"


def test_a_narrow_component_spaces_the_text_out() -> None:
    url = parse("gopher://h:70/1x")
    root = _tree(anatomy_svg(url))
    centres = [float(g.get("x", 0)) for g in _glyphs(root)]
    cell = URL_SIZE * ADVANCE
    steps = [b - a for a, b in itertools.pairwise(centres)]
    assert steps[:8] == pytest.approx([cell] * 8, abs=0.11)  # "gopher://" as it is
    assert max(steps) > 2 * cell  # room for "gophertype" over the "1"


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


def test_a_space_is_drawn_visibly() -> None:
    root = _tree(anatomy_svg(parse("http://a/b c")))
    assert "".join(g.text or "" for g in _glyphs(root)) == "http://a/b␣c"


def test_a_part_of_the_same_characters_shares_its_components_bracket() -> None:
    url = parse("http://example.com/?abc", edition="rfc1738")
    assert {("query", (20, 23)), ("searchpart", (20, 23))} <= {
        (b.name, b.span) for b in anatomy(url)
    }
    root = _tree(anatomy_svg(url))
    assert "searchpart" not in _paths(root)  # one bracket: the query's
    box = next(r for r in root.iter(f"{SVG}rect") if r.get("x") is not None and
               float(r.get("height", 0)) > 40)  # fmt: skip
    texts = _texts(root)
    assert texts.index("query") + 1 == texts.index("searchpart")  # named under it
    assert float(box.get("height", 0)) == pytest.approx(14 * 1.2 * 2 + 11 * 1.2, abs=0.1)
    assert clashes(anatomy_svg(url)) == []
