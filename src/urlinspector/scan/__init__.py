"""Datasets on Dask: ``urlinspector scan`` and its library API.

- :func:`rows` (a list of URLs in, a ``pyarrow.Table`` of :data:`ROW_SCHEMA` out) is the
  per-partition function, plain Python over the core: Dask, Spark's ``mapInArrow``
  (:func:`arrow_batches`) and Ray's ``map_batches`` all call it;
- :func:`scan_bag` and :func:`scan_dataframe` run it over Dask collections;
- :func:`run_scan` is the command's driver: inputs, parts, the report.

Needs the ``scan`` extra: ``pip install 'urlinspector[scan]'``.  Each name is imported
from its module when first used, so that :func:`rows` does not load Dask.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from urlinspector.scan.columns import ROW_SCHEMA, arrow_batches, error_rows, rows
    from urlinspector.scan.driver import Options, ScanSettings, run_scan
    from urlinspector.scan.frames import scan_bag, scan_dataframe
    from urlinspector.scan.inputs import Reading

__all__ = [
    "ROW_SCHEMA",
    "Options",
    "Reading",
    "ScanSettings",
    "arrow_batches",
    "error_rows",
    "rows",
    "run_scan",
    "scan_bag",
    "scan_dataframe",
]

_MODULES = {
    "ROW_SCHEMA": "columns",
    "arrow_batches": "columns",
    "error_rows": "columns",
    "rows": "columns",
    "Options": "driver",
    "Reading": "inputs",
    "ScanSettings": "driver",
    "run_scan": "driver",
    "scan_bag": "frames",
    "scan_dataframe": "frames",
}


def __getattr__(name: str) -> Any:
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
