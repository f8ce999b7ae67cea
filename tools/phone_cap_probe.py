"""The capped expert on a fixed set of positions: its wall time and the whole samples it
completed per decision (issue 42: the phone's expert measured, not assumed).

One source, two interpreters: `tools/bench_phone_cap.py` imports it in CPython, and serves
it to the site's own engine worker (web/engine-worker.js) as the worker's Python module in
place of web/worker.py, so that in Chromium it runs in the app's Pyodide, from the app's
compiled engine and cut-down standard library, off the page's main thread. Hence the
worker's interface: ``__export__`` names the functions, each takes plain values and
returns a JSON string (``ping`` is what the worker calls once booted), and it imports
only the engine and modules of the game's standard library (build/game-stdlib.txt: no
``statistics``, nor ``canasta.lab``, which the compiled engine leaves out).

Positions: at each table, seeded deals played by ``good`` at every seat; from each deal a
few decision points spread over the hand (early to late), where the seat to act has more
than one legal action and is not answering "may I go out?" (the expert answers with level
3 there, without searching). Each position gets the expert with its own fixed seed; a
position where the search has one candidate only is decided without sampling and counted
as not searched.

Samples: the expert (bots/expert.py, ``choose``) compares every alternative with level 3's
choice over whole samples (one deal of the hidden cards, one playout per candidate still
in the race); a sample the cap falls into is dropped whole. An alternative still in the
race gets one difference per sample completed, and one is in the race at every sample (the
search stops when none is left), so the samples completed are the longest list of
differences handed to ``_pick``; the playouts they hold are one per sample for level 3's
choice plus one per difference.
"""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

from canasta.bots import get_bot
from canasta.bots.expert import ExpertBot
from canasta.game import Game
from canasta.variants import get

__export__ = ["ping", "spin", "tables", "decide", "yardstick"]

#: The tables measured: (variant, players).
TABLES: list[tuple[str, int]] = [("classic", 4), ("samba", 4), ("samba", 2), ("modern-american", 4)]
#: Deals per table, and the decision points taken from each (fractions of the hand's
#: decision points: early, middle, late).
DEALS = 8
SPREAD = (0.1, 0.3, 0.5, 0.7, 0.9)
#: The position of each table (an index into :func:`positions`) whose uncapped decision is
#: the yardstick: a fixed amount of the expert's own work (the same samples and playouts
#: wherever it runs; one that searches long, 13 to 53 samples), so that its time here
#: over its time there is how much slower the expert runs there.
YARDSTICK = {0: 1, 1: 2, 2: 1, 3: 6}


class CountingExpert(ExpertBot):
    """The expert, recording what each decision's search completed (module docstring)."""

    #: samples completed at the last decision (None: it decided without sampling).
    samples: int | None = None
    #: playouts those samples hold.
    playouts: int = 0

    def choose(self, view: dict[str, Any], legal: Any) -> Any:
        self.samples, self.playouts = None, 0
        return super().choose(view, legal)

    def _pick(self, cands: list[Any], diffs: list[list[float]]) -> Any:
        self.samples = max((len(d) for d in diffs[1:]), default=0)
        self.playouts = self.samples + sum(len(d) for d in diffs[1:])
        return super()._pick(cands, diffs)


def table_name(variant: str, players: int) -> str:
    return f"{variant} {players}"


def _positions(table: int) -> list[tuple[dict[str, Any], tuple[Any, ...]]]:
    """The table's positions: (view of the seat to act, legal actions)."""
    variant, players = TABLES[table]
    rules = get(variant, players)
    out: list[tuple[dict[str, Any], tuple[Any, ...]]] = []
    for deal in range(1, DEALS + 1):
        game = Game(rules, seed=deal)
        points: list[tuple[dict[str, Any], tuple[Any, ...]]] = []
        step = 0
        while not game.hand_over:
            seat = game.state.turn
            legal = tuple(game.legal_actions())
            if len(legal) > 1 and game.state.phase.value != "answer":
                points.append((game.view(seat), legal))
            action = legal[0] if len(legal) == 1 else get_bot("good", deal * 10_007 + step).choose(game.view(seat), legal)
            game.apply(action)
            step += 1
        out.extend(points[int(f * len(points))] for f in SPREAD if points)
    return out


_CACHE: dict[int, list[tuple[dict[str, Any], tuple[Any, ...]]]] = {}


def positions(table: int) -> list[tuple[dict[str, Any], tuple[Any, ...]]]:
    if table not in _CACHE:
        _CACHE[table] = _positions(table)
    return _CACHE[table]


def measure(table: int, index: int, think_ms: int | None) -> dict[str, Any]:
    """One decision of the expert capped at ``think_ms`` (None: uncapped) at a position."""
    view, legal = positions(table)[index]
    bot = CountingExpert.capped(1_000_003 * (table + 1) + index, None, think_ms)
    start, cpu = time.perf_counter(), time.process_time()
    action = bot.choose(view, legal)
    ms, cpu = 1000 * (time.perf_counter() - start), 1000 * (time.process_time() - cpu)
    return {"ms": ms, "cpu_ms": cpu, "samples": bot.samples, "playouts": bot.playouts, "action": str(action)}


def spin(n: int) -> str:
    """A fixed piece of pure-Python work (n rounds of a seeded shuffle and sort): its wall
    time in ms, to show how much slower the interpreter runs where it is measured."""
    rng = random.Random(7)
    start = time.perf_counter()
    for _ in range(n):
        xs = list(range(200))
        rng.shuffle(xs)
        xs.sort()
    return json.dumps({"ms": 1000 * (time.perf_counter() - start)})


def ping() -> str:
    return json.dumps({"ok": True, "python": sys.version.split()[0], "platform": sys.platform})


def tables() -> str:
    """The tables and how many positions each has."""
    return json.dumps([{"name": table_name(*t), "positions": len(positions(i))} for i, t in enumerate(TABLES)])


def decide(table: int, index: int, think_ms: int | None) -> str:
    return json.dumps(measure(int(table), int(index), None if think_ms is None else int(think_ms)))


def yardstick(table: int) -> str:
    """The table's yardstick decision (:data:`YARDSTICK`), uncapped: its wall time."""
    return json.dumps(measure(int(table), YARDSTICK[int(table)], None))
