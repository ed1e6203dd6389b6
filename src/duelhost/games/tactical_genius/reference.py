"""The units chart, the skills and the resolution order as the browser board shows them
(``GameSpec.extra["reference"]``), from the match's table itself (nothing copied)."""

from __future__ import annotations

from typing import Any

from duelhost.games.tactical_genius.actions import PASS
from duelhost.games.tactical_genius.notation import _CELL_LIKE, _NAME
from duelhost.games.tactical_genius.table import PRIORITIES, TYPE_NAMES, Skill, load_table


def _skill(skill: Skill) -> dict[str, Any]:
    return {
        "id": skill.id,
        "name": skill.name,
        "class": skill.kind,
        "priority": skill.priority,
        "target": "the user itself" if skill.reach is None else "a tile " + skill.reach.describe(),
        "text": skill.text,
    }


def reference(options: dict[str, Any]) -> dict[str, Any]:
    """``{"table", "types", "skills", "resolution", "names"}`` for a match with these
    (resolved) options: each type's class, base stats, free bonus, attack range, the types it
    is effective against and its unique skill; every skill; the order in which a command
    phase resolves (priority classes, then speed); and the rule of unit names, the engine's
    own (issue 32: the builder checks a name before it is sent)."""
    table = load_table(options.get("table"))
    skills = list(table.skills.values())
    return {
        "table": table.name,
        "types": [
            {
                "name": t.name,
                "class": t.kind,
                "health": t.health,
                "attack": t.attack,
                "defense": t.defense,
                "speed": t.speed,
                "bonus": f"+{t.bonus_amount} {t.bonus_stat}",
                "range": t.reach.describe(),
                "effective": sorted(t.effective, key=lambda n: table.types[n].index),
                "unique": t.unique,
                "learns": table.learnable(t),
            }
            for t in table.type_list
        ],
        "skills": [_skill(s) for s in skills],
        "resolution": [
            {
                "priority": priority,
                "orders": ["attack", "move", "idle"] if priority == "normal" else [],
                "skills": [s.id for s in skills if s.priority == priority],
            }
            for priority in PRIORITIES
        ],
        "names": {
            "pattern": _NAME.pattern,
            "cell_like": _CELL_LIKE.pattern,
            "reserved": sorted({t.lower() for t in TYPE_NAMES} | {"place", PASS}),
        },
    }
