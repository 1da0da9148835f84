"""The session: one typed record of what a fetch's requests share, in place of a dozen
keywords on every fetch function of the network layer."""

from __future__ import annotations

import argparse
import ast
import dataclasses
from pathlib import Path

import pytest

from urlinspector.cli.common import fetch_limits, fetch_session, request_guard
from urlinspector.core import parse
from urlinspector.net.limits import CancelToken, Limits
from urlinspector.net.policy import Guard
from urlinspector.net.session import DEFAULT_SESSION, Session
from urlinspector.net.tls import TLSOptions

NET = Path(__file__).resolve().parents[3] / "src" / "urlinspector" / "net"
MOST = 7
"""The most parameters a function of the network layer takes (self and cls aside)."""


def _parameters(function: ast.FunctionDef | ast.AsyncFunctionDef, method: bool) -> int:
    arguments = function.args
    names = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
    count = len(names) + (arguments.vararg is not None) + (arguments.kwarg is not None)
    if method and names and names[0].arg in ("self", "cls"):
        count -= 1
    return count


def _functions(tree: ast.Module) -> list[tuple[str, int]]:
    """Every function and method of *tree*, with its number of parameters."""
    found: list[tuple[str, int]] = []

    def visit(node: ast.AST, method: bool, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                found.append((prefix + child.name, _parameters(child, method)))
                visit(child, False, f"{prefix}{child.name}.")
            elif isinstance(child, ast.ClassDef):
                visit(child, True, f"{prefix}{child.name}.")

    visit(tree, False, "")
    return found


def test_no_function_of_the_network_layer_takes_more_than_seven_parameters() -> None:
    """The bundle (progress, cancel, limits, TLS, the password callback, the
    transcript, the charset) travels as one Session; the fetch functions took 11 to
    14 parameters before."""
    modules = sorted(NET.rglob("*.py"))
    assert len(modules) > 30
    many = [
        f"{path.relative_to(NET)}: {name} takes {count}"
        for path in modules
        for name, count in _functions(ast.parse(path.read_text("utf-8")))
        if count > MOST
    ]
    assert many == []


def test_the_default_session_is_a_fetch_without_a_person() -> None:
    session = DEFAULT_SESSION
    assert session == Session()
    assert session.limits == Limits()
    assert session.tls == TLSOptions()
    assert (session.cancel, session.progress, session.transcript, session.password) == (
        None,
        None,
        None,
        None,
    )
    assert session.charset == "utf-8"
    assert not session.auth_tls
    with pytest.raises(dataclasses.FrozenInstanceError):
        session.charset = "latin-1"  # type: ignore[misc]


def test_a_session_is_changed_by_making_another() -> None:
    token = CancelToken()
    stopped = dataclasses.replace(DEFAULT_SESSION, cancel=token)
    assert stopped.cancel is token
    assert DEFAULT_SESSION.cancel is None


def test_the_command_line_builds_one_session_from_its_options() -> None:
    args = argparse.Namespace(
        cacert="ca.pem", insecure=False, tls=True, charset="latin-1", allow_local=False
    )
    url = parse("ftp://ftp.example.org/pub/")
    guard = request_guard(url, args)
    lines: list[object] = []
    session = fetch_session(args, fetch_limits(30.0, guard), transcript=lines.append)
    assert session.limits.total_timeout == 30.0
    assert isinstance(session.limits.guard, Guard)
    assert session.tls == TLSOptions(cafile="ca.pem")
    assert session.auth_tls
    assert session.charset == "latin-1"
    assert session.transcript == lines.append
    assert session.cancel is None  # a command line stops with Ctrl+C
