"""Where a download is written: never through a link, in place only when complete."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

from urlinspector.net.saving import SaveRefused, save_to


def _nothing(folder: Path) -> None:
    pass


def _regular(folder: Path) -> None:
    (folder / "out").write_bytes(b"old")


def _link_to_victim(folder: Path) -> None:
    (folder / "out").symlink_to(folder / "victim")


def _dangling_link(folder: Path) -> None:
    (folder / "out").symlink_to(folder / "nowhere")


def _folder(folder: Path) -> None:
    (folder / "out").mkdir()


def _part_link(folder: Path) -> None:
    (folder / "out.part").symlink_to(folder / "victim")


def _part_dangling_link(folder: Path) -> None:
    (folder / "out.part").symlink_to(folder / "nowhere")


def _part_folder(folder: Path) -> None:
    (folder / "out.part").mkdir()


def _part_leftover(folder: Path) -> None:
    (folder / "out.part").write_bytes(b"an earlier download, cut short")


@pytest.mark.parametrize(
    ("setup", "refused"),
    [
        (_nothing, None),
        (_regular, None),
        (_part_leftover, None),
        (_link_to_victim, "is a symbolic link"),
        (_dangling_link, "is a symbolic link"),
        (_folder, "is a folder"),
        (_part_link, "out.part exists and is not a regular file"),
        (_part_dangling_link, "out.part exists and is not a regular file"),
        (_part_folder, "out.part exists and is not a regular file"),
    ],
)
def test_what_is_written_and_what_is_refused(
    tmp_path: Path, setup: Callable[[Path], None], refused: str | None
) -> None:
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    setup(tmp_path)
    target = tmp_path / "out"
    if refused is not None:
        with pytest.raises(SaveRefused, match=refused):
            save_to(target)
    else:
        with save_to(target) as saving:
            saving.file.write(b"new")
            saving.commit()
        assert target.read_bytes() == b"new"
        assert not target.is_symlink()
        assert not (tmp_path / "out.part").exists()
    assert victim.read_bytes() == b"precious"


def test_the_target_is_untouched_until_the_commit(tmp_path: Path) -> None:
    target = tmp_path / "out"
    target.write_bytes(b"old")
    with save_to(target) as saving:
        saving.file.write(b"new")
        saving.file.flush()
        assert target.read_bytes() == b"old"
        assert (tmp_path / "out.part").read_bytes() == b"new"
        saving.commit()
    assert target.read_bytes() == b"new"


@pytest.mark.parametrize(("data", "kept"), [(b"half of it", True), (b"", False)])
def test_a_partial_download_is_kept_when_it_holds_bytes(
    tmp_path: Path, data: bytes, kept: bool
) -> None:
    target = tmp_path / "out"
    with save_to(target) as saving:
        saving.file.write(data)
        part = saving.keep_partial()
    assert not target.exists()
    assert (part is not None) is kept
    assert (tmp_path / "out.part").exists() is kept


def test_leaving_the_block_without_a_word_discards(tmp_path: Path) -> None:
    target = tmp_path / "out"

    def fail_midway() -> None:
        with save_to(target) as saving:
            saving.file.write(b"x")
            raise RuntimeError

    with pytest.raises(RuntimeError):
        fail_midway()
    assert list(tmp_path.iterdir()) == []


def test_a_device_is_written_as_it_is() -> None:
    with save_to(os.devnull) as saving:
        assert saving.part is None
        saving.file.write(b"gone")
        saving.commit()
    assert Path(os.devnull).is_char_device()


def test_a_missing_folder_says_so(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        save_to(tmp_path / "missing" / "x")
