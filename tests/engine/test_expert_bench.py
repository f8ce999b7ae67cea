"""The decision bench (tools/expert_bench.py, docs/decisions.md#decision-bench): its
oracle values every legal action on the same samples, deterministically, and its scores
read those values. CPython only (the tool is not in the wheel)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from canasta.legal import legal_actions

from repo_tools import load_tool

pytestmark = pytest.mark.simulation


def test_the_oracle_values_every_legal_action_on_the_same_samples(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_tool("expert_bench")
    points = tmp_path / "points.jsonl"
    bench.collect("classic", 4, 99, 1, str(points))
    lines = points.read_text().splitlines()
    assert len(lines) > 10
    for line in lines:
        point = json.loads(line)
        assert point["view"]["seat"] % 2 == 0 and len(point["legal"]) > 1 and point["view"]["phase"] != "answer"
    few = tmp_path / "few.jsonl"
    few.write_text("\n".join(lines[:3]) + "\n")
    first, second = tmp_path / "o1.jsonl", tmp_path / "o2.jsonl"
    bench.oracle(str(few), 3, str(first))
    bench.oracle(str(few), 3, str(second))
    assert first.read_text() == second.read_text()  # seeded: the same values every run
    valued = [json.loads(line) for line in first.read_text().splitlines()]
    assert len(valued) == 3
    for point in valued:
        assert sorted(point["values"]) == sorted(point["legal"])
        assert all(len(v) == 3 for v in point["values"].values())
    capsys.readouterr()
    bench.score([str(first)], 8, 20, 4, 1)
    bench.headroom([str(first)], 1)
    out = capsys.readouterr().out
    assert "per decision over level 3 (se" in out and "n 3)" in out
    assert "best of all legal actions on 1 samples" in out and "n 9)" in out  # 3 windows of 1


def test_the_truth_oracle_plays_from_the_real_hands(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_tool("expert_bench")
    points = tmp_path / "points.jsonl"
    bench.collect("classic", 4, 98, 1, str(points))
    lines = points.read_text().splitlines()[:3]
    few = tmp_path / "few.jsonl"
    few.write_text("\n".join(lines) + "\n")
    for line in lines:
        point = json.loads(line)
        real = bench.from_position(point["position"])
        assert [str(c) for c in real.hands[point["view"]["seat"]]] == point["view"]["hand"]
        assert [str(a) for a in legal_actions(real)] == point["legal"]
    truth, guess = tmp_path / "t.jsonl", tmp_path / "g.jsonl"
    bench.oracle(str(few), 4, str(truth), truth=True)
    bench.oracle(str(few), 4, str(guess))
    assert truth.read_text() != guess.read_text()
    capsys.readouterr()
    # Chosen and valued on the same samples, the best action cannot lose to level 3's.
    bench.transfer([str(truth)], [str(truth)], 4)
    out = capsys.readouterr().out
    mean = float(out.split(":")[1].split()[0])
    assert mean >= 0 and "n 3)" in out and "of 3 decisions" in out
    bench.transfer([str(guess)], [str(truth)], 2)
    assert "valued on the second" in capsys.readouterr().out
    other, judged = tmp_path / "other.jsonl", tmp_path / "o.jsonl"
    other.write_text("\n".join(reversed(lines)) + "\n")
    bench.oracle(str(other), 1, str(judged), truth=True)
    with pytest.raises(SystemExit, match="same decisions"):
        bench.transfer([str(guess)], [str(judged)], 2)
    with pytest.raises(SystemExit, match="one judging oracle per"):
        bench.transfer([str(guess)], [str(truth), str(truth)], 2)
    bare = tmp_path / "bare.jsonl"  # a point collected before the real position was saved
    bare.write_text(json.dumps({k: v for k, v in json.loads(lines[0]).items() if k != "position"}) + "\n")
    with pytest.raises(SystemExit, match="collect again"):
        bench.oracle(str(bare), 1, str(tmp_path / "x.jsonl"), truth=True)


def test_the_calibration_sets_the_sampler_against_the_real_hands(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_tool("expert_bench")
    found = bench.calibrate("classic", 4, 5, 4, 10)
    assert found == bench.calibrate("classic", 4, 5, 4, 10)  # seeded
    rows = found.rows
    wild = rows["wild cards in hand"]
    threes = rows["black threes in hand"]
    assert wild[0] == threes[0] > 20  # one of each per point
    pairs = [r for label, r in rows.items() if label.startswith("pair")]
    # Every natural kind the next seat is not known to hold is a point, once.
    assert sum(r[0] for r in pairs) <= 11 * wild[0] and sum(r[0] for r in pairs) > 5 * wild[0]
    for n, predicted, actual in rows.values():
        assert 0 <= predicted and 0 <= actual
    # The sampler deals the hidden wild cards evenly among the hidden places, and level 3
    # neither hoards nor sheds them much: its guess stays within a third of the truth.
    assert 0.67 < wild[1] / wild[2] < 1.5
    # The even deal still ranks the kinds better than a coin (fewer copies unseen, fewer
    # pairs), and far from certainty.
    assert set(found.auc) == {"pair", "one"}
    for event, value in found.auc.items():
        assert 0.55 < value < 0.95, event
    out = capsys.readouterr().out
    assert "real/sampler" in out and "AUC" in out


def test_auc_ranks_predictions_against_outcomes() -> None:
    auc = load_tool("expert_bench").auc
    assert auc([(0.9, True), (0.8, True), (0.1, False)]) == 1.0
    assert auc([(0.1, True), (0.9, False)]) == 0.0
    assert auc([(0.5, True), (0.5, False)]) == 0.5  # a tie counts half
    assert auc([(0.2, True), (0.6, True), (0.4, False), (0.6, False)]) == 0.375
    assert math.isnan(auc([(0.3, True)]))
