"""The optional compiled build (setup.py, ``URLINSPECTOR_COMPILE=1``): off unless asked
for, never in place, and never hiding the source the tests run."""

from __future__ import annotations

import importlib.machinery
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest
from setuptools import Distribution, Extension

ROOT = Path(__file__).resolve().parents[3]


def _setup_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("urlinspector_setup", ROOT / "setup.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_default_build_compiles_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("URLINSPECTOR_COMPILE", raising=False)
    assert _setup_module()._extensions() == []


def test_every_compiled_module_is_a_source_file() -> None:
    setup = _setup_module()
    assert setup.COMPILED
    for path in setup.COMPILED:
        assert (ROOT / path).is_file(), path


@pytest.mark.parametrize("how", ["inplace", "editable_mode"])
def test_a_compiled_module_is_never_built_beside_its_source(how: str) -> None:
    setup = _setup_module()
    command = setup.BuildExt(Distribution({"ext_modules": [Extension("x", ["x.c"])]}))
    command.initialize_options()
    setattr(command, how, True)
    command.extensions = [Extension("x", ["x.c"])]
    with pytest.raises(SystemExit, match="editable install keeps the pure-Python modules"):
        command.run()


def test_no_compiled_module_hides_a_source_file() -> None:
    """A compiled module beside its .py is imported instead of it: in the source tree it
    would hide every edit of that file from the tests and the program."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    compiled = [p for p in (ROOT / "src").rglob("*") if p.name.endswith(suffixes)]
    assert compiled == []
