"""JSON Patch between two views (``duelhost.host.patch``): the operations worked out by hand,
and applying them gives the new view back."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from duelhost.host.patch import apply, diff


def test_changed_keys_appended_items_and_removed_keys() -> None:
    old = {"a": 1, "b": [1, 2], "c": {"x": "y"}, "d": 0, "g": []}
    new = {"a": 2, "b": [1, 2, 3, 4], "d": 0, "f": None, "g": [{"h": 1}]}
    assert diff(old, new) == [
        {"op": "remove", "path": "/c"},
        {"op": "replace", "path": "/a", "value": 2},
        {"op": "add", "path": "/b/-", "value": 3},
        {"op": "add", "path": "/b/-", "value": 4},
        {"op": "add", "path": "/f", "value": None},
        {"op": "add", "path": "/g/-", "value": {"h": 1}},
    ]


def test_a_nested_change_replaces_the_top_level_value() -> None:
    old = {"fleets": {"0": {"1": 2, "2": 5}}, "rounds": [[1], [2]]}
    new = {"fleets": {"0": {"1": 1, "2": 5}}, "rounds": [[1], [3]]}
    assert diff(old, new) == [
        {"op": "replace", "path": "/fleets", "value": {"0": {"1": 1, "2": 5}}},
        {"op": "replace", "path": "/rounds", "value": [[1], [3]]},
    ]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ([1, 2], [1, 3, 4]),  # longer, but an old item changed
        ([[1]], [[1, 2]]),  # an item grew, no item was added
        ([1, 2], [1]),  # shorter
    ],
)
def test_an_array_is_appended_to_only_when_its_old_items_stay_as_they_were(
    old: list[Any], new: list[Any]
) -> None:
    assert diff({"l": old}, {"l": new}) == [{"op": "replace", "path": "/l", "value": new}]


def test_keys_with_slash_and_tilde_are_escaped_rfc6901() -> None:
    ops = diff({"d/e": 0, "t~": [0]}, {"d/e": 1, "t~": [0, 2]})
    assert ops == [
        {"op": "replace", "path": "/d~1e", "value": 1},
        {"op": "add", "path": "/t~0/-", "value": 2},
    ]
    assert apply({"d/e": 0, "t~": [0]}, ops) == {"d/e": 1, "t~": [0, 2]}


def test_a_top_level_value_of_another_type_is_a_change_even_if_python_calls_it_equal() -> None:
    assert diff({"a": 1, "b": 1}, {"a": True, "b": 1.0}) == [
        {"op": "replace", "path": "/a", "value": True},
        {"op": "replace", "path": "/b", "value": 1.0},
    ]
    assert diff({"a": [1, {"b": 2}]}, {"a": [1, {"b": 2}]}) == []


def test_apply_takes_nested_paths_array_items_and_the_root() -> None:
    doc = {"a": {"b": [1, 2, 3]}}
    ops = [
        {"op": "replace", "path": "/a/b/0", "value": 9},
        {"op": "remove", "path": "/a/b/2"},
        {"op": "add", "path": "/a/c", "value": "x"},
    ]
    assert apply(doc, ops) == {"a": {"b": [9, 2], "c": "x"}}
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


# Python's == takes true, 1 and 1.0 for equal inside an array or object, and the diff compares
# with it (patch.py's docstring: a game's view keeps each place's type, so no view turns true
# into 1). The leaves are of kinds == keeps apart - null, integers, strings - or the property
# fails on a draw that no view makes (found by a random-order run: [..., false] -> [..., 0]).
leaves = st.none() | st.integers(-5, 5) | st.text("a,[]", max_size=3)
values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text("ab", max_size=2), inner),
    max_leaves=20,
)
views = st.dictionaries(st.text("ab/~", max_size=2), values, max_size=5)


@given(views, views)
def test_applying_the_diff_gives_the_new_view(old: dict[str, Any], new: dict[str, Any]) -> None:
    mine = json.loads(json.dumps(old))
    # The same JSON text, key order aside (JSON gives it no meaning).
    assert json.dumps(apply(mine, diff(old, new)), sort_keys=True) == json.dumps(
        new, sort_keys=True
    )


@given(views, st.lists(values, min_size=1, max_size=3))
def test_a_grown_array_gives_one_add_per_new_item(old: dict[str, Any], more: list[Any]) -> None:
    old = {**old, "h": [1, "a"]}
    new = {**old, "h": [1, "a", *more]}
    assert diff(old, new) == [{"op": "add", "path": "/h/-", "value": v} for v in more]
