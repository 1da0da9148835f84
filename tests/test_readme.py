"""The README's quick start is two command lines, and CI runs the second verbatim."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def quick_start_lines() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```(?:sh|bash|console)?\n(.*?)```", section, re.S)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def test_quick_start_is_two_command_lines() -> None:
    lines = quick_start_lines()
    assert len(lines) == 2, lines
    run_line, test_line = lines
    assert "urlinspector" in run_line
    assert "pytest" in test_line


def test_ci_runs_the_readme_test_line_verbatim() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    commands = [
        line
        for line in ci.splitlines()
        if line.strip() and not line.startswith(("#", "set ", "cd ", "export "))
    ]
    assert commands == [quick_start_lines()[1]]


# --- the README for newcomers, the reference in docs/ -------------------------------------

DOCS = ROOT / "docs"
BENCHMARK_MARKERS = [
    ("<!-- benchmark:start -->", "<!-- benchmark:end -->"),
    ("<!-- resolve-benchmark:start -->", "<!-- resolve-benchmark:end -->"),
    ("<!-- other-benchmarks:start -->", "<!-- other-benchmarks:end -->"),
    ("<!-- benchmark-batch:start -->", "<!-- benchmark-batch:end -->"),
]


def test_readme_is_short_and_links_the_reference() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 120
    assert readme.count("![") == 2  # two screenshots
    for doc in ("cli.md", "json.md", "benchmarks.md", "architecture.md"):
        assert f"(docs/{doc})" in readme


def test_relative_links_lead_to_files() -> None:
    for page in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"\]\(([^)#\s]+)\)", text):
            if "://" in target:
                continue
            assert (page.parent / target).exists(), f"{page.name} links to missing {target}"


def test_the_benchmark_tables_live_in_docs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    benchmarks = (DOCS / "benchmarks.md").read_text(encoding="utf-8")
    for start, end in BENCHMARK_MARKERS:
        assert start not in readme
        assert benchmarks.count(start) == 1
        assert benchmarks.count(end) == 1
        assert benchmarks.index(start) < benchmarks.index(end)


def test_a_benchmark_writes_its_table_between_its_markers(tmp_path: Path) -> None:
    from tests.benchmarks import bench_parse, bench_resolve

    assert bench_parse.BENCHMARKS_DOC == DOCS / "benchmarks.md"
    doc = tmp_path / "benchmarks.md"
    original = (DOCS / "benchmarks.md").read_text(encoding="utf-8")
    doc.write_text(original, encoding="utf-8")
    bench_parse.update_docs("| new | table |", bench_resolve.START, bench_resolve.END, doc)
    written = doc.read_text(encoding="utf-8")
    start, end = bench_resolve.START, bench_resolve.END
    assert written.split(start)[1].split(end)[0] == "\n| new | table |\n"
    assert written.split(start)[0] == original.split(start)[0]
    assert written.split(end)[1] == original.split(end)[1]


def _examples() -> list[tuple[str, list[str]]]:
    """The README's examples: each ``$ command`` and the output lines shown under it."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Examples", 1)[1].split("\n## ", 1)[0]
    examples: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", section, re.S):
        for line in block.splitlines():
            if line.startswith("$ "):
                examples.append((line[2:], []))
            else:
                examples[-1][1].append(line)
    return examples


def test_the_readme_has_five_examples() -> None:
    assert len(_examples()) >= 5


@pytest.mark.parametrize(("command", "shown"), _examples(), ids=lambda v: str(v)[:40])
def test_a_readme_example_prints_what_it_shows(command: str, shown: list[str]) -> None:
    """Every run of lines shown (between "..." elisions) is in the output, in order."""
    program = f"{shlex.quote(sys.executable)} -m urlinspector"
    command = re.sub(r"(^|\| )urlinspector ", lambda m: f"{m.group(1)}{program} ", command)
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1"}
    done = subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, env=env, timeout=60, check=False
    )
    assert done.stderr == ""
    output = done.stdout.splitlines()
    at = 0
    runs = "\n".join(shown).split("...")
    for run in (r.strip("\n").splitlines() for r in runs):
        if not run:
            continue
        found = next((i for i in range(at, len(output)) if output[i : i + len(run)] == run), None)
        assert found is not None, f"not in the output of {command!r}:\n" + "\n".join(run)
        at = found + len(run)
