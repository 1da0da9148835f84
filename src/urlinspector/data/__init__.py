"""The package's data: the spec texts, the demo gopher hole and the top domains list.

Everything is read through :mod:`importlib.resources`, so a wheel, an editable install
and a source checkout find the same files inside the package:

* ``specs/``: the five texts the parser implements (see
  :data:`urlinspector.core.documents.BUNDLED` for which file is which document), and
  ``rfc3986-sections.tsv``, where RFC 3986's sections are in its drafts (its header
  says how it was made; :mod:`urlinspector.core.counterparts` reads it);
* ``demo/``: the gopher hole ``urlinspector demo`` serves (its ``README.md`` describes it);
* ``top_domains/``: Chromium's top domains list (its ``SOURCE.md`` says where it comes
  from, which commit, and its licence);
* ``clearurls/``: the tracking-parameter rules of ClearURLs (its ``SOURCE.md`` the
  same).

This is the only module that reads them; the index of a text is built by the pure
:mod:`urlinspector.core.spec_index`, the well-known domains by the pure
:mod:`urlinspector.core.brands`, the rules by the pure :mod:`urlinspector.core.clean`.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from urlinspector.core.counterparts import SectionTable, read_counterparts
from urlinspector.core.documents import BUNDLED, Document, UnknownDocumentError, find_document
from urlinspector.core.spec_index import SpecIndex, build_index

if TYPE_CHECKING:
    from urlinspector.core.brands import TopDomains
    from urlinspector.core.clean import ClearRules

__all__ = [
    "COUNTERPART_FILES",
    "SPEC_FILES",
    "bundled_document",
    "clearurls",
    "counterparts",
    "demo_hole",
    "spec_index",
    "spec_text",
    "top_domains",
]

SPEC_FILES: dict[str, str] = {d.id: d.file for d in BUNDLED if d.file is not None}
"""Seed id (``"000"`` ... ``"004"``) to the file name in ``specs/``."""


def bundled_document(name: str) -> Document:
    """The bundled document *name* names (a seed id, ``"RFC 1738"``, ``"rfc1738"``,
    ``"1738"`` ...); :class:`~urlinspector.core.documents.UnknownDocumentError` when no
    bundled text answers to it."""
    document = find_document(name)
    if document.file is None:
        hint = f"; the closest bundled text is {document.see_also}" if document.see_also else ""
        raise UnknownDocumentError(
            name, f"{document.name} is cited, but its text does not ship with urlinspector{hint}"
        )
    return document


@functools.cache
def spec_text(name: str) -> str:
    """The text of the bundled document *name* (any name :func:`bundled_document`
    accepts), exactly as the file holds it."""
    document = bundled_document(name)
    assert document.file is not None
    return (resources.files(__name__) / "specs" / document.file).read_text(encoding="utf-8")


@functools.cache
def spec_index(name: str) -> SpecIndex:
    """The section index of the bundled document *name*, built from its text."""
    document = bundled_document(name)
    return build_index(document, spec_text(document.id))


COUNTERPART_FILES: dict[str, str] = {"RFC 3986": "rfc3986-sections.tsv"}
"""The documents that do not ship but whose sections have counterparts in bundled
drafts, and the file of their table in ``specs/``."""


@functools.cache
def counterparts(name: str) -> SectionTable | None:
    """Where the sections of document *name* (``"RFC 3986"``, ``"rfc3986"``) are in the
    bundled drafts, or None when no table is bundled for it."""
    file = COUNTERPART_FILES.get(find_document(name).id)
    if file is None:
        return None
    text = (resources.files(__name__) / "specs" / file).read_text(encoding="utf-8")
    return read_counterparts(text)


def demo_hole() -> Path:
    """The folder of the demo gopher hole, inside the installed package."""
    folder = resources.files(__name__) / "demo"
    if not isinstance(folder, Path):  # a zip import: the server needs real files
        raise FileNotFoundError(f"the demo gopher hole is not a folder on disk: {folder}")
    return folder


@functools.cache
def top_domains() -> TopDomains:
    """The well-known domains of the bundled top domains list, read and indexed the
    first time they are asked for (a few milliseconds), then kept: pass them to
    :func:`urlinspector.core.destination` as ``brands``."""
    from urlinspector.core.brands import parse_top_domains  # (ICU: loaded when first used)

    text = (resources.files(__name__) / "top_domains" / "domains.list").read_text(encoding="utf-8")
    return parse_top_domains(text)


CLEARURLS_FILE = "clearurls/data.min.json"
"""The ClearURLs rules, inside the package (its ``SOURCE.md`` gives the hash)."""


@functools.cache
def clearurls() -> ClearRules:
    """The bundled ClearURLs rules, read and compiled the first time they are asked
    for (some 100 ms), then kept: pass them to :func:`urlinspector.core.clean.clean`."""
    from urlinspector.core.clean import parse_clearurls

    text = (resources.files(__name__) / CLEARURLS_FILE).read_text(encoding="utf-8")
    return parse_clearurls(text)
