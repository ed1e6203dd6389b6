"""Maps (MP10, MP1, MP7): validation with clear errors, normalisation, files, and the generator."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import duelhost
from duelhost.games.multiplanetary.maps import cell_xy, generate_map, mirror, normalise_map
from tests.games.multiplanetary.helpers import FIXED, fixed_map


def _edit(change: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    board = fixed_map()
    change(board)
    return board


def _planet(board: dict[str, Any], cell: str) -> dict[str, Any]:
    return next(p for p in board["planets"] if p["cell"] == cell)


def _drop(board: dict[str, Any], *cells: str) -> None:
    board["planets"] = [p for p in board["planets"] if p["cell"] not in cells]


BAD_MAPS: list[tuple[str, Any, str]] = [
    ("a list", [1, 2], "map: must be an object with a 'planets' list, got list"),
    ("unknown key", _edit(lambda b: b.update(name="x")), "unknown key 'name'"),
    ("planets not a list", {"planets": {}}, "'planets' must be a list"),
    ("planet not an object", _edit(lambda b: b["planets"].append(3)), "planet 15 must be an"),
    (
        "unknown planet key",
        _edit(lambda b: _planet(b, "C1").update(garrison=3)),
        "planet 3: unknown key 'garrison'",
    ),
    ("missing key", _edit(lambda b: _planet(b, "C1").pop("ships")), "planet 3 lacks 'ships'"),
    ("column K", _edit(lambda b: _planet(b, "C1").update(cell="K1")), "got 'K1'"),
    ("row 11", _edit(lambda b: _planet(b, "C1").update(cell="A11")), "got 'A11'"),
    ("cell not text", _edit(lambda b: _planet(b, "C1").update(cell=5)), "got 5"),
    ("size 0", _edit(lambda b: _planet(b, "C1").update(size=0)), "C1: size must be an integer"),
    ("size 6", _edit(lambda b: _planet(b, "C1").update(size=6)), "from 1 to 5, got 6"),
    ("size text", _edit(lambda b: _planet(b, "C1").update(size="3")), "got '3'"),
    ("size bool", _edit(lambda b: _planet(b, "C1").update(size=True)), "got True"),
    ("owner 2", _edit(lambda b: _planet(b, "C1").update(owner=2)), "owner must be 0, 1 or null"),
    ("owner text", _edit(lambda b: _planet(b, "C1").update(owner="red")), "got 'red'"),
    ("ships -1", _edit(lambda b: _planet(b, "C1").update(ships=-1)), "from 0 to 999 \\(MP7\\)"),
    ("ships 1000", _edit(lambda b: _planet(b, "C1").update(ships=1000)), "got 1000"),
    ("ships 2.5", _edit(lambda b: _planet(b, "C1").update(ships=2.5)), "got 2.5"),
    (
        "two on a cell",
        _edit(lambda b: b["planets"].append(dict(_planet(b, "C1")))),
        "two planets on C1",
    ),
    ("no home A1", _edit(lambda b: _drop(b, "A1", "J10")), "no home planet on A1"),
    (
        "home with ships",
        _edit(lambda b: _planet(b, "A1").update(ships=3)),
        "home planet on A1 must have size 5, owner 0 and 0 ships",
    ),
    (
        "home of the wrong seat",
        _edit(lambda b: _planet(b, "J10").update(owner=0)),
        "home planet on J10 must have size 5, owner 1",
    ),
    (
        "home of size 4",
        _edit(lambda b: _planet(b, "J10").update(size=4)),
        "got size 4, owner 1, 0 ships",
    ),
    (
        "owned non-home planet",
        _edit(lambda b: (_planet(b, "C1").update(owner=0), _planet(b, "H10").update(owner=1))),
        "planet C1 is owned by 0",
    ),
    (
        "only 8 other planets",
        _edit(lambda b: _drop(b, "E1", "F10", "A5", "J6")),
        "8 planets besides the homes; MP10 needs at least 10",
    ),
    (
        "no mirror",
        _edit(lambda b: _planet(b, "C1").update(cell="D1")),
        "planet D1 has no mirror planet on G10",
    ),
    (
        "mirror of another size",
        _edit(lambda b: _planet(b, "H10").update(size=2)),
        "planet C1 \\(size 1, 5 ships\\) and its mirror H10 \\(size 2, 5 ships\\) differ",
    ),
    (
        "mirror with another garrison",
        _edit(lambda b: _planet(b, "H10").update(ships=6)),
        "and its mirror H10 \\(size 1, 6 ships\\) differ",
    ),
]


@pytest.mark.parametrize(("case", "board", "message"), BAD_MAPS, ids=[c[0] for c in BAD_MAPS])
def test_mp10_bad_maps_are_config_errors(case: str, board: Any, message: str) -> None:
    with pytest.raises(duelhost.ConfigError, match=message):
        normalise_map(board)
    with pytest.raises(duelhost.ConfigError, match=message):
        duelhost.load("multiplanetary").new(seed=1, map=board)


def test_mp10_the_fixed_map_is_valid_and_normalised_in_column_then_row_order() -> None:
    board = fixed_map()
    board["planets"].reverse()
    _planet(board, "C1")["cell"] = "c1"
    normal = normalise_map(board)
    cells = [p["cell"] for p in normal["planets"]]
    assert cells == sorted(cells, key=lambda c: cell_xy(c) or (0, 0))
    assert cells[0] == "A1" and cells[-1] == "J10" and "C1" in cells
    assert normalise_map(normal) == normal
    assert sorted(map(json.dumps, normal["planets"])) == sorted(map(json.dumps, FIXED["planets"]))


def test_mp10_map_from_json_text_and_file(tmp_path: Path) -> None:
    expected = normalise_map(fixed_map())
    assert normalise_map(json.dumps(FIXED)) == expected
    file = tmp_path / "map.json"
    file.write_text(json.dumps(FIXED), encoding="utf-8")
    game = duelhost.load("multiplanetary")
    for form in (str(file), file, json.dumps(FIXED), fixed_map()):
        state = game.new(seed=3, map=form)
        assert state.setup == {"map": expected}  # the record holds the normalised dict
        assert state.record.setup["map"] == expected


def test_mp10_bad_map_files(tmp_path: Path) -> None:
    game = duelhost.load("multiplanetary")
    with pytest.raises(duelhost.ConfigError, match=r"map file '.*nothing\.json' not found"):
        game.new(seed=1, map=str(tmp_path / "nothing.json"))
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    with pytest.raises(duelhost.ConfigError, match=r"broken\.json' is not valid JSON"):
        game.new(seed=1, map=str(broken))
    with pytest.raises(duelhost.ConfigError, match="map: not valid JSON"):
        normalise_map("{broken")


def test_g6_a_match_without_a_map_plays_the_map_generated_from_its_seed() -> None:
    game = duelhost.load("multiplanetary")
    state = game.new(seed=42)
    assert state.setup == {"map": generate_map(42)}
    cells = [p["cell"] for p in state.view()["planets"]]
    assert cells == [p["cell"] for p in generate_map(42)["planets"]]
    assert generate_map(42) == generate_map(42)
    assert len({json.dumps(generate_map(seed)) for seed in range(10)}) == 10


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**63))
def test_mp10_generated_maps_are_valid_fair_and_symmetric(seed: int) -> None:
    board = generate_map(seed)
    assert normalise_map(board) == board  # passes every validation check
    planets = {cell_xy(p["cell"]): p for p in board["planets"]}
    assert len(planets) == len(board["planets"])  # never two planets on one cell
    assert planets[(1, 1)] == {"cell": "A1", "size": 5, "owner": 0, "ships": 0}
    assert planets[(10, 10)] == {"cell": "J10", "size": 5, "owner": 1, "ships": 0}
    others = [p for xy, p in planets.items() if xy not in ((1, 1), (10, 10))]
    assert 10 <= len(others) <= 16
    assert len({p["size"] for p in others}) >= 3  # mixed sizes
    for (x, y), p in planets.items():
        assert x is not None and y is not None
        twin = planets[mirror(x, y)]
        assert twin["size"] == p["size"] and twin["ships"] == p["ships"]
        expected_owner = None if p["owner"] is None else 1 - p["owner"]
        assert twin["owner"] == expected_owner
    for p in others:
        assert p["owner"] is None
        assert 2 + 2 * p["size"] <= p["ships"] <= 5 + 5 * p["size"]  # garrisons by size


@pytest.mark.parametrize(
    ("given", "message"),
    [
        pytest.param("\x00", "cannot be read: embedded null byte", id="nul"),
        pytest.param("   ", "map: the text is empty", id="blank"),
    ],
)
def test_mp10_unreadable_map_text_is_a_config_error(given: str, message: str) -> None:
    """Review: a map path with a NUL character raised a bare ValueError (and a blank text
    tried to read the current directory) instead of a ConfigError."""
    with pytest.raises(duelhost.ConfigError, match=message):
        duelhost.load("multiplanetary").new(seed=1, map=given)


def test_mp10_map_json_nested_too_deep_is_a_config_error(tmp_path: Path) -> None:
    """Review: JSON nested beyond Python's recursion limit raised RecursionError."""
    deep = "[" * 100_000 + "]" * 100_000
    with pytest.raises(duelhost.ConfigError, match="map: not valid JSON"):
        normalise_map('{"planets": ' + deep + "}")
    file = tmp_path / "deep.json"
    file.write_text(deep, encoding="utf-8")
    with pytest.raises(duelhost.ConfigError, match=r"deep\.json' is not valid JSON"):
        duelhost.load("multiplanetary").new(seed=1, map=str(file))
