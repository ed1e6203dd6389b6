"""Goofspiel's extra benchmark: duelhost against OpenSpiel's built-in ``goofspiel``.

Both engines play random matches of classic Goofspiel in the same run: OpenSpiel's
``goofspiel`` with ``num_cards=N`` (random point order, chance outcomes sampled) and ours with
``galaxies=1, planets=N, max_replays=0`` (a tied match is a draw there, as in OpenSpiel). N is
``planets`` when ``--opt galaxies=1`` is given, otherwise 13. Ours is timed twice: through the
random bot and the match runner (as the generic benchmark plays), and with the same bare loop
as OpenSpiel's (``legal`` + ``rng.choice`` + ``submit``), so the ratio compares like with like.
Times are CPU seconds of this process (the machine is shared: wall time would count the
others' work).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import duelhost
from duelhost.bench import random_match
from duelhost.core.registry import Game

CLASSIC_CARDS = 13


def _cards(options: dict[str, Any]) -> int:
    """The classic configuration equivalent to the options given (13 cards unless one galaxy)."""
    chosen = duelhost.load("goofspiel", **options).options
    return int(chosen["planets"]) if chosen["galaxies"] == 1 else CLASSIC_CARDS


def time_ours_runner(game: Game, matches: int) -> float:
    """CPU seconds per random match through the random bot and the match runner."""
    start = time.process_time()
    for seed in range(matches):
        random_match(game, seed)
    return (time.process_time() - start) / matches


def time_ours_loop(game: Game, matches: int) -> float:
    """CPU seconds per random match with OpenSpiel's loop: legal actions, a random choice each."""
    rng = random.Random(1)
    start = time.process_time()
    for seed in range(matches):
        state = game.new(seed=seed)
        while not state.is_over:
            first = rng.choice(state.legal(0))
            second = rng.choice(state.legal(1))
            state.submit(0, first)
            state.submit(1, second)
    return (time.process_time() - start) / matches


def time_parallel_env(cards: int, matches: int, info_views: bool = True) -> float | None:
    """CPU seconds per random match through PettingZoo's ``parallel_env``: each agent's index
    drawn by ``random.choice`` among its mask's allowed ones (``np.flatnonzero``), as the bare
    loop draws among ``legal()``, so the ratio is the wrapper's; None without the research
    extra. ``info_views=False``: infos without the seats' views."""
    try:
        import numpy as np

        from duelhost.envs import parallel_env
    except ImportError:
        return None
    env = parallel_env("goofspiel", galaxies=1, planets=cards, max_replays=0, info_views=info_views)
    rng = random.Random(1)
    start = time.process_time()
    for seed in range(matches):
        observations, _ = env.reset(seed=seed)
        while env.agents:
            chosen = {
                agent: rng.choice(np.flatnonzero(observations[agent]["action_mask"]).tolist())
                for agent in env.agents
            }
            observations, _, _, _, _ = env.step(chosen)
    return (time.process_time() - start) / matches


BLOCKS = 10
"""The wrapper's ratio is the least CPU time per match of this many blocks of each side, the
sides in turn (as ``timeit`` takes the least of its repeats): on a shared machine a single
timing of each side measures the load of its moment as much as the code."""


def least_of_blocks(game: Game, cards: int, matches: int) -> tuple[float, float, float] | None:
    """The least per-match CPU time over ``BLOCKS`` blocks of ``matches // BLOCKS`` matches
    each of the bare loop, ``parallel_env`` and ``parallel_env`` without views, in turn; None
    without the research extra."""
    block = max(1, matches // BLOCKS)
    times: list[list[float]] = [[], [], []]
    for _ in range(BLOCKS):
        times[0].append(time_ours_loop(game, block))
        for side, views in ((1, True), (2, False)):
            wrapped = time_parallel_env(cards, block, info_views=views)
            if wrapped is None:
                return None
            times[side].append(wrapped)
    return min(times[0]), min(times[1]), min(times[2])


def time_openspiel(cards: int, matches: int) -> float:
    """CPU seconds per random match of OpenSpiel's ``goofspiel`` (pyspiel must be importable)."""
    import pyspiel

    game = pyspiel.load_game("goofspiel", {"num_cards": cards, "points_order": "random"})
    rng = random.Random(1)
    start = time.process_time()
    for _ in range(matches):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_actions(
                    [rng.choice(state.legal_actions(0)), rng.choice(state.legal_actions(1))]
                )
    return (time.process_time() - start) / matches


def extra(
    matches: int, options: dict[str, Any], say: Callable[[str], None]
) -> list[tuple[str, str]]:
    """Rows for ``duelhost bench goofspiel``: OpenSpiel vs duelhost on classic Goofspiel."""
    cards = _cards(options)
    ours = duelhost.load("goofspiel", galaxies=1, planets=cards, max_replays=0)
    label = f"classic {cards}-card"
    runner = time_ours_runner(ours, matches)
    loop = time_ours_loop(ours, matches)
    rows = [
        (f"duelhost {label}, random bot: ms per match", f"{1000 * runner:.3f}"),
        (f"duelhost {label}, bare loop: ms per match", f"{1000 * loop:.3f}"),
    ]
    wrapped = least_of_blocks(ours, cards, matches)
    if wrapped is not None:
        least_loop, with_views, without_views = wrapped
        rows.append((f"PettingZoo parallel_env {label}: ms per match", f"{1000 * with_views:.3f}"))
        rows.append(
            (f"the same bare loop, {BLOCKS} blocks: ms per match", f"{1000 * least_loop:.3f}")
        )
        rows.append(("ratio parallel_env / bare loop", f"{with_views / least_loop:.2f}"))
        rows.append(("the same, info_views=False: ms per match", f"{1000 * without_views:.3f}"))
        ratio = without_views / least_loop
        rows.append(("ratio parallel_env (info_views=False) / bare loop", f"{ratio:.2f}"))
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        message = (
            "OpenSpiel is not installed (pip install 'duelhost[research]'): comparison skipped"
        )
        say(message)
        rows.append(("OpenSpiel goofspiel", "not installed: comparison skipped"))
        return rows
    theirs = time_openspiel(cards, matches)
    rows.append((f"OpenSpiel goofspiel num_cards={cards}: ms per match", f"{1000 * theirs:.3f}"))
    rows.append(("ratio duelhost bare loop / OpenSpiel", f"{loop / theirs:.2f}"))
    rows.append(("ratio duelhost random bot / OpenSpiel", f"{runner / theirs:.2f}"))
    return rows
