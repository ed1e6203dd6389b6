"""/TACTIC/'s fixed action encoding and observation for learning.

Cells are numbered ``(row - 1) * 7 + column`` (A1 = 0, G1 = 6, A2 = 7, ..., G7 = 48). With
``F`` factions in the table and ``U`` the most buyable units of any faction (house table: 4
and 7), the index blocks are, in this order:

| block | size | move |
| --- | --- | --- |
| end | 1 | ``end`` |
| faction | F | ``faction NAME``, by the table's faction order |
| king | 49 | ``king CELL`` |
| place | U * 49 | ``place UNIT CELL``, UNIT by its place in the seat's faction's list |
| move | 49 * 49 | a move from source to destination (a Dash path: the one ``legal()`` lists) |
| attack | 49 * 49 | ``B2>B3`` |
| double strike | 49 * 49 * 49 | ``B2>B3,C2`` (source, first, second target) |
| command | 49 * 49 * 49 | ``B2>B3>D3`` (source, target, the commanded unit's target) |
| push | 49 * 49 * 49 | ``B2 push B3 B4`` (source, target, destination) |
| fireball, swap, drain, sacrifice, dust | 5 * 49 * 49 | ``B2 swap C3``, ... (source, target) |
| flame | 49 | ``flame C3`` |

The mask is ``legal()``; ``describe(index)`` names the move of each index.

Observation (``49 * 12 + 12 + F`` floats): per cell, whether it holds the seat's own unit, an
opponent's unit, a King, its HP, damage and AT (over 10), whether it is cached, has moved,
has used an ability, and is a crown space of the seat / of the opponent / a build cell of the
seat; then the phase (faction, king, place, play, over: one-hot), coins (own, opponent's,
over 6), quiet turns (over 60), whether it is the seat's turn, whether a Flame choice waits
for the seat, the turn over 200, whether the match is over, and the seat's faction (one-hot,
once revealed).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from duelhost.core.encoding import Draft, SingleStep, cell_index, cell_name
from duelhost.games.tactic.factions import load_table

COLUMNS = 7
CELLS = 49
ABILITY_WORDS = ("fireball", "swap", "drain", "sacrifice", "dust")
PHASES = ("faction", "king", "place", "play", "over")


def _cell(text: str) -> int:
    return cell_index(text, COLUMNS)


def _name(index: int) -> str:
    return cell_name(index, COLUMNS)


class TacticEncoding(SingleStep):
    def __init__(self, options: dict[str, Any]) -> None:
        table = load_table(options.get("factions"))
        self.faction_names = list(table.names)
        self.unit_names = [[unit.name for unit in faction.units] for faction in table.factions]
        self.factions = len(self.faction_names)
        self.units = max(len(names) for names in self.unit_names)
        blocks = [
            ("end", 1),
            ("faction", self.factions),
            ("king", CELLS),
            ("place", self.units * CELLS),
            ("move", CELLS * CELLS),
            ("attack", CELLS * CELLS),
            ("double", CELLS**3),
            ("command", CELLS**3),
            ("push", CELLS**3),
            ("ability", len(ABILITY_WORDS) * CELLS * CELLS),
            ("flame", CELLS),
        ]
        self.offset: dict[str, int] = {}
        total = 0
        for block, size in blocks:
            self.offset[block] = total
            total += size
        self.blocks = blocks
        self.num_actions = total
        self.observation_size = CELLS * 12 + 12 + self.factions

    def _faction_of(self, view: dict[str, Any]) -> int:
        name = view["factions"][view["seat"]]
        return self.faction_names.index(name)

    def index_of(self, text: str, legal: Sequence[str], view: dict[str, Any]) -> int:
        off = self.offset
        if text == "end":
            return off["end"]
        words = text.split()
        if words[0] == "faction":
            return off["faction"] + self.faction_names.index(" ".join(words[1:]))
        if words[0] == "king":
            return off["king"] + _cell(words[1])
        if words[0] == "place":
            units = self.unit_names[self._faction_of(view)]
            return off["place"] + units.index(" ".join(words[1:-1])) * CELLS + _cell(words[-1])
        if words[0] == "flame":
            return off["flame"] + _cell(words[1])
        if len(words) >= 3:
            source, keyword, target = _cell(words[0]), words[1], _cell(words[2])
            if keyword == "push":
                return off["push"] + (source * CELLS + target) * CELLS + _cell(words[3])
            kind = ABILITY_WORDS.index(keyword)
            return off["ability"] + (kind * CELLS + source) * CELLS + target
        if ">" in text:
            parts = text.split(">")
            source = _cell(parts[0])
            if "," in parts[1]:
                first, second = (_cell(c) for c in parts[1].split(","))
                return off["double"] + (source * CELLS + first) * CELLS + second
            if len(parts) == 3:
                target, follow = _cell(parts[1]), _cell(parts[2])
                return off["command"] + (source * CELLS + target) * CELLS + follow
            return off["attack"] + source * CELLS + _cell(parts[1])
        path = text.split("-")
        return off["move"] + _cell(path[0]) * CELLS + _cell(path[-1])

    def describe(self, index: int) -> str:
        block, size = self.blocks[0]
        for block, size in self.blocks:
            if index < self.offset[block] + size:
                break
        rest = index - self.offset[block]
        a, b, c = rest // (CELLS * CELLS), rest // CELLS % CELLS, rest % CELLS
        if block == "end":
            return "end"
        if block == "faction":
            return f"faction {self.faction_names[rest]}"
        if block in ("king", "flame"):
            return f"{block} {_name(rest)}"
        if block == "place":
            return f"place unit {rest // CELLS + 1} of the seat's faction on {_name(c)}"
        if block == "move":
            return f"move {_name(b)}-{_name(c)}"
        if block == "attack":
            return f"{_name(b)}>{_name(c)}"
        if block == "double":
            return f"{_name(a)}>{_name(b)},{_name(c)}"
        if block == "command":
            return f"{_name(a)}>{_name(b)}>{_name(c)}"
        if block == "push":
            return f"{_name(a)} push {_name(b)} {_name(c)}"
        kind, source = divmod(rest // CELLS, CELLS)
        return f"{_name(source)} {ABILITY_WORDS[kind]} {_name(c)}"

    def observe(self, view: dict[str, Any], draft: Draft) -> list[float]:
        me = view["seat"] if view["seat"] is not None else 0
        cells = [[0.0] * 12 for _ in range(CELLS)]
        for unit in view["board"]:
            row = cells[_cell(unit["cell"])]
            row[0] = float(unit["seat"] == me)
            row[1] = float(unit["seat"] != me)
            row[2] = float(unit["king"])
            row[3] = unit["hp"] / 10
            row[4] = unit["damage"] / 10
            row[5] = unit["at"] / 10
            row[6] = float(unit["cached"])
            row[7] = float(unit["moved"])
            row[8] = float(bool(unit["used"]))
        crowns = (("C1", "E1"), ("C7", "E7"))
        for seat, mark in ((me, 9), (1 - me, 10)):
            for crown in crowns[seat]:
                cells[_cell(crown)][mark] = 1.0
        for build_row in (0, 1) if me == 0 else (5, 6):
            for column in range(COLUMNS):
                cells[build_row * COLUMNS + column][11] = 1.0
        obs = [value for row in cells for value in row]
        phase = view["phase"]
        obs += [float(phase == name) for name in PHASES]
        flame = view["flame"]
        obs += [
            view["coins"][me] / 6,
            view["coins"][1 - me] / 6,
            view["quiet_turns"] / 60,
            float(view["turn_seat"] == me),
            float(flame is not None and flame["seat"] == me),
            view["turn"] / 200,
            float(view["is_over"]),
        ]
        mine = view["factions"][me]
        obs += [float(name == mine) for name in self.faction_names]
        return obs


def encoding(options: dict[str, Any]) -> TacticEncoding:
    """The encoding for a game loaded with ``options``."""
    return TacticEncoding(options)
