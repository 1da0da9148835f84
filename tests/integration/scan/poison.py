"""A per-partition function that kills its worker process on a part holding a URL of
``poison.example``, as a crash in a C extension or the out-of-memory killer would."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from urlinspector.scan import rows


def poisoned_rows(urls: Sequence[str | None], *args: Any, **kwargs: Any) -> Any:
    if any(u is not None and "poison.example" in u for u in urls):
        os._exit(9)
    return rows(urls, *args, **kwargs)
