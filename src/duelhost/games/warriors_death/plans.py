"""A Warrior's Death's family of fixed plans (``duelhost.bots.plans``), searched by
``duelhost exploit warriors_death``.

``priority``: each unit has an early and a late weight; a round plays the playable unit with
the highest ``early[unit] + (round - 1) / (rounds - 1) * late[unit]`` (ties: the listed
order), from the seat's view only. An Astrologian predicts, among the units the other seat
has not shown this bout, the one with the highest weight, an Astrologian too (a person
guessing that the other side plays what they rate); a Blue Mage takes the disguise with the
highest weight.

The response to observed play (``duelhost.bots.observed``, ``--method observed``) keys a
decision by the round of the bout (public) and models the bot's whole submissions there (an
Astrologian's prediction matters). A plan is an assignment of the bout's units to its rounds
(each unit once, Chocobos without limit) maximizing the sum over rounds of the expected
one-round margin under the model at that round (uniform over the units at a round never
observed): the margin of a unit against another is read off the engine, a one-round bout
played out (3 for the win and both units' strengths in death, the Reaper's 8, the Black
Mage's and Dragoon's changes), so abilities that act on later rounds (Battle Voice, Living
Dead, a winning Samurai's return) are not counted. An Astrologian predicts what does best at
its round. When the table's unit is not playable (the tie-break bout starts full, so only a
unit the engine refuses), the plan sends a Chocobo.
"""

from __future__ import annotations

from functools import cache

import numpy as np

import duelhost
from duelhost.bots.base import SeatHandle
from duelhost.bots.observed import Model, Responder, Table, register_responder
from duelhost.bots.plans import Family, register_family
from duelhost.core.registry import Game
from duelhost.games.warriors_death.units import UNITS

ASTROLOGIAN = "Astrologian predicting "
BLUE_MAGE = "Blue Mage as "


def _priority(params: tuple[float, ...], handle: SeatHandle) -> str:
    view = handle.view()
    rounds = max(2, int(view["rounds_per_bout"]))
    share = (int(view["round"]) - 1) / (rounds - 1)
    count = len(UNITS)
    weight = {u: params[k] + share * params[count + k] for k, u in enumerate(UNITS)}
    legal = handle.legal()
    playable = [u for u in view["playable"] if any(t.startswith(u) for t in legal)]
    unit = max(playable, key=lambda u: (weight[u], -UNITS.index(u)))
    if unit == "Astrologian":
        shown = {entry["units"][1 - handle.seat] for entry in view["rounds"]}
        guesses = [t for t in legal if t.startswith(ASTROLOGIAN)]
        fresh = [t for t in guesses if t.removeprefix(ASTROLOGIAN) not in shown] or guesses
        return max(fresh, key=lambda t: weight[t.removeprefix(ASTROLOGIAN)])
    if unit == "Blue Mage":
        disguises = [t for t in legal if t.startswith(BLUE_MAGE)]
        return max(disguises, key=lambda t: weight[t.removeprefix(BLUE_MAGE)])
    return str(unit)


register_family(
    Family(
        game="warriors_death",
        name="priority",
        summary="play the unit of highest weight, weights drifting from early to late rounds",
        names=tuple(f"early_{u}" for u in UNITS) + tuple(f"late_{u}" for u in UNITS),
        bounds=((-1.0, 1.0),) * (2 * len(UNITS)),
        choose=_priority,
    )
)


def _unit(text: str) -> str:
    """The unit a canonical submission plays."""
    return next((u for u in UNITS if text.startswith(u)), text)


@cache
def _margins() -> tuple[tuple[str, ...], dict[tuple[str, str], int]]:
    """Every first-round submission, and seat 0's margin (its bout total less the other's)
    in a one-round bout for each pair of them."""
    game = duelhost.load("warriors_death", bouts=1, rounds=1, break_seconds=0)
    texts = tuple(game.new(seed=0).legal(0))
    margins: dict[tuple[str, str], int] = {}
    for ours in texts:
        for theirs in texts:
            state = game.new(seed=0)
            state.submit(0, ours)
            state.submit(1, theirs)
            totals = state.view(None)["bouts"][0]["totals"]
            margins[ours, theirs] = int(totals[0]) - int(totals[1])
    return texts, margins


def _respond(game: Game, model: Model) -> Table:
    texts, margins = _margins()
    rounds = int(game.options["rounds"])
    units = [u for u in UNITS if u != "Chocobo"] + ["Chocobo"] * rounds
    first = {_unit(t): t for t in reversed(texts)}
    uniform = {first[u]: 1 / len(first) for u in first}
    gain = np.zeros((rounds, len(units)))
    best: dict[tuple[int, str], str] = {}
    for row in range(rounds):
        observed = model.get(str(row + 1)) or uniform
        shares = {t: p for t, p in observed.items() if t in texts}
        for unit in dict.fromkeys(units):
            options = [t for t in texts if _unit(t) == unit]
            worth = {t: sum(p * margins[t, b] for b, p in shares.items()) for t in options}
            best[row, unit] = max(options, key=lambda t: worth[t])
        for column, unit in enumerate(units):
            text = best[row, unit]
            gain[row, column] = sum(p * margins[text, b] for b, p in shares.items())
    from scipy.optimize import linear_sum_assignment  # only when a response is made

    rows, columns = linear_sum_assignment(gain, maximize=True)
    return {str(r + 1): best[r, units[c]] for r, c in zip(rows, columns, strict=True)}


def _round(handle: SeatHandle) -> str:
    return str(handle.view()["round"])


def _play(table: Table, handle: SeatHandle) -> str:
    text = table.get(_round(handle))
    legal = handle.legal()
    return text if text in legal else "Chocobo"


register_responder(Responder(game="warriors_death", feature=_round, respond=_respond, play=_play))
