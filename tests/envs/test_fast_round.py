"""The parallel env's common round (issue 27's speed goal): both seats' indices applied at once
(``Driver.play_both``, Goofspiel's ``play_both`` and ``GoofspielState.submit_both``), both
seats' observations and masks kept in one call (``keep_both``), a reset reusing the env's
driver, and a step's infos made lazily (``StepInfos``). Each must give exactly what the generic
path gives."""

from __future__ import annotations

import copy
import json
import pickle
import random
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the research extra (numpy) is not installed")
pytest.importorskip("pettingzoo", reason="the research extra (pettingzoo) is not installed")

import duelhost  # noqa: E402
from duelhost.core.errors import IllegalAction  # noqa: E402
from duelhost.envs import load_encoding, parallel_env  # noqa: E402
from duelhost.envs.driver import mask_of  # noqa: E402
from duelhost.envs.infos import StepInfos  # noqa: E402

OPTIONS: list[dict[str, Any]] = [
    {"galaxies": 1, "planets": 13, "max_replays": 0},
    {"galaxies": 1, "planets": 3, "max_replays": 3},  # ties replayed: a playing's new start
    {"galaxies": 3, "planets": 4, "max_replays": 2},
    {"galaxies": 2, "planets": 3, "show_history": False},
]


def _without(hooks: tuple[str, ...], options: dict[str, Any], **more: Any) -> Any:
    """A parallel env whose encoding offers none of ``hooks``."""
    env = parallel_env("goofspiel", **options, **more)
    for hook in hooks:
        setattr(env.encoding, hook, None)
    return env


BOTH = ("keep_both", "play_both")
"""Without them a common round is two texts submitted and each seat kept on its own."""
KEPT = (*BOTH, "observe_update", "mask_update", "step_of")
"""Without them every step takes the generic path: each seat checked against ``choices``,
applied, observed off the state (``observe_state``) and masked anew."""


def _same(first: Any, second: Any) -> None:
    """Two steps' (or resets') results are equal, arrays byte for byte, infos as dicts."""
    assert len(first) == len(second)
    for mine, theirs in zip(first[:-1], second[:-1], strict=True):
        assert mine.keys() == theirs.keys()
        for agent in mine:
            if isinstance(mine[agent], dict):
                for key in ("observation", "action_mask"):
                    assert mine[agent][key].dtype == theirs[agent][key].dtype
                    assert mine[agent][key].tobytes() == theirs[agent][key].tobytes()
            else:
                assert mine[agent] == theirs[agent]
    assert json.dumps(first[-1], sort_keys=True) == json.dumps(second[-1], sort_keys=True)


@pytest.mark.parametrize("options", OPTIONS)
def test_the_common_round_gives_what_the_generic_path_gives(options: dict[str, Any]) -> None:
    """Random matches (the common round, the same without Goofspiel's two hooks, the generic
    path), some indices forbidden (timeouts) or missing, both envs reset with the
    same seeds one match after another: every step's observations, masks, rewards,
    terminations, truncations and infos are the generic path's."""
    fast = parallel_env("goofspiel", **options, illegal="timeout", max_cycles=40)
    others = [_without(hooks, options, illegal="timeout", max_cycles=40) for hooks in (BOTH, KEPT)]
    rng = random.Random(7)
    for seed in range(12):
        seen = fast.reset(seed=seed)
        for other in others:
            _same(seen, other.reset(seed=seed))
        assert fast.driver.state.history == ()
        while fast.agents:
            actions: dict[str, Any] = {}
            for agent in fast.agents:
                allowed = np.flatnonzero(seen[0][agent]["action_mask"]).tolist()
                roll = rng.random()
                if roll < 0.05:
                    continue  # no index: a timeout
                if roll < 0.1:
                    actions[agent] = rng.randrange(fast.encoding.num_actions)
                else:
                    actions[agent] = (
                        np.int64(rng.choice(allowed)) if roll < 0.2 else rng.choice(allowed)
                    )
            seen = fast.step(actions)
            for other in others:
                _same(seen, other.step(actions))
        assert all(other.agents == [] for other in others)
    assert not others[1].driver.keeps and others[0].driver.keeps and fast.driver.keeps


def test_returned_arrays_stay_as_returned() -> None:
    """Every observation and mask a step returns is its own array: later steps (and resets)
    change none of them (a replay buffer keeps them)."""
    env = parallel_env("goofspiel", galaxies=1, planets=6, max_replays=0)
    rng = random.Random(2)
    kept: list[tuple[Any, bytes]] = []
    for seed in range(4):
        observations, _ = env.reset(seed=seed)
        while True:
            for agent in ("seat_0", "seat_1"):
                for key in ("observation", "action_mask"):
                    array = observations[agent][key]
                    assert all(array is not other for other, _ in kept[-40:])
                    kept.append((array, array.tobytes()))
            if not env.agents:
                break
            actions = {
                agent: rng.choice(np.flatnonzero(observations[agent]["action_mask"]).tolist())
                for agent in env.agents
            }
            observations = env.step(actions)[0]
    assert all(array.tobytes() == data for array, data in kept)


def test_a_reset_makes_a_new_match_in_the_same_driver() -> None:
    """A reset in the middle of a match starts afresh: the same observations as a new env's."""
    env = parallel_env("goofspiel", galaxies=2, planets=4)
    env.reset(seed=3)
    driver = env.driver
    env.step({"seat_0": 0, "seat_1": 1})
    env.step({"seat_0": 2, "seat_1": 0})
    again = env.reset(seed=11)
    assert env.driver is driver and driver.state.history == ()
    _same(again, parallel_env("goofspiel", galaxies=2, planets=4).reset(seed=11))


def test_both_seats_submitted_at_once_is_two_submissions() -> None:
    """``GoofspielState.submit_both`` leaves the state two ``submit`` calls leave, and takes
    their path (their errors) for anything but two remaining sizes of a fresh round."""
    game = duelhost.load("goofspiel", galaxies=2, planets=4, max_replays=1)
    rng = random.Random(4)
    for seed in range(20):
        one, two = game.new(seed=seed), game.new(seed=seed)
        while not one.is_over:
            first, second = rng.choice(one.legal(0)), rng.choice(one.legal(1))
            one.submit_both(int(first), int(second))
            two.submit(0, first)
            two.submit(1, second)
            assert one.history == two.history and one.events == two.events
            assert one.decision == two.decision
            for seat in (None, 0, 1):
                assert one.view(seat) == two.view(seat)
        assert one.result == two.result
    state = game.new(seed=1)
    with pytest.raises(IllegalAction):
        state.submit_both(5, 1)  # no fleet of size 5: the submit's own error
    state.submit(0, "1")
    with pytest.raises(IllegalAction, match="already submitted"):
        state.submit_both(2, 3)  # seat 0 has submitted: its second submission is refused
    assert [entry.text for entry in state.history] == ["1"]


@pytest.mark.parametrize("options", OPTIONS)
def test_both_seats_kept_at_once_equal_each_seat_kept(options: dict[str, Any]) -> None:
    """``keep_both`` into memoryviews (as the driver keeps them) and into lists gives, at
    random points of random matches (timeouts, resignations, replays, updates skipped), the
    observations of the views and the masks of ``choices``."""
    game = duelhost.load("goofspiel", **options)
    encoding = load_encoding(game)
    size, actions = encoding.observation_size, encoding.num_actions
    arrays = [np.zeros(size, np.float32) for _ in (0, 1)]
    masks = [np.zeros(actions, np.int8) for _ in (0, 1)]
    views = ([a.data for a in arrays], [m.data for m in masks], [None] * 4)
    lists = ([[0.0] * size, [0.0] * size], [[0] * actions, [0] * actions], [None] * 4)
    rng = random.Random(9)

    def check(state: Any) -> None:
        for outs, kept_masks, marks in (views, lists):
            if rng.random() < 0.85:  # else skipped: a round or more passes before the next
                encoding.keep_both(state, ((), ()), outs, kept_masks, marks)
                for seat in (0, 1):
                    expected = np.asarray(encoding.observe(state.view(seat), ()), np.float32)
                    assert np.asarray(outs[seat], np.float32).tobytes() == expected.tobytes()
                    allowed = encoding.choices({}, state.legal(seat), (), lambda text: True)
                    mask = mask_of(allowed, actions).tobytes()
                    assert np.asarray(kept_masks[seat], np.int8).tobytes() == mask

    for seed in range(30):
        state = game.new(seed=seed)
        while not state.is_over:
            check(state)
            if rng.random() < 0.01:
                state.resign(rng.randrange(2))
                break
            if rng.random() < 0.7:
                state.submit_both(int(rng.choice(state.legal(0))), int(rng.choice(state.legal(1))))
                continue
            for seat in (0, 1):
                if rng.random() < 0.08:
                    state.timeout(seat)
                else:
                    state.submit(seat, rng.choice(state.legal(seat)))
                if seat == 0:
                    check(state)  # seat 0 pending, seat 1 to act
        check(state)


def test_a_steps_infos_behave_as_their_dict() -> None:
    """``StepInfos`` is ``{"seat_0": info, "seat_1": info}`` to every reader, its infos made on
    the first read of a value, of the moment the step was made (read late or not)."""
    env = parallel_env("goofspiel", galaxies=1, planets=10)
    twin = parallel_env("goofspiel", galaxies=1, planets=10)
    env.reset(seed=5)
    twin.reset(seed=5)
    first = env.step({"seat_0": 0, "seat_1": 9})[4]
    expected = json.loads(json.dumps(twin.step({"seat_0": 0, "seat_1": 9})[4]))
    env.step({"seat_0": 1, "seat_1": 8})  # the match moves on: the infos stay the first step's
    infos = [copy.copy(first) for _ in range(3)]  # plain dicts of the same two infos
    assert type(first) is StepInfos and all(type(made) is dict for made in infos)
    assert len(first) == 2 and "seat_0" in first and list(first.keys()) == list(expected)
    assert json.loads(json.dumps(first)) == expected
    assert first["seat_1"]["view"] == expected["seat_1"]["view"]
    assert {**first} == first and dict(first.items()) == first and first == infos[0]
    for made in (copy.deepcopy(first), pickle.loads(pickle.dumps(first))):
        assert type(made) is dict and json.loads(json.dumps(made)) == expected
    late = env.step({"seat_0": 2, "seat_1": 7})[4]
    env.step({"seat_0": 3, "seat_1": 6})
    assert late["seat_0"]["view"]["decision"] == 3  # read late: the view of its own step
    replaced = env.step({"seat_0": 4, "seat_1": 5})[4]
    replaced["seat_0"] = "mine"
    assert replaced["seat_0"] == "mine" and replaced["seat_1"]["view"]["seat"] == 1
    removed = env.step({"seat_0": 5, "seat_1": 4})[4]
    del removed["seat_1"]
    assert list(removed) == ["seat_0"] and removed["seat_0"]["view"]["seat"] == 0
