"""The rules of the /TACTIC/ abilities that act through a hook, one function per ability.

Each function is a hook of one row of the ability table (``abilities.py``) and is called only
through that row: the engine never names an ability. Every hook receives its own row (for its
name in the event log, its X through ``UnitType.value`` and to recognise the units that have it)
and the match state. The hook points, what calls them and when, are listed in ``abilities.py``.
"""

from __future__ import annotations

from collections.abc import Iterable

from duelhost.core.errors import IllegalAction
from duelhost.games.tactic import board
from duelhost.games.tactic.board import ADJACENT, NEIGHBOURS
from duelhost.games.tactic.flags import ALIVE, REVERBERATED
from duelhost.games.tactic.rows import Ability, AtChange, Match, Use

# ---------------------------------------------------------------------- AT steps (at_step)
# ``source`` is the adjacent unit that has the ability (``gives_at`` rows) or the unit itself.


def equalize_at(state: Match, row: Ability, change: AtChange, source: int) -> None:
    """Exactly 2; the first adjacent Equalizer counts."""
    if change.equalized:
        return
    change.value = 2
    change.equalized = True
    change.note(f"{row.name} =2 ({state.label(source)})")


def check_at(state: Match, row: Ability, change: AtChange, source: int) -> None:
    """-2 for an undamaged unit, floor 0."""
    if change.damage == 0:
        lost = min(2, change.value)
        change.value -= lost
        change.note(f"{row.name} -{lost} ({state.label(source)})")


def annoy_at(state: Match, row: Ability, change: AtChange, source: int) -> None:
    """-1 for an enemy while its AT is above 1."""
    if state.u_owner[source] != state.u_owner[change.unit] and change.value > 1:
        change.value -= 1
        change.note(f"{row.name} -1 ({state.label(source)})")


def spite_at(state: Match, row: Ability, change: AtChange, source: int) -> None:
    """+1 per counter on itself."""
    if change.damage:
        change.value += change.damage
        change.note(f"{row.name} +{change.damage}")


def weaken_at(state: Match, row: Ability, change: AtChange, source: int) -> None:
    """-1 per counter on itself, floor 0."""
    if change.damage:
        lost = min(change.damage, change.value)
        change.value -= lost
        change.note(f"{row.name} -{lost}")


def feel_the_pain_at(state: Match, row: Ability, change: AtChange, source: int) -> None:
    """+1 per counter on adjacent units."""
    pain = sum(state.u_dmg[v] for v in change.around)
    change.value += pain
    if pain:
        change.note(f"{row.name} +{pain}")


def feel_the_pain_hp(state: Match, row: Ability, unit: int) -> int:
    """+1 HP per counter on adjacent units."""
    dmg = state.u_dmg
    return sum(dmg[v] for v in state.around(state.u_cell[unit], unit))


# ---------------------------------------------------------------------- start of turn


def aura_of_pain(state: Match, row: Ability, seat: int, own: list[int]) -> None:
    """Every Aura of the player at once: each adjacent unit takes the unit's counters."""
    pains = [(u, state.u_dmg[u]) for u in own if state.u_dmg[u] and state.has(u, row)]
    hits = [(v, amount, u) for u, amount in pains for v in state.around(state.u_cell[u], u)]
    for v, amount, u in hits:
        state.damage(v, amount, u, row.name)


def regenerate(state: Match, row: Ability, seat: int, own: list[int]) -> None:
    """1 counter off each damaged living unit that has it."""
    for u in own:
        if state.alive(u) and state.u_dmg[u] and state.has(u, row):
            state.heal(u, 1, u, row.name)


# ---------------------------------------------------------------------- after an attack
# Each returns True if it acted (then deaths are checked before the next trigger).


def reverberate(state: Match, row: Ability, attacker: int, targets: list[int]) -> bool:
    """The attacked enemy deals 1 to its adjacent allies; each unit damaged this way does the
    same; a unit deals Reverberate damage at most once per turn (Armor stops the chain)."""
    if not state.has(attacker, row):
        return False
    owner = state.u_owner[attacker]
    for t in targets:
        if state.u_owner[t] != owner and not state.u_flags[t] & REVERBERATED:
            _reverberate_from(state, row, t)
    return True


def _reverberate_from(state: Match, row: Ability, first: int) -> None:
    wave = [first]
    while wave:
        hits: list[tuple[int, int]] = []
        for source in wave:
            state.u_flags[source] |= REVERBERATED
            owner = state.u_owner[source]
            hits.extend(
                (v, source)
                for v in state.around(state.u_cell[source], source)
                if state.u_owner[v] == owner
            )
        following: list[int] = []
        for victim, source in hits:
            dealt = state.damage(victim, 1, source, row.name)
            if dealt and not state.u_flags[victim] & REVERBERATED and victim not in following:
                following.append(victim)
        wave = following


def feedback(state: Match, row: Ability, attacker: int, targets: list[int]) -> bool:
    """2 damage to every unit sharing an ability with the attacked unit (never Kings)."""
    if not state.has(attacker, row):
        return False
    for t in targets:
        shared = state.u_type[t].ability_names
        if state.u_type[t].king or not shared:
            continue
        victims = [
            v
            for v in state.units()
            if v not in (t, attacker)
            and not state.u_type[v].king
            and shared & state.u_type[v].ability_names
        ]
        for v in victims:
            state.damage(v, 2, attacker, row.name)
    return True


def pity(state: Match, row: Ability, attacker: int, targets: list[int]) -> bool:
    """Each attacked Pity unit deals 1 to every adjacent unit (a Pity unit with Heal heals its
    allies instead, by 1 after Armor + X)."""
    for t in targets:
        if not state.has(t, row):
            continue
        kit = state.u_type[t].kit
        owner = state.u_owner[t]
        for v in state.around(state.u_cell[t], t):
            if kit.heals and state.u_owner[v] == owner and state.burning(v) < 0:
                armor = state.u_type[v].kit.armor
                state.heal(v, max(0, 1 - armor) + kit.heal, t, row.name)
            else:
                state.damage(v, 1, t, row.name)
    return True


def barbs(state: Match, row: Ability, attacker: int, targets: list[int]) -> bool:
    """Each Barbs unit adjacent to an attacked ally of its own deals 1 to the attacker after
    combat, if the attacker is adjacent to it too (Decision 5), whoever owns the attacker:
    friendly fire too (TA8). A Double Strike is one attack."""
    if not state.alive(attacker):
        return True
    for b in state.units():
        if b == attacker or not state.has(b, row):
            continue
        near = ADJACENT[state.u_cell[b]]
        if (
            state.alive(attacker)
            and state.u_cell[attacker] in near
            and any(
                t != b and state.u_owner[t] == state.u_owner[b] and state.u_cell[t] in near
                for t in targets
            )
        ):
            state.damage(attacker, 1, b, row.name)
    return True


# ---------------------------------------------------------------------- on death


def flame(state: Match, row: Ability, unit: int, chosen: int) -> None:
    """2 damage to the chosen adjacent unit, 1 to every other adjacent unit (allies too, as the
    clarification says), all at once."""
    others = [v for v in state.flame_choices(unit) if v != chosen]
    state.damage(chosen, 2, unit, row.name)
    for v in others:
        state.damage(v, 1, unit, row.name)


# ---------------------------------------------------------------------- activated abilities
# options(state, row, unit, reach, adjacent): the legal uses (reach: cells in combat range,
# adjacent: adjacent cells holding a unit); check(...): IllegalAction for what the generic
# checks of ``Legality._check_use`` leave; use(...): the effect, already checked.


def adjacent_options(
    state: Match, row: Ability, unit: int, reach: list[int], adjacent: list[int]
) -> Iterable[Use]:
    """Fireball, Swap, Sacrifice: any adjacent unit."""
    cell = state.u_cell[unit]
    return [Use(cell, row.name, t) for t in adjacent]


def push_options(
    state: Match, row: Ability, unit: int, reach: list[int], adjacent: list[int]
) -> Iterable[Use]:
    cell = state.u_cell[unit]
    return [Use(cell, row.name, t, d) for t in reach for d in NEIGHBOURS[t] if state.board_[d] < 0]


def push_check(state: Match, row: Ability, seat: int, unit: int, action: Use, text: str) -> None:
    target = state.board_[action.target]
    dest = action.destination
    if dest not in ADJACENT[action.target]:
        raise IllegalAction(
            f"{text}: a push moves {state.label(target)} one cell "
            f"({board.name(dest)} is not next to it)"
        )
    if state.board_[dest] >= 0:
        raise IllegalAction(
            f"{text}: {board.name(dest)} is occupied by {state.label(state.board_[dest])}"
        )


def push(state: Match, row: Ability, seat: int, unit: int, action: Use) -> None:
    target = state.board_[action.target]
    state.board_[action.target] = -1
    state.board_[action.destination] = target
    state.u_cell[target] = action.destination


def swap(state: Match, row: Ability, seat: int, unit: int, action: Use) -> None:
    target = state.board_[action.target]
    state.board_[action.origin], state.board_[action.target] = target, unit
    state.u_cell[unit], state.u_cell[target] = action.target, action.origin


def fireball(state: Match, row: Ability, seat: int, unit: int, action: Use) -> None:
    state.damage(state.board_[action.target], 1, unit, row.name)


def drain_options(
    state: Match, row: Ability, unit: int, reach: list[int], adjacent: list[int]
) -> Iterable[Use]:
    if state.u_dmg[unit] < state.u_type[unit].value(row.name) or state.burning() >= 0:
        return []
    cell = state.u_cell[unit]
    owner = state.u_owner[unit]
    return [
        Use(cell, row.name, t)
        for t in reach
        if not (
            state.u_type[state.board_[t]].kit.ally_proof and state.u_owner[state.board_[t]] == owner
        )
    ]


def drain_check(state: Match, row: Ability, seat: int, unit: int, action: Use, text: str) -> None:
    kind = state.u_type[unit]
    target = state.board_[action.target]
    need = kind.value(row.name)
    if state.u_dmg[unit] < need:
        raise IllegalAction(
            f"{text}: {kind.name} has {state.u_dmg[unit]} damage; Drain {need} needs {need}"
        )
    burner = state.burning()
    if burner >= 0:
        raise IllegalAction(
            f"{text}: Drain is blocked while {state.label(burner)} is damaged (Burn)"
        )
    if state.u_type[target].kit.ally_proof and state.u_owner[target] == seat:
        raise IllegalAction(f"{text}: {state.label(target)} cannot be damaged by allies (Burn)")


def drain(state: Match, row: Ability, seat: int, unit: int, action: Use) -> None:
    """Not an attack, not reduced by Armor or Protection; heals this unit."""
    target = state.board_[action.target]
    amount = state.u_type[unit].value(row.name)
    state.u_dmg[unit] -= amount
    state.u_dmg[target] += amount
    state.hurt = True
    state.log_effect("heal", unit, amount, unit, row.name)
    state.log_effect("damage", target, amount, unit, row.name)


def sacrifice(state: Match, row: Ability, seat: int, unit: int, action: Use) -> None:
    """Removed from the game (not a death: no Flame); still "there" for Armor and Protection
    while its damage is dealt."""
    state.u_flags[unit] &= ~ALIVE
    state.board_[action.origin] = -1
    state._log(
        "sacrificed", seat=seat, unit=state.u_type[unit].name, cell=board.name(action.origin)
    )
    target = state.board_[action.target]
    state.damage(target, state.u_type[unit].value(row.name), unit, row.name)


def dust_options(
    state: Match, row: Ability, unit: int, reach: list[int], adjacent: list[int]
) -> Iterable[Use]:
    cell = state.u_cell[unit]
    return [
        Use(cell, row.name, t)
        for t in adjacent
        if state.u_dmg[state.board_[t]] and state.burning(exclude=state.board_[t]) < 0
    ]


def dust_check(state: Match, row: Ability, seat: int, unit: int, action: Use, text: str) -> None:
    target = state.board_[action.target]
    if state.u_dmg[target] == 0:
        raise IllegalAction(f"{text}: {state.label(target)} has no damage")
    burner = state.burning(exclude=target)
    if burner >= 0:
        raise IllegalAction(
            f"{text}: healing is blocked while {state.label(burner)} is damaged (Burn)"
        )


def dust(state: Match, row: Ability, seat: int, unit: int, action: Use) -> None:
    state.heal(state.board_[action.target], 1, unit, row.name)
