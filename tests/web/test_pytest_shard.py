"""build/pytest_shard.py, which splits the Pyodide run of the engine's tests over two
Node processes (build/run-pyodide-tests.mjs --shards=2): the shards are disjoint, hold
every test once between them, are within one test of each other in size, and split what
is left after ``-k`` deselects; a malformed K/N is refused with what was read."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "build"))
from pytest_shard import Shard, picked  # noqa: E402


@pytest.mark.parametrize("count", [1, 2, 3, 5])
def test_the_shards_partition_every_size_evenly(count: int) -> None:
    for total in range(0, 40):
        shards = [picked(total, k, count) for k in range(1, count + 1)]
        flat = sorted(i for s in shards for i in s)
        assert flat == list(range(total)), (total, count)
        sizes = [len(s) for s in shards]
        assert max(sizes) - min(sizes) <= 1, (total, count, sizes)


@pytest.mark.parametrize("text", ["0/2", "3/2", "1/0", "a/b", "1-2", "", "1/2/3", "-1/2", "1/"])
def test_a_malformed_shard_is_refused_with_what_was_read(text: str) -> None:
    with pytest.raises(ValueError, match="shard"):
        Shard.parse(text)


def test_parse_reads_k_of_n() -> None:
    assert Shard.parse("2/3") == Shard(2, 3)
    assert Shard.parse(" 1 / 2 ") == Shard(1, 2)


RUN = """
import sys
import pytest
sys.path.insert(0, {build!r})
from pytest_shard import Shard
plugins = [Shard.parse(sys.argv[1])] if sys.argv[1] != "all" else []
raise SystemExit(pytest.main([*sys.argv[2:], "--collect-only", "-q", "-p", "no:cacheprovider"], plugins=plugins))
"""


def _collected(tmp_path: Path, shard: str, *args: str) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", RUN.format(build=str(REPO / "build")), shard, str(tmp_path), *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return [line for line in done.stdout.splitlines() if "::" in line]


def test_real_runs_split_the_collected_tests_after_k_deselects(tmp_path: Path) -> None:
    (tmp_path / "test_a.py").write_text(
        "import pytest\n"
        "@pytest.mark.parametrize('n', range(7))\n"
        "def test_many(n): pass\n"
        "def test_one(): pass\n"
        "def test_skipped_by_k(): pass\n"
    )
    (tmp_path / "test_b.py").write_text("def test_other(): pass\ndef test_more(): pass\n")
    everything = _collected(tmp_path, "all", "-k", "not skipped_by_k")
    assert len(everything) == 10
    parts = [_collected(tmp_path, f"{k}/3", "-k", "not skipped_by_k") for k in (1, 2, 3)]
    assert sorted(n for part in parts for n in part) == sorted(everything)
    assert [len(part) for part in parts] == [4, 3, 3]
    # Each shard keeps the collection order.
    for part in parts:
        assert part == [n for n in everything if n in part]
