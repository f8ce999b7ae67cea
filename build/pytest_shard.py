"""Split one pytest run into N disjoint shards, so N processes share the tests.

build/run-pyodide-tests.mjs uses it: Pyodide runs on one core, and CI has two, so the
engine's suite inside Pyodide runs as two shards in two Node processes at once. Each
shard keeps every N-th test of the collected list (after ``-m`` and ``-k`` have
deselected theirs), starting at its own offset: the collection order is deterministic,
so the shards are disjoint, together they hold every test once, and the long
parametrized families spread over all shards instead of landing in one.

Used as a plugin object: ``pytest.main(args, plugins=[Shard.parse("1/2")])``.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest


def picked(total: int, index: int, count: int) -> list[int]:
    """The positions, among ``total`` collected tests, that shard ``index`` of ``count``
    runs (``index`` counts from 1)."""
    return list(range(index - 1, total, count))


@dataclass(frozen=True)
class Shard:
    """Shard ``index`` (from 1) of ``count``."""

    index: int
    count: int

    def __post_init__(self) -> None:
        if self.count < 1 or not 1 <= self.index <= self.count:
            raise ValueError(f"shard {self.index}/{self.count}: the shard must be K/N with 1 <= K <= N")

    @classmethod
    def parse(cls, text: str) -> Shard:
        """``"K/N"`` -> Shard(K, N); anything else raises ValueError saying what was read."""
        parts = text.split("/")
        if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
            raise ValueError(f"shard {text!r}: expected K/N, e.g. 1/2")
        return cls(int(parts[0]), int(parts[1]))

    # trylast: -m and -k deselect first, so the shards split the tests that will run.
    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        keep = set(picked(len(items), self.index, self.count))
        others = [item for i, item in enumerate(items) if i not in keep]
        if others:
            config.hook.pytest_deselected(items=others)
            items[:] = [item for i, item in enumerate(items) if i in keep]

    def pytest_report_header(self) -> str:
        return f"shard {self.index}/{self.count}"
