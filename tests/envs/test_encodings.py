"""The fixed action encodings and observations: indices, masks, secrecy, forbidden indices."""

from __future__ import annotations

import json
import random

import pytest

np = pytest.importorskip("numpy", reason="the research extra (numpy) is not installed")
pytest.importorskip("gymnasium", reason="the research extra (gymnasium) is not installed")

import duelhost  # noqa: E402
from duelhost.envs import Driver, env, load_encoding, parallel_env  # noqa: E402

GAMES = duelhost.list_games()
SHORT = {"multiplanetary": {"max_ticks": 30}, "tactic": {"max_turns": 10}}


def _play(game_name: str, seed: int, steps: int) -> list[Driver]:
    """Drivers at successive points of a random masked match."""
    game = duelhost.load(game_name, **SHORT.get(game_name, {}))
    driver = Driver(game, load_encoding(game), seed)
    rng = random.Random(seed)
    seen = []
    for _ in range(steps):
        if driver.state.is_over:
            break
        seen.append(Driver.restore(driver))
        seat = driver.state.to_act[0]
        driver.act(seat, rng.choice(list(driver.choices(seat))))
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_same_view_gives_the_same_observation(game: str) -> None:
    """Observations are a function of the view: many states, including clones where the other
    seat has submitted different things, never give one view two observations."""
    by_view: dict[str, bytes] = {}
    checked = 0
    for seed in range(3):
        for driver in _play(game, seed, 60):
            state = driver.state
            variants = [driver]
            if len(state.to_act) == 2:  # seat 1 submits different things; seat 0 looks
                for text in state.legal(1)[:4]:
                    other = Driver.restore(driver)
                    other.drafts = [driver.drafts[0], ()]
                    other.state.submit(1, text)
                    variants.append(other)
            for variant in variants:
                for seat in (0, 1):
                    if variant.drafts[seat]:
                        continue
                    key = json.dumps(variant.state.view(seat), sort_keys=True)
                    obs = variant.observe(seat)
                    assert obs.shape == (variant.encoding.observation_size,)
                    checked += 1
                    if key in by_view:
                        assert by_view[key] == obs.tobytes(), f"{game}: one view, two observations"
                    by_view[key] = obs.tobytes()
    assert checked > 100 and len(by_view) < checked  # some views did repeat


@pytest.mark.parametrize("game", ["goofspiel", "warriors_death", "generalissimo", "tactic"])
def test_every_legal_submission_has_its_own_index(game: str) -> None:
    for seed in range(2):
        for driver in _play(game, seed, 80):
            for seat in driver.state.to_act:
                legal = driver.state.legal(seat)
                choices = driver.choices(seat)
                assert sorted(str(step.text) for step in choices.values()) == sorted(legal)
                assert all(0 <= index < driver.encoding.num_actions for index in choices)


def test_indices_mean_the_same_move_everywhere() -> None:
    wd = load_encoding(duelhost.load("warriors_death"))
    assert wd.describe(0) == "Chocobo"
    assert wd.describe(4) == "Astrologian predicting Bard"
    assert wd.describe(11) == "Blue Mage as Chocobo"
    assert wd.describe(24) == "Dark Knight"
    goof = load_encoding(duelhost.load("goofspiel"))
    assert goof.num_actions == 7 and goof.describe(6).endswith(": 7")
    gen = load_encoding(duelhost.load("generalissimo"))
    assert gen.describe(0) == "pass" and gen.describe(1) == "draw"
    assert gen.describe(2 + 1 * 108 + 28) == "move B1-B4"
    assert gen.describe(263_954 + 2) == "C1!"
    assert (
        gen.describe(11_666 + 0 * 1364 + 84 + 0b00_00_11_11)
        == "Horseman from A1: up up right right"
    )
    tactic = load_encoding(duelhost.load("tactic"))
    assert tactic.describe(0) == "end"
    assert tactic.describe(1) == "faction Menagerie"
    mp = load_encoding(duelhost.load("multiplanetary"))
    assert mp.describe(0).startswith("END")
    assert mp.describe(1 + ((0 * 100 + 23) * 2 + 1) * 4 + 3).startswith("A1>>D3: all")
    tg = load_encoding(duelhost.load("tactical_genius"))
    assert tg.describe(1) == "advance"
    assert tg.describe(2 + 0 * 30 + 11) == "place a Axe on B2"


def test_horseman_moves_are_numbered_by_their_canonical_path() -> None:
    gen = load_encoding(duelhost.load("generalissimo"))
    state = duelhost.load("generalissimo").new(seed=0)
    choices = gen.choices(state.view(0), state.legal(0), (), lambda text: True)
    up3 = 20 + 0b00_00_00  # three steps up: paths of length 3 start at 4 + 16
    assert choices[11_666 + 18 * 1364 + up3].text == "A3-A6"  # the Horseman on A3
    up2_right2 = 84 + 0b00_00_11_11
    assert choices[11_666 + 18 * 1364 + up2_right2].text == "A3-A5-C5"
    assert choices[2 + 20 * 108 + 38].text == "C3-C5"  # a Shieldman: source x destination


@pytest.mark.parametrize("game", ["multiplanetary", "tactical_genius"])
def test_multi_step_decisions_always_submit(game: str) -> None:
    """Random masked steps through whole matches: every END submits a valid submission (the
    driver would raise IllegalAction otherwise) and drafts end."""
    for seed in range(2):
        seen = _play(game, seed, 3000)
        assert seen, game
    game_obj = duelhost.load(game, **SHORT.get(game, {}))
    driver = Driver(game_obj, load_encoding(game_obj), 5)
    rng = random.Random(5)
    submitted = 0
    while not driver.state.is_over and submitted < 40:
        seat = driver.state.to_act[0]
        before = len(driver.state.history)
        choices = list(driver.choices(seat))
        driver.act(seat, rng.choice(choices[1:]) if len(choices) > 1 and rng.random() < 0.8 else 0)
        if len(driver.state.history) > before:
            entry = driver.state.history[-1]
            assert entry.kind == "submit"
            submitted += 1
    assert submitted == 40 or driver.state.is_over


def test_a_forbidden_index_raises_and_changes_nothing() -> None:
    aec = env("goofspiel", galaxies=1, planets=3)
    aec.reset(seed=3)
    with pytest.raises(duelhost.IllegalAction, match=r"index 7 \(out of range 0-2\) is not"):
        aec.step(7)
    with pytest.raises(duelhost.IllegalAction, match="no index is not allowed for seat 0"):
        aec.step(None)
    assert aec.driver.state.history == () and aec.agent_selection == "seat_0"
    par = parallel_env("goofspiel", galaxies=1, planets=3)
    par.reset(seed=3)
    with pytest.raises(duelhost.IllegalAction, match="mask allows 3: 0, 1, 2"):
        par.step({"seat_0": 0, "seat_1": 5})  # seat 0's index is fine, seat 1's is not
    assert par.driver.state.history == ()  # seat 0's was not applied either
    with pytest.raises(duelhost.ConfigError, match="illegal must be one of raise, timeout"):
        env("goofspiel", illegal="ignore")


def test_a_forbidden_index_is_a_timeout_when_asked() -> None:
    aec = env("goofspiel", galaxies=1, planets=3, illegal="timeout")
    aec.reset(seed=3)
    mask = aec.observe("seat_0")["action_mask"]
    assert list(mask) == [1, 1, 1]
    aec.step(7)  # no such fleet: seat 0 times out (GO3)
    aec.step(0)
    state = aec.driver.state
    assert [entry.kind for entry in state.history] == ["timeout", "submit"]
    assert state.view(0)["last_round"]["fleets"] == [0, 1]
    assert state.view(0)["destroyed"] == [1, 0]


def test_parallel_env_passes_for_the_seat_that_owes_nothing() -> None:
    par = parallel_env("generalissimo")
    observations, infos = par.reset(seed=0)
    assert np.flatnonzero(observations["seat_1"]["action_mask"]).tolist() == [0]  # the no-op
    assert infos["seat_0"]["view"]["to_move"] == 0
    index = int(np.flatnonzero(observations["seat_0"]["action_mask"])[0])
    observations, *_ = par.step({"seat_0": index, "seat_1": 12345})
    state = par.driver.state
    assert len(state.history) == 1 and state.history[0].seat == 0
    assert observations["seat_1"]["action_mask"].sum() > 1
    assert np.flatnonzero(observations["seat_0"]["action_mask"]).tolist() == [0]


def test_rewards_at_the_end() -> None:
    par = parallel_env("warriors_death", bouts=1, rounds=1)
    par.reset(seed=0)
    # Black Mage (25 + 1 = index 26) beats a Chocobo (0).
    _, rewards, terminations, _, infos = par.step({"seat_0": 26, "seat_1": 0})
    assert rewards == {"seat_0": 1.0, "seat_1": -1.0}
    assert all(terminations.values()) and par.agents == []
    assert infos["seat_0"]["view"]["result"]["winner"] == 0


def test_max_cycles_truncates() -> None:
    par = parallel_env("goofspiel", galaxies=1, planets=5, max_cycles=2)
    par.reset(seed=1)
    _, _, terminations, truncations, _ = par.step({"seat_0": 0, "seat_1": 1})
    assert not any(truncations.values()) and par.agents == ["seat_0", "seat_1"]
    _, rewards, terminations, truncations, _ = par.step({"seat_0": 1, "seat_1": 0})
    assert all(truncations.values()) and not any(terminations.values()) and par.agents == []
    assert rewards == {"seat_0": 0.0, "seat_1": 0.0}
    aec = env("goofspiel", galaxies=1, planets=5, max_cycles=1)
    aec.reset(seed=1)
    aec.step(0)
    assert not aec.truncations["seat_0"]
    aec.step(0)  # two steps: one cycle
    assert aec.truncations == {"seat_0": True, "seat_1": True}
    sequential = env("generalissimo", max_cycles=1)
    sequential.reset(seed=0)
    for _ in range(2):  # one move each: one cycle
        mask = sequential.observe(sequential.agent_selection)["action_mask"]
        sequential.step(int(np.flatnonzero(mask)[0]))
    assert all(sequential.truncations.values()) and not sequential.driver.state.is_over
    with pytest.raises(duelhost.ConfigError, match="max_cycles must be a positive integer"):
        env("goofspiel", max_cycles=0)


def test_goofspiel_observation_holds_the_prizes_still_to_come() -> None:
    """Layout (docs/research.md): 5 * planets + 3 * galaxies + 8 floats, the last planets +
    galaxies of them the worths of this galaxy and the galaxies' values not yet revealed."""
    game = duelhost.load("goofspiel", galaxies=2, planets=3, max_replays=0)
    encoding = load_encoding(game)
    assert encoding.observation_size == 5 * 3 + 3 * 2 + 8 == 29
    state = game.new(seed=4)
    view = state.view(0)
    first_worth, first_value = view["worth"], view["values"][view["galaxy"]]
    tail = encoding.observe(view, ())[-5:]
    # Round 1: worths other than the one shown are to come; the other galaxy's value too.
    assert tail[:3] == [0.0 if w == first_worth else 1.0 for w in (1, 2, 3)]
    assert tail[3:] == [0.0 if v == first_value else 1.0 for v in (1, 2)]
    state.submit(0, "1")
    state.submit(1, "2")
    view = state.view(1)
    second = view["worth"]
    tail = encoding.observe(view, ())[-5:]
    # Round 2: one worth of three is still to come, the one neither revealed.
    assert sum(tail[:3]) == 1.0 and tail[{1, 2, 3}.difference({first_worth, second}).pop() - 1]
    hidden = duelhost.load("goofspiel", galaxies=2, planets=3, show_history=False)
    view = hidden.new(seed=4).view(0)
    assert load_encoding(hidden).observe(view, ())[-5:-2] == [0.0, 0.0, 0.0]  # G4: no past


def test_goofspiel_without_history_is_an_environment_too() -> None:
    """Views without ``show_history`` hide the other's fleets and the timeouts (G4); the
    observation once read them and raised KeyError."""
    from pettingzoo.test import api_test

    api_test(env("goofspiel", galaxies=1, planets=5, show_history=False), num_cycles=30)


@pytest.mark.parametrize(
    "options",
    [
        {"galaxies": 1, "planets": 13, "max_replays": 0},
        {"galaxies": 3, "planets": 4, "max_replays": 2},
        {"galaxies": 2, "planets": 3, "show_history": False},
    ],
)
def test_goofspiel_observation_read_off_the_state_equals_the_views(
    options: dict[str, object],
) -> None:
    """``observe_state`` (the drivers' fast path) gives ``observe(view(seat))`` exactly, at
    every step of random matches with timeouts, replays and resignations; so do the
    observations ``observe_update`` keeps (in a list and in a NumPy array, some steps
    skipped so that a round or more passes between updates), and the masks ``mask_update``
    keeps equal those of ``choices``, with ``step_of`` giving each allowed index's step."""
    import numpy as np

    from duelhost.envs.driver import mask_of
    from duelhost.games.goofspiel.encoding import GoofspielEncoding

    game = duelhost.load("goofspiel", **options)
    encoding = load_encoding(game)
    assert isinstance(encoding, GoofspielEncoding)
    rng = random.Random(3)
    size = encoding.observation_size
    kept: list[list[float]] = [[0.0] * size, [0.0] * size]
    arrays = [np.zeros(size, np.float32), np.zeros(size, np.float32)]
    masks = [np.zeros(encoding.num_actions, np.int8), np.zeros(encoding.num_actions, np.int8)]
    marks: list[list[object]] = [[None, None], [None, None], [None, None]]

    def check_masks() -> None:
        for seat in (0, 1):
            allowed = encoding.choices({}, state.legal(seat), (), lambda text: True)
            if rng.random() < 0.8:
                marks[2][seat] = encoding.mask_update(state, seat, masks[seat], marks[2][seat])
                expected = mask_of(allowed, encoding.num_actions)
                assert masks[seat].tobytes() == expected.tobytes()
            for index, step in allowed.items():
                assert encoding.step_of(index) == step

    for seed in range(25):
        state = game.new(seed=seed)
        while True:
            for seat in (0, 1):
                fast = np.array(encoding.observe_state(state, seat, ()), dtype=np.float32)
                slow = np.asarray(encoding.observe(state.view(seat), ()), dtype=np.float32)
                assert fast.tobytes() == slow.tobytes()
                if rng.random() < 0.8:  # else this step's update is skipped
                    marks[0][seat] = encoding.observe_update(
                        state, seat, (), kept[seat], marks[0][seat]
                    )
                    assert np.array(kept[seat], dtype=np.float32).tobytes() == slow.tobytes()
                if rng.random() < 0.8:
                    marks[1][seat] = encoding.observe_update(
                        state, seat, (), arrays[seat], marks[1][seat]
                    )
                    assert arrays[seat].tobytes() == slow.tobytes()
            if state.is_over:
                check_masks()
                break
            if rng.random() < 0.01:
                state.resign(rng.randrange(2))
                continue
            for seat in (0, 1):
                check_masks()  # before each seat's move: the first seat's pending, the second's
                if rng.random() < 0.08:
                    state.timeout(seat)
                else:
                    state.submit(seat, rng.choice(state.legal(seat)))


def test_infos_without_views_when_asked() -> None:
    par = parallel_env("goofspiel", galaxies=1, planets=3, info_views=False)
    observations, infos = par.reset(seed=4)
    assert infos == {"seat_0": {}, "seat_1": {}}
    with_views = parallel_env("goofspiel", galaxies=1, planets=3)
    same, viewed = with_views.reset(seed=4)
    assert viewed["seat_0"]["view"]["seat"] == 0
    for agent in ("seat_0", "seat_1"):
        assert observations[agent]["observation"].tobytes() == same[agent]["observation"].tobytes()
    _, _, _, _, infos = par.step({"seat_0": 0, "seat_1": 2})
    assert infos == {"seat_0": {}, "seat_1": {}}
    aec = env("goofspiel", galaxies=1, planets=3, info_views=False)
    aec.reset(seed=4)
    assert aec.infos == {"seat_0": {}, "seat_1": {}}
    with pytest.raises(duelhost.ConfigError, match="info_views must be true or false"):
        parallel_env("goofspiel", info_views="no")
