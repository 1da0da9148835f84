"""Tests of urlinspector.scan; they need the ``scan`` extra (:func:`require_scan_extra`)."""

from __future__ import annotations

import importlib
import os

import pytest

IN_CI = os.environ.get("CI", "").strip().lower() == "true"
SCAN_MODULES = ("pyarrow", "pyarrow.parquet", "dask", "dask.dataframe", "distributed", "warcio")


def require_scan_extra() -> None:
    """Skip the calling test module when the ``scan`` extra is not installed, except in
    CI (``CI=true``), where that is a failure."""
    for name in SCAN_MODULES:
        try:
            importlib.import_module(name)
        except ImportError as exc:
            message = f"the scan extra is needed (pip install -e '.[test]'): {exc}"
            if IN_CI:
                pytest.fail(message, pytrace=False)
            pytest.skip(message, allow_module_level=True)
