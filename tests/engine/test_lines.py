"""Where a bot's points come from, as a match adds up its score lines
(``canasta.lab.lines``; docs/bots.md "Measuring")."""

from __future__ import annotations

import re

import pytest

from canasta import variants
from canasta.lab.cli import main
from canasta.lab.lines import LineTotals, report
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
