"""Engine speed on CPython and inside Pyodide (Node), and their ratio (`make bench`).

Runs `python -m canasta bench --json` in this interpreter and in Pyodide (through
build/run-pyodide-cli.mjs, from the built wheel), then prints both sets of figures
and Pyodide/CPython ratios. Prints only; asserts nothing.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def figures(cmd: list[str]) -> dict[str, float]:
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        if line.startswith("BENCH "):
            return json.loads(line[6:])
    raise SystemExit(f"no figures from {' '.join(cmd)}:\n{out}")


def main() -> None:
    args = ["bench", "--json", *sys.argv[1:]]
    cpy = figures([sys.executable, "-m", "canasta", *args])
    pyo = figures(["node", "build/run-pyodide-cli.mjs", *args])
    rows = [("random 4p hand, median ms", "hand_ms_median"), ("legal_actions, us/call", "legal_us"),
            ("apply, us/call", "apply_us"), ("simulate with checks, hands/s", "simulate_hands_per_s")]
    print(f"{'figure':34} {'CPython ' + cpy['python']:>16} {'Pyodide ' + pyo['python']:>16} {'ratio':>7}")
    for label, key in rows:
        ratio = pyo[key] / cpy[key] if cpy[key] else float("nan")
        print(f"{label:34} {cpy[key]:16.2f} {pyo[key]:16.2f} {ratio:7.2f}")


if __name__ == "__main__":
    main()
