"""The node cache and copy-on-write drivers of ``duelhost.openspiel`` (issue 27's speed goal).

A game that declares ``NODE_CACHE`` (Goofspiel) keeps every node reached; applying an action
met before copies the kept child. These tests walk the same paths with the cache on and off
(a game whose ``Shared`` has no cache) and compare every node, and check that clones sharing a
driver never see each other's moves.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the research extra (open_spiel) is not installed")

import duelhost.openspiel  # noqa: E402,F401
from duelhost.openspiel.game import Shared  # noqa: E402

NAME = "duelhost_goofspiel(galaxies=1,planets=4,max_replays=0)"


def _without_cache() -> Any:
    game = pyspiel.load_game(NAME)
    game.shared.nodes = None
    game.shared.strings = None
    return game


def _walk(game: Any, seed: int) -> list[tuple[object, ...]]:
    """A random path from the start: at every node, who acts, the legal actions, both
    information-state strings, the returns and the engine's view for a spectator."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    seen = []
    while True:
        player = state.current_player()
        node: tuple[object, ...] = (player, str(state), tuple(state.returns()))
        if not state.is_terminal():
            node += tuple(
                state.information_state_string(p)
                for p in (0, 1)
                if player != pyspiel.PlayerId.CHANCE
            )
        seen.append(node)
        if state.is_terminal():
            return seen
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in (0, 1)])


def test_the_cache_is_declared_by_goofspiel_only_here() -> None:
    assert pyspiel.load_game(NAME).shared.nodes == {}
    assert pyspiel.load_game("duelhost_warriors_death").shared.nodes is None


def test_walks_through_kept_nodes_see_what_fresh_walks_see() -> None:
    cached, fresh = pyspiel.load_game(NAME), _without_cache()
    for seed in range(60):  # seeds repeat paths' beginnings: many nodes come from the cache
        assert _walk(cached, seed % 20) == _walk(fresh, seed % 20)
    assert isinstance(cached.shared, Shared)
    assert cached.shared.nodes is not None and len(cached.shared.nodes) > 0


def test_clones_sharing_a_driver_never_see_each_others_moves() -> None:
    game = pyspiel.load_game(NAME)
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[0][0])
    twin = state.clone()
    assert twin.driver is state.driver  # shared until one of them changes
    state.apply_actions([3, 0])
    kept = state.node
    twin.apply_actions([0, 3])
    assert twin.driver is not state.driver
    assert state.driver.state.view(0)["rounds"][-1]["fleets"] == [4, 1]
    assert twin.driver.state.view(0)["rounds"][-1]["fleets"] == [1, 4]
    again = twin.clone()
    again_before = str(again)
    state.apply_action(state.chance_outcomes()[0][0])
    twin.apply_action(twin.chance_outcomes()[-1][0])
    assert str(again) == again_before
    # The kept child of the first move, reached again, is the same node as before.
    other = game.new_initial_state()
    other.apply_action(other.chance_outcomes()[0][0])
    other.apply_actions([3, 0])
    assert other.node == kept != twin.node
    assert other.driver.state.view(0)["rounds"][-1]["fleets"] == [4, 1]


def test_cfr_gives_the_same_policy_with_and_without_the_cache() -> None:
    from open_spiel.python.algorithms import cfr

    name = "duelhost_goofspiel(galaxies=1,planets=3,max_replays=0)"
    cached = pyspiel.convert_to_turn_based(pyspiel.load_game(name))
    plain_game = pyspiel.load_game(name)
    plain_game.shared.nodes = None
    plain_game.shared.strings = None
    plain = pyspiel.convert_to_turn_based(plain_game)
    solvers = [cfr.CFRSolver(cached), cfr.CFRSolver(plain)]
    for _ in range(2):
        for solver in solvers:
            solver.evaluate_and_update_policy()
    first, second = (solver.average_policy().to_tabular() for solver in solvers)
    assert first.state_lookup == second.state_lookup
    assert (first.action_probability_array == second.action_probability_array).all()


def test_the_cfr_benchmark_times_both_solvers_on_both_games() -> None:
    from duelhost.games.goofspiel.cfr_bench import compare

    rows = compare(cards=3, iterations=1)
    assert [row[0] for row in rows] == ["Python CFRSolver", "C++ CFRSolver"]
    assert all(value > 0 for row in rows for value in row[1:])
