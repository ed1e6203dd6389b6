"""Infos whose views are made when first read (``duelhost.envs.infos``): they behave as the
dicts ``{"view": view}`` they stand for, and a view read late is the one of its step."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

np = pytest.importorskip("numpy", reason="the research extra (numpy) is not installed")
pytest.importorskip("pettingzoo", reason="the research extra (pettingzoo) is not installed")

import duelhost  # noqa: E402
from duelhost.envs import env, parallel_env  # noqa: E402
from duelhost.envs.infos import Moment, ViewInfo  # noqa: E402


def _state() -> duelhost.core.state.State:
    game = duelhost.load("goofspiel", galaxies=1, planets=3)
    state = game.new(seed=2)
    state.submit(0, "1")
    return state


def test_an_info_behaves_as_its_dict() -> None:
    state = _state()
    expected = {"view": state.view(1)}
    assert expected["view"]["submitted"] == [0]  # seat 0 has sent its fleet, seat 1 not yet
    fresh = [ViewInfo.of(Moment(state), 1) for _ in range(12)]
    assert len(fresh[0]) == 1 and "view" in fresh[0] and list(fresh[0].keys()) == ["view"]
    assert fresh[0] == expected and expected == fresh[1] and (fresh[2] != expected) is False
    assert fresh[3]["view"] == expected["view"] and fresh[4].get("view") == expected["view"]
    assert dict(fresh[5]) == expected and {**fresh[6]} == expected
    assert list(fresh[7].items()) == list(expected.items())
    assert json.loads(json.dumps(fresh[8])) == json.loads(json.dumps(expected))
    assert repr(fresh[9]) == repr(expected)
    for made in (
        copy.copy(fresh[10]),
        copy.deepcopy(fresh[11]),
        pickle.loads(pickle.dumps(fresh[0])),
    ):
        assert type(made) is dict and made == expected
    replaced = ViewInfo.of(Moment(state), 1)
    replaced["view"] = "mine"
    replaced["other"] = 3
    assert replaced == {"view": "mine", "other": 3}
    removed = ViewInfo.of(Moment(state), 1)
    del removed["view"]
    assert removed == {} and len(removed) == 0


def test_a_view_read_late_is_the_one_of_its_step() -> None:
    """Infos kept unread through a whole match (parallel and AEC) show, when read at the end,
    the views a second environment with the same seed showed at each step."""
    rng = random.Random(5)
    late, early = (parallel_env("goofspiel", galaxies=2, planets=3) for _ in range(2))
    kept = [late.reset(seed=9)[1]]
    seen = [json.dumps(early.reset(seed=9)[1], sort_keys=True)]
    while late.agents:
        masks = late.driver.mask(0), late.driver.mask(1)
        actions = {
            agent: rng.choice(np.flatnonzero(mask).tolist())
            for agent, mask in zip(("seat_0", "seat_1"), masks, strict=True)
        }
        kept.append(late.step(actions)[4])
        seen.append(json.dumps(early.step(actions)[4], sort_keys=True))
    assert [json.dumps(infos, sort_keys=True) for infos in kept] == seen
    assert kept[1]["seat_0"]["view"]["decision"] == 1  # the match moved on: a replay made it
    aec = env("goofspiel", galaxies=1, planets=3)
    aec.reset(seed=4)
    first = aec.infos["seat_1"]
    aec.step(0)
    aec.step(1)
    assert first["view"]["decision"] == 0 and aec.infos["seat_1"]["view"]["decision"] == 1
