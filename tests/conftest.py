"""Shared test configuration: the Hypothesis profiles.

Two profiles, chosen by ``HYPOTHESIS_PROFILE`` (any registered name), else "ci" when
``CI=true`` is set in the environment, else "dev":

* "dev": quick local runs; random examples, so repeated runs explore more inputs, and
  the example database (``.hypothesis/``) replays earlier failures first; a one-second
  deadline per example.
* "ci": more examples, no deadline (shared CI machines are slow and noisy), and
  derandomized, so a CI run is deterministic: the same commit tests the same inputs,
  and a failure reproduces by running it again.  No example database: nothing carries
  over from one CI run to the next.

Tests whose examples are costly scale their own ``max_examples`` from the profile's
(``settings().max_examples``) instead of fixing a number, so "ci" runs more of them too.
"""

from __future__ import annotations

import os
from datetime import timedelta

from hypothesis import HealthCheck, settings

from tests.support.ci import in_ci

settings.register_profile(
    "dev",
    max_examples=60,
    # generous: parse takes milliseconds even on 64 KiB; a second means something like
    # catastrophic regex backtracking, which is worth hearing about locally
    deadline=timedelta(seconds=1),
    print_blob=True,
)
settings.register_profile(
    "ci",
    max_examples=300,
    deadline=None,
    derandomize=True,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)


def _profile_name() -> str:
    chosen = os.environ.get("HYPOTHESIS_PROFILE")
    if chosen:
        return chosen
    return "ci" if in_ci() else "dev"


settings.load_profile(_profile_name())
