"""news (RFC 1738 §3.6) and nntp (RFC 1738 §3.7): a group, an article by message-id, all groups,
or a group and an article number on a given server."""

from __future__ import annotations

from typing import Final, Literal, NamedTuple

from urlinspector.core._raw import AUTHORITY, RawPart, Regs
from urlinspector.core.editions import Edition
from urlinspector.core.model import Diagnostic
from urlinspector.core.specific.common import (
    _R_SLASH,
    RULES_1738,
    SCHEME_RULES,
    SchemeResult,
    _diag,
    _opaque,
    _show,
    _text,
    _url_path,
)

_R_GROUP: Final = "group, RFC 1738 §3.6 / §5; RFC 1738 summary (zh) §5"
_R_ARTICLE: Final = "article (message-id), RFC 1738 §3.6 / §5"
_R_ALL: Final = 'grouppart = "*", RFC 1738 §3.6 / §5'
_R_NNTP_GROUP: Final = "group, RFC 1738 §3.7 / §5"
_R_NNTP_SLASH: Final = 'nntpurl = "nntp://" hostport "/" group [ "/" digits ], RFC 1738 §5'
_R_NNTP_ARTICLE: Final = "digits (article-number), RFC 1738 §3.7 / §5"

NewsKind = Literal["all", "article", "group"]
"""``grouppart = "*" | group | article`` (RFC 1738 §5): every group, one article by its
message-id, or one newsgroup."""


class NewsFields(NamedTuple):
    """What a news URL's own syntax holds (RFC 1738 §3.6)."""

    kind: NewsKind | None
    """What the grouppart names; None when it is empty."""
    group: str | None
    """The newsgroup name, decoded (``kind == "group"``), else None."""
    message_id: str | None
    """The message-id, decoded (``kind == "article"``), else None."""


class NntpFields(NamedTuple):
    """What an nntp URL's own syntax holds (RFC 1738 §3.7)."""

    group: str | None
    """The newsgroup name, decoded; None when the URL has none."""
    article_number: int | None
    """The article number; None when there is none or it is not decimal digits."""


def _news(text: str, scheme: str, spans: Regs, edition: Edition) -> SchemeResult[NewsFields]:
    """``newsurl = "news:" grouppart``; ``grouppart = "*" | group | article`` (RFC 1738 §5)."""
    diags: list[Diagnostic] = []
    parts: list[RawPart] = []  # (name, span, text, role, rule)
    kind: NewsKind | None = None
    group: str | None = None
    message_id: str | None = None
    a0, a1 = spans[AUTHORITY]
    if a0 >= 0:
        diags.append(
            _diag(
                "news-host-not-allowed",
                "warning",
                a0 - 2,
                a1,
                "news URLs name no server (the reader's own news host is used); "
                "write nntp://host/group for a given server",
                "RFC 1738 §3.6; URL draft 1993 (News, note 1)",
            )
        )
        slash, start, end = _url_path(text, spans, True)
        if slash < 0:
            start = end = a1
        else:
            parts.append(("/", (slash, start), "/", "separator", _R_SLASH))
    else:
        start, end = _opaque(spans, True)
    raw = text[start:end]
    if not raw:
        diags.append(
            _diag(
                "news-grouppart-empty",
                "error",
                max(start - 1, 0),
                start,
                "a news URL needs a newsgroup name, a message-id or '*' after 'news:'",
                "RFC 1738 §3.6 / §5 (grouppart)",
            )
        )
    elif raw == "*":
        parts.append(("*", (start, end), raw, "news-group", _R_ALL))
        kind = "all"
    elif "@" in raw:
        parts.append(("message-id", (start, end), raw, "message-id", _R_ARTICLE))
        kind = "article"
        message_id = _text(raw)
        at = raw.rfind("@")
        bracketed = raw[:1] == "<" or raw[:3].upper() == "%3C"
        if at == 0 or at == len(raw) - 1 or bracketed:
            diags.append(
                _diag(
                    "news-message-id-invalid",
                    "warning",
                    start,
                    end,
                    f"the message-id {_show(raw)} should read unique@full_domain_name, "
                    "without the enclosing '<' and '>'",
                    "RFC 1738 §3.6 / §5 (article)",
                )
            )
    else:
        parts.append(("newsgroup-name", (start, end), raw, "news-group", _R_GROUP))
        kind = "group"
        group = _text(raw)
        rules = SCHEME_RULES.get(edition.id, RULES_1738)
        if rules.news_group.match(raw) is None:
            diags.append(
                _diag(
                    "news-group-invalid",
                    "warning",
                    start,
                    end,
                    f"the newsgroup name {_show(raw)} must {rules.news_group_hint}",
                    rules.news_group_ref,
                )
            )
    fields = NewsFields(kind, group, message_id)
    return tuple(parts), fields, tuple(diags)


def _nntp(text: str, scheme: str, spans: Regs, edition: Edition) -> SchemeResult[NntpFields]:
    """``nntpurl = "nntp://" hostport "/" group [ "/" digits ]`` (RFC 1738 §5)."""
    diags: list[Diagnostic] = []
    parts: list[RawPart] = []  # (name, span, text, role, rule)
    group: str | None = None
    article_number: int | None = None
    slash, u0, u1 = _url_path(text, spans, True)
    if slash >= 0:
        parts.append(("/", (slash, u0), "/", "separator", _R_SLASH))
        bar = text.find("/", u0, u1)
    else:
        bar = -1
    g1 = u1 if bar < 0 else bar
    if slash >= 0 and g1 > u0:
        raw = text[u0:g1]
        parts.append(("newsgroup-name", (u0, g1), raw, "news-group", _R_NNTP_GROUP))
        group = _text(raw)
        rules = SCHEME_RULES.get(edition.id, RULES_1738)
        if rules.news_group.match(raw) is None:
            diags.append(
                _diag(
                    "news-group-invalid",
                    "warning",
                    u0,
                    g1,
                    f"the newsgroup name {_show(raw)} must {rules.news_group_hint}",
                    rules.news_group_ref,
                )
            )
    elif spans[AUTHORITY][0] >= 0:
        a1 = spans[AUTHORITY][1]
        diags.append(
            _diag(
                "nntp-group-missing",
                "error",
                a1,
                max(u1, a1 + 1) if slash >= 0 else max(u1, a1),
                "an nntp URL needs '/' and a newsgroup name after the host "
                "(nntp://host/group or nntp://host/group/article-number)",
                "RFC 1738 §3.7 / §5",
            )
        )
    if bar >= 0:
        parts.append(("/", (bar, bar + 1), "/", "separator", _R_NNTP_SLASH))
        raw = text[bar + 1 : u1]
        parts.append(("article-number", (bar + 1, u1), raw, "article-number", _R_NNTP_ARTICLE))
        if raw.isascii() and raw.isdigit() and len(raw) <= 4000:  # int()'s own limit: 4300
            article_number = int(raw)
        else:
            diags.append(
                _diag(
                    "nntp-article-not-digits",
                    "error",
                    bar + 1 if raw else bar,
                    u1 if raw else bar + 1,
                    f"the article number {_show(raw)} must be decimal digits"
                    if raw
                    else "the '/' after the newsgroup name must be followed by an article number",
                    "RFC 1738 §3.7 / §5 (digits)",
                )
            )
    fields = NntpFields(group, article_number)
    return tuple(parts), fields, tuple(diags)
