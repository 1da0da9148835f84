"""``parse``: wrapped links unwrapped offline, in the JSON and the text report."""

from __future__ import annotations

import json

import pytest

from tests.unit.cli.test_cli import run
from tests.unit.core.test_wrappers import NESTED, SAFE_LINKS


def parse_json(url: str) -> dict[str, object]:
    code, out, err = run(["parse", url, "--json"])
    assert code in (0, 1)
    assert err == ""
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize(
    ("url", "chain", "final"),
    [
        (
            SAFE_LINKS,
            [("Microsoft Safe Links", "url")],
            "https://evil.example/login",
        ),
        (
            NESTED,
            [
                ("Microsoft Safe Links", "url"),
                ("Proofpoint URL Defense v2", "u"),
                ("Google redirect", "q"),
            ],
            "https://evil.example/login",
        ),
        ("https://www.google.com/search?q=https%3A%2F%2Fevil.example%2F", [], None),
    ],
)
def test_json_carries_the_chain_and_the_final_url(
    url: str, chain: list[tuple[str, str]], final: str | None
) -> None:
    data = parse_json(url)
    unwrapping = data["unwrapping"]
    assert isinstance(unwrapping, dict)
    steps = unwrapping["chain"]
    assert isinstance(steps, list)
    assert [(s["wrapper"], s["parameter"]) for s in steps] == chain
    assert all(set(s) == {"wrapper", "url", "parameter", "recipients"} for s in steps)
    if chain:
        assert steps[-1]["url"] == final
    assert unwrapping["final"] == final
    assert unwrapping["final_host"] == (None if final is None else "evil.example")
    verdict = data["verdict"]
    assert isinstance(verdict, dict)
    assert verdict["warns"] is bool(chain)
    assert ("sends you on to evil.example" in verdict["text"]) is bool(chain)
    diagnostics = data["diagnostics"]
    assert isinstance(diagnostics, list)
    wrapped = [d for d in diagnostics if d["code"] == "wrapped-link"]
    assert len(wrapped) == (1 if chain else 0)


def test_json_of_an_opaque_wrapper_names_it() -> None:
    data = parse_json("https://t.co/OngahJ83X8")
    assert data["unwrapping"] == {
        "chain": [],
        "final": None,
        "final_host": None,
        "opaque": "X (Twitter) t.co link",
        "note": "X (Twitter) t.co link keeps where its link leads on its servers: it cannot "
        "be read offline",
    }


def test_text_report_lists_the_wrappers() -> None:
    code, out, _ = run(["parse", NESTED, "--color", "never"])
    assert code == 0
    blocks = out.split("\n\n")
    assert blocks[1].replace("\n  ", " ") == (
        "Browsers contact: nam12.safelinks.protection.outlook.com:443 (registrable domain "
        "outlook.com); following it sends you on to evil.example (Microsoft Safe Links, "
        "Proofpoint URL Defense v2, Google redirect)"
    )
    section = blocks[2].splitlines()
    assert section[0] == "wrappers (3 taken off offline)"
    assert section[1].startswith("  Microsoft Safe Links, url: https://urldefense.proofpoint")
    assert section[-1] == "  Google redirect, q: https://evil.example/login"


def test_text_report_of_a_malformed_wrapper_has_its_note() -> None:
    _, out, _ = run(["parse", "https://www.google.com/url?sa=t", "--color", "never"])
    assert "wrappers (0 taken off offline)\n  note: Google redirect link that cannot be" in out
