"""What a Goofspiel match keeps of its rounds, and how it reads them: each bout, planet and
round is stored as a tuple when it happens and made into the kernel's event (or a view's round)
only when read (a random match for research reads none: issue 27's speed goal)."""

from __future__ import annotations

import string
from typing import Any

from duelhost.games.goofspiel.deal import galaxy_letter, galaxy_name, planet_letters

NOBODY = -1
"""Winner of a tied round or bout in the internal records (None in views and events)."""
ROUND = "round"
PLANET = "planet"
BOUT = "bout"
LETTERS = string.ascii_uppercase
"""Galaxy ``g``'s letter is ``LETTERS[g]`` (``galaxy_letter``, without the call)."""

Names = tuple[tuple[str, ...], ...]
"""Every planet's name ("C-W") by galaxy and planet."""

_NAMES: dict[tuple[int, int], tuple[str, Names]] = {}


def names_of(galaxies: int, planets: int) -> tuple[str, Names]:
    """The planet letters, and every planet's name ("C-W") by galaxy and planet: made once
    per size (views and events name each round's planet)."""
    found = _NAMES.get((galaxies, planets))
    if found is None:
        labels = planet_letters(planets)
        names = tuple(
            tuple(f"{galaxy_letter(g)}-{label}" for label in labels) for g in range(galaxies)
        )
        found = _NAMES[(galaxies, planets)] = (labels, names)
    return found


def logged_event(stored: tuple[Any, ...], labels: str, planet_names: Names) -> dict[str, Any]:
    """The event a stored tuple stands for, with the fields ``_log`` gives it (``labels``:
    the planets' letters)."""
    if stored[0] == BOUT:
        _, deal, bout, decision = stored
        galaxy = deal.order[bout]
        return {
            "bout": bout + 1,
            "galaxy": LETTERS[galaxy],
            "name": galaxy_name(galaxy),
            "value": deal.values[galaxy],
            "planets": [labels[p] for p in deal.planet_orders[galaxy]],
            "event": "bout",
            "decision": decision,
        }
    if stored[0] == PLANET:
        _, number, planet, worth, decision = stored
        return {
            "round": number,
            "planet": planet,
            "worth": worth,
            "event": "planet",
            "decision": decision,
        }
    _, entry, p0, p1, decision = stored
    _, _, number, galaxy, planet, worth, first, second, winner, d0, d1 = entry
    return {
        "round": number + 1,
        "planet": planet_names[galaxy][planet],
        "worth": worth,
        "fleets": [first, second],
        "winner": None if winner == NOBODY else winner,
        "points": [p0, p1],
        "destroyed": [d0 or None, d1 or None],
        "event": "round",
        "decision": decision,
    }


def round_view(entry: tuple[int, ...], planet_names: Names) -> dict[str, Any]:
    """A view's record of one played round."""
    playing, bout, number, galaxy, planet, worth, f0, f1, winner, d0, d1 = entry
    # Built for every round at every view: names looked up, no calls (docs/performance.md).
    return {
        "replay": playing,
        "bout": bout + 1,
        "round": number + 1,
        "planet": planet_names[galaxy][planet],
        "worth": worth,
        "fleets": [f0, f1],
        "winner": None if winner == NOBODY else winner,
        "destroyed": [d0 or None, d1 or None],
    }
