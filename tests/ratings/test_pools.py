"""Rating pools come from the games' declarations (``GameSpec.rating_pool``): Goofspiel's seven
galaxies are its main pool, classic N-card Goofspiel and other sizes are rated apart; a game that
declares nothing is one pool; a pool of no game is refused."""

from __future__ import annotations

import dataclasses

import pytest

from duelhost.core.errors import ConfigError
from duelhost.core.registry import spec
from duelhost.ratings.pools import game_of, pool_key, pool_of


def test_goofspiel_variants_are_rated_apart() -> None:
    assert pool_of("goofspiel", {}) == "goofspiel"
    assert pool_of("goofspiel", {"max_replays": 2, "galaxy_order": "ABCDEFG"}) == "goofspiel"
    assert pool_of("goofspiel", {"galaxies": 1, "planets": 13}) == "goofspiel.classic-13"
    assert pool_of("goofspiel", {"galaxies": 1, "planets": 5}) == "goofspiel.classic-5"
    assert pool_of("goofspiel", {"galaxies": 3, "planets": 5}) == "goofspiel.3x5"
    assert pool_of("goofspiel", {"show_history": False}) == "goofspiel.no-notes"
    no_notes = {"galaxies": 1, "planets": 13, "show_history": False}
    assert pool_of("goofspiel", no_notes) == "goofspiel.classic-13-no-notes"


def test_a_game_without_variants_is_one_pool() -> None:
    assert spec("tactic").rating_pool is None
    assert pool_of("tactic", {}) == "tactic"


def test_a_bad_declaration_or_pool_is_a_clear_error() -> None:
    broken = dataclasses.replace(spec("tactic"), rating_pool=lambda options: "Not A Label!")
    with pytest.raises(ConfigError, match="variant label"):
        pool_key(broken, {})
    assert game_of("goofspiel.classic-13") == "goofspiel"
    for bad in ("chess", "goofspiel.", "goofspiel.UPPER", ""):
        with pytest.raises(ConfigError, match="no such rating pool"):
            game_of(bad)
    with pytest.raises(ConfigError):
        pool_of("goofspiel", {"galaxies": 99})
