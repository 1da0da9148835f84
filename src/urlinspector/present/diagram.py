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

A label stands between the brackets whose verticals run down past its line (its
enclosing component's): no vertical runs through a label, no leader crosses a bracket.
Where a component is too narrow for its parts' labels (``gophertype`` under a one-letter
``1``), the text is spaced out at the parts' edges until they fit.  Every character is
drawn in its own cell, and the SVG names DejaVu Sans Mono, then ``monospace``, so the
characters stay under their brackets in browsers, ImageMagick and Inkscape; a renderer
that takes the list as one name (Qt's) falls back to its default font, and the labels,
laid out with room to spare, still clear every bracket.

Pure string building, standard library only (no Qt): ``urlinspector parse --format
svg`` and the window's File ▸ Export picture… write the same file.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal
from xml.sax.saxutils import escape, quoteattr

from urlinspector import palette
from urlinspector.core import URL
from urlinspector.core.model import COMPONENT_NAMES, UNDEFINED, Span
from urlinspector.present.colouring import colour_runs
from urlinspector.present.marks import MARKS
from urlinspector.present.masking import password_span

__all__ = ["Bracket", "anatomy", "anatomy_svg"]

FONT = "DejaVu Sans Mono, monospace"
"""The font list: DejaVu Sans Mono (``fonts-dejavu-core``; the advance below is its),
then the generic fixed-pitch family.  (ImageMagick and browsers read the list; Qt's
renderer takes it as one name and falls back to its default font.)"""
URL_SIZE = 22.0
"""Pixels: the URL's font size."""
LABEL_SIZE = 14.0
SPAN_SIZE = 11.0
ADVANCE = 1233 / 2048
"""The advance of a character of DejaVu Sans Mono, in em (about 0.602; Menlo and
Courier are within 1%)."""
MARGIN = 16.0
TICK = 6.0
"""Pixels from the text's descent to the first bracket line."""
GAP = 10.0
"""Least horizontal space between two labels on one line."""
CLEARANCE = 6.0
"""Least horizontal space between a label's text and a bracket's vertical (its box,
2 pixels wider on each side, stays 4 pixels clear)."""
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
    spans = dict(zip(_GENERIC, url.spans[1:], strict=True))
    for name, span in spans.items():
        if span == UNDEFINED:
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


# --- where the characters are -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Edge:
    """Where a bracket's vertical stands: at a boundary between characters, on the side
    of the character before it (``L``: its end), after it (``R``: its start) or between
    them (``M``: an empty bracket), moved in by *offset*."""

    boundary: int
    side: Literal["L", "R", "M"]
    offset: float = 0.0

    def moved_by_gap(self, at: int) -> float:
        """How much of the space put before character *at* moves this edge right: all
        of it, none, or half (an empty bracket stands in the middle of that space)."""
        if at < self.boundary or (at == self.boundary and self.side == "R"):
            return 1.0
        return 0.5 if at == self.boundary and self.side == "M" else 0.0

    def moved_by_cell(self, char: int) -> bool:
        """Whether a wider cell for character *char* moves this edge right."""
        return char < self.boundary


class _Cells:
    """The cell of each character of the text: its width (its mark's columns, and any
    room made for labels) and the space put before it."""

    def __init__(self, text: str, cell: float) -> None:
        self.widths = [len(_shown(c)) * cell for c in text]
        self.gaps = [0.0] * (len(text) + 1)
        self.starts: list[float] = []
        self.end = MARGIN
        """Where the text ends (and the space after it)."""
        self._place()

    def _place(self) -> None:
        x = MARGIN
        self.starts = []
        for width, gap in zip(self.widths, self.gaps, strict=False):
            x += gap
            self.starts.append(x)
            x += width
        self.end = x + self.gaps[-1]

    def widen(self, gaps: dict[int, float], cells: dict[int, float]) -> None:
        for at, extra in gaps.items():
            self.gaps[at] += extra
        for char, extra in cells.items():
            self.widths[char] += extra
        self._place()

    def left(self, boundary: int) -> float:
        """The end of the character before *boundary*."""
        if boundary == 0:
            return MARGIN
        return self.starts[boundary - 1] + self.widths[boundary - 1]

    def right(self, boundary: int) -> float:
        """The start of the character after *boundary*."""
        return self.starts[boundary] if boundary < len(self.starts) else self.end

    def x(self, edge: _Edge) -> float:
        if edge.side == "L":
            return self.left(edge.boundary) + edge.offset
        if edge.side == "R":
            return self.right(edge.boundary) + edge.offset
        return (self.left(edge.boundary) + self.right(edge.boundary)) / 2 + edge.offset

    def centre(self, char: int) -> float:
        return self.starts[char] + self.widths[char] / 2


def _edges(b: Bracket) -> tuple[_Edge, _Edge]:
    """``⊔`` under the span, each vertical moved in by its depth (neighbours never
    touch, nested ones show); an empty one stands between two characters (moved right
    by its depth: an empty part of an empty component stands beside it)."""
    start, end = b.span
    if start == end:
        return (_Edge(start, "M", 3.0 * b.depth),) * 2
    inset = 2.0 + 2.0 * b.depth
    return _Edge(start, "R", inset), _Edge(end, "L", -inset)


def _xs(b: Bracket, cells: _Cells) -> tuple[float, float]:
    left, right = _edges(b)
    x0 = cells.x(left)
    return x0, max(x0, cells.x(right))


# --- where the labels go ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Label:
    bracket: Bracket
    centre: float
    """Where the bracket's middle is."""
    width: float
    also: tuple[Bracket, ...] = ()
    """Parts of exactly the same characters, named under it (RFC 1738's ``searchpart``
    under the ``query``, the ``host`` that is the whole ``authority``)."""

    @property
    def height(self) -> float:
        return LABEL_SIZE * 1.2 * (1 + len(self.also)) + SPAN_SIZE * 1.2


@dataclass(slots=True)
class _Room:
    """The labels of one line between two verticals that run down past it (None: the
    diagram's edge), and the room they have there."""

    left: _Edge | None
    right: _Edge | None
    labels: list[_Label]

    def bounds(self, cells: _Cells) -> tuple[float, float]:
        lo = MARGIN if self.left is None else cells.x(self.left) + CLEARANCE
        hi = float("inf") if self.right is None else cells.x(self.right) - CLEARANCE
        return lo, hi

    def shortfall(self, cells: _Cells) -> float:
        lo, hi = self.bounds(cells)
        needed = sum(label.width for label in self.labels) + GAP * (len(self.labels) - 1)
        return needed - (hi - lo)


def _label_width(bracket: Bracket, also: tuple[Bracket, ...] = ()) -> float:
    name = max(len(b.name) for b in (bracket, *also)) * LABEL_SIZE * ADVANCE
    span = len(_span_text(bracket.span)) * SPAN_SIZE * ADVANCE
    return max(name, span)


def _merged(brackets: tuple[Bracket, ...]) -> dict[Bracket, tuple[Bracket, ...]]:
    """The brackets drawn, each with the parts it names as well: a part of exactly the
    same characters as the component it is the only part of has no bracket of its own
    (one bracket, and a label naming both, say the same, in less room)."""
    drawn: dict[Bracket, tuple[Bracket, ...]] = {}
    host: dict[Bracket, Bracket] = {}
    for b in sorted(brackets, key=lambda b: b.depth):
        parent = next((p for p in brackets if p.depth == b.depth - 1 and p.span == b.span), None)
        alone = parent is not None and not any(
            o is not b and o.depth == b.depth and parent.span[0] <= o.span[0] <= parent.span[1]
            for o in brackets
        )
        if parent is None or not alone:
            drawn[b] = ()
            continue
        into = host.get(parent, parent)
        host[b] = into
        drawn[into] = (*drawn[into], b)
    return drawn


def _span_text(span: Span) -> str:
    return f"{span[0]}–{span[1]}" + (" empty" if span[0] == span[1] else "")


def _rooms(drawn: dict[Bracket, tuple[Bracket, ...]], level: int, cells: _Cells) -> list[_Room]:
    """The labels of the brackets at depth *level*, grouped by the verticals they stand
    between: those of every bracket nearer the bottom (depth less than *level*), whose
    lines are below this one."""
    walls = sorted(
        ((cells.x(edge), edge) for b in drawn if b.depth < level for edge in _edges(b)),
        key=lambda wall: wall[0],
    )
    rooms: dict[tuple[int, int], _Room] = {}
    for b, also in drawn.items():
        if b.depth != level:
            continue
        x0, x1 = _xs(b, cells)
        centre = (x0 + x1) / 2
        left = next((e for x, e in reversed(walls) if x < centre), None)
        right = next((e for x, e in walls if x > centre), None)
        room = rooms.setdefault((id(left), id(right)), _Room(left, right, []))
        room.labels.append(_Label(b, centre, _label_width(b, also), also))
    for room in rooms.values():
        room.labels.sort(key=lambda label: label.centre)  # (leaders never cross)
    return list(rooms.values())


def _make_room(room: _Room, shortfall: float, cells: _Cells, length: int) -> None:
    """Space the text out until *room* holds its labels: before and after its labels'
    parts where that moves its right wall and not its left one, else between any
    characters that do, else (a one-character component) in the cells themselves."""
    left, right = room.left, room.right
    assert right is not None

    def widens(at: int) -> float:
        return right.moved_by_gap(at) - (0.0 if left is None else left.moved_by_gap(at))

    candidates = [at for at in range(length + 1) if widens(at) > 0]
    edges = {at for label in room.labels for at in label.bracket.span}
    chosen = [at for at in candidates if at in edges] or candidates
    if chosen:
        share = shortfall / sum(widens(at) for at in chosen)
        cells.widen(dict.fromkeys(chosen, share), {})
        return
    chars = [
        c
        for c in range(length)
        if right.moved_by_cell(c) and (left is None or not left.moved_by_cell(c))
    ]
    cells.widen({}, dict.fromkeys(chars, shortfall / max(1, len(chars))))


def _fit(drawn: dict[Bracket, tuple[Bracket, ...]], cells: _Cells, length: int) -> None:
    """Make room for every line's labels (a bracket's room only grows as the text is
    spaced out, so this ends)."""
    deepest = max((b.depth for b in drawn), default=0)
    for _ in range(4 * len(drawn) + 1):
        short = [
            (room, gap)
            for level in range(1, deepest + 1)
            for room in _rooms(drawn, level, cells)
            if (gap := room.shortfall(cells)) > 0.01
        ]
        if not short:
            return
        room, gap = short[0]
        _make_room(room, gap, cells, length)


def _spread(labels: list[_Label], lo: float, hi: float) -> list[float]:
    """The x of each label's middle on one line: as near its bracket's middle as it can
    be without overlapping another (neighbours that would overlap are moved apart as a
    group around their brackets' mean), and between *lo* and *hi*."""
    groups: list[list[int]] = [[i] for i in range(len(labels))]

    def extent(group: list[int]) -> tuple[float, float]:
        width = sum(labels[i].width for i in group) + GAP * (len(group) - 1)
        mean = sum(labels[i].centre for i in group) / len(group)
        start = max(lo, min(mean - width / 2, hi - width))
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


# --- drawing ------------------------------------------------------------------------------


SPACE = "␣"
"""How a space is drawn: the text may be spaced out to make room for labels, so a gap
must never look like a character of the URL."""


def _shown(char: str) -> str:
    """What *char* is drawn as: its mark (:mod:`urlinspector.present.marks`), a space
    as :data:`SPACE`, and what XML 1.0 cannot hold at all (U+FFFE, U+FFFF) as its code
    point."""
    mark = MARKS[char]
    if mark == " ":
        return SPACE
    return f"⟦U+{ord(char):04X}⟧" if mark in ("\ufffe", "\uffff") else mark


class _Drawing:
    """The SVG elements, in painting order."""

    def __init__(self, theme: palette.Theme) -> None:
        self.theme: palette.Theme = theme
        self.lines: list[str] = []
        self.leaders: list[str] = []
        self.labels: list[str] = []
        self.right: list[float] = [0.0]
        """The right edge of every label drawn."""

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
        self.leaders.append(
            f'<path class="leader" d="{path}" stroke="{self.colour(role)}" stroke-width="0.8"/>'
        )

    def label(self, label: _Label, x: float, top: float, background: str) -> None:
        """The names (the bracket's, then the parts of the same characters) and the
        span, on a box of the background that keeps lines from showing through."""
        width = label.width
        parts = [f'<rect x="{x - width / 2 - 2:.1f}" y="{top:.1f}" width="{width + 4:.1f}" '
                 f'height="{label.height:.1f}" fill="{background}"/>']  # fmt: skip
        y = top
        for b in (label.bracket, *label.also):
            y += LABEL_SIZE * (1.2 if b is not label.bracket else 1.0)
            parts.append(
                f'<text x="{x:.1f}" y="{y:.1f}" font-size="{LABEL_SIZE:g}" '
                f'fill="{self.colour(b.role)}" text-anchor="middle">{escape(b.name)}</text>'
            )
        parts.append(
            f'<text x="{x:.1f}" y="{y + LABEL_SIZE * 0.2 + SPAN_SIZE:.1f}" '
            f'font-size="{SPAN_SIZE:g}" fill="{self.colour("separator")}" '
            f'text-anchor="middle">{escape(_span_text(label.bracket.span))}</text>'
        )
        self.labels.append("".join(parts))


def _glyphs(url: URL, text: str, cells: _Cells, top: float, theme: palette.Theme) -> list[str]:
    """One ``<text>`` per character, in the middle of its cell: an SVG renderer's font
    may not have the advance assumed, and the brackets must stand under the characters."""
    roles = ["plain"] * len(text)
    for run in colour_runs(url):
        for i in range(run.start, min(run.end, len(text))):
            roles[i] = run.role
    out: list[str] = []
    baseline = top + URL_SIZE
    for i, char in enumerate(text):
        role = palette.get_role(roles[i])
        weight = ' font-weight="bold"' if role.bold else ""
        slant = ' font-style="italic"' if role.italic else ""
        out.append(
            f'<text x="{cells.centre(i):.1f}" y="{baseline:.1f}" '
            f'fill="{role.foreground(theme)}"{weight}{slant}>{escape(_shown(char))}</text>'
        )
    return out


def _draw(
    drawing: _Drawing, drawn: dict[Bracket, tuple[Bracket, ...]], cells: _Cells, background: str
) -> float:
    """The brackets, a line per depth (the deepest nearest the text), each with its
    labels below it; the y where the drawing ends."""
    top = MARGIN + URL_SIZE * 1.3  # (the text's descent)
    y = top
    for level in range(max((b.depth for b in drawn), default=0), -1, -1):
        line = [b for b in drawn if b.depth == level]
        if not line:
            continue
        y += TICK
        for b in line:
            drawing.bracket(b, *_xs(b, cells), top, y)
        label_top = y + 16
        bottom = label_top
        for room in _rooms(drawn, level, cells):
            centres = _spread(room.labels, *room.bounds(cells))
            for label, centre in zip(room.labels, centres, strict=True):
                drawing.leader(label.bracket.role, label.centre, y, centre, label_top)
                drawing.label(label, centre, label_top, background)
                drawing.right.append(centre + label.width / 2)
                bottom = max(bottom, label_top + label.height)
        y = bottom + 4
    return y


def anatomy_svg(url: URL, *, theme: palette.Theme = "light", mask_password: bool = True) -> str:
    """The diagram of *url* as an SVG document (see the module description); its
    password shown as ``•`` unless *mask_password* is False."""
    text = url.text
    masked = password_span(url) if mask_password else None
    if masked is not None:
        start, end = masked
        text = text[:start] + MASK * (end - start) + text[end:]
    drawn = _merged(anatomy(url))
    cells = _Cells(text, URL_SIZE * ADVANCE)
    _fit(drawn, cells, len(text))
    drawing = _Drawing(theme)
    background = palette.INTERFACE[theme].base
    y = _draw(drawing, drawn, cells, background)
    width = max(cells.end, *drawing.right) + MARGIN
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
            f'<g fill="none">{"".join(drawing.leaders)}</g>',
            f"<g>{''.join(drawing.labels)}</g>",
            f'<g class="url" text-anchor="middle">'
            f"{''.join(_glyphs(url, text, cells, MARGIN, theme))}</g>",
            "</svg>",
            "",
        ]
    )
