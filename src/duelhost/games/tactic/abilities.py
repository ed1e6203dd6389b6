"""The 29 abilities of /TACTIC/ as data: one table entry per ability.

Each entry gives the ability's card text, whether it takes a number X, when it acts (its
*timing*) and, for activated abilities, the notation keyword, whether using it caches the unit
and whether it is once per turn. The engine (``state.py``) holds one small rule hook per
ability, named after it (``_reverberate``, ``_feedback``, ``_use_push``...), called at the
timing the table gives; the AT pipeline (``AT_ORDER``) is the documented order in which the
AT-changing abilities apply.
"""

from __future__ import annotations

from dataclasses import dataclass

PASSIVE = "passive"
"""Always on (movement, combat range, damage taken, AT)."""
ACTIVATED = "activated"
"""Used by the player with notation ``B2 KEYWORD targets``."""
ON_ATTACK = "on attack"
"""Triggered by an attack, resolved in the order of ``ON_ATTACK_ORDER``."""
START_OF_TURN = "start of turn"
ON_DEATH = "on death"


@dataclass(frozen=True)
class Ability:
    """One ability of the text."""

    name: str
    card: str
    timing: str
    has_value: bool = False
    keyword: str | None = None
    caches: bool = False
    once_per_turn: bool = False


ABILITIES: dict[str, Ability] = {
    a.name: a
    for a in (
        Ability("Dash", "This unit can move X extra spaces.", PASSIVE, has_value=True),
        Ability(
            "Heal",
            "If this unit attacks an ally, instead of dealing damage, remove damage counters "
            "from that unit equal to this unit's AT + X.",
            PASSIVE,
            has_value=True,
        ),
        Ability(
            "Range",
            "This unit can attack units from an extra X spaces away, as long as there is no "
            "unit between the attacking and attacked unit.",
            PASSIVE,
            has_value=True,
        ),
        Ability(
            "Armor",
            "Adjacent units that attack this unit have their damage reduced by X. This applies "
            "to Allies with Heal.",
            PASSIVE,
            has_value=True,
        ),
        Ability(
            "Fireball",
            "Once per turn this Unit may deal one (1) damage to an adjacent unit.",
            ACTIVATED,
            keyword="fireball",
            once_per_turn=True,
        ),
        Ability("Badger", "This unit can only attack diagonally.", PASSIVE),
        Ability(
            "Protection",
            "This unit cannot be damaged unless an enemy unit is adjacent to this unit.",
            PASSIVE,
        ),
        Ability(
            "Push",
            "Push a unit that is in combat range one square in any direction - as long as the "
            "destination is empty.",
            ACTIVATED,
            keyword="push",
            caches=True,
        ),
        Ability(
            "Swap",
            "This unit swaps positions with another adjacent unit.",
            ACTIVATED,
            keyword="swap",
            caches=True,
        ),
        Ability(
            "Annoy",
            "All adjacent enemies' AT is reduced by one (1), to a minimum of one (1).",
            PASSIVE,
        ),
        Ability(
            "Regenerate",
            "At the beginning of your turn, remove one (1) damage counter from this unit.",
            START_OF_TURN,
        ),
        Ability(
            "Command",
            "When this unit attacks another unit, the attacked unit attacks another unit, as "
            "per the Commander's choice.",
            ON_ATTACK,
        ),
        Ability(
            "Flame",
            "When this unit dies, it deals two (2) damage to an adjacent unit, and one (1) "
            "damage to all other adjacent enemies.",
            ON_DEATH,
        ),
        Ability(
            "Sacrifice",
            "Remove this unit from the game to deal X damage to one (1) adjacent unit.",
            ACTIVATED,
            has_value=True,
            keyword="sacrifice",
        ),
        Ability(
            "Double Strike",
            "This unit can simultaneously attack two (2) different units.",
            PASSIVE,
        ),
        Ability("Spite", "This unit gains +1 AT for every damage counter on this unit.", PASSIVE),
        Ability(
            "Burn",
            "If this unit is damaged, no other unit on the board may have damage counters "
            "removed for any reason. Units with Heal act as though they did not have heal. "
            "This unit cannot be damaged by allies.",
            PASSIVE,
        ),
        Ability(
            "Drain",
            "Once per turn, you may transfer X damage counters from this unit to another unit "
            "in combat range. This counts as healing this unit, but is not considered an attack.",
            ACTIVATED,
            has_value=True,
            keyword="drain",
            once_per_turn=True,
        ),
        Ability(
            "Aura of Pain",
            "At the beginning of your turn, this unit deals damage equal to the number of "
            "damage counters on this unit to all adjacent units.",
            START_OF_TURN,
        ),
        Ability(
            "Sprinkle Dust",
            "Once per turn, you may remove one damage counter from an adjacent unit.",
            ACTIVATED,
            keyword="dust",
            once_per_turn=True,
        ),
        Ability(
            "Taunt",
            "Adjacent enemies cannot move and must attack this unit if able.",
            PASSIVE,
        ),
        Ability(
            "Barbs",
            "When an adjacent unit is attacked, this unit deals 1 damage to the attacking unit, "
            "after combat.",
            ON_ATTACK,
        ),
        Ability(
            "Weaken",
            "This unit gains -1 AT for each damage counter on it. This ability cannot be "
            "disabled or lost in any way.",
            PASSIVE,
        ),
        Ability(
            "Pity",
            "When this unit is attacked, this unit deals 1 damage to all adjacent units.",
            ON_ATTACK,
        ),
        Ability("Check", "All adjacent undamaged units have -2 AT.", PASSIVE),
        Ability(
            "Feedback",
            "When this unit attacks a unit, it deals 2 damage to all units that share an "
            "ability. This does not affect units with King.",
            ON_ATTACK,
        ),
        Ability(
            "Feel the Pain",
            "This unit gains +1 AT and +1 HP for every damage counter on adjacent units.",
            PASSIVE,
        ),
        Ability(
            "Reverberate",
            "When this unit attacks an enemy, the target deals one (1) damage to all of its "
            "adjacent allied units. Units damaged this way also damage adjacent units. A unit "
            "cannot deal damage this way more than once per turn.",
            ON_ATTACK,
        ),
        Ability(
            "Equalize",
            "All adjacent units now have 2 AT. No other units can change the AT of said units.",
            PASSIVE,
        ),
    )
}

HOOKS: dict[str, str] = {
    "Dash": "_paths",
    "Heal": "attack",
    "Range": "combat_range",
    "Armor": "damage",
    "Fireball": "_use",
    "Badger": "combat_range",
    "Protection": "damage",
    "Push": "_use",
    "Swap": "_use",
    "Annoy": "at",
    "Regenerate": "_start_turn",
    "Command": "attack",
    "Flame": "_flame",
    "Sacrifice": "_use",
    "Double Strike": "attack",
    "Spite": "at",
    "Burn": "burning",
    "Drain": "_use",
    "Aura of Pain": "_start_turn",
    "Sprinkle Dust": "_use",
    "Taunt": "taunt_duty",
    "Barbs": "_barbs",
    "Weaken": "at",
    "Pity": "_pity",
    "Check": "at",
    "Feedback": "_feedback",
    "Feel the Pain": "hp",
    "Reverberate": "_reverberate",
    "Equalize": "at",
}
"""Ability -> the ``TacticState`` method that holds its rule (each method names the
abilities it implements in its docstring or comments)."""

KEYWORDS: dict[str, str] = {a.keyword: a.name for a in ABILITIES.values() if a.keyword}
"""Notation keyword -> ability name (``B2 push B3 B4``)."""

AT_ORDER = ("Equalize", "Check", "Annoy", "Spite", "Weaken", "Feel the Pain")
"""How AT is computed, in the order issue #6 lists (see the rules page): Equalize sets 2 and
stops every other change except Weaken; otherwise base AT, - 2 per adjacent Check if undamaged
(floor 0), - 1 per adjacent enemy Annoyer (never below 1), + Spite; then - Weaken (floor 0),
then + Feel the Pain (not under Equalize)."""

ON_ATTACK_ORDER = ("Reverberate", "Feedback", "Pity", "Barbs", "Command")
"""After an attack's damage (or healing): these triggers resolve in this order, deaths being
checked after each."""


def parse_ability(text: str) -> tuple[str, int]:
    """``"Range 1"`` -> ``("Range", 1)``; ``"Taunt"`` -> ``("Taunt", 0)``. ValueError if unknown."""
    words = text.split()
    value = 0
    if len(words) > 1 and words[-1].lstrip("-").isdigit():
        value = int(words[-1])
        words = words[:-1]
        has_number = True
    else:
        has_number = False
    wanted = " ".join(words).lower()
    for ability in ABILITIES.values():
        if ability.name.lower() == wanted:
            if ability.has_value and not has_number:
                raise ValueError(
                    f"ability {ability.name} needs its number X (like '{ability.name} 1')"
                )
            if not ability.has_value and has_number:
                raise ValueError(f"ability {ability.name} takes no number")
            return ability.name, value
    raise ValueError(f"unknown ability {text!r}; the abilities are {', '.join(ABILITIES)}")


def format_ability(name: str, value: int) -> str:
    return f"{name} {value}" if ABILITIES[name].has_value else name
