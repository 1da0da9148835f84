"""The colour palette shared by the GUI and the command line."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

from urlinspector import palette
from urlinspector.core.model import COMPONENT_NAMES

SPECIFIC = Path(__file__).parents[2] / "src" / "urlinspector" / "core" / "specific"

# The roles the issue lists, besides the ones read from the core's source below.
LISTED_ROLES = [
    "scheme",
    "user",
    "password",
    "host",
    "port",
    "path",
    "separator",
    "query",
    "query-key",
    "query-value",
    "fragment",
    "escape",
    "invalid",
    "warning",
    "gopher-type",
    "selector",
    "search",
    "gopher-plus",
    "ftp-cwd",
    "ftp-name",
    "ftp-typecode",
    "news-group",
    "message-id",
    "article-number",
    "mail-address",
    "wais-database",
    "wais-type",
    "wais-path",
    "hsoname",
    "prospero-field",
    "prospero-version",
    "file-path",
    "http-path",
    "http-search",
    "telnet-slash",
]

SGR = re.compile(r"\x1b\[[0-9;:]*m")


def core_roles() -> set[str]:
    """Every role string the core gives a Part in the specific package: the ``role=``
    of every part built by keyword (``_part(name=..., span=..., text=..., role=...,
    rule=...)``), and the 4th field of every 5-tuple ``(name, span, text, role, rule)``
    a quick builder turns into a Part."""
    roles: set[str] = set()
    for module in sorted(SPECIFIC.glob("*.py")):
        tree = ast.parse(module.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            written: list[ast.expr] = []
            if isinstance(node, ast.Tuple) and len(node.elts) == 5:
                written.append(node.elts[3])
            elif isinstance(node, ast.Call):
                written += [k.value for k in node.keywords if k.arg == "role"]
            for role in written:
                if isinstance(role, ast.Constant) and isinstance(role.value, str):
                    roles.add(role.value)
    return roles


def wcag_luminance(colour: str) -> float:
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))

    def lin(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def wcag_contrast(a: str, b: str) -> float:
    hi, lo = sorted((wcag_luminance(a), wcag_luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_core_roles_found() -> None:
    roles = core_roles()
    assert {"separator", "gopher-type", "selector", "ftp-name", "hsoname"} <= roles


@pytest.mark.parametrize("role", sorted(core_roles() | set(LISTED_ROLES)))
def test_every_role_has_an_entry(role: str) -> None:
    assert role in palette.ROLES
    assert palette.get_role(role).name == role


@pytest.mark.parametrize("name", [n for n in COMPONENT_NAMES if n not in ("uri", "authority")])
def test_generic_components_have_their_own_role(name: str) -> None:
    assert palette.role_for_component(name) is not palette.PLAIN


def _check_id(check: palette.ContrastCheck) -> str:
    return f"{check.theme}:{check.foreground_name}-on-{check.background_name}"


CHECKS = palette.contrast_checks()


@pytest.mark.parametrize("check", CHECKS, ids=[_check_id(c) for c in CHECKS])
def test_wcag_aa_contrast(check: palette.ContrastCheck) -> None:
    """WCAG 2.x AA: 4.5:1 for text (§1.4.3), 3:1 for marks that are not text (§1.4.11),
    computed here from the relative luminance, for every pair the palette lists."""
    ratio = wcag_contrast(check.foreground, check.background)
    assert ratio >= check.minimum, f"{ratio:.2f}:1 < {check.minimum}:1"


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("role", list(palette.ROLES))
def test_every_role_is_checked_on_every_surface(role: str, theme: str) -> None:
    """A new role, or a new tint, is in the table without anyone adding it."""
    surfaces = {c.background_name for c in CHECKS if c.foreground_name == role and c.theme == theme}
    tints = {f"{r.name} tint" for r in palette.ROLES.values() if r.background_light}
    assert surfaces == set(palette.ROLE_SURFACES) | tints
    assert {"escape tint", "warning tint"} <= tints


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize(
    ("foreground", "background"),
    [
        ("link", "window"),  # "cited: §…" under the Spec tab's heading
        ("link", "base"),  # the Explain tab's citations
        ("highlighted_text", "highlight"),  # selection
        ("disabled_text", "window"),
        ("placeholder", "base"),
    ],
)
def test_interface_roles_the_window_shows_are_checked(
    theme: palette.Theme, foreground: str, background: str
) -> None:
    assert any(
        (c.theme, c.foreground_name, c.background_name) == (theme, foreground, background)
        for c in CHECKS
    )
    ui = palette.INTERFACE[theme]
    assert wcag_contrast(getattr(ui, foreground), getattr(ui, background)) >= palette.TEXT


def test_contrast_helpers_agree_with_wcag() -> None:
    assert palette.contrast_ratio("#000000", "#ffffff") == pytest.approx(21.0)
    assert palette.contrast_ratio("#0072b2", "#ffffff") == pytest.approx(
        wcag_contrast("#0072b2", "#ffffff")
    )


def test_colour_is_never_the_only_signal() -> None:
    roles = palette.ROLES
    assert roles["host"].bold
    assert roles["password"].italic
    assert roles["invalid"].underline == "wavy"
    assert roles["escape"].background_light
    assert roles["escape"].background_dark
    assert roles["warning"].underline != "none"


def test_role_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        palette.ROLES["host"].bold = False  # type: ignore[misc]


@pytest.mark.parametrize("name", ["no-such-role", "", "HOST!"])
def test_unknown_roles_fall_back_to_plain(name: str) -> None:
    assert palette.get_role(name) is palette.PLAIN
    assert palette.role_for_component(name) is palette.PLAIN
    assert palette.ansi(name, "x").endswith("x" + palette.RESET)


def test_role_for_component() -> None:
    assert palette.role_for_component("host").name == "host"
    assert palette.role_for_component("userinfo").name == "user"
    assert palette.role_for_component("HOST").name == "host"
    assert palette.role_for_component("gopher-type").name == "gopher-type"
    assert palette.role_for_component(None) is palette.PLAIN


def test_legend_describes_every_role() -> None:
    legend = palette.legend()
    assert set(legend) == set(palette.ROLES) - {"plain"}
    assert all(isinstance(v, str) and v for v in legend.values())


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("depth", ["256", "truecolor"])
@pytest.mark.parametrize("role", list(palette.ROLES))
def test_ansi_wraps_and_resets(role: str, theme: palette.Theme, depth: palette.ColourDepth) -> None:
    out = palette.ansi(role, "text", theme=theme, depth=depth)
    assert out.startswith("\x1b[")
    assert out.endswith("text\x1b[0m")
    assert SGR.sub("", out) == "text"


def test_ansi_styles_and_colours() -> None:
    host = palette.ansi("host", "h", depth="truecolor", theme="light")
    r, g, b = (int(palette.ROLES["host"].light[i : i + 2], 16) for i in (1, 3, 5))
    assert host == f"\x1b[1;38;2;{r};{g};{b}mh\x1b[0m"
    assert "\x1b[3;" in palette.ansi("password", "p")
    assert "4:3" in palette.ansi("invalid", "x", depth="truecolor")
    assert "4:3" not in palette.ansi("invalid", "x", depth="256")
    assert ";48;" in palette.ansi("escape", "%41")
    assert palette.ansi("host", "") == ""


def test_256_colour_indices_in_range() -> None:
    for role in palette.ROLES.values():
        for theme in ("light", "dark"):
            for n in re.findall(r"[34]8;5;(\d+)", palette.sgr(role, theme=theme)):
                assert 16 <= int(n) <= 255


def test_combine_keeps_component_colour_under_tint_only_overlays() -> None:
    both = palette.combine("host", "escape")
    assert both.dark == palette.ROLES["host"].dark
    assert both.background_dark == palette.ROLES["escape"].background_dark
    assert both.bold
    bad = palette.combine("path", "escape", "invalid")
    assert bad.dark == palette.ROLES["invalid"].dark
    assert bad.underline == "wavy"
    assert bad.background_dark == palette.ROLES["escape"].background_dark
