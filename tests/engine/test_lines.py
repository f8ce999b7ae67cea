"""Where a bot's points come from, as a match adds up its score lines
(``canasta.lab.lines``; docs/bots.md "Measuring")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from canasta import variants
from canasta.lab.cli import main
from canasta.lab.lines import LineTotals, report
from canasta.lab.pairs import paired_difference, pairs_record, read_pairs, write_pairs
from canasta.lab.match import Side, deal_game, duplicate_steps, run
from canasta.scoring import ScoreLine, SideScore


def test_totals_add_lines_and_list_them_in_the_scores_order() -> None:
    a, b = LineTotals(), LineTotals()
    a.count(SideScore(0, (ScoreLine("melds", 300), ScoreLine("natural_canastas", 500, 1),
                          ScoreLine("mixed_canastas", 300, 1), ScoreLine("hand_penalty", -40, 3))))
    a.count(SideScore(0, (ScoreLine("melds", 100), ScoreLine("hand_penalty", -20, 1))))
    b.count(SideScore(1, (ScoreLine("melds", 250), ScoreLine("natural_canastas", 500, 1),
                          ScoreLine("mixed_canastas", 300, 1), ScoreLine("going_out", 100),
                          ScoreLine("hand_penalty", 0))))
    more = LineTotals()
    more.count(SideScore(1, (ScoreLine("melds", 50),)))
    b.add(more)
    assert (a.hands, b.hands) == (2, 2)
    assert a.per_hand("melds") == 200 and b.per_hand("melds") == 150 and a.per_hand("going_out") == 0
    # The lines either side scored, in the fullest score's order (the hand's penalty is
    # second in a's second score, last in b's first); the differences the largest first,
    # those of 0 kept.
    assert report(a, b, "x (A)", "y (B)") == [
        "x (A): points a hand by score line over 2 side-hands: melds +200.0, natural canastas +250.0, "
        "mixed canastas +150.0, going out +0.0, hand penalty -30.0",
        "y (B): points a hand by score line over 2 side-hands: melds +150.0, natural canastas +250.0, "
        "mixed canastas +150.0, going out +50.0, hand penalty +0.0",
        "x (A) minus y (B) by score line: melds +50.0, going out -50.0, hand penalty -30.0, "
        "natural canastas +0.0, mixed canastas +0.0 (in all -30.0 a hand)"]
    assert report(LineTotals(), b, "x", "y") == []


@pytest.mark.parametrize("variant,players", [("classic", 4), ("samba", 6)])
def test_the_lines_difference_is_the_matchs_mean(variant: str, players: int) -> None:
    """A's lines minus B's, a side-hand, add up to the mean of the pair values, at two
    sides and at three (B then plays two sides of each hand); each bot's lines add up to
    the scores of the sides it played."""
    rules = variants.get(variant, players)
    deals, seed = 3, 5
    a, b = Side("good"), Side("casual")
    match = run(rules, a, b, deals, seed)
    ours, theirs = match.lines["A"], match.lines["B"]
    sides = rules.sides
    assert ours.hands == deals * sides and theirs.hands == deals * sides * (sides - 1)
    names = set(ours.points) | set(theirs.points)
    assert sum(ours.per_hand(n) - theirs.per_hand(n) for n in names) == pytest.approx(match.mean)
    totals = {"A": 0, "B": 0}
    for deal in range(deals):
        for play in range(sides):
            game = deal_game(rules, seed, deal)
            for seat, legal, who, bot in duplicate_steps(game, seed, deal, play, a, b):
                game.apply(bot.choose(game.view(seat), legal))
            for score in game.results[-1]:
                totals["A" if score.side == play else "B"] += score.total
    assert (sum(ours.points.values()), sum(theirs.points.values())) == (totals["A"], totals["B"])
    assert any(p for p in ours.points.values())


def test_match_prints_the_lines_before_the_partner_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "--a", "good", "--b", "casual", "--deals", "4", "--seed", "2"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    figure = r"[+-]\d+\.\d"
    by_line = rf"[a-z ]+ {figure}(?:, [a-z ]+ {figure})*"
    assert re.fullmatch(rf"good \(A\): points a hand by score line over 8 side-hands: {by_line}", lines[1])
    assert re.fullmatch(rf"casual \(B\): points a hand by score line over 8 side-hands: {by_line}", lines[2])
    found = re.fullmatch(rf"good \(A\) minus casual \(B\) by score line: {by_line} \(in all ({figure}) a hand\)",
                         lines[3])
    assert found, lines[3]
    mean = re.search(r"mean ([+-]\d+) per hand", lines[-1])
    assert mean and abs(float(found.group(1)) - int(mean.group(1))) <= 0.5
    assert lines[4].startswith("good (A): answers right in hindsight")


def _in_all(line: str) -> float:
    found = re.search(r"\(in all ([+-]\d+\.\d) a hand\)$", line)
    assert found, line
    return float(found.group(1))


def test_pairs_files_keep_the_lines_and_pool_and_compare_add_them_up(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """``--pairs-out`` keeps each bot's lines as the match added them up; ``pool`` adds
    the seeds' up (their difference's sum is the pooled mean) and ``compare`` tells two
    matches' differences apart line by line (their sum is the paired difference)."""
    rules = variants.get("classic", 4)
    files = {}
    for name, a, b, seed in (("gc2", "good", "casual", 2), ("gc3", "good", "casual", 3),
                             ("cb2", "casual", "beginner", 2), ("cb3", "casual", "beginner", 3)):
        files[name] = tmp_path / f"{name}.json"
        assert main(["match", "--a", a, "--b", b, "--deals", "3", "--seed", str(seed),
                     "--pairs-out", str(files[name])]) == 0
    capsys.readouterr()
    kept = read_pairs(files["gc2"])["lines"]
    played = run(rules, Side("good"), Side("casual"), 3, 2).lines
    assert kept == played  # hands, points and places alike, for A and B

    assert main(["pool", str(files["gc2"]), str(files["gc3"])]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    both = read_pairs(files["gc2"])["pairs"] + read_pairs(files["gc3"])["pairs"]
    assert out[4].startswith("good (A): points a hand by score line over 12 side-hands: ")
    assert out[5].startswith("casual (B): points a hand by score line over 12 side-hands: ")
    assert _in_all(out[6]) == pytest.approx(sum(both) / len(both), abs=0.05)

    assert main(["compare", str(files["gc2"]), str(files["cb2"]), str(files["gc3"]), str(files["cb3"])]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[2].startswith("gc2 minus cb2, A minus B by score line: ")
    assert out[5].startswith("gc3 minus cb3, A minus B by score line: ")
    assert out[7].startswith("seeds 2, 3 pooled: gc2 minus cb2, A minus B by score line: ")
    pooled = paired_difference(both, read_pairs(files["cb2"])["pairs"] + read_pairs(files["cb3"])["pairs"])
    assert _in_all(out[7]) == pytest.approx(pooled.diff, abs=0.05)


def test_lines_are_compared_only_over_the_same_pairs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    totals = LineTotals()
    totals.count(SideScore(0, (ScoreLine("melds", 120),)))
    a, b, old = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "old.json"
    write_pairs(a, pairs_record("classic", 4, 1, "x", "y", [1.0, 2.0, 3.0], lines={"A": totals, "B": totals}))
    write_pairs(b, pairs_record("classic", 4, 1, "x", "y", [1.0, 2.0], lines={"A": totals, "B": totals}))
    write_pairs(old, pairs_record("classic", 4, 1, "x", "y", [1.0, 2.0, 3.0]))
    assert main(["compare", str(a), str(b)]) == 0
    assert capsys.readouterr().out.strip().splitlines()[2] == \
        "a minus b, A minus B by score line: not compared: seed 1's files hold 3 and 2 pairs"
    assert main(["compare", str(a), str(old)]) == 0
    assert capsys.readouterr().out.strip().splitlines()[2] == \
        "a minus old, A minus B by score line: not compared: a file has none (written before match kept them)"
    assert main(["pool", str(old)]) == 0
    assert len(capsys.readouterr().out.strip().splitlines()) == 2  # no lines to add up


@pytest.mark.parametrize(("lines", "reason"), [
    ([], "'lines' must hold A's and B's"),
    ({"A": {"hands": 1, "points": {}, "place": {}}}, "'lines' must hold A's and B's"),
    ({"A": {"hands": 1, "points": {}}, "B": {"hands": 1, "points": {}}}, "must hold 'hands', 'points' and 'place'"),
    ({"A": {"hands": -1, "points": {}, "place": {}}, "B": {"hands": 1, "points": {}, "place": {}}},
     "'hands' must be a whole number"),
    ({"A": {"hands": 1, "points": {"melds": 1.5}, "place": {"melds": 0}},
      "B": {"hands": 1, "points": {}, "place": {}}}, "whole points"),
    ({"A": {"hands": 1, "points": {"melds": 10}, "place": {}}, "B": {"hands": 1, "points": {}, "place": {}}},
     "a place of 0 or more"),
])
def test_unreadable_lines_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: object,
                                      reason: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**pairs_record("classic", 4, 1, "x", "y", [1.0, 2.0]), "lines": lines}))
    assert main(["pool", str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("error [bad_pairs]: ") and reason in captured.err
