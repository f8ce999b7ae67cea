"""A match's pair values in a file and two matches compared pair by pair (``match
--pairs-out``, ``compare``; canasta.lab.pairs).

- The file holds each deal's pair value as ``play_deal`` computes it, in deal order, and
  the deals' identity (variant, players, seed).
- The paired difference is the mean of the deal-by-deal differences over the common
  deals, with its standard error and the pairs' correlation, checked against figures
  worked by hand.
- Files that cannot be read or compared are refused with a stable code, and a path
  that cannot be written is refused before the match is played.
"""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path

import pytest

from canasta import variants
from canasta.__main__ import main
from canasta.bots.expert import ExpertBot
from canasta.bots.good import GoodBot
from canasta.errors import CommandError
from canasta.lab.match import Side, play_deal
from canasta.lab.pairs import FORMAT, compare_records, paired_difference, pairs_record, read_pairs, write_pairs


def test_paired_difference_by_hand() -> None:
    a, b = [10.0, 30.0, -5.0, 7.0], [4.0, 20.0, 1.0]
    r = paired_difference(a, b)
    # deals 0-2 only: differences 6, 10, -6; mean 10/3; sample sd sqrt(((6-10/3)^2+(10-10/3)^2+(-6-10/3)^2)/2)
    d = [6.0, 10.0, -6.0]
    m = 10 / 3
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / 2)
    assert r.n == 3
    assert r.diff == pytest.approx(m)
    assert r.se == pytest.approx(sd / math.sqrt(3))
    assert r.mean_a == pytest.approx(35 / 3) and r.mean_b == pytest.approx(25 / 3)
    assert r.correlation == pytest.approx(statistics.correlation([10.0, 30.0, -5.0], b))
    line = r.line("x", "y")
    assert line.startswith("x minus y: +3.3 per hand (se ")
    assert "over 3 common pairs; x +11.7, y +8.3; pairs' correlation 0.9" in line


def test_paired_difference_edge_cases() -> None:
    with pytest.raises(CommandError) as e:
        paired_difference([1.0], [2.0, 3.0])
    assert e.value.code == "too_few_pairs"
    flat = paired_difference([5.0, 5.0, 5.0], [1.0, 2.0, 6.0])
    assert flat.correlation is None and "correlation n/a" in flat.line("a", "b")


def test_match_writes_the_pairs_it_played(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "m.json"
    assert main(["match", "--a", "casual", "--b", "beginner", "--deals", "3", "--seed", "4",
                 "--pairs-out", str(out)]) == 0
    record = read_pairs(out)
    assert record["format"] == FORMAT
    assert (record["variant"], record["players"], record["seed"]) == ("classic", 4, 4)
    assert (record["a"], record["b"]) == ("casual", "beginner")
    assert "expert_budget" not in record  # no expert played
    rules = variants.get("classic", 4)
    expected = [statistics.fmean(play_deal(rules, 4, d, Side("casual"), Side("beginner")).margins)
                for d in range(3)]
    assert record["pairs"] == pytest.approx(expected)
    printed = capsys.readouterr().out.strip().splitlines()[-1]
    assert f"mean {statistics.fmean(expected):+.0f} per hand" in printed
    assert not list(tmp_path.glob("*.tmp"))


def test_compare_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    write_pairs(a, pairs_record("classic", 4, 7, "expert", "good", [100.0, -20.0, 60.0, 10.0]))
    write_pairs(b, pairs_record("classic", 4, 7, "good", "good", [80.0, -40.0, 70.0]))
    assert main(["compare", str(a), str(b)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0] == "classic 4 players, seed 7: 4 and 3 pairs"
    assert out[1] == paired_difference([100.0, -20.0, 60.0], [80.0, -40.0, 70.0]).line("a", "b")
    assert out[1].startswith("a minus b: +10.0 per hand (se 10.0,")
    # a file against itself: no difference at all, the pairs perfectly correlated
    same = compare_records(read_pairs(a), read_pairs(a))
    assert (same.diff, same.se) == (0.0, 0.0) and same.correlation == pytest.approx(1.0)


@pytest.mark.parametrize(("content", "reason"), [
    ("{", "not JSON"),
    ("[1, 2]", "not a pairs file"),
    (json.dumps({"format": "other"}), "not a pairs file"),
    (json.dumps({**pairs_record("classic", 4, 1, "a", "b", [1.0, 2.0]), "pairs": [1, "2"]}), "list of numbers"),
    (json.dumps({**pairs_record("classic", 4, 1, "a", "b", [1.0, 2.0]), "pairs": [1, True]}), "list of numbers"),
    (json.dumps({k: v for k, v in pairs_record("classic", 4, 1, "a", "b", [1.0, 2.0]).items() if k != "seed"}),
     "no 'seed'"),
])
def test_unreadable_files_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      content: str, reason: str) -> None:
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    write_pairs(good, pairs_record("classic", 4, 1, "a", "b", [1.0, 2.0]))
    bad.write_text(content)
    assert main(["compare", str(good), str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error [bad_pairs]: ") and reason in err and str(bad) in err
    assert main(["compare", str(good), str(tmp_path / "missing.json")]) == 2
    assert "error [bad_pairs]: " in capsys.readouterr().err


def test_other_deals_are_not_compared(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    write_pairs(a, pairs_record("classic", 4, 1, "expert", "good", [1.0, 2.0, 3.0]))
    write_pairs(b, pairs_record("classic", 4, 2, "expert", "good", [1.0, 2.0, 3.0]))
    assert main(["compare", str(a), str(b)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error [pairs_mismatch]: ") and "seed 1 and 2" in err


def test_a_file_already_there_is_kept_until_the_match_has_pairs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    import canasta.lab.match

    out = tmp_path / "m.json"
    write_pairs(out, pairs_record("classic", 4, 1, "expert", "good", [1.0, 2.0]))
    before = out.read_text()

    def stopped(*args: object, **kwargs: object) -> None:
        assert out.read_text() == before  # the check wrote nothing in its place
        raise KeyboardInterrupt

    monkeypatch.setattr(canasta.lab.match, "run", stopped)
    with pytest.raises(KeyboardInterrupt):
        main(["match", "--a", "good", "--b", "casual", "--deals", "5", "--pairs-out", str(out)])
    assert out.read_text() == before and not list(tmp_path.glob("*.tmp"))


def test_an_unwritable_path_is_refused_before_the_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "no-such-folder" / "m.json"
    assert main(["match", "--a", "good", "--b", "casual", "--deals", "50", "--pairs-out", str(target)]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("error [bad_pairs_out]: ") and captured.out == ""


def test_a_capped_expert_is_the_apps(tmp_path: Path) -> None:
    """--expert-think-ms caps the expert's wall-clock think time per decision, as the host's
    expert_think_ms does (ExpertBot.time_limit), and the pairs file says so."""
    capped = Side("expert", think_ms=250).make(3)
    assert isinstance(capped, ExpertBot) and capped.time_limit == 0.25
    plain = Side("expert").make(3)
    assert isinstance(plain, ExpertBot) and plain.time_limit is None  # the ladder's expert: its budget alone
    assert type(Side("good", think_ms=250).make(3)) is GoodBot  # the cap is the expert's only
    out = tmp_path / "capped.json"
    assert main(["match", "--a", "expert", "--b", "beginner", "--deals", "1", "--seed", "2",
                 "--expert-rollouts", "4", "--expert-think-ms", "250", "--pairs-out", str(out)]) == 0
    record = read_pairs(out)
    assert record["expert_think_ms"] == 250 and len(record["pairs"]) == 1
    assert record["expert_budget"] == {"rollouts": 4, "horizon": 10, "max_steps": 100}  # Classic 4: the fitted profile
    assert "expert_think_ms" not in pairs_record("classic", 4, 1, "a", "b", [1.0])


def test_pool_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One match over several seeds: each seed's line, then every pair value pooled, with
    the interval the match command itself states (mean ± 1.96 standard errors)."""
    s1, s2 = tmp_path / "s1.json", tmp_path / "s2.json"
    write_pairs(s1, pairs_record("samba", 4, 1, "expert", "good", [100.0, -20.0, 60.0], expert_rollouts=80))
    write_pairs(s2, pairs_record("samba", 4, 2, "expert", "good", [10.0, 30.0], expert_rollouts=80))
    assert main(["pool", str(s1), str(s2)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    every = [100.0, -20.0, 60.0, 10.0, 30.0]
    sd = statistics.stdev(every)
    lo, hi = 36 - 1.96 * sd / math.sqrt(5), 36 + 1.96 * sd / math.sqrt(5)
    assert out == ["samba 4 players, expert vs good",
                   "seed 1: mean +47 per hand (95% CI -22 .. +116) over 3 duplicate pairs",
                   "seed 2: mean +20 per hand (95% CI +0 .. +40) over 2 duplicate pairs",
                   f"seeds 1, 2 pooled: mean +36 per hand (95% CI {lo:+.0f} .. {hi:+.0f}) over 5 duplicate pairs"]
    assert main(["pool", str(s1)]) == 0  # one file: its own line alone
    assert capsys.readouterr().out.strip().splitlines()[1:] == [out[1]]


@pytest.mark.parametrize(("other", "code", "reason"), [
    (pairs_record("samba", 4, 2, "expert", "good", [1.0, 2.0], expert_rollouts=40), "pool_mismatch",
     "expert_rollouts 40 and 80"),
    (pairs_record("samba", 4, 2, "expert", "casual", [1.0, 2.0], expert_rollouts=80), "pool_mismatch",
     "b 'casual' and 'good'"),
    (pairs_record("samba", 6, 2, "expert", "good", [1.0, 2.0], expert_rollouts=80), "pool_mismatch", "players 6 and 4"),
    (pairs_record("samba", 4, 2, "expert", "good", [1.0, 2.0], expert_rollouts=80, expert_think_ms=100),
     "pool_mismatch", "expert_think_ms 100 and None"),
    (pairs_record("samba", 4, 1, "expert", "good", [1.0, 2.0], expert_rollouts=80), "pool_same_deals",
     "hold the same deals (seed 1)"),
])
def test_pool_refuses_other_matches(tmp_path: Path, capsys: pytest.CaptureFixture[str], other: dict[str, object],
                                    code: str, reason: str) -> None:
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    write_pairs(first, pairs_record("samba", 4, 1, "expert", "good", [5.0, 6.0], expert_rollouts=80))
    write_pairs(second, other)
    assert main(["pool", str(first), str(second)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # refused before any line is printed
    assert captured.err.startswith(f"error [{code}]: ") and reason in captured.err


def test_compare_pools_the_seeds_pair_by_pair(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """compare A1 B1 A2 B2: each seed's paired difference, then the common deals of every
    seed put end to end (a match stopped early adds only the deals both played)."""
    files = [tmp_path / n for n in ("e80_s1.json", "e40_s1.json", "e80_s2.json", "e40_s2.json")]
    write_pairs(files[0], pairs_record("samba", 4, 1, "expert", "good", [100.0, -20.0, 60.0], expert_rollouts=80))
    write_pairs(files[1], pairs_record("samba", 4, 1, "expert", "good", [80.0, -40.0, 70.0]))
    write_pairs(files[2], pairs_record("samba", 4, 2, "expert", "good", [10.0, 30.0, 99.0], expert_rollouts=80))
    write_pairs(files[3], pairs_record("samba", 4, 2, "expert", "good", [0.0, 50.0]))
    assert main(["compare", *map(str, files)]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert out[0] == "samba 4 players, seed 1: 3 and 3 pairs"
    assert out[3] == "samba 4 players, seed 2: 3 and 2 pairs"  # each seed's score lines come after its figure
    pooled = paired_difference([100.0, -20.0, 60.0, 10.0, 30.0], [80.0, -40.0, 70.0, 0.0, 50.0])
    assert out[6] == "seeds 1, 2 pooled: " + pooled.line("e80_s1", "e40_s1")
    assert pooled.n == 5 and pooled.diff == pytest.approx(4.0)
    # files two by two, and each two over the same deals
    assert main(["compare", *map(str, files[:3])]) == 2
    assert capsys.readouterr().err.startswith("error [odd_files]: ")
    assert main(["compare", str(files[0]), str(files[3])]) == 2
    assert capsys.readouterr().err.startswith("error [pairs_mismatch]: ")
    assert main(["compare", str(files[0]), str(files[1]), str(files[0]), str(files[1])]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("error [pool_same_deals]: ") and captured.out == ""


def test_the_budget_played_is_recorded_and_pooled_by_what_was_played(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A match with the expert records the budget it played: the table's profile, or the
    flags. ``pool`` then takes the default and the same figure given as a flag for one
    budget (their decisions are the same), and still refuses another budget."""
    samba = variants.get("samba", 4)
    default = Side("expert").budget(samba)
    assert default == {"rollouts": 80, "horizon": 20, "max_steps": 2000}  # expert.PLAIN_ROLLOUTS
    assert Side("expert", rollouts=80).budget(samba) == default
    assert Side("expert", rollouts=40).budget(samba) == {"rollouts": 40, "horizon": 20, "max_steps": 1000}
    assert Side("good", rollouts=40).budget(samba) is None
    flagged, plain, other = tmp_path / "f.json", tmp_path / "p.json", tmp_path / "o.json"
    write_pairs(flagged, pairs_record("samba", 4, 1, "expert", "good", [5.0, 6.0], expert_rollouts=80,
                                      expert_budget=default))
    write_pairs(plain, pairs_record("samba", 4, 2, "expert", "good", [7.0], expert_budget=default))
    assert main(["pool", str(flagged), str(plain)]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("seeds 1, 2 pooled: mean +6 per hand")
    write_pairs(other, pairs_record("samba", 4, 2, "expert", "good", [7.0], expert_rollouts=40,
                                    expert_budget=Side("expert", rollouts=40).budget(samba)))
    assert main(["pool", str(flagged), str(other)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error [pool_mismatch]: ") and "expert_budget" in err
    # the expert as B records its budget as well
    b_side = tmp_path / "b.json"
    assert main(["match", "--a", "beginner", "--b", "expert", "--deals", "1", "--seed", "2",
                 "--expert-rollouts", "4", "--pairs-out", str(b_side)]) == 0
    assert read_pairs(b_side)["expert_budget"] == {"rollouts": 4, "horizon": 10, "max_steps": 100}
    capsys.readouterr()
    # a file written before the budget was recorded is judged by its flags, as before
    write_pairs(plain, pairs_record("samba", 4, 2, "expert", "good", [7.0]))
    assert main(["pool", str(flagged), str(plain)]) == 2
    assert "expert_rollouts None and 80" in capsys.readouterr().err


def test_a_stream_replays_the_deals_with_other_choices(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``match --stream K``: the same deals, other random choices; stream 0 is the match's
    own (every figure before streams reproduces), and two streams of one seed are
    compared but not pooled (the same deals would count twice)."""
    rules = variants.get("classic", 4)
    a, b = Side("casual"), Side("beginner")
    own = [play_deal(rules, 4, d, a, b) for d in range(4)]
    assert [r.margins for r in own] == [play_deal(rules, 4, d, a, b, stream=0).margins for d in range(4)]
    other = [play_deal(rules, 4, d, a, b, stream=3) for d in range(4)]
    assert [r.margins for r in other] != [r.margins for r in own]  # casual and beginner draw jitter from the seed
    first, third = tmp_path / "s0.json", tmp_path / "s3.json"
    assert main(["match", "--a", "casual", "--b", "beginner", "--deals", "4", "--seed", "4",
                 "--pairs-out", str(first)]) == 0
    assert main(["match", "--a", "casual", "--b", "beginner", "--deals", "4", "--seed", "4", "--stream", "3",
                 "--pairs-out", str(third)]) == 0
    printed = capsys.readouterr().out
    assert "classic 4 players, seed 4, stream 3: 8 hands" in printed
    assert "stream" not in read_pairs(first)
    record = read_pairs(third)
    assert record["stream"] == 3 and record["seed"] == 4
    assert record["pairs"] == pytest.approx([statistics.fmean(r.margins) for r in other])
    assert main(["compare", str(third), str(first)]) == 0
    assert capsys.readouterr().out.splitlines()[1] == paired_difference(
        record["pairs"], read_pairs(first)["pairs"]).line("s3", "s0")
    assert main(["pool", str(first), str(third)]) == 2
    assert "error [pool_same_deals]: " in capsys.readouterr().err
