"""The traced resolution keeps a trace of bounded size, whatever the reference: past
:data:`TRACE_BUDGET` characters of values the steps are counted, not recorded, and
one last step says how many were left out.  The target is the untraced one."""

from __future__ import annotations

import json

import pytest

from urlinspector.core import EDITION_IDS, resolve
from urlinspector.core.resolution import STEP_COST, TRACE_BUDGET

LONG_REFERENCES = {
    "segments": "a/" * 32768,
    "segment-dotdot": "a/../" * 20000 + "g",
    "dot-slash": "./" * 40000 + "g",
    "above-root": "../" * 30000 + "g",
    "absolute": "/" + "x/.." * 20000,
}


def trace_size(resolution: object) -> int:
    steps = resolution.to_dict()["steps"]  # type: ignore[attr-defined]
    return len(json.dumps(steps))


@pytest.mark.parametrize("edition", EDITION_IDS)
@pytest.mark.parametrize("name", LONG_REFERENCES)
def test_a_long_reference_gives_a_bounded_trace(name: str, edition: str) -> None:
    reference = LONG_REFERENCES[name]
    traced = resolve("http://a/b", reference, edition)
    assert traced.target == resolve("http://a/b", reference, edition, trace=False).target
    values = sum(len(v or "") for step in traced.steps for _, v in step.values)
    assert values <= TRACE_BUDGET
    assert len(traced.steps) <= TRACE_BUDGET // STEP_COST + 1
    # the JSON of the steps: the values, the rules and the citations, with room for escapes
    assert trace_size(traced) < 3 * TRACE_BUDGET


@pytest.mark.parametrize("edition", EDITION_IDS)
def test_the_left_out_steps_are_counted(edition: str) -> None:
    traced = resolve("http://a/b", "a/../" * 20000 + "g", edition)
    last = traced.steps[-1]
    assert last.label == "…"
    assert "more steps were left out" in last.rule
    assert last.citation  # where the first step left out is


def test_a_short_reference_keeps_every_step() -> None:
    traced = resolve("http://a/b/c/d;p?q", "../../g")
    assert [s.label for s in traced.steps][-1] != "…"
    assert not any("left out" in s.rule for s in traced.steps)
    assert traced.target == "http://a/g"


def test_the_trace_of_a_64_kib_reference_is_linear() -> None:
    """Each remove_dot_segments step used to copy both buffers: 32768 steps of 64 KiB."""
    traced = resolve("http://a/b", "a/" * 32768, "rfc3986")
    assert len(traced.steps) < 100
    assert traced.target == "http://a/" + "a/" * 32768
