"""The library API over Dask collections people already have: a bag of URLs, or a
column of a Dask DataFrame, in; a Dask DataFrame of rows (:data:`~.columns.ROW_SCHEMA`,
as pandas' Arrow-backed dtypes) out, lazily, never gathered to the client.

Each partition goes through :func:`~.columns.rows` once; ``source`` names the partition
(``partition-0``, ...) and ``line`` counts its URLs from 1.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pandas as pd
import pyarrow as pa

from urlinspector.core.editions import EDITION_IDS
from urlinspector.scan.columns import ROW_SCHEMA, rows

__all__ = ["scan_bag", "scan_dataframe"]


@cache
def _meta() -> pd.DataFrame:
    """The empty frame of the rows' columns and dtypes."""
    return _frame(ROW_SCHEMA.empty_table())


def _frame(table: pa.Table) -> pd.DataFrame:
    frame: pd.DataFrame = table.to_pandas(types_mapper=pd.ArrowDtype)
    return frame


def _partition_rows(
    urls: Any, index: int, edition: str, readers: bool, source: str
) -> pd.DataFrame:
    values = [u if isinstance(u, str) else None for u in urls]
    name = source or f"partition-{index}"
    return _frame(rows(values, name, edition=edition, readers=readers))


def scan_bag(
    bag: Any, *, edition: str = EDITION_IDS[0], readers: bool = True, source: str = ""
) -> Any:
    """A Dask DataFrame of the rows of *bag*'s URLs (a ``dask.bag.Bag`` of str), one
    partition of rows for each of the bag's."""
    import dask
    import dask.dataframe as dd

    parts = [
        dask.delayed(_partition_rows)(part, i, edition, readers, source)
        for i, part in enumerate(bag.to_delayed())
    ]
    return dd.from_delayed(parts, meta=_meta(), verify_meta=False)


def scan_dataframe(
    ddf: Any,
    column: str = "url",
    *,
    edition: str = EDITION_IDS[0],
    readers: bool = True,
    source: str = "",
) -> Any:
    """A Dask DataFrame of the rows of the URLs in *column* of *ddf* (a
    ``dask.dataframe.DataFrame``), partition by partition."""
    import dask
    import dask.dataframe as dd

    parts = [
        dask.delayed(_partition_rows)(part[column], i, edition, readers, source)
        for i, part in enumerate(ddf.to_delayed())
    ]
    return dd.from_delayed(parts, meta=_meta(), verify_meta=False)
