"""quoted(): a value in a message as it is, with what does not print made visible."""

from __future__ import annotations

import pytest

from urlinspector.core.quoting import quoted


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("news:a\\b", "'news:a\\b'"),  # one backslash, not repr's two
        ("it's", '"it\'s"'),
        ('say "it\'s"', "'say \"it's\"'"),
        ("a\r\nb\x00", "'a\\x0d\\x0ab\\x00'"),
        ("tab\there", "'tab\\x09here'"),
        ("\u202eevil", "'\\u202eevil'"),  # a format character, not printed raw
        ("\U000e0041", "'\\U000e0041'"),
        ("é ü", "'é ü'"),
        ("", "''"),
    ],
)
def test_values_are_quoted_as_they_are(value: str, shown: str) -> None:
    assert quoted(value) == shown


def test_a_long_value_is_cut() -> None:
    assert quoted("x" * 100, limit=10) == "'" + "x" * 9 + "…'"
    assert quoted("x" * 10, limit=10) == "'" + "x" * 10 + "'"
