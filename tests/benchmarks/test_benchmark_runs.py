"""The benchmark's code works (on a small corpus); it asserts no timings."""

from __future__ import annotations

import pytest

from tests.benchmarks import bench_parse
from tests.benchmarks.corpus import corpus, long_url
from urlinspector.core import parse


def test_corpus_is_deterministic_and_mixed() -> None:
    first, second = corpus(2000), corpus(2000)
    assert first == second
    schemes = {parse(u).scheme for u in first}
    assert {"http", "https", "ftp", "gopher", "news", "mailto", None} <= schemes
    assert len(set(first)) > 1500


def test_long_url_is_64_kib_and_parses() -> None:
    url = long_url()
    assert len(url) == 64 * 1024
    assert parse(url).recompose() == url


# The issue names rfc3986's validating parse as the peer; the package has
# deprecated that method in favour of its Validator class.
@pytest.mark.filterwarnings("ignore:Please use rfc3986.validators.Validator:DeprecationWarning")
def test_benchmark_table_has_every_row() -> None:
    table = bench_parse.run(size=300, rounds=1)
    for name in ("urlsplit", "urlinspector parse", "rfc3986", "KiB URL"):
        assert name in table
