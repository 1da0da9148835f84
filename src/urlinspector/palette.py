"""Colour roles: one palette for the GUI and for the command line's ANSI output.

Every URL component and every scheme-specific part the core names (``Part.role``) has a
:class:`Role` here: a foreground for a light theme and one for a dark theme, a style
(bold, italic, underline) so that colour is never the only signal, and an ANSI SGR
sequence derived from the same data.

The hues are the Okabe-Ito set (Okabe & Ito, "Color Universal Design", 2008), which
stays distinguishable with the common colour-vision deficiencies.  Each hue is darkened
for a white background and kept or lightened for a dark one so that every foreground
has a contrast ratio of at least 4.5:1 (WCAG 2.x, §1.4.3) against every surface it is
drawn on in its theme: :data:`LIGHT_BACKGROUND` and :data:`DARK_BACKGROUND`, the
window, alternate rows, tooltips and the tints of escapes and warnings.  The window's
own colours (:data:`INTERFACE`: selection, links, disabled and placeholder text) are
here too, and :func:`contrast_checks` lists every pair that must stay readable.

Standard library only; no Qt: the GUI turns a :class:`Role` into a ``QTextCharFormat``
itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, NamedTuple

__all__ = [
    "DARK_BACKGROUND",
    "INTERFACE",
    "INTERFACE_PAIRS",
    "LIGHT_BACKGROUND",
    "NON_TEXT",
    "PLAIN",
    "RESET",
    "ROLES",
    "ROLE_NAMES",
    "ROLE_SURFACES",
    "TEXT",
    "ColourDepth",
    "ContrastCheck",
    "Interface",
    "Role",
    "Theme",
    "Underline",
    "ansi",
    "combine",
    "contrast_checks",
    "contrast_ratio",
    "get_role",
    "legend",
    "relative_luminance",
    "role_for_component",
    "sgr",
]

Theme = Literal["light", "dark"]
ColourDepth = Literal["256", "truecolor"]
Underline = Literal["none", "single", "wavy", "dotted"]

LIGHT_BACKGROUND = "#ffffff"
DARK_BACKGROUND = "#1e1e1e"
RESET = "\x1b[0m"


@dataclass(frozen=True, slots=True)
class Role:
    """How one kind of URL text is shown."""

    name: str
    description: str
    """A few words for the GUI legend and ``--help``."""
    light: str
    """Foreground ``#rrggbb`` on a light background."""
    dark: str
    """Foreground ``#rrggbb`` on a dark background."""
    bold: bool = False
    italic: bool = False
    underline: Underline = "none"
    background_light: str | None = None
    background_dark: str | None = None
    tint_only: bool = False
    """When layered over another role (:func:`combine`), contribute only background,
    underline and weight, keeping the foreground of the text beneath (escapes and
    warnings mark text that already has a component colour)."""

    def foreground(self, theme: Theme = "dark") -> str:
        return self.light if theme == "light" else self.dark

    def background(self, theme: Theme = "dark") -> str | None:
        return self.background_light if theme == "light" else self.background_dark


# --- the Okabe-Ito hues, adjusted per theme (contrast >= 4.5:1) -------------------------
# name: (light theme, dark theme)            Okabe-Ito original
_PURPLE = ("#a8437e", "#e08cc0")  # reddish purple  #CC79A7
_ORANGE = ("#995b00", "#e69f00")  # orange          #E69F00
_BLUE = ("#0068a8", "#56b4e9")  # blue / sky blue #0072B2 / #56B4E9
_SKY = ("#276f9c", "#8dd3f7")  # sky blue        #56B4E9
_GREEN = ("#00775a", "#2fc49e")  # bluish green    #009E73
_YELLOW = ("#766b00", "#f0e442")  # yellow          #F0E442
_VERMILLION = ("#ba4100", "#ff8244")  # vermillion      #D55E00
_GREY = ("#6a6a6a", "#a5a5a5")
_PLAIN = ("#1f1f1f", "#d4d4d4")

_ESCAPE_TINT = ("#fff5cc", "#3a3200")
_WARNING_TINT = ("#ffe9de", "#4a2412")


def _role(
    name: str,
    description: str,
    hue: tuple[str, str],
    *,
    bold: bool = False,
    italic: bool = False,
    underline: Underline = "none",
    tint: tuple[str, str] | None = None,
    tint_only: bool = False,
) -> Role:
    return Role(
        name,
        description,
        hue[0],
        hue[1],
        bold=bold,
        italic=italic,
        underline=underline,
        background_light=tint[0] if tint else None,
        background_dark=tint[1] if tint else None,
        tint_only=tint_only,
    )


PLAIN = _role("plain", "text with no particular role", _PLAIN)

_ALL: tuple[Role, ...] = (
    PLAIN,
    # generic components (RFC 3986 §3; RFC 1738 §3.1) ---------------------------------------
    _role("scheme", "scheme", _PURPLE, bold=True),
    _role("user", "user name (userinfo)", _ORANGE),
    _role("password", "password (userinfo)", _ORANGE, italic=True),
    _role("host", "host (its registrable domain, where it has one)", _BLUE, bold=True),
    _role("subdomain", "host labels before the registrable domain", _BLUE),
    _role("port", "port", _YELLOW),
    _role("path", "path", _GREEN),
    _role("separator", "delimiters: ':' '//' '@' '/' '?' '#' '&' '='", _GREY),
    _role("query", "query (search part)", _SKY),
    _role("query-key", "query parameter name", _SKY, bold=True),
    _role("query-value", "query parameter value", _SKY),
    _role("fragment", "fragment", _PURPLE, italic=True),
    # overlays ------------------------------------------------------------------------
    _role(
        "escape",
        "percent-escape %HH (tinted background)",
        _ORANGE,
        tint=_ESCAPE_TINT,
        tint_only=True,
    ),
    _role(
        "invalid",
        "not allowed by the edition (wavy underline)",
        _VERMILLION,
        bold=True,
        underline="wavy",
    ),
    _role(
        "warning",
        "misleading or unsafe text, e.g. a host-like userinfo",
        _VERMILLION,
        bold=True,
        underline="dotted",
        tint=_WARNING_TINT,
        tint_only=True,
    ),
    # scheme-specific parts (RFC 1738 §3, §5) -------------------------------------------------
    _role("gopher-type", "gopher item type", _ORANGE, bold=True),
    _role("selector", "gopher selector", _GREEN),
    _role("search", "search string", _SKY),
    _role("gopher-plus", "gopher+ string", _PURPLE, italic=True),
    _role("ftp-cwd", "ftp directory (cwd)", _GREEN),
    _role("ftp-name", "ftp file name", _GREEN, bold=True),
    _role("ftp-typecode", "ftp transfer type", _PURPLE, bold=True),
    _role("news-group", "newsgroup name", _GREEN, bold=True),
    _role("message-id", "news message-id", _ORANGE),
    _role("article-number", "nntp article number", _YELLOW, bold=True),
    _role("mail-address", "mail address", _ORANGE, bold=True),
    _role("wais-database", "wais database", _GREEN, bold=True),
    _role("wais-type", "wais type", _ORANGE, bold=True),
    _role("wais-path", "wais document path", _GREEN),
    _role("hsoname", "prospero host-specific object name", _GREEN),
    _role("prospero-field", "prospero field", _SKY, italic=True),
    _role("prospero-version", "prospero version", _YELLOW),
    _role("file-path", "file path", _GREEN),
    _role("http-path", "http path", _GREEN),
    _role("http-search", "http search part", _SKY),
    _role("telnet-slash", "telnet's optional trailing '/'", _GREY),
)

ROLES: Mapping[str, Role] = MappingProxyType({r.name: r for r in _ALL})
"""Every role by name, in legend order."""

ROLE_NAMES: tuple[str, ...] = tuple(ROLES)

_COMPONENT_ROLES: Mapping[str, str] = MappingProxyType(
    {
        "uri": "plain",
        "authority": "plain",
        "userinfo": "user",
        "login": "user",
        "hostport": "host",
        "url-path": "path",
        "segment": "path",
        "searchpart": "query",
    }
)


def get_role(name: str | None) -> Role:
    """The role called *name*; :data:`PLAIN` for None or a name not in :data:`ROLES`."""
    if name is None:
        return PLAIN
    return ROLES.get(name, PLAIN)


def role_for_component(name: str | None) -> Role:
    """The role for a generic component (``"host"``, ``"userinfo"``, ``"uri"`` ...) or
    any role name; never raises: unknown names get :data:`PLAIN`."""
    if name is None:
        return PLAIN
    key = name.lower()
    return get_role(_COMPONENT_ROLES.get(key, key))


def legend() -> dict[str, str]:
    """Role name -> short description, in display order (``plain`` left out)."""
    return {r.name: r.description for r in _ALL if r is not PLAIN}


def combine(base: Role | str, *overlays: Role | str) -> Role:
    """*base* with *overlays* laid over it in order.

    An overlay sets the background and underline when it has them and adds bold and
    italic; it replaces the foreground too unless it is ``tint_only``.
    """
    result = base if isinstance(base, Role) else get_role(base)
    for item in overlays:
        over = item if isinstance(item, Role) else get_role(item)
        result = Role(
            f"{result.name}+{over.name}",
            result.description,
            result.light if over.tint_only else over.light,
            result.dark if over.tint_only else over.dark,
            bold=result.bold or over.bold,
            italic=result.italic or over.italic,
            underline=over.underline if over.underline != "none" else result.underline,
            background_light=over.background_light or result.background_light,
            background_dark=over.background_dark or result.background_dark,
        )
    return result


# --- ANSI ---------------------------------------------------------------------------------


def _rgb(colour: str) -> tuple[int, int, int]:
    h = colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


_CUBE = (0, 95, 135, 175, 215, 255)


def _xterm256(colour: str) -> int:
    """The nearest colour of the xterm 256-colour palette (6x6x6 cube or grey ramp)."""
    r, g, b = _rgb(colour)

    def nearest(v: int) -> int:
        return min(range(6), key=lambda i: abs(_CUBE[i] - v))

    ri, gi, bi = nearest(r), nearest(g), nearest(b)
    cube = (_CUBE[ri], _CUBE[gi], _CUBE[bi])
    grey_level = min(23, max(0, round(((r + g + b) / 3 - 8) / 10)))
    grey = 8 + 10 * grey_level

    def dist(c: tuple[int, int, int]) -> int:
        return (c[0] - r) ** 2 + (c[1] - g) ** 2 + (c[2] - b) ** 2

    if dist((grey, grey, grey)) < dist(cube):
        return 232 + grey_level
    return 16 + 36 * ri + 6 * gi + bi


def _colour_sgr(colour: str, depth: ColourDepth, *, background: bool) -> str:
    lead = 48 if background else 38
    if depth == "truecolor":
        r, g, b = _rgb(colour)
        return f"{lead};2;{r};{g};{b}"
    return f"{lead};5;{_xterm256(colour)}"


def sgr(role: Role | str, *, theme: Theme = "dark", depth: ColourDepth = "256") -> str:
    """The SGR escape sequence that starts text of *role*, e.g. ``"\\x1b[1;38;5;74m"``.

    Wavy and dotted underlines use the ``4:3`` / ``4:4`` extension (kitty, VTE, iTerm2,
    Windows Terminal) with ``truecolor``; with ``256`` they fall back to a plain
    underline, which every terminal knows.
    """
    r = role if isinstance(role, Role) else get_role(role)
    params: list[str] = []
    if r.bold:
        params.append("1")
    if r.italic:
        params.append("3")
    if r.underline != "none":
        if depth == "truecolor" and r.underline == "wavy":
            params.append("4:3")
        elif depth == "truecolor" and r.underline == "dotted":
            params.append("4:4")
        else:
            params.append("4")
    params.append(_colour_sgr(r.foreground(theme), depth, background=False))
    bg = r.background(theme)
    if bg is not None:
        params.append(_colour_sgr(bg, depth, background=True))
    return f"\x1b[{';'.join(params)}m"


def ansi(role: Role | str, text: str, *, theme: Theme = "dark", depth: ColourDepth = "256") -> str:
    """*text* in the colours and style of *role*, followed by a reset.

    Unknown role names are shown as :data:`PLAIN`; empty text stays empty.
    """
    if not text:
        return ""
    return f"{sgr(role, theme=theme, depth=depth)}{text}{RESET}"


# --- contrast (WCAG 2.x) ----------------------------------------------------------------------


def relative_luminance(colour: str) -> float:
    """WCAG 2.x relative luminance of ``#rrggbb``."""

    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = _rgb(colour)
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast_ratio(a: str, b: str) -> float:
    """WCAG 2.x contrast ratio of two ``#rrggbb`` colours, from 1 to 21."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


# --- the window's own colours, and what must stay readable on what -----------------------


@dataclass(frozen=True, slots=True)
class Interface:
    """The colours of the window itself in one theme (the GUI's ``QPalette`` is made
    from them): surfaces text is drawn on, the text drawn there, selection, links."""

    window: str
    window_text: str
    base: str
    """Text fields, tables, the spec reader: the background the roles were made for."""
    alternate_base: str
    text: str
    button: str
    button_text: str
    tooltip_base: str
    tooltip_text: str
    placeholder: str
    disabled_text: str
    highlight: str
    """The selection's background (and Fusion's focus frame)."""
    highlighted_text: str
    inactive_highlight: str
    link: str
    link_visited: str
    bright_text: str
    mark: str
    """The background of a marked passage (the cited grammar rule in the Spec tab)."""
    mark_text: str
    light: str
    midlight: str
    mid: str
    dark: str
    shadow: str


INTERFACE: Mapping[Theme, Interface] = MappingProxyType(
    {
        "light": Interface(
            window="#efefef",
            window_text=_PLAIN[0],
            base=LIGHT_BACKGROUND,
            alternate_base="#f6f6f6",
            text=_PLAIN[0],
            button="#e8e8e8",
            button_text=_PLAIN[0],
            tooltip_base="#ffffdc",
            tooltip_text=_PLAIN[0],
            placeholder="#666666",
            disabled_text="#666666",
            highlight="#2f6bd0",
            highlighted_text="#ffffff",
            inactive_highlight="#24529f",
            link=_BLUE[0],
            link_visited="#7b3f99",
            bright_text="#b00020",
            mark="#fff567",  # Okabe-Ito yellow #F0E442, lighter
            mark_text="#000000",
            light="#ffffff",
            midlight="#f0f0f0",
            mid="#b8b8b8",
            dark="#9f9f9f",
            shadow="#767676",
        ),
        "dark": Interface(
            window="#2b2b2b",
            window_text=_PLAIN[1],
            base=DARK_BACKGROUND,
            alternate_base="#262626",
            text=_PLAIN[1],
            button="#353535",
            button_text=_PLAIN[1],
            tooltip_base="#3a3a3a",
            tooltip_text=_PLAIN[1],
            placeholder="#a5a5a5",
            disabled_text="#a5a5a5",
            highlight="#2f6bd0",
            highlighted_text="#ffffff",
            inactive_highlight="#2f6bd0",
            link=_BLUE[1],
            link_visited="#c68cf9",
            bright_text="#ff8a80",
            mark="#fff567",
            mark_text="#000000",
            light="#505050",
            midlight="#404040",
            mid="#303030",
            dark="#1a1a1a",
            shadow="#000000",
        ),
    }
)
"""The window's colours in each theme (WCAG 2.x AA, checked by :func:`contrast_checks`)."""

TEXT = 4.5
"""WCAG 2.x §1.4.3: the least contrast of text (AA)."""
NON_TEXT = 3.0
"""WCAG 2.x §1.4.11: the least contrast of a mark that is not text, and of large text."""

ROLE_SURFACES: tuple[str, ...] = ("base", "alternate_base", "window", "tooltip_base")
"""What the roles are drawn on: fields and tables, their alternate rows, the window
(the verdict line, the legend) and tooltips."""

INTERFACE_PAIRS: tuple[tuple[str, str, float], ...] = (
    ("window_text", "window", TEXT),
    ("text", "base", TEXT),
    ("text", "alternate_base", TEXT),
    ("button_text", "button", TEXT),
    ("tooltip_text", "tooltip_base", TEXT),
    ("placeholder", "base", TEXT),
    ("disabled_text", "base", TEXT),
    ("disabled_text", "window", TEXT),
    ("disabled_text", "button", TEXT),
    ("highlighted_text", "highlight", TEXT),
    ("highlighted_text", "inactive_highlight", TEXT),
    ("link", "base", TEXT),
    ("link", "window", TEXT),
    ("link_visited", "base", TEXT),
    ("link_visited", "window", TEXT),
    ("bright_text", "window", TEXT),
    ("mark_text", "mark", TEXT),  # (the marked rule is also selected: the selection shows it)
    ("highlight", "base", NON_TEXT),
)
"""(foreground, background, least ratio) of the window's own colours."""


class ContrastCheck(NamedTuple):
    """One colour drawn on another, and the least contrast ratio WCAG AA asks of it."""

    theme: Theme
    foreground_name: str
    background_name: str
    foreground: str
    background: str
    minimum: float


def contrast_checks() -> tuple[ContrastCheck, ...]:
    """Every colour pair of both themes that must stay readable: each role's foreground
    on each surface of :data:`ROLE_SURFACES` and on the tints of the overlays (escapes
    and warnings tint text of any role), and :data:`INTERFACE_PAIRS`."""
    checks: list[ContrastCheck] = []
    tints = [r for r in _ALL if r.background_light and r.background_dark]
    themes: tuple[Theme, ...] = ("light", "dark")
    for theme in themes:
        ui = INTERFACE[theme]
        surfaces = [(name, getattr(ui, name)) for name in ROLE_SURFACES]
        surfaces += [(f"{t.name} tint", t.background(theme) or "") for t in tints]
        for role in _ALL:
            fg = role.foreground(theme)
            for name, bg in surfaces:
                checks.append(ContrastCheck(theme, role.name, name, fg, bg, TEXT))
        for fg_name, bg_name, minimum in INTERFACE_PAIRS:
            fg, bg = getattr(ui, fg_name), getattr(ui, bg_name)
            checks.append(ContrastCheck(theme, fg_name, bg_name, fg, bg, minimum))
    return tuple(checks)
