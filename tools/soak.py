"""Soak: many hands of random play over every preset and player count, every invariant
checked (``canasta.lab.simulate``: cards accounted for, a legal action for the seat to
act, views, refused actions changing nothing, positions and records round-tripping),
spread over the machine's cores.

    python tools/soak.py [--hands 100000] [--jobs N] [--chunk 250] [--seconds S] [--seed 1]

Prints each preset's hands, the hands per second and every violation; exits non-zero on
any. ``--seconds`` stops handing out work after that long (the hands played are reported).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

from canasta.lab.simulate import simulate
from canasta.variants import PRESETS, get


def _chunk(name: str, players: int, hands: int, seed: int) -> tuple[str, int, int, float, list[str]]:
    report = simulate(get(name, players), hands, seed)
    return f"{name} {players}", report.hands, report.actions, report.seconds, report.violations


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--chunk", type=int, default=250, help="hands per task")
    parser.add_argument("--seconds", type=float, default=0.0, help="stop handing out work after this long (0: never)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    tables = [(name, n) for name, preset in sorted(PRESETS.items()) for n in preset.players]
    tasks = []
    left, k = args.hands, 0
    while left > 0:
        name, n = tables[k % len(tables)]
        size = min(args.chunk, left)
        tasks.append((name, n, size, args.seed * 100_003 + k))
        left -= size
        k += 1
    start = time.perf_counter()
    hands: Counter[str] = Counter()
    actions = 0
    violations: list[str] = []
    stopped = False
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        pending: set[Future[tuple[str, int, int, float, list[str]]]] = set()
        queue = iter(tasks)
        while True:
            while not stopped and len(pending) < 2 * args.jobs:
                task = next(queue, None)
                if task is None:
                    break
                if args.seconds and time.perf_counter() - start > args.seconds:
                    stopped = True
                    break
                pending.add(pool.submit(_chunk, *task))
            if not pending:
                break
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in done:
                table, n_hands, n_actions, _, found = f.result()
                hands[table] += n_hands
                actions += n_actions
                violations.extend(f"{table}: {v}" for v in found)
    seconds = time.perf_counter() - start
    total = sum(hands.values())
    for table in sorted(hands):
        print(f"{table:<20} {hands[table]:>7} hands")
    print(f"{total} hands, {actions} actions in {seconds:.0f} s on {args.jobs} processes: "
          f"{total / seconds:.0f} hands/s" + (" (stopped by --seconds)" if stopped else ""))
    for v in violations[:20]:
        print(f"VIOLATION {v}")
    print(f"{len(violations)} violations")
    return 1 if violations or not total else 0


if __name__ == "__main__":
    sys.exit(main())
