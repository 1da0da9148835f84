"""The benchmark's code works (on a small corpus); it asserts no timings."""

from __future__ import annotations

import pytest

from tests.benchmarks import bench_parse
from tests.benchmarks.corpus import (
    LEGACY_HEAVY,
    corpus,
    legacy_corpus,
    long_url,
    pooled_hosts,
    tagged_corpus,
)
from urlinspector.core import parse


def test_corpus_is_deterministic_and_mixed() -> None:
    first, second = corpus(2000), corpus(2000)
    assert first == second
    schemes = {parse(u).scheme for u in first}
    assert {"http", "https", "ftp", "gopher", "news", "mailto", None} <= schemes
    assert len(set(first)) > 1500


def test_pooled_hosts_repeat_hosts_and_keep_the_rest() -> None:
    urls = corpus(4000)
    pooled = pooled_hosts(urls, 100)
    assert pooled == pooled_hosts(urls, 100)
    before = [parse(u) for u in urls]
    after = [parse(u) for u in pooled]
    web = ("http", "https")
    hosts = {u.host for u in after if u.host and u.scheme in web and u.host[0] != "["}
    assert len(hosts) <= 100 < len({u.host for u in before if u.scheme in web})
    assert [(u.scheme, u.path, u.query) for u in after] == [
        (u.scheme, u.path, u.query) for u in before
    ]


def test_legacy_heavy_corpus_is_mostly_legacy_with_findings() -> None:
    tagged = tagged_corpus(4000, 1994, LEGACY_HEAVY)
    assert tagged == tagged_corpus(4000, 1994, LEGACY_HEAVY)
    urls = legacy_corpus(4000)
    assert urls == [u for _, u in tagged]
    assert sum(kind == "legacy" for kind, _ in tagged) > 0.7 * len(tagged)
    findings = sum(len(parse(u).diagnostics) for u in urls) / len(urls)
    assert 1.3 < findings < 1.7
    schemes = {(parse(u).scheme or "").lower() for u in urls}
    assert {"ftp", "gopher", "news", "nntp", "telnet", "wais", "file", "mailto"} <= schemes


def test_long_url_is_64_kib_and_parses() -> None:
    url = long_url()
    assert len(url) == 64 * 1024
    assert parse(url).recompose() == url


# The issue names rfc3986's validating parse as the peer; the package has
# deprecated that method in favour of its Validator class.
@pytest.mark.filterwarnings("ignore:Please use rfc3986.validators.Validator:DeprecationWarning")
def test_benchmark_table_has_every_row() -> None:
    table = bench_parse.run(size=300, rounds=1)
    for name in ("urlsplit", "urlinspector parse", "rfc3986", "KiB URL", "legacy-heavy"):
        assert name in table
    for kind in ("| web |", "| legacy |", "| broken |"):
        assert table.count(kind) == 2  # a row in each corpus's table
