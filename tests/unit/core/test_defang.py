"""Defanging: ``hxxps://evil[.]example/x`` (CyberChef's and iocextract's forms), which
extraction re-fangs to the same URL; recipient identifiers dropped from wrapped links."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlinspector.core import parse
from urlinspector.core.defang import DEFANGED_SCHEMES, defang
from urlinspector.core.extraction import extract

from .test_recipients import SAFE_LINKS_MICROSOFT


@pytest.mark.parametrize(
    ("url", "defanged"),
    [
        ("https://evil.example/x", "hxxps://evil[.]example/x"),
        ("http://evil.example/x", "hxxp://evil[.]example/x"),
        ("ftp://files.example.org/pub", "fxp://files[.]example[.]org/pub"),
        ("ftps://files.example.org/pub", "fxps://files[.]example[.]org/pub"),
        ("http://198.51.100.7/login.php", "hxxp://198[.]51[.]100[.]7/login.php"),
        ("https://evil.example:8443/p?q=a.b#f.g", "hxxps://evil[.]example:8443/p?q=a.b#f.g"),
        ("https://user:pw@evil.example/", "hxxps://user:pw@evil[.]example/"),
        ("http://[2001:db8::1]/x", "hxxp://[2001:db8::1]/x"),
        # no defanged form of the scheme: its ":" is "[:]"
        ("gopher://gopher.example.org/1/", "gopher[:]//gopher[.]example[.]org/1/"),
        ("wss://chat.example/socket", "wss[:]//chat[.]example/socket"),
        ("mailto:john@example.com", "mailto[:]john@example.com"),
        # capitals stay: re-fanging reads hxxp in lower case
        ("HTTPS://EVIL.EXAMPLE/", "HTTPS[:]//EVIL[.]EXAMPLE/"),
        # inside a <URL:...> wrapper: the URL alone
        ("<URL:https://evil.example/x>", "hxxps://evil[.]example/x"),
    ],
)
def test_defanged_forms_and_the_round_trip(url: str, defanged: str) -> None:
    result = defang(parse(url))
    assert result.text == defanged
    assert result.round_trip
    (found,) = extract(f"IOC: {result.text} (seen today)")
    assert found.url == result.url == parse(url).uri
    assert found.refanged


def test_the_changes_and_their_spans() -> None:
    result = defang(parse("https://a.b.example/"))
    assert [(c.written, c.defanged) for c in result.changes] == [
        ("https", "hxxps"),
        (".", "[.]"),
        (".", "[.]"),
    ]
    for change in result.changes:
        assert result.url[change.span[0] : change.span[1]] == change.written
    data = result.to_dict()
    assert data["defanged"] == "hxxps://a[.]b[.]example/"
    assert data["round_trip"] is True
    assert data["dropped"] == []


def test_a_url_holding_a_defanged_form_does_not_round_trip() -> None:
    result = defang(parse("https://a.example/a[.]b"))
    assert result.text == "hxxps://a[.]example/a[.]b"
    assert result.refangs_to == "https://a.example/a.b"
    assert not result.round_trip


def test_a_scheme_extraction_does_not_know_does_not_round_trip() -> None:
    result = defang(parse("javascript:alert(1)"))
    assert result.text == "javascript[:]alert(1)"
    assert result.refangs_to is None
    assert not result.round_trip


def test_a_wrapped_link_loses_its_recipient() -> None:
    result = defang(parse(SAFE_LINKS_MICROSOFT))
    assert "Oana.Frincu" not in result.text
    assert "Oana.Frincu" not in result.url
    (dropped,) = result.dropped
    assert dropped.address == "Oana.Frincu@microsoft.com"
    assert result.text.startswith("hxxps://nam06[.]safelinks[.]protection[.]outlook[.]com/")
    assert result.round_trip  # to the link without its data parameter


def test_the_scheme_table_is_the_refang_tables() -> None:
    assert dict(DEFANGED_SCHEMES) == {
        "http": "hxxp",
        "https": "hxxps",
        "ftp": "fxp",
        "ftps": "fxps",
    }


_LABEL = st.from_regex(r"[a-z0-9]([a-z0-9-]{0,8}[a-z0-9])?", fullmatch=True)
# (not ending in what ends a sentence: extraction leaves trailing punctuation out)
_TAIL = st.from_regex(
    r"(/[A-Za-z0-9._~%!$&'*+,;=:@-]{0,12}){0,3}(\?[A-Za-z0-9=&%._-]{0,12})?", fullmatch=True
).filter(lambda tail: not tail.endswith(tuple(".,;:!?'")))


@given(
    scheme=st.sampled_from(["http", "https", "ftp", "ftps", "gopher", "ws"]),
    labels=st.lists(_LABEL, min_size=1, max_size=4),
    port=st.none() | st.integers(1, 65535),
    tail=_TAIL,
)
def test_extraction_refangs_a_defanged_url_to_the_same_url(
    scheme: str, labels: list[str], port: int | None, tail: str
) -> None:
    url = f"{scheme}://{'.'.join(labels)}{'' if port is None else f':{port}'}{tail}"
    result = defang(parse(url))
    host = "[.]".join(labels)
    assert f"//{host}" in result.text
    (found,) = extract(result.text)
    assert found.url == url
