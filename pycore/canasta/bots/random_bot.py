"""The baseline: a uniformly random legal action (DESIGN.md "Bots", level 1)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..actions import Action


class RandomBot:
    """Picks uniformly among the legal actions with its own seeded generator.

    Only ``rng.random()`` is used (like the deal's shuffle), so a seed plays the same
    way on every Python version."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[int(self.rng.random() * len(legal))]
