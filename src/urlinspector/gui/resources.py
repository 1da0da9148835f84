"""Finding the files in ``resources/`` (icons, the desktop entry) at run time.

Places searched, in order:

1. ``$URLINSPECTOR_RESOURCES``, when set;
2. the source tree: ``resources/`` beside ``src/`` (a checkout, an editable install);
3. ``urlinspector/resources`` inside the installed package, if a build puts them there;
4. ``<prefix>/share/urlinspector`` for the interpreter's prefix and the user's base
   (where a wheel's data files go: ``[tool.setuptools.data-files]``).
"""

from __future__ import annotations

import os
import site
import sys
from importlib import resources as importlib_resources
from pathlib import Path

from urlinspector.core import URLInspectorError

__all__ = ["ResourceNotFoundError", "find_resource", "resource_dirs"]

_HERE = Path(__file__).resolve()
_SOURCE_TREE: Path | None = (
    _HERE.parents[3] / "resources"
    if _HERE.parents[2].name == "src" and (_HERE.parents[3] / "pyproject.toml").is_file()
    else None
)
"""``resources/`` of a source checkout (``src/urlinspector/gui/resources.py`` is three
folders below the root); None for an installed copy."""


class ResourceNotFoundError(URLInspectorError):
    """A bundled file is missing: the installation is incomplete."""

    def __init__(self, name: str, searched: list[Path]) -> None:
        self.name = name
        self.searched = searched
        places = ", ".join(str(p) for p in searched) or "nowhere"
        super().__init__(
            f"the bundled file {name!r} was not found (looked in: {places}); reinstall "
            "urlinspector or set URLINSPECTOR_RESOURCES to the folder that holds it"
        )


def resource_dirs() -> list[Path]:
    """The folders searched, in order (existing ones only)."""
    candidates: list[Path] = []
    override = os.environ.get("URLINSPECTOR_RESOURCES")
    if override:
        candidates.append(Path(override))
    if _SOURCE_TREE is not None:
        candidates.append(_SOURCE_TREE)
    try:
        packaged = importlib_resources.files("urlinspector") / "resources"
        candidates.append(Path(str(packaged)))
    except (ModuleNotFoundError, TypeError):  # pragma: no cover - a zipped install
        pass
    prefixes = [sys.prefix, sys.base_prefix]
    user_base = site.getuserbase() if hasattr(site, "getuserbase") else None
    if user_base:
        prefixes.append(user_base)
    for prefix in dict.fromkeys(prefixes):
        candidates.append(Path(prefix) / "share" / "urlinspector")
    return [p for p in dict.fromkeys(candidates) if p.is_dir()]


def find_resource(name: str) -> Path:
    """The path of the bundled file *name* (``"urlinspector.svg"``); raises
    :class:`ResourceNotFoundError` with every place searched when it is missing."""
    searched = resource_dirs()
    for folder in searched:
        path = folder / name
        if path.is_file():
            return path
    raise ResourceNotFoundError(name, searched)
