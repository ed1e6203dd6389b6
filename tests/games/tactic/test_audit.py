"""Independent rules audit of /TACTIC/: the rules, rulings and documented decisions that had no
test that would fail if they were wrong, and the bugs the audit found (each test names the
text, ruling or decision it checks; expected values are worked out by hand in comments)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import duelhost
from duelhost import ConfigError, IllegalAction
from duelhost.games.tactic.factions import load_table
from duelhost.games.tactic.flags import CACHED
from duelhost.games.tactic.state import TacticState
from tests.games.tactic.helpers import arena, at, current_at, custom, damage, empty, play

WALL = custom("Wall", 9, 0)


# -- bugs found by the audit


def test_command_follow_up_caches_the_commanded_unit_ta3() -> None:
    """TA3 "attacking caches the unit" and the text's glossary "All units Cache themselves when
    they attack": the commanded unit attacks, so it is cached too (it need not be un-cached to
    be commanded, Command's own paragraph). Before the fix an allied commanded Halberdier
    could still make its own attack afterwards."""
    # Order King (AT 1) hits its own Halberdier (C4, 0 -> 1 counter), which is commanded onto
    # the Wall on C5 (AT 2: 2 counters). The Halberdier is then cached: no attack of its own.
    state = arena((0, "King:Order", "C3"), (0, "Halberdier", "C4"), (1, WALL, "C5"))
    play(state, "C3>C4>C5")
    assert damage(state, "C4") == 1 and damage(state, "C5") == 2
    assert state.u_flags[at(state, "C4")] & CACHED
    with pytest.raises(IllegalAction, match="C4>C5: Halberdier is cached"):
        play(state, "C4>C5")
    # The order the other way round still works: its own attack first (2), then commanded (2).
    state = arena((0, "King:Order", "C3"), (0, "Halberdier", "C4"), (1, WALL, "C5"))
    play(state, "C4>C5", "C3>C4>C5")
    assert damage(state, "C5") == 2 + 2


def test_flames_resolve_in_the_order_their_units_died() -> None:
    """Rules page: queued Flames resolve in the order the units died. Seat 0's Salamander
    (placed first, 1 counter) attacks seat 1's Salamander (1 counter) on C4 next to a seat 1
    Porcupine: the target dies in the attack's first step (1 + 1 = HP 2), the attacker dies of
    the Barbs in step 5 (1 + 1 = HP 2). Seat 1's Flame (died first) is chosen first."""
    state = arena(
        (0, "Salamander", "C3", 1),
        (1, "Salamander", "C4", 1),
        (1, "Porcupine", "D4"),
        (0, WALL, "B3"),
    )
    play(state, "C3>C4")
    assert empty(state, "C3") and empty(state, "C4")
    # Seat 1's Flame on C4: neighbours D4 (Porcupine) and B3 (Wall) - C3 is gone.
    assert state.view(None)["flame"]["cell"] == "C4"
    assert state.to_act == (1,)
    state.submit(1, "flame B3")  # Wall 2, Porcupine 1
    # Seat 0's Flame on C3: neighbours B3 (Wall) and D4 (Porcupine): seat 0 chooses.
    assert state.view(None)["flame"]["cell"] == "C3"
    state.submit(0, "flame D4")  # Porcupine 1 + 2 = HP 3: dead; Wall 2 + 1 = 3
    assert empty(state, "D4") and damage(state, "B3") == 3


def test_barbs_only_hurts_an_attacker_adjacent_to_it() -> None:
    """Barbs, the text's clarification: "This ability only affects units that are adjacent to
    the unit with Barbs". The Eagle (Range 1) on C2 shoots the Hydra on C4 next to the
    Porcupine on D4; C2 and D4 are 1 column and 2 rows apart, not adjacent: the Eagle takes
    no Barbs damage. A Knight on C3 (diagonal to D4) does."""
    state = arena((0, "Eagle", "C2"), (1, "Hydra", "C4"), (1, "Porcupine", "D4"))
    play(state, "C2>C4")
    assert damage(state, "C4") == 1 and damage(state, "C2") == 0
    state = arena((0, "Knight", "C3"), (1, "Hydra", "C4"), (1, "Porcupine", "D4"))
    play(state, "C3>C4")
    assert damage(state, "C4") == 1 and damage(state, "C3") == 1


@pytest.mark.parametrize(
    ("content", "path"),
    [
        ("[" * 100_000 + "]" * 100_000, None),  # deeper than the JSON parser's stack
        (None, "bad\x00name.json"),  # a NUL character in the path
    ],
)
def test_bad_faction_files_are_config_errors_g2(
    tmp_path: Path, content: str | None, path: str | None
) -> None:
    """G2: every problem with a faction table is a ConfigError (it was a RecursionError for a
    deeply nested file and a ValueError for a path with a NUL character)."""
    if content is not None:
        file = tmp_path / "deep.json"
        file.write_text(content, encoding="utf-8")
        path = str(file)
    assert path is not None
    with pytest.raises(ConfigError, match="faction table"):
        load_table(path)
    with pytest.raises(ConfigError):
        duelhost.load("tactic", factions=path)


# -- TA1, TA7


def test_seat_1_builds_on_rows_6_and_7_only_ta1() -> None:
    state = duelhost.load("tactic").new(seed=1)
    for text in ("faction Abyss", "faction Order", "king E1", "king C7", "place Imp B2"):
        state.submit(state.to_act[0], text)
    with pytest.raises(IllegalAction, match=r"E5 is not in your build zone \(rows 6-7\)"):
        state.submit(1, "place Knight E5")
    with pytest.raises(IllegalAction, match=r"A2 is not in your build zone \(rows 6-7\)"):
        state.submit(1, "place Knight A2")
    state.submit(1, "place Knight E7")  # the other crown space, a normal build cell now
    state.submit(0, "place Imp C2")
    state.submit(1, "place Knight A6")
    cells = {(u["cell"], u["seat"]) for u in state.view(None)["board"]}
    assert {("E7", 1), ("A6", 1), ("C7", 1)} <= cells


def test_turn_seconds_is_an_option_without_engine_effect_ta7() -> None:
    """TA7: the clock is the server's; the engine accepts the option and plays as usual."""
    state = duelhost.load("tactic", turn_seconds=30).new(seed=1)
    assert state.to_act == (0, 1)
    with pytest.raises(ConfigError):
        duelhost.load("tactic", turn_seconds=0)


# -- the text's rules without a test


def test_double_strike_uses_one_at_for_both_targets() -> None:
    """Double Strike: the two attacks are simultaneous, so the second target is hit with the
    AT the unit had before the first. A Feel the Pain unit with Double Strike (AT 0) next to
    a unit with 1 counter: AT 0 + 1 = 1 for both hits (hit one after the other, the second
    would be 1 + 1 + 1 = 3: the first target's new counter and the first hit's counter)."""
    brute = custom("Brute", 9, 0, Double_Strike=0, Feel_the_Pain=0)
    state = arena((0, brute, "C3"), (1, WALL, "C4", 1), (1, WALL, "D3"))
    play(state, "C3>D3,C4")
    assert damage(state, "C4") == 1 + 1 and damage(state, "D3") == 1


def test_command_works_on_a_cached_unit() -> None:
    """Command: "The target does not have to be un-cached in order to attack." The Bear
    attacks the Wall on C5 first (2), is cached, then the King's attack (1 counter: Spite
    2 + 1 = 3) makes it attack the Wall again: 2 + 3 = 5."""
    state = arena((0, "King:Order", "C3"), (0, "Bear", "C4"), (1, WALL, "C5"))
    play(state, "C4>C5", "C3>C4>C5")
    assert damage(state, "C4") == 1 and damage(state, "C5") == 2 + 3


def test_pity_triggers_on_an_allys_attack() -> None:
    """Pity: "Whenever this unit is attacked, by an ally or enemy". Seat 1's own Golem (AT 3)
    attacks its Troll: Troll 3; Pity: 1 to the Golem and 1 to the seat 0 Knight."""
    state = arena((1, "Golem", "C3"), (1, "Troll", "C4"), (0, "Knight", "D5"), turn_seat=1)
    play(state, "C3>C4")
    assert damage(state, "C4") == 3
    assert damage(state, "C3") == 1 and damage(state, "D5") == 1


def test_feedback_can_be_triggered_by_attacking_an_ally() -> None:
    """Feedback: "can be activated by attacking an ally". The Spammer hits its own Hydra (1);
    the enemy Hydra (Regenerate too) takes 2."""
    state = arena((0, "Spammer", "C3"), (0, "Hydra", "C4"), (1, "Hydra", "G7"))
    play(state, "C3>C4")
    assert damage(state, "C4") == 1 and damage(state, "G7") == 2


def test_reverberating_healer_damages_its_allies() -> None:
    """Reverberate: "Units with Heal will not heal allies". The Chain hits the enemy Healer
    (Heal 1): 1. The Healer deals 1 damage (not healing) to its adjacent ally, a Knight with 2
    counters: 2 + 1 = 3; the Knight, damaged this way, deals 1 back to the Healer: 1 + 1 = 2."""
    healer = custom("Healer", 5, 1, Heal=1)
    state = arena((0, "Chain", "C3"), (1, healer, "C4"), (1, "Knight", "C5", 2))
    play(state, "C3>C4")
    assert damage(state, "C4") == 1 + 1 and damage(state, "C5") == 2 + 1


def test_annoy_lowers_the_amount_a_healer_heals() -> None:
    """Annoy: "It does not matter ... if the unit is healing an ally". A Healer (AT 2, Heal 1)
    next to an enemy Gorgon has AT 2 - 1 = 1 and heals 1 + 1 = 2 (not 3) of 5 counters."""
    healer = custom("Healer", 3, 2, Heal=1)
    state = arena((0, healer, "C3"), (0, WALL, "C4", 5), (1, "Gorgon", "B3"))
    play(state, "C3>C4")
    assert damage(state, "C4") == 5 - 2


def test_push_and_swap_work_on_allies() -> None:
    """Push and Swap: "The target can be an ally or an enemy"."""
    state = arena((0, "Ram", "C3"), (0, "Knight", "C4"))
    play(state, "C3 push C4 D5")
    assert empty(state, "C4") and not empty(state, "D5")
    state = arena((0, "Fox", "C3"), (0, "Knight", "B2"))
    fox = at(state, "C3")
    play(state, "C3 swap B2")
    assert at(state, "B2") == fox


# -- documented decisions without a test


def test_aura_of_pain_units_deal_their_counters_all_at_once_decision_3() -> None:
    """Decision 3: every Aura of Pain at once, each dealing the counters it has at that moment.
    Two Wraiths with 1 counter each, side by side: each takes 1 (1 + 1 = 2, alive at HP 3).
    One after the other, the second would deal 2 and kill the first (1 + 2 = 3)."""
    state = arena((0, "Knight", "A1"), (1, "Wraith", "C4", 1), (1, "Wraith", "C5", 1))
    play(state, "end")
    assert damage(state, "C4") == 2 and damage(state, "C5") == 2


def test_aura_of_pain_before_regenerate_decision_3() -> None:
    """Decision 3: Aura first, then Regenerate. An undamaged Hydra next to a Wraith with 1
    counter: 0 + 1 (aura) - 1 (regenerate) = 0. The other order would leave 1."""
    state = arena((0, "Knight", "A1"), (1, "Wraith", "C4", 1), (1, "Hydra", "C5"))
    play(state, "end")
    assert damage(state, "C5") == 0


def test_taunted_unit_may_still_fireball_but_not_swap_or_sacrifice_decision_4() -> None:
    """Decision 4: under a Taunt duty, Fireball is allowed (no cache); Swap and Sacrifice are
    refused (they would stop the compulsory attack)."""
    state = arena((0, "Imp", "C3"), (1, "Knight", "C4"), (1, WALL, "B4"))
    play(state, "C3 fireball B4")
    assert damage(state, "B4") == 1
    fighter = custom("Fighter", 3, 1, Swap=0, Sacrifice=2)
    state = arena((0, fighter, "C3"), (1, "Knight", "C4"), (1, WALL, "B4"))
    before = state.to_json()
    with pytest.raises(IllegalAction, match="Taunted by Knight on C4; Fighter must attack it"):
        play(state, "C3 swap B4")
    with pytest.raises(IllegalAction, match="Taunted by Knight on C4; Fighter must attack it"):
        play(state, "C3 sacrifice B4")
    assert state.to_json() == before


def test_two_barbs_units_deal_one_each_decision_5() -> None:
    """Decision 5: one Barbs damage per attack and per Barbs unit: two Porcupines next to the
    attacked Hydra deal 1 + 1 = 2 to the attacking Knight."""
    state = arena(
        (0, "Knight", "C3"), (1, "Hydra", "C4"), (1, "Porcupine", "D4"), (1, "Porcupine", "B4")
    )
    play(state, "C3>C4")
    assert damage(state, "C3") == 2


def test_commanded_unit_may_attack_its_commander_decision_6() -> None:
    """Decision 6: the follow-up may target the Commander. The enemy Bear (1 counter after
    the King's hit: Spite 2 + 1 = 3) hits the Order King back for 3."""
    state = arena((0, "King:Order", "C3"), (1, "Bear", "C4"))
    assert state.legal(0).count("C3>C4>C3") == 1
    play(state, "C3>C4>C3")
    assert damage(state, "C3") == 3


def test_feedback_spares_the_feedback_unit_and_shares_by_name_decision_9() -> None:
    """Decision 9: the Feedback unit itself is spared, and abilities are shared by name:
    Range 1 and Range 2 share Range. A Feedback unit with Range 1 hits an enemy Eagle (Range 1):
    the ally Sniper (Range 2) takes 2, the attacker nothing."""
    spammer = custom("Spammer", 4, 1, Feedback=0, Range=1)
    sniper = custom("Sniper", 4, 1, Range=2)
    state = arena((0, spammer, "C3"), (1, "Eagle", "C4"), (0, sniper, "G1"))
    play(state, "C3>C4")
    assert damage(state, "C4") == 1
    assert damage(state, "G1") == 2 and damage(state, "C3") == 0


def test_reverberate_never_hits_the_chains_side_decision_10() -> None:
    """Decision 10: Reverberate damage goes to the damaged unit's own allies only. The Chain's
    ally Knight on D4 is adjacent to the struck Wall (C4) and takes nothing; the Wall's ally
    Wall on C5 takes 1."""
    state = arena((0, "Chain", "C3"), (0, "Knight", "D4"), (1, WALL, "C4"), (1, WALL, "C5"))
    play(state, "C3>C4")
    assert damage(state, "D4") == 0 and damage(state, "C5") == 1


def test_two_checks_stack_decision_12() -> None:
    """Decision 12: Check stacks per adjacent Check unit, floor 0. An undamaged Golem (AT 3)
    next to one Bishop: 3 - 2 = 1; next to two: 3 - 2 - 2 -> 0 (not -1)."""
    state = arena((1, "Golem", "C3"), (0, "Bishop", "C4"))
    assert current_at(state, "C3") == 1
    state = arena((1, "Golem", "C3"), (0, "Bishop", "C4"), (0, "Bishop", "B3"))
    assert current_at(state, "C3") == 0


def test_a_turn_with_only_healing_is_quiet_decision_16() -> None:
    """Decision 16: healing does not break the quiet count. quiet_turns=1: seat 1's Hydra
    regenerates (2 -> 1) in turn 2, yet turns 1 and 2 are 2 quiet turns: a draw."""
    state = arena((0, "Knight", "A1"), (1, "Hydra", "G7", 2), quiet_turns=1)
    play(state, "end")
    assert damage(state, "G7") == 1
    play(state, "end")
    assert state.is_over and state.winner is None


# -- G3: arbitrary text never crashes and never changes the state

TEXT = st.text(
    alphabet=st.sampled_from(list("ABCDEGHZabcg0123456789-> ,\t\nflamepushswapdrinoe\x00é٣")),
    max_size=20,
)


def _copy(state: TacticState) -> TacticState:
    other = state.clone()
    assert isinstance(other, TacticState)
    return other


def _positions() -> list[TacticState]:
    """A match in each kind of decision: faction, king, place, play, a Flame choice."""
    found: list[TacticState] = []
    state = duelhost.load("tactic").new(seed=3)
    assert isinstance(state, TacticState)
    found.append(_copy(state))
    state.submit(0, "faction Order")
    state.submit(1, "faction Abyss")
    found.append(_copy(state))
    state.submit(0, "king C1")
    state.submit(1, "king C7")
    found.append(_copy(state))
    found.append(
        arena(
            (0, "Knight", "C3"),
            (0, "King:Order", "A1"),
            (1, "Salamander", "C4", 1),
            (1, WALL, "D4"),
        )
    )
    flame = arena(
        (0, "Knight", "C3"), (0, "Cleric", "B5"), (1, "Salamander", "C4", 1), (1, "Hydra", "D4")
    )
    play(flame, "C3>C4")
    found.append(flame)
    return found


POSITIONS = _positions()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(POSITIONS) - 1), seat=st.integers(0, 1), text=TEXT)
def test_arbitrary_submissions_are_refused_cleanly_or_accepted_g3(
    index: int, seat: int, text: str
) -> None:
    state = _copy(POSITIONS[index])
    before = state.to_json()
    try:
        state.submit(seat, text)
    except IllegalAction as error:
        assert str(error)
        assert state.to_json() == before
    else:
        assert json.loads(state.to_json())["history"]
