"""The trace of a resolution: each step in its text's words with the values after it,
within a budget, so that a huge reference gives a trace of bounded size in linear time."""

from __future__ import annotations

from urlinspector.core.resolution.results import Step

TRACE_BUDGET = 1 << 20
"""Characters of step values one trace records, at most (each step counts
:data:`STEP_COST` more).  Past it the steps are counted, not recorded, and the trace
ends with one step saying how many were left out: a long reference with many dot
segments gives a trace of bounded size in linear time, not one copy of the buffer per
step (``"a/" * 32768`` would be 4 GiB of values)."""


STEP_COST = 256
"""What one step counts against :data:`TRACE_BUDGET` besides its values."""


class _Trace:
    """Steps (when tracing, within the budget) and notes (always) of one resolution."""

    __slots__ = ("budget", "citation", "left_out", "notes", "on", "steps")

    def __init__(self, on: bool, budget: int = TRACE_BUDGET) -> None:
        self.on = on
        self.budget = budget
        self.steps: list[Step] = []
        self.notes: list[str] = []
        self.left_out = 0
        """Steps not recorded, the budget being spent."""
        self.citation = ""
        """The citation of the first step left out."""

    @property
    def recording(self) -> bool:
        """Whether a step would be recorded now: callers compute costly values only then."""
        return self.on and self.left_out == 0

    def step(self, label: str, rule: str, citation: str, *values: tuple[str, str | None]) -> None:
        if not self.on:
            return
        if self.left_out == 0:
            cost = STEP_COST + sum(len(value) for _, value in values if value is not None)
            if cost <= self.budget:
                self.budget -= cost
                self.steps.append(Step(rule, citation, values, label))
                return
            self.citation = citation
        self.left_out += 1

    def skip(self, count: int, citation: str) -> None:
        """*count* steps that were not even computed (the budget being spent)."""
        if self.on and count > 0:
            if self.left_out == 0:
                self.citation = citation
            self.left_out += count

    def all_steps(self) -> tuple[Step, ...]:
        """The recorded steps, then one saying how many were left out (if any)."""
        if self.left_out == 0:
            return tuple(self.steps)
        many = "step was" if self.left_out == 1 else "steps were"
        rule = (
            f"({self.left_out} more {many} left out: the trace records at most "
            f"{TRACE_BUDGET:,} characters of values; the target is complete)"
        )
        return (*self.steps, Step(rule, self.citation, (), "…"))

    def note(self, text: str) -> None:
        if text not in self.notes:
            self.notes.append(text)
