"""Best responses to a bot's observed play (``duelhost exploit GAME --method observed``).

The bot plays M matches (against ``random`` or any bot or ``plan:FILE`` at first), and every
decision it makes is recorded under a coarse *feature* of its seat's view at that moment (a
key the game chooses, public to both seats: the other seat computes the same key at the same
decision). The *model* is the bot's empirical choice distribution per key (``fit``). The game
then computes the plan maximizing its expected outcome against that model (``respond``: a
table key -> submission), which plays as a plan of the kind ``observed`` (``plan:FILE`` loads
it from the table in the file's ``data``). Later iterations observe the bot against the last
response (a bot that models its opponent plays differently against it) and respond again;
each iteration's response is played on validation seeds, and the best on fresh evaluation
seeds, as the family search does (``duelhost.bots.exploit``).

A game offers this by declaring a ``Responder`` next to its plans (``register_responder``):
``feature`` (the key of a seat's view now), ``choice`` (what of a submission the model
records), ``respond`` (the table answering a model) and ``play`` (the legal submission the
table gives now, with the game's fallback when the table's entry is not legal).

Seeds: observation from ``seed * 10**6 + 200_000 + iteration * M``, validation and evaluation
as in ``duelhost.bots.exploit``.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from typing import Any

from duelhost.bots.base import Bot, SeatHandle
from duelhost.bots.budget import Budget, using
from duelhost.bots.exploit import Exploit, Progress, Settings, evaluate, measure_player
from duelhost.bots.plans import Plan, register_kind
from duelhost.bots.registry import make_bot, plan_families
from duelhost.bots.runner import play_match
from duelhost.core.errors import ConfigError
from duelhost.core.registry import Game
from duelhost.core.state import Game as AnyGame

KIND = "observed"
Model = dict[str, dict[str, float]]
"""Feature key -> the bot's choice -> its observed share at that key."""
Table = dict[str, str]
"""Feature key -> the response's submission there."""
Against = Callable[[int, int], Bot]
"""``against(seat, seed)``: the bot's opponent in an observed match."""
OBSERVATION_OFFSET = 200_000
"""Observation seeds start at ``seed * 10**6`` plus this (the family search's training seeds
lie below, its validation seeds at 500_000)."""


def _same(text: str) -> str:
    return text


@dataclass(frozen=True)
class Responder:
    """How a game answers a model of a bot's play (see the module's docstring)."""

    game: str
    feature: Callable[[SeatHandle], str]
    respond: Callable[[Game, Model], Table]
    play: Callable[[Table, SeatHandle], str]
    choice: Callable[[str], str] = _same


_RESPONDERS: dict[str, Responder] = {}


def register_responder(responder: Responder) -> Responder:
    """Declare how ``responder.game`` answers observed play (called by the game's plan module)."""
    _RESPONDERS[responder.game] = responder
    return responder


def responder(game: str) -> Responder:
    """The game's responder; ConfigError if it declares none."""
    plan_families(game)  # imports the game's bot modules, where responders are declared
    found = _RESPONDERS.get(game)
    if found is None:
        raise ConfigError(f"{game} declares no response to observed play (--method observed)")
    return found


class Recorder:
    """A bot whose every decision is recorded as (feature key, choice)."""

    def __init__(self, bot: Bot, answer: Responder, records: list[tuple[str, str]]) -> None:
        self.bot = bot
        self.answer = answer
        self.records = records
        self.name = bot.name

    def act(self, seat: SeatHandle) -> str:
        key = self.answer.feature(seat)
        text = self.bot.act(seat)
        self.records.append((key, self.answer.choice(text)))
        return text


def record(
    game: Game,
    bot: str,
    against: Against,
    answer: Responder,
    first_seed: int,
    matches: int,
) -> list[tuple[str, str]]:
    """The bot's decisions in ``matches`` matches against ``against(seat, seed)`` (the bot at
    seat 1 on even seeds and seat 0 on odd ones), as (key, choice) pairs in order."""
    records: list[tuple[str, str]] = []
    for seed in range(first_seed, first_seed + matches):
        seat = 1 - seed % 2
        players: list[Any] = [None, None]
        players[seat] = Recorder(make_bot(bot, game, seat, seed), answer, records)
        players[1 - seat] = against(1 - seat, seed)
        play_match(game.new(seed=seed), players)
    return records


def fit(records: Iterable[tuple[str, str]]) -> Model:
    """The empirical model: for each key, each choice's share of the decisions at that key."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for key, choice in records:
        counts[key][choice] += 1
    model: Model = {}
    for key in sorted(counts):
        total = sum(counts[key].values())
        model[key] = {choice: n / total for choice, n in sorted(counts[key].items())}
    return model


class ObservedBot:
    """A plan of the kind ``observed``: the game's ``play`` of its table."""

    def __init__(self, answer: Responder, table: Table, name: str = KIND) -> None:
        self.answer = answer
        self.table = table
        self.name = name

    def act(self, seat: SeatHandle) -> str:
        return self.answer.play(self.table, seat)


def _plan_bot(plan: Plan, name: str, game: AnyGame | None) -> Bot:
    table = plan.data.get("table")
    if not isinstance(table, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in table.items()
    ):
        raise ConfigError("an observed plan's data holds a table of text keys and submissions")
    return ObservedBot(responder(plan.game), table, name)


register_kind(KIND, _plan_bot)


def _player(answer: Responder, table: Table) -> Callable[..., Bot]:
    return lambda *_: ObservedBot(answer, table)


def find_observed(
    game: Game,
    bot: str,
    nodes: int,
    settings: Settings,
    against: str = "random",
    progress: Progress | None = None,
) -> Exploit:
    """Observe ``bot`` (``settings.matches`` matches an iteration, ``settings.generations``
    iterations: the first against ``against``, then against the last response), respond to
    each model, and measure the best response (validation seeds) on fresh evaluation seeds."""
    answer = responder(game.name)
    make_bot(against, game, 0, 0)  # an unknown opponent fails before any match
    first = settings.seed * 10**6 + OBSERVATION_OFFSET
    validation_seed = settings.seed * 10**6 + 500_000
    candidates: list[tuple[float, Table, Model]] = []
    with using(Budget(nodes=nodes)):
        opponent: Against = partial(make_bot, against, game)
        for iteration in range(settings.generations):
            seeds = first + iteration * settings.matches
            records = record(game, bot, opponent, answer, seeds, settings.matches)
            model = fit(records)
            table = answer.respond(game, model)
            opponent = _player(answer, table)
            points = (
                measure_player(game, opponent, bot, validation_seed, settings.validation).points
                if settings.generations > 1
                else 0.0
            )
            candidates.append((points, table, model))
            if progress:
                checked = (
                    f"response {points:.2f} points a match on validation"
                    if settings.generations > 1
                    else "one iteration: no validation"
                )
                progress(
                    f"observed iteration {iteration + 1}/{settings.generations}: "
                    f"{len(records)} decisions at {len(model)} keys, {checked}"
                )
        points, table, model = max(candidates, key=lambda item: item[0])
        score = evaluate(game, _player(answer, table), bot, settings)
    found = {
        "against": bot,
        "bot_nodes": nodes,
        "search": {
            "method": KIND,
            "observed_against": against,
            "iterations": settings.generations,
            "matches": settings.matches,
            "validation": settings.validation,
            "seed": settings.seed,
        },
        "validation_points": {KIND: points},
        "evaluation": score.to_dict(),
    }
    data = {"table": table, "model": model}
    plan = Plan(game.name, KIND, (), dict(game.options), found, data)
    return Exploit(plan, score, {KIND: points})
