"""Modules a gopher fetch or a plain parse does not need are loaded when first used,
and what they compute is the same as when they were loaded from the start."""

from __future__ import annotations

import json
import subprocess
import sys

from urlinspector.core import parse
from urlinspector.schemes.gopher import item_url, request_from_url

ASCII_URLS = [
    "gopher://127.0.0.1:70/9/x",
    "gopher://example.org/1/menu",
    "http://example.com/a?b#c",
    "ftp://user:secret@example.org:2121/pub/a%20b",
    "HTTP://EXAMPLE.COM/",
]
IDN_URLS = [
    "http://xn--mnchen-3ya.de/",
    "http://münchen.de/",
    "ftp://xn--zz.example/",  # (not a valid A-label)
    "http://xn--80ak6aa92e.com/",  # (a look-alike of a Latin name)
    "gopher://bücher.example/1",
]

PROBE = """
import json, sys
from urlinspector.core.parse import parse
from urlinspector.schemes.gopher import item_url, request_from_url
ascii_urls, idn_urls = json.loads(sys.argv[1])
for url in ascii_urls:
    parse(url)
request_from_url("gopher://example.org:7070/0/about")
item_url("1", b"/", "example.org", 70)
before = "idna" in sys.modules
said = [parse(url).to_dict() for url in idn_urls]
said.append(request_from_url("gopher://bücher.example/1").host)
said.append(item_url("1", b"/", "bücher.example", 70))
print(json.dumps([before, said]))
"""


def test_idna_is_loaded_by_the_first_internationalized_host() -> None:
    # a fresh interpreter: the first use is what is tested
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps([ASCII_URLS, IDN_URLS])],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    loaded_before, said = json.loads(done.stdout)
    assert loaded_before is False
    expected = [json.loads(json.dumps(parse(url).to_dict())) for url in IDN_URLS]
    expected.append(request_from_url("gopher://bücher.example/1").host)
    expected.append(item_url("1", b"/", "bücher.example", 70))
    assert said == expected
    assert said[-2:] == ["xn--bcher-kva.example", "gopher://xn--bcher-kva.example/1/"]
    assert any(d["code"] == "idn" for d in said[0]["diagnostics"])
