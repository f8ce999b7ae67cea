"""tools/bench_openspiel.py without open_spiel: the reference's package, also named
``canasta``, is imported from its folder and moved aside, and ours stays importable and
the same; our two timed loops play whole hands."""

from __future__ import annotations

import sys
from pathlib import Path

import canasta

from repo_tools import load_tool


def test_the_reference_is_loaded_beside_ours(tmp_path: Path) -> None:
    bench = load_tool("bench_openspiel")
    package = tmp_path / "canasta"
    package.mkdir()
    (package / "__init__.py").write_text("WHO = 'reference'\n")
    (package / "canasta_game.py").write_text("from canasta import WHO\nGAME = WHO + ' game'\n")
    module = bench.load_reference(tmp_path)
    assert module.GAME == "reference game"
    assert sys.modules["canasta"] is canasta and not hasattr(canasta, "WHO")
    assert "canasta.canasta_game" not in sys.modules
    assert str(tmp_path) not in sys.path


def test_our_loops_play_whole_hands() -> None:
    bench = load_tool("bench_openspiel")
    for run in (bench.ours_playout, bench.ours_full):
        timing = run(2, 5)
        assert timing.hands == 2 and timing.actions > 20 and timing.cpu > 0
