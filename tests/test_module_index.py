"""docs/architecture.md names every module of the package: its "Module index" is the
first sentence of each module's docstring, grouped by package, between two markers.

``python tests/test_module_index.py`` writes the index again after a module is added,
moved or described anew.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "urlinspector"
DOC = ROOT / "docs" / "architecture.md"
START = "<!-- modules:start -->"
END = "<!-- modules:end -->"
_SENTENCE = re.compile(r"(.+?[.!?])(?:\s|$)")
_ROLE = re.compile(r":[a-z]+:`~?\.?([^`]+)`")
"""A Sphinx role such as ``:mod:`.colouring``` or ``:class:`~.url.URL```."""


def summary(path: Path) -> str:
    """The first sentence of *path*'s docstring, on one line, safe in a table cell."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    first = " ".join(doc.strip().split("\n\n")[0].split())
    m = _SENTENCE.match(first)
    sentence = m.group(1) if m else first
    sentence = _ROLE.sub(r"`\1`", sentence).replace("``", "`")
    return sentence.replace("|", "\\|")


def module_index() -> str:
    """The index: one table per package directory, one row per module."""
    by_dir: dict[str, list[Path]] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        top = rel.parts[0] if len(rel.parts) > 1 else ""
        by_dir.setdefault(top, []).append(rel)
    lines: list[str] = []
    for top, paths in by_dir.items():
        lines += ["", f"### `{top}/`" if top else "### The package", ""]
        lines += ["| module | what it holds |", "|---|---|"]
        lines += [f"| `{rel.as_posix()}` | {summary(PACKAGE / rel)} |" for rel in paths]
    return "\n".join(lines) + "\n"


def written_index() -> str:
    text = DOC.read_text(encoding="utf-8")
    return text[text.index(START) + len(START) : text.index(END)]


def test_the_index_names_every_module_as_its_docstring_says() -> None:
    assert written_index() == module_index(), "run: python tests/test_module_index.py"


def test_every_module_says_what_it_holds() -> None:
    undescribed = [p for p in sorted(PACKAGE.rglob("*.py")) if not summary(p)]
    assert undescribed == []


if __name__ == "__main__":
    text = DOC.read_text(encoding="utf-8")
    head, rest = text.split(START)
    _, tail = rest.split(END)
    DOC.write_text(head + START + module_index() + END + tail, encoding="utf-8")
    sys.exit(0)
