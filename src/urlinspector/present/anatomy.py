"""What each part of a parsed URL is: the component tree and "what is under the mouse".

Qt-free.  The spans, host kind, scheme-specific parts, escapes and diagnostics all
come from the core; this module names them in the words of the edition the URL was
parsed under (``reg-name`` in RFC 3986, ``hostname`` in RFC 1738) and cites the
section with the edition's own citation table (:meth:`Edition.cite`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from urlinspector.core import URL, Diagnostic, Part
from urlinspector.core.escapes import Decoded, Escape, decode
from urlinspector.core.model import ComponentName, Span
from urlinspector.present.colouring import GENERIC_EQUIVALENT
from urlinspector.present.nodes import Node, more
from urlinspector.present.pieces import fragment_rows, query_rows

__all__ = [
    "DECODE_AS",
    "WRAPPER_ROW",
    "Description",
    "Node",
    "component_tree",
    "decoded",
    "describe",
    "rule_for",
]

DECODE_AS: dict[str, str] = {
    # scheme-specific part name -> the component name escapes.decode knows
    "selector": "selector",
    "search": "search",
    "gopher+_string": "gopher-plus",
    "cwd": "cwd",
    "name": "name",
    "newsgroup-name": "group",
    "message-id": "message-id",
    "hsoname": "hsoname",
    "fieldspec": "field",
    "database": "database",
    "wpath": "wpath",
    "addr-spec": "addr-spec",
    "path": "path",
    "searchpart": "query",
}

WRAPPER_ROW = "URL (inside the wrapper)"


def _path_rule(url: URL) -> str:
    """The rule the path matches, in the edition's words (RFC 3986 §3.3 path-abempty,
    path-absolute, ...; 2396bis and 1997 abs_path, opaque part, rel_path; RFC 1738's
    url-path)."""
    after_authority, absolute, empty, rootless, noscheme = url.edition.path_rules
    path = url.path or ""
    if url.span("authority") is not None:
        return after_authority
    if path.startswith("/"):
        return absolute
    if not path and empty is not None:
        return empty
    return rootless if url.is_absolute else noscheme


def _host_rule(url: URL) -> tuple[str, str]:
    ed = url.edition
    kind = url.host_kind
    if kind == "ipv6":
        return ed.rule_name("ipv6", "IPv6address"), ed.cite("ipv6")
    if kind == "ipvfuture":
        return "IP-literal (IPvFuture)", ed.cite("ipv6")
    if kind == "ipv4":
        return ed.rule_name("ipv4", "IPv4address"), ed.cite("ipv4")
    if kind == "empty":
        return "host (empty)", ed.cite("host")
    if not ed.hostname_grammar or any(d.code == "authority-reg-name" for d in url.diagnostics):
        return "reg-name", ed.cite("reg-name")
    return "hostname", ed.cite("host")


def rule_for(url: URL, component: str) -> tuple[str, str]:
    """The grammar rule that *component* (a generic component name, ``segment``,
    ``query-key`` or ``query-value``) matches in *url*'s edition, and its section."""
    ed = url.edition
    if component == "host":
        return _host_rule(url)
    if component in ("user", "password"):
        return ed.rule_name(component, component), ed.cite("userinfo")
    if component == "path":
        return _path_rule(url), ed.cite("path")
    if component == "segment":
        return "segment", ed.cite("path")
    if component in ("query", "query-key", "query-value"):
        name = ed.rule_name("query", "query")
        if component != "query":
            name += f" ({component[6:]} of a key=value pair: an HTML forms convention)"
        return name, ed.cite("query")
    if component == "authority":
        return ed.rule_name("authority", "authority"), ed.cite("authority")
    return component, ed.cite(component)


# --- the component tree -----------------------------------------------------------------


def _node(
    url: URL,
    name: ComponentName,
    role: str,
    children: tuple[Node, ...] = (),
    *,
    rule_name: str | None = None,
    decode_as: str | None = None,
) -> Node:
    span = url.span(name)
    rule, cite = rule_for(url, rule_name or name)
    if span is None:
        return Node(name, None, None, role, f"{rule}, {cite}")
    start, end = span
    return Node(
        name,
        (start, end),
        url.text[start:end],
        role,
        f"{rule}, {cite}",
        decode_as or name,
        children,
    )


def _part_node(part: Part) -> Node:
    name, span, raw, role, rule = part
    decode_as = None if role in ("separator", "telnet-slash") else DECODE_AS.get(name)
    if decode_as is None and role not in ("separator", "telnet-slash"):
        decode_as = name
    return Node(name, span, raw, role, rule, decode_as)


def component_tree(url: URL, limit: int | None = None) -> tuple[Node, ...]:
    """The rows of the components panel: every generic component (undefined ones
    too, so that "undefined" and "empty" can be told apart), the userinfo, host and
    port inside the authority, the path's segments, the query's parameters and the
    fragment's directive (:mod:`.pieces`), and the scheme-specific parts (RFC 1738
    §3).  *limit*: at most this many segments,
    parameters or parts under one node, then a row that counts the rest."""
    rows: list[Node] = []
    if url.has_wrapper:
        rows.append(
            Node(
                WRAPPER_ROW,
                url.uri_span,
                url.uri,
                "plain",
                "{}, {}".format("URL", url.edition.cite("wrapper")),
            )
        )
    rows.append(_node(url, "scheme", "scheme"))
    authority_children: list[Node] = []
    if url.span("userinfo") is not None:
        userinfo_children: list[Node] = []
        if url.span("user") is not None:
            userinfo_children.append(_node(url, "user", "user"))
        if url.span("password") is not None:
            userinfo_children.append(_node(url, "password", "password"))
        authority_children.append(
            _node(url, "userinfo", "user", tuple(userinfo_children), rule_name="user")
        )
    if url.span("host") is not None:
        authority_children.append(_node(url, "host", "host"))
    if url.span("port") is not None:
        authority_children.append(_node(url, "port", "port"))
    rows.append(_node(url, "authority", "plain", tuple(authority_children)))
    segment_rule = "{}, {}".format(*rule_for(url, "segment"))
    all_segments = url.segments
    segments: tuple[Node, ...] = tuple(
        Node(f"segment {i}", s.span, s.text, "path", segment_rule, "segment")
        for i, s in enumerate(all_segments[:limit], 1)
    )
    if limit is not None and len(all_segments) > limit:
        segments = (*segments, more(len(all_segments) - limit))
    rows.append(_node(url, "path", "path", segments if len(segments) > 1 else ()))
    parameters = query_rows(
        url,
        limit,
        key_rule="{}, {}".format(*rule_for(url, "query-key")),
        value_rule="{}, {}".format(*rule_for(url, "query-value")),
    )
    rows.append(_node(url, "query", "query", parameters))
    rows.append(_node(url, "fragment", "fragment", fragment_rows(url)))
    specific = url.specific
    if specific is not None and specific.parts:
        label = f"{specific.scheme} parts"
        start = min(span[0] for _, span, _, _, _ in specific.parts)
        end = max(span[1] for _, span, _, _, _ in specific.parts)
        rows.append(
            Node(
                label,
                (start, end),
                url.text[start:end],
                "plain",
                "the scheme's own syntax, RFC 1738 §3",
                None,
                tuple(_part_node(p) for p in specific.parts[:limit])
                + (
                    (more(len(specific.parts) - limit),)
                    if limit is not None and len(specific.parts) > limit
                    else ()
                ),
            )
        )
    return tuple(rows)


def decoded(url: URL, node: Node, charset: str = "utf-8") -> Decoded | None:
    """*node*'s raw text with its escapes decoded (spans shifted to the URL's text);
    None when the node is undefined or not decoded (delimiters).  A query parameter's
    row decodes its value, ``+`` read as a space where the scheme's query is
    form-encoded; a text directive's term reads as the standard decodes it, whatever
    *charset* says (:class:`~urlinspector.present.nodes.Node`)."""
    if node.raw is None or node.span is None or node.decode_as is None:
        return None
    raw, start = node.raw, node.span[0]
    if node.decodes is not None:  # (within the raw text kept: a long node is cut)
        start, end = node.decodes
        raw = url.text[start : min(end, node.span[0] + len(node.raw))]
    if node.form:
        raw = raw.replace("+", " ")  # (a "%2B" stays an escape: decoded to "+")
    result = decode(
        raw,
        node.decode_as,
        scheme=url.scheme,
        charset=charset if node.fixed is None else "utf-8",
        edition=url.edition,
        offset=start,
    )
    return result if node.fixed is None else dataclasses.replace(result, text=node.fixed)


# --- what is at one position ----------------------------------------------------------


_DELIMITERS = {
    ":": "':' after the scheme",
    "//": "'//' before the authority",
    "@": "'@' after the userinfo",
    "port": "':' before the port",
    "/": "'/' between path segments",
    "?": "'?' before the query",
    "#": "'#' before the fragment",
    "&": "'&' between query parameters",
    "=": "'=' between a query key and its value",
}


@dataclass(frozen=True)
class Description:
    """What the character at one position of a URL is."""

    position: int
    char: str
    component: str
    """A few words: ``host``, ``path segment 2``, ``delimiter '@' after the userinfo``."""
    role: str
    rule: str
    """The grammar rule (and citation) it matched."""
    edition: str
    """The edition's label, e.g. ``RFC 3986 (2005)``."""
    span: Span
    raw: str
    decoded: str | None
    escape: Escape | None
    part: Part | None
    diagnostics: tuple[Diagnostic, ...]


def _innermost(nodes: tuple[Node, ...], pos: int) -> tuple[Node | None, bool]:
    """The deepest node whose span holds *pos*, and whether *pos* falls between that
    node's children (on a delimiter such as the ``@`` of an authority)."""
    for node in nodes:
        if node.span is not None and node.span[0] <= pos < node.span[1]:
            if not node.children:
                return node, False
            inner, gap = _innermost(node.children, pos)
            return (inner, gap) if inner is not None else (node, True)
    return None, False


def describe(url: URL, pos: int, charset: str = "utf-8") -> Description | None:
    """What the character at *pos* is: its component, the rule it matched, the
    section, the decoded value of its component, the escape it belongs to, and the
    diagnostics that cover it.  None outside the text."""
    text = url.text
    if not 0 <= pos < len(text):
        return None
    ed = url.edition
    diagnostics = tuple(
        d
        for d in url.diagnostics
        if d.span[0] <= pos < d.span[1] or (d.span[0] == d.span[1] == pos)
    )
    part: Part | None = None
    for p in url.scheme_parts:
        if p.span[0] <= pos < p.span[1]:
            part = p
            break
    tree = tuple(n for n in component_tree(url) if n.name != WRAPPER_ROW)
    node, gap = _innermost(tree, pos)
    if part is not None and part.role not in GENERIC_EQUIVALENT:
        node, gap = _part_node(part), part.role == "separator"
    if node is None or node.span is None or node.raw is None or gap:
        return _delimiter(url, pos, diagnostics, part)
    value = decoded(url, node, charset)
    escape = None
    if value is not None:
        for e in value.escapes:
            if e.span[0] <= pos < e.span[1]:
                escape = e
                break
    name = node.name
    if name.startswith("segment"):
        name = "path " + name
    elif name in ("key", "value"):
        name = f"query {name}"
    role = node.role
    if (text[pos] == "/" and name == "path") or (
        text[pos] in "&=" and (name == "query" or name.startswith("parameter"))
    ):
        return _delimiter(url, pos, diagnostics, part)
    return Description(
        pos,
        text[pos],
        name,
        role,
        node.rule,
        ed.label,
        node.span,
        node.raw,
        None if value is None else value.text,
        escape,
        part,
        diagnostics,
    )


def _delimiter(
    url: URL, pos: int, diagnostics: tuple[Diagnostic, ...], part: Part | None
) -> Description:
    text = url.text
    spans = url.spans
    ch = text[pos]
    ed = url.edition
    what = "delimiter"
    rule = ed.cite("characters")
    u0, u1 = url.uri_span
    if pos < u0 or pos >= u1:
        what = "wrapper around the URL (not part of it)"
        rule = ed.cite("wrapper")
    elif part is not None and part.role not in GENERIC_EQUIVALENT:
        raw, rule = part.text, part.rule
        what = f"delimiter {raw!r} of the {url.specific.scheme if url.specific else ''} syntax"
    elif ch == ":" and spans.scheme is not None and pos == spans.scheme[1]:
        what = "delimiter " + _DELIMITERS[":"]
        rule = ed.cite("scheme")
    elif ch == "/" and spans.authority is not None and spans.authority[0] in (pos + 1, pos + 2):
        what = "delimiter " + _DELIMITERS["//"]
        rule = ed.cite("authority")
    elif ch == "@" and spans.userinfo is not None and pos == spans.userinfo[1]:
        what = "delimiter " + _DELIMITERS["@"]
        rule = ed.cite("userinfo")
    elif ch == ":" and spans.port is not None and spans.port[0] == pos + 1:
        what = "delimiter " + _DELIMITERS["port"]
        rule = ed.cite("port")
    elif ch == ":" and spans.password is not None and spans.password[0] == pos + 1:
        what = "delimiter ':' between user and password"
        rule = ed.cite("userinfo")
    elif ch == "/":
        what = "delimiter " + _DELIMITERS["/"]
        rule = ed.cite("path")
    elif ch == "?" and spans.query is not None and spans.query[0] == pos + 1:
        what = "delimiter " + _DELIMITERS["?"]
        rule = ed.cite("query")
    elif ch == "#" and spans.fragment is not None and spans.fragment[0] == pos + 1:
        what = "delimiter " + _DELIMITERS["#"]
        rule = ed.cite("fragment")
    elif ch in "&=" and spans.query is not None and spans.query[0] <= pos < spans.query[1]:
        what = "delimiter " + _DELIMITERS[ch]
        rule = "{}, {}".format(*rule_for(url, "query"))
    return Description(
        pos,
        ch,
        what,
        "separator",
        rule,
        ed.label,
        (pos, pos + 1),
        ch,
        None,
        None,
        part,
        diagnostics,
    )
