"""Think time per decision of each bot level (``python -m canasta bench-bots``). Prints;
asserts nothing.

For each level, ``hands`` seeded hands are played with that level on side 0 and
``good`` on the other sides; only the measured level's decisions with more than one
legal action are timed (a single legal action is played without asking the bot). With
``phase`` (``--phase answer``: the expert's answers to "may I go out?", about one
decision in fifty), only the measured level's decisions in that phase of the turn are
timed, and it plays its other decisions as ``good`` does, so that the many hands such
rare decisions need play quickly. Figures: decisions timed, mean, median, 95th
percentile and largest time in ms of wall clock, and the mean in processor time
(``time.process_time``: what the decision costs when other jobs share the machine).
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from typing import Any

from ..bots import Bot, get_bot, level_name
from ..bots.expert import ExpertBot
from ..variants import get
from .match import deal_game, decision_seed, hand_steps


def think_times(variant: str, players: int | None, hands: int, seed: int, name: str,
                rollouts: int | None = None, think_ms: int | None = None,
                phase: str | None = None) -> tuple[list[float], float]:
    """Wall-clock seconds of each timed decision, and their total processor time
    (``rollouts`` and ``think_ms``: the expert's budget and cap on think time, as the
    host's ``expert_rollouts`` and ``expert_think_ms``; ``phase``: only the decisions in
    that phase of the turn, the level playing good's other decisions)."""
    rules = get(variant, players)
    times: list[float] = []
    cpu = 0.0
    for h in range(hands):
        game = deal_game(rules, seed, h)
        for seat, step, legal in hand_steps(game):
            s = decision_seed("bench", seed, h, seat, step)
            measured = seat % rules.sides == 0 and (phase is None or game.state.phase.value == phase)
            bot: Bot
            if not measured:
                bot = get_bot("good", s)
            elif name == "expert":
                bot = ExpertBot.capped(s, rollouts, think_ms)
            else:
                bot = get_bot(name, s)
            if len(legal) == 1:
                action = legal[0]
            else:
                start, start_cpu = time.perf_counter(), time.process_time()
                action = bot.choose(game.view(seat), legal)
                if measured:
                    times.append(time.perf_counter() - start)
                    cpu += time.process_time() - start_cpu
            game.apply(action)
    return times, cpu


def figures(times: list[float], cpu: float) -> dict[str, float]:
    ms = sorted(t * 1000 for t in times)
    if not ms:
        return {"decisions": 0, "mean_ms": 0.0, "median_ms": 0.0, "p95_ms": 0.0, "max_ms": 0.0, "cpu_mean_ms": 0.0}
    return {"decisions": len(ms), "mean_ms": statistics.fmean(ms), "median_ms": statistics.median(ms),
            "p95_ms": ms[min(len(ms) - 1, int(0.95 * len(ms)))], "max_ms": ms[-1],
            "cpu_mean_ms": 1000 * cpu / len(ms)}


def main(variant: str, players: int | None, hands: int, seed: int, levels: list[str], rollouts: int | None = None,
         as_json: bool = False, think_ms: int | None = None, phase: str | None = None) -> int:
    out: dict[str, Any] = {}
    rules = get(variant, players)
    only = f", only the decisions in phase {phase}" if phase else ""
    print(f"{rules.name} {rules.players} players, {hands} hands per level, seed {seed}{only}")
    for level in levels:
        name = level_name(level)
        f = figures(*think_times(variant, players, hands, seed, name, rollouts, think_ms, phase))
        out[name] = f
        print(f"{name:10} {f['decisions']:5.0f} decisions: mean {f['mean_ms']:8.2f} ms, median "
              f"{f['median_ms']:8.2f} ms, p95 {f['p95_ms']:8.2f} ms, max {f['max_ms']:8.2f} ms; "
              f"processor time: mean {f['cpu_mean_ms']:8.2f} ms")
    if as_json:
        print("BENCH-BOTS " + json.dumps({"variant": rules.name, "players": rules.players, "levels": out,
                                          "python": sys.version.split()[0], "platform": sys.platform}))
    return 0
