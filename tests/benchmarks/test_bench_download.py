"""The download benchmark's code works (2 MiB, one round): both servers start, both
clients write the whole file, and the docs section is written in place; it asserts no
timings."""

from __future__ import annotations

from pathlib import Path

from tests.benchmarks import bench_download


def test_every_row_is_measured() -> None:
    rows = bench_download.run(mib=2, rounds=1)
    assert [(r.protocol, r.server) for r in rows] == [
        ("ftp", "pyftpdlib"),
        ("gopher", "gophernicus"),
    ]
    for row in rows:
        assert row.size == 2 * bench_download.MiB
        assert row.ratio > 0
        assert row.rss_mib > 0
    text = bench_download.table(rows, 1)
    assert text.startswith(bench_download.SECTION)
    assert "| ftp | pyftpdlib |" in text
    assert "| gopher | gophernicus |" in text


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
