"""A Warrior's Death's family of fixed plans (``duelhost.bots.plans``), searched by
``duelhost exploit warriors_death``.

``priority``: each unit has an early and a late weight; a round plays the playable unit with
the highest ``early[unit] + (round - 1) / (rounds - 1) * late[unit]`` (ties: the listed
order), from the seat's view only. An Astrologian predicts, among the units the other seat
has not shown this bout, the one with the highest weight, an Astrologian too (a person
guessing that the other side plays what they rate); a Blue Mage takes the disguise with the
highest weight.
"""

from __future__ import annotations

from duelhost.bots.base import SeatHandle
from duelhost.bots.plans import Family, register_family
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
