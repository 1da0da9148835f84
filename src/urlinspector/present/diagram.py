"""The anatomy of a URL as a diagram for slides and handouts, in SVG: the URL in a
fixed-pitch font, and under it a bracket for each component with its name and span,
drawn the way textbooks draw it (RFC 3986 §3's figure of
``foo://example.com:8042/over/there?name=ferret#nose``).

Brackets nest as the components do: ``authority`` encloses ``userinfo``, ``host`` and
``port``; ``userinfo`` encloses ``user`` and ``password``; the scheme-specific parts
(RFC 1738 §3: gopher type and selector, ftp directories, name and type code, news
group ...) sit inside the generic component they are part of.  The deeper a component,
the nearer its bracket to the text; the top-level components (scheme, authority, path,
query, fragment) share the lowest line, as in the RFC.  Labels that would overlap are
spread apart on their line, each joined to its bracket by a leader.

Pure string building, standard library only (no Qt): ``urlinspector parse --format
svg`` and the window's File ▸ Export picture… write the same file.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from urlinspector import palette
from urlinspector.core import URL
from urlinspector.core.model import COMPONENT_NAMES, Span
from urlinspector.present.colouring import colour_runs
from urlinspector.present.marks import MARKS
from urlinspector.present.masking import password_span

__all__ = ["Bracket", "anatomy", "anatomy_svg"]

FONT = "monospace"
"""The generic family: every SVG renderer maps it to a fixed-pitch font (a list of
names is not read by all of them: Qt's renderer takes the whole list as one name)."""
URL_SIZE = 22.0
"""Pixels: the URL's font size."""
LABEL_SIZE = 14.0
SPAN_SIZE = 11.0
ADVANCE = 0.6
"""The advance of a fixed-pitch character, in em (DejaVu Sans Mono, Menlo, Courier)."""
MARGIN = 16.0
TICK = 6.0
"""Pixels from the text's descent to the first bracket line."""
GAP = 10.0
"""Least horizontal space between two labels on one line."""
MASK = "•"

_GENERIC = tuple(name for name in COMPONENT_NAMES if name != "uri")
_PARENTS = {"userinfo": "authority", "user": "userinfo", "password": "userinfo"}
_PARENTS.update(host="authority", port="authority")


@dataclass(frozen=True, slots=True)
class Bracket:
    """One component (or scheme-specific part) of the diagram."""

    name: str
    """What the specs call it: ``authority``, ``gophertype``, ``cwd`` ..."""
    span: Span
    role: str
    """Its colour role (:mod:`urlinspector.palette`)."""
    depth: int
    """0 for a top-level component, 1 inside one, ..."""


def _contains(outer: Span, inner: Span) -> bool:
    return outer[0] <= inner[0] and inner[1] <= outer[1]


def _generic(url: URL) -> list[tuple[str, Span, str | None]]:
    """(name, span, parent) of the defined generic components."""
    out: list[tuple[str, Span, str | None]] = []
    spans = {name: url.span(name) for name in _GENERIC}
    for name, span in spans.items():
        if span is None:
            continue
        parent = _PARENTS.get(name)
        if name == "user" and spans["userinfo"] == span:
            continue  # (RFC 3986's userinfo has no user of its own: the same text)
        out.append((name, span, parent))
    return out


@dataclass(frozen=True, slots=True)
class _Node:
    key: str
    name: str
    span: Span
    role: str
    index: int
    """-1 for a generic component; a scheme-specific part's place in the parse."""


def _size(span: Span) -> int:
    return span[1] - span[0]


def _part_parent(node: _Node, nodes: list[_Node]) -> _Node | None:
    """The smallest component or part that holds scheme-specific part *node*; of two with
    the same span, the generic component, or the part the parse gave first."""

    def holds(other: _Node) -> bool:
        if other is node or not _contains(other.span, node.span):
            return False
        return other.span != node.span or other.index < node.index

    holders = [n for n in nodes if holds(n)]
    return min(holders, key=lambda n: (_size(n.span), n.index), default=None)


def _generic_parent(node: _Node, nodes: list[_Node], by_name: dict[str, _Node]) -> _Node | None:
    """A generic component's parent: as RFC 3986 §3 nests them (host in authority),
    or a scheme-specific part that holds more than it (mailto's addr-spec holds the
    path and the query)."""
    parent = _PARENTS.get(node.name)
    if parent is not None and parent in by_name:
        return by_name[parent]
    holders = [
        n
        for n in nodes
        if n.index >= 0 and _contains(n.span, node.span) and _size(n.span) > _size(node.span)
    ]
    return min(holders, key=lambda n: _size(n.span), default=None)


def anatomy(url: URL) -> tuple[Bracket, ...]:
    """The brackets of *url*: its generic components (RFC 3986 §3, or the edition's)
    and the parts its scheme's own syntax gives (delimiters left out), in text order,
    each with its depth."""
    nodes = [
        _Node(name, name, span, palette.role_for_component(name).name, -1)
        for name, span, _parent in _generic(url)
    ]
    by_name = {n.name: n for n in nodes}
    for i, (name, span, _raw, role, _rule) in enumerate(url.scheme_parts):
        if role != "separator":
            nodes.append(_Node(f"{name}#{i}", name, span, role, i))
    parents: dict[str, _Node | None] = {}
    for node in nodes:
        if node.index < 0:
            parents[node.key] = _generic_parent(node, nodes, by_name)
        else:
            parents[node.key] = _part_parent(node, nodes)
    kept = [
        n
        for n in nodes
        if not ((p := parents[n.key]) is not None and p.span == n.span and p.name == n.name)
    ]  # (http's "path" part is the path)

    def depth(node: _Node) -> int:
        parent = parents[node.key]
        return 0 if parent is None else 1 + depth(parent)

    brackets = [Bracket(n.name, n.span, n.role, depth(n)) for n in kept]
    brackets.sort(key=lambda b: (b.span[0], -b.span[1], b.depth))
    return tuple(brackets)


# --- layout -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Label:
    bracket: Bracket
    centre: float
    """Where the bracket's middle is."""
    width: float


def _spread(labels: list[_Label], left: float) -> list[float]:
    """The x of each label's middle on one line: as near its bracket's middle as it can
    be without overlapping another (neighbours that would overlap are moved apart as a
    group around their brackets' mean), and not left of *left*."""
    groups: list[list[int]] = [[i] for i in range(len(labels))]

    def extent(group: list[int]) -> tuple[float, float]:
        width = sum(labels[i].width for i in group) + GAP * (len(group) - 1)
        mean = sum(labels[i].centre for i in group) / len(group)
        start = max(left, mean - width / 2)
        return start, start + width

    merged = True
    while merged:
        merged = False
        for k in range(len(groups) - 1):
            if extent(groups[k])[1] + GAP > extent(groups[k + 1])[0]:
                groups[k : k + 2] = [groups[k] + groups[k + 1]]
                merged = True
                break
    centres: list[float] = []
    for group in groups:
        x = extent(group)[0]
        for i in group:
            centres.append(x + labels[i].width / 2)
            x += labels[i].width + GAP
    return centres


def _shown(char: str) -> str:
    """What *char* is drawn as: its mark (:mod:`urlinspector.present.marks`), and
    what XML 1.0 cannot hold at all (U+FFFE, U+FFFF) as its code point."""
    mark = MARKS[char]
    return f"⟦U+{ord(char):04X}⟧" if mark in ("\ufffe", "\uffff") else mark


def _columns(text: str) -> list[int]:
    """The column each character of *text* starts at (a mark such as ``⟦RLO⟧`` is
    several columns wide); one more entry for the end."""
    columns = [0]
    for char in text:
        columns.append(columns[-1] + len(_shown(char)))
    return columns


def _label_width(bracket: Bracket) -> float:
    name = len(bracket.name) * LABEL_SIZE * ADVANCE
    span = len(_span_text(bracket.span)) * SPAN_SIZE * ADVANCE
    return max(name, span)


def _span_text(span: Span) -> str:
    return f"{span[0]}–{span[1]}" + (" empty" if span[0] == span[1] else "")


class _Drawing:
    """The SVG elements, in painting order."""

    def __init__(self, theme: palette.Theme) -> None:
        self.theme: palette.Theme = theme
        self.lines: list[str] = []
        self.labels: list[str] = []

    def colour(self, role: str) -> str:
        return palette.get_role(role).foreground(self.theme)

    def bracket(self, b: Bracket, x0: float, x1: float, top: float, y: float) -> None:
        """``⊔`` under the span; ``⊤`` upside down for an empty one (a cap between the
        characters it stands between, and a stem down to its line)."""
        colour = self.colour(b.role)
        if b.span[0] == b.span[1]:
            path = f"M{x0 - 4:.1f},{top:.1f} H{x0 + 4:.1f} M{x0:.1f},{top:.1f} V{y:.1f}"
        else:
            path = f"M{x0:.1f},{top:.1f} V{y:.1f} H{x1:.1f} V{top:.1f}"
        self.lines.append(f'<path class={quoteattr(b.name)} d="{path}" stroke="{colour}"/>')

    def leader(self, role: str, x: float, y: float, to_x: float, to_y: float) -> None:
        if abs(x - to_x) < 0.5:
            path = f"M{x:.1f},{y:.1f} V{to_y:.1f}"
        else:
            path = f"M{x:.1f},{y:.1f} V{y + 5:.1f} L{to_x:.1f},{to_y:.1f}"
        self.lines.append(f'<path d="{path}" stroke="{self.colour(role)}" stroke-width="0.8"/>')

    def label(self, b: Bracket, x: float, top: float, width: float, background: str) -> None:
        colour = self.colour(b.role)
        height = LABEL_SIZE * 1.2 + SPAN_SIZE * 1.2
        self.labels.append(
            f'<rect x="{x - width / 2 - 2:.1f}" y="{top:.1f}" width="{width + 4:.1f}" '
            f'height="{height:.1f}" fill="{background}"/>'
            f'<text x="{x:.1f}" y="{top + LABEL_SIZE:.1f}" font-size="{LABEL_SIZE:g}" '
            f'fill="{colour}" text-anchor="middle">{escape(b.name)}</text>'
            f'<text x="{x:.1f}" y="{top + LABEL_SIZE * 1.2 + SPAN_SIZE:.1f}" '
            f'font-size="{SPAN_SIZE:g}" fill="{self.colour("separator")}" '
            f'text-anchor="middle">{escape(_span_text(b.span))}</text>'
        )


def _glyphs(url: URL, text: str, cell: float, top: float, theme: palette.Theme) -> list[str]:
    """One ``<text>`` per character, at its column: an SVG renderer's fixed-pitch font
    may not have the advance assumed, and the brackets must stand under the characters."""
    roles = ["plain"] * len(text)
    for run in colour_runs(url):
        for i in range(run.start, min(run.end, len(text))):
            roles[i] = run.role
    columns = _columns(text)
    out: list[str] = []
    baseline = top + URL_SIZE
    for i, char in enumerate(text):
        role = palette.get_role(roles[i])
        weight = ' font-weight="bold"' if role.bold else ""
        slant = ' font-style="italic"' if role.italic else ""
        out.append(
            f'<text x="{MARGIN + columns[i] * cell:.1f}" y="{baseline:.1f}" '
            f'fill="{role.foreground(theme)}"{weight}{slant}>{escape(_shown(char))}</text>'
        )
    return out


def anatomy_svg(url: URL, *, theme: palette.Theme = "light", mask_password: bool = True) -> str:
    """The diagram of *url* as an SVG document (see the module description); its
    password shown as ``•`` unless *mask_password* is False."""
    text = url.text
    masked = password_span(url) if mask_password else None
    if masked is not None:
        start, end = masked
        text = text[:start] + MASK * (end - start) + text[end:]
    cell = URL_SIZE * ADVANCE
    columns = _columns(text)
    drawing = _Drawing(theme)
    background = palette.INTERFACE[theme].base
    brackets = anatomy(url)
    deepest = max((b.depth for b in brackets), default=0)
    text_top = MARGIN
    y = text_top + URL_SIZE * 1.3
    label_height = LABEL_SIZE * 1.2 + SPAN_SIZE * 1.2
    right = MARGIN + columns[-1] * cell
    for level in range(deepest, -1, -1):  # the deepest nearest the text
        line = [b for b in brackets if b.depth == level]
        if not line:
            continue
        y += TICK
        labels: list[_Label] = []
        for b in line:
            inset = 2.0 + 2.0 * b.depth  # (neighbours never touch, nested ones show)
            if b.span[0] == b.span[1]:
                inset = 0.0  # (an empty one stands between two characters)
            x0 = MARGIN + columns[b.span[0]] * cell + inset
            x1 = max(x0, MARGIN + columns[b.span[1]] * cell - inset)
            drawing.bracket(b, x0, x1, text_top + URL_SIZE * 1.3, y)
            labels.append(_Label(b, (x0 + x1) / 2, _label_width(b)))
        labels.sort(key=lambda label: label.centre)  # (leaders never cross)
        label_top = y + 16
        for label, centre in zip(labels, _spread(labels, MARGIN), strict=True):
            drawing.leader(label.bracket.role, label.centre, y, centre, label_top)
            drawing.label(label.bracket, centre, label_top, label.width, background)
            right = max(right, centre + label.width / 2)
        y = label_top + label_height + 4
    width = right + MARGIN
    height = y + MARGIN
    shown = "".join(_shown(c) for c in text)
    title = escape(f"The anatomy of {shown}" if text else "The anatomy of an empty URL")
    return "\n".join(
        [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
            f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'font-family={quoteattr(FONT)} font-size="{URL_SIZE:g}">',
            f"<title>{title}</title>",
            f"<desc>{escape(url.edition.label)}</desc>",
            f'<rect width="100%" height="100%" fill="{background}"/>',
            f'<g fill="none" stroke-width="1.5">{"".join(drawing.lines)}</g>',
            f"<g>{''.join(drawing.labels)}</g>",
            f"<g>{''.join(_glyphs(url, text, cell, text_top, theme))}</g>",
            "</svg>",
            "",
        ]
    )
