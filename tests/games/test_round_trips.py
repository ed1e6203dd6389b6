"""Properties over every game (issue 32, section 7), in seeded random matches:

- every legal action round-trips through the game's action encoding (its index decodes to the
  same action), in at least 200 matches per game;
- a state survives ``pickle``, ``copy.deepcopy`` and OpenSpiel's serialize round trip at every
  step: the same ``to_json``, views, legal actions and information-state strings.

Matches are short where a game is long (a step cap per match), so each game takes seconds.
Seeds are fixed (match ``i`` uses seed ``BASE + i``); ``DUELHOST_PROPERTY_SEED=N`` shifts
``BASE`` to explore other matches, and every failure names its game, seed and step.
"""

from __future__ import annotations

import copy
import importlib
import json
import os
import pickle
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import duelhost
from duelhost.core.encoding import SingleStep, Step
from duelhost.core.state import State

GAMES = duelhost.list_games()
BASE = int(os.environ.get("DUELHOST_PROPERTY_SEED", "0"))
OPTIONS: dict[str, dict[str, Any]] = {"multiplanetary": {"max_ticks": 30}, "tactic": {}}
STEPS = {"generalissimo": 6, "multiplanetary": 6, "tactic": 20, "tactical_genius": 8}
"""Decisions per match in the encoding test (a whole match where absent)."""


def _matches(game: str, count: int, steps: int) -> Iterator[tuple[int, int, State]]:
    """``(seed, step, state)`` at every decision of ``count`` random matches (uniformly
    random legal submissions), at most ``steps`` decisions each."""
    for number in range(count):
        seed = BASE + number
        state = duelhost.load(game, **OPTIONS.get(game, {})).new(seed=seed)
        rng = random.Random(seed)
        for step in range(steps):
            if state.is_over:
                break
            yield seed, step, state
            for seat in state.to_act:
                state.submit(seat, rng.choice(state.legal(seat)))


def _encoding(game: str) -> Any:
    duel = duelhost.load(game, **OPTIONS.get(game, {}))
    module = importlib.import_module(f"duelhost.games.{game}.encoding")
    return module.encoding(duel.options)


def _decoded(
    encoding: Any, text: str, legal: list[str], view: dict[str, Any], steps: dict[int, Step]
) -> str:
    """The action one legal item's index stands for, read back from the index alone (for a
    multi-step encoding, what a draft of that one step submits); ``steps``: the single-step
    encoding's choices."""
    index = encoding.index_of(text, legal, view)
    assert 0 <= index < encoding.num_actions, (text, index)
    if isinstance(encoding, SingleStep):
        step = steps[index]
        assert step.text is not None
        return step.text
    if hasattr(encoding, "submission"):  # Tactical Genius
        return str(encoding.submission(view, (index,)))
    texts, _ = encoding.orders(legal, (index,))
    return str(texts[0])


def _comparable(text: str) -> str:
    """A Tactical Genius placement without its unit's name (the encoding names the units it
    places itself, ``legal()`` names them otherwise)."""
    if text.startswith("place "):
        return " ".join(w for n, w in enumerate(text.split()) if n != 1)
    return text


@pytest.mark.parametrize("game", GAMES)
def test_every_legal_action_round_trips_through_the_encoding(game: str) -> None:
    encoding = _encoding(game)
    met: set[str] = set()
    for seed, step, state in _matches(game, 200, STEPS.get(game, 10_000)):
        for seat in state.to_act:
            legal = state.legal(seat)
            view = state.view(seat)
            steps: dict[int, Step] = {}
            if isinstance(encoding, SingleStep):
                steps = encoding.choices(view, legal, (), lambda _: True)
                assert len(steps) == len(legal), f"{game} seed {seed}: two actions, one index"
            for text in legal:
                if not isinstance(encoding, SingleStep) and text in ("pass", "wait"):
                    continue  # END of an empty draft: index 0, no item to decode
                where = f"{game} seed {seed} step {step} seat {seat}: {text!r}"
                try:
                    back = _decoded(encoding, text, legal, view, steps)
                except (ValueError, KeyError, IndexError) as error:
                    raise AssertionError(f"{where} has no index: {error!r}") from error
                assert _comparable(back) == _comparable(text), f"{where} decodes to {back!r}"
                met.add(text)
    assert met, game


def _snapshot(state: State) -> tuple[Any, ...]:
    return (
        state.to_json(),
        [json.dumps(state.view(seat), sort_keys=True) for seat in (0, 1, None)],
        [sorted(state.legal(seat)) for seat in state.to_act],
        state.to_act,
    )


COPIES: dict[str, Callable[[State], State]] = {
    "pickle": lambda state: pickle.loads(pickle.dumps(state)),
    "deepcopy": copy.deepcopy,
}


@pytest.mark.parametrize("game", GAMES)
def test_a_state_survives_pickle_and_deepcopy_at_every_step(game: str) -> None:
    """Before the fix, /TACTIC/'s ability rows (compared by identity) were copied, so a
    King's AT change from an adjacent Check was lost in the copy."""
    steps = 0
    for seed, step, state in _matches(game, 3, 30):
        expected = _snapshot(state)
        for how, make_copy in COPIES.items():
            other = make_copy(state)
            assert _snapshot(other) == expected, f"{game} seed {seed} step {step}: {how}"
            # The copy goes on as the original does.
            seat = state.to_act[0]
            text = random.Random(seed * 1000 + step).choice(state.legal(seat))
            assert other.submit(seat, text) == state.clone().submit(seat, text)
        steps += 1
    assert steps >= 30, game


def _information(state: Any) -> tuple[Any, ...]:
    """What OpenSpiel's algorithms read of a state."""
    import pyspiel

    if state.is_terminal():
        return (True, state.returns(), str(state))
    player = state.current_player()
    if player == pyspiel.PlayerId.CHANCE:
        return (player, state.chance_outcomes())
    return (
        player,
        [state.information_state_string(p) for p in (0, 1)],
        [state.observation_string(p) for p in (0, 1)],
        [state.legal_actions(p) for p in (0, 1)],
        str(state),
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_state_survives_the_openspiel_serialize_round_trip(game: str) -> None:
    pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    from duelhost.openspiel.game import DuelhostGame

    openspiel_game = DuelhostGame(game, OPTIONS.get(game, {}))
    steps = 0
    for number in range(2):
        seed = BASE + number
        rng = random.Random(seed)
        state = openspiel_game.new_initial_state()
        for step in range(25):
            if state.is_terminal():
                break
            back = openspiel_game.deserialize_state(state.serialize())
            assert _information(back) == _information(state), f"{game} seed {seed} step {step}"
            player = state.current_player()
            if player == pyspiel.PlayerId.CHANCE:
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
            elif player == pyspiel.PlayerId.SIMULTANEOUS:
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in (0, 1)])
            else:
                state.apply_action(rng.choice(state.legal_actions(player)))
            steps += 1
    assert steps >= 25, game
