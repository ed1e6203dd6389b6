"""duelhost's games as OpenSpiel games: OpenSpiel's own checks and its algorithms.

``random_sim_test`` runs on every game, on configurations that keep it to a few seconds each:
classic 7x7 Goofspiel (one simulation), A Warrior's Death (two), Generalissimo with
``no_capture_turns=3`` (one), /TACTIC/ and Tactical Genius (one each), Multiplanetary with
``max_ticks=40`` and four maps (two). The cross-checks against OpenSpiel's own ``goofspiel``
use classic Goofspiel with 3 and 4 cards (nash_conv) and 3 cards (the sequence-form LP).
"""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the research extra (open_spiel) is not installed")

import duelhost.openspiel  # noqa: E402
from duelhost.envs import Driver, load_encoding  # noqa: E402

SIMS = [
    ("duelhost_goofspiel", 1),
    ("duelhost_goofspiel(galaxies=2,planets=3,max_replays=2)", 3),
    ("duelhost_warriors_death", 2),
    ("duelhost_generalissimo(no_capture_turns=3)", 1),
    ("duelhost_tactic", 1),
    ("duelhost_multiplanetary(max_ticks=40,maps=4)", 2),
    ("duelhost_tactical_genius", 1),
]


@pytest.mark.parametrize(("name", "sims"), SIMS)
def test_random_sim_test(name: str, sims: int) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=False, verbose=False)


def test_every_game_is_registered_with_its_type() -> None:
    names = duelhost.openspiel.register()
    assert names == [f"duelhost_{name}" for name in duelhost.list_games()]
    dynamics = pyspiel.GameType.Dynamics
    chance = pyspiel.GameType.ChanceMode
    information = pyspiel.GameType.Information
    expected = {
        "generalissimo": (
            dynamics.SEQUENTIAL,
            chance.DETERMINISTIC,
            information.PERFECT_INFORMATION,
        ),
        "goofspiel": (
            dynamics.SIMULTANEOUS,
            chance.EXPLICIT_STOCHASTIC,
            information.IMPERFECT_INFORMATION,
        ),
        "multiplanetary": (
            dynamics.SIMULTANEOUS,
            chance.EXPLICIT_STOCHASTIC,
            information.IMPERFECT_INFORMATION,
        ),
        "tactic": (dynamics.SIMULTANEOUS, chance.DETERMINISTIC, information.IMPERFECT_INFORMATION),
        "tactical_genius": (
            dynamics.SIMULTANEOUS,
            chance.EXPLICIT_STOCHASTIC,
            information.IMPERFECT_INFORMATION,
        ),
        "warriors_death": (
            dynamics.SIMULTANEOUS,
            chance.DETERMINISTIC,
            information.IMPERFECT_INFORMATION,
        ),
    }
    for name, (dyn, mode, info) in expected.items():
        game_type = pyspiel.load_game(f"duelhost_{name}").get_type()
        assert (game_type.dynamics, game_type.chance_mode, game_type.information) == (
            dyn,
            mode,
            info,
        )
        assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM


def test_actions_are_the_encoding_indices() -> None:
    game = pyspiel.load_game("duelhost_warriors_death")
    state = game.new_initial_state()
    assert state.legal_actions(0) == list(range(27))
    assert state.action_to_string(0, 26) == "Black Mage"
    state.apply_actions([26, 0])  # Black Mage beats a Chocobo
    assert state.legal_actions(0)[-1] == 25 and game.num_distinct_actions() == 27


def test_goofspiel_chance_draws_worths_when_they_are_revealed() -> None:
    game = pyspiel.load_game("duelhost_goofspiel(galaxies=1,planets=3,max_replays=0)")
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(0, 1.0)]  # the value
    state.apply_action(0)
    assert state.chance_outcomes() == [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]  # round 1's worth
    state.apply_action(1)
    view = state.driver.state.view(0)
    assert view["worth"] == 2 and state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    state.apply_actions([2, 0])  # 3 beats 1: seat 0 wins worth 2
    assert [o for o, _ in state.chance_outcomes()] == [0, 2]
    state.apply_action(2)
    assert state.driver.state.view(1)["points"] == [2, 0]
    assert state.driver.state.view(1)["worth"] == 3


def test_information_states_come_from_views() -> None:
    game = pyspiel.load_game("duelhost_warriors_death")
    a = game.new_initial_state()
    b = game.new_initial_state()
    a.apply_actions([11, 0])  # Blue Mage as Chocobo, against a Chocobo
    b.apply_actions([0, 0])  # a Chocobo against a Chocobo: seat 1 sees the same
    assert a.information_state_string(1) == b.information_state_string(1)
    assert a.information_state_string(0) != b.information_state_string(0)
    assert a.observation_tensor(1) == b.observation_tensor(1)
    encoding = load_encoding(duelhost.load("warriors_death"))
    assert a.observation_tensor(0) == pytest.approx(encoding.observe(a.driver.state.view(0), ()))
    assert len(a.information_state_string(0)) < 2000


def _classic(cards: int) -> tuple[object, object]:
    from open_spiel.python import policy  # noqa: F401

    ours = pyspiel.convert_to_turn_based(
        pyspiel.load_game(f"duelhost_goofspiel(galaxies=1,planets={cards},max_replays=0)")
    )
    theirs = pyspiel.convert_to_turn_based(
        pyspiel.load_game(
            f"goofspiel(num_cards={cards},imp_info=False,points_order=random,returns_type=win_loss)"
        )
    )
    return ours, theirs


@pytest.mark.parametrize("cards", [3, 4])
def test_uniform_policy_nash_conv_matches_openspiel_goofspiel(cards: int) -> None:
    from open_spiel.python import policy
    from open_spiel.python.algorithms import exploitability

    ours, theirs = _classic(cards)
    mine = exploitability.nash_conv(ours, policy.UniformRandomPolicy(ours))
    reference = exploitability.nash_conv(theirs, policy.UniformRandomPolicy(theirs))
    assert mine == pytest.approx(reference, abs=1e-9)
    assert mine > 0.1


@pytest.mark.parametrize("cards", [3, 4])
def test_sequence_form_lp_value_matches_openspiel_goofspiel(cards: int) -> None:
    pytest.importorskip("cvxpy", reason="the research extra (cvxpy) is not installed")
    from open_spiel.python.algorithms import sequence_form_lp

    ours, theirs = _classic(cards)
    mine = sequence_form_lp.solve_zero_sum_game(ours, solver="ECOS")[0]
    reference = sequence_form_lp.solve_zero_sum_game(theirs, solver="ECOS")[0]
    assert mine == pytest.approx(reference, abs=1e-6)
    assert mine == pytest.approx(0.0, abs=1e-6)  # a symmetric game: value 0


def test_a_decision_without_choice_is_no_node() -> None:
    """The last round of classic Goofspiel (one card left each) is played by the adapter, as
    OpenSpiel's goofspiel plays it: 3 cards give 3 + 3*9*2 = 57 information sets per player
    (first round: the worth shown; second: that worth, both bids, the next worth), not
    57 + 54*4 = 273 with the forced third round as nodes."""
    from open_spiel.python.algorithms import get_all_states

    ours, _ = _classic(3)
    states = get_all_states.get_all_states(
        ours, include_terminals=False, include_chance_states=False
    )
    infosets: list[set[str]] = [set(), set()]
    for state in states.values():
        player = state.current_player()
        infosets[player].add(state.information_state_string(player))
    assert [len(found) for found in infosets] == [57, 57]
    state = pyspiel.load_game(
        "duelhost_goofspiel(galaxies=1,planets=2,max_replays=0)"
    ).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_actions([1, 0])  # fleet 2 against fleet 1: the last round is forced
    assert state.is_chance_node() and len(state.chance_outcomes()) == 1  # the last worth
    state.apply_action(state.chance_outcomes()[0][0])
    assert state.is_terminal()
    assert state.driver.state.view(0)["rounds"][-1]["fleets"] == [1, 2]


def test_cfr_plus_converges() -> None:
    from open_spiel.python.algorithms import cfr, exploitability

    ours, _ = _classic(3)
    solver = cfr.CFRPlusSolver(ours)
    curve = []
    for iteration in range(1, 151):
        solver.evaluate_and_update_policy()
        if iteration % 50 == 0:
            curve.append(exploitability.nash_conv(ours, solver.average_policy()))
    assert curve[-1] < 0.01
    assert curve[-1] < curve[0]


def test_mcts_bot_plays_a_generalissimo_match_to_its_end() -> None:
    import numpy as np
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game("duelhost_generalissimo(no_capture_turns=2)")
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=evaluator, random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        moves += 1
    assert moves > 4
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    assert state.driver.state.is_over


def test_drivers_copy_independently() -> None:
    game = duelhost.load("goofspiel", galaxies=1, planets=3)
    driver = Driver(game, load_encoding(game), 1)
    copy = Driver.restore(driver)
    copy.act(0, 2)
    assert driver.state.to_act == (0, 1) and copy.state.to_act == (1,)


@pytest.mark.parametrize("name", ["tactic", "multiplanetary", "tactical_genius"])
def test_no_information_state_tensor_stands_in_silently(name: str) -> None:
    """Games that declare no information-state tensor raise when asked for one instead of
    handing back the observation tensor (which holds no history); rl_environment then uses
    the observation tensor, as OpenSpiel documents for such games."""
    from open_spiel.python import rl_environment

    game = pyspiel.load_game(f"duelhost_{name}")
    assert not game.get_type().provides_information_state_tensor
    state = game.new_initial_state()
    with pytest.raises(NotImplementedError, match="no information-state tensor"):
        state.information_state_tensor(0)
    assert state.information_state_string(0).startswith(("{", "start"))  # start: chance first
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    step = rl_environment.Environment(game).reset()
    assert len(step.observations["info_state"][0]) == game.observation_tensor_size()


def _turn_based(cards: int, imp_info: bool, ours: bool) -> object:
    if ours:
        name = (
            f"duelhost_goofspiel(galaxies=1,planets={cards},max_replays=0,"
            f"infostate=openspiel,imp_info={imp_info})"
        )
    else:
        name = (
            f"goofspiel(num_cards={cards},imp_info={imp_info},points_order=random,"
            "returns_type=win_loss)"
        )
    return pyspiel.convert_to_turn_based(pyspiel.load_game(name))


def _cfr_tables(game: object, iterations: int) -> tuple[list[float], dict[str, object]]:
    solver = pyspiel.CFRSolver(game)
    curve = []
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
        curve.append(pyspiel.nash_conv(game, solver.average_policy()) if iterations > 2 else 0)
    table = solver.tabular_average_policy().policy_table()
    return curve, {key: dict(value) for key, value in table.items()}


@pytest.mark.parametrize("imp_info", [False, True])
def test_cfr_matches_openspiel_goofspiel_iteration_by_iteration_3_cards(imp_info: bool) -> None:
    """With OpenSpiel's information state (``infostate=openspiel``) the partition is
    OpenSpiel's, so CFR makes the same policy, information set by information set (the same
    keys: OpenSpiel's own text), and the same NashConv at every iteration."""
    mine, my_table = _cfr_tables(_turn_based(3, imp_info, ours=True), 5)
    theirs, their_table = _cfr_tables(_turn_based(3, imp_info, ours=False), 5)
    assert mine == pytest.approx(theirs, abs=1e-12)
    assert mine[0] == pytest.approx(4 / 3)  # the uniform policy's, as before any update
    assert mine[-1] < mine[0]
    assert my_table.keys() == their_table.keys()
    for key, policy in their_table.items():
        assert my_table[key] == pytest.approx(policy, abs=1e-12), key


@pytest.mark.slow
def test_cfr_matches_openspiel_goofspiel_iteration_by_iteration_4_cards() -> None:
    """4 cards: 3,028 information sets per player in both (the view-based default has 3,652:
    docs/research.md); after each of two CFR iterations the average policies are equal."""
    ours = _turn_based(4, False, ours=True)
    theirs = _turn_based(4, False, ours=False)
    mine = pyspiel.CFRSolver(ours)
    reference = pyspiel.CFRSolver(theirs)
    for _ in range(2):
        mine.evaluate_and_update_policy()
        reference.evaluate_and_update_policy()
        my_table = mine.tabular_average_policy().policy_table()
        their_table = reference.tabular_average_policy().policy_table()
        assert len(my_table) == len(their_table) == 2 * 3028
        for key, policy in their_table.items():
            assert dict(my_table[key]) == pytest.approx(dict(policy), abs=1e-12), key


def test_goofspiel_points_order_and_returns_type() -> None:
    """Descending order: prizes 3, 2, 1 and no chance node. Bids (action i = card i + 1):
    3 vs 2 (seat 0 takes 3), 2 vs 1 (seat 0 takes 2), then the forced 1 vs 3 (seat 1 takes 1):
    scores 5 and 1, so point_difference gives 4 / -4, total_points 5 / 1, win_loss 1 / -1."""
    expected = {
        "point_difference": [4.0, -4.0],
        "total_points": [5.0, 1.0],
        "win_loss": [1.0, -1.0],
    }
    for returns_type, returns in expected.items():
        game = pyspiel.load_game(
            f"duelhost_goofspiel(galaxies=1,planets=3,max_replays=0,"
            f"points_order=descending,returns_type={returns_type})"
        )
        state = game.new_initial_state()
        assert not state.is_chance_node() and state.driver.state.view(0)["worth"] == 3
        state.apply_actions([2, 1])
        assert state.driver.state.view(0)["worth"] == 2
        state.apply_actions([1, 0])
        assert state.is_terminal() and state.returns() == returns
    kind = pyspiel.load_game(
        "duelhost_goofspiel(galaxies=1,planets=3,max_replays=0,returns_type=total_points)"
    )
    assert kind.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert (kind.min_utility(), kind.max_utility()) == (0.0, 6.0)
    ascending = pyspiel.load_game("duelhost_goofspiel(galaxies=1,planets=3,points_order=ascending)")
    state = ascending.new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS  # no chance node
    assert state.driver.state.view(0)["worth"] == 1
    with pytest.raises(duelhost.ConfigError, match="points_order must be one of random"):
        pyspiel.load_game("duelhost_goofspiel(points_order=shuffled)")
    with pytest.raises(duelhost.ConfigError, match="is for classic Goofspiel"):
        pyspiel.load_game("duelhost_goofspiel(infostate=openspiel)")
