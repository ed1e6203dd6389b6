"""/TACTIC/'s search levels: information-set MCTS over determinizations of the seat's view.

What a seat does not know (TA2): during the faction choice, the other seat's faction; during
the King placement, the other seat's King (its crown space). Both are revealed together once
both are in, and from the build on everything on the board is public. ``determinize(handle,
rng)`` builds a match state that agrees with the seat's view, the hidden choice drawn at random
(a faction of the table, one of the two crown spaces) and submitted for the other seat; from
the build on it rebuilds the board from the view (units, damage, cached/moved/used flags,
BitCoins, turn, quiet count), and it is checked against the seat's own legal actions.

Search (single-observer IS-MCTS): each iteration draws a determinization, walks the tree of
actions (UCT over the actions legal in that determinization, counting availability), adds one
node, and plays a rollout to a horizon: to the start of the seat's next turn in play (its own
turn, then the other seat's); during setup to the third turn of play (``medium``) or the eighth
(``hard``: a faction and build are judged by more than the first clash). Rollouts play the greedy
policy of ``rollout.py`` (``evaluation.score`` one action ahead, end the turn when nothing improves
it; placements as the greedy bot makes them) with a tenth of random actions; the result is the
score at the horizon squashed into [-1, 1] (a win or loss is +-1). The bot plays the most
visited action (ties: the higher total). ``hard``'s rollouts have no random actions: in a turn
(nothing hidden) a rollout is then fixed by the action it starts from, so each root action
gets one and the best is played, the rest of the budget unspent. ``evaluate(handle)`` gives
the root's action values (for ``duelhost analyse``), the played action searched too. A
``width`` limits the root, in a turn, to the actions the policy scores best one action ahead
(its shortlist), and the tree to that one level: UCB over the shortlist, each iteration one
action and a rollout.

Budget: an iteration is a node (``--bot-nodes N``, deterministic with the match seed); seconds
otherwise, at most a twentieth of the turn clock when the match has one (``turn_seconds``, TA7:
a turn is many decisions). ``hard`` has the budget on the policy's 5 best actions, one exact
rollout each in a turn; ``medium`` a quarter of it on the 3 best, with a tenth of random
actions in its rollouts; ``easy`` is greedy. A Flame choice, or a view
the rebuild cannot reproduce, is left to the greedy bot.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from duelhost.bots.base import SeatHandle
from duelhost.bots.budget import Budget, default, search_clock
from duelhost.bots.registry import register_bot
from duelhost.core.errors import ConfigError, IllegalAction
from duelhost.core.registry import Game
from duelhost.core.rng import derive
from duelhost.games.tactic import board
from duelhost.games.tactic import rollout as playouts
from duelhost.games.tactic.abilities import ABILITIES
from duelhost.games.tactic.actions import format_action
from duelhost.games.tactic.bots import GreedyTacticBot
from duelhost.games.tactic.flags import ALIVE, CACHED, MOVED
from duelhost.games.tactic.state import TacticState
from duelhost.games.tactic.units import FACTION, KING, PLACE, PLAY

EXPLORE = 0.7
"""UCT's exploration constant (values in [-1, 1])."""
MIN_VISITS = 3
"""Iterations an action needs before ``evaluate`` reports its mean (fewer is mostly noise)."""
ACTIONS_PER_TURN = 20
"""Decisions a turn is allowed for when a turn clock divides its time between them."""
SETUP_HORIZON = 3
"""The turn of play setup rollouts stop at, unless a level sets its own (``medium`` keeps it)."""


# --------------------------------------------------------------------------- determinization


def determinize(handle: SeatHandle, rng: random.Random) -> TacticState | None:
    """A state agreeing with the seat's view, the other seat's hidden choice drawn from
    ``rng``; None when the view waits for a Flame choice or cannot be rebuilt."""
    view = handle.view()
    me, other = handle.seat, 1 - handle.seat
    state = handle.game.new(seed=rng.getrandbits(48))
    assert isinstance(state, TacticState)
    names = state.table.names
    phase = view["phase"]
    if phase == FACTION:
        state.submit(other, f"faction {rng.choice(names)}")
        return state
    for seat in (0, 1):
        state.submit(seat, f"faction {view['factions'][seat]}")
    if phase == KING:
        cells = board.CROWN_SPACES[other]
        state.submit(other, f"king {board.name(rng.choice(cells))}")
        return state
    if view["flame"] is not None or phase not in (PLACE, PLAY):
        return None
    _rebuild(state, view, me)
    if sorted(state.legal(me)) != sorted(handle.legal()):
        return None
    return state


def _rebuild(state: TacticState, view: dict[str, object], placer: int) -> None:
    """Set the board, BitCoins and turn of ``state`` (factions chosen) to the view's."""
    units = view["board"]
    assert isinstance(units, list)
    coins = view["coins"]
    assert isinstance(coins, list)
    state.phase = str(view["phase"])
    state.coins = [int(c) for c in coins]
    state.turn = int(view["turn"])  # type: ignore[call-overload]
    seat = view["turn_seat"]
    state.turn_seat = int(seat) if seat is not None else 0  # type: ignore[call-overload]
    state.quiet = int(view["quiet_turns"])  # type: ignore[call-overload]
    state.hurt = False
    state.board_ = [-1] * board.CELLS
    for name in ("u_type", "u_owner", "u_cell", "u_dmg", "u_flags"):
        setattr(state, name, [])
    state.kings = [-1, -1]
    state.flames = []
    # Kings first (they are placed before the build), then the rest in board order.
    for unit in sorted(units, key=lambda u: not u["king"]):
        owner = int(unit["seat"])
        faction = state.faction(owner)
        kind = faction.king if unit["king"] else faction.unit(unit["unit"])
        cell = board.parse(unit["cell"])
        uid = state._add_unit(owner, kind, cell)
        flags = ALIVE
        if unit["cached"]:
            flags |= CACHED
        if unit["moved"]:
            flags |= MOVED
        for used in unit["used"]:
            flags |= ABILITIES[used].once_flag
        state.u_flags[uid] = flags
        state.u_dmg[uid] = int(unit["damage"])
        if unit["king"]:
            state.kings[owner] = uid
    if state.phase == PLACE:
        state.placer = placer  # only the placer is asked to act in the build


# --------------------------------------------------------------------------- the tree


@dataclass
class Node:
    visits: int = 0
    total: float = 0.0
    available: int = 0
    children: dict[str, Node] = field(default_factory=dict)


def _uct(child: Node, mine: bool) -> float:
    """UCT with availability counts (single-observer IS-MCTS), for the seat acting."""
    mean = child.total / child.visits
    if not mine:
        mean = -mean
    return mean + EXPLORE * math.sqrt(math.log(child.available) / child.visits)


@dataclass
class Search:
    """One decision's tree: its root, the first determinization (the only one once nothing
    is hidden), the rollouts' horizon (a turn number) and whether the view hides a choice."""

    root: Node
    first: TacticState
    horizon: int
    hidden: bool
    shortlist: list[str] | None = None
    """The root's actions searched (None: every legal one)."""
    exact: bool = False
    """Whether each root action was valued by one rollout, which repeats would only copy."""

    @property
    def min_visits(self) -> int:
        """Iterations an action needs before its mean is reported."""
        return 1 if self.exact else MIN_VISITS

    def start(self, bot: SearchBot, handle: SeatHandle) -> TacticState | None:
        """The state an iteration starts from: a fresh determinization while a choice is
        hidden, a copy of the first otherwise."""
        if self.hidden:
            return bot._determinize(handle)
        state = self.first.clone()
        assert isinstance(state, TacticState)
        return state


def _most_visited(root: Node, legal: list[str]) -> str:
    """The action ``act`` plays: the most visited, ties to the higher total."""
    return max(
        (text for text in legal if text in root.children),
        key=lambda t: (root.children[t].visits, root.children[t].total),
    )


class SearchBot:
    """A /TACTIC/ level: IS-MCTS from the seat's view within its budget."""

    def __init__(
        self,
        name: str,
        game: Game,
        seat: int,
        seed: int,
        budget: Budget,
        width: int = 0,
        epsilon: float = playouts.EPSILON,
        setup_horizon: int = SETUP_HORIZON,
    ) -> None:
        self.name = name
        self.setup_horizon = setup_horizon
        """During setup, the turn of play the rollouts stop at."""
        self.seat = seat
        self.budget = budget
        self.width = width
        """In a turn, how many of the root's actions are searched (0: all)."""
        self._rng = derive(seed, "tactic-ismcts", name, seat)
        self._policy = playouts.Policy(self._rng, epsilon)
        self._greedy = GreedyTacticBot(game, seat, seed)
        self.last_value = 0.0
        """The root's mean value after the last search (for analysis)."""

    def act(self, handle: SeatHandle) -> str:
        legal = handle.legal()
        if len(legal) == 1:
            return legal[0]
        search = self._search(handle)
        if search is None:
            return self._greedy.act(handle)
        root = search.root
        best = _most_visited(root, legal)
        node = root.children[best]
        self.last_value = node.total / max(1, node.visits)
        return best

    def evaluate(self, handle: SeatHandle, played: str | None = None) -> dict[str, float]:
        """The root's action values after a search as ``act`` makes it, in [-1, 1] from the
        seat's view (the mean squashed score of the iterations through each action): the
        actions searched at least ``MIN_VISITS`` times (once in an exact search, see
        ``_exact``), the one ``act`` would play (the most visited) and ``played``, which gets
        iterations of its own until it has as many. Empty when the view cannot be rebuilt (a
        Flame choice)."""
        legal = handle.legal()
        search = self._search(handle)
        if search is None:
            return {}
        root = search.root
        best = _most_visited(root, legal)
        if played in legal:
            child = root.children.get(played)
            while child is None or child.visits < search.min_visits:
                state = search.start(self, handle)
                if state is None:
                    break
                self._iterate(root, state, search.horizon, forced=played)
                child = root.children[played]
        return {
            text: child.total / child.visits
            for text, child in root.children.items()
            if text in legal
            and child.visits
            and (child.visits >= search.min_visits or text in (best, played))
        }

    def _search(self, handle: SeatHandle) -> Search | None:
        """The IS-MCTS tree after the budget's iterations; None when the view cannot be
        rebuilt (the caller falls back to the greedy bot)."""
        clock = search_clock(self.budget)
        first = self._determinize(handle)
        if first is None:
            return None
        horizon = first.turn + 2 if first.phase == PLAY else self.setup_horizon
        search = Search(Node(), first, horizon, first.phase in (FACTION, KING))
        search.shortlist = self._shortlist(first)
        root = search.root
        if self._exact(first):
            search.exact = True
            for text in search.shortlist or handle.legal():
                if not (clock.left or root.visits == 0):
                    break
                clock.spend()
                state = search.start(self, handle)
                assert state is not None
                self._iterate(root, state, horizon, forced=text)
            return search
        while clock.left or root.visits == 0:
            clock.spend()
            state = search.start(self, handle)
            assert state is not None
            self._iterate(root, state, horizon, shortlist=search.shortlist)
        return search

    def _exact(self, state: TacticState) -> bool:
        """Whether a rollout from ``state`` is fixed by it: a turn (no Flame waiting) with
        nothing hidden and a policy without random actions (it still picks at random where it
        must act and nothing improves the score, under a Taunt duty, and at a Flame choice
        in the rollout: rare, and not worth repeats). Then each root action is valued by one
        rollout and the best taken, whatever is left of the budget."""
        return self._policy.epsilon == 0 and state.phase == PLAY and not state.flames

    def _shortlist(self, state: TacticState) -> list[str] | None:
        """In a turn, the ``width`` actions the rollout policy scores best one action ahead
        (ties: in ``legal``'s order), ``end`` among them by the score now; None otherwise."""
        if not self.width or state.phase != PLAY or state.flames:
            return None
        seat = state.to_act[0]
        actions = playouts.turn_actions(state, seat)
        if len(actions) <= self.width:
            return None
        values = playouts.scores(state, seat, actions)
        ranked = sorted(range(len(actions)), key=lambda i: -values[i])
        return [format_action(actions[i]) for i in sorted(ranked[: self.width])]

    def _determinize(self, handle: SeatHandle) -> TacticState | None:
        try:
            return determinize(handle, self._rng)
        except (ConfigError, IllegalAction, KeyError, ValueError):
            return None

    def _iterate(
        self,
        root: Node,
        state: TacticState,
        horizon: int,
        forced: str | None = None,
        shortlist: list[str] | None = None,
    ) -> None:
        """One iteration: down the tree by UCT (``forced``: the root's action taken), one node
        added, a rollout to the horizon, its value backed up. With a ``shortlist`` the root
        chooses among it (UCB) and the rollout starts right after: the tree is one level,
        each shortlisted action valued by the policy's rollouts (with a deeper tree, its
        levels expanded at random, ``hard`` won 20 and lost 17 against ``easy`` at 20 nodes,
        the one-level ``medium`` at 5 nodes 22 and 10)."""
        me = self.seat
        rng = self._rng
        node = root
        path: list[tuple[Node, int]] = []
        if forced is not None:
            seat = state.to_act[0]
            for text in state.legal(seat):
                child = root.children.get(text)
                if child is None:
                    child = root.children[text] = Node()
                child.available += 1
            state.submit(seat, forced)
            node = root.children[forced]
            path.append((node, seat))
            if node.visits == 0:  # a new node: straight to its rollout, as an expansion
                playouts.rollout(state, self._policy, horizon)
                self._back_up(root, path, playouts.squash(state, me))
                return
        while not playouts.beyond(state, horizon):
            seat = state.to_act[0]
            legal = shortlist if node is root and shortlist else state.legal(seat)
            children = node.children
            fresh = []
            for text in legal:
                child = children.get(text)
                if child is None:
                    child = children[text] = Node()
                child.available += 1
                if child.visits == 0:
                    fresh.append(text)
            if fresh:
                text = rng.choice(fresh)
                state.submit(seat, text)
                path.append((children[text], seat))
                break
            mine = seat == me
            text = max(legal, key=lambda t: _uct(children[t], mine))
            state.submit(seat, text)
            path.append((children[text], seat))
            if node is root and shortlist:
                break  # a shortlisted root: every iteration is one action and a rollout
            node = children[text]
        playouts.rollout(state, self._policy, horizon)
        self._back_up(root, path, playouts.squash(state, me))

    @staticmethod
    def _back_up(root: Node, path: list[tuple[Node, int]], value: float) -> None:
        for visited, _ in path:
            visited.visits += 1
            visited.total += value
        root.visits += 1


def within_clock(budget: Budget, game: Game) -> Budget:
    """The budget, its seconds cut to fit the turn clock (``turn_seconds``, TA7) when the match
    has one: a turn is many decisions, so one decision gets at most a twentieth of it."""
    turn = game.options.get("turn_seconds")
    if turn is None or budget.seconds <= turn / ACTIONS_PER_TURN:
        return budget
    return Budget(turn / ACTIONS_PER_TURN, budget.nodes)


HARD_WIDTH = 5
"""The ``hard`` root searches the rollout policy's 5 best actions in a turn."""
MEDIUM_WIDTH = 3
"""The ``medium`` root searches the rollout policy's 3 best actions in a turn."""
MEDIUM_SHARE = 0.25
"""``medium``'s share of the budget (5 nodes of 20)."""
ROLLOUT_EPSILON = playouts.EPSILON
"""``medium``'s share of random actions in its rollouts."""
HARD_EPSILON = 0.0
"""``hard``'s rollouts play the policy without random actions (see ``SearchBot._exact``)."""
HARD_SETUP_HORIZON = 8
"""``hard``'s setup rollouts go on to the eighth turn of play. To the third, a fixed setup
(Order massing Knights on its front row, ``docs/exploits/tactic-hard-setup-2.json``) held it to
14 wins in 30; to the eighth it wins 25 of those 30, and 80% (72.5% at its default budget)
against the finder's best plan against it (docs/bots.md)."""


def make_medium(game: Game, seat: int, seed: int) -> SearchBot:
    budget = within_clock(default().scaled(MEDIUM_SHARE), game)
    return SearchBot("medium", game, seat, seed, budget, MEDIUM_WIDTH, ROLLOUT_EPSILON)


def make_hard(game: Game, seat: int, seed: int) -> SearchBot:
    budget = within_clock(default(), game)
    return SearchBot("hard", game, seat, seed, budget, HARD_WIDTH, HARD_EPSILON, HARD_SETUP_HORIZON)


register_bot("medium", make_medium, game="tactic")
register_bot("hard", make_hard, game="tactic")
