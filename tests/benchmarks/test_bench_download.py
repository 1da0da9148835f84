"""The download benchmark's code works (2 and 3 MiB, one round): both servers start, both
clients write the whole file, and the docs section is written in place; it asserts no
timings."""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

import pytest

from tests.benchmarks import bench_download


def test_every_row_is_measured() -> None:
    sizes = bench_download.sizes_type("ftp:2,gopher:2,gopher-relay:2,ftp:3")
    rows = bench_download.run(sizes, rounds=1)
    assert [(r.protocol, r.server, r.size) for r in rows] == [
        ("ftp", "pyftpdlib", 2 * bench_download.MiB),
        ("gopher", "gophernicus", 2 * bench_download.MiB),
        ("gopher", "gophernicus via a relaying socat", 2 * bench_download.MiB),
        ("ftp", "pyftpdlib", 3 * bench_download.MiB),
    ]
    for row in rows:
        assert len(row.curl) == len(row.ours) == 1
        assert len(row.curl_small) == len(row.ours_small) == 1
        assert row.ratio > 0
        assert row.rss_mib > 0
        assert all(ms > 0 for ms in row.fixed_ms)
        if shutil.which("valgrind") is not None:  # (tests/system/install-debian-packages.sh)
            assert row.instructions is not None
            assert row.instructions > 10_000_000  # Python's own start-up is more than that
    text = bench_download.table(rows, 1)
    assert text.startswith(bench_download.SECTION)
    assert "| ftp | pyftpdlib | 2 MiB |" in text
    assert "| gopher | gophernicus | 2 MiB |" in text
    assert "| gopher | gophernicus via a relaying socat | 2 MiB |" in text
    assert "| ftp | pyftpdlib | 3 MiB |" in text


def test_the_default_sizes_include_a_gibibyte_by_ftp() -> None:
    sizes = bench_download.sizes_type(bench_download.DEFAULT_SIZES)
    assert bench_download.Size("ftp", 256) in sizes
    assert bench_download.Size("gopher", 256) in sizes
    assert bench_download.Size("gopher-relay", 256) in sizes
    assert bench_download.Size("ftp", 1024) in sizes


@pytest.mark.parametrize("text", ["http:2", "ftp", "ftp:", "ftp:x", "ftp:0", ""])
def test_sizes_are_checked(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError):
        bench_download.sizes_type(text)


def test_the_docs_section_is_replaced_in_place(tmp_path: Path) -> None:
    docs = tmp_path / "benchmarks.md"
    bench_download.write_docs("## Downloads\n\nfirst\n", docs)
    assert docs.read_text() == "## Downloads\n\nfirst\n"
    docs.write_text("# Benchmarks\n\n## Parsing\n\np\n")
    bench_download.write_docs("## Downloads\n\nfirst\n", docs)
    assert docs.read_text() == "# Benchmarks\n\n## Parsing\n\np\n\n## Downloads\n\nfirst\n"
    docs.write_text("# Benchmarks\n\n## Parsing\n\np\n\n## Downloads\n\nfirst\n\n## Viewer\n\nv\n")
    bench_download.write_docs("## Downloads\n\nsecond\n", docs)
    assert docs.read_text() == (
        "# Benchmarks\n\n## Parsing\n\np\n\n## Downloads\n\nsecond\n\n## Viewer\n\nv\n"
    )
