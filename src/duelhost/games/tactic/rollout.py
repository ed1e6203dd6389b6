"""/TACTIC/'s rollout policy for the search levels: greedy one action ahead, made cheap.

The policy scores every legal action of the seat whose turn it is by the board after it
(``raw_score``, the greedy bot's ``evaluation.score`` computed on the state) and plays the best
while it beats ending the turn; a share ``EPSILON`` of its actions are random. It scores the
same boards as applying each action's text to a clone of the state, with less work:

- actions stay ``Action`` objects (``Legality._unit_actions``): no text formatted, parsed or
  checked again (they are legal by construction);
- a move changes only where its unit stands, and when no unit on the board has an ability
  whose AT or HP depends on its neighbours (``positional``: Equalize, Check, Annoy, Feel the
  Pain) only the mover's pull towards the enemy King changes: its score is the base score
  plus that change, with no state touched;
- other actions are applied with ``_resolve`` to a clone that leaves the match's history and
  event log behind (``light_clone``; the rules never read them);
- ``raw_score`` reads a unit's AT from its type unless the unit has an AT step of its own
  or stands next to a unit that changes its neighbours' AT (then ``Rules.at`` works it out).

Values within ``TIE`` of each other count as equal (the first listed wins), so rounding in
the sums never decides between two actions.
"""

from __future__ import annotations

import math
import random

from duelhost.games.tactic.abilities import ABILITIES
from duelhost.games.tactic.actions import Action, EndTurn, Move
from duelhost.games.tactic.board import NEIGHBOURS
from duelhost.games.tactic.bots import GreedyTacticBot
from duelhost.games.tactic.evaluation import APPROACH, KING_HP_WEIGHT, UNIT_BONUS, WIN
from duelhost.games.tactic.flags import ALIVE, CACHED
from duelhost.games.tactic.state import TacticState
from duelhost.games.tactic.units import FACTION, KING, PLACE, PLAY

EPSILON = 0.1
"""Share of random actions in rollouts."""
SCALE = 20.0
"""Score points per unit of ``tanh`` when squashing a horizon's score."""
ROLLOUT_STEPS = 80
"""Decisions a rollout plays at most."""
TIE = 1e-9
"""Score differences below this are rounding, not a preference."""
IMPROVES = 1e-6
"""How much an action must beat ending the turn by to be played."""
BADGER = ABILITIES["Badger"]
"""Attacks on the diagonals: it lines up with the enemy King by king steps, not rook steps."""
FEEL_THE_PAIN = ABILITIES["Feel the Pain"]


# --------------------------------------------------------------------------- evaluation


def _result(state: TacticState, seat: int) -> float:
    """A finished match's score for ``seat``: ``WIN``, ``-WIN`` or 0 for a draw."""
    winner = state.winner
    return 0.0 if winner is None else (WIN if winner == seat else -WIN)


def _aura(state: TacticState, units: list[int]) -> set[int]:
    """The cells next to a unit of ``units`` that changes its neighbours' AT."""
    aura: set[int] = set()
    for u in units:
        if state.u_type[u].kit.gives_at:
            aura.update(NEIGHBOURS[state.u_cell[u]])
    return aura


def raw_score(state: TacticState, seat: int) -> float:
    """``evaluation.score`` on the state itself (no views built): higher is better for ``seat``."""
    if state.is_over:
        return _result(state, seat)
    flags, owner, cells = state.u_flags, state.u_owner, state.u_cell
    dmg, types = state.u_dmg, state.u_type
    units = [u for u in range(len(flags)) if flags[u] & ALIVE]
    aura = _aura(state, units)
    enemy_king = state.kings[1 - seat]
    kx, ky = (cells[enemy_king] % 7, cells[enemy_king] // 7) if enemy_king >= 0 else (0, 0)
    total = 0.0
    for u in units:
        kind = types[u]
        kit = kind.kit
        left = (state.hp(u) if kit.hp_rows else kind.hp) - dmg[u]
        if kind.king:
            value = KING_HP_WEIGHT * left
        else:
            at = state.at(u) if kit.own_at or cells[u] in aura else kind.at
            value = UNIT_BONUS + left + at
        if owner[u] == seat:
            total += value
            if enemy_king >= 0 and not kind.king:
                dx, dy = abs(cells[u] % 7 - kx), abs(cells[u] // 7 - ky)
                total -= APPROACH * (max(dx, dy) if BADGER in kit.rows else dx + dy)
        else:
            total -= value
    return total


def squash(state: TacticState, seat: int) -> float:
    """The horizon's value in [-1, 1]: a win or loss is +-1, a score ``tanh(score / SCALE)``."""
    if state.is_over:
        winner = state.winner
        return 0.0 if winner is None else (1.0 if winner == seat else -1.0)
    return math.tanh(raw_score(state, seat) / SCALE)


def positional(state: TacticState) -> bool:
    """Whether a living unit has an ability that makes AT or HP depend on neighbours."""
    flags, types = state.u_flags, state.u_type
    for u in range(len(flags)):
        if flags[u] & ALIVE:
            kit = types[u].kit
            if kit.gives_at or kit.hp_rows or FEEL_THE_PAIN in kit.rows:
                return True
    return False


def approach(state: TacticState, unit: int, cell: int) -> float:
    """The pull towards the enemy King ``evaluation.score`` takes off for ``unit`` on ``cell``
    (0 for a King or without an enemy King)."""
    kind = state.u_type[unit]
    enemy_king = state.kings[1 - state.u_owner[unit]]
    if kind.king or enemy_king < 0:
        return 0.0
    king = state.u_cell[enemy_king]
    dx, dy = abs(cell % 7 - king % 7), abs(cell // 7 - king // 7)
    return APPROACH * (max(dx, dy) if BADGER in kind.kit.rows else dx + dy)


# --------------------------------------------------------------------------- actions


def light_clone(state: TacticState) -> TacticState:
    """A copy for trying actions: its own board and units, an empty history and event log."""
    other = object.__new__(TacticState)
    other.__dict__.update(state.__dict__)
    other._history = []
    other._events = []
    other._pending = state._pending.copy()
    state._clone_into(other)
    return other


def turn_actions(state: TacticState, seat: int) -> list[Action]:
    """``state.legal(seat)`` during a turn (no Flame waiting) as actions, in the same order."""
    found: list[Action] = []
    duty_left = False
    flags = state.u_flags
    for unit in state.units(seat):
        if flags[unit] & CACHED:
            continue
        duty = state.taunt_duty(unit)
        duty_left = duty_left or bool(duty)
        found.extend(state._unit_actions(unit, duty))
    if not duty_left:
        found.append(EndTurn())
    return found


def play(state: TacticState, seat: int, action: Action) -> None:
    """Apply a legal turn action of ``seat`` as ``submit`` would, without its notation (and
    without adding to the history)."""
    state._resolve({seat: action})
    state.decision += 1


def after(state: TacticState, seat: int, action: Action) -> float:
    """``raw_score`` for ``seat`` of the board after ``seat`` plays ``action`` (``state``
    unchanged)."""
    trial = light_clone(state)
    play(trial, seat, action)
    return raw_score(trial, seat)


def moved(state: TacticState, seat: int, unit: int, move: Move) -> float:
    """``after`` for a move, on ``state`` itself: the unit stood on its destination, the
    board scored, the unit put back. A move deals no damage, so it kills only by lowering a
    Feel the Pain unit's HP below its counters; then the move is applied to a copy."""
    board_, cells = state.board_, state.u_cell
    here, there = cells[unit], move.path[-1]
    board_[here], board_[there], cells[unit] = -1, unit, there
    try:
        flags, types, dmg = state.u_flags, state.u_type, state.u_dmg
        for u in range(len(flags)):
            if flags[u] & ALIVE and types[u].kit.hp_rows and dmg[u] >= state.hp(u):
                break
        else:
            return raw_score(state, seat)
    finally:
        board_[there], board_[here], cells[unit] = -1, unit, here
    return after(state, seat, move)


def scores(state: TacticState, seat: int, actions: list[Action]) -> list[float]:
    """The score after each action but ``end`` (which gets the score now): moves from the
    base score when nothing on the board is ``positional`` and by ``moved`` otherwise, the
    rest by ``after``."""
    base = raw_score(state, seat)
    plain = not positional(state)
    board_, cells = state.board_, state.u_cell
    found = []
    for action in actions:
        if isinstance(action, EndTurn):
            found.append(base)
        elif isinstance(action, Move):
            unit = board_[action.path[0]]
            if plain:
                here, there = cells[unit], action.path[-1]
                found.append(base + approach(state, unit, here) - approach(state, unit, there))
            else:
                found.append(moved(state, seat, unit, action))
        else:
            found.append(after(state, seat, action))
    return found


# --------------------------------------------------------------------------- the policy


class Policy:
    """The rollout policy: greedy one action ahead, a share ``epsilon`` of random actions."""

    def __init__(self, rng: random.Random, epsilon: float = EPSILON) -> None:
        self.rng = rng
        self.epsilon = epsilon
        self._placer = GreedyTacticBot.__new__(GreedyTacticBot)
        self._placer._rng = rng

    def step(self, state: TacticState, seat: int) -> None:
        """Play ``seat``'s next decision on ``state``."""
        if state.phase != PLAY or state.flames:
            state.submit(seat, self.choose_text(state, seat))
            return
        actions = turn_actions(state, seat)
        play(state, seat, self.choose(state, seat, actions))

    def choose_text(self, state: TacticState, seat: int) -> str:
        """A setup decision or a Flame choice, as text."""
        legal = state.legal(seat)
        if len(legal) == 1:
            return legal[0]
        if state.phase in (FACTION, KING):
            return self.rng.choice(legal)
        if state.phase == PLACE:
            return self._placer._place(state.view(seat), legal, seat)
        return self.rng.choice(legal)

    def choose(self, state: TacticState, seat: int, actions: list[Action]) -> Action:
        """A turn action: random with probability ``epsilon``, else the best-scoring one if
        it beats ending the turn by ``IMPROVES`` (a random one when ending is not allowed and
        none does)."""
        if len(actions) == 1:
            return actions[0]
        rng = self.rng
        if rng.random() < self.epsilon:
            return rng.choice(actions)
        values = scores(state, seat, actions)
        best: Action | None = None
        best_value = raw_score(state, seat) + IMPROVES
        for action, value in zip(actions, values, strict=True):
            if not isinstance(action, EndTurn) and value > best_value + TIE:
                best, best_value = action, value
        if best is not None:
            return best
        if isinstance(actions[-1], EndTurn):
            return actions[-1]
        return rng.choice(actions)


def beyond(state: TacticState, horizon: int) -> bool:
    """Whether a rollout stops here: the match over or turn ``horizon`` of play reached."""
    return state.is_over or (state.phase == PLAY and state.turn >= horizon)


def rollout(state: TacticState, policy: Policy, horizon: int) -> None:
    """Play ``policy`` for both seats on ``state`` to the horizon (``ROLLOUT_STEPS`` at most)."""
    for _ in range(ROLLOUT_STEPS):
        if beyond(state, horizon):
            return
        for seat in state.to_act:
            policy.step(state, seat)
