"""Test markers for the engine suite.

``simulation``: the long seeded simulations (test_simulation.py: hundreds of hands per
preset and player count). They test the engine's logic, which is the same code on
CPython and in Pyodide, so the Pyodide run (build/run-pyodide-tests.mjs) leaves them to
the CPython run and plays the short test_simulation_smoke.py instead.
"""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "simulation: long seeded simulations (CPython run only)")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name == "test_simulation.py":
            item.add_marker(pytest.mark.simulation)
