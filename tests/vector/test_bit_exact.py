"""The batched engines against the reference engines, match for match.

Each test plays 10,000 matches through both (same seeds, same submissions) and compares every
result: winner, scores and how far the match went. The submissions are random legal ones with
timeouts (-1), random indices the mask may forbid (each one a timeout in both engines), and,
in A Warrior's Death, extra weight on Blue Mage disguises and Dark Knight revivals; the tests
assert that each kind occurred, and that drawn matches did.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the research extra (numpy) is not installed")

import duelhost  # noqa: E402
from duelhost.envs import load_encoding  # noqa: E402
from duelhost.games.goofspiel.batch import COMPILED, GoofspielBatch  # noqa: E402
from duelhost.games.goofspiel.batch_deal import draw_deals  # noqa: E402
from duelhost.games.warriors_death.batch import WarriorsDeathBatch  # noqa: E402
from duelhost.games.warriors_death.units import PLAYS  # noqa: E402
from duelhost.vector import IN_PLAY, engines, vector_env  # noqa: E402

SIZES = [
    pytest.param(2_000, id="2000"),
    pytest.param(10_000, id="10000", marks=pytest.mark.release),
]
"""Matches per run: 2,000 in CI; the 10,000-match runs are release tests (issue 29 point 5:
``python -m pytest -m release``)."""


def _actions(rng: Any, masks: Any, bonus: Any = None) -> tuple[Any, int, int]:
    """Random legal indices, 4% timeouts (-1) and 3% random indices (maybe forbidden)."""
    scores = rng.random(masks.shape) * masks
    if bonus is not None:
        scores = scores + bonus * masks
    actions = np.argmax(scores, axis=2)
    roll = rng.random(actions.shape)
    actions[roll < 0.04] = -1
    wild = (roll >= 0.04) & (roll < 0.07)
    actions[wild] = rng.integers(0, masks.shape[2], size=int(wild.sum()))
    return actions, int((roll < 0.04).sum()), int(wild.sum())


KERNELS = [
    pytest.param(True, id="numba"),
    pytest.param(False, id="numpy"),
]
"""Goofspiel's batched engine both ways: compiled kernels (numba, the research extra) and
its NumPy code."""


def _engine(matches: int, galaxies: int, planets: int, replays: int, kernels: bool) -> Any:
    if kernels and not COMPILED:
        pytest.skip("numba is not installed: the compiled kernels are not checked")
    return GoofspielBatch(matches, galaxies, planets, replays, kernels=kernels)


def _goofspiel(
    matches: int, galaxies: int, planets: int, replays: int, first_seed: int, kernels: bool
) -> dict[str, int]:
    game = duelhost.load("goofspiel", galaxies=galaxies, planets=planets, max_replays=replays)
    batch = _engine(matches, galaxies, planets, replays, kernels)
    seeds = np.arange(first_seed, first_seed + matches)
    batch.reset_matches(np.arange(matches), seeds)
    states = [game.new(seed=int(seed)) for seed in seeds]
    rng = np.random.default_rng(first_seed)
    timeouts = 0
    while (batch.winner == IN_PLAY).any():
        masks = batch.masks()
        actions, _, _ = _actions(rng, masks)
        for match in np.flatnonzero(batch.winner == IN_PLAY).tolist():
            state = states[match]
            for seat in (0, 1):
                index = int(actions[match, seat])
                if 0 <= index < planets and masks[match, seat, index]:
                    state.submit(seat, str(index + 1))
                else:
                    state.timeout(seat)
                    timeouts += 1
        batch.step(actions)
    replays_seen = 0
    for match, state in enumerate(states):
        winner = -1 if state.winner is None else state.winner
        assert winner == batch.winner[match], f"seed {seeds[match]}"
        assert state.result["scores"] == batch.scores[match].tolist(), f"seed {seeds[match]}"
        assert state.view(None)["replay"] == batch.playing[match], f"seed {seeds[match]}"
        replays_seen += int(batch.playing[match])
    return {
        "timeouts": timeouts,
        "draws": int((batch.winner == -1).sum()),
        "replays": replays_seen,
    }


@pytest.mark.parametrize(
    ("matches", "replays"),
    [
        # A tie is a draw at once without replays: about one match in a hundred, so 2,000
        # matches draw; with one replay a draw needs two ties (none in 2,000 seeded matches).
        pytest.param(2_000, 0, id="2000"),
        pytest.param(10_000, 1, id="10000", marks=pytest.mark.release),
    ],
)
@pytest.mark.parametrize("kernels", KERNELS)
def test_classic_goofspiel_is_bit_exact(matches: int, replays: int, kernels: bool) -> None:
    seen = _goofspiel(matches, 1, 13, replays, 0, kernels)
    assert seen["timeouts"] > matches // 10 and seen["draws"] > 0
    assert seen["replays"] > 0 or replays == 0


@pytest.mark.parametrize("matches", SIZES)
@pytest.mark.parametrize("kernels", KERNELS)
def test_seven_galaxy_goofspiel_is_bit_exact(matches: int, kernels: bool) -> None:
    # The kernels also agree with the NumPy code array for array at every step (below), so
    # in CI they meet the reference engine on fewer of these long matches.
    matches = matches if not kernels or matches > 2_000 else 600
    seen = _goofspiel(matches, 7, 7, 10, 50_000, kernels)
    assert seen["timeouts"] > matches // 10 and seen["replays"] > 0


@pytest.mark.parametrize("matches", SIZES)
def test_warriors_death_is_bit_exact(matches: int) -> None:
    bouts, rounds = 3, 10
    game = duelhost.load("warriors_death", bouts=bouts, rounds=rounds)
    batch = WarriorsDeathBatch(matches, bouts, rounds)
    batch.reset_matches(np.arange(matches))
    states = [game.new(seed=0) for _ in range(matches)]
    rng = np.random.default_rng(7)
    bonus = np.zeros(len(PLAYS))
    bonus[11:20] = 0.5  # Blue Mage disguises
    bonus[24] = 0.8  # the Dark Knight (revived whenever allowed)
    counts = {"timeouts": 0, "disguises": 0, "revivals": 0}
    while (batch.winner == IN_PLAY).any():
        masks = batch.masks()
        revive = batch.revive.copy()
        actions, _, _ = _actions(rng, masks, bonus)
        for match in np.flatnonzero(batch.winner == IN_PLAY).tolist():
            state = states[match]
            for seat in (0, 1):
                index = int(actions[match, seat])
                if 0 <= index < len(PLAYS) and masks[match, seat, index]:
                    state.submit(seat, PLAYS[index].text)
                    counts["disguises"] += 11 <= index < 20
                    counts["revivals"] += index == 24 and revive[match, seat] == 7
                else:
                    state.timeout(seat)
                    counts["timeouts"] += 1
        batch.step(actions)
    for match, state in enumerate(states):
        winner = -1 if state.winner is None else state.winner
        assert winner == batch.winner[match], f"match {match}: {state.history}"
        assert state.result["scores"] == batch.bout_wins[match].tolist()
        assert state.view(None)["bout"] == batch.bout[match] + 1
        # The whole state of the last bout, secrets included (the record's snapshot).
        snapshot = json.loads(state.to_json())["state"]
        assert snapshot["hand"] == batch.hand[match].tolist()
        assert snapshot["revive"] == batch.revive[match].tolist()
        assert snapshot["underworld"] == batch.underworld[match].reshape(-1).tolist()
        assert snapshot["chocobo_strength"] == batch.chocobo_strength[match].tolist()
        assert snapshot["wins"] == batch.wins[match].tolist()
    draws = int((batch.winner == -1).sum())
    assert min(counts.values()) > matches // 10 and draws > 0, (counts, draws)


@pytest.mark.parametrize("kernels", KERNELS)
def test_deals_are_the_engines(kernels: bool) -> None:
    from duelhost.games.goofspiel.deal import draw_deal

    deal = draw_deals
    if kernels:
        _engine(1, 1, 1, 0, kernels)  # skips without numba
        from duelhost.games.goofspiel.batch_kernels import draw_deals as deal
    # Seeds of every length the hash sees: negative, one 32-bit word, two, the largest.
    odd = [-7, -(2**63), 0, 2**32 - 1, 2**32, 2**63 - 1]
    seeds = np.array([*range(300, 794), *odd], np.int64)
    playings = np.arange(500) % 4
    for galaxies, planets in ((1, 13), (7, 7), (3, 26), (26, 26)):
        worths, values = deal(seeds, playings, galaxies, planets)
        for match in [*range(0, 494, 7), *range(494, 500)]:
            dealt = draw_deal(int(seeds[match]), int(playings[match]), galaxies, planets)
            expected = [dealt.worths[g][p] for g in dealt.order for p in dealt.planet_orders[g]]
            assert worths[match].tolist() == expected
            assert values[match].tolist() == [dealt.values[g] for g in dealt.order]


@pytest.mark.parametrize(
    ("galaxies", "planets", "replays"), [(1, 13, 0), (1, 4, 3), (2, 3, 5), (7, 7, 10)]
)
def test_kernels_and_numpy_agree_step_by_step(galaxies: int, planets: int, replays: int) -> None:
    """Fuzzing: the same submissions (legal, timeouts, wild indices) in both forms of the
    engine leave every array equal after every step, replays and draws included."""
    matches = 1_500
    fast = _engine(matches, galaxies, planets, replays, True)
    slow = _engine(matches, galaxies, planets, replays, False)
    seeds = np.arange(matches) * 7919 - 3_000
    fast.reset_matches(np.arange(matches), seeds)
    slow.reset_matches(np.arange(matches), seeds)
    rng = np.random.default_rng(galaxies * 100 + planets)
    names = ("fleets", "round_worths", "bout_values", "round", "playing", "points",
             "strategic", "destroyed", "winner", "last_points", "scores")  # fmt: skip
    while (slow.winner == IN_PLAY).any():
        actions, _, _ = _actions(rng, slow.masks())
        assert (fast.step(actions) == slow.step(actions)).all()
        for name in names:
            assert (getattr(fast, name) == getattr(slow, name)).all(), name
        assert fast.choices == slow.choices
    assert (slow.playing > 0).any() or replays == 0
    sampled = fast.random_actions()
    assert (sampled == -1).all()  # every match over: no seat acts


@pytest.mark.parametrize(
    ("name", "options"),
    [("goofspiel", {"galaxies": 2, "planets": 4, "max_replays": 1}), ("warriors_death", {})],
)
def test_observations_and_masks_are_the_encodings(name: str, options: dict[str, Any]) -> None:
    game = duelhost.load(name, **options)
    encoding = load_encoding(game)
    size = 60
    if name == "goofspiel":
        batch: Any = GoofspielBatch(size, **options)
        batch.reset_matches(np.arange(size), np.arange(size))
        states = [game.new(seed=seed) for seed in range(size)]
    else:
        batch = WarriorsDeathBatch(size)
        batch.reset_matches(np.arange(size), np.arange(size))
        states = [game.new(seed=0) for _ in range(size)]
    rng = np.random.default_rng(3)
    checked = 0
    while (batch.winner == IN_PLAY).any():
        masks = batch.masks()
        observations = batch.observations()
        for match in np.flatnonzero(batch.winner == IN_PLAY).tolist():
            for seat in (0, 1):
                state = states[match]
                expected = encoding.observe(state.view(seat), ())
                assert observations[match, seat].tolist() == pytest.approx(expected)
                legal = encoding.choices({}, state.legal(seat), (), lambda text: True)
                assert np.flatnonzero(masks[match, seat]).tolist() == sorted(legal)
                checked += 1
        actions, _, _ = _actions(rng, masks)
        for match in np.flatnonzero(batch.winner == IN_PLAY).tolist():
            for seat in (0, 1):
                index = int(actions[match, seat])
                if 0 <= index < masks.shape[2] and masks[match, seat, index]:
                    states[match].submit(seat, encoding.describe(index).split(": ")[-1])
                else:
                    states[match].timeout(seat)
        batch.step(actions)
    assert checked > 500


def test_vector_env_follows_gymnasium_conventions() -> None:
    env = vector_env("goofspiel", 16, galaxies=1, planets=3, max_replays=0)
    observations, infos = env.reset(seed=100)
    assert observations["observation"].shape == (16, 2, 5 * 3 + 3 + 8)
    assert observations["action_mask"].shape == (16, 2, 3)
    assert infos["seed"].tolist() == list(range(100, 116))
    assert env.action_space.shape == (16, 2)
    finished = 0
    for _ in range(9):
        actions = np.argmax(observations["action_mask"], axis=2)  # always the smallest fleet
        observations, rewards, terminations, truncations, infos = env.step(actions)
        assert rewards.shape == terminations.shape == truncations.shape == (16,)
        if terminations.any():
            # Equal bids every round: every match is a draw, and restarts with the next seeds.
            assert (infos["winner"][terminations] == -1).all()
            assert (rewards == 0).all()
            finished += int(terminations.sum())
    assert finished == 48
    assert env.seeds.tolist() == list(range(148, 164))


def test_the_games_with_batched_engines_are_found_in_their_folders() -> None:
    assert engines() == ["goofspiel", "warriors_death"]
    with pytest.raises(duelhost.ConfigError, match="no batched engine for 'tactic'"):
        vector_env("tactic", 4)
    with pytest.raises(duelhost.ConfigError, match="has no values"):
        vector_env("goofspiel", 4, galaxies=2, planets=2, values=[2, 1])


def test_vector_bench_rows_come_from_the_games_declarations() -> None:
    from duelhost.vector.bench import figures

    rows = dict(figures("warriors_death", 2, {"bouts": 1, "rounds": 2}, batch=8))
    assert set(rows) == {
        "vector, NumPy, B=8: joint actions/s",
        "reference engine: joint actions/s",
        "ratio vector NumPy / reference",
    }
