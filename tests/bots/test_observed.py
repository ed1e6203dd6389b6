"""Issue 28: best responses to a bot's observed play (``duelhost.bots.observed``): the model
fitted on a hand-made record, Goofspiel's and A Warrior's Death's responses worked out by hand,
the plan file and ``duelhost exploit --method observed`` run small."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import duelhost
from duelhost.bots import SeatHandle, make_bot
from duelhost.bots.exploit import Settings
from duelhost.bots.observed import ObservedBot, find_observed, fit, responder
from duelhost.cli import app
from duelhost.core.errors import ConfigError

runner = CliRunner()


def test_the_model_is_each_choice_share_at_its_key() -> None:
    records = [("a", "1"), ("a", "2"), ("b", "3"), ("a", "1")]
    assert fit(records) == {"a": {"1": 2 / 3, "2": 1 / 3}, "b": {"3": 1.0}}
    assert fit([]) == {}


def test_goofspiel_answers_a_tiny_model_by_hand() -> None:
    # Classic 3-card Goofspiel: keys "1:worth". The bot bids 1 on the 1, 3 on the 2, and 2 or 3
    # (half each) on the 3. Gains (worth x (P(ours larger) - P(theirs larger))) of fleet f:
    # worth 1: f=1 0, f=2 +1, f=3 +1; worth 2: f=1 -2, f=2 -2, f=3 0;
    # worth 3: f=1 -3, f=2 3 x (0 - 1/2) = -1.5, f=3 3 x (1/2 + 0) = +1.5.
    # The six assignments: (1,2,3) -0.5, (1,3,2) -1.5, (2,1,3) +0.5, (2,3,1) -2, (3,1,2) -2.5,
    # (3,2,1) -4: the best gives up the 2 (the bot bids 3 there).
    game = duelhost.load("goofspiel", galaxies=1, planets=3)
    model = {"1:1": {"1": 1.0}, "1:2": {"3": 1.0}, "1:3": {"2": 0.5, "3": 0.5}}
    table = responder("goofspiel").respond(game, model)
    assert table == {"1:1": "2", "1:2": "1", "1:3": "3"}
    state = game.new(seed=0)
    handle = SeatHandle(state, 0)
    worth = state.view(0)["worth"]
    assert ObservedBot(responder("goofspiel"), table).act(handle) == table[f"1:{worth}"]


def test_goofspiel_keys_by_the_galaxy_value_and_the_worth() -> None:
    # Seed 1, seven galaxies: the first planet is worth 6 in galaxy E of value 5.
    state = duelhost.load("goofspiel").new(seed=1)
    assert responder("goofspiel").feature(SeatHandle(state, 1)) == "5:6"
    # A key the table lacks (or a fleet spent) falls back to the nearest legal fleet.
    assert ObservedBot(responder("goofspiel"), {}).act(SeatHandle(state, 0)) == "6"


def test_warriors_death_answers_by_hand() -> None:
    # Round 1: the bot plays its Black Mage. Any unit that loses to it scores its strength s in
    # death and the Black Mage 3 + s (Paradox): margin -3; the Astrologian predicting it is
    # 1 + 9 = 10, wins, 3 + 10 in death against the Black Mage's 9: +4, the only gain.
    # Round 2: the bot plays a Chocobo. The Dragoon wins with 8 >= 0 + 6: 3 + 11 = 14 (the
    # Reaper 3 + 6 = 9, the Black Mage 3 + 0, the Astrologian predicting it 3 + 1).
    game = duelhost.load("warriors_death", rounds=2)
    model = {"1": {"Black Mage": 1.0}, "2": {"Chocobo": 1.0}}
    table = responder("warriors_death").respond(game, model)
    assert table == {"1": "Astrologian predicting Black Mage", "2": "Dragoon"}
    state = game.new(seed=0)
    assert ObservedBot(responder("warriors_death"), table).act(SeatHandle(state, 0)) == table["1"]


def test_a_response_to_bid_the_prize_wins_every_match(tmp_path: Path) -> None:
    # Classic 4-card Goofspiel; "easy" bids the prize, so the model is "the worth" at every
    # key, and the best assignment outbids it by one on 1-3 and gives up the 4 (gains
    # 1 + 2 + 3 - 4 = 2; bidding the prize too gains 0): 6 points to 4 every match.
    game = duelhost.load("goofspiel", galaxies=1, planets=4)
    found = find_observed(game, "easy", 16, Settings(1, 1, 2, 1, 4, 0))
    assert found.plan.data["table"] == {"1:1": "2", "1:2": "3", "1:3": "4", "1:4": "1"}
    assert found.plan.data["model"] == {f"1:{w}": {str(w): 1.0} for w in range(1, 5)}
    assert (found.score.wins, found.score.matches) == (4, 4)
    path = tmp_path / "observed.json"
    found.plan.save(path)
    bot = make_bot(f"plan:{path}", game, 0, 0)
    assert isinstance(bot, ObservedBot) and bot.table == found.plan.data["table"]
    data = json.loads(path.read_text(encoding="utf-8"))
    data["data"]["table"] = {"1:1": 2}
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ConfigError, match="table of text keys"):
        make_bot(f"plan:{path}", game, 0, 0)


def test_the_command_runs_small_and_play_takes_the_plan(tmp_path: Path) -> None:
    out = tmp_path / "o.json"
    options = ["--opt", "galaxies=1", "--opt", "planets=4"]
    args = ["exploit", "goofspiel", "--bot", "easy", "--method", "observed", *options]
    small = ["--generations", "2", "--matches", "2", "--validation", "2", "--evaluation", "4"]
    result = runner.invoke(app, [*args, *small, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "a response table of 4 entries" in result.output
    assert "won 4 of 4" in result.output
    played = runner.invoke(app, ["play", "goofspiel", *options, "--p0", f"plan:{out}", "--quiet"])
    assert played.exit_code == 0 and "Result" in played.output, played.output
    refused = runner.invoke(
        app, ["exploit", "multiplanetary", "--bot", "easy", "--method", "observed"]
    )
    assert refused.exit_code == 2 and "declares no response to observed play" in refused.output
    mixed = runner.invoke(app, [*args, "--family", "table"])
    assert mixed.exit_code == 2 and "needs --method family" in mixed.output
