"""``parse --format svg``: the anatomy of the URL as an SVG diagram for slides (the same
drawing as the window's File ▸ Export picture…, :mod:`urlinspector.present.diagram`),
and ``parse -o FILE``, which writes any format but the text report to FILE."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from urlinspector.cli.common import Console, arg
from urlinspector.core import URL
from urlinspector.palette import Theme
from urlinspector.present.diagram import anatomy_svg

__all__ = ["OUTPUT_ARG", "check_output", "svg_text", "write_output"]

OUTPUT_ARG = arg(
    "-o",
    "--output",
    metavar="FILE",
    default=None,
    help="write the output to FILE instead of standard output (--format svg, markdown, "
    "html or json)",
)


def check_output(args: argparse.Namespace, fmt: str) -> None:
    """A ValueError when ``-o`` is given where it does not apply."""
    if getattr(args, "output", None) is None:
        return
    if fmt == "text":
        raise ValueError("-o writes a file: give --format svg, markdown, html or json")
    if getattr(args, "jsonl", None) is not None:
        raise ValueError("-o works with one URL, not with --jsonl")


def svg_text(url: URL, args: argparse.Namespace) -> str:
    """The diagram of *url*: light unless ``--theme dark`` (a slide is light more often
    than a terminal), the password masked unless ``--show-passwords``."""
    theme: Theme = "dark" if getattr(args, "theme", None) == "dark" else "light"
    masked = not getattr(args, "show_passwords", False)
    return anatomy_svg(url, theme=theme, mask_password=masked)


def write_output(args: argparse.Namespace, console: Console, text: str | dict[str, object]) -> None:
    """*text* (a JSON document when a dict) to ``-o FILE``, else to the console."""
    output = getattr(args, "output", None)
    if isinstance(text, dict):
        if output is None:
            console.write_json(text)  # (UTF-8 whatever the locale)
            return
        text = json.dumps(text, indent=2, ensure_ascii=False) + "\n"
    if output is None:
        console.write(text)
        return
    Path(output).write_text(text, encoding="utf-8")
