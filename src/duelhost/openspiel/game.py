"""duelhost games as OpenSpiel Python games (``duelhost_<name>``).

Each game's parameters are its scalar options (numbers, booleans, text) plus ``seed`` (the
match seed where the engine still uses one) and those its ``openspiel`` module declares
(``Declarations``: extra parameters, the bound on a match's length, chance nodes). Actions
are the indices of the game's fixed encoding (the ``encoding`` module beside its ``State``),
the same as in ``duelhost.envs``. A decision where
both seats act is a simultaneous node; a decision of one seat is that player's node (in a
simultaneous game too, where one seat acts alone). In a
multi-step decision a seat that has submitted (chosen END) while the other is still building
its submission has the single legal action 0 (END), which does nothing.

Observers are built from views: the tensor is the encoding's observation, the string is the
view as compact JSON (the seat's own draft appended), so information-state strings hold what
the seat knows and nothing more. Returns are +1 / -1 for a win / loss and 0 for a draw.
"""

from __future__ import annotations

import itertools
import json
from typing import Any

import numpy as np
import pyspiel

import duelhost
from duelhost.core.encoding import Encoding
from duelhost.core.events import render_view
from duelhost.core.state import State
from duelhost.envs.driver import Driver, game_module, load_encoding
from duelhost.openspiel.chance import ChanceModel, NoChance, SeedChance

DEFAULT_MAX_LENGTH = 10_000
"""The bound on a match's length in OpenSpiel nodes for a game whose ``openspiel`` module
declares none (or that has no such module, as a plugin game may)."""

_HIDDEN_KERNEL_FIELDS = ("game", "decision", "is_over", "result")

NODE_CACHE_SIZE = 100_000
"""The most nodes a game's node cache keeps (``Shared``); it starts afresh when full."""
_NODE_IDS = itertools.count(1)
"""Node numbers, never reused (0 is every game's start)."""


class Declarations:
    """What a game declares for OpenSpiel in the ``openspiel`` module beside its ``State``
    (``duelhost/games/<name>/openspiel.py``), every name optional:

    - ``PARAMETERS``: OpenSpiel parameters beyond the game's scalar options and ``seed``,
      with their defaults (default: none);
    - ``max_length(options, params)``: the bound on a match's length in nodes (default
      ``DEFAULT_MAX_LENGTH``);
    - ``chance(game, seed, params)``: the chance nodes (``duelhost.openspiel.chance``;
      default: none, the match is dealt from ``seed``);
    - ``PERFECT_INFORMATION``: True for a sequential game whose views hide nothing (default
      False; a game with simultaneous decisions is always of imperfect information);
    - ``utility(options, params)``: ``(kind, minimum, maximum)``, kind ``"zero_sum"`` or
      ``"general_sum"`` (default zero-sum, -1 to 1);
    - ``returns(state, params)``: the returns of a finished match (default +1 / -1 for a
      win / loss, 0 for a draw);
    - ``information_state(view, seat, params)``: the information-state string of a seat
      from its view, or None for the default (the view as compact JSON);
    - ``NODE_CACHE``: True for a game whose tree algorithms (CFR, best response) walk the same
      nodes again and again and whose states are small: every node reached is kept
      (``Shared``), so applying an action met before copies its result (default False);
    - ``information_state_tensor(state, seat, params, dealt)`` with
      ``information_state_tensor_size(options, params)``: the seat's information-state
      tensor (its whole history: what it has seen and its own actions, nothing else), always
      of that size; ``dealt`` is False at a chance node (what it draws is not revealed yet,
      whatever the rebuilt engine state holds in its place); without them the game provides
      no information-state tensor and asking for one raises.
    """

    def __init__(self, spec: duelhost.GameSpec) -> None:
        self.module = game_module(spec, "openspiel")
        self.spec = spec

    def _get(self, name: str, default: Any) -> Any:
        return getattr(self.module, name, default) if self.module is not None else default

    def parameters(self) -> dict[str, Any]:
        """Every OpenSpiel parameter with its default."""
        params: dict[str, Any] = {}
        for option in self.spec.options:
            if isinstance(option.default, bool | int | float | str):
                params[option.name] = option.default
        params["seed"] = 0
        params.update(self._get("PARAMETERS", {}))
        return params

    def extra(self) -> set[str]:
        """The parameters that are not the game's options."""
        return {"seed", *self._get("PARAMETERS", {})}

    def max_length(self, duel: duelhost.Game, params: dict[str, Any]) -> int:
        declared = self._get("max_length", None)
        return DEFAULT_MAX_LENGTH if declared is None else int(declared(duel.options, params))

    def chance(self, duel: duelhost.Game, seed: int, params: dict[str, Any]) -> ChanceModel:
        declared = self._get("chance", None)
        made = None if declared is None else declared(duel, seed, params)
        if made is None:
            return NoChance(duel, seed)
        if isinstance(made, list):
            return SeedChance(duel, [s for s, _ in made], [label for _, label in made])
        model: ChanceModel = made
        return model

    def node_cache(self) -> bool:
        return bool(self._get("NODE_CACHE", False))

    def perfect_information(self) -> bool:
        return bool(self._get("PERFECT_INFORMATION", False))

    def utility(self, duel: duelhost.Game, params: dict[str, Any]) -> tuple[str, float, float]:
        declared = self._get("utility", None)
        if declared is None:
            return ("zero_sum", -1.0, 1.0)
        kind, low, high = declared(duel.options, params)
        return (str(kind), float(low), float(high))

    def information_state_tensor_size(self, duel: duelhost.Game, params: dict[str, Any]) -> int:
        """The declared information-state tensor's size; 0 when the game declares none."""
        size = self._get("information_state_tensor_size", None)
        if size is None or self._get("information_state_tensor", None) is None:
            return 0
        return int(size(duel.options, params))


class DuelhostGame(pyspiel.Game):  # type: ignore[misc]
    """A duelhost game with fixed options, as an OpenSpiel game."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        declared = Declarations(duelhost.core.registry.spec(name))
        defaults = declared.parameters()
        values = {**defaults, **(params or {})}
        extra = declared.extra()
        options = {k: v for k, v in values.items() if k not in extra}
        duel = duelhost.load(name, **options)
        encoding: Encoding = load_encoding(duel)
        seed = int(values["seed"])
        chance = declared.chance(duel, seed, values)
        spec = duel.spec
        simultaneous = any(kind in spec.dynamics for kind in ("simultaneous", "tick"))
        perfect = not simultaneous and declared.perfect_information()
        kind, low, high = declared.utility(duel, values)
        zero_sum = kind == "zero_sum"
        stochastic = chance.max_outcomes > 0
        info_state_size = declared.information_state_tensor_size(duel, values)
        game_type = pyspiel.GameType(
            short_name=f"duelhost_{name}",
            long_name=f"duelhost {spec.title}",
            dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS
            if simultaneous
            else pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if stochastic
            else pyspiel.GameType.ChanceMode.DETERMINISTIC,
            information=pyspiel.GameType.Information.PERFECT_INFORMATION
            if perfect
            else pyspiel.GameType.Information.IMPERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.ZERO_SUM
            if zero_sum
            else pyspiel.GameType.Utility.GENERAL_SUM,
            reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=2,
            min_num_players=2,
            provides_information_state_string=True,
            provides_information_state_tensor=info_state_size > 0,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification=defaults,
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.num_actions,
            max_chance_outcomes=chance.max_outcomes,
            num_players=2,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=declared.max_length(duel, values),
        )
        super().__init__(game_type, info, values)
        # Attributes only after pyspiel.Game.__init__ (pybind11 makes the instance there).
        self.duel = duel
        self.encoding = encoding
        self.seed = seed
        self.chance = chance
        self.declared = declared
        self.values = values
        self.info_state_size = info_state_size
        self.shared = Shared(self)

    def new_initial_state(self) -> DuelhostState:
        return DuelhostState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> DuelhostObserver:
        return DuelhostObserver(
            self.encoding, iig_obs_type, self.declared, self.values, self.info_state_size
        )


NO_INFORMATION_STATE_TENSOR = (
    "this game provides no information-state tensor (provides_information_state_tensor is "
    "False): the observation tensor holds what the seat sees now, not its whole history; use "
    "observation_tensor() (rl_environment does), or information_state_string(), the seat's "
    "view as JSON"
)


Node = tuple[int, ChanceModel, Driver | None, int]
"""A kept node (``Shared.nodes``): its number, chance model, driver and player to act."""


class Shared:
    """What every state of one game shares; never copied when OpenSpiel clones a state.

    With the game's ``NODE_CACHE``, ``nodes`` keeps every node reached, by its parent's number
    and the action (or the simultaneous node's actions) that led to it: a match is
    deterministic given its chance outcomes, so the same parent and action always give the
    same node, and a tree walk that meets it again copies it instead of applying the action
    (replaying a chance node's rebuilt match, playing a forced round). ``strings`` keeps
    information-state and observation strings by observer, node and player.
    """

    def __init__(self, game: DuelhostGame) -> None:
        self.duel = game.duel
        self.encoding = game.encoding
        self.returns = game.declared._get("returns", None)
        self.values = game.values
        cache = game.declared.node_cache()
        self.nodes: dict[tuple[int, Any], Node] | None = {} if cache else None
        self.strings: dict[tuple[int, int, int], str] | None = {} if cache else None

    def __deepcopy__(self, memo: dict[int, Any]) -> Shared:
        return self


class Content:
    """Everything a state holds, as its one attribute: OpenSpiel clones a Python state by
    deep-copying each attribute, and this copy is cheap. The copy shares the driver with the
    original (copy on write: whichever changes it first copies it, ``DuelhostState._own``) and
    the chance model (always copied before it changes)."""

    __slots__ = ("chance", "driver", "node", "owned", "player", "shared")

    def __init__(self, shared: Shared, chance: ChanceModel) -> None:
        self.shared = shared
        self.chance = chance
        self.driver: Driver | None = None
        self.player: int | None = None
        """The player to act (kept: OpenSpiel asks very often); None before ``_begin``."""
        self.node = 0
        """This node's number in ``Shared.nodes`` (0: the start)."""
        self.owned = True
        """Whether ``driver`` is this state's alone (else shared: copied before a change)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Content:
        other = Content(self.shared, self.chance)
        other.driver = self.driver
        other.player = self.player
        other.node = self.node
        other.owned = self.owned = False
        return other


class DuelhostState(pyspiel.State):  # type: ignore[misc]
    """One match; chance nodes first where the game has randomness (``chance.py``).

    OpenSpiel clones a Python state by deep-copying its attributes, so the state holds no
    reference to its game object, and one attribute only (``Content``).
    """

    def __init__(self, game: DuelhostGame) -> None:
        super().__init__(game)
        # OpenSpiel clones a Python state by making an initial state and deep-copying the
        # original's attributes into it, so the start is made lazily (``_begin``).
        self.at = Content(game.shared, game.chance)

    @property
    def shared(self) -> Shared:
        return self.at.shared

    @property
    def chance(self) -> ChanceModel:
        return self.at.chance

    @property
    def driver(self) -> Driver | None:
        """The match by indices (read it only: a clone may share it)."""
        return self.at.driver

    @property
    def node(self) -> int:
        return self.at.node

    def _begin(self) -> int:
        """Make the start (the first time the state is used); the player to act."""
        at = self.at
        if at.player is None:
            at.chance = at.chance.copy()
            engine = at.chance.start()
            if engine is not None:
                self._attach(engine)
            at.player = self._find_player()
        return at.player

    def _attach(self, engine: State) -> None:
        at = self.at
        drafts = at.driver.drafts if at.driver is not None else [(), ()]
        driver = Driver.__new__(Driver)
        driver.game = engine.game
        driver.encoding = at.shared.encoding
        driver.state = engine
        driver.drafts = list(drafts)
        driver._cache = {}
        driver._masks = {}
        at.driver = driver
        at.owned = True

    def _own(self) -> Driver:
        """The driver, copied first if this state shares it (it is about to change)."""
        at = self.at
        assert at.driver is not None
        if not at.owned:
            at.driver = Driver.restore(at.driver)
            at.owned = True
        return at.driver

    # ------------------------------------------------------------------ OpenSpiel API

    def current_player(self) -> int:
        player = self.at.player
        if player is None:
            return self._begin()
        return player

    def _find_player(self) -> int:
        """Who acts now (kept in ``Content.player``: OpenSpiel asks very often).

        A simultaneous decision in which every seat has exactly one allowed action is played
        here, as OpenSpiel's own games play a last forced card: it is no choice, and as a
        node it would multiply the information sets of every tree algorithm (a last round
        with one card left each; see docs/research.md).
        """
        at = self.at
        while True:
            driver = at.driver
            if driver is None or at.chance.pending(driver.state):
                return int(pyspiel.PlayerId.CHANCE)
            state = driver.state
            if state.is_over:
                return int(pyspiel.PlayerId.TERMINAL)
            seats = state._decision_seats()
            if len(seats) < 2 or not self._forced(driver):
                break
            driver = self._own()
            for seat in seats:
                if driver.must_act(seat):
                    driver.act(seat, next(iter(driver.choices(seat))))
        if len(seats) == 2:
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return seats[0]

    @staticmethod
    def _forced(driver: Driver) -> bool:
        """Whether every seat that must act has one allowed action and nothing else."""
        acting = [seat for seat in (0, 1) if driver.must_act(seat)]
        return bool(acting) and all(len(driver.choices(seat)) == 1 for seat in acting)

    def _legal_actions(self, player: int) -> list[int]:
        self._begin()
        driver = self.at.driver
        assert driver is not None
        if driver.must_act(player):
            return list(driver.choices(player))
        return [0]  # a seat that has submitted waits (multi-step decisions only)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        self._begin()
        at = self.at
        return at.chance.outcomes(None if at.driver is None else at.driver.state)

    def _recall(self, key: Any) -> bool:
        """Become the kept child of this node by ``key`` (an action, or a simultaneous
        node's actions), if there is one (sharing its driver: copy on write)."""
        at = self.at
        nodes = at.shared.nodes
        found = None if nodes is None else nodes.get((at.node, key))
        if found is None:
            return False
        at.node, at.chance, at.driver, at.player = found
        at.owned = False
        return True

    def _keep(self, parent: int, key: Any) -> None:
        """Keep this node, just reached from node ``parent`` by ``key`` (sharing the driver:
        this state copies it before its next change)."""
        at = self.at
        nodes = at.shared.nodes
        if nodes is None:
            return
        if len(nodes) >= NODE_CACHE_SIZE:
            nodes.clear()
        at.node = next(_NODE_IDS)
        at.owned = False
        assert at.player is not None
        nodes[(parent, key)] = (at.node, at.chance, at.driver, at.player)

    def _apply_action(self, action: int) -> None:
        self._begin()
        if self._recall(action):
            return
        at = self.at
        parent = at.node
        driver = at.driver
        if driver is None or at.chance.pending(driver.state):
            at.chance = at.chance.copy()
            engine = at.chance.apply(None if driver is None else driver.state, action)
            self._attach(engine)
        else:
            driver = self._own()
            driver.act(driver.state.to_act[0], action)
        at.player = self._find_player()
        self._keep(parent, action)

    def _apply_actions(self, actions: list[int]) -> None:
        self._begin()
        key = tuple(actions)
        if self._recall(key):
            return
        at = self.at
        parent = at.node
        driver = self._own()
        for seat in (0, 1):
            if driver.must_act(seat):
                driver.act(seat, actions[seat])
        at.player = self._find_player()
        self._keep(parent, key)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return self.chance.describe(action)
        return self.shared.encoding.describe(action)

    def is_terminal(self) -> bool:
        self._begin()
        return self.driver is not None and self.driver.state.is_over

    def returns(self) -> list[float]:
        self._begin()
        if self.driver is None:
            return [0.0, 0.0]
        declared = self.shared.returns
        if declared is not None and self.driver.state.is_over:
            return [float(value) for value in declared(self.driver.state, self.shared.values)]
        return self.driver.returns()

    def __str__(self) -> str:
        self._begin()
        if self.driver is None:
            return "(before the opening chance node)"
        view = self.driver.state.view(None)
        text: str = render_view(self.shared.duel.spec, view)
        return text


class DuelhostObserver:
    """Observations from views: the encoding's tensor and the view as compact JSON.

    An observer for information states (``perfect_recall``) gives the game's declared
    information-state tensor (``Declarations``); for a game that declares none it has strings
    only: asking it for a tensor raises (``NO_INFORMATION_STATE_TENSOR``) rather than hand
    back the observation tensor as if it were one.
    """

    def __init__(
        self,
        encoding: Encoding,
        iig_obs_type: Any,
        declared: Declarations | None = None,
        params: dict[str, Any] | None = None,
        info_state_size: int = 0,
    ) -> None:
        self.encoding = encoding
        hook = None if declared is None else declared._get("information_state", None)
        self.information_state = hook
        self.params = params or {}
        self.recall = bool(getattr(iig_obs_type, "perfect_recall", False))
        self.tensor_hook = None
        if self.recall and info_state_size and declared is not None:
            self.tensor_hook = declared._get("information_state_tensor", None)
        size = info_state_size if self.recall else encoding.observation_size
        self.tensor = np.zeros(size, np.float32)
        name = "info_state" if self.recall else "observation"
        self.dict = {name: self.tensor} if size else {}

    def set_from(self, state: DuelhostState, player: int) -> None:
        if self.recall and self.tensor_hook is None:
            raise NotImplementedError(NO_INFORMATION_STATE_TENSOR)
        state._begin()
        driver = state.driver
        if driver is None:
            self.tensor[:] = 0.0
            return
        if self.tensor_hook is not None:
            dealt = not state.chance.pending(driver.state)
            self.tensor[:] = self.tensor_hook(driver.state, player, self.params, dealt)
            return
        values = self.encoding.observe(driver.state.view(player), driver.drafts[player])
        self.tensor[:] = values

    def string_from(self, state: DuelhostState, player: int) -> str:
        state._begin()
        driver = state.driver
        if driver is None:
            return "start"
        strings = state.shared.strings
        if strings is None:
            return self._string(driver, player)
        key = (int(self.recall), state.node, player)
        text = strings.get(key)
        if text is None:
            if len(strings) >= NODE_CACHE_SIZE:
                strings.clear()
            text = strings[key] = self._string(driver, player)
        return text

    def _string(self, driver: Driver, player: int) -> str:
        view = driver.state.view(player)
        if self.recall and self.information_state is not None:
            declared: str | None = self.information_state(view, player, self.params)
            if declared is not None:
                return declared
        for key in _HIDDEN_KERNEL_FIELDS:
            view.pop(key, None)
        text = json.dumps(view, sort_keys=True, separators=(",", ":"))
        draft = driver.drafts[player]
        return f"{text}|{','.join(map(str, draft))}" if draft else text
