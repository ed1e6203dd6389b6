"""``duelhost analyse`` works on a record of every game: the equilibrium method where the hard
bot values matrix games, the hard bot's evaluation in the four board games (Generalissimo,
Multiplanetary, Tactical Genius, /TACTIC/)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

import duelhost
from duelhost.bots.analysis import analyse, think_budget
from duelhost.bots.budget import Budget
from duelhost.cli import app
from duelhost.core.record import Record

GAMES = {
    "goofspiel": ({"galaxies": 1, "planets": 4}, "equilibrium"),
    "warriors_death": ({"bouts": 1, "rounds": 3}, "equilibrium"),
    "generalissimo": ({}, "evaluation"),
    "multiplanetary": ({}, "evaluation"),
    "tactical_genius": ({}, "evaluation"),
    "tactic": ({}, "evaluation"),
}


def _record(game_name: str, options: dict[str, object], decisions: int) -> str:
    """A short match of random moves, resigned by seat 1 if it lasts longer."""
    state = duelhost.load(game_name, **options).new(seed=2)
    rng = random.Random(2)
    while not state.is_over and state.decision < decisions:
        for seat in state.to_act:
            state.submit(seat, state.sample(seat, rng))
    if not state.is_over:
        state.resign(1)
    return state.to_json()


@pytest.mark.parametrize("game_name", sorted(GAMES))
def test_analyse_a_record_of_every_game(game_name: str, tmp_path: Path) -> None:
    options, method = GAMES[game_name]
    text = _record(game_name, options, 4)
    path = tmp_path / "record.json"
    path.write_text(text)
    out = tmp_path / "notes.json"
    result = CliRunner().invoke(app, ["analyse", str(path), "--bot-nodes", "4", "--out", str(out)])
    assert result.exit_code == 0, result.output
    notes = json.loads(out.read_text())
    submitted = [n for n in notes if n["kind"] == "submit"]
    assert submitted, "the record has no submission"
    used = {n["method"] for n in submitted}
    assert used == {method} if method else used <= {"evaluation", "random playouts"}
    for note in submitted:
        assert -1 <= note["value"] <= 1
        assert note["gave_up"] is None or note["gave_up"] >= 0
        assert note["best"] is not None
        if method == "evaluation":
            # The bot values the submission played (random here) even if it would not make it.
            assert note["played"] in note["values"] and note["after"] is not None
            assert note["gave_up"] == pytest.approx(note["value"] - note["after"])
    assert "seat 0:" in result.output and "method:" in result.output


def test_a_resignation_has_no_value_and_the_deadline_holds() -> None:
    """A resignation is noted without a value; past the deadline (here at once) decisions
    are noted "not analysed"."""
    text = _record("generalissimo", {}, 2)
    notes = analyse(json.loads(text), budget=Budget(nodes=2), deadline=0.0)
    assert notes[-1].kind == "resign" and notes[-1].value is None
    assert all(n.method == "not analysed" for n in notes if n.kind == "submit")


def test_a_deadline_shares_a_time_budget_between_the_submissions() -> None:
    """Issue 28: under a time budget each submission's bot thinks at most its even share of
    ``THINK_SHARE`` (0.8) of the deadline; a node budget is left as it is."""
    record = Record.from_dict(json.loads(_record("goofspiel", {"galaxies": 1, "planets": 4}, 9)))
    # Four rounds of two submissions: 0.8 * 4 s / 8 = 0.4 s, below the budget's 1 s.
    assert sum(1 for e in record.history if e.kind == "submit") == 8
    assert think_budget(record, Budget(1.0), 4.0) == Budget(0.4)
    # 0.8 * 40 s / 8 = 4 s: the budget's 1 s is smaller.
    assert think_budget(record, Budget(1.0), 40.0) == Budget(1.0)
    assert think_budget(record, Budget(1.0), None) == Budget(1.0)
    assert think_budget(record, Budget(nodes=5), 4.0) == Budget(nodes=5)


def test_each_note_is_handed_over_as_soon_as_it_is_made() -> None:
    """``on_note`` gets every note in the record's order while the analysis runs (the server's
    202 answers carry them, so the replay viewer shows each at once): when the second note is
    handed over, the progress has counted only the first entry."""
    text = _record("goofspiel", {"galaxies": 1, "planets": 3}, 9)
    handed: list[tuple[int, int]] = []  # (the note's entry, entries done when it came)
    done = [0]

    def progress(finished: int, total: int) -> None:
        done[0] = finished

    notes = analyse(
        json.loads(text),
        progress,
        budget=Budget(nodes=4),
        on_note=lambda note: handed.append((note.entry, done[0])),
    )
    # 3 rounds of 2 submissions: 6 entries, each handed over before its own progress tick.
    assert handed == [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]
    assert [n.entry for n in notes] == [0, 1, 2, 3, 4, 5]
