"""The decision bench: the expert's settings judged decision by decision
(docs/decisions.md#decision-bench).

A duplicate match judges a setting by whole hands, whose luck (a pair's value has a
standard deviation of 300-350 points in Classic) hides differences under 30 points per
hand unless 500+ pairs are played. The bench takes the luck of the rest of the hand out:

1. ``collect``: the expert plays ``good`` (expert on the first side) over seeded hands;
   every expert decision with a choice (not an answer to "may I go out?") is written
   down with the seat's view and the legal actions (JSON lines).
2. ``oracle``: every legal action of every decision is valued by ``--samples`` paired
   playouts to the hand's end (the same sampled hidden cards and playout seeds for
   every action; level 3 at every seat afterwards, as in the expert's own playouts).
   The values of every sample are kept.
3. ``score``: a setting's decisions are compared with level 3's, on the oracle's
   values: the mean gain per decision of what it chooses over what level 3 chooses
   (``--seeds`` decisions per point). The oracle's samples are independent of the
   setting's own, so the figure is unbiased; settings compare on the same decisions.
4. ``headroom``: what an oracle-sized search would gain: the best action on some of the
   oracle's samples (all legal actions, plain best mean), valued on the others. Also
   the gain by kind of move (where the expert's candidates miss value).
5. ``oracle --truth`` and ``transfer``: the oracle played from the real hands (saved by
   ``collect``; only the stock's order, which no seat knows, is drawn anew), and the
   best action chosen on the sampler's oracle valued on the real one: whether a gain
   the bench shows survives the sampler's wrong guesses of the hidden cards.
6. ``calibrate``: how well the expert's sampler guesses the hidden hands. Level 3 plays
   itself; at play-phase decisions the sampler's chance that the next seat holds a
   natural pair of a kind (split by what that seat did with the kind: nothing,
   discarded it, drew over it before or after its side's meld, both) and its mean count of wild cards and black threes
   in that hand are set against the real hand; and how well those chances rank the
   kinds the seat really holds (a pair, one or more), as an AUC
   (docs/decisions.md#how-sure: a sampler pays only near certainty).

    PYTHONPATH=pycore python tools/expert_bench.py collect --seed 21 --hands 8 --out /tmp/b21.jsonl
    PYTHONPATH=pycore python tools/expert_bench.py oracle /tmp/b21.jsonl --samples 64 --out /tmp/o21.jsonl
    PYTHONPATH=pycore python tools/expert_bench.py score /tmp/o21.jsonl [--rollouts 40 --horizon 20]
    PYTHONPATH=pycore python tools/expert_bench.py headroom /tmp/o21.jsonl
    PYTHONPATH=pycore python tools/expert_bench.py oracle /tmp/b21.jsonl --samples 64 --truth --out /tmp/t21.jsonl
    PYTHONPATH=pycore python tools/expert_bench.py transfer --choose /tmp/o21.jsonl --judge /tmp/t21.jsonl
    PYTHONPATH=pycore python tools/expert_bench.py calibrate --hands 40 [--belief]

The figures are per decision, under level-3 play after it: a setting that gains more
here is a lead to confirm by a duplicate match, not a result on its own.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any, NamedTuple

from canasta.actions import Action, parse_action
from canasta.bots import get_bot
from canasta.bots import expert as E
from canasta.bots.base import rules_of
from canasta.bots.belief import BeliefSampler
from canasta.bots.good import GoodBot
from canasta.bots.memory import Memory
from canasta.cards import deck
from canasta.lab.match import deal_game, decision_seed, hand_steps
from canasta.lab.overrules import kind
from canasta.notation import from_position, to_position
from canasta.play import apply
from canasta.state import HandState, shuffle
from canasta.variants import get


def _lines(path: str) -> Iterator[dict[str, Any]]:
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def collect(variant: str, players: int | None, seed: int, hands: int, out: str) -> None:
    rules = get(variant, players)
    n = 0
    with open(out, "w", encoding="utf-8") as fh:
        for d in range(hands):
            game = deal_game(rules, seed, d)
            for seat, step, legal in hand_steps(game):
                who = "expert" if seat % rules.sides == 0 else "good"
                view = game.view(seat)
                if who == "expert" and len(legal) > 1 and view["phase"] != "answer":
                    # The real position too: an oracle of the truth (``--truth``) plays from it.
                    fh.write(json.dumps({"view": view, "legal": [str(a) for a in legal],
                                         "position": to_position(game.state)}) + "\n")
                    n += 1
                game.apply(get_bot(who, decision_seed(seed, d, seat, step)).choose(view, legal))
    print(f"{n} decisions from {hands} hands written to {out}")


def _restocked(real: HandState, rng: random.Random) -> HandState:
    """The real position with the stock's order, which no seat knows, drawn anew."""
    return real.with_(stock=shuffle(real.stock, rng))


def oracle(path: str, samples: int, out: str, truth: bool = False) -> None:
    """Every legal action valued on ``samples`` paired playouts to the hand's end, from the
    sampler's guesses of the hidden cards, or with ``truth`` from the real hands (only
    the stock's order, unknown to every seat, drawn anew for each sample)."""
    start = time.perf_counter()
    judge = E.ExpertBot(0, horizon=None)  # its playout() alone: level 3 to the hand's end
    with open(out, "w", encoding="utf-8") as fh:
        for i, point in enumerate(_lines(path)):
            view = point["view"]
            legal = [parse_action(t) for t in point["legal"]]
            if truth and "position" not in point:
                raise SystemExit(f"{path}: decision {i} has no real position (collected before --truth): collect again")
            draw: Callable[[random.Random], HandState]
            if truth:
                draw = partial(_restocked, from_position(point["position"]))
            else:
                rules = rules_of(view)
                draw = E.Sampler(view, rules, Memory(view, rules)).sample
            rng = random.Random(1000 + i)
            values: dict[str, list[float]] = {str(a): [] for a in legal}
            for _ in range(samples):
                state = draw(rng)
                seed = int(rng.random() * (1 << 53))
                for a in legal:
                    values[str(a)].append(judge.playout(apply(state, a), view["side"], seed))
            fh.write(json.dumps({**point, "values": values}) + "\n")
            print(f"decision {i}: {len(legal)} actions, {time.perf_counter() - start:.0f} s", file=sys.stderr)


def _report(label: str, gains: list[float]) -> None:
    mean, se = E._mean_se(gains)
    print(f"{label}: {mean:+.2f} per decision over level 3 (se {se:.2f}, n {len(gains)})")


def _level3(view: dict[str, Any], legal: list[Action], decision: int, seed: int = 0) -> str:
    """Level 3's choice at a decision of the bench, the same in every command (numbered
    across the files read, as they are given)."""
    weights = E.search_weights(rules_of(view))
    return str(GoodBot(decision_seed("bench-level3", decision, seed), weights=weights).choose(view, legal))


def score(paths: list[str], rollouts: int | None, horizon: int | None, candidates: int | None, seeds: int) -> None:
    """The expert's gain per decision over level 3 on oracles; ``rollouts``,
    ``candidates`` (None) and ``horizon`` (``E.AUTO``) left unset are the table's profile."""
    gains: list[float] = []
    i = 0
    for path in paths:
        for point in _lines(path):
            view, values = point["view"], point["values"]
            legal = [parse_action(t) for t in point["legal"]]
            mean = {t: statistics.fmean(v) for t, v in values.items()}
            for s in range(seeds):
                base = _level3(view, legal, i, s)
                bot = E.ExpertBot(decision_seed("bench-expert", i, s), rollouts=rollouts, horizon=horizon,
                                  max_candidates=candidates)
                gains.append(mean[str(bot.choose(view, legal))] - mean[base])
            i += 1
    def shown(x: object, unset: object) -> str:
        return "the profile's" if x is unset else str(x)

    _report(f"expert ({shown(rollouts, None)} playouts, horizon {shown(horizon, E.AUTO)}, "
            f"{shown(candidates, None)} candidates)", gains)


def headroom(paths: list[str], chooser: int) -> None:
    gains: list[float] = []
    by_kind: dict[str, list[float]] = defaultdict(list)
    decisions = 0
    for path in paths:
        for point in _lines(path):
            view, values = point["view"], point["values"]
            legal = [parse_action(t) for t in point["legal"]]
            base = _level3(view, legal, decisions)
            k = len(values[base])
            decisions += 1
            for off in range(0, k - chooser + 1, chooser):
                pick = max(values, key=lambda t: statistics.fmean(values[t][off:off + chooser]))
                rest = {t: statistics.fmean(values[t][:off] + values[t][off + chooser:]) for t in (pick, base)}
                gain = rest[pick] - rest[base]
                gains.append(gain)
                change = "level 3's choice" if pick == base else (
                    f"{kind(parse_action(base))} -> {kind(parse_action(pick))}")
                by_kind[change].append(gain)
    _report(f"best of all legal actions on {chooser} samples, valued on the others", gains)
    windows = len(gains) / decisions
    for change, g in sorted(by_kind.items(), key=lambda kv: -sum(kv[1])):
        if abs(sum(g) / len(gains)) < 0.1:
            continue  # the long tail of rare or even kinds
        print(f"  {change:45s} {len(g) / windows:6.1f} decisions, mean {statistics.fmean(g):+7.1f}, "
              f"{sum(g) / len(gains):+6.2f} per decision")


def transfer(choosers: list[str], judges: list[str], chooser: int) -> None:
    """Best of all legal actions on ``chooser`` samples of one oracle (the sampler's
    guesses), valued on another of the same decisions (the truth: ``oracle --truth``).
    Where the bench's headroom is real this keeps it; where it comes from the sampler's
    wrong guesses it does not."""
    gains: list[float] = []
    level3 = 0
    decisions = 0
    if len(choosers) != len(judges):
        raise SystemExit("transfer needs one judging oracle per choosing oracle, in the same order")
    for cpath, jpath in zip(choosers, judges):
        cpoints, jpoints = list(_lines(cpath)), list(_lines(jpath))
        if len(cpoints) != len(jpoints) or any(c["view"] != j["view"] for c, j in zip(cpoints, jpoints)):
            raise SystemExit(f"{cpath} and {jpath} do not hold the same decisions")
        for cpoint, jpoint in zip(cpoints, jpoints):
            view, legal = cpoint["view"], [parse_action(t) for t in cpoint["legal"]]
            base = _level3(view, legal, decisions)
            decisions += 1
            values = cpoint["values"]
            pick = max(values, key=lambda t: statistics.fmean(values[t][:chooser]))
            level3 += pick == base
            judged = jpoint["values"]
            gains.append(statistics.fmean(judged[pick]) - statistics.fmean(judged[base]))
    _report(f"best of all legal actions on {chooser} samples of the first oracle, valued on the second", gains)
    print(f"  level 3's choice kept in {level3} of {decisions} decisions")


#: The calibration's rows: a natural pair, by what the seat did with the kind; then counts.
_PAIR_ROWS = {"": "pair, kind neither discarded nor drawn over", "D": "pair, kind it discarded",
              "P": "pair, kind it drew over", "PD": "pair, kind it discarded and drew over",
              "Pm": "pair, kind it drew over, its side melded", "PmD": "pair, discarded, drew over, side melded"}


def auc(points: list[tuple[float, bool]]) -> float:
    """How well predicted chances rank what happened: the chance that a random point that
    came true was given a higher chance than a random one that did not (ties count half).
    0.5 is no better than a coin, 1 is certainty; NaN without both kinds of point."""
    values = sorted(p for p, _ in points)
    rank: dict[float, float] = {}
    i = 0
    while i < len(values):
        j = i
        while j < len(values) and values[j] == values[i]:
            j += 1
        rank[values[i]] = (i + j + 1) / 2  # tied values share their mean rank (1-based)
        i = j
    true = sum(1 for _, y in points if y)
    false = len(points) - true
    if not true or not false:
        return float("nan")
    return (sum(rank[p] for p, y in points if y) - true * (true + 1) / 2) / (true * false)


class Calibration(NamedTuple):
    """``calibrate``'s figures: per row, the points, the sum of the sampler's predictions
    and the sum of the real values; and per event of a natural kind in the next seat's
    hand (``pair``: two or more, ``one``: one or more) the sampler's :func:`auc`."""

    rows: dict[str, list[float]]
    auc: dict[str, float]


def calibrate(variant: str, players: int | None, seed: int, hands: int, samples: int,
              belief: bool = False) -> Calibration:
    """The sampler against the real hands (module docstring, 6); ``belief``: the belief
    sampler (``bots/belief.py``) in place of the even deal. Every third play-phase
    decision is a point (the hands change little in between); kinds the next seat is
    known to hold (taken with the pile) are left out: the sampler deals them."""
    rules = get(variant, players)
    rows: dict[str, list[float]] = {}
    ranked: dict[str, list[tuple[float, bool]]] = {"pair": [], "one": []}

    def add(row: str, predicted: float, actual: float) -> None:
        r = rows.setdefault(row, [0, 0.0, 0.0])
        r[0] += 1
        r[1] += predicted
        r[2] += actual

    naturals = sorted({c.kind for c in deck(rules.decks, rules.jokers_per_deck) if c.natural})
    for d in range(hands):
        game = deal_game(rules, seed, d)
        for seat, step, legal in hand_steps(game):
            view = game.view(seat)
            if view["phase"] == "play" and step % 3 == 0:
                memory = Memory(view, rules)
                sampler = (BeliefSampler if belief else E.Sampler)(view, rules, memory)
                rng = random.Random(decision_seed(seed, d, seat, step))
                nxt = (seat + 1) % rules.players
                dealt = [sampler.sample(rng).hands[nxt] for _ in range(samples)]
                real = game.state.hands[nxt]
                for label, test in (("wild cards in hand", lambda c: c.wild),
                                    ("black threes in hand", lambda c: c.kind == "B3")):
                    add(label, statistics.fmean(sum(map(test, h)) for h in dealt), sum(map(test, real)))
                for k in naturals:
                    if memory.holds(nxt, k):
                        continue
                    did = ("Pm" if k in memory.passed_melded[nxt] else "P" if k in memory.passed[nxt] else "") + (
                        "D" if k in memory.discarded[nxt] else "")
                    counts = [sum(c.kind == k for c in h) for h in dealt]
                    pairs = statistics.fmean(n >= 2 for n in counts)
                    held = sum(c.kind == k for c in real)
                    add(_PAIR_ROWS[did], pairs, held >= 2)
                    ranked["pair"].append((pairs, held >= 2))
                    ranked["one"].append((statistics.fmean(n >= 1 for n in counts), held >= 1))
            game.apply(get_bot("good", decision_seed(seed, d, seat, step)).choose(view, legal))
    print(f"{variant}, {hands} hands of level 3 against itself, {samples} samples per point; the next seat's hand:")
    for label, (n, predicted, actual) in sorted(rows.items()):
        ratio = f"{actual / predicted:5.2f}" if predicted else "    -"
        print(f"  {label:45s} n {int(n):5d}  sampler {predicted / n:6.3f}  real {actual / n:6.3f}  real/sampler {ratio}")
    found = {event: auc(points) for event, points in ranked.items()}
    print(f"  how the sampler ranks the natural kinds the next seat holds (AUC; 0.5: a coin, 1: certainty):"
          f" a pair {found['pair']:.3f}, one or more {found['one']:.3f}")
    return Calibration(rows, found)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--variant", default="classic")
    c.add_argument("--players", type=int)
    c.add_argument("--seed", type=int, default=21)
    c.add_argument("--hands", type=int, default=8)
    c.add_argument("--out", required=True)
    o = sub.add_parser("oracle")
    o.add_argument("points")
    o.add_argument("--samples", type=int, default=64)
    o.add_argument("--out", required=True)
    o.add_argument("--truth", action="store_true", help="from the real hands (points collected with their position)")
    t = sub.add_parser("transfer")
    t.add_argument("--choose", nargs="+", required=True)
    t.add_argument("--judge", nargs="+", required=True)
    t.add_argument("--chooser", type=int, default=32)
    s = sub.add_parser("score")
    s.add_argument("oracles", nargs="+")
    s.add_argument("--rollouts", type=int, help="default: the table's profile (expert.profile)")
    s.add_argument("--horizon", type=int, help="0: to the hand's end; default: the table's profile")
    s.add_argument("--candidates", type=int, help="default: the table's profile")
    s.add_argument("--seeds", type=int, default=2)
    h = sub.add_parser("headroom")
    h.add_argument("oracles", nargs="+")
    h.add_argument("--chooser", type=int, default=32, help="samples that choose (the others value)")
    k = sub.add_parser("calibrate")
    k.add_argument("--variant", default="classic")
    k.add_argument("--players", type=int)
    k.add_argument("--seed", type=int, default=31)
    k.add_argument("--hands", type=int, default=40)
    k.add_argument("--samples", type=int, default=30)
    k.add_argument("--belief", action="store_true", help="the belief sampler (bots/belief.py), not the even deal")
    args = p.parse_args()
    if args.cmd == "collect":
        collect(args.variant, args.players, args.seed, args.hands, args.out)
    elif args.cmd == "oracle":
        oracle(args.points, args.samples, args.out, args.truth)
    elif args.cmd == "score":
        horizon = E.AUTO if args.horizon is None else (args.horizon or None)
        score(args.oracles, args.rollouts, horizon, args.candidates, args.seeds)
    elif args.cmd == "transfer":
        transfer(args.choose, args.judge, args.chooser)
    elif args.cmd == "headroom":
        headroom(args.oracles, args.chooser)
    else:
        calibrate(args.variant, args.players, args.seed, args.hands, args.samples, args.belief)


if __name__ == "__main__":
    main()
