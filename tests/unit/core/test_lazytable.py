"""LazyTable builds an entry when it is first asked for, once."""

from __future__ import annotations

import pytest

from urlinspector.core.lazytable import LazyTable


def test_an_entry_is_built_on_its_first_lookup_and_kept() -> None:
    built: list[str] = []

    def build(key: str) -> str:
        built.append(key)
        return key.upper()

    table = LazyTable(build)
    assert dict(table) == {}
    assert table["a"] == "A"
    assert table["a"] == "A"
    assert table["b"] == "B"
    assert built == ["a", "b"]
    assert dict(table) == {"a": "A", "b": "B"}
    assert "c" not in table  # (only a lookup builds)
    assert table.get("c") is None


def test_a_key_the_builder_refuses_is_not_kept() -> None:
    table = LazyTable({"a": 1}.__getitem__)
    with pytest.raises(KeyError):
        table["z"]
    assert dict(table) == {}
    assert table["a"] == 1
