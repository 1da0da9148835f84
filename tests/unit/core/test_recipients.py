"""Who received a wrapped link: Safe Links' ``data`` (the recipient's address and the
tenant), Proofpoint's ``r`` (v1, v2) and v3 token, found in real links from public
write-ups, reported as ``privacy`` findings, and dropped from a copy of the link."""

from __future__ import annotations

import pytest

from urlinspector.core import destination, parse
from urlinspector.core.extraction import extract
from urlinspector.core.wrappers import unwrap, unwrapping_findings, without_recipients
from urlinspector.data import top_domains

# https://github.com/vilega/O365Troubleshooters/issues/167 (a SharePoint link in a mail
# to a Microsoft employee: Microsoft's own tenant, 72f988bf-...)
SAFE_LINKS_MICROSOFT = (
    "https://nam06.safelinks.protection.outlook.com/ap/w-59584e83/?url=https%3A%2F%2Fabeona13"
    "-my.sharepoint.com%2Fpersonal%2Fadmin_abeona13_onmicrosoft_com%2FDocuments%2F20%2520"
    "cazuri%2520GR%2520rezolvate%2520v1.2%2520(1).docx%3Fweb%3D1&amp;data=04%7C01%7COana."
    "Frincu%40microsoft.com%7C12d054cf2444457984c808d8e23287f4%7C72f988bf86f141af91ab2d7cd011"
    "db47%7C1%7C0%7C637508053955135537%7CUnknown%7CTWFpbGZsb3d8eyJWIjoiMC4wLjAwMDAiLCJQIjoiV2"
    "luMzIiLCJBTiI6Ik1haWwiLCJXVCI6Mn0%3D%7C3000&amp;sdata=gno1UCBwKJ43zLcykWCUkTNjzNoYotDimW4"
    "lbVLzA5U%3D&amp;reserved=0"
)
# binref/refinery's test_urlguards (a real message)
SAFE_LINKS_REFINERY = (
    "https://apac01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwww.dropbox.com%2Fl"
    "%2FMsV4FlOqB46esYrRR4h37fZuRXl4lHkkB93%2Freport_abuse&data=02%7C01%7Ctim.kelsey%40"
    "digitalhealth.gov.au%7C31d152ee19d64a3b53a908d6b7dc42a2%7C49c6971ed0164e1ab04195533ede53a1"
    "%7C0%7C1%7C636898553972831008&sdata=MYXFcUyJ5Sxfo31AJJu3%2FdebHsiYaE46n%2B6wF%2BwKvQw%3D"
    "&reserved=0"
)
# https://github.com/RyanDFIR/unfurl/issues/153 (the rest of data redacted by its author)
SAFE_LINKS_UNFURL = (
    "https://nam02.safelinks.protection.outlook.com/?url=https://dfir.blog/unfurl&data=02|01|"
    "abc@example.com|redacted&sdata=om5tJuXTaeMuWKSxdMvR9uSiZLTcvszo7g6bYJH65QE=&reserved=0"
)
# https://github.com/vilega/O365Troubleshooters/issues/136, defanged by its author
SAFE_LINKS_DEFANGED = (
    "hXXps://eur03[dot]safelinks[dot]protection[dot]outlook[dot]com/?url=https%3A%2F%2Fbbox"
    "[dot]blackbaudhosting[dot]com%2Fwebforms%2Flinkredirect%3Furl%3Dhttps%253A%252F%252F"
    "surinamroots[dot]com%252Fwp-content%252FAp3dX[dot]html%2523lidia[dot]boniecka%40pipelife"
    "[dot]com&data=02%7C01%7Clidia[dot]boniecka%40pipelife[dot]com%7Ced25cbc74af442cd90ec08d84d"
    "e50334%7C5615522379ac48ba8ade00446899a49c%7C0%7C0%7C637344993743300939&sdata=WAhFhdepotIro"
    "2QLY1t8OorohsvfsIdGcipXE6aZ1c8%3D&reserved=0"
)
# Proofpoint's URL Decoder API documentation, its v1 and v2 samples whole
# (https://help.proofpoint.com/Threat_Insight_Dashboard/API_Documentation/URL_Decoder_API)
PROOFPOINT_V1 = (
    "https://urldefense.proofpoint.com/v1/url?u=http://www.bouncycastle.org/&amp;k=oIvRg1%2BdGA"
    "gOoM1BIlLLqw%3D%3D%0A&amp;r=IKM5u8%2B%2F%2Fi8EBhWOS%2BqGbTqCC%2BrMqWI%2FVfEAEsQO%2F0Y%3D%0A"
    "&amp;m=Ww6iaHO73mDQpPQwOwfLfN8WMapqHyvtu8jM8SjqmVQ%3D%0A&amp;s=d3583cfa53dade97025bc6274c6"
    "c8951dc29fe0f38830cf8e5a447723b9f1c9a"
)
PROOFPOINT_V2 = (
    "https://urldefense.proofpoint.com/v2/url?u=https-3A__media.mnn.com_assets_images_2016_06_"
    "jupiter-2Dnasa.jpg.638x0-5Fq80-5Fcrop-2Dsmart.jpg&amp;d=DwMBaQ&amp;c=Vxt5e0Osvvt2gflwSlsJ5"
    "DmPGcPvTRKLJyp031rXjhg&amp;r=BTD8MPjq1qSLi0tGKaB5H6aCJZZBjwYkLyorZdRQrnY&amp;m=iKjixvaJuqvm"
    "ReS78AB0JiActTrR_liSq7lDRjEQ9DE&amp;s=-M8Vz-GV-kqkNVf1BAtv38DdudAHVDAI6_jQQLVmleE&amp;e="
)
PROOFPOINT_V3 = (
    "https://urldefense.com/v3/__https://google.com:443/search?q=a*test&gs=ps__;Kw!-612Flbf0JvQ"
    "3kNJkRi5Jg!Ue6tQudNKaShHg93trcdjqDP8se2ySE65jyCIe2K1D_uNjZ1Lnf6YLQERujngZv9UWf66ujQIQ$"
)
# a real one in a code comment (github.com/ethanlipson/PyLX-16A)
PROOFPOINT_V3_GITHUB = (
    "https://urldefense.com/v3/__https://github.com/ethanlipson/PyLX-16A/blob/master/"
    "documentation.md*lx16aget_id__;Iw!!OToaGQ!tjZu2o_4eGwUWFQVexH7vTz29dPGznkqHlsZZwaPaJf6"
    "WSH-HJuyXKYguIjeUC6NwXrOiqMz-9J8n8A$"
)

# (link, parameter, address, tenant, the value's start, the piece dropped)
SAMPLES = [
    (
        SAFE_LINKS_MICROSOFT,
        "data",
        "Oana.Frincu@microsoft.com",
        "72f988bf86f141af91ab2d7cd011db47",
        "04|01|Oana.Frincu@microsoft.com|",
        "&amp;data=04%7C01%7COana.",
    ),
    (
        SAFE_LINKS_REFINERY,
        "data",
        "tim.kelsey@digitalhealth.gov.au",
        "49c6971ed0164e1ab04195533ede53a1",
        "02|01|tim.kelsey@",
        "&data=02%7C01%7Ctim.kelsey",
    ),
    (SAFE_LINKS_UNFURL, "data", "abc@example.com", None, "02|01|abc@", "&data=02|01|abc"),
    (PROOFPOINT_V1, "r", None, None, "IKM5u8+//i8EBhWOS", "&amp;r=IKM5u8"),
    (PROOFPOINT_V2, "r", None, None, "BTD8MPjq1qSLi0tG", "&amp;r=BTD8MPjq1qSLi0tG"),
    (PROOFPOINT_V3, "the token after !ORG!", None, None, "Ue6tQudNKaShHg93", "!Ue6tQudNKaSh"),
    (PROOFPOINT_V3_GITHUB, "the token after !ORG!", None, None, "tjZu2o_4eGwU", "tjZu2o_4eGwU"),
]


@pytest.mark.parametrize(("link", "parameter", "address", "tenant", "value", "piece"), SAMPLES)
def test_real_links_say_who_received_them(
    link: str, parameter: str, address: str | None, tenant: str | None, value: str, piece: str
) -> None:
    found = unwrap(link)
    (identifier,) = found.recipients
    assert identifier.parameter == parameter
    assert identifier.address == address
    assert identifier.tenant == tenant
    assert identifier.value.startswith(value)
    assert identifier.wrapper == found.wrappers[0]
    assert identifier.reference.startswith(("Queen's", "cardi/", "the v3 layout"))


@pytest.mark.parametrize(("link", "parameter", "address", "tenant", "value", "piece"), SAMPLES)
def test_a_copy_without_them_leads_to_the_same_place(
    link: str, parameter: str, address: str | None, tenant: str | None, value: str, piece: str
) -> None:
    text, dropped = without_recipients(parse(link))
    assert [d.parameter for d in dropped] == [parameter]
    assert piece in link
    assert piece not in text
    assert (address or value) not in text
    # nothing else is changed: the wrapped URL is where it was, and unwrapping is the same
    assert unwrap(text).final == unwrap(link).final
    assert unwrap(text).recipients == ()
    # one piece of the link is gone, the rest is as it was, character for character
    cut = len(link) - len(text)
    at = next(i for i in range(len(text) + 1) if i == len(text) or text[i] != link[i])
    assert link[:at] + link[at + cut :] == text
    assert piece.strip("&!") in link[at - len(piece) : at + cut + len(piece)]


def test_the_privacy_finding() -> None:
    url = parse(SAFE_LINKS_MICROSOFT)
    found = destination(url, brands=top_domains()).findings
    (finding,) = [d for d in found if d.category == "privacy"]
    assert finding.code == "recipient-identifier"
    assert finding.severity == "warning"
    assert finding.span == (0, len(SAFE_LINKS_MICROSOFT))
    assert finding.message.startswith(
        "the data parameter of this Microsoft Safe Links link holds the recipient's address "
        "and the tenant's id (Oana.Frincu@microsoft.com): forwarding or sharing the link"
    )
    assert "queensu.ca" in finding.reference


def test_a_v3_finding_names_the_token() -> None:
    (finding,) = [
        d
        for d in unwrapping_findings(unwrap(PROOFPOINT_V3_GITHUB), (0, 1))
        if d.category == "privacy"
    ]
    assert finding.message.startswith(
        "the token after !ORG! of this Proofpoint URL Defense v3 link holds a token for the "
        "message and its recipient"
    )


def test_a_defanged_link_in_a_ticket_is_read_too() -> None:
    (found,) = extract(f"the user clicked {SAFE_LINKS_DEFANGED} yesterday")
    (identifier,) = unwrap(found.url).recipients
    assert identifier.address == "lidia.boniecka@pipelife.com"
    assert identifier.tenant == "5615522379ac48ba8ade00446899a49c"


@pytest.mark.parametrize(
    "link",
    [
        # the version alone, or no recipient: nobody is named
        "https://nam12.safelinks.protection.outlook.com/?url=https%3A%2F%2Fa.example&data=05",
        "https://eur03.safelinks.protection.outlook.com/?url=https%3A%2F%2Fwe.tl%2Ft-x"
        "&data=05%7C02%7C&sdata=abc&reserved=0",
        "https://urldefense.com/v2/url?u=https-3A__www.example.com_&d=&c=&r=&m=&s=&e=",
        # not a wrapper: its data parameter is its own business
        "https://www.example.com/?url=https%3A%2F%2Fa.example&data=04%7C01%7Ca%40b.example",
    ],
)
def test_no_identifier(link: str) -> None:
    assert unwrap(link).recipients == ()
    assert without_recipients(parse(link)) == (link, ())


def test_nested_identifiers_stay_in_the_copy() -> None:
    # Safe Links around Proofpoint: the copy drops Safe Links' data; Proofpoint's r is
    # inside the encoded url parameter, and only unwrapping drops it
    inner = PROOFPOINT_V2.replace("&amp;", "%26").replace("=", "%3D").replace("?", "%3F")
    link = f"https://nam12.safelinks.protection.outlook.com/?url={inner}&data=05%7C02%7Ca%40b.c"
    assert [r.parameter for r in unwrap(link).recipients] == ["data", "r"]
    text, dropped = without_recipients(parse(link))
    assert [d.parameter for d in dropped] == ["data"]
    assert [r.parameter for r in unwrap(text).recipients] == ["r"]
