"""tools/bench_engine.py ``legal``: the recorded hands rebuild the states they were played
from, so a replay measures ``legal_actions`` on the very states of the record."""

from __future__ import annotations

from pathlib import Path

import pytest

from canasta.legal import legal_actions
from canasta.play import apply

from repo_tools import load_tool


def test_recorded_hands_replay_to_their_ends(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_tool("bench_engine")
    path = tmp_path / "hands.txt"
    bench.record("classic:4:2,samba:4:1", 5, path)
    lines = path.read_text().splitlines()
    tables = bench.states_of(path)
    assert sorted(tables) == ["classic 4p", "samba 4p"]
    assert sum(len(states) for states, _ in tables.values()) == sum(line.count(";") + 1 for line in lines)
    for states, taken in tables.values():
        for state, action in zip(states, taken):
            assert action in legal_actions(state)
        assert apply(states[-1], taken[-1]).over  # the last action recorded ends its hand
    rows = bench.replay(path, 1, False, "")
    assert [(row["table"], row["states"]) for row in rows] == [(t, len(s)) for t, (s, _) in tables.items()]
    assert "checksum" in capsys.readouterr().out
