"""What a scan records of itself in ``DIR/_scan.json``, so that ``--resume`` goes on
only with the scan it resumes: the inputs (each one's name, size and version: its
modification time, ETag or, for standard input, the SHA-256 of what it held), the
part size, the input format and column, what an unreadable input does, the edition,
whether the HTTP libraries are asked, and the rows' format.  A part's rows depend on
nothing else, so equal manifests mean that the finished parts are the ones this scan
would write."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from urlinspector.scan.sources import InputFile

__all__ = ["MANIFEST", "ResumeMismatch", "differences", "manifest", "parse"]

MANIFEST = "_scan.json"
VERSION = 1

_SETTINGS = {
    "part_size": "--part-size",
    "kind": "--input-format",
    "column": "--column",
    "on_error": "--on-error",
    "edition": "--edition",
    "readers": "the HTTP libraries' readings (--no-readers)",
    "format": "--format",
}
"""Each setting of the manifest, and how a user names it."""


class ResumeMismatch(ValueError):
    """``--resume`` with other inputs or settings than the scan in ``DIR``."""


def manifest(files: Sequence[InputFile], settings: dict[str, Any]) -> dict[str, Any]:
    """The manifest of a scan of *files* with *settings* (the keys of
    :data:`_SETTINGS`)."""
    unknown = set(settings) ^ set(_SETTINGS)
    if unknown:
        raise ValueError(f"settings {sorted(unknown)} are not a manifest's")
    return {"version": VERSION, "inputs": [f.fingerprint() for f in files], **settings}


def parse(text: str) -> dict[str, Any]:
    found: dict[str, Any] = json.loads(text)
    return found


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int):
        return f"{value:,}"
    return "none" if value is None else str(value)


def _input_differences(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[str]:
    before = {i["source"]: i for i in old}
    now = {i["source"]: i for i in new}
    found = [f"{s} is new" for s in now if s not in before]
    found += [f"{s} is no longer an input" for s in before if s not in now]
    for source, entry in now.items():
        was = before.get(source)
        if was is None:
            continue
        for key in ("size", "version"):
            if was.get(key) != entry.get(key):
                found.append(f"{source} has changed ({key} {entry[key]}, was {was.get(key)})")
                break
    if not found and [i["source"] for i in old] != [i["source"] for i in new]:
        found.append("the inputs are in another order")
    return found


def differences(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """What differs between the manifest *old* (in ``DIR``) and *new* (this run), each
    as a phrase naming the setting: empty when the scan may resume."""
    if old.get("version") != new.get("version"):
        return [f"the scan in DIR was written by another version ({old.get('version')})"]
    found = [
        f"{name} {_shown(new[key])} (the scan in DIR has {_shown(old.get(key))})"
        for key, name in _SETTINGS.items()
        if old.get(key) != new[key]
    ]
    return found + _input_differences(old.get("inputs", []), new["inputs"])
