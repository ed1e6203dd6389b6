"""What ``duelhost.openspiel`` needs to know about A Warrior's Death beyond its spec.

No chance (G6: nothing is drawn), so only the bound on a match's length: every round is one
simultaneous node, and a bout has at most ``rounds`` rounds; ``bouts`` bouts and a tie-break
bout make at most ``rounds * (bouts + 1)`` nodes.

**Information-state tensor** (``information_state_tensor``; the seat's whole history, own
side first): match over (1); the bout in play (one-hot over ``bouts + 1``, the tie-break bout
last) and the round in play (one-hot over ``rounds``); then one slot per bout (``bouts + 1``,
bouts not reached zero): its totals (own, opponent's, over ``3 * rounds + 45``) and winner
(own, opponent's, tie), both zero until the bout ends (WD12), then one slot of 45 floats per
round (rounds not reached zero): the unit each side showed (10 + 10; an opponent's Blue Mage
shows its disguise, WD11), the winner as announced to the seat (own, opponent's, tie), the
seat's own submission (its unit and second unit, 10 + 10), and its own unit's fate, which the
seat always knows (WD12): back in its hand (Third Eye) and playable again next round (Living
Dead); last, the units the seat may play now (10) and its underworld (10, Chocobos counted
over ``rounds``). Strengths are in no view, so in no tensor.
"""

from __future__ import annotations

from typing import Any

from duelhost.core.encoding import one_hot
from duelhost.core.state import State
from duelhost.games.warriors_death.rules import clash
from duelhost.games.warriors_death.state import Round, WarriorsDeathState
from duelhost.games.warriors_death.units import BY_TEXT, UNITS

UNIT_NUMBER = {name: number for number, name in enumerate(UNITS)}


def max_length(options: dict[str, Any], params: dict[str, Any]) -> int:
    """Upper bound on a match's length in OpenSpiel nodes."""
    return int(options["rounds"]) * (int(options["bouts"]) + 1)


SLOT = 45
"""Floats per round slot of the information-state tensor."""
BOUT = 5
"""Floats per bout slot before its round slots: totals (own, opponent's), winner (3)."""


def information_state_tensor_size(options: dict[str, Any], params: dict[str, Any]) -> int:
    """Head, every bout's slot (the tie-break bout's too), the units the seat holds now."""
    bouts, rounds = int(options["bouts"]), int(options["rounds"])
    return 1 + (bouts + 1) + rounds + (bouts + 1) * (BOUT + SLOT * rounds) + 20


def information_state_tensor(
    state: State, seat: int, params: dict[str, Any], dealt: bool = True
) -> list[float]:
    """The seat's whole history (module docstring), from its view (every round as it was
    shown to the seat, its own submissions, the bouts' public totals) and the fate of its own
    units, which it always knows (WD12: the units it may play)."""
    assert isinstance(state, WarriorsDeathState)
    bouts, rounds = state.bouts_planned, state.rounds_per_bout
    view = state.view(seat)
    out = [float(state.is_over)]
    out += one_hot(bouts + 1, None if state.is_over else state.bout)
    out += one_hot(rounds, None if view["round"] is None else view["round"] - 1)
    records = [bout.rounds for bout in state._finished]
    if not state.is_over:
        records.append(tuple(state._rounds))
    shown = [*view["bouts"], {"totals": None, "winner": "", "rounds": view["rounds"]}]
    scale = 3 * rounds + 45
    for number in range(bouts + 1):
        if number >= len(records):
            out += [0.0] * (BOUT + SLOT * rounds)
            continue
        bout = shown[number]
        totals = bout["totals"]
        out += [0.0, 0.0] if totals is None else [totals[seat] / scale, totals[1 - seat] / scale]
        out += _winner(bout["winner"], seat)
        fates = _fates(records[number], seat)
        for slot in range(rounds):
            if slot >= len(records[number]):
                out += [0.0] * SLOT
                continue
            entry = bout["rounds"][slot]
            out += one_hot(10, UNIT_NUMBER[entry["units"][seat]])
            out += one_hot(10, UNIT_NUMBER[entry["units"][1 - seat]])
            out += _winner(entry["winner"], seat)
            mine = BY_TEXT[entry["mine"]]
            out += one_hot(10, mine.unit) + one_hot(10, mine.second) + list(fates[slot])
    playable = set(view["playable"])
    underworld = view["underworld"]
    out += [float(name in playable) for name in UNITS]
    out += [underworld.count("Chocobo") / rounds] + [float(n in underworld) for n in UNITS[1:]]
    return out


def _winner(winner: int | str | None, seat: int) -> list[float]:
    """Own, opponent's, tie; all zero for a bout not finished (``""``)."""
    if winner == "":
        return [0.0, 0.0, 0.0]
    return [float(winner == seat), float(winner == 1 - seat), float(winner is None)]


def _fates(records: tuple[Round, ...], seat: int) -> list[tuple[float, float]]:
    """For each round of a bout, whether the seat's unit went back to its hand (WD6) and
    whether it could be played again in the next round (WD8): the bout replayed through
    ``clash`` from its recorded submissions (Battle Voice buffs carried as the engine does)."""
    boost = [0, 0, 0, 0]
    fates = []
    for record in records:
        result = clash(record.units, record.seconds, record.revived, (boost[0], boost[2]))
        for side in (0, 1):
            boost[2 * side] = boost[2 * side + 1] + result.voice[side]
            boost[2 * side + 1] = result.voice[side]
        fates.append((float(result.survives[seat]), float(result.revivable[seat])))
    return fates
