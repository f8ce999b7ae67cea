"""Our random 4-player Classic hand against the OpenSpiel Python Canasta (issue 42).

``python tools/bench_openspiel.py --ref PATH [--hands N] [--repeats R] [--seed S]``,
run in an interpreter that has ``open_spiel`` (``make bench-openspiel REF=PATH`` makes
one: build/cache/venv-openspiel, never the project's requirements). PATH is a checkout of
jhtschultz/canasta-openspiel (its package is also named ``canasta``: it is imported
first, then moved aside under ``sys.modules``, so both engines live in one process).

Each repeat times, in one process and in turn (the order rotating from repeat to
repeat, so that neither engine always runs first), N seeded random hands (new seeds at
each repeat, the same for the three) of:

- ours through the playout path (``canasta.playout.sample_action``);
- ours through the full legal list (``legal_actions``, one entry drawn uniformly);
- the reference: ``pyspiel.load_game("python_canasta")``, a random chance outcome at
  each chance node of the deal, then a random entry of ``state.legal_actions()`` until
  the hand ends (the state deals the next hand, or the game is over).

Per engine: microseconds per action of play (the players' decisions; the deal is timed
apart: 44+ chance actions in the reference, one ``deal`` in ours), in processor time
(``time.process_time``: what the machine's other jobs change least) and in wall-clock
time; medians and ranges over the repeats; the ratio reference / ours per repeat, its
median and range. Prints only; asserts nothing.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _take_modules(name: str) -> dict[str, ModuleType]:
    return {k: sys.modules.pop(k) for k in list(sys.modules) if k == name or k.startswith(name + ".")}


def load_reference(path: Path) -> ModuleType:
    """The reference's ``canasta.canasta_game`` (which registers ``python_canasta`` with
    pyspiel), imported from ``path`` and then moved out of the way of our ``canasta``."""
    ours = _take_modules("canasta")
    sys.path.insert(0, str(path))
    try:
        module = importlib.import_module("canasta.canasta_game")
    finally:
        sys.path.remove(str(path))
        _take_modules("canasta")
        sys.modules.update(ours)
    return module


Clock = Callable[[], float]


class Timing:
    """One engine's hands of one repeat: play and deal time (processor, wall), actions."""

    def __init__(self) -> None:
        self.cpu = self.wall = self.deal_cpu = 0.0
        self.actions = self.hands = 0

    def add(self, deal_cpu: float, cpu: float, wall: float, actions: int) -> None:
        """One more hand: its deal's processor time, its play's processor and wall time."""
        self.deal_cpu += deal_cpu
        self.cpu += cpu
        self.wall += wall
        self.actions += actions
        self.hands += 1

    def us_per_action(self) -> float:
        return self.cpu / self.actions * 1e6

    def wall_us_per_action(self) -> float:
        return self.wall / self.actions * 1e6


def _ours(hands: int, seed: int, chooser: Callable[[random.Random], Callable[[Any], Any]]) -> Timing:
    """Our hands, each action chosen by ``chooser(rng)`` (one chooser per hand)."""
    from canasta.play import apply
    from canasta.state import deal
    from canasta.variants import get

    rules = get("classic", 4)
    t = Timing()
    cpu, wall = time.process_time, time.perf_counter
    for i in range(hands):
        rng = random.Random(seed + i)
        c0 = cpu()
        state = deal(rules, rng, int(rng.random() * 4))
        c1, w1 = cpu(), wall()
        choose = chooser(rng)
        n = 0
        while not state.over:
            state = apply(state, choose(state))
            n += 1
        t.add(c1 - c0, cpu() - c1, wall() - w1, n)
    return t


def ours_playout(hands: int, seed: int) -> Timing:
    """Through the playout path."""
    from canasta.playout import sample_action

    def chooser(rng: random.Random) -> Callable[[Any], Any]:
        below = lambda n: int(rng.random() * n)  # noqa: E731
        return lambda state: sample_action(state, below)

    return _ours(hands, seed, chooser)


def ours_full(hands: int, seed: int) -> Timing:
    """Through the full legal list, one entry drawn uniformly."""
    from canasta.legal import legal_actions

    def chooser(rng: random.Random) -> Callable[[Any], Any]:
        def choose(state: Any) -> Any:
            legal = legal_actions(state)
            return legal[int(rng.random() * len(legal))]
        return choose

    return _ours(hands, seed, chooser)


def reference(game: Any, hands: int, seed: int) -> Timing:
    t = Timing()
    cpu, wall = time.process_time, time.perf_counter
    for i in range(hands):
        rng = random.Random(seed + i)
        c0 = cpu()
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
        c1, w1 = cpu(), wall()
        n = 0
        while not (state.is_terminal() or state.is_chance_node()):
            legal = state.legal_actions()
            if not legal:
                break  # the reference ends a hand inside legal_actions (stock out)
            state.apply_action(legal[int(rng.random() * len(legal))])
            n += 1
        t.add(c1 - c0, cpu() - c1, wall() - w1, n)
    return t


def _spread(values: list[float], fmt: str = "{:.1f}") -> str:
    return (f"median {fmt.format(statistics.median(values))} (range {fmt.format(min(values))} .. "
            f"{fmt.format(max(values))})")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--ref", type=Path, required=True, help="a checkout of jhtschultz/canasta-openspiel")
    p.add_argument("--hands", type=int, default=40, help="hands per engine and repeat")
    p.add_argument("--repeats", type=int, default=7)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    module = load_reference(args.ref.resolve())
    import pyspiel

    sys.path.insert(0, str(ROOT / "pycore"))
    import canasta

    game = pyspiel.load_game("python_canasta")
    runs: dict[str, Callable[[int, int], Timing]] = {
        "ours, playout path": ours_playout,
        "ours, full legal list": ours_full,
        "reference": lambda hands, seed: reference(game, hands, seed),
    }
    try:
        from importlib.metadata import version
        spiel = version("open_spiel")
    except Exception:  # noqa: BLE001 (only a label)
        spiel = "?"
    print(f"ours: {Path(canasta.__file__).parent}; reference: {Path(module.__file__).parent} (open_spiel {spiel}); "
          f"Python {platform.python_version()}")
    print(f"{args.repeats} repeats of {args.hands} random 4-player Classic hands per engine, in turn; "
          "us per action of play (the deal apart)")
    for name, run in runs.items():
        run(2, 10_000)  # warm up: imports, caches
    names = list(runs)
    results: dict[str, list[Timing]] = {name: [] for name in names}
    for r in range(args.repeats):
        order = names[r % len(names):] + names[:r % len(names)]
        for name in order:
            # fresh hands at each repeat (the same for every engine): no cache of ours
            # meets the very hands it met before
            results[name].append(runs[name](args.hands, args.seed + r * args.hands))
    for name in names:
        ts = results[name]
        print(f"{name:22} cpu {_spread([t.us_per_action() for t in ts])} us; wall "
              f"{_spread([t.wall_us_per_action() for t in ts])} us; "
              f"{statistics.fmean(t.actions / t.hands for t in ts):.0f} actions a hand; deal "
              f"{statistics.median(t.deal_cpu / t.hands * 1e3 for t in ts):.2f} ms cpu")
    ref = results["reference"]
    for name in names[:2]:
        ratios = [b.us_per_action() / a.us_per_action() for a, b in zip(results[name], ref)]
        walls = [b.wall_us_per_action() / a.wall_us_per_action() for a, b in zip(results[name], ref)]
        print(f"reference / {name}: cpu {_spread(ratios, '{:.2f}')}x; wall {_spread(walls, '{:.2f}')}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
