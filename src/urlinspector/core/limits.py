"""The size caps every front end reads its input under: one place for the numbers, so
that ``parse -``, ``parse --jsonl`` and ``scan`` refuse the same lines."""

from __future__ import annotations

__all__ = ["MAX_INPUT"]

MAX_INPUT = 1 << 20
"""Bytes of one URL, reference or text read from standard input (``-``), of one line of
``--jsonl``, and of one record a scan reads (a line, a WARC target, a Parquet cell): a
longer one is not read.  Far above any URL sent to a server, and small enough that its
report, some 30 times its size, fits in memory."""
