"""The wheel as a user gets it: built from the source tree, installed into a fresh
virtual environment outside it, and run from there.

The wheel is built with pip (its build backend, setuptools, comes from pip's index or
cache, as for ``pip install -e``).  urlinspector itself is installed from the wheel with
``--no-deps``; its dependencies (PySide6, idna, ada-url) are the ones already installed
for the tests, made visible to the new environment by a ``.pth`` line that names their
``site-packages`` (no download of PySide6 per run).  A ``.pth`` line adds the folder
only: the editable install's finder in it is not loaded, and the test checks that the
package runs from the new environment.
"""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

pytestmark = pytest.mark.integration


def _copy_source(target: Path) -> Path:
    """The files a build reads, copied out of the tree (a build leaves ``build/`` and
    ``*.egg-info`` behind, which must not land in the checkout)."""
    skip = shutil.ignore_patterns(
        ".venv", ".git", "build", "dist", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis"
    )
    shutil.copytree(ROOT, target, ignore=skip)
    return target


def _run(args: list[str], cwd: Path, env: dict[str, str], timeout: float) -> str:
    done = subprocess.run(
        args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert done.returncode == 0, f"{args}\nstdout:\n{done.stdout}\nstderr:\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A fresh virtual environment with the wheel installed, and the environment to run
    its commands in (outside the source tree, no PYTHONPATH)."""
    base = tmp_path_factory.mktemp("wheel")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["HOME"] = str(base / "home")  # the window's settings go here, not in the user's
    env["XDG_CONFIG_HOME"] = str(base / "home" / ".config")
    source = _copy_source(base / "source")
    dist = base / "dist"
    _run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(source)],
        base,
        env,
        timeout=600,
    )
    wheels = sorted(dist.glob("urlinspector-*.whl"))
    assert len(wheels) == 1, wheels

    env_dir = base / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    purelib = Path(
        _run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
            base,
            env,
            timeout=60,
        ).strip()
    )
    deps = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib"), *site.getsitepackages()}
    (purelib / "_urlinspector_test_deps.pth").write_text(
        "".join(f"{d}\n" for d in sorted(deps)), encoding="utf-8"
    )
    _run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q",
         str(wheels[0])],
        base,
        env,
        timeout=300,
    )  # fmt: skip
    return env_dir, env


def test_the_package_runs_from_the_new_environment(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    env_dir, env = installed
    where = _run(
        [
            str(env_dir / "bin" / "python"),
            "-c",
            "import urlinspector, urlinspector.data as d; print(urlinspector.__file__); "
            "print(d.demo_hole()); print(len(d.spec_text('RFC 1738 summary (zh)')))",
        ],
        tmp_path,
        env,
        timeout=60,
    ).splitlines()
    assert Path(where[0]).is_relative_to(env_dir), where
    assert Path(where[1]).is_relative_to(env_dir), where
    assert (Path(where[1]) / "gophermap").is_file()
    assert int(where[2]) > 10_000


def test_spec_prints_a_section(installed: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    env_dir, env = installed
    out = _run(
        [str(env_dir / "bin" / "urlinspector"), "spec", "RFC 1738 §3.2.2"], tmp_path, env, 60
    )
    assert out.startswith("RFC 1738 §3.2.2 FTP url-path")
    assert "%2Fetc/motd" in out
    out = _run([str(env_dir / "bin" / "urlinspector"), "spec", "RFC 3986 §2.1"], tmp_path, env, 60)
    assert out.startswith("RFC 3986 §2.1 Percent-Encoding — shown from the 2003 draft §2.4 ")


def test_demo_screenshot(installed: tuple[Path, dict[str, str]], tmp_path: Path) -> None:
    env_dir, env = installed
    png = tmp_path / "demo.png"
    _run(
        [str(env_dir / "bin" / "urlinspector"), "demo", "--screenshot", str(png)],
        tmp_path,
        env,
        timeout=180,
    )
    data = png.read_bytes()
    assert data.startswith(PNG_SIGNATURE)
    assert len(data) > 20_000, len(data)  # a window with a menu in it, not an empty image


def test_the_top_domains_list_ships_and_flags_an_embedded_brand(
    installed: tuple[Path, dict[str, str]], tmp_path: Path
) -> None:
    env_dir, env = installed
    where = _run(
        [
            str(env_dir / "bin" / "python"),
            "-c",
            "import importlib.resources as r, urlinspector.data as d; "
            "folder = r.files('urlinspector.data') / 'top_domains'; "
            "print(folder); print(len((folder / 'domains.list').read_text(encoding='utf-8'))); "
            "print((folder / 'SOURCE.md').is_file()); print(len(d.top_domains()))",
        ],
        tmp_path,
        env,
        timeout=60,
    ).splitlines()
    assert Path(where[0]).is_relative_to(env_dir), where
    assert int(where[1]) > 60_000, where
    assert where[2] == "True", where
    assert int(where[3]) > 300, where
    out = _run(
        [str(env_dir / "bin" / "urlinspector"), "parse", "--json",
         "https://accounts.google.com.signin.session.verify.attackerdomain.example/"],
        tmp_path,
        env,
        timeout=60,
    )  # fmt: skip
    assert '"embedded-brand"' in out
