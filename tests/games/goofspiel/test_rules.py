"""One test per rule of the text (seed 001, Goofspiel) and per ruling (G3-G6, GO1-GO5).

Expected values are worked out by hand in the comments; fixed deals (GO5) make them known.
"""

from __future__ import annotations

import json
import string

import pytest

import duelhost
from tests.games.goofspiel.helpers import TIMEOUT, classic, events_of, fixed_game, play

SIZES = [str(size) for size in range(1, 8)]
FULL = {size: 7 for size in SIZES}


def play_lowest(state: duelhost.State) -> duelhost.State:
    """Both seats always send their smallest remaining fleet (every round ties)."""
    while not state.is_over:
        for seat in state.to_act:
            state.submit(seat, state.legal(seat)[0])
    return state


# ---------------------------------------------------------------------- the deal (GO1)


def test_seven_galaxies_a_to_g_with_the_texts_names() -> None:
    """Text: galaxies Andromeda ... Garland, abbreviated A to G, fought in the public order."""
    state = duelhost.load("goofspiel", galaxy_order="ABCDEFG", max_replays=0).new(seed=1)
    play_lowest(state)
    bouts = events_of(state, "bout")
    assert [b["galaxy"] for b in bouts] == list("ABCDEFG")
    assert [b["name"] for b in bouts] == [
        "Andromeda",
        "Butterfly",
        "Cartwheel",
        "Draco",
        "Eye of Sauron",
        "Fireworks",
        "Garland",
    ]


@pytest.mark.parametrize("seed", range(8))
def test_galaxy_values_are_1_to_7_once_each_and_the_order_a_permutation_go1(seed: int) -> None:
    state = play_lowest(duelhost.load("goofspiel", max_replays=0).new(seed=seed))
    view = state.view(None)
    assert sorted(view["order"]) == list("ABCDEFG")
    # At the end every galaxy has been revealed.
    assert sorted(view["values"].values()) == [1, 2, 3, 4, 5, 6, 7]


@pytest.mark.parametrize("seed", range(4))
def test_each_galaxy_has_planets_t_to_z_with_worths_1_to_7_go1(seed: int) -> None:
    state = play_lowest(duelhost.load("goofspiel", max_replays=0).new(seed=seed))
    view = state.view(None)
    for galaxy in "ABCDEFG":
        fought = [r for r in view["rounds"] if r["planet"].startswith(galaxy + "-")]
        assert sorted(r["planet"][2] for r in fought) == list("TUVWXYZ")
        assert sorted(r["worth"] for r in fought) == [1, 2, 3, 4, 5, 6, 7]
        # The planets are fought in the planet order revealed at the start of the bout.
        assert "".join(r["planet"][2] for r in fought) == view["planet_orders"][galaxy]


def test_deals_come_from_the_seed_g6() -> None:
    game = duelhost.load("goofspiel")
    orders = {tuple(game.new(seed=seed).view(None)["order"]) for seed in range(12)}
    assert len(orders) > 1, "every seed gave the same galaxy order"
    first, again = game.new(seed=42), game.new(seed=42)
    assert first.to_json() == again.to_json()
    assert play_lowest(first).to_json() == play_lowest(again).to_json()


def test_order_is_public_at_once_value_and_planet_order_only_when_the_bout_starts_go1() -> None:
    game = fixed_game([[1, 2, 3]] * 3, values=[2, 3, 1], order="BCA")
    state = game.new(seed=0)
    view = state.view(0)
    assert view["order"] == ["B", "C", "A"]
    assert view["values"] == {"B": 3}  # only bout 1's galaxy (B, value 3) is revealed
    assert view["planet_orders"] == {"B": "XYZ"}
    assert view["worth"] == 1  # round 1's planet, B-X, has worth 1
    play(state, [(1, 1), (2, 2), (3, 3)])  # bout 1 over: bout 2 (galaxy C) starts
    assert state.view(1)["values"] == {"B": 3, "C": 1}
    assert state.view(None)["planet_orders"] == {"B": "XYZ", "C": "XYZ"}


def test_the_unrevealed_deal_is_in_no_view_go1() -> None:
    """Two deals that differ only in what is not revealed yet give identical views."""
    common = {"galaxies": 3, "planets": 3, "galaxy_order": "ABC"}
    one = duelhost.load(
        "goofspiel",
        values=[1, 2, 3],
        planet_orders={"A": "XYZ", "B": "XYZ", "C": "XYZ"},
        worths={"A": [1, 2, 3], "B": [1, 2, 3], "C": [1, 2, 3]},
        **common,
    ).new(seed=3)
    other = duelhost.load(
        "goofspiel",
        values=[1, 3, 2],  # B and C swap values
        planet_orders={"A": "XYZ", "B": "ZYX", "C": "YXZ"},
        worths={"A": [1, 2, 3], "B": [3, 1, 2], "C": [2, 3, 1]},
        **common,
    ).new(seed=3)
    for pair in [(1, 2), (2, 3), (3, 1)]:  # the whole of bout 1 (galaxy A)
        for seat in (0, 1, None):
            assert json.dumps(one.view(seat), sort_keys=True) == json.dumps(
                other.view(seat), sort_keys=True
            )
        play(one, [pair])
        play(other, [pair])
    # Bout 2 has started: B's value and planet order are now revealed, and differ.
    assert one.view(None)["values"]["B"] == 2
    assert other.view(None)["values"]["B"] == 3


def test_each_round_reveals_its_planets_worth_go1() -> None:
    state = classic([4, 1, 3, 2]).new(seed=0)
    seen = []
    for pair in [(1, 2), (2, 1), (3, 4), (4, 3)]:
        seen.append(state.view(None)["worth"])
        play(state, [pair])
    assert seen == [4, 1, 3, 2]
    assert state.view(None)["worth"] is None  # the match is over: no planet is fought
    assert [e["worth"] for e in events_of(state, "planet")] == [4, 1, 3, 2]


# ---------------------------------------------------------------------- fleets (GO2)


def test_each_seat_holds_49_fleets_seven_of_each_size_go2() -> None:
    state = duelhost.load("goofspiel").new(seed=0)
    view = state.view(0)
    assert view["fleets"] == {"0": FULL, "1": FULL}
    assert sum(view["fleets"]["0"].values()) == 49
    assert state.legal(0) == SIZES and state.legal(1) == SIZES


def test_a_sent_fleet_is_gone_for_the_rest_of_the_match_go2() -> None:
    state = classic([1, 2, 3]).new(seed=0)
    play(state, [(3, 1)])
    assert state.legal(0) == ["1", "2"]
    assert state.view(1)["fleets"]["0"] == {"1": 1, "2": 1, "3": 0}
    before = state.to_json()
    with pytest.raises(duelhost.IllegalAction, match="no fleet of size 3 left"):
        state.submit(0, "3")
    assert state.to_json() == before  # G3: nothing changed


def test_fleets_last_for_the_whole_match_not_per_bout_go2() -> None:
    """Seven fleets of size 7 for seven bouts: spend them all in bout 1 and none are left."""
    state = duelhost.load("goofspiel").new(seed=0)
    play(state, [(7, 1)] * 7)
    assert state.view(0)["bout"] == 2
    assert "7" not in state.legal(0)
    assert state.view(0)["fleets"]["0"]["7"] == 0
    assert state.view(0)["fleets"]["1"]["1"] == 0


# ---------------------------------------------------------------------- rounds and bouts


def test_the_strictly_larger_fleet_wins_the_planet() -> None:
    state = classic([3, 1, 2]).new(seed=0)
    play(state, [(3, 2)])  # worth 3: 3 > 2, seat 0 takes 3
    assert state.view(None)["last_round"]["winner"] == 0
    assert state.view(None)["points"] == [3, 0]
    play(state, [(1, 3)])  # worth 1: 1 < 3, seat 1 takes 1
    assert state.view(None)["last_round"]["winner"] == 1
    assert state.view(None)["points"] == [3, 1]


def test_equal_fleets_give_the_planet_to_nobody_go4() -> None:
    state = classic([2, 1, 3]).new(seed=0)
    play(state, [(2, 2)])  # worth 2: tie, nobody scores
    assert state.view(None)["last_round"]["winner"] is None
    assert state.view(None)["points"] == [0, 0]
    play(state, [(1, 3), (3, 1)])  # worth 1 to seat 1, worth 3 to seat 0: bout 3-1
    assert state.view(None)["bouts"] == [
        {"bout": 1, "galaxy": "A", "value": 1, "points": [3, 1], "winner": 0}
    ]
    assert state.winner == 0


def test_a_bout_has_one_round_per_planet_and_goes_to_more_net_worth() -> None:
    # Galaxy A (value 2) worths 1, 2, 3; galaxy B (value 1) worths 3, 1, 2.
    game = fixed_game([[1, 2, 3], [3, 1, 2]], values=[2, 1])
    state = game.new(seed=0)
    # Bout A: worth 1 to seat 1 (1<2), worth 2 to seat 0 (2>1), worth 3 tied: 2-1, seat 0.
    play(state, [(1, 2), (2, 1), (3, 3)])
    assert state.view(None)["bouts"][0] == {
        "bout": 1,
        "galaxy": "A",
        "value": 2,
        "points": [2, 1],
        "winner": 0,
    }
    assert state.view(None)["strategic"] == [2, 0]
    assert state.view(None)["bout"] == 2 and state.view(None)["round"] == 1


def test_a_tied_bout_gives_the_galaxy_to_nobody_go4() -> None:
    game = fixed_game([[1, 2, 3], [3, 1, 2]], values=[2, 1])
    state = play(game.new(seed=0), [(1, 2), (2, 1), (3, 3)])
    # Bout B: worth 3 to seat 1 (1<3), worth 1 to seat 0 (2>1), worth 2 to seat 0 (3>2): 3-3.
    play(state, [(1, 3), (2, 1), (3, 2)])
    bout = state.view(None)["bouts"][1]
    assert bout["points"] == [3, 3] and bout["winner"] is None
    # Strategic value: seat 0 has A (2), B (1) went to nobody: 2-0.
    assert state.is_over and state.winner == 0
    assert state.result == {
        "winner": 0,
        "reason": "more strategic value, 2-0",
        "scores": [2, 0],
    }


def test_the_match_goes_to_more_strategic_value_not_more_galaxies() -> None:
    # Four galaxies A-D with values 1-4, two planets each (worths 1 then 2); fleets 1,1,1,1,2,2,2,2.
    game = fixed_game([[1, 2]] * 4, values=[1, 2, 3, 4])
    state = game.new(seed=0)
    play(state, [(1, 1), (2, 1)])  # A: tie, then 2 > 1 on worth 2: seat 0 wins A 2-0 (value 1)
    play(state, [(1, 1), (2, 1)])  # B: same, seat 0 wins B (value 2); seat 1 has only 2s left
    play(state, [(2, 2), (2, 2)])  # C: both tied, 0-0: nobody (value 3)
    play(state, [(1, 2), (1, 2)])  # D: seat 1 takes worths 1 and 2: 3-0, seat 1 wins (value 4)
    # Seat 0 holds two galaxies worth 1 + 2 = 3, seat 1 one worth 4.
    assert [b["winner"] for b in state.view(None)["bouts"]] == [0, 0, None, 1]
    assert state.winner == 1
    assert state.result["scores"] == [3, 4]


# ---------------------------------------------------------------------- ties of the match (GO4)


def test_a_tied_match_is_replayed_with_fresh_fleets_and_a_fresh_deal_go4() -> None:
    state = classic([1, 2, 3], max_replays=1).new(seed=0)
    play(state, [(1, 1), (2, 2), (3, 3)])  # every round tied: bout 0-0, match 0-0
    assert not state.is_over
    view = state.view(0)
    assert view["replay"] == 1
    assert view["past"] == [{"replay": 0, "strategic": [0, 0]}]
    assert view["fleets"] == {"0": {"1": 1, "2": 1, "3": 1}, "1": {"1": 1, "2": 1, "3": 1}}
    assert view["strategic"] == [0, 0] and view["bouts"] == [] and view["round"] == 1
    assert [e["replay"] for e in events_of(state, "replay")] == [1]


def test_replays_draw_their_deal_from_the_seed_not_the_fixed_options_go4_go5() -> None:
    """The fixed worths 1, 2, 3 hold for the match; a replay's deal is fresh from the seed."""

    def replay_worths(seed: int) -> tuple[int, ...]:
        state = classic([1, 2, 3], max_replays=1).new(seed=seed)
        play(state, [(1, 1), (2, 2), (3, 3)])  # tied: replay 1
        assert state.view(None)["replay"] == 1
        worths = []
        for pair in [(1, 1), (2, 2), (3, 3)]:
            worths.append(state.view(None)["worth"])
            play(state, [pair])
        return tuple(worths)

    sequences = {replay_worths(seed) for seed in range(10)}
    assert all(sorted(worths) == [1, 2, 3] for worths in sequences)
    assert len(sequences) > 1, "every replay had the same deal"
    assert replay_worths(4) == replay_worths(4)  # G6: the same seed, the same replay deal


def test_a_tie_after_the_last_replay_is_a_draw_go4_g5() -> None:
    state = classic([1, 2, 3], max_replays=1).new(seed=0)
    play(state, [(1, 1), (2, 2), (3, 3)])  # match tied: replay 1
    play(state, [(3, 3), (2, 2), (1, 1)])  # tied again, and no replay is left
    assert state.is_over and state.winner is None
    assert state.result["scores"] == [0, 0]
    assert "GO4" in state.result["reason"] and "after 1 replay," in state.result["reason"]


def test_max_replays_zero_makes_a_tied_match_a_draw_at_once_go4() -> None:
    state = classic([2, 1], max_replays=0).new(seed=0)
    play(state, [(2, 1), (1, 2)])  # worth 2 to seat 0, worth 1 to seat 1: bout 2-1
    assert state.winner == 0
    state = classic([2, 1], max_replays=0).new(seed=0)
    play(state, [(1, 1), (2, 2)])
    assert state.is_over and state.winner is None and state.view(None)["replay"] == 0


def test_the_default_allows_ten_replays_go4() -> None:
    # One planet, one fleet of size 1 each: every playing is tied, so 1 + 10 playings.
    state = duelhost.load("goofspiel", galaxies=1, planets=1).new(seed=5)
    playings = 0
    while not state.is_over:
        playings += 1
        play(state, [(1, 1)])
    assert playings == 11
    assert state.winner is None
    assert len(state.view(None)["past"]) == 10
    assert "after 10 replays" in state.result["reason"]


def test_a_replay_decides_a_tied_match_go4() -> None:
    state = classic([1, 2, 3]).new(seed=7)
    play(state, [(1, 1), (2, 2), (3, 3)])  # tied: replay 1, worths drawn from the seed
    # Seat 1 times out every round of the replay: seat 0's fleets beat its size-0 fleets, so
    # seat 0 takes all three planets (1 + 2 + 3 = 6 to 0) and the galaxy (value 1).
    play(state, [(1, TIMEOUT), (2, TIMEOUT), (3, TIMEOUT)])
    assert state.winner == 0
    assert state.result["scores"] == [6, 0]  # classic: the prize totals
    assert state.view(None)["bouts"][0]["points"] == [6, 0]


# ---------------------------------------------------------------------- timeouts (GO3)


def test_a_timeout_sends_size_0_and_destroys_a_largest_fleet_go3() -> None:
    state = classic([4, 3, 2, 1]).new(seed=0)
    play(state, [(TIMEOUT, 1)])  # worth 4: 0 < 1, seat 1 takes 4; seat 0 loses its 4
    last = state.view(None)["last_round"]
    assert last["fleets"] == [0, 1] and last["winner"] == 1 and last["destroyed"] == [4, None]
    assert state.legal(0) == ["1", "2", "3"]
    play(state, [(3, TIMEOUT)])  # worth 3: 3 > 0, seat 0 takes 3; seat 1 loses its 4
    assert state.view(None)["fleets"]["1"] == {"1": 0, "2": 1, "3": 1, "4": 0}
    play(state, [(TIMEOUT, TIMEOUT)])  # worth 2: 0 = 0, nobody; seat 0 loses 2, seat 1 loses 3
    assert state.view(None)["last_round"]["winner"] is None
    assert state.view(None)["destroyed"] == [2, 2]
    assert state.legal(0) == ["1"] and state.legal(1) == ["2"]
    play(state, [(1, 2)])  # worth 1: seat 1 takes it. Net worth: seat 0 3, seat 1 4 + 1 = 5
    assert state.view(None)["bouts"][0]["points"] == [3, 5]
    assert state.winner == 1


def test_a_timeout_destroys_one_of_several_largest_fleets_go3() -> None:
    state = duelhost.load("goofspiel").new(seed=0)
    play(state, [(TIMEOUT, 1)])
    fleets = state.view(None)["fleets"]
    assert fleets["0"] == {**FULL, "7": 6}  # one 7 destroyed, nothing sent from the rest
    assert fleets["1"] == {**FULL, "1": 6}
    assert state.view(None)["last_round"]["winner"] == 1  # 0 < 1


def test_a_timeout_in_the_last_round_destroys_the_last_fleet_go3() -> None:
    state = classic([1, 2]).new(seed=0)
    play(state, [(1, 2), (TIMEOUT, 1)])  # worth 1 to seat 1; worth 2 to seat 1 (0 < 1)
    assert state.view(None)["fleets"]["0"] == {"1": 0, "2": 0}
    assert state.result["scores"] == [0, 3]  # classic: the prize totals, 1 + 2 to seat 1


# ---------------------------------------------------------------------- submissions (G3, GO2)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0", "size 0 is sent only when time runs out"),
        ("8", "fleet sizes are 1 to 7"),
        ("100000", "fleet sizes are 1 to 7"),
        ("-1", "a whole number from 1 to 7"),
        ("1.5", "a whole number from 1 to 7"),
        ("seven", "a whole number from 1 to 7"),
        ("", "a whole number from 1 to 7"),
        ("7 7", "a whole number from 1 to 7"),
        ("٣", "a whole number from 1 to 7"),  # an Arabic-Indic digit is not our notation
    ],
)
def test_a_bad_submission_says_what_is_wrong_and_changes_nothing_g3(
    text: str, message: str
) -> None:
    state = duelhost.load("goofspiel").new(seed=0)
    state.submit(1, "4")
    before = state.to_json()
    with pytest.raises(duelhost.IllegalAction, match=message) as caught:
        state.submit(0, text)
    assert str(caught.value).startswith("illegal fleet '")
    assert state.to_json() == before
    assert state.to_act == (0,)


def test_notation_is_the_fleet_size_with_spaces_and_leading_zeros_allowed() -> None:
    state = duelhost.load("goofspiel").new(seed=0)
    assert state.submit(0, " 7 ") == "7"
    assert state.submit(1, "07") == "7"
    assert [entry.text for entry in state.history] == ["7", "7"]


def test_a_seat_cannot_submit_twice_or_after_the_end_g3() -> None:
    state = classic([1]).new(seed=0)
    state.submit(0, "1")
    with pytest.raises(duelhost.IllegalAction, match="already submitted"):
        state.submit(0, "1")
    state.submit(1, "1")  # tied: replay 1 (one planet, fleets refreshed)
    assert state.view(None)["replay"] == 1
    resigned = state.clone()
    resigned.resign(1)
    with pytest.raises(duelhost.IllegalAction, match="over"):
        resigned.submit(0, "1")


# ---------------------------------------------------------------------- options (GO5, G4)


def test_galaxies_and_planets_options_set_the_fleets_and_labels_go5() -> None:
    state = duelhost.load("goofspiel", galaxies=2, planets=3).new(seed=1)
    view = state.view(None)
    # Two galaxies A, B; sizes 1-3; two fleets (one per galaxy) of each size.
    assert sorted(view["order"]) == ["A", "B"]
    assert view["fleets"]["0"] == {"1": 2, "2": 2, "3": 2}
    assert sorted(view["planet_orders"][view["galaxy"]]) == ["X", "Y", "Z"]
    rounds = 0
    while not state.is_over and state.view(None)["replay"] == 0:
        play(state, [(state.legal(0)[-1], state.legal(1)[0])])
        rounds += 1
    assert rounds == 6  # 2 galaxies x 3 planets


def test_classic_goofspiel_is_one_galaxy_go5() -> None:
    state = duelhost.load("goofspiel", galaxies=1, planets=13).new(seed=2)
    view = state.view(None)
    assert view["order"] == ["A"]
    assert view["fleets"]["1"] == {str(size): 1 for size in range(1, 14)}
    assert sorted(view["planet_orders"]["A"]) == list(string.ascii_uppercase[13:])  # N to Z
    for size in range(13, 0, -1):  # seat 0 wins every planet: 13 > 12 > ... and 1 > timeout
        play(state, [(size, size - 1 if size > 1 else TIMEOUT)])
    assert state.winner == 0
    assert state.view(None)["bouts"][0]["points"] == [91, 0]  # 1 + 2 + ... + 13 = 91


def test_a_fixed_deal_is_played_as_given_go5() -> None:
    game = duelhost.load(
        "goofspiel",
        galaxies=2,
        planets=2,
        galaxy_order="BA",
        values={"A": 1, "B": 2},
        planet_orders={"A": "ZY", "B": "YZ"},
        worths={"A": {"Y": 1, "Z": 2}, "B": [2, 1]},  # B: Y is worth 2, Z 1
    )
    state = game.new(seed=123)
    assert state.view(None)["order"] == ["B", "A"]
    planets = []
    for pair in [(1, 1), (2, 2), (1, 1), (2, 2)]:  # every round tied
        view = state.view(None)
        planets.append((view["planet"], view["worth"]))
        if view["bout"] == 2:
            assert view["values"] == {"B": 2, "A": 1}
        play(state, [pair])
    assert planets == [("B-Y", 2), ("B-Z", 1), ("A-Z", 2), ("A-Y", 1)]
    assert state.view(None)["replay"] == 1  # 0-0 in strategic value: replayed (GO4)


def test_show_history_false_hides_past_rounds_g4() -> None:
    hidden = duelhost.load("goofspiel", show_history=False).new(seed=0)
    shown = duelhost.load("goofspiel").new(seed=0)
    for state in (hidden, shown):
        play(state, [(1, 2), (3, 3)])
    for seat in (0, 1, None):
        assert "rounds" not in hidden.view(seat)
        assert hidden.view(seat)["last_round"]["fleets"] == [3, 3]  # the round just fought
        assert [r["fleets"] for r in shown.view(seat)["rounds"]] == [[1, 2], [3, 3]]
    assert shown.view(0)["show_history"] is True  # the default shows the history
