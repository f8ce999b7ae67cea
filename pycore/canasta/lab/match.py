"""Duplicate matches between two bots (``python -m canasta match``; docs/bots.md).

Each deal ``d`` (the first hand of ``Game(rules, seed=S * 1_000_003 + d)``: the same
cards, the same first dealer) is played once per side with bot A on that side and bot B
on every other side: twice with two sides (a *duplicate pair*), three times with three.
For one play, A's margin is A's side's hand score minus the mean of the other sides'
scores; a pair's value is the mean of its plays' margins (points per hand, A's view).
The match reports the mean of the pair values over the deals, its 95% confidence
interval (mean +/- 1.96 standard errors, the standard error being the pair values'
sample standard deviation over the square root of the number of pairs), and the share
of the hands that A's side won (scored more than every other side; a tie counts half).

Each decision's bot is built with its own seed from the match seed, the deal, the
play, the seat and the step (:func:`decision_seed`), so a match gives the same figures
with any number of worker processes. A *stream* other than 0 (``match --stream K``) mixes
``K`` into those seeds: the same deals, the same players, other random choices (the
expert's samples and playouts, every bot's tie-breaking). Two streams of one match are
replicates; how far apart they land is the noise a changed decision stream alone brings
to a comparison (docs/decisions.md#measuring).
"""

from __future__ import annotations

import hashlib
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..actions import Action
from ..bots import Bot, get_bot
from ..bots.expert import ExpertBot
from ..game import Game
from ..rules import Rules
from ..state import HandState
from .lines import LineTotals
from .overrules import OverruleCounts
from .pairs import interval
from .partner import PartnerCounts, hand_counts


def decision_seed(*parts: object) -> int:
    """A seed for one decision, from the parts that name it."""
    digest = hashlib.sha256("/".join(map(str, ("canasta-match", *parts))).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def hand_steps(game: Game) -> Iterator[tuple[int, int, tuple[Action, ...]]]:
    """The game's current hand, step by step: yields the seat to act, the step's number
    and the legal actions; the caller applies one action to the game before the next."""
    step = 0
    while not game.hand_over:
        yield game.state.turn, step, tuple(game.legal_actions())
        step += 1


@dataclass(frozen=True)
class Side:
    """One contestant: a bot name, and the expert's budget and sampler (``belief``: its
    samples dealt by what each seat did, ``bots/belief.py``) when it is the expert."""

    name: str
    rollouts: int | None = None
    horizon: int | None = -1
    #: a cap on the expert's think time per decision, in ms (the app's ``expert_think_ms``;
    #: wall clock, so a capped match depends on the machine and its load).
    think_ms: int | None = None
    belief: bool = False

    def make(self, seed: int) -> Bot:
        if self.name == "expert" and (self.rollouts is not None or self.horizon != -1 or self.think_ms is not None
                                      or self.belief):
            kwargs: dict[str, Any] = {"belief": self.belief}
            if self.rollouts is not None:
                kwargs["rollouts"] = self.rollouts
            if self.horizon != -1:
                kwargs["horizon"] = self.horizon or None
            if self.think_ms is not None:
                kwargs["time_limit"] = self.think_ms / 1000
            return ExpertBot(seed, **kwargs)
        return get_bot(self.name, seed)

    def budget(self, rules: Rules) -> dict[str, int | None] | None:
        """The budget this side's expert plays at ``rules`` (its flags, or else the table's
        profile: ``ExpertBot.settings``), or None when the side is not the expert."""
        bot = self.make(0)
        if not isinstance(bot, ExpertBot):
            return None
        p, max_steps = bot.settings(rules)
        return {"rollouts": p.rollouts, "horizon": p.horizon, "max_steps": max_steps}


@dataclass
class DealResult:
    deal: int
    margins: list[float]  # per play, A's margin
    wins: list[float]  # per play, 1 / 0.5 / 0
    decisions: dict[str, int] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)
    #: "A" and "B": the partner figures' counts of each bot (``lab.partner``)
    partner: dict[str, PartnerCounts] = field(default_factory=dict)
    #: "A" and "B" where the bot is the expert: its changes of level 3's choice (``lab.overrules``)
    overrules: dict[str, OverruleCounts] = field(default_factory=dict)
    #: "A" and "B": their score lines added up (``lab.lines``)
    lines: dict[str, LineTotals] = field(default_factory=dict)


def deal_game(rules: Rules, seed: int, deal: int) -> Game:
    """The game whose first hand is deal ``deal`` of match seed ``seed`` (module
    docstring); the benches and tools that replay a match's deals start from it too."""
    return Game(rules, seed=seed * 1_000_003 + deal)


def duplicate_steps(game: Game, seed: int, deal: int, play: int, a: Side, b: Side,
                    stream: int = 0) -> Iterator[tuple[int, tuple[Action, ...], Side, Bot]]:
    """Play ``play`` of a duplicate deal (A on side ``play``, B on every other side), step
    by step: yields the seat to act, its legal actions, the contestant playing it and that
    decision's bot (seeded by :func:`decision_seed`, ``stream`` mixed in when not 0); the
    caller applies one action to ``game`` before the next."""
    other = ("stream", stream) if stream else ()  # stream 0 keeps every seed of the runs before streams
    for seat, step, legal in hand_steps(game):
        who = a if seat % game.rules.sides == play else b
        yield seat, legal, who, who.make(decision_seed(seed, deal, play, seat, step, *other))


def play_deal(rules: Rules, seed: int, deal: int, a: Side, b: Side, stream: int = 0) -> DealResult:
    """Deal ``deal`` played once with A on each side (module docstring), the bots'
    seeds from ``stream`` (0: the match's own)."""
    result = DealResult(deal, [], [], partner={"A": PartnerCounts(), "B": PartnerCounts()},
                        lines={"A": LineTotals(), "B": LineTotals()})
    for play in range(rules.sides):
        game = deal_game(rules, seed, deal)
        steps: list[tuple[HandState, Action]] = []
        for seat, legal, who, bot in duplicate_steps(game, seed, deal, play, a, b, stream):
            start = time.perf_counter()
            action = bot.choose(game.view(seat), legal)
            if len(legal) > 1:
                key = "A" if who is a else "B"
                result.seconds[key] = result.seconds.get(key, 0.0) + time.perf_counter() - start
                result.decisions[key] = result.decisions.get(key, 0) + 1
                if isinstance(bot, ExpertBot) and bot.policy_choice is not None:
                    result.overrules.setdefault(key, OverruleCounts()).count(bot.policy_choice, action)
            steps.append((game.state, action))
            game.apply(action)
        for side, counts in enumerate(hand_counts(steps, game.state)):
            result.partner["A" if side == play else "B"].add(counts)
        for score in game.results[-1]:
            result.lines["A" if score.side == play else "B"].count(score)
        totals = [s.total for s in game.results[-1]]
        mine = totals[play]
        others = [t for i, t in enumerate(totals) if i != play]
        result.margins.append(mine - statistics.fmean(others))
        top = max(others)
        result.wins.append(1.0 if mine > top else (0.5 if mine == top else 0.0))
    return result


@dataclass
class MatchReport:
    a: str
    b: str
    pairs: list[float]
    wins: list[float]
    decisions: dict[str, int]
    seconds: dict[str, float]
    elapsed: float
    partner: dict[str, PartnerCounts] = field(default_factory=dict)
    overrules: dict[str, OverruleCounts] = field(default_factory=dict)
    lines: dict[str, LineTotals] = field(default_factory=dict)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.pairs)

    @property
    def half_width(self) -> float:
        return interval(self.pairs).half_width

    @property
    def won(self) -> float:
        return 100.0 * sum(self.wins) / len(self.wins)

    def line(self) -> str:
        return f"{interval(self.pairs).line(f'{self.a} vs {self.b}')}, {self.a} won {self.won:.0f}% of hands"


def _work(args: tuple[Rules, int, int, Side, Side, int]) -> DealResult:
    return play_deal(*args)


def run(rules: Rules, a: Side, b: Side, deals: int, seed: int, jobs: int = 1,
        progress: Callable[[int, MatchReport], None] | None = None, stream: int = 0) -> MatchReport:
    """Play the match (module docstring) in the bots' ``stream``; ``progress`` is called
    after each deal."""
    start = time.perf_counter()
    tasks = [(rules, seed, d, a, b, stream) for d in range(deals)]
    report = MatchReport(a.name, b.name, [], [], {}, {}, 0.0)

    def results() -> Iterator[DealResult]:
        if jobs <= 1 or sys.platform == "emscripten":  # Pyodide has no worker processes
            yield from map(_work, tasks)
            return
        import multiprocessing

        with multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn").Pool(jobs) as pool:
            yield from pool.imap(_work, tasks, chunksize=1)

    for r in results():
        report.pairs.append(statistics.fmean(r.margins))
        report.wins.extend(r.wins)
        for k, v in r.decisions.items():
            report.decisions[k] = report.decisions.get(k, 0) + v
        for k, s in r.seconds.items():
            report.seconds[k] = report.seconds.get(k, 0.0) + s
        for k, c in r.partner.items():
            report.partner.setdefault(k, PartnerCounts()).add(c)
        for k, o in r.overrules.items():
            report.overrules.setdefault(k, OverruleCounts()).add(o)
        for k, t in r.lines.items():
            report.lines.setdefault(k, LineTotals()).add(t)
        report.elapsed = time.perf_counter() - start
        if progress is not None:
            progress(r.deal, report)
    return report
