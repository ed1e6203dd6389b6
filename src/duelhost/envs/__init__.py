"""PettingZoo environments for every duelhost game (extra ``duelhost[research]``).

``parallel_env(game, **options)`` is a native ``ParallelEnv`` (every seat gives an index each
step; a seat that owes nothing passes: its mask allows index 0 alone, a no-op, and its index
is ignored) and
``env(game, **options)`` a native ``AECEnv`` whose ``agent_selection`` follows the match's
``to_act``. Agents are ``seat_0`` and ``seat_1``. Observations are
``{"observation": Box(float32), "action_mask": Box(0, 1, (n,), int8)}`` built from
``view(seat)`` only (see each game's ``encoding.py``), ``info["view"]`` is the view itself,
made when first read where observations are read off the state (``duelhost.envs.infos``;
``info_views=False``: infos are empty).
An index the mask forbids raises ``IllegalAction`` (``illegal="timeout"``: it is the seat's
timeout, see ``duelhost.envs.driver``); ``max_cycles=n`` truncates a match after ``n``
cycles. Rewards are
+1/-1 at a win/loss, 0 for a draw. ``render_mode="ansi"`` returns the spectator's view as
text; ``"human"`` prints it. ``single_agent_env(game, opponent, seat, **options)`` is a
Gymnasium ``Env`` for one seat against a duelhost bot (``duelhost.envs.single``).
"""

from __future__ import annotations

from duelhost.envs.aec import DuelhostAECEnv, env
from duelhost.envs.driver import Driver, load_encoding
from duelhost.envs.parallel import DuelhostParallelEnv, parallel_env
from duelhost.envs.single import SingleAgentEnv, single_agent_env

__all__ = [
    "Driver",
    "DuelhostAECEnv",
    "DuelhostParallelEnv",
    "SingleAgentEnv",
    "env",
    "load_encoding",
    "parallel_env",
    "single_agent_env",
]
