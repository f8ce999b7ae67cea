"""Command line: ``python -m canasta {scenario,example,simulate,bench,bench-bots,match,compare,pool,variants,play-demo}``.

``canasta.__main__`` (``python -m canasta``, the ``canasta`` script) only calls :func:`main`.
Each command imports what it runs when it runs, so that a command pays only for its own
modules.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..errors import CanastaError, CommandError
from ..variants import PRESETS, get

#: The match command writes its pairs file (``--pairs-out``) every this many pairs.
SAVE_EVERY = 10
#: The expert's budget on the command line, as in the app's options (``canasta.host``).
MAX_ROLLOUTS = 1000


def count(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` (to ``high``), so that a count of
    hands, deals or jobs out of range is refused with its name, not met later as a
    traceback or an empty run."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"a whole number, not {text!r}") from None
        if value < low or (high is not None and value > high):
            span = f"from {low} to {high}" if high is not None else f"of {low} or more"
            raise argparse.ArgumentTypeError(f"a whole number {span}, not {value}")
        return value

    return parse


def scenario_files(paths: Sequence[str]) -> list[Path]:
    """The ``*.json`` files named, or found (recursively) in the folders named."""
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            out.extend(sorted(path.rglob("*.json")))
        else:
            out.append(path)
    return out


def _scenario(args: argparse.Namespace) -> int:
    from ..scenario import Outcome, read_scenario, run_scenario

    results = []
    for f in scenario_files(args.paths):
        try:
            data = read_scenario(f.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as e:
            results.append(Outcome(str(f), str(f), False, f"cannot read: {e}"))  # an unreadable file fails
            continue
        except CanastaError as e:  # not JSON, or past canasta.limits
            results.append(Outcome(str(f), str(f), False, f"cannot read: {e.message}"))
            continue
        results.append(run_scenario(data, str(f)))
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


def _example(args: argparse.Namespace) -> int:
    """Check live rule examples (``canasta.examples``) as the site will show them."""
    from ..examples import check_example, encode
    from ..limits import loads

    files = scenario_files(args.paths)
    passed = 0
    for f in files:
        try:
            data = loads(f.read_text(encoding="utf-8"), "bad_example", str(f))
        except (OSError, UnicodeDecodeError) as e:
            print(f"FAIL {f}: cannot read: {e}")
            continue
        except CanastaError as e:  # not JSON, or past canasta.limits
            print(f"FAIL {f}: cannot read: {e.message}")
            continue
        problems = check_example(data)
        if problems:
            print(f"FAIL {f}: " + "; ".join(problems))
            continue
        passed += 1
        print(f"PASS {f}")
        base = args.base.rstrip("/") + "/"
        ident = f"{f.parent.name}/{f.stem}"
        shipped = f.resolve().parent.parent.name == "examples" and f.resolve().parent.parent.parent.name == "web"
        if shipped:
            print(f"  link: {base}embed.html?ex={ident}")
            print(f'  html: <script src="{base}embed.js" async></script>'
                  f'<canasta-example ex="{ident}" lang="fr"></canasta-example>')
        if args.encode or not shipped:
            text = encode(data)
            print(f"  link with the example in it ({len(text)} characters): {base}embed.html#ex={text}")
            print(f'  html: <script src="{base}embed.js" async></script>'
                  f'<canasta-example example="{text}" lang="fr"></canasta-example>')
    print(f"{passed} passed, {len(files) - passed} failed")
    return 0 if files and passed == len(files) else 1


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
    from .speed import main, openings

    if args.openings:
        return openings(as_json=args.json)
    return main(args.hands, args.sim_hands, args.seed, as_json=args.json)


def _match(args: argparse.Namespace) -> int:
    from ..bots import level_name
    from .lines import report as line_report
    from .match import MatchReport, Side, run
    from .pairs import check_writable, pairs_record, write_pairs

    rules = get(args.variant, args.players)
    a = Side(level_name(args.a), args.expert_rollouts, args.expert_horizon, think_ms=args.expert_think_ms,
             belief=args.expert_belief)
    b = Side(level_name(args.b), args.expert_rollouts, args.expert_horizon, think_ms=args.expert_think_ms,
             belief=args.expert_belief)
    budget = a.budget(rules) or b.budget(rules)  # the expert's, on either side

    def save(report: MatchReport) -> None:
        if args.pairs_out:
            partner = {k: c.to_dict() for k, c in report.partner.items()}
            write_pairs(args.pairs_out, pairs_record(rules.name, rules.players, args.seed, a.name, b.name,
                                                     report.pairs, args.expert_rollouts,
                                                     None if args.expert_horizon == -1 else args.expert_horizon,
                                                     partner, expert_think_ms=args.expert_think_ms,
                                                     expert_belief=args.expert_belief, expert_budget=budget,
                                                     stream=args.stream, lines=report.lines))

    if args.pairs_out:
        check_writable(args.pairs_out)  # said now, not after an hour of play

    def progress(deal: int, report: MatchReport) -> None:
        n = len(report.pairs)
        if args.progress and (n % args.progress == 0 or n == args.deals):
            print(f"[{n}/{args.deals} pairs, {report.elapsed:.0f} s] {report.line()}", file=sys.stderr, flush=True)
        if n % SAVE_EVERY == 0:
            save(report)  # a long match stopped early keeps what it played

    report = run(rules, a, b, args.deals, args.seed, jobs=args.jobs, progress=progress, stream=args.stream)
    save(report)
    hands = 2 * len(report.pairs) if rules.sides == 2 else rules.sides * len(report.pairs)
    think = ", ".join(f"{name} {1000 * report.seconds.get(k, 0.0) / max(report.decisions.get(k, 0), 1):.1f} ms"
                      for k, name in (("A", report.a), ("B", report.b)))
    stream = f", stream {args.stream}" if args.stream else ""
    print(f"{rules.name} {rules.players} players, seed {args.seed}{stream}: {hands} hands in {report.elapsed:.0f} s "
          f"({args.jobs} jobs); think time per decision with a choice: {think}")
    for line in line_report(report.lines["A"], report.lines["B"], f"{report.a} (A)", f"{report.b} (B)"):
        print(line)
    for key, name in (("A", report.a), ("B", report.b)):
        for line in report.partner[key].lines(f"{name} ({key})"):
            print(line)
        if key in report.overrules:
            for line in report.overrules[key].lines(f"{name} ({key})"):
                print(line)
    print(report.line())
    return 0


def _compare(args: argparse.Namespace) -> int:
    from .lines import difference_line
    from .pairs import compare_pooled, compare_records, lines_difference, read_pairs

    if len(args.files) % 2:
        raise CommandError("odd_files", f"compare takes files two by two (FIRST SECOND, one pair of files a seed), "
                           f"not {len(args.files)}", files=len(args.files))
    records = [read_pairs(f) for f in args.files]
    # Every figure is worked out before any is printed: files that cannot be compared or
    # pooled are refused with nothing printed, as by pool.
    results = [compare_records(records[i], records[i + 1]) for i in range(0, len(records), 2)]
    pooled = compare_pooled(records[0::2], records[1::2], args.files) if len(records) > 2 else None
    stems = [Path(f).stem for f in args.files]

    def lines(firsts: list[dict[str, Any]], seconds: list[dict[str, Any]], i: int) -> str:
        """Where files i and i + 1's difference lies by score line (the pooled one: 0)."""
        label = f"{stems[i]} minus {stems[i + 1]}, A minus B"
        diffs = lines_difference(firsts, seconds)
        return f"{label} by score line: {diffs}" if isinstance(diffs, str) else difference_line(diffs, label)

    for i, result in zip(range(0, len(records), 2), results):
        first, second = records[i], records[i + 1]
        print(f"{first['variant']} {first['players']} players, seed {first['seed']}: "
              f"{len(first['pairs'])} and {len(second['pairs'])} pairs")
        print(result.line(stems[i], stems[i + 1]))
        print(lines([first], [second], i))
    if pooled is not None:
        seeds = ", ".join(str(r["seed"]) for r in records[0::2])
        print(f"seeds {seeds} pooled: {pooled.line(stems[0], stems[1])}")
        print(f"seeds {seeds} pooled: " + lines(records[0::2], records[1::2], 0))
    return 0


def _pool(args: argparse.Namespace) -> int:
    from .lines import report as line_report
    from .pairs import interval, lines_of, pool_records, read_pairs

    records = [read_pairs(f) for f in args.files]
    pooled = pool_records(records, args.files)  # refused before anything is printed
    first = records[0]
    print(f"{first['variant']} {first['players']} players, {first.get('a')} vs {first.get('b')}")
    for record in records:
        print(interval(record["pairs"]).line(f"seed {record['seed']}"))
    if len(records) > 1:
        seeds = ", ".join(str(r["seed"]) for r in records)
        print(pooled.line(f"seeds {seeds} pooled"))
    totals = lines_of(records)
    if totals is not None:
        for line in line_report(totals["A"], totals["B"], f"{first.get('a')} (A)", f"{first.get('b')} (B)"):
            print(line)
    return 0


def _bench_bots(args: argparse.Namespace) -> int:
    from .think_time import main as bench_bots

    return bench_bots(args.variant, args.players, args.hands, args.seed, args.levels.split(","),
                      args.expert_rollouts, as_json=args.json, think_ms=args.expert_think_ms, phase=args.phase)


def _variants(args: argparse.Namespace) -> int:
    for name, p in PRESETS.items():
        counts = "/".join(str(n) for n in p.players)
        print(f"{name:20} {counts:10} {p.description}")
    return 0


def _play_demo(args: argparse.Namespace) -> int:
    """A seeded game of random legal play, printed hand by hand (until the web app exists)."""
    from ..game import Game

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


def _think_ms(text: str) -> int:
    """An argparse type: a cap on the expert's think time, in the bounds the host takes.
    The bots are imported only when the option is given: every command builds this
    parser, and importing them costs about 0.1 s."""
    from ..bots.expert import MAX_THINK_MS, MIN_THINK_MS

    return count(MIN_THINK_MS, MAX_THINK_MS)(text)


def _bot_table_args(p: argparse.ArgumentParser) -> None:
    """The table and the expert's budget, for the bot commands."""
    p.add_argument("--variant", default="classic")
    p.add_argument("--players", type=int)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--expert-rollouts", type=count(1, MAX_ROLLOUTS),
                   help=f"the expert's playouts per decision, 1 to {MAX_ROLLOUTS} (default: its own)")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m canasta", description="Canasta rules engine")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("scenario", help="run scenario files (NOTATION.md)")
    p.add_argument("paths", nargs="+")
    p.set_defaults(run=_scenario)
    p = sub.add_parser("example", help="check live rule examples (web/examples, docs/notation.md)")
    p.add_argument("paths", nargs="+")
    p.add_argument("--encode", action="store_true",
                   help="also print a link holding the example itself (always, for a file outside web/examples)")
    p.add_argument("--base", default="https://canasta.example/",
                   help="where the site is published, for the links and HTML printed")
    p.set_defaults(run=_example)
    p = sub.add_parser("simulate", help="random legal play with invariant checks")
    p.add_argument("--variant", default="classic")
    p.add_argument("--players", type=int)
    p.add_argument("--hands", type=count(1), default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--no-checks", action="store_true", help="play only (for timing)")
    p.add_argument("--bots", default="", help="bots by seat, comma-separated (e.g. basic,random); default random play")
    p.set_defaults(run=_simulate)
    p = sub.add_parser("bench", help="engine speed figures")
    p.add_argument("--hands", type=count(1), default=200)
    p.add_argument("--sim-hands", type=count(1), default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="also print the figures as one JSON line")
    p.add_argument("--openings", action="store_true",
                   help="legal_actions on crafted unopened hands of 20 to 60 cards instead (issue 36)")
    p.set_defaults(run=_bench)
    p = sub.add_parser("match", help="a duplicate match between two bot levels (docs/bots.md)")
    p.add_argument("--a", required=True, help="level 1-4 or a bot name (beginner, casual, good, expert, ...)")
    p.add_argument("--b", required=True, help="level 1-4 or a bot name")
    _bot_table_args(p)
    p.add_argument("--deals", type=count(1), default=100, help="duplicate pairs (each deal played once per side)")
    p.add_argument("--jobs", type=count(1), default=1, help="worker processes")
    p.add_argument("--expert-horizon", type=count(0), default=-1,
                   help="the expert's playout length in actions (0: to the hand's end; default: its own)")
    p.add_argument("--expert-think-ms", type=_think_ms,
                   help="cap the expert's think time per decision, as the app does (wall clock: the figures "
                        "then depend on the machine and its load)")
    p.add_argument("--expert-belief", action="store_true",
                   help="the expert deals its samples by what each seat did (bots/belief.py; default: evenly)")
    p.add_argument("--stream", type=count(0), default=0,
                   help="another stream of the bots' random choices over the same deals (0: the match's own): "
                        "a replicate, for the noise a changed decision stream brings (docs/decisions.md#measuring)")
    p.add_argument("--progress", type=count(0), default=0, help="print the running figures every N pairs (stderr)")
    p.add_argument("--pairs-out", metavar="FILE",
                   help=f"write the pair values (JSON, for compare) every {SAVE_EVERY} pairs and at the end")
    p.set_defaults(run=_match)
    p = sub.add_parser("compare", help="two matches over the same deals, compared pair by pair (docs/bots.md)")
    p.add_argument("files", nargs="+", metavar="FIRST SECOND",
                   help="two pairs files of match --pairs-out of the same variant, players and seed; more "
                        "such twos (other seeds of the same two matches) are also compared pooled")
    p.set_defaults(run=_compare)
    p = sub.add_parser("pool", help="one match played over several seeds, its pairs pooled (docs/bots.md)")
    p.add_argument("files", nargs="+", metavar="FILE",
                   help="pairs files of match --pairs-out: the same table, bots and settings, other seeds")
    p.set_defaults(run=_pool)
    p = sub.add_parser("bench-bots", help="think time per decision of each bot level")
    _bot_table_args(p)
    p.add_argument("--hands", type=count(1), default=4)
    p.add_argument("--levels", default="beginner,casual,good,expert")
    p.add_argument("--json", action="store_true", help="also print the figures as one JSON line")
    p.add_argument("--expert-think-ms", type=_think_ms,
                   help="a cap on the expert's think time per decision in ms, as the host's expert_think_ms "
                        "(default: none, the budget alone)")
    p.add_argument("--phase", choices=("draw", "play", "answer"),
                   help="time only the decisions in this phase of the turn (answer: to \"may I go out?\"); "
                        "the level plays its other decisions as good does (default: every decision)")
    p.set_defaults(run=_bench_bots)
    p = sub.add_parser("variants", help="list the presets")
    p.set_defaults(run=_variants)
    p = sub.add_parser("play-demo", help="print a seeded game of random play")
    p.add_argument("--variant", default="classic")
    p.add_argument("--players", type=int)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-hands", type=count(1), default=30)
    p.add_argument("--verbose", action="store_true")
    p.set_defaults(run=_play_demo)
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except CanastaError as e:
        print(f"error [{e.code}]: {e.message}", file=sys.stderr)
        return 2
