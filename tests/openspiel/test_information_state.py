"""Information-state tensors (the seat's whole history) of Goofspiel and A Warrior's Death.

Checked: the shape is constant at every node of random matches; histories that differ in
what the seat saw give different tensors; histories that differ only in what it did not see
give equal ones; rl_environment hands agents the information-state tensor.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the research extra (open_spiel) is not installed")

import duelhost  # noqa: E402
import duelhost.openspiel  # noqa: E402
from duelhost.games.goofspiel import openspiel as goofspiel_declared  # noqa: E402
from duelhost.games.goofspiel.state import GoofspielState  # noqa: E402
from duelhost.games.warriors_death import openspiel as warriors_declared  # noqa: E402
from duelhost.games.warriors_death.rules import clash  # noqa: E402
from duelhost.games.warriors_death.state import WarriorsDeathState  # noqa: E402

GAMES = [
    "duelhost_goofspiel(galaxies=1,planets=13,max_replays=0)",
    "duelhost_goofspiel(galaxies=2,planets=3,max_replays=2)",
    "duelhost_goofspiel(max_replays=1)",
    "duelhost_warriors_death(bouts=2,rounds=4)",
]


def _random_match(game: Any, seed: int) -> list[Any]:
    """Every node of one random match (chance outcomes and joint actions at random)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    nodes = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in (0, 1)])
        nodes.append(state.clone())
    return nodes


@pytest.mark.parametrize("name", GAMES)
def test_shape_is_constant_and_history_grows(name: str) -> None:
    game = pyspiel.load_game(name)
    assert game.get_type().provides_information_state_tensor
    size = game.information_state_tensor_size()
    assert game.information_state_tensor_shape() == [size]
    for seed in range(1 if "planets" not in name else 2):
        seen: list[list[float]] = []
        for state in _random_match(game, seed):
            for player in (0, 1):
                tensor = state.information_state_tensor(player)
                assert len(tensor) == size
                assert all(0.0 <= value <= 1.0 for value in tensor)
            if not state.is_chance_node():
                seen.append(state.information_state_tensor(0))
        # Every decision adds to seat 0's history: no two decision nodes look alike.
        assert len({tuple(t) for t in seen}) == len(seen)
        assert seen[-1][-1 if "goofspiel" in name else 0] == 1.0  # the match-over flag


def _after(game: Any, rounds: list[tuple[int, int]], chance: int = 0) -> Any:
    """The state after these joint actions, chance outcomes always the ``chance``-th."""
    state = game.new_initial_state()
    played = list(rounds)
    while played or state.is_chance_node():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[min(chance, len(outcomes) - 1)][0])
        else:
            state.apply_actions(list(played.pop(0)))
    return state


def test_goofspiel_what_the_seat_saw_and_did_not() -> None:
    game = pyspiel.load_game("duelhost_goofspiel(galaxies=1,planets=5,max_replays=0)")
    base = _after(game, [(2, 0), (0, 3)])
    # Own bid differs (seen): different for both seats, whose opponents' bids are public.
    other = _after(game, [(3, 0), (0, 3)])
    for player in (0, 1):
        assert base.information_state_tensor(player) != other.information_state_tensor(player)
    # A prize differs (seen): different.
    dealt = _after(game, [(2, 0), (0, 3)], chance=1)
    assert base.information_state_tensor(0) != dealt.information_state_tensor(0)
    # imp_info: the opponent's bids are hidden; only who won is seen.
    hidden = "duelhost_goofspiel(galaxies=1,planets=5,max_replays=0,infostate=openspiel,"
    secret = pyspiel.load_game(hidden + "imp_info=True)")
    open_bids = pyspiel.load_game(hidden + "imp_info=False)")
    for variant, equal in ((secret, True), (open_bids, False)):
        first = _after(variant, [(4, 1), (0, 3)])
        second = _after(variant, [(4, 2), (0, 3)])  # seat 1 bids 2 or 3: seat 0 wins either way
        same = first.information_state_tensor(0) == second.information_state_tensor(0)
        assert same is equal
        assert first.information_state_tensor(1) != second.information_state_tensor(1)


def test_goofspiel_undealt_prizes_are_not_in_the_tensor() -> None:
    """Engine matches from two seeds whose first round is dealt alike and whose later rounds
    differ: equal tensors before the first round, different once the second is dealt."""
    game = duelhost.load("goofspiel", galaxies=1, planets=6, max_replays=0)
    params = dict(goofspiel_declared.PARAMETERS)

    def tensor(state: GoofspielState) -> list[float]:
        return goofspiel_declared.information_state_tensor(state, 0, params)

    starts = [
        start for seed in range(40) if isinstance(start := game.new(seed=seed), GoofspielState)
    ]
    first = starts[0]
    twin = next(
        s
        for s in starts[1:]
        if s.current_worth() == first.current_worth() and s._round_worths != first._round_worths
    )
    assert tensor(first) == tensor(twin)
    for state in (first, twin):
        state.submit(0, "1")
        state.submit(1, "2")
    if first.current_worth() != twin.current_worth():
        assert tensor(first) != tensor(twin)


def test_warriors_death_equal_exactly_when_the_seat_saw_the_same() -> None:
    """After one round (and after two), seat 0's tensor is equal for two opponent plays
    exactly when its view (its information-state string) is: a Blue Mage's disguise and an
    Astrologian's prediction are hidden, the announced winner and the units shown are not."""
    game = pyspiel.load_game("duelhost_warriors_death(bouts=1,rounds=3)")
    for opening in ([], [(24, 22)]):
        for mine in (0, 5, 22):
            by_string: dict[str, tuple[float, ...]] = {}
            tensors = set()
            for theirs in _after(game, opening).legal_actions(1):
                state = _after(game, [*opening, (mine, theirs)])
                tensor = tuple(state.information_state_tensor(0))
                known = by_string.setdefault(state.information_state_string(0), tensor)
                assert known == tensor
                tensors.add(tensor)
            assert len(tensors) == len(by_string) > 5


def test_warriors_death_fates_replay_the_engine() -> None:
    """The own units' fates in the tensor come from replaying each bout through the rules;
    the replay gives the engine's own strengths and survivals, round by round."""
    game = duelhost.load("warriors_death", bouts=3, rounds=10)
    rng = random.Random(3)
    for seed in range(5):
        state = game.new(seed=seed)
        assert isinstance(state, WarriorsDeathState)
        while not state.is_over:
            for seat in (0, 1):
                state.submit(seat, rng.choice(state.legal(seat)))
        for bout in state._finished:
            boost = [0, 0, 0, 0]
            for record in bout.rounds:
                result = clash(record.units, record.seconds, record.revived, (boost[0], boost[2]))
                assert result.survives == record.survives
                assert result.death == record.death and result.winner == record.winner
                for side in (0, 1):
                    boost[2 * side] = boost[2 * side + 1] + result.voice[side]
                    boost[2 * side + 1] = result.voice[side]
        assert len(warriors_declared.information_state_tensor(state, 0, {})) == (
            warriors_declared.information_state_tensor_size(game.options, {})
        )


def test_rl_environment_feeds_the_information_state() -> None:
    from open_spiel.python import rl_environment

    for name in GAMES[:1] + GAMES[-1:]:
        game = pyspiel.load_game(name)
        step = rl_environment.Environment(game).reset()
        assert len(step.observations["info_state"][0]) == game.information_state_tensor_size()
        assert game.information_state_tensor_size() != game.observation_tensor_size()
