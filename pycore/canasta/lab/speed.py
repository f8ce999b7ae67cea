"""Engine speed figures (``python -m canasta bench``). Prints; asserts nothing.

- a full random hand (uniformly random legal actions until the hand ends): median ms;
- ``legal_actions`` and ``apply``: mean µs per call over those hands;
- ``simulate`` with every invariant check on: hands per second.

``python -m canasta bench --openings``: ``legal_actions`` on crafted unopened hands of
20 to 60 cards (``crafted_position``), where the minimal openings explode (issue 36):
time, list size and compound openings listed, for the melds and for the takes.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from typing import Any

from ..actions import Meld, Take
from ..legal import legal_actions
from ..notation import from_position
from ..play import apply
from ..rules import Rules
from ..state import HandState, deal
from ..variants import get
from .simulate import simulate

#: The crafted hands' natural ranks, dealt round-robin (no 3s: they never meld in groups).
_CRAFT_RANKS = ("4", "5", "6", "8", "9", "T", "J", "Q", "K", "A", "7")
#: Tables of the crafted benchmark: (variant, players).
CRAFT_TABLES = (("modern-american", 4), ("classic", 4), ("samba", 4))


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


def crafted_position(variant: str, players: int, cards: int, phase: str = "play") -> HandState:
    """An unopened side whose seat holds ``cards`` cards: two 2s, two jokers and naturals
    of every rank but 3s dealt round-robin, at the score with the highest initial-meld
    minimum. ``phase`` "draw": the top of the pile is a king the hand holds (Modern
    American's frozen pile takes a natural pair), so the takes enumerate openings too."""
    rules = get(variant, players)
    hand = ["2S", "2H", "JK", "JK"]
    held: dict[str, int] = {}
    i = 0
    while len(hand) < cards:
        rank = _CRAFT_RANKS[i % len(_CRAFT_RANKS)]
        k = held.get(rank, 0)
        if k < 4 * rules.card_copies:
            hand.append(rank + "SHDC"[k % 4])
            held[rank] = k + 1
        i += 1
    others = [["3S"], ["3C"], ["3D"], ["3S"], ["3C"], ["3D"]][:players - 1]
    score = max([t for t, _ in rules.initial_meld_thresholds] + [0])
    return from_position({
        "variant": variant, "players": players, "turn": 0, "phase": phase, "hands": [hand, *others],
        "melds": [[] for _ in range(rules.sides)], "discard": ["KC" if phase == "draw" else "3H"],
        "stock": ["3H"], "scores": [score] * rules.sides})


def openings(sizes: tuple[int, ...] = (20, 30, 40, 50, 60), tables: tuple[tuple[str, int], ...] = CRAFT_TABLES,
             as_json: bool = False) -> int:
    """``legal_actions`` on crafted unopened hands: ms, actions listed, openings listed."""
    rows = []
    for variant, players in tables:
        for phase in ("play", "draw"):
            for n in sizes:
                state = crafted_position(variant, players, n, phase)
                start = time.perf_counter()
                legal = legal_actions(state)
                ms = (time.perf_counter() - start) * 1000
                compound = sum(1 for a in legal if isinstance(a, Meld) and len(a.melds) > 1
                               or isinstance(a, Take) and a.extra)
                rows.append({"variant": variant, "players": players, "phase": phase, "cards": n, "ms": ms,
                             "actions": len(legal), "openings": compound})
                print(f"{variant} {players}p {phase:4} {n:2} cards: {ms:9.1f} ms, {len(legal):5} actions, "
                      f"{compound:5} compound openings", flush=True)
    if as_json:
        print("BENCH " + json.dumps({"openings": rows, "python": sys.version.split()[0]}))
    return 0


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
