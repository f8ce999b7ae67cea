"""The phone-cap probe's count of what a decision's search completed (tools/phone_cap_probe.py,
run by tools/bench_phone_cap.py): whole samples and their playouts, read from the
differences the expert hands to its choice, checked against the samples it actually drew
and the playouts it actually played. CPython only (the tool is not in the wheel)."""

from __future__ import annotations

import itertools
import types
from typing import Any

import pytest

import canasta.bots.expert as expert

from repo_tools import load_tool

pytestmark = pytest.mark.simulation


def counted(monkeypatch: pytest.MonkeyPatch, probe: Any) -> dict[str, int]:
    """Counts of the samples the expert draws and the playouts it plays."""
    calls = {"samples": 0, "playouts": 0}

    class Sampler(expert.Sampler):
        def sample(self, rng: Any) -> Any:
            calls["samples"] += 1
            return super().sample(rng)

    def playout(self: Any, state: Any, side: int, seed: int) -> float:
        calls["playouts"] += 1
        return float(expert.ExpertBot.playout(self, state, side, seed))

    monkeypatch.setattr(expert, "Sampler", Sampler)
    monkeypatch.setattr(probe.CountingExpert, "playout", playout)
    return calls


def test_uncapped_the_count_is_every_sample_and_playout_the_search_made(monkeypatch: pytest.MonkeyPatch) -> None:
    probe = load_tool("phone_cap_probe")
    calls = counted(monkeypatch, probe)
    row = probe.measure(0, probe.YARDSTICK[0], None)
    assert row["samples"] == calls["samples"] > expert.MIN_SAMPLES
    assert row["playouts"] == calls["playouts"] > row["samples"]


def test_a_cap_that_cuts_a_sample_counts_only_the_whole_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    probe = load_tool("phone_cap_probe")
    full = probe.measure(0, probe.YARDSTICK[0], None)["samples"]
    calls = counted(monkeypatch, probe)
    # A clock that moves 1 ms at every reading: the 30 ms cap falls at the same reading on
    # every run, inside a sample or between two.
    ticks = itertools.count()
    monkeypatch.setattr(expert, "time", types.SimpleNamespace(perf_counter=lambda: next(ticks) / 1000))
    row = probe.measure(0, probe.YARDSTICK[0], 30)
    assert 2 <= row["samples"] < full
    assert calls["samples"] - 1 <= row["samples"] <= calls["samples"]
    assert row["playouts"] <= calls["playouts"]
