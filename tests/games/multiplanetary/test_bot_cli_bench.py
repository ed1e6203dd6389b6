"""The greedy bot, the ``duelhost maps``/``rules``/``play`` commands and the benchmark scenario."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import duelhost
from duelhost.bots import SeatHandle, available_bots, make_bot, play_match
from duelhost.cli import app
from duelhost.games.multiplanetary.bench import measure
from duelhost.games.multiplanetary.maps import generate_map
from tests.games.multiplanetary.helpers import new_state, place, tick, wait

runner = CliRunner()


def test_greedy_beats_random_in_most_of_100_matches() -> None:
    """The figure in docs/games/multiplanetary.md: greedy seat alternating, seeds 0-99."""
    game = duelhost.load("multiplanetary")
    assert "greedy" in available_bots("multiplanetary")
    greedy_wins = 0
    for seed in range(100):
        greedy = seed % 2
        bots = [make_bot("random", game, seat, seed) for seat in (0, 1)]
        bots[greedy] = make_bot("greedy", game, greedy, seed)
        state = play_match(game.new(seed=seed), bots)
        greedy_wins += state.winner == greedy
    assert greedy_wins >= 95


def test_greedy_expands_from_its_home() -> None:
    state = new_state()
    bot = make_bot("greedy", state.game, 0, 0)
    wait(state, 2)  # A1: 8 ships; the cheapest valuable targets near A1: C1 (5), A3 (4)
    text = bot.act(SeatHandle(state, 0))
    assert text != "wait"
    assert state.clone().submit(0, text) == text
    targets = {order.split(">")[-1].split()[0] for order in text.split("; ")}
    assert targets & {"A3", "C1"}


def test_greedy_keeps_enough_ships_home_when_threatened() -> None:
    """Crafted: Blue owns E5 with 100 ships and sends 30 at A1 (6 ticks away)."""
    state = new_state()
    place(state, "E5", 1, 100)
    wait(state, 9)  # A1: 36 ships
    tick(state, blue="E5>A1 30")  # tick 10: lands at 16
    bot = make_bot("greedy", state.game, 0, 0)
    text = bot.act(SeatHandle(state, 0))
    sent = sum(int(order.split()[-1]) for order in text.split("; ") if order.startswith("A1"))
    assert 40 - sent >= 30  # A1 holds 40 now and keeps at least the 30 that are coming


def test_maps_generate_prints_or_writes_the_seeds_map(tmp_path: Path) -> None:
    result = runner.invoke(app, ["maps", "generate", "--seed", "4"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == generate_map(4)
    out = tmp_path / "m.json"
    result = runner.invoke(app, ["maps", "generate", "--seed", "5", "--out", str(out)])
    assert result.exit_code == 0 and "written" in result.stdout
    assert json.loads(out.read_text(encoding="utf-8")) == generate_map(5)
    state = duelhost.load("multiplanetary").new(seed=0, map=str(out))
    assert state.setup["map"] == generate_map(5)
    result = runner.invoke(app, ["maps", "check", str(out)])
    assert result.exit_code == 0 and "a valid map with" in result.stdout


def test_maps_check_reports_what_is_wrong(tmp_path: Path) -> None:
    bad = generate_map(4)
    bad["planets"][0]["ships"] = 7  # A1 must start with 0 ships
    file = tmp_path / "bad.json"
    file.write_text(json.dumps(bad), encoding="utf-8")
    result = runner.invoke(app, ["maps", "check", str(file)])
    assert result.exit_code == 2
    assert "home planet on A1 must have size 5, owner 0 and 0 ships" in result.output


def test_rules_and_play_commands() -> None:
    result = runner.invoke(app, ["rules", "multiplanetary"])
    assert result.exit_code == 0 and "Multiplanetary Empire" in result.stdout
    result = runner.invoke(
        app, ["play", "multiplanetary", "--p0", "greedy", "--p1", "random", "--seed", "3"]
    )
    assert result.exit_code == 0
    assert "tick 1: Red: wait · Blue: wait" in result.stdout
    assert "Result: Red (seat 0) wins" in result.stdout


def test_benchmark_scenario_keeps_about_50_fleets_in_flight() -> None:
    figures = measure(repeats=1)  # not a timing test: only the scenario's shape is checked
    assert 45 <= figures["mean_fleets_in_flight"] <= 55
    assert figures["kernel_ticks_per_s"] > 0
