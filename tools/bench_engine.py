"""Engine speed figures: CPython against Pyodide (``make bench``), and ``legal_actions``
over fixed seeded states (``legal``), the same script for any tree.

``python tools/bench_engine.py [bench args]``: runs ``python -m canasta bench --json`` in
this interpreter and in Pyodide (through build/run-pyodide-cli.mjs, from the built
wheel), then prints both sets of figures and Pyodide/CPython ratios.

``PYTHONPATH=<tree>/pycore python tools/bench_engine.py legal --record FILE``: plays
seeded random hands of each table (``--tables``, variant:players:hands; uniformly random
legal actions, as ``canasta bench`` plays them) and writes their actions to FILE, with a
checksum of every legal list on the way (two trees that list the same actions in the
same order print the same checksum).

``... legal --replay FILE [--passes P] [--gc-off] [--only cold|warm]``: in a fresh
process, rebuilds every state of those hands with ``apply`` (fresh objects, none seen by
``legal_actions``), then calls ``legal_actions`` once on each (*cold*) and once more
(*warm*), ``--passes`` times; prints µs per call (median of the passes) and GC
collections per 1,000 calls. The calls run inside ``collections.deque(map(...),
maxlen=0)``, so ``valgrind --tool=callgrind --toggle-collect=deque_init`` counts the
instructions of those calls and nothing else (``--only``: one pass of one kind, for
that; ``apply``: ``apply`` once on each state with its recorded action). It imports only ``canasta.actions``, ``legal``, ``play``, ``state`` and
``variants``, which every tree since the baseline of issue 35 has, so the same file and
the same recorded hands measure a baseline worktree. Prints only; asserts nothing.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import random
import statistics
import subprocess
import sys
import time
from collections import deque
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: The tables of ``legal``: variant, players, seeded hands.
LEGAL_TABLES = "classic:4:150,samba:4:40,modern-american:4:40"


def figures(cmd: list[str]) -> dict[str, float]:
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        if line.startswith("BENCH "):
            return json.loads(line[6:])
    raise SystemExit(f"no figures from {' '.join(cmd)}:\n{out}")


def pyodide(argv: list[str]) -> None:
    """CPython against Pyodide, figure by figure."""
    args = ["bench", "--json", *argv]
    cpy = figures([sys.executable, "-m", "canasta", *args])
    pyo = figures(["node", "build/run-pyodide-cli.mjs", *args])
    rows = [("random 4p hand, median ms", "hand_ms_median"), ("legal_actions, us/call", "legal_us"),
            ("apply, us/call", "apply_us"), ("simulate with checks, hands/s", "simulate_hands_per_s")]
    print(f"{'figure':34} {'CPython ' + cpy['python']:>16} {'Pyodide ' + pyo['python']:>16} {'ratio':>7}")
    for label, key in rows:
        ratio = pyo[key] / cpy[key] if cpy[key] else float("nan")
        print(f"{label:34} {cpy[key]:16.2f} {pyo[key]:16.2f} {ratio:7.2f}")


def record(tables: str, seed: int, path: Path) -> None:
    """Play the seeded hands of each table; write their actions (``legal --record``)."""
    from canasta.legal import legal_actions
    from canasta.play import apply
    from canasta.state import deal
    from canasta.variants import get

    lines = []
    for spec in tables.split(","):
        variant, players_text, hands_text = spec.split(":")
        players, hands = int(players_text), int(hands_text)
        rules = get(variant, players)
        digest = hashlib.sha256()
        states = 0
        for i in range(hands):
            rng = random.Random(seed + i)
            state = deal(rules, rng, int(rng.random() * players))
            taken = []
            while not state.over:
                legal = legal_actions(state)
                digest.update("\n".join(map(str, legal)).encode() + b"\x00")
                action = legal[int(rng.random() * len(legal))]
                taken.append(str(action))
                state = apply(state, action)
            states += len(taken)
            lines.append(f"{variant}\t{players}\t{seed + i}\t" + ";".join(taken))
        print(f"{variant} {players}p: {hands} hands, {states} states, checksum {digest.hexdigest()[:16]}")
    path.write_text("\n".join(lines) + "\n")


def states_of(path: Path) -> dict[str, tuple[list[Any], list[Any]]]:
    """Every state of the recorded hands, rebuilt with ``apply``, and the action taken in
    it, by table."""
    from canasta.actions import parse_action
    from canasta.play import apply
    from canasta.state import deal
    from canasta.variants import get

    out: dict[str, tuple[list[Any], list[Any]]] = {}
    for line in path.read_text().splitlines():
        variant, players_text, seed_text, actions = line.split("\t")
        players = int(players_text)
        rng = random.Random(int(seed_text))
        state = deal(get(variant, players), rng, int(rng.random() * players))
        states, taken = out.setdefault(f"{variant} {players}p", ([], []))
        for text in actions.split(";"):
            action = parse_action(text)
            states.append(state)
            taken.append(action)
            state = apply(state, action)
    return out


def replay(path: Path, passes: int, gc_off: bool, only: str) -> list[dict[str, Any]]:
    """``legal_actions`` on every recorded state, cold then warm (module docstring)."""
    from canasta.legal import legal_actions
    from canasta.play import apply

    clock = time.perf_counter
    rows = []
    for table, (states, taken) in states_of(path).items():
        if only == "apply":
            deque(map(apply, states, taken), maxlen=0)
            print(f"{table}: {len(states)} states, apply once each")
            continue
        if only:
            if only == "warm":
                for state in states:
                    legal_actions(state)
            deque(map(legal_actions, states), maxlen=0)
            print(f"{table}: {len(states)} states, one {only} call each")
            continue
        colds, warms = [], []
        collections = 0
        for _ in range(passes):
            fresh = states_of(path)[table][0] if colds else states
            if gc_off:
                gc.disable()
            before = sum(s["collections"] for s in gc.get_stats())
            t0 = clock()
            deque(map(legal_actions, fresh), maxlen=0)
            t1 = clock()
            deque(map(legal_actions, fresh), maxlen=0)
            t2 = clock()
            collections += sum(s["collections"] for s in gc.get_stats()) - before
            gc.enable()
            colds.append((t1 - t0) / len(states) * 1e6)
            warms.append((t2 - t1) / len(states) * 1e6)
        row = {"table": table, "states": len(states), "cold_us": statistics.median(colds),
               "warm_us": statistics.median(warms), "gc_per_1000": collections / (2 * passes * len(states)) * 1000}
        rows.append(row)
        print(f"{table}: {len(states)} states; legal_actions cold {row['cold_us']:.2f} us, warm "
              f"{row['warm_us']:.2f} us (median of {passes}); {row['gc_per_1000']:.2f} GC collections "
              f"per 1000 calls", flush=True)
    return rows


def legal(argv: list[str]) -> None:
    """``legal_actions`` per call over recorded seeded hands (module docstring)."""
    p = argparse.ArgumentParser(prog="bench_engine.py legal")
    p.add_argument("--record", type=Path, help="play the hands, write their actions here")
    p.add_argument("--replay", type=Path, help="time legal_actions on the recorded hands")
    p.add_argument("--tables", default=LEGAL_TABLES, help="variant:players:hands,...")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--passes", type=int, default=5)
    p.add_argument("--gc-off", action="store_true")
    p.add_argument("--only", choices=("cold", "warm", "apply"), default="")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    import canasta

    print(f"canasta from {Path(canasta.__file__).parent}")
    if args.record:
        record(args.tables, args.seed, args.record)
    if args.replay:
        rows = replay(args.replay, args.passes, args.gc_off, args.only)
        if args.json:
            print("BENCH " + json.dumps(rows))


def main() -> None:
    if sys.argv[1:2] == ["legal"]:
        legal(sys.argv[2:])
    else:
        pyodide(sys.argv[1:])


if __name__ == "__main__":
    main()
