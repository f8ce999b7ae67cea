"""Command line: ``python -m canasta {scenario,simulate,bench,variants,play-demo}``."""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence

from .errors import CanastaError
from .variants import PRESETS, get


def _scenario(args: argparse.Namespace) -> int:
    from .scenario import run_paths

    results = run_paths(args.paths)
    if not results:
        print("no scenario files found")
        print("0 passed, 0 failed")
        return 1
    passed = 0
    for r in results:
        if r.passed:
            passed += 1
            print(f"PASS {r.path}: {r.name}")
        else:
            print(f"FAIL {r.path}: {r.name}: {r.detail}")
    failed = len(results) - passed
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def _simulate(args: argparse.Namespace) -> int:
    from .simulate import simulate

    rules = get(args.variant, args.players)
    bots = tuple(b for b in args.bots.split(",") if b) if args.bots else ()
    report = simulate(rules, args.hands, args.seed, check=not args.no_checks, bots=bots)
    endings = ", ".join(f"{k} {v}" for k, v in sorted(report.endings.items()))
    print(f"{rules.name} {rules.players} players: {report.hands} hands in {report.games} games, "
          f"{report.actions} actions, {report.seconds:.1f} s ({report.hands_per_second:.0f} hands/s)")
    print(f"endings: {endings}")
    for v in report.violations[:20]:
        print(f"VIOLATION {v}")
    print(f"{len(report.violations)} violations")
    return 1 if report.violations else 0


def _bench(args: argparse.Namespace) -> int:
    from .bench import main

    return main(args.hands, args.sim_hands, args.seed, as_json=args.json)


def _variants(args: argparse.Namespace) -> int:
    for name, p in PRESETS.items():
        counts = "/".join(str(n) for n in p.players)
        print(f"{name:20} {counts:10} {p.description}")
    return 0


def _play_demo(args: argparse.Namespace) -> int:
    """A seeded game of random legal play, printed hand by hand (until the web app exists)."""
    from .game import Game

    game = Game(args.variant, seed=args.seed, players=args.players)
    rng = random.Random(args.seed)
    while True:
        while not game.state.over:
            legal = game.legal_actions()
            action = legal[int(rng.random() * len(legal))]
            if args.verbose:
                print(f"  seat {game.state.turn}: {action}")
            game.apply(action)
        n = len(game.hand_actions)
        sheet = game.results[-1]
        lines = " | ".join(f"side {s.side}: {s.total:+d}" for s in sheet)
        print(f"hand {n}: {game.state.ending.value} after {len(game.hand_actions[-1])} actions; {lines}; "
              f"totals {list(game.scores)}")
        if game.over or n >= args.max_hands:
            break
        game.next_hand()
    print(f"winner: side {game.winner}" if game.over else "no winner yet")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m canasta", description="Canasta rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("scenario", help="run scenario files (NOTATION.md)")
    p.add_argument("paths", nargs="+")
    p.set_defaults(run=_scenario)
    p = sub.add_parser("simulate", help="random legal play with invariant checks")
    p.add_argument("--variant", default="classic")
    p.add_argument("--players", type=int)
    p.add_argument("--hands", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--no-checks", action="store_true", help="play only (for timing)")
    p.add_argument("--bots", default="", help="bots by seat, comma-separated (e.g. basic,random); default random play")
    p.set_defaults(run=_simulate)
    p = sub.add_parser("bench", help="engine speed figures")
    p.add_argument("--hands", type=int, default=200)
    p.add_argument("--sim-hands", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="also print the figures as one JSON line")
    p.set_defaults(run=_bench)
    p = sub.add_parser("variants", help="list the presets")
    p.set_defaults(run=_variants)
    p = sub.add_parser("play-demo", help="print a seeded game of random play")
    p.add_argument("--variant", default="classic")
    p.add_argument("--players", type=int)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-hands", type=int, default=30)
    p.add_argument("--verbose", action="store_true")
    p.set_defaults(run=_play_demo)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except CanastaError as e:
        print(f"error [{e.code}]: {e.message}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
