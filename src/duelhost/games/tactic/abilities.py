"""The 29 abilities of /TACTIC/ as a table: one row per ability, its card text, its data and
the hooks it uses. The engine tells abilities apart only through this table.

A row (``Ability``) holds:

- ``card``, ``has_value`` (takes a number X), ``min_value`` (lowest X a faction table may give),
  ``king_may_have`` and ``excludes`` (checked when a faction table is loaded).
- ``traits``: facts the rules read from a unit's ``Kit`` (below) instead of hooks: ``steps`` (+X
  cells per move: Dash), ``reach`` (+X combat range: Range), ``diagonal`` (attacks diagonally:
  Badger), ``armor`` (adjacent damage -X: Armor), ``heals`` (attacking an ally heals it, + X:
  Heal), ``protected`` (no damage without an adjacent enemy: Protection), ``ally_proof`` and
  ``blocks_healing`` (Burn), ``taunts`` (Taunt), ``commands`` (Command), ``double_strike``.
- hooks, each a function of ``effects.py`` that receives its own row, called from the table:

  - ``at_step``: by ``Rules.at``, rows in ``AT_ORDER``; a ``gives_at`` row acts on the units
    adjacent to its owner, the others on the unit itself; once Equalize has applied, only
    ``under_equalize`` rows (Weaken) still do.
  - ``hp_bonus``: by ``Rules.hp`` (Feel the Pain).
  - ``start_of_turn``: by ``TacticState._start_turn`` after un-caching, rows in
    ``START_OF_TURN_ORDER``, deaths checked after each.
  - ``after_attack``: by ``Rules.attack`` after the attack's damage, rows in
    ``ON_ATTACK_ORDER``, deaths checked after each; the Command follow-up comes last.
  - ``on_death``: by ``Rules._flame`` after the action that killed the unit (Flame), at once
    or after its owner's ``flame C3`` choice.
  - ``options``, ``check``, ``use``: activated abilities, written ``B2 KEYWORD B3``
    (``keyword``); listed by ``Legality._unit_actions`` in ``ACTIVATED_ORDER``, checked by
    ``Legality._check_use`` (the generic checks, then ``check``), applied by
    ``TacticState._use``. Their data: ``caches`` (using it caches the unit), ``once_flag``
    (its once-per-turn flag bit), ``taunt_bound`` (an unmet Taunt duty forbids it),
    ``in_range`` (the target is in combat range rather than adjacent) and ``destination``
    (the notation names a destination cell: Push).
"""

from __future__ import annotations

from duelhost.games.tactic import effects as fx
from duelhost.games.tactic.flags import USED_DRAIN, USED_DUST, USED_FIREBALL
from duelhost.games.tactic.rows import Ability, Kit, register

TRAITS = (
    "steps",
    "reach",
    "diagonal",
    "armor",
    "heals",
    "protected",
    "ally_proof",
    "blocks_healing",
    "taunts",
    "commands",
    "double_strike",
)


ABILITIES: dict[str, Ability] = {
    a.name: a
    for a in (
        Ability("Dash", "This unit can move X extra spaces.", has_value=True, traits=("steps",)),
        Ability(
            "Heal",
            "If this unit attacks an ally, instead of dealing damage, remove damage counters "
            "from that unit equal to this unit's AT + X.",
            has_value=True,
            traits=("heals",),
            min_value=0,
        ),
        Ability(
            "Range",
            "This unit can attack units from an extra X spaces away, as long as there is no "
            "unit between the attacking and attacked unit.",
            has_value=True,
            traits=("reach",),
        ),
        Ability(
            "Armor",
            "Adjacent units that attack this unit have their damage reduced by X. This applies "
            "to Allies with Heal.",
            has_value=True,
            traits=("armor",),
        ),
        Ability(
            "Fireball",
            "Once per turn this Unit may deal one (1) damage to an adjacent unit.",
            keyword="fireball",
            once_flag=USED_FIREBALL,
            options=fx.adjacent_options,
            use=fx.fireball,
        ),
        Ability("Badger", "This unit can only attack diagonally.", traits=("diagonal",)),
        Ability(
            "Protection",
            "This unit cannot be damaged unless an enemy unit is adjacent to this unit.",
            traits=("protected",),
        ),
        Ability(
            "Push",
            "Push a unit that is in combat range one square in any direction - as long as the "
            "destination is empty.",
            keyword="push",
            caches=True,
            taunt_bound=True,
            in_range=True,
            destination=True,
            options=fx.push_options,
            check=fx.push_check,
            use=fx.push,
        ),
        Ability(
            "Swap",
            "This unit swaps positions with another adjacent unit.",
            keyword="swap",
            caches=True,
            taunt_bound=True,
            options=fx.adjacent_options,
            use=fx.swap,
        ),
        Ability(
            "Annoy",
            "All adjacent enemies' AT is reduced by one (1), to a minimum of one (1).",
            at_step=fx.annoy_at,
            gives_at=True,
        ),
        Ability(
            "Regenerate",
            "At the beginning of your turn, remove one (1) damage counter from this unit.",
            start_of_turn=fx.regenerate,
        ),
        Ability(
            "Command",
            "When this unit attacks another unit, the attacked unit attacks another unit, as "
            "per the Commander's choice.",
            traits=("commands",),
            excludes=("Double Strike",),
        ),
        Ability(
            "Flame",
            "When this unit dies, it deals two (2) damage to an adjacent unit, and one (1) "
            "damage to all other adjacent enemies.",
            on_death=fx.flame,
        ),
        Ability(
            "Sacrifice",
            "Remove this unit from the game to deal X damage to one (1) adjacent unit.",
            has_value=True,
            keyword="sacrifice",
            taunt_bound=True,
            king_may_have=False,
            options=fx.adjacent_options,
            use=fx.sacrifice,
        ),
        Ability(
            "Double Strike",
            "This unit can simultaneously attack two (2) different units.",
            traits=("double_strike",),
        ),
        Ability(
            "Spite",
            "This unit gains +1 AT for every damage counter on this unit.",
            at_step=fx.spite_at,
        ),
        Ability(
            "Burn",
            "If this unit is damaged, no other unit on the board may have damage counters "
            "removed for any reason. Units with Heal act as though they did not have heal. "
            "This unit cannot be damaged by allies.",
            traits=("ally_proof", "blocks_healing"),
        ),
        Ability(
            "Drain",
            "Once per turn, you may transfer X damage counters from this unit to another unit "
            "in combat range. This counts as healing this unit, but is not considered an attack.",
            has_value=True,
            keyword="drain",
            once_flag=USED_DRAIN,
            in_range=True,
            options=fx.drain_options,
            check=fx.drain_check,
            use=fx.drain,
        ),
        Ability(
            "Aura of Pain",
            "At the beginning of your turn, this unit deals damage equal to the number of "
            "damage counters on this unit to all adjacent units.",
            start_of_turn=fx.aura_of_pain,
        ),
        Ability(
            "Sprinkle Dust",
            "Once per turn, you may remove one damage counter from an adjacent unit.",
            keyword="dust",
            once_flag=USED_DUST,
            options=fx.dust_options,
            check=fx.dust_check,
            use=fx.dust,
        ),
        Ability(
            "Taunt",
            "Adjacent enemies cannot move and must attack this unit if able.",
            traits=("taunts",),
        ),
        Ability(
            "Barbs",
            "When an adjacent unit is attacked, this unit deals 1 damage to the attacking unit, "
            "after combat.",
            after_attack=fx.barbs,
        ),
        Ability(
            "Weaken",
            "This unit gains -1 AT for each damage counter on it. This ability cannot be "
            "disabled or lost in any way.",
            at_step=fx.weaken_at,
            under_equalize=True,
        ),
        Ability(
            "Pity",
            "When this unit is attacked, this unit deals 1 damage to all adjacent units.",
            after_attack=fx.pity,
        ),
        Ability(
            "Check", "All adjacent undamaged units have -2 AT.", at_step=fx.check_at, gives_at=True
        ),
        Ability(
            "Feedback",
            "When this unit attacks a unit, it deals 2 damage to all units that share an "
            "ability. This does not affect units with King.",
            after_attack=fx.feedback,
        ),
        Ability(
            "Feel the Pain",
            "This unit gains +1 AT and +1 HP for every damage counter on adjacent units.",
            at_step=fx.feel_the_pain_at,
            hp_bonus=fx.feel_the_pain_hp,
        ),
        Ability(
            "Reverberate",
            "When this unit attacks an enemy, the target deals one (1) damage to all of its "
            "adjacent allied units. Units damaged this way also damage adjacent units. A unit "
            "cannot deal damage this way more than once per turn.",
            after_attack=fx.reverberate,
        ),
        Ability(
            "Equalize",
            "All adjacent units now have 2 AT. No other units can change the AT of said units.",
            at_step=fx.equalize_at,
            gives_at=True,
        ),
    )
}


KEYWORDS: dict[str, str] = {a.keyword: a.name for a in ABILITIES.values() if a.keyword}
"""Notation keyword -> ability name (``B2 push B3 B4``)."""

AT_ORDER = ("Equalize", "Check", "Annoy", "Spite", "Weaken", "Feel the Pain")
"""How AT is computed, in the order issue #6 lists (see the rules page): Equalize sets 2 and
stops every other change except Weaken; otherwise base AT, - 2 per adjacent Check if undamaged
(floor 0), - 1 per adjacent enemy Annoyer (never below 1), + Spite; then - Weaken (floor 0),
then + Feel the Pain (not under Equalize)."""

ON_ATTACK_ORDER = ("Reverberate", "Feedback", "Pity", "Barbs", "Command")
"""After an attack's damage (or healing): these triggers resolve in this order, deaths being
checked after each (Command, the follow-up attack, is last)."""

START_OF_TURN_ORDER = ("Aura of Pain", "Regenerate")
"""Start-of-turn abilities: every Aura of Pain of the player at once, then every Regenerate."""

ACTIVATED_ORDER = ("Fireball", "Sprinkle Dust", "Drain", "Push", "Swap", "Sacrifice")
"""The order in which a unit's activated abilities are listed by ``legal()``."""

AT_STEPS = tuple(ABILITIES[name] for name in AT_ORDER)
AFTER_ATTACK = tuple(ABILITIES[name] for name in ON_ATTACK_ORDER if ABILITIES[name].after_attack)
START_OF_TURN = tuple(ABILITIES[name] for name in START_OF_TURN_ORDER)
ACTIVATED = tuple(ABILITIES[name] for name in ACTIVATED_ORDER)


def kit_of(abilities: dict[str, int]) -> Kit:
    """The ``Kit`` of a unit type with these abilities (name -> X)."""
    rows = [ABILITIES[name] for name in abilities]
    traits: dict[str, int] = {}
    for row in rows:
        for trait in row.traits:
            traits[trait] = abilities[row.name]
    return Kit(
        rows=frozenset(rows),
        steps=1 + traits.get("steps", 0),
        reach=1 + traits.get("reach", 0),
        diagonal="diagonal" in traits,
        armor=traits.get("armor", 0),
        heals="heals" in traits,
        heal=traits.get("heals", 0),
        protected="protected" in traits,
        ally_proof="ally_proof" in traits,
        blocks_healing="blocks_healing" in traits,
        taunts="taunts" in traits,
        commands="commands" in traits,
        double_strike="double_strike" in traits,
        own_at=any(r.at_step is not None and not r.gives_at for r in rows),
        gives_at=any(r.gives_at for r in rows),
        hp_rows=tuple(r for r in rows if r.hp_bonus is not None),
        on_death=next((r for r in rows if r.on_death is not None), None),
        activated=tuple(r for r in ACTIVATED if r in rows),
    )


def _check_table() -> None:
    """The table is consistent: every trait is known, every activated row has its hooks and
    is listed in ``ACTIVATED_ORDER``, every hook row is in its order."""
    for row in ABILITIES.values():
        assert set(row.traits) <= set(TRAITS), row.name
        assert (row.keyword is not None) == (row.use is not None) == (row.options is not None)
        assert (row.keyword is not None) == (row.name in ACTIVATED_ORDER), row.name
        assert (row.at_step is not None) == (row.name in AT_ORDER), row.name
        assert (row.start_of_turn is not None) == (row.name in START_OF_TURN_ORDER), row.name
        if row.after_attack is not None:
            assert row.name in ON_ATTACK_ORDER, row.name


_check_table()
register(ABILITIES)


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
