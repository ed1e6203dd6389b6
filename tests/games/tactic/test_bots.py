"""/TACTIC/'s levels: IS-MCTS from determinizations of the seat's view."""

from __future__ import annotations

import random

import pytest

import duelhost
from duelhost.bots import SeatHandle, available_bots, make_bot
from duelhost.bots.budget import Budget, using
from duelhost.games.tactic.search import determinize
from duelhost.games.tactic.state import TacticState
from tests.bots.levels import play
from tests.games.tactic.helpers import arena


def test_levels_are_listed() -> None:
    assert {"easy", "medium", "hard", "greedy", "random"} <= set(available_bots("tactic"))


def test_hard_beats_random_and_is_reproducible() -> None:
    # A random bot in its place wins each of these about half the time (the rest: losses).
    runs = []
    for seed in range(3):
        seats = ("hard", "random") if seed % 2 == 0 else ("random", "hard")
        state = play("tactic", seats, seed, nodes=3)
        assert state.winner is not None and seats[state.winner] == "hard"
        runs.append(state)
    assert play("tactic", ("hard", "random"), 0, nodes=3).to_json() == runs[0].to_json()


def test_medium_plays_a_legal_match() -> None:
    assert play("tactic", ("medium", "easy"), 7, nodes=20, max_turns=15).is_over


def _match_in_play(seed: int) -> duelhost.core.state.State:
    game = duelhost.load("tactic")
    state = game.new(seed=seed)
    bots = [make_bot("greedy", game, s, seed) for s in (0, 1)]
    while state.view()["phase"] != "play" or state.turn < 6:
        for seat in state.to_act:
            state.submit(seat, bots[seat].act(SeatHandle(state, seat)))
    return state


def test_determinized_state_agrees_with_the_view() -> None:
    state = _match_in_play(3)
    seat = state.to_act[0]
    rebuilt = determinize(SeatHandle(state, seat), random.Random(0))
    assert rebuilt is not None
    for key in ("board", "coins", "turn", "turn_seat", "quiet_turns", "factions", "phase"):
        assert rebuilt.view(seat)[key] == state.view(seat)[key]
    assert sorted(rebuilt.legal(seat)) == sorted(state.legal(seat))


def test_hidden_choices_are_drawn_not_read() -> None:
    """The other seat's secret faction and King are sampled: two matches that differ only in
    them give the seat the same determinizations."""
    game = duelhost.load("tactic")
    names = game.new(seed=0).legal(0)
    kings = []
    for other_faction in (names[0], names[-1]):
        state = game.new(seed=0)
        state.submit(1, other_faction)
        drawn = determinize(SeatHandle(state, 0), random.Random(5))
        assert drawn is not None
        kings.append(drawn.history)
    assert kings[0] == kings[1]
    state = game.new(seed=0)
    state.submit(0, names[0])
    state.submit(1, names[1])
    for king in state.legal(1):
        trial = state.clone()
        trial.submit(1, king)
        drawn = determinize(SeatHandle(trial, 0), random.Random(5))
        assert drawn is not None
        kings.append(drawn.history)
    assert kings[2] == kings[3]


def test_the_turn_clock_bounds_the_think_time() -> None:
    from duelhost.bots.budget import Budget
    from duelhost.games.tactic.search import within_clock

    assert within_clock(Budget(1.0), duelhost.load("tactic")) == Budget(1.0)
    assert within_clock(Budget(1.0), duelhost.load("tactic", turn_seconds=10)) == Budget(0.5)
    assert within_clock(Budget(1.0, 50), duelhost.load("tactic", turn_seconds=4)).nodes == 50


def test_evaluate_gives_the_roots_action_values() -> None:
    """The hard bot's ``evaluate`` for ``duelhost analyse``: seat 0's Striker (AT 2) stands
    next to the Order King with 1 HP left, so ``D3>D4`` kills it and wins at once: every
    iteration through it is worth exactly +1. The values are the root's means in [-1, 1], with
    the action ``act`` plays and the ``played`` one (a King step it may never have tried) at
    ``MIN_VISITS`` iterations or more."""
    state = arena(
        (0, "King:Abyss", "A1"),
        (0, "Striker", "D3"),
        (1, "King:Order", "D4", 4),
        (1, "Knight", "G7"),
        factions=("Abyss", "Order"),
    )
    handle = SeatHandle(state, 0)
    with using(Budget(nodes=30)):
        chosen = make_bot("hard", state.game, 0, 0).act(handle)
        bot = make_bot("hard", state.game, 0, 0)
        values = bot.evaluate(handle, played="A1-B1")
    assert values["D3>D4"] == 1.0
    assert chosen in values and values[chosen] == max(values.values())
    assert "A1-B1" in values
    assert set(values) <= set(state.legal(0))
    assert all(-1.0 <= value <= 1.0 for value in values.values())


def test_evaluate_forces_the_played_action_into_the_search() -> None:
    """With one iteration the root has tried a single action; the played one still gets
    iterations of its own and is reported beside it."""
    state = _match_in_play(3)
    seat = state.to_act[0]
    handle = SeatHandle(state, seat)
    legal = state.legal(seat)
    with using(Budget(nodes=1)):
        plain = make_bot("hard", state.game, seat, 3).evaluate(handle)
        played = next(text for text in legal if text not in plain)
        forced = make_bot("hard", state.game, seat, 3).evaluate(handle, played=played)
    assert len(plain) == 1  # the one action searched: the one act would play
    assert set(forced) == {*plain, played}


def test_evaluate_is_empty_when_the_view_cannot_be_rebuilt() -> None:
    """A view the rebuild cannot reproduce (here a unit outside the seat's faction list) has
    no search: analysis then falls back to random playouts."""
    state = arena((0, "King:Order", "A1"), (1, "King:Abyss", "D4"), (1, "Knight", "G7"))
    with using(Budget(nodes=5)):
        assert make_bot("hard", state.game, 0, 0).evaluate(SeatHandle(state, 0)) == {}


def _knight_walk() -> duelhost.core.state.State:
    """Order King A1, Knight D3 against the Abyss King on D6 (3 HP left) and a Striker: the
    scores one action ahead are 24.1 now, 24.4 after D3-D4 (a row closer to D6), 24.1 after
    a King step, D3-E4 or D3-C4 (as close as before), less after the other Knight steps."""
    return arena(
        (0, "King:Order", "A1"),
        (0, "Knight", "D3"),
        (1, "King:Abyss", "D6", 2),
        (1, "Striker", "G7"),
    )


def test_the_levels_search_the_best_actions_one_action_ahead() -> None:
    """``medium`` searches 3 of the 12 legal actions: D3-D4, then the first two 24.1 ties in
    ``legal``'s order, and its tree's root holds no other action; ``hard`` searches 5, the
    next two ties added (``end``, a tie listed last, left out)."""
    from duelhost.games.tactic.search import SearchBot

    state = _knight_walk()
    handle = SeatHandle(state, 0)
    with using(Budget(nodes=40)):
        hard = make_bot("hard", state.game, 0, 0)
        medium = make_bot("medium", state.game, 0, 0)
        assert isinstance(hard, SearchBot) and isinstance(medium, SearchBot)
        assert isinstance(state, TacticState)
        shortlist = ["A1-A2", "A1-B1", "D3-D4"]
        assert medium._shortlist(state) == shortlist
        assert hard._shortlist(state) == ["A1-A2", "A1-B1", "A1-B2", "D3-D4", "D3-E4"]
        search = medium._search(handle)
        assert search is not None
        assert set(search.root.children) == set(shortlist)
        assert search.root.visits == 10  # a quarter of 40
        assert all(not child.children for child in search.root.children.values())  # one level
        assert medium.act(handle) in shortlist


def test_a_node_budget_makes_the_decision_reproducible() -> None:
    """Same seed, same node budget: the same tree, visit for visit (``medium``: a quarter of
    60 nodes, over its random-action rollouts)."""
    state = _match_in_play(3)
    seat = state.to_act[0]
    handle = SeatHandle(state, seat)
    trees = []
    with using(Budget(nodes=60)):
        for _ in range(2):
            bot = make_bot("medium", state.game, seat, 11)
            search = bot._search(handle)
            trees.append({t: (c.visits, c.total) for t, c in search.root.children.items()})
    assert trees[0] == trees[1]
    assert sum(visits for visits, _ in trees[0].values()) == 15


def test_hard_values_each_shortlisted_action_by_one_exact_rollout() -> None:
    """``hard``'s rollouts have no random actions, so in a turn with nothing hidden a second
    rollout of an action would copy the first: each of its 5 shortlisted actions is played
    once (5 iterations of the 40 allowed), valued by a rollout that any policy without
    random actions reproduces whatever its random generator, and the best value is played."""
    from duelhost.games.tactic import rollout
    from duelhost.games.tactic.search import SearchBot

    state = _knight_walk()
    assert isinstance(state, TacticState)
    handle = SeatHandle(state, 0)
    with using(Budget(nodes=40)):
        hard = make_bot("hard", state.game, 0, 0)
        assert isinstance(hard, SearchBot)
        search = hard._search(handle)
        assert search is not None and search.exact
        visited = {t: c for t, c in search.root.children.items() if c.visits}
        assert sorted(visited) == ["A1-A2", "A1-B1", "A1-B2", "D3-D4", "D3-E4"]
        assert search.root.visits == 5 and {c.visits for c in visited.values()} == {1}
        for text, child in visited.items():
            after = state.clone()
            after.submit(0, text)
            assert isinstance(after, TacticState)
            rollout.rollout(after, rollout.Policy(random.Random(99), 0.0), state.turn + 2)
            # the search's state is rebuilt from the view: units listed in another order
            assert child.total == pytest.approx(rollout.squash(after, 0), abs=1e-12)
        best = max(visited.values(), key=lambda c: c.total).total
        assert visited[hard.act(handle)].total == best
        # one exact rollout is a value to report: every shortlisted action is in the analysis
        values = make_bot("hard", state.game, 0, 0).evaluate(handle, played="A1-A2")
        assert set(values) == set(visited)


def test_hard_judges_its_setup_to_the_eighth_turn_of_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """During setup ``medium``'s rollouts stop at the third turn of play and ``hard``'s at the
    eighth: a faction or build is judged by more than the first clash (a fixed setup of
    Knights massed on the front row beat the third-turn ``hard``, docs/bots.md). Every
    rollout of a faction choice is played to the bot's horizon or to the match's end."""
    from duelhost.games.tactic import rollout
    from duelhost.games.tactic.search import SearchBot

    game = duelhost.load("tactic")
    state = game.new(seed=4)
    handle = SeatHandle(state, 0)
    ends: list[int] = []
    original = rollout.rollout

    def recording(state: TacticState, policy: rollout.Policy, horizon: int) -> None:
        original(state, policy, horizon)
        ends.append(state.turn if not state.is_over else horizon)

    monkeypatch.setattr(rollout, "rollout", recording)
    with using(Budget(nodes=6)):
        for level, turn in (("medium", 3), ("hard", 8)):
            ends.clear()
            bot = make_bot(level, game, 0, 0)
            assert isinstance(bot, SearchBot)
            search = bot._search(handle)
            assert search is not None and search.horizon == turn
            assert ends and set(ends) == {turn}
