"""Fit the expert's value at the horizon (``canasta.bots.horizon``;
docs/decisions.md#outlook).

For each table (a preset and a number of players): level 3 plays itself, as in the
expert's playouts (every seat ``GoodBot`` at the playout noise of the profile the table
is searched with once fitted, ``expert.outlook_profile``, and the table's search
weights, ``expert.search_weights``), over ``--hands`` seeded deals. At about one step in five the position's facts
(``horizon.facts``) are recorded from every side, with the side's score as the expert
values it at a horizon (``expert.score_now``); the target is what the side went on to
score at the hand's end minus that. Least squares (a little ridge) on the even deals;
the odd ones, held out, give the share of the target's variance the fit explains and the
correlation of the hand's final result with the value before and after.

``--write`` puts the fitted weights in ``WEIGHTS`` of ``pycore/canasta/bots/horizon.py``
(between its markers), replacing the tables fitted again and keeping the others.

    PYTHONPATH=pycore python tools/fit_horizon.py --table classic:4 --hands 12000 --jobs 2 --write

``--expert`` fits the table's correction instead (``horizon.CORRECTIONS``;
docs/decisions.md#expert-outlook): the expert plays level 3 in duplicate deals, as
``python -m canasta match`` plays them (``--hands`` deals from match seed ``--seed``, each
played once with the expert on each side), on level 3's outlook alone (the table's
correction set aside); at a share ``--rate`` of the steps the expert's side's facts are
recorded, and the target is what that side went on to score beyond level 3's outlook.
Least squares with a constant (the expert's mean surplus, not written) and a ridge on
the facts. Each ridge of ``--ridge a,b,..`` is fitted on the even deals and judged on the
odd ones; the one that explains most of their variance is fitted on all the deals and
written. If none explains 0.1% (``MIN_HELD_OUT``: the fit holds only on the deals it was
fitted on), no correction is written for the table. ``--rows FILE`` keeps the rows (a
collection costs about an hour of a core at Samba 4 players) and reads them back on the
next run of the same collection.

    PYTHONPATH=pycore python tools/fit_horizon.py --table classic:4 --expert --hands 800 --seed 900 --rate 0.5 --ridge 10000 --jobs 2 --write

``--again`` (with ``--expert``) is the next round of that fit: the expert plays with the
table's correction as it stands, the target is what its side scored beyond the corrected
outlook, and what is found is added to the correction (the policy the first round was
fitted on is no longer the expert's once corrected).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import operator
import random
import re
import statistics
from collections.abc import Sequence
from pathlib import Path

from canasta.bots import horizon
from canasta.bots.expert import outlook_profile, playout_facts, score_now, search_weights
from canasta.bots.good import GoodBot
from canasta.bots.horizon import FACTS, WEIGHTS, facts
from canasta.lab.match import Side, deal_game, duplicate_steps
from canasta.legal import legal_actions
from canasta.play import apply
from canasta.rules import Rules
from canasta.state import deal
from canasta.variants import PRESETS, get

#: One recorded position: (deal, facts, value now, final value), for one side.
Row = tuple[int, list[float], float, float]
SOURCE = Path(__file__).resolve().parent.parent / "pycore" / "canasta" / "bots" / "horizon.py"
BEGIN, END = "# fitted weights: begin", "# fitted weights: end"
EXPERT_BEGIN, EXPERT_END = "# expert corrections: begin", "# expert corrections: end"
#: The share of the held-out deals' variance a correction must explain to be written: a
#: huge ridge explains about 0, with either sign (Classic 4's correction explained 0.6%).
MIN_HELD_OUT = 0.001


def play(args: tuple[str, int, int, int, float]) -> list[Row]:
    """Self-play of deals ``first .. first + count - 1``: the rows they give."""
    name, players, first, count, rate = args
    rules = get(name, players)
    weights = search_weights(rules)
    noise = outlook_profile(rules).noise
    rows: list[Row] = []
    for d in range(first, first + count):
        rng = random.Random(d)
        state = deal(rules, rng, dealer=d % players)
        bots = [GoodBot(rng.randrange(1 << 30), noise=noise, weights=weights) for _ in range(players)]
        seen: list[list[tuple[list[float], float]]] = []
        while not state.over:
            legal = legal_actions(state)
            if rng.random() < rate:
                seen.append([(facts(state, s), score_now(state, s)) for s in range(rules.sides)])
            seat = state.turn
            action = legal[0] if len(legal) == 1 else bots[seat].decide(playout_facts(state, seat),
                                                                        state.phase.value, legal)
            state = apply(state, action)
        final = [score_now(state, s) for s in range(rules.sides)]
        rows += [(d, f, v, final[s]) for point in seen for s, (f, v) in enumerate(point)]
    return rows


def expert_play(args: tuple[str, int, int, int, int, float, bool]) -> list[Row]:
    """Deals ``first .. first + count - 1`` of match seed ``seed``, the expert against level
    3 (``--expert``): the expert's side's rows, its value now and at the hand's end. The
    expert plays on level 3's outlook alone, or with the table's correction if ``again``
    (``--again``: the next round of the fit, on the corrected expert's own play)."""
    name, players, seed, first, count, rate, again = args
    rules = get(name, players)
    saved = None if again else horizon.CORRECTIONS.pop((name, players), None)
    horizon._FOUND.clear()
    try:
        return _expert_rows(rules, seed, first, count, rate)
    finally:
        if saved is not None:
            horizon.CORRECTIONS[(name, players)] = saved
        horizon._FOUND.clear()


def _expert_rows(rules: Rules, seed: int, first: int, count: int, rate: float) -> list[Row]:
    a, b = Side("expert"), Side("good")
    rows: list[Row] = []
    for d in range(first, first + count):
        for play in range(rules.sides):
            rng = random.Random(d * 7 + play)
            game = deal_game(rules, seed, d)
            seen: list[tuple[list[float], float]] = []
            for seat, legal, _, bot in duplicate_steps(game, seed, d, play, a, b):
                if rng.random() < rate:
                    seen.append((facts(game.state, play), score_now(game.state, play)))
                game.apply(bot.choose(game.view(seat), legal))
            final = score_now(game.state, play)
            rows += [(d, f, v, final) for f, v in seen]
    return rows


def _surplus(rows: list[Row], base: Sequence[float]) -> list[float]:
    """What the side went on to score beyond ``base``'s outlook, row by row."""
    return [fin - now - sum(a * b for a, b in zip(base, f)) for _, f, now, fin in rows]


def fit_correction(rows: list[Row], base: Sequence[float], ridge: float) -> tuple[list[float], float]:
    """Least squares of what the side went on to score beyond ``base``'s outlook on the
    facts and a constant, ``ridge`` on the facts only: the facts' corrections, and the
    constant (the expert's mean surplus)."""
    cols = [*zip(*(f for _, f, _, _ in rows)), [1.0] * len(rows)]
    x = ridge_solve(cols, _surplus(rows, base), ridge, free=1)
    return x[:-1], x[-1]


def held_out(rows: list[Row], base: Sequence[float], more: Sequence[float]) -> tuple[float, float, float]:
    """A correction judged on rows it was not fitted on: the expert's side's mean surplus
    beyond the outlook, the variance of that surplus, and what is left of it after the
    correction's facts. Both variances are about their own means: the constant is not
    written, since it moves alike every playout that reaches a horizon (added there, it did
    not pay: docs/decisions.md#expert-outlook), and at Samba 4 players the even and odd
    deals' mean surplus differ by about 50 points."""
    y = _surplus(rows, base)
    left = [t - sum(a * b for a, b in zip(more, f)) for t, (_, f, _, _) in zip(y, rows)]
    return statistics.fmean(y), statistics.pvariance(y), statistics.pvariance(left)


def correction_report(rows: list[Row], base: Sequence[float], more: Sequence[float]) -> str:
    """The held-out figures of a correction (:func:`held_out`) in one line."""
    mean, before, after = held_out(rows, base, more)
    return (f"held out: {len(rows)} rows, the expert's side {mean:+.1f} beyond the outlook; variance "
            f"{before:.0f}, left after the correction {after:.0f} (explained {1 - after / before:.4f})")


def choose_ridge(rows: list[Row], base: Sequence[float], ridges: Sequence[float]) -> tuple[float, float]:
    """The ridge whose correction, fitted on the even deals, explains the largest share of
    the odd deals' surplus variance, and that share (printed for each ridge tried). A share
    under :data:`MIN_HELD_OUT` means no ridge found anything that holds beyond the deals it was
    fitted on."""
    train = [r for r in rows if r[0] % 2 == 0]
    test = [r for r in rows if r[0] % 2 == 1]
    best = (ridges[0], -math.inf)
    for ridge in ridges:
        more, _ = fit_correction(train, base, ridge)
        _, before, after = held_out(test, base, more)
        print(f"  ridge {ridge:g}: " + correction_report(test, base, more), flush=True)
        if 1 - after / before > best[1]:
            best = (ridge, 1 - after / before)
    return best


def save_rows(path: Path, rows: list[Row], meta: dict[str, object]) -> None:
    """The expert mode's rows, one JSON line each after a line naming what played them
    (table, match seed, deals, rate, and with ``--again`` the correction): a collection
    costs an hour of a core at Samba, and the fit can then be tried again at other ridges
    (``--rows``)."""
    with path.open("w", encoding="utf-8") as fh:
        fh.write(json.dumps(meta) + "\n")
        for row in rows:
            fh.write(json.dumps(row) + "\n")


def load_rows(path: Path, meta: dict[str, object]) -> list[Row]:
    """Rows saved by :func:`save_rows` for the same table, seed, deals and rate (another
    collection is refused, not mixed in)."""
    with path.open(encoding="utf-8") as fh:
        head = json.loads(fh.readline())
        if head != meta:
            raise SystemExit(f"{path} holds the rows of {head}, not of {meta}")
        return [(int(d), [float(x) for x in f], float(now), float(fin))
                for d, f, now, fin in (json.loads(line) for line in fh if line.strip())]


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (a small dense system).
    A fact that never varied in the rows (a zero column without ridge) gets weight 0."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        if abs(m[col][col]) < 1e-9:
            m[col] = [0.0] * col + [1.0] + [0.0] * (n - col)
            continue
        for r in range(col + 1, n):
            k = m[r][col] / m[col][col]
            if k:
                for c in range(col, n + 1):
                    m[r][c] -= k * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def ridge_solve(cols: Sequence[Sequence[float]], y: Sequence[float], ridge: float, free: int = 0) -> list[float]:
    """Least squares of ``y`` on the columns, ``ridge`` on every column but the last
    ``free`` (a constant is not shrunk)."""
    k = len(cols)
    gram = [[math.fsum(map(operator.mul, cols[i], cols[j])) + (ridge if i == j < k - free else 0.0)
             for j in range(k)] for i in range(k)]
    return solve(gram, [math.fsum(map(operator.mul, cols[i], y)) for i in range(k)])


def fit(rows: list[Row], ridge: float) -> list[float]:
    """Least squares of (final - now) on the facts, without a constant (the facts and
    the target change sign with the side)."""
    return ridge_solve(list(zip(*(f for _, f, _, _ in rows))), [fin - now for _, _, now, fin in rows], ridge)


def _corr(x: list[float], y: list[float]) -> float:
    n = len(x)
    mx, my = sum(x) / n, sum(y) / n
    sxy = math.fsum((a - mx) * (b - my) for a, b in zip(x, y))
    sxx = math.fsum((a - mx) ** 2 for a in x)
    syy = math.fsum((b - my) ** 2 for b in y)
    return sxy / math.sqrt(sxx * syy) if sxx and syy else 0.0


def report(rows: list[Row], w: list[float]) -> str:
    """The held-out figures (module docstring)."""
    pred = [sum(a * b for a, b in zip(w, f)) for _, f, _, _ in rows]
    y = [fin - now for _, _, now, fin in rows]
    mean = sum(y) / len(y)
    var = math.fsum((t - mean) ** 2 for t in y) / len(y)
    res = math.fsum((t - p) ** 2 for t, p in zip(y, pred)) / len(y)
    final = [fin for _, _, _, fin in rows]
    now = [v for _, _, v, _ in rows]
    after = [v + p for v, p in zip(now, pred)]
    return (f"held out: {len(rows)} rows, variance of (final - now) {var:.0f}, left after the fit {res:.0f} "
            f"(explained {1 - res / var:.3f}); correlation of the final result with the value now "
            f"{_corr(final, now):.3f}, with the outlook added {_corr(final, after):.3f}")


def write(fitted: dict[tuple[str, int], list[float]], expert: bool = False) -> None:
    """Put the fitted weights (``expert``: the corrections) in horizon.py between their
    markers (others kept)."""
    begin, end = (EXPERT_BEGIN, EXPERT_END) if expert else (BEGIN, END)
    text = SOURCE.read_text()
    start, stop = text.index(begin), text.index(end)
    found = re.findall(r'\("([\w-]+)", (\d+)\): \(([^)]*)\)', text[start:stop], re.S)
    table = {(n, int(p)): [float(x) for x in ws.split(",") if x.strip()] for n, p, ws in found}
    table.update(fitted)
    lines = [f"    {begin} (tools/fit_horizon.py {'--expert ' if expert else ''}--write)\n"]
    for (n, p), w in sorted(table.items()):
        values = [f"{x:.3f}" for x in w]
        rows = [", ".join(values[i:i + 8]) for i in range(0, len(values), 8)]
        lines.append(f'    ("{n}", {p}): (' + ",\n        ".join(rows) + "),\n")
    first = text.rindex("\n", 0, start) + 1
    last = text.rindex("\n", 0, stop) + 1
    SOURCE.write_text(text[:first] + "".join(lines) + text[last:])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--table", action="append", default=[],
                   help="preset:players (repeatable; default every preset at each of its player counts)")
    p.add_argument("--hands", type=int, default=8000)
    p.add_argument("--seed", type=int, default=700_000, help="first deal's seed (the match seeds are small)")
    p.add_argument("--rate", type=float, default=0.2, help="share of the steps recorded")
    p.add_argument("--ridge", default="1",
                   help="the fit's ridge; with --expert, several (comma-separated) are tried on the held-out deals")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--write", action="store_true", help="put the weights in horizon.py")
    p.add_argument("--expert", action="store_true",
                   help="fit the correction of the expert's own matches (--hands deals of match seed --seed)")
    p.add_argument("--again", action="store_true",
                   help="with --expert: the next round, the expert playing with the table's correction, "
                        "what is found added to it")
    p.add_argument("--rows", type=Path,
                   help="with --expert and one --table: the rows' file, read if it holds this collection, "
                        "else written after playing")
    args = p.parse_args()
    ridges = [float(x) for x in args.ridge.split(",")]
    tables: list[tuple[str, int]] = []
    for t in args.table:
        name, _, players = t.partition(":")
        tables.append((name, int(players) if players else get(name).players))
    if not tables:
        tables = [(n, k) for n, preset in PRESETS.items() for k in preset.players]
    if args.rows is not None and (not args.expert or len(tables) != 1):
        p.error("--rows needs --expert and one --table")
    if len(ridges) > 1 and not args.expert:
        p.error("several ridges need --expert")
    if args.again and not args.expert:
        p.error("--again needs --expert")
    if args.again and (missing := [f"{n}:{k}" for n, k in tables if (n, k) not in horizon.CORRECTIONS]):
        p.error(f"--again needs a correction to start from: none for {', '.join(missing)}")
    fitted: dict[tuple[str, int], list[float]] = {}
    if args.expert:
        for name, players in tables:
            base: Sequence[float] = WEIGHTS[(name, players)]
            meta: dict[str, object] = {"table": f"{name}:{players}", "seed": args.seed, "deals": args.hands,
                                       "rate": args.rate}
            start: Sequence[float] = [0.0] * len(FACTS)
            if args.again:
                start = horizon.CORRECTIONS[(name, players)]
                base = [a + b for a, b in zip(base, start)]
                meta["again"] = list(start)  # rows played with this correction, no other
            if args.rows is not None and args.rows.exists():
                rows = load_rows(args.rows, meta)
            else:
                chunk = max(args.hands // (4 * args.jobs), 1)
                tasks = [(name, players, args.seed, i, min(chunk, args.hands - i), args.rate, args.again)
                         for i in range(0, args.hands, chunk)]
                with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
                    rows = [r for part in pool.map(expert_play, tasks) for r in part]
                if args.rows is not None:
                    save_rows(args.rows, rows, meta)
            print(f"{name} {players} players: {args.hands} deals, {len(rows)} rows of the expert's side")
            ridge, share = choose_ridge(rows, base, ridges)
            if share < MIN_HELD_OUT:
                # A correction that predicts the held-out deals no better than their mean would
                # move the search by noise: nothing is written for this table.
                print(f"  no ridge explains {MIN_HELD_OUT:.1%} of the held-out deals' variance (best {share:.4f}): "
                      "no correction for this table", flush=True)
                continue
            more, surplus = fit_correction(rows, base, ridge)
            more = [a + b for a, b in zip(start, more)]
            fitted[(name, players)] = more
            print(f"  all the deals, ridge {ridge:g}: surplus {surplus:+.1f}; "
                  + ", ".join(f"{n} {x:+.2f}" for n, x in zip(FACTS, more)), flush=True)
        if args.write and fitted:
            write(fitted, expert=True)
            print(f"written to {SOURCE}")
        return
    for name, players in tables:
        chunk = max(args.hands // (8 * args.jobs), 1)
        work = [(name, players, args.seed + i, min(chunk, args.hands - i), args.rate)
                for i in range(0, args.hands, chunk)]
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            rows = [r for part in pool.map(play, work) for r in part]
        train = [r for r in rows if r[0] % 2 == 0]
        test = [r for r in rows if r[0] % 2 == 1]
        w = fit(train, ridges[0])
        fitted[(name, players)] = w
        print(f"{name} {players} players: {args.hands} hands, {len(train)} rows fitted")
        print("  " + report(test, w))
        print("  " + ", ".join(f"{n} {x:+.2f}" for n, x in zip(FACTS, w)), flush=True)
    if args.write:
        write(fitted)
        print(f"written to {SOURCE}")


if __name__ == "__main__":
    main()
