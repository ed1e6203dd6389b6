"""CFR on duelhost's classic Goofspiel against OpenSpiel's C++ ``goofspiel``, in one run.

``python -m duelhost.games.goofspiel.cfr_bench --cards 3 --iterations 5`` times CFR iterations on
``convert_to_turn_based`` of ``duelhost_goofspiel(galaxies=1,planets=N,max_replays=0)`` and of
OpenSpiel's ``goofspiel(num_cards=N,imp_info=False,points_order=random,returns_type=win_loss)``,
with OpenSpiel's Python ``CFRSolver`` (the algorithm's own cost the same on both sides) and its
C++ ``CFRSolver``, each side in turn. Times are CPU seconds of this process (the machine is
shared: wall time would count the others' work); the ratio is what to read
(docs/performance.md).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any


def _time(game: Any, make: Callable[[Any], Any], iterations: int) -> tuple[float, float]:
    """CPU seconds to make the solver, and per iteration."""
    start = time.process_time()
    solver = make(game)
    made = time.process_time()
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    return made - start, (time.process_time() - made) / iterations


def compare(cards: int, iterations: int) -> list[tuple[str, float, float, float, float]]:
    """For each solver: (name, our set-up, our iteration, OpenSpiel's set-up, its iteration),
    CPU seconds."""
    try:
        import pyspiel
        from open_spiel.python.algorithms import cfr
    except ImportError as error:
        raise SystemExit(
            "this benchmark runs OpenSpiel's CFR: install the research extra "
            "(pip install -e '.[research]')"
        ) from error

    import duelhost.openspiel  # noqa: F401 - registers duelhost_<name>

    ours = f"duelhost_goofspiel(galaxies=1,planets={cards},max_replays=0)"
    theirs = (
        f"goofspiel(num_cards={cards},imp_info=False,points_order=random,returns_type=win_loss)"
    )
    solvers: list[tuple[str, Callable[[Any], Any]]] = [
        ("Python CFRSolver", cfr.CFRSolver),
        ("C++ CFRSolver", pyspiel.CFRSolver),
    ]
    rows = []
    for label, make in solvers:
        mine = _time(pyspiel.convert_to_turn_based(pyspiel.load_game(ours)), make, iterations)
        other = _time(pyspiel.convert_to_turn_based(pyspiel.load_game(theirs)), make, iterations)
        rows.append((label, mine[0], mine[1], other[0], other[1]))
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=5)
    args = parser.parse_args(argv)
    for label, setup, step, their_setup, their_step in compare(args.cards, args.iterations):
        print(
            f"{label}, N = {args.cards}: duelhost set-up {1000 * setup:.1f} ms, "
            f"{1000 * step:.2f} ms per iteration; OpenSpiel's goofspiel set-up "
            f"{1000 * their_setup:.2f} ms, {1000 * their_step:.3f} ms "
            f"per iteration; ratio per iteration {step / their_step:.1f}"
        )


if __name__ == "__main__":
    main()
