"""Setup phases (TA1, TA2), secrecy of factions and Kings, turns (TA3, TA4), the end (TA6) and
timeouts (TA7)."""

from __future__ import annotations

import json

import pytest

import duelhost
from duelhost import IllegalAction
from duelhost.games.tactic.state import TacticState
from tests.games.tactic.helpers import arena, at, custom, damage, empty, play

KERNEL = ("to_act", "submitted", "decision")


def new() -> TacticState:
    state = duelhost.load("tactic").new(seed=1)
    assert isinstance(state, TacticState)
    return state


def public(view: dict[str, object]) -> str:
    return json.dumps({k: v for k, v in view.items() if k not in KERNEL}, sort_keys=True)


def test_faction_choice_is_secret_until_both_are_in() -> None:
    """TA2: factions are chosen secretly and revealed together."""
    state = new()
    before = {seat: public(state.view(seat)) for seat in (1, None)}
    state.submit(0, "faction abyss")  # any case, prefix of a name
    for seat in (1, None):
        after = public(state.view(seat))
        assert after == before[seat]
        assert state.view(seat)["factions"] == [None, None]
    assert state.view(0)["pending"] == "faction Abyss"
    state.submit(1, "faction Network")
    for seat in (0, 1, None):
        assert state.view(seat)["factions"] == ["Abyss", "Network"]


def test_king_placement_is_secret_until_both_are_in() -> None:
    """TA2: Kings go on crown spaces secretly, revealed together."""
    state = new()
    play(state, "faction Order")
    state.submit(1, "faction Order")  # the same faction twice is allowed
    before = {seat: public(state.view(seat)) for seat in (0, None)}
    state.submit(1, "king E7")
    for seat in (0, None):
        assert public(state.view(seat)) == before[seat]
        assert "E7" not in public(state.view(seat))
    state.submit(0, "king C1")
    cells = {u["cell"]: u for u in state.view(None)["board"]}
    assert cells["C1"]["king"] and cells["C1"]["seat"] == 0
    assert cells["E7"]["king"] and cells["E7"]["seat"] == 1


def test_king_must_go_on_an_own_crown_space() -> None:
    """TA1: crown spaces C1/E1 (seat 0) and C7/E7 (seat 1)."""
    state = new()
    state.submit(0, "faction Order")
    state.submit(1, "faction Order")
    with pytest.raises(IllegalAction, match=r"king D1: your King goes on a crown space \(C1, E1\)"):
        state.submit(0, "king D1")
    with pytest.raises(IllegalAction, match=r"crown space \(C1, E1\)"):
        state.submit(0, "king C7")
    assert state.legal(1) == ["king C7", "king E7"]


def test_unknown_faction_lists_the_factions() -> None:
    state = new()
    with pytest.raises(IllegalAction, match="Menagerie, Order, Abyss, Network"):
        state.submit(0, "faction Pirates")


def placed(faction0: str = "Menagerie", faction1: str = "Abyss") -> TacticState:
    state = new()
    state.submit(0, f"faction {faction0}")
    state.submit(1, f"faction {faction1}")
    state.submit(0, "king C1")
    state.submit(1, "king E7")
    return state


def test_placement_alternates_from_seat_0_and_pays_bitcoins() -> None:
    """TA2: alternate, seat 0 first, paying from 6 BitCoins."""
    state = placed()
    assert state.to_act == (0,)
    state.submit(0, "place Bear B2")  # Bear costs 2: 6 - 2 = 4
    assert state.coins == [4, 6]
    assert state.to_act == (1,)
    state.submit(1, "place Golem E6")  # Golem costs 2
    assert state.coins == [4, 4] and state.to_act == (0,)


def test_placement_errors() -> None:
    state = placed()
    with pytest.raises(
        IllegalAction, match=r"place Eagle B3: B3 is not in your build zone \(rows 1-2\)"
    ):
        state.submit(0, "place Eagle B3")
    with pytest.raises(IllegalAction, match="C1 is occupied by King on C1"):
        state.submit(0, "place Eagle C1")
    with pytest.raises(IllegalAction, match="copies of a King are not allowed"):
        state.submit(0, "place King B2")
    with pytest.raises(IllegalAction, match="is not a unit of Menagerie"):
        state.submit(0, "place Golem B2")
    state.submit(0, "place Eagle E1")  # the other crown space is a normal build cell now
    assert not empty(state, "E1")


def test_copies_allowed_and_the_build_ends_when_nobody_can_pay() -> None:
    """TA2: copies of a unit are allowed; a seat that cannot pay is skipped; unspent coins are
    lost. Seat 0 buys three Bears (2 + 2 + 2 = 6); seat 1 buys six 1-coin units."""
    state = placed()
    cells1 = ["A6", "B6", "C6", "D6", "E6", "F6"]
    for i in range(3):
        state.submit(0, f"place Bear {'ABC'[i]}2")
        state.submit(1, f"place Imp {cells1[i]}")
    assert state.coins == [0, 3]
    for cell in cells1[3:]:
        assert state.to_act == (1,)  # seat 0 cannot pay: skipped
        state.submit(1, f"place Imp {cell}")
    assert state.view(None)["phase"] == "play"
    assert state.to_act == (0,) and state.turn_seat == 0  # TA3: seat 0 first


def test_a_seat_with_a_coin_left_it_cannot_spend_loses_it() -> None:
    # Seat 0 buys Bear, Bear (4) then Eagle (5); 1 coin left buys an Eagle (6). Seat 1 with
    # Golems (2 each): 3 Golems. Then a custom case: the coins left are shown as lost.
    state = placed("Menagerie", "Abyss")
    state.submit(0, "place Bear A2")
    state.submit(1, "place Golem A6")
    state.submit(0, "place Bear B2")
    state.submit(1, "place Golem B6")
    state.submit(0, "place Bear C2")
    state.submit(1, "place Golem C6")
    assert state.view(None)["phase"] == "play"
    assert state.coins == [0, 0]


def test_turn_uncaches_only_the_players_own_units() -> None:
    """TA3: un-cached at the start of your turn."""
    wall = custom("Wall", 9, 0)
    state = arena((0, "Ram", "C3"), (1, wall, "C4"))
    play(state, "C3>C4")
    ram = at(state, "C3")
    with pytest.raises(IllegalAction, match="C3>C4: Ram is cached"):
        play(state, "C3>C4")
    play(state, "end")
    assert state.u_flags[ram] & 1  # still cached during seat 1's turn
    play(state, "end")
    assert not state.u_flags[ram] & 1
    play(state, "C3>C4")
    assert damage(state, "C4") == 2


def test_move_then_attack_but_not_attack_then_move() -> None:
    """TA3: a cached unit neither moves nor attacks; moving first is fine."""
    state = arena((0, "Knight", "C2"), (1, "Hydra", "C4"))
    play(state, "C2-C3", "C3>C4")
    with pytest.raises(IllegalAction, match="Knight is cached"):
        play(state, "C3-D3")


def test_ta3_move_then_attack_an_attack_then_a_move_is_refused_citing_it() -> None:
    """TA3, revised: "a unit that attacks can no longer move (move, then attack)"."""
    state = arena((0, "Bear", "C3"), (1, "Hydra", "C4"), (1, "Knight", "F6"))
    play(state, "C3>C4")
    assert damage(state, "C4") == 2
    before = state.to_json()
    with pytest.raises(IllegalAction) as caught:
        play(state, "C3-B3")
    assert str(caught.value) == "C3-B3: Bear is cached; a unit moves, then attacks (TA3)"
    assert state.to_json() == before
    assert not any(text.startswith("C3-") for text in state.legal(0))
    # The other order is the one TA3 allows: the next turn, move first, then attack.
    play(state, "end", "end", "C3-D4")
    assert "D4>C4" in state.legal(0)
    play(state, "D4>C4")
    assert state.u_flags[at(state, "D4")] & 1  # cached: its turn's move and attack are done


def test_moves_go_one_step_in_eight_directions_to_empty_cells() -> None:
    state = arena((0, "Knight", "C3"), (1, "Hydra", "D4"))
    legal = {t for t in state.legal(0) if "-" in t}
    # 8 neighbours of C3 minus the occupied D4.
    assert legal == {"C3-B2", "C3-C2", "C3-D2", "C3-B3", "C3-D3", "C3-B4", "C3-C4"}
    with pytest.raises(IllegalAction, match="D4 is occupied"):
        play(state, "C3-D4")
    with pytest.raises(IllegalAction, match="C5 is not next to C3"):
        play(state, "C3-C5")


def test_attacks_only_orthogonally_adjacent() -> None:
    state = arena((0, "Knight", "C3"), (1, "Hydra", "D4"))
    with pytest.raises(IllegalAction, match="D4 is not in Knight's combat range"):
        play(state, "C3>D4")


def test_friendly_fire_damages_allies() -> None:
    """TA4: units may attack allies."""
    state = arena((0, "Knight", "C3"), (0, "Hydra", "C4"))
    play(state, "C3>C4")
    assert damage(state, "C4") == 1


def test_cannot_act_with_enemy_units_or_empty_cells() -> None:
    state = arena((0, "Knight", "C3"), (1, "Hydra", "C4"))
    with pytest.raises(IllegalAction, match="the Hydra on C4 is not yours"):
        play(state, "C4>C3")
    with pytest.raises(IllegalAction, match="there is no unit on A1"):
        play(state, "A1-A2")


def test_a_unit_dies_when_damage_reaches_hp() -> None:
    # Imp HP 2 with 1 counter + Bear 2 = 3 >= 2: removed.
    state = arena((0, "Bear", "C3"), (1, "Imp", "C4", 1))
    play(state, "C3>C4")
    assert empty(state, "C4")


def test_king_death_ends_the_match_at_once() -> None:
    """TA6: a player whose King dies loses at once."""
    state = arena(
        (0, "Bear", "C3"), (1, "King:Abyss", "C4", 3), (0, "King:Order", "A1"), (1, "Imp", "G7")
    )
    play(state, "C3>C4")  # 2 - Armor 1 = 1: 3 + 1 = 4 < 5
    assert not state.is_over
    play(state, "end", "end")
    play(state, "C3>C4")
    assert state.is_over and state.winner == 0
    assert state.result["reason"] == "the King of seat 1 died"
    # The loser "removes their pieces from the board".
    assert [u["seat"] for u in state.view(None)["board"]] == [0, 0]
    assert state.result["scores"] == [2, 0]


def test_both_kings_dying_together_is_a_draw() -> None:
    """TA6: both Kings at once: a draw. The Troll's Pity hits both Kings (4 + 1 = HP 5)."""
    state = arena(
        (0, "King:Order", "C3", 4), (1, "King:Order", "D4", 4), (1, "Troll", "C4"), (0, "Ram", "B4")
    )
    play(state, "B4>C4")
    assert state.is_over and state.winner is None
    assert state.result["reason"] == "both Kings died"


def test_quiet_turns_draw() -> None:
    """TA6 option quiet_turns: N turns of each player in a row without damage: a draw."""
    state = arena((0, "Knight", "A1"), (1, "Hydra", "G7"), quiet_turns=2)
    play(state, "end", "end", "end")  # 3 quiet turns
    assert not state.is_over
    # The view says how far the count is and where the draw comes: 2 of each player = 4.
    assert (state.view(0)["quiet_turns"], state.view(1)["quiet_limit"]) == (3, 4)
    play(state, "end")  # 4 = 2 of each player
    assert state.is_over and state.winner is None


def test_damage_resets_the_quiet_count() -> None:
    state = arena((0, "Ram", "C3"), (1, "Golem", "C4"), quiet_turns=1)
    play(state, "end")  # seat 0 quiet: 1
    play(state, "C4>C3", "end")  # seat 1 deals damage: count back to 0
    assert not state.is_over
    play(state, "end")
    assert not state.is_over
    play(state, "end")
    assert state.is_over


def test_quiet_turns_zero_never_draws() -> None:
    state = arena((0, "Knight", "A1"), (1, "Hydra", "G7"), quiet_turns=0)
    for _ in range(100):
        play(state, "end")
    assert not state.is_over


def test_timeouts_of_the_setup_decisions() -> None:
    """TA7 and the documented setup timeouts: first faction, first crown space, cheapest unit
    on the first empty cell of the back row."""
    state = new()
    state.timeout(0)
    state.submit(1, "faction Network")
    assert state.view(None)["factions"] == ["Menagerie", "Network"]
    state.timeout(0)
    state.timeout(1)
    kings = {u["cell"] for u in state.view(None)["board"] if u["king"]}
    assert kings == {"C1", "C7"}
    state.timeout(0)  # cheapest Menagerie unit: Eagle (1, first listed) on A1
    state.timeout(1)  # cheapest Network unit: Chain on G7 (back row, from the far end)
    units = {u["cell"]: u["unit"] for u in state.view(None)["board"]}
    assert units["A1"] == "Eagle" and units["G7"] == "Chain"


def test_turn_timeout_ends_the_turn() -> None:
    state = arena((0, "Knight", "A1"), (1, "Hydra", "G7"))
    state.timeout(0)
    assert state.turn_seat == 1 and state.to_act == (1,)


def test_wrong_phase_submissions_are_explained() -> None:
    state = new()
    with pytest.raises(IllegalAction, match="choose a faction first"):
        state.submit(0, "B2-B3")
    state = placed()
    with pytest.raises(IllegalAction, match="place a unit: place UNIT CELL"):
        state.submit(0, "end")
    state = arena((0, "Knight", "A1"))
    with pytest.raises(IllegalAction, match="is not a turn action"):
        play(state, "place Eagle B2")
    with pytest.raises(IllegalAction, match="no Flame is waiting"):
        play(state, "flame B2")


def test_no_setup_arguments() -> None:
    with pytest.raises(duelhost.ConfigError):
        duelhost.load("tactic").new(seed=1, board="big")


def test_a_unit_costing_more_than_the_coins_left_is_refused() -> None:
    # Seat 0: Bear (6 - 2 = 4), Bear (2), Eagle (1); a Bear (2) no longer fits.
    state = placed()
    for mine, theirs in (("Bear A2", "Imp A6"), ("Bear B2", "Imp B6"), ("Eagle C2", "Imp C6")):
        state.submit(0, f"place {mine}")
        state.submit(1, f"place {theirs}")
    assert state.coins[0] == 1
    with pytest.raises(IllegalAction, match="place Bear D2: Bear costs 2 BitCoins, you have 1"):
        state.submit(0, "place Bear D2")
    assert all("Bear" not in text for text in state.legal(0))
