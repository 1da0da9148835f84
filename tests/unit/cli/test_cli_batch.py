"""Batch mode: ``--jsonl`` reads one input a line and writes one JSON document a line."""

from __future__ import annotations

import contextlib
import io
import json
import os
import signal
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.unit.cli.test_cli import run
from urlinspector.cli import batch, batch_pool, main
from urlinspector.cli.common import Console
from urlinspector.cli.inspect import ParseLine
from urlinspector.core.normalization import normalize
from urlinspector.core.resolution import resolve
from urlinspector.present.inspection import inspect


def lines_of(out: str) -> list[dict[str, object]]:
    assert out.endswith("\n") or out == ""
    return [json.loads(line) for line in out.splitlines()]


@pytest.fixture
def url_list(tmp_path: Path) -> Path:
    path = tmp_path / "urls.txt"
    path.write_bytes(
        b"http://example.com/a\n"
        b"\n"  # an empty line: no document, but it keeps its number
        b"http://h:8a/\r\n"  # an error; a CRLF line end
        b"ftp://user:secret@h/\n"
        b"gopher://h/0caf%E9"  # the last line without a line end
    )
    return path


def test_one_document_a_line_the_same_as_parse_json(url_list: Path) -> None:
    code, out, err = run(["parse", "--jsonl", str(url_list)])
    assert err == ""
    assert code == 1  # one line has an error diagnostic
    documents = lines_of(out)
    assert [d["line"] for d in documents] == [1, 3, 4, 5]
    texts = ["http://example.com/a", "http://h:8a/", "ftp://user:secret@h/", "gopher://h/0caf%E9"]
    for document, text in zip(documents, texts, strict=True):
        line = document.pop("line")
        expected = inspect(text, edition="rfc3986").document()
        assert document == json.loads(json.dumps(expected)), line


def test_no_errors_exit_zero(tmp_path: Path) -> None:
    path = tmp_path / "ok.txt"
    path.write_text("http://a/\nhttp://b/\n")
    code, out, _ = run(["parse", "--jsonl", str(path)])
    assert code == 0
    assert len(lines_of(out)) == 2


def test_charset_and_edition_reach_every_line(url_list: Path) -> None:
    _, out, _ = run(
        ["parse", "--jsonl", str(url_list), "--charset", "latin-1", "--edition", "rfc1738"]
    )
    documents = lines_of(out)
    assert {d["edition"] for d in documents} == {"rfc1738"}
    gopher = documents[-1]["scheme_specific"]
    assert isinstance(gopher, dict)
    (selector,) = [p for p in gopher["parts"] if p["name"] == "selector"]
    assert selector["decoded"] == "café"


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_order_is_the_input_order_across_chunks_and_workers(tmp_path: Path, jobs: str) -> None:
    count = batch.CHUNK_LINES * 3 + 7
    path = tmp_path / "many.txt"
    path.write_text("".join(f"http://h{i}.example/p?i={i}\n" for i in range(count)))
    code, out, _ = run(["parse", "--jsonl", str(path), "--jobs", jobs])
    assert code == 0
    documents = lines_of(out)
    assert [d["line"] for d in documents] == list(range(1, count + 1))
    assert [d["input"] for d in documents] == [f"http://h{i}.example/p?i={i}" for i in range(count)]


def test_select_keeps_only_lines_with_those_findings(url_list: Path) -> None:
    code, out, _ = run(["parse", "--jsonl", str(url_list), "--select", "security:warning"])
    documents = lines_of(out)
    assert [d["line"] for d in documents] == [4]  # the password
    diagnostics = documents[0]["diagnostics"]
    assert isinstance(diagnostics, list)
    assert diagnostics
    assert all(d["category"] == "security" and d["severity"] == "warning" for d in diagnostics)
    assert code == 1  # a selected finding was found


def test_select_by_severity_or_category(url_list: Path) -> None:
    _, out, _ = run(["parse", "--jsonl", str(url_list), "--select", "error"])
    assert [d["line"] for d in lines_of(out)] == [3]
    _, out, _ = run(["parse", "--jsonl", str(url_list), "--select", "syntax,security"])
    assert [d["line"] for d in lines_of(out)] == [3, 4]


def test_select_nothing_found_exits_zero(tmp_path: Path) -> None:
    path = tmp_path / "ok.txt"
    path.write_text("http://a/\n")
    code, out, _ = run(["parse", "--jsonl", str(path), "--select", "security"])
    assert (code, out) == (0, "")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["parse", "http://a/", "--jsonl", "x"], "not both"),
        (["parse"], "a URL is needed"),
        (["parse", "http://a/", "--select", "security"], "--select works with --jsonl"),
        (["parse", "--jsonl", "x", "--select", "nonsense"], "the categories are"),
        (["parse", "--jsonl", "x", "--select", "security:loud"], "the severities are"),
        (["parse", "--jsonl", "x", "--jobs", "0"], "is not 1 to 256"),
        (["parse", "--jsonl", "/no/such/file"], "cannot read"),
        (["resolve", "--jsonl", "x"], "--base BASE"),
        (["resolve", "--base", "a:", "b", "c"], "the base once"),
        (["normalize"], "a URL is needed"),
        (["extract", "a.txt", "--jsonl", "b.txt"], "not both"),
    ],
)
def test_misuse_is_one_line_and_exit_2(argv: list[str], message: str) -> None:
    code, out, err = run(argv)
    assert code == 2
    assert out == ""
    assert message in err
    assert err.count("\n") == 1


def test_a_line_too_long_is_reported_and_the_rest_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(batch, "MAX_LINE", 64)
    path = tmp_path / "long.txt"
    path.write_bytes(b"http://a/\n" + b"x" * 1000 + b"\nhttp://b/\n")
    code, out, _ = run(["parse", "--jsonl", str(path)])
    documents = lines_of(out)
    assert [d["line"] for d in documents] == [1, 2, 3]
    assert "not read" in str(documents[1]["error"])
    assert documents[2]["input"] == "http://b/"
    assert code == 1


def test_a_failing_line_does_not_lose_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from urlinspector.cli import inspect as cli
    from urlinspector.present.inspection import inspect as real

    def inspect_or_fail(text: str, **kwargs: object) -> object:
        if text == "boom":
            raise RuntimeError("a bug")
        return real(text, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(cli, "inspect", inspect_or_fail)
    path = tmp_path / "f.txt"
    path.write_text("http://a/\nboom\nhttp://b/\n")
    code, out, _ = run(["parse", "--jsonl", str(path)])
    documents = lines_of(out)
    assert documents[1] == {"line": 2, "input": "boom", "error": "RuntimeError: a bug"}
    assert documents[2]["input"] == "http://b/"
    assert code == 1


def test_stdin_with_undecodable_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    stdin = io.TextIOWrapper(io.BytesIO(b"http://h/\xff\nhttp://a/\n"), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    code, out, _ = run(["parse", "--jsonl"])
    documents = lines_of(out)
    assert len(documents) == 2
    assert documents[0]["input"] == "http://h/\udcff"
    assert code == 1


def test_resolve_each_line_against_the_base(tmp_path: Path) -> None:
    path = tmp_path / "refs.txt"
    path.write_text("g\n../x\n?y\n#s\n")
    code, out, _ = run(["resolve", "--base", "http://a/b/c/d;p?q", "--jsonl", str(path)])
    assert code == 0
    documents = lines_of(out)
    expected = [resolve("http://a/b/c/d;p?q", r, trace=False) for r in ("g", "../x", "?y", "#s")]
    assert [d["target"] for d in documents] == [r.target for r in expected]
    assert documents[0] == {"line": 1, **json.loads(json.dumps(expected[0].to_dict()))}


def test_resolve_base_as_option_or_positional() -> None:
    assert run(["resolve", "--base", "http://a/b/c", "../d"])[1] == "http://a/d\n"
    assert run(["resolve", "http://a/b/c", "../d"])[1] == "http://a/d\n"


def test_resolve_a_base_that_cannot_be_resolved_against_is_misuse(tmp_path: Path) -> None:
    path = tmp_path / "refs.txt"
    path.write_text("g\n")
    code, out, err = run(["resolve", "--base", "relative/only", "--jsonl", str(path)])
    assert (code, out) == (2, "")
    assert err


def test_normalize_each_line(tmp_path: Path) -> None:
    path = tmp_path / "urls.txt"
    path.write_text("HTTP://A/./b\nfoo:a/../b\n")
    _, out, _ = run(["normalize", "--jsonl", str(path)])
    documents = lines_of(out)
    assert [d["normalized"] for d in documents] == ["http://a/b", "foo:/b"]
    assert documents[0] == {
        "line": 1,
        **json.loads(json.dumps(normalize("HTTP://A/./b").to_dict())),
    }


def test_extract_each_line_with_columns(tmp_path: Path) -> None:
    path = tmp_path / "text.txt"
    path.write_text("nothing here\nsee http://a/b and <URL:ftp://x/y>\n")
    _, out, _ = run(["extract", "--jsonl", str(path)])
    (document,) = lines_of(out)
    assert document["line"] == 2
    urls = document["urls"]
    assert isinstance(urls, list)
    assert [(u["url"], u["column"]) for u in urls] == [("http://a/b", 5), ("ftp://x/y", 20)]


# --- bounded memory: chunks by bytes, each document written as it is done ---------------------


@pytest.mark.parametrize(
    ("line_sizes", "expected"),
    [
        # short lines: a chunk is CHUNK_LINES lines
        ([40] * 2500, [1000, 1000, 500]),
        # long lines: a chunk ends at the line that reaches CHUNK_BYTES
        ([100_000] * 7, [3, 3, 1]),
        ([300_000] * 3, [1, 1, 1]),
        # one long line among short ones closes its chunk
        ([40, 40, 300_000, 40], [3, 1]),
    ],
)
def test_chunks_are_bounded_by_lines_and_by_bytes(
    line_sizes: list[int], expected: list[int]
) -> None:
    data = b"".join(b"x" * (size - 1) + b"\n" for size in line_sizes)
    chunks = list(batch._chunks(io.BytesIO(data), "utf-8", [0]))
    assert [len(chunk.lines) for chunk in chunks] == expected
    assert sum(chunk.size for chunk in chunks) == len(data)
    assert all(chunk.size < batch.CHUNK_BYTES + batch.MAX_LINE for chunk in chunks)


class WriteCounter(io.StringIO):
    """An output that records how many documents each write held."""

    encoding = "utf-8"

    def __init__(self) -> None:
        super().__init__()
        self.documents_a_write: list[int] = []

    def write(self, text: str) -> int:
        self.documents_a_write.append(text.count('{"line":'))
        return super().write(text)


def test_each_document_is_written_on_its_own(tmp_path: Path) -> None:
    # Before, a chunk's whole output was joined and written at once: a chunk of long
    # lines held all their documents (some 30 times the input) in one string.
    path = tmp_path / "urls.txt"
    path.write_text("".join(f"http://h{i}.example/\n" for i in range(50)))
    out = WriteCounter()
    code = batch.run_batch(ParseLine("rfc3986", "utf-8"), str(path), Console(out))
    assert code == 0
    assert max(out.documents_a_write) == 1
    assert sum(out.documents_a_write) == 50
    assert [d["line"] for d in lines_of(out.getvalue())] == list(range(1, 51))


# --- output the stream can encode --------------------------------------------------------------


def run_into(argv: list[str], encoding: str) -> tuple[int, bytes]:
    """``main(argv)`` writing to a stdout of *encoding* (errors strict, as
    ``PYTHONIOENCODING=ascii`` sets it); the bytes written."""
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding=encoding, newline="\n")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(argv)
    out.flush()
    return code, raw.getvalue()


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "cp1252", "utf-8"])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_jsonl_is_valid_json_whatever_the_output_encoding(
    tmp_path: Path, encoding: str, jobs: str
) -> None:
    path = tmp_path / "urls.txt"
    inputs = [
        "http://é.com/",  # latin-1 can write it, ascii cannot
        "http://例え.テスト/パス",  # neither latin-1 nor cp1252
        "http://h/€",  # cp1252 can, latin-1 cannot
        "http://h/\udcff",  # an undecodable byte: a lone surrogate no encoding writes
        "http://h/plain",
    ]
    path.write_bytes("\n".join(inputs).encode("utf-8", "surrogateescape") + b"\n")
    code, written = run_into(["parse", "--jsonl", str(path), "--jobs", jobs], encoding)
    assert code == 1  # the undecodable byte is an error
    text = written.decode("utf-8")  # JSON is UTF-8 (RFC 8259 §8.1), whatever the locale
    documents = [json.loads(line) for line in text.splitlines()]
    assert [d["input"] for d in documents] == inputs
    if encoding == "utf-8":  # characters it can write stay readable
        assert "http://例え.テスト/パス" in text
    else:  # (JSON's own escapes: ASCII, which is UTF-8, and not Latin-1 octets)
        assert written.isascii()


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "cp1252", "utf-8"])
@pytest.mark.parametrize("command", [["parse", "--json"], ["parse", "--format", "json"]])
def test_json_is_utf8_whatever_the_output_encoding(encoding: str, command: list[str]) -> None:
    code, written = run_into([*command, "http://h/é€"], encoding)
    assert code == 1  # (RFC 3986 has no place for either character: a finding)
    assert json.loads(written.decode("utf-8"))["input"] == "http://h/é€"
    assert written.isascii() or encoding == "utf-8"


def test_json_line_escapes_only_what_it_must() -> None:
    document = {"input": "http://é.com/"}
    assert batch.json_line(document, "utf-8") == '{"input":"http://é.com/"}'
    assert batch.json_line(document, "UTF8") == '{"input":"http://é.com/"}'
    # a Latin-1 output would write the octet E9, which is no UTF-8: invalid JSON
    assert batch.json_line(document, "latin-1") == '{"input":"http://\\u00e9.com/"}'
    assert batch.json_line(document, "ascii") == '{"input":"http://\\u00e9.com/"}'
    assert batch.json_line(document, "no-such-codec") == '{"input":"http://\\u00e9.com/"}'


# --- a worker that dies ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DyingLine:
    """A job whose worker process is killed on the input ``die`` (as the kernel's
    out-of-memory killer would): once when *marker* is a file not there yet (it is
    made first), else every time.  Never in the process that runs the test."""

    parent: int
    marker: str | None = None

    def __call__(self, text: str) -> tuple[dict[str, object] | None, bool]:
        in_a_worker = os.getpid() != self.parent
        if text == "die" and in_a_worker and not self._died_once():
            os.kill(os.getpid(), signal.SIGKILL)
        return {"input": text}, False

    def _died_once(self) -> bool:
        """Whether a worker died here before (with a marker); marks that one does now."""
        if self.marker is None:
            return False
        if os.path.exists(self.marker):
            return True
        Path(self.marker).touch()
        return False


def dying_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, job: DyingLine, count: int, where: int
) -> tuple[int, list[dict[str, object]]]:
    monkeypatch.setattr(batch, "CHUNK_LINES", 10)
    path = tmp_path / "lines.txt"
    path.write_text("".join("die\n" if i == where else f"line {i}\n" for i in range(1, count + 1)))
    out = io.StringIO()
    code = batch.run_batch(job, str(path), Console(out), jobs=2)
    return code, lines_of(out.getvalue())


def test_a_chunk_whose_worker_dies_once_is_run_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    job = DyingLine(os.getpid(), str(tmp_path / "died-once"))
    code, documents = dying_batch(tmp_path, monkeypatch, job, 200, 95)
    assert (tmp_path / "died-once").exists()  # the worker did die
    assert code == 0
    assert [d["line"] for d in documents] == list(range(1, 201))
    assert all("error" not in d for d in documents)
    assert documents[94]["input"] == "die"


def test_a_chunk_whose_worker_dies_twice_is_reported_line_by_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, documents = dying_batch(tmp_path, monkeypatch, DyingLine(os.getpid()), 200, 95)
    assert code == 1
    assert [d["line"] for d in documents] == list(range(1, 201))
    lost = [d["line"] for d in documents if "error" in d]
    assert lost == list(range(91, 101))  # the chunk of line 95, and nothing else
    assert documents[94] == {"line": 95, "input": "die", "error": batch_pool.LOST_REASON}
    assert documents[90]["input"] == "line 91"
    assert all(d["input"] == f"line {d['line']}" for d in documents if "error" not in d)
