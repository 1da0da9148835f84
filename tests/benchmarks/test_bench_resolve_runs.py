"""The resolution benchmark's code works (on a few pairs); it asserts no timings."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urljoin

from tests.benchmarks import bench_resolve
from urlinspector.core.grammar import APPENDIX_B
from urlinspector.core.resolution import resolve


def test_pairs_are_deterministic_and_mixed() -> None:
    first, second = bench_resolve.pairs(1000), bench_resolve.pairs(1000)
    assert first == second
    assert len(first) == 1000
    bases = {base for base, _ in first}
    assert 10 < len(bases) < 500  # pages with several links each
    for base in bases:
        assert APPENDIX_B.match(base).group(2) is not None  # type: ignore[union-attr]
    kinds: dict[str, Callable[[str], bool]] = {
        "relative": lambda r: r[:1] not in ("/", "?", "#", ".") and ":" not in r.split("/")[0],
        "dot-dot": lambda r: r.startswith("../"),
        "dot": lambda r: r.startswith("./"),
        "absolute-path": lambda r: r.startswith("/") and not r.startswith("//"),
        "network-path": lambda r: r.startswith("//"),
        "query": lambda r: r.startswith("?"),
        "fragment": lambda r: r.startswith("#"),
        "absolute": lambda r: ":" in r.split("/")[0],
    }
    for name, is_kind in kinds.items():
        assert any(is_kind(ref) for _, ref in first), name


def test_both_resolvers_take_every_pair() -> None:
    for base, reference in bench_resolve.pairs(300):
        assert bench_resolve.resolve_lean(base, reference) == resolve(base, reference).target
        urljoin(base, reference)


def test_benchmark_table_has_every_row() -> None:
    table = bench_resolve.run(size=300, rounds=1)
    for name in ("urljoin", 'resolve(..., "rfc3986", trace=False)', "with its trace", "of 300"):
        assert name in table
    assert table.count("x |") == 3  # three ratios
