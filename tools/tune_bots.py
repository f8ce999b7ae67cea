"""Tune the level-3 weights by self-play in duplicate deals (docs/decisions.md#level3-weights).

Coordinate search: for each weight of ``canasta.bots.good.Weights`` in turn, the
current value times each factor (0.5 and 1.6 by default; 0 becomes +-step) is tried:
``good`` with the changed weight plays ``good`` with the current weights over the same
duplicate deals (``canasta.lab.match``), and the change is kept when its mean margin is
above ``--accept`` standard errors. Prints every trial and the final weight set; the
set is then copied by hand into ``good.py`` (``TABLE_WEIGHTS``: the table's own set, or
``TUNED``) and checked on other seeds by the ladder. A pass starts from the table's
current set (``good.table_weights``). Deals are drawn from ``--seed`` (use one the
ladder does not use).

``--check NAME=VALUE`` plays no pass: it checks one kept change on other pairs (the table's
set with that weight against the set itself, ``--deals`` pairs of ``--seed``), as a
change is checked before it becomes a table's set.

    PYTHONPATH=pycore python tools/tune_bots.py --deals 300 --seed 1000 --jobs 2
    PYTHONPATH=pycore python tools/tune_bots.py --variant samba --players 4 --deals 4000 --seed 9001 --check yes_max_points=128
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import statistics
from dataclasses import dataclass

from canasta.bots import Bot
from canasta.bots.good import TUNED, GoodBot, Weights, table_weights
from canasta.lab.match import Side, run
from canasta.rules import Rules
from canasta.variants import get


@dataclass(frozen=True)
class Tuned(Side):
    weights: Weights = TUNED

    def make(self, seed: int) -> Bot:
        return GoodBot(seed, weights=self.weights)


def trial(rules: Rules, cand: Weights, current: Weights, deals: int, seed: int, jobs: int) -> tuple[float, float]:
    """``good`` on ``cand`` against ``good`` on ``current`` over ``deals`` duplicate pairs
    of ``seed``: the mean margin per hand and its standard error."""
    rep = run(rules, Tuned("good", weights=cand), Tuned("good", weights=current), deals, seed, jobs=jobs)
    return rep.mean, statistics.stdev(rep.pairs) / math.sqrt(len(rep.pairs))


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--variant", default="classic")
    p.add_argument("--players", type=int)
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--accept", type=float, default=1.0, help="standard errors a change must win by")
    p.add_argument("--rounds", type=int, default=1)
    p.add_argument("--only", default="", help="comma-separated weight names (default: all)")
    p.add_argument("--check", metavar="NAME=VALUE", help="check one change on the pairs of --seed, no pass")
    args = p.parse_args()
    rules = get(args.variant, args.players)
    current = table_weights(rules)
    if args.check:
        name, _, text = args.check.partition("=")
        if name not in {f.name for f in dataclasses.fields(Weights)}:
            p.error(f"--check: no weight named {name!r} (good.Weights)")
        value = getattr(current, name)
        try:
            cand = dataclasses.replace(current, **{name: type(value)(float(text))})
        except ValueError:
            p.error(f"--check: {text!r} is not a number")
        mean, se = trial(rules, cand, current, args.deals, args.seed, args.jobs)
        print(f"{name}: {value} -> {getattr(cand, name)}: {mean:+.1f} (se {se:.1f}) over {args.deals} pairs "
              f"of seed {args.seed}")
        return
    names = [f.name for f in dataclasses.fields(Weights)]
    if args.only:
        names = [n for n in names if n in args.only.split(",")]
    tried = 0
    for rnd in range(args.rounds):
        for name in names:
            value = getattr(current, name)
            tries = [value * 0.5, value * 1.6] if value else [10.0, -10.0]
            for v in tries:
                new = type(value)(round(v)) if isinstance(value, int) else float(round(v, 2))
                if new == value:
                    continue
                cand = dataclasses.replace(current, **{name: new})
                tried += 1
                mean, se = trial(rules, cand, current, args.deals, args.seed + tried, args.jobs)
                keep = mean > args.accept * se
                print(f"round {rnd + 1} {name}: {value} -> {new}: {mean:+.1f} (se {se:.1f})"
                      f"{'  KEPT' if keep else ''}", flush=True)
                if keep:
                    current = cand
                    break
    print("final:", current)


if __name__ == "__main__":
    main()
