"""``unwrap``: link-protection and redirect wrappers taken off offline, one row of
samples per wrapper (real ones where published), nesting, the depth limit, malformed
wrappers and URLs that only look like wrappers."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st

from urlinspector.core import destination, parse
from urlinspector.core.browser import BrowserReading
from urlinspector.core.wrappers import (
    MAX_DEPTH,
    WRAPPERS,
    Unwrapping,
    Wrapper,
    unwrap,
    unwrapping_findings,
)

SAFE_LINKS = (
    "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fevil.example%2Flogin"
    "&data=05%7C02%7Cuser%40example.com%7C6944b67827e54648125508d884babf16%7C0%7C0%7C638"
    "&sdata=qPb0a6MdRNuAzMIyLPlQ9iHPAufxNRywP2kKi%2FIHs%2FA%3D&reserved=0"
)

# (wrapper, wrapped link, the URL inside, the parameter it came from)
SAMPLES = [
    ("Microsoft Safe Links", SAFE_LINKS, "https://evil.example/login", "url"),
    (  # binref/refinery's test_urlguards (a real message)
        "Microsoft Safe Links",
        "https://apac01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.dropbox.com%2Fl"
        "%2FMsV4FlOqB46esYrRR4h37fZuRXl4lHkkB93%2Freport_abuse&data=02%7C01%7Ctim.kelsey%40"
        "digitalhealth.gov.au%7C31d152ee19d64a3b53a908d6b7dc42a2%7C49c6971ed0164e1ab04195533ede53a1"
        "%7C0%7C1%7C636898553972831008&sdata=MYXFcUyJ5Sxfo31AJJu3%2FdebHsiYaE46n%2B6wF%2BwKvQw%3D"
        "&reserved=0",
        "https://www.dropbox.com/l/MsV4FlOqB46esYrRR4h37fZuRXl4lHkkB93/report_abuse",
        "url",
    ),
    (  # the US government cloud
        "Microsoft Safe Links",
        "https://gcc02.safelinks.protection.office365.us/?url=https%3A%2F%2Fexample.gov%2Fa"
        "&data=05%7C01%7C%7C3d94d8a8f971462e334308dbb563&reserved=0",
        "https://example.gov/a",
        "url",
    ),
    (
        "Microsoft Safe Links (Teams)",
        "https://statics.teams.cdn.office.net/evergreen-assets/safelinks/1/atp-safelinks.html"
        "?url=https%3A%2F%2Fstats.libretexts.org%2FBookshelves%2FIntroductory_Statistics"
        "&locale=en-us&dest=https%3A%2F%2Fteams.microsoft.com",
        "https://stats.libretexts.org/Bookshelves/Introductory_Statistics",
        "url",
    ),
    (  # Proofpoint's URL Decoder API documentation
        "Proofpoint URL Defense v1",
        "https://urldefense.proofpoint.com/v1/url?u=http://www.bouncycastle.org/&amp;"
        "k=oIvRg1%2BdGAgOoM1BIlLLqw%3D%3D%0A&amp;r=IKM5u8%2B%2F%2Fi8EBhWOS%2BqGbTqCC%2BrMqWI"
        "%2FVfEAEsQO%2F0Y%3D%0A&amp;s=d3583cfa53dade97025bc6274c6c8951dc29fe0f38830cf8e5a4",
        "http://www.bouncycastle.org/",
        "u",
    ),
    (  # same: "-" stands for "%", "_" for "/"
        "Proofpoint URL Defense v2",
        "https://urldefense.proofpoint.com/v2/url?u=https-3A__media.mnn.com_assets_images_2016"
        "_06_jupiter-2Dnasa.jpg.638x0-5Fq80-5Fcrop-2Dsmart.jpg&amp;d=DwMBaQ&amp;c=Vxt5e0Osvvt2g"
        "flwSlsJ5DmPGcPvTRKLJyp031rXjhg&amp;e=",
        "https://media.mnn.com/assets/images/2016/06/jupiter-nasa.jpg.638x0_q80_crop-smart.jpg",
        "u",
    ),
    (
        "Proofpoint URL Defense v2",
        "https://urldefense.com/v2/url?u=https-3A__www.example.com_-40-40-21-40foobar"
        "&d=&c=&r=&m=&s=&e=",
        "https://www.example.com/@@!@foobar",
        "u",
    ),
    (  # same documentation: "*" is the "+" in the base64 "Kw"
        "Proofpoint URL Defense v3",
        "https://urldefense.com/v3/__https://google.com:443/search?q=a*test&gs=ps__;Kw!-612Flb"
        "f0JvQ3kNJkRi5Jg!Ue6tQudNKaShHg93trcdjqDP8se2ySE65jyCIe2K1D_uNjZ1Lnf6YLQERujngZv9UWf66ujQIQ$",
        "https://google.com:443/search?q=a+test&gs=ps",
        "__URL__ (its * filled from the base64 after __;)",
    ),
    (  # a real one in a code comment: "Iw" is "#"
        "Proofpoint URL Defense v3",
        "https://urldefense.com/v3/__https://github.com/ethanlipson/PyLX-16A/blob/master/"
        "documentation.md*lx16aget_id__;Iw!!OToaGQ!tjZu2o_4eGwUWFQVexH7vTz29dPGznkqHlsZZwaPaJf6"
        "WSH-HJuyXKYguIjeUC6NwXrOiqMz-9J8n8A$",
        "https://github.com/ethanlipson/PyLX-16A/blob/master/documentation.md#lx16aget_id",
        "__URL__ (its * filled from the base64 after __;)",
    ),
    (  # "**A" a run of two, "**D" of five (Calvin Ardi's decoder tests)
        "Proofpoint URL Defense v3",
        "https://urldefense.com/v3/__http://example.com/?=*7B*7D**Aa1!b2@c3**D__;JSVbXSMjIyMj"
        "!!foo!bar$",
        "http://example.com/?=%7B%7D[]a1!b2@c3#####",
        "__URL__ (its * filled from the base64 after __;)",
    ),
    (  # "**_" a run of sixty-five, then one more
        "Proofpoint URL Defense v3",
        "https://urldefense.com/v3/__http://www.example.com/**_*test__;"
        + "IyMj" * 22
        + "!!foo!bar$",
        "http://www.example.com/" + "#" * 66 + "test",
        "__URL__ (its * filled from the base64 after __;)",
    ),
    (  # a mail client's "https:/" for "https://"
        "Proofpoint URL Defense v3",
        "https://urldefense.com/v3/__https:/example.com/*newsletter__;Iw!!foo!bar$",
        "https://example.com/#newsletter",
        "__URL__ (its * filled from the base64 after __;)",
    ),
    (
        "Google redirect",
        "https://www.google.com/url?q=https://evil.example/b&sa=D&source=editors&ust=1700"
        "&usg=AOvVaw3",
        "https://evil.example/b",
        "q",
    ),
    (
        "Google redirect",
        "https://www.google.co.uk/url?sa=t&rct=j&url=https%3A%2F%2Fen.wikipedia.org%2Fwiki%2FURL"
        "&ved=2ahUKEwi",
        "https://en.wikipedia.org/wiki/URL",
        "url",
    ),
    (
        "Facebook link shim",
        "https://l.facebook.com/l.php?u=https%3A%2F%2Fexample.com%3Ffbclid%3DIwAR02DxZKKF&h=AT3Nx"
        "6gLcU9KeX1tx2FWJvJX",
        "https://example.com?fbclid=IwAR02DxZKKF",
        "u",
    ),
    (
        "Facebook link shim",
        "https://lm.facebook.com/l.php?u=http%3A%2F%2Fevil.example%2F&h=AT0",
        "http://evil.example/",
        "u",
    ),
    (  # Barracuda's own example
        "Barracuda Link Protection",
        "https://linkprotect.cudasvc.com/url?a=http://www.codestore.net&c=E,1,5bEVim247z1fGhtUhm"
        "YwbNu1H8iIZr4NrgaCfUxKZdTyuUxW48gwPUfsoILDy-FCjYA5-2MCgtJlXy5N3PAFAD47XF&typo=1",
        "http://www.codestore.net",
        "a",
    ),
    (
        "Slack redirect",
        "https://slack-redir.net/link?url=https%3A%2F%2Fgithub.com%2Fowner%2Frepo%2Fpull%2F12",
        "https://github.com/owner/repo/pull/12",
        "url",
    ),
    (
        "LinkedIn redirect",
        "https://www.linkedin.com/redir/redirect?url=https%3A%2F%2Fevil%2Eexample%2Fcv"
        "&urlhash=x2aK&trk=public_profile",
        "https://evil.example/cv",
        "url",
    ),
    (  # binref/refinery's test_urlguards
        "Trend Micro Click-Time Protection",
        "https://ctp.trendmicro.com/wis/clicktime/v2/clickthrough?url=http%3A%2F%2Fb2bnetwork-"
        "online.com%2Fr%2FwISqFfT4067ms210.html&uuid=7c9f1b02-85a7-11e8-9466-0a5a4136c366"
        "&auth=2dc9e1234ac4d7d7fe90b44830cb6a6ab54f5623-38190d35acc1780880f39ebca32c99369e78122e",
        "http://b2bnetwork-online.com/r/wISqFfT4067ms210.html",
        "url",
    ),
    (  # the University of Texas' example
        "Cisco Secure Email URL rewriting",
        "http://secure-web.cisco.com/1S1h_Cy8Q_Oh-5N7AuDE0CgXvAUfWU4AKBjGdC6KJqVQ5OKyLFEHYVQZKL"
        "6csJCsYoHtn3F6qvjtjm_XYBgZTg3Eif9GHAlv401/http://www.ihaveabadreputation.com/",
        "http://www.ihaveabadreputation.com/",
        "the path after its first segment",
    ),
]


@pytest.mark.parametrize(("wrapper", "link", "inner", "parameter"), SAMPLES)
def test_each_wrapper_is_taken_off(wrapper: str, link: str, inner: str, parameter: str) -> None:
    found = unwrap(link)
    assert found.wrappers == (wrapper,)
    [step] = found.chain
    assert (step.url, step.parameter) == (inner, parameter)
    assert found.final == inner
    assert found.note is None
    assert found.opaque is None


def test_every_wrapper_has_a_sample_and_a_source() -> None:
    sampled = {row[0] for row in SAMPLES}
    readable = {w.name for w in WRAPPERS if w.extract is not None}
    assert readable == sampled
    for wrapper in WRAPPERS:
        assert "https://" in wrapper.source, wrapper.name
        assert wrapper.reference, wrapper.name


@pytest.mark.parametrize(
    ("link", "wrapper"),
    [
        ("https://protect-us.mimecast.com/s/253462825?domain=bbc.com", "Mimecast URL Protect"),
        (
            "https://protect-eu.mimecast.com/s/F6rYCAW0hl6wn3CQg3QZ?domain=x.com",
            "Mimecast URL Protect",
        ),
        ("https://url.uk.m.mimecastprotect.com/s/F6rYCAW0hl6wn3CQg3QZ", "Mimecast URL Protect"),
        ("https://t.co/OngahJ83X8", "X (Twitter) t.co link"),
    ],
)
def test_an_opaque_wrapper_is_named_and_not_unwrapped(link: str, wrapper: str) -> None:
    found = unwrap(link)
    assert found.chain == ()
    assert found.final is None
    assert found.opaque == wrapper
    assert found.note is not None
    assert "cannot be read offline" in found.note
    [finding] = unwrapping_findings(found, (0, len(link)))
    assert finding.code == "opaque-wrapper"
    assert finding.reference == next(w.reference for w in WRAPPERS if w.name == wrapper)


NESTED = (  # Safe Links around Proofpoint v2 around Google's redirect
    "https://nam12.safelinks.protection.outlook.com/?url="
    + quote(
        "https://urldefense.proofpoint.com/v2/url?u=https-3A__www.google.com_url-3Fq-3Dhttps-3A"
        "__evil.example_login-26sa-3DD-26source-3Deditors&d=DwMFaQ&c=euGZstcaTDllvimEN8b7jXrwqOf"
        "-v5A_CdpgnVfiiMM&r=abc&m=def&s=ghi&e=",
        safe="",
    )
    + "&data=05%7C02%7Cuser%40example.com%7C0%7C0%7C638&sdata=abc%3D&reserved=0"
)


def test_nested_wrappers_are_taken_off_in_turn() -> None:
    found = unwrap(NESTED)
    assert found.wrappers == (
        "Microsoft Safe Links",
        "Proofpoint URL Defense v2",
        "Google redirect",
    )
    assert [step.parameter for step in found.chain] == ["url", "u", "q"]
    assert found.chain[0].url.startswith("https://urldefense.proofpoint.com/v2/url?u=")
    assert found.chain[1].url == (
        "https://www.google.com/url?q=https://evil.example/login&sa=D&source=editors"
    )
    assert found.final == "https://evil.example/login"
    assert found.final_host == "evil.example"
    assert found.clause == (
        "; following it sends you on to evil.example "
        "(Microsoft Safe Links, Proofpoint URL Defense v2, Google redirect)"
    )
    findings = unwrapping_findings(found, (0, len(NESTED)))
    [finding] = [f for f in findings if f.category == "security"]
    assert finding.message == (
        "Microsoft Safe Links, which wraps Proofpoint URL Defense v2, which wraps Google "
        "redirect wraps https://evil.example/login: following it sends you on to evil.example"
    )
    # who received it, as each wrapper's link says it: Safe Links' data, Proofpoint's r
    privacy = [f for f in findings if f.category == "privacy"]
    assert [f.code for f in privacy] == ["recipient-identifier"] * 2
    assert "the data parameter of this Microsoft Safe Links link" in privacy[0].message
    assert "(user@example.com)" in privacy[0].message
    assert "the r parameter of this Proofpoint URL Defense v2 link" in privacy[1].message


def _google(url: str, times: int) -> str:
    for _ in range(times):
        url = "https://www.google.com/url?q=" + quote(url, safe="")
    return url


@pytest.mark.parametrize(("depth", "complete"), [(MAX_DEPTH, True), (MAX_DEPTH + 1, False)])
def test_the_depth_limit(depth: int, complete: bool) -> None:
    found = unwrap(_google("https://evil.example/deep", depth))
    assert len(found.chain) == MAX_DEPTH
    if complete:
        assert found.final == "https://evil.example/deep"
        assert found.note is None
    else:
        assert found.final is not None
        assert found.final.startswith("https://www.google.com/url?q=")
        assert found.note == "more than 10 wrappers deep: unwrapping stopped at Google redirect"
        codes = [d.code for d in unwrapping_findings(found, (0, 1))]
        assert codes == ["wrapped-link", "wrapper-unreadable"]


def _to(url: str) -> Wrapper:
    def extract(reading: BrowserReading) -> tuple[str, str]:
        return url, "to"

    return Wrapper("Loop", r"[ab]\.example", r"/.*", extract, "test", "https://a.example/")


def test_a_loop_stops_with_a_note() -> None:
    looping = (
        Wrapper("A", r"a\.example", r"/.*", _to("https://b.example/").extract, "t", "https://x/"),
        Wrapper("B", r"b\.example", r"/.*", _to("https://a.example/").extract, "t", "https://x/"),
    )
    found = unwrap("https://a.example/", looping)
    assert found.wrappers == ("A",)
    assert found.note == "B wraps 'https://a.example/' again: a loop, unwrapping stopped"


@pytest.mark.parametrize(
    ("link", "note"),
    [
        (
            "https://nam12.safelinks.protection.outlook.com/?data=05%7C02&reserved=0",
            "Microsoft Safe Links link that cannot be unwrapped: its url parameter is missing",
        ),
        (
            "https://urldefense.proofpoint.com/v2/url?d=DwMFaQ&c=abc",
            "Proofpoint URL Defense v2 link that cannot be unwrapped: its u parameter is missing",
        ),
        (
            "https://www.google.com/url?sa=t&source=web",
            "Google redirect link that cannot be unwrapped: its q or url parameter is missing",
        ),
        (
            "https://urldefense.com/v3/__https://a.example/*x__;%%%!!a$",
            "Proofpoint URL Defense v3 link that cannot be unwrapped: its replaced characters "
            "are not base64 of UTF-8 (",
        ),
        (
            "https://urldefense.com/v3/__https://a.example/*x__;IwAAA!!a$",  # 5: 1 past 4
            "Proofpoint URL Defense v3 link that cannot be unwrapped: its replaced characters "
            "are not base64 of UTF-8 (",
        ),
        (
            "https://urldefense.com/v3/__https://a.example/**Bx__;Iw!!a$",  # 3 wanted, 1 there
            "Proofpoint URL Defense v3 link that cannot be unwrapped: its base64 holds fewer "
            "replaced characters than its * stand for",
        ),
        (
            "https://urldefense.com/v3/__https://a.example/**!x__;Iw!!a$",
            "Proofpoint URL Defense v3 link that cannot be unwrapped: '**!' is no run of "
            "replaced characters",
        ),
        (
            "https://urldefense.com/v3/https://a.example/",
            "Proofpoint URL Defense v3 link that cannot be unwrapped: its __URL__;…! part is "
            "missing",
        ),
        (
            "https://www.google.com/url?q=cats",
            "Google redirect link whose q holds no URL browsers accept: 'cats'",
        ),
        (
            "https://l.facebook.com/l.php?u=https%3A%2F%2Fexa%20mple.com%2F",
            "Facebook link shim link whose u holds no URL browsers accept: 'https://exa mple.com/'",
        ),
    ],
)
def test_a_malformed_wrapper_gives_a_note(link: str, note: str) -> None:
    found = unwrap(link)
    assert found.chain == ()
    assert found.note is not None
    assert found.note.startswith(note)  # (the base64 decoder's own words follow the "(")
    [finding] = unwrapping_findings(found, (0, len(link)))
    assert (finding.code, finding.severity, finding.category) == (
        "wrapper-unreadable",
        "info",
        "security",
    )


@pytest.mark.parametrize(
    "link",
    [
        "https://www.google.com/search?q=https%3A%2F%2Fevil.example%2F",
        "https://outlook.com/?url=https%3A%2F%2Fevil.example%2F",
        "https://outlook.office.com/mail/inbox?url=https%3A%2F%2Fevil.example%2F",
        "https://safelinks.protection.outlook.com.evil.example/?url=https%3A%2F%2Fx.example%2F",
        "https://urldefense.com/v4/url?u=https-3A__evil.example",
        "https://evil.example/url?q=https://www.google.com/",
        "https://t.co/",
        "mailto:user@example.com?url=https://evil.example/",
        "not a url at all",
        "",
    ],
)
def test_what_only_looks_like_a_wrapper_is_not_one(link: str) -> None:
    assert unwrap(link) == Unwrapping()
    assert unwrapping_findings(unwrap(link), (0, 0)) == []


@given(st.text(max_size=200))
def test_unwrap_never_raises(text: str) -> None:
    found = unwrap("https://urldefense.com/v3/__" + text)
    assert isinstance(found, Unwrapping)
    found = unwrap(SAFE_LINKS.split("?")[0] + "?url=" + text)
    assert isinstance(found, Unwrapping)


def _docs_tables() -> tuple[list[str], list[str]]:
    """The rows of docs/wrappers.md's two tables: the wrappers, who received the link."""
    docs = (Path(__file__).resolve().parents[3] / "docs" / "wrappers.md").read_text("utf-8")
    wrappers, recipients = docs.split("## Who received the link")

    def rows(part: str) -> list[str]:
        return [line for line in part.splitlines() if line.startswith("| ") and "`" in line]

    return rows(wrappers), rows(recipients)


def test_the_docs_list_every_wrapper_with_its_source() -> None:
    rows, _ = _docs_tables()
    assert len(rows) == len(WRAPPERS)
    for wrapper, row in zip(WRAPPERS, rows, strict=True):
        assert row.startswith(f"| {wrapper.name} | `{wrapper.host.replace('|', chr(92) + '|')}` |")
        assert f"{wrapper.reference}: {wrapper.source} |" in row


def test_the_docs_list_every_recipient_field_with_its_source() -> None:
    _, rows = _docs_tables()
    fields = [(w.name, f) for w in WRAPPERS for f in w.recipients]
    assert len(rows) == len(fields)
    for (name, field), row in zip(fields, rows, strict=True):
        assert row.startswith(f"| {name} | ")
        assert field.holds in row
        assert row.endswith((f"| {field.reference} |", "| the same |"))


@pytest.mark.parametrize(
    ("text", "line", "codes"),
    [
        (
            SAFE_LINKS,
            "Browsers contact: nam12.safelinks.protection.outlook.com:443 (registrable domain "
            "outlook.com); following it sends you on to evil.example (Microsoft Safe Links)",
            ["recipient-identifier", "wrapped-link"],
        ),
        (
            NESTED,
            "Browsers contact: nam12.safelinks.protection.outlook.com:443 (registrable domain "
            "outlook.com); following it sends you on to evil.example (Microsoft Safe Links, "
            "Proofpoint URL Defense v2, Google redirect)",
            ["recipient-identifier", "recipient-identifier", "wrapped-link"],
        ),
        (
            "https://protect-us.mimecast.com/s/253462825?domain=bbc.com",
            "Browsers contact: protect-us.mimecast.com:443 (registrable domain mimecast.com)",
            ["opaque-wrapper"],
        ),
        (
            "https://outlook.com/?url=https%3A%2F%2Fevil.example%2F",
            "Browsers contact: outlook.com:443 (registrable domain outlook.com)",
            [],
        ),
    ],
)
def test_destination_names_where_a_wrapped_link_leads(
    text: str, line: str, codes: list[str]
) -> None:
    dest = destination(parse(text))
    assert dest.verdict.text == line
    assert dest.verdict.warns == ("wrapped-link" in codes)
    assert [d.code for d in dest.findings] == codes
    assert dest.unwrapping == unwrap(text)
    assert dest.to_dict()["unwrapping"] == dest.unwrapping.to_dict()
    for finding in dest.findings:
        assert finding.span == (0, len(text))
        assert finding.category == (
            "privacy" if finding.code == "recipient-identifier" else "security"
        )
