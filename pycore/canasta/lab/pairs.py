"""A match's pair values kept in a file, two matches compared pair by pair, and one
match's seeds pooled (``python -m canasta match --pairs-out FILE``, ``python -m canasta
compare``, ``python -m canasta pool``; docs/bots.md).

Two bots, or two settings of one bot, played over the same deals (the same variant,
player count and match seed) are best compared deal by deal: the cards' luck is shared,
so the standard error of the mean *paired* difference is smaller than that of the two
means taken apart, by as much as the pair values correlate (docs/decisions.md#measuring:
0.1 to 0.9, depending on how long the two hands stay alike).

The file is JSON: ``{"format": "canasta-match-pairs/1", "engine", "variant",
"players", "seed", "a", "b", "expert_rollouts", "expert_horizon", "pairs": [...]}``,
the pair values in deal order (deal 0 first), as the match command computes them, and
``"partner"``: the partner figures' counts of A and B (``lab.partner``), when counted,
``"lines"``: A's and B's score lines added up (``lab.lines.LineTotals``; files written
before they were kept have none), and
``"expert_think_ms"`` when the expert's think time was capped (``--expert-think-ms``), and
``"expert_budget"`` when one side is the expert: the budget it played, whether set by the
flags or by the table's profile (``{"rollouts", "horizon", "max_steps"}``,
``ExpertBot.settings``), so that ``pool`` tells one budget from another by what was
played, not by how it was asked for; ``"stream"`` when the bots played another stream
of random choices than the match's own (``match --stream``): the same deals, so two
streams of one seed are compared pair by pair but never pooled.
"""

from __future__ import annotations

import json
import math
import os
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..errors import CommandError
from .lines import LineTotals, margins

FORMAT = "canasta-match-pairs/1"
#: What must agree for two files to hold the same deals.
SAME_DEALS = ("variant", "players", "seed")
#: What must agree for files of several seeds to be one match's (``pool``): the table, the
#: two bots and the expert's settings (a key a file lacks reads as unset).
SAME_MATCH = ("variant", "players", "a", "b", "expert_rollouts", "expert_horizon", "expert_think_ms",
              "expert_belief")
#: The same where both files record the budget the expert played (``expert_budget``): that,
#: not the flags (the table's default and the same figure given as a flag are one budget).
SAME_PLAYED = ("variant", "players", "a", "b", "expert_budget", "expert_think_ms", "expert_belief")


def pairs_record(variant: str, players: int, seed: int, a: str, b: str, pairs: Sequence[float],
                 expert_rollouts: int | None = None, expert_horizon: int | None = None,
                 partner: dict[str, dict[str, int]] | None = None,
                 expert_think_ms: int | None = None, expert_belief: bool = False,
                 expert_budget: dict[str, int | None] | None = None, stream: int = 0,
                 lines: dict[str, LineTotals] | None = None) -> dict[str, Any]:
    """The JSON-ready record of a match's pair values (module docstring); ``partner``: the
    partner figures' counts of A and B (``lab.partner``), when the match counted them;
    ``lines``: A's and B's score lines over the pairs played (``lab.lines``);
    ``expert_belief`` is recorded only when set (the expert's belief sampling);
    ``expert_budget``: the budget the expert played, when it played; ``stream``: recorded
    when not 0 (``match --stream``)."""
    record = {"format": FORMAT, "engine": __version__, "variant": variant, "players": players, "seed": seed,
              "a": a, "b": b, "expert_rollouts": expert_rollouts, "expert_horizon": expert_horizon,
              "pairs": [float(p) for p in pairs]}
    if partner is not None:
        record["partner"] = partner
    if lines is not None:
        record["lines"] = {k: t.to_dict() for k, t in sorted(lines.items())}
    if expert_think_ms is not None:
        record["expert_think_ms"] = expert_think_ms  # a capped match: the machine's figures
    if expert_belief:
        record["expert_belief"] = True
    if expert_budget is not None:
        record["expert_budget"] = dict(expert_budget)
    if stream:
        record["stream"] = stream
    return record


def _temporary(path: str | os.PathLike[str]) -> Path:
    """Where a pairs file is written before it takes the place of ``path``."""
    target = Path(path)
    return target.with_name(target.name + ".tmp")


def write_pairs(path: str | os.PathLike[str], record: dict[str, Any]) -> None:
    """Write the record whole or not at all: a match stopped while writing keeps the
    file of its last progress report."""
    temporary = _temporary(path)
    temporary.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    os.replace(temporary, path)


def check_writable(path: str | os.PathLike[str]) -> None:
    """Refuse (:class:`CommandError` ``bad_pairs_out``) a path the match could not write
    its pairs to, before it plays; a file already there is left as it is until the
    match has pairs of its own to put in its place."""
    temporary = _temporary(path)
    try:
        temporary.write_text("", encoding="utf-8")
        temporary.unlink()
    except OSError as e:
        raise CommandError("bad_pairs_out", f"{path}: cannot be written ({e.strerror or e})", path=str(path)) from None


def read_pairs(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The record in a pairs file, checked, its score lines (if any) read into
    :class:`~.lines.LineTotals`; :class:`CommandError` ``bad_pairs`` says what is wrong
    with a file that cannot be read as one."""
    name = str(path)
    try:
        record = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise CommandError("bad_pairs", f"{name}: cannot be read ({e.strerror or e})", path=name) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise CommandError("bad_pairs", f"{name}: not JSON ({e})", path=name) from None
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise CommandError("bad_pairs", f"{name}: not a pairs file of format {FORMAT!r} "
                         "(python -m canasta match --pairs-out writes one)", path=name)
    pairs = record.get("pairs")
    if not isinstance(pairs, list) or not all(isinstance(p, (int, float)) and not isinstance(p, bool)
                                              and math.isfinite(p) for p in pairs):
        raise CommandError("bad_pairs", f"{name}: 'pairs' must be a list of numbers", path=name)
    for key in SAME_DEALS:
        if key not in record:
            raise CommandError("bad_pairs", f"{name}: no {key!r}", path=name)
    if "lines" in record:
        lines = record["lines"]
        if not isinstance(lines, dict) or set(lines) != {"A", "B"}:
            raise CommandError("bad_pairs", f"{name}: 'lines' must hold A's and B's score lines", path=name)
        try:
            record["lines"] = {k: LineTotals.from_dict(v) for k, v in lines.items()}
        except ValueError as e:
            raise CommandError("bad_pairs", f"{name}: {e}", path=name) from None
    return record


def lines_of(records: Sequence[dict[str, Any]]) -> dict[str, LineTotals] | None:
    """A's and B's score lines added up over records read by :func:`read_pairs`, or None
    if one of them has none (written before they were kept)."""
    if not all("lines" in r for r in records):
        return None
    out = {"A": LineTotals(), "B": LineTotals()}
    for record in records:
        for k, t in record["lines"].items():
            out[k].add(t)
    return out


def lines_difference(firsts: Sequence[dict[str, Any]], seconds: Sequence[dict[str, Any]]) -> dict[str, float] | str:
    """Where two matches over the same deals differ, score line by score line: the
    firsts' A minus B (:func:`~.lines.margins`) minus the seconds', the seeds' files added
    up; their sum is the paired difference's mean. A string saying why not where it cannot
    be told: a file without score lines, or two files of one seed that played different
    numbers of pairs (the lines count every pair a file played, the paired difference
    only the common ones)."""
    for first, second in zip(firsts, seconds):
        if len(first["pairs"]) != len(second["pairs"]):
            return (f"not compared: seed {first['seed']}'s files hold {len(first['pairs'])} and "
                    f"{len(second['pairs'])} pairs")
    one, two = lines_of(firsts), lines_of(seconds)
    if one is None or two is None:
        return "not compared: a file has none (written before match kept them)"
    d1, d2 = margins(one["A"], one["B"]), margins(two["A"], two["B"])
    return {n: d1.get(n, 0.0) - d2.get(n, 0.0) for n in {**d1, **d2}}


@dataclass(frozen=True)
class PairedDifference:
    """Two matches over the same deals, compared on the deals both played."""

    n: int
    mean_a: float
    mean_b: float
    #: the mean of the pair-by-pair differences (A's pair value minus B's) ...
    diff: float
    #: ... and its standard error (their sample standard deviation over the root of n).
    se: float
    #: how much the two matches' pair values move together (None if one is constant).
    correlation: float | None

    def line(self, name_a: str, name_b: str) -> str:
        lo, hi = self.diff - 1.96 * self.se, self.diff + 1.96 * self.se
        r = "n/a" if self.correlation is None else f"{self.correlation:.2f}"
        return (f"{name_a} minus {name_b}: {self.diff:+.1f} per hand (se {self.se:.1f}, 95% CI {lo:+.0f} .. "
                f"{hi:+.0f}) over {self.n} common pairs; {name_a} {self.mean_a:+.1f}, {name_b} {self.mean_b:+.1f}; "
                f"pairs' correlation {r}")


def paired_difference(a: Sequence[float], b: Sequence[float]) -> PairedDifference:
    """A's and B's pair values compared deal by deal over the deals both played (the
    shorter list's length: a match stopped early holds the first deals)."""
    n = min(len(a), len(b))
    if n < 2:
        raise CommandError("too_few_pairs", f"a paired difference needs two common pairs or more, not {n}", pairs=n)
    a, b = a[:n], b[:n]
    d = [x - y for x, y in zip(a, b)]
    try:
        r: float | None = statistics.correlation(a, b)
    except statistics.StatisticsError:
        r = None
    return PairedDifference(n, statistics.fmean(a), statistics.fmean(b), statistics.fmean(d),
                            statistics.stdev(d) / math.sqrt(n), r)


def compare_records(first: dict[str, Any], second: dict[str, Any]) -> PairedDifference:
    """The paired difference of two pairs records; :class:`CommandError`
    ``pairs_mismatch`` when they were not played over the same deals."""
    for key in SAME_DEALS:
        if first[key] != second[key]:
            raise CommandError("pairs_mismatch", f"the two matches were not played over the same deals: "
                             f"{key} {first[key]!r} and {second[key]!r}", key=key)
    return paired_difference(first["pairs"], second["pairs"])


@dataclass(frozen=True)
class Interval:
    """A mean per hand over ``n`` pair values with its standard error, as the match
    command's last line states it (the mean plus or minus 1.96 standard errors)."""

    n: int
    mean: float
    se: float

    @property
    def half_width(self) -> float:
        """Half the 95% interval: 1.96 standard errors."""
        return 1.96 * self.se

    def line(self, label: str) -> str:
        lo, hi = self.mean - self.half_width, self.mean + self.half_width
        return f"{label}: mean {self.mean:+.0f} per hand (95% CI {lo:+.0f} .. {hi:+.0f}) over {self.n} duplicate pairs"


def interval(values: Sequence[float]) -> Interval:
    """The mean of ``values`` and its standard error (their sample standard deviation over
    the root of their number; infinite for one value): the match command's figures
    (``MatchReport.line``) and ``pool``'s."""
    n = len(values)
    if not n:
        raise CommandError("too_few_pairs", "a mean needs one pair or more, not 0", pairs=0)
    se = statistics.stdev(values) / math.sqrt(n) if n > 1 else math.inf
    return Interval(n, statistics.fmean(values), se)


def _setting(record: dict[str, Any], key: str) -> Any:
    return record.get(key, False if key == "expert_belief" else None)


def check_poolable(records: Sequence[dict[str, Any]], names: Sequence[str]) -> None:
    """Refuse files that are not one match's seeds: ``pool_mismatch`` where the table, the
    bots or the expert's settings differ (:data:`SAME_MATCH`; :data:`SAME_PLAYED` where
    both files record the budget played), ``pool_same_deals`` where
    two files hold the same deals (their pairs would count twice)."""
    first = records[0]
    seen: dict[tuple[Any, ...], str] = {}
    for record, name in zip(records, names):
        played = "expert_budget" in record and "expert_budget" in first
        for key in SAME_PLAYED if played else SAME_MATCH:
            if _setting(record, key) != _setting(first, key):
                raise CommandError("pool_mismatch", f"{name} is not the same match as {names[0]}: {key} "
                                   f"{_setting(record, key)!r} and {_setting(first, key)!r}", key=key, path=name)
        deals = tuple(record[k] for k in SAME_DEALS)
        if deals in seen:
            raise CommandError("pool_same_deals", f"{seen[deals]} and {name} hold the same deals (seed "
                               f"{record['seed']}): their pairs would count twice", path=name)
        seen[deals] = name


def pool_records(records: Sequence[dict[str, Any]], names: Sequence[str]) -> Interval:
    """One match played over several seeds, its pair values pooled (:func:`check_poolable`)."""
    check_poolable(records, names)
    return interval([p for record in records for p in record["pairs"]])


def compare_pooled(firsts: Sequence[dict[str, Any]], seconds: Sequence[dict[str, Any]],
                   names: Sequence[str]) -> PairedDifference:
    """Two matches over several seeds compared pair by pair: ``firsts[i]`` and
    ``seconds[i]`` hold the same deals (:func:`compare_records`), the firsts are one
    match's seeds and so are the seconds (:func:`check_poolable`); the common deals of each
    seed are put end to end."""
    check_poolable(firsts, names[0::2])
    check_poolable(seconds, names[1::2])
    a: list[float] = []
    b: list[float] = []
    for first, second in zip(firsts, seconds):
        n = compare_records(first, second).n
        a += first["pairs"][:n]
        b += second["pairs"][:n]
    return paired_difference(a, b)
