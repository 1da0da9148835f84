"""The report's aggregates: merged in any grouping to the same totals; the pages."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tests.unit.scan import require_scan_extra

require_scan_extra()

from tests.benchmarks.corpus import legacy_corpus  # noqa: E402
from urlinspector.scan import rows  # noqa: E402
from urlinspector.scan.columns import BATCH  # noqa: E402
from urlinspector.scan.report import (  # noqa: E402
    EXAMPLES,
    Aggregate,
    aggregate,
    html_report,
    markdown,
    merge,
    report,
)

URLS = legacy_corpus(400, seed=3)


@pytest.fixture(scope="module")
def parts() -> list[Aggregate]:
    return [
        aggregate(rows(URLS[i : i + 50], f"f{i // 200}", i % 200 + 1)) for i in range(0, 400, 50)
    ]


def test_counts_are_urls_with_a_code() -> None:
    table = rows(URLS)
    total = aggregate(table)
    for code, count in total.codes.items():
        assert count == sum(code in codes for codes in table.column("codes").to_pylist())
    assert total.urls == 400
    assert total.invalid == table.column("valid").to_pylist().count(False)


def test_a_table_of_several_batches_counted_row_by_row() -> None:
    urls = [*legacy_corpus(BATCH + 900, seed=4), None]
    table = rows(urls, "f")
    assert table.column("codes").num_chunks > 1
    total = aggregate(table)
    codes: Counter[str] = Counter()
    domains: dict[str, Counter[str]] = {}
    examples: dict[str, list[tuple[str, int, str]]] = {}
    for row in table.to_pylist():
        for code in row["codes"]:
            codes[code] += 1
            if row["url_host_private_domain"] is not None:
                domains.setdefault(code, Counter())[row["url_host_private_domain"]] += 1
            examples.setdefault(code, []).append((row["source"], row["line"], row["url"]))
    assert total.codes == codes
    assert total.domains == domains
    assert total.examples == {code: found[:EXAMPLES] for code, found in examples.items()}
    assert total.errors == 1
    assert total.invalid == [r["valid"] for r in table.to_pylist()].count(False)


def test_merging_in_any_grouping_gives_the_same(parts: list[Aggregate]) -> None:
    flat = merge(*parts)
    pairs = merge(*(merge(parts[i], parts[i + 1]) for i in range(0, len(parts), 2)))
    backwards = merge(*reversed(parts))
    whole = aggregate(rows(URLS[:200], "f0", 1))
    assert flat == pairs == backwards
    assert flat.codes == aggregate(rows(URLS)).codes
    assert merge(*parts[:4]).examples == whole.examples


def test_examples_are_the_first_of_each_code(parts: list[Aggregate]) -> None:
    total = merge(*parts)
    for code, examples in total.examples.items():
        assert len(examples) == min(EXAMPLES, total.codes[code])
        assert examples == sorted(examples)


def test_the_json_form_reads_back(parts: list[Aggregate]) -> None:
    total = merge(*parts)
    again = Aggregate.from_dict(json.loads(json.dumps(total.to_dict())))
    assert again == total


def test_report_groups_codes_by_severity_and_category_then_count(
    parts: list[Aggregate],
) -> None:
    data = report(merge(*parts), len(parts))
    rank = {"error": 0, "warning": 1, "info": 2}
    keys = [
        (
            rank[data["code_kinds"][code]["severity"]],
            data["code_kinds"][code]["category"],
            -count,
        )
        for code, count in data["codes"].items()
    ]
    assert keys == sorted(keys)
    assert len({k[0] for k in keys}) > 1
    assert data["urls"] == 400
    assert set(data["top_domains"]) == set(data["codes"]) == set(data["code_kinds"])


def test_an_internationalized_host_is_not_among_the_headlines_errors() -> None:
    urls = ["http://bücher.de/", "http://xn--bcher-kva.de/", "http://a b/", "http://ok.example/"]
    total = aggregate(rows(urls, readers=False))
    data = report(total, 1)
    assert data["invalid"] == 2  # (RFC 3986 has no non-ASCII host, nor a space)
    assert data["headline"] == {
        "urls": 4,
        "with_errors": 1,  # http://a b/: browsers refuse it
        "edition_only": 1,  # http://bücher.de/: browsers read it
        "browsers_refuse": 1,
        "no_judgement": 0,
    }
    page = html_report(data)
    assert 'id="with_errors">1<' in page
    assert "browsers read them" in page


def test_hosts_in_unicode_beside_their_a_labels_and_codes_linked_to_their_notes() -> None:
    data = report(aggregate(rows(["http://user:pw@xn--bcher-kva.de/"], readers=False)), 1)
    (domain,) = data["top_domains"]["password"]
    assert domain == {"domain": "xn--bcher-kva.de", "unicode": "bücher.de", "urls": 1}
    note = data["code_notes"]["password"]
    assert note["message"]
    assert note["reference"].startswith("RFC")
    assert note["explain"] == (
        "urlinspector explain --edition rfc3986 http://user:pw@xn--bcher-kva.de/"
    )
    assert note["spec"] == f"urlinspector spec '{note['reference']}'"
    page = html_report(data)
    assert '<a href="#code-password">' in page
    assert '<h3 id="code-password">' in page
    assert "xn--bcher-kva.de (bücher.de) (1)" in page
    assert "<th>severity</th><th>category</th><th>code</th>" in page
    md = markdown(data)
    assert "| severity | category | code | URLs |" in md
    assert "[`password`](#password)" in md


def test_html_and_markdown_escape_what_urls_carry() -> None:
    hostile = "http://x.example/<script>alert(1)</script>|a"
    data = report(aggregate(rows([hostile, "http://a b/"])), 1)
    page = html_report(data)
    assert "<script>" not in page
    assert "&lt;script&gt;" in page
    assert "<svg" in page
    md = markdown(data)
    assert "\\|a" in md
