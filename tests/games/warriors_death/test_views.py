"""What each viewer may know: the Blue Mage's false reveals (WD11), private strengths and
underworlds (WD12), and the ``bouts`` field."""

from __future__ import annotations

import json
from typing import Any

from duelhost.games.warriors_death.state import WarriorsDeathState
from duelhost.games.warriors_death.units import PLAYS
from tests.games.warriors_death.helpers import new, play, truth, underworld


def rounds_of(state: WarriorsDeathState, viewer: int | None) -> list[dict[str, Any]]:
    result: list[dict[str, Any]] = state.view(viewer)["rounds"]
    return result


def public_rounds(state: WarriorsDeathState) -> list[dict[str, Any]]:
    return [
        {"units": e["units"], "winner": e["winner"]} for e in state.events if e["event"] == "round"
    ]


def test_wd11_blue_mage_in_round_1_is_announced_as_a_tie() -> None:
    state = play(new(), ("blue mage as black mage", "chocobo"))  # truly: 2 beats 0
    assert truth(state)["rounds"][0]["winner"] == 0
    assert truth(state)["wins"] == [1, 0]  # scores use the truth
    shown = {"round": 1, "units": ["Black Mage", "Chocobo"], "winner": None}
    assert rounds_of(state, 1) == [{**shown, "mine": "Chocobo"}]
    assert rounds_of(state, None) == [shown]
    assert public_rounds(state) == [{"units": ["Black Mage", "Chocobo"], "winner": None}]
    # The owner sees its Blue Mage and the true winner.
    assert rounds_of(state, 0) == [
        {
            "round": 1,
            "units": ["Blue Mage", "Chocobo"],
            "winner": 0,
            "mine": "Blue Mage as Black Mage",
        }
    ]


def test_wd11_blue_mage_announces_the_true_winner_of_the_previous_round() -> None:
    """R1 Reaper 6 vs Samurai 5: seat 0 wins. R2 Chocobo 0 vs Blue Mage 2 disguised as
    Dragoon: seat 1 truly wins, seat 0 (R1's winner) is announced."""
    state = play(new(), ("reaper", "samurai"), ("chocobo", "blue mage as dragoon"))
    assert truth(state)["rounds"][1]["winner"] == 1
    assert public_rounds(state)[1] == {"units": ["Chocobo", "Dragoon"], "winner": 0}
    assert rounds_of(state, 0)[1]["units"] == ["Chocobo", "Dragoon"]
    assert rounds_of(state, 0)[1]["winner"] == 0
    assert rounds_of(state, 1)[1]["units"] == ["Chocobo", "Blue Mage"]
    assert rounds_of(state, 1)[1]["winner"] == 1
    assert rounds_of(state, None)[1]["winner"] == 0


def test_decision_7_the_previous_round_may_itself_be_a_blue_mage_round() -> None:
    """R1 Bard 3 vs Chocobo 0 (seat 0 wins). R2 Blue Mage as Reaper vs Dragoon 8: seat 1
    truly wins, R1's winner (seat 0) is announced. R3 Chocobo vs Blue Mage as Sage (2): seat 1
    truly wins, R2's *true* winner (seat 1) is announced."""
    state = play(
        new(),
        ("bard", "chocobo"),
        ("blue mage as reaper", "dragoon"),
        ("chocobo", "blue mage as sage"),
    )
    assert [r["winner"] for r in truth(state)["rounds"]] == [0, 1, 1]
    assert [r["winner"] for r in public_rounds(state)] == [0, 0, 1]
    assert [r["winner"] for r in rounds_of(state, 0)] == [0, 1, 1]  # R3: announced = truth
    assert [r["winner"] for r in rounds_of(state, 1)] == [0, 0, 1]


def test_decision_8_two_blue_mages_deceive_each_other() -> None:
    """R1 Black Mage 9 vs Chocobo: seat 0 wins. R2 both Blue Mages, seat 0's buffed by
    nothing: 2 vs 2, a tie; each seat sees the other's disguise and the announced winner
    (R1's: seat 0)."""
    state = play(new(), ("black mage", "chocobo"), ("blue mage as samurai", "blue mage as reaper"))
    assert truth(state)["rounds"][1]["winner"] == -1
    assert rounds_of(state, 0)[1]["units"] == ["Blue Mage", "Reaper"]
    assert rounds_of(state, 1)[1]["units"] == ["Samurai", "Blue Mage"]
    for viewer in (0, 1, None):
        assert rounds_of(state, viewer)[1]["winner"] == 0


def test_wd11_an_astrologians_prediction_is_private() -> None:
    state = play(new(), ("astrologian samurai", "samurai"))  # 1 + 5 = 6 beats 5
    assert rounds_of(state, 0)[0]["mine"] == "Astrologian predicting Samurai"
    assert rounds_of(state, 1)[0] == {
        "round": 1,
        "units": ["Astrologian", "Samurai"],
        "winner": 0,
        "mine": "Samurai",
    }
    assert "Samurai" not in json.dumps(state.view(1)["rounds"][0]["units"][0])
    assert "predicting" not in json.dumps(state.view(None))
    assert "predicting" not in json.dumps(state.events)


def test_wd12_views_hold_no_strength_and_no_underworld_strength() -> None:
    """Dragoon 8 + 3 = 11 in death and Black Mage 0 in death are private."""
    state = play(new(), ("dragoon", "chocobo"), ("chocobo", "black mage"))
    assert underworld(state, 0) == {"Dragoon": 11, "Chocobo": 0}
    assert underworld(state, 1) == {"Chocobo": 0, "Black Mage": 0}
    for viewer in (0, 1, None):
        text = json.dumps(state.view(viewer))
        assert "11" not in text
        assert "strength" not in text
    assert state.view(0)["underworld"] == ["Chocobo", "Dragoon"]
    assert "underworld" not in state.view(None)
    assert "playable" not in state.view(None)


def test_wd12_same_public_reveals_different_private_strengths_same_opponent_view() -> None:
    """Match A: R1 Chocobo vs Astrologian predicting Sage (0 vs 1, seat 1 wins); R2 Bard vs
    Black Mage (seat 1 wins); R3 Dragoon 8 + 1 = 9 vs Chocobo (seat 0 wins, 9 + 3 = 12 in
    death). Match B: R2 is a Blue Mage disguised as Bard (2 vs 9: seat 1 wins; announced R1's
    winner, seat 1: the same reveal), so R3's Dragoon is 8 (11 in death) and seat 1's Black
    Mage is 2 in death instead of 3. Same reveals, different private strengths: seat 1 and
    spectators must see exactly the same."""
    rounds_a = [("chocobo", "1 sage"), ("bard", "black mage"), ("dragoon", "chocobo")]
    rounds_b = [("chocobo", "1 sage"), ("blue mage as bard", "black mage"), ("dragoon", "chocobo")]
    a, b = new(), new()
    for round_a, round_b in zip(rounds_a, rounds_b, strict=True):
        play(a, round_a)
        play(b, round_b)
        assert a.events == b.events
        assert a.view(1) == b.view(1)
        assert a.view(None) == b.view(None)
    assert underworld(a, 0)["Dragoon"] == 12
    assert underworld(b, 0)["Dragoon"] == 11
    assert underworld(a, 1)["Black Mage"] == 3
    assert underworld(b, 1)["Black Mage"] == 2
    assert a.view(0) != b.view(0)  # the owner knows what it played


def _enumerate_two_rounds(script: list[str]) -> list[WarriorsDeathState]:
    """Every two-round sequence of seat 0 against a fixed seat-1 script."""
    states: list[WarriorsDeathState] = []
    for first in PLAYS:
        after_one = new()
        play(after_one, (first.text, script[0]))
        states.append(after_one)
        for second in after_one.legal(0):
            after_two = after_one.clone()
            assert isinstance(after_two, WarriorsDeathState)
            play(after_two, (second, script[1]))
            states.append(after_two)
    return states


def test_wd12_views_depend_only_on_what_the_viewer_may_know_exhaustive() -> None:
    """Every two-round sequence of seat 0 against fixed seat-1 scripts. Spectator views must be
    a function of the public event log; seat 1's views a function of the log, seat 1's own
    legal plays and the winners it is told (the true winner of its own Blue Mage rounds,
    WD11). Meanwhile seat 0's private strengths differ inside those groups, so a view that
    showed any of them would fail here."""
    scripts = [
        ["sage", "reaper"],
        ["astrologian bard", "chocobo"],
        ["bard", "1 0"],
        ["black mage", "dark knight"],
        ["blue mage as dragoon", "samurai"],
        ["chocobo", "blue mage as chocobo"],
    ]
    groups_with_secrets = 0
    for script in scripts:
        spectator: dict[str, tuple[str, str]] = {}
        seat_one: dict[str, tuple[str, str]] = {}
        for state in _enumerate_two_rounds(script):
            events = json.dumps(state.events, sort_keys=True)
            secret = json.dumps(truth(state)["underworld"][:10]) + json.dumps(
                truth(state)["boost"][:2]
            )
            watched = json.dumps(state.view(None), sort_keys=True)
            seen, other_secret = spectator.setdefault(events, (watched, secret))
            assert watched == seen
            if other_secret != secret:
                groups_with_secrets += 1
            mine = state.view(1)
            key = json.dumps(
                [events, state.legal(1), [r["winner"] for r in mine["rounds"]]], sort_keys=True
            )
            told = json.dumps(mine, sort_keys=True)
            assert seat_one.setdefault(key, (told, secret))[0] == told
    assert groups_with_secrets > 100


def test_bouts_lists_each_finished_bout_with_totals_and_winner() -> None:
    """One-round bouts. Bout 1: Black Mage 9 beats Chocobo: 3 + 0 (BM takes 0) = 3 vs 0.
    Bout 2: Chocobo vs Chocobo: 0-0, tied. Bout 3: Astrologian predicting Reaper vs Reaper:
    1 + 6 = 7 wins: 3 + 7 = 10 vs Reaper 8 (Enshroud) = 8."""
    state = new(rounds=1, bouts=3)
    assert state.view(0)["bouts"] == []
    play(state, ("black mage", "chocobo"))
    play(state, ("chocobo", "chocobo"))
    play(state, ("1 reaper", "reaper"))
    for viewer in (0, 1, None):
        bouts = state.view(viewer)["bouts"]
        assert [{"totals": b["totals"], "winner": b["winner"]} for b in bouts] == [
            {"totals": [3, 0], "winner": 0},
            {"totals": [0, 0], "winner": None},
            {"totals": [10, 8], "winner": 0},
        ]
    assert state.view(None)["bout_wins"] == [2, 0]
    assert [e["totals"] for e in state.events if e["event"] == "bout"] == [
        [3, 0],
        [0, 0],
        [10, 8],
    ]


def test_views_during_a_decision_never_show_the_pending_play() -> None:
    state = new()
    state.submit(0, "blue mage as reaper")
    assert state.view(1) == new().view(1) | {"submitted": [0], "to_act": [1]}
    assert state.view(0)["pending"] == "Blue Mage as Reaper"


def test_decision_7_round_one_of_every_bout_announces_a_tie() -> None:
    """Two-round bouts. Bout 1: R1 Chocobo ties, R2 Black Mage beats Chocobo (seat 0).
    Bout 2, R1: Blue Mage as Dragoon beats Chocobo 2-0 but the announcement is a tie, not
    bout 1's last winner."""
    state = play(
        new(rounds=2),
        ("chocobo", "chocobo"),
        ("black mage", "chocobo"),
        ("blue mage as dragoon", "chocobo"),
    )
    assert state.view(None)["bout"] == 2
    assert truth(state)["rounds"][0]["winner"] == 0
    assert public_rounds(state)[-1] == {"units": ["Dragoon", "Chocobo"], "winner": None}


def test_decision_11_playable_units_can_expose_a_disguise_in_one_corner() -> None:
    """A Sage that faced a real Dark Knight may be played again next round; one that faced a
    Blue Mage disguised as a Dark Knight may not (WD5: nothing is copied from a Blue Mage).
    A seat must know what it may play, so this is the one thing its view can tell apart."""
    real = play(new(), ("sage", "dark knight"))
    fake = play(new(), ("sage", "blue mage as dark knight"))
    assert real.view(None)["rounds"][0]["units"] == fake.view(None)["rounds"][0]["units"]
    assert "Sage" in real.view(0)["playable"]
    assert "Sage" not in fake.view(0)["playable"]


def test_wd12_a_player_knows_which_of_its_own_units_are_alive() -> None:
    """WD12: R1 seat 0's Samurai (5) faces seat 1's Blue Mage (2) disguised as a Black Mage.
    The Samurai truly wins and returns to the hand (WD6); the announcement is R1's "previous
    round", a tie (WD11), and the shown Black Mage would have beaten a Samurai. Seat 0's own
    view still lists the Samurai as playable and not in its underworld; seat 1's Blue Mage is
    dead and seat 1 knows it."""
    state = play(new(), ("samurai", "blue mage as black mage"))
    assert truth(state)["rounds"][0]["winner"] == 0
    mine = state.view(0)
    assert mine["rounds"][0] == {
        "round": 1,
        "units": ["Samurai", "Black Mage"],
        "winner": None,
        "mine": "Samurai",
    }
    assert "Samurai" in mine["playable"] and "Samurai" not in mine["underworld"]
    theirs = state.view(1)
    assert "Blue Mage" in theirs["underworld"] and "Blue Mage" not in theirs["playable"]
    assert "playable" not in state.view(None) and "underworld" not in state.view(None)


def test_decision_12_views_reveal_nothing_more_once_the_match_is_over() -> None:
    state = new(rounds=1, bouts=1)
    play(state, ("chocobo", "blue mage as black mage"))  # truly 0 vs 2: seat 1 wins
    assert state.is_over
    assert state.winner == 1  # the truth decides: 0 vs 3 + 2 = 5
    assert state.view(None)["rounds"] == [
        {"round": 1, "units": ["Chocobo", "Black Mage"], "winner": None}
    ]
    assert state.view(0)["rounds"][0]["units"] == ["Chocobo", "Black Mage"]
    assert state.view(None)["bouts"][0]["totals"] == [0, 5]
