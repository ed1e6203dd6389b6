"""Round robins (seats alternated, seeds fixed, workers), Bradley-Terry ratings, analysis."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import duelhost
from duelhost.bots import make_bot, play_match
from duelhost.bots.analysis import analyse
from duelhost.bots.budget import Budget, set_default
from duelhost.bots.tournament import ELO, Results, jobs, ratings, run
from duelhost.cli import app
from duelhost.core.errors import ConfigError

runner = CliRunner()
CLASSIC4 = {"galaxies": 1, "planets": 4}


@pytest.fixture(autouse=True)
def small_budget() -> object:
    set_default(Budget(nodes=30))
    yield
    set_default(Budget())


def test_jobs_alternate_seats_and_fix_seeds() -> None:
    found = jobs("goofspiel", CLASSIC4, ["random", "easy", "hard"], 4, 100, Budget(nodes=5))
    assert len(found) == 3 * 4
    pair = [job for job in found if job.pair == (0, 1)]
    assert [job.seats for job in pair] == [("random", "easy"), ("easy", "random")] * 2
    assert [job.seed for job in pair] == [100, 100, 101, 101]
    assert [job.first_seat for job in pair] == [0, 1, 0, 1]


def test_results_count_from_each_bot_side() -> None:
    found = jobs("goofspiel", CLASSIC4, ["random", "easy"], 6, 0, Budget(nodes=5))
    results = run(found, ["random", "easy"])
    assert results.wins[0, 1] + results.wins[1, 0] + results.draws[0, 1] == 6
    # the same matches played by hand
    game = duelhost.load("goofspiel", **CLASSIC4)
    easy_wins = 0
    for job in found:
        bots = [make_bot(job.seats[s], game, s, job.seed) for s in (0, 1)]
        winner = play_match(game.new(seed=job.seed), bots).winner
        easy_wins += winner is not None and job.seats[winner] == "easy"
    assert results.wins[1, 0] == easy_wins


def test_workers_do_not_change_results_under_a_node_budget() -> None:
    found = jobs("goofspiel", CLASSIC4, ["random", "medium"], 4, 3, Budget(nodes=10))
    one = run(found, ["random", "medium"], workers=1)
    two = run(found, ["random", "medium"], workers=2)
    assert np.array_equal(one.wins, two.wins) and np.array_equal(one.draws, two.draws)


def test_bradley_terry_two_bots_by_hand() -> None:
    """Two bots, 7 wins to 3 and one virtual draw: the likelihood 7.5 log p + 3.5 log(1-p)
    is largest at p = 7.5/11, so r = ln(7.5/3.5); its information is 11 p (1-p)."""
    results = Results(["a", "b"])
    for _ in range(7):
        results.add((0, 1), 1)
    for _ in range(3):
        results.add((0, 1), 0)
    a, b = ratings(results)
    assert a.elo == 0.0
    assert b.elo == pytest.approx(ELO * math.log(7.5 / 3.5), abs=1e-3)
    p = 7.5 / 11
    half = 1.96 / math.sqrt(11 * p * (1 - p))
    assert b.high - b.elo == pytest.approx(ELO * half, rel=1e-3)


def test_draws_count_half_and_order_three_bots() -> None:
    results = Results(["x", "y", "z"])
    for _ in range(10):
        results.add((0, 1), 1)
        results.add((1, 2), 2)
        results.add((0, 2), 2)
        results.add((0, 1), None)
    x, y, z = ratings(results)
    assert z.elo > y.elo > x.elo
    assert results.decided_rate(1, 0) == 1.0 and results.draws[0, 1] == 10


def test_tournament_command_prints_its_line_ratings_and_matrix() -> None:
    args = ["tournament", "goofspiel", "--opt", "galaxies=1", "--opt", "planets=4"]
    result = runner.invoke(
        app, [*args, "--bots", "random,easy", "--matches", "4", "--bot-nodes", "5"]
    )
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith("$ duelhost tournament goofspiel")
    assert "Bradley-Terry" in result.output and "wins-draws-losses" in result.output
    result = runner.invoke(app, [*args, "--bots", "random,chess"])
    assert result.exit_code == 2 and "no bot 'chess'" in result.output


def test_analysis_of_a_classic_record_is_exact(tmp_path: Path) -> None:
    """Classic 3 cards, prizes 1, 2, 3 in order. Seat 0 plays 2, 1, 3 against 1, 3, 2: after
    the first round it leads with {1, 3} against {2, 3}, the 2 showing; its 1 is played by the
    equilibrium (gives up 0), and seat 1's 3 gives up v - (M y)[3] for the column player:
    the game [[-1, 1], [0, -1]] for seat 0 has value -1/3 and x = (1/3, 2/3), so seat 1's
    bid 3 yields 1/3 * 1 + 2/3 * -1 = -1/3 for seat 0: nothing given up either."""
    game = duelhost.load(
        "goofspiel", galaxies=1, planets=3, planet_orders={"A": "XYZ"}, worths={"A": [1, 2, 3]}
    )
    state = game.new(seed=1)
    for a, b in (("2", "1"), ("1", "3"), ("3", "2")):
        state.submit(0, a)
        state.submit(1, b)
    notes = analyse(json.loads(state.to_json()))
    assert [(n.seat, n.played) for n in notes] == [
        (0, "2"),
        (1, "1"),
        (0, "1"),
        (1, "3"),
        (0, "3"),
        (1, "2"),
    ]
    second = notes[2]
    assert second.value == pytest.approx(-1 / 3, abs=1e-9)
    assert second.strategy == pytest.approx({"1": 1 / 3, "3": 2 / 3}, abs=1e-9)
    assert second.gave_up == pytest.approx(0.0, abs=1e-9)
    assert notes[3].value == pytest.approx(1 / 3, abs=1e-9)
    assert notes[3].gave_up == pytest.approx(0.0, abs=1e-9)


def test_analysis_counts_a_pure_mistake(tmp_path: Path) -> None:
    """Classic 2 cards, prize 2 first: bidding 1 against an opponent whose equilibrium is to
    bid 2 loses the 2 (value -1 instead of the equilibrium's 0: 1 given up)."""
    game = duelhost.load(
        "goofspiel", galaxies=1, planets=2, planet_orders={"A": "YZ"}, worths={"A": [2, 1]}
    )
    state = game.new(seed=1)
    state.submit(0, "1")
    state.submit(1, "2")
    state.submit(0, "2")
    state.submit(1, "1")
    record = tmp_path / "r.json"
    record.write_text(state.to_json())
    notes = analyse(json.loads(state.to_json()))
    assert notes[0].strategy == {"2": 1.0} and notes[0].gave_up == pytest.approx(1.0)
    assert notes[1].gave_up == pytest.approx(0.0)
    result = runner.invoke(app, ["analyse", str(record), "--out", str(tmp_path / "n.json")])
    assert result.exit_code == 0, result.output
    assert "seat 0: 2 decisions, 1.000 given up" in result.output
    assert json.loads((tmp_path / "n.json").read_text())[0]["gave_up"] == pytest.approx(1.0)


def test_the_ray_backend_without_ray_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails, as when not installed
    args = ["tournament", "goofspiel", "--bots", "random,easy", "--matches", "2"]
    args += ["--opt", "galaxies=1", "--opt", "planets=4", "--backend", "ray"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    said = " ".join(result.output.split())  # the console wraps long lines
    assert said.startswith("error: --backend ray needs Ray, which is not installed")
    assert "pip install 'duelhost[ray]'" in said
    assert "$ duelhost" not in said  # stopped before the first match


@pytest.mark.parametrize(
    ("backend", "workers", "message"),
    [
        ("spark", 1, "unknown backend 'spark': the backends are local, ray"),
        ("ray", 2, "--workers is for the local backend"),
    ],
)
def test_a_backend_that_cannot_run_is_refused(backend: str, workers: int, message: str) -> None:
    found = jobs("goofspiel", CLASSIC4, ["random", "easy"], 2, 0, Budget(nodes=5))
    with pytest.raises(ConfigError, match=message):
        run(found, ["random", "easy"], workers=workers, backend=backend)
