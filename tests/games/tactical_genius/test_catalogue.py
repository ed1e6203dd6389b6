"""Tactical Genius's army catalogue and the search levels' building second (``catalogue.py``)."""

from __future__ import annotations

from typing import Any

import duelhost
from duelhost.bots import SeatHandle, make_bot
from duelhost.bots.budget import Budget, using
from duelhost.core.registry import Game
from duelhost.core.state import State
from duelhost.games.tactical_genius.catalogue import SHAPE, army, cells, shares, unit_text
from duelhost.games.tactical_genius.search import PhaseSearchBot


def test_points_are_split_as_evenly_as_whole_points_go() -> None:
    assert shares(40, 3) == [14, 13, 13]
    assert shares(10, 3) == [4, 3, 3]
    assert shares(12, 4) == [3, 3, 3, 3]


def test_a_unit_of_the_shape_spends_its_share() -> None:
    """Share 14: 3 for the unit, 5 attack, 2 defense, 1 speed, 1 for the skill, 2 left as
    health. Share 10: 3 + 5 attack + 2 defense, nothing left for speed or the skill. Share 6:
    3 + 3 attack."""
    text, cost = unit_text("Gr1", "Sword", "D2", "0.26", 14, "riposte", SHAPE)
    assert text == "place Gr1 Sword D2 bonus=0.26 hp=2 atk=5 def=2 spd=1 skills=riposte"
    assert cost == 14
    text, cost = unit_text("Gr2", "Sword", "D1", "0.24", 10, "riposte", SHAPE)
    assert text == "place Gr2 Sword D1 bonus=0.24 atk=5 def=2"
    assert cost == 10
    text, cost = unit_text("Bl1", "Gun", "H2", "0.25", 6, "quickdraw", SHAPE)
    assert text == "place Bl1 Gun H2 bonus=0.25 atk=3"
    assert cost == 6


def _unit(seat: int, cell: str, name: str = "X1") -> dict[str, Any]:
    return {"name": name, "seat": seat, "cell": cell, "alive": True}


def test_cells_front_first_and_never_behind_an_enemy() -> None:
    """Green's melee armies fill column D (middle, top, bottom rows), then C; ranged ones C,
    then B, A and D last. A Blue unit on C2 puts D2 behind it (the enemy stands between D2 and
    Green's edge, TG7) but not B2, and C2 is taken; a Green unit on D1 takes D1."""
    empty: dict[str, Any] = {"units": []}
    assert cells(empty, 0, ranged=False, count=4) == ["D2", "D1", "D3", "C2"]
    assert cells(empty, 0, ranged=True, count=4) == ["C2", "C1", "C3", "B2"]
    assert cells(empty, 1, ranged=False, count=3) == ["G2", "G1", "G3"]
    assert cells(empty, 1, ranged=True, count=3) == ["H2", "H1", "H3"]
    crowded = {"units": [_unit(1, "C2"), _unit(0, "D1", "Y1")]}
    assert cells(crowded, 0, ranged=False, count=4) == ["D3", "C1", "C3", "B2"]


def _fresh(seed: int) -> tuple[Game, State]:
    game = duelhost.load("tactical_genius")
    return game, game.new(seed=seed)


def test_the_catalogue_army_spends_all_forty_points() -> None:
    """Green's Axe army on an empty board: 40 points as 14 + 13 + 13, on D2, D1, D3, with
    Green's three largest bonuses; once placed, no point is left."""
    _, state = _fresh(3)
    handle = SeatHandle(state, 0)
    view = handle.view()
    bonuses = view["bonuses"][0][:3]
    text = army(view, 0, "Axe", handle.helper("type_info"))
    assert text == (
        f"place Gr1 Axe D2 bonus={bonuses[0]} hp=2 atk=5 def=2 spd=1 skills=whirlwind; "
        f"place Gr2 Axe D1 bonus={bonuses[1]} hp=1 atk=5 def=2 spd=1 skills=whirlwind; "
        f"place Gr3 Axe D3 bonus={bonuses[2]} hp=1 atk=5 def=2 spd=1 skills=whirlwind"
    )
    state.submit(0, text)
    state.submit(1, "pass")
    after = state.view(0)
    assert after["points_left"][0] == 0
    assert [u["cell"] for u in after["units"] if u["seat"] == 0] == ["D2", "D1", "D3"]


def _level(name: str, game: Game, seat: int, seed: int) -> PhaseSearchBot:
    with using(Budget(nodes=30)):
        bot = make_bot(name, game, seat, seed)
    assert isinstance(bot, PhaseSearchBot)
    return bot


def test_hard_waits_for_the_other_army_then_builds_one_of_the_catalogue() -> None:
    """Against the greedy bot (which builds in round 1), ``hard`` places nothing in round 1,
    has nothing to order in round 2's command phase, and in round 2's reinforcement builds
    one catalogue army: three units of one type, 40 points, the shape's stats."""
    game, state = _fresh(4)
    hard = _level("hard", game, 0, 4)
    greedy = make_bot("greedy", game, 1, 4)
    played = []
    for _ in range(3):
        texts = {0: hard.act(SeatHandle(state, 0)), 1: greedy.act(SeatHandle(state, 1))}
        played.append(texts[0])
        for seat, text in texts.items():
            state.submit(seat, text)
    assert played[:2] == ["pass", "pass"]
    items = played[2].split("; ")
    assert len(items) == 3
    kinds = {item.split()[2] for item in items}
    assert len(kinds) == 1
    assert [item.split()[5:9] for item in items] == [
        ["hp=2", "atk=5", "def=2", "spd=1"],
        ["hp=1", "atk=5", "def=2", "spd=1"],
        ["hp=1", "atk=5", "def=2", "spd=1"],
    ]
    assert state.view(0)["points_left"][0] == 0
    assert hard.army_type == kinds.pop()


def test_medium_waits_one_round_and_hard_two() -> None:
    """Both seats place nothing in round 1: in round 2's reinforcement ``medium`` builds
    (blind), ``hard`` still waits, so against ``medium`` it sees the army before building."""
    game, state = _fresh(6)
    for _ in range(2):  # round 1's reinforcement, round 2's command phase
        for seat in (0, 1):
            state.submit(seat, "pass")
    assert (state.view(0)["round"], state.view(0)["phase"]) == (2, "reinforcement")
    assert _level("hard", game, 0, 6).act(SeatHandle(state, 0)) == "pass"
    built = _level("medium", game, 0, 6).act(SeatHandle(state, 0))
    assert len(built.split("; ")) == 3
    trial = state.clone()
    trial.submit(0, built)
    trial.submit(1, "pass")
    assert trial.view(0)["points_left"][0] == 0
    # In round 3, the other seat still showing nothing, hard shows its bait (next test).
    for seat in (0, 1):
        state.submit(seat, "pass")
    for seat in (0, 1):
        state.submit(seat, "pass")
    assert (state.view(0)["round"], state.view(0)["phase"]) == (3, "reinforcement")
    assert len(_level("hard", game, 0, 6).act(SeatHandle(state, 0)).split("; ")) == 1


def _to_reinforcement(state: State, hard: PhaseSearchBot, other: str = "pass") -> str:
    """Pass the other seat through the next command phase (hard's orders played), then
    hard's reinforcement; the other seat submits ``other`` there."""
    if state.view(0)["phase"] == "command":
        state.submit(0, hard.act(SeatHandle(state, 0)))
        state.submit(1, "pass")
    text = hard.act(SeatHandle(state, 0))
    state.submit(0, text)
    state.submit(1, other)
    return text


def test_hard_shows_a_bait_to_a_seat_that_waits_then_answers_its_army() -> None:
    """Nothing on the board after hard's two rounds of waiting: in round 3 it places one bare
    unit of its type (3 points: D2, its largest bonus), and places nothing more while the
    other seat shows no army; once that army stands (three Axes built in round 4), hard builds
    a catalogue army with the 37 points left (13 + 12 + 12) in round 5."""
    game, state = _fresh(6)
    hard = _level("hard", game, 0, 6)
    assert _to_reinforcement(state, hard) == "pass"  # round 1
    assert _to_reinforcement(state, hard) == "pass"  # round 2
    bait = _to_reinforcement(state, hard)  # round 3
    assert bait == f"place Gr1 {hard.army_type} D2 bonus=0.26"
    assert state.view(0)["points_left"][0] == 37
    axes = (
        "place Bl1 Axe G2 bonus=0.25 atk=5 def=2 spd=1 hp=3; "
        "place Bl2 Axe G1 bonus=0.23 atk=5 def=2 spd=1 hp=2; "
        "place Bl3 Axe G3 bonus=0.21 atk=5 def=2 spd=1 hp=2"
    )
    assert _to_reinforcement(state, hard, axes) == "pass"  # round 4: no army seen yet
    answer = _to_reinforcement(state, hard).split("; ")  # round 5: the Axes stand
    # 13 points: 3 + 5 attack + 2 defense + 1 speed + the skill + 1 health; 12: no health
    # left (a stat of 0 is not written).
    assert [item.split()[5:9] for item in answer] == [
        ["hp=1", "atk=5", "def=2", "spd=1"],
        ["atk=5", "def=2", "spd=1", answer[1].split()[8]],
        ["atk=5", "def=2", "spd=1", answer[2].split()[8]],
    ]
    assert all(item.split()[8].startswith("skills=") for item in answer[1:])
    assert state.view(0)["points_left"][0] == 0


def test_hard_builds_blind_after_round_5_when_no_army_comes() -> None:
    """The bait down and still no army on the other side through round 5: in round 6 hard
    builds its army blind, in time to reach the far edge unopposed."""
    game, state = _fresh(6)
    hard = _level("hard", game, 0, 6)
    played = [_to_reinforcement(state, hard) for _ in range(6)]
    assert played[:2] == ["pass", "pass"] and played[3:5] == ["pass", "pass"]
    assert len(played[2].split("; ")) == 1
    assert len(played[5].split("; ")) == 3
    assert state.view(0)["points_left"][0] < 37


def test_own_plans_fill_the_budget_left_by_the_other_seats() -> None:
    """60 nodes and 3 rollouts a cell: 20 cells, so 4 plans a seat when both are open
    (isqrt(20)); against 2 plans of the other seat 10 of the bot's own, against 8 only 2."""
    game, _ = _fresh(0)
    with using(Budget(nodes=60)):
        bot = make_bot("hard", game, 0, 0)
    assert isinstance(bot, PhaseSearchBot)
    assert bot.width() == 4
    assert bot.width(2) == 10
    assert bot.width(8) == 2
    assert bot.width(30) == 1
