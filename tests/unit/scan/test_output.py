"""The output folder through fsspec: whole files only, on a local folder as on
``memory://``; a file system without its package refused, naming it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.unit.scan import require_scan_extra

require_scan_extra()

from urlinspector.scan.output import Output, OutputError, check_protocol  # noqa: E402


@pytest.mark.parametrize("kind", ["local", "file-url", "memory"])
def test_files_are_written_whole_and_listed(tmp_path: Path, kind: str) -> None:
    url = {
        "local": str(tmp_path / "out"),
        "file-url": f"file://{tmp_path}/out",
        "memory": f"memory://scan-test-{tmp_path.name}/out",
    }[kind]
    out = Output(url)
    out.makedirs("rows")
    out.write("rows/part-00000.parquet", lambda f: f.write(b"PAR1"))
    out.write_text("report.json", "{}\n")
    assert out.glob("rows/part-*") == ["rows/part-00000.parquet"]
    assert out.read_text("report.json") == "{}\n"
    assert out.exists("report.json")
    out.remove(["report.json"])
    assert not out.exists("report.json")
    if kind != "memory":
        # (nothing named after the protocol, no temporary left)
        assert sorted(p.name for p in (tmp_path / "out").rglob("*")) == [
            "part-00000.parquet",
            "rows",
        ]
        assert not list(Path().glob("file:*"))


def test_a_failed_write_leaves_no_file(tmp_path: Path) -> None:
    out = Output(str(tmp_path))

    def fail(f: object) -> None:
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        out.write("report.json", fail)
    assert list(tmp_path.iterdir()) == []


def test_a_file_system_without_its_package_is_named() -> None:
    if importlib.util.find_spec("adlfs") is not None:
        pytest.skip("adlfs is installed here")
    with pytest.raises(OutputError, match=r"abfs:// file system needs the adlfs package"):
        check_protocol("abfs://container/out")
    with pytest.raises(OutputError, match=r"no file system is known for nosuch://"):
        check_protocol("nosuch://x/y")
