"""A few seeded hands of every preset and player count with every invariant checked:
the short simulation that also runs inside Pyodide (the long ones, test_simulation.py,
run on CPython; see conftest.py)."""

from __future__ import annotations

import pytest

from canasta import variants
from canasta.lab.simulate import simulate

TABLES = [(name, n) for name, preset in variants.PRESETS.items() for n in preset.players]


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_a_few_hands_of_every_table(name: str, players: int) -> None:
    report = simulate(variants.get(name, players), 4, seed=900 + players, bots=("basic", "random"))
    assert report.violations == []
    assert report.hands == 4 and "stuck" not in report.endings
