"""Datasets on Dask: ``urlinspector scan`` and its library API.

The per-partition function :func:`rows` (a list of URLs in, an Arrow table out) is
plain Python over the core; :func:`scan_bag` and :func:`scan_dataframe` run it over
Dask collections; :func:`run_scan` is the command's driver (inputs, parts, report).
Needs the ``scan`` extra: ``pip install 'urlinspector[scan]'``.
"""

from __future__ import annotations

from urlinspector.scan.rows import ROW_SCHEMA, arrow_batches, error_rows, rows

__all__ = ["ROW_SCHEMA", "arrow_batches", "error_rows", "rows"]
