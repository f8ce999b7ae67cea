"""Think time per decision of each bot level on CPython and inside Pyodide (Node).

Runs `python -m canasta bench-bots --json` in this interpreter and in Pyodide (through
build/run-pyodide-cli.mjs, from the built wheel: `make wheel pyodide` first), then
prints both sets of figures and the Pyodide/CPython ratios. Extra arguments go to
bench-bots (e.g. `--hands 2 --levels good,expert`). Prints only; asserts nothing.

    PYTHONPATH=pycore python tools/bench_bots.py --hands 2
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def figures(cmd: list[str]) -> dict[str, Any]:
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        if line.startswith("BENCH-BOTS "):
            data: dict[str, Any] = json.loads(line[len("BENCH-BOTS "):])
            return data
    raise SystemExit(f"no figures from {' '.join(cmd)}:\n{out}")


def main() -> None:
    args = ["bench-bots", "--json", *sys.argv[1:]]
    cpy = figures([sys.executable, "-m", "canasta", *args])
    pyo = figures(["node", "build/run-pyodide-cli.mjs", *args])
    print(f"{cpy['variant']} {cpy['players']} players; CPython {cpy['python']}, Pyodide {pyo['python']}")
    print(f"{'level':10} {'decisions':>9} {'CPython mean':>13} {'p95':>9} {'max':>9} "
          f"{'Pyodide mean':>13} {'p95':>9} {'max':>9} {'ratio':>6}")
    for name, c in cpy["levels"].items():
        p = pyo["levels"][name]
        ratio = p["mean_ms"] / c["mean_ms"] if c["mean_ms"] else float("nan")
        print(f"{name:10} {c['decisions']:9.0f} {c['mean_ms']:11.2f}ms {c['p95_ms']:7.1f}ms {c['max_ms']:7.1f}ms "
              f"{p['mean_ms']:11.2f}ms {p['p95_ms']:7.1f}ms {p['max_ms']:7.1f}ms {ratio:6.2f}")


if __name__ == "__main__":
    main()
