"""JSON Patch between two views (``duelhost.host.patch``): the operations worked out by hand,
and applying them gives the new value back."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from duelhost.host.patch import apply, diff


def test_changed_keys_appended_items_and_removed_keys() -> None:
    old = {"a": 1, "b": [1, 2], "c": {"x": "y"}, "d": 0}
    new = {"a": 2, "b": [1, 2, 3], "c": {}, "d": 0, "f": None}
    assert diff(old, new) == [
        {"op": "replace", "path": "/a", "value": 2},
        {"op": "add", "path": "/b/-", "value": 3},
        {"op": "remove", "path": "/c/x"},
        {"op": "add", "path": "/f", "value": None},
    ]


def test_keys_with_slash_and_tilde_are_escaped_rfc6901() -> None:
    assert diff({"d/e": 0, "t~": 0}, {"d/e": 1, "t~": 2}) == [
        {"op": "replace", "path": "/d~1e", "value": 1},
        {"op": "replace", "path": "/t~0", "value": 2},
    ]
    assert apply({"d/e": 0, "t~": 0}, diff({"d/e": 0, "t~": 0}, {"d/e": 1, "t~": 2})) == {
        "d/e": 1,
        "t~": 2,
    }


def test_a_shorter_array_loses_its_last_items_from_the_end() -> None:
    assert diff({"l": [1, 2, 3]}, {"l": [1]}) == [
        {"op": "remove", "path": "/l/2"},
        {"op": "remove", "path": "/l/1"},
    ]


def test_arrays_of_one_length_are_compared_item_by_item_others_replaced() -> None:
    assert diff([[1], [2]], [[1], [3]]) == [{"op": "replace", "path": "/1/0", "value": 3}]
    assert diff({"l": [1, 2]}, {"l": [3, 4, 5]}) == [
        {"op": "replace", "path": "/l", "value": [3, 4, 5]}
    ]


def test_a_leaf_that_changes_type_is_replaced_even_when_python_calls_it_equal() -> None:
    assert diff({"a": 1}, {"a": True}) == [{"op": "replace", "path": "/a", "value": True}]
    assert diff({"a": 1}, {"a": 1.5}) == [{"op": "replace", "path": "/a", "value": 1.5}]


def test_equal_values_give_no_operation_and_the_whole_document_is_replaced_at_the_root() -> None:
    assert diff({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2}]}) == []
    assert diff(1, "x") == [{"op": "replace", "path": "", "value": "x"}]
    assert apply(1, [{"op": "replace", "path": "", "value": "x"}]) == "x"


@pytest.mark.parametrize(
    ("doc", "op", "message"),
    [
        ({"a": 1}, {"op": "replace", "path": "/b", "value": 2}, "no value to replace at '/b'"),
        ({"a": 1}, {"op": "remove", "path": "/b"}, "no value to remove at '/b'"),
        ({"a": [1, 2]}, {"op": "remove", "path": "/a/0"}, "only an array's last item"),
        ({"a": [1]}, {"op": "replace", "path": "/a/5", "value": 0}, "no array item '5'"),
        ({"a": 1}, {"op": "add", "path": "/a/b", "value": 0}, "no object or array holds"),
        ({"a": 1}, {"op": "move", "path": "/a"}, "unknown operation 'move'"),
        ({"a": 1}, {"op": "add", "path": "a", "value": 0}, "starts with '/'"),
    ],
)
def test_operations_that_do_not_fit_are_refused(
    doc: dict[str, Any], op: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        apply(doc, [op])


# JSON values without booleans: Python takes True for 1 in containers it compares whole (the
# limit the module docstring states); leaves of another type are tested above.
leaves = st.none() | st.integers(-5, 5) | st.text("ab/~", max_size=3)
values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text("ab/~", max_size=2), inner),
    max_leaves=20,
)


@given(values, values)
def test_applying_the_diff_gives_the_new_value(old: Any, new: Any) -> None:
    mine = json.loads(json.dumps(old))
    # Objects are compared without their keys' order (JSON gives it no meaning).
    assert json.dumps(apply(mine, diff(old, new)), sort_keys=True) == json.dumps(
        new, sort_keys=True
    )
