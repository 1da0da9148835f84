"""The table of diagnostic codes (core/codes.py): the ``Code`` type agrees with it, and
every code the program emits over many texts is in it.

``python tests/unit/core/test_codes.py`` writes ``core/code_names.py`` (the ``Literal``
of the table's codes) again after a row is added to the table.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT) not in sys.path:  # (run as a script)
    sys.path.insert(0, str(ROOT))

from tests.support.url_texts import (  # noqa: E402
    corpus_texts,
    generated_texts,
    strings_in_tests,
)
from urlinspector.core import EDITION_IDS, destination, parse  # noqa: E402
from urlinspector.core.code_names import Code  # noqa: E402
from urlinspector.core.codes import CODES  # noqa: E402
from urlinspector.core.model import Category, Severity  # noqa: E402

CODE_NAMES = ROOT / "src" / "urlinspector" / "core" / "code_names.py"


def code_names_source() -> str:
    """What core/code_names.py holds: the table's codes, in its order, as a Literal."""
    rows = "".join(f'    "{code}",\n' for code in CODES)
    return (
        '"""The diagnostic codes as a type, ``Code``: the ``Literal`` of the codes of the\n'
        "table in :mod:`.codes`, generated from it by ``python tests/unit/core/test_codes.py``\n"
        '(never edited by hand; a test fails while the two differ)."""\n'
        "\n"
        "from typing import Literal\n"
        "\n"
        '__all__ = ["Code"]\n'
        "\n"
        f"Code = Literal[\n{rows}]\n"
    )


def test_the_code_type_is_the_tables_codes() -> None:
    assert CODE_NAMES.read_text(encoding="utf-8") == code_names_source(), (
        "run: python tests/unit/core/test_codes.py"
    )
    assert get_args(Code) == tuple(CODES)


def test_every_row_says_what_its_code_means() -> None:
    for code, row in CODES.items():
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", code), code
        assert row.severity in get_args(Severity), code
        assert row.category in get_args(Category), code
        assert re.fullmatch(r"[^\n]+[^.]", row.summary), code  # (one line, no full stop)
        assert row.citation, code


def _emitted(texts: list[str], editions: tuple[str, ...]) -> set[str]:
    return {d.code for ed in editions for text in texts for d in parse(text, ed).diagnostics}


def test_every_code_the_parse_emits_is_in_the_table() -> None:
    texts = strings_in_tests() + corpus_texts(2000) + list(generated_texts(6000))
    emitted = _emitted(texts, EDITION_IDS)
    assert emitted - set(CODES) == set()
    assert len(emitted) > 60  # (the texts reach most of the table)


def test_every_code_where_browsers_go_emits_is_in_the_table() -> None:
    texts = strings_in_tests()[:3000] + corpus_texts(300) + list(generated_texts(1500, seed=7))
    emitted = set()
    for text in texts:
        url = parse(text)
        emitted |= {d.code for d in destination(url).diagnostics(url)}
    assert emitted - set(CODES) == set()
    assert {"browser-host", "idn-punycode", "active-content"} <= emitted


@settings(max_examples=300)
@given(text=st.text(max_size=60), edition=st.sampled_from(EDITION_IDS))
def test_every_code_emitted_for_any_text_is_in_the_table(text: str, edition: str) -> None:
    url = parse(text, edition)
    assert {d.code for d in url.diagnostics} <= set(CODES)


_MISTYPED = """
from urlinspector.core.checks import Findings
from urlinspector.core.model import Diagnostic

Diagnostic("pasword", "warning", "security", (0, 1), "m", "r")
Findings().add("bad-escapes", "error", "escape", (0, 1), "m", "r")
Findings().add("bad-escape", "error", "escape", (0, 1), "m", "r")
"""


@pytest.mark.tooling
def test_a_mistyped_code_fails_mypy(tmp_path: Path) -> None:
    program = tmp_path / "mistyped.py"
    program.write_text(_MISTYPED, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(program)],
        cwd=ROOT,
        env={**os.environ, "MYPYPATH": str(ROOT / "src")},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert [line.split(":")[1] for line in errors] == ["5", "6"], done.stdout + done.stderr
    assert all("[arg-type]" in e for e in errors), errors


@pytest.mark.parametrize("code", ["password", "wrapper", "bad-escape"])
def test_a_code_is_the_same_string_in_json(code: str) -> None:
    text = {"password": "ftp://u:p@h/", "wrapper": "<URL:http://h/>", "bad-escape": "http://h/%G"}
    found = [d["code"] for d in parse(text[code]).to_dict()["diagnostics"]]
    assert code in found


if __name__ == "__main__":
    CODE_NAMES.write_text(code_names_source(), encoding="utf-8")
