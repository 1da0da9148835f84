"""The per-partition function: each URL's row, the same judgement as ``parse --json``."""

from __future__ import annotations

import pytest

from tests.unit.scan import require_scan_extra

require_scan_extra()

import pyarrow as pa  # noqa: E402

from tests.benchmarks.corpus import corpus, legacy_corpus  # noqa: E402
from urlinspector.present.inspection import inspect  # noqa: E402
from urlinspector.scan import ROW_SCHEMA, arrow_batches, error_rows, rows  # noqa: E402

# Common Crawl's URL and host columns as its published schema declares them
# (commoncrawl/cc-index-table, src/main/resources/schema/cc-index-schema-flat.json):
# name, Spark type, nullable
COMMON_CRAWL_COLUMNS = (
    ("url_surtkey", "string", False),
    ("url", "string", False),
    ("url_host_name", "string", False),
    ("url_host_tld", "string", True),
    ("url_host_2nd_last_part", "string", True),
    ("url_host_3rd_last_part", "string", True),
    ("url_host_4th_last_part", "string", True),
    ("url_host_5th_last_part", "string", True),
    ("url_host_registry_suffix", "string", True),
    ("url_host_registered_domain", "string", True),
    ("url_host_private_suffix", "string", True),
    ("url_host_private_domain", "string", True),
    ("url_host_name_reversed", "string", True),
    ("url_protocol", "string", False),
    ("url_port", "integer", True),
    ("url_path", "string", False),
    ("url_query", "string", True),
)
SPARK_TYPES = {"string": pa.string(), "integer": pa.int32()}


def test_columns_are_common_crawls_then_the_inspectors() -> None:
    names = [name for name, _, _ in COMMON_CRAWL_COLUMNS]
    assert ROW_SCHEMA.names[: len(names)] == names
    for name, spark, _ in COMMON_CRAWL_COLUMNS:
        assert ROW_SCHEMA.field(name).type == SPARK_TYPES[spark], name
    assert ROW_SCHEMA.names[len(names) :] == [
        "host_written",
        "source",
        "line",
        "valid",
        "edition",
        "browser_valid",
        "browser_host",
        "browser_port",
        "host_display",
        "unwrapped",
        "max_severity",
        "codes",
        "findings",
        "error",
    ]


def test_common_crawls_non_null_columns_are_set_for_every_url_it_could_index() -> None:
    # its index holds fetched http(s) URLs; a scan's rows also hold records without a
    # URL and URLs without a host, where these columns are null
    required = [name for name, _, nullable in COMMON_CRAWL_COLUMNS if not nullable]
    urls = [u for u in corpus(2000, seed=3) if u.lower().startswith(("http://", "https://"))]
    table = rows(urls, readers=False)
    with_host = table.filter(pa.compute.is_valid(table.column("browser_host")))
    assert with_host.num_rows > len(urls) // 2
    for name in required:
        assert with_host.column(name).null_count == 0, name


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        (
            "https://WWW.Example.COM/path/index.html?b=2&a=1",
            {
                "url_surtkey": "com,example)/path/index.html?a=1&b=2",
                "url_host_name": "www.example.com",
                "host_written": "WWW.Example.COM",
                "url_host_tld": "com",
                "url_host_2nd_last_part": "example",
                "url_host_3rd_last_part": "www",
                "url_host_4th_last_part": None,
                "url_host_registry_suffix": "com",
                "url_host_registered_domain": "example.com",
                "url_host_private_suffix": "com",
                "url_host_private_domain": "example.com",
                "url_host_name_reversed": "com.example.www",
            },
        ),
        (
            "http://host1.sub2.subdomain.example.co.uk./",
            {
                "url_host_name": "host1.sub2.subdomain.example.co.uk",
                "url_host_tld": "uk",
                "url_host_2nd_last_part": "co",
                "url_host_5th_last_part": "sub2",
                "url_host_registry_suffix": "co.uk",
                "url_host_name_reversed": "uk.co.example.subdomain.sub2.host1",
            },
        ),
        (
            "https://myblog.blogspot.com/x",
            {
                "url_host_registry_suffix": "com",
                "url_host_registered_domain": "blogspot.com",
                "url_host_private_suffix": "blogspot.com",
                "url_host_private_domain": "myblog.blogspot.com",
            },
        ),
        (
            "http://Bücher.de/",
            {
                "url_surtkey": "de,xn--bcher-kva)/",
                "url_host_name": "xn--bcher-kva.de",
                "host_written": "Bücher.de",
                "url_host_name_reversed": "de.xn--bcher-kva",
            },
        ),
        (
            "http://192.168.0.1:8080/a",
            {
                "url_host_name": "192.168.0.1",
                "url_host_tld": None,
                "url_host_registry_suffix": None,
                "url_host_name_reversed": None,
                "url_port": 8080,
            },
        ),
        (
            "http://[2001:DB8::1]/",
            {"url_host_name": "[2001:db8::1]", "url_host_tld": None},
        ),
        ("mailto:a@example.com", {"url_surtkey": None, "url_host_name": None}),
        ("http://a b/", {"url_surtkey": None, "url_host_name": None, "host_written": "a b"}),
    ],
)
def test_common_crawls_host_columns_in_its_forms(url: str, expected: dict[str, object]) -> None:
    (row,) = rows([url], readers=False).to_pylist()
    assert {k: row[k] for k in expected} == expected


# (url, column, value): real-world shapes
CASES = [
    ("https://login.example.co.uk:8443/a?b=1", "url_protocol", "https"),
    ("https://login.example.co.uk:8443/a?b=1", "url_host_name", "login.example.co.uk"),
    ("https://login.example.co.uk:8443/a?b=1", "url_port", 8443),
    ("https://login.example.co.uk:8443/a?b=1", "url_path", "/a"),
    ("https://login.example.co.uk:8443/a?b=1", "url_query", "b=1"),
    ("https://login.example.co.uk:8443/a?b=1", "url_host_registered_domain", "example.co.uk"),
    ("https://login.example.co.uk:8443/a?b=1", "browser_port", 8443),
    ("HTTP://EXAMPLE.COM/", "url_protocol", "http"),
    ("HTTP://EXAMPLE.COM/", "url_host_name", "example.com"),
    ("HTTP://EXAMPLE.COM/", "host_written", "EXAMPLE.COM"),
    ("HTTP://EXAMPLE.COM/", "browser_host", "example.com"),
    ("HTTP://EXAMPLE.COM/", "url_port", None),
    ("HTTP://EXAMPLE.COM/", "browser_port", 80),
    # the private section of the Public Suffix List: github.io is a public suffix there
    ("https://foo.github.io/x", "url_host_registered_domain", "github.io"),
    ("https://foo.github.io/x", "url_host_private_domain", "foo.github.io"),
    ("http://bücher.de/", "browser_host", "xn--bcher-kva.de"),
    ("http://bücher.de/", "host_display", "bücher.de"),
    ("http://аррӏе.com/", "host_display", "xn--80ak6aa92e.com"),
    ("http://аррӏе.com/", "max_severity", "error"),
    ("http://192.168.0.1:8080/", "url_host_private_domain", None),
    ("http://192.168.0.1:8080/", "url_host_registered_domain", None),  # (not 0.1)
    ("http://[2001:db8::1]/", "url_host_registered_domain", None),
    ("http://192.168.0.1:8080/", "browser_host", "192.168.0.1"),
    (
        "https://www.google.com/url?q=https://evil.example/&sa=D",
        "unwrapped",
        "https://evil.example/",
    ),
    (
        "https://nam02.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example%2Flogin",
        "unwrapped",
        "https://evil.example/login",
    ),
    ("https://example.com/", "unwrapped", None),
    (
        "http://user:pw@example.com/",
        "codes",
        # (urlopen refuses it: http.client reads "pw@example.com" as the port)
        ["scheme-userinfo-not-allowed", "password", "reader-refuses"],
    ),
    ("http://user:pw@example.com/", "max_severity", "warning"),
    ("https://example.com/", "codes", []),
    ("https://example.com/", "max_severity", None),
    ("https://example.com/", "valid", True),
    ("http://a b/", "valid", False),
    ("http://a b/", "browser_valid", False),
    ("http://bücher.de/", "valid", False),
    ("http://bücher.de/", "browser_valid", True),
    ("gopher://gopher.floodgap.com/1/world", "edition", "rfc3986"),
    ("news:comp.lang.python", "url_host_name", None),
    ("http://example.com:99999999999/", "url_port", None),
]


@pytest.mark.parametrize(("url", "column", "expected"), CASES)
def test_column_value(url: str, column: str, expected: object) -> None:
    assert rows([url]).column(column).to_pylist() == [expected]


@pytest.mark.parametrize("url", corpus(150, seed=7) + legacy_corpus(150, seed=8))
def test_findings_are_parse_jsons(url: str) -> None:
    document = inspect(url, edition="rfc3986").document()
    row = rows([url]).to_pylist()[0]
    wanted = [
        (d["code"], d["severity"], d["category"], *d["span"]) for d in document["diagnostics"]
    ]
    got = [(f["code"], f["severity"], f["category"], f["start"], f["end"]) for f in row["findings"]]
    assert got == wanted
    assert row["codes"] == list(dict.fromkeys(d["code"] for d in document["diagnostics"]))
    assert row["valid"] == document["valid"]
    assert row["url_host_private_domain"] == document["registrable_domain"]
    assert row["browser_host"] == document["browser"]["host"]


def test_lines_count_from_first_line_or_come_given() -> None:
    table = rows(["http://a.example/", "http://b.example/"], "log.txt", 41)
    assert table.column("line").to_pylist() == [41, 42]
    assert table.column("source").to_pylist() == ["log.txt", "log.txt"]
    given = rows(["http://a.example/", "http://b.example/"], "x", lines=[3, 9])
    assert given.column("line").to_pylist() == [3, 9]


def test_line_numbers_must_match_the_urls() -> None:
    with pytest.raises(ValueError, match="2 URLs but 1 line numbers"):
        rows(["http://a.example/", "http://b.example/"], lines=[1])


def test_a_record_without_a_url_gets_an_error_row() -> None:
    row = rows([None, "http://a.example/"]).to_pylist()
    assert row[0]["error"] == "no URL in this record"
    assert row[0]["valid"] is False
    assert row[1]["error"] is None


def test_a_url_whose_inspection_fails_gets_an_error_row(monkeypatch: pytest.MonkeyPatch) -> None:
    from urlinspector.core import destination as real
    from urlinspector.present import inspection

    def broken(url, *args, **kwargs):  # type: ignore[no-untyped-def]
        if "boom" in url.text:
            raise RuntimeError("boom")
        return real(url, *args, **kwargs)

    monkeypatch.setattr(inspection, "destination", broken)
    found = rows(["http://boom.example/", "http://fine.example/"]).to_pylist()
    assert found[0]["error"] == "RuntimeError: boom"
    assert found[1]["url_host_private_domain"] == "fine.example"


def test_error_rows() -> None:
    table = error_rows("f.txt", [5, 6], ["http://a.example/", None], "not inspected: lost")
    assert table.schema == ROW_SCHEMA
    assert table.to_pylist()[1]["error"] == "not inspected: lost"
    assert table.column("line").to_pylist() == [5, 6]


@pytest.mark.parametrize(
    "url", ["http://example.com\\@evil.example/", "http://evil.example\\.good.example/"]
)
def test_without_readers_their_findings_are_missing(url: str) -> None:
    with_readers = rows([url]).column("codes").to_pylist()[0]
    without = rows([url], readers=False).column("codes").to_pylist()[0]
    assert "reader-host" in with_readers
    assert [c for c in with_readers if not c.startswith("reader-")] == without


def test_arrow_batches_for_spark_and_ray() -> None:
    batch = pa.RecordBatch.from_pydict({"link": ["http://a.example/", "ftp://b.example/"]})
    out = list(arrow_batches([batch, batch], column="link"))
    assert [b.num_rows for b in out] == [2, 2]
    assert out[0].schema == ROW_SCHEMA
    assert out[1].column(ROW_SCHEMA.get_field_index("url_protocol")).to_pylist() == ["http", "ftp"]


def test_a_repeated_url_gets_the_same_row_on_its_own_line() -> None:
    urls = ["http://user:pw@a.example/", "http://b.example/", "http://user:pw@a.example/"]
    found = rows(urls, "log", 10).to_pylist()
    assert found[2] == {**found[0], "line": 12}
    assert found[1]["line"] == 11
