"""The classic Goofspiel solver: hand-worked endgames, an independent brute force, the player
swap, exploitability of the stored strategy by an independent best response, OpenSpiel."""

from __future__ import annotations

import functools
import itertools
import re
from fractions import Fraction

import numpy as np
import pytest
from scipy.optimize import linprog

from duelhost import ConfigError
from duelhost.core.matrix_games import solve_games, solve_lp
from duelhost.games.goofspiel import solver
from duelhost.games.goofspiel.solver import Table, compress_hands, solve


@functools.cache
def table(n: int) -> Table:
    return solve(n)


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


# ---------------------------------------------------------------------- hand-worked


def test_endgame_of_the_issue_worked_by_hand() -> None:
    """Hands {1,3} (seat 0) vs {2,3}, seat 0 one point ahead, the prize worth 2 showing and the
    one worth 3 last. Rows: seat 0 bids 1 or 3; columns: seat 1 bids 2 or 3.

    * 1 vs 2: seat 1 takes 2 (d = -1), then 3 vs 3 ties: loss, -1.
    * 1 vs 3: seat 1 takes 2 (d = -1), then 3 vs 2: seat 0 takes 3 (d = +2): win, +1.
    * 3 vs 2: seat 0 takes 2 (d = +3), then 1 vs 3: seat 1 takes 3 (d = 0): tie, 0.
    * 3 vs 3: tie (d = +1), then 1 vs 2: seat 1 takes 3 (d = -2): loss, -1.

    [[-1, 1], [0, -1]] has no saddle point; seat 0 bids 1 with p: -p = p - (1 - p) gives
    p = 1/3 and the value -1/3; seat 1 bids 2 with q: 1 - 2q = q - 1 gives q = 2/3.
    """
    value, x, y = table(3).strategies(2, [3], [1, 3], [2, 3], 1)
    assert value == pytest.approx(-1 / 3, abs=1e-12)
    assert x == pytest.approx({1: 1 / 3, 3: 2 / 3}, abs=1e-12)
    assert y == pytest.approx({2: 2 / 3, 3: 1 / 3}, abs=1e-12)
    # The same position from seat 1's side: the value negates, the strategies swap.
    value, x, y = table(3).strategies(2, [3], [2, 3], [1, 3], -1)
    assert value == pytest.approx(1 / 3, abs=1e-12)
    assert x == pytest.approx({2: 2 / 3, 3: 1 / 3}, abs=1e-12)


def test_last_card_and_decided_positions_by_hand() -> None:
    t = table(4)
    # One card each, the 4 last: seat 0's 2 beats 1, so it ends d + 4.
    assert t.value([4], [2], [1], -3) == 1.0
    assert t.value([4], [2], [1], -4) == 0.0  # -4 + 4 = 0: a tie
    assert t.value([4], [1], [2], 5) == 1.0  # 5 - 4 = 1
    # Prizes 3 and 4 left, seat 0 holds {1, 4}, seat 1 {2, 3}: seat 0's 4 is above seat 1's
    # best, so it can win the 4 whatever happens; at worst it loses the 3: d + 4 - 3.
    assert t.verdict([3, 4], [1, 4], [2, 3], 0) == 1  # wins 4 with its 4, loses 3: +1 > 0
    assert t.verdict([3, 4], [1, 4], [2, 3], -1) == 0  # -1 + 4 - 3 = 0: a tie is possible
    assert t.verdict([3, 4], [2, 3], [1, 4], 0) == -1
    # The winner of a decided position plays the plan that keeps it won.
    value, x, _ = t.strategies(3, [4], [1, 4], [2, 3], 0)
    assert value == 1.0 and x == {
        1: 1.0,
        4: 0.0,
    }  # the 3 is not among its 1 biggest prizes: throw 1
    value, x, _ = t.strategies(4, [3], [1, 4], [2, 3], 0)
    assert value == 1.0 and x == {1: 0.0, 4: 1.0}


def test_root_strategies_match_gopssolver_published_profile() -> None:
    """GOPSsolver's printed root profile for N = 7 with the 7 showing (its run on this
    machine): 1 w.p. 0.0120893, 3 w.p. 0.185794, 7 w.p. 0.802117."""
    value, x, _ = table(7).strategies(7, range(1, 7), range(1, 8), range(1, 8), 0)
    assert value == pytest.approx(0.0, abs=1e-9)
    assert [round(x[c], 6) for c in range(1, 8)] == [0.012089, 0, 0.185794, 0, 0, 0, 0.802117]


def test_matrix_games_closed_forms_and_simplex_agree_with_highs() -> None:
    rng = np.random.default_rng(5)
    for n in (2, 3, 5):
        games = rng.choice([-1.0, -0.5, 0.0, 0.25, 1.0], size=(200, n, n))
        values, x, y = solve_games(games)
        for g in range(len(games)):
            value, _, _ = solve_lp(games[g])
            assert values[g] == pytest.approx(value, abs=1e-9)
            # each side's strategy guarantees the value against every reply
            assert (x[g] @ games[g]).min() == pytest.approx(value, abs=1e-9)
            assert (games[g] @ y[g]).max() == pytest.approx(value, abs=1e-9)


# ---------------------------------------------------------------------- brute force


def _lp_value(matrix: list[list[float]]) -> float:
    """max v s.t. sum_i x_i M[i][j] >= v for every column, x a distribution (HiGHS)."""
    m = np.array(matrix)
    rows, cols = m.shape
    c = np.zeros(rows + 1)
    c[-1] = -1.0
    a_ub = np.hstack([-m.T, np.ones((cols, 1))])
    a_eq = np.hstack([np.ones((1, rows)), np.zeros((1, 1))])
    bounds = [(0, None)] * rows + [(None, None)]
    res = linprog(c, A_ub=a_ub, b_ub=np.zeros(cols), A_eq=a_eq, b_eq=[1.0], bounds=bounds)
    return float(res.x[-1])


@functools.cache
def brute(prizes: frozenset[int], a: frozenset[int], b: frozenset[int], d: int) -> float:
    """Value for seat A, no reductions at all: every raw position, an LP per game."""
    if not prizes:
        return float(sign(d))
    total = 0.0
    for p in prizes:
        rest = prizes - {p}
        matrix = [
            [brute(rest, a - {x}, b - {y}, d + p * sign(x - y)) for y in sorted(b)]
            for x in sorted(a)
        ]
        total += _lp_value(matrix)
    return total / len(prizes)


@functools.cache
def reachable(n: int) -> frozenset[tuple[frozenset[int], frozenset[int], frozenset[int], int]]:
    """Every raw position (prizes to come, hands, d) reachable from the start of n cards."""
    full = frozenset(range(1, n + 1))
    found = {(full, full, full, 0)}
    frontier = list(found)
    while frontier:
        prizes, a, b, d = frontier.pop()
        for p in prizes:
            for x in a:
                for y in b:
                    child = (prizes - {p}, a - {x}, b - {y}, d + p * sign(x - y))
                    if child[0] and child not in found:
                        found.add(child)
                        frontier.append(child)
    return frozenset(found)


def test_every_reachable_position_of_four_cards_matches_a_brute_force() -> None:
    t = table(4)
    positions = reachable(4)
    for prizes, a, b, d in positions:
        expected = brute(prizes, a, b, d)
        assert t.value(prizes, a, b, d) == pytest.approx(expected, abs=1e-9), (prizes, a, b, d)
    assert len(positions) > 1000


def test_value_antisymmetric_under_the_player_swap_at_every_stored_position() -> None:
    t = table(6)
    layout = t.expander.layout
    for level, keys in t.keys.items():
        prizes, a, b, d = layout.unpack(keys)
        for index in range(0, keys.size, max(1, keys.size // 300)):
            prize_set = [i + 1 for i in range(6) if int(prizes[index]) >> i & 1]
            hand_a = [r for r in range(12) if int(a[index]) >> r & 1]
            hand_b = [r for r in range(12) if int(b[index]) >> r & 1]
            assert len(prize_set) == level
            value = t.value(prize_set, hand_a, hand_b, int(d[index]))
            assert value == pytest.approx(t.values[level][index], abs=1e-9)
            swapped = t.value(prize_set, hand_b, hand_a, -int(d[index]))
            assert swapped == pytest.approx(-value, abs=1e-9)


def test_hands_keep_only_their_relative_order() -> None:
    assert compress_hands([1, 3], [2, 3]) == (0b101, 0b110)
    assert compress_hands([2, 9], [4, 9]) == (0b101, 0b110)
    t = table(6)
    assert t.value([5, 6], [1, 6], [3, 6], 1) == pytest.approx(t.value([5, 6], [2, 5], [4, 5], 1))


def test_bad_sizes_are_config_errors() -> None:
    with pytest.raises(ConfigError, match="1 to 11 cards"):
        solve(12)
    with pytest.raises(ConfigError, match="as many distinct cards"):
        table(3).value([1, 2], [1], [2, 3], 0)


def test_table_round_trips_through_its_file(tmp_path: object) -> None:
    from pathlib import Path

    path = Path(str(tmp_path)) / "t5.npz"
    solver.save(table(5), path)
    loaded = solver.load(path)
    assert loaded.n == 5
    for k in table(5).keys:
        assert np.array_equal(loaded.keys[k], table(5).keys[k])
        assert np.array_equal(loaded.values[k], table(5).values[k])


def test_children_keys_are_the_canonical_packing_worked_out_one_by_one() -> None:
    """Every stored child of every 4-card position of N = 5, keyed one by one in Python: play
    the i-th card of A and the j-th of B on prize p, recompress the hands, and keep the smaller
    of the position and its swap (the swap's value negated)."""
    t = table(5)
    layout = t.expander.layout
    keys = t.keys[4]
    ch = t.expander.children(keys, 4)
    prizes, a, b, d = layout.unpack(keys)
    checked = 0
    for index in range(keys.size):
        prize_set = [i + 1 for i in range(5) if int(prizes[index]) >> i & 1]
        ranks_a = [r for r in range(10) if int(a[index]) >> r & 1]
        ranks_b = [r for r in range(10) if int(b[index]) >> r & 1]
        for slot, p in enumerate(prize_set):
            rest = sum(1 << (q - 1) for q in prize_set if q != p)
            for i, j in itertools.product(range(4), range(4)):
                if not ch.stored[index, slot, i, j]:
                    continue
                new_d = int(d[index]) + p * sign(ranks_a[i] - ranks_b[j])
                hand_a = [r for r in ranks_a if r != ranks_a[i]]
                hand_b = [r for r in ranks_b if r != ranks_b[j]]
                ma, mb = compress_hands(hand_a, hand_b)
                key = (((rest << 10 | ma) << 10 | mb) << 8) | (new_d + 128)
                swapped = (((rest << 10 | mb) << 10 | ma) << 8) | (-new_d + 128)
                assert int(ch.key[index, slot, i, j]) == min(key, swapped)
                assert int(ch.sign[index, slot, i, j]) == (-1 if swapped < key else 1)
                checked += 1
    assert checked > 1000


def test_solving_needs_no_scipy() -> None:
    """HiGHS is only for a straggler the batched simplex leaves; none does up to N = 6."""
    import subprocess
    import sys

    code = (
        "import sys; from duelhost.games.goofspiel import solver; solver.solve(6); "
        "print('scipy' in sys.modules)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "False"


# ---------------------------------------------------------------------- exploitability


Position = tuple[frozenset[int], frozenset[int], frozenset[int], int]


def stored_policy(n: int) -> dict[tuple[Position, int], tuple[dict[int, float], dict[int, float]]]:
    """Both seats' stored strategies (card -> probability) at every reachable raw position and
    prize, from the table's batched equilibria over the positions' rank masks."""
    t = table(n)
    positions = sorted(reachable(n), key=lambda pos: len(pos[0]))
    policy = {}
    for k, group in itertools.groupby(positions, key=lambda pos: len(pos[0])):
        chunk = list(group)
        masks = [compress_hands(a, b) for _, a, b, _ in chunk]
        _, x, y = t.equilibria(
            k,
            np.array([sum(1 << (p - 1) for p in prizes) for prizes, _, _, _ in chunk]),
            np.array([m[0] for m in masks]),
            np.array([m[1] for m in masks]),
            np.array([d for _, _, _, d in chunk]),
        )
        for index, position in enumerate(chunk):
            prizes, a, b, _ = position
            for slot, p in enumerate(sorted(prizes)):
                policy[position, p] = (
                    dict(zip(sorted(a), x[index, slot].tolist(), strict=True)),
                    dict(zip(sorted(b), y[index, slot].tolist(), strict=True)),
                )
    return policy


def best_response_value(n: int, responder: int) -> float:
    """What seat ``responder`` gets with a best response to the other seat's stored strategy,
    by a plain recursion over raw positions (no reductions, no LP)."""
    policy = stored_policy(n)

    @functools.cache
    def value(prizes: frozenset[int], a: frozenset[int], b: frozenset[int], d: int) -> float:
        """Seat 0 holds ``a``; the value is the responder's."""
        if not prizes:
            return float(sign(d) if responder == 0 else -sign(d))
        total = 0.0
        for p in prizes:
            rest = prizes - {p}
            fixed = policy[(prizes, a, b, d), p][1 - responder]
            own = b if responder == 1 else a
            best = -2.0
            for mine in own:
                got = 0.0
                for theirs, prob in fixed.items():
                    if prob == 0.0:
                        continue
                    x, y = (theirs, mine) if responder == 1 else (mine, theirs)
                    got += prob * value(rest, a - {x}, b - {y}, d + p * sign(x - y))
                best = max(best, got)
            total += best
        return total / len(prizes)

    full = frozenset(range(1, n + 1))
    return value(full, full, full, 0)


@pytest.mark.parametrize(
    "cards",
    [5, pytest.param(6, marks=pytest.mark.release)],  # six cards: 39 s, a release test
)
def test_stored_strategy_is_unexploitable(cards: int) -> None:
    """The game is symmetric, so its value is 0: a best response to either seat's strategy
    gets at most 0 (the exploitability, their sum, is under 1e-6)."""
    gains = [best_response_value(cards, responder) for responder in (0, 1)]
    assert max(gains) < 1e-6 and sum(gains) < 1e-6
    assert min(gains) > -1e-6


# ---------------------------------------------------------------------- OpenSpiel


def _openspiel_game(n: int):  # type: ignore[no-untyped-def]
    pyspiel = pytest.importorskip(
        "pyspiel", reason="open_spiel is not installed (pip install 'duelhost[research]')"
    )
    game = pyspiel.load_game(
        "goofspiel",
        {"num_cards": n, "points_order": "random", "returns_type": "win_loss", "imp_info": False},
    )
    return pyspiel.convert_to_turn_based(game)


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4])
def test_value_equals_openspiel_sequence_form_lp(n: int) -> None:
    """OpenSpiel's ``goofspiel`` with bids shown (``imp_info=False``), a tie worth 0 and a
    random prize order is classic Goofspiel scored as here; its sequence-form LP (cvxpy and
    ECOS) finds the same value. Both are 0 (the game is symmetric), so the next test checks
    more: our whole strategy is an equilibrium by OpenSpiel's own best responses."""
    pytest.importorskip("cvxpy", reason="cvxpy is not installed (pip install 'duelhost[research]')")
    from open_spiel.python.algorithms import sequence_form_lp

    theirs, _, _, _ = sequence_form_lp.solve_zero_sum_game(_openspiel_game(n))
    ours = table(n).value(range(1, n + 1), range(1, n + 1), range(1, n + 1), 0)
    assert ours == pytest.approx(theirs, abs=1e-6)


@pytest.mark.parametrize("n", [3, 4])
def test_openspiel_nash_conv_of_our_strategy_is_zero(n: int) -> None:
    game = _openspiel_game(n)
    from open_spiel.python import policy as policy_lib
    from open_spiel.python.algorithms import exploitability

    t = table(n)

    def numbers(info: str, label: str) -> list[int]:
        found = re.search(rf"{label}: ([\d ]*)", info)
        assert found is not None, info
        return [int(v) for v in found.group(1).split()]

    class TablePolicy(policy_lib.Policy):  # type: ignore[misc]
        def action_probabilities(self, state, player_id=None):  # type: ignore[no-untyped-def]
            player = state.current_player()
            info = state.information_state_string(player)
            shown = numbers(info, "Point card sequence")
            prize = shown[-1]
            rest = sorted(set(range(1, n + 1)) - set(shown))
            points = numbers(info, "Points")
            _, x, y = t.strategies(
                prize,
                rest,
                numbers(info, "P0 hand"),
                numbers(info, "P1 hand"),
                points[0] - points[1],
            )
            mine = x if player == 0 else y
            return {
                card - 1: mine.get(card, 0.0) for card in (a + 1 for a in state.legal_actions())
            }

    conv = exploitability.nash_conv(game, TablePolicy(game, [0, 1]))
    assert conv == pytest.approx(0.0, abs=1e-6)


def test_fractions_of_the_issue_endgame_are_exact_thirds() -> None:
    _, x, _ = table(3).strategies(2, [3], [1, 3], [2, 3], 1)
    assert Fraction(x[1]).limit_denominator(100) == Fraction(1, 3)
