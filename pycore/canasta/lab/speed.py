"""Engine speed figures (``python -m canasta bench``). Prints; asserts nothing.

- a full random hand (uniformly random legal actions until the hand ends): median ms;
- ``legal_actions`` and ``apply``: mean µs per call over those hands;
- ``simulate`` with every invariant check on: hands per second.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from typing import Any

from ..legal import legal_actions
from ..play import apply
from ..rules import Rules
from ..state import deal
from ..variants import get
from .simulate import simulate


def random_hands(rules: Rules, hands: int, seed: int) -> dict[str, float]:
    """Time ``hands`` random hands; split the time between legal_actions and apply."""
    per_hand: list[float] = []
    legal_t = apply_t = 0.0
    legal_n = apply_n = 0
    clock = time.perf_counter
    for i in range(hands):
        rng = random.Random(seed + i)
        start = clock()
        state = deal(rules, rng, int(rng.random() * rules.players))
        while not state.over:
            t0 = clock()
            legal = legal_actions(state)
            t1 = clock()
            state = apply(state, legal[int(rng.random() * len(legal))])
            t2 = clock()
            legal_t += t1 - t0
            apply_t += t2 - t1
            legal_n += 1
            apply_n += 1
        per_hand.append(clock() - start)
    # The same hands again without the inner timers, for the headline figure.
    plain: list[float] = []
    for i in range(hands):
        rng = random.Random(seed + i)
        start = clock()
        state = deal(rules, rng, int(rng.random() * rules.players))
        while not state.over:
            legal = legal_actions(state)
            state = apply(state, legal[int(rng.random() * len(legal))])
        plain.append(clock() - start)
    return {
        "hand_ms_median": statistics.median(plain) * 1000,
        "hand_ms_mean": statistics.fmean(plain) * 1000,
        "actions_per_hand": apply_n / hands,
        "legal_us": legal_t / legal_n * 1e6,
        "apply_us": apply_t / apply_n * 1e6,
    }


def run(hands: int = 200, sim_hands: int = 100, seed: int = 1) -> dict[str, Any]:
    rules = get("classic", 4)
    figures: dict[str, Any] = dict(random_hands(rules, hands, seed))
    report = simulate(rules, sim_hands, seed)
    figures["simulate_hands_per_s"] = report.hands_per_second
    figures["simulate_violations"] = len(report.violations)
    return figures


def main(hands: int, sim_hands: int, seed: int, as_json: bool = False) -> int:
    f = run(hands, sim_hands, seed)
    print(f"random 4-player Classic hand: median {f['hand_ms_median']:.2f} ms, mean {f['hand_ms_mean']:.2f} ms "
          f"({f['actions_per_hand']:.0f} actions, {hands} hands)")
    print(f"legal_actions: {f['legal_us']:.1f} us per call; apply: {f['apply_us']:.1f} us per call")
    print(f"simulate with every check: {f['simulate_hands_per_s']:.0f} hands/s "
          f"({sim_hands} hands, {f['simulate_violations']} violations)")
    if as_json:
        print("BENCH " + json.dumps({**f, "python": sys.version.split()[0], "platform": sys.platform}))
    return 0
