"""Tactical Genius's greedy bot (a one-type army, sensible stats, the best attack each round) and
the registration of the search levels (``search.py``).

It picks its army type at random from the match seed (the balance report plays it with random
types), builds four units at once and replaces losses while points last, advances while no unit
of its has a target, and orders each unit the attack or skill dealing the most damage, preferring
kills, else a step forward. It sees only its seat's view and the game's public helpers.
"""

from __future__ import annotations

from typing import Any

from duelhost.bots.base import SeatHandle
from duelhost.bots.registry import register_bot
from duelhost.core.rng import derive
from duelhost.core.state import Game
from duelhost.games.tactical_genius import catalogue

GAME = "tactical_genius"
TYPES = ("Axe", "Sword", "Lance", "Beserker", "Arrow", "Gun", "Magic", "Cannon")
LETTERS = "ABCDEFGHIJ"
OWN = ("ABCD", "JIHG")
"""Each side's own columns, from its edge towards the middle."""
FAR_EDGE = (9, 0)
FACING = (1, -1)


def _cell(text: str) -> tuple[int, int]:
    return LETTERS.index(text[0].upper()), int(text[1:]) - 1


def _name(col: int, row: int) -> str:
    return f"{LETTERS[col]}{row + 1}"


class GreedyTacticalGenius:
    """Builds a one-type army and greedily attacks the best target each round."""

    name = "greedy"

    def __init__(self, game: Game, seat: int, seed: int, army_type: str | None = None) -> None:
        self.seat = seat
        self._rng = derive(seed, "greedy", GAME, seat)
        self.army_type = army_type if army_type is not None else self._rng.choice(TYPES)
        self._info: dict[str, Any] | None = None

    # ------------------------------------------------------------------ protocol

    def act(self, seat: SeatHandle) -> str:
        if self._info is None:
            self._info = seat.helper("type_info")
        view = seat.view()
        if view["phase"] == "reinforcement":
            return self._reinforce(seat, view)
        return self._command(seat, view)

    # ------------------------------------------------------------------ reinforcement

    def _reinforce(self, seat: SeatHandle, view: dict[str, Any]) -> str:
        assert self._info is not None
        me = self.seat
        legal = seat.legal()
        mine = [u for u in view["units"] if u["alive"] and u["seat"] == me]
        enemies = [u for u in view["units"] if u["alive"] and u["seat"] != me]
        items: list[str] = []
        advancing = "advance" in legal and not any(
            self._targets(seat, u["name"], enemies) for u in mine
        )
        if advancing:
            items.append("advance")
        occupied = {u["cell"] for u in view["units"] if u["alive"]}
        if advancing:
            occupied = {u["cell"] for u in enemies} | {
                _name(_cell(u["cell"])[0] + FACING[me], _cell(u["cell"])[1]) for u in mine
            }
        points = view["points_left"][me]
        placed = view["placed"][me]
        on_board = len(mine)
        bonuses = list(view["bonuses"][me])
        taken = {u["name"].lower() for u in view["units"]}
        wanted = self._rng.randint(3, 5) if view["round"] == 1 else (1 if on_board < 2 else 0)
        info = self._info["types"][self.army_type]
        ranged = info["class"] == "ranged"
        columns = OWN[me][::-1] if not ranged else OWN[me][::-1][1:] + OWN[me][::-1][:1]
        number = 1
        for _ in range(wanted):
            if on_board >= 6 or placed >= 10 or points < 3 or not bonuses:
                break
            cell = self._free_cell(columns, occupied, enemies)
            if cell is None:
                break
            while f"{('Gr', 'Bl')[me]}{number}".lower() in taken:
                number += 1
            name = f"{('Gr', 'Bl')[me]}{number}"
            taken.add(name.lower())
            share = points // max(1, wanted - _) if view["round"] == 1 else points
            text, cost = self._unit(name, cell, bonuses.pop(0), share)
            items.append(text)
            occupied.add(cell)
            points -= cost
            placed += 1
            on_board += 1
        if not items:
            return "pass"
        return "; ".join(items)

    def _free_cell(
        self, columns: str, occupied: set[str], enemies: list[dict[str, Any]]
    ) -> str | None:
        enemy_cells = [_cell(u["cell"]) for u in enemies]
        for letter in columns:
            for row in (1, 0, 2):
                col = LETTERS.index(letter)
                name = _name(col, row)
                if name in occupied:
                    continue
                if not catalogue.behind(self.seat, col, row, enemy_cells):
                    return name
        return None

    def _unit(self, name: str, cell: str, bonus: str, points: int) -> tuple[str, int]:
        """A unit costing at most ``points``: a random sensible spread of attack, defense,
        health and speed, with the type's unique skill when it fits."""
        assert self._info is not None
        rng = self._rng
        unique = self._info["types"][self.army_type]["unique"]
        spend = points - 3
        skill = spend >= 4 and rng.random() < 0.8
        spend -= int(skill)
        atk = min(5, spend, rng.randint(2, 4))
        spend -= atk
        defense = min(5, spend, rng.randint(0, 2))
        spend -= defense
        hp = min(spend, rng.randint(0, 2))
        spend -= hp
        spd = min(spend, rng.randint(0, 1))
        return catalogue.placement(
            name, self.army_type, cell, bonus, hp, atk, defense, spd, unique if skill else None
        )

    # ------------------------------------------------------------------ command

    def _targets(self, seat: SeatHandle, unit: str, enemies: list[dict[str, Any]]) -> list[str]:
        cells = {u["cell"] for u in enemies}
        found = []
        for order in seat.helper("orders_for", unit):
            words = order.split()
            if words[1] == "attack" and words[2] in cells:
                found.append(words[2])
        return found

    def _command(self, seat: SeatHandle, view: dict[str, Any]) -> str:
        assert self._info is not None
        me = self.seat
        units = [u for u in view["units"] if u["alive"]]
        by_cell = {u["cell"]: u for u in units}
        orders = []
        for unit in units:
            if unit["seat"] != me:
                continue
            best: tuple[float, str] | None = None
            for order in seat.helper("orders_for", unit["name"]):
                score = self._score(seat, unit, order, by_cell)
                if score > 0 and (best is None or score > best[0]):
                    best = (score, order)
            if best is not None:
                orders.append(best[1])
        return "; ".join(orders) if orders else "pass"

    def _score(
        self, seat: SeatHandle, unit: dict[str, Any], order: str, by_cell: dict[str, Any]
    ) -> float:
        assert self._info is not None
        words = order.split()
        verb = words[1]
        if verb == "attack":
            target = by_cell.get(words[2])
            if target is None or target["seat"] == self.seat:
                return 0.0
            return self._hit_value(seat, unit, target, 1.0)
        if verb == "move":
            return self._score_move(unit, words[2], by_cell)
        skill = self._info["skills"][words[2]]
        if skill["effect"] == "strike":
            return self._score_strike(seat, unit, words, skill, by_cell)
        return self._score_boost(unit, words, by_cell)

    def _score_move(self, unit: dict[str, Any], way: str, by_cell: dict[str, Any]) -> float:
        me = self.seat
        col, row = _cell(unit["cell"])
        ahead = col + FACING[me]
        if any(_cell(c)[0] == ahead and u["seat"] != me for c, u in by_cell.items()):
            return 0.0
        if way == "forward":
            if _name(ahead, row) in by_cell:
                return 0.0
            return 100.0 if ahead == FAR_EDGE[me] else 0.2
        # Sidestep when an ally blocks the way forward and the side lane is open.
        side = row - 1 if way == "up" else row + 1
        if _name(ahead, row) in by_cell and _name(col, side) not in by_cell:
            return 0.1 + 0.01 * self._rng.random()
        return 0.0

    def _score_strike(
        self,
        seat: SeatHandle,
        unit: dict[str, Any],
        words: list[str],
        skill: dict[str, Any],
        by_cell: dict[str, Any],
    ) -> float:
        me = self.seat
        cell = _cell(words[3])
        value = 0.0
        hits = [(words[3], skill["multiplier"])]
        if words[2] in ("whirlwind", "rain", "bombard"):
            splash = 1.0 if words[2] == "whirlwind" else 0.5
            hits += [(_name(cell[0], r), splash) for r in (cell[1] - 1, cell[1] + 1) if 0 <= r < 3]
        if words[2] == "impale" and 0 <= cell[0] + FACING[me] < 10:
            hits.append((_name(cell[0] + FACING[me], cell[1]), 1.0))
        for name, multiplier in hits:
            target = by_cell.get(name)
            if target is None:
                continue
            worth = self._hit_value(seat, unit, target, multiplier)
            value += worth if target["seat"] != me else -2 * worth
        return value + (0.3 if skill["priority"] == "high" else 0.0)

    def _score_boost(
        self, unit: dict[str, Any], words: list[str], by_cell: dict[str, Any]
    ) -> float:
        if words[2] == "frenzy":
            return 0.1 if "frenzy" not in unit["boosts"] else 0.0
        if words[2] == "riposte":
            return 0.15
        if words[2] == "hex" and len(words) == 4:
            target = by_cell.get(words[3])
            if target is None or target["seat"] == self.seat or "hex" in target["boosts"]:
                return 0.0
            return 0.1 * float(target["defense"])
        return 0.0

    def _hit_value(
        self, seat: SeatHandle, unit: dict[str, Any], target: dict[str, Any], multiplier: float
    ) -> float:
        damage = float(seat.helper("damage_between", unit["name"], target["name"], multiplier))
        if damage >= target["health"]:
            return damage + float(target["value"])
        return damage


def make_greedy(game: Game, seat: int, seed: int) -> GreedyTacticalGenius:
    return GreedyTacticalGenius(game, seat, seed)


register_bot("greedy", make_greedy, game=GAME)

# The levels (``easy``, ``medium``, ``hard``) live in ``search.py`` and register there.
from duelhost.games.tactical_genius import search as _search  # noqa: E402

__all__ = ["GreedyTacticalGenius", "_search"]
