"""Issue 28: learned responses (``duelhost.bots.learned``): a MaskablePPO run of a few hundred
steps writes a plan and its policy, which ``duelhost play --p0 plan:FILE`` plays to the end;
games and options the policy cannot play are refused before a match."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

pytest.importorskip("sb3_contrib", reason="the learn extra (sb3-contrib, PyTorch) is not installed")

import duelhost
from duelhost.bots import make_bot
from duelhost.bots.learned import PolicyBot, single_step_encoding
from duelhost.cli import app
from duelhost.core.errors import ConfigError

runner = CliRunner()
OPTIONS = ["--opt", "galaxies=1", "--opt", "planets=4"]


def test_a_short_run_writes_a_policy_plan_that_play_and_tournament_take(tmp_path: Path) -> None:
    out = tmp_path / "learned.json"
    args = ["exploit", "goofspiel", "--bot", "random", "--method", "learned", *OPTIONS]
    result = runner.invoke(app, [*args, "--steps", "200", "--evaluation", "4", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "MaskablePPO policy learned.policy.zip, 200 steps" in result.output
    plan = json.loads(out.read_text(encoding="utf-8"))
    assert plan["family"] == "policy" and plan["data"]["policy"] == "learned.policy.zip"
    assert plan["found"]["evaluation"]["matches"] == 4
    assert (tmp_path / "learned.policy.zip").is_file()
    played = runner.invoke(app, ["play", "goofspiel", *OPTIONS, "--p0", f"plan:{out}", "--quiet"])
    assert played.exit_code == 0 and "Result" in played.output, played.output
    tournament = runner.invoke(
        app, ["tournament", "goofspiel", *OPTIONS, "--bots", f"plan:{out},easy", "--matches", "2"]
    )
    assert tournament.exit_code == 0, tournament.output
    other = duelhost.load("goofspiel", galaxies=1, planets=5)
    with pytest.raises(ConfigError, match="trained for other options"):
        make_bot(f"plan:{out}", other, 0, 0)
    bot = make_bot(f"plan:{out}", duelhost.load("goofspiel", galaxies=1, planets=4), 1, 0)
    assert isinstance(bot, PolicyBot)
    (tmp_path / "learned.policy.zip").rename(tmp_path / "gone.zip")
    plan["data"]["policy"] = "missing.zip"
    out.write_text(json.dumps(plan), encoding="utf-8")
    with pytest.raises(ConfigError, match=r"policy file .* is missing"):
        make_bot(f"plan:{out}", other, 0, 0)


def test_only_games_of_one_step_decisions_learn() -> None:
    assert single_step_encoding(duelhost.load("warriors_death")).num_actions > 0
    with pytest.raises(ConfigError, match="several steps"):
        single_step_encoding(duelhost.load("tactical_genius"))
